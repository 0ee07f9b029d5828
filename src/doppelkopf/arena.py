"""The arena: rotated duplicate matches between two registered players.

A match of ``deals`` deals plays every deal four times. In game ``r`` (the *rotation*, 0..3) of a
deal the **candidate** sits in seat ``r`` and three copies of the **reference** sit in the other
seats; the cards, the dealer and every player's seed are the same in all four games, so the four
games differ only in which seat the candidate holds. Averaged over its four seats, the candidate
had the same cards as the reference had in the other games: most of the luck of the deal cancels.

Seeds (all derived from the match ``seed``, so a run is reproducible whatever the backend, a
local process pool or a Ray cluster (:mod:`doppelkopf.cluster`), and the number of workers; not
a player with a wall-clock budget, ``search-strong`` or option ``time_per_move``, whose search
stops by the clock on any backend):

* the deal: :func:`deal_seed` ``(seed, deal)``, dealer ``deal % 4``; every game is a fresh game
  (no Pflichtsolo played before it, no Bock);
* each player: :func:`player_seed` ``(seed, deal, seat, role)``; a reference player in seat 2 has
  the same seed in every rotation where it sits there.

Games are played by :func:`doppelkopf.players.runner.play_game`, so the rules come from the core
alone. A deal thrown in (Schmeissen, an Armut nobody takes) counts as a game of 0 Punkte for every
seat, as the score of the core says, and is left out of the win rates.

**Statistics** (:class:`ArenaResult`): per player (``"candidate"``, ``"reference"``)

* mean Punkte per game with a 95 % confidence interval. The sample is one number per deal: the
  candidate's mean Punkte over its four games of that deal (the reference's mean over its twelve
  seat-games); the interval is ``mean ± t · sd / √deals`` with Student's t quantile for
  ``deals - 1`` degrees of freedom (1.96 for many deals; 12.7 for two). Since every game is
  zero-sum, the reference's mean is minus a third of the candidate's; the candidate's mean is
  the headline: what it gains per game over a reference in its seat (0 by symmetry);
* the win rate of its parties (games it was in the winning party, out of the games scored);
* its solos (Stille Hochzeit included): played, won, Punkte; and every Vorbehalt game it declared;
* its announcements (an announcement or Absage made; the levels a soloist took on by bidding are
  not counted): made, and successful (its party won the game);
* time per move: wall time of each :meth:`~doppelkopf.players.Player.choose` call (mean, max, in
  milliseconds) and of each :meth:`~doppelkopf.players.Player.react` call (announcements out of
  turn, asked before nearly every card);
* memory: every :data:`MEMORY_EVERY`-th decision of a player kind in a worker task is run with
  :mod:`tracemalloc` started just before and stopped just after it; the peak traced size is the
  memory that decision allocated and held at once (working memory, in KiB; memory the player keeps
  between decisions is not in it). Those decisions are left out of the time per move.

When the interval of the candidate's mean includes 0, :attr:`ArenaResult.verdict` says the match
was too short and about how many deals in all would resolve the observed difference: the fewest
deals at which the interval ``t · sd / √deals`` (the observed per-deal standard deviation, Student's
t as above) would be narrower than the observed mean, always more deals than were played. With no
observed difference (a mean within 0.005 of 0) it names the deals for a difference of 0.1 Punkte
per game, or, once the interval is narrower than that, how close the players are. When every deal
gave the candidate the same mean (no spread, e.g. a player against itself), no interval and no
estimate exist, and the verdict says so.

>>> from doppelkopf.rules import DDV
>>> result = run_arena(ArenaConfig("rules", "random", DDV, deals=2, seed=1), jobs=1)
>>> result.games, len(result.deal_points)
(8, 2)
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import statistics
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from typing import Any

from .game import Game, InformationState
from .players import Player, make_player, play_game
from .record import GameRecord, record_game, write_atomic
from .rules import LEVEL_KEYS, GameType, RuleSet

#: The two roles of an arena match.
ROLES = ("candidate", "reference")
#: z of a two-sided 95 % interval (normal approximation).
Z95 = 1.959963984540054
#: Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom (beyond: the normal quantile
#: with its first Cornish-Fisher correction, within 0.001 of the exact value).
T95 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` (at least 1) degrees of freedom."""
    if df <= len(T95):
        return T95[df - 1]
    return Z95 + (Z95**3 + Z95) / (4 * df)


