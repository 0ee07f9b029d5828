"""A real server process of the online tables for the system tests and the benchmark, and the small HTTP
helpers they share (create a table, claim a seat, start it).

Run it as a script::

    python tests/online_server.py --db sqlite:///t.sqlite --port 8765 [--poll-s 0.2] [--pace-ms 20]
        [--grace-s 60] [--next-game-s 3600] [--rate-per-s 1000] [--creates-per-minute 100000]
        [--profile stats.out]   # cProfile of the event loop's thread, written at SIGTERM

or as a uvicorn factory (the same settings from ``DOKO_DB`` and ``DOKO_TABLES_<FIELD>`` variables, e.g.
``DOKO_TABLES_POLL_S=0.2``)::

    DOKO_DB=sqlite:///t.sqlite uvicorn --factory --app-dir tests online_server:app_from_env --port 8765

It builds :func:`doppelkopf.web.app.create_app` with a :class:`~doppelkopf.web.live.TableSettings` whose
fields come from the flags (unset flags keep the defaults). Nothing here runs on import (pytest imports the
module for its doctests).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
#: The environment variable prefix of :func:`app_from_env` (``DOKO_TABLES_POLL_S=0.2``).
ENV_PREFIX = "DOKO_TABLES_"


def _settings_class() -> Any:
    from doppelkopf.web.live import TableSettings

    return TableSettings


def _convert(field: dataclasses.Field[Any], text: str) -> Any:
    """``text`` read as the type of TableSettings field ``field`` (bool: 1/0/true/false; ``none``: None)."""
    kind = str(field.type)
    if text.strip().lower() in ("none", ""):
        return None
    if "bool" in kind:
        return text.strip().lower() in ("1", "true", "yes", "on")
    if "float" in kind:
        return float(text)
    if "int" in kind:
        return int(text)
    return text


def table_settings(values: Mapping[str, Any]) -> Any:
    """A TableSettings with ``values`` (field name -> value or text); unknown names raise ValueError."""
    cls = _settings_class()
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for name, value in values.items():
        if name not in fields:
            raise ValueError(f"table setting {name!r}: unknown; known: {', '.join(fields)}")
        kwargs[name] = _convert(fields[name], value) if isinstance(value, str) else value
    return cls(**kwargs)


def build_app(url: str, settings: Mapping[str, Any]) -> Any:
    """The web app on ``url`` with the table settings ``settings`` (see :func:`table_settings`)."""
    from webapp import open_app

    return open_app(url, tables=table_settings(settings))


def app_from_env() -> Any:
    """The uvicorn factory: the database from ``DOKO_DB``, settings from ``DOKO_TABLES_<FIELD>`` variables."""
    url = os.environ["DOKO_DB"]
    values = {k[len(ENV_PREFIX) :].lower(): v for k, v in os.environ.items() if k.startswith(ENV_PREFIX)}
    return build_app(url, values)


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the app with uvicorn on 127.0.0.1 (see the module text for the flags)."""
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", required=True, help="SQLAlchemy URL of the database")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--profile", default=None, help="run under cProfile; write the stats here at SIGTERM")
    for field in dataclasses.fields(_settings_class()):
        parser.add_argument("--" + field.name.replace("_", "-"), dest=field.name, default=None)
    args = parser.parse_args(argv)
    values = {
        f.name: getattr(args, f.name)
        for f in dataclasses.fields(_settings_class())
        if getattr(args, f.name) is not None
    }
    app = build_app(args.db, values)
    # as doko serve runs it: WebSocket frames at most the tables' message limit (a longer one is refused by its
    # header, 1009), X-Forwarded-For ignored (no proxy in front)
    options: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "timeout_graceful_shutdown": 1,
        "ws_max_size": app.state.table_settings.max_message_bytes,
        "proxy_headers": False,
    }
    if args.profile is None:
        uvicorn.run(app, **options)
        return
    import cProfile

    profiler = cProfile.Profile()

    def write_stats(*_: Any) -> None:
        profiler.disable()
        profiler.dump_stats(args.profile)
        raise SystemExit(0)

    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again with the handler found at its
    # start: this one writes the stats
    signal.signal(signal.SIGTERM, write_stats)
    profiler.enable()
    uvicorn.run(app, **options)
    write_stats()


# -- helpers for the tests and the benchmark -------------------------------------------------------------


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def spawn(
    url: str,
    port: int,
    settings: Mapping[str, Any] | None = None,
    *,
    cpu: int | None = None,
    log: Path | None = None,
    timeout: float = 60.0,
    profile: Path | None = None,
) -> subprocess.Popen[bytes]:
    """Start this script as a server process on ``port`` and wait until it answers ``GET /api/tables``.

    ``settings``: TableSettings fields; ``cpu``: pin the process to that core (``os.sched_setaffinity``);
    ``log``: a file for its output (else discarded); ``profile``: run it under cProfile, the stats written to
    that file when it gets SIGTERM (see :func:`stop`). Raises AssertionError (the process killed) when it does not
    answer within ``timeout`` seconds."""
    import httpx

    cmd = [sys.executable, str(HERE), "--db", url, "--port", str(port)]
    for name, value in (settings or {}).items():
        cmd += ["--" + name.replace("_", "-"), str(value)]
    if profile is not None:
        cmd += ["--profile", str(profile)]

    def pin() -> None:
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})

    out = open(log, "ab") if log is not None else subprocess.DEVNULL
    try:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, preexec_fn=pin if cpu is not None else None)
    finally:
        if log is not None:
            out.close()  # type: ignore[union-attr]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server on port {port} exited at start with {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    kill(proc)
    raise AssertionError(f"the server on port {port} did not answer within {timeout:g} s")


