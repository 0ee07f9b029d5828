"""Train the card-location model (issue 27, part 4) from self-play and write the model file.

Run: ``python3 bench/train_location.py [--games 4000] [--presets ddv,ohne-neunen,doppelbock,vier-schritte]
[--player search-easy] [--jobs 2] [--backend process|ray] [--seed 27] [--hidden 256] [--epochs 6]
[--records FILE...] [--test FILE...] [--out location_model.npz]``

Plays ``--games`` games per preset of four ``--player`` players (:func:`doppelkopf.training.generate_locations`,
in chunks on the process pool or Ray, the data depending on the seed only), adds the games of the arena
record files ``--records`` (``doko arena --records``), and takes every card play of every seat as one row
(:func:`doppelkopf.training.location_rows`): the seat's information-state features and where the cards it had
not seen really were. :func:`doppelkopf.training.fit_location` fits the model (numpy, seeded) and keeps a tenth
of the rows for the figures; ``--test`` record files give figures on games of other deals. Prints rows, time,
held-out log-loss per unseen card copy and the mean probability of the true seat (model, card-by-seat
frequencies; 1/3 is a uniform guess). The defaults reproduce the shipped
``src/doppelkopf/players/location_model.npz`` (``docs/search.md`` has its time and figures).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from doppelkopf.record import load_many
from doppelkopf.training import fit_location, generate_locations, location_data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="self-play games per preset (default %(default)s)")
    parser.add_argument(
        "--presets", default="ddv,ohne-neunen,doppelbock,vier-schritte", help="presets, comma-separated"
    )
    parser.add_argument(
        "--player", default="search-easy", help="registered player of the self-play (default %(default)s)"
    )
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--backend", default="process", choices=("process", "ray"), help="where the games are played")
    parser.add_argument(
        "--seed", type=int, default=27, help="seed of the games, shuffles and weights (default %(default)s)"
    )
    parser.add_argument("--hidden", default="256", help="hidden layer sizes, comma-separated (default %(default)s)")
    parser.add_argument("--epochs", type=int, default=6, help="passes over the rows (default %(default)s)")
    parser.add_argument("--records", nargs="*", default=[], help="arena record files to add (JSON Lines)")
    parser.add_argument("--test", nargs="*", default=[], help="record files of other deals, for figures only")
    parser.add_argument("--out", default="location_model.npz", help="model file to write (default %(default)s)")
    args = parser.parse_args()
    start = time.perf_counter()
    xs, ys = [], []
    for preset in [p for p in args.presets.split(",") if p] if args.games else []:
        x, y = generate_locations(preset, args.games, args.seed, args.backend, args.jobs, player=args.player)
        print(f"{preset}: {args.games} games, {x.shape[0]} rows ({time.perf_counter() - start:.0f} s)")
        xs.append(x)
        ys.append(y)
    if args.records:
        x, y = location_data([r for path in args.records for r in load_many(path)])
        print(f"records: {x.shape[0]} rows")
        xs.append(x)
        ys.append(y)
    x, y = np.concatenate(xs), np.concatenate(ys)
    print(f"data: {x.shape[0]} rows x {x.shape[1]} features, {(x.nbytes + y.nbytes) / 2**20:.0f} MiB")
    start = time.perf_counter()
    hidden = tuple(int(h) for h in args.hidden.split(","))
    result = fit_location(x, y, hidden=hidden, epochs=args.epochs, seed=args.seed)
    print(
        f"fit {time.perf_counter() - start:.0f} s on {result.rows} rows; held out {result.held_out}: "
        f"log-loss {result.log_loss:.3f} nats per copy (frequencies {result.prior_loss:.3f}), "
        f"true seat {result.hits:.3f} (frequencies {result.prior_hits:.3f}, uniform 0.333)"
    )
    if args.test:
        tx, ty = location_data([r for path in args.test for r in load_many(path)])
        t = ty.astype(np.float64)
        z = result.model.logits(tx.astype(np.float32)).astype(np.float64)
        z -= z.max(axis=2, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=2, keepdims=True)
        copies = t.sum()
        loss = float(-(t * np.log(np.maximum(p, 1e-12))).sum() / copies)
        print(f"test games: {tx.shape[0]} rows, log-loss {loss:.3f}, true seat {float((t * p).sum() / copies):.3f}")
    np.savez_compressed(args.out, **result.model.arrays("location"))
    print(f"wrote {args.out} ({Path(args.out).stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
