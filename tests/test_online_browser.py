"""The online table in a real browser: Playwright (sync API) drives Debian's chromium against uvicorn.

Two people in two browser contexts (two cookie jars) sit at a table with two computer players and play
whole games by clicking; a person reloads in the middle of a trick; a person closes the page, a computer
player stands in after the grace time and the person takes the seat back; a forged action for another seat
and a card the Bedienpflicht forbids are refused. The test reads only what the page shows (``#table-view``
with ``data-n``/``data-seat``/``data-turn``, every card an element with ``data-card``, errors in
``#table-error``): which card is legal is never decided here. A person clicks what the page offers (an
enabled card of the hand, "gesund" when asked for a Vorbehalt) and the server's answer is checked.

Screenshots of a game in progress (desktop 1280 x 800 and phone 390 x 844, portrait) go to
``$DOKO_WEB_SHOTS`` (a folder outside the repository, e.g. ``/tmp/online/shots``) when it is set; the phone
layout itself (no sideways scrolling, touch targets of at least 44 px, the hand below the trick and on the
screen) is checked always.

Without chromium the tests skip with a printed reason (the ``browser`` fixture of ``tests/conftest.py``).
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

#: Why these tests skip where the web extra is missing (a reason starting "needs ": with CI=true a failure).
WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"

pytest.importorskip("fastapi", reason=WEB_EXTRA)
uvicorn = pytest.importorskip("uvicorn", reason=WEB_EXTRA)

from doppelkopf.moves import Action, IllegalAction  # noqa: E402
from doppelkopf.web.live import TableSettings  # noqa: E402
from webapp import open_app  # noqa: E402

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
#: Playwright's wait for anything the page should show soon (ms).
WAIT_MS = 15_000
#: The longest one deal may take at the tests' pace, every card clicked (s).
DEAL_S = 120.0
#: The smallest touch target a thumb hits reliably (px, Apple's and Google's guidelines).
TOUCH_PX = 44

VIEW = "#table-view"
ERROR = "#table-error"
HAND = f"{VIEW} .hand"
HAND_CARDS = f"{HAND} [data-card]"
ENABLED_CARDS = f"{HAND} button[data-card]:not([disabled])"
DISABLED_CARDS = f"{HAND} button[data-card][disabled]"
TRICK_CARDS = f"{VIEW} .trick [data-card]"
RESULT = f"{VIEW} #result"

#: Installed in every page before its scripts run: marks the opening of the table's socket (the htmx ws
#: extension's event) on the page's root element, so a test knows when the page is live. (The app's content
#: security policy forbids eval, so the tests wait with CSS selectors, never with a string predicate.)
SOCKET_WATCH = """
document.addEventListener('htmx:wsOpen', () => {
  const root = document.documentElement;
  root.dataset.wsOpen = String(Number(root.dataset.wsOpen || 0) + 1);
});
"""

#: What the page asks of its person now: "result" (the deal is over), "card" (an enabled card in the hand),
#: "action" (their turn and a button to press), or "" (nothing: someone else's turn).
PENDING_JS = """
() => {
  const v = document.getElementById('table-view');
  if (!v) return '';
  if (v.querySelector('#result')) return 'result';
  if (v.querySelector('.hand button[data-card]:not([disabled])')) return 'card';
  const mine = v.dataset.seat !== '' && v.dataset.seat === v.dataset.turn;
  if (mine && v.querySelector('button[data-action]:not([disabled])')) return 'action';
  return '';
}
"""

#: The buttons a person presses when it is their turn and no card is to be played, first found first:
#: "gesund" in the Vorbehaltsabfrage, passing in a bidding or concession, then any Vorbehalt or Armut answer,
#: a bid, and last an announcement (a Pflichtansage is the only way on).
ACTION_PREFERENCE = (
    "button[data-action].kind-vorbehalt:text-is('gesund')",
    "button[data-action].kind-pass",
    "button[data-action].kind-vorbehalt",
    "button[data-action].kind-armut",
    "button[data-action].kind-bid",
    "button[data-action].kind-schweine",
    "button[data-action].kind-announce",
    "button[data-action]",
)


# -- the server -------------------------------------------------------------------------------------------------


@dataclass
class Server:
    base: str
    app: Any


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start the app on an SQLite file in ``tmp_path``, served by uvicorn in a background thread on a free
    port: ``serve(**fields)`` with fields of :class:`TableSettings` (a fast poll; the next deal only on
    "Weiter", so a result stays on the page). Stopped after the test."""
    started: list[tuple[Any, threading.Thread, socket.socket]] = []

    def start(**fields: Any) -> Server:
        settings = TableSettings(**{"poll_s": 0.25, "next_game_s": 3600.0, "allow_seed": True, **fields})
        app = open_app(f"sqlite:///{tmp_path / 'tische.sqlite'}", tables=settings)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, lifespan="on")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        started.append((server, thread, sock))
        deadline = time.monotonic() + 10
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return Server(f"http://127.0.0.1:{port}", app)

    try:
        yield start
    finally:
        for server, thread, sock in started:
            server.should_exit = True
            thread.join(15)
            sock.close()


