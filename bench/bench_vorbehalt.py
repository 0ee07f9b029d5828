"""Benchmark: the Vorbehalt by search (issue 15) against the rule player's answer.

Run from the repository root, one of three subcommands::

    python bench/bench_vorbehalt.py solo  [--rules ddv] [--deals 1000] [--start 0] [--margin 0.5] [--z 1.0]
        [--prefilter -4|none] [--calibration ddv|none] [--samples 12] [--rollouts 8]
        [--card-play easy|rules] [--show-changes]
    python bench/bench_vorbehalt.py calib [--rules ddv] [--deals 400] [--start 0] [--prefilter -4|none]
        [--samples 12] [--rollouts 8] [--card-play easy|rules]
    python bench/bench_vorbehalt.py cost  [--rules ddv] [--deals 1000] [--start 0] [--margin 0.5] [--z 1.0]
        [--prefilter -4|none] [--calibration ddv|none] [--samples 12] [--rollouts 8] [--slow-ms 300]

Every subcommand deals the games with seeds ``start .. start + deals - 1`` and dealer 3, so seat 0
is asked first in the Vorbehaltsabfrage (TSR 4.1) and sees no earlier answer; only that seat's
answer is measured. The search is :class:`~doppelkopf.players.search_player.SearchPlayer` with
``vorbehalt_search=True`` (seed 1; method in :mod:`~doppelkopf.players.vorbehalt_search`); the
options' defaults are those of ``search-v2`` (margin 0.5 Punkte, z 1, calibration ``ddv``,
prefilter -4, 12 deals x 8 rollouts). The rule player's answer
(:class:`~doppelkopf.players.rules_player.RuleBasedPlayer`) is ``search-v1``'s. The first line
printed is the command line (to rerun it), the second the settings in full. All Punkte are score
points (TSR 7) of seat 0; no Augen (card points) are reported.

``solo``: paired measurement of the decision. Per deal seat 0 answers once as the rule player
(``v1``) and once by search (``new``). Where the answers are equal and not a solo, both games are
the same and the difference is 0 (not played). Otherwise both games are played to the end by the
same card players (``--card-play easy``: ``search-easy`` at every seat, ``rules``: rule players;
seeded by the deal, so both games differ only through seat 0's answer). Printed:

* per side: soli declared by seat 0 (``game.declarer`` is seat 0 in a declared solo), the share
  won (Punkte > 0) and the mean Punkte per solo;
* the number of changed decisions and the paired difference ``new - v1`` of seat 0's Punkte per
  deal with its 95 % interval (mean +- 1.96 standard errors over all deals, the unchanged ones
  counting 0): positive means the search gains; an interval that holds 0 shows no effect;
* the breakdown by kind of change (``gesund``, ``solo``, ``Hochzeit``, ``Armut``), e.g.
  ``gesund -> solo: 25 decisions, +85 Punkte (+3.40 per decision)``: where the gain comes from;
* the time of the Vorbehalt decision (the first search includes numba's load of the kernel);
* with ``--show-changes`` one line per changed deal: seed, answers (record keys), Punkte of each.

A Vorbehalt answer changes in only a few percent of the deals, so thousands of deals are needed
for an interval clear of 0.

``calib``: calibration of the estimate. For every deal where the rule player does not say
Schmeissen and more than one candidate is left after the prefilter, every candidate
(:func:`~doppelkopf.players.vorbehalt_search.candidates`) gets its estimate
(:func:`~doppelkopf.players.vorbehalt_search.vorbehalt_values`, uncalibrated) and is played out
once by the card players of ``--card-play`` (the other seats answer as those players do). Printed
per game type: ``n`` candidates, mean estimate, mean realized Punkte and the bias ``realized -
estimate`` with its 95 % interval, then the biases as a dict in the form of
:data:`~doppelkopf.players.vorbehalt_search.DDV_CALIBRATION` (the offsets ``choose_vorbehalt``
adds). A positive bias means the search underrates that game type. The realized Punkte depend on
who plays the cards: fit with the card play of the player that will use the offsets.

``cost``: time of one Vorbehalt decision of seat 0 (``SearchPlayer.choose``, wall clock, one
process, one core): mean, p50, p99 and max over all deals, and the same over the searched
decisions only (more than one candidate; the others return the rule player's answer at once). The
first searched decision includes numba's load (compile or cache read) of the kernel, which is
printed apart; it is once per process, not per decision. Decisions slower than ``--slow-ms`` are
listed with their candidates.
"""