def kill(proc: subprocess.Popen[bytes] | None) -> None:
    """SIGKILL ``proc`` (if still running) and reap it."""
    if proc is None:
        return
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pass


def stop(proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """SIGTERM ``proc`` (uvicorn shuts down gracefully; a profile is written) and wait; SIGKILL if it hangs."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill(proc)


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (``VmRSS`` of ``/proc/<pid>/status``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"process {pid}: no VmRSS")


def create_table(
    base: str,
    *,
    name: str,
    rules: str,
    seats: Sequence[tuple[str | None, str | None]],
    client: Any = None,
    **options: Any,
) -> dict[str, Any]:
    """``POST /api/tables``: a table with ``seats`` (4 x (name, bot level or None)); ``options``: listed,
    pace_ms, grace_s, next_game_s, seed. Returns the answer (``id``, ``host_token``, ``invite``, ...).
    Raises AssertionError with the server's answer on a refusal."""
    import httpx

    body = {"name": name, "rules": rules, "seats": [{"name": n, "bot": b} for n, b in seats], **options}
    answer = (client or httpx).post(f"{base}/api/tables", json=body, timeout=30)
    assert answer.status_code in (200, 201), answer.text
    return dict(answer.json())


def claim_seat(base: str, table_id: int, seat: int, name: str, invite: str | None = None, client: Any = None) -> str:
    """``POST /api/tables/{id}/seats/{seat}/claim``: the seat token. Raises AssertionError on a refusal."""
    import httpx

    body: dict[str, Any] = {"name": name}
    if invite is not None:
        body["invite"] = invite
    answer = (client or httpx).post(f"{base}/api/tables/{table_id}/seats/{seat}/claim", json=body, timeout=30)
    assert answer.status_code in (200, 201), answer.text
    data = answer.json()
    return str(data.get("seat_token") or data.get("token"))


def host_action(base: str, table_id: int, what: str, host_token: str, client: Any = None) -> dict[str, Any]:
    """``POST /api/tables/{id}/{what}`` (start, pause, resume, end) as the host."""
    import httpx

    answer = (client or httpx).post(
        f"{base}/api/tables/{table_id}/{what}", headers={"X-Doko-Token": host_token}, timeout=30
    )
    assert answer.status_code in (200, 201), answer.text
    return dict(answer.json())


def choose(view: Mapping[str, Any], rng: random.Random) -> int | None:
    """A random legal action read from a seat's own view (what a client may send now), or ``None`` when the
    view offers none: a legal card of the hand (its ``action``: in an Armut the card is laid or given back)
    or a button of ``actions``. Biased so that games stay interesting: an Armut is declared and taken when
    possible, most Vorbehalt answers are "gesund", announcements are rare, claims rarer still."""
    from doppelkopf.moves import Action
    from doppelkopf.rules import GameType

    armut = Action.vorbehalt(GameType.ARMUT)
    cards = [
        h["action"] if h.get("action") is not None else h["card"] for h in view.get("hand") or [] if h.get("legal")
    ]
    buttons = [int(a["action"]) for a in view.get("actions") or []]
    if not cards and not buttons:
        return None
    if armut in buttons and rng.random() < 0.8:
        return armut
    if Action.ARMUT_TAKE in buttons and rng.random() < 0.7:
        return int(Action.ARMUT_TAKE)
    if Action.GESUND in buttons and rng.random() < 0.85:
        return int(Action.GESUND)
    rare = sorted({int(Action.CLAIM), int(Action.CONCEDE)} & set(buttons))
    announcements = [b for b in buttons if Action.is_announcement(b)]
    if announcements and rng.random() < 0.08:
        return rng.choice(announcements)
    if rare and rng.random() < 0.03:
        return rng.choice(rare)
    pool = cards + [b for b in buttons if b not in rare and not Action.is_announcement(b)]
    return rng.choice(pool or buttons)


def own_part(view: Mapping[str, Any]) -> tuple[Any, ...]:
    """What in a seat's view only that seat's own action changes while it is its turn: the phase, whether it
    is still its turn, its hand, its announcements, its Vorbehalt, the Armut exchange, its Schweine button.
    A client that sent an action waits for a view whose ``own_part`` differs: the view in which its action
    is applied (other players' announcements out of turn change none of it)."""
    from doppelkopf.moves import Action

    seat = view.get("seat")
    seats = view.get("seats") or []
    buttons = {a.get("action") for a in view.get("actions") or []}
    return (
        (view.get("deal") or {}).get("number"),
        view.get("phase"),
        view.get("turn") == seat,
        tuple(sorted(h["card"] for h in view.get("hand") or [])),
        sum(1 for a in view.get("announcements") or [] if a.get("seat") == seat),
        seats[seat].get("vorbehalt") if seat is not None and seat < len(seats) else None,
        repr(view.get("armut")),
        Action.SCHWEINE in buttons,
    )


def cards_played(view: Mapping[str, Any]) -> int:
    """How many cards of the deal are played in ``view`` (finished tricks and the trick in progress)."""
    return 4 * sum(view.get("tricks_won") or [0]) + len(view.get("trick") or [])


if __name__ == "__main__":
    main()