@pytest.fixture
def shots() -> Path | None:
    """The folder of the screenshots, ``$DOKO_WEB_SHOTS``, or ``None`` (none taken) when it is not set."""
    name = os.environ.get("DOKO_WEB_SHOTS")
    if not name:
        return None
    folder = Path(name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- people and their pages ----------------------------------------------------------------------------------------


@dataclass
class Person:
    """One person's browser: a context of its own (its own cookies) and the table's page in it."""

    name: str
    context: Any
    page: Any
    problems: list[str] = field(default_factory=list)

    @property
    def seat(self) -> int:
        """The seat the page says is this person's."""
        return int(self.page.locator(VIEW).get_attribute("data-seat"))

    def open_page(self) -> Any:
        """A new page in this person's browser (after the old one was closed)."""
        self.page = self.context.new_page()
        watch(self.page, self.problems)
        return self.page


def watch(page: Any, problems: list[str]) -> None:
    """Collect the errors the page reports (a script error, a blocked script or style, a failed load)."""

    def console(message: Any) -> None:
        if message.type == "error":
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(str(error)))


@pytest.fixture
def people(browser: Any) -> Iterator[Callable[..., Person]]:
    """``person(name, device, locale)``: a new browser context (own cookies, the browser's language ``locale``,
    English unless given) with one page; closed after the test."""
    made: list[Person] = []

    def person(name: str, device: dict[str, Any] | None = None, locale: str = "en-US") -> Person:
        context = browser.new_context(locale=locale, **(device or DESKTOP))
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(SOCKET_WATCH)
        page = context.new_page()
        made.append(Person(name, context, page))
        watch(page, made[-1].problems)
        return made[-1]

    try:
        yield person
    finally:
        for one in made:
            one.context.close()


def live(page: Any) -> None:
    """Wait until the page's table socket is open and the page shows the table."""
    page.wait_for_selector("html[data-ws-open]", state="attached")
    page.wait_for_selector(VIEW, state="attached")


def version(page: Any) -> int:
    """The table version the page shows (``data-n``: every accepted action raises it)."""
    return int(page.locator(VIEW).get_attribute("data-n"))


def hand(page: Any) -> list[int]:
    """The cards of the page's hand, in the order shown."""
    return [int(c) for c in page.locator(HAND_CARDS).evaluate_all("els => els.map(e => e.dataset.card)")]


def seat_tags(page: Any, seat: int) -> str:
    """The text of seat ``seat``'s box on the page (name, Geber, to play, computer stands in, N cards ...)."""
    return str(page.locator(f"{VIEW} .seat[data-seat='{seat}']").inner_text())


def cards_of(page: Any, seat: int) -> int:
    """How many cards the page says seat ``seat`` holds."""
    found = re.search(r"(\d+)", str(page.locator(f"{VIEW} .seat[data-seat='{seat}'] .seat-cards").inner_text()))
    assert found, f"seat {seat} shows no number of cards: {seat_tags(page, seat)!r}"
    return int(found.group(1))


def clear_error(page: Any) -> None:
    page.evaluate("document.getElementById('table-error').textContent = ''")


def error_text(page: Any) -> str:
    return str(page.locator(ERROR).inner_text()).strip()


def answered(page: Any, before: int) -> None:
    """Wait until the server answered the page's last action: a higher version, or an error (then fail)."""
    page.wait_for_selector(f"{VIEW}:not([data-n='{before}']), {ERROR}:not(:empty)", state="attached")
    assert error_text(page) == "", f"the server refused a move the page offered: {error_text(page)}"


def act(person: Person, stop: Callable[[], bool] | None = None) -> str:
    """Do what the page asks of its person now (an enabled card, else the preferred button), wait for the
    server's answer; returns what was done ("card", "action") or what the page shows ("result", ""). With
    ``stop``: when the person is asked something and ``stop()`` holds, nothing is done ("stop")."""
    page = person.page
    pending = str(page.evaluate(PENDING_JS))
    if pending not in ("card", "action"):
        return pending
    if stop is not None and stop():
        return "stop"
    before = version(page)
    clear_error(page)
    if pending == "card":
        page.locator(ENABLED_CARDS).first.click()
    else:
        for selector in ACTION_PREFERENCE:
            buttons = page.locator(f"{VIEW} {selector}:visible")
            if buttons.count():
                buttons.first.click()
                break
        else:  # only a solo is left (a Vorführung): it asks first, then is confirmed
            page.locator(f"{VIEW} details.solo-ask > summary").first.click()
            page.locator(f"{VIEW} details.solo-ask[open] .solo-yes").first.click()
    answered(page, before)
    return pending


