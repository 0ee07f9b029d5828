"""doppelkopf: play, score and keep the list of the card game Doppelkopf under any rule set.

The core (cards, rules, order, the game and its phases, scoring, sheet, session) is pure Python
without I/O; where the install could compile it (mypyc), the game and its phases, cards, order and
scoring run as C extensions built from the same source, with their docstrings (:data:`COMPILED` names
them; ``DOPPELKOPF_PURE=1`` refuses them). Typical use:

>>> from doppelkopf import Game, get_preset
>>> game = Game.new(get_preset("ddv"), seed=7, dealer=0)
>>> game.current_player
1
"""

from pathlib import Path as _Path

from ._compiled import install as _install

#: The core modules running compiled (mypyc), for example ``("cards", "game", "order", "scoring")``;
#: empty where the install could not compile them, a source changed since, or DOPPELKOPF_PURE=1.
COMPILED: tuple[str, ...] = _install(_Path(__file__).parent, __name__)

from .cards import Card, CardError, deck, parse_cards  # noqa: E402
from .game import Game, IllegalAction  # noqa: E402
from .rules import DDV, PRESETS, GameType, Party, RuleError, RuleSet, get_preset  # noqa: E402
from .scoring import GameSummary, Score, ScoreError, Sonderpunkt, score  # noqa: E402

__all__ = [
    "COMPILED",
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
