"""Groups and their players; export and import of everything as JSON; import of game records.

API: ``GET/POST /api/groups``, ``GET /api/groups/{id}``, ``POST /api/groups/{id}/players``,
``GET /api/groups/{id}/export``, ``GET /api/export``, ``POST /api/import``, ``POST /api/groups/{id}/records``.
Pages: ``/groups`` (list, new group, import), ``/groups/{id}`` (players, sittings, new sitting, records).

Who sees what (:mod:`doppelkopf.web.auth`): the list shows the groups of the request's member; a new group
and an import need the right to create groups (its creator becomes the group's admin); the export of
everything is the server owner's; a group's routes are its members' (the router's :func:`~..auth.guard`).

An import or upload is read up to the app's body limit (:data:`doppelkopf.web.deps.MAX_BODY_BYTES`, 16 MiB;
larger is a 413). An uploaded records file is written under a fixed name into a temporary folder of its own
(never under the name the browser sent); messages name it by the sent name, cleaned (:func:`shown_name`).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Body, Form, Request, UploadFile
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile as StarletteUpload

from ...jsonutil import loads_strict
from ...messages import Text
from ...storage import StoreError
from ...storage.members import Access
from ...storage.tables import Forbidden
from ..auth import get_members, request_access
from ..deps import render, request_translator
from ..forms import FormError, check_group_size, shown
from ..models import GroupIn, GroupOut, PlayerIn, SittingOut
from .common import GroupId, NotFound, Store, StoreDep, group_out, group_page_context, sitting_out

#: The name an uploaded records file is written under, in a temporary folder of its own.
RECORDS_FILE = "records.jsonl"
#: The most characters of an uploaded file's name that a message shows.
MAX_SHOWN_NAME = 60

api = APIRouter(prefix="/api", tags=["groups"])
pages = APIRouter(include_in_schema=False)


# -- API ------------------------------------------------------------------------------------------


def visible_groups(request: Request, store: Store) -> list[Any]:
    """The groups the request may see (all on an open server), in the Store's order."""
    access = request_access(request)
    return [g for g in store.groups() if access.reads(g.id)]


def check_creates_groups(access: Access) -> None:
    """Raise Forbidden unless ``access`` may create (and import) groups."""
    if not access.may_create_groups():
        raise Forbidden("groups: only the server's owner and whom the owner allows create groups")


def adopt(request: Request, group_ids: list[int]) -> None:
    """Make the request's member the admin of the groups it just created or imported."""
    access = request_access(request)
    if access.account_id is not None:
        for group_id in group_ids:
            get_members(request).add_admin(access.account_id, group_id)


@api.get("/groups", response_model=list[GroupOut])
def list_groups(request: Request, store: StoreDep) -> list[GroupOut]:
    """The groups of the request's member (every group on an open server) with their players."""
    return [group_out(g) for g in visible_groups(request, store)]


@api.post("/groups", response_model=GroupOut, status_code=201)
def create_group(request: Request, body: GroupIn, store: StoreDep) -> GroupOut:
    """A new group (name unique), optionally with its players (at most 100); its creator is its admin. 403 for
    a member who may not create groups."""
    check_creates_groups(request_access(request))
    check_group_size(len(body.players))
    group = store.create_group(body.name, body.players)
    adopt(request, [group.id])
    return group_out(group)


@api.get("/groups/{group_id}", response_model=GroupOut)
def get_group(group_id: GroupId, store: StoreDep) -> GroupOut:
    """The group with its players (in the order they joined)."""
    return group_out(store.group(group_id))


@api.post("/groups/{group_id}/players", response_model=GroupOut, status_code=201)
def add_player(group_id: GroupId, body: PlayerIn, store: StoreDep) -> GroupOut:
    """Add a player to the group (a name the group has already, in any case, is refused; at most 100 players)."""
    check_group_size(len(store.group(group_id).players) + 1)
    return group_out(store.add_player(group_id, body.name))


@api.get("/groups/{group_id}/export")
def export_group(group_id: GroupId, store: StoreDep) -> JSONResponse:
    """The group as lossless JSON (every sitting, game and version); ``POST /api/import`` reads it back."""
    return JSONResponse(store.export_json(group_id))


def check_owner(access: Access) -> None:
    """Raise Forbidden unless ``access`` is the server's owner's (or the server is open)."""
    if not (access.open or access.owner):
        raise Forbidden("export of everything: only the server's owner")


