"""Backends that play many games at once: a local process pool or a Ray cluster.

Both backends are :class:`concurrent.futures.Executor` objects (made by :func:`make_executor`), so
the callers (:func:`doppelkopf.arena.run_arena`, :func:`play_session_parallel` for ``doko
simulate``) submit the same pure functions to either one:

* ``"process"``: :class:`ProcessPool` (a :class:`concurrent.futures.ProcessPoolExecutor`) with
  ``jobs`` worker processes on this machine, started by the ``forkserver`` method where the
  platform has it (:data:`START_METHOD`): the workers do not inherit the caller's threads or
  state (a progress bar's refresh thread, players registered at run time);
* ``"ray"``: :class:`RayExecutor`, one Ray task per submitted call (one CPU each). Ray is the
  optional extra ``cluster`` (``pip install 'doppelkopf[cluster]'``) and is imported only when
  this backend is made; without it :func:`import_ray` raises :class:`ClusterError` with the
  one-line message of :func:`doppelkopf.extras.missing_library`. With an ``address``
  (``"auto"``, ``"ray://head:10001"``, ``"10.0.0.1:6379"``) it joins that cluster
  (``ray.init(address=...)``); without one it starts a local Ray with ``jobs`` CPUs, and shuts it
  down again when the executor is shut down. A Ray already initialized in this process (a test, a
  notebook) is used as it is and left running (an ``address`` naming another cluster is refused).
  A task's error reaches the caller as the worker's own exception (not Ray's wrapper).

**Same seed, same results.** Every task is a pure function of its arguments: an arena chunk of
deals (seeds from the match seed, see :mod:`doppelkopf.arena`), or games of a session. So the
outcomes do not depend on the backend, on the number of workers or on the order in which tasks
finish; the callers put the results back in order. Not covered: a player with a wall-clock budget
(``search-strong``, any player option ``time_per_move``) stops its search by the clock, so its
games depend on how fast and how busy the machine is: it is not reproducible on any backend, not
even twice in one process. Use a sample budget (``search``, option ``samples``) where results
must repeat.

**A session in parallel** (:func:`play_session_parallel`). The games of a session follow one
another: who deals, the Pflichtsolo state and a forced solo (Vorführung, TSR 4.2.3) of a game
depend on the games before it. A game itself is a pure function of the rule set, the player
kinds, the session seed, its deal index (which gives its deal seed, :func:`session_seeds
<doppelkopf.players.runner.session_seeds>`) and its setup (dealer, ``pflichtsolo_done``,
``forced_solo_seat``): :func:`play_session_game`, with a fresh player of each kind per game
seeded as :func:`session_player_seed` says. The main process walks the session in order; ahead of
it, the workers play the next games *speculatively*, with the setups that a copy of the session
predicts when every game before them is a plain normal game (or, where a seat is forced, that
seat's forced Pflichtsolo). When the real setup of the next game is one that was predicted, the
worker's game is taken; when it is not (a Pflichtsolo, a deal thrown in), the speculations that no
longer fit are dropped (a process pool cancels those not started; on Ray they run to their end
unread, see :meth:`RayExecutor.cancel`) and the game is submitted again with its real setup.
One task per worker and one more are in flight at a time, so little is played for nothing after
a wrong guess. Each game taken is therefore played with exactly the
setup the sequential session gives it: the results are the sequential ones by construction,
whatever the backend or the number of workers. An error of a game played ahead (a player that
raises) is kept with its setup and raised only when the walk reaches that game with that setup,
after every game before it has been yielded, as the sequential session raises it; the error of
a game the session never plays (a wrong guess) is dropped with it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, InvalidStateError, ProcessPoolExecutor, wait
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple, TypeVar

from .game import Game, InformationState
from .messages import TextError
from .players import Player, make_player, play_game
from .players.runner import session_for, session_seeds
from .rules import GameType, RuleSet
from .scoring import GameSummary
from .session import Session
from .vorbehalte import of_owed_kind

T = TypeVar("T")

#: Added to the one-line error when Ray refuses for want of its token (Ray 2.60 token authentication).
AUTH_HINT = "(Ray's token authentication: see docs/cluster.md)"
#: Added when joining a named ``HOST:PORT`` fails without ``RAY_AUTH_MODE=token``: Ray 2.60 then says only "Failed
#: to connect" (the token error goes to its log), and a cluster with a token refuses exactly so.
AUTH_NEEDED_HINT = (
    "(a cluster with Ray's token authentication needs RAY_AUTH_MODE=token and its token here: see docs/cluster.md)"
)


def _may_want_token(address: str | None, exc: BaseException) -> bool:
    """Whether joining ``address`` failed in a way a missing token explains: a named ``HOST:PORT`` (Ray
    looks for the token by itself only for ``auto``), a connection error, and no ``RAY_AUTH_MODE=token``."""
    named = address is not None and address != "auto" and not address.startswith("ray://")
    return named and isinstance(exc, ConnectionError) and os.environ.get("RAY_AUTH_MODE", "").lower() != "token"


#: The backends, the default first.
BACKENDS = ("process", "ray")


class ClusterError(TextError):
    """A backend that cannot run: an unknown name, Ray not installed, a Ray address that cannot be
    reached, an option that only one backend takes. The message is one line and starts with the
    parameter it is about (``backend:``, ``ray_address:``, ``jobs:``; the CLI names its flags)."""


def import_ray() -> ModuleType:
    """The ``ray`` module; raises :class:`ClusterError` with the one-line message naming the
    ``cluster`` extra when it is not installed (``the cluster extra is not installed (no module
    ray): pip install 'doppelkopf[cluster]'``)."""
    try:
        import ray
    except ImportError as exc:
        from .extras import missing_library

        message = missing_library(exc) or (
            "the cluster extra is not installed (no module ray): pip install 'doppelkopf[cluster]'"
        )
        raise ClusterError(message) from None
    return ray


def _call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ``fn(*args, **kwargs)`` (the body of every Ray task)."""
    return fn(*args, **kwargs)


