"""What a player gets: only its own hand and the public game, never the Game or another hand."""

from __future__ import annotations

import dataclasses
import gc
import types
from collections.abc import Callable, Iterator

import pytest

from conftest import NORMAL_HANDS, hands
from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, InformationState
from doppelkopf.players import Player, make_player, play_game, player_names
from doppelkopf.rules import DDV, RuleSet


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through references (attributes, items, closures),
    except modules, classes and code: what a player could walk to from what it was given."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, types.ModuleType | type | types.CodeType):
            continue
        seen.add(id(obj))
        yield obj
        stack.extend(gc.get_referents(obj))


class Spy(Player):
    """Plays like ``inner`` and walks everything reachable from each information state it gets."""

    def __init__(self, inner: Player, own_hand: Callable[[], list[int]]) -> None:
        super().__init__(inner.name)
        self.inner = inner
        self.own_hand = own_hand  # the test's view of the seat's real hand, to compare
        self.checked = 0

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.inner.reset(seat, rules, seed)

    def check(self, info: InformationState) -> None:
        self.checked += 1
        assert info.seat == self.seat
        assert sorted(info.hand) == sorted(self.own_hand())
        for obj in reachable(info):
            assert not isinstance(obj, Game), "a Game is reachable from the information state"

    def choose(self, info: InformationState) -> int:
        self.check(info)
        return self.inner.choose(info)

    def react(self, info: InformationState) -> int | None:
        self.check(info)
        return self.inner.react(info)


@pytest.mark.parametrize("name", [n for n in player_names() if n in ("random", "rules")])
def test_no_game_is_reachable_from_what_a_player_gets(name: str) -> None:
    """Four spies play a whole game: from no information state can they reach the Game, and the
    hand each sees is its own hand at that moment in the game."""
    game = Game.new(DDV, seed=21, dealer=1)
    spies = [Spy(make_player(name, s), lambda s=s: list(game.hands[s])) for s in range(4)]  # type: ignore[misc]
    play_game(game, spies)
    assert game.is_terminal
    assert all(spy.checked > 10 for spy in spies)


def test_the_information_state_does_not_depend_on_other_hands() -> None:
    """Seats 1 and 2 swap a card (seat 1's ♣K for seat 2's ♠9, neither a Kreuz-Dame): seat 0 sees
    exactly the same information state, before and after the Vorbehaltsabfrage."""
    one = hands(NORMAL_HANDS)
    two = [list(h) for h in one]
    two[1].remove(Card.KREUZ_KOENIG)
    two[1].append(Card.PIK_NEUN)
    two[2].remove(Card.PIK_NEUN)
    two[2].append(Card.KREUZ_KOENIG)
    a, b = Game(DDV, one, dealer=3), Game(DDV, two, dealer=3)
    assert a.hands[1] != b.hands[1]
    assert a.information_state(0) == b.information_state(0)
    for seat in (0, 1, 2, 3):
        a.apply(Action.GESUND, seat)
        b.apply(Action.GESUND, seat)
    assert a.information_state(0) == b.information_state(0)
    assert a.information_state(1) != b.information_state(1)


def test_the_information_state_holds_only_the_own_hand() -> None:
    """No field of the information state holds 12 cards but the own hand, and it is frozen."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    info = game.information_state(2)
    assert sorted(info.hand) == sorted(game.hands[2])
    for f in dataclasses.fields(info):
        value = getattr(info, f.name)
        if f.name != "hand" and isinstance(value, tuple) and len(value) == 12:
            assert not all(isinstance(c, int) and 0 <= c < 24 for c in value), f.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.hand = ()  # type: ignore[misc]
