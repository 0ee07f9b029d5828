"""Table entries (scoring without playing): the example files, the JSON view, and one-line errors naming the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doppelkopf.entry import (
    Entry,
    EntryError,
    load_entry_text,
    parse_entry,
    result_to_json,
    score_entry,
)
from doppelkopf.rules import ANSAGE, KEINE_60, SCHWARZ, GameType, Party

ENTRIES = Path(__file__).parent / "data" / "entries"


def load(name: str) -> dict[str, Any]:
    path = ENTRIES / name
    return load_entry_text(path.read_text(encoding="utf-8"), path.name)


def base(**changes: Any) -> dict[str, Any]:
    """Seed 004, Beispiel 1 (Ben & Carla say Re and take 151 Augen) with ``changes``; ``None`` drops a field."""
    data: dict[str, Any] = {
        "players": ["Anna", "Ben", "Carla", "Dirk"],
        "game": "normal",
        "re": ["Ben", "Carla"],
        "augen_re": 151,
        "announcements": {"re": ["re"]},
        "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def error_of(data: Any) -> str:
    with pytest.raises(EntryError) as info:
        score_entry(data)
    message = str(info.value)
    assert "\n" not in message
    return message


# -- example files ---------------------------------------------------------------------------------------


def test_example_seed004_beispiel1() -> None:
    """tests/data/entries/seed004_beispiel1.json: seed 004 Beispiel 1, Ben & Carla +4 each."""
    out = result_to_json(score_entry(load("seed004_beispiel1.json")))
    assert out == {
        "game": "normal",
        "players": ["Anna", "Ben", "Carla", "Dirk"],
        "rules": "ddv",
        "solo": False,
        "winner": "re",
        "items": [
            {"key": "gewonnen", "label": "Gewonnen", "punkte": 1},
            {"key": "unter_90", "label": "Gegner unter 90", "punkte": 1},
            {"key": "re_angesagt", "label": "Re angesagt", "punkte": 2},
            {"key": "sonderpunkte_re", "label": out["items"][3]["label"], "punkte": 1},
            {"key": "sonderpunkte_kontra", "label": out["items"][4]["label"], "punkte": -1},
        ],
        "value": 4,
        "bock": 1,
        "points": {"Anna": -4, "Ben": 4, "Carla": 4, "Dirk": -4},
    }
    assert "Fuchs" in out["items"][3]["label"] and "Doppelkopf" in out["items"][4]["label"]
    json.dumps(out)  # plain JSON data


def test_example_seed004_beispiel3_kreuzsolo() -> None:
    """tests/data/entries/seed004_beispiel3_kreuzsolo.json: Anna's Kreuzsolo with 190 Augen, +9 / -3 each."""
    out = result_to_json(score_entry(load("seed004_beispiel3_kreuzsolo.json")))
    assert out["game"] == "kreuz" and out["solo"] is True and out["winner"] == "re"
    assert [(i["key"], i["punkte"]) for i in out["items"]] == [("gewonnen", 1), ("unter_90", 1), ("unter_60", 1)]
    assert out["value"] == 3
    assert out["points"] == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}


def test_example_tsr_schwarz_verfehlt() -> None:
    """tests/data/entries/tsr_schwarz_verfehlt.json: TSR fact sheet D10, Anna & Dirk announce up to schwarz and
    Kontra (Ben & Carla) takes one trick of 10 Augen: Kontra wins, 1 + 2 + 4 Absagen + gegen die Alten = 8."""
    entry = parse_entry(load("tsr_schwarz_verfehlt.json"))
    assert entry.summary.tricks_re == 11 and entry.summary.tricks_kontra == 1  # derived from the hand size
    assert entry.summary.announcements == (SCHWARZ, 0)
    out = result_to_json(score_entry(load("tsr_schwarz_verfehlt.json")))
    assert out["winner"] == "kontra" and out["value"] == 8
    assert out["points"] == {"Anna": -8, "Ben": 8, "Carla": 8, "Dirk": -8}


def test_parse_entry_builds_the_summary() -> None:
    """parse_entry maps names to seats and announcement lists to the highest level per party."""
    entry = parse_entry(base(announcements={"re": ["re", "keine_90", "keine_60"], "kontra": ["kontra"]}))
    assert isinstance(entry, Entry)
    assert entry.players == ("Anna", "Ben", "Carla", "Dirk")
    assert entry.rules.name == "ddv"
    assert entry.summary.game_type is GameType.NORMAL
    assert entry.summary.re_seats == frozenset({1, 2})
    assert entry.summary.announcements == (KEINE_60, ANSAGE)
    assert [(s.kind, s.party) for s in entry.summary.sonderpunkte] == [
        ("fuchs_gefangen", Party.RE),
        ("doppelkopf", Party.KONTRA),
    ]
    assert entry.summary.tricks_re is None and entry.summary.tricks_kontra is None


