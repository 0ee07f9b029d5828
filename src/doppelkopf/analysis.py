"""Post-game analysis: the exact solver's review of every card played, like a chess engine's.

For each card of a game (in the PLAY phase, with all four hands open and the parties as they stand in
``game.party`` when the card is played), the analysis says how many **Augen** (card points, 0..240) the
mover's party could still reach with its best card against best defence, how many it can still reach
after the card played, and the difference: the Augen the card cost (0 for a best card). Values come
from :mod:`doppelkopf.fast.solver` (:func:`~doppelkopf.fast.solver.card_values`,
:func:`~doppelkopf.fast.solver.reaches`); the Augen already in the party's tricks count.

**Punkte view.** Next to the Augen, each card gets the **Punkte** the mover's seat would score if the game
ended with that Augen result, computed by :func:`doppelkopf.scoring.score` (so every threshold, 121/120,
keine 90 ..., Absagen and the house rules, is the scoring module's) with the game type, the parties and
the announcement levels as they stood when the card was played. Left out: Sonderpunkte (Fuchs gefangen,
Doppelkopf, Karlchen depend on which cards fall where, not on the Augen), announcements made later, the
Bock multiplier of the Liste, and tricks without Augen (the view takes a party with 0 Augen to have no
trick, as :class:`~doppelkopf.scoring.GameSummary` does when the tricks are unknown).

**Exact and bounded.** The exact solver is fast with few tricks left (median well under a second from 7
tricks left of 12, see ``docs/analysis.md``) and can take minutes for a full deal. So the cards played
with at most ``exact_tricks`` tricks left (counting the current one) are solved exactly (each position
within ``exact_budget_s`` seconds; a position that takes longer is treated like an earlier one), and the
earlier cards get a **bounded** answer: null-window tests (``reaches``) with a time budget of
``budget_s`` seconds per position narrow the Augen down to a range ``lo..hi`` that is proven (the true
value lies in it, whatever the budget): first whether the position is worth more than the card played
gave, then the Augen where the Punkte change (found by scoring each Augen result), then bisection. A
bounded card is a mistake only when its proven loss is above 0; its best card is not named.

**Hochzeit with the partner open.** Until the Klärungsstich finds the partner (TSR 4.4.3; the core's
``game.partner_open``), the parties are not fixed: the first trick another seat wins makes it Re. The solver
has no model of that search, so the cards played while the partner is open (the Klärungsstich's included)
are **not analysed**: their :class:`CardAnalysis` has ``parties_open=True``, no Augen or Punkte and is never a
mistake (:attr:`GameAnalysis.open_tricks`, :attr:`GameAnalysis.open_note`).

**A claimed or conceded rest** (Spielabkürzung, TSR 5.4): the cards after the claim were not played and are not
analysed (:attr:`GameAnalysis.rest_note`). The values of the cards before it are computed with all four hands
as dealt, so they also depend on the cards nobody saw played.

The solver runs in a child process (forked where the platform and a single thread allow it, else from a
fork server, which loads the solver once) that is stopped when a budget is spent: the numba search cannot be
interrupted in place. A budget counts from the moment the child is ready (the solver loaded). The child ends
when the analysing process dies (Linux: ``PR_SET_PDEATHSIG``; elsewhere at the next question). A script that
calls :func:`analyse` while another thread is alive must guard its main code with
``if __name__ == "__main__":`` (the fork server imports the main module again); without it :func:`analyse`
raises a one-line RuntimeError saying so.

Example (a whole game of the rules player; the last three tricks exact, no budget for the bounded search):

>>> from doppelkopf.game import Game
>>> from doppelkopf.players import make_player, play_game
>>> game = Game.new("ddv", seed=7)
>>> _ = play_game(game, [make_player("rules", seed=s) for s in range(4)])
>>> review = analyse(game, exact_tricks=3, budget_s=0)
>>> len(review.cards), review.bounded_tricks
(48, (1, 2, 3, 4, 5, 6, 7, 8, 9))
>>> last = review.cards[-1]
>>> last.exact and last.augen_loss == Bound(0, 0)  # the last card is forced: it costs nothing
True
>>> all(c.augen_loss.lo >= 0 and c.augen_after.hi <= c.augen_best.hi for c in review.cards)
True
"""

