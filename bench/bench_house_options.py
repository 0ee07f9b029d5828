"""Benchmark (issue 26): what an option the compiled kernel does not mirror costs the search player.

Run: ``python3 bench/bench_house_options.py [--seconds 20] [--player search-v1] [--option genscher=true ...]``

A search player plays with rollouts in the compiled kernel (``doppelkopf.fast.kernel``). Under a rule set the
kernel refuses (``fast.tables.check_supported`` names the option), the player still plays correctly, but every
rollout runs through the pure rules engine instead (``players.rollout.python_rollouts``). For ``ddv`` and for
``ddv`` with each ``--option`` changed alone (default: a set of the issue's options), four copies of the player
play whole games, in short slices taken in turn so that every rule set sees the same drift of the machine, until
each has had about ``--seconds`` of wall time. Printed per rule set: whether the kernel plays it, games, the mean
time of a move (a card, a Vorbehalt or an announcement in turn; ``arena.Meter``) and its ratio to ``ddv``.
"""

from __future__ import annotations

import argparse
import time
import tomllib

from doppelkopf.arena import Meter, metered
from doppelkopf.game import Game
from doppelkopf.players import make_player, play_game
from doppelkopf.rules import DDV, RuleSet

#: The default variants: options the kernel mirrors and options it refuses, one of each area.
DEFAULT_OPTIONS = (
    "dullen=false",
    'dulle="first_except_last"',
    "ansage_doubles=true",
    "genscher=true",
    'sonderpunkte=["doppelkopf", "fuchs_gefangen", "karlchen", "herzstich"]',
    "schweine_only_second=true",
)


def variant(text: str) -> RuleSet:
    """``ddv`` with one option changed: ``text`` is one TOML line ``option = value``."""
    data = tomllib.loads(text.replace("=", " = ", 1))
    return DDV.replace(name=text, **{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def kernel_verdict(rules: RuleSet) -> str:
    from doppelkopf.fast.tables import KernelUnsupported, check_supported

    try:
        check_supported(rules)
    except KernelUnsupported:
        return "refused"
    return "kernel"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall time per rule set (default 20)")
    parser.add_argument("--player", default="search-v1", help="registered player (default search-v1)")
    parser.add_argument("--option", action="append", help="option=value in TOML, e.g. genscher=true; repeat")
    parser.add_argument("--slices", type=int, default=10, help="slices per rule set (default 10)")
    args = parser.parse_args()
    sets = [DDV.replace(name="ddv"), *(variant(t) for t in args.option or DEFAULT_OPTIONS)]
    meters = {r.name: Meter() for r in sets}
    games = dict.fromkeys(meters, 0)
    for _ in range(args.slices):
        for rules in sets:
            deadline = time.perf_counter() + args.seconds / args.slices
            while time.perf_counter() < deadline:
                n = games[rules.name]
                players = [metered(make_player(args.player, n * 4 + s), meters[rules.name]) for s in range(4)]
                play_game(Game.new(rules, seed=n, dealer=n % 4), players)
                games[rules.name] += 1
    base = meters["ddv"].move_seconds / max(1, meters["ddv"].moves)
    print(f"player {args.player}, about {args.seconds:g} s per rule set, {args.slices} slices each")
    print(f"{'rule set':<70} {'kernel':>8} {'games':>6} {'move ms':>9} {'ratio':>7}")
    for rules in sets:
        m = meters[rules.name]
        mean = m.move_seconds / max(1, m.moves)
        verdict = kernel_verdict(rules)
        print(f"{rules.name:<70} {verdict:>8} {games[rules.name]:>6} {1000 * mean:>9.2f} {mean / base:>6.2f}x")


if __name__ == "__main__":
    main()
