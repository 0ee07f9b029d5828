"""Exact scores of named situations, worked out by hand from the rules.

Sources:
- seed 004 (/work/shared/seeds/004_c3ec5e195aa8b38f.txt), "Beispiel 1", "Beispiel 2", "Beispiel 3" and "Sonderfälle";
- the DDV Turnierspielregeln (TSR, Stand 21.02.2026) 7.1 (who wins), 7.2.2 (game value), 7.2.3 (Sonderpunkte),
  7.2.4 (solo), 4.4.3 b and 4.4.5 (Hochzeit), as collected in the team's TSR fact sheet, section 9: the published
  examples P1, P2, P4 and the derived examples D1-D18.

Every expected number below was computed by hand from those rules; the comment at each case shows the sum.
Players are always Anna, Ben, Carla, Dirk in seat order (seed 004).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf.i18n import translator
from doppelkopf.rules import DDV, SCHWARZ, GameType, Party, RuleSet
from doppelkopf.scoring import GameSummary, ScoreError, Sonderpunkt, score
from entry_helpers import check, re_ben_carla, scored

DE, EN = translator("de"), translator("en")  # the score labels as a German / English reader sees them

ALL_ABSAGEN = ["keine_90", "keine_60", "keine_30", "schwarz"]


def solo_anna(each: int) -> dict[str, int]:
    """Punkte when Anna plays alone and each opponent gets ``each`` (she gets -3 times that)."""
    return {"Anna": -3 * each, "Ben": each, "Carla": each, "Dirk": each}


# -- seed 004 -------------------------------------------------------------------------------------------


def test_seed004_beispiel1_re_gewinnt_mit_ansage() -> None:
    """Seed 004, Beispiel 1: Ben & Carla say Re, take 151 Augen; Ben catches the Fuchs, Kontra a Doppelkopf.

    Table: Gewonnen +1, Gegner unter 90 +1, Re angesagt +2, Sonderpunkte Re +1, Sonderpunkte Kontra -1 = +4.
    """
    result = scored(151, re_says=["re"], extras=[("fuchs_gefangen", "re"), ("doppelkopf", "kontra")])
    s = result.score
    assert s.winner is Party.RE
    assert [(i.key, i.punkte) for i in s.items] == [
        ("gewonnen", 1),
        ("unter_90", 1),
        ("re_angesagt", 2),
        ("sonderpunkte_re", 1),
        ("sonderpunkte_kontra", -1),
    ]
    assert [DE.text(i.label) for i in s.items[:3]] == ["Gewonnen", "Gegner unter 90", "Re angesagt"]
    assert [EN.text(i.label) for i in s.items[:3]] == ["Won", "Opponents under 90", "Re announced"]
    assert DE.text(s.items[3].label).startswith("Sonderpunkte Re")
    assert DE.text(s.items[4].label).startswith("Sonderpunkte Kontra")
    assert s.value == 4
    assert result.points_by_name == {"Anna": -4, "Ben": 4, "Carla": 4, "Dirk": -4}
    assert s.table()[-1] == ("Summe", 4)


def test_seed004_beispiel2_absage_verfehlt() -> None:
    """Seed 004, Beispiel 2: Re says Re and keine 90, takes 140; Kontra has 100 >= 90 and wins.

    Table: Gewonnen +1, Re angesagt +2, keine 90 abgesagt (Re) +1, Gegen die Alten +1 = +5 for Anna & Dirk.
    """
    result = scored(140, re_says=["re", "keine_90"])
    s = result.score
    assert s.winner is Party.KONTRA
    assert [(i.key, DE.text(i.label), i.punkte) for i in s.items] == [
        ("gewonnen", "Gewonnen", 1),
        ("re_angesagt", "Re angesagt", 2),
        ("keine_90_re", "keine 90 abgesagt (Re)", 1),
        ("gegen_die_alten", "Gegen die Alten", 1),
    ]
    assert s.value == 5
    assert result.points_by_name == {"Anna": 5, "Ben": -5, "Carla": -5, "Dirk": 5}


def test_seed004_beispiel3_kreuzsolo() -> None:
    """Seed 004, Beispiel 3: Anna's Kreuzsolo with 190 Augen, the opponents 50.

    Table: Gewonnen +1, Gegner unter 90 +1, Gegner unter 60 +1 = 3; Anna 3 x 3 = +9, each opponent -3.
    """
    result = scored(190, re=["Anna"], game="kreuz")
    s = result.score
    assert s.winner is Party.RE and s.solo
    assert [(i.key, DE.text(i.label), i.punkte) for i in s.items] == [
        ("gewonnen", "Gewonnen", 1),
        ("unter_90", "Gegner unter 90", 1),
        ("unter_60", "Gegner unter 60", 1),
    ]
    assert s.value == 3
    assert result.points_by_name == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}


def test_seed004_beispiel1_through_scoring_score() -> None:
    """Seed 004, Beispiel 1 once more through scoring.score with seats (Ben = 1, Carla = 2)."""
    summary = GameSummary(
        GameType.NORMAL,
        frozenset({1, 2}),
        augen_re=151,
        announcements=(1, 0),
        sonderpunkte=(Sonderpunkt("fuchs_gefangen", Party.RE), Sonderpunkt("doppelkopf", Party.KONTRA)),
    )
    assert score(summary, DDV).points == (-4, 4, 4, -4)


def test_tsr_7_1_3_nobody_wins_unter_90_counts() -> None:
    """TSR 7.1.3: both say keine 60; Re 170, Kontra 70: Kontra is not under 60 and Re not under 60, nobody wins.

    Re keeps unter 90 (70 < 90) +1, 120 against keine 90 +1 and 90 against keine 60 +1 (170 Augen); Kontra's 70
    reach nothing against Re's keine 90 (120) or keine 60 (90). Re +3.
    """
    result = scored(170, re_says=["keine_60"], kontra_says=["keine_60"])
    check(
        result,
        None,
        {"unter_90_re": 1, "120_gegen_keine_90_re": 1, "90_gegen_keine_60_re": 1},
        re_ben_carla(3),
    )
    only_sonderpunkte = scored(170, re_says=["keine_60"], kontra_says=["keine_60"], rules=_nobody("sonderpunkte"))
    check(only_sonderpunkte, None, {}, re_ben_carla(0))


# -- TSR fact sheet 9.A: published examples --------------------------------------------------------------


def test_tsr_p1_baum24_only_kontra_announced() -> None:
    """P1 (baum24.net Bsp. 1): only Kontra announced, Kontra 160 (needs 121), Re 80.

    1 Gewonnen + 1 unter 90 + 2 Kontra angesagt + 1 gegen die Alten = 5.
    """
    check(
        scored(80, kontra_says=["kontra"]),
        Party.KONTRA,
        {"gewonnen": 1, "unter_90": 1, "kontra_angesagt": 2, "gegen_die_alten": 1},
        re_ben_carla(-5),
    )


def test_tsr_p2_baum24_re_keine_60_missed() -> None:
    """P2 (baum24.net Bsp. 2): Re says Re, keine 90, keine 60 and takes 130; Kontra 110 >= 60 wins (TSR 7.1.2 no. 7).

    1 + Re 2 + keine 90 1 + keine 60 1 + 90 Augen gegen keine 60 1 + gegen die Alten 1 = 7
    (110 < 120, so nothing against keine 90).
    """
    check(
        scored(130, re_says=["re", "keine_90", "keine_60"]),
        Party.KONTRA,
        {
            "gewonnen": 1,
            "re_angesagt": 2,
            "keine_90_re": 1,
            "keine_60_re": 1,
            "90_gegen_keine_60": 1,
            "gegen_die_alten": 1,
        },
        re_ben_carla(-7),
    )


def test_tsr_p4_doppelkopf_web_kontra_55() -> None:
    """P4 (doppelkopf-web.de): no announcements, Kontra 55 Augen: 1 + unter 90 + unter 60 = 3."""
    check(scored(185), Party.RE, {"gewonnen": 1, "unter_90": 1, "unter_60": 1}, re_ben_carla(3))


# -- TSR fact sheet 9.B: derived examples ----------------------------------------------------------------


def test_tsr_d1_re_121() -> None:
    """D1: no announcements, Re 121 wins (TSR 7.1.1 no. 1): 1."""
    check(scored(121), Party.RE, {"gewonnen": 1}, re_ben_carla(1))


def test_tsr_d2_kontra_120() -> None:
    """D2: no announcements, Re 120: Kontra wins with 120 (7.1.2 no. 1): 1 + gegen die Alten 1 = 2."""
    check(scored(120), Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, re_ben_carla(-2))


def test_tsr_d3_only_kontra_re_wins_with_120() -> None:
    """D3: only Kontra announced, Re 120 wins (7.1.1 no. 4): 1 + Kontra angesagt 2 = 3."""
    check(scored(120, kontra_says=["kontra"]), Party.RE, {"gewonnen": 1, "kontra_angesagt": 2}, re_ben_carla(3))


def test_tsr_d4_re_and_kontra_121() -> None:
    """D4: Re and Kontra announced, Re 121 wins (7.1.1 no. 3): 1 + 2 + 2 = 5."""
    check(
        scored(121, re_says=["re"], kontra_says=["kontra"]),
        Party.RE,
        {"gewonnen": 1, "re_angesagt": 2, "kontra_angesagt": 2},
        re_ben_carla(5),
    )


def test_tsr_d5_re_wins_with_95_against_kontra_keine_90() -> None:
    """D5: Re said Re, Kontra said keine 90 (implying Kontra, TSR 6.4.3); Re 95 >= 90 wins (7.1.1 no. 7).

    1 + Re 2 + Kontra 2 + keine 90 (Kontra) 1 = 6; 95 < 120 gives nothing against keine 90.
    """
    check(
        scored(95, re_says=["re"], kontra_says=["keine_90"]),
        Party.RE,
        {"gewonnen": 1, "re_angesagt": 2, "kontra_angesagt": 2, "keine_90_kontra": 1},
        re_ben_carla(6),
    )


def test_tsr_d6_nobody_wins_tsr_7_1_3() -> None:
    """D6: both say keine 90; Re 140, Kontra 100: neither under 90, nobody wins (TSR 7.1.3).

    Only unter-X and reached-against-Absage count, netted: Re has 140 >= 120 against Kontra's keine 90: +1 for Re;
    Kontra's 100 < 120 earns nothing. Re +1.
    """
    result = scored(140, re_says=["re", "keine_90"], kontra_says=["kontra", "keine_90"])
    check(result, None, {"120_gegen_keine_90_re": 1}, re_ben_carla(1))


def test_tsr_d6_nobody_wins_seed004_only_sonderpunkte() -> None:
    """D6 under seed 004 "Sonderfälle" (nobody_wins = sonderpunkte): no game points at all, so 0 for everyone."""
    result = scored(140, re_says=["re", "keine_90"], kontra_says=["kontra", "keine_90"], rules=_nobody("sonderpunkte"))
    check(result, None, {}, re_ben_carla(0))


def test_tsr_d6_nobody_wins_with_sonderpunkte_both_modes() -> None:
    """D6 plus a Kontra Doppelkopf: TSR 7.1.3 nets Re's +1 with Kontra's Sonderpunkt to 0; under seed 004
    ("nur die Sonderpunkte werden verrechnet") only the Doppelkopf counts: Kontra +1."""
    args: dict[str, Any] = {
        "re_says": ["re", "keine_90"],
        "kontra_says": ["kontra", "keine_90"],
        "extras": [("doppelkopf", "kontra")],
    }
    check(scored(140, **args), None, {"120_gegen_keine_90_re": 1, "sonderpunkte_kontra": -1}, re_ben_carla(0))
    check(scored(140, rules=_nobody("sonderpunkte"), **args), None, {"sonderpunkte_kontra": -1}, re_ben_carla(-1))


def test_tsr_7_1_3_nobody_wins_reached_items_of_both_parties_net() -> None:
    """TSR 7.1.3 with both parties' items: Re says keine 60, Kontra keine 90; Re 150, Kontra 90.

    Re missed (Kontra 90 is not under 60), Kontra missed (Re 150 is not under 90): nobody wins.
    Re: 120 against keine 90 (150 >= 120) +1. Kontra: 90 against keine 60 (90 >= 90) +1, and 120 against
    keine 90? 90 < 120, no. Net 0.
    """
    result = scored(150, re_says=["keine_60"], kontra_says=["keine_90"])
    check(result, None, {"120_gegen_keine_90_re": 1, "90_gegen_keine_60_kontra": -1}, re_ben_carla(0))


def test_tsr_d7_sonderpunkte_net_to_zero() -> None:
    """D7: Re 130 wins (1); Re 1 Doppelkopf, Kontra Fuchs and Karlchen: 1 - 2 = -1; total 0."""
    result = scored(130, extras=[("doppelkopf", "re"), ("fuchs_gefangen", "kontra"), ("karlchen", "kontra")])
    check(result, Party.RE, {"gewonnen": 1, "sonderpunkte_re": 1, "sonderpunkte_kontra": -2}, re_ben_carla(0))


def test_tsr_d8_kontra_wins_with_fuchs_re_karlchen() -> None:
    """D8: Kontra 130 wins: 1 + gegen die Alten 1 + Fuchs 1 - Karlchen (Re) 1 = 2."""
    result = scored(110, extras=[("fuchs_gefangen", "kontra"), ("karlchen", "re")])
    check(
        result,
        Party.KONTRA,
        {"gewonnen": 1, "gegen_die_alten": 1, "sonderpunkte_kontra": 1, "sonderpunkte_re": -1},
        re_ben_carla(-2),
    )


def test_tsr_d9_schwarz_announced_and_made() -> None:
    """D9: Re announces up to schwarz and wins all 12 tricks: 1 + u90 u60 u30 schwarz 4 + Re 2 + 4 Absagen = 11."""
    result = scored(240, re_says=["re", *ALL_ABSAGEN], tricks_re=12)
    check(
        result,
        Party.RE,
        {
            "gewonnen": 1,
            "unter_90": 1,
            "unter_60": 1,
            "unter_30": 1,
            "schwarz": 1,
            "re_angesagt": 2,
            "keine_90_re": 1,
            "keine_60_re": 1,
            "keine_30_re": 1,
            "schwarz_re": 1,
        },
        re_ben_carla(11),
    )


def test_tsr_d10_schwarz_missed_by_one_trick_of_10() -> None:
    """D10: as D9, but Kontra wins one trick of 10 Augen: Kontra wins (7.1.2 no. 8).

    1 + Re 2 + four Absagen 4 + gegen die Alten 1 = 8; "30 gegen schwarz" read literally needs 30 Augen (10 < 30).
    """
    result = scored(230, re_says=["re", *ALL_ABSAGEN], tricks_kontra=1)
    check(
        result,
        Party.KONTRA,
        {
            "gewonnen": 1,
            "re_angesagt": 2,
            "keine_90_re": 1,
            "keine_60_re": 1,
            "keine_30_re": 1,
            "schwarz_re": 1,
            "gegen_die_alten": 1,
        },
        re_ben_carla(-8),
    )


def test_tsr_d11_trick_of_four_nines_is_not_schwarz() -> None:
    """D11: no announcements, Kontra's only trick holds 0 Augen (four Neunen): 1 + u90 + u60 + u30 = 4, not schwarz."""
    check(
        scored(240, tricks_re=11),
        Party.RE,
        {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1},
        re_ben_carla(4),
    )