#: Every this many-th decision of a player kind in a worker task is traced for its memory.
MEMORY_EVERY = 25


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (0-based) of a match with seed ``seed`` (48 bits)."""
    return random.Random(f"arena-deal:{seed}:{deal}").getrandbits(48)


def player_seed(seed: int, deal: int, seat: int, role: str) -> int:
    """The seed of the ``role`` player in ``seat`` for deal ``deal`` of a match with seed ``seed``."""
    return random.Random(f"arena-player:{seed}:{deal}:{seat}:{role}").getrandbits(32)


@dataclass(frozen=True)
class ArenaConfig:
    """What a match plays.

    Attributes:
        candidate, reference: registered player names (see :func:`doppelkopf.players.make_player`).
        rules: the rule set of every game.
        deals: number of deals (each played four times).
        seed: the match seed.
        candidate_options, reference_options: keyword options for the player factories.
    """

    candidate: str
    reference: str
    rules: RuleSet
    deals: int
    seed: int = 1
    candidate_options: Mapping[str, Any] = field(default_factory=dict)
    reference_options: Mapping[str, Any] = field(default_factory=dict)

    def check(self) -> None:
        """Raise :class:`ValueError` naming the option for a bad player name or option, or fewer
        than one deal: ``"candidate: ..."`` or ``"reference: ..."`` for a player; an option the
        player does not take names the options it takes and the players that take it (see
        :func:`player_options`)."""
        if self.deals < 1:
            raise ValueError(f"deals: need at least 1, got {self.deals}")
        for role, name, options in (
            ("candidate", self.candidate, self.candidate_options),
            ("reference", self.reference, self.reference_options),
        ):
            try:
                takes = player_options(name)
                for key in options:
                    if takes is not None and key not in takes:
                        raise ValueError(_unknown_option(role, name, key, takes))
                make_player(name, 0, **options)
            except ValueError as exc:
                message = str(exc)
                raise ValueError(message if message.startswith(f"{role}:") else f"{role}: {message}") from None

    def make(self, role: str, seed: int) -> Player:
        name, options = (
            (self.candidate, self.candidate_options)
            if role == "candidate"
            else (self.reference, self.reference_options)
        )
        return make_player(name, seed, **options)


def player_options(name: str) -> tuple[str, ...] | None:
    """The keyword options the factory of the registered player ``name`` takes, in the order of its
    signature: those of the factory itself, or, for a factory that passes any keyword on
    (``**options``), those of the class of the player it builds; without ``seed`` (given by the
    caller) and ``name`` (which :func:`~doppelkopf.players.make_player` takes for the player kind).
    ``None`` when they cannot be told (a factory without a signature). Raises :class:`ValueError`
    for an unknown name (see :func:`doppelkopf.players.make_player`).

    >>> player_options("rules"), player_options("search")[:2]
    ((), ('samples', 'time_per_move'))
    """
    import inspect

    from .players import PLAYERS

    make_player(name, 0)  # the one error for an unknown name
    factory = PLAYERS[name]
    try:
        params = list(inspect.signature(factory).parameters.values())
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
            params = list(inspect.signature(type(make_player(name, 0)).__init__).parameters.values())[1:]
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return tuple(p.name for p in params if p.kind in keyword and p.name not in ("seed", "name"))


def _unknown_option(role: str, name: str, key: str, takes: tuple[str, ...]) -> str:
    """The one-line message for option ``key`` that player ``name`` (the ``role``) does not take:
    what it takes, and which registered players take ``key``."""
    from .players import player_names

    has = "takes no options" if not takes else "takes only " + ", ".join(takes)
    others = [other for other in player_names() if key in (player_options(other) or ())]
    if key == "seed":
        where = "the arena seeds every player itself (from --seed)"
    elif key == "name":
        where = f"name is no option (the player is chosen with --{role})"
    else:
        where = f"{key} is an option of {', '.join(others)}" if others else f"no player takes {key}"
    return f"{role}: the {role} is {name!r} (--{role}), which {has}; {where}"


# -- measuring the players ---------------------------------------------------------------------


@dataclass
class Meter:
    """Decision time and memory of one role, added up over games (mergeable across workers)."""

    moves: int = 0
    move_seconds: float = 0.0
    move_max: float = 0.0
    reacts: int = 0
    react_seconds: float = 0.0
    react_max: float = 0.0
    decisions: int = 0
    memory_samples: int = 0
    memory_peak_max: int = 0
    memory_peak_sum: int = 0

    def merge(self, other: Meter) -> None:
        self.moves += other.moves
        self.move_seconds += other.move_seconds
        self.move_max = max(self.move_max, other.move_max)
        self.reacts += other.reacts
        self.react_seconds += other.react_seconds
        self.react_max = max(self.react_max, other.react_max)
        self.decisions += other.decisions
        self.memory_samples += other.memory_samples
        self.memory_peak_max = max(self.memory_peak_max, other.memory_peak_max)
        self.memory_peak_sum += other.memory_peak_sum

    def run(self, decide: Callable[[], Any], is_move: bool) -> Any:
        """Call ``decide`` and account for its time, or for its memory if it is the sampled one."""
        self.decisions += 1
        if self.decisions % MEMORY_EVERY == 1 and not tracemalloc.is_tracing():
            tracemalloc.start()
            try:
                result = decide()
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            self.memory_samples += 1
            self.memory_peak_max = max(self.memory_peak_max, peak)
            self.memory_peak_sum += peak
            return result
        start = time.perf_counter()
        result = decide()
        spent = time.perf_counter() - start
        if is_move:
            self.moves += 1
            self.move_seconds += spent
            self.move_max = max(self.move_max, spent)
        else:
            self.reacts += 1
            self.react_seconds += spent
            self.react_max = max(self.react_max, spent)
        return result

    def to_json(self) -> dict[str, Any]:
        def ms(x: float) -> float:
            return round(1000.0 * x, 4)

        return {
            "time_per_move_ms": {
                "moves": self.moves,
                "mean": ms(self.move_seconds / self.moves) if self.moves else None,
                "max": ms(self.move_max),
            },
            "time_per_react_ms": {
                "calls": self.reacts,
                "mean": ms(self.react_seconds / self.reacts) if self.reacts else None,
                "max": ms(self.react_max),
            },
            "memory_per_decision_kib": {
                "sampled_decisions": self.memory_samples,
                "peak_max": round(self.memory_peak_max / 1024, 1),
                "peak_mean": round(self.memory_peak_sum / self.memory_samples / 1024, 1)
                if self.memory_samples
                else None,
                "measure": "tracemalloc peak of the allocations made during one decision",
            },
        }


class _Metered(Player):
    """Passes the information states to ``inner`` unchanged and measures its decisions."""

    def __init__(self, inner: Player, meter: Meter) -> None:
        super().__init__(inner.name)
        self.inner = inner
        self.meter = meter

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.inner.reset(seat, rules, seed)

    def choose(self, info: InformationState) -> int:
        return int(self.meter.run(lambda: self.inner.choose(info), True))

    def react(self, info: InformationState) -> int | None:
        answer = self.meter.run(lambda: self.inner.react(info), False)
        return None if answer is None else int(answer)


class _MeteredObserving(_Metered):
    """A :class:`_Metered` for a player that overrides :meth:`Player.observe` (the runner calls
    ``observe`` only for players that override it)."""

    def observe(self, info: InformationState) -> None:
        self.inner.observe(info)


def metered(inner: Player, meter: Meter) -> Player:
    """``inner`` wrapped so that ``meter`` measures each of its decisions (see :class:`Meter`); the
    wrapper passes the information states on unchanged."""
    if type(inner).observe is not Player.observe:
        return _MeteredObserving(inner, meter)
    return _Metered(inner, meter)


# -- playing -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameOutcome:
    """What the statistics need of one game.

    Attributes:
        deal, rotation: the deal number and the candidate's seat.
        points: Punkte per seat 0..3 (0 for a deal thrown in).
        parties: per seat 0 (Re) or 1 (Kontra); empty for a deal thrown in.
        winner: 0 (Re), 1 (Kontra) or ``None`` (nobody won, or thrown in).
        thrown_in: the deal was thrown in.
        game_type: the key of the game played (``"normal"``, ``"kreuz"``, ...), ``None`` if thrown in.
        declarer: the seat that declared the game (soloist, Hochzeit, poor player), if any.
        announcements: ``(seat, party, level)`` of each announcement made (bids left out).
    """

    deal: int
    rotation: int
    points: tuple[int, ...]
    parties: tuple[int, ...]
    winner: int | None
    thrown_in: bool
    game_type: str | None
    declarer: int | None
    announcements: tuple[tuple[int, int, int], ...]


def _outcome(game: Game, deal: int, rotation: int) -> GameOutcome:
    score = game.score()
    if game.thrown_in:
        return GameOutcome(deal, rotation, tuple(score.points), (), None, True, None, None, ())
    return GameOutcome(
        deal=deal,
        rotation=rotation,
        points=tuple(score.points),
        parties=tuple(int(p) for p in game.party),
        winner=None if score.winner is None else int(score.winner),
        thrown_in=False,
        game_type=game.game_type.key,
        declarer=game.declarer,
        announcements=tuple((a.seat, int(a.party), a.level) for a in game.announcements if not a.by_bid),
    )


@dataclass
class DealBatch:
    """The games of some deals, their records and the meters of both roles (one worker task)."""

    outcomes: list[GameOutcome]
    records: list[GameRecord]
    meters: dict[str, Meter]


def player_labels(config: ArenaConfig, rotation: int) -> list[str]:
    """The seat names of a game in the records: ``"rules (candidate)"``, ``"random (seat 2)"``."""
    return [
        f"{config.candidate} (candidate)" if s == rotation else f"{config.reference} (seat {s + 1})" for s in range(4)
    ]


def play_deals(config: ArenaConfig, deals: Iterable[int], keep_records: bool = True) -> DealBatch:
    """Play the four rotations of each deal in ``deals``; deterministic for the config's seed."""
    meters = {role: Meter() for role in ROLES}
    batch = DealBatch([], [], meters)
    for deal in deals:
        game_seed = deal_seed(config.seed, deal)
        for rotation in range(4):
            players = []
            for seat in range(4):
                role = "candidate" if seat == rotation else "reference"
                inner = config.make(role, player_seed(config.seed, deal, seat, role))
                players.append(metered(inner, meters[role]))
            game = play_game(Game.new(config.rules, seed=game_seed, dealer=deal % 4), players)
            batch.outcomes.append(_outcome(game, deal, rotation))
            if keep_records:
                batch.records.append(
                    record_game(
                        game,
                        player_labels(config, rotation),
                        arena_seed=config.seed,
                        deal=deal,
                        candidate=config.candidate,
                        candidate_seat=rotation,
                        reference=config.reference,
                        candidate_options=dict(config.candidate_options),
                        reference_options=dict(config.reference_options),
                    )
                )
    return batch


