"""House rules of scoring (issue 3): every option checked on hand-built games, under ``ddv`` and under the option.

Sources (the seeds are in /work/shared/seeds/):
- seed 000, "Solo": "Die dann erzielten Punkte werden im Gegensatz zum normalen Spiel dann multipliziert und zwar
  nach Wertigkeit des Solos: Bubensolo x2, Damensolo x3, stiller Solo x4 und Trumpfsolo x5";
  "Spielwerte": "Sonderpunkte können von beiden Parteien nur beim Normalspiel (inkl. Hochzeit), stillen Soli und
  Trumpfsolo, nicht aber bei einem Damen- oder Bauern-Solo gewonnen werden", "Die Kontra-Partei erhält einen
  Zusatzpunkt, wenn sie gegen die Alten (Kreuz-Damen) gewinnt"; "Fuchs fangen": "Es wird auch ein Sonderpunkt
  vergeben, wenn der Fuchs den letzten Stich macht"; "Karlchen Müller": "Ein gefangenes Karlchen gibt einen
  Sonderpunkt für die gegnerische Partei".
- seed 002, "Sonderkarten": "Wer den gegnerischen Charlie im letzten Stich fängt erhält einen Sonderpunkt";
  "Solospiele": "keine folglich keine Sonderpunkte mit Ausnahme dem eines Dokos"; "Feigheit" (quoted at the tests);
  "Gibt es Vorbehalte?": the Stille Hochzeit "spielt alleine, was aber nicht wie ein Solo gerechnet wird";
  "Abgerechnet wird am Schluss": the list of lines ending with "Solo", and "Böcke verdoppeln die so gezählten Punkte".
- seed 004, "Sonderfälle": "Bockrunden: ... Alle Punkte des Spiels werden verdoppelt, auch die Sonderpunkte."
- TSR 7.2.2-7.2.4 (team fact sheet) for the ``ddv`` numbers.

Every expected number was worked out by hand from those sentences; the docstring of each test shows the sum.
Players are Anna, Ben, Carla, Dirk in seat order; in a normal game Ben & Carla are Re (seed 004).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf.cards import Card
from doppelkopf.entry import EntryError, result_to_json
from doppelkopf.i18n import translator
from doppelkopf.order import card_order, trick_winner_index
from doppelkopf.rules import DDV, SCHWARZ, GameType, Party, RuleError, RuleSet
from doppelkopf.scoring import (
    GameSummary,
    Sonderpunkt,
    counting_sonderpunkte,
    feigheit_winner,
    score,
    solo_factor,
    solo_multiplier,
    sonderpunkte_of_tricks,
)
from entry_helpers import check, re_ben_carla, scored

DE, EN = translator("de"), translator("en")  # the score labels as a German / English reader sees them

ALL_KINDS = ["doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end"]

#: The scoring options of seed 000 (not a preset: the options alone, as a house would set them).
SEED000: dict[str, Any] = {
    "solo_factors": ["buben=2", "damen=3", "stille_hochzeit=4", "trumpf=5"],
    "sonderpunkte": ["doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end"],
    "sonderpunkte_soli": ["stille_hochzeit", "trumpf"],
    "hochzeit_alone_as": "normal",
}
#: The scoring options of seed 002.
SEED002: dict[str, Any] = {
    "solo_types": ["kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos", "buben_damen"],
    "sonderpunkte": ["doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen"],
    "solo_sonderpunkte": ["doppelkopf"],
    "stille_hochzeit_as": "normal",
    "feigheit": True,
    "superfeigheit": True,
    "solo_bonus": 1,
}


def anna_alone(each: int) -> dict[str, int]:
    """Anna plays alone; each opponent gets ``each``, she gets -3 times that."""
    return {"Anna": -3 * each, "Ben": each, "Carla": each, "Dirk": each}


def rules_of(options: Mapping[str, Any]) -> RuleSet:
    return RuleSet.from_dict(dict(options))


# -- solo factors (seed 000 "Solo") ------------------------------------------------------------------------------


def test_seed000_bubensolo_x2() -> None:
    """Anna's Bubensolo with 150 Augen (opponents 90, not under 90): Gewonnen 1.

    ddv (TSR 7.2.4): Anna +3, each -1. Seed 000 "Bubensolo x2": each opponent pays 2 x 1, Anna gets 6.
    """
    check(scored(150, re=["Anna"], game="buben"), Party.RE, {"gewonnen": 1}, anna_alone(-1))
    result = scored(150, re=["Anna"], game="buben", rules=SEED000)
    check(result, Party.RE, {"gewonnen": 1}, anna_alone(-2))
    assert result.score.solo and result.score.factor == 6


def test_seed000_damensolo_x3_lost() -> None:
    """Anna's Damensolo with 100 Augen: Kontra wins with 140 (1; no gegen die Alten in a solo).

    ddv: Anna -3, each +1. Seed 000 "Damensolo x3": each opponent +3, Anna -9.
    """
    check(scored(100, re=["Anna"], game="damen"), Party.KONTRA, {"gewonnen": 1}, anna_alone(1))
    check(scored(100, re=["Anna"], game="damen", rules=SEED000), Party.KONTRA, {"gewonnen": 1}, anna_alone(3))


@pytest.mark.parametrize("game", ["karo", "kreuz"])
def test_seed000_trumpfsolo_x5_with_its_sonderpunkte(game: str) -> None:
    """Trumpfsolo (seed 000: the normal trumps, one against three), Anna says Re and takes 190 Augen (TSR D13).

    1 + unter 90 + unter 60 + Re angesagt 2 = 5. ddv: Anna +15, each -5; her Doppelkopf does not count (TSR 7.2.4).
    Seed 000: Sonderpunkte count in a Trumpfsolo, so 5 + Doppelkopf 1 = 6, "Trumpfsolo x5": each -30, Anna +90.
    ("trumpf=5" covers every Farbsolo, the Kreuzsolo too.)
    """
    extras = [("doppelkopf", "re")]
    base = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "re_angesagt": 2}
    check(scored(190, re=["Anna"], game=game, re_says=["re"], extras=extras), Party.RE, base, anna_alone(-5))
    result = scored(190, re=["Anna"], game=game, re_says=["re"], extras=extras, rules=SEED000)
    check(result, Party.RE, {**base, "sonderpunkte_re": 1}, anna_alone(-30))


def test_seed000_stilles_solo_x4_against_ddv_and_seed002() -> None:
    """Stille Hochzeit: Anna alone takes 200 Augen (opponents 40) and catches a Fuchs.

    - ddv (TSR 4.4.5, a solo): 1 + u90 + u60 = 3, the Fuchs does not count: Anna +9, each -3.
    - seed 000 ("stiller Solo x4"; Sonderpunkte count "bei stillen Soli"): 3 + Fuchs 1 = 4, each -16, Anna +48.
    - seed 002 ("nicht wie ein Solo gerechnet"): a normal game, 3 + Fuchs 1 = 4; Anna alone against three gets the
      value from each of them: +12, each -4.
    """
    extras = [("fuchs_gefangen", "re")]
    won = {"gewonnen": 1, "unter_90": 1, "unter_60": 1}
    ddv = scored(200, re=["Anna"], game="stille_hochzeit", extras=extras)
    check(ddv, Party.RE, won, anna_alone(-3))
    assert ddv.score.solo and ddv.score.factor == 3
    seed000 = scored(200, re=["Anna"], game="stille_hochzeit", extras=extras, rules=SEED000)
    check(seed000, Party.RE, {**won, "sonderpunkte_re": 1}, anna_alone(-16))
    assert seed000.score.solo and seed000.score.factor == 12
    seed002 = scored(200, re=["Anna"], game="stille_hochzeit", extras=extras, rules=SEED002)
    check(seed002, Party.RE, {**won, "sonderpunkte_re": 1}, anna_alone(-4))
    assert not seed002.score.solo and seed002.score.factor == 3


def test_stilles_solo_lost_gegen_die_alten_per_house() -> None:
    """Stille Hochzeit, Anna 100 Augen: Kontra wins with 140.

    - ddv: 1, no gegen die Alten in a solo (TSR 7.2.4): Anna -3, each +1.
    - seed 000: the stille Solist holds both Kreuz-Damen, and Sonderpunkte count in a stilles Solo, so Kontra wins
      "gegen die Alten": 1 + 1 = 2, x4: each +8, Anna -24.
    - seed 000 with gegen_die_alten_as = "spielpunkt" (seed 004's placement: never in a solo): 1, each +4, Anna -12.
    - seed 002 (a normal game): 1 + gegen die Alten 1 = 2, Anna -6, each +2.
    """
    game: dict[str, Any] = {"re": ["Anna"], "game": "stille_hochzeit"}
    check(scored(100, **game), Party.KONTRA, {"gewonnen": 1}, anna_alone(1))
    check(scored(100, **game, rules=SEED000), Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, anna_alone(8))
    spielpunkt = {**SEED000, "gegen_die_alten_as": "spielpunkt"}
    check(scored(100, **game, rules=spielpunkt), Party.KONTRA, {"gewonnen": 1}, anna_alone(4))
    check(scored(100, **game, rules=SEED002), Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, anna_alone(2))


def test_hochzeit_without_partner_takes_its_own_factor_only_as_a_solo() -> None:
    """Hochzeit without partner, Anna alone takes 170 Augen (TSR D15): 1 + u90 = 2.

    As a solo (TSR 4.4.3 b) with solo_factors "hochzeit=2": each opponent -4, Anna +12. Scored as a normal game
    (seed 000: "nicht als Solo, sondern als normales Spiel gewertet") no solo factor applies: each -2, Anna +6.
    """
    won = {"gewonnen": 1, "unter_90": 1}
    own = {"solo_factors": ["hochzeit=2"]}
    check(scored(170, re=["Anna"], game="hochzeit", rules=own), Party.RE, won, anna_alone(-4))
    normal = {**own, "hochzeit_alone_as": "normal"}
    check(scored(170, re=["Anna"], game="hochzeit", rules=normal), Party.RE, won, anna_alone(-2))


def test_solo_factor_function_ranks_the_soli() -> None:
    """solo_factor: the soloist's multiple (3 x the seed's factor), used to find the higher solo (seed 000: "darf
    der, der den höheren spielen möchte"). ddv: 3 for every solo; a solo seed 000 does not list keeps 3."""
    seed000 = rules_of(SEED000)
    assert [solo_factor(DDV, g) for g in (GameType.BUBEN, GameType.DAMEN, GameType.KARO)] == [3, 3, 3]
    assert solo_factor(seed000, GameType.BUBEN) == 6
    assert solo_factor(seed000, GameType.DAMEN) == 9
    assert solo_factor(seed000, GameType.STILLE_HOCHZEIT) == 12
    assert solo_factor(seed000, GameType.KARO) == solo_factor(seed000, GameType.PIK) == 15
    assert solo_factor(seed000, GameType.FLEISCHLOS) == solo_factor(seed000, GameType.BUBEN_DAMEN) == 3
    assert solo_multiplier(seed000, GameType.BUBEN) == 2 and solo_multiplier(DDV, GameType.BUBEN) == 1
    assert solo_factor(DDV.replace(solo_factor=6), GameType.HERZ) == 6
    exact = rules_of({"solo_factors": ["trumpf=5", "karo=2"]})  # an exact game beats the "trumpf" group
    assert solo_factor(exact, GameType.KARO) == 6 and solo_factor(exact, GameType.HERZ) == 15
    with pytest.raises(ValueError, match="not played alone"):
        solo_factor(DDV, GameType.NORMAL)
    with pytest.raises(ValueError, match="not played alone"):
        solo_factor(DDV, GameType.ARMUT)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"solo_factors": ["bube=2"]}, "rules.solo_factors[0]: unknown game 'bube'"),
        ({"solo_factors": ["buben=2", "damen"]}, "rules.solo_factors[1]: 'damen' is not 'game=N'"),
        ({"solo_factors": ["buben=x2"]}, "rules.solo_factors[0]: 'buben=x2' is not 'game=N'"),
        ({"solo_factors": ["buben=0"]}, "rules.solo_factors[0]: the factor of 'buben' must be between 1 and 100"),
        ({"solo_factors": ["buben=2", "Buben=3"]}, "rules.solo_factors[1]: 'buben' is listed twice"),
        ({"solo_factors": ["normal=2"]}, "rules.solo_factors[0]: unknown game 'normal'"),
        ({"solo_bonus": -1}, "rules.solo_bonus: must be a whole number of Punkte >= 0"),
        ({"sonderpunkte_soli": ["normal"]}, "rules.sonderpunkte_soli: 'normal' is not one of"),
        ({"solo_sonderpunkte": ["schwein"]}, "rules.solo_sonderpunkte: 'schwein' is not one of"),
        ({"gegen_die_alten_as": "bonus"}, "rules.gegen_die_alten_as: 'bonus' is not one of"),
        ({"feigheit": "yes"}, "rules.feigheit: expected bool"),
    ],
)
def test_bad_scoring_options_name_the_field(options: dict[str, Any], message: str) -> None:
    with pytest.raises(EntryError) as info:
        scored(130, rules=options)
    assert str(info.value).startswith(message), str(info.value)


