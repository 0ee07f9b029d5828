"""Speed side by side (issue 4): OpenSpiel hearts, our public API, the compiled kernel, in one run.

Run: ``python3 bench/bench_speed.py [--seconds 6] [--rounds 12] [--house ohne-neunen] [--agree N]``
or ``python3 bench/bench_speed.py --agree-options 200``

It first names the core modules running compiled (mypyc, built at install; ``DOPPELKOPF_PURE=1``
measures the pure-Python core instead). Every driver of (a), (b) and (c) runs for ``--seconds``
in all, in ``--rounds`` short slices taken in turn (hearts, then each of ours, round after
round), so that all of them see the same drift of the machine's speed; a rate is the games over
the time summed over the slices. For the headline (b) the spread of the per-round CPU-time
ratios to hearts is printed too.

Prints, all measured in this one process:

(a) OpenSpiel ``hearts`` random games per second through its Python API: ``new_initial_state()``,
    then ``while not terminal``: a chance node takes a random choice of ``chance_outcomes()``, a
    player node a random choice of ``legal_actions()``.
(b) Our random full games per second through the public API with the same driver loop:
    ``Game.new(rules, seed, dealer)``, ``while not terminal: apply(rng.choice(legal_actions()))``,
    ``score()``. "All tricks" (the headline figure: deal, Vorbehalte, all tricks, scoring) chooses
    uniformly among every legal action except claiming or giving up the rest, which would end the
    play early (the loop filters them out only when one of them is legal); under ``ddv`` also
    with cards only (announcements never chosen) and with every legal action (claims checked by
    the solver, concessions); and under each ``--house`` preset (all tricks), each with its ratio
    to hearts.
(c) The kernel (``doppelkopf.fast.kernel.random_games``): full random games per second under ``ddv``
    and the house presets it supports, with the ratio to hearts; rollouts per second from a mid-game
    position; and a lower-bound estimate (the cost of the random decisions alone).
(d) The exact solver's figures, if ``doppelkopf.fast.solver`` provides ``bench_figures()``.

Each rate is given by the wall clock and by the CPU time of this process (``time.process_time``),
with both ratios to hearts: other processes may share the machine's two cores, which lowers the
wall-clock rates of whatever runs while they are busy; the CPU-time rates are the one-core figures.
``--agree N`` replays N kernel games per preset through the reference engine
(``check_against_engine``) and reports any difference. ``--agree-options N`` does only this, for ``ddv`` with each
option changed alone (every value its metadata offers): the kernel refuses the rule set, naming the option, or N of
its games agree with the engine game by game (issue 26).

OpenSpiel is a benchmark-only dependency: ``pip install -e '.[bench]'`` (or ``pip install
open_spiel==2.0.2``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from doppelkopf import Game, get_preset
from doppelkopf.game import Action
from doppelkopf.rules import RuleSet


def disagreements(rules: RuleSet, games: Any, n: int, prefix: str, shown: int) -> int:
    """How many of the first ``n`` kernel ``games`` disagree with the engine replaying them; the first ``shown``
    disagreements are printed after ``prefix``."""
    from doppelkopf.fast.kernel import KernelMismatch, check_against_engine

    bad = 0
    for i in range(n):
        try:
            check_against_engine(rules, games, i)
        except (KernelMismatch, ValueError) as exc:
            bad += 1
            if bad <= shown:
                print(f"{prefix}{exc}")
    return bad


def timed_totals(run: Callable[[], int], seconds: float) -> tuple[int, float, float]:
    """Call ``run`` (which plays some games and returns how many) for about ``seconds``; returns
    (games, wall-clock seconds, CPU seconds)."""
    games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        games += run()
    return games, time.perf_counter() - wall, time.process_time() - cpu


# -- (a) OpenSpiel hearts -----------------------------------------------------------------------------------------


def hearts_runner() -> Callable[[], int] | None:
    try:
        import pyspiel
    except ImportError:
        print(
            "(a) OpenSpiel is not installed: pip install -e '.[bench]'  (or: pip install open_spiel==2.0.2)",
            file=sys.stderr,
        )
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)

    def run() -> int:
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        return 20

    return run


# -- (b) our public API --------------------------------------------------------------------------------------------


def api_runner(rules: RuleSet, cards_only: bool, all_tricks: bool = True) -> Callable[[], int]:
    """Random games through the public API: uniform over the legal actions, but for claiming and
    giving up the rest when ``all_tricks`` and for the announcements when ``cards_only``."""
    rng = random.Random(1)
    count = [0]
    claim, concede = Action.CLAIM, Action.CONCEDE
    first_announcement, after_announcements = Action.ANNOUNCE_BASE, Action.ANNOUNCE_BASE + 5

    def run() -> int:
        for _ in range(10):
            n = count[0]
            game = Game.new(rules, seed=n, dealer=n % 4)
            while not game.is_terminal:
                legal = game.legal_actions()
                if cards_only:
                    legal = [a for a in legal if not first_announcement <= a < after_announcements]
                if all_tricks:
                    # the actions are ascending and claim (55) and concede (58) come last when legal
                    # (a soloist's turn; no Armut action is legal while they are): drop them
                    while legal[-1] == concede or legal[-1] == claim:
                        legal.pop()
                game.apply(rng.choice(legal))
            game.score()
            count[0] += 1
        return 10

    return run


# -- (c) the kernel ------------------------------------------------------------------------------------------------


def kernel_runner(rules: RuleSet, batch: int) -> Callable[[], int]:
    from doppelkopf.fast.kernel import random_games

    random_games(rules, 10, seed=0)  # compile (or load the cache) and build the tables outside the timing
    seed = [1]

    def run() -> int:
        random_games(rules, batch, seed=seed[0])
        seed[0] += 1
        return batch

    return run


def rollout_runner(rules: RuleSet, k: int) -> Callable[[], int]:
    from doppelkopf.fast.kernel import rollout_values

    rng = random.Random(3)
    game = Game.new(rules, seed=3, dealer=0)
    for _ in range(4):
        game.apply(Action.GESUND)
    for _ in range(4 * 3 + 2):  # three tricks and two cards played
        game.apply(rng.choice([a for a in game.legal_actions() if a < 24]))
    rollout_values(game, 10, seed=0)

    def run() -> int:
        rollout_values(game, k, seed=1)
        return k

    return run


def lower_bound_per_game(rules: RuleSet) -> float:
    """Seconds per game of the random decisions alone, done with the kernel's own primitives: the
    shuffle of the deck (one draw per card) and one uniform choice among 1..hand_size cards per card
    played (drawing, selecting the card's bit, removing it). Every correct random game needs at
    least these; the trick logic, the Augen and the score come on top."""
    import numpy as np
    from numba import njit

    from doppelkopf.fast.kernel import _below, _pick

    @njit(cache=False)
    def decisions(n: int, n_cards: int, hand: int) -> int:
        state = np.uint64(12345)
        acc = np.int64(0)
        full = (1 << 24) - 1
        for _ in range(n):
            for j in range(n_cards - 1, 0, -1):
                state, k = _below(state, j + 1)
                acc += k
            for t in range(hand):
                for _s in range(4):
                    mask = full >> (24 - (hand - t))  # as many choices as cards left in hand
                    state, c = _pick(state, mask)
                    acc ^= c
        return int(acc)

    cards = 48 if rules.with_nines else 40
    decisions(10, cards, rules.hand_size)
    n = 200_000
    start = time.process_time()
    decisions(n, cards, rules.hand_size)
    return (time.process_time() - start) / n


# -- (e) agreement -------------------------------------------------------------------------------------------------


def agree(presets: list[str], n: int) -> bool:
    from doppelkopf.fast.kernel import random_games
    from doppelkopf.fast.tables import KernelUnsupported

    ok = True
    for name in presets:
        rules = get_preset(name)
        try:
            games = random_games(rules, n, seed=20261130, record=True)
        except KernelUnsupported as exc:
            print(f"  {name:14s} refused: {exc}")
            continue
        start = time.perf_counter()
        bad = disagreements(rules, games, n, f"  {name}: ", 5)
        ok = ok and bad == 0
        took = time.perf_counter() - start
        print(f"  {name:14s} {n - bad:,} of {n:,} kernel games agree with the engine ({took:.0f} s)")
    return ok


def option_variants() -> list[tuple[str, Any]]:
    """Every option of the rule set (``name`` aside) with each value other than its DDV default that the
    field metadata offers on its own: a bool flipped; each other choice; for a list of choices, each choice
    added or, if listed, removed; for a number with a range, its low and high end. Pairs ``(option,
    value)``; a value the core refuses by itself (a cross-field check) is left out by :func:`agree_options`."""
    import dataclasses

    from doppelkopf.rules import DDV

    variants: list[tuple[str, Any]] = []
    for f in dataclasses.fields(RuleSet):
        if f.name == "name":
            continue
        default = getattr(DDV, f.name)
        choices = f.metadata.get("choices")
        bounds = f.metadata.get("bounds")
        values: list[Any] = []
        if isinstance(default, bool):
            values = [not default]
        elif isinstance(default, tuple) and choices:
            values = [tuple(c for c in default if c != v) if v in default else (*default, v) for v in choices]
        elif choices:
            values = [v for v in choices if v != default]
        elif isinstance(default, int) and bounds is not None:
            low, high = bounds.bounds(DDV.with_nines)
            values = [v for v in (low, high) if v != default]
        variants.extend((f.name, v) for v in values)
    return variants


def agree_options(n: int) -> bool:
    """``--agree-options N``: for every variant of :func:`option_variants`, the kernel's verdict on the rule set
    ``ddv`` with that one option changed: refused (the reason printed: the engine plays it, the search players
    go through the core), or N kernel games replayed through the engine, every difference counted."""
    from doppelkopf.fast.kernel import random_games
    from doppelkopf.fast.tables import KernelUnsupported
    from doppelkopf.rules import DDV, RuleError

    ok = True
    refused = agreed = 0
    for option, value in option_variants():
        shown = f"{option} = {value!r}"
        try:
            rules = DDV.replace(name="variant", **{option: value})
        except RuleError:
            continue  # a combination the core refuses on its own
        try:
            games = random_games(rules, n, seed=20261202, record=True)
        except KernelUnsupported as exc:
            refused += 1
            print(f"  refused  {shown}: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001 - a kernel that breaks on an option is reported, not hidden
            ok = False
            print(f"  ERROR    {shown}: {type(exc).__name__}: {exc}")
            continue
        bad = disagreements(rules, games, n, f"  MISMATCH {shown}: ", 3)
        agreed += 1
        ok = ok and bad == 0
        print(f"  {'agree' if not bad else 'DIFFER':8s} {shown}: {n - bad:,} of {n:,} kernel games")
    print(f"  {agreed} variants played by the kernel and checked, {refused} refused for the engine")
    return ok


# -- main ----------------------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per driver, all slices (default 6)")
    parser.add_argument(
        "--house", action="append", help="seed-house preset(s) to measure (default: ohne-neunen); repeat for more"
    )
    parser.add_argument("--agree", type=int, default=0, metavar="N", help="replay N kernel games per preset")
    parser.add_argument(
        "--agree-options",
        type=int,
        default=0,
        metavar="N",
        help="for each option changed alone: the kernel refuses it, or N of its games agree with the engine; "
        "nothing else is measured",
    )
    parser.add_argument(
        "--positions", type=int, default=30, help="solver positions per depth (default 30; 0 skips the solver)"
    )
    parser.add_argument(
        "--rounds", type=int, default=12, help="slices per driver, every driver in turn each round (default 12)"
    )
    args = parser.parse_args()
    houses = args.house or ["ohne-neunen"]
    if args.agree_options:
        print(f"Agreement per option: ddv with one option changed, {args.agree_options:,} kernel games each")
        sys.exit(0 if agree_options(args.agree_options) else 1)
    sec = args.seconds

    def line(label: str, rate: tuple[float, float], base: tuple[float, float] | None) -> None:
        ratio = f"{rate[0] / base[0]:9.2f}x {rate[1] / base[1]:9.2f}x" if base else ""
        print(f"  {label:50s} {rate[0]:>11,.0f} /s {rate[1]:>11,.0f} /s {ratio}")

    import doppelkopf
    from doppelkopf.fast.tables import KernelUnsupported

    compiled = ", ".join(doppelkopf.COMPILED) or "none: pure Python"
    print(f"doppelkopf core modules compiled (mypyc): {compiled}")
    drivers: list[tuple[str, Callable[[], int]]] = []
    hearts = hearts_runner()
    if hearts is not None:
        drivers.append(("(a) OpenSpiel hearts, Python API", hearts))
    drivers.append(("(b) doppelkopf API, ddv, all tricks", api_runner(get_preset("ddv"), False)))
    drivers.append(("(b) doppelkopf API, ddv, all tricks, cards only", api_runner(get_preset("ddv"), True)))
    drivers.append(
        ("(b) doppelkopf API, ddv, every legal action", api_runner(get_preset("ddv"), False, all_tricks=False))
    )
    for name in houses:
        drivers.append((f"(b) doppelkopf API, {name}, all tricks", api_runner(get_preset(name), False)))
    refused = []
    for name in ["ddv", *houses]:
        try:
            drivers.append((f"(c) kernel random_games, {name}", kernel_runner(get_preset(name), 100_000)))
        except KernelUnsupported as exc:
            refused.append(f"  (c) kernel, {name}: refused: {exc}")
    drivers.append(("(c) kernel rollouts (ddv, from trick 4, card 3)", rollout_runner(get_preset("ddv"), 100_000)))

    # Every driver runs in turn for a short slice, round after round: the machine's speed drifts
    # (its cores are shared), and slices taken in turn see the same drift, so the ratios compare
    # like with like. A driver's rate is its games over its time summed over all rounds.
    rounds = max(1, args.rounds)
    slice_seconds = sec / rounds
    totals = {label: [0, 0.0, 0.0] for label, _ in drivers}
    per_round: dict[str, list[float]] = {label: [] for label, _ in drivers}
    for _ in range(rounds):
        for label, run in drivers:
            games, wall, cpu = timed_totals(run, slice_seconds)
            total = totals[label]
            total[0] += games
            total[1] += wall
            total[2] += cpu
            per_round[label].append(games / max(cpu, 1e-9))
    rates = {label: (t[0] / t[1], t[0] / max(t[2], 1e-9)) for label, t in totals.items()}
    print(
        f"Random full games per second, {sec:g} s each in {rounds} slices of {slice_seconds:.2g} s taken in turn, "
        "and the ratio to OpenSpiel hearts"
    )
    print(f"  {'':50s} {'wall clock':>14s} {'CPU time':>14s} {'ratio wall':>10s} {'ratio CPU':>10s}")
    base = rates[drivers[0][0]] if hearts is not None else None
    for label, _ in drivers:
        line(label, rates[label], base if not label.startswith("(c) kernel rollouts") else None)
        if hearts is not None and label == "(b) doppelkopf API, ddv, all tricks":
            ratios = sorted(b / a for a, b in zip(per_round[drivers[0][0]], per_round[label], strict=True))
            quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            print(
                f"  {'':50s} (CPU ratio per round: lowest {ratios[0]:.2f}, quartiles "
                f"{quartiles[0]:.2f} / {quartiles[1]:.2f} / {quartiles[2]:.2f}, highest {ratios[-1]:.2f})"
            )
    for text in refused:
        print(text)
    kernel_rates = {
        name: rates[f"(c) kernel random_games, {name}"]
        for name in ["ddv", *houses]
        if f"(c) kernel random_games, {name}" in rates
    }

    if "ddv" in kernel_rates:
        floor = lower_bound_per_game(get_preset("ddv"))
        cpu = kernel_rates["ddv"][1]
        print(
            f"  lower bound (ddv): the random decisions alone (47-draw shuffle, 48 card choices) take "
            f"{floor * 1e9:,.0f} ns per game = {1 / floor:,.0f} games/s per core;\n"
            f"    the kernel takes {1e9 / cpu:,.0f} ns per game (CPU) = {48 * cpu:,.0f} cards/s, "
            f"{(1 / cpu) / floor:.1f}x the bound;\n"
            f"    per card played: kernel {1e9 / cpu / 48:.1f} ns, bound {floor * 1e9 / 48:.1f} ns (target: 25 ns)"
        )

    solver: Any = None
    try:
        from doppelkopf.fast import solver
    except ImportError:
        pass
    if args.positions <= 0:
        print("(d) exact solver: skipped (--positions 0)")
    elif solver is not None and hasattr(solver, "bench_figures"):
        figures = solver.bench_figures(positions=args.positions)
        print(f"(d) exact solver, {figures['positions']} random ddv positions per depth (wall-clock ms; cold table)")
        for depth, kinds in figures["depths"].items():
            for kind, row in kinds.items():
                ms = f"median {row['median_ms']:>9.2f}  p95 {row['p95_ms']:>9.2f}"
                print(f"  {depth:>2} tricks left  {kind:<22} {ms}")
    else:
        print("(d) exact solver: doppelkopf.fast.solver.bench_figures() not available")

    if args.agree:
        print(f"Agreement: {args.agree:,} kernel games per preset replayed through the engine")
        if not agree(["ddv", *houses], args.agree):
            sys.exit(1)


if __name__ == "__main__":
    main()
