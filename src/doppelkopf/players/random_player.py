"""A player that picks random legal actions.

By default the choice is shaped so that random play gives games that look real: a Vorbehalt
(Hochzeit or a solo) only with probability ``p_vorbehalt``; each announcement level is decided
once, at the first chance to make it, and made with probability ``p_announce`` (so a seat says
Re or Kontra in about that share of games, and keine 90 after it in that share again); every
card is uniformly random among the legal ones. With
``uniform=True`` every legal action is equally likely (as in
:func:`doppelkopf.game.random_game`), and out of turn staying silent counts as one more option.

Randomness comes from a generator seeded per game with the player's seed, its seat and the
game's seed, so a game replays identically whatever was played before it.

>>> from doppelkopf.rules import DDV
>>> from doppelkopf.game import Game
>>> from doppelkopf.players.runner import play_game
>>> a = play_game(Game.new(DDV, seed=5), [RandomPlayer(seed=s) for s in range(4)])
>>> b = play_game(Game.new(DDV, seed=5), [RandomPlayer(seed=s) for s in range(4)])
>>> a.history == b.history
True
"""

from __future__ import annotations

import random

from ..game import Action, InformationState, Phase
from ..rules import RuleSet
from .base import Player


class RandomPlayer(Player):
    """Random legal actions; deterministic for a fixed ``seed``.

    Args:
        seed: the player's seed (an int).
        p_announce: probability of making the next announcement level (Re/Kontra, then keine 90,
            ...) when it first becomes legal for the seat, in turn or out of turn; a level
            declined once is not made later in the game.
        p_vorbehalt: probability of answering the Vorbehaltsabfrage with a Vorbehalt; which one
            (Hochzeit, a solo) is uniform among the legal ones.
        uniform: ignore both knobs and choose uniformly among all legal actions.
        name: display name (default ``Zufall <seed>``).

    Raises :class:`ValueError` for a probability outside 0..1.
    """

    def __init__(
        self,
        seed: int = 0,
        p_announce: float = 0.1,
        p_vorbehalt: float = 0.1,
        uniform: bool = False,
        name: str | None = None,
    ) -> None:
        super().__init__(name if name is not None else f"Zufall {seed}")
        for label, p in (("p_announce", p_announce), ("p_vorbehalt", p_vorbehalt)):
            if not 0.0 <= p <= 1.0:
                raise ValueError(f"{label}: {p} is not a probability between 0 and 1")
        self.seed = seed
        self.p_announce = p_announce
        self.p_vorbehalt = p_vorbehalt
        self.uniform = uniform
        self.rng = random.Random(f"random-player:{seed}")
        self.decided: set[int] = set()  # announcement levels already decided in this game

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.rng = random.Random(f"random-player:{self.seed}:{seat}:{seed}")
        self.decided = set()

    def _announce(self, announcements: list[int]) -> int | None:
        """The next level if it is decided now and the draw says so, else ``None``."""
        if not announcements:
            return None
        action = min(announcements)
        if action in self.decided:
            return None
        self.decided.add(action)
        return action if self.rng.random() < self.p_announce else None

    def choose(self, info: InformationState) -> int:
        legal = info.legal_actions
        if self.uniform:
            return self.rng.choice(legal)
        if info.phase is Phase.VORBEHALT:
            others = [a for a in legal if a != Action.GESUND]
            if others and self.rng.random() < self.p_vorbehalt:
                return self.rng.choice(others)
            return Action.GESUND
        cards = [a for a in legal if Action.is_card(a)]
        announcements = [a for a in legal if Action.is_announcement(a)]
        announced = self._announce(announcements)
        return announced if announced is not None else self.rng.choice(cards)

    def react(self, info: InformationState) -> int | None:
        legal = [a for a in info.legal_actions if Action.is_announcement(a)]
        if not legal:
            return None
        if self.uniform:
            options: list[int | None] = [None, *legal]
            return self.rng.choice(options)
        return self._announce(legal)
