"""Who a request is, and what of the score sheet it may see and change (see :mod:`doppelkopf.storage.members`).

Every request carries its device's session in the cookie :data:`SESSION_COOKIE` (Secure over https,
HttpOnly, SameSite=Lax; a client without cookies may send ``Authorization: Bearer <token>``);
:func:`request_access` turns it into an :class:`~doppelkopf.storage.members.Access`, once per request. An app
made with ``create_app(open_access=True)`` (``doko serve --open``) lets every request do everything.

:func:`guard` is the dependency of every router of a group's data: a route whose path names a group
(``group_id``) or a sitting (``sitting_id``) is answered only for the group's members and its viewer links;
anyone else gets the same 404 as for a group or sitting that does not exist. A write (POST, PUT, PATCH,
DELETE) needs the role ``member`` or ``admin``; a viewer link's session gets 403. Routes without such a path
(the list of groups, a new group, the exports and imports of everything, the online tables) check the access
themselves.

:class:`AttemptLimit` bounds the tries per client address of the secrets a visitor may guess (invitation links,
password logins): beyond it a 429 for a minute.
"""

from __future__ import annotations

import collections
import threading
import time
from typing import TYPE_CHECKING, Any

from fastapi import Request
from starlette.requests import HTTPConnection
from starlette.responses import Response

from ..messages import Text
from ..storage.members import OPEN, Access, Members
from ..storage.tables import Forbidden

if TYPE_CHECKING:
    from ..storage import Store

__all__ = [
    "SESSION_COOKIE",
    "SESSION_AGE",
    "AttemptLimit",
    "TooManyAttempts",
    "author_of",
    "device_label",
    "limited",
    "forget_session",
    "get_members",
    "guard",
    "keep_session",
    "request_access",
    "session_token",
]

#: The cookie holding a device's session token.
SESSION_COOKIE = "doko_session"
#: How long a device stays logged in without being used, in seconds (400 days: browsers' longest).
SESSION_AGE = 400 * 24 * 3600
#: Failed guesses per client address and minute before :class:`AttemptLimit` refuses.
ATTEMPTS_PER_MINUTE = 10


class TooManyAttempts(Exception):
    """Too many tries of a secret from one address (the app answers 429)."""

    def __init__(self, wait_s: int) -> None:
        super().__init__(Text("too many attempts: wait {seconds} seconds", seconds=wait_s))
        self.wait_s = wait_s


class AttemptLimit:
    """At most ``per_minute`` failed attempts per client address in any 60 s (thread-safe, in memory: the
    limit of one server process)."""

    def __init__(self, per_minute: int = ATTEMPTS_PER_MINUTE) -> None:
        self.per_minute = per_minute
        self._failed: dict[str, collections.deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, address: str) -> None:
        """Raise :class:`TooManyAttempts` when ``address`` failed ``per_minute`` times in the last minute."""
        now = time.monotonic()
        with self._lock:
            failed = self._failed.get(address)
            while failed and now - failed[0] > 60:
                failed.popleft()
            if failed is not None and len(failed) >= self.per_minute:
                raise TooManyAttempts(int(60 - (now - failed[0])) + 1)

    def failed(self, address: str) -> None:
        """Count a failed attempt of ``address``."""
        with self._lock:
            if len(self._failed) > 10_000:  # a flood of addresses: forget the oldest
                self._failed.pop(next(iter(self._failed)))
            self._failed.setdefault(address, collections.deque()).append(time.monotonic())


def device_label(conn: HTTPConnection) -> str:
    """What a device calls itself in the list of sessions and passkeys: the browser and system of its
    User-Agent (``Chrome · Android``), else the first 60 characters of it."""
    agent = conn.headers.get("user-agent", "")
    system = next((s for s in ("Android", "iPhone", "iPad", "Windows", "Mac OS", "Linux") if s in agent), "")
    browser = next((b for b in ("Firefox", "Edg", "Chrome", "Safari") if b in agent), "")
    browser = {"Edg": "Edge"}.get(browser, browser)
    return " · ".join(x for x in (browser, system) if x) or agent[:60]


async def limited(
    conn: HTTPConnection, refused: tuple[type[Exception], ...], call: Any, *args: Any, **kwargs: Any
) -> Any:
    """``call(*args, **kwargs)`` in the thread pool, within the app's :class:`AttemptLimit` for the client's
    address: :class:`TooManyAttempts` before it when the address failed too often; an error of the kinds
    ``refused`` (a wrong link, password or passkey) counts as a failure and is raised on."""
    from starlette.concurrency import run_in_threadpool

    limit: AttemptLimit = conn.app.state.attempts
    address = conn.client.host if conn.client is not None else "?"
    limit.check(address)
    try:
        return await run_in_threadpool(call, *args, **kwargs)
    except refused:
        limit.failed(address)
        raise


def get_members(conn: HTTPConnection) -> Members:
    """The app's :class:`~doppelkopf.storage.members.Members`."""
    members: Members = conn.app.state.members
    return members


def session_token(conn: HTTPConnection) -> str | None:
    """The session token a request carries: its cookie, else an ``Authorization: Bearer`` header."""
    token = conn.cookies.get(SESSION_COOKIE)
    if token:
        return token
    header = conn.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def request_access(conn: HTTPConnection) -> Access:
    """What the request may do (read once per request, then kept in ``conn.state``): :data:`OPEN` on an open
    server, else the access of its session (:meth:`Members.access`), :data:`NOBODY` without one."""
    cached = getattr(conn.state, "access", None)
    if isinstance(cached, Access):
        return cached
    access = OPEN if conn.app.state.open_access else get_members(conn).access(session_token(conn))
    conn.state.access = access
    return access


def _path_int(value: object) -> int | None:
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else None


def guard(request: Request) -> None:
    """The dependency of the group routers (see the module text): raises NotFound for a group or sitting the
    request may not see (the same words as for one that does not exist) and Forbidden for a write of a viewer."""
    from ..storage import NotFound

    access = request_access(request)
    if access.open:
        return
    params = request.path_params
    group_id: int | None = None
    if "group_id" in params:
        group_id = _path_int(params["group_id"])
        if group_id is None:
            return  # the route's own validation answers 422
        if not access.reads(group_id):
            raise NotFound("group {group_id}: not found", group_id=group_id)
    elif "sitting_id" in params:
        sitting_id = _path_int(params["sitting_id"])
        if sitting_id is None:
            return
        store: Store = request.app.state.store
        missing = NotFound("sitting {sitting_id}: not found", sitting_id=sitting_id)
        if not access.roles:
            raise missing
        try:
            group_id = store.group_of(sitting_id)
        except NotFound:
            raise missing from None
        if not access.reads(group_id):
            raise missing
    else:
        return
    if request.method not in ("GET", "HEAD") and not access.writes(group_id):
        raise Forbidden("viewer link: it reads the Liste and changes nothing")


def author_of(request: HTTPConnection, given: str) -> str:
    """Who the audit trail names for a change: the member's name (a client cannot choose it), or on an open
    server what the client said (``given``)."""
    access = request_access(request)
    return given if access.open else access.name


def keep_session(response: Response, token: str, request: HTTPConnection) -> None:
    """Set the session cookie of a new session on ``response`` (Secure when the request came by https)."""
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_AGE,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def forget_session(response: Response) -> None:
    """Remove the session cookie (log out on this device) and what the device kept of the group's pages
    (``Clear-Site-Data``: the browser's cache and the offline copies of the service worker, its queue too)."""
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.headers["Clear-Site-Data"] = '"cache", "storage"'
