"""The training pipeline of the learned value (:mod:`doppelkopf.players.value_model`): self-play
games, features of the information state, a small model fitted with numpy.

* :func:`self_play` plays ``games`` games of four computer players (default the rule player,
  ``"rules"``; any registered name) and records, at every announcement moment of a seat whose party
  it knows (or at every card decision), the seat's :func:`~doppelkopf.players.value_model.features`
  (never a hidden card) and its choice with the class of its party's final result
  (:func:`~doppelkopf.players.value_model.outcome_of`). The choice is the player's, turned round with
  a small probability (``explore``): without that randomization a model learns which hands announce,
  and an announcement looks like it wins games (measured: -2.6 Punkte per deal, ``docs/search.md``).
  A pure function of its arguments;
* :func:`generate` splits the games into chunks and plays them on a backend of
  :mod:`doppelkopf.cluster` (a local process pool or a Ray cluster: a cluster makes more data);
  the chunks are put back in order, so the data depend on the seed only;
* :func:`fit` trains a :class:`~doppelkopf.players.value_model.ValueModel` (ReLU layers, softmax,
  cross-entropy, Adam, mini-batches drawn with the seed) and :func:`evaluate` gives its held-out
  log-loss next to the class frequencies' and its calibration.

``python bench/train_value.py`` runs the whole pipeline for the four presets and writes the
shipped model file; its time, data size and figures are in ``docs/search.md``. No GPU and no
training library: numpy does it on a CPU.

>>> x, y = self_play("ddv", seed=1, games=2, explore=0.03)
>>> x.shape[1] == len(FEATURE_NAMES) + 1, set(x[:, -1].tolist()) <= {0.0, 1.0}
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from .cluster import make_executor
from .game import Action, Game, InformationState, Phase
from .players import Player, location_model, make_player, play_game
from .players.location_model import LocationModel
from .players.value_model import FEATURE_NAMES, OUTCOMES, ValueModel, features, outcome_of, supported
from .record import GameRecord, replay
from .rules import Party, RuleSet, get_preset

__all__ = [
    "Fit",
    "LocationFit",
    "evaluate",
    "fit",
    "fit_location",
    "generate",
    "generate_locations",
    "location_data",
    "location_rows",
    "location_self_play",
    "self_play",
    "train_mlp",
]


class _Recorder(Player):
    """Plays as ``inner`` and keeps the features of each card decision it is asked (with ``keep``
    probability) of a seat whose party it knows. With ``explore`` above 0 it also keeps every
    announcement moment (in turn and out of turn, a Pflichtansage apart) with the choice made there,
    and turns the inner player's choice round (announcing the lowest legal level where it would not,
    nothing where it would) with probability ``explore``: the randomized choices let a model learn
    what announcing does, not only which hands announce."""

    def __init__(
        self,
        inner: Player,
        keep: float,
        rng: random.Random,
        rows: list[tuple[int, np.ndarray]],
        explore: float = 0.0,
        moments: list[tuple[int, np.ndarray]] | None = None,
    ) -> None:
        super().__init__(inner.name)
        self.inner, self.keep, self.rng, self.rows = inner, keep, rng, rows
        self.explore, self.moments = explore, moments

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.inner.reset(seat, rules, seed)

    def _moment(self, info: InformationState) -> bool:
        return (
            self.moments is not None
            and info.phase is Phase.PLAY
            and info.must_announce != info.seat
            and supported(info)
            and any(Action.is_announcement(a) for a in info.legal_actions)
        )

    def _decide(self, info: InformationState, suggestion: int | None) -> int | None:
        """The announcement made at a moment (or ``None``), recorded with the features."""
        assert self.moments is not None
        announce = suggestion is not None and Action.is_announcement(suggestion)
        if self.rng.random() < self.explore:
            announce = not announce
        self.moments.append((info.seat, np.append(features(info), np.float32(announce))))
        if not announce:
            return None
        if suggestion is not None and Action.is_announcement(suggestion):
            return suggestion
        return min(a for a in info.legal_actions if Action.is_announcement(a))

    def choose(self, info: InformationState) -> int:
        if (
            info.phase is Phase.PLAY
            and any(a < 24 for a in info.legal_actions)
            and supported(info)
            and self.rng.random() < self.keep
        ):
            self.rows.append((info.seat, features(info)))
        if self._moment(info):
            answer = self._decide(info, self.inner.choose(info))
            if answer is not None:
                return answer
            cards = tuple(a for a in info.legal_actions if not Action.is_announcement(a))
            return self.inner.choose(replace(info, legal_actions=cards))
        return self.inner.choose(info)

    def react(self, info: InformationState) -> int | None:
        if self._moment(info):
            return self._decide(info, self.inner.react(info))
        return self.inner.react(info)


def self_play(
    preset: str, seed: int, games: int, keep: float = 0.5, player: str = "rules", explore: float | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Features ``(n, len(FEATURE_NAMES))`` (float16) and result classes ``(n,)`` (int8) from
    ``games`` games under the preset ``preset`` (:func:`~doppelkopf.rules.get_preset`), dealt from
    seeds derived from ``seed``, four players of the registered kind ``player``; each card decision
    of a known party is kept with probability ``keep``. With ``explore`` (0..1) the rows are instead
    the announcement moments, each with one more column: 1.0 where the seat announced there, 0.0
    where it did not, the player's choice turned round with probability ``explore`` (see
    :class:`_Recorder`). Thrown-in games and declared soli give no rows. Raises :class:`ValueError`
    for an unknown player."""
    rules = get_preset(preset)
    rng = random.Random(f"train:{preset}:{seed}")
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for g in range(games):
        game_seed = rng.getrandbits(48)
        rows: list[tuple[int, np.ndarray]] = []
        moments: list[tuple[int, np.ndarray]] | None = None if explore is None else []
        players = [
            _Recorder(
                make_player(player, seed=game_seed + s),
                keep if explore is None else 0.0,
                random.Random(game_seed ^ s),
                rows,
                explore or 0.0,
                moments,
            )
            for s in range(4)
        ]
        game = play_game(Game.new(rules, seed=game_seed, dealer=g % 4), players)
        kept = rows if moments is None else moments
        if game.thrown_in or not kept:
            continue
        augen = {Party.RE: 0, Party.KONTRA: 0}
        tricks = {Party.RE: 0, Party.KONTRA: 0}
        for t in game.tricks:
            augen[game.party[t.winner]] += t.augen
            tricks[game.party[t.winner]] += 1
        for seat, x in kept:
            own = game.party[seat]
            other = Party.KONTRA if own is Party.RE else Party.RE
            xs.append(x)
            ys.append(outcome_of(augen[own], tricks[own], tricks[other]))
    width = len(FEATURE_NAMES) + (explore is not None)
    if not xs:
        return np.zeros((0, width), dtype=np.float16), np.zeros(0, dtype=np.int8)
    return np.stack(xs).astype(np.float16), np.array(ys, dtype=np.int8)


