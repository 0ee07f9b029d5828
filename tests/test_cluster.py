"""The backends of doppelkopf.cluster: the same seed gives the same arena match and the same
simulated Liste in this process, in a pool of two worker processes and on a local two-worker Ray
cluster (Ray 2.60 has no local_mode: a real local cluster, started once for this module)."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import ray
from click.testing import CliRunner

import doppelkopf.cluster
from doppelkopf.arena import ArenaConfig, deal_seed, player_seed, run_arena
from doppelkopf.cli import main
from doppelkopf.cluster import (
    ClusterError,
    RayExecutor,
    Setup,
    SpeculationStats,
    fresh_players,
    play_session_parallel,
    predict_setups,
)
from doppelkopf.game import Game, InformationState
from doppelkopf.players import PLAYERS, Player, RandomPlayer, RuleBasedPlayer, make_player, play_game, play_session
from doppelkopf.players.runner import session_seeds
from doppelkopf.record import to_dict
from doppelkopf.rules import DDV, PRESETS, RuleSet, get_preset
from doppelkopf.session import Session

TIMING_KEYS = ("time_per_move_ms", "time_per_react_ms", "memory_per_decision_kib")
KINDS = ("rules", "random", "random", "rules")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """A local Ray cluster with two worker CPUs for the whole module."""
    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


@pytest.fixture(autouse=True)
def no_ray_cancel(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Any, ...]]]:
    """No test of this module calls ``ray.cancel``: in Ray 2.60 a cancel that crosses its task's
    reply fails a check in Ray's core worker and ends the whole test process with exit status 1
    (a CI run ended so, in the play-ahead of ``doko simulate``; see RayExecutor.cancel)."""
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(ray, "cancel", lambda *args, **kwargs: calls.append(args))
    yield calls
    assert not calls, f"ray.cancel was called for {len(calls)} task(s)"


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    """The arena JSON without what depends on the machine and the backend."""
    out: dict[str, Any] = json.loads(json.dumps(data))
    out.pop("jobs")
    out.pop("backend")
    for stats in out["players"].values():
        for key in TIMING_KEYS:
            stats.pop(key)
    return out


def rows(session: Session) -> list[tuple[str, tuple[int, ...], int]]:
    return [(r.label, tuple(r.points), r.multiplier) for r in session.sheet.rows]


# -- the Ray cluster itself --------------------------------------------------------------------


def test_ray_executor_runs_on_the_two_worker_cluster() -> None:
    """The executor joins the Ray of this module (two CPUs), runs calls in other processes that
    import the installed doppelkopf, and leaves that Ray running when shut down."""
    executor = RayExecutor()
    assert executor.workers == 2
    assert executor.submit(os.getpid).result(timeout=60) != os.getpid()
    game = executor.submit(Game.new, DDV, 5, 0).result(timeout=60)
    assert game.hands == Game.new(DDV, seed=5, dealer=0).hands
    executor.shutdown()
    assert ray.is_initialized()


def test_an_error_on_a_ray_worker_is_the_workers_own_exception_in_one_line() -> None:
    """Not Ray's RayTaskError with the remote traceback in its text: the ValueError int() raised."""
    executor = RayExecutor()
    future = executor.submit(int, "x")
    with pytest.raises(ValueError) as caught:
        future.result(timeout=60)
    assert str(caught.value) == "invalid literal for int() with base 10: 'x'"
    assert not isinstance(caught.value, ray.exceptions.RayTaskError)
    executor.shutdown()


def test_a_dropped_ray_future_is_cancelled_and_its_task_left_to_end() -> None:
    """Six tasks dropped at once, queued and running: each future is cancelled (nobody reads its
    result), Ray is not asked to stop the tasks (the fixture checks), and the cluster goes on."""
    executor = RayExecutor()
    futures = [executor.submit(time.sleep, 0.2) for _ in range(6)]
    for future in futures:
        executor.cancel(future)
    assert all(future.cancelled() for future in futures)
    assert executor.submit(os.getpid).result(timeout=60) != os.getpid()
    executor.shutdown(cancel_futures=True)
    assert ray.is_initialized()


