"""What the routes share: the Store dependency, the notifier, the templates and the error texts."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from fastapi import Request
from fastapi.templating import Jinja2Templates
from starlette.responses import Response

from ..scoring import signed
from ..sheet import format_euro
from .events import Notifier
from .views import describe, trigger_doc, trigger_label

if TYPE_CHECKING:
    from ..storage import Store

HERE = Path(__file__).resolve().parent
TEMPLATES_DIR = HERE / "templates"
STATIC_DIR = HERE / "static"

MINUS = "\u2212"

#: The largest request body the app reads, in bytes (16 MiB): a JSON import (``/api/import``, the import page),
#: a records file, a rule file, an entry. :class:`doppelkopf.web.app.BodyLimit` answers 413 beyond it.
MAX_BODY_BYTES = 16 * 1024 * 1024


def get_store(request: Request) -> Store:
    """The app's one :class:`doppelkopf.storage.Store` (opened by :func:`doppelkopf.web.app.create_app`)."""
    store: Store = request.app.state.store
    return store


def get_notifier(request: Request) -> Notifier:
    """The app's :class:`~doppelkopf.web.events.Notifier` (wakes the live lists after a write)."""
    notifier: Notifier = request.app.state.notifier
    return notifier


def plain(value: int) -> str:
    """A running total as on the Liste: ``10``, ``−4`` (real minus sign)."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def date_text(value: datetime.date | datetime.datetime | None) -> str:
    """A date as a German table writes it (``24.12.2026``; with the time ``24.12.2026 21:04``)."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone()
        return value.strftime("%d.%m.%Y %H:%M")
    return value.strftime("%d.%m.%Y")


def make_templates() -> Jinja2Templates:
    """The Jinja2 templates with autoescape always on (player names and places are user input)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["euro"] = format_euro
    env.filters["signed"] = signed
    env.filters["plain"] = plain
    env.filters["date"] = date_text
    env.globals["describe"] = describe
    env.globals["trigger_label"] = trigger_label
    env.globals["trigger_doc"] = trigger_doc
    return Jinja2Templates(env=env)


def render(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> Response:
    """Template ``name`` of :data:`TEMPLATES_DIR` rendered with ``context`` (and ``request``) as an HTML answer."""
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def wants_json(request: Request) -> bool:
    """Whether an error for this request is answered as JSON (the API) rather than as a page."""
    return request.url.path.startswith("/api/") or request.url.path == "/api"
