"""Doppelkopf as a PettingZoo AEC environment (``pip install 'doppelkopf[rl]'``).

Four agents ``player_0`` .. ``player_3`` sit at seats 0..3 (clockwise; with the default ``dealer=0``
``player_1`` answers first and leads). The agent to act and its actions come from the turn
protocol :class:`~doppelkopf.rl.turns.Turns`, one id per engine action
(:data:`~doppelkopf.rl.encoding.NUM_ACTIONS` = 120): with deadlines counted in cards in hand
(``announcement_timing = "cards_in_hand"``) always the engine's :attr:`Game.current_player
<doppelkopf.game.Game.current_player>` with its :meth:`Game.legal_actions
<doppelkopf.game.Game.legal_actions>` (an agent announces in its own turn, before its card, which
reaches every announcement); with deadlines counted in tricks (``"tricks"``, the ``doppelbock``
preset) also the **announcement windows**: before each decision in play while some party may still
announce (:func:`~doppelkopf.rl.turns.window_round_opens`, a public test), all three other seats are
``agent_selection`` in turn, each with its out-of-turn actions and 53 (``Action.PASS``, "nothing out
of turn"; only 53 for a seat with none), so who acts tells nobody a private fact; its observation
has the slot ``window`` set (see ``docs/rl.md``).

Observations are ``{"observation": Box(0, 1, (OBS_SIZE,), float32), "action_mask": Box(0, 1, (120,),
int8)}`` as in PettingZoo's classic card games, from :mod:`doppelkopf.rl.encoding`: only the seat's
information state. Rewards are 0 until the game ends, then every agent gets its Punkte
(``game.score().points``, Bock not applied: one game); a deal thrown in (Schmeissen, an Armut nobody
took) ends with 0 for all. ``reset(seed=s)`` deals ``Game.new(rules, seed=s, dealer=dealer)``;
``reset()`` without a seed deals the next seed drawn from the generator of the last seed given;
``reset(options={"dealer": d})`` lets seat ``d`` deal from this game on.

:func:`env` wraps :class:`raw_env` in PettingZoo's standard wrappers like the classic environments
(an illegal action ends the game with ``illegal_reward`` for the agent that made it; the raw
environment raises :class:`ValueError` naming the action and the rule instead). Importing this
module registers ``"doppelkopf/Doppelkopf-v0"`` with ``pettingzoo.register`` (PettingZoo 1.27+), so
``pettingzoo.make("aec", "doppelkopf/Doppelkopf-v0", rules="doppelbock")`` works after the import.

>>> from doppelkopf.rl.encoding import OBS_SIZE
>>> e = env(rules="ddv")
>>> e.reset(seed=1)
>>> e.agent_selection, e.observation_space("player_0")["observation"].shape == (OBS_SIZE,)
('player_1', True)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pettingzoo
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..game import Game, IllegalAction
from ..rules import RuleSet, get_preset
from .encoding import NUM_ACTIONS, action_mask, observation
from .table import Table, action_id, observation_dict_space, seat_arg
from .turns import Turns, action_name

__all__ = ["AGENTS", "ENV_ID", "env", "raw_env"]

#: The agent names, by seat 0..3.
AGENTS: tuple[str, ...] = tuple(f"player_{seat}" for seat in range(4))
#: The id under which :func:`env` is registered with ``pettingzoo.register``.
ENV_ID = "doppelkopf/Doppelkopf-v0"
_RENDER_MODES = ("human", "ansi")


def _rules(rules: str | RuleSet) -> RuleSet:
    """A :class:`RuleSet` or the name of a preset (RuleError naming the presets otherwise)."""
    return get_preset(rules) if isinstance(rules, str) else rules


def env(
    rules: str | RuleSet = "ddv",
    render_mode: str | None = None,
    dealer: int = 0,
    illegal_reward: float = -1.0,
) -> AECEnv:
    """The environment in PettingZoo's standard wrappers (as ``connect_four_v3.env()``): an illegal
    action ends the game, ``illegal_reward`` for its agent and 0 for the others
    (``TerminateIllegalWrapper``); an action outside ``Discrete(120)`` raises
    (``AssertOutOfBoundsWrapper``); the order reset-before-step is enforced (``OrderEnforcingWrapper``).
    See :class:`raw_env` for the other arguments."""
    environment: AECEnv = raw_env(rules=rules, render_mode=render_mode, dealer=dealer)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=illegal_reward)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(Table, AECEnv, EzPickle):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One game of Doppelkopf under ``rules`` (a preset name or a :class:`RuleSet`) per episode.

    ``dealer`` (0..3) deals every game, so ``player_{(dealer + 1) % 4}`` answers first in the
    Vorbehaltsabfrage and leads (TSR 4.1, 5.1). ``render_mode`` ``"ansi"`` makes :meth:`render`
    return the table as text, ``"human"`` prints it. Raises RuleError for an unknown preset and
    ValueError for a dealer outside 0..3. The engine game is :attr:`game` (for tests and tools,
    it holds every hand: never show it to an agent)."""

    metadata = {"render_modes": list(_RENDER_MODES), "name": "doppelkopf_v0", "is_parallelizable": False}

    def __init__(self, rules: str | RuleSet = "ddv", render_mode: str | None = None, dealer: int = 0) -> None:
        EzPickle.__init__(self, rules, render_mode, dealer)
        super().__init__()
        seat_arg("dealer", dealer)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode: {render_mode!r} is not one of human, ansi")
        self.rules = _rules(rules)
        self.dealer = dealer
        self.render_mode = render_mode
        self.agents = list(AGENTS)
        self.possible_agents = list(AGENTS)
        space = observation_dict_space()
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self._seeds = random.Random()
        self.game: Game | None = None
        #: The turn protocol over :attr:`game` (who acts, with which actions; announcement windows).
        self.turns: Turns | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed``, ``Game.new(rules, seed=seed)``; without, the next seed of
        the generator seeded by the last seed given (by the system's entropy before any).
        ``options={"dealer": d}`` makes seat ``d`` the dealer from this game on (ValueError for a
        dealer that is no int 0..3; other keys are ignored, as PettingZoo's and Gymnasium's own
        environments do)."""
        if options and "dealer" in options:
            self.dealer = seat_arg("dealer", options["dealer"])
        if seed is not None:
            self._seeds = random.Random(seed)
            deal_seed = int(seed)
        else:
            deal_seed = self._seeds.getrandbits(48)
        self.game = Game.new(self.rules, seed=deal_seed, dealer=self.dealer)
        self.turns = Turns(self.game)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.game.current_player]  # no window before the Vorbehalte

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation of ``agent``'s seat: its information state only (the slot ``window``
        set while it acts in an announcement window); the mask is all zeros unless ``agent`` is to
        act. Raises ValueError for an unknown agent."""
        if agent not in AGENTS:
            raise ValueError(f"agent: {agent!r} is not one of {', '.join(AGENTS)}")
        seat = AGENTS.index(agent)
        info = self.dealt_game.information_state(seat)
        turns = self.dealt_turns
        window = turns.in_window and turns.seat == seat
        # the mask only for the agent to act (the mover waits while a window is open)
        mask = action_mask(info, window) if turns.seat == seat else np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": observation(info, window), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply ``action`` for the agent to act. Raises ValueError (an
        :class:`~doppelkopf.game.IllegalAction`) naming the action and the legal ones when it is not
        legal now, or for an action that is no integer (never rounded); the game is unchanged then.
        Raises RuntimeError before :meth:`reset` and once every agent is done."""
        game = self.dealt_game
        if not self.agents:
            raise RuntimeError("the game is over and every agent is done: reset() the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        turns = self.dealt_turns
        legal = turns.legal_actions()
        if action is None:
            raise ValueError(f"action: None is only for an agent whose game is over, and {agent} is to act")
        act = action_id(action)
        if act not in legal:
            where = "in its announcement window" if turns.in_window else f"(phase {game.phase.name})"
            options = " ".join(action_name(a) for a in legal)
            raise IllegalAction(f"action {action_name(act)} is not legal for {agent} now {where}; legal: {options}")
        self._cumulative_rewards[agent] = 0.0
        turns.apply(act)
        if game.is_terminal:
            points = game.score().points
            self.rewards = {a: float(points[s]) for s, a in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"points": points[s]} for s, a in enumerate(AGENTS)}
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if turns.seat is not None:
            self.agent_selection = AGENTS[turns.seat]
        self._accumulate_rewards()
        if game.is_terminal:
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``; raises RuntimeError before :meth:`reset` and once every agent
        is done (instead of a bare KeyError)."""
        self.dealt_game  # noqa: B018 - raises before reset()
        if not self.agents:
            raise RuntimeError("the game is over and every agent is done: reset() the environment")
        return super().last(observe)

    def close(self) -> None:
        """Nothing to release (no window); kept for the AEC interface."""


if getattr(pettingzoo, "register", None) is not None:  # PettingZoo 1.27+ has a registry
    pettingzoo.register("aec", ENV_ID, entry_point=f"{__name__}:env")