class RayExecutor(Executor):
    """An :class:`~concurrent.futures.Executor` whose calls run as Ray tasks (one CPU each).

    Args:
        address: a Ray cluster to join (``ray.init(address=address)``: ``"auto"`` on a node of
            the cluster, ``"ray://head:10001"`` from outside it); ``None`` starts a local Ray with
            ``cpus`` CPUs. A Ray already initialized in this process is used as it is when
            ``address`` is ``None``, ``"auto"`` or that Ray's own GCS address; any other address
            is refused (the games would silently run on the cluster already joined).
        cpus: CPUs of a local Ray started here (at least 1); ignored with an ``address``.

    :attr:`workers` is the number of CPUs of the cluster (tasks that run at once). Raises
    :class:`ClusterError` when ray is not installed or the cluster cannot be reached (naming
    ``ray_address``). The functions submitted must be importable by the workers (module-level
    functions of an installed package: every node of a cluster needs ``doppelkopf`` installed).
    A future of :meth:`submit` holds the function's result or the worker's own exception (a
    ``ValueError`` raised in the task comes back as that ``ValueError``, not as Ray's
    ``RayTaskError`` with the remote traceback in its message).
    """

    def __init__(self, address: str | None = None, cpus: int | None = None) -> None:
        ray = import_ray()
        self._ray = ray
        self._owner = False
        if ray.is_initialized():
            _check_same_cluster(ray, address)
        else:
            if cpus is not None and cpus < 1:
                raise ClusterError("jobs: need at least 1 CPU for a local Ray, got {cpus}", cpus=cpus)
            if address is not None:
                _check_reachable(address)
            exceptions = getattr(ray, "exceptions", None)
            auth_error: type[BaseException] = getattr(exceptions, "AuthenticationError", RuntimeError)
            try:
                if address is None:
                    ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING)
                else:
                    ray.init(address=address, logging_level=logging.WARNING)
            except (ConnectionError, RuntimeError, ValueError, auth_error) as exc:
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                if isinstance(exc, auth_error) or re.search(r"authenticat|token", str(exc), re.IGNORECASE):
                    first += f" {AUTH_HINT}"
                elif _may_want_token(address, exc):
                    first += f" {AUTH_NEEDED_HINT}"
                if address is None:
                    raise ClusterError("backend: cannot start a local Ray: {first}", first=first) from None
                raise ClusterError(
                    "ray_address: cannot join the Ray cluster at {address!r}: {first}", address=address, first=first
                ) from None
            self._owner = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1)(_call)
        self._refs: dict[Future[Any], Any] = {}

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task. The future has the result, or the exception
        the function raised on the worker (Ray's ``RayTaskError`` unwrapped to its cause; other
        Ray errors, e.g. a worker that died, as Ray raises them)."""
        ref = self._remote.remote(fn, *args, **kwargs)
        future: Future[T] = Future()
        self._refs[future] = ref
        task_error = self._ray.exceptions.RayTaskError

        def settle(done: Future[Any]) -> None:
            self._refs.pop(future, None)
            try:
                outcome: tuple[bool, Any] = (True, done.result())
            except task_error as exc:
                cause = getattr(exc, "cause", None)
                outcome = (False, cause if isinstance(cause, BaseException) else exc)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller through the future
                outcome = (False, exc)
            try:
                if outcome[0]:
                    future.set_result(outcome[1])
                else:
                    future.set_exception(outcome[1])
            except InvalidStateError:  # cancelled meanwhile: nobody reads it
                pass

        ref.future().add_done_callback(settle)
        return future

    def cancel(self, future: Future[Any]) -> None:
        """Drop ``future``: it is cancelled and its task's result is never read, but the task itself
        runs to its end. ``ray.cancel`` is not called: in Ray 2.60 a cancel that crosses the reply of
        its task (queued or running) fails a check in Ray's core worker (``Tried to complete task
        that was not pending``, ray-project/ray#54846), which ends this whole process with exit
        status 1 and no Python error to catch. So callers keep few tasks in flight (one per CPU and
        one more: :func:`doppelkopf.arena.run_arena`, :func:`play_session_parallel`), and a Ray
        started by this executor ends its tasks with :meth:`shutdown`."""
        self._refs.pop(future, None)
        future.cancel()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Drop the futures left if asked (their tasks are not stopped, see :meth:`cancel`); shut
        Ray down if this executor started it (that ends its tasks)."""
        if cancel_futures:
            for future in list(self._refs):
                self.cancel(future)
        if self._owner and self._ray.is_initialized():
            self._ray.shutdown()
        self._owner = False