def generate(
    preset: str,
    games: int,
    seed: int,
    backend: str = "process",
    jobs: int | None = None,
    ray_address: str | None = None,
    chunk: int = 250,
    keep: float = 0.5,
    player: str = "rules",
    explore: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`self_play` of ``games`` games in chunks of ``chunk`` on the ``backend`` of
    :func:`doppelkopf.cluster.make_executor` (``jobs`` workers, or the Ray cluster at
    ``ray_address``); the chunk ``i`` has the seed ``seed * 100003 + i``, and the chunks are joined
    in their order, so the data do not depend on the backend or the number of workers. Raises
    :class:`~doppelkopf.cluster.ClusterError` for a backend that cannot start."""
    sizes = [min(chunk, games - start) for start in range(0, games, chunk)]
    tasks = [(self_play, (preset, seed * 100003 + i, n, keep, player, explore)) for i, n in enumerate(sizes)]
    return _run_chunks(tasks, backend, jobs, ray_address)


def _run_chunks(
    tasks: Sequence[tuple[Callable[..., tuple[np.ndarray, np.ndarray]], tuple[object, ...]]],
    backend: str,
    jobs: int | None,
    ray_address: str | None,
) -> tuple[np.ndarray, np.ndarray]:
    """The ``(x, y)`` of every ``(function, arguments)`` of ``tasks`` run on the backend, joined in order."""
    with make_executor(backend, jobs, ray_address) as pool:
        futures = [pool.submit(task, *args) for task, args in tasks]
        parts = [f.result() for f in futures]
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


@dataclass(frozen=True)
class Fit:
    """A fitted model with its figures: ``log_loss`` (nats per row) of the model and of the class
    frequencies (``prior_loss``) on the held-out rows; ``rows`` trained on, ``held_out`` rows."""

    model: ValueModel
    log_loss: float
    prior_loss: float
    rows: int
    held_out: int


def train_mlp(
    x: np.ndarray,
    train: np.ndarray,
    sizes: Sequence[int],
    out_bias: np.ndarray,
    out_grad: Callable[[np.ndarray, np.ndarray], np.ndarray],
    rng: np.random.Generator,
    epochs: int = 8,
    lr: float = 2e-3,
    batch: int = 256,
    l2: float = 1e-5,
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Weights and biases of a ReLU multi-layer perceptron of layer ``sizes`` (inputs first) trained by Adam
    (step ``lr``, the usual 0.9 / 0.999) on the rows ``train`` of ``x`` in mini-batches of ``batch``, ``epochs``
    passes in orders drawn from ``rng``, an L2 penalty ``l2`` on the weights. ``out_grad(z, rows)`` gives the
    gradient of the batch's mean loss with respect to the last layer's outputs ``z`` (``(len(rows), sizes[-1])``)
    for the rows ``rows``; the last bias starts at ``out_bias``. The weights start He-normal from ``rng``."""
    shapes = list(zip(sizes, sizes[1:], strict=False))
    ws = [(rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32) for a, b in shapes]
    bs = [np.zeros(b, dtype=np.float32) for b in sizes[1:]]
    bs[-1] = np.asarray(out_bias, dtype=np.float32).reshape(sizes[-1])
    params = ws + bs
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    t = 0
    for _ in range(epochs):
        order = train[rng.permutation(len(train))]
        for start in range(0, len(order), batch):
            rows = order[start : start + batch]
            acts = [x[rows].astype(np.float32)]
            for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
                h = acts[-1] @ w + b
                acts.append(np.maximum(h, 0.0) if i < len(ws) - 1 else h)
            delta = out_grad(acts[-1], rows)
            gw: list[np.ndarray] = [np.empty(0)] * len(ws)
            gb: list[np.ndarray] = [np.empty(0)] * len(ws)
            for i in range(len(ws) - 1, -1, -1):
                gw[i] = acts[i].T @ delta + l2 * ws[i]
                gb[i] = delta.sum(axis=0)
                if i:
                    delta = (delta @ ws[i].T) * (acts[i] > 0)
            t += 1
            for j, (param, grad) in enumerate(zip(params, gw + gb, strict=True)):
                m[j] = 0.9 * m[j] + 0.1 * grad
                v[j] = 0.999 * v[j] + 0.001 * grad * grad
                step = lr * (m[j] / (1 - 0.9**t)) / (np.sqrt(v[j] / (1 - 0.999**t)) + 1e-8)
                param -= step.astype(np.float32)
    return ws, bs


def _split(rows: int, held_out: float, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The rows to train on and the last ``held_out`` share kept, in an order drawn from ``rng``."""
    perm = rng.permutation(rows)
    cut = int(round(rows * (1.0 - held_out)))
    return perm[:cut], perm[cut:]


def fit(
    x: np.ndarray,
    y: np.ndarray,
    hidden: Sequence[int] = (64,),
    epochs: int = 8,
    seed: int = 0,
    lr: float = 2e-3,
    batch: int = 256,
    l2: float = 1e-5,
    held_out: float = 0.1,
) -> Fit:
    """Train a :class:`ValueModel` on inputs ``x`` ``(n, inputs)`` and classes ``y``
    ``(n,)``: ``hidden`` ReLU layers, softmax cross-entropy with an L2 penalty ``l2``, Adam with
    step ``lr`` on mini-batches of ``batch`` rows, ``epochs`` passes; the rows are shuffled with
    ``seed`` and the last ``held_out`` share is kept for :func:`evaluate`. Deterministic for a
    seed. Raises :class:`ValueError` for mismatched shapes or fewer than 100 rows."""
    if x.ndim != 2 or y.shape != (x.shape[0],):
        raise ValueError(f"fit: need x (n, features) and y (n,), got {x.shape} and {y.shape}")
    if x.shape[0] < 100:
        raise ValueError(f"fit: need at least 100 rows, got {x.shape[0]}")
    rng = np.random.default_rng(seed)
    train, test = _split(x.shape[0], held_out, rng)
    prior = np.bincount(y[train].astype(np.int64), minlength=len(OUTCOMES)) + 1.0

    def softmax_grad(z: np.ndarray, rows: np.ndarray) -> np.ndarray:
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        p[np.arange(len(rows)), y[rows].astype(np.int64)] -= 1.0
        return p / len(rows)

    sizes = [x.shape[1], *hidden, len(OUTCOMES)]
    ws, bs = train_mlp(
        x, train, sizes, np.log(prior / prior.sum()), softmax_grad, rng, epochs=epochs, lr=lr, batch=batch, l2=l2
    )
    model = ValueModel(tuple(ws), tuple(bs))
    loss, prior_loss = evaluate(model, x[test], y[test], prior / prior.sum())
    return Fit(model, loss, prior_loss, len(train), len(test))


def evaluate(model: ValueModel, x: np.ndarray, y: np.ndarray, prior: np.ndarray) -> tuple[float, float]:
    """Mean log-loss (nats per row) of ``model`` on ``x``, ``y`` and of the constant distribution
    ``prior`` (``(len(OUTCOMES),)``, summing to 1) on the same rows; ``(nan, nan)`` for no rows."""
    if not len(y):
        return float("nan"), float("nan")
    p = model.predict(x.astype(np.float32))
    idx = y.astype(np.int64)
    loss = float(-np.log(np.maximum(p[np.arange(len(idx)), idx], 1e-12)).mean())
    return loss, float(-np.log(prior[idx]).mean())


def location_rows(final: Game, seats: Sequence[int] = (0, 1, 2, 3)) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Rows for the card-location model (:mod:`doppelkopf.players.location_model`) from one finished game
    ``final``: at every card a seat of ``seats`` plays (every trick, every game type), that seat's
    :func:`~doppelkopf.players.location_model.features` and the true places of the cards it has not seen
    (:func:`~doppelkopf.players.location_model.targets`), in the order of play."""
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    game = final.as_dealt()
    for seat, action in final.history:
        if game.phase is Phase.PLAY and Action.is_card(action) and seat in seats:
            info = game.information_state(seat)
            xs.append(location_model.features(info))
            ys.append(location_model.targets(info, game.hands))
        game.apply(action, seat)
    return xs, ys


def _stack_locations(xs: list[np.ndarray], ys: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    width = len(location_model.FEATURE_NAMES)
    if not xs:
        return np.zeros((0, width), dtype=np.float16), np.zeros((0, 24, 3), dtype=np.int8)
    return np.stack(xs).astype(np.float16), np.stack(ys).astype(np.int8)


def location_data(records: Iterable[GameRecord]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`location_rows` of every finished game of ``records`` (e.g. ``doko arena --records``), stacked:
    ``(x, y)`` of shapes ``(n, features)`` (``float16``) and ``(n, 24, 3)`` (``int8``). Raises
    :class:`~doppelkopf.record.RecordError` for a record that does not replay."""
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    for record in records:
        if record.result is not None:
            x, y = location_rows(replay(record))
            xs += x
            ys += y
    return _stack_locations(xs, ys)


def location_self_play(
    preset: str, seed: int, games: int, player: str = "search-easy"
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`location_rows` of ``games`` games of four players of the registered kind ``player`` under the
    preset ``preset``, dealt from seeds derived from ``seed`` (a pure function of its arguments); thrown-in
    games give no rows. Returns ``(x, y)`` as :func:`location_data`. Raises :class:`ValueError` for an
    unknown player."""
    rules = get_preset(preset)
    rng = random.Random(f"location:{preset}:{seed}")
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    for g in range(games):
        game_seed = rng.getrandbits(48)
        players = [make_player(player, seed=game_seed + s) for s in range(4)]
        game = play_game(Game.new(rules, seed=game_seed, dealer=g % 4), players)
        if not game.thrown_in:
            x, y = location_rows(game)
            xs += x
            ys += y
    return _stack_locations(xs, ys)


def generate_locations(
    preset: str,
    games: int,
    seed: int,
    backend: str = "process",
    jobs: int | None = None,
    ray_address: str | None = None,
    chunk: int = 250,
    player: str = "search-easy",
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`location_self_play` of ``games`` games in chunks of ``chunk`` on the ``backend`` of
    :func:`doppelkopf.cluster.make_executor`, as :func:`generate` does: chunk ``i`` has the seed
    ``seed * 100003 + i`` and the chunks are joined in order, so the data depend on the seed only."""
    sizes = [min(chunk, games - start) for start in range(0, games, chunk)]
    tasks = [(location_self_play, (preset, seed * 100003 + i, n, player)) for i, n in enumerate(sizes)]
    return _run_chunks(tasks, backend, jobs, ray_address)


@dataclass(frozen=True)
class LocationFit:
    """A fitted card-location model with its figures on the held-out rows: ``log_loss`` (nats per unseen
    card copy) of the model and of the card-by-seat frequencies (``prior_loss``), and ``hits``: the mean
    probability the model gives the true seat of an unseen copy (``prior_hits`` the same for the
    frequencies; a uniform guess among three seats gives 1/3)."""

    model: LocationModel
    log_loss: float
    prior_loss: float
    hits: float
    prior_hits: float
    rows: int
    held_out: int


def fit_location(
    x: np.ndarray,
    y: np.ndarray,
    hidden: Sequence[int] = (256,),
    epochs: int = 8,
    seed: int = 0,
    lr: float = 1e-3,
    batch: int = 256,
    l2: float = 1e-5,
    held_out: float = 0.1,
) -> LocationFit:
    """Train a :class:`~doppelkopf.players.location_model.LocationModel` on features ``x`` ``(n, inputs)``
    and card places ``y`` ``(n, 24, 3)`` (:func:`location_data`): per card value a softmax over the three
    seats, cross-entropy summed over the unseen copies, Adam (:func:`train_mlp`); the rows are shuffled with
    ``seed`` and the last ``held_out`` share kept for the figures. Deterministic for a seed. Raises
    :class:`ValueError` for mismatched shapes or fewer than 100 rows."""
    if x.ndim != 2 or y.shape != (x.shape[0], 24, 3):
        raise ValueError(f"fit_location: need x (n, features) and y (n, 24, 3), got {x.shape} and {y.shape}")
    if x.shape[0] < 100:
        raise ValueError(f"fit_location: need at least 100 rows, got {x.shape[0]}")
    rng = np.random.default_rng(seed)
    train, test = _split(x.shape[0], held_out, rng)
    counts = y[train].astype(np.float64).sum(axis=0) + 1.0
    prior = counts / counts.sum(axis=1, keepdims=True)

    def seat_grad(z: np.ndarray, rows: np.ndarray) -> np.ndarray:
        t = y[rows].astype(np.float32)
        z = z.reshape(-1, 24, 3)
        z = z - z.max(axis=2, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=2, keepdims=True)
        return ((p * t.sum(axis=2, keepdims=True) - t) / len(rows)).reshape(len(rows), 72)

    sizes = [x.shape[1], *hidden, 72]
    ws, bs = train_mlp(x, train, sizes, np.log(prior), seat_grad, rng, epochs=epochs, lr=lr, batch=batch, l2=l2)
    model = LocationModel(tuple(ws), tuple(bs))
    t = y[test].astype(np.float64)
    copies = max(1.0, float(t.sum()))
    z = model.logits(x[test].astype(np.float32)).astype(np.float64)
    z -= z.max(axis=2, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=2, keepdims=True)
    loss = float(-(t * np.log(np.maximum(p, 1e-12))).sum() / copies)
    prior_loss = float(-(t * np.log(prior)[None]).sum() / copies)
    hits = float((t * p).sum() / copies)
    prior_hits = float((t * prior[None]).sum() / copies)
    return LocationFit(model, loss, prior_loss, hits, prior_hits, len(train), len(test))
