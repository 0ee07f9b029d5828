"""Property tests of the input formats against the fuzzers' classes of bad input (issue 11).

Table entries (``doko score``) and game records (``doko replay``) either load or give one line that
names the source and the field; no other exception, however deep the JSON nests, whatever bytes a
file holds, whatever a name or ``meta`` text contains. Entries that no deal can produce are refused
and those that a deal can produce (played by the engine, or cut from a shuffled deck) are scored,
their Punkte summing to zero. A record written by this program loads again, and a record changed in
one place is refused or replays to its stored result.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doppelkopf.cards import AUGEN, Card, deck
from doppelkopf.entry import EntryError, load_entry_bytes, load_entry_text, parse_entry, score_entry
from doppelkopf.game import Game
from doppelkopf.players import RandomPlayer, play_game
from doppelkopf.record import (
    RecordError,
    append,
    from_json,
    is_records_file,
    load_game,
    load_many,
    record_game,
    save_many,
    to_json,
    to_json_line,
    verify,
)
from doppelkopf.rules import LEVEL_KEYS, RuleSet, get_preset


def fast(examples: int) -> settings:
    """Hypothesis settings of this file: modest, the same examples every run, no database."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


NAMES = ["Anna", "Ben", "Carla", "Dirk"]
ENTRY = {
    "players": NAMES,
    "game": "normal",
    "re": ["Ben", "Carla"],
    "augen_re": 151,
    "announcements": {"re": ["re"], "kontra": []},
    "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
}
#: The start of an entry error: a field of the entry (or "entry" for the whole of it), or a field it does not know.
ENTRY_FIELD = re.compile(
    r"^(rules|players|game|re|augen_re|tricks_re|tricks_kontra|announcements|extras|bock|entry)(\[\d+\])?[.:\[ ]"
    r"|^[^:]+: unknown field"
)
NO_NINES = get_preset("ohne-neunen")


def one_line(exc: Exception) -> str:
    message = str(exc)
    assert message and "\n" not in message and "\r" not in message and len(message) < 1000
    return message


def played(rules: RuleSet, seed: int) -> Game:
    game = Game.new(rules, seed=seed, dealer=seed % 4)
    return play_game(game, [RandomPlayer(seed=seed * 4 + i, p_announce=0.3) for i in range(4)])


RECORD_GAME = played(get_preset("ddv"), 3)
RECORD_TEXT = to_json(record_game(RECORD_GAME, NAMES, game_number=1))


# -- nesting ----------------------------------------------------------------------------------------------


def nested(depth: int, opener: str, closed: bool) -> str:
    inner = "1"
    if not closed:
        return opener * depth + inner
    closer = "]" if opener == "[" else "}"
    return opener * depth + inner + closer * depth


@fast(40)
@given(
    depth=st.integers(min_value=0, max_value=3000),
    opener=st.sampled_from(["[", '{"a": ']),
    closed=st.booleans(),
    field=st.sampled_from(["players", "re", "augen_re", "announcements", "extras", "rules", "bock", "new"]),
)
def test_nesting_in_an_entry_gives_a_result_or_one_line(depth: int, opener: str, closed: bool, field: str) -> None:
    """A value nested ``depth`` levels in a field: 64 levels in all are taken, more refused as nested too deeply."""
    text = json.dumps({**ENTRY, field: "@@"}).replace('"@@"', nested(depth, opener, closed))
    try:
        data = load_entry_text(text, "entry.json")
    except EntryError as exc:
        message = one_line(exc)
        assert message.startswith("entry.json")
        if depth >= 64 and closed:
            assert "nested too deeply" in message
        return
    assert depth < 64 and (closed or depth == 0)
    try:
        result = score_entry(data)
    except EntryError as exc:
        assert ENTRY_FIELD.match(one_line(exc))
    else:
        assert sum(result.score.points) == 0


@fast(30)
@given(
    depth=st.integers(min_value=0, max_value=3000),
    opener=st.sampled_from(["[", '{"a": ']),
    closed=st.booleans(),
    field=st.sampled_from(["meta", "players", "hands", "actions", "result", "rules", "seed"]),
)
def test_nesting_in_a_record_gives_a_result_or_one_line(depth: int, opener: str, closed: bool, field: str) -> None:
    """A record field holding a value nested ``depth`` levels: only ``meta`` (free data) and ``seed`` (a number
    at depth 0) can take such a value; anything deeper than 64 levels in all is refused as nested too deeply."""
    data = json.loads(RECORD_TEXT)
    data[field] = "@@"
    text = json.dumps(data).replace('"@@"', nested(depth, opener, closed))
    try:
        record = from_json(text, "game.json")
        verify(record, "game.json")
    except RecordError as exc:
        message = one_line(exc)
        assert message.startswith("game.json: ")
        if depth >= 64 and closed:
            assert "nested too deeply" in message
    else:
        assert depth < 64 and field in ("meta", "seed")
        assert record.players == tuple(NAMES)