#: Seconds to wait for the head node of a ``--ray-address`` to answer before giving up.
CONNECT_TIMEOUT_S = 5.0


def _check_same_cluster(ray: ModuleType, address: str | None) -> None:
    """Refuse an ``address`` other than ``"auto"`` that is not the GCS address of the Ray this
    process is already connected to (:class:`ClusterError` naming ``ray_address``)."""
    if address is None or address == "auto":
        return
    try:
        current = str(ray.get_runtime_context().gcs_address)
    except Exception:  # noqa: BLE001 - a Ray Client connection has no GCS address to compare
        current = "an unknown address"
    if current != address:
        raise ClusterError(
            "ray_address: this process is already connected to the Ray cluster at {current}, not {address!r} "
            "(shut it down first, or give no address)",
            current=current,
            address=address,
        )


def _check_reachable(address: str) -> None:
    """Refuse at once a ``host:port`` (or ``ray://host:port``) whose head node does not answer within
    :data:`CONNECT_TIMEOUT_S` (Ray itself would retry for minutes); ``"auto"`` and other forms are left
    to Ray. Raises :class:`ClusterError` naming ``ray_address``."""
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise ClusterError(
            "ray_address: no Ray head node answers at {address!r} within {connect_timeout_s:g} s ({exc})",
            address=address,
            connect_timeout_s=CONNECT_TIMEOUT_S,
            exc=exc,
        ) from None


def check_backend(backend: str, ray_address: str | None) -> None:
    """Raise :class:`ClusterError` for an unknown ``backend`` or a ``ray_address`` without the
    ``ray`` backend (naming the parameter ``backend`` / ``ray_address``)."""
    if backend not in BACKENDS:
        raise ClusterError(
            "backend: unknown backend {backend!r}; known: {backends}", backend=backend, backends=", ".join(BACKENDS)
        )
    if ray_address is not None and backend != "ray":
        raise ClusterError("ray_address: only with the backend 'ray' (the backend is {backend!r})", backend=backend)


#: How :func:`make_executor` starts the worker processes of the ``process`` backend:
#: ``"forkserver"`` (workers forked from a clean server process, so they inherit no thread and no
#: state of the caller), or ``"spawn"`` where the platform has no forkserver.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


