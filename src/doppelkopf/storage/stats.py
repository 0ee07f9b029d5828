"""Statistics of a group, counted from the stored rows of the Liste (no game is scored again).

The rows are :meth:`doppelkopf.liste.ListeRow.to_dict` data; what a row means (who was Re, who won,
the Bock multiplier, the Punkte) is the core's, this module only counts. Money is
:func:`doppelkopf.sheet.money` of the totals.

Each sitting keeps its *tally* beside its rows (column ``sittings.tally``), written in the same
transaction as the rows whenever they change: per player the counters of
:class:`~doppelkopf.storage.infos.PlayerStats` over the sitting's games::

    {"counts": {"Anna": {"games": 3, "games_re": 1, ...}, ...}}

It is small (a few hundred bytes whatever the length of the list) and additive: a new game adds its row,
a correction takes the old rows of the changed games off and adds the new ones
(:func:`tally_update`), so no write reads or rewrites the whole list. The chart's running totals are read
from the stored rows (``row.totals``, one small JSON value per game). A tally written by an older
version also held those totals (``"totals"``); they are not read any more and go at the next write.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..sheet import money
from .infos import ChartPoint, PlayerStats, Stats
from .models import Sitting

#: The counters a tally keeps per player (the PlayerStats fields except the name, the sittings and the money).
COUNTERS = tuple(f.name for f in dataclasses.fields(PlayerStats) if f.name not in ("name", "sittings", "cents"))


def empty_tally(players: Sequence[str]) -> dict[str, Any]:
    """The tally of a sitting of ``players`` without games."""
    return {"counts": {name: dict.fromkeys(COUNTERS, 0) for name in players}}


def tally_fits(tally: object, players: Sequence[str]) -> bool:
    """Whether ``tally`` is a tally of a sitting of ``players`` (every counter of every player an int)."""
    if not isinstance(tally, Mapping) or not isinstance(tally.get("counts"), Mapping):
        return False
    counts = tally["counts"]
    return set(counts) == set(players) and all(
        isinstance(counts[name], Mapping) and all(type(counts[name].get(key)) is int for key in COUNTERS)
        for name in players
    )


def tally_of(players: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The tally of a sitting of ``players`` (column order) with the stored ``rows``."""
    return tally_update(empty_tally(players), players, (), rows)


def tally_update(
    tally: Mapping[str, Any],
    players: Sequence[str],
    removed: Iterable[Mapping[str, Any]],
    added: Iterable[Mapping[str, Any]],
) -> dict[str, Any]:
    """A copy of ``tally`` without the games of the stored rows ``removed`` (as they were counted) and with
    the games ``added`` (a correction: the old rows of the games it changed off, their new rows on)."""
    copy = {"counts": {name: {key: tally["counts"][name][key] for key in COUNTERS} for name in players}}
    for row in removed:
        _count(copy, players, row, -1)
    for row in added:
        _count(copy, players, row, 1)
    return copy


def _count(tally: dict[str, Any], players: Sequence[str], row: Mapping[str, Any], sign: int) -> None:
    active, re_side, kontra_side, winners = row["active"], row["re"], row["kontra"], row["winners"]
    bock = row["multiplier"] > 1
    announced = row["announced"]
    soloist = row["soloist"] if row["solo"] else None
    points = row["points"]
    counts = tally["counts"]
    for index, name in enumerate(players):
        if name not in active:
            continue
        punkte = points[index]
        c = counts[name]
        won = sign if name in winners else 0
        c["games"] += sign
        c["punkte"] += sign * punkte
        if bock:
            c["bock_games"] += sign
            c["punkte_bock"] += sign * punkte
        if soloist == name:
            c["soli"] += sign
            c["soli_won"] += won
            if name in re_side:
                c["soli_re"] += sign
                c["soli_won_re"] += won
        if name in re_side:
            party = "re"
            c["games_re"] += sign
            c["won_re"] += won
        elif name in kontra_side:
            party = "kontra"
            c["games_kontra"] += sign
            c["won_kontra"] += won
        else:
            continue  # a quick entry: winners and losers, no parties, no announcements
        if announced.get(party, 0) >= 1:
            c["announcements"] += sign
            c["announcements_won"] += won


def compute_stats(
    group_id: int,
    names: Sequence[str],
    sittings: Sequence[Sitting],
    seats: Mapping[int, Sequence[str]],
    tallies: Mapping[int, Mapping[str, Any]],
    totals: Mapping[int, Sequence[Sequence[int]]],
) -> Stats:
    """The :class:`Stats` of ``sittings`` (in order of play) of the group whose players are ``names``
    (in the order they joined): ``seats[id]`` are a sitting's players in column order, ``tallies[id]`` its
    tally, ``totals[id]`` the running totals after each of its games (the rows' ``totals``)."""
    counts: dict[str, dict[str, int]] = {}
    overall: dict[str, int] = dict.fromkeys(names, 0)
    chart: list[ChartPoint] = []
    games = 0
    for sitting in sittings:
        players = tuple(seats[sitting.id])
        tally = tallies[sitting.id]
        base = {name: overall.setdefault(name, 0) for name in players}
        for name in players:
            mine = counts.setdefault(name, {"sittings": 0, "cents": 0, **dict.fromkeys(COUNTERS, 0)})
            mine["sittings"] += 1
            for key in COUNTERS:
                mine[key] += tally["counts"][name][key]
        running = totals.get(sitting.id, ())
        by_name = dict.fromkeys(players, 0)
        for number, after in enumerate(running, 1):
            by_name = dict(zip(players, after, strict=True))
            for name, total in by_name.items():
                overall[name] = base[name] + total
            chart.append(ChartPoint(sitting.id, sitting.date, number, by_name, overall.copy()))
        games += len(running)
        for name, cents in money(by_name, sitting.cents_per_point).items():
            counts[name]["cents"] += cents
    order = [name for name in names if name in counts] + [name for name in counts if name not in names]
    return Stats(
        group_id=group_id,
        sittings=tuple(s.id for s in sittings),
        games=games,
        players=tuple(PlayerStats(name, **counts[name]) for name in order),
        chart=tuple(chart),
    )
