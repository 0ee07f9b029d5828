"""The moves of a game: actions as small ints, and the records play leaves (tricks, announcements).

Every decision of a player is an :class:`Action`, a small int (:meth:`Action.key` gives the stable
text used in records, :meth:`Action.from_key` reads it back):

* ``0..23``: play that :class:`~doppelkopf.cards.Card` (the action *is* the card value);
* ``24..28``: announce level 1..5 for one's party: Re/Kontra, keine 90, keine 60, keine 30, schwarz
  (TSR 6), also out of turn;
* ``32..43``: the Vorbehalt answer for a :class:`~doppelkopf.rules.GameType` (``NORMAL`` is
  "gesund", ``ARMUT`` declares an Armut);
* ``48`` Schmeissen, ``49..51`` and ``59..61`` a Hochzeit naming the trick that finds the partner
  (first foreign, Fehl, trump trick; first Kreuz, Pik, Herz trick), ``52``/``53``
  raise or pass in the bidding for a solo, ``54`` announce the Schweine, ``55`` claim the rest,
  ``56``/``57`` take or refuse an Armut, ``58`` give up the rest, ``88..91`` the Genscher naming
  that partner seat 0..3 (rule ``genscher``), ``64..87`` lay a card for an Armut,
  ``96..119`` return a card to the poor player. These only occur when the rule set has the house
  rule (or, for a claim, the TSR's Spielabkürzung).

>>> Action.key(Action.announce(2)), Action.from_key("vorbehalt:kreuz") == Action.vorbehalt(GameType.KREUZ)
('announce:keine_90', True)
>>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1).augen  # Kreuz-Ass, Pik-Ass, Kreuz-10, Kreuz-König
36
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from .cards import AUGEN, Card, CardError
from .messages import TextError
from .order import CardOrder
from .rules import ANSAGE, LEVEL_KEYS, SCHWARZ, GameType, Party, level_label
from .values import Record


class IllegalAction(TextError):
    """An action that the rules do not allow now; the message names the rule."""


class Phase(enum.IntEnum):
    """Phases of a game. ``ARMUT`` is the Armut exchange (laying, asking, returning; seed 002),
    ``BIDDING`` the bidding of several solo candidates (rule ``solo_conflict = "bidding"``),
    ``CONCESSION`` the moment after a soloist gave up the rest (TSR 5.4.6), in which each player of
    the other party in turn may still make the announcements in time for him, then passes (5.4.7)."""

    VORBEHALT = 0
    PLAY = 1
    FINISHED = 2
    ARMUT = 3
    BIDDING = 4
    CONCESSION = 5


# Enum members read as module constants (a global is much faster to read than a member of an enum class).
_NORMAL: Final = GameType.NORMAL
_HOCHZEIT: Final = GameType.HOCHZEIT
#: The game types by number (an enum call is slow); a Vorbehalt answer's number is its game type's plus VORBEHALT_BASE.
_GAME_TYPES: Final[tuple[GameType, ...]] = tuple(sorted(GameType))


#: The kinds of trick that may find a Hochzeit partner (rule ``hochzeit_partner``): TSR 4.4.3, seed 000/002,
#: and FreeDoko's "first club/spade/heart" (the first trick in which that Fehl suit is led).
HOCHZEIT_KINDS: Final = ("first_foreign", "first_fehl", "first_trump", "first_kreuz", "first_pik", "first_herz")
#: The German label of each Hochzeit trick kind (:data:`HOCHZEIT_KINDS`), as :meth:`Game.describe` names them.
HOCHZEIT_LABELS: Final = {
    "first_foreign": "erster fremder Stich",
    "first_fehl": "erster fremder Fehlstich",
    "first_trump": "erster fremder Trumpfstich",
    "first_kreuz": "erster fremder Kreuzstich",
    "first_pik": "erster fremder Pikstich",
    "first_herz": "erster fremder Herzstich",
}
#: The action number of each Hochzeit kind (:data:`HOCHZEIT_KINDS`, in order): the first three from
#: ``Action.HOCHZEIT_BASE`` (49..51, as recorded since version 1), the suit kinds in the free numbers 59..61.
_HOCHZEIT_ACTIONS: Final[tuple[int, ...]] = (49, 50, 51, 59, 60, 61)
#: The Hochzeit kind of each of those action numbers.
_HOCHZEIT_OF_ACTION: Final[dict[int, str]] = dict(zip(_HOCHZEIT_ACTIONS, HOCHZEIT_KINDS, strict=True))


class Action:
    """Constructors and names of the int actions."""

    ANNOUNCE_BASE: Final = 24
    VORBEHALT_BASE: Final = 32
    GESUND: Final = VORBEHALT_BASE + _NORMAL
    SCHMEISSEN: Final = 48
    HOCHZEIT_BASE: Final = 49
    BID: Final = 52
    PASS: Final = 53
    SCHWEINE: Final = 54
    CLAIM: Final = 55
    ARMUT_TAKE: Final = 56
    ARMUT_REFUSE: Final = 57
    CONCEDE: Final = 58
    GENSCHER_BASE: Final = 88
    ARMUT_LAY_BASE: Final = 64
    ARMUT_RETURN_BASE: Final = 96

    _NAMED: ClassVar[dict[int, str]] = {
        SCHMEISSEN: "vorbehalt:schmeissen",
        BID: "bid:raise",
        PASS: "bid:pass",
        SCHWEINE: "schweine",
        CLAIM: "claim",
        CONCEDE: "concede",
        ARMUT_TAKE: "armut:take",
        ARMUT_REFUSE: "armut:refuse",
    }

    @staticmethod
    def play(card: int) -> int:
        return int(card)

    @staticmethod
    def announce(level: int) -> int:
        """Announcement of ``level`` 1..5 (1 = Re or Kontra, 2..5 = keine 90 .. schwarz)."""
        return Action.ANNOUNCE_BASE + level - 1

    @staticmethod
    def vorbehalt(game_type: GameType) -> int:
        return Action.VORBEHALT_BASE + int(game_type)

    @staticmethod
    def hochzeit(kind: str) -> int:
        """The Vorbehalt "Hochzeit" naming the trick that finds the partner (one of
        :data:`HOCHZEIT_KINDS`: ``first_foreign``, ``first_fehl``, ``first_trump``, ``first_kreuz``,
        ``first_pik``, ``first_herz``), offered when the rule ``hochzeit_partner`` is ``choice``;
        raises ValueError for another kind."""
        return _HOCHZEIT_ACTIONS[HOCHZEIT_KINDS.index(kind)]

    @staticmethod
    def genscher(partner: int) -> int:
        """The Genscher naming seat ``partner`` 0..3 as partner (rule ``genscher``; FreeDoko, rule 'Genscher'),
        taken with the first of both Karo-Könige."""
        return Action.GENSCHER_BASE + partner

    @staticmethod
    def is_genscher(action: int) -> bool:
        return Action.GENSCHER_BASE <= action < Action.GENSCHER_BASE + 4

    @staticmethod
    def genscher_partner(action: int) -> int:
        """The partner seat a Genscher action names."""
        return action - Action.GENSCHER_BASE

    @staticmethod
    def armut_lay(card: int) -> int:
        """The poor player lays ``card`` face down for the Armut."""
        return Action.ARMUT_LAY_BASE + int(card)

    @staticmethod
    def armut_return(card: int) -> int:
        """The taker of an Armut returns ``card`` to the poor player."""
        return Action.ARMUT_RETURN_BASE + int(card)

    @staticmethod
    def is_card(action: int) -> bool:
        return 0 <= action < 24

    @staticmethod
    def is_announcement(action: int) -> bool:
        return Action.ANNOUNCE_BASE <= action <= Action.ANNOUNCE_BASE + SCHWARZ - 1

    @staticmethod
    def is_vorbehalt(action: int) -> bool:
        """A Vorbehalt answer that names a game type (gesund, a solo, Hochzeit of any kind, Armut);
        :meth:`game_type` gives it. Schmeissen is a Vorbehalt answer without a game type."""
        return Action.VORBEHALT_BASE <= action < Action.VORBEHALT_BASE + len(_GAME_TYPES) or (
            action in _HOCHZEIT_OF_ACTION
        )

    @staticmethod
    def is_armut_lay(action: int) -> bool:
        return Action.ARMUT_LAY_BASE <= action < Action.ARMUT_LAY_BASE + 24

    @staticmethod
    def is_armut_return(action: int) -> bool:
        return Action.ARMUT_RETURN_BASE <= action < Action.ARMUT_RETURN_BASE + 24

    @staticmethod
    def hochzeit_kind(action: int) -> str | None:
        """The partner rule a Hochzeit answer names, or ``None`` for any other action."""
        return _HOCHZEIT_OF_ACTION.get(action)

    @staticmethod
    def level(action: int) -> int:
        return action - Action.ANNOUNCE_BASE + 1

    @staticmethod
    def game_type(action: int) -> GameType:
        if action in _HOCHZEIT_OF_ACTION:
            return _HOCHZEIT
        index = action - Action.VORBEHALT_BASE
        if not 0 <= index < len(_GAME_TYPES):
            raise ValueError(f"{action} is not a Vorbehalt answer that names a game type")
        return _GAME_TYPES[index]

    @staticmethod
    def card_of(action: int) -> Card:
        """The card of a card play, an Armut lay or an Armut return."""
        if Action.is_armut_lay(action):
            return Card(action - Action.ARMUT_LAY_BASE)
        if Action.is_armut_return(action):
            return Card(action - Action.ARMUT_RETURN_BASE)
        return Card(action)

    @staticmethod
    def key(action: int) -> str:
        """Stable text key used in records: ``KrD``, ``announce:keine_90``, ``vorbehalt:kreuz``,
        ``vorbehalt:hochzeit:first_fehl``, ``vorbehalt:schmeissen``, ``schweine``, ``claim``,
        ``bid:raise``, ``bid:pass``, ``armut:take``, ``armut:refuse``, ``armut:lay:KaA``,
        ``armut:return:He10``, ``genscher:2``. Raises IllegalAction for an int that is no action."""
        if Action.is_card(action):
            return Card(action).short
        if Action.is_announcement(action):
            level = Action.level(action)
            return "announce:" + ("ansage" if level == ANSAGE else LEVEL_KEYS[level])
        kind = Action.hochzeit_kind(action)
        if kind is not None:
            return "vorbehalt:hochzeit:" + kind
        if Action.is_vorbehalt(action):
            return "vorbehalt:" + Action.game_type(action).key
        if action in Action._NAMED:
            return Action._NAMED[action]
        if Action.is_genscher(action):
            return f"genscher:{Action.genscher_partner(action)}"
        if Action.is_armut_lay(action):
            return "armut:lay:" + Action.card_of(action).short
        if Action.is_armut_return(action):
            return "armut:return:" + Action.card_of(action).short
        raise IllegalAction("no such action: {action}", action=action)

    @staticmethod
    def from_key(key: str) -> int:
        """Inverse of :meth:`key`; raises IllegalAction naming the text."""
        text = key.strip()
        for action, name in Action._NAMED.items():
            if text == name:
                return action
        if text.startswith("announce:"):
            name = text.split(":", 1)[1]
            if name == "ansage":
                return Action.announce(ANSAGE)
            for level, lk in LEVEL_KEYS.items():
                if lk == name:
                    return Action.announce(level)
            raise IllegalAction("unknown announcement {name!r}", name=name)
        if text.startswith("vorbehalt:hochzeit:"):
            kind = text.split(":", 2)[2]
            if kind not in HOCHZEIT_KINDS:
                raise IllegalAction(
                    "unknown Hochzeit kind {kind!r}; expected one of: {hochzeit_kinds}",
                    kind=kind,
                    hochzeit_kinds=", ".join(HOCHZEIT_KINDS),
                )
            return Action.hochzeit(kind)
        if text.startswith("vorbehalt:"):
            try:
                return Action.vorbehalt(GameType.parse(text.split(":", 1)[1]))
            except ValueError as exc:
                raise IllegalAction(exc) from None
        if text.startswith("genscher:"):
            seat = text.split(":", 1)[1]
            if seat not in ("0", "1", "2", "3"):
                raise IllegalAction("genscher: no seat {seat!r}: seats are 0..3", seat=seat)
            return Action.genscher(int(seat))
        for prefix, make in (("armut:lay:", Action.armut_lay), ("armut:return:", Action.armut_return)):
            if text.startswith(prefix):
                try:
                    return make(Card.parse(text[len(prefix) :]))
                except CardError as exc:
                    raise IllegalAction(exc) from None
        try:
            return int(Card.parse(text))
        except CardError as exc:
            raise IllegalAction(exc) from None


class Trick(Record):
    """A finished trick: ``cards`` in play order, the ``seats`` that played them, the ``winner`` seat.

    ``claimed`` marks the remaining cards collected after a claim (Spielabkürzung): they were not
    played, so the order of ``cards`` means nothing and they hold no Sonderpunkte. Immutable and
    compared by value (a :class:`~doppelkopf.values.Record`).

    >>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1).augen  # Kreuz-Ass, Pik-Ass, Kreuz-10, Kreuz-König
    36
    """

    _fields: ClassVar[tuple[str, ...]] = ("cards", "seats", "winner", "claimed")

    def __init__(self, cards: tuple[int, ...], seats: tuple[int, ...], winner: int, claimed: bool = False) -> None:
        self.cards: Final = cards
        self.seats: Final = seats
        self.winner: Final = winner
        self.claimed: Final = claimed

    @property
    def augen(self) -> int:
        """The Augen of the trick's cards (0..44 for four cards)."""
        return sum(AUGEN[c] for c in self.cards)