def wait_for_turn(people: list[Person], deadline: float) -> None:
    """Wait until something may have changed: on the page of the person whose turn the table shows (until it
    asks them something or the version moves), else on the first page (until the version or the turn moves)."""
    turn = people[0].page.locator(VIEW).get_attribute("data-turn") or ""
    target = next((p for p in people if turn and p.page.locator(VIEW).get_attribute("data-seat") == turn), people[0])
    page = target.page
    view = page.locator(VIEW)
    n, now, seat = version(page), view.get_attribute("data-turn") or "", view.get_attribute("data-seat")
    moved = [f"{VIEW}:not([data-n='{n}'])", f"{VIEW}:not([data-turn='{now}'])", RESULT, ENABLED_CARDS]
    moved.append(f"{VIEW}[data-seat='{seat}'][data-turn='{seat}'] button[data-action]:not([disabled])")
    page.wait_for_selector(
        ", ".join(moved),
        state="attached",
        timeout=max(1.0, min(deadline - time.monotonic(), 2 * WAIT_MS / 1000)) * 1000,
    )


def play(people: list[Person], *, until: Callable[[], bool] | None = None, limit_s: float = DEAL_S) -> None:
    """Let every person do what their page asks, in turn, until every page shows the result of the deal, or
    ``until()`` holds (asked whenever a person is about to act, and after every wait). Fails after ``limit_s``
    seconds, and when the deal ends before ``until()`` held."""
    deadline = time.monotonic() + limit_s
    while True:
        assert time.monotonic() < deadline, "the deal did not end in time"
        if until is not None and until():
            return
        done = []
        for person in people:
            done.append(act(person, until))
            if done[-1] == "stop":
                return
        if all(d == "result" for d in done):
            assert until is None, "the deal ended before the awaited moment came"
            return
        if not any(d in ("card", "action") for d in done):
            wait_for_turn(people, deadline)


def play_counted_game(people: list[Person]) -> None:
    """Play deals until one is counted (a deal thrown in is followed by the next on "Next game", #weiter)."""
    for _ in range(5):
        play(people)
        if people[0].page.locator(RESULT).get_attribute("data-outcome") != "thrown-in":
            return
        before = version(people[0].page)
        people[0].page.click("#weiter")
        answered(people[0].page, before)
    pytest.fail("five deals in a row were thrown in")


# -- making a table --------------------------------------------------------------------------------------------


@dataclass
class Table:
    id: int
    host_token: str
    tokens: dict[int, str]


