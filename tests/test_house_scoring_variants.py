"""Scoring variants of other houses (issue 26): FreeDoko's doubling Ansagen, its Sonderpunkt kinds and
Bock after a Herzstich, the Punkt gegen die Alten in a solo. Every value is worked out by hand in the
test from the rule text (FreeDoko's facts: src/game/game_summary.cpp, src/game/specialpoint.cpp,
src/card/trick.cpp of gembutterfly/free-doko; its code does not carry over)."""

from __future__ import annotations

import pytest

from doppelkopf.cards import Card
from doppelkopf.entry import EntryError, parse_game
from doppelkopf.fast.tables import KernelUnsupported, check_supported
from doppelkopf.order import card_order
from doppelkopf.rules import ANSAGE, DDV, KEINE_90, GameType, Party
from doppelkopf.scoring import (
    SONDERPUNKT_LABELS,
    GameSummary,
    Sonderpunkt,
    score,
    sonderpunkte_of_tricks,
)
from doppelkopf.session import BOCK_TRIGGERS, bock_triggers_fired

RE, KONTRA = Party.RE, Party.KONTRA
C = Card
NEW_KINDS = (
    "fuchs_gefangen_am_end",
    "doppelfuchs_am_end",
    "doppelkarlchen",
    "doppelkarlchen_gefangen",
    "dulle_gefangen",
    "herzstich",
)
DOUBLES = DDV.replace(ansage_doubles=True)


def _normal(
    augen_re: int, announcements: tuple[int, int] = (0, 0), extras: tuple[Sonderpunkt, ...] = ()
) -> GameSummary:
    return GameSummary(GameType.NORMAL, frozenset({0, 1}), augen_re, announcements=announcements, sonderpunkte=extras)


# -- ansage_doubles (FreeDoko ANNOUNCEMENT_RE_DOUBLES) ---------------------------------------------------------


def test_re_and_kontra_each_double_the_game_points_not_the_sonderpunkte() -> None:
    # Re wins with 151 Augen (Kontra 89: unter 90), Re and Kontra announced, Re caught a Fuchs.
    game = _normal(151, (ANSAGE, ANSAGE), (Sonderpunkt("fuchs_gefangen", RE),))
    # TSR: Gewonnen 1 + unter 90 1 + Re angesagt 2 + Kontra angesagt 2 + Fuchs 1 = 7.
    assert score(game, DDV).value == 7
    # FreeDoko: (won 1 + no 90 1) x 2 (Re said) x 2 (Kontra said) = 8, then the trick extra points: + 1 = 9.
    doubled = score(game, DOUBLES)
    assert doubled.value == 9
    assert doubled.points == (9, 9, -9, -9)
    assert [(i.key, i.punkte) for i in doubled.items] == [
        ("gewonnen", 1),
        ("unter_90", 1),
        ("re_angesagt", 2),  # 2 so far, doubled: + 2
        ("kontra_angesagt", 4),  # 4 so far, doubled: + 4
        ("sonderpunkte_re", 1),
    ]
    assert doubled.sonderpunkte_value == 1


def test_an_absage_is_doubled_with_the_ansage() -> None:
    # Re announced Re and keine 90 and wins with Kontra at 80 Augen.
    game = _normal(160, (KEINE_90, 0))
    # TSR: Gewonnen 1 + unter 90 1 + Re angesagt 2 + keine 90 abgesagt 1 = 5.
    assert score(game, DDV).value == 5
    # FreeDoko: (won 1 + no 90 1 + no 90 said 1) x 2 = 6.
    assert score(game, DOUBLES).value == 6


def test_no_ansage_no_doubling() -> None:
    # Re wins 130 : 110, nobody announced: Gewonnen 1, under either rule.
    assert score(_normal(130), DOUBLES).value == score(_normal(130), DDV).value == 1


# -- kontra_doubles_gegen_die_alten (FreeDoko ANNOUNCEMENT_CONTRA_DOUBLES_AGAINST_RE) --------------------------


