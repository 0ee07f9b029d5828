"""The tables of the score sheet as SQLAlchemy 2 declarative models (typed with ``Mapped[...]``).

The schema is created and changed only by the Alembic migrations in ``migrations/`` (see
:func:`doppelkopf.storage.open_store`); ``tests/test_storage.py`` checks that the migrations give exactly
these models. Times are stored as UTC without a zone (the same on SQLite and PostgreSQL) and handed out
with the UTC zone attached.

Tables:

``groups``
    a group of people who play together; ``name`` unique.
``players``
    the group's players; a name is unique per group as :func:`doppelkopf.names.name_key` compares names
    (``key``), so "anna" and "Anna" are one player.
``sittings``
    one evening: ``date``, ``place``, the rule set as TOML text (``rules_toml``, never re-read from a
    preset, so later rule edits never change an old evening) and its ``rules_name``, ``cents_per_point``,
    ``sit_out`` (who sits out at a table of 5..7, :data:`doppelkopf.liste.SIT_OUT`), ``version`` (one up
    per change of its games: the optimistic lock of the sitting) and ``state``: the Liste's state after
    the last game (:meth:`doppelkopf.liste.ListeBuilder.snapshot`: deal, round, Pflichtsoli, Bocks owed,
    totals) as JSON, and ``tally``: the counters of the statistics over its games
    (:mod:`doppelkopf.storage.stats`), kept with the rows. Both are loaded only where a call asks for them
    (``deferred``: ``undefer(Sitting.state)``), so listing sittings reads no JSON.
``sitting_players``
    the players of a sitting in seating order (``position`` 0..6).
``games``
    the sitting's games: ``number`` on the list (``None`` once deleted), ``version`` (the sitting's
    version when the game was last entered, changed, deleted or moved up), the current table ``entry``
    (JSON, the Liste's entry format), the computed ``row`` (JSON, :meth:`doppelkopf.liste.ListeRow.to_dict`)
    and ``state`` (the Liste's state after the game, :meth:`doppelkopf.liste.ListeBuilder.snapshot`), so a
    page of the list and the statistics read stored rows without scoring again, a new game continues from
    the last state and a correction replays only the games from it on. ``row`` and ``state`` are ``None``
    for a deleted game; ``state`` is loaded only where asked for (``deferred``). The ``entry`` holds the
    game's ``dealer`` as the Liste had it when the game was entered (:mod:`doppelkopf.storage.service`).
``game_versions``
    the audit trail: one row per add, edit and delete of a game, with the entry, version and author;
    rows are only ever inserted.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Date, DateTime, ForeignKey, Index, Integer, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

#: Constraint names that are the same on every database (Alembic can then name them in migrations).
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: Longest group name, place and author (characters).
NAME_LENGTH = 100
#: Longest player name in the database; :data:`doppelkopf.names.MAX_NAME_LENGTH` (40) is the real limit.
PLAYER_LENGTH = 100


class Base(DeclarativeBase):
    """Base of the storage models; its ``metadata`` is what the migrations build."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {dict[str, Any]: JSON, datetime.datetime: DateTime(timezone=False)}


class Group(Base):
    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    created_at: Mapped[datetime.datetime]

    players: Mapped[list[Player]] = relationship(back_populates="group", order_by="Player.id")
    sittings: Mapped[list[Sitting]] = relationship(back_populates="group", order_by="Sitting.id")


class Player(Base):
    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("group_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(PLAYER_LENGTH))
    key: Mapped[str] = mapped_column(String(4 * PLAYER_LENGTH))  # names.name_key(name)

    group: Mapped[Group] = relationship(back_populates="players")


class Sitting(Base):
    __tablename__ = "sittings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    date: Mapped[datetime.date] = mapped_column(Date)
    place: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    rules_toml: Mapped[str] = mapped_column(Text)
    rules_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    cents_per_point: Mapped[int] = mapped_column(Integer)
    sit_out: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)
    tally: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)
    created_at: Mapped[datetime.datetime]

    group: Mapped[Group] = relationship(back_populates="sittings")
    seats: Mapped[list[SittingPlayer]] = relationship(order_by="SittingPlayer.position")


class SittingPlayer(Base):
    __tablename__ = "sitting_players"
    __table_args__ = (UniqueConstraint("sitting_id", "player_id"),)

    sitting_id: Mapped[int] = mapped_column(ForeignKey("sittings.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))

    player: Mapped[Player] = relationship()


class GameRow(Base):
    """A game of a sitting (the class is not called ``Game``: that is the card game of the core)."""

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("sitting_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sitting_id: Mapped[int] = mapped_column(ForeignKey("sittings.id", ondelete="CASCADE"))
    number: Mapped[int | None] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    revision: Mapped[int] = mapped_column(Integer)
    deleted: Mapped[bool] = mapped_column(default=False)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    row: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, deferred=True)
    author: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    created_at: Mapped[datetime.datetime]
    changed_at: Mapped[datetime.datetime]


class GameVersion(Base):
    """One change of a game (the audit trail): inserted, never updated or deleted."""

    __tablename__ = "game_versions"
    __table_args__ = (
        UniqueConstraint("game_id", "revision"),
        Index(None, "sitting_id", "version"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    sitting_id: Mapped[int] = mapped_column(ForeignKey("sittings.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    revision: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(10))
    deleted: Mapped[bool] = mapped_column(default=False)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    changed_at: Mapped[datetime.datetime]
