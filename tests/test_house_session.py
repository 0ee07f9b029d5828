"""House rules of the session and the Liste (issue 26): Pflichtsoli per round and their kinds, the offered
Vorführung, the Liste's counting, the end of a sitting. Every expected value is worked out by hand from the
rule text in the comments (FreeDoko's rule names, TSR 4.2, seed 004)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from doppelkopf.cli import main
from doppelkopf.game import Action, Game, IllegalAction
from doppelkopf.record import from_dict, record_game, replay, to_dict
from doppelkopf.rules import DDV, GameType, RuleError
from doppelkopf.session import Session, SessionError
from doppelkopf.sheet import written_points

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


# -- pflichtsoli, farb_pflichtsoli, bilder_pflichtsoli (FreeDoko NUMBER_OF_DUTY_SOLI, _COLOR_SOLI, _PICTURE_SOLI) --


def test_two_pflichtsoli_each_the_third_solo_is_a_lustsolo() -> None:
    # pflichtsoli = 2: Anna's first two soli are Pflichtsoli (the same dealer deals again after each, TSR 4.2.5),
    # her third is a Lustsolo (the deal moves on).
    session = Session(DDV.replace(pflichtsoli=2), PLAYERS)
    assert session.pflichtsoli_owed(0) == 2
    session.record_quick(frozenset({0}), 3, GameType.KREUZ)
    assert session.last_pflichtsolo and session.dealer == 0 and session.pflichtsoli_owed(0) == 1
    session.record_quick(frozenset({0}), 3, GameType.DAMEN)
    assert session.last_pflichtsolo and session.dealer == 0 and session.pflichtsoli_owed(0) == 0
    assert session.pflichtsolo_done == (True, False, False, False)
    session.record_quick(frozenset({0}), 3, GameType.BUBEN)
    assert not session.last_pflichtsolo and session.dealer == 1


def test_a_bubensolo_is_no_pflichtsolo_while_a_farbsolo_is_owed() -> None:
    # farb_pflichtsoli = 1 of pflichtsoli = 1: only a Farbsolo is Anna's Pflichtsolo. Her Bubensolo is a Lustsolo
    # (the deal moves on to Ben); her Herzsolo in Ben's deal is the Pflichtsolo (Ben deals again).
    session = Session(DDV.replace(farb_pflichtsoli=1), PLAYERS)
    assert session.owed_kind(0) == "farbsolo"
    session.record_quick(frozenset({0}), 3, GameType.BUBEN)
    assert not session.last_pflichtsolo and session.dealer == 1 and session.pflichtsoli_owed(0) == 1
    with pytest.raises(SessionError, match="pflichtsolo: a Bubensolo is none of the Pflichtsoli Anna still owes"):
        session.record_quick(frozenset({0}), 3, GameType.BUBEN, pflichtsolo=True)
    session.record_quick(frozenset({0}), 3, GameType.HERZ)
    assert session.last_pflichtsolo and session.dealer == 1 and session.pflichtsoli_owed(0) == 0


def test_one_farbsolo_and_one_picture_solo_of_two() -> None:
    # pflichtsoli 2, farb 1, bilder 1: a second Farbsolo fills no slot (the picture solo is still owed).
    session = Session(DDV.replace(pflichtsoli=2, farb_pflichtsoli=1, bilder_pflichtsoli=1), PLAYERS)
    assert session.owed_kind(0) == "farbsolo_or_bildersolo"
    session.record_quick(frozenset({0}), 3, GameType.PIK)
    assert session.last_pflichtsolo and session.owed_kind(0) == "bildersolo"
    session.record_quick(frozenset({0}), 3, GameType.KARO)  # Lustsolo: the deal moves on
    assert not session.last_pflichtsolo and session.pflichtsoli_owed(0) == 1
    session.record_quick(frozenset({0}), 3, GameType.BUBEN)
    assert session.last_pflichtsolo and session.pflichtsoli_owed(0) == 0


def test_the_vorgefuehrte_player_must_play_the_kind_he_owes() -> None:
    # round_games 4 with one Farbsolo owed by each of four: 4 missing >= 4 games left, so the first game is a
    # Vorführung (TSR 4.2.3) of the player left of the dealer, Ben, who must play a Farbsolo.
    session = Session(DDV.replace(round_games=4, farb_pflichtsoli=1), PLAYERS)
    turn = session.turn()
    assert (turn.forced_solo, turn.forced_kind) == (1, "farbsolo")
    with pytest.raises(SessionError, match="pflichtsolo: Ben is vorgeführt and must play a Pflichtsolo"):
        session.record_quick(frozenset({1}), 3, GameType.DAMEN)
    row = session.record_quick(frozenset({1}), 3, GameType.HERZ)
    assert "vorgeführt" in row.label and session.dealer == 1  # after a forced one the deal moves on


def test_the_game_of_a_vorgefuehrter_player_offers_only_the_kind_he_owes() -> None:
    # The same Vorführung dealt as a game: Ben names his solo alone (TSR 4.1.9), and of DDV's soli (four Farbsoli,
    # Damen, Buben, Fleischlos) only the Farbsoli Kreuz, Pik, Herz, Karo fill the Farbsolo he owes; a Damensolo is
    # refused. The record of the game keeps the kind, so that its replay refuses the same.
    session = Session(DDV.replace(round_games=4, farb_pflichtsoli=1), PLAYERS)
    game = session.new_game(seed=5)
    assert (game.forced_solo_seat, game.forced_kind, game.current_player) == (1, "farbsolo", 1)
    offered = {Action.game_type(a) for a in game.legal_actions()}
    assert offered == {GameType.KREUZ, GameType.PIK, GameType.HERZ, GameType.KARO}
    with pytest.raises(IllegalAction):
        game.apply(Action.vorbehalt(GameType.DAMEN))
    game.apply(Action.vorbehalt(GameType.HERZ))
    while not game.is_terminal:
        game.apply(game.legal_actions()[0])
    record = from_dict(to_dict(record_game(game)))
    assert record.forced_kind == "farbsolo" and replay(record).score() == game.score()
    row = session.record_result(game)
    assert row is not None and "vorgeführt" in row.label and session.pflichtsoli_owed(1) == 0
    with pytest.raises(IllegalAction, match="forced_kind: 'bildersolo' needs a forced_solo_seat"):
        Game.new(DDV, seed=1, forced_kind="bildersolo")


def test_two_pflichtsoli_force_earlier() -> None:
    # pflichtsoli 2, round_games 8: 4 players owe 8 Pflichtsoli in 8 games, the first game forces Ben.
    session = Session(DDV.replace(pflichtsoli=2, round_games=8), PLAYERS)
    assert session.turn().forced_solo == 1
    assert Session(DDV.replace(pflichtsoli=2, round_games=9), PLAYERS).turn().forced_solo is None


def test_a_round_with_pflichtsoli_that_do_not_fit_is_refused() -> None:
    # 4 players x 2 Pflichtsoli = 8 games; a round of 7 cannot hold them.
    with pytest.raises(RuleError, match="^pflichtsoli: 2 Pflichtsoli"):
        DDV.replace(pflichtsoli=2, round_games=7)
    with pytest.raises(RuleError, match="^farb_pflichtsoli: 1 Farbsoli and bilder_pflichtsoli = 1"):
        DDV.replace(farb_pflichtsoli=1, bilder_pflichtsoli=1)
    with pytest.raises(RuleError, match="^farb_pflichtsoli: owed, but solo_types has no Farbsolo"):
        DDV.replace(farb_pflichtsoli=1, solo_types=("damen", "buben"))
    DDV.replace(pflichtsoli=2, round_games=8, farb_pflichtsoli=1, bilder_pflichtsoli=1)


def test_snapshot_keeps_the_kinds_played() -> None:
    rules = DDV.replace(pflichtsoli=2, farb_pflichtsoli=1)
    session = Session(rules, PLAYERS)
    # Anna's Damensolo is one of her two; the one left must be the Farbsolo. Ben owes two, one a Farbsolo.
    session.record_quick(frozenset({0}), 3, GameType.DAMEN)
    copy = Session(rules, PLAYERS)
    copy.restore(session.snapshot())
    assert copy.owed_kind(0) == "farbsolo" and copy.owed_kind(1) == "solo"
    # the default rules keep the old snapshot (no "soli" key)
    assert "soli" not in Session(DDV, PLAYERS).snapshot()


# -- pflichtsolo_offered (FreeDoko OFFER_DUTY_SOLO) ----------------------------------------------------------------


def test_the_forced_pflichtsolo_is_offered_to_the_others_owing_one() -> None:
    # round_games 4: the first game forces Ben (left of the dealer Anna). Offered first, in turn from the
    # dealer's left, to Carla, Dirk, Anna. Carla takes it: her Pflichtsolo counts as the vorgeführte one, the
    # deal moves on to Ben. Then 3 owe in 3 games: Dirk is forced (Carla, left of the dealer Ben, is done),
    # offered to Anna and Ben.
    session = Session(DDV.replace(round_games=4, pflichtsolo_offered=True), PLAYERS)
    turn = session.turn()
    assert (turn.forced_solo, turn.offered_to) == (1, (2, 3, 0))
    row = session.record_quick(frozenset({2}), 3, GameType.KREUZ)
    assert "vorgeführt" in row.label and session.dealer == 1 and session.pflichtsolo_done == (False, False, True, False)
    turn = session.turn()
    assert (turn.forced_solo, turn.offered_to) == (3, (0, 1))
    # without the option nothing is offered
    assert Session(DDV.replace(round_games=4), PLAYERS).turn().offered_to == ()


# -- liste_counting (FreeDoko COUNTING: PLUSMINUS, PLUS, MINUS) ---------------------------------------------------


def _seed_004(rules_counting: str) -> Session:
    """Seed 004's Liste in quick mode: Kreuzsolo Anna +3 each, Re Ben & Carla +4, Anna & Dirk +5."""
    session = Session(DDV.replace(pflichtsolo=False, liste_counting=rules_counting), PLAYERS)
    session.record_quick(frozenset({0}), 3, GameType.KREUZ)
    session.record_quick(frozenset({1, 2}), 4)
    session.record_quick(frozenset({0, 3}), 5)
    return session


