"""Small immutable records of the core, compared and hashed by their fields.

:class:`Record` gives a subclass what a frozen dataclass gives (equality and hashing by the
fields, ``repr`` as ``Name(field=value, ...)``) and leaves ``__init__`` to it. Where the core runs
compiled (mypyc), a class whose ``__init__`` sets ``Final`` attributes is built several times
faster than a frozen dataclass (whose generated ``__init__`` runs as Python) and its attributes
cannot be set again; mypy refuses such an assignment in either build. The records made for every
trick, announcement and score use it (:class:`~doppelkopf.game.Trick`,
:class:`~doppelkopf.game.Announcement`, :class:`~doppelkopf.scoring.GameSummary`,
:class:`~doppelkopf.scoring.Score`, :class:`~doppelkopf.scoring.ScoreItem`,
:class:`~doppelkopf.scoring.Sonderpunkt`). :meth:`Record.replace` does what ``dataclasses.replace``
does for a dataclass.

>>> from doppelkopf.game import Trick
>>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1) == Trick((0, 6, 1, 2), (1, 2, 3, 0), 1)
True
>>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1)
Trick(cards=(0, 6, 1, 2), seats=(1, 2, 3, 0), winner=1, claimed=False)
>>> Trick((0, 6, 1, 2), (1, 2, 3, 0), 1).replace(winner=2).winner
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

_R = TypeVar("_R", bound="Record")


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

    def replace(self: _R, **changes: Any) -> _R:
        """A copy with the named fields changed (built through ``__init__``, which checks them);
        raises TypeError naming a field the record does not have."""
        for name in changes:
            if name not in self._fields:
                raise TypeError(f"{type(self).__name__} has no field {name!r}; fields: {', '.join(self._fields)}")
        return type(self)(*[changes[name] if name in changes else getattr(self, name) for name in self._fields])

    def __reduce__(self) -> tuple[type[Record], tuple[object, ...]]:
        """Pickle and copy by the fields, through ``__init__`` (a compiled class has no ``__dict__``)."""
        return (type(self), self._values())

    def __repr__(self) -> str:
        inner = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._fields])
        return f"{type(self).__name__}({inner})"


_T = TypeVar("_T")


class PerRuleSet(Generic[_T]):
    """Values derived from a rule set, made once per rule set by ``make`` and kept by the rule
    set's ``id`` (checked by identity, so a new rule set at a reused address is made anew; at most
    64 are kept). The compiled core reads a rule set's options through these: reading a field of a
    RuleSet (a Python object) costs more than most of a move."""

    def __init__(self, make: Callable[[Any], _T]) -> None:
        self._make = make
        self._made: dict[int, tuple[object, _T]] = {}

    def get(self, rules: object) -> _T:
        """The value made for ``rules``."""
        made = self._made.get(id(rules))
        if made is not None and made[0] is rules:
            return made[1]
        if len(self._made) >= 64:
            self._made.clear()
        value = self._make(rules)
        self._made[id(rules)] = (rules, value)
        return value