@pytest.mark.parametrize(
    ("announcements", "tsr", "added_after", "doubled"),
    [
        # Kontra wins 130 : 110 after announcing Kontra.
        # TSR: Gewonnen 1 + Kontra angesagt 2 + gegen die Alten 1 = 4; FreeDoko without the rule: won 1 x 2 + 1 = 3;
        # with it the Punkt gegen die Alten is a won point: (1 + 1) x 2 = 4.
        ((0, ANSAGE), 4, 3, 4),
        # Re and Kontra announced: TSR 1 + 2 + 2 + 1 = 6; 1 x 4 + 1 = 5; (1 + 1) x 4 = 8.
        ((ANSAGE, ANSAGE), 6, 5, 8),
    ],
)
def test_gegen_die_alten_doubled_or_added_after(
    announcements: tuple[int, int], tsr: int, added_after: int, doubled: int
) -> None:
    game = _normal(110, announcements)
    assert score(game, DDV).value == tsr
    assert score(game, DOUBLES).value == added_after
    assert score(game, DOUBLES.replace(kontra_doubles_gegen_die_alten=True)).value == doubled
    # without ansage_doubles the option changes nothing
    assert score(game, DDV.replace(kontra_doubles_gegen_die_alten=True)).value == tsr


# -- gegen_die_alten_in_solo --------------------------------------------------------------------------------


def test_gegen_die_alten_in_a_lost_solo_doko_domain() -> None:
    # Doko.Domain, GameScorerTests.Score_GegenDieAlten_AddedWhenKontraWins: the lone Re player makes 44 Augen
    # and loses; "gameValue = 1 (Gewonnen) + 1 (Gegen die Alten) + threshold bonuses for Re<90".
    # Here a Kreuzsolo: Gewonnen 1 + unter 90 1 + unter 60 1 + gegen die Alten 1 = 4; soloist pays 3 x 4.
    solo = GameSummary(GameType.KREUZ, frozenset({0}), 44)
    result = score(solo, DDV.replace(gegen_die_alten_in_solo=True))
    assert result.winner is KONTRA
    assert result.value == 4 >= 2
    assert "gegen_die_alten" in [i.key for i in result.items]
    assert result.points == (-12, 4, 4, 4)
    # TSR 7.2.4: no Punkt gegen die Alten in a solo: 3, soloist -9.
    assert score(solo, DDV).points == (-9, 3, 3, 3)


def test_mahh_doko_scores_spec_totals() -> None:
    # mahh/doko ScoresSpec "regular totals": the elders lose 110 : 130; the others score Won and
    # AgainstTheElders: -2 for each elder, +2 for each other.
    assert score(_normal(110), DDV).points == (-2, -2, 2, 2)
    # "solo totals": the soloist makes 89 Augen; the others score Won and PlayedBelow(No90): soloist -6,
    # others +2 (no gegen die Alten in a solo, as there by default) ...
    solo = GameSummary(GameType.KREUZ, frozenset({0}), 89)
    assert score(solo, DDV).points == (-6, 2, 2, 2)
    # ... and with gegen_die_alten_in_solo a third Punkt: -9, +3.
    assert score(solo, DDV.replace(gegen_die_alten_in_solo=True)).points == (-9, 3, 3, 3)


# -- Sonderpunkte of played tricks ---------------------------------------------------------------------------

#: seats 0 and 2 Kontra, 1 and 3 Re
PARTIES = (KONTRA, RE, KONTRA, RE)
FILLER = ((C.KREUZ_NEUN, C.KREUZ_NEUN, C.PIK_NEUN, C.PIK_NEUN), (0, 1, 2, 3), 0)


def _found(last: tuple[Card, ...], win: int, rules=DDV, order=None, first=FILLER) -> list[tuple[str, Party]]:  # noqa: ANN001
    tricks = [first, (last, (0, 1, 2, 3), win)]
    return [(s.kind, s.party) for s in sonderpunkte_of_tricks(tricks, PARTIES, rules, order)]


def _rules(*kinds: str, **more: object):  # noqa: ANN202
    return DDV.replace(sonderpunkte=kinds, **more)


def test_karlchen_caught_only_by_a_karo_dame() -> None:
    # Last trick: Kontra's Kreuz-Bube, Re's Karo-Dame wins.
    by_karo_dame = (C.KREUZ_BUBE, C.KARO_DAME, C.KARO_NEUN, C.KARO_KOENIG)
    # Last trick: Kontra's Kreuz-Bube, Re's Pik-Dame wins.
    by_pik_dame = (C.KREUZ_BUBE, C.PIK_DAME, C.KARO_NEUN, C.KARO_KOENIG)
    rules = _rules("karlchen_gefangen")
    assert _found(by_pik_dame, 1, rules) == [("karlchen_gefangen", RE)]
    only_dame = _rules("karlchen_gefangen", karlchen_gefangen_karo_dame=True)
    assert _found(by_karo_dame, 1, only_dame) == [("karlchen_gefangen", RE)]
    assert _found(by_pik_dame, 1, only_dame) == []


