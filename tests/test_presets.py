"""The same table situation under each house's preset: who wins, the Punkte, and whether Bock starts.

Every expectation is worked out by hand from the preset's source (TSR, or the seed's sentence quoted).
"""

from __future__ import annotations

from doppelkopf.rules import ANSAGE, GameType, Party, get_preset
from doppelkopf.scoring import GameSummary, Sonderpunkt, score
from doppelkopf.session import Session

NAMES = ["Anna", "Ben", "Carla", "Dirk"]


def spaltarsch() -> GameSummary:
    """120:120 in a normal game, Ben and Carla Re, no announcements, no Sonderpunkte."""
    return GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=120, tricks_re=6, tricks_kontra=6)


def test_120_120_under_ddv_kontra_wins_and_no_bock() -> None:
    """TSR 7.1.2: Kontra wins with 120; Gewonnen 1 + gegen die Alten 1 = 2. The DDV has no Bock."""
    session = Session(get_preset("ddv"), NAMES)
    row = session.record_summary(spaltarsch())
    assert row.points == (2, -2, -2, 2)
    assert session.bock_queue == ()


def test_120_120_under_doppelbock_kontra_wins_and_a_bock_round_starts() -> None:
    """Seed 002: "Die RE-Partei muss zum Gewinn des Spiels mindestens 121 Punkte machen" (Kontra wins,
    1 + gegen die Alten 1 = 2) and "Böcke entstehen durch ... Spaltarsch (beide Parteien haben 120
    Punkte)": the next four games (one round) count double."""
    session = Session(get_preset("doppelbock"), NAMES)
    row = session.record_summary(spaltarsch())
    assert row.points == (2, -2, -2, 2)
    assert session.bock_queue == (2, 2, 2, 2)
    doubled = session.record_summary(spaltarsch())
    assert doubled.multiplier == 2 and doubled.points == (4, -4, -4, 4)
    # the second Spaltarsch stacks: Doppelbock x4 where the Bocks overlap, never more ("maximal Doppelböcke")
    assert max(session.bock_queue) == 4


def test_stille_hochzeit_under_each_house() -> None:
    """Anna plays a Stille Hochzeit and wins with 150 Augen (opponents 90: no unter 90), no announcements.

    ddv (TSR 4.4.5): a solo: value 1, Anna +3, each opponent -1.
    vier-schritte (seed 004 "Es zählt dreifach wie jedes Solo"): the same.
    ohne-neunen (seed 000 "stiller Solo x4"): value 1 x 4 per opponent: Anna +12, each -4.
    doppelbock (seed 002 "was aber nicht wie ein Solo gerechnet wird"): normal scoring, one against
    three: value 1, Anna +3, each -1.
    """
    game = GameSummary(GameType.STILLE_HOCHZEIT, frozenset({0}), augen_re=150)
    expected = {
        "ddv": (3, -1, -1, -1),
        "vier-schritte": (3, -1, -1, -1),
        "ohne-neunen": (12, -4, -4, -4),
        "doppelbock": (3, -1, -1, -1),
    }
    for name, points in expected.items():
        result = score(game, get_preset(name))
        assert result.winner is Party.RE, name
        assert result.points == points, name


def test_nobody_wins_under_ddv_and_vier_schritte() -> None:
    """Both parties said Re/Kontra and keine 90; Re has 140, Kontra 100: neither reaches its goal.
    Ben (Re) caught a Fuchs.

    ddv (TSR 7.1.3): Re reached 120 against Kontra's keine 90 (+1) and the Fuchs (+1): Re +2 each.
    vier-schritte (seed 004 "nur die Sonderpunkte werden verrechnet"): only the Fuchs: Re +1 each.
    """
    game = GameSummary(
        GameType.NORMAL,
        frozenset({1, 2}),
        augen_re=140,
        announcements=(ANSAGE + 1, ANSAGE + 1),
        sonderpunkte=(Sonderpunkt("fuchs_gefangen", Party.RE),),
    )
    assert score(game, get_preset("ddv")).points == (-2, 2, 2, -2)
    assert score(game, get_preset("vier-schritte")).points == (-1, 1, 1, -1)


def test_lost_solo_starts_bock_only_in_doppelbock() -> None:
    """A Damensolo lost with 100 Augen (opponents 140): value 1 (+ seed 002's "Solo" line: 2).

    ddv: soloist -3, no Bock. doppelbock: soloist -6 ("Solo" counts one Punkt, the winners are the
    three opponents), and "Böcke entstehen durch ein verlorenes Solo".
    """
    lost = GameSummary(GameType.DAMEN, frozenset({0}), augen_re=100)
    ddv = Session(get_preset("ddv"), NAMES)
    assert ddv.record_summary(lost, pflichtsolo=True).points == (-3, 1, 1, 1)
    assert ddv.bock_queue == ()
    house = Session(get_preset("doppelbock"), NAMES)
    assert house.record_summary(lost).points == (-6, 2, 2, 2)
    assert house.bock_queue == (2, 2, 2, 2)
