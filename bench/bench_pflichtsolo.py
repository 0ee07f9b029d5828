"""Benchmark: when to play the Pflichtsolo (issue 15, TSR 4.2.3).

Run from the repository root, one of two subcommands::

    python bench/bench_pflichtsolo.py table   [--rules ddv] [--hands 150] [--start 0] [--samples 8] [--rollouts 8]
        [--calibration ddv|none]
    python bench/bench_pflichtsolo.py session [--rules ddv] [--round-games 8] [--rounds 4] [--start 0]

``table``: the distribution of ``D`` (:func:`~doppelkopf.players.vorbehalt_search.solo_advantage`:
Punkte of the best solo minus Punkte of the rule player's answer, with the offsets of ``--calibration``,
by default search-v2's) over random
hands: deals ``start .. start + hands - 1`` with dealer 3, seat 0 asked first (no answer before it),
every solo evaluated by the Vorbehalt search with ``samples`` deals x ``rollouts`` kernel
rollouts. Prints the mean, the 20 quantiles at 2.5 %, 7.5 %, ..., 97.5 % as a Python tuple (the
entry of :data:`~doppelkopf.players.vorbehalt_search.PFLICHTSOLO_ADVANTAGE`) and the waiting value
``R(k)`` for a few ``k``.

``session``: paired comparison of the timing. Per round (session seed ``start + r``) one session
round of ``rules`` with ``round_games`` games is played twice with the same seeds: seat 0 is the
``search-easy`` card player with the Vorbehalt by search (search-v2's calibration, margin 0.5, z 1) with
``pflichtsolo_timing`` on, then off; seats 1-3 are ``search-easy``. Printed per side: how often seat
0 was vorgeführt (forced, ``game.forced_solo_seat == 0``), how often it declared its Pflichtsolo
itself, and seat 0's mean Punkte per round; then the paired difference (on - off) of the Punkte per
round with its 95 % interval. Punkte are score points; no Augen (card points) are reported.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence

from bench_vorbehalt import calibration_value, count, plural, preset, v2_default
from doppelkopf.game import Action, Game
from doppelkopf.players import make_player, play_session
from doppelkopf.players.rules_player import RuleBasedPlayer
from doppelkopf.players.search_player import LEVELS, SearchPlayer
from doppelkopf.players.vorbehalt_search import (
    DDV_CALIBRATION,
    candidates,
    pflichtsolo_chances,
    solo_advantage,
    vorbehalt_values,
    waiting_value,
)
from doppelkopf.rules import PRESETS, RuleError, RuleSet, get_preset
from doppelkopf.session import Session

QUANTILES = 20


def quantiles(values: Sequence[float], count: int = QUANTILES) -> tuple[float, ...]:
    """The ``(i + 0.5) / count`` quantiles of ``values`` (linear between order statistics)."""
    ordered = sorted(values)
    out = []
    for i in range(count):
        position = (i + 0.5) / count * (len(ordered) - 1)
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        out.append(ordered[low] + (ordered[high] - ordered[low]) * (position - low))
    return tuple(round(x, 2) for x in out)


def run_table(args: argparse.Namespace) -> None:
    rules = get_preset(args.rules)
    rule = RuleBasedPlayer(1)
    rule.reset(0, rules, None)
    ds: list[float] = []
    began = time.perf_counter()
    for deal in range(args.start, args.start + args.hands):
        info = Game.new(rules, seed=deal, dealer=3).information_state(0)
        baseline = rule.choose(info)
        if baseline == Action.SCHMEISSEN:
            continue
        actions = candidates(info, baseline, None)
        estimate = vorbehalt_values(info, actions, baseline, args.samples, args.rollouts, 1)
        d = solo_advantage(estimate, DDV_CALIBRATION if args.calibration == "ddv" else None)
        if d is not None:
            ds.append(d)
    if not ds:
        sys.exit(f"no hand with D among {plural(args.hands, 'hand')} (all Schmeissen or no solo): use more --hands")
    table = quantiles(ds)
    print(f"hands with D: {len(ds)} of {plural(args.hands, 'hand')}, {time.perf_counter() - began:.0f} s")
    print(f"mean D {statistics.fmean(ds):+.2f} Punkte, share D > 0: {sum(d > 0 for d in ds) / len(ds):.1%}")
    print(f'    "{args.rules}": {table},')
    for k in (0, 1, 2, 4, 8, 16):
        print(f"R({k}) = {waiting_value(table, k):+.2f}   W({k}) (no Lustsolo) = {waiting_value(table, k, False):+.2f}")
    chances = f"games left 24 -> {pflichtsolo_chances(24, 4)}, 8 -> {pflichtsolo_chances(8, 4)}"
    print(f"chances after this game with 4 owing: {chances}")


def seat0(seed: int, timing: bool) -> SearchPlayer:
    return SearchPlayer(
        seed=seed,
        name="seat 0",
        vorbehalt_search=True,
        vorbehalt_calibration=v2_default("vorbehalt_calibration"),
        vorbehalt_margin=0.5,
        vorbehalt_z=1.0,
        pflichtsolo_timing=timing,
        **LEVELS["easy"],
    )


def play_round(rules: RuleSet, seed: int, timing: bool) -> tuple[float, bool, bool]:
    """Seat 0's Punkte in one round, whether it was vorgeführt, whether it declared its Pflichtsolo."""
    players = [seat0(seed, timing)] + [make_player("search-easy", seed * 4 + s) for s in (1, 2, 3)]
    session = Session(rules, [f"Seat {i}" for i in range(1, 5)])
    punkte = 0.0
    forced = declared = False
    for game in play_session(rules, players, rules.round_games, seed, session=session):
        if game.thrown_in:
            continue
        punkte += game.score().points[0]
        if game.forced_solo_seat == 0:
            forced = True
        elif game.pflichtsolo and game.declarer == 0:
            declared = True
    return punkte, forced, declared


