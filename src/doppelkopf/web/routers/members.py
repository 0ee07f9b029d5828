"""Members, invitations and devices (see :mod:`doppelkopf.storage.members` and :mod:`doppelkopf.web.auth`).

Pages: ``/setup/{token}`` (the owner claims the server with the link ``doko serve`` printed), ``/join/{token}``
(an invitation or a device link: the person joins, the device keeps a session), ``/view/{token}`` (a viewer
link: this screen reads the group's Liste), ``/groups/{id}/members`` (members, roles, invitations, viewer links;
the admins invite and revoke), ``/me`` (this account: its devices, a link for another device, a password,
log out; the owner: who may create groups), ``/login`` (name and password on a new device).

API: ``POST /api/setup/{token}``, ``POST /api/join/{token}``, ``GET /api/me``, ``GET /api/me/sessions``,
``DELETE /api/me/sessions/{id}``, ``POST /api/me/device-link``, ``POST /api/me/password``, ``POST /api/login``,
``POST /api/logout``, ``GET /api/groups/{id}/members``, ``PUT/DELETE /api/groups/{id}/members/{account}``,
``GET/POST /api/groups/{id}/invitations``, ``DELETE /api/groups/{id}/invitations/{inv}``,
``POST /api/groups/{id}/viewer-links``. A new session's token is set as the cookie and also returned in the
JSON (a client without cookies sends it as ``Authorization: Bearer``).

A link that is unknown, used, expired or revoked is a 404 with one message for all; more than
:data:`~doppelkopf.web.auth.ATTEMPTS_PER_MINUTE` failed links or logins per address and minute a 429.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from ...messages import N_, Text
from ...storage.members import INVITE_TTL, MAX_USES, ROLES, Access, InvitationError, InvitationInfo
from ...storage.passkeys import Passkeys
from ...storage.tables import Forbidden
from ..auth import (
    device_label,
    forget_session,
    get_members,
    keep_session,
    limited,
    request_access,
)
from ..deps import render, request_translator
from ..forms import shown
from .common import MAX_ID, GroupId, NotFound, StoreDep

api = APIRouter(prefix="/api", tags=["members"])
pages = APIRouter(include_in_schema=False)

Token = Annotated[str, Path(min_length=10, max_length=200, description="The secret of the link.")]
AccountId = Annotated[int, Path(ge=1, le=MAX_ID, description="The member's account id.")]
ItemId = Annotated[int, Path(ge=1, le=MAX_ID, description="The invitation's or session's id.")]

__all__ = ["api", "pages", "link_of", "qr_svg"]


# -- helpers ----------------------------------------------------------------------------------------


def link_of(request: Request, kind: str, token: str) -> str:
    """The full link of a secret: ``<this server>/join/<token>`` (``kind`` ``join``, ``setup`` or ``view``)."""
    return f"{str(request.base_url).rstrip('/')}/{kind}/{token}"


def qr_svg(link: str) -> str:
    """``link`` as a QR code, an SVG ``data:`` URI for an ``<img>`` (segno)."""
    import segno

    uri: str = segno.make(link, error="m").svg_data_uri(scale=4, border=2)
    return uri


async def _guarded(request: Request, call: Any, *args: Any, **kwargs: Any) -> Any:
    """``call(*args)`` in the thread pool, an invalid link counted against the request's address."""
    return await limited(request, (InvitationError,), call, *args, **kwargs)


# -- API models ---------------------------------------------------------------------------------


class NameIn(BaseModel):
    """Who joins or claims: the name the group sees (as the Liste writes players' names)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field("", max_length=100)


class LoginIn(BaseModel):
    """A login name and password."""

    model_config = ConfigDict(extra="forbid")
    login: str = Field(max_length=100)
    password: str = Field(max_length=200)


class InvitationIn(BaseModel):
    """A new invitation: the ``role`` (admin, member), the ``player`` of the Liste it is meant for (optional),
    how many people it admits (``max_uses``; ``null``: any number until it expires) and for how many days it
    is valid (``days``; ``null``: until revoked)."""

    model_config = ConfigDict(extra="forbid")
    role: str = "member"
    player: str | None = Field(None, max_length=100)
    max_uses: int | None = Field(1, ge=1, le=MAX_USES)
    days: int | None = Field(INVITE_TTL.days, ge=1, le=366)


class RoleIn(BaseModel):
    """A member's new role."""

    model_config = ConfigDict(extra="forbid")
    role: str


