"""The web app in a real browser: Playwright (sync API) drives Debian's chromium against uvicorn.

A phone-sized page (390 x 844, touch) enters seed 004's three games by tapping and reads the Liste and
the settlement; seed 002's Doppelbock (a 120:120 game starts four Bock games; deleting it takes the
Bock from every later row); a table of five where the dealer sits out in turn; a second phone sees a
new game appear without reloading (server-sent events). The Punkte expected are worked by hand (see
``tests/test_web_api.py``). Screenshots of the main pages go to ``$DOKO_WEB_SHOTS`` (a folder outside
the repository, e.g. ``/tmp/liste/shots``) or the test's temporary folder.

Without chromium the tests skip with a printed reason (the ``browser`` fixture of ``tests/conftest.py``).
"""

from __future__ import annotations

import datetime
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

from doppelkopf.web.events import StreamSettings  # noqa: E402
from webapp import open_app, serving  # noqa: E402

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "locale": "en-US",  # the assertions below read the English pages; test_an_evening_in_both_languages reads both
}
#: The controls of the entry form a thumb taps (the pills' inputs are invisible, their label is the target).
TAP_TARGETS = "#entry-form .pill span, #entry-form input[type=number], #entry-form select, #entry-form button, .tabs a"
#: Playwright's wait for anything the page should show (ms).
WAIT_MS = 10_000


@dataclass
class Server:
    base: str
    app: Any


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app on an SQLite file, served by uvicorn in a background thread on a free port."""
    app = open_app(
        f"sqlite:///{tmp_path / 'liste.sqlite'}", sse=StreamSettings(poll_s=0.25, keepalive_s=5, max_age_s=120)
    )
    with serving(app) as port:
        yield Server(f"http://127.0.0.1:{port}", app)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("DOKO_WEB_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def phone(browser: Any, server: Server) -> Iterator[Any]:
    """A page on a phone-sized touch screen (closed before the server stops: its event stream ends first)."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    problems = watch(page)
    try:
        yield page
    finally:
        context.close()
    assert problems == [], "the browser reported errors"


def watch(page: Any) -> list[str]:
    """Errors the page reports while the test runs (a script error, a blocked script or style, a failed load)."""
    problems: list[str] = []

    def console(message: Any) -> None:
        # a refused entry is answered 422 and a conflict 409 on purpose: the browser logs them as failed loads
        if message.type == "error" and not message.text.endswith(("(Unprocessable Entity)", "(Conflict)")):
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


# -- what a player does on the phone ------------------------------------------------------------------------


def start_sitting(
    page: Any, server: Server, group: str, players: list[str], rules: str, *, cents: int = 10, place: str = ""
) -> int:
    """Create a group and a sitting through the pages; returns the sitting's id."""
    page.goto(f"{server.base}/groups")
    page.fill("input[name=name]", group)
    page.fill("textarea[name=players]", "\n".join(players))
    page.click("text=Create group")
    page.wait_for_url("**/groups/*")
    for i, name in enumerate(players):
        page.fill(f"#new-sitting input[name=seat{i}]", name)
    page.select_option("#new-sitting select[name=rules]", rules)
    page.fill("#new-sitting input[name=cents_per_point]", str(cents))
    if place:
        page.fill("#new-sitting input[name=place]", place)
    page.click("text=Start the sitting")
    page.wait_for_url("**/sittings/*")
    return int(page.url.rsplit("/", 1)[1].split("?")[0].split("#")[0])


def pill(page: Any, fieldset: str, text: str) -> Any:
    return page.locator(f"{fieldset} label.pill").filter(has=page.get_by_text(text, exact=True))


def enter_full(
    page: Any,
    game: str,
    re: list[str],
    augen: int,
    *,
    ann_re: str = "",
    ann_kontra: str = "",
    extras: dict[str, int] | None = None,
    screenshot: Path | None = None,
) -> None:
    """From the list page: tap "+ Game", fill in the full form, save; back on the list."""
    page.click("#add-game")
    page.wait_for_selector("#entry-form")
    pill(page, "#f-game", game).tap()
    for name in re:
        pill(page, "#f-re", name).tap()
    page.fill("input[name=augen_re]", str(augen))
    if ann_re:
        pill(page, "#f-ann_re", ann_re).tap()
    if ann_kontra:
        pill(page, "#f-ann_kontra", ann_kontra).tap()
    for name, count in (extras or {}).items():
        page.select_option(f"select[name='extra.{name}']", str(count))
    if screenshot is not None:
        page.screenshot(path=str(screenshot), full_page=False)
    page.click("#save")
    page.wait_for_selector("#liste-table")