def test_bad_scoring_options_are_refused_when_the_rule_set_is_built() -> None:
    """A RuleSet built in code (or loaded from a file or record) with a bad entry is refused at once."""
    with pytest.raises(RuleError, match=r"^solo_factors\[0\]: 'buben=zwei' is not 'game=N'"):
        DDV.replace(solo_factors=("buben=zwei",))
    with pytest.raises(RuleError, match=r"^solo_factors\[0\]: expected a text 'game=N', got 0"):
        RuleSet.from_dict({"solo_factors": [0]})
    with pytest.raises(RuleError, match=r"^solo_bonus: must be a whole number of Punkte >= 0, got -1"):
        RuleSet.from_toml("solo_bonus = -1\n")


def test_scoring_options_round_trip_through_toml() -> None:
    """Every new option survives RuleSet.to_toml / from_toml unchanged."""
    rules = rules_of({**SEED000, **SEED002, "gegen_die_alten_as": "spielpunkt"})
    assert rules.solo_factors == ("buben=2", "damen=3", "stille_hochzeit=4", "trumpf=5")
    again = RuleSet.from_toml(rules.to_toml())
    assert again == rules
    assert again.solo_sonderpunkte == ("doppelkopf",) and again.feigheit and again.solo_bonus == 1


# -- Sonderpunkte: Karlchen gefangen, Fuchs am End, in which games --------------------------------------------------

