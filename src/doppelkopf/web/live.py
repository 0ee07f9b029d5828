"""The online tables' hub: one room per table in memory, its WebSocket connections, computer players and timers.

The server is the only authority. A room holds the table's :class:`~doppelkopf.online.table.TableState` (rebuilt
from the stored deal and actions) and the open connections. Every action, a person's or a computer player's,
goes the same way, inside the room's lock:

1. :meth:`TableState.check <doppelkopf.online.table.TableState.check>` (the engine's legality; a refusal is sent
   back with the engine's own message and nothing else happens);
2. :meth:`TableStore.append_action <doppelkopf.storage.tables.TableStore.append_action>` in a worker thread
   (the action is written before anyone hears of it; a :class:`~doppelkopf.storage.Conflict` means another
   server process moved first: the room reloads from the database and checks again);
3. a fresh view to every connection of the room, each built by
   :func:`~doppelkopf.online.view.seat_view` for that connection's own seat (a spectator: seat ``None``).

Computer players (the table's bot seats, and the seats of people who left longer than ``grace_s`` ago: their
stand-ins) move from a task per room: the decision (:meth:`TableState.decide
<doppelkopf.online.table.TableState.decide>`, a pure function of the position) is computed on a copy of the
room's game in a thread, outside the room's lock (pages, connects and people's actions go on while a computer
player thinks); then, under the lock, if the position is still the one decided for, it is committed like a
person's action, at most one every ``pace_ms``. A refused action whose ``n`` is older than the table's version
(a double click, a click on an overtaken view) is answered "your view (n) is out of date: the table moved on;
nothing done (<the engine's reason>)". A finished deal is followed by the next after
``next_game_s`` (or at once on ``{"do": "weiter"}`` from a seated person).

Changes made elsewhere (another server process, the CLI) reach a room by a periodic version check every
``poll_s`` seconds and, on PostgreSQL, at once by ``LISTEN doko_tables`` (a daemon thread with its own psycopg
connection in autocommit mode; :meth:`TableStore.append_action` sends ``pg_notify('doko_tables',
'<id>:<version>')``). On start the hub loads every active table (playing or paused), so a server killed mid-game
continues by itself; a table whose stored game does not replay is logged and skipped.

Several server processes on one database: each marks the seats connected to it as present every
``min(presence_max_s, grace / 3)`` seconds (:meth:`TableStore.touch_seats`); a grace timer that runs out sets no
stand-in while :meth:`TableStore.seen_recently` says another process saw the person within twice that time plus
:data:`PRESENCE_SLACK_S` (a busy process marks late; it waits another grace time instead).

The WebSocket protocol (``/tables/{id}/ws``, see :mod:`doppelkopf.web.routers.tables`):

* server -> client, JSON format: ``{"type": "view", "n": version, "view": {...}}`` and ``{"type": "error",
  "n": version, "message": "..."}``; HTML format: the rendered ``_table_view.html`` (root ``id="table-view"``,
  ``data-n``) and errors as ``<div id="table-error" hx-swap-oob="true">...</div>``;
* client -> server: ``{"action": int, "n"?: int, "seat"?: int}`` or ``{"do": "weiter"}`` (numbers may come as
  strings, as htmx's ``hx-vals`` sends them; other keys, like htmx's ``HEADERS``, are ignored).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..i18n import translator
from ..messages import Text, TextError
from ..moves import IllegalAction
from ..online.table import TableState
from ..online.view import seat_view
from ..storage import ActionWrite, Conflict, NotFound, StoreError
from .writer import TableWriter

if TYPE_CHECKING:
    from ..liste import Liste
    from ..storage import Store
    from ..storage.tables import TableInfo, TableStore

__all__ = [
    "Connection",
    "Hub",
    "Room",
    "TableSettings",
    "TokenBucket",
    "close_reason",
    "message_of",
    "read_message",
    "refuse",
]

LOG = logging.getLogger("doppelkopf.web.live")
#: Seconds a presence mark may come late (a loaded server process, a slow database) before another process's
#: grace timer takes the person for gone: a stand-in is set only when the last mark is older than twice the
#: marking interval plus this.
PRESENCE_SLACK_S = 1.0

#: The PostgreSQL notification channel of :meth:`TableStore.append_action` and friends.
CHANNEL = "doko_tables"
#: WebSocket close codes: a policy violation (foreign origin, flood) and "no such table".
CLOSE_POLICY = 1008
CLOSE_NOT_FOUND = 4404
#: WebSocket close code: the server cannot serve the table (its stored game does not replay).
CLOSE_ERROR = 1011
#: The longest client message (bytes) a table's socket reads (:attr:`TableSettings.max_message_bytes`); ``doko
#: serve`` gives uvicorn the same as its WebSocket frame limit, so a longer frame is refused by its header (close
#: 1009) before its payload is read.
MAX_MESSAGE_BYTES = 4096
#: The largest action number a client may send (a bound on input, not a rule: the engine refuses the rest).
MAX_ACTION = 1_000_000
MAX_NUMBER = 2**31 - 1
#: "seat N" (0..3) in the engine's messages, replaced by the seat's name for the people at the table.
_SEAT_WORD = re.compile(r"\bseat ([0-3])\b")
#: Seconds after which a room of a table in the lobby or ended, without connections, is dropped from memory.
IDLE_ROOM_S = 60.0


@dataclass
class TableSettings:
    """Timing and limits of the online tables (the app keeps one in ``app.state.table_settings``).

    Attributes:
        poll_s: seconds between the version checks of every room (changes made by another process).
        pace_ms: when set, replaces every table's own pace (milliseconds between computer players' moves).
        grace_s: when set, replaces every table's grace time (seconds before a stand-in takes a left seat).
        next_game_s: when set, replaces every table's pause (seconds) between a finished deal and the next.
        rate_per_s, rate_burst: the token bucket of each connection (messages per second, burst).
        rate_close_after: messages over the limit after which the connection is closed (1008).
        creates_per_minute: tables one client address may create per minute (beyond: 429).
        claims_per_minute: seats one client address may take per minute (beyond: 429).
        conns_per_table: WebSocket connections one client address may hold to one table (beyond: closed 1008).
        conns_per_address: WebSocket connections one client address may hold in all (beyond: closed 1008).
        max_message_bytes: the longest client message read (longer: refused with an error).
        listen: on PostgreSQL, LISTEN for other processes' changes (a daemon thread).
        load_on_start: load every active table when the app starts (its computer players continue).
        allow_seed: a new table may name its table seed (``seed``). Off by default: whoever knows the seed
            computes every hand of every deal (:func:`doppelkopf.online.deal_seed`), so only tests and the
            bench, whose clients are the server's own, turn it on.
        presence_max_s: the longest interval (seconds) between two presence marks of the seats connected to
            this process (:meth:`TableStore.touch_seats`); the interval is ``min(presence_max_s, grace / 3)``.
    """

    poll_s: float = 1.0
    pace_ms: int | None = None
    grace_s: float | None = None
    next_game_s: float | None = None
    rate_per_s: float = 10.0
    rate_burst: int = 20
    rate_close_after: int = 50
    creates_per_minute: int = 20
    claims_per_minute: int = 20
    conns_per_table: int = 20
    conns_per_address: int = 200
    max_message_bytes: int = MAX_MESSAGE_BYTES
    listen: bool = True
    load_on_start: bool = True
    allow_seed: bool = False
    presence_max_s: float = 5.0


class TokenBucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` per second; :meth:`take` spends one."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        """Whether a message may pass now (a token was there and is spent)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class ClientError(ValueError):
    """A client message that is refused before it reaches the game (bad JSON, a field out of range, a seat
    that is not the connection's); its text (a :class:`~doppelkopf.messages.Text`, the first argument) is sent
    back as the error, in the connection's language."""


