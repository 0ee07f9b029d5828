"""The score sheet's storage, on SQLite and on PostgreSQL: what a player checks on the Liste.

Every expected Punkt is worked out by hand from the seeds (004: "Das Schema in vier Schritten", "Die
Liste führen", "Abrechnen in Geld"; 002: Bock and Doppelbock) in the comments, never copied from the
program's output. PostgreSQL runs through the ``pg_url`` fixture (tests/conftest.py): a fresh database
per test, skipped with a reason where no server is configured.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from doppelkopf import record
from doppelkopf.cli import main
from doppelkopf.liste import ListeError
from doppelkopf.rules import DDV, get_preset
from doppelkopf.sheet import format_euro
from doppelkopf.storage import (
    Conflict,
    NotFound,
    Store,
    StoreError,
    StoreUnavailable,
    UnknownPlayer,
    default_url,
    make_engine,
    normalize_url,
    open_store,
)
from doppelkopf.storage.service import in_memory

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]

# Seed 004, "Die Liste führen": the three games of the list.
# 1. Beispiel 3: Anna's Kreuzsolo with 190 Augen: gewonnen, Gegner unter 90, unter 60 = 3 Punkte,
#    each of the three pays 3: Anna +9, the others -3.
KREUZSOLO_ANNA = {"game": "kreuz", "re": ["Anna"], "augen_re": 190}
# 2. Beispiel 1: Ben and Carla are Re, say "Re", take 151 Augen; Ben catches the Fuchs, Kontra makes a
#    Doppelkopf: gewonnen 1 + unter 90 1 + Re angesagt 2 + Sonderpunkt Re 1 - Sonderpunkt Kontra 1 = +4.
RE_BEN_CARLA_WINS = {
    "game": "normal",
    "re": ["Ben", "Carla"],
    "augen_re": 151,
    "announcements": {"re": ["re"]},
    "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
}
# 3. Beispiel 2: Re says "Re" and "keine 90", takes only 140 Augen: Kontra wins with 100 Augen:
#    gewonnen 1 + Re angesagt 2 + keine 90 abgesagt 1 + gegen die Alten 1 = 5 for Anna and Dirk.
RE_BEN_CARLA_LOSES = {
    "game": "normal",
    "re": ["Ben", "Carla"],
    "augen_re": 140,
    "announcements": {"re": ["re", "keine_90"]},
}
SEED_004 = [KREUZSOLO_ANNA, RE_BEN_CARLA_WINS, RE_BEN_CARLA_LOSES]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: an SQLite file, or a fresh PostgreSQL database (``pg_url``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'liste.sqlite'}"
    pg: str = request.getfixturevalue("pg_url")
    return pg


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    with open_store(url) as opened:
        yield opened


def seed_004_sitting(store: Store, rules: str = "vier-schritte", cents: int = 10) -> int:
    """A sitting of Anna, Ben, Carla, Dirk under seed 004's scheme with its three games; its id."""
    group = store.create_group("Donnerstag", PLAYERS)
    sitting = store.create_sitting(group.id, PLAYERS, rules, cents_per_point=cents, date=datetime.date(2026, 1, 8))
    for number, entry in enumerate(SEED_004, 1):
        store.add_game(sitting.id, entry, number=number, author="Ben")
    return sitting.id


# -- the Liste of seed 004 ---------------------------------------------------------------------------


def test_seed_004_list_totals_and_settlement(store: Store) -> None:
    sitting_id = seed_004_sitting(store)
    liste = store.liste(sitting_id)
    # "Die Liste führen": the running totals after each game, zero-sum after every row
    assert [row.totals for row in liste.rows] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]
    assert [row.points for row in liste.rows] == [(9, -3, -3, -3), (-4, 4, 4, -4), (5, -5, -5, 5)]
    assert all(sum(row.totals) == 0 for row in liste.rows)
    assert [row.label for row in liste.rows] == [
        "Kreuzsolo Anna +9",
        "Re Ben & Carla +4",
        "Re Ben & Carla verliert −5",
    ]
    # "Abrechnen in Geld" at 10 cents per Punkt
    transfers = [f"{t.payer} zahlt {t.payee} {format_euro(t.cents)}" for t in liste.settlement(10)]
    assert transfers == ["Ben zahlt Anna 0,40 €", "Carla zahlt Anna 0,40 €", "Dirk zahlt Anna 0,20 €"]
    # the stored rows (a page) say the same, the totals too, without scoring again
    page = store.liste_page(sitting_id)
    assert [row.totals for row in page.rows] == [row.totals for row in liste.rows]
    assert page.totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}
    assert page.games == 3 and page.pages == 1 and page.sitting.version == 3
    # Anna deals first; her Kreuzsolo is her Pflichtsolo (the rule: a solo is the Pflichtsolo while its player has
    # none in this round), so she deals again (TSR 4.2.5); then the deal goes on: Ben, and Carla deals the fourth
    assert [row.dealer for row in page.rows] == ["Anna", "Anna", "Ben"]
    assert [row.pflichtsolo for row in page.rows] == [True, False, False]
    assert page.next.number == 4 and page.next.dealer == "Carla"
    # a page alone settles the evening: "Wer +10 hat, bekommt 10 Punkte" at 10 ct: Anna 1,00 €, Ben pays 0,40 €
    assert page.money() == {"Anna": 100, "Ben": -40, "Carla": -40, "Dirk": -20}
    assert [f"{t.payer} zahlt {t.payee} {format_euro(t.cents)}" for t in page.settlement()] == transfers
    assert page.money(5)["Anna"] == 50
    # each game was stored with its dealer (the entry says who dealt, as the Liste had it)
    assert [store.game(sitting_id, n).entry["dealer"] for n in (1, 2, 3)] == ["Anna", "Anna", "Ben"]
    assert store.version(sitting_id) == 3
    # and a full recomputation from the stored entries agrees with the stored rows
    assert store.liste(sitting_id, recompute=True).rows == liste.rows


def test_doppelbock_spaltarsch_starts_four_bock_games_and_deleting_it_removes_them(store: Store) -> None:
    group = store.create_group("Bockrunde", PLAYERS)
    sitting = store.create_sitting(group.id, PLAYERS, "doppelbock")
    # Seed 002: "Böcke entstehen durch ... Spaltarsch (beide Parteien haben 120 Punkte)". Re (Anna, Ben)
    # with 120 Augen has not won (Re needs 121): Kontra wins 1 + gegen die Alten 1 = 2 Punkte.
    spaltarsch = store.add_game(sitting.id, {"game": "normal", "re": ["Anna", "Ben"], "augen_re": 120}, number=1)
    assert spaltarsch.row is not None
    assert spaltarsch.row.points == (-2, -2, 2, 2) and spaltarsch.row.multiplier == 1
    assert spaltarsch.row.triggers == ("spaltarsch",)
    # a Bock lasts a round: four games at a table of four, each doubled
    assert store.liste_page(sitting.id).bock_queue == (2, 2, 2, 2)
    # Re (Ben, Carla) 151 Augen, nothing said: gewonnen 1 + Kontra unter 90 1 = 2, doubled by the Bock = 4
    doubled = store.add_game(sitting.id, {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 151}, number=2)
    assert doubled.row is not None
    assert doubled.row.multiplier == 2 and doubled.row.points == (-4, 4, 4, -4)
    assert doubled.row.totals == (-6, 2, 6, -2)
    assert store.liste_page(sitting.id).bock_queue == (2, 2, 2)
    # deleting the 120:120 game takes its Bock from every later row: the second game is game 1, single
    store.delete_game(sitting.id, 1, version=spaltarsch.version, author="Carla")
    page = store.liste_page(sitting.id)
    assert [(row.number, row.multiplier, row.points) for row in page.rows] == [(1, 1, (-2, 2, 2, -2))]
    assert page.bock_queue == ()
    assert page.totals == {"Anna": -2, "Ben": 2, "Carla": 2, "Dirk": -2}
    assert store.liste(sitting.id, recompute=True).rows == page.rows


