"""Cards, notation, deck, cutting and dealing as a player checks them (TSR 2.2, 3.3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from doppelkopf.cards import Card, CardError, augen, cut, deal, deck, format_cards, parse_cards, shuffled_deck
from doppelkopf.game import Game
from doppelkopf.rules import DDV

# The 24 cards written by hand in both notations, Kreuz Pik Herz Karo × A 10 K D B 9.
SYMBOLS = ("♣A ♣10 ♣K ♣D ♣B ♣9 ♠A ♠10 ♠K ♠D ♠B ♠9 ♥A ♥10 ♥K ♥D ♥B ♥9 ♦A ♦10 ♦K ♦D ♦B ♦9").split()
SHORT = ("KrA Kr10 KrK KrD KrB Kr9 PiA Pi10 PiK PiD PiB Pi9 HeA He10 HeK HeD HeB He9 KaA Ka10 KaK KaD KaB Ka9").split()


@pytest.mark.parametrize(("symbol", "short"), list(zip(SYMBOLS, SHORT, strict=True)))
def test_both_notations_name_the_same_card(symbol: str, short: str) -> None:
    """Each of the 24 cards parses from symbol, short and German notation and writes back the same."""
    card = Card.parse(symbol)
    assert Card.parse(short) is card
    assert Card.parse(card.german) is card
    assert (str(card), card.symbol, card.short) == (symbol, symbol, short)


def test_all_24_cards_are_distinct() -> None:
    assert len({Card.parse(s) for s in SYMBOLS}) == 24
    assert {Card.parse(s) for s in SYMBOLS} == set(Card)


def test_named_cards() -> None:
    assert Card.parse("♣D") is Card.KREUZ_DAME
    assert Card.parse("He10") is Card.HERZ_ZEHN
    assert Card.parse("Karo-Ass") is Card.KARO_ASS
    assert Card.parse(" kreuz bube ") is Card.KREUZ_BUBE
    assert Card.parse("pik-könig") is Card.PIK_KOENIG
    assert Card.HERZ_ZEHN.german == "Herz-Zehn"


def test_hand_round_trip_in_both_notations() -> None:
    """A whole deck written and read back, with symbols and with ASCII."""
    cards = deck()
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, ascii_only=True)) == cards
    assert format_cards(parse_cards("KrD, ♠A He10")) == "♣D ♠A ♥10"
    assert format_cards(parse_cards(["KrD", "Ka9"]), ascii_only=True) == "KrD Ka9"


@pytest.mark.parametrize("text", ["", "KrX", "♣11", "Kreuz", "D", "Xy10", "He1", "Dame Kreuz", "♣♣D"])
def test_bad_card_text_names_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert "\n" not in str(info.value)


def test_bad_card_in_a_hand_names_it() -> None:
    with pytest.raises(CardError, match="'Foo'"):
        parse_cards("KrD ♠A Foo He10")


def test_deck_sizes() -> None:
    """TSR 2.2.1: 48 cards, each of the 24 twice; without nines 40 cards."""
    full, short = deck(), deck(with_nines=False)
    assert len(full) == 48 and Counter(full) == {card: 2 for card in Card}
    assert len(short) == 40 and Counter(short) == {card: 2 for card in Card if not card.short.endswith("9")}


def test_augen_of_each_rank() -> None:
    """TSR 2.2.1: A 11, 10 10, K 4, D 3, B 2, 9 0."""
    expected = {"A": 11, "10": 10, "K": 4, "D": 3, "B": 2, "9": 0}
    for card in Card:
        assert card.augen == expected[card.short[2:]]


def test_240_augen_both_ways() -> None:
    """TSR 2.2.1: each suit holds 60 Augen, so 240 in the deck; the nines count 0, so 240 without them."""
    assert augen(deck()) == 240
    assert augen(deck(with_nines=False)) == 240
    assert augen(parse_cards("♣A ♣10 ♣K ♣D ♣B ♣9") * 2) == 60


def test_deal_in_packets_of_three_from_the_dealers_left() -> None:
    """TSR 3.3.7: four rounds of 3 cards, clockwise, starting with the dealer's left neighbour.
    Dealer 2: seat 3 gets cards 1-3, seat 0 cards 4-6, seat 1 7-9, seat 2 10-12, seat 3 13-15 ..."""
    cards = deck()
    hands = deal(cards, dealer=2, packets=(3, 3, 3, 3))
    assert [len(h) for h in hands] == [12, 12, 12, 12]
    assert hands[3][:6] == cards[0:3] + cards[12:15]
    assert hands[0][:3] == cards[3:6]
    assert hands[1][:3] == cards[6:9]
    assert hands[2][:3] == cards[9:12]
    assert hands[2][-3:] == cards[45:48]
    assert Counter(c for h in hands for c in h) == Counter(cards)


def test_deal_three_four_three_without_nines() -> None:
    """Seed 000, "Spielvorbereitung": 40 cards dealt 3, 4, 3 give ten cards each."""
    cards = deck(with_nines=False)
    hands = deal(cards, dealer=0, packets=(3, 4, 3))
    assert [len(h) for h in hands] == [10, 10, 10, 10]
    assert hands[1][:3] == cards[0:3]
    assert hands[1][3:7] == cards[12:16]


def test_deal_packets_must_use_up_the_deck() -> None:
    with pytest.raises(ValueError, match=r"\(3, 3, 3\) give 36 cards, deck has 48"):
        deal(deck(), dealer=0, packets=(3, 3, 3))


def test_cut_puts_the_lifted_cards_under() -> None:
    """TSR 3.3.5: the rest goes on top of the lifted part."""
    cards = deck()
    assert cut(cards, 3) == cards[3:] + cards[:3]
    assert cut(cards, 45) == cards[45:] + cards[:45]


@pytest.mark.parametrize("position", [0, 2, 46, 48])
def test_cut_needs_three_cards_each_side(position: int) -> None:
    """TSR 3.3.4: at least 3 cards lifted and at least 3 left."""
    with pytest.raises(ValueError, match="between 3 and 45"):
        cut(deck(), position)


def test_shuffle_is_seeded() -> None:
    assert shuffled_deck(5) == shuffled_deck(5)
    assert shuffled_deck(5) != shuffled_deck(6)
    assert sorted(shuffled_deck(5)) == deck()


@pytest.mark.parametrize("dealer", [0, 3])
def test_new_game_deals_a_seeded_cut_deck(dealer: int) -> None:
    """Game.new shuffles with the seed, cuts and deals 3,3,3,3 from the dealer's left (TSR 3.3)."""
    game = Game.new(DDV, seed=11, dealer=dealer, cut_at=20)
    expected = deal(cut(shuffled_deck(11), 20), dealer, (3, 3, 3, 3))
    assert [sorted(h) for h in game.initial_hands] == [sorted(h) for h in expected]
    assert Game.new(DDV, seed=11, dealer=dealer).initial_hands == Game.new(DDV, seed=11, dealer=dealer).initial_hands
    assert game.current_player == (dealer + 1) % 4


