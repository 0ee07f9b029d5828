"""What the routes share: the Store dependency, the notifier, the templates and the error texts."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from fastapi import Request
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from starlette.responses import Response

from ..i18n import Translator, negotiate, translator
from ..scoring import signed
from .events import Notifier
from .views import describe, trigger_doc, trigger_label

if TYPE_CHECKING:
    from ..storage import Store

HERE = Path(__file__).resolve().parent
TEMPLATES_DIR = HERE / "templates"
STATIC_DIR = HERE / "static"

MINUS = "\u2212"
#: The cookie that keeps the language a reader chose with the switch on every page.
LANGUAGE_COOKIE = "lang"

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


def input_date(value: datetime.date | None, language: str) -> str:
    """A date as a date field of the pages holds it, in the form :func:`doppelkopf.web.forms.parse_date` reads:
    ``24.12.2026`` in German, ``2026-12-24`` in English; ``""`` for ``None``."""
    if value is None:
        return ""
    return value.strftime("%d.%m.%Y") if language == "de" else value.isoformat()


def date_hint(language: str) -> str:
    """How a date field wants its date: ``TT.MM.JJJJ`` / ``YYYY-MM-DD`` (the placeholder, in the reader's letters)."""
    return "TT.MM.JJJJ" if language == "de" else "YYYY-MM-DD"


def request_language(request: Request) -> str:
    """The language of the answer to ``request``: the reader's choice (the ``lang`` cookie set by the switch
    on every page), else the browser's ``Accept-Language``, else German (:func:`doppelkopf.i18n.negotiate`)."""
    return negotiate(request.headers.get("accept-language"), request.cookies.get(LANGUAGE_COOKIE))


def request_translator(request: Request) -> Translator:
    """The :class:`doppelkopf.i18n.Translator` of the request's language (:func:`request_language`)."""
    return translator(request_language(request))


def template_texts(tr: Translator) -> dict[str, Any]:
    """What every template gets for its language: ``tr`` (the translator: ``tr.money``, ``tr.date`` ...),
    ``lang``, and the gettext callables of Jinja2's i18n extension (``{% trans %}``, ``_()``), new style:
    ``_("%(name)s won", name=...)`` fills its fields after translating, escaping them."""

    @jinja2.pass_context
    def gettext(context: Any, message: str, **fields: Any) -> str:
        text = tr.gettext(message)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % fields if fields else text

    @jinja2.pass_context
    def ngettext(context: Any, singular: str, plural: str, n: int, **fields: Any) -> str:
        fields.setdefault("num", n)
        text = tr.ngettext(singular, plural, n)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % fields

    @jinja2.pass_context
    def pgettext(context: Any, message_context: str, message: str, **fields: Any) -> str:
        text = tr.pgettext(message_context, message)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % fields if fields else text

    return {
        "tr": tr,
        "lang": tr.language,
        "gettext": gettext,
        "ngettext": ngettext,
        "pgettext": pgettext,
        "_": gettext,
        "date_hint": date_hint(tr.language),
    }


def _translator_of(context: Any) -> Translator:
    """The page's translator (``tr`` of :func:`template_texts`), German where a template has none."""
    tr = context.get("tr")
    return tr if isinstance(tr, Translator) else translator("de")


@jinja2.pass_context
def money_filter(context: Any, cents: int) -> str:
    """``{{ cents | euro }}``: cents as the page's language writes money (``0,40 €`` / ``€0.40``)."""
    return _translator_of(context).money(cents)


@jinja2.pass_context
def date_filter(context: Any, value: datetime.date | datetime.datetime | None) -> str:
    """``{{ d | date }}``: a date (a date-time with its time) as the page's language writes it."""
    return _translator_of(context).date(value, time=isinstance(value, datetime.datetime))


@jinja2.pass_context
def text_filter(context: Any, value: object) -> str:
    """``{{ error | text }}``: a message, an error or a marked label in the page's language (``tr.text``)."""
    return _translator_of(context).text(value)


def make_templates() -> Jinja2Templates:
    """The Jinja2 templates with autoescape always on (player names and places are user input) and Jinja2's
    i18n extension (new-style gettext); :func:`render` gives each page the callables of its language."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["euro"] = money_filter
    env.filters["signed"] = signed
    env.filters["plain"] = plain
    env.filters["date"] = date_filter
    env.filters["text"] = text_filter
    env.globals["describe"] = describe
    env.globals["trigger_label"] = trigger_label
    env.globals["trigger_doc"] = trigger_doc
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]  # replaced per page by render()
    return Jinja2Templates(env=env)


def render(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> Response:
    """Template ``name`` of :data:`TEMPLATES_DIR` rendered with ``context`` (and ``request``) as an HTML answer."""
    templates: Jinja2Templates = request.app.state.templates
    context = {
        **template_texts(request_translator(request)),
        "who": _who(request),
        "here_path": here_path(request),
        **context,
    }
    response = templates.TemplateResponse(request, name, context, status_code=status_code)
    response.headers["Content-Language"] = request_language(request)
    return response


def here_path(request: Request) -> str:
    """Where the language switch of a page goes back to: the page's own path (with its query) when it answered
    a GET; after a form (a POST, whose path may answer no GET) the page the form was on (the ``Referer``'s path,
    on this host), else the path posted to."""
    if request.method in ("GET", "HEAD"):
        query = request.url.query
        return request.url.path + ("?" + query if query else "")
    from urllib.parse import urlsplit

    referer = urlsplit(request.headers.get("referer", ""))
    if referer.netloc and referer.netloc == request.headers.get("host") and referer.path.startswith("/"):
        return referer.path + ("?" + referer.query if referer.query else "")
    return request.url.path


def _who(request: Request) -> Any:
    """The request's :class:`~doppelkopf.storage.members.Access` for the page's header (``None`` when it cannot
    be read now: an error page while the database is away)."""
    from .auth import request_access

    try:
        return request_access(request)
    except Exception:  # noqa: BLE001 - the header only; the page says what went wrong
        return None


def wants_json(request: Request) -> bool:
    """Whether an error for this request is answered as JSON (the API) rather than as a page."""
    return request.url.path.startswith("/api/") or request.url.path == "/api"
