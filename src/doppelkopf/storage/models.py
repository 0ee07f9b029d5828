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
    rows are only ever inserted. ``client_id`` (revision 0004; ``None`` for a write without one) is the id
    the client made for the write (a phone's offline queue, :mod:`doppelkopf.storage.service`), unique per
    sitting: a write sent again with it is recognised and not done twice.

Members (:mod:`doppelkopf.storage.members`, :mod:`doppelkopf.storage.passkeys`; revision 0005):

``accounts``
    a person who may use the server: its ``name``, whether it is the server's ``owner`` or may create
    groups, the optional password login (``login_key``, argon2 ``password_hash``).
``memberships``
    an account's ``role`` in a group (``admin``, ``member``) and the ``player`` of the Liste it is.
``invitations``
    the links (only their SHA-256 ``token_hash``): ``kind`` setup, member, device or viewer, with the group,
    role, player, who made it, its expiry, ``max_uses``, ``uses`` and ``revoked_at``.
``device_sessions``
    a device's login (the SHA-256 of its cookie's token): of an account, or of a viewer link
    (``invitation_id``); ``seen_at``, ``revoked_at``.
``passkeys``
    an account's WebAuthn credentials: ``credential_id`` (base64url), ``public_key`` (COSE), ``sign_count``.

The online table (:mod:`doppelkopf.storage.tables`):