class SessionOut(BaseModel):
    """A new session: its account (``null`` for a viewer link) and its token (also set as the cookie)."""

    account_id: int | None
    name: str | None
    token: str | None


def _session_out(account: Any, token: str | None) -> SessionOut:
    return SessionOut(
        account_id=account.id if account is not None else None,
        name=account.name if account is not None else None,
        token=token,
    )


def _invitation_dict(info: InvitationInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "kind": info.kind,
        "group_id": info.group_id,
        "role": info.role,
        "player": info.player,
        "created_by": info.created_by,
        "created_at": info.created_at.isoformat(),
        "expires_at": info.expires_at.isoformat() if info.expires_at else None,
        "max_uses": info.max_uses,
        "uses": info.uses,
        "revoked": info.revoked,
        "usable": info.usable,
    }


def _with_session(response: Response, token: str | None, request: Request) -> Response:
    if token:
        keep_session(response, token, request)
    return _secret(response)


def _secret(response: Response) -> Response:
    """``response`` marked never to be stored (a browser's cache, a proxy): it carries a token or a link."""
    response.headers["Cache-Control"] = "no-store"
    return response


# -- API: claim, join, log in -------------------------------------------------------------------------


@api.post("/setup/{token}", response_model=SessionOut)
async def api_claim(request: Request, token: Token, body: NameIn) -> Response:
    """Claim the server with the setup link's token: the caller becomes its owner (and the admin of every
    group already there). 404 for a link not valid."""
    account, session = await _guarded(request, get_members(request).claim, token, body.name, device_label(request))
    return _with_session(_json(_session_out(account, session)), session, request)


@api.post("/join/{token}", response_model=SessionOut)
async def api_join(request: Request, token: Token, body: NameIn) -> Response:
    """Use an invitation (join its group as ``name``, or as the account of this device's session), a device
    link or a viewer link. 404 for a link not valid."""
    access = request_access(request)
    account, session = await _guarded(
        request,
        get_members(request).join,
        token,
        body.name,
        device_label(request),
        as_access=access if access.account_id is not None else None,
    )
    return _with_session(_json(_session_out(account, session)), session, request)


def _json(model: BaseModel) -> Response:
    from fastapi.responses import JSONResponse

    return JSONResponse(model.model_dump())


@api.post("/login", response_model=SessionOut)
async def api_login(request: Request, body: LoginIn) -> Response:
    """A new session with a login name and password (422 when wrong; 429 after too many tries)."""
    account, session = await _login(request, body.login, body.password)
    return _with_session(_json(_session_out(account, session)), session, request)


async def _login(request: Request, login: str, password: str) -> tuple[Any, str]:
    result: tuple[Any, str] = await limited(
        request, (ValueError,), get_members(request).login, login, password, device_label(request)
    )
    return result


@api.post("/logout", status_code=204)
def api_logout(request: Request) -> Response:
    """End this device's session (the cookie's)."""
    _end_own_session(request)
    response = Response(status_code=204)
    forget_session(response)
    return response


def _end_own_session(request: Request) -> None:
    access = request_access(request)
    if access.session_id is not None and access.account_id is not None:
        get_members(request).revoke_session(access, access.session_id)


# -- API: this account ------------------------------------------------------------------------------


def _account_or_404(request: Request) -> Access:
    access = request_access(request)
    if access.account_id is None:
        raise NotFound("account: not found")
    return access


@api.get("/me")
def api_me(request: Request) -> dict[str, Any]:
    """This device's account: ``name``, ``owner``, ``creates_groups``, ``roles`` (group id -> role); a viewer
    link's session: only its ``roles``. 404 without a session."""
    access = request_access(request)
    if not access.known:
        raise NotFound("account: not found")
    return {
        "account_id": access.account_id,
        "name": access.name,
        "owner": access.owner,
        "creates_groups": access.may_create_groups(),
        "roles": {str(k): v for k, v in access.roles.items()},
        "open": access.open,
    }


