"""Request and response models of the JSON API (Pydantic; FastAPI builds the OpenAPI schema from them).

All amounts are Punkte (score points) or cents, never Augen, except ``augen_re`` inside a table entry.
A game's ``entry`` is the Liste's entry format (see :mod:`doppelkopf.liste`): the API passes it to the
Store as is, and the Liste checks it and names the field of any problem.

One truth: where an answer is one of the core's or the Store's dataclasses, the model uses that dataclass
itself (:class:`doppelkopf.liste.ListeRow`, :class:`~doppelkopf.liste.NextGame`,
:class:`doppelkopf.storage.PlayerStats`, :class:`~doppelkopf.storage.ChartPoint`; Pydantic reads their fields
and their docstrings go into the OpenAPI schema), and the ``...Out`` models of the Store's infos are filled
from the info's attributes by :func:`from_info`, so no field is copied by hand. The ``...Out`` models name
only what the API shows (a ``SittingInfo``'s ``created_at`` is left out, for example).
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..liste import ListeRow, NextGame
from ..messages import TextError
from ..rulefile import RULE_FILE_LIMIT
from ..sheet import Transfer, format_euro, money

_STRICT = ConfigDict(extra="forbid")
_FROM_INFO = ConfigDict(from_attributes=True)
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
    "(Bock triggers the table saw). Both: optional dealer (a name), optional leaves (names who left the table "
    "before this game) and joins (names, or {name, after}: who sits down before it). Bock is derived, never typed."
)

AUTHOR_DOC = (
    "Who entered it (shown in the history and in conflicts): at most 40 characters, no control characters "
    "(else a 422 naming `author`)."
)
MAX_GROUP_DOC = "Players to add now (a group has at most 100 players: more is a 422 `players: at most 100`)."

M = TypeVar("M", bound=BaseModel)


def from_info(model: type[M], info: Any) -> M:
    """``model`` filled from the attributes of ``info`` (a Store info or a core dataclass) with the same names.

    Raises:
        pydantic.ValidationError: an attribute that does not fit (a bug, never the user's input).
    """
    return model.model_validate(info, from_attributes=True)


# -- groups ---------------------------------------------------------------------------------------


class GroupIn(BaseModel):
    """A new group."""

    model_config = _STRICT
    name: str = Field(description="The group's name (unique).", examples=["Donnerstagsrunde"])
    players: list[str] = Field(default_factory=list, description=MAX_GROUP_DOC)


class PlayerIn(BaseModel):
    """A new player of a group."""

    model_config = _STRICT
    name: str = Field(description="The player's name (unique in the group, compared case-folded).")


class GroupOut(BaseModel):
    """A group (``doppelkopf.storage.GroupInfo``): its id, name and players in the order they joined."""

    model_config = _FROM_INFO
    id: int
    name: str
    players: list[str]


# -- sittings -------------------------------------------------------------------------------------


class SittingIn(BaseModel):
    """A new sitting (one evening)."""

    model_config = _STRICT
    players: list[str] = Field(description="4..7 names in seating order; the first deals first.", min_length=1)
    rules: str = Field(default="ddv", description="A preset name (ddv, ohne-neunen, doppelbock, vier-schritte).")
    rules_toml: str | None = Field(
        default=None,
        max_length=RULE_FILE_LIMIT,
        description=f"A rule file's TOML text (at most {RULE_FILE_LIMIT // 1024} KiB, as `doko --rules FILE` "
        "reads); replaces `rules`.",
    )
    cents_per_point: int = Field(default=10, le=MAX_INT, description="Cents per Punkt of the settlement.")
    date: datetime.date | None = Field(default=None, description="The evening's date (default: today).")
    place: str = ""
    sit_out: str = Field(default="dealer", description="Who sits out at a table of 5..7 (dealer, next_dealers).")

    @field_validator("rules_toml")
    @classmethod
    def _rule_file_size(cls, value: str | None) -> str | None:
        if value is not None and len(value.encode("utf-8", "surrogatepass")) > RULE_FILE_LIMIT:
            raise TextError("larger than {kib} KiB in UTF-8, not a rule file", kib=RULE_FILE_LIMIT // 1024)
        return value


class SittingOut(BaseModel):
    """A sitting (``doppelkopf.storage.SittingInfo``)."""

    model_config = _FROM_INFO
    id: int
    group_id: int
    players: list[str] = Field(description="The columns of the Liste: names in seating order.")
    rules_name: str
    cents_per_point: int = Field(description="The settlement's rate: cents per Punkt.")
    date: datetime.date | None
    place: str
    sit_out: str = Field(description="Who sits out at a table of five to seven (a key of `doppelkopf.liste.SIT_OUT`).")
    version: int = Field(description="Goes up by one with every change of a game (what the live list watches).")
    games: int = Field(description="Games on the list.")


# -- the Liste --------------------------------------------------------------------------------------


class TransferOut(BaseModel):
    """One payment of the settlement (``doppelkopf.sheet.Transfer``)."""

    payer: str
    payee: str
    cents: int = Field(description="The amount in cents.")
    text: str = Field(description='As seed 004 says it: "Ben zahlt Anna 0,40 €".')


def transfer_out(transfer: Transfer) -> TransferOut:
    """A transfer of the settlement with seed 004's wording (``"Ben zahlt Anna 0,40 €"``)."""
    text = f"{transfer.payer} zahlt {transfer.payee} {format_euro(transfer.cents)}"
    return TransferOut(payer=transfer.payer, payee=transfer.payee, cents=transfer.cents, text=text)


class ListeState(BaseModel):
    """What every view of the Liste holds (``doppelkopf.liste.Liste``): the columns, the rows, the totals, the
    Bock games and Pflichtsoli owed, the round and the next game."""

    players: list[str] = Field(description="The columns: names in seating order.")
    rows: list[ListeRow] = Field(description="The games (of this page), oldest first.")
    totals: dict[str, int] = Field(description="Each player's total in Punkte after the last game; they sum to 0.")
    bock_queue: list[int] = Field(description="Multipliers of the Bock games still owed, next first.")
    pflichtsolo_owed: list[str] = Field(description="Names still owing their Pflichtsolo this round.")
    round: int = Field(description="The round (1-based).")
    games_in_round: int = Field(description="Games played in the round.")
    next: NextGame


class ListeOut(ListeState):
    """The whole Liste of a sitting with its settlement; ``version`` is the sitting's version the list is of."""

    sitting_id: int
    version: int
    cents_per_point: int = Field(description="The settlement's rate: cents per Punkt.")
    money: dict[str, int] = Field(description="Each player's balance in cents (negative: pays).")
    settlement: list[TransferOut] = Field(description="The fewest transfers that settle the totals.")


def _fields(value: Any) -> dict[str, Any]:
    """The fields of a dataclass instance, one level deep (the nested dataclasses stay as they are)."""
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}


