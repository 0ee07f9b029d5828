"""Cards, decks and card notation.

A Doppelkopf deck holds every card twice. There are 24 distinct cards (four suits times
A, 10, K, D, B, 9); a :class:`Card` is one of them, and a hand is a list of cards that may
hold the same card twice.

Card values are called **Augen** (A 11, 10 10, K 4, D 3, B 2, 9 0); the whole deck holds
240 Augen with or without the nines (TSR 2.2).

Notation: a card is written as suit + rank, either with suit symbols (``♣D``, ``♥10``) or with
two-letter German suit names (``KrD``, ``He10``): Kr = Kreuz (♣), Pi = Pik (♠), He = Herz (♥),
Ka = Karo (♦); ranks A, 10, K, D (Dame), B (Bube), 9. Parsing ignores case and also accepts
``Kreuz-Dame`` style names.

>>> Card.parse("♣D") is Card.parse("KrD") is Card.KREUZ_DAME
True
>>> str(Card.HERZ_ZEHN), Card.HERZ_ZEHN.short, Card.HERZ_ZEHN.german
('♥10', 'He10', 'Herz-Zehn')
>>> sum(card.augen for card in deck(with_nines=True))
240
"""

from __future__ import annotations

import _random
import enum
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from .messages import TextError

if TYPE_CHECKING:
    from mypy_extensions import i64  # a machine int where compiled (mypyc), an int otherwise

SUITS = ("KREUZ", "PIK", "HERZ", "KARO")
SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")
SUIT_SHORT = ("Kr", "Pi", "He", "Ka")
SUIT_GERMAN = ("Kreuz", "Pik", "Herz", "Karo")

RANKS = ("ASS", "ZEHN", "KOENIG", "DAME", "BUBE", "NEUN")
RANK_SHORT = ("A", "10", "K", "D", "B", "9")
RANK_GERMAN = ("Ass", "Zehn", "König", "Dame", "Bube", "Neun")
RANK_AUGEN = (11, 10, 4, 3, 2, 0)

#: Suit indices, as used by :attr:`Card.suit`.
KREUZ: Final = 0
PIK: Final = 1
HERZ: Final = 2
KARO: Final = 3
#: Rank indices, as used by :attr:`Card.rank`.
ASS: Final = 0
ZEHN: Final = 1
KOENIG: Final = 2
DAME: Final = 3
BUBE: Final = 4
NEUN: Final = 5


#: A card, as a :class:`Card` or its int value (:func:`cut` and :func:`deal` take either).
_C = TypeVar("_C", bound=int)


class CardError(TextError):
    """A card or hand could not be parsed; the message names the text that failed."""


