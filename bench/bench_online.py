"""Load benchmark of the online tables on loopback: N tables of four client bots through the WebSocket API (issue 13).

Run: ``python3 bench/bench_online.py [--tables 200] [--seconds 60] [--think 0.5] [--max-actions 200000]
[--rules ddv] [--db URL] [--no-pin] [--json out.json]``

A server process (``tests/online_server.py``: uvicorn + the app, SQLite in a temporary folder unless ``--db``)
is started, pinned to one core (``os.sched_setaffinity``; ``--no-pin`` leaves it free) while this process, the
clients, runs on the other cores. Then ``--tables`` tables of four person seats are created through the JSON
API, the four seats of each claimed and the tables started; four clients per table connect to
``/tables/{id}/ws?format=json&token=...`` (the ``websockets`` library, asyncio). Each client, when its view
says it is its turn, waits ``--think`` seconds (jittered 50..150 %, so tables do not move in lockstep; 0: at
once) and sends a random legal action read from its view (``tests/online_server.py``'s ``choose``); a
finished deal is followed by the next at once (``next_game_s`` 0).

Measured, for ``--seconds`` (the run stops by itself then, or after ``--max-actions`` actions):

* actions per second (accepted actions, all tables together);
* latency per action: from sending it to receiving the view in which it is applied (the first view whose
  part that only the sender's own action changes differs: hand, own announcements, Vorbehalt, Armut, phase,
  turn), p50 / p95 / p99 / max in milliseconds;
* memory per table: the server's resident memory (``VmRSS``) after the N tables are loaded and their 4 x N
  clients connected, minus the resident memory before any table, divided by N.

Prints a short table; ``--json PATH`` writes the figures as JSON. The issue's target: p95 under 50 ms with 200
tables on one core.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _launcher() -> Any:
    """``tests/online_server.py`` as a module (the server script and the shared client helpers)."""
    spec = importlib.util.spec_from_file_location("online_server", ROOT / "tests" / "online_server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Figures:
    """The result of one run (JSON: :func:`dataclasses.asdict`)."""

    tables: int
    think_s: float
    seconds: float
    rules: str
    pinned_core: int | None
    actions: int = 0
    actions_per_s: float = 0.0
    p50_ms: float = 0.0
    p95_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    errors: int = 0
    deals_finished: int = 0
    rss_before_kib: int = 0
    rss_loaded_kib: int = 0
    rss_end_kib: int = 0
    per_table_kib: float = 0.0
    server_cpu_ms_per_action: float = 0.0
    server_cpu_share: float = 0.0
    clients_cpu_share: float = 0.0
    setup_s: float = 0.0
    error_samples: list[str] = field(default_factory=list)


class Client:
    """One seat's client bot."""

    def __init__(self, url: str, seat: int, think: float, rng: random.Random, shared: Shared) -> None:
        self.url = url
        self.seat = seat
        self.think = think
        self.rng = rng
        self.shared = shared
        self.waiting: tuple[Any, ...] | None = None
        self.sent_at = 0.0
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.last: tuple[dict[str, Any], int] | None = None  # the newest view and its number
        self.ws: Any = None

    async def run(self, ws: Any) -> None:
        """Receive views until the run stops; answer when it is this seat's turn."""
        shared, osv = self.shared, self.shared.osv
        async for raw in ws:
            now = time.monotonic()
            message = json.loads(raw)
            self.ready.set()
            if shared.stop.is_set():
                return
            if message.get("type") != "view":
                shared.errors += 1
                if len(shared.error_samples) < 5:
                    shared.error_samples.append(str(message.get("message"))[:200])
                self.waiting = None
                continue
            view = message["view"]
            if self.waiting is not None:
                if osv.own_part(view) == self.waiting:
                    continue  # another player's move; ours is not applied yet
                if shared.measuring:
                    shared.latencies.append(now - self.sent_at)
                    shared.actions += 1
                    if shared.actions >= shared.max_actions:
                        shared.stop.set()
                self.waiting = None
            self.last = (view, int(message["n"]))
            if shared.go.is_set():
                self.consider(ws)

    def consider(self, ws: Any) -> None:
        """Start thinking about the newest view if it is this seat's turn (and no answer is on its way)."""
        if self.last is None or self.waiting is not None:
            return
        view, n = self.last
        if view.get("phase") == "finished" or view.get("turn") != self.seat:
            return
        if self.task is not None and not self.task.done():
            return  # already thinking about this turn
        self.task = asyncio.create_task(self.act(ws, view, n))

    async def act(self, ws: Any, view: dict[str, Any], n: int) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        action = self.shared.osv.choose(view, self.rng)
        if action is None or self.shared.stop.is_set():
            return
        self.waiting = self.shared.osv.own_part(view)
        self.sent_at = time.monotonic()
        await ws.send(json.dumps({"action": action, "n": n}))


