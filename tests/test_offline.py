"""Offline first: a write sent twice is taken once (``client_id``), the installable web app (manifest, service
worker) and a phone that loses its connection: the Liste it had stays readable, new games and corrections wait in
its queue and go through when the connection is back, each once; a conflict is shown with both versions.

The Punkte are seed 004's (worked by hand in ``tests/test_web_api.py``): Anna's Kreuzsolo with 190 Augen is +9 for
her, −3 for each of the others; a quick game of two winners with 2 Punkte is +2 for each winner, −2 for each loser.
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"

pytest.importorskip("fastapi", reason=WEB_EXTRA)
pytest.importorskip("httpx", reason=WEB_EXTRA)

from fastapi.testclient import TestClient  # noqa: E402

from doppelkopf.storage import StoreError, open_store  # noqa: E402
from test_web_browser import PHONE, WAIT_MS, Server, pill, server  # noqa: E402, F401  (server: the fixture)
from webapp import open_app  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
SOLO_ANNA = {"game": "kreuz", "re": ["Anna"], "augen_re": 190}
UUID = "0b7f6c1e-8c4a-4f8e-9d6a-3c2b1a0f9e8d"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = open_app(f"sqlite:///{tmp_path / 'liste.sqlite'}")
    with TestClient(app, headers={"accept-language": "en"}) as client:
        yield client
    app.state.store.close()


def new_sitting(client: TestClient) -> int:
    group = client.post("/api/groups", json={"name": "Donnerstag", "players": PLAYERS})
    assert group.status_code == 201, group.text
    sitting = client.post(
        f"/api/groups/{group.json()['id']}/sittings", json={"players": PLAYERS, "rules": "vier-schritte"}
    )
    assert sitting.status_code == 201, sitting.text
    sitting_id: int = sitting.json()["id"]
    return sitting_id


# -- a write sent twice is taken once -----------------------------------------------------------------


def test_the_same_new_game_sent_twice_is_one_game_with_the_same_answer(client: TestClient) -> None:
    sitting = new_sitting(client)
    body = {"entry": SOLO_ANNA, "number": 1, "author": "Ben", "client_id": UUID}
    first = client.post(f"/api/sittings/{sitting}/games", json=body)
    again = client.post(f"/api/sittings/{sitting}/games", json=body)  # the answer was lost: sent again
    assert first.status_code == 201 and again.status_code == 201, again.text
    assert again.json() == first.json()
    games = client.get(f"/api/sittings/{sitting}/games").json()
    assert [g["row"]["points"] for g in games] == [[9, -3, -3, -3]]
    assert len(client.get(f"/api/sittings/{sitting}/history").json()) == 1
    # another client_id with the same number is someone else's game: the usual conflict
    other = client.post(f"/api/sittings/{sitting}/games", json={**body, "client_id": "another-phone-1"})
    assert other.status_code == 409


def test_a_correction_sent_twice_is_taken_once(client: TestClient) -> None:
    sitting = new_sitting(client)
    game = client.post(f"/api/sittings/{sitting}/games", json={"entry": SOLO_ANNA, "number": 1}).json()
    body = {"entry": {"winners": ["Ben", "Carla"], "punkte": 2}, "version": game["version"], "client_id": UUID}
    first = client.put(f"/api/sittings/{sitting}/games/1", json=body)
    again = client.put(f"/api/sittings/{sitting}/games/1", json=body)  # stale version, but the same write
    assert first.status_code == 200 and again.status_code == 200, again.text
    assert again.json() == first.json()
    assert first.json()["version"] == game["version"] + 1
    history = client.get(f"/api/sittings/{sitting}/games/1/history").json()
    assert [v["action"] for v in history] == ["add", "edit"]
    # a deletion sent twice: gone once, the second answer the same
    version = first.json()["version"]
    for _ in range(2):
        gone = client.delete(
            f"/api/sittings/{sitting}/games/1", params={"version": version, "client_id": "delete-0001"}
        )
        assert gone.status_code == 204
    assert client.get(f"/api/sittings/{sitting}/games").json() == []
    assert [v["action"] for v in client.get(f"/api/sittings/{sitting}/history").json()] == ["add", "edit", "delete"]


@pytest.mark.parametrize(
    "bad", ["short", "x" * 65, "has space in it", "<script>alert</script>", "-leading-dash", 12345678]
)
def test_a_malformed_client_id_is_refused_naming_the_field(client: TestClient, bad: Any) -> None:
    sitting = new_sitting(client)
    response = client.post(f"/api/sittings/{sitting}/games", json={"entry": SOLO_ANNA, "client_id": bad})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "client_id" in detail, detail
    assert client.get(f"/api/sittings/{sitting}/games").json() == []


def test_the_form_takes_a_client_id_once(client: TestClient) -> None:
    sitting = new_sitting(client)
    form = {"mode": "quick", "winners": ["Anna", "Ben"], "punkte": "2", "number": "1", "client_id": UUID}
    for _ in range(2):
        response = client.post(f"/sittings/{sitting}/games", data=form, follow_redirects=False)
        assert response.status_code == 303, response.text
    games = client.get(f"/api/sittings/{sitting}/games").json()
    assert [g["row"]["points"] for g in games] == [[2, 2, -2, -2]]
    bad = client.post(f"/sittings/{sitting}/games", data={**form, "client_id": "no good"}, follow_redirects=False)
    assert bad.status_code == 422 and "client_id" in bad.text


def test_the_store_checks_the_client_id(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'liste.sqlite'}") as store:
        group = store.create_group("Donnerstag", PLAYERS)
        sitting = store.create_sitting(group.id, PLAYERS, "vier-schritte", date=datetime.date(2026, 12, 2))
        with pytest.raises(StoreError, match=r"^client_id: "):
            store.add_game(sitting.id, SOLO_ANNA, client_id="a b")
        one = store.add_game(sitting.id, SOLO_ANNA, number=1, client_id=UUID)
        assert store.add_game(sitting.id, SOLO_ANNA, number=1, client_id=UUID) == one
        # the id is the sitting's: another sitting may see the same id (a different phone's)
        other = store.create_sitting(group.id, PLAYERS, "vier-schritte", date=datetime.date(2026, 12, 3))
        assert store.add_game(other.id, SOLO_ANNA, number=1, client_id=UUID).sitting_id == other.id


def test_migration_0004_up_and_down(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from doppelkopf.storage.service import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'liste.sqlite'}"
    with open_store(url) as store:
        group = store.create_group("Donnerstag", PLAYERS)
        sitting = store.create_sitting(group.id, PLAYERS, "vier-schritte", date=datetime.date(2026, 12, 2))
        store.add_game(sitting.id, SOLO_ANNA, number=1, client_id=UUID)
        engine = store.engine
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))

        def columns() -> set[str]:
            return {c["name"] for c in inspect(engine).get_columns("game_versions")}

        def indexes() -> set[str]:
            return {str(i["name"]) for i in inspect(engine).get_indexes("game_versions")}

        assert "client_id" in columns() and "ix_game_versions_sitting_id_client_id" in indexes()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0003")
        assert "client_id" not in columns() and "ix_game_versions_sitting_id_client_id" not in indexes()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0004")
        assert "client_id" in columns()
        engine.dispose()
    with open_store(url) as again:  # the game kept through down and up; its old write has no id now
        assert [list(g.row.points) for g in again.games(sitting.id) if g.row] == [[9, -3, -3, -3]]
        assert again.add_game(sitting.id, SOLO_ANNA, number=2, client_id=UUID).number == 2


# -- the installable web app --------------------------------------------------------------------------------


def test_manifest_and_service_worker_are_served(client: TestClient) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = json.loads(manifest.text)
    assert data["name"] == "Doppelkopf – die Liste" and data["lang"] == "de" and data["scope"] == "/"
    assert data["display"] == "standalone"
    for icon in data["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"].startswith(icon["type"]), icon
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript")
    assert worker.headers["service-worker-allowed"] == "/"
    assert "no-store" not in worker.headers.get("cache-control", "")
    page = client.get("/groups")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    assert '<script src="/static/offline.js" defer></script>' in page.text


def test_the_service_worker_never_keeps_the_tables_pages(client: TestClient) -> None:
    worker = client.get("/sw.js").text
    assert '"/tables"' in worker and '"/tables/"' in worker and '"/api/tables"' in worker
    assert "no-store" in worker  # an answer marked no-store is never kept
    assert client.get("/tables").headers["cache-control"] == "no-store"


def test_the_pages_carry_a_client_id_field_and_the_queue_texts_in_both_languages(client: TestClient) -> None:
    sitting = new_sitting(client)
    form = client.get(f"/sittings/{sitting}/games/new")
    assert '<input type="hidden" name="client_id" value="">' in form.text
    assert 'data-t-queued-other="{count} games are waiting for a connection"' in form.text
    german = client.get(f"/sittings/{sitting}", headers={"accept-language": "de"})
    assert 'data-t-queued-other="{count} Spiele warten auf Verbindung"' in german.text
    assert "Offline – Liste vom Stand {time}" in german.text


# -- a phone without a connection ---------------------------------------------------------------------------


#: The addresses of the pages the service worker keeps (evaluated in the page).
KEPT_PAGES = "caches.open('doko-pages-1').then(c => c.keys()).then(keys => keys.map(r => r.url))"


def quick(page: Any, winners: list[str], punkte: int) -> None:
    """Fill the quick entry form (the page shows it) and save."""
    page.wait_for_selector("input[name=punkte]")
    for name in winners:
        pill(page, "#f-winners", name).click()
    page.fill("input[name=punkte]", str(punkte))
    page.click("#save")


def points_of(served: Server, sitting: int) -> list[list[int]]:
    return [list(g.row.points) for g in served.app.state.store.games(sitting) if g.row is not None]


def wait_for(check: Any, what: Any, seconds: float = WAIT_MS / 1000) -> None:
    """Wait until ``check()`` holds; ``what``: the failure's message (or a callable giving it)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what() if callable(what) else what
        time.sleep(0.1)