class ProcessPool(ProcessPoolExecutor):
    """The ``process`` backend: a :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers``
    processes started by ``start_method`` (default :data:`START_METHOD`), which keeps its
    :attr:`workers` count. As with every start method but ``fork``, a script that uses it (through
    :func:`doppelkopf.arena.run_arena` with ``jobs`` above 1, say) needs the ``if __name__ ==
    "__main__":`` guard, and a player registered at run time (``PLAYERS[name] = ...`` inside a
    function) is unknown to the workers: register it when a module is imported."""

    def __init__(self, workers: int, start_method: str | None = None) -> None:
        context = multiprocessing.get_context(start_method or START_METHOD)
        super().__init__(max_workers=workers, mp_context=context)
        self.workers = workers


def make_executor(backend: str, jobs: int | None, ray_address: str | None = None) -> Executor:
    """The executor of ``backend``: a :class:`ProcessPool` of ``jobs`` workers (default: all
    cores), or a :class:`RayExecutor` (a local Ray with ``jobs`` CPUs, default all cores, or the
    cluster at ``ray_address``). Shut it down when done (``with`` does; after an error,
    ``shutdown(wait=False, cancel_futures=True)`` drops the queued calls). Raises
    :class:`ClusterError` (see :func:`check_backend`, :class:`RayExecutor`) and
    :class:`ClusterError` for ``jobs`` below 1."""
    check_backend(backend, ray_address)
    if jobs is not None and jobs < 1:
        raise ClusterError("jobs: need at least 1, got {jobs}", jobs=jobs)
    if backend == "ray":
        return RayExecutor(ray_address, jobs if jobs is not None else (os.cpu_count() or 1))
    return ProcessPool(jobs or os.cpu_count() or 1)


def executor_workers(executor: Executor) -> int:
    """How many calls ``executor`` runs at once: the processes of a :class:`ProcessPool`, the CPUs
    of a :class:`RayExecutor`'s cluster; for an executor of another kind (one made by the caller),
    the cores of this machine."""
    workers = getattr(executor, "workers", None)
    if isinstance(workers, int) and workers >= 1:
        return workers
    return os.cpu_count() or 1


def cancel(executor: Executor, future: Future[Any]) -> None:
    """Drop ``future``: a process pool cancels it if it has not started; on Ray its task runs to
    its end and its result is not read (:meth:`RayExecutor.cancel` says why)."""
    if isinstance(executor, RayExecutor):
        executor.cancel(future)
    else:
        future.cancel()


# -- a session in parallel -----------------------------------------------------------------------


def session_player_seed(session_seed: int, seat: int) -> int:
    """The seed of the player in ``seat`` of a ``doko simulate`` session with seed ``session_seed``:
    ``4 · session_seed + seat``, the same for every game (each game gets a fresh player with it; the
    players derive their randomness from it, the seat and the game's seed)."""
    return session_seed * 4 + seat


class FreshPlayer(Player):
    """A player of kind ``kind`` made anew (``make_player(kind, seed)``) at every
    :meth:`~doppelkopf.players.Player.reset`, i.e. for every game: nothing a player keeps carries
    from one game to the next, so a game of a session is the same whether it is played in order
    (this wrapper in :func:`~doppelkopf.players.play_session`) or alone on a worker
    (:func:`play_session_game`)."""

    def __init__(self, kind: str, seed: int) -> None:
        self.kind = kind
        self.seed = seed
        self.inner = make_player(kind, seed)  # raises ValueError for an unknown kind
        super().__init__(self.inner.name)

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.inner = make_player(self.kind, self.seed)
        self.inner.reset(seat, rules, seed)

    def choose(self, info: InformationState) -> int:
        return self.inner.choose(info)

    def react(self, info: InformationState) -> int | None:
        return self.inner.react(info)


class _FreshObservingPlayer(FreshPlayer):
    """A :class:`FreshPlayer` for a kind that overrides :meth:`Player.observe` (the runner calls
    ``observe`` only for players that override it)."""

    def observe(self, info: InformationState) -> None:
        self.inner.observe(info)


