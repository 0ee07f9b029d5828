"""What the routers share: the Store dependency and the conversions of the Store's infos to API models."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Path

from ...storage import Conflict, GameInfo, GameVersionInfo, GroupInfo, NotFound, SittingInfo, Store
from ..deps import get_store
from ..models import GameOut, GameVersionOut, GroupOut, SittingOut, row_out

#: A route parameter that gets the app's Store.
StoreDep = Annotated[Store, Depends(get_store)]

#: Largest id or number a path may hold (the databases' integer); a larger one is a 422, never a database error.
MAX_ID = 2**31 - 1
GroupId = Annotated[int, Path(ge=1, le=MAX_ID, description="The group's id.")]
SittingId = Annotated[int, Path(ge=1, le=MAX_ID, description="The sitting's id.")]
GameNumber = Annotated[int, Path(ge=1, le=MAX_ID, description="The game's number on the list (1-based).")]
PageNumber = Annotated[int, Path(ge=-MAX_ID, le=MAX_ID, description="A page of the list: 1, 2, ...; -1 the last.")]

__all__ = [
    "MAX_ID",
    "Conflict",
    "GameNumber",
    "GroupId",
    "NotFound",
    "PageNumber",
    "SittingId",
    "StoreDep",
    "game_out",
    "group_out",
    "sitting_out",
    "version_out",
]


def group_out(info: GroupInfo) -> GroupOut:
    return GroupOut(id=info.id, name=info.name, players=list(info.players))


def sitting_out(info: SittingInfo) -> SittingOut:
    return SittingOut(
        id=info.id,
        group_id=info.group_id,
        players=list(info.players),
        rules_name=info.rules_name,
        cents_per_point=info.cents_per_point,
        date=info.date,
        place=info.place,
        sit_out=info.sit_out,
        version=info.version,
        games=info.games,
    )


def game_out(info: GameInfo) -> GameOut:
    return GameOut(
        sitting_id=info.sitting_id,
        number=info.number,
        version=info.version,
        entry=dict(info.entry),
        row=None if info.row is None else row_out(info.row),
        deleted=info.deleted,
        changed_at=info.changed_at,
        author=info.author,
    )


def version_out(info: GameVersionInfo) -> GameVersionOut:
    return GameVersionOut(
        number=info.number,
        version=info.version,
        action=info.action,
        deleted=info.deleted,
        entry=dict(info.entry),
        author=info.author,
        changed_at=info.changed_at,
    )


def plain_dict(value: Any) -> Any:
    """``value`` with tuples as lists (JSON-ready)."""
    if isinstance(value, dict):
        return {k: plain_dict(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_dict(v) for v in value]
    return value
