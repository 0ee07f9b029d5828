"""Benchmark: announcements by search (issue 15) against the rule player's, paired per deal.

Run from the repository root::

    python bench/bench_announce.py [--rules ddv] [--deals 400] [--start 0] [--margin 0.5] [--z 1.0]
        [--samples 8] [--rollouts 8] [--baseline wait|rule] [--learned default|FILE]

Every deal (seeds ``start .. start + deals - 1``, dealer 3) is played twice by four ``search-easy``
card players (seat 0 with seed 0, seats 1-3 with seeds 1-3). In the ``new`` game seat 0 decides
Re/Kontra and the Absagen by search (:class:`~doppelkopf.players.search_player.SearchPlayer` with
``announce_search=True``; method in :mod:`~doppelkopf.players.announce_search`; ``--samples`` deals
x ``--rollouts`` kernel continuations per branch, announced above ``--margin`` Punkte and ``--z``
paired standard errors; ``--baseline wait``: against announcing nothing now, ``rule``: against the
rule player's answer; with ``--learned`` by the learned value of ``search-v3`` instead,
:mod:`~doppelkopf.players.value_model`, announced above ``--margin`` Punkte). In the ``v1`` game
seat 0 announces as the rule player does (as ``search-v1``). Both games are deterministic, so they
differ only through seat 0's announcements (and what follows from them). Seats 1-3 always announce
as the rule player. Only one seat searches, so this isolates the decision; it is not the full-table
arena.

The first line printed is the command line (to rerun it), the second the settings in full. Then
(all Punkte are score points (TSR 7) of seat 0; no Augen (card points) are reported):

* the paired difference ``new - v1`` of seat 0's Punkte per deal with its 95 % interval (mean +-
  1.96 standard errors over all deals): positive means the searched announcements gain; an
  interval that holds 0 shows no effect; and the number of deals whose result differs;
* the deals where seat 0 announced anything (Re/Kontra or an Absage, a forced Pflichtansage
  included) in each game;
* the breakdown of the deals by kind of change, each with its deals and the sum of the Punkte
  differences: ``added`` (only new announced), ``dropped`` (only v1), ``higher`` / ``lower`` (both
  announced, new's highest level above / below v1's), ``earlier`` / ``later`` (the same highest
  level, new's first announcement with more / fewer cards in hand), ``same`` (the same level at
  the same moment, or neither announced; a nonzero sum there comes from later decisions);
* the searched moments of seat 0 (``announce_log``): how many, in how many of them the rule player
  would have announced and the search did, and the time per searched moment (mean, p50, p99, max;
  the first includes numba's load of the kernel, once per process).
"""

from __future__ import annotations

import argparse
import inspect
import shlex
import sys
import time
from collections import defaultdict
from typing import Any

from bench_vorbehalt import (  # shared with the Vorbehalt bench
    count,
    interval_text,
    nonnegative,
    percentile,
    plural,
    preset,
)
from doppelkopf.game import Game, InformationState
from doppelkopf.players import play_game
from doppelkopf.players.base import Player
from doppelkopf.players.search_player import LEVELS, SearchPlayer, search_level
from doppelkopf.rules import PRESETS, get_preset

#: The dealer of every game.
DEALER = 3


class TimedSearchPlayer(SearchPlayer):
    """A :class:`SearchPlayer` that records the wall time of each searched announcement moment."""

    def __init__(self, seconds: list[float], **options: Any) -> None:
        super().__init__(**options)
        self.seconds = seconds

    def _announcement(self, info: InformationState) -> int | None:
        searched = len(self.announce_log)
        t0 = time.perf_counter()
        answer = super()._announcement(info)
        if len(self.announce_log) > searched:
            self.seconds.append(time.perf_counter() - t0)
        return answer


def change_kind(new: Game, v1: Game, seat: int) -> str:
    """How ``seat``'s announcements differ between the two games (see the module docstring)."""
    mine_new = [a for a in new.announcements if a.seat == seat]
    mine_v1 = [a for a in v1.announcements if a.seat == seat]
    if not mine_new and not mine_v1:
        return "same"
    if not mine_v1:
        return "added"
    if not mine_new:
        return "dropped"
    top_new = max(a.level for a in mine_new)
    top_v1 = max(a.level for a in mine_v1)
    if top_new != top_v1:
        return "higher" if top_new > top_v1 else "lower"
    cards_new, cards_v1 = mine_new[0].cards_in_hand, mine_v1[0].cards_in_hand
    if cards_new != cards_v1:
        return "earlier" if cards_new > cards_v1 else "later"
    return "same"


def announced(game: Game, seat: int) -> bool:
    return any(a.seat == seat for a in game.announcements)


