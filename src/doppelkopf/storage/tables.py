"""The online tables' storage: tables, their seats, deals and every accepted action, in the score sheet's
database (the models ``online_*`` of :mod:`doppelkopf.storage.models`).

:class:`TableStore` is the service API over a :class:`~doppelkopf.storage.Store` (its engine and
transactions). A table is created in the lobby (``lobby``), started by its host (``playing``: the group's
sitting is created and deal 1 dealt), may be paused and resumed (``paused`` <-> ``playing``) and ends
(``ended``). Its games go to the sitting's Liste like games entered at the table (Bock, Pflichtsolo,
settlement), so an online evening shows up in the group's statistics; dealer, Pflichtsolo state and Bock of
each deal come from that Liste (:meth:`doppelkopf.liste.ListeBuilder.game_setup`).

**Transactions.** Every call is one transaction: it writes all or nothing. Writers of one table are
serialised (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the table's row is locked with ``SELECT ... FOR
UPDATE``), and every change raises the table's ``version`` by one: the optimistic lock of the next action
(:meth:`TableStore.append_action` takes the version the caller saw) and the message number its clients see.
On PostgreSQL each change also sends ``NOTIFY doko_tables, '<table id>:<version>'`` (delivered when it
commits), so the other server processes of the same database learn of it.

**Tokens.** A seat belongs to whoever holds its token, the table to whoever holds the host token. Both are
``secrets.token_urlsafe(24)`` handed out once; only their SHA-256 hex digest is stored, and a token is
compared with :func:`hmac.compare_digest`.

Errors: :class:`~doppelkopf.storage.NotFound` (no such table), :class:`~doppelkopf.storage.Conflict` (the
table moved on or its state does not allow the call: reload and look again), :class:`Forbidden` (not the
host), :class:`~doppelkopf.storage.StoreError` (a bad field, named first); each a one-line message.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import hashlib
import hmac
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Connection, Table, bindparam, exists, func, insert, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from ..liste import Liste, ListeError
from ..names import PlayerNameError, clean_name, name_key
from ..rules import RuleSet
from .db import connect, database_error, first_line
from .fields import as_utc, check_id, check_int, check_text, entry_json, group_name, utc_now
from .infos import Conflict, NotFound, StoreError, StoreUnavailable
from .models import Group, OnlineAction, OnlineDeal, OnlineSeat, OnlineTable
from .queries import game_count, get_sitting, group_named, resume_builder, sitting_players
from .service import Store, rule_set_of, rules_from_toml, stored_rules

if TYPE_CHECKING:
    from ..online.table import DealSetup

__all__ = [
    "ENDED",
    "LOBBY",
    "LOBBY_MAX_AGE_S",
    "NOTIFY_CHANNEL",
    "PAUSED",
    "PLAYING",
    "STATUSES",
    "ActionWrite",
    "Forbidden",
    "SeatInfo",
    "TableInfo",
    "TableSnapshot",
    "TableStore",
    "token_hash",
]

#: The statuses of a table: in the lobby (seats are taken), playing, paused by the host, ended.
LOBBY, PLAYING, PAUSED, ENDED = "lobby", "playing", "paused", "ended"
STATUSES = (LOBBY, PLAYING, PAUSED, ENDED)
#: The PostgreSQL channel of the tables' changes; the payload is ``"<table id>:<version>"``.
NOTIFY_CHANNEL = "doko_tables"
#: Seats at a table.
SEATS = 4
#: Largest table seed (the deals' seeds are in 0 .. 2**63 - 1, :func:`doppelkopf.online.deal_seed`).
MAX_SEED = 2**63 - 1
#: Limits of the table's times: computer players' pace (ms), grace before a stand-in, pause between games (s).
MAX_PACE_MS = 60_000
MAX_GRACE_S = 24 * 3600
MAX_NEXT_GAME_S = 3600
#: The author of the games an online table writes on its Liste (the audit trail).
AUTHOR = "online"
#: A table in the lobby is listed (:meth:`TableStore.tables`) only this many seconds after its creation (24 h):
#: a table nobody ever started does not stay in the lobby forever.
LOBBY_MAX_AGE_S = 86_400
#: The longest reason kept in ``online_deals.record_error`` (characters).
RECORD_ERROR_LENGTH = 500
#: How often :meth:`TableStore.state` reads again when the table changed while it read the Liste.
_STATE_TRIES = 5


class Forbidden(StoreError):
    """The call needs the host's token and did not give it (a web app answers 403)."""


