"""How well the card-location model places the hidden cards (issue 27, part 4), on games it was not trained on.

Run: ``python3 bench/bench_location.py RECORDS.jsonl [--model FILE] [--games 60] [--share 0.15]
[--candidates 256] [--samples 64] [--powers 0,0.5,1,1.5]``

For a share ``--share`` of the card decisions of every seat in the first ``--games`` finished games of the
record files (``doko arena --records``), draws ``--candidates`` deals of the unseen cards from the uniform
sampler (:class:`doppelkopf.players.sampling.HandSampler`: hard constraints only), keeps ``--samples`` of them
by the model's weight at each power (:func:`doppelkopf.players.location_model.resample`; power 0 is the
uniform sampler) and prints the mean share of the hidden cards each kept deal puts at the seat that really
holds them, with its standard error, and how many of the kept deals are distinct. The model's own log-loss
and mean probability of the true seat on these games come first (1/3 is a uniform guess).
"""

from __future__ import annotations

import argparse
import random
import statistics

import numpy as np

from doppelkopf.game import Action, Phase
from doppelkopf.players.location_model import default_location_model, resample
from doppelkopf.players.sampling import HandSampler
from doppelkopf.record import load_many, replay
from doppelkopf.training import location_data


def placed(deal: list[list[int]], true: list[list[int]], seat: int) -> tuple[int, int]:
    """Hidden cards of ``deal`` at their true seat, and hidden cards in all (for the observer ``seat``)."""
    hit = total = 0
    for r in (1, 2, 3):
        s = (seat + r) % 4
        left = list(true[s])
        for c in deal[s]:
            if c in left:
                left.remove(c)
                hit += 1
        total += len(true[s])
    return hit, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", help="record files of games the model was not trained on")
    parser.add_argument("--model", default=None, help="model file (default: the shipped model)")
    parser.add_argument("--games", type=int, default=60, help="games used (default %(default)s)")
    parser.add_argument("--share", type=float, default=0.15, help="share of the card decisions (default %(default)s)")
    parser.add_argument("--candidates", type=int, default=256, help="uniform deals drawn (default %(default)s)")
    parser.add_argument("--samples", type=int, default=64, help="deals kept by weight (default %(default)s)")
    parser.add_argument("--powers", default="0,0.5,1,1.5", help="powers of the weights (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the draws (default %(default)s)")
    args = parser.parse_args()
    model = default_location_model(args.model)
    records = [r for path in args.records for r in load_many(path) if r.result is not None][: args.games]
    x, y = location_data(records)
    t = y.astype(np.float64)
    z = model.logits(x.astype(np.float32)).astype(np.float64)
    z -= z.max(axis=2, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=2, keepdims=True)
    copies = t.sum()
    print(
        f"{len(records)} games, {x.shape[0]} card decisions: log-loss {float(-(t * np.log(p)).sum() / copies):.3f} "
        f"nats per unseen copy (uniform 1.099), true seat {float((t * p).sum() / copies):.3f} (uniform 0.333)"
    )
    powers = [float(v) for v in args.powers.split(",")]
    shares: dict[float, list[float]] = {power: [] for power in powers}
    distinct: dict[float, list[int]] = {power: [] for power in powers}
    rng = random.Random(args.seed)
    for record in records:
        final = replay(record)
        game = final.as_dealt()
        for seat, action in final.history:
            if game.phase is Phase.PLAY and Action.is_card(action) and rng.random() < args.share:
                info = game.information_state(seat)
                sampler = HandSampler(info)
                deals = [sampler.sample(rng) for _ in range(args.candidates)]
                weights = model.log_weights(info, deals)
                true = [list(h) for h in game.hands]
                for power in powers:
                    picks = resample(weights, power, args.samples, rng)
                    distinct[power].append(len(set(picks)))
                    hits = [placed(deals[i], true, seat) for i in picks]
                    total = sum(h[1] for h in hits)
                    if total:
                        shares[power].append(sum(h[0] for h in hits) / total)
            game.apply(action, seat)
    for power, values in shares.items():
        mean = statistics.fmean(values)
        se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        print(
            f"power {power:g}: {len(values)} positions, hidden cards at their true seat {mean:.4f} +- {se:.4f}, "
            f"{statistics.fmean(distinct[power]):.1f} distinct deals of {args.samples}"
        )


if __name__ == "__main__":
    main()
