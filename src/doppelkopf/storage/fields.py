"""The checks of the store's fields and its small helpers of times: what every call of
:class:`~doppelkopf.storage.Store`, :class:`~doppelkopf.storage.TableStore` and the import
(:mod:`doppelkopf.storage.exchange`) does to a value before it is written.

Each check returns the value as stored or raises :class:`~doppelkopf.storage.infos.StoreError` with a
one-line message that starts with the field's name (``what``): ``number: expected an integer 1..2147483647,
got 'x'``. Times are stored in UTC without a zone (:func:`utc_now`) and handed out with the zone (:func:`as_utc`).
"""

from __future__ import annotations

import datetime
import json
import unicodedata
from collections.abc import Mapping
from typing import Any

from ..jsonutil import short_repr
from ..messages import Text
from ..names import PlayerNameError, clean_name, name_key
from .infos import StoreError
from .models import NAME_LENGTH

__all__ = [
    "MAX_ENTRY_BYTES",
    "MAX_INT",
    "by_author",
    "check_id",
    "check_int",
    "check_text",
    "entry_json",
    "group_name",
    "local_time",
    "utc_now",
    "as_utc",
]

#: Largest table entry the store keeps (bytes of its JSON); a real entry has a few hundred.
MAX_ENTRY_BYTES = 64 * 1024
#: The largest id, number, version or rate the store takes: the databases' 32-bit INTEGER (SQLite would raise an
#: OverflowError beyond 64 bits, PostgreSQL an error beyond 32); larger values are refused with the field named.
MAX_INT = 2**31 - 1


# -- times ---------------------------------------------------------------------------------------------


def utc_now() -> datetime.datetime:
    """Now in UTC, without a zone (as stored)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def as_utc(value: datetime.datetime) -> datetime.datetime:
    """A stored time (UTC without a zone) with the UTC zone attached."""
    return value.replace(tzinfo=datetime.UTC)


def local_time(value: datetime.datetime) -> str:
    """A stored time for a message, in local time: ``21:04`` today, else ``03.02.2026 21:04``."""
    local = as_utc(value).astimezone()
    if local.date() == datetime.datetime.now().astimezone().date():
        return local.strftime("%H:%M")
    return local.strftime("%d.%m.%Y %H:%M")


def by_author(author: str) -> Text | str:
    """`` by AUTHOR`` for a message (``game 4 was entered by Ben at 21:04``), a :class:`Text` translated with
    the message; empty for no author."""
    return Text(" by {author}", author=author) if author else ""


# -- checks of the fields ------------------------------------------------------------------------------


def check_id(value: object, what: str) -> int:
    """``value`` as a row's id: an ``int`` (not a ``bool``) in 0..:data:`MAX_INT`.

    Raises:
        StoreError: ``WHAT: expected an integer id, got VALUE``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INT:
        raise StoreError("{what}: expected an integer id, got {short_repr}", what=what, short_repr=short_repr(value))
    return value


def check_int(value: object, what: str, low: int) -> int:
    """``value`` as a number, a version or a rate: an ``int`` (not a ``bool``) in ``low``..:data:`MAX_INT`.

    Raises:
        StoreError: ``WHAT: expected an integer LOW..2147483647, got VALUE``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_INT:
        raise StoreError(
            "{what}: expected an integer {low}..{max_int}, got {short_repr}",
            what=what,
            low=low,
            max_int=MAX_INT,
            short_repr=short_repr(value),
        )
    return value


def check_text(value: object, what: str, limit: int = NAME_LENGTH) -> str:
    """``value`` as a one-line text (a place, an author, a table's name): a string, stripped, at most
    ``limit`` characters, without control characters, line or paragraph separators, surrogates or the
    bidirectional embeddings and isolates (U+202A..U+202E, U+2066..U+2069) that would turn a shown text around.

    Raises:
        StoreError: ``WHAT: expected a string, got int``, ``WHAT: at most 80 characters, got 95``,
            ``WHAT: 'A\\nB' holds the control character U+000A``.
    """
    if not isinstance(value, str):
        raise StoreError("{what}: expected a string, got {name}", what=what, name=type(value).__name__)
    value = value.strip()
    if len(value) > limit:
        raise StoreError("{what}: at most {limit} characters, got {count}", what=what, limit=limit, count=len(value))
    for char in value:
        if (
            unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs")
            or 0x202A <= ord(char) <= 0x202E
            or (0x2066 <= ord(char) <= 0x2069)
        ):
            raise StoreError(
                "{what}: {value!r} holds the control character U+{ord:04X}", what=what, value=value[:40], ord=ord(char)
            )
    return value


def entry_json(entry: object, what: str = "entry") -> dict[str, Any]:
    """``entry`` as plain JSON data (a copy), checked to be a JSON object of at most
    :data:`MAX_ENTRY_BYTES`.

    Raises:
        StoreError: ``WHAT: expected an object, got list``, ``WHAT: not JSON data (...)``,
            ``WHAT: larger than 64 KiB``.
    """
    if not isinstance(entry, Mapping):
        raise StoreError("{what}: expected an object, got {name}", what=what, name=type(entry).__name__)
    try:
        encoded = json.dumps(dict(entry), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError("{what}: not JSON data ({exc})", what=what, exc=exc) from None
    if len(encoded.encode()) > MAX_ENTRY_BYTES:
        raise StoreError(
            "{what}: larger than {max_entry_bytes} KiB", what=what, max_entry_bytes=MAX_ENTRY_BYTES // 1024
        )
    data: dict[str, Any] = json.loads(encoded)
    return data


def group_name(name: object, what: str = "name") -> str:
    """``name`` as a group's stored name (the checks of a player name, see :func:`doppelkopf.names.clean_name`).

    Raises:
        StoreError: starting with ``what``: empty, too long, a control character, or only digits (``--group 2``
            means the group with id 2: ``name: a group name needs a letter ('2' would read as a group number)``).
    """
    try:
        cleaned = clean_name(name, what)
    except PlayerNameError as exc:
        raise StoreError(str(exc).replace("a player name", "a group name")) from None
    if cleaned.isdigit() or name_key(cleaned).isdigit():
        raise StoreError(
            "{what}: a group name needs a letter ({cleaned!r} would read as a group number)", what=what, cleaned=cleaned
        )
    return cleaned
