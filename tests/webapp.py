"""The web app as the tests that are not about members and host names build it: open to every client (``doko
serve --open``, today's behaviour on a trusted network) and answering the test clients' host names."""

from __future__ import annotations

from typing import Any

#: The host names the test clients send: Starlette's TestClient (``testserver``) and a real server on loopback.
TEST_HOSTS = ("testserver", "127.0.0.1", "localhost")


def open_app(store_url: str | None = None, **settings: Any) -> Any:
    """:func:`doppelkopf.web.app.create_app` with ``open_access=True`` and :data:`TEST_HOSTS` allowed."""
    from doppelkopf.web.app import create_app

    return create_app(store_url, open_access=True, allowed_hosts=TEST_HOSTS, **settings)
