"""Request and response models of the online tables' JSON API (``/api/tables``; Pydantic, as
:mod:`doppelkopf.web.models` for the score sheet). The ``...Out`` models of the Store's infos are filled from
the info's attributes (:func:`doppelkopf.web.models.from_info`), so no field is copied by hand; they name
only what the API shows (never a token, the invite or the table seed).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ..rulefile import RULE_FILE_LIMIT
from ..storage.tables import TableInfo
from .models import from_info


class SeatIn(BaseModel):
    """A seat of a new table: a person's (``bot`` null; a ``name`` keeps it for that name) or a computer
    player's (``bot``: a level of ``BOT_LEVELS``)."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, max_length=100)
    bot: str | None = Field(None, max_length=40)


class TableIn(BaseModel):
    """A new table: a preset (``rules``) or a rule file's TOML (``rules_toml``, at most 256 KiB in UTF-8 as for
    the CLI, :func:`doppelkopf.rulefile.rules_from_text`; an edited preset is named ``<preset> (changed)``),
    four seats, ``sit``: the seat the creator takes (with that seat's name), timings and whether the lobby
    lists it. ``seed`` (the table seed) is
    refused with 422 unless the server allows it (``TableSettings.allow_seed``: tests and the bench only)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=100)
    rules: str = Field("ddv", max_length=100)
    rules_toml: str | None = Field(None, max_length=RULE_FILE_LIMIT)
    seats: list[SeatIn] = Field(min_length=4, max_length=4)
    sit: int | None = Field(None, ge=0, le=3)
    listed: bool = True
    analysis: bool = False
    pace_ms: int = Field(800, ge=0, le=60_000)
    grace_s: int = Field(60, ge=0, le=86_400)
    next_game_s: int = Field(10, ge=0, le=3_600)
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    group: str = Field("Online", max_length=100)


class CreatedOut(BaseModel):
    """A new table: its id, the host's token, the creator's seat token (when ``sit`` was given), the invite."""

    id: int
    host_token: str
    seat_token: str | None = None
    invite: str


class SeatOut(BaseModel):
    """A seat: name, computer player level (null: a person's), taken (a person holds it), stand-in, shows hand."""

    seat: int
    name: str | None
    bot: str | None
    taken: bool
    standin: bool
    shows_hand: bool


class TableOut(BaseModel):
    """A table as the lobby lists it (never a token or the invite)."""

    id: int
    name: str
    status: str
    rules_name: str
    listed: bool
    analysis: bool
    pace_ms: int
    grace_s: int
    next_game_s: int
    version: int
    deal: int
    group_id: int
    sitting_id: int | None
    seats: list[SeatOut]


class ClaimIn(BaseModel):
    """Taking a seat: the name to play under, the invite of an unlisted table."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=100)
    invite: str | None = Field(None, max_length=200)


class ClaimOut(BaseModel):
    """A taken seat and its token (keep it: it is the seat)."""

    seat: int
    seat_token: str


class SeatSetIn(BaseModel):
    """The host sets up a seat in the lobby: a person's (``bot`` null) or a computer player's."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, max_length=100)
    bot: str | None = Field(None, max_length=40)


class ShowHandIn(BaseModel):
    """A seat's consent that spectators see its hand."""

    model_config = ConfigDict(extra="forbid")
    shows: bool


def table_out(info: TableInfo) -> TableOut:
    """The API's table, filled from the info's attributes (:func:`doppelkopf.web.models.from_info`; the table
    seed, the invite and the rules themselves are left out)."""
    return from_info(TableOut, info)
