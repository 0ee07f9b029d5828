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

from typing import Final

from .cards import Card
from .moves import Action, IllegalAction, Phase
from .order import card_order
from .rules import GameType, Party
from .schweine import at_armut_exchange
from .state import ASK_AGAIN, GameState, StartPlay, ThrowIn, Transition

_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_NORMAL: Final = GameType.NORMAL
_ARMUT_GAME: Final = GameType.ARMUT
_ARMUT: Final = Phase.ARMUT


def start_armut(game: GameState, poor: int) -> None:
    """The Armut of ``poor`` begins: it lays its cards, then the others are asked from its left."""
    game.game_type, game.declarer = _ARMUT_GAME, poor
    game.armut_poor = poor
    game.armut_answers = [None] * 4  # a second Armut after one nobody took is asked afresh
    game.party = [_RE if s == poor else _KONTRA for s in range(4)]
    game.phase = _ARMUT
    game.current_player = poor


def armut_step(game: GameState) -> str:
    """The step of the exchange: ``"lay"`` (the poor player lays his cards), ``"ask"`` (the others
    are asked in turn) or ``"return"`` (the taker gives cards back)."""
    if len(game.armut_laid) < game.options.rules.armut_cards:
        return "lay"
    return "ask" if game.armut_taker is None else "return"


def schwein_whole(game: GameState) -> bool:
    """Seed 002: Schweine announced in the exchange cannot be split by the return."""
    return game.schweine is not None and game.options.rules.schweine_armut == "at_exchange"


def legal_armut(game: GameState) -> list[int]:
    """The actions of the seat to move in the exchange, ascending: a card to lay (trumps while any
    are left to lay), take or refuse, or a card to return (keeping Schweine of the exchange whole)."""
    step = armut_step(game)
    if step == "ask":
        return [Action.ARMUT_TAKE, Action.ARMUT_REFUSE]
    k = game.options.rules.armut_cards
    normal = card_order(_NORMAL)
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
    return [Action.armut_return(c) for c in sorted(cards)]


def armut_action(game: GameState, seat: int, action: int) -> Transition:
    """Apply an action of the Armut exchange for ``seat`` (the seat to move): lay a card, take or
    refuse the Armut, return a card. Raises IllegalAction naming the rule when it is not legal now.
    Returns :class:`~doppelkopf.state.StartPlay` once every card is returned,
    :class:`~doppelkopf.state.ThrowIn` or :data:`~doppelkopf.state.ASK_AGAIN` when nobody took it
    (rule ``armut_none``), else ``None``."""
    if action not in legal_armut(game):
        step = armut_step(game)
        if step == "ask":
            raise IllegalAction("the Armut is offered: take or refuse it (seed 002, Gibt es Vorbehalte?)")
        if step == "lay":
            raise IllegalAction(
                "lay {armut_cards} cards of your hand face down, all your trumps among them (seed 002, Gibt "
                "es Vorbehalte?)",
                armut_cards=game.options.rules.armut_cards,
            )
        if schwein_whole(game):
            raise IllegalAction(
                "return {armut_cards} cards of your hand and keep the Schweine together (seed 002, Sonderkarten)",
                armut_cards=game.options.rules.armut_cards,
            )
        raise IllegalAction("return {armut_cards} cards of your hand", armut_cards=game.options.rules.armut_cards)
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
    if len(game.armut_returned) == game.options.rules.armut_cards:
        return StartPlay(_ARMUT_GAME, poor)
    return None
