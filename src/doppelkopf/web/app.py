"""The FastAPI application: :func:`create_app` opens the Store once and mounts the routers.

Errors from bad input never become a 500: a :class:`~doppelkopf.storage.NotFound` answers 404, a
:class:`~doppelkopf.storage.Conflict` (a game changed meanwhile) 409, a database that cannot be reached
(:class:`~doppelkopf.storage.StoreUnavailable`, SQLAlchemy's ``OperationalError``) 503, and every other
refusal of the Store, the Liste, a table entry, a rule set, a player name or a chart 422, always with a
one-line message that names the field. The JSON API (paths under ``/api/``) answers
``{"detail": "<message>"}``; the pages answer an error page (or, for htmx requests, the message alone).

The app is made for a table's local network, so it guards itself (ASGI middleware, outermost first):

* :class:`~doppelkopf.web.hosts.AllowedHosts` (inside :class:`SecurityHeaders`): a request or WebSocket whose
  ``Host`` is not one of the app's host names (``allowed_hosts``) is refused with 400 (DNS rebinding);
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
proxy the app sees https only when uvicorn trusts the proxy's ``X-Forwarded-Proto``: start it with ``doko serve
--proxy <the proxy's address>`` (uvicorn's ``--proxy-headers --forwarded-allow-ips=...``), else the cookies go
without ``Secure``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import LANGUAGES, Translator
from ..messages import N_, Text, one_line
from .deps import (
    LANGUAGE_COOKIE,
    MAX_BODY_BYTES,
    STATIC_DIR,
    make_templates,
    render,
    request_translator,
    wants_json,
)
from .events import Notifier, StreamSettings
from .hosts import AllowedHosts
from .live import TableSettings
from .origin import foreign_origin, origin_problem

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
#: How long the language switch's cookie is kept, in seconds (a year).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
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


def same_site_path(target: str) -> str:
    """``target`` when it is a path of this site (``/sittings/3?page=2``), else ``/``: no scheme, no host,
    no ``//`` or ``/\\`` start (which a browser reads as another host), no control characters.

    >>> same_site_path("/groups/2"), same_site_path("//evil.example/x"), same_site_path("https://evil.example")
    ('/groups/2', '/', '/')
    """
    if (
        not target.startswith("/")
        or target.startswith(("//", "/\\"))
        or any(ord(c) < 32 or c == "\\" for c in target)
        or len(target) > 2000
    ):
        return "/"
    return target


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
            problem = origin_problem(_header(scope, b"origin"), _header(scope, b"referer"), _header(scope, b"host"))
            if problem is not None:
                await error_response(Request(scope), 403, problem)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _too_large() -> Text:
    return Text("request body: larger than {mib} MiB", mib=MAX_BODY_BYTES // (1024 * 1024))


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
                (413, _too_large())
                if length.isascii() and length.isdigit()
                else (400, Text("content-length: not a number"))
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
                    raise StarletteHTTPException(413, _too_large())  # type: ignore[arg-type]  # translated by on_http
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
    from ..storage.members import InvitationError
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
        (InvitationError, 404),
        (Forbidden, 403),
        (Conflict, 409),
        *((cls, 503) for cls in _unavailable_classes()),
        *((cls, 422) for cls in refused),
    ]


def error_response(request: Request, status: int, message: object) -> Response:
    """The answer to a refused request in the reader's language (:func:`doppelkopf.web.deps.request_translator`):
    JSON ``{"detail": message}`` for the API, the message alone for htmx, else the error page; ``message`` (a
    text, a :class:`doppelkopf.messages.Text` or an error, translated by ``tr.text``) is made one line."""
    tr = request_translator(request)
    text = one_line(tr.text(message))
    if wants_json(request):
        return JSONResponse({"detail": text}, status_code=status, headers={"Content-Language": tr.language})
    if request.headers.get("HX-Request"):
        return Response(text, status_code=status, media_type="text/plain; charset=utf-8")
    return render(request, "error.html", {"status": status, "message": text}, status_code=status)


#: Starlette's own reasons of an HTTP error (an unknown path, a method a route does not take), translated.
HTTP_REASONS = (N_("Not Found"), N_("Method Not Allowed"), N_("Bad Request"), N_("Unprocessable Entity"))

#: What each kind of pydantic error says about the field it names (``{field}``), in the catalogue's English;
#: ``{limit}`` is the bound of the field (from pydantic's ``ctx``), ``{input}`` the value sent, cut.
VALIDATION_TEXTS: dict[str, str] = {
    "missing": N_("{field}: missing; it is required"),
    "int_parsing": N_("{field}: {input} is not a whole number"),
    "int_type": N_("{field}: {input} is not a whole number"),
    "int_from_float": N_("{field}: {input} is not a whole number"),
    "float_parsing": N_("{field}: {input} is not a number"),
    "float_type": N_("{field}: {input} is not a number"),
    "bool_parsing": N_("{field}: {input} is neither true nor false"),
    "bool_type": N_("{field}: {input} is neither true nor false"),
    "string_type": N_("{field}: {input} is not a text"),
    "string_too_short": N_("{field}: too short, at least {limit} characters"),
    "string_too_long": N_("{field}: too long, at most {limit} characters"),
    "too_short": N_("{field}: too few items, at least {limit}"),
    "too_long": N_("{field}: too many items, at most {limit}"),
    "greater_than_equal": N_("{field}: {input} is too small, at least {limit}"),
    "greater_than": N_("{field}: {input} is too small, more than {limit}"),
    "less_than_equal": N_("{field}: {input} is too large, at most {limit}"),
    "less_than": N_("{field}: {input} is too large, less than {limit}"),
    "list_type": N_("{field}: {input} is not a list"),
    "dict_type": N_("{field}: {input} is not an object"),
    "model_type": N_("{field}: {input} is not an object"),
    "model_attributes_type": N_("{field}: {input} is not an object"),
    "extra_forbidden": N_("{field}: no such field"),
    "json_invalid": N_("{field}: the body is not valid JSON"),
    "json_type": N_("{field}: the body is not valid JSON"),
    "date_parsing": N_("{field}: {input} is no date (YYYY-MM-DD)"),
    "date_from_datetime_parsing": N_("{field}: {input} is no date (YYYY-MM-DD)"),
    "date_type": N_("{field}: {input} is no date (YYYY-MM-DD)"),
    "literal_error": N_("{field}: {input} is not one of {limit}"),
    "enum": N_("{field}: {input} is not one of {limit}"),
}
#: The message of a pydantic error of a kind not in :data:`VALIDATION_TEXTS` (with pydantic's English reason).
OTHER_VALIDATION = N_("{field}: {reason}")
_LIMIT_KEYS = ("ge", "gt", "le", "lt", "min_length", "max_length", "expected")


def _where(location: tuple[Any, ...] | list[Any]) -> str:
    """A pydantic error's location as the field's path: ``("body", "players", 2)`` -> ``players[2]``."""
    parts: list[str] = []
    for item in location:
        if item == "body" and not parts:
            continue
        if item in ("query", "path", "header", "cookie", "form") and not parts:
            continue
        if isinstance(item, int):
            parts.append(f"[{item}]")
        else:
            parts.append(("." if parts else "") + str(item))
    return "".join(parts) or "body"


def validation_text(error: Any) -> Text:
    """One pydantic error (an item of ``RequestValidationError.errors()``) as a :class:`Text` that names the
    field and says why, in the words of :data:`VALIDATION_TEXTS` (translated when shown)."""
    from ..jsonutil import short_repr

    field = _where(error.get("loc", ()))
    ctx = error.get("ctx") or {}
    limit = next((ctx[key] for key in _LIMIT_KEYS if key in ctx), "")
    shown = short_repr(error.get("input"))
    template = VALIDATION_TEXTS.get(str(error.get("type", "")))
    if template is None:
        # a model's own check (``value_error``: its ValueError, a TextError translated where it is one) or a
        # kind without words of its own: pydantic's reason
        reason: object = ctx.get("error") if isinstance(ctx.get("error"), BaseException) else error.get("msg", "")
        if not isinstance(reason, BaseException):
            reason = str(reason).removeprefix("Value error, ") or "invalid"
        return Text(OTHER_VALIDATION, field=field, reason=reason)
    return Text(template, field=field, input=shown, limit=str(limit))


def validation_message(exc: RequestValidationError, tr: Translator | None = None) -> str:
    """The problems of a request FastAPI refused, each as ``field.path: why`` (``tr``'s language; English
    without one), joined by ``; `` (at most three, then how many more)."""
    errors = list(exc.errors())
    texts = [validation_text(error) for error in errors]
    show = tr.text if tr is not None else str
    if not texts:
        return show(Text("request: invalid"))
    shown = [show(text) for text in texts[:3]]
    if len(texts) > 3:
        shown.append(show(Text("and {count} more", count=len(texts) - 3)))
    return "; ".join(shown)


def _handler(status: int) -> Callable[[Request, Exception], Response]:
    """The exception handler answering ``status`` with the exception's message (503: with ``Retry-After``;
    SQLAlchemy's own message, which may name the server, is logged, not shown)."""

    def handler(request: Request, exc: Exception) -> Response:
        if status != 503:
            from .forms import shown

            return error_response(request, status, shown(exc))
        from .. import storage

        message: object
        if isinstance(exc, storage.StoreError):
            message = exc
        else:
            LOG.warning("database unavailable: %s", one_line(exc)[:500])
            message = Text("database: cannot be reached now")
        response = error_response(request, 503, Text("{message}; try again in a moment", message=message))
        response.headers["Retry-After"] = str(RETRY_AFTER_S)
        return response

    return handler