#: Anna and Dirk are Re in the trick tests below.
PARTIES = (Party.RE, Party.KONTRA, Party.KONTRA, Party.RE)


def trick(seats: tuple[int, ...], cards: tuple[Card, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """A trick as sonderpunkte_of_tricks takes it; the core's card order picks the winner (normal game)."""
    win = trick_winner_index(card_order(GameType.NORMAL), [int(c) for c in cards], False)
    return tuple(int(c) for c in cards), seats, win


FIRST = trick((0, 1, 2, 3), (Card.KREUZ_ASS, Card.KREUZ_ZEHN, Card.KREUZ_KOENIG, Card.KREUZ_NEUN))  # Anna, 25 Augen


def test_karlchen_gefangen_in_the_last_trick() -> None:
    """Last trick: Ben (Kontra) leads his Kreuz-Bube, Carla Karo-9, Dirk (Re) takes it with the Pik-Dame, Anna adds
    her own Kreuz-Bube. Seed 002: "Wer den gegnerischen Charlie im letzten Stich fängt erhält einen Sonderpunkt":
    one for Re (Ben's Kreuz-Bube; Anna's own does not count, and no Karlchen: the Kreuz-Bube did not win).
    The TSR has no such point: nothing under ddv."""
    last = trick((1, 2, 3, 0), (Card.KREUZ_BUBE, Card.KARO_NEUN, Card.PIK_DAME, Card.KREUZ_BUBE))
    assert last[1][last[2]] == 3  # Dirk wins
    assert sonderpunkte_of_tricks([FIRST, last], PARTIES, DDV) == ()
    found = sonderpunkte_of_tricks([FIRST, last], PARTIES, rules_of(SEED002))
    assert found == (Sonderpunkt("karlchen_gefangen", Party.RE, 1),)


def test_karlchen_and_karlchen_gefangen_in_one_trick() -> None:
    """Last trick: Anna (Re) leads a Kreuz-Bube, Ben (Kontra) plays the other, Carla Karo-9, Dirk Pik-Bube: the
    first Kreuz-Bube wins. Karlchen for Re (TSR 7.2.3), and under seed 000 also Ben's Karlchen gefangen for Re
    ("Ein gefangenes Karlchen gibt einen Sonderpunkt für die gegnerische Partei")."""
    last = trick((0, 1, 2, 3), (Card.KREUZ_BUBE, Card.KREUZ_BUBE, Card.KARO_NEUN, Card.PIK_BUBE))
    assert sonderpunkte_of_tricks([FIRST, last], PARTIES, DDV) == (Sonderpunkt("karlchen", Party.RE, 1),)
    assert sonderpunkte_of_tricks([FIRST, last], PARTIES, rules_of(SEED000)) == (
        Sonderpunkt("karlchen", Party.RE, 1),
        Sonderpunkt("karlchen_gefangen", Party.RE, 1),
    )


def test_fuchs_am_end() -> None:
    """Last trick: Carla (Kontra) Karo-König, Dirk (Re) Karo-Ass, Anna Karo-9, Ben Karo-10: the Fuchs wins it.
    Seed 000: "Es wird auch ein Sonderpunkt vergeben, wenn der Fuchs den letzten Stich macht": one for Re.
    Not a Fuchs gefangen (Dirk's own party wins it); nothing under ddv. A Kreuz-Bube or Karo-Ass taken in an
    earlier trick is neither Karlchen gefangen nor Fuchs am End."""
    last = trick((2, 3, 0, 1), (Card.KARO_KOENIG, Card.KARO_ASS, Card.KARO_NEUN, Card.KARO_ZEHN))
    assert last[1][last[2]] == 3
    assert sonderpunkte_of_tricks([FIRST, last], PARTIES, DDV) == ()
    assert sonderpunkte_of_tricks([FIRST, last], PARTIES, rules_of(SEED000)) == (
        Sonderpunkt("fuchs_am_end", Party.RE, 1),
    )
    assert sonderpunkte_of_tricks([last, FIRST], PARTIES, rules_of(SEED000)) == ()


def test_karlchen_gefangen_and_fuchs_am_end_scored() -> None:
    """Re (Ben & Carla) wins with 130 Augen: 1.

    - Karlchen gefangen for Re: ddv ignores it (1, Re +1); seed 002 counts it: 1 + 1 = 2.
    - Fuchs am End for Kontra: ddv 1; seed 000: 1 - 1 = 0, everyone 0.
    """
    extra = [("karlchen_gefangen", "re")]
    check(scored(130, extras=extra), Party.RE, {"gewonnen": 1}, re_ben_carla(1))
    check(scored(130, extras=extra, rules=SEED002), Party.RE, {"gewonnen": 1, "sonderpunkte_re": 1}, re_ben_carla(2))
    extra = [("fuchs_am_end", "kontra")]
    check(scored(130, extras=extra), Party.RE, {"gewonnen": 1}, re_ben_carla(1))
    result = scored(130, extras=extra, rules=SEED000)
    check(result, Party.RE, {"gewonnen": 1, "sonderpunkte_kontra": -1}, re_ben_carla(0))
    assert "Fuchs am End" in DE.text(result.score.items[-1].label)


def test_seed000_no_sonderpunkte_in_buben_solo() -> None:
    """Seed 000: no Sonderpunkte "bei einem Damen- oder Bauern-Solo": Anna's Bubensolo with 150 Augen and a
    Doppelkopf is worth 1, x2: Anna +6, each -2 (the same as without the Doppelkopf)."""
    result = scored(150, re=["Anna"], game="buben", extras=[("doppelkopf", "re")], rules=SEED000)
    check(result, Party.RE, {"gewonnen": 1}, anna_alone(-2))


def test_seed002_only_the_doko_counts_in_a_solo() -> None:
    """Seed 002: "Im Solo gibt es keine Sonderkarten ... und keine folglich keine Sonderpunkte mit Ausnahme dem
    eines Dokos". Anna's Kreuzsolo with 150 Augen, a Doppelkopf, a Fuchs gefangen and a Karlchen:

    - ddv: 1 (no Sonderpunkte), Anna +3, each -1.
    - seed 002: 1 + Solo 1 (its list's line "Solo") + Doko 1 = 3, Anna +9, each -3.
    """
    extras = [("doppelkopf", "re"), ("fuchs_gefangen", "re"), ("karlchen", "re")]
    check(scored(150, re=["Anna"], game="kreuz", extras=extras), Party.RE, {"gewonnen": 1}, anna_alone(-1))
    result = scored(150, re=["Anna"], game="kreuz", extras=extras, rules=SEED002)
    check(result, Party.RE, {"gewonnen": 1, "solo": 1, "sonderpunkte_re": 1}, anna_alone(-3))
    assert DE.text(result.score.items[-1].label) == "Sonderpunkte Re (Doppelkopf)"


def test_counting_sonderpunkte_per_game() -> None:
    """Which kinds count: everything in a normal game; in a solo per house (TSR none, seed 000 per game, seed 002
    the Doppelkopf only)."""
    seed000, seed002 = rules_of(SEED000), rules_of(SEED002)
    assert counting_sonderpunkte(DDV, GameType.NORMAL, solo=False) == {"doppelkopf", "fuchs_gefangen", "karlchen"}
    assert counting_sonderpunkte(DDV, GameType.KARO, solo=True) == frozenset()
    assert counting_sonderpunkte(seed000, GameType.KARO, solo=True) == set(ALL_KINDS)
    assert counting_sonderpunkte(seed000, GameType.STILLE_HOCHZEIT, solo=True) == set(ALL_KINDS)
    assert counting_sonderpunkte(seed000, GameType.DAMEN, solo=True) == frozenset()
    assert counting_sonderpunkte(seed002, GameType.BUBEN_DAMEN, solo=True) == {"doppelkopf"}
    assert counting_sonderpunkte(seed002, GameType.STILLE_HOCHZEIT, solo=False) == set(SEED002["sonderpunkte"])


# -- Feigheit and Superfeigheit (seed 002 "Feigheit") ---------------------------------------------------------------
# "Bleibt eine Partei unter 30 Punkten, ohne dass die Gegenpartei 'Keine 90' gesagt hat, so hat sie trotz der wenigen
# Punkte gewonnen." "Gewinnt eine Partei gar keine Punkte, ohne das die Gegenpartei 'Keine 60' gesagt hat, so hat sie
# das Spiel trotzdem gewonnen. Dies nennt man eine Superfeigheit." (The house's "Punkte" are Augen here.)
# Reading: the feige party wins a plain won game: Gewonnen 1, the other party's announcements (they go to the
# winner, TSR 7.2.2), gegen die Alten if it is Kontra, Sonderpunkte; no "unter 90/60/30" (the loser has 210+).


def test_feigheit_re_under_30_wins() -> None:
    """Re 25 Augen, nobody announced.

    ddv: Kontra wins: 1 + u90 + u60 + u30 + gegen die Alten = 5, Re -5.
    Feigheit: Re wins: Gewonnen 1, Re +1, Kontra -1.
    """
    lost = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1, "gegen_die_alten": 1}
    check(scored(25), Party.KONTRA, lost, re_ben_carla(-5))
    result = scored(25, rules=SEED002)
    check(result, Party.RE, {"gewonnen": 1}, re_ben_carla(1))
    assert DE.text(result.score.items[0].label) == "Gewonnen (Feigheit)"
    assert EN.text(result.score.items[0].label) == "Won (Feigheit)"
    check(scored(25, rules={"feigheit": True}), Party.RE, {"gewonnen": 1}, re_ben_carla(1))


def test_feigheit_against_a_plain_kontra() -> None:
    """Re 20 Augen, Kontra said "Kontra" (no keine 90).

    ddv: Kontra 1 + 3 unter + Kontra angesagt 2 + gegen die Alten 1 = 7, Re -7.
    Feigheit: Re wins 1 + Kontra angesagt 2 (the Ansage goes to the winner) = 3, Re +3.
    """
    lost = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1, "kontra_angesagt": 2, "gegen_die_alten": 1}
    check(scored(20, kontra_says=["kontra"]), Party.KONTRA, lost, re_ben_carla(-7))
    check(
        scored(20, kontra_says=["kontra"], rules=SEED002),
        Party.RE,
        {"gewonnen": 1, "kontra_angesagt": 2},
        re_ben_carla(3),
    )


