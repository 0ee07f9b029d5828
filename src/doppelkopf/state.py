"""The state of one game as data, and what a phase of the game asks for next.

:class:`GameState` holds every field of a game, in one place with its documented shape;
:class:`~doppelkopf.game.Game` is a GameState with the rules on top (legal actions, applying an
action, scoring, what each seat may see). The phase modules (:mod:`~doppelkopf.vorbehalte`,
:mod:`~doppelkopf.armut`, :mod:`~doppelkopf.announcements`, :mod:`~doppelkopf.claims`,
:mod:`~doppelkopf.schweine`) take a GameState, change its fields and return a :data:`Transition`
when the game must move on to another phase: :class:`StartPlay`, :class:`ThrowIn` or
:data:`ASK_AGAIN`. :class:`~doppelkopf.game.Game` carries the transitions out, so no phase module
calls back into the game.

:class:`GameOptions` (made once per rule set by :func:`game_options`) holds the options of a
:class:`~doppelkopf.rules.RuleSet` that the engine reads in every game or on every move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final

from .moves import Action, Announcement, Phase, Trick
from .order import CardOrder, card_order
from .rules import (
    Claim,
    Concede,
    Dulle,
    GameType,
    HochzeitPartner,
    Party,
    RuleSet,
    SchmeissenReason,
    SoloConflict,
    SoloLead,
    VorbehaltKind,
)
from .values import PerRuleSet, Record

__all__ = [
    "ASK_AGAIN",
    "STATE_FIELDS",
    "AskAgain",
    "GameOptions",
    "GameState",
    "StartPlay",
    "ThrowIn",
    "Transition",
    "copy_fields",
    "game_options",
    "state_fields",
]

#: The game types by number (an enum call is slow).
_GAME_TYPES: Final[tuple[GameType, ...]] = tuple(sorted(GameType))
# enum members read in every new game, as module constants (a global reads faster than an enum member)
_VORBEHALT: Final = Phase.VORBEHALT
_NORMAL: Final = GameType.NORMAL
_KONTRA: Final = Party.KONTRA


class GameOptions:
    """The options of one :class:`RuleSet` that the engine reads in every game or on every move,
    taken from it once (:func:`game_options`); each attribute is named after its rule.

    A RuleSet is a plain Python object: reading one of its fields costs more than a whole legality
    check of the compiled core. Each rule is still decided in the one function that reads it; only
    the lookup is done here, and derived values (the Vorbehalt answers of the allowed soli, the
    order of the Vorbehalte) are the rule set's own, computed once.

    Attributes by group:
        rules: the rule set itself.
        deal: ``with_nines``, ``cut_minimum``, ``deal_packets`` (TSR 3.3).
        announcements (TSR 6; seed 002): ``by_tricks`` (``announcement_timing = "tricks"``),
            ``deadlines`` (``announcement_tricks`` by tricks, else ``announcement_deadlines`` in
            cards), ``skipping``, ``reply_extra`` (``reply_extra_cards``), ``last_deadline`` (by
            cards: the fewest cards with which any announcement may still be in time),
            ``pflichtansage``, ``pflichtansage_augen``; FreeDoko's ``till_full_trick``
            (``announcement_till_full_trick``, by cards only), ``skips_passed`` (``absage_skips_passed``,
            with ``announcement_skipping`` only), ``pflichtansage_only_first``, ``pflichtansage_raises``,
            ``pflichtansage_hochzeit``.
        Hochzeit (TSR 4.4, 6.4.2): ``hochzeit_shift``, ``hochzeit_tricks``, ``hochzeit_early_ansage``,
            ``hochzeit_partner``, ``hochzeit_actions`` (its Vorbehalt answers), ``hochzeit_default``
            (the answer a plain Hochzeit stands for), ``hochzeit_first_trick_decides``.
        play: ``dulle``, ``solo_lead``, ``claim_mode`` (``claim``), ``concede_mode`` (``concede``).
        Schweine (seed 000, 002): ``schweine_on``, ``schweine_in_play`` (announced before the first
            play), ``schweine_optional``, ``schweine_with_card`` (the Schweine action comes in turn
            with the first Karo-Ass), ``schweine_first`` (the Karo-Ass waits until the Schweine are
            announced), ``schweine_at_vorbehalt``, ``schweine_games`` (per game type number),
            ``superschweine`` (the rule, with nines only).
        Genscher and Schweine variants (FreeDoko): ``genscher``, ``schweine_only_second``,
            ``superschweine_games`` (per game type number), ``superschweine_at_vorbehalt``
            (``superschweine_announce = "vorbehalt"``), ``schweine_with_superschweine``.
        Vorbehalte (TSR 4.1; seed 002): ``solo_actions`` (the Vorbehalt answers of the allowed soli,
            ascending), ``solo_conflict``, ``priority`` (``vorbehalt_priority`` with the kinds it
            leaves out last), ``armut``, ``armut_max_trumps``, ``schmeissen_reasons`` (``schmeissen``)
            and the thresholds ``schmeissen_nines``, ``schmeissen_kings``, ``schmeissen_nines_kings``,
            ``schmeissen_augen_low``, ``schmeissen_augen_high``.
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
        self.erwiderung: Final[bool] = rules.erwiderung  # FreeDoko 'announcement reply' (issue 26)
        self.last_deadline: Final[int] = min(rules.announcement_deadlines) - max(0, rules.reply_extra_cards)
        self.hochzeit_shift: Final[bool] = rules.hochzeit_shift
        self.hochzeit_tricks: Final[int] = rules.hochzeit_tricks
        self.hochzeit_early_ansage: Final[bool] = rules.hochzeit_early_ansage
        self.claim_mode: Final[Claim] = rules.claim
        self.concede_mode: Final[Concede] = rules.concede
        self.schweine_on: Final[bool] = rules.schweine == "on"
        self.schweine_in_play: Final[bool] = rules.schweine_announce == "before_first_play"
        self.schweine_optional: Final[bool] = rules.schweine_optional
        self.schweine_with_card: Final[bool] = rules.schweine_optional and rules.schweine_announce == "first_play"
        self.schweine_first: Final[bool] = self.schweine_in_play and not rules.schweine_optional
        self.schweine_at_vorbehalt: Final[bool] = rules.schweine_announce == "vorbehalt"
        schweine_games = set(rules.schweine_games)
        self.schweine_games: Final[tuple[bool, ...]] = tuple([g.key in schweine_games for g in _GAME_TYPES])
        self.superschweine: Final[bool] = rules.superschweine and rules.with_nines
        # Genscher and the Schweine variants (issue 26, helper genscher)
        self.genscher: Final[bool] = rules.genscher
        self.schweine_only_second: Final[bool] = rules.schweine_only_second
        superschweine_games = set(rules.superschweine_games)
        self.superschweine_games: Final[tuple[bool, ...]] = tuple([g.key in superschweine_games for g in _GAME_TYPES])
        self.superschweine_at_vorbehalt: Final[bool] = rules.superschweine_announce == "vorbehalt"
        self.schweine_with_superschweine: Final[bool] = rules.schweine_with_superschweine
        self.with_nines: Final[bool] = rules.with_nines
        self.cut_minimum: Final[int] = rules.cut_minimum
        self.deal_packets: Final[tuple[int, ...]] = tuple(rules.deal_packets)
        self.dulle: Final[Dulle] = rules.dulle
        self.dullen: Final[bool] = rules.dullen  # TSR 2.3.1; FreeDoko 'Dollen' (issue 26)
        self.dulle_first_with_schweine: Final[bool] = rules.dulle_first_with_schweine
        self.pflichtansage: Final[bool] = rules.pflichtansage
        self.pflichtansage_augen: Final[int] = rules.pflichtansage_augen
        self.solo_lead: Final[SoloLead] = rules.solo_lead
        self.solo_conflict: Final[SoloConflict] = rules.solo_conflict
        # the Vorbehalt answers (TSR 4.1; seed 002, "Gibt es Vorbehalte?")
        self.solo_actions: Final[tuple[int, ...]] = tuple(
            sorted({Action.vorbehalt(GameType.parse(name)) for name in rules.solo_types})
        )
        self.hochzeit_actions: Final[tuple[int, ...]] = (
            tuple(sorted({Action.hochzeit(kind) for kind in rules.hochzeit_choices}))
            if rules.hochzeit_partner == "choice"
            else (Action.vorbehalt(GameType.HOCHZEIT),)
        )
        self.hochzeit_partner: Final[HochzeitPartner] = rules.hochzeit_partner
        # a plain Hochzeit (no trick named) under choice takes the house's default, the first of
        # hochzeit_choices (seed 002: "wenn nichts anderes gesagt ist"); see vorbehalte.plain_hochzeit
        self.hochzeit_default: Final[int] = (
            self.hochzeit_actions[0]
            if rules.hochzeit_partner != "choice"
            else (Action.hochzeit(rules.hochzeit_choices[0]))
        )
        self.armut: Final[bool] = rules.armut
        self.armut_max_trumps: Final[int] = rules.armut_max_trumps
        self.schmeissen_reasons: Final[tuple[SchmeissenReason, ...]] = tuple(rules.schmeissen)
        self.schmeissen_nines: Final[int] = rules.schmeissen_nines
        self.schmeissen_kings: Final[int] = rules.schmeissen_kings
        self.schmeissen_nines_kings: Final[int] = rules.schmeissen_nines_kings
        self.schmeissen_augen_low: Final[int] = rules.schmeissen_augen_low
        self.schmeissen_augen_high: Final[int] = rules.schmeissen_augen_high
        listed = list(rules.vorbehalt_priority)
        solo: list[VorbehaltKind] = ["solo"] if "solo" in listed else ["pflichtsolo", "lustsolo"]
        self.priority: Final[tuple[VorbehaltKind, ...]] = tuple(
            listed + [k for k in (*solo, "schmeissen", "armut", "hochzeit") if k not in listed]
        )
        # announcements and Hochzeit (issue 26: FreeDoko's announcement and marriage rules)
        self.till_full_trick: Final[bool] = rules.announcement_till_full_trick and not by_tricks
        self.skips_passed: Final[bool] = rules.absage_skips_passed and rules.announcement_skipping
        self.pflichtansage_only_first: Final[bool] = rules.pflichtansage_only_first
        self.pflichtansage_raises: Final[bool] = rules.pflichtansage_raises
        self.pflichtansage_hochzeit: Final[bool] = rules.pflichtansage_hochzeit
        self.hochzeit_first_trick_decides: Final[bool] = rules.hochzeit_first_trick_decides

    def __reduce__(self) -> tuple[Callable[[RuleSet], GameOptions], tuple[RuleSet]]:
        return (game_options, (self.rules,))


