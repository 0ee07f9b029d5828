"""A search player: perfect-information Monte-Carlo (PIMC) over sampled deals.

**Method.** For each card decision the player draws deals of the hidden cards that are consistent
with everything it has seen (:class:`~doppelkopf.players.sampling.HandSampler`: played cards, voids
shown, a Kreuz-Dame shown and the parties, announcements, the Armut exchange, Schweine), rebuilds
each deal as a full :class:`~doppelkopf.game.Game` through the core
(:func:`~doppelkopf.players.sampling.rebuild_game`, so every rule is the core's), evaluates every legal
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
  take a trick cheaply, schmieren on the partner's trick, else throw the fewest Augen; the option
  ``rollout_policy`` names another policy of the kernel). An exact
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
the opponents' choices make likely; with the option ``location_model`` (``search-v3``) it draws more deals
than it evaluates and keeps them by a learned model of where the unseen cards are, given the play so far
(:mod:`~doppelkopf.players.location_model`).

**Other decisions** (Vorbehalt, Armut, bidding, announcements in turn and out of turn
(:meth:`SearchPlayer.react`), Schweine, claim, the Pflichtansage) are delegated to
:class:`~doppelkopf.players.rules_player.RuleBasedPlayer`. PIMC is badly calibrated for them: a
double-dummy evaluation of a solo or of an announcement assumes that the defenders (or the
announcer's side) always find the best card, which the strategy-fusion error makes the declarer
side look stronger than it is, and a wrong solo or announcement costs double or triple Punkte.
The rule player's thresholds were set by self-play and err on the cautious side. With the option
``vorbehalt_search`` the Vorbehalt is searched instead (:mod:`~doppelkopf.players.vorbehalt_search`:
expected Punkte per candidate game by kernel rollouts in which no seat sees hidden cards, calibrated
on self-play, declared only against the rule player's answer with a margin); ``search-v1`` keeps it
off. With the option ``announce_search`` Re/Kontra and the Absagen (in turn, out of turn, as
Erwiderung) are searched (:mod:`~doppelkopf.players.announce_search`: expected Punkte with and
without the announcement over sampled deals, kernel rollouts, announced only above a margin);
``search-v1`` keeps that off too. With the option ``announce_model`` (``search-v3``) Re and Kontra come
from a model learned from self-play (:mod:`~doppelkopf.players.value_model`: the distribution of the
party's result with and without the announcement, from the information state only).

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

import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from ..cards import Card, deck
from ..game import Action, Game, IllegalAction, InformationState, Phase
from ..rules import GameType, Party, RuleSet
from ..scoring import GameSummary, score
from .base import Player
from .rollout import WITHOUT_PFLICHTANSAGE, continuation_value, fast_module
from .rules_player import RuleBasedPlayer
from .sampling import HandSampler, rebuild_game

#: Punkte added per Auge to break ties between cards of equal Punkte (see the module docstring).
AUGEN_TIE_BREAK = 0.001

#: Policies of the kernel's continuations a search player may use for its cards (the names of
#: :func:`doppelkopf.fast.kernel.rollouts`): ``"greedy"`` (``search-v1`` and ``search-v2``) sees
#: only the trick, ``"informed"`` also the hands of the seats still to play in it (an option: it
#: played no better, docs/search.md).
ROLLOUT_POLICIES = ("greedy", "informed", "random")

#: Bounds of the search options (a decision stays within minutes even at the bounds).
MAX_SAMPLES = 10_000
MAX_ROLLOUTS = 100_000
MAX_SOLVER_TRICKS = 8

_warmed: set[RuleSet] = set()


def warm_up(rules: RuleSet) -> None:
    """Load the compiled kernel and solver for ``rules`` once per process (numba reads its cache or
    compiles: 0.5 to 1.5 s on the first call), so that no decision pays for it. Called by
    :meth:`SearchPlayer.reset`; a no-op after the first call with the same rule set, and when the
    compiled modules are missing (the Python fallback needs nothing)."""
    if rules in _warmed:
        return
    _warmed.add(rules)
    kernel, solver = fast_module("kernel"), fast_module("solver")
    if kernel is None or solver is None:
        return
    cards = sorted(int(c) for c in deck(rules.with_nines))
    game = Game(WITHOUT_PFLICHTANSAGE.get(rules), [cards[seat::4] for seat in range(4)], 3)
    try:
        while game.phase is not Phase.PLAY and not game.is_terminal:
            legal = game.legal_actions(game.current_player)
            game.apply(Action.GESUND if Action.GESUND in legal else legal[0], game.current_player)
        if game.is_terminal:
            return
        kernel.rollout_values(game, 1, 0, "greedy")
        while not game.is_terminal and len(game.hands[game.current_player]) > 2:
            seat = game.current_player
            game.apply(min(a for a in game.legal_actions(seat) if not Action.is_announcement(a)), seat)
        if not game.is_terminal and game.phase is Phase.PLAY:
            solver.card_values(game)
    except (ValueError, IllegalAction):  # a rule set the fast paths refuse: they are not used then
        return


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
        solver_samples: deals per decision where a deal costs the most (at most ``samples``;
            ``None``: ``samples``): once the solver values the cards (exact values vary less
            between deals than rollouts do), and while a Hochzeit looks for its partner (TSR 4.4:
            the kernel cannot play that part, so Python plays random cards through the core, about
            20x slower). ``search-v2`` draws 16 there: its slowest decisions took about 0.4 s
            on the reference machine (docs/search.md), where 64 deals took 1.5 s.
        vorbehalt_search: search the Vorbehalt (:mod:`~doppelkopf.players.vorbehalt_search`)
            instead of taking the rule player's answer; off by default (``search-v1`` keeps it off).
        vorbehalt_samples, vorbehalt_rollouts: deals and kernel continuations per candidate and deal.
        vorbehalt_margin: Punkte by which a candidate must beat the rule player's answer.
        vorbehalt_z: standard errors (paired over the deals) by which it must beat it.
        vorbehalt_prefilter: soli with a rule-player
            :func:`~doppelkopf.players.rules_player.solo_margin` below this are not evaluated
            (``None``: all are).
        vorbehalt_calibration: Punkte added per game type (by name) to the estimates, e.g.
            :data:`~doppelkopf.players.vorbehalt_search.DDV_CALIBRATION`; ``"ddv"`` names that one;
            ``None``: no offsets.
        pflichtsolo_timing: with ``vorbehalt_search``, time the Pflichtsolo (TSR 4.2.3): a seat that
            still owes it and is not vorgeführt evaluates every solo and gives each the bonus of
            :func:`~doppelkopf.players.vorbehalt_search.pflichtsolo_bonus` (the value of waiting
            for a better hand against the risk of the Vorführung). Acts only when the information
            state says a Pflichtsolo is owed and how many games are left (a game of a session).
        announce_search: decide Re/Kontra and the Absagen (in turn, out of turn and as Erwiderung)
            by search (:mod:`~doppelkopf.players.announce_search`) instead of the rule player; off
            by default (``search-v1`` keeps it off). Searched once per own hand size, trick and
            number of announcements made, while the engine offers an announcement.
        announce_samples, announce_rollouts: deals and kernel continuations per branch and deal.
        announce_margin: Punkte by which announcing must beat announcing nothing now.
        announce_z: paired standard errors by which it must beat it.
        announce_replies: let the other seats answer at once as the rule player would.
        announce_baseline: ``"wait"``: an announcement must beat announcing nothing now;
            ``"rule"``: the rule player's answer stands unless the search beats it (both ways).
        rollout_policy: policy of the kernel's continuations that value the cards before the
            solver takes over, one of :data:`ROLLOUT_POLICIES` (``search-v1``: ``"greedy"``).
        announce_model: decide the announcements up to ``learned_levels`` from the learned value of the
            information state (:mod:`~doppelkopf.players.value_model`; ``search-v3``): ``"default"`` the shipped
            model, else the path of an ``.npz`` file; ``None`` (default) off. Where the model does not
            value the game (a solo, an open Hochzeit) the rule player decides.
        learned_margin: Punkte by which an announcement's expected value must beat announcing nothing
            now (the value of waiting, which the model does not see).
        learned_levels: the highest announcement level the model decides (1: Re and Kontra, also as
            Erwiderung; 2..5 the Absagen up to schwarz); the levels above it stay the rule player's.
        location_model: draw the deals of the card search by the learned card-location model
            (:mod:`~doppelkopf.players.location_model`): ``"default"`` the shipped model, else the path of an
            ``.npz`` file; ``None`` (default) uniform deals under the hard constraints only.
        location_candidates: with ``location_model``, uniform deals drawn per deal evaluated (the kept ones
            are resampled from them by the model's weight; at least 1).
        location_power: the power of the model's likelihood in the weights (0: uniform, 1: the likelihood).

    Raises :class:`ValueError` naming the option for ``samples < 1``, ``rollouts < 1``,
    ``solver_tricks`` outside 0..8, more than 10,000 deals or 100,000 rollouts, a
    ``time_per_move`` that is not positive, ``vorbehalt_samples``, ``vorbehalt_rollouts``,
    ``announce_samples``, ``announce_rollouts`` or ``location_candidates`` below 1, more than 10,000 deals
    drawn with ``location_candidates``, a flag that is not true or false, a
    margin or z below 0, an unknown ``vorbehalt_calibration`` name, game type or offset, an
    unknown ``announce_baseline``, an unknown ``rollout_policy`` or an ``announce_model`` or
    ``location_model`` that is neither ``"default"`` nor a file.
    """

    def __init__(
        self,
        seed: int = 0,
        samples: int = 24,
        time_per_move: float | None = None,
        rollouts: int = 16,
        solver_tricks: int = 5,
        name: str | None = None,
        solver_samples: int | None = None,
        vorbehalt_search: bool = False,
        vorbehalt_samples: int = 12,
        vorbehalt_rollouts: int = 8,
        vorbehalt_margin: float = 1.0,
        vorbehalt_z: float = 1.0,
        vorbehalt_prefilter: float | None = -4.0,
        vorbehalt_calibration: dict[str, float] | str | None = None,
        pflichtsolo_timing: bool = True,
        announce_search: bool = False,
        announce_samples: int = 8,
        announce_rollouts: int = 8,
        announce_margin: float = 0.5,
        announce_z: float = 1.0,
        announce_replies: bool = True,
        announce_baseline: str = "wait",
        rollout_policy: str = "greedy",
        announce_model: str | None = None,
        learned_margin: float = 1.0,
        learned_levels: int = 1,
        location_model: str | None = None,
        location_candidates: int = 4,
        location_power: float = 1.0,
    ) -> None:
        super().__init__(name if name is not None else f"Suche {seed}")
        whole = (
            ("samples", samples),
            ("rollouts", rollouts),
            ("solver_tricks", solver_tricks),
            ("solver_samples", 1 if solver_samples is None else solver_samples),
            ("vorbehalt_samples", vorbehalt_samples),
            ("vorbehalt_rollouts", vorbehalt_rollouts),
            ("announce_samples", announce_samples),
            ("announce_rollouts", announce_rollouts),
            ("location_candidates", location_candidates),
        )
        for label, value in whole:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{label}: must be a whole number, got {value!r}")
        numeric = isinstance(time_per_move, int | float) and not isinstance(time_per_move, bool)
        if time_per_move is not None and not numeric:
            raise ValueError(f"time_per_move: must be seconds (a number) or None, got {time_per_move!r}")
        if samples < 1:
            raise ValueError(f"samples: at least 1 deal per decision, got {samples}")
        if rollouts < 1:
            raise ValueError(f"rollouts: at least 1 continuation per card, got {rollouts}")
        for label, count in (
            ("vorbehalt_samples", vorbehalt_samples),
            ("vorbehalt_rollouts", vorbehalt_rollouts),
            ("announce_samples", announce_samples),
            ("announce_rollouts", announce_rollouts),
            ("location_candidates", location_candidates),
        ):
            if count < 1:
                raise ValueError(f"{label}: at least 1, got {count}")
        flags = (
            ("vorbehalt_search", vorbehalt_search),
            ("pflichtsolo_timing", pflichtsolo_timing),
            ("announce_search", announce_search),
            ("announce_replies", announce_replies),
        )
        for label, flag in flags:
            if not isinstance(flag, bool):
                raise ValueError(f"{label}: must be true or false, got {flag!r}")
        for label, number in (
            ("vorbehalt_margin", vorbehalt_margin),
            ("vorbehalt_z", vorbehalt_z),
            ("announce_margin", announce_margin),
            ("announce_z", announce_z),
            ("learned_margin", learned_margin),
            ("location_power", location_power),
        ):
            if isinstance(number, bool) or not isinstance(number, int | float) or not 0 <= number < math.inf:
                raise ValueError(f"{label}: must be a number of 0 or more, got {number!r}")
        if vorbehalt_prefilter is not None and (
            isinstance(vorbehalt_prefilter, bool)
            or not isinstance(vorbehalt_prefilter, int | float)
            or not math.isfinite(vorbehalt_prefilter)
        ):
            raise ValueError(f"vorbehalt_prefilter: must be a number or None, got {vorbehalt_prefilter!r}")
        if solver_samples is not None and solver_samples < 1:
            raise ValueError(f"solver_samples: at least 1 deal per decision or None, got {solver_samples}")
        if not 0 <= solver_tricks <= MAX_SOLVER_TRICKS:
            raise ValueError(
                f"solver_tricks: must be 0..{MAX_SOLVER_TRICKS} (the exact solver takes seconds per deal with "
                f"more tricks left), got {solver_tricks}"
            )
        for label, count in (
            ("samples", samples),
            ("solver_samples", solver_samples or 1),
            ("vorbehalt_samples", vorbehalt_samples),
            ("announce_samples", announce_samples),
        ):
            if count > MAX_SAMPLES:
                raise ValueError(f"{label}: at most {MAX_SAMPLES} deals per decision, got {count}")
        for label, count in (
            ("rollouts", rollouts),
            ("vorbehalt_rollouts", vorbehalt_rollouts),
            ("announce_rollouts", announce_rollouts),
        ):
            if count > MAX_ROLLOUTS:
                raise ValueError(f"{label}: at most {MAX_ROLLOUTS} continuations per deal, got {count}")
        if time_per_move is not None and time_per_move <= 0:
            raise ValueError(f"time_per_move: must be positive seconds or None, got {time_per_move}")
        if rollout_policy not in ROLLOUT_POLICIES:
            raise ValueError(
                f"rollout_policy: unknown {rollout_policy!r}; expected one of: {', '.join(ROLLOUT_POLICIES)}"
            )
        self.rollout_policy = rollout_policy
        self.seed = seed
        self.samples = samples
        self.time_per_move = time_per_move
        self.rollouts = rollouts
        self.solver_tricks = solver_tricks
        self.solver_samples = solver_samples
        self.rule = RuleBasedPlayer(seed)
        self.vorbehalt_search = vorbehalt_search
        self.vorbehalt_samples = vorbehalt_samples
        self.vorbehalt_rollouts = vorbehalt_rollouts
        self.vorbehalt_margin = float(vorbehalt_margin)
        self.vorbehalt_z = float(vorbehalt_z)
        self.vorbehalt_prefilter = vorbehalt_prefilter
        if vorbehalt_calibration == "ddv":
            from .vorbehalt_search import DDV_CALIBRATION

            vorbehalt_calibration = DDV_CALIBRATION
        if isinstance(vorbehalt_calibration, str):
            raise ValueError(
                f"vorbehalt_calibration: unknown {vorbehalt_calibration!r}; expected 'ddv', a dict or None"
            )
        if vorbehalt_calibration is not None:
            if not isinstance(vorbehalt_calibration, dict):
                raise ValueError(
                    f"vorbehalt_calibration: expected 'ddv', a dict or None, got {vorbehalt_calibration!r}"
                )
            names = {t.name for t in GameType}
            for key, offset in vorbehalt_calibration.items():
                if key not in names:
                    raise ValueError(
                        f"vorbehalt_calibration: unknown game type {key!r}; expected one of {sorted(names)}"
                    )
                if isinstance(offset, bool) or not isinstance(offset, int | float) or not math.isfinite(offset):
                    raise ValueError(f"vorbehalt_calibration: {key}: must be Punkte (a number), got {offset!r}")
        self.vorbehalt_calibration = vorbehalt_calibration
        self.pflichtsolo_timing = pflichtsolo_timing
        self.announce_search = announce_search
        self.announce_samples = announce_samples
        self.announce_rollouts = announce_rollouts
        self.announce_margin = float(announce_margin)
        self.announce_z = float(announce_z)
        self.announce_replies = announce_replies
        if announce_baseline not in ("wait", "rule"):
            raise ValueError(f"announce_baseline: unknown {announce_baseline!r}; expected 'wait' or 'rule'")
        self.announce_baseline = announce_baseline
        if announce_model is not None and (
            not isinstance(announce_model, str) or (announce_model != "default" and not os.path.isfile(announce_model))
        ):
            raise ValueError(f"announce_model: expected 'default', an .npz file or None, got {announce_model!r}")
        self.announce_model = announce_model
        self.learned_margin = float(learned_margin)
        if isinstance(learned_levels, bool) or learned_levels not in range(1, 6):
            raise ValueError(f"learned_levels: must be a level 1..5, got {learned_levels!r}")
        self.learned_levels = learned_levels
        if location_model is not None and (
            not isinstance(location_model, str) or (location_model != "default" and not os.path.isfile(location_model))
        ):
            raise ValueError(f"location_model: expected 'default', an .npz file or None, got {location_model!r}")
        if location_candidates * samples > MAX_SAMPLES:
            raise ValueError(
                f"location_candidates: at most {MAX_SAMPLES} deals drawn per decision, "
                f"got {location_candidates} x {samples}"
            )
        self.location_model = location_model
        self.location_candidates = location_candidates
        self.location_power = float(location_power)
        #: per searched announcement moment: (rule player's answer or None, answer made or None)
        self.announce_log: list[tuple[int | None, int | None]] = []
        self._announce_asked: set[tuple[int, int, int]] = set()
        #: per searched Vorbehalt: (rule player's answer, answer declared)
        self.vorbehalt_log: list[tuple[int, int]] = []
        #: decisions searched, deals evaluated and deals that could not be rebuilt (for benchmarks)
        self.stats = {"decisions": 0, "deals": 0, "rejected": 0, "fallbacks": 0}
        self._punkte_cache: dict[tuple[Any, ...], float] = {}

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.rule.reset(seat, rules, seed)
        warm_up(rules)
        self._punkte_cache = {}
        self._announce_asked = set()

    # -- interface ---------------------------------------------------------------------------
    def choose(self, info: InformationState) -> int:
        if info.phase is Phase.VORBEHALT and self.vorbehalt_search:
            return self._vorbehalt(info)
        if info.phase is not Phase.PLAY:
            return self.rule.choose(info)
        if self._announces() and any(Action.is_announcement(a) for a in info.legal_actions):
            announcement = self._announcement(info)
            if announcement is not None:
                return announcement
            if info.must_announce != info.seat:
                info = replace(
                    info, legal_actions=tuple(a for a in info.legal_actions if not Action.is_announcement(a))
                )
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
        if self._announces():
            return self._announcement(info)
        return self.rule.react(info)

    def _announces(self) -> bool:
        """Whether the announcements are the player's own (searched or learned), not the rule player's."""
        return self.announce_search or self.announce_model is not None

    def _learned_announcement(self, info: InformationState) -> int | None:
        """The announcement to make now by the learned value (:mod:`~doppelkopf.players.value_model`):
        the lowest level (up to ``learned_levels``) within ``learned_margin`` of the best expected Punkte,
        if that beats announcing nothing by more than ``learned_margin``; the rule player where the model
        does not value the game and for the levels above ``learned_levels``."""
        from .value_model import announcement_values, default_model, model_key, supported

        if info.must_announce == info.seat:
            return None  # choose() plays the rule player's forced announcement
        if not supported(info):
            return self.rule.react(info)
        levels = self.learned_levels
        actions = [a for a in info.legal_actions if Action.is_announcement(a) and Action.level(a) <= levels]
        if not actions:
            return self.rule.react(info)  # the Absagen above learned_levels
        path = None if self.announce_model == "default" else self.announce_model
        model = default_model(model_key(info.rules), path)
        wait, values = announcement_values(info, model, actions)
        top = max(values.values())
        best = min(a for a, v in values.items() if v >= top - self.learned_margin)
        answer = best if values[best] - wait > self.learned_margin else None
        self.announce_log.append((self.rule.react(info), answer))
        return answer

    def _announcement(self, info: InformationState) -> int | None:
        """The announcement to make now by search (:mod:`~doppelkopf.players.announce_search`), or
        ``None``. The rule player decides a forced Pflichtansage and an open Hochzeit. Searched once
        per (own hand size, tricks played, announcements made); asked again in between: ``None``."""
        from .announce_search import announce_values, choose_announcement, searchable

        if info.phase is not Phase.PLAY or not any(Action.is_announcement(a) for a in info.legal_actions):
            return None
        if self.announce_model is not None:
            return self._learned_announcement(info)
        if not searchable(info):
            if info.must_announce == info.seat:
                return None  # choose() plays the rule player's forced announcement
            return self.rule.react(info)
        key = (len(info.hand), len(info.tricks), len(info.announcements))
        if key in self._announce_asked:
            return None
        self._announce_asked.add(key)
        try:
            estimate = announce_values(
                info, self.announce_samples, self.announce_rollouts, self.seed, self.announce_replies
            )
        except (ValueError, IllegalAction):
            return self.rule.react(info)
        if not estimate.deals:
            return self.rule.react(info)
        rule = self.rule.react(info)
        baseline = rule if self.announce_baseline == "rule" else None
        answer = choose_announcement(estimate, self.announce_margin, self.announce_z, baseline)
        self.announce_log.append((rule, answer))
        return answer

    # -- search ------------------------------------------------------------------------------
    def _vorbehalt(self, info: InformationState) -> int:
        """The Vorbehalt answer by search (see :mod:`~doppelkopf.players.vorbehalt_search`);
        the rule player's answer when it is Schmeissen, the only legal one, or no deal fits."""
        from .vorbehalt_search import WEIGH_ALL_SOLI, candidates, choose_vorbehalt, pflichtsolo_bonus, vorbehalt_values

        suggestion = self.rule.choose(info)
        if suggestion == Action.SCHMEISSEN:
            return suggestion
        bonus = pflichtsolo_bonus(info) if self.pflichtsolo_timing else 0.0
        # in its last chances an owing seat weighs every solo: a weak one may still beat the Vorführung
        last_chances = bonus >= WEIGH_ALL_SOLI
        prefilter = None if last_chances else self.vorbehalt_prefilter
        actions = candidates(info, suggestion, prefilter, keep_stille=not last_chances)
        if len(actions) == 1:
            return suggestion
        try:
            estimate = vorbehalt_values(
                info, actions, suggestion, self.vorbehalt_samples, self.vorbehalt_rollouts, self.seed
            )
        except (ValueError, IllegalAction):
            return suggestion
        answer = choose_vorbehalt(estimate, self.vorbehalt_margin, self.vorbehalt_z, self.vorbehalt_calibration, bonus)
        self.vorbehalt_log.append((suggestion, answer))
        return answer

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
        samples = self.samples
        if self.solver_samples is not None and len(info.hand) <= self.solver_tricks:
            samples = min(samples, self.solver_samples)  # exact values: less variance, more cost per deal
        weight = 0.0
        for hands, count in self._deals(info, sampler, samples, rng):
            if self.time_per_move is not None and deals and time.perf_counter() - start > self.time_per_move:
                break
            try:
                game = rebuild_game(info, hands)
            except (ValueError, IllegalAction):
                self.stats["rejected"] += 1
                continue
            if game.partner_open and self.solver_samples is not None:
                # a Hochzeit still looking for its partner: the kernel cannot play that part, the
                # Python rollouts cost about 20x more per deal
                samples = min(samples, self.solver_samples)
            if deals >= samples:
                break
            values = self._evaluate(game, cards, rng.getrandbits(48))
            for card in cards:
                totals[card] += count * values[card]
            deals += count
            weight += count
        self.stats["deals"] += deals
        if not deals:
            return {}
        return {card: total / weight for card, total in totals.items()}

    def _deals(
        self, info: InformationState, sampler: HandSampler, samples: int, rng: random.Random
    ) -> Iterator[tuple[list[list[int]], int]]:
        """The deals to evaluate, each with its multiplicity: ``samples`` uniform draws of ``sampler``, or
        with ``location_model`` ``samples`` draws by the model's weight from ``location_candidates`` times
        as many uniform ones (:func:`~doppelkopf.players.location_model.resample`; a deal drawn twice is
        evaluated once and counted twice)."""
        if self.location_model is None:
            for _ in range(samples):
                try:
                    yield sampler.sample(rng), 1
                except ValueError:
                    self.stats["rejected"] += 1
            return
        from .location_model import default_location_model, resample

        model = default_location_model(None if self.location_model == "default" else self.location_model)
        pool = []
        for _ in range(samples * self.location_candidates):
            try:
                pool.append(sampler.sample(rng))
            except ValueError:
                self.stats["rejected"] += 1
        if not pool:
            return
        picks = resample(model.log_weights(info, pool), self.location_power, samples, rng)
        for index, count in sorted(Counter(picks).items()):
            yield pool[index], count

    def _evaluate(self, game: Game, cards: list[int], seed: int) -> dict[int, float]:
        """Value of each card in one deal (all hands known): Punkte for the player's seat."""
        left = len(game.hands[self.seat])
        solver = fast_module("solver") if left <= self.solver_tricks and not game.partner_open else None
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
        return continuation_value(after, self.seat, self.rollouts, seed, self.rollout_policy)