def test_feigheit_kontra_under_30_wins_gegen_die_alten() -> None:
    """Kontra 29 Augen (Re 211), nobody announced.

    ddv: Re 1 + u90 + u60 + u30 = 4, Re +4. Feigheit: Kontra wins 1 + gegen die Alten 1 = 2, Kontra +2.
    """
    check(scored(211), Party.RE, {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1}, re_ben_carla(4))
    check(scored(211, rules=SEED002), Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, re_ben_carla(-2))


def test_no_feigheit_after_keine_90_of_the_other_party() -> None:
    """Re 25 Augen, Kontra said keine 90 (and so Kontra): Kontra fulfilled it and wins under both rule sets:
    1 + 3 unter + Kontra angesagt 2 + keine 90 (Kontra) 1 + gegen die Alten 1 = 8, Re -8."""
    items = {
        "gewonnen": 1,
        "unter_90": 1,
        "unter_60": 1,
        "unter_30": 1,
        "kontra_angesagt": 2,
        "keine_90_kontra": 1,
        "gegen_die_alten": 1,
    }
    for rules in ("ddv", SEED002):
        check(scored(25, kontra_says=["keine_90"], rules=rules), Party.KONTRA, items, re_ben_carla(-8))


def test_superfeigheit_zero_augen_against_keine_90() -> None:
    """Re without a trick (0 Augen), Kontra said keine 90.

    ddv (and Feigheit alone, stopped by keine 90): Kontra 1 + u90 + u60 + u30 + schwarz + Kontra 2 + keine 90 1
    + gegen die Alten 1 = 9, Re -9.
    Superfeigheit (Kontra did not say keine 60): Re wins 1 + Kontra angesagt 2 + keine 90 (Kontra) 1 = 4, Re +4.
    """
    lost = {
        "gewonnen": 1,
        "unter_90": 1,
        "unter_60": 1,
        "unter_30": 1,
        "schwarz": 1,
        "kontra_angesagt": 2,
        "keine_90_kontra": 1,
        "gegen_die_alten": 1,
    }
    check(scored(0, kontra_says=["keine_90"], tricks_re=0), Party.KONTRA, lost, re_ben_carla(-9))
    only_feigheit = {"feigheit": True}
    check(scored(0, kontra_says=["keine_90"], tricks_re=0, rules=only_feigheit), Party.KONTRA, lost, re_ben_carla(-9))
    result = scored(0, kontra_says=["keine_90"], tricks_re=0, rules=SEED002)
    check(result, Party.RE, {"gewonnen": 1, "kontra_angesagt": 2, "keine_90_kontra": 1}, re_ben_carla(4))
    assert DE.text(result.score.items[0].label) == "Gewonnen (Superfeigheit)"


