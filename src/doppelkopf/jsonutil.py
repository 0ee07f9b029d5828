"""Strict JSON reading shared by table entries and game records."""

from __future__ import annotations

from typing import Any


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
