"""Every preset plays: whole sessions of computer players under each house's rules.

For each preset (``ddv``, ``ohne-neunen`` of seed 000, ``doppelbock`` of seed 002, ``vier-schritte``
of seed 004) random players and rule-based players each play a session of ``GAMES`` counted games
(2000 games in all, deals thrown in not counted). The runner rejects any action that the engine
does not list as legal, so a finished session already shows that every decision was legal. The
invariants checked on top, as the core issue states them:

* every game played out has 240 Augen in its tricks, ``hand_size`` tricks of four cards; a deal
  thrown in (Schmeissen, an Armut nobody takes) has no tricks and 0 Punkte for everyone;
* every row of the session's Liste sums to zero, and the Liste checks out;
* every game's record survives JSON unchanged, replays action by action to the same history and
  score (:func:`doppelkopf.record.verify` compares the stored result), and its trick view holds
  every trick with all 240 Augen and every announcement made in play.

The house rules must really have been played (else the invariants would prove little): each
session must show the decisions its rules add, e.g. Schweine and claims under ``ohne-neunen``,
Schmeissen, Armut and the bidding under ``doppelbock``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from doppelkopf.game import Action, Game
from doppelkopf.players import Player, RandomPlayer, RuleBasedPlayer, play_session
from doppelkopf.record import trick_views
from doppelkopf.rules import get_preset
from doppelkopf.session import Session
from test_record import round_trip

PRESETS = ("ddv", "ohne-neunen", "doppelbock", "vier-schritte")
GAMES = 250
NAMES = ("Anna", "Ben", "Carla", "Dirk")


def players_of(kind: str) -> list[Player]:
    if kind == "random":
        # Vorbehalte and announcements more often than the defaults, so every kind of game occurs
        return [RandomPlayer(seed, p_vorbehalt=0.2, p_announce=0.2) for seed in range(4)]
    return [RuleBasedPlayer(seed) for seed in range(4)]


def action_kind(action: int) -> str:
    """The record key of ``action`` without its card or game type (``armut:lay``, ``vorbehalt``)."""
    key = Action.key(action)
    if Action.is_card(action):
        return "card"
    for prefix in ("armut:lay", "armut:return", "vorbehalt:hochzeit", "announce"):
        if key.startswith(prefix):
            return prefix
    if key.startswith("vorbehalt:") and key not in ("vorbehalt:schmeissen", "vorbehalt:armut"):
        return "vorbehalt"
    return key


#: Decisions each session must contain (seeds fixed: the sessions are deterministic).
EXPECTED: dict[tuple[str, str], set[str]] = {
    ("ddv", "random"): {"vorbehalt", "announce"},
    ("ddv", "rules"): {"vorbehalt:hochzeit", "announce"},
    ("ohne-neunen", "random"): {"schweine", "claim", "vorbehalt:hochzeit"},
    ("ohne-neunen", "rules"): {"schweine", "claim", "vorbehalt:hochzeit"},
    ("doppelbock", "random"): {
        "vorbehalt:schmeissen",
        "vorbehalt:armut",
        "armut:lay",
        "armut:take",
        "armut:refuse",
        "armut:return",
        "bid:raise",
        "bid:pass",
    },
    ("doppelbock", "rules"): {"vorbehalt:schmeissen", "vorbehalt:armut", "armut:lay", "armut:take", "armut:return"},
    ("vier-schritte", "random"): {"vorbehalt", "announce"},
    ("vier-schritte", "rules"): {"vorbehalt:hochzeit", "announce"},
}


def check_game(game: Game) -> None:
    rules = game.rules
    assert game.is_terminal
    if game.thrown_in:
        assert game.redeal_same_dealer
        assert game.tricks == [] and game.score().points == (0, 0, 0, 0)
    else:
        assert len(game.tricks) == rules.hand_size
        assert all(len(t.cards) == 4 for t in game.tricks)
        assert sum(t.augen for t in game.tricks) == 240
        assert sum(game.score().points) == 0
    again = round_trip(game)
    assert again.score() == game.score()
    views = trick_views(again)
    assert len(views) == len(game.tricks)
    if not game.thrown_in:
        assert sum(v.augen for v in views) == 240
    made = [(a.seat, a.level) for v in views for a in v.announcements]
    assert made == [(a.seat, a.level) for a in game.announcements if not a.by_bid]


@pytest.mark.parametrize("kind", ["random", "rules"])
@pytest.mark.parametrize("name", PRESETS)
def test_sessions_play_to_the_end_with_the_invariants(name: str, kind: str) -> None:
    rules = get_preset(name)
    session = Session(rules, NAMES)
    seen: Counter[str] = Counter()
    counted = thrown_in = 0
    for game in play_session(rules, players_of(kind), GAMES, seed=3, session=session):
        check_game(game)
        seen.update(action_kind(a) for _, a in game.history)
        if game.thrown_in:
            thrown_in += 1
        else:
            counted += 1
    assert counted == GAMES == len(session.sheet.rows)
    assert session.deals == GAMES + thrown_in
    assert all(sum(row.points) == 0 for row in session.sheet.rows)
    session.sheet.check()
    assert sum(session.sheet.totals.values()) == 0
    missing = EXPECTED[(name, kind)] - set(seen)
    assert not missing, f"{name}/{kind}: never seen {sorted(missing)}; seen {dict(seen)}"
    if rules.bock_triggers:
        assert any(row.multiplier > 1 for row in session.sheet.rows)
    else:
        assert all(row.multiplier == 1 for row in session.sheet.rows)