def test_edit_of_a_past_game_recomputes_the_totals_after_it(store: Store) -> None:
    sitting_id = seed_004_sitting(store)
    first = store.game(sitting_id, 1)
    # Anna's Kreuzsolo with only 100 Augen: Kontra has 140 and wins: gewonnen 1 (no unter 90, no gegen die
    # Alten in a solo) = 1, Anna pays each of the three 1: -3, the others +1.
    lost = {"game": "kreuz", "re": ["Anna"], "augen_re": 100}
    edited = store.edit_game(sitting_id, 1, lost, version=first.version, author="Carla")
    assert edited.revision == 2 and edited.author == "Carla"
    rows = store.liste_page(sitting_id).rows
    # games 2 and 3 keep their Punkte, the totals move by -12 for Anna and +4 for the others
    assert [row.totals for row in rows] == [(-3, 1, 1, 1), (-7, 5, 5, -3), (-2, 0, 0, 2)]
    assert store.liste(sitting_id, recompute=True).rows == rows
    assert store.sitting(sitting_id).version == 4


# -- two writers -----------------------------------------------------------------------------------


def test_two_writers_a_stale_game_number_is_a_conflict(url: str) -> None:
    with open_store(url) as ben_phone, open_store(url) as carla_phone:
        sitting_id = seed_004_sitting(ben_phone)
        # both phones show three games; Ben enters game 4 first
        seen = carla_phone.liste_page(sitting_id).games
        assert seen == 3
        ben_phone.add_game(sitting_id, KREUZSOLO_ANNA, number=4, author="Ben")
        with pytest.raises(Conflict, match=r"^game 4 was entered by Ben at \S+; the next game is 5"):
            carla_phone.add_game(sitting_id, RE_BEN_CARLA_WINS, number=seen + 1, author="Carla")
        # nothing of Carla's was written
        assert carla_phone.sitting(sitting_id).games == 4
        assert [v.author for v in carla_phone.history(sitting_id)] == ["Ben"] * 4


def test_two_writers_a_stale_game_version_is_a_conflict(url: str) -> None:
    with open_store(url) as ben_phone, open_store(url) as carla_phone:
        sitting_id = seed_004_sitting(ben_phone)
        seen = carla_phone.game(sitting_id, 2).version
        ben_phone.edit_game(sitting_id, 2, RE_BEN_CARLA_LOSES, version=seen, author="Ben")
        with pytest.raises(Conflict, match=r"^game 2 was changed by Ben at "):
            carla_phone.edit_game(sitting_id, 2, KREUZSOLO_ANNA, version=seen, author="Carla")
        with pytest.raises(Conflict, match=r"^game 2 was changed by Ben"):
            carla_phone.delete_game(sitting_id, 2, version=seen, author="Carla")
        # Carla loads the list again, then Ben deletes game 1: the games after it move up, and what Carla
        # sees as game 2 is now game 1; her correction of "game 2" must not hit the game that moved there
        versions = carla_phone.liste_page(sitting_id).versions
        ben_phone.delete_game(sitting_id, 1, version=ben_phone.game(sitting_id, 1).version, author="Ben")
        with pytest.raises(Conflict, match=r"^game 2: the list changed, game 1 was deleted by Ben at "):
            carla_phone.edit_game(sitting_id, 2, KREUZSOLO_ANNA, version=versions[1], author="Carla")
        with pytest.raises(NotFound, match=r"^game 3: sitting \d+ has 2 games"):
            carla_phone.delete_game(sitting_id, 3, version=versions[2], author="Carla")
        assert [row.label for row in carla_phone.liste(sitting_id).rows] == [
            "Re Ben & Carla verliert −5",
            "Re Ben & Carla verliert −5",
        ]


