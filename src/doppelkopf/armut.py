"""The Armut exchange (seed 002, "Gibt es Vorbehalte?"): laying the trumps face down, asking who takes
them, giving cards back, and the Schweine of the exchange.

A player with at most ``armut_max_trumps`` trumps (counted as in the normal game) may declare an
Armut; he lays ``armut_cards`` cards face down, all his trumps among them; the others are asked in
turn from his left; whoever takes returns as many cards of his choice, and both play as Re. Nobody
taking: ``armut_none`` (the same dealer deals again, or the Armut is withdrawn).

The functions take the :class:`~doppelkopf.state.GameState` in its ``ARMUT`` phase;
:class:`~doppelkopf.game.Game` calls them from :meth:`~doppelkopf.game.Game.legal_actions` and
:meth:`~doppelkopf.game.Game.apply` and carries out the :data:`~doppelkopf.state.Transition` that
:func:`armut_action` returns (the play starts, the game is thrown in, or the Vorbehalte are asked again).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import Card
from .moves import Action, IllegalAction, Phase
from .order import TRUMP, card_order
from .rules import GameType, Party, RuleSet
from .schweine import at_armut_exchange
from .state import ASK_AGAIN, GameState, StartPlay, ThrowIn, Transition

_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_NORMAL: Final = GameType.NORMAL
_ARMUT_GAME: Final = GameType.ARMUT
_ARMUT: Final = Phase.ARMUT
_KARO_ASS: Final = int(Card.KARO_ASS)


def start_armut(game: GameState, poor: int) -> None:
    """The Armut of ``poor`` begins: it lays its cards, then the others are asked from its left."""
    game.game_type, game.declarer = _ARMUT_GAME, poor
    game.armut_poor = poor
    game.armut_answers = [None] * 4  # a second Armut after one nobody took is asked afresh
    game.party = [_RE if s == poor else _KONTRA for s in range(4)]
    game.phase = _ARMUT
    game.current_player = poor


def cards_to_pass(rules: RuleSet, hand: Sequence[int]) -> int:
    """How many cards a poor player with the dealt ``hand`` lays (and the taker returns) under
    ``rules``; FreeDoko's ``Hand::numberofpovertycards``:

    * ``armut_only_trumps`` (FreeDoko POVERTY_SHIFT_ONLY_TRUMP): its trumps, at least one card;
    * else ``armut_cards``, plus its Füchse under ``armut_fuchs_extra`` (POVERTY_FOX_SHIFT_EXTRA),
      and never fewer than its trumps: every trump is passed, an uncounted Fuchs too
      (``armut_fuchs_counts = false``, POVERTY_FOX_DO_NOT_COUNT: ``max(3, trumps)``).
    """
    group = card_order(_NORMAL, dullen=rules.dullen).group
    trumps = sum(1 for c in hand if group[c] == TRUMP)
    if rules.armut_only_trumps:
        return max(1, trumps)
    base = rules.armut_cards + (sum(1 for c in hand if c == _KARO_ASS) if rules.armut_fuchs_extra else 0)
    return max(base, trumps)


def armut_size(game: GameState) -> int:
    """:func:`cards_to_pass` of the poor player's hand as dealt (nothing changes a hand before the
    exchange)."""
    return cards_to_pass(game.options.rules, game.initial_hands[game.armut_poor])  # type: ignore[index]


def armut_step(game: GameState) -> str:
    """The step of the exchange: ``"lay"`` (the poor player lays his cards), ``"ask"`` (the others
    are asked in turn) or ``"return"`` (the taker gives cards back)."""
    if len(game.armut_laid) < armut_size(game):
        return "lay"
    return "ask" if game.armut_taker is None else "return"


def armut_shown(game: GameState) -> tuple[int, ...]:
    """The laid cards every player sees: the Füchse among them under ``armut_fuchs_open``
    (FreeDoko POVERTY_FOX_SHIFT_OPEN), else none (seed 002: "verdeckt")."""
    if not game.options.rules.armut_fuchs_open:
        return ()
    return tuple([c for c in game.armut_laid if c == _KARO_ASS])


def may_take_out_of_turn(game: GameState, seat: int) -> bool:
    """Under ``armut_taker = "anyone"``: whether ``seat`` may take the offered Armut now out of its
    turn (any seat but the poor player that has not refused it, while the Armut is offered)."""
    return (
        game.options.rules.armut_taker == "anyone"
        and game.phase is _ARMUT
        and seat != game.armut_poor
        and game.armut_answers[seat] is None
        and armut_step(game) == "ask"
    )


def schwein_whole(game: GameState) -> bool:
    """Seed 002: Schweine announced in the exchange cannot be split by the return."""
    return game.schweine is not None and game.options.rules.schweine_armut == "at_exchange"


def legal_armut(game: GameState, seat: int | None = None) -> list[int]:
    """The actions of ``seat`` (default: the seat to move) in the exchange, ascending: a card to lay
    (trumps while any are left to lay), take or refuse, or a card to return (keeping Schweine of the
    exchange whole; Fehl cards while the taker holds any under ``armut_return_trumps = false``).
    Another seat has only the take of :func:`may_take_out_of_turn` (``armut_taker = "anyone"``)."""
    if seat is not None and seat != game.current_player:
        return [Action.ARMUT_TAKE] if may_take_out_of_turn(game, seat) else []
    step = armut_step(game)
    if step == "ask":
        return [Action.ARMUT_TAKE, Action.ARMUT_REFUSE]
    k = armut_size(game)
    normal = card_order(_NORMAL, dullen=game.options.dullen)
    if step == "lay":
        hand = game.hands[game.armut_poor]  # type: ignore[index]
        trumps = {c for c in hand if normal.is_trump(c)}
        left = k - len(game.armut_laid)
        cards = trumps if sum(1 for c in hand if c in trumps) >= left else set(hand)
        return [Action.armut_lay(c) for c in sorted(cards)]
    hand = game.hands[game.armut_taker]  # type: ignore[index]
    cards = set(hand)
    left = k - len(game.armut_returned)
    if schwein_whole(game) and Card.KARO_ASS in cards:
        given = game.armut_returned.count(Card.KARO_ASS)
        if given == 1 and left == 1:
            cards = {int(Card.KARO_ASS)}
        elif given == 0 and left < 2:
            cards.discard(Card.KARO_ASS)
    if not game.options.rules.armut_return_trumps:
        fehl = {c for c in cards if not normal.is_trump(c)}
        if fehl:
            cards = fehl
    return [Action.armut_return(c) for c in sorted(cards)]


def armut_action(game: GameState, seat: int, action: int) -> Transition:
    """Apply an action of the Armut exchange for ``seat`` (the seat to move): lay a card, take or
    refuse the Armut, return a card. Raises IllegalAction naming the rule when it is not legal now.
    Returns :class:`~doppelkopf.state.StartPlay` once every card is returned,
    :class:`~doppelkopf.state.ThrowIn` or :data:`~doppelkopf.state.ASK_AGAIN` when nobody took it
    (rule ``armut_none``), else ``None``."""
    if action not in legal_armut(game, seat):
        step = armut_step(game)
        if seat != game.current_player:
            if action == Action.ARMUT_TAKE and game.options.rules.armut_taker == "anyone":
                raise IllegalAction(
                    "only a player who has not refused may take the Armut while it is offered (rule armut_taker = "
                    "anyone)"
                )
            raise IllegalAction(
                "it is seat {current_player}'s turn, not seat {seat}'s", current_player=game.current_player, seat=seat
            )
        if step == "ask":
            raise IllegalAction("the Armut is offered: take or refuse it (seed 002, Gibt es Vorbehalte?)")
        if step == "lay":
            raise IllegalAction(
                "lay {armut_cards} cards of your hand face down, all your trumps among them (seed 002, Gibt "
                "es Vorbehalte?)",
                armut_cards=armut_size(game),
            )
        if not game.options.rules.armut_return_trumps:
            raise IllegalAction(
                "return {armut_cards} cards of your hand, Fehl cards while you hold any (rule armut_return_trumps "
                "= false)",
                armut_cards=armut_size(game),
            )
        if schwein_whole(game):
            raise IllegalAction(
                "return {armut_cards} cards of your hand and keep the Schweine together (seed 002, Sonderkarten)",
                armut_cards=armut_size(game),
            )
        raise IllegalAction("return {armut_cards} cards of your hand", armut_cards=armut_size(game))
    poor = game.armut_poor
    assert poor is not None
    if Action.is_armut_lay(action):
        card = int(Action.card_of(action))
        game.hands[poor].remove(card)
        game.armut_laid.append(card)
        if armut_step(game) == "ask":
            game.current_player = (poor + 1) % 4
        return None
    if action == Action.ARMUT_REFUSE:
        game.armut_answers[seat] = "refuse"
        nxt = (seat + 1) % 4
        if nxt != poor:
            game.current_player = nxt
        elif game.options.rules.armut_none == "redeal":
            return ThrowIn("armut")
        else:
            game.hands[poor] = sorted(game.hands[poor] + game.armut_laid)
            game.armut_laid = []
            game.armut_withdrawn = game.armut_withdrawn | {poor}
            game.game_type, game.declarer, game.armut_poor = _NORMAL, None, None
            return ASK_AGAIN  # the Vorbehalte again, without this Armut
        return None
    if action == Action.ARMUT_TAKE:
        game.armut_answers[seat] = "take"
        game.armut_taker = seat
        game.party[seat] = _RE
        at_armut_exchange(game, poor, seat)
        game.hands[seat] = sorted(game.hands[seat] + game.armut_laid)
        game.current_player = seat
        return None
    taker = game.armut_taker
    assert taker is not None
    card = int(Action.card_of(action))
    game.hands[taker].remove(card)
    game.armut_returned.append(card)
    game.hands[poor] = sorted(game.hands[poor] + [card])
    if len(game.armut_returned) == len(game.armut_laid):
        return StartPlay(_ARMUT_GAME, poor)
    return None
