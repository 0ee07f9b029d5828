"""The online tables: the lobby, a table's page, its host's controls, and the WebSocket of the play.

API: ``GET/POST /api/tables``, ``GET /api/tables/{id}``, ``POST /api/tables/{id}/seats/{seat}/claim``,
``POST /api/tables/{id}/seats/{seat}`` (host: a seat's name or computer player, in the lobby),
``POST /api/tables/{id}/start|pause|resume|end`` (host), ``POST /api/tables/{id}/show-hand`` (a seat's consent
that spectators see its hand). Tokens travel in the header ``X-Doko-Token`` (or the cookies of the pages).
Pages: ``/tables`` (lobby and the new-table form), ``/tables/{id}`` (``?invite=``: the invite link; ``?watch=``:
a seat's Kiebitz link), the same POST routes without ``/api`` (forms: answer 303 back to the table),
``GET /tables/{id}/seat?token=`` (move a seat to another device: a confirmation page whose form,
``POST /tables/{id}/seat``, sets the seat's cookie; a link alone never replaces a browser's seat),
``GET /tables/{id}/analysis/{deal}`` (the solver's review of a finished game, for a table created with the
option ``analysis``: a fragment the table view loads with htmx, a loading state while it is computed).

Who sees a table: a listed one, everyone (the lobby lists it). An unlisted one only the holder of a seat's token,
the host, whoever opened its invite link (``?invite=`` once; the cookie ``doko_invite_{id}`` keeps it) or a
seat's Kiebitz link; everyone else gets ``404 table N: not found``, as for a table that does not exist.

A spectator sees a player's hand only when the player consents (``show-hand``) AND the spectator came by that
player's Kiebitz link (``?watch=``; the cookie ``doko_watch_{id}`` keeps it): a player of the table who opens it
in another window as a spectator sees no other hand.

Cookies: ``doko_seat_{id}`` (the seat's token), ``doko_host_{id}`` (the host's token), ``doko_invite_{id}``,
``doko_watch_{id}``; all HttpOnly, SameSite=Lax, Path=/, and ``Secure`` when the request came by https. Behind a
TLS proxy the app sees https only when uvicorn trusts the proxy's headers: run ``uvicorn --proxy-headers
--forwarded-allow-ips=<proxy>`` there (``doko serve`` behind a proxy likewise), else the cookies go without
``Secure``. Every table page and table JSON answer carries ``Cache-Control: no-store`` (they hold tokens, hands).

The WebSocket ``/tables/{id}/ws`` (``?format=html`` (default) or ``json``; ``?lang=de|en``: the language of its
views and errors, else the ``lang`` cookie or ``Accept-Language``): the seat's token comes from the
header ``X-Doko-Token``, the query ``?token=`` or the cookie ``doko_seat_{id}``. Browsers use the cookie (they can
set no header on a WebSocket, and a token in a URL may end up in logs); the header and the query are for clients
without cookies (the bench, other programs). See :mod:`doppelkopf.web.live` for the messages. A connection from
another site's page (its ``Origin`` names another host than ``Host``) is closed with 1008 before it is accepted;
more than ``conns_per_table`` connections of one address to one table (or ``conns_per_address`` in all) too.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, Header, HTTPException, Path, Query, Request, WebSocket
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from ...i18n import negotiate
from ...messages import N_, Text
from ...online import BOT_LEVELS
from ...rulefile import rules_from_text
from ...rules import PRESETS, RuleSet
from ...storage import NotFound, StoreError
from ...storage.members import OPEN, Access
from ...storage.tables import Forbidden, TableInfo, TableStore
from ..analyses import get_analyses
from ..auth import get_members, request_access
from ..deps import LANGUAGE_COOKIE, render, request_language, request_translator
from ..forms import FormError
from ..live import CLOSE_NOT_FOUND, CLOSE_POLICY, Hub, message_of, refuse
from ..origin import foreign_origin
from ..table_models import (
    ClaimIn,
    ClaimOut,
    CreatedOut,
    SeatSetIn,
    ShowHandIn,
    TableIn,
    TableOut,
    table_out,
)
from .common import MAX_ID, uploaded_rules

if TYPE_CHECKING:
    from ...game import Game

api = APIRouter(prefix="/api", tags=["tables"])
pages = APIRouter(include_in_schema=False)

TableId = Annotated[int, Path(ge=1, le=MAX_ID, description="The table's id.")]
SeatNumber = Annotated[int, Path(ge=0, le=3, description="The seat 0..3 (0 deals first).")]
TokenHeader = Annotated[str | None, Header(alias="X-Doko-Token", max_length=200)]

#: The host's controls: path word -> the table's new status.
HOST_STATUS = {"pause": "paused", "resume": "playing", "end": "ended"}
#: What the lobby and the page call a table's status.
STATUS_LABELS = {
    "lobby": N_("waiting for players"),
    "playing": N_("playing"),
    "paused": N_("paused"),
    "ended": N_("table ended"),
}
#: Pace (milliseconds between computer players' moves) offered by the form.
PACES = {400: N_("fast"), 800: N_("normal"), 1500: N_("leisurely")}


def form_error(field: str, reason: Text) -> FormError:
    """A :class:`~doppelkopf.web.forms.FormError` of ``field`` whose message is translatable (its first
    argument the :class:`~doppelkopf.messages.Text` ``field: reason``, which :func:`message_of` finds)."""
    error = FormError(field, str(reason))
    error.args = (Text("{field}: {reason}", field=field, reason=reason),)
    return error


def seat_cookie(table_id: int) -> str:
    """The name of the cookie holding the seat token of table ``table_id``."""
    return f"doko_seat_{table_id}"


def host_cookie(table_id: int) -> str:
    """The name of the cookie holding the host token of table ``table_id``."""
    return f"doko_host_{table_id}"


def invite_cookie(table_id: int) -> str:
    """The name of the cookie holding the invite of (unlisted) table ``table_id``, once its link was opened."""
    return f"doko_invite_{table_id}"


def watch_cookie(table_id: int) -> str:
    """The name of the cookie holding a seat's watch token (its Kiebitz link) of table ``table_id``."""
    return f"doko_watch_{table_id}"