def test_no_superfeigheit_after_keine_60() -> None:
    """Re 0 Augen, Kontra said keine 60: Kontra wins 1 + 4 (u90, u60, u30, schwarz) + 2 + keine 90 + keine 60
    + gegen die Alten = 10, Re -10, under seed 002 too."""
    result = scored(0, kontra_says=["keine_60"], tricks_re=0, rules=SEED002)
    assert result.score.winner is Party.KONTRA and result.score.value == 10
    assert result.points_by_name == re_ben_carla(-10)


def test_superfeigheit_with_a_trick_of_four_nines() -> None:
    """Re holds one trick of four Neunen: 0 Augen, "gar keine Punkte", so Superfeigheit (checked before Feigheit)
    without any announcement: Re wins 1."""
    result = scored(0, tricks_re=1, rules=SEED002)
    check(result, Party.RE, {"gewonnen": 1}, re_ben_carla(1))
    assert DE.text(result.score.items[0].label) == "Gewonnen (Superfeigheit)"


def test_no_feigheit_for_a_party_that_announced() -> None:
    """Seed 002: "Wer eine Ansage gemacht hat kann nicht selbst auf Feigheit spielen". Re said Re and took 20
    Augen: Kontra wins 1 + 3 unter + Re angesagt 2 + gegen die Alten 1 = 7 under both rule sets."""
    items = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1, "re_angesagt": 2, "gegen_die_alten": 1}
    for rules in ("ddv", SEED002):
        check(scored(20, re_says=["re"], rules=rules), Party.KONTRA, items, re_ben_carla(-7))


def test_feigheit_in_a_stille_hochzeit() -> None:
    """Seed 002: "Wer eine Stille Hochzeit spielt kann nicht auf Feigheit spielen" (her opponents can).

    - Anna (Stille Hochzeit, scored as normal) takes 25 Augen: Kontra wins 1 + 3 unter + gegen die Alten = 5;
      Anna -15, each +5.
    - Anna takes 215, her three opponents 25: they win by Feigheit, 1 + gegen die Alten = 2; Anna -6, each +2.
      Under ddv (a solo): Anna wins 1 + 3 unter = 4, Anna +12.
    """
    game: dict[str, Any] = {"re": ["Anna"], "game": "stille_hochzeit"}
    lost = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1, "gegen_die_alten": 1}
    check(scored(25, **game, rules=SEED002), Party.KONTRA, lost, anna_alone(5))
    check(scored(215, **game, rules=SEED002), Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, anna_alone(2))
    won = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1}
    check(scored(215, **game), Party.RE, won, anna_alone(-4))


def test_no_feigheit_in_a_solo() -> None:
    """Seed 002: "Im Solo gibt es keine Feigheit". Anna's Kreuzsolo with 20 Augen: Kontra wins 1 + 3 unter = 4
    (ddv: Anna -12) + Solo 1 = 5 under seed 002 (Anna -15); with 215 she wins 4 (+12), seed 002 5 (+15)."""
    lost = {"gewonnen": 1, "unter_90": 1, "unter_60": 1, "unter_30": 1}
    check(scored(20, re=["Anna"], game="kreuz"), Party.KONTRA, lost, anna_alone(4))
    check(scored(20, re=["Anna"], game="kreuz", rules=SEED002), Party.KONTRA, {**lost, "solo": 1}, anna_alone(5))
    check(scored(215, re=["Anna"], game="kreuz"), Party.RE, lost, anna_alone(-4))
    check(scored(215, re=["Anna"], game="kreuz", rules=SEED002), Party.RE, {**lost, "solo": 1}, anna_alone(-5))


def test_feigheit_winner_function() -> None:
    rules = rules_of(SEED002)
    summary = GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=29)
    assert feigheit_winner(summary, rules) == (Party.RE, "feigheit")
    assert feigheit_winner(summary, DDV) is None
    assert feigheit_winner(summary.replace(augen_re=30), rules) is None  # 30 is not "unter 30"


# -- Solo line of seed 002, 120:120 ---------------------------------------------------------------------------------


def test_seed002_solo_line() -> None:
    """Seed 002's list ends with "Solo": read as one more Punkt for the winner of a solo (option solo_bonus).

    Kreuzsolo, Anna 150: ddv 1 (+3 / -1); seed 002 1 + Solo 1 = 2 (+6 / -2). Lost with 100: seed 002 Kontra
    1 + Solo 1 = 2 (Anna -6, each +2). A Stille Hochzeit scored as normal has no Solo line.
    """
    check(scored(150, re=["Anna"], game="kreuz"), Party.RE, {"gewonnen": 1}, anna_alone(-1))
    check(scored(150, re=["Anna"], game="kreuz", rules=SEED002), Party.RE, {"gewonnen": 1, "solo": 1}, anna_alone(-2))
    check(
        scored(100, re=["Anna"], game="kreuz", rules=SEED002), Party.KONTRA, {"gewonnen": 1, "solo": 1}, anna_alone(2)
    )
    check(scored(150, re=["Anna"], game="stille_hochzeit", rules=SEED002), Party.RE, {"gewonnen": 1}, anna_alone(-1))


