"""The ``doko`` command line as a user meets it: outputs, files written, and one-line errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from doppelkopf.cards import Card
from doppelkopf.cli import main
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import RandomPlayer, play_game
from doppelkopf.record import load_many
from doppelkopf.rules import DDV, GameType, Party, get_preset

ENTRIES = Path(__file__).parent / "data" / "entries"


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English texts: a terminal without a locale (LANG=C), no DOKO_LANG."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "DOKO_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


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
    assert "Anna −4, Ben +4, Carla +4, Dirk −4" in result.output


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
    result = runner.invoke(main, ["play", "--games", "1", "--seed", "4", "--pace", "0"], input=script)
    assert result.exit_code == 0, result.output
    assert "not a card" in result.output
    assert "Summe" in result.output and "Liste" in result.output


def test_play_eof_at_the_first_prompt_stops_cleanly(runner: CliRunner, tmp_path: Path) -> None:
    """Ctrl-D is the way to stop (the help says so): exit 0, no "Aborted!", no game to save."""
    records = tmp_path / "mine.jsonl"
    result = runner.invoke(main, ["play", "--games", "1", "--seed", "4", "--records", str(records)], input="")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "Aborted" not in result.output
    assert "Stopped after 0 finished games." in result.output
    assert not records.exists()


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
    from doppelkopf.cli.games import _game_label
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
    # why the deal was thrown in is the record's own field, not repeated in its meta
    assert all(
        r.result is None and r.thrown_in in ("schmeissen", "armut") and "thrown_in" not in r.meta for r in thrown
    )
    if thrown:
        deals = f"{len(thrown)} deal{'s' if len(thrown) > 1 else ''}"
        assert f"{len(saved)} game records saved in {records} (24 games and {deals} thrown in)" in " ".join(
            result.output.split()
        )
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
    assert "Bock ×2: Anna −8, Ben +8, Carla +8, Dirk −8" in text


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
    with pytest.raises(ValueError, match="answer gesund, kreuz, .*, armut") as caught:
        parse_move("vielleicht", info, list(info.hand))
    assert "hochzeit" not in str(caught.value) and "schmeissen" not in str(caught.value)
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
    # seed 000 (claim = "anyone"): anyone may claim the rest at any time, so "claim" is the claim
    assert parse_move("claim", info, list(info.hand)) == Action.CLAIM
    with pytest.raises(ValueError, match="no Schweine to announce now"):
        parse_move("schweine", info, list(info.hand))
    # TSR 5.4.3 (claim = "soloist"): in a normal game nobody is a soloist, so the claim is refused
    # with the rule; with claim = "none" nobody may ever claim
    for rules, reason in (
        (DDV, "you may not claim the rest now (rule claim = soloist)"),
        (DDV.replace(claim="none"), "claiming the rest is not allowed under these rules (rule claim)"),
    ):
        game = Game.new(rules, seed=1, dealer=3)
        for _ in range(4):
            game.apply(Action.GESUND)
        assert game.game_type is GameType.NORMAL
        info = game.information_state(game.current_player)
        with pytest.raises(ValueError) as refused:
            parse_move("claim", info, list(info.hand))
        assert str(refused.value) == reason


def test_play_a_seed_000_game_by_keyboard(runner: CliRunner) -> None:
    """A scripted player under ohne-neunen: gesund (or the first listed Hochzeit), then card numbers
    in turn and "schweine" now and then; refusals get a message and a new prompt; ten tricks."""
    cycle = [str(n) for n in range(1, 11)] + ["schweine"]
    script = "\n".join(["gesund", "hochzeit fehl", "hochzeit trumpf"] + cycle * 40) + "\n"
    args = ["play", "--rules", "ohne-neunen", "--games", "1", "--seed", "6", "--pace", "0"]
    result = runner.invoke(main, args, input=script)
    assert result.exit_code == 0, result.output
    # ten tricks, or the rest claimed by a computer player (seed 000: anyone may claim)
    assert ("Trick 10" in result.output or "The rest" in result.output) and "Liste" in result.output


def test_a_forced_pflichtsolo_is_typed_as_a_solo() -> None:
    """Vorführung (TSR 4.2.3): gesund is refused with the reason, a solo is taken."""
    from doppelkopf.interactive import parse_move

    game = Game.new(DDV, seed=3, dealer=3, forced_solo_seat=0)  # type: ignore[call-arg,unused-ignore]
    info = game.information_state(0)
    with pytest.raises(ValueError, match="you must play your Pflichtsolo now"):
        parse_move("gesund", info, list(info.hand))
    assert parse_move("kreuz", info, list(info.hand)) == Action.vorbehalt(GameType.KREUZ)


# -- a new user at the command line ------------------------------------------------------------------


class AutoHuman:
    """Stands in for the keyboard of ``doko play``: gesund, then the first legal card (else the
    first legal action); in game ``stop_in`` (1-based) it stops as the keys do: Ctrl-D ends the
    prompt with ``click.Abort``, Ctrl-C raises KeyboardInterrupt wherever the program is."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, stop_in: int | None = None, stop: type = click.Abort) -> None:
        from doppelkopf.interactive import HumanPlayer

        self.games = 0
        reset = HumanPlayer.reset

        def counting_reset(player: HumanPlayer, seat: int, rules: object, seed: int | None = None) -> None:
            self.games += 1
            reset(player, seat, rules, seed)  # type: ignore[arg-type]

        def choose(player: HumanPlayer, info: InformationState) -> int:
            if self.games == stop_in:
                raise stop()
            legal = info.legal_actions
            return next((a for a in legal if a == Action.GESUND or Action.is_card(a)), legal[0])

        monkeypatch.setattr(HumanPlayer, "reset", counting_reset)
        monkeypatch.setattr(HumanPlayer, "choose", choose)


