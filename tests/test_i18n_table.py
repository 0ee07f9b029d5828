"""The online table in the reader's language: German (the default, or ``Accept-Language: de``) and English.

Each page of the table (the lobby with the new-table form, a table's page in the lobby and during a game, a
finished deal's Posten, the seat-move page) and each live view and error of the WebSocket is read in both
languages: the words of the one language are there, the other language's words are not. The game terms stay
German in both (Re, Kontra, Augen, Punkte, Posten, Summe, Solo, Geber)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"
pytest.importorskip("fastapi", reason=WEB_EXTRA)
pytest.importorskip("httpx", reason=WEB_EXTRA)

from fastapi.testclient import TestClient  # noqa: E402

from doppelkopf.web.live import TableSettings  # noqa: E402
from webapp import open_app  # noqa: E402

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
ENGLISH = {"Accept-Language": "en-US,en;q=0.9"}
BOTS = [{"name": "Carla", "bot": "rules"}, {"name": "Dirk", "bot": "rules"}, {"name": "Emil", "bot": "rules"}]

#: Words of the English table pages that a German page must not show (and the German ones, the other way).
ENGLISH_WORDS = (
    "Open tables",
    "New table",
    "Open the table",
    "Seats",
    "Take this seat",
    "waiting for players",
    "Start waits",
    "Your hand",
    "to play",
    "you are",
    "Next game",
    "Last trick",
    "Thrown in",
    " wins",
    "Back to the table",
    "The tricks",
)
GERMAN_WORDS = (
    "Offene Tische",
    "Neuer Tisch",
    "Tisch eröffnen",
    "Plätze",
    "Diesen Platz nehmen",
    "wartet auf Mitspieler",
    "Starten geht erst",
    "Dein Blatt",
    "ist dran",
    "du bist",
    "Nächstes Spiel",
    "Letzter Stich",
    "Eingeworfen",
    "gewinnt",
    "Zurück zum Tisch",
    "Die Stiche",
)


def visible_text(html: str) -> str:
    """The text a reader sees in ``html`` (tags, scripts and styles dropped, entities as they are), without the
    rule set's own descriptions (the core's texts, ``RuleSet.describe``: not the table's catalogue)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<table class="rules-table">.*?</table>', " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def other_language(text: str, lang: str) -> list[str]:
    """The words of the other language found in ``text``."""
    return [w for w in (ENGLISH_WORDS if lang == "de" else GERMAN_WORDS) if w in text]


Maker = Callable[[str], TestClient]


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Maker]:
    """``make(lang)``: the app on an SQLite file, with a client whose browser asks for ``lang`` ("de", "en",
    "" for no Accept-Language at all); computer players without pause, no automatic next deal."""
    opened: list[TestClient] = []

    def open_client(lang: str) -> TestClient:
        settings = TableSettings(pace_ms=0, next_game_s=3600, grace_s=3600, poll_s=0.1, allow_seed=True)
        headers = {"de": GERMAN, "en": ENGLISH}.get(lang, {})
        client = TestClient(open_app(f"sqlite:///{tmp_path / 't.sqlite'}", tables=settings), headers=headers)
        client.__enter__()
        opened.append(client)
        return client

    yield open_client
    for client in opened:
        client.__exit__(None, None, None)


def new_table(client: TestClient, seats: list[dict[str, Any]], sit: int | None = None) -> dict[str, Any]:
    body = {"name": "Stammtisch", "seats": seats, "sit": sit, "seed": 7, "rules": "ddv"}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def start(client: TestClient, table: dict[str, Any]) -> None:
    response = client.post(f"/api/tables/{table['id']}/start", headers={"X-Doko-Token": table["host_token"]})
    assert response.status_code == 200, response.text


def messages(ws: Any, limit: int = 3000, timeout: float = 20.0) -> Iterator[str]:
    """The texts the socket ``ws`` receives, each within ``timeout`` seconds (else the test fails, not hangs)."""

    async def get() -> dict[str, Any]:
        with anyio.fail_after(timeout):
            message: dict[str, Any] = await ws._send_rx.receive()
            return message

    for _ in range(limit):
        message = ws.portal.call(get)
        ws._raise_on_close(message)
        yield message["text"]


