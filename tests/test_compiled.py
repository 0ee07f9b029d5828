"""The compiled core (mypyc) and its guard: the same source, the same answers, never stale code.

setup.py compiles cards, order, game and scoring where it can; ``doppelkopf._compiled`` decides at
import whether the extensions may run (their recorded source hashes must match the sources).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import doppelkopf
from doppelkopf import _compiled

SRC = Path(doppelkopf.__file__).parent
ROOT = SRC.parent.parent


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )


@pytest.mark.skipif(not doppelkopf.COMPILED, reason="the core runs as pure Python here")
def test_doctests_of_the_compiled_modules_pass_on_their_source() -> None:
    """The root conftest leaves the compiled modules out of --doctest-modules; their examples run
    here against the pure-Python source."""
    paths = [str(SRC / f"{name}.py") for name in doppelkopf.COMPILED]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--doctest-modules", "-p", "no:cacheprovider", *paths],
        capture_output=True,
        text=True,
        env={**os.environ, "DOPPELKOPF_PURE": "1"},
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"\b[1-9][0-9]* passed", result.stdout), result.stdout  # examples were found and run


@pytest.mark.skipif(not doppelkopf.COMPILED, reason="the core runs as pure Python here")
def test_pure_and_compiled_core_play_the_same_games() -> None:
    """The same seeds and random choices give the same histories and Punkte in both builds."""
    code = """
        import json, random
        import doppelkopf
        from doppelkopf import Game, get_preset
        out = []
        for preset in ("ddv", "ohne-neunen", "doppelbock", "vier-schritte"):
            rules = get_preset(preset)
            for seed in range(40):
                rng = random.Random(seed)
                game = Game.new(rules, seed=seed, dealer=seed % 4)
                while not game.is_terminal:
                    game.apply(rng.choice(game.legal_actions()))
                out.append([game.history, game.score().points])
        print(json.dumps([doppelkopf.COMPILED, out]))
    """
    compiled = run_python(code)
    pure = run_python(code, DOPPELKOPF_PURE="1")
    assert compiled.returncode == 0 and pure.returncode == 0, compiled.stderr + pure.stderr
    (modules_c, games_c), (modules_p, games_p) = json.loads(compiled.stdout), json.loads(pure.stdout)
    assert modules_c and not modules_p
    assert games_c == games_p


def fake_build(folder: Path, recorded: dict[str, str] | None) -> None:
    """A package folder with game.py, an extension twin (an empty stand-in) and the hash file."""
    folder.mkdir()
    (folder / "game.py").write_text("VALUE = 'source'\n")
    (folder / ("game" + _compiled.importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    if recorded is not None:
        (folder / _compiled.BUILD_INFO).write_text(json.dumps({"modules": recorded}))


def test_guard_trusts_a_build_whose_hashes_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pkg"
    fake_build(folder, {"game": _compiled.source_hash_of(b"VALUE = 'source'\n")})
    monkeypatch.delenv("DOPPELKOPF_PURE", raising=False)
    before = list(sys.meta_path)
    assert _compiled.install(folder, "pkg") == ("game",)
    assert sys.meta_path == before


@pytest.mark.parametrize("recorded", [{"game": "0" * 64}, None], ids=["edited-source", "no-hash-file"])
def test_guard_loads_the_source_of_a_stale_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recorded: dict[str, str] | None
) -> None:
    """A source edited after the build (or a build without hashes) runs from its .py file, with a
    warning that says how to compile again."""
    folder = tmp_path / "pkg"
    fake_build(folder, recorded)
    monkeypatch.delenv("DOPPELKOPF_PURE", raising=False)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    with pytest.warns(RuntimeWarning, match=r"game\.py changed since compiled.*pip install -e \."):
        assert _compiled.install(folder, "pkg") == ()
    spec = sys.meta_path[0].find_spec("pkg.game")
    assert spec is not None and spec.origin == str(folder / "game.py")
    assert sys.meta_path[0].find_spec("pkg.other") is None


def test_guard_obeys_doppelkopf_pure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pkg"
    fake_build(folder, {"game": _compiled.source_hash_of(b"VALUE = 'source'\n")})
    monkeypatch.setenv("DOPPELKOPF_PURE", "1")
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    assert _compiled.install(folder, "pkg") == ()
    spec = sys.meta_path[0].find_spec("pkg.game")
    assert spec is not None and spec.origin == str(folder / "game.py")


def test_records_compare_by_value_and_read_like_dataclasses() -> None:
    """Trick, Announcement, ScoreItem and Sonderpunkt are Records: equal and hashed by their fields,
    shown with their field names, in either build."""
    from doppelkopf import Party, Sonderpunkt
    from doppelkopf.game import Announcement, Trick
    from doppelkopf.scoring import ScoreItem

    assert Trick((0, 6, 1, 2), (1, 2, 3, 0), 1) == Trick((0, 6, 1, 2), (1, 2, 3, 0), 1)
    assert Trick((0, 6, 1, 2), (1, 2, 3, 0), 1) != Trick((0, 6, 1, 2), (1, 2, 3, 0), 2)
    assert len({Sonderpunkt("fuchs_gefangen", Party.RE, 3), Sonderpunkt("fuchs_gefangen", Party.RE, 3)}) == 1
    assert ScoreItem("gewonnen", "Gewonnen", 1) != ("gewonnen", "Gewonnen", 1)
    assert repr(ScoreItem("gewonnen", "Gewonnen", 1)) == "ScoreItem(key='gewonnen', label='Gewonnen', punkte=1)"
    assert Announcement(2, Party.KONTRA, 1, 12).label == "Kontra"


@pytest.mark.skipif("game" not in doppelkopf.COMPILED, reason="enforced at run time when compiled")
def test_compiled_records_cannot_be_changed() -> None:
    from doppelkopf.game import Trick

    trick = Trick((0, 6, 1, 2), (1, 2, 3, 0), 1)
    with pytest.raises(AttributeError):
        trick.winner = 3  # type: ignore[misc]
    assert trick.winner == 1
