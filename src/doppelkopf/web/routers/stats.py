"""Statistics of a group over any range of sittings, with charts (SVG from :mod:`doppelkopf.charts`).

API: ``GET /api/groups/{id}/stats`` (``?sitting=ID`` repeated, ``since``, ``until``: dates YYYY-MM-DD).
Pages: ``/groups/{id}/stats`` (the same filters), the charts ``/groups/{id}/stats/punkte.svg`` (Punkte
over the games), ``/groups/{id}/stats/parties.svg`` (games won as Re and as Kontra) and
``/groups/{id}/stats/money.svg`` (money won, cents). Every number is the Store's (stored rows of the
Liste); the charts draw them.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ...i18n import Translator
from ...messages import N_, Text
from ...storage import ChartPoint, PlayerStats, Stats
from ..deps import input_date, render, request_translator
from ..forms import FormError, parse_date
from ..models import from_info
from .common import MAX_ID, GroupId, Store, StoreDep

api = APIRouter(prefix="/api", tags=["statistics"])
pages = APIRouter(include_in_schema=False)

#: Headers of a chart: an SVG opened on its own runs nothing and loads nothing.
SVG_HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'", "Cache-Control": "no-store"}


class StatsOut(BaseModel):
    """Statistics of a group over a range of sittings (``doppelkopf.storage.Stats``). The players and the chart
    points are the Store's own dataclasses (``PlayerStats``, ``ChartPoint``: their fields and docs are the
    schema), so no field is copied here: Punkte are score points (Bock applied), ``cents`` money at each
    sitting's rate."""

    model_config = ConfigDict(from_attributes=True)
    group_id: int
    sittings: list[int] = Field(description="The sittings counted, oldest first.")
    games: int = Field(description="Games counted.")
    players: list[PlayerStats]
    chart: list[ChartPoint] = Field(description="The Punkte after every game, in order of play.")


SittingsQuery = Annotated[list[int] | None, Query(alias="sitting", description="Sitting ids (repeat).")]
DateQuery = Annotated[datetime.date | None, Query(description="YYYY-MM-DD, inclusive.")]


def _stats(
    store: Store, group_id: int, sittings: list[int] | None, since: datetime.date | None, until: datetime.date | None
) -> Stats:
    for sitting_id in sittings or ():
        if not 1 <= sitting_id <= MAX_ID:
            raise FormError("sitting", Text("{id} is no sitting id", id=sitting_id))
    return store.stats(group_id, sittings or None, since=since, until=until)


@api.get("/groups/{group_id}/stats", response_model=StatsOut)
def get_stats(
    group_id: GroupId, store: StoreDep, sitting: SittingsQuery = None, since: DateQuery = None, until: DateQuery = None
) -> StatsOut:
    """Per player: games won as Re and as Kontra, soli played and won, announcements made and won, games
    under Bock and their Punkte, Punkte and money won; and the Punkte after every game (the chart)."""
    return from_info(StatsOut, _stats(store, group_id, sitting, since, until))


# -- pages ----------------------------------------------------------------------------------------


def _percent(part: int, whole: int, tr: Translator) -> str:
    return f"{tr.number(round(100 * part / whole))}\u00a0%" if whole else "–"


def _query(sittings: list[int] | None, since: datetime.date | None, until: datetime.date | None) -> str:
    items: list[tuple[str, Any]] = [("sitting", s) for s in sittings or ()]
    if since:
        items.append(("since", since.isoformat()))
    if until:
        items.append(("until", until.isoformat()))
    return urlencode(items)


