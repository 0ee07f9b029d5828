"""The store's database setup: URLs, engines, connections, SQLite's settings, migrations and the mapping of
the database's failures to the store's errors.

Databases: ``sqlite:///PATH`` (or a plain file path), ``postgresql+psycopg://user:pw@host/db``
(``postgresql://`` and ``postgres://`` are read as psycopg 3). The default is :func:`default_url`:
``$DOKO_DATABASE_URL``, else ``liste.sqlite`` in the user's data folder. :func:`make_engine` gives the
engine with the settings the store relies on (SQLite: WAL, ``synchronous = FULL``, ``BEGIN IMMEDIATE`` for
writes); :func:`migrate` brings its tables to the newest Alembic revision of ``migrations/``.

Errors: :class:`~doppelkopf.storage.infos.StoreError` (``database: ...``, one line) and
:class:`~doppelkopf.storage.infos.StoreUnavailable` when the database cannot be reached now
(:func:`connect`, :func:`database_error`).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, CursorResult, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InterfaceError, NoSuchModuleError

from .infos import StoreError, StoreUnavailable

__all__ = [
    "DEFAULT_FILE",
    "ENV_URL",
    "HEAD_REVISION",
    "MIGRATIONS",
    "PG_CONNECT_TIMEOUT",
    "SQLITE_TIMEOUT",
    "connect",
    "database_error",
    "default_url",
    "first_line",
    "in_memory",
    "make_engine",
    "migrate",
    "normalize_url",
    "rowcount",
]

#: The environment variable that names the database (an SQLAlchemy URL or a file path).
ENV_URL = "DOKO_DATABASE_URL"
#: The SQLite file of the default database, in ``platformdirs.user_data_dir("doppelkopf")``.
DEFAULT_FILE = "liste.sqlite"
#: The folder of the Alembic migrations (``script_location``).
MIGRATIONS = Path(__file__).resolve().with_name("migrations")
#: Seconds an SQLite writer waits for another one before giving up.
SQLITE_TIMEOUT = 30
#: Seconds a connection to a PostgreSQL server may take before the store gives up (:class:`StoreUnavailable`);
#: a URL's own ``connect_timeout`` wins.
PG_CONNECT_TIMEOUT = 10
#: The key of PostgreSQL's advisory lock that serialises migrations of one database.
_MIGRATION_LOCK = 0x646F6B6F  # "doko"
#: The newest Alembic revision of ``migrations/versions`` (a test checks it against Alembic's own head): a
#: database already there is opened without loading Alembic, which saves every CLI call a third of a second.
HEAD_REVISION = "0004"


# -- URLs and engines ----------------------------------------------------------------------------------


def default_url() -> str:
    """The database of the score sheet: ``$DOKO_DATABASE_URL`` when set (a URL or a file path), else
    the SQLite file ``liste.sqlite`` in ``platformdirs.user_data_dir("doppelkopf")`` (the folder is
    created)."""
    env = os.environ.get(ENV_URL, "").strip()
    if env:
        return env
    import platformdirs

    folder = Path(platformdirs.user_data_dir("doppelkopf"))
    folder.mkdir(parents=True, exist_ok=True)
    return "sqlite:///" + str(folder / DEFAULT_FILE)


def normalize_url(url: str) -> URL:
    """``url`` as an SQLAlchemy URL: a plain path is an SQLite file; ``postgresql://`` and
    ``postgres://`` use psycopg 3. Only SQLite and PostgreSQL are accepted.

    Raises:
        StoreError: not a URL of a database the store supports (``database: ...``).
    """
    if not isinstance(url, str) or not url.strip():
        raise StoreError("database: expected a URL or a file path, got {url!r}", url=url)
    url = url.strip()
    if "://" not in url:
        url = "sqlite:///" + str(Path(url).expanduser().resolve())
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError("database: {url!r} is not a database URL", url=url) from None
    backend = parsed.get_backend_name()
    if backend in ("postgres", "postgresql") and "+" not in parsed.drivername:
        parsed = parsed.set(drivername="postgresql+psycopg")
    elif backend not in ("sqlite", "postgresql"):
        raise StoreError(
            "database: {backend!r} is not supported; use sqlite:///PATH or postgresql://...", backend=backend
        )
    return parsed


def in_memory(url: str) -> bool:
    """Whether ``url`` is an SQLite database in memory (``sqlite://``, ``sqlite:///``, ``:memory:``,
    ``file:...?mode=memory``), whose data vanish when the program ends."""
    text_url = url.strip() if isinstance(url, str) else ""
    if text_url == ":memory:":
        return True
    if "://" not in text_url:
        return False
    try:
        parsed = make_url(text_url)
    except ArgumentError:
        return False
    if parsed.get_backend_name() != "sqlite":
        return False
    database = parsed.database or ""
    return database in ("", ":memory:") or "mode=memory" in database or parsed.query.get("mode") == "memory"


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (see :func:`normalize_url`). On SQLite: foreign keys on, the journal in WAL
    mode (readers never block the writer; ``synchronous = FULL``: a confirmed write survives a power
    cut), a write transaction takes the write lock when it starts (``BEGIN IMMEDIATE``), writers wait up to
    :data:`SQLITE_TIMEOUT` seconds for each other, the file's folder must exist. On PostgreSQL: a pooled
    connection is checked before use, a connection attempt gives up after :data:`PG_CONNECT_TIMEOUT` s.

    Raises:
        StoreError: a bad URL, a missing folder or driver.
    """
    parsed = normalize_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            folder = Path(database).parent
            if not folder.is_dir():
                raise StoreError("database: the folder {folder!r} does not exist", folder=str(folder))
        try:
            engine = create_engine(parsed, connect_args={"timeout": SQLITE_TIMEOUT})
        except (ArgumentError, NoSuchModuleError) as exc:
            raise StoreError("database: {exc}", exc=exc) from None
        _sqlite_setup(engine)
        return engine
    connect_args = {} if "connect_timeout" in parsed.query else {"connect_timeout": PG_CONNECT_TIMEOUT}
    try:
        return create_engine(parsed, pool_pre_ping=True, connect_args=connect_args)
    except (ArgumentError, NoSuchModuleError, ImportError) as exc:
        raise StoreError("database: {exc}", exc=exc) from None