def fresh_players(kinds: Sequence[str], session_seed: int) -> list[Player]:
    """The four players of a session: a :class:`FreshPlayer` per seat with
    :func:`session_player_seed`. Raises :class:`ValueError` for an unknown kind or not four kinds."""
    if len(kinds) != 4:
        raise ValueError(f"players: a session needs 4 players, got {len(kinds)}")
    out: list[Player] = []
    for seat, kind in enumerate(kinds):
        player = FreshPlayer(kind, session_player_seed(session_seed, seat))
        if type(player.inner).observe is not Player.observe:
            player = _FreshObservingPlayer(kind, session_player_seed(session_seed, seat))
        out.append(player)
    return out


class Setup(NamedTuple):
    """What decides a game of a session besides the fixed rules, players and session seed: its deal
    index (the session's count of deals before it, deals thrown in included; it gives the deal
    seed, counted from the deal the session stood at when the play began) and the setup that
    :meth:`Session.next_game_setup <doppelkopf.session.Session.next_game_setup>` gives it (the
    Bock multiplier does not change the play and is left out; the games left in the round do: a
    player may time its Pflichtsolo by them, TSR 4.2.3)."""

    deal: int
    dealer: int
    pflichtsolo_done: tuple[bool, bool, bool, bool]
    forced_solo_seat: int | None
    games_left_in_round: int | None = None
    forced_kind: str | None = None


def play_session_game(rules: RuleSet, kinds: tuple[str, ...], session_seed: int, game_seed: int, setup: Setup) -> Game:
    """Play the game ``setup`` of a session alone: dealt with ``game_seed`` (the session's seed of
    deal ``setup.deal``), fresh players of ``kinds`` seeded by :func:`session_player_seed`. The
    finished :class:`~doppelkopf.game.Game` (a pure function of the arguments)."""
    game = Game.new(
        rules,
        seed=game_seed,
        dealer=setup.dealer,
        pflichtsolo_done=setup.pflichtsolo_done,
        forced_solo_seat=setup.forced_solo_seat,
        games_left_in_round=setup.games_left_in_round,
        forced_kind=setup.forced_kind,
    )
    players = [make_player(kind, session_player_seed(session_seed, seat)) for seat, kind in enumerate(kinds)]
    return play_game(game, players)


def _plain_summary(rules: RuleSet, dealer: int, forced: int | None, kind: str | None = None) -> GameSummary:
    """The game a prediction assumes: the forced soloist's Pflichtsolo where a seat is forced (it
    must play one, of the ``kind`` it owes: :func:`~doppelkopf.vorbehalte.of_owed_kind`), else a normal game Re
    wins without announcements."""
    if forced is not None:
        solo = next((t for t in rules.allowed_soli if rules.plays(t) is None and of_owed_kind(kind, t)), None)
        if solo is not None:
            return GameSummary(solo, frozenset({forced}), 150)
    return GameSummary(GameType.NORMAL, frozenset({(dealer + 1) % 4, (dealer + 2) % 4}), 150)


class _Predictor:
    """The setups of the next games of a session, predicted on a copy of it (see
    :func:`predict_setups`) and kept from call to call: while each game comes out as predicted
    (the session's state after it is the predicted state), only the new last setup is computed."""

    def __init__(self) -> None:
        self.start: dict[str, object] | None = None  # the session's state before setups[0]
        self.setups: list[Setup] = []
        self.after: list[dict[str, object]] = []  # the copy's state after each predicted game
        self.copy: Session | None = None
        self.stuck = False  # the copy refused a plain game: no prediction beyond it

    def plan(self, session: Session, count: int) -> list[Setup]:
        """The setups of the next ``count`` (at least 1; fewer where a plain game cannot be
        written) games of ``session``; the first is exact."""
        state = session.snapshot()
        if self.setups and state == self.after[0]:  # the game recorded came out as predicted
            self.start = self.after.pop(0)
            self.setups.pop(0)
        if not self.setups or state != self.start or self.copy is None:
            self.copy = Session(session.rules, session.players, session.sit_out)
            self.copy.restore(state)
            self.start, self.setups, self.after, self.stuck = state, [], [], False
        copy = self.copy
        while len(self.setups) < max(1, count) and not self.stuck:
            self._extend(copy)
        return self.setups[: max(1, count)]

    def _extend(self, copy: Session) -> None:
        setup = copy.next_game_setup()
        self.setups.append(
            Setup(
                copy.deals,
                setup.dealer,
                setup.pflichtsolo_done,
                setup.forced_solo_seat,
                setup.games_left_in_round,
                setup.forced_kind,
            )
        )
        try:
            copy.record_summary(_plain_summary(copy.rules, setup.dealer, setup.forced_solo_seat, setup.forced_kind))
        except ValueError:  # a plain game this session refuses: predict no further
            self.stuck = True
        self.after.append(copy.snapshot())


