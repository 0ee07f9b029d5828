"""Player names: one form and one check for every place a name enters (table entry, record, Liste, CLI).

A name is stored in Unicode normal form NFC, so ``"Jürgen"`` typed with a combining diaeresis and
with a precomposed ``ü`` is the same player. Names are compared as they look (:func:`name_key`): two
that differ only in case, in full-width letters or in an invisible character are the same player too
(a table writes "anna" and "Anna" for one person). A name is at most
:data:`MAX_NAME_LENGTH` characters long and holds no control character, line separator or
bidirectional override (it must fit in one cell of the Liste and one line of a record file).

>>> clean_name("  Ju\\u0308rgen ")
'Jürgen'
>>> clean_names(["Anna", "Ben", "Carla", "anna"])
Traceback (most recent call last):
...
doppelkopf.names.PlayerNameError: players[3]: 'anna' is the same player as players[0]
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

from .messages import TextError

#: Most characters in a player name.
MAX_NAME_LENGTH = 40

#: Unicode categories a name may not contain: control characters (``\\n``, ``\\t``, U+0085 ...),
#: line and paragraph separators (U+2028, U+2029), lone surrogates (a command-line byte that was not UTF-8).
_REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})

#: Bidirectional embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069): they would
#: reorder the text shown after the name, e.g. the other columns of a row of the Liste.
_REFUSED_CHARS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


class PlayerNameError(TextError):
    """A player name is empty, too long, holds a control character, or names a player twice; the
    message starts with the field (``players[2]``, ``--names``)."""


def clean_name(raw: object, where: str = "name") -> str:
    """The name ``raw`` in its stored form: NFC, surrounding white space removed.

    Raises :class:`PlayerNameError` starting with ``where`` when ``raw`` is not a string, is empty
    (also when only invisible characters remain), is longer than :data:`MAX_NAME_LENGTH` characters,
    or holds a control character, a line separator or a bidirectional override.
    """
    if not isinstance(raw, str):
        raise PlayerNameError(
            "{where}: a player name must be a string, got {name}", where=where, name=type(raw).__name__
        )
    if len(raw) > 4 * MAX_NAME_LENGTH + 64:  # refuse a huge text before normalising it
        raise PlayerNameError(
            "{where}: a player name has at most {max_name_length} characters, got {count}",
            where=where,
            max_name_length=MAX_NAME_LENGTH,
            count=len(raw),
        )
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise PlayerNameError("{where}: the name is empty", where=where)
    if len(name) > MAX_NAME_LENGTH:
        raise PlayerNameError(
            "{where}: a player name has at most {max_name_length} characters, got {count}",
            where=where,
            max_name_length=MAX_NAME_LENGTH,
            count=len(name),
        )
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES or char in _REFUSED_CHARS:
            raise PlayerNameError(
                "{where}: {name!r} holds the control character U+{ord:04X}", where=where, name=name, ord=ord(char)
            )
    if not name_key(name):
        raise PlayerNameError("{where}: the name is empty (it holds only invisible characters)", where=where)
    return name


@functools.lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The form two names are compared in: compatibility-normalised (NFKC, so a full-width ``Ａ`` is an
    ``A``), without invisible format characters (a zero-width space), case-folded, surrounding white
    space removed: names that look alike on the Liste are one player (``"Anna"``, ``"anna"``,
    ``" ANNA"``, ``"Ａnna"`` and ``"An\u200bna"``).

    >>> name_key("Ａn\u200bna") == name_key("anna")
    True
    """
    # Cached: a Liste of thousands of games compares the same few names over and over.
    folded = unicodedata.normalize("NFKC", name).casefold()
    visible = "".join(char for char in folded if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKC", visible).strip()


def clean_names(raw: Sequence[object], where: str = "players") -> tuple[str, ...]:
    """Every name of ``raw`` through :func:`clean_name`, none twice (compared by :func:`name_key`).

    Raises :class:`PlayerNameError` naming the entry, e.g. ``players[3]: 'anna' is the same player as
    players[0]``.
    """
    if isinstance(raw, str):
        raise PlayerNameError("{where}: expected a list of names, got one string", where=where)
    if not isinstance(raw, Sequence):
        raise PlayerNameError("{where}: expected a list of names, got {name}", where=where, name=type(raw).__name__)
    names: list[str] = []
    keys: dict[str, int] = {}
    for i, item in enumerate(raw):
        name = clean_name(item, f"{where}[{i}]")
        key = name_key(name)
        if key in keys:
            raise PlayerNameError(
                "{where}[{i}]: {name!r} is the same player as {where}[{keys}]",
                where=where,
                i=i,
                name=name,
                keys=keys[key],
            )
        keys[key] = i
        names.append(name)
    return tuple(names)
