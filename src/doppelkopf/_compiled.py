"""Which core modules run compiled, and the guard against stale compiled code.

Where a C compiler is at hand, ``setup.py`` compiles the core modules (values, cards, order, moves,
state, schweine, genscher, announcements, armut, vorbehalte, claims, game, scoring; its ``CORE``) with mypyc:
the same Python source turned into C extensions beside it, several times as fast. It writes the names of the
compiled modules and the SHA-256 of each source the build read (those modules and ``rules.py``) to
``_compiled.json`` in this folder.

At ``import doppelkopf`` :func:`install` compares those hashes with the sources on disk. If a
source changed since it was compiled (an editable install being worked on), if the record or a
part of the build is missing, or if the environment sets ``DOPPELKOPF_PURE=1``, every core module
is loaded from its ``.py`` file instead of its extension. The rules are the same either way (one source);
only the speed differs. :data:`doppelkopf.COMPILED` names the modules that run compiled.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The hash file setup.py writes: ``{"modules": {"game": "<sha256 of game.py>", ...}, ...}``.
BUILD_INFO = "_compiled.json"


def source_hash_of(data: bytes) -> str:
    """SHA-256 (hex) of a source file's bytes: the fingerprint setup.py records for each compiled source.
    CPython's own SHA-256 where it has one (``hashlib`` would load OpenSSL first, a tenth of the import)."""
    try:
        import _sha256  # CPython 3.11

        return str(_sha256.sha256(data).hexdigest())
    except ImportError:  # another interpreter or version
        import hashlib

        return hashlib.sha256(data).hexdigest()


def source_hash(path: Path) -> str:
    """:func:`source_hash_of` the file at ``path``."""
    return source_hash_of(path.read_bytes())


def pure_requested() -> bool:
    """Whether ``DOPPELKOPF_PURE`` asks for the pure-Python core (any value but empty or ``0``)."""
    return os.environ.get("DOPPELKOPF_PURE", "") not in ("", "0")


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Loads the named modules of the package from their ``.py`` files, ahead of the extensions."""

    def __init__(self, folder: Path, package: str, names: Sequence[str]) -> None:
        self.folder = folder
        self.modules = {f"{package}.{name}": name for name in names}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        name = self.modules.get(fullname)
        if name is None:
            return None
        return importlib.util.spec_from_file_location(fullname, self.folder / f"{name}.py")


def _read_record(folder: Path) -> tuple[list[str], dict[str, str]] | None:
    """The compiled modules and the source hashes of ``_compiled.json``, or ``None`` if it is
    missing or not of that shape."""
    try:
        record = json.loads((folder / BUILD_INFO).read_text(encoding="utf-8"))
        modules, sources = record["modules"], record["sources"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not (isinstance(modules, list) and isinstance(sources, dict)):
        return None
    if not all(isinstance(m, str) for m in modules) or not all(isinstance(v, str) for v in sources.values()):
        return None
    return modules, sources


def install(folder: Path, package: str) -> tuple[str, ...]:
    """Decide, before any core module is imported, whether the compiled core may be used.

    ``folder`` is the package folder, ``package`` its import name. Returns the names of the
    modules that will run compiled, all of them or none. None run compiled (and a finder that
    loads each of them from its source goes first in ``sys.meta_path``) when:

    - ``DOPPELKOPF_PURE`` asks for it (silently);
    - no extension is present (no compiler at install, or a wheel build removed them; silently);
    - the build record ``_compiled.json`` is missing or unreadable, an extension of the record or
      the shared library of the build (``*__mypyc*`` beside the package) is missing, or a source
      the build read (the compiled modules and ``rules.py``, whose constants the compiled code
      holds) changed since: each with a RuntimeWarning that says what and how to rebuild.
    """
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    try:
        present = set(os.listdir(folder))
        beside = os.listdir(folder.parent)
    except OSError:
        return ()

    def extension(name: str) -> bool:
        return any(name + suffix in present for suffix in suffixes)

    found = sorted(name[:-3] for name in present if name.endswith(".py") and extension(name[:-3]))
    record = _read_record(folder)
    modules = sorted(set(found) | set(record[0] if record else []))
    if not found:
        problem = ""
    elif record is None:
        problem = f"the build record {BUILD_INFO} is missing or unreadable"
    elif [m for m in record[0] if not extension(m)] or not any(
        "__mypyc" in name and name.endswith(tuple(suffixes)) for name in beside
    ):
        missing = [m for m in record[0] if not extension(m)]
        problem = f"the compiled build is incomplete ({', '.join(missing) or 'its shared library'} missing)"
    elif set(found) - set(record[0]):
        problem = f"extensions not of this build: {', '.join(sorted(set(found) - set(record[0])))}"
    else:
        changed = []
        for name, digest in record[1].items():
            try:
                same = source_hash(folder / f"{name}.py") == digest
            except OSError:
                same = False
            if not same:
                changed.append(f"{name}.py")
        problem = f"{', '.join(changed)} changed since compiled" if changed else ""
        if not problem and not pure_requested():
            return tuple(record[0])
    if not found:
        return ()
    sys.meta_path.insert(0, _SourceFinder(folder, package, [m for m in modules if f"{m}.py" in present]))
    if problem and not pure_requested():
        warnings.warn(
            f"{package}: {problem}; running the pure-Python core (compile again with: pip install -e .)",
            RuntimeWarning,
            stacklevel=3,
        )
    return ()
