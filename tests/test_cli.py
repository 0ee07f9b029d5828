"""The ``doko`` command line as a user meets it: outputs, files written, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from doppelkopf.cards import Card
from doppelkopf.cli import main
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import RandomPlayer, play_game
from doppelkopf.record import load_many
from doppelkopf.rules import DDV, GameType, Party, get_preset

ENTRIES = Path(__file__).parent / "data" / "entries"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def one_line_error(result: object) -> str:
    """The error output of a failed command: exactly one line, no traceback."""
    assert result.exit_code != 0  # type: ignore[attr-defined]
    assert result.exception is None or isinstance(result.exception, SystemExit)  # type: ignore[attr-defined]
    text = result.output.strip()  # type: ignore[attr-defined]
    assert "Traceback" not in text
    lines = [line for line in text.splitlines() if line.strip()]
    error_lines = [line for line in lines if line.startswith("Error") or "Error:" in line]
    assert error_lines, text
    return error_lines[-1]


def test_score_seed004_beispiel1_text(runner: CliRunner) -> None:
    """Seed 004 Beispiel 1: Ben and Carla (Re) get +4 each, Anna and Dirk -4."""
    result = runner.invoke(main, ["score", str(ENTRIES / "seed004_beispiel1.json")])
    assert result.exit_code == 0, result.output
    assert "Summe" in result.output and "+4" in result.output
    assert "Anna -4, Ben +4, Carla +4, Dirk -4" in result.output


def test_score_json_from_stdin(runner: CliRunner) -> None:
    """Seed 004 Beispiel 3: Kreuzsolo Anna with 190 Augen: Anna +9, the others -3."""
    entry = {
        "rules": "ddv",
        "players": ["Anna", "Ben", "Carla", "Dirk"],
        "game": "kreuz",
        "re": ["Anna"],
        "augen_re": 190,
    }
    result = runner.invoke(main, ["score", "-", "--json"], input=json.dumps(entry))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["winner"] == "re"
    assert data["value"] == 3
    assert data["points"] == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}
    assert [item["key"] for item in data["items"]] == ["gewonnen", "unter_90", "unter_60"]


@pytest.mark.parametrize(
    ("entry", "needle"),
    [
        ({"augen_re": 250}, "augen_re"),
        ({"re": ["Ben", "Erik"]}, "Erik"),
        ({"game": "ramsch"}, "game"),
    ],
)
def test_score_bad_entry_one_line(runner: CliRunner, entry: dict[str, object], needle: str) -> None:
    base = json.loads((ENTRIES / "seed004_beispiel1.json").read_text(encoding="utf-8"))
    base.update(entry)
    result = runner.invoke(main, ["score", "-"], input=json.dumps(base))
    assert needle in one_line_error(result)


def test_score_broken_json_names_line(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", "-"], input='{"rules": "ddv",\n "players": [\n')
    assert "line" in one_line_error(result)


def test_simulate_prints_list_and_saves_records(runner: CliRunner, tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    result = runner.invoke(main, ["simulate", "--games", "8", "--seed", "3", "--records", str(records)])
    assert result.exit_code == 0, result.output
    for word in ("Liste", "Settlement", "Anna", "Dirk"):
        assert word in result.output
    saved = load_many(records)
    assert len(saved) == 8
    # The deal moves clockwise, but after a Pflichtsolo (the soloist's pflichtsolo_done turns True
    # in the next record) the same dealer deals again (TSR 3.3.1, 4.2.5).
    assert saved[0].dealer == 0
    for before, after in zip(saved, saved[1:], strict=False):
        pflichtsolo = before.pflichtsolo_done != after.pflichtsolo_done
        assert after.dealer == (before.dealer if pflichtsolo else (before.dealer + 1) % 4)


def test_simulate_json_is_zero_sum_and_deterministic(runner: CliRunner) -> None:
    args = ["simulate", "--games", "6", "--seed", "11", "--no-records", "--json"]
    first = runner.invoke(main, args)
    second = runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    data = json.loads(first.output)
    assert sum(data["totals"].values()) == 0
    assert all(sum(row["points"]) == 0 for row in data["rows"])
    balance = dict.fromkeys(data["totals"], 0)
    for t in data["settlement"]:
        balance[t["payer"]] -= t["cents"]
        balance[t["payee"]] += t["cents"]
    assert balance == {name: total * 10 for name, total in data["totals"].items()}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--games", "abc"], "--games"),
        (["simulate", "--players", "foo"], "--players"),
        (["simulate", "--rules", "nosuch"], "nosuch"),
        (["score", "does-not-exist.json"], "does-not-exist.json"),
        (["replay", "does-not-exist.jsonl"], "does-not-exist.jsonl"),
        (["rules", "show", "nosuch"], "nosuch"),
    ],
)
def test_bad_arguments_one_line(runner: CliRunner, args: list[str], needle: str) -> None:
    assert needle in one_line_error(runner.invoke(main, args))


def test_replay_shows_tricks_and_score(runner: CliRunner, tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    runner.invoke(main, ["simulate", "--games", "2", "--seed", "5", "--records", str(records)])
    result = runner.invoke(main, ["replay", str(records), "--game", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.count("Trick ") >= 12
    assert "Summe" in result.output


def test_replay_truncated_record_one_line(runner: CliRunner, tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    runner.invoke(main, ["simulate", "--games", "2", "--seed", "5", "--records", str(records)])
    text = records.read_text(encoding="utf-8")
    broken = tmp_path / "broken.jsonl"
    broken.write_text(text[: len(text) // 3], encoding="utf-8")
    assert "line" in one_line_error(runner.invoke(main, ["replay", str(broken)]))


def test_rules_show_and_toml_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    shown = runner.invoke(main, ["rules", "show", "ddv"])
    assert shown.exit_code == 0
    assert "announcement_deadlines" in shown.output and "TSR" in shown.output
    toml = runner.invoke(main, ["rules", "show", "ddv", "--toml"])
    path = tmp_path / "mine.toml"
    path.write_text(toml.output.replace("solo_factor = 3", "solo_factor = 6"), encoding="utf-8")
    reread = runner.invoke(main, ["rules", "show", str(path), "--toml"])
    assert reread.exit_code == 0, reread.output
    assert "solo_factor = 6" in reread.output


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("solo_factor = \n", "TOML"),
        ("bogus_option = 1\n", "bogus_option"),
        ('dulle = "third"\n', "dulle"),
    ],
)
def test_bad_rule_file_one_line(runner: CliRunner, tmp_path: Path, content: str, needle: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    assert needle in one_line_error(runner.invoke(main, ["simulate", "--games", "1", "--rules", str(path)]))


def test_play_a_game_by_keyboard(runner: CliRunner) -> None:
    """A scripted player: gesund, then always the first legal card by number; wrong input first.

    Typing a card that is not in the hand or not allowed gets a message and a new prompt; the game
    ends with the score table and the list.
    """
    lines = ["gesund"] + ["zz", "99"] + ["1"] * 60
    # The first listed legal card is not always number 1; retry every number on refusal.
    script = "\n".join(lines + [str(n) for _ in range(12) for n in range(1, 13)]) + "\n"
    result = runner.invoke(main, ["play", "--games", "1", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    assert "not a card" in result.output
    assert "Summe" in result.output and "Liste" in result.output


def test_play_eof_aborts_cleanly(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "--games", "1", "--seed", "4"], input="")
    assert result.exit_code != 0
    assert "Traceback" not in result.output


def test_replay_reads_a_pretty_record_and_survives_a_damaged_other_line(runner: CliRunner, tmp_path: Path) -> None:
    from doppelkopf.record import save

    records = tmp_path / "games.jsonl"
    runner.invoke(main, ["simulate", "--games", "2", "--seed", "5", "--records", str(records)])
    first, second = records.read_text(encoding="utf-8").splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text(first + "\n" + second[: len(second) // 2] + "\n", encoding="utf-8")
    intact = runner.invoke(main, ["replay", str(damaged), "--game", "1"])
    assert intact.exit_code == 0, intact.output
    assert "line 2" in one_line_error(runner.invoke(main, ["replay", str(damaged), "--game", "2"]))
    pretty = tmp_path / "one.json"
    save(load_many(records)[1], pretty)
    shown = runner.invoke(main, ["replay", str(pretty)])
    assert shown.exit_code == 0, shown.output
    assert shown.output.count("Trick ") >= 12


def test_names_with_markup_are_printed_verbatim(runner: CliRunner) -> None:
    """Square brackets in a name are text, not terminal markup (no crash, nothing swallowed)."""
    result = runner.invoke(main, ["simulate", "--games", "2", "--no-records", "--names", "[/x],[bold]B,C,D"])
    assert result.exit_code == 0, result.output
    assert "[/x]" in result.output and "[bold]B" in result.output


def test_list_label_keeps_the_sign_of_the_value() -> None:
    """A Re win whose Sonderpunkte make the value negative is written with its real sign (TSR 7.2.3)."""
    from doppelkopf.cli import _game_label
    from doppelkopf.game import Game
    from doppelkopf.players import RuleBasedPlayer, play_game

    seen = set()
    for seed in range(300):
        game = play_game(Game.new(DDV, seed=seed), [RuleBasedPlayer(seed=i) for i in range(4)])
        label = _game_label(game, ["A", "B", "C", "D"])
        result = game.score()
        re_points = result.points[min(game.summary().re_seats)]
        sign = "+" if re_points >= 0 else "−"
        assert label.endswith(f"{sign}{abs(re_points)}"), (label, result.points)
        assert ("verliert" in label) == (result.winner is Party.KONTRA)
        seen.add(sign)
    assert seen == {"+", "−"}


def test_typed_ansage_must_be_the_own_party() -> None:
    """A Kontra player typing "re" is told to say kontra; it never announces for the wrong side."""
    from doppelkopf.game import Action, Game
    from doppelkopf.interactive import parse_move

    game = Game.new(DDV, seed=2, dealer=3)
    for _ in range(4):
        game.apply(Action.GESUND)
    seat = game.current_player
    info = game.information_state(seat)
    own = info.own_party
    assert own is not None
    wrong, right = ("re", "kontra") if own is Party.KONTRA else ("kontra", "re")
    with pytest.raises(ValueError, match=f"you are {own.label}"):
        parse_move(wrong, info, list(info.hand))
    assert parse_move(right, info, list(info.hand)) == Action.announce(1)
    with pytest.raises(ValueError, match="no card number 13"):
        parse_move("13", info, list(info.hand))
    with pytest.raises(ValueError, match="no card number -1"):
        parse_move("-1", info, list(info.hand))


# -- house rules at the command line ----------------------------------------------------------------


def test_simulate_doppelbock_shows_the_bock_on_the_list(runner: CliRunner, tmp_path: Path) -> None:
    """Seed 002 (doppelbock): 24 games; Bock games show their multiplier on the list and are
    counted under it; the records file holds every deal, the thrown-in ones included."""
    records = tmp_path / "games.jsonl"
    result = runner.invoke(main, ["simulate", "--rules", "doppelbock", "--games", "24", "--records", str(records)])
    assert result.exit_code == 0, result.output
    assert "Liste" in result.output and "Settlement" in result.output
    assert "(×2)" in result.output or "(×4)" in result.output
    assert "Bock games played: " in result.output
    saved = load_many(records)
    thrown = [r for r in saved if r.thrown_in is not None]
    assert len(saved) - len(thrown) == 24
    assert all(r.result is None and r.meta["thrown_in"] for r in thrown)
    if thrown:
        assert f"(and {len(thrown)} deal{'s' if len(thrown) > 1 else ''} thrown in)" in result.output
        shown = runner.invoke(main, ["replay", str(records), "--game", str(saved.index(thrown[0]) + 1)])
        assert shown.exit_code == 0, shown.output
        assert "Thrown in: " in shown.output and "Summe" not in shown.output


def test_simulate_ohne_neunen_plays_ten_tricks(runner: CliRunner, tmp_path: Path) -> None:
    """Seed 000 (ohne-neunen): 40 cards, 10 tricks a game; the list and a replayed game."""
    records = tmp_path / "games.jsonl"
    result = runner.invoke(main, ["simulate", "--rules", "ohne-neunen", "--games", "24", "--records", str(records)])
    assert result.exit_code == 0, result.output
    assert "Liste" in result.output and "Settlement" in result.output
    saved = load_many(records)
    assert len(saved) == 24 and all(r.rules.name == "ohne-neunen" for r in saved)
    shown = runner.invoke(main, ["replay", str(records), "--game", "3"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.count("Trick ") >= 10 and "Summe" in shown.output


def test_score_shows_the_bock(runner: CliRunner) -> None:
    """Seed 004 Beispiel 1 as a Bock game: Re 4 Punkte doubled, Sonderpunkte too (vier-schritte)."""
    base = json.loads((ENTRIES / "seed004_beispiel1.json").read_text(encoding="utf-8"))
    base.update({"rules": "vier-schritte", "bock": 2})
    result = runner.invoke(main, ["score", "-"], input=json.dumps(base))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())  # the console wraps long lines
    assert "Bock ×2: Anna -8, Ben +8, Carla +8, Dirk -8" in text


def typed_forms(action: int, info: InformationState, shown: list[int]) -> list[str]:
    """What a player may type for ``action`` (words from the help text; cards by notation and by
    their number on screen)."""
    from doppelkopf.interactive import vorbehalt_word

    if Action.is_card(action) or Action.is_armut_lay(action) or Action.is_armut_return(action):
        card = Action.card_of(action)
        return [card.short, card.symbol, str(shown.index(card) + 1)]
    if Action.is_announcement(action):
        level = Action.level(action)
        assert info.own_party is not None
        return [info.own_party.label.lower()] if level == 1 else [["keine 90", "k60", "keine 30", "schwarz"][level - 2]]
    if info.phase is Phase.VORBEHALT:
        return [vorbehalt_word(action)]
    words = {
        Action.SCHWEINE: "schweine",
        Action.CLAIM: "claim",
        Action.CONCEDE: "concede",
        Action.BID: "raise",
        Action.PASS: "pass",
        Action.ARMUT_TAKE: "take",
        Action.ARMUT_REFUSE: "refuse",
    }
    return [words[action]]


class Recorder(RandomPlayer):
    def __init__(self, seed: int, p_vorbehalt: float) -> None:
        super().__init__(seed, p_vorbehalt=p_vorbehalt, p_announce=0.3, p_house=1.0, p_take=0.5, p_bid=0.5, p_claim=0.5)
        self.infos: list[InformationState] = []

    def choose(self, info: InformationState) -> int:
        self.infos.append(info)
        return super().choose(info)


def test_every_decision_can_be_typed() -> None:
    """Under every preset, at every decision random players met, each legal action can be typed
    (the word from the prompt or help, a card by notation or number) and gives exactly that action;
    every kind of house-rule decision was met."""
    from doppelkopf.interactive import parse_move

    kinds: set[str] = set()
    # the second doppelbock run: few soli, so that Armut hands are played
    for name, p_vorbehalt in (("ddv", 0.5), ("ohne-neunen", 0.5), ("doppelbock", 0.5), ("doppelbock", 0.05)):
        rules = get_preset(name)
        for seed in range(30):
            players = [Recorder(seed * 4 + s, p_vorbehalt) for s in range(4)]
            play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
            for info in (i for p in players for i in p.infos):
                shown = info.order.sorted_hand(list(info.hand))
                for action in info.legal_actions:
                    for text in typed_forms(action, info, shown):
                        assert parse_move(text, info, shown) == action, (name, text, Action.key(action))
                    kinds.add(Action.key(action).split(":")[0])
    assert {"vorbehalt", "armut", "bid", "schweine", "claim", "announce"} <= kinds


def test_bad_input_in_the_house_rules_gets_one_line() -> None:
    """Wrong words in an Armut, a bidding or a Vorbehalt get a one-line reason naming the options."""
    from doppelkopf.interactive import parse_move

    doppelbock = get_preset("doppelbock")
    for seed in range(200):
        game = Game.new(doppelbock, seed=seed, dealer=3)
        if Action.vorbehalt(GameType.ARMUT) in game.legal_actions():
            break
    else:  # pragma: no cover - a poor hand among 200 deals
        raise AssertionError("no Armut hand found")
    info = game.information_state(0)
    with pytest.raises(ValueError, match="Hochzeit needs both Kreuz-Damen"):
        parse_move("hochzeit", info, list(info.hand))
    with pytest.raises(ValueError, match="answer gesund, hochzeit"):
        parse_move("vielleicht", info, list(info.hand))
    assert parse_move("armut", info, list(info.hand)) == Action.vorbehalt(GameType.ARMUT)
    game.apply(Action.vorbehalt(GameType.ARMUT))
    for _ in range(3):
        game.apply(Action.GESUND)
    info = game.information_state(0)
    shown = info.order.sorted_hand(list(info.hand))
    fehl = next(c for c in shown if Action.armut_lay(c) not in info.legal_actions)
    with pytest.raises(ValueError, match="lay your trumps first"):
        parse_move(Card(fehl).short, info, shown)
    while game.current_player == 0:
        game.apply(game.legal_actions()[0])
    info = game.information_state(game.current_player)
    for text in ("vielleicht", "KrA"):
        with pytest.raises(ValueError, match="answer take or refuse") as caught:
            parse_move(text, info, list(info.hand))
        assert "\n" not in str(caught.value)
    ohne = get_preset("ohne-neunen")
    game = Game.new(ohne, seed=1, dealer=3)
    info = game.information_state(0)
    with pytest.raises(ValueError, match="Schmeissen is not allowed under these rules"):
        parse_move("schmeissen", info, list(info.hand))
    for _ in range(4):
        game.apply(Action.GESUND)
    info = game.information_state(game.current_player)
    if Action.CLAIM not in info.legal_actions:
        with pytest.raises(ValueError, match="claim"):
            parse_move("claim", info, list(info.hand))
    with pytest.raises(ValueError, match="no Schweine to announce now"):
        parse_move("schweine", info, list(info.hand))


def test_play_a_seed_000_game_by_keyboard(runner: CliRunner) -> None:
    """A scripted player under ohne-neunen: gesund (or the first listed Hochzeit), then card numbers
    in turn and "schweine" now and then; refusals get a message and a new prompt; ten tricks."""
    cycle = [str(n) for n in range(1, 11)] + ["schweine"]
    script = "\n".join(["gesund", "hochzeit fehl", "hochzeit trumpf"] + cycle * 40) + "\n"
    result = runner.invoke(main, ["play", "--rules", "ohne-neunen", "--games", "1", "--seed", "6"], input=script)
    assert result.exit_code == 0, result.output
    # ten tricks, or the rest claimed by a computer player (seed 000: anyone may claim)
    assert ("Trick 10" in result.output or "The rest, not played" in result.output) and "Liste" in result.output


def test_a_forced_pflichtsolo_is_typed_as_a_solo() -> None:
    """Vorführung (TSR 4.2.3): gesund is refused with the reason, a solo is taken."""
    from doppelkopf.interactive import parse_move

    game = Game.new(DDV, seed=3, dealer=3, forced_solo_seat=0)  # type: ignore[call-arg,unused-ignore]
    info = game.information_state(0)
    with pytest.raises(ValueError, match="you must play your Pflichtsolo now"):
        parse_move("gesund", info, list(info.hand))
    assert parse_move("kreuz", info, list(info.hand)) == Action.vorbehalt(GameType.KREUZ)
