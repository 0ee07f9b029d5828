"""A linear softmax policy in numpy, and the registered player ``"policy"`` that plays it.

:class:`LinearPolicy` scores every action id with one linear function of the observation vector
(:func:`doppelkopf.rl.encoding.observation`): ``logits = weights @ obs + bias``; the legal actions
(:func:`~doppelkopf.rl.encoding.action_mask`) share the probability by a softmax, the others get 0.
It is the small example policy of ``bench/train_policy.py`` (REINFORCE on CPU, numpy only); it is no
strong player.

:class:`PolicyPlayer` (registered as ``"policy"``) plays a policy saved with
:meth:`LinearPolicy.save`: ``doko arena --candidate policy --candidate-option weights=FILE.npz``.
Without ``weights`` all logits are 0, so it plays uniformly random legal actions. It takes the most
likely action (``greedy=true``, ties broken at random) or samples one (``greedy=false``), with its
own seeded generator. Out of turn (:meth:`PolicyPlayer.react`, asked by
:func:`~doppelkopf.players.play_game` and so by ``doko arena``) it acts as in the RL environments'
announcement windows (:class:`~doppelkopf.rl.turns.Turns`): under deadlines counted in tricks (the
``doppelbock`` preset) the policy picks from the window's actions and 53, "nothing out of turn";
under deadlines counted in cards in hand (no windows in training) it announces in its own turn only.

>>> policy = LinearPolicy.zeros()
>>> policy.weights.shape == (NUM_ACTIONS, OBS_SIZE)
True
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path
from typing import Final

import numpy as np

from ..game import InformationState
from ..players.base import Player
from .encoding import NUM_ACTIONS, OBS_SIZE, action_mask, observation, own_turn_announcements_complete
from .turns import WINDOW_PASS

__all__ = ["LinearPolicy", "PolicyPlayer"]

_FORMAT: Final = "doppelkopf-linear-policy-1"


class LinearPolicy:
    """``logits = weights @ obs + bias`` with ``weights`` of shape ``(NUM_ACTIONS, OBS_SIZE)`` and
    ``bias`` of shape ``(NUM_ACTIONS,)`` (float32); a softmax over the legal actions. Raises
    ValueError naming the array whose shape is wrong or that holds a value that is not finite."""

    def __init__(self, weights: np.ndarray, bias: np.ndarray) -> None:
        weights = np.asarray(weights, dtype=np.float32)
        bias = np.asarray(bias, dtype=np.float32)
        if weights.shape != (NUM_ACTIONS, OBS_SIZE):
            raise ValueError(
                f"weights: shape {weights.shape}, expected {(NUM_ACTIONS, OBS_SIZE)} "
                "(NUM_ACTIONS x OBS_SIZE of doppelkopf.rl.encoding)"
            )
        if bias.shape != (NUM_ACTIONS,):
            raise ValueError(f"bias: shape {bias.shape}, expected {(NUM_ACTIONS,)}")
        for name, array in (("weights", weights), ("bias", bias)):
            if not np.isfinite(array).all():
                raise ValueError(f"{name}: holds values that are not finite (NaN or infinity)")
        self.weights = weights
        self.bias = bias

    @classmethod
    def zeros(cls) -> LinearPolicy:
        """All weights 0: every legal action equally likely."""
        return cls(np.zeros((NUM_ACTIONS, OBS_SIZE), np.float32), np.zeros(NUM_ACTIONS, np.float32))

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The score of every action id for the observation ``obs`` (shape ``(OBS_SIZE,)``, or
        ``(n, OBS_SIZE)`` for ``n`` observations): shape ``(NUM_ACTIONS,)`` or ``(n, NUM_ACTIONS)``."""
        return np.asarray(obs @ self.weights.T + self.bias, dtype=np.float32)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The softmax of :meth:`logits` over the actions where ``mask`` is 1 (0 elsewhere); shape
        as :meth:`logits`. Raises ValueError when the mask allows no action."""
        logits = self.logits(obs).astype(np.float64)
        allowed = np.asarray(mask) > 0
        if not allowed.any(axis=-1).all():
            raise ValueError("mask: no legal action to choose from")
        logits = np.where(allowed, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=-1, keepdims=True)

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, greedy: bool = False) -> int:
        """One action id for one observation: sampled from :meth:`probabilities`, or with
        ``greedy`` the most likely one (ties broken at random with ``rng``)."""
        probs = self.probabilities(obs, mask)
        if greedy:
            best = np.flatnonzero(probs >= probs.max() - 1e-12)
            return int(best[0] if len(best) == 1 else rng.choice(best))
        return int(rng.choice(NUM_ACTIONS, p=probs))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the weights to the ``.npz`` file ``path`` (numpy's format, with the encoding's
        sizes, so :meth:`load` refuses a file made for another encoding)."""
        np.savez_compressed(
            path,
            format=np.array(_FORMAT),
            weights=self.weights,
            bias=self.bias,
            obs_size=np.array(OBS_SIZE),
            num_actions=np.array(NUM_ACTIONS),
        )

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> LinearPolicy:
        """Read a policy written by :meth:`save`. Raises ValueError naming ``weights`` and the file
        when it cannot be read, is no ``.npz`` file of :meth:`save` (a ``.npy`` or text file, a
        pickle: never unpickled), was made for another observation encoding or holds arrays of the
        wrong shape or values that are not finite."""
        try:
            data = np.load(Path(path), allow_pickle=False)
        except (OSError, EOFError) as exc:
            raise ValueError(f"weights: cannot read {path}: {exc}") from None
        except (ValueError, zipfile.BadZipFile):
            raise ValueError(f"weights: cannot read {path}: not a {_FORMAT} .npz file") from None
        if not isinstance(data, np.lib.npyio.NpzFile):
            raise ValueError(f"weights: {path} is no .npz file (numpy.savez) but a single array")
        try:
            with data:
                if "format" not in data.files or str(data["format"]) != _FORMAT:
                    raise ValueError(f"weights: {path} is no {_FORMAT} file")
                if int(data["obs_size"]) != OBS_SIZE or int(data["num_actions"]) != NUM_ACTIONS:
                    raise ValueError(
                        f"weights: {path} was made for observations of {int(data['obs_size'])} values and "
                        f"{int(data['num_actions'])} actions, this encoding has {OBS_SIZE} and {NUM_ACTIONS}"
                    )
                weights, bias = data["weights"], data["bias"]
        except (OSError, KeyError, EOFError, TypeError, zipfile.BadZipFile) as exc:
            raise ValueError(f"weights: cannot read {path}: {exc}") from None
        except ValueError as exc:
            if str(exc).startswith("weights: "):
                raise
            raise ValueError(f"weights: cannot read {path}: {exc}") from None
        try:
            return cls(weights, bias)
        except ValueError as exc:
            raise ValueError(f"weights: {path}: {exc}") from None