# -- encoding ---------------------------------------------------------------------------------------------

ODD_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from(["\u2028", "\u2029", "\u0085", "\x00", "\n", "\r", "\x1c", "\u202e", "\ufeff", "\ud800", "é"]),
        st.characters(),
    ),
    max_size=12,
)


@fast(60)
@given(data=st.binary(max_size=80), prefix=st.sampled_from([b"", b"\xef\xbb\xbf", b'{"players": ["']))
def test_random_bytes_as_an_entry_file(data: bytes, prefix: bytes) -> None:
    try:
        entry = load_entry_bytes(prefix + data, "entry.json")
    except EntryError as exc:
        assert one_line(exc).startswith("entry.json")
        return
    try:
        score_entry(entry)
    except EntryError as exc:
        assert ENTRY_FIELD.match(one_line(exc))


@fast(60)
@given(names=st.lists(ODD_TEXT, min_size=4, max_size=4))
def test_odd_text_in_entry_names(names: list[str]) -> None:
    """Names with line separators, control characters, lone surrogates: refused naming ``players[i]``, or
    stored (in NFC) and scored; the JSON text of the entry, as a writer with ensure_ascii=False gives it."""
    text = json.dumps({**ENTRY, "players": names, "re": names[1:3]}, ensure_ascii=False)
    try:
        result = score_entry(load_entry_text(text, "entry.json"))
    except EntryError as exc:
        message = one_line(exc)
        assert message.startswith(("players", "re[", "entry.json"))
        return
    assert sum(result.score.points) == 0 and len(result.entry.players) == 4
    assert all("\n" not in name and "\u2028" not in name and "\u0085" not in name for name in result.entry.players)


@fast(50)
@given(names=st.lists(ODD_TEXT, min_size=4, max_size=4), note=ODD_TEXT, key=ODD_TEXT)
def test_odd_text_in_record_names_and_meta(
    tmp_path_factory: pytest.TempPathFactory, names: list[str], note: str, key: str
) -> None:
    """A record with any names and meta text is refused naming ``players[i]`` or written so that it loads back
    the same, one record per line for every line splitter."""
    try:
        record = record_game(RECORD_GAME, names, note=note, **{f"k{key}": [note, {note: 1}]})
    except RecordError as exc:
        assert one_line(exc).startswith("players")
        return
    line = to_json_line(record)
    assert len(line.splitlines()) == 1
    path = tmp_path_factory.mktemp("records") / "session.jsonl"
    save_many([record, record], path)
    assert load_many(path) == [record, record]
    assert from_json(to_json(record)) == record


@fast(40)
@given(data=st.binary(max_size=200), keep=st.integers(min_value=0, max_value=len(RECORD_TEXT)))
def test_random_bytes_in_a_records_file(tmp_path_factory: pytest.TempPathFactory, data: bytes, keep: int) -> None:
    path = tmp_path_factory.mktemp("records") / "session.jsonl"
    path.write_bytes(RECORD_TEXT.replace("\n", "").encode("utf-8")[:keep] + data)
    try:
        load_many(path)
    except RecordError as exc:
        assert one_line(exc).startswith(str(path))


# -- impossible entries -------------------------------------------------------------------------------------

KINDS = ["doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end"]
RULES = st.sampled_from(
    ["ddv", "doppelbock", "ohne-neunen", {"preset": "ddv", "doppelkopf_augen": 30}, {"preset": "ddv", "bogus": 1}]
)


@st.composite
def random_entries(draw: st.DrawFn) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "rules": draw(RULES),
        "players": NAMES,
        "game": draw(st.sampled_from(["normal", "hochzeit", "stille_hochzeit", "kreuz", "armut", "ramsch"])),
        "re": draw(st.lists(st.sampled_from([*NAMES, "Erik"]), min_size=0, max_size=3)),
        "augen_re": draw(st.integers(min_value=-5, max_value=245)),
        "announcements": {
            party: draw(st.lists(st.sampled_from([party, "keine_90", "keine_60", "keine_30", "schwarz"]), max_size=3))
            for party in ("re", "kontra")
        },
        "extras": [
            {"type": draw(st.sampled_from(KINDS)), "party": draw(st.sampled_from(["re", "kontra"]))}
            for _ in range(draw(st.integers(min_value=0, max_value=7)))
        ],
    }
    for field in ("tricks_re", "tricks_kontra"):
        if draw(st.booleans()):
            entry[field] = draw(st.integers(min_value=-1, max_value=13))
    if draw(st.integers(min_value=0, max_value=4)) == 0:
        entry["bock"] = draw(st.sampled_from([0, 1, 2, 3, 4, 8]))
    return entry


