"""The games of a sitting: enter, correct, delete, and the history of every change.

API: ``GET/POST /api/sittings/{id}/games``, ``GET/PUT/DELETE /api/sittings/{id}/games/{number}``
(``PUT`` and ``DELETE`` want the game's ``version`` the client saw: a stale one is a 409; every write may carry a
``client_id`` the client made, and a write sent again with it is taken once),
``GET /api/sittings/{id}/games/{number}/history``, ``GET /api/sittings/{id}/history``.
Pages: ``/sittings/{id}/games/new`` (the entry form, ``?mode=quick`` for winners and Punkte only),
``POST /sittings/{id}/games``, ``/sittings/{id}/games/{number}`` (the game, its correction form and its
history), ``POST /sittings/{id}/games/{number}`` (correct), ``POST /sittings/{id}/games/{number}/delete``.

Every write wakes the live lists of the sitting (:class:`doppelkopf.web.events.Notifier`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ...liste import entry_form
from ...messages import N_, Text
from ...rules import LEVEL_KEYS, LEVEL_LABELS
from ...scoring import SONDERPUNKT_LABELS
from ...storage.tables import Forbidden
from ..auth import author_of, request_access
from ..deps import get_notifier, render, request_translator
from ..forms import (
    FIELD_LABELS,
    PARTIES,
    FormError,
    GameForm,
    check_author,
    entry_to_form,
    error_field,
    field_errors,
    form_to_entry,
    read_form,
)
from ..models import GameEdit, GameIn, GameOut, GameVersionOut
from ..views import bock_label, row_view, score_sheet, trigger_label
from .common import MAX_ID, Conflict, GameNumber, NotFound, SittingId, Store, StoreDep, game_out, version_out

api = APIRouter(prefix="/api", tags=["games"])
pages = APIRouter(include_in_schema=False)

#: The cookie that remembers who enters games on this phone (shown in the history and in conflicts).
AUTHOR_COOKIE = "doko_author"


# -- API ------------------------------------------------------------------------------------------


@api.get("/sittings/{sitting_id}/games", response_model=list[GameOut])
def list_games(
    sitting_id: SittingId, store: StoreDep, deleted: Annotated[bool, Query(description="Also deleted games.")] = False
) -> list[GameOut]:
    """The sitting's games in list order (with ``deleted=true`` the deleted ones after them)."""
    return [game_out(g) for g in store.games(sitting_id, deleted=deleted)]


@api.post("/sittings/{sitting_id}/games", response_model=GameOut, status_code=201)
def add_game(request: Request, sitting_id: SittingId, body: GameIn, store: StoreDep) -> GameOut:
    """Enter the next game. With ``number`` (the next game's number as the client saw it) a game entered
    meanwhile by someone else is a 409 instead of a second game."""
    info = store.add_game(
        sitting_id,
        body.entry,
        number=body.number,
        author=author_of(request, check_author(body.author)),
        client_id=body.client_id,
    )
    get_notifier(request).notify(sitting_id)
    return game_out(info)


@api.get("/sittings/{sitting_id}/games/{number}", response_model=GameOut)
def get_game(sitting_id: SittingId, number: GameNumber, store: StoreDep) -> GameOut:
    """The game ``number`` of the list: its entry, its row (Punkte, totals, Bock), its version and who changed it
    last."""
    return game_out(store.game(sitting_id, number))


@api.put("/sittings/{sitting_id}/games/{number}", response_model=GameOut)
def edit_game(request: Request, sitting_id: SittingId, number: GameNumber, body: GameEdit, store: StoreDep) -> GameOut:
    """Correct a game with the ``version`` the client saw (a stale one is a 409 naming who changed it); every later
    game is computed again (its Bock, Pflichtsolo, totals; each game keeps its dealer)."""
    info = store.edit_game(
        sitting_id,
        number,
        body.entry,
        version=body.version,
        author=author_of(request, check_author(body.author)),
        client_id=body.client_id,
    )
    get_notifier(request).notify(sitting_id)
    return game_out(info)


