"""Random rule sets and random play under them, shared by ``tests/test_rule_fuzz.py`` (hypothesis)
and ``bench/bench_fuzz.py`` (a long campaign).

:func:`draw_options` draws every option of :class:`~doppelkopf.rules.RuleSet` from what its field
metadata documents (choices, :class:`~doppelkopf.rules.Range` of a number or of a list's entries
and length, for the deck drawn): most options keep their default or take an allowed value, and in
about one draw in three one option gets a value outside what it allows (a number past its range, a
wrong type, an unknown or repeated entry, a list too long); combinations of allowed values that no
table can play are left to chance. Nothing about the rules is coded here: the generator reads the
metadata, and the core decides what it refuses.

:func:`play_deals` plays deals under a rule set with a :class:`~doppelkopf.session.Session`
(dealer, Pflichtsolo, Vorführung, Bock): at each step the seat to move takes a random legal action
(its Vorbehalt, Armut, bidding and concession choices included), and now and then another seat
makes a random legal announcement, Schweine, claim or concession out of turn; per deal a
:class:`Policy` sets how often. It checks that every game ends within ``max_steps`` actions, that
the seat to move always has a legal action, that the Punkte of every game and row sum to zero, and
that :meth:`Game.replay <doppelkopf.game.Game.replay>` of the history gives the same score; a
breach raises :class:`FuzzFailure` with a reproducer.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
import signal
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from doppelkopf.game import Action, Game, Phase
from doppelkopf.rules import Range, RuleError, RuleSet, deck_limits
from doppelkopf.session import Session

FIELDS = {f.name: f for f in dataclasses.fields(RuleSet)}
NAMES = ("Anna", "Ben", "Carla", "Dirk")

#: ``solo_factors`` entries are ``game=N`` for the games a solo can be scored as: the keys
#: ``sonderpunkte_soli`` lists (the same games, see RuleSet.solo_factor_table).
_SOLO_FACTOR_GAMES: tuple[str, ...] = FIELDS["sonderpunkte_soli"].metadata["choices"]

#: Share of draws in which one option gets a value it does not allow.
BAD_OPTION_SHARE = 0.35
#: Share of options that keep their default in a draw (the rest take a random allowed value).
DEFAULT_SHARE = 0.5
#: Times a draw redraws an option that a refusal names (see draw_options).
REDRAWS = 10


# -- rule options --------------------------------------------------------------------------------


def _bounds(name: str, with_nines: bool) -> tuple[int, int] | None:
    bounds: Range | None = FIELDS[name].metadata.get("bounds")
    return None if bounds is None else bounds.bounds(with_nines)


def _allowed_int(rng: random.Random, name: str, with_nines: bool) -> int:
    bounds: Range = FIELDS[name].metadata["bounds"]
    low, high = bounds.bounds(with_nines)
    if rng.random() < 0.3:
        return rng.choice((low, high))
    return low + bounds.step * rng.randint(0, (high - low) // bounds.step)


def _allowed_value(rng: random.Random, name: str, with_nines: bool) -> Any:
    """A value the metadata of option ``name`` allows on its own (a combination may still be
    refused)."""
    meta = FIELDS[name].metadata
    default = FIELDS[name].default
    choices = meta.get("choices")
    length: Range | None = meta.get("length")
    if isinstance(default, bool):
        return rng.random() < 0.5
    if isinstance(default, int):
        return rng.choice(choices) if choices else _allowed_int(rng, name, with_nines)
    if isinstance(default, str):
        if choices:
            return rng.choice(choices)
        return rng.choice(("Haus", "Stammtisch Nord", "x", "Doppelkopf-Runde 1"))
    # a list
    if choices:
        picked = list(choices)
        rng.shuffle(picked)
        return picked[: rng.randint(0, len(picked))]
    if name == "solo_factors":
        games = list(_SOLO_FACTOR_GAMES)
        rng.shuffle(games)
        return [f"{game}={rng.randint(1, 100)}" for game in games[: rng.randint(0, 4)]]
    assert length is not None, f"{name}: a list option without choices needs a length range"
    low, high = length.bounds(with_nines)
    if name == "deal_packets":  # packets that together make a hand, in any split
        hand = deck_limits(with_nines)["hand"]
        cuts = sorted(rng.sample(range(1, hand), rng.randint(0, min(hand - 1, 4))))
        return [b - a for a, b in zip([0, *cuts], [*cuts, hand], strict=True)]
    numbers = [_allowed_int(rng, name, with_nines) for _ in range(rng.randint(low, high))]
    if rng.random() < 0.85:  # deadlines are usually ordered (falling by cards, rising by tricks)
        numbers.sort(reverse=FIELDS[name].default[0] > FIELDS[name].default[-1])
    return numbers


def _bad_value(rng: random.Random, name: str, with_nines: bool) -> Any:
    """A value option ``name`` does not allow: out of range, wrong type, unknown or repeated entry."""
    meta = FIELDS[name].metadata
    default = FIELDS[name].default
    choices = meta.get("choices")
    wrong_types = ["3", 2.5, None, {"a": 1}, [[1]]]
    if isinstance(default, bool):
        return rng.choice([1, 0, "true", *wrong_types])
    if isinstance(default, int):
        bounds = _bounds(name, with_nines)
        if bounds is not None:
            low, high = bounds
            return rng.choice([low - 1, high + 1, -1, 2**63, -(2**63), 10**30, True, *wrong_types])
        return rng.choice([3, 0, -2, True, *wrong_types])  # not among the choices
    if isinstance(default, str):
        if choices:
            return rng.choice(["bogus", choices[0].upper(), "", 7, *wrong_types])
        return rng.choice(["", "   ", "x" * 101, "a\nb", 7, *wrong_types])
    if choices:
        entry = rng.choice(choices)
        return rng.choice([[entry, entry], ["bogus"], entry, [7], 5, None])
    if name == "solo_factors":
        return rng.choice([["buben=0"], ["buben=101"], ["bube=2"], ["buben"], ["buben=2", "buben=3"], [2]])
    low_high = _bounds(name, with_nines)
    assert low_high is not None
    low, high = low_high
    good = list(default)
    spot = rng.randrange(len(good))
    bad = list(good)
    bad[spot] = rng.choice([low - 1, high + 1, -1, 2**63, "3", 2.5])
    length: Range = meta["length"]
    too_long = good + [low] * (length.bounds(with_nines)[1] + 1 - len(good))
    same_sum = [high + 1, sum(good) - high - 1]  # e.g. packets [13, -1]: 12 cards, as a hand needs
    return rng.choice([bad, same_sum, good[:-1], too_long, [], 5, "3,3,3,3"])


def draw_options(rng: random.Random) -> dict[str, Any]:
    """Every option of RuleSet as a TOML-like value (lists, not tuples), drawn from the metadata:
    ``DEFAULT_SHARE`` of them keep the default, the others take an allowed value for the deck drawn,
    and in ``BAD_OPTION_SHARE`` of the draws one option gets a value it does not allow."""
    with_nines = rng.random() < 0.7
    options: dict[str, Any] = {}
    for name, f in FIELDS.items():
        if name == "with_nines":
            options[name] = with_nines
        elif rng.random() < DEFAULT_SHARE and not (name == "deal_packets" and not with_nines):
            options[name] = list(f.default) if isinstance(f.default, tuple) else f.default
        else:
            options[name] = _allowed_value(rng, name, with_nines)
    if not with_nines:  # the defaults of the 48-card deck rarely fit 40 cards: mostly refit them
        for name in ("announcement_deadlines", "announcement_tricks"):
            if rng.random() < 0.8 and name in options:
                options[name] = _allowed_value(rng, name, with_nines)
    bad = None
    if rng.random() < BAD_OPTION_SHARE:
        bad = rng.choice(sorted(FIELDS))
        options[bad] = _bad_value(rng, bad, with_nines)
    # Allowed values of independent options often clash (e.g. armut_max_trumps above armut_cards): redraw
    # the option a refusal names a few times, mostly, so that most draws without a bad option can be played.
    for _ in range(REDRAWS):
        refused = build(options)
        if not isinstance(refused, RuleError) or rng.random() < 0.03:
            break
        named = [name for name in FIELDS if re.search(rf"\b{name}\b", str(refused))]
        if refused_option(refused) in (None, bad) or not named:
            break
        name = rng.choice(named)  # the option at fault or one the message says it clashes with
        if name != "with_nines":
            default = FIELDS[name].default
            use_default = rng.random() < 0.5 and (name != "deal_packets" or with_nines)
            options[name] = (
                (list(default) if isinstance(default, tuple) else default)
                if use_default
                else (_allowed_value(rng, name, with_nines))
            )
    return options


def build(options: dict[str, Any]) -> RuleSet | RuleError:
    """The rule set of ``options`` (as a rule file gives them), or the RuleError refusing it."""
    try:
        return RuleSet.from_dict(options)
    except RuleError as exc:
        return exc


def refused_option(error: RuleError) -> str | None:
    """The option a refusal names first (``solo_factors[1]: ...`` names ``solo_factors``), or None
    when the message does not start with an option of RuleSet."""
    head = str(error).split(":", 1)[0].split("[", 1)[0]
    return head if head in FIELDS else None


# -- random play ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    """How a deal's random players act (drawn per deal by :func:`draw_policy`).

    Attributes:
        vorbehalt: chance to answer with a Vorbehalt (solo, Hochzeit, Armut, Schmeissen) when one
            is legal, chosen among them at random; else gesund.
        announce: chance per move in play that the seat to move announces (when it may).
        out_of_turn: chance per move in play that another seat makes one of its legal actions
            (announcement, Schweine, claim, concession) out of turn.
        claim: chance per move that a seat allowed to claims the rest or gives it up.
        claim_max_cards: claims only with at most this many cards in the claimer's hand (an
            early claim can make the claim check search long; the test keeps it small).
    """

    vorbehalt: float
    announce: float
    out_of_turn: float
    claim: float
    claim_max_cards: int


def draw_policy(rng: random.Random, claim_max_cards: int) -> Policy:
    return Policy(
        vorbehalt=rng.choice((0.0, 0.2, 0.6, 1.0)),
        announce=rng.choice((0.0, 0.05, 0.3)),
        out_of_turn=rng.choice((0.0, 0.05, 0.3)),
        claim=rng.choice((0.0, 0.02, 0.2)),
        claim_max_cards=claim_max_cards,
    )


_SPECIAL = (Action.CLAIM, Action.CONCEDE)


class FuzzFailure(AssertionError):
    """A breach found by random play; ``kind`` is one of ``crash``, ``hang``, ``no_action``,
    ``not_zero_sum``, ``replay``, ``redeal``; :meth:`reproducer` says how to play it again."""

    def __init__(self, kind: str, detail: str, options: dict[str, Any], seed: int, deal: int, game: Game | None):
        self.kind = kind
        self.detail = detail
        self.options = options
        self.seed = seed
        self.deal = deal
        self.history = [] if game is None else [(seat, Action.key(action)) for seat, action in game.history]
        self.setup = (
            None
            if game is None
            else {
                "dealer": game.dealer,
                "deal_seed": game.seed,
                "pflichtsolo_done": list(game.pflichtsolo_done),
                "forced_solo_seat": game.forced_solo_seat,
                "forced_kind": game.forced_kind,
            }
        )
        super().__init__(f"{kind}: {detail}\n{self.reproducer()}")

    def reproducer(self) -> str:
        """Rule options, session seed, deal number, deal setup and the actions taken, as text."""
        changed = {k: v for k, v in self.options.items() if _differs(k, v)}
        return (
            f"rule options (others default): {changed!r}\n"
            f"play_deals(rules, seed={self.seed}, ...): deal {self.deal}, setup {self.setup}\n"
            f"actions (seat, key): {self.history}"
        )


def _differs(name: str, value: Any) -> bool:
    default = FIELDS[name].default if name in FIELDS else None
    return not (isinstance(default, tuple) and value == list(default)) and value != default


@dataclass
class Tally:
    """What random play saw: games by kind, steps, the slowest game."""

    games: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    slowest: float = 0.0
    slowest_where: str = ""


def _choose(game: Game, seat: int, legal: list[int], rng: random.Random, policy: Policy) -> int:
    phase = game.phase
    if phase is Phase.VORBEHALT:
        reserved = [a for a in legal if a != Action.GESUND]
        if Action.GESUND not in legal or (reserved and rng.random() < policy.vorbehalt):
            # a kind of Vorbehalt first (a solo, a Hochzeit, Armut, Schmeissen), so that the many soli
            # do not crowd out the others
            soli = [a for a in reserved if Action.is_vorbehalt(a) and Action.game_type(a).is_declared_solo]
            kinds = [[a] for a in reserved if a not in soli] + ([soli] if soli else [])
            return rng.choice(rng.choice(kinds))
        return Action.GESUND
    if phase is Phase.CONCESSION:
        announcements = [a for a in legal if Action.is_announcement(a)]
        return rng.choice(announcements) if announcements and rng.random() < policy.announce else Action.PASS
    if phase is not Phase.PLAY:  # Armut exchange, bidding
        return rng.choice(legal)
    cards = [a for a in legal if Action.is_card(a)]
    announcements = [a for a in legal if Action.is_announcement(a)]
    special = [a for a in legal if a in _SPECIAL and len(game.hands[seat]) <= policy.claim_max_cards]
    if Action.SCHWEINE in legal and (not cards or rng.random() < 0.5):
        return Action.SCHWEINE
    if special and rng.random() < policy.claim:
        return rng.choice(special)
    if announcements and (not cards or rng.random() < policy.announce):
        return rng.choice(announcements)
    if cards:
        return rng.choice(cards)
    return rng.choice(legal)


def _out_of_turn(game: Game, seat: int, rng: random.Random, policy: Policy) -> tuple[int, int] | None:
    other = (seat + rng.randint(1, 3)) % 4
    actions = [
        a
        for a in game.legal_actions(other)
        if a not in _SPECIAL or (len(game.hands[other]) <= policy.claim_max_cards and rng.random() < policy.claim * 5)
    ]
    return (other, rng.choice(actions)) if actions else None


def play_game(game: Game, rng: random.Random, policy: Policy, max_steps: int) -> int:
    """Play ``game`` to its end with random legal actions; return the number of actions taken.

    Raises ``_Breach`` (``no_action`` or ``hang``) for a state in which the seat to move has no
    legal action or a game past ``max_steps`` actions."""
    steps = 0
    while not game.is_terminal:
        if steps >= max_steps:
            raise _Breach("hang", f"not over after {max_steps} actions (phase {game.phase.name})")
        steps += 1
        seat = game.current_player
        legal = game.legal_actions()
        if not legal:
            raise _Breach("no_action", f"seat {seat} to move has no legal action in phase {game.phase.name}")
        if game.phase is Phase.PLAY and rng.random() < policy.out_of_turn:
            move = _out_of_turn(game, seat, rng, policy)
            if move is not None:
                game.apply(move[1], move[0])
                continue
        game.apply(_choose(game, seat, legal, rng, policy), seat)
    return steps


class _Breach(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    if not seconds:
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise _Breach("hang", f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _kind(game: Game) -> str:
    if game.thrown_in:
        return f"thrown_in:{game.thrown_reason}"
    return game.game_type.key


def play_deals(
    rules: RuleSet,
    options: dict[str, Any],
    seed: int,
    deals: int,
    *,
    claim_max_cards: int = 4,
    max_steps: int = 400,
    game_seconds: float | None = None,
    tally: Tally | None = None,
) -> Tally:
    """Play ``deals`` deals of a session under ``rules`` (made from ``options``, kept for the
    reproducer) with random players seeded by ``seed``; raises :class:`FuzzFailure` at the first
    breach (see the module docstring). Returns the tally (``tally`` if given, counted on).

    ``game_seconds`` (POSIX, main thread only) interrupts a game that runs longer and reports it
    as a ``hang``; compiled code is interrupted only when it returns."""
    tally = tally if tally is not None else Tally()
    rng = random.Random(seed)
    session = Session(rules, NAMES)
    for deal in range(deals):
        game: Game | None = None
        try:
            game = session.new_game(rng.getrandbits(32))
            policy = draw_policy(rng, claim_max_cards)
            started = time.perf_counter()
            with _time_limit(game_seconds):
                steps = play_game(game, rng, policy, max_steps)
            took = time.perf_counter() - started
            result = game.score()
            if sum(result.points) != 0:
                raise _Breach("not_zero_sum", f"Punkte {result.points} do not sum to zero")
            replayed = Game.replay(
                rules,
                game.initial_hands,
                game.dealer,
                game.history,
                seed=game.seed,
                pflichtsolo_done=game.pflichtsolo_done,
                forced_solo_seat=game.forced_solo_seat,
                forced_kind=game.forced_kind,
            )
            if not replayed.is_terminal or replayed.score() != result:
                raise _Breach("replay", f"the replay scores {replayed.score()!r}, the game {result!r}")
            row = session.record_result(game)
            if row is not None and sum(row.points) != 0:
                raise _Breach("not_zero_sum", f"row {row.points} of the Liste does not sum to zero")
        except FuzzFailure:
            raise
        except _Breach as exc:
            raise FuzzFailure(exc.kind, str(exc), options, seed, deal, game) from None
        except Exception as exc:  # anything else the engine raises is a crash
            kind = "redeal" if type(exc).__name__ == "SessionError" and "redeal" in str(exc) else "crash"
            raise FuzzFailure(kind, f"{type(exc).__name__}: {exc}", options, seed, deal, game) from exc
        tally.games[_kind(game)] += 1
        tally.steps += steps
        events = tally.events
        events["claim"] += game.claim is not None
        events["concede"] += game.conceded_by is not None
        events["bidding"] += bool(game.bids)
        events["schweine"] += game.schweine is not None
        events["announcements"] += len(game.announcements)
        events["forced_solo"] += game.forced_solo_seat is not None
        if took > tally.slowest:
            tally.slowest = took
            tally.slowest_where = f"seed {seed}, deal {deal}, {_kind(game)}, {steps} actions"
    return tally
