"""Tests of the learned card-location model (issue 27, part 4): its features see nothing hidden, its
targets are the true hands, the training learns a planted rule, resampling follows the weights, and
the search player draws its deals by it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, Phase
from doppelkopf.order import trick_winner_index
from doppelkopf.players.location_model import (
    FEATURE_NAMES,
    LocationModel,
    default_location_model,
    features,
    resample,
    targets,
)
from doppelkopf.players.rules_player import RuleBasedPlayer
from doppelkopf.players.runner import play_game
from doppelkopf.players.search_player import SearchPlayer
from doppelkopf.rules import DDV
from doppelkopf.training import fit_location, location_rows, location_self_play


def _played(seed: int, cards: int) -> Game:
    """A ddv game dealt from ``seed``, everyone gesund, the rule players' first ``cards`` cards played."""
    game = Game.new(DDV, seed=seed, dealer=3)
    players = [RuleBasedPlayer(s) for s in range(4)]
    for s, p in enumerate(players):
        p.reset(s, DDV, seed)
    while game.phase is not Phase.PLAY:
        game.apply(Action.GESUND)
    while sum(len(t.cards) for t in game.tricks) + len(game.trick_cards) < cards:
        seat = game.current_player
        legal = [a for a in game.legal_actions(seat) if Action.is_card(a)]
        choice = players[seat].choose(game.information_state(seat))
        game.apply(choice if choice in legal else legal[0], seat)
    return game


def _legal_cards(game: Game) -> list[int]:
    return [a for a in game.legal_actions(game.current_player) if Action.is_card(a)]


def test_features_see_only_the_information_state() -> None:
    """The same hand and the same public play give the same features whatever the other seats hold: the
    hidden cards of two other seats swapped (cards they cannot have played yet) leave them unchanged."""
    game = _played(3, 9)
    info = game.information_state(0)
    x = features(info)
    assert x.shape == (len(FEATURE_NAMES),) and x.dtype == np.float32
    assert float(x[:24].sum()) * 2 == len(info.hand)
    assert float(x[24:48].sum()) * 2 == 9
    hands = [list(h) for h in game.hands]
    a, b = hands[1][-1], hands[2][-1]
    hands[1][-1], hands[2][-1] = b, a
    other = Game(DDV, game.initial_hands, dealer=3)
    for seat, action in game.history:
        other.apply(action, seat)
    assert np.array_equal(features(other.information_state(0)), x)


def test_features_tell_who_led_and_who_stayed_under() -> None:
    """A card led counts in the leader's ``led`` slots, a card that took the lead of the trick in ``over``,
    one that stayed under the best card so far in ``under`` (seen by the seat before the leader)."""
    game = _played(5, 4)
    trick = game.tricks[0]
    observer = (trick.seats[0] + 3) % 4  # the leader is its s1, the next two seats s2 and s3
    x = features(game.information_state(observer))
    assert x[FEATURE_NAMES.index(f"s1_led_{trick.cards[0]}")] >= 0.5
    second = trick.cards[1]
    took = trick_winner_index(game.order, list(trick.cards[:2]), False) == 1
    assert x[FEATURE_NAMES.index(f"s2_{'over' if took else 'under'}_{second}")] >= 0.5
    assert x[FEATURE_NAMES.index(f"s2_{'under' if took else 'over'}_{second}")] == 0.0
    assert float(sum(x[FEATURE_NAMES.index(f"s1_{k}_{c}")] for k in ("over", "under") for c in range(24))) == 0


def test_targets_are_the_true_hidden_hands() -> None:
    game = _played(4, 6)
    info = game.information_state(2)
    y = targets(info, game.hands)
    assert y.shape == (24, 3)
    for r in (1, 2, 3):
        held = game.hands[(2 + r) % 4]
        assert float(y[:, r - 1].sum()) == len(held)
        for c in set(held):
            assert y[c, r - 1] == held.count(c)


def test_location_rows_one_per_card_played() -> None:
    """Every card of a whole game is one row (48 under ddv), the observer the seat that plays it."""
    game = play_game(Game.new(DDV, seed=8, dealer=0), [RuleBasedPlayer(s) for s in range(4)])
    xs, ys = location_rows(game)
    assert len(xs) == len(ys) == 48
    assert float(ys[0].sum()) == 36  # before the first card the observer has seen none of the 36 others
    assert float(ys[-1].sum()) == 0  # the last card: nothing left unseen


def test_fit_learns_a_planted_rule_and_repeats() -> None:
    """Card 0 lies with the seat named by the largest of the first three features: the model learns it,
    the frequencies cannot; the same seed gives the same weights."""
    rng = np.random.default_rng(0)
    n = 3000
    x = np.zeros((n, len(FEATURE_NAMES)), dtype=np.float16)
    x[:, :3] = rng.random((n, 3))
    y = np.zeros((n, 24, 3), dtype=np.int8)
    y[np.arange(n), 0, np.argmax(x[:, :3].astype(np.float32), axis=1)] = 1
    a = fit_location(x, y, hidden=(16,), epochs=30, seed=1, lr=3e-3)
    assert a.hits > 0.8 and a.prior_hits < 0.4
    assert a.log_loss < a.prior_loss - 0.4
    b = fit_location(x, y, hidden=(16,), epochs=30, seed=1, lr=3e-3)
    assert all(np.array_equal(u, v) for u, v in zip(a.model.weights, b.model.weights, strict=True))
    with pytest.raises(ValueError, match="fit_location"):
        fit_location(x[:50], y[:50])
    with pytest.raises(ValueError, match="fit_location"):
        fit_location(x, y[:, :12])


