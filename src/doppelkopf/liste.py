"""The Liste of a sitting, computed from the games as the table entered them.

A real table plays with real cards; someone writes the list (seed 004, "Die Liste führen"). Here the
games of a sitting are stored as *entries*, the table's own words, and everything else is computed
from them by the core, in order: the Punkte of each game (:func:`doppelkopf.scoring.score`), the Bock
multiplier of each game and the Bock games still owed, the dealer and who sits out, the Pflichtsoli
owed (TSR 4.2), the running totals and their zero-sum check after every row, and the settlement in
money. Nothing here does I/O: storage, the web app and the CLI keep the entries and show the result.

An entry is one of two mappings:

* **full**: the game fields of a ``doko score`` entry (:data:`doppelkopf.entry.GAME_FIELDS`:
  ``game``, ``re``, ``augen_re``, ``tricks_re``, ``tricks_kontra``, ``announcements``, ``extras``;
  see :mod:`doppelkopf.entry`). Players and rules come from the
  sitting; the Bock is derived, never typed.
* **quick**, for tables that only write the value: ``{"winners": [names], "punkte": n}`` and
  optionally ``"game"`` (a game type key, e.g. ``"kreuz"``), ``"pflichtsolo"`` and ``"events"``
  (the Bock triggers of ``rules.bock_triggers`` the table saw, e.g. ``["spaltarsch"]``; a lost solo
  and a Nullspiel are derived). The losers are the other players of the game; a solo is split 3:1
  (:meth:`doppelkopf.session.Session.record_quick`).

Whether a solo was its player's Pflichtsolo is derived as the dealer is (option ``pflichtsolo``, TSR 4.2.3:
"a solo is the Pflichtsolo while its player has none in this round"); an entry may say ``"pflichtsolo":
true`` or ``false``, and one that contradicts the rule is refused with the reason.

Both forms take an optional ``"dealer"`` (a name): who dealt the game, as the table saw it. The rotation
goes on from there, so a game keeps its dealer (and who sat out) when an earlier game is deleted or
corrected; a store writes the dealer of each game into its entry when the game is entered.

Names in entries match the sitting's players in any Unicode normal form and case
(:func:`doppelkopf.names.name_key`). With five to seven players, those who sit out
(:func:`doppelkopf.session.sitting_out`, option ``sit_out``) get 0 Punkte and cannot be named.

Seed 004's three games ("Die Liste führen"):

>>> from doppelkopf.rules import get_preset
>>> games = [
...     {"game": "kreuz", "re": ["Anna"], "augen_re": 190},
...     {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 151, "announcements": {"re": ["re"]},
...      "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}]},
...     {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 140,
...      "announcements": {"re": ["re", "keine_90"]}},
... ]
>>> liste = compute_liste(get_preset("vier-schritte"), ["Anna", "Ben", "Carla", "Dirk"], games)
>>> [row.totals for row in liste.rows]
[(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]
>>> [row.label for row in liste.rows]
['Kreuzsolo Anna +9', 'Re Ben & Carla +4', 'Re Ben & Carla verliert −5']
>>> [f"{t.payer} zahlt {t.payee} {t.cents} ct" for t in liste.settlement(10)]
['Ben zahlt Anna 40 ct', 'Carla zahlt Anna 40 ct', 'Dirk zahlt Anna 20 ct']

The same list in quick mode, as a table that writes only the value:

>>> quick = [{"winners": ["Anna"], "punkte": 3, "game": "kreuz"}, {"winners": ["Ben", "Carla"], "punkte": 4},
...          {"winners": ["Anna", "Dirk"], "punkte": 5}]
>>> compute_liste(get_preset("vier-schritte"), ["Anna", "Ben", "Carla", "Dirk"], quick).totals
{'Anna': 10, 'Ben': -4, 'Carla': -4, 'Dirk': -2}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .entry import GAME_FIELDS, EntryError, extra_limits, parse_game, parse_names
from .jsonutil import short_repr, type_name
from .messages import TextError
from .names import name_key
from .rules import ANSAGE, LEVEL_KEYS, GameType, Party, RuleError, RuleSet
from .scoring import GameSummary, ScoreError, scored_as_solo
from .session import (
    BOCK_TRIGGERS,
    MAX_PLAYERS_AT_TABLE,
    MAX_QUICK_PUNKTE,
    PLAYERS_AT_TABLE,
    QUICK_DERIVED_TRIGGERS,
    SIT_OUT,
    GameSetup,
    Session,
    SessionError,
    sitting_out,
    sitting_over,
)
from .sheet import SheetError, Transfer, settle, written_points

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "QUICK_FIELDS",
    "SIT_OUT",
    "Liste",
    "ListeBuilder",
    "ListeError",
    "ListeRow",
    "NextGame",
    "check_game_entry",
    "compute_liste",
    "entry_form",
    "game_entry",
    "sitting_out",
]

MIN_PLAYERS, MAX_PLAYERS = PLAYERS_AT_TABLE, MAX_PLAYERS_AT_TABLE

#: Fields of a quick entry (the table writes only the value).
QUICK_FIELDS = ("winners", "punkte", "game", "pflichtsolo", "events", "dealer", "joins", "leaves")
#: Fields a full entry has besides the game fields of :data:`doppelkopf.entry.GAME_FIELDS`.
TABLE_FIELDS = ("pflichtsolo", "dealer", "joins", "leaves")


class ListeError(TextError):
    """An entry or a sitting that does not fit; the one-line message names the game and the field,
    e.g. ``game 3: augen_re: 250 is outside 0..240`` or ``game 2: re[0]: 'Eva' sits out this game``."""


@dataclass(frozen=True)
class ListeRow:
    """One game on the Liste, as computed from its entry.

    Attributes:
        number: the game's number on the list, 1-based.
        label: what the game was, in seed 004's style (``"Kreuzsolo Anna +9"``, ``"Re Ben & Carla verliert −5"``).
        dealer: the dealer's name.
        sitting_out: names of the players who sat out (empty with four players).
        active: the four players of the game, in seating order.
        points: Punkte per player of the sitting (column order), the Bock applied, 0 for those who sat out;
            they sum to zero.
        multiplier: the Bock multiplier: 1, 2 (Bock), 4 (Doppelbock).
        totals: running totals in Punkte after this game (column order); they sum to zero.
        triggers: the Bock triggers the game fired (keys of :data:`doppelkopf.session.BOCK_TRIGGERS`).
        pflichtsolo: the game was the soloist's Pflichtsolo (TSR 4.2).
        quick: entered in quick mode (winners and Punkte only).
        game: the game type's key (``"normal"``, ``"kreuz"`` ...), ``None`` for a quick entry without it.
        re, kontra: names of the parties; both empty for a quick entry (its sides are winners and losers).
        winners: names of the party that won the game (empty when nobody reached its goal); in a quick entry
            the winners the table named.
        solo: scored as a solo (one against three).
        soloist: the soloist's name, or ``None``.
        announced: highest announcement of each party, ``{"re": level, "kontra": level}``: 0 none,
            1 Re/Kontra, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz (0 and 0 for a quick entry).
        value: the game's value in Punkte before the Bock, from the winners' side (from Re's side when nobody
            won): what each winner gets from each loser; negative when the other party's Sonderpunkte outweigh
            the game (Re wins with 125 Augen, Kontra has a Fuchs and a Doppelkopf: −1).
        written: the Punkte as the Liste writes them under ``liste_counting`` plus or minus
            (:func:`doppelkopf.sheet.written_points`), ``None`` under plus_minus (then :attr:`points`).
        shift: what every column's written running total is above :attr:`totals` after this game (the sum of
            the rows' shifts under ``liste_counting`` plus or minus; 0 under plus_minus).
    """

    number: int
    label: str
    dealer: str
    sitting_out: tuple[str, ...]
    active: tuple[str, ...]
    points: tuple[int, ...]
    multiplier: int
    totals: tuple[int, ...]
    triggers: tuple[str, ...]
    pflichtsolo: bool
    quick: bool
    game: str | None
    re: tuple[str, ...]
    kontra: tuple[str, ...]
    winners: tuple[str, ...]
    solo: bool
    soloist: str | None
    announced: dict[str, int]
    value: int
    written: tuple[int, ...] | None = None
    shift: int = 0

    @property
    def written_points(self) -> tuple[int, ...]:
        """The game's Punkte per column as the Liste writes them (option ``liste_counting``)."""
        return self.points if self.written is None else self.written

    @property
    def written_totals(self) -> tuple[int, ...]:
        """The running totals per column as the Liste writes them (option ``liste_counting``); under plus or
        minus they do not sum to zero, the balanced :attr:`totals` settle the money."""
        return tuple(t + self.shift for t in self.totals)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (tuples as lists); :meth:`from_dict` reads it back."""
        extra: dict[str, Any] = {} if self.written is None else {"written": list(self.written), "shift": self.shift}
        return {
            **extra,
            "number": self.number,
            "label": self.label,
            "dealer": self.dealer,
            "sitting_out": list(self.sitting_out),
            "active": list(self.active),
            "points": list(self.points),
            "multiplier": self.multiplier,
            "totals": list(self.totals),
            "triggers": list(self.triggers),
            "pflichtsolo": self.pflichtsolo,
            "quick": self.quick,
            "game": self.game,
            "re": list(self.re),
            "kontra": list(self.kontra),
            "winners": list(self.winners),
            "solo": self.solo,
            "soloist": self.soloist,
            "announced": dict(self.announced),
            "value": self.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListeRow:
        """A row from :meth:`to_dict` data (as stored; trusted, not re-checked)."""
        tuples = {"sitting_out", "active", "points", "totals", "triggers", "re", "kontra", "winners", "written"}
        fields: dict[str, Any] = {key: tuple(value) if key in tuples else value for key, value in data.items()}
        return cls(**fields)


@dataclass(frozen=True)
class NextGame:
    """The next game of the sitting: its number, dealer, who plays and who sits out, its Bock
    multiplier and the player who must play a Pflichtsolo now (Vorführung, TSR 4.2.3) or ``None``."""

    number: int
    dealer: str
    sitting_out: tuple[str, ...]
    active: tuple[str, ...]
    bock_multiplier: int
    forced_solo: str | None


@dataclass(frozen=True)
class Liste:
    """The computed Liste of a sitting.

    Attributes:
        players: the names in seating order (the columns).
        rows: the games, oldest first.
        totals: each player's running total in Punkte; they sum to zero.
        bock_queue: the Bock multipliers of the games still owed, next game first (empty without Bock).
        pflichtsolo_owed: names still owing their Pflichtsolo in this round (empty without the rule).
        round: the current round (1-based); games_in_round: games played in it.
        next: the next game.
        written_totals: each player's total as the Liste writes it (option ``liste_counting``; the same as
            ``totals`` under plus_minus).
        over: why the sitting is over (``"sitting_rounds"``, ``"sitting_points"``; see
            :attr:`doppelkopf.session.Session.over`), ``None`` while it goes on.
    """

    players: tuple[str, ...]
    rows: tuple[ListeRow, ...]
    totals: dict[str, int]
    bock_queue: tuple[int, ...]
    pflichtsolo_owed: tuple[str, ...]
    round: int
    games_in_round: int
    next: NextGame
    written_totals: dict[str, int] | None = None
    over: str | None = None

    def settlement(self, cents_per_point: int) -> list[Transfer]:
        """The fewest transfers settling the totals at ``cents_per_point`` cents per Punkt (seed 004,
        "Abrechnen in Geld"); see :func:`doppelkopf.sheet.settle`. Raises SheetError for a bad rate."""
        return settle(self.totals, cents_per_point)


class ListeBuilder:
    """Builds a Liste game by game; :func:`compute_liste` is the one-call form.

    :meth:`snapshot` and :meth:`resume` let a store continue a long sitting from its last game
    instead of replaying all of them (the state is a few numbers: deal, round, Pflichtsoli, Bocks, totals).

    Raises:
        ListeError: fewer than four or more than seven players, a name twice, an unknown ``sit_out``.
    """

    def __init__(
        self, rules: RuleSet, players: Sequence[str], sit_out: str = "dealer", absent: Sequence[str] = ()
    ) -> None:
        try:
            keys = [name_key(p) if isinstance(p, str) else p for p in players]
            missing = [a for a in absent if name_key(a) not in keys]
            if missing:
                raise ListeError("absent: {name!r} is not a player of the sitting", name=missing[0])
            gone = [keys.index(name_key(a)) for a in absent]
            self._session = Session(rules, players, sit_out, gone)
        except (SessionError, SheetError) as exc:
            raise ListeError(exc) from None
        self._session.pflichtsolo_in_labels = False  # ListeRow.pflichtsolo says it
        self.rules = rules
        self.players = self._session.players
        self._keys = {name_key(p): i for i, p in enumerate(self.players)}
        self._totals = [0] * len(self.players)
        self._shift = 0  # written totals minus balanced totals (liste_counting plus or minus)
        self.rows: list[ListeRow] = []

    # -- state ----------------------------------------------------------------------------------------
    @property
    def number(self) -> int:
        """Games on the list so far."""
        return self._session.games

    def snapshot(self) -> dict[str, Any]:
        """Plain JSON data of the state after the last game (see :meth:`resume`)."""
        shift = {} if self.rules.liste_counting == "plus_minus" else {"shift": self._shift}
        return {**self._session.snapshot(), "totals": list(self._totals), **shift}

    @classmethod
    def resume(
        cls, rules: RuleSet, players: Sequence[str], snapshot: Mapping[str, Any], sit_out: str = "dealer"
    ) -> ListeBuilder:
        """A builder that continues after the game whose :meth:`snapshot` is given (``rows`` starts empty).

        Raises:
            ListeError: a snapshot that does not fit these players.
        """
        builder = cls(rules, players, sit_out)
        totals = snapshot.get("totals")
        n = len(builder.players)
        if not isinstance(totals, list) or len(totals) != n or not all(type(t) is int for t in totals):
            raise ListeError(
                "snapshot.totals: expected {n} integers, got {short_repr}", n=n, short_repr=short_repr(totals)
            )
        if sum(totals) != 0:
            raise ListeError("snapshot.totals: the totals sum to {sum:+d}, not zero", sum=sum(totals))
        try:
            builder._session.restore(dict(snapshot))
        except SessionError as exc:
            raise ListeError(exc) from None
        builder._totals = list(totals)
        shift = snapshot.get("shift", 0)
        if type(shift) is not int:
            raise ListeError("snapshot.shift: expected an integer, got {short_repr}", short_repr=short_repr(shift))
        builder._shift = shift
        return builder

    def next_game(self) -> NextGame:
        """The next game: number, dealer, players, Bock, forced soloist."""
        turn = self._session.turn()
        names = self.players
        return NextGame(
            turn.number,
            names[turn.dealer],
            tuple(names[p] for p in turn.sitting_out),
            tuple(names[p] for p in turn.active),
            turn.bock_multiplier,
            None if turn.forced_solo is None else names[turn.forced_solo],
        )

    def game_setup(self) -> GameSetup:
        """What a game dealt now must be, for a table that plays its games here (the online table): dealer
        seat, Pflichtsolo state per seat, forced soloist (Vorführung, TSR 4.2.3), Bock multiplier; see
        :meth:`doppelkopf.session.Session.next_game_setup`. Raises ListeError unless four play."""
        try:
            return self._session.next_game_setup()
        except SessionError as exc:
            raise ListeError(exc) from None

    def liste(self) -> Liste:
        """The Liste so far (the rows this builder wrote; after :meth:`resume` only the later ones)."""
        session = self._session
        return Liste(
            self.players,
            tuple(self.rows),
            dict(zip(self.players, self._totals, strict=True)),
            session.bock_queue,
            tuple(self.players[p] for p in session.missing_pflichtsoli) if self.rules.pflichtsolo else (),
            session.round,
            session.games_in_round,
            self.next_game(),
            dict(zip(self.players, self._written_totals(), strict=True)),
            sitting_over(self.rules, session.round, self._written_totals()),
        )

    def _written_totals(self) -> tuple[int, ...]:
        return tuple(t + self._shift for t in self._totals)

    # -- games ----------------------------------------------------------------------------------------
    def add(self, entry: Mapping[str, Any]) -> ListeRow:
        """Check ``entry`` as the next game, write it and return its row.

        Raises:
            ListeError: ``game N: field: ...`` for an entry that is not an object, an unknown or missing
                field, a name that is not at the table or sits out, and everything the entry format, the
                scoring and the session refuse (a solo the rules do not play, a second Pflichtsolo ...).
                The builder is unchanged then.
        """
        number = self._session.games + 1
        # an entry naming its dealer, or players joining or leaving, changes the session before the rest is checked
        before = self._session.snapshot()
        try:
            return self._add(entry, number)
        except (EntryError, SessionError, ScoreError, SheetError, RuleError) as exc:
            self._session.restore(before)
            raise ListeError("game {number}: {exc}", number=number, exc=exc) from None

    def _add(self, entry: Mapping[str, Any], number: int) -> ListeRow:
        if not isinstance(entry, Mapping):
            raise EntryError("entry: expected an object, got {type_name}", type_name=type_name(entry))
        names = self.players
        self._seating(entry)
        if entry.get("dealer") is not None:
            try:
                dealer = parse_names([entry["dealer"]], names, "dealer")[0]
            except EntryError as exc:  # "dealer[0]: ..." -> "dealer: ..."
                raise EntryError(str(exc).replace("dealer[0]:", "dealer:", 1)) from None
            self._session.set_dealer(dealer)
        turn = self._session.turn()
        active = tuple(names[p] for p in turn.active)
        out = tuple(names[p] for p in turn.sitting_out)
        pflichtsolo = entry.get("pflichtsolo")
        if pflichtsolo is not None and not isinstance(pflichtsolo, bool):
            raise EntryError(
                "pflichtsolo: expected true or false, got {short_repr}", short_repr=short_repr(pflichtsolo)
            )
        if "winners" in entry or "punkte" in entry:
            row_fields = self._add_quick(entry, turn.active, pflichtsolo)
        else:
            game_fields = {k: v for k, v in entry.items() if k not in TABLE_FIELDS}
            for k in game_fields:
                if k not in GAME_FIELDS:
                    raise EntryError(
                        "{key}: unknown field; expected one of: {values} (or a quick entry: {quick_fields})",
                        key=_key(k),
                        values=", ".join((*GAME_FIELDS, *TABLE_FIELDS)),
                        quick_fields=", ".join(QUICK_FIELDS),
                    )
            summary = parse_game(game_fields, self.rules, active, names)
            self._session.record_summary(summary, pflichtsolo=pflichtsolo)
            result = self._session.last_score
            assert result is not None
            re = tuple(active[s] for s in sorted(summary.re_seats))
            kontra = tuple(a for a in active if a not in re)
            winners = () if result.winner is None else (re if result.winner is Party.RE else kontra)
            solo = scored_as_solo(summary, self.rules) or len(re) == 1
            row_fields = {
                "quick": False,
                "game": summary.game_type.key,
                "re": re,
                "kontra": kontra,
                "winners": winners,
                "solo": solo,
                "soloist": re[0] if solo and len(re) == 1 else None,
                "announced": {"re": summary.announcements[0], "kontra": summary.announcements[1]},
                "value": result.value,
            }
        sheet_row = self._session.sheet.rows[-1]
        self._totals = [t + p for t, p in zip(self._totals, sheet_row.points, strict=True)]
        written = written_points(sheet_row.points, self.rules.liste_counting)
        self._shift += written[0] - sheet_row.points[0]
        row = ListeRow(
            number=number,
            label=sheet_row.label,
            dealer=names[turn.dealer],
            sitting_out=out,
            active=active,
            points=sheet_row.points,
            multiplier=sheet_row.multiplier,
            totals=tuple(self._totals),
            triggers=self._session.last_triggers,
            pflichtsolo=self._session.last_pflichtsolo,
            **row_fields,
            written=None if self.rules.liste_counting == "plus_minus" else written,
            shift=self._shift,
        )
        self.rows.append(row)
        return row

    def _seating(self, entry: Mapping[str, Any]) -> None:
        """The entry's ``leaves`` (names who left before this game) and ``joins`` (names, or ``{"name": ...,
        "after": ...}`` to sit left of a player; default left of the last in the seating order), applied in
        this order before the game: :meth:`doppelkopf.session.Session.leave` and ``join``."""
        names = self.players
        leaves = entry.get("leaves") or []
        if not isinstance(leaves, list):
            raise EntryError("leaves: expected a list of names, got {short_repr}", short_repr=short_repr(leaves))
        for position in parse_names(leaves, names, "leaves"):
            self._session.leave(position)
        joins = entry.get("joins") or []
        if not isinstance(joins, list):
            raise EntryError("joins: expected a list of names, got {short_repr}", short_repr=short_repr(joins))
        for i, item in enumerate(joins):
            name, after = (item.get("name"), item.get("after")) if isinstance(item, Mapping) else (item, None)
            position = parse_names([name], names, f"joins[{i}]")[0]
            anchor = None if after is None else parse_names([after], names, f"joins[{i}].after")[0]
            self._session.join(names[position], anchor)

    def _add_quick(self, entry: Mapping[str, Any], active: tuple[int, ...], pflichtsolo: bool | None) -> dict[str, Any]:
        for k in entry:
            if k not in QUICK_FIELDS:
                raise EntryError(
                    "{key}: unknown field of a quick entry; expected one of: {quick_fields}",
                    key=_key(k),
                    quick_fields=", ".join(QUICK_FIELDS),
                )
        for k in ("winners", "punkte"):
            if k not in entry:
                raise EntryError("{k}: missing (a quick entry has winners and punkte)", k=k)
        names = self.players
        seats = parse_names(entry["winners"], [names[p] for p in active], "winners", names)
        punkte = entry["punkte"]
        if type(punkte) is not int:
            raise EntryError(
                "punkte: expected an integer, got {type_name} ({short_repr})",
                type_name=type_name(punkte),
                short_repr=short_repr(punkte),
            )
        game: GameType | None = None
        if entry.get("game") is not None:
            if not isinstance(entry["game"], str):
                raise EntryError("game: expected a game type key, got {type_name}", type_name=type_name(entry["game"]))
            try:
                game = GameType.parse(entry["game"])
            except RuleError as exc:
                raise EntryError("game: {exc}", exc=exc) from None
        events = entry.get("events") or []
        if not isinstance(events, (list, tuple)) or not all(isinstance(e, str) for e in events):
            raise EntryError(
                "events: expected a list of Bock trigger keys, got {short_repr}", short_repr=short_repr(events)
            )
        winners = frozenset(seats)
        self._session.record_quick(winners, punkte, game, tuple(events), pflichtsolo)
        lone = len(winners) in (1, 3)
        soloist = None
        if lone:
            seat = min(winners) if len(winners) == 1 else min(set(range(4)) - winners)
            soloist = names[active[seat]]
        return {
            "quick": True,
            "game": None if game is None else game.key,
            "re": (),
            "kontra": (),
            "winners": tuple(names[active[s]] for s in sorted(winners)),
            "solo": lone,
            "soloist": soloist,
            "announced": {"re": 0, "kontra": 0},
            "value": punkte,
        }


def _key(key: object) -> str:
    return key if isinstance(key, str) and key.isidentifier() else short_repr(key)


def compute_liste(
    rules: RuleSet, players: Sequence[str], entries: Sequence[Mapping[str, Any]], sit_out: str = "dealer"
) -> Liste:
    """The Liste of a sitting of ``players`` (seating order, four to seven) under ``rules`` after the games
    ``entries`` (oldest first; see the module docstring for their two forms).

    Raises:
        ListeError: the first entry that does not fit, as ``game N: field: ...``, or bad players / ``sit_out``.
    """
    builder = ListeBuilder(rules, players, sit_out, late_players(players, entries))
    for entry in entries:
        builder.add(entry)
    return builder.liste()


def late_players(players: Sequence[str], entries: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """The players who join the sitting late: those whose first ``joins``/``leaves`` in ``entries`` is a join
    (they are not at the table before it); names as in ``players``. Entries that are not objects are skipped
    (:meth:`ListeBuilder.add` refuses them)."""
    keys = {name_key(p): p for p in players if isinstance(p, str)}
    first: dict[str, str] = {}
    for entry in entries:
        if not isinstance(entry, Mapping):
            continue
        for event in ("leaves", "joins"):
            items = entry.get(event)
            for item in items if isinstance(items, list) else []:
                name = item.get("name") if isinstance(item, Mapping) else item
                if isinstance(name, str) and name_key(name) in keys:
                    first.setdefault(name_key(name), event)
    return tuple(keys[k] for k, event in first.items() if event == "joins")


def check_game_entry(
    rules: RuleSet,
    players: Sequence[str],
    previous: Sequence[Mapping[str, Any]],
    entry: Mapping[str, Any],
    sit_out: str = "dealer",
) -> ListeRow:
    """The row that ``entry`` would be after the games ``previous``; raises :class:`ListeError` naming the
    field when it does not fit. Nothing is stored."""
    builder = ListeBuilder(rules, players, sit_out)
    for item in previous:
        builder.add(item)
    return builder.add(entry)


def game_entry(summary: GameSummary, players: Sequence[str], pflichtsolo: bool = False) -> dict[str, Any]:
    """The full Liste entry of a game's ``summary`` (``players``: the names of seats 0..3): game type
    key, Re names, Augen of Re, tricks of both parties, announcements per party (the Ansage and the
    highest Absage), Sonderpunkte, and ``"pflichtsolo": true`` for the soloist's Pflichtsolo.

    The entry is the table's own words for a game played here (the online table, an imported record):
    :meth:`ListeBuilder.add` computes its Punkte again with the sitting's rules.

    >>> from doppelkopf.rules import GameType
    >>> game_entry(GameSummary(GameType.KREUZ, frozenset({2}), 190, 9, 3, (2, 0)), ["A", "B", "C", "D"])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'game': 'kreuz', 're': ['C'], 'augen_re': 190, 'tricks_re': 9, 'tricks_kontra': 3,
     'announcements': {'re': ['re', 'keine_90'], 'kontra': []}, 'extras': []}
    """
    announcements: dict[str, list[str]] = {}
    for party, level in zip(("re", "kontra"), summary.announcements, strict=True):
        said: list[str] = []
        if level >= ANSAGE:
            said.append(party)
        if level > ANSAGE:
            said.append(LEVEL_KEYS[level])
        announcements[party] = said
    entry: dict[str, Any] = {
        "game": summary.game_type.key,
        "re": [players[s] for s in sorted(summary.re_seats)],
        "augen_re": summary.augen_re,
    }
    if summary.tricks_re is not None:
        entry["tricks_re"] = summary.tricks_re
    if summary.tricks_kontra is not None:
        entry["tricks_kontra"] = summary.tricks_kontra
    entry["announcements"] = announcements
    entry["extras"] = [
        {"type": s.kind, "party": "re" if s.party is Party.RE else "kontra"} for s in summary.sonderpunkte
    ]
    if pflichtsolo:
        entry["pflichtsolo"] = True
    return entry


#: The announcement items of the entry format by level (1 the Ansage of the party, 2..5 the Absagen).
_LEVEL_ITEMS = {ANSAGE: "re/kontra", **LEVEL_KEYS}


def entry_form(rules: RuleSet) -> dict[str, Any]:
    """What an entry form may offer under ``rules``: only the games, Sonderpunkte and Bock events that the
    rule set has (the web form and the CLI read it; the rules are not re-coded there).

    Keys: ``games`` (``[{"key", "label", "solo"}]``: the normal game, Hochzeit, Stille Hochzeit, Armut where
    the rules have it, each solo of ``solo_types``), ``announcements`` (``[{"key", "level"}]``, the items of
    the entry format: re/kontra, keine_90 .. schwarz), ``extras`` (the Sonderpunkte kinds that count in some
    game: ``sonderpunkte`` and ``solo_sonderpunkte``), ``events`` (the Bock triggers a quick entry names:
    ``[{"key", "label"}]``), ``pflichtsolo`` (bool), ``hand_size`` (tricks per game), ``bock`` (whether the
    rules have Bock at all), ``limits`` (``{"augen_re": 240, "punkte": the most a quick entry takes, "tricks":
    hand_size, "extras": {kind: most in one game}}``, see :func:`doppelkopf.entry.extra_limits`), ``sit_out``
    (the choices of a sitting's ``sit_out`` with their descriptions).

    >>> from doppelkopf.rules import get_preset
    >>> [g["key"] for g in entry_form(get_preset("ddv"))["games"]][:4]
    ['normal', 'hochzeit', 'stille_hochzeit', 'kreuz']
    >>> "armut" in [g["key"] for g in entry_form(get_preset("doppelbock"))["games"]]
    True
    """
    games = [
        {"key": g.key, "label": g.german, "solo": g.is_declared_solo}
        for g in (GameType.NORMAL, GameType.HOCHZEIT, GameType.STILLE_HOCHZEIT, GameType.ARMUT)
        if rules.plays(g) is None
    ]
    games += [{"key": g.key, "label": g.german, "solo": True} for g in rules.allowed_soli]
    extras = list(dict.fromkeys((*rules.sonderpunkte, *rules.solo_sonderpunkte)))
    events = [{"key": t, "label": BOCK_TRIGGERS[t]} for t in rules.bock_triggers if t not in QUICK_DERIVED_TRIGGERS]
    return {
        "games": games,
        "announcements": [{"key": key, "level": level} for level, key in sorted(_LEVEL_ITEMS.items())],
        "extras": extras,
        "events": events,
        "pflichtsolo": rules.pflichtsolo,
        "hand_size": rules.hand_size,
        "bock": bool(rules.bock_triggers),
        "limits": {
            "augen_re": 240,
            "punkte": MAX_QUICK_PUNKTE,
            "tricks": rules.hand_size,
            "extras": {kind: limit for kind, limit in extra_limits(rules).items() if kind in extras},
        },
        "sit_out": dict(SIT_OUT),
    }


def sit_out_choices() -> dict[str, str]:
    """The choices of a sitting's ``sit_out`` option with their descriptions (:data:`SIT_OUT`)."""
    return dict(SIT_OUT)
