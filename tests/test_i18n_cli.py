"""The ``doko`` commands in the reader's language: German under a German locale (or ``--lang de``), English
under an English one or none; the settlement, the interactive game, the help and click's own messages; the
score sheet's README sequence; output to a pipe or file is not wrapped and no line ends in blanks."""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from doppelkopf.cards import Card
from doppelkopf.cli import main
from doppelkopf.game import Action, Game, Phase
from doppelkopf.interactive import parse_move
from doppelkopf.rules import DDV

ROOT = Path(__file__).resolve().parent.parent
GERMAN = {"LANG": "de_DE.UTF-8"}
ENGLISH = {"LANG": "en_US.UTF-8"}
#: English words that a German reader of ``doko play`` and ``doko simulate`` must never see.
ENGLISH_WORDS = (
    "Dealer",
    "you",
    "your",
    "trick",
    "pays",
    "game",
    "games",
    "wins",
    "Nobody",
    "Total",
    "Amount",
    "Player",
    "Settlement",
    "left",
    "missing",
    "Score",
    "lead",
    "must",
    "the",
    "and",
)


@pytest.fixture(autouse=True)
def _no_language_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test names its language itself (env= of the runner, or --lang): nothing from this shell."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "DOKO_LANG", "LANG", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


def run(args: list[str], env: dict[str, str] | None = None, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, args, env=env or {}, input=input)
    assert "Traceback" not in result.output
    return result


def english_words(text: str) -> set[str]:
    """The words of :data:`ENGLISH_WORDS` in ``text`` (whole words, any case)."""
    return {word for word in ENGLISH_WORDS if re.search(rf"\b{word}\b", text, flags=re.IGNORECASE)}


# -- simulate: the settlement and the words ----------------------------------------------------------


def test_simulate_settles_in_german_under_a_german_locale() -> None:
    result = run(["simulate", "--games", "4", "--no-records"], GERMAN)
    assert result.exit_code == 0, result.output
    assert " zahlt " in result.output and " pays " not in result.output
    assert "Abrechnung" in result.output and "Spieler" in result.output
    assert re.search(r"\d,\d\d\s€", result.output)  # 0,80 €: the German form of money
    assert english_words(result.output) == set()


def test_simulate_settles_in_english_under_an_english_locale() -> None:
    result = run(["simulate", "--games", "4", "--no-records"], ENGLISH)
    assert result.exit_code == 0, result.output
    assert " pays " in result.output and " zahlt " not in result.output
    assert "Settlement" in result.output and re.search(r"€\d\.\d\d", result.output)  # €0.80


def test_lang_overrides_the_locale_and_doko_lang_chooses_too() -> None:
    german = run(["--lang", "de", "simulate", "--games", "2", "--no-records"], ENGLISH)
    assert " zahlt " in german.output or "Niemand zahlt." in german.output
    english = run(["--lang", "en", "simulate", "--games", "2", "--no-records"], GERMAN)
    assert " pays " in english.output or "Nobody pays." in english.output
    chosen = run(["simulate", "--games", "2", "--no-records"], {"DOKO_LANG": "de", "LANG": "C"})
    assert "Abrechnung" in chosen.output


def test_a_terminal_without_a_locale_reads_english() -> None:
    result = run(["simulate", "--games", "2", "--no-records"], {"LANG": "C"})
    assert "Settlement" in result.output


def test_an_unknown_language_is_a_clear_usage_error() -> None:
    result = run(["--lang", "xx", "rules", "list"])
    assert result.exit_code == 2
    assert "--lang" in result.output and "'xx' is not one of 'de', 'en'" in result.output


def test_every_negative_number_has_the_one_minus_sign() -> None:
    """The Liste, the totals and the money: U+2212, never a hyphen before a digit."""
    for env in (GERMAN, ENGLISH):
        result = run(["simulate", "--games", "8", "--no-records"], env)
        assert result.exit_code == 0, result.output
        assert "\u2212" in result.output
        assert not re.search(r"(?<![\w-])-\d", result.output), result.output


def test_a_game_nobody_won_shows_no_plus_zero() -> None:
    """The core's label of a game without a winner (``Re Ben & Carla: nobody wins, +0``) is shown without
    the ``+0``, in the list of doko simulate and doko liste show alike."""
    from doppelkopf.cli.common import list_label

    assert list_label("Re Ben & Carla: nobody wins, +0") == "Re Ben & Carla: nobody wins"
    assert list_label("Re Ben & Carla +4") == "Re Ben & Carla +4"