@pytest.fixture
def offline_phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Any, int, Server]]:
    """A phone on a sitting of Anna, Ben, Carla, Dirk (made through the store), its service worker in control:
    (the browser context, the page, the sitting's id, the server)."""
    served: Server = request.getfixturevalue("server")
    store = served.app.state.store
    group = store.create_group("Donnerstag", PLAYERS)
    sitting = store.create_sitting(group.id, PLAYERS, "vier-schritte", date=datetime.date(2026, 12, 2)).id
    context = browser.new_context(**PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{served.base}/sittings/{sitting}")
    # (polled with evaluate: wait_for_function evaluates a string, which the page's CSP refuses)
    wait_for(lambda: page.evaluate("navigator.serviceWorker.controller !== null"), "no service worker in control")
    try:
        yield context, page, sitting, served
    finally:
        context.close()
    assert problems == [], "the page's scripts failed"


def test_a_phone_offline_keeps_the_list_and_sends_its_queue_once(
    offline_phone: tuple[Any, Any, int, Server],
) -> None:
    context, page, sitting, served = offline_phone
    base = served.base
    page.goto(f"{base}/sittings/{sitting}/games/new?mode=quick")  # online: the form, kept by the worker
    quick(page, ["Anna", "Ben"], 2)
    page.wait_for_url(f"**/sittings/{sitting}?saved=1*")
    page.wait_for_selector("#liste-table")
    assert points_of(served, sitting) == [[2, 2, -2, -2]]

    context.set_offline(True)
    page.goto(f"{base}/sittings/{sitting}")  # the kept copy: the list as it was, with the note
    assert page.locator("#liste-table tbody.game").count() == 1
    note = page.locator("#offline-kept")
    assert note.is_visible() and note.inner_text().startswith("Offline – showing the list as of ")
    page.goto(f"{base}/sittings/{sitting}/games/new?mode=quick")
    for winners in (["Carla", "Dirk"], ["Anna", "Carla"], ["Ben", "Dirk"]):
        quick(page, winners, 1)
        page.wait_for_selector("#offline-stored:not([hidden])")
    assert page.locator("#offline-count").inner_text() == "3 games are waiting for a connection"
    # the kept form showed game 2 (as it was fetched): it now offers the game after those waiting
    assert page.locator("main section.card h1").inner_text() == "Game 5"
    assert page.locator("#save").inner_text() == "Save game 5"
    assert points_of(served, sitting) == [[2, 2, -2, -2]]  # nothing reached the served
    queue = page.evaluate("JSON.parse(localStorage.getItem('doko-offline-queue'))")
    assert [item["number"] for item in queue] == [2, 3, 4]

    # back online: the queue goes through, in order (on the online event, or the retry every few seconds:
    # Chromium's emulation leaves navigator.onLine true on a page the worker served, so no online event comes)
    context.set_offline(False)
    wait_for(
        lambda: len(points_of(served, sitting)) == 4,
        lambda: "the queue was not sent: " + str(page.evaluate("localStorage.getItem('doko-offline-queue')")),
        seconds=30,  # the retry every 5 s, three games
    )
    page.wait_for_selector("#offline-queue", state="hidden")
    time.sleep(0.5)
    page.reload()  # the page once more: nothing left to send, nothing sent twice
    page.wait_for_selector("#entry-form")
    time.sleep(0.5)
    assert points_of(served, sitting) == [[2, 2, -2, -2], [-1, -1, 1, 1], [1, -1, 1, -1], [-1, 1, -1, 1]]
    assert len(served.app.state.store.history(sitting)) == 4
    assert page.evaluate("localStorage.getItem('doko-offline-queue')") == "[]"

    # what the worker keeps: the pages of the Liste visited, never an online table's page (tokens, invites)
    page.goto(f"{base}/tables")
    page.goto(f"{base}/sittings/{sitting}/history")

    def kept() -> set[str]:
        return {url.removeprefix(base) for url in page.evaluate(KEPT_PAGES)}

    wait_for(lambda: f"/sittings/{sitting}/history" in kept(), "the history page was not kept")
    paths = kept()
    assert {f"/sittings/{sitting}", f"/sittings/{sitting}/games/new?mode=quick"} <= paths, paths
    assert not [path for path in paths if path.startswith("/tables")], paths


def test_a_queued_game_whose_number_was_taken_and_a_stale_correction(
    offline_phone: tuple[Any, Any, int, Server],
) -> None:
    context, page, sitting, served = offline_phone
    store = served.app.state.store
    base = served.base
    # 1. a new game: mine waits while another phone enters game 1; I enter mine as the next game
    page.goto(f"{base}/sittings/{sitting}/games/new?mode=quick")
    page.wait_for_selector("input[name=punkte]")
    context.set_offline(True)
    quick(page, ["Anna", "Ben"], 2)
    page.wait_for_selector("#offline-stored:not([hidden])")
    store.add_game(sitting, SOLO_ANNA, number=1, author="Carla")  # theirs
    context.set_offline(False)
    page.click("#offline-send")  # (or the retry within 5 s)
    conflict = page.locator("#offline-conflict")
    conflict.locator("#offline-mine-next").wait_for()
    text = conflict.inner_text()
    assert "Game 1 was entered meanwhile by someone else." in text
    assert "On the list (theirs)" in text and "Waiting on this phone (mine)" in text
    assert "Kreuzsolo" in text and "Carla" in text  # theirs: Anna's solo, entered by Carla
    assert "Anna, Ben" in text  # mine: the winners I chose
    conflict.locator("#offline-mine-next").click()
    wait_for(lambda: len(points_of(served, sitting)) == 2, "mine was not entered as the next game")
    assert points_of(served, sitting) == [[9, -3, -3, -3], [2, 2, -2, -2]]
    page.wait_for_selector("#offline-conflict", state="hidden")

    # 2. a correction of game 2: mine waits while another phone corrects it; I keep theirs
    page.goto(f"{base}/sittings/{sitting}/games/2?mode=quick")
    page.wait_for_selector("input[name=punkte]")
    context.set_offline(True)
    page.fill("input[name=punkte]", "4")
    page.click("#save")
    page.wait_for_selector("#offline-stored:not([hidden])")
    game = store.game(sitting, 2)
    store.edit_game(sitting, 2, {"winners": ["Carla", "Dirk"], "punkte": 3}, version=game.version)
    context.set_offline(False)
    page.click("#offline-send")  # (or the retry within 5 s)
    conflict.locator("#offline-keep-theirs").wait_for()
    assert "Game 2 was changed meanwhile by someone else." in conflict.inner_text()
    conflict.locator("#offline-keep-theirs").click()
    page.wait_for_selector("#offline-conflict", state="hidden")
    assert points_of(served, sitting)[1] == [-3, -3, 3, 3]

    # 3. once more, and this time I keep mine: sent again with the game's new version
    context.set_offline(True)
    page.fill("input[name=punkte]", "4")
    page.click("#save")
    page.wait_for_selector("#offline-stored:not([hidden])")
    game = store.game(sitting, 2)
    store.edit_game(sitting, 2, {"winners": ["Anna", "Dirk"], "punkte": 1}, version=game.version)
    context.set_offline(False)
    page.click("#offline-send")  # (or the retry within 5 s)
    conflict.locator("#offline-keep-mine").wait_for()
    conflict.locator("#offline-keep-mine").click()
    wait_for(lambda: points_of(served, sitting)[1] == [4, 4, -4, -4], "mine was not kept")
    assert [v.action for v in store.history(sitting, 2)] == ["add", "edit", "edit", "edit"]


def test_a_queued_game_the_list_refuses_is_corrected_in_the_form_not_lost(
    browser: Any,
    server: Server,  # noqa: F811 (the fixture imported above)
) -> None:
    # five at the table: the dealer sits out (Anna in game 1, Ben in game 2). Offline, the kept form still
    # offers game 1's players for game 2, and the phone enters Ben, who sits out then: the list refuses it
    store = server.app.state.store
    five = [*PLAYERS, "Eva"]
    group = store.create_group("Freitag", five)
    sitting = store.create_sitting(group.id, five, "vier-schritte", date=datetime.date(2026, 12, 2)).id
    context = browser.new_context(**PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto(f"{server.base}/sittings/{sitting}")
        wait_for(lambda: page.evaluate("navigator.serviceWorker.controller !== null"), "no service worker")
        page.goto(f"{server.base}/sittings/{sitting}/games/new?mode=quick")
        page.wait_for_selector("input[name=punkte]")
        context.set_offline(True)
        quick(page, ["Ben", "Carla"], 2)  # game 1
        page.wait_for_selector("#offline-stored:not([hidden])")
        quick(page, ["Ben", "Dirk"], 1)  # game 2: Ben sits out in it
        page.wait_for_selector("#offline-count")
        context.set_offline(False)
        page.click("#offline-send")
        correct = page.locator("#offline-conflict #offline-correct")
        correct.wait_for()
        assert "The list refused game 2" in page.inner_text("#offline-conflict")
        assert points_of(server, sitting) == [[0, 2, 2, -2, -2]]  # game 1 went through, once
        correct.click()
        page.wait_for_url(f"**/sittings/{sitting}/games/new?mode=quick")
        page.wait_for_selector("#offline-stored:not([hidden])")
        assert "Game 2 as this phone kept it" in page.inner_text("#offline-stored")
        assert page.input_value("input[name=punkte]") == "1"  # what the phone kept, to correct
        assert page.locator("#f-winners input[value=Dirk]").is_checked()
        pill(page, "#f-winners", "Anna").click()  # Ben sits out: Anna won with Dirk
        page.click("#save")
        page.wait_for_url(f"**/sittings/{sitting}?saved=2*")
        assert points_of(server, sitting) == [[0, 2, 2, -2, -2], [1, 0, -1, 1, -1]]
        assert page.evaluate("localStorage.getItem('doko-offline-queue')") == "[]"
    finally:
        context.close()