``online_tables``
    a table played in the browser: ``name``, its rule set as TOML (``rules_toml``, ``rules_name``, fixed at
    creation as a sitting's), ``seed`` (the shuffle seeds of its deals derive from it,
    :func:`doppelkopf.online.deal_seed`), ``invite`` (the secret of the invite link), ``host_hash`` (SHA-256
    hex of the host's token; the token itself is never stored), ``listed`` (shown in the lobby), ``status``
    (``lobby``, ``playing``, ``paused``, ``ended``), the ``group_id`` whose statistics its games join and the
    ``sitting_id`` of its Liste (set at the start), the pace of its computer players (``pace_ms``), the grace
    time before a stand-in takes a dropped person's seat (``grace_s``), the pause between two games
    (``next_game_s``), ``version`` (one up per change: the message number its clients see and the optimistic
    lock of its next action) and ``deal`` (the number of the current deal, 0 before the first).
``online_seats``
    its four seats (``seat`` 0..3): the ``name`` (``None``: an empty seat), the computer player's level
    (``bot``, a registry name of :data:`doppelkopf.online.BOT_LEVELS`; ``None``: a person's seat), the
    SHA-256 hex of the seat's token (``token_hash``, ``None`` while nobody holds the seat), ``standin`` (a
    computer player plays for the person who dropped), ``shows_hand`` (the person lets spectators see
    the hand) and ``seen_at`` (UTC: when a server process last saw the person connected, so the processes
    of one database know who is present anywhere; ``None``: never).
``online_deals``
    the table's deals (``number`` 1, 2, ...; a deal thrown in counts): ``setup`` (JSON,
    :meth:`doppelkopf.online.DealSetup.to_dict`: seed, dealer, Pflichtsoli, Bock), ``finished``,
    ``thrown_in``, ``game_number`` (the game's number on the Liste once it is recorded there) and
    ``record_error`` (one line: why the Liste refused the finished game, e.g. the sitting was changed on the
    score sheet meanwhile; the deal is finished all the same and the table deals on).
``online_actions``
    every accepted action of a deal in order (``seq`` 0, 1, ... per deal; the ``seat`` that took it and the
    engine's ``action`` integer): replaying them on the deal's setup gives the game as it stands; rows are
    only ever inserted.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Date,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
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
#: Length of a SHA-256 digest in hex (the stored form of a token).
HASH_LENGTH = 64
#: Longest invite secret, table status and computer player level.
TOKEN_LENGTH = 64
STATUS_LENGTH = 10
BOT_LENGTH = 40
#: Longest client id of a write (``game_versions.client_id``; a UUID has 36 characters).
CLIENT_ID_LENGTH = 64


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
        Index(None, "sitting_id", "client_id", unique=True),
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
    #: the id the client made for the write (revision 0004): a write sent twice is taken once
    client_id: Mapped[str | None] = mapped_column(String(CLIENT_ID_LENGTH))


class OnlineTable(Base):
    """A table played online (see the module docstring); its seats, deals and actions hang on it."""

    __tablename__ = "online_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    rules_toml: Mapped[str] = mapped_column(Text)
    rules_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    seed: Mapped[int] = mapped_column(BigInteger)
    invite: Mapped[str] = mapped_column(String(TOKEN_LENGTH))
    host_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    listed: Mapped[bool] = mapped_column(default=True)
    #: show the solver's analysis after each game (revision 0003; default off)
    analysis: Mapped[bool] = mapped_column(default=False, server_default=false())
    status: Mapped[str] = mapped_column(String(STATUS_LENGTH), index=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    sitting_id: Mapped[int | None] = mapped_column(ForeignKey("sittings.id", ondelete="SET NULL"))
    pace_ms: Mapped[int] = mapped_column(Integer)
    grace_s: Mapped[int] = mapped_column(Integer)
    next_game_s: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    deal: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime.datetime]
    changed_at: Mapped[datetime.datetime]


class OnlineSeat(Base):
    """One of a table's four seats."""

    __tablename__ = "online_seats"

    table_id: Mapped[int] = mapped_column(ForeignKey("online_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(PLAYER_LENGTH))
    bot: Mapped[str | None] = mapped_column(String(BOT_LENGTH))
    token_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH))
    standin: Mapped[bool] = mapped_column(default=False)
    shows_hand: Mapped[bool] = mapped_column(default=False)
    #: when a server process last saw the seat's person connected (UTC; presence across processes)
    seen_at: Mapped[datetime.datetime | None]


class OnlineDeal(Base):
    """One deal at a table (a deal thrown in is one too)."""

    __tablename__ = "online_deals"

    table_id: Mapped[int] = mapped_column(ForeignKey("online_tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    game_number: Mapped[int | None] = mapped_column(Integer)
    thrown_in: Mapped[bool] = mapped_column(default=False)
    finished: Mapped[bool] = mapped_column(default=False)
    #: why the Liste refused the finished game (one line); ``None`` when it was recorded or not due
    record_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime.datetime]


class OnlineAction(Base):
    """One accepted action of a deal: inserted, never updated or deleted."""

    __tablename__ = "online_actions"
    __table_args__ = (
        UniqueConstraint("table_id", "deal", "seq"),
        ForeignKeyConstraint(
            ["table_id", "deal"], ["online_deals.table_id", "online_deals.number"], ondelete="CASCADE"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime.datetime]


class Account(Base):
    """A person who may use the server: its owner, a group's member, or both (see :mod:`.members`)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(PLAYER_LENGTH))
    #: the server's owner (claimed the server by the setup link): creates groups, lets others create them
    owner: Mapped[bool] = mapped_column(default=False)
    #: may create groups (the owner always may)
    creates_groups: Mapped[bool] = mapped_column(default=False)
    #: the name for the optional password login (unique as :func:`doppelkopf.names.name_key` compares)
    login_key: Mapped[str | None] = mapped_column(String(4 * PLAYER_LENGTH), unique=True)
    #: argon2 hash of the optional password; ``None``: no password
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime.datetime]


class Membership(Base):
    """An account's role in a group: ``admin`` (invites, removes, imports) or ``member`` (enters and corrects)."""

    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("group_id", "account_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    #: the player of the group's Liste this member is (``None``: not said)
    player: Mapped[str | None] = mapped_column(String(PLAYER_LENGTH))
    created_at: Mapped[datetime.datetime]


class Invitation(Base):
    """A secret link (only its SHA-256 is kept): ``setup`` (claims the server), ``member`` (joins ``group_id``
    with ``role``), ``device`` (adds a device to ``account_id``) or ``viewer`` (reads ``group_id``'s Liste)."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    kind: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    role: Mapped[str | None] = mapped_column(String(STATUS_LENGTH))
    player: Mapped[str | None] = mapped_column(String(PLAYER_LENGTH))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))
    created_at: Mapped[datetime.datetime]
    expires_at: Mapped[datetime.datetime | None]
    #: how many times it may be used (``None``: until it expires or is revoked)
    max_uses: Mapped[int | None] = mapped_column(Integer)
    uses: Mapped[int] = mapped_column(Integer, default=0)
    revoked_at: Mapped[datetime.datetime | None]


class DeviceSession(Base):
    """A device's long-lived login (the cookie holds the token, the database only its SHA-256): of an account,
    or of a viewer link (``invitation_id``, read-only, ends with the link)."""

    __tablename__ = "device_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    invitation_id: Mapped[int | None] = mapped_column(ForeignKey("invitations.id", ondelete="CASCADE"))
    label: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    created_at: Mapped[datetime.datetime]
    seen_at: Mapped[datetime.datetime]
    revoked_at: Mapped[datetime.datetime | None]


class Passkey(Base):
    """A passkey (WebAuthn credential) of an account: the way back in on a new device (see :mod:`.passkeys`)."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    #: the credential's id, base64url without padding (as the browser sends it)
    credential_id: Mapped[str] = mapped_column(String(TOKEN_LENGTH * 8), unique=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    label: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    created_at: Mapped[datetime.datetime]
    used_at: Mapped[datetime.datetime | None]