@api.delete("/sittings/{sitting_id}/games/{number}", status_code=204)
def delete_game(
    request: Request,
    sitting_id: SittingId,
    number: GameNumber,
    store: StoreDep,
    version: Annotated[int, Query(ge=0, le=MAX_ID, description="The game's version the client saw.")],
    author: Annotated[str, Query()] = "",
    client_id: Annotated[str | None, Query(description="An id the client made for this write: taken once.")] = None,
) -> Response:
    """Delete a game with the ``version`` the client saw (a stale one is a 409): the later games move up and are
    computed again (a Bock it started is gone); its versions stay in the history."""
    store.delete_game(
        sitting_id, number, version=version, author=author_of(request, check_author(author)), client_id=client_id
    )
    get_notifier(request).notify(sitting_id)
    return Response(status_code=204)


@api.get("/sittings/{sitting_id}/games/{number}/history", response_model=list[GameVersionOut])
def game_history(sitting_id: SittingId, number: GameNumber, store: StoreDep) -> list[GameVersionOut]:
    """Every version of the game (and of games deleted while they had this number), oldest first."""
    return [version_out(v) for v in store.history(sitting_id, number)]


@api.get("/sittings/{sitting_id}/history", response_model=list[GameVersionOut])
def sitting_history(sitting_id: SittingId, store: StoreDep) -> list[GameVersionOut]:
    """Every change of the sitting's games, oldest first."""
    return [version_out(v) for v in store.history(sitting_id)]


# -- pages ----------------------------------------------------------------------------------------


def _options(store: Store, sitting_id: int) -> dict[str, Any]:
    """What the form may offer under the sitting's rules, all read from ``doppelkopf.liste.entry_form``: the
    games, the announcements per party, the Sonderpunkte kinds with the most one game holds of each, the Bock
    events, Pflichtsolo and the limits of the number fields (``limits``: Augen, Punkte, tricks)."""
    spec = entry_form(store.rules(sitting_id))
    limits = spec["limits"]
    most = limits["extras"]
    levels = [(item["key"], LEVEL_LABELS.get(item["level"], item["key"])) for item in spec["announcements"]]
    levels = [(key, label) for key, label in levels if key in LEVEL_KEYS.values()]
    return {
        "games": spec["games"],
        "announcements": {party: [("", N_("none")), (party, party.capitalize()), *levels] for party in PARTIES},
        "extras": [(kind, SONDERPUNKT_LABELS.get(kind, kind), most.get(kind, 1)) for kind in spec["extras"]],
        "events": [(e["key"], trigger_label(e["key"]), e["label"]) for e in spec["events"]],
        "pflichtsolo": spec["pflichtsolo"],
        "limits": limits,
    }


