"""What the routers share: the Store dependency, the path parameters, the conversions of the Store's infos
to API models (each filled from the info's attributes by :func:`doppelkopf.web.models.from_info`), the
context of the group page (shown by the groups router and, after a refused new sitting, by the sittings
router) and the reading of an uploaded rule file (new sittings and new tables). Routers import this module,
never each other."""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from fastapi import Depends, Path
from starlette.datastructures import UploadFile

from ...rulefile import RULE_FILE_LIMIT, rules_from_bytes
from ...rules import PRESETS, RuleSet
from ...storage import Conflict, GameInfo, GameVersionInfo, GroupInfo, NotFound, SittingInfo, Store
from ..deps import date_text, get_store
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
    "group_page_context",
    "sitting_out",
    "uploaded_rules",
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


def group_page_context(store: Store, group_id: int) -> dict[str, Any]:
    """What ``group.html`` shows: the group, its sittings newest first (API models), the presets, the sit-out
    choices with their descriptions (``doppelkopf.liste``), the table sizes, today, and no error yet."""
    from ...liste import MAX_PLAYERS, MIN_PLAYERS, sit_out_choices

    group = store.group(group_id)
    sittings = sorted(store.sittings(group_id), key=lambda s: (s.date or datetime.date.min, s.id), reverse=True)
    return {
        "group": group,
        "sittings": [sitting_out(s) for s in sittings],
        "presets": sorted(PRESETS),
        "sit_out_choices": sit_out_choices(),
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "today": date_text(datetime.date.today()),
        "error": "",
        "error_field": "",
        "values": {},
        "player_error": "",
        "records_error": "",
    }


async def uploaded_rules(upload: object, field: str = "rules_file") -> RuleSet | None:
    """The rule set of a form's uploaded rule file (``upload``: the form's value of ``field``), read as the CLI
    reads ``--rules FILE`` (:func:`doppelkopf.rulefile.rules_from_bytes`: at most 256 KiB, UTF-8 with an
    optional byte order mark, an edited preset named after the uploaded file's name); ``None`` where no file
    was chosen (no such field, a text field, an upload without a file name).

    Raises RuleError naming ``field``: too large, not UTF-8 text, not valid TOML, a bad option.
    """
    if not isinstance(upload, UploadFile) or not upload.filename:
        return None
    return rules_from_bytes(await upload.read(RULE_FILE_LIMIT + 1), field, upload.filename)