def enter_quick(page: Any, winners: list[str], punkte: int, events: tuple[str, ...] = ()) -> None:
    page.click("#add-game")
    page.click(".tabs >> text=Quick")
    page.wait_for_selector("input[name=punkte]")
    for name in winners:
        pill(page, "#f-winners", name).click()
    page.fill("input[name=punkte]", str(punkte))
    for event in events:
        pill(page, "#f-events", event).click()
    page.click("#save")
    page.wait_for_selector("#liste-table")


def totals(page: Any) -> list[list[int]]:
    """The running totals of every row of the list, as the page shows them (column order)."""
    rows = page.locator("#liste-table tbody.game")
    out = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td.num")
        out.append([int(cells.nth(k).get_attribute("data-total")) for k in range(cells.count())])
    return out


def points(page: Any) -> list[list[int]]:
    rows = page.locator("#liste-table tbody.game")
    out = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td.num")
        out.append([int(cells.nth(k).get_attribute("data-points")) for k in range(cells.count())])
    return out


def transfers(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#settlement .transfer").all_inner_texts()]


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


# -- the tests ------------------------------------------------------------------------------------------------


def test_seed_004_on_a_phone(phone: Any, server: Server, shots: Path) -> None:
    page = phone
    start_sitting(page, server, "Donnerstag", ["Anna", "Ben", "Carla", "Dirk"], "vier-schritte", place="Bei Anna")
    assert page.locator("#next-game").inner_text().count("Anna deals") == 1
    enter_full(page, "Kreuzsolo", ["Anna"], 190, screenshot=shots / "entry-phone.png")
    enter_full(
        page,
        "Normalspiel",
        ["Ben", "Carla"],
        151,
        ann_re="Re",
        extras={"fuchs_gefangen.re": 1, "doppelkopf.kontra": 1},
    )
    enter_full(page, "Normalspiel", ["Ben", "Carla"], 140, ann_re="keine 90")
    assert totals(page) == [[9, -3, -3, -3], [5, 1, 1, -7], [10, -4, -4, -2]]
    assert points(page) == [[9, -3, -3, -3], [-4, 4, 4, -4], [5, -5, -5, 5]]
    assert page.locator("#totals").inner_text().split() == ["Σ", "10", "\u22124", "\u22124", "\u22122"]
    assert transfers(page) == ["Ben pays Anna €0.40", "Carla pays Anna €0.40", "Dirk pays Anna €0.20"]
    assert page.get_by_text("Ben pays Anna €0.40").is_visible()
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "list-phone.png"), full_page=True)

    # the entry form is made for thumbs: every control at least 44 px high, nothing wider than the phone
    page.click("#add-game")
    page.wait_for_selector("#entry-form")
    no_sideways_scroll(page)
    small = page.evaluate(
        "(selector) => [...document.querySelectorAll(selector)]"
        ".filter(e => e.offsetParent !== null)"
        ".map(e => [e.textContent.trim() || e.name, Math.round(e.getBoundingClientRect().height)])"
        ".filter(([, h]) => h < 44)",
        TAP_TARGETS,
    )
    assert small == []
    page.screenshot(path=str(shots / "entry-phone-full.png"), full_page=True)

    # a wrong entry: the field is named and what was typed stays
    pill(page, "#f-re", "Ben").tap()
    page.fill("input[name=augen_re]", "250")
    page.click("#save")
    assert "Augen of Re" in page.locator("#error").inner_text()
    assert page.input_value("input[name=augen_re]") == "250"
    assert page.locator("#f-re input[value=Ben]").is_checked()
    page.screenshot(path=str(shots / "entry-error-phone.png"), full_page=False)

    # statistics with their charts
    page.goto(page.url.split("/sittings/")[0] + "/groups/1/stats")
    page.wait_for_selector("#chart-punkte")
    page.wait_for_function("document.getElementById('chart-punkte').naturalWidth > 0")
    assert page.locator("#player-stats").get_by_text("€1.00").is_visible()
    page.screenshot(path=str(shots / "stats-phone.png"), full_page=True)


