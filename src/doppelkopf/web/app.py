"""The FastAPI application: :func:`create_app` opens the Store once and mounts the routers.

Errors from bad input never become a 500: a :class:`~doppelkopf.storage.NotFound` answers 404, a
:class:`~doppelkopf.storage.Conflict` (a game changed meanwhile) 409, a database that cannot be reached
(:class:`~doppelkopf.storage.StoreUnavailable`, SQLAlchemy's ``OperationalError``) 503, and every other
refusal of the Store, the Liste, a table entry, a rule set, a player name or a chart 422, always with a
one-line message that names the field. The JSON API (paths under ``/api/``) answers
``{"detail": "<message>"}``; the pages answer an error page (or, for htmx requests, the message alone).

The app is made for a table's local network, so it guards itself (ASGI middleware, outermost first):

* :class:`SecurityHeaders`: a content security policy (only the app's own scripts), ``nosniff``, no framing;
  the online tables' pages and JSON (``/tables...``, ``/api/tables...``: tokens, invites, a player's hand) also
  ``Cache-Control: no-store``;
* :class:`SameOrigin`: a state-changing request (POST, PUT, PATCH, DELETE) whose ``Origin`` header (or,
  without one, its ``Referer``) names another host than the request's ``Host`` is refused with 403 (a page
  elsewhere cannot make a phone's browser enter or delete games); a request without either header (the
  CLI, ``curl``, a test client) passes;
* :class:`BodyLimit`: a request body larger than :data:`MAX_BODY_BYTES` (16 MiB: a JSON import, a records
  file, a rule file, an entry) is refused with 413, by its ``Content-Length`` before anything is read, or
  while reading a body sent without one, as soon as it grows beyond the limit.

Cookies (the online tables' seat and host tokens) get ``Secure`` when the request came by https. Behind a TLS
proxy the app sees https only when uvicorn trusts the proxy's ``X-Forwarded-Proto``: start it with
``uvicorn --proxy-headers --forwarded-allow-ips=<the proxy's address>``, else the cookies go without ``Secure``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..messages import one_line
from .deps import MAX_BODY_BYTES, STATIC_DIR, make_templates, render, wants_json
from .events import Notifier, StreamSettings
from .live import TableSettings
from .origin import foreign_origin

__all__ = [
    "MAX_BODY_BYTES",
    "BodyLimit",
    "SameOrigin",
    "SecurityHeaders",
    "TableSettings",
    "create_app",
    "foreign_origin",
]

TITLE = "Doppelkopf – die Liste"
LOG = logging.getLogger("doppelkopf.web")

#: Headers of every answer: the pages run only the app's own scripts (a player name can never become one),
#: load nothing from elsewhere and are not framed. FastAPI's /docs and /redoc (scripts from a CDN) go without.
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
DOCS_PATHS = ("/docs", "/redoc")
#: Paths whose answers are never stored by a browser or proxy (they carry tokens, invites and hands).
NO_STORE_PATHS = ("/tables", "/api/tables")
#: The methods that change something: only the app's own pages (or a client without Origin/Referer) may send them.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: Seconds a client is asked to wait (``Retry-After``) when the database cannot be reached.
RETRY_AFTER_S = 5


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP answer that has none of its own (a pure
    ASGI wrapper: the live list's event stream passes through unbuffered)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or str(scope.get("path", "")).startswith(DOCS_PATHS):
            await self.app(scope, receive, send)
            return

        path = str(scope.get("path", ""))
        no_store = any(path == p or path.startswith(p + "/") for p in NO_STORE_PATHS)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend((name, value) for name, value in SECURITY_HEADERS if name not in present)
                if no_store:
                    headers = [(n, v) for n, v in headers if n.lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def _header(scope: Scope, name: bytes) -> str | None:
    """The first header ``name`` (lower case) of an ASGI request, decoded as Latin-1, or ``None``."""
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class SameOrigin:
    """ASGI middleware refusing cross-site writes with 403: a POST, PUT, PATCH or DELETE whose ``Origin``
    (or, without one, ``Referer``) header names another host than ``Host`` (see :func:`foreign_origin`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method", "GET") in UNSAFE_METHODS:
            problem = foreign_origin(_header(scope, b"origin"), _header(scope, b"referer"), _header(scope, b"host"))
            if problem is not None:
                await error_response(Request(scope), 403, problem)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _too_large() -> str:
    return f"request body: larger than {MAX_BODY_BYTES // (1024 * 1024)} MiB"


class BodyLimit:
    """ASGI middleware refusing a request body larger than :data:`MAX_BODY_BYTES` with 413: at once by its
    ``Content-Length``, or, for a body without one, when the reading app gets past the limit (the route
    answers 413 then; nothing beyond the limit is read)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = (_header(scope, b"content-length") or "").strip()
        if length and (not (length.isascii() and length.isdigit()) or len(length) > 18 or int(length) > self.limit):
            status, message = (
                (413, _too_large()) if length.isascii() and length.isdigit() else (400, "content-length: not a number")
            )
            await error_response(Request(scope), status, message)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise StarletteHTTPException(413, _too_large())
            return message

        await self.app(scope, limited, send)


def _unavailable_classes() -> tuple[type[Exception], ...]:
    """The errors that mean the database cannot be reached now (503): the Store's ``StoreUnavailable``
    and SQLAlchemy's ``OperationalError`` (a connection lost mid-call)."""
    from sqlalchemy.exc import OperationalError

    from ..storage import StoreUnavailable

    return (StoreUnavailable, OperationalError)


def _error_classes() -> list[tuple[type[Exception], int]]:
    """Exception class -> HTTP status (the Store's and the core's refusals); a handler is found by the
    exception's class hierarchy, so ``NotFound`` (a ``StoreError``) gets 404, not 422."""
    from ..charts import ChartError
    from ..entry import EntryError
    from ..liste import ListeError
    from ..moves import IllegalAction
    from ..names import PlayerNameError
    from ..rules import RuleError
    from ..session import SessionError
    from ..sheet import SheetError
    from ..storage import Conflict, NotFound, StoreError
    from ..storage.tables import Forbidden
    from .forms import FormError

    refused: list[type[Exception]] = [
        StoreError,
        ListeError,
        EntryError,
        RuleError,
        PlayerNameError,
        SheetError,
        SessionError,
        ChartError,
        FormError,
        IllegalAction,
    ]
    return [
        (NotFound, 404),
        (Forbidden, 403),
        (Conflict, 409),
        *((cls, 503) for cls in _unavailable_classes()),
        *((cls, 422) for cls in refused),
    ]


def error_response(request: Request, status: int, message: str) -> Response:
    """The answer to a refused request: JSON ``{"detail": message}`` for the API, the message alone for htmx,
    else the error page; ``message`` is made one line."""
    message = one_line(message)
    if wants_json(request):
        return JSONResponse({"detail": message}, status_code=status)
    if request.headers.get("HX-Request"):
        return Response(message, status_code=status, media_type="text/plain; charset=utf-8")
    return render(request, "error.html", {"status": status, "message": message}, status_code=status)


def validation_message(exc: RequestValidationError) -> str:
    """The first problem of a request FastAPI refused, as ``field.path: message``."""
    errors = list(exc.errors())
    if not errors:
        return "request: invalid"
    first = errors[0]
    parts: list[str] = []
    for item in first.get("loc", ()):
        if item == "body" and not parts:
            continue
        if isinstance(item, int):
            parts.append(f"[{item}]")
        else:
            parts.append(("." if parts else "") + str(item))
    where = "".join(parts) or "body"
    return f"{where}: {first.get('msg', 'invalid')}"


def _handler(status: int) -> Callable[[Request, Exception], Response]:
    """The exception handler answering ``status`` with the exception's message (503: with ``Retry-After``;
    SQLAlchemy's own message, which may name the server, is logged, not shown)."""

    def handler(request: Request, exc: Exception) -> Response:
        if status != 503:
            return error_response(request, status, str(exc))
        from .. import storage

        if isinstance(exc, storage.StoreError):
            message = str(exc)
        else:
            LOG.warning("database unavailable: %s", one_line(exc)[:500])
            message = "database: cannot be reached now"
        response = error_response(request, 503, f"{message}; try again in a moment")
        response.headers["Retry-After"] = str(RETRY_AFTER_S)
        return response

    return handler


def create_app(
    store_url: str | None = None, *, sse: StreamSettings | None = None, tables: TableSettings | None = None
) -> FastAPI:
    """The web app of the Liste on the database at ``store_url`` (``None``: the default of
    :func:`doppelkopf.storage.default_url`, ``$DOKO_DATABASE_URL`` or the SQLite file in the user's
    data folder).

    The Store is opened (and migrated) once, here; routes get it through the dependency
    :func:`doppelkopf.web.deps.get_store`. ``sse`` sets the timing of the live-list event streams, ``tables``
    the timing and limits of the online tables (:class:`doppelkopf.web.live.TableSettings`); their hub
    (:class:`doppelkopf.web.live.Hub`, ``app.state.hub``) starts and stops with the app's lifespan.

    Raises:
        doppelkopf.storage.StoreError: the database cannot be opened or migrated.
    """
    from ..storage import open_store
    from ..storage.tables import TableStore
    from .live import Hub
    from .routers import games, groups, sittings, stats
    from .routers import tables as tables_router

    store = open_store(store_url)
    table_store = TableStore(store)
    templates = make_templates()
    settings = tables or TableSettings()

    def render_view(view: dict[str, Any], lang: str = "de") -> str:  # the live table, in the viewer's language
        from ..i18n import translator
        from .deps import template_texts

        return templates.env.get_template("_table_view.html").render(view=view, **template_texts(translator(lang)))

    hub = Hub(
        store, table_store, settings, render_view, store_url=store.engine.url.render_as_string(hide_password=False)
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            from starlette.concurrency import run_in_threadpool

            from .analyses import close_analyses

            await run_in_threadpool(close_analyses, app)  # stops a running review at once (its solver process)
            await hub.stop()
        store.close()

    app = FastAPI(
        title=TITLE,
        summary="The score sheet of a Doppelkopf group: groups, sittings, games, the Liste, statistics.",
        description=(
            "Amounts are Punkte (score points) or cents, never Augen (card points) except a table entry's "
            '`augen_re`. Errors answer `{"detail": "<one line naming the field>"}`: 404 not found, 409 '
            "a game changed meanwhile (reload), 413 a body over 16 MiB, 403 a write from another site's page, "
            "422 a refused entry or request, 503 the database cannot be reached now."
        ),
        version="1",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.notifier = Notifier()
    app.state.sse = sse or StreamSettings()
    app.state.templates = templates
    app.state.tables = table_store
    app.state.table_settings = settings
    app.state.hub = hub

    for cls, status in _error_classes():
        app.add_exception_handler(cls, _handler(status))

    async def on_validation(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return error_response(request, 422, validation_message(exc))

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        detail: Any = exc.detail
        response = error_response(request, exc.status_code, str(detail))
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)

    # the last added is the outermost: headers on every answer, then the origin check, then the body limit
    app.add_middleware(BodyLimit)
    app.add_middleware(SameOrigin)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    for module in (groups, sittings, games, stats, tables_router):
        app.include_router(module.api)
        app.include_router(module.pages)

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/groups", status_code=303)

    return app
