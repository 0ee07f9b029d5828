"""The table writer (doppelkopf.web.writer): a server process's table writes, serialised, many actions per
transaction (group commit), on an SQLite file.

What a server relies on: the actions of many tables asked for at the same moment are all written, in a few
transactions; a stale one gets its Conflict and sinks no other; other writes run in the order they were asked
for among the appends; stopping writes what is queued. Expected versions and actions are worked out from the
tables' starting versions and the computer players' moves (doppelkopf.online.TableState.decide), never from the
writer's own output.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from conftest import run_async
from doppelkopf.online.table import TableState
from doppelkopf.storage import Conflict, Store, StoreError, TableStore, open_store
from doppelkopf.storage.tables import ActionWrite
from doppelkopf.web.writer import TableWriter, WriterStopped

BOTS = [(None, "random")] * 4


class CountingStore(TableStore):
    """A TableStore that notes each transaction of appends (the size of each ``append_actions`` batch) and each
    other write in the order the database gets them."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.log: list[str] = []

    def append_actions(self, writes: Sequence[ActionWrite]) -> list[int | StoreError]:
        self.log.append(f"batch {len(writes)}")
        return super().append_actions(writes)

    def note(self, what: str) -> str:
        self.log.append(what)
        return what

    @property
    def batches(self) -> list[int]:
        return [int(entry.split()[1]) for entry in self.log if entry.startswith("batch ")]


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[CountingStore]:
    with open_store(f"sqlite:///{tmp_path / 'liste.sqlite'}") as store:
        yield CountingStore(store)


def started(tables: TableStore, count: int) -> list[int]:
    """``count`` tables of four computer players, started (version 1: created 0, started 1); their ids."""
    ids = []
    for number in range(count):
        info, host = tables.create_table(f"Tisch {number}", "ddv", BOTS, seed=100 + number)
        assert tables.start(info.id, host_token=host).version == 1
        ids.append(info.id)
    return ids


def first_moves(tables: TableStore, table_id: int, count: int = 1) -> list[ActionWrite]:
    """The table's first ``count`` computer players' actions as writes (versions 1, 2, ...)."""
    snapshot = tables.state(table_id)
    assert snapshot.deal is not None and snapshot.actions == ()
    info = snapshot.info
    state = TableState(info.rules, [n or "" for n in info.names], info.bots, info.seed)
    state.start_deal(snapshot.deal)
    writes = []
    for seq in range(count):
        step = state.decide(range(4))
        assert step is not None
        state.apply(*step)
        writes.append(ActionWrite(table_id, 1 + seq, 1, seq, *step))
    return writes


def test_actions_of_fifty_tables_at_once_are_written_in_a_few_transactions(tables: CountingStore) -> None:
    ids = started(tables, 50)
    writes = [first_moves(tables, table_id)[0] for table_id in ids]

    async def main() -> list[int]:
        writer = TableWriter(tables)
        await writer.start()
        try:
            return await asyncio.gather(*(writer.append(write) for write in writes))
        finally:
            await writer.stop()

    assert run_async(main()) == [2] * 50
    # every append asked for while the worker was busy waits for the next transaction: one or two in all
    assert sum(tables.batches) == 50 and len(tables.batches) <= 3
    for write in writes:
        snapshot = tables.state(write.table_id)
        assert snapshot.actions == ((write.seat, write.action),) and snapshot.version == 2


def test_a_stale_append_gets_its_conflict_and_the_others_are_written(tables: CountingStore) -> None:
    ids = started(tables, 10)
    writes = [first_moves(tables, table_id)[0] for table_id in ids]
    writes[4] = dataclasses.replace(writes[4], version=0)  # decided before its table started

    async def main() -> list[int | BaseException]:
        writer = TableWriter(tables)
        await writer.start()
        try:
            return await asyncio.gather(*(writer.append(write) for write in writes), return_exceptions=True)
        finally:
            await writer.stop()

    results = run_async(main())
    assert results[:4] + results[5:] == [2] * 9
    assert isinstance(results[4], Conflict)
    assert str(results[4]) == f"table {ids[4]} moved on (version 1, not 0): reload"
    assert tables.state(ids[4]).actions == () and tables.version(ids[4]) == 1
    assert [tables.version(table_id) for table_id in ids[:4] + ids[5:]] == [2] * 9


