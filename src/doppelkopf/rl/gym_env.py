"""Doppelkopf as a Gymnasium single-agent environment (``pip install 'doppelkopf[rl]'``).

:class:`DoppelkopfEnv` seats one learner at ``seat`` and three registered computer players
(:func:`doppelkopf.players.make_player`, e.g. ``"rules"``, ``"random"``, ``"search"``) at the other
seats. Each episode is one game: :meth:`~DoppelkopfEnv.reset` deals and lets the computer players
act until the learner's first decision; :meth:`~DoppelkopfEnv.step` applies the learner's action and
lets the others act until the learner is to move again or the game is over.

* Observation: the same ``Dict`` as the PettingZoo environment,
  ``{"observation": Box(0, 1, (OBS_SIZE,), float32), "action_mask": Box(0, 1, (120,), int8)}``,
  the learner's information state only (:mod:`doppelkopf.rl.encoding`).
* Action: ``Discrete(120)``, the engine's action ids; the learner's legal actions by the turn
  protocol :class:`~doppelkopf.rl.turns.Turns`: in its own turn its cards and announcements (it
  announces in its turn, before its card); under deadlines counted in tricks (the ``doppelbock``
  preset) also **announcement windows**: before a decision of another seat in play, while some
  party may still announce (:func:`~doppelkopf.rl.turns.window_round_opens`, a public test), the
  learner is asked with its out-of-turn actions and 53 (``Action.PASS``, "nothing out of turn"; only
  53 when it has none), in the same rounds as the computer players' ``react`` (slot ``window`` of
  the observation set; see ``docs/rl.md``). A computer player with nothing to do out of turn is
  not asked (its window is passed for it, as :func:`~doppelkopf.players.play_game` asks only seats
  with an out-of-turn action).
* Reward: 0 until the end, then the learner's Punkte (``game.score().points[seat]``, one game, no
  Bock); ``terminated`` is true then, ``truncated`` never (a game always ends).
* The computer players are full players as in :func:`doppelkopf.players.play_game`: they answer the
  Vorbehalte, take part in an Armut or a bidding, and announce out of turn (``react``). They are
  made anew for each game, seeded from the deal's seed, so ``reset(seed=s)`` replays the same game
  for the same actions.
* ``reset(seed=s)`` deals ``Game.new(rules, seed=s, dealer=dealer)``; ``reset()`` deals a seed drawn
  from ``self.np_random``; ``reset(options={"dealer": d})`` lets seat ``d`` deal this and the later
  games. The ``info`` of ``reset`` is empty: the deal's seed identifies every hand, so it is kept
  as :attr:`DoppelkopfEnv.deal_seed` (for logging and replay, never for an agent). Every seat
  answers the Vorbehaltsabfrage before a deal can be thrown in, so the learner always has a first
  decision; a deal thrown in after it (Schmeissen, an Armut nobody took) ends the episode with
  reward 0. (Should a deal ever end before the learner's first decision,
  it is dealt again with the next seed from ``np_random``.)
* ``step`` with an action that is not legal raises :class:`ValueError` naming the action and the
  legal ones (``illegal_action="raise"``, the default); with ``illegal_action="end"`` it ends the
  episode with ``illegal_reward`` instead, as PettingZoo's ``TerminateIllegalWrapper`` does
  (Gymnasium's ``check_env`` steps with unmasked random actions, see ``docs/rl.md``); the final
  observation then has an all-zero ``action_mask`` and a later ``step`` raises RuntimeError until
  :meth:`~DoppelkopfEnv.reset`. An action that is no integer (a float, a bool, ``None``) raises
  ValueError: it is never rounded.

Importing this module registers ``"doppelkopf/Doppelkopf-v0"``; ``gymnasium.make(
"doppelkopf.rl.gym_env:doppelkopf/Doppelkopf-v0", rules="ohne-neunen")`` imports it on the way.

>>> from doppelkopf.rl.encoding import OBS_SIZE
>>> environment = DoppelkopfEnv(rules="ddv", seat=0, opponents=("random", "random", "random"))
>>> obs, info = environment.reset(seed=3)
>>> obs["observation"].shape == (OBS_SIZE,), bool(obs["action_mask"].any())
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..game import Game, IllegalAction
from ..players import Player, make_player
from ..players.runner import checked_action, drive
from ..rules import RuleSet, get_preset
from .encoding import NUM_ACTIONS, action_mask, observation
from .table import Table, action_id, describe_table, observation_dict_space, seat_arg
from .turns import WINDOW_PASS, Turns, action_name

__all__ = ["ENV_ID", "DoppelkopfEnv", "action_id", "describe_table", "observation_dict_space"]

#: The id under which :class:`DoppelkopfEnv` is registered with ``gymnasium.register``.
ENV_ID = "doppelkopf/Doppelkopf-v0"
_ILLEGAL_MODES = ("raise", "end")
_RENDER_MODES = ("human", "ansi")


class DoppelkopfEnv(Table, gymnasium.Env[dict[str, Any], np.int64]):
    """A learner at ``seat`` (0..3) against ``opponents`` (three registered player names, in seat
    order after the learner: left, opposite, right) under ``rules`` (a preset name or a
    :class:`RuleSet`); ``opponent_options`` are keyword options for their factories: one mapping
    for all three, or a sequence of three mappings in the order of ``opponents`` (e.g. ``({"weights":
    "p.npz"}, {}, {})`` for ``("policy", "rules", "rules")``); ``dealer`` deals every game (see
    :meth:`reset` to change it). See the module docstring for observations, rewards and illegal
    actions.

    Raises RuleError for an unknown preset and ValueError (naming the argument) for a seat or dealer
    that is no int 0..3, not three opponents or option mappings, an unknown player name or option,
    an unknown ``illegal_action`` or ``render_mode``."""

    metadata = {"render_modes": list(_RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        rules: str | RuleSet = "ddv",
        seat: int = 0,
        opponents: Sequence[str] = ("rules", "rules", "rules"),
        opponent_options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.rules = get_preset(rules) if isinstance(rules, str) else rules
        seat_arg("seat", seat)
        seat_arg("dealer", dealer)
        if isinstance(opponents, str) or len(opponents) != 3:
            raise ValueError(f"opponents: need three player names, got {opponents!r}")
        if illegal_action not in _ILLEGAL_MODES:
            raise ValueError(f"illegal_action: {illegal_action!r} is not one of {', '.join(_ILLEGAL_MODES)}")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode: {render_mode!r} is not one of human, ansi")
        self.seat = seat
        self.dealer = dealer
        self.opponents = tuple(opponents)
        if opponent_options is None or isinstance(opponent_options, Mapping):
            per_seat = [dict(opponent_options or {}) for _ in range(3)]
        elif isinstance(opponent_options, str) or len(opponent_options) != 3:
            raise ValueError("opponent_options: one mapping for all opponents or a sequence of three mappings")
        else:
            per_seat = [dict(options) for options in opponent_options]
        self.opponent_options: tuple[dict[str, Any], ...] = tuple(per_seat)
        for name, options in zip(self.opponents, self.opponent_options, strict=True):
            make_player(name, 0, **options)  # the one error for a bad name or option, now
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_dict_space()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Game | None = None
        #: The turn protocol over :attr:`game` (the learner's actions and windows).
        self.turns: Turns | None = None
        #: The seed of the current deal: it identifies every hand (``Game.new(rules, seed=deal_seed,
        #: dealer=dealer)``), so it is for logging and replay, never for an agent.
        self.deal_seed: int | None = None
        self.players: list[Player | None] = [None] * 4
        self._ended = False

    # -- the Gymnasium interface ---------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal (``Game.new(rules, seed=seed)`` when a seed is given) and play the computer players
        up to the learner's first decision; returns its observation and an empty ``info``.
        ``options={"dealer": d}`` makes seat ``d`` the dealer from this game on (ValueError for a
        dealer that is no int 0..3; other keys are ignored, as PettingZoo's and Gymnasium's own
        environments do)."""
        super().reset(seed=seed)
        if options and "dealer" in options:
            self.dealer = seat_arg("dealer", options["dealer"])
        self._ended = False
        deal_seed = int(seed) if seed is not None else self._draw_seed()
        while True:
            self._deal(deal_seed)
            self._advance()
            if not self.dealt_game.is_terminal:
                break
            deal_seed = self._draw_seed()  # thrown in before the learner had a decision: deal again
        self.deal_seed = deal_seed
        if self.render_mode == "human":
            self.render()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's ``action``, then the others' until the learner moves again or the
        game ends. Raises ValueError for an action that is no integer or not legal (see the class
        docstring) and RuntimeError before :meth:`reset` or after the end of the episode."""
        game = self.dealt_game
        if game.is_terminal:
            raise RuntimeError("the game is over: reset() the environment")
        if self._ended:
            raise RuntimeError("the episode is over (an illegal action ended it): reset() the environment")
        act = action_id(action)
        turns = self.dealt_turns
        legal = turns.legal_actions()
        if act not in legal:
            if self.illegal_action == "end":
                self._ended = True
                final = self._observe()
                final["action_mask"][:] = 0
                return final, self.illegal_reward, True, False, {"illegal_action": act}
            where = "in its announcement window" if turns.in_window else f"(phase {game.phase.name})"
            raise IllegalAction(
                f"action {action_name(act)} is not legal for the learner (seat {self.seat}) now "
                f"{where}; legal: {' '.join(action_name(a) for a in legal)}"
            )
        self._take(act)
        self._advance()
        if self.render_mode == "human":
            self.render()
        if game.is_terminal:
            points = game.score().points
            return self._observe(), float(points[self.seat]), True, False, {"points": points}
        return self._observe(), 0.0, False, False, {}

    # -- the table -----------------------------------------------------------------------------

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(0, 2**48))

    def _deal(self, deal_seed: int) -> None:
        self.game = Game.new(self.rules, seed=deal_seed, dealer=self.dealer)
        self.turns = Turns(self.game)
        self.players = [None] * 4
        for k, (name, options) in enumerate(zip(self.opponents, self.opponent_options, strict=True), start=1):
            seat = (self.seat + k) % 4
            player = make_player(name, deal_seed * 4 + seat, **options)
            player.reset(seat, self.rules, deal_seed)
            self.players[seat] = player
        self._watchers = [p for p in self.players if p is not None and type(p).observe is not Player.observe]

    def _observe(self) -> dict[str, np.ndarray]:
        info = self.dealt_game.information_state(self.seat)
        turns = self.dealt_turns
        window = turns.in_window and turns.seat == self.seat
        return {"observation": observation(info, window), "action_mask": action_mask(info, window)}

    def _tell_watchers(self) -> None:
        game = self.dealt_game
        for player in self._watchers:
            player.observe(game.information_state(player.seat))

    def _apply(self, seat: int, action: int, in_turn: bool = True) -> None:
        """The runner's step (no windows): apply ``action`` of ``seat`` to the game directly."""
        self.dealt_game.apply(action, seat)
        self._tell_watchers()

    def _take(self, action: int) -> None:
        """Apply ``action`` of the seat to act by the turn protocol (a window's pass changes nothing
        the players see)."""
        turns = self.dealt_turns
        window = turns.in_window
        turns.apply(action)
        if not (window and action == WINDOW_PASS):
            self._tell_watchers()

    def _advance(self) -> None:
        """Let the computer players act as :func:`doppelkopf.players.play_game` does until the
        learner is to act or the game is over. Without announcement windows that is the runner's
        :func:`~doppelkopf.players.runner.drive` (``react`` out of turn, then ``choose``); with
        them the turn protocol asks the same: ``react`` in a computer player's window (``None`` is
        the pass), ``choose`` in its own turn, and stops at the learner's window or turn. A
        computer player's illegal action raises :class:`~doppelkopf.players.IllegalPlayerAction`
        without its legal actions (its cards)."""
        game = self.dealt_game
        turns = self.dealt_turns
        if not turns.windows:
            drive(game, self.players, self._apply, show_legal=False)
            return
        while (seat := turns.seat) is not None and seat != self.seat:
            player = self.players[seat]
            assert player is not None
            info = game.information_state(seat)
            if turns.in_window:
                if turns.legal_actions() == [WINDOW_PASS]:  # nothing out of turn: not asked, as in play_game
                    turns.apply(WINDOW_PASS)
                    continue
                answer = player.react(info)
                if answer is None:
                    turns.apply(WINDOW_PASS)
                    continue
                action = checked_action(game, player, seat, answer, "announced out of turn", show_legal=False)
            else:
                action = checked_action(game, player, seat, player.choose(info), "chose", show_legal=False)
            self._take(action)


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:DoppelkopfEnv")