def message_of(exc: BaseException) -> object:
    """What to translate of an error: the :class:`~doppelkopf.messages.Text` it was raised with (a ClientError,
    an IllegalAction of :mod:`doppelkopf.online.table`), the error itself when it is a
    :class:`~doppelkopf.messages.TextError` (the engine's refusals), else its text."""
    if isinstance(exc, TextError):
        return exc
    if exc.args and isinstance(exc.args[0], (Text, TextError)):
        return exc.args[0]
    return str(exc)


#: Why a table takes no action now, by its status.
_STATUS_REFUSALS = {
    "lobby": Text("table: not started yet, no actions now"),
    "paused": Text("table: paused, no actions now"),
    "ended": Text("table: ended, no actions now"),
}


def _status_refusal(status: str) -> Text:
    return _STATUS_REFUSALS.get(status, Text("table: {status}, no actions now", status=status))


def _number(data: Mapping[str, Any], key: str, *, low: int = 0, high: int = MAX_NUMBER) -> int | None:
    """Field ``key`` of a client message as an int (a JSON number or a string of digits), ``None`` if absent.
    Raises ClientError naming the field otherwise."""
    if key not in data or data[key] is None or data[key] == "":
        return None
    value = data[key]
    if isinstance(value, bool):
        raise ClientError(Text("{key}: {value} is not a number", key=key, value=repr(value)))
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 12:
            raise ClientError(Text("{key}: {value} is not a number", key=key, value=repr(value[:20])))
        value = int(text)
    if not isinstance(value, int):
        raise ClientError(Text("{key}: {value} is not a whole number", key=key, value=repr(str(value)[:20])))
    if not low <= value <= high:
        raise ClientError(
            Text("{key}: {value} is out of range {low}..{high}", key=key, value=value, low=low, high=high)
        )
    return value


def read_message(text: str, max_bytes: int = MAX_MESSAGE_BYTES) -> dict[str, Any]:
    """A client message: ``{"do": "weiter"}`` or ``{"action": int, "n": int | None, "seat": int | None}``.

    Raises ClientError naming the field: not JSON, not an object, too long, nested too deeply (arrays or objects
    in each other beyond what the JSON parser's recursion takes, as ``[[[...]]]`` in 4 KiB), an unknown ``do``,
    a missing or non-numeric ``action``, ``n`` or ``seat`` out of range."""
    if len(text) > max_bytes:
        raise ClientError(Text("message: longer than {limit} bytes", limit=max_bytes))
    try:
        return _read_message(text)
    except RecursionError:  # json.loads, or the repr of a nested value in a refusal
        raise ClientError(Text("message: nested too deeply")) from None


