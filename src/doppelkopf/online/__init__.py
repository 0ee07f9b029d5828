"""The online table: a table's game in memory and what each seat may see of it (pure, no I/O).

:mod:`doppelkopf.online.table` holds :class:`TableState` (the deal being played, rebuilt from the stored
actions, with the computer players' decisions) and :class:`DealSetup`; :mod:`doppelkopf.online.view` builds
the seat view, the only thing a client ever receives about a game. Storage
(:mod:`doppelkopf.storage.tables`) keeps tables, deals and actions; the web app (:mod:`doppelkopf.web.live`)
serves them over WebSockets.

A computer player standing in for a person's seat plays conservatively (a rule of the online table,
:data:`STANDIN_POLICY`): gesund unless vorgeführt, no Armut taken, no bid, no Ansage, claim or concession.
"""

from __future__ import annotations

from .table import (
    BOT_LEVELS,
    STANDIN_LEVEL,
    STANDIN_POLICY,
    DealSetup,
    TableState,
    bot_seed,
    deal_seed,
    setup_for,
    standin_actions,
)
from .view import PHASE_LABELS, seat_view

__all__ = [
    "BOT_LEVELS",
    "PHASE_LABELS",
    "STANDIN_LEVEL",
    "STANDIN_POLICY",
    "DealSetup",
    "TableState",
    "bot_seed",
    "deal_seed",
    "seat_view",
    "setup_for",
    "standin_actions",
]