def test_spaltarsch_120_120() -> None:
    """120:120 without announcements (seed 002 "Spaltarsch"): Kontra wins with 120 under both rule sets (seed 002:
    "Die RE-Partei muss zum Gewinn des Spiels mindestens 121 Punkte machen"): 1 + gegen die Alten = 2.
    The Liste sees the tie in summary.augen_re == 120 (whether a Bock starts is the session's rule)."""
    for rules in ("ddv", SEED002):
        result = scored(120, rules=rules)
        check(result, Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, re_ben_carla(-2))
        assert result.entry.summary.augen_re == result.entry.summary.augen_kontra == 120


# -- Bock: game points and Sonderpunkte apart -----------------------------------------------------------------------


def test_score_splits_game_points_and_sonderpunkte() -> None:
    """Seed 004 Beispiel 1 plus a Re Doppelkopf: game points 1 + u90 + Re 2 = 4; Sonderpunkte Fuchs + Doppelkopf
    for Re, a Doppelkopf for Kontra: +2 - 1 = 1; value 5.

    Bock x2, "auch die Sonderpunkte" (seed 004): 10 each. Game points only: 4 x 2 + 1 = 9 each.
    """
    extras = [("fuchs_gefangen", "re"), ("doppelkopf", "re"), ("doppelkopf", "kontra")]
    result = scored(151, re_says=["re"], extras=extras).score
    assert (result.value, result.game_value, result.sonderpunkte_value) == (5, 4, 1)
    assert result.points == (-5, 5, 5, -5)
    assert result.points_with_multiplier(2) == (-10, 10, 10, -10)
    assert result.points_with_multiplier(2, sonderpunkte_too=False) == (-9, 9, 9, -9)
    assert result.points_with_multiplier(1, sonderpunkte_too=False) == result.points
    bock = result.with_multiplier(4, sonderpunkte_too=False)
    assert bock.points == (-17, 17, 17, -17) and bock.multiplier == 4 and not bock.sonderpunkte_multiplied
    assert bock.value == 5 and bock.items == result.items
    assert bock.points_with_multiplier(1) == result.points  # always from the game itself


def test_gegen_die_alten_placement_under_bock() -> None:
    """TSR D8: Kontra wins with 130; Kontra caught a Fuchs, Re made Karlchen: 1 + gegen die Alten 1 + 1 - 1 = 2.

    gegen_die_alten_as = "sonderpunkt" (TSR 7.2.3): game points 1, Sonderpunkte 1: Bock x2 on the game points
    only gives 1 x 2 + 1 = 3. "spielpunkt" (seed 004, step 2): game points 2, Sonderpunkte 0: 4.
    """
    extras = [("fuchs_gefangen", "kontra"), ("karlchen", "re")]
    sonder = scored(110, extras=extras).score
    assert (sonder.value, sonder.game_value, sonder.sonderpunkte_value) == (2, 1, 1)
    assert sonder.points_with_multiplier(2, sonderpunkte_too=False) == (3, -3, -3, 3)
    spiel = scored(110, extras=extras, rules={"gegen_die_alten_as": "spielpunkt"}).score
    assert (spiel.value, spiel.game_value, spiel.sonderpunkte_value) == (2, 2, 0)
    assert spiel.points_with_multiplier(2, sonderpunkte_too=False) == (4, -4, -4, 4)


def test_entry_bock_doubles_all_punkte() -> None:
    """A table entry with "bock": 2, seed 004 Beispiel 1 (4 each): "Alle Punkte des Spiels werden verdoppelt, auch
    die Sonderpunkte": 8 each. With bock_multiplies = "value" and the Re Doppelkopf above: 4 x 2 + 1 = 9."""
    extras = [("fuchs_gefangen", "re"), ("doppelkopf", "kontra")]
    result = scored(151, re_says=["re"], extras=extras, bock=2)
    assert result.points_by_name == re_ben_carla(8)
    out = result_to_json(result)
    assert (out["value"], out["bock"], out["points"]) == (4, 2, re_ben_carla(8))
    extras = [("fuchs_gefangen", "re"), ("doppelkopf", "re"), ("doppelkopf", "kontra")]
    value_only = scored(151, re_says=["re"], extras=extras, bock=2, rules={"bock_multiplies": "value"})
    assert value_only.points_by_name == re_ben_carla(9)
    assert result_to_json(scored(151, re_says=["re"], extras=extras))["bock"] == 1


def test_entry_bock_on_a_solo() -> None:
    """Seed 004 Beispiel 3 (Kreuzsolo Anna 190: 3, Anna +9) in a Doppelbock: x4, Anna +36, each -12.
    Seed 002: "Mit Ausnahme einer Stillen Hochzeit kommen Soli nicht in die Bockwertung" (bock_skips_soli): a
    Kreuzsolo with bock is refused; a Stille Hochzeit (ddv: a solo, Anna 200: 3) takes it: x2, Anna +18."""
    assert scored(190, re=["Anna"], game="kreuz", bock=4).points_by_name == anna_alone(-12)
    with pytest.raises(EntryError, match=r"^bock: the Kreuzsolo takes no Bock .*bock_skips_soli"):
        scored(190, re=["Anna"], game="kreuz", bock=2, rules={"bock_skips_soli": True})
    stille = scored(200, re=["Anna"], game="stille_hochzeit", bock=2, rules={"bock_skips_soli": True})
    assert stille.points_by_name == anna_alone(-6)


@pytest.mark.parametrize(
    ("bock", "message"),
    [
        (3, "bock: 3 is not a Bock multiplier"),
        (0, "bock: 0 is not a Bock multiplier"),
        (8, "bock: 8 is more than rules 'ddv' allow (bock_max_multiplier = 4)"),
        ("2", "bock: expected an integer, got a string"),
        (True, "bock: expected an integer, got a boolean"),
    ],
)
def test_entry_bad_bock(bock: Any, message: str) -> None:
    with pytest.raises(EntryError) as info:
        scored(151, bock=bock)
    assert str(info.value).startswith(message), str(info.value)


# -- new game types and extras in a table entry ---------------------------------------------------------------------


def test_entry_armut_is_scored_like_a_normal_game() -> None:
    """Armut (seed 002): Ben (poor) and Carla (taker) are Re and take 130 Augen: 1, Re +1 each. Kontra wins with
    120: 1 + gegen die Alten = 2. One Re player is refused; so is an Armut under rules without it (the TSR has
    none: a house must not slip a game into a rule set that does not play it)."""
    armut = {"preset": "ddv", "armut": True}
    check(scored(130, game="armut", rules=armut), Party.RE, {"gewonnen": 1}, re_ben_carla(1))
    check(scored(120, game="armut", rules=armut), Party.KONTRA, {"gewonnen": 1, "gegen_die_alten": 1}, re_ben_carla(-2))
    with pytest.raises(EntryError, match="^re: in an Armut"):
        scored(130, game="armut", re=["Ben"], rules=armut)
    for rules in ("ddv", {"preset": "doppelbock", "armut": False}):
        with pytest.raises(EntryError, match=r"^game: the Armut is not played under rules '(ddv|doppelbock)'"):
            scored(130, game="armut", rules=rules)


