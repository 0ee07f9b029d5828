"""The core imports nothing above it (README, "Architecture"): no circle through the compiled solver,
no I/O package, no player, no CLI. Data flows one way: rules + deal -> game -> score -> list.

The core is the game itself and its phases (values, cards, rules, order, moves, vorbehalte, armut,
announcements, claims, schweine, state, game, scoring) and the list (sheet, session, names). Each may import the
standard library (and two small pure libraries, see ``STDLIB``) and other core modules only; the check
reads the sources, so it holds for the compiled build too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "doppelkopf"
CORE = (
    "values",
    "cards",
    "rules",
    "order",
    "moves",
    "vorbehalte",
    "armut",
    "announcements",
    "claims",
    "schweine",
    "state",
    "game",
    "scoring",
    "sheet",
    "session",
    "names",
)
#: What the core may import from outside the package: the standard library, mypyc's native int types and the
#: TOML writer of ``RuleSet.to_toml`` (text, no I/O).
STDLIB = set(sys.stdlib_module_names) | {"__future__", "mypy_extensions", "tomli_w"}


def imports_of(module: str) -> list[tuple[str, int]]:
    """(imported module, line) of every import in ``module``'s source, relative ones as ``.name``."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            name = "." * node.level + (node.module or "")
            if node.level and not node.module:  # from . import x
                found.extend((f".{alias.name}", node.lineno) for alias in node.names)
            else:
                found.append((name, node.lineno))
    return found


@pytest.mark.parametrize("module", CORE)
def test_core_imports_only_the_core_and_the_standard_library(module: str) -> None:
    for name, line in imports_of(module):
        if name.startswith("."):
            assert name.lstrip(".").split(".")[0] in CORE, f"{module}.py line {line} imports {name}"
        else:
            assert name.split(".")[0] in STDLIB, f"{module}.py line {line} imports {name}"


def test_a_claim_loads_no_solver() -> None:
    """The claim check is the core's own bounded search: playing and claiming never imports the compiled
    solver (numba) nor anything above the core."""
    code = (
        "import sys\n"
        "from doppelkopf import Game, get_preset\n"
        "from doppelkopf.game import Action\n"
        "game = Game.new(get_preset('ddv').replace(claim='anyone'), seed=4)\n"
        "while game.phase.name == 'VORBEHALT':\n"
        "    game.apply(Action.GESUND)\n"
        "game.apply(Action.CLAIM)\n"
        "assert game.is_terminal\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('doppelkopf.fast', 'doppelkopf.players', 'numba')))\n"
        "print(loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


#: Pure modules just above the core: formats and the Liste of a sitting. No I/O library, no storage, web or chart
#: package (those sit above them and import them, never the other way round).
PURE_ABOVE_CORE = ("liste",)
#: Packages of the score sheet's outer layers; the core and the pure modules never import them.
OUTER = {"sqlalchemy", "alembic", "fastapi", "starlette", "uvicorn", "jinja2", "matplotlib", "psycopg", "platformdirs"}


@pytest.mark.parametrize("module", PURE_ABOVE_CORE)
def test_the_liste_is_pure(module: str) -> None:
    for name, line in imports_of(module):
        if name.startswith("."):
            top = name.lstrip(".").split(".")[0]
            assert top in CORE or top in {"entry", "jsonutil", "fileutil"}, f"{module}.py line {line} imports {name}"
        else:
            assert name.split(".")[0] in STDLIB, f"{module}.py line {line} imports {name}"


def test_the_core_and_the_cli_load_no_storage_web_or_charts() -> None:
    """``import doppelkopf`` and ``doko --help`` stay fast: the score sheet's libraries load only in its commands."""
    assert_loads_none("doppelkopf, doppelkopf.cli, doppelkopf.liste", OUTER)


def assert_loads_none(modules: str, packages: set[str]) -> None:
    """Importing ``modules`` (comma-separated) in a fresh interpreter loads none of ``packages``."""
    code = (
        "import sys\n"
        f"import {modules}\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(packages)!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


#: The research extras (``rl``, ``cluster``): heavy, optional, loaded only by the modules that need them.
RESEARCH = {"pettingzoo", "gymnasium", "pyspiel", "open_spiel", "ray", "torch"}


def test_the_core_the_cli_and_the_players_load_no_research_library() -> None:
    """``pip install doppelkopf`` without the ``rl`` and ``cluster`` extras runs everything but those interfaces:
    the core, the CLI, the arena and the players import none of their libraries (``doko arena --backend ray``
    loads Ray only when it is asked for)."""
    assert_loads_none(
        "doppelkopf, doppelkopf.cli, doppelkopf.arena, doppelkopf.players, doppelkopf.rl, doppelkopf.cluster, "
        "doppelkopf.analysis",
        RESEARCH,
    )