def test_plus_counting_writes_only_gains_and_keeps_the_money() -> None:
    # plus: each row raised by the biggest loss: (9,-3,-3,-3) -> (12,0,0,0); (-4,4,4,-4) -> (0,8,8,0);
    # (5,-5,-5,5) -> (10,0,0,10). Totals 12,0,0,0 / 12,8,8,0 / 22,8,8,10: each 12 above seed 004's
    # 10,-4,-4,-2, so the money is seed 004's: Ben and Carla pay Anna 0,40 €, Dirk 0,20 €.
    session = _seed_004("plus")
    assert [points for points, _ in session.sheet.written_rows] == [(12, 0, 0, 0), (0, 8, 8, 0), (10, 0, 0, 10)]
    assert session.sheet.written_totals == (22, 8, 8, 10)
    assert tuple(session.sheet.totals.values()) == (10, -4, -4, -2)
    transfers = [(t.payer, t.payee, t.cents) for t in session.sheet.settlement(10)]
    assert transfers == [("Ben", "Anna", 40), ("Carla", "Anna", 40), ("Dirk", "Anna", 20)]


def test_minus_counting_writes_only_losses() -> None:
    # minus: lowered by the biggest gain: (0,-12,-12,-12), (-8,0,0,-8), (0,-10,-10,0); totals -8,-22,-22,-20.
    session = _seed_004("minus")
    assert session.sheet.written_totals == (-8, -22, -22, -20)
    assert _seed_004("plus_minus").sheet.written_totals == (10, -4, -4, -2)