class Announcement(Record):
    """An announcement made: ``seat``, its ``party`` and the ``level`` reached (1..5), with the
    number of cards the seat held then. ``by_bid`` marks the levels a soloist took on by bidding
    (rule ``solo_conflict = "bidding"``), made before the first card. Immutable and compared by
    value (a :class:`~doppelkopf.values.Record`)."""

    _fields: ClassVar[tuple[str, ...]] = ("seat", "party", "level", "cards_in_hand", "by_bid")

    def __init__(self, seat: int, party: Party, level: int, cards_in_hand: int, by_bid: bool = False) -> None:
        self.seat: Final = seat
        self.party: Final = party
        self.level: Final = level
        self.cards_in_hand: Final = cards_in_hand
        self.by_bid: Final = by_bid

    @property
    def label(self) -> str:
        return level_label(self.level, self.party)


def follow_options(hand: Iterable[int], order: CardOrder, trick_cards: Sequence[int]) -> list[int]:
    """The distinct cards of ``hand`` that may be played on ``trick_cards`` (Bedienpflicht, TSR
    5.2): the group led (a Fehl suit, or trump) if the hand holds it, else any card; ascending."""
    group = order.group
    return follow_sorted(sorted(hand), group, group[trick_cards[0]] if trick_cards else -1)


def follow_sorted(hand: list[int], group: tuple[int, ...], led: int) -> list[int]:
    """:func:`follow_options` of a ``hand`` sorted ascending (a game keeps its hands sorted), with
    ``group`` the card order's group of each card (:attr:`CardOrder.group`, indexed by card 0..23)
    and ``led`` the group of the card led (-1: no card led yet): the Bedienpflicht itself (TSR 5.2).
    Returns the distinct playable cards, ascending, as a fresh list."""
    options: list[int] = []
    previous = -1
    if led >= 0:
        for card in hand:
            if card != previous and group[card] == led:
                options.append(card)
                previous = card
        if options:
            return options
        previous = -1
    for card in hand:
        if card != previous:
            options.append(card)
            previous = card
    return options
