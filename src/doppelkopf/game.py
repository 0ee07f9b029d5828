"""One game of Doppelkopf as a state machine: Vorbehalte, tricks, announcements, result.

The model follows OpenSpiel's game API: a :class:`Game` knows whose turn it is
(:attr:`Game.current_player`), lists the legal actions of any seat (:meth:`Game.legal_actions`),
applies an action (:meth:`Game.apply`) and tells each seat what it may see
(:meth:`Game.information_state`). Every decision of a player is an action; what the rules decide
by themselves (Schweine that must be announced at once, the Superschweine, the Hochzeit partner)
happens inside :meth:`Game.apply`, so :meth:`Game.replay` of the actions rebuilds the same game.

Actions are small ints (see :class:`Action`; :meth:`Action.key` gives the stable text used in
records):

* ``0..23``: play that :class:`~doppelkopf.cards.Card` (the action *is* the card value);
* ``24..28``: announce level 1..5 for one's party: Re/Kontra, keine 90, keine 60, keine 30, schwarz
  (TSR 6). Announcements are legal for any seat whenever the deadlines allow, also out of turn:
  pass ``seat=`` to :meth:`Game.apply`;
* ``32..43``: the Vorbehalt answer for a :class:`~doppelkopf.rules.GameType` (``NORMAL`` is
  "gesund", ``ARMUT`` declares an Armut);
* ``48`` Schmeissen, ``49..51`` a Hochzeit naming the trick that finds the partner, ``52``/``53``
  raise or pass in the bidding for a solo, ``54`` announce the Schweine, ``55`` claim the rest,
  ``56``/``57`` take or refuse an Armut, ``64..87`` lay a card for an Armut, ``96..119`` return a
  card to the poor player. These only occur when the rule set switches the house rule on.

>>> from doppelkopf.rules import DDV
>>> game = Game.new(DDV, seed=1, dealer=3)
>>> game.phase.name, game.current_player
('VORBEHALT', 0)
>>> for _ in range(4):
...     game.apply(Action.GESUND)
>>> game.phase.name, game.game_type.name in ("NORMAL", "STILLE_HOCHZEIT")
('PLAY', True)
>>> while not game.is_terminal:
...     game.apply(min(a for a in game.legal_actions() if a < 24))
>>> s = game.score()
>>> sum(s.points)
0
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import ClassVar, Final, cast

from .cards import _DECK_VALUES, AUGEN, KOENIG, NEUN, Card, CardError, _deal_sorted, _shuffle, cut
from .order import (
    TRUMP,
    CardOrder,
    card_order,
    dulle_rule_says_second,
    second_dulle_wins,
    trick_winner_index,
    winner_index,
)
from .rules import (
    ANSAGE,
    KEINE_90,
    LEVEL_KEYS,
    SCHWARZ,
    GameType,
    Party,
    RuleSet,
    level_label,
)
from .scoring import GameSummary, Score, ScoreItem, _sonderpunkte, score, solo_factor
from .values import PerRuleSet, Record, reduce_dataclass


class IllegalAction(ValueError):
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


# Enum members read on every move, as module constants: a global is much faster to read than a member of an
# enum class, and a Party or GameType compared by identity or used as an index needs no lookup.
_VORBEHALT: Final = Phase.VORBEHALT
_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_CONCESSION: Final = Phase.CONCESSION
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_OTHER_PARTY: Final = (Party.KONTRA, Party.RE)  # indexed by a Party: the other one
_HOCHZEIT: Final = GameType.HOCHZEIT
_NORMAL: Final = GameType.NORMAL
_ARMUT_GAME: Final = GameType.ARMUT
_STILLE_HOCHZEIT: Final = GameType.STILLE_HOCHZEIT
_ARMUT: Final = Phase.ARMUT
_BIDDING: Final = Phase.BIDDING
#: The game types by number (an enum call is slow); a Vorbehalt answer's number is its game type's plus VORBEHALT_BASE.
_GAME_TYPES: Final[tuple[GameType, ...]] = tuple(sorted(GameType))
_KARO_ASS: Final = int(Card.KARO_ASS)
_KARO_NEUN: Final = int(Card.KARO_NEUN)
_KREUZ_DAME: Final = int(Card.KREUZ_DAME)


#: The kinds of trick that may find a Hochzeit partner (rule ``hochzeit_partner``).
HOCHZEIT_KINDS: Final = ("first_foreign", "first_fehl", "first_trump")
_HOCHZEIT_LABELS = {
    "first_foreign": "erster fremder Stich",
    "first_fehl": "erster fremder Fehlstich",
    "first_trump": "erster fremder Trumpfstich",
}
_SOLO_KINDS: Final = frozenset(["pflichtsolo", "lustsolo", "solo"])


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
        """The Vorbehalt "Hochzeit" naming the trick that finds the partner (``first_foreign``,
        ``first_fehl``, ``first_trump``), offered when the rule ``hochzeit_partner`` is ``choice``."""
        return Action.HOCHZEIT_BASE + HOCHZEIT_KINDS.index(kind)

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
        return Action.VORBEHALT_BASE <= action < Action.VORBEHALT_BASE + len(
            _GAME_TYPES
        ) or Action.HOCHZEIT_BASE <= action < Action.HOCHZEIT_BASE + len(HOCHZEIT_KINDS)

    @staticmethod
    def is_armut_lay(action: int) -> bool:
        return Action.ARMUT_LAY_BASE <= action < Action.ARMUT_LAY_BASE + 24

    @staticmethod
    def is_armut_return(action: int) -> bool:
        return Action.ARMUT_RETURN_BASE <= action < Action.ARMUT_RETURN_BASE + 24

    @staticmethod
    def hochzeit_kind(action: int) -> str | None:
        """The partner rule a Hochzeit answer names, or ``None`` for any other action."""
        if Action.HOCHZEIT_BASE <= action < Action.HOCHZEIT_BASE + len(HOCHZEIT_KINDS):
            return HOCHZEIT_KINDS[action - Action.HOCHZEIT_BASE]
        return None

    @staticmethod
    def level(action: int) -> int:
        return action - Action.ANNOUNCE_BASE + 1

    @staticmethod
    def game_type(action: int) -> GameType:
        if Action.HOCHZEIT_BASE <= action < Action.HOCHZEIT_BASE + len(HOCHZEIT_KINDS):
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
        ``armut:return:He10``. Raises IllegalAction for an int that is no action."""
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
        if Action.is_armut_lay(action):
            return "armut:lay:" + Action.card_of(action).short
        if Action.is_armut_return(action):
            return "armut:return:" + Action.card_of(action).short
        raise IllegalAction(f"no such action: {action}")

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
            raise IllegalAction(f"unknown announcement {name!r}")
        if text.startswith("vorbehalt:hochzeit:"):
            kind = text.split(":", 2)[2]
            if kind not in HOCHZEIT_KINDS:
                raise IllegalAction(f"unknown Hochzeit kind {kind!r}; expected one of: {', '.join(HOCHZEIT_KINDS)}")
            return Action.hochzeit(kind)
        if text.startswith("vorbehalt:"):
            try:
                return Action.vorbehalt(GameType.parse(text.split(":", 1)[1]))
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        for prefix, make in (("armut:lay:", Action.armut_lay), ("armut:return:", Action.armut_return)):
            if text.startswith(prefix):
                try:
                    return make(Card.parse(text[len(prefix) :]))
                except CardError as exc:
                    raise IllegalAction(str(exc)) from None
        try:
            return int(Card.parse(text))
        except CardError as exc:
            raise IllegalAction(str(exc)) from None


#: The first action after the announcements.
_AFTER_ANNOUNCE: Final = Action.ANNOUNCE_BASE + SCHWARZ


#: The normal game's card order (the Armut's trump count and Schmeissen look at it).
_NORMAL_GROUP: Final[tuple[int, ...]] = card_order(_NORMAL).group
_NORMAL_POWER: Final[tuple[int, ...]] = card_order(_NORMAL).power
#: Whether a game type is a declared solo, by its number (``GameType.is_declared_solo`` is a Python property).
_DECLARED_SOLO: Final[tuple[bool, ...]] = tuple([g.is_declared_solo for g in _GAME_TYPES])


class _Options:
    """The options of one :class:`RuleSet` that the engine reads in every game or on every move,
    taken from it once (:func:`_options`).

    A RuleSet is a plain Python object: reading one of its fields costs more than a whole legality
    check of the compiled core. Each rule is still decided in the one method that reads it; only
    the lookup is done here, and derived values (the Vorbehalt answers of the allowed soli, the
    order of the Vorbehalte) are the rule set's own, computed once.
    """

    def __init__(self, rules: RuleSet) -> None:
        self.rules: Final = rules
        by_tricks = rules.announcement_timing == "tricks"
        self.by_tricks: Final = by_tricks
        self.deadlines: Final[tuple[int, ...]] = (
            rules.announcement_tricks if by_tricks else rules.announcement_deadlines
        )
        self.skipping: Final[bool] = rules.announcement_skipping
        self.reply_extra: Final[int] = rules.reply_extra_cards
        #: by cards: the fewest cards with which any announcement may still be in time
        self.last_deadline: Final[int] = min(rules.announcement_deadlines) - max(0, rules.reply_extra_cards)
        self.hochzeit_shift: Final[bool] = rules.hochzeit_shift
        self.hochzeit_tricks: Final[int] = rules.hochzeit_tricks
        self.claim_mode: Final[str] = rules.claim
        self.concede_mode: Final[str] = rules.concede
        self.schweine_on: Final[bool] = rules.schweine == "on"
        self.schweine_in_play: Final[bool] = rules.schweine_announce == "before_first_play"
        self.schweine_at_vorbehalt: Final[bool] = rules.schweine_announce == "vorbehalt"
        schweine_games = set(rules.schweine_games)
        self.schweine_games: Final[tuple[bool, ...]] = tuple([g.key in schweine_games for g in _GAME_TYPES])
        self.superschweine: Final[bool] = rules.superschweine and rules.with_nines
        self.with_nines: Final[bool] = rules.with_nines
        self.cut_minimum: Final[int] = rules.cut_minimum
        self.deal_packets: Final[tuple[int, ...]] = tuple(rules.deal_packets)
        self.dulle: Final[str] = rules.dulle
        self.pflichtansage: Final[bool] = rules.pflichtansage
        self.pflichtansage_augen: Final[int] = rules.pflichtansage_augen
        self.solo_lead: Final[str] = rules.solo_lead
        self.solo_conflict: Final[str] = rules.solo_conflict
        # the Vorbehalt answers (TSR 4.1; seed 002, "Gibt es Vorbehalte?")
        self.solo_actions: Final[tuple[int, ...]] = tuple(
            sorted({Action.vorbehalt(GameType.parse(name)) for name in rules.solo_types})
        )
        self.hochzeit_actions: Final[tuple[int, ...]] = (
            tuple(sorted({Action.hochzeit(kind) for kind in rules.hochzeit_choices}))
            if rules.hochzeit_partner == "choice"
            else (Action.vorbehalt(_HOCHZEIT),)
        )
        self.hochzeit_partner: Final[str] = rules.hochzeit_partner
        self.armut: Final[bool] = rules.armut
        self.armut_max_trumps: Final[int] = rules.armut_max_trumps
        self.schmeissen_reasons: Final[tuple[str, ...]] = tuple(rules.schmeissen)
        self.schmeissen_nines: Final[int] = rules.schmeissen_nines
        self.schmeissen_kings: Final[int] = rules.schmeissen_kings
        self.schmeissen_nines_kings: Final[int] = rules.schmeissen_nines_kings
        self.schmeissen_augen_low: Final[int] = rules.schmeissen_augen_low
        self.schmeissen_augen_high: Final[int] = rules.schmeissen_augen_high
        listed = list(rules.vorbehalt_priority)
        solo = ["solo"] if "solo" in listed else ["pflichtsolo", "lustsolo"]
        self.priority: Final[tuple[str, ...]] = tuple(
            listed + [k for k in (*solo, "schmeissen", "armut", "hochzeit") if k not in listed]
        )

    def __reduce__(self) -> tuple[Callable[[RuleSet], _Options], tuple[RuleSet]]:
        return (_options, (self.rules,))