def liste_out(sitting: Any, liste: Any) -> ListeOut:
    """The API's Liste: ``liste`` (a :class:`doppelkopf.liste.Liste`) of ``sitting`` (a ``SittingInfo``: its id,
    version and rate), with each player's money and the settlement at the sitting's rate (cents)."""
    cents = sitting.cents_per_point
    return ListeOut(
        sitting_id=sitting.id,
        version=sitting.version,
        cents_per_point=cents,
        money=money(liste.totals, cents),
        settlement=[transfer_out(t) for t in liste.settlement(cents)],
        **_fields(liste),
    )


class ListePageOut(ListeState):
    """One page of the Liste from the stored rows (``doppelkopf.storage.ListePage``; page 1: games 1..per_page;
    the last page: the newest), read in one transaction: the sitting's version is the one of these rows."""

    model_config = _FROM_INFO
    sitting: SittingOut
    versions: list[int] = Field(description="Each row's game version (what a correction or deletion wants).")
    page: int
    pages: int
    per_page: int
    games: int = Field(description="Games on the whole list.")


class GameChoice(BaseModel):
    """A game type the rules play: its key (the entry's ``game``), German name, and whether it is a solo."""

    key: str
    label: str
    solo: bool


class AnnouncementChoice(BaseModel):
    """An announcement item of the entry format and its level (1 Re/Kontra, 2 keine 90 .. 5 schwarz)."""

    key: str
    level: int


