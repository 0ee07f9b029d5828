"""The online table across real server processes (uvicorn, started by ``tests/online_server.py``).

* A server killed with SIGKILL in the middle of a game of four computer players comes back on the same
  database and the game continues by itself to the result it would have had: the stored actions are exactly
  the ones :class:`doppelkopf.online.TableState` computes offline with :meth:`~doppelkopf.online.TableState.bot_action`
  for the same table seed and rules (the computer players decide by position only), and the Liste holds the
  same game. A client connected before the kill reconnects and gets a full snapshot. On SQLite and on
  PostgreSQL.
* Two server processes on one PostgreSQL serve one table: a person at each process, two computer players;
  each person sees the other's moves and they play a complete game.

Every process is killed in ``finally``; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from conftest import run_async

WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"
pytest.importorskip("fastapi", reason=WEB_EXTRA)
pytest.importorskip("uvicorn", reason=WEB_EXTRA)
websockets = pytest.importorskip("websockets", reason=WEB_EXTRA)
httpx = pytest.importorskip("httpx", reason=WEB_EXTRA)

from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

import online_server  # noqa: E402
from doppelkopf.game import Game  # noqa: E402
from doppelkopf.moves import Action  # noqa: E402
from doppelkopf.online import TableState  # noqa: E402
from online_server import cards_played  # noqa: E402

#: Fast hub settings for the tests' server processes (the table's own pace is set per table).
SETTINGS = {"poll_s": 0.2, "next_game_s": 3600, "rate_per_s": 1000, "rate_burst": 1000, "allow_seed": True}
#: Seconds any single wait may take (a message, a game to finish).
WAIT_S = 90.0
FOUR_BOTS = [("Anna", "rules"), ("Ben", "random"), ("Carla", "rules"), ("Dirk", "random")]


@contextmanager
def servers(url: str, count: int, tmp_path: Path) -> Iterator[list[Any]]:
    """``count`` server processes on the database ``url``, each a dict with ``port``, ``base`` and ``proc``
    (replace ``proc`` to restart one); all are killed on the way out."""
    started: list[dict[str, Any]] = []
    try:
        for i in range(count):
            port = online_server.free_port()
            proc = online_server.spawn(url, port, SETTINGS, log=tmp_path / f"server{i}.log")
            started.append({"port": port, "base": f"http://127.0.0.1:{port}", "proc": proc, "log": i})
        yield started
    finally:
        for server in started:
            online_server.kill(server["proc"])


def ws_url(base: str, table_id: int, token: str | None = None) -> str:
    url = base.replace("http://", "ws://") + f"/tables/{table_id}/ws?format=json"
    return url + (f"&token={token}" if token else "")


def recv_view(ws: Any, timeout: float = WAIT_S) -> dict[str, Any]:
    """The next message of a sync websockets connection, which must be a view."""
    message = json.loads(ws.recv(timeout=timeout))
    assert message["type"] == "view", message
    return dict(message)


def offline_control(info: Any, setup: Any) -> TableState:
    """The deal ``setup`` of the table ``info`` played to its end offline by the same computer players."""
    state = TableState(info.rules, [s.name for s in info.seats], [s.bot for s in info.seats], info.seed)
    state.start_deal(setup)
    for _ in range(500):
        if state.finished:
            return state
        decision = state.bot_action({0, 1, 2, 3})
        assert decision is not None, "no computer player acts in an unfinished deal"
        state.apply(*decision)
    raise AssertionError("the offline deal did not end")


def wait_finished(tables: Any, table_id: int) -> Any:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        snap = tables.state(table_id)
        if snap.finished:
            return snap
        time.sleep(0.2)
    raise AssertionError(f"table {table_id}: the deal did not finish within {WAIT_S:g} s")


def _kill_mid_game_and_restart(url: str, tmp_path: Path) -> None:
    from doppelkopf.storage import open_store
    from doppelkopf.storage.tables import TableStore

    with servers(url, 1, tmp_path) as (server,):
        base = server["base"]
        created = online_server.create_table(
            base, name="Neustart", rules="doppelbock", seats=FOUR_BOTS, pace_ms=40, next_game_s=3600, seed=4242
        )
        table_id = int(created["id"])
        online_server.host_action(base, table_id, "start", created["host_token"])
        # a spectator watches until the game is under way, then the server is killed under it
        with connect(ws_url(base, table_id), open_timeout=WAIT_S) as ws:
            seen = recv_view(ws)
            while cards_played(seen["view"]) < 10:
                seen = recv_view(ws)
            online_server.kill(server["proc"])
            with pytest.raises((ConnectionClosed, TimeoutError)):
                for _ in range(1000):
                    seen_after = recv_view(ws, timeout=10)  # views already on the way may still arrive
                    seen = max(seen, seen_after, key=lambda m: m["n"])
        store = open_store(url)
        try:
            tables = TableStore(store)
            at_kill = tables.state(table_id)
            assert not at_kill.finished, "the deal ended before the kill: make the pace slower"
            assert len(at_kill.actions) >= 10
            # every view the spectator got was of a stored state: nothing it saw is lost
            assert at_kill.version >= seen["n"]

            server["proc"] = online_server.spawn(url, server["port"], SETTINGS, log=tmp_path / "server0-again.log")
            with connect(ws_url(base, table_id), open_timeout=WAIT_S) as ws:
                again = recv_view(ws)
                view = again["view"]
                assert again["n"] >= at_kill.version  # a snapshot at least as new as what was stored
                assert view["deal"]["number"] == 1 and view["seat"] is None and "hand" not in view
                assert [s["name"] for s in view["seats"]] == [name for name, _ in FOUR_BOTS]
                assert view["phase"] in ("play", "finished")
                assert cards_played(view) >= cards_played(seen["view"])
                assert view["table"]["status"] == "playing"
            final = wait_finished(tables, table_id)
            control = offline_control(final.info, final.deal)
            # the game went on from where it was and reached the result it would have had
            assert list(final.actions[: len(at_kill.actions)]) == list(at_kill.actions)
            assert list(final.actions) == control.actions
            assert not final.thrown_in
            assert final.game_number == 1 and final.liste is not None and len(final.liste.rows) == 1
            stored = store.game(final.info.sitting_id, 1).entry
            expected = control.entry()
            assert expected is not None
            assert {k: stored.get(k) for k in expected} == expected
            # an independent path: the engine replays the stored actions to the same finished game
            game = Game.new(final.info.rules, seed=final.deal.seed, dealer=final.deal.dealer)
            for seat, action in final.actions:
                game.apply(action, seat)
            assert game.is_terminal
            # the Liste's first row (deal 1: no Bock) holds the engine's Punkte of that game, seat by seat
            assert final.deal.bock_multiplier == 1
            assert tuple(final.liste.rows[0].points) == tuple(game.score().points)
        finally:
            store.close()


def test_a_killed_server_continues_the_game_on_sqlite(tmp_path: Path) -> None:
    _kill_mid_game_and_restart(f"sqlite:///{tmp_path / 'tables.sqlite'}", tmp_path)


def test_a_killed_server_continues_the_game_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    _kill_mid_game_and_restart(pg_url, tmp_path)


# -- two processes, one table ------------------------------------------------------------------------------


async def _person(url: str, seat: int, views: list[dict[str, Any]], sent: list[int]) -> None:
    """A person's client: plays a random legal action whenever its view says it is its turn, until the deal
    is over; keeps every view it got and every action it sent."""
    rng = random.Random(seat)
    waiting: tuple[Any, ...] | None = None  # own_part of the view an action was sent from, until it shows
    async with websockets.connect(url, open_timeout=WAIT_S) as ws:
        while True:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S / 3))
            except TimeoutError:
                trail = [(m["n"], m.get("message") or (m["view"]["phase"], m["view"]["turn"])) for m in views[-8:]]
                raise AssertionError(
                    f"seat {seat}: no message for {WAIT_S / 3:g} s; sent {sent}; got {trail}"
                ) from None
            views.append(message)
            if message["type"] != "view":
                waiting = None  # an error (checked after the game): the action was refused
                continue
            view, n = message["view"], int(message["n"])
            if view["phase"] == "finished":
                return
            if waiting is not None and online_server.own_part(view) == waiting:
                continue  # the action sent is not applied yet (this view is another player's move)
            waiting = None
            if view["turn"] == seat:
                action = online_server.choose(view, rng)
                if action is not None:
                    waiting = online_server.own_part(view)
                    sent.append(action)
                    await ws.send(json.dumps({"action": action, "n": n}))


def test_two_server_processes_serve_one_table_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    from doppelkopf.storage import open_store
    from doppelkopf.storage.tables import TableStore

    with servers(pg_url, 2, tmp_path) as (one, two):
        seats = [("Anna", None), ("Ben", None), ("Carla", "rules"), ("Dirk", "rules")]
        created = online_server.create_table(
            one["base"], name="Zwei Server", rules="ddv", seats=seats, pace_ms=30, next_game_s=3600, seed=77
        )
        table_id = int(created["id"])
        token_one = online_server.claim_seat(one["base"], table_id, 0, "Anna", created["invite"])
        token_two = online_server.claim_seat(two["base"], table_id, 1, "Ben", created["invite"])
        online_server.host_action(two["base"], table_id, "start", created["host_token"])
        views: list[list[dict[str, Any]]] = [[], []]
        sent: list[list[int]] = [[], []]

        async def both() -> None:
            await asyncio.gather(
                _person(ws_url(one["base"], table_id, token_one), 0, views[0], sent[0]),
                _person(ws_url(two["base"], table_id, token_two), 1, views[1], sent[1]),
            )

        run_async(asyncio.wait_for(both(), 4 * WAIT_S))

        store = open_store(pg_url)
        try:
            snap = TableStore(store).state(table_id)
        finally:
            store.close()
        assert snap.finished and snap.deal is not None and snap.deal.number == 1
        stored = list(snap.actions)
        for seat in (0, 1):
            errors = [m for m in views[seat] if m["type"] != "view"]
            trail = [
                (
                    m["n"],
                    m["type"],
                    m.get("message") or (m["view"]["phase"], m["view"]["turn"], len(m["view"]["trick"])),
                )
                for m in views[seat]
            ]
            assert not errors, f"seat {seat}: {errors}; sent {sent[seat]}; got {trail}; stored {stored}"
        views = [[m for m in v if m["type"] == "view"] for v in views]
        # every action each person sent was accepted, in order, for their own seat
        for seat in (0, 1):
            assert [a for s, a in stored if s == seat] == sent[seat]
            assert sent[seat], f"seat {seat} never moved"
        # each saw the other's cards (sent through the other process) in its own views
        for seat, other in ((0, 1), (1, 0)):
            shown: set[tuple[int, int]] = set()
            for message in views[seat]:
                view = message["view"]
                shown.update((t["seat"], t["card"]) for t in view["trick"])
                if view["last_trick"]:
                    shown.update((t["seat"], t["card"]) for t in view["last_trick"]["cards"])
            others_cards = {(other, a) for s, a in stored if s == other and Action.is_card(a)}
            assert others_cards <= shown, f"seat {seat} did not see {sorted(others_cards - shown)}"
            numbers = [int(m["n"]) for m in views[seat]]
            assert numbers == sorted(numbers)
        # both end on the same finished game, numbered as stored
        ends = [views[0][-1], views[1][-1]]
        assert [m["n"] for m in ends] == [snap.version, snap.version]
        assert ends[0]["view"]["result"] == ends[1]["view"]["result"] is not None
        # the stored actions are one legal game from the stored deal (the engine replays them to its end)
        game = Game.new(snap.info.rules, seed=snap.deal.seed, dealer=snap.deal.dealer)
        for seat, action in stored:
            game.apply(action, seat)
        assert game.is_terminal
