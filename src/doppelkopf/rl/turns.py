"""Who acts next in the RL interfaces, with which actions: the turn protocol, one truth for the
PettingZoo environment, the Gymnasium wrapper and the OpenSpiel game.

Pure Python over the engine's :class:`~doppelkopf.game.Game` (no RL library imported here).

* **Without windows** (every rule set for which
  :func:`~doppelkopf.rl.encoding.own_turn_announcements_complete` holds: deadlines counted in
  cards in hand, the presets ``ddv``, ``ohne-neunen``, ``vier-schritte``): the seat to act is the
  engine's :attr:`Game.current_player <doppelkopf.game.Game.current_player>` with
  :meth:`Game.legal_actions() <doppelkopf.game.Game.legal_actions>`; a seat announces in its own
  turn, before its card, which reaches every announcement the rules allow.
* **With announcement windows** (deadlines counted in tricks, ``announcement_timing = "tricks"``,
  the ``doppelbock`` preset): before every decision of the seat to move in play for which
  :func:`window_round_opens` holds (some party may still announce: a public fact), *all three*
  other seats get a *window*, in seat order after the mover. In its window a seat has its
  out-of-turn actions (``game.legal_actions(seat)``: announcements, Schweine, claim, giving up the
  rest, TSR 6.4.1, 5.4.3, 5.4.6) plus :data:`WINDOW_PASS` (engine action 53, ``Action.PASS``, here
  "nothing out of turn"; it is never handed to the engine); a seat without such actions has only
  53, a forced pass. When a seat acted in a window and :func:`window_round_opens` still holds, the
  round is asked again (so an announcement can be answered, Erwiderung, TSR 6.4.4); when a round
  passes without an action, the mover decides.

  Who is asked is public on purpose: the seat to act is visible to every agent, so a window given
  only to the seats that *may* act out of turn would tell the table private facts (after Re,
  "keine 90" is legal only for Re seats; who holds the Schweine; who plays alone and may claim or
  give up the rest). Which rounds open and which seats they ask depend only on the public state and
  the actions taken, so two deals with the same public actions give the same acting seats. Claims,
  giving up the rest and Schweine out of turn are offered only in the windows the announcements
  open; otherwise a seat takes them in its own turn.

The protocol's state follows from the game's deal and the action sequence alone
(:attr:`Turns.history`, window passes included): :meth:`Turns.replay` rebuilds it.

>>> from doppelkopf.game import Game
>>> turns = Turns(Game.new("ddv", seed=1, dealer=3))
>>> turns.windows, turns.seat, turns.in_window  # the dealer's left answers the Vorbehalte first
(False, 0, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..announcements import level_range
from ..game import Game, IllegalAction, Phase
from ..moves import Action
from .encoding import own_turn_announcements_complete

__all__ = ["WINDOW_PASS", "Turns", "window_round_opens"]

#: The action that closes a seat's window without acting out of turn (``Action.PASS``, 53).
WINDOW_PASS: Final = int(Action.PASS)


def window_round_opens(game: Game) -> bool:
    """Whether a round of announcement windows opens now (before the decision of the seat to move,
    or again after a seat acted in a window): the game is in play and, where the deadlines count
    tricks, some party may still announce. Public: it reads only what every seat knows.

    Rule: announcements out of turn, TSR 6.4.1, with the deadlines of seed 002 ("Es geht los -
    Ansagen", ``announcement_timing = "tricks"``): a level is in time until
    ``announcement_tricks[level - 1]`` tricks and one more card are played and never while the trick
    holds two or more cards; a Hochzeit moves them by the tricks before its Klärungsstich and
    nobody but (under ``hochzeit_early_ansage``) the Hochzeiter announces before it (TSR 6.5). The
    test is the engine's own :func:`doppelkopf.announcements.level_range` asked for every seat:
    some seat has a level to announce. Under deadlines counted in tricks its answer for a seat
    depends on the seat only through its party (the levels and the in-time Ansage of each party,
    the tricks and cards played, the game type, the Hochzeiter and its Klärungsstich are public;
    the cards in hand are not read), and both parties always have a member in play (Re: who holds
    a Kreuz-Dame, the Hochzeiter, the soloist or the Armut pair; Kontra: the others). So "some seat
    may announce" is "Re or Kontra may announce", which every seat can tell, whoever belongs to
    which party.

    Under deadlines counted in cards in hand (windows only on request, :class:`Turns` with
    ``windows=True``; no preset) a seat's deadline is its own hand size, so "some seat may
    announce" would depend on who belongs to which party: there every decision in play opens a
    round (trivially public). Schweine, claims and giving up the rest are not part of the test
    (who holds the Schweine or plays alone in a stille Hochzeit is private); a seat may take them
    in a window that opens, or in its own turn."""
    if game.is_terminal or game.phase is not Phase.PLAY:
        return False
    if game.rules.announcement_timing != "tricks":
        return True
    for seat in range(4):
        low, high = level_range(game, seat)
        if low < high:
            return True
    return False


class Turns:
    """The turn protocol over ``game`` (see the module docstring): :attr:`seat` acts next,
    :meth:`legal_actions` are its actions, :meth:`apply` takes one. ``windows`` (default: the rule
    set needs them, ``not own_turn_announcements_complete(game.rules)``) switches the announcement
    windows on or off. ``game`` is applied to in place: change it only through :meth:`apply`."""

    def __init__(self, game: Game, windows: bool | None = None) -> None:
        self.game = game
        #: Whether the protocol opens announcement windows.
        self.windows: bool = not own_turn_announcements_complete(game.rules) if windows is None else bool(windows)
        #: The actions taken so far as ``(seat, action)``, window passes included (the engine's
        #: ``game.history`` leaves those out).
        self.history: list[tuple[int, int]] = []
        self._mover = -1  # the seat whose decision the windows come before
        self._queue: list[int] = []  # seats still to be asked in this round of windows
        self._acted = False  # someone acted in this round
        self._window: int | None = None  # the seat whose window is open
        self._open()

    # -- reading -------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat to act now: the seat whose window is open, else the engine's
        ``current_player``; ``None`` once the game is over."""
        if self.game.is_terminal:
            return None
        return self._window if self._window is not None else self.game.current_player

    @property
    def in_window(self) -> bool:
        """Whether :attr:`seat` acts in an announcement window (out of turn), not in its own turn."""
        return self._window is not None

    def legal_actions(self) -> list[int]:
        """The actions of :attr:`seat` now, ascending: in a window its out-of-turn actions and
        :data:`WINDOW_PASS`, else ``game.legal_actions()``; empty once the game is over."""
        if self.game.is_terminal:
            return []
        if self._window is not None:
            return sorted([*self.game.legal_actions(self._window), WINDOW_PASS])
        return self.game.legal_actions()

    # -- acting --------------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Take ``action`` for :attr:`seat`. Raises :class:`~doppelkopf.game.IllegalAction` when
        it is not legal now (the state is unchanged then): in the seat's own turn the engine's error
        naming the rule, in a window one naming the seat and the window; also once the game is over."""
        seat = self.seat
        action = int(action)
        if seat is None:
            raise IllegalAction(f"action {action_name(action)}: the game is over")
        if self._window is not None:
            if action == WINDOW_PASS:
                self.history.append((seat, action))
                self._queue.pop(0)
                self._advance()
                return
            if action not in self.game.legal_actions(seat):
                raise IllegalAction(
                    f"action {action_name(action)} is not one of seat {seat}'s actions in its announcement window"
                )
            self.game.apply(action, seat)
            self.history.append((seat, action))
            self._queue.pop(0)
            self._acted = True
            if self.game.phase is not Phase.PLAY or self.game.current_player != self._mover:
                self._open()  # a claim or a concession ended the windows
            else:
                self._advance()
            return
        self.game.apply(action, seat)
        self.history.append((seat, action))
        self._open()

    def clone(self) -> Turns:
        """An independent copy (the game cloned too)."""
        other = Turns.__new__(Turns)
        other.game = self.game.clone()
        other.windows = self.windows
        other.history = self.history[:]
        other._mover = self._mover
        other._queue = self._queue[:]
        other._acted = self._acted
        other._window = self._window
        return other

    @classmethod
    def replay(cls, game: Game, history: Iterable[tuple[int, int]], windows: bool | None = None) -> Turns:
        """The protocol over ``game`` (fresh from its deal) after ``history`` (``(seat, action)``
        pairs as :attr:`history` keeps them). Raises IllegalAction when an action is not legal or
        its seat is not the one to act."""
        turns = cls(game, windows)
        for seat, action in history:
            if seat != turns.seat:
                raise IllegalAction(f"replay: seat {seat} took {action_name(action)}, but seat {turns.seat} is to act")
            turns.apply(action)
        return turns

    # -- the windows ---------------------------------------------------------------------------
    def _open(self) -> None:
        """Start the windows before the decision of the seat to move now (if the protocol has them
        and :func:`window_round_opens` holds)."""
        self._window = None
        self._queue = []
        self._acted = False
        game = self.game
        if not self.windows or not window_round_opens(game):
            return
        self._mover = game.current_player
        self._queue = [(self._mover + k) % 4 for k in (1, 2, 3)]
        self._advance()

    def _advance(self) -> None:
        """Open the window of the next seat in the round (every other seat is asked, also one with
        no out-of-turn action: it has only :data:`WINDOW_PASS`); a new round when someone acted in
        this one and :func:`window_round_opens` still holds; none otherwise (the mover's turn)."""
        if self._queue:
            self._window = self._queue[0]
            return
        if self._acted and window_round_opens(self.game):
            self._acted = False
            self._queue = [(self._mover + k) % 4 for k in (1, 2, 3)]
            self._window = self._queue[0]
            return
        self._window = None


def action_name(action: int) -> str:
    """The key of ``action`` (:meth:`Action.key <doppelkopf.game.Action.key>`, e.g. ``KrA``) for
    an error message, or the number itself where it names no action.

    >>> action_name(0), action_name(999)
    ('KrA', '999')
    """
    try:
        return Action.key(action)
    except IllegalAction:
        return str(action)