def finished_html(client: TestClient, table: dict[str, Any]) -> str:
    """The host's live HTML view once the first deal is over (four computer players play it)."""
    with client.websocket_connect(f"/tables/{table['id']}/ws?host={table['host_token']}") as ws:
        for text in messages(ws):
            if 'id="result"' in text:
                return text
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_lobby_speaks_the_readers_language(make: Maker, lang: str) -> None:
    page = make(lang).get("/tables")
    assert page.status_code == 200
    text = visible_text(page.text)
    if lang == "de":
        for words in ("Offene Tische", "Neuer Tisch", "Name des Tisches", "Tempo der Computerspieler", "Regelspieler"):
            assert words in text
    else:
        for words in ("Open tables", "New table", "Name of the table", "Pace of the computer players", "rules player"):
            assert words in text
    assert other_language(text, lang) == []


def test_the_lobby_is_german_without_a_language_asked_for(make: Maker) -> None:
    text = visible_text(make("").get("/tables").text)
    assert "Offene Tische" in text and "Open tables" not in text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_start_waits_for_the_empty_seat_and_says_why(make: Maker, lang: str) -> None:
    client = make(lang)
    table = new_table(client, [{"name": "Anna"}, {}, *BOTS[:2]], sit=0)
    client.cookies.set(f"doko_host_{table['id']}", table["host_token"])
    client.cookies.set(f"doko_seat_{table['id']}", table["seat_token"])
    html = client.get(f"/tables/{table['id']}").text
    button = re.search(r'<button[^>]*id="start"[^>]*>', html)
    assert button is not None and "disabled" in button.group(0)
    reason = re.search(r'id="start-reason">([^<]*)<', html)
    assert reason is not None
    assert ("Platz 2" if lang == "de" else "seat 2") in reason.group(1)
    assert other_language(visible_text(html), lang) == []


def test_new_table_address_leads_to_the_form(make: Maker) -> None:
    answer = make("de").get("/tables/new", follow_redirects=False)
    assert answer.status_code in (302, 303, 307)
    assert answer.headers["location"].startswith("/tables#new-table")


@pytest.mark.parametrize(
    ("lang", "vorbehalt", "play", "you_are"),
    [("de", "Vorbehaltsabfrage", "Spiel", "du bist"), ("en", "Vorbehaltsabfrage", "play", "you are")],
)
def test_a_seat_reads_the_game_in_its_language(make: Maker, lang: str, vorbehalt: str, play: str, you_are: str) -> None:
    client = make(lang)
    table = new_table(client, [{"name": "Anna"}, *BOTS], sit=0)
    start(client, table)
    url = f"/tables/{table['id']}/ws?format=json&token={table['seat_token']}"
    with client.websocket_connect(url) as ws:
        view: dict[str, Any] = {}
        for text in messages(ws):
            data = json.loads(text)
            if data["type"] != "view":
                continue
            view = data["view"]
            if view["turn"] == 0 and view["phase"] == "vorbehalt":
                break
        assert view["phase_label"] == vorbehalt
        gesund = [a for a in view["actions"] if a["label"] == "gesund"]
        assert gesund, view["actions"]
        ws.send_text(json.dumps({"action": 999, "n": view["n"]}))  # a forged action: refused in the language
        for text in messages(ws):
            data = json.loads(text)
            if data["type"] == "error":
                break
        expected = "diese Aktion gibt es nicht: 999" if lang == "de" else "no such action: 999"
        assert expected in data["message"]
        ws.send_text(json.dumps({"action": gesund[0]["action"], "n": view["n"]}))
        for text in messages(ws):
            data = json.loads(text)
            if data["type"] == "view" and data["view"]["phase"] == "play" and data["view"]["own_party"]:
                view = data["view"]
                break
        assert view["phase_label"] == play
    # the page of the seat, rendered for its language, reads "Spiel · Normalspiel · du bist Re" (or Kontra)
    client.cookies.set(f"doko_seat_{table['id']}", table["seat_token"])
    html = client.get(f"/tables/{table['id']}").text
    line = visible_text(re.search(r'<div class="small game-line">(.*?)</div>', html, re.S).group(1))  # type: ignore[union-attr]
    party = "Re" if view["own_party"] == "re" else "Kontra"
    assert line.startswith(f"{play} · {view['game_type']['label']}") and line.endswith(f"{you_are} {party}"), line
    assert other_language(visible_text(html), lang) == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_score_stays_on_the_table_with_its_posten(make: Maker, lang: str) -> None:
    client = make(lang)
    table = new_table(client, [{"name": "Anna", "bot": "rules"}, *BOTS])
    start(client, table)
    html = finished_html(client, table)
    text = visible_text(html)
    assert other_language(text, lang) == []
    next_game = "Nächstes Spiel" if lang == "de" else "Next game"
    assert next_game in text
    if "Eingeworfen" in text or "Thrown in" in text:
        return  # a deal thrown in scores nothing
    assert re.search(r"Re \d+ Augen · Kontra \d+ Augen", text), text
    posten = re.search(r'<table class="score-items" id="posten">(.*?)</table>', html, re.S)
    assert posten is not None
    rows = re.findall(r"<tr><td>([^<]*)</td><td class=\"num\">([^<]*)</td></tr>", posten.group(1))
    assert rows, "no Posten"
    assert "Summe" in posten.group(1) and "Punkte" in posten.group(1)
    assert re.search(r"gewinnt" if lang == "de" else r"wins", text)
    # the deal's own page keeps the same Posten for later
    deal = client.get(f"/tables/{table['id']}/deals/1")
    assert deal.status_code == 200
    page = visible_text(deal.text)
    for label, value in rows:
        assert f"{label} {value}" in page
    assert ("Die Stiche" if lang == "de" else "The tricks") in page
    assert other_language(page, lang) == []


