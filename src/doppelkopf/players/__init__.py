"""Computer players and the runner that lets them play.

A :class:`Player` sees only its :class:`~doppelkopf.game.InformationState`; :func:`play_game`
drives one game, :func:`play_session` a series. :class:`RandomPlayer` plays random legal actions,
:class:`RuleBasedPlayer` plays conventionally without search. The helpers :func:`unseen_cards`,
:func:`voids`, :func:`sample_hands` and :func:`rebuild_game` serve a search player that samples the
hidden hands.

:class:`SearchPlayer` samples the hidden hands and searches (``"search"`` is its ``normal`` level;
``"search-easy"`` and ``"search-strong"`` the others, see :func:`search_level`). ``"search-v1"`` is
the search player as it was before issue 15, pinned (the baseline every gain is measured against);
``"search-v2"`` adds the Vorbehalt by search and four times the deals and rollouts, pinned as the
baseline of issue 27; ``"search-v3"`` decides Re and Kontra by a learned value of the information state
(:mod:`~doppelkopf.players.value_model`) and draws its deals by a learned card-location model
(:mod:`~doppelkopf.players.location_model`; the level ``strong`` without its time budget).
``"policy"`` plays a trained linear policy from an ``.npz`` file (:mod:`doppelkopf.rl.policy`).

The registry (:data:`PLAYERS`, :func:`make_player`, :func:`register_player`) is the one place that
maps a player name (``"random"``, ``"rules"``, ``"search"``, ...) to the factory that builds it, for
the arena and the command line:

>>> player_names()[:2]
('random', 'rules')
>>> make_player("rules", seed=3).name
'Regel 3'
>>> make_player("dummy", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: player: unknown name 'dummy'; known: random, rules, search, search-easy, ..., search-v3, policy
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Player
from .random_player import RandomPlayer
from .rules_player import HandStrength, RuleBasedPlayer, hand_strength
from .runner import IllegalPlayerAction, play_game, play_session, session_seeds
from .sampling import inferred_parties, played_cards, rebuild_game, sample_hands, unseen_cards, voids
from .search_player import LEVELS, SEARCH_V1, SEARCH_V2, SEARCH_V3, SearchPlayer, search_factory, search_level

#: A factory ``factory(seed, **options) -> Player``; ``seed`` makes the player deterministic.
PlayerFactory = Callable[..., Player]


def policy_player(seed: int, weights: str | None = None, greedy: bool = True) -> Player:
    """The player ``"policy"``: a trained linear policy read from the ``.npz`` file ``weights``
    (see :class:`doppelkopf.rl.policy.PolicyPlayer`; numpy only, imported on first use)."""
    from ..rl.policy import PolicyPlayer

    return PolicyPlayer(seed=seed, weights=weights, greedy=greedy)


#: Registered players by name, in registration order (see :func:`make_player`).
PLAYERS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "rules": RuleBasedPlayer,
    "search": search_factory(**LEVELS["normal"]),
    "search-easy": search_factory(**LEVELS["easy"]),
    "search-strong": search_factory(**LEVELS["strong"]),
    "search-v1": search_factory(**SEARCH_V1),
    "search-v2": search_factory(**SEARCH_V2),
    "search-v3": search_factory(**SEARCH_V3),
    "policy": policy_player,
}


def register_player(name: str, factory: PlayerFactory) -> None:
    """Register ``factory`` (called as ``factory(seed=..., **options)``) under ``name``.

    Raises :class:`ValueError` naming ``player`` for an empty name or one that is not lower-case
    letters, digits and dashes (names are typed on the command line)."""
    if not name or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in name):
        raise ValueError(f"player: name {name!r} must be lower-case letters, digits or '-'")
    PLAYERS[name] = factory


def player_names() -> tuple[str, ...]:
    """The registered player names in registration order."""
    return tuple(PLAYERS)


def make_player(name: str, seed: int, **options: Any) -> Player:
    """A new player of the registered kind ``name``, seeded with ``seed``; ``options`` go to its
    factory as keyword arguments (e.g. ``p_announce=0.2`` for ``"random"``).

    Raises :class:`ValueError` with a one-line message naming ``player`` for an unknown name, or
    naming the option a factory does not take or rejects."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"player: unknown name {name!r}; known: {', '.join(PLAYERS)}") from None
    try:
        return factory(seed=seed, **options)
    except TypeError as exc:
        raise ValueError(f"player {name!r}: bad option ({exc})") from None


__all__ = [
    "PLAYERS",
    "HandStrength",
    "IllegalPlayerAction",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "RuleBasedPlayer",
    "SearchPlayer",
    "hand_strength",
    "inferred_parties",
    "make_player",
    "play_game",
    "play_session",
    "played_cards",
    "player_names",
    "rebuild_game",
    "register_player",
    "sample_hands",
    "search_level",
    "session_seeds",
    "unseen_cards",
    "voids",
]
