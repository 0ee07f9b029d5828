"""``doko liste``: a group's score sheet through the command line, on SQLite and on PostgreSQL.

The Punkte are worked by hand from the seeds, never copied from the program's output:

* seed 004 ("Die Liste führen", "Abrechnen in Geld"), rules ``vier-schritte`` (the seed's scheme):
  Kreuzsolo Anna, 190 Augen: won 1 + unter 90 1 + unter 60 1 = 3, the soloist 3 x 3 = 9: 9/-3/-3/-3;
  Re Ben & Carla, Re angesagt, 151 Augen, Fuchs gefangen by Re, Doppelkopf by Kontra: 1 + 1 + 2 + 1 - 1 = 4:
  5/1/1/-7; Re Ben & Carla, Re and keine 90, 140 Augen: Kontra wins 1 + Re 2 + keine 90 1 + gegen die Alten
  1 = 5: 10/-4/-4/-2. At 10 ct: Ben zahlt Anna 0,40 €, Carla zahlt Anna 0,40 €, Dirk zahlt Anna 0,20 €.
* seed 002 (``doppelbock``): "Böcke entstehen durch ... Spaltarsch (beide Parteien haben 120 Punkte)":
  Re Ben & Carla with 120 Augen lose (Re needs 121): Kontra 1 + gegen die Alten 1 = 2: 2/-2/-2/2, and a
  Bock round starts: the next four games count double. Re Anna & Dirk, 151 Augen: 1 + unter 90 1 = 2,
  doubled 4: 6/-6/-6/6. Re Ben & Carla, 130 Augen: 1, doubled 2: 4/-4/-4/4; two Bock games still owed.
  Deleting the 120:120 game removes the Bock: 2/-2/-2/2, then 1/-1/-1/1, none owed.

How fast ``doko`` starts is measured in ``bench/bench_liste.py`` (or ``python3 -X importtime -m doppelkopf.cli
--help``), not asserted here: a loaded machine would make such a test flaky. Here: which libraries load.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from doppelkopf.cli import main

#: Re Ben & Carla in a normal game (the Augen follow).
BEN_CARLA = ("--game", "normal", "--re", "Ben", "--re", "Carla")
SEED_004_GAMES = (
    ("--game", "kreuz", "--re", "Anna", "--augen", "190"),
    (*BEN_CARLA, "--augen", "151", "--ansage", "re:re", "--extra", "fuchs_gefangen:re", "--extra", "doppelkopf:kontra"),
    (*BEN_CARLA, "--augen", "140", "--ansage", "re:re", "--ansage", "re:keine_90"),
)
PLAYERS = ("Anna", "Ben", "Carla", "Dirk")


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English texts: a terminal without a locale (LANG=C), no DOKO_LANG."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "DOKO_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``--db`` of a new, empty database: an SQLite file (a plain path) or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "liste.sqlite")
    return str(request.getfixturevalue("pg_url"))


ROOT = Path(__file__).resolve().parent.parent


def doko(db: str, *args: str, input: str | None = None) -> Result:
    """``doko liste --db DB ARGS``, in a wide terminal (a row of the list on one line)."""
    return CliRunner().invoke(main, ["liste", "--db", db, *args], input=input, env={"COLUMNS": "200"})


def ok(db: str, *args: str, input: str | None = None) -> str:
    result = doko(db, *args, input=input)
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def fails(db: str, *args: str) -> str:
    """The one error line of a command that must fail with exit status 2, and nothing else."""
    result = doko(db, *args)
    assert result.exit_code == 2, (args, result.output)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def list_rows(out: str, players: int) -> dict[int, dict[str, Any]]:
    """The rows of ``doko liste show``: number -> version, label, totals (one per player), Bock, dealer,
    who sat out."""
    totals = r"\s+".join([r"(−?\d+)"] * players)  # the minus sign of every number shown (U+2212)
    pattern = re.compile(rf"^\s*(\d+)\s+(\d+)\s+(.+)\s+{totals}(?:\s+×(\d+))?\s+(\S+)(?:\s+(\S.*?))?\s*$")
    rows = {}
    for line in out.splitlines():
        m = pattern.match(line)
        if m:
            groups = m.groups()
            rows[int(groups[0])] = {
                "version": groups[1],
                "label": groups[2].strip(),
                "totals": tuple(int(x.replace("−", "-")) for x in groups[3 : 3 + players]),
                "bock": int(groups[3 + players] or 1),
                "dealer": groups[4 + players],
                "out": groups[5 + players] or "",
            }
    return rows


def version(db: str, sitting: str, number: int, players: int = 4) -> str:
    """The version of game ``number`` as ``doko liste show`` prints it (column v): what a user types."""
    return str(list_rows(ok(db, "show", sitting), players)[number]["version"])


def new_sitting(db: str, rules: str, players: tuple[str, ...] = PLAYERS, sit_out: str = "dealer") -> str:
    ok(db, "new-group", "Donnerstag", *players)
    out = ok(
        db, "new-sitting", "--group", "Donnerstag", "--rules", rules, "--cents", "10", "--sit-out", sit_out, *players
    )
    found = re.match(r"sitting (\d+):", out)
    assert found, out
    return found.group(1)


# -- seed 004 ------------------------------------------------------------------------------------------


def test_seed_004_list_and_settlement(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    entered = [ok(db, "add", sitting, *game).splitlines()[0] for game in SEED_004_GAMES]
    # each change of the sitting raises its version by one: the three games were entered as versions 1, 2, 3
    assert entered == [
        "game 1 entered (version 1): Kreuzsolo Anna +9. Stand: Anna 9, Ben −3, Carla −3, Dirk −3",
        "game 2 entered (version 2): Re Ben & Carla +4. Stand: Anna 5, Ben 1, Carla 1, Dirk −7",
        "game 3 entered (version 3): Re Ben & Carla verliert −5. Stand: Anna 10, Ben −4, Carla −4, Dirk −2",
    ]
    out = ok(db, "show", sitting)
    rows = list_rows(out, 4)
    assert [rows[n]["version"] for n in (1, 2, 3)] == ["1", "2", "3"]
    assert [rows[n]["totals"] for n in (1, 2, 3)] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]
    assert [rows[n]["label"] for n in (1, 2, 3)] == [
        "Kreuzsolo Anna +9 · Pflichtsolo",
        "Re Ben & Carla +4",
        "Re Ben & Carla verliert −5",
    ]
    assert all(row["bock"] == 1 for row in rows.values())
    assert "Bock games owed: none" in out
    assert re.search(r"Next: game 4, \w+ deals", out)
    settle = ok(db, "settle", sitting)
    lines = [line.strip() for line in settle.splitlines()]
    assert lines[-3:] == ["Ben pays Anna €0.40", "Carla pays Anna €0.40", "Dirk pays Anna €0.20"]
    assert re.search(r"Anna\s+10\s+€1.00", settle)
    assert re.search(r"Dirk\s+−2\s+−€0.20", settle)


def test_quick_mode_gives_the_same_list(db: str) -> None:
    # a table that writes only the value: Anna's solo 3 (each of the three pays 3), Ben & Carla 4, Anna & Dirk 5
    sitting = new_sitting(db, "vier-schritte")
    ok(db, "add", sitting, "--quick", "--winner", "Anna", "--punkte", "3", "--game", "kreuz")
    ok(db, "add", sitting, "--winner", "Ben", "--winner", "Carla", "--punkte", "4")
    ok(db, "add", sitting, "--quick", "--winner", "Anna", "--winner", "Dirk", "--punkte", "5")
    rows = list_rows(ok(db, "show", sitting), 4)
    assert [rows[n]["totals"] for n in (1, 2, 3)] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]


def test_entry_file_and_stdin(db: str, tmp_path: Path) -> None:
    sitting = new_sitting(db, "vier-schritte")
    entry = tmp_path / "game.json"
    entry.write_text(json.dumps({"game": "kreuz", "re": ["Anna"], "augen_re": 190}), encoding="utf-8")
    ok(db, "add", sitting, "--entry", str(entry))
    stdin = {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 151, "announcements": {"re": ["re"]}}
    ok(db, "add", sitting, "--entry", "-", input=json.dumps(stdin))
    # 1 + unter 90 1 + Re 2 = 4 (no Sonderpunkte this time): 5/1/1/-7
    assert list_rows(ok(db, "show", sitting), 4)[2]["totals"] == (5, 1, 1, -7)


# -- corrections -----------------------------------------------------------------------------------------


def test_doppelbock_spaltarsch_then_delete(db: str) -> None:
    sitting = new_sitting(db, "doppelbock")
    ok(db, "add", sitting, *BEN_CARLA, "--augen", "120")
    ok(db, "add", sitting, "--game", "normal", "--re", "Anna", "--re", "Dirk", "--augen", "151")
    ok(db, "add", sitting, *BEN_CARLA, "--augen", "130")
    out = ok(db, "show", sitting)
    rows = list_rows(out, 4)
    assert [(rows[n]["totals"], rows[n]["bock"]) for n in (1, 2, 3)] == [
        ((2, -2, -2, 2), 1),
        ((6, -6, -6, 6), 2),
        ((4, -4, -4, 4), 2),
    ]
    assert "Bock games owed: ×2 ×2" in out
    assert "Bock ×2" in out.split("Next:")[1]  # game 4 is the third of the four Bock games

    deleted = ok(db, "delete", sitting, "1", "--version", version(db, sitting, 1))
    assert deleted.splitlines()[0] == "game 1 deleted; 2 games on the list"
    out = ok(db, "show", sitting)
    rows = list_rows(out, 4)
    assert sorted(rows) == [1, 2]
    assert [(rows[n]["totals"], rows[n]["bock"]) for n in (1, 2)] == [((2, -2, -2, 2), 1), ((1, -1, -1, 1), 1)]
    assert "Bock games owed: none" in out
    # the deleted game is kept: its history shows it entered and deleted
    history = ok(db, "history", sitting, "1")
    assert "entered" in history and "deleted" in history and "120" in history


def test_edit_recomputes_the_games_after_it_and_keeps_the_history(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    for game in SEED_004_GAMES:
        ok(db, "add", sitting, *game)
    # the Kreuzsolo had 160 Augen, not 190 (Kontra 80): won 1 + unter 90 1 = 2, the soloist 6: 6/-2/-2/-2,
    # then +4 and -5 as before
    edit = ("edit", sitting, "1", "--version", "1", "--game", "kreuz", "--re", "Anna", "--augen", "160")
    out = ok(db, *edit, "--author", "Ben")
    assert (
        out.splitlines()[0] == "game 1 changed (version 4): Kreuzsolo Anna +6. Stand: Anna 6, Ben −2, Carla −2, Dirk −2"
    )
    rows = list_rows(ok(db, "show", sitting), 4)
    assert [rows[n]["totals"] for n in (1, 2, 3)] == [(6, -2, -2, -2), (2, 2, 2, -6), (7, -3, -3, -1)]
    # the fourth change of the sitting: game 1 is now version 4, the games after it keep theirs
    assert [rows[n]["version"] for n in (1, 2, 3)] == ["4", "2", "3"]
    history = ok(db, "history", sitting, "1")
    assert "190" in history and "160" in history and "changed" in history and "Ben" in history


def test_a_stale_version_is_refused_with_who_changed_it(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    ok(db, "add", sitting, *SEED_004_GAMES[0])
    seen = version(db, sitting, 1)  # both phones showed the list: game 1 at version 1
    assert seen == "1"
    kreuz = ("--game", "kreuz", "--re", "Anna")
    ok(db, "edit", sitting, "1", "--version", seen, *kreuz, "--augen", "160", "--author", "Ben")
    line = fails(db, "edit", sitting, "1", "--version", seen, *kreuz, "--augen", "200")
    assert "game 1 was changed by Ben" in line
    assert "Ben" in fails(db, "delete", sitting, "1", "--version", seen)
    # nothing was written: still Ben's 160 Augen (6 Punkte for Anna)
    assert list_rows(ok(db, "show", sitting), 4)[1]["totals"] == (6, -2, -2, -2)


def test_edit_and_delete_need_the_version_shown(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    ok(db, "add", sitting, *SEED_004_GAMES[0])
    for args in (("edit", sitting, "1", *SEED_004_GAMES[1]), ("delete", sitting, "1")):
        result = doko(db, *args)
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert "--version" in result.stderr and f"doko liste show {sitting}" in result.stderr, result.stderr
    rows = list_rows(ok(db, "show", sitting), 4)
    assert sorted(rows) == [1] and rows[1]["totals"] == (9, -3, -3, -3)


def test_add_with_the_number_seen_refuses_a_game_entered_meanwhile(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    ok(db, "add", sitting, *SEED_004_GAMES[0])
    # two phones show "Next: game 2" (Anna deals again after her Pflichtsolo, TSR 4.2.5); both enter game 2:
    # the first is stored, the second refused
    assert "Next: game 2, Anna deals" in ok(db, "show", sitting)
    first = ok(db, "add", sitting, "--number", "2", *SEED_004_GAMES[1], "--author", "Carla")
    assert first.startswith("game 2 entered (version 2)")
    line = fails(db, "add", sitting, "--number", "2", "--quick", "--winner", "Dirk", "--winner", "Ben", "--punkte", "1")
    assert "game 2 was entered by Carla" in line and "the next game is 3" in line
    rows = list_rows(ok(db, "show", sitting), 4)
    assert sorted(rows) == [1, 2] and rows[2]["totals"] == (5, 1, 1, -7)
    assert "number" in doko(db, "add", sitting, "--number", "0", *SEED_004_GAMES[2]).stderr


# -- five players ------------------------------------------------------------------------------------------


def test_five_players_rotate_who_sits_out(db: str) -> None:
    players = (*PLAYERS, "Eva")
    sitting = new_sitting(db, "vier-schritte", players)
    # the dealer sits out: Anna deals (and sits out) game 1, then Ben, Carla, Dirk, Eva
    for winners in (("Carla", "Dirk"), ("Carla", "Dirk"), ("Anna", "Dirk"), ("Anna", "Eva"), ("Anna", "Ben")):
        ok(db, "add", sitting, "--winner", winners[0], "--winner", winners[1], "--punkte", "1")
    out = ok(db, "show", sitting)
    rows = list_rows(out, 5)
    assert [(rows[n]["dealer"], rows[n]["out"]) for n in range(1, 6)] == [
        ("Anna", "Anna"),
        ("Ben", "Ben"),
        ("Carla", "Carla"),
        ("Dirk", "Dirk"),
        ("Eva", "Eva"),
    ]
    # each game: the two winners +1, the two other players -1, who sits out 0 (by hand, column by column)
    assert [rows[n]["totals"] for n in range(1, 6)] == [
        (0, -1, 1, 1, -1),
        (-1, -1, 2, 2, -2),
        (0, -2, 2, 3, -3),
        (1, -3, 1, 3, -2),
        (2, -2, 0, 2, -2),
    ]
    assert "Next: game 6, Anna deals, sitting out: Anna" in out
    # who sits out cannot be named
    line = fails(db, "add", sitting, "--winner", "Anna", "--winner", "Ben", "--punkte", "1")
    assert "Anna" in line and "winners" in line


def test_five_players_delete_a_game_and_the_later_games_keep_their_dealer(db: str) -> None:
    players = (*PLAYERS, "Eva")
    sitting = new_sitting(db, "vier-schritte", players)
    # Anna, Ben, Carla, Dirk deal games 1..4 and sit out; game 3 (Carla out) names Ben and game 4 (Dirk
    # out) names Ben and Carla, so neither may be dealt by Ben, who dealt game 2
    for winners in (("Carla", "Dirk"), ("Carla", "Dirk"), ("Anna", "Dirk"), ("Anna", "Eva")):
        ok(db, "add", sitting, "--winner", winners[0], "--winner", winners[1], "--punkte", "1")
    deleted = ok(db, "delete", sitting, "2", "--version", version(db, sitting, 2, players=5))
    assert deleted.splitlines() == ["game 2 deleted; 3 games on the list", "Next: game 4, Eva deals, sitting out: Eva"]
    rows = list_rows(ok(db, "show", sitting), 5)
    assert sorted(rows) == [1, 2, 3]
    # the games keep the dealer the table saw: Anna, then Carla and Dirk (Ben's game is gone)
    assert [(rows[n]["dealer"], rows[n]["out"]) for n in (1, 2, 3)] == [
        ("Anna", "Anna"),
        ("Carla", "Carla"),
        ("Dirk", "Dirk"),
    ]
    # by hand: game 1 Carla, Dirk +1, Ben, Eva -1; game 2 (was 3) Anna, Dirk +1, Ben, Eva -1;
    # game 3 (was 4) Anna, Eva +1, Ben, Carla -1
    assert [rows[n]["totals"] for n in (1, 2, 3)] == [(0, -1, 1, 1, -1), (1, -2, 1, 2, -2), (2, -3, 0, 2, -1)]


# -- refused input -----------------------------------------------------------------------------------------


def test_bad_arguments_name_the_field_and_write_nothing(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    line = fails(db, "add", sitting, "--game", "normal", "--re", "Eva", "--re", "Ben", "--augen", "151")
    assert "re[0]" in line and "Eva" in line
    line = fails(db, "add", sitting, *BEN_CARLA, "--augen", "250")
    assert "augen_re: 250 is outside 0..240" in line
    line = fails(db, "add", sitting, *BEN_CARLA, "--augen", "151", "--extra", "schwein:re")
    assert "extras[0]" in line
    assert "No games yet" in ok(db, "show", sitting)
    assert "no group 'Freitag'" in fails(db, "sittings", "--group", "Freitag")
    assert "999" in fails(db, "show", "999")
    assert "game 5" in fails(db, "delete", sitting, "5", "--version", "1")
    # wrong shapes of options are usage errors (exit 2) that name the option
    for args, option in (
        (("add", sitting, "--game", "normal", "--re", "Ben"), "--augen"),
        (("add", sitting, "--quick", "--winner", "Ben", "--augen", "120"), "--augen"),
        (("add", sitting, "--ansage", "rekontra", "--re", "Ben", "--re", "Carla", "--augen", "121"), "--ansage"),
        (("new-sitting", "--group", "Donnerstag", "--sit-out", "nobody", *PLAYERS), "--sit-out"),
        (("new-sitting", "--group", "Donnerstag", "--date", "gestern", *PLAYERS), "--date"),
        (("new-sitting", "--group", "Donnerstag", "--cents", "-1", *PLAYERS), "--cents"),
    ):
        result = doko(db, *args)
        assert result.exit_code == 2 and option in result.output and "Traceback" not in result.output, args


def test_unknown_rules_and_players_count(db: str) -> None:
    ok(db, "new-group", "Donnerstag", *PLAYERS)
    line = fails(db, "new-sitting", "--group", "Donnerstag", "--rules", "skat", *PLAYERS)
    assert "skat" in line
    line = fails(db, "new-sitting", "--group", "Donnerstag", "Anna", "Ben", "Carla")
    assert "players" in line


# -- statistics, charts, import and export -------------------------------------------------------------------


def test_stats_and_charts(db: str, tmp_path: Path) -> None:
    sitting = new_sitting(db, "vier-schritte")
    for game in SEED_004_GAMES:
        ok(db, "add", sitting, *game)
    chart, won = tmp_path / "punkte.svg", tmp_path / "won.png"
    out = ok(db, "stats", "--group", "Donnerstag", "--chart", str(chart), "--won-chart", str(won))
    lines = {line.split("  ")[0].strip(): line for line in out.splitlines()}
    # Anna: the solo won (counted once, as a solo, not again as Re), game 2 lost and game 3 won as Kontra;
    # Dirk Kontra in all three, won game 3
    assert re.search(r"Punkte\s+10\s+−4\s+−4\s+−2\s*$", lines["Punkte"])
    assert re.search(r"Won as Re \(no solo\)\s+0/0\s+1/2\s+1/2\s+0/0\s*$", lines["Won as Re (no solo)"])
    assert re.search(r"Won as Kontra\s+1/2\s+0/1\s+0/1\s+1/3\s*$", lines["Won as Kontra"])
    assert re.search(r"Soli won\s+1/1\s+0/0\s+0/0\s+0/0\s*$", lines["Soli won"])
    assert re.search(r"Money\s+€1.00\s+−€0.40\s+−€0.40\s+−€0.20\s*$", lines["Money"])
    svg = chart.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and all(name in svg for name in PLAYERS)
    assert won.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # an existing chart is replaced only with --force
    result = doko(db, "stats", "--group", "Donnerstag", "--chart", str(chart))
    assert result.exit_code == 2 and "--force" in result.output
    ok(db, "stats", "--group", "Donnerstag", "--chart", str(chart), "--force")
    # a range without sittings, and the sitting chosen by its number
    assert "0 games in 0 sittings" in ok(db, "stats", "--group", "Donnerstag", "--since", "2999-01-01")
    assert "3 games in 1 sitting" in ok(db, "stats", "--group", "Donnerstag", "--sitting", sitting)


def test_export_and_import_round_trip(db: str, tmp_path: Path) -> None:
    sitting = new_sitting(db, "vier-schritte")
    for game in SEED_004_GAMES:
        ok(db, "add", sitting, *game)
    ok(db, "edit", sitting, "3", "--version", "3", *SEED_004_GAMES[2], "--author", "Carla")  # a second version
    csv_file, json_file = tmp_path / "liste.csv", tmp_path / "all.json"
    ok(db, "export", sitting, "--csv", str(csv_file))
    text = csv_file.read_text(encoding="utf-8")
    assert all(name in text.splitlines()[0] for name in PLAYERS)
    assert "10" in text.splitlines()[-1] and "-4" in text.splitlines()[-1]
    ok(db, "export", "--json", str(json_file))
    other = str(tmp_path / "other.sqlite")
    imported = ok(other, "import", str(json_file))
    assert "Donnerstag" in imported
    new_id = re.findall(r"^\s*(\d+)\s", ok(other, "sittings", "--group", "Donnerstag"), re.M)[0]
    rows = list_rows(ok(other, "show", new_id), 4)
    assert [rows[n]["totals"] for n in (1, 2, 3)] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]
    assert "Carla" in ok(other, "history", new_id, "3")  # all versions came along
    assert "--force" in doko(db, "export", "--json", str(json_file)).output


def test_import_records_of_doko_simulate(db: str, tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    runner = CliRunner()
    simulated = runner.invoke(main, ["simulate", "--games", "4", "--seed", "3", "--records", str(records), "--json"])
    assert simulated.exit_code == 0, simulated.output
    totals = json.loads(simulated.stdout[simulated.stdout.index("{") :])["totals"]
    ok(db, "new-group", "Computer", *totals)
    out = ok(db, "import-records", "--group", "Computer", str(records))
    found = re.match(r"sitting (\d+): 4 games", out)
    assert found, out
    rows = list_rows(ok(db, "show", found.group(1)), 4)
    assert rows[4]["totals"] == tuple(totals.values())


def test_a_long_list_shows_its_last_page_unless_all(tmp_path: Path) -> None:
    from doppelkopf.storage import open_store

    db = str(tmp_path / "long.sqlite")
    with open_store(db) as store:
        group = store.create_group("Lang", PLAYERS)
        # 205 games that Anna and Ben win by 1: after game n Anna and Ben have n, Carla and Dirk -n
        entries = [{"winners": ["Anna", "Ben"], "punkte": 1}] * 205
        sitting = str(store.create_sitting_with_games(group.id, PLAYERS, "ohne-neunen", entries).id)
    out = ok(db, "show", sitting)
    rows = list_rows(out, 4)
    assert sorted(rows) == [201, 202, 203, 204, 205]
    assert rows[205]["totals"] == (205, 205, -205, -205)
    assert "The last 5 of 205 games: --all shows them all" in out
    rows = list_rows(ok(db, "show", sitting, "--all"), 4)
    assert sorted(rows) == list(range(1, 206)) and rows[1]["totals"] == (1, 1, -1, -1)
    rows = list_rows(ok(db, "show", sitting, "--page", "2"), 4)
    assert sorted(rows) == list(range(51, 101))


# -- the database option, serve, and start-up time ------------------------------------------------------------


def test_database_urls() -> None:
    from doppelkopf.liste_cli import database_url, shown_url

    assert database_url(None) is None
    assert database_url("sqlite:///x.sqlite") == "sqlite:///x.sqlite"
    assert database_url("liste.sqlite") == "sqlite:///" + str(Path("liste.sqlite").absolute())
    assert (
        shown_url("postgresql+psycopg://doko:geheim@127.0.0.1/doko") == "postgresql+psycopg://doko:***@127.0.0.1/doko"
    )


def test_serve_starts_the_web_app_on_the_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="needs uvicorn (the web extra) to start doko serve")
    import uvicorn

    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.update(app=app, **kwargs))
    db = tmp_path / "serve.sqlite"
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--port", "8765"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert started["host"] == "127.0.0.1" and started["port"] == 8765
    assert "http://127.0.0.1:8765/" in result.output and str(db) in result.output
    assert "--host 0.0.0.0" in result.output  # how the phones of the table reach it
    assert started["ws_max_size"] == 4096 and started["proxy_headers"] is False
    # a server without an owner: the terminal shows the one-time setup link (on this computer's address)
    first = re.search(r"http://127\.0\.0\.1:8765/setup/(\S+)", result.output)
    assert first is not None and "no owner yet" in result.output
    # on every address: the phones are told where to go; a new start makes a new setup link, the old one is spent
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--host", "0.0.0.0", "--port", "8765"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert started["host"] == "0.0.0.0" and ":8765/" in result.output
    second = re.search(r"http://127\.0\.0\.1:8765/setup/(\S+)", result.output)
    assert second is not None and second.group(1) != first.group(1)
    members = started["app"].state.members
    with pytest.raises(ValueError, match="not valid"):
        members.invitation(first.group(1))
    owner, _ = members.claim(second.group(1), "Anna")
    assert owner.owner
    # claimed: no setup link any more; --owner-link prints a device link of the owner; --open says it is open
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--owner-link"])
    assert "/setup/" not in result.output
    device = re.search(r"http://127\.0\.0\.1:8000/join/(\S+)", result.output)
    assert device is not None and started["app"].state.members.invitation(device.group(1)).kind == "device"
    result = CliRunner().invoke(main, ["serve", "--db", str(db), "--host", "0.0.0.0", "--open"])
    assert "/setup/" not in result.output and "trust" in result.output and started["app"].state.open_access


def test_a_missing_optional_library_is_one_line_naming_its_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the web extra were not installed
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "x.sqlite")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert (
        result.stderr.strip()
        == "error: the web extra is not installed (no module uvicorn): pip install 'doppelkopf[web]'"
    )
    # a library of the package itself (pydantic reads the JSON exports): named with what to install
    args = ["liste", "--db", str(tmp_path / "y.sqlite"), "export", "--json", "-"]
    code = f"import sys\nsys.modules['pydantic'] = None\nfrom doppelkopf.cli import main\nmain({args!r})\n"
    blocked = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert blocked.returncode == 2, blocked.stderr
    assert blocked.stderr == "error: pydantic, a library doppelkopf needs, is not installed: pip install pydantic\n"


def test_the_libraries_named_are_those_of_pyproject() -> None:
    from doppelkopf.liste_cli import LIBRARIES, missing_library

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[\[=<>; ]", requirement)[0].lower() for requirement in requirements}

    for module, (requirement, extra) in LIBRARIES.items():
        listed = project["optional-dependencies"][extra] if extra else project["dependencies"]
        assert requirement in names(listed), (module, requirement, extra)
    for extra in ("web", "postgres"):  # every library of an extra the score sheet uses is named
        assert names(project["optional-dependencies"][extra]) <= {r for r, e in LIBRARIES.values() if e == extra}
    assert "pip install 'doppelkopf[postgres]'" in str(missing_library(ModuleNotFoundError(name="psycopg")))
    assert missing_library(ModuleNotFoundError(name="doppelkopf.nothing")) is None  # a bug: not hidden


def test_the_help_names_what_the_core_has() -> None:
    from doppelkopf.entry import EXTRA_TYPES
    from doppelkopf.rules import LEVEL_KEYS, GameType
    from doppelkopf.session import BOCK_TRIGGERS, QUICK_DERIVED_TRIGGERS

    text = " ".join(CliRunner().invoke(main, ["liste", "add", "--help"], env={"COLUMNS": "2000"}).output.split())
    for word in [g.key for g in GameType] + list(LEVEL_KEYS.values()) + list(EXTRA_TYPES):
        assert word in text, word
    for trigger in BOCK_TRIGGERS:
        assert trigger in text, trigger
    assert f"({' and '.join(QUICK_DERIVED_TRIGGERS)} are derived)" in text


def test_settle_reads_the_stored_totals_not_the_whole_list(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from doppelkopf.storage import Store

    sitting = new_sitting(db, "vier-schritte")
    for game in SEED_004_GAMES:
        ok(db, "add", sitting, *game)

    def whole_list(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("settle read the whole list")

    monkeypatch.setattr(Store, "liste", whole_list)
    lines = [line.strip() for line in ok(db, "settle", sitting).splitlines()]
    assert lines[-3:] == ["Ben pays Anna €0.40", "Carla pays Anna €0.40", "Dirk pays Anna €0.20"]
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # at a German table: "zahlt", the euro after the amount
    lines = [line.strip().replace("\xa0", " ") for line in ok(db, "settle", sitting).splitlines()]
    assert lines[-3:] == ["Ben zahlt Anna 0,40 €", "Carla zahlt Anna 0,40 €", "Dirk zahlt Anna 0,20 €"]


def readme_commands() -> list[list[str]]:
    """The commands of README's score-sheet section (the block after "keep the list in the terminal"),
    each as its words, comments dropped and continued lines joined."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("keep the list in the terminal:", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [shlex.split(line, comments=True) for line in block.replace("\\\n", " ").splitlines()]
    return [words for words in lines if words]


