"""The FastAPI application: :func:`create_app` opens the Store once and mounts the routers.

Errors from bad input never become a 500: a :class:`~doppelkopf.storage.NotFound` answers 404, a
:class:`~doppelkopf.storage.Conflict` (a game changed meanwhile) 409, and every other refusal of the
Store, the Liste, a table entry, a rule set or a player name 422, always with a one-line message that
names the field. The JSON API (paths under ``/api/``) answers ``{"detail": "<message>"}``; the pages
answer an error page (or, for htmx requests, the message alone).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .deps import STATIC_DIR, make_templates, render, wants_json
from .events import Notifier, StreamSettings

TITLE = "Doppelkopf – die Liste"

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


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP answer that has none of its own (a pure
    ASGI wrapper: the live list's event stream passes through unbuffered)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or str(scope.get("path", "")).startswith(DOCS_PATHS):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend((name, value) for name, value in SECURITY_HEADERS if name not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def _error_classes() -> list[tuple[type[Exception], int]]:
    """Exception class -> HTTP status, most specific first (the Store's, the core's refusals)."""
    from ..entry import EntryError
    from ..liste import ListeError
    from ..names import PlayerNameError
    from ..rules import RuleError
    from ..session import SessionError
    from ..sheet import SheetError
    from ..storage import Conflict, NotFound, StoreError

    return [
        (NotFound, 404),
        (Conflict, 409),
        (StoreError, 422),
        (ListeError, 422),
        (EntryError, 422),
        (RuleError, 422),
        (PlayerNameError, 422),
        (SheetError, 422),
        (SessionError, 422),
    ]


def one_line(text: object) -> str:
    """``text`` as a single line (a message shown in a page or a JSON ``detail``)."""
    return " ".join(str(text).split())


def error_response(request: Request, status: int, message: str) -> Response:
    """The answer to a refused request: JSON for the API, the message for htmx, else an error page."""
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


def create_app(store_url: str | None = None, *, sse: StreamSettings | None = None) -> FastAPI:
    """The web app of the Liste on the database at ``store_url`` (``None``: the default of
    :func:`doppelkopf.storage.default_url`, ``$DOKO_DATABASE_URL`` or the SQLite file in the user's
    data folder).

    The Store is opened (and migrated) once, here; routes get it through the dependency
    :func:`doppelkopf.web.deps.get_store`. ``sse`` sets the timing of the live-list event streams.

    Raises:
        doppelkopf.storage.StoreError: the database cannot be opened or migrated.
    """
    from ..storage import open_store
    from .routers import games, groups, sittings, stats

    store = open_store(store_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        close = getattr(store, "close", None)
        if callable(close):
            close()

    app = FastAPI(
        title=TITLE,
        summary="The score sheet of a Doppelkopf group: groups, sittings, games, the Liste, statistics.",
        version="1",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.notifier = Notifier()
    app.state.sse = sse or StreamSettings()
    app.state.templates = make_templates()

    for cls, status in _error_classes():

        def handler(request: Request, exc: Exception, status: int = status) -> Response:
            return error_response(request, status, str(exc))

        app.add_exception_handler(cls, handler)

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

    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    for module in (groups, sittings, games, stats):
        app.include_router(module.api)
        app.include_router(module.pages)

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/groups", status_code=303)

    return app