def _read_message(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError:
        raise ClientError(Text("message: not JSON")) from None
    if not isinstance(data, dict):
        raise ClientError(Text("message: not a JSON object"))
    if data.get("do") not in (None, ""):
        if data["do"] != "weiter":
            raise ClientError(Text("do: {value} is unknown (only 'weiter')", value=repr(str(data["do"])[:20])))
        return {"do": "weiter", "seat": _number(data, "seat", high=3)}
    action = _number(data, "action", high=MAX_ACTION)
    if action is None:
        raise ClientError(Text("action: missing (send {example})", example='{"action": number} or {"do": "weiter"}'))
    return {"action": action, "n": _number(data, "n"), "seat": _number(data, "seat", high=3)}


class Connection:
    """One WebSocket of a room: its seat (``None``: a spectator), format, and a send queue in which a newer
    view replaces an older one not sent yet (views are full snapshots; errors are all kept)."""

    def __init__(
        self,
        ws: WebSocket,
        seat: int | None,
        fmt: str,
        host: bool,
        bucket: TokenBucket,
        token: str | None = None,
        *,
        watch: int | None = None,
        watch_token: str | None = None,
        address: str = "?",
        lang: str = "de",
    ) -> None:
        self.ws = ws
        #: the language of this connection's views and errors (its page's: cookie, else Accept-Language)
        self.lang = lang
        self.seat = seat
        self.token = token
        #: a spectator's watched seat (its holder's Kiebitz link): only that seat's hand is shown, if it consents
        self.watch = watch
        self.watch_token = watch_token
        self.address = address
        self.fmt = fmt
        self.host = host
        self.bucket = bucket
        self.over_limit = 0
        self.pending: deque[tuple[str, str]] = deque()
        self.wake = asyncio.Event()
        self.closed = False

    def push(self, kind: str, text: str) -> None:
        """Queue a ``"view"`` (dropping views still queued) or an ``"error"`` message for sending."""
        if self.closed:
            return
        if kind == "view" and self.pending:
            self.pending = deque(item for item in self.pending if item[0] != "view")
        self.pending.append((kind, text))
        self.wake.set()

    async def writer(self) -> None:
        """Send the queued messages until the connection closes."""
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.pending:
                    _, text = self.pending.popleft()
                    await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True


class Room:
    """A table in memory: its info (seats, status, timings), its game, its Liste and its connections."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        self.info: TableInfo | None = None
        self.state: TableState | None = None
        self.liste: Liste | None = None
        self.version = -1
        self.deal_version = 0  # the version at which the current deal began (older clicks are refused)
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.next_task: asyncio.Task[None] | None = None
        self.grace: dict[int, asyncio.Task[None]] = {}
        self.last_move = 0.0
        self.touched = time.monotonic()  # last asked for (an idle lobby room is dropped only long after)
        #: why the current deal's finished game is not on the Liste (``TableSnapshot.record_error``), else None
        self.record_error: str | None = None
        #: the Liste number of the current deal's game once recorded (``TableSnapshot.game_number``), else None
        self.game_number: int | None = None

    @property
    def status(self) -> str:
        """The table's status as last read: ``lobby``, ``playing``, ``paused`` or ``ended`` (``lobby`` before
        the first read)."""
        return self.info.status if self.info is not None else "lobby"

    def seats_connected(self) -> set[int]:
        """The seats (0..3) held by an open connection of this process (a person is here)."""
        return {c.seat for c in self.conns if c.seat is not None and not c.closed}

    def computer_seats(self) -> set[int]:
        """The seats a computer player moves for: bot seats and stand-ins for people who left."""
        if self.info is None:
            return set()
        return {s.seat for s in self.info.seats if s.bot is not None or s.standin}

    def deal_over(self) -> bool:
        """Whether the current deal is finished (played to its end or thrown in): the next deal may come."""
        return self.state is not None and self.state.game is not None and self.state.finished


def close_reason(text: str) -> str:
    """``text`` on one line, cut to the 123 bytes (UTF-8; a cut character is dropped whole) that a WebSocket
    close frame's reason may hold (RFC 6455 5.5: a control frame's payload is at most 125 bytes, 2 of them the
    code)."""
    return " ".join(text.split()).encode("utf-8")[:123].decode("utf-8", "ignore")


async def refuse(ws: WebSocket, code: int, reason: str) -> None:
    """Refuse a WebSocket not yet accepted: accept it, then close it with ``code`` and ``reason`` on one line
    (:func:`close_reason`), so that the client learns both (a close before the accept is an HTTP 403 at the
    handshake, without code or reason). A client gone meanwhile is left alone."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await ws.accept()
        await ws.close(code=code, reason=close_reason(reason))