def not_found(table_id: int) -> NotFound:
    """The answer for a table that does not exist or that the client may not see (the same words: an unlisted
    table's existence is not confirmed)."""
    return NotFound(Text("table {id}: not found", id=table_id))


def may_see(
    tables: TableStore,
    info: TableInfo,
    *,
    seat_token: str | None = None,
    host_token: str | None = None,
    invite: str | None = None,
    watch: str | None = None,
    access: Access = OPEN,
) -> bool:
    """Whether a client with these (possibly missing or wrong) secrets may see table ``info``: a listed table
    when ``access`` may read the table's group (anyone on an open server); any table with a seat's token, the
    host's token, the invite, or a seat's watch token."""
    if info.listed and access.reads(info.group_id):
        return True
    if seat_token and tables.seat_of(info.id, seat_token) is not None:
        return True
    if host_token and tables.is_host(info.id, host_token):
        return True
    if invite and tables.check_invite(info.id, invite):
        return True
    return bool(watch) and tables.watched_seat(info.id, watch) is not None


async def visible_table(
    request: Request, table_id: int, header: str | None = None, invite: str | None = None, watch: str | None = None
) -> TableInfo:
    """The table, if this request may see it (:func:`may_see` with the header token, the cookies and the
    ``invite``/``watch`` given); raises NotFound ("table N: not found") otherwise."""
    tables = get_tables(request)
    cookies = request.cookies
    info = await run_in_threadpool(tables.table, table_id)
    access = await run_in_threadpool(request_access, request)
    if info.listed and access.reads(info.group_id):
        return info
    allowed = await run_in_threadpool(
        lambda: (
            may_see(tables, info, seat_token=header, host_token=header, access=access)
            or may_see(
                tables,
                info,
                seat_token=cookies.get(seat_cookie(table_id)),
                host_token=cookies.get(host_cookie(table_id)),
                invite=invite or cookies.get(invite_cookie(table_id)),
                watch=watch or cookies.get(watch_cookie(table_id)),
                access=access,
            )
        )
    )
    if not allowed:
        raise not_found(table_id)
    return info


def get_tables(request: HTTPConnection) -> TableStore:
    """The app's :class:`~doppelkopf.storage.tables.TableStore`."""
    tables: TableStore = request.app.state.tables
    return tables


def get_hub(app: Any) -> Hub:
    """The app's :class:`~doppelkopf.web.live.Hub`."""
    hub: Hub = app.state.hub
    return hub


def _set_cookie(response: Response, name: str, value: str, request: Request) -> None:
    response.set_cookie(
        name,
        value,
        httponly=True,
        samesite="lax",
        path="/",
        secure=request.url.scheme == "https",
        max_age=60 * 60 * 24 * 30,
    )


def _token(request: Request, header: str | None, cookie: str) -> str | None:
    return header or request.cookies.get(cookie) or None


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


def _check_create_rate(request: Request) -> None:
    if not get_hub(request.app).allow_create(_address(request)):
        limit = get_hub(request.app).settings.creates_per_minute
        reason = Text("tables: at most {limit} new tables a minute; try again later", limit=limit)
        raise HTTPException(429, request_translator(request).text(reason))


def _check_claim_rate(request: Request) -> None:
    if not get_hub(request.app).allow_claim(_address(request)):
        limit = get_hub(request.app).settings.claims_per_minute
        reason = Text("seats: at most {limit} seats taken a minute from one address; try again later", limit=limit)
        raise HTTPException(429, request_translator(request).text(reason))


#: The answer to a seed when the server does not take one (TableSettings.allow_seed off).
SEED_REFUSED = Text("not accepted by this server (a seeded deal would let its creator know every hand)")


def _check_seed(request: Request, seed: int | None) -> None:
    if seed is not None and not get_hub(request.app).settings.allow_seed:
        raise form_error("seed", SEED_REFUSED)


