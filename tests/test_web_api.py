"""The web app through its JSON API and its pages (FastAPI's TestClient), on SQLite and on PostgreSQL.

Every expected Punkt is worked out by hand from the seeds, never copied from the program's output:

* seed 004 ("Das Schema in vier Schritten", "Die Liste führen", "Abrechnen in Geld"): Beispiel 3 (Anna's
  Kreuzsolo with 190 Augen: gewonnen, unter 90, unter 60 = 3, each of three opponents pays 3: +9), Beispiel 1
  (Ben and Carla Re with Ansage, 151 Augen, Fuchs for Re, Doppelkopf for Kontra: +4 each), Beispiel 2 (Re with
  "keine 90" makes only 140 Augen: Kontra wins gewonnen 1 + Re angesagt 2 + keine 90 abgesagt 1 + gegen die
  Alten 1 = 5); the list 9/-3/-3/-3, 5/1/1/-7, 10/-4/-4/-2 and "Ben zahlt Anna 0,40 €, Carla zahlt Anna
  0,40 €, Dirk zahlt Anna 0,20 €" at 10 cents per Punkt.
* seed 002 ("Böcke ... entstehen durch ... Spaltarsch (beide Parteien haben 120 Punkte)", "Doppelböcke
  vervierfachen"), preset ``doppelbock``: at 120:120 Re (Ben, Carla) has not reached 121, Kontra wins:
  gewonnen 1 + gegen die Alten 1 = 2; the Bock lasts a round, four games at a table of four.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: Why these tests skip where the web extra is missing (a reason starting "needs ": with CI=true a failure).
WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"

pytest.importorskip("fastapi", reason=WEB_EXTRA)
pytest.importorskip("httpx", reason=WEB_EXTRA)

from fastapi.testclient import TestClient  # noqa: E402

from doppelkopf.web.events import StreamSettings  # noqa: E402
from webapp import open_app  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]

#: Seed 004, Beispiel 3: Anna's Kreuzsolo, 190 Augen.
SOLO_ANNA = {"game": "kreuz", "re": ["Anna"], "augen_re": 190}
#: Seed 004, Beispiel 1: Re gewinnt mit Ansage.
BEISPIEL_1 = {
    "game": "normal",
    "re": ["Ben", "Carla"],
    "augen_re": 151,
    "announcements": {"re": ["re"], "kontra": []},
    "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
}
#: Seed 004, Beispiel 2: Absage verfehlt.
BEISPIEL_2 = {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 140, "announcements": {"re": ["re", "keine_90"]}}
SEED_004 = [SOLO_ANNA, BEISPIEL_1, BEISPIEL_2]

#: Seed 002's Spaltarsch: 120 Augen each, Re (Ben, Carla) loses.
SPALTARSCH = {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 120}
#: Re Carla and Dirk with 160 Augen, Kontra 80: gewonnen 1 + unter 90 1 = 2.
RE_CARLA_DIRK_160 = {"game": "normal", "re": ["Carla", "Dirk"], "augen_re": 160}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'liste.sqlite'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def app(db_url: str) -> Iterator[Any]:
    app = open_app(db_url, sse=StreamSettings(poll_s=0.05, keepalive_s=0.2, max_age_s=30, retry_ms=200))
    yield app
    app.state.store.close()


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app, headers={"accept-language": "en"}) as client:
        yield client


def new_sitting(
    client: TestClient,
    players: list[str] = PLAYERS,
    rules: str = "vier-schritte",
    group: str = "Donnerstag",
    **more: Any,
) -> dict[str, Any]:
    response = client.post("/api/groups", json={"name": group, "players": players})
    assert response.status_code == 201, response.text
    response = client.post(
        f"/api/groups/{response.json()['id']}/sittings", json={"players": players, "rules": rules, **more}
    )
    assert response.status_code == 201, response.text
    sitting: dict[str, Any] = response.json()
    return sitting


def add(client: TestClient, sitting: dict[str, Any], entry: dict[str, Any], number: int | None = None) -> Any:
    body: dict[str, Any] = {"entry": entry, "author": "Ben"}
    if number is not None:
        body["number"] = number
    return client.post(f"/api/sittings/{sitting['id']}/games", json=body)


def liste(client: TestClient, sitting: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/sittings/{sitting['id']}/liste")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def one_line_detail(response: Any) -> str:
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail
    return detail


# -- seed 004 ---------------------------------------------------------------------------------------------


def test_seed_004_list_and_settlement(client: TestClient) -> None:
    sitting = new_sitting(client, cents_per_point=10)
    for number, entry in enumerate(SEED_004, start=1):
        response = add(client, sitting, entry, number)
        assert response.status_code == 201, response.text
        assert response.json()["number"] == number
    data = liste(client, sitting)
    assert data["players"] == PLAYERS
    assert [row["totals"] for row in data["rows"]] == [[9, -3, -3, -3], [5, 1, 1, -7], [10, -4, -4, -2]]
    assert [row["points"] for row in data["rows"]] == [[9, -3, -3, -3], [-4, 4, 4, -4], [5, -5, -5, 5]]
    assert all(sum(row["totals"]) == 0 for row in data["rows"])
    assert data["totals"] == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}
    assert data["version"] == 3  # three games entered: the version the rows are of
    # seed 004, "Abrechnen in Geld": "Wer +10 hat, bekommt 10 Punkte": 10 ct per Punkt
    assert data["money"] == {"Anna": 100, "Ben": -40, "Carla": -40, "Dirk": -20}
    assert [(t["payer"], t["payee"], t["cents"]) for t in data["settlement"]] == [
        ("Ben", "Anna", 40),
        ("Carla", "Anna", 40),
        ("Dirk", "Anna", 20),
    ]
    assert [t["text"] for t in data["settlement"]] == [
        "Ben zahlt Anna 0,40 €",
        "Carla zahlt Anna 0,40 €",
        "Dirk zahlt Anna 0,20 €",
    ]
    # seed 004's labels, and the dealer moving clockwise from Anna
    assert [row["label"] for row in data["rows"]] == [
        "Kreuzsolo Anna +9",
        "Re Ben & Carla +4",
        "Re Ben & Carla verliert \u22125",
    ]
    # Anna's Kreuzsolo is her Pflichtsolo: she deals again (TSR 4.2.5), then Ben; Carla deals game 4
    assert [row["dealer"] for row in data["rows"]] == ["Anna", "Anna", "Ben"]
    assert [row["pflichtsolo"] for row in data["rows"]] == [True, False, False]
    assert data["next"]["dealer"] == "Carla" and data["next"]["number"] == 4

    page = client.get(f"/sittings/{sitting['id']}", headers={"accept-language": "de"})
    assert page.status_code == 200
    for text in ("Ben zahlt Anna 0,40 €", "Carla zahlt Anna 0,40 €", "Dirk zahlt Anna 0,20 €", "Kreuzsolo Anna +9"):
        assert text in page.text.replace("\u00a0", " ")  # the amount keeps to its € (a no-break space)
    assert re.search(r'id="totals">.*?>10<.*?>\u22124<.*?>\u22124<.*?>\u22122<', page.text, re.S)
    # the Pflichtsolo is said once, on game 1's row only; the heading of the balances is English
    rows = re.findall(r'<tbody id="game-(\d+)".*?</tbody>', page.text, re.S)
    assert rows == ["1", "2", "3"]
    bodies = re.findall(r'<tbody id="game-\d+".*?</tbody>', page.text, re.S)
    assert [body.count("Pflichtsolo") for body in bodies] == [1, 0, 0]
    assert "Stand und Geld je Spieler" in page.text and "Total and money per player" not in page.text

    last = client.get(f"/api/sittings/{sitting['id']}/liste/pages/-1", params={"per_page": 2}).json()
    assert (last["page"], last["pages"], last["games"]) == (2, 2, 3)
    assert [row["number"] for row in last["rows"]] == [3] and len(last["versions"]) == 1
    assert last["totals"] == data["totals"] and last["next"] == data["next"]

    rules = client.get(f"/sittings/{sitting['id']}/rules.toml")
    assert rules.status_code == 200 and 'name = "vier-schritte"' in rules.text

    csv_text = client.get(f"/api/sittings/{sitting['id']}/export.csv").text
    lines = csv_text.strip().splitlines()
    assert len(lines) == 4 and lines[1].startswith("1,Kreuzsolo Anna +9,1,9,-3,-3,-3,9,-3,-3,-3")


def test_seed_004_through_the_entry_form(client: TestClient) -> None:
    """The phone's form posts fields; the server turns them into the same entries."""
    sitting = new_sitting(client)
    forms = [
        {"mode": "full", "game": "kreuz", "re": ["Anna"], "augen_re": "190", "ann_re": "", "ann_kontra": ""},
        {
            "mode": "full",
            "game": "normal",
            "re": ["Ben", "Carla"],
            "augen_re": "151",
            "ann_re": "re",
            "ann_kontra": "",
            "extra.fuchs_gefangen.re": "1",
            "extra.doppelkopf.kontra": "1",
        },
        {"mode": "full", "game": "normal", "re": ["Ben", "Carla"], "augen_re": "140", "ann_re": "keine_90"},
    ]
    for number, form in enumerate(forms, start=1):
        response = client.post(
            f"/sittings/{sitting['id']}/games", data={**form, "number": str(number)}, follow_redirects=False
        )
        assert response.status_code == 303, response.text
    data = liste(client, sitting)
    assert [row["totals"] for row in data["rows"]] == [[9, -3, -3, -3], [5, 1, 1, -7], [10, -4, -4, -2]]
    # the quick mode: winners and Punkte only
    response = client.post(
        f"/sittings/{sitting['id']}/games",
        data={"mode": "quick", "winners": ["Anna", "Dirk"], "punkte": "2", "number": "4"},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    assert liste(client, sitting)["rows"][3]["totals"] == [12, -6, -6, 0]


# -- Bock (seed 002) ------------------------------------------------------------------------------------


def test_doppelbock_spaltarsch_starts_four_bock_games_and_deleting_it_removes_them(client: TestClient) -> None:
    sitting = new_sitting(client, rules="doppelbock")
    assert add(client, sitting, SPALTARSCH, 1).status_code == 201
    first = liste(client, sitting)
    assert first["rows"][0]["points"] == [2, -2, -2, 2]
    assert first["rows"][0]["triggers"] == ["spaltarsch"]
    assert first["bock_queue"] == [2, 2, 2, 2]
    assert first["next"]["bock_multiplier"] == 2
    for number in range(2, 7):
        assert add(client, sitting, RE_CARLA_DIRK_160, number).status_code == 201
    data = liste(client, sitting)
    assert [row["multiplier"] for row in data["rows"]] == [1, 2, 2, 2, 2, 1]
    assert [row["points"] for row in data["rows"][1:]] == [[-4, -4, 4, 4]] * 4 + [[-2, -2, 2, 2]]
    assert data["rows"][-1]["totals"] == [-16, -20, 16, 20]
    assert data["bock_queue"] == []

    page = client.get(f"/sittings/{sitting['id']}").text
    assert page.count('class="bock" title="Bock multiplier">×2<') == 4

    game = client.get(f"/api/sittings/{sitting['id']}/games/1").json()
    response = client.delete(f"/api/sittings/{sitting['id']}/games/1", params={"version": game["version"]})
    assert response.status_code == 204, response.text
    data = liste(client, sitting)
    assert len(data["rows"]) == 5
    assert [row["multiplier"] for row in data["rows"]] == [1] * 5
    assert [row["points"] for row in data["rows"]] == [[-2, -2, 2, 2]] * 5
    assert data["rows"][-1]["totals"] == [-10, -10, 10, 10]
    assert data["bock_queue"] == []
    page = client.get(f"/sittings/{sitting['id']}").text
    assert "×2" not in page
    # the deleted game stays in the history
    history = client.get(f"/api/sittings/{sitting['id']}/history").json()
    assert [v["action"] for v in history].count("delete") == 1


def test_two_spaltarsch_in_a_row_make_a_doppelbock(client: TestClient) -> None:
    """Seed 002: "Doppelböcke vervierfachen diese Punkte"; "Es gibt maximal Doppelböcke"."""
    sitting = new_sitting(client, rules="doppelbock")
    add(client, sitting, SPALTARSCH, 1)
    add(client, sitting, SPALTARSCH, 2)  # under Bock: 2 x 2 for Kontra
    add(client, sitting, RE_CARLA_DIRK_160, 3)  # three Bocks of the first and the second overlap: x4
    data = liste(client, sitting)
    assert [row["multiplier"] for row in data["rows"]] == [1, 2, 4]
    assert [row["points"] for row in data["rows"]] == [[2, -2, -2, 2], [4, -4, -4, 4], [-8, -8, 8, 8]]
    assert data["bock_queue"] == [4, 4, 2]


# -- five players ---------------------------------------------------------------------------------------


def test_five_players_the_dealer_sits_out_in_turn(client: TestClient) -> None:
    players = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
    sitting = new_sitting(client, players=players, rules="ddv", sit_out="dealer")
    expected_out = ["Anna", "Ben", "Carla", "Dirk", "Eva", "Anna"]
    for number, out in enumerate(expected_out, start=1):
        nxt = liste(client, sitting)["next"]
        assert nxt["dealer"] == out and nxt["sitting_out"] == [out]
        active = [p for p in players if p != out]
        assert nxt["active"] == active
        response = add(client, sitting, {"winners": active[:2], "punkte": 1}, number)
        assert response.status_code == 201, response.text
    data = liste(client, sitting)
    for row, out in zip(data["rows"], expected_out, strict=True):
        assert row["sitting_out"] == [out]
        assert row["points"][players.index(out)] == 0
        assert sorted(row["points"]) == [-1, -1, 0, 1, 1]
    # a player who sits out cannot be named
    sitting_out = data["next"]["sitting_out"][0]  # Ben deals game 7
    response = add(client, sitting, {"winners": [sitting_out, "Carla"], "punkte": 1}, 7)
    assert response.status_code == 422
    assert "winners[0]" in one_line_detail(response)
    page = client.get(f"/sittings/{sitting['id']}").text
    assert "Ben deals · Ben sits out" in page


# -- corrections and conflicts --------------------------------------------------------------------------


def test_edit_recomputes_and_keeps_the_history(client: TestClient) -> None:
    sitting = new_sitting(client)
    for number, entry in enumerate(SEED_004, start=1):
        add(client, sitting, entry, number)
    game = client.get(f"/api/sittings/{sitting['id']}/games/1").json()
    # Anna's solo was lost after all: 100 Augen, Kontra 140 (gewonnen 1, x3 for each opponent)
    response = client.put(
        f"/api/sittings/{sitting['id']}/games/1",
        json={"entry": {**SOLO_ANNA, "augen_re": 100}, "version": game["version"], "author": "Carla"},
    )
    assert response.status_code == 200, response.text
    assert response.json()["row"]["points"] == [-3, 1, 1, 1]
    data = liste(client, sitting)
    assert [row["totals"] for row in data["rows"]] == [[-3, 1, 1, 1], [-7, 5, 5, -3], [-2, 0, 0, 2]]
    history = client.get(f"/api/sittings/{sitting['id']}/games/1/history").json()
    assert [(v["action"], v["author"], v["entry"]["augen_re"]) for v in history] == [
        ("add", "Ben", 190),
        ("edit", "Carla", 100),
    ]
    page = client.get(f"/sittings/{sitting['id']}/games/1").text
    assert "Game 1 corrected" in page and "by Carla" in page
    assert 'name="augen_re"' in page and 'value="100"' in page  # the correction form shows the entry
    quick = client.get(f"/sittings/{sitting['id']}/games/1", params={"mode": "quick"}).text
    assert 'name="winners"' in quick and 'name="punkte"' in quick


def test_conflicts_are_409_with_who_changed_it(client: TestClient) -> None:
    sitting = new_sitting(client)
    add(client, sitting, SOLO_ANNA, 1)
    # two phones enter game 2 at once: the second is told
    assert add(client, sitting, BEISPIEL_1, 2).status_code == 201
    response = add(client, sitting, BEISPIEL_2, 2)
    assert response.status_code == 409
    assert "game 2" in one_line_detail(response).lower() and "Ben" in response.json()["detail"]
    # an edit with the version seen before someone else's edit
    seen = client.get(f"/api/sittings/{sitting['id']}/games/1").json()["version"]
    first = client.put(
        f"/api/sittings/{sitting['id']}/games/1",
        json={"entry": {**SOLO_ANNA, "augen_re": 200}, "version": seen, "author": "Carla"},
    )
    assert first.status_code == 200
    second = client.put(
        f"/api/sittings/{sitting['id']}/games/1",
        json={"entry": {**SOLO_ANNA, "augen_re": 100}, "version": seen, "author": "Dirk"},
    )
    assert second.status_code == 409
    assert "Carla" in one_line_detail(second)
    stale_delete = client.delete(f"/api/sittings/{sitting['id']}/games/1", params={"version": seen})
    assert stale_delete.status_code == 409
    assert liste(client, sitting)["rows"][0]["points"] == [9, -3, -3, -3]  # 200 Augen: still 3 x 3

    # the same through the pages: the second writer sees a clear message and keeps what was typed
    page = client.post(
        f"/sittings/{sitting['id']}/games/1",
        data={"mode": "full", "game": "kreuz", "re": ["Anna"], "augen_re": "111", "version": str(seen)},
    )
    assert page.status_code == 409
    assert "changed" in page.text and "Carla" in page.text and "Reload the list" in page.text
    assert 'value="111"' in page.text
    page = client.post(
        f"/sittings/{sitting['id']}/games",
        data={"mode": "quick", "winners": ["Anna"], "punkte": "1", "number": "2"},
    )
    assert page.status_code == 409
    assert "Reload the list" in page.text


# -- bad input: 422 naming the field, never a 500 -----------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({**BEISPIEL_1, "augen_re": 250}, "augen_re"),
        ({**BEISPIEL_1, "re": ["Eva", "Ben"]}, "re[0]"),
        ({**BEISPIEL_1, "game": "armut"}, "game"),  # vier-schritte is the DDV's game: no Armut
        ({**BEISPIEL_1, "announcements": {"re": ["keine_100"]}}, "announcements.re[0]"),
        ({**BEISPIEL_1, "extras": [{"type": "fuchs_gefangen", "party": "beide"}]}, "extras[0].party"),
        ({"winners": ["Anna"], "punkte": -3}, "punkte"),
    ],
)
def test_bad_entries_are_422_naming_the_field(client: TestClient, entry: dict[str, Any], field: str) -> None:
    sitting = new_sitting(client)
    response = add(client, sitting, entry, 1)
    assert response.status_code == 422, response.text
    assert field in one_line_detail(response)
    assert liste(client, sitting)["rows"] == []  # nothing half-written