def test_a_deal_not_over_has_no_posten_page(make: Maker) -> None:
    client = make("de")
    table = new_table(client, [{"name": "Anna"}, *BOTS], sit=0)
    start(client, table)
    answer = client.get(f"/tables/{table['id']}/deals/1")
    assert answer.status_code == 409
    assert "noch nicht vorbei" in answer.text
    assert client.get(f"/tables/{table['id']}/deals/abc").status_code == 404


@pytest.mark.parametrize(("lang", "ended"), [("de", "Tisch beendet"), ("en", "table ended")])
def test_the_header_says_the_table_ended(make: Maker, lang: str, ended: str) -> None:
    client = make(lang)
    table = new_table(client, [{"name": "Anna"}, *BOTS], sit=0)
    start(client, table)
    answer = client.post(f"/api/tables/{table['id']}/end", headers={"X-Doko-Token": table["host_token"]})
    assert answer.status_code == 200
    client.cookies.set(f"doko_seat_{table['id']}", table["seat_token"])
    html = client.get(f"/tables/{table['id']}").text
    status = re.search(r'id="table-status">([^<]*)<', html)
    assert status is not None and status.group(1) == ended


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_seat_move_page_speaks_the_readers_language(make: Maker, lang: str) -> None:
    client = make(lang)
    table = new_table(client, [{"name": "Anna"}, *BOTS], sit=0)
    text = visible_text(client.get(f"/tables/{table['id']}/seat?token={table['seat_token']}").text)
    assert ("Platz 1 übernehmen" if lang == "de" else "Take seat 1") in text
    assert ("Abbrechen" if lang == "de" else "Cancel") in text


def test_solo_buttons_ask_for_confirmation(make: Maker) -> None:
    """A solo announced by a click asks first (a confirm step on the page, translated); gesund does not."""
    client = make("de")
    table = new_table(client, [{"name": "Anna"}, *BOTS], sit=0)
    start(client, table)
    url = f"/tables/{table['id']}/ws?token={table['seat_token']}"
    with client.websocket_connect(url) as ws:
        for html in messages(ws):
            if 'data-turn="0"' in html and 'data-phase="vorbehalt"' in html:
                break
    assert 'class="solo-ask"' in html
    asks = re.findall(r'<summary class="btn call kind-vorbehalt solo-call" title="Solo">([^<]*)<', html)
    assert any("solo" in a.lower() for a in asks), asks
    assert "allein gegen die anderen drei" in html
    assert re.search(r'<button type="button" class="btn call kind-vorbehalt"[^>]*>gesund</button>', html)