def token_hash(token: str) -> str:
    """The stored form of a seat's or the host's token: its SHA-256 digest in hex (64 characters)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _token_matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` (a string) is the token whose hash is ``stored`` (constant time)."""
    if stored is None or not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(token_hash(token), stored)


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table.

    Attributes:
        seat: 0..3 (seat 0 deals the first game).
        name: the player's name; ``None`` for an empty seat. A person's seat with a name and no holder is kept
            for that name.
        bot: the computer player's level (a key of :data:`doppelkopf.online.BOT_LEVELS`), ``None`` for a
            person's seat.
        taken: a person holds the seat's token.
        standin: a computer player plays for the person now (the person dropped).
        shows_hand: the person lets spectators see the hand.
    """

    seat: int
    name: str | None
    bot: str | None
    taken: bool
    standin: bool
    shows_hand: bool

    @property
    def filled(self) -> bool:
        """A computer player or a person sits here (the table can start)."""
        return self.bot is not None or self.taken


@dataclass(frozen=True)
class TableInfo:
    """A table as stored (no token: those are only ever handed out once).

    Attributes:
        id: the table's id. name: its name. status: ``lobby``, ``playing``, ``paused`` or ``ended``.
        rules: the table's :class:`~doppelkopf.rules.RuleSet`; rules_name: its name.
        seed: the table seed (each deal's shuffle seed derives from it, :func:`doppelkopf.online.deal_seed`).
        listed: shown in the lobby; an unlisted table is joined with its ``invite`` only.
        analysis: after each game the table shows the solver's analysis of it (:mod:`doppelkopf.analysis`).
        invite: the invite link's secret (show it to the host only).
        group_id: the group whose statistics its games join; sitting_id: its sitting (``None`` before the start).
        pace_ms: the computer players' pace (milliseconds between their actions).
        grace_s: seconds before a computer player stands in for a person who dropped.
        next_game_s: seconds between the end of a game and the next deal.
        version: one up per change (the message number of its clients).
        deal: the current deal's number (0 before the start).
        seats: the four :class:`SeatInfo`.
        created_at: when it was created (UTC).
    """

    id: int
    name: str
    status: str
    rules: RuleSet
    rules_name: str
    seed: int
    listed: bool
    invite: str
    group_id: int
    sitting_id: int | None
    pace_ms: int
    grace_s: int
    next_game_s: int
    version: int
    deal: int
    seats: tuple[SeatInfo, SeatInfo, SeatInfo, SeatInfo]
    created_at: datetime.datetime
    analysis: bool = False

    @property
    def names(self) -> tuple[str | None, ...]:
        """The four seats' names (``None``: empty)."""
        return tuple(seat.name for seat in self.seats)

    @property
    def bots(self) -> tuple[str | None, ...]:
        """The four seats' computer player levels (``None``: a person's seat)."""
        return tuple(seat.bot for seat in self.seats)


@dataclass(frozen=True)
class TableSnapshot:
    """Everything a server needs to rebuild a table's room (:meth:`TableStore.state`), read at one version.

    Attributes:
        info: the table.
        deal: the current deal's setup, ``None`` before the start.
        actions: the deal's accepted actions in order, each ``(seat, action)``.
        finished: the deal is over (played to the end or thrown in).
        thrown_in: the deal was thrown in (it does not count; the same dealer deals again).
        game_number: the game's number on the Liste once it is recorded there, else ``None``.
        liste: the sitting's Liste (``None`` before the start).
        record_error: why the Liste refused the deal's finished game (one line, e.g. the sitting was changed on
            the score sheet meanwhile), ``None`` when it was recorded or is not due; the deal is finished all
            the same and :meth:`TableStore.next_deal` deals on.
    """

    info: TableInfo
    deal: DealSetup | None
    actions: tuple[tuple[int, int], ...]
    finished: bool
    thrown_in: bool
    game_number: int | None
    liste: Liste | None
    record_error: str | None = None

    @property
    def version(self) -> int:
        """The table's version the snapshot was read at."""
        return self.info.version

    @property
    def recorded(self) -> bool:
        """The deal's game is on the Liste."""
        return self.game_number is not None


@dataclass(frozen=True)
class ActionWrite:
    """One action to write with :meth:`TableStore.append_actions`: an action that does NOT finish its deal (the
    action that finishes a deal goes through :meth:`TableStore.append_action`, which records the game on the
    Liste). The caller checked it with the engine before (the store checks versions, the deal and the action's
    place in it, not the game's rules).

    Attributes:
        table_id: the table. version: the table's version the action was decided at (the optimistic lock).
        deal: the current deal's number (1, 2, ...). seq: the action's 0-based index in the deal (the number of
            actions the deal has before it). seat: 0..3. action: the engine's action number (>= 0).

    Raises:
        StoreError: a bad field, named first (``seat: expected a seat 0..3, got 7``).
    """

    table_id: int
    version: int
    deal: int
    seq: int
    seat: int
    action: int

    def __post_init__(self) -> None:
        check_id(self.table_id, "table")
        check_int(self.version, "version", 0)
        check_int(self.deal, "deal", 1)
        check_int(self.seq, "seq", 0)
        _seat_number(self.seat)
        check_int(self.action, "action", 0)


# The Core statements of :meth:`TableStore.append_actions` and :meth:`TableStore.versions` (compiled once, cached).
_TABLES = cast(Table, OnlineTable.__table__)
_DEALS = cast(Table, OnlineDeal.__table__)
_ACTIONS = cast(Table, OnlineAction.__table__)
#: The table moves on by one when the write fits: the version seen, the current deal, still open, playing, and
#: the action is the deal's next one (its seq is the number of actions the deal has).
_MOVE = (
    update(_TABLES)
    .where(
        _TABLES.c.id == bindparam("w_table"),
        _TABLES.c.version == bindparam("w_version"),
        _TABLES.c.deal == bindparam("w_deal"),
        _TABLES.c.status == PLAYING,
        exists()
        .where(
            _DEALS.c.table_id == bindparam("w_table"),
            _DEALS.c.number == bindparam("w_deal"),
            _DEALS.c.finished.is_(False),
        )
        .correlate_except(_DEALS),
        select(func.count())
        .select_from(_ACTIONS)
        .where(_ACTIONS.c.table_id == bindparam("w_table"), _ACTIONS.c.deal == bindparam("w_deal"))
        .scalar_subquery()
        == bindparam("w_seq"),
    )
    .values(version=_TABLES.c.version + 1, changed_at=bindparam("w_now"))
)
_INSERT_ACTION = insert(_ACTIONS)
_TABLE_ROW = select(_TABLES.c.version, _TABLES.c.deal, _TABLES.c.status).where(_TABLES.c.id == bindparam("w_table"))
_DEAL_ROW = select(_DEALS.c.finished).where(
    _DEALS.c.table_id == bindparam("w_table"), _DEALS.c.number == bindparam("w_deal")
)
_ACTION_COUNT = (
    select(func.count())
    .select_from(_ACTIONS)
    .where(_ACTIONS.c.table_id == bindparam("w_table"), _ACTIONS.c.deal == bindparam("w_deal"))
)
_VERSIONS = select(_TABLES.c.id, _TABLES.c.version).where(_TABLES.c.id.in_(bindparam("w_ids", expanding=True)))
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class TableStore:
    """The service API of the online tables over ``store`` (see the module docstring). Thread-safe as the
    :class:`~doppelkopf.storage.Store` is: each call takes its own connection and transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._postgresql = store.engine.dialect.name == "postgresql"

    def __repr__(self) -> str:
        return f"TableStore({self.store!r})"

    # -- creating and listing -------------------------------------------------------------------------

    def create_table(
        self,
        name: str,
        rules: RuleSet | str,
        seats: Sequence[tuple[str | None, str | None]],
        *,
        group: str = "Online",
        listed: bool = True,
        pace_ms: int = 800,
        grace_s: int = 60,
        next_game_s: int = 10,
        seed: int | None = None,
        analysis: bool = False,
    ) -> tuple[TableInfo, str]:
        """A new table in the lobby; returns it and the host's token (handed out only here).

        ``rules``: a :class:`RuleSet`, a preset name or the text of a rule file (TOML); stored complete, so a
        later change of a preset never changes the table. ``seats``: four ``(name, bot)``: a computer player
        at level ``bot`` (a key of :data:`doppelkopf.online.BOT_LEVELS`; named ``Computer N`` without a
        name), or a person's seat (``bot`` ``None``), kept for ``name`` when one is given, else empty; every
        person's seat is taken with :meth:`claim_seat`. Names are checked as player names
        (:mod:`doppelkopf.names`) and differ as they look. ``group``: the group (made when new) whose
        statistics the games join. ``pace_ms`` 0..60000, ``grace_s`` 0..86400, ``next_game_s`` 0..3600,
        ``seed`` 0..2**63-1 (default: random, :func:`secrets.randbits`). ``analysis``: show the solver's
        analysis of each game once it is over (default off).

        The ``seed`` decides every deal of the table (:func:`doppelkopf.online.deal_seed`): whoever knows it
        can compute every hand. It is for tests and benchmarks that need the same deals again; a web API must
        never take it from a client (only under an explicit test setting of the server), and
        :class:`TableInfo` carrying it must never be sent to a client.

        Raises:
            StoreError: naming the field (``name: ...``, ``rules: ...``, ``seats[2].name: ...``,
                ``seats[1].bot: ...``, ``group: ...``, ``pace_ms: ...``, ``seed: ...``); nothing is written.
        """
        table_name = check_text(name, "name")
        if not table_name:
            raise StoreError("name: a table needs a name")
        rule_set = rule_set_of(rules)
        seated = _seats(seats)
        group = group_name(group, "group")
        if not isinstance(listed, bool):
            raise StoreError("listed: expected true or false, got {name}", name=type(listed).__name__)
        if not isinstance(analysis, bool):
            raise StoreError("analysis: expected true or false, got {name}", name=type(analysis).__name__)
        pace_ms = _range(pace_ms, "pace_ms", 0, MAX_PACE_MS)
        grace_s = _range(grace_s, "grace_s", 0, MAX_GRACE_S)
        next_game_s = _range(next_game_s, "next_game_s", 0, MAX_NEXT_GAME_S)
        seed = secrets.randbits(63) if seed is None else _range(seed, "seed", 0, MAX_SEED)
        host_token = secrets.token_urlsafe(24)
        with self.store.write() as session:
            found = _group(session, group)
            now = utc_now()
            table = OnlineTable(
                name=table_name,
                rules_toml=rule_set.to_toml(),
                rules_name=rule_set.name,
                seed=seed,
                invite=secrets.token_urlsafe(12),
                host_hash=token_hash(host_token),
                listed=listed,
                analysis=analysis,
                status=LOBBY,
                group_id=found.id,
                sitting_id=None,
                pace_ms=pace_ms,
                grace_s=grace_s,
                next_game_s=next_game_s,
                version=0,
                deal=0,
                created_at=now,
                changed_at=now,
            )
            session.add(table)
            session.flush()
            for number, (player, bot) in enumerate(seated):
                session.add(
                    OnlineSeat(
                        table_id=table.id,
                        seat=number,
                        name=player,
                        bot=bot,
                        token_hash=None,
                        standin=False,
                        shows_hand=False,
                    )
                )
            session.flush()
            self._notify(session, table)
            return self._info(session, table), host_token

    def tables(self, *, listed_only: bool = True) -> list[TableInfo]:
        """The tables not ended, newest first; with ``listed_only`` only those shown in the lobby: listed
        tables playing or paused, and listed tables in the lobby created less than :data:`LOBBY_MAX_AGE_S`
        seconds (24 h) ago (an older one that never started is not shown any more; it can still be opened by
        its id and started)."""
        with self.store.read() as session:
            query = select(OnlineTable).where(OnlineTable.status != ENDED)
            if listed_only:
                cutoff = utc_now() - datetime.timedelta(seconds=LOBBY_MAX_AGE_S)
                query = query.where(
                    OnlineTable.listed.is_(True),
                    (OnlineTable.status != LOBBY) | (OnlineTable.created_at > cutoff),
                )
            tables = list(session.scalars(query.order_by(OnlineTable.created_at.desc(), OnlineTable.id.desc())))
            seats = self._seats_of(session, [t.id for t in tables])
            return [self._info(session, t, seats[t.id]) for t in tables]

    def table(self, table_id: int) -> TableInfo:
        """The table ``table_id``. Raises :class:`NotFound`."""
        with self.store.read() as session:
            return self._info(session, self._get(session, table_id))

    def version(self, table_id: int) -> int:
        """The table's version, in one small query (a server polls it to learn of other processes' changes).
        Raises :class:`NotFound`."""
        with self.store.read() as session:
            found = session.scalar(select(OnlineTable.version).where(OnlineTable.id == check_id(table_id, "table")))
            if found is None:
                raise NotFound("table {table_id}: not found", table_id=table_id)
            return found

    def active_tables(self) -> list[int]:
        """The ids of the tables playing or paused, oldest first (a restarted server loads their rooms)."""
        with self.store.read() as session:
            query = select(OnlineTable.id).where(OnlineTable.status.in_((PLAYING, PAUSED)))
            return list(session.scalars(query.order_by(OnlineTable.id)))

    # -- seats and tokens -----------------------------------------------------------------------------

    def claim_seat(self, table_id: int, seat: int, name: str, invite: str | None) -> tuple[TableInfo, str]:
        """Take the empty person's seat ``seat`` as ``name``; returns the table and the seat's token (handed
        out only here). An unlisted table needs its ``invite``. A seat kept for a name takes only that name
        (as :func:`doppelkopf.names.name_key` compares); a name must differ from the other seats' names.

        Raises:
            NotFound: no such table. StoreError: a bad seat number or name (``name: ...``), a wrong invite
                (``invite: ...``). Conflict: the table has ended, the seat is a computer player's or is taken
                already. Nothing is written then.
        """
        number = _seat_number(seat)
        try:
            player = clean_name(name, "name")
        except PlayerNameError as exc:
            raise StoreError(exc) from None
        token = secrets.token_urlsafe(24)
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            if not table.listed and not _invite_matches(invite, table.invite):
                raise StoreError("invite: table {id} is joined with its invite link only", id=table.id)
            if table.status == ENDED:
                raise Conflict("table {id} has ended: its seats cannot be taken", id=table.id)
            seats = self._seat_rows(session, table.id)
            row = seats[number]
            if row.bot is not None:
                raise Conflict(
                    "seat {number} of table {id} is a computer player's ({row_name})",
                    number=number + 1,
                    id=table.id,
                    row_name=row.name,
                )
            if row.token_hash is not None:
                raise Conflict(
                    "seat {number} of table {id} is taken by {row_name}",
                    number=number + 1,
                    id=table.id,
                    row_name=row.name,
                )
            if row.name is not None and name_key(row.name) != name_key(player):
                raise StoreError(
                    "name: seat {number} of table {id} is kept for {row_name}",
                    number=number + 1,
                    id=table.id,
                    row_name=row.name,
                )
            _check_unique(seats, number, player, "name")
            row.name = player if row.name is None else row.name
            row.token_hash = token_hash(token)
            row.standin = False
            self._changed(session, table)
            return self._info(session, table, seats), token

    def set_seat(self, table_id: int, seat: int, *, host_token: str, name: str | None, bot: str | None) -> TableInfo:
        """The host sets up ``seat`` in the lobby: a computer player at level ``bot`` (named ``Computer N``
        without a ``name``), or a person's seat (``bot`` ``None``) kept for ``name`` (``None``: open to anyone).
        A person holding the seat keeps it while it stays a person's seat for the same name (or no name); a
        computer player or another name put there frees it (the person's token no longer holds it).

        Raises:
            NotFound: no such table. Forbidden: not the host. StoreError: a bad seat, name or level. Conflict:
                the table is not in the lobby. Nothing is written then.
        """
        number = _seat_number(seat)
        player, level = _seat(name, bot, number, f"seats[{number}]")
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            _check_host(table, host_token, "set up its seats")
            if table.status != LOBBY:
                raise Conflict(
                    "table {id} is {status}: seats are set up in the lobby only", id=table.id, status=table.status
                )
            seats = self._seat_rows(session, table.id)
            _check_unique(seats, number, player, "name")
            row = seats[number]
            keeps = (
                level is None
                and row.bot is None
                and row.token_hash is not None
                and (player is None or (row.name is not None and name_key(row.name) == name_key(player)))
            )
            if not keeps:
                row.token_hash = None
                row.name = player
            elif player is not None:
                row.name = player
            row.bot = level
            row.standin = False
            row.shows_hand = False if level is not None else row.shows_hand
            self._changed(session, table)
            return self._info(session, table, seats)

    def seat_of(self, table_id: int, token: str | None) -> int | None:
        """The seat whose token ``token`` is (compared in constant time), ``None`` for none or no token.
        Raises :class:`NotFound`."""
        with self.store.read() as session:
            table = self._get(session, table_id)
            if not isinstance(token, str) or not token:
                return None
            found = None
            for row in self._seat_rows(session, table.id):
                if _token_matches(token, row.token_hash):
                    found = row.seat
            return found

    def is_host(self, table_id: int, token: str | None) -> bool:
        """Whether ``token`` is the table's host token (constant time). Raises :class:`NotFound`."""
        with self.store.read() as session:
            return _token_matches(token, self._get(session, table_id).host_hash)

    def check_invite(self, table_id: int, invite: str | None) -> bool:
        """Whether ``invite`` opens the table: always for a listed table; an unlisted one only with its invite
        link's secret (compared in constant time). A web app shows an unlisted table (page, JSON, spectators'
        WebSocket) only to the holders of a seat, the host and those with the invite. Raises
        :class:`NotFound`."""
        with self.store.read() as session:
            table = self._get(session, table_id)
            return table.listed or _invite_matches(invite, table.invite)

    def watch_token(self, table_id: int, seat: int, seat_token: str) -> str:
        """The watch token of ``seat`` (32 hex characters), for the seat's holder (``seat_token`` is the seat's
        token): the SHA-256 hex of ``"watch:" + token hash``, cut to 32 characters. Nobody can derive it
        without the seat's token hash, and it changes when the seat gets a new token. A spectator sees a
        consenting seat's hand (``shows_hand``) only with that seat's watch link (:meth:`watched_seat`): a
        player at the table who opens the table as a spectator does not see it.

        Raises:
            NotFound: no such table. StoreError: a bad seat number. Forbidden: ``seat_token`` is not the
                seat's token.
        """
        number = _seat_number(seat)
        with self.store.read() as session:
            table = self._get(session, table_id)
            row = self._seat_rows(session, table.id)[number]
            if not _token_matches(seat_token, row.token_hash):
                raise Forbidden(
                    "token: only the player of seat {number} of table {id} gets its watch link",
                    number=number + 1,
                    id=table.id,
                )
            assert row.token_hash is not None
            return _watch_token(row.token_hash)

    def watched_seat(self, table_id: int, watch: str | None) -> int | None:
        """The seat whose watch token (:meth:`watch_token`) ``watch`` is (compared in constant time), ``None``
        for none or no token. The seat's hand is shown to the spectator only while its player consents
        (``shows_hand``): the caller checks that. Raises :class:`NotFound`."""
        with self.store.read() as session:
            table = self._get(session, table_id)
            if not isinstance(watch, str) or not watch:
                return None
            given = watch.encode("utf-8")
            found = None
            for row in self._seat_rows(session, table.id):
                if row.token_hash is not None and hmac.compare_digest(given, _watch_token(row.token_hash).encode()):
                    found = row.seat
            return found

    def touch_seats(self, seen: Iterable[tuple[int, int]]) -> None:
        """Mark the ``(table_id, seat)`` pairs as seen now (``online_seats.seen_at``, UTC): a server process
        calls it every few seconds for the persons connected to it, so every process of the database knows
        who is present anywhere (:meth:`seen_recently`). One UPDATE per table, in one transaction; no version
        change, no notification. Unknown tables or seats are skipped.

        Raises:
            StoreError: a pair that is not ``(table id, seat 0..3)``.
        """
        by_table: dict[int, set[int]] = {}
        for pair in seen:
            if isinstance(pair, str | bytes) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise StoreError(f"seen: expected (table id, seat) pairs, got {pair!r}"[:200])
            by_table.setdefault(check_id(pair[0], "table"), set()).add(_seat_number(pair[1]))
        if not by_table:
            return
        now = utc_now()
        with self.store.write() as session:
            for table_id in sorted(by_table):
                session.execute(
                    update(OnlineSeat)
                    .where(OnlineSeat.table_id == table_id, OnlineSeat.seat.in_(sorted(by_table[table_id])))
                    .values(seen_at=now)
                    .execution_options(synchronize_session=False)
                )

    def seen_recently(self, table_id: int, seat: int, within_s: float) -> bool:
        """Whether a server process marked the person of ``seat`` as connected (:meth:`touch_seats`) in the
        last ``within_s`` seconds.

        Raises:
            NotFound: no such table. StoreError: a bad seat or a negative ``within_s``.
        """
        number = _seat_number(seat)
        if isinstance(within_s, bool) or not isinstance(within_s, int | float) or not within_s >= 0:
            raise StoreError(f"within_s: expected seconds >= 0, got {within_s!r}"[:200])
        with self.store.read() as session:
            table = self._get(session, table_id)
            seen_at = session.scalar(
                select(OnlineSeat.seen_at).where(OnlineSeat.table_id == table.id, OnlineSeat.seat == number)
            )
            if seen_at is None:
                return False
            return utc_now() - seen_at <= datetime.timedelta(seconds=within_s)

    def set_standin(self, table_id: int, seat: int, standin: bool) -> int:
        """A computer player stands in for the person of ``seat`` (``True``: the person dropped) or hands the
        seat back (``False``); returns the table's version (unchanged when the seat already was so).

        Raises:
            NotFound: no such table. StoreError: a bad seat, a computer player's seat. Conflict: the table ended.
        """
        return self._seat_flag(table_id, seat, "standin", standin)

    def set_shows_hand(self, table_id: int, seat: int, shows: bool) -> int:
        """The person of ``seat`` lets spectators see the hand (``True``) or not; returns the table's version
        (unchanged when it already was so).

        Raises:
            NotFound: no such table. StoreError: a bad seat, a computer player's seat. Conflict: the table ended.
        """
        return self._seat_flag(table_id, seat, "shows_hand", shows)

    def _seat_flag(self, table_id: int, seat: int, flag: str, value: bool) -> int:
        number = _seat_number(seat)
        if not isinstance(value, bool):
            raise StoreError("{flag}: expected true or false, got {name}", flag=flag, name=type(value).__name__)
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            row = self._seat_rows(session, table.id)[number]
            if row.bot is not None:
                raise StoreError(
                    "seat: seat {number} of table {id} is a computer player's ({row_name})",
                    number=number + 1,
                    id=table.id,
                    row_name=row.name,
                )
            if getattr(row, flag) == value:
                return table.version
            if table.status == ENDED:
                raise Conflict("table {id} has ended: seat {number} stays as it is", id=table.id, number=number + 1)
            setattr(row, flag, value)
            self._changed(session, table)
            return table.version

    # -- the status -----------------------------------------------------------------------------------

    def start(self, table_id: int, *, host_token: str) -> TableInfo:
        """The host starts the game: the group's sitting is created (the seats' names in seat order, seat 0
        deals first, the table's rules; new names join the group) with deal 1, and the table plays.

        Raises:
            NotFound: no such table. Forbidden: not the host. Conflict: the table is not in the lobby.
                StoreError: a seat is still empty (``seats: seat 3 is empty: ...``). Nothing is written then.
        """
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            _check_host(table, host_token, "start it")
            if table.status != LOBBY:
                raise Conflict(
                    "table {id} is {status}, not in the lobby: it has started already", id=table.id, status=table.status
                )
            seats = self._seat_rows(session, table.id)
            for row in seats:
                if row.bot is None and row.token_hash is None:
                    kept = f" (kept for {row.name})" if row.name else ""
                    raise StoreError(
                        "seats: seat {seat} is empty{kept}: a person takes it or the host gives it to a "
                        "computer player",
                        seat=row.seat + 1,
                        kept=kept,
                    )
            names = [row.name or "" for row in seats]
            rules = rules_from_toml(table.rules_toml)
            sitting = self.store.create_sitting_in(
                session, table.group_id, names, rules, 10, None, table.name, "dealer"
            )
            table.sitting_id = sitting.id
            table.status = PLAYING
            self._deal(session, table, 0)
            self._changed(session, table)
            return self._info(session, table, seats)

    def set_status(self, table_id: int, status: str, *, host_token: str) -> TableInfo:
        """The host pauses (``"paused"``, from playing), resumes (``"playing"``, from paused) or ends
        (``"ended"``, from any other status) the table; a table already so is returned unchanged.

        Raises:
            NotFound: no such table. Forbidden: not the host. StoreError: an unknown status. Conflict: the
                table's status does not allow it (``table 3 is in the lobby: start it first``).
        """
        if status not in (PLAYING, PAUSED, ENDED):
            raise StoreError("status: expected one of playing, paused, ended, got {status!r}", status=status)
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            _check_host(table, host_token, f"set it {status}")
            if table.status == status:
                return self._info(session, table)
            if table.status == ENDED:
                raise Conflict("table {id} has ended: it cannot be {status} again", id=table.id, status=status)
            if status == PAUSED and table.status != PLAYING:
                raise Conflict(
                    "table {id} is {status_text}: only a table playing is paused",
                    id=table.id,
                    status_text=_status_text(table.status),
                )
            if status == PLAYING and table.status != PAUSED:
                raise Conflict(
                    "table {id} is {status_text}: start it first", id=table.id, status_text=_status_text(table.status)
                )
            table.status = status
            self._changed(session, table)
            return self._info(session, table)

    # -- deals and actions ----------------------------------------------------------------------------

    def state(self, table_id: int) -> TableSnapshot:
        """The table, its current deal with the actions taken so far and the sitting's Liste, all of one
        version (read again when another writer changed the table meanwhile). Raises :class:`NotFound`."""
        for _ in range(_STATE_TRIES):
            snapshot = self._snapshot(table_id)
            if snapshot.info.sitting_id is None:
                return snapshot
            liste = self.store.liste(snapshot.info.sitting_id)
            if self.version(table_id) == snapshot.version:
                break
        return dataclasses.replace(snapshot, liste=liste)

    def deal_state(self, table_id: int, number: int) -> TableSnapshot:
        """Deal ``number`` (1-based) of the table as stored: its setup and actions, whether it is finished or
        thrown in (``liste`` is ``None``; the post-game analysis reads past deals with it). Raises
        :class:`NotFound` for a table or a deal that does not exist."""
        from ..online.table import DealSetup

        with self.store.read() as session:
            table = self._get(session, table_id)
            deal = session.get(OnlineDeal, (table.id, number))
            if deal is None:
                raise NotFound("table {table_id}: no deal {number}", table_id=table_id, number=number)
            query = (
                select(OnlineAction.seat, OnlineAction.action)
                .where(OnlineAction.table_id == table.id, OnlineAction.deal == deal.number)
                .order_by(OnlineAction.seq)
            )
            return TableSnapshot(
                info=self._info(session, table),
                deal=_setup(DealSetup, deal, table.id),
                actions=tuple((seat, action) for seat, action in session.execute(query)),
                finished=deal.finished,
                thrown_in=deal.thrown_in,
                game_number=deal.game_number,
                liste=None,
                record_error=deal.record_error,
            )

    def _snapshot(self, table_id: int) -> TableSnapshot:
        """:meth:`state` without the Liste, in one read transaction."""
        from ..online.table import DealSetup

        with self.store.read() as session:
            table = self._get(session, table_id)
            info = self._info(session, table)
            deal = session.get(OnlineDeal, (table.id, table.deal)) if table.deal else None
            if deal is None:
                return TableSnapshot(info, None, (), False, False, None, None)
            query = (
                select(OnlineAction.seat, OnlineAction.action)
                .where(OnlineAction.table_id == table.id, OnlineAction.deal == deal.number)
                .order_by(OnlineAction.seq)
            )
            actions = tuple((seat, action) for seat, action in session.execute(query))
            return TableSnapshot(
                info=info,
                deal=_setup(DealSetup, deal, table.id),
                actions=actions,
                finished=deal.finished,
                thrown_in=deal.thrown_in,
                game_number=deal.game_number,
                liste=None,
                record_error=deal.record_error,
            )

    def append_action(
        self,
        table_id: int,
        *,
        version: int,
        deal: int,
        seat: int,
        action: int,
        entry: Mapping[str, Any] | None = None,
        thrown_in: bool = False,
        finished: bool = False,
    ) -> int:
        """Write the action ``action`` of ``seat`` as the next one of deal ``deal``; returns the table's new
        version. The caller checked it with the engine before (this call checks versions and the deal, not
        the game's rules). ``finished``: the action ended the deal: it is marked finished (``thrown_in``: it
        was thrown in, nothing is recorded) and ``entry`` (the game as a full Liste entry,
        :mod:`doppelkopf.liste`; it gets the deal's dealer unless it names one) becomes the next game of the
        sitting's Liste (author ``online``), its number kept with the deal.

        Raises:
            NotFound: no such table. Conflict: ``version`` is not the table's (``table 3 moved on (version 18,
                not 17): reload``), ``deal`` is not its current deal, the deal is over, or the table is not
                playing. StoreError: a bad field, an entry with a deal not finished or thrown in. Nothing is
                written in any case.

        An entry the Liste refuses (:class:`~doppelkopf.liste.ListeError`: the sitting was changed on the
        score sheet so the game no longer fits, or the sitting is gone) does not stop the table: the action is
        written and the deal finished all the same, with ``game_number`` ``None`` and the one-line reason in
        :attr:`TableSnapshot.record_error`; :meth:`next_deal` deals on. Only a database failure undoes it all.
        """
        seen = check_int(version, "version", 0)
        number = check_int(deal, "deal", 1)
        who = _seat_number(seat)
        act = check_int(action, "action", 0)
        for flag, value in (("thrown_in", thrown_in), ("finished", finished)):
            if not isinstance(value, bool):
                raise StoreError("{flag}: expected true or false, got {name}", flag=flag, name=type(value).__name__)
        data = None if entry is None else entry_json(entry)
        if data is not None and not finished:
            raise StoreError("entry: a game is recorded with the action that finishes the deal only")
        if thrown_in and not finished:
            raise StoreError("thrown_in: a deal thrown in is finished")
        if thrown_in and data is not None:
            raise StoreError("entry: a deal thrown in is not recorded on the Liste")
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            self._check_version(table, seen)
            if table.status != PLAYING:
                raise Conflict(
                    "table {id} is {status_text}: no action is taken now",
                    id=table.id,
                    status_text=_status_text(table.status),
                )
            if table.deal != number:
                raise Conflict(
                    "table {id} plays deal {deal}, not deal {number}: reload",
                    id=table.id,
                    deal=table.deal,
                    number=number,
                )
            row = session.get(OnlineDeal, (table.id, number), populate_existing=True)
            if row is None:  # pragma: no cover - table.deal always names a stored deal
                raise NotFound("deal {number} of table {id}: not found", number=number, id=table.id)
            if row.finished:
                raise Conflict("deal {number} of table {id} is over: no more actions in it", number=number, id=table.id)
            count = session.scalar(
                select(func.count())
                .select_from(OnlineAction)
                .where(OnlineAction.table_id == table.id, OnlineAction.deal == number)
            )
            session.add(
                OnlineAction(
                    table_id=table.id, deal=number, seq=int(count or 0), seat=who, action=act, created_at=utc_now()
                )
            )
            if finished:
                row.finished = True
                row.thrown_in = thrown_in
                if data is not None:
                    row.game_number, row.record_error = self._record(session, table, row, data)
            self._changed(session, table)
            return table.version

    def append_actions(self, writes: Sequence[ActionWrite]) -> list[int | StoreError]:
        """Write many actions that do not finish their deals (:class:`ActionWrite`) in ONE transaction (one
        commit, one fsync on SQLite): a server's group commit (:class:`doppelkopf.web.writer.TableWriter`).
        Returns one result per write, in the writes' order: the table's new version (the write's ``version`` + 1)
        or the error of that write, for which nothing was written:

        - :class:`~doppelkopf.storage.Conflict` with :meth:`append_action`'s messages: ``table 3 moved on
          (version 18, not 17): reload``, ``table 3 is paused: no action is taken now``, ``table 3 plays deal 2,
          not deal 1: reload``, ``deal 1 of table 3 is over: no more actions in it``, and ``deal 1 of table 3
          has 12 actions, not 14: reload`` (``seq`` is not the deal's next place);
        - :class:`~doppelkopf.storage.NotFound`: no such table;
        - :class:`~doppelkopf.storage.StoreError` / :class:`~doppelkopf.storage.StoreUnavailable`: the database
          refused that write alone (see below).

        Each write is applied in order with the guarantees of :meth:`append_action`: the table's version moves
        by one exactly when the action's row is written (one conditional ``UPDATE`` with the version, deal,
        status and place checks, then the ``INSERT``), so nothing is ever half-written. Several writes of one
        table may come in one batch, each with the version the one before makes (a refused one refuses those
        after it, whose versions no longer fit). The tables are written in the order of their ids (writers
        of several tables never wait for each other crosswise on PostgreSQL); on PostgreSQL one ``NOTIFY
        doko_tables, '<table id>:<last version>'`` per table written (sent when the transaction commits).

        When the transaction fails as a whole (a database error: a unique violation, a deadlock), it is rolled
        back and each write is applied alone, in its own transaction, so one bad write cannot sink the others.

        Raises:
            StoreError: ``writes`` holds something other than an :class:`ActionWrite`; nothing is written.
            StoreUnavailable: the database cannot be reached (or SQLite's write lock not had in time): nothing
                is written.
        """
        batch = list(writes)
        for number, write in enumerate(batch):
            if not isinstance(write, ActionWrite):
                raise StoreError(
                    "writes[{number}]: expected an ActionWrite, got {name}", number=number, name=type(write).__name__
                )
        if not batch:
            return []
        try:
            return self._append_batch(batch)
        except StoreUnavailable:
            raise
        except StoreError as exc:
            if len(batch) == 1:
                return [exc]
        results: list[int | StoreError] = []
        gone: StoreUnavailable | None = None
        for write in batch:  # the batch failed as a whole: each write alone
            if gone is not None:
                results.append(StoreUnavailable(str(gone)))
                continue
            try:
                results.extend(self._append_batch([write]))
            except StoreUnavailable as exc:
                gone = exc
                results.append(exc)
            except StoreError as exc:
                results.append(exc)
        return results

    def _append_batch(self, batch: Sequence[ActionWrite]) -> list[int | StoreError]:
        """:meth:`append_actions` in one transaction; a database error raised (the transaction rolled back).
        Per write one conditional ``UPDATE`` of its table; the action rows of the writes that moved their tables
        are inserted together at the end (one ``executemany``), so the deal's action count in the database lags
        by the table's writes before in this batch (``ahead``)."""
        results: list[int | StoreError | None] = [None] * len(batch)
        ahead: dict[int, int] = {}
        last: dict[int, int] = {}
        rows: list[dict[str, Any]] = []
        now = utc_now()
        with self._core_write() as connection:
            for index in sorted(range(len(batch)), key=lambda i: batch[i].table_id):  # stable: a table's order kept
                write = batch[index]
                before = ahead.get(write.table_id, 0)
                moved = connection.execute(
                    _MOVE,
                    {
                        "w_table": write.table_id,
                        "w_version": write.version,
                        "w_deal": write.deal,
                        "w_seq": write.seq - before,
                        "w_now": now,
                    },
                ).rowcount
                if moved != 1:
                    results[index] = self._refusal(connection, write, before)
                    continue
                rows.append(
                    {
                        "table_id": write.table_id,
                        "deal": write.deal,
                        "seq": write.seq,
                        "seat": write.seat,
                        "action": write.action,
                        "created_at": now,
                    }
                )
                ahead[write.table_id] = before + 1
                results[index] = last[write.table_id] = write.version + 1
            if rows:
                connection.execute(_INSERT_ACTION, rows)
            if self._postgresql:
                for table_id, version in last.items():
                    connection.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL, "payload": f"{table_id}:{version}"})
        return [result for result in results if result is not None]

    @staticmethod
    def _refusal(connection: Connection, write: ActionWrite, ahead: int = 0) -> StoreError:
        """Why ``write`` does not fit the table as it is now (read in the writing transaction, where the table's
        ``ahead`` writes before it in the batch moved its version but their rows are not inserted yet): the
        error of :meth:`append_action` for the same call."""
        row = connection.execute(_TABLE_ROW, {"w_table": write.table_id}).one_or_none()
        if row is None:
            return NotFound("table {table_id}: not found", table_id=write.table_id)
        version, deal, status = row
        table_id = write.table_id
        if version != write.version:
            return Conflict(
                "table {table_id} moved on (version {version}, not {version2}): reload",
                table_id=table_id,
                version=version,
                version2=write.version,
            )
        if status != PLAYING:
            return Conflict(
                "table {table_id} is {status_text}: no action is taken now",
                table_id=table_id,
                status_text=_status_text(status),
            )
        if deal != write.deal:
            return Conflict(
                "table {table_id} plays deal {deal}, not deal {deal2}: reload",
                table_id=table_id,
                deal=deal,
                deal2=write.deal,
            )
        finished = connection.execute(_DEAL_ROW, {"w_table": table_id, "w_deal": deal}).scalar()
        if finished is None or finished:
            return Conflict(
                "deal {deal} of table {table_id} is over: no more actions in it", deal=deal, table_id=table_id
            )
        count = (connection.execute(_ACTION_COUNT, {"w_table": table_id, "w_deal": deal}).scalar() or 0) + ahead
        return Conflict(
            "deal {deal} of table {table_id} has {count} actions, not {seq}: reload",
            deal=deal,
            table_id=table_id,
            count=count,
            seq=write.seq,
        )

    @contextlib.contextmanager
    def _core_write(self) -> Iterator[Connection]:
        """One write transaction on a plain connection (SQLAlchemy Core, no ORM session): committed when the
        block ends, rolled back on any error. On SQLite it takes the write lock when it starts (``BEGIN
        IMMEDIATE``). Raises :class:`StoreUnavailable` (no connection, no write lock in time, the connection
        lost) or :class:`StoreError` (another failure of the database)."""
        try:
            with connect(self.store.engine) as connection:
                if not self._postgresql:
                    connection.execution_options(doko_begin="immediate")
                try:
                    transaction = connection.begin()
                except DBAPIError as exc:
                    raise StoreUnavailable("database: {first_line}", first_line=first_line(exc)) from exc
                with transaction:
                    yield connection
        except DBAPIError as exc:
            raise database_error(exc) from exc

    def versions(self, ids: Iterable[int]) -> dict[int, int]:
        """The versions of the tables ``ids`` in one query: ``{table id: version}``; an id of no table is left
        out (a server polls it for all its rooms at once to learn of other processes' changes).

        Raises:
            StoreError: an id that is not an integer id. StoreUnavailable: the database cannot be reached.
        """
        wanted = sorted({check_id(table_id, "table") for table_id in ids})
        if not wanted:
            return {}
        try:
            with connect(self.store.engine) as connection:
                return {row[0]: row[1] for row in connection.execute(_VERSIONS, {"w_ids": wanted})}
        except DBAPIError as exc:
            raise database_error(exc) from exc

    def next_deal(self, table_id: int, *, version: int) -> int:
        """Deal the next game: its dealer, Pflichtsolo state and Bock from the sitting's Liste (after a deal
        thrown in: the same dealer), its seed from the table seed and the new deal number; returns the table's
        new version.

        Raises:
            NotFound: no such table. Conflict: ``version`` is not the table's, the current deal is not
                finished, or the table is not playing. Nothing is written then.
        """
        seen = check_int(version, "version", 0)
        with self.store.write() as session:
            table = self._get(session, table_id, lock=True)
            self._check_version(table, seen)
            if table.status != PLAYING:
                raise Conflict(
                    "table {id} is {status_text}: no deal is dealt now",
                    id=table.id,
                    status_text=_status_text(table.status),
                )
            current = session.get(OnlineDeal, (table.id, table.deal), populate_existing=True)
            if current is None or not current.finished:
                raise Conflict(
                    "deal {deal} of table {id} is not finished: the next deal waits for it",
                    deal=table.deal,
                    id=table.id,
                )
            self._deal(session, table, table.deal)
            self._changed(session, table)
            return table.version

    # -- internals ------------------------------------------------------------------------------------

    @staticmethod
    def _get(session: Session, table_id: int, lock: bool = False) -> OnlineTable:
        """The table (NotFound); ``lock``: FOR UPDATE (PostgreSQL; SQLite's writes are serialised anyway)."""
        query = (
            select(OnlineTable)
            .where(OnlineTable.id == check_id(table_id, "table"))
            .execution_options(populate_existing=True)
        )
        if lock:
            query = query.with_for_update()
        table = session.scalars(query).one_or_none()
        if table is None:
            raise NotFound("table {table_id}: not found", table_id=table_id)
        return table

    @staticmethod
    def _seat_rows(session: Session, table_id: int) -> list[OnlineSeat]:
        query = select(OnlineSeat).where(OnlineSeat.table_id == table_id).order_by(OnlineSeat.seat)
        return list(session.scalars(query.execution_options(populate_existing=True)))

    @staticmethod
    def _seats_of(session: Session, ids: Sequence[int]) -> dict[int, list[OnlineSeat]]:
        """The seats of the tables ``ids`` in one query."""
        found: dict[int, list[OnlineSeat]] = {i: [] for i in ids}
        if ids:
            query = select(OnlineSeat).where(OnlineSeat.table_id.in_(ids))
            for row in session.scalars(query.order_by(OnlineSeat.table_id, OnlineSeat.seat)):
                found[row.table_id].append(row)
        return found

    def _info(self, session: Session, table: OnlineTable, seats: Sequence[OnlineSeat] | None = None) -> TableInfo:
        rows = self._seat_rows(session, table.id) if seats is None else seats
        infos = tuple(
            SeatInfo(row.seat, row.name, row.bot, row.token_hash is not None, row.standin, row.shows_hand)
            for row in rows
        )
        if len(infos) != SEATS:  # pragma: no cover - every table is created with four seats
            raise StoreError(
                "table {id}: {count} seats stored, expected {seats}", id=table.id, count=len(infos), seats=SEATS
            )
        try:
            rules = rules_from_toml(table.rules_toml)
        except Exception as exc:  # RuleError: written by a newer version
            raise StoreError(
                "table {id}: rules_toml: {exc}; was it written by a newer doppelkopf?", id=table.id, exc=exc
            ) from None
        return TableInfo(
            id=table.id,
            name=table.name,
            status=table.status,
            rules=rules,
            rules_name=table.rules_name,
            seed=table.seed,
            listed=table.listed,
            invite=table.invite,
            group_id=table.group_id,
            sitting_id=table.sitting_id,
            pace_ms=table.pace_ms,
            grace_s=table.grace_s,
            next_game_s=table.next_game_s,
            version=table.version,
            deal=table.deal,
            seats=(infos[0], infos[1], infos[2], infos[3]),
            created_at=as_utc(table.created_at),
            analysis=table.analysis,
        )

    @staticmethod
    def _check_version(table: OnlineTable, seen: int) -> None:
        if table.version != seen:
            raise Conflict(
                "table {id} moved on (version {version}, not {seen}): reload",
                id=table.id,
                version=table.version,
                seen=seen,
            )

    def _changed(self, session: Session, table: OnlineTable) -> None:
        """One change of the table: its version up by one, the change's time, the notification."""
        table.version += 1
        table.changed_at = utc_now()
        session.flush()
        self._notify(session, table)

    def _notify(self, session: Session, table: OnlineTable) -> None:
        """``NOTIFY doko_tables, '<id>:<version>'`` on PostgreSQL (sent when the transaction commits)."""
        if self._postgresql:
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": NOTIFY_CHANNEL, "payload": f"{table.id}:{table.version}"},
            )

    def _deal(self, session: Session, table: OnlineTable, last: int) -> None:
        """Insert deal ``last + 1`` as the sitting's Liste says it must be dealt and make it the current one."""
        from ..online.table import setup_for

        if table.sitting_id is None:  # pragma: no cover - a table plays only after its start
            raise Conflict("table {id} has no sitting: start it first", id=table.id)
        sitting = get_sitting(session, table.sitting_id, state=True)
        players = sitting_players(session, sitting.id)
        builder = resume_builder(session, sitting, stored_rules(sitting), players, game_count(session, sitting.id))
        try:
            game_setup = builder.game_setup()
        except ListeError as exc:
            raise StoreError("sitting {id}: {exc}", id=sitting.id, exc=exc) from None
        number = last + 1
        setup = setup_for(game_setup, number=number, game_number=builder.number + 1, table_seed=table.seed)
        session.add(
            OnlineDeal(
                table_id=table.id,
                number=number,
                setup=setup.to_dict(),
                game_number=None,
                thrown_in=False,
                finished=False,
                created_at=utc_now(),
            )
        )
        table.deal = number

    def _record(
        self, session: Session, table: OnlineTable, deal: OnlineDeal, entry: dict[str, Any]
    ) -> tuple[int | None, str | None]:
        """Add the deal's game to the sitting's Liste: ``(its number there, None)``, or ``(None, reason)`` when
        the Liste refuses it (one line). The entry names the deal's dealer (unless it names one); the game
        goes at the end of the Liste, normally the deal's ``game_number`` (someone may have entered or deleted
        a game of the sitting on the score sheet meanwhile: the game played is recorded anyway when it still
        fits). A refusal (:class:`~doppelkopf.liste.ListeError`, a sitting deleted, anything but the database
        failing) writes nothing of the game (a savepoint) and never stops the table; a database error is
        raised."""
        if table.sitting_id is None:  # pragma: no cover - a table plays only after its start
            raise Conflict("table {id} has no sitting: start it first", id=table.id)
        if entry.get("dealer") is None:
            dealer = deal.setup.get("dealer") if isinstance(deal.setup, dict) else None
            players = sitting_players(session, table.sitting_id)
            if isinstance(dealer, int) and 0 <= dealer < len(players):
                entry["dealer"] = players[dealer]
        try:
            with session.begin_nested():
                game = self.store.add_game_in(session, table.sitting_id, entry, None, AUTHOR)
        except (DBAPIError, StoreUnavailable):
            raise
        except Exception as exc:  # the Liste refused the game: the table goes on, the reason is kept
            reason = " ".join(str(exc).split()) or type(exc).__name__
            return None, f"game not recorded on the Liste: {reason}"[:RECORD_ERROR_LENGTH]
        return game.number, None