# -- what API and forms share -------------------------------------------------------------------------


def _check_levels(seats: list[tuple[str | None, str | None]]) -> None:
    for number, (_, bot) in enumerate(seats):
        if bot is not None and bot not in BOT_LEVELS:
            raise form_error(
                f"seats[{number}].bot",
                Text("{bot} is no computer player; levels: {levels}", bot=repr(bot[:40]), levels=", ".join(BOT_LEVELS)),
            )


def create(
    tables: TableStore,
    *,
    name: str,
    rules: RuleSet | str,
    seats: list[tuple[str | None, str | None]],
    sit: int | None,
    listed: bool,
    pace_ms: int,
    grace_s: int,
    next_game_s: int,
    seed: int | None,
    group: str,
    analysis: bool = False,
) -> tuple[TableInfo, str, str | None]:
    """Create a table and, with ``sit``, take that seat under its name: (info, host token, seat token or None).
    Raises StoreError/ValueError naming the field (``sit: ...``, ``seats[1].name: ...``)."""
    _check_levels(seats)
    if sit is not None:
        sit_name, sit_bot = seats[sit]
        if sit_bot is not None:
            raise form_error("sit", Text("seat {seat} is a computer player's; sit at a person's seat", seat=sit))
        if not sit_name:
            raise form_error(f"seats[{sit}].name", Text("your name, to sit at seat {seat}", seat=sit))
    info, host_token = tables.create_table(
        name,
        rules,
        seats,
        group=group,
        listed=listed,
        pace_ms=pace_ms,
        grace_s=grace_s,
        next_game_s=next_game_s,
        seed=seed,
        analysis=analysis,
    )
    seat_token = None
    if sit is not None:
        info, seat_token = tables.claim_seat(info.id, sit, str(seats[sit][0]), info.invite)
    return info, host_token, seat_token


async def _changed(request: Request, table_id: int) -> None:
    await get_hub(request.app).changed(table_id)


# -- API ----------------------------------------------------------------------------------------------


@api.get("/tables", response_model=list[TableOut])
def list_tables(request: Request) -> list[TableOut]:
    """The tables of the lobby (listed, not ended) of the groups the request may see, newest first."""
    access = request_access(request)
    return [table_out(t) for t in get_tables(request).tables() if access.reads(t.group_id)]


def _not_yours(name: str) -> Forbidden:
    return Forbidden("group: {name!r} is none of your groups; a table's games go into its host's group", name=name[:40])


def host_group(request: Request, name: str) -> bool:
    """Check that the request may create a table whose games go into the group called ``name``: a group it
    may write (a member's, an admin's), or a new group when it may create groups. Returns whether the group
    is new (its host becomes its admin). Raises Forbidden naming ``group``."""
    from ...storage import NotFound as Missing

    access = request_access(request)
    if access.open:
        return False
    if access.account_id is None:
        raise Forbidden("tables: a member of a group opens a table; this device is not logged in as one")
    store = request.app.state.store
    try:
        group_id = store.find_group(name).id
    except Missing:
        if access.may_create_groups():
            return True
        raise _not_yours(name) from None
    except ValueError:
        return False  # a bad name: create_table names the field
    if not access.writes(group_id):
        raise _not_yours(name)
    return False


def adopt_group(request: Request, info: TableInfo) -> None:
    """Make the host the admin of the group its new table made."""
    access = request_access(request)
    if access.account_id is not None:
        get_members(request).add_admin(access.account_id, info.group_id)


@api.post("/tables", response_model=CreatedOut, status_code=201)
async def create_table(request: Request, body: TableIn) -> CreatedOut:
    """A new table in the lobby (at most ``creates_per_minute`` per client address, else 429). The host token
    (and, with ``sit``, the seat token) is handed out only here. A ``seed`` is refused (422) unless the server
    allows it."""
    _check_seed(request, body.seed)
    _check_create_rate(request)
    new_group = await run_in_threadpool(host_group, request, body.group)
    rules: RuleSet | str = body.rules if body.rules_toml is None else rules_from_text(body.rules_toml, "rules_toml")
    info, host_token, seat_token = await run_in_threadpool(
        create,
        get_tables(request),
        name=body.name,
        rules=rules,
        seats=[(s.name, s.bot) for s in body.seats],
        sit=body.sit,
        listed=body.listed,
        pace_ms=body.pace_ms,
        grace_s=body.grace_s,
        next_game_s=body.next_game_s,
        seed=body.seed,
        group=body.group,
        analysis=body.analysis,
    )
    if new_group:
        await run_in_threadpool(adopt_group, request, info)
    return CreatedOut(id=info.id, host_token=host_token, seat_token=seat_token, invite=info.invite)


@api.get("/tables/{table_id}", response_model=TableOut)
async def get_table(
    request: Request,
    table_id: TableId,
    token: TokenHeader = None,
    invite: Annotated[str | None, Query(max_length=200)] = None,
) -> TableOut:
    """The table: status, rules name, timings, version, deal and seats. An unlisted table only for the holder
    of a seat's or the host's token (``X-Doko-Token``) or of its ``invite``; else 404 as if there were none."""
    return table_out(await visible_table(request, table_id, token, invite))


