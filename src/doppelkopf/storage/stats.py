"""Statistics of a group, counted from the stored rows of the Liste (no game is scored again).

The rows are :meth:`doppelkopf.liste.ListeRow.to_dict` data; what a row means (who was Re, who won,
the Bock multiplier, the Punkte) is the core's, this module only counts.

Each sitting keeps its *tally* beside its rows (column ``sittings.tally``), written in the same
transaction as the rows whenever they change: per player the counters of
:class:`~doppelkopf.storage.infos.PlayerStats` over the sitting's games, and the running totals after
each game (for the chart)::

    {"counts": {"Anna": {"games": 3, "games_re": 1, ...}, ...}, "totals": [[9, -3, -3, -3], ...]}

so the statistics of 10,000 games read one small JSON document per sitting instead of 10,000 rows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .infos import ChartPoint, PlayerStats, Stats
from .models import Sitting

#: The counters a tally keeps per player (the PlayerStats fields except the name, the sittings and the money).
COUNTERS = tuple(f.name for f in dataclasses.fields(PlayerStats) if f.name not in ("name", "sittings", "cents"))


def empty_tally(players: Sequence[str]) -> dict[str, Any]:
    """The tally of a sitting of ``players`` without games."""
    return {"counts": {name: dict.fromkeys(COUNTERS, 0) for name in players}, "totals": []}


def tally_of(players: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The tally of a sitting of ``players`` (column order) with the stored ``rows`` (list order)."""
    tally = empty_tally(players)
    for row in rows:
        _count(tally, players, row)
    return tally


def tally_add(tally: Mapping[str, Any], players: Sequence[str], row: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``tally`` with the game ``row`` added after its games."""
    copy = {
        "counts": {name: dict(counts) for name, counts in tally["counts"].items()},
        "totals": list(tally["totals"]),
    }
    _count(copy, players, row)
    return copy


def _count(tally: dict[str, Any], players: Sequence[str], row: Mapping[str, Any]) -> None:
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
        won = name in winners
        c["games"] += 1
        c["punkte"] += punkte
        if bock:
            c["bock_games"] += 1
            c["punkte_bock"] += punkte
        if soloist == name:
            c["soli"] += 1
            c["soli_won"] += won
        if name in re_side:
            party = "re"
            c["games_re"] += 1
            c["won_re"] += won
        elif name in kontra_side:
            party = "kontra"
            c["games_kontra"] += 1
            c["won_kontra"] += won
        else:
            continue  # a quick entry: winners and losers, no parties, no announcements
        if announced.get(party, 0) >= 1:
            c["announcements"] += 1
            c["announcements_won"] += won
    tally["totals"].append(list(row["totals"]))


def compute_stats(
    group_id: int, names: Sequence[str], sittings: Sequence[Sitting], seats: Mapping[int, Sequence[str]]
) -> Stats:
    """The :class:`Stats` of ``sittings`` (in order of play) of the group whose players are ``names``
    (in the order they joined), from the sittings' tallies; ``seats[id]`` are a sitting's players in
    column order."""
    counts: dict[str, dict[str, int]] = {}
    overall: dict[str, int] = dict.fromkeys(names, 0)
    chart: list[ChartPoint] = []
    games = 0
    for sitting in sittings:
        players = tuple(seats[sitting.id])
        tally = sitting.tally
        base = {name: overall.setdefault(name, 0) for name in players}
        for name in players:
            mine = counts.setdefault(name, {"sittings": 0, "cents": 0, **dict.fromkeys(COUNTERS, 0)})
            mine["sittings"] += 1
            for key, value in tally["counts"][name].items():
                mine[key] += value
        totals: Sequence[int] = [0] * len(players)
        for number, totals in enumerate(tally["totals"], 1):
            by_name = dict(zip(players, totals, strict=True))
            for name, total in by_name.items():
                overall[name] = base[name] + total
            chart.append(ChartPoint(sitting.id, sitting.date, number, by_name, overall.copy()))
        games += len(tally["totals"])
        for name, total in zip(players, totals, strict=True):
            counts[name]["cents"] += total * sitting.cents_per_point
    order = [name for name in names if name in counts] + [name for name in counts if name not in names]
    return Stats(
        group_id=group_id,
        sittings=tuple(s.id for s in sittings),
        games=games,
        players=tuple(PlayerStats(name, **counts[name]) for name in order),
        chart=tuple(chart),
    )
