"""Build hook: compile the core engine with mypyc where a C compiler is at hand.

The modules in CORE are compiled from their own source into C extensions (about twice as fast).
``src/doppelkopf/_compiled.json`` records them with the SHA-256 of every source the build read
(CORE and ``rules.py``, whose ``Final`` constants the compiled code holds); ``doppelkopf._compiled``
checks it at import, so that a source edited after the build runs as pure Python rather than as
stale compiled code. Where mypyc or the compiler fails, or with ``DOPPELKOPF_PURE=1``, the package
installs as pure Python (and earlier extensions in the source tree are removed). An editable
install whose compiled modules already match their sources (same hashes, mypy and Python) is not
compiled again.

mypyc leaves the docstrings out of the C it writes. So that ``help()`` shows them in the compiled
core too, the build reads them from the sources with ``ast`` and hooks mypyc's code generation
(:func:`install_doc_hooks`, made for the pinned ``mypy==2.4.1``): the generated C then carries each
docstring in UTF-8 after mypyc's text signature. The hooks need mypy and mypyc running as Python
(the wheels ship them compiled, and compiled code does not call patched functions), which makes
mypyc's part of the build about three times as long. Where a hook target is missing (another mypy),
the build goes on without docstrings and says so on stderr.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import os
import platform
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup

CORE = (
    "values",
    "cards",
    "order",
    "moves",
    "state",
    "schweine",
    "genscher",
    "announcements",
    "armut",
    "vorbehalte",
    "claims",
    "game",
    "scoring",
)
#: Every source the compiled code depends on: the compiled modules and the constants they import.
SOURCES = (*CORE, "rules", "messages")
PACKAGE = Path("src", "doppelkopf")
INFO = PACKAGE / "_compiled.json"
#: The setup commands that build extensions (setup.py also runs for metadata only).
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def build_info() -> dict[str, object]:
    """The build record. ``docstrings``: the build carried the docstrings into the C (a build without
    them, or one made before they were, is compiled again by the next editable install)."""
    return {
        "modules": list(CORE),
        "sources": {name: hashlib.sha256((PACKAGE / f"{name}.py").read_bytes()).hexdigest() for name in SOURCES},
        "mypy": importlib.metadata.version("mypy"),  # not imported: the build loads it from its sources
        "python": platform.python_version(),
        "docstrings": True,
    }


def built_files() -> list[Path]:
    """The extensions of a compiled core in the source tree: one per module and the shared library."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return [PACKAGE / f"{name}{suffix}" for name in CORE] + list(PACKAGE.parent.glob(f"*__mypyc{suffix}"))


