"""Benchmark: random full games per second through the public API, and bot moves per second.

Run: ``python3 bench/bench_engine.py [--seconds 5] [--rules ddv]``

* Random games: deal (shuffle, cut, deal), Vorbehalte, all tricks with random legal actions of the player
  to move (announcements included), scoring. The driver loop is the plain OpenSpiel-style loop:
  ``while not terminal: apply(choice(legal_actions()))``.
* Bot moves: decisions per second of each computer player (RandomPlayer, RuleBasedPlayer), timed inside
  full games driven by the runner (time spent in ``choose``/``react`` only).
"""

from __future__ import annotations

import argparse
import random
import time

from doppelkopf import Game, get_preset
from doppelkopf.players import Player, RandomPlayer, RuleBasedPlayer, play_game
from doppelkopf.rules import RuleSet


def random_games(rules: RuleSet, seconds: float) -> tuple[int, float]:
    """Play random games for about ``seconds``; return (games, elapsed seconds)."""
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            game = Game.new(rules, seed=games, dealer=games % 4)
            while not game.is_terminal:
                game.apply(rng.choice(game.legal_actions()))
            game.score()
            games += 1
    return games, time.perf_counter() - start


class Timed(Player):
    """Wraps a player and adds up the time spent in its decisions."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds = 0.0
        self.calls = 0

    def reset(self, seat, rules, seed=None):  # type: ignore[no-untyped-def]
        self.inner.reset(seat, rules, seed)

    def choose(self, info):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        action = self.inner.choose(info)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        return action

    def react(self, info):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        action = self.inner.react(info)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        return action


def bot_moves(rules: RuleSet, make: type[Player], seconds: float) -> tuple[int, float]:
    """Decisions of four ``make`` players over full games for about ``seconds``: (decisions, seconds in them)."""
    players = [Timed(make(seed=i)) for i in range(4)]  # type: ignore[call-arg]
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        play_game(Game.new(rules, seed=n, dealer=n % 4), players)
        n += 1
    return sum(p.calls for p in players), sum(p.seconds for p in players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--rules", default="ddv", help="preset")
    args = parser.parse_args()
    rules = get_preset(args.rules)
    games, elapsed = random_games(rules, args.seconds)
    print(f"random full games (public API): {games / elapsed:,.0f} games/s  ({games} games in {elapsed:.1f} s)")
    for make in (RandomPlayer, RuleBasedPlayer):
        calls, spent = bot_moves(rules, make, args.seconds)
        print(f"{make.__name__}: {calls / spent:,.0f} decisions/s  ({calls} decisions, {spent:.2f} s in decisions)")


if __name__ == "__main__":
    main()
