"""The host names the app answers to (``Host`` header), against DNS rebinding.

A page elsewhere can make a browser send requests to this server under the page's own host name (its DNS name
pointed at this machine's address afterwards): ``Origin`` and ``Host`` then both name that host, so the origin
check passes. :class:`AllowedHosts` refuses every request and WebSocket whose ``Host`` is not on the app's list:

* ``None`` (:func:`machine_hosts`): the machine's own names: ``localhost``, ``127.0.0.1``, ``::1``, its host name
  and fully qualified name, ``<hostname>.local`` (mDNS), and its addresses in the network;
* else the names given (``doko serve`` gives :func:`allowed_host_names`: the machine's, the ``--host`` it listens
  on and every ``--allowed-host``). ``*.example.org`` takes every subdomain of ``example.org``, ``*`` any host.

Names are compared without the port, case-insensitively, without a trailing dot, IPv6 addresses without their
brackets (``[::1]:8000`` is ``::1``).
"""

from __future__ import annotations

import functools
import socket
from collections.abc import Callable, Iterable, Sequence

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection, Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ..messages import Text

__all__ = [
    "EVERY_ADDRESS",
    "AllowedHosts",
    "allowed_host_names",
    "host_name",
    "host_allowed",
    "machine_hosts",
    "network_address",
    "normal_host",
]

#: Listen addresses that stand for every address of the machine (not a name a client sends).
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def network_address() -> str | None:
    """This computer's address in its local network (the one its default route uses), or ``None`` if it
    has none. Nothing is sent: connecting a UDP socket only chooses the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never reached
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith(("0.", "127.")) else address


def normal_host(name: str) -> str:
    """A host name as compared: lower case, without brackets (IPv6) and without a trailing dot.

    >>> normal_host("Liste.Example.org."), normal_host("[::1]")
    ('liste.example.org', '::1')
    """
    name = name.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name.rstrip(".")


def host_name(header: str | None) -> str | None:
    """The host name of a ``Host`` header, without the port (:func:`normal_host`); ``None`` for a missing or
    malformed one.

    >>> host_name("Liste.example.org:8443"), host_name("[::1]:8000"), host_name("192.168.1.5"), host_name("[::1")
    ('liste.example.org', '::1', '192.168.1.5', None)
    """
    if not header:
        return None
    header = header.strip()
    if header.startswith("["):
        end = header.find("]")
        if end < 0 or (header[end + 1 :] and not header[end + 1 :].startswith(":")):
            return None
        name = header[1:end]
    elif header.count(":") == 1:
        name = header.split(":", 1)[0]
    elif ":" in header:
        name = header  # a bare IPv6 address (no port), as some clients send it
    else:
        name = header
    name = normal_host(name)
    return name or None


def host_allowed(name: str | None, allowed: Iterable[str]) -> bool:
    """Whether host ``name`` (as :func:`host_name` gives it) is one of ``allowed`` (names as given to
    :class:`AllowedHosts`: ``*.example.org`` is every subdomain, ``*`` any host).

    >>> host_allowed("a.example.org", ["*.example.org"]), host_allowed("example.org", ["*.example.org"])
    (True, False)
    """
    if name is None:
        return False
    for pattern in allowed:
        pattern = normal_host(pattern)
        if pattern == "*" or pattern == name or (pattern.startswith("*.") and name.endswith(pattern[1:])):
            return True
    return False


@functools.cache
def machine_hosts() -> tuple[str, ...]:
    """The names of this machine a client may send (computed once): ``localhost``, ``127.0.0.1``, ``::1``,
    :func:`socket.gethostname`, :func:`socket.getfqdn`, ``<hostname>.local``, the address of
    :func:`network_address` and the addresses the host name resolves to. A lookup that fails leaves its names out."""
    names = ["localhost", "127.0.0.1", "::1"]
    hostname = socket.gethostname()
    if hostname:
        names += [hostname, hostname.split(".")[0] + ".local"]
    try:
        names.append(socket.getfqdn())
    except OSError:
        pass
    address = network_address()
    if address:
        names.append(address)
    try:
        names += [str(info[4][0]) for info in socket.getaddrinfo(hostname, None)] if hostname else []
    except (OSError, UnicodeError):
        pass
    return _unique(names)


def allowed_host_names(listen_host: str | None = None, extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The host names of ``doko serve``: :func:`machine_hosts`, ``listen_host`` unless it stands for every
    address (:data:`EVERY_ADDRESS`), and ``extra`` (``--allowed-host``), each :func:`normal_host`.

    >>> names = allowed_host_names("192.168.1.5", ["Liste.Example.org"])
    >>> "localhost" in names, "192.168.1.5" in names, "liste.example.org" in names
    (True, True, True)
    >>> "0.0.0.0" in allowed_host_names("0.0.0.0")
    False
    """
    names = list(machine_hosts())
    if listen_host is not None and listen_host.strip() not in EVERY_ADDRESS:
        names.append(listen_host)
    names += list(extra)
    return _unique(names)


def _unique(names: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for name in names:
        name = normal_host(name)
        if name:
            seen.setdefault(name, None)
    return tuple(seen)


class AllowedHosts:
    """ASGI middleware: a request or WebSocket whose ``Host`` is not allowed is refused with 400 and one line
    naming the host, in the reader's language: a request by ``answer(request, 400, message)`` (the app's
    :func:`doppelkopf.web.app.error_response`; without one, the line as plain text), a WebSocket as a refused
    handshake with the line, where the server takes an HTTP answer to it, else closed before it is accepted.
    ``allowed_hosts=None``: :func:`machine_hosts`, looked up at the first request. Other scopes (lifespan) pass."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Sequence[str] | None = None,
        answer: Callable[[Request, int, object], Response] | None = None,
    ) -> None:
        self.app = app
        self.answer = answer
        self._given = tuple(allowed_hosts) if allowed_hosts is not None else None
        self._names: tuple[str, ...] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The allowed host names (patterns), :func:`machine_hosts` when none were given."""
        if self._names is None:
            self._names = _unique(self._given) if self._given is not None else machine_hosts()
        return self._names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = Headers(scope=scope).get("host")
        if host_allowed(host_name(header), self.names):
            await self.app(scope, receive, send)
            return
        message = Text("host: {host} is not served here", host=repr((header or "")[:60]))
        response: Response
        if scope["type"] == "http" and self.answer is not None:
            response = self.answer(Request(scope, receive), 400, message)
        elif scope["type"] == "http" or "websocket.http.response" in scope.get("extensions", {}):
            response = PlainTextResponse(_translated(HTTPConnection(scope), message), status_code=400)
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return
        await response(scope, receive, send)


def _translated(conn: HTTPConnection, message: Text) -> str:
    """``message`` on one line in the reader's language (cookie ``lang``, else ``Accept-Language``), as the pages
    choose it (:func:`doppelkopf.web.deps.request_language`)."""
    from ..i18n import negotiate, translator
    from ..messages import one_line
    from .deps import LANGUAGE_COOKIE

    language = negotiate(conn.headers.get("accept-language"), conn.cookies.get(LANGUAGE_COOKIE))
    return one_line(translator(language).text(message))