def _holders(seats: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Who holds each seat (name, computer player, taken): a change means tokens may open other seats now."""
    return [(s.name, s.bot, s.taken) for s in seats]


def _names(info: TableInfo) -> list[str]:
    return [s.name or f"Platz {s.seat + 1}" for s in info.seats]


class Hub:
    """The rooms of one server process (see the module text). Start with :meth:`start`, end with :meth:`stop`.

    ``render_html(view, lang)`` renders a view for the HTML format (``_table_view.html``) in the language
    ``lang`` ("de" or "en") of the connection."""

    def __init__(
        self,
        store: Store,
        tables: TableStore,
        settings: TableSettings,
        render_html: Callable[[dict[str, Any], str], str],
        store_url: str | None = None,
    ) -> None:
        self.store = store
        self.tables = tables
        self.settings = settings
        self.render_html = render_html
        self.store_url = store_url
        self.rooms: dict[int, Room] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._poll_task: asyncio.Task[None] | None = None
        self._listen_stop = threading.Event()
        self._listen_thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: (what, client address) -> times (monotonic) of its creates/claims in the last minute
        self._creates: dict[tuple[str, str], deque[float]] = {}
        #: open WebSocket connections per client address, and per (table, client address)
        self._conns_by_address: Counter[str] = Counter()
        self._conns_by_table: Counter[tuple[int, str]] = Counter()
        self._presence_task: asyncio.Task[None] | None = None
        self._presence_wake = asyncio.Event()  # a person connected: mark at once, and mind the room's interval
        # every table write of this process goes through one queue: the actions of many tables in one
        # transaction (one fsync), and SQLite's writers never wait on each other's locks
        self.writer = TableWriter(tables)
        self.closing = False

    # -- life cycle --------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Load the active tables (their computer players and grace timers run), start the version poll
        and, on PostgreSQL, the LISTEN thread."""
        self._loop = asyncio.get_running_loop()
        await self.writer.start()
        if self.settings.load_on_start:
            try:
                ids = await asyncio.to_thread(self.tables.active_tables)
            except StoreError as exc:
                LOG.warning("online tables not loaded: %s", exc)
                ids = []
            for table_id in ids:
                # one table whose stored game cannot be rebuilt (a replay refused, a broken row) must not stop
                # the app or the other tables: it is logged and left alone (its page shows the error)
                try:
                    room = await self.room(table_id)
                    async with room.lock:
                        self._start_grace_for_absent(room)
                        self._kick(room)
                except Exception:
                    LOG.exception("table %s not loaded", table_id)
                    continue
        self._poll_task = asyncio.create_task(self._poll())
        self._presence_task = asyncio.create_task(self._presence())
        if self.settings.listen and self.store_url and self.store_url.startswith("postgresql"):
            self._listen_thread = threading.Thread(target=self._listen, name="doko-tables-listen", daemon=True)
            self._listen_thread.start()

    async def stop(self) -> None:
        """Cancel every task of the hub and stop the LISTEN thread (the tables stay stored as they are)."""
        self.closing = True
        self._listen_stop.set()
        tasks: list[asyncio.Task[Any]] = list(self._tasks)
        tasks.extend(t for t in (self._poll_task, self._presence_task) if t is not None)
        for room in self.rooms.values():
            tasks.extend(t for t in (room.bot_task, room.next_task, *room.grace.values()) if t is not None)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        await self.writer.stop()
        if self._listen_thread is not None:
            await asyncio.to_thread(self._listen_thread.join, 3.0)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            LOG.error("online table task failed", exc_info=task.exception())

    def allow_create(self, address: str) -> bool:
        """Whether ``address`` may create a table now (at most ``creates_per_minute`` a minute)."""
        return self._allow("create", address, self.settings.creates_per_minute)

    def allow_claim(self, address: str) -> bool:
        """Whether ``address`` may take a seat now (at most ``claims_per_minute`` a minute)."""
        return self._allow("claim", address, self.settings.claims_per_minute)

    def _allow(self, what: str, address: str, per_minute: int) -> bool:
        now = time.monotonic()
        times = self._creates.setdefault((what, address), deque())
        while times and now - times[0] > 60.0:
            times.popleft()
        if len(times) >= per_minute:
            return False
        times.append(now)
        return True

    def _prune_rates(self, now: float | None = None) -> None:
        """Forget the creates and claims older than a minute (an address without any is dropped)."""
        now = time.monotonic() if now is None else now
        for key in list(self._creates):
            times = self._creates[key]
            while times and now - times[0] > 60.0:
                times.popleft()
            if not times:
                del self._creates[key]

    def connection_refused(self, table_id: int, address: str) -> str | None:
        """Why ``address`` may not open one more WebSocket to table ``table_id`` (at most ``conns_per_table``
        to one table and ``conns_per_address`` in all), or ``None``."""
        if self._conns_by_table[(table_id, address)] >= self.settings.conns_per_table:
            return f"connections: at most {self.settings.conns_per_table} to one table from one address"
        if self._conns_by_address[address] >= self.settings.conns_per_address:
            return f"connections: at most {self.settings.conns_per_address} from one address"
        return None

    # -- timing of a table -------------------------------------------------------------------------------

    def pace_s(self, room: Room) -> float:
        """Seconds between two computer moves at the room's table: ``TableSettings.pace_ms`` when set, else
        the table's own ``pace_ms`` (never below 0)."""
        pace = self.settings.pace_ms if self.settings.pace_ms is not None else (room.info.pace_ms if room.info else 0)
        return max(0, pace) / 1000.0

    def grace_s(self, room: Room) -> float:
        """Seconds a person's seat waits for them after their last connection closed before a stand-in plays:
        ``TableSettings.grace_s`` when set, else the table's own ``grace_s`` (never below 0)."""
        grace = self.settings.grace_s if self.settings.grace_s is not None else (room.info.grace_s if room.info else 60)
        return max(0.0, float(grace))

    def next_game_s(self, room: Room) -> float:
        """Seconds between a finished deal and the next one: ``TableSettings.next_game_s`` when set, else the
        table's own ``next_game_s`` (never below 0)."""
        wait = self.settings.next_game_s
        if wait is None:
            wait = room.info.next_game_s if room.info else 10
        return max(0.0, float(wait))

    def presence_s(self, room: Room) -> float:
        """Seconds between two presence marks of the room's connected seats (``min(presence_max_s,
        grace / 3)``, at least 0.05): another process's grace timer asks whether a seat was marked within
        twice this time plus :data:`PRESENCE_SLACK_S`."""
        return max(0.05, min(self.settings.presence_max_s, self.grace_s(room) / 3.0))

    # -- rooms -------------------------------------------------------------------------------------------

    async def room(self, table_id: int) -> Room:
        """The room of ``table_id``, loaded from the database the first time. Raises NotFound."""
        room = self.rooms.get(table_id)
        if room is not None:
            room.touched = time.monotonic()
            return room
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(table_id)
            if room is None:
                room = Room(table_id)
                await self._reload(room)
                self.rooms[table_id] = room
        return room

    async def _reload(self, room: Room) -> None:
        """Read the table from the database (in a thread) and bring the room's game up to it: the actions
        stored beyond the room's are applied, or the game is rebuilt by replay when the deal changed."""
        snap = await asyncio.to_thread(self.tables.state, room.table_id)
        info: TableInfo = snap.info
        setup = snap.deal
        actions = [(int(s), int(a)) for s, a in snap.actions]
        state = room.state
        same_players = (
            room.info is not None
            and state is not None
            and [s.name for s in room.info.seats] == [s.name for s in info.seats]
            and [s.bot for s in room.info.seats] == [s.bot for s in info.seats]
        )
        if (
            same_players
            and state is not None
            and state.deal == setup
            and setup is not None
            and state.actions == actions[: len(state.actions)]
            and self._catch_up(state, actions)
        ):
            pass
        else:
            state = TableState(info.rules, _names(info), [s.bot for s in info.seats], info.seed)
            if setup is not None:
                state.start_deal(setup, actions)
            if room.state is None or room.state.deal != setup:
                room.deal_version = info.version
        room.state = state
        if room.info is None or room.info.deal != info.deal:
            room.deal_version = info.version
        room.info = info
        room.version = info.version
        room.liste = snap.liste
        room.record_error = snap.record_error
        room.game_number = snap.game_number

    @staticmethod
    def _catch_up(state: TableState, actions: list[tuple[int, int]]) -> bool:
        """Apply the stored actions beyond the state's own; False (the state then needs a replay) if one of
        them is refused."""
        try:
            for seat, action in actions[len(state.actions) :]:
                state.apply(seat, action)
        except IllegalAction:
            return False
        return True

    async def started(self, table_id: int) -> None:
        """The table was started or resumed by a route of this process: load its room, send everyone the new
        view, let the computer players move, and give each person not connected here the grace time."""
        room = await self.room(table_id)
        async with room.lock:
            await self._refresh(room)
            self._start_grace_for_absent(room)

    async def changed(self, table_id: int) -> None:
        """Something of the table changed in the database (a route of this process wrote it, or another process
        did): reload the room, if this process has one, send everyone the new view, and let the computer
        players move."""
        room = self.rooms.get(table_id)
        if room is None:
            return
        async with room.lock:
            await self._refresh(room)

    async def _refresh(self, room: Room) -> None:
        """Reload (under the lock), give seats back to people connected here, broadcast, kick the bots."""
        before = room.info.seats if room.info is not None else None
        try:
            await self._reload(room)
        except NotFound:
            self._forget(room)
            return
        info = room.info
        if info is not None and before is not None and _holders(before) != _holders(info.seats):
            await self._reseat(room)
        if info is not None:
            here = room.seats_connected()
            for seat in info.seats:
                if seat.standin and seat.seat in here and seat.bot is None:
                    await self.writer.call(self.tables.set_standin, room.table_id, seat.seat, False)
                    await self._reload(room)
        self._broadcast(room)
        self._kick(room)

    async def _reseat(self, room: Room) -> None:
        """The seats changed hands (the host set one up anew in the lobby): each seated connection keeps only
        the seat its token still opens (else it watches as a spectator)."""
        seated = [c for c in room.conns if c.seat is not None]
        watching = [c for c in room.conns if c.seat is None and c.watch_token]
        if not seated and not watching:
            return
        tokens = [c.token for c in seated]
        seats = await asyncio.to_thread(lambda: [self.tables.seat_of(room.table_id, t) for t in tokens])
        for conn, seat in zip(seated, seats, strict=True):
            conn.seat = seat
            if seat is None:
                conn.token = None
        watch_tokens = [c.watch_token for c in watching]
        watched = await asyncio.to_thread(lambda: [self.tables.watched_seat(room.table_id, w) for w in watch_tokens])
        for conn, watch in zip(watching, watched, strict=True):
            conn.watch = watch

    def _forget(self, room: Room) -> None:
        for task in (room.bot_task, room.next_task, *room.grace.values()):
            if task is not None:
                task.cancel()
        self.rooms.pop(room.table_id, None)
        for conn in list(room.conns):
            conn.push("error", self._error_text(conn, room, Text("table {id}: not found", id=room.table_id)))

    # -- views -------------------------------------------------------------------------------------------

    def view(
        self, room: Room, seat: int | None, *, host: bool = False, watch: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        """The view of ``seat`` (``None``: a spectator) as :func:`seat_view` builds it, numbered with the
        table's version. A spectator sees a hand only of the seat ``watch`` (opened by that seat's Kiebitz link,
        :meth:`TableStore.watch_token`) and only while that seat consents (``shows_hand``); nobody else's.
        ``record_error``: why the finished game is not on the Liste (``None``: it is, or nothing finished).
        ``lang``: the viewer's language (labels, buttons, log)."""
        info = room.info
        assert info is not None and room.state is not None
        connected = room.seats_connected()
        table = {
            "id": info.id,
            "name": info.name,
            "status": info.status,
            "rules_name": info.rules_name,
            "host": host,
            "analysis": info.analysis,
            # seconds from a finished deal to the next (the result shows them counting down)
            "next_game_s": self.next_game_s(room),
            # the person's seats nobody holds yet (the lobby's Start waits for them)
            "empty_seats": [s.seat for s in info.seats if s.bot is None and not s.taken],
        }
        seats = [
            {
                "seat": s.seat,
                "name": s.name or f"Platz {s.seat + 1}",
                "bot": s.bot,
                "standin": s.standin,
                "connected": s.bot is not None or s.seat in connected,
                "taken": s.taken,
                "shows_hand": s.shows_hand,
            }
            for s in info.seats
        ]
        shown = [watch] if seat is None and watch is not None and info.seats[watch].shows_hand else []
        view = seat_view(
            room.state,
            seat,
            table=table,
            seats=seats,
            liste=room.liste,
            shown=shown,
            game_number=room.game_number,
            tr=translator(lang),
        )
        view["n"] = room.version
        view["record_error"] = room.record_error if room.deal_over() else None
        return view

    def _message(self, room: Room, conn: Connection, cache: dict[tuple[Any, ...], str] | None = None) -> str:
        key = (conn.seat, conn.fmt, conn.host, conn.watch if conn.seat is None else None, conn.lang)
        if cache is not None and key in cache:
            return cache[key]
        view = self.view(room, conn.seat, host=conn.host, watch=conn.watch, lang=conn.lang)
        if conn.fmt == "json":
            text = json.dumps({"type": "view", "n": room.version, "view": view}, ensure_ascii=False)
        else:
            text = self.render_html(view, conn.lang)
        if cache is not None:
            cache[key] = text
        return text

    def _error_text(self, conn: Connection, room: Room, message: object) -> str:
        """An error message for ``conn`` in its language: a Text, an error (:func:`message_of`) or a text; the
        engine's seat numbers (an IllegalAction) named (:meth:`_named`)."""
        engine = isinstance(message, IllegalAction)
        if isinstance(message, BaseException):
            message = message_of(message)
        message = " ".join(translator(conn.lang).text(message).split())
        if engine:
            message = self._named(room, message)
        if conn.fmt == "json":
            return json.dumps({"type": "error", "n": room.version, "message": message}, ensure_ascii=False)
        from markupsafe import escape

        return f'<div id="table-error" class="table-error" role="alert" hx-swap-oob="true">{escape(message)}</div>'

    def _broadcast(self, room: Room) -> None:
        """A fresh view to every connection, each for its own seat."""
        if room.info is None or room.state is None:
            return
        cache: dict[tuple[Any, ...], str] = {}
        for conn in list(room.conns):
            if conn.closed:
                continue
            try:
                conn.push("view", self._message(room, conn, cache))
            except Exception:  # a view that cannot be built must not stop the others
                LOG.exception("table %s: view for seat %s failed", room.table_id, conn.seat)

    @staticmethod
    def _named(room: Room, message: str) -> str:
        """The engine's refusal with its seats named as the table knows them: the engine counts seats 0..3
        (``it is seat 1's turn, not seat 0's``), a person reads ``it is Ben's turn, not Anna's``."""
        if room.info is None:
            return message
        names = _names(room.info)
        return _SEAT_WORD.sub(lambda m: names[int(m.group(1))], message)

    def _error(self, room: Room, conn: Connection, message: object) -> None:
        conn.push("error", self._error_text(conn, room, message))

    # -- connections -------------------------------------------------------------------------------------

    async def serve(
        self,
        ws: WebSocket,
        table_id: int,
        fmt: str,
        token: str | None,
        host_token: str | None,
        *,
        watch_token: str | None = None,
        address: str = "?",
        lang: str = "de",
    ) -> None:
        """Run one WebSocket connection of table ``table_id`` until it closes (already origin-checked and
        allowed to see the table, not yet accepted). The seat is the one whose token is ``token`` (none: a
        spectator, who sees the hand of the seat whose Kiebitz link ``watch_token`` is, while it consents).
        ``address``: the client's address; beyond ``conns_per_table`` connections of one address to one table,
        or ``conns_per_address`` in all (handshakes in progress count), the connection is refused with 1008
        (:func:`refuse`). An unknown table is refused with 4404, one whose stored game cannot be loaded with 1011.
        ``lang``: the language of its views and errors."""
        refused = self.connection_refused(table_id, address)
        if refused is not None:
            await refuse(ws, CLOSE_POLICY, refused)
            return
        # the slot is taken before the first await (handshakes of one address at once all count) and given
        # back on every way out
        self._conns_by_address[address] += 1
        self._conns_by_table[(table_id, address)] += 1
        try:
            await self._serve(ws, table_id, fmt, token, host_token, watch_token=watch_token, address=address, lang=lang)
        finally:
            self._conns_by_address[address] -= 1
            self._conns_by_table[(table_id, address)] -= 1
            if self._conns_by_address[address] <= 0:
                del self._conns_by_address[address]
            if self._conns_by_table[(table_id, address)] <= 0:
                del self._conns_by_table[(table_id, address)]

    async def _serve(
        self,
        ws: WebSocket,
        table_id: int,
        fmt: str,
        token: str | None,
        host_token: str | None,
        *,
        watch_token: str | None,
        address: str,
        lang: str,
    ) -> None:
        try:
            room = await self.room(table_id)
            seat = await asyncio.to_thread(self.tables.seat_of, table_id, token) if token else None
            host = bool(host_token) and await asyncio.to_thread(self.tables.is_host, table_id, host_token)
            watch = None
            if seat is None and watch_token:
                watch = await asyncio.to_thread(self.tables.watched_seat, table_id, watch_token)
        except NotFound as exc:
            await refuse(ws, CLOSE_NOT_FOUND, str(exc))
            return
        except Exception:  # a stored game that cannot be rebuilt: logged; the client hears why in one line
            LOG.exception("table %s: room not loaded", table_id)
            await refuse(ws, CLOSE_ERROR, f"table {table_id}: cannot be loaded now")
            return
        await ws.accept()
        bucket = TokenBucket(self.settings.rate_per_s, self.settings.rate_burst)
        conn = Connection(
            ws,
            seat,
            fmt,
            host,
            bucket,
            token if seat is not None else None,
            watch=watch,
            watch_token=watch_token if watch is not None else None,
            address=address,
            lang=lang,
        )
        writer = asyncio.create_task(conn.writer())
        try:
            async with room.lock:
                room.conns.add(conn)
                if seat is not None:
                    task = room.grace.pop(seat, None)
                    if task is not None:
                        task.cancel()
                    info = room.info
                    if info is not None and info.seats[seat].standin:
                        await self.writer.call(self.tables.set_standin, table_id, seat, False)
                        await self._reload(room)
                    self._broadcast(room)  # "connected" changed for everyone; this one gets its full snapshot
                    self._presence_wake.set()  # other processes' grace timers learn of this person now
                else:
                    conn.push("view", self._message(room, conn))
            await self._receive(room, conn)
        finally:
            seat = conn.seat  # the seat it holds now (a host may have set the seat up anew meanwhile)
            conn.closed = True
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer
            room.conns.discard(conn)
            if seat is not None and not self.closing and seat not in room.seats_connected():
                async with room.lock:
                    self._start_grace(room, seat)
                    self._broadcast(room)

    async def _receive(self, room: Room, conn: Connection) -> None:
        ws = conn.ws
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = (
                    raw.decode("utf-8", "replace")
                    if len(raw) <= self.settings.max_message_bytes
                    else "x" * (self.settings.max_message_bytes + 1)
                )
            if not conn.bucket.take():
                conn.over_limit += 1
                if conn.over_limit >= self.settings.rate_close_after:
                    conn.closed = True
                    with contextlib.suppress(Exception):
                        await ws.close(code=CLOSE_POLICY, reason="rate limit: too many messages")
                    return
                self._error(
                    room,
                    conn,
                    Text("rate limit: more than {rate} messages a second", rate=f"{self.settings.rate_per_s:g}"),
                )
                continue
            try:
                data = read_message(text, self.settings.max_message_bytes)
                if data["seat"] is not None and data["seat"] != conn.seat:
                    if conn.seat is None:
                        refusal = Text("seat {seat} is not yours (you hold no seat); nothing done", seat=data["seat"])
                    else:
                        refusal = Text(
                            "seat {seat} is not yours (yours is seat {own}); nothing done",
                            seat=data["seat"],
                            own=conn.seat,
                        )
                    raise ClientError(refusal)
                if "do" in data and (conn.seat is not None or conn.host):
                    await self._weiter(room, conn)  # the next deal: a seated person or the host
                elif conn.seat is None:
                    raise ClientError(Text("seat: a spectator cannot play; take a free seat first"))
                elif "do" in data:
                    await self._weiter(room, conn)
                else:
                    await self._person_action(room, conn, data["action"], data["n"])
            except (ClientError, IllegalAction, StoreError) as exc:
                self._error(room, conn, exc)

    async def _person_action(self, room: Room, conn: Connection, action: int, n: int | None) -> None:
        assert conn.seat is not None
        async with room.lock:
            if n is not None and n < room.deal_version:
                raise ClientError(Text("n: your view ({n}) is of an earlier deal; nothing done", n=n))
            if room.status != "playing":
                raise ClientError(_status_refusal(room.status))
            try:
                await self._commit(room, conn.seat, action)
            except IllegalAction as exc:
                if n is not None and n < room.version:  # a double click, or a click on a view overtaken
                    raise ClientError(
                        Text(
                            "your view ({n}) is out of date: the table moved on; nothing done ({reason})",
                            n=n,
                            reason=message_of(exc),
                        )
                    ) from None
                raise
            if conn.fmt == "html":  # an earlier error of this page is answered: clear it
                conn.push("error", '<div id="table-error" class="table-error" role="alert" hx-swap-oob="true"></div>')
        self._kick(room)

    async def _commit(self, room: Room, seat: int, action: int, *, tries: int = 3) -> None:
        """Check, store, apply and broadcast one action (under the room's lock). Raises IllegalAction with the
        engine's message (nothing stored), Conflict when the database kept moving after ``tries`` reloads."""
        for _ in range(tries):
            state = room.state
            info = room.info
            assert state is not None and info is not None
            state.apply(seat, action)  # TableState.check first: the engine's legality, with its message
            finished = state.finished
            entry = state.entry() if finished else None
            thrown_in = state.thrown_in
            try:
                if finished:  # the last action of a deal records the game in the Liste: on its own
                    version = await self.writer.call(
                        self.tables.append_action,
                        room.table_id,
                        version=room.version,
                        deal=info.deal,
                        seat=seat,
                        action=action,
                        entry=entry,
                        thrown_in=thrown_in,
                        finished=finished,
                    )
                else:  # committed together with the other tables' actions waiting now
                    seq = len(state.actions) - 1
                    version = await self.writer.append(
                        ActionWrite(room.table_id, room.version, info.deal, seq, seat, action)
                    )
            except Conflict:
                # another process moved: the room from the database (everyone sees it: the poll and the
                # notification find the room up to date now), then check again
                await self._reload(room)
                self._broadcast(room)
                continue
            except BaseException:
                await self._reload(room)  # the applied action was not stored: back to what is stored
                self._broadcast(room)
                raise
            room.version = version
            room.last_move = time.monotonic()
            if finished:
                await self._reload(room)  # the Liste with the new game
            self._broadcast(room)
            return
        raise Conflict("table {table}: changed meanwhile; try again", table=room.table_id)

    async def _weiter(self, room: Room, conn: Connection) -> None:
        if room.status != "playing":
            raise ClientError(_status_refusal(room.status))
        if not room.deal_over():
            raise ClientError(Text("do: weiter only after the deal is over"))
        if room.next_task is not None:
            room.next_task.cancel()
            room.next_task = None
        await self._next_deal(room)

    # -- computer players --------------------------------------------------------------------------------

    def _kick(self, room: Room) -> None:
        """Let the room's computer players move (or the next deal come) if it is their turn."""
        if self.closing or room.status != "playing":
            return
        if room.deal_over():
            self._schedule_next(room)
            return
        if room.bot_task is None or room.bot_task.done():
            room.bot_task = asyncio.create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        try:
            await self._bot_moves(room)
        except asyncio.CancelledError:
            raise
        except Exception:  # a computer player's bug or a lost database: logged, the next change kicks again
            LOG.exception("table %s: computer players stopped", room.table_id)

    async def _bot_moves(self, room: Room) -> None:
        while not self.closing:
            async with room.lock:
                state = room.state
                if room.status != "playing" or state is None or state.game is None:
                    return
                if state.finished:
                    self._schedule_next(room)
                    return
                seats = room.computer_seats()
                if not seats:
                    return
                position = (room.version, len(state.actions))
                copy = state.copy()
            # the computer player thinks on a copy, outside the lock (a search may take seconds: pages, connects
            # and people's actions go on meanwhile); TableState.decide depends on the position only
            decision = await asyncio.to_thread(copy.decide, seats)
            if decision is None:
                return
            wait = room.last_move + self.pace_s(room) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            async with room.lock:
                state = room.state
                if room.status != "playing" or state is None or (room.version, len(state.actions)) != position:
                    continue  # someone moved meanwhile: decide again
                seat, action = decision
                try:
                    await self._commit(room, seat, action, tries=1)  # decided for this position only
                except Conflict:
                    continue  # another process moved (the room is reloaded): decide again
                except IllegalAction as exc:
                    LOG.error("table %s: computer player at seat %s refused: %s", room.table_id, seat, exc)
                    return
                except StoreError as exc:
                    LOG.warning("table %s: computer player's action not stored: %s", room.table_id, exc)
                    await asyncio.sleep(max(self.settings.poll_s, 0.05))

    def _schedule_next(self, room: Room) -> None:
        if room.next_task is None or room.next_task.done():
            room.next_task = self._spawn(self._next_after(room, self.next_game_s(room)))

    async def _next_after(self, room: Room, delay: float) -> None:
        await asyncio.sleep(delay)
        room.next_task = None
        async with room.lock:
            if not self.all_present(room):
                return  # the table waits for its people (or a "weiter" of a seated person or the host)
            await self._next_deal_locked(room)
        self._kick(room)

    @staticmethod
    def all_present(room: Room) -> bool:
        """Whether the next deal may start by itself: the table has people's seats and no computer player stands
        in for any of them. A stand-in finishes the deal its person left, but never starts a new one in their
        name (its Punkte and Pflichtsolo would go on their Liste); a table of computer players alone plays one
        deal at a time, each started by "weiter" (a seated person or the host)."""
        info = room.info
        if info is None:
            return False
        people = [s for s in info.seats if s.bot is None]
        return bool(people) and not any(s.standin for s in people)

    async def _next_deal(self, room: Room) -> None:
        async with room.lock:
            await self._next_deal_locked(room)
        self._kick(room)

    async def _next_deal_locked(self, room: Room) -> None:
        """Deal the next game (under the room's lock). A Conflict (another process dealt, or the table moved) is
        answered by the reload; any other refusal of the database is logged and told to the seated people, and
        the next kick or poll tries again."""
        if room.status != "playing" or not room.deal_over():
            return
        try:
            await self.writer.call(self.tables.next_deal, room.table_id, version=room.version)
        except Conflict:
            pass  # another process dealt already (or the table moved): the reload shows it
        except StoreError as exc:
            LOG.warning("table %s: next deal not dealt: %s", room.table_id, exc)
            for conn in list(room.conns):
                if conn.seat is not None:
                    self._error(
                        room,
                        conn,
                        Text("next deal: not dealt ({reason}); trying again shortly", reason=message_of(exc)),
                    )
            return
        await self._reload(room)
        room.last_move = time.monotonic()
        self._broadcast(room)

    # -- people who leave ----------------------------------------------------------------------------------

    def _start_grace(self, room: Room, seat: int) -> None:
        info = room.info
        if info is None or info.status not in ("playing", "paused") or info.seats[seat].bot is not None:
            return
        if info.seats[seat].standin or seat in room.grace:
            return
        room.grace[seat] = asyncio.create_task(self._grace(room, seat, self.grace_s(room)))

    def _start_grace_for_absent(self, room: Room) -> None:
        if room.info is None:
            return
        for s in room.info.seats:
            if s.bot is None and s.seat not in room.seats_connected():
                self._start_grace(room, s.seat)

    async def _grace(self, room: Room, seat: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with room.lock:
            room.grace.pop(seat, None)
            if seat in room.seats_connected() or room.info is None or room.info.seats[seat].standin:
                return
            within = 2.0 * self.presence_s(room) + PRESENCE_SLACK_S
            try:
                present = await asyncio.to_thread(self.tables.seen_recently, room.table_id, seat, within)
            except StoreError as exc:
                LOG.warning("table %s: presence of seat %s not read: %s", room.table_id, seat, exc)
                present = False
            if present:  # the person is connected to another server process: wait on
                self._start_grace(room, seat)
                return
            try:
                await self.writer.call(self.tables.set_standin, room.table_id, seat, True)
                await self._reload(room)
            except StoreError as exc:
                LOG.warning("table %s: stand-in for seat %s not set: %s", room.table_id, seat, exc)
                return
            self._broadcast(room)
        self._kick(room)

    async def _presence(self) -> None:
        """Mark the seats connected to this process as present (:meth:`TableStore.touch_seats`, one call for all
        rooms) every :meth:`presence_s`: other processes' grace timers see that the person is still here."""
        while not self.closing:
            rooms = list(self.rooms.values())
            pairs = sorted({(room.table_id, seat) for room in rooms for seat in room.seats_connected()})
            if pairs:
                try:
                    await self.writer.call(self.tables.touch_seats, pairs)
                except Exception as exc:  # the database went away: the next round tries again
                    LOG.warning("online tables: presence not marked: %s", " ".join(str(exc).split())[:200])
            interval = min((self.presence_s(room) for room in rooms), default=self.settings.presence_max_s)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._presence_wake.wait(), interval)
            self._presence_wake.clear()

    # -- changes made elsewhere ----------------------------------------------------------------------------

    def _versions(self, ids: Iterable[int]) -> dict[int, int | None]:
        """The stored version of each table (``None``: gone), in one query where the TableStore offers
        ``versions(ids)``, else one small read per table."""
        ids = list(ids)
        batch = getattr(self.tables, "versions", None)
        if callable(batch):
            try:
                versions: dict[int, int] = batch(ids)
                return {table_id: versions.get(table_id) for table_id in ids}
            except StoreError as exc:
                LOG.warning("online tables: versions not read: %s", exc)
                return {}
        found: dict[int, int | None] = {}
        for table_id in ids:
            try:
                found[table_id] = self.tables.version(table_id)
            except NotFound:
                found[table_id] = None
            except StoreError as exc:
                LOG.warning("table %s: version not read: %s", table_id, exc)
        return found

    async def _poll(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.settings.poll_s)
            if not self.rooms:
                continue
            try:
                versions = await asyncio.to_thread(self._versions, list(self.rooms))
            except Exception:
                LOG.exception("online tables: version poll failed")
                continue
            for table_id, version in versions.items():
                room = self.rooms.get(table_id)
                if room is None:
                    continue
                if version is None:
                    self._forget(room)
                elif version > room.version and not room.lock.locked():
                    self._spawn(self._refresh_if_moved(room, version))
                elif room.deal_over() and (room.next_task is None or room.next_task.done()):
                    self._kick(room)  # a next deal that failed (logged) is tried again
            self._drop_idle()
            self._prune_rates()

    def _drop_idle(self) -> None:
        for room in list(self.rooms.values()):
            idle = time.monotonic() - room.touched > IDLE_ROOM_S
            if idle and not room.conns and room.status in ("lobby", "ended") and not room.lock.locked():
                self._forget(room)

    async def _refresh_if_moved(self, room: Room, version: int) -> None:
        async with room.lock:
            if version > room.version:
                await self._refresh(room)

    def notified(self, table_id: int, version: int) -> None:
        """A notification of ``table_id`` at ``version`` (from the LISTEN thread, on the event loop)."""
        room = self.rooms.get(table_id)
        if room is not None and version > room.version:
            self._spawn(self._refresh_if_moved(room, version))

    def _listen(self) -> None:
        """The LISTEN thread: its own psycopg connection (autocommit), reconnecting after a failure."""
        import psycopg
        from sqlalchemy.engine import make_url

        assert self.store_url is not None
        conninfo = make_url(self.store_url).set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._listen_stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self._listen_stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._forward(note.payload)
            except Exception as exc:  # the database went away: try again in a moment (the poll covers meanwhile)
                LOG.warning("LISTEN %s: %s", CHANNEL, " ".join(str(exc).split())[:200])
                self._listen_stop.wait(1.0)

    def _forward(self, payload: str) -> None:
        table, _, version = payload.partition(":")
        if not (table.isdigit() and version.isdigit()) or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop is closed: the app is stopping
            self._loop.call_soon_threadsafe(self.notified, int(table), int(version))
