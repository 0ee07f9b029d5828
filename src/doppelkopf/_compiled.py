"""Which core modules run compiled, and the guard against stale compiled code.

Where a C compiler is at hand, ``setup.py`` compiles the core modules (cards, order, game, scoring)
with mypyc: the same Python source turned into a C extension beside it, about twice as fast. It
writes the SHA-256 of each source it compiled to ``_compiled.json`` in this folder.

At ``import doppelkopf`` :func:`install` compares those hashes with the sources on disk. If a
source changed since it was compiled (an editable install being worked on), if the hash file is
missing or broken, or if the environment sets ``DOPPELKOPF_PURE=1``, every core module is loaded
from its ``.py`` file instead of its extension. The rules are the same either way (one source);
only the speed differs. :data:`doppelkopf.COMPILED` names the modules that run compiled.
"""

from __future__ import annotations

import hashlib
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
    """SHA-256 (hex) of a source file's bytes: the fingerprint setup.py records for each compiled source."""
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


def install(folder: Path, package: str) -> tuple[str, ...]:
    """Decide, before any core module is imported, whether the compiled core may be used.

    ``folder`` is the package folder, ``package`` its import name. Returns the names of the
    modules that will run compiled (empty when none is, or when they are stale or refused): in
    that case a finder that loads every compiled module from its source goes first in
    ``sys.meta_path``. A stale build (a source changed after it was compiled) also gives a
    RuntimeWarning that names the changed sources and how to rebuild.
    """
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    try:
        present = set(os.listdir(folder))
    except OSError:
        return ()
    compiled = sorted(
        name[:-3]
        for name in present
        if name.endswith(".py") and any(name[:-3] + suffix in present for suffix in suffixes)
    )
    if not compiled:
        return ()
    stale: list[str] = []
    try:
        recorded = json.loads((folder / BUILD_INFO).read_text(encoding="utf-8"))["modules"]
        stale = [name for name in compiled if recorded.get(name) != source_hash(folder / f"{name}.py")]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        stale = compiled
    if not stale and not pure_requested():
        return tuple(compiled)
    sys.meta_path.insert(0, _SourceFinder(folder, package, compiled))
    if stale and not pure_requested():
        warnings.warn(
            f"{package}: {', '.join(n + '.py' for n in stale)} changed since compiled; running the pure-Python "
            "core (compile again with: pip install -e .)",
            RuntimeWarning,
            stacklevel=3,
        )
    return ()
