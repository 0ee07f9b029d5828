"""A player that picks random legal actions.

By default the choice is shaped so that random play gives games that look real: a Vorbehalt
(Hochzeit or a solo) only with probability ``p_vorbehalt``; each announcement level is decided
once, at the first chance to make it, and made with probability ``p_announce`` (so a seat says
Re or Kontra in about that share of games, and keine 90 after it in that share again); every
card is uniformly random among the legal ones. With
``uniform=True`` every legal action is equally likely (as in
:func:`doppelkopf.game.random_game`), and out of turn staying silent counts as one more option.

The decisions of the house rules (seeds 000 and 002; they only occur when the rule set has them)
are answered from the legal actions as well (so is a Pflichtsolo that must be played: a random
solo): the Schweine are announced as soon as that is legal
(before the first Karo-Ass they are often the only way on); a hand that may throw in (Schmeissen)
or declare an Armut does so with probability ``p_house``; an Armut is taken with probability
``p_take``; the cards laid for an Armut and given back are random legal ones; in the bidding for a
solo a seat raises with probability ``p_bid``; near the end of a game (at most
:data:`CLAIM_CARDS` cards in hand), the rest is claimed (Spielabkürzung) with probability
``p_claim`` whenever it may be: earlier a claim is rare at a real table, and the engine's check
of an early claim is a long search. When only announcements are legal (the Pflichtansage
of seed 002) the lowest one is made.

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
from ..rules import GameType, RuleSet
from .base import Player

#: Most cards in hand with which the random player considers claiming the rest.
CLAIM_CARDS = 4


def _is_house_vorbehalt(action: int) -> bool:
    """Schmeissen or an Armut: Vorbehalte a hand qualifies for, not a game chosen."""
    return action == Action.SCHMEISSEN or (Action.is_vorbehalt(action) and Action.game_type(action) is GameType.ARMUT)


class RandomPlayer(Player):
    """Random legal actions; deterministic for a fixed ``seed``.

    Args:
        seed: the player's seed (an int).
        p_announce: probability of making the next announcement level (Re/Kontra, then keine 90,
            ...) when it first becomes legal for the seat, in turn or out of turn; a level
            declined once is not made later in the game.
        p_vorbehalt: probability of answering the Vorbehaltsabfrage with a Vorbehalt that chooses
            a game (Hochzeit of any kind, a solo); which one is uniform among the legal ones.
        p_house: probability of Schmeissen or declaring an Armut when the hand allows one of them
            (asked before ``p_vorbehalt``).
        p_take: probability of taking an Armut when asked.
        p_bid: probability of raising in the bidding for a solo.
        p_claim: probability of claiming the rest at each chance with at most
            :data:`CLAIM_CARDS` cards in hand.
        uniform: ignore all knobs and choose uniformly among all legal actions.
        name: display name (default ``Zufall <seed>``).

    Raises :class:`ValueError` naming the knob for a probability outside 0..1.
    """

    def __init__(
        self,
        seed: int = 0,
        p_announce: float = 0.1,
        p_vorbehalt: float = 0.1,
        uniform: bool = False,
        name: str | None = None,
        p_house: float = 0.5,
        p_take: float = 0.3,
        p_bid: float = 0.3,
        p_claim: float = 0.05,
    ) -> None:
        super().__init__(name if name is not None else f"Zufall {seed}")
        knobs = (
            ("p_announce", p_announce),
            ("p_vorbehalt", p_vorbehalt),
            ("p_house", p_house),
            ("p_take", p_take),
            ("p_bid", p_bid),
            ("p_claim", p_claim),
        )
        for label, p in knobs:
            if isinstance(p, bool) or not isinstance(p, int | float):
                raise ValueError(f"{label}: must be a probability (a number between 0 and 1), got {p!r}")
            if not 0.0 <= p <= 1.0:
                raise ValueError(f"{label}: {p} is not a probability between 0 and 1")
        self.seed = seed
        self.p_announce = p_announce
        self.p_vorbehalt = p_vorbehalt
        self.p_house = p_house
        self.p_take = p_take
        self.p_bid = p_bid
        self.p_claim = p_claim
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
            return self._vorbehalt(legal)
        if info.phase is Phase.ARMUT:
            if Action.ARMUT_TAKE in legal:
                return Action.ARMUT_TAKE if self.rng.random() < self.p_take else Action.ARMUT_REFUSE
            return self.rng.choice(legal)  # a card to lay or to give back
        if info.phase is Phase.BIDDING:
            if Action.BID in legal and self.rng.random() < self.p_bid:
                return Action.BID
            return Action.PASS
        if Action.SCHWEINE in legal:
            return Action.SCHWEINE
        genscher = [a for a in legal if Action.is_genscher(a)]
        if genscher and self.rng.random() < 0.5:  # rule genscher: name a partner, half of the time
            return self.rng.choice(genscher)
        announcements = [a for a in legal if Action.is_announcement(a)]
        announced = self._announce(announcements)
        if announced is not None:
            return announced
        if info.phase is Phase.CONCESSION:
            return Action.PASS  # the soloist gave up (TSR 5.4.7): announce or pass
        if Action.CLAIM in legal and len(info.hand) <= CLAIM_CARDS and self.rng.random() < self.p_claim:
            return Action.CLAIM
        cards = [a for a in legal if Action.is_card(a)]
        if cards:
            return self.rng.choice(cards)
        if announcements:
            return min(announcements)  # the Pflichtansage: an announcement is all that is legal
        return self.rng.choice(legal)

    def _vorbehalt(self, legal: tuple[int, ...]) -> int:
        if Action.GESUND not in legal:
            return self.rng.choice(legal)  # vorgeführt (TSR 4.2.3): a solo of its choice
        others = [a for a in legal if a != Action.GESUND]
        house = [a for a in others if _is_house_vorbehalt(a)]
        if house and self.rng.random() < self.p_house:
            return self.rng.choice(house)
        games = [a for a in others if not _is_house_vorbehalt(a)]
        if games and self.rng.random() < self.p_vorbehalt:
            return self.rng.choice(games)
        return Action.GESUND

    def react(self, info: InformationState) -> int | None:
        legal = [a for a in info.legal_actions if Action.is_announcement(a)]
        if not legal:
            return None
        if self.uniform:
            options: list[int | None] = [None, *legal]
            return self.rng.choice(options)
        return self._announce(legal)