def test_other_writes_run_in_their_turn_between_the_batches(tables: CountingStore) -> None:
    one, two = started(tables, 2)
    a1, a2, a3 = first_moves(tables, one, 3)
    (b1,) = first_moves(tables, two)

    async def main() -> list[object]:
        writer = TableWriter(tables)
        await writer.start()
        try:
            return list(
                await asyncio.gather(
                    writer.append(a1),
                    writer.append(b1),
                    writer.call(tables.note, "first call"),
                    # a write that needs a1 written before it: version 2, the deal's second action
                    writer.call(tables.append_action, one, version=2, deal=1, seat=a2.seat, action=a2.action),
                    writer.append(a3),
                    writer.call(tables.note, "last call"),
                )
            )
        finally:
            await writer.stop()

    assert run_async(main()) == [2, 2, "first call", 3, 4, "last call"]
    assert tables.log == ["batch 2", "first call", "batch 1", "last call"]
    assert tables.state(one).actions == tuple((w.seat, w.action) for w in (a1, a2, a3))


def test_a_call_raises_what_its_write_raises(tables: CountingStore) -> None:
    (one,) = started(tables, 1)

    async def main() -> None:
        writer = TableWriter(tables)
        await writer.start()
        try:
            with pytest.raises(Conflict, match=rf"^deal 1 of table {one} is not finished"):
                await writer.call(tables.next_deal, one, version=1)
            # the writer goes on after a failed call, and the next one's error reaches its caller too
            await writer.call(tables.set_status, one, "ended", host_token="not the host")
        finally:
            await writer.stop()

    with pytest.raises(StoreError, match=rf"^host_token: only the host of table {one} may set it ended$"):
        run_async(main())
    assert tables.table(one).status == "playing"


def test_stop_writes_what_is_queued_and_then_refuses(tables: CountingStore) -> None:
    ids = started(tables, 20)
    writes = [first_moves(tables, table_id)[0] for table_id in ids]

    async def main() -> list[int]:
        writer = TableWriter(tables, max_batch=8)
        await writer.start()
        pending = [asyncio.ensure_future(writer.append(write)) for write in writes]
        await asyncio.sleep(0)  # all twenty are queued now
        assert writer.queued > 0
        await writer.stop()
        assert all(task.done() for task in pending)
        with pytest.raises(WriterStopped, match=r"^the table writer is not running: nothing is written$"):
            await writer.append(writes[0])
        with pytest.raises(WriterStopped):
            await writer.call(tables.note, "too late")
        return [task.result() for task in pending]

    assert run_async(main()) == [2] * 20
    # at most max_batch appends per transaction
    assert tables.batches == [8, 8, 4] and "too late" not in tables.log
    assert [tables.version(table_id) for table_id in ids] == [2] * 20


def test_an_append_given_up_before_its_turn_is_not_written(tables: CountingStore) -> None:
    one, two = started(tables, 2)
    (a1,) = first_moves(tables, one)
    (b1,) = first_moves(tables, two)
    release = threading.Event()

    async def main() -> int:
        writer = TableWriter(tables)
        await writer.start()
        try:
            blocker = asyncio.ensure_future(writer.call(release.wait, 30))  # the worker is busy with it
            await asyncio.sleep(0.05)
            given_up = asyncio.ensure_future(writer.append(a1))
            kept = asyncio.ensure_future(writer.append(b1))
            await asyncio.sleep(0)
            given_up.cancel()
            release.set()
            await blocker
            return await kept
        finally:
            await writer.stop()

    assert run_async(main()) == 2
    assert tables.version(one) == 1 and tables.state(one).actions == ()
    assert tables.state(two).actions == ((b1.seat, b1.action),)


def test_max_batch_is_checked() -> None:
    with pytest.raises(ValueError, match=r"^max_batch: expected an integer 1\.\.10000, got 0$"):
        TableWriter(None, max_batch=0)  # type: ignore[arg-type]
