"""Benchmark: how long the claim check (Spielabkürzung) takes, from the first trick on (issue 11).

Run: ``python3 bench/bench_claims.py [--games 300] [--seed 1] [--rules ddv]``

Every seat's claim is checked (``Game.claim_holds``) at a random moment of the first five tricks of random
games under the rule set with ``claim = "anyone"`` (random Vorbehalte, so soli, Hochzeiten and normal games
all occur). The check is the core's search bounded to ``claims.CLAIM_SEARCH_LIMIT`` positions: it must answer
every position within a fraction of a second, compiled or pure (``DOPPELKOPF_PURE=1``). Prints the median,
the 95th percentile and the maximum in milliseconds (wall clock) and how many claims held.
"""

from __future__ import annotations

import argparse
import random
import time

from doppelkopf import COMPILED, Game, get_preset
from doppelkopf.game import Action, Phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random games, each checked for all four seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="ddv", help="preset (claim is set to anyone)")
    args = parser.parse_args()
    rules = get_preset(args.rules).replace(claim="anyone")
    rng = random.Random(args.seed)
    times: list[float] = []
    held = 0
    for seed in range(args.games):
        game = Game.new(rules, seed=seed, dealer=seed % 4)
        while game.phase is not Phase.PLAY and not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        for _ in range(rng.randrange(0, 20)):
            if game.is_terminal:
                break
            legal = game.legal_actions()
            game.apply(rng.choice([a for a in legal if Action.is_card(a)] or legal))  # or the Pflichtansage
        if game.is_terminal:
            continue
        for seat in range(4):
            start = time.perf_counter()
            held += game.claim_holds(seat)
            times.append(time.perf_counter() - start)
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"core compiled: {', '.join(COMPILED) or 'no (pure Python)'}; rules {rules.name}, claim = anyone")
    print(
        f"{len(ms)} claim checks in the first five tricks: median {ms[len(ms) // 2]:.1f} ms, "
        f"p95 {ms[int(len(ms) * 0.95)]:.1f} ms, max {ms[-1]:.1f} ms; {held} held"
    )


if __name__ == "__main__":
    main()