from __future__ import annotations

import bisect
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import AUGEN, Card
from .game import Action, Game, Phase
from .rules import GameType, Party, RuleSet
from .scoring import GameSummary, ScoreError, score

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from .record import GameRecord

__all__ = [
    "DEFAULT_BUDGET_S",
    "DEFAULT_EXACT_BUDGET_S",
    "DEFAULT_EXACT_TRICKS",
    "LEFT_OUT",
    "AnalysisStopped",
    "Bound",
    "CardAnalysis",
    "GameAnalysis",
    "analyse",
    "analyse_record",
    "punkte_view",
]

#: Cards played with at most this many tricks left (the current one counted) are solved exactly.
DEFAULT_EXACT_TRICKS = 7
#: Seconds of solver time per position of an earlier card (the bounded search).
DEFAULT_BUDGET_S = 1.0
#: Seconds one exact position may take before it (and every earlier one) gets the bounded search.
DEFAULT_EXACT_BUDGET_S = 20.0
#: What the Punkte view leaves out (shown with every analysis).
LEFT_OUT = (
    "Punkte view: Sonderpunkte, later announcements, Bock and tricks without Augen are left out; "
    "game type, parties and announcements as they stood at each card"
)


#: Augen of a whole deck, 240 (TSR 2.2): each card twice, the core's AUGEN (the nines count 0).
TOTAL: int = 2 * sum(AUGEN)


class AnalysisStopped(Exception):
    """:func:`analyse` was stopped by its ``stop`` event (the child process is ended first)."""


@dataclass(frozen=True, order=True)
class Bound:
    """A value known to lie in ``lo..hi`` (both included); exact when ``lo == hi``.

    >>> str(Bound(121, 121)), str(Bound(90, 151)), Bound(90, 151).exact
    ('121', '90..151', False)
    """

    lo: int
    hi: int

    @property
    def exact(self) -> bool:
        """Whether the value is known exactly."""
        return self.lo == self.hi

    def __str__(self) -> str:
        return str(self.lo) if self.exact else f"{self.lo}..{self.hi}"


@dataclass(frozen=True)
class CardAnalysis:
    """The review of one card played.

    Attributes:
        number: 0-based index of the card among the cards played (0..47 with 12 cards a hand).
        trick: 1-based number of its trick.
        seat: the seat that played it (0..3). card: the card.
        party: the mover's party as it stood (``game.party``).
        exact: solved exactly (else bounded: the ranges below are proven, not exact; or not analysed).
        augen_best: Augen (0..240) the mover's party ends with, its tricks so far included, when it plays
            its best card now and both parties play perfectly after; ``None`` when ``parties_open``.
        augen_after: the same after the card played (``None`` when ``parties_open``).
        best_cards: the cards that reach ``augen_best`` (exact analysis only; empty when bounded).
        punkte_best, punkte_after: the mover's Punkte with those Augen (the Punkte view, see
            :func:`punkte_view`; ``None`` where scoring refused the summary, or when ``parties_open``).
        parties_open: played in a Hochzeit while the partner was still open (``game.partner_open``, TSR
            4.4.3): not analysed, no values, never a mistake (see the module docstring).
    """

    number: int
    trick: int
    seat: int
    card: Card
    party: Party
    exact: bool
    augen_best: Bound | None
    augen_after: Bound | None
    best_cards: tuple[Card, ...]
    punkte_best: Bound | None
    punkte_after: Bound | None
    parties_open: bool = False

    @property
    def augen_loss(self) -> Bound | None:
        """The Augen the card cost its party (0 for a best card): ``augen_best - augen_after``, proven;
        ``None`` when the card was not analysed (``parties_open``)."""
        if self.augen_best is None or self.augen_after is None:
            return None
        best, after = self.augen_best, self.augen_after
        return Bound(max(0, best.lo - after.hi), max(0, best.hi - after.lo))

    @property
    def punkte_loss(self) -> Bound | None:
        """The mover's Punkte the card cost in the Punkte view (0: none), or ``None`` without Punkte."""
        if self.punkte_best is None or self.punkte_after is None:
            return None
        return Bound(
            max(0, self.punkte_best.lo - self.punkte_after.hi), max(0, self.punkte_best.hi - self.punkte_after.lo)
        )

    @property
    def mistake(self) -> bool:
        """Whether the card provably cost Augen (its loss is above 0; never for a card not analysed)."""
        loss = self.augen_loss
        return loss is not None and loss.lo > 0