def _form_context(
    request: Request,
    store: Store,
    sitting_id: int,
    form: GameForm | None,
    *,
    number: int | None = None,
    version: int | None = None,
    error: BaseException | None = None,
    conflict: bool = False,
) -> dict[str, Any]:
    """The entry form (``number`` None: the next game, else the correction of that game) with the values typed
    (``form``; None: the stored game's entry) and the refusal ``error``: each field at fault gets its message
    next to it (``field_errors``), with the field's label in the reader's language; a conflict is said once."""
    tr = request_translator(request)
    sitting = store.sitting(sitting_id)
    fields: dict[str, str] = {}
    message = ""
    if error is not None:
        if conflict:
            text = tr.text(error).strip()
            message = text[:1].upper() + text[1:]
        else:
            fields, message = field_errors(error, tr)
            if fields and not message:
                message = " "  # the summary above the form: the fields are listed there too
    context: dict[str, Any] = {
        "sitting": sitting,
        "group": store.group(sitting.group_id),
        "error": message,
        "field_errors": fields,
        "error_field": next(iter(fields), ""),
        "conflict": conflict,
        "field_labels": {key: tr.gettext(label) for key, label in FIELD_LABELS.items()},
        "author": request.cookies.get(AUTHOR_COOKIE, ""),
        "notice": "",
        **_options(store, sitting_id),
    }
    if number is None:
        nxt = store.liste_page(sitting_id, -1, 1).next
        context.update(
            form=form or GameForm(),
            editing=None,
            number=nxt.number,
            version=None,
            active=list(nxt.active),
            dealer=nxt.dealer,
            sitting_out=list(nxt.sitting_out),
            bock=bock_label(nxt.bock_multiplier) if nxt.bock_multiplier > 1 else "",
            forced_solo=nxt.forced_solo,
            action=f"/sittings/{sitting_id}/games",
        )
    else:
        game = store.game(sitting_id, number)
        row = game.row
        assert row is not None  # a game on the list has its row
        context.update(
            sheet=score_sheet(store.rules(sitting_id), row, game.entry, sitting.players, tr),
            form=form or entry_to_form(game.entry),
            editing=game,
            row=row_view(sitting.players, row, game.version),
            number=number,
            version=game.version if version is None else version,
            active=list(row.active),
            dealer=row.dealer,
            sitting_out=list(row.sitting_out),
            bock=bock_label(row.multiplier) if row.multiplier > 1 else "",
            forced_solo=None,
            action=f"/sittings/{sitting_id}/games/{number}",
            history=store.history(sitting_id, number),
            players=list(sitting.players),
        )
    return context


@pages.get("/sittings/{sitting_id}/history")
def sitting_history_page(request: Request, sitting_id: SittingId, store: StoreDep) -> Response:
    """The page of every change of the sitting's games, oldest first."""
    sitting = store.sitting(sitting_id)
    context = {"sitting": sitting, "group": store.group(sitting.group_id), "history": store.history(sitting_id)}
    return render(request, "history.html", context)


@pages.get("/sittings/{sitting_id}/games/new")
def new_game_page(
    request: Request, sitting_id: SittingId, store: StoreDep, mode: Annotated[str, Query()] = "full"
) -> Response:
    """The entry form of the next game (``?mode=quick``: winners and Punkte only); a viewer link's screen gets
    403 (it enters nothing)."""
    if not request_access(request).writes(store.group_of(sitting_id)):
        raise Forbidden("viewer link: it reads the Liste and changes nothing")
    form = GameForm(mode="quick" if mode == "quick" else "full")
    return render(request, "game_form.html", _form_context(request, store, sitting_id, form))


async def _submitted(request: Request) -> tuple[GameForm, dict[str, str]]:
    data = await request.form()
    fields: dict[str, list[str]] = {}
    for key, value in data.multi_items():
        if isinstance(value, str):
            fields.setdefault(key, []).append(value)
    form = read_form(fields)
    meta = {key: values[0] for key, values in fields.items() if key in ("number", "version", "author", "client_id")}
    return form, meta


#: The fields whose check by the Liste does not hang on the number fields (the players named, the game, the
#: Bock events): their problem is named too when a number field is refused already.
NAMING_FIELDS = ("game", "re", "winners", "events")


def _liste_problem(store: Store, sitting_id: int, form: GameForm, number: int | None) -> tuple[str, Any] | None:
    """The Liste's first problem with the names of a form whose number fields were refused (they are set to a
    value in range for this check only): ``(field, error)`` when it names one of :data:`NAMING_FIELDS`, else
    ``None``. ``number``: the game corrected (``None``: a new game). Nothing is stored."""
    from ...liste import check_game_entry

    typed = GameForm(**{**form.__dict__, "problems": {}, "extra_fields": [], "extras": {}})
    typed.augen_re, typed.tricks_re, typed.punkte = "120", "", "1"
    try:
        entry = form_to_entry(typed, {})
        sitting = store.sitting(sitting_id)
        previous = [g.entry for g in store.games(sitting_id)]
        if number is not None:
            previous = previous[: number - 1]
        check_game_entry(store.rules(sitting_id), sitting.players, previous, entry, sitting.sit_out)
    except ValueError as exc:
        field = error_field(str(exc))
        return (field, exc) if field in NAMING_FIELDS else None
    return None