def test_plus_counting_raises_the_player_who_sat_out_too() -> None:
    # Five players, a lost solo (-9, 3, 3, 3) and Eva sits out (0): plus writes 0, 12, 12, 12 and Eva 9, so she
    # stays 9 above the soloist and 3 below the winners, as under plus_minus.
    assert written_points((-9, 3, 3, 3, 0), "plus") == (0, 12, 12, 12, 9)


# -- sitting_rounds, sitting_points (FreeDoko NUMBER_OF_ROUNDS(_LIMITED), POINTS(_LIMITED)) -----------------------


def test_the_sitting_ends_after_its_rounds() -> None:
    # sitting_rounds 1, round_games 4, no Pflichtsolo: over after the 4th game, not after the 3rd; a 5th game is
    # still written (the table may play on).
    session = Session(DDV.replace(pflichtsolo=False, round_games=4, sitting_rounds=1), PLAYERS)
    for _ in range(3):
        session.record_quick(frozenset({0, 1}), 1)
    assert session.over is None
    session.record_quick(frozenset({0, 1}), 1)
    assert session.over == "sitting_rounds"
    session.record_quick(frozenset({0, 1}), 1)
    assert session.games == 5


def test_the_sitting_ends_when_a_total_reaches_the_points() -> None:
    # sitting_points 10 on seed 004's list: Anna 9 after the Kreuzsolo, 5, then 10: over after the 3rd game.
    session = Session(DDV.replace(pflichtsolo=False, sitting_points=10), PLAYERS)
    session.record_quick(frozenset({0}), 3, GameType.KREUZ)
    session.record_quick(frozenset({1, 2}), 4)
    assert session.over is None
    session.record_quick(frozenset({0, 3}), 5)
    assert session.over == "sitting_points"
    # Under plus counting the Liste writes Anna 12 after the first game: over at once.
    plus = Session(DDV.replace(pflichtsolo=False, sitting_points=10, liste_counting="plus"), PLAYERS)
    plus.record_quick(frozenset({0}), 3, GameType.KREUZ)
    assert plus.over == "sitting_points"


