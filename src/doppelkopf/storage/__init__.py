"""The score sheet's storage: groups, sittings and their games in SQLite or PostgreSQL (SQLAlchemy 2,
Alembic migrations shipped in ``migrations/``), with an audit trail of every change.

Seed 004's first game::

    store = open_store("sqlite:///liste.sqlite")          # or open_store() for default_url()
    group = store.create_group("Donnerstag", ["Anna", "Ben", "Carla", "Dirk"])
    sitting = store.create_sitting(group.id, group.players, "vier-schritte", cents_per_point=10)
    game = store.add_game(sitting.id, {"game": "kreuz", "re": ["Anna"], "augen_re": 190}, number=1, author="Ben")
    game.row.totals                                       # (9, -3, -3, -3)
    store.edit_game(sitting.id, 1, {...}, version=game.version, author="Ben")   # a correction

The service API is :class:`Store` (see :mod:`doppelkopf.storage.service`); what it returns are the
frozen dataclasses of :mod:`doppelkopf.storage.infos`. Its errors are :class:`StoreError` (a one-line
message naming the field) and its kinds :class:`NotFound`, :class:`Conflict` and :class:`StoreUnavailable`
(the database cannot be reached now: a web app answers 503). Importing this package imports SQLAlchemy:
``import doppelkopf`` does not import it.

The online tables (tables, seats, deals and every accepted action; their games go to the group's Liste) are
kept by :class:`TableStore` over a store (:mod:`doppelkopf.storage.tables`)::

    tables = TableStore(store)
    info, host_token = tables.create_table("Freitag", "ddv", [("Anna", None), (None, "rules"), (None, "rules"),
                                                            (None, "search")])
    info, seat_token = tables.claim_seat(info.id, 0, "Anna", invite=None)
    tables.start(info.id, host_token=host_token)              # the sitting and deal 1

An unlisted table is shown only with its invite (:meth:`TableStore.check_invite`); a seat's hand is shown to a
spectator only with that seat's watch link (:meth:`TableStore.watch_token`, :meth:`TableStore.watched_seat`);
the server processes of one database share who is connected (:meth:`TableStore.touch_seats`,
:meth:`TableStore.seen_recently`). ``create_table(seed=...)`` is for tests and benchmarks: a web API never
takes a table seed from a client (whoever knows it can compute every hand).
"""

from __future__ import annotations

from .infos import (
    ChartPoint,
    Conflict,
    GameInfo,
    GameVersionInfo,
    GroupInfo,
    ListePage,
    NotFound,
    PlayerStats,
    SittingInfo,
    Stats,
    StoreError,
    StoreUnavailable,
)
from .service import ENV_URL, Store, UnknownPlayer, default_url, make_engine, migrate, normalize_url, open_store
from .tables import ActionWrite, Forbidden, SeatInfo, TableInfo, TableSnapshot, TableStore

__all__ = [
    "ActionWrite",
    "ENV_URL",
    "ChartPoint",
    "Conflict",
    "Forbidden",
    "GameInfo",
    "GameVersionInfo",
    "GroupInfo",
    "ListePage",
    "NotFound",
    "PlayerStats",
    "SeatInfo",
    "SittingInfo",
    "Stats",
    "Store",
    "StoreError",
    "TableInfo",
    "TableSnapshot",
    "TableStore",
    "UnknownPlayer",
    "StoreUnavailable",
    "default_url",
    "make_engine",
    "migrate",
    "normalize_url",
    "open_store",
]