def _chunks(deals: int, jobs: int) -> list[range]:
    size = max(1, min(25, math.ceil(deals / (jobs * 8))))
    return [range(start, min(deals, start + size)) for start in range(0, deals, size)]


# -- statistics ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """A mean with its 95 % interval; ``low``/``high`` are ``None`` with fewer than 2 samples."""

    mean: float
    low: float | None
    high: float | None
    sd: float | None
    n: int

    @classmethod
    def of(cls, samples: Sequence[float]) -> Interval:
        n = len(samples)
        mean = statistics.fmean(samples) if samples else 0.0
        if n < 2:
            return cls(mean, None, None, None, n)
        sd = statistics.stdev(samples)
        half = t95(n - 1) * sd / math.sqrt(n)
        return cls(mean, mean - half, mean + half, sd, n)

    @property
    def clear_of_zero(self) -> bool:
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def deals_to_resolve(self, difference: float) -> int | None:
        """The fewest deals (in all) at which a 95 % interval with this sample's standard deviation
        would be narrower than ``difference`` Punkte per game on either side: the smallest ``n``
        with ``t95(n - 1) · sd / √n < difference``. While the interval includes a mean of
        ``difference``, that is more deals than the sample has. ``None`` without a spread (fewer
        than 2 samples, or all alike) or for a ``difference`` of 0 or less."""
        if self.sd is None or self.sd <= 0 or difference <= 0:
            return None
        # (z · sd / difference)² is a lower bound (t > z); the half-width falls with n, and the
        # answer lies a few deals above the bound, so count up from it
        n = max(2, math.ceil((Z95 * self.sd / difference) ** 2))
        while t95(n - 1) * self.sd / math.sqrt(n) >= difference:
            n += 1
        return n