_OPTIONS: Final = PerRuleSet(_Options)


def _options(rules: RuleSet) -> _Options:
    """The :class:`_Options` of ``rules``, made once per rule set."""
    return _OPTIONS.get(rules)


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


@dataclass(frozen=True)
class InformationState:
    """What one seat may know at a moment of the game; never another seat's hand.

    Attributes:
        seat: the observer.
        hand: the observer's cards, sorted by rank in the game as the observer knows it.
        phase, current_player, dealer, rules: as in the game.
        vorbehalte: per seat ``None`` (not asked yet), ``"gesund"`` or ``"vorbehalt"``.
        own_vorbehalt: the observer's own Vorbehalt answer as a game type, if given (``None`` for
            Schmeissen).
        game_type: the game as this seat knows it (a Stille Hochzeit looks normal to the others).
        declarer: the soloist, Hochzeit player or poor player of an Armut, when public.
        own_party: the observer's party, or ``None`` while it is still open (Hochzeit).
        known_parties: per seat the party that play and announcements have made public, or ``None``.
        tricks: finished tricks; ``trick``: the cards of the trick in progress as (seat, card).
        leader: the seat that leads the current trick.
        announcements: all announcements in order.
        hand_sizes: cards in each hand.
        legal_actions: the observer's legal actions now.
        hochzeit_rule: the trick kind that finds the Hochzeit partner, once the Hochzeit is public.
        schweine: the seat that announced the Schweine, or ``None``.
        superschweine: the seat holding the Superschweine, once public (the holder knows at once).
        armut_answers: per seat ``"take"``, ``"refuse"`` or ``None``.
        armut_count: how many cards the poor player has laid face down (public).
        armut_laid, armut_returned: the exchanged cards, shown only to the poor player and (after
            taking) to the taker; empty for everyone else.
        bids: the bidding for a solo so far as ``(seat, "raise" | "pass")``; ``bid_level`` the bid.
        must_announce: the seat that must announce before leading (Pflichtansage), or ``None``.
        thrown_in: the game was thrown in (Schmeissen, or an Armut nobody took): no play, no score.
        claim: ``(seat, held)`` after a claim of the rest (Spielabkürzung), else ``None``.
    """

    seat: int
    hand: tuple[int, ...]
    phase: Phase
    current_player: int
    dealer: int
    rules: RuleSet
    vorbehalte: tuple[str | None, ...]
    own_vorbehalt: GameType | None
    game_type: GameType | None
    declarer: int | None
    own_party: Party | None
    known_parties: tuple[Party | None, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, int], ...]
    leader: int
    announcements: tuple[Announcement, ...]
    hand_sizes: tuple[int, ...]
    legal_actions: tuple[int, ...]
    hochzeit_rule: str | None = None
    schweine: int | None = None
    superschweine: int | None = None
    armut_answers: tuple[str | None, ...] = (None, None, None, None)
    armut_count: int = 0
    armut_laid: tuple[int, ...] = ()
    armut_returned: tuple[int, ...] = ()
    bids: tuple[tuple[int, str], ...] = ()
    bid_level: int = 0
    must_announce: int | None = None
    thrown_in: bool = False
    claim: tuple[int, bool] | None = None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)

    @property
    def order(self) -> CardOrder:
        """The card order as this seat knows it: the public game type, with the Schweine and
        Superschweine once they are known to the observer."""
        game_type = self.game_type if self.game_type is not None else _NORMAL
        return card_order(game_type, self.schweine is not None, self.superschweine is not None)


def follow_options(hand: Iterable[int], order: CardOrder, trick_cards: Sequence[int]) -> list[int]:
    """The distinct cards of ``hand`` that may be played on ``trick_cards`` (Bedienpflicht, TSR
    5.2): the group led (a Fehl suit, or trump) if the hand holds it, else any card; ascending."""
    group = order.group
    return _follow(sorted(hand), group, group[trick_cards[0]] if trick_cards else -1)


def _follow(hand: list[int], group: tuple[int, ...], led: int) -> list[int]:
    """:func:`follow_options` of a ``hand`` sorted ascending (a game keeps its hands sorted), with
    ``group`` the card order's group of each card and ``led`` the group of the card led (-1: no
    card led yet): the Bedienpflicht itself."""
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


#: Positions the claim search may visit; a claim whose winning line is not found within them fails.
CLAIM_SEARCH_LIMIT = 10_000


class _SearchLimit(Exception):
    pass


def _canonical(hands: Sequence[Sequence[int]], order: CardOrder) -> tuple[tuple[int, ...], ...]:
    """The hands with each card replaced by the best card of its run: cards of one hand and one
    group (a Fehl suit or trump) whose powers no card of another hand lies between or ties with.
    Such cards win and lose the same tricks, so the search tries one of them."""
    by_group: dict[int, list[tuple[int, int, int]]] = {}
    for seat, hand in enumerate(hands):
        for card in set(hand):
            by_group.setdefault(order.group[card], []).append((order.power[card], seat, card))
    rep: dict[tuple[int, int], int] = {}
    for items in by_group.values():
        items.sort(reverse=True)
        run_seat, run_card = -1, -1
        i = 0
        while i < len(items):
            j = i
            while j < len(items) and items[j][0] == items[i][0]:
                j += 1
            holders = {seat for _, seat, _ in items[i:j]}
            single = len(holders) == 1
            if not (single and run_seat in holders):
                run_seat, run_card = (items[i][1], items[i][2]) if single else (-1, -1)
            for _, seat, card in items[i:j]:
                rep[(seat, card)] = run_card if single else card
            i = j
    return tuple(tuple(sorted(rep[(seat, c)] for c in hand)) for seat, hand in enumerate(hands))


def _wins_from_the_top(
    hands: Sequence[Sequence[int]], leader: int, side: Sequence[bool], order: CardOrder, rules: RuleSet
) -> bool:
    """A sufficient test for :func:`wins_all_tricks`: the leader plays his trumps from the top,
    then his Fehl cards (TSR 5.4.5: the claimer is taken to play from the top), and each lead wins
    even if the others keep their best cards as long as they can: every trump led beats the best
    trump of each opponent who still holds one, no opponent holds more trumps than the leader,
    and every Fehl card led is at least as high as any card of its suit in an opponent's hand
    (the first of equal cards wins; the Dulle only under ``dulle = "first"``)."""
    group, power = order.group, order.power

    def beats(mine: int, theirs: int) -> bool:
        return power[mine] > power[theirs] or (mine == theirs and (mine != order.dulle or rules.dulle == "first"))

    mine = sorted(hands[leader], key=lambda c: power[c], reverse=True)
    my_trumps = [c for c in mine if group[c] == TRUMP]
    others = [hands[s] for s in range(4) if not side[s]]
    for hand in others:
        theirs = [c for c in hand if group[c] == TRUMP]
        if len(theirs) > len(my_trumps):
            return False
        if theirs:
            best = max(theirs, key=lambda c: power[c])
            if not all(beats(card, best) for card in my_trumps[: len(theirs)]):
                return False
        for card in mine:
            if group[card] != TRUMP and any(group[c] == group[card] and not beats(card, c) for c in hand):
                return False
    return True


def wins_all_tricks(
    hands: Sequence[Sequence[int]],
    leader: int,
    side: Sequence[bool],
    order: CardOrder,
    rules: RuleSet,
    trick_cards: Sequence[int] = (),
) -> bool:
    """Whether the seats marked in ``side`` can win every remaining trick, whatever the others
    play, when ``leader`` has led ``trick_cards`` (the trick in progress, in play order; empty at
    the start of a trick) and the seats hold ``hands`` (the claim of the rest, Spielabkürzung).
    Exact: a search over all plays that keep the Bedienpflicht (TSR 5.2) and the trick rules of
    ``rules`` (equal cards, Dulle), with two shortcuts that are sound:

    * the other side holds a trump higher than every trump of ``side``: it wins a trick, because
      that trump wins the trick it is played in and must be played at the latest in the last trick;
    * the leader is of ``side`` and wins every trick playing from the top
      (:func:`_wins_from_the_top`).

    A position the search cannot settle within ``CLAIM_SEARCH_LIMIT`` positions counts as not won
    here (:meth:`Game.claim_holds` then asks the compiled solver).
    """
    result = search_all_tricks(hands, leader, side, order, rules, trick_cards)
    return bool(result)