def test_tsr_d12_damensolo_150() -> None:
    """D12: Damensolo, soloist 150, opponents 90 (not under 90): 1; soloist +3, each opponent -1."""
    check(scored(150, re=["Anna"], game="damen"), Party.RE, {"gewonnen": 1}, solo_anna(-1))


def test_tsr_d13_kreuzsolo_re_190() -> None:
    """D13: Kreuzsolo, soloist said Re and takes 190: 1 + u90 + u60 + Re 2 = 5; +15 / -5."""
    check(
        scored(190, re=["Anna"], game="kreuz", re_says=["re"]),
        Party.RE,
        {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "re_angesagt": 2},
        solo_anna(-5),
    )


def test_tsr_d14_bubensolo_lost_no_gegen_die_alten() -> None:
    """D14: Bubensolo with Re, soloist 110: Kontra 130 wins; 1 + Re 2 = 3, no gegen die Alten in a solo (7.2.4)."""
    check(
        scored(110, re=["Anna"], game="buben", re_says=["re"]),
        Party.KONTRA,
        {"gewonnen": 1, "re_angesagt": 2},
        solo_anna(3),
    )


def test_tsr_d15_hochzeit_without_partner_scored_as_solo() -> None:
    """D15: Hochzeit without partner (TSR 4.4.3 b), Hochzeiter 170: 1 + u90 = 2, ×3; Sonderpunkte do not count."""
    result = scored(170, re=["Anna"], game="hochzeit", extras=[("doppelkopf", "kontra")])
    assert result.score.solo
    check(result, Party.RE, {"gewonnen": 1, "unter_90": 1}, solo_anna(-2))


