"""The online tables' storage (doppelkopf.storage.tables), on SQLite and on PostgreSQL: what a host and the
players of an online table rely on.

Tables, seats and tokens; deals written action by action and their games on the sitting's Liste; conflicts
that write nothing; the status machine; NOTIFY on PostgreSQL; the migration from revision 0001. Expected
Punkte come from the core's own scoring of the played game (``Game.score``) times the deal's Bock multiplier
(bock_multiplies = "all", seed 002), the dealer rotation from TSR 3.3.1 (clockwise; a deal thrown in is
dealt again by the same dealer), never from this module's output. PostgreSQL runs through the ``pg_url``
fixture (tests/conftest.py), skipped with a reason where no server is configured.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from doppelkopf.online import DealSetup, deal_seed
from doppelkopf.online.table import TableState
from doppelkopf.rules import get_preset
from doppelkopf.storage import (
    Conflict,
    Forbidden,
    NotFound,
    Store,
    StoreError,
    TableInfo,
    TableStore,
    make_engine,
    open_store,
)
from doppelkopf.storage.tables import LOBBY_MAX_AGE_S, ActionWrite

BOTS = [(None, "random")] * 4
#: Doppelbock (seed 002) with every Bock game played (a solo does not skip it): Bocks come often with random
#: players (a lost Kontra, a Spaltarsch ...), every game's Punkte are multiplied ("all").
BOCK_RULES = get_preset("doppelbock").replace(bock_skips_soli=False)


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


@pytest.fixture
def tables(store: Store) -> TableStore:
    return TableStore(store)


def bot_table(tables: TableStore, rules: Any = "ddv", seed: int = 7) -> tuple[TableInfo, str]:
    """A table of four computer players (random), started; (its info, the host token)."""
    info, host = tables.create_table("Rechner", rules, BOTS, seed=seed)
    return tables.start(info.id, host_token=host), host


def play_deal(tables: TableStore, table_id: int, limit: int | None = None) -> TableState:
    """Play the table's current deal to its end (or ``limit`` actions), each computer player's action written
    as the hub writes it (the state rebuilt from storage first, as a restarted server does); the state."""
    snapshot = tables.state(table_id)
    info = snapshot.info
    assert snapshot.deal is not None
    state = TableState(info.rules, [n or "" for n in info.names], info.bots, info.seed)
    state.start_deal(snapshot.deal, snapshot.actions)
    version = info.version
    while not state.finished and (limit is None or len(state.actions) < limit):
        step = state.decide(range(4))
        assert step is not None
        state.apply(*step)
        version = tables.append_action(
            table_id,
            version=version,
            deal=snapshot.deal.number,
            seat=step[0],
            action=step[1],
            entry=state.entry(),
            thrown_in=state.thrown_in,
            finished=state.finished,
        )
    return state


def actions_and_version(tables: TableStore, table_id: int) -> tuple[tuple[tuple[int, int], ...], int, bool]:
    snapshot = tables.state(table_id)
    return snapshot.actions, snapshot.version, snapshot.finished


# -- tables, seats, tokens ------------------------------------------------------------------------------


def test_create_claim_and_start(tables: TableStore, store: Store) -> None:
    info, host = tables.create_table(
        "Freitagsrunde", "ddv", [("Anna", None), (None, None), (None, "rules"), ("Rechner", "search")], seed=42
    )
    assert info.status == "lobby" and info.deal == 0 and info.sitting_id is None
    assert info.rules_name == "ddv" and info.rules == get_preset("ddv") and info.seed == 42
    # a computer player without a name is "Computer N" (its seat counted from 1); a person's seat is empty or kept
    assert info.names == ("Anna", None, "Computer 3", "Rechner")
    assert info.bots == (None, None, "rules", "search")
    assert [s.taken for s in info.seats] == [False] * 4
    assert [t.id for t in tables.tables()] == [info.id]

    # seat 0 is kept for Anna: another name may not take it, Anna may (in any case: the same player)
    with pytest.raises(StoreError, match=r"^name: seat 1 of table \d+ is kept for Anna$"):
        tables.claim_seat(info.id, 0, "Ben", None)
    claimed, anna = tables.claim_seat(info.id, 0, "anna", None)
    assert claimed.seats[0].name == "Anna" and claimed.seats[0].taken
    assert claimed.version == info.version + 1
    with pytest.raises(Conflict, match=r"^seat 1 of table \d+ is taken by Anna$"):
        tables.claim_seat(info.id, 0, "Anna", None)
    with pytest.raises(Conflict, match=r"computer player's \(Computer 3\)"):
        tables.claim_seat(info.id, 2, "Carla", None)
    with pytest.raises(StoreError, match=r"^name: 'ANNA' sits at the table already \(seat 1, Anna\)"):
        tables.claim_seat(info.id, 1, "ANNA", None)
    with pytest.raises(StoreError, match=r"^name: "):
        tables.claim_seat(info.id, 1, "Be\nn", None)
    with pytest.raises(StoreError, match=r"^seat: expected a seat 0\.\.3, got 4"):
        tables.claim_seat(info.id, 4, "Ben", None)

    # only the host starts, and only with every seat filled
    with pytest.raises(Forbidden, match=r"^host_token: only the host of table \d+ may start it$"):
        tables.start(info.id, host_token=anna)
    with pytest.raises(StoreError, match=r"^seats: seat 2 is empty"):
        tables.start(info.id, host_token=host)
    _, ben = tables.claim_seat(info.id, 1, "Ben", None)
    assert tables.seat_of(info.id, anna) == 0 and tables.seat_of(info.id, ben) == 1
    assert tables.seat_of(info.id, host) is None and tables.seat_of(info.id, None) is None
    assert tables.seat_of(info.id, "") is None and tables.seat_of(info.id, anna + "x") is None
    assert tables.is_host(info.id, host) and not tables.is_host(info.id, anna) and not tables.is_host(info.id, None)

    started = tables.start(info.id, host_token=host)
    assert started.status == "playing" and started.deal == 1 and started.sitting_id is not None
    # the sitting of the group "Online": the seats' names in seat order, the table's rules
    sitting = store.sitting(started.sitting_id)
    assert sitting.players == ("Anna", "Ben", "Computer 3", "Rechner")
    assert store.group(started.group_id).name == "Online"
    assert store.rules(started.sitting_id) == get_preset("ddv")
    snapshot = tables.state(info.id)
    # deal 1: seat 0 deals the first game (TSR 3.3.1), the seed is the table's deal seed 1, no Bock (DDV),
    # all 24 games of the DDV round still to play (TSR 8.5.1), this one included
    assert snapshot.deal == DealSetup(1, 1, deal_seed(42, 1), 0, (False,) * 4, None, 1, 24)
    assert snapshot.actions == () and not snapshot.finished and not snapshot.recorded
    assert snapshot.liste is not None and snapshot.liste.rows == ()
    with pytest.raises(Conflict, match=r"^table \d+ is playing, not in the lobby"):
        tables.start(info.id, host_token=host)
    with pytest.raises(NotFound, match=r"^table 9999: not found$"):
        tables.table(9999)


def test_the_host_sets_up_seats_in_the_lobby_only(tables: TableStore) -> None:
    info, host = tables.create_table("Lobby", "ddv", [(None, None), (None, None), (None, "rules"), (None, "rules")])
    _, token = tables.claim_seat(info.id, 0, "Anna", None)
    with pytest.raises(Forbidden):
        tables.set_seat(info.id, 1, host_token=token, name=None, bot="rules")
    with pytest.raises(StoreError, match=r"^seats\[1\]\.bot: unknown computer player 'genius'"):
        tables.set_seat(info.id, 1, host_token=host, name=None, bot="genius")
    with pytest.raises(StoreError, match=r"^name: 'anna' sits at the table already"):
        tables.set_seat(info.id, 1, host_token=host, name="anna", bot="rules")
    # Anna keeps her seat while it stays hers; a computer player put there takes it from her
    kept = tables.set_seat(info.id, 0, host_token=host, name="Anna", bot=None)
    assert kept.seats[0].taken and tables.seat_of(info.id, token) == 0
    changed = tables.set_seat(info.id, 0, host_token=host, name=None, bot="search")
    assert changed.seats[0].name == "Computer 1" and changed.seats[0].bot == "search" and not changed.seats[0].taken
    assert tables.seat_of(info.id, token) is None
    changed = tables.set_seat(info.id, 1, host_token=host, name="Ben", bot="rules")
    assert changed.names == ("Computer 1", "Ben", "Computer 3", "Computer 4")
    started = tables.start(info.id, host_token=host)
    assert started.status == "playing"
    with pytest.raises(Conflict, match=r"^table \d+ is playing: seats are set up in the lobby only$"):
        tables.set_seat(info.id, 1, host_token=host, name=None, bot="random")


def test_an_unlisted_table_is_joined_with_its_invite_only(tables: TableStore) -> None:
    info, _ = tables.create_table("Geheim", "ddv", [(None, None)] * 4, listed=False)
    assert tables.tables() == [] and [t.id for t in tables.tables(listed_only=False)] == [info.id]
    for wrong in (None, "", info.invite[:-1], info.invite + "x"):
        with pytest.raises(StoreError, match=r"^invite: table \d+ is joined with its invite link only$"):
            tables.claim_seat(info.id, 0, "Anna", wrong)
    claimed, _ = tables.claim_seat(info.id, 0, "Anna", info.invite)
    assert claimed.seats[0].taken


def test_create_table_checks_its_fields(tables: TableStore) -> None:
    four = [(None, None)] * 4
    with pytest.raises(StoreError, match=r"^name: a table needs a name$"):
        tables.create_table("  ", "ddv", four)
    with pytest.raises(StoreError, match=r"^rules: "):
        tables.create_table("T", "kein-preset", four)
    with pytest.raises(StoreError, match=r"^rules: "):
        tables.create_table("T", "[scoring]\nsolo_factor = -1\n", four)
    with pytest.raises(StoreError, match=r"^seats: expected 4 seats"):
        tables.create_table("T", "ddv", four[:3])
    with pytest.raises(StoreError, match=r"^seats\[2\]\.name: 'anna' is the same player as seats\[0\]$"):
        tables.create_table("T", "ddv", [("Anna", None), ("Ben", None), ("anna", None), (None, None)])
    with pytest.raises(StoreError, match=r"^seats\[3\]\.bot: unknown computer player"):
        tables.create_table("T", "ddv", [(None, None)] * 3 + [(None, "gott")])
    with pytest.raises(StoreError, match=r"^seats\[1\]\.name: .*control character"):
        tables.create_table("T", "ddv", [(None, None), ("Be\u202en", None), (None, None), (None, None)])
    with pytest.raises(StoreError, match=r"^pace_ms: expected an integer 0\.\.60000"):
        tables.create_table("T", "ddv", four, pace_ms=-1)
    with pytest.raises(StoreError, match=r"^seed: "):
        tables.create_table("T", "ddv", four, seed=2**63)
    assert tables.tables(listed_only=False) == []
    # a rule file's text is a table's rules too, kept complete
    toml = get_preset("ohne-neunen").to_toml()
    info, _ = tables.create_table("Ohne Neunen", toml, four)
    assert info.rules == get_preset("ohne-neunen") and info.rules.hand_size == 10


def test_tokens_are_stored_only_as_sha256(tables: TableStore, store: Store) -> None:
    info, host = tables.create_table("T", "ddv", [(None, None), (None, "rules"), (None, "rules"), (None, "rules")])
    _, seat = tables.claim_seat(info.id, 0, "Anna", None)
    with store.engine.connect() as connection:
        rows = [
            *connection.execute(text("SELECT * FROM online_tables")),
            *connection.execute(text("SELECT * FROM online_seats")),
        ]
        host_hash = connection.execute(text("SELECT host_hash FROM online_tables")).scalar_one()
        seat_hash = connection.execute(text("SELECT token_hash FROM online_seats WHERE seat = 0")).scalar_one()
    stored = " ".join(str(value) for row in rows for value in row)
    assert host not in stored and seat not in stored
    assert host_hash == hashlib.sha256(host.encode()).hexdigest()
    assert seat_hash == hashlib.sha256(seat.encode()).hexdigest()
    assert len(host) >= 32 and len(seat) >= 32  # token_urlsafe(24): 32 characters


# -- the status machine ---------------------------------------------------------------------------------


def test_status_lobby_playing_paused_ended(tables: TableStore) -> None:
    info, host = tables.create_table("T", "ddv", BOTS)
    with pytest.raises(Conflict, match=r"^table \d+ is in the lobby: only a table playing is paused$"):
        tables.set_status(info.id, "paused", host_token=host)
    with pytest.raises(Conflict, match=r"^table \d+ is in the lobby: start it first$"):
        tables.set_status(info.id, "playing", host_token=host)
    with pytest.raises(StoreError, match=r"^status: expected one of playing, paused, ended, got 'lobby'$"):
        tables.set_status(info.id, "lobby", host_token=host)
    assert tables.active_tables() == []
    tables.start(info.id, host_token=host)
    assert tables.active_tables() == [info.id]
    with pytest.raises(Forbidden):
        tables.set_status(info.id, "paused", host_token="not the host")
    paused = tables.set_status(info.id, "paused", host_token=host)
    assert paused.status == "paused" and tables.active_tables() == [info.id]
    # nothing is played at a paused table, nor dealt
    with pytest.raises(Conflict, match=r"^table \d+ is paused: no action is taken now$"):
        tables.append_action(info.id, version=paused.version, deal=1, seat=1, action=0)
    assert tables.set_status(info.id, "paused", host_token=host).version == paused.version  # already so
    playing = tables.set_status(info.id, "playing", host_token=host)
    assert playing.status == "playing" and playing.version == paused.version + 1
    ended = tables.set_status(info.id, "ended", host_token=host)
    assert ended.status == "ended"
    assert tables.tables() == [] and tables.active_tables() == []
    with pytest.raises(Conflict, match=r"^table \d+ has ended: it cannot be playing again$"):
        tables.set_status(info.id, "playing", host_token=host)
    with pytest.raises(Conflict, match=r"^table \d+ has ended"):
        tables.claim_seat(info.id, 0, "Anna", None)


# -- deals and actions ----------------------------------------------------------------------------------


def test_a_whole_game_of_four_computer_players_goes_on_the_liste(tables: TableStore, store: Store) -> None:
    info, _ = bot_table(tables, seed=11)
    state = play_deal(tables, info.id)
    game = state.game
    assert game is not None and game.is_terminal
    snapshot = tables.state(info.id)
    # every action was written, in order: replaying them gives the same game
    assert snapshot.actions == tuple(state.actions) and len(snapshot.actions) == len(game.history)
    assert snapshot.finished and snapshot.version == info.version + len(state.actions)
    replayed = TableState(info.rules, [n or "" for n in info.names], info.bots, info.seed)
    assert snapshot.deal is not None
    replayed.start_deal(snapshot.deal, snapshot.actions)
    assert replayed.finished and replayed.game is not None and replayed.game.history == game.history
    if game.thrown_in:  # pragma: no cover - seed 11 plays its first deal out
        pytest.fail("seed 11's first deal was thrown in; choose another seed")
    # the game is game 1 of the sitting's Liste with the core's Punkte (DDV: no Bock), author "online"
    assert snapshot.recorded and snapshot.game_number == 1
    assert snapshot.liste is not None and len(snapshot.liste.rows) == 1
    row = snapshot.liste.rows[0]
    assert row.points == game.score().points and row.multiplier == 1
    assert row.dealer == "Computer 1"
    assert store.history(info.sitting_id or 0)[0].author == "online"
    assert store.sitting(info.sitting_id or 0).games == 1


def test_a_server_restarted_mid_deal_continues_to_the_same_result(url: str) -> None:
    with open_store(url) as store:
        tables = TableStore(store)
        whole, _ = bot_table(tables, seed=11)
        cut, _ = bot_table(tables, seed=11)
        uninterrupted = play_deal(tables, whole.id)
        half = play_deal(tables, cut.id, limit=23)
        assert len(half.actions) == 23 and not half.finished
    # a new process: everything it knows comes from the database
    with open_store(url) as store:
        tables = TableStore(store)
        assert tables.active_tables() == [whole.id, cut.id]
        assert tables.state(cut.id).actions == tuple(half.actions)
        resumed = play_deal(tables, cut.id)
        assert resumed.actions == uninterrupted.actions
        rows = [tables.state(t).liste.rows for t in (whole.id, cut.id)]  # type: ignore[union-attr]
        assert [r.points for r in rows[0]] == [r.points for r in rows[1]] and len(rows[0]) == 1


def test_deals_follow_the_liste_dealer_bock_and_thrown_in(tables: TableStore) -> None:
    info, _ = bot_table(tables, BOCK_RULES, seed=2)
    setups: list[DealSetup] = []
    played: list[TableState] = []
    for _ in range(8):
        state = play_deal(tables, info.id)
        assert state.deal is not None
        setups.append(state.deal)
        played.append(state)
        tables.next_deal(info.id, version=tables.version(info.id))
    snapshot = tables.state(info.id)
    assert snapshot.deal is not None and snapshot.deal.number == 9
    setups.append(snapshot.deal)
    liste = snapshot.liste
    assert liste is not None
    counted = [s for s in played if not s.thrown_in]
    assert len(liste.rows) == len(counted)
    for state, row in zip(counted, liste.rows, strict=True):
        assert state.game is not None and state.deal is not None
        multiplier = state.deal.bock_multiplier
        # the deal's Bock is the Liste's, and the Punkte are the core's score times it (seed 002: x2, x4)
        assert row.multiplier == multiplier
        assert row.points == tuple(p * multiplier for p in state.game.score().points)
        assert row.number == state.deal.game_number
    assert any(row.multiplier > 1 for row in liste.rows), "no Bock in eight games of doppelbock"
    for before, after in zip(setups, setups[1:], strict=False):
        assert after.number == before.number + 1 and after.seed == deal_seed(info.seed, after.number)
        thrown = played[before.number - 1].thrown_in
        # TSR 3.3.1: the deal moves clockwise; a deal thrown in is dealt again by the same dealer and does not
        # count (doppelbock has no Pflichtsolo, so no dealer deals twice otherwise)
        assert after.dealer == (before.dealer if thrown else (before.dealer + 1) % 4)
        assert after.game_number == (before.game_number if thrown else before.game_number + 1)


def test_a_deal_thrown_in_leaves_the_liste_and_the_dealer(tables: TableStore) -> None:
    info, _ = bot_table(tables, "ddv", seed=5)
    first = tables.state(info.id)
    assert first.deal is not None
    # storage takes the hub's word for the end of the deal (the engine decided it)
    version = tables.append_action(
        info.id, version=first.version, deal=1, seat=1, action=0, finished=True, thrown_in=True
    )
    snapshot = tables.state(info.id)
    assert snapshot.finished and snapshot.thrown_in and not snapshot.recorded
    assert snapshot.liste is not None and snapshot.liste.rows == ()
    with pytest.raises(StoreError, match=r"^entry: a deal thrown in is not recorded"):
        tables.append_action(
            info.id, version=version, deal=1, seat=1, action=0, entry={}, finished=True, thrown_in=True
        )
    tables.next_deal(info.id, version=version)
    second = tables.state(info.id).deal
    # a deal thrown in is not counted: still game 1 of the round, 24 games left
    assert second == DealSetup(2, 1, deal_seed(info.seed, 2), first.deal.dealer, (False,) * 4, None, 1, 24)


def test_conflicts_write_nothing(tables: TableStore, store: Store) -> None:
    info, _ = bot_table(tables, "ddv", seed=11)
    snapshot = tables.state(info.id)
    assert snapshot.deal is not None
    state = TableState(info.rules, [n or "" for n in info.names], info.bots, info.seed)
    state.start_deal(snapshot.deal)
    seat, action = state.decide(range(4)) or (0, 0)
    version = tables.append_action(info.id, version=info.version, deal=1, seat=seat, action=action)
    before = actions_and_version(tables, info.id)
    # a second writer who saw the old version
    with pytest.raises(
        Conflict, match=rf"^table {info.id} moved on \(version {version}, not {info.version}\): reload$"
    ):
        tables.append_action(info.id, version=info.version, deal=1, seat=seat, action=action)
    with pytest.raises(Conflict, match=rf"^table {info.id} plays deal 1, not deal 2: reload$"):
        tables.append_action(info.id, version=version, deal=2, seat=seat, action=action)
    with pytest.raises(Conflict, match=rf"^deal 1 of table {info.id} is not finished"):
        tables.next_deal(info.id, version=version)
    with pytest.raises(Conflict, match=r"moved on"):
        tables.next_deal(info.id, version=version - 1)
    with pytest.raises(StoreError, match=r"^seat: expected a seat 0\.\.3"):
        tables.append_action(info.id, version=version, deal=1, seat=7, action=action)
    with pytest.raises(StoreError, match=r"^entry: a game is recorded with the action that finishes the deal only"):
        tables.append_action(info.id, version=version, deal=1, seat=seat, action=action, entry={"game": "normal"})
    with pytest.raises(NotFound):
        tables.append_action(9999, version=0, deal=1, seat=0, action=0)
    assert actions_and_version(tables, info.id) == before
    assert store.sitting(info.sitting_id or 0).games == 0 and store.history(info.sitting_id or 0) == []
    # the deal played out; then no action of it is taken any more
    play_deal(tables, info.id)
    done = tables.version(info.id)
    with pytest.raises(Conflict, match=rf"^deal 1 of table {info.id} is over: no more actions in it$"):
        tables.append_action(info.id, version=done, deal=1, seat=0, action=0)
    assert tables.version(info.id) == done and store.sitting(info.sitting_id or 0).games == 1


def test_two_servers_append_at_the_same_moment_exactly_one_wins(url: str) -> None:
    with open_store(url) as one, open_store(url) as two:
        first, second = TableStore(one), TableStore(two)
        info, _ = bot_table(first)
        start = threading.Barrier(2)
        outcome: dict[str, str] = {}

        def append(tables: TableStore, who: str, seat: int) -> None:
            start.wait()
            try:
                tables.append_action(info.id, version=info.version, deal=1, seat=seat, action=0)
                outcome[who] = "ok"
            except Conflict as exc:
                outcome[who] = str(exc)

        threads = [threading.Thread(target=append, args=(t, w, s)) for t, w, s in ((first, "a", 1), (second, "b", 2))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        moved = f"table {info.id} moved on (version {info.version + 1}, not {info.version}): reload"
        assert sorted(outcome.values()) == ["ok", moved]
        snapshot = first.state(info.id)
        assert len(snapshot.actions) == 1 and snapshot.version == info.version + 1


def test_standin_and_shown_hand(tables: TableStore) -> None:
    info, host = tables.create_table("T", "ddv", [(None, None), (None, "rules"), (None, "rules"), (None, "rules")])
    _, anna = tables.claim_seat(info.id, 0, "Anna", None)
    info = tables.start(info.id, host_token=host)
    version = tables.set_standin(info.id, 0, True)
    assert version == info.version + 1 and tables.table(info.id).seats[0].standin
    assert tables.set_standin(info.id, 0, True) == version  # already so: nothing changes
    # a stranger cannot take the seat a computer player keeps for Anna; Anna's token still holds it
    with pytest.raises(Conflict, match=r"is taken by Anna"):
        tables.claim_seat(info.id, 0, "Mallory", None)
    assert tables.seat_of(info.id, anna) == 0
    assert tables.set_standin(info.id, 0, False) == version + 1
    assert tables.set_shows_hand(info.id, 0, True) == version + 2
    seat = tables.table(info.id).seats[0]
    assert not seat.standin and seat.shows_hand
    with pytest.raises(StoreError, match=r"^seat: seat 2 of table \d+ is a computer player's"):
        tables.set_standin(info.id, 1, True)
    with pytest.raises(StoreError, match=r"^standin: expected true or false"):
        tables.set_standin(info.id, 0, 1)  # type: ignore[arg-type]


def test_a_game_the_liste_refuses_still_ends_the_deal_and_the_table_deals_on(tables: TableStore, store: Store) -> None:
    """The score sheet changed under the table: someone entered Computer 2's Kreuzsolo as his Pflichtsolo on
    the sitting's Liste, and the table's finished game is (as the hub reports it) Computer 2's Pflichtsolo
    too. The Liste refuses a second Pflichtsolo in the round (TSR 4.2): the action is written all the same,
    the deal is over without a game number and says why, and the next deal is dealt."""
    info, _ = bot_table(tables, "ddv", seed=11)
    sitting = info.sitting_id or 0
    store.add_game(sitting, {"game": "kreuz", "re": ["Computer 2"], "augen_re": 190, "pflichtsolo": True}, author="Ben")
    snapshot = tables.state(info.id)
    assert snapshot.deal is not None
    state = TableState(info.rules, [n or "" for n in info.names], info.bots, info.seed)
    state.start_deal(snapshot.deal)
    step = state.decide(range(4))
    assert step is not None
    refused = {"game": "pik", "re": ["Computer 2"], "augen_re": 150, "pflichtsolo": True}
    version = tables.append_action(
        info.id, version=snapshot.version, deal=1, seat=step[0], action=step[1], entry=refused, finished=True
    )
    assert version == snapshot.version + 1
    done = tables.state(info.id)
    assert done.finished and not done.thrown_in and done.game_number is None and not done.recorded
    assert done.actions == (step,)
    assert done.record_error is not None and "\n" not in done.record_error
    assert "Computer 2 already played the Pflichtsolo" in done.record_error
    # nothing of the refused game is on the Liste or in the audit trail: only the game of the score sheet
    assert store.sitting(sitting).games == 1 and [h.author for h in store.history(sitting)] == ["Ben"]
    # the table deals on as the Liste says: deal 2 is its game 2; after the Pflichtsolo of the score sheet the
    # same dealer (seat 0) deals again (TSR 3.3.1), and Computer 2 (seat 1) has played his Pflichtsolo
    tables.next_deal(info.id, version=version)
    after = tables.state(info.id)
    assert after.deal is not None and after.deal.number == 2 and after.deal.game_number == 2
    assert after.deal.dealer == 0 and after.deal.pflichtsolo_done == (False, True, False, False)
    assert after.record_error is None and not after.finished
    # a game the Liste takes is recorded as before
    play_deal(tables, info.id)
    recorded = tables.state(info.id)
    assert recorded.game_number == 2 and recorded.record_error is None


def test_an_entry_naming_a_stranger_is_kept_out_of_the_liste_with_its_reason(tables: TableStore, store: Store) -> None:
    info, _ = bot_table(tables, "ddv", seed=3)
    entry = {"game": "normal", "re": ["Niemand", "Computer 1"], "augen_re": 130}
    tables.append_action(info.id, version=info.version, deal=1, seat=1, action=0, entry=entry, finished=True)
    snapshot = tables.state(info.id)
    assert snapshot.finished and snapshot.game_number is None
    assert snapshot.record_error is not None and "Niemand" in snapshot.record_error
    assert store.sitting(info.sitting_id or 0).games == 0


def test_presence_is_shared_through_the_database(tables: TableStore, store: Store) -> None:
    """A server process marks the persons connected to it (``touch_seats``); every process asks
    ``seen_recently`` before a stand-in takes a seat. One UPDATE per table, no version change."""
    first, _ = tables.create_table("Eins", "ddv", [(None, None)] * 4)
    second, _ = tables.create_table("Zwei", "ddv", [(None, None)] * 4)
    assert not tables.seen_recently(first.id, 0, 60)  # never seen
    updates: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE"):
            updates.append(statement)

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        tables.touch_seats([(first.id, 0), (first.id, 2), (second.id, 1), (first.id, 0)])
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert len(updates) == 2  # one per table
    assert tables.seen_recently(first.id, 0, 60) and tables.seen_recently(first.id, 2, 60)
    assert tables.seen_recently(second.id, 1, 60)
    assert not tables.seen_recently(first.id, 1, 60) and not tables.seen_recently(second.id, 0, 60)
    assert tables.version(first.id) == first.version and tables.version(second.id) == second.version
    # two minutes ago: seen within five minutes, not within one
    past = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(seconds=120)
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE online_seats SET seen_at = :t WHERE table_id = :i"), {"t": past, "i": first.id})
    assert not tables.seen_recently(first.id, 0, 60) and tables.seen_recently(first.id, 0, 300)
    tables.touch_seats([])  # nothing to do
    with pytest.raises(StoreError, match=r"^seat: expected a seat 0\.\.3, got 4"):
        tables.touch_seats([(first.id, 4)])
    with pytest.raises(StoreError, match=r"^seen: expected \(table id, seat\) pairs"):
        tables.touch_seats([first.id])  # type: ignore[list-item]
    with pytest.raises(StoreError, match=r"^within_s: expected seconds >= 0"):
        tables.seen_recently(first.id, 0, -1)
    with pytest.raises(NotFound):
        tables.seen_recently(9999, 0, 60)


def test_the_lobby_lists_tables_of_the_last_day_only(tables: TableStore, store: Store) -> None:
    assert LOBBY_MAX_AGE_S == 24 * 3600
    fresh, _ = tables.create_table("Frisch", "ddv", BOTS)
    old, _ = tables.create_table("Vergessen", "ddv", BOTS)
    started, _ = bot_table(tables)  # playing
    day_ago = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(hours=25)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE online_tables SET created_at = :t WHERE id IN (:a, :b)"),
            {"t": day_ago, "a": old.id, "b": started.id},
        )
    assert {t.id for t in tables.tables()} == {fresh.id, started.id}  # playing: listed however old
    assert {t.id for t in tables.tables(listed_only=False)} == {fresh.id, old.id, started.id}
    assert tables.table(old.id).status == "lobby"  # still there by its id


def test_an_unlisted_table_is_seen_with_its_invite_only(tables: TableStore) -> None:
    listed, _ = tables.create_table("Offen", "ddv", BOTS)
    hidden, _ = tables.create_table("Geheim", "ddv", BOTS, listed=False)
    assert all(tables.check_invite(listed.id, invite) for invite in (None, "", "x", hidden.invite))
    assert tables.check_invite(hidden.id, hidden.invite)
    for wrong in (None, "", hidden.invite[:-1], hidden.invite + "x", listed.invite):
        assert not tables.check_invite(hidden.id, wrong)
    with pytest.raises(NotFound):
        tables.check_invite(9999, None)


def test_a_watch_link_belongs_to_its_seat(tables: TableStore) -> None:
    """The holder of a seat gets its watch token: SHA-256 of "watch:" and the seat token's SHA-256, 32 hex
    characters. Only that token shows the seat's hand to a spectator; nobody derives it from the seat number
    or another token."""
    info, host = tables.create_table("T", "ddv", [(None, None), (None, None), (None, "rules"), (None, "rules")])
    _, anna = tables.claim_seat(info.id, 0, "Anna", None)
    _, ben = tables.claim_seat(info.id, 1, "Ben", None)
    expected = hashlib.sha256(("watch:" + hashlib.sha256(anna.encode()).hexdigest()).encode()).hexdigest()[:32]
    watch_anna = tables.watch_token(info.id, 0, anna)
    watch_ben = tables.watch_token(info.id, 1, ben)
    assert watch_anna == expected and watch_ben != watch_anna
    assert tables.watched_seat(info.id, watch_anna) == 0 and tables.watched_seat(info.id, watch_ben) == 1
    for wrong in (None, "", watch_anna[:-1], watch_anna.upper(), anna, host):
        assert tables.watched_seat(info.id, wrong) is None
    assert tables.seat_of(info.id, watch_anna) is None  # a watch link is no seat token
    for token in (ben, host, "", watch_anna):
        with pytest.raises(Forbidden, match=r"^token: only the player of seat 1 of table \d+ gets its watch link$"):
            tables.watch_token(info.id, 0, token)
    with pytest.raises(Forbidden):
        tables.watch_token(info.id, 2, anna)  # a computer player's seat has no holder
    # the seat given to another: the old watch link shows nothing any more
    tables.set_seat(info.id, 0, host_token=host, name=None, bot="rules")
    assert tables.watched_seat(info.id, watch_anna) is None
    with pytest.raises(NotFound):
        tables.watched_seat(9999, watch_anna)


# -- PostgreSQL: NOTIFY ---------------------------------------------------------------------------------


def test_postgresql_tells_other_connections_of_each_change(pg_url: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    conninfo = make_url(pg_url).set(drivername="postgresql").render_as_string(hide_password=False)
    with open_store(pg_url) as store, psycopg.connect(conninfo, autocommit=True) as listener:
        tables = TableStore(store)
        listener.execute("LISTEN doko_tables")
        info, _ = bot_table(tables)
        got = [n.payload for n in listener.notifies(timeout=10, stop_after=2)]
        assert got == [f"{info.id}:0", f"{info.id}:1"]  # created, started
        with pytest.raises(Conflict):
            tables.append_action(info.id, version=info.version - 1, deal=1, seat=1, action=0)
        version = tables.append_action(info.id, version=info.version, deal=1, seat=1, action=0)
        # the refused call sent nothing: the next notification is the accepted action's
        notices = list(listener.notifies(timeout=10, stop_after=1))
        assert [(n.channel, n.payload) for n in notices] == [("doko_tables", f"{info.id}:{version}")]
        # presence is no change of the table: no notification, the same version
        tables.touch_seats([(info.id, 0), (info.id, 1)])
        assert list(listener.notifies(timeout=1, stop_after=1)) == []
        assert tables.version(info.id) == version


# -- the migration from revision 0001 -------------------------------------------------------------------


def test_migration_from_0001_keeps_the_liste(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    from doppelkopf.storage.service import HEAD_REVISION, MIGRATIONS

    # the score sheet's rows written, then the database brought down to revision 0001 (before the online
    # tables, the analysis option, the client ids and the members): what a copy of that version left
    with open_store(url) as store:
        group = store.create_group("Donnerstag", ["Anna", "Ben", "Carla", "Dirk"])
        sitting = store.create_sitting(group.id, group.players, "vier-schritte")
        # seed 004, Beispiel 3: Anna's Kreuzsolo with 190 Augen: 3 Punkte from each, Anna +9
        store.add_game(sitting.id, {"game": "kreuz", "re": ["Anna"], "augen_re": 190}, number=1, author="Ben")
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
        connection.commit()
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0001"
    engine.dispose()
    with open_store(url) as store:
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == HEAD_REVISION
        assert [row.points for row in store.liste(sitting.id).rows] == [(9, -3, -3, -3)]
        assert store.history(sitting.id)[0].author == "Ben"
        # the new tables work in the migrated database, and the table joins the existing group
        info, _ = TableStore(store).create_table("Neu", "ddv", BOTS, group="donnerstag")
        assert info.group_id == group.id
        assert not info.analysis  # revision 0003: the analysis option, off unless chosen


def test_a_table_made_at_revision_0002_has_no_analysis_after_the_upgrade(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    from doppelkopf.storage.service import MIGRATIONS

    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.commit()
    old = Store(engine)
    group = old.create_group("Donnerstag", ["Anna", "Ben", "Carla", "Dirk"])
    old.close()
    now = datetime.datetime(2026, 12, 1, 12, 0)
    table = {"id": 7, "name": "Alt", "rules_toml": get_preset("ddv").to_toml(), "rules_name": "ddv", "seed": 5}
    table |= {"invite": "i" * 32, "host_hash": "h" * 64, "listed": True, "status": "lobby", "group_id": group.id}
    table |= {"sitting_id": None, "pace_ms": 0, "grace_s": 60, "next_game_s": 10, "version": 1, "deal": 0}
    table |= {"created_at": now, "changed_at": now}
    with engine.begin() as connection:  # a row as revision 0002 wrote it: no analysis column yet
        connection.execute(text(f"INSERT INTO online_tables ({', '.join(table)}) VALUES (:{', :'.join(table)})"), table)
        for seat in range(4):
            connection.execute(
                text(
                    "INSERT INTO online_seats (table_id, seat, bot, standin, shows_hand) "
                    "VALUES (7, :seat, 'rules', false, false)"
                ),
                {"seat": seat},
            )
    with open_store(url) as store:
        info = TableStore(store).table(7)
        assert info.analysis is False  # revision 0003's default for the rows it found
        assert info.bots == ("rules",) * 4  # and the table keeps its seats (no copy of the table cascades)


# -- many actions in one transaction (append_actions, the server's group commit) ------------------------------


def room(tables: TableStore, table_id: int) -> TableState:
    """The table's current deal in memory, rebuilt from storage (as a server's room is)."""
    snapshot = tables.state(table_id)
    info = snapshot.info
    assert snapshot.deal is not None
    state = TableState(info.rules, [n or "" for n in info.names], info.bots, info.seed)
    state.start_deal(snapshot.deal, snapshot.actions)
    return state


def next_writes(tables: TableStore, table_id: int, count: int) -> list[ActionWrite]:
    """The next ``count`` actions of the table's computer players (none finishing the deal) as writes, each with
    the version the one before makes (the store's state is not changed)."""
    state = room(tables, table_id)
    assert state.deal is not None
    version = tables.version(table_id)
    writes = []
    for _ in range(count):
        step = state.decide(range(4))
        assert step is not None
        state.apply(*step)
        assert not state.finished
        writes.append(ActionWrite(table_id, version, state.deal.number, len(state.actions) - 1, *step))
        version += 1
    return writes


def test_a_batch_writes_the_writes_that_fit_and_refuses_a_stale_one(tables: TableStore) -> None:
    one, two, three = (bot_table(tables, seed=seed)[0] for seed in (11, 12, 13))
    assert one.version == two.version == three.version == 1  # created (0), started (1)
    first = next_writes(tables, one.id, 2)
    (second,) = next_writes(tables, two.id, 1)
    (third,) = next_writes(tables, three.id, 1)
    stale = dataclasses.replace(second, version=0)  # decided before the table started
    results = tables.append_actions([first[0], stale, third, first[1]])
    # the writes that fit are written, each giving the version it makes; the stale one is refused
    assert results[0] == 2 and results[2] == 2 and results[3] == 3
    assert isinstance(results[1], Conflict)
    assert str(results[1]) == f"table {two.id} moved on (version 1, not 0): reload"
    # the database: each written action moved its table's version by one, the refused write left no trace
    for table, writes in ((one, first), (two, []), (three, [third])):
        snapshot = tables.state(table.id)
        assert snapshot.actions == tuple((w.seat, w.action) for w in writes)
        assert snapshot.version == table.version + len(writes) and not snapshot.finished
    # the write that now fits goes through
    assert tables.append_actions([second]) == [2]
    assert tables.state(two.id).actions == ((second.seat, second.action),)


def test_a_refused_write_names_what_the_table_is_and_writes_nothing(tables: TableStore, store: Store) -> None:
    info, host = bot_table(tables, seed=11)
    (write,) = next_writes(tables, info.id, 1)
    results = tables.append_actions(
        [
            dataclasses.replace(write, deal=2),
            dataclasses.replace(write, seq=1),  # a gap: the deal has no action yet
            ActionWrite(9999, 0, 1, 0, 0, 0),
        ]
    )
    assert [type(r) for r in results] == [Conflict, Conflict, NotFound]
    assert [str(r) for r in results] == [
        f"table {info.id} plays deal 1, not deal 2: reload",
        f"deal 1 of table {info.id} has 0 actions, not 1: reload",
        "table 9999: not found",
    ]
    assert actions_and_version(tables, info.id) == ((), info.version, False)
    # a seq already taken is refused like a stale version, in the same batch as in a later one
    version, twice = tables.append_actions([write, dataclasses.replace(write, version=info.version + 1)])
    assert version == info.version + 1
    assert str(twice) == f"deal 1 of table {info.id} has 1 actions, not 0: reload"
    (again,) = tables.append_actions([dataclasses.replace(write, version=version)])
    assert str(again) == f"deal 1 of table {info.id} has 1 actions, not 0: reload"
    # a paused table takes no action
    tables.set_status(info.id, "paused", host_token=host)
    paused = tables.version(info.id)
    (nothing,) = next_writes(tables, info.id, 1)
    assert str(tables.append_actions([nothing])[0]) == f"table {info.id} is paused: no action is taken now"
    tables.set_status(info.id, "playing", host_token=host)
    # a deal played out takes no action any more (its last action came through append_action)
    play_deal(tables, info.id)
    done = tables.state(info.id)
    late = ActionWrite(info.id, done.version, 1, len(done.actions), 0, 0)
    assert str(tables.append_actions([late])[0]) == f"deal 1 of table {info.id} is over: no more actions in it"
    assert tables.version(info.id) == done.version > paused and store.sitting(info.sitting_id or 0).games == 1
    # fields are checked when a write is made; a batch takes writes only
    with pytest.raises(StoreError, match=r"^seat: expected a seat 0\.\.3"):
        ActionWrite(info.id, 1, 1, 0, 4, 0)
    with pytest.raises(StoreError, match=r"^version: expected an integer 0\.\."):
        ActionWrite(info.id, -1, 1, 0, 0, 0)
    with pytest.raises(StoreError, match=r"^writes\[0\]: expected an ActionWrite, got tuple"):
        tables.append_actions([(info.id, 1, 1, 0, 0, 0)])  # type: ignore[list-item]
    assert tables.append_actions([]) == []


def test_batches_give_the_table_append_action_gives(tables: TableStore) -> None:
    single, _ = bot_table(tables, seed=11)
    batched, _ = bot_table(tables, seed=11)
    steps = next_writes(tables, single.id, 30)
    for write in steps:
        tables.append_action(single.id, version=write.version, deal=1, seat=write.seat, action=write.action)
    # the same actions in batches of 7 (several of one table per batch), mixed with a table of another seed
    other, _ = bot_table(tables, seed=12)
    others = next_writes(tables, other.id, 5)
    writes = [dataclasses.replace(w, table_id=batched.id) for w in steps]
    for start in range(0, 30, 7):
        extra = others[start // 7 : start // 7 + 1]
        results = tables.append_actions(writes[start : start + 7] + extra)
        assert results == [w.version + 1 for w in writes[start : start + 7] + extra]
    a, b = tables.state(single.id), tables.state(batched.id)
    assert a.actions == b.actions and len(a.actions) == 30
    assert a.version == b.version == single.version + 30
    assert (a.finished, a.thrown_in, a.game_number) == (b.finished, b.thrown_in, b.game_number) == (False, False, None)
    # a server restarted on the batched table plays on from the same position
    assert room(tables, batched.id).actions == room(tables, single.id).actions
    assert tables.versions([single.id, batched.id, other.id, 9999]) == {
        single.id: single.version + 30,
        batched.id: batched.version + 30,
        other.id: other.version + 5,
    }
    assert tables.versions([]) == {}
    with pytest.raises(StoreError, match=r"^table: expected an integer id"):
        tables.versions(["1"])  # type: ignore[list-item]


def test_whole_games_written_in_batches_go_on_the_liste(tables: TableStore, store: Store) -> None:
    infos = [bot_table(tables, seed=seed)[0] for seed in (11, 12, 13)]
    states = {info.id: room(tables, info.id) for info in infos}
    versions = {info.id: info.version for info in infos}
    while any(not state.finished for state in states.values()):
        batch: list[ActionWrite] = []
        for table_id, state in states.items():  # up to 5 actions of each table, as a server's batch takes them
            for _ in range(5):
                if state.finished:
                    break
                step = state.decide(range(4))
                assert step is not None and state.deal is not None
                state.apply(*step)
                if state.finished:  # the action that ends the deal records the game: append_action
                    results = tables.append_actions(batch)
                    assert all(isinstance(r, int) for r in results), results
                    batch = []
                    versions[table_id] = tables.append_action(
                        table_id,
                        version=versions[table_id],
                        deal=1,
                        seat=step[0],
                        action=step[1],
                        entry=state.entry(),
                        thrown_in=state.thrown_in,
                        finished=True,
                    )
                    break
                batch.append(ActionWrite(table_id, versions[table_id], 1, len(state.actions) - 1, *step))
                versions[table_id] += 1
        results = tables.append_actions(batch)
        assert all(isinstance(r, int) for r in results), results
    for info in infos:
        state = states[info.id]
        snapshot = tables.state(info.id)
        assert state.game is not None and snapshot.finished and snapshot.actions == tuple(state.actions)
        assert snapshot.version == info.version + len(state.actions)
        assert snapshot.liste is not None
        if state.thrown_in:
            assert snapshot.liste.rows == () and not snapshot.recorded
            continue
        # DDV: no Bock; the Liste's Punkte are the core's score of the game played
        assert snapshot.game_number == 1 and len(snapshot.liste.rows) == 1
        assert snapshot.liste.rows[0].points == state.game.score().points
        assert store.history(info.sitting_id or 0)[0].author == "online"
    assert any(not states[i.id].thrown_in for i in infos)


def test_a_batch_the_database_refuses_is_written_write_by_write(tables: TableStore, store: Store) -> None:
    one, two, three = (bot_table(tables, seed=seed)[0] for seed in (11, 12, 13))
    # the database refuses any action numbered 999 (a trigger: a failure the store's checks cannot foresee)
    with store.engine.begin() as connection:
        if store.engine.dialect.name == "sqlite":
            connection.exec_driver_sql(
                "CREATE TRIGGER refuse BEFORE INSERT ON online_actions WHEN NEW.action = 999 "
                "BEGIN SELECT RAISE(ABORT, 'action 999 refused'); END"
            )
        else:
            connection.exec_driver_sql(
                "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 999 THEN "
                "RAISE EXCEPTION 'action 999 refused'; END IF; RETURN NEW; END $$"
            )
            connection.exec_driver_sql(
                "CREATE TRIGGER refuse BEFORE INSERT ON online_actions FOR EACH ROW EXECUTE FUNCTION refuse()"
            )
    (first,) = next_writes(tables, one.id, 1)
    (second,) = next_writes(tables, two.id, 1)
    (third,) = next_writes(tables, three.id, 1)
    results = tables.append_actions([first, dataclasses.replace(second, action=999), third])
    assert results[0] == results[2] == 2
    assert isinstance(results[1], StoreError) and "action 999 refused" in str(results[1])
    assert actions_and_version(tables, one.id) == (((first.seat, first.action),), 2, False)
    assert actions_and_version(tables, two.id) == ((), 1, False)
    assert actions_and_version(tables, three.id) == (((third.seat, third.action),), 2, False)


def test_two_servers_write_crossing_batches_each_write_exactly_once(url: str) -> None:
    with open_store(url) as one, open_store(url) as two:
        first, second = TableStore(one), TableStore(two)
        a, _ = bot_table(first, seed=11)
        b, _ = bot_table(first, seed=12)
        (wa,) = next_writes(first, a.id, 1)
        (wb,) = next_writes(first, b.id, 1)
        start = threading.Barrier(2)
        outcome: dict[str, list[int | StoreError]] = {}

        def append(tables: TableStore, who: str, writes: list[ActionWrite]) -> None:
            start.wait()
            outcome[who] = tables.append_actions(writes)

        threads = [
            threading.Thread(target=append, args=(first, "one", [wa, wb])),
            threading.Thread(target=append, args=(second, "two", [wb, wa])),  # the other order
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        # each table's action is written by exactly one of the two; the other got the Conflict
        by_table = {a.id: [outcome["one"][0], outcome["two"][1]], b.id: [outcome["one"][1], outcome["two"][0]]}
        for table_id, got in by_table.items():
            assert sorted(str(r) for r in got) == ["2", f"table {table_id} moved on (version 2, not 1): reload"]
            assert len(first.state(table_id).actions) == 1 and first.version(table_id) == 2


def test_postgresql_tells_of_each_table_a_batch_wrote_once(pg_url: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    conninfo = make_url(pg_url).set(drivername="postgresql").render_as_string(hide_password=False)
    with open_store(pg_url) as store, psycopg.connect(conninfo, autocommit=True) as listener:
        tables = TableStore(store)
        one, two, three = (bot_table(tables, seed=seed)[0] for seed in (11, 12, 13))
        listener.execute("LISTEN doko_tables")
        first = next_writes(tables, one.id, 3)
        (second,) = next_writes(tables, two.id, 1)
        (third,) = next_writes(tables, three.id, 1)
        results = tables.append_actions([first[0], second, first[1], dataclasses.replace(third, version=0), first[2]])
        assert results[:3] == [2, 2, 3] and isinstance(results[3], Conflict) and results[4] == 4
        # one notification per table written, with its last version; none for the table not written
        got = [(n.channel, n.payload) for n in listener.notifies(timeout=10, stop_after=2)]
        assert sorted(got) == sorted([("doko_tables", f"{one.id}:4"), ("doko_tables", f"{two.id}:2")])
        # nothing more: not for the refused write, nor for a batch with nothing written
        assert isinstance(tables.append_actions([dataclasses.replace(third, version=0)])[0], Conflict)
        assert list(listener.notifies(timeout=1, stop_after=1)) == []


# -- the analysis option (revision 0003) ---------------------------------------------------------------------


def test_the_analysis_option_is_stored_with_the_table(tables: TableStore) -> None:
    plain, _ = tables.create_table("Ohne", "ddv", BOTS)
    with_analysis, _ = tables.create_table("Mit", "ddv", BOTS, analysis=True)
    assert plain.analysis is False  # off unless chosen at creation
    assert tables.table(with_analysis.id).analysis is True
    assert [t.analysis for t in tables.tables()] == [True, False]  # newest first
    with pytest.raises(StoreError, match=r"^analysis: expected true or false, got str$"):
        tables.create_table("Falsch", "ddv", BOTS, analysis="yes")  # type: ignore[arg-type]
    assert [t.name for t in tables.tables()] == ["Mit", "Ohne"]  # nothing written