@api.post("/tables/{table_id}/seats/{seat}/claim", response_model=ClaimOut)
async def claim_seat(request: Request, table_id: TableId, seat: SeatNumber, body: ClaimIn) -> ClaimOut:
    """Take an empty person's seat (an unlisted table needs its ``invite``, else 404); 409 when it is taken;
    429 beyond ``claims_per_minute`` seats a minute from one address."""
    _check_claim_rate(request)
    await visible_table(request, table_id, invite=body.invite)
    _, token = await run_in_threadpool(get_tables(request).claim_seat, table_id, seat, body.name, body.invite)
    await _changed(request, table_id)
    return ClaimOut(seat=seat, seat_token=token)


@api.post("/tables/{table_id}/seats/{seat}", response_model=TableOut)
async def set_seat(
    request: Request, table_id: TableId, seat: SeatNumber, body: SeatSetIn, token: TokenHeader = None
) -> TableOut:
    """The host (``X-Doko-Token``: the host token) sets up a seat in the lobby."""
    await visible_table(request, table_id, token)
    if body.bot is not None:
        _check_levels([(body.name, body.bot)])
    info = await run_in_threadpool(
        lambda: get_tables(request).set_seat(
            table_id, seat, host_token=_token(request, token, host_cookie(table_id)) or "", name=body.name, bot=body.bot
        )
    )
    await _changed(request, table_id)
    return table_out(info)


async def _host_action(request: Request, table_id: int, what: str, token: str | None) -> TableInfo:
    await visible_table(request, table_id, token)
    tables = get_tables(request)
    host_token = _token(request, token, host_cookie(table_id)) or ""
    if what == "start":
        info = await run_in_threadpool(lambda: tables.start(table_id, host_token=host_token))
    else:
        status = HOST_STATUS[what]
        info = await run_in_threadpool(lambda: tables.set_status(table_id, status, host_token=host_token))
    if info.status == "playing":
        await get_hub(request.app).started(table_id)
    else:
        await _changed(request, table_id)
    return info


def _host_route(what: str) -> None:
    async def api_route(request: Request, table_id: TableId, token: TokenHeader = None) -> TableOut:
        return table_out(await _host_action(request, table_id, what, token))

    async def page_route(request: Request, table_id: TableId) -> Response:
        await _host_action(request, table_id, what, None)
        return RedirectResponse(f"/tables/{table_id}", status_code=303)

    doc = {
        "start": "The host starts the game: every seat must be filled; the first deal begins.",
        "pause": "The host pauses the table: no actions until it resumes.",
        "resume": "The host resumes a paused table.",
        "end": "The host ends the table (its Liste stays with the group).",
    }[what]
    api_route.__doc__ = doc
    api_route.__name__ = f"{what}_table"
    page_route.__name__ = f"{what}_table_page"
    api.post(f"/tables/{{table_id}}/{what}", response_model=TableOut)(api_route)
    pages.post(f"/tables/{{table_id}}/{what}")(page_route)


for _what in ("start", *HOST_STATUS):
    _host_route(_what)


@api.post("/tables/{table_id}/show-hand", response_model=TableOut)
async def show_hand(request: Request, table_id: TableId, body: ShowHandIn, token: TokenHeader = None) -> TableOut:
    """A seated person (``X-Doko-Token``: the seat token) lets spectators see their hand, or stops it."""
    await _show_hand(request, table_id, body.shows, _token(request, token, seat_cookie(table_id)))
    return table_out(await run_in_threadpool(get_tables(request).table, table_id))


async def _show_hand(request: Request, table_id: int, shows: bool, token: str | None) -> None:
    await visible_table(request, table_id, token)
    tables = get_tables(request)
    seat = await run_in_threadpool(tables.seat_of, table_id, token)
    if seat is None:
        raise HTTPException(403, request_translator(request).gettext("token: you hold no seat at this table"))
    await run_in_threadpool(tables.set_shows_hand, table_id, seat, shows)
    await _changed(request, table_id)


# -- pages --------------------------------------------------------------------------------------------


def _lobby_context(request: Request, values: dict[str, str] | None = None) -> dict[str, Any]:
    access = request_access(request)
    store = request.app.state.store
    return {
        "tables": [t for t in get_tables(request).tables() if access.reads(t.group_id)],
        "my_groups": [g.name for g in store.groups() if access.writes(g.id)],
        "may_host": access.open or bool(access.roles) or access.may_create_groups(),
        "presets": sorted(PRESETS),
        "levels": BOT_LEVELS,
        "paces": PACES,
        "status_labels": STATUS_LABELS,
        "values": values or {},
        "error": None,
        "error_field": "",
    }


@pages.get("/tables")
def lobby_page(request: Request) -> Response:
    """The lobby: the open tables and the form for a new one."""
    return render(request, "tables.html", _lobby_context(request))


