"""The Liste of a sitting computed from its entries (doppelkopf.liste): seed 004's list, seed 002's Bock,
tables of five to seven, quick entries, Pflichtsoli and corrections. Expected Punkte are worked by hand
from the seeds' sentences quoted next to them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf.liste import ListeBuilder, ListeError, compute_liste, entry_form
from doppelkopf.rules import get_preset
from doppelkopf.session import sitting_out

FOUR = ["Anna", "Ben", "Carla", "Dirk"]

# Seed 004: Beispiel 3 (Kreuzsolo Anna, 190 Augen), Beispiel 1 (Re Ben & Carla, 151, "Re", Fuchs for Re,
# Doppelkopf for Kontra), Beispiel 2 (Re Ben & Carla, "Re" and "keine 90", 140 Augen).
SEED_004 = [
    {"game": "kreuz", "re": ["Anna"], "augen_re": 190},
    {
        "game": "normal",
        "re": ["Ben", "Carla"],
        "augen_re": 151,
        "announcements": {"re": ["re"]},
        "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
    },
    {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 140, "announcements": {"re": ["re", "keine_90"]}},
]


def test_seed_004_list_and_settlement() -> None:
    liste = compute_liste(get_preset("vier-schritte"), FOUR, SEED_004)
    # "Die Liste führen": 9/-3/-3/-3, 5/1/1/-7, 10/-4/-4/-2, and the sum of the totals is zero after every game.
    assert [row.totals for row in liste.rows] == [(9, -3, -3, -3), (5, 1, 1, -7), (10, -4, -4, -2)]
    assert all(sum(row.totals) == 0 and sum(row.points) == 0 for row in liste.rows)
    assert [row.label for row in liste.rows] == ["Kreuzsolo Anna +9", "Re Ben & Carla +4", "Re Ben & Carla verliert −5"]
    # "Ben zahlt Anna 0,40 €, Carla zahlt Anna 0,40 €, Dirk zahlt Anna 0,20 €" at 10 cents a Punkt.
    assert [(t.payer, t.payee, t.cents) for t in liste.settlement(10)] == [
        ("Ben", "Anna", 40),
        ("Carla", "Anna", 40),
        ("Dirk", "Anna", 20),
    ]
    solo, won, lost = liste.rows
    assert (solo.solo, solo.soloist, solo.winners, solo.value) == (True, "Anna", ("Anna",), 3)
    assert (won.re, won.kontra, won.winners, won.announced) == (
        ("Ben", "Carla"),
        ("Anna", "Dirk"),
        ("Ben", "Carla"),
        {"re": 1, "kontra": 0},
    )
    assert (lost.winners, lost.value, lost.announced["re"]) == (("Anna", "Dirk"), 5, 2)
    # Anna's Kreuzsolo is her Pflichtsolo (vier-schritte plays the TSR's rounds: "a solo is the Pflichtsolo while
    # its player has none in this round"), so she deals again (TSR 4.2.5); then the deal moves on clockwise.
    assert [row.pflichtsolo for row in liste.rows] == [True, False, False]
    assert [row.dealer for row in liste.rows] == ["Anna", "Anna", "Ben"]
    assert liste.next.dealer == "Carla" and liste.next.number == 4
    assert liste.pflichtsolo_owed == ("Ben", "Carla", "Dirk")


def test_quick_entries_split_a_solo_three_to_one() -> None:
    rules = get_preset("vier-schritte")
    quick = [
        {"winners": ["Anna"], "punkte": 3, "game": "kreuz"},  # seed 004: "Im Solo zählt der Solist dreifach"
        {"winners": ["Ben", "Carla"], "punkte": 4},
        {"winners": ["Anna", "Dirk"], "punkte": 5},
        {"winners": ["Anna", "Ben", "Carla"], "punkte": 2},  # Dirk's solo lost: he pays 3 x 2
    ]
    liste = compute_liste(rules, FOUR, quick)
    assert [row.points for row in liste.rows] == [(9, -3, -3, -3), (-4, 4, 4, -4), (5, -5, -5, 5), (2, 2, 2, -6)]
    assert liste.totals == {"Anna": 12, "Ben": -2, "Carla": -2, "Dirk": -8}
    assert liste.rows[3].label == "Solo Dirk verliert −6" and liste.rows[3].soloist == "Dirk"


def test_doppelbock_spaltarsch_starts_four_bock_games_and_deleting_it_removes_them() -> None:
    rules = get_preset("doppelbock")
    spaltarsch = {"game": "normal", "re": ["Anna", "Ben"], "augen_re": 120}
    plain = {"game": "normal", "re": ["Anna", "Carla"], "augen_re": 151}
    games = [spaltarsch, plain, plain, plain, plain, plain]
    liste = compute_liste(rules, FOUR, games)
    # Seed 002: Re needs 121 ("Keine 120"), so Kontra wins 120:120: Keine 120 (1) + gegen die Alten (1) = 2.
    assert liste.rows[0].points == (-2, -2, 2, 2)
    assert liste.rows[0].triggers == ("spaltarsch",)
    # "Böcke entstehen durch ... Spaltarsch": a Bock round of four games; "Böcke verdoppeln die so gezählten
    # Punkte": Re wins with 151 (Keine 120 + Keine 90 = 2), doubled to 4, for games 2..5; game 6 is plain.
    assert [row.multiplier for row in liste.rows] == [1, 2, 2, 2, 2, 1]
    assert [row.points[0] for row in liste.rows[1:]] == [4, 4, 4, 4, 2]
    after = compute_liste(rules, FOUR, games[1:])  # the same sitting with the 120:120 game deleted
    assert [row.multiplier for row in after.rows] == [1] * 5
    assert after.totals == {"Anna": 10, "Ben": -10, "Carla": 10, "Dirk": -10}
    assert after.bock_queue == () and liste.bock_queue == ()


def test_a_bock_still_owed_is_shown() -> None:
    rules = get_preset("doppelbock")
    liste = compute_liste(rules, FOUR, [{"game": "normal", "re": ["Anna", "Ben"], "augen_re": 120}])
    assert liste.bock_queue == (2, 2, 2, 2) and liste.next.bock_multiplier == 2


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (5, [("A",), ("B",), ("C",), ("D",), ("E",), ("A",)]),
        (6, [("A", "D"), ("B", "E"), ("C", "F"), ("A", "D"), ("B", "E"), ("C", "F")]),
        (7, [("A", "D", "E"), ("B", "E", "F"), ("C", "F", "G"), ("A", "D", "G"), ("A", "B", "E"), ("B", "C", "F")]),
    ],
)
def test_larger_tables_rotate_who_sits_out(players: int, expected: list[tuple[str, ...]]) -> None:
    names = "ABCDEFG"[:players]
    rules = get_preset("ddv").replace(pflichtsolo=False)
    builder = ListeBuilder(rules, list(names))
    for _ in expected:
        nxt = builder.next_game()
        builder.add({"winners": list(nxt.active[:2]), "punkte": 1})
    rows = builder.liste().rows
    assert [row.sitting_out for row in rows] == expected
    # The dealer sits out ("dealer" is the usual rule) and the players who sit out get 0.
    for row in rows:
        assert row.dealer in row.sitting_out
        for name, points in zip(names, row.points, strict=True):
            if name in row.sitting_out:
                assert points == 0


def test_the_next_dealers_variant() -> None:
    assert sitting_out(6, 0, "next_dealers") == (0, 1)
    assert sitting_out(7, 6, "next_dealers") == (0, 1, 6)


def test_a_player_who_sits_out_cannot_be_named() -> None:
    rules = get_preset("ddv").replace(pflichtsolo=False)
    names = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
    with pytest.raises(ListeError, match=r"^game 1: re\[0\]: 'Anna' sits out this game$"):
        compute_liste(rules, names, [{"game": "normal", "re": ["anna", "Ben"], "augen_re": 130}])
    with pytest.raises(
        ListeError, match=r"^game 1: winners\[1\]: 'Zoe' is not one of the players \(Anna, Ben, Carla, Dirk, Eva\)"
    ):
        compute_liste(rules, names, [{"winners": ["Ben", "Zoe"], "punkte": 1}])


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"game": "normal", "re": ["Anna", "Ben"], "augen_re": 250}, r"game 1: augen_re: 250 is outside 0\.\.240"),
        ({"game": "armut", "re": ["Anna", "Ben"], "augen_re": 130}, r"game 1: game: the Armut is not played"),
        ({"game": "normal", "re": ["Anna", "Ben"], "augen_re": 130, "bock": 2}, r"game 1: bock: unknown field"),
        ({"winners": ["Anna"], "punkte": -1}, r"game 1: punkte: expected an integer 0\.\.1000"),
        ({"winners": ["Anna"], "punkte": 10**30}, r"game 1: punkte: expected an integer 0\.\.1000 .*, got 1000000000"),
        ({"winners": ["Anna"], "punkte": 1, "events": ["spaltarsch"]}, r"game 1: events\[0\]: 'spaltarsch' starts no"),
        ({"winners": ["Anna", "Ben"], "punkte": 1, "game": "kreuz"}, r"game 1: winners: a Kreuzsolo is one against"),
        ({"winners": [], "punkte": 3}, r"game 1: winners: a game worth 3 Punkte has winners"),
        ({"game": "normal", "re": ["Anna", "Ben"], "augen_re": 130, "pflichtsolo": True}, r"pflichtsolo: a Normal"),
        ("kreuz", r"game 1: entry: expected an object, got a string"),
    ],
)
def test_bad_entries_name_the_game_and_the_field(entry: Any, message: str) -> None:
    with pytest.raises(ListeError, match=message):
        compute_liste(get_preset("ddv"), FOUR, [entry])


def test_pflichtsolo_owed_and_the_same_dealer_deals_again() -> None:
    rules = get_preset("ddv")  # TSR 4.2: one Pflichtsolo per player in a round of 24 games
    liste = compute_liste(rules, FOUR, [{"game": "damen", "re": ["Ben"], "augen_re": 121, "pflichtsolo": True}])
    assert liste.pflichtsolo_owed == ("Anna", "Carla", "Dirk")
    # TSR 4.2.5: after a Pflichtsolo (not vorgeführt) the same dealer deals again.
    assert liste.rows[0].dealer == "Anna" and liste.next.dealer == "Anna"
    with pytest.raises(ListeError, match="game 2: pflichtsolo: Ben already played the Pflichtsolo in round 1"):
        compute_liste(
            rules,
            FOUR,
            [liste_entry := {"game": "damen", "re": ["Ben"], "augen_re": 121, "pflichtsolo": True}, liste_entry],
        )


def test_vorfuehrung_names_the_player_who_must_play() -> None:
    rules = get_preset("ddv")
    games = [{"game": "normal", "re": ["Anna", "Ben"], "augen_re": 130}] * 20
    liste = compute_liste(rules, FOUR, games)
    # TSR 4.2.3: four Pflichtsoli missing with four games left: the first from the dealer's left is forced.
    assert liste.next.dealer == "Anna" and liste.next.forced_solo == "Ben"


def test_entry_form_offers_only_what_the_rules_have() -> None:
    ddv, house = entry_form(get_preset("ddv")), entry_form(get_preset("doppelbock"))
    assert "armut" not in [g["key"] for g in ddv["games"]] and "armut" in [g["key"] for g in house["games"]]
    assert ddv["events"] == [] and ddv["bock"] is False
    assert [e["key"] for e in house["events"]] == ["spaltarsch", "lost_kontra"]  # the others are derived
    assert "karlchen_gefangen" in house["extras"] and "karlchen_gefangen" not in ddv["extras"]


_names = st.sampled_from(FOUR)


@st.composite
def _quick_entries(draw: st.DrawFn) -> dict[str, Any]:
    winners = draw(st.lists(_names, min_size=1, max_size=3, unique=True))
    entry: dict[str, Any] = {"winners": winners, "punkte": draw(st.integers(0, 12))}
    if draw(st.booleans()):
        entry["events"] = ["spaltarsch"]
    return entry


@settings(max_examples=60, deadline=None)
@given(st.lists(_quick_entries(), max_size=14), st.integers(0, 14))
def test_resuming_from_a_snapshot_gives_the_same_list(entries: list[dict[str, Any]], cut: int) -> None:
    rules = get_preset("doppelbock")
    whole = compute_liste(rules, FOUR, entries)
    assert all(sum(row.totals) == 0 for row in whole.rows)
    cut = min(cut, len(entries))
    first = ListeBuilder(rules, FOUR)
    for entry in entries[:cut]:
        first.add(entry)
    resumed = ListeBuilder.resume(rules, FOUR, first.snapshot())
    for entry in entries[cut:]:
        resumed.add(entry)
    assert tuple(first.rows) + tuple(resumed.rows) == whole.rows
    assert resumed.liste().bock_queue == whole.bock_queue and resumed.liste().totals == whole.totals


def test_a_game_keeps_its_dealer_when_an_earlier_game_is_deleted() -> None:
    """At a table of five, deleting game 2 must not shift who dealt and who sat out in games 3 and 4: the table
    dealt them as it did. A store writes each game's dealer into its entry; the rotation goes on from there."""
    rules = get_preset("ddv").replace(pflichtsolo=False)
    five = ["Anna", "Ben", "Carla", "Dirk", "Eva"]
    builder = ListeBuilder(rules, five)
    entries = []
    for winners in (["Ben", "Carla"], ["Anna", "Carla"], ["Anna", "Ben"], ["Ben", "Carla"]):
        row = builder.add({"winners": winners, "punkte": 1})
        entries.append({"winners": winners, "punkte": 1, "dealer": row.dealer})
    assert [row.dealer for row in builder.rows] == ["Anna", "Ben", "Carla", "Dirk"]
    after = compute_liste(rules, five, entries[:1] + entries[2:])  # game 2 deleted
    assert [row.dealer for row in after.rows] == ["Anna", "Carla", "Dirk"]
    assert [row.sitting_out for row in after.rows] == [("Anna",), ("Carla",), ("Dirk",)]
    assert after.next.dealer == "Eva"  # the rotation goes on after the last game's dealer
    # Without the stored dealers the rotation would move on by one and name a player who sits out.
    with pytest.raises(ListeError, match=r"game 2: winners\[1\]: 'Ben' sits out this game"):
        compute_liste(rules, five, [{k: v for k, v in e.items() if k != "dealer"} for e in entries[:1] + entries[2:]])
    with pytest.raises(ListeError, match=r"game 1: dealer: 'Zoe' is not one of the players"):
        compute_liste(rules, five, [{"winners": ["Ben", "Carla"], "punkte": 1, "dealer": "Zoe"}])
    # A refused entry leaves the builder as it was, its dealer too.
    fresh = ListeBuilder(rules, five)
    with pytest.raises(ListeError, match=r"game 1: winners\[0\]: 'Zed' is not one of the players"):
        fresh.add({"dealer": "Carla", "winners": ["Zed"], "punkte": 1})
    assert fresh.next_game().dealer == "Anna"


