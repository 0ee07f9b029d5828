"""Rules of the game as a player checks them: the card order of every game type (TSR 2.3), who wins
a trick (TSR 5.3.3), and the rule set with its TSR defaults and its errors.

The orders below are written out by hand from the TSR, high to low.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import pytest

from doppelkopf.cards import Card, deck, parse_cards
from doppelkopf.order import card_order, trick_winner_index
from doppelkopf.rules import DDV, GameType, RuleError, RuleSet, SchweineGame, Solo, SoloGame, get_preset

KREUZ, PIK, HERZ, KARO = 0, 1, 2, 3
NORMAL_TRUMPS = "♥10 ♣D ♠D ♥D ♦D ♣B ♠B ♥B ♦B ♦A ♦10 ♦K ♦9"
DAMEN_BUBEN = "♣D ♠D ♥D ♦D ♣B ♠B ♥B ♦B"


def fehl(game_type: GameType, suit: int) -> list[Card]:
    """The Fehl cards of ``suit`` in ``game_type``, high to low as the order ranks them."""
    order = card_order(game_type)
    cards = [card for card in Card if order.group[card] == suit]
    return sorted(cards, key=lambda card: -order.power[card])


def assert_order(game_type: GameType, trumps: str, fehl_suits: dict[int, str]) -> None:
    """``trumps`` and each Fehl suit high to low; every power strictly decreasing; nothing else."""
    order = card_order(game_type)
    expected_trumps = parse_cards(trumps)
    assert [Card(c) for c in order.trumps_high_to_low] == expected_trumps
    assert [card for card in Card if order.is_trump(card)] == sorted(expected_trumps)
    powers = [order.power[c] for c in expected_trumps]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    for suit in (KREUZ, PIK, HERZ, KARO):
        assert fehl(game_type, suit) == parse_cards(fehl_suits.get(suit, "")), f"suit {suit}"
    if expected_trumps and any(fehl_suits.values()):
        lowest_trump = min(order.power[c] for c in expected_trumps)
        assert all(order.power[c] < lowest_trump for c in Card if not order.is_trump(c))


def test_normal_game_order() -> None:
    """TSR 2.3.4: ♥10, the Damen, the Buben (Kreuz Pik Herz Karo), then ♦A ♦10 ♦K ♦9; Fehl
    Kreuz and Pik A 10 K 9, Herz A K 9. 26 trumps and 22 Fehl cards in the deck."""
    fehl_suits = {KREUZ: "♣A ♣10 ♣K ♣9", PIK: "♠A ♠10 ♠K ♠9", HERZ: "♥A ♥K ♥9"}
    for game_type in (GameType.NORMAL, GameType.HOCHZEIT, GameType.STILLE_HOCHZEIT, GameType.KARO):
        assert_order(game_type, NORMAL_TRUMPS, fehl_suits)
    order = card_order(GameType.NORMAL)
    assert sum(order.is_trump(c) for c in deck()) == 26
    assert order.dulle == Card.HERZ_ZEHN


@pytest.mark.parametrize(
    ("game_type", "suit_trumps", "fehl_suits"),
    [
        (GameType.KREUZ, "♣A ♣10 ♣K ♣9", {PIK: "♠A ♠10 ♠K ♠9", HERZ: "♥A ♥K ♥9", KARO: "♦A ♦10 ♦K ♦9"}),
        (GameType.PIK, "♠A ♠10 ♠K ♠9", {KREUZ: "♣A ♣10 ♣K ♣9", HERZ: "♥A ♥K ♥9", KARO: "♦A ♦10 ♦K ♦9"}),
        (GameType.HERZ, "♥A ♥K ♥9", {KREUZ: "♣A ♣10 ♣K ♣9", PIK: "♠A ♠10 ♠K ♠9", KARO: "♦A ♦10 ♦K ♦9"}),
    ],
)
def test_farbsolo_order(game_type: GameType, suit_trumps: str, fehl_suits: dict[int, str]) -> None:
    """TSR 2.3.5: the chosen suit's A 10 K 9 take the place of Karo; in the Herz-Solo ♥10 is
    already the top trump, so only ♥A ♥K ♥9 follow the Buben; the ♥10 is never a Herz Fehl card."""
    assert_order(game_type, "♥10 " + DAMEN_BUBEN + " " + suit_trumps, fehl_suits)


@pytest.mark.parametrize(
    ("game_type", "trumps"),
    [(GameType.NORMAL, 26), (GameType.KREUZ, 26), (GameType.PIK, 26), (GameType.KARO, 26), (GameType.HERZ, 24)],
)
def test_trump_counts(game_type: GameType, trumps: int) -> None:
    """TSR 2.3.5: Herz-Solo 24 trumps and 24 Fehl cards, the other Farbsoli 26 and 22."""
    order = card_order(game_type)
    assert sum(order.is_trump(c) for c in deck()) == trumps
    assert sum(not order.is_trump(c) for c in deck()) == 48 - trumps


def test_damensolo_order() -> None:
    """TSR 2.3.6: only the four Damen are trump (8 cards); every suit A 10 K B 9, the ♥10 a plain
    Herz card, so there is no Dulle."""
    assert_order(
        GameType.DAMEN,
        "♣D ♠D ♥D ♦D",
        {KREUZ: "♣A ♣10 ♣K ♣B ♣9", PIK: "♠A ♠10 ♠K ♠B ♠9", HERZ: "♥A ♥10 ♥K ♥B ♥9", KARO: "♦A ♦10 ♦K ♦B ♦9"},
    )
    assert sum(card_order(GameType.DAMEN).is_trump(c) for c in deck()) == 8
    assert card_order(GameType.DAMEN).dulle == -1


def test_bubensolo_order() -> None:
    """TSR 2.3.6: only the four Buben are trump (8 cards); every suit A 10 K D 9."""
    assert_order(
        GameType.BUBEN,
        "♣B ♠B ♥B ♦B",
        {KREUZ: "♣A ♣10 ♣K ♣D ♣9", PIK: "♠A ♠10 ♠K ♠D ♠9", HERZ: "♥A ♥10 ♥K ♥D ♥9", KARO: "♦A ♦10 ♦K ♦D ♦9"},
    )
    assert sum(card_order(GameType.BUBEN).is_trump(c) for c in deck()) == 8


def test_fleischlos_order() -> None:
    """TSR 2.3.7: no trump at all; every suit A 10 K D B 9."""
    suits = {s: " ".join(f"{sym}{r}" for r in ("A", "10", "K", "D", "B", "9")) for s, sym in enumerate("♣♠♥♦")}
    assert_order(GameType.FLEISCHLOS, "", suits)
    assert card_order(GameType.FLEISCHLOS).trumps_high_to_low == ()


def test_sorted_hand_puts_trumps_first() -> None:
    order = card_order(GameType.NORMAL)
    hand = [int(c) for c in parse_cards("♣A ♦9 ♥10 ♥9 ♣D ♠K")]
    assert [Card(c) for c in order.sorted_hand(hand)] == parse_cards("♥10 ♣D ♦9 ♣A ♠K ♥9")


# -- who wins a trick (TSR 5.3.3) ------------------------------------------------------------------


def winner(game_type: GameType, cards: str, second_dulle_wins: bool = False) -> int:
    return trick_winner_index(card_order(game_type), [int(c) for c in parse_cards(cards)], second_dulle_wins)


@pytest.mark.parametrize(
    ("cards", "expected", "why"),
    [
        ("♣K ♣A ♣9 ♣10", 1, "the highest card of the suit led wins"),
        ("♣A ♣10 ♦9 ♣K", 2, "the smallest trump beats the Fehl suit led (TSR 2.3.2)"),
        ("♣A ♦9 ♣D ♣K", 2, "of two trumps on a Fehl lead the higher wins"),
        ("♠9 ♣A ♥A ♣10", 0, "a Fehl led that nobody follows or trumps wins"),
        ("♥A ♥A ♥K ♥9", 0, "of two equal cards the first played wins"),
        ("♥10 ♥10 ♣D ♦9", 0, "the first Herz-10 wins, the TSR names it explicitly"),
        ("♦9 ♥10 ♣D ♥10", 1, "the first Herz-10 wins also when it is not led"),
        ("♣D ♠D ♣D ♥10", 3, "the Herz-10 is the highest trump"),
        ("♦9 ♦K ♦10 ♦A", 3, "Karo A 10 K 9 are the lowest trumps"),
        ("♣B ♣D ♠B ♣B", 1, "a Dame beats every Bube; Kreuz-Bube is a trump, not Kreuz"),
        ("♥9 ♥K ♥10 ♥A", 2, "Herz-10 is trump on a Herz lead and beats the Herz Fehl"),
    ],
)
def test_trick_winner_normal_game(cards: str, expected: int, why: str) -> None:
    """TSR 5.3.3 in the normal game (order TSR 2.3.4)."""
    assert winner(GameType.NORMAL, cards) == expected, why


def test_second_dulle_rule() -> None:
    """Rule dulle="second": the second Herz-10 beats the first; other equal cards keep the TSR
    order (first wins), and in a Damensolo the ♥10 is no Dulle."""
    assert winner(GameType.NORMAL, "♥10 ♥10 ♣D ♦9", second_dulle_wins=True) == 1
    assert winner(GameType.NORMAL, "♦9 ♥10 ♣D ♥10", second_dulle_wins=True) == 3
    assert winner(GameType.NORMAL, "♣D ♣D ♦9 ♦9", second_dulle_wins=True) == 0
    assert winner(GameType.DAMEN, "♥10 ♥10 ♥9 ♥K", second_dulle_wins=True) == 0


@pytest.mark.parametrize(
    ("game_type", "cards", "expected", "why"),
    [
        (GameType.DAMEN, "♥K ♥10 ♥A ♥B", 2, "Damensolo: Herz A 10 K B 9, no trump led"),
        (GameType.DAMEN, "♥K ♥10 ♦D ♥A", 2, "Damensolo: the Karo-Dame trumps"),
        (GameType.DAMEN, "♣A ♣B ♥10 ♣10", 0, "Damensolo: Buben follow their suit; ♥10 is a discard"),
        (GameType.BUBEN, "♣D ♣K ♦B ♣A", 2, "Bubensolo: Karo-Bube trumps the Kreuz-Dame lead"),
        (GameType.BUBEN, "♣K ♣D ♣10 ♣9", 2, "Bubensolo: Kreuz A 10 K D 9"),
        (GameType.FLEISCHLOS, "♠9 ♣A ♥10 ♦A", 0, "Fleischloser: no trump, the Pik-9 led wins"),
        (GameType.FLEISCHLOS, "♣B ♣D ♣9 ♣K", 3, "Fleischloser: A 10 K D B 9"),
        (GameType.HERZ, "♥A ♥K ♥10 ♦A", 2, "Herz-Solo: Herz is trump, ♥10 on top"),
        (GameType.HERZ, "♦9 ♦A ♥9 ♦10", 2, "Herz-Solo: the Herz-9 trumps Karo"),
        (GameType.KREUZ, "♦A ♦10 ♣9 ♦K", 2, "Kreuz-Solo: Karo is Fehl, the Kreuz-9 trumps it"),
        (GameType.PIK, "♣B ♠9 ♠A ♥10", 3, "Pik-Solo: ♥10 above the Buben and the Pik cards"),
    ],
)
def test_trick_winner_soli(game_type: GameType, cards: str, expected: int, why: str) -> None:
    """TSR 5.3.3 with the solo orders of TSR 2.3.5-2.3.7."""
    assert winner(game_type, cards) == expected, why


# -- the rule set ----------------------------------------------------------------------------------


def test_ddv_defaults_are_the_tsr() -> None:
    """Each default as the TSR has it (paragraphs in the field metadata)."""
    rules = get_preset("ddv")
    assert rules == DDV == RuleSet()
    assert rules.with_nines and rules.hand_size == 12 and rules.deal_packets == (3, 3, 3, 3)  # 2.2.1, 3.3.7
    assert rules.cut_minimum == 3  # 3.3.4
    assert rules.dulle == "first"  # 5.3.3
    tsr_soli = {  # 2.3.3: Farbsoli, Damen-, Buben-Solo, Fleischloser
        GameType.KREUZ,
        GameType.PIK,
        GameType.HERZ,
        GameType.KARO,
        GameType.DAMEN,
        GameType.BUBEN,
        GameType.FLEISCHLOS,
    }
    assert set(rules.allowed_soli) == tsr_soli  # 2.3.3
    assert rules.solo_lead == "pflichtsolo"  # 4.2.2, 4.3.1, 5.1.1
    assert rules.hochzeit_tricks == 3  # 4.4.3
    assert rules.announcement_deadlines == (11, 10, 9, 8, 7)  # 6.2.2, 6.3.4
    assert rules.reply_extra_cards == 1  # 6.4.4
    assert rules.hochzeit_shift  # 6.4.2
    assert rules.solo_factor == 3  # 7.2.4
    assert not rules.sonderpunkte_in_solo and rules.gegen_die_alten  # 7.2.3, 7.2.4
    assert rules.doppelkopf_augen == 40  # 7.2.3


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"dulle": "zweite"}, "dulle: 'zweite' is not one of first, second, second_except_last"),
        ({"solo_types": ("damen", "armut")}, "solo_types: 'armut'"),
        ({"with_nines": "yes"}, "with_nines: expected bool"),
        ({"deal_packets": (3, 3, 3)}, "deal_packets: (3, 3, 3) deal 36 cards, deck has 48"),
        ({"with_nines": False}, "deal_packets: (3, 3, 3, 3) deal 48 cards, deck has 40"),
        ({"announcement_deadlines": (11, 10)}, "announcement_deadlines: needs 5 numbers"),
        ({"hochzeit_tricks": 0}, "hochzeit_tricks: must be between 1 and 12"),
        ({"solo_factor": 4}, "solo_factor: must be 3, 6, 9"),
        ({"cut_minimum": 30}, "cut_minimum: must be between 0 and 24"),
        ({"cut_minimum": -1}, "cut_minimum: must be between 0 and 24"),
        ({"farbe": 1}, "unknown rule option 'farbe'"),
    ],
)
def test_bad_options_name_the_field(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError) as info:
        DDV.replace(**changes)
    assert message in str(info.value)


def test_toml_round_trip_and_errors() -> None:
    rules = DDV.replace(
        dulle="second",
        solo_types=("damen", "buben"),
        with_nines=False,
        deal_packets=(3, 4, 3),
        announcement_deadlines=(9, 8, 7, 6, 5),
    )
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert RuleSet.from_toml('preset = "ddv"\ndulle = "second"\n') == DDV.replace(dulle="second")
    with pytest.raises(RuleError, match="not valid TOML"):
        RuleSet.from_toml("dulle = ")
    with pytest.raises(RuleError, match="unknown rule option 'dule'"):
        RuleSet.from_toml('dule = "second"')
    with pytest.raises(RuleError, match="unknown rule set 'skat'"):
        get_preset("skat")


def test_game_type_names() -> None:
    assert GameType.parse("Damensolo") is GameType.DAMEN
    assert GameType.parse("stille hochzeit") is GameType.STILLE_HOCHZEIT
    with pytest.raises(RuleError, match="unknown game type 'Ramsch'"):
        GameType.parse("Ramsch")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"announcement_deadlines": (11, 12, 9, 8, 7)}, "must not rise"),
        ({"doppelkopf_augen": 500}, "doppelkopf_augen: must be between 1 and 44"),
        ({"solo_factor": 0}, "solo_factor: must be 3, 6, 9"),
    ],
)
def test_impossible_values_are_refused(changes: dict[str, object], message: str) -> None:
    """Values no table can play are refused with the field named (a rule file is never half-read)."""
    with pytest.raises(RuleError, match=message):
        DDV.replace(**changes)


# -- ranges and combinations no table can play (issue 11) ------------------------------------------

INT_OPTIONS = [f for f in dataclasses.fields(RuleSet) if type(f.default) is int]
INT_LIST_OPTIONS = [
    f for f in dataclasses.fields(RuleSet) if isinstance(f.default, tuple) and f.default and type(f.default[0]) is int
]


def refusal(changes: dict[str, object], base: RuleSet = DDV) -> str:
    """The message of the RuleError that ``changes`` to ``base`` raise (the test fails without one)."""
    with pytest.raises(RuleError) as info:
        base.replace(**changes)
    return str(info.value)


def test_every_number_has_a_documented_range() -> None:
    """Every int option and every list of ints has a range or fixed choices in its metadata, and
    ``doko rules show`` prints it (the check reads the same metadata)."""
    for f in [*INT_OPTIONS, *INT_LIST_OPTIONS]:
        assert f.metadata.get("bounds") is not None or f.metadata.get("choices"), f.name
        shown = DDV.allowed_values(f.name)
        assert shown.startswith(("range: ", "choices: ", "5 entries, each", "1 to 12 entries, each")), (f.name, shown)
    rows = {row[0]: row[2] for row in DDV.describe()}
    assert rows["cut_minimum"].endswith("(range: 0..24)")  # half of 48 cards (TSR 3.3.4: at least 3)
    assert rows["round_games"].endswith("(range: 4..1000)")
    assert rows["announcement_deadlines"].endswith("(5 entries, each 0..12)")
    assert rows["bock_max_multiplier"].endswith("(choices: 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)")
    assert "schmeissen_augen_low = 30" in DDV.to_toml() and "(range: 9..60)" in DDV.to_toml()
    assert get_preset("ohne-neunen").allowed_values("hochzeit_tricks") == "range: 1..10"  # ten tricks


@pytest.mark.parametrize("option", [f.name for f in INT_OPTIONS])
@pytest.mark.parametrize("value", [-1, 2**63, -(2**63), 10**30])
def test_negative_and_absurd_numbers_are_refused_naming_the_option(option: str, value: int) -> None:
    """No int option takes a negative number or one beyond a 64-bit score; the message starts with
    the option's name."""
    assert refusal({option: value}).startswith(f"{option}: ")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # dealing: 13 + -1 = 12 cards passed and crashed the deal
        ({"deal_packets": (13, -1)}, "deal_packets: every entry must be between 1 and 12, got 13"),
        ({"deal_packets": (12, 0)}, "deal_packets: every entry must be between 1 and 12, got 0"),
        ({"deal_packets": (1,) * 12 + (0,)}, "deal_packets: needs 1 to 12 packets, got 13"),
        # a forced Pflichtsolo (TSR 4.2.3) would have no legal answer
        ({"solo_types": ()}, "solo_types: empty, but pflichtsolo is true"),
        # Schmeissen that one hand of every deal meets: 8 nines in four hands put 2 in some hand
        ({"schmeissen_nines": 0}, "schmeissen_nines: must be between 3 and 8"),
        ({"schmeissen_nines": 2}, "schmeissen_nines: must be between 3 and 8"),
        ({"schmeissen_nines": 9}, "schmeissen_nines: must be between 3 and 8"),  # no hand holds 9
        ({"schmeissen_kings": 2}, "schmeissen_kings: must be between 3 and 8"),
        ({"schmeissen_nines_kings": 4}, "schmeissen_nines_kings: must be between 5 and 12"),  # 16 cards: 4 in a hand
        # a hand holds 8..128 Augen; the four hands hold 240, so one holds at most 60 and one at least 60
        ({"schmeissen_augen_low": 129}, "schmeissen_augen_low: must be between 9 and 60"),
        ({"schmeissen_augen_low": 61}, "schmeissen_augen_low: must be between 9 and 60"),
        ({"schmeissen_augen_high": 7}, "schmeissen_augen_high: must be between 60 and 127"),
        ({"schmeissen_augen_high": 59}, "schmeissen_augen_high: must be between 60 and 127"),
        # deadlines that cannot be met
        ({"announcement_deadlines": (13, 10, 9, 8, 7)}, "announcement_deadlines: every entry must be between 0 and 12"),
        ({"announcement_tricks": (1, 3, 6, 9, 12)}, "announcement_tricks: every entry must be between 0 and 11"),
        ({"announcement_tricks": (1, 3, 6, 9)}, "announcement_tricks: needs 5 numbers"),
        ({"reply_extra_cards": -1}, "reply_extra_cards: must be between 0 and 12"),
        ({"reply_extra_cards": 13}, "reply_extra_cards: must be between 0 and 12"),
        # scores that no 64-bit number holds
        ({"solo_factor": 3 * 10**18}, "solo_factor: must be 3, 6, 9, ... up to 300"),
        ({"solo_factor": 303}, "solo_factor: must be 3, 6, 9, ... up to 300"),
        ({"solo_bonus": 101}, "solo_bonus: must be a whole number of Punkte >= 0 and at most 100, got 101"),
        ({"pflichtansage_augen": 45}, "pflichtansage_augen: must be between 0 and 44"),
        # combinations
        ({"superschweine": True, "schweine": "on"}, None),  # fine with nines
        ({"schweine_optional": True, "schweine_announce": "vorbehalt"}, "schweine_optional: not with"),
        ({"solo_types": ("damen", "damen")}, "solo_types: a kind is listed twice ('damen')"),
        ({"name": ""}, "name: must be 1 to 100 printable characters"),
        ({"name": "   "}, "name: must be 1 to 100 printable characters"),
        ({"name": "a\nb"}, "name: must be 1 to 100 printable characters"),
        ({"name": "x" * 101}, "name: must be 1 to 100 printable characters"),
        ({"deal_packets": 5}, "deal_packets: expected a list, got 5"),
        ({"solo_types": "damen"}, "solo_types: expected a list, got 'damen'"),
    ],
)
def test_unplayable_options_are_refused(changes: dict[str, object], message: str | None) -> None:
    """Each of these passed the check before and then crashed, hung or was silently ignored in play."""
    if message is None:
        DDV.replace(**changes)
    else:
        assert refusal(changes).startswith(message)


