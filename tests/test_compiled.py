"""The compiled core (mypyc) and its guard: the same source, the same answers, never stale code.

setup.py compiles the core (values, cards, order, the game and its phase modules, scoring; its ``CORE``) where
it can, docstrings included; ``doppelkopf._compiled`` decides at
import whether the extensions may run (their recorded source hashes must match the sources).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import os
import pydoc
import re
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path
from types import ModuleType

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


def public_docstrings(module: str, path: Path) -> dict[str, tuple[str, ast.AST]]:
    """Qualified name -> (docstring as written, its node) of the module at ``path`` and of each of its
    public classes, functions, methods and properties (dunder methods included) that has one. A
    property's docstring is its getter's: a ``@name.setter`` def is left out."""
    tree = ast.parse(path.read_bytes())
    found: dict[str, tuple[str, ast.AST]] = {}
    doc = ast.get_docstring(tree, clean=False)
    if doc is not None:
        found[module] = (doc, tree)

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if not isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if node.name.startswith("_") and not (node.name.startswith("__") and node.name.endswith("__")):
                continue
            if any(isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter") for d in node.decorator_list):
                continue
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                found[f"{prefix}.{node.name}"] = (doc, node)
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}.{node.name}")

    visit(tree.body, module)
    return found


def runtime_object(module: ModuleType, qualname: str) -> object:
    """The object ``qualname`` names in the imported ``module``; a property (or the getset descriptor a
    compiled class has for it) as itself, not its value."""
    obj: object = module
    for part in qualname.split(".")[len(module.__name__.split(".")) :]:
        static = inspect.getattr_static(obj, part) if inspect.isclass(obj) else None
        obj = static if isinstance(static, property) or inspect.isgetsetdescriptor(static) else getattr(obj, part)
    return obj


def parameter_names(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args)] + ([args.vararg.arg] if args.vararg else [])
    return names + [a.arg for a in args.kwonlyargs] + ([args.kwarg.arg] if args.kwarg else [])


@pytest.mark.skipif(not doppelkopf.COMPILED, reason="the core runs as pure Python here: no compiled docstrings")
def test_compiled_modules_keep_the_docstrings_and_signatures_of_their_source() -> None:
    """help() shows the same text in both builds: every public module, class, function, method and
    property of a compiled module has the docstring its source has (German text in UTF-8 included),
    and a compiled signature still names the parameters of the source."""
    wrong, compared, signatures = [], [], 0
    for name in doppelkopf.COMPILED:
        module = importlib.import_module(f"doppelkopf.{name}")
        for qualname, (doc, node) in public_docstrings(module.__name__, SRC / f"{name}.py").items():
            obj = runtime_object(module, qualname)
            compared.append(doc)
            if obj.__doc__ != doc:
                wrong.append(f"{qualname}: {str(obj.__doc__)[:60]!r} instead of {doc[:60]!r}")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and getattr(obj, "__text_signature__", None):
                assert callable(obj), qualname
                signatures += 1
                names, source = list(inspect.signature(obj).parameters), parameter_names(node)
                if names not in (source, source[1:]):  # bound methods leave out self or cls
                    wrong.append(f"{qualname}: signature names {names} instead of {source}")
    assert not wrong, "\n".join(wrong)
    assert len(compared) > 80 and signatures > 40  # the core's public API (92 and 57 now), not a handful
    assert any(not doc.isascii() for doc in compared)  # German and card symbols: UTF-8 in the C


@pytest.mark.skipif("game" not in doppelkopf.COMPILED, reason="the core runs as pure Python here")
def test_help_shows_the_docstring_of_a_compiled_method() -> None:
    from doppelkopf.game import Game

    source = public_docstrings("doppelkopf.game", SRC / "game.py")["doppelkopf.game.Game.apply"][0]
    text = pydoc.plain(pydoc.render_doc(Game.apply))  # without the overstruck bold
    assert "apply(self, /, action, seat=None)" in text  # mypyc's text signature, ahead of the text
    lines = [line.strip() for line in text.splitlines()]
    assert all(line.strip() in lines for line in inspect.cleandoc(source).splitlines())


def test_build_without_its_docstring_hooks_says_so_and_leaves_mypyc_compiled() -> None:
    """Where the mypyc at hand lacks a function the build hooks (another mypy version), setup.py
    patches nothing, says so on stderr, and mypyc loads as it would without the hooks."""
    mypyc = importlib.util.find_spec("mypyc.codegen.emitclass") if importlib.util.find_spec("mypyc") else None
    if not (ROOT / "setup.py").exists() or mypyc is None:
        pytest.skip("needs the source tree's setup.py and mypyc")
    code = """
        import json, runpy, sys
        build = runpy.run_path("setup.py", run_name="doppelkopf_setup")
        build["DOC_HOOKS"]["mypyc.codegen.emitclass"] += ("no_such_hook",)
        done = build["install_doc_hooks"]()
        left = sorted(name for name in sys.modules if name.partition(".")[0] in ("mypy", "mypyc"))
        finders = [type(finder).__name__ for finder in sys.meta_path]
        import mypyc.codegen.emitclass
        print(json.dumps([done, left, "_SourcesOf" in finders, mypyc.codegen.emitclass.__file__]))
    """
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"doppelkopf: mypyc \S+ lacks mypyc\.codegen\.emitclass\.no_such_hook; "
        r"the compiled core will have no docstrings",
        result.stderr,
    ), result.stderr
    assert json.loads(result.stdout) == [False, [], False, mypyc.origin]


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