_OPTIONS: Final = PerRuleSet(GameOptions)


def game_options(rules: RuleSet) -> GameOptions:
    """The :class:`GameOptions` of ``rules``, made once per rule set (and kept while it lives)."""
    return _OPTIONS.get(rules)


@dataclass(init=False, eq=False, repr=False)
class GameState:
    """Every field of one game; :class:`~doppelkopf.game.Game` is one. Seats are 0..3 clockwise,
    cards the ints 0..23 of :class:`~doppelkopf.cards.Card`, parties and game types the enums of
    :mod:`~doppelkopf.rules`. Lists are the game's own (a clone copies them, see :func:`copy_fields`).

    ``GameState(options, hands, dealer, seed, pflichtsolo_done, games_left_in_round, forced_solo_seat)``
    is a game just dealt (``hands`` sorted, taken as they are), before the Vorbehaltsabfrage: the seat
    left of ``dealer`` answers first, or ``forced_solo_seat`` names its solo (TSR 4.1, 4.2.3). It checks
    nothing (:class:`~doppelkopf.game.Game` does).

    Attributes by group:
        setup: ``options`` (:class:`GameOptions` of the rule set), ``dealer``, ``seed`` (of the deal,
            or ``None``), ``pflichtsolo_done`` (per seat, TSR 4.2), ``games_left_in_round`` (from a
            session, or ``None``), ``forced_solo_seat`` (Vorführung, TSR 4.2.3), ``forced_kind`` (the
            kind of solo it owes: ``None`` or ``"solo"`` any, ``"farbsolo"``, ``"bildersolo"``,
            ``"farbsolo_or_bildersolo"``), ``initial_hands`` (the deal), ``hands`` (the cards held now, each
            list sorted ascending).
        turn: ``phase`` (:class:`~doppelkopf.moves.Phase`), ``current_player``, ``history`` (the
            applied ``(seat, action)`` pairs).
        Vorbehalte (TSR 4.1): ``answers`` (per seat the answer action, or ``None``), ``declarations``
            (per seat the game type of a Vorbehalt, or ``None``), ``armut_withdrawn`` (poor players
            whose Armut nobody took, ``armut_none = "normal"``: as if gesund).
        bidding (``solo_conflict = "bidding"``): ``bid_active`` (seats still bidding), ``bid_holder``,
            ``bid_level`` (announcement levels bid), ``bids`` (``(seat, "raise" | "pass")``).
        Armut (seed 002): ``armut_poor``, ``armut_taker``, ``armut_laid``, ``armut_returned`` (the
            exchanged cards), ``armut_answers`` (per seat ``"take"``, ``"refuse"`` or ``None``).
        the game: ``game_type``, ``declarer`` (soloist, Hochzeiter or poor player), ``pflichtsolo``
            (the solo is the soloist's Pflichtsolo), ``party`` (per seat), ``order`` (the card
            order now), ``partner_open`` (a Hochzeit partner not yet found), ``clarified_at`` (index
            of the Hochzeit's Klärungsstich), ``hochzeit_rule`` (the trick kind that finds the
            partner).
        Schweine (seed 000, 002; :mod:`~doppelkopf.schweine`): ``schweine`` (the seat that announced
            them), ``superschweine`` (the seat holding them), ``superschweine_public``,
            ``schweine_blocked`` (seats that may not make Schweine: Armut players, a holder who
            played a Karo-Ass as a plain one), ``schwein_to_play`` (announced in turn: the first of
            them comes next), ``superschweine_after_exchange`` (settle the Superschweine when the
            play starts, after an Armut exchange), ``schweine_pending`` (``schweine_only_second``: the
            seat whose Schweine are announced but rank only once its first Karo-Ass is home).
        Genscher (:mod:`~doppelkopf.genscher`): ``genscher`` (the seat that took it, or ``None``),
            ``genscher_partner`` (the seat it named), ``genscher_to_play`` (its first Karo-König comes next).
        play: ``tricks`` (finished), ``trick_cards`` and ``trick_seats`` (the trick in progress),
            ``leader``.
        announcements (TSR 6): ``levels`` (per party index, Re 0 and Kontra 1: the level announced,
            0 none), ``timely_ansage`` (per party: its Ansage was in time for a first Ansage, TSR
            6.4.4), ``announcements`` (in order), ``must_announce`` (the seat under the Pflichtansage,
            seed 002).
        end: ``thrown_in``, ``redeal_same_dealer``, ``thrown_reason`` (``"schmeissen"``, ``"armut"``
            or ``"armut_declared"``, see :class:`ThrowIn`), ``claim`` (``(seat, held)`` after a claim
            of the rest), ``conceded_by`` (the soloist who gave up the rest, TSR 5.4.6).
    """

    options: GameOptions
    dealer: int
    seed: int | None
    pflichtsolo_done: tuple[bool, ...]
    games_left_in_round: int | None
    forced_solo_seat: int | None
    forced_kind: str | None
    initial_hands: tuple[tuple[int, ...], ...]
    hands: list[list[int]]
    phase: Phase
    current_player: int
    history: list[tuple[int, int]]
    answers: list[int | None]
    declarations: list[GameType | None]
    armut_withdrawn: frozenset[int]
    bid_active: list[int]
    bid_holder: int | None
    bid_level: int
    bids: list[tuple[int, str]]
    armut_poor: int | None
    armut_taker: int | None
    armut_laid: list[int]
    armut_returned: list[int]
    armut_answers: list[str | None]
    game_type: GameType
    declarer: int | None
    pflichtsolo: bool
    party: list[Party]
    order: CardOrder
    partner_open: bool
    clarified_at: int | None
    hochzeit_rule: str | None
    schweine: int | None
    superschweine: int | None
    superschweine_public: bool
    schweine_blocked: frozenset[int]
    schwein_to_play: bool
    superschweine_after_exchange: bool
    schweine_pending: int | None
    genscher: int | None
    genscher_partner: int | None
    genscher_to_play: bool
    tricks: list[Trick]
    trick_cards: list[int]
    trick_seats: list[int]
    leader: int
    levels: list[int]
    timely_ansage: list[bool]
    announcements: list[Announcement]
    must_announce: int | None
    thrown_in: bool
    redeal_same_dealer: bool
    thrown_reason: str | None
    claim: tuple[int, bool] | None
    conceded_by: int | None

    def __init__(
        self,
        options: GameOptions,
        hands: list[list[int]],
        dealer: int,
        seed: int | None,
        pflichtsolo_done: tuple[bool, ...],
        games_left_in_round: int | None,
        forced_solo_seat: int | None,
    ) -> None:
        # (no docstring: a compiled __init__ shows the class's, see the class docstring)
        self.options = options
        self.dealer = dealer
        self.seed = seed
        self.pflichtsolo_done = pflichtsolo_done
        self.games_left_in_round = games_left_in_round
        self.forced_solo_seat = forced_solo_seat
        self.forced_kind = None  # Game sets the kind of solo a forced seat owes (farb_/bilder_pflichtsoli)
        self.hands = hands
        self.initial_hands = tuple([tuple(h) for h in hands])
        self.phase = _VORBEHALT
        self.current_player = (dealer + 1) % 4 if forced_solo_seat is None else forced_solo_seat
        self.history = []
        self.answers = [None] * 4
        self.declarations = [None] * 4
        self.armut_withdrawn = frozenset()
        self.bid_active = []
        self.bid_holder = None
        self.bid_level = 0
        self.bids = []
        self.armut_poor = None
        self.armut_taker = None
        self.armut_laid = []
        self.armut_returned = []
        self.armut_answers = [None] * 4
        self.game_type = _NORMAL
        self.declarer = None
        self.pflichtsolo = False
        self.party = [_KONTRA] * 4
        self.order = card_order(_NORMAL, dullen=options.dullen)
        self.partner_open = False
        self.clarified_at = None
        self.hochzeit_rule = None
        self.schweine = None
        self.superschweine = None
        self.superschweine_public = False
        self.schweine_blocked = frozenset()
        self.schwein_to_play = False
        self.superschweine_after_exchange = False
        self.schweine_pending = None
        self.genscher = None
        self.genscher_partner = None
        self.genscher_to_play = False
        self.tricks = []
        self.trick_cards = []
        self.trick_seats = []
        self.leader = self.current_player
        self.levels = [0, 0]
        self.timely_ansage = [False, False]
        self.announcements = []
        self.must_announce = None
        self.thrown_in = False
        self.redeal_same_dealer = False
        self.thrown_reason = None
        self.claim = None
        self.conceded_by = None