def test_superschweine_need_the_nines() -> None:
    """Seed 002: the Superschweine are the two Karo-Neunen; without nines the option was ignored."""
    no_nines = get_preset("ohne-neunen")
    assert refusal({"superschweine": True}, no_nines).startswith("superschweine: needs the nines")
    assert not no_nines.replace(schmeissen=("five_nines",)).with_nines  # a dormant reason, no hand meets it


def test_schmeissen_limits_follow_the_deck() -> None:
    """Without nines a hand has 10 cards: 22..108 Augen, 8 kings (3 in some hand of every deal)."""
    no_nines = get_preset("ohne-neunen")
    assert refusal({"schmeissen_augen_low": 22}, no_nines).startswith("schmeissen_augen_low: must be between 23 and 60")
    assert refusal({"schmeissen_augen_high": 108}, no_nines).startswith(
        "schmeissen_augen_high: must be between 60 and 107"
    )
    assert refusal({"schmeissen_nines_kings": 9}, no_nines).startswith(
        "schmeissen_nines_kings: must be between 3 and 8"
    )
    assert no_nines.replace(schmeissen=("augen_low",), schmeissen_augen_low=60).schmeissen_augen_low == 60


def test_session_options_are_checked_by_every_path() -> None:
    """round_games and bock_max_multiplier were checked only by Session; a rule object in a table
    entry (doko score) took ``bock_max_multiplier: 3`` and ``round_games: 0``."""
    from doppelkopf.entry import EntryError, score_entry

    assert refusal({"round_games": 3}).startswith("round_games: must be between 4 and 1000")
    assert refusal({"bock_max_multiplier": 3}).startswith("bock_max_multiplier: 3 is not one of 2, 4, 8")
    with pytest.raises(RuleError, match="^bock_max_multiplier: "):
        RuleSet.from_dict({"bock_max_multiplier": 3})
    entry = {"players": ["Anna", "Ben", "Carla", "Dirk"], "game": "normal", "re": ["Ben", "Carla"], "augen_re": 151}
    for options, message in (({"bock_max_multiplier": 3}, "bock_max_multiplier"), ({"round_games": 0}, "round_games")):
        with pytest.raises(EntryError) as info:
            score_entry({**entry, "rules": options})
        assert str(info.value).startswith(f"rules.{message}: ")
    assert DDV.replace(bock_max_multiplier=1024, round_games=1000).bock_max_multiplier == 1024


