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

__all__ = [
    "ENV_URL",
    "ChartPoint",
    "Conflict",
    "GameInfo",
    "GameVersionInfo",
    "GroupInfo",
    "ListePage",
    "NotFound",
    "PlayerStats",
    "SittingInfo",
    "Stats",
    "Store",
    "StoreError",
    "UnknownPlayer",
    "StoreUnavailable",
    "default_url",
    "make_engine",
    "migrate",
    "normalize_url",
    "open_store",
]
