"""Live updates of a sitting's Liste: an in-process notifier and the server-sent-events stream.

Every phone at the table keeps ``GET /sittings/{id}/events`` open (htmx's SSE extension). The stream
sends ``event: changed`` with the sitting's new version (also as the event ``id``) whenever the
version differs from the one the client last saw; the page then fetches the list fragment again.

Two ways tell the stream that something changed:

* :class:`Notifier`: the web app's own writes wake every stream of that sitting at once;
* a periodic check of the Store (every ``poll_s`` seconds): changes made by the CLI or by another
  server process on the same database show up too.

A browser that reconnects (after a network hiccup or the stream's ``max_age_s``) sends the last
version it saw as ``Last-Event-ID``; a change it missed in between is sent at once. A comment line
(``: keep-alive``) goes out every ``keepalive_s`` seconds so that proxies keep the connection open.
The stream ends when the client disconnects or the sitting is gone.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


class Notifier:
    """Wakes the event streams of a sitting after a write, from any thread.

    ``notify`` may be called from the event loop or from a worker thread (FastAPI runs plain ``def``
    routes in a thread pool); each waiting stream's :class:`asyncio.Event` is set on its own loop.
    """

    def __init__(self) -> None:
        self._waiters: dict[int, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}

    @contextmanager
    def subscribe(self, sitting_id: int) -> Iterator[asyncio.Event]:
        """An event set on every :meth:`notify` of ``sitting_id`` while the ``with`` block runs."""
        waiter = (asyncio.get_running_loop(), asyncio.Event())
        self._waiters.setdefault(sitting_id, set()).add(waiter)
        try:
            yield waiter[1]
        finally:
            waiters = self._waiters.get(sitting_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    self._waiters.pop(sitting_id, None)

    def notify(self, sitting_id: int) -> None:
        """Wake every stream of ``sitting_id`` (they then read the version from the Store)."""
        for loop, event in list(self._waiters.get(sitting_id, ())):
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # that loop is closed: its stream is gone
                pass


@dataclass
class StreamSettings:
    """Timing of the event streams, in seconds (the app keeps one in ``app.state.sse``)."""

    poll_s: float = 1.0
    keepalive_s: float = 15.0
    max_age_s: float = 300.0
    retry_ms: int = 2000


async def version_events(
    sitting_id: int,
    seen: int | None,
    read_version: Callable[[], Awaitable[int | None]],
    is_disconnected: Callable[[], Awaitable[bool]],
    notifier: Notifier,
    settings: StreamSettings,
) -> AsyncIterator[str]:
    """The text of the event stream of one client, chunk by chunk.

    ``seen`` is the version the client's page shows (``None``: unknown, nothing to catch up);
    ``read_version`` reads the sitting's current version from the Store (``None``: the sitting is
    gone, the stream ends).
    """
    started = last_sent = time.monotonic()
    yield f"retry: {settings.retry_ms}\n: connected\n\n"
    with notifier.subscribe(sitting_id) as wake:
        while True:
            version = await read_version()
            if version is None:
                return
            if seen is not None and version != seen:
                yield f"event: changed\nid: {version}\ndata: {version}\n\n"
                last_sent = time.monotonic()
            seen = version
            now = time.monotonic()
            if now - last_sent >= settings.keepalive_s:
                yield ": keep-alive\n\n"
                last_sent = now
            if now - started >= settings.max_age_s:
                return  # the browser reconnects after retry_ms with Last-Event-ID
            try:
                await asyncio.wait_for(wake.wait(), timeout=settings.poll_s)
            except TimeoutError:
                pass
            wake.clear()
            if await is_disconnected():
                return