def test_entry_buben_damen_solo() -> None:
    """Buben-Damen-Solo (seed 002), Anna 150: 1 + Solo 1 = 2, Anna +6, each -2; not in the ddv soli."""
    result = scored(150, re=["Anna"], game="buben_damen", rules=SEED002)
    check(result, Party.RE, {"gewonnen": 1, "solo": 1}, anna_alone(-2))
    assert result.score.solo
    with pytest.raises(EntryError, match="^game: the Buben-Damen-Solo is not played under rules 'ddv'"):
        scored(150, re=["Anna"], game="buben_damen")


@pytest.mark.parametrize(
    ("extras", "message"),
    [
        ([("karlchen", "re"), ("fuchs_am_end", "re")], "extras[1]: karlchen and fuchs_am_end in one game"),
        ([("karlchen_gefangen", "re"), ("fuchs_am_end", "kontra")], "extras[1]: fuchs_am_end for Kontra, but"),
        ([("karlchen_gefangen", "re")] * 3, "extras[2]: more than 2 karlchen_gefangen in one game"),
        ([("karlchen", "re"), ("karlchen_gefangen", "re"), ("karlchen_gefangen", "re")], "extras[2]: karlchen and"),
        ([("fuchs_am_end", "re")] * 2, "extras[1]: more than 1 fuchs_am_end in one game"),
        ([("schwein", "re")], "extras[0].type: unknown Sonderpunkt 'schwein'"),
    ],
)
def test_entry_implausible_last_trick_sonderpunkte(extras: list[tuple[str, str]], message: str) -> None:
    with pytest.raises(EntryError) as info:
        scored(130, extras=extras, rules=SEED000)
    assert str(info.value).startswith(message), str(info.value)


# -- seed 004 still gives its numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize("placement", ["sonderpunkt", "spielpunkt"])
def test_seed004_examples_unchanged(placement: str) -> None:
    """Seed 004 Beispiel 1 (+4), 2 (Kontra +5), 3 (Anna 9, each -3), with either placement of gegen die Alten."""
    rules = {"gegen_die_alten_as": placement}
    one = scored(151, re_says=["re"], extras=[("fuchs_gefangen", "re"), ("doppelkopf", "kontra")], rules=rules)
    assert one.points_by_name == re_ben_carla(4)
    two = scored(140, re_says=["re", "keine_90"], rules=rules)
    assert two.points_by_name == re_ben_carla(-5)
    three = scored(190, re=["Anna"], game="kreuz", rules=rules)
    assert three.points_by_name == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}


# -- hypothesis: every option combination keeps the Punkte balanced --------------------------------------------------

SOLO_KEYS = [g.key for g in GameType if g not in (GameType.NORMAL, GameType.ARMUT)] + ["trumpf"]


@st.composite
def house_cases(draw: st.DrawFn) -> tuple[GameSummary, RuleSet]:
    """Any valid game summary with a rule set drawn from all scoring options (old and new)."""
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
        tricks_re = draw(st.integers(1 if augen_re > 0 else 0, 12 - (1 if augen_re < 240 else 0)))
        tricks_kontra = 12 - tricks_re
    levels = (draw(st.integers(0, SCHWARZ)), draw(st.integers(0, SCHWARZ)))
    extras = draw(
        st.lists(st.builds(Sonderpunkt, st.sampled_from(ALL_KINDS), st.sampled_from(list(Party))), max_size=6)
    )
    factor_keys = draw(st.lists(st.sampled_from(SOLO_KEYS), unique=True, max_size=5))
    rules = DDV.replace(
        nobody_wins=draw(st.sampled_from(["tsr", "sonderpunkte"])),
        hochzeit_alone_as=draw(st.sampled_from(["solo", "normal"])),
        stille_hochzeit_as=draw(st.sampled_from(["solo", "normal"])),
        solo_factor=draw(st.sampled_from([3, 6])),
        gegen_die_alten=draw(st.booleans()),
        sonderpunkte_in_solo=draw(st.booleans()),
        sonderpunkte=tuple(draw(st.lists(st.sampled_from(ALL_KINDS), unique=True))),
        solo_factors=tuple(f"{key}={draw(st.integers(1, 5))}" for key in factor_keys),
        sonderpunkte_soli=tuple(draw(st.lists(st.sampled_from(SOLO_KEYS), unique=True, max_size=4))),
        solo_sonderpunkte=tuple(draw(st.lists(st.sampled_from(ALL_KINDS), unique=True))),
        gegen_die_alten_as=draw(st.sampled_from(["sonderpunkt", "spielpunkt"])),
        feigheit=draw(st.booleans()),
        superfeigheit=draw(st.booleans()),
        solo_bonus=draw(st.integers(0, 2)),
        re_120_after_kontra=draw(st.booleans()),
        absage_punkte=draw(st.sampled_from(["all", "winner"])),
        reached_against_absage=draw(st.booleans()),
    )
    return GameSummary(game, re_seats, augen_re, tricks_re, tricks_kontra, levels, tuple(extras)), rules


@settings(max_examples=600, deadline=None)
@given(house_cases(), st.sampled_from([1, 2, 4, 8]), st.booleans())
def test_property_every_option_combination_balances(
    case: tuple[GameSummary, RuleSet], bock: int, sonderpunkte_too: bool
) -> None:
    """For every combination: the Punkte sum to zero, with and without Bock; the two parties' players agree; one
    against three the lone player gets -3 x each opponent; all four Punkte are even or all odd (seed 000,
    Spielwerte: "müssen alle Spieler eine gerade oder alle Spieler eine ungerade Punktzahl besitzen"); the value is
    the sum of the lines and splits into game points and Sonderpunkte."""
    summary, rules = case
    result = score(summary, rules)
    assert result.value == sum(item.punkte for item in result.items)
    assert result.value == result.game_value + result.sonderpunkte_value
    for points in (result.points, result.points_with_multiplier(bock, sonderpunkte_too)):
        assert sum(points) == 0
        assert len({p % 2 for p in points}) == 1
        assert len({points[s] for s in summary.re_seats}) == 1
        assert len({points[s] for s in range(4) if s not in summary.re_seats}) == 1
        if len(summary.re_seats) == 1:
            (lone,) = summary.re_seats
            opponent = next(s for s in range(4) if s != lone)
            assert points[lone] == -3 * points[opponent]
    assert result.points_with_multiplier(bock, True) == tuple(bock * p for p in result.points)
    assert result.points_with_multiplier(1, sonderpunkte_too) == result.points
    if result.solo:
        lone_share = result.shares[min(summary.re_seats)] if result.shares else 0
        assert abs(lone_share) == result.factor == solo_factor(rules, summary.game_type)
    if feigheit_winner(summary, rules) is not None:
        assert result.winner is feigheit_winner(summary, rules)[0]  # type: ignore[index]
        assert not result.solo


