"""Passkeys (WebAuthn): register one on the account page, log in with it on a new device
(:mod:`doppelkopf.storage.passkeys`; the browser's part is ``static/passkeys.js``).

API: ``GET /api/me/passkeys``, ``POST /api/me/passkeys/options`` then ``POST /api/me/passkeys`` (the browser's
answer), ``DELETE /api/me/passkeys/{id}``; ``POST /api/passkeys/login/options`` then ``POST /api/passkeys/login``
(a session, as ``POST /api/login``). Page: ``POST /me/passkeys/{id}/remove``.

Each ceremony's challenge stays on the server (:class:`Challenges`, for :data:`CHALLENGE_S` seconds, one use);
the browser holds only the ceremony's id in the cookie :data:`CEREMONY_COOKIE`. The relying party is the host
name the page was opened with (``localhost``, ``liste.example.org``: a passkey works on the name it was made on;
an IP address cannot hold passkeys, the browser refuses), the origin the page's.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ...storage.members import Access
from ...storage.passkeys import PasskeyError, Passkeys, new_challenge
from ..auth import device_label, keep_session, limited, request_access
from .common import MAX_ID, NotFound

api = APIRouter(prefix="/api", tags=["members"])
pages = APIRouter(include_in_schema=False)

__all__ = ["CEREMONY_COOKIE", "Challenges", "api", "pages"]

#: The cookie holding the id of a passkey ceremony under way.
CEREMONY_COOKIE = "doko_passkey"
#: How long a ceremony's challenge is kept, in seconds.
CHALLENGE_S = 120
PasskeyId = Annotated[int, Path(ge=1, le=MAX_ID, description="The passkey's id.")]


class Challenges:
    """The challenges of the ceremonies under way (in memory, thread-safe): ceremony id -> (challenge, account
    id or ``None`` for a login, when it ends). Each is taken once."""

    def __init__(self) -> None:
        self._open: dict[str, tuple[bytes, int | None, float]] = {}
        self._lock = threading.Lock()

    def start(self, account_id: int | None) -> tuple[str, bytes]:
        """A new ceremony: its id (for the cookie) and its challenge."""
        ceremony, challenge = secrets.token_urlsafe(24), new_challenge()
        now = time.monotonic()
        with self._lock:
            for key in [k for k, (_, _, end) in self._open.items() if end < now][:1000]:
                del self._open[key]
            if len(self._open) > 10_000:
                self._open.pop(next(iter(self._open)))
            self._open[ceremony] = (challenge, account_id, now + CHALLENGE_S)
        return ceremony, challenge

    def take(self, ceremony: str | None, account_id: int | None) -> bytes:
        """The challenge of ``ceremony`` if it is under way for ``account_id``; raises PasskeyError otherwise."""
        with self._lock:
            found = self._open.pop(ceremony or "", None)
        if found is None or found[2] < time.monotonic() or found[1] != account_id:
            raise PasskeyError("passkey: the request is too old or not this device's; try again")
        return found[0]


class CredentialIn(BaseModel):
    """The browser's answer (``PublicKeyCredential`` as JSON, binary fields base64url)."""

    model_config = ConfigDict(extra="forbid")
    credential: dict[str, Any] = Field(description="navigator.credentials.create()/get() as JSON.")


def _challenges(request: Request) -> Challenges:
    state = request.app.state
    if getattr(state, "passkey_challenges", None) is None:
        state.passkey_challenges = Challenges()
    challenges: Challenges = state.passkey_challenges
    return challenges


def _passkeys(request: Request) -> Passkeys:
    return Passkeys(request.app.state.store)


def _party(request: Request) -> tuple[str, str]:
    """The relying party's id (the host name) and the page's origin."""
    return request.url.hostname or "localhost", f"{request.url.scheme}://{request.url.netloc}"


def _account(request: Request) -> Access:
    access = request_access(request)
    if access.account_id is None:
        raise NotFound("account: not found")
    return access


def _with_ceremony(data: dict[str, Any], ceremony: str, request: Request) -> Response:
    response = JSONResponse(data)
    response.set_cookie(
        CEREMONY_COOKIE,
        ceremony,
        max_age=CHALLENGE_S,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path="/api/",
    )
    return response


@api.get("/me/passkeys")
def list_passkeys(request: Request) -> list[dict[str, Any]]:
    """This account's passkeys: ``id``, ``label``, ``created_at``, ``used_at``."""
    return [
        {
            "id": p.id,
            "label": p.label,
            "created_at": p.created_at.isoformat(),
            "used_at": p.used_at.isoformat() if p.used_at else None,
        }
        for p in _passkeys(request).passkeys(_account(request))
    ]


@api.post("/me/passkeys/options")
def registration_options(request: Request) -> Response:
    """The options for ``navigator.credentials.create`` of a new passkey of this account."""
    access = _account(request)
    ceremony, challenge = _challenges(request).start(access.account_id)
    rp_id, _ = _party(request)
    return _with_ceremony(_passkeys(request).registration_options(access, rp_id, challenge), ceremony, request)


@api.post("/me/passkeys", status_code=201)
def register(request: Request, body: CredentialIn) -> dict[str, Any]:
    """Keep the passkey the browser made (422 when its answer does not verify)."""
    access = _account(request)
    challenge = _challenges(request).take(request.cookies.get(CEREMONY_COOKIE), access.account_id)
    rp_id, origin = _party(request)
    info = _passkeys(request).register(access, body.credential, challenge, rp_id, origin, device_label(request))
    return {"id": info.id, "label": info.label, "created_at": info.created_at.isoformat()}


@api.delete("/me/passkeys/{passkey_id}", status_code=204)
def remove(request: Request, passkey_id: PasskeyId) -> Response:
    """Remove one of this account's passkeys."""
    _passkeys(request).remove(_account(request), passkey_id)
    return Response(status_code=204)


@api.post("/passkeys/login/options")
def login_options(request: Request) -> Response:
    """The options for ``navigator.credentials.get`` (the browser offers the passkeys it holds for this host)."""
    ceremony, challenge = _challenges(request).start(None)
    rp_id, _ = _party(request)
    return _with_ceremony(Passkeys.login_options(rp_id, challenge), ceremony, request)


@api.post("/passkeys/login")
async def login(request: Request, body: CredentialIn) -> Response:
    """A new session of the passkey's account (422 when unknown or not verified; 429 after too many tries)."""
    rp_id, origin = _party(request)
    challenge = _challenges(request).take(request.cookies.get(CEREMONY_COOKIE), None)
    account, token = await limited(
        request,
        (PasskeyError,),
        _passkeys(request).login,
        body.credential,
        challenge,
        rp_id,
        origin,
        device_label(request),
    )
    response = JSONResponse({"account_id": account.id, "name": account.name, "token": token})
    keep_session(response, token, request)
    return response


@pages.post("/me/passkeys/{passkey_id}/remove")
def remove_page(request: Request, passkey_id: PasskeyId) -> Response:
    """Remove a passkey from the account page; back to it."""
    _passkeys(request).remove(_account(request), passkey_id)
    return RedirectResponse("/me", status_code=303)
