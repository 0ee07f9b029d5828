"""Passkeys in a real browser: Chromium's virtual authenticator (Chrome DevTools Protocol, ``WebAuthn``) makes a
passkey on the account page; a new device holding it logs in with it; an unknown passkey is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("webauthn")
uvicorn = pytest.importorskip("uvicorn")

from doppelkopf.web import create_app  # noqa: E402
from webapp import TEST_HOSTS, serving  # noqa: E402

WAIT_MS = 10_000
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The members-only app served by uvicorn on a free port, opened as ``http://localhost:PORT`` (a passkey
    needs a host name: browsers refuse an IP address as its relying party)."""
    app = create_app(f"sqlite:///{tmp_path / 'liste.sqlite'}", allowed_hosts=TEST_HOSTS)
    with serving(app) as port:
        yield f"http://localhost:{port}", app


def device(browser: Any) -> tuple[Any, Any, Any, str]:
    """A new browser context (a device) with a page and a virtual authenticator; its CDP session and id."""
    context = browser.new_context(locale="en-US")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})["authenticatorId"]
    return context, page, cdp, authenticator


def portable(credential: dict[str, Any]) -> dict[str, Any]:
    """A credential read from one virtual authenticator as another one takes it (its key, ids and counter)."""
    keys = ("credentialId", "isResidentCredential", "rpId", "privateKey", "userHandle", "signCount")
    return {key: credential[key] for key in keys if key in credential}


def test_a_passkey_made_on_the_account_page_lets_in_on_a_new_device(browser: Any, served: tuple[str, Any]) -> None:
    base, app = served
    laptop, page, cdp, authenticator = device(browser)
    try:
        page.goto(f"{base}/setup/{app.state.members.setup_token()}")
        page.fill("input[name=name]", "Anna")
        page.click("button[type=submit]")
        page.wait_for_url(f"{base}/groups")
        page.goto(f"{base}/me")
        page.click("#add-passkey")
        page.wait_for_selector("form[action^='/me/passkeys/']")  # the page reloads with the passkey listed
        made = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
        assert len(made) == 1 and made[0]["isResidentCredential"]
        assert made[0]["rpId"] == "localhost"
    finally:
        laptop.close()
    # the phone holds the same passkey (synced by its password manager, or a security key moved over)
    phone, page, cdp, authenticator = device(browser)
    try:
        cdp.send("WebAuthn.addCredential", {"authenticatorId": authenticator, "credential": portable(made[0])})
        page.goto(f"{base}/login")
        page.click("#passkey-login")
        page.wait_for_url(f"{base}/groups")
        me = page.request.get(f"{base}/api/me").json()
        assert me["name"] == "Anna" and me["owner"]
    finally:
        phone.close()
    # a device whose passkey this server never saw is not let in
    stranger, page, cdp, authenticator = device(browser)
    try:
        foreign = dict(portable(made[0]), credentialId="c3RyYW5nZXI=", userHandle="eA==")  # base64
        cdp.send("WebAuthn.addCredential", {"authenticatorId": authenticator, "credential": foreign})
        page.goto(f"{base}/login")
        page.click("#passkey-login")
        page.wait_for_selector("#passkey-error:not([hidden])")
        assert "not known here" in page.inner_text("#passkey-error")
        assert page.request.get(f"{base}/api/me").status == 404
    finally:
        stranger.close()


def test_a_ceremony_is_taken_once_by_the_device_that_started_it() -> None:
    from doppelkopf.storage.passkeys import PasskeyError
    from doppelkopf.web.routers.passkeys import Challenges

    challenges = Challenges()
    ceremony, challenge = challenges.start(7)
    with pytest.raises(PasskeyError, match="too old or not this device's"):
        challenges.take(ceremony, 8)  # another account: and the ceremony is spent
    with pytest.raises(PasskeyError):
        challenges.take(ceremony, 7)
    ceremony, challenge = challenges.start(None)
    assert challenges.take(ceremony, None) == challenge and len(challenge) == 32
    with pytest.raises(PasskeyError):
        challenges.take(ceremony, None)
    with pytest.raises(PasskeyError):
        challenges.take(None, None)