@dataclass
class ArenaResult:
    """A finished match (see the module docstring for every figure).

    Attributes:
        config: what was played; ``jobs``: workers used (processes, or the CPUs of the Ray cluster).
        outcomes: every game, sorted by deal and rotation.
        meters: time and memory per role.
        records: the game records (empty if not kept), in the order of ``outcomes``.
        backend: ``"process"`` or ``"ray"`` (see :mod:`doppelkopf.cluster`).
    """

    config: ArenaConfig
    jobs: int
    outcomes: list[GameOutcome]
    meters: dict[str, Meter]
    records: list[GameRecord]
    backend: str = "process"

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def deal_points(self) -> dict[int, list[float]]:
        """Per deal the candidate's Punkte in rotations 0..3."""
        out: dict[int, list[float]] = {}
        for o in self.outcomes:
            out.setdefault(o.deal, []).append(o.points[o.rotation])
        return out

    def seats(self, role: str, outcome: GameOutcome) -> list[int]:
        return [outcome.rotation] if role == "candidate" else [s for s in range(4) if s != outcome.rotation]

    def punkte(self, role: str) -> Interval:
        """Mean Punkte per game of ``role``, one sample per deal (its mean over the deal's games)."""
        per_deal: dict[int, list[int]] = {}
        for o in self.outcomes:
            per_deal.setdefault(o.deal, []).extend(o.points[s] for s in self.seats(role, o))
        return Interval.of([statistics.fmean(v) for _, v in sorted(per_deal.items())])

    def role_stats(self, role: str) -> dict[str, Any]:
        """Every figure of ``role`` as JSON data."""
        seat_games = scored = wins = 0
        solos: Counter[str] = Counter()
        solos_won: Counter[str] = Counter()
        solo_points = 0
        declared: Counter[str] = Counter()
        made: Counter[str] = Counter()
        made_won: Counter[str] = Counter()
        for o in self.outcomes:
            for seat in self.seats(role, o):
                seat_games += 1
                if o.thrown_in:
                    continue
                scored += 1
                won = o.winner is not None and o.winner == o.parties[seat]
                wins += won
                if o.declarer == seat and o.game_type is not None:
                    declared[o.game_type] += 1
                    gt = GameType[o.game_type.upper()]
                    if gt.is_declared_solo or gt is GameType.STILLE_HOCHZEIT:
                        solos[o.game_type] += 1
                        solos_won[o.game_type] += won
                        solo_points += o.points[seat]
                for a_seat, _party, level in o.announcements:
                    if a_seat == seat:
                        key = LEVEL_KEYS.get(level, "re_kontra")
                        made[key] += 1
                        made_won[key] += won
        punkte = self.punkte(role)
        n_solos = sum(solos.values())
        n_made = sum(made.values())
        out: dict[str, Any] = {
            "player": self.config.candidate if role == "candidate" else self.config.reference,
            "punkte_per_game": {
                "mean": round(punkte.mean, 4),
                "ci95": None
                if punkte.low is None or punkte.high is None
                else [round(punkte.low, 4), round(punkte.high, 4)],
                "sd_per_deal": None if punkte.sd is None else round(punkte.sd, 4),
                "deals": punkte.n,
            },
            "seat_games": seat_games,
            "games_scored": scored,
            "party_wins": wins,
            "win_rate": round(wins / scored, 4) if scored else None,
            "solos": {
                "played": n_solos,
                "won": sum(solos_won.values()),
                "punkte_mean": round(solo_points / n_solos, 3) if n_solos else None,
                "by_type": {k: {"played": solos[k], "won": solos_won[k]} for k in sorted(solos)},
            },
            "declared_games": dict(sorted(declared.items())),
            "announcements": {
                "made": n_made,
                "per_game": round(n_made / seat_games, 4) if seat_games else None,
                "successful": sum(made_won.values()),
                "by_level": {k: {"made": made[k], "successful": made_won[k]} for k in sorted(made)},
            },
        }
        out.update(self.meters[role].to_json())
        return out

    @property
    def verdict(self) -> str:
        """One sentence on the candidate's mean: clear of zero, too short to tell (with about how
        many deals in all would tell, always more than were played), no difference found, or no
        spread at all (every deal gave the candidate the same mean, e.g. a player against itself)."""
        p = self.punkte("candidate")
        who = f"{self.config.candidate} vs {self.config.reference}"
        if p.low is None or p.high is None or p.sd is None:
            return f"{who}: too short to tell: one deal gives no interval"
        deals = f"{p.n} deals"  # two or more from here on
        if p.sd == 0:
            return (
                f"{who}: the candidate's mean was {p.mean:+.2f} Punkte per game in each of the {deals}: "
                "no spread, so no interval and no estimate of the deals needed"
            )
        if p.clear_of_zero:
            side = "better" if p.mean > 0 else "worse"
            return (
                f"{who}: the candidate is {side} by {p.mean:+.2f} Punkte per game "
                f"(95% interval {p.low:+.2f} .. {p.high:+.2f}, {deals})"
            )
        interval = f"the 95% interval {p.low:+.2f} .. {p.high:+.2f} includes 0 after {deals}"
        if abs(p.mean) >= 0.005:
            need = p.deals_to_resolve(abs(p.mean))
            return (
                f"{who}: too short to tell: {interval}; if the difference of {abs(p.mean):.2f} Punkte per game "
                f"is real, about {need} deals in all would show it"
            )
        half = (p.high - p.low) / 2
        if half > 0.1:
            need = p.deals_to_resolve(0.1)
            return (
                f"{who}: too short to tell, no difference seen: {interval}; about {need} deals in all would show "
                "a difference of 0.10 Punkte per game"
            )
        return f"{who}: no difference found: {interval}; the players are within ±{half:.2f} Punkte per game"

    def to_json(self) -> dict[str, Any]:
        c = self.config
        thrown = sum(1 for o in self.outcomes if o.thrown_in)
        return {
            "candidate": {"name": c.candidate, "options": dict(c.candidate_options)},
            "reference": {"name": c.reference, "options": dict(c.reference_options)},
            "rules": c.rules.name,
            "seed": c.seed,
            "deals": c.deals,
            "games": self.games,
            "games_thrown_in": thrown,
            "jobs": self.jobs,
            "backend": self.backend,
            "verdict": self.verdict,
            "players": {role: self.role_stats(role) for role in ROLES},
            "deal_points": {str(d): v for d, v in sorted(self.deal_points.items())},
        }