@api.get("/me/sessions")
def api_sessions(request: Request) -> list[dict[str, Any]]:
    """This account's devices (sessions), newest first; ``current`` marks this one."""
    access = _account_or_404(request)
    return [
        {
            "id": s.id,
            "label": s.label,
            "created_at": s.created_at.isoformat(),
            "seen_at": s.seen_at.isoformat(),
            "revoked": s.revoked,
            "current": s.id == access.session_id,
        }
        for s in get_members(request).sessions(access)
    ]


@api.delete("/me/sessions/{session_id}", status_code=204)
def api_revoke_session(request: Request, session_id: ItemId) -> Response:
    """End one of this account's sessions (a lost phone)."""
    get_members(request).revoke_session(_account_or_404(request), session_id)
    return Response(status_code=204)


@api.post("/me/device-link")
def api_device_link(request: Request, response: Response) -> dict[str, str]:
    """A one-time link (30 minutes) that lets another device in as this account."""
    token = get_members(request).device_link(_account_or_404(request))
    _secret(response)
    return {"token": token, "link": link_of(request, "join", token)}


@api.post("/me/password", status_code=204)
def api_password(request: Request, body: LoginIn) -> Response:
    """Set this account's login name and password (the way back in on a new device)."""
    get_members(request).set_password(_account_or_404(request), body.login, body.password)
    return Response(status_code=204)


# -- API: a group's members and invitations ----------------------------------------------------------


@api.get("/groups/{group_id}/members")
def api_members(request: Request, group_id: GroupId) -> list[dict[str, Any]]:
    """The group's members (admins first): ``account_id``, ``name``, ``role``, ``player``, ``since``."""
    return [
        {"account_id": m.account_id, "name": m.name, "role": m.role, "player": m.player, "since": m.since.isoformat()}
        for m in get_members(request).members(request_access(request), group_id)
    ]


@api.put("/groups/{group_id}/members/{account_id}", status_code=204)
def api_set_role(request: Request, group_id: GroupId, account_id: AccountId, body: RoleIn) -> Response:
    """Give a member another role (admins only; the last admin stays admin)."""
    get_members(request).set_role(request_access(request), group_id, account_id, body.role)
    return Response(status_code=204)


@api.delete("/groups/{group_id}/members/{account_id}", status_code=204)
def api_remove_member(request: Request, group_id: GroupId, account_id: AccountId) -> Response:
    """Remove a member (admins; a member may leave); the games it entered stay."""
    get_members(request).remove_member(request_access(request), group_id, account_id)
    return Response(status_code=204)


@api.get("/groups/{group_id}/invitations")
def api_invitations(request: Request, group_id: GroupId) -> list[dict[str, Any]]:
    """The group's invitations and viewer links (admins only), newest first; never their tokens."""
    return [_invitation_dict(i) for i in get_members(request).invitations(request_access(request), group_id)]


@api.post("/groups/{group_id}/invitations", status_code=201)
def api_invite(request: Request, response: Response, group_id: GroupId, body: InvitationIn) -> dict[str, Any]:
    """A new invitation (admins only): its data, ``token`` and ``link`` (shown once)."""
    _secret(response)
    info, token = get_members(request).invite(
        request_access(request),
        group_id,
        role=body.role,
        player=body.player or None,
        max_uses=body.max_uses,
        expires_in=datetime.timedelta(days=body.days) if body.days is not None else None,
    )
    return {**_invitation_dict(info), "token": token, "link": link_of(request, "join", token)}


@api.delete("/groups/{group_id}/invitations/{invitation_id}", status_code=204)
def api_revoke_invitation(request: Request, group_id: GroupId, invitation_id: ItemId) -> Response:
    """Revoke an invitation or viewer link (admins only)."""
    get_members(request).revoke_invitation(request_access(request), group_id, invitation_id)
    return Response(status_code=204)


@api.post("/groups/{group_id}/viewer-links", status_code=201)
def api_viewer_link(request: Request, response: Response, group_id: GroupId) -> dict[str, Any]:
    """A read-only link to the group's Liste (admins only), valid until revoked."""
    _secret(response)
    info, token = get_members(request).viewer_link(request_access(request), group_id)
    return {**_invitation_dict(info), "token": token, "link": link_of(request, "view", token)}


# -- pages ------------------------------------------------------------------------------------------------