class Card(enum.IntEnum):
    """One of the 24 distinct Doppelkopf cards; the value is ``suit * 6 + rank``.

    Members are named ``SUIT_RANK`` in German: ``Card.KREUZ_DAME``, ``Card.KARO_ASS``.
    """

    KREUZ_ASS = 0
    KREUZ_ZEHN = 1
    KREUZ_KOENIG = 2
    KREUZ_DAME = 3
    KREUZ_BUBE = 4
    KREUZ_NEUN = 5
    PIK_ASS = 6
    PIK_ZEHN = 7
    PIK_KOENIG = 8
    PIK_DAME = 9
    PIK_BUBE = 10
    PIK_NEUN = 11
    HERZ_ASS = 12
    HERZ_ZEHN = 13
    HERZ_KOENIG = 14
    HERZ_DAME = 15
    HERZ_BUBE = 16
    HERZ_NEUN = 17
    KARO_ASS = 18
    KARO_ZEHN = 19
    KARO_KOENIG = 20
    KARO_DAME = 21
    KARO_BUBE = 22
    KARO_NEUN = 23

    @property
    def suit(self) -> int:
        """Printed suit index: 0 Kreuz, 1 Pik, 2 Herz, 3 Karo (not the suit in a game)."""
        return self.value // 6

    @property
    def rank(self) -> int:
        """Rank index: 0 Ass, 1 Zehn, 2 König, 3 Dame, 4 Bube, 5 Neun."""
        return self.value % 6

    @property
    def augen(self) -> int:
        """Card value in Augen (TSR 2.2): A 11, 10 10, K 4, D 3, B 2, 9 0."""
        return AUGEN[self.value]

    @property
    def short(self) -> str:
        """ASCII notation, for example ``KrD`` or ``He10``."""
        return SUIT_SHORT[self.suit] + RANK_SHORT[self.rank]

    @property
    def symbol(self) -> str:
        """Symbol notation, for example ``♣D`` or ``♥10``."""
        return SUIT_SYMBOLS[self.suit] + RANK_SHORT[self.rank]

    @property
    def german(self) -> str:
        """German display name, for example ``Kreuz-Dame``."""
        return f"{SUIT_GERMAN[self.suit]}-{RANK_GERMAN[self.rank]}"

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in symbol, short or German notation.

        Raises :class:`CardError` naming the text when it is no card.
        """
        card = _PARSE.get(_norm(text))
        if card is None:
            raise CardError("not a card: {text!r} (write suit and rank, e.g. ♣D, KrD, He10, Karo-Ass)", text=text)
        return card


AUGEN: Final[tuple[int, ...]] = tuple(RANK_AUGEN[i % 6] for i in range(24))
ALL_CARDS: tuple[Card, ...] = tuple(Card)
NINES: frozenset[Card] = frozenset(c for c in Card if c.rank == NEUN)


def _norm(text: str) -> str:
    return text.strip().lower().replace("-", "").replace(" ", "").replace("_", "")


def _build_parse_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    suit_words = [
        (SUIT_SYMBOLS[s], SUIT_SHORT[s], SUIT_GERMAN[s], SUITS[s], ("♣♧", "♠♤", "♥♡", "♦♢")[s]) for s in range(4)
    ]
    rank_words = [(RANK_SHORT[r], RANK_GERMAN[r], RANKS[r]) + (("as",) if r == ASS else ()) for r in range(6)]
    extra_rank = {KOENIG: ("koenig",)}
    for card in Card:
        suits = list(suit_words[card.suit][:4]) + list(suit_words[card.suit][4])
        ranks = list(rank_words[card.rank]) + list(extra_rank.get(card.rank, ()))
        for s in suits:
            for r in ranks:
                table[_norm(s + r)] = card
    return table


_PARSE = _build_parse_table()


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or an iterable of card texts).

    >>> parse_cards("KrD, ♠A He10")
    [<Card.KREUZ_DAME: 3>, <Card.PIK_ASS: 6>, <Card.HERZ_ZEHN: 13>]

    Raises :class:`CardError` naming the first text that is no card.
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[int], ascii_only: bool = False) -> str:
    """Write cards in symbol (default) or short notation, separated by spaces."""
    return " ".join(Card(c).short if ascii_only else Card(c).symbol for c in cards)


def deck(with_nines: bool = True) -> list[Card]:
    """The full deck, each card twice: 48 cards, or 40 without nines; 240 Augen either way."""
    return [ALL_CARDS[c] for c in DECK_VALUES[bool(with_nines)]]


#: The card values of :func:`deck` (ascending, each card twice), with and without the nines.
DECK_VALUES: dict[bool, tuple[int, ...]] = {
    nines: tuple(sorted([c.value for c in Card if nines or c.rank != NEUN] * 2)) for nines in (True, False)
}


#: 32-bit words drawn from the generator at a time by :func:`_shuffle_unchecked` (enough for a
#: 48-card shuffle and a cut in most deals; more are drawn when they run out).
_WORDS: Final = 96
#: ``32 - n.bit_length()`` for n = 0..64: the shift that keeps the top bits ``_randbelow(n)`` draws.
_SHIFTS: Final[tuple[int, ...]] = tuple([32 - n.bit_length() for n in range(65)])


def _shuffle_unchecked(values: list[int], rng: random.Random, cut_low: int = -1, cut_high: int = -1) -> int:
    """``rng.shuffle(values)``, then ``rng.randint(cut_low, cut_high)`` when ``cut_low >= 0``
    (returned; else -1): the same permutation and number from the same generator state, without
    a Python call per card; for at most 64 values and a cut range of at most 64.

    CPython's ``Random.shuffle`` swaps each position ``i`` from the top down with
    ``j = rng._randbelow(i + 1)``, and ``randint(a, b)`` is ``a + rng._randbelow(b - a + 1)``;
    ``_randbelow(n)`` takes the top ``k`` bits of the next 32-bit output of the generator, ``k``
    the bit length of ``n``, until they are below ``n``. The outputs are drawn here in blocks
    (``getrandbits(32 * m)`` holds the next ``m`` outputs, the first in the lowest bits), so
    the generator ends further on than after the calls it mirrors: only for a generator that is
    not used afterwards. :func:`_check_shuffle` tests this against ``Random.shuffle`` and
    ``Random.randint`` once, and :func:`shuffle_values` falls back to them if they differ.
    """
    size = 4 * _WORDS
    data = rng.getrandbits(8 * size).to_bytes(size, "little")
    pos: i64 = 0
    i: i64 = len(values) - 1
    cut = -1
    while i >= 0:
        if i > 0:
            n: i64 = i + 1
        elif cut_low >= 0:
            n = cut_high - cut_low + 1  # the cut after the shuffle
        else:
            break
        shift: i64 = _SHIFTS[n]
        while True:
            if pos == size:
                data = rng.getrandbits(8 * size).to_bytes(size, "little")
                pos = 0
            b0: i64 = data[pos]
            b1: i64 = data[pos + 1]
            b2: i64 = data[pos + 2]
            b3: i64 = data[pos + 3]
            pos += 4
            j: i64 = (b0 | (b1 << 8) | (b2 << 16) | (b3 << 24)) >> shift
            if j < n:
                break
        if i > 0:
            values[i], values[j] = values[j], values[i]
        else:
            cut = cut_low + j
        i -= 1
    return cut


def _check_shuffle() -> bool:
    """Whether :func:`_shuffle_unchecked` gives ``random.Random.shuffle``'s permutations and the
    following ``randint``'s cut (a few seeds, both decks)."""
    for seed in (0, 1, 20261130, 7**40):
        for size in (40, 48):
            expected, mine = list(range(size)), list(range(size))
            rng = random.Random(seed)
            rng.shuffle(expected)
            expected_cut = rng.randint(3, size - 3)
            if _shuffle_unchecked(mine, _generator(seed), 3, size - 3) != expected_cut or mine != expected:
                return False
    return True


