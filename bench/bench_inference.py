"""Benchmark: how well sampled deals place the hidden cards, uniform vs weighted by the play.

Run: ``python3 bench/bench_inference.py [--games 10] [--rules ddv] [--cuts 8,16,24,32]
[--candidates 100] [--epsilons 0.1,0.3,0.5] [--card-epsilons 0.5,1.0] [--powers 1.0] [--players rules]
[--seed 0]``

Positions come from self-play: four players of ``--players`` (registry names, e.g. ``rules``) play
``--games`` games (seeds ``seed .. seed + games - 1``, dealer ``seed % 4``); in each game, after
each number of cards in ``--cuts``, every seat in turn is the observer. For each position
``--candidates`` deals are drawn from :class:`~doppelkopf.players.base.HandSampler` (uniform under
the hard constraints) and weighted by :func:`~doppelkopf.players.inference.play_log_likelihood`
under :class:`~doppelkopf.players.inference.RulePolicyModel` for each ``epsilon`` and each
tempering ``power`` (weights = likelihood ** power, method ``e<epsilon>/p<power>``; with
``--card-epsilons`` card plays get their own epsilon, method ``e<epsilon>/c<card eps>/p<power>``). Uniform
means the same deals with equal weights. Printed per method (mean over positions):

* ``ll``: log-likelihood (natural log) of the true hidden cards, each unseen card copy scored by
  ``log p(its true seat)``, with ``p`` the weighted share of deals that put it there, mixed
  5 % with 1/3 (so a card no deal placed right costs ``log(0.05/3)`` rather than minus infinity);
* ``ll/card``: the same per unseen card copy;
* ``correct``: the mean ``p(true seat)`` over unseen copies (share of cards a draw places right);
* ``ess``: effective sample size of the weights (out of ``--candidates``).

With ``--filter-games K`` only the cost of :class:`~doppelkopf.players.inference.ParticleFilter`
(kept across one game's decisions) against a fresh weighting at each decision is measured
(:func:`filter_cost`; ``--candidates`` particles, the first epsilon and power).

Also the time per weighted deal (the rebuild, replay and one rule-player decision per counted
step). The rule player as the model of rule-player opponents is the favourable case; with
``--players search-easy`` the model is wrong about the card play (a check that the weighting does
not hurt when the model is off).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable

from bench_vorbehalt import count, plural, preset
from doppelkopf.cards import deck
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import PLAYERS, make_player
from doppelkopf.players.base import HandSampler, Player
from doppelkopf.players.inference import (
    ParticleFilter,
    RulePolicyModel,
    WeightedSampler,
    card_placement_probabilities,
    effective_sample_size,
    normalized_weights,
    play_log_likelihood,
)
from doppelkopf.rules import PRESETS, get_preset

MIX = 0.05


class _Recorder:
    """A model that records per counted step (rule player's choice hit, legal actions) and says 1."""

    def __init__(self) -> None:
        self.rule = RulePolicyModel()
        self.steps: list[tuple[bool, int, bool]] = []

    def probability(self, info: InformationState, action: int) -> float:
        predicted = self.rule.predict(info)
        hit = predicted is not None and predicted == action
        self.steps.append((hit, max(1, len(info.legal_actions)), bool(Action.is_card(action))))
        return 1.0


def _log_weight(steps: list[tuple[bool, int, bool]] | None, eps: float, eps_cards: float) -> float:
    if steps is None:
        return -math.inf
    total = 0.0
    for hit, n, card in steps:
        e = eps_cards if card else eps
        total += math.log((1 - e) * hit + e / n)
    return total


def _scores(
    info: InformationState, true: list[list[int]], deals: list[list[list[int]]], w: list[float]
) -> tuple[float, float, int]:
    probs = card_placement_probabilities(info, deals, w)
    ll = hit = 0.0
    n = 0
    for s in range(4):
        if s == info.seat:
            continue
        for c in true[s]:
            p = probs.get((s, c), 0.0)
            ll += math.log((1 - MIX) * p + MIX / 3)
            hit += p
            n += 1
    return ll, hit, n


def positions(players: str, rules_name: str, games: int, seed: int, cuts: list[int]):  # type: ignore[no-untyped-def]
    """Yield ``(info, true_hands)`` for every seat after each cut of each self-play game."""
    rules = get_preset(rules_name)
    for g in range(seed, seed + games):
        game = Game.new(rules, seed=g, dealer=g % 4)
        seats: list[Player] = [make_player(players, g * 4 + s) for s in range(4)]
        for s, p in enumerate(seats):
            p.reset(s, rules, g)
        cards = 0
        pending = sorted(cuts)
        while game.phase is not Phase.FINISHED and pending and not game.thrown_in:
            if game.phase is Phase.PLAY and cards == pending[0]:
                pending.pop(0)
                for obs in range(4):
                    yield game.information_state(obs), [list(h) for h in game.hands]
                continue
            s = game.current_player
            action = seats[s].choose(game.information_state(s))
            game.apply(action, s)
            if Action.is_card(action):
                cards += 1


def filter_cost(rules_name: str, games: int, seed: int, particles: int, power: float, eps: float) -> None:
    """Rule self-play; seat 0 updates a :class:`ParticleFilter` at each of its card turns and, on
    the same states, a :class:`WeightedSampler` of as many deals drawn afresh: mean seconds per
    decision and mean share of hidden cards placed right, for both."""
    rules = get_preset(rules_name)
    rng = random.Random(seed)
    t_pf = t_ws = c_pf = c_ws = 0.0
    n = 0
    for g in range(seed, seed + games):
        game = Game.new(rules, seed=g, dealer=g % 4)
        seats = [make_player("rules", g * 4 + s) for s in range(4)]
        for s, p in enumerate(seats):
            p.reset(s, rules, g)
        pf = ParticleFilter(RulePolicyModel(eps), particles, power)
        while game.phase is not Phase.FINISHED and not game.thrown_in:
            s = game.current_player
            info = game.information_state(s)
            if s == 0 and game.phase is Phase.PLAY and len(info.hand) > 1:
                true = [list(h) for h in game.hands]
                t0 = time.perf_counter()
                pf.update(info, rng)
                t1 = time.perf_counter()
                ws = WeightedSampler(info, RulePolicyModel(eps), rng, particles, power)
                t2 = time.perf_counter()
                t_pf += t1 - t0
                t_ws += t2 - t1
                c_pf += _scores(info, true, pf.deals, pf.weights)[1] / max(1, sum(info.hand_sizes) - len(info.hand))
                c_ws += _scores(info, true, ws.deals, ws.weights)[1] / max(1, sum(info.hand_sizes) - len(info.hand))
                n += 1
            game.apply(seats[s].choose(info), s)
    print(f"filter: rules={rules_name} games={games} particles={particles} power={power} eps={eps} decisions={n}")
    print(f"  particle filter: {1000 * t_pf / max(1, n):.1f} ms per decision, correct {c_pf / max(1, n):.3f}")
    print(f"  weighted afresh: {1000 * t_ws / max(1, n):.1f} ms per decision, correct {c_ws / max(1, n):.3f}")


def listed(item: Callable[[str], float], what: str) -> Callable[[str], list[float]]:
    """An argparse type: a comma-separated list whose every item passes ``item`` (a number), e.g. ``0.1,0.3``."""

    def parse(text: str) -> list[float]:
        values = []
        for part in text.split(","):
            try:
                values.append(item(part))
            except (argparse.ArgumentTypeError, ValueError):
                raise argparse.ArgumentTypeError(
                    f"every item must be {what}, got {part.strip()!r} in {text!r}"
                ) from None
        return values

    parse.__name__ = "list"
    return parse


def epsilon(text: str) -> float:
    """An epsilon of :class:`RulePolicyModel`: a number in (0, 1]."""
    value = float(text)
    if not 0.0 < value <= 1.0:
        raise ValueError(value)
    return value


def power(text: str) -> float:
    """A tempering power: a finite number above 0 (0 would weigh an impossible deal ``0 * -inf``)."""
    value = float(text)
    if not 0.0 < value < math.inf:
        raise ValueError(value)
    return value


def player_name(text: str) -> str:
    """``--players``: a registered player name (:data:`doppelkopf.players.PLAYERS`)."""
    if text not in PLAYERS:
        raise argparse.ArgumentTypeError(f"unknown player {text!r}; known: {', '.join(PLAYERS)}")
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count(1), default=10, help="self-play games, at least 1 (default 10)")
    parser.add_argument("--rules", type=preset, default="ddv", help=f"preset: {', '.join(PRESETS)} (default ddv)")
    parser.add_argument(
        "--cuts",
        type=listed(count(0), "a whole number of cards played, 0 or more"),
        default="8,16,24,32",
        help="cards played at each observed position, comma-separated, each below the deck size (default 8,16,24,32)",
    )
    parser.add_argument(
        "--candidates", type=count(1), default=100, help="deals drawn per position, at least 1 (default 100)"
    )
    parser.add_argument(
        "--epsilons",
        type=listed(epsilon, "a number in (0, 1]"),
        default="0.1,0.3,0.5",
        help="noise shares of the model, comma-separated, each in (0, 1] (default 0.1,0.3,0.5)",
    )
    parser.add_argument(
        "--powers",
        type=listed(power, "a number above 0"),
        default="1.0",
        help="tempering: weights = likelihood ** power, comma-separated, each above 0 (default 1.0)",
    )
    parser.add_argument(
        "--card-epsilons",
        type=listed(epsilon, "a number in (0, 1]"),
        default=None,
        help="epsilons for card plays, comma-separated, each in (0, 1] (default: --epsilons)",
    )
    parser.add_argument(
        "--players", type=player_name, default="rules", help=f"self-play players: {', '.join(PLAYERS)} (default rules)"
    )
    parser.add_argument("--seed", type=count(0), default=0, help="first game seed, 0 or more (default 0)")
    parser.add_argument(
        "--filter-games",
        type=count(1),
        default=None,
        help="measure only the particle filter's cost, over this many games (at least 1)",
    )
    args = parser.parse_args()
    if args.filter_games is not None:
        filter_cost(args.rules, args.filter_games, args.seed, args.candidates, args.powers[0], args.epsilons[0])
        return
    cards = len(deck(get_preset(args.rules).with_nines))
    too_late = [c for c in args.cuts if c >= cards]
    if too_late:
        parser.error(f"argument --cuts: {too_late[0]} cards: the game has ended by then ({args.rules}: {cards} cards)")
    cuts = sorted(set(args.cuts))
    epsilons = args.epsilons
    powers = args.powers
    card_eps: list[float | None] = list(args.card_epsilons) if args.card_epsilons else [None]
    grid = {
        f"e{e}/" + (f"c{c}/" if c is not None else "") + f"p{p}": (e, e if c is None else c, p)
        for e in epsilons
        for c in card_eps
        for p in powers
    }
    methods = ["uniform", *grid]
    # per cut, per method: sums of ll, hits, cards, ess, positions
    acc: dict[tuple[int, str], list[float]] = {}
    # per method: per position (ll - uniform ll) and (correct share - uniform share), all cuts
    diffs: dict[str, list[tuple[float, float]]] = {m: [] for m in methods}
    rng = random.Random(args.seed)
    weigh_time = 0.0
    weighed = 0
    true_ll = {e: 0.0 for e in epsilons}
    npos = 0
    base = (0.0, 0.0)
    agree = [0, 0, 0, 0]  # true deals: steps where the model's choice was made, steps; the same for card plays
    for info, true in positions(args.players, args.rules, args.games, args.seed, cuts):
        cut = sum(len(t.cards) for t in info.tricks) + len(info.trick)
        try:
            sampler = HandSampler(info)
        except ValueError as exc:
            print(f"skip: {exc}")
            continue
        deals = [sampler.sample(rng) for _ in range(args.candidates)]
        t0 = time.perf_counter()
        recorded: list[list[tuple[bool, int, bool]] | None] = []
        for d in deals:
            rec = _Recorder()
            ok = play_log_likelihood(info, d, rec, rng) > -math.inf
            recorded.append(rec.steps if ok else None)
        weigh_time += time.perf_counter() - t0
        weighed += len(deals)
        rec = _Recorder()
        play_log_likelihood(info, true, rec, rng)
        npos += 1
        agree[0] += sum(hit for hit, _, _ in rec.steps)
        agree[1] += len(rec.steps)
        agree[2] += sum(hit for hit, _, card in rec.steps if card)
        agree[3] += sum(1 for _, _, card in rec.steps if card)
        for e in epsilons:
            true_ll[e] += _log_weight(rec.steps, e, e)
        for m in methods:
            if m == "uniform":
                w = [1.0 / len(deals)] * len(deals)
            else:
                e, ec, p = grid[m]
                w = normalized_weights([p * _log_weight(r, e, ec) for r in recorded])
            ll, hit, n = _scores(info, true, deals, w)
            if m == "uniform":
                base = (ll, hit / n)
            diffs[m].append((ll - base[0], hit / n - base[1]))
            row = acc.setdefault((cut, m), [0.0, 0.0, 0.0, 0.0, 0.0])
            row[0] += ll
            row[1] += hit
            row[2] += n
            row[3] += effective_sample_size(w)
            row[4] += 1
    if npos == 0:
        sys.exit(f"no position reached in {plural(args.games, 'game')} (thrown in before the cuts): use more --games")
    print(
        f"players={args.players} rules={args.rules} games={args.games} seed={args.seed} "
        f"candidates={args.candidates} positions={npos}"
    )
    print(f"time per weighted deal: {1000 * weigh_time / max(1, weighed):.2f} ms")
    print(f"{'cut':>4} {'method':>12} {'ll':>9} {'ll/card':>8} {'correct':>8} {'ess':>7} {'pos':>4}")
    for cut in sorted({c for c, _ in acc}):
        for m in methods:
            if (cut, m) not in acc:
                continue
            ll, hit, copies, ess, k = acc[(cut, m)]
            print(
                f"{cut:>4} {m:>12} {ll / k:>9.2f} {ll / copies:>8.3f} {hit / copies:>8.3f} {ess / k:>7.1f} {int(k):>4}"
            )
    print("paired against uniform over all positions (mean +- 1.96 standard errors; the four seats of a game")
    print("are correlated, so the interval is optimistic):")
    for m in methods[1:]:
        for i, what in ((0, "ll"), (1, "correct")):
            xs = [d[i] for d in diffs[m]]
            mean = sum(xs) / len(xs)
            sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1))
            half = 1.96 * sd / math.sqrt(len(xs))
            print(f"  {m:>12} {what:>8}: {mean:+.3f} +- {half:.3f}")
    print(
        f"agreement of the observed steps with the model's choice in the true deal: {agree[0]}/{agree[1]}"
        f" = {agree[0] / max(1, agree[1]):.3f} (1 - epsilon fitted); card plays {agree[2]}/{agree[3]}"
        f" = {agree[2] / max(1, agree[3]):.3f}"
    )
    for e in epsilons:
        print(f"mean log-likelihood of the true deal's observed steps, eps={e}: {true_ll[e] / max(1, npos):.2f}")


if __name__ == "__main__":
    main()
