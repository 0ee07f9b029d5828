"""Game records: round trips, replay, verification, error messages, atomic files, trick view."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import record as rec
from doppelkopf import rules as rules_module
from doppelkopf.cards import Card, deck, parse_cards
from doppelkopf.game import Action, Game, Phase
from doppelkopf.record import (
    DEFAULT_PLAYERS,
    GameRecord,
    RecordError,
    from_json,
    load,
    load_many,
    record_game,
    replay,
    save,
    save_many,
    to_json,
    trick_lines,
    trick_views,
    verify,
)
from doppelkopf.record import files as record_files
from doppelkopf.rules import DDV, GameType, Party, RuleSet, get_preset
from doppelkopf.scoring import counted_sonderpunkte

NO_NINES = DDV.replace(
    name="ohne neunen", with_nines=False, deal_packets=(3, 4, 3), announcement_deadlines=(9, 8, 7, 6, 5)
)
HOUSE = DDV.replace(name="haus", dulle="second", solo_factor=6, sonderpunkte_in_solo=True)
RULE_SETS = (DDV, NO_NINES, HOUSE)


def play_random(
    rules: RuleSet,
    seed: int,
    dealer: int = 0,
    pflichtsolo_done: Sequence[bool] = (False, False, False, False),
    stop_after: int | None = None,
    calls: bool = False,
) -> Game:
    """Play with random legal actions asked from the game: mostly gesund, sometimes a Vorbehalt,
    and now and then an announcement by a random seat (also out of turn). A soloist's claim or
    concession of the rest (which ends the play early) only with ``calls``."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=dealer, pflichtsolo_done=pflichtsolo_done)
    while not game.is_terminal and (stop_after is None or len(game.history) < stop_after):
        if rng.random() < 0.15:
            seat = rng.randrange(4)
            announcements = [a for a in game.legal_actions(seat) if Action.is_announcement(a)]
            if announcements:
                game.apply(rng.choice(announcements), seat)
                continue
        legal = game.legal_actions()
        if not calls and game.phase is Phase.PLAY:
            legal = [a for a in legal if a not in (Action.CLAIM, Action.CONCEDE)]
        if Action.GESUND in legal and rng.random() < 0.7:
            game.apply(Action.GESUND)
        else:
            game.apply(rng.choice(legal))
    return game


def hand(text: str) -> list[Card]:
    return parse_cards(text)


# A deal written by hand (each card twice). Seats 0 and 1 hold one Kreuz-Dame each: Re.
HANDS = [
    hand("KrA KrA PiA PiA HeA HeA KaA KaA PiK PiK HeK KrD"),
    hand("Kr10 Kr10 Pi10 Pi10 He10 He10 Ka10 Ka10 KaK KaK HeK KrD"),
    hand("KrK KrK PiD PiD HeD HeD KaD KaD KrB KrB PiB PiB"),
    hand("Kr9 Kr9 Pi9 Pi9 He9 He9 Ka9 Ka9 HeB HeB KaB KaB"),
]
NAMES = ("Anna", "Ben", "Carla", "Dirk")


def two_tricks() -> Game:
    """Dealer Dirk (3): Anna answers first and leads (TSR 4.1, 5.1). Everyone gesund.
    Trick 1: Anna ♣A, Carla says Kontra before Ben plays, Ben ♣10, Carla ♣K, Dirk ♣9:
    Anna wins with the ♣A, 11 + 10 + 4 + 0 = 25 Augen.
    Trick 2: Anna ♠A, Ben ♠10, Carla (no Pik Fehl: her Pik-Damen and -Buben are trumps) trumps
    with ♦D, Dirk ♠9: Carla wins with the ♦D, 11 + 10 + 3 + 0 = 24 Augen."""
    game = Game(DDV, HANDS, dealer=3)
    for seat in (0, 1, 2, 3):
        game.apply(Action.GESUND, seat)
    game.apply(Card.KREUZ_ASS, 0)
    game.apply(Action.announce(1), 2)
    for seat, card in ((1, "Kr10"), (2, "KrK"), (3, "Kr9"), (0, "PiA"), (1, "Pi10"), (2, "KaD"), (3, "Pi9")):
        game.apply(Card.parse(card), seat)
    return game


# -- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
@pytest.mark.parametrize("seed", range(12))
def test_random_game_round_trip(rules: RuleSet, seed: int) -> None:
    game = play_random(rules, seed, dealer=seed % 4, pflichtsolo_done=[bool(seed >> i & 1) for i in range(4)])
    record = record_game(game, NAMES, game_number=seed, created="2025-01-01T20:00:00")
    text = to_json(record)
    loaded = from_json(text)
    assert loaded == record
    assert to_json(loaded) == text  # stable text
    again = replay(loaded)
    assert again.score() == game.score()
    assert again.tricks == game.tricks
    assert again.history == game.history
    assert loaded.result is not None and loaded.result.points == game.score().points
    verify(loaded)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    dealer=st.integers(min_value=0, max_value=3),
    done=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    rules=st.sampled_from(RULE_SETS),
)
def test_property_json_replay_gives_same_score_and_tricks(
    seed: int, dealer: int, done: tuple[bool, bool, bool, bool], rules: RuleSet
) -> None:
    game = play_random(rules, seed, dealer, done)
    loaded = from_json(to_json(record_game(game)))
    again = replay(loaded)
    assert again.is_terminal
    assert again.score() == game.score()
    assert again.tricks == game.tricks
    assert sum(t.augen for t in again.tricks) == 240
    assert loaded.result is not None and sum(loaded.result.points) == 0


def test_unfinished_game_round_trip_has_no_result() -> None:
    game = play_random(DDV, 11, stop_after=15)
    record = record_game(game)
    assert record.result is None and not record.finished
    loaded = from_json(to_json(record))
    assert loaded == record
    verify(loaded)
    assert replay(loaded).history == game.history


def test_defaults_players_and_meta() -> None:
    record = record_game(play_random(DDV, 2), round=(1, 2))
    assert record.players == DEFAULT_PLAYERS == ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4")
    assert record.meta == {"round": [1, 2]}  # stored as JSON gives it back
    data = json.loads(to_json(record))
    del data["players"], data["meta"], data["pflichtsolo_done"]
    loaded = rec.from_dict(data)
    assert loaded.players == DEFAULT_PLAYERS and loaded.meta == {} and loaded.pflichtsolo_done == (False,) * 4


def test_file_uses_ascii_keys_and_unicode_names(tmp_path: Path) -> None:
    record = record_game(two_tricks(), ["Jürgen", "Ben", "Carla", "Dirk"])
    path = tmp_path / "game.json"
    save(record, path)
    text = path.read_text(encoding="utf-8")
    assert '"Jürgen"' in text
    data = json.loads(text)
    assert data["hands"][0][:2] == ["KrA", "KrA"]
    assert data["actions"][:6] == [
        [0, "vorbehalt:normal"],
        [1, "vorbehalt:normal"],
        [2, "vorbehalt:normal"],
        [3, "vorbehalt:normal"],
        [0, "KrA"],
        [2, "announce:ansage"],
    ]
    assert data["rules"] == {"preset": "ddv", "options": DDV.to_dict()}
    assert load(path) == record


def test_record_keeps_its_rules_when_the_preset_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    record = record_game(play_random(DDV, 4))
    text = to_json(record)
    monkeypatch.setitem(rules_module.PRESETS, "ddv", NO_NINES)
    loaded = from_json(text)
    assert loaded.rules == DDV and loaded.rules.with_nines
    verify(loaded)


def test_pflichtsolo_state_decides_who_leads() -> None:
    """Dealer Anna (0): Ben is asked first, Carla declares a Kreuzsolo. Carla has played her
    Pflichtsolo already, so this is a Lustsolo and Ben, left of the dealer, leads (TSR 5.1.1)."""
    game = Game(DDV, HANDS, dealer=0, pflichtsolo_done=(False, False, True, False))
    for seat, key in (
        (1, "vorbehalt:normal"),
        (2, "vorbehalt:kreuz"),
        (3, "vorbehalt:normal"),
        (0, "vorbehalt:normal"),
    ):
        game.apply(Action.from_key(key), seat)
    game.apply(Card.PIK_ZEHN, 1)
    record = record_game(game)
    loaded = from_json(to_json(record))
    assert loaded.pflichtsolo_done == (False, False, True, False)
    assert replay(loaded).game_type is GameType.KREUZ
    data = json.loads(to_json(record))
    data["pflichtsolo_done"] = [False, False, False, False]  # now a Pflichtsolo: Carla would lead
    with pytest.raises(RecordError, match=r"actions\[4\] \(seat 1, Pi10\): it is seat 2's turn"):
        rec.from_dict(data)


