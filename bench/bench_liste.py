"""Benchmark: the score sheet of a group with 10,000 games (issue 12).

Run: ``python3 bench/bench_liste.py [--games 10000] [--db URL] [--rules doppelbock] [--seed 1] [--repeat 5]``

Enters ``--games`` random table entries (normal games, soli, announcements, 120:120 games that start
Bock rounds under ``doppelbock``) as one sitting of one group through the library API
(:meth:`doppelkopf.storage.Store.create_sitting_with_games`, one transaction; every game checked by
the Liste as it is stored), into a new SQLite file in a temporary folder by default, or into the
database of ``--db URL`` (e.g. an empty PostgreSQL database: ``postgresql+psycopg://doko:doko@127.0.0.1/
bench``; a group named ``bench <time>`` is added there). Then times, each the median of ``--repeat``
runs (the first run apart, it fills the caches):

* ``liste_page``: the last page of 50 rows, as the web app and ``doko liste show`` read it
  (target: under 200 ms);
* ``liste()``: the whole list (10,000 rows with the running totals, Bock and the next game);
* ``stats``: the statistics of the group over all games (target: under 1 s);
* ``add_game``: one more game entered at the end of the long list (the write path);
* the CLI: ``doko liste show`` (a list this long: its last page), ``doko liste show --all`` (all
  rows as a rich table) and ``doko liste settle`` (from the stored totals), in process (click's runner:
  no interpreter start-up), and ``doko liste show`` as a new process (start-up and imports included);
* start-up: ``python3 -c "import doppelkopf"`` and ``doko --help`` as new processes (target: under
  0.3 s each, the interpreter's own start included; ``python3 -X importtime -m doppelkopf.cli --help``
  shows where the time goes). The tests only check that no storage, web or chart library is imported.

It stops by itself: the work is bounded by ``--games`` (at most 100,000) and ``--repeat`` (at most 50).
Prints a small table with the targets.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from doppelkopf import COMPILED

PLAYERS = ("Anna", "Ben", "Carla", "Dirk")
#: Targets of the issue, in seconds.
TARGETS = {
    "liste_page (last 50 rows)": 0.2,
    "stats (all games)": 1.0,
    "import doppelkopf (new process)": 0.3,
    "doko --help (new process)": 0.3,
}


def random_entry(rng: random.Random) -> dict[str, Any]:
    """A table entry that every rule set of the presets accepts: a normal game (Re two players, now and
    then announced, now and then 120:120) or a Kreuz- or Damensolo, Augen 30..210 (cards can hold them)."""
    roll = rng.random()
    if roll < 0.12:
        return {"game": rng.choice(("kreuz", "damen")), "re": [rng.choice(PLAYERS)], "augen_re": rng.randint(30, 210)}
    entry: dict[str, Any] = {"game": "normal", "re": rng.sample(PLAYERS, 2)}
    entry["augen_re"] = 120 if roll < 0.16 else rng.randint(30, 210)
    announcements: dict[str, list[str]] = {"re": [], "kontra": []}
    if rng.random() < 0.2:
        announcements["re"].append("re")
    if rng.random() < 0.1:
        announcements["kontra"].append("kontra")
    if announcements["re"] or announcements["kontra"]:
        entry["announcements"] = announcements
    return entry


def timed(func: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """(first run, median of the ``repeat`` runs after it) in seconds."""
    start = time.perf_counter()
    func()
    first = time.perf_counter() - start
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        runs.append(time.perf_counter() - start)
    return first, statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the sitting (1..100000)")
    parser.add_argument("--db", default=None, help="database URL [default: a new SQLite file in a temporary folder]")
    parser.add_argument("--rules", default="doppelbock", help="preset of the sitting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each read (1..50)")
    args = parser.parse_args()
    if not 1 <= args.games <= 100_000 or not 1 <= args.repeat <= 50:
        parser.error("--games must be 1..100000 and --repeat 1..50")

    from click.testing import CliRunner

    from doppelkopf.cli import main as doko
    from doppelkopf.storage import open_store

    with tempfile.TemporaryDirectory(prefix="bench-liste-") as folder:
        url = args.db or "sqlite:///" + str(Path(folder) / "liste.sqlite")
        store = open_store(url)
        try:
            rng = random.Random(args.seed)
            entries = [random_entry(rng) for _ in range(args.games)]
            group = store.create_group(f"bench {time.strftime('%Y-%m-%d %H:%M:%S')}", PLAYERS)
            start = time.perf_counter()
            sitting = store.create_sitting_with_games(group.id, PLAYERS, args.rules, entries)
            entered = time.perf_counter() - start
            liste = store.liste(sitting.id)
            assert len(liste.rows) == args.games and sum(liste.totals.values()) == 0
            bock = sum(row.multiplier != 1 for row in liste.rows)

            results: list[tuple[str, float, float]] = []

            def measure(name: str, func: Callable[[], Any], repeat: int = args.repeat) -> None:
                results.append((name, *timed(func, repeat)))

            measure("liste_page (last 50 rows)", lambda: store.liste_page(sitting.id, page=-1, per_page=50))
            measure("liste_page (first 50 rows)", lambda: store.liste_page(sitting.id, page=1, per_page=50))
            measure("liste() whole", lambda: store.liste(sitting.id))
            measure("stats (all games)", lambda: store.stats(group.id))
            extra = iter([random_entry(rng) for _ in range(args.repeat + 1)])
            measure("add_game (one more)", lambda: store.add_game(sitting.id, next(extra), author="bench"))

            runner = CliRunner()
            env = {"COLUMNS": "160"}

            def cli(*words: str) -> None:
                result = runner.invoke(doko, ["liste", "--db", url, *words], env=env)
                if result.exit_code != 0:
                    raise SystemExit(f"doko liste {' '.join(words)} failed: {result.output}")

            measure("CLI show (in process)", lambda: cli("show", str(sitting.id)))
            measure("CLI show --all (in process)", lambda: cli("show", str(sitting.id), "--all"), min(args.repeat, 2))
            measure("CLI settle (in process)", lambda: cli("settle", str(sitting.id)))
            command = [sys.executable, "-m", "doppelkopf.cli", "liste", "--db", url, "show", str(sitting.id)]
            measure(
                "CLI show (new process)",
                lambda: subprocess.run(command, check=True, capture_output=True, env={**os.environ, **env}),
                min(args.repeat, 3),
            )
            for name, words in (
                ("import doppelkopf (new process)", ["-c", "import doppelkopf"]),
                ("doko --help (new process)", ["-m", "doppelkopf.cli", "--help"]),
            ):
                measure(
                    name, functools.partial(subprocess.run, [sys.executable, *words], check=True, capture_output=True)
                )
        finally:
            store.close()

    core = ", ".join(COMPILED) or "no (pure Python)"
    print(f"core compiled: {core}; database {url.split('://')[0]}; rules {args.rules}")
    per_game = 1000 * entered / args.games
    print(f"{args.games} games entered in {entered:.1f} s ({per_game:.2f} ms a game); {bock} under Bock")
    print()
    print(f"{'':32} {'first':>10} {'median':>10} {'target':>10}")
    for name, first, median in results:
        target = TARGETS.get(name)
        verdict = "" if target is None else f"< {1000 * target:.0f} ms " + ("ok" if median < target else "MISSED")
        print(f"{name:32} {1000 * first:8.1f}ms {1000 * median:8.1f}ms   {verdict}")


if __name__ == "__main__":
    main()
