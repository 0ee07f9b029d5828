"""Passkeys (WebAuthn, the ``webauthn`` package): an account's optional way back in on a new device, next to the
password of :mod:`doppelkopf.storage.members`.

A member who is logged in registers a passkey (:meth:`Passkeys.registration_options`, then
:meth:`Passkeys.register` with the browser's answer); on a new device :meth:`Passkeys.login_options` and
:meth:`Passkeys.login` check the browser's signature against the stored public key and open a session. The
challenge of each ceremony is made here and kept by the caller (the web app keeps it server-side for a
minute); the relying party is this server's host name (``rp_id``) and the page's origin.

Errors: :class:`PasskeyError` (a ``StoreError``: the browser's answer does not verify, an unknown passkey),
one line naming the field ``passkey``.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from .fields import as_utc, utc_now
from .infos import NotFound, StoreError
from .members import Access, AccountInfo, Members
from .models import Account, Passkey

if TYPE_CHECKING:
    from .service import Store

__all__ = ["PasskeyError", "PasskeyInfo", "Passkeys", "RP_NAME"]

#: The relying party's name the browser shows when a passkey is made.
RP_NAME = "Doppelkopf – die Liste"
#: The most passkeys one account keeps.
MAX_PASSKEYS = 20


class PasskeyError(StoreError):
    """A passkey that cannot be registered or does not let in (the browser's answer does not verify)."""


@dataclasses.dataclass(frozen=True)
class PasskeyInfo:
    """A registered passkey: ``label`` (the device that made it), when it was made and last used (UTC)."""

    id: int
    label: str
    created_at: datetime.datetime
    used_at: datetime.datetime | None


def new_challenge() -> bytes:
    """A fresh WebAuthn challenge (32 random bytes)."""
    return secrets.token_bytes(32)


class Passkeys:
    """The passkeys of a :class:`~doppelkopf.storage.Store`'s accounts (see the module text)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.members = Members(store)

    def passkeys(self, access: Access) -> list[PasskeyInfo]:
        """The passkeys of ``access``'s account, oldest first."""
        if access.account_id is None:
            return []
        with self.store.read() as session:
            rows = session.scalars(select(Passkey).where(Passkey.account_id == access.account_id).order_by(Passkey.id))
            return [
                PasskeyInfo(
                    id=r.id,
                    label=r.label,
                    created_at=as_utc(r.created_at),
                    used_at=as_utc(r.used_at) if r.used_at else None,
                )
                for r in rows
            ]

    def registration_options(self, access: Access, rp_id: str, challenge: bytes) -> dict[str, Any]:
        """The options for ``navigator.credentials.create`` (JSON-ready) of a new passkey of ``access``'s
        account, with ``challenge``; its passkeys are excluded. Raises NotFound: no account."""
        from webauthn import generate_registration_options, options_to_json
        from webauthn.helpers import base64url_to_bytes
        from webauthn.helpers.structs import (
            AuthenticatorSelectionCriteria,
            PublicKeyCredentialDescriptor,
            ResidentKeyRequirement,
        )

        with self.store.read() as session:
            account = session.get(Account, access.account_id) if access.account_id is not None else None
            if account is None:
                raise NotFound("account: not found")
            existing = list(session.scalars(select(Passkey.credential_id).where(Passkey.account_id == account.id)))
            name = account.name
            user_id = f"doko-account-{account.id}".encode()
        options = generate_registration_options(
            rp_id=rp_id,
            rp_name=RP_NAME,
            user_name=name,
            user_id=user_id,
            challenge=challenge,
            authenticator_selection=AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.REQUIRED),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in existing],
        )
        result: dict[str, Any] = json.loads(options_to_json(options))
        return result

    def register(
        self, access: Access, credential: dict[str, Any], challenge: bytes, rp_id: str, origin: str, label: str = ""
    ) -> PasskeyInfo:
        """Keep the passkey the browser made (its answer ``credential``) for ``access``'s account, after
        checking it against ``challenge``, ``rp_id`` and ``origin``.

        Raises PasskeyError (it does not verify; too many passkeys), NotFound (no account)."""
        from webauthn import verify_registration_response
        from webauthn.helpers import bytes_to_base64url
        from webauthn.helpers.exceptions import WebAuthnException

        if access.account_id is None:
            raise NotFound("account: not found")
        try:
            verified = verify_registration_response(
                credential=credential, expected_challenge=challenge, expected_rp_id=rp_id, expected_origin=origin
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
            raise PasskeyError(
                "passkey: the browser's answer does not verify ({reason})", reason=str(exc)[:120]
            ) from None
        credential_id = bytes_to_base64url(verified.credential_id)
        now = utc_now()
        with self.store.write() as session:
            count = len(list(session.scalars(select(Passkey.id).where(Passkey.account_id == access.account_id))))
            if count >= MAX_PASSKEYS:
                raise PasskeyError("passkey: at most {most} per account", most=MAX_PASSKEYS)
            if session.scalar(select(Passkey.id).where(Passkey.credential_id == credential_id)) is not None:
                raise PasskeyError("passkey: registered already")
            row = Passkey(
                account_id=access.account_id,
                credential_id=credential_id,
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                label=" ".join(label.split())[:100],
                created_at=now,
            )
            session.add(row)
            session.flush()
            return PasskeyInfo(id=row.id, label=row.label, created_at=as_utc(now), used_at=None)

    def remove(self, access: Access, passkey_id: int) -> None:
        """Remove one of ``access``'s passkeys. Raises NotFound: no such passkey of this account."""
        with self.store.write() as session:
            row = session.get(Passkey, passkey_id)
            if row is None or row.account_id != access.account_id:
                raise NotFound("passkey {id}: not found", id=passkey_id)
            session.delete(row)

    @staticmethod
    def login_options(rp_id: str, challenge: bytes) -> dict[str, Any]:
        """The options for ``navigator.credentials.get`` (JSON-ready): any passkey of this server (the browser
        offers the ones it holds)."""
        from webauthn import generate_authentication_options, options_to_json

        result: dict[str, Any] = json.loads(
            options_to_json(generate_authentication_options(rp_id=rp_id, challenge=challenge))
        )
        return result

    def login(
        self, credential: dict[str, Any], challenge: bytes, rp_id: str, origin: str, label: str = ""
    ) -> tuple[AccountInfo, str]:
        """A new session for the account whose passkey signed ``challenge`` (the browser's answer
        ``credential``); returns the account and the session's token.

        Raises PasskeyError: an unknown passkey, or a signature that does not verify (the same words)."""
        from webauthn import verify_authentication_response
        from webauthn.helpers.exceptions import WebAuthnException

        wrong = PasskeyError("passkey: not known here, or its answer does not verify")
        raw_id = credential.get("id") if isinstance(credential, dict) else None
        if not isinstance(raw_id, str) or len(raw_id) > 512:
            raise wrong
        with self.store.write() as session:
            row = session.scalars(select(Passkey).where(Passkey.credential_id == raw_id)).first()
            if row is None:
                raise wrong
            try:
                verified = verify_authentication_response(
                    credential=credential,
                    expected_challenge=challenge,
                    expected_rp_id=rp_id,
                    expected_origin=origin,
                    credential_public_key=row.public_key,
                    credential_current_sign_count=row.sign_count,
                )
            except (WebAuthnException, ValueError, KeyError, TypeError):
                raise wrong from None
            row.sign_count = verified.new_sign_count
            row.used_at = utc_now()
            account_id = row.account_id
        token = self.members.session_for(account_id, label)
        return self.members.account(Access(account_id=account_id)), token