def _checked(
    store: Store, sitting_id: int, form: GameForm, author: str, number: int | None = None
) -> tuple[dict[str, Any], str]:
    """The entry of a submitted form and who entered it (:func:`check_author`); raises one FormError naming
    every field at fault: the author's, the number fields', and, where those are refused, the Liste's problem
    with the players named (:func:`_liste_problem`)."""
    problems: dict[str, Any] = {}
    entry: dict[str, Any] = {}
    try:
        author = check_author(author)
    except FormError as exc:
        problems.update(exc.problems)
    try:
        entry = _entry(store, sitting_id, form)
    except FormError as exc:
        problems = {**exc.problems, **problems}
        more = _liste_problem(store, sitting_id, form, number)
        if more is not None and more[0] not in problems:
            problems[more[0]] = more[1]
    if problems:
        first = next(iter(problems))
        raise FormError(first, problems[first], problems)
    return entry, author


def _entry(store: Store, sitting_id: int, form: GameForm) -> dict[str, Any]:
    """The entry of a submitted form, its Sonderpunkte bounded by the rules' limits (raises FormError)."""
    spec = entry_form(store.rules(sitting_id))
    most = spec["limits"]["extras"]
    return form_to_entry(form, {kind: most.get(kind, 1) for kind in spec["extras"]}, spec["limits"])


def _int_field(meta: dict[str, str], name: str) -> int | None:
    text = meta.get(name, "").strip()
    return int(text) if text.isdigit() and len(text) < 12 and int(text) <= MAX_ID else None


def _with_author(response: Response, author: str) -> Response:
    if author:
        response.set_cookie(AUTHOR_COOKIE, author, max_age=400 * 24 * 3600, samesite="lax", httponly=True)
    return response


def _refused(exc: ValueError) -> tuple[int, bool]:
    """HTTP status of a refused write and whether it was a conflict."""
    if isinstance(exc, Conflict):
        return 409, True
    return 422, False


def _gone(request: Request, store: Store, sitting_id: int, number: int, exc: NotFound) -> Response:
    """The game a correction was meant for is not on the list any more (deleted meanwhile): a conflict.
    Raises NotFound when the sitting itself is gone (404)."""
    store.sitting(sitting_id)
    tr = request_translator(request)
    message = tr.text(
        Text("Game {number} was deleted meanwhile ({reason}) – reload the list", number=number, reason=exc)
    )
    return render(request, "error.html", {"status": 409, "message": message}, status_code=409)


def _game_page_again(
    request: Request, store: Store, sitting_id: int, number: int, form: GameForm | None, version: int | None, exc: Any
) -> Response:
    """The game's page after its correction or deletion was refused (``exc``): the form as typed (``form``; None:
    the stored entry) with the message, 409 for a conflict, 422 else; a game deleted meanwhile: :func:`_gone`."""
    if isinstance(exc, NotFound):
        return _gone(request, store, sitting_id, number, exc)
    status, conflict = _refused(exc)
    try:
        context = _form_context(
            request, store, sitting_id, form, number=number, version=version, error=exc, conflict=conflict
        )
    except NotFound as gone:
        return _gone(request, store, sitting_id, number, gone)
    return render(request, "game.html", context, status_code=status)