# -- multi-record files -------------------------------------------------------------------------


def test_save_many_and_load_many(tmp_path: Path) -> None:
    records = [record_game(play_random(DDV, s), game_number=s + 1) for s in range(3)]
    path = tmp_path / "session.jsonl"
    save_many(records, path)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3
    assert load_many(path) == records
    rec.append(records[0], path)
    assert load_many(path) == records + [records[0]]


def test_load_many_names_the_bad_line(tmp_path: Path) -> None:
    records = [record_game(play_random(DDV, s)) for s in range(3)]
    path = tmp_path / "session.jsonl"
    save_many(records, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(lines[1])
    data["dealer"] = 7
    path.write_text("\n".join([lines[0], json.dumps(data), lines[2]]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"session\.jsonl: line 2: dealer: expected a seat 0\.\.3, got 7"):
        load_many(path)
    # the last line cut off after 40 characters: the JSON ends inside line 3
    path.write_text("\n".join([lines[0], lines[1], lines[2][:40]]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"session\.jsonl: line 3, column \d+: invalid JSON"):
        load_many(path)


# -- errors -------------------------------------------------------------------------------------


def test_truncated_file_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save(record_game(play_random(DDV, 8)), path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    # keep the first 10 lines: the JSON stops at the start of line 11, where a value is missing
    path.write_text("".join(lines[:10]), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: line 11, column 1: invalid JSON")
    assert "\n" not in message


def test_not_json_object_and_wrong_format() -> None:
    with pytest.raises(RecordError, match="expected a JSON object"):
        from_json("[1, 2]")
    with pytest.raises(RecordError, match="format: expected 'doppelkopf-record'"):
        from_json(json.dumps({key: None for key in rec.REQUIRED_FIELDS} | {"format": "sheet"}))
    with pytest.raises(RecordError, match="line 1, column 1: invalid JSON"):
        from_json("")


def tampered(game: Game, change: str, value: object) -> str:
    """The game's record as JSON with the field at dotted path ``change`` set to ``value``."""
    data = json.loads(to_json(record_game(game)))
    *parents, last = change.split(".")
    target = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "value", "message"),
    [
        ("version", 5, r"version: 5 is not supported \(this program reads versions 1, 2, 3 and 4\)"),
        ("hands.1.0", "Xy7", r"hands\[1\]\[0\]: not a card: 'Xy7'"),
        ("hands.1.0", 3, r"hands\[1\]\[0\]: expected a card key"),
        ("dealer", True, r"dealer: expected a seat 0\.\.3, got True"),
        ("seed", "7", r"seed: expected an integer or null"),
        ("players", ["A", "B", "C"], r"players: expected 4 names, got 3"),
        ("players", ["A", "B", "C", "a"], r"players\[3\]: 'a' is the same player as players\[0\]"),
        ("rules.options.solo_factor", 4, r"rules\.options: solo_factor: must be 3, 6, 9"),
        ("rules.options.flying_pigs", True, r"rules\.options: unknown rule option 'flying_pigs'"),
        ("actions.3", [3, "announce:keine_99"], r"actions\[3\]: unknown announcement 'keine_99'"),
        ("actions.3", [4, "vorbehalt:normal"], r"actions\[3\]: seat must be 0\.\.3, got 4"),
        ("actions.3", "KrD", r"actions\[3\]: expected \[seat, action\]"),
        ("result.winner", "nobody", r"result\.winner: expected \"re\", \"kontra\" or null"),
        ("result.points", [1, 2, 3], r"result\.points: expected 4 integers"),
        ("meta", [], r"meta: expected an object"),
    ],
)
def test_bad_fields_are_named(change: str, value: object, message: str) -> None:
    text = tampered(play_random(DDV, 21), change, value)
    with pytest.raises(RecordError, match="^<record>: " + message):
        from_json(text)


def test_hands_that_are_no_legal_deal() -> None:
    data = json.loads(to_json(record_game(two_tricks())))
    data["hands"][3][0] = "KrA"  # Dirk's first ♣9 becomes a third ♣A
    with pytest.raises(RecordError, match=r"^<record>: hands: ♣A appears 3 times, expected 2 \(not a legal deal\)$"):
        rec.from_dict(data)
    data["hands"][3] = data["hands"][3][1:]
    with pytest.raises(RecordError, match=r"hands: each of the 4 hands needs 12 cards"):
        rec.from_dict(data)


def test_tampered_action_names_its_index_and_the_rule() -> None:
    """In the hand-made game action 4 is Anna's ♣A lead. Anna holds no ♣10: playing it is
    illegal. Action 6 is Ben's ♣10 on the ♣A lead; Ben also holds Pik, but must follow Kreuz."""
    data = json.loads(to_json(record_game(two_tricks())))
    assert data["actions"][4] == [0, "KrA"] and data["actions"][6] == [1, "Kr10"]
    bad = json.loads(json.dumps(data))
    bad["actions"][4] = [0, "Kr10"]
    with pytest.raises(RecordError, match=r"^<record>: actions\[4\] \(seat 0, Kr10\): ♣10 is not in your hand$"):
        rec.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["actions"][6] = [1, "Pi10"]
    with pytest.raises(RecordError, match=r"actions\[6\] \(seat 1, Pi10\): .*Bedienpflicht, TSR 5\.2"):
        rec.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["actions"][6] = [3, "Kr9"]
    with pytest.raises(RecordError, match=r"actions\[6\] \(seat 3, Kr9\): it is seat 1's turn, not seat 3's"):
        rec.from_dict(bad)


def test_tampered_action_in_random_game() -> None:
    game = play_random(DDV, 5)
    record = record_game(game)
    index = next(i for i, (_, a) in enumerate(record.actions) if Action.is_card(a))
    seat = record.actions[index][0]
    missing = next(c for c in Card if c not in record.hands[seat])
    data = json.loads(to_json(record))
    data["actions"][index] = [seat, missing.short]
    with pytest.raises(RecordError, match=rf"actions\[{index}\] \(seat {seat}, {missing.short}\): .* not in your hand"):
        from_json(json.dumps(data))


def test_tampered_result_fails_verify() -> None:
    game = play_random(DDV, 9)
    points = list(game.score().points)
    text = tampered(game, "result.points", [points[1], points[0], points[2], points[3] + 1])
    loaded = from_json(text)  # well-formed: loads
    with pytest.raises(RecordError, match=r"stored result differs from the replayed game: result\.points: stored"):
        verify(loaded)
    value = game.score().value
    with pytest.raises(RecordError, match=rf"result\.value: stored {value + 2}, replayed {value}"):
        verify(from_json(tampered(game, "result.value", value + 2)))
    with pytest.raises(RecordError, match="result: missing, but the actions finish the game"):
        verify(from_json(tampered(game, "result", None)))


def test_result_stored_for_unfinished_game_fails_verify() -> None:
    finished = record_game(play_random(DDV, 3))
    unfinished = record_game(play_random(DDV, 3, stop_after=20))
    bogus = dataclasses.replace(unfinished, result=finished.result)
    with pytest.raises(RecordError, match="result: stored, but the actions do not finish the game"):
        verify(bogus)


def test_verify_gives_the_game_the_record_replays_to() -> None:
    """verify returns the game it replayed, so a caller shows it without replaying it again: a
    finished game with the history and Punkte of the game played, an unfinished one where it
    stopped."""
    game = play_random(DDV, 9)
    replayed = verify(from_json(to_json(record_game(game))))
    assert replayed.is_terminal and replayed.history == game.history
    assert replayed.score().points == game.score().points
    stopped = play_random(DDV, 3, stop_after=20)
    replayed = verify(record_game(stopped))
    assert not replayed.is_terminal and replayed.history == stopped.history


def test_load_verified_game_checks_the_stored_result(tmp_path: Path) -> None:
    """load_verified_game gives what load_game gives plus the replayed game, from one replay, and
    refuses a stored result that differs in the words of verify, naming the line."""
    records, lines = record_lines(2)
    path = tmp_path / "games.jsonl"
    path.write_text(lines[0] + "\n" + lines[1] + "\n", encoding="utf-8")
    record, game, count, source = rec.load_verified_game(path, 2)
    assert (record, count, source) == rec.load_game(path, 2) == (records[1], 2, f"{path}: line 2")
    assert record.result is not None and game.score().points == record.result.points
    data = json.loads(lines[1])
    data["result"]["value"] += 2
    path.write_text(lines[0] + "\n" + json.dumps(data) + "\n", encoding="utf-8")
    assert rec.load_game(path, 2)[0].result != records[1].result  # well-formed: it loads
    with pytest.raises(RecordError) as info:
        rec.load_verified_game(path, 2)
    assert one_line(info).startswith(f"{path}: line 2: the stored result differs from the replayed game: result.value")
    with pytest.raises(rec.GameNumberError, match="game 3: the file holds 2 games"):
        rec.load_verified_game(path, 3)


def test_a_record_with_the_old_thrown_in_meta_still_loads() -> None:
    """Older versions of doko wrote ``"thrown_in": true`` into the meta of a deal thrown in as well
    as the record's own ``thrown_in``; such a record still loads and verifies, meta as it was."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, FIVE_NINES, seed=2), dealer=3)
    for action in (Action.SCHMEISSEN, G, G, G):
        game.apply(action)
    data = json.loads(to_json(record_game(game, NAMES, deal_number=1)))
    data["meta"]["thrown_in"] = True
    loaded = from_json(json.dumps(data))
    assert loaded.thrown_in == "schmeissen" and loaded.meta == {"deal_number": 1, "thrown_in": True}
    assert verify(loaded).thrown_reason == "schmeissen"


def test_a_field_of_the_wrong_type_is_named_with_its_json_type() -> None:
    """The type of a wrong value is said in JSON's words, as table entries say it: an integer, a
    string, an object, a list, null."""
    data = json.loads(to_json(record_game(play_random(DDV, 1))))
    for field, value, said in (
        ("players", 5, "players: expected a list of 4 names, got an integer"),
        ("hands", [5, [], [], []], "hands[0]: expected a list of card keys, got an integer"),
        ("actions", "KrA", "actions: expected a list of [seat, action] pairs, got a string"),
        ("meta", [1], "meta: expected an object, got a list"),
        ("rules", None, "rules: expected an object with 'preset' and 'options', got null"),
    ):
        with pytest.raises(RecordError) as info:
            from_json(json.dumps({**data, field: value}))
        assert said in one_line(info), field


def test_meta_must_be_json() -> None:
    with pytest.raises(RecordError, match="^meta.when: not JSON data"):
        record_game(play_random(DDV, 1), when=object())
    with pytest.raises(RecordError, match="^players: expected 4 names, got 2"):
        record_game(play_random(DDV, 1), ["A", "B"])


# -- atomic writing -----------------------------------------------------------------------------


def test_failed_serialisation_leaves_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    first = record_game(play_random(DDV, 1))
    save(first, path)
    before = path.read_bytes()

    def broken(record: GameRecord) -> str:
        raise RuntimeError("disk full of nonsense")

    monkeypatch.setattr(record_files, "to_json", broken)
    with pytest.raises(RuntimeError):
        save(record_game(play_random(DDV, 2)), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.json"]


def test_failed_replace_leaves_old_file_and_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save(record_game(play_random(DDV, 1)), path)
    before = path.read_bytes()

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(RecordError, match=r"game\.json: cannot write: Permission denied"):
        save(record_game(play_random(DDV, 2)), path)
    with pytest.raises(RecordError, match=r"session\.jsonl: cannot write"):
        save_many([record_game(play_random(DDV, 2))], tmp_path / "session.jsonl")
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.json"]
    assert load(path) == record_game(play_random(DDV, 1))


def test_missing_or_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"nope\.json: cannot read: No such file or directory"):
        load(tmp_path / "nope.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match=r"bin\.json: not UTF-8 text"):
        load(tmp_path / "bin.json")


# -- trick by trick -----------------------------------------------------------------------------


def test_trick_views_of_hand_made_game() -> None:
    game = replay(from_json(to_json(record_game(two_tricks(), NAMES))))
    views = trick_views(game)
    assert len(views) == 2
    first, second = views
    assert first.number == 1 and first.leader == 0
    assert first.plays == ((0, Card.KREUZ_ASS), (1, Card.KREUZ_ZEHN), (2, Card.KREUZ_KOENIG), (3, Card.KREUZ_NEUN))
    assert (first.winner, first.winning_index, first.augen) == (0, 0, 25)
    assert first.winner_party is Party.RE
    assert len(first.announcements) == 1
    kontra = first.announcements[0]
    assert (kontra.seat, kontra.party, kontra.level, kontra.label, kontra.before_card) == (
        2,
        Party.KONTRA,
        1,
        "Kontra",
        1,
    )
    assert (second.leader, second.winner, second.winning_index, second.augen) == (0, 2, 2, 24)
    assert second.winner_party is Party.KONTRA and second.announcements == ()
    assert trick_lines(game, NAMES, ascii_only=True) == [
        "Vorbehalte: Anna gesund, Ben gesund, Carla gesund, Dirk gesund",
        "Game: Normalspiel",
        "Trick 1: Anna KrA, Carla: Kontra!, Ben Kr10, Carla KrK, Dirk Kr9 -> Anna with KrA, 25 Augen",
        "Trick 2: Anna PiA, Ben Pi10, Carla KaD, Dirk Pi9 -> Carla with KaD, 24 Augen",
        "(game not finished)",
    ]


def test_trick_views_with_trick_in_progress() -> None:
    """Carla won trick 2 and leads trick 3. Before that Anna replies Re to Carla's Kontra with 10
    cards (Erwiderung: one card fewer than the 11 the Kontra needed, TSR 6.4.4); then Carla leads
    the ♠D (3 Augen)."""
    game = two_tricks()
    game.apply(Action.announce(1), 0)
    game.apply(Card.PIK_DAME, 2)
    last = trick_views(game)[-1]
    assert last.number == 3 and last.leader == 2 and last.winner is None
    assert last.plays == ((2, Card.PIK_DAME),) and last.augen == 3
    assert [(a.seat, a.label, a.before_card) for a in last.announcements] == [(0, "Re", 0)]
    assert trick_lines(game, NAMES)[-2] == "Trick 3: Anna: Re!, Carla ♠D"


@pytest.mark.parametrize("seed", range(20))
def test_trick_views_cover_the_whole_game(seed: int) -> None:
    game = replay(from_json(to_json(record_game(play_random(DDV, seed)))))
    views = trick_views(game)
    assert [v.number for v in views] == list(range(1, 13))
    assert sum(v.augen for v in views) == 240
    assert [v.winner for v in views] == [t.winner for t in game.tricks]
    assert [v.plays[v.winning_index][0] for v in views if v.winning_index is not None] == [v.winner for v in views]
    made = [(a.seat, a.level) for v in views for a in v.announcements]
    assert made == [(a.seat, a.level) for a in game.announcements]
    assert all(0 <= a.before_card <= 3 for v in views for a in v.announcements)
    lines = trick_lines(game)
    assert sum(line.startswith("Trick ") for line in lines) == 12
    assert lines[-1].startswith("Punkte: ")


def test_claims_and_concessions_round_trip() -> None:
    """Random games in which soloists claim or give up the rest (TSR 5.4.3-5.4.7) replay from their
    records to the same tricks and Punkte."""
    ended = {"claim": 0, "concede": 0}
    for seed in range(60):
        game = play_random(DDV, seed, calls=True)
        if game.claim is None and game.conceded_by is None:
            continue
        ended["claim" if game.claim is not None else "concede"] += 1
        copy = replay(from_json(to_json(record_game(game))))
        assert copy.tricks == game.tricks and copy.score().points == game.score().points
        assert sum(t.augen for t in copy.tricks) == 240
    assert ended["claim"] > 0 and ended["concede"] > 0


# -- robustness ---------------------------------------------------------------------------------

BASE_TEXT = to_json(record_game(play_random(DDV, 4)))
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.sampled_from(["KrD", "announce:ansage", "vorbehalt:normal", "re", "normal"]),
    st.lists(st.integers(min_value=-1, max_value=5), max_size=5),
    st.just([[0, "KrD"]]),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _leaf_paths(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _leaf_paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _leaf_paths(item, path + (index,))
    return out


BASE_PATHS = _leaf_paths(json.loads(BASE_TEXT))


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(BASE_PATHS), junk=JUNK, delete=st.booleans())
def test_any_changed_field_loads_or_gives_one_line_record_error(
    path: tuple[str | int, ...], junk: object, delete: bool
) -> None:
    data = json.loads(BASE_TEXT)
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = junk
    try:
        record = from_json(json.dumps(data))
        verify(record)
    except RecordError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("<record>: ")


@settings(max_examples=100, deadline=None)
@given(cut=st.integers(min_value=0, max_value=len(BASE_TEXT) - 1))
def test_any_truncation_names_line_and_column(cut: int) -> None:
    with pytest.raises(RecordError, match=r"^<record>: line \d+, column \d+: invalid JSON: "):
        from_json(BASE_TEXT[:cut])


# -- house rules in records -----------------------------------------------------------------------

DOPPELBOCK = get_preset("doppelbock")
OHNE_NEUNEN = get_preset("ohne-neunen")


def deal_rest(rules: RuleSet, *given_hands: str, seed: int = 0) -> list[list[Card]]:
    """Seats 0.. hold ``given_hands``; the rest of the deck is shuffled with ``seed`` and dealt."""
    own = [parse_cards(text) for text in given_hands]
    rest: Counter[int] = Counter(deck(rules.with_nines))
    for cards in own:
        rest.subtract(cards)
    cards = sorted(rest.elements())
    random.Random(seed).shuffle(cards)
    size = rules.hand_size
    return own + [[Card(c) for c in sorted(cards[i : i + size])] for i in range(0, len(cards), size)]


def finish(game: Game) -> Game:
    """Play the lowest legal card (or the only action) until the game ends."""
    while not game.is_terminal:
        legal = game.legal_actions()
        cards = [a for a in legal if Action.is_card(a)]
        game.apply(min(cards) if cards else min(legal))
    return game


def round_trip(game: Game) -> Game:
    record = record_game(game, NAMES)
    loaded = from_json(to_json(record))
    assert loaded == record
    verify(loaded)
    again = replay(loaded)
    assert again.history == game.history
    return again


G = Action.GESUND
FIVE_NINES = "♣9 ♣9 ♠9 ♠9 ♥9 ♣K ♠K ♥K ♥A ♣A ♠A ♦K"
POOR = "♥B ♦K ♦9 ♣A ♣10 ♣K ♠A ♠10 ♠K ♥A ♥K ♥K"
RICH = "♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♦D ♣B ♠B ♣9 ♠9"
TOP_TRUMPS = "♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♥D ♦D ♦D ♣B ♣B"


def test_a_deal_thrown_in_is_recorded_without_result() -> None:
    """Seed 002: Anna (five nines) throws in; the record says why, holds no result, replays to the
    same thrown-in deal and shows it. A result or a missing reason is caught."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, FIVE_NINES, seed=2), dealer=3)
    for action in (Action.SCHMEISSEN, G, G, G):
        game.apply(action)
    assert game.thrown_in
    again = round_trip(game)
    record = record_game(game, NAMES)
    assert record.thrown_in == "schmeissen" and record.result is None and record.finished
    data = json.loads(to_json(record))
    assert data["thrown_in"] == "schmeissen" and data["result"] is None
    assert data["actions"][0] == [0, "vorbehalt:schmeissen"]
    assert again.thrown_in and again.redeal_same_dealer
    lines = trick_lines(again, NAMES)
    assert lines[0] == "Vorbehalte: Anna Schmeißen, Ben gesund, Carla gesund, Dirk gesund"
    assert lines[1].startswith("Thrown in: Schmeissen: deal again")
    assert lines[-1] == "Punkte: Anna +0, Ben +0, Carla +0, Dirk +0"
    assert trick_views(again) == []
    with pytest.raises(RecordError, match="thrown_in: the actions throw the deal in"):
        verify(from_json(json.dumps({**data, "thrown_in": None})))
    normal = json.loads(to_json(record_game(play_random(DDV, 1))))
    with pytest.raises(RecordError, match="thrown_in: stored 'schmeissen', but the actions throw nothing in"):
        verify(from_json(json.dumps({**normal, "thrown_in": "schmeissen", "result": None})))
    with pytest.raises(RecordError, match="result: a deal thrown in has no result"):
        from_json(json.dumps({**normal, "thrown_in": "schmeissen", "result": normal["result"]}))
    with pytest.raises(RecordError, match="thrown_in: expected why"):
        from_json(json.dumps({**data, "thrown_in": 3}))


def armut_game() -> Game:
    """Seed 002: Anna has three trumps (♥B ♦K ♦9) and declares an Armut, Ben (ten trumps) takes and
    gives back ♣9 ♠9 ♦9."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, RICH, seed=3), dealer=3)
    for action in (Action.vorbehalt(GameType.ARMUT), G, G, G):
        game.apply(action)
    for card in ("♥B", "♦K", "♦9"):
        game.apply(Action.armut_lay(Card.parse(card)))
    game.apply(Action.ARMUT_TAKE)
    for card in ("♣9", "♠9", "♦9"):
        game.apply(Action.armut_return(Card.parse(card)))
    return finish(game)


def test_armut_exchange_is_recorded_and_shown() -> None:
    game = armut_game()
    again = round_trip(game)
    keys = [key for _, key in json.loads(to_json(record_game(game)))["actions"]][:11]
    assert keys[4:] == [
        "armut:lay:HeB",
        "armut:lay:KaK",
        "armut:lay:Ka9",
        "armut:take",
        "armut:return:Kr9",
        "armut:return:Pi9",
        "armut:return:Ka9",
    ]
    lines = trick_lines(again, NAMES)
    assert lines[1] == "Armut: Anna lays 3 cards face down (♥B ♦K ♦9); Ben takes; Ben gives back 3 cards (♣9 ♠9 ♦9)"
    assert lines[2] == "Game: Armut (Anna with Ben)"
    hidden = trick_lines(again, NAMES, show_armut_cards=False)
    assert hidden[1] == "Armut: Anna lays 3 cards face down; Ben takes; Ben gives back 3 cards"
    assert sum(v.augen for v in trick_views(again)) == 240


def test_bidding_is_recorded_and_shown() -> None:
    """Seed 002: Anna's Pik-Solo and Ben's Kreuz-Solo meet; Ben raises, Anna passes, so Ben plays
    his solo with Re announced by the bid (shown with the bidding, not in a trick)."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, "♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♥D ♣B ♣B ♣A ♣10", seed=5), dealer=3)
    for action in (Action.vorbehalt(GameType.PIK), Action.vorbehalt(GameType.KREUZ), G, G, Action.BID, Action.PASS):
        game.apply(action)
    again = round_trip(finish(game))
    lines = trick_lines(again, NAMES)
    assert lines[1] == "Bidding: Ben reizt höher, Anna passt; Ben plays with Re"
    assert lines[2] == "Game: Kreuzsolo (Ben)"
    assert all(not v.announcements for v in trick_views(again))


def test_schweine_are_shown_where_they_were_announced() -> None:
    """Seed 002 announces the Schweine with the first Karo-Ass played (here without the choice of
    schweine_optional: they are made at once); seed 000 lets the holder announce them (action
    "schweine") before. Either way the trick view has the call just before the card, and the record
    replays it."""
    hand = "♦A ♦A ♣A ♠A ♥A ♣K ♠K ♥K ♦K ♦10 ♣10 ♠10"
    rules = DOPPELBOCK.replace(schweine_optional=False)
    game = Game(rules, deal_rest(rules, hand, seed=8), dealer=3)
    for _ in range(4):
        game.apply(G)
    game.apply(Card.KARO_ASS)  # Anna leads her first Karo-Ass: the Schweine are announced with it
    views = trick_views(round_trip(finish(game)))
    first = views[0]
    assert [(c.seat, c.kind, c.before_card) for c in first.calls if c.kind == "schweine"] == [(0, "schweine", 0)]
    # Carla was dealt both Karo-Neunen: the Superschweine, found when the Schweine are announced
    assert game.initial_hands[2].count(Card.KARO_NEUN) == 2
    assert [(c.seat, c.kind) for c in first.calls] == [(0, "schweine"), (2, "superschweine")]
    line = trick_lines(replay(record_game(game)), NAMES)[2]
    assert line.startswith("Trick 1: Anna: Schweine!, Carla: Superschweine!, Anna ♦A, ")

    short = " ".join(hand.split()[:10])
    game = Game(OHNE_NEUNEN, deal_rest(OHNE_NEUNEN, short, seed=8), dealer=3)
    for _ in range(4):
        game.apply(G)
    game.apply(Action.SCHWEINE)
    assert Action.key(game.history[-1][1]) == "schweine"
    again = round_trip(finish(game))
    assert [c.kind for c in trick_views(again)[0].calls] == ["schweine"]
    assert "Anna: Schweine!" in trick_lines(again, NAMES)[2]


def test_a_claim_is_recorded_and_shown() -> None:
    """Anna holds the twelve highest trumps and claims the rest at once (claim = anyone): the
    record keeps the claim, the twelve tricks are the claimed rest, all hers."""
    rules = DDV.replace(claim="anyone")
    game = Game(rules, deal_rest(rules, TOP_TRUMPS, seed=7), dealer=3)
    for action in (G, G, G, G, Action.CLAIM):
        game.apply(action)
    again = round_trip(game)
    views = trick_views(again)
    assert len(views) == 12 and all(v.claimed and v.winner == 0 and v.winning_index is None for v in views)
    assert [(c.seat, c.kind, c.held) for c in views[0].calls] == [(0, "claim", True)]
    lines = trick_lines(again, NAMES)
    assert "Anna claims the rest (Spielabkürzung): it holds" in lines
    assert sum(line.startswith("Trick ") and "(claimed)" in line for line in lines) == 12
    assert lines[-2].startswith("Result: Re wins, Re 240 Augen")


def test_trick_views_list_only_the_sonderpunkte_that_count() -> None:
    """Seed 002 counts only the Doppelkopf in a solo (solo_sonderpunkte): a Fuchs caught in a solo
    is in the game's summary but not in the trick view; the views list exactly the counted ones."""
    seen_uncounted = False
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(DOPPELBOCK, seed=seed, dealer=0)
        game.apply(Action.vorbehalt(GameType.KARO))
        while not game.is_terminal:
            legal = game.legal_actions()
            game.apply(rng.choice([a for a in legal if a != Action.vorbehalt(GameType.KARO)] or legal))
        if game.thrown_in:
            continue
        shown = [s for v in trick_views(game) for s in v.sonderpunkte]
        assert shown == [s for s in counted_sonderpunkte(game.summary(), DOPPELBOCK) if s.trick is not None]
        if game.game_type.is_declared_solo:
            assert {s.kind for s in shown} <= {"doppelkopf"}
            seen_uncounted |= any(s.kind == "fuchs_gefangen" for s in game.summary().sonderpunkte)
    assert seen_uncounted


def test_forced_solo_seat_is_stored_when_set() -> None:
    """A record keeps the seat forced to play its Pflichtsolo (Vorführung, TSR 4.2.3); old records
    without the field read as None, a bad value names the field."""
    record = record_game(play_random(DDV, 6), NAMES)
    assert record.forced_solo_seat is None and "forced_solo_seat" not in json.loads(to_json(record))
    forced = dataclasses.replace(record, forced_solo_seat=2)
    data = rec.to_dict(forced)
    assert data["forced_solo_seat"] == 2
    assert rec.build_record(data, "<record>") == forced
    with pytest.raises(RecordError, match=r"forced_solo_seat: expected a seat 0..3 or null, got 7"):
        from_json(json.dumps({**data, "forced_solo_seat": 7}))


def test_a_forced_pflichtsolo_round_trips() -> None:
    """A game with a seat forced to play its Pflichtsolo (TSR 4.2.3) is recorded with that seat and
    replays with it: without it, the solo answer of that seat alone would not be a legal history."""
    game = Game(DDV, HANDS, dealer=3, forced_solo_seat=2)  # type: ignore[call-arg,unused-ignore]
    game.apply(Action.vorbehalt(GameType.DAMEN), 2)
    again = round_trip(finish(game))
    record = record_game(game, NAMES)
    assert record.forced_solo_seat == 2 and json.loads(to_json(record))["forced_solo_seat"] == 2
    assert again.game_type is GameType.DAMEN and again.declarer == 2
    assert trick_lines(again, NAMES)[0] == "Vorbehalte: Carla Damensolo (Pflichtsolo, vorgeführt)"
    data = json.loads(to_json(record))
    del data["forced_solo_seat"]
    with pytest.raises(RecordError, match=r"actions\[0\]"):
        from_json(json.dumps(data))


# -- hardening: nesting, names, format version 2, leftovers of killed writers ---------------------------

V1_FILE = Path(__file__).parent / "data" / "records" / "version1.jsonl"


@pytest.mark.parametrize(
    "text", ["[" * 5000, '{"a": ' * 5000, '{"format": "doppelkopf-record", "meta": ' + "[" * 5000 + "]" * 5000 + "}"]
)
def test_deeply_nested_json_is_a_one_line_record_error(text: str) -> None:
    with pytest.raises(RecordError) as info:
        from_json(text, "game.json")
    message = str(info.value)
    assert message.startswith("game.json: ") and "nested too deeply" in message and "\n" not in message


def test_deep_nesting_in_a_records_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"
    path.write_text(rec.to_json_line(record_game(play_random(DDV, 1))) + "\n" + "[" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^.*session\.jsonl: line 2: .*nested too deeply"):
        load_many(path)


def test_meta_nested_too_deeply_is_refused_when_recording_and_loading() -> None:
    """A record this program writes always loads again: meta nested deeper than the readers take is refused
    when recording (no RecursionError for 5000 levels), and such a file is refused when loading."""
    deep: list[object] = []
    inner = deep
    for _ in range(5000):
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    with pytest.raises(RecordError, match=r"^meta\.tree: .*nested too deeply"):
        record_game(play_random(DDV, 1), tree=deep)
    data = json.loads(to_json(record_game(play_random(DDV, 1))))
    data["meta"] = {"tree": json.loads("[" * 150 + "]" * 150)}
    with pytest.raises(RecordError, match=r"^<record>: .*nested too deeply"):
        from_json(json.dumps(data))


def test_player_names_are_stored_in_normal_form() -> None:
    """'Ju' + combining diaeresis + 'rgen' is stored as 'Jürgen' with the precomposed ü, without outer blanks."""
    record = record_game(two_tricks(), ["Ju\u0308rgen", " Ben ", "Carla", "Dirk"])
    assert record.players == ("J\u00fcrgen", "Ben", "Carla", "Dirk")
    assert from_json(to_json(record)) == record


def test_player_names_that_name_one_player_twice_are_refused() -> None:
    with pytest.raises(RecordError, match=r"^players\[3\]: 'Jürgen' is the same player as players\[0\]"):
        record_game(two_tricks(), ["J\u00fcrgen", "Ben", "Carla", "Ju\u0308rgen"])
    data = json.loads(to_json(record_game(two_tricks(), ["J\u00fcrgen", "Ben", "Carla", "Dirk"])))
    data["players"][3] = "JÜRGEN"
    with pytest.raises(RecordError, match=r"^<record>: players\[3\]: 'JÜRGEN' is the same player as players\[0\]"):
        rec.from_dict(data)


@pytest.mark.parametrize(("name", "why"), [("A" * 41, "at most 40"), ("An\nna", "U+000A"), ("An\u2028na", "U+2028")])
def test_player_names_too_long_or_with_line_breaks_are_refused(name: str, why: str) -> None:
    with pytest.raises(RecordError, match=rf"^players\[1\]: .*{re.escape(why)}"):
        record_game(two_tricks(), ["Anna", name, "Carla", "Dirk"])
    data = json.loads(to_json(record_game(two_tricks())))
    data["players"][1] = name
    with pytest.raises(RecordError, match=rf"^<record>: players\[1\]: .*{re.escape(why)}"):
        rec.from_dict(data)


def test_line_separators_and_lone_surrogates_in_meta_keep_one_record_per_line(tmp_path: Path) -> None:
    """U+2028, U+2029 and U+0085 end a line for str.splitlines; a lone surrogate cannot be written as UTF-8. The
    writers escape them (\\u2028 ...), so each record stays one line and the file loads back the same."""
    record = record_game(play_random(DDV, 3), NAMES, note="a\u2028b\u2029c\u0085d\x1ce", odd="\ud800")
    line = rec.to_json_line(record)
    assert len(line.splitlines()) == 1
    assert len(to_json(record).splitlines()) == len(to_json(record).split("\n"))
    path = tmp_path / "session.jsonl"
    save_many([record, record], path)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2
    assert load_many(path) == [record, record]
    save(record, tmp_path / "game.json")
    assert load(tmp_path / "game.json").meta == {"note": "a\u2028b\u2029c\u0085d\x1ce", "odd": "\ud800"}


def test_new_records_are_format_version_4() -> None:
    data = json.loads(to_json(record_game(play_random(DDV, 1))))
    assert data["version"] == 4 == rec.FORMAT_VERSION
    assert set(data["rules"]["options"]) == set(DDV.to_dict())


def test_version_2_records_lack_own_augen_visible_and_read_it_as_false() -> None:
    """A record written before format version 3 has no ``own_augen_visible`` (the online table's option): it
    reads as false, the TSR's face-down tricks; a version-3 record without it is refused, naming it."""
    data = json.loads(to_json(record_game(play_random(DDV, 2))))
    del data["rules"]["options"]["own_augen_visible"]
    data["version"] = 2
    old = from_json(json.dumps(data))
    assert old.version == 2 and old.rules.own_augen_visible is False and old.rules == DDV
    data["version"] = 3
    with pytest.raises(RecordError, match="missing option 'own_augen_visible'"):
        from_json(json.dumps(data))


def test_version_1_records_load_with_the_old_values_of_the_options_added_since() -> None:
    """tests/data/records/version1.jsonl was written by the program before format version 2: three games under each
    of ddv, doppelbock, ohne-neunen and vier-schritte. Its options lack the five added since, which take the
    engine's behaviour before them, also under doppelbock, whose preset now sets three of them otherwise."""
    records = load_many(V1_FILE)
    assert [r.rules.name for r in records] == [
        n for n in ("ddv", "doppelbock", "ohne-neunen", "vier-schritte") for _ in "123"
    ]
    old = {
        "schweine_optional": False,
        "hochzeit_early_ansage": False,
        "re_120_after_kontra": True,
        "absage_punkte": "all",
        "reached_against_absage": True,
    }
    for record in records:
        assert record.version == 1
        assert {key: getattr(record.rules, key) for key in old} == old
        verify(record)
    doppelbock = get_preset("doppelbock")
    assert (doppelbock.schweine_optional, doppelbock.re_120_after_kontra, doppelbock.reached_against_absage) == (
        True,
        False,
        False,
    )
    written = json.loads(to_json(records[3]))  # written again: version 4 with every option
    assert written["version"] == 4 and written["rules"]["options"]["re_120_after_kontra"] is True
    assert from_json(to_json(records[3])).rules == records[3].rules


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_a_missing_rule_option_is_an_error_not_a_default(version: int) -> None:
    """Under doppelbock the second Herz-10 is higher (dulle = second); a record without the option must not
    silently play the DDV's first."""
    data = json.loads(to_json(record_game(play_random(DOPPELBOCK, 1))))
    data["version"] = version
    del data["rules"]["options"]["dulle"]
    with pytest.raises(RecordError, match=r"^<record>: rules\.options: missing option 'dulle'"):
        rec.from_dict(data)


def test_a_version_3_record_takes_the_options_of_issue_26_at_the_behaviour_before_them() -> None:
    """A record written before FreeDoko's options existed (format 3) lacks them: each takes the engine's behaviour
    before it (the Dullen are trumps, no Genscher, the Liste written plus and minus), and the game replays."""
    data = json.loads(to_json(record_game(play_random(DOPPELBOCK, 3))))
    data["version"] = 3
    for option in rec.OPTIONS_ADDED[4]:
        del data["rules"]["options"][option]
    old = rec.from_dict(data)
    assert old.rules == DOPPELBOCK
    assert (old.rules.dullen, old.rules.genscher, old.rules.liste_counting) == (True, False, "plus_minus")
    verify(old)
    data["version"] = 4
    with pytest.raises(RecordError, match=r"^<record>: rules\.options: missing option 'dullen'"):
        rec.from_dict(data)


def test_options_added_after_version_1_are_needed_in_version_2() -> None:
    data = json.loads(to_json(record_game(play_random(DOPPELBOCK, 1))))
    del data["rules"]["options"]["schweine_optional"]
    with pytest.raises(RecordError, match=r"^<record>: rules\.options: missing option 'schweine_optional'"):
        rec.from_dict(data)
    data["version"] = 1
    assert rec.from_dict(data).rules.schweine_optional is False


def test_the_preset_field_must_agree_with_the_options_name() -> None:
    data = json.loads(to_json(record_game(play_random(DDV, 1))))
    data["rules"]["preset"] = "doppelbock"
    with pytest.raises(RecordError, match=r"^<record>: rules\.preset: 'doppelbock' .*'ddv'"):
        rec.from_dict(data)


def test_a_custom_rule_set_with_every_option_stored_loads() -> None:
    """A name that is no preset names a custom rule set (a rule file's): its stored options alone decide."""
    custom = DDV.replace(name="Stammtisch Müller", solo_factor=6, dulle="second")
    record = record_game(play_random(custom, 2))
    assert json.loads(to_json(record))["rules"]["preset"] == "Stammtisch Müller"
    loaded = from_json(to_json(record))
    assert loaded.rules == custom
    verify(loaded)
    data = json.loads(to_json(record))
    del data["rules"]["options"]["solo_factor"]
    with pytest.raises(RecordError, match=r"rules\.options: missing option 'solo_factor'"):
        rec.from_dict(data)


def _leftover(folder: Path, target: str, age: float) -> Path:
    path = folder / f".{target}.{uuid.uuid4().hex}.tmp"
    path.write_text("half a record", encoding="utf-8")
    when = time.time() - age
    os.utime(path, (when, when))
    return path


def test_leftovers_of_a_killed_writer_are_removed_at_the_next_write(tmp_path: Path) -> None:
    """A writer killed with SIGKILL between writing and renaming leaves its hidden temporary file. The next write
    of the same target removes it once it is a few seconds old and no writer holds it; a fresh one, one held
    by a live writer, those of other targets and look-alike names stay."""
    target = tmp_path / "session.jsonl"
    script = (
        "import os, sys, time\n"
        "from pathlib import Path\n"
        "from doppelkopf import record\n"
        "def stall(src, dst):\n"
        "    print('written', flush=True)\n"
        "    time.sleep(60)\n"
        "os.replace = stall\n"
        f"record.write_atomic(Path({str(target)!r}), 'x' * 100000)\n"
    )
    env = {**os.environ, "DOPPELKOPF_PURE": "1"}
    with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env) as writer:
        assert writer.stdout is not None and writer.stdout.readline() == b"written\n"
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    (killed,) = tmp_path.iterdir()
    assert re.fullmatch(r"\.session\.jsonl\.[0-9a-f]{32}\.tmp", killed.name)
    os.utime(killed, (time.time() - 60, time.time() - 60))
    old = _leftover(tmp_path, "session.jsonl", 3600)
    fresh = _leftover(tmp_path, "session.jsonl", 0)
    held = _leftover(tmp_path, "session.jsonl", 3600)
    other = _leftover(tmp_path, "other.jsonl", 3600)
    alike = [tmp_path / ".session.jsonl.1234.tmp", tmp_path / "session.jsonl.0123456789abcdef0123456789abcdef.tmp"]
    for path in alike:
        path.write_text("not ours", encoding="utf-8")
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    with open(held, "rb") as live:
        fcntl.flock(live.fileno(), fcntl.LOCK_EX)  # a writer at work holds its file
        save_many([record_game(play_random(DDV, 1))], target)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(p.name for p in [target, fresh, held, other, *alike])
    assert not killed.exists() and not old.exists()
    assert len(load_many(target)) == 1


def test_append_many_adds_every_record_in_one_rewrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = [record_game(play_random(DDV, s), game_number=s + 1) for s in range(4)]
    path = tmp_path / "session.jsonl"
    save_many(records[:1], path)
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n"), encoding="utf-8")  # no final newline
    writes: list[Path] = []
    real = record_files.write_atomic

    def counted(target: Path, text: str, keep_old: bool = False) -> None:
        writes.append(target)
        real(target, text, keep_old)

    monkeypatch.setattr(record_files, "write_atomic", counted)
    rec.append_many(records[1:], path)
    assert writes == [path]
    assert load_many(path) == records
    rec.append_many([], path)
    assert writes == [path] and load_many(path) == records
    fresh = tmp_path / "new.jsonl"
    rec.append_many(iter(records[2:]), fresh)
    assert load_many(fresh) == records[2:]


def test_is_records_file(tmp_path: Path) -> None:
    """A JSON Lines file of records (first non-blank line a record object) or an empty file: yes. A single pretty
    record (appending would break it), other JSON, text, bytes that are no UTF-8, a folder, nothing: no."""
    record = record_game(play_random(DDV, 1))
    cases = {
        "records.jsonl": "\n\n" + rec.to_json_line(record) + "\n",
        "empty.jsonl": "",
        "pretty.json": to_json(record) + "\n",
        "other.json": '{"format": "sheet", "players": []}\n',
        "notes.txt": "Anna +4\n",
        "nested.jsonl": "[" * 5000 + "\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "bytes.jsonl").write_bytes(b"\xff\xfe{}\n")
    (tmp_path / "folder").mkdir()
    found = {name: rec.is_records_file(tmp_path / name) for name in [*cases, "bytes.jsonl", "folder", "missing"]}
    assert found == {
        "records.jsonl": True,
        "empty.jsonl": True,
        "pretty.json": False,
        "other.json": False,
        "notes.txt": False,
        "nested.jsonl": False,
        "bytes.jsonl": False,
        "folder": False,
        "missing": False,
    }


def test_load_game_reads_the_chosen_game_only(tmp_path: Path) -> None:
    """``doko replay FILE --game N``: the N-th record of a JSON Lines file (a damaged other line does not
    matter, but a file with a half-written line is not said to hold games), the one record of a pretty file; a
    number outside the file is one line naming the file."""
    records = [record_game(play_random(DDV, s), game_number=s + 1) for s in range(3)]
    path = tmp_path / "session.jsonl"
    save_many(records, path)
    assert rec.load_game(path, 3) == (records[2], 3, f"{path}: line 3")
    with pytest.raises(RecordError, match=r"session\.jsonl: game 4: the file holds 3 games$"):
        rec.load_game(path, 4)
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join([lines[0], lines[1], lines[2][:50]]) + "\n", encoding="utf-8")
    assert rec.load_game(path, 2) == (records[1], None, f"{path}: line 2")
    assert rec.load_game(path) == (records[0], None, f"{path}: line 1")
    with pytest.raises(RecordError, match=r"session\.jsonl: line 3, column \d+: invalid JSON"):
        rec.load_game(path, 3)
    with pytest.raises(
        RecordError, match=r"session\.jsonl: game 4: the file has 3 lines, and not every line is a game$"
    ):
        rec.load_game(path, 4)
    single = tmp_path / "game.json"
    save(records[2], single)
    assert rec.load_game(single) == (records[2], 1, str(single))
    with pytest.raises(RecordError, match=r"game\.json: game 2: the file holds a single game$"):
        rec.load_game(single, 2)
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    with pytest.raises(RecordError, match="the file is empty"):
        rec.load_game(tmp_path / "empty.jsonl")
    other = tmp_path / "other.jsonl"
    other.write_text('{"a": 1}\n{"b": 2}\n', encoding="utf-8")
    with pytest.raises(RecordError, match=r"other\.jsonl: game 3: the file has 2 lines, and not every line is a game$"):
        rec.load_game(other, 3)


# -- files that cannot hurt: bounded reads, every line checked, links, devices, byte order mark ---------------


def one_line(exc: pytest.ExceptionInfo[BaseException]) -> str:
    message = str(exc.value)
    assert "\n" not in message and len(message) < 300
    return message


def record_lines(count: int) -> tuple[list[GameRecord], list[str]]:
    records = [record_game(play_random(DDV, s), game_number=s + 1) for s in range(count)]
    return records, [rec.to_json_line(r) for r in records]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_refused_at_the_first_line_limit() -> None:
    """``doko replay /dev/zero``: an endless line of NUL bytes is refused after 1 MiB, naming line 1, instead of
    being read until memory runs out; a single record is read up to 4 MiB; nothing to append to."""
    with pytest.raises(RecordError) as info:
        rec.load_game("/dev/zero")
    assert (
        one_line(info) == "/dev/zero: line 1 is longer than 1 MiB (a record line has a few KB): no file of game records"
    )
    with pytest.raises(RecordError, match=r"^/dev/zero: line 1 is longer than 1 MiB"):
        load_many("/dev/zero")
    with pytest.raises(RecordError, match=r"^/dev/zero: larger than 4 MiB \(a game record has a few KB\)"):
        load("/dev/zero")
    assert rec.is_records_file("/dev/zero") is False


def test_a_line_over_the_limit_is_refused_naming_its_number(tmp_path: Path) -> None:
    """A line of 1 MiB is read (here blank), one byte more is refused by number: in any file read line by line."""
    records, lines = record_lines(2)
    path = tmp_path / "session.jsonl"
    path.write_text(lines[0] + "\n" + " " * rec.MAX_LINE_BYTES + "\n" + lines[1] + "\n", encoding="utf-8")
    assert load_many(path) == records
    assert rec.is_records_file(path)
    assert rec.load_game(path, 2) == (records[1], 2, f"{path}: line 3")
    path.write_text(lines[0] + "\n" + "x" * (rec.MAX_LINE_BYTES + 1) + "\n" + lines[1] + "\n", encoding="utf-8")
    for read in (load_many, rec.load_game, lambda p: rec.load_game(p, 2)):
        with pytest.raises(RecordError, match=r"session\.jsonl: line 2 is longer than 1 MiB"):
            read(path)
    assert not rec.is_records_file(path)


def test_a_single_record_file_is_read_up_to_its_limit(tmp_path: Path) -> None:
    """``load`` and a pretty record in ``load_game`` take 4 MiB; a longer file is refused, not read whole."""
    record = record_game(play_random(DDV, 2))
    path = tmp_path / "game.json"
    text = to_json(record)
    path.write_text(text + " " * (rec.MAX_RECORD_BYTES - len(text)), encoding="utf-8")
    assert load(path) == record and rec.load_game(path) == (record, 1, str(path))
    path.write_text(text + " " * (rec.MAX_RECORD_BYTES + 1 - len(text)), encoding="utf-8")
    for read in (load, rec.load_game):
        with pytest.raises(RecordError, match=r"game\.json: larger than 4 MiB"):
            read(path)


def test_load_game_keeps_only_the_chosen_line_in_memory(tmp_path: Path) -> None:
    """``doko replay FILE --game N`` on a large records file streams it: the memory it needs stays far below the
    file's size (here 16 MiB; the whole text and its lines would need more than twice that)."""
    import tracemalloc

    records, lines = record_lines(2)
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as out:
        while out.tell() < 16 << 20:
            out.write(lines[0] + "\n" + lines[1] + "\n")
    tracemalloc.start()
    try:
        record, count, source = rec.load_game(path, 4)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert record == records[1] and source == f"{path}: line 4"
    assert count is not None and count > 1000
    assert peak < 4 << 20


def test_a_file_that_is_not_utf8_fails_at_the_first_bad_line(tmp_path: Path) -> None:
    """A bad byte is named by line and offset in the file as soon as it is read: the endless line after it is never
    reached."""
    _, lines = record_lines(1)
    path = tmp_path / "session.jsonl"
    first = (lines[0] + "\n").encode("utf-8")
    path.write_bytes(first + b"ab\xff\n" + b"x" * (2 * rec.MAX_LINE_BYTES))
    offset = len(first) + 2
    for read in (load_many, rec.load_game):
        with pytest.raises(RecordError) as info:
            read(path)
        assert one_line(info) == f"{path}: line 2: not UTF-8 text (byte {offset})"
    assert not rec.is_records_file(path)


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path: Path) -> None:
    """An editor may write a UTF-8 byte order mark first: every reader skips it, as entries do, and appending keeps
    the file readable."""
    records, lines = record_lines(3)
    bom = b"\xef\xbb\xbf"
    path = tmp_path / "session.jsonl"
    path.write_bytes(bom + "".join(line + "\n" for line in lines[:2]).encode("utf-8"))
    assert load_many(path) == records[:2]
    assert rec.load_game(path) == (records[0], 2, f"{path}: line 1")
    assert rec.is_records_file(path)
    rec.append(records[2], path)
    assert load_many(path) == records
    single = tmp_path / "game.json"
    single.write_bytes(bom + to_json(records[1]).encode("utf-8"))
    assert load(single) == records[1]
    assert rec.load_game(single) == (records[1], 1, str(single))


def test_is_records_file_checks_every_line(tmp_path: Path) -> None:
    """Only a file whose every non-blank line is a whole record line may be appended to: a garbage line anywhere or a
    half-written last line says no (the CLI then refuses the file). Blank lines, CRLF line ends and version-1 records
    are fine."""
    _, lines = record_lines(2)
    cases = {
        "good.jsonl": lines[0] + "\n\n" + lines[1] + "\n",
        "crlf.jsonl": lines[0] + "\r\n" + lines[1] + "\r\n",
        "no-newline.jsonl": lines[0] + "\n" + lines[1],
        "garbage.jsonl": lines[0] + "\ngarbage\n" + lines[1] + "\n",
        "half.jsonl": lines[0] + "\n" + lines[1][: len(lines[1]) // 2] + "\n",
        "pretty-after.jsonl": lines[0] + "\n" + to_json(record_game(play_random(DDV, 3))) + "\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8", newline="")
    found = {name: rec.is_records_file(tmp_path / name) for name in cases}
    assert found == {
        "good.jsonl": True,
        "crlf.jsonl": True,
        "no-newline.jsonl": True,
        "garbage.jsonl": False,
        "half.jsonl": False,
        "pretty-after.jsonl": False,
    }
    assert rec.is_records_file(Path(__file__).parent / "data" / "records" / "version1.jsonl")


def test_load_game_in_a_file_with_a_garbage_line(tmp_path: Path) -> None:
    """A record line, then "garbage": game 1 replays; the file is no single pretty record, and it is not said to
    hold games (line 2 is none): game 3 is past its 2 lines, game 2 is the garbage."""
    records, lines = record_lines(1)
    path = tmp_path / "gar.jsonl"
    path.write_text(lines[0] + "\ngarbage\n", encoding="utf-8")
    assert rec.load_game(path) == (records[0], None, f"{path}: line 1")
    with pytest.raises(rec.GameNumberError) as info:
        rec.load_game(path, 3)
    assert one_line(info) == f"{path}: game 3: the file has 2 lines, and not every line is a game"
    with pytest.raises(RecordError, match=r"gar\.jsonl: line 2, column 1: invalid JSON"):
        rec.load_game(path, 2)


def test_writing_through_a_symbolic_link_changes_its_target(tmp_path: Path) -> None:
    """A records file reached through a link (or a chain of links, relative or absolute) stays a link: the records are
    written atomically beside the real file, which gets them; a dangling link creates its target."""
    records, _ = record_lines(3)
    real_folder = tmp_path / "real"
    real_folder.mkdir()
    real = real_folder / "games.jsonl"
    save_many(records[:1], real)
    link = tmp_path / "link.jsonl"
    link.symlink_to(Path("real") / "games.jsonl")
    chain = tmp_path / "chain.jsonl"
    chain.symlink_to(link)
    rec.append(records[1], link)
    rec.append_many(records[2:], chain)
    assert link.is_symlink() and chain.is_symlink()
    assert load_many(real) == records
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chain.jsonl", "link.jsonl", "real"]
    assert [p.name for p in real_folder.iterdir()] == ["games.jsonl"]
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(real_folder / "new.json")
    save(records[0], dangling)
    assert dangling.is_symlink() and load(real_folder / "new.json") == records[0]


def test_a_loop_of_symbolic_links_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").symlink_to(tmp_path / "b.jsonl")
    (tmp_path / "b.jsonl").symlink_to(tmp_path / "a.jsonl")
    with pytest.raises(RecordError, match=r"a\.jsonl: cannot write: a loop of symbolic links"):
        save_many([record_game(play_random(DDV, 1))], tmp_path / "a.jsonl")
    assert (tmp_path / "a.jsonl").is_symlink() and (tmp_path / "b.jsonl").is_symlink()


def test_only_a_regular_file_or_a_new_one_is_written(tmp_path: Path) -> None:
    """A FIFO, a folder, or a link to a FIFO is never replaced by a records file (the writers' last line of defence,
    whatever the caller asks), and appending to a FIFO does not wait for a writer."""
    record = record_game(play_random(DDV, 1))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    to_fifo = tmp_path / "to-pipe.jsonl"
    to_fifo.symlink_to(fifo)
    for path, kind in ((fifo, "a named pipe"), (folder, "a folder"), (to_fifo, "a named pipe")):
        for write in (save, lambda r, p: save_many([r], p), rec.append):
            with pytest.raises(RecordError) as info:
                write(record, path)
            assert one_line(info) == f"{path}: cannot write: {kind}, not a regular file"
    assert stat_kind(fifo) == "fifo" and stat_kind(folder) == "dir" and to_fifo.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "pipe", "to-pipe.jsonl"]
    assert list(folder.iterdir()) == []


def stat_kind(path: Path) -> str:
    import stat

    mode = os.lstat(path).st_mode
    return "fifo" if stat.S_ISFIFO(mode) else "dir" if stat.S_ISDIR(mode) else "other"


def test_a_record_too_large_to_read_back_is_not_written(tmp_path: Path) -> None:
    """A record this program writes always loads again: one whose ``meta`` makes its line longer than a reader
    takes is refused when it is written, naming ``meta``, and the file is left as it was."""
    path = tmp_path / "session.jsonl"
    save_many([], path)
    big = record_game(play_random(DDV, 1), note="x" * rec.MAX_LINE_BYTES)
    with pytest.raises(RecordError, match=r"^meta: the record is \d+ bytes as a line, more than the 1 MiB"):
        rec.append(big, path)
    with pytest.raises(RecordError, match=r"^meta: the record is \d+ bytes, more than the 4 MiB"):
        save(record_game(play_random(DDV, 1), note="x" * rec.MAX_RECORD_BYTES), tmp_path / "game.json")
    assert path.read_text(encoding="utf-8") == "" and not (tmp_path / "game.json").exists()


# -- Bock ---------------------------------------------------------------------------------------------------

#: Seed 002 (doppelbock); a Bock doubles every Punkt of the game (option bock_multiplies "all").
DOPPELBOCK = get_preset("doppelbock")


def bock_game(rules: RuleSet) -> Game:
    """A normal game of seed 38 (random legal play): Re (Anna, Carla) wins against Kontra's Ansage and Absagen
    keine 90 to schwarz, Re's Sonderpunkte 2."""
    game = play_random(rules, 38)
    result = game.score()
    assert game.game_type is GameType.NORMAL and game.summary().re_seats == frozenset({0, 2})
    assert [(item.key, item.punkte) for item in result.items] == [
        ("gewonnen", 1),
        ("unter_90", 1),
        ("kontra_angesagt", 2),
        ("keine_90_kontra", 1),
        ("keine_60_kontra", 1),
        ("keine_30_kontra", 1),
        ("schwarz_kontra", 1),
        ("sonderpunkte_re", 2),
    ]
    return game


def test_a_bock_game_is_recorded_and_shown_with_its_multiplied_punkte() -> None:
    """Seed 002: "Böcke verdoppeln die so gezählten Punkte." The record keeps ``bock`` in its meta; the trick view
    shows the game's own Punkte (8 game points + 2 Sonderpunkte = 10) and then the Bock: all 10 doubled (20) when a
    Bock multiplies the Sonderpunkte too, 8 × 2 + 2 = 18 when it multiplies only the game value."""
    game = bock_game(DOPPELBOCK)
    record = record_game(game, NAMES, bock=2)
    again = from_json(to_json(record))
    assert again.bock == 2 and again.result == record.result and again.result is not None
    assert again.result.points == (10, -10, 10, -10)
    lines = trick_lines(replay(again), again.players, bock=again.bock)
    assert lines[-2:] == [
        "Punkte: Anna +10, Ben −10, Carla +10, Dirk −10",  # the minus sign U+2212 (docs/i18n.md)
        "Bock ×2: Anna +20, Ben −20, Carla +20, Dirk −20",
    ]
    assert trick_lines(replay(again), NAMES, ascii_only=True, bock=2)[-1].startswith("Bock x2: Anna +20")
    value_only = bock_game(DOPPELBOCK.replace(bock_multiplies="value"))
    assert trick_lines(value_only, NAMES, bock=2)[-1] == "Bock ×2: Anna +18, Ben −18, Carla +18, Dirk −18"
    assert (
        trick_lines(value_only, NAMES, ascii_only=True, bock=2)[-1] == "Bock x2: Anna +18, Ben -18, Carla +18, Dirk -18"
    )
    assert trick_lines(game, NAMES)[-1].startswith("Punkte: ")
    assert record_game(game).bock == 1


@pytest.mark.parametrize(
    ("bock", "message"),
    [
        (3, "3 is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ..."),
        (1, "1 is no Bock: leave it out"),
        (0, "0 is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ..."),
        (True, "True is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ..."),
        ("2", "'2' is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ..."),
        (8, "8 is more than rules 'doppelbock' allow (bock_max_multiplier = 4)"),
    ],
)
def test_bock_must_be_a_multiplier_the_rules_allow(bock: object, message: str) -> None:
    game = bock_game(DOPPELBOCK)
    with pytest.raises(RecordError) as info:
        record_game(game, NAMES, bock=bock)
    assert one_line(info) == f"meta.bock: {message}"
    data = rec.to_dict(record_game(game, NAMES, bock=4))
    data["meta"]["bock"] = bock
    with pytest.raises(RecordError) as info:
        rec.from_dict(data, "game.json")
    assert one_line(info) == f"game.json: meta.bock: {message}"


def test_a_solo_takes_no_bock_where_the_rules_keep_soli_out() -> None:
    """Seed 002: "Mit Ausnahme einer Stillen Hochzeit kommen Soli nicht in die Bockwertung" (bock_skips_soli)."""
    from doppelkopf.game import random_game

    solo = random_game(DOPPELBOCK, seed=1)
    assert solo.game_type.is_declared_solo and solo.is_terminal
    with pytest.raises(
        RecordError, match=r"^meta\.bock: the .+ takes no Bock under rules 'doppelbock' \(bock_skips_soli\)$"
    ):
        record_game(solo, NAMES, bock=2)
    allowed = random_game(DOPPELBOCK.replace(bock_skips_soli=False), seed=1)
    assert record_game(allowed, NAMES, bock=2).bock == 2
