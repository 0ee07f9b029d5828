"""The Schweine and Superschweine (seed 000, Schweinchen; seed 002, Sonderkarten): who may announce them,
when, and the card order they make.

Both Karo-Asse in one hand may become Schweine, the highest trumps, where the rule ``schweine`` is on
and the game type is one of ``schweine_games``. They are announced (rule ``schweine_announce``) at the
Vorbehaltsabfrage, before the first Karo-Ass is played, or with the first of them; with
``schweine_optional`` the holder may play a Karo-Ass as a plain one instead. Whoever holds both
Karo-Neunen when the Schweine are announced has the Superschweine (rule ``superschweine``, with nines),
above the Schweine. In an Armut (rule ``schweine_armut``) the Schweine are settled at the exchange.

FreeDoko's variants: ``schweine_only_second`` (SWINE_ONLY_SECOND: the holder's first Karo-Ass is a plain
Fuchs; when his party wins it home, his second becomes a Schwein, and only then the Superschweine are
found; a caught first Fuchs leaves no Schwein), ``superschweine_games`` (HYPERSWINES_IN_SOLO/POVERTY: the game
types in which the Superschweine count), ``superschweine_announce = "vorbehalt"`` (HYPERSWINES_ANNOUNCEMENT_BEGIN:
the Superschweine are public as soon as they are found), ``schweine_with_superschweine = false``
(SWINES_AND_HYPERSWINES_JOINT off: the Karo-Neunen of the Schweine's own holder are no Superschweine).

The functions take the :class:`~doppelkopf.state.GameState` being played and change it.
"""

from __future__ import annotations

from typing import Final

from .cards import Card, count_card
from .moves import Phase, follow_sorted
from .order import card_order
from .state import GameState

__all__ = [
    "action_legal",
    "announce",
    "at_armut_exchange",
    "eligible",
    "find_superschweine",
    "first_fuchs_home",
    "update_order",
]

_KARO_ASS: Final = int(Card.KARO_ASS)
_KARO_NEUN: Final = int(Card.KARO_NEUN)
_PLAY: Final = Phase.PLAY


def eligible(state: GameState, seat: int) -> bool:
    """Whether ``seat`` holds Schweine it may still announce: the rule ``schweine`` is on, none are
    announced, the game type is one of ``schweine_games``, the seat is not blocked (an Armut, or a
    Karo-Ass played as a plain one) and holds both Karo-Asse."""
    opts = state.options
    return (
        opts.schweine_on  # rules.schweine
        and state.schweine is None
        and state.schweine_pending is None
        and opts.schweine_games[state.game_type]  # rules.schweine_games
        and seat not in state.schweine_blocked
        and count_card(state.hands[seat], _KARO_ASS) == 2
    )


def action_legal(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may announce the Schweine now (rules ``schweine_announce``,
    ``schweine_optional``): before its first Karo-Ass at any moment, in turn or not (seed 000,
    "vor dem Ausspielen des ersten Karo As"); or, where the Schweine come with the first of them
    and are optional (seed 002: "können ... bilden", "erst dann bekannt gegeben, wenn das erste
    Schwein zum Einsatz kommt"), in turn when it may play a Karo-Ass now; it must then play one."""
    opts = state.options
    if opts.schweine_in_play:
        return eligible(state, seat)
    if not opts.schweine_with_card or seat != state.current_player or not eligible(state, seat):
        return False
    group = state.order.group
    led = group[state.trick_cards[0]] if state.trick_cards else -1
    if led < 0 or led == group[_KARO_ASS]:
        return True
    for card in follow_sorted(state.hands[seat], group, led):  # compared as machine ints where compiled
        if card == _KARO_ASS:
            return True
    return False


def announce(state: GameState, seat: int) -> None:
    """``seat`` announces its Schweine: the Superschweine are found, the card order changes, and where
    the Schweine come with the first of them in turn, that Karo-Ass is the next card. Under
    ``schweine_only_second`` (FreeDoko SWINE_ONLY_SECOND) they wait (``schweine_pending``) until the
    first Karo-Ass is home (:func:`first_fuchs_home`)."""
    if state.options.schweine_only_second:
        state.schweine_pending = seat
    else:
        state.schweine = seat
        find_superschweine(state)
        update_order(state)
    if state.options.schweine_with_card and seat == state.current_player and state.phase is _PLAY:
        state.schwein_to_play = True  # the first Schwein comes now


def find_superschweine(state: GameState) -> None:
    """Seed 002: whoever holds both Karo-Neunen when the Schweine are announced has the
    Superschweine (in an Armut: after the exchange)."""
    state.superschweine_after_exchange = False
    opts = state.options
    # rules.superschweine (with nines), superschweine_games (FreeDoko HYPERSWINES_IN_SOLO/POVERTY)
    if opts.superschweine and opts.superschweine_games[state.game_type]:
        holder = next((s for s in range(4) if count_card(state.hands[s], _KARO_NEUN) == 2), None)
        if holder is not None and holder == state.schweine and not opts.schweine_with_superschweine:
            holder = None  # FreeDoko SWINES_AND_HYPERSWINES_JOINT off: not both in one hand
        state.superschweine = holder
        if holder is not None and opts.superschweine_at_vorbehalt:
            state.superschweine_public = True  # FreeDoko HYPERSWINES_ANNOUNCEMENT_BEGIN: public at once


def first_fuchs_home(state: GameState, cards: tuple[int, ...], seats: tuple[int, ...], winner: int) -> None:
    """Rule ``schweine_only_second`` (FreeDoko SWINE_ONLY_SECOND: "when the first diamond ace is home, the
    second becomes a Schwein"): after a trick holding the first Karo-Ass of the seat whose Schweine wait,
    the second Karo-Ass becomes a Schwein when the winner is that seat or a known partner (the holder's
    party, a Hochzeit partner once found); a Fuchs caught by the other party leaves no Schwein. Then the
    Superschweine are found as for announced Schweine."""
    holder = state.schweine_pending
    if holder is None:
        return
    if not any(c == _KARO_ASS and s == holder for c, s in zip(cards, seats, strict=True)):
        return
    state.schweine_pending = None
    if winner == holder or (not state.partner_open and state.party[winner] is state.party[holder]):
        state.schweine = holder
        find_superschweine(state)
        update_order(state)


def update_order(state: GameState) -> None:
    """The card order of the game type with the Schweine and Superschweine announced so far."""
    state.order = card_order(
        state.game_type, state.schweine is not None, state.superschweine is not None, state.options.dullen
    )


def at_armut_exchange(state: GameState, poor: int, taker: int) -> None:
    """Seed 002 ("Wichtige Ausnahme ist hierbei die Armut"), where ``schweine_armut = "at_exchange"``:
    the poor player announces his Schweine when a taker is found, the taker shows his own before
    taking; otherwise neither may build Schweine. The Superschweine are settled after the exchange
    (they can be built)."""
    rules = state.options.rules
    if rules.schweine != "on" or "armut" not in rules.schweine_games or rules.schweine_armut != "at_exchange":
        return
    if state.armut_laid.count(Card.KARO_ASS) == 2:
        state.schweine = poor
    elif state.hands[taker].count(Card.KARO_ASS) == 2:
        state.schweine = taker
    else:
        state.schweine_blocked = frozenset({poor, taker})
        return
    state.superschweine_after_exchange = rules.superschweine and rules.with_nines
