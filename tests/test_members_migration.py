"""A database from before members (Alembic revision 0003) is served to no one until its owner claims it; then
nothing of it is lost, its owner administers every group in it and its players are offered as the members."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from doppelkopf.storage import open_store  # noqa: E402
from doppelkopf.storage.db import MIGRATIONS, make_engine  # noqa: E402
from doppelkopf.web import create_app  # noqa: E402
from webapp import TEST_HOSTS  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
# seed 004 (vier-schritte): Anna's Kreuzsolo with 190 Augen: gewonnen, keine 90, keine 60 = 3, times 3 = +9
SOLO_ANNA = {"game": "kreuz", "re": ["Anna"], "augen_re": 190}


def database_from_before(path: Path) -> tuple[str, int, int]:
    """A SQLite database at revision 0003 (before members) with group "Donnerstag", a sitting and one game:
    made by the Store, then brought down to 0003 as a copy of doppelkopf before members would have left it."""
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{path / 'alt.sqlite'}"
    with open_store(url) as store:
        group = store.create_group("Donnerstag", PLAYERS)
        sitting = store.create_sitting(
            group.id, PLAYERS, "vier-schritte", cents_per_point=10, date=datetime.date(2026, 1, 8)
        )
        store.add_game(sitting.id, SOLO_ANNA, number=1, author="Ben")
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0003")
        connection.commit()
        tables = set(connection.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='table'").scalars())
        version = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    engine.dispose()
    assert version == "0003" and "accounts" not in tables and "games" in tables
    return url, group.id, sitting.id


def test_a_database_from_before_is_claimed_and_keeps_everything(tmp_path: Path) -> None:
    url, group_id, sitting_id = database_from_before(tmp_path)
    app = create_app(url, allowed_hosts=TEST_HOSTS)  # migrates to the head
    with TestClient(app, headers={"accept-language": "en"}) as visitor:
        # until it is claimed it is served to no one
        assert visitor.get(f"/api/groups/{group_id}").status_code == 404
        assert visitor.get(f"/api/sittings/{sitting_id}/liste").status_code == 404
        assert visitor.get("/api/groups").json() == []
        start = visitor.get("/")
        assert "Donnerstag" not in start.text and "no owner yet" in start.text
        token = app.state.members.setup_token()
        owner = TestClient(app, headers={"accept-language": "en"})
        assert owner.post(f"/api/setup/{token}", json={"name": "Anna"}).status_code == 200
        # nothing lost: the group, its sitting, its game and who entered it
        assert [g["name"] for g in owner.get("/api/groups").json()] == ["Donnerstag"]
        liste = owner.get(f"/api/sittings/{sitting_id}/liste").json()
        assert liste["totals"] == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}
        assert [v["author"] for v in owner.get(f"/api/sittings/{sitting_id}/history").json()] == ["Ben"]
        # its owner administers the group and is its player Anna; the other players are offered as the members
        # to invite
        [anna] = owner.get(f"/api/groups/{group_id}/members").json()
        assert anna["role"] == "admin" and anna["player"] == "Anna"
        page = owner.get(f"/groups/{group_id}/members")
        assert page.status_code == 200
        assert re.findall(r'name="player" value="([^"]*)"', page.text) == ["Ben", "Carla", "Dirk"]
        made = owner.post(f"/api/groups/{group_id}/invitations", json={"player": "Ben"}).json()
        assert made["player"] == "Ben"
        again = owner.get(f"/groups/{group_id}/members").text
        assert 'name="player" value="Ben"' not in again and 'name="player" value="Carla"' in again
        ben = TestClient(app, headers={"accept-language": "en"})
        assert ben.post(f"/api/join/{made['token']}", json={"name": "Ben"}).status_code == 200
        assert [(m["name"], m["player"]) for m in owner.get(f"/api/groups/{group_id}/members").json()] == [
            ("Anna", "Anna"),
            ("Ben", "Ben"),
        ]
        assert visitor.get(f"/api/groups/{group_id}").status_code == 404