@pages.post("/sittings/{sitting_id}/games")
async def add_game_page(request: Request, sitting_id: SittingId, store: StoreDep) -> Response:
    """Enter the next game from the form; back to the list, or the form again with the field named. The form
    always sends the game number it shows (``number``: entering the same game twice is a 409, a missing or
    invalid number a 422); ``author`` is bounded (:func:`doppelkopf.web.forms.check_author`)."""
    form, meta = await _submitted(request)
    author = meta.get("author", "").strip()
    try:
        entry, author = await run_in_threadpool(_checked, store, sitting_id, form, author)
        author = author_of(request, author)
        number = _int_field(meta, "number")
        if number is None:
            raise FormError("number", Text("missing or no game number: reload the list and enter the game again"))
        client_id = meta.get("client_id") or None  # made by the page's script (offline.js): taken once
        await run_in_threadpool(store.add_game, sitting_id, entry, number=number, author=author, client_id=client_id)
    except ValueError as exc:
        if isinstance(exc, NotFound):
            raise
        status, conflict = _refused(exc)
        context = await run_in_threadpool(_form_context, request, store, sitting_id, form, error=exc, conflict=conflict)
        if conflict:
            context["number"] = _int_field(meta, "number") or context["number"]
        return render(request, "game_form.html", context, status_code=status)
    get_notifier(request).notify(sitting_id)
    where = f"/sittings/{sitting_id}?saved={number}#liste-end"
    return _with_author(RedirectResponse(where, status_code=303), author)


@pages.get("/sittings/{sitting_id}/games/{number}")
def game_page(
    request: Request,
    sitting_id: SittingId,
    number: GameNumber,
    store: StoreDep,
    mode: Annotated[str | None, Query()] = None,
) -> Response:
    """A game: its row, its correction form (``?mode=`` full or quick) and its history."""
    game = store.game(sitting_id, number)
    form = entry_to_form(game.entry)
    if mode in ("full", "quick"):
        form.mode = mode
    context = _form_context(request, store, sitting_id, form, number=number)
    return render(request, "game.html", context)


async def _change_game_page(request: Request, store: Store, sitting_id: int, number: int, *, delete: bool) -> Response:
    """Correct (the form's entry) or delete game ``number`` with the version the page showed; back to the list,
    or, when refused, the game's page with the message (:func:`_game_page_again`)."""
    form, meta = await _submitted(request)
    author = meta.get("author", "").strip()
    version = _int_field(meta, "version")
    client_id = meta.get("client_id") or None  # made by the page's script (offline.js): taken once
    try:
        entry: dict[str, Any] | None = None
        if delete:
            author = check_author(author)
        else:
            entry, author = await run_in_threadpool(_checked, store, sitting_id, form, author, number)
        author = author_of(request, author)
        if version is None:
            reason = (
                Text("missing: reload the game and delete it again")
                if delete
                else Text("missing: reload the game and correct it again")
            )
            raise FormError("version", reason)
        if entry is None:
            await run_in_threadpool(
                store.delete_game, sitting_id, number, version=version, author=author, client_id=client_id
            )
        else:
            await run_in_threadpool(
                store.edit_game, sitting_id, number, entry, version=version, author=author, client_id=client_id
            )
    except ValueError as exc:
        typed, seen = (None, None) if delete else (form, version)
        return await run_in_threadpool(_game_page_again, request, store, sitting_id, number, typed, seen, exc)
    get_notifier(request).notify(sitting_id)
    where = (
        f"/sittings/{sitting_id}?deleted={number}"
        if delete
        else f"/sittings/{sitting_id}?corrected={number}#game-{number}"
    )
    return _with_author(RedirectResponse(where, status_code=303), author)


@pages.post("/sittings/{sitting_id}/games/{number}")
async def edit_game_page(request: Request, sitting_id: SittingId, number: GameNumber, store: StoreDep) -> Response:
    """Correct the game from the form (409 when someone changed it meanwhile)."""
    return await _change_game_page(request, store, sitting_id, number, delete=False)


@pages.post("/sittings/{sitting_id}/games/{number}/delete")
async def delete_game_page(request: Request, sitting_id: SittingId, number: GameNumber, store: StoreDep) -> Response:
    """Delete the game (409 when someone changed it meanwhile)."""
    return await _change_game_page(request, store, sitting_id, number, delete=True)
