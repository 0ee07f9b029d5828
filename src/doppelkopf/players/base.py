"""The player interface, and (re-exported from :mod:`doppelkopf.players.sampling`) what a player
may derive from its information state.

A :class:`Player` sees the game only through :class:`~doppelkopf.game.InformationState` objects:
its own hand, the Vorbehalt answers ("gesund"/"vorbehalt"), the public game type, the tricks
played, the announcements and the hand sizes. It never gets the :class:`~doppelkopf.game.Game`.

A search player works by *determinization*: it samples the hidden hands of the other three seats
consistent with what it has seen, rebuilds a full game from that sample and searches in it. The
pieces it needs live in :mod:`doppelkopf.players.sampling` and are importable from here too:

* :func:`unseen_cards`: the cards that are in the other hands (deck minus own hand minus played);
* :func:`voids`: per seat the groups (Fehl suits or trump, see :mod:`doppelkopf.order`) the seat
  has shown void by not following;
* :func:`inferred_parties`: the parties the observer can deduce (public parties plus its own);
* :func:`sample_hands`: one random assignment of the unseen cards to the other seats with the
  right hand sizes, no card in a group a seat has shown void, and the Kreuz-Damen where the
  game type and the parties put them;
* :func:`rebuild_game`: a :class:`~doppelkopf.game.Game` built from a sample that replays the
  public history through the core, so the rules apply in the search exactly as in the game;
* :class:`HandSampler`, :func:`played_cards`, :func:`game_order_type`, :func:`armut_seats` and
  :func:`armut_exchange` (see :mod:`~doppelkopf.players.sampling`, with an example).
"""

from __future__ import annotations

import abc

from ..game import InformationState
from ..rules import RuleSet
from .sampling import (
    HandSampler,
    armut_exchange,
    armut_seats,
    game_order_type,
    inferred_parties,
    played_cards,
    rebuild_game,
    sample_hands,
    unseen_cards,
    voids,
)

__all__ = [
    "HandSampler",
    "Player",
    "armut_exchange",
    "armut_seats",
    "game_order_type",
    "inferred_parties",
    "played_cards",
    "rebuild_game",
    "sample_hands",
    "unseen_cards",
    "voids",
]


class Player(abc.ABC):
    """A seat's decision maker; it sees only :class:`~doppelkopf.game.InformationState` objects.

    The runner (:func:`doppelkopf.players.runner.play_game`) calls, for each game:

    * :meth:`reset` once before the Vorbehaltsabfrage, with the seat, rule set and game seed;
    * :meth:`choose` whenever the seat is to move: its Vorbehalt answer; where the rule set has
      them, its part in an Armut (lay a card, take or refuse, give a card back) and in the bidding
      for a solo (raise or pass); then in play a card, an announcement, the Schweine or the claim
      of the rest. After an announcement or the Schweine the runner asks again, so a player may
      announce and then play (or raise further) in one turn. ``info.phase`` and
      ``info.legal_actions`` tell which decision it is;
    * :meth:`react` before each card play of another seat while the seat has legal announcements
      (announcements out of turn, TSR 6.4.1); return ``None`` to stay silent;
    * :meth:`observe` after every action, only if the subclass overrides it.

    Every returned action must be one of ``info.legal_actions``; the runner raises otherwise.
    Attributes ``seat`` and ``rules`` hold the values of the last :meth:`reset`.
    """

    name: str = "player"

    def __init__(self, name: str | None = None) -> None:
        if name is not None:
            self.name = name
        self.seat = 0
        self.rules: RuleSet | None = None
        self.game_seed: int | None = None

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        """Start of a game: the player sits at ``seat`` (0..3) under ``rules``; ``seed`` is the
        game's seed (``None`` for a hand-made deal), for players that derive randomness from it."""
        self.seat = seat
        self.rules = rules
        self.game_seed = seed

    @abc.abstractmethod
    def choose(self, info: InformationState) -> int:
        """The action of the seat to move: one of ``info.legal_actions``."""

    def react(self, info: InformationState) -> int | None:
        """An announcement out of turn (one of ``info.legal_actions``) or ``None`` (default)."""
        return None

    def observe(self, info: InformationState) -> None:  # noqa: B027 - optional hook, empty by design
        """Called with the seat's information state after every action (optional hook)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"