def run_arena(
    config: ArenaConfig,
    jobs: int | None = 1,
    on_progress: Callable[[int], None] | None = None,
    keep_records: bool = True,
    backend: str = "process",
    ray_address: str | None = None,
) -> ArenaResult:
    """Play the match ``config`` and return its :class:`ArenaResult`.

    ``backend`` (see :mod:`doppelkopf.cluster`): ``"process"`` plays in ``jobs`` worker processes
    (:class:`doppelkopf.cluster.ProcessPool`; ``None``: all cores), 1 in this process;
    ``"ray"`` plays the chunks of deals as Ray tasks, on a local Ray started with ``jobs`` CPUs
    (``None``: all cores) or on the cluster at ``ray_address`` (then the cluster's CPUs count, and
    ``jobs`` is not used). ``on_progress(n)`` is called after each batch of ``n`` deals. The
    outcomes and records are the same for every backend and number of workers (only times and
    memory samples differ); :attr:`ArenaResult.jobs` is the number of workers used. Not so for a
    player with a wall-clock budget (``search-strong``, option ``time_per_move``): its search
    stops by the clock, so its games are not reproducible on any backend (use ``samples``).
    Raises :class:`ValueError` naming the option for a bad config, ``jobs`` below 1, an unknown
    backend, a ``ray_address`` without the ray backend (:class:`doppelkopf.cluster.ClusterError`:
    also ray not installed, a cluster that cannot be reached), and whatever a game raises (an
    illegal action names the player): raised as soon as the chunk of that game comes back. The
    chunks go out one per worker and one more at a time, so the match stops there (so it does on
    Ctrl-C): the chunk queued is cancelled (on Ray it runs unread) and the chunks running are not
    waited for.
    """
    from .cluster import cancel, check_backend, executor_workers, make_executor

    config.check()
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs: need at least 1, got {jobs}")
    check_backend(backend, ray_address)
    batches: list[tuple[int, DealBatch]] = []
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    chunks = _chunks(config.deals, workers)
    if backend == "process" and (workers == 1 or len(chunks) == 1):
        for chunk in chunks:
            batches.append((chunk.start, play_deals(config, chunk, keep_records)))
            if on_progress is not None:
                on_progress(len(chunk))
    else:
        executor = make_executor(backend, workers, ray_address)
        futures: dict[Future[DealBatch], range] = {}
        try:
            if executor_workers(executor) != workers:  # a Ray cluster: chunks for its CPUs
                workers = executor_workers(executor)
                chunks = _chunks(config.deals, workers)
            # one chunk per worker in flight and one queued, the next sent as one comes back: after an
            # error nothing is left queued to play for nothing (Ray's tasks are not cancelled, see
            # doppelkopf.cluster.RayExecutor.cancel)
            waiting = iter(chunks)
            while True:
                for chunk in itertools.islice(waiting, workers + 1 - len(futures)):
                    futures[executor.submit(play_deals, config, chunk, keep_records)] = chunk
                if not futures:
                    break
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in done:
                    chunk = futures.pop(future)
                    batches.append((chunk.start, future.result()))
                    if on_progress is not None:
                        on_progress(len(chunk))
        except BaseException:
            # an error or Ctrl-C: drop the chunks in flight and do not wait for the match to end.
            # Each future is cancelled here: the pool's own cancel_futures runs later in its manager
            # thread, and not at all once the pool object is gone (the main thread raises on at once)
            for future in futures:
                cancel(executor, future)
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        executor.shutdown()
    batches.sort(key=lambda item: item[0])
    meters = {role: Meter() for role in ROLES}
    outcomes: list[GameOutcome] = []
    records: list[GameRecord] = []
    for _, batch in batches:
        outcomes.extend(batch.outcomes)
        records.extend(batch.records)
        for role in ROLES:
            meters[role].merge(batch.meters[role])
    return ArenaResult(config, workers, outcomes, meters, records, backend)


def save_json(data: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write ``data`` (e.g. :meth:`ArenaResult.to_json`) as pretty JSON to ``path`` atomically (a
    temporary file moved over ``path``, as records are written). Raises
    :class:`~doppelkopf.record.RecordError` naming the path when writing fails."""
    from pathlib import Path

    write_atomic(Path(path), json.dumps(data, ensure_ascii=False, indent=2) + "\n")
