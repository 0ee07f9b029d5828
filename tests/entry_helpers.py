"""Shared helpers of the scoring tests: table entries of Anna, Ben, Carla and Dirk (seed 004)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from doppelkopf.entry import EntryResult, score_entry
from doppelkopf.rules import Party

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
BEN_CARLA = ["Ben", "Carla"]


def scored(
    augen_re: int,
    re: list[str] | None = None,
    game: str = "normal",
    re_says: list[str] | None = None,
    kontra_says: list[str] | None = None,
    extras: Sequence[tuple[str, str]] = (),
    rules: Any = "ddv",
    **more: Any,
) -> EntryResult:
    """Score an entry of Anna, Ben, Carla, Dirk; Re defaults to Ben & Carla (seed 004)."""
    data: dict[str, Any] = {
        "rules": rules,
        "players": PLAYERS,
        "game": game,
        "re": BEN_CARLA if re is None else re,
        "augen_re": augen_re,
        "announcements": {"re": re_says or [], "kontra": kontra_says or []},
        "extras": [{"type": kind, "party": party} for kind, party in extras],
        **more,
    }
    return score_entry(data)


def items_of(result: EntryResult) -> Counter[tuple[str, int]]:
    return Counter((item.key, item.punkte) for item in result.score.items)


def check(
    result: EntryResult,
    winner: Party | None,
    items: Mapping[str, int],
    points: Mapping[str, int],
) -> None:
    """The winner, the table lines (key -> Punkte, any order) and every player's Punkte."""
    assert result.score.winner is winner
    assert items_of(result) == Counter(items.items())
    assert result.score.value == sum(items.values())
    assert result.points_by_name == dict(points)


def re_ben_carla(punkte: int) -> dict[str, int]:
    """Punkte when Ben & Carla (Re) get ``punkte`` and Anna & Dirk (Kontra) the opposite."""
    return {"Anna": -punkte, "Ben": punkte, "Carla": punkte, "Dirk": -punkte}
