"""The Armut exchange (seed 002, "Gibt es Vorbehalte?"): laying the trumps face down, asking who takes
them, giving cards back, and the Schweine of the exchange.

A player with at most ``armut_max_trumps`` trumps (counted as in the normal game) may declare an
Armut; he lays ``armut_cards`` cards face down, all his trumps among them; the others are asked in
turn from his left; whoever takes returns as many cards of his choice, and both play as Re. Nobody
taking: ``armut_none`` (the same dealer deals again, or the Armut is withdrawn).

The functions take the :class:`~doppelkopf.game.Game` in its ``ARMUT`` phase; :class:`Game` calls them
from :meth:`~doppelkopf.game.Game.legal_actions` and :meth:`~doppelkopf.game.Game.apply`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .cards import Card
from .moves import Action, IllegalAction, Phase
from .order import card_order
from .rules import GameType, Party

if TYPE_CHECKING:
    from .game import Game

_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_NORMAL: Final = GameType.NORMAL
_ARMUT_GAME: Final = GameType.ARMUT
_ARMUT: Final = Phase.ARMUT


def start_armut(game: Game, poor: int) -> None:
    """The Armut of ``poor`` begins: it lays its cards, then the others are asked from its left."""
    game.game_type, game.declarer = _ARMUT_GAME, poor
    game.armut_poor = poor
    game.armut_answers = [None] * 4  # a second Armut after one nobody took is asked afresh
    game.party = [_RE if s == poor else _KONTRA for s in range(4)]
    game.phase = _ARMUT
    game.current_player = poor


def armut_step(game: Game) -> str:
    if len(game.armut_laid) < game.rules.armut_cards:
        return "lay"
    return "ask" if game.armut_taker is None else "return"


def schwein_whole(game: Game) -> bool:
    """Seed 002: Schweine announced in the exchange cannot be split by the return."""
    return game.schweine is not None and game.rules.schweine_armut == "at_exchange"


def legal_armut(game: Game) -> list[int]:
    step = armut_step(game)
    if step == "ask":
        return [Action.ARMUT_TAKE, Action.ARMUT_REFUSE]
    k = game.rules.armut_cards
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


def armut_action(game: Game, seat: int, action: int) -> None:
    if action not in legal_armut(game):
        step = armut_step(game)
        if step == "ask":
            raise IllegalAction("the Armut is offered: take or refuse it (seed 002, Gibt es Vorbehalte?)")
        if step == "lay":
            raise IllegalAction(
                f"lay {game.rules.armut_cards} cards of your hand face down, all your trumps among them "
                "(seed 002, Gibt es Vorbehalte?)"
            )
        raise IllegalAction(
            f"return {game.rules.armut_cards} cards of your hand"
            + (" and keep the Schweine together (seed 002, Sonderkarten)" if schwein_whole(game) else "")
        )
    poor = game.armut_poor
    assert poor is not None
    if Action.is_armut_lay(action):
        card = int(Action.card_of(action))
        game.hands[poor].remove(card)
        game.armut_laid.append(card)
        if armut_step(game) == "ask":
            game.current_player = (poor + 1) % 4
        return
    if action == Action.ARMUT_REFUSE:
        game.armut_answers[seat] = "refuse"
        nxt = (seat + 1) % 4
        if nxt != poor:
            game.current_player = nxt
        elif game.rules.armut_none == "redeal":
            game._throw_in("armut")
        else:
            game.hands[poor] = sorted(game.hands[poor] + game.armut_laid)
            game.armut_laid = []
            game.armut_withdrawn = game.armut_withdrawn | {poor}
            game.game_type, game.declarer, game.armut_poor = _NORMAL, None, None
            game._resolve_vorbehalte()  # the Vorbehalte again, without this Armut
        return
    if action == Action.ARMUT_TAKE:
        game.armut_answers[seat] = "take"
        game.armut_taker = seat
        game.party[seat] = _RE
        armut_schweine(game, poor, seat)
        game.hands[seat] = sorted(game.hands[seat] + game.armut_laid)
        game.current_player = seat
        return
    taker = game.armut_taker
    assert taker is not None
    card = int(Action.card_of(action))
    game.hands[taker].remove(card)
    game.armut_returned.append(card)
    game.hands[poor] = sorted(game.hands[poor] + [card])
    if len(game.armut_returned) == game.rules.armut_cards:
        game._start_play(_ARMUT_GAME, poor)


def armut_schweine(game: Game, poor: int, taker: int) -> None:
    """Seed 002 ("Wichtige Ausnahme ist hierbei die Armut"): the poor player announces his
    Schweine when a taker is found, the taker shows his own before taking; otherwise neither
    may build Schweine. The Superschweine are settled after the exchange (they can be built)."""
    rules = game.rules
    if rules.schweine != "on" or "armut" not in rules.schweine_games or rules.schweine_armut != "at_exchange":
        return
    if game.armut_laid.count(Card.KARO_ASS) == 2:
        game.schweine = poor
    elif game.hands[taker].count(Card.KARO_ASS) == 2:
        game.schweine = taker
    else:
        game.schweine_blocked = frozenset({poor, taker})
        return
    game._superschweine_after_exchange = rules.superschweine and rules.with_nines