def round_text(row: tuple[float, bool, bool]) -> str:
    """One side of a round: ``+9 Punkte, vorgeführt no, declared itself yes``."""
    punkte, forced, declared = row
    return f"{punkte:+g} Punkte, vorgeführt {'yes' if forced else 'no'}, declared itself {'yes' if declared else 'no'}"


def run_session(args: argparse.Namespace) -> None:
    rules = get_preset(args.rules).replace(round_games=args.round_games)
    rows: dict[bool, list[tuple[float, bool, bool]]] = {True: [], False: []}
    began = time.perf_counter()
    for r in range(args.rounds):
        for timing in (True, False):
            rows[timing].append(play_round(rules, args.start + r, timing))
        print(f"round {args.start + r}: on {round_text(rows[True][-1])}; off {round_text(rows[False][-1])}", flush=True)
    n = args.rounds
    for timing in (True, False):
        punkte = [p for p, _, _ in rows[timing]]
        forced = sum(f for _, f, _ in rows[timing])
        declared = sum(d for _, _, d in rows[timing])
        print(
            f"timing {'on ' if timing else 'off'}: vorgeführt {forced}/{n}, declared itself {declared}/{n}, "
            f"mean Punkte per round {statistics.fmean(punkte):+.2f}"
        )
    diffs = [a[0] - b[0] for a, b in zip(rows[True], rows[False], strict=True)]
    mean = statistics.fmean(diffs)
    if n > 1:
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
        spread = f"[{mean - half:+.2f}, {mean + half:+.2f}]"
    else:
        spread = "n/a (needs 2 rounds)"
    print(f"paired on - off: {mean:+.2f} Punkte per round, 95 % interval {spread}")
    print(f"{time.perf_counter() - began:.0f} s")


def round_games(text: str) -> int:
    """``--round-games``: a whole number the rule set accepts as ``round_games`` (its own bounds)."""
    try:
        games = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    try:
        get_preset("ddv").replace(round_games=games)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rules_help = f"preset: {', '.join(PRESETS)} (default ddv)"
    table = sub.add_parser("table", help="the distribution of D over random hands")
    table.add_argument("--rules", type=preset, default="ddv", help=rules_help)
    table.add_argument("--hands", type=count(1), default=150, help="hands, at least 1 (default 150)")
    table.add_argument("--start", type=count(0), default=0, help="first deal seed, 0 or more (default 0)")
    table.add_argument("--samples", type=count(1), default=8, help="deals per solo, at least 1 (default 8)")
    table.add_argument("--rollouts", type=count(1), default=8, help="rollouts per deal, at least 1 (default 8)")
    table.add_argument(
        "--calibration",
        type=calibration_value,
        default=v2_default("vorbehalt_calibration"),
        help="ddv or none: the offsets of the player that uses the table (default: search-v2's)",
    )
    session = sub.add_parser("session", help="paired rounds: Pflichtsolo timing on against off")
    session.add_argument("--rules", type=preset, default="ddv", help=rules_help)
    session.add_argument(
        "--round-games", type=round_games, default=8, help="games in a round, as the rules allow (default 8)"
    )
    session.add_argument("--rounds", type=count(1), default=4, help="rounds, at least 1 (default 4)")
    session.add_argument("--start", type=count(0), default=0, help="first session seed, 0 or more (default 0)")
    args = parser.parse_args()
    print("python " + " ".join(sys.argv))
    if args.command == "table":
        run_table(args)
    else:
        run_session(args)


if __name__ == "__main__":
    main()