def _page_error(request: Request, exc: Exception, status: int) -> Response:
    return render(
        request, "error.html", {"status": status, "message": request_translator(request).text(shown(exc))}, status
    )


@pages.get("/setup/{token}")
async def setup_page(request: Request, token: Token) -> Response:
    """The setup link: a one-click form that makes this device's person the server's owner."""
    info = await _guarded(request, get_members(request).invitation, token)
    if info.kind != "setup":
        raise InvitationError("link: not valid (any more); ask whoever gave it to you for a new one")
    return _secret(render(request, "setup.html", {"token": token, "error": "", "name": ""}))


@pages.post("/setup/{token}")
async def claim_page(request: Request, token: Token, name: Annotated[str, Form(max_length=100)] = "") -> Response:
    """Claim the server (the setup form); to the start page as its owner."""
    try:
        _, session = await _guarded(request, get_members(request).claim, token, name, device_label(request))
    except InvitationError:
        raise
    except ValueError as exc:
        error = request_translator(request).text(shown(exc))
        return _secret(render(request, "setup.html", {"token": token, "error": error, "name": name}, status_code=422))
    return _with_session(RedirectResponse("/groups", status_code=303), session, request)


async def _back_home(request: Request, token: str) -> Response | None:
    """For a member who opens an invitation or viewer link of the group again (used up by now, or expired): the
    way to the group's page instead of "not valid"; ``None`` for anyone else."""
    group_id = await run_in_threadpool(get_members(request).link_group, token, request_access(request))
    return RedirectResponse(f"/groups/{group_id}", status_code=303) if group_id is not None else None


@pages.get("/join/{token}")
async def join_page(request: Request, token: Token) -> Response:
    """An invitation or device link: who invites to what, and the button to join (nothing is used by opening
    the link: a link preview does not spend it). A member of the group who opens it again goes to its page."""
    try:
        info = await _guarded(request, get_members(request).invitation, token)
    except InvitationError:
        if (home := await _back_home(request, token)) is not None:
            return home
        raise
    if info.kind not in ("member", "device"):
        raise InvitationError("link: not valid (any more); ask whoever gave it to you for a new one")
    access = request_access(request)
    context = {"token": token, "invitation": info, "access": access, "error": "", "name": info.player or ""}
    return _secret(render(request, "join.html", context))


@pages.post("/join/{token}")
async def join_form(request: Request, token: Token, name: Annotated[str, Form(max_length=100)] = "") -> Response:
    """Join (the join page's form): to the group's page, this device now a member's."""
    access = request_access(request)
    members = get_members(request)
    try:
        info = await _guarded(request, members.invitation, token)
        account, session = await _guarded(
            request,
            members.join,
            token,
            name,
            device_label(request),
            as_access=access if access.account_id is not None else None,
        )
    except InvitationError:
        if (home := await _back_home(request, token)) is not None:
            return home
        raise
    except ValueError as exc:
        context = {
            "token": token,
            "invitation": await run_in_threadpool(members.invitation, token),
            "access": access,
            "error": request_translator(request).text(shown(exc)),
            "name": name,
        }
        return _secret(render(request, "join.html", context, status_code=422))
    where = f"/groups/{info.group_id}" if info.group_id is not None else "/groups"
    return _with_session(RedirectResponse(where, status_code=303), session, request)


@pages.get("/view/{token}")
async def view_link(request: Request, token: Token) -> Response:
    """A viewer link: this screen gets a read-only session of the group and goes to its page."""
    members = get_members(request)
    try:
        info = await _guarded(request, members.invitation, token)
    except InvitationError:
        if (home := await _back_home(request, token)) is not None:
            return home
        raise
    if info.kind != "viewer":
        raise InvitationError("link: not valid (any more); ask whoever gave it to you for a new one")
    access = request_access(request)
    if access.account_id is not None:  # a member's phone that scans the screen's code stays logged in
        if info.group_id is not None and access.reads(info.group_id):
            return RedirectResponse(f"/groups/{info.group_id}", status_code=303)
        raise Forbidden(
            "viewer link: this device is logged in as {name}; open the link on the screen that shows the Liste",
            name=access.name,
        )
    _, session = await _guarded(request, members.join, token, "", device_label(request))
    return _with_session(RedirectResponse(f"/groups/{info.group_id}", status_code=303), session, request)