async def _read_rules(form: Any) -> RuleSet | str:
    """The form's uploaded rule file (:func:`.common.uploaded_rules`), else its preset (``rules``)."""
    return await uploaded_rules(form.get("rules_file")) or str(form.get("rules", "ddv") or "ddv")


def _int_field(values: dict[str, str], key: str, default: int, high: int) -> int:
    text = values.get(key, "").strip() or str(default)
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) > high:
        raise form_error(key, Text("{value} is not a whole number 0..{high}", value=repr(text[:20]), high=high))
    return int(text)


@pages.post("/tables")
async def create_table_page(request: Request) -> Response:
    """A new table from the form; the creator gets the host cookie (and the seat cookie when they sit)."""
    _check_create_rate(request)
    form = await request.form()
    values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    tables = get_tables(request)
    try:
        rules = await _read_rules(form)
        seats: list[tuple[str | None, str | None]] = []
        for i in range(4):
            name = values.get(f"seat{i}_name", "").strip() or None
            kind = values.get(f"seat{i}_kind", "mensch").strip() or "mensch"
            seats.append((name, None if kind == "mensch" else kind))
        seed_text = values.get("seed", "").strip()
        seed = None
        if seed_text:
            _check_seed(request, 0)
            if not (seed_text.isascii() and seed_text.isdigit()) or len(seed_text) > 18:
                raise form_error(
                    "seed", Text("{value} is not a whole number 0..{high}", value=repr(seed_text[:20]), high=10**18 - 1)
                )
            seed = int(seed_text)
        sit_text = values.get("sit", "").strip()
        if sit_text and sit_text not in ("0", "1", "2", "3"):
            raise form_error("sit", Text("{value} is no seat 1..4", value=repr(sit_text[:10])))
        group = values.get("group", "").strip() or "Online"
        new_group = await run_in_threadpool(host_group, request, group)
        info, host_token, seat_token = await run_in_threadpool(
            create,
            tables,
            name=values.get("name", "").strip(),
            rules=rules,
            seats=seats,
            sit=int(sit_text) if sit_text else None,
            listed=values.get("listed", "") in ("on", "1", "true"),
            pace_ms=_int_field(values, "pace_ms", 800, 60_000),
            grace_s=_int_field(values, "grace_s", 60, 86_400),
            next_game_s=_int_field(values, "next_game_s", 10, 3_600),
            seed=seed,
            group=group,
            analysis=values.get("analysis", "") in ("on", "1", "true"),
        )
    except ValueError as exc:
        context = await run_in_threadpool(_lobby_context, request, values)
        field = " ".join(str(exc).split()).split(":", 1)[0]
        message = " ".join(request_translator(request).text(message_of(exc)).split())
        context.update(error=message, error_field=field)
        return render(request, "tables.html", context, status_code=422)
    if new_group:
        await run_in_threadpool(adopt_group, request, info)
    response = RedirectResponse(f"/tables/{info.id}", status_code=303)
    _set_cookie(response, host_cookie(info.id), host_token, request)
    if seat_token is not None:
        _set_cookie(response, seat_cookie(info.id), seat_token, request)
    return response


async def _page_context(
    request: Request, table_id: int, invite: str | None, watch: str | None = None
) -> dict[str, Any]:
    """What table.html shows to this request (raises NotFound when it may not see the table): its seat (seat
    cookie), host controls (host cookie), the view (a spectator's with the hand of the seat whose Kiebitz link
    ``watch`` or the watch cookie is, while that seat consents), the links for the host and the seat's holder.
    ``invite_ok``/``watch_seat``: whether the query's ``invite`` opens this unlisted table, which seat ``watch``
    (query) watches (the page route keeps both in cookies)."""
    tables = get_tables(request)
    info = await visible_table(request, table_id, invite=invite, watch=watch)
    seat_token = request.cookies.get(seat_cookie(table_id))
    host_token = request.cookies.get(host_cookie(table_id))
    watch_token = watch or request.cookies.get(watch_cookie(table_id))
    invite = invite or request.cookies.get(invite_cookie(table_id))

    def read() -> tuple[int | None, bool, int | None, bool, str | None]:
        seat = tables.seat_of(table_id, seat_token) if seat_token else None
        host = bool(host_token) and tables.is_host(table_id, host_token)
        watched = tables.watched_seat(table_id, watch_token) if watch_token and seat is None else None
        invite_ok = bool(invite) and not info.listed and tables.check_invite(table_id, invite)
        own_watch = tables.watch_token(table_id, seat, seat_token) if seat is not None and seat_token else None
        return seat, host, watched, invite_ok, own_watch

    seat, host, watched, invite_ok, own_watch = await run_in_threadpool(read)
    hub = get_hub(request.app)
    room = await hub.room(table_id)
    async with room.lock:
        view = hub.view(room, seat, host=host, watch=watched, lang=request_language(request))
    base = str(request.base_url)
    return {
        "info": info,
        "view": view,
        "seat": seat,
        "host": host,
        "invite": invite if invite_ok else "",
        "invite_ok": invite_ok,
        "watch_seat": watched,
        "invite_link": f"{base}tables/{info.id}?invite={quote(info.invite)}" if host else "",
        "seat_link": f"{base}tables/{info.id}/seat?token={quote(seat_token or '')}" if seat is not None else "",
        "watch_link": f"{base}tables/{info.id}?watch={quote(own_watch)}" if own_watch else "",
        "rules_rows": info.rules.describe(request_translator(request).gettext),
        "levels": BOT_LEVELS,
        "status_labels": STATUS_LABELS,
        "error": None,
    }