def test_fuchs_caught_in_the_last_trick_counts_twice() -> None:
    # FreeDoko EXTRAPOINT_CATCH_FOX_LAST_TRICK: Kontra's Karo-Ass caught by Re's Kreuz-Dame in the last trick:
    # caught fox 1 + caught fox last trick 1.
    last = (C.KARO_ASS, C.KREUZ_DAME, C.KARO_NEUN, C.KARO_KOENIG)
    assert _found(last, 1, _rules("fuchs_gefangen", "fuchs_gefangen_am_end")) == [
        ("fuchs_gefangen", RE),
        ("fuchs_gefangen_am_end", RE),
    ]
    # the same Fuchs caught in an earlier trick: no "am End" point
    earlier = ((C.KARO_ASS, C.KREUZ_DAME, C.KARO_NEUN, C.KARO_KOENIG), (0, 1, 2, 3), 1)
    assert _found((C.KREUZ_NEUN,) * 4, 0, _rules("fuchs_gefangen", "fuchs_gefangen_am_end"), first=earlier) == [
        ("fuchs_gefangen", RE)
    ]


def test_doppelfuchs_and_doppelkarlchen_am_end() -> None:
    # Re (seats 1, 3) wins the last trick with its first Karo-Ass, its partner adds the second one:
    # FreeDoko FOX_LAST_TRICK 1 + DOUBLE_FOX_LAST_TRICK 1.
    foxes = (C.KARO_NEUN, C.KARO_ASS, C.KARO_KOENIG, C.KARO_ASS)
    assert _found(foxes, 1, _rules("fuchs_am_end", "doppelfuchs_am_end")) == [
        ("fuchs_am_end", RE),
        ("doppelfuchs_am_end", RE),
    ]
    # the same with the Kreuz-Buben: CHARLIE 1 + DOUBLE_CHARLIE 1 = 2
    charlies = (C.KARO_NEUN, C.KREUZ_BUBE, C.KARO_KOENIG, C.KREUZ_BUBE)
    assert _found(charlies, 1, _rules("karlchen", "doppelkarlchen")) == [
        ("karlchen", RE),
        ("doppelkarlchen", RE),
    ]
    # the second Kreuz-Bube from the other party: no Doppelkarlchen, but a caught Karlchen
    mixed = (C.KREUZ_BUBE, C.KREUZ_BUBE, C.KARO_KOENIG, C.KARO_NEUN)  # Kontra's is first and wins
    assert _found(mixed, 0, _rules("karlchen", "doppelkarlchen", "karlchen_gefangen")) == [
        ("karlchen", KONTRA),
        ("karlchen_gefangen", KONTRA),
    ]


def test_doppelkarlchen_gefangen() -> None:
    # Both Kontra Kreuz-Buben in the last trick that Re's Kreuz-Dame wins: one caught Karlchen each and the
    # pair's point (FreeDoko EXTRAPOINT_CATCH_DOUBLE_CHARLIE).
    last = (C.KREUZ_BUBE, C.KREUZ_DAME, C.KREUZ_BUBE, C.KARO_NEUN)
    assert _found(last, 1, _rules("karlchen_gefangen", "doppelkarlchen_gefangen")) == [
        ("karlchen_gefangen", RE),
        ("karlchen_gefangen", RE),
        ("doppelkarlchen_gefangen", RE),
    ]


def test_dulle_gefangen() -> None:
    # dulle = second: Kontra leads a Herz-10, Re's second Herz-10 takes it (FreeDoko DOLLE_JABS_DOLLE).
    rules = _rules("dulle_gefangen", dulle="second")
    trick = ((C.HERZ_ZEHN, C.HERZ_ZEHN, C.KARO_NEUN, C.KARO_KOENIG), (0, 1, 2, 3), 1)
    assert _found((C.KREUZ_NEUN,) * 4, 0, rules, first=trick) == [("dulle_gefangen", RE)]
    # both Herz-10 from Re (seats 1 and 3): nothing caught
    own = ((C.KARO_NEUN, C.HERZ_ZEHN, C.KARO_KOENIG, C.HERZ_ZEHN), (0, 1, 2, 3), 3)
    assert _found((C.KREUZ_NEUN,) * 4, 0, rules, first=own) == []
    # in a Damensolo the Herz-10 is no Dulle: the first wins as a Herz card, nothing caught
    assert _found((C.KREUZ_NEUN,) * 4, 0, rules, card_order(GameType.DAMEN), first=trick) == []