# -- play: German throughout -------------------------------------------------------------------------


def play_input() -> str:
    """Gesund, then every card number in turn (the illegal ones are refused and asked again)."""
    return ("gesund\n" + "".join(f"{k}\n" for k in range(1, 13)) * 12) * 3


def test_play_reads_german_throughout_under_german() -> None:
    result = run(["play", "--games", "2", "--pace", "0", "--level", "easy", "--seed", "3"], GERMAN, play_input())
    assert result.exit_code == 0, result.output
    assert "Geber: Du" in result.output and "Deine Karte" in result.output and "Stich 1:" in result.output
    assert english_words(result.output) == set(), english_words(result.output)


def test_play_counts_the_games_left_by_games() -> None:
    """``--games 2`` of a rule set with a Pflichtsolo round of 24: after the first game one of 2 is left."""
    result = run(["play", "--games", "2", "--pace", "0", "--level", "easy", "--seed", "3"], ENGLISH, play_input())
    assert result.exit_code == 0, result.output
    assert "1 of 2 games left" in result.output
    assert "of 24 games left" not in result.output and "23 of" not in result.output
    assert "Dealer: You" in result.output


def test_must_play_trump_when_trump_is_led() -> None:
    """A card refused because trump was led says so: "you must play trump", in German "Trumpf bedienen"."""
    rng = random.Random(7)
    for seed in range(200):
        game = Game.new(DDV, seed=seed)
        while not game.is_terminal:
            seat = game.current_player
            info = game.information_state(seat)
            if info.phase is Phase.PLAY and info.trick and info.order.is_trump(info.trick[0][1]):
                wrong = [c for c in info.hand if c not in info.legal_actions]
                if wrong:
                    shown = info.order.sorted_hand(list(info.hand))
                    typed = Card(wrong[0]).symbol
                    for env, words in ((ENGLISH, "you must play trump"), (GERMAN, "du musst Trumpf bedienen")):
                        result = CliRunner().invoke(_ParseCommand(typed, info, shown), [], env=env)
                        assert words in result.output, result.output
                    return
            game.apply(rng.choice([a for a in game.legal_actions() if not Action.is_announcement(a)]))
    pytest.fail("no position with trump led and a card that may not follow")


def _ParseCommand(typed: str, info: object, shown: list[int]) -> object:
    """A ``doko`` run (the language chosen as ``doko`` chooses it) that parses ``typed`` and prints the
    refusal."""
    import click

    from doppelkopf.cli.lang import DokoGroup

    @click.group(cls=DokoGroup, invoke_without_command=True)
    def group() -> None:
        try:
            parse_move(typed, info, shown)  # type: ignore[arg-type]
        except ValueError as exc:
            click.echo(str(exc))

    return group


# -- help and click's own messages -------------------------------------------------------------------


def test_help_is_german_under_german() -> None:
    top = run(["--help"], GERMAN)
    assert top.exit_code == 0
    assert "Aufruf:" in top.output and "Optionen:" in top.output and "Befehle:" in top.output
    assert "Diese Hilfe zeigen und beenden." in top.output and "Show this message" not in top.output
    sim = run(["simulate", "--help"], GERMAN)
    assert "Zu spielende Spiele." in sim.output and "Standard: 24" in sim.output
    liste = run(["liste", "add", "--help"], GERMAN)
    assert "Schnellmodus" in liste.output and "Quick mode" not in liste.output
    # and English again in the same process: nothing of the German run stays
    again = run(["--help"], ENGLISH)
    assert "Usage:" in again.output and "Show this message and exit." in again.output


def test_click_errors_are_german_under_german() -> None:
    result = run(["simulate", "--bogus"], GERMAN)
    assert result.exit_code == 2
    assert "Fehler: Keine Option '--bogus'." in result.output
    assert "Error" not in result.output


# -- output: no wrapping to a pipe, no trailing blanks -------------------------------------------------


def test_piped_output_is_not_wrapped_at_80_columns() -> None:
    """CliRunner's output is no terminal: the long first line of doko play stays one line."""
    result = run(["play", "--games", "1", "--pace", "0", "--level", "easy", "--seed", "3"], ENGLISH, play_input())
    first = result.output.splitlines()[0]
    assert first.startswith("Rules: ddv") and first.endswith("Ctrl-D stops."), first
    assert len(first) > 80