@api.get("/export")
def export_all(request: Request, store: StoreDep) -> JSONResponse:
    """Everything as lossless JSON (the server's owner only: 403 for anyone else)."""
    check_owner(request_access(request))
    return JSONResponse(store.export_json())


@api.post("/import", response_model=list[GroupOut], status_code=201)
def import_all(
    request: Request, data: Annotated[dict[str, Any], Body(description="JSON from an export.")], store: StoreDep
) -> list[Any]:
    """Import the JSON of an export (at most 16 MiB; larger is a 413); returns the groups it created, whose
    admin the importer is. A group that exists already, or anything that does not fit, is a 422 naming the
    field; nothing is written then. 403 for a member who may not create groups."""
    check_creates_groups(request_access(request))
    groups = store.import_json(data)
    adopt(request, [g.id for g in groups])
    return [group_out(g) for g in groups]


@api.post("/groups/{group_id}/records", response_model=SittingOut, status_code=201)
async def import_records(
    group_id: GroupId,
    file: UploadFile,
    store: StoreDep,
    cents_per_point: Annotated[int, Form()] = 10,
    place: Annotated[str, Form()] = "",
) -> SittingOut:
    """A new sitting from a file of game records that ``doko play``/``doko simulate`` wrote (JSON Lines, at most
    16 MiB): its rules and players are the records', every finished game an entry of the Liste. A file that is
    no records is a 422 naming the file (by its cleaned name) and the line."""
    info = await _import_records(store, group_id, file, cents_per_point, place)
    return sitting_out(info)


def shown_name(filename: str | None) -> str:
    """An uploaded file's name as a message shows it: its last path part (``../x.jsonl`` -> ``x.jsonl``), only
    printable characters, at most :data:`MAX_SHOWN_NAME` of them; ``"the uploaded file"`` for none, ``.``, ``..``."""
    name = (filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if ch.isprintable()).strip()
    if name in ("", ".", ".."):
        return "the uploaded file"
    return name if len(name) <= MAX_SHOWN_NAME else name[: MAX_SHOWN_NAME - 1] + "…"


def _renamed(exc: ValueError, path: Path, shown: str) -> ValueError:
    """``exc`` with the temporary file's path (and folder) in its message replaced by ``shown``."""
    message = str(exc).replace(str(path), shown).replace(str(path.parent), "…")
    if message == str(exc):
        return exc
    try:
        return type(exc)(message)
    except TypeError:  # an error class with other arguments: keep its meaning as the Store's refusal
        return StoreError(message)


async def _import_records(store: Store, group_id: int, file: StarletteUpload, cents: int, place: str) -> Any:
    """The sitting :meth:`doppelkopf.storage.Store.import_records` makes of the uploaded ``file`` (written to
    :data:`RECORDS_FILE` in a temporary folder). Raises the Store's refusal, naming the file by its shown name."""
    raw = await file.read()  # the body limit (BodyLimit) bounds it
    with tempfile.TemporaryDirectory(prefix="doko-records-") as folder:
        path = Path(folder) / RECORDS_FILE
        path.write_bytes(raw)
        try:
            return await run_in_threadpool(store.import_records, group_id, path, cents_per_point=cents, place=place)
        except ValueError as exc:
            raise _renamed(exc, path, shown_name(file.filename)) from None


# -- pages ----------------------------------------------------------------------------------------