@dataclass
class Shared:
    osv: Any
    max_actions: int
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)  # the clients play only from here on
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)


async def _setup_tables(base: str, count: int, rules: str) -> list[tuple[int, list[str]]]:
    """Create, fill and start ``count`` tables through the JSON API: (table id, four seat tokens) each."""
    import httpx

    names = ("Anna", "Ben", "Carla", "Dirk")
    out: list[tuple[int, list[str]]] = []
    limits = httpx.Limits(max_connections=16)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:

        async def one(i: int) -> tuple[int, list[str]]:
            answer = await client.post(
                "/api/tables",
                json={
                    "name": f"Last {i}",
                    "rules": rules,
                    "seats": [{"name": None, "bot": None}] * 4,
                    "listed": False,
                    "seed": 1000 + i,
                    "next_game_s": 0,
                    "grace_s": 3600,
                },
            )
            answer.raise_for_status()
            created = answer.json()
            tokens = []
            for seat, name in enumerate(names):
                claimed = await client.post(
                    f"/api/tables/{created['id']}/seats/{seat}/claim", json={"name": name, "invite": created["invite"]}
                )
                claimed.raise_for_status()
                tokens.append(claimed.json()["seat_token"])
            started = await client.post(
                f"/api/tables/{created['id']}/start", headers={"X-Doko-Token": created["host_token"]}
            )
            started.raise_for_status()
            return int(created["id"]), tokens

        for start in range(0, count, 16):
            out.extend(await asyncio.gather(*(one(i) for i in range(start, min(count, start + 16)))))
    return out