@pytest.mark.parametrize("stop", [click.Abort, KeyboardInterrupt], ids=["ctrl-d", "ctrl-c"])
def test_play_stops_cleanly_and_keeps_the_finished_games(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: type
) -> None:
    """Stopping in game 2 (the help calls it the way to stop): exit 0, the Liste of game 1, and
    game 1 added to the records file that already held two games."""
    records = tmp_path / "mine.jsonl"
    runner.invoke(main, ["simulate", "--games", "2", "--records", str(records)])
    before = records.read_text(encoding="utf-8")
    AutoHuman(monkeypatch, stop_in=2, stop=stop)
    args = ["play", "--games", "3", "--seed", "4", "--pace", "0", "--level", "easy", "--records", str(records)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "Aborted" not in result.output and "Traceback" not in result.output
    stopped = result.output.split("Stopped after 1 finished game.")
    assert len(stopped) == 2 and "Liste" in stopped[1]
    assert "1 game record appended to" in result.output
    assert records.read_text(encoding="utf-8").startswith(before)
    saved = load_many(records)
    assert len(saved) == 3 and list(saved[2].players)[0] == "You"


def test_output_paths_are_checked_before_playing(runner: CliRunner, tmp_path: Path) -> None:
    """A --records file in a folder that does not exist is refused at once (exit 2, one error line
    naming --records), before a card is dealt: no game is played and lost."""
    missing = str(tmp_path / "no-such-folder" / "games.jsonl")
    played = runner.invoke(main, ["play", "--level", "easy", "--records", missing], input="gesund\n")
    assert played.exit_code == 2 and "--records" in one_line_error(played)
    assert "Your cards" not in played.output
    simulated = runner.invoke(main, ["simulate", "--games", "2", "--records", missing])
    assert simulated.exit_code == 2 and "--records" in one_line_error(simulated)
    assert "Liste" not in simulated.output


def test_records_are_appended_and_other_files_kept(runner: CliRunner, tmp_path: Path) -> None:
    """A second simulation adds its games to the records file of the first; a file that holds no
    game records is refused (and left as it was) unless --force replaces it."""
    records = tmp_path / "games.jsonl"
    first = runner.invoke(main, ["simulate", "--games", "2", "--seed", "1", "--records", str(records)])
    assert first.exit_code == 0 and f"2 game records saved in {records}" in " ".join(first.output.split())
    lines = records.read_text(encoding="utf-8")
    second = runner.invoke(main, ["simulate", "--games", "3", "--seed", "2", "--records", str(records)])
    assert second.exit_code == 0, second.output
    assert f"3 game records appended to {records}" in " ".join(second.output.split())
    assert records.read_text(encoding="utf-8").startswith(lines)
    assert len(load_many(records)) == 5
    notes = tmp_path / "notes.txt"
    notes.write_text("Doppelkopf am Freitag\n", encoding="utf-8")
    refused = runner.invoke(main, ["simulate", "--games", "2", "--records", str(notes)])
    assert refused.exit_code == 2
    error = one_line_error(refused)
    assert "--records" in error and "not a file of game records" in error and "--force" in error
    assert "Liste" not in refused.output
    assert notes.read_text(encoding="utf-8") == "Doppelkopf am Freitag\n"
    forced = runner.invoke(main, ["simulate", "--games", "2", "--records", str(notes), "--force"])
    assert forced.exit_code == 0, forced.output
    assert "(the file was replaced)" in " ".join(forced.output.split())
    assert len(load_many(notes)) == 2


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["simulate", "--names", "Anna\udcff,Ben,Carla,Dirk"], "--names[0]"),  # a byte that is not UTF-8
        (["simulate", "--names", "Anna,Ben,Carla,anna"], "--names[3]"),  # the same player twice
        (["simulate", "--names", "x" * 10_000_000 + ",Ben,Carla,Dirk"], "--names[0]"),
        (["play", "--name", "x" * 10_000_000], "--name"),
        (["play", "--name", "Anna\udcff"], "--name"),
    ],
    ids=["not-utf8", "twice", "huge-names", "huge-name", "not-utf8-name"],
)
def test_bad_names_are_refused_before_playing(runner: CliRunner, tmp_path: Path, args: list[str], option: str) -> None:
    """Every name goes through the one check of player names (NFC, at most 40 characters, no
    control character or undecodable byte, no player twice) before the first game; nothing is
    played or written."""
    import time

    records = tmp_path / "games.jsonl"
    start = time.perf_counter()
    result = runner.invoke(main, [*args, "--records", str(records), "--pace", "0"][: len(args) + 2], input="gesund\n")
    assert time.perf_counter() - start < 5
    assert result.exit_code == 2
    assert one_line_error(result).startswith(f"Error: {option}")
    assert "Liste" not in result.output and "Your cards" not in result.output
    assert not records.exists()


