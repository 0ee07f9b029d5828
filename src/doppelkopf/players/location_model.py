"""A learned card-location model: where the unseen cards probably are, from the information state.

:class:`~doppelkopf.players.sampling.HandSampler` deals the unseen cards under the hard constraints only
(hand sizes, voids shown, parties, Schweine, Armut), uniformly otherwise. How the other seats played says
more: a seat that did not take a rich trick probably could not, a seat that announced Re holds trumps, a
seat that threw a Fuchs had no lower trump. :mod:`~doppelkopf.players.inference` scores a deal by a model
of each seat's moves, replayed through the core (about 4.5 ms per deal, and the rule player's policy
predicts nothing about search players). This module learns the marginals instead, as Solinas, Rebstock,
Sturtevant and Buro did for Skat ("Improving search with supervised learning in trick-based card games",
AAAI 2019): from games of the players it will meet, for every card and every other seat, the probability
that an unseen copy of the card lies with that seat, given what the observer has seen.

**Use.** The weight of a deal is ``power`` times the sum over the unseen copies of the log-probability of
the seat the deal gives them (:meth:`LocationModel.log_weights`): the deal's likelihood under independent
marginals, relative to the uniform proposal. A search player draws more deals than it evaluates and keeps
them by weight (sampling-importance-resampling, :func:`resample`), so the evaluated deals look like the
cards the table has shown, at no cost per evaluated deal beyond the draw.

**The model.** A small multi-layer perceptron (:class:`~doppelkopf.players.value_model.ValueModel`'s
layers, ReLU) on the :data:`FEATURE_NAMES` of :func:`features` (only what the observer may know), with
``24 x 3`` outputs: per card value (``0..23``, :class:`~doppelkopf.cards.Card`) one softmax over the
three other seats (next, opposite, previous). Trained by ``python bench/train_location.py`` on the game
records of arena matches of the search players (:mod:`doppelkopf.training`; figures in ``docs/search.md``),
shipped as :data:`DEFAULT_MODEL` and read with numpy.

>>> from doppelkopf.game import Game
>>> game = Game.new("ddv", seed=4, dealer=3)
>>> while game.phase.name != "PLAY":
...     game.apply(min(game.legal_actions()))
>>> p = default_location_model().probabilities(game.information_state(0))
>>> p.shape, bool(abs(p.sum(axis=1) - 1.0).max() < 1e-5)
((24, 3), True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..game import InformationState
from ..order import second_dulle_wins, trick_winner_index
from ..rules import GameType, Party
from .mlp import Layers, load_arrays, read_layers
from .sampling import inferred_parties, played_cards, voids

__all__ = [
    "DEFAULT_MODEL",
    "FEATURE_NAMES",
    "LocationModel",
    "default_location_model",
    "features",
    "resample",
    "targets",
]

#: The shipped model (a file of the package), made by ``python bench/train_location.py``.
DEFAULT_MODEL: Final = "location_model.npz"

#: Game types told apart in the features (any other is ``other``).
_TYPES: Final = ("normal", "hochzeit", "stille_hochzeit", "armut", "farbsolo", "damen", "buben", "fleischlos")


def _names() -> tuple[str, ...]:
    names = [f"hand_{c}" for c in range(24)] + [f"gone_{c}" for c in range(24)]
    for r in (1, 2, 3):
        names += [f"s{r}_over_{c}" for c in range(24)] + [f"s{r}_under_{c}" for c in range(24)]
        names += [f"s{r}_led_{c}" for c in range(24)]
        names += [f"s{r}_void_{g}" for g in range(5)]
        names += [f"s{r}_partner", f"s{r}_opponent", f"s{r}_level", f"s{r}_announced", f"s{r}_hand_left"]
        names += [f"s{r}_tricks", f"s{r}_augen", f"s{r}_declarer", f"s{r}_schweine"]
    names += [f"type_{t}" for t in _TYPES] + ["type_other", "re", "declarer_me", "tricks_played", "nines"]
    names += [f"trick_cards_{n}" for n in range(4)]
    return tuple(names)


#: The name of each feature (:func:`features`), in order; ``s1``..``s3`` are the seats after the observer
#: (next, opposite, previous).
FEATURE_NAMES: Final[tuple[str, ...]] = _names()
_F: Final = {name: i for i, name in enumerate(FEATURE_NAMES)}
_SEAT_BLOCK: Final = _F["s2_over_0"] - _F["s1_over_0"]


def _type_name(game_type: GameType | None) -> str:
    if game_type is None:
        return "other"
    if game_type.is_farbsolo:
        return "farbsolo"
    return game_type.key if game_type.key in _TYPES else "other"


def features(info: InformationState) -> np.ndarray:
    """The ``float32`` feature vector (``len(FEATURE_NAMES)`` values, about 0..1) of ``info``.

    Only what the observer may know: its hand, the cards gone, per other seat the cards it led, played over
    the best card of the trick so far and played under it,
    the groups it showed void (:func:`~doppelkopf.players.sampling.voids`), its party as far as known
    (:func:`~doppelkopf.players.sampling.inferred_parties`), its announcements, cards left, tricks and Augen
    won, whether it declared the game or the Schweine; the game type, the own party, tricks played and the
    trick in progress."""
    x = np.zeros(len(FEATURE_NAMES), dtype=np.float32)
    me = info.seat
    hand_size = info.rules.hand_size
    for c in info.hand:
        x[c] += 0.5
    played = played_cards(info)
    for _, c in played:
        x[24 + c] += 0.5
    parties = inferred_parties(info)
    own = parties[me]
    shown = voids(info)
    levels = [0, 0, 0, 0]
    announced = [0, 0, 0, 0]
    for a in info.announcements:
        levels[a.seat] = max(levels[a.seat], a.level)
        announced[a.seat] += 1
    tricks = [0, 0, 0, 0]
    augen = [0, 0, 0, 0]
    for t in info.tricks:
        tricks[t.winner] += 1
        augen[t.winner] += t.augen
    for seat in range(4):
        if seat == me:
            continue
        base = _F["s1_over_0"] + _SEAT_BLOCK * ((seat - me) % 4 - 1)
        x[base + 72 : base + 77] = [g in shown[seat] for g in range(5)]
        party = parties[seat]
        tail = base + 77
        x[tail] = party is not None and party is own
        x[tail + 1] = party is not None and own is not None and party is not own
        x[tail + 2] = levels[seat] / 5
        x[tail + 3] = min(announced[seat], 2) / 2
        x[tail + 4] = info.hand_sizes[seat] / hand_size
        x[tail + 5] = tricks[seat] / hand_size
        x[tail + 6] = augen[seat] / 240
        x[tail + 7] = info.declarer == seat
        x[tail + 8] = info.schweine == seat
    order = info.order
    tricks_seen = [list(zip(t.seats, t.cards, strict=True)) for t in info.tricks]
    if info.trick:
        tricks_seen.append(list(info.trick))
    for k, trick in enumerate(tricks_seen):
        second = second_dulle_wins(info.rules, k == hand_size - 1, info.schweine is not None)
        cards = [c for _, c in trick]
        for i, (seat, c) in enumerate(trick):
            if seat == me:
                continue
            base = _F["s1_over_0"] + _SEAT_BLOCK * ((seat - me) % 4 - 1)
            if i == 0:
                x[base + 48 + c] += 0.5  # led
            elif trick_winner_index(order, cards[: i + 1], second) == i:
                x[base + c] += 0.5  # took the lead of the trick
            else:
                x[base + 24 + c] += 0.5  # stayed under the best card so far
    x[_F[f"type_{_type_name(info.game_type)}"]] = 1.0
    x[_F["re"]] = own is Party.RE
    x[_F["declarer_me"]] = info.declarer == me
    x[_F["tricks_played"]] = len(info.tricks) / hand_size
    x[_F["nines"]] = info.rules.with_nines
    x[_F[f"trick_cards_{len(info.trick)}"]] = 1.0
    return x


def targets(info: InformationState, hands: Sequence[Sequence[int]]) -> np.ndarray:
    """``(24, 3)`` copies of each card value held by the seats after ``info.seat`` (next, opposite,
    previous) in the true current ``hands`` (four hands): what :func:`features` of ``info`` is trained to
    predict (the training divides each row by its sum)."""
    y = np.zeros((24, 3), dtype=np.float32)
    for r in (1, 2, 3):
        for c in hands[(info.seat + r) % 4]:
            y[c, r - 1] += 1.0
    return y


@dataclass(frozen=True)
class LocationModel(Layers):
    """A multi-layer perceptron (:class:`~doppelkopf.players.mlp.Layers`, ReLU between the layers) whose
    ``24 x 3`` outputs are one softmax over the three other seats per card value (numpy only)."""

    def logits(self, x: np.ndarray) -> np.ndarray:
        """``(n, 24, 3)`` raw outputs for the ``(n, len(FEATURE_NAMES))`` features ``x``."""
        return self.forward(x).reshape(-1, 24, 3)

    def probabilities(self, info: InformationState) -> np.ndarray:
        """``(24, 3)``: per card value the probability that an unseen copy lies with the next, opposite
        or previous seat (rows sum to 1; a row of a card with no unseen copy means nothing)."""
        z = self.logits(features(info)[None, :])[0].astype(np.float64)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)

    def log_weights(self, info: InformationState, deals: Sequence[Sequence[Sequence[int]]]) -> list[float]:
        """Per deal of ``deals`` (four current hands, e.g. from :meth:`HandSampler.sample`) the sum over the
        unseen copies of ``log p(seat holding it, card)``: its log-likelihood under the model's marginals."""
        logp = np.log(np.maximum(self.probabilities(info), 1e-6))
        me = info.seat
        out = []
        for deal in deals:
            total = 0.0
            for r in (1, 2, 3):
                row = logp[:, r - 1]
                for c in deal[(me + r) % 4]:
                    total += row[c]
            out.append(float(total))
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], key: str = "location") -> LocationModel:
        """The model stored under ``key`` in ``arrays`` (an ``.npz`` file's contents). Raises
        :class:`ValueError` naming the key when it is missing or the shapes do not chain from
        ``len(FEATURE_NAMES)`` inputs to ``72`` outputs (24 cards x 3 seats)."""
        return cls(*read_layers(arrays, key, len(FEATURE_NAMES), 72, "location model"))


