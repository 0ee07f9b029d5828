"""The continuation value of a position: the mean Punkte of a seat when the rest of a game is played out.

The three searches (the card play of :class:`~doppelkopf.players.search_player.SearchPlayer`, the
announcements of :mod:`~doppelkopf.players.announce_search`, the Vorbehalte of
:mod:`~doppelkopf.players.vorbehalt_search`) each build a full game (a clone of a rebuilt deal,
:func:`~doppelkopf.players.sampling.rebuild_game`), take the step they are valuing in it and then
ask this module what the position is worth to a seat (:func:`continuation_value`):

* a finished game: the Punkte the core scores (:meth:`Game.score <doppelkopf.game.Game.score>`;
  0 for a deal thrown in);
* else the mean over continuations played by the compiled kernel
  (:func:`doppelkopf.fast.kernel.rollout_values`) under the given policy, which scores each
  continuation's final Augen with the game's announcements by the core's rules. The kernel makes no
  announcements during play, so the Pflichtansage (which only forces an announcement, it does not
  change the score of a continuation without one) is dropped from the rule set first
  (:data:`WITHOUT_PFLICHTANSAGE`);
* when the kernel is missing (numba not installed, module not built) or refuses the position (an
  option it does not mirror, a Hochzeit still looking for its partner), the pure-Python fallback
  :func:`python_rollouts` plays random legal cards through the core, or, for a search that should
  not pay for it, :class:`ValueError` is raised.

The compiled modules are imported on first use (:func:`fast_module`), so ``import doppelkopf``
stays fast.
"""

from __future__ import annotations

import random
from typing import Any

from ..game import Action, Game
from ..rules import RuleSet
from ..values import PerRuleSet

_fast: dict[str, Any] = {}


def fast_module(name: str) -> Any:
    """The compiled module ``doppelkopf.fast.<name>`` (``name``: ``"kernel"`` or ``"solver"``) or
    ``None`` if it cannot be imported (numba missing, module not built); imported once per process,
    on first use."""
    if name not in _fast:
        try:
            if name == "solver":
                from ..fast import solver as module
            else:
                from ..fast import kernel as module  # type: ignore[no-redef]
            _fast[name] = module
        except Exception:  # noqa: BLE001 - any import failure means: use the Python fallback
            _fast[name] = None
    return _fast[name]


#: The rule set without the Pflichtansage (``pflichtansage=False``), made once per rule set (not
#: once per rollout): the kernel makes no announcements during play.
WITHOUT_PFLICHTANSAGE: PerRuleSet[RuleSet] = PerRuleSet(lambda rules: rules.replace(pflichtansage=False))


def python_rollouts(game: Game, seat: int, k: int, rng: random.Random) -> float:
    """Mean Punkte of ``seat`` over ``k`` (at least 1) continuations of ``game`` with random legal
    cards drawn from ``rng`` (a seat with no card to play takes its lowest legal action, e.g. a
    forced announcement); ``game`` itself is not changed. The fallback when the compiled kernel is
    missing or refuses the position."""
    total = 0.0
    for _ in range(k):
        g = game.clone()
        while not g.is_terminal:
            actions = g.legal_actions()
            cards = [a for a in actions if Action.is_card(a)]
            g.apply(rng.choice(cards) if cards else min(actions))
        total += g.score().points[seat]
    return total / k


def terminal_value(game: Game, seat: int) -> float:
    """Punkte of ``seat`` in the finished ``game``: its score, 0 for a deal thrown in."""
    return 0.0 if game.thrown_in else float(game.score().points[seat])


def continuation_value(
    game: Game, seat: int, rollouts: int, seed: int, policy: str = "greedy", fallback: bool = True
) -> float:
    """Mean Punkte of ``seat`` (0..3) when ``game`` (all hands known, e.g. rebuilt from a sample)
    is played out from here (see the module docstring).

    A finished game gives :func:`terminal_value`. Otherwise ``rollouts`` continuations by the
    compiled kernel with ``policy`` (a name of :func:`doppelkopf.fast.kernel.rollouts`:
    ``"greedy"``, ``"informed"``, ``"random"``) seeded with ``seed``; where the rule set has the
    Pflichtansage, ``game.rules`` is replaced by :data:`WITHOUT_PFLICHTANSAGE` first (so pass a game
    you may change, e.g. a clone). When the kernel is missing or refuses the position (it raises
    :class:`ValueError`; a Hochzeit without its partner is not tried): with ``fallback``,
    :func:`python_rollouts` with ``max(2, rollouts // 4)`` continuations seeded with ``seed``;
    without, :class:`ValueError` is raised."""
    if game.is_terminal:
        return terminal_value(game, seat)
    kernel = fast_module("kernel")
    if kernel is not None and not game.partner_open:
        if game.rules.pflichtansage:
            game.rules = WITHOUT_PFLICHTANSAGE.get(game.rules)
        try:
            return float(kernel.rollout_values(game, rollouts, seed, policy)[seat])
        except ValueError:
            if not fallback:
                raise
    if not fallback:
        raise ValueError("rollout: the compiled kernel is not available for this position")
    return python_rollouts(game, seat, max(2, rollouts // 4), random.Random(seed))
