"""Tests of the session: the deal, Pflichtsoli per round with Vorführung, Bock games and the Liste.

Expected numbers are worked out by hand from the seed sentences and TSR paragraphs named in each
test (the arithmetic is in the docstrings). Game results are given as hand-built summaries; the
values follow TSR 7.2.2 and seed 004's scheme: gewonnen 1, 1 each for the loser under 90/60/30,
2 each for Re/Kontra angesagt, gegen die Alten 1; a soloist gets or pays three times the value.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf.cli import main
from doppelkopf.game import Action, Game, IllegalAction, InformationState, Phase
from doppelkopf.players import Player, RandomPlayer, play_game, play_session
from doppelkopf.rules import ANSAGE, DDV, GameType, Party, RuleError, RuleSet
from doppelkopf.scoring import GameSummary, Sonderpunkt, score
from doppelkopf.session import Session, SessionError, bock_triggers_fired
from doppelkopf.sheet import Sheet

NAMES = ["Anna", "Ben", "Carla", "Dirk"]

# The Bock of seed 002 ("Abgerechnet wird am Schluss"): "Böcke entstehen durch ein verlorenes
# Solo, Nullspiel, Spaltarsch (beide Parteien haben 120 Punkte) oder durch ein verlorenes Contra.
# Mit Ausnahme einer Stillen Hochzeit kommen Soli nicht in die Bockwertung. - Es gibt maximal
# Doppelböcke." Seed 002 has no Pflichtsolo, and its Stille Hochzeit "wird nicht wie ein Solo gerechnet".
SEED_002_BOCK = DDV.replace(
    pflichtsolo=False,
    stille_hochzeit_as="normal",
    bock_triggers=("lost_solo", "nullspiel", "spaltarsch", "lost_kontra"),
    bock_length="round",
    bock_stacking="add",
    bock_max_multiplier=4,
    bock_multiplies="all",
    bock_skips_soli=True,
)

# Soloist Anna (seat 0) plays a Kreuzsolo and gets 100 Augen: the opponents have 140 >= 120 and win
# (TSR 7.1.2); value 1 (the soloist is not under 90), Anna pays 3, each opponent gets 1.
LOST_SOLO = GameSummary(GameType.KREUZ, frozenset({0}), augen_re=100)
LOST_SOLO_POINTS = (-3, 1, 1, 1)
# Ben and Carla are Re and get 190 Augen: gewonnen 1, Kontra under 90 1, under 60 1 = 3.
RE_WINS_3 = GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=190)
RE_WINS_3_POINTS = (-3, 3, 3, -3)
# Anna and Ben are Re and get exactly 120 Augen ("Spaltarsch"): Re needs 121 (TSR 7.1.1; seed 002
# "mindestens 121 Punkte"), Kontra wins with 120: gewonnen 1 + gegen die Alten 1 = 2.
SPALTARSCH = GameSummary(GameType.NORMAL, frozenset({0, 1}), augen_re=120)
SPALTARSCH_POINTS = (-2, -2, 2, 2)


def session_with(rules: RuleSet) -> Session:
    return Session(rules, NAMES)


# -- Bock -------------------------------------------------------------------------------------------


def test_ddv_has_no_bock() -> None:
    """TSR: no Bock. A lost solo and a 120:120 game start nothing; every row is x1."""
    session = session_with(DDV)
    for summary in (LOST_SOLO, SPALTARSCH, RE_WINS_3):
        row = session.record_summary(summary)
        assert row.multiplier == 1
    assert session.bock_queue == ()
    assert session.last_triggers == ()


def test_a_lost_solo_starts_a_bockrunde_of_four_games() -> None:
    """Seed 002: a lost solo starts a Bock; a Bockrunde is one game per player, four games, each
    doubled. The fifth game is single again."""
    session = session_with(SEED_002_BOCK)
    first = session.record_summary(LOST_SOLO)
    assert first.points == LOST_SOLO_POINTS and first.multiplier == 1
    assert session.last_triggers == ("lost_solo",)
    assert session.bock_queue == (2, 2, 2, 2)
    for owed in ((2, 2, 2), (2, 2), (2,), ()):
        row = session.record_summary(RE_WINS_3)
        assert row.multiplier == 2
        assert row.points == (-6, 6, 6, -6)  # 3 Punkte doubled
        assert session.bock_queue == owed
    assert session.record_summary(RE_WINS_3).points == RE_WINS_3_POINTS
    # Running totals: -3 + 4 x (-6) - 3 for Anna; 1 + 4 x 6 + 3 for Ben.
    assert session.sheet.totals == {"Anna": -30, "Ben": 28, "Carla": 28, "Dirk": -26}
    session.sheet.check()


def test_overlapping_bocks_make_a_doppelbock_but_never_more_than_the_cap() -> None:
    """Seed 002: "Doppelböcke vervierfachen diese Punkte ... Es gibt maximal Doppelböcke".

    Game 1, a lost solo: Bocks owed x2 x2 x2 x2. Game 2 (x2) is a Spaltarsch: it uses up one Bock
    game and starts a Bock on the next four games, so games 3-5 carry two Bocks (x4) and game 6
    one (x2). Game 3 (x4) is another Spaltarsch: games 4 and 5 would carry three Bocks, but the
    cap keeps them at x4; game 6 gets two (x4), game 7 one (x2)."""
    session = session_with(SEED_002_BOCK)
    session.record_summary(LOST_SOLO)
    row = session.record_summary(SPALTARSCH)
    assert row.multiplier == 2 and row.points == (-4, -4, 4, 4)  # 2 Punkte x2
    assert session.bock_queue == (4, 4, 4, 2)
    row = session.record_summary(SPALTARSCH)
    assert row.multiplier == 4 and row.points == (-8, -8, 8, 8)  # 2 Punkte x4
    assert session.bock_queue == (4, 4, 4, 2)
    row = session.record_summary(RE_WINS_3)
    assert row.multiplier == 4 and row.points == (-12, 12, 12, -12)  # 3 Punkte x4, not x8
    assert session.bock_queue == (4, 4, 2)


def test_a_higher_cap_allows_a_dreifachbock() -> None:
    """The same games with bock_max_multiplier 8: games 4 and 5 carry three Bocks, x8."""
    session = session_with(SEED_002_BOCK.replace(bock_max_multiplier=8))
    for summary in (LOST_SOLO, SPALTARSCH, SPALTARSCH):
        session.record_summary(summary)
    assert session.bock_queue == (8, 8, 4, 2)
    assert session.record_summary(RE_WINS_3).points == (-24, 24, 24, -24)


def test_bock_stacking_queue_and_none() -> None:
    """Two lost soli in a row (soli are multiplied here). "queue": the second Bockrunde waits behind
    the three games still owed, 3 + 4 = 7 games x2. "none": it is dropped, 3 games x2 remain.
    The second solo is played in the first Bock game: Anna pays 3 x 2 = 6."""
    rules = SEED_002_BOCK.replace(bock_skips_soli=False)
    queued = session_with(rules.replace(bock_stacking="queue"))
    dropped = session_with(rules.replace(bock_stacking="none"))
    for session in (queued, dropped):
        session.record_summary(LOST_SOLO)
        assert session.record_summary(LOST_SOLO).points == (-6, 2, 2, 2)
    assert queued.bock_queue == (2,) * 7
    assert dropped.bock_queue == (2,) * 3


def test_bock_length_one_game() -> None:
    session = session_with(SEED_002_BOCK.replace(bock_length="game"))
    session.record_summary(LOST_SOLO)
    assert session.bock_queue == (2,)
    assert session.record_summary(RE_WINS_3).multiplier == 2
    assert session.bock_queue == ()


def test_a_solo_in_a_bock_game_is_not_multiplied_under_seed_002() -> None:
    """Seed 002: "Mit Ausnahme einer Stillen Hochzeit kommen Soli nicht in die Bockwertung."

    Dirk wins a Damensolo with 150 Augen during the Bockrunde: value 1 (the opponents have 90, not
    under 90), Dirk +3, the others -1 each, written single. Reading: the solo still uses up its
    Bock game (x2 x2 x2 x2 -> x2 x2 x2); with bock_skipped_solo_counts off the Bock waits."""
    damensolo = GameSummary(GameType.DAMEN, frozenset({3}), augen_re=150)
    session = session_with(SEED_002_BOCK)
    session.record_summary(LOST_SOLO)
    row = session.record_summary(damensolo)
    assert row.multiplier == 1
    assert row.points == (-1, -1, -1, 3)
    assert "no Bock" in row.label
    assert session.bock_queue == (2, 2, 2)

    waiting = session_with(SEED_002_BOCK.replace(bock_skipped_solo_counts=False))
    waiting.record_summary(LOST_SOLO)
    assert waiting.record_summary(damensolo).points == (-1, -1, -1, 3)
    assert waiting.bock_queue == (2, 2, 2, 2)


def test_a_stille_hochzeit_in_a_bock_game_is_multiplied_under_seed_002() -> None:
    """The exception of seed 002: Anna plays a Stille Hochzeit (scored as a normal game there) and
    gets 150 Augen: value 1 (Kontra 90 is not under 90). She plays alone against three, so she gets
    +3 and each opponent -1; in the Bock game all of it doubles: +6, -2, -2, -2."""
    session = session_with(SEED_002_BOCK)
    session.record_summary(LOST_SOLO)
    row = session.record_summary(GameSummary(GameType.STILLE_HOCHZEIT, frozenset({0}), augen_re=150))
    assert row.multiplier == 2
    assert row.points == (6, -2, -2, -2)


def test_seed_004_bock_doubles_the_sonderpunkte_too() -> None:
    """Seed 004, Sonderfälle: "Bockrunden: ... Alle Punkte des Spiels werden verdoppelt, auch die
    Sonderpunkte."

    Beispiel 1 of seed 004 without Kontra's Doppelkopf: Ben and Carla say Re, get 151 Augen, Ben
    catches the Fuchs: gewonnen 1 + Gegner unter 90 1 + Re angesagt 2 + Sonderpunkt Re 1 = 5.
    In a Bock game: all Punkte doubled, 10 each (seed 004). With bock_multiplies "value" the game
    value 4 is doubled and the Sonderpunkt counts once: 9."""
    game = GameSummary(
        GameType.NORMAL,
        frozenset({1, 2}),
        augen_re=151,
        announcements=(ANSAGE, 0),
        sonderpunkte=(Sonderpunkt("fuchs_gefangen", Party.RE),),
    )
    rules = DDV.replace(pflichtsolo=False, bock_triggers=("lost_solo",))
    doubled = session_with(rules)
    doubled.record_summary(LOST_SOLO)
    row = doubled.record_summary(game)
    assert row.points == (-10, 10, 10, -10)
    assert row.base_points == (-5, 5, 5, -5)

    value_only = session_with(rules.replace(bock_multiplies="value"))
    value_only.record_summary(LOST_SOLO)
    row = value_only.record_summary(game)
    assert row.multiplier == 2
    assert row.points == (-9, 9, 9, -9)
    assert row.base_points == (-5, 5, 5, -5)
    # The list keeps both and rebuilds the same rows from its plain data.
    assert Sheet.from_dict(value_only.sheet.to_dict()) == value_only.sheet


def test_spaltarsch_under_ddv_and_under_seed_002() -> None:
    """The same 120:120 game: under both, Kontra wins with 120 Augen (TSR 7.1.2 no. 1; seed 002:
    Re needs "mindestens 121 Punkte"), 2 Punkte (gewonnen, gegen die Alten). Under the DDV nothing
    follows; under seed 002 the Spaltarsch starts a Bockrunde."""
    for rules, owed in ((DDV, ()), (SEED_002_BOCK, (2, 2, 2, 2))):
        session = session_with(rules)
        row = session.record_summary(SPALTARSCH)
        assert row.points == SPALTARSCH_POINTS
        assert session.bock_queue == owed
    assert session.last_triggers == ("spaltarsch",)


def test_lost_kontra_lost_re_nullspiel_and_schwarz_triggers() -> None:
    """Hand-built results and the triggers they fire (all triggers switched on):

    - Kontra alone announced, Re gets 130: Re wins with 120 already (TSR 7.1.1 no. 4); Kontra lost
      its Kontra (seed 002 "ein verlorenes Contra"): lost_kontra.
    - Re announced and Re gets 110: Kontra wins: lost_re.
    - Re gets 130 unannounced, Kontra makes a Doppelkopf: 1 - 1 = 0 Punkte, a Nullspiel.
    - Re wins every trick: Kontra is schwarz.
    """
    rules = DDV.replace(bock_triggers=("lost_solo", "spaltarsch", "lost_kontra", "lost_re", "nullspiel", "schwarz"))
    cases = [
        (GameSummary(GameType.NORMAL, frozenset({0, 1}), augen_re=130, announcements=(0, ANSAGE)), ("lost_kontra",)),
        (GameSummary(GameType.NORMAL, frozenset({0, 1}), augen_re=110, announcements=(ANSAGE, 0)), ("lost_re",)),
        (
            GameSummary(
                GameType.NORMAL,
                frozenset({0, 1}),
                augen_re=130,
                sonderpunkte=(Sonderpunkt("doppelkopf", Party.KONTRA),),
            ),
            ("nullspiel",),
        ),
        (GameSummary(GameType.NORMAL, frozenset({0, 1}), augen_re=240, tricks_re=12, tricks_kontra=0), ("schwarz",)),
        (LOST_SOLO, ("lost_solo",)),
        (RE_WINS_3, ()),
    ]
    for summary, expected in cases:
        session = session_with(rules)
        session.record_summary(summary)
        assert session.last_triggers == expected, summary
        assert len(session.bock_queue) == 4 * len(expected)
    nullspiel = cases[2][0]
    session = session_with(rules)
    assert session.record_summary(nullspiel).points == (0, 0, 0, 0)
    # Two triggers in one game start two Bocks: a lost solo with 120 Augen is also a Spaltarsch.
    both = GameSummary(GameType.KREUZ, frozenset({0}), augen_re=120)
    assert bock_triggers_fired(both, score(both, rules), rules) == ("lost_solo", "spaltarsch")
    session = session_with(rules)
    session.record_summary(both)
    assert session.bock_queue == (4, 4, 4, 4)


def test_session_options_are_checked() -> None:
    with pytest.raises(RuleError, match="round_games"):
        Session(DDV.replace(round_games=3), NAMES)
    with pytest.raises(RuleError, match="bock_max_multiplier"):
        Session(DDV.replace(bock_max_multiplier=3), NAMES)
    with pytest.raises(RuleError, match="bock_stacking"):
        DDV.replace(bock_stacking="multiply")
    with pytest.raises(SessionError, match="needs 4 to 7 players, got 3"):
        Session(DDV, NAMES[:3])
    with pytest.raises(SessionError, match="needs 4 to 7 players, got 8"):
        Session(DDV, [f"P{i}" for i in range(8)])
    with pytest.raises(SessionError, match="sit_out: unknown choice 'youngest'"):
        Session(DDV, NAMES, sit_out="youngest")


# -- Pflichtsolo and the deal ------------------------------------------------------------------------


def test_after_a_pflichtsolo_the_same_dealer_deals_again() -> None:
    """TSR 3.3.1, 4.2.5: after Carla's Pflichtsolo Anna (seat 0) deals again; after Carla's
    Lustsolo (TSR 4.3.2) and after a normal game the deal moves on."""
    session = session_with(DDV)
    kreuzsolo_carla = GameSummary(GameType.KREUZ, frozenset({2}), augen_re=150)
    assert session.next_game_setup() == (0, (False, False, False, False), None, 1, 24, None)
    row = session.record_summary(kreuzsolo_carla, pflichtsolo=True)
    assert row.label == "Kreuzsolo Carla +3 (Pflichtsolo)"
    assert session.dealer == 0
    assert session.pflichtsolo_done == (False, False, True, False)
    assert session.missing_pflichtsoli == (0, 1, 3)
    row = session.record_summary(kreuzsolo_carla)  # her Lustsolo
    assert row.label == "Kreuzsolo Carla +3"
    assert session.dealer == 1
    session.record_summary(RE_WINS_3)
    assert session.dealer == 2
    with pytest.raises(SessionError, match="Carla already played the Pflichtsolo in round 1"):
        session.record_summary(kreuzsolo_carla, pflichtsolo=True)
    with pytest.raises(SessionError, match="no declared solo"):
        session.record_summary(RE_WINS_3, pflichtsolo=True)
    assert session.games == 3  # the rejected results changed nothing


def test_without_pflichtsolo_the_deal_always_moves_on() -> None:
    """Seed 000: "Es gibt keine Pflichtsolis"; "Beim nächsten Spiel wechselt die Rolle des Gebers"."""
    session = session_with(DDV.replace(pflichtsolo=False))
    assert session.next_game_setup().pflichtsolo_done == (True, True, True, True)  # every solo a Lustsolo
    dealers = []
    for summary in (LOST_SOLO, RE_WINS_3, LOST_SOLO, RE_WINS_3, LOST_SOLO):
        dealers.append(session.dealer)
        session.record_summary(summary)
    assert dealers == [0, 1, 2, 3, 0]
    assert session.next_game_setup().forced_solo_seat is None
    with pytest.raises(SessionError, match="no Pflichtsolo"):
        session.record_summary(LOST_SOLO, pflichtsolo=True)


class Soloist(RandomPlayer):
    """Declares a Kreuz-Solo whenever asked."""

    def choose(self, info: InformationState) -> int:
        if info.phase is Phase.VORBEHALT:
            return Action.vorbehalt(GameType.KREUZ)
        return super().choose(info)


def first_card_seat(game: Game) -> int:
    return next(seat for seat, action in game.history if Action.is_card(action))


def test_played_session_pflichtsolo_then_lustsolo() -> None:
    """Carla (seat 2) declares a Kreuzsolo in every game, nobody else a Vorbehalt. Game 1 (Anna
    deals) is her Pflichtsolo: she leads (TSR 4.2.2) and Anna deals again. Game 2 is her Lustsolo
    (TSR 4.3.1): Ben, left of the dealer, leads, and the deal moves on to Ben for game 3."""
    players: list[Player] = [RandomPlayer(0, p_vorbehalt=0), RandomPlayer(1, p_vorbehalt=0)]
    players += [Soloist(2), RandomPlayer(3, p_vorbehalt=0)]
    session = session_with(DDV)
    games = list(play_session(DDV, players, games=3, seed=5, session=session))
    assert [g.dealer for g in games] == [0, 0, 1]
    assert [g.pflichtsolo for g in games] == [True, False, False]
    assert [first_card_seat(g) for g in games] == [2, 1, 2]
    labels = [row.label for row in session.sheet.rows]
    assert labels[0].endswith("(Pflichtsolo)") and "Pflichtsolo" not in labels[1]
    assert session.sheet.totals == dict(
        zip(NAMES, [sum(g.score().points[s] for g in games) for s in range(4)], strict=True)
    )


def test_vorfuehrung_near_the_end_of_the_round() -> None:
    """TSR 4.2.3 with a round of 6 games (round_games 6).

    Game 1 (Anna deals): Ben's Pflichtsolo, so Anna deals again (TSR 4.2.5). Games 2 (Anna deals)
    and 3 (Ben deals) are normal. Now 3 games are left and 3 Pflichtsoli missing (Anna, Carla,
    Dirk): the first of them left of the dealer Carla is Dirk. He is vorgeführt, and after a
    forced solo the deal moves on, to Dirk. 2 games left, Anna and Carla missing: left of Dirk
    comes Anna; the deal moves to Anna. 1 game left: Carla is forced. The round is over after game
    6: round 2 starts with every Pflichtsolo open and Ben dealing."""
    session = session_with(DDV.replace(round_games=6))
    solo = {s: GameSummary(GameType.DAMEN, frozenset({s}), augen_re=150) for s in range(4)}
    assert session.next_game_setup().forced_solo_seat is None
    session.record_summary(solo[1], pflichtsolo=True)
    assert (session.dealer, session.games_left_in_round) == (0, 5)
    session.record_summary(RE_WINS_3)
    assert session.next_game_setup().forced_solo_seat is None  # 4 games left, 3 missing
    session.record_summary(RE_WINS_3)
    setup = session.next_game_setup()
    assert (setup.dealer, setup.forced_solo_seat) == (2, 3)
    row = session.record_summary(solo[3], pflichtsolo=True)
    assert row.label.endswith("(Pflichtsolo, vorgeführt)")
    setup = session.next_game_setup()
    assert (setup.dealer, setup.forced_solo_seat) == (3, 0)
    session.record_summary(solo[0], pflichtsolo=True)
    setup = session.next_game_setup()
    assert (setup.dealer, setup.forced_solo_seat, session.games_left_in_round) == (0, 2, 1)
    session.record_summary(solo[2], pflichtsolo=True)
    assert (session.round, session.games_in_round, session.missing_pflichtsoli) == (2, 0, (0, 1, 2, 3))
    assert session.dealer == 1
    assert session.next_game_setup().forced_solo_seat is None


def test_in_a_short_round_every_pflichtsolo_is_forced() -> None:
    """A round of 4 games leaves no room for anything else: from the first game on the missing
    players are forced, each the first missing left of the dealer: Ben (Anna deals), then Carla
    (Ben deals), Dirk (Carla deals), Anna (Dirk deals). Then round 2 begins."""
    session = session_with(DDV.replace(round_games=4))
    solo = {s: GameSummary(GameType.BUBEN, frozenset({s}), augen_re=150) for s in range(4)}
    seen = []
    for _ in range(4):
        setup = session.next_game_setup()
        seen.append((setup.dealer, setup.forced_solo_seat))
        assert setup.forced_solo_seat is not None
        session.record_summary(solo[setup.forced_solo_seat], pflichtsolo=True)
    assert seen == [(0, 1), (1, 2), (2, 3), (3, 0)]
    assert session.round == 2


def test_the_dealer_can_be_vorgefuehrt_himself() -> None:
    """TSR 4.2.3: "Kartengeber ist derjenige Spieler, der das nächste Spiel geben müsste, auch wenn
    er selbst vorgeführt wird." Round of 7: Ben, Carla and Anna play their Pflichtsoli while Anna
    deals (she deals again after each), then three normal games dealt by Anna, Ben and Carla. The
    last game: 1 left, Dirk missing, and Dirk is the dealer: he deals and plays his forced solo."""
    session = session_with(DDV.replace(round_games=7))
    for seat in (1, 2, 0):
        session.record_summary(GameSummary(GameType.PIK, frozenset({seat}), augen_re=150), pflichtsolo=True)
    assert session.dealer == 0
    for _ in range(3):
        session.record_summary(RE_WINS_3)
    setup = session.next_game_setup()
    assert (setup.dealer, setup.forced_solo_seat) == (3, 3)
    session.record_summary(GameSummary(GameType.PIK, frozenset({3}), augen_re=150), pflichtsolo=True)
    assert (session.round, session.dealer) == (2, 0)


def test_missing_pflichtsoli_are_played_after_the_last_game() -> None:
    """TSR 8.6: Pflichtsoli still missing when the round's games are played must still be played.
    With a round of 4 and four normal games (a game engine without the forced-solo hook lets the
    forced player say gesund), the round goes on with forced games until all four are played."""
    session = session_with(DDV.replace(round_games=4))
    for _ in range(4):
        session.record_summary(RE_WINS_3)
    assert (session.round, session.games_left_in_round) == (1, 0)
    setup = session.next_game_setup()
    assert (setup.dealer, setup.forced_solo_seat) == (0, 1)
    for _ in range(4):
        forced = session.next_game_setup().forced_solo_seat
        assert forced is not None
        session.record_summary(GameSummary(GameType.KARO, frozenset({forced}), augen_re=150), pflichtsolo=True)
    assert session.round == 2 and session.games == 8


def test_a_deal_thrown_in_does_not_count() -> None:
    """Seed 002, Schmeissen: "wird dann geschmissen und neu ausgeteilt": the same dealer deals
    again, no row is written, the Bock games owed stay owed."""
    session = session_with(SEED_002_BOCK)
    session.record_summary(LOST_SOLO)
    game = session.new_game(seed=3)
    game.redeal_same_dealer = True  # type: ignore[attr-defined]  # what the engine sets for Schmeissen
    assert session.record_result(game) is None
    assert (session.dealer, session.games, session.deals, len(session.sheet.rows)) == (1, 1, 2, 1)
    assert session.bock_queue == (2, 2, 2, 2)


def test_new_game_deals_as_the_setup_says() -> None:
    session = session_with(DDV)
    session.record_summary(RE_WINS_3)
    session.record_summary(GameSummary(GameType.KREUZ, frozenset({3}), augen_re=150), pflichtsolo=True)
    game = session.new_game(seed=11)
    assert (game.dealer, game.pflichtsolo_done) == (1, (False, False, False, True))
    assert game.initial_hands == Game.new(DDV, seed=11, dealer=1).initial_hands
    other = Game.new(DDV, seed=11, dealer=2)
    with pytest.raises(SessionError, match="dealer"):
        session.record_result(other)


# -- whole sessions and the invariant of the list ----------------------------------------------------


def test_random_sessions_under_seed_002_bock_keep_the_list_balanced() -> None:
    """Random players (who say Vorbehalt often) play 60 games under the seed 002 Bock options: each
    row gets the multiplier the session announced before the game (1 for a declared solo), and the
    list checks out."""
    session = session_with(SEED_002_BOCK)
    announced: list[int] = []
    rows = []

    def on_event(kind: str, data: dict[str, object]) -> None:
        if kind == "setup":
            announced.append(data["setup"].bock_multiplier)  # type: ignore[attr-defined]
        if kind == "row":
            rows.append(data["row"])

    players: list[Player] = [RandomPlayer(s, p_vorbehalt=0.3, p_announce=0.3) for s in range(4)]
    games = [g for g in play_session(SEED_002_BOCK, players, 60, seed=9, on_event=on_event, session=session)]
    counted = [g for g in games if not getattr(g, "redeal_same_dealer", False)]
    assert len(counted) == 60 and len(rows) == 60
    assert any(row.multiplier > 1 for row in rows)
    assert {row.multiplier for row in rows} <= {1, 2, 4}
    multipliers = [m for g, m in zip(games, announced, strict=True) if not getattr(g, "redeal_same_dealer", False)]
    for game, row, multiplier in zip(counted, rows, multipliers, strict=True):
        expected = 1 if game.game_type.is_declared_solo else multiplier
        assert row.multiplier == expected
        assert row.points == tuple(p * expected for p in game.score().points)
    session.sheet.check()


SUMMARIES = st.builds(
    lambda kind, seats, augen, levels, extras: GameSummary(
        kind,
        frozenset(seats[:2] if kind is GameType.NORMAL else seats[:1]),
        augen_re=augen,
        announcements=levels,
        sonderpunkte=tuple(Sonderpunkt(k, p) for k, p in extras),
    ),
    st.sampled_from([GameType.NORMAL, GameType.KREUZ, GameType.DAMEN, GameType.STILLE_HOCHZEIT]),
    st.permutations([0, 1, 2, 3]),
    st.integers(0, 240),
    st.tuples(st.integers(0, 5), st.integers(0, 5)),
    st.lists(
        st.tuples(st.sampled_from(["doppelkopf", "fuchs_gefangen", "karlchen"]), st.sampled_from(list(Party))),
        max_size=4,
    ),
)
BOCK_RULES = st.builds(
    lambda triggers, length, stacking, cap, multiplies, skips, counts: DDV.replace(
        bock_triggers=triggers,
        bock_length=length,
        bock_stacking=stacking,
        bock_max_multiplier=cap,
        bock_multiplies=multiplies,
        bock_skips_soli=skips,
        bock_skipped_solo_counts=counts,
    ),
    st.lists(
        st.sampled_from(["lost_solo", "spaltarsch", "lost_kontra", "lost_re", "nullspiel", "schwarz"]), unique=True
    ).map(tuple),
    st.sampled_from(["round", "game"]),
    st.sampled_from(["add", "queue", "none"]),
    st.sampled_from([2, 4, 8]),
    st.sampled_from(["all", "value"]),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(rules=BOCK_RULES, summaries=st.lists(SUMMARIES, min_size=1, max_size=14))
def test_property_every_row_is_zero_sum_with_its_multiplier(rules: RuleSet, summaries: list[GameSummary]) -> None:
    """Whatever the Bock options and results: every row sums to zero, its multiplier is the one
    owed (a power of two up to the cap, or 1 for a skipped solo), "all" multiplies every Punkt, and
    the totals are the sums of the rows."""
    session = session_with(rules)
    for summary in summaries:
        owed = session.next_game_setup().bock_multiplier
        row = session.record_summary(summary)
        assert sum(row.points) == 0
        assert row.multiplier in (owed, 1)
        assert row.multiplier <= rules.bock_max_multiplier and row.multiplier & (row.multiplier - 1) == 0
        if rules.bock_multiplies == "all":
            assert row.points == tuple(p * row.multiplier for p in row.base_points)
        assert all(m <= rules.bock_max_multiplier for m in session.bock_queue)
    session.sheet.check()
    assert sum(session.sheet.totals.values()) == 0


# -- the command line shows the list with the Bock --------------------------------------------------


def test_simulate_shows_bock_multipliers_and_games_owed(tmp_path: Path) -> None:
    """A rule file with the seed 002 Bock: the JSON rows carry their multiplier, and the printed
    list ends with the Bock games still owed."""
    path = tmp_path / "bock.toml"
    path.write_text(SEED_002_BOCK.to_toml(), encoding="utf-8")
    runner = CliRunner()
    args = ["simulate", "--games", "40", "--seed", "4", "--no-records", "--rules", str(path)]
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["rows"]) == 40
    assert any(row["multiplier"] > 1 for row in data["rows"])
    assert all(sum(row["points"]) == 0 for row in data["rows"])
    assert sum(data["totals"].values()) == 0
    printed = runner.invoke(main, args)
    assert printed.exit_code == 0, printed.output
    assert "(×2)" in printed.output or "(×4)" in printed.output
    if data["bock_owed"]:
        owed = " ".join(f"×{m}" for m in data["bock_owed"])
        assert f"Bock games owed: {owed}" in printed.output


@pytest.mark.parametrize(
    ("summary", "message"),
    [
        (GameSummary(GameType.ARMUT, frozenset({0, 1}), 130), "the Armut is not played under rules 'ddv'"),
        (GameSummary(GameType.BUBEN_DAMEN, frozenset({0}), 130), "the Buben-Damen-Solo is not played under rules"),
    ],
)
def test_the_liste_takes_only_games_the_rules_play(summary: GameSummary, message: str) -> None:
    """The TSR has no Armut and no Buben-Damen-Solo (seed 002 has both): a Liste under ``ddv`` refuses them,
    and stays as it was."""
    session = Session(DDV.replace(pflichtsolo=False), ["Anna", "Ben", "Carla", "Dirk"])
    with pytest.raises(SessionError, match=f"^game_type: {message}"):
        session.record_summary(summary)
    assert session.sheet.rows == () and session.games == 0


def test_a_session_game_tells_the_seats_the_pflichtsoli_and_the_games_left() -> None:
    """TSR 4.2.3: who has played the Pflichtsolo is public at the table, and the Vorführung depends
    on the games left in the round. Round of 6: after Ben's Pflichtsolo (game 1) 5 games are left
    and Anna, Carla and Dirk owe theirs; every seat of the next game sees exactly that, from the
    Vorbehaltsabfrage to the end, in a copy of the game too. A game outside a session does not know
    the games left (None) and says nobody has played a Pflichtsolo."""
    import copy
    import pickle

    session = session_with(DDV.replace(round_games=6))
    session.record_summary(GameSummary(GameType.DAMEN, frozenset({1}), augen_re=150), pflichtsolo=True)
    assert (session.pflichtsolo_done, session.games_left_in_round) == ((False, True, False, False), 5)
    assert session.next_game_setup().games_left_in_round == 5
    game = session.new_game(seed=7)
    for copied in (game, game.clone(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        for seat in range(4):
            info = copied.information_state(seat)
            assert info.pflichtsolo_done == (False, True, False, False)
            assert info.games_left_in_round == 5
    players: list[Player] = [RandomPlayer(s, p_vorbehalt=0) for s in range(4)]
    play_game(game, players)
    assert game.information_state(2).games_left_in_round == 5
    plain = Game.new(DDV, seed=7).information_state(0)
    assert (plain.pflichtsolo_done, plain.games_left_in_round) == ((False, False, False, False), None)
    with pytest.raises(IllegalAction, match="games_left_in_round"):
        Game.new(DDV, seed=7, games_left_in_round=-1)