def create_app(
    store_url: str | None = None,
    *,
    sse: StreamSettings | None = None,
    tables: TableSettings | None = None,
    open_access: bool = False,
    allowed_hosts: Sequence[str] | None = None,
) -> FastAPI:
    """The web app of the Liste on the database at ``store_url`` (``None``: the default of
    :func:`doppelkopf.storage.default_url`, ``$DOKO_DATABASE_URL`` or the SQLite file in the user's
    data folder).

    The Store is opened (and migrated) once, here; routes get it through the dependency
    :func:`doppelkopf.web.deps.get_store`. ``sse`` sets the timing of the live-list event streams, ``tables``
    the timing and limits of the online tables (:class:`doppelkopf.web.live.TableSettings`); their hub
    (:class:`doppelkopf.web.live.Hub`, ``app.state.hub``) starts and stops with the app's lifespan.
    ``allowed_hosts``: the host names the app answers to (``Host`` header, without port; ``*.example.org`` every
    subdomain); ``None``: this machine's own names (:func:`doppelkopf.web.hosts.machine_hosts`); any other host
    is refused with 400 (:class:`doppelkopf.web.hosts.AllowedHosts`).

    Only members see a group's data (:mod:`doppelkopf.web.auth`; the server is claimed by its owner with the
    link of :meth:`doppelkopf.storage.members.Members.setup_token`, which ``doko serve`` prints); with
    ``open_access=True`` (``doko serve --open``, for a trusted network) every request may do everything, as
    before members existed. ``allowed_hosts``: the host names the app answers (``None``: this machine's).

    Raises:
        doppelkopf.storage.StoreError: the database cannot be opened or migrated.
    """
    from fastapi import Depends

    from ..storage import open_store
    from ..storage.members import Members
    from ..storage.tables import TableStore
    from .auth import AttemptLimit, TooManyAttempts, guard
    from .live import Hub
    from .routers import games, groups, members, passkeys, pwa, sittings, stats
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
    app.state.open_access = open_access
    app.state.members = Members(store)
    app.state.attempts = AttemptLimit()
    app.state.allowed_hosts = tuple(allowed_hosts) if allowed_hosts is not None else None

    for cls, status in _error_classes():
        app.add_exception_handler(cls, _handler(status))

    async def on_validation(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return error_response(request, 422, validation_message(exc, request_translator(request)))

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        detail: Any = exc.detail
        response = error_response(request, exc.status_code, detail)
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def on_attempts(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, TooManyAttempts)
        response = error_response(request, 429, exc.args[0])
        response.headers["Retry-After"] = str(exc.wait_s)
        return response

    app.add_exception_handler(TooManyAttempts, on_attempts)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)

    # the last added is the outermost: headers on every answer, then the origin check, then the body limit
    app.add_middleware(BodyLimit)
    app.add_middleware(SameOrigin)
    app.add_middleware(AllowedHosts, allowed_hosts=app.state.allowed_hosts, answer=error_response)  # DNS rebinding
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    # a group's routes answer only its members (doppelkopf.web.auth.guard); the online tables check their own
    for module in (groups, sittings, games, stats, members, passkeys):
        app.include_router(module.api, dependencies=[Depends(guard)])
        app.include_router(module.pages, dependencies=[Depends(guard)])
    for module in (tables_router, pwa):
        app.include_router(module.api)
        app.include_router(module.pages)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def home(request: Request) -> Response:
        """The start page: the groups (``HEAD /`` answers with the same headers and no body)."""
        from .routers.groups import groups_page

        return groups_page(request, request.app.state.store)

    @app.get("/lang/{code}", include_in_schema=False)
    def choose_language(code: str, next: str = "/") -> RedirectResponse:
        """The language switch of every page: remembers ``code`` (``de``, ``en``) in the ``lang`` cookie for a
        year and goes back to ``next``, a path of this site only (anything else: the start page)."""
        response = RedirectResponse(same_site_path(next), status_code=303)
        if code in LANGUAGES:
            response.set_cookie(LANGUAGE_COOKIE, code, max_age=LANGUAGE_COOKIE_AGE, samesite="lax", httponly=True)
        return response

    return app