from __future__ import annotations

import argparse
import inspect
import math
import shlex
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import play_game
from doppelkopf.players.base import Player
from doppelkopf.players.rules_player import RuleBasedPlayer
from doppelkopf.players.search_player import SEARCH_V2, SearchPlayer, search_level
from doppelkopf.players.vorbehalt_search import candidates, vorbehalt_values
from doppelkopf.rules import PRESETS, GameType, RuleSet, get_preset

#: The dealer of every game: seat 0 is then asked first.
DEALER = 3
#: The search player's seed (its Vorbehalt deals depend on it, not on the game's seed alone).
SEARCH_SEED = 1


class FixedVorbehalt(Player):
    """A seat whose first Vorbehalt answer is ``answer``; every other decision is ``inner``'s."""

    def __init__(self, answer: int, inner: Player) -> None:
        super().__init__(inner.name)
        self.answer = answer
        self.inner = inner
        self._answered = False

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.inner.reset(seat, rules, seed)
        self._answered = False

    def choose(self, info: InformationState) -> int:
        if info.phase is Phase.VORBEHALT and not self._answered:
            self._answered = True
            return self.answer
        return self.inner.choose(info)

    def react(self, info: InformationState) -> int | None:
        return self.inner.react(info)


def card_player(kind: str, seed: int) -> Player:
    """The card player of ``--card-play``: ``"rules"`` a rule player, ``"easy"`` ``search-easy``."""
    return RuleBasedPlayer(seed) if kind == "rules" else search_level("easy", seed)


def play_out(rules: RuleSet, deal: int, answer: int, card_play: str) -> Game:
    """The game of ``deal`` (dealer 3) with seat 0 answering ``answer``, played to the end."""
    players: list[Player] = [FixedVorbehalt(answer, card_player(card_play, deal))]
    players += [card_player(card_play, deal + k) for k in (1, 2, 3)]
    return play_game(Game.new(rules, seed=deal, dealer=DEALER), players)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half width of the 95 % interval (1.96 standard errors; ``nan`` below 2 values)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def interval_text(values: Sequence[float]) -> str:
    """``mean +- half (95 % interval)`` of :func:`interval` in words; with fewer than two values
    there is no interval, and the text says so instead of printing ``nan``."""
    mean, half = interval(values)
    if math.isnan(mean):
        return "no deals"
    if math.isnan(half):
        return f"{mean:+.3f} (one deal: no interval)"
    return f"{mean:+.3f} +- {half:.3f} (95 % interval)"


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0..1) of ascending ``sorted_values``."""
    return sorted_values[round(q * (len(sorted_values) - 1))]


def kind(action: int) -> str:
    """The kind of a Vorbehalt answer: gesund, solo, Hochzeit, Armut (Schmeissen names none)."""
    if not Action.is_vorbehalt(action):
        return "Schmeissen" if action == Action.SCHMEISSEN else Action.key(action)
    gt = Action.game_type(action)
    if gt.is_declared_solo:
        return "solo"
    return {GameType.NORMAL: "gesund", GameType.HOCHZEIT: "Hochzeit", GameType.ARMUT: "Armut"}.get(gt, gt.name)


def is_solo(action: int) -> bool:
    return Action.is_vorbehalt(action) and Action.game_type(action).is_declared_solo


def searcher(args: argparse.Namespace) -> SearchPlayer:
    """Seat 0's Vorbehalt search with the options of ``args``."""
    return SearchPlayer(
        seed=SEARCH_SEED,
        vorbehalt_search=True,
        vorbehalt_samples=args.samples,
        vorbehalt_rollouts=args.rollouts,
        vorbehalt_margin=args.margin,
        vorbehalt_z=args.z,
        vorbehalt_prefilter=args.prefilter,
        vorbehalt_calibration=args.calibration,
    )