class EventChoice(BaseModel):
    """A Bock trigger a quick entry may name: its key and what it means (``doppelkopf.session.BOCK_TRIGGERS``)."""

    key: str
    label: str


class LimitsOut(BaseModel):
    """The largest numbers an entry may hold under the rules."""

    augen_re: int = Field(description="Augen of Re: 0 up to this (240).")
    punkte: int = Field(description="Punkte of a quick entry: 0 up to this.")
    tricks: int = Field(description="Tricks of a party: 0 up to this (the hand size).")
    extras: dict[str, int] = Field(description="Sonderpunkte kind -> the most one game holds (both parties).")


class EntryFormOut(BaseModel):
    """What a game entry may hold under a sitting's rules (``doppelkopf.liste.entry_form``)."""

    games: list[GameChoice]
    announcements: list[AnnouncementChoice] = Field(description="The Ansage (re/kontra) and the Absagen.")
    extras: list[str] = Field(description="Sonderpunkte kinds that count in some game.")
    events: list[EventChoice] = Field(description="Bock triggers a quick entry may name.")
    pflichtsolo: bool
    hand_size: int
    bock: bool
    limits: LimitsOut
    sit_out: dict[str, str] = Field(description="The choices of a sitting's sit_out with what each means.")


# -- games ----------------------------------------------------------------------------------------


#: What the API says of a write's ``client_id`` (``doppelkopf.storage.service.check_client_id``).
CLIENT_ID_DOC = (
    "An id the client made for this write (8..64 letters, digits or - _ . :, e.g. a UUID). The sitting takes a "
    "write with it once: sent again (an answer lost on the way) it answers the game as stored, no second game, "
    "no second version, no 409."
)


class GameIn(BaseModel):
    """A new game."""

    model_config = _STRICT
    entry: dict[str, Any] = Field(description=ENTRY_DOC, examples=[SEED_004_GAME_2, QUICK_EXAMPLE])
    number: int | None = Field(
        default=None,
        ge=1,
        le=MAX_INT,
        description="The number the client is entering (the next game's); another one is a 409. Optional here "
        "(without it a game entered meanwhile is not noticed); the page's form always sends it.",
    )
    author: str = Field(default="", description=AUTHOR_DOC)
    client_id: str | None = Field(default=None, description=CLIENT_ID_DOC)


class GameEdit(BaseModel):
    """A correction of a game."""

    model_config = _STRICT
    entry: dict[str, Any] = Field(description=ENTRY_DOC)
    version: int = Field(ge=0, le=MAX_INT, description="The game's version the client saw; a stale one is a 409.")
    author: str = Field(default="", description=AUTHOR_DOC)
    client_id: str | None = Field(default=None, description=CLIENT_ID_DOC)


class GameOut(BaseModel):
    """A game as stored (``doppelkopf.storage.GameInfo``): its entry and computed row."""

    model_config = _FROM_INFO
    sitting_id: int
    number: int
    version: int = Field(description="What a correction or deletion of this game wants back.")
    entry: dict[str, Any]
    row: ListeRow | None = Field(description="The game's row on the Liste; null for a deleted game.")
    deleted: bool
    changed_at: datetime.datetime | None
    author: str


class GameVersionOut(BaseModel):
    """One change of a game in the audit trail (``doppelkopf.storage.GameVersionInfo``)."""

    model_config = _FROM_INFO
    number: int
    version: int
    action: str = Field(description="add, edit or delete.")
    deleted: bool
    entry: dict[str, Any]
    author: str
    changed_at: datetime.datetime | None