def test_rules_show_has_no_trailing_blanks() -> None:
    for env in (ENGLISH, GERMAN, {**ENGLISH, "COLUMNS": "160"}, {**ENGLISH, "COLUMNS": "60"}):
        result = run(["rules", "show", "ddv"], env)
        assert result.exit_code == 0, result.output
        assert [line for line in result.output.splitlines() if line != line.rstrip()] == [], env


def test_rules_show_speaks_german() -> None:
    result = run(["rules", "show", "ddv"], GERMAN)
    assert "Regelwerk ddv" in result.output and "Quelle:" in result.output


# -- the README's doko liste sequence ----------------------------------------------------------------


def readme_liste_commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("keep the list in the terminal:", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [shlex.split(line, comments=True) for line in block.replace("\\\n", " ").splitlines()]
    return [words for words in lines if words]


def test_the_readme_liste_sequence_with_its_json_export_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's commands as written, then the variant its comment names (``--json all.json``, the
    import of it into another database), and ``--db`` after the command as well as before it."""
    pytest.importorskip("matplotlib", reason="doko liste stats --chart needs matplotlib")
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "liste.sqlite")
    for words in readme_liste_commands():
        result = run(["liste", "--db", db, *words[2:]] if words[1] == "liste" else words[1:], ENGLISH)
        assert result.exit_code == 0, (words, result.output)
    exported = run(["liste", "export", "1", "--json", "all.json", "--db", db], ENGLISH)
    assert exported.exit_code == 0, exported.output
    other = str(tmp_path / "other.sqlite")
    imported = run(["liste", "import", "all.json", "--db", other], ENGLISH)
    assert imported.exit_code == 0, imported.output
    assert "Stammtisch" in imported.output
    before = run(["liste", "--db", other, "show", "1"], ENGLISH)
    after = run(["liste", "show", "1", "--db", other], ENGLISH)
    assert before.exit_code == after.exit_code == 0 and before.output == after.output
    assert "Liste of sitting 1" in after.output
    settled = run(["liste", "settle", "1", "--db", db], GERMAN)
    assert " zahlt " in settled.output and " pays " not in settled.output


def test_a_stale_edit_names_the_version_now_in_cli_words(tmp_path: Path) -> None:
    db = str(tmp_path / "liste.sqlite")
    for words in (
        ["new-group", "G", "Anna", "Ben", "Carla", "Dirk"],
        ["new-sitting", "--group", "G", "Anna", "Ben", "Carla", "Dirk"],
        ["add", "1", "--game", "kreuz", "--re", "Anna", "--augen", "190"],
        ["edit", "1", "1", "--version", "1", "--game", "kreuz", "--re", "Anna", "--augen", "200"],
    ):
        assert run(["liste", "--db", db, *words], ENGLISH).exit_code == 0
    stale = run(
        ["liste", "--db", db, "edit", "1", "1", "--version", "1", "--game", "kreuz", "--re", "Ben", "--augen", "150"],
        ENGLISH,
    )
    assert stale.exit_code == 2
    message = stale.stderr.strip()
    assert "now at version 2" in message and "doko liste show 1" in message and "--version 2" in message
    assert "reload" not in message


def test_replay_reads_german_trick_by_trick(tmp_path: Path) -> None:
    """``doko replay`` of a simulated game: every line in the reader's language (Stich, Ergebnis, Spielwert in
    German; Trick, Result, game value in English), names and cards as they are."""
    records = tmp_path / "r.jsonl"
    run(["simulate", "--games", "1", "--seed", "3", "--records", str(records)])
    german = run(["--lang", "de", "replay", str(records), "--game", "1"]).output
    english = run(["--lang", "en", "replay", str(records), "--game", "1"]).output
    assert re.search(r"^Stich 1: .* Augen$", german, re.M) and re.search(
        r"^Ergebnis: .*Spielwert \d+ Punkte", german, re.M
    )
    assert not re.search(r"\b(Trick|Result|with|wins|game value)\b", german), german
    assert re.search(r"^Trick 1: .* Augen$", english, re.M) and "Result: " in english and "Stich" not in english
