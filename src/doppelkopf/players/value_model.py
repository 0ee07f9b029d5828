"""A learned value of the information state: the distribution of the own party's final Augen.

The announcements of ``search-v3`` (issue 27) are decided from this model instead of the rule
player's hand measure or clairvoyant rollouts: the model sees only what the seat may know (its
:class:`~doppelkopf.game.InformationState`), so no side of the evaluation sees through the cards.

**What it predicts.** At a moment where a seat of a game with two known parties (the normal game, a
Hochzeit whose partner is found, an Armut, the Stille Hochzeit) may announce, and for both choices
(announcing now or not, the input ``announce_now``), the probability of each of :data:`OUTCOMES`
classes of its party's result at the end of the game: schwarz lost (no trick), Augen below 30, 60, 90 and 120,
exactly 120, below 151, 181 and 211, more (the other party took a trick) and schwarz won. The bounds
are those of TSR 7.1 and 7.2 (121 wins, 120 is a tie the announcements decide, keine 90 is 151 Augen,
keine 60 181, keine 30 211, schwarz every trick), so every announcement level scores the same in all
Augen of one class.

**From Augen to Punkte.** :func:`punkte_by_outcome` scores a representative result of each class with
the given announcement levels by :func:`doppelkopf.scoring.score` (the house's scoring: the rule set's
point table, Solo factor, Bock is not in the information state and not counted); the expected Punkte of
an announcement are the dot product of the predicted distribution with that vector
(:func:`announcement_values`). Sonderpunkte do not depend on announcements and are left out.

**The model.** A small multi-layer perceptron (:class:`ValueModel`: ReLU hidden layers, a softmax over
the classes) on :data:`INPUTS`: the :data:`FEATURE_NAMES` features of the information state
(:func:`features`) and the choice; one per card family of the rule set (:func:`model_key`), read with
numpy from the ``.npz`` file :data:`DEFAULT_MODEL` shipped in the package (made by ``python
bench/train_value.py`` from self-play whose announcement choices were randomized, see
:mod:`doppelkopf.training` and ``docs/search.md``).

>>> from doppelkopf.game import Game
>>> game = Game.new("ddv", seed=4, dealer=3)
>>> while game.phase.name != "PLAY":
...     game.apply(min(game.legal_actions()))
>>> x = features(game.information_state(0))
>>> x.shape == (len(FEATURE_NAMES),), x.dtype.name
(True, 'float32')
>>> p = default_model("ddv").predict(np.append(x, 0.0)[None, :])[0]
>>> p.shape == (len(OUTCOMES),), abs(float(p.sum()) - 1.0) < 1e-5
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np

from ..cards import AUGEN, DECK_VALUES
from ..game import InformationState, Phase
from ..order import TRUMP, second_dulle_wins, trick_winner_index
from ..rules import GameType, Party, RuleSet
from ..scoring import GameSummary, score
from .mlp import Layers, load_arrays, read_layers
from .rules_player import hand_strength

__all__ = [
    "DEFAULT_MODEL",
    "FEATURE_NAMES",
    "INPUTS",
    "OUTCOMES",
    "ValueModel",
    "announcement_values",
    "default_model",
    "features",
    "model_key",
    "outcome_of",
    "punkte_by_outcome",
    "supported",
]

#: The result classes of the own party, in order (see the module docstring): the name and the
#: representative Augen scored for it.
OUTCOMES: Final[tuple[tuple[str, int], ...]] = (
    ("schwarz lost", 0),
    ("< 30", 15),
    ("< 60", 45),
    ("< 90", 75),
    ("< 120", 105),
    ("120", 120),
    ("< 151", 135),
    ("< 181", 165),
    ("< 211", 195),
    ("< 240 or a trick lost", 225),
    ("schwarz won", 240),
)
_BOUNDS: Final = (30, 60, 90, 120, 121, 151, 181, 211)

#: The game types whose seats the model values (two parties known to the observer).
_KINDS: Final = (GameType.NORMAL, GameType.HOCHZEIT, GameType.ARMUT, GameType.STILLE_HOCHZEIT)

#: The shipped model (a file of the package), made by ``python bench/train_value.py``.
DEFAULT_MODEL: Final = "value_model.npz"


def _names() -> tuple[str, ...]:
    names = [f"hand_{c}" for c in range(24)] + [f"gone_{c}" for c in range(24)]
    names += ["re", "normal", "hochzeit", "armut", "stille_hochzeit", "partner_known", "party_public"]
    names += ["augen_own", "augen_other", "augen_open", "tricks_own", "tricks_other", "tricks_open", "tricks_played"]
    names += [f"trick_cards_{n}" for n in range(4)] + ["trick_augen"]
    names += ["trick_best_me", "trick_best_partner", "trick_best_other", "trick_best_open"]
    names += [f"level_own_{lv}" for lv in range(6)] + [f"level_other_{lv}" for lv in range(6)]
    names += ["trumps", "high", "top", "aces", "losers", "voids", "trumps_out", "hand_left"]
    names += [f"leader_{r}" for r in range(4)]
    names += ["schweine_own", "schweine_other", "nines"]
    return tuple(names)


#: The name of each feature (:func:`features`), in order; the seats are seen from the observer.
FEATURE_NAMES: Final[tuple[str, ...]] = _names()
#: The inputs of the shipped models: the features, then ``announce_now`` (1.0: the seat announces at
#: this moment, 0.0: it does not).
INPUTS: Final[tuple[str, ...]] = (*FEATURE_NAMES, "announce_now")
_F: Final = {name: i for i, name in enumerate(FEATURE_NAMES)}


def supported(info: InformationState) -> bool:
    """Whether the model values ``info``: the PLAY phase of a game of :data:`_KINDS` whose party the
    observer knows (not a declared solo, not a Hochzeit still looking for its partner)."""
    return info.phase is Phase.PLAY and info.game_type in _KINDS and info.own_party is not None


def _party_of(info: InformationState, seat: int) -> Party | None:
    """The party of ``seat`` as the observer knows it (its own, a public one, the Kreuz-Dame logic
    of the sampler is not repeated: a party not made public is unknown)."""
    if seat == info.seat:
        return info.own_party
    party = info.known_parties[seat]
    if party is not None:
        return party
    if info.game_type is GameType.STILLE_HOCHZEIT and info.own_party is Party.RE:
        return Party.KONTRA  # the Stille Hochzeit plays alone against the three
    return None


def features(info: InformationState) -> np.ndarray:
    """The ``float32`` feature vector (``len(FEATURE_NAMES)`` values, about 0..1) of ``info``.

    Only what the observer may know: its hand, the cards gone (played, the current trick's too), its
    party and the parties made public, the Augen and tricks taken per party as far as known, the trick
    in progress, the announcement levels of both parties, the hand's strength in the game's card order
    (:func:`~doppelkopf.players.rules_player.hand_strength`), the trumps not seen, the leader relative to
    the observer and the Schweine. Raises :class:`ValueError` unless :func:`supported`."""
    if not supported(info):
        raise ValueError("value model: the observer's party is not known or the game is a solo")
    x = np.zeros(len(FEATURE_NAMES), dtype=np.float32)
    me, own = info.seat, info.own_party
    for c in info.hand:
        x[c] += 0.5
    gone = [c for t in info.tricks for c in t.cards] + [c for _, c in info.trick]
    for c in gone:
        x[24 + c] += 0.5
    x[_F["re"]] = own is Party.RE
    x[_F[info.game_type.key if info.game_type is not None else "normal"]] = 1.0
    parties = [_party_of(info, s) for s in range(4)]
    partner_known = any(parties[s] is own for s in range(4) if s != me)
    x[_F["partner_known"]] = partner_known or info.game_type is GameType.STILLE_HOCHZEIT
    x[_F["party_public"]] = info.known_parties[me] is not None
    augen = [0, 0, 0]  # own, other, unknown
    tricks = [0, 0, 0]
    for t in info.tricks:
        side = 2 if parties[t.winner] is None else 0 if parties[t.winner] is own else 1
        augen[side] += t.augen
        tricks[side] += 1
    hand_size = info.rules.hand_size
    for i, key in enumerate(("own", "other", "open")):
        x[_F[f"augen_{key}"]] = augen[i] / 240
        x[_F[f"tricks_{key}"]] = tricks[i] / hand_size
    x[_F["tricks_played"]] = len(info.tricks) / hand_size
    order = info.order
    x[_F[f"trick_cards_{len(info.trick)}"]] = 1.0
    if info.trick:
        x[_F["trick_augen"]] = sum(AUGEN[c] for _, c in info.trick) / 44
        last = len(info.tricks) == hand_size - 1
        second = second_dulle_wins(info.rules, last, info.schweine is not None)
        best_seat = info.trick[trick_winner_index(order, [c for _, c in info.trick], second)][0]
        party = parties[best_seat]
        rel = "me" if best_seat == me else "open" if party is None else "partner" if party is own else "other"
        x[_F[f"trick_best_{rel}"]] = 1.0
    own_level = other_level = 0
    for a in info.announcements:
        if a.party is own:
            own_level = max(own_level, a.level)
        else:
            other_level = max(other_level, a.level)
    x[_F[f"level_own_{own_level}"]] = 1.0
    x[_F[f"level_other_{other_level}"]] = 1.0
    s = hand_strength(info.hand, order)
    x[_F["trumps"]] = s.trumps / 12
    x[_F["high"]] = s.high / 6
    x[_F["top"]] = s.top / 8
    x[_F["aces"]] = s.aces / 4
    x[_F["losers"]] = s.losers / 12
    x[_F["voids"]] = s.voids / 3
    seen = list(info.hand) + gone
    out = sum(1 for c in DECK_VALUES[info.rules.with_nines] if order.group[c] == TRUMP) - sum(
        1 for c in seen if order.group[c] == TRUMP
    )
    x[_F["trumps_out"]] = out / 26
    x[_F["hand_left"]] = len(info.hand) / hand_size
    x[_F[f"leader_{(info.leader - me) % 4}"]] = 1.0
    if info.schweine is not None:
        party = parties[info.schweine]
        x[_F["schweine_own" if party is own else "schweine_other"]] = 1.0
    x[_F["nines"]] = info.rules.with_nines
    return x


def outcome_of(augen: int, tricks: int, other_tricks: int) -> int:
    """The class (index into :data:`OUTCOMES`) of a party's result: its final ``augen`` (0..240), its
    ``tricks`` and the other party's ``other_tricks``. Raises :class:`ValueError` for Augen outside 0..240."""
    if not 0 <= augen <= 240:
        raise ValueError(f"augen: a party has 0..240 Augen, got {augen}")
    if tricks == 0:
        return 0
    if other_tricks == 0:
        return len(OUTCOMES) - 1
    return 1 + sum(augen >= b for b in _BOUNDS)


@lru_cache(maxsize=4096)
def punkte_by_outcome(
    rules: RuleSet, game_type: GameType, own: Party, re_seats: int, levels: tuple[int, int]
) -> np.ndarray:
    """``(len(OUTCOMES),)`` Punkte of a seat of party ``own`` for each class's representative result
    (:data:`OUTCOMES`), scored by :func:`doppelkopf.scoring.score` under ``rules`` for ``game_type``
    with ``re_seats`` (1 or 2) Re seats and the announcement ``levels`` (Re, Kontra; 0..5); no
    Sonderpunkte. Cached; the array is shared, do not change it."""
    hand = rules.hand_size
    re = frozenset(range(re_seats))
    seat = 0 if own is Party.RE else 3
    out = np.zeros(len(OUTCOMES), dtype=np.float64)
    for i, (_, augen) in enumerate(OUTCOMES):
        mine = augen if i not in (0, len(OUTCOMES) - 1) else (0 if i == 0 else 240)
        tricks = 0 if i == 0 else hand if i == len(OUTCOMES) - 1 else hand // 2
        augen_re, tricks_re = (mine, tricks) if own is Party.RE else (240 - mine, hand - tricks)
        summary = GameSummary(game_type, re, augen_re, tricks_re, hand - tricks_re, levels, ())
        out[i] = score(summary, rules).points[seat]
    out.flags.writeable = False
    return out


@dataclass(frozen=True)
class ValueModel(Layers):
    """A multi-layer perceptron (:class:`~doppelkopf.players.mlp.Layers`: ``weights[i]`` of shape
    ``(n_in, n_out)`` and ``biases[i]``, ReLU between the layers) with a softmax over :data:`OUTCOMES` at the
    end (numpy only)."""

    def predict(self, x: np.ndarray) -> np.ndarray:
        """``(n, len(OUTCOMES))`` class probabilities for the ``(n, len(FEATURE_NAMES))`` features ``x``."""
        h = self.forward(x)
        h -= h.max(axis=1, keepdims=True)
        np.exp(h, out=h)
        h /= h.sum(axis=1, keepdims=True)
        return h

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], key: str, inputs: int | None = None) -> ValueModel:
        """The model stored under ``key`` in ``arrays`` (an ``.npz`` file's contents), taking
        ``inputs`` features (default ``len(FEATURE_NAMES)``). Raises :class:`ValueError` naming the key
        when it is missing or the shapes do not chain."""
        n = len(FEATURE_NAMES) if inputs is None else inputs
        return cls(*read_layers(arrays, key, n, len(OUTCOMES), "value model"))


