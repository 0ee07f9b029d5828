"""Request and response models of the JSON API (Pydantic; FastAPI builds the OpenAPI schema from them).

All amounts are Punkte (score points) or cents, never Augen, except ``augen_re`` inside a table entry.
A game's ``entry`` is the Liste's entry format (see :mod:`doppelkopf.liste`): the API passes it to the
Store as is, and the Liste checks it and names the field of any problem.
"""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..sheet import format_euro

_STRICT = ConfigDict(extra="forbid")
#: Largest id, number, version or rate a request may hold (the databases' integer).
MAX_INT = 2**31 - 1

SEED_004_GAME_2 = {
    "game": "normal",
    "re": ["Ben", "Carla"],
    "augen_re": 151,
    "announcements": {"re": ["re"], "kontra": []},
    "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
}
QUICK_EXAMPLE = {"winners": ["Anna", "Dirk"], "punkte": 5}
ENTRY_DOC = (
    "The table entry (the Liste's format). Full: game, re (names; the soloist alone), augen_re (0..240), "
    "optional tricks_re/tricks_kontra, announcements {re: [...], kontra: [...]}, extras [{type, party}], "
    "optional pflichtsolo. Quick: winners (names), punkte (>= 0), optional game, pflichtsolo, events "
    "(Bock triggers the table saw). Bock is derived, never typed."
)


# -- groups ---------------------------------------------------------------------------------------


class GroupIn(BaseModel):
    model_config = _STRICT
    name: str = Field(description="The group's name (unique).", examples=["Donnerstagsrunde"])
    players: list[str] = Field(default_factory=list, description="Players to add now.")


class PlayerIn(BaseModel):
    model_config = _STRICT
    name: str = Field(description="The player's name (unique in the group, compared case-folded).")


class GroupOut(BaseModel):
    id: int
    name: str
    players: list[str]


# -- sittings -------------------------------------------------------------------------------------


class SittingIn(BaseModel):
    model_config = _STRICT
    players: list[str] = Field(description="4..7 names in seating order; the first deals first.", min_length=1)
    rules: str = Field(default="ddv", description="A preset name (ddv, ohne-neunen, doppelbock, vier-schritte).")
    rules_toml: str | None = Field(default=None, description="A rule file's TOML text; replaces `rules`.")
    cents_per_point: int = Field(default=10, le=MAX_INT, description="Cents per Punkt of the settlement.")
    date: datetime.date | None = Field(default=None, description="The evening's date (default: today).")
    place: str = ""
    sit_out: str = Field(default="dealer", description="Who sits out at a table of 5..7 (dealer, next_dealers).")


class SittingOut(BaseModel):
    id: int
    group_id: int
    players: list[str]
    rules_name: str
    cents_per_point: int
    date: datetime.date | None
    place: str
    sit_out: str
    version: int
    games: int


# -- the Liste --------------------------------------------------------------------------------------


class RowOut(BaseModel):
    """One game on the Liste (``doppelkopf.liste.ListeRow``)."""

    number: int
    label: str
    dealer: str
    sitting_out: list[str]
    active: list[str]
    points: list[int] = Field(description="Punkte per player (column order), Bock applied, 0 sitting out.")
    multiplier: int = Field(description="Bock multiplier: 1, 2 (Bock), 4 (Doppelbock).")
    totals: list[int] = Field(description="Running totals in Punkte after this game (column order).")
    triggers: list[str]
    pflichtsolo: bool
    quick: bool
    game: str | None
    re: list[str]
    kontra: list[str]
    winners: list[str]
    solo: bool
    soloist: str | None
    announced: dict[str, int]
    value: int


class NextGameOut(BaseModel):
    number: int
    dealer: str
    sitting_out: list[str]
    active: list[str]
    bock_multiplier: int
    forced_solo: str | None


class TransferOut(BaseModel):
    payer: str
    payee: str
    cents: int
    text: str = Field(description='As seed 004 says it: "Ben zahlt Anna 0,40 €".')