def test_the_value_is_signed_from_the_winners_side() -> None:
    # Re wins with 125 Augen (1 Punkt); Kontra catches a Fuchs and makes a Doppelkopf (2 Sonderpunkte): TSR 7.2.3
    # nets them, so each Re player gets 1 - 2 = -1 although Re won.
    entry = {
        "game": "normal",
        "re": ["Anna", "Ben"],
        "augen_re": 125,
        "extras": [{"type": "fuchs_gefangen", "party": "kontra"}, {"type": "doppelkopf", "party": "kontra"}],
    }
    row = compute_liste(get_preset("ddv"), FOUR, [entry]).rows[0]
    assert (row.winners, row.value, row.points) == (("Anna", "Ben"), -1, (-1, -1, 1, 1))


def test_entry_form_limits_come_from_the_rules() -> None:
    limits = entry_form(get_preset("ddv"))["limits"]
    # 240 Augen hold at most six tricks of 40 (TSR 7.2.3 a); two Karo-Asse; one last trick.
    assert limits["extras"] == {"doppelkopf": 6, "fuchs_gefangen": 2, "karlchen": 1}
    assert (limits["augen_re"], limits["tricks"]) == (240, 12)
    assert entry_form(get_preset("ohne-neunen"))["limits"]["tricks"] == 10


