"""Test collection: where the core runs compiled (mypyc), pytest cannot collect the doctests of the
compiled modules from their ``.py`` files (the imported module is the extension: its functions are
built-in, which doctest does not search, though they carry their docstrings); ``tests/test_compiled.py``
runs those doctests against the pure-Python source instead."""

import doppelkopf

collect_ignore = [f"src/doppelkopf/{name}.py" for name in doppelkopf.COMPILED]