HUGE = "9" * 20


def test_bad_requests_never_give_a_500(client: TestClient) -> None:
    sitting = new_sitting(client)
    sid = sitting["id"]
    bad: list[tuple[str, str, Any]] = [
        ("post", "/api/groups", {"name": ""}),
        ("post", "/api/groups", {"name": "x", "players": ["Anna", "anna"]}),
        ("post", "/api/groups", {"nam": "x"}),
        ("post", "/api/groups", [1, 2]),
        ("post", "/api/groups/1/sittings", {"players": ["A", "B", "C"]}),
        ("post", "/api/groups/1/sittings", {"players": PLAYERS, "rules": "skat"}),
        ("post", "/api/groups/1/sittings", {"players": PLAYERS, "rules_toml": "name = [1"}),
        ("post", "/api/groups/1/sittings", {"players": PLAYERS, "cents_per_point": 0}),
        ("post", "/api/groups/1/sittings", {"players": PLAYERS, "sit_out": "nobody"}),
        ("post", "/api/groups/99/sittings", {"players": PLAYERS}),
        ("post", f"/api/sittings/{sid}/games", {"entry": "Kreuzsolo"}),
        ("post", f"/api/sittings/{sid}/games", {"entry": {}}),
        ("post", f"/api/sittings/{sid}/games", {"entry": {"game": "normal"}, "number": 0}),
        ("post", f"/api/sittings/{sid}/games", {"entry": {"winners": "Anna", "punkte": "drei"}}),
        ("post", f"/api/sittings/{sid}/games", {"entry": {"game": 7, "re": [None], "augen_re": 1e9}}),
        ("post", "/api/sittings/99/games", {"entry": SOLO_ANNA}),
        ("put", f"/api/sittings/{sid}/games/1", {"entry": SOLO_ANNA, "version": 0}),
        ("put", f"/api/sittings/{sid}/games/1", {"entry": SOLO_ANNA}),
        ("delete", f"/api/sittings/{sid}/games/1?version=x", None),
        ("get", f"/api/sittings/{sid}/liste/pages/0", None),
        ("get", f"/api/sittings/{sid}/liste/pages/9", None),
        ("get", "/api/groups/1/stats?since=yesterday", None),
        ("get", "/api/groups/1/stats?sitting=12345", None),
        ("post", "/api/import", {"format": "something else"}),
        ("post", "/api/import", {"format": "doppelkopf-liste", "version": 1, "groups": [{"name": 3}]}),
        ("post", f"/sittings/{sid}/games", {"mode": "full", "augen_re": "viel"}),
        ("post", f"/sittings/{sid}/games", {"mode": "full", "augen_re": "9" * 40}),
        ("post", f"/sittings/{sid}/games", {"mode": "quick", "punkte": "", "winners": ["Zoe"]}),
        ("post", f"/sittings/{sid}/games", {"mode": "full", "extra.doppelkopf.re": "many", "augen_re": "1"}),
        ("post", f"/sittings/{sid}/games/1", {"mode": "full", "version": "x"}),
        ("post", f"/sittings/{sid}/games/1/delete", {"version": "1"}),
        ("post", "/groups", {"name": ""}),
        ("post", "/groups/1/players", {"name": "Ben"}),
        ("post", "/groups/1/sittings", {"seat0": "Anna", "cents_per_point": "zehn"}),
        ("post", "/groups/1/sittings", {"seat0": "Anna", "date": "gestern"}),
        ("get", "/sittings/99", None),
        ("get", "/sittings/abc", None),
        ("get", f"/sittings/{sid}/games/5", None),
        ("get", "/groups/99/stats", None),
        # numbers no database column holds
        ("get", f"/api/sittings/{HUGE}", None),
        ("get", f"/sittings/{HUGE}", None),
        ("get", f"/sittings/{sid}?page={HUGE}", None),
        ("get", f"/api/groups/1/stats?sitting={HUGE}", None),
        ("post", "/api/groups/1/sittings", {"players": PLAYERS, "cents_per_point": int(HUGE)}),
        ("post", f"/api/sittings/{sid}/games", {"entry": SOLO_ANNA, "number": int(HUGE)}),
        ("delete", f"/api/sittings/{sid}/games/1?version={HUGE}", None),
        ("post", f"/sittings/{sid}/games/1", {"mode": "full", "augen_re": "1", "version": HUGE}),
    ]
    for method, url, body in bad:
        if method in ("get", "delete"):
            response = client.request(method.upper(), url)
        elif url.startswith("/api"):
            response = client.request(method.upper(), url, json=body)
        else:
            response = client.request(method.upper(), url, data=body, follow_redirects=False)
        assert 400 <= response.status_code < 500, (method, url, response.status_code, response.text[:300])
        if url.startswith("/api"):
            detail = one_line_detail(response)
            assert detail and len(detail) < 400, (url, detail)


