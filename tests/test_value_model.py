"""Tests of the learned value (issue 27): its result classes and Punkte, its features, the shipped
model, the training pipeline and ``search-v3``'s announcements from it.

The Punkte of the result classes are worked out from the DDV point table (TSR 7.2): 1 for the won
game, 1 for keine 90 gespielt, 1 against the Alten for Kontra, 2 for each Re or Kontra announced.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import hands
from doppelkopf.cards import deck
from doppelkopf.game import Action, Game, Phase
from doppelkopf.players import PLAYERS, make_player
from doppelkopf.players.search_player import SearchPlayer
from doppelkopf.players.value_model import (
    DEFAULT_MODEL,
    FEATURE_NAMES,
    INPUTS,
    OUTCOMES,
    ValueModel,
    announcement_values,
    default_model,
    features,
    model_key,
    outcome_of,
    punkte_by_outcome,
    supported,
)
from doppelkopf.rules import DDV, GameType, Party, get_preset
from doppelkopf.training import fit, generate, self_play

G = Action.GESUND
PRESETS = ("ddv", "ohne-neunen", "doppelbock", "vier-schritte")


def test_outcome_classes_follow_the_bounds_of_tsr_7() -> None:
    """121 wins, 120 is its own class, keine 90 is 151 Augen, keine 60 181, keine 30 211; no trick
    at all is schwarz, the other party without a trick is schwarz won."""
    assert outcome_of(120, 6, 6) == 5
    assert outcome_of(121, 6, 6) == 6
    assert outcome_of(150, 7, 5) == 6 and outcome_of(151, 7, 5) == 7
    assert outcome_of(180, 8, 4) == 7 and outcome_of(181, 8, 4) == 8
    assert outcome_of(210, 9, 3) == 8 and outcome_of(211, 9, 3) == 9
    assert outcome_of(29, 1, 11) == 1 and outcome_of(30, 1, 11) == 2
    assert outcome_of(0, 0, 12) == 0
    assert outcome_of(240, 12, 0) == len(OUTCOMES) - 1
    assert outcome_of(240, 11, 1) == 9  # a trick of no Augen lost: not schwarz
    with pytest.raises(ValueError, match="augen"):
        outcome_of(241, 12, 0)


def test_punkte_by_outcome_of_the_ddv_table() -> None:
    """Re with 121..150 Augen wins 1 Punkt; with Re announced 3; with 151..180 one more (keine 90
    gespielt); Re with 120 loses the game and the Punkt against the Alten; a Kontra seat sees the
    same games with the other sign."""
    plain = punkte_by_outcome(DDV, GameType.NORMAL, Party.RE, 2, (0, 0))
    assert plain[6] == 1 and plain[7] == 2 and plain[5] == -2
    re = punkte_by_outcome(DDV, GameType.NORMAL, Party.RE, 2, (1, 0))
    assert re[6] == 3 and re[5] == -4
    kontra = punkte_by_outcome(DDV, GameType.NORMAL, Party.KONTRA, 2, (1, 0))
    assert kontra[4] == -3  # Kontra with 90..119 Augen: Re won 121..150 with Re announced
    assert kontra[5] == 4  # Kontra with 120 wins: 1, against the Alten 1, Re announced 2


def _seat_0_holds(text: str, shuffle: int) -> Game:
    """A ``ddv`` game in which seat 0 holds the cards ``text``, the other seats the rest of the deck
    (shuffled with ``shuffle``), every seat gesund; seat 0 leads (dealer 3)."""
    mine = hands((text,))[0]
    rest = list(deck(True))
    for card in mine:
        rest.remove(card)
    random.Random(shuffle).shuffle(rest)
    game = Game(DDV, [mine, rest[0:12], rest[12:24], rest[24:36]], dealer=3)
    for _ in range(4):
        game.apply(G)
    return game


def _strong_re_game() -> Game:
    """Seat 0 holds both Dullen, one Kreuz-Dame, all four Pik- and Herz-Damen, both Karo-Damen, the
    Kreuz-Bube and both Kreuz-Asse: Re with eleven trumps."""
    return _seat_0_holds("♥10 ♥10 ♣D ♠D ♠D ♥D ♥D ♦D ♦D ♣B ♣A ♣A", 3)


def _weak_kontra_game() -> Game:
    """Seat 0 holds no trump at all: Könige and Neunen of Kreuz, Pik and Herz (Kontra)."""
    return _seat_0_holds("♣K ♣K ♣9 ♣9 ♠K ♠K ♠9 ♠9 ♥K ♥K ♥9 ♥9", 4)


def test_features_show_the_own_hand_and_nothing_hidden() -> None:
    """The hand slots count the observer's own cards (12, two copies each as 0.5); the cards gone are
    those played; a seat with the same hand and the same public history has the same features
    whatever the others hold."""
    game = _strong_re_game()
    info = game.information_state(0)
    assert supported(info)
    x = features(info)
    assert x.shape == (len(FEATURE_NAMES),) and x.dtype == np.float32
    assert float(x[:24].sum()) * 2 == 12
    assert float(x[24:48].sum()) == 0
    assert x[FEATURE_NAMES.index("re")] == 1.0
    # the other hands dealt differently: the observer's features do not move
    other_hands = [list(h) for h in game.hands]
    pool = other_hands[1] + other_hands[2] + other_hands[3]
    random.Random(9).shuffle(pool)
    swapped = Game(DDV, [other_hands[0], pool[0:12], pool[12:24], pool[24:36]], dealer=3)
    for _ in range(4):
        swapped.apply(G)
    assert np.array_equal(features(swapped.information_state(0)), x)


def test_features_refuse_a_solo_and_the_vorbehalt() -> None:
    game = Game.new(DDV, seed=2, dealer=3)
    assert not supported(game.information_state(0))  # the Vorbehaltsabfrage
    with pytest.raises(ValueError, match="value model"):
        features(game.information_state(0))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_shipped_model_loads_for_every_preset(preset: str) -> None:
    """One model per preset in one file of at most 20 MB (issue 27), read with numpy; it gives a
    distribution over the result classes."""
    from importlib import resources

    with resources.as_file(resources.files("doppelkopf.players").joinpath(DEFAULT_MODEL)) as path:
        assert os.path.getsize(path) <= 20 * 2**20
    rules = get_preset(preset)
    assert model_key(rules) == preset
    model = default_model(preset)
    game = Game.new(rules, seed=5, dealer=3)
    while game.phase is not Phase.PLAY:
        game.apply(G if G in game.legal_actions() else min(game.legal_actions()))
    assert supported(game.information_state(0))  # the deal of seed 5 is a normal game under every preset
    p = model.predict(np.append(features(game.information_state(0)), 0.0)[None, :])[0]
    assert p.shape == (len(OUTCOMES),)
    assert abs(float(p.sum()) - 1.0) < 1e-5 and float(p.min()) >= 0.0


def test_the_model_sees_a_strong_hand_and_a_weak_one() -> None:
    """Before the first card: Re with eleven trumps wins 121 Augen or more in most games by the
    model; Kontra without a trump in few."""
    model = default_model("ddv")
    strong = model.predict(np.append(features(_strong_re_game().information_state(0)), 0.0)[None, :])[0]
    weak = model.predict(np.append(features(_weak_kontra_game().information_state(0)), 0.0)[None, :])[0]
    assert strong[6:].sum() > 0.8
    assert weak[5:].sum() < 0.35


def test_search_v3_announces_re_with_the_strong_hand_only() -> None:
    """``search-v3``'s learned announcement: the strong Re hand announces (Re or higher) before its
    first card, as the expected Punkte say; the hand without a trump says nothing."""
    strong = _strong_re_game()
    info = strong.information_state(0)
    wait, values = announcement_values(info, default_model("ddv"), [Action.announce(1)])
    assert wait > 0
    assert values[Action.announce(1)] > wait + 1.0
    player = SearchPlayer(seed=1, samples=2, rollouts=2, announce_model="default")
    player.reset(0, DDV, None)
    choice = player.choose(info)
    assert Action.is_announcement(choice)
    weak = _weak_kontra_game()
    player.reset(0, DDV, None)
    assert not Action.is_announcement(player.choose(weak.information_state(0)))
    assert player.react(weak.information_state(0)) is None


def test_search_v3_is_registered_and_plays_whole_games() -> None:
    """``search-v3`` in the registry beside the pinned ``search-v2``; two deals under each of two
    presets end in a zero-sum score (every action legal: the runner would raise)."""
    from doppelkopf.players import play_game

    assert "search-v2" in PLAYERS and "search-v3" in PLAYERS
    for preset in ("ddv", "doppelbock"):
        for seed in (1, 2):
            players = [make_player("search-v3", seed=seed, samples=2, rollouts=2, solver_samples=2)]
            players += [make_player("rules", seed=seed + s) for s in (1, 2, 3)]
            game = play_game(Game.new(get_preset(preset), seed=seed, dealer=3), players)
            assert game.is_terminal and sum(game.score().points) == 0


def test_announce_model_option_is_checked() -> None:
    with pytest.raises(ValueError, match="announce_model"):
        SearchPlayer(announce_model="no-such-file.npz")
    with pytest.raises(ValueError, match="learned_margin"):
        SearchPlayer(announce_model="default", learned_margin=-1)


def test_model_file_errors_name_the_model() -> None:
    model = default_model("ddv")
    arrays = model.arrays("x")
    with pytest.raises(ValueError, match="no model 'y'"):
        ValueModel.from_arrays(arrays, "y", len(INPUTS))
    arrays["x/w0"] = arrays["x/w0"][:5]
    with pytest.raises(ValueError, match="does not take"):
        ValueModel.from_arrays(arrays, "x", len(INPUTS))


def test_self_play_rows_and_determinism() -> None:
    """Rows come from card decisions of known parties: the features of the seat and its party's
    result class; the same seed gives the same rows. With ``explore`` they are the announcement
    moments with the choice made (1.0 announced); turning every choice round makes every seat
    announce at its first moment, where the rule player announces in few."""
    x, y = self_play("ddv", seed=3, games=6)
    assert x.shape[1] == len(FEATURE_NAMES) and x.shape[0] == y.shape[0] > 30
    assert set(np.unique(y)) <= set(range(len(OUTCOMES)))
    x2, y2 = self_play("ddv", seed=3, games=6)
    assert np.array_equal(x, x2) and np.array_equal(y, y2)
    plain, _ = self_play("ddv", seed=3, games=6, explore=0.0)
    flipped, _ = self_play("ddv", seed=3, games=6, explore=1.0)
    assert plain.shape[1] == len(INPUTS)
    assert plain[:, -1].mean() < 0.2 < 0.5 < flipped[:, -1].mean()


def test_generate_does_not_depend_on_the_workers() -> None:
    """The chunks of :func:`generate` are put back in order: two workers give the rows of one."""
    one = generate("ddv", games=8, seed=5, jobs=1, chunk=3)
    two = generate("ddv", games=8, seed=5, jobs=2, chunk=3)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    direct = np.concatenate([self_play("ddv", 5 * 100003 + i, n)[1] for i, n in enumerate((3, 3, 2))])
    assert np.array_equal(one[1], direct)


def test_fit_learns_and_repeats() -> None:
    """A model fitted on 150 self-play games predicts held-out results better than the class
    frequencies, and the same seed gives the same weights."""
    x, y = self_play("ddv", seed=11, games=150)
    a = fit(x, y, hidden=(16,), epochs=20, batch=64, seed=1)
    assert a.log_loss < a.prior_loss - 0.1
    b = fit(x, y, hidden=(16,), epochs=20, batch=64, seed=1)
    assert all(np.array_equal(u, v) for u, v in zip(a.model.weights, b.model.weights, strict=True))
    with pytest.raises(ValueError, match="fit"):
        fit(x[:50], y[:50])


def test_the_training_command_writes_a_model_the_player_reads(tmp_path: Path) -> None:
    """``bench/train_value.py`` (the command that reproduces the shipped file) on a few games: the
    file it writes holds a model ``search-v3`` can be given (option ``announce_model``), and a second
    run with the same seed writes the same weights."""
    script = Path(__file__).resolve().parents[1] / "bench" / "train_value.py"
    outs = [tmp_path / "a.npz", tmp_path / "b.npz"]
    for out in outs:
        args = ["--games", "40", "--presets", "ddv", "--epochs", "1", "--hidden", "8", "--jobs", "1", "--out", str(out)]
        done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "ddv: 40 games" in done.stdout and "held-out log-loss" in done.stdout
    a, b = default_model("ddv", str(outs[0])), default_model("ddv", str(outs[1]))
    assert all(np.array_equal(u, v) for u, v in zip(a.weights, b.weights, strict=True))
    game = _strong_re_game()
    player = SearchPlayer(seed=1, samples=2, rollouts=2, announce_model=str(outs[0]))
    player.reset(0, DDV, None)
    assert player.choose(game.information_state(0)) in game.legal_actions(0)
