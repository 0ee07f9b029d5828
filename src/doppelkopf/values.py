"""Small immutable records of the core, compared and hashed by their fields.

:class:`Record` gives a subclass what a frozen dataclass gives (equality and hashing by the
fields, ``repr`` as ``Name(field=value, ...)``) and leaves ``__init__`` to it. Where the core runs
compiled (mypyc), a class whose ``__init__`` sets ``Final`` attributes is built several times
faster than a frozen dataclass (whose generated ``__init__`` runs as Python) and its attributes
cannot be set again; mypy refuses such an assignment in either build. The records made for every
trick, announcement and score line use it (:class:`~doppelkopf.game.Trick`,
:class:`~doppelkopf.game.Announcement`, :class:`~doppelkopf.scoring.ScoreItem`,
:class:`~doppelkopf.scoring.Sonderpunkt`).

>>> from doppelkopf.game import Trick
>>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1) == Trick((0, 6, 1, 2), (1, 2, 3, 0), 1)
True
>>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1)
Trick(cards=(0, 6, 1, 2), seats=(1, 2, 3, 0), winner=1, claimed=False)
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


def reduce_dataclass(obj: Any) -> tuple[type, tuple[object, ...]]:
    """``__reduce__`` of a frozen dataclass of a compiled module: rebuilt through its ``__init__``
    from its fields in order (mypyc's frozen dataclasses cannot be pickled or copied otherwise)."""
    return (type(obj), tuple([getattr(obj, f.name) for f in dataclasses.fields(obj)]))


class Record:
    """Base of an immutable record: a subclass names its attributes in ``_fields`` and sets each
    once in ``__init__``, annotated ``Final``."""

    _fields: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, Record):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[type[Record], tuple[object, ...]]:
        """Pickle and copy by the fields, through ``__init__`` (a compiled class has no ``__dict__``)."""
        return (type(self), self._values())

    def __repr__(self) -> str:
        inner = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._fields])
        return f"{type(self).__name__}({inner})"