def test_absage_without_ansage_implies_it() -> None:
    """TSR 6.4.3: "keine 90" alone implies Re: seed 004 Beispiel 2 typed without "re" still gives Kontra +5."""
    out = result_to_json(score_entry(base(augen_re=140, announcements={"re": ["keine_90"]}, extras=[])))
    assert out["winner"] == "kontra"
    assert [i["key"] for i in out["items"]] == ["gewonnen", "re_angesagt", "keine_90_re", "gegen_die_alten"]
    assert out["points"] == {"Anna": 5, "Ben": -5, "Carla": -5, "Dirk": 5}


def test_rules_mapping_with_options() -> None:
    """rules as a mapping: seed 004's "nur die Sonderpunkte" when nobody wins (TSR fact sheet D6 + Re Fuchs)."""
    data = base(
        augen_re=140,
        rules={"preset": "ddv", "nobody_wins": "sonderpunkte"},
        announcements={"re": ["keine_90"], "kontra": ["keine_90"]},
        extras=[{"type": "fuchs_gefangen", "party": "re"}],
    )
    out = result_to_json(score_entry(data))
    assert out["winner"] is None
    assert out["points"] == {"Anna": -1, "Ben": 1, "Carla": 1, "Dirk": -1}


def test_tricks_kontra_derived_from_hand_size_without_nines() -> None:
    """With with_nines = false a hand has 10 cards: tricks_re 10 leaves Kontra 0 tricks (schwarz)."""
    entry = parse_entry(
        base(
            rules={"with_nines": False, "deal_packets": [3, 4, 3], "announcement_deadlines": [9, 8, 7, 6, 5]},
            augen_re=240,
            tricks_re=10,
            extras=[],
        )
    )
    assert entry.summary.tricks_kontra == 0


# -- errors: one line naming the field -------------------------------------------------------------------


def test_error_augen_outside_range() -> None:
    assert error_of(base(augen_re=250)) == "augen_re: 250 is outside 0..240"
    assert error_of(base(augen_re=-1)).startswith("augen_re: ")


def test_error_unknown_player_in_re() -> None:
    message = error_of(base(re=["Ben", "Erik"]))
    assert message.startswith("re[1]: ") and "'Erik'" in message


def test_error_bad_game_type() -> None:
    message = error_of(base(game="ramsch"))
    assert message.startswith("game: ") and "'ramsch'" in message


def test_error_bad_announcement() -> None:
    message = error_of(base(announcements={"re": ["re", "keine_80"]}))
    assert message.startswith("announcements.re[1]: ") and "'keine_80'" in message


def test_error_kontra_announcing_re() -> None:
    message = error_of(base(announcements={"re": ["re"], "kontra": ["keine_90", "re"]}))
    assert message.startswith("announcements.kontra[1]: ") and "'re'" in message


def test_error_re_announcing_kontra() -> None:
    assert error_of(base(announcements={"re": ["kontra"]})).startswith("announcements.re[0]: ")


def test_error_announcement_twice() -> None:
    assert error_of(base(announcements={"re": ["re", "re"]})).startswith("announcements.re[1]: ")


def test_error_unknown_announcement_party() -> None:
    assert error_of(base(announcements={"re": ["re"], "contra": []})).startswith("announcements.contra: unknown field")


def test_error_bad_json_names_source_line_and_column() -> None:
    text = '{\n  "players": ["Anna", "Ben", "Carla", "Dirk"],\n  "game" "normal"\n}\n'
    with pytest.raises(EntryError) as info:
        load_entry_text(text, "entry.json")
    assert str(info.value).startswith("entry.json line 3 column 10: ")


def test_error_json_not_an_object() -> None:
    with pytest.raises(EntryError, match=r"^entry\.json: .*object"):
        load_entry_text('["Anna", "Ben"]', "entry.json")


def test_error_json_duplicate_key() -> None:
    with pytest.raises(EntryError, match=r"^entry\.json: duplicate key 'augen_re'"):
        load_entry_text('{"augen_re": 100, "augen_re": 140}', "entry.json")


@pytest.mark.parametrize("field", ["players", "game", "re", "augen_re"])
def test_error_missing_field(field: str) -> None:
    assert error_of(base(**{field: None})).startswith(f"{field}: missing")