def test_a_ray_address_other_than_the_cluster_joined_is_refused() -> None:
    """This process is connected to the module's local Ray: another address would silently play there."""
    with pytest.raises(ClusterError, match=r"^ray_address: this process is already connected to the Ray cluster"):
        RayExecutor(address="10.255.255.1:6379")
    own = ray.get_runtime_context().gcs_address
    assert RayExecutor(address=own).workers == 2


# -- arena -----------------------------------------------------------------------------------------


def test_arena_is_the_same_in_process_in_a_pool_and_on_ray() -> None:
    """jobs=1, a process pool of 2 and Ray with 2 workers: the same games, records and figures."""
    config = ArenaConfig("rules", "random", DDV, deals=6, seed=11)
    alone = run_arena(config, jobs=1)
    pool = run_arena(config, jobs=2)
    on_ray = run_arena(config, jobs=2, backend="ray")
    assert (alone.backend, pool.backend, on_ray.backend) == ("process", "process", "ray")
    assert on_ray.jobs == 2
    for other in (pool, on_ray):
        assert other.outcomes == alone.outcomes
        assert [to_dict(r) for r in other.records] == [to_dict(r) for r in alone.records]
        assert without_timing(other.to_json()) == without_timing(alone.to_json())
    assert len(alone.outcomes) == 24
    # the games are the ones the seeds say, whichever worker played them: deal 4, candidate in seat 2
    players = [
        make_player("rules" if s == 2 else "random", player_seed(11, 4, s, "candidate" if s == 2 else "reference"))
        for s in range(4)
    ]
    direct = play_game(Game.new(DDV, seed=deal_seed(11, 4), dealer=0), players)
    outcome = next(o for o in on_ray.outcomes if (o.deal, o.rotation) == (4, 2))
    assert outcome.points == tuple(direct.score().points)


def test_doko_arena_backend_ray_prints_the_match_of_one_process() -> None:
    runner = CliRunner()
    args = ["arena", "--deals", "3", "--seed", "4", "--no-records", "--json", "-"]
    alone = runner.invoke(main, [*args, "--jobs", "1"])
    on_ray = runner.invoke(main, [*args, "--jobs", "2", "--backend", "ray"])
    assert alone.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    first, second = (json.loads(r.stdout) for r in (alone, on_ray))
    assert second["backend"] == "ray"
    assert without_timing(second) == without_timing(first)