def test_doppelbock_and_deleting_the_game_that_started_it(phone: Any, server: Server, shots: Path) -> None:
    page = phone
    start_sitting(page, server, "Seed 002", ["Anna", "Ben", "Carla", "Dirk"], "doppelbock")
    enter_full(page, "Normalspiel", ["Ben", "Carla"], 120)  # Spaltarsch: Kontra wins 2, four Bock games
    assert "4: ×2 ×2 ×2 ×2" in page.locator("#bock-owed").inner_text()
    assert "Spaltarsch → Bock" in page.locator("#game-1").inner_text()
    for _ in range(5):
        enter_full(page, "Normalspiel", ["Carla", "Dirk"], 160)  # worth 2; x2 in the Bock
    assert points(page) == [[2, -2, -2, 2]] + [[-4, -4, 4, 4]] * 4 + [[-2, -2, 2, 2]]
    assert totals(page)[-1] == [-16, -20, 16, 20]
    assert [page.locator(f"#game-{n} .bock").count() for n in range(1, 7)] == [0, 1, 1, 1, 1, 0]
    assert page.locator("#bock-owed").inner_text().strip().endswith("none")
    page.screenshot(path=str(shots / "list-bock-phone.png"), full_page=True)

    # delete game 1: the games move up, no Bock is left on any row
    page.click("#game-1 td.label a")
    page.wait_for_selector("#delete")
    page.screenshot(path=str(shots / "game-phone.png"), full_page=True)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#delete")
    page.wait_for_selector("#liste-table")
    assert points(page) == [[-2, -2, 2, 2]] * 5
    assert totals(page)[-1] == [-10, -10, 10, 10]
    assert page.locator("#liste-table .bock").count() == 0
    assert page.locator("tbody.bocked").count() == 0


def test_five_players_rotate_who_sits_out(phone: Any, server: Server, shots: Path) -> None:
    page = phone
    players = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
    start_sitting(page, server, "Fünfer", players, "ddv")
    for number, out in enumerate(players, start=1):
        assert f"{out} deals · {out} sits out" in page.locator("#next-game").inner_text()
        page.click("#add-game")
        page.wait_for_selector("#f-re")
        offered = page.locator("#f-re label.pill").all_inner_texts()
        assert out not in offered and len(offered) == 4  # the one who sits out cannot be Re
        active = [p for p in players if p != out]
        page.goto(page.url.replace("/games/new", "/games/new?mode=quick"))
        for name in active[:2]:
            pill(page, "#f-winners", name).tap()
        page.fill("input[name=punkte]", "1")
        page.click("#save")
        page.wait_for_selector(f"#game-{number}")
        row = page.locator(f"#game-{number}")
        assert f"{out} sat out" in row.inner_text()
        cell = row.locator("td.num").nth(players.index(out))
        assert cell.get_attribute("data-points") == "0" and "out" in (cell.get_attribute("class") or "")
    assert "Anna deals · Anna sits out" in page.locator("#next-game").inner_text()
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "list-five-phone.png"), full_page=True)


def test_a_second_phone_sees_the_new_game_without_reload(browser: Any, server: Server, shots: Path) -> None:
    first = browser.new_context(**PHONE)
    second = browser.new_context(**PHONE)
    try:
        first.set_default_timeout(WAIT_MS)
        second.set_default_timeout(WAIT_MS)
        writer = first.new_page()
        problems = watch(writer)
        sitting = start_sitting(writer, server, "Zwei Handys", ["Anna", "Ben", "Carla", "Dirk"], "vier-schritte")
        reader = second.new_page()
        problems += watch(reader)
        reader.goto(f"{server.base}/sittings/{sitting}")
        reader.wait_for_selector("#live.on")  # the event stream is open
        reader.evaluate("window.stillTheSamePage = true")
        enter_full(writer, "Kreuzsolo", ["Anna"], 190)
        reader.wait_for_selector("#game-1")
        assert reader.evaluate("window.stillTheSamePage") is True  # no reload
        assert totals(reader) == [[9, -3, -3, -3]]
        assert "+ Game 2" in reader.locator("#add-game").inner_text()
        # a game entered from outside the app (the CLI, another server) shows up too
        server.app.state.store.add_game(sitting, {"winners": ["Ben", "Carla"], "punkte": 4}, number=2)
        reader.wait_for_selector("#game-2")
        assert totals(reader)[-1] == [5, 1, 1, -7]
        assert reader.evaluate("window.stillTheSamePage") is True
        reader.screenshot(path=str(shots / "list-live-phone.png"), full_page=True)
        assert problems == []
    finally:
        first.close()
        second.close()