def test_two_writers_at_the_same_moment_exactly_one_wins(url: str) -> None:
    with open_store(url) as first, open_store(url) as second:
        sitting_id = seed_004_sitting(first)
        start = threading.Barrier(2)
        outcome: dict[str, str] = {}

        def enter(store: Store, author: str) -> None:
            start.wait()
            try:
                store.add_game(sitting_id, KREUZSOLO_ANNA, number=4, author=author)
                outcome[author] = "ok"
            except Conflict as exc:
                outcome[author] = str(exc)

        threads = [threading.Thread(target=enter, args=(s, a)) for s, a in ((first, "Ben"), (second, "Carla"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sorted(outcome.values())[1] == "ok"
        loser = next(a for a, o in outcome.items() if o != "ok")
        winner = next(a for a, o in outcome.items() if o == "ok")
        assert outcome[loser].startswith(f"game 4 was entered by {winner} at ")
        assert first.sitting(sitting_id).games == 4 and first.sitting(sitting_id).version == 4


# -- the audit trail, and nothing half-written -------------------------------------------------


def test_audit_trail_keeps_every_version(store: Store) -> None:
    sitting_id = seed_004_sitting(store)
    game = store.game(sitting_id, 3)
    lost_more = {**RE_BEN_CARLA_LOSES, "augen_re": 100}
    edited = store.edit_game(sitting_id, 3, lost_more, version=game.version, author="Dirk")
    store.delete_game(sitting_id, 3, version=edited.version, author="Anna")
    history = store.history(sitting_id, 3)
    assert [(v.action, v.revision, v.author, v.deleted) for v in history] == [
        ("add", 1, "Ben", False),
        ("edit", 2, "Dirk", False),
        ("delete", 3, "Anna", True),
    ]
    # game 3 was dealt by Ben (Anna deals the first game and, after her Pflichtsolo, the second): the store wrote
    # him into the entry, and the correction, which names no dealer, keeps him
    assert history[0].entry == {**RE_BEN_CARLA_LOSES, "dealer": "Ben"}
    assert history[1].entry == history[2].entry == {**lost_more, "dealer": "Ben"}  # the delete: what was deleted
    assert [v.version for v in history] == [3, 4, 5]
    # the deleted game is gone from the list, but not from the store
    assert store.sitting(sitting_id).games == 2
    games = store.games(sitting_id, deleted=True)
    assert [(g.number, g.deleted) for g in games] == [(1, False), (2, False), (3, True)]
    assert games[2].row is None and games[2].entry == {**lost_more, "dealer": "Ben"}
    assert len(store.history(sitting_id)) == 5
    with pytest.raises(NotFound):
        store.history(sitting_id, 9)


def test_a_bad_entry_writes_nothing(store: Store) -> None:
    sitting_id = seed_004_sitting(store)
    before = store.sitting(sitting_id)
    with pytest.raises(ListeError, match=r"^game 4: augen_re: 250 is outside 0..240"):
        store.add_game(sitting_id, {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 250}, number=4)
    with pytest.raises(ListeError, match=r"^game 4: re\[0\]: 'Eva' "):
        store.add_game(sitting_id, {"game": "normal", "re": ["Eva", "Carla"], "augen_re": 150}, number=4)
    with pytest.raises(ListeError, match=r"^game 2: augen_re"):
        store.edit_game(sitting_id, 2, {**RE_BEN_CARLA_WINS, "augen_re": -1}, version=2)
    with pytest.raises(StoreError, match=r"^entry: expected an object"):
        store.add_game(sitting_id, ["not", "an", "entry"], number=4)  # type: ignore[arg-type]
    with pytest.raises(NotFound, match=r"^game 7: sitting \d+ has 3 games"):
        store.edit_game(sitting_id, 7, KREUZSOLO_ANNA, version=1)
    after = store.sitting(sitting_id)
    assert after.version == before.version == 3 and after.games == 3
    assert len(store.history(sitting_id)) == 3
    assert [row.totals for row in store.liste(sitting_id).rows][-1] == (10, -4, -4, -2)


def test_a_failure_in_the_middle_of_a_write_writes_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    sitting_id = seed_004_sitting(store)

    def crash(*args: Any) -> None:
        raise RuntimeError("the power went out")

    # the audit row is the last thing a write adds: everything before it is rolled back
    monkeypatch.setattr(Store, "_audit", crash)
    with pytest.raises(RuntimeError):
        store.add_game(sitting_id, KREUZSOLO_ANNA, number=4)
    with pytest.raises(RuntimeError):
        store.delete_game(sitting_id, 1, version=1)
    with pytest.raises(RuntimeError):
        store.edit_game(sitting_id, 1, RE_BEN_CARLA_WINS, version=1)
    monkeypatch.undo()
    after = store.sitting(sitting_id)
    assert (after.version, after.games) == (3, 3)
    assert [row.totals for row in store.liste(sitting_id).rows] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]
    assert len(store.history(sitting_id)) == 3


KILLED_WRITER = """
import sys
from doppelkopf.storage import open_store
store = open_store(sys.argv[1])
sitting = int(sys.argv[2])
number = store.sitting(sitting).games
while True:
    number += 1
    store.add_game(sitting, {"winners": ["Ben", "Carla"], "punkte": 1}, number=number, author="killed")
    print(number, flush=True)
"""


def test_killing_a_writer_loses_nothing_it_confirmed(store: Store, url: str) -> None:
    import os
    import signal
    import subprocess
    import sys

    group = store.create_group("Abbruch", PLAYERS)
    sitting_id = store.create_sitting(group.id, PLAYERS, "doppelbock").id  # no Pflichtsolo: no forced games
    env = {**os.environ, "DOPPELKOPF_PURE": os.environ.get("DOPPELKOPF_PURE", "")}
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, url, str(sitting_id)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert writer.stdout is not None
    confirmed = 0
    for line in writer.stdout:
        confirmed = int(line)
        if confirmed >= 12:
            break
    writer.send_signal(signal.SIGKILL)
    writer.wait(30)
    info = store.sitting(sitting_id)
    assert info.games >= confirmed >= 12  # the game it was writing when killed may be there too
    liste = store.liste(sitting_id)
    # every game the writer confirmed is there, with the list consistent: stored rows = a new computation
    assert liste.rows == store.liste(sitting_id, recompute=True).rows
    assert [v.number for v in store.history(sitting_id)] == list(range(1, info.games + 1))
    # each quick game: Ben and Carla win 1 from Anna and Dirk
    n = info.games
    assert liste.totals == {"Anna": -n, "Ben": n, "Carla": n, "Dirk": -n}


def test_sitting_checks_its_fields(store: Store) -> None:
    group = store.create_group("Checks", PLAYERS)
    with pytest.raises(StoreError, match=r"^players: a sitting has 4 to 7 players, got 3"):
        store.create_sitting(group.id, PLAYERS[:3])
    with pytest.raises(StoreError, match=r"^players\[4\]: 'anna' is the same player as players\[0\]"):
        store.create_sitting(group.id, [*PLAYERS, "anna"])
    with pytest.raises(StoreError, match=r"^rules: unknown rule set 'skat'"):
        store.create_sitting(group.id, PLAYERS, "skat")
    # a rule file that is no TOML, or one the core refuses: the field is named (the caller's name when given)
    with pytest.raises(StoreError, match=r"^rules: rule file is not valid TOML"):
        store.create_sitting(group.id, PLAYERS, 'name = "haus"\nsolo_factor = = 3\n')
    with pytest.raises(StoreError, match=r"^rules_toml: solo_factor: "):
        store.create_sitting(group.id, PLAYERS, 'name = "haus"\nsolo_factor = 0\n', rules_field="rules_toml")
    with pytest.raises(StoreError, match=r"^cents_per_point"):
        store.create_sitting(group.id, PLAYERS, cents_per_point=0)
    with pytest.raises(StoreError, match=r"^sit_out"):
        store.create_sitting(group.id, PLAYERS, sit_out="nobody")
    with pytest.raises(StoreError, match=r"^name: a group 'Checks' exists already"):
        store.create_group("Checks")
    with pytest.raises(NotFound, match=r"^group 999: not found"):
        store.create_sitting(999, PLAYERS)
    assert store.sittings(group.id) == []


def test_a_name_taken_at_the_same_moment_is_a_one_line_error(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two clients create the same group or player at once: the check before the insert saw nothing (here:
    made to see nothing), the database's unique index refuses the second insert. The caller gets the store's
    one-line error naming the field, not the database's "duplicate key"."""
    group = store.create_group("Gleichzeitig", PLAYERS)
    monkeypatch.setattr("doppelkopf.storage.service.group_named", lambda session, name, lock=True: None)
    with pytest.raises(StoreError, match=r"^name: a group 'Gleichzeitig' exists already$"):
        store.create_group("Gleichzeitig", ["Eva"])
    missed: list[str] = []
    real_known = Store._known_player

    def known_once_missed(session: Any, group_id: int, name: str) -> Any:
        if name not in missed:  # the first look misses the player the other client just added
            missed.append(name)
            return None
        return real_known(session, group_id, name)

    monkeypatch.setattr(Store, "_known_player", staticmethod(known_once_missed))
    with pytest.raises(StoreError, match=r"^name: 'anna' is the same player as 'Anna' of group 'Gleichzeitig'$"):
        store.add_player(group.id, "anna")
    # a new sitting whose players another client has just added: they are those players, none twice
    monkeypatch.undo()
    monkeypatch.setattr(Store, "_group_players", staticmethod(lambda session, group_id: {}))
    sitting = store.create_sitting(group.id, ["ben", "Anna", "Carla", "Dirk"])
    assert sitting.players == ("Ben", "Anna", "Carla", "Dirk")
    monkeypatch.undo()
    assert [g.name for g in store.groups()] == ["Gleichzeitig"]
    assert store.group(group.id).players == tuple(PLAYERS)


def test_a_database_that_cannot_be_reached_is_unavailable(tmp_path: Path) -> None:
    # nothing listens on port 1: the connection is refused
    url = "postgresql+psycopg://doko:doko@127.0.0.1:1/liste"
    with pytest.raises(StoreUnavailable, match=r"^database: "):
        open_store(url)
    with Store(make_engine(url)) as store, pytest.raises(StoreUnavailable, match=r"^database: "):
        store.groups()
    # an SQLite "file" that is a folder cannot be opened
    with pytest.raises(StoreUnavailable, match=r"^database: "):
        open_store(f"sqlite:///{tmp_path}")
    assert issubclass(StoreUnavailable, StoreError)


def test_sqlite_readers_do_not_block_a_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from doppelkopf.storage import db as service

    monkeypatch.setattr(service, "SQLITE_TIMEOUT", 2)  # a blocked writer would give up after 2 s
    path = tmp_path / "liste.sqlite"
    with open_store(f"sqlite:///{path}") as store:
        sitting_id = seed_004_sitting(store)
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            connection.rollback()
        # a phone in the middle of reading the list: its read transaction stays open
        phone = sqlite3.connect(path, isolation_level=None)
        try:
            phone.execute("BEGIN")
            assert phone.execute("SELECT count(*) FROM games").fetchone() == (3,)
            store.add_game(sitting_id, KREUZSOLO_ANNA, number=4, author="Ben")  # not blocked by the reader
            assert phone.execute("SELECT count(*) FROM games").fetchone() == (3,)  # its own snapshot
            phone.execute("COMMIT")
            assert phone.execute("SELECT count(*) FROM games").fetchone() == (4,)
        finally:
            phone.close()


def test_version_and_sittings_are_cheap(store: Store) -> None:
    from sqlalchemy import event

    group = store.create_group("Abende", PLAYERS)
    first = store.create_sitting(group.id, PLAYERS, "ddv", date=datetime.date(2026, 1, 8))
    assert store.version(first.id) == 0
    store.add_game(first.id, {"winners": ["Ben", "Carla"], "punkte": 1}, number=1)
    assert store.version(first.id) == 1 == store.sitting(first.id).version
    with pytest.raises(NotFound, match=r"^sitting 999: not found"):
        store.version(999)

    statements: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        one = store.sittings(group.id)
        queries_for_one = len(statements)
        for day in range(9, 14):
            store.create_sitting(group.id, PLAYERS[::-1], "ddv", date=datetime.date(2026, 1, day))
        statements.clear()
        six = store.sittings(group.id)
        assert len(statements) == queries_for_one <= 4  # the same few queries for one sitting and for six
        # listing sittings reads neither the rules' text nor the JSON of the Liste's state and statistics
        assert not any(column in sql for sql in statements for column in ("rules_toml", "tally", "state"))
        statements.clear()
        assert store.version(first.id) == 1
        assert len(statements) == 1
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert [(s.id, s.games, s.players) for s in one] == [(first.id, 1, tuple(PLAYERS))]
    assert [s.games for s in six] == [1, 0, 0, 0, 0, 0] and six[-1].players == tuple(PLAYERS[::-1])


# -- rules, players, sit-out ------------------------------------------------------------------------


def test_rules_are_stored_as_toml_with_the_sitting(store: Store) -> None:
    house = DDV.replace(name="haus", pflichtsolo=False, bock_triggers=("spaltarsch",))
    group = store.create_group("Haus", PLAYERS)
    sitting = store.create_sitting(group.id, PLAYERS, house)
    assert sitting.rules_name == "haus"
    assert store.rules(sitting.id) == house
    # a rule file's text is stored complete: every option written out, not only the file's
    from_file = store.create_sitting(group.id, PLAYERS, 'name = "kurz"\nbock_triggers = ["lost_solo"]\n')
    text = store.rules_text(from_file.id)
    assert "solo_factor = 3" in text and store.rules(from_file.id) == DDV.replace(
        name="kurz", bock_triggers=("lost_solo",)
    )
    # a new player of a sitting joins the group; "anna" is Anna
    five = store.create_sitting(group.id, ["anna", "Ben", "Carla", "Dirk", "Eva"])
    assert five.players == ("Anna", "Ben", "Carla", "Dirk", "Eva")
    assert store.group(group.id).players == ("Anna", "Ben", "Carla", "Dirk", "Eva")


def test_five_players_the_dealer_sits_out_in_turn(store: Store) -> None:
    group = store.create_group("Fünf", [*PLAYERS, "Eva"])
    sitting = store.create_sitting(group.id, group.players, "ddv")
    # quick entries: two winners of a normal game with 1 Punkt each; the dealer sits out with 0
    dealers = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
    for number, dealer in enumerate(dealers, 1):
        active = [p for p in group.players if p != dealer]
        store.add_game(sitting.id, {"winners": active[:2], "punkte": 1}, number=number)
    rows = store.liste_page(sitting.id).rows
    assert [row.sitting_out for row in rows] == [(d,) for d in dealers]
    assert all(row.points[group.players.index(row.dealer)] == 0 for row in rows)
    with pytest.raises(ListeError, match=r"^game 6: winners\[0\]: 'Anna' sits out this game"):
        store.add_game(sitting.id, {"winners": ["Anna", "Ben"], "punkte": 1}, number=6)


FIVE = [*PLAYERS, "Eva"]


def test_five_players_a_deleted_or_corrected_game_leaves_the_later_dealers_alone(store: Store, tmp_path: Path) -> None:
    group = store.create_group("Fünf", FIVE)
    sitting = store.create_sitting(group.id, FIVE, "doppelbock")  # no Pflichtsolo: no forced games
    # Five games, the dealer sits out each (Anna deals first):
    # 1. Anna deals; Re Ben & Carla 151 Augen: gewonnen 1 + Kontra unter 90 1 = 2: Ben, Carla +2, Dirk, Eva -2
    # 2. Ben deals;  quick: Anna & Dirk win 1 from Carla & Eva
    # 3. Carla deals; quick: Ben & Eva win 1 from Anna & Dirk
    # 4. Dirk deals; quick: Carla & Anna win 1 from Ben & Eva
    # 5. Eva deals;  quick: Dirk & Ben win 1 from Anna & Carla
    entries = [
        {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 151},
        {"winners": ["Anna", "Dirk"], "punkte": 1},
        {"winners": ["Ben", "Eva"], "punkte": 1},
        {"winners": ["Carla", "Anna"], "punkte": 1},
        {"winners": ["Dirk", "Ben"], "punkte": 1},
    ]
    for number, entry in enumerate(entries, 1):
        store.add_game(sitting.id, entry, number=number, author="Ben")
    page = store.liste_page(sitting.id)
    assert [row.sitting_out for row in page.rows] == [(name,) for name in FIVE]
    # totals (Anna, Ben, Carla, Dirk, Eva): (0,2,2,-2,-2) (1,2,1,-1,-3) (0,3,1,-2,-2) (1,2,2,-2,-3) (0,3,1,-1,-3)
    assert page.totals == {"Anna": 0, "Ben": 3, "Carla": 1, "Dirk": -1, "Eva": -3}

    # Game 2 (Ben's deal) goes. Games 3..5 become 2..4 and keep their dealers, Carla, Dirk and Eva, and so
    # who sat out: game 3 names Ben as a winner, and Ben plays in it because Carla dealt it.
    store.delete_game(sitting.id, 2, version=store.game(sitting.id, 2).version, author="Carla")
    page = store.liste_page(sitting.id)
    assert [row.dealer for row in page.rows] == ["Anna", "Carla", "Dirk", "Eva"]
    assert [row.sitting_out for row in page.rows] == [("Anna",), ("Carla",), ("Dirk",), ("Eva",)]
    # without game 2: (0,2,2,-2,-2), then Ben & Eva +1 (-1,3,2,-3,-1), Carla & Anna +1 (0,2,3,-3,-2),
    # Dirk & Ben +1 (-1,3,2,-2,-2)
    assert [row.totals for row in page.rows] == [
        (0, 2, 2, -2, -2),
        (-1, 3, 2, -3, -1),
        (0, 2, 3, -3, -2),
        (-1, 3, 2, -2, -2),
    ]
    # the deal goes on after the last game's dealer: Eva dealt, Anna deals game 5
    assert (page.next.number, page.next.dealer, page.next.sitting_out) == (5, "Anna", ("Anna",))

    # Game 1 corrected to a quick entry (no dealer named): it keeps Anna; Dirk & Eva win 1 from Ben & Carla
    first = store.edit_game(sitting.id, 1, {"winners": ["Dirk", "Eva"], "punkte": 1}, version=page.versions[0])
    assert first.entry == {"winners": ["Dirk", "Eva"], "punkte": 1, "dealer": "Anna"}
    # Game 2 (Carla's deal) corrected to Ben & Anna winning 2 from Dirk & Eva: Ben plays, Carla sits out
    versions = store.liste_page(sitting.id).versions
    second = store.edit_game(sitting.id, 2, {"winners": ["Ben", "Anna"], "punkte": 2}, version=versions[1])
    assert second.row is not None and second.row.sitting_out == ("Carla",)
    page = store.liste_page(sitting.id)
    assert [row.dealer for row in page.rows] == ["Anna", "Carla", "Dirk", "Eva"]
    # (0,-1,-1,1,1), Ben & Anna +2 (2,1,-1,-1,-1), Carla & Anna +1 (3,0,0,-1,-2), Dirk & Ben +1 (2,1,-1,0,-2)
    assert [row.totals for row in page.rows] == [
        (0, -1, -1, 1, 1),
        (2, 1, -1, -1, -1),
        (3, 0, 0, -1, -2),
        (2, 1, -1, 0, -2),
    ]
    assert store.liste(sitting.id, recompute=True).rows == page.rows
    # the statistics follow the corrections: each sat out once but Ben, who never dealt now
    stats = store.stats(group.id)
    assert [(p.name, p.games, p.punkte) for p in stats.players] == [
        ("Anna", 3, 2),
        ("Ben", 4, 1),
        ("Carla", 3, -1),
        ("Dirk", 3, 0),
        ("Eva", 3, -2),
    ]
    # the JSON file keeps the dealers: a copy computes the same list
    data = store.export_json()
    with open_store(f"sqlite:///{tmp_path / 'copy.sqlite'}") as copy:
        copied = copy.import_json(data)[0]
        assert copy.export_json() == data
        assert copy.liste(copy.sittings(copied.id)[0].id).rows == page.rows


# -- statistics ------------------------------------------------------------------------------------------


def test_stats_of_two_sittings(store: Store) -> None:
    sitting_id = seed_004_sitting(store)
    group_id = store.sitting(sitting_id).group_id
    second = store.create_sitting(
        group_id, PLAYERS, "vier-schritte", cents_per_point=5, date=datetime.date(2026, 1, 15)
    )
    store.add_game(second.id, KREUZSOLO_ANNA, number=1)
    stats = store.stats(group_id)
    assert stats.games == 4 and stats.sittings == (sitting_id, second.id)
    anna, ben = stats.player("Anna"), stats.player("ben")
    # Anna: the two Kreuzsoli (Re, won), two games as Kontra (lost +4 game, won the −5 game)
    assert (anna.games, anna.games_re, anna.won_re, anna.games_kontra, anna.won_kontra) == (4, 2, 2, 2, 1)
    assert (anna.soli, anna.soli_won, anna.announcements) == (2, 2, 0)
    # Punkte: 10 on the first evening, 9 on the second; money: 10 x 10 ct + 9 x 5 ct
    assert (anna.punkte, anna.cents, anna.sittings) == (19, 145, 2)
    # Ben: Re in games 2 and 3 with "Re" said both times, won once
    assert (ben.games_re, ben.won_re, ben.announcements, ben.announcements_won) == (2, 1, 2, 1)
    assert (ben.punkte, ben.cents, ben.bock_games) == (-7, -4 * 10 - 3 * 5, 0)
    # the chart: one point per game; the overall sum goes on over the second evening
    assert [(p.sitting_id, p.game) for p in stats.chart] == [
        (sitting_id, 1),
        (sitting_id, 2),
        (sitting_id, 3),
        (second.id, 1),
    ]
    assert stats.chart[-1].totals == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}
    assert stats.chart[-1].overall == {"Anna": 19, "Ben": -7, "Carla": -7, "Dirk": -5}
    # a range of dates: only the second evening
    later = store.stats(group_id, since=datetime.date(2026, 1, 10))
    assert later.sittings == (second.id,) and later.player("Anna").cents == 45
    # a correction changes the statistics: the second evening's solo lost with 100 Augen (-3 for Anna)
    store.edit_game(second.id, 1, {"game": "kreuz", "re": ["Anna"], "augen_re": 100}, version=1)
    anna = store.stats(group_id).player("Anna")
    assert (anna.soli, anna.soli_won, anna.won_re, anna.punkte, anna.cents) == (2, 1, 1, 7, 100 - 15)
    with pytest.raises(NotFound, match=r"^sitting 999: not a sitting of group"):
        store.stats(group_id, sitting_ids=[second.id, 999])


def test_stats_count_bock_games(store: Store) -> None:
    group = store.create_group("Bock", PLAYERS)
    sitting = store.create_sitting(group.id, PLAYERS, "doppelbock")
    store.add_game(sitting.id, {"game": "normal", "re": ["Anna", "Ben"], "augen_re": 120}, number=1)
    store.add_game(sitting.id, {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 151}, number=2)
    ben = store.stats(group.id).player("Ben")
    # game 2 was doubled: Ben won 4 Punkte in it, lost 2 in game 1
    assert (ben.games, ben.bock_games, ben.punkte_bock, ben.punkte) == (2, 1, 4, 2)
    # without the 120:120 game there is no Bock: Ben won 2 in the one game left
    store.delete_game(sitting.id, 1, version=1)
    ben = store.stats(group.id).player("Ben")
    assert (ben.games, ben.bock_games, ben.punkte_bock, ben.punkte) == (1, 0, 0, 2)


def test_stats_of_a_sitting_whose_tally_an_older_version_wrote(store: Store) -> None:
    from sqlalchemy import update

    from doppelkopf.storage.models import Sitting

    sitting_id = seed_004_sitting(store)
    group_id = store.sitting(sitting_id).group_id
    # an older version kept the running totals in the tally and fewer counters
    with store.engine.begin() as connection:
        old = {"counts": {name: {"games": 3} for name in PLAYERS}, "totals": [[9, -3, -3, -3]]}
        connection.execute(update(Sitting).where(Sitting.id == sitting_id).values(tally=old))
    anna = store.stats(group_id).player("Anna")
    # seed 004: Anna played all three, won her Kreuzsolo (Re) and the third game (Kontra): +10
    assert (anna.games, anna.games_re, anna.won_re, anna.won_kontra, anna.punkte, anna.cents) == (3, 1, 1, 1, 10, 100)
    # a correction counts the sitting again from its rows: game 3 deleted, Anna has +5 after game 2
    store.delete_game(sitting_id, 3, version=3)
    anna = store.stats(group_id).player("Anna")
    assert (anna.games, anna.won_kontra, anna.punkte, anna.cents) == (2, 0, 5, 50)
    assert [p.totals["Anna"] for p in store.stats(group_id).chart] == [9, 5]


# -- export and import ---------------------------------------------------------------------------------


def test_json_round_trip_is_lossless(store: Store, tmp_path: Path) -> None:
    sitting_id = seed_004_sitting(store)
    game = store.game(sitting_id, 2)
    store.edit_game(sitting_id, 2, {**RE_BEN_CARLA_WINS, "augen_re": 180}, version=game.version, author="Dirk")
    store.delete_game(sitting_id, 2, version=store.game(sitting_id, 2).version, author="Anna")
    store.create_sitting(store.sitting(sitting_id).group_id, [*PLAYERS, "Eva"], "doppelbock", place="Bei Eva")
    data = store.export_json()
    assert data["format"] == "doppelkopf-liste" and data["version"] == 1
    text = json.dumps(data)  # plain JSON
    with open_store(f"sqlite:///{tmp_path / 'copy.sqlite'}") as copy:
        groups = copy.import_json(json.loads(text))
        assert [g.name for g in groups] == ["Donnerstag"]
        assert copy.export_json() == data
        copied = copy.sittings(groups[0].id)[0].id
        assert copy.liste(copied).rows == store.liste(sitting_id).rows
        assert len(copy.history(copied)) == 5
        # the same file again: the group exists, nothing is written
        with pytest.raises(StoreError, match=r"^groups\[0\]\.name: a group 'Donnerstag' exists already"):
            copy.import_json(data)
        assert len(copy.groups()) == 1
    # a file of an older version: entries without their dealer; the deal goes round as before
    for game in data["groups"][0]["sittings"][0]["games"]:
        assert game["entry"].pop("dealer") in PLAYERS
        for version in game["versions"]:
            version["entry"].pop("dealer")
    with open_store(f"sqlite:///{tmp_path / 'old.sqlite'}") as old:
        copied = old.sittings(old.import_json(data)[0].id)[0].id
        rows, kept = old.liste(copied).rows, store.liste(sitting_id).rows
        assert [(r.label, r.totals) for r in rows] == [(r.label, r.totals) for r in kept]
        # game 2 was deleted: the store kept the dealer of the game after it, Ben; without it the deal goes on
        # from Anna's Pflichtsolo, after which the same dealer deals again (TSR 4.2.5): Anna
        assert [r.dealer for r in kept] == ["Anna", "Ben"] and [r.dealer for r in rows] == ["Anna", "Anna"]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("groups", 0, "sittings", 0, "cents_per_point"), "10", r"^groups\[0\]\.sittings\[0\]\.cents_per_point: "),
        (("groups", 0, "sittings", 0, "games", 1, "entry", "augen_re"), 250, None),
        (("groups", 0, "sittings", 0, "players", 3), "Eva", r"^groups\[0\]\.sittings\[0\]\.players\[3\]: 'Eva' is not"),
        (
            ("groups", 0, "sittings", 0, "games", 2, "number"),
            5,
            r"^groups\[0\]\.sittings\[0\]\.games: no game has number 3",
        ),
        (("version",), 2, r"^version: this program reads version 1"),
        # numbers beyond the databases' 32-bit INTEGER (2**31 - 1): refused naming the field, never an OverflowError
        (
            ("groups", 0, "sittings", 0, "cents_per_point"),
            10**20,
            r"^groups\[0\]\.sittings\[0\]\.cents_per_point: Input should be less than or equal to 2147483647$",
        ),
        (
            ("groups", 0, "sittings", 0, "version"),
            10**25,
            r"^groups\[0\]\.sittings\[0\]\.version: Input should be less than or equal to 2147483647$",
        ),
        (
            ("groups", 0, "sittings", 0, "games", 0, "versions", 0, "version"),
            2**31,
            r"^groups\[0\]\.sittings\[0\]\.games\[0\]\.versions\[0\]\.version: Input should be less than or equal",
        ),
        (("groups", 0, "sittings", 0, "games", 2, "number"), -1, r"^groups\[0\]\.sittings\[0\]\.games\[2\]\.number: "),
        # text fields are checked as the store's own setters check them
        (
            ("groups", 0, "sittings", 0, "games", 1, "author"),
            "Ben\x1b[2J",
            r"^groups\[0\]\.sittings\[0\]\.games\[1\]\.author: 'Ben\\x1b\[2J' holds the control character U\+001B$",
        ),
        (
            ("groups", 0, "sittings", 0, "games", 1, "versions", 0, "author"),
            "Ben\u202e",
            r"^groups\[0\]\.sittings\[0\]\.games\[1\]\.versions\[0\]\.author: .* U\+202E$",
        ),
        (("groups", 0, "sittings", 0, "place"), "bei\nAnna", r"^groups\[0\]\.sittings\[0\]\.place: .* U\+000A$"),
        (("groups", 0, "name"), "Donners\ttag", r"^groups\[0\]\.name: .* U\+0009$"),
        (("groups", 0, "name"), "2", r"^groups\[0\]\.name: a group name needs a letter \('2' would read"),
        (("groups", 0, "players", 0), "An\x00na", r"^groups\[0\]\.players\[0\]: .* U\+0000$"),
    ],
)
def test_json_import_refuses_a_broken_file_naming_the_field(
    tmp_path: Path, path: tuple[Any, ...], value: Any, message: str | None
) -> None:
    with open_store(f"sqlite:///{tmp_path / 'a.sqlite'}") as source:
        seed_004_sitting(source)
        data = source.export_json()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    if path[-1] == "augen_re":  # the current entry and its last version are the same text
        data["groups"][0]["sittings"][0]["games"][1]["versions"][-1]["entry"]["augen_re"] = value
        message = r"^groups\[0\]\.sittings\[0\]\.games\[1\]\.entry: game 2: augen_re: 250 is outside 0..240"
    with open_store(f"sqlite:///{tmp_path / 'b.sqlite'}") as copy:
        with pytest.raises(StoreError, match=message):
            copy.import_json(data)
        assert copy.groups() == []


