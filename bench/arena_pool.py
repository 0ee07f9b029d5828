"""Pool the per-deal results of ``doko arena --json`` files of one match played with different seeds.

Run: ``python3 bench/arena_pool.py A.json B.json ...``

Every file must name the same candidate and reference (with the same options) and the same rules;
the seeds must differ (the same seed plays the same deals again). One sample per deal, as the arena
takes it: the candidate's mean Punkte per game over the deal's four rotations; the pooled mean
with its 95 % interval (:class:`doppelkopf.arena.Interval`) is printed with the deals of each file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from doppelkopf.arena import Interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="JSON files of doko arena --json")
    args = parser.parse_args()
    samples: list[float] = []
    first: dict[str, object] | None = None
    seeds: set[int] = set()
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        match = {key: data[key] for key in ("candidate", "reference", "rules")}
        if first is None:
            first = match
        elif match != first:
            sys.exit(f"{path}: another match ({match}) than {args.files[0]} ({first}); not pooled")
        if data["seed"] in seeds:
            sys.exit(f"{path}: seed {data['seed']} twice: the same deals would count twice")
        seeds.add(data["seed"])
        deals = [statistics.fmean(points) for points in data["deal_points"].values()]
        samples += deals
        print(f"{path}: seed {data['seed']}, {len(deals)} deals, {statistics.fmean(deals):+.3f} Punkte per game")
    pooled = Interval.of(samples)
    if pooled.low is None or pooled.high is None:
        sys.exit("fewer than 2 deals: no interval")
    interval = f"95 %: {pooled.low:+.3f} .. {pooled.high:+.3f}"
    print(f"pooled: {pooled.n} deals, {pooled.mean:+.3f} Punkte per game ({interval})")


if __name__ == "__main__":
    main()
