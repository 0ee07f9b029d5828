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

from ...storage import ChartPoint, PlayerStats, Stats, StoreError
from ..deps import date_text, render
from ..forms import parse_date
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
            raise StoreError(f"sitting: {sitting_id} is no sitting id")
    return store.stats(group_id, sittings or None, since=since, until=until)


@api.get("/groups/{group_id}/stats", response_model=StatsOut)
def get_stats(
    group_id: GroupId, store: StoreDep, sitting: SittingsQuery = None, since: DateQuery = None, until: DateQuery = None
) -> StatsOut:
    """Per player: games won as Re and as Kontra, soli played and won, announcements made and won, games
    under Bock and their Punkte, Punkte and money won; and the Punkte after every game (the chart)."""
    return from_info(StatsOut, _stats(store, group_id, sitting, since, until))


# -- pages ----------------------------------------------------------------------------------------


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %" if whole else "–"


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
    group = store.group(group_id)
    since, until = parse_date(since_text, "since"), parse_date(until_text, "until")
    all_sittings = store.sittings(group_id)  # oldest first: the sitting's number is its place here
    stats = _stats(store, group_id, sitting, since, until)
    rows = [
        {
            "p": p,
            "re": f"{p.won_re}/{p.games_re}",
            "kontra": f"{p.won_kontra}/{p.games_kontra}",
            "soli": f"{p.soli_won}/{p.soli}",
            "announcements": f"{p.announcements_won}/{p.announcements}",
            "bock_share": _percent(p.bock_games, p.games),
        }
        for p in stats.players
    ]
    context = {
        "group": group,
        "all_sittings": all_sittings,
        "chosen": set(sitting or ()),
        "since": date_text(since),
        "until": date_text(until),
        "stats": stats,
        "rows": rows,
        "query": _query(sitting, since, until),
        "parties_known": any(p.games_re or p.games_kontra for p in stats.players),
    }
    return render(request, "stats.html", context)


def _svg(data: bytes) -> Response:
    return Response(data, media_type="image/svg+xml", headers=SVG_HEADERS)


def _range_title(store: Store, group_id: int, stats: Stats) -> str:
    group = store.group(group_id)
    if not stats.chart:
        return group.name
    first, last = stats.chart[0].date, stats.chart[-1].date
    days = first.strftime("%d.%m.%Y") if first == last else f"{first:%d.%m.%Y} – {last:%d.%m.%Y}"
    return f"{group.name}, {days}"


@pages.get("/groups/{group_id}/stats/punkte.svg")
def punkte_svg(
    group_id: GroupId, store: StoreDep, sitting: SittingsQuery = None, since: DateQuery = None, until: DateQuery = None
) -> Response:
    """Each player's Punkte over the games: one sitting's running totals, or the sum over the sittings."""
    from ...charts import punkte_chart

    stats = _stats(store, group_id, sitting, since, until)
    one = len(stats.sittings) == 1  # one sitting: its running totals (the Liste's Stand)
    points = [point.totals if one else point.overall for point in stats.chart]
    names = [p.name for p in stats.players if not points or p.name in points[0]]
    series = {name: [values[name] for values in points] for name in names}
    return _svg(punkte_chart(series, title=f"Punkte – {_range_title(store, group_id, stats)}", fmt="svg"))


@pages.get("/groups/{group_id}/stats/parties.svg")
def parties_svg(
    group_id: GroupId, store: StoreDep, sitting: SittingsQuery = None, since: DateQuery = None, until: DateQuery = None
) -> Response:
    """Games won as Re and as Kontra, and soli won, per player."""
    from ...charts import bar_chart

    stats = _stats(store, group_id, sitting, since, until)
    counts = {p.name: {"Re": p.won_re, "Kontra": p.won_kontra, "Soli": p.soli_won} for p in stats.players}
    return _svg(bar_chart(counts, title="Games won", ylabel="Spiele", fmt="svg"))


@pages.get("/groups/{group_id}/stats/money.svg")
def money_svg(
    group_id: GroupId, store: StoreDep, sitting: SittingsQuery = None, since: DateQuery = None, until: DateQuery = None
) -> Response:
    """Money won (cents, negative: paid) per player at each sitting's rate."""
    from ...charts import bar_chart

    stats = _stats(store, group_id, sitting, since, until)
    counts = {p.name: {"Cent": p.cents} for p in stats.players}
    return _svg(bar_chart(counts, title="Money won", ylabel="Cent", fmt="svg"))
