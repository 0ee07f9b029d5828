"""The compiled core (mypyc) and its guard: the same source, the same answers, never stale code.

setup.py compiles values, cards, order, game and scoring where it can; ``doppelkopf._compiled`` decides at
import whether the extensions may run (their recorded source hashes must match the sources).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import warnings
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


SOURCE = b"VALUE = 'source'\n"
SUFFIX = _compiled.importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(tmp_path: Path, recorded: object, shared_library: bool = True) -> Path:
    """``tmp_path/src/pkg`` with game.py, its extension (an empty stand-in), the build's shared
    library beside the package and ``recorded`` as the build record (none if ``None``)."""
    folder = tmp_path / "src" / "pkg"
    folder.mkdir(parents=True)
    (folder / "game.py").write_bytes(SOURCE)
    (folder / f"game{SUFFIX}").write_bytes(b"")
    if shared_library:
        (folder.parent / f"0123abcd__mypyc{SUFFIX}").write_bytes(b"")
    if recorded is not None:
        (folder / _compiled.BUILD_INFO).write_text(json.dumps(recorded))
    return folder


GOOD = {"modules": ["game"], "sources": {"game": _compiled.source_hash_of(SOURCE)}}


@pytest.fixture
def clean(monkeypatch: pytest.MonkeyPatch) -> None:
    """No DOPPELKOPF_PURE, and a sys.meta_path the test may change."""
    monkeypatch.delenv("DOPPELKOPF_PURE", raising=False)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))


def loads_source(folder: Path) -> bool:
    """Whether the first finder loads pkg.game from game.py (and leaves other modules alone)."""
    spec = sys.meta_path[0].find_spec("pkg.game")
    return spec is not None and spec.origin == str(folder / "game.py") and sys.meta_path[0].find_spec("pkg.x") is None


def test_guard_trusts_a_build_whose_hashes_match(tmp_path: Path, clean: None) -> None:
    folder = fake_build(tmp_path, GOOD)
    before = list(sys.meta_path)
    assert _compiled.install(folder, "pkg") == ("game",)
    assert sys.meta_path == before


@pytest.mark.parametrize(
    ("recorded", "shared_library", "message"),
    [
        ({"modules": ["game"], "sources": {"game": "0" * 64}}, True, r"game\.py changed since compiled"),
        (
            {"modules": ["game"], "sources": {"game": _compiled.source_hash_of(SOURCE), "rules": "0" * 64}},
            True,
            r"rules\.py changed since compiled",
        ),
        (None, True, r"build record _compiled\.json is missing or unreadable"),
        ({"modules": "game"}, True, r"build record _compiled\.json is missing or unreadable"),
        ([1, 2], True, r"build record _compiled\.json is missing or unreadable"),
        ({"modules": ["game", "cards"], "sources": GOOD["sources"]}, True, r"incomplete \(cards missing\)"),
        (GOOD, False, r"incomplete \(its shared library missing\)"),
        ({"modules": [], "sources": {}}, True, r"extensions not of this build: game"),
    ],
    ids=[
        "edited-source",
        "edited-rules",
        "no-record",
        "bad-record",
        "record-a-list",
        "module-missing",
        "no-library",
        "foreign",
    ],
)
def test_guard_loads_the_source_of_a_stale_or_broken_build(
    tmp_path: Path, clean: None, recorded: object, shared_library: bool, message: str
) -> None:
    """A source edited after the build (rules.py included: the compiled code holds its constants),
    a missing or broken record, or a build with a part missing runs from the .py files, with a
    warning that says why and how to compile again."""
    folder = fake_build(tmp_path, recorded, shared_library)
    with pytest.warns(RuntimeWarning, match=message + r".*pure-Python core.*pip install -e \."):
        assert _compiled.install(folder, "pkg") == ()
    assert loads_source(folder)


def test_guard_is_silent_without_extensions(tmp_path: Path, clean: None) -> None:
    """No compiler at install (or the extensions removed): pure Python without a warning."""
    folder = fake_build(tmp_path, GOOD)
    (folder / f"game{SUFFIX}").unlink()
    before = list(sys.meta_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _compiled.install(folder, "pkg") == ()
    assert sys.meta_path == before


def test_guard_obeys_doppelkopf_pure(tmp_path: Path, clean: None, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = fake_build(tmp_path, GOOD)
    monkeypatch.setenv("DOPPELKOPF_PURE", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _compiled.install(folder, "pkg") == ()
    assert loads_source(folder)


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