@pages.get("/tables/new")
def new_table_page() -> Response:
    """The form for a new table lives on the lobby page: ``/tables/new`` leads there (to the form)."""
    return RedirectResponse("/tables#new-table", status_code=303)


@pages.get("/tables/{table_id}")
async def table_page(
    request: Request,
    table_id: TableId,
    invite: Annotated[str | None, Query(max_length=200)] = None,
    watch: Annotated[str | None, Query(max_length=200)] = None,
) -> Response:
    """The table: seats, rules and join forms in the lobby; the game (kept live by the WebSocket) once started.
    ``?invite=`` (an unlisted table's invite link) and ``?watch=`` (a seat's Kiebitz link) are kept in the
    cookies ``doko_invite_{id}`` and ``doko_watch_{id}`` when they are right (the page's WebSocket sends them)."""
    context = await _page_context(request, table_id, invite, watch)
    response = render(request, "table.html", context)
    if invite and context["invite_ok"]:
        _set_cookie(response, invite_cookie(table_id), invite, request)
    if watch and context["watch_seat"] is not None:
        _set_cookie(response, watch_cookie(table_id), watch, request)
    return response


async def _page_error(request: Request, table_id: int, exc: ValueError, invite: str | None = None) -> Response:
    if isinstance(exc, NotFound):
        raise exc
    context = await _page_context(request, table_id, invite)
    context["error"] = " ".join(request_translator(request).text(message_of(exc)).split())
    return render(request, "table.html", context, status_code=422)


@pages.post("/tables/{table_id}/seats/{seat}/claim")
async def claim_seat_page(request: Request, table_id: TableId, seat: SeatNumber) -> Response:
    """Take a seat from the page: sets the seat cookie, back to the table."""
    _check_claim_rate(request)
    form = await request.form()
    name = str(form.get("name", "")).strip()
    invite = str(form.get("invite", "")) or request.cookies.get(invite_cookie(table_id)) or None
    await visible_table(request, table_id, invite=invite)
    try:
        _, token = await run_in_threadpool(get_tables(request).claim_seat, table_id, seat, name, invite)
    except ValueError as exc:
        return await _page_error(request, table_id, exc, invite)
    await _changed(request, table_id)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    _set_cookie(response, seat_cookie(table_id), token, request)
    return response


@pages.post("/tables/{table_id}/seats/{seat}")
async def set_seat_page(request: Request, table_id: TableId, seat: SeatNumber) -> Response:
    """The host sets up a seat from the page (lobby only)."""
    form = await request.form()
    name = str(form.get("name", "")).strip() or None
    kind = str(form.get("kind", "mensch")).strip() or "mensch"
    bot = None if kind == "mensch" else kind
    host_token = request.cookies.get(host_cookie(table_id)) or ""
    await visible_table(request, table_id)
    try:
        _check_levels([(name, bot)] if bot is None else [(name, bot)])
        await run_in_threadpool(
            lambda: get_tables(request).set_seat(table_id, seat, host_token=host_token, name=name, bot=bot)
        )
    except ValueError as exc:
        return await _page_error(request, table_id, exc)
    await _changed(request, table_id)
    return RedirectResponse(f"/tables/{table_id}", status_code=303)


@pages.post("/tables/{table_id}/show-hand")
async def show_hand_page(request: Request, table_id: TableId) -> Response:
    """A seated person's consent (``shows=1``) or its end (``shows=0``) from the page."""
    form = await request.form()
    shows = str(form.get("shows", "0")) in ("1", "on", "true")
    await _show_hand(request, table_id, shows, request.cookies.get(seat_cookie(table_id)))
    return RedirectResponse(f"/tables/{table_id}", status_code=303)


async def _moving_seat(request: Request, table_id: int, token: str) -> tuple[TableInfo, int]:
    """The table and the seat that ``token`` opens; NotFound for an unlisted table the token does not open,
    403 for a token of no seat."""
    tables = get_tables(request)
    info = await run_in_threadpool(tables.table, table_id)
    seat = await run_in_threadpool(tables.seat_of, table_id, token)
    if seat is None:
        if not info.listed:
            raise not_found(table_id)
        raise HTTPException(403, request_translator(request).gettext("token: not a seat of this table"))
    return info, seat


