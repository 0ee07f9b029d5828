"""Members in a real browser: Playwright (sync API) drives Debian's chromium against a members-only app on uvicorn.

An evening in German (the default language), every step a click: the owner's laptop opens the setup link
and becomes the owner, creates the group Donnerstag (Anna, Ben, Carla, Dirk), starts a sitting and invites Ben
from the group's members page (the link and its QR code); Ben's phone opens the link, joins, enters Anna's
Kreuzsolo (190 Augen on seed 004's vier-schritte: Anna +9, the others −3 each, worked in
``tests/test_web_browser.py``) and the history names Ben, whatever the phone's form says. A visitor without a
link gets the 404 page for the group and the start page's welcome; a viewer link shows the Liste on a screen
and refuses its writes; Ben adds a second device with a one-time link, which a third device cannot use again.
Screenshots of the setup, members, join and account pages go to ``$DOKO_WEB_SHOTS`` (a folder outside the
repository) or the test's temporary folder.

Without chromium the tests skip with a printed reason (the ``browser`` fixture of ``tests/conftest.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

#: Why these tests skip where the web extra is missing (a reason starting "needs ": with CI=true a failure).
WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"

pytest.importorskip("fastapi", reason=WEB_EXTRA)
uvicorn = pytest.importorskip("uvicorn", reason=WEB_EXTRA)

from doppelkopf.web import create_app  # noqa: E402
from doppelkopf.web.events import StreamSettings  # noqa: E402
from webapp import TEST_HOSTS, serving  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}, "locale": "de-DE"}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "locale": "de-DE",
}
#: Playwright's wait for anything the page should show (ms).
WAIT_MS = 10_000


@dataclass
class Server:
    base: str
    app: Any


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The members-only app on an SQLite file, served by uvicorn in a background thread on a free port."""
    app = create_app(
        f"sqlite:///{tmp_path / 'liste.sqlite'}",
        allowed_hosts=TEST_HOSTS,
        sse=StreamSettings(poll_s=0.25, keepalive_s=5, max_age_s=120),
    )
    with serving(app) as port:
        yield Server(f"http://127.0.0.1:{port}", app)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("DOKO_WEB_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Devices:
    """The browser contexts of a test (each a device with its own cookies), closed at its end; the errors
    their pages report (a script error, a blocked script or style) other than the answers refused on purpose."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, **settings: Any) -> Any:
        context = self.browser.new_context(**settings)
        context.set_default_timeout(WAIT_MS)
        self.contexts.append(context)
        page = context.new_page()

        def console(message: Any) -> None:
            # the 404s, 403s and 422s these tests ask for are logged by the browser as failed loads
            if message.type == "error" and "the server responded with a status of" not in message.text:
                self.problems.append(message.text)

        page.on("console", console)
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def devices(browser: Any, server: Server) -> Iterator[Devices]:
    made = Devices(browser)
    try:
        yield made
    finally:
        made.close()
    assert made.problems == [], "the browser reported errors"


# -- what the people do ----------------------------------------------------------------------------------------


def pill(page: Any, fieldset: str, text: str) -> Any:
    return page.locator(f"{fieldset} label.pill").filter(has=page.get_by_text(text, exact=True))


def submit(page: Any, form: str) -> None:
    """Click the submit button of the form matching ``form`` (a CSS selector), as a person does."""
    page.locator(f"{form} button").first.click()


def totals(page: Any) -> list[list[int]]:
    rows = page.locator("#liste-table tbody.game")
    return [
        [int(cell.get_attribute("data-total")) for cell in rows.nth(i).locator("td.num").all()]
        for i in range(rows.count())
    ]


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url}: the page is {width} px wide"


#: English words of the members' pages: none may show on a German page (the catalogue's translations are there).
ENGLISH = (
    "Members",
    "Invite",
    "Invitation",
    "Join",
    "Your name",
    "device",
    "Log out",
    "Leave the group",
    "Revoke",
    "Viewer link",
    "Password",
    "Owner",
    "Become the owner",
    "Set up",
    "not found",
    "History",
    "entered",
    "by Ben",
)


def german(page: Any) -> None:
    """The page is German (the default language): its ``lang``, and no English word of :data:`ENGLISH`."""
    assert page.locator("html").get_attribute("lang") == "de", page.url
    text = page.locator("body").inner_text()
    assert [word for word in ENGLISH if word in text] == [], page.url


def qr_shown(page: Any, selector: str) -> None:
    """The QR code image of ``selector`` is there and was drawn (an SVG data URI the CSP lets through)."""
    image = page.locator(f"{selector} img.qr")
    assert image.is_visible()
    assert (image.get_attribute("src") or "").startswith("data:image/svg+xml")
    assert page.evaluate(f"document.querySelector('{selector} img.qr').naturalWidth") > 0


def the_owner_claims_and_starts_an_evening(page: Any, server: Server, shots: Path) -> tuple[int, int]:
    """The setup link, the group, a sitting: returns the group's and the sitting's id."""
    token = server.app.state.members.setup_token()
    assert token is not None
    page.goto(f"{server.base}/setup/{token}")
    german(page)
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "members-setup-desktop.png"), full_page=True)
    page.fill("input[name=name]", "Anna")
    submit(page, "form[action^='/setup/']")
    page.wait_for_url("**/groups")
    assert page.locator("header a.navlink[href='/me']").inner_text() == "Anna"
    page.fill("input[name=name]", "Donnerstag")
    page.fill("textarea[name=players]", "\n".join(PLAYERS))
    page.click("text=Gruppe anlegen")
    page.wait_for_url("**/groups/*")
    group = int(page.url.rsplit("/", 1)[1])
    page.select_option("#new-sitting select[name=rules]", "vier-schritte")
    page.click("text=Sitzung beginnen")
    page.wait_for_url("**/sittings/*")
    sitting = int(page.url.rsplit("/", 1)[1].split("?")[0].split("#")[0])
    return group, sitting


def members_page(page: Any, server: Server, group: int) -> None:
    """From the sitting to the group's page, and by its link to the members page."""
    page.goto(f"{server.base}/groups/{group}")
    page.click(f"a[href='/groups/{group}/members']")
    page.wait_for_url(f"**/groups/{group}/members")


# -- the tests ------------------------------------------------------------------------------------------------


def test_an_evening_of_members_in_the_browser(devices: Devices, server: Server, shots: Path) -> None:
    laptop = devices.open(**LAPTOP)
    group, sitting = the_owner_claims_and_starts_an_evening(laptop, server, shots)

    # the owner invites Ben from the players of the Liste: the link and its QR code, shown once
    members_page(laptop, server, group)
    offered = laptop.locator("#offered button").all_inner_texts()
    assert offered == ["+ Ben", "+ Carla", "+ Dirk"]  # Anna is the player Anna: not offered to invite herself
    laptop.locator("#offered button", has_text="+ Ben").click()
    laptop.wait_for_selector("#new-link")
    qr_shown(laptop, "#new-link")
    link = laptop.input_value("input#the-link")
    assert link.startswith(f"{server.base}/join/")
    assert "Ben" in laptop.locator("#new-link h2").inner_text()
    assert "+ Ben" not in laptop.locator("#offered button").all_inner_texts()  # invited: no more offered
    german(laptop)
    no_sideways_scroll(laptop)
    laptop.screenshot(path=str(shots / "members-invited-desktop.png"), full_page=True)

    # Ben's phone: the invitation page, his name already filled in from the player, one click to join
    phone = devices.open(**PHONE)
    phone.goto(link)
    german(phone)
    assert "Donnerstag" in phone.locator("h1").inner_text()
    assert "Anna" in phone.locator("main").inner_text()  # who invites
    assert phone.input_value("input[name=name]") == "Ben"
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "members-join-phone.png"), full_page=True)
    submit(phone, "form[action^='/join/']")
    phone.wait_for_url(f"**/groups/{group}")
    assert phone.locator("header a.navlink[href='/me']").inner_text() == "Ben"

    # Ben opens the sitting and enters Anna's Kreuzsolo; his phone's form claims Dirk entered it
    phone.click(f"a[href='/sittings/{sitting}']")
    phone.wait_for_url(f"**/sittings/{sitting}")
    phone.click("#add-game")
    phone.wait_for_selector("#entry-form")
    assert "Ben" in phone.locator("#f-author").inner_text()  # the history will name him
    assert phone.locator("#entry-form select[name=author]").count() == 0
    phone.evaluate(
        "() => { const f = document.getElementById('entry-form'); const i = document.createElement('input');"
        " i.type = 'hidden'; i.name = 'author'; i.value = 'Dirk'; f.appendChild(i); }"
    )
    pill(phone, "#f-game", "Kreuzsolo").tap()
    pill(phone, "#f-re", "Anna").tap()
    phone.fill("input[name=augen_re]", "190")
    phone.click("#save")
    phone.wait_for_selector("#liste-table")
    assert totals(phone) == [[9, -3, -3, -3]]
    phone.goto(f"{server.base}/sittings/{sitting}/history")
    history = phone.locator("ol.versions li.version").first.inner_text()
    assert "Ben" in history and "Dirk" not in history
    german(phone)
    # the owner's laptop sees it too, and Ben among the members
    laptop.goto(f"{server.base}/sittings/{sitting}")
    assert totals(laptop) == [[9, -3, -3, -3]]
    members_page(laptop, server, group)
    assert [n.strip() for n in laptop.locator("ul.items li.item strong").all_inner_texts()] == ["Anna", "Ben"]

    # a visitor without a link: the same 404 as for a group that does not exist, and the start page's welcome
    visitor = devices.open(**PHONE)
    for path in (f"/groups/{group}", f"/sittings/{sitting}", f"/groups/{group}/members", "/groups/999"):
        answer = visitor.goto(f"{server.base}{path}")
        assert answer is not None and answer.status == 404, path
        assert "Donnerstag" not in visitor.locator("body").inner_text()
        german(visitor)
    visitor.goto(f"{server.base}/")
    assert visitor.locator("#welcome").is_visible()
    german(visitor)
    assert "Donnerstag" not in visitor.locator("body").inner_text()

    # a viewer link for the screen at the table: the Liste, and every write refused
    members_page(laptop, server, group)
    submit(laptop, "form:has(input[name=kind][value=viewer])")
    laptop.wait_for_selector("#new-link")
    qr_shown(laptop, "#new-link")
    viewer_link = laptop.input_value("input#the-link")
    assert viewer_link.startswith(f"{server.base}/view/")
    # the language switch of the page the form answered: the members page in English, and back
    laptop.click("nav.langs a[hreflang=en]")
    laptop.wait_for_url(f"**/groups/{group}/members")
    assert laptop.locator("html").get_attribute("lang") == "en"
    assert laptop.locator("main h1").inner_text() == "Members"
    laptop.click("nav.langs a[hreflang=de]")
    laptop.wait_for_url(f"**/groups/{group}/members")
    assert laptop.locator("html").get_attribute("lang") == "de"
    # Ben's phone scans the screen's code by mistake: it stays Ben's
    phone.goto(viewer_link)
    phone.wait_for_url(f"**/groups/{group}")
    assert phone.locator("header a.navlink[href='/me']").inner_text() == "Ben"
    screen = devices.open(**LAPTOP)
    screen.goto(viewer_link)
    screen.wait_for_url(f"**/groups/{group}")
    screen.click(f"a[href='/sittings/{sitting}']")
    screen.wait_for_url(f"**/sittings/{sitting}")
    assert totals(screen) == [[9, -3, -3, -3]]
    screen.goto(f"{server.base}/sittings/{sitting}/games/new")
    if screen.locator("#entry-form").count():  # the form may be shown; saving it is refused
        pill(screen, "#f-game", "Kreuzsolo").click()
        pill(screen, "#f-re", "Ben").click()
        screen.fill("input[name=augen_re]", "190")
        # the page's script sends it (offline.js), then, refused, the form itself: the error page is shown
        with screen.expect_navigation(), screen.expect_response(lambda r: r.request.method == "POST") as answer_info:
            screen.click("#save")
        assert answer_info.value.status == 403
    screen.goto(f"{server.base}/sittings/{sitting}")
    assert totals(screen) == [[9, -3, -3, -3]]
    screen.goto(f"{server.base}/groups/{group}/members")
    assert screen.locator("#new-link, form[action$='/invitations']").count() == 0  # no admin's forms
    german(screen)

    # the members page on Ben's phone: who is in the group, and his own way out; no admin's forms
    members_page(phone, server, group)
    assert phone.locator("#offered, form[action$='/invitations']").count() == 0
    assert phone.locator("form[action$='/members/2'] button[name=remove]").count() == 1  # Ben's account: 2
    no_sideways_scroll(phone)
    german(phone)
    phone.screenshot(path=str(shots / "members-phone.png"), full_page=True)

    # a page elsewhere that the owner's laptop opens posts a form to the app: refused, nothing made
    evil = (
        f'<form method="post" action="{server.base}/groups/{group}/invitations">'
        '<input type="hidden" name="role" value="admin"><input type="hidden" name="uses" value="0"></form>'
        "<script>document.forms[0].submit()</script>"
    )
    laptop.context.route("http://elsewhere.test/**", lambda route: route.fulfill(body=evil, content_type="text/html"))
    invitations = f"{server.base}/api/groups/{group}/invitations"
    before = laptop.request.get(invitations).json()  # the laptop's own cookie: the owner's list
    with laptop.expect_response(lambda r: r.request.method == "POST") as answer_info:
        laptop.goto("http://elsewhere.test/")
    assert answer_info.value.status == 403
    assert laptop.request.get(invitations).json() == before

    # Ben's second device: a one-time link from his account page
    phone.goto(f"{server.base}/me")
    assert phone.locator("h1").inner_text() == "Ben"
    submit(phone, "form[action='/me/device-link']")
    phone.wait_for_selector("#device-link")
    qr_shown(phone, "#device-link")
    device_link = phone.input_value("#device-link input")
    assert device_link.startswith(f"{server.base}/join/")
    no_sideways_scroll(phone)
    german(phone)
    phone.screenshot(path=str(shots / "members-me-phone.png"), full_page=True)
    tablet = devices.open(**PHONE)
    tablet.goto(device_link)
    assert "Ben" in tablet.locator("main").inner_text()
    german(tablet)
    tablet.screenshot(path=str(shots / "members-device-phone.png"), full_page=True)
    submit(tablet, "form[action^='/join/']")
    tablet.wait_for_url("**/groups")
    assert tablet.locator("header a.navlink[href='/me']").inner_text() == "Ben"
    tablet.goto(f"{server.base}/sittings/{sitting}")
    assert totals(tablet) == [[9, -3, -3, -3]]
    tablet.goto(f"{server.base}/me")
    assert tablet.locator("ul.items li.item").count() == 2  # Ben's phone and this one
    # the link worked once: another device opening it gets the 404 page
    third = devices.open(**PHONE)
    answer = third.goto(device_link)
    assert answer is not None and answer.status == 404
    assert third.locator("header a.navlink[href='/me']").count() == 0
    german(third)
    laptop.goto(f"{server.base}/me")
    laptop.screenshot(path=str(shots / "members-me-desktop.png"), full_page=True)
    german(laptop)
    members_page(laptop, server, group)
    german(laptop)
    laptop.screenshot(path=str(shots / "members-desktop.png"), full_page=True)