# -- the Liste (doppelkopf.liste) follows liste_counting and the end of the sitting --------------------------------

QUICK_004 = [
    {"winners": ["Anna"], "punkte": 3, "game": "kreuz"},
    {"winners": ["Ben", "Carla"], "punkte": 4},
    {"winners": ["Anna", "Dirk"], "punkte": 5},
]


def test_the_liste_writes_plus_counting_and_resumes_it() -> None:
    from doppelkopf.liste import ListeBuilder, ListeRow, compute_liste

    # As test_plus_counting_writes_only_gains_and_keeps_the_money, through the Liste: rows written
    # (12,0,0,0), (0,8,8,0), (10,0,0,10); written totals 22, 8, 8, 10; the balanced totals settle the money.
    rules = DDV.replace(pflichtsolo=False, liste_counting="plus", sitting_points=20)
    liste = compute_liste(rules, PLAYERS, QUICK_004)
    assert [row.written_points for row in liste.rows] == [(12, 0, 0, 0), (0, 8, 8, 0), (10, 0, 0, 10)]
    assert [row.written_totals for row in liste.rows][-1] == (22, 8, 8, 10)
    assert liste.written_totals == {"Anna": 22, "Ben": 8, "Carla": 8, "Dirk": 10}
    assert liste.totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}
    assert liste.over == "sitting_points"  # Anna's 22 reaches 20
    assert ListeRow.from_dict(liste.rows[-1].to_dict()) == liste.rows[-1]
    # a store continues from the snapshot after two games: the written totals go on from 12, 8, 8, 0
    builder = ListeBuilder(rules, PLAYERS)
    for entry in QUICK_004[:2]:
        builder.add(entry)
    resumed = ListeBuilder.resume(rules, PLAYERS, builder.snapshot())
    resumed.add(QUICK_004[2])
    assert resumed.liste().written_totals == liste.written_totals
    # plus_minus keeps the stored rows and snapshots as before
    plain = compute_liste(DDV.replace(pflichtsolo=False), PLAYERS, QUICK_004)
    assert "written" not in plain.rows[0].to_dict() and "shift" not in ListeBuilder(DDV, PLAYERS).snapshot()
    assert plain.written_totals == plain.totals and plain.over is None


# -- storage and web -----------------------------------------------------------------------------------------------


def _plus_rules() -> object:
    return DDV.replace(name="plus-haus", pflichtsolo=False, liste_counting="plus", sitting_points=20)


