"""Shared deals for the engine tests: hands chosen by hand to create exact situations.

The deals are written out card by card so a reader can follow every trick. Only the card
notation is parsed here; no rule of the game is coded in this file (the tests ask the core).
"""

from __future__ import annotations

from doppelkopf.cards import Card, parse_cards
from doppelkopf.game import Game

# A normal game (TSR 2.3.4): seats 0 and 2 hold one Kreuz-Dame each, so they are Re.
# Every seat holds two Kreuz and two Pik cards; the Herz cards are spread one or two a seat.
NORMAL_HANDS: tuple[str, ...] = (
    "♣D ♥10 ♦A ♦10 ♦K ♦9  ♣A ♣9  ♠A ♠9  ♥A ♥9",  # seat 0
    "♥10 ♠D ♠D ♦D ♣B ♦A ♦10  ♣10 ♣K  ♠10 ♠K  ♥K",  # seat 1
    "♣D ♥D ♥D ♦D ♣B ♠B ♦K  ♣A ♣9  ♠A ♠9  ♥A",  # seat 2
    "♠B ♥B ♥B ♦B ♦B ♦9  ♣10 ♣K  ♠10 ♠K  ♥K ♥9",  # seat 3
)

# The same deal with seat 0's Karo-9 and seat 2's Kreuz-Dame swapped: seat 0 holds both
# Kreuz-Damen (Hochzeit or Stille Hochzeit, TSR 4.4).
HOCHZEIT_HANDS: tuple[str, ...] = (
    "♣D ♣D ♥10 ♦A ♦10 ♦K  ♣A ♣9  ♠A ♠9  ♥A ♥9",  # seat 0
    NORMAL_HANDS[1],
    "♦9 ♥D ♥D ♦D ♣B ♠B ♦K  ♣A ♣9  ♠A ♠9  ♥A",  # seat 2
    NORMAL_HANDS[3],
)


def hands(texts: tuple[str, ...]) -> list[list[Card]]:
    """The four hands written in ``texts`` (seat 0..3)."""
    return [parse_cards(text) for text in texts]


def play(game: Game, *cards: str) -> None:
    """Play ``cards`` in turn, each by the player whose turn it is."""
    for text in cards:
        game.apply(int(Card.parse(text)))


def answer_vorbehalte(game: Game, *answers: int) -> None:
    """Give the Vorbehalt answers in order, starting with the player asked first."""
    for action in answers:
        game.apply(action)
