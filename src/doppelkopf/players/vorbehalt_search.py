"""Vorbehalte by search: the expected Punkte of each candidate game over sampled deals.

**Method.** At the Vorbehaltsabfrage (TSR 4.1) the player draws deals of the three hidden hands
(:class:`~doppelkopf.players.sampling.HandSampler`, consistent with the answers given so far) and, in
each deal, tries every candidate answer: gesund, each allowed solo (TSR 4.3), the Hochzeit (TSR 4.4,
the trick kind the rule player would name) and the Armut (seed 002) where the rules have it. For a
candidate the deal is rebuilt through the core (:func:`~doppelkopf.players.sampling.rebuild_game`), the
candidate is applied, the other seats answer (and lay, take, return, bid) as the rule player
(:class:`~doppelkopf.players.rules_player.RuleBasedPlayer`) would with their sampled hands, an open
Hochzeit is played by rule players until its partner is found, and the rest is played out by the
compiled kernel (:func:`doppelkopf.fast.kernel.rollout_values`, greedy policy). The value is the
mean Punkte of the observer's seat as the core scores them (:func:`doppelkopf.scoring.score` inside
the kernel, so the soloist's factor and the house's scoring come from the rule set; a Bock
multiplier is not valued: the information state carries none).

The same deals (and the same rollout seeds) serve every candidate (common random numbers): the
difference of two candidates has much less variance than each value.

**Declarer bias.** Double-dummy evaluation (every seat sees all cards) overrates the declarer of a
solo: the soloist's few losers are found by the defenders in every deal, but the soloist's own
guesses (which suit to lead, when to draw trumps) are always right (strategy fusion; Long et al.,
AAAI 2010). Here no seat sees another seat's cards in the evaluation: the kernel's greedy policy
chooses by its own hand, the trick and the parties of the sampled deal (public in a solo; in a
normal game all seats play as if they knew their partners), so the solver's strategy fusion is
absent, and what remains is the weakness of the greedy policy for both sides. On top,
a candidate other than the rule player's answer is declared only if it beats that answer by
``margin`` Punkte *and* by ``z`` standard errors of the paired differences over the deals: a
deviation needs evidence (``search-v2``: 0.5 Punkte and one standard error, chosen on the paired
runs of ``bench/bench_vorbehalt.py solo``), and a calibration offset per game type is added first
(:data:`DDV_CALIBRATION`).

**When to play the Pflichtsolo (TSR 4.2.3).** A seat that still owes its Pflichtsolo and is not
vorgeführt yet faces an optimal-stopping problem: declaring its best solo now costs
``D = value(best solo) - value(rule player's answer)`` Punkte in this game; waiting keeps the chance
of a better hand later, but a seat that waits too long is vorgeführt and must play a solo with
whatever hand it then holds. With ``d`` the value of ``D`` for a random hand (its distribution
measured per preset, :data:`PFLICHTSOLO_ADVANTAGE`) and ``k`` the seat's own chances left after
this game before it is forced (:func:`pflichtsolo_chances`), the value of still owing, relative to
having played the Pflichtsolo, is :func:`waiting_value`: ``R(0) = E[min(d, 0)]`` (the forced solo,
where a seat that has played its Pflichtsolo would play the better of that solo as a Lustsolo and
the normal game) and ``R(k) = E[max(d, R(k-1))] - E[max(d, 0)]``; the seat declares now iff
``D > R(k)``, i.e. every solo candidate gets the bonus ``-R(k) >= 0`` Punkte before the margin and
z gate of :func:`choose_vorbehalt`. The model takes the other seats' Pflichtsoli as played only when
they are forced (their voluntary ones would give this seat more chances: it errs towards playing
early) and ``D`` of different games as independent.

**The stille Hochzeit is kept.** When the rule player answers gesund with both Kreuz-Damen (a
stille Hochzeit, TSR 4.4.5), nothing is searched: the rollouts know every party, so they miss the
point of the stille Hochzeit, that the others defend a solo without knowing it. In the first arena
match (ohne-neunen, 300 deals) the rule players' stille Hochzeiten scored +33.7 Punkte on average,
the Karo-Soli the search declared instead with the same hands +16.4.

Not yet searched: Schmeissen (kept as the rule player says), the Hochzeit's trick kind.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..game import Action, IllegalAction, InformationState, Phase
from ..order import card_order
from ..rules import GameType
from ..session import vorfuehrung_due
from .rollout import continuation_value
from .rules_player import RuleBasedPlayer, hand_strength, solo_margin
from .sampling import HandSampler, rebuild_game

#: Moves of rule players allowed before the kernel takes over (Vorbehalte, Armut, bidding and the
#: tricks of an open Hochzeit); a guard against a loop, far above what a game needs.
_MAX_STEPS = 200


@dataclass(frozen=True)
class VorbehaltEstimate:
    """The result of :func:`vorbehalt_values`.

    Attributes:
        values: mean Punkte of the observer's seat per candidate action.
        diffs: per candidate the Punkte differences to ``baseline``, one per deal evaluated.
        baseline: the action compared against (the rule player's answer).
        deals: deals evaluated (every candidate in each).
    """

    values: dict[int, float]
    diffs: dict[int, list[float]]
    baseline: int
    deals: int

    def standard_error(self, action: int) -> float:
        """Standard error (Punkte) of the mean difference of ``action`` to the baseline; ``inf``
        with fewer than two deals."""
        return standard_error(self.diffs[action])


def standard_error(values: Sequence[float]) -> float:
    """Standard error of the mean of ``values`` (paired differences, one per deal); ``inf`` with
    fewer than two."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return math.sqrt(var / n)


def candidates(info: InformationState, baseline: int, prefilter: float | None, keep_stille: bool = True) -> list[int]:
    """The Vorbehalt answers worth evaluating for ``info`` (its phase VORBEHALT): gesund, the
    allowed soli (only those whose :func:`~doppelkopf.players.rules_player.solo_margin` is at
    least ``prefilter``, when given, unless the seat is vorgeführt), the Armut, the Hochzeit of the
    kind in ``baseline`` (else the first offered; not when ``baseline`` is a solo: in the first pass
    of issue 15 every searched "solo -> Hochzeit" change lost, ddv and vier-schritte); never
    Schmeissen. ``baseline`` is always among them. Ascending. Only ``baseline`` when it is the rule
    player's stille Hochzeit (gesund where the core allows a Hochzeit: both Kreuz-Damen) and
    ``keep_stille`` is true."""
    legal = info.legal_actions
    forced = Action.GESUND not in legal
    hochzeit_legal = any(Action.is_vorbehalt(a) and Action.game_type(a) is GameType.HOCHZEIT for a in legal)
    if keep_stille and baseline == Action.GESUND and hochzeit_legal:
        return [baseline]  # the rule player's stille Hochzeit: kept (see the module docstring)
    out: set[int] = {baseline}
    hochzeit: list[int] = []
    for action in legal:
        if action == Action.SCHMEISSEN or not Action.is_vorbehalt(action):
            continue
        gt = Action.game_type(action)
        if gt is GameType.HOCHZEIT:
            hochzeit.append(action)
        elif gt.is_declared_solo:
            if forced or prefilter is None:
                out.add(action)
            elif solo_margin(gt, hand_strength(info.hand, card_order(gt))) >= prefilter:
                out.add(action)
        else:
            out.add(action)  # gesund, Armut
    solo_baseline = Action.is_vorbehalt(baseline) and Action.game_type(baseline).is_declared_solo
    if hochzeit and not solo_baseline and not any(a in hochzeit for a in out):
        out.add(hochzeit[0])
    return sorted(out)


def vorbehalt_values(
    info: InformationState,
    actions: Sequence[int],
    baseline: int,
    samples: int,
    rollouts: int,
    seed: int,
) -> VorbehaltEstimate:
    """Mean Punkte of ``info.seat`` for each of ``actions`` (Vorbehalt answers legal in ``info``)
    over ``samples`` deals of the hidden hands, ``rollouts`` kernel continuations each (see the
    module docstring). ``baseline`` (one of ``actions``) is what the differences are taken against.

    Deals that cannot be rebuilt for every action are skipped. Raises :class:`ValueError` if
    ``info.phase`` is not VORBEHALT or ``baseline`` is not among ``actions``."""
    if info.phase is not Phase.VORBEHALT:
        raise ValueError(f"phase: Vorbehalte are searched in the VORBEHALT phase, not {info.phase.name}")
    if baseline not in actions:
        raise ValueError(f"baseline: {baseline} is not among the actions {list(actions)}")
    rng = random.Random(f"vorbehalt:{seed}:{info.seat}:{info.dealer}:{info.hand}")
    sampler = HandSampler(info)
    totals = dict.fromkeys(actions, 0.0)
    diffs: dict[int, list[float]] = {a: [] for a in actions}
    deals = 0
    for _ in range(samples):
        hands = sampler.sample(rng)
        deal_seed = rng.getrandbits(48)
        row: dict[int, float] = {}
        try:
            for action in actions:
                row[action] = _value(info, hands, action, rollouts, deal_seed)
        except (ValueError, IllegalAction):
            continue
        deals += 1
        for action in actions:
            totals[action] += row[action]
            diffs[action].append(row[action] - row[baseline])
    values = {a: t / deals for a, t in totals.items()} if deals else {}
    return VorbehaltEstimate(values, diffs, baseline, deals)


#: Punkte added to the estimate of each game type before choosing: the mean of (Punkte realized when
#: the answer is played out by rule players) minus (the estimate), measured on self-play under ``ddv``
#: (``python bench/bench_vorbehalt.py calib --rules ddv --deals 400 --card-play rules``, deals 0..399,
#: 12 deals x 8 rollouts; issue 15 first pass).
#: The kernel makes no announcements, which undervalues a strong normal game and a Hochzeit, and its
#: greedy defenders let soli through more often than the rule player does. Rough (n = 6..179 per
#: type); to be refitted on more deals and per preset.
DDV_CALIBRATION: dict[str, float] = {
    "NORMAL": 0.85,
    "HOCHZEIT": 2.0,
    "FLEISCHLOS": -0.7,
    "KREUZ": -0.2,
    "PIK": -1.3,
    "HERZ": -1.5,
    "KARO": -0.6,
    "DAMEN": 1.3,
    "BUBEN": -1.5,
}


def choose_vorbehalt(
    estimate: VorbehaltEstimate,
    margin: float,
    z: float,
    calibration: dict[str, float] | None = None,
    solo_bonus: float = 0.0,
) -> int:
    """The answer to declare: the candidate of the best mean (plus its game type's ``calibration``
    offset in Punkte, by :class:`~doppelkopf.rules.GameType` name; none when ``None``; plus
    ``solo_bonus`` Punkte for a declared solo, :func:`pflichtsolo_bonus`) if it beats the baseline
    by more than ``margin`` Punkte and ``z`` standard errors, else the baseline (see the module
    docstring)."""
    if not estimate.deals:
        return estimate.baseline
    offset = calibration or {}

    def value(a: int) -> float:
        gt = Action.game_type(a)
        return estimate.values[a] + offset.get(gt.name, 0.0) + (solo_bonus if gt.is_declared_solo else 0.0)

    best = max(estimate.values, key=lambda a: (value(a), a == estimate.baseline, -a))
    if best == estimate.baseline:
        return best
    gain = value(best) - value(estimate.baseline)
    if gain > margin and gain > z * estimate.standard_error(best):
        return best
    return estimate.baseline


def solo_advantage(estimate: VorbehaltEstimate, calibration: dict[str, float] | None = None) -> float | None:
    """``D`` of the module docstring: the value (Punkte, with ``calibration`` as in
    :func:`choose_vorbehalt`) of the best declared solo among the estimate's candidates minus that
    of its baseline; ``None`` without a solo candidate or without a deal evaluated."""
    if not estimate.deals:
        return None
    offset = calibration or {}
    solos = [a for a in estimate.values if Action.game_type(a).is_declared_solo]
    if not solos:
        return None

    def value(a: int) -> float:
        return estimate.values[a] + offset.get(Action.game_type(a).name, 0.0)

    return max(value(a) for a in solos) - value(estimate.baseline)


#: The distribution of ``D`` (:func:`solo_advantage`, Punkte) of a random hand, per preset with a
#: Pflichtsolo: 20 quantiles at 2.5 %, 7.5 %, ..., 97.5 % (each stands for a twentieth of the
#: hands). Measured for the seat asked first (dealer 3, seat 0, no answer before it) with the
#: Vorbehalt search of 8 deals x 8 rollouts, every solo evaluated, calibration ``ddv``:
#: ``PYTHONPATH=src python bench/bench_pflichtsolo.py table --rules ddv --hands 600`` (deals 0..599;
#: mean D -5.58 Punkte, D > 0 for 3.8 % of the hands) and the same with ``--rules vier-schritte``,
#: which gives the same numbers (it differs from ``ddv`` only in scoring options the kernel's
#: rollouts, without announcements, never reach). Rule sets without their own table use ``ddv``'s.
_DDV_ADVANTAGE = (
    -9.44,
    -8.71,
    -8.4,
    -8.03,
    -7.78,
    -7.35,
    -7.04,
    -6.77,
    -6.38,
    -6.16,
    -5.8,
    -5.54,
    -5.19,
    -4.86,
    -4.39,
    -3.8,
    -3.1,
    -2.45,
    -1.28,
    0.71,
)
PFLICHTSOLO_ADVANTAGE: dict[str, tuple[float, ...]] = {"ddv": _DDV_ADVANTAGE, "vier-schritte": _DDV_ADVANTAGE}


def pflichtsolo_chances(games_left_in_round: int, owing: int) -> int:
    """The chances an owing seat still has after this game to declare its Pflichtsolo before it is
    vorgeführt: games left after this one (``games_left_in_round - 1``) that are not forced for
    anybody, with ``owing`` seats (this one included) still missing theirs. A game forces a seat
    when the missing Pflichtsoli are at least the games left (TSR 4.2.3,
    :func:`~doppelkopf.session.vorfuehrung_due`, as :meth:`Session.turn
    <doppelkopf.session.Session.turn>` decides), so those are the games with more than ``owing`` left; the
    others' Pflichtsoli are taken as played only when forced. 0 or more."""
    return sum(1 for left in range(games_left_in_round - 1, 0, -1) if not vorfuehrung_due(owing, left))


def waiting_value(table: Sequence[float], chances: int, lustsolo: bool = True) -> float:
    """The value (Punkte) of still owing the Pflichtsolo with ``chances`` own chances left before the
    Vorführung, each hand's ``D`` drawn from ``table`` (equally likely values, e.g. the quantiles of
    :data:`PFLICHTSOLO_ADVANTAGE`); see the module docstring.

    ``lustsolo=True`` (a seat that has played its Pflichtsolo may still play a Lustsolo, TSR 4.3):
    relative to having played it, ``R(0) = mean(min(d, 0))``, ``R(k) = mean(max(d, R(k-1))) -
    mean(max(d, 0))``, at most 0. ``lustsolo=False`` (only the Pflichtsolo counts): the classic
    stopping value ``W(0) = mean(d)``, ``W(k) = mean(max(d, W(k-1)))``. Both grow with ``chances``.
    Raises :class:`ValueError` for an empty table or negative ``chances``."""
    if not table:
        raise ValueError("table: needs at least one value of D")
    if chances < 0:
        raise ValueError(f"chances: must be 0 or more, got {chances}")
    n = len(table)
    free = sum(max(d, 0.0) for d in table) / n if lustsolo else 0.0
    value = sum(min(d, 0.0) if lustsolo else d for d in table) / n
    for _ in range(chances):
        value = sum(max(d, value) for d in table) / n - free
    return value


#: Pflichtsolo bonus (Punkte) from which an owing seat weighs every solo (no prefilter) and even
#: its stille Hochzeit: its last chance or two before the Vorführung (``-waiting_value`` of the ddv
#: table is 4.6 with one chance left, 4.0 with two, 3.5 with three). Earlier, the prefilter stays: the best of seven
#: noisy solo values would be overrated (the declarer bias of taking a maximum).
WEIGH_ALL_SOLI = 3.9


def pflichtsolo_bonus(info: InformationState, lustsolo: bool = True) -> float:
    """Punkte to add to each solo candidate of ``info``'s Vorbehalt (``-waiting_value``, 0 or more
    with ``lustsolo``): non-zero only when the rules have a Pflichtsolo (``pflichtsolo``), the seat
    still owes it (``info.pflichtsolo_done``), is not vorgeführt (gesund is legal) and the games
    left in the round are known (``info.games_left_in_round``, TSR 4.2.3); else 0."""
    if not info.rules.pflichtsolo or info.games_left_in_round is None:
        return 0.0
    if len(info.pflichtsolo_done) != 4 or info.pflichtsolo_done[info.seat]:
        return 0.0
    if Action.GESUND not in info.legal_actions:
        return 0.0
    table = PFLICHTSOLO_ADVANTAGE.get(info.rules.name) or PFLICHTSOLO_ADVANTAGE["ddv"]
    if not table:
        return 0.0
    owing = sum(1 for done in info.pflichtsolo_done if not done)
    return -waiting_value(table, pflichtsolo_chances(info.games_left_in_round, owing), lustsolo)


def _value(info: InformationState, hands: list[list[int]], action: int, rollouts: int, seed: int) -> float:
    """Punkte of ``info.seat`` in one deal when it answers ``action``."""
    game = rebuild_game(info, hands, random.Random(seed))
    me = info.seat
    game.apply(action)
    bots = [RuleBasedPlayer(seed + s) for s in range(4)]
    for s, bot in enumerate(bots):
        bot.reset(s, game.rules, None)
    steps = 0
    while not game.is_terminal and (game.phase is not Phase.PLAY or game.partner_open):
        steps += 1
        if steps > _MAX_STEPS:
            raise ValueError("vorbehalt search: the rule players did not reach the play")
        seat = game.current_player
        game.apply(bots[seat].choose(game.information_state(seat)))
    return continuation_value(game, me, rollouts, seed)