#: The search levels: keyword arguments of :class:`SearchPlayer` (see :func:`search_level`).
#: ``search-v2`` (issue 15): four times the deals and rollouts of ``search-v1`` for the cards (64
#: deals x 48 rollouts: +0.20 Punkte per game over ``search-v1`` under ``ddv`` against +0.12 with 32 x
#: 24 on the same deals, docs/search.md; the mean decision stays under 0.2 s), the same 16 deals
#: where a deal costs the most (the solver in the last 5 tricks; a Hochzeit looking for its partner),
#: and the Vorbehalt by search (:mod:`.vorbehalt_search`: calibrated by game type, declared only 0.5
#: Punkte and one standard error above the rule player's answer). Announcements stay the rule
#: player's (searched announcements lost Punkte, see ``bench/bench_announce.py``). Deterministic (no
#: time budget).
SEARCH_V2: dict[str, Any] = {
    "samples": 64,
    "rollouts": 48,
    "solver_tricks": 5,
    "solver_samples": 16,
    "vorbehalt_search": True,
    "vorbehalt_calibration": "ddv",
    "vorbehalt_margin": 0.5,
    "vorbehalt_z": 1.0,
}

#: ``search-v3`` (issue 27): ``search-v2``'s card search and Vorbehalt, its deals drawn by the learned
#: card-location model (:mod:`~doppelkopf.players.location_model`: four uniform deals drawn per deal kept);
#: Re and Kontra (in turn, out of turn, as Erwiderung) from the learned value of the information state
#: (:mod:`~doppelkopf.players.value_model`), the Absagen by the rule player (the model's Absagen lost,
#: docs/search.md).
SEARCH_V3: dict[str, Any] = {
    **SEARCH_V2,
    "announce_model": "default",
    "learned_margin": 1.0,
    "learned_levels": 1,
    "location_model": "default",
    "location_candidates": 4,
    "location_power": 1.0,
}

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"samples": 4, "rollouts": 4, "solver_tricks": 3},
    "normal": {"samples": 16, "rollouts": 12, "solver_tricks": 5},
    "strong": {**SEARCH_V3, "time_per_move": 1.0},
}

#: ``search-v1``: the registry's ``search`` (level ``normal``) as it was before Vorbehalte were
#: searched (issue 15), written out so that a later change of :data:`LEVELS` does not move it; every
#: gain is measured against it. Deterministic (no time budget). New behaviour stays behind options
#: it keeps off.
SEARCH_V1: dict[str, Any] = {
    "samples": 16,
    "rollouts": 12,
    "solver_tricks": 5,
    "vorbehalt_search": False,
    "rollout_policy": "greedy",
}


def search_level(level: str, seed: int = 0) -> Player:
    """A :class:`SearchPlayer` of ``level`` seeded with ``seed``:

    * ``"easy"``: 4 deals per decision, 4 kernel rollouts per card, the solver in the last 3 tricks;
      fast (a few ms per decision) and noticeably weaker;
    * ``"normal"``: 16 deals, 12 rollouts, the solver in the last 5 tricks;
    * ``"strong"``: ``search-v2`` (:data:`SEARCH_V2`: 64 deals, 48 rollouts, the solver with 16
      deals in the last 5 tricks, the Vorbehalt by search) with at most one second of card search per decision
      (``time_per_move = 1.0``; the only level whose choices may depend on the machine).

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