@pages.get("/tables/{table_id}/seat")
async def move_seat(request: Request, table_id: TableId, token: Annotated[str, Query(max_length=200)]) -> Response:
    """Move a seat to this device, step 1: a page that says whose seat the link opens (and whether this browser
    holds another seat of the table already) with a button that takes it. Nothing is changed by the link itself
    (a link from elsewhere must not silently replace this browser's seat)."""
    info, seat = await _moving_seat(request, table_id, token)
    current_token = request.cookies.get(seat_cookie(table_id))
    current = await run_in_threadpool(get_tables(request).seat_of, table_id, current_token) if current_token else None
    context = {"info": info, "seat": seat, "token": token, "current": current}
    return render(request, "seat_move.html", context)


@pages.post("/tables/{table_id}/seat")
async def move_seat_confirm(request: Request, table_id: TableId) -> Response:
    """Move a seat to this device, step 2 (the confirmation page's form; a form of another site is refused by
    :class:`~doppelkopf.web.app.SameOrigin`): sets the seat cookie, back to the table."""
    form = await request.form()
    token = str(form.get("token", ""))[:200]
    await _moving_seat(request, table_id, token)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    _set_cookie(response, seat_cookie(table_id), token, request)
    return response


# -- the analysis after a game ------------------------------------------------------------------------


def shown_best(review: Any, actions: Sequence[tuple[int, int]]) -> dict[int, str]:
    """For each card of ``review`` with best cards (by card number), the best cards its seat showed: a best card
    is named only when the seat plays a copy of it at or after that card (copies counted), so no card that
    stayed in a hand (the rest of a claimed or conceded game, TSR 5.4) is ever named. ``actions``: the deal's
    ``(seat, action)`` in order."""
    from ...game import Action

    cards = [(seat, action) for seat, action in actions if Action.is_card(action)]
    out: dict[int, str] = {}
    for c in review.cards:
        if not c.best_cards:
            continue
        later = Counter(cards[c.number :])
        out[c.number] = " ".join(b.symbol for b in c.best_cards if later[(c.seat, int(b))] > 0)
    return out


