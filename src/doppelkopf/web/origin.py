"""Whether a request comes from this server's own pages: :func:`foreign_origin` compares a request's
``Origin`` (or ``Referer``) header with its ``Host``. Used by the app's :class:`~doppelkopf.web.app.SameOrigin`
middleware (state-changing HTTP requests) and by the tables' WebSocket (which no middleware sees).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ..messages import Text

_DEFAULT_PORTS = {"http": 80, "https": 443}


def _host_port(netloc: str, scheme: str) -> tuple[str, int] | None:
    """``(host, port)`` of ``host[:port]`` (the port defaulting to the scheme's), or ``None`` if unreadable."""
    try:
        parts = urlsplit(f"//{netloc}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host:
        return None
    return host.lower().rstrip("."), port if port is not None else _DEFAULT_PORTS.get(scheme, 0)


def origin_problem(origin: str | None, referer: str | None, host: str | None) -> Text | None:
    """Why a state-changing request is not from this server's own pages, or ``None`` when it may be.

    ``origin`` and ``referer`` are the request's ``Origin`` and ``Referer`` headers (the Referer counts only
    without an Origin), ``host`` its ``Host`` header. Without Origin and Referer nothing is said (a client
    that is no browser). The scheme is not compared (a TLS proxy in front may change it); host and port are,
    the port defaulting to the scheme's (``http://table:80`` is ``table``). The reason is a
    :class:`doppelkopf.messages.Text` (``str()`` is English; a front end translates it)."""
    header, value = ("origin", origin) if origin is not None else ("referer", referer)
    if value is None:
        return None
    shown = " ".join(value.split())[:100]
    source = urlsplit(value.strip()) if value.strip() != "null" else None
    if source is None or source.scheme not in _DEFAULT_PORTS:
        return Text(
            "{header}: {shown} is not a page of this server; changes come only from its own pages",
            header=header,
            shown=repr(shown),
        )
    want = _host_port(host or "", source.scheme)
    got = _host_port(source.netloc.rsplit("@", 1)[-1], source.scheme)
    if want is None or got != want:
        return Text(
            "{header}: {shown} is not this server ({host}); changes come only from its own pages",
            header=header,
            shown=repr(shown),
            host=(host or "?")[:100],
        )
    return None


def foreign_origin(origin: str | None, referer: str | None, host: str | None) -> str | None:
    """:func:`origin_problem` in English (``None`` when the request may be from this server's own pages)."""
    problem = origin_problem(origin, referer, host)
    return None if problem is None else str(problem)
