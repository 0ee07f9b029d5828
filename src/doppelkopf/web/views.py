"""Template data of the Liste: the Store's rows and state laid out for the page, nothing computed anew.

Every Punkt shown comes from the Liste (``doppelkopf.liste`` via the Store); the settlement is the
core's (:func:`doppelkopf.sheet.settle`). Here the rows are only arranged into cells: one column per
player in seating order, the running total and the game's Punkte, who dealt and who sat out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..liste import ListeRow, NextGame
from ..sheet import format_euro, settle

#: Short German names of the Bock triggers, as a table says them (seed 002).
TRIGGER_LABELS = {
    "lost_solo": "verlorenes Solo",
    "spaltarsch": "Spaltarsch",
    "lost_kontra": "verlorenes Kontra",
    "lost_re": "verlorenes Re",
    "nullspiel": "Nullspiel",
    "schwarz": "schwarz",
}


def trigger_label(key: str) -> str:
    return TRIGGER_LABELS.get(key, key.replace("_", " "))


def bock_label(multiplier: int) -> str:
    """``Bock`` for 2, ``Doppelbock`` for 4, ``8-fach Bock`` above."""
    if multiplier == 2:
        return "Bock"
    if multiplier == 4:
        return "Doppelbock"
    return f"{multiplier}-fach Bock"


@dataclass(frozen=True)
class Cell:
    total: int
    delta: int
    out: bool
    dealer: bool


@dataclass(frozen=True)
class RowView:
    number: int
    label: str
    dealer: str
    sitting_out: tuple[str, ...]
    multiplier: int
    triggers: tuple[str, ...]
    pflichtsolo: bool
    quick: bool
    cells: tuple[Cell, ...]
    check: int  # the sum of the running totals: 0 on every row (seed 004's check)
    version: int | None


@dataclass(frozen=True)
class TransferView:
    payer: str
    payee: str
    cents: int
    amount: str
    text: str


@dataclass(frozen=True)
class BalanceView:
    name: str
    total: int
    cents: int


def row_view(players: Sequence[str], row: ListeRow, version: int | None = None) -> RowView:
    out = set(row.sitting_out)
    cells = tuple(
        Cell(total=total, delta=delta, out=name in out, dealer=name == row.dealer)
        for name, total, delta in zip(players, row.totals, row.points, strict=True)
    )
    return RowView(
        number=row.number,
        label=row.label,
        dealer=row.dealer,
        sitting_out=tuple(row.sitting_out),
        multiplier=row.multiplier,
        triggers=tuple(row.triggers),
        pflichtsolo=row.pflichtsolo,
        quick=row.quick,
        cells=cells,
        check=sum(row.totals),
        version=version,
    )


def transfers(totals: dict[str, int], cents_per_point: int) -> list[TransferView]:
    """The settlement of ``totals`` (the core's fewest transfers), worded as seed 004 does."""
    out = []
    for t in settle(totals, cents_per_point):
        amount = format_euro(t.cents)
        out.append(TransferView(t.payer, t.payee, t.cents, amount, f"{t.payer} zahlt {t.payee} {amount}"))
    return out


def liste_context(
    *,
    sitting: Any,
    players: Sequence[str],
    rows: Sequence[ListeRow],
    versions: Sequence[int] | None,
    totals: dict[str, int],
    bock_queue: Sequence[int],
    pflichtsolo_owed: Sequence[str],
    round_: int,
    games_in_round: int,
    next_game: NextGame,
    page: int = 1,
    pages: int = 1,
    games: int | None = None,
) -> dict[str, Any]:
    """Everything ``_liste.html`` shows."""
    shown: list[int | None] = list(versions) if versions is not None else [None] * len(rows)
    balances = [BalanceView(name, totals[name], totals[name] * sitting.cents_per_point) for name in players]
    return {
        "sitting": sitting,
        "players": list(players),
        "rows": [row_view(players, row, v) for row, v in zip(rows, shown, strict=True)],
        "totals": [totals[name] for name in players],
        "bock_queue": list(bock_queue),
        "bock_labels": [bock_label(m) for m in bock_queue],
        "pflichtsolo_owed": list(pflichtsolo_owed),
        "round": round_,
        "games_in_round": games_in_round,
        "next": next_game,
        "next_bock": bock_label(next_game.bock_multiplier) if next_game.bock_multiplier > 1 else "",
        "settlement": transfers(totals, sitting.cents_per_point),
        "balances": balances,
        "page": page,
        "pages": pages,
        "games": len(rows) if games is None else games,
        "trigger_label": trigger_label,
    }


def _names(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " & ".join(str(v) for v in value)
    return str(value)


def describe(entry: Any) -> str:
    """A table entry in words for the history (``Kreuzsolo · Re Anna · 190 Augen``); any stored JSON works."""
    if not isinstance(entry, dict):
        return str(entry)[:200]
    from ..rules import GameType, RuleError
    from ..scoring import SONDERPUNKT_LABELS

    parts: list[str] = []
    game = entry.get("game")
    if isinstance(game, str) and game:
        try:
            parts.append(GameType.parse(game).german)
        except RuleError:
            parts.append(game[:40])
    if "winners" in entry:
        parts.append(f"won by {_names(entry.get('winners', []))}")
        parts.append(f"{entry.get('punkte')} Punkte")
        for event in entry.get("events") or ():
            parts.append(trigger_label(str(event)))
    else:
        parts.append(f"Re {_names(entry.get('re', []))}")
        parts.append(f"{entry.get('augen_re')} Augen")
        announced = entry.get("announcements") or {}
        if isinstance(announced, dict):
            for party in ("re", "kontra"):
                items = announced.get(party) or []
                if items:
                    said = ", ".join(str(i).replace("_", " ") for i in items)
                    parts.append(f"{'Re' if party == 're' else 'Kontra'} announced {said}")
        extras = entry.get("extras") or []
        if isinstance(extras, list) and extras:
            said = ", ".join(
                f"{SONDERPUNKT_LABELS.get(str(x.get('type')), str(x.get('type')))} ({x.get('party')})"
                for x in extras
                if isinstance(x, dict)
            )
            parts.append(said)
        if entry.get("tricks_re") is not None:
            parts.append(f"{entry.get('tricks_re')} tricks")
    if entry.get("pflichtsolo"):
        parts.append("Pflichtsolo")
    return " · ".join(parts)