def test_replay_of_a_file_that_is_no_records_file(runner: CliRunner, tmp_path: Path) -> None:
    """A text file of 165 numbers: no claim that it holds 165 games, one error line that names the
    file and line once; a line that is no JSON: the JSON error with its column, located once."""
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("".join(f"{n}\n" for n in range(1, 166)), encoding="utf-8")
    result = runner.invoke(main, ["replay", str(numbers)])
    assert "holds" not in result.output
    error = one_line_error(result)
    assert error.count(str(numbers)) == 1 and error.count("line 1") == 1
    text = tmp_path / "text.jsonl"
    text.write_text("hello\nworld\n", encoding="utf-8")
    error = one_line_error(runner.invoke(main, ["replay", str(text), "--game", "2"]))
    assert f"{text}: line 2, column 1: invalid JSON" in error and error.count("line") == 1
    too_far = runner.invoke(main, ["replay", str(text), "--game", "3"])
    assert "--game" in one_line_error(too_far) and "holds only" not in too_far.output


def test_replay_reads_line_separators_inside_json_strings(runner: CliRunner, tmp_path: Path) -> None:
    """U+2028 and U+0085 in a JSON string (here the meta data) are text, not line ends: both games
    of the file are found."""
    from doppelkopf.game import random_game
    from doppelkopf.record import record_game, save_many

    game = random_game(DDV, seed=5)
    records = tmp_path / "games.jsonl"
    save_many([record_game(game, ["Anna", "Ben", "Carla", "Dirk"], note="Runde 1") for _ in range(2)], records)
    # JSON allows both characters unescaped inside a string (another writer, or an older version)
    text = records.read_text(encoding="utf-8").replace('"Runde 1"', '"Runde\u2028eins\x85zwei"')
    records.write_text(text, encoding="utf-8")
    assert text.count("\u2028") == 2 and len(text.splitlines()) > 2
    first = runner.invoke(main, ["replay", str(records)])
    assert first.exit_code == 0, first.output
    assert "holds 2 games" in first.output
    second = runner.invoke(main, ["replay", str(records), "--game", "2"])
    assert second.exit_code == 0, second.output
    assert "Summe" in second.output


