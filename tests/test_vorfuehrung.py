"""Vorführung (TSR 4.2.3, 4.1.9): a player still owing the Pflichtsolo is forced to play it."""

from __future__ import annotations

import pytest

from doppelkopf.game import Action, Game, IllegalAction, Phase
from doppelkopf.rules import DDV, GameType
from doppelkopf.session import Session


def test_forced_seat_may_only_name_a_solo_and_leads_it() -> None:
    """No Vorbehaltsabfrage: the forced seat names the kind of solo (4.1.9), plays it as its
    Pflichtsolo and leads (4.2.2)."""
    game = Game.new(DDV, seed=3, dealer=0, forced_solo_seat=2)
    assert game.current_player == 2
    assert game.legal_actions() == sorted(Action.vorbehalt(g) for g in DDV.allowed_soli)
    with pytest.raises(IllegalAction):
        game.apply(Action.GESUND)
    game.apply(Action.vorbehalt(GameType.DAMEN))
    assert game.phase is Phase.PLAY
    assert (game.game_type, game.declarer, game.pflichtsolo) == (GameType.DAMEN, 2, True)
    assert game.current_player == 2


def test_a_seat_that_played_its_pflichtsolo_cannot_be_forced() -> None:
    with pytest.raises(IllegalAction, match="forced_solo_seat"):
        Game.new(DDV, seed=3, dealer=0, forced_solo_seat=2, pflichtsolo_done=(False, False, True, False))


def test_session_forces_when_missing_pflichtsoli_equal_games_left() -> None:
    """A round of 4 games with 4 Pflichtsoli missing: every game is a forced Pflichtsolo, the first
    for the seat left of the dealer; the forced game replays from its record data."""
    rules = DDV.replace(round_games=4)
    session = Session(rules, ["Anna", "Ben", "Carla", "Dirk"])
    setup = session.next_game_setup()
    assert setup.forced_solo_seat == 1
    game = session.new_game(seed=5)
    assert game.current_player == 1
    game.apply(Action.vorbehalt(GameType.KREUZ))
    while not game.is_terminal:
        game.apply(game.legal_actions()[0])
    session.record_result(game)
    assert session.pflichtsolo_done[1]
    again = Game.replay(rules, game.initial_hands, game.dealer, game.history, forced_solo_seat=1)
    assert again.score() == game.score()
