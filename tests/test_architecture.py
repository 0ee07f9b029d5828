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
    "genscher",
    "state",
    "game",
    "scoring",
    "sheet",
    "session",
    "names",
    "messages",  # the core's translatable messages (Text, TextError): pure Python, imports nothing
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


# -- the house: circles, private names, siblings (issue 23) ---------------------------------------------------
#: The package's name; every module under ``src/doppelkopf`` but the Alembic migrations (run inside Alembic only).
ROOT = "doppelkopf"


def _module_name(path: Path) -> str:
    parts = [ROOT, *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the package by dotted name, with its parsed source."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" not in path.relative_to(PACKAGE).parts:
            found[_module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


MODULES = _modules()


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: imports for the type checker, never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
                isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
            ):
                for stmt in node.body:
                    skipped.update(id(sub) for sub in ast.walk(stmt))
    return skipped


def _owner(name: str) -> str:
    """The module of the package that ``name`` (a module or a name inside one) lives in."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


class Import:
    """One import that runs (module level or inside a function): who imports what, at which line."""

    def __init__(self, module: str, target: str, line: int, name: str | None) -> None:
        self.module, self.target, self.line, self.name = module, target, line, name

    def __repr__(self) -> str:
        what = f"{self.name} from {self.target}" if self.name else self.target
        return f"{MODULES[self.module][0].relative_to(PACKAGE.parent)} line {self.line} imports {what}"


def _imports() -> list[Import]:
    """Every run-time import of a module of the package by another (``if TYPE_CHECKING`` left out)."""
    found = []
    for module, (path, tree) in MODULES.items():
        skipped = _type_checking_only(tree)
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                found.extend(
                    Import(module, _owner(alias.name), node.lineno, None)
                    for alias in node.names
                    if alias.name.split(".")[0] == ROOT
                )
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                if source.split(".")[0] != ROOT:
                    continue
                for alias in node.names:
                    if f"{source}.{alias.name}" in MODULES:  # from . import game
                        found.append(Import(module, f"{source}.{alias.name}", node.lineno, None))
                    else:
                        found.append(Import(module, _owner(source), node.lineno, alias.name))
    return found


IMPORTS = _imports()


def _circles() -> list[list[str]]:
    """The strongly connected components of more than one module in the import graph (Tarjan)."""
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for imp in IMPORTS:
        if imp.target != imp.module:
            graph[imp.module].add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def _private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__")


def test_no_import_circle() -> None:
    """The package's modules import one another without a circle: each room can be read, tested and
    replaced from the bottom up (imports inside functions count, ``if TYPE_CHECKING`` imports do not)."""
    assert _circles() == []


def test_no_private_name_is_imported_from_another_module() -> None:
    """A name that starts with ``_`` belongs to its module: what another module needs is public there."""
    assert [imp for imp in IMPORTS if imp.name is not None and _private(imp.name)] == []


def test_the_web_never_imports_the_cli() -> None:
    """The CLI and the web are siblings over the same layers: what both use sits below both."""
    cli = (f"{ROOT}.cli", f"{ROOT}.liste_cli")
    assert [imp for imp in IMPORTS if imp.module.startswith(f"{ROOT}.web") and imp.target.startswith(cli)] == []


def test_the_cli_never_imports_the_web_at_module_level() -> None:
    """``doko serve`` starts the web app, so the CLI may load it inside that command, never at import."""
    for module, (path, tree) in MODULES.items():
        if module.startswith(f"{ROOT}.cli"):
            for node in tree.body:
                if isinstance(node, ast.ImportFrom | ast.Import):
                    names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                    assert not any(".web" in f".{n}" for n in names), f"{path.name} line {node.lineno}"


def test_routers_do_not_import_each_other() -> None:
    """A router serves one resource; what two routers share lives in ``web/routers/common.py`` or below."""
    routers = f"{ROOT}.web.routers."
    assert [
        imp
        for imp in IMPORTS
        if imp.module.startswith(routers)
        and imp.target.startswith(routers)
        and imp.target != imp.module
        and imp.target != f"{routers}common"
    ] == []


def _defined_private(tree: ast.Module) -> set[str]:
    """The private names a module defines: its top-level names, its classes' members and ``self._x``."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(stmt.name)
                elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    names.add(stmt.target.id)
                elif isinstance(stmt, ast.Assign):
                    names.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                names.add(node.attr)
    return {name for name in names if _private(name)}


def test_no_module_uses_a_private_attribute_another_module_defines() -> None:
    """``x._name`` only where this module defines ``_name`` itself: no phase module calls ``Game``'s private
    hooks, no store reaches into another store's helpers. (A private name of the standard library, such as
    a named tuple's ``_replace``, is not the package's and not checked.)"""
    defined = {module: _defined_private(tree) for module, (_, tree) in MODULES.items()}
    anywhere = set().union(*defined.values())
    uses = []
    for module, (path, tree) in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                if node.attr in anywhere and node.attr not in defined[module]:
                    uses.append(f"{path.relative_to(PACKAGE.parent)} line {node.lineno}: .{node.attr}")
    assert uses == []


def test_the_checks_see_the_package() -> None:
    """The graph above is read from the real source: the CLI, the game and the web are in it, with the imports
    between them that the layers allow."""
    assert {f"{ROOT}.game", f"{ROOT}.scoring", f"{ROOT}.web.app"} <= set(MODULES)
    edges = {(imp.module, imp.target) for imp in IMPORTS}
    assert (f"{ROOT}.game", f"{ROOT}.cards") in edges
    assert any(module == f"{ROOT}.web.app" and target == f"{ROOT}.storage" for module, target in edges)