def _sqlite_setup(engine: Engine) -> None:
    """SQLite as a real transactional database: the driver's own transaction handling off (it would
    start a transaction only at the first write), foreign keys on, the write-ahead log (``journal_mode =
    WAL``: phones reading the list every second never block the one who enters a game, nor he them) with
    ``synchronous = FULL`` (each commit is on the disk before the call returns), and each transaction
    started by us: ``BEGIN IMMEDIATE`` for the store's writes (execution option ``doko_begin``), else
    ``BEGIN``. An in-memory database keeps its own journal (WAL needs a file)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("doko_begin", "")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if mode == "immediate" else "BEGIN")


# -- connections and the database's errors -------------------------------------------------------------


def first_line(exc: BaseException) -> str:
    """The first non-blank line of the message of ``exc`` (of the driver's error that an SQLAlchemy error
    wraps, its ``orig``), for a one-line ``database: ...`` message; the error's class name when it has none."""
    inner = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(inner).splitlines() if line.strip()]
    return lines[0] if lines else type(inner).__name__


def connect(engine: Engine) -> Connection:
    """A connection of ``engine``.

    Raises:
        StoreUnavailable: the database cannot be reached (``database: <the driver's first line>``).
    """
    try:
        return engine.connect()
    except DBAPIError as exc:
        raise StoreUnavailable("database: {first_line}", first_line=first_line(exc)) from None


def database_error(exc: DBAPIError) -> StoreError:
    """The store's error for a failure of the database in the middle of a call (returned, for the caller to
    raise): :class:`StoreUnavailable` when the connection was lost (the server went away), else
    :class:`StoreError`; the message is ``database: <the driver's first line>``."""
    lost = exc.connection_invalidated or isinstance(exc, InterfaceError)
    return (StoreUnavailable if lost else StoreError)("database: {first_line}", first_line=first_line(exc))


def rowcount(result: object) -> int:
    """The rows that the UPDATE or DELETE whose result is ``result`` changed."""
    return cast("CursorResult[Any]", result).rowcount


# -- migrations ----------------------------------------------------------------------------------------


def _at_head(engine: Engine) -> bool:
    """Whether the database already stands at :data:`HEAD_REVISION` (one read; any doubt means no).
    Raises :class:`StoreUnavailable` when the database cannot be reached."""
    with connect(engine) as connection:
        try:
            found = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
        except DBAPIError as exc:
            if exc.connection_invalidated:
                raise StoreUnavailable("database: {first_line}", first_line=first_line(exc)) from None
            return False
        finally:
            with contextlib.suppress(DBAPIError):
                connection.rollback()
    return found == [HEAD_REVISION]


def _refuse_foreign(engine: Engine) -> None:
    """Refuse a database that has tables but no ``alembic_version``: someone else's, where ours must not be added.

    Raises:
        StoreError: ``database: not a doppelkopf Liste (it has tables games2, foo ...); choose another file``.
    """
    from sqlalchemy import inspect

    with connect(engine) as connection:
        try:
            tables = sorted(inspect(connection).get_table_names())
        except DBAPIError as exc:
            raise database_error(exc) from None
        finally:
            with contextlib.suppress(DBAPIError):
                connection.rollback()
    if tables and "alembic_version" not in tables:
        shown = ", ".join(tables[:5]) + (" ..." if len(tables) > 5 else "")
        raise StoreError("database: not a doppelkopf Liste (it has tables {shown}); choose another file", shown=shown)


def migrate(engine: Engine) -> None:
    """Bring the database of ``engine`` to the newest Alembic revision of this package (creating the
    tables in an empty one). Two processes migrating at once are serialised.

    Raises:
        StoreUnavailable: the database cannot be reached. StoreError: it was made by a newer version of
            doppelkopf, a database with other tables and no ``alembic_version`` (someone else's), or a
            migration failed.
    """
    if _at_head(engine):
        return
    _refuse_foreign(engine)
    from alembic import command
    from alembic.config import Config
    from alembic.util import CommandError

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    options = {"doko_begin": "immediate"} if engine.dialect.name == "sqlite" else {}
    try:
        with connect(engine) as connection:
            connection = connection.execution_options(**options)
            if engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _MIGRATION_LOCK})
                connection.commit()
            try:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                connection.commit()
            finally:
                if engine.dialect.name == "postgresql":
                    connection.rollback()
                    connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _MIGRATION_LOCK})
                    connection.commit()
    except CommandError as exc:
        raise StoreError("database: {exc}; was it made by a newer version of doppelkopf?", exc=exc) from None
    except DBAPIError as exc:
        raise database_error(exc) from None