class ListeOut(BaseModel):
    sitting_id: int
    version: int
    players: list[str]
    rows: list[RowOut]
    totals: dict[str, int]
    bock_queue: list[int] = Field(description="Multipliers of the Bock games still owed, next first.")
    pflichtsolo_owed: list[str]
    round: int
    games_in_round: int
    next: NextGameOut
    cents_per_point: int
    settlement: list[TransferOut]


class ListePageOut(BaseModel):
    """One page of the Liste from the stored rows (page 1: games 1..per_page; the last page: the newest)."""

    sitting: SittingOut
    players: list[str]
    rows: list[RowOut]
    versions: list[int] = Field(description="Each row's game version (what a correction or deletion wants).")
    page: int
    pages: int
    per_page: int
    games: int
    totals: dict[str, int]
    bock_queue: list[int]
    pflichtsolo_owed: list[str]
    round: int
    games_in_round: int
    next: NextGameOut


class GameChoice(BaseModel):
    key: str
    label: str
    solo: bool


class AnnouncementChoice(BaseModel):
    key: str
    level: int


class EventChoice(BaseModel):
    key: str
    label: str


class EntryFormOut(BaseModel):
    """What a game entry may hold under a sitting's rules (``doppelkopf.liste.entry_form``)."""

    games: list[GameChoice]
    announcements: list[AnnouncementChoice] = Field(description="The Absagen (the Ansage is re/kontra).")
    extras: list[str] = Field(description="Sonderpunkte kinds that count in some game.")
    events: list[EventChoice] = Field(description="Bock triggers a quick entry may name.")
    pflichtsolo: bool
    hand_size: int
    bock: bool


# -- games ----------------------------------------------------------------------------------------


class GameIn(BaseModel):
    model_config = _STRICT
    entry: dict[str, Any] = Field(description=ENTRY_DOC, examples=[SEED_004_GAME_2, QUICK_EXAMPLE])
    number: int | None = Field(
        default=None,
        ge=1,
        le=MAX_INT,
        description="The number the client is entering (the next game's); another one is a 409.",
    )
    author: str = Field(default="", description="Who entered it (shown in the history and in conflicts).")


class GameEdit(BaseModel):
    model_config = _STRICT
    entry: dict[str, Any] = Field(description=ENTRY_DOC)
    version: int = Field(ge=0, le=MAX_INT, description="The game's version the client saw; a stale one is a 409.")
    author: str = ""


class GameOut(BaseModel):
    sitting_id: int
    number: int
    version: int
    entry: dict[str, Any]
    row: RowOut | None
    deleted: bool
    changed_at: datetime.datetime | None
    author: str


class GameVersionOut(BaseModel):
    number: int
    version: int
    action: str
    deleted: bool
    entry: dict[str, Any]
    author: str
    changed_at: datetime.datetime | None


# -- conversions ------------------------------------------------------------------------------------


def row_out(row: Any) -> RowOut:
    data = row.to_dict() if hasattr(row, "to_dict") else dict(row)
    return RowOut(**data)


def transfer_out(transfer: Any) -> TransferOut:
    text = f"{transfer.payer} zahlt {transfer.payee} {format_euro(transfer.cents)}"
    return TransferOut(payer=transfer.payer, payee=transfer.payee, cents=transfer.cents, text=text)


def next_out(nxt: Any) -> NextGameOut:
    return NextGameOut(
        number=nxt.number,
        dealer=nxt.dealer,
        sitting_out=list(nxt.sitting_out),
        active=list(nxt.active),
        bock_multiplier=nxt.bock_multiplier,
        forced_solo=nxt.forced_solo,
    )


def liste_out(sitting: Any, liste: Any) -> ListeOut:
    return ListeOut(
        sitting_id=sitting.id,
        version=sitting.version,
        players=list(liste.players),
        rows=[row_out(row) for row in liste.rows],
        totals=dict(liste.totals),
        bock_queue=list(liste.bock_queue),
        pflichtsolo_owed=list(liste.pflichtsolo_owed),
        round=liste.round,
        games_in_round=liste.games_in_round,
        next=next_out(liste.next),
        cents_per_point=sitting.cents_per_point,
        settlement=[transfer_out(t) for t in liste.settlement(sitting.cents_per_point)],
    )