def _members_context(request: Request, group_id: int, store: Any) -> dict[str, Any]:
    access = request_access(request)
    members = get_members(request)
    group = store.group(group_id)
    listed = members.members(access, group_id)
    admin = access.administers(group_id) and not access.open
    return {
        "group": group,
        "members": listed,
        "admin": admin,
        "me": access,
        "roles": ROLES,
        "invitations": members.invitations(access, group_id) if admin else [],
        "offered": members.players_to_invite(access, group_id) if admin else [],
        "new_link": None,
        "error": "",
    }


def _members_refused(request: Request, group_id: int, store: Any, exc: ValueError) -> Response:
    """The members page again with why a form of it was refused (422)."""
    context = _members_context(request, group_id, store)
    context["error"] = request_translator(request).text(shown(exc))
    return render(request, "members.html", context, status_code=422)


@pages.get("/groups/{group_id}/members")
def members_page(request: Request, group_id: GroupId, store: StoreDep) -> Response:
    """The group's members; for its admins also the invitations, the viewer links and the forms to make them."""
    return render(request, "members.html", _members_context(request, group_id, store))


@pages.post("/groups/{group_id}/invitations")
def invite_page(
    request: Request,
    group_id: GroupId,
    store: StoreDep,
    role: Annotated[str, Form()] = "member",
    player: Annotated[str, Form(max_length=100)] = "",
    uses: Annotated[str, Form(max_length=10)] = "1",
    days: Annotated[str, Form(max_length=10)] = "7",
    kind: Annotated[str, Form(max_length=10)] = "member",
) -> Response:
    """A new invitation (or, with ``kind=viewer``, a viewer link) from the members page: the page again with
    the link and its QR code, shown this once."""
    members = get_members(request)
    access = request_access(request)
    try:
        if kind == "viewer":
            _, token = members.viewer_link(access, group_id)
            link = link_of(request, "view", token)
        else:
            max_uses = None if uses.strip() in ("", "0") else _whole(uses, "uses", MAX_USES)
            expiry = None if days.strip() in ("", "0") else datetime.timedelta(days=_whole(days, "days", 366))
            _, token = members.invite(
                access, group_id, role=role, player=player.strip() or None, max_uses=max_uses, expires_in=expiry
            )
            link = link_of(request, "join", token)
    except (NotFound, Forbidden):
        raise
    except ValueError as exc:
        return _members_refused(request, group_id, store, exc)
    context = _members_context(request, group_id, store)
    context["new_link"] = {"link": link, "qr": qr_svg(link), "viewer": kind == "viewer", "player": player.strip()}
    return _secret(render(request, "members.html", context, status_code=201))


@pages.get("/groups/{group_id}/invitations")
@pages.get("/groups/{group_id}/members/{account_id}")
def back_to_members(group_id: GroupId) -> Response:
    """The address a members page's form posts to, opened (the language switch of the page it answered, a
    reload): the members page."""
    return RedirectResponse(f"/groups/{group_id}/members", status_code=303)


#: What the invitation form calls its number fields (in refusals).
INVITE_FIELDS = {"uses": N_("For how many people"), "days": N_("Valid for days (0: until revoked)")}


def _whole(text: str, field: str, most: int) -> int:
    """The whole number 0..``most`` of the invitation form's field ``field``; raises StoreError naming the
    field by its label."""
    from ...storage import StoreError

    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or int(text) > most:
        raise StoreError(
            "{field}: {text} is not a whole number from 0 to {most}",
            field=Text(INVITE_FIELDS[field]),
            text=repr(text[:10]),
            most=most,
        )
    return int(text)


@pages.post("/groups/{group_id}/invitations/{invitation_id}/revoke")
def revoke_invitation_page(request: Request, group_id: GroupId, invitation_id: ItemId) -> Response:
    """Revoke an invitation or viewer link; back to the members page."""
    get_members(request).revoke_invitation(request_access(request), group_id, invitation_id)
    return RedirectResponse(f"/groups/{group_id}/members", status_code=303)