def test_the_store_keeps_the_written_totals_and_the_end(tmp_path: object) -> None:
    from doppelkopf.storage import open_store

    # seed 004's quick list under plus counting (see above): written totals 22, 8, 8, 10, Anna's 22 >= 20.
    with open_store(f"sqlite:///{tmp_path}/liste.sqlite") as store:
        group = store.create_group("Plus", PLAYERS)
        sitting = store.create_sitting(group.id, PLAYERS, _plus_rules())  # type: ignore[arg-type]
        for number, entry in enumerate(QUICK_004[:2], 1):
            store.add_game(sitting.id, entry, number=number)
        page = store.liste_page(sitting.id)
        assert page.written_totals == {"Anna": 12, "Ben": 8, "Carla": 8, "Dirk": 0} and page.over is None
        store.add_game(sitting.id, QUICK_004[2], number=3)
        page = store.liste_page(sitting.id)
        assert page.written_totals == {"Anna": 22, "Ben": 8, "Carla": 8, "Dirk": 10}
        assert page.totals == {"Anna": 10, "Ben": -4, "Carla": -4, "Dirk": -2}  # the money: seed 004's
        assert page.over == "sitting_points"
        assert store.liste(sitting.id).written_totals == page.written_totals
        # a fourth game is still written: the table may play on
        store.add_game(sitting.id, {"winners": ["Ben", "Carla"], "punkte": 1}, number=4)
        assert store.liste_page(sitting.id).games == 4


def test_the_web_liste_shows_the_written_totals_and_the_end(tmp_path: object) -> None:
    pytest.importorskip("fastapi", reason="needs the web extra: pip install -e '.[web]'")
    pytest.importorskip("httpx", reason="needs the web extra: pip install -e '.[web]'")
    from fastapi.testclient import TestClient

    from doppelkopf.storage import open_store
    from webapp import open_app

    url = f"sqlite:///{tmp_path}/web.sqlite"
    with open_store(url) as store:
        group = store.create_group("Plus", PLAYERS)
        sitting = store.create_sitting(group.id, PLAYERS, _plus_rules())  # type: ignore[arg-type]
        for number, entry in enumerate(QUICK_004, 1):
            store.add_game(sitting.id, entry, number=number)
    with TestClient(open_app(url), headers={"accept-language": "de"}) as client:
        html = client.get(f"/sittings/{sitting.id}").text
    assert 'id="sitting-over"' in html
    assert 'data-total="22" data-points="10"' in html  # Anna's last row: +10 written, 22 in all
    assert 'data-total="8" data-points="0"' in html  # Ben lost: 0 written under plus


# -- late joining and early leaving (issue 26) ---------------------------------------------------------------------

FIVE = ["Anna", "Ben", "Carla", "Dirk", "Eva"]


def test_a_bockrunde_started_with_five_ends_right_after_one_leaves() -> None:
    # Five at the table, a lost solo starts a Bockrunde: everybody deals once, 5 Bock games.
    rules = DDV.replace(pflichtsolo=False, bock_triggers=("lost_solo",))
    session = Session(rules, FIVE)
    # Game 1: Anna deals and sits out; Ben (seat 0) plays alone and loses.
    assert session.turn().active == (1, 2, 3, 4)
    session.record_quick(frozenset({1, 2, 3}), 1, GameType.KREUZ)
    assert session.bock_queue == (2, 2, 2, 2, 2)
    # Game 2, Ben deals: the first Bock game. 4 owed, to be dealt by Carla, Dirk, Eva, Anna.
    session.record_quick(frozenset({0, 1}), 1)
    assert session.dealer == 2 and session.bock_queue == (2, 2, 2, 2)
    # Eva leaves: her deal in the Bockrunde is dropped; Carla, Dirk and Anna deal the 3 Bock games left.
    session.leave(4)
    assert session.bock_queue == (2, 2, 2) and session.seated == (0, 1, 2, 3)
    dealers = []
    for _ in range(3):
        turn = session.turn()
        assert turn.bock_multiplier == 2 and turn.sitting_out == ()  # four left: nobody sits out
        dealers.append(turn.dealer)
        session.record_quick(frozenset({0, 1}), 1)
    assert dealers == [2, 3, 0]
    # The Bockrunde is over when the deal comes back to Ben, who dealt its first game.
    assert session.turn().bock_multiplier == 1 and session.dealer == 1
    # Eva's column and total stay on the Liste: game 1 she won 1 (Kontra against Ben's lost solo), game 2
    # (Ben dealt and sat out; Anna and Carla won 1, doubled) she lost 2: -1.
    assert session.sheet.totals["Eva"] == -1