def test_a_first_solo_is_the_pflichtsolo_a_second_a_lustsolo() -> None:
    """Option pflichtsolo (TSR 4.2.3, 4.3.1): a solo is the Pflichtsolo while its player has none in this round."""
    rules = get_preset("ddv")
    solo = {"game": "buben", "re": ["Carla"], "augen_re": 130}
    liste = compute_liste(rules, FOUR, [solo, solo])
    assert [row.pflichtsolo for row in liste.rows] == [True, False]
    # The Pflichtsolo keeps the dealer (Anna deals again, TSR 4.2.5), the Lustsolo moves the deal on.
    assert [row.dealer for row in liste.rows] == ["Anna", "Anna"] and liste.next.dealer == "Ben"
    with pytest.raises(ListeError, match=r"game 1: pflichtsolo: Carla has not played the Pflichtsolo of round 1, so"):
        compute_liste(rules, FOUR, [{**solo, "pflichtsolo": False}])
    # Without the rule every solo is a Lustsolo (seed 000: "Es gibt keine Pflichtsolis").
    assert compute_liste(rules.replace(pflichtsolo=False), FOUR, [solo]).rows[0].pflichtsolo is False


def test_a_quick_one_against_three_takes_the_bock_only_when_it_is_no_declared_solo() -> None:
    """Seed 002: "Mit Ausnahme einer Stillen Hochzeit kommen Soli nicht in die Bockwertung." A quick entry of one
    against three counts as a declared solo (no Bock) unless it says it was none (a Hochzeit alone)."""
    rules = get_preset("doppelbock")
    spaltarsch = {"game": "normal", "re": ["Anna", "Ben"], "augen_re": 120}
    solo = compute_liste(rules, FOUR, [spaltarsch, {"winners": ["Anna"], "punkte": 2}])
    alone = compute_liste(rules, FOUR, [spaltarsch, {"winners": ["Anna"], "punkte": 2, "pflichtsolo": False}])
    assert (solo.rows[1].multiplier, solo.rows[1].points[0]) == (1, 6)  # 3 x 2, no Bock
    assert (alone.rows[1].multiplier, alone.rows[1].points[0]) == (2, 12)  # 3 x 2, doubled
