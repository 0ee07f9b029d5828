"""Every rule set either plays every deal to an end or is refused (issue 11).

The property test draws every option of RuleSet from the choices and ranges its metadata documents
(``tests/rule_fuzz.py``, shared with ``bench/bench_fuzz.py``), invalid values and combinations
included. A refused set must name an option first; any other is played for a few deals of a
session by random players (random Vorbehalte, Armut, bidding, Schmeissen, claims, concessions,
announcements in and out of turn), and every game must end within a bounded number of actions with
a legal action for every seat to move, Punkte that sum to zero and a replay that scores the same.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from doppelkopf.game import Action, Phase
from doppelkopf.rules import DDV, GameType, RuleError
from doppelkopf.scoring import GameSummary
from doppelkopf.session import MAX_REDEALS_IN_A_ROW, Session, SessionError
from rule_fuzz import FuzzFailure, Tally, build, draw_options, play_deals, refused_option

NAMES = ["Anna", "Ben", "Carla", "Dirk"]
FUZZ = settings(
    max_examples=500, derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@FUZZ
@given(draw=st.integers(0, 2**32 - 1), seed=st.integers(0, 2**32 - 1))
def test_every_rule_set_plays_or_is_refused(draw: int, seed: int) -> None:
    """``draw`` seeds the options (``draw_options(random.Random(draw))``, as the bench does), ``seed``
    the deals and the players."""
    options = draw_options(random.Random(draw))
    rules = build(options)
    if isinstance(rules, RuleError):
        message = str(rules)
        assert refused_option(rules) is not None, f"the refusal names no option first: {message}"
        assert "\n" not in message and len(message) < 400, message
        event("refused")
        return
    tally = play_deals(rules, options, seed, deals=4)  # raises FuzzFailure with a reproducer
    for kind in tally.games:
        event(f"played {kind}")


def test_the_generator_reaches_every_kind_of_game() -> None:
    """A fixed sample of 300 draws: refusals, and games of every kind with the house actions the
    property test claims to cover (so a change to the generator cannot quietly narrow it)."""
    tally = Tally()
    refused: Counter[str | None] = Counter()
    for number in range(300):
        options = draw_options(random.Random(number))
        rules = build(options)
        if isinstance(rules, RuleError):
            refused[refused_option(rules)] += 1
            continue
        play_deals(rules, options, number, deals=4, tally=tally)
    assert None not in refused and sum(refused.values()) >= 60
    solo_games = sum(tally.games[g.key] for g in GameType if g.is_declared_solo)
    assert solo_games >= 100 and tally.games["normal"] >= 50
    for kind in ("hochzeit", "stille_hochzeit", "armut", "thrown_in:schmeissen"):
        assert tally.games[kind] >= 1, (kind, tally.games)
    for seen in ("claim", "concede", "bidding", "forced_solo", "schweine", "announcements"):
        assert tally.events[seen] >= 1, (seen, tally.events)


def test_a_failure_carries_a_reproducer() -> None:
    """A game that cannot end within the step bound is reported with its options, seed and actions."""
    options = {"solo_factor": 6}
    with pytest.raises(FuzzFailure) as info:
        play_deals(DDV.replace(**options), options, seed=3, deals=1, max_steps=5)
    failure = info.value
    assert failure.kind == "hang" and failure.deal == 0 and len(failure.history) == 5
    assert "{'solo_factor': 6}" in str(failure) and "seed=3" in str(failure)


# -- the redeal guard (endless Schmeissen) ------------------------------------------------------------


def throw_in_when_allowed(session: Session, seed: int) -> object:
    """Deal and let every seat throw in whenever the rules allow (computer players may); return what
    ``record_result`` returns."""
    game = session.new_game(seed)
    while game.phase is Phase.VORBEHALT:
        legal = game.legal_actions()
        game.apply(Action.SCHMEISSEN if Action.SCHMEISSEN in legal else Action.GESUND)
    assert game.thrown_in, "a deal with all four hands at exactly 60 Augen"
    return session.record_result(game)


def test_endless_redeal_stops_with_one_line_naming_the_rules() -> None:
    """augen_low = augen_high = 60 is allowed (a deal with four hands of exactly 60 Augen plays), but
    nearly every deal has a hand off 60: with players who always throw in, the session stops at the
    1,000th deal thrown in a row instead of dealing for ever, and says which rules to check."""
    rules = DDV.replace(
        pflichtsolo=False, schmeissen=("augen_low", "augen_high"), schmeissen_augen_low=60, schmeissen_augen_high=60
    )
    session = Session(rules, NAMES)
    for seed in range(MAX_REDEALS_IN_A_ROW - 1):
        assert throw_in_when_allowed(session, seed) is None
    assert session.deals == MAX_REDEALS_IN_A_ROW - 1 and session.games == 0
    with pytest.raises(SessionError) as info:
        throw_in_when_allowed(session, 10**6)
    message = str(info.value)
    assert message.startswith(f"redeal: {MAX_REDEALS_IN_A_ROW} deals in a row thrown in")
    assert "schmeissen (augen_low, augen_high)" in message and "\n" not in message
    assert session.deals == MAX_REDEALS_IN_A_ROW - 1  # the session is unchanged by the refusal


def test_a_counted_game_ends_the_run_of_redeals() -> None:
    session = Session(DDV.replace(pflichtsolo=False), NAMES)
    for _ in range(MAX_REDEALS_IN_A_ROW - 1):
        session.record_redeal()
    session.record_summary(GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=151))
    for _ in range(MAX_REDEALS_IN_A_ROW - 1):
        session.record_redeal()
    assert session.deals == 2 * MAX_REDEALS_IN_A_ROW - 1 and session.redeals_in_a_row == MAX_REDEALS_IN_A_ROW - 1
    with pytest.raises(SessionError, match="^redeal: "):
        session.record_redeal()
