"""Card order in each game type: which cards are trump, suit membership, and the trick winner.

A :class:`CardOrder` assigns each of the 24 cards a *group* (the trump group, or the Fehl suit it
belongs to in this game) and a *power* (higher beats lower within the group, trump beats Fehl).

Sources: TSR 2.3 (Rangfolge der Karten) for the normal game and each solo; seed 002 ("Solospiele")
for the Buben-Damen-Solo; seed 000 ("Schweinchen") and seed 002 ("Sonderkarten") for the Schweine
and Superschweine, which only change the order once announced (``card_order(..., schweine=True)``).

>>> from doppelkopf.cards import Card
>>> order = card_order(GameType.NORMAL)
>>> order.is_trump(Card.KARO_NEUN), order.is_trump(Card.HERZ_ASS)
(True, False)
>>> Card(order.trumps_high_to_low[0])
<Card.HERZ_ZEHN: 13>
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from .cards import ASS, BUBE, DAME, HERZ, KARO, KOENIG, KREUZ, NEUN, PIK, ZEHN, Card
from .rules import GameType, RuleSet

#: Group index of trump; Fehl groups use the printed suit index 0..3.
TRUMP: Final = 4

_FEHL_RANKS = (ASS, ZEHN, KOENIG, DAME, BUBE, NEUN)  # natural order, high to low


def _card(suit: int, rank: int) -> int:
    return suit * 6 + rank


class CardOrder:
    """Trump and Fehl order of one game type.

    Attributes:
        group: tuple of 24 ints, ``TRUMP`` (4) or the Fehl suit 0..3 of each card.
        power: tuple of 24 ints; higher wins within a group; trump powers exceed all Fehl.
        trumps_high_to_low: the distinct trump cards, best first.
        dulle: the card that is the Dulle in this game (Herz-10), or -1: no trump, or the rule ``dullen`` off.
    """

    __slots__ = ("game_type", "group", "power", "trumps_high_to_low", "dulle")

    def __init__(self, game_type: GameType, trumps_high_to_low: list[int], dullen: bool = True) -> None:
        self.game_type = game_type
        self.trumps_high_to_low = tuple(trumps_high_to_low)
        group = [c // 6 for c in range(24)]
        power = [0] * 24
        for card in range(24):
            power[card] = 10 - _FEHL_RANKS.index(card % 6)
        n = len(trumps_high_to_low)
        for i, card in enumerate(trumps_high_to_low):
            group[card] = TRUMP
            power[card] = 100 + n - i
        self.group = tuple(group)
        self.power = tuple(power)
        herz10 = int(Card.HERZ_ZEHN)
        self.dulle = herz10 if dullen and group[herz10] == TRUMP else -1  # rule dullen: no Dulle without

    def is_trump(self, card: int) -> bool:
        return self.group[card] == TRUMP

    def __reduce__(self) -> tuple[type[CardOrder], tuple[GameType, list[int], bool]]:
        """Pickle and copy as the arguments of ``__init__`` (a compiled class has no ``__dict__``)."""
        return (
            CardOrder,
            (self.game_type, list(self.trumps_high_to_low), self.dulle >= 0 or not self.is_trump(int(Card.HERZ_ZEHN))),
        )

    def sort_key(self, card: int) -> tuple[int, int]:
        """Key for sorting a hand by rank: trumps first (best first), then Fehl by suit."""
        g = self.group[card]
        return (0 if g == TRUMP else 1 + g, -self.power[card])

    def sorted_hand(self, cards: list[int]) -> list[int]:
        return sorted(cards, key=self.sort_key)


@cache
def card_order(
    game_type: GameType, schweine: bool = False, superschweine: bool = False, dullen: bool = True
) -> CardOrder:
    """The :class:`CardOrder` of ``game_type`` (cached; TSR 2.3).

    ``schweine``: the Schweine are announced, both Karo-Asse rank above the Dulle (seed 000,
    "Schweinchen"; seed 002, "Sonderkarten"); ``superschweine``: the Karo-Neunen rank above them
    (seed 002, only together with ``schweine``). Both only act where the Karo-Ass is a trump
    (normal game, Hochzeit, Armut, Karo-Solo); elsewhere they are ignored. ``dullen``: the rule ``dullen``
    (TSR 2.3.1; FreeDoko, rule 'Dollen'): false makes the Herz-10 a Herz card between the Ass and the König
    wherever it would be the Dulle (a Herz-Solo keeps it as the Herz trump below the Ass).

    >>> [Card(c).symbol for c in card_order(GameType.NORMAL, dullen=False).trumps_high_to_low[:2]]
    ['♣D', '♠D']

    >>> order = card_order(GameType.NORMAL, schweine=True, superschweine=True)
    >>> [Card(c).symbol for c in order.trumps_high_to_low[:3]]
    ['♦9', '♦A', '♥10']
    """
    damen = [_card(s, DAME) for s in (KREUZ, PIK, HERZ, KARO)]
    buben = [_card(s, BUBE) for s in (KREUZ, PIK, HERZ, KARO)]
    herz10 = [int(Card.HERZ_ZEHN)] if dullen else []
    if game_type is GameType.DAMEN:
        return CardOrder(game_type, damen)
    if game_type is GameType.BUBEN:
        return CardOrder(game_type, buben)
    if game_type is GameType.BUBEN_DAMEN:
        return CardOrder(game_type, damen + buben)
    if game_type is GameType.FLEISCHLOS:
        return CardOrder(game_type, [])
    koenige = [_card(s, KOENIG) for s in (KREUZ, PIK, HERZ, KARO)]
    if game_type is GameType.KOENIGE:  # FreeDoko's picture soli: the Könige above the other pictures
        return CardOrder(game_type, koenige)
    if game_type is GameType.KOENIG_BUBEN:
        return CardOrder(game_type, koenige + buben)
    if game_type is GameType.KOENIG_DAMEN:
        return CardOrder(game_type, koenige + damen)
    if game_type is GameType.KOEHLER:
        return CardOrder(game_type, koenige + damen + buben)
    suit = {GameType.KREUZ: KREUZ, GameType.PIK: PIK, GameType.HERZ: HERZ}.get(game_type, KARO)
    suit_trumps = [_card(suit, r) for r in (ASS, ZEHN, KOENIG, NEUN) if _card(suit, r) not in herz10]
    trumps = herz10 + damen + buben + suit_trumps
    if schweine and suit == KARO:
        top = [int(Card.KARO_NEUN)] if superschweine else []
        top.append(int(Card.KARO_ASS))
        trumps = top + [c for c in trumps if c not in top]
    return CardOrder(game_type, trumps, dullen)


def second_dulle_wins(rules: RuleSet, last_trick: bool, schweine: bool = False) -> bool:
    """Whether the second Herz-10 beats the first in a trick under ``rules.dulle``: never by the
    TSR (5.3.3, the first of equal cards wins); always with ``second``; all but in the last trick
    with ``second_except_last``; only in the last trick with ``first_except_last`` (FreeDoko's "contrary
    in the last trick" without "second over first"). ``schweine``: the Schweine are announced, and under
    ``rules.dulle_first_with_schweine`` (FreeDoko) the first Dulle then always wins."""
    if schweine and rules.dulle_first_with_schweine:
        return False
    return dulle_rule_says_second(rules.dulle, last_trick)


def dulle_rule_says_second(dulle: str, last_trick: bool) -> bool:
    """:func:`second_dulle_wins` for the value ``dulle`` of the rule ``dulle`` (Schweine aside).

    >>> [dulle_rule_says_second(d, last) for d in ("second_except_last", "first_except_last") for last in (False, True)]
    [True, False, False, True]
    """
    return (
        dulle == "second"
        or (dulle == "second_except_last" and not last_trick)
        or (dulle == "first_except_last" and last_trick)
    )


def trick_winner_index(order: CardOrder, cards: Sequence[int], second_dulle_wins: bool) -> int:
    """Index (0..3) in ``cards`` (in play order) of the card that wins the trick.

    The first card sets the group to follow; a trump beats every Fehl card; within a group the
    higher power wins; of two equal cards the first played wins (TSR 2.3), unless
    ``second_dulle_wins`` and both are the Dulle.
    """
    return winner_index(order, cards if type(cards) is list else list(cards), second_dulle_wins)


def winner_index(order: CardOrder, cards: list[int], second_dulle_wins: bool) -> int:
    """:func:`trick_winner_index` of a list of card values (read as machine ints where compiled)."""
    group, power = order.group, order.power
    best = 0
    best_card = cards[0]
    best_group = group[best_card]
    best_power = power[best_card]
    for i in range(1, len(cards)):
        c = cards[i]
        g = group[c]
        if g == best_group:
            p = power[c]
            if p > best_power or (second_dulle_wins and c == best_card and c == order.dulle):
                best, best_card, best_power = i, c, p
        elif g == TRUMP:
            best, best_card, best_group, best_power = i, c, g, power[c]
    return best