@dataclass(frozen=True)
class GameAnalysis:
    """The review of a game, card by card (see the module docstring).

    Attributes:
        cards: one :class:`CardAnalysis` per card played, in play order.
        exact_tricks: cards with at most this many tricks left were to be solved exactly.
        budget_s: seconds per position of the bounded search.
        bounded_tricks: 1-based numbers of the tricks with at least one bounded card.
        left_out: what the Punkte view leaves out (:data:`LEFT_OUT`).
        seconds: wall-clock seconds the analysis took.
        open_tricks: 1-based numbers of the tricks with cards played while a Hochzeit's partner was open
            (not analysed); empty otherwise.
        rest: ``(kind, seat, trick)`` when the rest was claimed (``kind`` ``"claim"``, TSR 5.4.3) or given up
            (``"concession"``, TSR 5.4.6) by ``seat`` in trick ``trick`` (1-based): the cards after it were
            not played and are not analysed; ``None`` otherwise.
        notes: one line per problem met (e.g. a position the solver refused: its cards keep trivial bounds).
    """

    cards: tuple[CardAnalysis, ...]
    exact_tricks: int
    budget_s: float
    bounded_tricks: tuple[int, ...]
    left_out: str = LEFT_OUT
    seconds: float = 0.0
    open_tricks: tuple[int, ...] = ()
    rest: tuple[str, int, int] | None = None
    notes: tuple[str, ...] = ()

    def mistakes(self) -> tuple[CardAnalysis, ...]:
        """The cards that provably cost Augen, in play order."""
        return tuple(c for c in self.cards if c.mistake)

    def trick(self, number: int) -> tuple[CardAnalysis, ...]:
        """The cards of trick ``number`` (1-based), in play order."""
        return tuple(c for c in self.cards if c.trick == number)

    @property
    def bound_note(self) -> str:
        """One line saying which tricks are bounded and what that means ('' when all are exact)."""
        if not self.bounded_tricks:
            return ""
        tricks = ", ".join(str(t) for t in self.bounded_tricks)
        return (
            f"tricks {tricks}: bounded search ({self.budget_s:g} s per position): the Augen lie in the ranges "
            f"shown (proven), a card is marked a mistake only when its loss is proven; exact from "
            f"{self.exact_tricks} tricks left on"
        )

    @property
    def open_note(self) -> str:
        """One line saying which tricks were played with a Hochzeit's partner open ('' when none)."""
        if not self.open_tricks:
            return ""
        return (
            f"Hochzeit: the partner was open until trick {self.open_tricks[-1]} (the Klärungsstich): "
            f"partner open, not analysed (the solver has no model of the partner search)"
        )

    def rest_note(self, names: tuple[str, ...] | list[str] | None = None) -> str:
        """One line on a claimed or conceded rest ('' when the game was played out); ``names``: the seats'
        names (default ``Platz 1`` ..)."""
        if self.rest is None:
            return ""
        kind, seat, trick = self.rest
        who = names[seat] if names is not None else f"Platz {seat + 1}"
        did = "claimed the rest (Spielabkürzung)" if kind == "claim" else "gave up the rest (TSR 5.4.6)"
        return (
            f"Trick {trick}: {who} {did}: the rest was not played, not analysed; the values before use all "
            f"four hands as dealt, so they also depend on cards nobody saw played"
        )


