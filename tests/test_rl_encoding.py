"""The observation encoding of the RL interfaces (``doppelkopf.rl.encoding``).

Expected values are worked out by hand from the deal in ``conftest.NORMAL_HANDS`` and the slot table
in ``docs/rl.md``: a card held once is 0.5 in a card slot (one of two copies), seats are relative to the
observer (1 = the seat to its left, who plays after it).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from conftest import NORMAL_HANDS, hands, play
from doppelkopf.cards import Card
from doppelkopf.game import Action, Game
from doppelkopf.rl.encoding import NUM_ACTIONS, OBS_SIZE, SLOTS, action_mask, observation, slot
from doppelkopf.rules import DDV, PRESETS, GameType

G = Action.GESUND
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rl.md"


def part(obs: np.ndarray, name: str) -> np.ndarray:
    s = slot(name)
    return obs[s.start : s.stop]


def test_the_slots_tile_the_vector_and_each_is_documented_in_docs() -> None:
    assert SLOTS[0].start == 0
    for before, after in zip(SLOTS, SLOTS[1:], strict=False):
        assert after.start == before.stop, f"gap or overlap between {before.name} and {after.name}"
    assert SLOTS[-1].stop == OBS_SIZE
    assert len({s.name for s in SLOTS}) == len(SLOTS)
    assert all(s.size > 0 and s.meaning for s in SLOTS)
    text = DOCS.read_text(encoding="utf-8")
    documented = re.findall(r"^\| `([a-z_]+)` \| (\d+) \| (\d+) \|", text, flags=re.MULTILINE)
    assert documented == [(s.name, str(s.start), str(s.size)) for s in SLOTS]
    assert NUM_ACTIONS == 120
    assert Action.ARMUT_RETURN_BASE + 23 == NUM_ACTIONS - 1  # the last action id, return of a Karo-Neun


def test_an_unknown_slot_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="no observation slot 'trumps'.*hand"):
        slot("trumps")


def test_hand_worked_values_after_a_lead_a_trick_and_an_announcement() -> None:
    # Dealer 3: seat 0 answers first and leads. Seat 1 observes; seat 0 sits to its right (relative 3).
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    for _ in range(4):
        game.apply(G)
    game.apply(Action.announce(1))  # seat 0 holds a Kreuz-Dame: "Re", in its turn before its card
    play(game, "♣A")
    obs = observation(game.information_state(1))
    assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
    # own hand: "♥10 ♠D ♠D ♦D ♣B ♦A ♦10 ♣10 ♣K ♠10 ♠K ♥K": both Pik-Damen, one of each other card
    hand = part(obs, "hand")
    assert hand[Card.PIK_DAME] == 1.0 and hand[Card.HERZ_ZEHN] == 0.5 and hand[Card.KREUZ_ASS] == 0.0
    assert hand.sum() == 6.0  # 12 cards, 0.5 each
    assert list(part(obs, "phase")) == [0, 1, 0, 0, 0, 0]  # PLAY
    assert list(part(obs, "current_player")) == [1, 0, 0, 0]  # seat 1 itself
    assert list(part(obs, "dealer")) == [0, 0, 1, 0]  # seat 3 is two to the left of seat 1
    assert list(part(obs, "hand_sizes")) == pytest.approx([12 / 12, 12 / 12, 12 / 12, 11 / 12])
    assert list(part(obs, "own_party")) == [0, 1]  # no Kreuz-Dame: Kontra
    assert list(part(obs, "known_parties")) == [0, 0, 0, 0, 0, 0, 1, 0]  # seat 0 announced Re
    assert list(part(obs, "announcements").reshape(4, 5)[3]) == [1, 0, 0, 0, 0]
    assert list(part(obs, "party_levels")) == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert (
        list(part(obs, "game_type")) == [1] + [0] * 15
    )  # NORMAL of the 16 game types (the last four FreeDoko's picture soli)
    assert part(obs, "current_trick").reshape(4, 24)[3, Card.KREUZ_ASS] == 1.0
    assert part(obs, "current_trick").sum() == 1.0
    assert list(part(obs, "current_leader")) == [0, 0, 0, 1]
    assert part(obs, "played").reshape(4, 24)[3, Card.KREUZ_ASS] == 0.5
    assert list(part(obs, "vorbehalte").reshape(4, 3)[:, 1]) == [1, 1, 1, 1]  # all said gesund
    # finish the trick: seat 1 ♣10, seat 2 ♣9, seat 3 ♣K; the ♣A wins: 11 + 10 + 0 + 4 = 25 Augen for seat 0
    play(game, "♣10", "♣9", "♣K")
    obs = observation(game.information_state(1))
    assert part(obs, "augen")[3] == pytest.approx(25 / 240)
    assert list(part(obs, "tricks_won")) == pytest.approx([0, 0, 0, 1 / 12])
    assert list(part(obs, "trick_winners")[:4]) == [0, 0, 0, 1]
    assert list(part(obs, "trick_leaders")[:4]) == [0, 0, 0, 1]
    first = part(obs, "tricks")[: 4 * 24].reshape(4, 24)
    assert first[0, Card.KREUZ_ZEHN] == first[1, Card.KREUZ_NEUN] == first[2, Card.KREUZ_KOENIG] == 1.0
    assert first[3, Card.KREUZ_ASS] == 1.0 and first.sum() == 4.0
    assert part(obs, "current_trick").sum() == 0.0
    assert part(obs, "tricks_done")[0] == pytest.approx(1 / 12)
    assert list(part(obs, "current_player")) == [0, 0, 0, 1]  # seat 0 won and leads


def test_other_hands_cannot_be_read_from_the_observation() -> None:
    # Seat 1 observes two deals that differ only in the other hands: in the second, seat 0's ♣D and
    # seat 2's ♦K change places, so seat 2 holds both Kreuz-Damen and its "gesund" is a Stille Hochzeit.
    first = hands(NORMAL_HANDS)
    second = [list(h) for h in first]
    second[0][second[0].index(Card.KREUZ_DAME)] = Card.KARO_KOENIG
    second[2][second[2].index(Card.KARO_KOENIG)] = Card.KREUZ_DAME
    games = [Game(DDV, first, dealer=0), Game(DDV, second, dealer=0)]
    assert games[1].hands[2].count(Card.KREUZ_DAME) == 2

    def seen() -> list[np.ndarray]:
        return [observation(g.information_state(1)) for g in games]

    a, b = seen()
    assert np.array_equal(a, b)
    for _ in range(4):  # seats 1, 2, 3, 0 say gesund
        for g in games:
            g.apply(G)
        a, b = seen()
        assert np.array_equal(a, b)
    assert games[1].game_type is GameType.STILLE_HOCHZEIT and games[0].game_type is GameType.NORMAL
    for g in games:  # seat 1 leads its ♥K
        g.apply(int(Card.HERZ_KOENIG))
    a, b = seen()
    assert np.array_equal(a, b)


def test_seats_are_relative_to_the_observer() -> None:
    # The same deal turned by one seat (each hand one seat further, the dealer too) looks the same to the
    # seat holding the same cards.
    base = hands(NORMAL_HANDS)
    turned = [base[(s - 1) % 4] for s in range(4)]
    games = [Game(DDV, base, dealer=3), Game(DDV, turned, dealer=0)]
    for _ in range(4):
        for g in games:
            g.apply(G)
    for card in ("♣A", "♣10", "♣9"):
        for g in games:
            g.apply(int(Card.parse(card)))
        for seat in range(4):
            assert np.array_equal(
                observation(games[0].information_state(seat)), observation(games[1].information_state((seat + 1) % 4))
            )


def test_the_mask_offers_the_legal_actions_of_the_seat_to_move_only() -> None:
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    for _ in range(4):
        game.apply(G)
    mask = action_mask(game.information_state(0))
    assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
    assert sorted(np.flatnonzero(mask)) == sorted(game.legal_actions(0))
    # seat 2 may announce Re out of turn in the engine (TSR 6.4.1), but RL agents announce in their own turn
    assert Action.announce(1) in game.legal_actions(2)
    assert not action_mask(game.information_state(2)).any()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_games_stay_in_bounds_under_every_preset(preset: str) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(PRESETS[preset], seed=seed)
        while True:
            for seat in range(4):
                info = game.information_state(seat)
                obs = observation(info)
                assert obs.min() >= 0.0 and obs.max() <= 1.0
                mask = action_mask(info)
                expected = set(game.legal_actions()) if seat == game.current_player and not game.is_terminal else set()
                assert set(np.flatnonzero(mask)) == expected
            if game.is_terminal:
                break
            game.apply(rng.choice(game.legal_actions()))


def test_a_window_is_one_slot_and_its_mask_is_the_out_of_turn_actions_and_pass() -> None:
    """In play under doppelbock (seat 1 leads, nobody has played), seat 3 may say Re or Kontra out of
    turn: asked in a window its mask is that announcement (24) and 53, "nothing out of turn"; in the
    observation only the slot ``window`` tells the window from not being asked."""
    game = Game.new("doppelbock", seed=3, dealer=0)
    for _ in range(4):
        game.apply(G)
    assert game.phase.name == "PLAY" and game.current_player == 1
    info = game.information_state(3)
    assert info.legal_actions == (Action.ANNOUNCE_BASE,)
    asked, waiting = observation(info, window=True), observation(info)
    w = slot("window").start
    assert asked[w] == 1.0 and waiting[w] == 0.0
    assert np.array_equal(np.delete(asked, w), np.delete(waiting, w))
    assert list(np.flatnonzero(action_mask(info, window=True))) == [Action.ANNOUNCE_BASE, Action.PASS]
    assert not action_mask(info).any()  # not asked: nothing