def search_all_tricks(
    hands: Sequence[Sequence[int]],
    leader: int,
    side: Sequence[bool],
    order: CardOrder,
    rules: RuleSet,
    trick_cards: Sequence[int] = (),
    limit: int = CLAIM_SEARCH_LIMIT,
) -> bool | None:
    """:func:`wins_all_tricks`, or ``None`` when the search does not settle the position within
    ``limit`` positions."""
    memo: dict[tuple[tuple[tuple[int, ...], ...], int], bool] = {}
    trump_power = [order.power[c] if order.is_trump(c) else -1 for c in range(24)]
    budget = [limit]

    def best_trump(seats_hands: Iterable[Sequence[int]]) -> int:
        return max((trump_power[c] for hand in seats_hands for c in hand), default=-1)

    def tricks_from(state: tuple[tuple[int, ...], ...], lead: int) -> bool:
        if not state[lead]:
            return True
        state = _canonical(state, order)
        key = (state, lead)
        if key in memo:
            return memo[key]
        ours = best_trump(h for s, h in enumerate(state) if side[s])
        theirs = best_trump(h for s, h in enumerate(state) if not side[s])
        if theirs > ours:
            result = False
        elif side[lead] and _wins_from_the_top(state, lead, side, order, rules):
            result = True
        else:
            result = play(state, lead, (), second_dulle_wins(rules, len(state[lead]) == 1))
        memo[key] = result
        return result

    def play(state: tuple[tuple[int, ...], ...], lead: int, cards: tuple[int, ...], second: bool) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            raise _SearchLimit
        if len(cards) == 4:
            winner = (lead + trick_winner_index(order, cards, second)) % 4
            return side[winner] and tricks_from(state, winner)
        seat = (lead + len(cards)) % 4
        ours = side[seat]
        options = follow_options(state[seat], order, cards)
        options.sort(key=lambda c: (order.group[c] == TRUMP, order.power[c]), reverse=True)
        if ours and cards:
            # a follower of the claiming side: first the cheapest card that wins the trick for the
            # side, then the low cards, the strong ones last (finds a winning line sooner)
            best = (lead + trick_winner_index(order, cards, second)) % 4
            if side[best]:
                options.reverse()
            else:
                winning = [c for c in options if trick_winner_index(order, (*cards, c), second) == len(cards)]
                options = winning[::-1] + [c for c in reversed(options) if c not in winning]
        for card in options:
            hand = list(state[seat])
            hand.remove(card)
            rest = state[:seat] + (tuple(hand),) + state[seat + 1 :]
            if play(rest, lead, (*cards, card), second) == ours:
                return ours
        return not ours

    start = tuple(tuple(sorted(h)) for h in hands)
    try:
        if trick_cards:
            # the trick in progress is the last one when its leader has no card left
            return play(start, leader, tuple(trick_cards), second_dulle_wins(rules, not start[leader]))
        return tricks_from(start, leader)
    except _SearchLimit:
        return None