def create_table(
    person: Person, server: Server, *, seed: int, pace_ms: int = 50, rules: str = "ddv", grace_s: int = 60
) -> Table:
    """A table made through the JSON API (a fixed seed: the same deal every run): Anna at seat 0 (the
    creator, host), Ben at seat 1, computer players Carla and Dirk at seats 2 and 3."""
    seats = [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carla", "bot": "rules"}, {"name": "Dirk", "bot": "rules"}]
    body = {"name": "Testtisch", "rules": rules, "seats": seats, "sit": 0, "pace_ms": pace_ms, "seed": seed}
    body["grace_s"] = grace_s
    answer = person.context.request.post(f"{server.base}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    made = answer.json()
    claim = person.context.request.post(
        f"{server.base}/api/tables/{made['id']}/seats/1/claim", data={"name": "Ben", "invite": made["invite"]}
    )
    assert claim.status == 200, claim.text()
    return Table(made["id"], made["host_token"], {0: made["seat_token"], 1: claim.json()["seat_token"]})


def sit_down(person: Person, server: Server, table: Table, seat: int) -> None:
    """The person opens the link that moves seat ``seat`` to their browser and confirms it (the confirmation,
    a POST from the page, sets the seat cookie; the link alone changes nothing)."""
    person.page.goto(f"{server.base}/tables/{table.id}/seat?token={table.tokens[seat]}")
    person.page.click("#seat-move-confirm")
    person.page.wait_for_url(f"**/tables/{table.id}")
    live(person.page)


def start(person: Person, server: Server, table: Table) -> None:
    answer = person.context.request.post(
        f"{server.base}/api/tables/{table.id}/start", headers={"X-Doko-Token": table.host_token}
    )
    assert answer.status == 200, answer.text()


def two_at_a_table(
    serve: Callable[..., Server],
    people: Callable[..., Person],
    *,
    seed: int,
    devices: tuple[Any, Any] = (None, None),
    locale: str = "en-US",
    **settings: Any,
) -> tuple[Server, Table, list[Person]]:
    """A started table (seed ``seed``) with Anna and Ben at seats 0 and 1, each on their page (browsers in the
    language ``locale``), live."""
    server = serve(**settings)
    anna = people("Anna", devices[0], locale)
    ben = people("Ben", devices[1], locale)
    table = create_table(anna, server, seed=seed)
    sit_down(anna, server, table, 0)
    sit_down(ben, server, table, 1)
    start(anna, server, table)
    for one in (anna, ben):
        one.page.wait_for_selector(f"{VIEW}[data-status='playing']")
        one.page.wait_for_selector(HAND_CARDS)
    return server, table, [anna, ben]


#: The pictures of the cards (``static/cards/<short>.svg``); while they are not there, the pages show each card's
#: symbol and its picture's alt text, and the browser's 404s for them are no problem of the page.
CARD_PICTURES = Path(__file__).resolve().parent.parent / "src" / "doppelkopf" / "web" / "static" / "cards"


def no_problems(people: list[Person]) -> None:
    missing_pictures = not (CARD_PICTURES / "KrD.svg").exists()
    for one in people:
        problems = one.problems
        if missing_pictures:
            problems = [p for p in problems if "status of 404" not in p]
        assert problems == [], f"{one.name}'s browser reported errors: {problems[:3]}"


# -- the tests ------------------------------------------------------------------------------------------------------


def test_two_people_and_two_computer_players_play_a_whole_game(
    serve: Callable[..., Server], people: Callable[..., Person], shots: Path | None
) -> None:
    """The host makes the table in the lobby form, the second person comes by the invite link and takes a seat,
    the host starts; both click until the result shows, and the game is in the group's Liste."""
    server = serve()
    anna = people("Anna")
    ben = people("Ben", PHONE)

    page = anna.page
    page.goto(f"{server.base}/tables")
    page.fill("input[name=name]", "Donnerstag online")
    page.select_option("select[name=rules]", "ddv")
    page.fill("input[name=seat0_name]", "Anna")
    page.select_option("select[name=seat0_kind]", "mensch")
    page.select_option("select[name=seat1_kind]", "mensch")
    for seat, name in ((2, "Carla"), (3, "Dirk")):
        page.fill(f"input[name=seat{seat}_name]", name)
        page.select_option(f"select[name=seat{seat}_kind]", "rules")
    page.select_option("select[name=sit]", "0")
    page.select_option("select[name=pace_ms]", "400")
    if shots is not None:
        page.screenshot(path=str(shots / "lobby-desktop.png"), full_page=True)
    page.click("text=Open the table")
    page.wait_for_url("**/tables/*")
    table_id = int(page.url.rsplit("/", 1)[1].split("?")[0])
    live(page)
    invite = page.locator("#invite-link").get_attribute("href")
    assert invite and "invite=" in invite

    ben.page.goto(urljoin(server.base, invite))  # the link as the host passes it on
    live(ben.page)
    claim = ben.page.locator(".lobby-seat[data-seat='1'] form").filter(has=ben.page.locator("input[name=name]"))
    claim.locator("input[name=name]").fill("Ben")
    claim.get_by_role("button", name="Take this seat").click()
    ben.page.wait_for_url(f"**/tables/{table_id}")
    live(ben.page)
    assert "Ben" in ben.page.locator(".lobby-seat[data-seat='1']").inner_text()
    if shots is not None:
        ben.page.screenshot(path=str(shots / "table-lobby-phone.png"), full_page=False)

    # the host's page shows Ben at seat 2 as he sits down, without reloading
    page.wait_for_selector(f"{VIEW}[data-status='lobby'] .seat[data-seat='1'] .seat-name:has-text('Ben')")
    page.click("#start")
    for one in (anna, ben):
        one.page.wait_for_selector(f"{VIEW}[data-status='playing']")
        one.page.wait_for_selector(HAND_CARDS)
    assert anna.seat == 0 and ben.seat == 1
    assert len(hand(anna.page)) == len(hand(ben.page)) == 12  # ddv: with Neunen, 12 cards each

    play_counted_game([anna, ben])
    if shots is not None:
        for one, device in ((ben, "phone"), (anna, "desktop")):
            one.page.locator(RESULT).scroll_into_view_if_needed()
            one.page.screenshot(path=str(shots / f"result-{device}.png"), full_page=False)
    for one in (anna, ben):
        assert one.page.locator(RESULT).is_visible()
        assert len(hand(one.page)) == 0
    # the Punkte of the result, as both pages show them, one number per seat, summing to zero
    shown = [
        [
            int(t.replace("\u2212", "-").replace("+", ""))
            for t in one.page.locator(f"{RESULT} .points td").all_inner_texts()
        ]
        for one in (anna, ben)
    ]
    assert shown[0] == shown[1] and len(shown[0]) == 4 and sum(shown[0]) == 0

    # the game is in the group's Liste: on the table's page and on the sitting's page of the score sheet
    assert anna.page.locator(f"{VIEW} .table-liste tbody tr").count() == 1
    about = anna.context.request.get(f"{server.base}/api/tables/{table_id}").json()
    assert about["sitting_id"] is not None
    page.goto(f"{server.base}/sittings/{about['sitting_id']}")
    row = page.locator("#liste-table tbody.game")
    assert row.count() == 1
    cells = row.first.locator("td.num")
    assert [int(cells.nth(k).get_attribute("data-points")) for k in range(4)] == shown[0]
    assert page.locator("#liste-table thead th .name").all_inner_texts() == ["Anna", "Ben", "Carla", "Dirk"]
    no_problems([anna, ben])


def test_a_reload_in_the_middle_of_a_trick_keeps_the_hand_and_play_goes_on(
    serve: Callable[..., Server], people: Callable[..., Person]
) -> None:
    _, _, both = two_at_a_table(serve, people, seed=1313)
    anna, ben = both

    def ben_to_play_in_a_trick() -> bool:
        page = ben.page
        return (
            page.locator(TRICK_CARDS).count() in (1, 2, 3)
            and page.locator(VIEW).get_attribute("data-turn") == "1"
            and page.locator(ENABLED_CARDS).count() > 0
        )

    play(both, until=ben_to_play_in_a_trick)
    cards_before, trick_before, n_before = hand(ben.page), ben.page.locator(TRICK_CARDS).count(), version(ben.page)
    ben.page.evaluate("window.stillTheSamePage = true")
    ben.page.reload()
    live(ben.page)
    assert ben.page.evaluate("window.stillTheSamePage === undefined")  # a new page, not the old one
    assert hand(ben.page) == cards_before
    assert ben.page.locator(TRICK_CARDS).count() == trick_before
    assert version(ben.page) == n_before
    assert ben.page.locator(VIEW).get_attribute("data-turn") == "1" and ben.page.locator(ENABLED_CARDS).count() > 0
    assert act(ben) == "card"
    assert len(hand(ben.page)) == len(cards_before) - 1
    play(both)
    assert anna.page.locator(RESULT).is_visible() and ben.page.locator(RESULT).is_visible()
    no_problems(both)


def test_a_person_who_leaves_is_replaced_by_a_computer_player_and_takes_the_seat_back(
    serve: Callable[..., Server], people: Callable[..., Person]
) -> None:
    _, table, both = two_at_a_table(serve, people, seed=2626, grace_s=1.0)
    anna, ben = both
    play(both, until=lambda: len(hand(ben.page)) <= 10)  # two tricks played
    ben.page.close()
    left_with = cards_of(anna.page, 1)
    # Anna's page says Ben is gone, then that a computer player stands in for him, and play goes on without him
    anna.page.wait_for_selector(f"{VIEW} .seat[data-seat='1'] .standin", state="attached")
    assert "computer stands in" in seat_tags(anna.page, 1)
    play([anna], until=lambda: cards_of(anna.page, 1) <= left_with - 2)
    # Ben comes back: the seat is his again (no stand-in), his hand as many cards as Anna's page says he holds
    page = ben.open_page()
    page.goto(anna.page.url)
    live(page)
    assert ben.seat == 1
    anna.page.wait_for_selector(f"{VIEW} .seat[data-seat='1'] .standin", state="detached")
    assert len(hand(page)) == cards_of(anna.page, 1) < left_with
    play(both)
    assert anna.page.locator(RESULT).is_visible() and page.locator(RESULT).is_visible()
    no_problems(both)


#: Opens a second socket of the page's own seat (the same cookies) in the JSON format, sends ``messages`` after
#: the first view came, and answers every message received once ``errors`` errors came (or fails after 10 s).
FORGE_JS = """
([url, messages, errors]) => new Promise((resolve, reject) => {
  const got = [];
  const ws = new WebSocket(url);
  const timer = setTimeout(() => { ws.close(); reject(new Error('no answer: ' + JSON.stringify(got))); }, 10000);
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    got.push(message);
    if (message.type === 'view' && got.filter(m => m.type === 'view').length === 1) {
      messages.forEach(m => ws.send(JSON.stringify(m)));
    }
    if (got.filter(m => m.type === 'error').length >= errors) {
      clearTimeout(timer);
      ws.close();
      resolve(got);
    }
  };
  ws.onerror = () => { clearTimeout(timer); reject(new Error('socket refused')); };
})
"""


def test_a_forged_seat_and_an_illegal_card_are_refused(
    serve: Callable[..., Server], people: Callable[..., Person]
) -> None:
    server, table, both = two_at_a_table(serve, people, seed=4242)
    anna, ben = both

    # wait for a person's turn in the Vorbehaltsabfrage; the other one forges that person's answer
    anna.page.wait_for_selector(
        f"{VIEW}[data-phase='vorbehalt'][data-turn='0'], {VIEW}[data-phase='vorbehalt'][data-turn='1']",
        state="attached",
    )
    turn = int(anna.page.locator(VIEW).get_attribute("data-turn"))
    victim, forger = (anna, ben) if turn == 0 else (ben, anna)
    victim.page.wait_for_selector(f"{VIEW} button[data-action].kind-vorbehalt:text-is('gesund')")
    n_before = version(victim.page)
    url = f"{server.base.replace('http', 'ws', 1)}/tables/{table.id}/ws?format=json"
    gesund = int(Action.GESUND)
    forged = [
        {"action": gesund, "seat": turn},  # the other person's answer, as numbers
        {"action": str(gesund), "seat": str(turn)},  # and as strings (how htmx sends hx-vals)
        {"action": gesund},  # for one's own seat, out of turn
    ]
    got = forger.page.evaluate(FORGE_JS, [url, forged, 3])
    views = [m["view"] for m in got if m["type"] == "view"]
    errors = [m["message"] for m in got if m["type"] == "error"]
    assert views and views[0]["seat"] == forger.seat != turn
    assert [m.startswith(f"seat {turn} is not yours") for m in errors] == [True, True, False], errors
    assert f"{('Anna', 'Ben')[turn]}'s turn" in errors[2]  # the engine's words, its seat named: whose turn it is
    assert all(v["n"] == n_before for v in views)
    # nothing happened: the same version everywhere, the victim is still asked
    for one in both:
        assert version(one.page) == n_before
    assert victim.page.locator(VIEW).get_attribute("data-turn") == str(turn)
    assert victim.page.locator(f"{VIEW} button[data-action].kind-vorbehalt:text-is('gesund')").count() == 1
    assert "gesund" not in seat_tags(forger.page, turn)

    # play on until a person must follow a suit: their turn in a trick begun, a card the page does not enable
    def must_follow(one: Person) -> bool:
        page = one.page
        return (
            page.locator(TRICK_CARDS).count() > 0
            and page.locator(ENABLED_CARDS).count() > 0
            and page.locator(DISABLED_CARDS).count() > 0
        )

    play(both, until=lambda: any(must_follow(one) for one in both))
    player = next(one for one in both if must_follow(one))
    page = player.page
    card = int(page.locator(DISABLED_CARDS).first.get_attribute("data-card"))
    # the engine's own refusal of that card, asked directly (the page must show exactly this)
    room = server.app.state.hub.rooms[table.id]
    with pytest.raises(IllegalAction) as refused:
        room.state.check(player.seat, card)
    expected = " ".join(str(refused.value).split())
    assert "TSR" in expected or "seed" in expected  # the rule is named
    cards_before, n_before = hand(page), version(page)
    clear_error(page)
    # a forged click: the page's disabled card made clickable
    page.locator(DISABLED_CARDS).first.evaluate("e => e.removeAttribute('disabled')")
    page.locator(f"{HAND} button[data-card='{card}']").first.click()
    page.wait_for_selector(f"{ERROR}:not(:empty)", state="attached")
    assert error_text(page) == expected
    assert hand(page) == cards_before and version(page) == n_before
    assert page.locator(f"{VIEW} .hand button[data-card='{card}']").count() >= 1
    # the page goes on: a legal card is accepted
    assert act(player) == "card"
    assert len(hand(page)) == len(cards_before) - 1
    no_problems(both)


def test_a_game_in_progress_on_a_desktop_and_a_phone(
    serve: Callable[..., Server], people: Callable[..., Person], shots: Path | None
) -> None:
    """Anna at a desktop (1280 x 800), Ben on a phone (390 x 844, portrait). On the phone, when Ben is asked for
    his Vorbehalt and in the middle of the game: no sideways scrolling, every card of the hand and every button
    of the table a touch target of at least 44 x 44 px, the trick above the hand, the hand and the "gesund"
    button on the screen without scrolling."""
    _, _, both = two_at_a_table(serve, people, seed=777, devices=(DESKTOP, PHONE))
    anna, ben = both
    phone = ben.page

    gesund = f"{VIEW} button[data-action].kind-vorbehalt:text-is('gesund')"
    phone.wait_for_selector(gesund)  # seat 1 is asked first: Anna deals
    if shots is not None:
        phone.screenshot(path=str(shots / "vorbehalt-phone.png"), full_page=False)
        anna.page.screenshot(path=str(shots / "vorbehalt-desktop.png"), full_page=False)
    thumb_friendly(phone)
    on_screen(phone, gesund)

    def middle() -> bool:
        return (
            len(hand(phone)) <= 8
            and phone.locator(TRICK_CARDS).count() >= 2
            and phone.locator(ENABLED_CARDS).count() > 0
        )

    play(both, until=middle)
    if shots is not None:
        phone.screenshot(path=str(shots / "table-phone.png"), full_page=False)
        phone.screenshot(path=str(shots / "table-phone-full.png"), full_page=True)
        anna.page.screenshot(path=str(shots / "table-desktop.png"), full_page=False)
        anna.page.screenshot(path=str(shots / "table-desktop-full.png"), full_page=True)
    thumb_friendly(phone)
    trick_box = phone.locator(f"{VIEW} .trick").bounding_box()
    hand_box = phone.locator(HAND).bounding_box()
    assert trick_box is not None and hand_box is not None
    assert hand_box["y"] >= trick_box["y"] + trick_box["height"] - 1, "the hand is not below the trick"
    on_screen(phone, HAND)
    # the desktop shows the same table without sideways scrolling either
    width = anna.page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= DESKTOP["viewport"]["width"], f"the desktop page is {width} px wide"
    no_problems(both)


def thumb_friendly(page: Any) -> None:
    """The page is no wider than the screen, and every card of the hand and every button of the table that is
    shown is at least :data:`TOUCH_PX` wide and high."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"
    small = page.evaluate(
        "(min) => [...document.querySelectorAll('#table-view .hand [data-card], #table-view button')]"
        ".filter(e => e.offsetParent !== null)"
        ".map(e => [e.textContent.trim(), Math.round(e.getBoundingClientRect().width),"
        " Math.round(e.getBoundingClientRect().height)])"
        ".filter(([, w, h]) => w < min || h < min)",
        TOUCH_PX,
    )
    assert small == [], f"touch targets smaller than {TOUCH_PX} px: {small}"


def on_screen(page: Any, selector: str) -> None:
    """The element ``selector`` lies wholly within the screen as the page first shows it (no scrolling)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    screen = page.viewport_size
    assert 0 <= box["y"] and box["y"] + box["height"] <= screen["height"], f"{selector} is off the screen: {box}"
    assert 0 <= box["x"] and box["x"] + box["width"] <= screen["width"], f"{selector} is off the screen: {box}"


def test_the_analysis_shows_under_the_result_when_the_table_allows_it(
    serve: Callable[..., Server], people: Callable[..., Person], shots: Path | None
) -> None:
    """Four computer players at a table made with the option ``analysis``: once the game is over, the page of
    a spectator loads the solver's review under the result (htmx, a loading state first): one row per card."""
    server = serve(pace_ms=0)
    server.app.state.analysis_options = {"exact_tricks": 2, "budget_s": 0}
    host = people("Host")
    seats = [{"bot": "rules"}] * 4
    body = {"name": "Analysetisch", "rules": "ddv", "seats": seats, "seed": 5, "analysis": True}
    answer = host.context.request.post(f"{server.base}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    made = answer.json()
    started = host.context.request.post(
        f"{server.base}/api/tables/{made['id']}/start", headers={"X-Doko-Token": made["host_token"]}
    )
    assert started.status == 200, started.text()
    host.page.goto(f"{server.base}/tables/{made['id']}")
    live(host.page)
    host.page.wait_for_selector(RESULT, timeout=int(DEAL_S * 1000))
    host.page.wait_for_selector(f"{RESULT} #analysis table.analysis-cards", timeout=60_000)
    rows = host.page.locator(f"{RESULT} #analysis tr[data-card]")
    assert rows.count() == 48  # the seed's first deal is played to its end: 48 cards
    assert host.page.locator(f"{RESULT} #analysis-bounded").count() == 1  # the bounded tricks are said so
    # the rows can be seen (no rule of the board, such as the finished deal's hidden trick, hides them)
    for index in (0, 47):
        rows.nth(index).scroll_into_view_if_needed()
        assert rows.nth(index).is_visible(), f"analysis row {index} is hidden"
        box = rows.nth(index).bounding_box()
        assert box is not None and box["height"] > 10, box
    if shots is not None:
        host.page.screenshot(path=str(shots / "analysis-table.png"), full_page=True)
    # its own page: the rows there too, the table's name in the way back, no link to itself
    host.page.goto(f"{server.base}/tables/{made['id']}/analysis/1")
    own = host.page.locator("#analysis tr[data-card]")
    assert own.count() == 48 and own.nth(0).is_visible()
    assert host.page.locator("nav a, .crumbs a").filter(has_text="Analysetisch").count() >= 1
    assert host.page.locator("#analysis-link").count() == 0
    if shots is not None:
        host.page.screenshot(path=str(shots / "analysis-page.png"), full_page=True)
    no_problems([host])


# -- the card table in the reader's language ------------------------------------------------------------------

#: Where the screenshots of the card table in both languages go when ``$DOKO_WEB_SHOTS`` is not set (outside
#: the repository; look at them after a run).
TABLE_SHOTS = Path("/tmp/shots/table")


def table_shots(shots: Path | None) -> Path:
    folder = shots or TABLE_SHOTS
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def center(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def check_the_open_trick(page: Any) -> None:
    """From the page alone: every card of the open trick carries its player's name (the name of the seat box of
    that seat), the leader's card is marked "leads"/"kommt raus" and exactly one card is marked as the winner so
    far (a class and a label the reader sees)."""
    names = {
        str(s.get_attribute("data-seat")): str(s.locator(".seat-name").inner_text()).split(" (")[0].strip()
        for s in page.locator(f"{VIEW} .board .seat").all()
    }
    slots = page.locator(f"{VIEW} .trick .slot:has([data-card])").all()
    assert len(slots) >= 1
    for slot in slots:
        seat = str(slot.get_attribute("data-seat"))
        assert str(slot.locator(".slot-name").inner_text()).strip() == names[seat], f"slot {seat}"
    winning = page.locator(f"{VIEW} .trick .slot.winning:has([data-card])")
    assert winning.count() == 1, "one card wins the trick so far"
    assert winning.locator(".win-mark").is_visible()
    leader = page.locator(f"{VIEW} .trick .slot.leader:has([data-card])")
    assert leader.count() == 1 and leader.locator(".lead-mark").is_visible()


def check_seats_around_the_table(page: Any) -> None:
    """The seats sit around the trick as at a table: left of its middle, right of it, across above it, one's
    own below it (bounding boxes as the page lays them out)."""
    trick = page.locator(f"{VIEW} .trick").bounding_box()
    assert trick is not None
    mid_x, mid_y = center(trick)
    boxes = {
        pos: page.locator(f"{VIEW} .board .seat[data-pos='{pos}']").bounding_box()
        for pos in ("left", "right", "top", "bottom")
    }
    assert all(boxes.values()), boxes
    assert center(boxes["left"])[0] < mid_x and boxes["left"]["x"] + boxes["left"]["width"] <= trick["x"] + 1
    assert center(boxes["right"])[0] > mid_x and boxes["right"]["x"] >= trick["x"] + trick["width"] - 1
    assert boxes["top"]["y"] + boxes["top"]["height"] <= trick["y"] + 1 and abs(center(boxes["top"])[0] - mid_x) < 30
    assert boxes["bottom"]["y"] >= trick["y"] + trick["height"] - 1
    assert abs(center(boxes["left"])[1] - mid_y) < trick["height"] / 2


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_a_whole_game_by_clicking_in_the_readers_language(
    serve: Callable[..., Server], people: Callable[..., Person], shots: Path | None, locale: str
) -> None:
    """Anna at a desktop and Ben on a phone, browsers in German (and in English), click a whole game; the open
    trick names its players and marks the winner so far, the seats sit around the table on the phone too, and
    the result (Posten, Summe, both parties' Augen) stays until "Nächstes Spiel"/"Next game"."""
    german = locale.startswith("de")
    _, table, both = two_at_a_table(serve, people, seed=777, devices=(DESKTOP, PHONE), locale=locale)
    anna, ben = both
    folder = table_shots(shots)
    lang = "de" if german else "en"
    gesund = f"{VIEW} button[data-action].kind-vorbehalt:text-is('gesund')"
    ben.page.wait_for_selector(gesund)
    assert ben.page.locator(f"{VIEW} .phase").inner_text() == "Vorbehaltsabfrage"
    ben.page.screenshot(path=str(folder / f"vorbehalt-phone-{lang}.png"), full_page=False)

    def middle() -> bool:  # Ben to play into a trick of two or three cards: the table waits for him
        return (
            len(hand(ben.page)) <= 10
            and ben.page.locator(TRICK_CARDS).count() >= 2
            and ben.page.locator(ENABLED_CARDS).count() > 0
        )

    play(both, until=middle)
    for one in both:
        check_the_open_trick(one.page)
    check_seats_around_the_table(ben.page)
    check_seats_around_the_table(anna.page)
    header = str(anna.page.locator(f"{VIEW} .game-line").inner_text())
    assert header.startswith("Spiel · " if german else "play · "), header
    assert ("du bist" if german else "you are") in header
    ben.page.screenshot(path=str(folder / f"trick-phone-{lang}.png"), full_page=False)
    anna.page.screenshot(path=str(folder / f"trick-desktop-{lang}.png"), full_page=False)

    play_counted_game(both)
    result = anna.page.locator(RESULT)
    assert result.is_visible()
    text = str(result.inner_text())
    assert ("gewinnt" if german else "wins") in text
    assert "Augen" in text and "Summe" in text and "Posten" in text
    assert anna.page.locator(f"{RESULT} #posten tbody tr").count() >= 1
    assert anna.page.locator("#weiter").inner_text() == ("Nächstes Spiel" if german else "Next game")
    anna.page.locator("#trick-history summary").click()
    assert anna.page.locator("#trick-history li").count() == 12
    result.scroll_into_view_if_needed()
    anna.page.screenshot(path=str(folder / f"result-desktop-{lang}.png"), full_page=False)
    ben.page.locator(RESULT).scroll_into_view_if_needed()
    ben.page.screenshot(path=str(folder / f"result-phone-{lang}.png"), full_page=False)
    # the deal's Posten stay on a page of their own
    ben.page.goto(f"{ben.page.url.split('/tables/')[0]}/tables/{table.id}/deals/1")
    assert ben.page.locator("#deal-score #posten tbody tr").count() >= 1
    ben.page.screenshot(path=str(folder / f"deal-phone-{lang}.png"), full_page=True)
    no_problems(both)


def test_the_lobby_and_a_table_waiting_for_a_seat_in_german(
    serve: Callable[..., Server], people: Callable[..., Person], shots: Path | None
) -> None:
    """The lobby form and a table whose seat is still empty, in German, on a phone: Start is disabled and says
    why."""
    server = serve()
    anna = people("Anna", PHONE, "de-DE")
    folder = table_shots(shots)
    page = anna.page
    page.goto(f"{server.base}/tables")
    assert page.locator("#new-table h2").inner_text() == "Neuer Tisch"
    page.screenshot(path=str(folder / "lobby-phone-de.png"), full_page=True)
    page.fill("input[name=name]", "Stammtisch")
    page.fill("input[name=seat0_name]", "Anna")
    page.select_option("select[name=seat1_kind]", "mensch")
    page.select_option("select[name=sit]", "0")
    page.click("text=Tisch eröffnen")
    page.wait_for_url("**/tables/*")
    live(page)
    assert page.locator("#start").is_disabled()
    assert "Platz 2" in page.locator("#start-reason").inner_text()
    page.screenshot(path=str(folder / "table-lobby-phone-de.png"), full_page=True)
    no_problems([anna])
