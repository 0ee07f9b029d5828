"""Tests of the list (Liste) and its settlement in money; numbers from seed 004 and worked by hand."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf.rules import ANSAGE, DDV, GameType, Party
from doppelkopf.scoring import GameSummary, Score, Sonderpunkt, score
from doppelkopf.session import Session
from doppelkopf.sheet import Row, Sheet, SheetError, Transfer, format_euro, settle

SEED_PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


def seed_sheet() -> Sheet:
    """The list of seed 004, "Die Liste führen": three games of Anna, Ben, Carla, Dirk."""
    sheet = Sheet(SEED_PLAYERS)
    # Beispiel 3: Anna's Kreuzsolo, 3 Punkte, tripled for the soloist.
    sheet.add("Kreuzsolo Anna", {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3})
    # Beispiel 1: Re (Ben & Carla) wins with +4.
    sheet.add("Re Ben & Carla +4", {"Anna": -4, "Ben": 4, "Carla": 4, "Dirk": -4})
    # Beispiel 2: Re misses its Absage, Kontra (Anna & Dirk) gets +5.
    sheet.add("Re Ben & Carla verliert −5", {"Anna": 5, "Ben": -5, "Carla": -5, "Dirk": 5})
    return sheet


# -- seed 004, "Die Liste führen" -----------------------------------------------------------------


def test_seed_list_running_totals() -> None:
    sheet = seed_sheet()
    assert [row.label for row in sheet.rows] == [
        "Kreuzsolo Anna",
        "Re Ben & Carla +4",
        "Re Ben & Carla verliert −5",
    ]
    assert [row.totals for row in sheet.rows] == [
        (9, -3, -3, -3),
        (5, 1, 1, -7),
        (10, -4, -4, -2),
    ]
    assert sheet.rows[1].points == (-4, 4, 4, -4)
    assert sheet.totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}
    for row in sheet.rows:
        assert sum(row.totals) == 0
    sheet.check()


def test_seed_list_from_sequences_in_player_order() -> None:
    sheet = Sheet(SEED_PLAYERS)
    row = sheet.add("Kreuzsolo Anna", [9, -3, -3, -3])
    assert row == Row("Kreuzsolo Anna", (9, -3, -3, -3), 1, (9, -3, -3, -3))
    sheet.add("Re Ben & Carla +4", (-4, 4, 4, -4))
    sheet.add("Re Ben & Carla verliert −5", [5, -5, -5, 5])
    assert sheet == seed_sheet()


def test_empty_sheet_totals_are_zero() -> None:
    sheet = Sheet(SEED_PLAYERS)
    assert sheet.rows == ()
    assert sheet.totals == {"Anna": 0, "Ben": 0, "Carla": 0, "Dirk": 0}
    assert sheet.settlement(10) == []


# -- seed 004, "Abrechnen in Geld" ----------------------------------------------------------------


def test_seed_settlement_at_ten_cents() -> None:
    transfers = seed_sheet().settlement(cents_per_point=10)
    # Anna +10 receives 100 cents; Ben -4 and Carla -4 pay 40 each, Dirk -2 pays 20.
    assert transfers == [
        Transfer("Ben", "Anna", 40),
        Transfer("Carla", "Anna", 40),
        Transfer("Dirk", "Anna", 20),
    ]


def test_seed_amounts_in_euro() -> None:
    # Stand * 10 cents: Anna 10 -> 100 cents, Ben/Carla -4 -> -40, Dirk -2 -> -20.
    assert format_euro(10 * 10) == "1,00 €"
    assert format_euro(-4 * 10) == "−0,40 €"
    assert format_euro(-2 * 10) == "−0,20 €"
    assert format_euro(-40).startswith("\u2212")  # the real minus sign, not a hyphen
    assert [format_euro(t.cents) for t in seed_sheet().settlement(10)] == ["0,40 €", "0,40 €", "0,20 €"]


def test_format_euro_edge_cases() -> None:
    assert format_euro(0) == "0,00 €"
    assert format_euro(5) == "0,05 €"
    assert format_euro(-5) == "−0,05 €"
    assert format_euro(1999) == "19,99 €"
    assert format_euro(123456) == "1.234,56 €"
    assert format_euro(-100000000) == "−1.000.000,00 €"
    with pytest.raises(SheetError):
        format_euro(1.5)  # type: ignore[arg-type]


# -- fewest transfers -----------------------------------------------------------------------------


def test_fewest_transfers_two_pairs() -> None:
    # A +5 / C -5 and B +3 / D -3 settle pairwise: 2 transfers, not 3.
    transfers = settle({"A": 5, "B": 3, "C": -5, "D": -3}, cents_per_point=10)
    assert transfers == [Transfer("C", "A", 50), Transfer("D", "B", 30)]


def test_fewest_transfers_beats_biggest_first() -> None:
    # A +6, B +5, C +2, D -7, E -6. Paying biggest debtor to biggest creditor needs 4 transfers
    # (D->A 6, E->B 5, E->C 1, D->C 1). The groups {A, E} (6 - 6) and {B, C, D} (5 + 2 - 7) need
    # 1 + 2 = 3: E pays A 6, D pays B 5 and C 2.
    transfers = settle({"A": 6, "B": 5, "C": 2, "D": -7, "E": -6}, cents_per_point=1)
    assert len(transfers) == 3
    assert transfers == [Transfer("D", "B", 5), Transfer("D", "C", 2), Transfer("E", "A", 6)]


def test_settle_skips_players_at_zero_and_sorts_by_input_order() -> None:
    transfers = settle({"Emil": 0, "Dirk": -3, "Anna": 3, "Ben": 0}, cents_per_point=20)
    assert transfers == [Transfer("Dirk", "Anna", 60)]
    assert settle({"A": 0, "B": 0, "C": 0, "D": 0}, 10) == []


def test_settle_rejects_bad_input() -> None:
    with pytest.raises(SheetError, match="sum"):
        settle({"A": 5, "B": -4, "C": 0, "D": 0}, 10)
    with pytest.raises(SheetError, match="12"):
        settle({f"P{i}": 0 for i in range(13)}, 10)
    with pytest.raises(SheetError, match="cents_per_point"):
        settle({"A": 1, "B": -1}, 0)
    with pytest.raises(SheetError, match="'B'"):
        settle({"A": 1, "B": -1.0}, 10)  # type: ignore[dict-item]


def test_settle_twelve_players_exactly() -> None:
    # Six pairs +k / -k, k = 1..6: six groups of two, so 12 - 6 = 6 transfers, one per pair.
    totals: dict[str, int] = {}
    for k in range(1, 7):
        totals[f"Plus{k}"] = k
        totals[f"Minus{k}"] = -k
    transfers = settle(totals, 1)
    assert sorted((t.payer, t.payee, t.cents) for t in transfers) == sorted(
        (f"Minus{k}", f"Plus{k}", k) for k in range(1, 7)
    )


# -- adding rows ----------------------------------------------------------------------------------


def test_non_zero_sum_row_is_rejected_and_sheet_unchanged() -> None:
    sheet = seed_sheet()
    before = sheet.to_dict()
    with pytest.raises(SheetError) as info:
        sheet.add("Schreibfehler", {"Anna": 4, "Ben": 4, "Carla": -4, "Dirk": -3})
    message = str(info.value)
    assert "Schreibfehler" in message
    assert "+1" in message  # 4 + 4 - 4 - 3
    assert sheet.to_dict() == before
    assert len(sheet.rows) == 3
    assert sheet.totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}


def test_unknown_player_is_rejected_and_sheet_unchanged() -> None:
    sheet = seed_sheet()
    with pytest.raises(SheetError, match="unknown player 'Erik'"):
        sheet.add("Spiel 4", {"Anna": 1, "Erik": -1})
    assert len(sheet.rows) == 3
    assert sheet.totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}


def test_wrong_number_of_entries_is_rejected() -> None:
    sheet = Sheet(SEED_PLAYERS)
    with pytest.raises(SheetError, match="expected 4 entries"):
        sheet.add("zu kurz", [1, -1, 0])
    with pytest.raises(SheetError, match="expected 4 entries"):
        sheet.add("zu lang", [1, -1, 0, 0, 0])
    with pytest.raises(SheetError, match="int"):
        sheet.add("kein int", [1.0, -1, 0, 0])  # type: ignore[list-item]
    with pytest.raises(SheetError, match="multiplier"):
        sheet.add("Bock 0", [1, -1, 0, 0], multiplier=0)
    assert sheet.rows == ()


def test_sitting_out_player_gets_zero() -> None:
    # Table of five: Emil deals and sits out; Anna's Kreuzsolo as in seed 004.
    sheet = Sheet(["Anna", "Ben", "Carla", "Dirk", "Emil"])
    row = sheet.add("Kreuzsolo Anna", {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3})
    assert row.points == (9, -3, -3, -3, 0)
    # Next game Anna sits out; Re Emil & Ben win +4.
    row = sheet.add("Re Emil & Ben +4", {"Ben": 4, "Carla": -4, "Dirk": -4, "Emil": 4})
    assert row.points == (0, 4, -4, -4, 4)
    assert sheet.totals == {"Anna": 9, "Ben": 1, "Carla": -7, "Dirk": -7, "Emil": 4}


def test_bock_multiplier_doubles_points() -> None:
    # Seed 004, "Bockrunden": all Punkte of the game are doubled. Beispiel 1 (+4) in a Bockrunde.
    sheet = Sheet(SEED_PLAYERS)
    row = sheet.add("Re Ben & Carla +4 (Bock)", [-4, 4, 4, -4], multiplier=2)
    assert row.points == (-8, 8, 8, -8)
    assert row.base_points == (-4, 4, 4, -4)
    assert row.multiplier == 2
    assert sheet.totals == {"Anna": -8, "Ben": 8, "Carla": 8, "Dirk": -8}


def test_players_are_validated() -> None:
    with pytest.raises(SheetError, match="at least 4"):
        Sheet(["Anna", "Ben", "Carla"])
    with pytest.raises(SheetError, match=r"^players\[3\]: 'Anna' is the same player as players\[0\]"):
        Sheet(["Anna", "Ben", "Carla", "Anna"])
    with pytest.raises(SheetError, match=r"^players\[3\]: the name is empty"):
        Sheet(["Anna", "Ben", "Carla", ""])
    with pytest.raises(SheetError):
        Sheet("Anna")
    assert Sheet(["A", "B", "C", "D", "E", "F"]).players == ("A", "B", "C", "D", "E", "F")


def test_names_are_one_player_in_any_normal_form_and_case() -> None:
    """'Jürgen' typed with a combining diaeresis and with the precomposed 'ü', or 'anna' and 'Anna', are one
    player: refused as a second column, found as the same column when a game is added."""
    with pytest.raises(SheetError, match=r"^players\[4\]: 'Jürgen' is the same player as players\[0\]"):
        Sheet(["J\u00fcrgen", "Ben", "Carla", "Dirk", "Ju\u0308rgen"])
    with pytest.raises(SheetError, match=r"^players\[2\]: 'ANNA' is the same player as players\[0\]"):
        Sheet(["Anna", "Ben", "ANNA", "Dirk"])
    sheet = Sheet(["Ju\u0308rgen ", "Ben", "Carla", "Dirk"])
    assert sheet.players == ("J\u00fcrgen", "Ben", "Carla", "Dirk")
    sheet.add("Re Jürgen & Ben +1", {"J\u00fcrgen": 1, "ben": 1, "Carla": -1, "DIRK": -1})
    assert sheet.totals == {"J\u00fcrgen": 1, "Ben": 1, "Carla": -1, "Dirk": -1}
    result = score(GameSummary(GameType.NORMAL, frozenset({0, 1}), 130), DDV)  # Re (seats 0, 1) wins: 1 Punkt
    sheet.add_score("Re Jürgen & Ben +1", result, ["jürgen", "Ben", "Carla", "Dirk"])
    assert sheet.totals == {"J\u00fcrgen": 2, "Ben": 2, "Carla": -2, "Dirk": -2}
    with pytest.raises(SheetError, match="seats name a player twice"):
        sheet.add_score("x", result, ["Jürgen", "JÜRGEN", "Carla", "Dirk"])


def test_a_name_of_invisible_characters_is_empty() -> None:
    """A zero-width space alone shows as a blank column on the Liste: refused like an empty name."""
    with pytest.raises(SheetError, match=r"^players\[1\]: the name is empty \(it holds only invisible characters\)"):
        Sheet(["Anna", "\u200b", "Carla", "Dirk"])


@pytest.mark.parametrize(
    "twin", ["\uff21nna", "An\u200bna", "\uff41\uff4e\uff4e\uff41"], ids=["fullwidth", "zero-width", "all fullwidth"]
)
def test_names_that_look_alike_are_one_player(twin: str) -> None:
    """A full-width 'Ａ' or an invisible zero-width space prints like 'Anna' on the Liste: one player, not two."""
    with pytest.raises(SheetError, match=r"^players\[3\]: .* is the same player as players\[0\]"):
        Sheet(["Anna", "Ben", "Carla", twin])


@pytest.mark.parametrize(
    ("name", "why"),
    [("A" * 41, "at most 40 characters"), ("A" * 10_000_000, "at most 40 characters"), ("Ca\nrla", "U+000A")],
    ids=["41 characters", "10 MB", "newline"],
)
def test_names_too_long_or_with_control_characters_are_refused(name: str, why: str) -> None:
    """A name fits in one cell of the Liste: at most 40 characters, no control characters."""
    with pytest.raises(SheetError) as info:
        Sheet(["Anna", "Ben", name, "Dirk"])
    assert str(info.value).startswith("players[2]: ") and why in str(info.value) and len(str(info.value)) < 200
    with pytest.raises(SheetError, match=r"^players\[2\]: "):
        Session(DDV, ["Anna", "Ben", name, "Dirk"])


def test_check_detects_a_tampered_row() -> None:
    sheet = seed_sheet()
    sheet._rows[1] = Row("Re Ben & Carla +4", (-4, 4, 4, -4), 1, (5, 1, 1, -6))  # wrong Dirk total
    with pytest.raises(SheetError, match="row 1"):
        sheet.check()


# -- add_score ------------------------------------------------------------------------------------


def test_add_score_with_seed_example_1() -> None:
    # Seed 004, Beispiel 1: Ben (seat 1) and Carla (seat 2) are Re, say "Re", get 151 Augen; Ben
    # catches a Fuchs, Kontra makes a Doppelkopf: +4 for Ben and Carla, -4 for Anna and Dirk.
    summary = GameSummary(
        GameType.NORMAL,
        frozenset({1, 2}),
        augen_re=151,
        announcements=(ANSAGE, 0),
        sonderpunkte=(Sonderpunkt("fuchs_gefangen", Party.RE), Sonderpunkt("doppelkopf", Party.KONTRA)),
    )
    sheet = Sheet(SEED_PLAYERS)
    sheet.add("Kreuzsolo Anna", [9, -3, -3, -3])
    row = sheet.add_score("Re Ben & Carla +4", score(summary, DDV), SEED_PLAYERS)
    assert row.points == (-4, 4, 4, -4)
    assert row.totals == (5, 1, 1, -7)


def test_add_score_maps_seats_to_columns() -> None:
    # Five players; Anna sits out and the seats run Dirk, Emil, Ben, Carla. A solo of seat 1
    # (Emil) worth 2: Emil +6, the three others -2 each.
    solo = Score(Party.RE, (), 2, (-2, 6, -2, -2), True, 3)
    sheet = Sheet(["Anna", "Ben", "Carla", "Dirk", "Emil"])
    row = sheet.add_score("Solo Emil", solo, ["Dirk", "Emil", "Ben", "Carla"], multiplier=2)
    assert row.points == (0, -4, -4, -4, 12)
    with pytest.raises(SheetError, match="4 players"):
        sheet.add_score("drei Sitze", solo, ["Dirk", "Emil", "Ben"])
    with pytest.raises(SheetError, match="twice"):
        sheet.add_score("doppelt", solo, ["Dirk", "Emil", "Ben", "Dirk"])
    with pytest.raises(SheetError, match="unknown player 'Erik'"):
        sheet.add_score("fremd", solo, ["Dirk", "Erik", "Ben", "Carla"])
    assert len(sheet.rows) == 1


# -- plain data -----------------------------------------------------------------------------------


def test_to_dict_from_dict_round_trip() -> None:
    sheet = seed_sheet()
    sheet.add("Re Ben & Carla +4 (Bock)", [-4, 4, 4, -4], multiplier=2)
    data = sheet.to_dict()
    assert data["players"] == SEED_PLAYERS
    assert data["rows"][0] == {"label": "Kreuzsolo Anna", "points": [9, -3, -3, -3], "multiplier": 1}
    assert data["rows"][3] == {"label": "Re Ben & Carla +4 (Bock)", "points": [-4, 4, 4, -4], "multiplier": 2}
    loaded = Sheet.from_dict(json.loads(json.dumps(data)))
    assert loaded == sheet
    assert loaded.totals == {"Anna": 2, "Ben": 4, "Carla": 4, "Dirk": -10}


def test_from_dict_names_row_index_and_field() -> None:
    good = {"label": "ok", "points": [1, -1, 0, 0]}
    with pytest.raises(SheetError, match=r"rows\[1\]\.points.*sum \+1"):
        Sheet.from_dict({"players": SEED_PLAYERS, "rows": [good, {"label": "x", "points": [1, 0, 0, 0]}]})
    with pytest.raises(SheetError, match=r"rows\[0\]\.multiplier"):
        Sheet.from_dict({"players": SEED_PLAYERS, "rows": [{**good, "multiplier": 0}]})
    with pytest.raises(SheetError, match=r"rows\[2\]\.label"):
        Sheet.from_dict({"players": SEED_PLAYERS, "rows": [good, good, {"points": [0, 0, 0, 0]}]})
    with pytest.raises(SheetError, match=r"rows\[0\]\.points"):
        Sheet.from_dict({"players": SEED_PLAYERS, "rows": [{"label": "x", "points": [1, -1]}]})
    with pytest.raises(SheetError, match=r"rows\[0\]\.points"):
        Sheet.from_dict({"players": SEED_PLAYERS, "rows": [{"label": "x", "points": [1, -1, "0", 0]}]})
    with pytest.raises(SheetError, match=r"rows\[0\]: unknown keys \['punkte'\]"):
        Sheet.from_dict({"players": SEED_PLAYERS, "rows": [{**good, "punkte": 1}]})
    with pytest.raises(SheetError, match="players"):
        Sheet.from_dict({"rows": []})
    with pytest.raises(SheetError, match="players"):
        Sheet.from_dict({"players": ["Anna", "Ben", "Carla"], "rows": []})


# -- properties -----------------------------------------------------------------------------------


@st.composite
def zero_sum_games(draw: st.DrawFn) -> tuple[list[str], list[tuple[list[int], int]]]:
    n = draw(st.integers(4, 7))
    players = [f"P{i}" for i in range(n)]
    games = []
    for _ in range(draw(st.integers(0, 12))):
        head = draw(st.lists(st.integers(-30, 30), min_size=n - 1, max_size=n - 1))
        points = head + [-sum(head)]
        order = draw(st.permutations(range(n)))
        games.append(([points[i] for i in order], draw(st.integers(1, 4))))
    return players, games


@settings(max_examples=150, deadline=None)
@given(zero_sum_games())
def test_property_zero_sum_games_keep_list_balanced(case: tuple[list[str], list[tuple[list[int], int]]]) -> None:
    players, games = case
    sheet = Sheet(players)
    expected = [0] * len(players)
    for index, (points, multiplier) in enumerate(games):
        row = sheet.add(f"Spiel {index + 1}", points, multiplier)
        expected = [e + p * multiplier for e, p in zip(expected, points, strict=True)]
        assert sum(row.points) == 0
        assert sum(row.totals) == 0
        assert list(row.totals) == expected
    assert sum(sheet.totals.values()) == 0
    assert list(sheet.totals.values()) == expected
    sheet.check()
    assert Sheet.from_dict(sheet.to_dict()) == sheet


def _set_partitions(items: Sequence[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in range(len(rest) + 1):
        for mates in itertools.combinations(rest, size):
            others = [x for x in rest if x not in mates]
            for partition in _set_partitions(others):
                yield [[first, *mates], *partition]


def _brute_force_minimum(balances: Sequence[int]) -> int:
    """Fewest transfers: non-zero players minus the most blocks of a partition into zero-sum blocks."""
    open_ = [i for i, b in enumerate(balances) if b != 0]
    if not open_:
        return 0
    most = max(len(p) for p in _set_partitions(open_) if all(sum(balances[i] for i in block) == 0 for block in p))
    return len(open_) - most


@st.composite
def zero_sum_totals(draw: st.DrawFn) -> dict[str, int]:
    n = draw(st.integers(2, 7))
    head = draw(st.lists(st.integers(-12, 12), min_size=n - 1, max_size=n - 1))
    return {f"P{i}": t for i, t in enumerate([*head, -sum(head)])}


@settings(max_examples=200, deadline=None)
@given(zero_sum_totals(), st.integers(1, 50))
def test_property_settlement_balances_every_account(totals: dict[str, int], cents: int) -> None:
    transfers = settle(totals, cents)
    received = dict.fromkeys(totals, 0)
    for t in transfers:
        assert t.cents > 0
        assert t.payer != t.payee
        received[t.payee] += t.cents
        received[t.payer] -= t.cents
    assert received == {name: total * cents for name, total in totals.items()}
    assert len(transfers) <= len(totals) - 1
    assert len(transfers) == _brute_force_minimum(list(totals.values()))
    assert transfers == settle(totals, cents)  # deterministic
