"""Benchmark: environment steps per second of the RL interfaces, against OpenSpiel's ``hearts``.

Run: ``python3 bench/bench_rl.py [--seconds 5] [--rounds 5] [--rules ddv]``

All in one run, each for about ``--seconds`` in all, random legal actions of the agent to move, whole
games one after another (Python's ``random`` picks actions and chance outcomes everywhere). The rows
take turns in ``--rounds`` slices, so a change of the machine's load hits them all alike:

* ``pettingzoo``: ``doppelkopf.rl.pettingzoo_env.env(rules)`` (standard wrappers), the usual
  ``agent_iter`` / ``last`` / ``step`` loop; ``last()`` builds the observation and action mask of
  the agent to act at every step, so this row always includes an observation;
* ``openspiel python_doppelkopf`` and ``openspiel hearts`` (C++): the usual pyspiel loop
  (``chance_outcomes`` sampled, else a choice of ``legal_actions``), once without observations
  (``plain``) and once with the tensor an RL agent reads at every decision (``+tensor``: our
  ``observation_tensor``, hearts' ``information_state_tensor``, the only tensor hearts has).

Each Doppelkopf row runs in two variants. ``random``: every legal action equally likely; that ends
every game early (a random Vorbehalt answer is nearly always a solo, and soon a random seat claims the
rest or gives it up: about 20 decisions a game), so it measures mostly the Vorbehaltsabfrage, whose
observations are the cheapest. ``whole games``: every seat says gesund, then plays a random legal
card (never a claim or giving up the rest; an Armut exchange or a bidding, where no card is legal,
takes a random legal action), as ``play_out`` in ``tests/test_rl_openspiel.py``: every game runs to its
last trick, the figure for real play.

A step is one decision of an agent; ``nodes/s`` also counts the chance nodes of the deal (48 or 40
for Doppelkopf, 52 for hearts; the PettingZoo environment deals inside ``reset``). Ratios to hearts are
printed for both variants. The machine's other load makes the figures noisy: compare rows of the same
run.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from doppelkopf.moves import Action
from doppelkopf.rl import pettingzoo_env
from doppelkopf.rl.openspiel_game import load_game

#: (decisions, chance nodes, games, seconds)
Result = tuple[int, int, int, float]
#: How a seat picks among the legal actions: ``pick(legal, rng)``.
Pick = Callable[[list[int], random.Random], int]


def random_action(legal: list[int], rng: random.Random) -> int:
    """Any legal action, equally likely."""
    return rng.choice(legal)


def whole_game_action(legal: list[int], rng: random.Random) -> int:
    """Gesund when it is legal, else a random legal card, else (Armut, bidding) a random legal
    action other than a claim or giving up the rest: the game runs to its last trick."""
    if Action.GESUND in legal:
        return Action.GESUND
    cards = [a for a in legal if a < Action.ANNOUNCE_BASE]
    if cards:
        return rng.choice(cards)
    return rng.choice([a for a in legal if a not in (Action.CLAIM, Action.CONCEDE)] or legal)


def pettingzoo_steps(rules: str, seconds: float, pick: Pick = random_action) -> Result:
    """Actions chosen by ``pick`` in the PettingZoo AEC environment."""
    rng = random.Random(1)
    env = pettingzoo_env.env(rules=rules)
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=games)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(pick(np.flatnonzero(observation["action_mask"]).tolist(), rng))
            decisions += 1
        games += 1
    return decisions, 0, games, time.perf_counter() - start


def openspiel_steps(
    game: pyspiel.Game,
    seconds: float,
    tensor: Callable[[pyspiel.State, int], object] | None,
    pick: Pick = random_action,
) -> Result:
    """Actions chosen by ``pick`` in an OpenSpiel game; ``tensor(state, player)`` is read at each decision."""
    rng = random.Random(1)
    decisions = chances = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                chances += 1
                continue
            if tensor is not None:
                tensor(state, state.current_player())
            state.apply_action(pick(state.legal_actions(), rng))
            decisions += 1
        state.returns()
        games += 1
    return decisions, chances, games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per row (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="slices each row's time is cut into (default 5)")
    parser.add_argument("--rules", default="ddv", help="preset of the Doppelkopf rows (default ddv)")
    args = parser.parse_args()

    ours = load_game(args.rules)
    hearts = pyspiel.load_game("hearts")

    def observation(state: pyspiel.State, player: int) -> object:
        return state.observation_tensor(player)

    runs: list[tuple[str, Callable[[float], Result]]] = [
        ("pettingzoo doppelkopf (obs + mask)", lambda t: pettingzoo_steps(args.rules, t)),
        ("  whole games", lambda t: pettingzoo_steps(args.rules, t, whole_game_action)),
        ("openspiel python_doppelkopf plain", lambda t: openspiel_steps(ours, t, None)),
        ("  whole games ", lambda t: openspiel_steps(ours, t, None, whole_game_action)),
        ("openspiel python_doppelkopf +tensor", lambda t: openspiel_steps(ours, t, observation)),
        ("  whole games  ", lambda t: openspiel_steps(ours, t, observation, whole_game_action)),
        ("openspiel hearts (C++) plain", lambda t: openspiel_steps(hearts, t, None)),
        (
            "openspiel hearts (C++) +tensor",
            lambda t: openspiel_steps(hearts, t, lambda s, p: s.information_state_tensor(p)),
        ),
    ]
    totals = {name: [0, 0, 0, 0.0] for name, _ in runs}
    for _ in range(args.rounds):
        for name, run in runs:
            for i, value in enumerate(run(args.seconds / args.rounds)):
                totals[name][i] += value
    rows = [(name, (int(t[0]), int(t[1]), int(t[2]), float(t[3]))) for name, t in totals.items()]
    rates = {name: decisions / elapsed for name, (decisions, _c, _g, elapsed) in rows}
    print(f"rules {args.rules}, about {args.seconds:g} s per row in {args.rounds} rounds")
    print("random legal actions; 'whole games': gesund, random cards, no claim or concession")
    print(f"{'interface':38} {'steps/s':>10} {'nodes/s':>10} {'games/s':>9} {'steps/game':>10}")
    for name, (decisions, chances, games, elapsed) in rows:
        nodes = (decisions + chances) / elapsed
        print(f"{name:38} {decisions / elapsed:10.0f} {nodes:10.0f} {games / elapsed:9.1f} {decisions / games:10.1f}")
    print("ratios (steps/s), random actions | whole games:")
    plain, tensor = rates["openspiel hearts (C++) plain"], rates["openspiel hearts (C++) +tensor"]
    pz, pz_whole = rates["pettingzoo doppelkopf (obs + mask)"], rates["  whole games"]
    ours_plain, ours_plain_whole = rates["openspiel python_doppelkopf plain"], rates["  whole games "]
    ours_tensor, ours_tensor_whole = rates["openspiel python_doppelkopf +tensor"], rates["  whole games  "]
    print(f"  python_doppelkopf plain / hearts plain:     {ours_plain / plain:.3f} | {ours_plain_whole / plain:.3f}")
    print(
        f"  python_doppelkopf +tensor / hearts +tensor: {ours_tensor / tensor:.3f} | {ours_tensor_whole / tensor:.3f}"
    )
    print(f"  pettingzoo / hearts +tensor:                {pz / tensor:.3f} | {pz_whole / tensor:.3f}")
    print(f"  pettingzoo / python_doppelkopf +tensor:     {pz / ours_tensor:.3f} | {pz_whole / ours_tensor_whole:.3f}")


if __name__ == "__main__":
    main()
