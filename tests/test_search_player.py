"""Tests of the search player and of the determinization helpers it stands on.

The endgame is built by hand: its tricks and hands are written out card by card and the winning
line is worked out in the test's docstring from the rules (TSR 5.2 Bedienpflicht, 5.3 trick
winner). The sampling tests check what a player may infer; the rebuild tests replay the house-rule
histories (Armut, bidding for a solo, Schweine as an action) through the core.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from conftest import answer_vorbehalte, hands, play
from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import Player, RandomPlayer, RuleBasedPlayer, play_game
from doppelkopf.players.base import HandSampler, rebuild_game, sample_hands, unseen_cards, voids
from doppelkopf.players.search_player import SearchPlayer, search_level
from doppelkopf.rules import DDV, GameType, Party, get_preset
from test_players import Checked

PRESETS = ("ddv", "ohne-neunen", "doppelbock", "vier-schritte")
G = Action.GESUND


def small(seed: int) -> SearchPlayer:
    return SearchPlayer(seed=seed, samples=2, rollouts=2, solver_tricks=3)


# -- legal play and determinism -------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_search_player_plays_only_legal_actions(preset: str) -> None:
    """Two search players and two rule players finish three deals under each preset; the runner
    raises if any action is not legal, and every game scores zero-sum."""
    rules = get_preset(preset)
    for seed in range(3):
        players: list[Player] = [small(seed), RuleBasedPlayer(seed), small(seed + 7), RuleBasedPlayer(seed + 1)]
        game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
        assert game.is_terminal
        assert sum(game.score().points) == 0


def test_same_seed_same_game() -> None:
    rules = get_preset("ddv")

    def history(seed: int) -> list[tuple[int, int]]:
        players: list[Player] = [small(seed), RuleBasedPlayer(1), RuleBasedPlayer(2), RuleBasedPlayer(3)]
        return play_game(Game.new(rules, seed=21, dealer=1), players).history

    assert history(5) == history(5)


def test_levels_and_bad_options() -> None:
    assert isinstance(search_level("easy", 3), SearchPlayer)
    with pytest.raises(ValueError, match="level"):
        search_level("grandmaster", 0)
    with pytest.raises(ValueError, match="samples"):
        SearchPlayer(samples=0)


# -- a hand-built endgame -------------------------------------------------------------------------

# Dealer 3, so seat 0 leads. Seat 0 leads and wins each of the first ten tricks; each trick is of
# one group (trump, Kreuz, Pik, Herz), so every card follows the led group and is legal.
ENDGAME_HANDS = (
    "♥10 ♠D ♠D ♣B ♣B ♦B ♣A ♣A ♠A ♥A  ♥10 ♠A",  # seat 0 (Kontra: no Kreuz-Dame)
    "♣D ♥D ♦D ♠B ♥B ♦B ♣10 ♣10 ♠10 ♥K  ♦K ♥K",  # seat 1 (Re)
    "♦9 ♦9 ♦A ♦A ♦10 ♦10 ♣K ♣K ♠K ♥9  ♠10 ♥A",  # seat 2 (Kontra)
    "♣D ♥D ♦D ♠B ♥B ♦K ♣9 ♣9 ♠9 ♥9  ♠K ♠9",  # seat 3 (Re)
)
ENDGAME_TRICKS = (
    "♥10 ♣D ♦9 ♣D",
    "♠D ♥D ♦9 ♥D",
    "♠D ♦D ♦A ♦D",
    "♣B ♠B ♦A ♠B",
    "♣B ♥B ♦10 ♥B",
    "♦B ♦B ♦10 ♦K",
    "♣A ♣10 ♣K ♣9",
    "♣A ♣10 ♣K ♣9",
    "♠A ♠10 ♠K ♠9",
    "♥A ♥K ♥9 ♥9",
)


def endgame() -> Game:
    game = Game(DDV, hands(ENDGAME_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    for trick in ENDGAME_TRICKS:
        play(game, *trick.split())
    return game


def test_search_draws_the_last_trump_before_the_ass() -> None:
    """Seat 0 (Kontra) won the first ten tricks and leads from ♥10 ♠A; Re has no trick yet. The
    unseen cards are ♦K ♥K ♠10 ♥A ♠K ♠9: ♦K is the only trump left.

    * ♥10 first: the holder of ♦K must follow with it (TSR 5.2), ♥10 wins; then no trump is left
      and ♠A (no higher Pik unseen) wins too: Re stays schwarz, in every possible deal.
    * ♠A first: a Re player holding ♦K and no Pik trumps the Ass and Re gets a trick. In the real
      deal seat 1 holds ♦K ♥K, so it takes ♠A ♦K ♠10 and seat 3's Pik.

    The rule player sees a safe Pik-Ass (the chance that a Re player is void in Pik and holds the
    single trump is small) and leads it; the search player finds ♥10."""
    game = endgame()
    info = game.information_state(0)
    assert sorted(info.hand) == sorted([Card.HERZ_ZEHN, Card.PIK_ASS]) and info.current_player == 0
    assert info.known_parties == (Party.KONTRA, Party.RE, Party.KONTRA, Party.RE)
    rule = RuleBasedPlayer(0)
    rule.reset(0, DDV, None)
    assert rule.choose(info) == Card.PIK_ASS
    search = SearchPlayer(seed=0, samples=12)
    search.reset(0, DDV, None)
    assert search.choose(info) == Card.HERZ_ZEHN

    # the two lines in the real deal
    naive = endgame()
    play(naive, "♠A", "♦K", "♠10", "♠K")
    assert naive.tricks[-1].winner == 1
    best = endgame()
    play(best, "♥10", "♦K", "♥A", "♠K", "♠A", "♥K", "♠10", "♠9")
    assert best.tricks[-2].winner == 0 and best.tricks[-1].winner == 0


# -- sampling ------------------------------------------------------------------------------------


def test_sample_deals_exactly_the_unseen_cards() -> None:
    """In the endgame seat 0 has seen 42 cards; every sample gives the other three seats the six
    unseen cards, two each."""
    info = endgame().information_state(0)
    sampler = HandSampler(info)
    rng = random.Random(3)
    for _ in range(50):
        sample = sampler.sample(rng)
        assert Counter(c for s in (1, 2, 3) for c in sample[s]) == Counter(unseen_cards(info))
        assert all(len(sample[s]) == 2 for s in range(4))


def test_sample_respects_a_re_announcement_a_kreuz_dame_shown_and_a_void() -> None:
    """The endgame's deal, played differently: seat 3 says Re (so it holds a Kreuz-Dame, TSR
    6.1), seat 1 plays the other Kreuz-Dame in trick 5, and in trick 6 seat 1 throws ♥K on ♠A
    (void in Pik, TSR 5.2). Seat 2 then knows: seat 3 holds the last Kreuz-Dame, seat 1 none and
    no Pik card (the Pik-Dame and Pik-Bube are trumps)."""
    game = Game(DDV, hands(ENDGAME_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    game.apply(Action.announce(1), 3)  # Re
    play(game, "♣A", "♣10", "♣K", "♣9")  # seat 0 wins each of these tricks with its Ass or ♥10
    play(game, "♥A", "♥K", "♥9", "♥9")
    play(game, "♣A", "♣10", "♣K", "♣9")
    play(game, "♠A", "♠10", "♠K", "♠9")
    play(game, "♥10", "♣D", "♦9", "♦K")
    play(game, "♠A", "♥K")
    info = game.information_state(2)
    pik = info.order.group[Card.PIK_ASS]
    assert pik in voids(info)[1]
    rng = random.Random(5)
    for _ in range(40):
        sample = sample_hands(info, rng)
        assert not any(info.order.group[c] == pik for c in sample[1])
        assert sample[3].count(Card.KREUZ_DAME) == 1
        assert Card.KREUZ_DAME not in sample[1] and Card.KREUZ_DAME not in sample[0]


# -- rebuilding house-rule histories -------------------------------------------------------------


def recorded(preset: str, seeds: range, kind: str) -> list[InformationState]:
    """Information states in play from games under ``preset`` that reached ``kind``: "armut",
    "bidding" or "schweine"."""
    rules = get_preset(preset)
    out: list[InformationState] = []
    for seed in seeds:
        players = [
            Checked(RuleBasedPlayer(seed) if s % 2 else RandomPlayer(seed * 4 + s, p_vorbehalt=0.3, p_announce=0.2))
            for s in range(4)
        ]
        game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
        reached = {
            "armut": game.game_type is GameType.ARMUT and game.armut_taker is not None,
            "bidding": bool(game.bids),
            "schweine": game.schweine is not None,
        }[kind]
        if reached:
            out.extend(i for p in players for i in p.infos if i.phase is Phase.PLAY)
        if len(out) > 60:
            break
    return out


@pytest.mark.parametrize(
    ("preset", "kind"),
    [("doppelbock", "armut"), ("doppelbock", "bidding"), ("ohne-neunen", "schweine"), ("doppelbock", "schweine")],
)
def test_rebuild_house_rule_histories(preset: str, kind: str) -> None:
    """A sample of the hidden hands rebuilds through the core to a game that shows the observer
    exactly what it saw (all fields but the Vorbehalt answers, of which a losing one is rebuilt
    as gesund): after an Armut exchange, a bidding for a solo, Schweine (as an action in seed 000,
    at the first Karo-Ass or at the exchange in seed 002)."""
    infos = recorded(preset, range(400), kind)
    assert infos, f"no {kind} game found"
    rng = random.Random(0)
    for info in infos[::3]:
        game = rebuild_game(info, sample_hands(info, rng), rng)
        rebuilt = game.information_state(info.seat)
        for f in dataclasses.fields(info):
            if f.name in ("vorbehalte", "own_vorbehalt"):
                continue
            assert getattr(rebuilt, f.name) == getattr(info, f.name), f.name
