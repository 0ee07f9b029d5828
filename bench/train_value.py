"""Reproduce the shipped learned value (``src/doppelkopf/players/value_model.npz``) from scratch.

Run: ``python3 bench/train_value.py [--games 20000] [--jobs 2] [--backend process|ray] [--out FILE]
[--data DIR [--reuse]]``

For each of the presets ``ddv``, ``ohne-neunen``, ``doppelbock`` and ``vier-schritte``: ``--games``
self-play games of four rule players (:func:`doppelkopf.training.generate`, in parallel on the
process pool or a Ray cluster) whose choice at every announcement moment is turned round with
probability ``--explore``, each moment a row (the features, the choice, the party's result), then
one model per preset fitted with numpy (:func:`doppelkopf.training.fit`, seed ``--seed``) and its
held-out log-loss printed next to the class frequencies'. All models go into one ``.npz`` file
(read with numpy at play time by :mod:`doppelkopf.players.value_model`). Same seed, same file.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

from doppelkopf.training import fit, generate

PRESETS = ("ddv", "ohne-neunen", "doppelbock", "vier-schritte")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src" / "doppelkopf" / "players" / "value_model.npz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20000, help="self-play games per preset")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--backend", choices=("process", "ray"), default="process")
    parser.add_argument("--ray-address", default=None)
    parser.add_argument("--explore", type=float, default=0.03, help="share of announcement choices turned round")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--hidden", default="256,128", help="hidden layer sizes, comma-separated")
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--data", type=Path, default=None, help="keep the generated data in this folder")
    parser.add_argument(
        "--reuse", action="store_true", help="read the data of --data where they are (same seed, same data)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    hidden = tuple(int(h) for h in args.hidden.split(",") if h)
    arrays: dict[str, np.ndarray] = {}
    for preset in args.presets.split(","):
        start = time.perf_counter()
        kept = args.data / f"{preset}.npz" if args.data is not None else None
        if args.reuse and kept is not None and kept.exists():
            with np.load(kept) as data:
                x, y = data["x"], data["y"]
        else:
            x, y = generate(
                preset, args.games, args.seed, args.backend, args.jobs, args.ray_address, explore=args.explore
            )
        made = time.perf_counter() - start
        if args.data is not None and not (args.reuse and kept is not None and kept.exists()):
            args.data.mkdir(parents=True, exist_ok=True)
            np.savez_compressed(args.data / f"{preset}.npz", x=x, y=y)
        start = time.perf_counter()
        result = fit(x, y, hidden=hidden, epochs=args.epochs, seed=args.seed)
        trained = time.perf_counter() - start
        arrays.update(result.model.arrays(preset))
        print(
            f"{preset}: {args.games} games, {len(y)} rows ({x.nbytes / 2**20:.0f} MiB) in {made:.0f} s; "
            f"fitted in {trained:.0f} s; held-out log-loss {result.log_loss:.4f} nats "
            f"(class frequencies {result.prior_loss:.4f}, {result.held_out} rows)",
            flush=True,
        )
    temp = args.out.with_name(args.out.name + ".part.npz")
    np.savez_compressed(temp, **arrays)
    os.replace(temp, args.out)  # the old file or the whole new one, never half of it
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