def predict_setups(session: Session, count: int) -> list[Setup]:
    """The setups of the next ``count`` (at least 1) games of ``session``: the first is exact, the
    later ones assume that every game before them is a plain game (the forced soloist's
    Pflichtsolo where a seat is forced, else a normal game), written on a copy of the session by
    :meth:`Session.record_summary <doppelkopf.session.Session.record_summary>`, so the session's
    own rules move the deal, the round and the Pflichtsoli. ``session`` is unchanged."""
    return _Predictor().plan(session, count)


@dataclass
class SpeculationStats:
    """What the play-ahead did, in games: ``submitted`` to the workers, ``taken`` (used),
    ``dropped`` (played or queued for a prediction that did not come true), ``resubmitted`` (the
    next game was not among the predictions and was sent with its real setup)."""

    submitted: int = 0
    taken: int = 0
    dropped: int = 0
    resubmitted: int = 0


class _Seeds:
    """The deal seeds of a session (:func:`~doppelkopf.players.runner.session_seeds`), grown on demand."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seeds: list[int] = []

    def __getitem__(self, deal: int) -> int:
        if deal >= len(self.seeds):
            self.seeds = session_seeds(self.seed, max(2 * len(self.seeds), deal + 64))
        return self.seeds[deal]


def play_session_games(
    rules: RuleSet, kinds: tuple[str, ...], session_seed: int, games: Sequence[tuple[int, Setup]]
) -> list[Game]:
    """:func:`play_session_game` for each ``(game_seed, setup)`` of ``games``, in order (one task)."""
    return [play_session_game(rules, kinds, session_seed, game_seed, setup) for game_seed, setup in games]


#: Games per task of the play-ahead. One: the least is played for nothing after a wrong guess; more
#: saves round trips where games are short next to a task's overhead (a Ray cluster).
CHUNK = 1


def play_session_parallel(
    rules: RuleSet,
    kinds: Sequence[str],
    games: int,
    seed: int,
    executor: Executor,
    session: Session | None = None,
    window: int | None = None,
    chunk: int = CHUNK,
    stats: SpeculationStats | None = None,
) -> Iterator[Game]:
    """Play a session as :func:`~doppelkopf.players.play_session` with :func:`fresh_players` does,
    with the games played on ``executor`` ahead of time (see the module docstring): yields every
    finished game in order (deals thrown in included), each recorded on ``session`` (default: a new
    one with the players "Seat 1" .. "Seat 4") before it is yielded, until ``games`` games counted.

    The predicted games go out in tasks of ``chunk`` consecutive games (at least 1);
    ``window``: games predicted ahead (default: three tasks for each task in flight; one
    task per worker and one more are in flight). ``stats``
    (if given) is filled in as the session goes. Raises :class:`ValueError` at the call for
    negative ``games``, not four kinds or a session with other rules, and whatever a game or the
    session raises (e.g. :class:`~doppelkopf.session.SessionError`) when the game is reached, as
    the sequential session does: an error of a game played ahead is raised only when the walk
    reaches that game with the setup it was played with, after every game before it has been
    yielded; the error of a game the session does not play is dropped. The games in flight are
    then dropped.
    """
    if games < 0:
        raise ValueError(f"games: must be 0 or more, got {games}")
    fresh_players(kinds, seed)  # checks the kinds
    session = session_for(rules, session)
    chunk = max(1, chunk)
    size = window if window is not None else 3 * chunk * (executor_workers(executor) + 1)
    plan = _Plan(rules, tuple(kinds), seed, executor, chunk, stats or SpeculationStats())
    return plan.walk(session, games, max(1, size))


class _Plan:
    """The play-ahead of :func:`play_session_parallel`: the games done and in flight, by setup."""

    def __init__(
        self,
        rules: RuleSet,
        kinds: tuple[str, ...],
        seed: int,
        executor: Executor,
        chunk: int,
        stats: SpeculationStats,
    ) -> None:
        self.rules, self.kinds, self.seed, self.executor = rules, kinds, seed, executor
        self.chunk, self.stats = chunk, stats
        #: tasks in flight at most: one per worker and one queued (a queued task cannot be cancelled
        #: once the pool has handed it on, so more would only be played for nothing after a wrong guess)
        self.slots = executor_workers(executor) + 1
        self.seeds = _Seeds(seed)
        self.first_deal = 0  # the session's deal count at the start: its next deal takes the first seed
        self.done: dict[Setup, Game] = {}
        self.failed: dict[Setup, BaseException] = {}  # the error of each game that raised, kept until reached
        self.pending: list[tuple[tuple[Setup, ...], Future[list[Game]]]] = []

    def submit(self, run: list[Setup]) -> None:
        games = [(self.seeds[s.deal - self.first_deal], s) for s in run]
        future = self.executor.submit(play_session_games, self.rules, self.kinds, self.seed, games)
        self.pending.append((tuple(run), future))
        self.stats.submitted += len(run)

    def drop_all_but(self, wanted: set[Setup]) -> None:
        """Forget the games done (or failed) and cancel the tasks that no prediction wants any more."""
        for setup in [s for s in self.done if s not in wanted]:
            del self.done[setup]
            self.stats.dropped += 1
        for setup in [s for s in self.failed if s not in wanted]:
            del self.failed[setup]
            self.stats.dropped += 1
        keep = []
        for run, future in self.pending:
            if any(s in wanted for s in run):
                keep.append((run, future))
            else:
                cancel(self.executor, future)
                self.stats.dropped += len(run)
        self.pending = keep

    def collect(self) -> None:
        """Move the games of the finished tasks to ``done``. A task that raised: its error is kept
        in ``failed`` for its one game; a task of several games is sent again as one task per game,
        so the games before the one that raised are not lost and the error is the one of its game."""
        for run, future in [p for p in self.pending if p[1].done()]:
            self.pending.remove((run, future))
            error = future.exception()
            if error is None:
                self.done.update(zip(run, future.result(), strict=True))
            elif len(run) == 1:
                self.failed[run[0]] = error
            else:
                self.stats.submitted -= len(run)  # counted again as they go out one by one
                for setup in run:
                    self.submit([setup])

    def fill(self, plan: list[Setup], final: bool) -> None:
        """Send the planned games no task holds, in runs of ``chunk``, while fewer than ``slots``
        tasks are in flight (the run with the next game always); a shorter run only where it holds
        the next game or the plan reaches the end of the session (``final``)."""
        covered = set(self.done).union(self.failed, *(run for run, _ in self.pending))
        runs: list[list[Setup]] = [[]]
        for setup in plan:
            if setup in covered or len(runs[-1]) == self.chunk:
                runs.append([])
            if setup not in covered:
                runs[-1].append(setup)
        for run in runs:
            if not run or not (len(run) == self.chunk or final or run[0] == plan[0]):
                continue
            if run[0] != plan[0] and len(self.pending) >= self.slots:
                break
            self.submit(run)

    def walk(self, session: Session, games: int, window: int) -> Iterator[Game]:
        predictor = _Predictor()
        self.first_deal = session.deals
        counted = 0
        try:
            while counted < games:
                want = min(window, games - counted)
                plan = predictor.plan(session, want)
                self.drop_all_but(set(plan))
                known = plan[0] in self.done or plan[0] in self.failed
                if self.stats.taken and not known and not any(plan[0] in r for r, _ in self.pending):
                    self.stats.resubmitted += 1  # predicted otherwise: sent again with its real setup
                self.fill(plan, final=want < window)
                while plan[0] not in self.done and plan[0] not in self.failed:
                    wait([future for _, future in self.pending], return_when=FIRST_COMPLETED)
                    self.collect()
                    self.fill(plan, final=want < window)
                if plan[0] in self.failed:  # the game itself raised: as the sequential session does
                    raise self.failed.pop(plan[0])
                game = self.done.pop(plan[0])
                self.stats.taken += 1
                if session.record_result(game) is not None:
                    counted += 1
                yield game
        finally:
            for _, future in self.pending:
                cancel(self.executor, future)