def test_csv_of_the_list(store: Store) -> None:
    sitting_id = seed_004_sitting(store)
    assert store.export_csv(sitting_id).splitlines() == [
        "Nr,Spiel,Bock,Anna Punkte,Ben Punkte,Carla Punkte,Dirk Punkte,Anna Stand,Ben Stand,Carla Stand,Dirk Stand",
        "1,Kreuzsolo Anna +9,1,9,-3,-3,-3,9,-3,-3,-3",
        "2,Re Ben & Carla +4,1,-4,4,4,-4,5,1,1,-7",
        "3,Re Ben & Carla verliert −5,1,5,-5,-5,5,10,-4,-4,-2",
    ]


def test_csv_cells_a_spreadsheet_would_run_as_formulas_stay_text(store: Store) -> None:
    players = ["=Summe", "+Plus", "-Minus", "@At"]
    group = store.create_group("Formeln", players)
    sitting = store.create_sitting(group.id, players, "ddv")
    # quick: +Plus and -Minus win 1 each from =Summe and @At; the label starts with the first winner's name
    store.add_game(sitting.id, {"winners": ["+Plus", "-Minus"], "punkte": 1}, number=1)
    assert store.export_csv(sitting.id).splitlines() == [
        "Nr,Spiel,Bock,'=Summe Punkte,'+Plus Punkte,'-Minus Punkte,'@At Punkte,"
        "'=Summe Stand,'+Plus Stand,'-Minus Stand,'@At Stand",
        "1,'+Plus & -Minus +1,1,-1,1,1,-1,-1,1,1,-1",  # the numbers stay numbers, -1 too
    ]


