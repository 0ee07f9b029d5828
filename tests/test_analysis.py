"""The post-game analysis (``doppelkopf.analysis``, ``doko replay --analyse``) on a hand-built endgame.

The deal below is built so that after ten tricks (played as listed, every card legal) the last two tricks
are, with Anna (seat 0) to lead trick 11 (Re: Anna and Carla, the Kreuz-Damen; normal game, ddv):

    Anna (Re)     ♣A ♦K        Ben (Kontra)   ♣10 ♥B
    Carla (Re)    ♣K ♠A        Dirk (Kontra)  ♣9  ♦A

Worked out by hand (trump order ... ♥B > ♦A > ♦K; Augen A 11, 10 10, K 4, B 2, 9 0):

* Anna leads ♣A: everybody must follow Kreuz (♣10, ♣K, ♣9), Anna wins 25; the last trick ♦K ♥B ♠A ♦A goes
  to Ben's ♥B (28 for Kontra). Re takes 25 of the 53 Augen left.
* Anna leads ♦K: Ben must trump with ♥B, Dirk with ♦A; Carla is free. If Carla keeps ♠A (plays ♣K), Ben's
  trick holds 4+2+4+11 = 21 and in the last trick (Ben leads ♣10, Carla throws ♠A, Dirk ♣9, Anna ♣A wins)
  Re takes 10+11+0+11 = 32. If Carla plays ♠A now, Ben's trick holds 28 and Re takes the last one with 25.

So ♦K is Anna's best card (Re 32) and ♣A costs 7 Augen; after ♦K, Carla's ♠A costs 7 Augen (♣K is best).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from doppelkopf.analysis import Bound, analyse, analyse_record, punkte_view
from doppelkopf.cards import AUGEN, Card
from doppelkopf.cli import main
from doppelkopf.game import Action, Game
from doppelkopf.record import record_game, save
from doppelkopf.rules import GameType, Party, get_preset

HANDS = [
    [0, 2, 3, 4, 9, 9, 11, 14, 19, 20, 21, 23],
    [0, 1, 7, 10, 12, 13, 13, 16, 17, 17, 18, 20],
    [2, 3, 5, 6, 7, 8, 15, 15, 16, 19, 22, 22],
    [1, 4, 5, 6, 8, 10, 11, 12, 14, 18, 21, 23],
]
#: the first ten tricks, card by card (each seat in turn; Anna leads trick 1 and wins trick 10)
FIRST_TEN = [14, 17, 16, 14, 7, 6, 11, 7, 23, 3, 10, 15, 2, 0, 5, 1, 20, 22, 10, 4]
FIRST_TEN += [9, 13, 19, 4, 18, 22, 21, 21, 12, 19, 17, 3, 8, 11, 23, 13, 12, 15, 8, 9]
C = Card
#: Anna leads ♣A (the mistake), the rest is forced
KREUZ_LEAD = [
    C.KREUZ_ASS,
    C.KREUZ_ZEHN,
    C.KREUZ_KOENIG,
    C.KREUZ_NEUN,
    C.KARO_KOENIG,
    C.HERZ_BUBE,
    C.PIK_ASS,
    C.KARO_ASS,
]
#: Anna leads ♦K (best), Carla throws ♠A (the mistake), Ben leads the last trick
CARLA_ERRS = [
    C.KARO_KOENIG,
    C.HERZ_BUBE,
    C.PIK_ASS,
    C.KARO_ASS,
    C.KREUZ_ZEHN,
    C.KREUZ_KOENIG,
    C.KREUZ_NEUN,
    C.KREUZ_ASS,
]
NAMES = ["Anna", "Ben", "Carla", "Dirk"]


def played(endgame: list[Card]) -> Game:
    game = Game(get_preset("ddv"), HANDS, dealer=3)
    for _ in range(4):
        game.apply(Action.GESUND)
    for card in FIRST_TEN:
        game.apply(card)
    # the endgame of the module docstring
    assert len(game.tricks) == 10 and game.current_player == 0
    assert [sorted(h) for h in game.hands] == [[0, 20], [1, 16], [2, 6], [5, 18]]
    assert [s for s in range(4) if game.party[s] is Party.RE] == [0, 2]
    for card in endgame:
        game.apply(int(card))
    assert game.is_terminal
    return game


def re_augen_first_ten(game: Game) -> int:
    return sum(t.augen for t in game.tricks[:10] if t.winner in (0, 2))


def test_the_losing_lead_is_named_with_the_augen_it_cost() -> None:
    game = played(KREUZ_LEAD)
    before = re_augen_first_ten(game)
    assert (
        before
        + sum(AUGEN[c] for h in ([0, 20], [1, 16], [2, 6], [5, 18]) for c in h)
        + sum(t.augen for t in game.tricks[:10] if t.winner in (1, 3))
        == 240
    )
    review = analyse(game, exact_tricks=2, budget_s=0)
    assert len(review.cards) == 48
    lead = review.cards[40]
    assert (lead.trick, lead.seat, lead.card, lead.party) == (11, 0, C.KREUZ_ASS, Party.RE)
    assert lead.exact
    assert lead.augen_best == Bound(before + 32, before + 32)
    assert lead.augen_after == Bound(before + 25, before + 25)
    assert lead.augen_loss == Bound(7, 7)
    assert lead.best_cards == (C.KARO_KOENIG,)
    assert lead.mistake
    # every other card of the endgame is forced or best: no loss
    assert [c.mistake for c in review.cards[41:]] == [False] * 7
    assert review.mistakes() == (lead,)
    # Ben (Kontra) sees the other side of the same numbers
    ben = review.cards[41]
    assert ben.augen_best == Bound(240 - before - 25, 240 - before - 25)
    # the first ten tricks were not searched (budget 0): proven but wide bounds, said so
    assert review.bounded_tricks == tuple(range(1, 11))
    assert all(not c.exact and c.augen_best.lo <= c.augen_best.hi for c in review.cards[:40])
    assert "bounded search" in review.bound_note


def test_punkte_view_comes_from_scoring() -> None:
    game = played(KREUZ_LEAD)
    before = re_augen_first_ten(game)
    lead = analyse(game, exact_tricks=2, budget_s=0).cards[40]
    # Re ends with fewer than 121 but at least 90: Kontra wins, "Gewonnen" and "gegen die Alten" (TSR 7.2.2),
    # 2 Punkte each from Anna and Carla, both with the best card and with the card played
    assert before + 32 < 121 and before + 25 >= 90
    assert lead.punkte_best == Bound(-2, -2)
    assert lead.punkte_after == Bound(-2, -2)
    assert lead.punkte_loss == Bound(0, 0)
    # with 121 Augen Re would have won (1 Punkt, no announcement), with 89 Kontra gets "keine 90" too
    assert punkte_view(game, 0, 121) == 1
    assert punkte_view(game, 0, 89) == -3
    assert punkte_view(game, 1, 151) == 3  # Kontra with 151: Re under 90
    with pytest.raises(ValueError, match="augen: 241 is outside"):
        punkte_view(game, 0, 241)


def test_the_partner_who_throws_the_wrong_card() -> None:
    game = played(CARLA_ERRS)
    before = re_augen_first_ten(game)
    review = analyse(game, exact_tricks=2, budget_s=0)
    anna, ben, carla = review.cards[40:43]
    assert (anna.card, anna.augen_best, anna.augen_loss) == (
        C.KARO_KOENIG,
        Bound(before + 32, before + 32),
        Bound(0, 0),
    )
    assert not ben.mistake  # ♥B is his only trump
    assert (carla.seat, carla.card) == (2, C.PIK_ASS)
    assert carla.augen_best == Bound(before + 32, before + 32)
    assert carla.augen_after == Bound(before + 25, before + 25)
    assert carla.best_cards == (C.KREUZ_KOENIG,)
    assert review.mistakes() == (carla,)


def test_bounded_ranges_hold_the_exact_values() -> None:
    game = played(KREUZ_LEAD)
    exact = analyse(game, exact_tricks=3, budget_s=0).cards
    bounded = analyse(game, exact_tricks=2, budget_s=5, from_trick=10).cards
    assert [c.trick for c in bounded] == [10] * 4 + [11] * 4 + [12] * 4
    for e, b in zip(exact[36:40], bounded[:4], strict=True):
        assert e.exact and not b.exact and b.best_cards == ()
        assert b.augen_best.lo <= e.augen_best.lo <= b.augen_best.hi
        assert b.augen_after.lo <= e.augen_after.lo <= b.augen_after.hi


def test_record_analysis_and_bad_options() -> None:
    game = played(KREUZ_LEAD)
    record = record_game(game, NAMES)
    assert (
        analyse_record(record, exact_tricks=2, budget_s=0).cards[40:]
        == analyse(game, exact_tricks=2, budget_s=0).cards[40:]
    )
    with pytest.raises(ValueError, match="exact_tricks: expected 1..12"):
        analyse(game, exact_tricks=0)
    with pytest.raises(ValueError, match="budget_s: expected seconds >= 0"):
        analyse(game, budget_s=-1)
    with pytest.raises(TypeError, match="expected a Game"):
        analyse(record)  # type: ignore[arg-type]


def test_cli_replay_analyse_marks_the_mistake(tmp_path: Path) -> None:
    game = played(KREUZ_LEAD)
    before = re_augen_first_ten(game)
    path = tmp_path / "endgame.json"
    save(record_game(game, NAMES), path)
    result = CliRunner().invoke(main, ["replay", str(path), "--analyse", "--exact-tricks", "2", "--budget", "0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    trick = lines.index("Trick 11")
    # Re's Augen with ♦K (best, the docstring's 32) -> with ♣A (25): lost 7; Kontra wins both ways (-2 Punkte)
    assert lines[trick + 1].split() == ["Anna", "♣A", "Re", str(before + 32), "→", str(before + 25), "(7)"] + [
        "Punkte",
        "-2",
        "→",
        "-2",
        "MISTAKE,",
        "best",
        "♦K",
    ]
    assert "Trick 10 (bounded)" in lines
    assert "1 mistake (" in result.output and "Anna at least 7 Augen in 1 mistake." in result.output
    assert "Tricks 1, 2, 3, 4, 5, 6, 7, 8, 9, 10: bounded search" in result.output
    bad = CliRunner().invoke(main, ["replay", str(path), "--analyse", "--exact-tricks", "13"])
    assert bad.exit_code == 2 and "--exact-tricks" in bad.output
    # nan passes every range check: refused up front as a usage error naming the option, nothing analysed
    for text in ("nan", "NaN"):
        nan = CliRunner().invoke(main, ["replay", str(path), "--analyse", "--budget", text])
        assert nan.exit_code == 2 and "--budget" in nan.output and "Trick 1" not in nan.output, nan.output
    # the solver's options without --analyse: a usage error, not silently ignored
    for option in (["--budget", "2"], ["--exact-tricks", "3"]):
        alone = CliRunner().invoke(main, ["replay", str(path), *option])
        assert alone.exit_code == 2 and f"{option[0]} needs --analyse" in alone.output


def test_cli_replay_analyse_of_a_deal_thrown_in(tmp_path: Path) -> None:
    # doppelbock seed 191: seat 1 may throw the deal in (Schmeissen); the others are gesund
    game = Game.new("doppelbock", seed=191)
    game.apply(Action.SCHMEISSEN, 1)
    for seat in (2, 3, 0):
        game.apply(Action.GESUND, seat)
    assert game.thrown_in
    assert analyse(game).cards == ()
    path = tmp_path / "thrown.json"
    save(record_game(game, NAMES), path)
    result = CliRunner().invoke(main, ["replay", str(path), "--analyse"])
    assert result.exit_code == 0, result.output
    assert "Analysis: the deal was thrown in (Schmeissen): nothing to analyse." in result.output


def test_a_game_without_cards_has_nothing_to_analyse() -> None:
    game = Game.new("ddv", seed=5)  # the Vorbehalt phase: no card played yet
    review = analyse(game)
    assert (review.cards, review.bounded_tricks, review.open_tricks, review.rest) == ((), (), (), None)


def test_a_tiny_exact_budget_turns_exact_cards_into_bounded_ones() -> None:
    game = played(KREUZ_LEAD)
    exact = analyse(game, exact_tricks=2, budget_s=0).cards
    hurried = analyse(game, exact_tricks=2, budget_s=0, exact_budget_s=0)
    assert not any(c.exact for c in hurried.cards)
    assert hurried.bounded_tricks == tuple(range(1, 13))  # said so, every trick
    assert "tricks 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12: bounded search" in hurried.bound_note
    for e, b in zip(exact[40:], hurried.cards[40:], strict=True):
        assert e.augen_best is not None and b.augen_best is not None
        assert b.augen_best.lo <= e.augen_best.lo <= b.augen_best.hi  # still proven


def test_bounded_ranges_with_a_tiny_budget_still_hold_on_a_played_game() -> None:
    # a game of four rules players; its last six tricks solved exactly are the reference for a bounded review
    # of the same cards with 5 ms per position (the ranges are proven whatever the budget)
    from doppelkopf.players import make_player, play_game

    game = Game.new("ohne-neunen", seed=2)
    play_game(game, [make_player("rules", seed=s) for s in range(4)])
    reference = analyse(game, exact_tricks=6, budget_s=0, from_trick=5).cards
    bounded = analyse(game, exact_tricks=3, budget_s=0.005, from_trick=5).cards
    assert [c.number for c in reference] == [c.number for c in bounded]
    checked = 0
    for exact, bound in zip(reference, bounded, strict=True):
        assert exact.exact
        if bound.exact:
            assert (bound.augen_best, bound.augen_after) == (exact.augen_best, exact.augen_after)
            continue
        checked += 1
        assert bound.augen_best.lo <= exact.augen_best.lo <= bound.augen_best.hi
        assert bound.augen_after.lo <= exact.augen_after.lo <= bound.augen_after.hi
        assert bound.augen_loss.lo <= exact.augen_loss.lo <= bound.augen_loss.hi
        assert not bound.mistake or exact.mistake  # a bounded mistake is a real one
    assert checked == 12  # tricks 5, 6 and 7 of 10 are bounded


def rules_game(preset: str, seed: int) -> Game:
    """A game of four rules players (seats seeded ``4 * seed + s``), dealer ``seed % 4``."""
    from doppelkopf.players import make_player, play_game

    game = Game.new(preset, seed=seed, dealer=seed % 4)
    play_game(game, [make_player("rules", seed * 4 + s) for s in range(4)])
    return game


def test_hochzeit_cards_before_the_partner_is_found_are_not_analysed(tmp_path: Path) -> None:
    # ohne-neunen seed 4: Anna (seat 0) announces a Hochzeit; Ben leads trick 1 with ♣A and wins it, so he is her
    # partner (TSR 4.4.3: the first trick another player wins). Before that trick ends nobody knows the
    # parties: its four cards are "partner open, not analysed", never a mistake; trick 2 on is analysed.
    game = rules_game("ohne-neunen", 4)
    assert game.game_type is GameType.HOCHZEIT and game.declarer == 0
    first = game.tricks[0]
    assert (first.seats[0], first.cards[0], first.winner) == (1, C.KREUZ_ASS, 1)
    assert game.party[1] is Party.RE
    review = analyse(game, exact_tricks=2, budget_s=0)
    assert review.open_tricks == (1,)
    for card in review.cards[:4]:
        assert card.trick == 1 and card.parties_open and not card.mistake
        assert (card.augen_best, card.augen_after, card.augen_loss, card.punkte_best) == (None, None, None, None)
    assert not any(c.parties_open for c in review.cards[4:])
    assert review.cards[4].augen_best is not None
    assert "partner was open until trick 1" in review.open_note and "not analysed" in review.open_note
    # the game ended with a claim (Spielabkürzung): the cards after it were not played, and are not analysed
    assert game.claim is not None and review.rest is not None
    assert review.rest[:2] == ("claim", game.claim[0])
    assert len(review.cards) == game.cards_played
    assert "not played, not analysed" in review.rest_note(NAMES) and NAMES[game.claim[0]] in review.rest_note(NAMES)
    # the command line says both
    path = tmp_path / "hochzeit.json"
    save(record_game(game, NAMES), path)
    result = CliRunner().invoke(main, ["replay", str(path), "--analyse", "--exact-tricks", "2", "--budget", "0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    trick = lines.index("Trick 1")
    assert all(line.endswith("partner open, not analysed") for line in lines[trick + 1 : trick + 5])
    assert "MISTAKE" not in "".join(lines[trick + 1 : trick + 5])
    assert "Hochzeit: the partner was open until trick 1" in result.output
    assert f"{NAMES[game.claim[0]]} claimed the rest (Spielabkürzung)" in result.output


def test_a_conceded_rest_is_not_analysed() -> None:
    # ddv seed 2, random legal cards (gesund where possible) until the soloist may give up the rest after 8 tricks
    import random

    game = Game.new("ddv", seed=2)
    rng = random.Random(2)
    while not (Action.CONCEDE in game.legal_actions(game.current_player) and len(game.tricks) >= 8):
        seat = game.current_player
        legal = [a for a in game.legal_actions(seat) if a not in (Action.CLAIM, Action.CONCEDE, Action.SCHMEISSEN)]
        cards = [a for a in legal if Action.is_card(a)]
        game.apply(Action.GESUND if Action.GESUND in legal else rng.choice(cards or legal), seat)
    soloist, done, on_table = game.current_player, len(game.tricks), len(game.trick_cards)
    game.apply(Action.CONCEDE, soloist)
    while not game.is_terminal:  # the others may still announce (TSR 5.4.7): they do not
        seat = game.current_player
        game.apply(game.legal_actions(seat)[0], seat)
    review = analyse(game, exact_tricks=2, budget_s=0)
    assert review.rest == ("concession", soloist, done + 1)
    assert len(review.cards) == game.cards_played == 4 * done + on_table
    assert "gave up the rest" in review.rest_note()


def test_the_solver_child_ends_when_the_analysing_process_is_killed(tmp_path: Path) -> None:
    # a process analyses a whole deal exactly (minutes); it is killed (SIGKILL): its solver child must not live on
    import os
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "analyse.py"
    script.write_text(
        "from doppelkopf.game import Game\n"
        "from doppelkopf.players import make_player, play_game\n"
        "from doppelkopf.analysis import analyse\n"
        "game = Game.new('ddv', seed=3)\n"
        "play_game(game, [make_player('rules', seed=s) for s in range(4)])\n"
        "analyse(game, exact_tricks=12, exact_budget_s=600)\n"
    )
    parent = subprocess.Popen([sys.executable, str(script)])
    try:
        children: list[int] = []
        deadline = time.monotonic() + 60
        while not children and time.monotonic() < deadline and parent.poll() is None:
            time.sleep(0.2)
            for task in Path(f"/proc/{parent.pid}/task").iterdir():
                children += [int(p) for p in (task / "children").read_text().split()]
        assert children, "the analysing process started no solver child"
        time.sleep(1.0)  # the child is searching now
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()

    def alive(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return False
        return state != "Z"

    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in children if alive(pid)]
    for pid in left:  # do not leave it behind when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"solver children {left} outlived the killed analysing process"


def test_with_a_thread_alive_the_fork_server_answers_within_the_budget() -> None:
    # the web server's case: a thread is alive, so the solver child comes from the fork server; its start-up
    # (loading the compiled solver) does not count against the budget of the first question
    import threading

    from doppelkopf.analysis import _Runner
    from doppelkopf.fast import solver

    game = played(KREUZ_LEAD)
    position = Game(game.rules, game.initial_hands, game.dealer, game.seed)
    for seat, action in game.history[: 4 + 32]:  # the Vorbehalte, then 8 tricks: 4 tricks left
        position.apply(action, seat)
    last = position.clone()  # the child loads the solver with the position before the last card (as analyse)
    for seat, action in game.history[4 + 32 : -1]:
        last.apply(action, seat)
    release = threading.Event()
    waiter = threading.Thread(target=release.wait, daemon=True)
    waiter.start()
    runner = _Runner(last)
    try:
        assert runner.method == "forkserver"
        # 1 s: less than loading the compiled solver takes (about 1.5 s), more than the question (milliseconds)
        status, reached = runner.ask("reaches", position, (0, 121), 1.0)
        assert status == "ok"
        assert reached == (solver.max_augen(position, 0) >= 121)  # the same question, asked in this process
    finally:
        runner.close()
        release.set()