def test_the_form_names_the_field_and_keeps_what_was_typed(client: TestClient) -> None:
    sitting = new_sitting(client)
    response = client.post(
        f"/sittings/{sitting['id']}/games",
        data={
            "mode": "full",
            "game": "normal",
            "re": ["Ben", "Carla"],
            "augen_re": "250",
            "ann_re": "re",
            "number": "1",
        },
    )
    assert response.status_code == 422
    assert "augen_re" in response.text and "250" in response.text
    assert re.search(r'name="augen_re"[^>]*value="250"[^>]*aria-invalid="true"', response.text)
    assert re.search(r'name="re" value="Ben" checked', response.text)
    assert re.search(r'name="ann_re" value="re" checked', response.text)
    response = client.post(
        f"/sittings/{sitting['id']}/games",
        data={"mode": "full", "game": "normal", "re": ["Ben", "Carla"], "augen_re": "viel", "number": "1"},
    )
    assert response.status_code == 422
    assert "Augen of Re: &#39;viel&#39; is not a whole number" in response.text


# -- what the form offers -------------------------------------------------------------------------------


def test_the_entry_form_offers_only_what_the_rules_allow(client: TestClient) -> None:
    ddv = new_sitting(client, rules="ddv", group="A")
    doppelbock = new_sitting(client, rules="doppelbock", group="B")
    ddv_form = client.get(f"/sittings/{ddv['id']}/games/new").text
    doppelbock_form = client.get(f"/sittings/{doppelbock['id']}/games/new").text
    assert 'name="game" value="armut"' not in ddv_form  # the DDV has no Armut
    assert 'name="game" value="armut"' in doppelbock_form  # seed 002 has
    assert 'name="game" value="buben_damen"' in doppelbock_form and 'value="buben_damen"' not in ddv_form
    assert "extra.karlchen_gefangen.re" in doppelbock_form and "extra.karlchen_gefangen.re" not in ddv_form
    # the Liste derives the Pflichtsolo: the form has no field for it under any rules
    assert 'name="pflichtsolo"' not in ddv_form and 'name="pflichtsolo"' not in doppelbock_form
    quick = client.get(f"/sittings/{doppelbock['id']}/games/new?mode=quick").text
    assert 'name="events" value="spaltarsch"' in quick and 'name="events" value="lost_kontra"' in quick
    assert 'name="events"' not in client.get(f"/sittings/{ddv['id']}/games/new?mode=quick").text
    assert client.get(f"/api/sittings/{ddv['id']}/form").json()["pflichtsolo"] is True


