"""Inference over hidden hands: weight sampled deals by how likely the observed play was.

:class:`~doppelkopf.players.sampling.HandSampler` deals the unseen cards under the hard constraints
only (hand sizes, voids shown, parties, Schweine, Armut). A player's choices say more: a seat that
did not take a rich trick probably could not, a seat that said "gesund" probably has no solo
hand. This module scores each sampled deal by the likelihood of the other seats' observed actions
under a *model* of how they play, and weights (or resamples) the deals by it. This is the
inference of the Skat programs of Buro, Long, Furtak and Sturtevant ("Improving state evaluation,
inference, and search in trick-based card games", IJCAI 2009, section 4): the weight of a world
is the product over the opponents' moves of the model's probability of the move made.

**Model.** :class:`RulePolicyModel` takes the rule player
(:class:`~doppelkopf.players.rules_player.RuleBasedPlayer`) as the model: in the sampled deal it
rebuilds each other seat's information state at each of its decisions and asks the rule player
what it would do; the observed action gets probability ``1 - epsilon + epsilon / n`` if it is the
rule player's choice, else ``epsilon / n`` (``n`` legal actions). ``epsilon`` is the share of
moves the model expects the real player to deviate from the rule player; it keeps a deal the
model cannot explain possible instead of impossible.

**Which steps count.** The steps of the deal's history (:func:`~doppelkopf.players.sampling.rebuild_game`
then a replay of its ``history`` from ``initial_hands``) made by a seat other than the observer in
the Vorbehaltsabfrage and in play (cards, Schweine, announcements in turn). Not counted: the
Armut exchange and the bidding (the rebuild makes up the hidden parts), announcements out of
turn (asked through :meth:`Player.react`, which :class:`RulePolicyModel` does answer, but
silence out of turn leaves no step in the history).

The log-weights are computed per deal; :class:`WeightedSampler` draws ``candidates`` deals from
the uniform sampler, weights them and resamples by weight (sampling-importance-resampling).
:class:`ParticleFilter` keeps such deals across one game's decisions (experimental).

Measured with ``bench/bench_inference.py`` (rule-player self-play, ``ddv``, 160 positions): the
weighted deals put the true hidden cards at their seat more often than uniform ones (+0.054 of
the cards with ``epsilon = 0.1``, ``power = 0.3``); against search players, whose cards the rule
player predicts only about 43 % of the time, the weighting gains nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol

from ..game import Action, IllegalAction, InformationState, Phase
from ..rules import GameType
from .rules_player import RuleBasedPlayer
from .sampling import HandSampler, rebuild_game

#: Phases whose steps count in the likelihood (see the module docstring).
COUNTED_PHASES = (Phase.VORBEHALT, Phase.PLAY)


class PlayModel(Protocol):
    """A model of a seat's play: the probability of ``action`` given the seat's information state."""

    def probability(self, info: InformationState, action: int) -> float:
        """Probability in (0, 1] of ``action`` (one of ``info.legal_actions``) by ``info.seat``."""
        ...


class RulePolicyModel:
    """The rule player as the model of the other seats, with a share ``epsilon`` of uniform noise.

    ``probability(info, a) = (1 - epsilon) * [a is the rule player's choice] + epsilon / n`` where
    ``n = len(info.legal_actions)``; in turn (``info.current_player == info.seat``) the choice is
    :meth:`RuleBasedPlayer.choose`, out of turn :meth:`RuleBasedPlayer.react` (``None``: silent).
    ``epsilon_cards`` (default: ``epsilon``) is used instead for card plays: an opponent may play
    its cards unlike the rule player (a search player agrees on about half of them) while its
    Vorbehalt and announcements are the rule player's (``search-v1``); ``epsilon_cards = 1``
    ignores the card play. Raises ValueError unless both are in (0, 1].
    """

    def __init__(self, epsilon: float = 0.1, seed: int = 0, epsilon_cards: float | None = None) -> None:
        for name, value in (("epsilon", epsilon), ("epsilon_cards", epsilon_cards)):
            if value is not None and not 0.0 < value <= 1.0:
                raise ValueError(f"{name}: must be in (0, 1], got {value}")
        self.epsilon = epsilon
        self.epsilon_cards = epsilon if epsilon_cards is None else epsilon_cards
        self.player = RuleBasedPlayer(seed)

    def predict(self, info: InformationState) -> int | None:
        """The rule player's action for ``info.seat`` (``None``: silent out of turn)."""
        self.player.reset(info.seat, info.rules, None)
        if info.current_player == info.seat:
            return self.player.choose(info)
        return self.player.react(info)

    def probability(self, info: InformationState, action: int) -> float:
        n = max(1, len(info.legal_actions))
        predicted = self.predict(info)
        hit = 1.0 if predicted is not None and predicted == action else 0.0
        eps = self.epsilon_cards if Action.is_card(action) else self.epsilon
        return (1.0 - eps) * hit + eps / n


def play_log_likelihood(
    info: InformationState, hands: Sequence[Sequence[int]], model: PlayModel, rng: random.Random | None = None
) -> float:
    """Log-likelihood (natural log, <= 0) of the other seats' observed steps in the deal ``hands``
        (four current hands, e.g. from :meth:`HandSampler.sample`) under ``model``.

        The deal is rebuilt through the core (:func:`rebuild_game`) and its history replayed from
        the initial hands; at each counted step by a seat other than ``info.seat`` the seat's
        information state is taken and ``log model.probability(state, action)`` added (a step with one
    legal action counts 1, it tells nothing). Returns
        ``-inf`` when the deal cannot be rebuilt (an :class:`IllegalAction` from the rebuild)."""
    try:
        game = rebuild_game(info, hands, rng)
    except IllegalAction:
        return -math.inf
    replay = game.as_dealt()
    total = 0.0
    for seat, action in game.history:
        if seat != info.seat and replay.phase in COUNTED_PHASES:
            legal = replay.legal_actions(seat)
            if len(legal) > 1 and action in legal:  # a forced step tells nothing
                total += math.log(model.probability(replay.information_state(seat), action))
        replay.apply(action, seat)
    return total


def normalized_weights(log_weights: Sequence[float]) -> list[float]:
    """Weights summing to 1 from log-weights (max-shifted); uniform if every log-weight is ``-inf``."""
    top = max(log_weights, default=-math.inf)
    if top == -math.inf:
        return [1.0 / len(log_weights)] * len(log_weights) if log_weights else []
    raw = [math.exp(w - top) for w in log_weights]
    total = sum(raw)
    return [w / total for w in raw]


def effective_sample_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size ``1 / sum(w^2)`` of normalized ``weights`` (1..len)."""
    return 1.0 / sum(w * w for w in weights) if weights else 0.0


class WeightedSampler:
    """Deals of the unseen cards weighted by the likelihood of the observed play.

    Draws ``candidates`` deals from :class:`HandSampler` (uniform under the hard constraints),
    scores each with :func:`play_log_likelihood` under ``model`` and keeps them with their
    normalized weights (:attr:`deals`, :attr:`log_weights`, :attr:`weights`); :meth:`sample`
    resamples one deal by weight. ``power`` tempers the weights (``likelihood ** power``, 0 gives
    uniform, 1 the plain likelihood): with few candidates the plain likelihood puts nearly all
    weight on two or three deals. Raises ValueError when no deal fits ``info`` (as
    :class:`HandSampler`), for ``candidates < 1`` or for ``power < 0``.
    """

    def __init__(
        self,
        info: InformationState,
        model: PlayModel,
        rng: random.Random,
        candidates: int = 64,
        power: float = 1.0,
    ) -> None:
        if candidates < 1:
            raise ValueError(f"candidates: must be at least 1, got {candidates}")
        if power < 0:
            raise ValueError(f"power: must be at least 0, got {power}")
        sampler = HandSampler(info)
        self.deals = [sampler.sample(rng) for _ in range(candidates)]
        self.log_weights = [play_log_likelihood(info, d, model, rng) for d in self.deals]
        self.weights = normalized_weights([power * w if w > -math.inf else w for w in self.log_weights])

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal drawn with probability equal to its weight (a copy)."""
        deal = rng.choices(self.deals, weights=self.weights)[0]
        return [list(h) for h in deal]

    @property
    def effective_size(self) -> float:
        """Effective sample size of the weights (:func:`effective_sample_size`)."""
        return effective_sample_size(self.weights)


def card_placement_probabilities(
    info: InformationState, deals: Sequence[Sequence[Sequence[int]]], weights: Sequence[float]
) -> dict[tuple[int, int], float]:
    """Per ``(seat, card)`` of the other seats the weighted mean number of copies of ``card`` the
    seat holds, divided by the unseen copies of the card: the estimated probability that one
    unseen copy lies with that seat (the three seats sum to 1 per card)."""
    out: dict[tuple[int, int], float] = {}
    copies: dict[int, int] = {}
    others = [s for s in range(4) if s != info.seat]
    first = deals[0] if deals else [[], [], [], []]
    for s in others:
        for c in first[s]:
            copies[c] = copies.get(c, 0) + 1
    for deal, w in zip(deals, weights, strict=True):
        for s in others:
            for c in deal[s]:
                out[(s, c)] = out.get((s, c), 0.0) + w
    return {key: value / copies[key[1]] for key, value in out.items()}


def true_placement_scores(
    info: InformationState,
    true_hands: Sequence[Sequence[int]],
    probabilities: dict[tuple[int, int], float],
    floor: float = 1e-3,
) -> tuple[float, float]:
    """``(log_likelihood, share_correct)`` of the true hidden cards under ``probabilities`` (from
    :func:`card_placement_probabilities`): the sum over each unseen card copy of
    ``log max(floor, p(seat holding it, card))``, and the mean of ``p(true seat, card)``
    (the expected share of unseen copies a draw places at the right seat)."""
    ll = 0.0
    hit = 0.0
    n = 0
    for s in range(4):
        if s == info.seat:
            continue
        for c in true_hands[s]:
            p = probabilities.get((s, c), 0.0)
            ll += math.log(max(floor, p))
            hit += p
            n += 1
    return ll, (hit / n if n else 0.0)


__all__ = [
    "ParticleFilter",
    "PlayModel",
    "RulePolicyModel",
    "WeightedSampler",
    "card_placement_probabilities",
    "effective_sample_size",
    "normalized_weights",
    "play_log_likelihood",
    "true_placement_scores",
]


class _Particle:
    __slots__ = ("initial", "history", "logs")

    def __init__(self, initial: tuple[tuple[int, ...], ...], history: list[tuple[int, int]], logs: list[float]):
        self.initial = initial
        self.history = history
        self.logs = logs


class ParticleFilter:
    """:class:`WeightedSampler` kept across the decisions of one game (one observer seat).

    Each particle is a deal of the whole game (its initial hands). :meth:`update` with the
    observer's newest information state moves every particle to it: the current hands are the
    initial hands minus the cards played since. With ``repair`` (default) a card played by a seat
    that the particle had given to another hidden seat is swapped in (:meth:`_repair`), else the
    particle is dropped; a particle whose rebuild fails (a void shown, a party, a Schweine fact now
    contradicts it) is replaced by a fresh deal from :class:`HandSampler`. The model's
    probabilities of the steps already scored are kept while the rebuilt history starts the same
    way and the seat's hand was not changed by a swap. The weights are ``likelihood ** power`` as in
    :class:`WeightedSampler`; no resampling yet. In an Armut every update draws all particles
    afresh (the exchange is not tracked).

    Experimental, and not yet worth it: a uniform particle seldom holds the cards the other seats
    then play, so nearly every particle needs a swap (or, without ``repair``, about 45 of 48 are
    replaced) after each trick, the swapped seats must be rescored from the start, and an update
    costs about 70-80 % of a fresh :class:`WeightedSampler` (``bench_inference.py --filter-games``;
    rule self-play, ``ddv``). Repaired particles are no longer draws from the uniform proposal and
    their weights do not correct for that (a bias, not measured yet).

    Raises ValueError for ``particles < 1`` or ``power < 0``, and from :meth:`update` when no
    deal fits the information state.
    """

    def __init__(self, model: PlayModel, particles: int = 48, power: float = 0.3, repair: bool = True) -> None:
        if particles < 1:
            raise ValueError(f"particles: must be at least 1, got {particles}")
        if power < 0:
            raise ValueError(f"power: must be at least 0, got {power}")
        self.model = model
        self.size = particles
        self.power = power
        self.repair = repair
        self.particles: list[_Particle] = []
        self.deals: list[list[list[int]]] = []
        self.log_weights: list[float] = []
        self.weights: list[float] = []
        #: model calls made and particles replaced, since construction (for benchmarks)
        self.stats = {"model_calls": 0, "replaced": 0}

    def _score(
        self,
        info: InformationState,
        hands: list[list[int]],
        old: _Particle | None,
        rng: random.Random,
        changed: set[int] | None = None,
    ) -> _Particle | None:
        try:
            game = rebuild_game(info, hands, rng)
        except IllegalAction:
            return None
        history = list(game.history)
        logs: list[float] = []
        same = old is not None
        replay = game.as_dealt()
        for index, (seat, action) in enumerate(history):
            same = same and old is not None and index < len(old.history) and old.history[index] == (seat, action)
            value = 0.0
            if same and old is not None and (changed is None or seat not in changed):
                value = old.logs[index]
            elif seat != info.seat and replay.phase in COUNTED_PHASES:
                legal = replay.legal_actions(seat)
                if len(legal) > 1 and action in legal:
                    value = math.log(self.model.probability(replay.information_state(seat), action))
                    self.stats["model_calls"] += 1
            logs.append(value)
            replay.apply(action, seat)
        return _Particle(game.initial_hands, history, logs)

    def _repair(
        self, info: InformationState, particle: _Particle, played: list[list[int]]
    ) -> tuple[list[list[int]] | None, set[int]]:
        """The particle's current hands for ``info``: its initial hands minus the cards played. A
        card played by a seat that the particle gave to another hidden seat is swapped in: that
        seat gets instead a card of the player's (of the same group if it has one, not one it
        plays later). Returns the hands (``None`` if no swap fits) and the seats changed."""
        hands = [list(h) for h in particle.initial]
        changed: set[int] = set()
        group = info.order.group
        for seat in range(4):
            for k, card in enumerate(played[seat]):
                if card in hands[seat]:
                    hands[seat].remove(card)
                    continue
                if not self.repair:
                    return None, changed
                holder = next((t for t in range(4) if t not in (seat, info.seat) and card in hands[t]), None)
                later = played[seat][k + 1 :]
                spare = [c for c in hands[seat] if c not in later]
                if holder is None or not spare:
                    return None, changed
                same = [c for c in spare if group[c] == group[card]]
                give = (same or spare)[0]
                hands[holder].remove(card)
                hands[holder].append(give)
                hands[seat].remove(give)
                changed |= {seat, holder}
        return hands, changed

    def update(self, info: InformationState, rng: random.Random) -> None:
        """Move the particles to ``info`` (the same observer, later in the same game)."""
        played: list[list[int]] = [[], [], [], []]
        for trick in info.tricks:
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                played[seat].append(card)
        for seat, card in info.trick:
            played[seat].append(card)
        kept: list[_Particle] = []
        if info.game_type is GameType.ARMUT:
            self.particles = []  # the exchange moves cards between the initial and current hands: draw afresh
        for particle in self.particles:
            hands, changed = self._repair(info, particle, played)
            scored = self._score(info, hands, particle, rng, changed) if hands is not None else None
            if scored is None:
                self.stats["replaced"] += 1
            else:
                kept.append(scored)
        sampler: HandSampler | None = None
        while len(kept) < self.size:
            sampler = sampler or HandSampler(info)
            fresh = self._score(info, sampler.sample(rng), None, rng)
            if fresh is not None:
                kept.append(fresh)
        self.particles = kept
        self.deals = []
        for particle in kept:
            hands = [list(h) for h in particle.initial]
            for seat in range(4):
                for card in played[seat]:
                    hands[seat].remove(card)
            hands[info.seat] = list(info.hand)
            self.deals.append([sorted(h) for h in hands])
        self.log_weights = [sum(p.logs) for p in kept]
        self.weights = normalized_weights([self.power * w for w in self.log_weights])

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal of the current hands drawn with probability equal to its weight (a copy)."""
        deal = rng.choices(self.deals, weights=self.weights)[0]
        return [list(h) for h in deal]
