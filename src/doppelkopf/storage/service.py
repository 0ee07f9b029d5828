"""The store of the score sheet: groups, sittings and their games in a database, every change kept.

:func:`open_store` opens (and creates or migrates, with the Alembic migrations of this package) an
SQLite file or a PostgreSQL database and returns a :class:`Store`, the service API that the web app
and the CLI use. The store never computes a Punkt itself: every game goes through
:class:`doppelkopf.liste.ListeBuilder` (the core's scoring, Bock, Pflichtsolo and dealer rotation),
and the computed rows are stored beside the entries, so a page of the Liste and the statistics read
them without scoring again.

**Transactions.** Every call is one transaction: it writes all or nothing (an invalid entry, a
conflict or a crash in the middle leaves the database as it was; what a call confirmed by returning
is committed).

**Optimistic versioning.** A sitting has a ``version`` that goes up by one with every add, edit and
delete of one of its games. :meth:`Store.add_game` takes the ``number`` the client believes it is
entering and :meth:`Store.edit_game` / :meth:`Store.delete_game` the ``version`` of the game the
client saw; anything else raises :class:`Conflict` naming who changed what and when. Writers of a
sitting are serialised (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the sitting's row is locked with
``SELECT ... FOR UPDATE``) and the sitting's version is raised with a conditional ``UPDATE ... WHERE
version = :seen``, so of two processes writing at once exactly one wins, the other gets a
:class:`Conflict`.

**Audit trail.** Every add, edit and delete inserts a row in ``game_versions`` (entry, author, time);
those rows are never changed or removed. A deleted game leaves the list (the games after it move up
one number) but keeps its versions: :meth:`Store.history`.

**Idempotent writes.** :meth:`Store.add_game`, :meth:`Store.edit_game` and :meth:`Store.delete_game` take an
optional ``client_id`` (an id the client made for this one write, e.g. a phone's ``crypto.randomUUID()``):
it is kept with the write's row in ``game_versions`` (unique per sitting), and a write whose ``client_id``
the sitting took already is not done again: it answers the game as stored (no second game, no second
version, no :class:`Conflict`), so a client that lost the answer may send the same write again.

Databases: ``sqlite:///PATH`` (or a plain file path), ``postgresql+psycopg://user:pw@host/db``
(``postgresql://`` and ``postgres://`` are read as psycopg 3). The default is
:func:`default_url`: ``$DOKO_DATABASE_URL``, else ``liste.sqlite`` in the user's data folder.

The rooms of the store: :mod:`~doppelkopf.storage.db` (URLs, engines, SQLite's settings, migrations, the
database's errors), :mod:`~doppelkopf.storage.fields` (the checks of the fields, times),
:mod:`~doppelkopf.storage.queries` (steps inside an open session that the store, the online tables and the
import share) and this module (the :class:`Store`; the names of ``db`` and ``fields`` it held before are
importable from here as before). A caller that adds its own steps to a transaction of the store uses
:meth:`Store.write` / :meth:`Store.read` and :meth:`Store.create_sitting_in` / :meth:`Store.add_game_in`.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, load_only, sessionmaker, undefer

from .. import liste as liste_mod
from ..jsonutil import short_repr
from ..liste import ListeBuilder, ListeError, ListeRow
from ..messages import N_, Text
from ..names import PlayerNameError, clean_name, clean_names, name_key
from ..rulefile import RULE_FILE_LIMIT, rules_from_text
from ..rules import RuleError, RuleSet, get_preset
from .db import (
    DEFAULT_FILE,
    ENV_URL,
    HEAD_REVISION,
    MIGRATIONS,
    PG_CONNECT_TIMEOUT,
    SQLITE_TIMEOUT,
    database_error,
    default_url,
    first_line,
    in_memory,
    make_engine,
    migrate,
    normalize_url,
    rowcount,
)
from .fields import (
    MAX_ENTRY_BYTES,
    MAX_INT,
    as_utc,
    by_author,
    check_id,
    check_int,
    check_text,
    entry_json,
    group_name,
    local_time,
    utc_now,
)
from .infos import (
    Conflict,
    GameInfo,
    GameVersionInfo,
    GroupInfo,
    ListePage,
    NotFound,
    SittingInfo,
    Stats,
    StoreError,
    StoreUnavailable,
)
from .models import CLIENT_ID_LENGTH, GameRow, GameVersion, Group, Player, Sitting, SittingPlayer
from .queries import current_games, game_count, get_sitting, group_named, resume_builder, sitting_players
from .stats import compute_stats, empty_tally, tally_fits, tally_of, tally_update

#: The names of the store's setup (:mod:`doppelkopf.storage.db`) and field checks (:mod:`doppelkopf.storage.fields`)
#: that were defined here before they got their own modules: importable from here as before.
__all__ = [
    "DEFAULT_FILE",
    "ENV_URL",
    "FORMULA_START",
    "HEAD_REVISION",
    "MAX_ENTRY_BYTES",
    "MAX_INT",
    "MAX_PER_PAGE",
    "MAX_RULES_CHARS",
    "MIGRATIONS",
    "PG_CONNECT_TIMEOUT",
    "SQLITE_TIMEOUT",
    "Store",
    "UnknownPlayer",
    "check_client_id",
    "csv_text",
    "default_url",
    "group_name",
    "group_named",
    "in_memory",
    "make_engine",
    "migrate",
    "normalize_url",
    "open_store",
    "rule_set_of",
    "rules_from_toml",
    "stored_rules",
]

#: Largest rule file text a sitting takes, in bytes of UTF-8 (the name is older than that): the one limit of
#: every rule file, :data:`doppelkopf.rulefile.RULE_FILE_LIMIT`, which :func:`rule_set_of` applies.
MAX_RULES_CHARS = RULE_FILE_LIMIT
#: Most games on one page of the Liste (:meth:`Store.liste_page`).
MAX_PER_PAGE = 1000

#: What a write's ``client_id`` may be: 8 to :data:`~doppelkopf.storage.models.CLIENT_ID_LENGTH` characters,
#: letters, digits and ``- _ . :``, starting with a letter or digit (a UUID, a ULID, 32 hex digits).
CLIENT_ID_PATTERN = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.:-]{{7,{CLIENT_ID_LENGTH - 1}}}")


def check_client_id(value: object, what: str = "client_id") -> str | None:
    """``value`` as a write's client id (:data:`CLIENT_ID_PATTERN`), ``None`` for none.

    Raises:
        StoreError: ``client_id: expected 8 to 64 letters, digits or - _ . : (an id the client made for this
            write), got 'x y'``.
    """
    if value is None:
        return None
    if not isinstance(value, str) or not CLIENT_ID_PATTERN.fullmatch(value):
        raise StoreError(
            "{what}: expected 8 to {limit} letters, digits or - _ . : (an id the client made for this write), "
            "got {short_repr}",
            what=what,
            limit=CLIENT_ID_LENGTH,
            short_repr=short_repr(value),
        )
    return value


#: The columns of a sitting that :class:`SittingInfo` needs (not its rules' text, state or tally).
_INFO_COLUMNS = (
    Sitting.group_id,
    Sitting.date,
    Sitting.place,
    Sitting.rules_name,
    Sitting.cents_per_point,
    Sitting.sit_out,
    Sitting.version,
    Sitting.created_at,
)


def open_store(url: str | None = None) -> Store:
    """Open the store at ``url`` (default :func:`default_url`), creating the tables or migrating them
    to the newest revision (Alembic ``upgrade head``).

    Raises:
        StoreUnavailable: the database cannot be reached (a server down, an SQLite file that cannot be
            opened). StoreError: a bad URL, a database newer than this program.
    """
    engine = make_engine(default_url() if url is None else url)
    try:
        migrate(engine)
    except BaseException:
        engine.dispose()
        raise
    return Store(engine)


class UnknownPlayer(StoreError):
    """A sitting names a player who is not in the group (and new players were not allowed).

    Attributes: ``name`` (as given), ``group`` (the group's name)."""

    def __init__(self, name: str, group: str) -> None:
        super().__init__(N_("players: {name} is not in group {group}"), name=name, group=group)
        self.name = name
        self.group = group

    def __reduce__(self) -> tuple[object, ...]:
        return (UnknownPlayer, (self.name, self.group))


@functools.lru_cache(maxsize=64)
def rules_from_toml(toml: str) -> RuleSet:
    """The rule set stored as ``toml`` (cached: a rule set is immutable)."""
    return RuleSet.from_toml(toml)


def rule_set_of(rules: RuleSet | str, field: str = "rules") -> RuleSet:
    """The rule set that ``rules`` names: a :class:`RuleSet`, a preset name or the text of a rule file
    (TOML, as ``doko rules show NAME --toml`` writes it), read by :func:`doppelkopf.rulefile.rules_from_text`
    (at most 256 KiB in UTF-8; an edited preset, ``name = "ddv"`` with an option
    changed, is named ``ddv (changed)``). ``field`` is the name of the caller's field for the messages (a
    form's ``rules_file``, an API's ``rules_toml``).

    Raises:
        StoreError: an unknown preset or a rule file the core refuses (``rules: rule file is not valid
            TOML: ...``, ``rules: solo_factor: ...``, ``rules: larger than 256 KiB, not a rule file``;
            ``FIELD: ...`` with ``field``).
    """
    if isinstance(rules, RuleSet):
        return rules
    if not isinstance(rules, str):
        raise StoreError(
            "{field}: expected a rule set, a preset name or TOML text, got {name}",
            field=field,
            name=type(rules).__name__,
        )
    if "=" in rules or "\n" in rules or "[" in rules:
        try:
            return rules_from_text(rules, field)
        except RuleError as exc:  # its message names the field already
            raise StoreError(exc) from None
    try:
        return get_preset(rules)
    except RuleError as exc:
        raise StoreError("{field}: {exc}", field=field, exc=exc) from None


def stored_rules(sitting: Sitting) -> RuleSet:
    """The rule set stored with ``sitting``; :class:`StoreError` (``sitting 3: rules_toml: ...``) for a text
    this version cannot read (written by a newer one)."""
    try:
        return rules_from_toml(sitting.rules_toml)
    except RuleError as exc:
        raise StoreError(
            "sitting {id}: rules_toml: {exc}; was it written by a newer doppelkopf?", id=sitting.id, exc=exc
        ) from None


#: The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_text(value: str) -> str:
    """A text cell for a CSV file that a spreadsheet opens: a leading apostrophe when ``value`` starts
    like a formula (:data:`FORMULA_START`), so ``=HYPERLINK(...)`` stays text.

    >>> csv_text("=Summe Punkte"), csv_text("Kreuzsolo Anna +9"), csv_text("-C & @D +1")
    ("'=Summe Punkte", 'Kreuzsolo Anna +9', "'-C & @D +1")
    """
    return "'" + value if value.startswith(FORMULA_START) else value


class Store:
    """The service API of the score sheet over one database (see the module docstring).

    Use :func:`open_store` to get one; :meth:`close` (or ``with``) releases its connections. A store
    may be used from several threads (each call takes its own connection).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False, autoflush=True)
        self._sqlite = engine.dialect.name == "sqlite"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.engine.url.render_as_string(hide_password=True)!r})"

    def close(self) -> None:
        """Close the store's connections."""
        self.engine.dispose()

    # -- transactions --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self, write: bool) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back on any error. A write takes
        SQLite's write lock at its start; a read on PostgreSQL sees one snapshot (REPEATABLE READ).
        Raises :class:`StoreUnavailable` when no connection can be had (or the write lock not within
        :data:`SQLITE_TIMEOUT` s) or it is lost, :class:`StoreError` for another failure of the database."""
        options: dict[str, Any] = {}
        if self._sqlite:
            options["doko_begin"] = "immediate" if write else "deferred"
        elif not write:
            options["isolation_level"] = "REPEATABLE READ"
        try:
            with self._sessions() as session:
                try:
                    session.connection(execution_options=options)
                except DBAPIError as exc:
                    raise StoreUnavailable("database: {first_line}", first_line=first_line(exc)) from exc
                try:
                    yield session
                except BaseException:
                    session.rollback()
                    raise
                if write:
                    session.commit()
                else:
                    session.rollback()
        except DBAPIError as exc:
            raise database_error(exc) from exc

    def write(self) -> contextlib.AbstractContextManager[Session]:
        """One write transaction, for a caller that adds its own steps to the store's (the online tables'
        :class:`~doppelkopf.storage.tables.TableStore`)::

            with store.write() as session:
                store.add_game_in(session, sitting_id, entry, None, "online")

        The block's session is committed when the block ends and rolled back on any error; it holds SQLite's
        write lock from its start (PostgreSQL: rows are locked as read with ``FOR UPDATE``).

        Raises:
            StoreUnavailable: no connection can be had (or the write lock not within :data:`SQLITE_TIMEOUT`
                s), or it is lost. StoreError: another failure of the database (``database: ...``).
        """
        return self._transaction(write=True)

    def read(self) -> contextlib.AbstractContextManager[Session]:
        """One read transaction (``with store.read() as session: ...``): on PostgreSQL the block sees one
        snapshot (REPEATABLE READ); nothing is written, the session is rolled back when the block ends.

        Raises:
            StoreUnavailable, StoreError: as :meth:`write`.
        """
        return self._transaction(write=False)

    # -- groups and players -------------------------------------------------------------------------

    def create_group(self, name: str, players: Sequence[str] = ()) -> GroupInfo:
        """A new group called ``name`` with ``players`` (names, none twice).

        Raises:
            StoreError: a bad or taken name (``name: a group 'X' exists already``, also when another
                client creates it at the same moment), a bad player name (``players[2]: ...``).
        """
        name = group_name(name)
        try:
            names = clean_names(list(players), "players") if not isinstance(players, str) else clean_names(players)
        except PlayerNameError as exc:
            raise StoreError(exc) from None
        with self.write() as session:
            found = group_named(session, name)
            taken = StoreError("name: a group {value!r} exists already", value=found.name if found else name)
            if found is not None:
                raise taken
            group = Group(name=name, created_at=utc_now())
            try:
                with session.begin_nested():  # another writer may have created it since (PostgreSQL)
                    session.add(group)
            except IntegrityError:
                raise taken from None
            for player in names:
                session.add(Player(group_id=group.id, name=player, key=name_key(player)))
            session.flush()
            return self._group_info(session, group)

    @staticmethod
    def _known_player(session: Session, group_id: int, name: str) -> Player | None:
        """The group's player that ``name`` is (as :func:`doppelkopf.names.name_key` compares), or ``None``."""
        query = select(Player).where(Player.group_id == group_id, Player.key == name_key(name))
        return session.scalars(query).one_or_none()

    def groups(self) -> list[GroupInfo]:
        """All groups, oldest first."""
        with self.read() as session:
            return [self._group_info(session, g) for g in session.scalars(select(Group).order_by(Group.id))]

    def group(self, group_id: int) -> GroupInfo:
        """The group ``group_id``. Raises :class:`NotFound`."""
        with self.read() as session:
            return self._group_info(session, self._get_group(session, group_id))

    def find_group(self, name: str) -> GroupInfo:
        """The group called ``name`` (compared as :func:`doppelkopf.names.name_key` does). Raises :class:`NotFound`."""
        with self.read() as session:
            group = group_named(session, name, lock=False)
            if group is None:
                raise NotFound("group {name!r}: not found", name=name)
            return self._group_info(session, group)

    def add_player(self, group_id: int, name: str) -> GroupInfo:
        """Add the player ``name`` to the group.

        Raises:
            NotFound: no such group. StoreError: a bad name or one that is a player of the group already
                (compared as :func:`doppelkopf.names.name_key` does: "anna" is Anna), also when another
                client adds the player at the same moment (``name: 'anna' is the same player as 'Anna' ...``).
        """
        try:
            name = clean_name(name, "name")
        except PlayerNameError as exc:
            raise StoreError(exc) from None
        with self.write() as session:
            group = self._get_group(session, group_id)
            known = self._known_player(session, group.id, name)
            if known is None:
                try:
                    with session.begin_nested():  # another writer may have added the name since (PostgreSQL)
                        session.add(Player(group_id=group.id, name=name, key=name_key(name)))
                except IntegrityError:
                    known = self._known_player(session, group.id, name)
                    if known is None:  # pragma: no cover - only the unique name of the group can clash
                        raise StoreError(
                            "name: {name!r} cannot be added to group {group_name!r}", name=name, group_name=group.name
                        ) from None
            if known is not None:
                raise StoreError(
                    "name: {name!r} is the same player as {known_name!r} of group {group_name!r}",
                    name=name,
                    known_name=known.name,
                    group_name=group.name,
                )
            return self._group_info(session, group)

    @staticmethod
    def _get_group(session: Session, group_id: int) -> Group:
        group = session.get(Group, check_id(group_id, "group"))
        if group is None:
            raise NotFound("group {group_id}: not found", group_id=group_id)
        return group

    @staticmethod
    def _group_info(session: Session, group: Group) -> GroupInfo:
        names = session.scalars(select(Player.name).where(Player.group_id == group.id).order_by(Player.id))
        return GroupInfo(group.id, group.name, tuple(names), as_utc(group.created_at))

    # -- sittings ----------------------------------------------------------------------------------

    def create_sitting(
        self,
        group_id: int,
        players: Sequence[str],
        rules: RuleSet | str = "ddv",
        *,
        cents_per_point: int = 10,
        date: datetime.date | None = None,
        place: str = "",
        sit_out: str = "dealer",
        rules_field: str = "rules",
        new_players: bool = True,
    ) -> SittingInfo:
        """A new sitting of the group: ``players`` in seating order (four to seven; the first deals
        first), new names are added to the group, a name of the group in another case is that player.
        ``rules`` is a :class:`RuleSet`, a preset name or the text of a rule file; it is stored complete
        as TOML (:meth:`RuleSet.to_toml`), so later changes of a preset or of the defaults never change
        this evening. ``cents_per_point``: the settlement's rate; ``date`` (default today), ``place``;
        ``sit_out``: who sits out at a table of five to seven (:data:`doppelkopf.liste.SIT_OUT`);
        ``rules_field``: the caller's name of the rules for the messages (e.g. ``rules_toml``);
        ``new_players=False``: a name that is not a player of the group is refused (:class:`UnknownPlayer`)
        instead of added (a typo at the table would start a new player).

        Raises:
            NotFound: no such group. StoreError: naming the field (``players[4]: ...``, ``rules: ...``,
                ``cents_per_point: ...``, ``sit_out: ...``).
        """
        rule_set = rule_set_of(rules, rules_field)
        with self.write() as session:
            return self.create_sitting_in(
                session, group_id, players, rule_set, cents_per_point, date, place, sit_out, new_players
            )

    @classmethod
    def _seat(cls, session: Session, group: Group, names: Sequence[str]) -> list[Player]:
        """The group's players of ``names`` (added to the group when new; a name that another writer adds
        at the same moment is that player)."""
        known = cls._group_players(session, group.id)
        seated = []
        for name in names:
            player = known.get(name_key(name))
            if player is None:
                player = Player(group_id=group.id, name=name, key=name_key(name))
                try:
                    with session.begin_nested():
                        session.add(player)
                except IntegrityError:
                    found = cls._known_player(session, group.id, name)
                    if found is None:  # pragma: no cover - only the unique name of the group can clash
                        raise StoreError(
                            "players: {name!r} cannot be added to group {group_name!r}",
                            name=name,
                            group_name=group.name,
                        ) from None
                    player = found
                known[player.key] = player
            seated.append(player)
        return seated

    @staticmethod
    def _group_players(session: Session, group_id: int) -> dict[str, Player]:
        """The group's players by :func:`doppelkopf.names.name_key`."""
        return {p.key: p for p in session.scalars(select(Player).where(Player.group_id == group_id))}

    def sittings(self, group_id: int) -> list[SittingInfo]:
        """The group's sittings by date (oldest first), in four queries whatever their number (the group,
        its sittings without their rules and JSON, their players, their games counted at once). Raises
        :class:`NotFound` for no such group."""
        with self.read() as session:
            group = self._get_group(session, group_id)
            query = (
                select(Sitting)
                .where(Sitting.group_id == group.id)
                .options(load_only(*_INFO_COLUMNS))
                .order_by(Sitting.date, Sitting.id)
            )
            return self._sitting_infos(session, list(session.scalars(query)), group.id)

    def sitting(self, sitting_id: int) -> SittingInfo:
        """The sitting ``sitting_id``. Raises :class:`NotFound`."""
        with self.read() as session:
            return self._sitting_info(session, get_sitting(session, sitting_id))

    def version(self, sitting_id: int) -> int:
        """The sitting's version (:attr:`SittingInfo.version`), in one small query: it goes up with every
        add, edit and delete of a game, so a page polling it learns cheaply when to load the list again.
        Raises :class:`NotFound`."""
        with self.read() as session:
            version = session.scalar(select(Sitting.version).where(Sitting.id == check_id(sitting_id, "sitting")))
            if version is None:
                raise NotFound("sitting {sitting_id}: not found", sitting_id=sitting_id)
            return version

    def group_of(self, sitting_id: int) -> int:
        """The id of the group whose sitting ``sitting_id`` is, in one small query (who may see a sitting is
        asked on every request of its pages). Raises :class:`NotFound`."""
        with self.read() as session:
            group_id = session.scalar(select(Sitting.group_id).where(Sitting.id == check_id(sitting_id, "sitting")))
            if group_id is None:
                raise NotFound("sitting {sitting_id}: not found", sitting_id=sitting_id)
            return group_id

    def rules(self, sitting_id: int) -> RuleSet:
        """The sitting's rule set, as stored with it. Raises :class:`NotFound`, :class:`StoreError` for a
        stored rule set this version cannot read."""
        with self.read() as session:
            return stored_rules(get_sitting(session, sitting_id))

    def rules_text(self, sitting_id: int) -> str:
        """The sitting's rule set as the stored TOML text. Raises :class:`NotFound`."""
        with self.read() as session:
            return get_sitting(session, sitting_id).rules_toml

    def _sitting_info(self, session: Session, sitting: Sitting) -> SittingInfo:
        return self._sitting_infos(session, [sitting])[0]

    @staticmethod
    def _sitting_infos(session: Session, sittings: Sequence[Sitting], group_id: int | None = None) -> list[SittingInfo]:
        """The infos of ``sittings`` with two more queries (players, games counted), whatever their number;
        ``group_id``: all of them are that group's (the queries select by group, not by a list of ids)."""
        if not sittings:
            return []
        ids = [s.id for s in sittings]
        if group_id is not None:
            which: Any = SittingPlayer.sitting_id.in_(select(Sitting.id).where(Sitting.group_id == group_id))
            counted: Any = GameRow.sitting_id.in_(select(Sitting.id).where(Sitting.group_id == group_id))
        else:
            which, counted = SittingPlayer.sitting_id.in_(ids), GameRow.sitting_id.in_(ids)
        players: dict[int, list[str]] = {i: [] for i in ids}
        seated = (
            select(SittingPlayer.sitting_id, Player.name)
            .join(Player, SittingPlayer.player_id == Player.id)
            .where(which)
            .order_by(SittingPlayer.sitting_id, SittingPlayer.position)
        )
        for sitting_id, name in session.execute(seated):
            players.setdefault(sitting_id, []).append(name)
        counts = select(GameRow.sitting_id, func.max(GameRow.number)).where(counted).group_by(GameRow.sitting_id)
        games: dict[int, int | None] = {sitting_id: count for sitting_id, count in session.execute(counts)}
        return [
            SittingInfo(
                id=s.id,
                group_id=s.group_id,
                date=s.date,
                place=s.place,
                players=tuple(players[s.id]),
                rules_name=s.rules_name,
                cents_per_point=s.cents_per_point,
                sit_out=s.sit_out,
                version=s.version,
                games=int(games.get(s.id) or 0),
                created_at=as_utc(s.created_at),
            )
            for s in sittings
        ]

    # -- games ----------------------------------------------------------------------------------------

    def add_game(
        self,
        sitting_id: int,
        entry: Mapping[str, Any],
        *,
        number: int | None = None,
        author: str = "",
        client_id: str | None = None,
    ) -> GameInfo:
        """Enter the next game of the sitting: ``entry`` in the Liste's entry format (full or quick, see
        :mod:`doppelkopf.liste`). ``number`` is the game number the client is entering (the number of
        games it saw plus one); ``None`` appends without that check. ``author`` is kept in the audit trail.

        The entry is stored with the game's ``"dealer"`` (the dealer the Liste has for it) unless it names
        one itself: the game keeps its dealer, and who sat out, when an earlier game is deleted or corrected.
        The returned :attr:`GameInfo.entry` holds it.

        ``client_id`` (:func:`check_client_id`; ``None``: none) makes the call idempotent: when the sitting
        took a write with this id already, nothing is written and the game that write is about is returned as
        stored now (the number and the conflict checks are skipped).

        Raises:
            StoreError: a malformed ``client_id`` (``client_id: ...``). NotFound: no such sitting. Conflict:
                ``number`` is not the next game (``game 4 was entered by
                Ben at 21:04; the next game is 5: reload the list``). doppelkopf.liste.ListeError: an entry
                that does not fit (``game 5: augen_re: ...``). StoreError: an entry that is no JSON object.
                Nothing is written in any of these cases.
        """
        data = entry_json(entry)
        author = check_text(author, "author")
        if number is not None:
            number = check_int(number, "number", 1)
        client_id = check_client_id(client_id)
        with self.write() as session:
            return self.add_game_in(session, sitting_id, data, number, author, client_id=client_id)

    def add_game_in(
        self,
        session: Session,
        sitting_id: int,
        entry: dict[str, Any],
        number: int | None,
        author: str,
        *,
        client_id: str | None = None,
    ) -> GameInfo:
        """:meth:`add_game` inside the caller's open write transaction (``with store.write() as session``; the
        online table's :class:`~doppelkopf.storage.tables.TableStore` records its games with it, in the same
        transaction as the deal's end). ``entry`` is checked JSON data (:func:`~doppelkopf.storage.fields.entry_json`:
        a copy, which gets the game's ``"dealer"``), ``number`` (``None``: append), ``author`` and ``client_id``
        (:func:`check_client_id`) are checked.

        Raises:
            as :meth:`add_game`; the caller's transaction is rolled back then.
        """
        data = entry
        sitting = get_sitting(session, sitting_id, lock=True, state=True, tally=True)
        taken = self._taken(session, sitting.id, client_id)
        if taken is not None:
            return taken
        count = game_count(session, sitting.id)
        if number is not None and number != count + 1:
            raise self._add_conflict(session, sitting.id, number, count)
        players = sitting_players(session, sitting.id)
        builder = resume_builder(session, sitting, stored_rules(sitting), players, count)
        row = builder.add(data)
        if data.get("dealer") is None:
            data["dealer"] = row.dealer
        state = builder.snapshot()
        stored = row.to_dict()
        tally = self._tally_after(session, sitting, players, count + 1, (), [stored])
        version = self._bump(session, sitting, state, tally)
        now = utc_now()
        game = GameRow(
            sitting_id=sitting.id,
            number=count + 1,
            version=version,
            revision=1,
            deleted=False,
            entry=data,
            row=stored,
            state=state,
            author=author,
            created_at=now,
            changed_at=now,
        )
        session.add(game)
        session.flush()
        self._audit(session, game, count + 1, "add", client_id)
        return self._game_info(game)

    def edit_game(
        self,
        sitting_id: int,
        number: int,
        entry: Mapping[str, Any],
        *,
        version: int,
        author: str = "",
        client_id: str | None = None,
    ) -> GameInfo:
        """Correct game ``number`` of the sitting to ``entry``; every game after it is computed again
        (its Bock, the Pflichtsolo state, the totals; a later game stored with its dealer keeps him and who
        sat out). ``version`` is the game's version the client saw (:attr:`GameInfo.version`,
        :attr:`ListePage.versions`). An entry without ``"dealer"`` keeps the game's dealer. ``client_id``: as
        :meth:`add_game` (a correction the sitting took already answers the game as stored, nothing written).

        Raises:
            StoreError: a malformed ``client_id``. NotFound: no such sitting or game. Conflict: the game changed
                since (``game 3 was changed by Ben at 21:04; reload the list and try again``).
                doppelkopf.liste.ListeError: the entry, or a later game with it, does not fit (``game 5: ...``).
                Nothing is written then.
        """
        data = entry_json(entry)
        author = check_text(author, "author")
        number = check_int(number, "number", 1)
        seen = check_int(version, "version", 0)
        client_id = check_client_id(client_id)
        with self.write() as session:
            sitting = get_sitting(session, sitting_id, lock=True, tally=True)
            taken = self._taken(session, sitting.id, client_id)
            if taken is not None:
                return taken
            game, before, later = self._game_and_later(session, sitting.id, number)
            if game.version != seen:
                raise self._edit_conflict(session, game, number, seen)
            if data.get("dealer") is None:
                dealer = game.entry.get("dealer") or (game.row or {}).get("dealer")
                if dealer is not None:
                    data["dealer"] = dealer
            rows, new_version = self._recompute_from(session, sitting, number, game, before, later, [data])
            changed = session.execute(
                update(GameRow)
                .where(GameRow.id == game.id, GameRow.version == seen)
                .values(
                    entry=data,
                    version=new_version,
                    revision=game.revision + 1,
                    author=author,
                    changed_at=utc_now(),
                    row=rows[0][0],
                    state=rows[0][1],
                )
                .execution_options(synchronize_session=False)
            )
            if rowcount(changed) != 1:  # pragma: no cover - the sitting's lock makes this impossible
                raise Conflict("game {number} was changed meanwhile; reload the list and try again", number=number)
            self._store_rows(session, later, rows[1:])
            session.refresh(game)
            self._audit(session, game, number, "edit", client_id)
            return self._game_info(game)

    def delete_game(
        self, sitting_id: int, number: int, *, version: int, author: str = "", client_id: str | None = None
    ) -> None:
        """Delete game ``number``: it leaves the list, the games after it move up one number and are
        computed again (a Bock it started is gone from them). Its versions stay in the audit trail
        (:meth:`history`). ``version`` is the game's version the client saw. ``client_id``: as
        :meth:`add_game` (a deletion the sitting took already does nothing).

        Raises:
            StoreError: a malformed ``client_id``. NotFound: no such sitting or game. Conflict: the game changed
                since. doppelkopf.liste.ListeError: a later game does not fit without it (``game 4: ...``,
                numbered as after the deletion).
        """
        author = check_text(author, "author")
        number = check_int(number, "number", 1)
        seen = check_int(version, "version", 0)
        client_id = check_client_id(client_id)
        with self.write() as session:
            sitting = get_sitting(session, sitting_id, lock=True, tally=True)
            if self._taken(session, sitting.id, client_id) is not None:
                return
            game, before, later = self._game_and_later(session, sitting.id, number)
            if game.version != seen:
                raise self._edit_conflict(session, game, number, seen)
            rows, new_version = self._recompute_from(session, sitting, number, game, before, later, [])
            changed = session.execute(
                update(GameRow)
                .where(GameRow.id == game.id, GameRow.version == seen)
                .values(
                    number=None,
                    deleted=True,
                    version=new_version,
                    revision=game.revision + 1,
                    author=author,
                    changed_at=utc_now(),
                    row=None,
                    state=None,
                )
                .execution_options(synchronize_session=False)
            )
            if rowcount(changed) != 1:  # pragma: no cover - the sitting's lock makes this impossible
                raise Conflict("game {number} was changed meanwhile; reload the list and try again", number=number)
            # move the later games up in two steps (no number is ever held twice: the unique constraint)
            session.execute(
                update(GameRow)
                .where(GameRow.sitting_id == sitting.id, GameRow.number > number)
                .values(number=-GameRow.number, version=new_version)
                .execution_options(synchronize_session=False)
            )
            session.execute(
                update(GameRow)
                .where(GameRow.sitting_id == sitting.id, GameRow.number < 0)
                .values(number=-GameRow.number - 1)
                .execution_options(synchronize_session=False)
            )
            self._store_rows(session, later, rows)
            session.refresh(game)
            self._audit(session, game, number, "delete", client_id)

    def game(self, sitting_id: int, number: int) -> GameInfo:
        """Game ``number`` of the sitting as stored now. Raises :class:`NotFound`."""
        number = check_int(number, "number", 1)
        with self.read() as session:
            sitting = get_sitting(session, sitting_id)
            game = session.scalars(
                select(GameRow).where(GameRow.sitting_id == sitting.id, GameRow.number == number)
            ).one_or_none()
            if game is None:
                raise NotFound(
                    "game {number}: sitting {id} has {game_count} games",
                    number=number,
                    id=sitting.id,
                    game_count=game_count(session, sitting.id),
                )
            return self._game_info(game)

    def games(self, sitting_id: int, *, deleted: bool = False) -> list[GameInfo]:
        """The sitting's games in list order; with ``deleted`` also the deleted ones (after the others,
        in the order they were entered). Raises :class:`NotFound`."""
        with self.read() as session:
            sitting = get_sitting(session, sitting_id)
            query = select(GameRow).where(GameRow.sitting_id == sitting.id)
            if not deleted:
                query = query.where(GameRow.number.is_not(None))
            games = list(session.scalars(query.order_by(GameRow.id)))
            games.sort(key=lambda g: (g.number is None, g.number or 0, g.id))
            gone: dict[int, int] = {
                game_id: number
                for game_id, number in session.execute(
                    select(GameVersion.game_id, GameVersion.number).where(
                        GameVersion.sitting_id == sitting.id, GameVersion.action == "delete"
                    )
                )
            }
            return [self._game_info(g, gone.get(g.id)) for g in games]

    def history(self, sitting_id: int, number: int | None = None) -> list[GameVersionInfo]:
        """The audit trail, oldest change first: with ``number``, every version of the game now at that
        number and of the games deleted while they had it; without, every change of the sitting.

        Raises:
            NotFound: no such sitting, or no game ever had ``number``.
        """
        with self.read() as session:
            sitting = get_sitting(session, sitting_id)
            query = select(GameVersion).where(GameVersion.sitting_id == sitting.id)
            if number is not None:
                number = check_int(number, "number", 1)
                current = select(GameRow.id).where(GameRow.sitting_id == sitting.id, GameRow.number == number)
                deleted = select(GameVersion.game_id).where(
                    GameVersion.sitting_id == sitting.id, GameVersion.action == "delete", GameVersion.number == number
                )
                query = query.where(GameVersion.game_id.in_(current.union(deleted)))
            versions = [self._version_info(v) for v in session.scalars(query.order_by(GameVersion.id))]
            if number is not None and not versions:
                raise NotFound("game {number}: sitting {id} never had such a game", number=number, id=sitting.id)
            return versions

    # -- the Liste -------------------------------------------------------------------------------------

    def liste(self, sitting_id: int, *, recompute: bool = False) -> liste_mod.Liste:
        """The sitting's Liste: the stored rows and state, or with ``recompute`` every game scored again from
        the stored entries by :func:`doppelkopf.liste.compute_liste`. Every row is read (about 0.1 ms a game):
        for the CSV, a chart or a full view; a page of the list, its totals, Bock games owed, the next game
        and the settlement are :meth:`liste_page` (fast at any length). Raises :class:`NotFound`."""
        with self.read() as session:
            sitting = get_sitting(session, sitting_id, state=True)
            players = sitting_players(session, sitting.id)
            rules = stored_rules(sitting)
            current = (GameRow.sitting_id == sitting.id, GameRow.number.is_not(None))
            if not recompute:
                try:
                    tail = ListeBuilder.resume(rules, players, sitting.state, sitting.sit_out).liste()
                    stored = session.scalars(select(GameRow.row).where(*current).order_by(GameRow.number))
                    rows = tuple(ListeRow.from_dict(row) for row in stored)
                    if len(rows) == sitting.state.get("games"):
                        return liste_mod.Liste(
                            tail.players,
                            rows,
                            tail.totals,
                            tail.bock_queue,
                            tail.pflichtsolo_owed,
                            tail.round,
                            tail.games_in_round,
                            tail.next,
                            tail.written_totals,
                            tail.over,
                        )
                except (ListeError, TypeError, KeyError, AttributeError):
                    pass  # stored rows of an older format: compute them
            entries = session.scalars(select(GameRow.entry).where(*current).order_by(GameRow.number))
            return liste_mod.compute_liste(rules, players, list(entries), sitting.sit_out)

    def liste_page(self, sitting_id: int, page: int = 1, per_page: int = 50) -> ListePage:
        """One page of the sitting's Liste from the stored rows: page 1 holds games 1..``per_page``, the
        last page the newest games (``page=-1`` is the last page, -2 the one before); rows oldest first.
        The page holds the whole list's totals, Bock games owed, Pflichtsoli owed, round, the next game and
        (:meth:`ListePage.settlement`, :meth:`ListePage.money`) the settlement at the sitting's rate.

        Raises:
            NotFound: no such sitting, or a page beyond the list. StoreError: ``per_page`` outside
                1..:data:`MAX_PER_PAGE`, ``page`` 0.
        """
        per_page = check_int(per_page, "per_page", 1)
        if per_page > MAX_PER_PAGE:
            raise StoreError(
                "per_page: at most {max_per_page}, got {per_page}", max_per_page=MAX_PER_PAGE, per_page=per_page
            )
        if isinstance(page, bool) or not isinstance(page, int) or page == 0:
            raise StoreError("page: expected a page number 1, 2, ... (or -1 for the last), got {page!r}", page=page)
        with self.read() as session:
            sitting = get_sitting(session, sitting_id, state=True)
            info = self._sitting_info(session, sitting)
            pages = max(1, -(-info.games // per_page))
            number = page if page > 0 else pages + 1 + page
            if not 1 <= number <= pages:
                raise NotFound(
                    "page {page}: the list has {pages} page{value}",
                    page=page,
                    pages=pages,
                    value="s" if pages != 1 else "",
                )
            low, high = (number - 1) * per_page + 1, number * per_page
            query = (
                select(GameRow.row, GameRow.version)
                .where(GameRow.sitting_id == sitting.id, GameRow.number.between(low, high))
                .order_by(GameRow.number)
            )
            stored = list(session.execute(query))
            rules = stored_rules(sitting)
            try:
                rows = tuple(ListeRow.from_dict(row) for row, _ in stored)
                tail = ListeBuilder.resume(rules, info.players, sitting.state, sitting.sit_out).liste()
            except (ListeError, TypeError, KeyError, AttributeError):  # rows of an older format: compute
                full = liste_mod.compute_liste(
                    rules, info.players, [g.entry for g in current_games(session, sitting.id)], sitting.sit_out
                )
                rows, tail = full.rows[low - 1 : high], full
            return ListePage(
                sitting=info,
                players=info.players,
                rows=rows,
                versions=tuple(version for _, version in stored),
                page=number,
                pages=pages,
                per_page=per_page,
                games=info.games,
                totals=tail.totals,
                bock_queue=tail.bock_queue,
                pflichtsolo_owed=tail.pflichtsolo_owed,
                round=tail.round,
                games_in_round=tail.games_in_round,
                next=tail.next,
                written_totals=tail.written_totals if tail.written_totals is not None else tail.totals,
                over=tail.over,
            )

    # -- statistics, import and export -------------------------------------------------------------

    def stats(
        self,
        group_id: int,
        sitting_ids: Sequence[int] | None = None,
        since: datetime.date | None = None,
        until: datetime.date | None = None,
    ) -> Stats:
        """Statistics of the group over its sittings (all, or those of ``sitting_ids``, from ``since``
        to ``until`` inclusive), read from the tallies kept with the stored rows and the running totals of
        the rows (no game is scored again, of a row only its ``totals`` read): see
        :class:`~doppelkopf.storage.infos.Stats`.

        Raises:
            NotFound: no such group, or a sitting of ``sitting_ids`` that is not the group's.
        """
        with self.read() as session:
            group = self._get_group(session, group_id)
            query = select(Sitting).where(Sitting.group_id == group.id)
            query = query.options(load_only(*_INFO_COLUMNS), undefer(Sitting.tally))
            if sitting_ids is not None:
                ids = [check_id(s, "sitting_ids") for s in sitting_ids]
                known = set(
                    session.scalars(select(Sitting.id).where(Sitting.group_id == group.id, Sitting.id.in_(ids)))
                )
                missing = [i for i in ids if i not in known]
                if missing:
                    raise NotFound("sitting {missing}: not a sitting of group {id}", missing=missing[0], id=group.id)
                query = query.where(Sitting.id.in_(ids))
            if since is not None:
                query = query.where(Sitting.date >= since)
            if until is not None:
                query = query.where(Sitting.date <= until)
            sittings = list(session.scalars(query.order_by(Sitting.date, Sitting.id)))
            chosen = query.with_only_columns(Sitting.id).order_by(None)
            # the running totals of every game, each read as its JSON text and all decoded in one go
            texts: dict[int, list[str]] = {s.id: [] for s in sittings}
            totals = (
                select(GameRow.sitting_id, GameRow.row["totals"].as_string())
                .where(GameRow.sitting_id.in_(chosen), GameRow.number.is_not(None))
                .order_by(GameRow.sitting_id, GameRow.number)
            )
            for sitting_id, after in session.execute(totals):
                texts[sitting_id].append(after)
            running: dict[int, list[list[int]]] = {
                sitting_id: json.loads("[" + ",".join(found) + "]") for sitting_id, found in texts.items()
            }
            names = list(session.scalars(select(Player.name).where(Player.group_id == group.id).order_by(Player.id)))
            seats: dict[int, list[str]] = {s.id: [] for s in sittings}
            seated = (
                select(SittingPlayer.sitting_id, Player.name)
                .join(Player, SittingPlayer.player_id == Player.id)
                .where(Player.group_id == group.id)
                .order_by(SittingPlayer.sitting_id, SittingPlayer.position)
            )
            for sitting_id, name in session.execute(seated):
                if sitting_id in seats:
                    seats[sitting_id].append(name)
            tallies = {}
            for sitting in sittings:
                tallies[sitting.id] = sitting.tally
                if not tally_fits(sitting.tally, seats[sitting.id]):  # written by an older version: count again
                    rows = select(GameRow.row).where(GameRow.sitting_id == sitting.id, GameRow.number.is_not(None))
                    tallies[sitting.id] = tally_of(seats[sitting.id], session.scalars(rows.order_by(GameRow.number)))
            return compute_stats(group.id, names, sittings, seats, tallies, running)

    def export_json(self, group_id: int | None = None) -> dict[str, Any]:
        """Everything as JSON data (all groups, or the group ``group_id``): players, sittings with their
        rule set's TOML, every game with every version. ``{"format": "doppelkopf-liste", "version": 1,
        "groups": [...]}``; :meth:`import_json` reads it back unchanged. Raises :class:`NotFound`."""
        from .exchange import export_data

        with self.read() as session:
            if group_id is None:
                groups = list(session.scalars(select(Group).order_by(Group.id)))
            else:
                groups = [self._get_group(session, group_id)]
            return export_data(session, groups)

    def import_json(self, data: Mapping[str, Any]) -> list[GroupInfo]:
        """Add the groups of an :meth:`export_json` file (the format is checked, every game computed
        again) and return them.

        Raises:
            StoreError: naming the path of the field at fault (``groups[0].sittings[1].games[4].entry: game 5:
                augen_re: ...``), a group whose name is taken; nothing is written then.
        """
        from .exchange import import_data

        with self.write() as session:
            groups = import_data(session, data)
            return [self._group_info(session, g) for g in groups]

    def export_csv(self, sitting_id: int) -> str:
        """The sitting's Liste as CSV text (comma-separated, a header line, one line per game): ``Nr``,
        ``Spiel`` (the label), ``Bock`` (the multiplier: 1, 2, 4), then each player's Punkte of the game
        (``<name> Punkte``), then each player's running total (``<name> Stand``). Numbers are plain
        numbers; a text cell that a spreadsheet would take for a formula (starting with ``=``, ``+``,
        ``-``, ``@``, a tab or a carriage return: a player called ``=Summe``, a label ``+B & -C +1``) gets
        a leading apostrophe (:func:`csv_text`). Raises :class:`NotFound`."""
        import csv
        import io

        liste = self.liste(sitting_id)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            [
                "Nr",
                "Spiel",
                "Bock",
                *[csv_text(f"{p} Punkte") for p in liste.players],
                *[csv_text(f"{p} Stand") for p in liste.players],
            ]
        )
        for row in liste.rows:
            writer.writerow([row.number, csv_text(row.label), row.multiplier, *row.points, *row.totals])
        return out.getvalue()

    def import_records(
        self,
        group_id: int,
        path: str | os.PathLike[str],
        *,
        cents_per_point: int = 10,
        date: datetime.date | None = None,
        place: str = "",
        author: str = "",
    ) -> SittingInfo:
        """A new sitting of the group from a file of game records (``doko play/simulate --records``): its
        rule set and players are the records' (the first dealer deals first), each finished game becomes a
        full entry (game type, Re, Augen, tricks, announcements, Sonderpunkte, Pflichtsolo), deals thrown in
        and unfinished games are skipped. ``date`` defaults to the first record's ``meta.created`` day
        (else today).

        Raises:
            NotFound: no such group. StoreError: the file cannot be read as records, or a record whose rules
                or players differ from the first one's, or whose game the Liste refuses, naming its line
                (``games.jsonl: line 7: ...``); nothing is written then.
        """
        from .exchange import read_records

        read = read_records(path)
        return self.create_sitting_with_games(
            group_id,
            read.players,
            read.rules,
            read.entries,
            cents_per_point=cents_per_point,
            date=date or read.date,
            place=place,
            author=author,
            where=read.where,
            bocks=read.bocks,
        )

    def create_sitting_with_games(
        self,
        group_id: int,
        players: Sequence[str],
        rules: RuleSet | str,
        entries: Sequence[Mapping[str, Any]],
        *,
        cents_per_point: int = 10,
        date: datetime.date | None = None,
        place: str = "",
        sit_out: str = "dealer",
        author: str = "",
        where: Sequence[str] | None = None,
        bocks: Sequence[int] | None = None,
    ) -> SittingInfo:
        """A new sitting (as :meth:`create_sitting`) with the games ``entries`` entered at once, in one
        transaction (:meth:`import_records` uses it); each entry is stored with its dealer, as
        :meth:`add_game` stores it. ``where`` names each entry's source for messages
        (default ``game N``); ``bocks`` are the Bock multipliers the source had, checked against the Liste's.

        Raises:
            NotFound: no such group. StoreError: as :meth:`create_sitting`, or an entry the Liste refuses
                (``WHERE: field: ...``); nothing is written then.
        """
        names = [f"game {i + 1}" for i in range(len(entries))] if where is None else list(where)
        datas = [entry_json(e, names[i]) for i, e in enumerate(entries)]
        author = check_text(author, "author")
        rule_set = rule_set_of(rules)
        with self.write() as session:
            info = self.create_sitting_in(session, group_id, players, rule_set, cents_per_point, date, place, sit_out)
            builder = ListeBuilder(rule_set, info.players, sit_out)
            now = utc_now()
            games: list[dict[str, Any]] = []
            for i, data in enumerate(datas):
                try:
                    row = builder.add(data)
                except ListeError as exc:
                    raise StoreError(
                        "{names}: {sub}", names=names[i], sub=re.sub("^game [0-9]+: ", "", str(exc))
                    ) from None
                if data.get("dealer") is None:  # as add_game: the game keeps its dealer
                    data["dealer"] = row.dealer
                if bocks is not None and bocks[i] != row.multiplier:
                    raise StoreError(
                        "{names}: the Bock is x{bocks} there, the Liste has x{multiplier}",
                        names=names[i],
                        bocks=bocks[i],
                        multiplier=row.multiplier,
                    )
                games.append(
                    {
                        "sitting_id": info.id,
                        "number": i + 1,
                        "version": i + 1,
                        "revision": 1,
                        "deleted": False,
                        "entry": data,
                        "row": row.to_dict(),
                        "state": builder.snapshot(),
                        "author": author,
                        "created_at": now,
                        "changed_at": now,
                    }
                )
            if games:  # many games at once: plain INSERTs, no ORM objects
                session.execute(insert(GameRow), games)
                query = select(GameRow.number, GameRow.id).where(GameRow.sitting_id == info.id)
                ids: dict[int | None, int] = {number: game_id for number, game_id in session.execute(query)}
                session.execute(
                    insert(GameVersion),
                    [
                        {
                            "game_id": ids[game["number"]],
                            "sitting_id": info.id,
                            "number": game["number"],
                            "revision": 1,
                            "version": game["version"],
                            "action": "add",
                            "deleted": False,
                            "entry": game["entry"],
                            "author": author,
                            "changed_at": now,
                        }
                        for game in games
                    ],
                )
            session.execute(
                update(Sitting)
                .where(Sitting.id == info.id)
                .values(
                    version=len(datas),
                    state=builder.snapshot(),
                    tally=tally_of(info.players, [game["row"] for game in games]),
                )
                .execution_options(synchronize_session=False)
            )
            return self._sitting_info(session, get_sitting(session, info.id))

    def create_sitting_in(
        self,
        session: Session,
        group_id: int,
        players: Sequence[str],
        rule_set: RuleSet,
        cents_per_point: int,
        date: datetime.date | None,
        place: str,
        sit_out: str,
        new_players: bool = True,
    ) -> SittingInfo:
        """:meth:`create_sitting` inside the caller's open write transaction (``with store.write() as session``;
        the online table's :class:`~doppelkopf.storage.tables.TableStore` starts its sitting with it), with the
        rule set already read (:func:`rule_set_of`); the other arguments are checked as there.

        Raises:
            as :meth:`create_sitting`; the caller's transaction is rolled back then.
        """
        try:
            names = clean_names(players, "players")
        except PlayerNameError as exc:
            raise StoreError(exc) from None
        if not liste_mod.MIN_PLAYERS <= len(names) <= liste_mod.MAX_PLAYERS:
            raise StoreError(
                "players: a sitting has {min_players} to {max_players} players, got {count}",
                min_players=liste_mod.MIN_PLAYERS,
                max_players=liste_mod.MAX_PLAYERS,
                count=len(names),
            )
        cents = check_int(cents_per_point, "cents_per_point", 1)
        if date is None:
            date = datetime.date.today()
        if not isinstance(date, datetime.date) or isinstance(date, datetime.datetime):
            raise StoreError("date: expected a date, got {name}", name=type(date).__name__)
        place = check_text(place, "place")
        if sit_out not in liste_mod.SIT_OUT:
            raise StoreError(
                "sit_out: unknown choice {sit_out!r}; expected one of: {sit_out2}",
                sit_out=sit_out,
                sit_out2=", ".join(liste_mod.SIT_OUT),
            )
        group = self._get_group(session, group_id)
        if not new_players:
            known = self._group_players(session, group.id)
            for name in names:
                if name_key(name) not in known:
                    raise UnknownPlayer(name, group.name)
        seated = self._seat(session, group, names)
        sitting = Sitting(
            group_id=group.id,
            date=date,
            place=place,
            rules_toml=rule_set.to_toml(),
            rules_name=rule_set.name,
            cents_per_point=cents,
            sit_out=sit_out,
            version=0,
            state=ListeBuilder(rule_set, [p.name for p in seated], sit_out).snapshot(),
            tally=empty_tally([p.name for p in seated]),
            created_at=utc_now(),
        )
        session.add(sitting)
        session.flush()
        for position, player in enumerate(seated):
            session.add(SittingPlayer(sitting_id=sitting.id, position=position, player_id=player.id))
        session.flush()
        return self._sitting_info(session, sitting)

    # -- internals of the game calls -----------------------------------------------------------------

    def _game_and_later(
        self, session: Session, sitting_id: int, number: int
    ) -> tuple[GameRow, GameRow | None, list[GameRow]]:
        """Game ``number``, the game before it (``None`` for the first) and the games after it."""
        query = (
            select(GameRow)
            .where(GameRow.sitting_id == sitting_id, GameRow.number >= max(number - 1, 1))
            .options(undefer(GameRow.state))
        )
        games = list(session.scalars(query.order_by(GameRow.number)))
        before = games.pop(0) if games and number > 1 and games[0].number == number - 1 else None
        if not games or games[0].number != number:
            raise NotFound(
                "game {number}: sitting {sitting_id} has {game_count} games",
                number=number,
                sitting_id=sitting_id,
                game_count=game_count(session, sitting_id),
            )
        return games[0], before, games[1:]

    def _recompute_from(
        self,
        session: Session,
        sitting: Sitting,
        number: int,
        game: GameRow,
        before: GameRow | None,
        later: Sequence[GameRow],
        replacement: list[dict[str, Any]],
    ) -> tuple[list[tuple[dict[str, Any], Any]], int]:
        """A correction of ``game`` (number ``number``; edit: ``replacement`` is its new entry, delete: empty):
        replay it and the ``later`` games from the state after ``before``, update the tally, bump the version.
        Returns the new (row, state) of each replayed game and the new version."""
        players = sitting_players(session, sitting.id)
        builder = self._builder_after(sitting, players, before)
        rows = self._replay(builder, replacement + [g.entry for g in later])
        count = number - 1 + len(rows)
        old_rows = [game.row, *(g.row for g in later)]
        tally = self._tally_after(session, sitting, players, count, old_rows, [row for row, _ in rows])
        return rows, self._bump(session, sitting, builder.snapshot(), tally)

    @staticmethod
    def _tally_after(
        session: Session,
        sitting: Sitting,
        players: Sequence[str],
        count: int,
        removed: Sequence[dict[str, Any] | None],
        added: Sequence[dict[str, Any]],
    ) -> dict[str, Any]:
        """The sitting's tally after a change that takes the stored rows ``removed`` (the old rows of the
        games it changes) off the list and puts the rows ``added`` on: the stored tally updated, without
        reading the other games; counted again from every row (games ``1..count`` once the ``added`` rows
        are the last ones) when the stored tally or an old row does not fit (written by an older version)."""
        if tally_fits(sitting.tally, players) and all(row is not None for row in removed):
            try:
                return tally_update(sitting.tally, players, cast("list[dict[str, Any]]", removed), added)
            except (KeyError, TypeError, AttributeError):
                pass
        first_added = count - len(added) + 1
        query = select(GameRow.row).where(GameRow.sitting_id == sitting.id, GameRow.number < first_added)
        kept = [row for row in session.scalars(query.order_by(GameRow.number)) if row is not None]
        return tally_of(players, [*kept, *added])

    @staticmethod
    def _builder_after(sitting: Sitting, players: Sequence[str], before: GameRow | None) -> ListeBuilder:
        """A Liste builder standing after game ``before`` (at the start for ``None``)."""
        rules = stored_rules(sitting)
        if before is None or before.state is None:
            return ListeBuilder(rules, players, sitting.sit_out)
        return ListeBuilder.resume(rules, players, before.state, sitting.sit_out)

    @staticmethod
    def _replay(builder: ListeBuilder, entries: Sequence[Mapping[str, Any]]) -> list[tuple[dict[str, Any], Any]]:
        """(row, state) of each of ``entries`` added to ``builder`` in order (raises ListeError)."""
        out: list[tuple[dict[str, Any], Any]] = []
        for entry in entries:
            row = builder.add(entry)
            out.append((row.to_dict(), builder.snapshot()))
        return out

    @staticmethod
    def _store_rows(session: Session, games: Sequence[GameRow], rows: Sequence[tuple[dict[str, Any], Any]]) -> None:
        """Write the recomputed row and state of each game whose row or state changed."""
        changes = [
            {"id": game.id, "row": row, "state": state}
            for game, (row, state) in zip(games, rows, strict=True)
            if game.row != row or game.state != state
        ]
        if changes:
            session.execute(update(GameRow), changes)

    @staticmethod
    def _bump(session: Session, sitting: Sitting, state: dict[str, Any], tally: dict[str, Any]) -> int:
        """Raise the sitting's version by one if it is still the one read (``UPDATE ... WHERE version =
        :seen``) and store the Liste's state and the tally of its rows; the new version. Conflict when
        another writer was first."""
        seen = sitting.version
        result = session.execute(
            update(Sitting)
            .where(Sitting.id == sitting.id, Sitting.version == seen)
            .values(version=seen + 1, state=state, tally=tally)
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:
            raise Conflict(
                "sitting {id} was changed by another writer meanwhile; reload the list and try again", id=sitting.id
            )
        return seen + 1

    def _taken(self, session: Session, sitting_id: int, client_id: str | None) -> GameInfo | None:
        """The game of the sitting's write with ``client_id`` as stored now (a deleted one with the number it
        had), ``None`` when the sitting took no write with it (or ``client_id`` is ``None``)."""
        if client_id is None:
            return None
        done = session.scalars(
            select(GameVersion).where(GameVersion.sitting_id == sitting_id, GameVersion.client_id == client_id)
        ).first()
        if done is None:
            return None
        game = session.get(GameRow, done.game_id)
        assert game is not None  # a version's game is never removed (only marked deleted)
        return self._game_info(game, done.number)

    @staticmethod
    def _audit(session: Session, game: GameRow, number: int, action: str, client_id: str | None = None) -> None:
        session.add(
            GameVersion(
                game_id=game.id,
                sitting_id=game.sitting_id,
                number=number,
                revision=game.revision,
                version=game.version,
                action=action,
                deleted=game.deleted,
                entry=game.entry,
                author=game.author,
                changed_at=game.changed_at,
                client_id=client_id,
            )
        )
        session.flush()

    @staticmethod
    def _latest(session: Session, sitting_id: int) -> GameVersion | None:
        query = select(GameVersion).where(GameVersion.sitting_id == sitting_id).order_by(GameVersion.id.desc())
        return session.scalars(query.limit(1)).first()

    def _add_conflict(self, session: Session, sitting_id: int, number: int, count: int) -> Conflict:
        if number <= count:
            game = session.scalars(
                select(GameRow).where(GameRow.sitting_id == sitting_id, GameRow.number == number)
            ).one()
            first = session.scalars(
                select(GameVersion).where(GameVersion.game_id == game.id).order_by(GameVersion.id).limit(1)
            ).one()
            return Conflict(
                "game {number} was entered{by_author} at {local_time}; the next game is {count}: reload the "
                "list and enter it again",
                number=number,
                by_author=by_author(first.author),
                local_time=local_time(first.changed_at),
                count=count + 1,
            )
        latest = self._latest(session, sitting_id)
        why: Text | str = ""
        if latest is not None and latest.action == "delete":
            why = Text(
                " (game {number} was deleted{by_author} at {local_time})",
                number=latest.number,
                by_author=by_author(latest.author),
                local_time=local_time(latest.changed_at),
            )
        template = (
            N_(
                "game {number}: the list has {count} game{why}; the next game is {count2}: reload the list and "
                "enter it again"
            )
            if count == 1
            else N_(
                "game {number}: the list has {count} games{why}; the next game is {count2}: reload the list and enter "
                "it again"
            )
        )
        return Conflict(template, number=number, count=count, why=why, count2=count + 1)

    def _edit_conflict(self, session: Session, game: GameRow, number: int, seen: int) -> Conflict:
        change = session.scalars(
            select(GameVersion).where(GameVersion.sitting_id == game.sitting_id, GameVersion.version == game.version)
        ).first()
        if change is None or seen > game.version:
            return Conflict(
                "game {number}: version {seen} is not the game's version ({version}); reload the list and try again",
                number=number,
                seen=seen,
                version=game.version,
            )
        if change.game_id == game.id:
            template = {
                "add": N_("game {number} was entered{by_author} at {local_time}; reload the list and try again"),
                "edit": N_("game {number} was changed{by_author} at {local_time}; reload the list and try again"),
                "delete": N_("game {number} was deleted{by_author} at {local_time}; reload the list and try again"),
            }[change.action]
            return Conflict(
                template,
                number=number,
                by_author=by_author(change.author),
                local_time=local_time(change.changed_at),
            )
        return Conflict(
            "game {number}: the list changed, game {number2} was deleted{by_author} at {local_time} and the "
            "games after it moved up; reload the list and try again",
            number=number,
            number2=change.number,
            by_author=by_author(change.author),
            local_time=local_time(change.changed_at),
        )

    @staticmethod
    def _game_info(game: GameRow, number: int | None = None) -> GameInfo:
        """``number``: the number a deleted game had (its delete's)."""
        return GameInfo(
            sitting_id=game.sitting_id,
            number=game.number if game.number is not None else number or 0,
            version=game.version,
            entry=dict(game.entry),
            row=None if game.row is None else ListeRow.from_dict(game.row),
            deleted=game.deleted,
            changed_at=as_utc(game.changed_at),
            author=game.author,
            game_id=game.id,
            revision=game.revision,
        )

    @staticmethod
    def _version_info(version: GameVersion) -> GameVersionInfo:
        return GameVersionInfo(
            game_id=version.game_id,
            sitting_id=version.sitting_id,
            number=version.number,
            revision=version.revision,
            version=version.version,
            action=version.action,
            deleted=version.deleted,
            entry=dict(version.entry),
            author=version.author,
            changed_at=as_utc(version.changed_at),
        )