def test_tsr_d16_stille_hochzeit_lost() -> None:
    """D16: Stille Hochzeit (TSR 4.4.5) scored as a solo, Hochzeiter 115: Kontra 125 wins, 1, no gegen die Alten."""
    result = scored(115, re=["Anna"], game="stille_hochzeit")
    assert result.score.solo
    check(result, Party.KONTRA, {"gewonnen": 1}, solo_anna(1))


def test_tsr_d17_hochzeit_with_partner_is_normal() -> None:
    """D17: Hochzeit with partner, Re said Re, 160 Augen; Re Fuchs, Kontra Doppelkopf: 1 + u90 + Re 2 + 1 - 1 = 4."""
    result = scored(
        160,
        re=["Anna", "Carla"],
        game="hochzeit",
        re_says=["re"],
        extras=[("fuchs_gefangen", "re"), ("doppelkopf", "kontra")],
    )
    assert not result.score.solo
    check(
        result,
        Party.RE,
        {"gewonnen": 1, "unter_90": 1, "re_angesagt": 2, "sonderpunkte_re": 1, "sonderpunkte_kontra": -1},
        {"Anna": 4, "Ben": -4, "Carla": 4, "Dirk": -4},
    )


def test_tsr_d18_kontra_then_re_reply_121() -> None:
    """D18: Kontra said Kontra, Re replied Re; Re 121 wins (both announced): 1 + 2 + 2 = 5."""
    check(
        scored(121, re_says=["re"], kontra_says=["kontra"]),
        Party.RE,
        {"gewonnen": 1, "re_angesagt": 2, "kontra_angesagt": 2},
        re_ben_carla(5),
    )


