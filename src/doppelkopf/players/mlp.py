"""Small multi-layer perceptrons read with numpy: the layers the learned models of the players share.

A model is a chain of dense layers, ``weights[i]`` of shape ``(n_in, n_out)`` and ``biases[i]`` of shape
``(n_out,)``, with ReLU between them; what the last layer's outputs mean (a softmax over result classes, one per
card over seats) is the model's own (:class:`~doppelkopf.players.value_model.ValueModel`,
:class:`~doppelkopf.players.location_model.LocationModel`). The arrays are stored in ``.npz`` files under
``KEY/w0``, ``KEY/b0``, ``KEY/w1``, ... (:meth:`Layers.arrays`); files are read once per process
(:func:`load_arrays`). No training library: :func:`doppelkopf.training.train_mlp` fits them with numpy.

>>> import numpy as np
>>> layers = Layers((np.eye(2, dtype=np.float32),), (np.ones(2, dtype=np.float32),))
>>> layers.forward(np.array([[1.0, -3.0]])).tolist()
[[2.0, -2.0]]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

__all__ = ["Layers", "load_arrays", "read_layers"]


@dataclass(frozen=True)
class Layers:
    """Dense layers with ReLU between them (none after the last): ``weights`` and ``biases``, float32."""

    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]

    def forward(self, x: np.ndarray) -> np.ndarray:
        """``(n, outputs)`` float32 outputs of the last layer for the ``(n, inputs)`` rows ``x``."""
        h = np.asarray(x, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h

    def arrays(self, key: str) -> dict[str, np.ndarray]:
        """The arrays of the layers under ``key`` as :func:`numpy.savez` takes them."""
        out: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            out[f"{key}/w{i}"] = w.astype(np.float32)
            out[f"{key}/b{i}"] = b.astype(np.float32)
        return out


def read_layers(
    arrays: dict[str, np.ndarray], key: str, inputs: int, outputs: int, what: str
) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """The weights and biases stored under ``key`` in ``arrays`` (an ``.npz`` file's contents), checked to chain
    from ``inputs`` to ``outputs``. Raises :class:`ValueError` starting with ``what`` (the model's name) and
    naming the key when it is missing or a shape does not fit."""
    weights: list[np.ndarray] = []
    biases: list[np.ndarray] = []
    while f"{key}/w{len(weights)}" in arrays:
        weights.append(np.asarray(arrays[f"{key}/w{len(weights)}"], dtype=np.float32))
        biases.append(np.asarray(arrays[f"{key}/b{len(biases)}"], dtype=np.float32))
    if not weights:
        raise ValueError(f"{what}: no model {key!r} in the file")
    n = inputs
    for w, b in zip(weights, biases, strict=True):
        if w.ndim != 2 or w.shape[0] != n or b.shape != (w.shape[1],):
            raise ValueError(f"{what} {key!r}: layer of shape {w.shape} does not take {n} inputs")
        n = w.shape[1]
    if n != outputs:
        raise ValueError(f"{what} {key!r}: {n} outputs, expected {outputs}")
    return tuple(weights), tuple(biases)


@lru_cache(maxsize=8)
def load_arrays(path: str | None, packaged: str) -> dict[str, np.ndarray]:
    """The arrays of the ``.npz`` file ``path``, or of the file ``packaged`` shipped in
    :mod:`doppelkopf.players` when ``path`` is ``None``; read once per process. Raises :class:`OSError` when
    the file cannot be read."""
    if path is None:
        with resources.files("doppelkopf.players").joinpath(packaged).open("rb") as f:
            data = np.load(f)
            return {k: data[k] for k in data.files}
    with np.load(path) as data:
        return {k: data[k] for k in data.files}