def test_the_readme_commands_run_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib", reason="needs matplotlib (the web extra) for doko liste stats --chart")
    monkeypatch.chdir(tmp_path)
    env = {"COLUMNS": "200", "DOKO_DATABASE_URL": "sqlite:///" + str(tmp_path / "liste.sqlite")}
    outputs = []
    for words in readme_commands():
        assert words and words[0] == "doko" and [w for w in words if w.startswith("#")] == [], words
        result = CliRunner().invoke(main, words[1:], env=env)
        assert result.exit_code == 0, (words, result.output, result.exception)
        outputs.append(result.stdout)
    # what the comments say: seed 004's settlement, and the versions edit and delete were given
    assert [line.strip() for line in outputs[6].splitlines()[-3:]] == [
        "Ben pays Anna €0.40",
        "Carla pays Anna €0.40",
        "Dirk pays Anna €0.20",
    ]
    rows = list_rows(outputs[5], 4)
    assert [rows[n]["version"] for n in (1, 2, 3)] == ["1", "2", "3"]
    assert [rows[n]["totals"] for n in (1, 2, 3)] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]


HEAVY = ("sqlalchemy", "alembic", "fastapi", "uvicorn", "matplotlib", "psycopg", "jinja2", "starlette", "pydantic")


def test_cli_import_and_help_load_no_storage_web_or_chart_library() -> None:
    """``import doppelkopf.cli`` and ``doko --help`` / ``doko liste add --help`` load none of the heavy
    libraries (the start-up time itself: bench/bench_liste.py)."""
    code = (
        "import sys, doppelkopf.cli\n"
        "for args in (['--help'], ['liste', '--help'], ['liste', 'add', '--help']):\n"
        "    try:\n"
        "        doppelkopf.cli.main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


# -- what a new user ran into -----------------------------------------------------------------------------


def test_a_narrow_console_shows_seven_players_whole(tmp_path: Path) -> None:
    """Seven players at 80 columns: short headers with a legend, every total whole, the Bock marked."""
    db = str(tmp_path / "liste.sqlite")
    seven = ("Annabella", "Benedikt", "Carla", "Christine", "Dirk", "Eva", "Friedrich")
    sitting = new_sitting(db, "doppelbock", seven)
    # game 1 (Annabella deals; she, Christine and Dirk sit out): Carla & Eva win 3 in a Spaltarsch, which
    # starts Bock games (seed 002); game 2 (Benedikt deals; he, Dirk and Eva sit out) is a Bock game:
    # Annabella & Christine win 2, doubled: +4 each, Carla and Friedrich -4 each
    ok(db, "add", sitting, "--quick", "--winner", "Carla", "--winner", "Eva", "--punkte", "3", "--event", "spaltarsch")
    ok(db, "add", sitting, "--quick", "--winner", "Annabella", "--winner", "Christine", "--punkte", "2")
    result = CliRunner().invoke(main, ["liste", "--db", db, "show", sitting], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    legend = "A=Annabella, B=Benedikt, Ca=Carla, Ch=Christine, D=Dirk, E=Eva, F=Friedrich"
    assert legend in " ".join(out.split())
    rows = list_rows(out, 7)
    assert rows[1]["totals"] == (0, -3, 3, 0, 0, 3, -3)
    assert rows[2]["totals"] == (4, -3, -1, 4, 0, 3, -7) and rows[2]["bock"] == 2
    assert [rows[1]["dealer"], rows[2]["dealer"]] == ["A", "B"]
    assert "→ Bock" in out and out.count("→ Bock") == 1
    # a wide console keeps the whole names in the headers
    wide = ok(db, "show", sitting)
    assert re.search(r"Game\s+Annabella\s+Benedikt\s+Carla\s+Christine\s+Dirk\s+Eva\s+Friedrich\s+Bock", wide)
    assert "A=Annabella" not in wide


def test_json_import_refuses_a_number_out_of_range_in_one_line(db: str, tmp_path: Path) -> None:
    sitting = new_sitting(db, "vier-schritte")
    for game in SEED_004_GAMES:
        ok(db, "add", sitting, *game)
    data = json.loads(ok(db, "export", "--json", "-"))
    data["groups"][0]["name"] = "Kopie"
    data["groups"][0]["sittings"][0]["cents_per_point"] = 10**20
    data["groups"][0]["sittings"][0]["games"][0]["author"] = "Ben\x07"
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = fails(db, "import", str(path))
    assert line.startswith("error: groups[0].sittings[0].cents_per_point: Input should be less than or equal to ")
    data["groups"][0]["sittings"][0]["cents_per_point"] = 10
    path.write_text(json.dumps(data), encoding="utf-8")
    assert fails(db, "import", str(path)) == (
        "error: groups[0].sittings[0].games[0].author: 'Ben\\x07' holds the control character U+0007"
    )
    assert "Kopie" not in ok(db, "groups")


def test_group_names_and_players_a_typo_does_not_create(db: str) -> None:
    ok(db, "new-group", "Stammtisch", *PLAYERS)
    assert fails(db, "new-group", "stammtisch") == "error: name: a group 'Stammtisch' exists already"
    assert fails(db, "new-group", "2") == (
        "error: name: a group name needs a letter ('2' would read as a group number)"
    )
    assert fails(db, "new-sitting", "--group", "Stammtisch", "Anna", "Ben", "Carla", "Frank") == (
        "error: players: Frank is not in group Stammtisch; check the spelling or add --new-players"
    )
    assert "Frank" not in ok(db, "groups")
    out = ok(db, "new-sitting", "--group", "stammtisch", "--new-players", "Anna", "Ben", "Carla", "Frank")
    assert out.startswith("sitting 1: ") and "Frank" in ok(db, "groups")


@pytest.mark.parametrize("memory", ["sqlite://", "sqlite:///", ":memory:", "sqlite:///:memory:"])
def test_an_in_memory_database_is_refused(memory: str) -> None:
    result = CliRunner().invoke(main, ["liste", "--db", memory, "groups"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--db: an in-memory database keeps nothing; give a file" in " ".join(result.output.split())


def test_a_database_with_other_tables_is_not_taken(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "andere.sqlite"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE games2 (x INTEGER)")
    other.close()
    assert fails(str(path), "groups") == (
        "error: database: not a doppelkopf Liste (it has tables games2); choose another file"
    )


def test_output_files_get_the_usual_mode_and_two_charts_two_files(db: str, tmp_path: Path) -> None:
    import os

    sitting = new_sitting(db, "vier-schritte")
    ok(db, "add", sitting, *SEED_004_GAMES[0])
    old = os.umask(0o027)
    try:
        ok(db, "export", sitting, "--csv", str(tmp_path / "liste.csv"))
        ok(db, "export", "--json", str(tmp_path / "alles.json"))
        ok(db, "stats", "--group", "Donnerstag", "--chart", str(tmp_path / "punkte.svg"))
    finally:
        os.umask(old)
    for name in ("liste.csv", "alles.json", "punkte.svg"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o640, name  # 0o666 less the umask 0o027
    chart = str(tmp_path / "c.svg")
    result = doko(db, "stats", "--group", "Donnerstag", "--chart", chart, "--won-chart", chart)
    assert result.exit_code == 2 and "--won-chart" in result.output and not Path(chart).exists()


def test_an_empty_game_is_refused(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    result = doko(db, "add", sitting, "--game", "", "--re", "Ben", "--re", "Carla", "--augen", "151")
    assert result.exit_code == 2 and "--game" in result.output and "empty" in result.output
    assert "No games yet" in ok(db, "show", sitting)


def test_settle_speaks_english_with_the_transfers_in_english(db: str) -> None:
    sitting = new_sitting(db, "vier-schritte")
    for game in SEED_004_GAMES:
        ok(db, "add", sitting, *game)
    lines = [line.strip() for line in ok(db, "settle", sitting).splitlines()]
    assert lines[0] == "Settlement of sitting 1 (10 ct per Punkt)"
    assert re.fullmatch(r"Player\s+Stand\s+Money", lines[1])
    assert lines[-3:] == ["Ben pays Anna €0.40", "Carla pays Anna €0.40", "Dirk pays Anna €0.20"]