@pages.post("/groups/{group_id}/members/{account_id}")
def change_member_page(
    request: Request,
    group_id: GroupId,
    account_id: AccountId,
    store: StoreDep,
    role: Annotated[str, Form(max_length=10)] = "",
    remove: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    """Change a member's role or (``remove``) remove the member; back to the members page (or, for a member
    who left, to the groups)."""
    members = get_members(request)
    access = request_access(request)
    try:
        if remove:
            members.remove_member(access, group_id, account_id)
            if account_id == access.account_id:
                return RedirectResponse("/groups", status_code=303)
        else:
            members.set_role(access, group_id, account_id, role)
    except (NotFound, Forbidden):
        raise
    except ValueError as exc:
        return _members_refused(request, group_id, store, exc)
    return RedirectResponse(f"/groups/{group_id}/members", status_code=303)


def _me_context(request: Request) -> dict[str, Any]:
    access = _account_or_404(request)
    members = get_members(request)
    return {
        "account": members.account(access),
        "me": access,
        "sessions": members.sessions(access),
        "passkeys": Passkeys(request.app.state.store).passkeys(access),
        "accounts": members.accounts(access) if access.owner else [],
        "device_link": None,
        "error": "",
        "notice": "",
    }


@pages.get("/me")
def me_page(request: Request) -> Response:
    """This account: its devices (sessions, revocable), a link for another device, a password, log out."""
    access = request_access(request)
    if access.account_id is None:
        return RedirectResponse("/login", status_code=303)
    return render(request, "me.html", _me_context(request))


@pages.get("/me/device-link")
@pages.get("/me/password")
def back_to_me() -> Response:
    """The address an account page's form posts to, opened (the language switch, a reload): the account page."""
    return RedirectResponse("/me", status_code=303)


@pages.post("/me/device-link")
def device_link_page(request: Request) -> Response:
    """A one-time link (and QR code) for another device of this account, shown on the account page."""
    context = _me_context(request)
    link = link_of(request, "join", get_members(request).device_link(context["me"]))
    context["device_link"] = {"link": link, "qr": qr_svg(link)}
    return _secret(render(request, "me.html", context, status_code=201))


@pages.post("/me/sessions/{session_id}/revoke")
def revoke_session_page(request: Request, session_id: ItemId) -> Response:
    """End one of this account's sessions; back to the account page (to the start when it was this one)."""
    access = _account_or_404(request)
    get_members(request).revoke_session(access, session_id)
    if session_id == access.session_id:
        response = RedirectResponse("/", status_code=303)
        forget_session(response)
        return response
    return RedirectResponse("/me", status_code=303)


@pages.post("/me/password")
def password_page(
    request: Request,
    login: Annotated[str, Form(max_length=100)] = "",
    password: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Set the login name and password from the account page."""
    context = _me_context(request)
    try:
        get_members(request).set_password(context["me"], login, password)
    except ValueError as exc:
        if isinstance(exc, NotFound):
            raise
        context["error"] = request_translator(request).text(shown(exc))
        return render(request, "me.html", context, status_code=422)
    context = _me_context(request)
    context["notice"] = request_translator(request).text(Text("Password saved: log in with it on a new device."))
    return render(request, "me.html", context)


@pages.post("/accounts/{account_id}/groups")
def allow_groups_page(
    request: Request, account_id: AccountId, allowed: Annotated[str, Form(max_length=5)] = ""
) -> Response:
    """The owner lets an account create groups (``allowed=1``) or not; back to the account page."""
    get_members(request).allow_groups(request_access(request), account_id, allowed == "1")
    return RedirectResponse("/me", status_code=303)


@pages.get("/login")
def login_page(request: Request) -> Response:
    """Name and password (set on the account page of a device one has) on a new device."""
    return render(request, "login.html", {"error": "", "login": ""})


@pages.post("/login")
async def login_form(
    request: Request,
    login: Annotated[str, Form(max_length=100)] = "",
    password: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Log in from the form; to the groups, or the form again with the message."""
    try:
        _, session = await _login(request, login, password)
    except ValueError as exc:
        error = request_translator(request).text(shown(exc))
        return render(request, "login.html", {"error": error, "login": login}, status_code=422)
    return _with_session(RedirectResponse("/groups", status_code=303), session, request)


@pages.post("/logout")
def logout_page(request: Request) -> Response:
    """Log out on this device: its session ends; to the start page."""
    _end_own_session(request)
    response = RedirectResponse("/", status_code=303)
    forget_session(response)
    return response