# -- winner thresholds at the edges (TSR 7.1) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("augen_re", "re_says", "kontra_says", "winner"),
    [
        # 7.1.1 no. 1 / 7.1.2 no. 1: Re needs 121, Kontra 120.
        (121, [], [], Party.RE),
        (120, [], [], Party.KONTRA),
        # only Re announced (7.1.1 no. 2): unchanged.
        (121, ["re"], [], Party.RE),
        (120, ["re"], [], Party.KONTRA),
        # only Kontra announced (7.1.1 no. 4 / 7.1.2 no. 4): Re needs only 120, Kontra 121.
        (120, [], ["kontra"], Party.RE),
        (119, [], ["kontra"], Party.KONTRA),
        # Re keine 90 (7.1.1 no. 5): Re needs 151; Kontra wins with 90 (7.1.2 no. 7).
        (151, ["keine_90"], [], Party.RE),
        (150, ["keine_90"], [], Party.KONTRA),
        # Kontra keine 90: Re wins with 90, with 89 Kontra (151 Augen) has fulfilled it.
        (90, [], ["keine_90"], Party.RE),
        (89, [], ["keine_90"], Party.KONTRA),
        (90, ["re"], ["kontra", "keine_90"], Party.RE),
        # Re keine 60 / keine 30: Kontra wins with 60 / 30 Augen.
        (181, ["keine_60"], [], Party.RE),
        (180, ["keine_60"], [], Party.KONTRA),
        (211, ["keine_30"], [], Party.RE),
        (210, ["keine_30"], [], Party.KONTRA),
    ],
)
def test_tsr_7_1_winner_thresholds(augen_re: int, re_says: list[str], kontra_says: list[str], winner: Party) -> None:
    """TSR 7.1.1 / 7.1.2 at the edges (one Auge either side)."""
    assert scored(augen_re, re_says=re_says, kontra_says=kontra_says).score.winner is winner