#: The names of the fields of :class:`GameState`, in order.
STATE_FIELDS: Final[tuple[str, ...]] = tuple([f.name for f in dataclasses.fields(GameState)])


def state_fields(state: GameState) -> dict[str, object]:
    """Every field of ``state`` by name (shallow): what a copy or a pickle of a game starts from."""
    return {name: getattr(state, name) for name in STATE_FIELDS}


def copy_fields(target: GameState, fields: dict[str, object]) -> None:
    """Set ``fields`` (from :func:`state_fields`) onto ``target``, each list copied and a list of
    lists (the hands) one level deeper, so that target and source change independently; the other
    values (tuples, frozensets, records, enums) are immutable and shared."""
    for name, value in fields.items():
        if isinstance(value, list):
            value = [list(v) for v in value] if value and isinstance(value[0], list) else list(value)
        setattr(target, name, value)


class StartPlay(Record):
    """The Vorbehalte (or the Armut exchange) are settled: play ``game_type`` with ``declarer`` (the
    soloist, Hochzeiter or poor player; ``None`` in a normal game). The game settles the parties and
    the first leader, and the Schweine that are announced at the start."""

    _fields: ClassVar[tuple[str, ...]] = ("game_type", "declarer")

    def __init__(self, game_type: GameType, declarer: int | None) -> None:
        self.game_type: Final = game_type
        self.declarer: Final = declarer


class ThrowIn(Record):
    """The game is thrown in without play (``reason``: ``"schmeissen"``, ``"armut"`` for an Armut
    nobody took under ``armut_none = "redeal"``, or ``"armut_declared"`` for an Armut declared under
    ``armut_exchange = false``): the same dealer deals again."""

    _fields: ClassVar[tuple[str, ...]] = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason: Final = reason


class AskAgain:
    """The Vorbehalte are resolved again (:func:`doppelkopf.vorbehalte.resolve_vorbehalte`): an Armut
    nobody took was withdrawn (``armut_none = "normal"``). Use the one instance :data:`ASK_AGAIN`."""


#: The one :class:`AskAgain`.
ASK_AGAIN: Final = AskAgain()

#: What a phase function returns: the next phase to carry out, or ``None`` when the game goes on in
#: the phase the function left it in.
Transition = StartPlay | ThrowIn | AskAgain | None