#: Policies read by :class:`PolicyPlayer`, by (resolved path, modification time, size): the arena
#: makes a player per game, the file is read once per process.
_CACHE: dict[tuple[str, int, int], LinearPolicy] = {}


def _cached(path: str) -> LinearPolicy:
    resolved = Path(path).expanduser().resolve()
    try:
        stat = resolved.stat()
    except OSError as exc:
        raise ValueError(f"weights: cannot read {path}: {exc.strerror or exc}") from None
    key = (str(resolved), stat.st_mtime_ns, stat.st_size)
    policy = _CACHE.get(key)
    if policy is None:
        policy = _CACHE[key] = LinearPolicy.load(resolved)
    return policy


class PolicyPlayer(Player):
    """The player ``"policy"``: plays a :class:`LinearPolicy` read from ``weights`` (an ``.npz``
    file of :meth:`LinearPolicy.save`; ``None``: all zeros, uniformly random legal actions).
    ``greedy`` (``True`` or ``False`` only) takes the most likely action, else one is sampled;
    ``seed`` seeds its generator. Raises ValueError naming ``weights`` for a file that cannot be
    read and naming ``greedy`` for anything but a bool (``"no"`` is not false)."""

    def __init__(self, seed: int = 0, weights: str | None = None, greedy: bool = True, name: str | None = None) -> None:
        super().__init__(name if name is not None else f"Policy {seed}")
        if not isinstance(greedy, bool | np.bool_):
            raise ValueError(f"greedy: expected true or false, got {greedy!r}")
        self.policy = _cached(str(weights)) if weights is not None else LinearPolicy.zeros()
        self.greedy = bool(greedy)
        self.rng = np.random.default_rng(seed)

    def choose(self, info: InformationState) -> int:
        return self.policy.act(observation(info), action_mask(info), self.rng, self.greedy)

    def react(self, info: InformationState) -> int | None:
        """An action out of turn, as the policy acts in an announcement window of the RL turn
        protocol: one of ``info.legal_actions`` (announcements, Schweine, claim, giving up the rest,
        TSR 6.4.1) or ``None`` where the policy picks 53 (``Action.PASS``, "nothing out of turn")
        from ``observation(info, window=True)`` and ``action_mask(info, window=True)``. Always
        ``None`` under deadlines counted in cards in hand
        (:func:`~doppelkopf.rl.encoding.own_turn_announcements_complete`): there the RL interfaces
        open no windows, so the policy never learned to act in one, and announcing in its own turn
        reaches every announcement."""
        if own_turn_announcements_complete(info.rules) or not info.legal_actions:
            return None
        action = self.policy.act(observation(info, window=True), action_mask(info, window=True), self.rng, self.greedy)
        return None if action == WINDOW_PASS else action