def test_tsr_schwarz_announced_one_trick_of_0_augen_wins_for_kontra() -> None:
    """TSR 7.1.2 no. 8: against Re's schwarz one trick wins, even one of 0 Augen (four Neunen); Re has all 240.

    1 + Re 2 + four Absagen 4 + gegen die Alten 1 = 8; no "30 gegen schwarz" (0 Augen), no unter-X for Re (240).
    """
    result = scored(240, re_says=["re", *ALL_ABSAGEN], tricks_re=11)
    check(
        result,
        Party.KONTRA,
        {
            "gewonnen": 1,
            "re_angesagt": 2,
            "keine_90_re": 1,
            "keine_60_re": 1,
            "keine_30_re": 1,
            "schwarz_re": 1,
            "gegen_die_alten": 1,
        },
        re_ben_carla(-8),
    )


def test_tsr_schwarz_without_trick_counts_is_from_augen() -> None:
    """GameSummary: without trick counts a party with 0 Augen is taken to have no trick (schwarz), so D11's
    240 Augen without tricks_re scores 1 + u90 + u60 + u30 + schwarz = 5."""
    check(
        scored(240),
        Party.RE,
        {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1, "schwarz": 1},
        re_ben_carla(5),
    )


def test_tsr_30_gegen_schwarz_with_30_augen() -> None:
    """TSR 7.2.2 f read literally: Kontra wins against Re's schwarz with one trick of 30 Augen: the Augen earn
    "30 gegen schwarz" too: 1 + Re 2 + 4 Absagen + 30 gegen schwarz 1 + gegen die Alten 1 = 9."""
    result = scored(210, re_says=["schwarz"], tricks_kontra=1)
    check(
        result,
        Party.KONTRA,
        {
            "gewonnen": 1,
            "re_angesagt": 2,
            "keine_90_re": 1,
            "keine_60_re": 1,
            "keine_30_re": 1,
            "schwarz_re": 1,
            "30_gegen_schwarz": 1,
            "gegen_die_alten": 1,
        },
        re_ben_carla(-9),
    )