class Game:
    """The state of one game; mutate it with :meth:`apply`.

    Create with :meth:`new` (seeded deal) or directly from ``hands`` (four lists of cards,
    seat 0..3 clockwise). ``dealer`` is the dealer's seat; the seat to its left answers first in
    the Vorbehaltsabfrage and leads the first trick (TSR 4.1, 5.1). Raises
    IllegalAction for a bad deal.

    After a thrown-in game (Schmeissen, or an Armut nobody took with ``armut_none = "redeal"``)
    :attr:`thrown_in` and :attr:`redeal_same_dealer` are true: the game is over without play, the
    same dealer deals again, and :meth:`score` gives every seat 0 Punkte.
    """

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[Iterable[int]],
        dealer: int = 0,
        seed: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
        forced_solo_seat: int | None = None,
        *,
        _fields: dict[str, object] | None = None,
        _whole_deck: bool = False,
    ) -> None:
        if _fields is not None:  # a copy or an unpickled game: its attributes as they were
            _set_fields(self, _fields)
            return
        self._opts = _options(rules)  # the rule set and the options read on every move (see rules)
        self.dealer = dealer % 4
        self.seed = seed
        self.pflichtsolo_done = tuple(bool(x) for x in pflichtsolo_done)
        if len(self.pflichtsolo_done) != 4:
            raise IllegalAction("pflichtsolo_done: needs one entry per seat (4)")
        self.pflichtsolo = False  # the declared solo is the soloist's Pflichtsolo
        # Game.new deals plain ints, each hand a sorted list of its own; other callers may pass
        # Card members or any ints
        self.hands: list[list[int]] = (
            cast(list[list[int]], hands) if _whole_deck else [sorted(map(int, h)) for h in hands]
        )
        self.initial_hands: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in self.hands)
        if not _whole_deck:  # Game.new deals the whole deck evenly: nothing to check
            self._check_deal()
        self.phase = _VORBEHALT
        self.current_player = (self.dealer + 1) % 4
        # Vorführung (TSR 4.2.3, 4.1.9): no Vorbehaltsabfrage, this seat must play its Pflichtsolo
        self.forced_solo_seat = forced_solo_seat
        if forced_solo_seat is not None:
            if forced_solo_seat not in range(4):
                raise IllegalAction(f"forced_solo_seat: no seat {forced_solo_seat}: seats are 0..3")
            if self.pflichtsolo_done[forced_solo_seat]:
                raise IllegalAction(f"forced_solo_seat: seat {forced_solo_seat} has played its Pflichtsolo (TSR 4.2.3)")
            self.current_player = forced_solo_seat
        self.declarations: list[GameType | None] = [None] * 4
        self.answers: list[int | None] = [None] * 4  # the Vorbehalt answer actions
        self.game_type: GameType = _NORMAL
        self.declarer: int | None = None
        self.order: CardOrder = card_order(_NORMAL)
        self.party: list[Party] = [_KONTRA] * 4
        self.partner_open = False  # Hochzeit partner not yet found
        self.clarified_at: int | None = None  # index of the Hochzeit's Klärungsstich
        self.hochzeit_rule: str | None = None  # the trick kind that finds the partner
        self.tricks: list[Trick] = []
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = self.current_player
        self.levels = [0, 0]
        self.timely_ansage = [False, False]  # Ansage made in time for a first Ansage (TSR 6.4.4)
        self.announcements: list[Announcement] = []
        self.history: list[tuple[int, int]] = []
        # house rules (all idle under the DDV defaults)
        self.thrown_in = False
        self.redeal_same_dealer = False
        self.thrown_reason: str | None = None  # "schmeissen" or "armut"
        self.schweine: int | None = None  # seat that announced the Schweine
        self.superschweine: int | None = None  # seat holding the Superschweine
        self.superschweine_public = False
        self.schweine_blocked: frozenset[int] = frozenset()  # Armut players who may not build Schweine
        self.armut_poor: int | None = None
        self.armut_taker: int | None = None
        self.armut_laid: list[int] = []
        self.armut_returned: list[int] = []
        self.armut_answers: list[str | None] = [None] * 4
        self.armut_withdrawn = False  # nobody took, the game goes on as if the poor player said gesund
        self._superschweine_after_exchange = False
        self.bid_active: list[int] = []
        self.bid_holder: int | None = None
        self.bid_level = 0
        self.bids: list[tuple[int, str]] = []
        self.must_announce: int | None = None  # Pflichtansage (seed 002)
        self.claim: tuple[int, bool] | None = None
        self.conceded_by: int | None = None  # the soloist who gave up the rest (TSR 5.4.6)
        # the current player's legal actions, computed at the first ask after each change (never
        # changed in place: legal_actions hands out copies, so clones may share it)
        self._legal: list[int] | None = None

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: RuleSet,
        seed: int | None = None,
        dealer: int = 0,
        cut_at: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
        forced_solo_seat: int | None = None,
    ) -> Game:
        """Shuffle with ``seed`` (same seed, same hands), cut (at ``cut_at``, or where the seeded
        generator says, at least ``rules.cut_minimum`` from either end) and deal in the rule set's
        packets clockwise from the dealer's left (TSR 3.3.3-3.3.7)."""
        options = _options(rules)
        cards = list(_DECK_VALUES[options.with_nines])  # deck(), as ints
        minimum = options.cut_minimum
        # rng.shuffle(cards), then rng.randint(minimum, len(cards) - minimum) unless cut_at is given
        drawn = _shuffle(cards, seed, minimum if cut_at is None else -1, len(cards) - minimum)
        cards = cut(cards, drawn if cut_at is None else cut_at, minimum)
        hands = _deal_sorted(cards, dealer % 4, options.deal_packets)
        if cls is Game:  # a direct call where compiled (cls(...) is a generic one)
            return Game(rules, hands, dealer, seed, pflichtsolo_done, forced_solo_seat, _whole_deck=True)
        return cls(rules, hands, dealer, seed, pflichtsolo_done, forced_solo_seat, _whole_deck=True)

    def _check_deal(self) -> None:
        size = self.rules.hand_size
        hands = self.hands
        whole_deck = _DECK_VALUES[bool(self.rules.with_nines)]
        if [len(h) for h in hands] == [size] * 4 and tuple(sorted(chain(*hands))) == whole_deck:
            return  # the whole deck, dealt evenly: nothing to report
        if len(self.hands) != 4 or any(len(h) != size for h in self.hands):
            raise IllegalAction(f"deal: each of the 4 hands needs {size} cards")
        counts = [0] * 24
        for hand in self.hands:
            for c in hand:
                if not 0 <= c < 24:
                    raise IllegalAction(f"deal: {c} is no card")
                counts[c] += 1
        for c in range(24):
            expected = 0 if (not self.rules.with_nines and c % 6 == 5) else 2
            if counts[c] != expected:
                raise IllegalAction(f"deal: {Card(c).symbol} appears {counts[c]} times, expected {expected}")

    def clone(self) -> Game:
        """An independent copy (for search)."""
        other = Game(self.rules, (), _fields=_get_fields(self))
        other.hands = [list(h) for h in self.hands]
        other.declarations = list(self.declarations)
        other.answers = list(self.answers)
        other.party = list(self.party)
        other.tricks = list(self.tricks)
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.levels = list(self.levels)
        other.timely_ansage = list(self.timely_ansage)
        other.announcements = list(self.announcements)
        other.history = list(self.history)
        other.armut_laid = list(self.armut_laid)
        other.armut_returned = list(self.armut_returned)
        other.armut_answers = list(self.armut_answers)
        other.bid_active = list(self.bid_active)
        other.bids = list(self.bids)
        return other

    def __reduce__(self) -> tuple[Callable[[dict[str, object]], Game], tuple[dict[str, object]]]:
        """Pickle (and ``copy.deepcopy``) by the attributes: the compiled class has no ``__dict__``."""
        return (_unpickle_game, (_get_fields(self),))

    @property
    def rules(self) -> RuleSet:
        """The :class:`RuleSet` of the game. Setting another one takes its options anew (the
        engine reads the options of a rule set once, see ``_Options``)."""
        return self._opts.rules

    @rules.setter
    def rules(self, rules: RuleSet) -> None:
        self._opts = _options(rules)
        self._legal = None  # the legal actions under the new rules are computed at the next ask

    # -- queries -------------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase is _FINISHED

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Legal actions of ``seat`` (default: the current player), ascending.

        For the current player in play: the cards that may be played (Bedienpflicht, TSR 5.2),
        the announcements the deadlines allow and, where the rule set has them, the Schweine
        announcement, the claim of the rest and giving up the rest; any other seat has the same
        actions but the cards (they may be taken out of turn, TSR 6.4.1, 5.4.4, 5.4.6). In the
        Vorbehaltsabfrage, the Armut exchange, the bidding and a concession only the seat to move
        has actions.
        A seat under the Pflichtansage (seed 002) has only its announcements until it made one.
        Raises IllegalAction for a seat outside 0..3.
        """
        if seat is None or seat == self.current_player:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            return legal[:]
        if self.phase is _FINISHED:
            return []
        if seat not in range(4):
            raise IllegalAction(f"no seat {seat}: seats are 0..3")
        return self._actions_of(seat)

    def _legal_now(self) -> list[int]:
        """The legal actions of the current player (kept in ``_legal`` until the next change)."""
        return [] if self.phase is _FINISHED else self._actions_of(self.current_player)

    def _actions_of(self, seat: int) -> list[int]:
        """:meth:`legal_actions` of a seat 0..3 while the game is not over."""
        if self.phase is _CONCESSION:
            if seat != self.current_player:
                return []
            return [Action.ANNOUNCE_BASE - 1 + lv for lv in self._legal_levels(seat)] + [Action.PASS]
        if self.phase is not _PLAY:
            if seat != self.current_player:
                return []
            if self.phase is _VORBEHALT:
                return self._legal_vorbehalte(seat)
            if self.phase is _ARMUT:
                return self._legal_armut()
            return [Action.BID, Action.PASS] if self.bid_level < SCHWARZ else [Action.PASS]
        low, high = self._level_range(seat)
        if self.must_announce is not None and self._obliged(seat):
            return [Action.ANNOUNCE_BASE - 1 + level for level in range(low, high)]
        schweine = self._schweine_action_legal(seat)
        alone = self._alone(seat)
        claim = self._claim_legal(seat, alone)
        concede = self._concede_legal(seat, alone)
        # the cards first (a fresh list), then the other actions: ascending
        actions = self._legal_cards(seat, schweine) if seat == self.current_player else []
        for level in range(low, high):
            actions.append(Action.ANNOUNCE_BASE - 1 + level)
        if schweine:
            actions.append(Action.SCHWEINE)
        if claim:
            actions.append(Action.CLAIM)
        if concede:
            actions.append(Action.CONCEDE)
        return actions

    # -- Vorbehalte ------------------------------------------------------------------------------
    def _legal_vorbehalte(self, seat: int) -> list[int]:
        """The Vorbehalt answers of ``seat``: gesund, a Hochzeit with both Kreuz-Damen (TSR 4.4;
        named by its trick kind with ``hochzeit_partner = "choice"``), the allowed soli (TSR 4.3),
        an Armut (rule ``armut``) and Schmeissen (rule ``schmeissen``), ascending."""
        opts = self._opts
        if self.forced_solo_seat is not None:
            # vorgeführt: only the kind of solo is named (TSR 4.1.9)
            return sorted(Action.vorbehalt(g) for g in opts.rules.allowed_soli)
        options = [Action.GESUND]
        if _count(self.hands[seat], _KREUZ_DAME) == 2:
            options.extend(opts.hochzeit_actions)
        options.extend(opts.solo_actions)
        if opts.armut and self.normal_trumps(seat) <= opts.armut_max_trumps:
            options.append(Action.vorbehalt(_ARMUT_GAME))
        if opts.schmeissen_reasons and self.schmeissen_reasons(seat):
            options.append(Action.SCHMEISSEN)
        for i in range(1, len(options)):
            if options[i - 1] >= options[i]:  # a Hochzeit kind or the Armut among the soli
                return sorted(set(options))
        return options

    def normal_trumps(self, seat: int) -> int:
        """Trumps in ``seat``'s hand counted as in the normal game (for the Armut, seed 002)."""
        group = _NORMAL_GROUP
        count = 0
        for card in self.hands[seat]:
            if group[card] == TRUMP:
                count += 1
        return count

    def schmeissen_reasons(self, seat: int) -> tuple[str, ...]:
        """The reasons of ``rules.schmeissen`` that ``seat``'s hand fulfils (seed 002, "Gibt es
        Vorbehalte?": at least five nines, or no trump above the Fuchs; the others are house rules):

        * ``five_nines``: at least ``schmeissen_nines`` nines;
        * ``no_trump_above_fuchs``: "kann keinen Fuchs stechen", read as: no card ranks above the
          Karo-Ass in the normal game (no Herz-10, Dame or Bube; a second Karo-Ass does not beat
          a Fuchs played before it, TSR 5.3.3), a hand without trumps included;
        * ``kings``: at least ``schmeissen_kings`` kings;
        * ``nines_and_kings``: at least ``schmeissen_nines_kings`` nines and kings together;
        * ``augen_low`` / ``augen_high``: fewer than ``schmeissen_augen_low`` / more than
          ``schmeissen_augen_high`` Augen in the hand.
        """
        opts = self._opts
        if not opts.schmeissen_reasons:
            return ()
        nines = kings = augen_held = 0
        above_fuchs = False
        power, group = _NORMAL_POWER, _NORMAL_GROUP
        fuchs = power[_KARO_ASS]
        for card in self.hands[seat]:
            rank = card % 6
            if rank == NEUN:
                nines += 1
            elif rank == KOENIG:
                kings += 1
            augen_held += AUGEN[card]
            if group[card] == TRUMP and power[card] > fuchs:
                above_fuchs = True
        reasons: list[str] = []
        for reason in opts.schmeissen_reasons:  # rules.schmeissen, in its order
            if (
                (reason == "five_nines" and nines >= opts.schmeissen_nines)
                or (reason == "no_trump_above_fuchs" and not above_fuchs)
                or (reason == "kings" and kings >= opts.schmeissen_kings)
                or (reason == "nines_and_kings" and nines + kings >= opts.schmeissen_nines_kings)
                or (reason == "augen_low" and augen_held < opts.schmeissen_augen_low)
                or (reason == "augen_high" and augen_held > opts.schmeissen_augen_high)
            ):
                reasons.append(reason)
        return tuple(reasons)

    def _declare(self, seat: int, action: int) -> None:
        if action not in self._legal_vorbehalte(seat):
            if Action.is_vorbehalt(action) and Action.game_type(action) is _HOCHZEIT:
                if self.hands[seat].count(Card.KREUZ_DAME) == 2:
                    raise IllegalAction(
                        f"name the Hochzeit with one of {', '.join(self.rules.hochzeit_choices)} "
                        "(rule hochzeit_partner = choice)"
                        if self.rules.hochzeit_partner == "choice"
                        else "this Hochzeit names no trick kind (rule hochzeit_partner)"
                    )
                raise IllegalAction("Hochzeit needs both Kreuz-Damen (TSR 4.4)")
            if Action.is_vorbehalt(action) and Action.game_type(action) is _STILLE_HOCHZEIT:
                raise IllegalAction("a Stille Hochzeit is no Vorbehalt: with both Kreuz-Damen say gesund (TSR 4.4.5)")
            if Action.is_vorbehalt(action) and Action.game_type(action) is _ARMUT_GAME:
                raise IllegalAction(
                    f"Armut needs the rule armut and at most {self.rules.armut_max_trumps} trumps "
                    f"(seed 002, Gibt es Vorbehalte?); seat {seat} holds {self.normal_trumps(seat)}"
                )
            if action == Action.SCHMEISSEN:
                raise IllegalAction(
                    "Schmeissen needs a hand the rule schmeissen names "
                    f"({', '.join(self.rules.schmeissen) or 'none'}; seed 002, Gibt es Vorbehalte?)"
                )
            if Action.is_vorbehalt(action):
                raise IllegalAction(f"{Action.game_type(action).german} is not allowed by the rule set")
            raise IllegalAction("the Vorbehaltsabfrage is on: answer gesund or a Vorbehalt (TSR 4.1)")
        self._do_declare(seat, action)

    def _do_declare(self, seat: int, action: int) -> None:
        """Apply a Vorbehalt answer known to be legal."""
        self.answers[seat] = action
        if Action.is_vorbehalt(action):
            self.declarations[seat] = Action.game_type(action)
        if self.forced_solo_seat is not None:
            self._start_solo(seat)
            return
        self.current_player = (seat + 1) % 4
        if self.current_player == (self.dealer + 1) % 4:
            self._resolve_vorbehalte()

    def _answer_is(self, seat: int, kind: str) -> bool:
        declared = self.declarations[seat]
        if kind == "schmeissen":
            return self.answers[seat] == Action.SCHMEISSEN
        if kind == "armut":
            return declared is _ARMUT_GAME and not self.armut_withdrawn
        if kind == "hochzeit":
            return declared is _HOCHZEIT
        if declared is None or not _DECLARED_SOLO[declared]:
            return False
        if kind == "pflichtsolo":
            return not self.pflichtsolo_done[seat]
        if kind == "lustsolo":
            return self.pflichtsolo_done[seat]
        return kind == "solo"

    def _resolve_vorbehalte(self) -> None:
        """The highest kind of Vorbehalt in ``vorbehalt_priority`` wins (TSR 4.1.5: Pflichtsolo,
        Lustsolo, Hochzeit; seed 002: Solo, Schmeissen, Armut, Hochzeit); among equal kinds the
        seat asked first (TSR 4.1.7), among several soli per ``solo_conflict``. A solo is a
        Pflichtsolo while the soloist has not played one."""
        seats = [(self.dealer + 1 + i) % 4 for i in range(4)]
        for kind in self._opts.priority:  # rules.vorbehalt_priority, the kinds it leaves out last
            candidates = [s for s in seats if self._answer_is(s, kind)]
            if not candidates:
                continue
            if kind in _SOLO_KINDS:
                if len(candidates) > 1 and self._opts.solo_conflict == "bidding":
                    self._start_bidding(candidates)
                    return
                soloist = candidates[0]
                if self._opts.solo_conflict == "higher_solo":
                    # seed 000: the higher solo by its factor (scoring.solo_factor), then seat order
                    factor = {s: solo_factor(self.rules, self._declared(s)) for s in candidates}
                    soloist = max(candidates, key=lambda s: (factor[s], -candidates.index(s)))
                self._start_solo(soloist)
            elif kind == "schmeissen":
                self._throw_in("schmeissen")
            elif kind == "armut":
                self._start_armut(candidates[0])
            else:
                self.hochzeit_rule = self._opts.hochzeit_partner
                if self.hochzeit_rule == "choice":
                    self.hochzeit_rule = Action.hochzeit_kind(self.answers[candidates[0]] or 0)
                self._start_play(_HOCHZEIT, candidates[0])
            return
        both = next((s for s in seats if _count(self.hands[s], _KREUZ_DAME) == 2), None)
        if both is not None:
            self._start_play(_STILLE_HOCHZEIT, both)
        else:
            self._start_play(_NORMAL, None)

    def _declared(self, seat: int) -> GameType:
        declared = self.declarations[seat]
        assert declared is not None
        return declared

    def _start_solo(self, soloist: int, bid: int = 0) -> None:
        self.pflichtsolo = not self.pflichtsolo_done[soloist]
        self._start_play(self._declared(soloist), soloist)
        if bid:
            self.levels[_RE] = bid
            self.timely_ansage[_RE] = True
            self.announcements.append(Announcement(soloist, _RE, bid, len(self.hands[soloist]), by_bid=True))

    def _start_play(self, game_type: GameType, declarer: int | None) -> None:
        """Settle the game type, the parties and the first leader; the Schweine that must be
        announced at the start are announced now."""
        self.game_type, self.declarer = game_type, declarer
        if game_type is _ARMUT_GAME:
            self.party = [_RE if s in (self.armut_poor, self.armut_taker) else _KONTRA for s in range(4)]
        elif declarer is None:
            self.party = [_RE if Card.KREUZ_DAME in h else _KONTRA for h in self.hands]
        else:
            self.party = [_RE if s == declarer else _KONTRA for s in range(4)]
        self.partner_open = game_type is _HOCHZEIT
        self.phase = _PLAY
        lead = (self.dealer + 1) % 4
        if _DECLARED_SOLO[game_type] and declarer is not None:
            how = self._opts.solo_lead
            if how == "soloist" or (how == "pflichtsolo" and self.pflichtsolo):
                lead = declarer
        self.leader = self.current_player = lead
        if self._opts.schweine_at_vorbehalt:  # rules.schweine_announce
            holder = next((s for s in range(4) if self._schweine_eligible(s)), None)
            if holder is not None:
                self._announce_schweine(holder)
        if self._superschweine_after_exchange:
            self._find_superschweine()
        self._update_order()

    def _throw_in(self, reason: str) -> None:
        self.thrown_in = True
        self.redeal_same_dealer = True
        self.thrown_reason = reason
        self.phase = _FINISHED

    # -- bidding (solo_conflict = "bidding") -------------------------------------------------------
    def _start_bidding(self, candidates: list[int]) -> None:
        """Several soli of the same rank and the rule ``bidding`` (seed 002, "Solospiele": "wird
        abgereizt"), our reading: the first candidate asked holds the plain solo; in turn the
        others raise the bid by one announcement level (Re, keine 90, ..., schwarz) or pass, until
        one is left. The winner plays his solo with the bid levels announced at once."""
        self.phase = _BIDDING
        self.bid_active = list(candidates)
        self.bid_holder = candidates[0]
        self.current_player = self._next_bidder(candidates[0])

    def _next_bidder(self, after: int) -> int:
        for k in range(1, 5):
            seat = (after + k) % 4
            if seat in self.bid_active and seat != self.bid_holder:
                return seat
        raise AssertionError("bidding without a second candidate")  # pragma: no cover

    def _bid(self, seat: int, action: int) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(
                "the bidding for the solo is on: raise or pass (rule solo_conflict = bidding)"
                if action != Action.BID
                else "the bid is already schwarz: pass"
            )
        if action == Action.BID:
            self.bid_level += 1
            self.bid_holder = seat
            self.bids.append((seat, "raise"))
            self.current_player = self._next_bidder(seat)
            return
        self.bids.append((seat, "pass"))
        self.bid_active.remove(seat)
        if len(self.bid_active) == 1:
            self._start_solo(self.bid_active[0], self.bid_level)
        else:
            self.current_player = self._next_bidder(seat)

    # -- Armut (seed 002, "Gibt es Vorbehalte?") ---------------------------------------------------
    def _start_armut(self, poor: int) -> None:
        self.game_type, self.declarer = _ARMUT_GAME, poor
        self.armut_poor = poor
        self.party = [_RE if s == poor else _KONTRA for s in range(4)]
        self.phase = _ARMUT
        self.current_player = poor

    def _armut_step(self) -> str:
        if len(self.armut_laid) < self.rules.armut_cards:
            return "lay"
        return "ask" if self.armut_taker is None else "return"

    def _schwein_whole(self) -> bool:
        """Seed 002: Schweine announced in the exchange cannot be split by the return."""
        return self.schweine is not None and self.rules.schweine_armut == "at_exchange"

    def _legal_armut(self) -> list[int]:
        step = self._armut_step()
        if step == "ask":
            return [Action.ARMUT_TAKE, Action.ARMUT_REFUSE]
        k = self.rules.armut_cards
        normal = card_order(_NORMAL)
        if step == "lay":
            hand = self.hands[self.armut_poor]  # type: ignore[index]
            trumps = {c for c in hand if normal.is_trump(c)}
            left = k - len(self.armut_laid)
            cards = trumps if sum(1 for c in hand if c in trumps) >= left else set(hand)
            return [Action.armut_lay(c) for c in sorted(cards)]
        hand = self.hands[self.armut_taker]  # type: ignore[index]
        cards = set(hand)
        left = k - len(self.armut_returned)
        if self._schwein_whole() and Card.KARO_ASS in cards:
            given = self.armut_returned.count(Card.KARO_ASS)
            if given == 1 and left == 1:
                cards = {int(Card.KARO_ASS)}
            elif given == 0 and left < 2:
                cards.discard(Card.KARO_ASS)
        return [Action.armut_return(c) for c in sorted(cards)]

    def _armut(self, seat: int, action: int) -> None:
        if action not in self._legal_armut():
            step = self._armut_step()
            if step == "ask":
                raise IllegalAction("the Armut is offered: take or refuse it (seed 002, Gibt es Vorbehalte?)")
            if step == "lay":
                raise IllegalAction(
                    f"lay {self.rules.armut_cards} cards of your hand face down, all your trumps among them "
                    "(seed 002, Gibt es Vorbehalte?)"
                )
            raise IllegalAction(
                f"return {self.rules.armut_cards} cards of your hand"
                + (" and keep the Schweine together (seed 002, Sonderkarten)" if self._schwein_whole() else "")
            )
        poor = self.armut_poor
        assert poor is not None
        if Action.is_armut_lay(action):
            card = int(Action.card_of(action))
            self.hands[poor].remove(card)
            self.armut_laid.append(card)
            if self._armut_step() == "ask":
                self.current_player = (poor + 1) % 4
            return
        if action == Action.ARMUT_REFUSE:
            self.armut_answers[seat] = "refuse"
            nxt = (seat + 1) % 4
            if nxt != poor:
                self.current_player = nxt
            elif self.rules.armut_none == "redeal":
                self._throw_in("armut")
            else:
                self.hands[poor] = sorted(self.hands[poor] + self.armut_laid)
                self.armut_laid = []
                self.armut_withdrawn = True
                self.game_type, self.declarer, self.armut_poor = _NORMAL, None, None
                self._resolve_vorbehalte()
            return
        if action == Action.ARMUT_TAKE:
            self.armut_answers[seat] = "take"
            self.armut_taker = seat
            self.party[seat] = _RE
            self._armut_schweine(poor, seat)
            self.hands[seat] = sorted(self.hands[seat] + self.armut_laid)
            self.current_player = seat
            return
        taker = self.armut_taker
        assert taker is not None
        card = int(Action.card_of(action))
        self.hands[taker].remove(card)
        self.armut_returned.append(card)
        self.hands[poor] = sorted(self.hands[poor] + [card])
        if len(self.armut_returned) == self.rules.armut_cards:
            self._start_play(_ARMUT_GAME, poor)

    def _armut_schweine(self, poor: int, taker: int) -> None:
        """Seed 002 ("Wichtige Ausnahme ist hierbei die Armut"): the poor player announces his
        Schweine when a taker is found, the taker shows his own before taking; otherwise neither
        may build Schweine. The Superschweine are settled after the exchange (they can be built)."""
        rules = self.rules
        if rules.schweine != "on" or "armut" not in rules.schweine_games or rules.schweine_armut != "at_exchange":
            return
        if self.armut_laid.count(Card.KARO_ASS) == 2:
            self.schweine = poor
        elif self.hands[taker].count(Card.KARO_ASS) == 2:
            self.schweine = taker
        else:
            self.schweine_blocked = frozenset({poor, taker})
            return
        self._superschweine_after_exchange = rules.superschweine and rules.with_nines

    # -- Schweine (seed 000, Schweinchen; seed 002, Sonderkarten) ----------------------------------
    def _schweine_eligible(self, seat: int) -> bool:
        return (
            self._opts.schweine_on  # rules.schweine
            and self.schweine is None
            and self._opts.schweine_games[self.game_type]  # rules.schweine_games
            and seat not in self.schweine_blocked
            and _count(self.hands[seat], _KARO_ASS) == 2
        )

    def _schweine_action_legal(self, seat: int) -> bool:
        return self._opts.schweine_in_play and self._schweine_eligible(seat)  # rules.schweine_announce

    def _announce_schweine(self, seat: int) -> None:
        self.schweine = seat
        self._find_superschweine()
        self._update_order()

    def _find_superschweine(self) -> None:
        """Seed 002: whoever holds both Karo-Neunen when the Schweine are announced has the
        Superschweine (in an Armut: after the exchange)."""
        self._superschweine_after_exchange = False
        if self._opts.superschweine:  # rules.superschweine, with nines
            self.superschweine = next((s for s in range(4) if _count(self.hands[s], _KARO_NEUN) == 2), None)

    def _update_order(self) -> None:
        self.order = card_order(self.game_type, self.schweine is not None, self.superschweine is not None)

    # -- cards -----------------------------------------------------------------------------------
    def _legal_cards(self, seat: int, schweine_to_announce: bool | None = None) -> list[int]:
        """The cards ``seat`` may play now; ``schweine_to_announce`` is
        :meth:`_schweine_action_legal` when the caller knows it."""
        trick_cards = self.trick_cards
        group = self.order.group
        cards = _follow(self.hands[seat], group, group[trick_cards[0]] if trick_cards else -1)
        if schweine_to_announce is None:
            schweine_to_announce = self._schweine_action_legal(seat)
        if schweine_to_announce:
            # seed 000: the Schweine must be announced before the first Karo-Ass is played
            cards = [c for c in cards if c != _KARO_ASS]
        return cards

    # -- announcements ---------------------------------------------------------------------------

    def _in_time(self, seat: int, level: int, extra: int = 0) -> bool:
        """Whether ``level`` is still in time for ``seat``.

        By cards (TSR 6.2.2, 6.3.4): the announcer holds at least the deadline's number of cards,
        less ``extra`` for an Erwiderung and less one per trick before a Hochzeit's Klärungsstich
        (TSR 6.4.2). By tricks (seed 002, "Es geht los - Ansagen"), our reading: in time until
        ``announcement_tricks[level - 1]`` tricks and one more card are played ("vor dem Ausspielen
        der ersten, nach der ersten, nach der vierten oder nach der fünften Karte" for Re/Kontra),
        and never while the current trick holds two or more cards ("Aber nicht im laufenden
        Stich"); a Hochzeit moves the deadlines by the tricks before its Findungsstich."""
        shift = self.clarified_at
        if not (shift and self.game_type is _HOCHZEIT and self._opts.hochzeit_shift):
            shift = 0
        if self._opts.by_tricks:  # rules.announcement_timing, rules.announcement_tricks
            return len(self.trick_cards) <= 1 and len(self.tricks) <= self._opts.deadlines[level - 1] + shift
        # rules.announcement_deadlines
        return len(self.hands[seat]) >= self._opts.deadlines[level - 1] - shift - extra

    def _legal_levels(self, seat: int) -> list[int]:
        """The levels ``seat`` may announce now, ascending (see :meth:`_level_range`)."""
        low, high = self._level_range(seat)
        levels: list[int] = []
        for level in range(low, high):
            levels.append(level)
        return levels

    def _level_range(self, seat: int) -> tuple[int, int]:
        """The levels ``seat`` may announce now, TSR 6.2-6.4, as ``(first, last + 1)`` (a list
        would be made on every move); ``(0, 0)`` for none.

        Each level must be in time (:meth:`_in_time`). A higher level implies the lower ones not
        yet made, and each of them must still be in time (TSR 6.4.3); with
        ``announcement_skipping`` off only the next level may be said (seed 002: "Sprungansagen
        sind verboten"). The Ansage may come as an Erwiderung with ``reply_extra_cards`` fewer
        cards than the other side's announcement needed (by cards only: seed 002 "Für
        Gegenansagen gelten auch die genannten Fristen"); a party whose Ansage was too late for a
        first Ansage may not make Absagen (TSR 6.4.4).
        """
        phase = self.phase
        if phase is _CONCESSION:
            if seat != self.current_player:
                return (0, 0)
        elif phase is not _PLAY or self.partner_open:
            return (0, 0)
        opts = self._opts
        if not opts.by_tricks and self.game_type is not _HOCHZEIT:
            # by cards and without a Hochzeit's shift, no level (nor an Erwiderung) is in time with
            # fewer cards than the last deadline less the Erwiderung's extra cards (see _in_time)
            if len(self.hands[seat]) < opts.last_deadline:
                return (0, 0)
        mine = 0 if self.party[seat] is _RE else 1  # the index of its party (a Party indexes slowly)
        current = self.levels[mine]
        if current >= SCHWARZ or (current and not self.timely_ansage[mine]):
            return (0, 0)
        if current == 0 and not self._in_time(seat, ANSAGE):
            other = self.levels[1 - mine]
            if other and not opts.by_tricks and self._in_time(seat, other, opts.reply_extra):
                return (ANSAGE, ANSAGE + 1)  # Erwiderung only
            return (0, 0)
        top = current or ANSAGE
        for level in range(max(current + 1, KEINE_90), SCHWARZ + 1):
            if not self._in_time(seat, level):
                break
            top = level
        return (current + 1, top + 1 if opts.skipping else min(top, current + 1) + 1)

    def _obliged(self, seat: int) -> bool:
        """Pflichtansage (seed 002, "Es geht los - Ansagen": "Derjenige, der den ersten Stich
        macht und es liegen 30 oder mehr Punkte drin ist verpflichtet eine Ansage zu machen"),
        our reading: the winner of such a first trick must announce before he leads the second
        trick, unless his party has announced already or no announcement is in time for him."""
        return (
            self.must_announce == seat
            and self.levels[self.party[seat]] == 0
            and not self.trick_cards
            and bool(self._legal_levels(seat))
        )

    def announcement_label(self, action: int, seat: int) -> str:
        """Spoken name of an announcement action for ``seat``: Re, Kontra, keine 90, ..."""
        return level_label(Action.level(action), self.party[seat])

    def describe(self, action: int, seat: int | None = None) -> str:
        """Human-readable name of ``action`` (German terms)."""
        if Action.is_card(action):
            return Card(action).symbol
        if Action.is_announcement(action):
            return self.announcement_label(action, self.current_player if seat is None else seat)
        kind = Action.hochzeit_kind(action)
        if kind is not None:
            return f"Hochzeit ({_HOCHZEIT_LABELS[kind]})"
        if Action.is_vorbehalt(action):
            gt = Action.game_type(action)
            return "gesund" if gt is _NORMAL else gt.german
        if Action.is_armut_lay(action):
            return f"Armut: legt {Action.card_of(action).symbol}"
        if Action.is_armut_return(action):
            return f"Armut: gibt {Action.card_of(action).symbol} zurück"
        names = {
            Action.SCHMEISSEN: "Schmeißen",
            Action.BID: "reizt höher",
            Action.PASS: "passt",
            Action.SCHWEINE: "Schweine",
            Action.CLAIM: "Rest beansprucht (Spielabkürzung)",
            Action.CONCEDE: "gibt den Rest ab (Spielabkürzung)",
            Action.ARMUT_TAKE: "Armut: nimmt",
            Action.ARMUT_REFUSE: "Armut: nimmt nicht",
        }
        return names.get(action, Action.key(action))

    # -- transitions ---------------------------------------------------------------------------
    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the current player).

        Raises :class:`IllegalAction` naming the rule when the action is not legal now; the state
        is unchanged then.
        """
        current = self.current_player
        if seat is None or seat == current:
            # the seat to move: an action among its legal actions (kept from legal_actions) needs
            # no further check
            seat = current
            action = int(action)
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            if _holds(legal, action):
                phase = self.phase
                if phase is _PLAY:
                    if action < Action.ANNOUNCE_BASE:
                        self._do_play(seat, action)
                    elif action < _AFTER_ANNOUNCE:
                        self._do_announce(seat, action)
                    else:
                        self._do_call(seat, action)
                elif phase is _VORBEHALT:
                    self._do_declare(seat, action)
                else:
                    self._dispatch(seat, action)
                self._legal = None
                self.history.append((seat, action))
                return
        if seat not in range(4):
            raise IllegalAction(f"no seat {seat}: seats are 0..3")
        action = int(action)
        self._dispatch(seat, action)
        self._legal = None
        self.history.append((seat, action))

    def _dispatch(self, seat: int, action: int) -> None:
        """Check ``action`` of ``seat`` 0..3 against the rules (IllegalAction naming the rule, the
        state unchanged) and apply it."""
        if self.phase is _FINISHED:
            raise IllegalAction("the game is over")
        if Action.is_announcement(action):
            self._announce(seat, action)
        elif self.phase is _PLAY and action in (Action.SCHWEINE, Action.CLAIM, Action.CONCEDE):
            self._call(seat, action)
        elif seat != self.current_player:
            raise IllegalAction(f"it is seat {self.current_player}'s turn, not seat {seat}'s")
        elif self.phase is _VORBEHALT:
            self._declare(seat, action)
        elif self.phase is _ARMUT:
            self._armut(seat, action)
        elif self.phase is _BIDDING:
            self._bid(seat, action)
        elif self.phase is _CONCESSION:
            self._concession_pass(seat, action)
        else:
            self._play(seat, action)

    def _call(self, seat: int, action: int) -> None:
        """The Schweine, a claim or a concession, in turn or out of turn."""
        if self._obliged(seat):
            raise IllegalAction(
                "Pflichtansage: you won the first trick with "
                f"{self.rules.pflichtansage_augen} or more Augen and must announce first (seed 002)"
            )
        if action == Action.SCHWEINE:
            if not self._schweine_action_legal(seat):
                raise IllegalAction(
                    "no Schweine to announce now: both Karo-Asse in hand, in a game where they count, "
                    "announced before the first of them is played (rules schweine, schweine_announce)"
                )
            self._announce_schweine(seat)
        elif action == Action.CLAIM:
            if not self._claim_legal(seat, self._alone(seat)):
                raise IllegalAction(
                    f"claiming the rest is not allowed now (rule claim = {self.rules.claim!r}; "
                    "TSR 5.4.3, seed 000 Spielabkürzung)"
                )
            self._claim(seat)
        else:
            if not self._concede_legal(seat, self._alone(seat)):
                raise IllegalAction(
                    f"giving up the rest is not allowed now (rule concede = {self.rules.concede!r}; "
                    "only the soloist, TSR 5.4.6)"
                )
            self._concede(seat)

    def _do_call(self, seat: int, action: int) -> None:
        """Apply the Schweine, a claim or a concession known to be legal."""
        if action == Action.SCHWEINE:
            self._announce_schweine(seat)
        elif action == Action.CLAIM:
            self._claim(seat)
        else:
            self._concede(seat)

    def _announce(self, seat: int, action: int) -> None:
        level = Action.level(action)
        party = self.party[seat]
        if self.phase is _CONCESSION:
            if seat != self.current_player:
                raise IllegalAction("after a concession only the other party may announce, each in turn (TSR 5.4.7)")
        elif self.phase is not _PLAY:
            raise IllegalAction("announcements are made after the Vorbehaltsabfrage (TSR 6.3)")
        if self.partner_open:
            raise IllegalAction("in a Hochzeit announcements wait for the Klärungsstich (TSR 6.5)")
        current = self.levels[party]
        if level <= current:
            raise IllegalAction(f"{party.label} has already announced {level_label(current, party)}")
        legal = self._legal_levels(seat)
        if level not in legal:
            if legal and not self.rules.announcement_skipping and level > legal[0]:
                raise IllegalAction(
                    f"say {level_label(legal[0], party)} first: skipping levels is not allowed "
                    "(seed 002: Sprungansagen sind verboten)"
                )
            if self.rules.announcement_timing == "tricks":
                raise IllegalAction(
                    f"too late for {level_label(level, party)} after {len(self.tricks)} tricks and "
                    f"{len(self.trick_cards)} cards (deadlines {self.rules.announcement_tricks} tricks and one card; "
                    "never while a trick holds two or more cards; seed 002)"
                )
            raise IllegalAction(
                f"too late for {level_label(level, party)} with {len(self.hands[seat])} cards in hand "
                f"(deadlines {self.rules.announcement_deadlines}, TSR 6.3-6.5)"
            )
        self._do_announce(seat, action)

    def _do_announce(self, seat: int, action: int) -> None:
        """Apply an announcement known to be legal."""
        level = action - Action.ANNOUNCE_BASE + 1
        party = self.party[seat]
        if self.levels[party] == 0:
            self.timely_ansage[party] = self._in_time(seat, ANSAGE)
        self.levels[party] = level
        self.announcements.append(Announcement(seat, party, level, len(self.hands[seat])))

    def _play(self, seat: int, card: int) -> None:
        if not Action.is_card(card):
            raise IllegalAction(f"{Action.key(card)} is not a card play; play a card now")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"{Card(card).symbol} is not in your hand")
        if self._obliged(seat):
            raise IllegalAction(
                "Pflichtansage: you won the first trick with "
                f"{self.rules.pflichtansage_augen} or more Augen and must announce first (seed 002)"
            )
        if card not in self._legal_cards(seat):
            if card == Card.KARO_ASS and self._schweine_action_legal(seat):
                raise IllegalAction("announce the Schweine before playing a Karo-Ass (seed 000, Schweinchen)")
            raise IllegalAction(f"{Card(card).symbol}: you must follow the suit led (Bedienpflicht, TSR 5.2)")
        self._do_play(seat, card)

    def _do_play(self, seat: int, card: int) -> None:
        """Play a card known to be legal."""
        if card == _KARO_ASS and self._schweine_eligible(seat):
            self._announce_schweine(seat)  # seed 002: announced when the first Schwein is played
        elif card == _KARO_NEUN and seat == self.superschweine:
            self.superschweine_public = True
        self.must_announce = None
        hand = self.hands[seat]
        for i in range(len(hand)):  # hand.remove(card), as machine ints where compiled
            if hand[i] == card:
                hand.pop(i)
                break
        trick_cards = self.trick_cards
        trick_cards.append(card)
        self.trick_seats.append(seat)
        if len(trick_cards) < 4:
            self.current_player = (seat + 1) % 4
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        opts = self._opts
        cards, seats = self.trick_cards, self.trick_seats
        last = not self.hands[self.current_player]
        winner = seats[winner_index(self.order, cards, dulle_rule_says_second(opts.dulle, last))]  # rules.dulle
        trick = Trick(tuple(cards), tuple(seats), winner)
        self.tricks.append(trick)
        cards.clear()  # the lists of the next trick (a clone has its own)
        seats.clear()
        if self.partner_open:
            self._hochzeit_check(trick)
        self.leader = self.current_player = winner
        if opts.pflichtansage and len(self.tricks) == 1 and trick.augen >= opts.pflichtansage_augen:
            self.must_announce = winner
        if last:
            self.phase = _FINISHED

    def _hochzeit_check(self, trick: Trick) -> None:
        """The first trick within ``hochzeit_tricks`` of the kind ``hochzeit_rule`` that another
        player wins finds the partner (TSR 4.4.3: any trick; seed 000/002: the first Fehl or trump
        trick "in fremder Hand", a trick the Hochzeiter wins himself does not count); after that
        many tricks without one, the Hochzeit plays alone."""
        index = len(self.tricks) - 1
        trump_led = self.order.group[trick.cards[0]] == TRUMP
        kind = self.hochzeit_rule or "first_foreign"
        counts = kind == "first_foreign" or (kind == "first_trump") == trump_led
        if trick.winner != self.declarer and counts:
            self.party[trick.winner] = _RE
            self.partner_open = False
            self.clarified_at = index
        elif index + 1 >= self._opts.hochzeit_tricks:
            self.partner_open = False
            self.clarified_at = index

    # -- claiming the rest (Spielabkürzung) --------------------------------------------------------
    def _claim_legal(self, seat: int, alone: bool) -> bool:
        """Whether ``seat`` may claim the rest now (rule ``claim``: TSR 5.4.3, seed 000
        Spielabkürzung); ``alone`` is :meth:`_alone` of the seat."""
        how = self._opts.claim_mode  # rules.claim; the party test first: it fails for most seats and moves
        if how == "none" or (how != "anyone" and not alone):
            return False
        return self.phase is _PLAY and not self.partner_open and bool(self.hands[seat])

    def _concede_legal(self, seat: int, alone: bool) -> bool:
        """Whether ``seat`` may give up the rest now (rule ``concede``: TSR 5.4.6); ``alone`` is
        :meth:`_alone` of the seat."""
        return (
            self._opts.concede_mode == "soloist"  # rules.concede
            and alone  # first: it fails for most seats and moves
            and self.phase is _PLAY
            and not self.partner_open
            and bool(self.hands[seat])
        )

    def _alone(self, seat: int) -> bool:
        """Whether ``seat`` is the only player of its party (a soloist, TSR 5.4.3)."""
        party = self.party
        mine = party[seat]
        return (party[0] is mine) + (party[1] is mine) + (party[2] is mine) + (party[3] is mine) == 1

    def _search_order(self) -> CardOrder:
        """The order the rest would be played in: Schweine not yet announced count as announced
        (their holder announces them before or with the first Karo-Ass), with the Superschweine of
        whoever holds both Karo-Neunen now."""
        if self.schweine is None and any(self._schweine_eligible(s) for s in range(4)):
            nines = self.rules.superschweine and self.rules.with_nines
            superschweine = nines and any(h.count(Card.KARO_NEUN) == 2 for h in self.hands)
            return card_order(self.game_type, True, superschweine)
        return self.order

    def claim_holds(self, seat: int) -> bool:
        """Whether ``seat``'s party wins every remaining trick, the one in progress included,
        however the other party plays, if its party plays well (all hands known: an exact search
        over the remaining tricks, see :func:`wins_all_tricks`). TSR 5.4.4: a claimer who is not on
        lead takes the trick over.

        The pure-Python search with its sound shortcuts answers first; a position it cannot settle
        within ``CLAIM_SEARCH_LIMIT`` positions goes to the compiled solver
        :func:`doppelkopf.fast.solver.wins_all` (imported then; the same answers, checked in
        ``tests/test_house_play.py``) when the card order is the game's own (no Schweine still to be
        announced), and otherwise counts as not won (TSR 5.4.5: a claim that needs a particular
        order of play beyond playing from the top must say so)."""
        order = self._search_order()
        side = tuple(self.party[s] is self.party[seat] for s in range(4))
        held = search_all_tricks(self.hands, self.leader, side, order, self.rules, self.trick_cards)
        if held is None:
            held = order is self.order and _fast_wins_all(self, seat)
        return held

    def _claim(self, seat: int) -> None:
        """The claimer shows his cards and claims the rest (TSR 5.4.4; seed 000, Spielabkürzung).
        If his party wins every remaining trick whatever the others play (:meth:`claim_holds`),
        the remaining cards go to him; otherwise, seed 000: "Sollte die Gegenpartei doch noch einen
        Stich erzielen, so erhält diese die gesamten letzten Karten": they go to the first player
        of the other party after the claimer. Sonderpunkte the rest might have held are lost
        ("das persönliche Pech des Spielers"). The game ends at once."""
        held = self.claim_holds(seat)
        self.claim = (seat, held)
        self._give_rest(seat if held else self._first_opponent(seat))

    def _first_opponent(self, seat: int) -> int:
        side = self.party[seat]
        return next(s for s in ((seat + k) % 4 for k in range(1, 4)) if self.party[s] is not side)

    def _give_rest(self, winner: int) -> None:
        """The cards not yet played, the trick in progress completed from the hands, become
        tricks of ``winner`` (marked claimed: not played) and the game ends."""
        rest = [sorted(self.hands[s]) for s in range(4)]
        if self.trick_cards:
            cards, seats = list(self.trick_cards), list(self.trick_seats)
            while len(seats) < 4:
                s = (seats[-1] + 1) % 4
                seats.append(s)
                cards.append(rest[s].pop(0))
            self.tricks.append(Trick(tuple(cards), tuple(seats), winner, claimed=True))
            self.trick_cards, self.trick_seats = [], []
        order = tuple((winner + k) % 4 for k in range(4))
        for k in range(len(rest[winner])):
            self.tricks.append(Trick(tuple(rest[s][k] for s in order), order, winner, claimed=True))
        self.hands = [[] for _ in range(4)]
        self.partner_open = False
        self.leader = self.current_player = winner
        self.phase = _FINISHED

    def _concede(self, seat: int) -> None:
        """The soloist gives up the rest (TSR 5.4.6): the other party gets every remaining trick.
        First, each of its players in turn from the soloist's left may still make the
        announcements in time for him (TSR 5.4.7), then passes."""
        self.conceded_by = seat
        self.phase = _CONCESSION
        self.current_player = (seat + 1) % 4

    def _concession_pass(self, seat: int, action: int) -> None:
        if action != Action.PASS:
            raise IllegalAction(
                "after a concession the other party may only announce or pass; the cards are not played (TSR 5.4.7)"
            )
        nxt = (seat + 1) % 4
        if nxt == self.conceded_by:
            self._give_rest(self._first_opponent(nxt))
        else:
            self.current_player = nxt

    # -- results -------------------------------------------------------------------------------
    def summary(self) -> GameSummary:
        """The finished game as a :class:`GameSummary` for scoring; raises IllegalAction if it
        is not over or was thrown in (nothing to score). Claimed tricks count with their Augen
        for the party that got them, but hold no Sonderpunkte (seed 000, Spielabkürzung)."""
        if not self.is_terminal:
            raise IllegalAction("the game is not finished")
        if self.thrown_in:
            raise IllegalAction(
                "the game was thrown in (Schmeissen or an Armut nobody took): nothing to score, "
                "the same dealer deals again"
            )
        party = self.party
        re_seats = frozenset([s for s in range(4) if party[s] is _RE])
        re_tricks = [t for t in self.tricks if party[t.winner] is _RE]
        augen_re = sum([AUGEN[c] for t in re_tricks for c in t.cards])
        tricks_re = len(re_tricks)
        # (cards, seats, index of the winner): the seats of a played trick go clockwise from its leader
        played = [(t.cards, t.seats, (t.winner - t.seats[0]) % 4) for t in self.tricks if not t.claimed]
        count = len(played)
        claimed = count < len(self.tricks)
        if claimed:
            # a claimed rest: no real last trick; a placeholder without Augen, Fuchs or Karlchen
            # keeps "last trick" Sonderpunkte off the last trick played
            played.append(((int(Card.KREUZ_NEUN),) * 4, (0, 1, 2, 3), 0))
        extras = _sonderpunkte(played, party, self.rules)  # sonderpunkte_of_tricks
        if claimed:
            extras = tuple(e for e in extras if e.trick is None or e.trick < count)
        return GameSummary(
            self.game_type,
            re_seats,
            augen_re,
            tricks_re,
            len(self.tricks) - tricks_re,
            (self.levels[0], self.levels[1]),
            extras,
        )

    def score(self) -> Score:
        """Score the finished game (see :func:`doppelkopf.scoring.score`). A thrown-in game scores
        0 Punkte for every seat, with one item saying so. Raises IllegalAction if not finished."""
        if self.thrown_in:
            label = "Geschmissen" if self.thrown_reason == "schmeissen" else "Armut nicht genommen"
            label += ": neu geben"
            return Score(None, (ScoreItem("thrown_in", label, 0),), 0, (0, 0, 0, 0), False, 1, shares=(0, 0, 0, 0))
        return score(self.summary(), self.rules)

    # -- information ---------------------------------------------------------------------------
    def public_game_type(self, seat: int) -> GameType | None:
        if self.phase in (_VORBEHALT, _BIDDING) or self.thrown_in:
            return None
        if self.game_type is _STILLE_HOCHZEIT and seat != self.declarer:
            if self._played_count(Card.KREUZ_DAME, self.declarer) < 2:  # type: ignore[arg-type]
                return _NORMAL
        return self.game_type

    def _played_count(self, card: int, seat: int) -> int:
        n = 0
        for t in self.tricks:
            if not t.claimed:
                n += sum(1 for c, s in zip(t.cards, t.seats, strict=True) if c == card and s == seat)
        n += sum(1 for c, s in zip(self.trick_cards, self.trick_seats, strict=True) if c == card and s == seat)
        return n

    def known_parties(self) -> tuple[Party | None, ...]:
        """Parties made public by the game type, announcements and played Kreuz-Damen."""
        if self.phase in (_VORBEHALT, _BIDDING) or self.thrown_in:
            return (None,) * 4
        if self.claim is not None:
            return tuple(self.party)
        known: list[Party | None] = [None] * 4
        if self.game_type is _ARMUT_GAME:
            if self.armut_taker is None:
                known[self.armut_poor] = _RE  # type: ignore[index]
                return tuple(known)
            return tuple(self.party)
        public = self.public_game_type((self.declarer + 1) % 4 if self.declarer is not None else 0)
        if public is not None and (public.is_declared_solo or public is _STILLE_HOCHZEIT):
            return tuple(self.party)
        if self.game_type is _HOCHZEIT:
            if self.partner_open:
                known[self.declarer] = _RE  # type: ignore[index]
                return tuple(known)
            return tuple(self.party)
        for a in self.announcements:
            known[a.seat] = a.party
        for s in range(4):
            if self._played_count(Card.KREUZ_DAME, s):
                known[s] = _RE
        # Two known Re players settle the rest as Kontra. Two known Kontra players do not settle
        # the rest as Re: the game may be a Stille Hochzeit that looks normal (TSR 5.5.1).
        if known.count(_RE) == 2:
            known = [k if k is not None else _KONTRA for k in known]
        return tuple(known)

    def information_state(self, seat: int) -> InformationState:
        """What ``seat`` may see now (own hand, public play and announcements; no other hand; of
        an Armut exchange only the number of cards, unless the seat gave or took them)."""
        game_type = self.public_game_type(seat)
        known = self.known_parties()
        own_party: Party | None = None
        if self.phase in (_PLAY, _CONCESSION, _FINISHED) and not self.thrown_in:
            own_party = None if (self.partner_open and seat != self.declarer) else self.party[seat]
        elif self.phase is _ARMUT:
            own_party = known[seat]
        elif Card.KREUZ_DAME in self.hands[seat]:
            own_party = _RE
        vorbehalte = tuple(
            None if a is None else ("gesund" if a == Action.GESUND else "vorbehalt") for a in self.answers
        )
        declarer = self.declarer if game_type is not None and game_type is not _NORMAL else None
        superschweine = self.superschweine if (self.superschweine_public or seat == self.superschweine) else None
        insider = seat == self.armut_poor or (seat == self.armut_taker and self.armut_taker is not None)
        schweine = self.schweine if self.phase is not _VORBEHALT else None
        order = card_order(
            game_type if game_type is not None else _NORMAL, schweine is not None, superschweine is not None
        )
        return InformationState(
            seat=seat,
            hand=tuple(order.sorted_hand(self.hands[seat])),
            phase=self.phase,
            current_player=self.current_player,
            dealer=self.dealer,
            rules=self.rules,
            vorbehalte=vorbehalte,
            own_vorbehalt=self.declarations[seat],
            game_type=game_type,
            declarer=declarer,
            own_party=own_party,
            known_parties=known,
            tricks=tuple(self.tricks),
            trick=tuple(zip(self.trick_seats, self.trick_cards, strict=True)),
            leader=self.leader,
            announcements=tuple(self.announcements),
            hand_sizes=tuple(len(h) for h in self.hands),
            legal_actions=tuple(self.legal_actions(seat)),
            hochzeit_rule=self.hochzeit_rule if game_type is _HOCHZEIT else None,
            schweine=schweine,
            superschweine=superschweine,
            armut_answers=tuple(self.armut_answers),
            armut_count=len(self.armut_laid),
            armut_laid=tuple(self.armut_laid) if insider else (),
            armut_returned=tuple(self.armut_returned) if insider else (),
            bids=tuple(self.bids),
            bid_level=self.bid_level,
            must_announce=self.must_announce
            if self.must_announce is not None and self.phase is _PLAY and self._obliged(self.must_announce)
            else None,
            thrown_in=self.thrown_in,
            claim=self.claim,
        )

    # -- replay --------------------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        hands: Sequence[Iterable[int]],
        dealer: int,
        actions: Iterable[tuple[int, int]],
        seed: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
        forced_solo_seat: int | None = None,
    ) -> Game:
        """Rebuild a game from its deal and ``(seat, action)`` history; ``pflichtsolo_done`` must be
        the one of the original game (it decides Pflicht- or Lustsolo and who leads). Raises
        IllegalAction naming the position of the first illegal step."""
        game = cls(rules, hands, dealer, seed, pflichtsolo_done, forced_solo_seat)
        for index, (seat, action) in enumerate(actions):
            try:
                game.apply(action, seat)
            except IllegalAction as exc:
                try:
                    name = Action.key(action)
                except IllegalAction:
                    name = str(action)
                raise IllegalAction(f"action {index + 1} (seat {seat}, {name}): {exc}") from None
        return game


def _count(cards: list[int], card: int) -> int:
    """``cards.count(card)``, compared as machine ints where the core runs compiled."""
    n = 0
    for c in cards:
        if c == card:
            n += 1
    return n


def _holds(actions: list[int], action: int) -> bool:
    """``action in actions``, compared as machine ints where the core runs compiled (``in`` on a list
    compares Python objects one by one)."""
    for candidate in actions:
        if candidate == action:
            return True
    return False


#: The attributes of a Game where the class is compiled (mypyc keeps them in a C struct, without
#: ``__dict__``); empty for the pure-Python class.
_NATIVE_ATTRS: tuple[str, ...] = getattr(Game, "__mypyc_attrs__", ())


def _get_fields(game: Game) -> dict[str, object]:
    """Every attribute of ``game`` by name (shallow), for :meth:`Game.clone` and pickling."""
    if not _NATIVE_ATTRS:
        return dict(game.__dict__)
    return {name: getattr(game, name) for name in _NATIVE_ATTRS if hasattr(game, name)}


def _set_fields(game: Game, fields: dict[str, object]) -> None:
    """The attributes of :func:`_get_fields` onto a game made without a deal."""
    if not _NATIVE_ATTRS:
        game.__dict__.update(fields)
        return
    for name, value in fields.items():
        setattr(game, name, value)


def _unpickle_game(fields: dict[str, object]) -> Game:
    """A game from the attributes :meth:`Game.__reduce__` saved."""
    options = fields["_opts"]
    assert isinstance(options, _Options)
    return Game(options.rules, (), _fields=fields)


class _LazyWinsAll:
    """The claim check of :meth:`Game.claim_holds` for positions the pure-Python search cannot
    settle: the compiled solver, imported at its first use so that ``import doppelkopf`` stays
    fast; where numba is missing, such a claim counts as not won."""

    def __init__(self) -> None:
        self.function: Callable[[Game, int], bool] | None = None

    def __call__(self, game: Game, seat: int) -> bool:
        if self.function is None:
            try:
                from .fast.solver import wins_all

                self.function = wins_all
            except ImportError:
                self.function = _not_settled
        return self.function(game, seat)


def _not_settled(game: Game, seat: int) -> bool:
    return False


_fast_wins_all = _LazyWinsAll()


def random_game(rules: RuleSet, seed: int, dealer: int = 0) -> Game:
    """Play one game with uniformly random legal actions of the player to move (for tests and
    benchmarks). Announcements come only in turn."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=dealer)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game