def test_three_doppelkoepfe_for_one_party_on_a_phone(phone: Any, server: Server, shots: Path) -> None:
    """The Sonderpunkte counts come from the rules: a game holds up to six Doppelköpfe (240 // 40 Augen), so a
    party may have three. Re (Ben, Carla), 151 Augen, three Doppelköpfe, nothing announced: gewonnen 1 +
    Kontra unter 90 (89 Augen) 1 + 3 = 5 for each of Re (seed 004's schema)."""
    page = phone
    start_sitting(page, server, "Doppelköpfe", ["Anna", "Ben", "Carla", "Dirk"], "vier-schritte")
    page.click("#add-game")
    page.wait_for_selector("#entry-form")
    offered = page.locator("select[name='extra.doppelkopf.re'] option").all_inner_texts()
    assert offered == [str(n) for n in range(7)]
    page.locator("#f-extras").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "entry-extras-phone.png"), full_page=False)
    page.goto(f"{server.base}/sittings/1")
    enter_full(page, "Normalspiel", ["Ben", "Carla"], 151, extras={"doppelkopf.re": 3})
    assert points(page) == [[-5, 5, 5, -5]]
    assert "Re Ben & Carla +5" in page.locator("#game-1").inner_text()
    no_sideways_scroll(page)


def test_desktop_pages(browser: Any, server: Server, shots: Path) -> None:
    """The same pages on a wide screen: seven players, three quick games (ddv, the dealer and the two opposite
    sit out). Game 1: Anna deals, Anna, Dirk, Eva sit out; Ben and Fritz win 2 from Carla and Gerd. Game 2: Ben
    deals, Ben, Eva, Fritz sit out; Anna and Gerd win 2 from Carla and Dirk. Game 3: Carla deals, Carla, Fritz,
    Gerd sit out; Dirk and Eva win 2 from Anna and Ben. Totals: Anna 0, Ben 0, Carla −4, Dirk 0, Eva 2, Fritz 2,
    Gerd 0; at 10 ct Carla pays Eva and Fritz 0,20 € each."""
    players = ["Anna", "Ben", "Carla", "Dirk", "Eva", "Fritz", "Gerd"]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        page = context.new_page()
        problems = watch(page)
        page.set_default_timeout(WAIT_MS)
        start_sitting(page, server, "Am Tisch", players, "ddv", place="Bei Gerd")
        for winners in (["Ben", "Fritz"], ["Anna", "Gerd"], ["Dirk", "Eva"]):
            enter_quick(page, winners, 2)
        assert page.locator("#liste-table thead th .name").all_inner_texts() == players
        assert page.locator("#totals").inner_text().split() == ["Σ", "0", "0", "\u22124", "0", "2", "2", "0"]
        assert points(page) == [[0, 2, -2, 0, 0, 2, -2], [2, 0, -2, -2, 0, 0, 2], [-2, -2, 0, 2, 2, 0, 0]]
        assert sorted(transfers(page)) == ["Carla pays Eva €0.20", "Carla pays Fritz €0.20"]
        assert page.get_by_text("Carla pays Eva €0.20").is_visible()
        assert page.locator("#sit-out summary").inner_text() == "Who sits out: dealer"
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / "list-seven-desktop.png"), full_page=True)
        page.goto(f"{server.base}/groups/1")
        assert "3 games" in page.locator("ul.items").inner_text()
        page.screenshot(path=str(shots / "group-desktop.png"), full_page=True)
        page.goto(f"{server.base}/groups/1/stats")
        page.wait_for_function("document.getElementById('chart-punkte').naturalWidth > 0")
        carla = page.locator("#player-stats article.player").filter(has=page.get_by_text("Carla", exact=True))
        assert "\u2212€0.40" in carla.inner_text()
        # the sittings to choose tell number, date (today, as the page writes it) and place apart
        page.click("text=Which sittings")
        day = datetime.date.today()
        today = f"{day:%b} {day.day}, {day.year}"  # as an English page writes it
        assert page.locator(".sitting-pill").all_inner_texts() == [f"#1 {today} · Bei Gerd · 3 games"]
        page.screenshot(path=str(shots / "stats-desktop.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


# -- an evening in German and in English --------------------------------------------------------------------

#: Where the screenshots of both languages go (outside the repository; ``DOKO_WEB_SHOTS`` elsewhere).
SHOTS_BY_LANGUAGE = Path(os.environ.get("DOKO_WEB_SHOTS_I18N", "/tmp/shots/web"))
#: The words of each language the evening's pages show (the controls a player taps, the notices, the Liste).
WORDS = {
    "de": {
        "create": "Gruppe anlegen",
        "start": "Sitzung beginnen",
        "quick": "Schnell",
        "saved": "Spiel {n} gespeichert",
        "corrected": "Spiel {n} korrigiert",
        "deals": "Anna gibt",
        "pays": "Dirk zahlt Anna 0,70\u00a0€",
        "correction": "Korrektur speichern",
        "fields": "Felder müssen geändert werden",
        "augen": "Augen Re: 250 liegt nicht zwischen 0 und 240",
        "other": ("Save", "Game ", "Players", "Delete", "Settlement", "Statistics"),
    },
    "en": {
        "create": "Create group",
        "start": "Start the sitting",
        "quick": "Quick",
        "saved": "Game {n} saved",
        "corrected": "Game {n} corrected",
        "deals": "Anna deals",
        "pays": "Dirk pays Anna €0.70",
        "correction": "Save the correction",
        "fields": "fields need a change",
        "augen": "Augen of Re: 250 is not between 0 and 240",
        "other": ("Speichern", "Spiel ", "Spieler", "Löschen", "Abrechnung", "Statistik"),
    },
}


def _shoot(page: Any, name: str) -> None:
    SHOTS_BY_LANGUAGE.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS_BY_LANGUAGE / f"{name}.png"), full_page=True)


