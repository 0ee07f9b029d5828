"""Example: train a small linear policy on CPU with REINFORCE (numpy only), then measure it in the arena.

Run: ``python3 bench/train_policy.py [--minutes 5] [--opponents rules] [--rules ddv] [--out policy.npz]``

The learner is :class:`doppelkopf.rl.policy.LinearPolicy` (a softmax over the legal actions of one
linear function of the observation vector, ``doppelkopf.rl.encoding``), played through the Gymnasium
wrapper :class:`doppelkopf.rl.gym_env.DoppelkopfEnv` against three computer players (``--opponents``,
default the registered ``rules`` player), the learner's seat going round 0..3 from game to game.

Training is plain REINFORCE with a baseline: batches of ``--batch`` games are played with actions
sampled from the policy; every decision of a game gets the game's Punkte (the learner's reward, the
only one) minus the batch's mean, scaled by the batch's spread; the weights move by Adam along
``advantage * grad log pi(action)`` plus a small entropy bonus (``--entropy``) that keeps it from
settling too early. The policy starts at all zeros: uniformly random legal actions, which declares a
solo in most Vorbehaltsabfragen (every solo kind is one action) and loses badly; the first thing it
learns is to say gesund.

It stops after ``--minutes`` of wall time, saves the weights to ``--out`` and prints the arena
commands that measure them (``doko arena --candidate policy --candidate-option weights=FILE``); with
``--arena-deals N`` it runs them itself and prints the figures (see ``docs/rl.md``).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from doppelkopf.rl.encoding import NUM_ACTIONS, OBS_SIZE
from doppelkopf.rl.gym_env import DoppelkopfEnv
from doppelkopf.rl.policy import LinearPolicy


class Adam:
    """Adam on a list of arrays (ascent: ``step`` adds the update)."""

    def __init__(self, params: list[np.ndarray], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray], b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self.t)
            v_hat = v / (1 - b2**self.t)
            p += self.lr * m_hat / (np.sqrt(v_hat) + eps)


def play_episode(
    env: DoppelkopfEnv, policy: LinearPolicy, rng: np.random.Generator, seed: int
) -> tuple[list[np.ndarray], list[np.ndarray], list[int], float]:
    """One game with sampled actions: the learner's observations, masks, actions and its Punkte."""
    obs, _ = env.reset(seed=seed)
    xs, masks, actions = [], [], []
    total, done = 0.0, False
    while not done:
        x, mask = obs["observation"], obs["action_mask"]
        action = policy.act(x, mask, rng)
        xs.append(x)
        masks.append(mask)
        actions.append(action)
        obs, reward, done, _, _ = env.step(action)
        total += float(reward)
    return xs, masks, actions, total


def gradients(
    policy: LinearPolicy, xs: np.ndarray, masks: np.ndarray, actions: np.ndarray, adv: np.ndarray, entropy: float
) -> tuple[np.ndarray, np.ndarray, float]:
    """The REINFORCE gradient (mean over the decisions) of the weights and the bias, with the
    entropy bonus, and the mean entropy of the policy at these decisions."""
    probs = policy.probabilities(xs, masks)
    onehot = np.zeros_like(probs)
    onehot[np.arange(len(actions)), actions] = 1.0
    g = (onehot - probs) * adv[:, None]
    logp = np.log(np.where(probs > 0, probs, 1.0))
    ent = -(probs * logp).sum(axis=1)
    # d entropy / d logits = -p (log p + H), zero outside the mask
    g += entropy * (-probs * (logp + ent[:, None]))
    n = len(actions)
    return (g.T @ xs / n).astype(np.float32), (g.sum(axis=0) / n).astype(np.float32), float(ent.mean())


def train(args: argparse.Namespace) -> LinearPolicy:
    opponents = (args.opponents,) * 3
    envs = [DoppelkopfEnv(rules=args.rules, seat=seat, opponents=opponents) for seat in range(4)]
    policy = LinearPolicy.zeros()
    optimiser = Adam([policy.weights, policy.bias], lr=args.lr)
    rng = np.random.default_rng(args.seed)
    deadline = time.perf_counter() + args.minutes * 60
    start = time.perf_counter()
    games, batch_no = 0, 0
    recent: list[float] = []
    while time.perf_counter() < deadline:
        batch_x, batch_m, batch_a, batch_r = [], [], [], []
        returns = []
        for _ in range(args.batch):
            seed = args.seed * 1_000_000_007 + games
            xs, masks, actions, total = play_episode(envs[games % 4], policy, rng, seed)
            games += 1
            returns.append(total)
            batch_x.extend(xs)
            batch_m.extend(masks)
            batch_a.extend(actions)
            batch_r.extend([total] * len(actions))
        r = np.asarray(batch_r, np.float32)
        adv = (r - float(np.mean(returns))) / (float(np.std(returns)) + 1.0)
        gw, gb, ent = gradients(
            policy, np.asarray(batch_x), np.asarray(batch_m), np.asarray(batch_a), adv, args.entropy
        )
        optimiser.step([gw, gb])
        recent.extend(returns)
        batch_no += 1
        if batch_no % args.report == 0:
            print(
                f"{time.perf_counter() - start:7.0f}s  games {games:6d}  mean Punkte (last {len(recent)}) "
                f"{np.mean(recent):+6.2f}  entropy {ent:.2f}",
                flush=True,
            )
            recent = []
    print(f"trained on {games} games in {time.perf_counter() - start:.0f} s")
    return policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="wall time of the training")
    parser.add_argument("--rules", default="ddv", help="preset of the games")
    parser.add_argument("--opponents", default="rules", help="registered player at the three other seats")
    parser.add_argument("--out", default="policy.npz", help="file for the weights")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=64, help="games per update")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam step size")
    parser.add_argument("--entropy", type=float, default=0.01, help="weight of the entropy bonus")
    parser.add_argument("--report", type=int, default=20, help="print progress every this many updates")
    parser.add_argument("--arena-deals", type=int, default=0, help="run the arena commands with this many deals")
    args = parser.parse_args()
    print(f"observation {OBS_SIZE} values, {NUM_ACTIONS} actions, {OBS_SIZE * NUM_ACTIONS + NUM_ACTIONS} weights")
    policy = train(args)
    out = Path(args.out)
    policy.save(out)
    print(f"saved {out}")
    commands = [
        [
            "doko",
            "arena",
            "--candidate",
            "policy",
            "--candidate-option",
            f"weights={out}",
            "--reference",
            reference,
            "--rules",
            args.rules,
            "--deals",
            str(args.arena_deals or 500),
            "--no-records",
        ]
        for reference in ("rules", "random")
    ]
    print("measure it with (the arena plays it greedily; add --candidate-option greedy=false for the")
    print("sampling policy that was trained):")
    for command in commands:
        print("  " + " ".join(command))
    if args.arena_deals:
        doko = shutil.which("doko") or "doko"
        for command in commands:
            subprocess.run([doko, *command[1:]], check=True, stdout=sys.stdout)


if __name__ == "__main__":
    main()