# -- Sonderpunkte, gegen die Alten, Hochzeit ------------------------------------------------------------


def test_tsr_7_2_3_sonderpunkte_make_the_winners_value_negative() -> None:
    """TSR 7.2.3: Re wins with 121 (1) but Kontra caught both Füchse and made Karlchen (-3): value -2.

    The winner stays Re, yet Ben & Carla lose 2 each and Anna & Dirk get 2.
    """
    result = scored(121, extras=[("fuchs_gefangen", "kontra"), ("fuchs_gefangen", "kontra"), ("karlchen", "kontra")])
    check(result, Party.RE, {"gewonnen": 1, "sonderpunkte_kontra": -3}, re_ben_carla(-2))


def test_tsr_7_2_4_no_gegen_die_alten_and_no_sonderpunkte_in_a_solo() -> None:
    """TSR 7.2.4: Kontra beats a Karosolo (soloist 100): 1, no gegen die Alten; the Kontra Fuchs is ignored."""
    result = scored(100, re=["Anna"], game="karo", extras=[("fuchs_gefangen", "kontra")])
    check(result, Party.KONTRA, {"gewonnen": 1}, solo_anna(1))


def test_tsr_7_2_3_gegen_die_alten_switched_off() -> None:
    """RuleSet gegen_die_alten = false: Kontra's win with 120 is worth only 1."""
    result = scored(120, rules={"gegen_die_alten": False})
    check(result, Party.KONTRA, {"gewonnen": 1}, re_ben_carla(-1))