# -- escaping ------------------------------------------------------------------------------------------


def test_names_with_markup_are_shown_as_text(client: TestClient) -> None:
    evil = "<script>alert(1)</script>"
    players = ["<b>Anna</b>", "Ben\"'><img src=x onerror=alert(2)>", "Carla", "Dirk"]
    sitting = new_sitting(client, players=players, group=evil, place="<i>bei Anna</i>")
    add(client, sitting, {"winners": [players[0], players[1]], "punkte": 1}, 1)
    pages = [
        "/groups",
        f"/groups/{sitting['group_id']}",
        f"/sittings/{sitting['id']}",
        f"/sittings/{sitting['id']}/liste",
        f"/sittings/{sitting['id']}/games/new",
        f"/sittings/{sitting['id']}/games/1",
        f"/sittings/{sitting['id']}/history",
        f"/groups/{sitting['group_id']}/stats",
    ]
    for url in pages:
        text = client.get(url).text
        assert "<script>alert" not in text and "<img src=x" not in text and "<b>Anna" not in text, url
        assert "<i>bei" not in text, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/groups").text
    assert "&lt;b&gt;Anna&lt;/b&gt;" in client.get(f"/sittings/{sitting['id']}").text
    svg = client.get(f"/groups/{sitting['group_id']}/stats/punkte.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "<script" not in svg.text and "<img" not in svg.text and "&lt;b&gt;Anna" in svg.text
    assert "default-src 'none'" in svg.headers["content-security-policy"]


# -- live list: server-sent events -----------------------------------------------------------------------


def read_event(lines: Iterator[str], timeout_s: float = 5.0) -> list[str]:
    """The lines of the next ``changed`` event (fails after ``timeout_s``)."""
    start = time.monotonic()
    event: list[str] = []
    for line in lines:
        assert time.monotonic() - start < timeout_s, "no event in time"
        if line == "event: changed":
            event = [line]
        elif event:
            event.append(line)
            if line == "":
                return event
    raise AssertionError("the stream ended")


def test_events_tell_every_change(client: TestClient, app: Any) -> None:
    sitting = new_sitting(client)
    sid = sitting["id"]
    with client.stream("GET", f"/sittings/{sid}/events") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        lines = response.iter_lines()
        assert next(lines).startswith("retry:")
        # a game entered through the API (the app's own notifier)
        threading.Timer(0.2, lambda: add(client, sitting, SOLO_ANNA, 1)).start()
        assert read_event(lines) == ["event: changed", "id: 1", "data: 1", ""]
        # a game written by another process straight into the database (found by the periodic check)
        threading.Timer(0.2, lambda: app.state.store.add_game(sid, BEISPIEL_1, number=2)).start()
        assert read_event(lines) == ["event: changed", "id: 2", "data: 2", ""]
        # keep-alive comments while nothing happens
        start = time.monotonic()
        for line in lines:
            if line == ": keep-alive":
                break
            assert time.monotonic() - start < 5
    # the client went away: its stream ended and left no waiter behind
    deadline = time.monotonic() + 5
    while app.state.notifier._waiters and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not app.state.notifier._waiters


def test_events_catch_up_after_a_reconnect(client: TestClient) -> None:
    sitting = new_sitting(client)
    add(client, sitting, SOLO_ANNA, 1)
    add(client, sitting, BEISPIEL_1, 2)
    # the page showed version 1 (?v=) or the browser saw event 1 (Last-Event-ID): version 2 comes at once
    for kwargs in ({"params": {"v": 1}}, {"headers": {"Last-Event-ID": "1"}}):
        with client.stream("GET", f"/sittings/{sitting['id']}/events", **kwargs) as response:
            assert read_event(response.iter_lines()) == ["event: changed", "id: 2", "data: 2", ""]
    assert client.get("/sittings/99/events").status_code == 404


# -- export, import, statistics, OpenAPI --------------------------------------------------------------------


def test_export_and_import_round_trip(client: TestClient, tmp_path: Path) -> None:
    sitting = new_sitting(client)
    for number, entry in enumerate(SEED_004, start=1):
        add(client, sitting, entry, number)
    game = client.get(f"/api/sittings/{sitting['id']}/games/3").json()
    client.put(
        f"/api/sittings/{sitting['id']}/games/3",
        json={"entry": {**BEISPIEL_2, "augen_re": 139}, "version": game["version"], "author": "Dirk"},
    )
    exported = client.get(f"/api/groups/{sitting['group_id']}/export").json()
    download = client.get(f"/groups/{sitting['group_id']}/export.json")
    assert "attachment" in download.headers["content-disposition"]

    other = open_app(f"sqlite:///{tmp_path / 'other.sqlite'}")
    try:
        with TestClient(other, headers={"accept-language": "en"}) as second:
            upload = second.post("/import", files={"file": ("export.json", download.content)}, follow_redirects=False)
            assert upload.status_code == 303, upload.text
            group_id = int(upload.headers["location"].rsplit("/", 1)[1])
            sittings = second.get(f"/api/groups/{group_id}/sittings").json()
            copied = second.get(f"/api/sittings/{sittings[0]['id']}/liste").json()
            assert [r["totals"] for r in copied["rows"]] == [[9, -3, -3, -3], [5, 1, 1, -7], [10, -4, -4, -2]]
            history = second.get(f"/api/sittings/{sittings[0]['id']}/games/3/history").json()
            assert [v["action"] for v in history] == ["add", "edit"]
            again = second.post("/api/import", json=exported)
            assert again.status_code == 422 and "exists already" in one_line_detail(again)
            bad = second.post("/import", files={"file": ("x.json", b"{not json")})
            assert bad.status_code == 422 and "Import" in bad.text
    finally:
        other.state.store.close()


def test_statistics_and_charts(client: TestClient) -> None:
    sitting = new_sitting(client, cents_per_point=10)
    for number, entry in enumerate(SEED_004, start=1):
        add(client, sitting, entry, number)
    stats = client.get(f"/api/groups/{sitting['group_id']}/stats").json()
    by_name = {p["name"]: p for p in stats["players"]}
    assert stats["games"] == 3
    assert by_name["Anna"]["punkte"] == 10 and by_name["Anna"]["cents"] == 100
    assert by_name["Anna"]["soli"] == 1 and by_name["Anna"]["soli_won"] == 1
    # Ben was Kontra in the solo (lost), Re in Beispiel 1 (won, announced) and in Beispiel 2 (lost, announced)
    ben = by_name["Ben"]
    assert (ben["games_re"], ben["won_re"], ben["games_kontra"], ben["won_kontra"]) == (2, 1, 1, 0)
    assert (ben["announcements"], ben["announcements_won"]) == (2, 1)
    assert [point["totals"]["Anna"] for point in stats["chart"]] == [9, 5, 10]
    page = client.get(f"/groups/{sitting['group_id']}/stats", headers={"accept-language": "de"})
    assert page.status_code == 200 and "1,00\u00a0€" in page.text
    empty = client.get(f"/groups/{sitting['group_id']}/stats", params={"since": "2999-01-01"})
    assert empty.status_code == 200 and "No games in these sittings" in empty.text
    assert client.get(f"/groups/{sitting['group_id']}/stats/punkte.svg", params={"since": "2999-01-01"}).is_success
    for chart in ("punkte", "parties", "money"):
        svg = client.get(f"/groups/{sitting['group_id']}/stats/{chart}.svg?sitting={sitting['id']}")
        assert svg.status_code == 200 and svg.text.lstrip().startswith("<?xml") and "<svg" in svg.text


def test_openapi_lists_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/groups",
        "/api/groups/{group_id}/sittings",
        "/api/sittings/{sitting_id}/liste",
        "/api/sittings/{sitting_id}/games",
        "/api/sittings/{sitting_id}/games/{number}",
        "/api/sittings/{sitting_id}/games/{number}/history",
        "/api/groups/{group_id}/stats",
        "/api/import",
    ):
        assert path in paths, path
    assert not any(not path.startswith("/api") for path in paths)  # the pages are no API