# -- the Punkte view ---------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _points_table(
    rules: RuleSet, game_type: Any, re_seats: frozenset[int], levels: tuple[int, int]
) -> tuple[tuple[int, int, int, int] | None, ...]:
    """The Punkte of seats 0..3 for each Augen result of Re (index 0..240), by the scoring module."""
    out: list[tuple[int, int, int, int] | None] = []
    for augen_re in range(TOTAL + 1):
        summary = GameSummary(game_type, re_seats, augen_re, announcements=levels)
        try:
            out.append(score(summary, rules).points)
        except ScoreError:
            out.append(None)
    return tuple(out)


def _table_of(game: Game) -> tuple[tuple[int, int, int, int] | None, ...]:
    re_seats = frozenset(s for s in range(4) if game.party[s] is Party.RE)
    return _points_table(game.rules, game.game_type, re_seats, (game.levels[0], game.levels[1]))


def punkte_view(game: Game, seat: int, augen: int) -> int | None:
    """The Punkte of ``seat`` if the game ended with ``augen`` (0..240) for the party of ``seat``, scored by
    :func:`doppelkopf.scoring.score` with the game type, the parties and the announcement levels of ``game``
    as they stand now (what is left out: :data:`LEFT_OUT`). ``None`` when scoring refuses that summary, or
    before the game type is known (in the Vorbehalt phase).

    Raises ValueError for Augen outside 0..240 or a seat outside 0..3; TypeError for Augen that are no int."""
    if seat not in range(4):
        raise ValueError(f"seat: no seat {seat}: seats are 0..3")
    if isinstance(augen, bool) or not isinstance(augen, int):
        raise TypeError(f"augen: expected an int, got {type(augen).__name__}")
    if not 0 <= augen <= TOTAL:
        raise ValueError(f"augen: {augen} is outside 0..{TOTAL}")
    if game.game_type is None:
        return None
    augen_re = augen if game.party[seat] is Party.RE else TOTAL - augen
    points = _table_of(game)[augen_re]
    return None if points is None else points[seat]


def _punkte_bound(game: Game, seat: int, augen: Bound) -> Bound | None:
    values = [punkte_view(game, seat, a) for a in range(augen.lo, augen.hi + 1)]
    known = [v for v in values if v is not None]
    if len(known) != len(values):
        return None
    return Bound(min(known), max(known))


def _breakpoints(game: Game, seat: int) -> list[int]:
    """Party Augen ``a`` (1..240) where the Punkte view of ``seat`` differs from ``a - 1``."""
    views = [punkte_view(game, seat, a) for a in range(TOTAL + 1)]
    return [a for a in range(1, TOTAL + 1) if views[a] != views[a - 1]]


# -- the solver in a child process ---------------------------------------------------------------------