def test_rules_show_is_readable_on_a_narrow_terminal(runner: CliRunner) -> None:
    """60 columns: every option, value, meaning and source of the doppelbock preset is printed in
    full (wrapped, never cut off with an ellipsis); a wide terminal gets the table, also uncut."""
    rules = get_preset("doppelbock")
    narrow = runner.invoke(main, ["rules", "show", "doppelbock"], env={"COLUMNS": "60"})
    assert narrow.exit_code == 0, narrow.output
    assert "…" not in narrow.output
    assert max(len(line) for line in narrow.output.splitlines()) <= 60
    squashed = "".join(narrow.output.split())
    for row in rules.describe():
        for cell in row:
            assert "".join(cell.split()) in squashed, cell
    wide = runner.invoke(main, ["rules", "show", "doppelbock"], env={"COLUMNS": "160"})
    assert wide.exit_code == 0 and "┃ Option" in wide.output and "…" not in wide.output


def test_the_liste_keeps_a_row_on_one_line_where_the_terminal_allows(runner: CliRunner) -> None:
    """24 doppelbock games with a solo row "... (Solo: no Bock)" and Bock rows "(×2)": in as many
    columns as the longest row label and 30 more (four players' columns of at most five characters
    and the space between them), every row label of the Liste stands on one line."""
    args = ["simulate", "--rules", "doppelbock", "--games", "24", "--seed", "1", "--no-records"]
    rows = json.loads(runner.invoke(main, [*args, "--json"]).output)["rows"]
    labels = [row["label"] + (f" (×{row['multiplier']})" if row["multiplier"] != 1 else "") for row in rows]
    assert any("(Solo: no Bock)" in label for label in labels)
    width = max(len(label) for label in labels) + 30
    result = runner.invoke(main, args, env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for label in labels:
        assert any(label in line for line in lines), label


def test_counts_are_written_in_the_singular_for_one(runner: CliRunner, tmp_path: Path) -> None:
    """One game: "1 game record", not "1 game records"."""
    records = tmp_path / "one.jsonl"
    result = runner.invoke(main, ["simulate", "--games", "1", "--records", str(records)])
    assert result.exit_code == 0, result.output
    assert f"1 game record saved in {records}" in " ".join(result.output.split())


def test_the_readme_shows_what_doko_score_prints(runner: CliRunner) -> None:
    """The entry and the output in the README's "Scoring a game from a real table" are the command's
    own: the example stays true."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("`doko score` reads one JSON entry:") :]
    entry = section.split("```json\n", 1)[1].split("```", 1)[0]
    shown = section.split("The output is", 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    result = runner.invoke(main, ["--lang", "de", "score", "-"], input=entry)
    assert result.exit_code == 0, result.output
    assert [line.rstrip() for line in result.output.splitlines()] == shown.rstrip("\n").splitlines()


def test_play_paces_and_shows_the_computer_players_cards(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """--pace 0.25: the computer players' cards appear one by one ("Ben: ♣A"), never more than
    0.25 s after the one before; --pace 0 never waits."""
    import doppelkopf.interactive

    waits: list[float] = []
    monkeypatch.setattr(doppelkopf.interactive.time, "sleep", waits.append)
    AutoHuman(monkeypatch)
    args = ["play", "--games", "1", "--seed", "4", "--level", "easy"]
    paced = runner.invoke(main, [*args, "--pace", "0.25"])
    assert paced.exit_code == 0, paced.output
    shown = [line for line in paced.output.splitlines() if re.match(r"(Anna|Ben|Carla): [♣♠♥♦]", line)]
    assert len(shown) >= 12
    assert waits and all(0 < w <= 0.25 for w in waits)
    waits.clear()
    assert runner.invoke(main, [*args, "--pace", "0"]).exit_code == 0
    assert waits == []


def test_play_shows_the_last_trick_on_request(runner: CliRunner) -> None:
    """``letzter`` at the first card: no trick yet; typed again later: the last finished trick, as it
    was shown when it was finished."""
    numbers = [str(n) for n in range(1, 13)]
    script = "\n".join(["gesund", "letzter", "?"] + (["letzter"] + numbers) * 12) + "\n"
    result = runner.invoke(
        main, ["play", "--games", "1", "--seed", "4", "--pace", "0", "--level", "easy"], input=script
    )
    assert result.exit_code == 0, result.output
    assert "No trick finished yet." in result.output
    shown = re.findall(r"Last trick \((\d+)\): (.*)", result.output)
    assert shown
    for number, trick in shown:  # the trick as it was shown when it was finished
        assert f"Trick {number}: {trick}" in result.output


def test_simulate_saves_the_games_played_when_the_session_stops(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session its rules stop (here: the redeal guard after two games, SessionError) loses nothing: the two
    games played are in the records file, and the error is one line."""
    import doppelkopf.players as players
    from doppelkopf.session import SessionError

    real = players.play_session

    def two_then_stop(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        for count, game in enumerate(real(*args, **kwargs), start=1):  # type: ignore[arg-type]
            yield game
            if count == 2:
                raise SessionError("schmeissen: 1,000 deals thrown in in a row")

    monkeypatch.setattr(players, "play_session", two_then_stop)
    records = tmp_path / "games.jsonl"
    result = runner.invoke(main, ["simulate", "--games", "5", "--records", str(records)])
    assert result.exit_code == 1
    assert one_line_error(result) == "Error: schmeissen: 1,000 deals thrown in in a row"
    assert len(load_many(records)) == 2


# -- output files and options a new user tried --------------------------------------------------------


def test_force_never_replaces_what_is_no_regular_file(runner: CliRunner, tmp_path: Path) -> None:
    """--force replaces another file, never a named pipe or a device (as root /dev/null itself would
    go): refused before the first game, naming the path and what it is; the node stays as it was."""
    import os
    import stat

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    nodes = [(pipe, "named pipe", stat.S_ISFIFO)]
    device = tmp_path / "mynull"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the device of /dev/null
        nodes.append((device, "character device", stat.S_ISCHR))
    except (PermissionError, AttributeError):  # pragma: no cover - not root: the pipe alone
        pass
    for node, what, still in nodes:
        for command in (["simulate", "--games", "1"], ["arena", "--deals", "1", "--jobs", "1"]):
            result = runner.invoke(main, [*command, "--records", str(node), "--force"])
            assert result.exit_code == 2, result.output
            error = one_line_error(result)
            assert "--records" in error and str(node) in error and f"is a {what}" in error
            assert "Liste" not in result.output and "95% CI" not in result.output
            assert still(os.stat(node).st_mode)


def test_simulate_shows_the_liste_when_the_records_cannot_be_written(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk at the end: the Liste and the settlement of the games played are shown first,
    then the one-line error; nothing of the result is lost."""
    import doppelkopf.record
    from doppelkopf.record import RecordError

    def disk_full(records: object, path: object) -> None:
        raise RecordError(f"{path}: cannot write: No space left on device")

    monkeypatch.setattr(doppelkopf.record, "save_many", disk_full)
    records = tmp_path / "games.jsonl"
    result = runner.invoke(main, ["simulate", "--games", "3", "--records", str(records)])
    assert result.exit_code == 1
    assert one_line_error(result) == f"Error: {records}: cannot write: No space left on device"
    before_error = result.output.split("Error:")[0]
    assert "Liste" in before_error and "Settlement" in before_error and "Dirk" in before_error
    assert not records.exists()


def test_records_and_no_records_together_are_refused(runner: CliRunner, tmp_path: Path) -> None:
    """--records FILE with --no-records: one of them would be ignored; refused before anything is
    played, naming both (the default --records alone does not count)."""
    records = tmp_path / "x.jsonl"
    for command in (["simulate", "--games", "1"], ["arena", "--deals", "1", "--jobs", "1"]):
        result = runner.invoke(main, [*command, "--records", str(records), "--no-records"])
        assert result.exit_code == 2, result.output
        error = one_line_error(result)
        assert "--records" in error and "--no-records" in error
        assert "Liste" not in result.output and "95% CI" not in result.output
        assert not records.exists()
    alone = runner.invoke(main, ["simulate", "--games", "1", "--no-records"])
    assert alone.exit_code == 0, alone.output


def test_an_empty_records_name_is_called_empty(runner: CliRunner) -> None:
    """--records '' is no folder: the error says the name is empty."""
    for command in (["simulate", "--games", "1"], ["play"], ["arena", "--deals", "1"]):
        result = runner.invoke(main, [*command, "--records", ""], input="gesund\n")
        assert result.exit_code == 2, result.output
        error = one_line_error(result)
        assert "--records" in error and "empty" in error and "folder" not in error


def test_a_single_game_record_is_named_and_not_offered_for_replacement(runner: CliRunner, tmp_path: Path) -> None:
    """A record file as record.save writes it (one pretty record) given to --records: refused as a
    single game record, with another file suggested and no --force that would destroy it."""
    from doppelkopf.game import random_game
    from doppelkopf.record import record_game, save

    single = tmp_path / "game.json"
    save(record_game(random_game(DDV, seed=5), ["Anna", "Ben", "Carla", "Dirk"]), single)
    before = single.read_bytes()
    for command in (["simulate", "--games", "1"], ["play"]):
        result = runner.invoke(main, [*command, "--records", str(single)], input="gesund\n")
        assert result.exit_code == 2, result.output
        error = one_line_error(result)
        assert "single game record" in error and "choose another file" in error and "--force" not in error
        assert single.read_bytes() == before


def test_pace_must_be_a_number_of_seconds(runner: CliRunner) -> None:
    """--pace nan passes a range check (every comparison with nan is false): refused like inf and -1,
    before the first card."""
    for pace in ("nan", "inf", "-1"):
        result = runner.invoke(main, ["play", "--pace", pace], input="gesund\n")
        assert result.exit_code == 2, result.output
        assert "--pace" in one_line_error(result) and "Your cards" not in result.output


def test_the_records_keep_the_bock_of_each_game(runner: CliRunner, tmp_path: Path) -> None:
    """Seed 002 (doppelbock), 12 games: every game record says the Bock multiplier its row has on
    the Liste (meta ``bock``, left out for a game that counts once), so a replay can show it."""
    args = ["simulate", "--rules", "doppelbock", "--games", "12", "--seed", "1"]
    rows = json.loads(runner.invoke(main, [*args, "--no-records", "--json"]).output)["rows"]
    records = tmp_path / "games.jsonl"
    assert runner.invoke(main, [*args, "--records", str(records)]).exit_code == 0
    counted = [r for r in load_many(records) if r.thrown_in is None]
    assert [r.meta["game_number"] for r in counted] == list(range(1, 13))
    assert [r.meta.get("bock", 1) for r in counted] == [row["multiplier"] for row in rows]
    assert any(r.meta.get("bock") in (2, 4) for r in counted)
    assert all(r.meta["bock"] != 1 for r in counted if "bock" in r.meta)
    number = next(r.meta["game_number"] for r in counted if "bock" in r.meta)
    index = next(i for i, r in enumerate(load_many(records), start=1) if r.meta.get("game_number") == number)
    shown = runner.invoke(main, ["replay", str(records), "--game", str(index)])
    assert shown.exit_code == 0, shown.output
    assert f"Bock ×{rows[number - 1]['multiplier']}: Anna " in shown.output


def test_score_reads_no_more_of_an_endless_input_than_an_entry_can_be(runner: CliRunner) -> None:
    """``doko score -`` fed without end (here 16 MiB of blanks): refused as too large for an entry
    after little more than the 1 MiB an entry may have, not read to the end first."""
    import io

    class Blanks(io.RawIOBase):
        def __init__(self) -> None:
            self.given = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            size = min(len(buffer), (16 << 20) - self.given)
            buffer[:size] = b" " * size
            self.given += size
            return size

    stdin = Blanks()
    result = runner.invoke(main, ["score", "-"], input=io.BufferedReader(stdin))
    assert "larger than 1 MiB" in one_line_error(result)
    assert stdin.given < 2 << 20


def test_play_records_keep_the_bock(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """doko play under doppelbock: the game records carry the Bock multiplier of their rows."""
    AutoHuman(monkeypatch)
    records = tmp_path / "mine.jsonl"
    args = ["play", "--rules", "doppelbock", "--games", "3", "--seed", "2", "--pace", "0", "--level", "easy"]
    result = runner.invoke(main, [*args, "--records", str(records)])
    assert result.exit_code == 0, result.output
    counted = [r for r in load_many(records) if r.thrown_in is None]
    shown = re.findall(r"^Bock ×(\d+): ", result.output, re.MULTILINE)  # under each Bock game's score
    assert shown, "no Bock game in these three games"
    assert [str(r.meta["bock"]) for r in counted if "bock" in r.meta] == shown


# -- review findings: strict option values, a BOM in rule files, one replay -----------------------------


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("[" * 100_000, "the JSON is nested too deeply (more than 64 levels)"),
        ("[" * 65 + "]" * 65, "the JSON is nested too deeply (more than 64 levels)"),
        ("NaN", "NaN is not a JSON number"),
        ("-Infinity", "-Infinity is not a JSON number"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ],
    ids=["unclosed-deep", "closed-deep", "nan", "minus-infinity", "duplicate-key"],
)
def test_player_option_values_are_read_as_strict_json(runner: CliRunner, value: str, reason: str) -> None:
    """A ``KEY=VALUE`` of doko arena is read by the same strict JSON reader as entries and records:
    a value nested deeper than the readers take (unclosed or closed), NaN and a key given twice are
    refused in one line naming the option and the key, before the first deal; no traceback."""
    for option in ("--candidate-option", "--reference-option"):
        result = runner.invoke(
            main, ["arena", "--deals", "1", "--jobs", "1", "--no-records", option, f"p_take={value}"]
        )
        assert result.exit_code == 2, result.output
        error = one_line_error(result)
        assert option in error and f"p_take: {reason}" in error
        assert "95% CI" not in result.output


def test_a_rule_file_may_start_with_a_byte_order_mark(runner: CliRunner, tmp_path: Path) -> None:
    """A rule file saved by an editor that writes a UTF-8 byte order mark loads as the same file
    without it (entries and records take one too); a byte that is no UTF-8 is named by its offset
    in the file, the mark counted (3 bytes, then ``# ``: the bad byte is byte 5)."""
    toml = runner.invoke(main, ["rules", "show", "ddv", "--toml"]).output.replace("solo_factor = 3", "solo_factor = 6")
    path = tmp_path / "haus.toml"
    path.write_bytes(b"\xef\xbb\xbf" + toml.encode("utf-8"))
    shown = runner.invoke(main, ["rules", "show", str(path), "--toml"])
    assert shown.exit_code == 0, shown.output
    assert "solo_factor = 6" in shown.output and 'name = "haus"' in shown.output
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xef\xbb\xbf# \xff\n")
    result = runner.invoke(main, ["rules", "show", str(bad)])
    assert one_line_error(result) == f"Error: {bad}: not UTF-8 text (byte 5)"


def test_replay_replays_a_game_once(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """doko replay checks the chosen game's actions, compares the stored result and shows the game
    from one replay of the record; a stored result that differs is still refused in one line."""
    import doppelkopf.record.format as rec

    records = tmp_path / "games.jsonl"
    assert runner.invoke(main, ["simulate", "--games", "1", "--seed", "3", "--records", str(records)]).exit_code == 0
    replayed: list[str] = []
    real = rec.replay

    def counted(record: rec.GameRecord, source: str = "<record>") -> Game:
        replayed.append(source)
        return real(record, source)

    monkeypatch.setattr(rec, "replay", counted)
    result = runner.invoke(main, ["replay", str(records)])
    assert result.exit_code == 0, result.output
    assert "Trick 12" in result.output and "Summe" in result.output
    assert replayed == [f"{records}: line 1"]
    data = json.loads(records.read_text(encoding="utf-8"))
    data["result"]["value"] += 1
    records.write_text(json.dumps(data) + "\n", encoding="utf-8")
    error = one_line_error(runner.invoke(main, ["replay", str(records)]))
    assert "the stored result differs from the replayed game: result.value" in error