def test_import_records_of_doko_simulate(client: TestClient, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from doppelkopf import record
    from doppelkopf.cli import main

    path = tmp_path / "sim.jsonl"
    result = CliRunner().invoke(main, ["simulate", "--games", "3", "--seed", "1", "--records", str(path)])
    assert result.exit_code == 0, result.output
    played = [r for r in record.load_many(path) if r.result is not None]
    group = client.post("/api/groups", json={"name": "Computer"}).json()
    response = client.post(
        f"/groups/{group['id']}/records", files={"file": ("sim.jsonl", path.read_bytes())}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    sitting_id = int(response.headers["location"].rsplit("/", 1)[1])
    data = client.get(f"/api/sittings/{sitting_id}/liste").json()
    assert len(data["rows"]) == len(played)
    for row, rec in zip(data["rows"], played, strict=True):
        assert rec.result is not None
        by_name = dict(zip(data["players"], row["points"], strict=True))
        assert by_name == {name: p * rec.bock for name, p in zip(rec.players, rec.result.points, strict=True)}
    bad = client.post(f"/groups/{group['id']}/records", files={"file": ("x.jsonl", b"no records\n")})
    assert bad.status_code == 422 and "x.jsonl" in bad.text


# -- the entry form reads every limit from the rules ------------------------------------------------------


def test_three_doppelkoepfe_for_one_party_through_the_form(client: TestClient) -> None:
    """A Doppelkopf is a trick of 40 Augen or more, so one game holds up to six (240 // 40); the form offers
    0..6 per party. Re (Ben, Carla) with 151 Augen and three Doppelköpfe, nothing announced (seed 004's
    schema): gewonnen 1 + Kontra unter 90 (89 Augen) 1 + three Doppelköpfe 3 = 5 for each of Re."""
    sitting = new_sitting(client)
    form = client.get(f"/sittings/{sitting['id']}/games/new").text
    options = re.search(r'<select name="extra.doppelkopf.re"[^>]*>(.*?)</select>', form, re.S)
    assert options is not None
    assert re.findall(r'<option value="(\d+)"', options.group(1)) == [str(n) for n in range(7)]
    fields = {"mode": "full", "game": "normal", "re": ["Ben", "Carla"], "augen_re": "151", "number": "1"}
    response = client.post(
        f"/sittings/{sitting['id']}/games", data={**fields, "extra.doppelkopf.re": "3"}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    data = liste(client, sitting)
    assert data["rows"][0]["points"] == [-5, 5, 5, -5]
    game = client.get(f"/api/sittings/{sitting['id']}/games/1").json()
    assert [x["type"] for x in game["entry"]["extras"]] == ["doppelkopf"] * 3
    # the correction form shows the three again
    page = client.get(f"/sittings/{sitting['id']}/games/1").text
    assert re.search(r'name="extra.doppelkopf.re".*?<option value="3" selected>', page, re.S)
    # seven in one party: more than a game holds; the field is named and nothing is written
    response = client.post(
        f"/sittings/{sitting['id']}/games", data={**fields, "number": "2", "extra.doppelkopf.re": "7"}
    )
    assert response.status_code == 422
    assert "Sonderpunkte: 7 doppelkopf for re: one game holds at most 6" in response.text
    assert len(liste(client, sitting)["rows"]) == 1


def test_the_form_limits_come_from_the_rules(client: TestClient) -> None:
    """Without the Neunen a hand is 10 cards (40 cards, four players), with them 12 (48 cards); a game has
    240 Augen; a quick entry takes up to 1000 Punkte."""
    ddv = new_sitting(client, rules="ddv", group="A")
    ohne = new_sitting(client, rules="ohne-neunen", group="B")
    for sitting, tricks in ((ddv, 12), (ohne, 10)):
        page = client.get(f"/sittings/{sitting['id']}/games/new").text
        assert re.search(rf'name="tricks_re" min="0" max="{tricks}"', page)
        assert re.search(r'name="augen_re" min="0" max="240"', page)
        quick = client.get(f"/sittings/{sitting['id']}/games/new?mode=quick").text
        assert re.search(r'name="punkte" min="0" max="1000"', quick)
        form = client.get(f"/api/sittings/{sitting['id']}/form").json()
        assert form["limits"]["tricks"] == tricks and form["limits"]["augen_re"] == 240
        assert form["limits"]["extras"]["doppelkopf"] == 6 and form["limits"]["extras"]["fuchs_gefangen"] == 2
        assert set(form["sit_out"]) == {"dealer", "next_dealers"}


def test_a_five_player_sitting_says_who_sits_out(client: TestClient) -> None:
    from doppelkopf.liste import SIT_OUT

    sitting = new_sitting(client, players=["Anna", "Ben", "Carla", "Dirk", "Eva"], rules="ddv", sit_out="next_dealers")
    page = client.get(f"/sittings/{sitting['id']}").text
    assert "Who sits out: next_dealers" in page
    assert SIT_OUT["next_dealers"].split(";")[0].split("(")[0].strip() in page


# -- records upload: the file's own name is never a path -------------------------------------------------


@pytest.mark.parametrize("name", ["..", "../../etc/passwd", "x" * 300 + ".jsonl", "a/../../b.jsonl", "\x00evil"])
def test_records_upload_under_any_name_is_never_a_500(client: TestClient, name: str) -> None:
    group = client.post("/api/groups", json={"name": "Computer"}).json()
    for url in (f"/api/groups/{group['id']}/records", f"/groups/{group['id']}/records"):
        response = client.post(url, files={"file": (name, b"no records\n")})
        assert 400 <= response.status_code < 500, (url, response.status_code, response.text[:300])
        assert "doko-records" not in response.text and "/tmp" not in response.text
        assert "line 1" in response.text  # the message names the line of the file
        if url.startswith("/api"):
            detail = one_line_detail(response)
            shown = detail.split(":", 1)[0]
            assert len(shown) <= 60 and "/" not in shown and "\x00" not in shown
    assert client.get(f"/api/groups/{group['id']}/sittings").json() == []


# -- same origin, bounded bodies ----------------------------------------------------------------------------


def test_a_write_from_another_site_is_403(client: TestClient) -> None:
    sitting = new_sitting(client)
    sid = sitting["id"]
    evil = {"Origin": "http://evil.example"}
    forged = [
        client.post("/api/groups", json={"name": "Forged"}, headers=evil),
        client.post(f"/api/sittings/{sid}/games", json={"entry": SOLO_ANNA}, headers=evil),
        client.post(f"/sittings/{sid}/games", data={"mode": "quick", "winners": ["Anna"], "punkte": "1"}, headers=evil),
        client.post("/groups", data={"name": "Forged"}, headers={"Referer": "http://evil.example/page"}),
        client.post("/groups", data={"name": "Forged"}, headers={"Origin": "null"}),
        client.post("/groups", data={"name": "Forged"}, headers={"Origin": "http://testserver.evil.example"}),
        client.post("/groups", data={"name": "Forged"}, headers={"Origin": "http://testserver:8080"}),
        client.delete(f"/api/sittings/{sid}/games/1?version=1", headers=evil),
    ]
    for response in forged:
        assert response.status_code == 403, response.text
    assert "evil.example" in one_line_detail(forged[0]) and "not this server" in forged[0].json()["detail"]
    assert [g["name"] for g in client.get("/api/groups").json()] == ["Donnerstag"]
    assert liste(client, sitting)["rows"] == []
    # the app's own pages (same host, any port default) and clients without Origin or Referer go through
    same = client.post(f"/api/sittings/{sid}/games", json={"entry": SOLO_ANNA}, headers={"Origin": "http://testserver"})
    assert same.status_code == 201, same.text
    page = client.post(
        "/groups", data={"name": "Freitag"}, headers={"Referer": "http://testserver:80/groups"}, follow_redirects=False
    )
    assert page.status_code == 303, page.text
    assert client.get("/api/groups", headers=evil).status_code == 200  # reading is no change


TWENTY_MIB = 20 * 1024 * 1024


def test_bodies_over_16_mib_are_413(client: TestClient) -> None:
    big = b'{"format": "' + b"x" * TWENTY_MIB + b'"}'
    response = client.post("/api/import", content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "16 MiB" in one_line_detail(response)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the reading stops at the limit
        yield b'{"format": "'
        for _ in range(20):
            yield b"x" * (1024 * 1024)
        yield b'"}'

    response = client.post("/api/import", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "16 MiB" in one_line_detail(response)
    group = client.post("/api/groups", json={"name": "G"}).json()
    upload = client.post(f"/groups/{group['id']}/records", files={"file": ("big.jsonl", b"x" * TWENTY_MIB)})
    assert upload.status_code == 413 and "16 MiB" in upload.text
    page = client.post("/import", files={"file": ("big.json", b"x" * TWENTY_MIB)})
    assert page.status_code == 413


def test_a_rule_file_over_256_kib_or_not_toml_names_rules_toml(client: TestClient) -> None:
    group = client.post("/api/groups", json={"name": "G"}).json()
    url = f"/api/groups/{group['id']}/sittings"
    too_big = client.post(url, json={"players": PLAYERS, "rules_toml": "# " + "x" * (256 * 1024)})
    assert too_big.status_code == 422 and one_line_detail(too_big).startswith("rules_toml:")
    wide = "ä" * (200 * 1024)  # 200 Ki characters, 400 KiB in UTF-8
    too_big = client.post(url, json={"players": PLAYERS, "rules_toml": f"# {wide}"})
    assert too_big.status_code == 422 and "256 KiB" in one_line_detail(too_big)
    bad = client.post(url, json={"players": PLAYERS, "rules_toml": "name = [1"})
    assert bad.status_code == 422 and one_line_detail(bad).startswith("rules_toml: rule file is not valid TOML")
    page = client.post(
        f"/groups/{group['id']}/sittings",
        data={f"seat{i}": name for i, name in enumerate(PLAYERS)},
        files={"rules_file": ("house.toml", b"name = [1")},
    )
    assert page.status_code == 422 and "Rule file</strong>: rule file is not valid TOML" in page.text


# -- the database away: 503; a chart that cannot be drawn: 422 ------------------------------------------------


def test_a_database_that_cannot_be_reached_is_503(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "db"
    folder.mkdir()
    app = open_app(f"sqlite:///{folder / 'liste.sqlite'}")
    try:
        with TestClient(app, headers={"accept-language": "en"}) as client:
            assert client.post("/api/groups", json={"name": "G"}).status_code == 201
            app.state.store.close()
            shutil.rmtree(folder)  # the SQLite file and its folder are gone: it cannot be opened again
            response = client.get("/api/groups")
            assert response.status_code == 503, response.text
            assert one_line_detail(response).startswith("database:")
            assert response.headers["retry-after"] == "5"
            page = client.get("/groups")
            assert page.status_code == 503 and "try again in a moment" in page.text
    finally:
        app.state.store.close()


def test_a_lost_connection_is_503_without_the_driver_message(client: TestClient, app: Any, monkeypatch: Any) -> None:
    from sqlalchemy.exc import OperationalError

    def lost(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("SELECT 1", {}, Exception('connection to server at "10.0.0.9" failed'))

    monkeypatch.setattr(app.state.store, "groups", lost)
    response = client.get("/api/groups")
    assert response.status_code == 503
    assert one_line_detail(response) == "database: cannot be reached now; try again in a moment"


def test_a_chart_that_cannot_be_drawn_is_422(client: TestClient, monkeypatch: Any) -> None:
    from doppelkopf import charts

    sitting = new_sitting(client)
    add(client, sitting, SOLO_ANNA, 1)

    def refuse(*args: Any, **kwargs: Any) -> bytes:
        raise charts.ChartError("series: 41 players, at most 40 in one chart")

    monkeypatch.setattr(charts, "punkte_chart", refuse)
    response = client.get(f"/groups/{sitting['group_id']}/stats/punkte.svg")
    assert response.status_code == 422 and "at most 40" in response.text


# -- the live list polls only the version ------------------------------------------------------------------


def test_the_event_stream_polls_only_the_version(client: TestClient, app: Any) -> None:
    sitting = new_sitting(client)
    store = app.state.store
    calls: dict[str, int] = {"version": 0, "other": 0}

    def counting(name: str, method: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls["version" if name == "version" else "other"] += 1
            return method(*args, **kwargs)

        return wrapper

    for name in ("version", "sitting", "liste", "liste_page", "games"):
        setattr(store, name, counting(name, getattr(store, name)))
    with client.stream("GET", f"/sittings/{sitting['id']}/events") as response:
        lines = response.iter_lines()
        assert next(lines).startswith("retry:")
        start = time.monotonic()
        for line in lines:  # keep-alive after 0.2 s: about four polls (every 0.05 s) have run
            if line == ": keep-alive" or time.monotonic() - start > 5:
                break
    assert calls["version"] >= 3 and calls["other"] == 0, calls


# -- every API route says what it does ----------------------------------------------------------------------


def test_every_api_route_is_described(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    missing = [
        f"{method.upper()} {path}"
        for path, operations in paths.items()
        for method, operation in operations.items()
        if not operation.get("description", "").strip()
    ]
    assert missing == []


# -- forged or careless posts: 422 naming the field, nothing written -------------------------------------


def test_forged_entry_forms_are_422_naming_the_field(client: TestClient) -> None:
    """Seed 004's Beispiel 1 as the form sends it, spoiled one field at a time: each is refused naming the field
    and nothing is written; the Liste stays empty."""
    sitting = new_sitting(client)
    url = f"/sittings/{sitting['id']}/games"
    good = {"mode": "full", "game": "normal", "re": ["Ben", "Carla"], "augen_re": "151", "ann_re": "re", "number": "1"}
    spoiled = [
        ({"mode": "weird"}, "mode: &#39;weird&#39; is neither full nor quick"),
        ({"extra.doppelkopf.nobody": "1"}, "extra.doppelkopf.nobody: no field of the entry form"),
        ({"extra.karlchen_gefangen.re": "1"}, "extra.karlchen_gefangen.re: no Sonderpunkte kind of these rules"),
        ({"pflichtsolo": "on"}, "pflichtsolo: no field of the entry form"),
        ({"number": ""}, "number: missing or no game number"),
        ({"number": "eins"}, "number: missing or no game number"),
        ({"author": "A" * 41}, "Entered by: at most 40 characters, not 41"),
        ({"author": "Ben\x07"}, "Entered by: no control characters"),
    ]
    for change, message in spoiled:
        response = client.post(url, data={**good, **change}, follow_redirects=False)
        assert response.status_code == 422, (change, response.status_code)
        assert message in response.text, (change, response.text[-2000:])
    dropped = {key: value for key, value in good.items() if key != "number"}
    response = client.post(url, data=dropped, follow_redirects=False)
    assert response.status_code == 422 and "number: missing" in response.text
    assert liste(client, sitting)["rows"] == []
    # as the page sends it (40 characters of author are fine): Beispiel 1 without its Sonderpunkte (a Fuchs for
    # Re and a Doppelkopf for Kontra cancel): gewonnen 1 + Re angesagt 2 + Kontra unter 90 (89 Augen) 1 = 4 each
    response = client.post(url, data={**good, "author": "B" * 40}, follow_redirects=False)
    assert response.status_code == 303, response.text
    assert liste(client, sitting)["rows"][0]["points"] == [-4, 4, 4, -4]


def test_the_api_bounds_author_and_group_size(client: TestClient) -> None:
    sitting = new_sitting(client)
    url = f"/api/sittings/{sitting['id']}/games"
    for author, message in (("x" * 41, "author: at most 40 characters, not 41"), ("A\nB", "author: no control")):
        response = client.post(url, json={"entry": SOLO_ANNA, "author": author})
        assert response.status_code == 422 and message in one_line_detail(response)
    # the number stays optional in the API (documented): without it the game is simply the next one
    response = client.post(url, json={"entry": SOLO_ANNA, "author": "Ben"})
    assert response.status_code == 201 and response.json()["number"] == 1
    edit = client.put(f"{url}/1", json={"entry": SOLO_ANNA, "version": 1, "author": "\x00"})
    assert edit.status_code == 422 and one_line_detail(edit).startswith("author:")
    many = [f"P{i}" for i in range(101)]
    response = client.post("/api/groups", json={"name": "Verein", "players": many})
    assert response.status_code == 422 and one_line_detail(response) == "players: at most 100"
    page = client.post("/groups", data={"name": "Verein", "players": "\n".join(many)}, follow_redirects=False)
    assert page.status_code == 422 and "players: at most 100" in page.text
    assert [g["name"] for g in client.get("/api/groups").json()] == ["Donnerstag"]
    group = client.post("/api/groups", json={"name": "Verein", "players": many[:100]})
    assert group.status_code == 201 and len(group.json()["players"]) == 100
    more = client.post(f"/api/groups/{group.json()['id']}/players", json={"name": "Zoe"})
    assert more.status_code == 422 and one_line_detail(more) == "players: at most 100"


def test_the_stats_page_tells_the_sittings_apart_and_reads_german_dates(client: TestClient) -> None:
    """Two sittings on the same evening: the choices show number, date and place; dates read dd.mm.yyyy."""
    first = new_sitting(client, date="2026-12-01", place="Bei Anna")
    group_id = first["group_id"]
    page = client.post(
        f"/groups/{group_id}/sittings",
        data={
            "seat0": "Anna",
            "seat1": "Ben",
            "seat2": "Carla",
            "seat3": "Dirk",
            "date": "1.12.2026",
            "place": "Bei Ben",
            "rules": "ddv",
            "cents_per_point": "10",
        },
        follow_redirects=False,
    )
    assert page.status_code == 303, page.text
    sittings = client.get(f"/api/groups/{group_id}/sittings").json()
    assert [(s["date"], s["place"]) for s in sittings] == [("2026-12-01", "Bei Anna"), ("2026-12-01", "Bei Ben")]
    stats = client.get(f"/groups/{group_id}/stats", params={"since": "01.12.2026", "until": "2026-12-01"})
    assert stats.status_code == 200
    assert "#1 Dec 1, 2026 · Bei Anna · 0 games" in stats.text
    assert "#2 Dec 1, 2026 · Bei Ben · 0 games" in stats.text
    assert re.search(r'name="since"[^>]*placeholder="YYYY-MM-DD"[^>]*value="2026-12-01"', stats.text)
    german = client.get(f"/groups/{group_id}/stats", params={"since": "01.12.2026"}, headers={"accept-language": "de"})
    assert "#1 01.12.2026 · Bei Anna · 0 Spiele" in german.text
    assert re.search(r'name="since"[^>]*placeholder="TT.MM.JJJJ"[^>]*value="01.12.2026"', german.text)
    bad = client.get(f"/groups/{group_id}/stats", params={"since": "31.02.2026"})
    assert bad.status_code == 422 and "since: &#39;31.02.2026&#39; is no date (dd.mm.yyyy or yyyy-mm-dd)" in bad.text
