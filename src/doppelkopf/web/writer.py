"""One writer for all table writes of a server process: group commit of the online tables' actions.

Every accepted action of an online table is one write (:meth:`~doppelkopf.storage.TableStore.append_action`:
one transaction, one commit, on SQLite one fsync, and on SQLite the write lock that threads fight for). A
:class:`TableWriter` queues the writes of all the process's tables and commits the actions waiting at the
same moment in ONE transaction (:meth:`~doppelkopf.storage.TableStore.append_actions`), from one worker
thread (callers on any event loop): SQLite's writers of this process never wait for each other's lock, and
one commit covers a batch.

Order: the queue is first in, first out. A batch is the run of consecutive :meth:`TableWriter.append` calls at
the head of the queue (at most ``max_batch``); any other write (:meth:`TableWriter.call`: ``append_action``
with a game for the Liste, ``next_deal``, ``set_standin``, ``touch_seats`` ...) runs alone between the
batches, after everything queued before it and before everything queued after it. So a process's writes of
one table reach the database in the order they were asked for.

Usage (in the app's lifespan)::

    writer = TableWriter(tables)
    await writer.start()
    version = await writer.append(ActionWrite(table_id, version, deal, seq, seat, action))  # or Conflict
    version = await writer.call(tables.next_deal, table_id, version=version)
    await writer.stop()  # writes what is queued, then stops
"""

from __future__ import annotations

import asyncio
import collections
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from ..storage import StoreError, TableStore
from ..storage.tables import ActionWrite

__all__ = ["TableWriter", "WriterStopped"]

P = ParamSpec("P")
T = TypeVar("T")

#: The most appends one transaction takes by default.
MAX_BATCH = 500


class WriterStopped(RuntimeError):
    """A write asked of a :class:`TableWriter` that is not running (not started, or stopped): nothing is
    written."""


@dataclass
class _Append:
    write: ActionWrite
    future: asyncio.Future[int]
    loop: asyncio.AbstractEventLoop


@dataclass
class _Call:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