class CountingBoom(RandomPlayer):
    """A random player that counts its games (one byte per game in ``counter``, from any worker)
    and raises a ValueError in the games of deal 0 of match seed 1."""

    counter = Path("unset")

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        fd = os.open(self.counter, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        os.write(fd, b"g")
        os.close(fd)
        if seed == deal_seed(1, 0):
            raise ValueError("boom: the candidate fails in deal 0")


def games_played(counter: Path) -> int:
    """The games counted once the workers still running have finished (the count stops growing)."""
    seen, still = -1, 0
    deadline = time.monotonic() + 60
    while still < 3 and time.monotonic() < deadline:
        time.sleep(0.3)
        now = counter.stat().st_size if counter.exists() else 0
        still = still + 1 if now == seen else 0
        seen = now
    return seen


@pytest.fixture
def counting_boom(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The player ``boom`` (CountingBoom) registered, and pools that fork (the workers inherit it)."""
    monkeypatch.setitem(PLAYERS, "boom", CountingBoom)
    monkeypatch.setattr(CountingBoom, "counter", tmp_path / "games")
    monkeypatch.setattr(doppelkopf.cluster, "START_METHOD", "fork")
    return tmp_path / "games"


def test_an_arena_error_in_a_worker_stops_the_match_without_playing_it_out(counting_boom: Path) -> None:
    """200 deals (800 games) in 16 chunks of 13 deals (52 games) on 2 workers, the candidate raising
    in the first game of deal 0: the error comes back and the match stops. Played out, it would
    play its other 15 chunks (781 games with the one that raised). Three chunks are in flight at a
    time (one per worker and one queued), so besides the game that raised only the two chunks sent
    with it are played, and a third where one of them came back before the error: 157 games at most."""
    progress: list[int] = []
    with pytest.raises(ValueError, match="^boom: the candidate fails in deal 0$"):
        run_arena(ArenaConfig("boom", "rules", DDV, deals=200, seed=1), jobs=2, on_progress=progress.append)
    played = games_played(counting_boom)
    assert sum(progress) <= 13
    assert 1 <= played <= 1 + 3 * 52


def test_doko_arena_shows_a_workers_error_in_one_line(counting_boom: Path) -> None:
    args = ["arena", "--candidate", "boom", "--reference", "rules", "--deals", "200", "--jobs", "2"]
    result = CliRunner().invoke(main, [*args, "--seed", "1", "--no-records"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == ["Error: boom: the candidate fails in deal 0"]
    assert games_played(counting_boom) <= 1 + 3 * 52  # the match was not played out (see above)


# -- simulate --------------------------------------------------------------------------------------


def test_predicted_setups_follow_the_pflichtsolo_rules_by_hand() -> None:
    """DDV, round of 24 games: 22 played, nobody has played a Pflichtsolo, seat 0 deals. Four owe a
    Pflichtsolo and two games are left, so seat 1 (left of the dealer) is forced now (TSR 4.2.3);
    its forced solo moves the deal on to seat 1, and with three owing and one game left, seat 2 is
    forced next. The setups carry the games left in the round (2, then 1; 24, 23, 22 in a fresh one) and the
    kind of solo owed: under DDV any solo ("solo"; farb_pflichtsoli and bilder_pflichtsoli are 0)."""
    session = Session(DDV, ["A", "B", "C", "D"])
    snapshot: dict[str, object] = {"dealer": 0, "round": 1, "games_in_round": 22, "games": 22, "deals": 22}
    session.restore({**snapshot, "done": [False] * 4, "bocks": []})
    assert predict_setups(session, 2) == [
        Setup(22, 0, (False, False, False, False), 1, 2, "solo"),
        Setup(23, 1, (False, True, False, False), 2, 1, "solo"),
    ]
    fresh = Session(DDV, ["A", "B", "C", "D"])
    assert predict_setups(fresh, 3) == [Setup(d, d, (False,) * 4, None, 24 - d) for d in range(3)]
    assert fresh.deals == 0 and not fresh.sheet.rows  # the session itself is unchanged


def test_predicted_setups_assume_a_forced_solo_of_the_kind_owed() -> None:
    """round_games 4 and one picture solo owed by each (bilder_pflichtsoli = 1): four owe in four games, so seat 1
    is forced at once to a picture solo; the play-ahead assumes he plays one (DDV's first picture solo, a
    Damensolo, not its first solo, a Kreuzsolo, which would leave him owing), so seat 2 is forced next with
    three games left, and the deal has moved on to seat 1."""
    session = Session(DDV.replace(round_games=4, bilder_pflichtsoli=1), ["A", "B", "C", "D"])
    assert predict_setups(session, 2) == [
        Setup(0, 0, (False,) * 4, 1, 4, "bildersolo"),
        Setup(1, 1, (False, True, False, False), 2, 3, "bildersolo"),
    ]


def sequential(rules: RuleSet, games: int, seed: int) -> Session:
    """The session as doko simulate played it before the backends: one player per seat for the whole
    session (seed 4 · session seed + seat), play_session in order."""
    session = Session(rules, ["A", "B", "C", "D"])
    players = [make_player(kind, seed * 4 + seat) for seat, kind in enumerate(KINDS)]
    for _ in play_session(rules, players, games, seed, session=session):
        pass
    return session


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_simulate_in_parallel_writes_the_liste_of_the_sequential_session(preset: str) -> None:
    """Fresh players per game, a pool of two (tasks of one game and of three) and Ray with two
    workers give the Liste of the session played in order, Pflichtsoli (the same dealer again: the
    play-ahead guessed wrong) included."""
    rules = get_preset(preset)
    expected = sequential(rules, 30, 2)
    fresh = Session(rules, ["A", "B", "C", "D"])
    fresh_games = list(play_session(rules, fresh_players(KINDS, 2), 30, 2, session=fresh))
    assert rows(fresh) == rows(expected)
    same_dealer_again = any(b.dealer == a.dealer for a, b in zip(fresh_games, fresh_games[1:], strict=False))
    assert same_dealer_again or preset != "ddv"  # DDV's session exercises the wrong guesses
    with ProcessPoolExecutor(2) as pool:
        for executor, chunk in ((pool, 1), (pool, 3), (RayExecutor(), 2)):
            session = Session(rules, ["A", "B", "C", "D"])
            stats = SpeculationStats()
            parallel = play_session_parallel(rules, KINDS, 30, 2, executor, session=session, chunk=chunk, stats=stats)
            games = list(parallel)
            assert rows(session) == rows(expected)
            assert session.bock_queue == expected.bock_queue and session.dealer == expected.dealer
            assert [g.history for g in games] == [g.history for g in fresh_games]
            assert stats.taken == len(games)
            if same_dealer_again:  # a Pflichtsolo or a deal thrown in: a wrong guess, put right
                assert stats.resubmitted > 0 and stats.dropped > 0


def test_a_session_continued_in_parallel_is_the_one_continued_in_order() -> None:
    """A sitting that stands at its 23rd game of the round (from a snapshot) goes on alike in
    order and ahead: the first seed of the session goes to its next deal in both."""
    state = {"dealer": 2, "round": 1, "games_in_round": 22, "games": 22, "deals": 23}
    sessions = []
    for _ in range(2):
        session = Session(DDV, ["A", "B", "C", "D"])
        session.restore({**state, "done": [True, False, False, True], "bocks": [1]})
        sessions.append(session)
    in_order = list(play_session(DDV, fresh_players(KINDS, 9), 6, 9, session=sessions[0]))
    with ProcessPoolExecutor(2) as pool:
        ahead = list(play_session_parallel(DDV, KINDS, 6, 9, pool, session=sessions[1]))
    assert [g.history for g in ahead] == [g.history for g in in_order]
    assert rows(sessions[1]) == rows(sessions[0]) and len(rows(sessions[0])) == 6
    assert sessions[1].snapshot() == sessions[0].snapshot()


class StickyRandom(RandomPlayer):
    """A random player whose generator runs on from game to game (it keeps state between games)."""

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        Player.reset(self, seat, rules, seed)  # no new generator per game


def test_a_player_with_memory_still_gives_the_same_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh players per game make the session the same in order and ahead even for a player that
    would carry its randomness from game to game; one long-lived player would play other games."""
    monkeypatch.setitem(PLAYERS, "sticky", StickyRandom)  # forked workers inherit the registry
    kinds = ("sticky", "rules", "sticky", "rules")
    in_order = Session(DDV, ["A", "B", "C", "D"])
    games = list(play_session(DDV, fresh_players(kinds, 4), 8, 4, session=in_order))
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        ahead = Session(DDV, ["A", "B", "C", "D"])
        assert [g.history for g in play_session_parallel(DDV, kinds, 8, 4, pool, session=ahead)] == [
            g.history for g in games
        ]
    assert rows(ahead) == rows(in_order)
    long_lived = [make_player(kind, 4 * 4 + seat) for seat, kind in enumerate(kinds)]
    other = list(play_session(DDV, long_lived, 8, 4))
    assert other[0].history == games[0].history  # the first game alike: both start from the seed
    assert [g.history for g in other] != [g.history for g in games]


class RaisingRules(RuleBasedPlayer):
    """A rules player that raises on its first decision in the deal with seed ``bad_seed`` when
    that deal's dealer is ``bad_dealer`` (any dealer: ``None``), noting each time in ``marker``."""

    bad_seed = -1
    bad_dealer: int | None = None
    marker = Path("unset")

    def choose(self, info: InformationState) -> int:
        if self.game_seed == self.bad_seed and self.bad_dealer in (None, info.dealer):
            self.marker.write_text("raised")
            raise RuntimeError(f"boom in the deal with seed {self.bad_seed}")
        return super().choose(info)

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.game_seed = seed


RAISING_KINDS = ("raising", "rules", "rules", "rules")


def test_the_error_of_a_game_the_session_never_plays_is_dropped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """DDV, seed 5: the first deal whose real dealer is not the one a run of plain normal games
    gives (a Pflichtsolo keeps the dealer) is played ahead with the guessed dealer, and there
    the player raises. The session never plays that game: the whole Liste comes out, as in order."""
    seeds = session_seeds(5, 64)
    in_order = Session(DDV, ["A", "B", "C", "D"])
    games = list(play_session(DDV, fresh_players(("rules",) * 4, 5), 30, 5, session=in_order))
    deal = next(i for i, g in enumerate(games) if g.dealer != i % 4)  # no deal thrown in before it
    assert all(g.seed == seeds[i] for i, g in enumerate(games[: deal + 1]))
    monkeypatch.setitem(PLAYERS, "raising", RaisingRules)
    monkeypatch.setattr(RaisingRules, "bad_seed", seeds[deal])
    monkeypatch.setattr(RaisingRules, "bad_dealer", deal % 4)  # the guess, not the real dealer
    monkeypatch.setattr(RaisingRules, "marker", tmp_path / "raised")
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        ahead = Session(DDV, ["A", "B", "C", "D"])
        played = list(play_session_parallel(DDV, RAISING_KINDS, 30, 5, pool, session=ahead))
    assert (tmp_path / "raised").exists()  # the guessed game was played ahead and raised
    assert rows(ahead) == rows(in_order) and len(played) == len(games)


def test_an_error_of_a_game_played_ahead_comes_when_the_session_reaches_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The player raises in deal 6 (whatever its dealer): in order, six games are yielded and
    then the error; ahead (tasks of one game and of three), the same six games, then the same error."""
    monkeypatch.setitem(PLAYERS, "raising", RaisingRules)
    monkeypatch.setattr(RaisingRules, "bad_seed", session_seeds(5, 64)[6])
    monkeypatch.setattr(RaisingRules, "marker", tmp_path / "raised")
    yielded: list[list[Game]] = []
    stream = play_session(DDV, fresh_players(RAISING_KINDS, 5), 20, 5)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        streams = [stream] + [play_session_parallel(DDV, RAISING_KINDS, 20, 5, pool, chunk=c) for c in (1, 3)]
        for games in streams:
            yielded.append([])
            with pytest.raises(RuntimeError, match=r"^boom in the deal with seed"):
                for game in games:
                    yielded[-1].append(game)
    assert len(yielded[0]) == 6
    assert [[g.history for g in y] for y in yielded[1:]] == [[g.history for g in yielded[0]]] * 2


def test_doko_simulate_jobs_and_ray_write_the_same_liste_and_records(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["simulate", "--games", "26", "--seed", "3", "--players", ",".join(KINDS), "--json"]
    outputs: list[tuple[dict[str, Any], str]] = []
    for extra in ([], ["--jobs", "2"], ["--jobs", "2", "--backend", "ray"]):
        records = tmp_path / f"r{len(outputs)}.jsonl"
        result = runner.invoke(main, [*args, "--records", str(records), *extra])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout[result.stdout.index("{") :])
        data.pop("records")
        outputs.append((data, records.read_text()))
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
    assert len(outputs[0][0]["rows"]) == 26


def test_a_deal_thrown_in_goes_through_the_play_ahead(tmp_path: Path) -> None:
    """doppelbock, four random players, seed 2: a deal is thrown in within 40 games (the same
    dealer deals again, which the play-ahead did not guess); the Liste, the Bock rows and the
    records (the thrown-in deal's record included) are those of --jobs 1 on a pool and on Ray."""
    runner = CliRunner()
    args = ["simulate", "--games", "40", "--seed", "2", "--rules", "doppelbock"]
    args += ["--players", "random,random,random,random"]
    outputs: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for extra in ([], ["--jobs", "2"], ["--jobs", "2", "--backend", "ray"]):
        records = tmp_path / f"r{len(outputs)}.jsonl"
        result = runner.invoke(main, [*args, "--json", "--records", str(records), *extra])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout[result.stdout.index("{") :])
        data.pop("records")
        outputs.append((data, [json.loads(line) for line in records.read_text().splitlines()]))
    data, saved = outputs[0]
    assert data["thrown_in"] >= 1 and len(saved) == 40 + data["thrown_in"]
    assert any(r.get("thrown_in") for r in saved)
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]


# -- errors ----------------------------------------------------------------------------------------


def test_a_ray_address_without_the_ray_backend_is_refused() -> None:
    for command in (["simulate", "--games", "1"], ["arena", "--deals", "1"]):
        result = CliRunner().invoke(main, [*command, "--no-records", "--ray-address", "auto"])
        assert result.exit_code == 2
        assert "--ray-address: only with --backend ray" in result.output


def test_the_library_names_its_parameters_not_the_flags() -> None:
    config = ArenaConfig("rules", "random", DDV, deals=1, seed=1)
    with pytest.raises(ClusterError, match=r"^backend: unknown backend 'bogus'"):
        run_arena(config, backend="bogus")
    with pytest.raises(ClusterError, match=r"^ray_address: only with the backend 'ray'"):
        run_arena(config, ray_address="auto")


def test_without_ray_the_error_names_the_cluster_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if it were not installed
    for command in (["simulate", "--games", "1", "--jobs", "2"], ["arena", "--deals", "1"]):
        result = CliRunner().invoke(main, [*command, "--no-records", "--backend", "ray"])
        assert result.exit_code == 1
        lines = result.output.strip().splitlines()
        assert lines == ["Error: the cluster extra is not installed (no module ray): pip install 'doppelkopf[cluster]'"]


def test_a_ray_address_where_nobody_answers_is_refused_at_once() -> None:
    """Ray would retry a dead head node for minutes; ``--ray-address`` names it in one line at once."""
    import socket
    import time

    from doppelkopf.cluster import _check_reachable

    with socket.socket() as probe:  # a port nobody listens on: bound, then closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    with pytest.raises(ClusterError, match=rf"^ray_address: no Ray head node answers at '127.0.0.1:{port}'"):
        _check_reachable(f"127.0.0.1:{port}")
    assert time.monotonic() - started < 10
    _check_reachable("auto")  # Ray's own forms are left to Ray


class _RefusingRay:
    """A stand-in for the ``ray`` module whose ``init`` fails as Ray 2.60 does when a cluster wants its token."""

    class exceptions:  # noqa: N801 - the module's attribute name
        class AuthenticationError(Exception):
            pass

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: Any) -> None:
        raise self.error


