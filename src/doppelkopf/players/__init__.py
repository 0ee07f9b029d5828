"""Computer players and the runner that lets them play.

A :class:`Player` sees only its :class:`~doppelkopf.game.InformationState`; :func:`play_game`
drives one game, :func:`play_session` a series. :class:`RandomPlayer` plays random legal actions,
:class:`RuleBasedPlayer` plays conventionally without search. The helpers :func:`unseen_cards`,
:func:`voids`, :func:`sample_hands` and :func:`rebuild_game` serve a search player that samples the
hidden hands.
"""

from .base import (
    Player,
    inferred_parties,
    played_cards,
    rebuild_game,
    sample_hands,
    unseen_cards,
    voids,
)
from .random_player import RandomPlayer
from .rules_player import HandStrength, RuleBasedPlayer, hand_strength
from .runner import IllegalPlayerAction, play_game, play_session, session_seeds

__all__ = [
    "HandStrength",
    "IllegalPlayerAction",
    "Player",
    "RandomPlayer",
    "RuleBasedPlayer",
    "hand_strength",
    "inferred_parties",
    "play_game",
    "play_session",
    "played_cards",
    "rebuild_game",
    "sample_hands",
    "session_seeds",
    "unseen_cards",
    "voids",
]
