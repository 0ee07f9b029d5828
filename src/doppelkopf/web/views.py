"""Template data of the Liste: the Store's rows and state laid out for the page, nothing computed anew.

Every Punkt shown comes from the Liste (``doppelkopf.liste`` via the Store); each player's money is
:func:`doppelkopf.sheet.money` and the settlement :func:`doppelkopf.sheet.settle`. Here the rows are only
arranged into cells: one column per player in seating order, the running total and the game's Punkte, who
dealt and who sat out. The names of the Bock triggers are their keys in :data:`doppelkopf.session.BOCK_TRIGGERS`
(with its description as the longer text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..entry import PARTY_KEYS
from ..i18n import Translator, translator
from ..liste import ListeRow
from ..messages import N_, Text
from ..session import BOCK_TRIGGERS
from ..sheet import format_euro, money, settle

if TYPE_CHECKING:
    from ..rules import RuleSet
    from ..storage import ListePage

#: The short names of the Bock triggers (keys of :data:`doppelkopf.session.BOCK_TRIGGERS`), English msgids.
TRIGGER_LABELS = {
    "lost_solo": N_("Lost solo"),
    "spaltarsch": "Spaltarsch",
    "lost_kontra": N_("Lost Kontra"),
    "lost_re": N_("Lost Re"),
    "nullspiel": "Nullspiel",
    "schwarz": N_("Schwarz"),
}


#: Why a sitting is over (:func:`doppelkopf.session.sitting_over`), English msgids shown by the Liste.
SITTING_OVER = {
    "sitting_rounds": N_(
        "The sitting is over: its rounds are played (sitting_rounds). A further game is still written."
    ),
    "sitting_points": N_(
        "The sitting is over: a player's total reached its Punkte (sitting_points). A further game is still written."
    ),
}


def trigger_label(key: str) -> str:
    """The short name of a Bock trigger as the list shows it (:data:`TRIGGER_LABELS`, translated by the page
    with ``tr.text``; an unknown key in words: ``"new_thing"`` -> ``"New thing"``); :func:`trigger_doc` says
    what it means."""
    if key in TRIGGER_LABELS:
        return TRIGGER_LABELS[key]
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def trigger_doc(key: str) -> str:
    """What a Bock trigger means (:data:`doppelkopf.session.BOCK_TRIGGERS`), ``""`` for an unknown key."""
    return BOCK_TRIGGERS.get(key, "")


def bock_label(multiplier: int) -> str:
    """The name of a Bock multiplier: ``Bock`` for 2, ``Doppelbock`` for 4, ``8-fach Bock`` above."""
    if multiplier == 2:
        return "Bock"
    if multiplier == 4:
        return "Doppelbock"
    return f"{multiplier}-fach Bock"


@dataclass(frozen=True)
class Cell:
    """One player's cell of a row: the running total and the game's Punkte (Bock applied), whether the player
    sat the game out and whether they dealt it."""

    total: int
    delta: int
    out: bool
    dealer: bool


@dataclass(frozen=True)
class RowView:
    """One game of the list as the page shows it: the Liste's row (its fields are read through this view:
    ``view.label``, ``view.multiplier`` ...), its cells in column order, and ``version``, the game's version for
    a correction (``None`` where unknown)."""

    row: ListeRow
    cells: tuple[Cell, ...]
    version: int | None

    @property
    def check(self) -> int:
        """The sum of the balanced running totals: 0 on every row (seed 004's check; under ``liste_counting``
        plus or minus the written totals are these raised or lowered alike, so the check stays on these)."""
        return sum(self.row.totals)

    def __getattr__(self, name: str) -> Any:
        if name == "row" or name.startswith("__"):  # not set yet (a copy being made): no row to ask
            raise AttributeError(name)
        return getattr(self.row, name)


@dataclass(frozen=True)
class TransferView:
    """One payment of the settlement: payer, payee, the amount in cents, as euro text (``0,40 €``) and as
    seed 004 says it (``Ben zahlt Anna 0,40 €``)."""

    payer: str
    payee: str
    cents: int
    amount: str
    text: str


@dataclass(frozen=True)
class BalanceView:
    """A player's total in Punkte and balance in cents (negative: pays), from :func:`doppelkopf.sheet.money`."""

    name: str
    total: int
    cents: int


def row_view(players: Sequence[str], row: ListeRow, version: int | None = None) -> RowView:
    """The row ``row`` laid out in the columns ``players`` (seating order)."""
    out = set(row.sitting_out)
    cells = tuple(
        Cell(total=total, delta=delta, out=name in out, dealer=name == row.dealer)
        for name, total, delta in zip(players, row.written_totals, row.written_points, strict=True)
    )
    return RowView(row=row, cells=cells, version=version)


def transfers(totals: dict[str, int], cents_per_point: int) -> list[TransferView]:
    """The settlement of ``totals`` (Punkte per name) at ``cents_per_point`` (the core's fewest transfers),
    worded as seed 004 does. Raises SheetError for a bad rate."""
    out = []
    for t in settle(totals, cents_per_point):
        amount = format_euro(t.cents)
        out.append(TransferView(t.payer, t.payee, t.cents, amount, f"{t.payer} zahlt {t.payee} {amount}"))
    return out