def test_tsr_4_4_3_b_hochzeit_alone_lost_as_solo_and_as_normal() -> None:
    """Hochzeit without partner, Hochzeiter Anna 110, Kontra 130 wins.

    As a solo (TSR 4.4.3 b): 1, no gegen die Alten -> Anna -3, others +1.
    With hochzeit_alone_as = "normal": 1 + gegen die Alten 1 = 2, and Anna alone against three pays 3 x 2 = 6.
    """
    check(scored(110, re=["Anna"], game="hochzeit"), Party.KONTRA, {"gewonnen": 1}, solo_anna(1))
    result = scored(110, re=["Anna"], game="hochzeit", rules={"hochzeit_alone_as": "normal"})
    assert not result.score.solo
    check(result, Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, solo_anna(2))


def test_tsr_4_4_3_b_hochzeit_alone_as_normal_counts_sonderpunkte() -> None:
    """hochzeit_alone_as = "normal": Anna alone wins with 170 (1 + u90) and her Doppelkopf counts: 3, so +9 / -3."""
    result = scored(
        170, re=["Anna"], game="hochzeit", extras=[("doppelkopf", "re")], rules={"hochzeit_alone_as": "normal"}
    )
    check(result, Party.RE, {"gewonnen": 1, "unter_90": 1, "sonderpunkte_re": 1}, solo_anna(-3))


def test_tsr_4_4_5_stille_hochzeit_won_as_solo() -> None:
    """Stille Hochzeit (TSR 4.4.5; seed 004 "Sonderfälle": "Es zählt dreifach wie jedes Solo"): Anna 200, opponents 40.

    1 + u90 + u60 = 3; Anna +9, each -3; her Fuchs does not count in a solo.
    """
    result = scored(200, re=["Anna"], game="stille_hochzeit", extras=[("fuchs_gefangen", "re")])
    assert result.score.solo
    check(result, Party.RE, {"gewonnen": 1, "unter_90": 1, "unter_60": 1}, solo_anna(-3))


def test_solo_factor_option() -> None:
    """RuleSet solo_factor = 6 (TSR 7.2.4 uses 3): D13's value 5 gives the soloist 30, each opponent -10."""
    result = scored(190, re=["Anna"], game="kreuz", re_says=["re"], rules={"solo_factor": 6})
    assert result.score.value == 5
    assert result.points_by_name == {"Anna": 30, "Ben": -10, "Carla": -10, "Dirk": -10}


def test_hochzeit_with_three_re_players_is_rejected() -> None:
    """A Hochzeit has the Hochzeiter alone or with one partner (TSR 4.4.3): 3 Re seats are impossible."""
    with pytest.raises(ScoreError):
        score(GameSummary(GameType.HOCHZEIT, frozenset({0, 1, 2}), augen_re=130), DDV)


# -- hypothesis invariants -------------------------------------------------------------------------------