def up_to_date(info: dict[str, object]) -> bool:
    """An editable install already holds extensions compiled from these very sources."""
    try:
        recorded = json.loads(INFO.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    files = built_files()
    return recorded == info and len(files) > len(CORE) and all(path.exists() for path in files)


def remove_build() -> None:
    """Remove the extensions and the record of an earlier build from the source tree."""
    for name in CORE:
        for old in PACKAGE.glob(f"{name}.*.so"):
            old.unlink()
    for old in PACKAGE.parent.glob("*__mypyc.*.so"):
        old.unlink()
    INFO.unlink(missing_ok=True)


class Docs:
    """The docstrings of the CORE sources, as written (``ast.get_docstring(clean=False)``, which is
    what ``__doc__`` holds in pure Python 3.11), keyed the way mypyc's IR finds its objects."""

    def __init__(self, package: str = "doppelkopf") -> None:
        #: module name -> module docstring
        self.modules: dict[str, str] = {}
        #: (module, class name) -> class docstring (classes at module level and in class bodies)
        self.classes: dict[tuple[str, str], str] = {}
        #: (module, line of ``class``) -> class docstring
        self.class_lines: dict[tuple[str, int], str] = {}
        #: (module, line of ``def``) -> (function name, docstring): functions and methods
        self.functions: dict[tuple[str, int], tuple[str, str]] = {}
        for name in CORE:
            module = f"{package}.{name}"
            tree = ast.parse((PACKAGE / f"{name}.py").read_bytes(), filename=f"{name}.py")
            doc = ast.get_docstring(tree, clean=False)
            if doc is not None:
                self.modules[module] = doc
            self._read(module, tree.body)

    def _read(self, module: str, body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                self._read(module, node.body)
            if not isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            doc = ast.get_docstring(node, clean=False)
            if doc is None:
                continue
            if isinstance(node, ast.ClassDef):
                self.classes[module, node.name] = doc
                self.class_lines[module, node.lineno] = doc
            else:
                self.functions[module, node.lineno] = (node.name, doc)

    def of_function(self, fn: Any) -> str | None:
        """The docstring of the source function a mypyc ``FuncIR`` was compiled from: same module,
        same line of ``def``, same name."""
        found = self.functions.get((fn.decl.module_name, fn.line))
        return found[1] if found is not None and found[0] == fn.name else None

    def of_class(self, cl: Any) -> str | None:
        """The docstring of a mypyc ``ClassIR``: the source class's, or for the callable class mypyc makes
        of a method of a non-extension class (an Enum's), that method's (its ``__call__`` is the ``def``)."""
        if not cl.is_generated:
            return self.classes.get((cl.module_name, cl.name))
        call = cl.get_method("__call__")
        found = None if call is None else self.functions.get((cl.module_name, call.line))
        return found[1] if found is not None and cl.name.startswith(f"{found[0]}_") else None


class _SourcesOf(importlib.abc.MetaPathFinder):
    """Loads every module of the named top-level packages from its ``.py`` file, ahead of its extension."""

    def __init__(self, packages: Sequence[str]) -> None:
        self.packages = tuple(packages)
        self.loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in self.packages:
            return None
        for folder in sys.path if path is None else path:
            spec = importlib.machinery.FileFinder(folder or os.getcwd(), *self.loaders).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def c_string(text: str) -> str:
    """A C string literal of ``text`` in UTF-8 (CPython reads docstrings of C objects as UTF-8), as
    adjacent literals of at most 512 bytes each (some compilers limit the length of one literal)."""
    from mypyc.codegen.cstring import c_string_initializer

    data = text.encode("utf-8")
    return " ".join(c_string_initializer(data[i : i + 512]) for i in range(0, len(data), 512)) or '""'


#: What :func:`install_doc_hooks` wraps, by module of mypyc 2.4.1 (``Class.method`` for a method).
DOC_HOOKS = {
    "mypyc.codegen.emit": ("native_function_doc_initializer",),
    "mypyc.codegen.emitclass": (
        "native_function_doc_initializer",
        "native_class_doc_initializer",
        "generate_getseters_table",
    ),
    "mypyc.codegen.emitmodule": ("native_function_doc_initializer", "GroupGenerator.emit_module_def_struct"),
    "mypyc.irbuild.classdef": ("add_dunders_to_non_ext_dict",),
}


def install_doc_hooks(docs: Docs | None = None) -> bool:
    """Make mypyc's generated C carry the docstrings of ``docs`` (by default the CORE sources').

    Loads mypy and mypyc from their Python sources (a finder ahead of their extensions), then wraps
    :data:`DOC_HOOKS`: ``native_function_doc_initializer`` (functions and methods) and
    ``native_class_doc_initializer`` (classes) write CPython's ``"<text signature>\\n--\\n\\n"``, the
    docstring follows as an adjacent C literal (the signature stays as mypyc wrote it);
    ``generate_getseters_table`` (the ``NULL`` doc of each property) and
    ``GroupGenerator.emit_module_def_struct`` (the module's ``NULL`` docstring) get their lines edited
    after they emitted them; ``add_dunders_to_non_ext_dict`` (the "mypyc filler docstring" of a
    non-extension class such as an Enum) is followed by setting ``__doc__`` again. Returns whether the
    hooks are in place; if not (a target missing: another mypy; no sources of mypyc), nothing is
    patched, mypy and mypyc load compiled as before, and stderr says why.
    """
    finder = _SourcesOf(("mypy", "mypyc"))
    if any(name.partition(".")[0] in finder.packages for name in sys.modules):
        problem: str | None = "mypy was imported before the build could load it from its sources"
    else:
        sys.meta_path.insert(0, finder)
        try:
            problem = _patch_mypyc(Docs() if docs is None else docs)
        except Exception as exc:  # a mypyc unlike 2.4.1
            problem = f"the docstring hooks failed ({exc!r})"
        if problem is not None:  # mypy and mypyc load compiled again, as without the hooks
            sys.meta_path.remove(finder)
            for name in [name for name in sys.modules if name.partition(".")[0] in finder.packages]:
                del sys.modules[name]
    if problem is not None:
        print(f"doppelkopf: {problem}; the compiled core will have no docstrings", file=sys.stderr)
    return problem is None


def _patch_mypyc(docs: Docs) -> str | None:
    """The patches of :func:`install_doc_hooks`, or why they cannot be made (nothing patched then)."""
    modules = {name: importlib.import_module(name) for name in DOC_HOOKS}
    compiled = [name for name, module in modules.items() if not str(module.__file__).endswith(".py")]
    if compiled:
        return f"mypyc has no Python source of {', '.join(compiled)}"
    missing = []
    for name, targets in DOC_HOOKS.items():
        for target in targets:
            owner: object = modules[name]
            for part in target.split("."):
                owner = getattr(owner, part, None)
            if owner is None:
                missing.append(f"{name}.{target}")
    if missing:
        return f"mypyc {importlib.metadata.version('mypy')} lacks {', '.join(missing)}"
    emit, emitclass, emitmodule, classdef = modules.values()
    generator = emitmodule.GroupGenerator

    def with_doc(initializer: Callable[[Any], str], find: Callable[[Any], str | None]) -> Callable[[Any], str]:
        def doc_initializer(ir: Any) -> str:
            signature, doc = initializer(ir), find(ir)
            if doc is None:
                return signature
            return c_string(doc) if signature == "NULL" else f"{signature} {c_string(doc)}"

        return doc_initializer

    function_doc = with_doc(emit.native_function_doc_initializer, docs.of_function)
    for module in (emit, emitclass, emitmodule):
        module.native_function_doc_initializer = function_doc
    emitclass.native_class_doc_initializer = with_doc(emitclass.native_class_doc_initializer, docs.of_class)

    getseters_table = emitclass.generate_getseters_table

    def generate_getseters_table(cl: Any, name: str, emitter: Any) -> None:
        start = len(emitter.fragments)
        getseters_table(cl, name, emitter)
        property_docs = {prop: docs.of_function(getter) for prop, (getter, _setter) in cl.properties.items()}
        doc = None  # each entry: '{"name",', its getter, its setter or NULL, then '..., NULL, NULL},' (doc, closure)
        for i in range(start, len(emitter.fragments)):
            line = emitter.fragments[i]
            if line.lstrip().startswith('{"'):
                doc = property_docs.get(line.lstrip()[2:].partition('"')[0])
            elif doc is not None and "NULL, NULL}," in line:
                head, _, tail = line.rpartition("NULL, NULL},")
                emitter.fragments[i] = f"{head}{c_string(doc)}, NULL}},{tail}"
                doc = None

    emitclass.generate_getseters_table = generate_getseters_table

    module_def_struct = generator.emit_module_def_struct

    def emit_module_def_struct(self: Any, emitter: Any, module_name: str, module_prefix: str) -> None:
        start = len(emitter.fragments)
        module_def_struct(self, emitter, module_name, module_prefix)
        doc = docs.modules.get(module_name)
        for i in range(start, len(emitter.fragments)):
            if doc is not None and emitter.fragments[i].strip() == "NULL, /* docstring */":
                emitter.fragments[i] = emitter.fragments[i].replace("NULL", c_string(doc), 1)
                break

    generator.emit_module_def_struct = emit_module_def_struct

    add_dunders = classdef.add_dunders_to_non_ext_dict

    def add_dunders_to_non_ext_dict(builder: Any, non_ext: Any, line: int, add_annotations: bool = True) -> None:
        add_dunders(builder, non_ext, line, add_annotations)
        doc = docs.class_lines.get((builder.module_name, line))
        if doc is not None:
            builder.add_to_non_ext_dict(non_ext, "__doc__", builder.load_str(doc), line)

    classdef.add_dunders_to_non_ext_dict = add_dunders_to_non_ext_dict
    return None


def extensions() -> list:
    if not BUILDS.intersection(sys.argv):
        return []  # metadata only (egg_info, dist_info): mypyc would analyse the sources for nothing
    if os.environ.get("DOPPELKOPF_PURE", "") not in ("", "0"):
        remove_build()
        return []
    if importlib.util.find_spec("mypyc") is None:
        print("doppelkopf: mypyc not available, installing the pure-Python core", file=sys.stderr)
        remove_build()
        return []
    info = build_info()
    if "editable_wheel" in sys.argv and up_to_date(info):
        return []
    remove_build()  # a failed compile must not leave older extensions beside the new record
    info["docstrings"] = install_doc_hooks()
    try:
        from mypyc.build import mypycify

        modules = mypycify([str(PACKAGE / f"{name}.py") for name in CORE], opt_level="3", debug_level="0")
    except BaseException as exc:  # mypyc exits on a type error: install the pure-Python core then
        print(f"doppelkopf: mypyc failed ({exc!r}), installing the pure-Python core", file=sys.stderr)
        return []
    for module in modules:
        module.optional = True  # no compiler: a warning and the pure-Python core, not a failed install
    INFO.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    return modules


if __name__ == "__main__":  # also under pip and setuptools.build_meta, which run this file as __main__
    setup(ext_modules=extensions())