@fast(250)
@given(entry=random_entries())
def test_random_entries_are_refused_naming_a_field_or_scored_to_zero(entry: dict[str, Any]) -> None:
    try:
        result = score_entry(entry)
    except EntryError as exc:
        assert ENTRY_FIELD.match(one_line(exc)), str(exc)
        return
    assert sum(result.score.points) == 0
    assert 0 <= result.entry.summary.augen_re <= 240


def entry_of_game(game: Game) -> dict[str, Any]:
    """The table entry of a played game: what the players would write down."""
    summary = game.summary()
    says = {}
    for party, level in zip(("re", "kontra"), summary.announcements, strict=True):
        says[party] = [] if level == 0 else [party if level == 1 else LEVEL_KEYS[level]]
    return {
        "rules": game.rules.to_dict(),
        "players": NAMES,
        "game": summary.game_type.key,
        "re": [NAMES[s] for s in sorted(summary.re_seats)],
        "augen_re": summary.augen_re,
        "tricks_re": summary.tricks_re,
        "announcements": says,
        "extras": [{"type": s.kind, "party": s.party.name.lower()} for s in summary.sonderpunkte],
    }


@pytest.mark.parametrize("preset", ["ddv", "doppelbock", "ohne-neunen", "vier-schritte"])
def test_entries_of_played_games_are_accepted(preset: str) -> None:
    """What a real game gives is never refused: 25 random games per preset, with and without trick counts."""
    rules = get_preset(preset)
    scored = 0
    for seed in range(25):
        game = played(rules, seed)
        if game.thrown_in:
            continue
        entry = entry_of_game(game)
        assert score_entry(entry).score.points == game.score().points
        del entry["tricks_re"]
        score_entry(entry)
        scored += 1
    assert scored >= 20


@fast(150)
@given(
    with_nines=st.booleans(),
    doppelkopf_augen=st.sampled_from([40, 40, 35, 30, 44, 20, 8]),
    seed=st.integers(min_value=0, max_value=2**32),
    re_share=st.floats(min_value=0.0, max_value=1.0),
    give_tricks=st.booleans(),
)
def test_entries_of_any_split_of_the_deck_are_accepted(
    with_nines: bool, doppelkopf_augen: int, seed: int, re_share: float, give_tricks: bool
) -> None:
    """Cut a shuffled deck into tricks of four, give each to Re or Kontra, and write down Sonderpunkte that the
    cards allow (TSR 7.2.3; seeds 000, 002): a trick of doppelkopf_augen Augen; a Karo-Ass in a trick (caught
    from the other party); in the last trick the winning card (Karlchen with the Kreuz-Bube, Fuchs am End with
    a Karo-Ass) and the other Kreuz-Buben (caught). Any subset of them in any order is a possible entry."""
    rules = get_preset("ddv") if with_nines else NO_NINES
    rules = rules.replace(doppelkopf_augen=doppelkopf_augen)
    rng = random.Random(seed)
    cards = deck(with_nines)
    rng.shuffle(cards)
    tricks = [cards[i : i + 4] for i in range(0, len(cards), 4)]
    party = ["re" if rng.random() < re_share else "kontra" for _ in tricks]
    extras = []
    for trick, who in zip(tricks, party, strict=True):
        if sum(AUGEN[c] for c in trick) >= doppelkopf_augen:
            extras.append((who, "doppelkopf"))
    winner = rng.randrange(4)  # the place in the last trick of the card that won it
    for index, (trick, who) in enumerate(zip(tricks, party, strict=True)):
        last = index == len(tricks) - 1
        for place, card in enumerate(trick):
            won = last and place == winner
            if card == Card.KARO_ASS:
                extras.append((who, "fuchs_am_end" if won else "fuchs_gefangen"))
            if last and card == Card.KREUZ_BUBE:
                extras.append((who, "karlchen" if won else "karlchen_gefangen"))
    chosen = [e for e in extras if rng.random() < 0.7]
    rng.shuffle(chosen)
    augen_re = sum(AUGEN[c] for t, who in zip(tricks, party, strict=True) if who == "re" for c in t)
    tricks_re = party.count("re")
    entry: dict[str, Any] = {
        "rules": rules.to_dict(),
        "players": NAMES,
        "game": "normal",
        "re": ["Ben", "Carla"],
        "augen_re": augen_re,
        "extras": [{"type": kind, "party": who} for who, kind in chosen],
    }
    if give_tricks:
        entry["tricks_re"] = tricks_re
    elif (augen_re == 0) != (tricks_re == 0) or (augen_re == 240) != (tricks_re == len(tricks)):
        return  # without trick counts 0 Augen reads as no trick (scoring's reading); a trick of nines differs
    parse_entry(entry)