def test_deeply_nested_rule_file_is_refused_in_one_line() -> None:
    """1,000 nested lists raised RecursionError; a value nested in tables is named short."""
    deep = "a = " + "[" * 1000 + "]" * 1000 + "\n"
    with pytest.raises(RuleError, match="^rule file is nested too deeply"):
        RuleSet.from_toml(deep)
    dotted = "dulle." + ".".join(["x"] * 1000) + " = 1\n"
    with pytest.raises(RuleError) as info:
        RuleSet.from_toml(dotted)
    assert str(info.value).startswith("dulle: {'x': {'x': {") and len(str(info.value)) < 200
    with pytest.raises(RuleError, match="^preset: expected the name of a preset"):
        RuleSet.from_toml("preset = [1]\n")


def test_every_choice_valued_option_has_a_literal_type_of_its_choices() -> None:
    """Each option with a fixed set of choices is typed with a Literal (or a tuple of one) whose
    values, in their order, are the choices the runtime check and ``doko rules show`` use; every
    other option is typed without a Literal."""
    hints = typing.get_type_hints(RuleSet)
    choice_valued = []
    for f in dataclasses.fields(RuleSet):
        hint = hints[f.name]
        if typing.get_origin(hint) is tuple:
            hint = typing.get_args(hint)[0]
        if f.metadata["choices"] is None:
            assert typing.get_origin(hint) is not typing.Literal, f.name
            continue
        choice_valued.append(f.name)
        assert typing.get_origin(hint) is typing.Literal, f.name
        assert typing.get_args(hint) == f.metadata["choices"], f.name
    assert len(choice_valued) == 33


