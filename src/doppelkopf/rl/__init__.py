"""Doppelkopf for learning programs: one observation encoding and three standard interfaces.

* :mod:`doppelkopf.rl.encoding`: the observation vector of a seat's information state and its
  action mask (pure numpy; ``NUM_ACTIONS``, ``OBS_SIZE``, ``SLOTS``, ``observation``, ``action_mask``);
* :mod:`doppelkopf.rl.turns`: the turn protocol all three interfaces share (who acts next, with
  which actions; announcement windows where deadlines count tricks);
* :mod:`doppelkopf.rl.pettingzoo_env`: a PettingZoo AEC environment (``env``, ``raw_env``), needs the
  ``rl`` extra (``pip install 'doppelkopf[rl]'``);
* :mod:`doppelkopf.rl.gym_env`: a Gymnasium single-agent wrapper (``DoppelkopfEnv``) that seats one
  learner against three registered players, ``rl`` extra;
* :mod:`doppelkopf.rl.openspiel_game`: the game for OpenSpiel (``rl`` extra);
* :mod:`doppelkopf.rl.policy`: a numpy linear softmax policy and the registered player ``"policy"``.

Importing this package loads none of the RL libraries: the names below are re-exported lazily
from :mod:`doppelkopf.rl.encoding` and :mod:`doppelkopf.rl.policy` (numpy only). See ``docs/rl.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "NUM_ACTIONS": "encoding",
    "OBS_SIZE": "encoding",
    "SLOTS": "encoding",
    "Slot": "encoding",
    "observation": "encoding",
    "action_mask": "encoding",
    "LinearPolicy": "policy",
    "PolicyPlayer": "policy",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'doppelkopf.rl' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