# -- records ------------------------------------------------------------------------------------------------

MUTATION_CHARS = st.sampled_from(list('{}[]",:0123456789-etnfalsru \\') + ["\u2028", "é", "KrD", "null", "true"])


@fast(200)
@given(
    position=st.integers(min_value=0, max_value=len(RECORD_TEXT)),
    op=st.sampled_from(["delete", "insert", "replace", "duplicate"]),
    length=st.integers(min_value=1, max_value=12),
    text=MUTATION_CHARS,
)
def test_a_record_changed_in_one_place_is_refused_or_replays_to_its_result(
    position: int, op: str, length: int, text: str
) -> None:
    before, after = RECORD_TEXT[:position], RECORD_TEXT[position:]
    changed = {
        "delete": before + after[length:],
        "insert": before + text + after,
        "replace": before + text + after[length:],
        "duplicate": before + after[:length] + after,
    }[op]
    try:
        record = from_json(changed, "game.json")
        game = verify(record, "game.json")
    except RecordError as exc:
        assert one_line(exc).startswith("game.json: ")
        return
    # loads and verifies: the replayed game gives the stored result; a record without a result is
    # a game its actions leave unfinished, or a deal they throw in for the reason stored
    assert game.history == list(record.actions)
    if record.result is not None:
        assert game.is_terminal and not game.thrown_in
        assert game.score().points == record.result.points and sum(record.result.points) == 0
    elif game.thrown_in:
        assert record.thrown_in == game.thrown_reason
    else:
        assert not game.is_terminal and record.thrown_in is None


@fast(15)
@given(seed=st.integers(min_value=0, max_value=2**32), preset=st.sampled_from(["ddv", "doppelbock", "ohne-neunen"]))
def test_a_random_game_round_trips(tmp_path_factory: pytest.TempPathFactory, seed: int, preset: str) -> None:
    game = played(get_preset(preset), seed)
    record = record_game(game, ["Jürgen", "Ben", "Carla", "Dirk"], game_number=seed)
    path = tmp_path_factory.mktemp("records") / "one.jsonl"
    save_many([record], path)
    (loaded,) = load_many(path)
    assert loaded == record
    verify(loaded)


# -- records files built from good and bad lines -------------------------------------------------------------

RECORD_LINE = to_json_line(record_game(RECORD_GAME, NAMES, game_number=1))
#: Pieces of a records file: a whole record line, blank lines, garbage, a half-written record line, a pretty record.
PIECES = {
    "record": RECORD_LINE,
    "blank": "",
    "spaces": "  \t",
    "garbage": "garbage",
    "half": RECORD_LINE[: len(RECORD_LINE) // 2],
    "cut": RECORD_LINE[:-5],
    "other": '{"format": "sheet"}',
    "brace": "{",
}


@fast(60)
@given(kinds=st.lists(st.sampled_from(sorted(PIECES)), max_size=6), bom=st.booleans(), final=st.booleans())
def test_a_records_file_of_any_lines(
    tmp_path_factory: pytest.TempPathFactory, kinds: list[str], bom: bool, final: bool
) -> None:
    """A file of record lines and bad lines: it may be appended to exactly when every non-blank line is a whole record
    line; each of its games (a non-blank line) loads, or gives one line naming the file; the count of games is given
    only when every line is a game; a game past the end names how many the file holds or has; appending keeps every
    record that was readable and adds the new one as the last game."""
    text = "\n".join(PIECES[kind] for kind in kinds) + ("\n" if final and kinds else "")
    path = tmp_path_factory.mktemp("records") / "games.jsonl"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    games = [kind for kind in kinds if kind not in ("blank", "spaces")]
    appendable = all(kind == "record" for kind in games)
    assert is_records_file(path) is appendable
    pretty = bool(games) and games[0] == "brace"
    for number in range(1, len(games) + 2):
        try:
            record, count, source = load_game(path, number)
        except RecordError as exc:
            message = one_line(exc)
            assert message.startswith(str(path))
            if number > len(games) and not pretty and games:
                holds = "holds" if appendable else "has"
                assert f"game {number}: the file {holds} " in message
            continue
        assert not pretty and games[number - 1] == "record"
        assert count == (len(games) if appendable else None)
        assert source.startswith(f"{path}: line ")
    if appendable:
        append(record_game(RECORD_GAME, NAMES, game_number=2), path)
        loaded = load_many(path)
        assert len(loaded) == len(games) + 1 and loaded[-1].meta == {"game_number": 2}
