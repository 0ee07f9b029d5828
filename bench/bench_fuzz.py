"""Fuzz campaign: random rule sets, each refused or played for a few deals by random players.

Run: ``python3 bench/bench_fuzz.py [--minutes 30] [--seed 1] [--deals 4] [--game-seconds 20]``

The rule sets and the play are those of ``tests/test_rule_fuzz.py`` (generator:
``tests/rule_fuzz.py``): every option of RuleSet drawn from the choices and ranges of its metadata,
invalid values and combinations included; a refusal must name an option first; a rule set that is
taken plays ``--deals`` deals of a session with random Vorbehalte, Armut, bidding, Schmeissen,
announcements in and out of turn, claims and concessions (claims at any moment here, see
``--claim-max-cards``). Draw ``i`` of seed ``S`` is ``draw_options(random.Random("fuzz:S:i"))``.

Printed at the end: rule sets drawn, refused (by the option named), played; games by game type and
the house actions seen; failures by kind (crash, hang: a game past ``--game-seconds`` or
``--max-steps`` actions, no_action: a seat to move without a legal action, not_zero_sum, replay,
redeal, refusal_without_option), each with a reproducer; the slowest game. Exit status 1 on any
failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from doppelkopf.rules import RuleError  # noqa: E402
from rule_fuzz import FuzzFailure, Tally, build, draw_options, play_deals, refused_option  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="how long to draw and play (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the campaign (default 1)")
    parser.add_argument("--deals", type=int, default=4, help="deals played per rule set (default 4)")
    parser.add_argument("--game-seconds", type=float, default=20.0, help="a game running longer is a hang")
    parser.add_argument("--max-steps", type=int, default=400, help="a game with more actions is a hang")
    parser.add_argument(
        "--claim-max-cards", type=int, default=12, help="claims only with at most this many cards in hand (default 12)"
    )
    parser.add_argument("--max-failures", type=int, default=20, help="stop after this many failures")
    args = parser.parse_args()

    deadline = time.monotonic() + args.minutes * 60
    tally = Tally()
    refused: Counter[str] = Counter()
    failures: list[tuple[str, FuzzFailure | str]] = []
    drawn = played = 0
    started = time.monotonic()
    while time.monotonic() < deadline and len(failures) < args.max_failures:
        draw = f"fuzz:{args.seed}:{drawn}"
        drawn += 1
        options = draw_options(random.Random(draw))
        rules = build(options)
        if isinstance(rules, RuleError):
            option = refused_option(rules)
            refused[option or "(no option named)"] += 1
            if option is None:
                failures.append((draw, f"refusal_without_option: {rules}"))
            continue
        played += 1
        try:
            play_deals(
                rules,
                options,
                drawn,
                args.deals,
                claim_max_cards=args.claim_max_cards,
                max_steps=args.max_steps,
                game_seconds=args.game_seconds,
                tally=tally,
            )
        except FuzzFailure as failure:
            failures.append((draw, failure))
    elapsed = time.monotonic() - started

    games = sum(tally.games.values())
    print(
        f"{elapsed:.0f} s, seed {args.seed}: {drawn} rule sets drawn, {sum(refused.values())} refused, {played} played"
    )
    print("refused by option: " + ", ".join(f"{name} {n}" for name, n in refused.most_common()))
    print(f"games: {games} ({tally.steps} actions): " + ", ".join(f"{k} {n}" for k, n in tally.games.most_common()))
    print("seen: " + ", ".join(f"{k} {n}" for k, n in sorted(tally.events.items())))
    print(f"slowest game: {tally.slowest:.3f} s ({tally.slowest_where or '-'})")
    kinds = Counter(f.kind if isinstance(f, FuzzFailure) else f.split(":", 1)[0] for _, f in failures)
    print("failures: " + (", ".join(f"{k} {n}" for k, n in kinds.most_common()) or "none"))
    for draw, failure in failures:
        print(f"\n--- draw_options(random.Random({draw!r}))")
        if isinstance(failure, FuzzFailure):
            print(f"{failure.kind}: {failure.detail}")
            print(failure.reproducer())
            print(
                f"replay: play_deals(RuleSet.from_dict(options), options, {failure.seed}, {args.deals}, "
                f"claim_max_cards={args.claim_max_cards}, max_steps={args.max_steps})"
            )
        else:
            print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
