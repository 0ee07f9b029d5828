"""Announcements by search: Re/Kontra and the Absagen (TSR 6) from the expected Punkte with and
without them over sampled deals.

**Method.** Whenever the engine offers the observer an announcement (its
:attr:`~doppelkopf.game.InformationState.legal_actions`, which apply the house's deadlines, by
cards or by tricks, the Hochzeit shift and the Erwiderung; :mod:`doppelkopf.announcements`), the
player draws deals of the hidden hands (:class:`~doppelkopf.players.sampling.HandSampler`), rebuilds
each through the core (:func:`~doppelkopf.players.sampling.rebuild_game`) and evaluates, in the same
deal and with the same rollout seed (common random numbers):

* *no announcement now*, and
* each legal level (Re/Kontra, keine 90, keine 60, keine 30, schwarz; a level implies the lower ones).

In each branch the other three seats may then answer at once as the rule player would
(:meth:`~doppelkopf.players.rules_player.RuleBasedPlayer.react` on their sampled hands: a Kontra
against a Re, an Absage of the partner), and the rest of the game is played out by the compiled
kernel (:func:`doppelkopf.fast.kernel.rollout_values`, greedy policy). The kernel scores each
continuation's final Augen with the announcement levels of the branch by the core's rules (mirrored
and checked game by game against :func:`doppelkopf.scoring.score`), so the mean over the
continuations is the expectation of the Punkte over the distribution of the final Augen: a Re that
wins 121 Augen in 70% of the deals doubles the win there and the loss in the other 30%.

**Choice.** The lowest level whose mean is within ``margin`` of the best (a higher level can still
follow later, its deadline being no earlier) is announced when it beats *no announcement now* by more than
``margin`` Punkte and ``z`` standard errors of the paired per-deal differences; otherwise nothing is
announced now (the question is asked again after the observer's hand or the announcements change,
see :class:`~doppelkopf.players.search_player.SearchPlayer`). Waiting keeps the option of announcing
later with more information, which the comparison does not value; the margin stands for it.

**Known limits.** The kernel makes no further announcements and its greedy policy does not react to
a party made public by the announcement; a Pflichtansage is left to the rule player (it is forced);
an open Hochzeit (partner not found) is not mirrored by the kernel and the rule player decides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..game import Action, Game, IllegalAction, InformationState, Phase
from .rollout import continuation_value
from .rules_player import RuleBasedPlayer
from .sampling import HandSampler, rebuild_game
from .vorbehalt_search import standard_error


@dataclass(frozen=True)
class AnnounceEstimate:
    """The result of :func:`announce_values`.

    Attributes:
        values: mean Punkte of the observer's seat per announcement action (Action codes).
        waiting: mean Punkte of the observer's seat when it announces nothing now.
        diffs: per announcement action the per-deal Punkte differences to announcing nothing.
        deals: deals evaluated (every branch in each).
    """

    values: dict[int, float]
    waiting: float
    diffs: dict[int, list[float]]
    deals: int

    def standard_error(self, action: int) -> float:
        """Standard error (Punkte) of the mean difference of ``action`` to announcing nothing;
        ``inf`` with fewer than two deals."""
        return standard_error(self.diffs[action])


def announcement_actions(info: InformationState) -> list[int]:
    """The announcements ``info.seat`` may make now, ascending (read from the engine's legal actions)."""
    return [a for a in info.legal_actions if Action.is_announcement(a)]


def searchable(info: InformationState) -> bool:
    """Whether the announcement decision of ``info`` can be searched: the PLAY phase, an
    announcement legal, no Pflichtansage due for the observer (it is forced), the parties settled
    (no open Hochzeit for the observer)."""
    return (
        info.phase is Phase.PLAY
        and info.must_announce != info.seat
        and info.own_party is not None
        and bool(announcement_actions(info))
    )


def announce_values(
    info: InformationState, samples: int, rollouts: int, seed: int, replies: bool = True
) -> AnnounceEstimate:
    """Mean Punkte of ``info.seat`` for each legal announcement and for announcing nothing, over
    ``samples`` deals and ``rollouts`` kernel continuations each (see the module docstring).
    ``replies``: the other seats answer as the rule player would right after the branch's choice.

    Deals that cannot be rebuilt or evaluated are skipped (``deals`` counts the others). Raises
    :class:`ValueError` when :func:`searchable` is false for ``info``."""
    if not searchable(info):
        raise ValueError("announce search: no announcement to search in this information state")
    actions = announcement_actions(info)
    played = sum(len(t.cards) for t in info.tricks) + len(info.trick)
    rng = random.Random(f"announce:{seed}:{info.seat}:{info.dealer}:{info.hand}:{played}:{len(info.announcements)}")
    sampler = HandSampler(info)
    totals = dict.fromkeys(actions, 0.0)
    waiting_total = 0.0
    diffs: dict[int, list[float]] = {a: [] for a in actions}
    deals = 0
    for _ in range(samples):
        hands = sampler.sample(rng)
        deal_seed = rng.getrandbits(48)
        try:
            game = rebuild_game(info, hands, random.Random(deal_seed))
            base = _value(game, info.seat, None, rollouts, deal_seed, replies)
            row = {a: _value(game, info.seat, a, rollouts, deal_seed, replies) for a in actions}
        except (ValueError, IllegalAction):
            continue
        deals += 1
        waiting_total += base
        for a in actions:
            totals[a] += row[a]
            diffs[a].append(row[a] - base)
    if not deals:
        return AnnounceEstimate({}, 0.0, diffs, 0)
    return AnnounceEstimate({a: t / deals for a, t in totals.items()}, waiting_total / deals, diffs, deals)


def choose_announcement(estimate: AnnounceEstimate, margin: float, z: float, baseline: int | None = None) -> int | None:
    """The announcement to make now, or ``None``: the level of the best mean if it beats announcing
    nothing by more than ``margin`` Punkte and ``z`` paired standard errors (module docstring).

    With ``baseline`` (an announcement among the estimate's, e.g. the rule player's answer) the
    evidence is asked of a deviation from it instead: nothing is announced only if waiting beats it
    by ``margin`` and ``z`` standard errors, another level only if it beats it so; else ``baseline``."""
    if not estimate.deals or not estimate.values:
        return baseline
    if baseline is not None and baseline in estimate.values:
        loss = estimate.waiting - estimate.values[baseline]
        if loss > margin and loss > z * estimate.standard_error(baseline):
            return None
        other = max(estimate.values, key=lambda a: (estimate.values[a], -a))
        d = [x - y for x, y in zip(estimate.diffs[other], estimate.diffs[baseline], strict=True)]
        gain = estimate.values[other] - estimate.values[baseline]
        if other != baseline and gain > margin and gain > z * standard_error(d):
            return other
        return baseline
    top = max(estimate.values.values())
    # the lowest level within ``margin`` of the best: a higher one can still follow later (its
    # deadline is not earlier), with more information
    best = min(a for a, v in estimate.values.items() if v >= top - margin)
    gain = estimate.values[best] - estimate.waiting
    if gain > margin and gain > z * estimate.standard_error(best):
        return best
    return None


def _value(game: Game, me: int, action: int | None, rollouts: int, seed: int, replies: bool) -> float:
    """Punkte of ``me`` in one rebuilt deal after announcing ``action`` (``None``: nothing) and the
    other seats' immediate rule-player answers, by kernel rollouts (ValueError if refused)."""
    g = game.clone()
    if action is not None:
        g.apply(action, me)
    if replies:
        for s in range(4):
            if s == me or g.is_terminal:
                continue
            bot = RuleBasedPlayer(seed + s)
            bot.reset(s, g.rules, None)
            answer = bot.react(g.information_state(s))
            if answer is not None and Action.is_announcement(answer):
                g.apply(answer, s)
    return continuation_value(g, me, rollouts, seed, "greedy", fallback=False)