def liste_context(data: ListePage) -> dict[str, Any]:
    """Everything ``_liste.html`` shows of one page of the list (a :class:`doppelkopf.storage.ListePage`): the
    sitting, its players (columns), the rows laid out (:class:`RowView`), the totals in Punkte in column order,
    the Bock games owed with their names, the Pflichtsoli owed, the round, the next game and its Bock, the
    settlement (:class:`TransferView`, cents), each player's balance (:class:`BalanceView`, cents), the page and
    the number of pages and games (``latest``: the newest game's number)."""
    sitting, players, totals = data.sitting, list(data.players), data.totals
    cents = money(totals, sitting.cents_per_point)
    nxt = data.next
    return {
        "sitting": sitting,
        "players": players,
        "rows": [row_view(players, row, v) for row, v in zip(data.rows, data.versions, strict=True)],
        "totals": [(data.written_totals or totals)[name] for name in players],
        "over": data.over,
        "over_text": SITTING_OVER.get(data.over or "", ""),
        "bock_queue": list(data.bock_queue),
        "bock_labels": [bock_label(m) for m in data.bock_queue],
        "pflichtsolo_owed": list(data.pflichtsolo_owed),
        "round": data.round,
        "games_in_round": data.games_in_round,
        "next": nxt,
        "next_bock": bock_label(nxt.bock_multiplier) if nxt.bock_multiplier > 1 else "",
        "settlement": transfers(totals, sitting.cents_per_point),
        "balances": [BalanceView(name, totals[name], cents[name]) for name in players],
        "page": data.page,
        "pages": data.pages,
        "games": data.games,
        "latest": data.games,
    }


def _names(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " & ".join(str(v) for v in value)
    return str(value)


def describe(entry: Any, tr: Translator | None = None) -> str:
    """A table entry in words for the history (``Kreuzsolo · Re Anna · 190 Augen``) in ``tr``'s language
    (English without one); any stored JSON works (what is not an entry is shown cut to 200 characters)."""
    tr = tr or translator("en")
    if not isinstance(entry, dict):
        return str(entry)[:200]
    from ..rules import GameType, RuleError
    from ..scoring import SONDERPUNKT_LABELS

    parts: list[str] = []
    game = entry.get("game")
    if isinstance(game, str) and game:
        try:
            parts.append(tr.text(GameType.parse(game).german))
        except RuleError:
            parts.append(game[:40])
    if "winners" in entry:
        parts.append(tr.text(Text("won by {names}", names=_names(entry.get("winners", [])))))
        punkte = entry.get("punkte")
        parts.append(f"{punkte} Punkt" if punkte == 1 else f"{punkte} Punkte")
        for event in entry.get("events") or ():
            parts.append(tr.text(trigger_label(str(event))))
    else:
        parts.append(f"Re {_names(entry.get('re', []))}")
        parts.append(f"{entry.get('augen_re')} Augen")
        announced = entry.get("announcements") or {}
        if isinstance(announced, dict):
            for party in PARTY_KEYS:
                items = announced.get(party) or []
                if items:
                    said = ", ".join(
                        str(i).capitalize() if i in PARTY_KEYS else str(i).replace("_", " ") for i in items
                    )
                    parts.append(tr.text(Text("{party} announced {what}", party=party.capitalize(), what=said)))
        extras = entry.get("extras") or []
        if isinstance(extras, list) and extras:
            said = ", ".join(
                f"{tr.text(SONDERPUNKT_LABELS.get(str(x.get('type')), str(x.get('type'))))} "
                f"({str(x.get('party', '')).capitalize()})"
                for x in extras
                if isinstance(x, dict)
            )
            parts.append(said)
        if entry.get("tricks_re") is not None:
            parts.append(tr.text(Text("{count} tricks of Re", count=entry.get("tricks_re"))))
    if entry.get("dealer"):
        parts.append(tr.text(Text("dealt by {name}", name=entry.get("dealer"))))
    if entry.get("pflichtsolo"):
        parts.append("Pflichtsolo")
    return " · ".join(parts)


@dataclass(frozen=True)
class ScoreSheet:
    """The Posten of a game as ``doko score`` shows them (:meth:`doppelkopf.scoring.Score.table`): ``items``
    (label in the reader's language, Punkte signed from the winner's side, from Re's side when nobody won),
    ``value`` (the Summe, before Bock), ``winner`` (``"Re"``, ``"Kontra"`` or ``""``), ``factor`` (the lone
    player's multiple: 3 in a solo), ``multiplier`` (Bock) and ``value_bocked`` (the Summe under the Bock)."""

    items: tuple[tuple[str, int], ...]
    value: int
    winner: str
    factor: int
    multiplier: int
    value_bocked: int


def score_sheet(rules: RuleSet, row: ListeRow, entry: Any, table: Sequence[str], tr: Translator) -> ScoreSheet | None:
    """The Posten of the stored game ``entry`` (its ``row`` on the Liste gives the four who played and the
    Bock) under the sitting's ``rules``, scored by the core (:func:`doppelkopf.entry.parse_game`,
    :func:`doppelkopf.scoring.score`); ``table`` are all players of the sitting. ``None`` for a quick entry
    (winners and Punkte only: no Posten) or an entry the core does not read any more."""
    from ..entry import GAME_FIELDS, parse_game
    from ..scoring import score
    from ..session import bock_covers_sonderpunkte

    if not isinstance(entry, dict) or "winners" in entry:
        return None
    try:
        game = {key: value for key, value in entry.items() if key in GAME_FIELDS}  # not the Liste's own keys
        summary = parse_game(game, rules, row.active, table if len(table) > 4 else ())
        result = score(summary, rules)
    except ValueError:
        return None
    bocked = result.with_multiplier(row.multiplier, bock_covers_sonderpunkte(rules)) if row.multiplier > 1 else result
    value_bocked = result.game_value * row.multiplier + result.sonderpunkte_value * (
        row.multiplier if bocked.sonderpunkte_multiplied else 1
    )
    return ScoreSheet(
        items=tuple((tr.text(item.label), item.punkte) for item in result.items),
        value=result.value,
        winner="" if result.winner is None else result.winner.label,
        factor=result.factor,
        multiplier=row.multiplier,
        value_bocked=value_bocked,
    )
