"""A rule file reaches the program one way, whatever the door (:mod:`doppelkopf.rulefile`): ``doko --rules FILE``,
a rule file uploaded with the new-sitting or the new-table form, the ``rules_toml`` of the JSON API. The case
that was wrong: a rule file with ``name = "ddv"`` and one option changed was stored as "ddv" through the web
(the CLI renamed it after its file). Now the form upload is named after the uploaded file's name (``haus.toml``:
"haus"), the JSON API's text ``ddv (changed)``; an unchanged preset file stays "ddv". Too large (counted in bytes
of UTF-8), not UTF-8, a byte order mark: the same answers at every door.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from doppelkopf.rulefile import RULE_FILE_LIMIT, changed_preset_name, read_rule_file, rules_from_bytes, rules_from_text
from doppelkopf.rules import RuleError, get_preset

WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"
PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
#: ``doko rules show ddv --toml``: the DDV's rules as a file.
DDV_TOML = get_preset("ddv").to_toml()
#: The same file with one option changed (the soloist's factor 3 -> 6).
EDITED_TOML = DDV_TOML.replace("solo_factor = 3", "solo_factor = 6")
#: The edited file as an editor that writes a UTF-8 byte order mark saves it.
EDITED_BOM = b"\xef\xbb\xbf" + EDITED_TOML.encode()


def test_the_edited_file_differs_from_the_preset() -> None:
    assert EDITED_TOML != DDV_TOML and 'name = "ddv"' in EDITED_TOML


# -- the loader itself ------------------------------------------------------------------------------------------


def test_an_edited_preset_is_renamed_after_the_file_or_marked_changed() -> None:
    assert rules_from_text(DDV_TOML, "rules_toml") == get_preset("ddv")
    assert rules_from_text(DDV_TOML, "rules_toml").name == "ddv"
    edited = rules_from_text(EDITED_TOML, "rules_toml")
    assert (edited.name, edited.solo_factor) == ("ddv (changed)", 6)
    assert rules_from_text(EDITED_TOML, "rules_file", "haus.toml").name == "haus"
    assert rules_from_bytes(EDITED_BOM, "rules_file", "haus.toml").name == "haus"
    # a file name that is a preset's, none or no valid name: the preset's name with the suffix
    assert changed_preset_name("ddv", "doppelbock.toml") == "ddv (changed)"
    assert changed_preset_name("ddv", ".toml") == ".toml"  # a dot file's stem is its whole name
    assert changed_preset_name("ddv", "x" * 61 + ".toml") == "ddv (changed)"
    assert changed_preset_name("ddv", "tab\there.toml") == "ddv (changed)"
    # rules of no preset's name keep theirs
    own = 'name = "haus"\nsolo_factor = 6\n'
    assert rules_from_text(own, "rules_toml", "anders.toml").name == "haus"


def test_the_limit_is_in_bytes_and_the_decoder_takes_a_bom(tmp_path: Path) -> None:
    from doppelkopf.storage.service import MAX_RULES_CHARS

    assert MAX_RULES_CHARS == RULE_FILE_LIMIT == 256 * 1024
    wide = "# " + "ä" * (RULE_FILE_LIMIT // 2) + "\n"  # fewer characters than the limit, more bytes
    assert len(wide) < RULE_FILE_LIMIT < len(wide.encode())
    with pytest.raises(RuleError, match=r"^rules_toml: larger than 256 KiB, not a rule file$"):
        rules_from_text(wide, "rules_toml")
    with pytest.raises(RuleError, match=r"^rules_file: larger than 256 KiB, not a rule file$"):
        rules_from_bytes(b"#" * (RULE_FILE_LIMIT + 1), "rules_file", "big.toml")
    with pytest.raises(RuleError, match=r"^rules_file: not UTF-8 text \(byte 5\)$"):
        rules_from_bytes(b"# abc\xff\n", "rules_file", "bad.toml")
    assert rules_from_bytes(b"\xef\xbb\xbf" + DDV_TOML.encode(), "rules_file").name == "ddv"
    path = tmp_path / "haus.toml"
    path.write_bytes(EDITED_BOM)
    assert read_rule_file(path).name == "haus"
    with pytest.raises(RuleError, match=r"rule file is not valid TOML"):
        rules_from_text("name = [1", "rules_toml")


def test_the_store_names_an_edited_preset_text_as_the_api_does(tmp_path: Path) -> None:
    pytest.importorskip("sqlalchemy", reason="needs sqlalchemy")
    from doppelkopf.storage import StoreError, open_store

    with open_store(f"sqlite:///{tmp_path / 'liste.sqlite'}") as store:
        group = store.create_group("Donnerstag", PLAYERS)
        assert store.create_sitting(group.id, PLAYERS, EDITED_TOML).rules_name == "ddv (changed)"
        assert store.create_sitting(group.id, PLAYERS, DDV_TOML).rules_name == "ddv"
        with pytest.raises(StoreError, match=r"^rules_toml: larger than 256 KiB, not a rule file$"):
            store.create_sitting(
                group.id, PLAYERS, "# " + "ä" * (RULE_FILE_LIMIT // 2) + "\n", rules_field="rules_toml"
            )


# -- through the web --------------------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("fastapi", reason=WEB_EXTRA)
    pytest.importorskip("httpx", reason=WEB_EXTRA)
    from fastapi.testclient import TestClient

    from doppelkopf.web.live import TableSettings
    from webapp import open_app

    settings = TableSettings(pace_ms=0, next_game_s=3600, grace_s=3600, poll_s=0.1, allow_seed=True)
    app = open_app(f"sqlite:///{tmp_path / 'liste.sqlite'}", tables=settings)
    with TestClient(app, headers={"accept-language": "en"}) as test_client:
        yield test_client
    app.state.store.close()


def _group(client: Any) -> int:
    """A new group (named after the groups there are: a name is taken once)."""
    response = client.post("/api/groups", json={"name": f"Runde {len(client.get('/api/groups').json()) + 1}"})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def _sitting_by_api(client: Any, toml: str) -> Any:
    url = f"/api/groups/{_group(client)}/sittings"
    return client.post(url, json={"players": PLAYERS, "rules_toml": toml})


def _sitting_by_form(client: Any, name: str, data: bytes) -> Any:
    group_id = _group(client)
    form = {f"seat{i}": player for i, player in enumerate(PLAYERS)}
    response = client.post(
        f"/groups/{group_id}/sittings", data=form, files={"rules_file": (name, data)}, follow_redirects=False
    )
    return response


def _stored_rules_name(client: Any, response: Any) -> str:
    """The rules name of the sitting a form made (its page is where the redirect goes)."""
    assert response.status_code == 303, response.text
    sitting_id = response.headers["location"].rsplit("/", 1)[1]
    name: str = client.get(f"/api/sittings/{sitting_id}").json()["rules_name"]
    return name


def test_the_json_api_does_not_store_an_edited_ddv_as_ddv(client: Any) -> None:
    edited = _sitting_by_api(client, EDITED_TOML)
    assert edited.status_code == 201, edited.text
    assert edited.json()["rules_name"] == "ddv (changed)"
    sitting_id = edited.json()["id"]
    stored = client.get(f"/sittings/{sitting_id}/rules.toml").text
    assert 'name = "ddv (changed)"' in stored and "solo_factor = 6" in stored
    same = _sitting_by_api(client, DDV_TOML)
    assert same.status_code == 201 and same.json()["rules_name"] == "ddv"


def test_the_json_api_takes_rule_text_that_starts_with_a_bom(client: Any) -> None:
    """A rule file saved with a byte order mark is read from a file, an upload and the JSON API alike."""
    edited = _sitting_by_api(client, "\ufeff" + EDITED_TOML)
    assert edited.status_code == 201, edited.text
    assert edited.json()["rules_name"] == "ddv (changed)"
    same = _sitting_by_api(client, "\ufeff" + DDV_TOML)
    assert same.status_code == 201 and same.json()["rules_name"] == "ddv"


def test_the_form_upload_names_an_edited_ddv_after_the_file(client: Any) -> None:
    assert _stored_rules_name(client, _sitting_by_form(client, "haus.toml", EDITED_TOML.encode())) == "haus"
    assert _stored_rules_name(client, _sitting_by_form(client, "haus.toml", EDITED_BOM)) == "haus"  # a BOM
    assert _stored_rules_name(client, _sitting_by_form(client, "ddv.toml", EDITED_TOML.encode())) == "ddv (changed)"
    assert _stored_rules_name(client, _sitting_by_form(client, "haus.toml", DDV_TOML.encode())) == "ddv"


def test_the_form_upload_refuses_too_large_and_not_utf8(client: Any) -> None:
    big = _sitting_by_form(client, "big.toml", b"#" * (RULE_FILE_LIMIT + 1))
    assert big.status_code == 422 and "Rule file</strong>: larger than 256 KiB, not a rule file" in big.text
    bad = _sitting_by_form(client, "bad.toml", b"# abc\xff\n")
    assert bad.status_code == 422 and "Rule file</strong>: not UTF-8 text (byte 5)" in bad.text


def test_the_json_api_counts_the_limit_in_bytes(client: Any) -> None:
    wide = "# " + "ä" * (RULE_FILE_LIMIT // 2) + "\n"  # under the limit in characters, over it in bytes
    response = _sitting_by_api(client, wide)
    assert response.status_code == 422 and "256 KiB" in response.json()["detail"]
    seats = [{"bot": "rules"}] * 4
    table = client.post("/api/tables", json={"name": "T", "seats": seats, "rules_toml": wide})
    assert table.status_code == 422 and "rules_toml: larger than 256 KiB" in table.json()["detail"]


def test_a_table_takes_rule_files_the_same_way(client: Any) -> None:
    seats = [{"bot": "rules"}] * 4
    made = client.post("/api/tables", json={"name": "T", "seats": seats, "rules_toml": EDITED_TOML})
    assert made.status_code == 201, made.text
    table = client.get(f"/api/tables/{made.json()['id']}").json()
    assert table["rules_name"] == "ddv (changed)"
    form = {"name": "Haus", "sit": "", "seed": "1"} | {f"seat{i}_kind": "rules" for i in range(4)}
    page = client.post("/tables", data=form, files={"rules_file": ("haus.toml", EDITED_BOM)}, follow_redirects=False)
    assert page.status_code == 303, page.text
    table_id = page.headers["location"].rsplit("/", 1)[1]
    assert client.get(f"/api/tables/{table_id}").json()["rules_name"] == "haus"
    bad = client.post("/tables", data=form, files={"rules_file": ("bad.toml", b"# abc\xff\n")})
    assert bad.status_code == 422 and "rules_file: not UTF-8 text (byte 5)" in bad.text
