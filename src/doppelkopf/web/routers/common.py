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

from ...i18n import Translator, translator
from ...messages import N_
from ...rulefile import RULE_FILE_LIMIT, rules_from_bytes
from ...rules import PRESETS, RuleSet
from ...storage import Conflict, GameInfo, GameVersionInfo, GroupInfo, NotFound, SittingInfo, Store
from ..deps import get_store, input_date
from ..forms import FormError
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
    "shown_error",
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


#: What the new-sitting form calls each field an error can name (English msgids).
SITTING_LABELS = {
    "players": N_("Players"),
    "rules": N_("Rules"),
    "rules_file": N_("Rule file"),
    "cents_per_point": N_("Cents per Punkt"),
    "place": N_("Place"),
    "date": N_("Date"),
    "sit_out": N_("Who sits out"),
    "name": N_("Name"),
    "file": N_("File"),
}


def shown_error(exc: BaseException, tr: Translator) -> tuple[str, str]:
    """A refused form's field (the first name of the message's ``field.path:``, ``""`` for none) and the
    message in ``tr``'s language without that path (the page writes the field's label before it)."""
    if isinstance(exc, FormError):
        return exc.field, tr.text(exc.reason)
    english = str(exc).strip()
    translated = tr.text(exc).strip()
    head, sep, _ = english.partition(":")
    field = head.split("[", 1)[0].split(".", 1)[0].strip()
    if not sep or field not in SITTING_LABELS:
        return "", translated
    at = translated.find(head + ":")
    return field, translated[at + len(head) + 1 :].strip() if at >= 0 else translated


def group_page_context(store: Store, group_id: int, tr: Translator | None = None) -> dict[str, Any]:
    """What ``group.html`` shows: the group, its sittings newest first (API models), the presets, the sit-out
    choices with their descriptions (``doppelkopf.liste``), the table sizes, today (as the date field of
    ``tr``'s language holds it), the labels of the fields, and no error yet."""
    tr = tr or translator("de")
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
        "today": input_date(datetime.date.today(), tr.language),
        "sitting_labels": {key: tr.gettext(label) for key, label in SITTING_LABELS.items()},
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
