"""Table entries (scoring without playing): the example files, the JSON view, and one-line errors naming the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doppelkopf.entry import (
    Entry,
    EntryError,
    load_entry_bytes,
    load_entry_text,
    parse_entry,
    result_to_json,
    score_entry,
)
from doppelkopf.i18n import translator
from doppelkopf.rules import ANSAGE, KEINE_60, SCHWARZ, GameType, Party

DE, EN = translator("de"), translator("en")  # the score labels as a German / English reader sees them

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
    out = result_to_json(score_entry(load("seed004_beispiel1.json")), DE.text)
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
    """Re with 88 Augen in 2 tricks (the eight Asse) cannot have made 3 Doppelkopf; 13 Doppelkopf exceed the 12
    tricks. (200 Augen in 2 tricks is refused before that: 8 cards hold at most 8 x 11 = 88 Augen.)"""
    three = [{"type": "doppelkopf", "party": "re"}] * 3
    assert error_of(base(augen_re=88, tricks_re=2, extras=three)).startswith("extras[2]: ")
    assert error_of(base(augen_re=200, tricks_re=2, extras=three)).startswith("tricks_re: ")
    many = [{"type": "doppelkopf", "party": "re"}] * 13
    assert error_of(base(augen_re=240, extras=many)).startswith("extras[")


# -- hardening: nesting, names, impossible games ---------------------------------------------------


@pytest.mark.parametrize("text", ["[" * 5000, '{"players": ' + "[" * 5000 + "]" * 5000 + "}", '{"a": ' * 3000])
def test_error_deeply_nested_json_is_one_line(text: str) -> None:
    """JSON nested thousands of levels deep is refused with one line naming the source (no RecursionError)."""
    with pytest.raises(EntryError) as info:
        load_entry_text(text, "entry.json")
    message = str(info.value)
    assert message.startswith("entry.json") and "nested too deeply" in message and "\n" not in message


def test_error_nesting_deeper_than_the_limit_inside_a_field() -> None:
    """150 levels parse in Python but are refused as well: a table entry is never nested that deep."""
    text = json.dumps({**base(), "extras": json.loads("[" * 150 + "]" * 150)})
    with pytest.raises(EntryError, match=r"^entry\.json: .*nested too deeply"):
        load_entry_text(text, "entry.json")


def test_error_nan_is_no_json_number() -> None:
    with pytest.raises(EntryError, match=r"^entry\.json: .*NaN"):
        load_entry_text('{"augen_re": NaN}', "entry.json")


def test_entry_bytes_must_be_utf8() -> None:
    """The bytes of an entry file: UTF-8 (a byte order mark is allowed), else one line naming the byte."""
    data = json.dumps(base(), ensure_ascii=False).encode("utf-8")
    assert load_entry_bytes(b"\xef\xbb\xbf" + data, "entry.json") == base()
    with pytest.raises(EntryError, match=r"^entry\.json: not UTF-8 text \(byte 2\)$"):
        load_entry_bytes(b'{"\xff": 1}', "entry.json")


def test_players_are_compared_in_normal_form_and_case_folded() -> None:
    """'Jürgen' with a combining diaeresis (U+0308) and with the precomposed 'ü' is one player."""
    message = error_of(base(players=["J\u00fcrgen", "Ben", "Carla", "Ju\u0308rgen"]))
    assert message.startswith("players[3]: ") and "same player as players[0]" in message


def test_re_names_match_players_after_normalisation() -> None:
    """A name in ``re`` is found in ``players`` in any Unicode normal form and case: here Jürgen is seat 0."""
    entry = parse_entry(base(players=["J\u00fcrgen", "Ben", "Carla", "Dirk"], re=["ju\u0308rgen", "BEN"]))
    assert entry.players == ("J\u00fcrgen", "Ben", "Carla", "Dirk")
    assert entry.summary.re_seats == frozenset({0, 1})


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("A" * 41, "at most 40 characters"),
        ("A" * 10_000_000, "at most 40 characters"),
        ("Anna\nBen", "U+000A"),
        ("Anna\u2028Ben", "U+2028"),
        ("Anna\u0085Ben", "U+0085"),
        ("Anna\u202eneB", "U+202E"),
    ],
    ids=["41 characters", "10 MB", "newline", "U+2028", "U+0085", "bidi override"],
)
def test_error_player_name_too_long_or_with_control_characters(name: str, why: str) -> None:
    message = error_of(base(players=["Anna", "Ben", name, "Dirk"]))
    assert message.startswith("players[2]: ") and why in message and len(message) < 200


def test_error_re_name_with_control_character() -> None:
    assert error_of(base(re=["Ben", "Car\nla"])).startswith("re[1]: ")


@pytest.mark.parametrize("kind", ["karlchen", "karlchen_gefangen", "fuchs_am_end", "fuchs_gefangen", "doppelkopf"])
@pytest.mark.parametrize("party", ["re", "kontra"])
def test_error_sonderpunkt_of_a_party_without_a_trick(kind: str, party: str) -> None:
    """A Sonderpunkt lies in a trick of its party (TSR 7.2.3; seeds 000, 002): a party that is schwarz has none.
    Without trick counts 0 Augen means no trick; with tricks_re the count says it."""
    augen_re = 240 if party == "kontra" else 0
    extras = [{"type": kind, "party": party}]
    assert error_of(base(augen_re=augen_re, extras=extras)).startswith("extras[0]: ")
    tricks_re = 12 if party == "kontra" else 0
    assert error_of(base(augen_re=augen_re, tricks_re=tricks_re, extras=extras)).startswith("extras[0]: ")


@pytest.mark.parametrize(("augen_re", "tricks"), [(1, {}), (239, {}), (1, {"tricks_re": 1})])
def test_error_augen_no_cards_add_up_to(augen_re: int, tricks: dict[str, int]) -> None:
    """The deck holds cards of 11, 10, 4, 3, 2 and 0 Augen: no set of cards holds exactly 1 Augen, so neither Re
    with 1 nor Kontra with 240 - 239 = 1 is possible."""
    assert error_of(base(augen_re=augen_re, extras=[], **tricks)).startswith("augen_re: ")


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        # 11 tricks are 44 cards, but only the 8 nines have 0 Augen.
        ({"augen_re": 0, "tricks_re": 11}, "tricks_re"),
        # 3 tricks are 12 cards: again more than the 8 nines.
        ({"augen_re": 0, "tricks_kontra": 9}, "tricks_kontra"),
        # one trick is 4 cards of at most 11 Augen: 44 at most, not 45.
        ({"augen_re": 45, "tricks_re": 1}, "tricks_re"),
        # Kontra's one trick with 240 - 195 = 45 Augen: the same.
        ({"augen_re": 195, "tricks_re": 11}, "tricks_re"),
    ],
)
def test_error_augen_that_the_tricks_cannot_hold(changes: dict[str, int], field: str) -> None:
    assert error_of(base(extras=[], **changes)).startswith(f"{field}: ")


def test_augen_that_tricks_can_hold_are_accepted() -> None:
    """Re with 0 Augen in 2 tricks (the 8 nines), Re with 44 Augen in one trick (four Asse), Re with 2 Augen (a
    Bube and three nines): possible, scored."""
    assert parse_entry(base(augen_re=0, tricks_re=2, extras=[])).summary.tricks_kontra == 10
    assert parse_entry(base(augen_re=44, tricks_re=1, extras=[])).summary.augen_re == 44
    assert parse_entry(base(augen_re=2, extras=[])).summary.augen_re == 2


def test_error_augen_without_nines() -> None:
    """Without nines (40 cards) every card has at least 2 Augen: one trick holds at least 4 x 2 = 8 Augen,
    so Re with 7 Augen is impossible, with 8 (four Buben) possible."""
    rules = {"with_nines": False, "deal_packets": [3, 4, 3], "announcement_deadlines": [9, 8, 7, 6, 5]}
    assert error_of(base(rules=rules, augen_re=7, extras=[])).startswith("augen_re: ")
    assert parse_entry(base(rules=rules, augen_re=8, extras=[])).summary.augen_re == 8


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        # a caught Fuchs (Karo-Ass, 11 Augen) in a trick of Kontra, which has 240 - 230 = 10 Augen
        ({"augen_re": 230, "extras": [{"type": "fuchs_gefangen", "party": "kontra"}]}, "extras[0]"),
        # two Doppelkopf (2 x 40 Augen) for Kontra with 240 - 180 = 60 Augen
        ({"augen_re": 180, "extras": [{"type": "doppelkopf", "party": "kontra"}] * 2}, "extras[1]"),
        # two Füchse caught by Re and Fuchs am End for Kontra: three Karo-Asse, the deck has two
        (
            {
                "augen_re": 151,
                "extras": [{"type": "fuchs_gefangen", "party": "re"}] * 2
                + [{"type": "fuchs_am_end", "party": "kontra"}],
            },
            "extras[2]",
        ),
        # a Doppelkopf (40 Augen) holds four Asse or Zehnen (a trick with a lower card has at most 11 + 11 + 11 + 4
        # = 37): the 8 Asse and 8 Zehnen make at most 4 Doppelkopf
        ({"augen_re": 230, "extras": [{"type": "doppelkopf", "party": "re"}] * 5}, "extras[4]"),
        # Re's only trick is the last one, won with the Kreuz-Bube (2 Augen) and three cards of at most 11: 35 Augen
        # at most, not 40
        ({"augen_re": 40, "tricks_re": 1, "extras": [{"type": "karlchen", "party": "re"}]}, "extras[0]"),
        # Re's two tricks are its two Doppelkopf; the last one cannot also hold the Karlchen (2 + 3 x 11 = 35 Augen)
        (
            {
                "augen_re": 85,
                "tricks_re": 2,
                "extras": [{"type": "doppelkopf", "party": "re"}] * 2 + [{"type": "karlchen", "party": "re"}],
            },
            "extras[2]",
        ),
    ],
)
def test_error_sonderpunkte_the_tricks_cannot_hold(changes: dict[str, Any], path: str) -> None:
    assert error_of(base(**changes)).startswith(f"{path}: ")


def test_sonderpunkte_that_tricks_can_hold_are_accepted() -> None:
    """Kontra with 11 Augen can have caught a Fuchs (the Karo-Ass and three nines); Re with 4 tricks can hold 4
    Doppelkopf only as all 8 Asse and 8 Zehnen, 168 Augen; Karlchen with 2 Augen (Kreuz-Bube and three nines in
    the last trick)."""
    fuchs = [{"type": "fuchs_gefangen", "party": "kontra"}]
    assert parse_entry(base(augen_re=229, extras=fuchs)).summary.augen_re == 229
    four = [{"type": "doppelkopf", "party": "re"}] * 4
    assert parse_entry(base(augen_re=168, tricks_re=4, extras=four)).summary.tricks_kontra == 8
    assert error_of(base(augen_re=160, tricks_re=4, extras=four)).startswith("extras[3]: ")
    karlchen = [{"type": "karlchen", "party": "kontra"}]
    assert parse_entry(base(augen_re=238, extras=karlchen)).summary.augen_re == 238


# -- reading an entry file: bounded ----------------------------------------------------------------------


def test_an_entry_is_read_with_a_size_limit() -> None:
    """``doko score FILE``: an entry of 1 MiB (here the example padded with blanks) is read, one byte more is refused
    with one line naming the source; the text and bytes readers have the same limit."""
    import io

    from doppelkopf.entry import MAX_ENTRY_BYTES, read_entry_file

    data = json.dumps(base(), ensure_ascii=False).encode("utf-8")
    fits = data + b" " * (MAX_ENTRY_BYTES - len(data))
    assert read_entry_file(io.BytesIO(fits), "entry.json") == base()
    too_big = fits + b" "
    message = "entry.json: the entry is larger than 1 MiB (a table entry is a JSON object of a few hundred bytes)"
    with pytest.raises(EntryError) as info:
        read_entry_file(io.BytesIO(too_big), "entry.json")
    assert str(info.value) == message
    with pytest.raises(EntryError) as info:
        load_entry_bytes(too_big, "entry.json")
    assert str(info.value) == message
    with pytest.raises(EntryError) as info:
        load_entry_text(too_big.decode("utf-8"), "entry.json")
    assert str(info.value) == message


def test_an_endless_entry_file_is_refused_after_the_limit() -> None:
    """``doko score /dev/zero`` stops after 1 MiB instead of filling the memory; a file that cannot be read (a
    folder opened on a system that allows it, a failing disk) is one line too."""
    import os

    from doppelkopf.entry import read_entry_file

    if os.path.exists("/dev/zero"):
        with open("/dev/zero", "rb") as zero, pytest.raises(EntryError, match=r"^/dev/zero: the entry is larger than"):
            read_entry_file(zero, "/dev/zero")

    class Broken:
        def read(self, size: int = -1) -> bytes:
            raise OSError(5, "Input/output error")

    with pytest.raises(EntryError, match=r"^<stdin>: cannot read: Input/output error$"):
        read_entry_file(Broken(), "<stdin>")  # type: ignore[arg-type]


def test_an_entry_file_read_in_short_pieces_is_read_whole() -> None:
    """A pipe may give its bytes in pieces: the reader reads until the end (or the limit)."""
    from doppelkopf.entry import read_entry_file

    data = json.dumps(base(), ensure_ascii=False).encode("utf-8")

    class Trickle:
        def __init__(self) -> None:
            self.left = data

        def read(self, size: int = -1) -> bytes:
            piece, self.left = self.left[:7], self.left[7:]
            return piece

    assert read_entry_file(Trickle(), "<stdin>") == base()  # type: ignore[arg-type]