def run(args: argparse.Namespace) -> None:
    rules = get_preset(args.rules)
    seat = 0
    diffs: list[float] = []
    seconds: list[float] = []
    kinds: dict[str, list[int]] = defaultdict(list)
    tally = {"new": 0, "v1": 0, "moments": 0, "rule_would": 0, "search_did": 0, "differ": 0}
    for deal in range(args.start, args.start + args.deals):
        games: dict[str, Game] = {}
        for label, searching in (("new", True), ("v1", False)):
            first = TimedSearchPlayer(
                seconds,
                seed=0,
                **LEVELS["easy"],
                announce_search=searching and args.learned is None,
                announce_model=args.learned if searching else None,
                learned_margin=args.margin,
                learned_levels=args.learned_levels,
                announce_samples=args.samples,
                announce_rollouts=args.rollouts,
                announce_margin=args.margin,
                announce_z=args.z,
                announce_baseline=args.baseline,
            )
            players: list[Player] = [first] + [search_level("easy", s) for s in (1, 2, 3)]
            games[label] = play_game(Game.new(rules, seed=deal, dealer=DEALER), players)
            if searching:
                tally["moments"] += len(first.announce_log)
                tally["rule_would"] += sum(rule is not None for rule, _ in first.announce_log)
                tally["search_did"] += sum(answer is not None for _, answer in first.announce_log)
        d = games["new"].score().points[seat] - games["v1"].score().points[seat]
        diffs.append(d)
        tally["differ"] += d != 0
        tally["new"] += announced(games["new"], seat)
        tally["v1"] += announced(games["v1"], seat)
        kinds[change_kind(games["new"], games["v1"], seat)].append(d)

    print(f"seat 0 (dealer {DEALER}): deals {args.start}..{args.start + args.deals - 1}")
    print(f"Punkte of seat 0 per deal, new - v1: {interval_text(diffs)}")
    print(f"deals with a different result: {tally['differ']} of {plural(len(diffs), 'deal')}")
    print(f"deals where seat 0 announced: new {tally['new']}, v1 {tally['v1']}")
    print("by kind of change (deals, seat 0's Punkte new - v1 in all):")
    for name in ("added", "dropped", "higher", "lower", "earlier", "later", "same"):
        if kinds.get(name):
            print(f"  {name}: {plural(len(kinds[name]), 'deal')}, {sum(kinds[name]):+d} Punkte")
    print(
        f"searched moments of seat 0: {tally['moments']}; the rule player would announce in "
        f"{tally['rule_would']}, the search announced in {tally['search_did']}"
    )
    if seconds:
        ms = sorted(1000 * s for s in seconds)
        print(
            f"time per searched moment: mean {sum(ms) / len(ms):.1f} ms, p50 {percentile(ms, 0.5):.1f} ms, "
            f"p99 {percentile(ms, 0.99):.1f} ms, max {ms[-1]:.1f} ms (the first includes numba's load of the kernel)"
        )


def player_default(option: str) -> Any:
    """:class:`SearchPlayer`'s default of ``option`` (one truth for the bench's defaults)."""
    return inspect.signature(SearchPlayer).parameters[option].default


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=preset, default="ddv", help=f"preset: {', '.join(PRESETS)} (default ddv)")
    parser.add_argument(
        "--deals", type=count(1), default=400, help="deals, each played twice, at least 1 (default 400)"
    )
    parser.add_argument("--start", type=count(0), default=0, help="first deal seed, 0 or more (default 0)")
    parser.add_argument(
        "--margin",
        type=nonnegative,
        default=player_default("announce_margin"),
        help="Punkte an announcement must gain, 0 or more (default %(default)s)",
    )
    parser.add_argument(
        "--z",
        type=nonnegative,
        default=player_default("announce_z"),
        help="paired standard errors the gain must clear, 0 or more (default %(default)s)",
    )
    parser.add_argument(
        "--samples",
        type=count(1),
        default=player_default("announce_samples"),
        help="deals per moment, at least 1 (default %(default)s)",
    )
    parser.add_argument(
        "--rollouts",
        type=count(1),
        default=player_default("announce_rollouts"),
        help="per branch and deal, at least 1 (default %(default)s)",
    )
    parser.add_argument(
        "--baseline",
        choices=("wait", "rule"),
        default=player_default("announce_baseline"),
        help="what an announcement must beat: announcing nothing now, or the rule player's answer",
    )
    parser.add_argument(
        "--learned",
        default=None,
        help="seat 0 announces by the learned value (search-v3): 'default' (the shipped model) or an .npz file; "
        "--margin is then its learned_margin",
    )
    parser.add_argument(
        "--learned-levels",
        type=int,
        choices=range(1, 6),
        default=player_default("learned_levels"),
        help="with --learned: the highest level the model decides (default %(default)s: Re/Kontra)",
    )
    args = parser.parse_args()
    print("command: python " + shlex.join(sys.argv))
    print("settings: " + ", ".join(f"{k}={v}" for k, v in vars(args).items()))
    run(args)


if __name__ == "__main__":
    main()