def test_herzstich() -> None:
    rules = _rules("herzstich")
    # four Herz Fehl cards: a Herzstich for the winner (Kontra's Herz-Ass, played first)
    hearts = ((C.HERZ_ASS, C.HERZ_KOENIG, C.HERZ_ASS, C.HERZ_NEUN), (0, 1, 2, 3), 0)
    assert _found((C.KREUZ_NEUN,) * 4, 0, rules, first=hearts) == [("herzstich", KONTRA)]
    # a Herz-10 among them is a trump in the normal game: no Herzstich ...
    with_dulle = ((C.HERZ_ASS, C.HERZ_ZEHN, C.HERZ_ASS, C.HERZ_NEUN), (0, 1, 2, 3), 1)
    assert _found((C.KREUZ_NEUN,) * 4, 0, rules, first=with_dulle) == []
    # ... but a Herz card in a Damensolo: Re's Herz-10 wins a Herzstich there
    assert _found((C.KREUZ_NEUN,) * 4, 0, rules, card_order(GameType.DAMEN), first=with_dulle) == [("herzstich", RE)]


def test_new_kinds_score_with_their_labels() -> None:
    # Re wins 130 : 110 (Gewonnen 1) with a Herzstich and a Dulle gefangen; Kontra made a Doppelkarlchen:
    # 1 + 2 - 1 = 2.
    rules = _rules(*NEW_KINDS)
    extras = (Sonderpunkt("herzstich", RE), Sonderpunkt("dulle_gefangen", RE), Sonderpunkt("doppelkarlchen", KONTRA))
    result = score(_normal(130, extras=extras), rules)
    assert result.value == 2
    assert ("Sonderpunkte Re (Herzstich, Dulle gefangen)", 2) in result.table()
    assert all(kind in SONDERPUNKT_LABELS for kind in NEW_KINDS)


# -- Bock trigger herzstich (FreeDoko BOCK_HEART_TRICK) ---------------------------------------------------------


def test_bock_after_a_herzstich() -> None:
    rules = DDV.replace(bock_triggers=("herzstich",))
    assert "herzstich" in BOCK_TRIGGERS
    # the Herzstich is found for the Bock though sonderpunkte does not list it, and does not count
    hearts = ((C.HERZ_ASS, C.HERZ_KOENIG, C.HERZ_ASS, C.HERZ_NEUN), (0, 1, 2, 3), 0)
    extras = sonderpunkte_of_tricks([hearts, FILLER], PARTIES, rules)
    assert [s.kind for s in extras] == ["herzstich"]
    game = GameSummary(GameType.NORMAL, frozenset({1, 3}), 130, sonderpunkte=extras)
    result = score(game, rules)
    assert result.value == 1  # Gewonnen only
    assert bock_triggers_fired(game, result, rules) == ("herzstich",)
    # not after a solo (FreeDoko: "if (!GAMETYPE::is_solo(game.type()))")
    solo = GameSummary(GameType.DAMEN, frozenset({1}), 130, sonderpunkte=(Sonderpunkt("herzstich", RE),))
    assert bock_triggers_fired(solo, score(solo, rules), rules) == ()
    # no Herzstich, no Bock
    plain = GameSummary(GameType.NORMAL, frozenset({1, 3}), 130)
    assert bock_triggers_fired(plain, score(plain, rules), rules) == ()


# -- manual entry and the kernel -------------------------------------------------------------------------------


def test_entry_takes_the_new_kinds() -> None:
    rules = _rules(*NEW_KINDS)
    players = ["A", "B", "C", "D"]
    extras = [{"type": "herzstich", "party": "re"}, {"type": "fuchs_gefangen_am_end", "party": "re"}]
    summary = parse_game({"game": "normal", "re": ["A", "B"], "augen_re": 150, "extras": extras}, rules, players)
    assert [s.kind for s in summary.sonderpunkte] == ["herzstich", "fuchs_gefangen_am_end"]
    three = [{"type": "fuchs_gefangen_am_end", "party": "re"}] * 3
    with pytest.raises(EntryError, match="Karo-Asse"):
        parse_game({"game": "normal", "re": ["A", "B"], "augen_re": 150, "extras": three}, rules, players)


def test_kernel_refuses_what_it_does_not_mirror() -> None:
    for kind in NEW_KINDS:
        with pytest.raises(KernelUnsupported, match=kind):
            check_supported(DDV.replace(sonderpunkte=("doppelkopf", kind)))
    with pytest.raises(KernelUnsupported, match="karlchen_gefangen_karo_dame"):
        check_supported(DDV.replace(karlchen_gefangen_karo_dame=True))
    # scored by the core from the kernel's summaries, or idle in its games
    check_supported(
        DDV.replace(
            ansage_doubles=True,
            kontra_doubles_gegen_die_alten=True,
            gegen_die_alten_in_solo=True,
            bock_triggers=("herzstich",),
        )
    )