def test_error_unknown_top_level_field() -> None:
    message = error_of(base(augen=140))
    assert message.startswith("augen: unknown field")


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"augen_re": "151"}, "augen_re"),
        ({"augen_re": True}, "augen_re"),  # a bool is not an integer
        ({"augen_re": 151.0}, "augen_re"),
        ({"players": "Anna, Ben, Carla, Dirk"}, "players"),
        ({"players": ["Anna", "Ben", "Carla", 4]}, "players[3]"),
        ({"re": "Ben"}, "re"),
        ({"game": 1}, "game"),
        ({"tricks_re": "11"}, "tricks_re"),
        ({"announcements": ["re"]}, "announcements"),
        ({"announcements": {"re": "re"}}, "announcements.re"),
        ({"announcements": {"re": [2]}}, "announcements.re[0]"),
        ({"extras": {"type": "doppelkopf"}}, "extras"),
        ({"extras": ["doppelkopf"]}, "extras[0]"),
        ({"extras": [{"type": "fuchs", "party": "re"}]}, "extras[0].type"),
        ({"extras": [{"type": "doppelkopf", "party": "Ben"}]}, "extras[0].party"),
        ({"extras": [{"type": "doppelkopf"}]}, "extras[0].party"),
        ({"extras": [{"type": "doppelkopf", "party": "re", "trick": 3}]}, "extras[0].trick"),
        ({"rules": 3}, "rules"),
        ({"rules": "skat"}, "rules"),
        ({"rules": {"bogus": 1}}, "rules"),
        ({"rules": {"solo_factor": 4}}, "rules.solo_factor"),
    ],
)
def test_error_wrong_type_or_value_names_the_path(changes: dict[str, Any], path: str) -> None:
    assert error_of(base(**changes)).startswith(f"{path}: ")


def test_error_not_a_mapping() -> None:
    assert error_of(["Anna"]).startswith("entry: ")


@pytest.mark.parametrize(
    ("players", "path"),
    [
        (["Anna", "Ben", "Carla"], "players"),
        (["Anna", "Ben", "Carla", " "], "players[3]"),
        (["Anna", "Ben", "Carla", "anna"], "players[3]"),
    ],
)
def test_error_players(players: list[str], path: str) -> None:
    assert error_of(base(players=players)).startswith(f"{path}: ")


def test_error_re_party_sizes_from_the_core() -> None:
    """The party sizes are checked by scoring (ScoreError), reported as EntryError on ``re``."""
    assert error_of(base(re=["Ben"])).startswith("re: ")
    assert error_of(base(game="kreuz")).startswith("re: ")
    assert error_of(base(game="stille_hochzeit")).startswith("re: ")
    assert error_of(base(re=["Ben", "Ben"])).startswith("re[1]: ")
    assert error_of(base(re=[])).startswith("re: ")


def test_error_hochzeit_with_three_re_players() -> None:
    assert error_of(base(game="hochzeit", re=["Anna", "Ben", "Carla"])).startswith("re: ")


def test_error_tricks() -> None:
    assert error_of(base(tricks_kontra=13)).startswith("tricks_kontra: 13 is outside 0..12")
    assert error_of(base(tricks_re=11, tricks_kontra=2)).startswith("tricks_re")
    # Kontra has 89 Augen but no trick: reported by the core, named as tricks_re.
    assert error_of(base(tricks_re=12)).startswith("tricks_re: ")


def test_error_solo_not_in_rule_set() -> None:
    message = error_of(base(game="fleischlos", re=["Anna"], rules={"solo_types": ["kreuz", "damen"]}))
    assert message.startswith("game: ")


@pytest.mark.parametrize(
    ("extras", "path"),
    [
        (
            [{"type": "fuchs_gefangen", "party": "re"}] * 2 + [{"type": "fuchs_gefangen", "party": "kontra"}],
            "extras[2]",
        ),
        ([{"type": "karlchen", "party": "re"}, {"type": "karlchen", "party": "kontra"}], "extras[1]"),
        # Kontra has 89 Augen: three Doppelkopf would need 120.
        ([{"type": "doppelkopf", "party": "kontra"}] * 3, "extras[2]"),
    ],
)
def test_error_implausible_sonderpunkte(extras: list[dict[str, str]], path: str) -> None:
    assert error_of(base(extras=extras)).startswith(f"{path}: ")


def test_error_doppelkopf_of_a_party_without_tricks() -> None:
    """Kontra with 0 tricks (tricks_re 12, Re 240 Augen) cannot have made a Doppelkopf."""
    message = error_of(base(augen_re=240, tricks_re=12))
    assert message.startswith("extras[1]: ") and "Doppelkopf" in message


def test_error_more_doppelkopf_than_tricks() -> None:
    """Re with 200 Augen in 2 tricks cannot have made 3 Doppelkopf; 13 Doppelkopf exceed the 12 tricks."""
    three = [{"type": "doppelkopf", "party": "re"}] * 3
    assert error_of(base(augen_re=200, tricks_re=2, extras=three)).startswith("extras[2]: ")
    many = [{"type": "doppelkopf", "party": "re"}] * 13
    assert error_of(base(augen_re=240, extras=many)).startswith("extras[")
