"""Sittings (one evening each) and their live Liste.

API: ``GET/POST /api/groups/{id}/sittings``, ``GET /api/sittings/{id}``, ``GET /api/sittings/{id}/liste``
(the whole list with its settlement), ``GET /api/sittings/{id}/liste/pages/{page}``, ``GET
/api/sittings/{id}/form`` (what the entry form offers under the sitting's rules), ``GET
/api/sittings/{id}/export.csv``.
Pages: ``POST /groups/{id}/sittings`` (the new-sitting form), ``/sittings/{id}`` (the live list),
``/sittings/{id}/liste`` (the list fragment the page reloads), ``/sittings/{id}/events`` (server-sent
events: ``changed`` on every change of the sitting), ``/sittings/{id}/export.csv``,
``/sittings/{id}/rules.toml`` (its rule set as stored).
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from ...liste import SIT_OUT, entry_form
from ...messages import N_, Text
from ...rulefile import rules_from_text
from ...rules import RuleSet
from ...storage import StoreError
from ..deps import get_notifier, render, request_translator
from ..events import version_events
from ..forms import FormError, parse_date
from ..models import EntryFormOut, ListeOut, ListePageOut, SittingIn, SittingOut, from_info, liste_out
from ..views import liste_context
from .common import (
    MAX_ID,
    Conflict,
    GroupId,
    NotFound,
    PageNumber,
    SittingId,
    Store,
    StoreDep,
    group_page_context,
    shown_error,
    sitting_out,
    uploaded_rules,
)

api = APIRouter(prefix="/api", tags=["sittings"])
pages = APIRouter(include_in_schema=False)

#: The page of the list a page shows (``None``: the newest games).
PageQuery = Annotated[int | None, Query(ge=-MAX_ID, le=MAX_ID)]
#: Games per page of the list in the browser (the newest page is shown first).
PER_PAGE = 50
#: How often ``GET /api/sittings/{id}/liste`` reads the list when a game changes while it reads it.
LISTE_TRIES = 3


def sitting_version(store: Store, sitting_id: int) -> int:
    """The sitting's version by the Store's cheap ``version`` read (one column of one row) where it has one,
    else from its ``SittingInfo``. Raises NotFound, StoreUnavailable."""
    version = getattr(store, "version", None)
    if callable(version):
        return int(version(sitting_id))
    return store.sitting(sitting_id).version


# -- API ------------------------------------------------------------------------------------------


@api.get("/groups/{group_id}/sittings", response_model=list[SittingOut])
def list_sittings(group_id: GroupId, store: StoreDep) -> list[SittingOut]:
    """The group's sittings by date, oldest first, each with its players, rules name, rate (cents per Punkt),
    version and number of games."""
    return [sitting_out(s) for s in store.sittings(group_id)]


@api.post("/groups/{group_id}/sittings", response_model=SittingOut, status_code=201)
def create_sitting(group_id: GroupId, body: SittingIn, store: StoreDep) -> SittingOut:
    """A new sitting: players in seating order (4..7, the first deals first), a preset or a rule file's TOML
    (``rules_toml``, at most 256 KiB in UTF-8, checked before it is parsed; a bad one is a 422 naming
    ``rules_toml``; an edited preset is named ``<preset> (changed)``, see
    :func:`doppelkopf.rulefile.rules_from_text`), cents per Punkt, date, place and who sits out at a table of
    five to seven."""
    rules: RuleSet | str = body.rules if body.rules_toml is None else rules_from_text(body.rules_toml, "rules_toml")
    info = store.create_sitting(
        group_id,
        body.players,
        rules,
        cents_per_point=body.cents_per_point,
        date=body.date,
        place=body.place,
        sit_out=body.sit_out,
    )
    return sitting_out(info)


@api.get("/sittings/{sitting_id}", response_model=SittingOut)
def get_sitting(sitting_id: SittingId, store: StoreDep) -> SittingOut:
    """The sitting: players, rules name, rate (cents per Punkt), date, place, version and number of games."""
    return sitting_out(store.sitting(sitting_id))


@api.get("/sittings/{sitting_id}/liste", response_model=ListeOut)
def get_liste(sitting_id: SittingId, store: StoreDep) -> ListeOut:
    """The whole Liste: rows with running totals and Bock, Bock games owed, Pflichtsolo owed, the next game
    (dealer, who sits out), each player's money (cents) and the settlement at the sitting's rate.

    ``version`` is the version the rows are of: the Store reads the sitting and the list in two transactions,
    so the version is read before the list and again after it, and the list is read again when a game changed
    in between (after three tries a 409: try again)."""
    for _ in range(LISTE_TRIES):
        sitting = store.sitting(sitting_id)
        liste = store.liste(sitting_id)
        if sitting_version(store, sitting_id) == sitting.version:
            return liste_out(sitting, liste)
    raise Conflict("sitting {sitting}: the list changed while it was read; try again", sitting=sitting_id)


@api.get("/sittings/{sitting_id}/liste/pages/{page}", response_model=ListePageOut)
def get_liste_page(
    sitting_id: SittingId, page: PageNumber, store: StoreDep, per_page: Annotated[int, Query(ge=1, le=1000)] = PER_PAGE
) -> ListePageOut:
    """One page of the Liste read from the stored rows in one transaction (fast for long lists; ``-1`` is the
    last page): rows oldest first, each with the game version a correction needs, and the sitting (with its
    version), the totals, Bock games owed and the next game as of these rows."""
    return from_info(ListePageOut, store.liste_page(sitting_id, page, per_page))


@api.get("/sittings/{sitting_id}/form", response_model=EntryFormOut)
def get_entry_form(sitting_id: SittingId, store: StoreDep) -> EntryFormOut:
    """What a game entry may hold under the sitting's rules (``doppelkopf.liste.entry_form``): game types,
    announcements, Sonderpunkte kinds, Bock events, Pflichtsolo, the limits (Augen of Re, Punkte of a quick
    entry, tricks, Sonderpunkte per kind in one game) and the choices of who sits out."""
    return EntryFormOut(**entry_form(store.rules(sitting_id)))


@api.get("/sittings/{sitting_id}/export.csv")
def export_csv(sitting_id: SittingId, store: StoreDep) -> Response:
    """The sitting's Liste as CSV: number, label, Bock multiplier, each player's Punkte, each running total."""
    return Response(store.export_csv(sitting_id), media_type="text/csv; charset=utf-8")


# -- pages ----------------------------------------------------------------------------------------


def _date(text: str) -> datetime.date | None:
    return parse_date(text, "date")


def _cents(text: str) -> int:
    text = text.strip()
    if not text.isdigit() or len(text) > 6:
        raise FormError("cents_per_point", Text("{text} is no whole number of cents", text=repr(text[:20])))
    return int(text)


@pages.post("/groups/{group_id}/sittings")
async def create_sitting_page(request: Request, group_id: GroupId, store: StoreDep) -> Response:
    """A new sitting from the form (a preset or an uploaded rule file, see :func:`.common.uploaded_rules`); to its
    list, or the form again."""
    form = await request.form()
    values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    players = [str(form.get(f"seat{i}", "")).strip() for i in range(7)]
    players = [name for name in players if name]
    try:
        rules: RuleSet | str = await uploaded_rules(form.get("rules_file")) or str(form.get("rules", "ddv") or "ddv")
        date = _date(values.get("date", ""))
        cents = _cents(values.get("cents_per_point", "10") or "10")
        info = await run_in_threadpool(
            store.create_sitting,
            group_id,
            players,
            rules,
            cents_per_point=cents,
            date=date,
            place=values.get("place", ""),
            sit_out=values.get("sit_out", "dealer") or "dealer",
        )
    except ValueError as exc:
        if isinstance(exc, NotFound):
            raise
        context = await run_in_threadpool(group_page_context, store, group_id, request_translator(request))
        field, message = shown_error(exc, request_translator(request))
        context.update(error=message, values=values, error_field=field)
        return render(request, "group.html", context, status_code=422)
    return RedirectResponse(f"/sittings/{info.id}", status_code=303)


def _liste_page_context(store: Store, sitting_id: int, page: int | None) -> dict[str, Any]:
    data = None
    if page is not None and page >= 1:
        try:
            data = store.liste_page(sitting_id, page, PER_PAGE)
        except NotFound:  # beyond the list (or no such sitting: then the next call says so)
            data = None
    if data is None:
        data = store.liste_page(sitting_id, -1, PER_PAGE)  # the newest games
    context = liste_context(data)
    context["explicit_page"] = page
    context["rules"] = store.rules(sitting_id)  # the page lists every option (RuleSet.describe)
    context["pflichtsolo_rule"] = context["rules"].pflichtsolo
    context["flash"] = False
    context["highlight"] = 0
    return context


#: The notices of the list page after a write (``?saved=5``, ``?corrected=5``, ``?deleted=5``: the game's number).
NOTICES = {
    "saved": N_("Game {number} saved"),
    "corrected": N_("Game {number} corrected"),
    "deleted": N_("Game {number} deleted"),
}
GameQuery = Annotated[int | None, Query(ge=1, le=MAX_ID)]


@pages.get("/sittings/{sitting_id}")
def sitting_page(
    request: Request,
    sitting_id: SittingId,
    store: StoreDep,
    page: PageQuery = None,
    saved: GameQuery = None,
    corrected: GameQuery = None,
    deleted: GameQuery = None,
) -> Response:
    """The live list of a sitting (its newest page, or ``?page=``), updated by its event stream; after a write
    the notice of it (``?saved=N``, ``?corrected=N``, ``?deleted=N``) and the game marked."""
    context = _liste_page_context(store, sitting_id, page)
    tr = request_translator(request)
    notice, highlight = "", 0
    for key, number in (("saved", saved), ("corrected", corrected), ("deleted", deleted)):
        if number is not None:
            notice = tr.text(Text(NOTICES[key], number=number))
            highlight = number if key != "deleted" else 0
    context["notice"] = notice
    context["highlight"] = highlight
    sitting = context["sitting"]
    context["group"] = store.group(sitting.group_id)
    context["sit_out_doc"] = SIT_OUT.get(sitting.sit_out, "")
    return render(request, "sitting.html", context)


@pages.get("/sittings/{sitting_id}/liste")
def liste_fragment(request: Request, sitting_id: SittingId, store: StoreDep, page: PageQuery = None) -> Response:
    """The list alone (``_liste.html``), as the live page fetches it after a ``changed`` event."""
    context = _liste_page_context(store, sitting_id, page)
    context["flash"] = True
    return render(request, "_liste.html", context)


@pages.get("/sittings/{sitting_id}/events")
async def sitting_events(
    request: Request, sitting_id: SittingId, store: StoreDep, v: Annotated[int | None, Query(ge=0, le=MAX_ID)] = None
) -> StreamingResponse:
    """Server-sent events: ``event: changed`` (data and id: the new version) whenever the sitting's
    version differs from the one the client saw (``?v=`` or the ``Last-Event-ID`` of a reconnect). The
    periodic check reads only the version (:func:`sitting_version`), never the list."""
    current = await run_in_threadpool(sitting_version, store, sitting_id)  # 404 before the stream starts
    seen: int | None = current if v is None else v
    last = request.headers.get("last-event-id", "").strip()
    if last.isdigit() and len(last) < 12:
        seen = int(last)

    async def read_version() -> int | None:
        try:
            return await run_in_threadpool(sitting_version, store, sitting_id)
        except StoreError:  # the sitting is gone, or the database away: the browser reconnects later
            return None

    stream = version_events(
        sitting_id, seen, read_version, request.is_disconnected, get_notifier(request), request.app.state.sse
    )
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


@pages.get("/sittings/{sitting_id}/export.csv")
def export_csv_file(sitting_id: SittingId, store: StoreDep) -> Response:
    """The sitting's Liste as a CSV file to download."""
    sitting = store.sitting(sitting_id)
    return Response(
        store.export_csv(sitting_id),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="liste-{sitting.date.isoformat()}-{sitting.id}.csv"'},
    )


@pages.get("/sittings/{sitting_id}/rules.toml")
def rules_file(sitting_id: SittingId, store: StoreDep) -> Response:
    """The sitting's rule set as stored with it (TOML; ``doko simulate --rules FILE`` reads it)."""
    return Response(store.rules_text(sitting_id), media_type="text/plain; charset=utf-8")