def searched_answer(
    args: argparse.Namespace, rules: RuleSet, deal: int
) -> tuple[InformationState, SearchPlayer, int, float]:
    """Deal ``deal`` (dealer :data:`DEALER`) and let the seat asked first answer by search: its
    information state, the player (with its ``vorbehalt_log``), the answer and the seconds it took."""
    game = Game.new(rules, seed=deal, dealer=DEALER)
    info = game.information_state(game.current_player)
    player = searcher(args)
    player.reset(info.seat, rules, deal)
    t0 = time.perf_counter()
    answer = player.choose(info)
    return info, player, answer, time.perf_counter() - t0


def run_solo(args: argparse.Namespace) -> None:
    rules = get_preset(args.rules)
    rule = RuleBasedPlayer(SEARCH_SEED)
    diffs: list[float] = []
    seconds: list[float] = []
    soli = {"v1": [0, 0, 0], "new": [0, 0, 0]}  # soli declared by seat 0, won, Punkte in all
    changes: list[tuple[int, int, int, int, int]] = []  # deal, v1 answer, new answer, Punkte v1, Punkte new
    for deal in range(args.start, args.start + args.deals):
        info, _, new, dt = searched_answer(args, rules, deal)
        seat = info.seat
        seconds.append(dt)
        rule.reset(seat, rules, deal)
        old = rule.choose(info)
        if new == old and not is_solo(old):
            diffs.append(0.0)  # the same answer and no solo: the same game twice
            continue
        v1_game = play_out(rules, deal, old, args.card_play)
        new_game = v1_game if new == old else play_out(rules, deal, new, args.card_play)
        punkte: dict[str, int] = {}
        for label, played in (("v1", v1_game), ("new", new_game)):
            punkte[label] = played.score().points[seat]
            if played.declarer == seat and played.game_type.is_declared_solo:
                soli[label][0] += 1
                soli[label][1] += punkte[label] > 0
                soli[label][2] += punkte[label]
        diffs.append(punkte["new"] - punkte["v1"])
        if new != old:
            changes.append((deal, old, new, punkte["v1"], punkte["new"]))

    print(f"seat 0 (asked first, dealer {DEALER}): deals {args.start}..{args.start + args.deals - 1}")
    for label, who in (("v1", "rule player"), ("new", "search")):
        count, won, total = soli[label]
        share = f"{won / count:.0%}" if count else "-"
        per_solo = f"{total / count:+.2f}" if count else "-"
        who = f"({who}):"
        print(f"  {label:<3} {who:<14} soli declared {count}, won {won} ({share}), mean Punkte per solo {per_solo}")
    print(f"decisions changed: {len(changes)} of {plural(len(diffs), 'deal')}")
    print(f"Punkte of seat 0 per deal, new - v1: {interval_text(diffs)}")
    by_kind: dict[str, list[int]] = defaultdict(list)
    for _, old, new, p_old, p_new in changes:
        by_kind[f"{kind(old)} -> {kind(new)}"].append(p_new - p_old)
    print("by kind of change (seat 0's Punkte, new - v1):")
    for name, values in sorted(by_kind.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        total = sum(values)
        print(
            f"  {name}: {plural(len(values), 'decision')}, {total:+d} Punkte ({total / len(values):+.2f} per decision)"
        )
    print(f"  all: {plural(len(changes), 'decision')}, {sum(p_new - p_old for *_, p_old, p_new in changes):+d} Punkte")
    print(
        f"Vorbehalt decision time: mean {1000 * sum(seconds) / len(seconds):.1f} ms, "
        f"max {1000 * max(seconds):.1f} ms (the first search includes numba's load of the kernel)"
    )
    if args.show_changes:
        print("changed deals (seed, v1 answer, new answer, Punkte v1, Punkte new):")
        for deal, old, new, p_old, p_new in changes:
            print(f"  {deal} {Action.key(old)} {Action.key(new)} {p_old:+d} {p_new:+d}")


def run_calib(args: argparse.Namespace) -> None:
    rules = get_preset(args.rules)
    rule = RuleBasedPlayer(SEARCH_SEED)
    rows: dict[str, list[tuple[float, int]]] = defaultdict(list)  # game type -> (estimate, realized Punkte)
    searched = 0
    for deal in range(args.start, args.start + args.deals):
        game = Game.new(rules, seed=deal, dealer=DEALER)
        seat = game.current_player
        info = game.information_state(seat)
        rule.reset(seat, rules, deal)
        baseline = rule.choose(info)
        if baseline == Action.SCHMEISSEN:
            continue
        actions = candidates(info, baseline, args.prefilter)
        if len(actions) == 1:
            continue
        estimate = vorbehalt_values(info, actions, baseline, args.samples, args.rollouts, SEARCH_SEED)
        if not estimate.deals:
            continue
        searched += 1
        for action in actions:
            realized = play_out(rules, deal, action, args.card_play).score().points[seat]
            rows[Action.game_type(action).name].append((estimate.values[action], realized))

    print(
        f"seat 0 (asked first, dealer {DEALER}): deals {args.start}..{args.start + args.deals - 1}, searched {searched}"
    )
    print("Punkte per candidate; bias = realized - estimate, with its 95 % interval")
    print(f"{'game type':<12} {'n':>5} {'estimate':>9} {'realized':>9} {'bias':>8} {'+-':>7}")
    offsets: dict[str, float] = {}
    for name, pairs in sorted(rows.items()):
        n = len(pairs)
        bias, half = interval([r - e for e, r in pairs])
        offsets[name] = round(bias, 2)
        est = sum(e for e, _ in pairs) / n
        real = sum(r for _, r in pairs) / n
        spread = "-" if math.isnan(half) else f"{half:.2f}"
        print(f"{name:<12} {n:>5} {est:>+9.2f} {real:>+9.2f} {bias:>+8.2f} {spread:>7}")
    print(f"offsets (form of DDV_CALIBRATION): {offsets}")


def run_cost(args: argparse.Namespace) -> None:
    rules = get_preset(args.rules)
    seconds: list[float] = []
    searched: list[float] = []
    first: float | None = None
    slow: list[str] = []
    for deal in range(args.start, args.start + args.deals):
        info, player, _, dt = searched_answer(args, rules, deal)
        seconds.append(dt)
        if player.vorbehalt_log:
            if first is None:
                first = dt
            else:
                searched.append(dt)
        if 1000 * dt > args.slow_ms:
            names = [answer_name(a) for a in candidates(info, player.rule.choose(info), args.prefilter)]
            slow.append(f"  deal {deal}: {1000 * dt:.0f} ms, candidates {', '.join(names)}")

    print(f"seat 0 (asked first, dealer {DEALER}): deals {args.start}..{args.start + args.deals - 1}")
    print(f"{'decisions':<38} {'n':>5} {'mean ms':>8} {'p50':>8} {'p99':>8} {'max':>8}")
    print(stats_line("all (first search included)", seconds))
    print(stats_line("searched (>1 candidate), first left out", searched))
    if first is not None:
        print(f"first searched decision: {1000 * first:.0f} ms (includes numba's load of the kernel, once per process)")
    print(f"slower than {args.slow_ms:g} ms: {len(slow)}")
    for line in slow:
        print(line)


def answer_name(action: int) -> str:
    return Action.game_type(action).name if Action.is_vorbehalt(action) else Action.key(action)


def stats_line(label: str, seconds: Sequence[float]) -> str:
    if not seconds:
        return f"{label:<38} {0:>5} {'-':>8} {'-':>8} {'-':>8} {'-':>8}"
    ms = sorted(1000 * s for s in seconds)
    mean = sum(ms) / len(ms)
    return (
        f"{label:<38} {len(ms):>5} {mean:>8.1f} {percentile(ms, 0.5):>8.1f} {percentile(ms, 0.99):>8.1f} {ms[-1]:>8.1f}"
    )


# -- argparse types, shared by the bench scripts (``from bench_vorbehalt import count, ...``) -------------


def count(minimum: int = 1) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum`` (1 for counts, 0 for a first seed)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number of at least {minimum}, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be a whole number of at least {minimum}, got {value}")
        return value

    parse.__name__ = f"count({minimum})"
    return parse


def number(text: str) -> float:
    """An argparse type: a finite number (not ``nan`` or ``inf``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, got {text!r}")
    return value


def nonnegative(text: str) -> float:
    """An argparse type: a finite number of 0 or more (a margin in Punkte, a z, milliseconds)."""
    value = number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a number of 0 or more, got {text!r}")
    return value


def preset(text: str) -> str:
    """An argparse type: the name of a rule preset (:data:`doppelkopf.rules.PRESETS`), as the preset spells it."""
    name = text.strip().lower()
    if name not in PRESETS:
        raise argparse.ArgumentTypeError(f"unknown rule set {text!r}; presets: {', '.join(sorted(PRESETS))}")
    return name


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1: ``1 deal``, ``2 deals``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def v2_default(option: str) -> Any:
    """The value of ``option`` in ``search-v2`` (:data:`SEARCH_V2`), else :class:`SearchPlayer`'s default."""
    return SEARCH_V2.get(option, inspect.signature(SearchPlayer).parameters[option].default)


def prefilter_value(text: str) -> float | None:
    """``--prefilter``: a number (rule-player solo margin) or ``none`` (every solo evaluated)."""
    if text.strip().lower() == "none":
        return None
    try:
        return number(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"must be a finite number or 'none', got {text!r}") from None


def calibration_value(text: str) -> str | None:
    """``--calibration``: ``ddv`` (DDV_CALIBRATION) or ``none`` (no offsets)."""
    if text not in ("ddv", "none"):
        raise argparse.ArgumentTypeError(f"must be 'ddv' or 'none', got {text!r}")
    return None if text == "none" else text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--rules", type=preset, default="ddv", help=f"preset: {', '.join(PRESETS)} (default ddv)")
    common.add_argument("--start", type=count(0), default=0, help="first deal seed, 0 or more (default 0)")
    common.add_argument(
        "--samples",
        type=count(1),
        default=v2_default("vorbehalt_samples"),
        help="deals drawn per candidate, at least 1 (default %(default)s)",
    )
    common.add_argument(
        "--rollouts",
        type=count(1),
        default=v2_default("vorbehalt_rollouts"),
        help="kernel rollouts per candidate and deal, at least 1 (default %(default)s)",
    )
    common.add_argument(
        "--prefilter",
        type=prefilter_value,
        default=v2_default("vorbehalt_prefilter"),
        help="evaluate only the soli whose rule-player solo margin is at least this number, "
        "or none: every solo (default %(default)s)",
    )
    choice = argparse.ArgumentParser(add_help=False)
    choice.add_argument(
        "--margin",
        type=nonnegative,
        default=v2_default("vorbehalt_margin"),
        help="Punkte a candidate must gain, 0 or more (default %(default)s)",
    )
    choice.add_argument(
        "--z",
        type=nonnegative,
        default=v2_default("vorbehalt_z"),
        help="standard errors the gain must clear, 0 or more (default %(default)s)",
    )
    choice.add_argument(
        "--calibration",
        type=calibration_value,
        default=v2_default("vorbehalt_calibration"),
        help="ddv or none (default: search-v2's)",
    )
    card = argparse.ArgumentParser(add_help=False)
    card.add_argument("--card-play", choices=("easy", "rules"), default="easy", help="card players (default easy)")

    solo = sub.add_parser("solo", parents=[common, choice, card], help="paired decisions: search vs rule player")
    solo.add_argument("--deals", type=count(1), default=1000, help="deals, at least 1 (default 1000)")
    solo.add_argument("--show-changes", action="store_true", help="one line per changed deal")
    solo.set_defaults(run=run_solo)
    calib = sub.add_parser("calib", parents=[common, card], help="estimate vs realized Punkte by game type")
    calib.add_argument("--deals", type=count(1), default=400, help="deals, at least 1 (default 400)")
    calib.set_defaults(run=run_calib)
    cost = sub.add_parser("cost", parents=[common, choice], help="time per Vorbehalt decision")
    cost.add_argument("--deals", type=count(1), default=1000, help="deals, at least 1 (default 1000)")
    cost.add_argument(
        "--slow-ms", type=nonnegative, default=300.0, help="list decisions slower than this (ms, default 300)"
    )
    cost.set_defaults(run=run_cost)
    args = parser.parse_args()

    print("command: python " + shlex.join(sys.argv))
    settings = {k: v for k, v in vars(args).items() if k not in ("run", "command")}
    print(f"settings ({args.command}): " + ", ".join(f"{k}={v}" for k, v in settings.items()))
    args.run(args)


if __name__ == "__main__":
    main()
