"""Benchmark: the post-game analysis (``doppelkopf.analysis``) and the exact solver per trick.

Run: ``python3 bench/bench_analysis.py [--rules ddv] [--games 6] [--limit 20] [--budget 1.0] [--fork-server]``

Games of four rules players (seeds 1..N, deals thrown in skipped). For each game:

* the exact solver's ``card_values`` at the first card of every trick, from the last trick back to the first,
  each from a cold transposition table, in a child process stopped after ``--limit`` seconds (a full deal can
  take minutes); the row stops at the first position over the limit (the earlier ones are larger);
* the whole analysis (:func:`doppelkopf.analysis.analyse` with the default ``exact_tricks`` and ``--budget``
  seconds per bounded position): wall-clock seconds and how many cards are exact.

Prints one row per game: seconds per trick from the last trick played back to the first (by tricks left 1, 2,
... when the game was played to its end; a claimed game stops earlier), then the analysis figures and the mean
width (hi - lo, Augen) of the bounded cards' ``augen_best``. ``--fork-server`` keeps a thread alive during the
analysis, as the web server does, so that the solver's children come from the fork server: compare the widths
with a run without it (the budget counts from when a child is ready, so they should be alike).
"""

from __future__ import annotations

import argparse
import multiprocessing
import threading
import time
from typing import Any

from doppelkopf.analysis import DEFAULT_EXACT_TRICKS, analyse
from doppelkopf.game import Action, Game, Phase
from doppelkopf.players import make_player, play_game
from doppelkopf.rules import get_preset


def trick_starts(game: Game) -> list[Game]:
    """The positions before the first card of each trick of the finished ``game``."""
    replay = Game(game.rules, game.initial_hands, game.dealer, game.seed, game.pflichtsolo_done, game.forced_solo_seat)
    out = []
    for seat, action in game.history:
        if replay.phase is Phase.PLAY and Action.is_card(action) and not replay.trick_cards:
            out.append(replay.clone())
        replay.apply(action, seat)
    return out


def _time_values(queue: Any, game: Game) -> None:
    from doppelkopf.fast import solver

    solver.clear_cache()
    start = time.perf_counter()
    solver.card_values(game)
    queue.put(time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="ddv", help="preset (default ddv; ohne-neunen for 40 cards)")
    parser.add_argument("--games", type=int, default=6, help="games (default 6)")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds per solver position (default 20)")
    parser.add_argument("--budget", type=float, default=1.0, help="analysis: seconds per bounded position")
    parser.add_argument("--fork-server", action="store_true", help="a thread alive: children from the fork server")
    args = parser.parse_args()
    rules = get_preset(args.rules)
    context = multiprocessing.get_context("fork")
    from doppelkopf.fast import solver

    print(f"rules {args.rules}, exact_tricks {DEFAULT_EXACT_TRICKS}, budget {args.budget} s per bounded position")
    seed = 0
    done = 0
    while done < args.games:
        seed += 1
        game = Game.new(rules, seed=seed, dealer=seed % 4)
        play_game(game, [make_player("rules", seed * 4 + s) for s in range(4)])
        if game.thrown_in or not game.is_terminal:
            continue
        done += 1
        starts = trick_starts(game)
        solver.card_values(starts[-1])  # compile or load before forking
        cells = []
        for position in reversed(starts):
            queue = context.Queue()
            child = context.Process(target=_time_values, args=(queue, position))
            child.start()
            child.join(args.limit)
            if child.is_alive():
                child.kill()
                child.join()
                cells.append(f">{args.limit:g}")
                break
            cells.append(f"{queue.get():.2f}")
        release = threading.Event()
        if args.fork_server:
            threading.Thread(target=release.wait, daemon=True).start()
        try:
            review = analyse(game, budget_s=args.budget)
        finally:
            release.set()
        exact = sum(c.exact for c in review.cards)
        widths = [c.augen_best.hi - c.augen_best.lo for c in review.cards if not c.exact and c.augen_best is not None]
        width = f"{sum(widths) / len(widths):.0f}" if widths else "-"
        print(
            f"seed {seed:>3} {game.game_type.name:<10} card_values s, last trick played first: {' '.join(cells)}"
            f" | analysis {review.seconds:.1f} s, {exact}/{len(review.cards)} cards exact,"
            f" {len(review.mistakes())} mistakes, bounded width {width}"
        )


if __name__ == "__main__":
    main()
