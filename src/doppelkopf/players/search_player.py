"""A search player: perfect-information Monte-Carlo (PIMC) over sampled deals.

**Method.** For each card decision the player draws deals of the hidden cards that are consistent
with everything it has seen (:class:`~doppelkopf.players.base.HandSampler`: played cards, voids
shown, a Kreuz-Dame shown and the parties, announcements, the Armut exchange, Schweine), rebuilds
each deal as a full :class:`~doppelkopf.game.Game` through the core
(:func:`~doppelkopf.players.base.rebuild_game`, so every rule is the core's), evaluates every legal
card in every deal with all hands open, and plays the card with the best mean. This is the scheme
of Ginsberg's GIB for bridge (Ginsberg, "GIB: Imperfect information in a computationally
challenging game", JAIR 14, 2001) that also drives the strongest Skat programs (Buro, Long,
Furtak, Sturtevant, "Improving state evaluation, inference, and search in trick-based card games",
IJCAI 2009), and is the determinization baseline of the Doppelkopf UCT player of Sievers and
Helmert ("A Doppelkopf player based on UCT", KI 2015).

**Evaluation of a card in one deal.**

* Late in the game (at most ``solver_tricks`` tricks left, the Hochzeit partner found): the exact
  double-dummy value from :func:`doppelkopf.fast.solver.card_values`: the Augen the player's party
  ends with if both parties play perfectly after that card.
* Earlier: the mean Punkte of the player's seat over ``rollouts`` continuations played by the
  compiled kernel's greedy policy (:func:`doppelkopf.fast.kernel.rollout_values`, ``"greedy"``:
  take a trick cheaply, schmieren on the partner's trick, else throw the fewest Augen). An exact
  search of ten or more tricks per card and deal costs more than the budget of one second.
* When a compiled module is missing or refuses the position (an unmirrored option, a Hochzeit
  without its partner), a pure-Python fallback plays random legal cards through the core.

**Augen to Punkte.** Punkte depend on the Augen only through thresholds (121/120, 90, 60, 30,
TSR 7.1-7.2), so a mean of Augen would trade a sure win for a gamble on more Augen. The solver's
Augen are therefore converted to the Punkte the core scores for them
(:func:`doppelkopf.scoring.score` of a summary with these Augen, the sampled parties and the
announcements made; no Sonderpunkte, tricks unknown), plus a tie-break of ``0.001`` per Auge so
that among cards of equal Punkte the one with more Augen wins. Rollouts give Punkte directly.
Averaging Punkte over deals maximizes the expected score, which is what the list counts.

**Known weaknesses** (Frank and Basin, "Search in games with incomplete information: a case study
using Bridge card play", AIJ 100, 1998; Long, Sturtevant, Buro, Furtak, "Understanding the success
of perfect information Monte Carlo sampling in game tree search", AAAI 2010): *strategy fusion*
(each deal is solved as if the player could play differently in each, so it overvalues keeping
options open) and *non-locality* (the opponents' play is taken as if they, too, saw all hands).
Long et al. show that PIMC is nevertheless strong in games like Skat and Doppelkopf, where the
hidden information shrinks fast (high disambiguation) and leaf correlation is high. The sampler
itself is the inference: it only deals what the rules allow (voids, parties, Schweine), not what
the opponents' choices make likely.

**Other decisions** (Vorbehalt, Armut, bidding, announcements in turn and out of turn
(:meth:`SearchPlayer.react`), Schweine, claim, the Pflichtansage) are delegated to
:class:`~doppelkopf.players.rules_player.RuleBasedPlayer`. PIMC is badly calibrated for them: a
double-dummy evaluation of a solo or of an announcement assumes that the defenders (or the
announcer's side) always find the best card, which the strategy-fusion error makes the declarer
side look stronger than it is, and a wrong solo or announcement costs double or triple Punkte.
The rule player's thresholds were set by self-play and err on the cautious side.

**Determinism and budget.** The deals come from a generator seeded with the player's seed, seat,
the game seed and the number of cards played, so the same seed gives the same choices. The budget
per decision is ``samples`` deals (deterministic); ``time_per_move`` (seconds, optional) stops
sampling early, which makes the choice depend on the machine's speed. The defaults stay well under
one second per decision on one core of the reference machine (see ``bench/``).

>>> from doppelkopf.rules import DDV
>>> from doppelkopf.game import Game
>>> from doppelkopf.players.runner import play_game
>>> from doppelkopf.players.rules_player import RuleBasedPlayer
>>> players = [search_level("easy", 1), RuleBasedPlayer(1), RuleBasedPlayer(2), RuleBasedPlayer(3)]
>>> sum(play_game(Game.new(DDV, seed=5), players).score().points)
0
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..game import Action, Game, IllegalAction, InformationState, Phase
from ..rules import Party, RuleSet
from ..scoring import GameSummary, score
from ..values import PerRuleSet
from .base import HandSampler, Player, rebuild_game
from .rules_player import RuleBasedPlayer

#: Punkte added per Auge to break ties between cards of equal Punkte (see the module docstring).
AUGEN_TIE_BREAK = 0.001

_fast: dict[str, Any] = {}


def _fast_module(name: str) -> Any:
    """The compiled module ``doppelkopf.fast.<name>`` or ``None`` if it cannot be imported (numba
    missing, module not built); imported once, on first use, so ``import doppelkopf`` stays fast."""
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


class SearchPlayer(Player):
    """Perfect-information Monte-Carlo card play (see the module docstring).

    Args:
        seed: seeds the deals drawn (same seed, same choices).
        samples: deals drawn per card decision (at least 1).
        time_per_move: optional limit in seconds per decision; sampling stops when it is reached
            (at least one deal is always evaluated). ``None``: samples only (deterministic).
        rollouts: kernel continuations per card and deal before the solver takes over.
        solver_tricks: tricks left (the current one included) from which on cards are valued by
            the exact solver; 0 never uses it.
        name: display name (default ``Suche <seed>``).

    Raises :class:`ValueError` for ``samples < 1``, ``rollouts < 1``, ``solver_tricks < 0`` or a
    ``time_per_move`` that is not positive.
    """

    def __init__(
        self,
        seed: int = 0,
        samples: int = 24,
        time_per_move: float | None = None,
        rollouts: int = 16,
        solver_tricks: int = 5,
        name: str | None = None,
    ) -> None:
        super().__init__(name if name is not None else f"Suche {seed}")
        for label, value in (("samples", samples), ("rollouts", rollouts), ("solver_tricks", solver_tricks)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{label}: must be a whole number, got {value!r}")
        numeric = isinstance(time_per_move, int | float) and not isinstance(time_per_move, bool)
        if time_per_move is not None and not numeric:
            raise ValueError(f"time_per_move: must be seconds (a number) or None, got {time_per_move!r}")
        if samples < 1:
            raise ValueError(f"samples: at least 1 deal per decision, got {samples}")
        if rollouts < 1:
            raise ValueError(f"rollouts: at least 1 continuation per card, got {rollouts}")
        if solver_tricks < 0:
            raise ValueError(f"solver_tricks: must be 0 or more, got {solver_tricks}")
        if time_per_move is not None and time_per_move <= 0:
            raise ValueError(f"time_per_move: must be positive seconds or None, got {time_per_move}")
        self.seed = seed
        self.samples = samples
        self.time_per_move = time_per_move
        self.rollouts = rollouts
        self.solver_tricks = solver_tricks
        self.rule = RuleBasedPlayer(seed)
        #: decisions searched, deals evaluated and deals that could not be rebuilt (for benchmarks)
        self.stats = {"decisions": 0, "deals": 0, "rejected": 0, "fallbacks": 0}
        self._punkte_cache: dict[tuple[Any, ...], float] = {}

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.rule.reset(seat, rules, seed)
        self._punkte_cache = {}

    # -- interface ---------------------------------------------------------------------------
    def choose(self, info: InformationState) -> int:
        if info.phase is not Phase.PLAY:
            return self.rule.choose(info)
        suggestion = self.rule.choose(info)
        if not Action.is_card(suggestion):
            return suggestion  # Schweine, an announcement, a claim, the Pflichtansage
        cards = [a for a in info.legal_actions if Action.is_card(a)]
        if len(cards) == 1:
            return cards[0]
        values = self.card_values(info, cards)
        if not values:
            self.stats["fallbacks"] += 1
            return suggestion
        best = max(values.values())
        top = [c for c in cards if values[c] >= best - 1e-9]
        card = suggestion if suggestion in top else min(top)
        if card == Card.KARO_ASS and Action.SCHWEINE in info.legal_actions:
            return Action.SCHWEINE  # optional Schweine come with the first of them (the search counts them so)
        return card

    def react(self, info: InformationState) -> int | None:
        return self.rule.react(info)

    # -- search ------------------------------------------------------------------------------
    def card_values(self, info: InformationState, cards: list[int]) -> dict[int, float]:
        """Mean value (Punkte, see the module docstring) of each of ``cards`` over the deals
        drawn for ``info``; empty when no deal could be drawn or rebuilt."""
        self.stats["decisions"] += 1
        played = sum(len(t.cards) for t in info.tricks) + len(info.trick)
        rng = random.Random(f"search:{self.seed}:{info.seat}:{self.game_seed}:{played}")
        try:
            sampler = HandSampler(info)
        except ValueError:
            return {}
        start = time.perf_counter()
        totals = dict.fromkeys(cards, 0.0)
        deals = 0
        for _ in range(self.samples):
            if self.time_per_move is not None and deals and time.perf_counter() - start > self.time_per_move:
                break
            try:
                game = rebuild_game(info, sampler.sample(rng))
            except (ValueError, IllegalAction):
                self.stats["rejected"] += 1
                continue
            values = self._evaluate(game, cards, rng.getrandbits(48))
            for card in cards:
                totals[card] += values[card]
            deals += 1
        self.stats["deals"] += deals
        if not deals:
            return {}
        return {card: total / deals for card, total in totals.items()}

    def _evaluate(self, game: Game, cards: list[int], seed: int) -> dict[int, float]:
        """Value of each card in one deal (all hands known): Punkte for the player's seat."""
        left = len(game.hands[self.seat])
        solver = _fast_module("solver") if left <= self.solver_tricks and not game.partner_open else None
        if solver is not None:
            try:
                augen = solver.card_values(game)
            except ValueError:
                augen = None
            if augen is not None and all(c in augen for c in cards):
                return {c: self._augen_punkte(game, augen[c]) for c in cards}
        return {c: self._rollout(game, c, seed) for c in cards}

    def _augen_punkte(self, game: Game, augen: int) -> float:
        """Punkte of the player's seat when its party ends with ``augen`` (core scoring, no
        Sonderpunkte), plus the Augen tie-break."""
        me = self.seat
        re_seats = frozenset(s for s in range(4) if game.party[s] is Party.RE)
        augen_re = augen if game.party[me] is Party.RE else 240 - augen
        key = (game.game_type, re_seats, augen_re, game.levels[0], game.levels[1])
        punkte = self._punkte_cache.get(key)
        if punkte is None:
            summary = GameSummary(game.game_type, re_seats, augen_re, None, None, (game.levels[0], game.levels[1]))
            punkte = float(score(summary, game.rules).points[me])
            self._punkte_cache[key] = punkte
        return punkte + AUGEN_TIE_BREAK * augen

    def _rollout(self, game: Game, card: int, seed: int) -> float:
        """Mean Punkte of the player's seat after ``card`` over the continuations."""
        after = game.clone()
        after.apply(card)
        if after.is_terminal:
            return float(after.score().points[self.seat])
        kernel = _fast_module("kernel")
        if kernel is not None and not after.partner_open:
            if after.rules.pflichtansage:
                # the kernel makes no announcements during play; the Pflichtansage only forces one,
                # it does not change the score of a continuation without announcements
                after.rules = _WITHOUT_PFLICHTANSAGE.get(after.rules)
            try:
                return float(kernel.rollout_values(after, self.rollouts, seed, "greedy")[self.seat])
            except ValueError:
                pass
        return _python_rollouts(after, self.seat, max(2, self.rollouts // 4), random.Random(seed))


#: The rule set without the Pflichtansage, made once per rule set (not once per rollout).
_WITHOUT_PFLICHTANSAGE: PerRuleSet[RuleSet] = PerRuleSet(lambda rules: rules.replace(pflichtansage=False))


def _python_rollouts(game: Game, seat: int, k: int, rng: random.Random) -> float:
    """Mean Punkte of ``seat`` over ``k`` continuations of ``game`` with random legal cards (the
    fallback when the compiled kernel is missing or refuses the position)."""
    total = 0.0
    for _ in range(k):
        g = game.clone()
        while not g.is_terminal:
            actions = g.legal_actions()
            cards = [a for a in actions if Action.is_card(a)]
            g.apply(rng.choice(cards) if cards else min(actions))
        total += g.score().points[seat]
    return total / k


#: The search levels: keyword arguments of :class:`SearchPlayer` (see :func:`search_level`).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"samples": 4, "rollouts": 4, "solver_tricks": 3},
    "normal": {"samples": 16, "rollouts": 12, "solver_tricks": 5},
    "strong": {"samples": 32, "rollouts": 24, "solver_tricks": 6, "time_per_move": 1.0},
}


def search_level(level: str, seed: int = 0) -> Player:
    """A :class:`SearchPlayer` of ``level`` seeded with ``seed``:

    * ``"easy"``: 4 deals per decision, 4 kernel rollouts per card, the solver in the last 3 tricks;
      fast (a few ms per decision) and noticeably weaker;
    * ``"normal"``: 16 deals, 12 rollouts, the solver in the last 5 tricks;
    * ``"strong"``: 32 deals, 24 rollouts, the solver in the last 6 tricks, at most one second per
      decision (``time_per_move = 1.0``; the only level whose choices may depend on the machine).

    Raises :class:`ValueError` naming ``level`` for any other name."""
    try:
        options = LEVELS[level]
    except KeyError:
        raise ValueError(f"level: unknown {level!r}; expected one of: {', '.join(LEVELS)}") from None
    return SearchPlayer(seed=seed, name=f"Suche {level} {seed}", **options)


def search_factory(**defaults: Any) -> Callable[..., Player]:
    """A factory ``factory(seed, **options) -> SearchPlayer`` with ``defaults`` (for registries)."""

    def factory(seed: int = 0, **options: Any) -> Player:
        return SearchPlayer(seed=seed, **{**defaults, **options})

    return factory