@pytest.mark.parametrize("packets", [(3, 3, 3, 3), (3, 4, 3)])
def test_new_game_is_random_shuffle_then_randint_cut(packets: tuple[int, ...]) -> None:
    """Same seed, same deal: Game.new deals what random.Random(seed).shuffle and then
    .randint(cut_minimum, cards - cut_minimum) give (TSR 3.3), for many seeds, both decks and
    a wider cut minimum."""
    nines = packets == (3, 3, 3, 3)
    for cut_minimum in (3, 1):
        rules = DDV.replace(
            with_nines=nines, deal_packets=packets, cut_minimum=cut_minimum, announcement_deadlines=(9, 8, 7, 6, 5)
        )
        for seed in [*range(200), 2**40 + 7, 10**30]:
            rng = random.Random(seed)
            cards = deck(nines)
            rng.shuffle(cards)
            at = rng.randint(cut_minimum, len(cards) - cut_minimum)
            expected = deal(cut(cards, at, cut_minimum), seed % 4, packets)
            game = Game.new(rules, seed=seed, dealer=seed % 4)
            assert game.initial_hands == tuple(tuple(sorted(h)) for h in expected), seed


def test_new_game_deals_the_same_where_the_fast_shuffle_is_off() -> None:
    """Where the interpreter's generator were not the one the fast shuffle mirrors, Game.new shuffles
    with random.Random itself: the same deals."""
    from doppelkopf import cards

    checked = list(cards._SHUFFLE_CHECKED)
    fast = [Game.new(DDV, seed=seed, dealer=1).initial_hands for seed in range(5)]
    cards._SHUFFLE_CHECKED[:] = [False]  # in place: the compiled module holds this very list
    try:
        slow = [Game.new(DDV, seed=seed, dealer=1).initial_hands for seed in range(5)]
    finally:
        cards._SHUFFLE_CHECKED[:] = checked
    assert slow == fast


def test_new_game_refuses_a_short_cut() -> None:
    with pytest.raises(ValueError, match="between 3 and 45"):
        Game.new(DDV, seed=1, cut_at=2)


def test_new_game_without_nines() -> None:
    rules = DDV.replace(with_nines=False, deal_packets=(3, 4, 3), announcement_deadlines=(9, 8, 7, 6, 5))
    game = Game.new(rules, seed=3)
    assert [len(h) for h in game.initial_hands] == [10] * 4
    assert augen(c for h in game.initial_hands for c in h) == 240