def default_location_model(path: str | None = None) -> LocationModel:
    """The model in the ``.npz`` file ``path`` (``None``: the shipped :data:`DEFAULT_MODEL`); files are read
    once per process. Raises :class:`ValueError` when the file has no model and :class:`OSError` when it
    cannot be read."""
    return LocationModel.from_arrays(load_arrays(path, DEFAULT_MODEL))


def resample(log_weights: Sequence[float], power: float, count: int, rng: random.Random) -> list[int]:
    """Indices of ``count`` draws with replacement, each index with probability proportional to
    ``exp(power * log_weight)`` (sampling-importance-resampling; ``power`` 0: uniform). Deals whose
    log-weight is ``-inf`` are never drawn unless all are. Raises :class:`ValueError` for an empty list,
    ``count < 1`` or a negative ``power``."""
    if not log_weights:
        raise ValueError("resample: no deals to draw from")
    if count < 1 or power < 0:
        raise ValueError(f"resample: need count >= 1 and power >= 0, got {count} and {power}")
    top = max(log_weights)
    if top == -math.inf:
        weights = [1.0] * len(log_weights)
    else:
        weights = [math.exp(power * (w - top)) if w > -math.inf else 0.0 for w in log_weights]
    return rng.choices(range(len(log_weights)), weights=weights, k=count)