_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent_pid: int) -> None:  # pragma: no cover - runs in the child process
    """End this child when the analysing process ``parent_pid`` dies: ``PR_SET_PDEATHSIG`` on Linux (also
    during a search: the numba search holds the interpreter), else a thread that checks the parent."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    start_ppid = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != start_ppid or not _alive(parent_pid):
                os._exit(1)

    threading.Thread(target=watch, name="doko-parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - another user's process: alive
        return True
    return True


def _runner_main(conn: Connection, parent_end: Connection, parent_pid: int) -> None:  # pragma: no cover - child
    parent_end.close()  # else the pipe never reports EOF when the analysing process dies
    _die_with_parent(parent_pid)
    from .fast import solver

    def answer(kind: str, game: Game, args: tuple[int, ...]) -> tuple[str, Any]:
        try:
            result: Any = solver.card_values(game) if kind == "values" else solver.reaches(game, *args)
            return "ok", result
        except ValueError as exc:
            return "error", str(exc)

    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        kind, game, args = job
        if kind == "warm":  # load the compiled search, then say so: the budgets count from here
            answer("values", game, ())
            conn.send(("ready", None))
            continue
        conn.send(answer(kind, game, args))


_SLICE_S = 0.1
#: seconds a child may take to start and load the solver before :func:`analyse` gives up
_READY_S = 120.0


class _Child:
    """One solver child process and the parent's end of its pipe."""

    def __init__(self, ctx: Any, warm: Game) -> None:
        parent, child = ctx.Pipe()
        self.proc: BaseProcess = ctx.Process(target=_runner_main, args=(child, parent, os.getpid()), daemon=True)
        try:
            self.proc.start()
        except RuntimeError as exc:
            parent.close()
            child.close()
            raise RuntimeError(_GUARD) from exc
        child.close()
        self.conn: Connection = parent
        self.conn.send(("warm", warm, ()))
        self.ready = False

    def close(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


_GUARD = (
    "analyse: the solver process ended before it was ready: a script that calls analyse while another thread "
    "is alive must guard its main code with `if __name__ == '__main__':` (the fork server imports it again)"
)


class _Runner:
    """The solver in a child process that can be stopped when a question runs past its time. A spare child,
    started in advance, loads the solver while the current one works, so a stopped child is replaced at once."""

    def __init__(self, warm: Game, stop: threading.Event | None = None) -> None:
        methods = multiprocessing.get_all_start_methods()
        # fork only a process with one thread (a fork copies no other thread, and no lock they hold)
        if "fork" in methods and threading.active_count() == 1:
            method = "fork"
        elif "forkserver" in methods:
            method = "forkserver"
        else:  # pragma: no cover - Windows
            method = "spawn"
        self._ctx: Any = multiprocessing.get_context(method)
        if method == "forkserver":
            # the fork server imports the solver (numba) once; its children start with it loaded
            self._ctx.set_forkserver_preload(["doppelkopf.fast.solver"])
        self._warm = warm
        self._stop = stop
        self._child: _Child | None = None
        self._spare: _Child | None = None

    @property
    def method(self) -> str:
        """The start method of the children (``fork``, ``forkserver`` or ``spawn``)."""
        return str(self._ctx.get_start_method())

    def _wait(self, conn: Connection, timeout: float) -> bool:
        """Whether ``conn`` has an answer within ``timeout`` seconds; raises :class:`AnalysisStopped` when
        the stop event is set meanwhile."""
        deadline = time.monotonic() + timeout
        while True:
            if self._stop is not None and self._stop.is_set():
                raise AnalysisStopped("analyse: stopped")
            left = deadline - time.monotonic()
            if left <= 0:
                return conn.poll(0)
            if conn.poll(min(left, _SLICE_S)):
                return True

    def _ready_child(self) -> _Child:
        """The current child, ready (the spare one when there is none; a new spare is started)."""
        if self._child is None:
            self._child = self._spare if self._spare is not None else _Child(self._ctx, self._warm)
            self._spare = None
        child = self._child
        if not child.ready:
            try:
                if not self._wait(child.conn, _READY_S):
                    raise RuntimeError(f"analyse: the solver process was not ready after {_READY_S:g} s")
                status, _ = child.conn.recv()
            except (EOFError, OSError):
                self._child = None
                child.close()
                raise RuntimeError(_GUARD) from None
            child.ready = status == "ready"
        if self._spare is None and self.method != "fork":
            self._spare = _Child(self._ctx, self._warm)
        return child

    def ask(self, kind: str, game: Game, args: tuple[int, ...], timeout: float) -> tuple[str, Any]:
        """``("ok", result)``, ``("error", message)`` or ``("timeout", None)`` after ``timeout`` seconds,
        counted from when the child is ready. Raises :class:`AnalysisStopped` when the stop event is set."""
        if timeout <= 0:
            return "timeout", None
        child = self._ready_child()
        child.conn.send((kind, game, args))
        if self._wait(child.conn, timeout):
            try:
                answer: tuple[str, Any] = child.conn.recv()
                return answer
            except EOFError:
                self._drop()
                return "error", "the solver process ended"
        self._drop()
        return "timeout", None

    def _drop(self) -> None:
        if self._child is not None:
            self._child.close()
        self._child = None

    def close(self) -> None:
        """End the children (at once: a running search is killed)."""
        self._drop()
        if self._spare is not None:
            self._spare.close()
        self._spare = None


# -- the analysis --------------------------------------------------------------------------------------


@dataclass
class _Node:
    """A position whose value (Augen of the party of ``seat``) lies in ``lo..hi``."""

    game: Game
    seat: int
    lo: int
    hi: int

    def party_bound(self, seat: int) -> Bound:
        """The bound as Augen of the party of ``seat``."""
        if self.game.party[seat] is self.game.party[self.seat]:
            return Bound(self.lo, self.hi)
        return Bound(TOTAL - self.hi, TOTAL - self.lo)

    def narrow(self, seat: int, lo: int, hi: int) -> None:
        """Narrow with ``lo..hi`` given as Augen of the party of ``seat``."""
        if self.game.party[seat] is not self.game.party[self.seat]:
            lo, hi = TOTAL - hi, TOTAL - lo
        self.lo = max(self.lo, lo)
        self.hi = min(self.hi, hi)


def _node(game: Game, seat: int) -> _Node:
    side = game.party[seat]
    taken = sum(t.augen for t in game.tricks if game.party[t.winner] is side)
    if game.is_terminal:
        return _Node(game, seat, taken, taken)
    played = sum(t.augen for t in game.tricks)
    return _Node(game, seat, taken, taken + TOTAL - played)


@dataclass
class _Step:
    number: int
    trick: int
    seat: int
    card: int
    before: _Node
    after: _Node
    tricks_left: int
    parties_open: bool = False
    values: dict[int, int] | None = None


def _partner_open(game: Game) -> bool:
    """Whether a Hochzeit's partner is still open (the core's flag; TSR 4.4.3)."""
    return game.game_type is GameType.HOCHZEIT and bool(getattr(game, "partner_open", False))


def _steps(game: Game) -> list[_Step]:
    """The cards played, each with its position before and after (parties of the position before)."""
    replay = game.as_dealt()
    steps: list[_Step] = []
    for seat, action in game.history:
        if Action.is_card(action) and replay.phase is Phase.PLAY:
            before = replay.clone()
            after = replay.clone()
            after.apply(action, seat)
            party = list(before.party)
            if list(after.party) != party:  # a Klärungsstich: keep the parties the card was played under
                after.party = party
            steps.append(
                _Step(
                    len(steps),
                    len(before.tricks) + 1,
                    seat,
                    action,
                    _node(before, seat),
                    _node(after, seat),
                    len(before.hands[seat]),
                    _partner_open(before),
                )
            )
        replay.apply(action, seat)
    # the position after a card is the one before the next card when the parties are the same: share it
    for step, nxt in zip(steps, steps[1:], strict=False):
        if list(step.after.game.party) == list(nxt.before.game.party) and not step.after.game.is_terminal:
            step.after = nxt.before
    return steps


def _rest(game: Game) -> tuple[str, int, int] | None:
    """``(kind, seat, trick)`` of a claim or concession of the rest (see :class:`GameAnalysis`)."""
    cards = 0
    for seat, action in game.history:
        if Action.is_card(action):
            cards += 1
        elif action in (Action.CLAIM, Action.CONCEDE):
            kind = "claim" if action == Action.CLAIM else "concession"
            return kind, seat, cards // 4 + 1
    return None


def _refine(node: _Node, budget_s: float, first: int | None, ask: Callable[..., tuple[str, Any]]) -> None:
    """Narrow ``node`` with null-window tests for ``budget_s`` seconds: ``first`` (if inside), then the
    Augen where the Punkte view changes, then bisection."""
    deadline = time.monotonic() + budget_s
    game, seat = node.game, node.seat
    points = _breakpoints(game, seat)

    def test(augen: int) -> bool:
        status, result = ask("reaches", game, (seat, augen), deadline - time.monotonic())
        if status != "ok":
            return False
        if result:
            node.lo = max(node.lo, augen)
        else:
            node.hi = min(node.hi, augen - 1)
        return True

    if first is not None and node.lo < first <= node.hi and not test(first):
        return
    while node.lo < node.hi:
        inside = points[bisect.bisect_right(points, node.lo) : bisect.bisect_right(points, node.hi)]
        augen = inside[len(inside) // 2] if inside else (node.lo + node.hi + 1) // 2
        if not test(augen):
            return


def analyse(
    game: Game,
    *,
    exact_tricks: int = DEFAULT_EXACT_TRICKS,
    budget_s: float = DEFAULT_BUDGET_S,
    exact_budget_s: float = DEFAULT_EXACT_BUDGET_S,
    from_trick: int = 1,
    progress: Callable[[int, int], None] | None = None,
    stop: threading.Event | None = None,
) -> GameAnalysis:
    """Review every card played in ``game`` (finished or not; a deal thrown in has none) with all hands open.

    ``exact_tricks``: cards with at most this many tricks left (1..12; above the rule set's hand size, e.g. 11
    with 10 cards a hand, every card) are solved exactly; ``budget_s``: seconds of the bounded search per
    earlier position (0: only the trivial bounds); ``exact_budget_s``: seconds an exact position may take (then
    it and all earlier ones are bounded); budgets count from when the solver's child process is ready.
    ``from_trick``: the first trick (1-based) whose cards are reviewed (earlier ones are left out of the
    result). ``progress(done, total)`` is called after each card. ``stop``: when this event is set, the
    analysis ends the running search and raises :class:`AnalysisStopped` (checked every 0.1 s). The solver runs
    in a child process (see the module docstring); a position the solver refuses is noted in
    :attr:`GameAnalysis.notes` and keeps its trivial bounds.

    Returns a :class:`GameAnalysis`. Raises ValueError for an ``exact_tricks`` outside 1..12, a
    ``from_trick`` below 1 or a negative budget; TypeError when ``game`` is no :class:`~doppelkopf.game.Game`;
    RuntimeError (one line) when the solver process cannot start (a script with a thread alive and no
    ``if __name__ == "__main__":`` guard); :class:`AnalysisStopped` when ``stop`` is set.
    """
    if not isinstance(game, Game):
        raise TypeError(f"analyse: expected a Game, got {type(game).__name__}")
    if isinstance(exact_tricks, bool) or not isinstance(exact_tricks, int) or not 1 <= exact_tricks <= 12:
        raise ValueError(f"exact_tricks: expected 1..12 tricks left, got {exact_tricks!r}")
    for name, value in (("budget_s", budget_s), ("exact_budget_s", exact_budget_s)):
        if not value >= 0:
            raise ValueError(f"{name}: expected seconds >= 0, got {value!r}")
    if isinstance(from_trick, bool) or not isinstance(from_trick, int) or from_trick < 1:
        raise ValueError(f"from_trick: expected a trick number >= 1, got {from_trick!r}")
    start = time.monotonic()
    steps = [step for step in _steps(game) if step.trick >= from_trick]
    notes: dict[str, None] = {}
    solved = [step for step in steps if not step.parties_open]
    runner: _Runner | None = None
    if solved:
        from .fast import solver

        # load the compiled search here once, so that a forked child has it
        warm = solved[-1].before.game
        try:
            solver.card_values(warm)
        except ValueError:
            pass  # noted below, at the position itself
        runner = _Runner(warm, stop)
    exact_now = True
    try:
        for done, step in enumerate(reversed(steps), 1):
            if runner is not None and not step.parties_open:
                exact = exact_now and step.tricks_left <= exact_tricks
                if _solve(step, runner, exact, exact_budget_s, budget_s, notes) == "timeout":
                    exact_now = False  # this position took too long: the earlier (larger) ones are bounded
            if stop is not None and stop.is_set():
                raise AnalysisStopped("analyse: stopped")
            if progress is not None:
                progress(done, len(steps))
    finally:
        if runner is not None:
            runner.close()
    cards = tuple(_card(step) for step in steps)
    bounded = tuple(sorted({c.trick for c in cards if not c.exact and not c.parties_open}))
    open_tricks = tuple(sorted({c.trick for c in cards if c.parties_open}))
    return GameAnalysis(
        cards,
        exact_tricks,
        budget_s,
        bounded,
        LEFT_OUT,
        round(time.monotonic() - start, 2),
        open_tricks,
        _rest(game),
        tuple(notes),
    )


def _solve(
    step: _Step, runner: _Runner, exact: bool, exact_budget_s: float, budget_s: float, notes: dict[str, None]
) -> str:
    """Solve ``step`` exactly (``exact``), else (or when that runs out of time) bound it; the status of the
    exact question (``"ok"``, ``"error"``, ``"timeout"``; ``""`` when not asked)."""

    def ask(kind: str, game: Game, args: tuple[int, ...], timeout: float) -> tuple[str, Any]:
        status, result = runner.ask(kind, game, args, timeout)
        if status == "error":
            notes[f"trick {step.trick}: the solver refused a position ({result}): trivial bounds kept"] = None
        return status, result

    if exact:
        status, values = ask("values", step.before.game, (), exact_budget_s)
        if status == "ok" and values and step.card in values:
            step.values = values
            best = max(values.values())
            step.before.narrow(step.seat, best, best)
            after = values[step.card]
            step.after.narrow(step.seat, after, after)
            return status
        if status == "ok":
            notes[f"trick {step.trick}: the solver gave no value for the card played: bounded instead"] = None
    else:
        status = ""
    after_bound = step.after.party_bound(step.seat)
    # the best card is worth at least the card played
    step.before.narrow(step.seat, after_bound.lo, TOTAL)
    mover = step.before.party_bound(step.seat)
    first = after_bound.hi + 1 if mover.lo <= after_bound.hi else None
    _refine(step.before, budget_s, first, ask)
    return status


def _card(step: _Step) -> CardAnalysis:
    position = step.before.game
    if step.parties_open:
        return CardAnalysis(
            number=step.number,
            trick=step.trick,
            seat=step.seat,
            card=Card(step.card),
            party=position.party[step.seat],
            exact=False,
            augen_best=None,
            augen_after=None,
            best_cards=(),
            punkte_best=None,
            punkte_after=None,
            parties_open=True,
        )
    best = step.before.party_bound(step.seat)
    after = step.after.party_bound(step.seat)
    # the card played is worth at most the best card
    after = Bound(after.lo, min(after.hi, best.hi))
    best = Bound(max(best.lo, after.lo), best.hi)
    exact = step.values is not None
    best_cards: tuple[Card, ...] = ()
    if step.values is not None:
        top = max(step.values.values())
        best_cards = tuple(Card(c) for c, v in sorted(step.values.items()) if v == top)
    return CardAnalysis(
        number=step.number,
        trick=step.trick,
        seat=step.seat,
        card=Card(step.card),
        party=position.party[step.seat],
        exact=exact,
        augen_best=best,
        augen_after=after,
        best_cards=best_cards,
        punkte_best=_punkte_bound(position, step.seat, best),
        punkte_after=_punkte_bound(position, step.seat, after),
    )


def analyse_record(record: GameRecord, **options: Any) -> GameAnalysis:
    """:func:`analyse` of the game a record's actions give (:func:`doppelkopf.record.verify`: the record is
    replayed and its stored result checked); ``options`` as :func:`analyse` takes them. Raises
    :class:`~doppelkopf.record.RecordError` for a record that does not replay."""
    from .record import verify

    return analyse(verify(record), **options)
