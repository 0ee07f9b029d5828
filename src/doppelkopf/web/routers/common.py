"""What the routers share: the Store dependency, the path parameters and the conversions of the Store's infos
to API models (each filled from the info's attributes by :func:`doppelkopf.web.models.from_info`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path

from ...storage import Conflict, GameInfo, GameVersionInfo, GroupInfo, NotFound, SittingInfo, Store
from ..deps import get_store
from ..models import GameOut, GameVersionOut, GroupOut, SittingOut, from_info

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
    """The API's group."""
    return from_info(GroupOut, info)


def sitting_out(info: SittingInfo) -> SittingOut:
    """The API's sitting."""
    return from_info(SittingOut, info)


def game_out(info: GameInfo) -> GameOut:
    """The API's game (its entry and its row on the Liste)."""
    return from_info(GameOut, info)


def version_out(info: GameVersionInfo) -> GameVersionOut:
    """The API's change of a game (one version of the audit trail)."""
    return from_info(GameVersionOut, info)