def test_the_dealer_leaves_and_the_sit_out_rotation_goes_on() -> None:
    # Six players: the dealer and the player opposite (dealer + 3) sit out. Game 1: Anna deals, Anna and Dirk
    # sit out. Then Ben is to deal and leaves: Carla deals; five are left, only the dealer sits out.
    six = [*FIVE, "Fritz"]
    session = Session(DDV.replace(pflichtsolo=False), six)
    assert session.turn().sitting_out == (0, 3)
    session.record_quick(frozenset({0, 1}), 1)
    session.leave(1)
    deals = []
    for _ in range(6):
        turn = session.turn()
        deals.append((six[turn.dealer], tuple(six[p] for p in turn.sitting_out)))
        session.record_quick(frozenset({0, 1}), 1)
    assert deals == [
        ("Carla", ("Carla",)),
        ("Dirk", ("Dirk",)),
        ("Eva", ("Eva",)),
        ("Fritz", ("Fritz",)),
        ("Anna", ("Anna",)),
        ("Carla", ("Carla",)),
    ]
    with pytest.raises(SessionError, match="leave: position 1 is not at the table"):
        session.leave(1)


def test_a_late_player_owes_his_pflichtsolo_for_the_rest_of_the_round() -> None:
    # Four play a round of 12 games. After 4 normal games (dealers Anna, Ben, Carla, Dirk) Eva joins left of
    # Dirk: 8 games left, 5 Pflichtsoli owed, hers too. After 3 more (dealers Anna, Ben, Carla) 5 are owed in
    # 5 games: Vorführung. Dirk deals and sits out; from his left Eva is first: she is forced.
    session = Session(DDV.replace(round_games=12), PLAYERS)
    for _ in range(4):
        session.record_quick(frozenset({0, 1}), 1)
    assert session.join("Eva") == 4 and session.seated == (0, 1, 2, 3, 4)
    assert session.missing_pflichtsoli == (0, 1, 2, 3, 4) and session.sheet.totals["Eva"] == 0
    assert session.turn().forced_solo is None
    for _ in range(3):
        session.record_quick(frozenset({0, 1}), 1)
    turn = session.turn()
    assert (turn.dealer, turn.sitting_out, turn.forced_solo) == (3, (3,), 4)
    # Eva (seat 3 of the game: active Anna, Ben, Carla, Eva) plays it; the vorgeführte solo moves the deal on.
    row = session.record_quick(frozenset({3}), 2, GameType.KREUZ)
    assert "vorgeführt" in row.label and session.pflichtsoli_owed(4) == 0 and session.dealer == 4
    # Carla leaves owing hers: it is dropped, 3 owed (Anna, Ben, Dirk) in 4 games: no Vorführung yet.
    session.leave(2)
    assert session.missing_pflichtsoli == (0, 1, 3) and session.turn().forced_solo is None


def test_join_and_leave_refuse_what_cannot_be() -> None:
    session = Session(DDV, PLAYERS)
    with pytest.raises(SessionError, match="leave: 4 players must stay at the table"):
        session.leave(0)
    with pytest.raises(SessionError, match="join: Anna sits at the table already"):
        session.join("anna")
    session.join("Eva", after=0)  # left of Anna: Eva deals after her
    assert session.seated == (0, 4, 1, 2, 3)
    session.record_quick(frozenset({0, 1}), 1)
    assert session.dealer == 4
    # a snapshot keeps the seating; a session of the five columns continues from it
    copy = Session(DDV, [*PLAYERS, "Eva"])
    copy.restore(session.snapshot())
    assert copy.seated == (0, 4, 1, 2, 3) and copy.dealer == 4


