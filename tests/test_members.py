"""A group's Liste belongs to its members: the setup link, invitations, devices, viewer links, roles, and that
nobody else gets anything of a group (every route of the app, the exports, the live list, the online tables)."""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.routing import APIRoute  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from doppelkopf.storage.members import Members  # noqa: E402
from doppelkopf.web import create_app  # noqa: E402
from doppelkopf.web.routers import games, groups, members, sittings, stats  # noqa: E402
from webapp import TEST_HOSTS  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
# Re (Ben & Carla) wins with 151 Augen, nothing announced; seed 004's steps: +1 gewonnen, +1 Kontra keine 90 = +2
BEISPIEL_1 = {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 151}
SECRET = "Geheimtisch"  # the group's name: no answer to an outsider may contain it


class Server:
    """A members-only app on a temporary SQLite file, its Members, and clients (each a device)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.app = create_app(self.url, allowed_hosts=TEST_HOSTS)
        self.members: Members = self.app.state.members
        self.clients: list[TestClient] = []

    def device(self) -> TestClient:
        """A new device (its own cookies); the first one runs the app's lifespan (the tables' hub)."""
        client = TestClient(self.app, headers={"accept-language": "en"})
        if not self.clients:
            client.__enter__()
        self.clients.append(client)
        return client

    def close(self) -> None:
        if self.clients:
            self.clients[0].__exit__(None, None, None)


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """The server on SQLite and on PostgreSQL (the ``pg_url`` fixture: skipped without a server, outside CI)."""
    url = f"sqlite:///{tmp_path / 'liste.sqlite'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    s = Server(url)
    yield s
    s.close()


def claim(server: Server, name: str = "Anna") -> TestClient:
    """The owner's laptop, after opening the setup link that doko serve printed."""
    token = server.members.setup_token()
    assert token is not None
    owner = server.device()
    response = owner.post(f"/api/setup/{token}", json={"name": name})
    assert response.status_code == 200, response.text
    assert owner.cookies.get("doko_session")
    return owner


