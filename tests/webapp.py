"""The web app as the tests that are not about members and host names build it: open to every client (``doko
serve --open``, today's behaviour on a trusted network) and answering the test clients' host names."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

#: The host names the test clients send: Starlette's TestClient (``testserver``) and a real server on loopback.
TEST_HOSTS = ("testserver", "127.0.0.1", "localhost")


def open_app(store_url: str | None = None, **settings: Any) -> Any:
    """:func:`doppelkopf.web.app.create_app` with ``open_access=True`` and :data:`TEST_HOSTS` allowed."""
    from doppelkopf.web.app import create_app

    return create_app(store_url, open_access=True, allowed_hosts=TEST_HOSTS, **settings)


@contextlib.contextmanager
def serving(app: Any) -> Iterator[int]:
    """``app`` served by uvicorn in a background thread on a free port of 127.0.0.1 (its lifespan on) while the
    block runs; yields the port. For the browser tests, which need a real server."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()
