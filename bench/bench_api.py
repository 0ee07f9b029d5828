"""Random full games per second through the public API, with a profile and a side-by-side baseline (issue 4).

Run: ``python3 bench/bench_api.py [--seconds 3] [--preset ddv] [--mode noclaim] [--profile]
[--baseline DIR] [--rounds 3] [--hearts]``

The driver loop is the one of ``bench/bench_speed.py``::

    game = Game.new(rules, seed=i, dealer=i % 4)
    while not game.is_terminal:
        game.apply(rng.choice(legal))
    game.score()

where ``legal`` is, by ``--mode``: ``all`` every legal action (claims included: a claim runs the
claim check, then ends the game), ``noclaim`` every legal action but claiming and giving up the
rest (the game is played to its last trick), ``cards`` also without the announcements
(as ``bench_speed.py``'s "cards only"). Rates are games per CPU second of this process
(``time.process_time``), the one-core figure on a shared machine.

``--pure`` measures, in the same run and alternating round by round, this tree's pure-Python core
(``DOPPELKOPF_PURE=1``, in a fresh subprocess each round) as the baseline: the gain of the compiled
core (mypyc) over the same source interpreted.
``--baseline DIR`` measures, in the same run and alternating round by round, a second copy of the
package found in ``DIR`` (a directory holding a ``doppelkopf`` package, for example a copy of
``src`` taken before a change), each round in a fresh subprocess with ``PYTHONPATH=DIR``; it prints
both rates and their ratio. ``--hearts`` adds OpenSpiel ``hearts`` (if installed) to each round.
``--profile`` runs the loop under cProfile and prints the top functions by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import time

MODES = ("all", "noclaim", "cards")


def run_games(preset: str, mode: str, seconds: float) -> float:
    """Play random games for about ``seconds`` of CPU time with ``bench_speed.py``'s driver loop;
    games per CPU second."""
    from bench_speed import api_runner
    from doppelkopf import get_preset

    run = api_runner(get_preset(preset), cards_only=mode == "cards", all_tricks=mode != "all")
    for _ in range(5):  # 50 games before the timing: imports, caches
        run()
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        games += run()
    return games / (time.process_time() - start)


def run_hearts(seconds: float) -> float | None:
    """OpenSpiel ``hearts`` random games per CPU second with ``bench_speed.py``'s (a) loop, or
    ``None`` where OpenSpiel is not installed."""
    from bench_speed import hearts_runner

    run = hearts_runner()
    if run is None:
        return None
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        games += run()
    return games / (time.process_time() - start)


def profile(preset: str, mode: str, seconds: float, top: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    rate = run_games(preset, mode, seconds)
    profiler.disable()
    print(f"{preset}, {mode}: {rate:,.0f} games per CPU second under cProfile")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def baseline_rate(env_changes: dict[str, str], preset: str, mode: str, seconds: float) -> float:
    """Games per CPU second of a fresh subprocess with ``env_changes`` in its environment."""
    env = dict(os.environ, **env_changes)
    args = [sys.executable, __file__, "--worker", "--preset", preset, "--mode", mode, "--seconds", str(seconds)]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out.strip().splitlines()[-1])["rate"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement (default 3)")
    parser.add_argument("--preset", default="ddv", help="rule preset (default ddv)")
    parser.add_argument("--mode", choices=MODES, action="append", help="driver loop(s) (default: noclaim)")
    parser.add_argument("--profile", action="store_true", help="profile the loop with cProfile")
    parser.add_argument("--top", type=int, default=30, help="functions shown by --profile (default 30)")
    parser.add_argument("--baseline", metavar="DIR", help="also measure the doppelkopf package in DIR")
    parser.add_argument(
        "--pure", action="store_true", help="baseline: this tree's pure-Python core (DOPPELKOPF_PURE=1)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds with a baseline (default 3)")
    parser.add_argument("--hearts", action="store_true", help="also measure OpenSpiel hearts each round")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    modes = args.mode or ["noclaim"]

    if args.worker:
        print(json.dumps({"rate": run_games(args.preset, modes[0], args.seconds)}))
        return
    if args.profile:
        for mode in modes:
            profile(args.preset, mode, args.seconds, args.top)
        return

    import doppelkopf

    baseline: dict[str, str] | None = None
    if args.baseline:
        baseline = {"PYTHONPATH": args.baseline}
    elif args.pure:
        baseline = {"DOPPELKOPF_PURE": "1"}
    print(f"games per CPU second, {args.preset}, {args.seconds:g} s per measurement")
    compiled = ", ".join(doppelkopf.COMPILED) or "none (pure Python)"
    print(f"  this tree: {os.path.dirname(doppelkopf.__file__)} (compiled: {compiled})")
    if args.baseline:
        print(f"  baseline:  {args.baseline}")
    elif args.pure:
        print("  baseline:  this tree, pure Python (DOPPELKOPF_PURE=1)")
    for mode in modes:
        ours: list[float] = []
        base: list[float] = []
        hearts: list[float] = []
        for _ in range(args.rounds if baseline or args.hearts else 1):
            ours.append(run_games(args.preset, mode, args.seconds))
            if baseline:
                base.append(baseline_rate(baseline, args.preset, mode, args.seconds))
            if args.hearts:
                rate = run_hearts(args.seconds)
                if rate is not None:
                    hearts.append(rate)
        rounds = ", ".join(f"{r:,.0f}" for r in ours)
        line = f"  {mode:8s} this tree {statistics.median(ours):>8,.0f}/s  (rounds: {rounds})"
        if base:
            b = statistics.median(base)
            line += f"\n  {'':8s} baseline  {b:>8,.0f}/s  (rounds: {', '.join(f'{r:,.0f}' for r in base)})"
            line += f"\n  {'':8s} ratio     {statistics.median(ours) / b:>8.2f}x"
        if hearts:
            h = statistics.median(hearts)
            each = ", ".join(f"{o / r:.2f}" for o, r in zip(ours, hearts, strict=True))
            line += f"\n  {'':8s} hearts    {h:>8,.0f}/s  this tree / hearts {statistics.median(ours) / h:.2f}x"
            line += f" (per round: {each})"
        print(line)


if __name__ == "__main__":
    main()