def test_choice_sets_that_name_game_types_name_them_by_their_keys() -> None:
    """The choice sets of solo_types, schweine_games and sonderpunkte_soli hold GameType keys (and
    ``trumpf`` for the Farbsoli): sonderpunkte_soli every game type but the normal game and the Armut,
    in the enum's order, as it was derived from GameType before the Literal."""
    keys = [g.key for g in GameType]
    assert set(typing.get_args(Solo)) == {g.key for g in GameType if g.is_declared_solo}
    assert set(typing.get_args(SchweineGame)) <= set(keys)
    assert typing.get_args(SoloGame) == (
        *(g.key for g in GameType if g not in (GameType.NORMAL, GameType.ARMUT)),
        "trumpf",
    )


def test_a_misspelt_choice_is_a_type_error(tmp_path: Path) -> None:
    """mypy, with the project's configuration (strict_equality on), refuses a misspelt choice given
    to RuleSet, naming the field, and a comparison of an option with a value it cannot hold; the same
    lines spelt right pass. mypy runs in a process of its own: in this one (``mypy.api.run``) it
    would raise the recursion limit and change the garbage collector for the tests after it."""
    pytest.importorskip("mypy")
    root = Path(__file__).resolve().parents[1]
    if not (root / "pyproject.toml").exists() or not (root / "src" / "doppelkopf" / "rules.py").exists():
        pytest.skip("needs the source tree's pyproject.toml and src")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        textwrap.dedent(
            """\
            from doppelkopf.rules import RuleSet, SchweineAnnounce

            good = RuleSet(claim="anyone", solo_types=("kreuz", "buben_damen"), bock_max_multiplier=8)
            bad = RuleSet(claim="anyon")
            worse = RuleSet(solo_types=("kreuz", "bubendamen"))


            def check(rules: RuleSet, when: SchweineAnnounce) -> bool:
                return rules.dulle == "second" and when == "first_play"


            def misspelt(rules: RuleSet) -> bool:
                return rules.dulle == "secnd"
            """
        ),
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "mypy", "--config-file", str(root / "pyproject.toml")]
    command += ["--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(snippet)]
    # the working directory: the configuration's mypy_path ("src") is read from it
    result = subprocess.run(command, capture_output=True, text=True, cwd=root, check=False)
    assert result.returncode == 1, (result.stdout, result.stderr)
    by_line: dict[int, str] = {}
    for line in result.stdout.splitlines():
        where, _, message = line.partition(": error: ")
        if message:
            by_line[int(where.rsplit(":", 1)[1])] = message
    assert sorted(by_line) == [4, 5, 13], result.stdout
    assert by_line[4].startswith('Argument "claim" to "RuleSet" has incompatible type "Literal[\'anyon\']"')
    assert "Literal['none', 'soloist', 'anyone']" in by_line[4]
    assert by_line[5].startswith('Argument "solo_types" to "RuleSet" has incompatible type')
    assert "Non-overlapping equality check" in by_line[13]
    assert "Literal['first', 'second', 'second_except_last', 'first_except_last']" in by_line[13]
