"""Killing a writer in the middle of its writes loses nothing that was confirmed to the user, and leaves no
half-written game: a process enters games one after the other and prints each confirmation; it is killed
with SIGKILL at a random moment; the store reopened holds every confirmed game, at most the one in flight
besides, and its stored Liste is the one the core computes again from the stored entries."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

WRITER = textwrap.dedent(
    """
    import sys
    from doppelkopf.storage import open_store
    store = open_store(sys.argv[1])
    sitting = int(sys.argv[2])
    names = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
    n = len(store.liste(sitting).rows)
    while True:
        nxt = store.liste(sitting).next
        active = list(nxt.active)
        entry = {"game": "normal", "re": active[n % 3:n % 3 + 2], "augen_re": (120, 151, 90, 181)[n % 4]}
        store.add_game(sitting, entry, number=n + 1, author="writer")
        n += 1
        print("confirmed", n, flush=True)
    """
)


def _kill_mid_write(url: str, tmp_path: Path, kill_after: int) -> int:
    from doppelkopf.storage import open_store

    store = open_store(url)
    group = store.create_group("Stammtisch", ["Anna", "Ben", "Carla", "Dirk", "Eva"])
    sitting = store.create_sitting(group.id, ["Anna", "Ben", "Carla", "Dirk", "Eva"], "doppelbock")
    store.close()
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, str(script), url, str(sitting.id)], stdout=subprocess.PIPE, text=True, env=os.environ.copy()
    )
    assert proc.stdout is not None
    confirmed = 0
    deadline = time.monotonic() + 120
    try:
        while confirmed < kill_after and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            confirmed = int(line.split()[1])
        time.sleep(0.003 * (kill_after % 7))  # land the kill somewhere inside the next write
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert confirmed == kill_after, f"the writer stopped early at {confirmed}"
    # the writer may have confirmed more games while we waited to kill it: they count too (only whole lines
    # "confirmed N": the kill may cut the last one short, and a confirmation never read is none)
    for line in proc.stdout:
        parts = line.split()
        if line.endswith("\n") and len(parts) == 2 and parts[0] == "confirmed" and parts[1].isdigit():
            confirmed = int(parts[1])

    store = open_store(url)
    try:
        stored = store.liste(sitting.id)
        again = store.liste(sitting.id, recompute=True)
        assert stored.rows == again.rows and stored.totals == again.totals and stored.bock_queue == again.bock_queue
        games = len(stored.rows)
        assert confirmed <= games <= confirmed + 1, (confirmed, games)
        assert all(sum(row.totals) == 0 for row in stored.rows)
        # The history holds one version per stored game, none half-written.
        assert len(store.history(sitting.id)) == games
        # The sitting goes on: the next game is accepted with the next number.
        store.add_game(sitting.id, {"winners": list(stored.next.active[:2]), "punkte": 1}, number=games + 1)
    finally:
        store.close()
    return games


@pytest.mark.parametrize("kill_after", [3, 11, 20])
def test_a_killed_writer_loses_nothing_confirmed_on_sqlite(tmp_path: Path, kill_after: int) -> None:
    _kill_mid_write(f"sqlite:///{tmp_path / 'liste.sqlite'}", tmp_path, kill_after)


@pytest.mark.parametrize("kill_after", [5, 17])
def test_a_killed_writer_loses_nothing_confirmed_on_postgresql(pg_url: str, tmp_path: Path, kill_after: int) -> None:
    _kill_mid_write(pg_url, tmp_path, kill_after)


# -- the web server killed in the middle of its writes ------------------------------------------------


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve(url: str, port: int) -> subprocess.Popen[bytes]:
    """``doko serve --open`` as a user starts it on a trusted network (this test is about what a kill loses,
    not who may write), waited for until it answers."""
    import httpx

    proc = subprocess.Popen(
        [sys.executable, "-m", "doppelkopf.cli", "serve", "--db", url, "--port", str(port), "--open"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/groups", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("doko serve did not start")


def _kill_server_mid_write(url: str, kill_after: int) -> None:
    pytest.importorskip("fastapi", reason="needs the web extra: pip install -e '.[web]'")
    import httpx

    port = _free_port()
    proc = _serve(url, port)
    base = f"http://127.0.0.1:{port}/api"
    confirmed = 0
    try:
        group = httpx.post(f"{base}/groups", json={"name": "Online", "players": []}).json()
        five = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
        sitting = httpx.post(
            f"{base}/groups/{group['id']}/sittings", json={"players": five, "rules": "doppelbock"}
        ).json()
        games = f"{base}/sittings/{sitting['id']}/games"
        liste = f"{base}/sittings/{sitting['id']}/liste"
        # Requests in flight from a second thread, so the kill lands while the server is writing.
        import threading

        stop = threading.Event()

        def writer() -> None:
            nonlocal confirmed
            with httpx.Client(timeout=10) as client:
                n = 0
                while not stop.is_set():
                    try:
                        active = client.get(liste).json()["next"]["active"]
                        entry = {"game": "normal", "re": active[n % 3 : n % 3 + 2], "augen_re": (120, 151, 90)[n % 3]}
                        answer = client.post(games, json={"entry": entry, "number": n + 1})
                    except httpx.TransportError:
                        return  # the server was killed: this request was never confirmed
                    assert answer.status_code == 201, answer.text
                    n += 1
                    confirmed = n

        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        deadline = time.monotonic() + 120
        while confirmed < kill_after and time.monotonic() < deadline:
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        stop.set()
        thread.join(timeout=30)
        assert confirmed >= kill_after
        seen = confirmed  # every 201 the writer got before the kill
    finally:
        if proc.poll() is None:
            proc.kill()
    proc = _serve(url, port)
    try:
        body = httpx.get(liste).json()
        assert seen <= len(body["rows"]) <= seen + 1, (seen, len(body["rows"]))
        assert all(sum(row["totals"]) == 0 for row in body["rows"])
        # The server goes on where it was: the next game is accepted.
        active = body["next"]["active"]
        answer = httpx.post(
            games, json={"entry": {"winners": active[:2], "punkte": 1}, "number": len(body["rows"]) + 1}
        )
        assert answer.status_code == 201, answer.text
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)


def test_a_killed_server_loses_nothing_confirmed_on_sqlite(tmp_path: Path) -> None:
    _kill_server_mid_write(f"sqlite:///{tmp_path / 'liste.sqlite'}", 12)


def test_a_killed_server_loses_nothing_confirmed_on_postgresql(pg_url: str) -> None:
    _kill_server_mid_write(pg_url, 12)