def simulate_records(path: Path, *args: str) -> list[record.GameRecord]:
    result = CliRunner().invoke(main, ["simulate", *args, "--records", str(path)])
    assert result.exit_code == 0, result.output
    return record.load_many(path)


def test_import_records_of_doko_simulate(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    records = simulate_records(path, "--games", "4", "--seed", "1")
    group = store.create_group("Computer", [])
    sitting = store.import_records(group.id, path, author="import")
    played = [r for r in records if r.result is not None]
    assert sitting.games == len(played) == 4
    assert sorted(sitting.players) == sorted(records[0].players)
    assert store.rules(sitting.id) == records[0].rules
    rows = store.liste(sitting.id).rows
    for rec, row in zip(played, rows, strict=True):
        assert rec.result is not None
        # the Liste re-scores each game from its entry: the Punkte are the ones the game was scored with
        by_name = dict(zip(sitting.players, row.points, strict=True))
        assert by_name == {name: p * rec.bock for name, p in zip(rec.players, rec.result.points, strict=True)}
        assert row.game == rec.result.game_type.key
    entry = store.game(sitting.id, 1).entry
    assert set(entry) >= {"game", "re", "augen_re", "announcements", "extras"}
    # Worked by hand from the records' summaries (DDV: gewonnen 1, "Re" 2, "Kontra" 2, gegen die Alten 1,
    # each Sonderpunkt 1, no unter 90 when the losers have 90 Augen or more). Anna deals first.
    summaries = [record.verify(rec, "sim").summary() for rec in played]
    # Game 1: Re Ben & Carla, both parties announced, Re 104 Augen, Ben's party caught a Fuchs. Kontra wins with
    # 136: gewonnen 1 + Re 2 + Kontra 2 + gegen die Alten 1 - Sonderpunkt of Re 1 = 5: Anna, Dirk +5.
    first = summaries[0]
    assert (sorted(first.re_seats), first.augen_re, first.announcements) == ([1, 2], 104, (1, 1))
    assert [(sp.kind, sp.party.name) for sp in first.sonderpunkte] == [("fuchs_gefangen", "RE")]
    # Game 3: Re Anna & Dirk, both announced, Re 113 Augen, no Sonderpunkt: Kontra wins with 127:
    # 1 + 2 + 2 + gegen die Alten 1 = 6: Ben, Carla +6, Anna, Dirk -6.
    third = summaries[2]
    assert (sorted(third.re_seats), third.augen_re, third.announcements, third.sonderpunkte) == (
        [0, 3],
        113,
        (1, 1),
        (),
    )
    assert sitting.players == ("Anna", "Ben", "Carla", "Dirk")
    assert rows[0].points == (5, -5, -5, 5) and rows[0].label == "Re Ben & Carla verliert −5"  # seed 004 style
    assert rows[2].points == (-6, 6, 6, -6)
    assert rows[2].dealer == "Carla"


@pytest.mark.parametrize("seed", [1, 2])
def test_import_records_under_doppelbock_keeps_the_bock_and_skips_thrown_in_deals(
    store: Store, tmp_path: Path, seed: int
) -> None:
    path = tmp_path / "bock.jsonl"
    records = simulate_records(path, "--games", "8", "--seed", str(seed), "--rules", "doppelbock")
    played = [r for r in records if r.result is not None]
    thrown_in = [r for r in records if r.thrown_in is not None]
    # seed 1 plays Bock games, seed 2 throws deals in (Schmeissen): the two cases this test is about
    assert (any(r.bock > 1 for r in played), bool(thrown_in)) == ((True, False) if seed == 1 else (False, True))
    group = store.create_group("Bock", [])
    sitting = store.import_records(group.id, path)
    assert sitting.games == len(played) == 8
    rows = store.liste(sitting.id).rows
    # the Liste derives the same Bock as the session that played the games, and the same Punkte
    assert [row.multiplier for row in rows] == [r.bock for r in played]
    for rec, row in zip(played, rows, strict=True):
        assert rec.result is not None
        by_name = dict(zip(sitting.players, row.points, strict=True))
        assert by_name == {name: p * rec.bock for name, p in zip(rec.players, rec.result.points, strict=True)}


def test_import_records_refuses_mixed_rules_or_players(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    records = simulate_records(path, "--games", "2", "--seed", "3")
    group = store.create_group("Gemischt", [])
    mixed = tmp_path / "mixed.jsonl"
    other_rules = dataclasses.replace(records[1], rules=get_preset("vier-schritte"))
    mixed.write_text(record.to_json_line(records[0]) + "\n" + record.to_json_line(other_rules) + "\n", encoding="utf-8")
    with pytest.raises(StoreError, match=r"mixed\.jsonl: line 2: the rules 'vier-schritte' differ"):
        store.import_records(group.id, mixed)
    other_players = dataclasses.replace(records[1], players=("Eva", "Ben", "Carla", "Dirk"))
    mixed.write_text(
        record.to_json_line(records[0]) + "\n\n" + record.to_json_line(other_players) + "\n", encoding="utf-8"
    )
    with pytest.raises(StoreError, match=r"mixed\.jsonl: line 3: the players Eva, Ben, Carla, Dirk differ"):
        store.import_records(group.id, mixed)
    assert store.sittings(group.id) == []


# -- the schema, the URL ---------------------------------------------------------------------------


def test_migrations_give_exactly_the_models(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from doppelkopf.storage.models import Base
    from doppelkopf.storage.service import HEAD_REVISION, MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # HEAD_REVISION lets a store at the head open without loading Alembic: it must be Alembic's own head.
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD_REVISION
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert context.get_current_revision() == HEAD_REVISION
        assert compare_metadata(context, Base.metadata) == []


def test_opening_twice_migrates_once_and_keeps_the_data(url: str) -> None:
    with open_store(url) as first:
        sitting_id = seed_004_sitting(first)
    with open_store(url) as again:
        assert again.liste_page(sitting_id).totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}


def test_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOKO_DATABASE_URL", "postgresql://doko@db.example/liste")
    assert default_url() == "postgresql://doko@db.example/liste"
    assert normalize_url(default_url()).drivername == "postgresql+psycopg"
    monkeypatch.delenv("DOKO_DATABASE_URL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'doppelkopf' / 'liste.sqlite'}"
    assert (tmp_path / "data" / "doppelkopf").is_dir()
    assert normalize_url(str(tmp_path / "x.sqlite")).drivername == "sqlite"
    with pytest.raises(StoreError, match=r"^database: 'mysql' is not supported"):
        normalize_url("mysql://localhost/liste")
    with pytest.raises(StoreError, match=r"^database: the folder .* does not exist"):
        open_store(str(tmp_path / "missing" / "liste.sqlite"))


def test_group_names_are_unique_as_they_look_and_need_a_letter(store: Store) -> None:
    store.create_group("Stammtisch", PLAYERS)
    for same in ("stammtisch", " STAMMTISCH ", "Ｓtammtisch"):
        with pytest.raises(StoreError, match=r"^name: a group 'Stammtisch' exists already$"):
            store.create_group(same)
    for digits in ("2", "０７"):
        with pytest.raises(
            StoreError, match=r"^name: a group name needs a letter \('.*' would read as a group number\)$"
        ):
            store.create_group(digits)
    assert store.find_group("STAMMTISCH").name == "Stammtisch"
    assert [g.name for g in store.groups()] == ["Stammtisch"]


def test_json_import_refuses_a_group_that_exists_in_another_case(store: Store) -> None:
    store.create_group("Donnerstag", PLAYERS)
    data = {
        "format": "doppelkopf-liste",
        "version": 1,
        "groups": [{"name": "DONNERSTAG", "created_at": "2026-01-08T19:00:00+00:00", "players": [], "sittings": []}],
    }
    with pytest.raises(StoreError, match=r"^groups\[0\]\.name: a group 'Donnerstag' exists already$"):
        store.import_json(data)


def test_a_sitting_may_be_kept_to_the_players_of_the_group(store: Store) -> None:
    group = store.create_group("Donnerstag", PLAYERS)
    with pytest.raises(UnknownPlayer, match=r"^players: Frank is not in group Donnerstag$"):
        store.create_sitting(group.id, ["Anna", "ben", "Carla", "Frank"], new_players=False)
    assert store.group(group.id).players == tuple(PLAYERS) and store.sittings(group.id) == []
    sitting = store.create_sitting(group.id, ["Anna", "ben", "Carla", "Dirk"], new_players=False)
    assert sitting.players == tuple(PLAYERS)
    store.create_sitting(group.id, ["Anna", "Ben", "Carla", "Frank"])  # the default adds him
    assert store.group(group.id).players == (*PLAYERS, "Frank")


def test_in_memory_urls() -> None:
    for url in ("sqlite://", "sqlite:///", ":memory:", "sqlite:///:memory:", "sqlite+pysqlite://"):
        assert in_memory(url), url
    for url in ("sqlite:///liste.sqlite", "liste.sqlite", "postgresql://doko@db/liste"):
        assert not in_memory(url), url


def test_a_database_of_someone_else_is_left_alone(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "other.sqlite"
    with contextlib.closing(sqlite3.connect(path)) as other:
        other.execute("CREATE TABLE games2 (x INTEGER)")
        other.execute("CREATE TABLE foo (y TEXT)")
        other.commit()
    with pytest.raises(
        StoreError,
        match=r"^database: not a doppelkopf Liste \(it has tables foo, games2\); choose another file$",
    ):
        open_store(f"sqlite:///{path}")
    with contextlib.closing(sqlite3.connect(path)) as other:
        tables = {row[0] for row in other.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"games2", "foo"}


def test_a_postgresql_database_of_someone_else_is_left_alone(pg_url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(normalize_url(pg_url))
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE games2 (x INTEGER)"))
    engine.dispose()
    with pytest.raises(StoreError, match=r"^database: not a doppelkopf Liste \(it has tables games2\)"):
        open_store(pg_url)


def test_liste_pages(store: Store) -> None:
    group = store.create_group("Seiten", PLAYERS)
    sitting = store.create_sitting(group.id, PLAYERS, "ddv")
    for number in range(1, 8):
        store.add_game(sitting.id, {"winners": ["Ben", "Carla"], "punkte": 1}, number=number)
    first, last = store.liste_page(sitting.id, 1, per_page=3), store.liste_page(sitting.id, -1, per_page=3)
    assert [r.number for r in first.rows] == [1, 2, 3] and first.pages == 3
    assert [r.number for r in last.rows] == [7] and last.page == 3
    # each game of the quick mode: Ben and Carla win 1 from Anna and Dirk
    assert last.rows[-1].totals == (-7, 7, 7, -7) and last.versions == (7,)
    with pytest.raises(NotFound, match=r"^page 4: the list has 3 pages"):
        store.liste_page(sitting.id, 4, per_page=3)


# -- 10,000 games (the timings are bench/bench_liste.py's) ------------------------------------------


def test_ten_thousand_games_a_page_and_the_statistics(store: Store) -> None:
    group = store.create_group("Zehntausend", [*PLAYERS, "Eva"])
    players = group.players
    for s in range(10):
        # 1,000 games per evening, five at the table: the dealer sits out; two of the others win 1..3 Punkte
        entries = []
        for i in range(1000):
            active = [p for j, p in enumerate(players) if j != i % 5]
            entries.append({"winners": [active[i % 4], active[(i + 1 + s % 3) % 4]], "punkte": 1 + i % 3})
        store.create_sitting_with_games(group.id, players, "ddv", entries, date=datetime.date(2026, 1, 1 + s))
    sittings = store.sittings(group.id)
    last = sittings[-1].id
    assert [s.games for s in sittings] == [1000] * 10
    page = store.liste_page(last, page=-1)
    stats = store.stats(group.id)
    assert len(page.rows) == 50 and page.rows[-1].number == 1000 and page.pages == 20
    assert stats.games == 10_000 and len(stats.chart) == 10_000
    # each game: four players at the table
    assert sum(p.games for p in stats.players) == 4 * 10_000
    # each evening the totals sum to zero, and the chart's last point of an evening is its totals
    assert stats.chart[-1].totals == page.totals and sum(page.totals.values()) == 0
    # a game more at the end of the long list: entered after the last one's state, the tally updated
    nxt = page.next
    added = store.add_game(last, {"winners": list(nxt.active[:2]), "punkte": 2}, number=1001)
    assert added.row is not None and added.row.dealer == nxt.dealer and added.entry["dealer"] == nxt.dealer
    after = store.stats(group.id)
    assert after.games == 10_001
    assert after.player(nxt.active[0]).punkte == stats.player(nxt.active[0]).punkte + 2