def model_key(rules: RuleSet) -> str:
    """The model of the shipped file that serves ``rules``: its preset's when one was trained for it
    (``ddv``, ``ohne-neunen``, ``doppelbock``, ``vier-schritte``), else ``ddv`` with the nines and
    ``ohne-neunen`` without."""
    if rules.name in ("ddv", "ohne-neunen", "doppelbock", "vier-schritte"):
        return rules.name
    return "ddv" if rules.with_nines else "ohne-neunen"


def default_model(preset: str, path: str | None = None) -> ValueModel:
    """The model of the card family ``preset`` (a :func:`model_key`) from the ``.npz`` file ``path``
    (``None``: the shipped :data:`DEFAULT_MODEL`), taking :data:`INPUTS`; files are read once per
    process. Raises :class:`ValueError` when the file has no such model and :class:`OSError` when it
    cannot be read."""
    return ValueModel.from_arrays(load_arrays(path, DEFAULT_MODEL), preset, len(INPUTS))


def announcement_values(
    info: InformationState, model: ValueModel, actions: list[int]
) -> tuple[float, dict[int, float]]:
    """Expected Punkte of ``info.seat`` when it announces nothing now, and per announcement action of
    ``actions`` (engine codes, :meth:`~doppelkopf.moves.Action.level` gives the level).

    ``model`` (:func:`default_model`) takes the :data:`INPUTS`: the features and ``announce_now``, 1.0
    for announcing now and 0.0 for not; trained on self-play with randomized announcement choices, it
    knows what announcing does to the result, not only which hands announce. Its distributions of the
    own party's result without and with the announcement are each scored with their announcement
    levels by :func:`punkte_by_outcome`. Raises :class:`ValueError`
    unless :func:`supported`."""
    from ..moves import Action

    x = features(info)
    rows = np.stack([np.append(x, np.float32(0.0)), np.append(x, np.float32(1.0))])
    p = model.predict(rows).astype(np.float64)
    own = info.own_party
    assert own is not None and info.game_type is not None
    re_level = max((a.level for a in info.announcements if a.party is Party.RE), default=0)
    kontra_level = max((a.level for a in info.announcements if a.party is Party.KONTRA), default=0)
    re_seats = 1 if info.game_type is GameType.STILLE_HOCHZEIT else 2
    wait = float(p[0] @ punkte_by_outcome(info.rules, info.game_type, own, re_seats, (re_level, kontra_level)))
    values: dict[int, float] = {}
    for a in actions:
        level = Action.level(a)
        levels = (max(re_level, level), kontra_level) if own is Party.RE else (re_level, max(kontra_level, level))
        values[a] = float(p[1] @ punkte_by_outcome(info.rules, info.game_type, own, re_seats, levels))
    return wait, values
