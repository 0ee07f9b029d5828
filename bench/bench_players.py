"""Benchmark: decisions per second of every registered computer player.

Run: ``python3 bench/bench_players.py [--seconds 3] [--rules ddv] [--players random,rules]``

For each player registered in :data:`doppelkopf.players.PLAYERS` (``random``, ``rules``, and any
other registered, e.g. ``search``; a name that cannot be built is skipped with the reason), four
copies of it play whole games under the rule set, driven by the runner, until about ``--seconds``
of wall time have passed. Only the time inside ``choose`` (a move: Vorbehalt, card, announcement in
turn, house-rule action) and ``react`` (an announcement out of turn, asked before nearly every card)
counts, measured by :class:`doppelkopf.arena.Meter`. Printed per player: moves per second,
decisions (moves and reacts) per second, the mean and max time of a move, and the peak memory a
decision allocated (tracemalloc on every 25th decision; those are not timed).
"""

from __future__ import annotations

import argparse
import time

from doppelkopf.arena import Meter, metered
from doppelkopf.game import Game
from doppelkopf.players import make_player, play_game, player_names
from doppelkopf.rules import get_preset


def bench(name: str, rules_name: str, seconds: float) -> tuple[Meter, int]:
    """Play games of four ``name`` players for about ``seconds``; return the meter and the games."""
    rules = get_preset(rules_name)
    meter = Meter()
    games = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        players = [metered(make_player(name, games * 4 + s), meter) for s in range(4)]
        play_game(Game.new(rules, seed=games, dealer=games % 4), players)
        games += 1
    return meter, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per player (default 3)")
    parser.add_argument("--rules", default="ddv", help="preset (default ddv)")
    parser.add_argument("--players", default=None, help="comma-separated names (default: all registered)")
    args = parser.parse_args()
    names = args.players.split(",") if args.players else list(player_names())
    print(f"rules {args.rules}, about {args.seconds:g} s per player")
    head = ("player", "games", "moves/s", "decisions/s", "move ms mean", "max", "KiB peak")
    print(f"{head[0]:<10} {head[1]:>6} {head[2]:>10} {head[3]:>12} {head[4]:>13} {head[5]:>9} {head[6]:>9}")
    for name in names:
        try:
            make_player(name, 0)
        except (ValueError, ImportError) as exc:
            print(f"{name:<10} skipped: {exc}")
            continue
        meter, games = bench(name, args.rules, args.seconds)
        timed = meter.move_seconds + meter.react_seconds
        moves_s = meter.moves / meter.move_seconds if meter.move_seconds else float("inf")
        decisions_s = (meter.moves + meter.reacts) / timed if timed else float("inf")
        mean_ms = 1000 * meter.move_seconds / meter.moves if meter.moves else 0.0
        print(
            f"{name:<10} {games:>6} {moves_s:>10,.0f} {decisions_s:>12,.0f} {mean_ms:>13.3f} "
            f"{1000 * meter.move_max:>9.2f} {meter.memory_peak_max / 1024:>9.1f}"
        )


if __name__ == "__main__":
    main()