@pages.get("/tables/{table_id}/analysis/{deal}")
async def analysis_page(
    request: Request,
    table_id: TableId,
    deal: Annotated[str, Path()],
    token: TokenHeader = None,
    invite: Annotated[str | None, Query(max_length=200)] = None,
    watch: Annotated[str | None, Query(max_length=200)] = None,
) -> Response:
    """The solver's review of one of the table's deals once it is over (every card with all hands open): a
    fragment for htmx (``HX-Request``), else a page; a loading state that asks again while it is computed. Any
    finished deal of the table can be asked for (its setup and actions are stored), not only the current one.
    404 for a table this client may not see (cookies, ``X-Doko-Token``, ``invite`` or ``watch`` as for the
    table's page), a table without the option ``analysis``, or a deal that does not exist; 409 while the deal
    is not over (the review shows every hand). A deal number that is no whole number from 1 (``0``, ``-1``,
    ``abc``) is a deal that does not exist: 404 too."""
    from ...online.table import TableState

    info = await visible_table(request, table_id, token, invite, watch)
    if not info.analysis:
        raise NotFound(
            Text("table {id}: no analysis after the games (an option chosen when the table is made)", id=table_id)
        )
    number = int(deal) if re.fullmatch(r"[0-9]{1,12}", deal) else 0
    if not 1 <= number <= MAX_ID:
        raise NotFound(Text("table {id}: no deal {deal}", id=table_id, deal=repr(deal[:20])))
    snapshot = await run_in_threadpool(get_tables(request).deal_state, table_id, number)
    if snapshot.deal is None:  # pragma: no cover - a stored deal has its setup
        raise NotFound(Text("table {id}: no deal {deal}", id=table_id, deal=number))
    fragment = request.headers.get("hx-request") == "true"
    if not snapshot.finished:
        tr = request_translator(request)
        message = tr.text(
            Text(
                "table {id}: deal {deal} is not over yet; the analysis shows every hand once it is",
                id=table_id,
                deal=number,
            )
        )
        if fragment:
            return Response(message, status_code=409, media_type="text/plain; charset=utf-8")
        context_409 = {"status": 409, "message": message, "heading": tr.gettext("Not over yet")}
        return render(request, "error.html", context_409, status_code=409)
    names = [name or f"Platz {s + 1}" for s, name in enumerate(info.names)]
    context: dict[str, Any] = {"table_id": table_id, "deal": number, "names": names, "review": None, "error": None}
    context["table_name"] = info.name
    current = urlsplit(request.headers.get("hx-current-url", "")).path  # htmx's reload on the review's own page
    context["own_page"] = not fragment or current == request.url.path
    context["best"] = {}
    context["rest_note"] = ""
    if snapshot.thrown_in:
        context["error"] = request_translator(request).gettext("the deal was thrown in: nothing to analyse")
    else:
        setup, actions = snapshot.deal, snapshot.actions

        def game() -> Game:  # built in the review's thread
            state = TableState(info.rules, names, info.bots, info.seed)
            state.start_deal(setup, actions)
            assert state.game is not None
            return state.game

        result = get_analyses(request.app).get((table_id, number), game)
        if isinstance(result, str):
            context["error"] = result
        elif result is not None:
            context["review"] = result
            context["best"] = shown_best(result, actions)
            context["rest_note"] = result.rest_note(names)
    response = render(request, "_table_analysis.html" if fragment else "table_analysis.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.get("/tables/{table_id}/deals/{deal}")
async def deal_page(
    request: Request,
    table_id: TableId,
    deal: Annotated[str, Path()],
    invite: Annotated[str | None, Query(max_length=200)] = None,
    watch: Annotated[str | None, Query(max_length=200)] = None,
) -> Response:
    """One finished deal of the table: its Posten as ``doko score`` shows them (each item's label and Punkte,
    the Summe, both parties' Augen), the Punkte per player and every trick (cards by player, winner, Augen; the
    rest collected after a claim without its cards); the solver's review below for a table with ``analysis``.
    Rebuilt from the stored deal (:meth:`TableStore.deal_state`) and shown as a spectator sees the finished game
    (:func:`doppelkopf.online.seat_view` with seat ``None``): no card that was never played. 404 as for the
    table's page, and for a deal that does not exist (``0``, ``abc``); 409 while the deal is not over."""
    from ...online import TableState, seat_view

    info = await visible_table(request, table_id, None, invite, watch)
    tr = request_translator(request)
    number = int(deal) if re.fullmatch(r"[0-9]{1,12}", deal) else 0
    if not 1 <= number <= MAX_ID:
        raise NotFound(Text("table {id}: no deal {deal}", id=table_id, deal=repr(deal[:20])))
    snapshot = await run_in_threadpool(get_tables(request).deal_state, table_id, number)
    if snapshot.deal is None or not snapshot.finished:
        message = tr.text(Text("table {id}: deal {deal} is not over yet", id=table_id, deal=number))
        context_409 = {"status": 409, "message": message, "heading": tr.gettext("Not over yet")}
        return render(request, "error.html", context_409, status_code=409)
    names = [name or f"Platz {s + 1}" for s, name in enumerate(info.names)]
    state = TableState(info.rules, names, info.bots, info.seed)
    state.start_deal(snapshot.deal, snapshot.actions)
    table = {"id": info.id, "name": info.name, "status": info.status, "rules_name": info.rules_name, "host": False}
    seats = [{"name": names[s], "bot": info.bots[s]} for s in range(4)]
    posten = seat_view(state, None, table=table, seats=seats, liste=None, tr=tr)
    context: dict[str, Any] = {
        "table_id": table_id,
        "table_name": info.name,
        "deal": number,
        "posten": posten,
        "review_on": info.analysis and not snapshot.thrown_in,
        "names": names,
        "review": None,
        "error": None,
        "own_page": False,
        "best": {},
        "rest_note": "",
    }
    response = render(request, "table_analysis.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response


# -- the WebSocket ------------------------------------------------------------------------------------


@pages.websocket("/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: int) -> None:
    """The live table of one connection (see :mod:`doppelkopf.web.live`). A refused one (a foreign origin, a bad
    format or id: 1008; no such table, or one this client may not see: 4404) is accepted and closed at once with
    that code and the reason on one line (:func:`doppelkopf.web.live.refuse`)."""
    params = websocket.query_params
    problem = foreign_origin(websocket.headers.get("origin"), None, websocket.headers.get("host"))
    fmt = params.get("format", "html")
    if problem is None and fmt not in ("html", "json"):
        problem = f"format: {fmt[:20]!r} is unknown (html or json)"
    if problem is None and not 1 <= table_id <= MAX_ID:
        problem = f"table: {table_id} is out of range"
    if problem is not None:
        await refuse(websocket, CLOSE_POLICY, problem)
        return
    token = websocket.headers.get("x-doko-token") or params.get("token") or websocket.cookies.get(seat_cookie(table_id))
    host_token = params.get("host") or websocket.cookies.get(host_cookie(table_id))
    invite = params.get("invite") or websocket.cookies.get(invite_cookie(table_id))
    watch = params.get("watch") or websocket.cookies.get(watch_cookie(table_id))
    tables = get_tables(websocket)
    try:
        info = await run_in_threadpool(tables.table, table_id)
        allowed = await run_in_threadpool(
            lambda: may_see(
                tables,
                info,
                seat_token=token,
                host_token=host_token,
                invite=invite,
                watch=watch,
                access=request_access(websocket),
            )
        )
    except StoreError:
        allowed = False
    if not allowed:  # no such table, or an unlisted one this client may not see: the same answer
        await refuse(websocket, CLOSE_NOT_FOUND, str(not_found(table_id)))
        return
    address = websocket.client.host if websocket.client is not None else "?"
    # the page's language (``?lang=``, as the page was rendered), else the cookie or the browser's Accept-Language
    lang = negotiate(
        websocket.headers.get("accept-language"), params.get("lang") or websocket.cookies.get(LANGUAGE_COOKIE)
    )
    await get_hub(websocket.app).serve(
        websocket, table_id, fmt, token, host_token, watch_token=watch, address=address, lang=lang
    )