@pytest.mark.parametrize(
    ("error", "address", "auth_mode", "hint"),
    [
        # Ray's own words name the token: the line points to the docs
        (RuntimeError("Token authentication is enabled but no authentication token was found"), "auto", "", True),
        (_RefusingRay.exceptions.AuthenticationError("refused"), "10.0.0.1:6379", "token", True),
        # a named HOST:PORT without RAY_AUTH_MODE=token: Ray only says "Failed to connect" (measured: Ray 2.60
        # joining a local Ray of another process that has the token on), so the line says what the token needs
        (ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379"), "10.0.0.1:6379", "", "needs"),
        # with RAY_AUTH_MODE=token set, or by auto, a failed connection is no token matter
        (ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379"), "10.0.0.1:6379", "token", False),
        (ConnectionError("Could not find any running Ray instance"), "auto", "", False),
    ],
)
def test_a_refusal_for_want_of_rays_token_says_so_in_its_line(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, address: str, auth_mode: str, hint: bool | str
) -> None:
    monkeypatch.setattr(doppelkopf.cluster, "import_ray", lambda: _RefusingRay(error))
    monkeypatch.setattr(doppelkopf.cluster, "_check_reachable", lambda address: None)
    monkeypatch.setenv("RAY_AUTH_MODE", auth_mode)
    with pytest.raises(ClusterError) as refused:
        doppelkopf.cluster.RayExecutor(address=address)
    line = str(refused.value)
    assert "\n" not in line and line.startswith(f"ray_address: cannot join the Ray cluster at {address!r}: ")
    assert str(error) in line
    assert ("see docs/cluster.md" in line) is bool(hint)
    assert ("needs RAY_AUTH_MODE=token" in line) is (hint == "needs")