# -- checks of the fields ------------------------------------------------------------------------------


def _range(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StoreError(f"{what}: expected an integer {low}..{high}, got {value!r}"[:200])
    return value


def _seat_number(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise StoreError(f"seat: expected a seat 0..{SEATS - 1}, got {seat!r}"[:200])
    return seat


def _seat(name: object, bot: object, number: int, where: str) -> tuple[str | None, str | None]:
    """A seat's (name, bot level) checked: a known level, a player's name (``Computer N`` for a computer
    player without one)."""
    from ..online.table import BOT_LEVELS

    if bot is not None and (not isinstance(bot, str) or bot not in BOT_LEVELS):
        shown = bot if isinstance(bot, str) else type(bot).__name__
        raise StoreError(
            "{where}.bot: unknown computer player {shown!r}; expected one of: {bot_levels}",
            where=where,
            shown=shown,
            bot_levels=", ".join(BOT_LEVELS),
        )
    if name is None or (isinstance(name, str) and not name.strip()):
        return (f"Computer {number + 1}" if bot is not None else None), bot
    try:
        return clean_name(name, f"{where}.name"), bot
    except PlayerNameError as exc:
        raise StoreError(exc) from None


def _seats(seats: object) -> list[tuple[str | None, str | None]]:
    """The four seats of :meth:`TableStore.create_table` checked (names differ as they look)."""
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence) or len(seats) != SEATS:
        raise StoreError(
            "seats: expected {seats} seats of (name, computer player), got {name}",
            seats=SEATS,
            name=type(seats).__name__,
        )
    checked: list[tuple[str | None, str | None]] = []
    keys: dict[str, int] = {}
    for number, pair in enumerate(seats):
        if isinstance(pair, str | bytes) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise StoreError(
                "seats[{number}]: expected (name, computer player), got {name}", number=number, name=type(pair).__name__
            )
        name, bot = _seat(pair[0], pair[1], number, f"seats[{number}]")
        if name is not None:
            key = name_key(name)
            if key in keys:
                raise StoreError(
                    "seats[{number}].name: {name!r} is the same player as seats[{keys}]",
                    number=number,
                    name=name,
                    keys=keys[key],
                )
            keys[key] = number
        checked.append((name, bot))
    return checked


def _check_unique(seats: Sequence[OnlineSeat], number: int, name: str | None, what: str) -> None:
    """``name`` for seat ``number`` differs from the other seats' names (as they look)."""
    if name is None:
        return
    for row in seats:
        if row.seat != number and row.name is not None and name_key(row.name) == name_key(name):
            raise StoreError(
                "{what}: {name!r} sits at the table already (seat {seat}, {row_name})",
                what=what,
                name=name,
                seat=row.seat + 1,
                row_name=row.name,
            )


def _check_host(table: OnlineTable, host_token: object, what: str) -> None:
    if not _token_matches(host_token, table.host_hash):
        raise Forbidden("host_token: only the host of table {id} may {what}", id=table.id, what=what)


def _watch_token(stored_hash: str) -> str:
    """The watch token of the seat whose token's hash is ``stored_hash`` (:meth:`TableStore.watch_token`)."""
    return hashlib.sha256(f"watch:{stored_hash}".encode()).hexdigest()[:32]


def _invite_matches(invite: object, stored: str) -> bool:
    return isinstance(invite, str) and hmac.compare_digest(invite.encode("utf-8"), stored.encode("utf-8"))


def _status_text(status: str) -> str:
    return "in the lobby" if status == LOBBY else status


def _group(session: Session, name: str) -> Group:
    """The group called ``name`` (as names compare), created when there is none."""
    found = group_named(session, name)
    if found is not None:
        return found
    group = Group(name=name, created_at=utc_now())
    try:
        with session.begin_nested():  # another writer may have created it since (PostgreSQL)
            session.add(group)
    except IntegrityError:
        again = group_named(session, name, lock=False)
        if again is None:  # pragma: no cover - only the unique name can clash
            raise StoreError("group: {name!r} cannot be created", name=name) from None
        return again
    return group


def _setup(cls: type[DealSetup], deal: OnlineDeal, table_id: int) -> DealSetup:
    try:
        return cls.from_dict(deal.setup)
    except ValueError as exc:
        raise StoreError(
            "deal {number} of table {table_id}: {exc}", number=deal.number, table_id=table_id, exc=exc
        ) from None