def test_the_liste_takes_players_joining_and_leaving_from_the_entries() -> None:
    from doppelkopf.liste import ListeError, compute_liste, late_players

    # As test_a_bockrunde_started_with_five_ends_right_after_one_leaves, written on the Liste: Eva leaves
    # before game 3, so of the 4 Bock games owed after game 2 (the deals of Carla, Dirk, Eva, Anna) hers is
    # dropped: 3 Bock games, games 3, 4, 5. Fritz joins before game 4, left of Dirk: the dealers go Anna, Ben,
    # Carla, Dirk, Fritz, Anna, Ben; the Bock games owed stay 3 games (a Bockrunde is counted at its start).
    rules = DDV.replace(pflichtsolo=False, bock_triggers=("lost_solo",))
    players = [*FIVE, "Fritz"]
    entries = [
        {"winners": ["Carla", "Dirk", "Eva"], "punkte": 1, "game": "kreuz"},  # Ben alone loses: Bockrunde
        {"winners": ["Anna", "Carla"], "punkte": 1},
        {"winners": ["Anna", "Ben"], "punkte": 1, "leaves": ["Eva"]},
        {"winners": ["Anna", "Ben"], "punkte": 1, "joins": [{"name": "Fritz", "after": "Dirk"}]},
        {"winners": ["Ben", "Carla"], "punkte": 1},
        {"winners": ["Ben", "Carla"], "punkte": 1},
        {"winners": ["Carla", "Dirk"], "punkte": 1},
    ]
    assert late_players(players, entries) == ("Fritz",)
    liste = compute_liste(rules, players, entries)
    rows = liste.rows
    assert [r.dealer for r in rows] == ["Anna", "Ben", "Carla", "Dirk", "Fritz", "Anna", "Ben"]
    assert [r.multiplier for r in rows] == [1, 2, 2, 2, 2, 1, 1]
    # game 4: five at the table again (Fritz joined), Dirk deals and sits out
    assert rows[3].sitting_out == ("Dirk",) and rows[2].sitting_out == ()
    assert liste.totals["Eva"] == rows[1].totals[4]  # Eva's total stays from when she left
    with pytest.raises(ListeError, match=r"^game 1: .*Fritz"):
        compute_liste(rules, players, [{"winners": ["Fritz", "Ben"], "punkte": 1}, *entries[3:4]])


def test_the_store_takes_a_player_leaving(tmp_path: object) -> None:
    from doppelkopf.storage import open_store

    # Five at the table; Eva leaves before game 2: Ben deals it and nobody sits out; game 3 Carla deals.
    with open_store(f"sqlite:///{tmp_path}/leave.sqlite") as store:
        group = store.create_group("Fünf", FIVE)
        sitting = store.create_sitting(group.id, FIVE, DDV.replace(pflichtsolo=False))
        store.add_game(sitting.id, {"winners": ["Ben", "Carla"], "punkte": 1}, number=1)
        store.add_game(sitting.id, {"winners": ["Anna", "Ben"], "punkte": 2, "leaves": ["Eva"]}, number=2)
        page = store.liste_page(sitting.id)
        assert [(r.dealer, r.sitting_out) for r in page.rows] == [("Anna", ("Anna",)), ("Ben", ())]
        assert page.next.dealer == "Carla" and page.next.sitting_out == ()
        # the whole list computed again from the entries agrees
        assert store.liste(sitting.id, recompute=True).totals == page.totals


def test_doko_simulate_writes_the_liste_as_liste_counting_says(tmp_path: Path) -> None:
    # A plus Liste (FreeDoko counting PLUS): every row is raised by what its biggest loser lost, so the loser of a
    # solo writes 0 and each opponent 3 times the solo's value more; the money is the same as under plus_minus.
    # With sitting_rounds = 1 and rounds of 4 games, 5 games end the sitting: the Liste says so.
    rules = tmp_path / "plus.toml"
    rules.write_text('preset = "ddv"\nliste_counting = "plus"\nsitting_rounds = 1\nround_games = 4\n', "utf-8")
    args = ["--lang", "en", "simulate", "--games", "5", "--seed", "3", "--no-records", "--rules", str(rules)]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    balanced, written = out["totals"], out["written_totals"]
    assert sum(balanced.values()) == 0 and min(written.values()) >= 0
    first = out["rows"][0]["points"]  # the first game's balanced Punkte
    assert written != balanced and len({written[p] - balanced[p] for p in balanced}) == 1  # one shift for all
    assert max(first) - min(first) > 0
    text = CliRunner().invoke(main, args).output
    assert "The sitting is over: its rounds are played (sitting_rounds)" in text
    liste = text.split("Settlement")[0].splitlines()
    last_row = [line for line in liste if "(Pflichtsolo" in line or " wins" in line or "loses" in line][-1]
    assert last_row.split()[-4:] == [str(written[p]) for p in ("Anna", "Ben", "Carla", "Dirk")]