class TableWriter:
    """Serialises all table writes of one server process and commits many actions in one transaction (see
    the module docstring). The worker is one thread; callers may await it from any event loop (an app served
    by several test clients has several).

    ``max_batch``: the most appends one transaction takes (1..10000; default 500).

    Counters (for a server's metrics and tests): :attr:`batches` (transactions of appends, each one call of
    ``append_actions``), :attr:`appended` (appends written or refused in them), :attr:`calls` (other writes run).

    Raises:
        ValueError: ``max_batch`` out of range.
    """

    def __init__(self, tables: TableStore, *, max_batch: int = MAX_BATCH) -> None:
        if isinstance(max_batch, bool) or not isinstance(max_batch, int) or not 1 <= max_batch <= 10_000:
            raise ValueError(f"max_batch: expected an integer 1..10000, got {max_batch!r}")
        self.tables = tables
        self.max_batch = max_batch
        self.batches = 0
        self.appended = 0
        self.calls = 0
        self._queue: collections.deque[_Append | _Call] = collections.deque()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._accepting = False

    def __repr__(self) -> str:
        state = "running" if self._accepting else "stopped"
        return f"TableWriter({self.tables!r}, {state}, {len(self._queue)} queued)"

    @property
    def running(self) -> bool:
        """The writer takes writes (started and not stopped)."""
        return self._accepting

    @property
    def queued(self) -> int:
        """Writes waiting now (not yet taken by the worker)."""
        return len(self._queue)

    async def start(self) -> None:
        """Start the worker thread. Starting a running writer does nothing."""
        with self._cond:
            if self._thread is not None and self._thread.is_alive():
                return
            self._accepting = True
            self._thread = threading.Thread(target=self._work, name="doko-table-writer", daemon=True)
            self._thread.start()

    async def stop(self) -> None:
        """Refuse new writes (:class:`WriterStopped`), write everything queued, then end the worker thread.
        Stopping a writer that is not running does nothing."""
        with self._cond:
            self._accepting = False
            thread, self._thread = self._thread, None
            self._cond.notify_all()
        if thread is not None:
            await asyncio.to_thread(thread.join)
        self._fail_queued()

    async def append(self, write: ActionWrite) -> int:
        """Write the action ``write`` (one that does not finish its deal) with the others queued now in one
        transaction; returns the table's new version (``write.version + 1``).

        A caller cancelled while its write waits in the queue takes it out (nothing is written); once the
        worker took it, the write happens whatever the caller does.

        Raises:
            Conflict: the write does not fit the table (``table 3 moved on (version 18, not 17): reload``: see
                :meth:`~doppelkopf.storage.TableStore.append_actions`); NotFound: no such table; StoreError,
                StoreUnavailable: the database failed. Nothing of this write is written then.
            WriterStopped: the writer is not running. StoreError: ``write`` is not an ActionWrite.
        """
        if not isinstance(write, ActionWrite):
            raise StoreError("write: expected an ActionWrite, got {type}", type=type(write).__name__)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        self._put(_Append(write, future, loop))
        return await future

    async def call(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(*args, **kwargs)`` (another write of the TableStore: ``append_action`` that finishes a
        deal, ``next_deal``, ``set_standin``, ``touch_seats`` ...) in the writer's thread, in its turn: after
        every write queued before it, before every write queued after it. Returns its result; raises what it
        raises (:class:`WriterStopped` when the writer is not running). A caller cancelled while the call waits
        in the queue takes it out; once it runs, it runs to its end."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._put(_Call(fn, args, dict(kwargs), future, loop))
        result: T = await future
        return result

    def _put(self, job: _Append | _Call) -> None:
        with self._cond:
            if not self._accepting:
                raise WriterStopped("the table writer is not running: nothing is written")
            self._queue.append(job)
            self._cond.notify()

    # -- the worker thread ----------------------------------------------------------------------------

    def _work(self) -> None:
        """Take the queue's head and write it until the writer stops and the queue is empty."""
        while True:
            with self._cond:
                while not self._queue and self._accepting:
                    self._cond.wait()
                if not self._queue:
                    return
                head = self._queue[0]
                if isinstance(head, _Call):
                    self._queue.popleft()
                    job: _Call | None = head
                    batch: list[_Append] = []
                else:
                    job = None
                    batch = []
                    while self._queue and len(batch) < self.max_batch and isinstance(self._queue[0], _Append):
                        taken = self._queue.popleft()
                        assert isinstance(taken, _Append)
                        if not taken.future.done():  # a caller cancelled before its turn: not written
                            batch.append(taken)
            if job is not None:
                self._run_call(job)
            elif batch:
                self._run_batch(batch)

    def _run_batch(self, batch: list[_Append]) -> None:
        self.batches += 1
        self.appended += len(batch)
        try:
            results = self.tables.append_actions([job.write for job in batch])
        except Exception as exc:  # the whole batch: nothing written (StoreUnavailable, ...)
            for job in batch:
                _resolve_in(job, error=_copy(exc))
            return
        for job, result in zip(batch, results, strict=True):
            if isinstance(result, int):
                _resolve_in(job, result)
            else:
                _resolve_in(job, error=result)

    def _run_call(self, job: _Call) -> None:
        if job.future.done():  # a caller cancelled before its turn: not run
            return
        self.calls += 1
        try:
            result = job.fn(*job.args, **job.kwargs)
        except Exception as exc:
            _resolve_in(job, error=exc)
        else:
            _resolve_in(job, result)

    def _fail_queued(self) -> None:
        """Refuse what is left in the queue (never written)."""
        with self._cond:
            left = list(self._queue)
            self._queue.clear()
        for job in left:
            _resolve_in(job, error=WriterStopped("the table writer stopped: nothing is written"))


def _resolve_in(job: _Append | _Call, result: Any = None, *, error: BaseException | None = None) -> None:
    """Hand ``job`` its result or error on its caller's loop (from the worker thread); a closed loop (its
    caller is gone) gets nothing."""
    try:
        job.loop.call_soon_threadsafe(_resolve, job.future, result, error)
    except RuntimeError:
        pass


def _resolve(future: asyncio.Future[Any], result: Any = None, error: BaseException | None = None) -> None:
    """Give ``future`` its result or error, unless its caller gave up on it (cancelled)."""
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _copy(exc: Exception) -> Exception:
    """A fresh error like ``exc`` for each waiting caller (one exception raised in many tasks would share its
    traceback); a store's error keeps its class and message."""
    if isinstance(exc, StoreError):
        return type(exc)(str(exc))
    return exc