def evening(owner: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """The owner's group "Geheimtisch" with a sitting and seed 004's Beispiel 1 as game 1."""
    group = owner.post("/api/groups", json={"name": SECRET, "players": PLAYERS})
    assert group.status_code == 201, group.text
    sitting = owner.post(
        f"/api/groups/{group.json()['id']}/sittings",
        json={"players": PLAYERS, "rules": "vier-schritte", "cents_per_point": 10, "date": "2026-12-02"},
    )
    assert sitting.status_code == 201, sitting.text
    game = owner.post(f"/api/sittings/{sitting.json()['id']}/games", json={"entry": BEISPIEL_1, "number": 1})
    assert game.status_code == 201, game.text
    return group.json(), sitting.json()


def join(server: Server, inviter: TestClient, group_id: int, name: str, **invitation: Any) -> TestClient:
    """A new phone joins ``group_id`` as ``name`` by an invitation ``inviter`` made."""
    made = inviter.post(f"/api/groups/{group_id}/invitations", json=invitation)
    assert made.status_code == 201, made.text
    assert made.json()["link"].endswith("/join/" + made.json()["token"])
    phone = server.device()
    joined = phone.post(f"/api/join/{made.json()['token']}", json={"name": name})
    assert joined.status_code == 200, joined.text
    return phone


# -- the server's owner ----------------------------------------------------------------------------------


def test_an_unclaimed_server_serves_no_one_until_its_owner_opens_the_setup_link(server: Server) -> None:
    visitor = server.device()
    page = visitor.get("/")
    assert page.status_code == 200
    assert "no owner yet" in page.text and "setup link" in page.text
    assert visitor.post("/api/groups", json={"name": "Mine", "players": PLAYERS}).status_code == 403
    assert visitor.get("/api/me").status_code == 404
    owner = claim(server)
    me = owner.get("/api/me").json()
    assert me["name"] == "Anna" and me["owner"] and me["creates_groups"]
    # the setup link works once, and no second one is made for a claimed server
    assert server.members.setup_token() is None
    group, _ = evening(owner)
    assert [g["name"] for g in owner.get("/api/groups").json()] == [SECRET]
    assert visitor.get("/api/groups").json() == []
    assert visitor.get(f"/api/groups/{group['id']}").status_code == 404


def test_a_setup_link_is_refused_once_used_and_a_wrong_one_like_an_unknown_one(server: Server) -> None:
    token = server.members.setup_token()
    assert token is not None
    first = server.device()
    assert first.post(f"/api/setup/{token}", json={"name": "Anna"}).status_code == 200
    second = server.device()
    again = second.post(f"/api/setup/{token}", json={"name": "Mallory"})
    wrong = second.post(f"/api/setup/{'x' * 43}", json={"name": "Mallory"})
    assert again.status_code == wrong.status_code == 404
    assert (
        again.json()
        == wrong.json()
        == {"detail": "link: not valid (any more); ask whoever gave it to you for a new one"}
    )


def test_the_setup_page_claims_with_one_click(server: Server) -> None:
    token = server.members.setup_token()
    laptop = server.device()
    page = laptop.get(f"/setup/{token}")
    assert page.status_code == 200 and 'name="name"' in page.text
    done = laptop.post(f"/setup/{token}", data={"name": "Anna"}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/groups"
    assert "HttpOnly" in done.headers["set-cookie"] and "SameSite=lax" in done.headers["set-cookie"]
    assert laptop.get("/api/me").json()["name"] == "Anna"


# -- invite, join, enter games -------------------------------------------------------------------------


def test_invite_join_and_enter_games_and_the_history_names_the_member(server: Server) -> None:
    owner = claim(server)
    group, sitting = evening(owner)
    ben = join(server, owner, group["id"], "Ben", player="Ben")
    assert [m["name"] for m in owner.get(f"/api/groups/{group['id']}/members").json()] == ["Anna", "Ben"]
    assert ben.get("/api/me").json()["roles"] == {str(group["id"]): "member"}
    # Ben enters game 2 (the same again: Re +2) and claims to be Dirk: the history names Ben
    entered = ben.post(
        f"/api/sittings/{sitting['id']}/games", json={"entry": BEISPIEL_1, "number": 2, "author": "Dirk"}
    )
    assert entered.status_code == 201, entered.text
    assert entered.json()["row"]["totals"] == [-4, 4, 4, -4]
    history = owner.get(f"/api/sittings/{sitting['id']}/history").json()
    assert [v["author"] for v in history] == ["Anna", "Ben"]
    # a member enters and corrects games but does not invite
    assert ben.post(f"/api/groups/{group['id']}/invitations", json={}).status_code == 403


def test_the_join_page_spends_nothing_when_opened_and_joins_by_its_button(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    made = owner.post(f"/api/groups/{group['id']}/invitations", json={"player": "Carla"}).json()
    phone = server.device()
    for _ in range(2):  # a messenger's link preview opens it too
        page = phone.get(f"/join/{made['token']}")
        assert page.status_code == 200 and f"Invitation to {SECRET}" in page.text and 'value="Carla"' in page.text
    done = phone.post(f"/join/{made['token']}", data={"name": "Carla"}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == f"/groups/{group['id']}"
    assert phone.get(f"/groups/{group['id']}").status_code == 200


def test_a_used_expired_or_revoked_invitation_is_refused(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    used = owner.post(f"/api/groups/{group['id']}/invitations", json={"max_uses": 1}).json()
    assert server.device().post(f"/api/join/{used['token']}", json={"name": "Ben"}).status_code == 200
    assert server.device().post(f"/api/join/{used['token']}", json={"name": "Eve"}).status_code == 404
    expired = owner.post(f"/api/groups/{group['id']}/invitations", json={"days": 1}).json()
    with server.members.store.write() as session:
        from doppelkopf.storage.models import Invitation

        row = session.get(Invitation, expired["id"])
        assert row is not None
        row.expires_at = datetime.datetime(2020, 1, 1)
    assert server.device().post(f"/api/join/{expired['token']}", json={"name": "Eve"}).status_code == 404
    revoked = owner.post(f"/api/groups/{group['id']}/invitations", json={"max_uses": None}).json()
    assert owner.delete(f"/api/groups/{group['id']}/invitations/{revoked['id']}").status_code == 204
    assert server.device().post(f"/api/join/{revoked['token']}", json={"name": "Eve"}).status_code == 404
    listed = {i["id"]: i for i in owner.get(f"/api/groups/{group['id']}/invitations").json()}
    assert not listed[used["id"]]["usable"] and listed[used["id"]]["uses"] == 1
    assert listed[revoked["id"]]["revoked"]
    assert all("token" not in i for i in listed.values())


def test_an_invitation_for_several_people_admits_that_many(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    made = owner.post(f"/api/groups/{group['id']}/invitations", json={"max_uses": 2}).json()
    answers = [server.device().post(f"/api/join/{made['token']}", json={"name": n}).status_code for n in "XYZ"]
    assert answers == [200, 200, 404]


def test_too_many_wrong_links_from_one_address_are_refused_for_a_minute(server: Server) -> None:
    guesser = server.device()
    answers = [guesser.post(f"/api/join/{'g' * 20}{i:03d}", json={"name": "X"}).status_code for i in range(12)]
    assert answers[:10] == [404] * 10
    assert answers[10:] == [429, 429]


# -- devices and sessions ----------------------------------------------------------------------------


def test_a_second_device_joins_by_a_one_time_link_and_a_revoked_session_is_refused(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    link = owner.post("/api/me/device-link").json()
    tablet = server.device()
    assert tablet.post(f"/api/join/{link['token']}", json={}).json()["name"] == "Anna"
    assert tablet.get(f"/api/groups/{group['id']}").status_code == 200
    assert server.device().post(f"/api/join/{link['token']}", json={}).status_code == 404  # once only
    sessions = owner.get("/api/me/sessions").json()
    assert len(sessions) == 2 and sum(s["current"] for s in sessions) == 1
    tablets = [s["id"] for s in sessions if not s["current"]]
    assert owner.delete(f"/api/me/sessions/{tablets[0]}").status_code == 204
    assert tablet.get(f"/api/groups/{group['id']}").status_code == 404
    assert owner.get(f"/api/groups/{group['id']}").status_code == 200


def test_a_password_lets_in_on_a_new_device(server: Server) -> None:
    owner = claim(server)
    assert owner.post("/api/me/password", json={"login": "anna", "password": "kurz"}).status_code == 422
    assert owner.post("/api/me/password", json={"login": "anna", "password": "Karlchen-im-letzten"}).status_code == 204
    new = server.device()
    wrong = new.post("/api/login", json={"login": "anna", "password": "Karlchen"})
    assert wrong.status_code == 422 and wrong.json()["detail"] == "login: the name or the password is wrong"
    right = new.post("/api/login", json={"login": "Anna", "password": "Karlchen-im-letzten"})
    assert right.status_code == 200 and new.get("/api/me").json()["owner"]
    assert new.post("/api/logout").status_code == 204
    assert new.get("/api/me").status_code == 404


# -- viewers, roles --------------------------------------------------------------------------------------


def test_a_viewer_link_reads_the_liste_and_cannot_write(server: Server) -> None:
    owner = claim(server)
    group, sitting = evening(owner)
    link = owner.post(f"/api/groups/{group['id']}/viewer-links").json()
    screen = server.device()
    opened = screen.get(f"/view/{link['token']}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/groups/{group['id']}"
    assert screen.get(f"/sittings/{sitting['id']}").status_code == 200
    assert screen.get(f"/api/sittings/{sitting['id']}/liste").json()["totals"] == {
        "Anna": -2,
        "Ben": 2,
        "Carla": 2,
        "Dirk": -2,
    }
    refused = screen.post(f"/api/sittings/{sitting['id']}/games", json={"entry": BEISPIEL_1, "number": 2})
    assert refused.status_code == 403
    assert screen.post(f"/api/groups/{group['id']}/players", json={"name": "Eve"}).status_code == 403
    assert len(owner.get(f"/api/sittings/{sitting['id']}/games").json()) == 1
    owner.delete(f"/api/groups/{group['id']}/invitations/{link['id']}")
    assert screen.get(f"/sittings/{sitting['id']}").status_code == 404


def test_roles_the_last_admin_stays_and_a_removed_member_sees_nothing(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    ben = join(server, owner, group["id"], "Ben")
    ben_id = ben.get("/api/me").json()["account_id"]
    anna_id = owner.get("/api/me").json()["account_id"]
    last = owner.put(f"/api/groups/{group['id']}/members/{anna_id}", json={"role": "member"})
    assert last.status_code == 422 and "last admin" in last.json()["detail"]
    assert owner.put(f"/api/groups/{group['id']}/members/{ben_id}", json={"role": "admin"}).status_code == 204
    assert ben.post(f"/api/groups/{group['id']}/invitations", json={}).status_code == 201
    assert ben.delete(f"/api/groups/{group['id']}/members/{anna_id}").status_code == 204
    assert owner.get(f"/api/groups/{group['id']}").status_code == 404


# -- nobody else gets anything of a group --------------------------------------------------------------


def _filled(path: str, ids: dict[str, int]) -> str:
    return re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: str(ids.get(m.group(1), 1)), path)


def test_every_route_of_a_group_answers_an_outsider_as_if_it_did_not_exist(server: Server) -> None:
    owner = claim(server)
    group, sitting = evening(owner)
    # a member of another group, a visitor without a session
    other = server.device()
    made = owner.post("/api/groups", json={"name": "Nachbarn", "players": PLAYERS}).json()
    invite = owner.post(f"/api/groups/{made['id']}/invitations", json={}).json()
    assert other.post(f"/api/join/{invite['token']}", json={"name": "Nina"}).status_code == 200
    visitor = server.device()
    ids = {"group_id": group["id"], "sitting_id": sitting["id"], "number": 1, "page": 1, "account_id": 1}
    checked = 0
    routes = [r for m in (groups, sittings, games, stats, members) for r in (*m.api.routes, *m.pages.routes)]
    for route in routes:
        if not isinstance(route, APIRoute) or not re.search(r"\{(group_id|sitting_id)\}", route.path):
            continue
        path = _filled(route.path, ids)
        for method in sorted(route.methods - {"HEAD"}):
            for who in (other, visitor):
                answer = who.request(method, path, json={}, data=None)
                assert answer.status_code == 404, (method, path, answer.status_code, answer.text[:200])
                assert SECRET not in answer.text and "Anna" not in answer.text, (method, path)
                missing = "group" if "{group_id}" in route.path else "sitting"
                wanted = f"{missing} {ids[missing + '_id']}: not found"
                assert wanted in answer.text, (method, path, answer.text[:200])
                checked += 1
    assert checked >= 2 * 40  # every page, API route, export, chart, the live list's events
    for who in (other, visitor):
        assert who.get("/api/export").status_code == 403
        assert who.get("/export.json").status_code == 403
        assert SECRET not in who.get("/").text and SECRET not in who.get("/api/groups").text
        assert who.post("/api/import", json={"format": 1, "groups": []}).status_code == 403


def test_the_live_list_is_for_members_only(server: Server) -> None:
    owner = claim(server)
    _, sitting = evening(owner)
    visitor = server.device()
    answer = visitor.get(f"/sittings/{sitting['id']}/events")
    assert answer.status_code == 404 and "text/event-stream" not in answer.headers.get("content-type", "")


def test_the_online_tables_of_a_group_are_its_members(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    seats = [{"name": "Anna"}, {"bot": "rules"}, {"bot": "rules"}, {"bot": "rules"}]
    visitor = server.device()
    refused = visitor.post("/api/tables", json={"name": "Freitag", "rules": "ddv", "seats": seats, "group": SECRET})
    assert refused.status_code == 403
    made = owner.post(
        "/api/tables", json={"name": "Freitag", "rules": "ddv", "seats": seats, "group": SECRET, "sit": 0}
    )
    assert made.status_code == 201, made.text
    table = made.json()
    assert [t["id"] for t in owner.get("/api/tables").json()] == [table["id"]]
    assert visitor.get("/api/tables").json() == []
    assert visitor.get(f"/api/tables/{table['id']}").status_code == 404
    assert visitor.get(f"/tables/{table['id']}").status_code == 404
    with pytest.raises(WebSocketDisconnect) as closed, visitor.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.receive_text()
    assert closed.value.code == 4404
    # the invite link (seat links as today) still lets a guest in
    guest = visitor.get(f"/tables/{table['id']}?invite={table['invite']}")
    assert guest.status_code == 200
    # a table's games go into its host's group only
    ben = join(server, owner, group["id"], "Ben")
    owner.post("/api/groups", json={"name": "Fremde", "players": PLAYERS})
    foreign = ben.post("/api/tables", json={"name": "X", "rules": "ddv", "seats": seats, "group": "Fremde"})
    assert foreign.status_code == 403 and "none of your groups" in foreign.json()["detail"]


# -- what a confused user or an attacker found (tests/test_members_browser.py's session) -----------------------


def test_a_member_opening_another_invitation_of_the_group_leaves_it_to_whom_it_is_for(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    ben = join(server, owner, group["id"], "Ben")
    carlas = owner.post(f"/api/groups/{group['id']}/invitations", json={"player": "Carla"}).json()
    opened = ben.post(f"/join/{carlas['token']}", data={"name": ""}, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/groups/{group['id']}"
    carla = server.device()
    assert carla.post(f"/join/{carlas['token']}", data={"name": "Carla"}, follow_redirects=False).status_code == 303
    listed = {m["name"]: m["player"] for m in owner.get(f"/api/groups/{group['id']}/members").json()}
    assert listed == {"Anna": "Anna", "Ben": "Ben", "Carla": "Carla"}


def test_the_owner_and_a_member_of_a_players_name_are_not_offered_to_invite(server: Server) -> None:
    owner = claim(server)  # Anna, who creates the group of Anna, Ben, Carla, Dirk
    group, _ = evening(owner)
    join(server, owner, group["id"], "ben")  # an invitation for anyone; the name as the player's, in lower case
    page = owner.get(f"/groups/{group['id']}/members")
    offered = re.findall(r'name="player" value="([^"]*)"', page.text)
    assert offered == ["Carla", "Dirk"]
    # Carla is invited; someone who joins by an invitation for anyone as "Carla" is not the player Carla
    owner.post(f"/api/groups/{group['id']}/invitations", json={"player": "Carla"})
    join(server, owner, group["id"], "Carla")
    players = {m["name"]: m["player"] for m in owner.get(f"/api/groups/{group['id']}/members").json()}
    assert players == {"Anna": "Anna", "ben": "Ben", "Carla": None}


def test_a_members_phone_that_opens_the_viewer_link_stays_logged_in(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    ben = join(server, owner, group["id"], "Ben")
    screen = owner.post(f"/api/groups/{group['id']}/viewer-links").json()
    cookie = ben.cookies.get("doko_session")
    opened = ben.get(f"/view/{screen['token']}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/groups/{group['id']}"
    assert "set-cookie" not in opened.headers and ben.cookies.get("doko_session") == cookie
    assert ben.get("/api/me").json()["name"] == "Ben"
    # a device of someone who is no member of the group is not logged out either: told, and nothing spent
    nina = server.device()
    other = owner.post("/api/groups", json={"name": "Nachbarn", "players": PLAYERS}).json()
    invite = owner.post(f"/api/groups/{other['id']}/invitations", json={}).json()
    nina.post(f"/api/join/{invite['token']}", json={"name": "Nina"})
    refused = nina.get(f"/view/{screen['token']}", follow_redirects=False)
    assert refused.status_code == 403 and "logged in as Nina" in refused.text and SECRET not in refused.text
    assert nina.get("/api/me").json()["name"] == "Nina"
    [link] = [i for i in owner.get(f"/api/groups/{group['id']}/invitations").json() if i["kind"] == "viewer"]
    assert link["uses"] == 0


def test_answers_with_a_token_or_link_are_never_stored(server: Server) -> None:
    token = server.members.setup_token()
    laptop = server.device()
    assert laptop.get(f"/setup/{token}").headers["cache-control"] == "no-store"
    claimed = laptop.post(f"/api/setup/{token}", json={"name": "Anna"})
    assert claimed.headers["cache-control"] == "no-store"
    group, _ = evening(laptop)
    invited = laptop.post(f"/groups/{group['id']}/invitations", data={"player": "Ben"})
    assert invited.status_code == 201 and invited.headers["cache-control"] == "no-store"
    assert 'id="the-link"' in invited.text
    made = laptop.post(f"/api/groups/{group['id']}/invitations", json={})
    assert made.headers["cache-control"] == "no-store"
    assert server.device().get(f"/join/{made.json()['token']}").headers["cache-control"] == "no-store"
    assert laptop.post(f"/api/groups/{group['id']}/viewer-links").headers["cache-control"] == "no-store"
    assert laptop.post("/api/me/device-link").headers["cache-control"] == "no-store"
    assert laptop.post("/me/device-link").headers["cache-control"] == "no-store"


def test_the_language_switch_of_a_page_a_members_form_answered_opens_that_page(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    answered = [
        (owner.post(f"/groups/{group['id']}/invitations", data={"player": "Ben"}), f"/groups/{group['id']}/members"),
        (owner.post(f"/groups/{group['id']}/members/1", data={"remove": "1"}), f"/groups/{group['id']}/members"),
        (owner.post("/me/device-link"), "/me"),
        (owner.post("/me/password", data={"login": "anna", "password": "short"}), "/me"),
    ]
    for page, lands in answered:
        switch = re.search(r'href="(/lang/de\?next=[^"]*)"', page.text)
        assert switch is not None, page.text[:300]
        opened = owner.get(switch.group(1).replace("&amp;", "&"))
        owner.cookies.delete("lang")
        assert opened.status_code == 200 and opened.url.path == lands, (switch.group(1), opened.status_code)
        assert 'lang="de"' in opened.text
    outsider = server.device()
    assert outsider.get(f"/groups/{group['id']}/invitations").status_code == 404


def test_the_join_page_and_the_members_crumbs_read_well(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    made = owner.post(f"/api/groups/{group['id']}/invitations", json={}).json()
    page = server.device().get(f"/join/{made['token']}")
    text = re.sub(r"<[^>]+>", "", page.text)
    assert f"invites you to the Liste of {SECRET}. As a member" in " ".join(text.split())
    crumbs = re.search(r'<nav class="crumbs"[^>]*>(.*?)</nav>', owner.get(f"/groups/{group['id']}/members").text)
    assert crumbs is not None and "›" not in crumbs.group(1)  # the style sheet draws the separators


def _at_once(*uses: Any) -> list[str]:
    """Each of ``uses`` (no arguments) in its own thread, all released together: what each got, sorted ("ok", or
    "refused" for an InvitationError or StoreError)."""
    import threading

    from doppelkopf.storage import StoreError

    barrier = threading.Barrier(len(uses))
    got: list[str] = []

    def one(use: Any) -> None:
        barrier.wait()
        try:
            use()
            got.append("ok")
        except StoreError:
            got.append("refused")

    threads = [threading.Thread(target=one, args=(use,)) for use in uses]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(got)


@pytest.fixture(params=["sqlite", "postgresql"])
def members_at(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Members]:
    """The Members of a new database: an SQLite file, or one on the PostgreSQL server of the tests."""
    from doppelkopf.storage import open_store

    url = f"sqlite:///{tmp_path / 'liste.sqlite'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    store = open_store(url)
    try:
        yield Members(store)
    finally:
        store.close()


def test_a_single_use_link_used_by_several_at_once_admits_one(members_at: Members) -> None:
    """Three laptops claim the server with its setup link at the same moment, three phones press "Join" on one
    single-use invitation: one gets in, the others are told the link is used."""
    members = members_at
    setup = members.setup_token()
    assert setup is not None
    sessions: list[str] = []
    claims = [lambda n=n: sessions.append(members.claim(setup, f"Owner {n}")[1]) for n in range(3)]
    assert _at_once(*claims) == ["ok", "refused", "refused"]
    owner = members.access(sessions[0])
    assert owner.owner and owner.account_id is not None and len(members.accounts(owner)) == 1
    group = members.store.create_group("Donnerstag", PLAYERS)
    members.add_admin(owner.account_id, group.id)
    owner = members.access(sessions[0])
    for turn in range(5):
        _, token = members.invite(owner, group.id)
        joins = [lambda n=n, token=token, turn=turn: members.join(token, f"Gast {turn}.{n}") for n in range(3)]
        assert _at_once(*joins) == ["ok", "refused", "refused"]
    assert len(members.members(owner, group.id)) == 1 + 5


def test_two_admins_making_each_other_members_at_once_leave_one_admin(members_at: Members) -> None:
    members = members_at
    setup = members.setup_token()
    assert setup is not None
    anna, anna_session = members.claim(setup, "Anna")
    for turn in range(5):
        group = members.store.create_group(f"Runde {turn}", PLAYERS)
        members.add_admin(anna.id, group.id)
        _, token = members.invite(members.access(anna_session), group.id, role="admin")
        ben, ben_session = members.join(token, "Ben")
        assert ben is not None and ben_session is not None
        by_anna, by_ben = members.access(anna_session), members.access(ben_session)
        demotions = (
            functools.partial(members.set_role, by_anna, group.id, ben.id, "member"),
            functools.partial(members.set_role, by_ben, group.id, anna.id, "member"),
        )
        assert _at_once(*demotions) == ["ok", "refused"]
        assert [m.role for m in members.members(by_anna, group.id)].count("admin") == 1


def test_a_member_who_opens_a_used_or_revoked_link_of_the_group_again_goes_to_its_page(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    made = owner.post(f"/api/groups/{group['id']}/invitations", json={"player": "Ben"}).json()
    ben = server.device()
    assert ben.post(f"/join/{made['token']}", data={"name": "Ben"}, follow_redirects=False).status_code == 303
    home = f"/groups/{group['id']}"
    again = (
        ben.get(f"/join/{made['token']}", follow_redirects=False),
        ben.post(f"/join/{made['token']}", follow_redirects=False),
    )
    assert [(a.status_code, a.headers.get("location")) for a in again] == [(303, home), (303, home)]
    screen = owner.post(f"/api/groups/{group['id']}/viewer-links").json()
    owner.delete(f"/api/groups/{group['id']}/invitations/{screen['id']}")
    assert ben.get(f"/view/{screen['token']}", follow_redirects=False).headers["location"] == home
    # anyone else: the same "not valid" as for a link that never was
    neighbours = owner.post("/api/groups", json={"name": "Nachbarn", "players": PLAYERS}).json()
    for stranger in (server.device(), join(server, owner, neighbours["id"], "Nina")):
        for path in (f"/join/{made['token']}", f"/view/{screen['token']}"):
            refused = stranger.get(path, follow_redirects=False)
            assert refused.status_code == 404 and SECRET not in refused.text, path


def test_nobody_joins_under_the_name_of_a_member_of_the_group(server: Server) -> None:
    """The history names who entered a game: a newcomer by an invitation for anyone cannot be "Anna" there too."""
    owner = claim(server)
    group, _ = evening(owner)
    made = owner.post(f"/api/groups/{group['id']}/invitations", json={"max_uses": 3}).json()
    phone = server.device()
    for name in ("Anna", " anna ", "ＡＮＮＡ"):
        refused = phone.post(f"/join/{made['token']}", data={"name": name})
        assert refused.status_code == 422 and "is a member of this group already" in refused.text, name
        assert 'action="/join/' in refused.text  # the form again, to choose another name
    assert phone.post(f"/join/{made['token']}", data={"name": "Anne"}, follow_redirects=False).status_code == 303
    names = [m["name"] for m in owner.get(f"/api/groups/{group['id']}/members").json()]
    assert names == ["Anna", "Anne"]


def test_a_viewer_sees_no_write_controls_and_a_logout_forgets_the_device(server: Server) -> None:
    owner = claim(server)
    group, sitting = evening(owner)
    assert 'id="add-game"' in owner.get(f"/sittings/{sitting['id']}").text
    assert 'id="new-sitting"' in owner.get(f"/groups/{group['id']}").text
    link = owner.post(f"/api/groups/{group['id']}/viewer-links").json()
    screen = server.device()
    screen.get(f"/view/{link['token']}")
    assert 'id="add-game"' not in screen.get(f"/sittings/{sitting['id']}").text
    page = screen.get(f"/groups/{group['id']}").text
    assert 'id="new-sitting"' not in page and 'action="/groups/' not in page
    # logging out clears the cookie and what the browser kept offline (its caches and the worker's copies)
    out = owner.post("/logout", follow_redirects=False)
    assert out.status_code == 303 and out.headers["clear-site-data"] == '"cache", "storage"'
    assert owner.get(f"/api/groups/{group['id']}").status_code == 404


def test_the_language_switch_after_a_form_goes_back_to_the_page_of_the_form(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    page = f"http://testserver/groups/{group['id']}"
    refused = owner.post(f"/groups/{group['id']}/players", data={"name": "Anna"}, headers={"referer": page})
    assert refused.status_code == 422
    assert f'href="/lang/de?next=/groups/{group["id"]}"' in refused.text


def test_the_invitation_form_names_its_fields_by_their_labels(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    refused = owner.post(f"/groups/{group['id']}/invitations", data={"uses": "1", "days": "99999"})
    assert refused.status_code == 422
    assert "Valid for days (0: until revoked): &#39;99999&#39; is not a whole number from 0 to 366" in refused.text
    german = owner.post(
        f"/groups/{group['id']}/invitations", data={"uses": "x"}, headers={"accept-language": "de"}
    ).text
    assert "Für wie viele Personen: &#39;x&#39; ist keine ganze Zahl von 0 bis 100" in german


def test_a_member_of_another_group_gets_nothing_of_its_tables(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    seats = [{"name": "Anna"}, {"bot": "rules"}, {"bot": "rules"}, {"bot": "rules"}]
    body = {"name": "Freitag", "rules": "ddv", "seats": seats, "group": SECRET, "sit": 0}
    table = owner.post("/api/tables", json=body).json()
    other = owner.post("/api/groups", json={"name": "Nachbarn", "players": PLAYERS}).json()
    nina = join(server, owner, other["id"], "Nina")
    assert nina.get("/api/tables").json() == []
    assert nina.get(f"/tables/{table['id']}").status_code == 404
    with pytest.raises(WebSocketDisconnect) as closed, nina.websocket_connect(f"/tables/{table['id']}/ws") as ws:
        ws.receive_text()
    assert closed.value.code == 4404


def test_an_invitation_for_a_player_does_not_let_its_holder_take_another_players_name(server: Server) -> None:
    owner = claim(server)
    group, _ = evening(owner)
    for_dirk = owner.post(f"/api/groups/{group['id']}/invitations", json={"player": "Dirk"}).json()
    phone = server.device()
    taken = phone.post(f"/api/join/{for_dirk['token']}", json={"name": "carla"})
    assert taken.status_code == 422
    assert taken.json()["detail"] == "name: 'carla' is another player of this group; this invitation is for Dirk"
    assert phone.post(f"/api/join/{for_dirk['token']}", json={"name": "Dirk K."}).status_code == 200
    assert ("Dirk K.", "Dirk") in [
        (m["name"], m["player"]) for m in owner.get(f"/api/groups/{group['id']}/members").json()
    ]


def test_a_conflict_is_told_in_german_with_who_and_when(server: Server) -> None:
    owner = claim(server)
    group, sitting = evening(owner)
    ben = join(server, owner, group["id"], "Ben")
    game = owner.get(f"/api/sittings/{sitting['id']}/games/1").json()
    changed = {"entry": {**BEISPIEL_1, "augen_re": 160}, "version": game["version"]}
    assert ben.put(f"/api/sittings/{sitting['id']}/games/1", json=changed).status_code == 200
    stale = owner.put(f"/api/sittings/{sitting['id']}/games/1", json=changed, headers={"accept-language": "de"})
    assert stale.status_code == 409
    assert re.fullmatch(
        r"Spiel 1 wurde von Ben um \d\d:\d\d geändert; lade die Liste neu und versuch es noch einmal",
        stale.json()["detail"],
    )


def test_a_viewer_gets_no_entry_form_and_a_logged_out_device_is_told_how_back_in(server: Server) -> None:
    owner = claim(server)
    group, sitting = evening(owner)
    link = owner.post(f"/api/groups/{group['id']}/viewer-links").json()
    screen = server.device()
    screen.get(f"/view/{link['token']}")
    assert screen.get(f"/sittings/{sitting['id']}/games/new").status_code == 403
    page = screen.get(f"/sittings/{sitting['id']}/games/1")
    assert page.status_code == 200 and 'id="delete"' not in page.text and "Correct game 1" not in page.text
    assert 'id="delete"' in owner.get(f"/sittings/{sitting['id']}/games/1").text
    visitor = server.device()
    gone = visitor.get(f"/sittings/{sitting['id']}")
    assert gone.status_code == 404 and 'id="not-logged-in"' in gone.text and 'href="/login"' in gone.text
    assert 'id="not-logged-in"' not in owner.get("/sittings/999").text  # a member is logged in: no such hint
    table = visitor.post(
        "/api/tables", json={"name": "X", "rules": "ddv", "seats": [{"bot": "rules"}] * 4, "group": SECRET}
    )
    assert table.status_code == 403 and "not logged in" in table.json()["detail"]
