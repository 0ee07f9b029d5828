"""The holes an attack on ``doko serve`` found, each closed (issue 25):

* a WebSocket frame of deeply nested JSON (well under the 4 KiB limit) is refused in one line, the socket open;
* simultaneous handshakes of one address to one table get no more sockets than the cap;
* a request or socket for a host name the app does not serve is refused (DNS rebinding), page and socket;
* a frame whose header announces more than the message limit is refused by uvicorn before its payload comes;
* ``X-Forwarded-For`` is believed only from a configured proxy (``doko serve --proxy``);
* a refused socket hears the documented close code (1008, 4404) and its reason, not an HTTP 403.

The real-server tests run uvicorn with the options ``doko serve`` gives it
(:func:`doppelkopf.cli.serve.uvicorn_options`) in a thread of this process, or ``tests/online_server.py`` as a
process.
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"
pytest.importorskip("fastapi", reason=WEB_EXTRA)
uvicorn = pytest.importorskip("uvicorn", reason=WEB_EXTRA)
websockets = pytest.importorskip("websockets", reason=WEB_EXTRA)
httpx = pytest.importorskip("httpx", reason=WEB_EXTRA)

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from starlette.testclient import WebSocketDenialResponse  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402

import online_server  # noqa: E402
from doppelkopf.cli.serve import uvicorn_options  # noqa: E402
from doppelkopf.web.hosts import allowed_host_names, host_allowed, host_name, machine_hosts  # noqa: E402
from doppelkopf.web.live import MAX_MESSAGE_BYTES, ClientError, TableSettings, read_message  # noqa: E402
from webapp import TEST_HOSTS, open_app  # noqa: E402

ENGLISH = {"Accept-Language": "en"}
FOUR_BOTS = [{"bot": "rules"}, {"bot": "rules"}, {"bot": "rules"}, {"bot": "rules"}]
#: Seconds a real-server wait may take before the test gives up (a loaded machine).
WAIT_S = 30.0


def new_table(client: Any, base: str = "") -> int:
    """A table of four computer players (in the lobby) made by the JSON API: its id."""
    answer = client.post(f"{base}/api/tables", json={"name": "Runde", "seats": FOUR_BOTS})
    assert answer.status_code == 201, answer.text
    return int(answer.json()["id"])


def receive_json(ws: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ws.receive_text())
    return data


# -- 1. deeply nested JSON --------------------------------------------------------------------------------

#: JSON nested deeper than the parser's recursion takes (1000 in all), each within the 4 KiB message limit.
NESTED = [
    "[" * 2000 + "]" * 2000,
    '[{"":' * 570 + "1" + "}]" * 570,  # objects in arrays: 1140 deep
    '{"action": ' + "[" * 2000 + "]" * 2000 + "}",
    '{"do": ' + "[" * 2000 + "]" * 2000 + "}",
]


@pytest.mark.parametrize("text", NESTED, ids=["arrays", "objects", "in-action", "in-do"])
def test_deeply_nested_json_is_a_one_line_refusal(text: str) -> None:
    assert len(text.encode()) <= MAX_MESSAGE_BYTES  # it passes the length check: only the nesting is wrong
    with pytest.raises(ClientError) as refused:
        read_message(text)
    assert str(refused.value) == "message: nested too deeply"


def test_deeply_nested_json_on_the_socket_is_refused_and_the_socket_goes_on(tmp_path: Path) -> None:
    with TestClient(open_app(f"sqlite:///{tmp_path / 't.sqlite'}"), headers=ENGLISH) as client:
        table_id = new_table(client)
        with client.websocket_connect(f"/tables/{table_id}/ws?format=json&lang=en") as ws:
            assert receive_json(ws)["type"] == "view"
            for text in NESTED:
                ws.send_text(text)
                answer = receive_json(ws)
                assert answer["type"] == "error" and answer["message"] == "message: nested too deeply"
                ws.send_text("{}")  # a following frame is read and answered as usual
                answer = receive_json(ws)
                assert answer["type"] == "error" and answer["message"].startswith("action: missing")


# -- a real server in a thread, run as doko serve runs it -------------------------------------------------


@dataclass
class Served:
    base: str
    ws_base: str
    app: Any
    port: int


@contextmanager
def served(tmp_path: Path, proxies: Sequence[str] = (), **settings: Any) -> Iterator[Served]:
    """The app (test host names allowed) served by uvicorn with ``doko serve``'s options in a thread."""
    app = open_app(f"sqlite:///{tmp_path / 'served.sqlite'}", tables=TableSettings(**settings))
    port = online_server.free_port()
    options = uvicorn_options("127.0.0.1", port, proxies, max_message_bytes=app.state.table_settings.max_message_bytes)
    server = uvicorn.Server(uvicorn.Config(app, lifespan="on", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_S
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield Served(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", app, port)
    finally:
        server.should_exit = True
        thread.join(15)


# -- 2. simultaneous handshakes ---------------------------------------------------------------------------


def test_simultaneous_handshakes_get_no_more_sockets_than_the_cap(tmp_path: Path) -> None:
    with served(tmp_path) as srv:
        cap = srv.app.state.table_settings.conns_per_table
        assert cap == 20
        table_id = new_table(httpx, srv.base)
        url = f"{srv.ws_base}/tables/{table_id}/ws?format=json"

        async def one() -> tuple[Any, str]:
            ws = await connect(url, open_timeout=WAIT_S)
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
                return ws, str(message["type"])
            except ConnectionClosed as closed:
                assert closed.rcvd is not None
                return ws, f"closed {closed.rcvd.code} {closed.rcvd.reason}"

        async def all_at_once() -> list[str]:
            results = await asyncio.gather(*(one() for _ in range(30)))
            try:
                return [outcome for _, outcome in results]
            finally:
                await asyncio.gather(*(ws.close() for ws, _ in results))

        outcomes = asyncio.run(all_at_once())
    opened = outcomes.count("view")
    refused = [o for o in outcomes if o != "view"]
    assert opened == cap, outcomes
    assert refused and all(o.startswith("closed 1008 connections: at most 20 to one table") for o in refused)


# -- 3. host names (DNS rebinding) ------------------------------------------------------------------------


def test_the_host_header_is_read_without_port_and_case() -> None:
    assert host_name("Liste.Example.ORG:8443") == "liste.example.org"
    assert host_name("[::1]:8000") == "::1" and host_name("[::1]") == "::1"
    assert host_name("192.168.1.5:8000") == "192.168.1.5"
    assert host_name("liste.example.org.") == "liste.example.org"
    assert host_name("") is None and host_name(None) is None and host_name("[::1") is None
    assert host_allowed("liste.example.org", ["*.example.org"]) and not host_allowed("example.org", ["*.example.org"])
    assert not host_allowed("evilexample.org", ["*.example.org"])


def test_the_machines_names_and_the_serve_options_are_allowed() -> None:
    names = machine_hosts()
    hostname = socket.gethostname().lower()
    assert {"localhost", "127.0.0.1", "::1", hostname, hostname.split(".")[0] + ".local"} <= set(names)
    assert socket.getfqdn().lower().rstrip(".") in names
    listed = allowed_host_names("192.168.77.5", ["Liste.Example.org", "[2001:db8::1]"])
    assert set(names) <= set(listed) and {"192.168.77.5", "liste.example.org", "2001:db8::1"} <= set(listed)
    assert "0.0.0.0" not in allowed_host_names("0.0.0.0") and "::" not in allowed_host_names("::")


def test_a_foreign_host_is_refused_on_pages_api_and_socket(tmp_path: Path) -> None:
    with TestClient(open_app(f"sqlite:///{tmp_path / 't.sqlite'}"), headers=ENGLISH) as client:
        table_id = new_table(client)
        evil = {"host": "evil.example", "origin": "http://evil.example"}  # a rebound name: Origin and Host agree
        page = client.get("/", headers=evil)
        assert page.status_code == 400 and "'evil.example' is not served here" in html.unescape(page.text)
        assert "content-security-policy" in page.headers  # the refusal too has the security headers
        api = client.get("/api/tables", headers=evil)
        assert api.status_code == 400 and api.json() == {"detail": "host: 'evil.example' is not served here"}
        post = client.post("/api/tables", json={"name": "x", "seats": FOUR_BOTS}, headers=evil)
        assert post.status_code == 400
        htmx = client.get("/tables", headers={**evil, "HX-Request": "true"})
        assert htmx.status_code == 400 and htmx.text == "host: 'evil.example' is not served here"
        german = client.get("/api/tables", headers={**evil, "Accept-Language": "de"})
        assert german.status_code == 400 and german.json()["detail"] != api.json()["detail"]
        assert "evil.example" in german.json()["detail"]
        with pytest.raises(WebSocketDenialResponse) as denied:
            with client.websocket_connect(f"/tables/{table_id}/ws?format=json", headers=evil):
                pass
        assert denied.value.status_code == 400 and "not served here" in denied.value.text
        # the allowed names pass, with a port and in any case
        for host in ("testserver", "TestServer:8000", "127.0.0.1:8000", "localhost"):
            assert client.get("/", headers={"host": host}).status_code == 200, host
        with client.websocket_connect(f"/tables/{table_id}/ws?format=json", headers={"host": "localhost:8000"}) as ws:
            assert receive_json(ws)["type"] == "view"


def test_allowed_hosts_none_is_the_machines_names_and_patterns_work(tmp_path: Path) -> None:
    from doppelkopf.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'a.sqlite'}", open_access=True)  # allowed_hosts=None
    with TestClient(app, headers=ENGLISH) as client:
        assert client.get("/").status_code == 400  # TestClient's "testserver" is not this machine
        for host in ("localhost", "127.0.0.1:8000", "[::1]:8000", socket.gethostname()):
            assert client.get("/", headers={"host": host}).status_code == 200, host
    app = create_app(
        f"sqlite:///{tmp_path / 'b.sqlite'}", open_access=True, allowed_hosts=("*.example.org", "::1", *TEST_HOSTS)
    )
    with TestClient(app, headers=ENGLISH) as client:
        assert client.get("/", headers={"host": "liste.example.org"}).status_code == 200
        assert client.get("/", headers={"host": "[::1]:8443"}).status_code == 200
        assert client.get("/", headers={"host": "example.org"}).status_code == 400
        assert client.get("/", headers={"host": "localhost"}).status_code == 200  # one of TEST_HOSTS


def test_a_foreign_host_is_refused_by_a_real_server(tmp_path: Path) -> None:
    with served(tmp_path) as srv:
        table_id = new_table(httpx, srv.base)
        answer = httpx.get(f"{srv.base}/api/tables", headers={"host": "evil.example"})
        assert answer.status_code == 400 and "evil.example" in answer.json()["detail"]

        async def handshake() -> int:
            try:
                async with connect(
                    f"{srv.ws_base}/tables/{table_id}/ws?format=json",
                    additional_headers={"Host": "evil.example"},
                    open_timeout=WAIT_S,
                ):
                    return 101
            except InvalidStatus as refused:
                return int(refused.response.status_code)

        assert asyncio.run(handshake()) == 400


# -- 4. a frame announcing more than the limit ------------------------------------------------------------


def _upgrade(port: int, path: str) -> socket.socket:
    """A raw TCP connection to ``port`` upgraded to a WebSocket on ``path`` by hand (the 101 read)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, f"closed during the handshake: {head!r}"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def _announce_a_megabyte(sock: socket.socket) -> tuple[int | None, float]:
    """Send a masked text frame header announcing 1,000,000 bytes (64-bit length) and 10 bytes of payload, then
    read the server's frames: the close code (``None``: the connection ended without a close frame) and the
    seconds it took."""
    mask = os.urandom(4)
    payload = b'{"action":'
    sock.sendall(
        bytes([0x81, 0x80 | 127])
        + struct.pack("!Q", 1_000_000)
        + mask
        + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    )
    began = time.monotonic()
    buffer = b""
    sock.settimeout(10)
    while True:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            raise AssertionError("the server waited for the rest of the megabyte") from None
        except ConnectionResetError:
            return None, time.monotonic() - began
        if not chunk:
            return None, time.monotonic() - began
        buffer += chunk
        while len(buffer) >= 2:  # the server's frames (unmasked): skip the view, stop at the close frame
            opcode, length = buffer[0] & 0x0F, buffer[1] & 0x7F
            start = 2
            if length == 126:
                if len(buffer) < 4:
                    break
                length, start = struct.unpack("!H", buffer[2:4])[0], 4
            elif length == 127:
                if len(buffer) < 10:
                    break
                length, start = struct.unpack("!Q", buffer[2:10])[0], 10
            if len(buffer) < start + length:
                break
            body, buffer = buffer[start : start + length], buffer[start + length :]
            if opcode == 0x8:
                return (struct.unpack("!H", body[:2])[0] if len(body) >= 2 else None), time.monotonic() - began


def test_a_frame_over_the_limit_is_refused_by_its_header(tmp_path: Path) -> None:
    with served(tmp_path) as srv:
        table_id = new_table(httpx, srv.base)
        with _upgrade(srv.port, f"/tables/{table_id}/ws?format=json&lang=en") as sock:
            code, seconds = _announce_a_megabyte(sock)
    assert code in (1009, None) and seconds < 5


def test_the_test_server_process_refuses_such_a_frame_too(tmp_path: Path) -> None:
    port = online_server.free_port()
    proc = online_server.spawn(f"sqlite:///{tmp_path / 'p.sqlite'}", port, log=tmp_path / "server.log")
    try:
        table_id = new_table(httpx, f"http://127.0.0.1:{port}")
        with _upgrade(port, f"/tables/{table_id}/ws?format=json&lang=en") as sock:
            code, seconds = _announce_a_megabyte(sock)
    finally:
        online_server.kill(proc)
    assert code in (1009, None) and seconds < 5


def test_a_message_over_the_limit_in_one_frame_is_refused_by_the_server(tmp_path: Path) -> None:
    """What the frame limit lets through is read as before; one byte more closes with 1009 (message too big)."""

    async def run(url: str) -> tuple[str, int | None]:
        async with connect(url, open_timeout=WAIT_S) as ws:
            await asyncio.wait_for(ws.recv(), WAIT_S)  # the view
            await ws.send(" " * (MAX_MESSAGE_BYTES - 2) + "{}")  # at the limit: read, answered
            answer = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
            await ws.send(" " * (MAX_MESSAGE_BYTES - 1) + "{}")
            try:
                await asyncio.wait_for(ws.recv(), WAIT_S)
            except ConnectionClosed as closed:
                return str(answer["message"]), closed.rcvd.code if closed.rcvd else None
            return str(answer["message"]), -1

    with served(tmp_path) as srv:
        table_id = new_table(httpx, srv.base)
        message, code = asyncio.run(run(f"{srv.ws_base}/tables/{table_id}/ws?format=json&lang=en"))
    assert message.startswith("action: missing") and code == 1009


# -- 5. X-Forwarded-For only from a configured proxy ------------------------------------------------------


def test_uvicorn_options_of_serve() -> None:
    plain = uvicorn_options("127.0.0.1", 8000)
    assert plain["proxy_headers"] is False and "forwarded_allow_ips" not in plain
    assert plain["ws_max_size"] == MAX_MESSAGE_BYTES and plain["host"] == "127.0.0.1" and plain["port"] == 8000
    behind = uvicorn_options("127.0.0.1", 8000, ["127.0.0.1", "::1"], max_message_bytes=1000)
    assert behind["proxy_headers"] is True and behind["forwarded_allow_ips"] == ["127.0.0.1", "::1"]
    assert behind["ws_max_size"] == 1000
    uvicorn.Config(object(), **behind)  # uvicorn takes every option


def _addresses_seen(srv: Served, forged: str) -> set[str]:
    """The client addresses the hub counts while one socket with ``X-Forwarded-For: forged`` is open."""
    table_id = new_table(httpx, srv.base)

    async def run() -> set[str]:
        async with connect(
            f"{srv.ws_base}/tables/{table_id}/ws?format=json",
            additional_headers={"X-Forwarded-For": forged},
            open_timeout=WAIT_S,
        ) as ws:
            await asyncio.wait_for(ws.recv(), WAIT_S)
            return set(srv.app.state.hub._conns_by_address)

    return asyncio.run(run())


def test_a_forged_x_forwarded_for_does_not_change_the_address(tmp_path: Path) -> None:
    with served(tmp_path) as srv:
        assert _addresses_seen(srv, "203.0.113.7") == {"127.0.0.1"}
    with served(tmp_path, proxies=["127.0.0.1"]) as srv:  # behind a proxy on this machine: its header counts
        assert _addresses_seen(srv, "203.0.113.7") == {"203.0.113.7"}


def test_serve_passes_proxies_and_allowed_hosts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from doppelkopf.cli import main

    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.update(app=app, **kwargs))
    db = str(tmp_path / "serve.sqlite")
    result = CliRunner().invoke(main, ["serve", "--db", db, "--port", "8765"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert started["proxy_headers"] is False and started["ws_max_size"] == MAX_MESSAGE_BYTES
    assert set(started["app"].state.allowed_hosts) == set(machine_hosts())  # 127.0.0.1 is one of them
    args = ["serve", "--db", db, "--host", "10.9.8.7", "--proxy", "127.0.0.1", "--proxy", "::1"]
    args += ["--allowed-host", "liste.example.org", "--allowed-host", "Doko.Example.net"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, (result.output, result.exception)
    assert started["proxy_headers"] is True and started["forwarded_allow_ips"] == ["127.0.0.1", "::1"]
    hosts = set(started["app"].state.allowed_hosts)
    assert {"10.9.8.7", "liste.example.org", "doko.example.net", "localhost"} <= hosts
    result = CliRunner().invoke(main, ["serve", "--db", db, "--host", "0.0.0.0"])
    assert result.exit_code == 0 and "0.0.0.0" not in started["app"].state.allowed_hosts
    helped = CliRunner().invoke(main, ["serve", "--help"])
    assert "--proxy" in helped.output and "--allowed-host" in helped.output


# -- 7. the documented close codes ------------------------------------------------------------------------


def test_a_refused_socket_hears_the_documented_close_code(tmp_path: Path) -> None:
    async def closed_with(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        async with connect(url, additional_headers=headers, open_timeout=WAIT_S) as ws:
            try:
                await asyncio.wait_for(ws.recv(), WAIT_S)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None
                return closed.rcvd.code, closed.rcvd.reason
        raise AssertionError("not closed")

    with served(tmp_path) as srv:
        table_id = new_table(httpx, srv.base)
        assert asyncio.run(closed_with(f"{srv.ws_base}/tables/999/ws")) == (4404, "table 999: not found")
        code, reason = asyncio.run(
            closed_with(f"{srv.ws_base}/tables/{table_id}/ws", {"Origin": "http://evil.example"})
        )
        assert code == 1008 and reason
        code, reason = asyncio.run(closed_with(f"{srv.ws_base}/tables/{table_id}/ws?format=xml&lang=en"))
        assert code == 1008 and reason.startswith("format: 'xml' is unknown")


def test_a_refused_socket_in_the_test_client_is_accepted_then_closed(tmp_path: Path) -> None:
    with TestClient(open_app(f"sqlite:///{tmp_path / 't.sqlite'}"), headers=ENGLISH) as client:
        with client.websocket_connect("/tables/999/ws") as ws:  # accepted: the close comes as a message
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
        assert closed.value.code == 4404 and closed.value.reason == "table 999: not found"
