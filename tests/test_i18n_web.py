"""The pages of the Liste, the JSON API's errors and the charts in the reader's language (issue 24).

German is the default (no ``Accept-Language``); ``Accept-Language: en-US`` gives English; the switch on every
page (``/lang/de``, ``/lang/en``) keeps the choice in the ``lang`` cookie. Every page of an evening is scanned
for unmistakable words of the other language. The evening is seed 004's (Anna's Kreuzsolo with 190 Augen:
+9; Beispiel 1: Ben and Carla Re with Ansage, 151 Augen, Fuchs for Re, Doppelkopf for Kontra: +4 each) at
10 cents per Punkt.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the web extra: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="needs the web extra: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from webapp import open_app  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
SOLO_ANNA = {"game": "kreuz", "re": ["Anna"], "augen_re": 190}
BEISPIEL_1 = {
    "game": "normal",
    "re": ["Ben", "Carla"],
    "augen_re": 151,
    "announcements": {"re": ["re"], "kontra": []},
    "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
}
GERMAN = {"de": "de-DE,de;q=0.9", "en": "en-US,en;q=0.9"}

#: Words that never stand on a German page (English words of the pages), and the other way round.
ENGLISH_WORDS = ("Save", "Game", "Players", "Delete", "Total", "New ", "History", "Statistics", "Settlement")
GERMAN_WORDS = ("Speichern", "Spiel ", "Spieler", "Löschen", "Neue", "Sitzung", "Verlauf", "Abrechnung", "zahlt")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = open_app(f"sqlite:///{tmp_path / 'liste.sqlite'}")
    with TestClient(app) as test_client:
        yield test_client


def visible(page: str) -> str:
    """What a reader sees or hears of a page: its text without tags, scripts and styles, and the attributes
    read out (title, placeholder, aria-label, alt, data-confirm)."""
    said = re.findall(r'(?:title|placeholder|aria-label|alt|data-confirm)="([^"]*)"', page)
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    return html.unescape(" ".join([text, *said]))


def evening(client: TestClient) -> dict[str, Any]:
    """Group "Stammtisch" with seed 004's Beispiel 3 and 1 (Anna's Kreuzsolo +9, then Ben & Carla +4)."""
    group = client.post("/api/groups", json={"name": "Stammtisch", "players": PLAYERS}).json()
    sitting = client.post(
        f"/api/groups/{group['id']}/sittings",
        json={"players": PLAYERS, "rules": "vier-schritte", "cents_per_point": 10, "date": "2026-12-02"},
    ).json()
    for number, entry in enumerate((SOLO_ANNA, BEISPIEL_1), start=1):
        response = client.post(f"/api/sittings/{sitting['id']}/games", json={"entry": entry, "number": number})
        assert response.status_code == 201, response.text
    return sitting


def pages_of(client: TestClient, sitting: dict[str, Any], language: str) -> dict[str, Any]:
    """Every page of the Liste in ``language`` (the table pages are the online table's, elsewhere)."""
    headers = {"accept-language": GERMAN[language]}
    s, g = sitting["id"], sitting["group_id"]
    get = {
        "groups": "/groups",
        "group": f"/groups/{g}",
        "sitting": f"/sittings/{s}",
        "game": f"/sittings/{s}/games/2",
        "game form": f"/sittings/{s}/games/new",
        "quick form": f"/sittings/{s}/games/new?mode=quick",
        "history": f"/sittings/{s}/history",
        "stats": f"/groups/{g}/stats",
        "not found": f"/sittings/{s + 99}",
    }
    pages = {name: client.get(url, headers=headers) for name, url in get.items()}
    pages["import error"] = client.post(
        "/import", files={"file": ("x.json", b"[1, 2]", "application/json")}, headers=headers
    )
    pages["entry error"] = client.post(
        f"/sittings/{s}/games",
        data={"mode": "full", "game": "normal", "re": ["Ben", "Carla"], "augen_re": "250", "number": "3"},
        headers=headers,
    )
    pages["group error"] = client.post("/groups", data={"name": "", "players": ""}, headers=headers)
    return pages


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_page_speaks_one_language(client: TestClient, language: str) -> None:
    sitting = evening(client)
    other = ENGLISH_WORDS if language == "de" else GERMAN_WORDS
    for name, response in pages_of(client, sitting, language).items():
        assert response.status_code in (200, 404, 422), (name, response.status_code)
        assert f'<html lang="{language}">' in response.text, name
        text = visible(response.text)
        wrong = [word for word in other if word in text]
        assert wrong == [], (name, wrong, text[:3000])


def test_the_pages_are_german_without_a_choice_and_english_for_en_us(client: TestClient) -> None:
    sitting = evening(client)
    german = client.get(f"/sittings/{sitting['id']}").text
    assert "Abrechnung" in german and "Dirk zahlt Anna" in german and "+ Spiel 3" in german
    english = client.get(f"/sittings/{sitting['id']}", headers={"accept-language": "en-US"}).text
    assert "Settlement" in english and "Dirk pays Anna" in english and "+ Game 3" in english


def test_money_and_dates_in_the_readers_form(client: TestClient) -> None:
    sitting = evening(client)
    # after +9 and +4/+4: Anna 9 − 4 = 5, Ben −3 + 4 = 1, Carla 1, Dirk −3 − 4 = −7; at 10 ct: Dirk pays 0,70 €
    german = visible(client.get(f"/sittings/{sitting['id']}").text)
    assert "02.12.2026" in german
    assert "Dirk zahlt Anna 0,50\u00a0€" in german and "\u22120,70\u00a0€" in german
    english = visible(client.get(f"/sittings/{sitting['id']}", headers={"accept-language": "en"}).text)
    assert "Dec 2, 2026" in english
    assert "Dirk pays Anna €0.50" in english and "\u2212€0.70" in english
    numbers = english.split("Settlement", 1)[1].split(": every option", 1)[0]  # not the rules' prose below
    assert "-" not in re.sub(r"[\w-]+-[\w-]+", "", numbers)  # one minus sign: U+2212


def test_the_switch_sets_the_cookie_and_the_next_page_follows_it(client: TestClient) -> None:
    sitting = evening(client)
    here = f"/sittings/{sitting['id']}?page=1"
    page = client.get(here, headers={"accept-language": "de"}).text
    assert f'href="/lang/en?next=/sittings/{sitting["id"]}%3Fpage%3D1"' in page
    switched = client.get("/lang/en", params={"next": here}, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == here
    cookie = switched.headers["set-cookie"]
    assert "lang=en" in cookie and "Max-Age=31536000" in cookie and "SameSite=lax" in cookie
    # the cookie beats the browser's German
    after = client.get(here, headers={"accept-language": "de-DE"})
    assert '<html lang="en">' in after.text and "Settlement" in after.text
    back = client.get("/lang/de", params={"next": "/groups"}, follow_redirects=False)
    assert back.headers["location"] == "/groups"
    assert "Gruppen" in client.get("/groups", headers={"accept-language": "en"}).text


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "evil"])
def test_the_switch_goes_back_to_this_site_only(client: TestClient, target: str) -> None:
    response = client.get("/lang/en", params={"next": target}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"


def test_api_422_names_the_field_in_the_readers_language(client: TestClient) -> None:
    german = client.post("/api/groups", json={"name": "X", "players": "Anna"}, headers={"accept-language": "de"})
    assert german.status_code == 422
    assert german.json()["detail"] == "players: 'Anna' ist keine Liste"
    english = client.post("/api/groups", json={"name": "X", "players": "Anna"}, headers={"accept-language": "en"})
    assert english.json()["detail"] == "players: 'Anna' is not a list"
    missing = client.post("/api/groups", json={}, headers={"accept-language": "de"})
    assert missing.json()["detail"].startswith("name: fehlt; das Feld ist Pflicht")
    sitting = evening(client)
    path = f"/api/sittings/{sitting['id']}/games/0"
    detail = client.get(path, headers={"accept-language": "de"}).json()["detail"]
    assert detail == "number: '0' ist zu klein, mindestens 1"
    unknown = client.get("/api/nothing-here", headers={"accept-language": "de"})
    assert unknown.status_code == 404 and unknown.json()["detail"] == "Nicht gefunden"


def test_head_answers_like_get(client: TestClient) -> None:
    got = client.get("/", headers={"accept-language": "de"})
    head = client.head("/", headers={"accept-language": "de"})
    assert got.status_code == head.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-length"] == got.headers["content-length"] == str(len(got.content))


def test_a_games_page_shows_its_posten_and_summe(client: TestClient) -> None:
    sitting = evening(client)
    for language, summe in (("de", "Summe"), ("en", "Summe")):
        page = client.get(f"/sittings/{sitting['id']}/games/2", headers={"accept-language": language}).text
        sheet = re.search(r'<table class="plain sheet" id="score-sheet">(.*?)</table>', page, re.S)
        assert sheet, language
        rows = re.findall(r"<tr><td>(.*?)</td><td class=\"num\">(.*?)</td></tr>", sheet.group(1))
        labels = [label for label, _ in rows]
        punkte = [int(p.replace("+", "").replace("\u2212", "-")) for _, p in rows]
        # seed 004, Beispiel 1: gewonnen 1, Kontra unter 90 1, Re angesagt 2, Fuchs for Re 1, Doppelkopf for
        # Kontra −1: 4
        assert punkte == [1, 1, 2, 1, -1], (language, rows)
        if language == "de":
            assert labels[:3] == ["Gewonnen", "Gegner unter 90", "Re angesagt"], labels
            assert "Fuchs gefangen" in labels[3] and "Doppelkopf" in labels[4], labels
        total = re.search(rf"<th scope=\"row\">{summe}</th><td class=\"num\">(.*?)</td>", sheet.group(1))
        assert total and int(total.group(1).replace("+", "").replace("\u2212", "-")) == sum(punkte)
    # Ben and Carla get the Summe each (a game of two against two): the Punkte row of the game says +4
    assert re.search(r"<th>Punkte</th>.*?\+4.*?\+4", page, re.S)


def test_the_entry_form_names_every_field_at_fault_with_its_label(client: TestClient) -> None:
    sitting = evening(client)
    response = client.post(
        f"/sittings/{sitting['id']}/games",
        data={
            "mode": "full",
            "game": "normal",
            "re": ["Ben", "Carla"],
            "augen_re": "250",
            "tricks_re": "viele",
            "author": "A" * 41,
            "number": "3",
        },
        headers={"accept-language": "de"},
    )
    assert response.status_code == 422
    page = html.unescape(response.text)
    assert "3 Felder müssen geändert werden" in page
    assert '<span class="field-error" id="e-augen_re">Augen Re: 250 liegt nicht zwischen 0 und 240</span>' in page
    assert "Stiche Re: 'viele' ist keine ganze Zahl" in page
    assert "Eingetragen von: höchstens 40 Zeichen, nicht 41" in page
    assert re.search(r'name="augen_re"[^>]*value="250"[^>]*aria-invalid="true"', page)
    english = client.post(
        f"/sittings/{sitting['id']}/games",
        data={"mode": "full", "game": "normal", "re": ["Ben", "Carla"], "augen_re": "250", "number": "3"},
        headers={"accept-language": "en"},
    )
    assert "Augen of Re: 250 is not between 0 and 240" in html.unescape(english.text)


def test_notices_after_saving_and_correcting(client: TestClient) -> None:
    sitting = evening(client)
    saved = client.post(
        f"/sittings/{sitting['id']}/games",
        data={"mode": "quick", "winners": ["Anna", "Ben"], "punkte": "1", "number": "3"},
        headers={"accept-language": "de"},
    )
    assert saved.status_code == 200 and "Spiel 3 gespeichert" in saved.text
    version = client.get(f"/api/sittings/{sitting['id']}/games/3").json()["version"]
    corrected = client.post(
        f"/sittings/{sitting['id']}/games/3",
        data={"mode": "quick", "winners": ["Anna", "Carla"], "punkte": "2", "version": str(version)},
        headers={"accept-language": "en"},
    )
    assert corrected.status_code == 200 and "Game 3 corrected" in corrected.text


def test_the_sum_column_says_what_it_checks(client: TestClient) -> None:
    sitting = evening(client)
    german = client.get(f"/sittings/{sitting['id']}").text
    assert 'title="Nullsummen-Probe: die Stände aller Spieler ergeben nach jedem Spiel zusammen 0"' in german
    english = client.get(f"/sittings/{sitting['id']}", headers={"accept-language": "en"}).text
    assert "Zero-sum check" in english


def test_a_won_solo_counts_once(client: TestClient) -> None:
    """The named evening: Anna wins her Kreuzsolo (game 1), Ben and Carla win Beispiel 1 (game 2). Anna won one
    game, a solo: it counts under Soli and not under Re as well."""
    sitting = evening(client)
    stats = client.get(f"/api/groups/{sitting['group_id']}/stats").json()
    anna = next(p for p in stats["players"] if p["name"] == "Anna")
    assert (anna["soli"], anna["soli_won"]) == (1, 1)
    assert anna["won_re"] - anna["soli_won_re"] == 0 and anna["games_re"] - anna["soli_re"] == 0
    page = client.get(f"/groups/{sitting['group_id']}/stats").text
    cards = {
        name: " ".join(visible(card).split())
        for name, card in re.findall(r'<article class="player">\s*<h3><span>(\w+)</span>(.*?)</article>', page, re.S)
    }
    assert "Als Re gewonnen (ohne Solo) 0/0" in cards["Anna"] and "Soli gewonnen 1/1" in cards["Anna"]
    assert "Als Re gewonnen (ohne Solo) 1/1" in cards["Ben"] and "Soli gewonnen 0/0" in cards["Ben"]


def test_the_charts_speak_the_pages_language(client: TestClient) -> None:
    sitting = evening(client)
    group = sitting["group_id"]
    german = client.get(f"/groups/{group}/stats/punkte.svg", headers={"accept-language": "de"}).text
    assert ">Spiel<" in german.replace("</text>", "<") or "Spiel" in german
    assert "02.12.2026" in german
    english = client.get(f"/groups/{group}/stats/punkte.svg", headers={"accept-language": "en"}).text
    assert "game" in english and "Dec 2, 2026" in english
    parties = client.get(f"/groups/{group}/stats/parties.svg", headers={"accept-language": "de"}).text
    assert "Gewonnene Spiele" in parties and "Re (ohne Solo)" in parties
    money = client.get(f"/groups/{group}/stats/money.svg", headers={"accept-language": "en"}).text
    assert "Money won" in money
    # legible on a phone: the text is at least 12 pt in a picture 576 pt wide
    sizes = [float(size) for size in re.findall(r"font-size:\s*([\d.]+)px", german)]
    assert sizes and min(sizes) >= 12


def test_a_number_out_of_range_and_a_wrong_party_are_named_together(client: TestClient) -> None:
    """Re of a normal game is two players: naming Ben alone is wrong, and 250 Augen too; both are named."""
    sitting = evening(client)
    response = client.post(
        f"/sittings/{sitting['id']}/games",
        data={"mode": "full", "game": "normal", "re": ["Ben"], "augen_re": "250", "number": "3"},
        headers={"accept-language": "en"},
    )
    assert response.status_code == 422
    page = html.unescape(response.text)
    assert "2 fields need a change" in page
    assert 'id="e-augen_re">Augen of Re: 250 is not between 0 and 240' in page
    assert re.search(r'id="e-re">Re: \S', page), page[page.find('id="error"') : page.find('id="error"') + 800]
