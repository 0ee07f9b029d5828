"""``doko rules diff A B`` and ``doko rules show --toml``: what a group checks first when it compares its house
with ours (issue 26)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from doppelkopf.cli import main
from doppelkopf.rules import DDV, RuleSet, get_preset


@pytest.fixture(autouse=True)
def _plain_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test names its language itself; output to a pipe (one block per option)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "DOKO_LANG", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


def test_the_toml_lists_at_least_a_hundred_options() -> None:
    """Issue 26, done when: ``doko rules show --toml`` lists at least 100 options (the rule set's name aside)."""
    result = CliRunner().invoke(main, ["rules", "show", "ddv", "--toml"])
    assert result.exit_code == 0, result.output
    options = set(tomllib.loads(result.output)) - {"name"}
    assert len(options) >= 100
    assert RuleSet.from_toml(result.output) == DDV


def test_vier_schritte_differs_from_the_tsr_in_its_three_scoring_rules() -> None:
    """Seed 004 scores the DDV game by its own scheme: gegen die Alten as a game point (step 2), only the
    Sonderpunkte when nobody wins (Sonderfälle), Re needs 121 without Absagen (step 1). The rest is the TSR:
    the preset names no other option (its Hochzeit without partner and Stille Hochzeit are solos, as in the TSR)."""
    assert get_preset("ddv").differences(get_preset("vier-schritte")) == (
        "nobody_wins",
        "gegen_die_alten_as",
        "re_120_after_kontra",
    )
    result = CliRunner().invoke(main, ["rules", "diff", "ddv", "vier-schritte"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Rule sets ddv and vier-schritte: 3 options differ"
    blocks = [line for line in lines if line and not line.startswith(" ")][1:]
    assert blocks == ["nobody_wins", "gegen_die_alten_as", "re_120_after_kontra"]
    assert "  ddv: sonderpunkt" in lines and "  vier-schritte: spielpunkt" in lines
    assert "  ddv: true" in lines and "  vier-schritte: false" in lines  # re_120_after_kontra


def test_a_house_file_against_a_preset_names_only_what_the_house_changed(tmp_path: Path) -> None:
    """A group writes its house as a file on top of the TSR: the second Dulle wins, König-Solo allowed; the
    diff shows those two options with their meaning and source, nothing else."""
    house = tmp_path / "stammtisch.toml"
    house.write_text(
        'preset = "ddv"\nname = "Stammtisch"\ndulle = "second"\n'
        'solo_types = ["kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos", "koenige"]\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["rules", "diff", "ddv", str(house)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Rule sets ddv and Stammtisch: 2 options differ"
    assert [line for line in lines if line and not line.startswith(" ")][1:] == ["dulle", "solo_types"]
    assert "  Stammtisch: second" in lines
    assert "  Source: TSR 5.3.3 (equal cards: the first played wins, Herz-10 included)" in lines


def test_the_same_rules_differ_in_nothing_and_a_bad_name_is_one_line(tmp_path: Path) -> None:
    same = CliRunner().invoke(main, ["rules", "diff", "doppelbock", "doppelbock"])
    assert same.exit_code == 0
    assert same.output.splitlines() == ["Rule sets doppelbock and doppelbock", "No option differs."]
    bad = CliRunner().invoke(main, ["rules", "diff", "ddv", "bogus"])
    assert bad.exit_code != 0
    assert len(bad.output.strip().splitlines()) == 1 and "bogus" in bad.output


def test_the_diff_speaks_german() -> None:
    result = CliRunner().invoke(main, ["--lang", "de", "rules", "diff", "ddv", "vier-schritte"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Regelwerke ddv und vier-schritte: 3 Optionen unterscheiden sich"
    assert "  Quelle: TSR 7.1.3; seed 004, Sonderfälle" in result.output.splitlines()