# -- readings of the houses that differ from the TSR (issue 11) ------------------------------------------------------
# Each case scores the same table under the house's preset and under ``ddv``; the numbers are worked out by hand.


@pytest.mark.parametrize(
    ("rules", "winner", "items", "punkte"),
    [
        # TSR 7.1 and seed 000 ("Sie gewinnt das Spiel auch mit 120 Augen, wenn sie selbst keine Ansage gemacht hat
        # und die Kontra-Partei Kontra angesagt hat"): Re wins, 1 + Kontra angesagt 2 = 3 for Re.
        ("ddv", Party.RE, {"gewonnen": 1, "kontra_angesagt": 2}, 3),
        ("ohne-neunen", Party.RE, {"gewonnen": 1, "kontra_angesagt": 2}, 3),
        # seed 004, step 1: "Ohne Absagen Re mit 121, Kontra mit 120": Kontra wins with its 120; 1 + Kontra
        # angesagt 2 + gegen die Alten 1 (step 2, a game point there) = 4 for Kontra.
        ("vier-schritte", Party.KONTRA, {"gewonnen": 1, "kontra_angesagt": 2, "gegen_die_alten": 1}, -4),
        # seed 002: "Die RE-Partei muss zum Gewinn des Spiels mindestens 121 Punkte machen": the same 4 for Kontra.
        ("doppelbock", Party.KONTRA, {"gewonnen": 1, "kontra_angesagt": 2, "gegen_die_alten": 1}, -4),
    ],
)
def test_re_with_120_against_a_lone_kontra(rules: str, winner: Party, items: dict[str, int], punkte: int) -> None:
    """Re takes 120 Augen, only Kontra announced (rule re_120_after_kontra)."""
    check(scored(120, kontra_says=["kontra"], rules=rules), winner, items, re_ben_carla(punkte))


def test_spaltarsch_after_kontra_is_one_bock_not_a_doppelbock() -> None:
    """Seed 002: 120:120 after a Kontra Ansage. Re needs 121 there, so Kontra wins (4 for Kontra, as above): a
    Spaltarsch ("beide Parteien haben 120 Punkte") but no "verlorenes Contra", so one Bock, and the next four
    games count x2, not x4. With the TSR's winning rule the same table is a lost Kontra too: a Doppelbock."""
    from doppelkopf.rules import DOPPELBOCK
    from doppelkopf.session import Session

    summary = GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=120, announcements=(0, 1))
    session = Session(DOPPELBOCK, ["Anna", "Ben", "Carla", "Dirk"])
    assert session.record_summary(summary).points == (4, -4, -4, 4)
    assert session.last_triggers == ("spaltarsch",)
    assert session.bock_queue == (2, 2, 2, 2)
    tsr_winning = Session(DOPPELBOCK.replace(re_120_after_kontra=True), ["Anna", "Ben", "Carla", "Dirk"])
    assert tsr_winning.record_summary(summary).points == (-3, 3, 3, -3)  # Re wins: 1 + Kontra angesagt 2
    assert set(tsr_winning.last_triggers) == {"spaltarsch", "lost_kontra"}
    assert tsr_winning.bock_queue == (4, 4, 4, 4)


@pytest.mark.parametrize(
    ("rules", "items"),
    [
        # TSR 7.2.2: Kontra reached 120 against Re's keine 90: one Punkt more.
        (
            "ddv",
            {"gewonnen": 1, "re_angesagt": 2, "keine_90_re": 1, "120_gegen_keine_90": 1, "gegen_die_alten": 1},
        ),
        # seed 002 counts only "Contra / Re, Keine 120, Keine 90, Keine 90 angesagt, Keine 60 etc., Gegen die Alten,
        # Charlie ..., Doko, Solo": no item for Augen reached against an Absage.
        ("doppelbock", {"gewonnen": 1, "re_angesagt": 2, "keine_90_re": 1, "gegen_die_alten": 1}),
    ],
)
def test_augen_reached_against_an_absage(rules: str, items: dict[str, int]) -> None:
    """Re says keine 90 and takes 115 Augen; Kontra 125 wins (rule reached_against_absage)."""
    result = scored(115, re_says=["re", "keine_90"], rules=rules)
    check(result, Party.KONTRA, items, re_ben_carla(-sum(items.values())))


@pytest.mark.parametrize(
    ("rules", "items"),
    [
        # seed 004 Beispiel 2 (TSR 7.2.2): Re's missed keine 90 pays Kontra a Punkt: 1 + 2 + 1 + 1 = 5.
        ("ddv", {"gewonnen": 1, "re_angesagt": 2, "keine_90_re": 1, "gegen_die_alten": 1}),
        # seed 000, Spielwerte: "Hat die Gewinnerpartei der Verliererpartei keine 90 ... abgesagt, so erhält sie jeweils
        # einen Punkt zusätzlich": the loser's own Absage earns the winner nothing; Re angesagt still 2 ("je zwei
        # Punkte zusätzlich an die Gewinnerpartei"): 1 + 2 + 1 = 4.
        ("ohne-neunen", {"gewonnen": 1, "re_angesagt": 2, "gegen_die_alten": 1}),
    ],
)
def test_the_losers_missed_absage(rules: str, items: dict[str, int]) -> None:
    """Seed 004 Beispiel 2: Ben and Carla say Re and keine 90, take 140 Augen; Kontra's 100 wins (absage_punkte)."""
    result = scored(140, re_says=["re", "keine_90"], rules=rules)
    check(result, Party.KONTRA, items, re_ben_carla(-sum(items.values())))


@pytest.mark.parametrize("rules", ["ddv", "ohne-neunen"])
def test_the_winners_own_absage_counts_in_every_house(rules: str) -> None:
    """Kontra says Kontra and keine 90 and keeps Re at 80 Augen: 1 + unter 90 1 + Kontra angesagt 2 + keine 90 1 +
    gegen die Alten 1 = 6 for Kontra under both readings."""
    result = scored(80, kontra_says=["kontra", "keine_90"], rules=rules)
    items = {"gewonnen": 1, "unter_90": 1, "kontra_angesagt": 2, "keine_90_kontra": 1, "gegen_die_alten": 1}
    check(result, Party.KONTRA, items, re_ben_carla(-6))