def test_log_weights_favour_the_likely_deal() -> None:
    """With a model that puts the Kreuz-Damen with the next seat, the true deal (the next seat holds one, the
    previous none) outweighs the deal with those two hands swapped by the model's log-odds, and resampling
    at power 1 draws it nearly always; at power 0 both."""
    seed = next(
        s
        for s in range(50)
        if Card.KREUZ_DAME in Game.new(DDV, seed=s, dealer=3).hands[1]
        and Card.KREUZ_DAME not in Game.new(DDV, seed=s, dealer=3).hands[3]
        and Card.KREUZ_DAME not in Game.new(DDV, seed=s, dealer=3).hands[0]
    )
    game = _played(seed, 0)
    info = game.information_state(0)
    bias = np.zeros((24, 3), dtype=np.float32)
    bias[Card.KREUZ_DAME] = (4.0, 0.0, -4.0)
    model = LocationModel((np.zeros((len(FEATURE_NAMES), 72), dtype=np.float32),), (bias.reshape(72),))
    true = [list(h) for h in game.hands]
    swapped = [true[0], true[3], true[2], true[1]]
    weights = model.log_weights(info, [true, swapped])
    held = true[1].count(Card.KREUZ_DAME)
    assert weights[0] - weights[1] == pytest.approx(8.0 * held, abs=1e-3)
    picks = resample(weights, 1.0, 200, random.Random(1))
    assert picks.count(0) > 190
    assert set(resample(weights, 0.0, 200, random.Random(1))) == {0, 1}


def test_resample_refuses_bad_arguments_and_skips_impossible_deals() -> None:
    assert resample([0.0, float("-inf")], 1.0, 50, random.Random(2)) == [0] * 50
    assert len(resample([float("-inf")] * 3, 1.0, 5, random.Random(2))) == 5
    for args in (([], 1.0, 1), ([0.0], -1.0, 1), ([0.0], 1.0, 0)):
        with pytest.raises(ValueError, match="resample"):
            resample(*args, random.Random(0))  # type: ignore[arg-type]


def test_the_shipped_model_gives_distributions() -> None:
    game = _played(7, 5)
    p = default_location_model().probabilities(game.information_state(1))
    assert p.shape == (24, 3)
    assert np.allclose(p.sum(axis=1), 1.0, atol=1e-6) and (p > 0).all()


def test_model_file_errors_name_the_model(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, **{"location/w0": np.zeros((5, 72), np.float32), "location/b0": np.zeros(72, np.float32)})
    with pytest.raises(ValueError, match="location model 'location'"):
        default_location_model(str(bad))
    empty = tmp_path / "empty.npz"
    np.savez(empty, other=np.zeros(1))
    with pytest.raises(ValueError, match="no model"):
        default_location_model(str(empty))


def test_search_player_draws_by_the_model_and_repeats() -> None:
    """With ``location_model`` the search player plays legal, repeatable cards; its options are checked."""
    cards = next(n for n in range(13, 30) if len(_legal_cards(_played(9, n))) > 1)
    game = _played(9, cards)
    info = game.information_state(game.current_player)
    choices = []
    for _ in range(2):
        player = SearchPlayer(seed=3, samples=4, rollouts=2, location_model="default", location_candidates=3)
        player.reset(info.seat, DDV, 9)
        choices.append(player.choose(info))
        assert player.stats["deals"] == 4
    assert choices[0] == choices[1] and choices[0] in info.legal_actions
    for bad in ({"location_model": "nowhere.npz"}, {"location_candidates": 0}, {"location_power": -1.0}):
        with pytest.raises(ValueError, match="location"):
            SearchPlayer(**bad)  # type: ignore[arg-type]


def test_self_play_rows_and_the_training_command(tmp_path: Path) -> None:
    """``location_self_play`` is a pure function of its seed; ``bench/train_location.py`` writes a file the
    search player reads."""
    a = location_self_play("ddv", 5, 2, player="rules")
    b = location_self_play("ddv", 5, 2, player="rules")
    assert a[0].shape == (96, len(FEATURE_NAMES)) and np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    script = Path(__file__).resolve().parents[1] / "bench" / "train_location.py"
    out = tmp_path / "loc.npz"
    args = ["--games", "30", "--presets", "ddv", "--player", "rules", "--jobs", "1", "--epochs", "1"]
    done = subprocess.run(
        [sys.executable, str(script), *args, "--hidden", "8", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "ddv: 30 games" in done.stdout and "true seat" in done.stdout
    model = default_location_model(str(out))
    assert model.weights[0].shape == (len(FEATURE_NAMES), 8)
