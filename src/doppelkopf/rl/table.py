"""What the Gymnasium and the PettingZoo environments share: the observation space, the table as text,
the engine's game and turn protocol once dealt (:class:`Table`), and the checks of a seat and an action
argument (``pip install 'doppelkopf[rl]'``: needs Gymnasium and numpy).

>>> seat_arg("dealer", 2), action_id(np.int64(7))
(2, 7)
>>> seat_arg("seat", 4)
Traceback (most recent call last):
...
ValueError: seat: 4 is not one of 0..3
"""

from __future__ import annotations

import operator
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..cards import Card
from ..game import Game, Phase
from .encoding import NUM_ACTIONS, OBS_SIZE
from .turns import Turns

__all__ = ["Table", "action_id", "describe_table", "observation_dict_space", "seat_arg"]


def observation_dict_space() -> spaces.Dict:
    """The observation space of a seat: ``Dict(observation=Box(0, 1, (OBS_SIZE,), float32),
    action_mask=Box(0, 1, (NUM_ACTIONS,), int8))``, shared by the Gymnasium and the PettingZoo
    environment."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0.0, high=1.0, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


def describe_table(game: Game) -> str:
    """The table as text for people watching (every hand shown, so never for an agent): phase,
    game type, hands, the tricks so far, the trick in progress and, at the end, the Punkte."""
    playing = game.phase in (Phase.PLAY, Phase.CONCESSION, Phase.FINISHED) and not game.thrown_in
    game_name = game.game_type.german if playing else "thrown in" if game.thrown_in else "not settled yet"
    lines = [f"phase {game.phase.name}, game {game_name}, dealer seat {game.dealer}"]
    for seat in range(4):
        hand = " ".join(Card(c).short for c in game.hands[seat])
        party = f" ({game.party[seat].label})" if playing else ""
        mark = " <- to move" if not game.is_terminal and seat == game.current_player else ""
        lines.append(f"seat {seat}{party}: {hand}{mark}")
    for index, trick in enumerate(game.tricks):
        cards = " ".join(f"{s}:{Card(c).short}" for c, s in zip(trick.cards, trick.seats, strict=True))
        lines.append(f"trick {index + 1}: {cards} -> seat {trick.winner}")
    if game.trick_cards:
        cards = " ".join(f"{s}:{Card(c).short}" for c, s in zip(game.trick_cards, game.trick_seats, strict=True))
        lines.append(f"on the table: {cards}")
    if game.announcements:
        lines.append("announced: " + ", ".join(f"seat {a.seat} {a.label}" for a in game.announcements))
    if game.is_terminal:
        lines.append(f"Punkte: {' '.join(str(p) for p in game.score().points)}")
    return "\n".join(lines)


class Table:
    """The engine's game and the turn protocol of an environment, once ``reset()`` has dealt (a mixin
    of :class:`~doppelkopf.rl.gym_env.DoppelkopfEnv` and the PettingZoo
    :class:`~doppelkopf.rl.pettingzoo_env.raw_env`, which set the three attributes)."""

    game: Game | None
    turns: Turns | None
    render_mode: str | None

    def render(self) -> str | None:
        """The table as text (every hand shown: for people watching, not for agents): ``"ansi"``
        returns it, ``"human"`` prints it, no render mode warns and returns ``None``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (choose 'human' or 'ansi')")
            return None
        text = describe_table(self.dealt_game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    @property
    def dealt_game(self) -> Game:
        """:attr:`game`; raises RuntimeError before ``reset()`` has dealt one."""
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game

    @property
    def dealt_turns(self) -> Turns:
        """:attr:`turns`; raises RuntimeError before ``reset()`` has dealt a game."""
        if self.turns is None:
            raise RuntimeError("reset() the environment before using it")
        return self.turns


def action_id(action: Any) -> int:
    """``action`` as an action id: a Python or numpy integer (``operator.index``), never a float or
    a bool (no silent rounding). Raises ValueError naming it otherwise."""
    if isinstance(action, bool | np.bool_):
        raise ValueError(f"action: {action!r} is not an integer action id 0..{NUM_ACTIONS - 1}")
    try:
        return operator.index(action)
    except TypeError:
        raise ValueError(f"action: {action!r} is not an integer action id 0..{NUM_ACTIONS - 1}") from None


def seat_arg(name: str, value: Any) -> int:
    """``value`` as an int if it is a seat 0..3 (a Python or numpy integer, not a bool or float),
    else ValueError naming the argument ``name``."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not 0 <= value < 4:
        raise ValueError(f"{name}: {value!r} is not one of 0..3")
    return int(value)
