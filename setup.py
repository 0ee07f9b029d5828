"""Build hook: compile the core engine with mypyc where a C compiler is at hand.

The modules in CORE are compiled from their own source into C extensions (about twice as fast).
``src/doppelkopf/_compiled.json`` records them with the SHA-256 of every source the build read
(CORE and ``rules.py``, whose ``Final`` constants the compiled code holds); ``doppelkopf._compiled``
checks it at import, so that a source edited after the build runs as pure Python rather than as
stale compiled code. Where mypyc or the compiler fails, or with ``DOPPELKOPF_PURE=1``, the package
installs as pure Python (and earlier extensions in the source tree are removed). An editable
install whose compiled modules already match their sources (same hashes, mypy and Python) is not
compiled again.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import platform
import sys
from pathlib import Path

from setuptools import setup

CORE = ("values", "cards", "order", "game", "scoring")
#: Every source the compiled code depends on: the compiled modules and the constants they import.
SOURCES = (*CORE, "rules")
PACKAGE = Path("src", "doppelkopf")
INFO = PACKAGE / "_compiled.json"
#: The setup commands that build extensions (setup.py also runs for metadata only).
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def build_info() -> dict[str, object]:
    from mypy.version import __version__ as mypy_version

    return {
        "modules": list(CORE),
        "sources": {name: hashlib.sha256((PACKAGE / f"{name}.py").read_bytes()).hexdigest() for name in SOURCES},
        "mypy": mypy_version,
        "python": platform.python_version(),
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


def extensions() -> list:
    if not BUILDS.intersection(sys.argv):
        return []  # metadata only (egg_info, dist_info): mypyc would analyse the sources for nothing
    if os.environ.get("DOPPELKOPF_PURE", "") not in ("", "0"):
        remove_build()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("doppelkopf: mypyc not available, installing the pure-Python core", file=sys.stderr)
        remove_build()
        return []
    info = build_info()
    if "editable_wheel" in sys.argv and up_to_date(info):
        return []
    remove_build()  # a failed compile must not leave older extensions beside the new record
    try:
        modules = mypycify([str(PACKAGE / f"{name}.py") for name in CORE], opt_level="3", debug_level="0")
    except BaseException as exc:  # mypyc exits on a type error: install the pure-Python core then
        print(f"doppelkopf: mypyc failed ({exc!r}), installing the pure-Python core", file=sys.stderr)
        return []
    for module in modules:
        module.optional = True  # no compiler: a warning and the pure-Python core, not a failed install
    INFO.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    return modules


setup(ext_modules=extensions())
