"""doppelkopf: play, score and keep the list of the card game Doppelkopf under any rule set.

The core (cards, rules, order, game, scoring, sheet) is pure Python without I/O. Typical use:

>>> from doppelkopf import Game, get_preset
>>> game = Game.new(get_preset("ddv"), seed=7, dealer=0)
>>> game.current_player
1
"""

from .cards import Card, CardError, deck, parse_cards
from .game import Game, IllegalAction
from .rules import DDV, PRESETS, GameType, Party, RuleError, RuleSet, get_preset
from .scoring import GameSummary, Score, ScoreError, Sonderpunkt, score

__all__ = [
    "Card",
    "CardError",
    "DDV",
    "Game",
    "GameSummary",
    "GameType",
    "IllegalAction",
    "PRESETS",
    "Party",
    "RuleError",
    "RuleSet",
    "Score",
    "ScoreError",
    "Sonderpunkt",
    "deck",
    "get_preset",
    "parse_cards",
    "score",
]
