"""Small helpers for the English text of messages and output (no I/O, imports nothing of the package)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word`` in the singular or plural: ``1 game``, ``2 games``, ``0 tricks``;
    ``many`` for a plural other than ``word + "s"``.

    >>> plural(1, "game"), plural(0, "trick"), plural(3, "Dame", "Damen")
    ('1 game', '0 tricks', '3 Damen')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"
