"""Benchmark: the exact solver of the remaining tricks (``doppelkopf.fast.solver``).

Run: ``python3 bench/bench_solver.py [--positions 30] [--seed 1] [--depths 4 6 8] [--full N]``

Random positions of random ddv games (played through the public API up to the position, 0..3 cards of the
current trick down) with 4, 6 and 8 tricks left; ``--full N`` adds N full deals (12 tricks left, the
threshold question only: an exact value of a full deal can take many minutes, and so can the threshold of a
hard normal deal; figures are printed at the end). Each question is timed from a cold transposition table:

* threshold: does the party of the seat to move win (121 Augen for Re, 120 for Kontra)?
* threshold at the value: ``reaches`` at the exact value (the hardest threshold);
* exact: ``max_augen``.

Prints the median and the 95th percentile in milliseconds (wall clock) per depth (see ``bench_figures``).
"""

from __future__ import annotations

import argparse
import time

from doppelkopf.fast.solver import bench_figures

LABELS = {"threshold": "threshold (121/120)", "threshold_hard": "threshold at value", "exact": "exact (max_augen)"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30, help="positions per depth (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    parser.add_argument("--depths", type=int, nargs="+", default=[4, 6, 8], help="tricks left (default 4 6 8)")
    parser.add_argument("--full", type=int, default=0, metavar="N", help="also N full deals (threshold only)")
    args = parser.parse_args()
    if args.positions < 1:
        parser.error("--positions: needs at least 1 position")
    if args.full < 0:
        parser.error("--full: the number of full deals cannot be negative")
    if any(not 1 <= d <= 12 for d in args.depths):
        parser.error("--depths: tricks left must be between 1 and 12")
    start = time.perf_counter()
    figures = bench_figures(seed=args.seed, positions=args.positions, depths=tuple(args.depths))
    rows = [(depth, kinds, figures["positions"]) for depth, kinds in figures["depths"].items()]
    if args.full:
        full = bench_figures(seed=args.seed, positions=args.full, depths=(12,), exact_up_to=11)
        rows += [(12, full["depths"][12], args.full)]
    elapsed = time.perf_counter() - start
    print(f"exact solver, random ddv positions, seed {figures['seed']}")
    print(f"(compilation or cache load: {figures['compile_s']} s, excluded; whole run {elapsed:.1f} s)")
    print(f"{'tricks left':>11}  {'positions':>9}  {'question':<22} {'median ms':>10} {'p95 ms':>10}")
    for depth, kinds, count in rows:
        for kind, row in kinds.items():
            print(f"{depth:>11}  {count:>9}  {LABELS[kind]:<22} {row['median_ms']:>10.2f} {row['p95_ms']:>10.2f}")


if __name__ == "__main__":
    main()
