"""Strict JSON reading and writing shared by table entries, game records and the player options of
``doko arena`` (one place for all).

:func:`loads_strict` reads JSON text the way the input formats want it: a key given twice in one
object, ``NaN``/``Infinity`` (not JSON numbers) and nesting deeper than :data:`MAX_DEPTH` levels are
refused with a one-line :class:`ValueError`, never a :class:`RecursionError` however deep the text
nests. :func:`dumps_lines_safe` writes JSON that stays on its lines for every line splitter;
:func:`short_repr` and :func:`type_name` show a bad value and its JSON type in a one-line message.

>>> loads_strict('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads_strict('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
ValueError: duplicate key 'a'
>>> loads_strict("[" * 5000)
Traceback (most recent call last):
...
doppelkopf.jsonutil.JSONNestingError: the JSON is nested too deeply (more than 64 levels)
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Mapping
from typing import Any

from .messages import TextError

#: Most levels of nested lists and objects the readers take. A table entry nests 3 levels, a game
#: record 4 (plus its free ``meta`` data); anything deeper is refused before Python's recursion
#: limit could be reached by the parser or by later code walking the data.
MAX_DEPTH = 64

#: Characters that :meth:`str.splitlines` takes for a line end although :func:`json.dumps` writes
#: them raw (U+0085, U+2028, U+2029), and lone surrogates, which UTF-8 cannot encode.
_UNSAFE = re.compile("[\u0085\u2028\u2029\ud800-\udfff]")


#: Short one-line reprs for messages (:func:`short_repr`).
_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlevel = 3


def short_repr(value: Any) -> str:
    """``repr(value)`` for a one-line message: long texts and lists cut with ``...``, nesting shown
    3 levels deep (so a bad value of any size or depth gives a short message).

    >>> short_repr("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> short_repr([[[[1]]]])
    '[[[[...]]]]'
    """
    return _REPR.repr(value)


def type_name(value: Any) -> str:
    """The JSON name of ``value``'s type for a message (``expected a list, got an object``):
    ``null``, ``a boolean``, ``an integer``, ``a number`` (a float), ``a string``, ``an object`` (any
    mapping), ``a list`` (a tuple too); the Python type's name for anything else.

    >>> [type_name(v) for v in (None, True, 3, 2.5, "x", {}, [1])]
    ['null', 'a boolean', 'an integer', 'a number', 'a string', 'an object', 'a list']
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


class JSONNestingError(TextError):
    """JSON nested deeper than the readers take (see :data:`MAX_DEPTH`)."""


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` for :func:`json.loads` that refuses a key given twice in one object.

    Raises :class:`ValueError` ``duplicate key 'name'``.
    """
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads_strict(text: str, *, allow_nan: bool = False, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``text``, read strictly.

    Raises :class:`json.JSONDecodeError` (a :class:`ValueError` with ``lineno`` and ``colno``) for
    text that is no JSON, and :class:`ValueError` with a one-line message for a key given twice in
    one object (``duplicate key 'name'``), ``NaN``, ``Infinity`` or ``-Infinity`` unless
    ``allow_nan``, an integer of more digits than Python converts, or lists and objects nested more
    than ``max_depth`` levels (:class:`JSONNestingError`: ``the JSON is nested too deeply (more
    than 64 levels)``).
    """
    try:
        value = json.loads(
            text, object_pairs_hook=no_duplicate_keys, parse_constant=None if allow_nan else _no_constant
        )
    except RecursionError:
        raise JSONNestingError(_too_deep(max_depth)) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        if str(exc).startswith("Exceeds the limit"):  # int(): Python's limit on digits of a number
            raise ValueError("a number has too many digits") from None
        raise
    check_depth(value, max_depth)
    return value


def _too_deep(max_depth: int) -> str:
    return f"the JSON is nested too deeply (more than {max_depth} levels)"


def check_depth(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`JSONNestingError` when the lists and dicts of ``value`` nest more than
    ``max_depth`` levels (a scalar is level 0, ``[1]`` level 1). Walks without recursion."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth >= max_depth:
            raise JSONNestingError(_too_deep(max_depth))
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list, tuple)))


def escape_unsafe(text: str) -> str:
    """``text`` (JSON written by :func:`json.dumps` with ``ensure_ascii=False``) with U+0085, U+2028,
    U+2029 and lone surrogates written as ``\\uXXXX`` escapes: the same JSON value, one line for
    :meth:`str.splitlines` as for ``split("\\n")``, and always encodable as UTF-8. These characters
    occur only inside JSON strings, where the escape means the same character."""
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def dumps_lines_safe(value: Any, max_depth: int = MAX_DEPTH) -> str:
    """``value`` as compact JSON (``ensure_ascii=False``, no NaN) passed through :func:`escape_unsafe`.

    Raises :class:`TypeError` or :class:`ValueError` for data that is not JSON, and
    :class:`JSONNestingError` for data nested more than ``max_depth`` levels (checked first, so no
    :class:`RecursionError` either).
    """
    check_depth(value, max_depth)
    return escape_unsafe(json.dumps(value, ensure_ascii=False, allow_nan=False))
