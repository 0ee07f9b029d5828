"""Rule files at the command line (``--rules FILE``, ``doko rules show FILE``): a file that cannot be
read, is not UTF-8, is nested too deeply or sets an option out of its range gets one line that
names the file (and the option), never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from doppelkopf.cli import load_rules, main
from doppelkopf.rules import DDV, RuleError, get_preset


def error_line(result: Result) -> str:
    """The one error line of a failed command (exit status 1 or 2, no traceback)."""
    assert result.exit_code in (1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert "Traceback" not in result.output
    assert lines and lines[-1].startswith("Error: "), result.output
    return lines[-1]


COMMANDS = [["simulate", "--games", "1", "--no-records", "--rules"], ["rules", "show"]]


@pytest.mark.parametrize("command", COMMANDS, ids=["simulate", "show"])
def test_rule_file_not_utf8_names_file_and_byte(tmp_path: Path, command: list[str]) -> None:
    """A Latin-1 file: simulate gave a traceback, rules show did not name the file."""
    path = tmp_path / "haus.toml"
    path.write_bytes('name = "Haus"\ndulle = "zwei"  # König\n'.encode("latin-1"))
    line = error_line(CliRunner().invoke(main, [*command, str(path)]))
    byte = b'name = "Haus"\ndulle = "zwei"  # K'
    assert line.endswith(f"{path}: not UTF-8 text (byte {len(byte)})")


@pytest.mark.parametrize("command", COMMANDS, ids=["simulate", "show"])
def test_deeply_nested_rule_file_is_one_line(tmp_path: Path, command: list[str]) -> None:
    """1,000 nested lists raised RecursionError."""
    path = tmp_path / "deep.toml"
    path.write_text("solo_types = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    line = error_line(CliRunner().invoke(main, [*command, str(path)]))
    assert line.endswith(f"{path}: rule file is nested too deeply (tables or lists within each other)")


@pytest.mark.parametrize("command", COMMANDS, ids=["simulate", "show"])
def test_rule_file_that_cannot_be_read_is_named(tmp_path: Path, command: list[str]) -> None:
    """A folder (with or without .toml), a missing file: one line naming it."""
    folder = tmp_path / "regeln.toml"
    folder.mkdir()
    plain = tmp_path / "regeln"
    plain.mkdir()
    for path, why in ((folder, "Is a directory"), (plain, "Is a directory"), (tmp_path / "fehlt.toml", "No such file")):
        line = error_line(CliRunner().invoke(main, [*command, str(path)]))
        assert f"{path}: cannot read the rule file ({why}" in line


def test_unreadable_rule_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file the system refuses to read (no permission; simulated, so that it holds for root too, as in CI)."""
    path = tmp_path / "geheim.toml"
    path.write_text('dulle = "second"\n', encoding="utf-8")

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(RuleError, match=f"^{path}: cannot read the rule file \\(Permission denied\\)"):
        load_rules(str(path))


def test_rule_file_option_out_of_range_names_file_and_option(tmp_path: Path) -> None:
    """Schmeissen with two nines fits one hand of every deal: refused before any game is dealt."""
    path = tmp_path / "haus.toml"
    path.write_text('preset = "doppelbock"\nschmeissen_nines = 2\n', encoding="utf-8")
    line = error_line(CliRunner().invoke(main, ["simulate", "--games", "1", "--no-records", "--rules", str(path)]))
    assert f"{path}: schmeissen_nines: must be between 3 and 8" in line


def test_presets_and_paths() -> None:
    """A preset name is a preset; a name that is no preset but looks like a path is read as a file."""
    assert load_rules("ddv") == DDV
    with pytest.raises(RuleError, match="^unknown rule set 'nosuch'; presets: ddv"):
        load_rules("nosuch")
    with pytest.raises(RuleError, match="^./nosuch: cannot read the rule file"):
        load_rules("./nosuch")
    with pytest.raises(RuleError, match="^unknown rule set ''"):
        load_rules("")


def test_a_huge_rule_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    """/dev/zero as a rule file (or any file of megabytes) is refused at the first 256 KiB, not read to the end."""
    line = error_line(CliRunner().invoke(main, ["rules", "show", "/dev/zero"]))
    assert line.endswith("/dev/zero: larger than 256 KiB, not a rule file")


def test_an_edited_preset_is_named_after_its_file(tmp_path: Path) -> None:
    """`doko rules show ddv --toml > haus.toml`, one option changed: the rules are no longer the DDV's and are
    called "haus" (the Liste and the records must not call a house's rules "ddv"); unchanged, they stay "ddv"."""
    same = tmp_path / "same.toml"
    same.write_text(CliRunner().invoke(main, ["rules", "show", "ddv", "--toml"]).output, encoding="utf-8")
    assert load_rules(str(same)) == get_preset("ddv") and load_rules(str(same)).name == "ddv"
    edited = tmp_path / "haus.toml"
    edited.write_text(same.read_text(encoding="utf-8").replace("solo_factor = 3", "solo_factor = 6"), encoding="utf-8")
    rules = load_rules(str(edited))
    assert (rules.name, rules.solo_factor) == ("haus", 6)
    named_ddv = tmp_path / "ddv.toml"
    named_ddv.write_text('preset = "doppelbock"\nsolo_bonus = 2\n', encoding="utf-8")
    assert load_rules(str(named_ddv)).name == "doppelbock (changed)"