_SHUFFLE_CHECKED: list[bool] = []


def _generator(seed: int | None) -> random.Random:
    """``random.Random(seed)``; for an int seed the C generator itself, without the Python-level
    ``__init__`` and ``seed`` (the same state: ``Random.seed`` hands an int to it unchanged). It
    has ``getrandbits`` but not ``shuffle`` or ``randint``: for :func:`_shuffle_unchecked` only."""
    if type(seed) is int:
        return _random.Random(seed)  # type: ignore[return-value]
    return random.Random(seed)


def shuffle_values(values: list[int], seed: int | None, cut_low: int = -1, cut_high: int = -1) -> int:
    """Shuffle ``values`` in place exactly as ``random.Random(seed).shuffle(values)`` does (same
    seed, same permutation), then, when ``cut_low >= 0``, return that generator's next
    ``randint(cut_low, cut_high)`` (else -1); faster where the interpreter's generator is the one
    :func:`_shuffle_unchecked` mirrors."""
    if not _SHUFFLE_CHECKED:
        _SHUFFLE_CHECKED.append(_check_shuffle())
    if _SHUFFLE_CHECKED[0]:
        return _shuffle_unchecked(values, _generator(seed), cut_low, cut_high)
    rng = random.Random(seed)  # another interpreter's generator
    rng.shuffle(values)
    return rng.randint(cut_low, cut_high) if cut_low >= 0 else -1


def augen(cards: Iterable[int]) -> int:
    """Sum of the Augen of ``cards``."""
    return sum(AUGEN[c] for c in cards)


def shuffled_deck(seed: int | None, with_nines: bool = True) -> list[Card]:
    """A deck shuffled by :class:`random.Random` seeded with ``seed``: same seed, same order."""
    cards = deck(with_nines)
    random.Random(seed).shuffle(cards)
    return cards


def cut(cards: Sequence[_C], position: int, minimum: int = 3) -> list[_C]:
    """Cut the pack: the top ``position`` cards go under the rest.

    At least ``minimum`` cards must be lifted and left (TSR 3.3.4; seed 000, "Spielvorbereitung").
    Raises :class:`ValueError` naming the allowed range otherwise.
    """
    if not minimum <= position <= len(cards) - minimum:
        raise ValueError(
            f"cut at {position}: at least {minimum} cards must be lifted and left, "
            f"so cut between {minimum} and {len(cards) - minimum} (TSR 3.3.4)"
        )
    if isinstance(cards, list):  # a list slices fast where compiled
        rest = cards[position:]
        rest.extend(cards[:position])
        return rest
    return list(cards[position:]) + list(cards[:position])


def deal_sorted(cards: list[int], dealer: int, packets: tuple[int, ...]) -> list[list[int]]:
    """:func:`deal` of card values into four hands, each sorted ascending: ``cards`` (the cut pack,
    as ints) are dealt in ``packets`` clockwise from the seat left of ``dealer`` (TSR 3.3.5-3.3.7);
    returns the hands of seats 0..3. The pack must hold ``4 * sum(packets)`` cards."""
    hands: list[list[int]] = [[], [], [], []]
    pos = 0
    for size in packets:
        for i in range(4):
            hand = hands[(dealer + 1 + i) % 4]
            for k in range(pos, pos + size):
                hand.append(cards[k])
            pos += size
    for hand in hands:
        hand.sort()
    return hands


def deal(cards: Sequence[_C], dealer: int, packets: Sequence[int], players: int = 4) -> list[list[_C]]:
    """Deal ``cards`` clockwise starting left of ``dealer`` in rounds of ``packets``.

    ``packets`` lists the packet size of each round, for example ``(3, 3, 3, 3)`` (TSR 3.3) or
    ``(3, 4, 3)`` (seed 000, "Spielvorbereitung"). Returns one hand per seat 0..3 (seat order is
    clockwise). Raises :class:`ValueError` if the packets do not use up the cards.
    """
    if sum(packets) * players != len(cards):
        raise ValueError(f"deal packets {tuple(packets)} give {sum(packets) * players} cards, deck has {len(cards)}")
    hands: list[list[_C]] = [[] for _ in range(players)]
    pos = 0
    for size in packets:
        for i in range(players):
            hand = hands[(dealer + 1 + i) % players]
            for k in range(pos, pos + size):
                hand.append(cards[k])
            pos += size
    return hands


def count_card(cards: list[int], card: int) -> int:
    """How often ``card`` (a card number 0..23) is in ``cards``: ``cards.count(card)``, compared as
    machine ints where the core runs compiled (``list.count`` compares Python objects one by one)."""
    n = 0
    for c in cards:
        if c == card:
            n += 1
    return n