@pages.get("/groups/{group_id}/stats")
def stats_page(
    request: Request,
    group_id: GroupId,
    store: StoreDep,
    sitting: SittingsQuery = None,
    since_text: Annotated[str, Query(alias="since", max_length=40)] = "",
    until_text: Annotated[str, Query(alias="until", max_length=40)] = "",
) -> Response:
    """The statistics page of a group with its charts (the same filters as the API; the dates as the page
    writes them, dd.mm.yyyy, or YYYY-MM-DD). Each sitting to choose shows its number in the group (oldest
    first: 1), its date and its place."""
    tr = request_translator(request)
    group = store.group(group_id)
    since, until = parse_date(since_text, "since"), parse_date(until_text, "until")
    all_sittings = store.sittings(group_id)  # oldest first: the sitting's number is its place here
    stats = _stats(store, group_id, sitting, since, until)
    rows = [
        {
            "p": p,
            "re": f"{p.won_re - p.soli_won_re}/{p.games_re - p.soli_re}",
            "kontra": f"{p.won_kontra}/{p.games_kontra}",
            "soli": f"{p.soli_won}/{p.soli}",
            "announcements": f"{p.announcements_won}/{p.announcements}",
            "bock_share": _percent(p.bock_games, p.games, tr),
        }
        for p in stats.players
    ]
    context = {
        "group": group,
        "all_sittings": all_sittings,
        "chosen": set(sitting or ()),
        "since": input_date(since, tr.language),
        "until": input_date(until, tr.language),
        "stats": stats,
        "rows": rows,
        "query": _query(sitting, since, until),
        "parties_known": any(p.games_re or p.games_kontra for p in stats.players),
    }
    return render(request, "stats.html", context)


def _svg(data: bytes) -> Response:
    return Response(data, media_type="image/svg+xml", headers=SVG_HEADERS)


def _range_title(store: Store, group_id: int, stats: Stats, tr: Translator) -> str:
    group = store.group(group_id)
    if not stats.chart:
        return group.name
    first, last = stats.chart[0].date, stats.chart[-1].date
    days = tr.date(first) if first == last else f"{tr.date(first)} – {tr.date(last)}"
    return f"{group.name}, {days}"


@pages.get("/groups/{group_id}/stats/punkte.svg")
def punkte_svg(
    request: Request,
    group_id: GroupId,
    store: StoreDep,
    sitting: SittingsQuery = None,
    since: DateQuery = None,
    until: DateQuery = None,
) -> Response:
    """Each player's Punkte over the games: one sitting's running totals, or the sum over the sittings."""
    from ...charts import GAME_AXIS, PUNKTE_AXIS, punkte_chart

    stats = _stats(store, group_id, sitting, since, until)
    one = len(stats.sittings) == 1  # one sitting: its running totals (the Liste's Stand)
    points = [point.totals if one else point.overall for point in stats.chart]
    names = [p.name for p in stats.players if not points or p.name in points[0]]
    series = {name: [values[name] for values in points] for name in names}
    tr = request_translator(request)
    title = tr.text(Text("Punkte – {range}", range=_range_title(store, group_id, stats, tr)))
    chart = punkte_chart(
        series, title=title, fmt="svg", xlabel=tr.gettext(GAME_AXIS), ylabel=tr.gettext(PUNKTE_AXIS), empty=_empty(tr)
    )
    return _svg(chart)


@pages.get("/groups/{group_id}/stats/parties.svg")
def parties_svg(
    request: Request,
    group_id: GroupId,
    store: StoreDep,
    sitting: SittingsQuery = None,
    since: DateQuery = None,
    until: DateQuery = None,
) -> Response:
    """Games won as Re (with a partner) and as Kontra, and soli won, per player: a won solo counts once."""
    from ...charts import bar_chart

    stats = _stats(store, group_id, sitting, since, until)
    tr = request_translator(request)
    re, kontra, soli = tr.gettext(N_("Re (no solo)")), "Kontra", "Soli"
    counts = {p.name: {re: p.won_re - p.soli_won_re, kontra: p.won_kontra, soli: p.soli_won} for p in stats.players}
    title, ylabel = tr.gettext(N_("Games won")), tr.gettext(N_("games"))
    return _svg(bar_chart(counts, title=title, ylabel=ylabel, fmt="svg", empty=_empty(tr)))


@pages.get("/groups/{group_id}/stats/money.svg")
def money_svg(
    request: Request,
    group_id: GroupId,
    store: StoreDep,
    sitting: SittingsQuery = None,
    since: DateQuery = None,
    until: DateQuery = None,
) -> Response:
    """Money won (cents, negative: paid) per player at each sitting's rate."""
    from ...charts import bar_chart

    stats = _stats(store, group_id, sitting, since, until)
    tr = request_translator(request)
    counts = {p.name: {"Cent": p.cents} for p in stats.players}
    title = tr.gettext(N_("Money won"))
    return _svg(bar_chart(counts, title=title, ylabel=tr.gettext(N_("cents")), fmt="svg", empty=_empty(tr)))


def _empty(tr: Translator) -> str:
    from ...charts import NO_GAMES

    return tr.gettext(NO_GAMES)