def _download(content: str | bytes, filename: str, media_type: str) -> Response:
    return Response(
        content, media_type=media_type, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


def _groups_page(
    request: Request, store: Store, error: object = None, values: dict[str, str] | None = None
) -> Response:
    groups = visible_groups(request, store)
    access = request_access(request)
    text = request_translator(request).text(shown(error)) if isinstance(error, BaseException) else ""
    if error is not None and not isinstance(error, BaseException):
        text = request_translator(request).text(error)
    context = {
        "groups": groups,
        "error": text,
        "values": values or {},
        "creates_groups": access.may_create_groups(),
        "owner": access.open or access.owner,
        "claimed": access.known or get_members(request).claimed(),
    }
    return render(request, "groups.html", context, status_code=422 if error else 200)


@pages.get("/groups")
def groups_page(request: Request, store: StoreDep) -> Response:
    """Every group, the new-group form and the import of an export."""
    return _groups_page(request, store)


@pages.post("/groups")
def create_group_page(
    request: Request,
    store: StoreDep,
    name: Annotated[str, Form()] = "",
    players: Annotated[str, Form()] = "",
) -> Response:
    """A new group from the form (players one a line or comma-separated)."""
    names = [line.strip() for line in players.replace(",", "\n").splitlines() if line.strip()]
    check_creates_groups(request_access(request))
    try:
        check_group_size(len(names))
        group = store.create_group(name, names)
    except ValueError as exc:
        return _groups_page(request, store, exc, {"name": name, "players": players})
    adopt(request, [group.id])
    return RedirectResponse(f"/groups/{group.id}", status_code=303)


@pages.get("/groups/{group_id}")
def group_page(request: Request, group_id: GroupId, store: StoreDep) -> Response:
    """A group: its players, its sittings (newest first), the new-sitting form, the records import."""
    return render(request, "group.html", group_page_context(store, group_id, request_translator(request)))


@pages.post("/groups/{group_id}/players")
def add_player_page(
    request: Request, group_id: GroupId, store: StoreDep, name: Annotated[str, Form()] = ""
) -> Response:
    """Add a player to the group from the form."""
    try:
        check_group_size(len(store.group(group_id).players) + 1)
        store.add_player(group_id, name)
    except ValueError as exc:
        if isinstance(exc, NotFound):
            raise
        context = group_page_context(store, group_id, request_translator(request))
        context["player_error"] = request_translator(request).text(shown(exc))
        return render(request, "group.html", context, status_code=422)
    return RedirectResponse(f"/groups/{group_id}", status_code=303)


@pages.get("/groups/{group_id}/export.json")
def export_group_file(group_id: GroupId, store: StoreDep) -> Response:
    """The group as a JSON file to download (``POST /import`` reads it back)."""
    group = store.group(group_id)
    text = json.dumps(store.export_json(group_id), ensure_ascii=False, indent=1)
    return _download(text, f"doppelkopf-group-{group.id}.json", "application/json")


@pages.get("/export.json")
def export_all_file(request: Request, store: StoreDep) -> Response:
    """Everything as a JSON file to download (the server's owner only)."""
    check_owner(request_access(request))
    text = json.dumps(store.export_json(), ensure_ascii=False, indent=1)
    return _download(text, "doppelkopf-export.json", "application/json")


@pages.post("/import")
async def import_page(request: Request, file: UploadFile, store: StoreDep) -> Response:
    """Import an exported JSON file (at most 16 MiB); to the group it made, or the groups page with the message."""
    check_creates_groups(request_access(request))
    raw = await file.read()  # the body limit (BodyLimit) bounds it
    try:
        try:
            data = loads_strict(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise FormError("file", Text("not UTF-8 text")) from None
        except ValueError as exc:
            raise FormError("file", Text("not JSON from an export ({reason})", reason=str(exc))) from None
        if not isinstance(data, dict):
            raise FormError("file", Text("an export is a JSON object"))
        groups = await run_in_threadpool(store.import_json, data)
    except ValueError as exc:
        if isinstance(exc, NotFound):
            raise
        return await run_in_threadpool(_groups_page, request, store, Text("Import: {reason}", reason=shown(exc)))
    await run_in_threadpool(adopt, request, [g.id for g in groups])
    if len(groups) == 1:
        return RedirectResponse(f"/groups/{groups[0].id}", status_code=303)
    return RedirectResponse("/groups", status_code=303)


@pages.post("/groups/{group_id}/records")
async def import_records_page(request: Request, group_id: GroupId, store: StoreDep) -> Response:
    """A new sitting from an uploaded records file (``doko play/simulate --records``); to its list."""
    form = await request.form()
    upload = form.get("file")
    try:
        if upload is None or isinstance(upload, str) or not upload.filename:
            raise FormError("file", Text("choose a file of game records (.jsonl)"))
        cents_text = str(form.get("cents_per_point", "10") or "10").strip()
        if not cents_text.isdigit() or len(cents_text) > 6:
            raise FormError("cents_per_point", Text("{text} is no whole number of cents", text=repr(cents_text[:20])))
        info = await _import_records(store, group_id, upload, int(cents_text), str(form.get("place", "")))
    except ValueError as exc:
        if isinstance(exc, NotFound):
            raise
        context = await run_in_threadpool(group_page_context, store, group_id, request_translator(request))
        context["records_error"] = request_translator(request).text(shown(exc))
        return render(request, "group.html", context, status_code=422)
    return RedirectResponse(f"/sittings/{info.id}", status_code=303)