def _speaks(page: Any, language: str) -> None:
    """The page is in ``language``: its ``lang`` and none of the other language's words in what it shows."""
    assert page.locator("html").get_attribute("lang") == language
    text = page.locator("body").inner_text()
    wrong = [word for word in WORDS[language]["other"] if word in text]
    assert wrong == [], (page.url, wrong)


@pytest.mark.parametrize("language,locale", [("de", "de-DE"), ("en", "en-US")])
def test_an_evening_in_both_languages(browser: Any, server: Server, language: str, locale: str) -> None:
    """Seed 004's evening on a phone in the browser's language: the group and the sitting created, Anna's
    Kreuzsolo (190 Augen: +9), Beispiel 1 (Ben and Carla, Re angesagt, 151 Augen, Fuchs for Re, Doppelkopf for
    Kontra: +4), a quick game (Anna and Ben win 1), a wrong entry named at its field, game 3 corrected to Anna
    and Carla winning 2 (totals: Anna 9 − 4 + 2 = 7, Ben −3 + 4 − 2 = −1, Carla −3 + 4 + 2 = 3, Dirk −3 − 4 − 2
    = −9); each step's notice, the Liste and the settlement in that language; screenshots of every main page on
    a phone 375 pixels wide and on a desktop."""
    words = WORDS[language]
    context = browser.new_context(**{**PHONE, "viewport": {"width": 375, "height": 812}, "locale": locale})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    problems = watch(page)
    try:
        page.goto(f"{server.base}/groups")
        _speaks(page, language)
        page.fill("input[name=name]", f"Donnerstagsrunde im Goldenen Hirschen {language}")  # a long crumb
        page.fill("textarea[name=players]", "Anna\nBen\nCarla\nDirk")
        page.click(f"text={words['create']}")
        page.wait_for_url("**/groups/*")
        _speaks(page, language)
        _shoot(page, f"group-phone-{language}")
        group_url = page.url
        page.select_option("#new-sitting select[name=rules]", "vier-schritte")
        page.click(f"text={words['start']}")
        page.wait_for_url("**/sittings/*")
        assert words["deals"] in page.locator("#next-game").inner_text()
        enter_full(page, "Kreuzsolo", ["Anna"], 190)
        assert words["saved"].format(n=1) in page.locator("#notice").inner_text()
        enter_full(
            page,
            "Normalspiel",
            ["Ben", "Carla"],
            151,
            ann_re="Re",
            extras={"fuchs_gefangen.re": 1, "doppelkopf.kontra": 1},
        )
        assert words["saved"].format(n=2) in page.locator("#notice").inner_text()
        # a wrong entry: every field at fault is named at once, with the field's label
        page.click("#add-game")
        page.wait_for_selector("#entry-form")
        pill(page, "#f-re", "Ben").tap()
        page.fill("input[name=augen_re]", "250")
        page.click("details summary")
        page.fill("input[name=tricks_re]", "99")
        page.click("#save")
        assert words["fields"] in page.locator("#error").inner_text()
        assert words["augen"] in page.locator("#e-augen_re").inner_text()
        _speaks(page, language)
        no_sideways_scroll(page)
        _shoot(page, f"entry-error-phone-{language}")
        page.goto(page.url.split("/games")[0])
        # a quick game, then its correction
        page.click("#add-game")
        page.click(f".tabs >> text={words['quick']}")
        page.wait_for_selector("input[name=punkte]")
        for name in ("Anna", "Ben"):
            pill(page, "#f-winners", name).click()
        page.fill("input[name=punkte]", "1")
        _shoot(page, f"entry-quick-phone-{language}")
        page.click("#save")
        page.wait_for_selector("#liste-table")
        assert words["saved"].format(n=3) in page.locator("#notice").inner_text()
        page.click("#game-3 td.no a")
        page.wait_for_selector("#entry-form")
        pill(page, "#f-winners", "Ben").click()
        pill(page, "#f-winners", "Carla").click()
        page.fill("input[name=punkte]", "2")
        page.click(f"text={words['correction']}")
        page.wait_for_selector("#liste-table")
        assert words["corrected"].format(n=3) in page.locator("#notice").inner_text()
        assert totals(page)[-1] == [7, -1, 3, -9]
        assert words["pays"] in transfers(page)
        _speaks(page, language)
        no_sideways_scroll(page)
        _shoot(page, f"list-phone-{language}")
        sitting_url = page.url.split("?")[0].split("#")[0]
        # the game's page with its Posten, the history, the statistics
        page.goto(f"{sitting_url}/games/2")
        assert page.locator("#score-sheet").is_visible()
        assert "Summe" in page.locator("#score-sheet").inner_text()
        _speaks(page, language)
        no_sideways_scroll(page)
        _shoot(page, f"game-phone-{language}")
        page.goto(f"{sitting_url}/history")
        _speaks(page, language)
        _shoot(page, f"history-phone-{language}")
        page.goto(f"{group_url}/stats")
        page.wait_for_function("document.getElementById('chart-punkte').naturalWidth > 0")
        _speaks(page, language)
        no_sideways_scroll(page)
        _shoot(page, f"stats-phone-{language}")
        # the crumbs of a deep page stay inside the phone's width
        page.goto(f"{sitting_url}/games/2")
        crumbs = page.locator("nav.crumbs").bounding_box()
        assert crumbs is not None and crumbs["x"] + crumbs["width"] <= 375
        last = page.locator("nav.crumbs > :last-child").bounding_box()
        assert last is not None and last["x"] + last["width"] <= 375  # "Spiel 2" / "Game 2" is not cut off
        no_sideways_scroll(page)
        # the switch: the other language, the same page
        other = "en" if language == "de" else "de"
        page.click(f"nav.langs a[hreflang={other}]")
        page.wait_for_url(f"{sitting_url}/games/2")
        assert page.locator("html").get_attribute("lang") == other
        # the desktop pages
        wide = context.browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        try:
            desk = wide.new_page()
            for name, url in (
                ("groups", f"{server.base}/groups"),
                ("group", group_url),
                ("list", sitting_url),
                ("game", f"{sitting_url}/games/2"),
                ("stats", f"{group_url}/stats"),
            ):
                desk.goto(url)
                if name == "stats":
                    desk.wait_for_function("document.getElementById('chart-punkte').naturalWidth > 0")
                _speaks(desk, language)
                _shoot(desk, f"{name}-desktop-{language}")
        finally:
            wide.close()
    finally:
        context.close()
    assert problems == [], "the browser reported errors"
