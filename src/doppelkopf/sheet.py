"""The running score list ("Liste") of a session and its settlement in money.

Seed 004, "Die Liste führen": one column per player, after every game the running total
(laufender Stand) in Punkte. The Punkte of a game always balance, so the totals sum to zero after
every game; :class:`Sheet` checks this after each row as the guard against writing errors.

Seed 004, "Abrechnen in Geld": the totals are already balanced, whoever has +10 receives 10 Punkte,
whoever has −4 pays 4. :func:`settle` turns them into money transfers, as few as possible.

All amounts here are Punkte (score points of games), never Augen (card points), and money is in
whole cents.

Player names go through :func:`doppelkopf.names.clean_names`: stored in Unicode NFC without
surrounding blanks, at most 40 characters, no control characters; a name given to :meth:`Sheet.add`
or :meth:`Sheet.add_score` finds its column in any normal form and case (``"anna"`` is Anna).

The list of seed 004:

>>> sheet = Sheet(["Anna", "Ben", "Carla", "Dirk"])
>>> sheet.add("Kreuzsolo Anna", {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}).totals
(9, -3, -3, -3)
>>> sheet.add("Re Ben & Carla +4", [-4, 4, 4, -4]).totals
(5, 1, 1, -7)
>>> sheet.add("Re Ben & Carla verliert −5", [5, -5, -5, 5]).totals
(10, -4, -4, -2)
>>> for t in sheet.settlement(cents_per_point=10):
...     print(t.payer, "zahlt", t.payee, format_euro(t.cents))
Ben zahlt Anna 0,40 €
Carla zahlt Anna 0,40 €
Dirk zahlt Anna 0,20 €
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .messages import TextError
from .names import PlayerNameError, clean_names, name_key
from .scoring import Score

#: Largest number of players :func:`settle` accepts (the search runs over all subsets).
MAX_SETTLE_PLAYERS = 12

MINUS = "\u2212"  # the real minus sign, as in seed 004 ("−0,40 €")


#: How the Liste writes a game (option ``liste_counting``; FreeDoko's Counting PLUSMINUS, PLUS, MINUS).
COUNTINGS = ("plus_minus", "plus", "minus")


def written_points(points: Sequence[int], counting: str = "plus_minus") -> tuple[int, ...]:
    """The Punkte a Liste of ``counting`` writes for a game whose balanced Punkte (summing to zero, one per
    column, 0 for a player who sat out) are ``points``.

    ``plus_minus`` (TSR 7.2.4, seed 004) writes them as they are. ``plus`` writes only gains: every column
    is raised by what the biggest loser lost, so the losers write 0 and the winners what they won against
    them; ``minus`` writes only losses: every column is lowered by what the biggest winner won. Every
    column of a row moves by the same amount, a player who sat out too, so the differences between the
    players stay those of ``plus_minus`` and the money (:func:`settle`, on the balanced totals) is the same
    under every counting (seed 004, "Abrechnen in Geld": fair whatever the Liste writes). FreeDoko's PLUS
    and MINUS write the game value to each player of one party (three times for the soloist); that keeps
    no fixed ratio between a normal game (the difference halved) and a solo (a lost solo a quarter), so
    money settled on it would shift between the kinds of game; here the rows differ from FreeDoko's by the
    same amount in every column instead.

    >>> written_points((4, 4, -4, -4), "plus"), written_points((9, -3, -3, -3), "plus")
    ((8, 8, 0, 0), (12, 0, 0, 0))
    >>> written_points((-9, 3, 3, 3, 0), "minus"), written_points((-9, 3, 3, 3, 0), "plus")
    ((-12, 0, 0, 0, -3), (0, 12, 12, 12, 9))

    Raises:
        SheetError: an unknown ``counting``.
    """
    if counting not in COUNTINGS:
        raise SheetError(
            "liste_counting: unknown choice {counting!r}; expected one of: {choices}",
            counting=counting,
            choices=", ".join(COUNTINGS),
        )
    if counting == "plus_minus" or not points:
        return tuple(points)
    shift = -min(points) if counting == "plus" else -max(points)
    return tuple(p + shift for p in points)


class SheetError(TextError):
    """Bad input for the list or its settlement; the message names the problem (player, row, field)."""


@dataclass(frozen=True)
class Row:
    """One game on the list.

    Attributes:
        label: what the game was, e.g. ``"Kreuzsolo Anna"``.
        points: Punkte of each player in player order, already multiplied by ``multiplier``
            (0 for a player who sat out). They sum to zero.
        multiplier: factor of the game, 1 normally, 2 in a Bockrunde (seed 004, "Sonderfälle"),
            4 in a Doppelbock (seed 002).
        totals: running totals (laufender Stand) of each player in player order after this game.
        base: the Punkte before the multiplier, kept only when ``points`` are not simply
            ``base × multiplier`` (a Bock that leaves the Sonderpunkte single, rule option
            ``bock_multiplies = "value"``); ``None`` otherwise.
    """

    label: str
    points: tuple[int, ...]
    multiplier: int
    totals: tuple[int, ...]
    base: tuple[int, ...] | None = None

    @property
    def base_points(self) -> tuple[int, ...]:
        """Punkte of each player before the multiplier, as given to :meth:`Sheet.add`."""
        if self.base is not None:
            return self.base
        return tuple(p // self.multiplier for p in self.points)


@dataclass(frozen=True)
class Transfer:
    """One payment of the settlement: ``payer`` gives ``payee`` ``cents`` (> 0) cents."""

    payer: str
    payee: str
    cents: int


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Sheet:
    """The list of a session: players, rows of games, running totals in Punkte.

    Rows are only ever appended whole: an invalid row raises :class:`SheetError` and leaves the
    sheet as it was.

    Raises:
        SheetError: fewer than 4 players, or a name that :func:`doppelkopf.names.clean_names` refuses
            (not a string, empty, too long, a control character, the same player twice), naming it
            (``players[4]: 'anna' is the same player as players[0]``).
    """

    def __init__(self, players: Sequence[str], counting: str = "plus_minus") -> None:
        written_points((), counting)  # checks counting
        #: How the Liste writes each game (option ``liste_counting``, see :func:`written_points`).
        self.counting = counting
        try:
            names = clean_names(players, "players")
        except PlayerNameError as exc:
            raise SheetError(exc) from None
        if len(names) < 4:
            raise SheetError("players: Doppelkopf needs at least 4 players, got {count}", count=len(names))
        self._players = names
        self._index = {name_key(name): i for i, name in enumerate(names)}
        self._rows: list[Row] = []

    def __repr__(self) -> str:
        return f"Sheet(players={list(self._players)!r}, rows={len(self._rows)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sheet):
            return NotImplemented
        return self._players == other._players and self._rows == other._rows

    __hash__ = None  # type: ignore[assignment]  # mutable

    @property
    def players(self) -> tuple[str, ...]:
        """The player names in column order."""
        return self._players

    @property
    def rows(self) -> tuple[Row, ...]:
        """The games so far, oldest first."""
        return tuple(self._rows)

    @property
    def totals(self) -> dict[str, int]:
        """Running total in Punkte of each player (0 before the first game); they sum to zero."""
        last = self._rows[-1].totals if self._rows else (0,) * len(self._players)
        return dict(zip(self._players, last, strict=True))

    def position_of(self, name: object) -> int | None:
        """The column of ``name`` (any Unicode normal form and case), or ``None`` when it has none."""
        if not isinstance(name, str):
            return None
        return self._index.get(name_key(name))

    def add_player(self, name: str) -> int:
        """A column for a player who joins late (every row so far gives him 0 Punkte); returns its position.

        Raises:
            SheetError: a name :func:`doppelkopf.names.clean_names` refuses, or one already on the sheet.
        """
        try:
            names = clean_names([*self._players, name], "players")
        except PlayerNameError as exc:
            raise SheetError(exc) from None
        self._players = names
        self._index = {name_key(n): i for i, n in enumerate(names)}
        self._rows = [
            Row(
                row.label,
                (*row.points, 0),
                row.multiplier,
                (*row.totals, 0),
                None if row.base is None else (*row.base, 0),
            )
            for row in self._rows
        ]
        return len(names) - 1

    @property
    def written_rows(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Per row, the Punkte and the running totals as the Liste writes them under :attr:`counting`
        (:func:`written_points`); under ``plus_minus`` the rows' own ``points`` and ``totals``."""
        out = []
        running = [0] * len(self._players)
        for row in self._rows:
            points = written_points(row.points, self.counting)
            running = [t + p for t, p in zip(running, points, strict=True)]
            out.append((points, tuple(running)))
        return tuple(out)

    @property
    def written_totals(self) -> tuple[int, ...]:
        """The running totals in player order as the Liste writes them under :attr:`counting` (under
        ``plus``/``minus`` they do not sum to zero; the balanced :attr:`totals` settle the money)."""
        rows = self.written_rows
        return rows[-1][1] if rows else (0,) * len(self._players)

    def add(
        self,
        label: str,
        points: Mapping[str, int] | Sequence[int],
        multiplier: int = 1,
        *,
        counted: Mapping[str, int] | Sequence[int] | None = None,
    ) -> Row:
        """Append one game and return its row.

        ``points`` are the Punkte of the game per player: a mapping name -> Punkte (players not in
        it, e.g. sitting out at a table of five, get 0) or a sequence in player order with one entry
        per player. Each is multiplied by ``multiplier`` (>= 1; 2 in a Bockrunde).

        ``counted``, in the same form, are the Punkte that go on the list when the multiplier does
        not simply multiply every Punkt (a Bock of the game value only, whose Sonderpunkte count
        once: option ``bock_multiplies = "value"``); they must sum to zero as well.

        Raises:
            SheetError: label not a string, unknown player, wrong number of entries, a value that
                is not an int, multiplier below 1, or Punkte not summing to zero (seed 004: the
                Punkte are always balanced). The sheet is unchanged then.
        """
        if not isinstance(label, str):
            raise SheetError("label: expected a string, got {label!r}", label=label)
        if not _is_int(multiplier) or multiplier < 1:
            raise SheetError(
                "row {label!r}: multiplier must be an int >= 1, got {multiplier!r}", label=label, multiplier=multiplier
            )
        base = self._points_tuple(label, points)
        total = sum(base)
        if total != 0:
            raise SheetError("row {label!r}: Punkte must sum to zero, got sum {total:+d}", label=label, total=total)
        plain = tuple(p * multiplier for p in base)
        kept: tuple[int, ...] | None = None
        if counted is None:
            final = plain
        else:
            final = self._points_tuple(label, counted)
            if sum(final) != 0:
                raise SheetError(
                    "row {label!r}: counted Punkte must sum to zero, got sum {sum:+d}", label=label, sum=sum(final)
                )
            if final != plain:
                kept = base
        before = self._rows[-1].totals if self._rows else (0,) * len(self._players)
        row = Row(label, final, multiplier, tuple(t + p for t, p in zip(before, final, strict=True)), kept)
        self._rows.append(row)
        return row

    def _points_tuple(self, label: str, points: Mapping[str, int] | Sequence[int]) -> tuple[int, ...]:
        n = len(self._players)
        if isinstance(points, Mapping):
            values = [0] * n
            for name, value in points.items():
                values[self._column(label, name)] = value
        elif isinstance(points, (str, bytes)) or not isinstance(points, Sequence):
            raise SheetError(
                "row {label!r}: points must be a mapping or a sequence of ints, got {points!r}",
                label=label,
                points=points,
            )
        else:
            if len(points) != n:
                raise SheetError(
                    "row {label!r}: expected {n} entries (one per player), got {count}",
                    label=label,
                    n=n,
                    count=len(points),
                )
            values = list(points)
        for name, value in zip(self._players, values, strict=True):
            if not _is_int(value):
                raise SheetError(
                    "row {label!r}: Punkte of {name!r} must be an int, got {value!r}",
                    label=label,
                    name=name,
                    value=value,
                )
        return tuple(values)

    def _column(self, label: str, name: object) -> int:
        """The column of player ``name`` (compared as :func:`doppelkopf.names.name_key` does)."""
        column = self._index.get(name_key(name)) if isinstance(name, str) else None
        if column is None:
            raise SheetError(
                "row {label!r}: unknown player {repr}; players are {players}",
                label=label,
                repr=reprlib.repr(name),
                players=list(self._players),
            )
        return column

    def add_score(
        self,
        label: str,
        score: Score,
        seats: Sequence[str],
        multiplier: int = 1,
        *,
        counted: Sequence[int] | None = None,
    ) -> Row:
        """Append a game scored by :func:`doppelkopf.scoring.score`.

        ``seats`` are the names of the 4 players at seats 0..3 (the order of ``score.points``);
        other players of the sheet sat out and get 0. ``counted``, per seat 0..3 like
        ``score.points``, are the Punkte after a Bock that does not multiply every Punkt (see
        :meth:`add`).

        Raises:
            SheetError: not 4 seats, a seat name twice or not a player, or anything :meth:`add` rejects.
        """
        if isinstance(seats, str) or len(seats) != 4:
            raise SheetError(
                "row {label!r}: seats must name exactly 4 players, got {seats!r}", label=label, seats=seats
            )
        columns = [self._column(label, name) for name in seats]
        if len(set(columns)) != 4:
            raise SheetError("row {label!r}: seats name a player twice: {seats}", label=label, seats=list(seats))
        if len(score.points) != 4:
            raise SheetError(
                "row {label!r}: score must have 4 points, got {count}", label=label, count=len(score.points)
            )
        seats = [self._players[column] for column in columns]
        if counted is not None and (isinstance(counted, (str, bytes)) or len(counted) != 4):
            raise SheetError(
                "row {label!r}: counted must give 4 Punkte (seats 0..3), got {counted!r}", label=label, counted=counted
            )
        return self.add(
            label,
            dict(zip(seats, score.points, strict=True)),
            multiplier,
            counted=None if counted is None else dict(zip(seats, counted, strict=True)),
        )

    def check(self) -> None:
        """Verify the list: every row sums to zero and every running total is the sum of the
        Punkte so far (seed 004: "die beste Kontrolle gegen Schreibfehler").

        Raises:
            SheetError: naming the first row (0-based index and label) that fails.
        """
        running = [0] * len(self._players)
        for index, row in enumerate(self._rows):
            if len(row.points) != len(running) or len(row.totals) != len(running):
                raise SheetError("row {index} ({label!r}): wrong number of entries", index=index, label=row.label)
            if sum(row.points) != 0:
                raise SheetError(
                    "row {index} ({label!r}): Punkte sum to {sum:+d}, not zero",
                    index=index,
                    label=row.label,
                    sum=sum(row.points),
                )
            running = [t + p for t, p in zip(running, row.points, strict=True)]
            if tuple(running) != row.totals:
                raise SheetError(
                    "row {index} ({label!r}): totals {totals} should be {running}",
                    index=index,
                    label=row.label,
                    totals=row.totals,
                    running=tuple(running),
                )

    def settlement(self, cents_per_point: int) -> list[Transfer]:
        """The fewest transfers settling the current totals at ``cents_per_point``; see :func:`settle`."""
        return settle(self.totals, cents_per_point)

    # -- plain data ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: ``{"players": [...], "rows": [{"label", "points", "multiplier"}]}``.

        ``points`` are the Punkte before the multiplier in player order (as given to :meth:`add`);
        a row whose list Punkte are not ``points × multiplier`` also has ``counted`` (the list
        Punkte). Totals are not stored, :meth:`from_dict` recomputes them.
        """
        rows: list[dict[str, Any]] = []
        for row in self._rows:
            item: dict[str, Any] = {"label": row.label, "points": list(row.base_points), "multiplier": row.multiplier}
            if row.base is not None:
                item["counted"] = list(row.points)
            rows.append(item)
        return {"players": list(self._players), "rows": rows}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        """Rebuild a sheet from :meth:`to_dict` data, replaying every row through :meth:`add`.

        ``multiplier`` may be left out (1), and ``counted`` (the list Punkte equal ``points × multiplier``).

        Raises:
            SheetError: naming the field (``players``, ``rows``) or the row index and field
                (``rows[2].points: ...``) that is missing, of the wrong type or fails a check.
        """
        if not isinstance(data, Mapping):
            raise SheetError("sheet data must be a mapping, got {name}", name=type(data).__name__)
        unknown = sorted(set(data) - {"players", "rows"})
        if unknown:
            raise SheetError("sheet data: unknown keys {unknown}", unknown=unknown)
        if "players" not in data:
            raise SheetError("players: missing")
        players = data["players"]
        if not isinstance(players, list):
            raise SheetError("players: expected a list of names, got {name}", name=type(players).__name__)
        sheet = cls(players)
        rows = data.get("rows", [])
        if not isinstance(rows, list):
            raise SheetError("rows: expected a list, got {name}", name=type(rows).__name__)
        for index, row in enumerate(rows):
            where = f"rows[{index}]"
            if not isinstance(row, Mapping):
                raise SheetError("{where}: expected a mapping, got {name}", where=where, name=type(row).__name__)
            unknown = sorted(set(row) - {"label", "points", "multiplier", "counted"})
            if unknown:
                raise SheetError("{where}: unknown keys {unknown}", where=where, unknown=unknown)
            for key in ("label", "points"):
                if key not in row:
                    raise SheetError("{where}.{key}: missing", where=where, key=key)
            label, points, multiplier = row["label"], row["points"], row.get("multiplier", 1)
            if not isinstance(label, str):
                raise SheetError("{where}.label: expected a string, got {label!r}", where=where, label=label)
            if not isinstance(points, list) or len(points) != len(sheet.players):
                raise SheetError(
                    "{where}.points: expected a list of {count} ints, got {points!r}",
                    where=where,
                    count=len(sheet.players),
                    points=points,
                )
            if not all(_is_int(p) for p in points):
                raise SheetError(
                    "{where}.points: every entry must be an int, got {points!r}", where=where, points=points
                )
            if not _is_int(multiplier) or multiplier < 1:
                raise SheetError(
                    "{where}.multiplier: must be an int >= 1, got {multiplier!r}", where=where, multiplier=multiplier
                )
            counted = row.get("counted")
            if counted is not None and (
                not isinstance(counted, list)
                or len(counted) != len(sheet.players)
                or not all(_is_int(p) for p in counted)
            ):
                raise SheetError(
                    "{where}.counted: expected a list of {count} ints, got {counted!r}",
                    where=where,
                    count=len(sheet.players),
                    counted=counted,
                )
            if counted is not None and sum(counted) != 0:
                raise SheetError(
                    "{where}.counted: Punkte must sum to zero, got sum {sum:+d}", where=where, sum=sum(counted)
                )
            try:
                sheet.add(label, points, multiplier, counted=counted)
            except SheetError as exc:
                raise SheetError("{where}.points: {exc}", where=where, exc=exc) from None
        return sheet


# -- settlement in money -----------------------------------------------------------------------


def settle(totals: Mapping[str, int], cents_per_point: int) -> list[Transfer]:
    """Settle the totals in money with the fewest possible transfers (seed 004, "Abrechnen in Geld").

    Each player's balance is ``total * cents_per_point`` cents, positive = receives. With ``m``
    players of non-zero balance the minimum number of transfers is ``m - k``, where ``k`` is the
    largest number of disjoint groups of them whose balances each sum to zero: each group of ``g``
    settles with ``g - 1`` transfers and no transfer can join two groups profitably. ``k`` is found
    by a dynamic programme over subsets (exact, up to :data:`MAX_SETTLE_PLAYERS` players).

    The result is deterministic: sorted by the payer's position in ``totals``, then the payee's.

    >>> settle({"A": 5, "B": 3, "C": -5, "D": -3}, 10)
    [Transfer(payer='C', payee='A', cents=50), Transfer(payer='D', payee='B', cents=30)]

    Raises:
        SheetError: more than 12 players, a total that is not an int, ``cents_per_point`` not an
            int >= 1, or totals not summing to zero.
    """
    names = list(totals)
    if len(names) > MAX_SETTLE_PLAYERS:
        raise SheetError(
            "settle: at most {max_settle_players} players, got {count}",
            max_settle_players=MAX_SETTLE_PLAYERS,
            count=len(names),
        )
    if not _is_int(cents_per_point) or cents_per_point < 1:
        raise SheetError(
            "settle: cents_per_point must be an int >= 1, got {cents_per_point!r}", cents_per_point=cents_per_point
        )
    for name in names:
        if not _is_int(totals[name]):
            raise SheetError("settle: total of {name!r} must be an int, got {totals!r}", name=name, totals=totals[name])
    total = sum(totals.values())
    if total != 0:
        raise SheetError("settle: totals must sum to zero, got sum {total:+d}", total=total)
    order = {name: i for i, name in enumerate(names)}
    open_ = [(name, totals[name] * cents_per_point) for name in names if totals[name] != 0]
    transfers: list[Transfer] = []
    for group in _zero_sum_groups([balance for _, balance in open_]):
        transfers.extend(_settle_group([open_[i] for i in group]))
    transfers.sort(key=lambda t: (order[t.payer], order[t.payee]))
    return transfers


def _zero_sum_groups(balances: Sequence[int]) -> list[list[int]]:
    """Partition the indices of ``balances`` (summing to zero) into the most zero-sum groups.

    ``best[mask]`` is the largest number of zero-sum prefixes over all orderings of the subset
    ``mask``; removing the last element of an ordering gives the recurrence. Walking back through
    the optimal choices yields an ordering whose zero-sum prefixes cut it into the groups.
    """
    m = len(balances)
    full = (1 << m) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + balances[low]
        best[mask] = max(best[mask & ~(1 << i)] for i in range(m) if mask >> i & 1) + (sums[mask] == 0)
    ordering: list[int] = []
    mask = full
    while mask:
        gain = sums[mask] == 0
        for i in range(m):
            if mask >> i & 1 and best[mask & ~(1 << i)] + gain == best[mask]:
                ordering.append(i)
                mask &= ~(1 << i)
                break
    ordering.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for i in ordering:
        current.append(i)
        running += balances[i]
        if running == 0:
            groups.append(sorted(current))
            current = []
    return groups


def _settle_group(group: Sequence[tuple[str, int]]) -> list[Transfer]:
    """Settle one zero-sum group of ``g`` players with at most ``g - 1`` transfers.

    The biggest debtor pays the biggest creditor until one of them is even (ties by position);
    each transfer clears at least one player, the last one clears two.
    """
    balance = {name: cents for name, cents in group}
    names = [name for name, _ in group]
    out: list[Transfer] = []
    while True:
        creditors = [n for n in names if balance[n] > 0]
        debtors = [n for n in names if balance[n] < 0]
        if not creditors:
            return out
        payee = max(creditors, key=lambda n: balance[n])
        payer = min(debtors, key=lambda n: balance[n])
        cents = min(balance[payee], -balance[payer])
        out.append(Transfer(payer, payee, cents))
        balance[payee] -= cents
        balance[payer] += cents


def money(totals: Mapping[str, int], cents_per_point: int) -> dict[str, int]:
    """Each player's balance in cents at ``cents_per_point`` (seed 004, "Abrechnen in Geld": "Wer +10 hat,
    bekommt 10 Punkte, wer −4 hat, zahlt 4"): the total in Punkte times the rate; they sum to zero.

    >>> money({"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}, 10)
    {'Anna': 100, 'Ben': -40, 'Carla': -40, 'Dirk': -20}

    Raises:
        SheetError: ``cents_per_point`` not an int >= 1, or a total that is not an int.
    """
    if not _is_int(cents_per_point) or cents_per_point < 1:
        raise SheetError(
            "cents_per_point must be an int >= 1, got {cents_per_point!r}", cents_per_point=cents_per_point
        )
    for name, total in totals.items():
        if not _is_int(total):
            raise SheetError("total of {name!r} must be an int, got {total!r}", name=name, total=total)
    return {name: total * cents_per_point for name, total in totals.items()}


def format_euro(cents: int) -> str:
    """Cents as German euro amount, like seed 004: ``1,00 €``, ``−0,40 €`` (real minus sign U+2212).

    Thousands are grouped with a dot: ``1.234,56 €``.

    >>> format_euro(100), format_euro(-40), format_euro(0), format_euro(123456)
    ('1,00 €', '−0,40 €', '0,00 €', '1.234,56 €')

    Raises:
        SheetError: ``cents`` is not an int.
    """
    if not _is_int(cents):
        raise SheetError("format_euro: cents must be an int, got {cents!r}", cents=cents)
    euros, rest = divmod(abs(cents), 100)
    sign = MINUS if cents < 0 else ""
    return f"{sign}{euros:,}".replace(",", ".") + f",{rest:02d} €"
