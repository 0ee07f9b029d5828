"""Benchmark: arena deals per second on Ray with 1 and 2 workers, and in a local process pool.

Run: ``python3 bench/bench_cluster.py [--deals 150] [--rules ddv] [--candidate rules]
[--reference random] [--simulate-games 120]``

One match (``--deals`` deals, each played four times, no records kept) is played by
:func:`doppelkopf.arena.run_arena` five ways in the same run: in this process (jobs 1), in a pool
of 2 worker processes, and on a local Ray started with 1 CPU and again with 2 CPUs (the time of
``ray.init`` and of a warm-up match of 2 deals per worker, in which the Ray workers start and import
doppelkopf, is not counted; the pool's start, a fork, is counted: the bench forks the pool's workers
(``doppelkopf.cluster.START_METHOD = "fork"``) so that their CPU time counts as this process's
children's, where the fork server's workers would not be counted). Printed: seconds,
deals per second, the speed-ups Ray 2 / Ray 1 and pool 2 / one process, and the CPU seconds of
the two local runs (what the work cost, whatever else ran on the machine). Every run must give
the same outcomes (checked; the script stops otherwise).

Then ``doko simulate``'s session (``--simulate-games`` games, four ``rules`` players) in order and
with the play-ahead on a pool of 2 (:func:`doppelkopf.cluster.play_session_parallel`): games per
second, the speed-up, and how many predictions came true.

The speed-up is bounded by the cores: on a machine with 2 cores, 2 workers can at best double the
rate, and anything else running at the same time takes its share.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from dataclasses import replace

import ray

import doppelkopf.cluster
from doppelkopf.arena import ArenaConfig, ArenaResult, run_arena
from doppelkopf.cluster import ProcessPool, SpeculationStats, fresh_players, play_session_parallel
from doppelkopf.players import play_session
from doppelkopf.rules import get_preset
from doppelkopf.session import Session


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed_arena(config: ArenaConfig, jobs: int, backend: str) -> tuple[float, ArenaResult]:
    start = time.perf_counter()
    result = run_arena(config, jobs=jobs, keep_records=False, backend=backend)
    return time.perf_counter() - start, result


def on_ray(config: ArenaConfig, cpus: int) -> tuple[float, float, ArenaResult]:
    """Start a local Ray with ``cpus`` CPUs, play the match on it, shut it down."""
    start = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING)
    started = time.perf_counter() - start
    try:
        # warm-up, not timed: the workers start and import doppelkopf on their first task
        run_arena(replace(config, deals=2 * cpus), jobs=cpus, keep_records=False, backend="ray")
        seconds, result = timed_arena(config, cpus, "ray")
    finally:
        ray.shutdown()
    return started, seconds, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150, help="deals of the match (default 150)")
    parser.add_argument("--rules", default="ddv", help="preset (default ddv)")
    parser.add_argument("--candidate", default="rules", help="candidate player (default rules)")
    parser.add_argument("--reference", default="random", help="reference player (default random)")
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument("--simulate-games", type=int, default=120, help="games of the session (0: skip)")
    args = parser.parse_args()
    doppelkopf.cluster.START_METHOD = "fork"  # the workers' CPU time: this process's children's
    rules = get_preset(args.rules)
    config = ArenaConfig(args.candidate, args.reference, rules, args.deals, args.seed)
    print(
        f"arena {args.candidate} vs {args.reference}, rules {args.rules}, {args.deals} deals "
        f"({4 * args.deals} games), no records; {os.cpu_count()} cores"
    )
    runs: list[tuple[str, float, ArenaResult]] = []
    # warm-up, not timed: the first games of a process fill the core's caches (card orders, rule options);
    # the pool's workers are forked from this warm process, Ray's get their own warm-up below
    run_arena(replace(config, deals=8), jobs=1, keep_records=False)
    cpu = cpu_seconds()
    seconds, result = timed_arena(config, 1, "process")
    cpu_one, cpu = cpu_seconds() - cpu, cpu_seconds()
    runs.append(("one process (jobs 1)", seconds, result))
    seconds, result = timed_arena(config, 2, "process")
    cpu_pool = cpu_seconds() - cpu
    runs.append(("process pool, 2 workers", seconds, result))
    for cpus in (1, 2):
        started, seconds, result = on_ray(config, cpus)
        runs.append((f"Ray, {cpus} worker{'s' if cpus > 1 else ''} (ray.init {started:.1f} s)", seconds, result))
    for label, seconds, result in runs:
        if result.outcomes != runs[0][2].outcomes:
            raise SystemExit(f"{label}: other outcomes than in one process")
        print(f"  {label:<38} {seconds:7.2f} s {args.deals / seconds:8.1f} deals/s")
    rate = {label.split(" (")[0]: args.deals / seconds for label, seconds, _ in runs}
    print(f"  Ray 2 workers / Ray 1 worker:   {rate['Ray, 2 workers'] / rate['Ray, 1 worker']:.2f}x")
    print(f"  pool 2 workers / one process:   {rate['process pool, 2 workers'] / rate['one process']:.2f}x")
    print(f"  Ray 2 workers / pool 2 workers: {rate['Ray, 2 workers'] / rate['process pool, 2 workers']:.2f}x")
    print(f"  CPU seconds: one process {cpu_one:.2f}, pool of 2 (workers + main) {cpu_pool:.2f}")
    print("  same outcomes in every run: yes")

    if args.simulate_games <= 0:
        return
    kinds = ("rules",) * 4
    games = args.simulate_games
    print(f"simulate {games} games, four rules players, rules {args.rules}")
    start, cpu = time.perf_counter(), cpu_seconds()
    alone = Session(rules, ["A", "B", "C", "D"])
    for _ in play_session(rules, fresh_players(kinds, args.seed), games, args.seed, session=alone):
        pass
    sequential, cpu_sequential = time.perf_counter() - start, cpu_seconds() - cpu
    stats = SpeculationStats()
    start, cpu = time.perf_counter(), cpu_seconds()
    ahead = Session(rules, ["A", "B", "C", "D"])
    with ProcessPool(2) as pool:  # the pool of doko simulate --jobs 2 (forked, see above)
        for _ in play_session_parallel(rules, kinds, games, args.seed, pool, session=ahead, stats=stats):
            pass
    parallel, cpu_parallel = time.perf_counter() - start, cpu_seconds() - cpu
    if [r.points for r in ahead.sheet.rows] != [r.points for r in alone.sheet.rows]:
        raise SystemExit("simulate: the play-ahead wrote another Liste")
    for label, wall, used in (
        ("in order (jobs 1)", sequential, cpu_sequential),
        ("play-ahead, pool of 2", parallel, cpu_parallel),
    ):
        print(f"  {label:<30} {wall:7.2f} s {games / wall:8.1f} games/s  CPU {used:.2f} s")
    print(
        f"  speed-up {sequential / parallel:.2f}x; {stats.taken} games taken of {stats.submitted} played "
        f"({stats.dropped} predictions dropped, {stats.resubmitted} games sent again); same Liste: yes"
    )


if __name__ == "__main__":
    main()
