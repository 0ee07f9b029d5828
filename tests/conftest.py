"""Shared deals for the engine tests, and the fixtures of the tests that need a system package.

The deals are hands chosen by hand to create exact situations, written out card by card so a reader
can follow every trick. Only the card notation is parsed here; no rule of the game is coded in this
file (the tests ask the core).

The fixtures ``pg_url`` (a fresh PostgreSQL database per test), ``chromium_path`` (Debian's
chromium) and ``browser`` (Playwright driving it) skip the test with a reason starting ``"needs "``
when the system package is missing; with ``CI=true`` the root ``conftest.py`` turns such a skip into a
failure (``.ci/run`` installs and starts both).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from doppelkopf.cards import Card, parse_cards
from doppelkopf.game import Game

# A normal game (TSR 2.3.4): seats 0 and 2 hold one Kreuz-Dame each, so they are Re.
# Every seat holds two Kreuz and two Pik cards; the Herz cards are spread one or two a seat.
NORMAL_HANDS: tuple[str, ...] = (
    "♣D ♥10 ♦A ♦10 ♦K ♦9  ♣A ♣9  ♠A ♠9  ♥A ♥9",  # seat 0
    "♥10 ♠D ♠D ♦D ♣B ♦A ♦10  ♣10 ♣K  ♠10 ♠K  ♥K",  # seat 1
    "♣D ♥D ♥D ♦D ♣B ♠B ♦K  ♣A ♣9  ♠A ♠9  ♥A",  # seat 2
    "♠B ♥B ♥B ♦B ♦B ♦9  ♣10 ♣K  ♠10 ♠K  ♥K ♥9",  # seat 3
)

# The same deal with seat 0's Karo-9 and seat 2's Kreuz-Dame swapped: seat 0 holds both
# Kreuz-Damen (Hochzeit or Stille Hochzeit, TSR 4.4).
HOCHZEIT_HANDS: tuple[str, ...] = (
    "♣D ♣D ♥10 ♦A ♦10 ♦K  ♣A ♣9  ♠A ♠9  ♥A ♥9",  # seat 0
    NORMAL_HANDS[1],
    "♦9 ♥D ♥D ♦D ♣B ♠B ♦K  ♣A ♣9  ♠A ♠9  ♥A",  # seat 2
    NORMAL_HANDS[3],
)


def run_async(coro: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run(coro)`` in a thread of its own, returning its result or raising its error. The session's
    Playwright (the ``browser`` fixture, sync API) keeps an event loop running in the main thread once a browser
    test ran, and ``asyncio.run`` refuses to start another one there."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coro)
        except BaseException as exc:  # handed to the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=target, name="run-async")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def hands(texts: tuple[str, ...]) -> list[list[Card]]:
    """The four hands written in ``texts`` (seat 0..3)."""
    return [parse_cards(text) for text in texts]


def play(game: Game, *cards: str) -> None:
    """Play ``cards`` in turn, each by the player whose turn it is."""
    for text in cards:
        game.apply(int(Card.parse(text)))


def answer_vorbehalte(game: Game, *answers: int) -> None:
    """Give the Vorbehalt answers in order, starting with the player asked first."""
    for action in answers:
        game.apply(action)


# -- system packages: PostgreSQL, chromium ----------------------------------------------------------

#: The environment variable naming the PostgreSQL server of the tests, as an SQLAlchemy URL
#: (``postgresql+psycopg://doko:doko@127.0.0.1:5432/doko_test``): its role must be allowed to create
#: databases; the database in the URL is only where the fixture connects to create and drop others.
PG_ENV = "DOKO_TEST_DATABASE_URL"
PG_NEEDED = f"needs a PostgreSQL server: set {PG_ENV} (.ci/run starts one)"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_NEEDED = "needs Debian's chromium (apt-get install -y chromium)"
#: Chromium's switches for the tests: no sandbox (CI runs as root), no GPU, nothing fetched behind the page's back.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)


@pytest.fixture(scope="session")
def _pg_server() -> tuple[Any, str]:
    """The server of ``$DOKO_TEST_DATABASE_URL``, checked once a session: (its SQLAlchemy URL, the
    libpq conninfo of its database). Skips every test that uses it when the variable is unset or the
    server cannot be reached or the role cannot create databases."""
    raw = os.environ.get(PG_ENV, "").strip()
    if not raw:
        pytest.skip(PG_NEEDED)
    try:
        import psycopg
        from sqlalchemy.engine import make_url
    except ImportError as exc:
        pytest.skip(f"{PG_NEEDED}; cannot import {exc.name} (pip install -e '.[test]')")
    try:
        url = make_url(raw)
    except Exception as exc:  # sqlalchemy.exc.ArgumentError: not a URL
        pytest.skip(f"{PG_NEEDED}; {PG_ENV} is no database URL ({exc})")
    if url.get_backend_name() != "postgresql":
        pytest.skip(f"{PG_NEEDED}; {PG_ENV} names {url.get_backend_name()}, not PostgreSQL")
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
            row = conn.execute("SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()
    except psycopg.Error as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        pytest.skip(f"{PG_NEEDED}; cannot connect to {url.render_as_string(hide_password=True)}: {first}")
    if not row or not row[0]:
        pytest.skip(f"{PG_NEEDED}; role {url.username} may not create databases (ALTER ROLE ... CREATEDB)")
    return url, conninfo


@pytest.fixture
def pg_url(_pg_server: tuple[Any, str]) -> Iterator[str]:
    """The SQLAlchemy URL (``postgresql+psycopg://...``) of a new, empty database on the server of
    ``$DOKO_TEST_DATABASE_URL``, made for this test and dropped after it (connections still open to it
    are closed by the server). Skips with a reason starting ``"needs "`` where there is no server."""
    import psycopg
    from psycopg import sql

    url, conninfo = _pg_server
    name = f"doko_test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        _drop_database(conninfo, name)


def _drop_database(conninfo: str, name: str) -> None:
    """Drop the test database ``name``. FORCE ends our own connections still open; a server process of another
    role (an autovacuum worker that just started on the new database) cannot be ended by a role without
    superuser rights, so the drop is tried again for a few seconds, and a database left over then is only
    reported: it is empty and uniquely named, and the next CI machine starts without it."""
    import psycopg
    from psycopg import sql

    statement = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    for attempt in range(20):
        try:
            with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
                conn.execute(statement)
            return
        except (psycopg.errors.InsufficientPrivilege, psycopg.errors.ObjectInUse):
            time.sleep(0.25 * (attempt + 1) / 4)
    print(f"note: test database {name} could not be dropped (another role's process still uses it)")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The path of Debian's chromium, which the browser tests drive; skips with a reason starting
    ``"needs "`` where it is not installed."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(CHROMIUM_NEEDED)
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    """A Playwright ``Browser`` (sync API) on Debian's chromium, headless, one for the session; open a
    context per test (``browser.new_context(viewport=..., is_mobile=True)``) and close it. Never runs
    ``playwright install``: the browser is the system's."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("needs playwright, the Python package (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path, args=list(CHROMIUM_ARGS), headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