@st.composite
def summaries(draw: st.DrawFn) -> tuple[GameSummary, RuleSet]:
    """Any valid game summary with a rule set drawn from the scoring options."""
    game = draw(st.sampled_from(list(GameType)))
    if game in (GameType.NORMAL, GameType.ARMUT):
        size = 2
    elif game is GameType.HOCHZEIT:
        size = draw(st.sampled_from([1, 2]))
    else:
        size = 1
    re_seats = frozenset(draw(st.lists(st.integers(0, 3), min_size=size, max_size=size, unique=True)))
    augen_re = draw(st.integers(0, 240))
    tricks_re: int | None = None
    tricks_kontra: int | None = None
    if draw(st.booleans()):
        low = 1 if augen_re > 0 else 0
        high = 12 - (1 if augen_re < 240 else 0)
        tricks_re = draw(st.integers(low, high))
        tricks_kontra = 12 - tricks_re
    levels = (draw(st.integers(0, SCHWARZ)), draw(st.integers(0, SCHWARZ)))
    extras = draw(
        st.lists(
            st.builds(
                Sonderpunkt,
                st.sampled_from(["doppelkopf", "fuchs_gefangen", "karlchen"]),
                st.sampled_from(list(Party)),
            ),
            max_size=5,
        )
    )
    rules = DDV.replace(
        nobody_wins=draw(st.sampled_from(["tsr", "sonderpunkte"])),
        hochzeit_alone_as=draw(st.sampled_from(["solo", "normal"])),
        stille_hochzeit_as=draw(st.sampled_from(["solo", "normal"])),
        solo_factor=draw(st.sampled_from([3, 6])),
        gegen_die_alten=draw(st.booleans()),
        sonderpunkte_in_solo=draw(st.booleans()),
    )
    summary = GameSummary(game, re_seats, augen_re, tricks_re, tricks_kontra, levels, tuple(extras))
    return summary, rules


@settings(max_examples=400, deadline=None)
@given(summaries())
def test_property_points_balance_and_parties_agree(case: tuple[GameSummary, RuleSet]) -> None:
    """TSR 7.3.3: every row sums to zero; the players of one party get the same Punkte, the sign of the value for
    the winners' side; one against three: the lone player gets exactly -3 x each opponent."""
    summary, rules = case
    result = score(summary, rules)
    points = result.points
    assert sum(points) == 0
    assert result.value == sum(item.punkte for item in result.items)
    re_points = {points[s] for s in range(4) if s in summary.re_seats}
    kontra_points = {points[s] for s in range(4) if s not in summary.re_seats}
    assert len(re_points) == 1 and len(kontra_points) == 1
    side = result.winner if result.winner is not None else Party.RE
    side_points = re_points if side is Party.RE else kontra_points
    (mine,) = side_points
    if result.value == 0:
        assert points == (0, 0, 0, 0)
    else:
        assert (mine > 0) == (result.value > 0)
    if len(summary.re_seats) == 1:
        (lone,) = summary.re_seats
        opponent = next(s for s in range(4) if s != lone)
        assert points[lone] == -3 * points[opponent]
        if result.solo:
            assert abs(points[lone]) == rules.solo_factor * abs(result.value)
    else:
        assert not result.solo
        assert abs(mine) == abs(result.value)


@settings(max_examples=200, deadline=None)
@given(summaries())
def test_property_solo_ignores_sonderpunkte_and_gegen_die_alten(case: tuple[GameSummary, RuleSet]) -> None:
    """TSR 7.2.4: in a game scored as a solo the Sonderpunkte change nothing and there is no gegen die Alten."""
    summary, rules = case
    rules = rules.replace(sonderpunkte_in_solo=False)
    result = score(summary, rules)
    if not result.solo:
        return
    plain = score(summary.replace(sonderpunkte=()), rules)
    assert result == plain
    assert all(item.key != "gegen_die_alten" for item in result.items)


def _nobody(mode: str) -> dict[str, Any]:
    return {"preset": "ddv", "nobody_wins": mode}