async def _drive(args: argparse.Namespace, base: str, pid: int, osv: Any, figures: Figures) -> None:
    import websockets

    began = time.monotonic()
    figures.rss_before_kib = osv.rss_kib(pid)
    tables = await _setup_tables(base, args.tables, args.rules)
    shared = Shared(osv, args.max_actions)
    ws_base = base.replace("http://", "ws://")
    clients: list[Client] = []
    sockets: list[Any] = []
    runners: list[asyncio.Task[None]] = []
    try:
        for table_id, tokens in tables:
            for seat, token in enumerate(tokens):
                url = f"{ws_base}/tables/{table_id}/ws?format=json&token={token}"
                clients.append(Client(url, seat, args.think, random.Random(f"{table_id}/{seat}"), shared))

        async def open_one(client: Client) -> None:
            client.ws = await websockets.connect(client.url, open_timeout=120, max_size=2**22, ping_interval=None)
            sockets.append(client.ws)
            runners.append(asyncio.create_task(client.run(client.ws)))

        for first in range(0, len(clients), 32):  # 32 handshakes at a time
            await asyncio.gather(*(open_one(c) for c in clients[first : first + 32]))
        await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in clients)), 300)
        figures.setup_s = time.monotonic() - began
        await asyncio.sleep(1.0)  # the first views are out; memory settled
        figures.rss_loaded_kib = osv.rss_kib(pid)
        shared.measuring = True
        cpu_server, cpu_clients = _cpu_s(pid), time.process_time()
        start = time.monotonic()
        shared.go.set()
        for client in clients:
            client.consider(client.ws)
        try:
            await asyncio.wait_for(shared.stop.wait(), args.seconds)
        except TimeoutError:
            pass
        elapsed = time.monotonic() - start
        cpu_server, cpu_clients = _cpu_s(pid) - cpu_server, time.process_time() - cpu_clients
        shared.stop.set()
        shared.measuring = False
        figures.rss_end_kib = osv.rss_kib(pid)
    finally:
        shared.stop.set()
        for task in runners:
            task.cancel()
        for client in clients:
            if client.task is not None:
                client.task.cancel()
        await asyncio.gather(*runners, return_exceptions=True)
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    lat = sorted(shared.latencies)
    figures.seconds = round(elapsed, 2)
    figures.actions = shared.actions
    figures.actions_per_s = round(shared.actions / elapsed, 1) if elapsed > 0 else 0.0
    if lat:
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [lat[0]] * 99
        figures.p50_ms, figures.p95_ms, figures.p99_ms = (round(q[i] * 1000, 1) for i in (49, 94, 98))
        figures.max_ms = round(lat[-1] * 1000, 1)
    figures.errors = shared.errors
    figures.error_samples = shared.error_samples
    figures.per_table_kib = round((figures.rss_loaded_kib - figures.rss_before_kib) / max(1, args.tables), 1)
    figures.server_cpu_ms_per_action = round(cpu_server * 1000 / max(1, shared.actions), 2)
    figures.server_cpu_share = round(cpu_server / elapsed, 2) if elapsed > 0 else 0.0
    figures.clients_cpu_share = round(cpu_clients / elapsed, 2) if elapsed > 0 else 0.0


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _deals_finished(url: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM online_deals WHERE finished")).scalar_one())
    except Exception:  # the table's name is the storage's business: a figure we can do without
        return -1
    finally:
        engine.dispose()


def main(argv: list[str] | None = None) -> Figures:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="measuring time; the run stops by itself")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a client thinks before it acts (0: none)")
    parser.add_argument("--max-actions", type=int, default=500_000, help="stop after this many actions")
    parser.add_argument("--rules", default="ddv", help="preset of every table")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the server to one core")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here as JSON")
    parser.add_argument("--log", type=Path, default=None, help="the server's output (default: discarded)")
    parser.add_argument("--profile", type=Path, default=None, help="profile the server (cProfile stats file)")
    args = parser.parse_args(argv)

    osv = _launcher()
    cores = sorted(os.sched_getaffinity(0))
    server_core = None if args.no_pin or len(cores) < 2 else cores[-1]
    figures = Figures(args.tables, args.think, args.seconds, args.rules, server_core)
    with tempfile.TemporaryDirectory(prefix="bench_online_") as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'tables.sqlite'}"
        port = osv.free_port()
        settings = {
            "poll_s": 1.0,
            "rate_per_s": 1000,
            "rate_burst": 1000,
            "creates_per_minute": 1_000_000,
            "claims_per_minute": 1_000_000,
            "conns_per_address": 1_000_000,  # every client comes from 127.0.0.1
            "allow_seed": True,  # seeded tables: the same deals in every run
        }
        proc = osv.spawn(url, port, settings, cpu=server_core, log=args.log, profile=args.profile)
        try:
            if server_core is not None:  # the clients stay off the server's core
                os.sched_setaffinity(0, set(cores) - {server_core})
            asyncio.run(_drive(args, f"http://127.0.0.1:{port}", proc.pid, osv, figures))
        finally:
            if args.profile is not None:
                osv.stop(proc)
            osv.kill(proc)
            if server_core is not None:
                os.sched_setaffinity(0, set(cores))
        figures.deals_finished = _deals_finished(url)
    _print(figures)
    if args.profile is not None and args.profile.exists():
        import pstats

        print(f"server profile ({args.profile}), top functions by own time:")
        pstats.Stats(str(args.profile)).sort_stats("tottime").print_stats(25)
    if args.json is not None:
        args.json.write_text(json.dumps(asdict(figures), indent=2) + "\n", encoding="utf-8")
    return figures


def _print(f: Figures) -> None:
    core = "free" if f.pinned_core is None else f"core {f.pinned_core}"
    print(
        f"online tables benchmark: {f.tables} tables x 4 clients, think {f.think_s:g} s, rules {f.rules}, server {core}"
    )
    print(f"  set-up (create, claim, start, connect): {f.setup_s:.1f} s")
    rows = [
        ("measured", f"{f.seconds:g} s"),
        ("actions", f"{f.actions} ({f.deals_finished} deals finished in all)"),
        ("actions/s", f"{f.actions_per_s:g}"),
        ("latency p50 / p95 / p99 / max", f"{f.p50_ms:g} / {f.p95_ms:g} / {f.p99_ms:g} / {f.max_ms:g} ms"),
        ("errors", str(f.errors) + (f" e.g. {f.error_samples[0]!r}" if f.error_samples else "")),
        (
            "server RSS before / loaded / end",
            f"{f.rss_before_kib / 1024:.1f} / {f.rss_loaded_kib / 1024:.1f} / {f.rss_end_kib / 1024:.1f} MiB",
        ),
        ("memory per table", f"{f.per_table_kib:g} KiB (loaded, 4 connections each)"),
        (
            "server CPU per action",
            f"{f.server_cpu_ms_per_action:g} ms (server busy {f.server_cpu_share:.0%} of its core, "
            f"clients {f.clients_cpu_share:.0%} of theirs)",
        ),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"  {key:<{width}}  {value}")


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
