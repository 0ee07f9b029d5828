"""Drive games with four players: each sees only its information state.

:func:`play_game` plays one game to the end; :func:`play_session` plays a series with the deal
moving clockwise and the Pflichtsoli tracked.

Events for a user interface go to ``on_event(kind, data)``; ``data`` is a dict:

* ``"start"``: ``dealer``, ``seed``;
* ``"vorbehalt"``, ``"announce"``, ``"play"``: ``seat``, ``action``, ``key`` (see
  :meth:`Action.key <doppelkopf.game.Action.key>`), ``text`` (German name, e.g. ``Re``,
  ``keine 90``, ``♣D``, ``gesund``), ``in_turn`` (False for an announcement out of turn);
* ``"game_type"``: after the Vorbehaltsabfrage, ``game_type`` and ``declarer`` **as the game
  has them**, a Stille Hochzeit included (a UI shows each human only their information state);
* ``"trick"``: ``trick`` (the finished :class:`~doppelkopf.game.Trick`) and ``index`` (0-based);
* ``"end"``: ``score`` (the :class:`~doppelkopf.scoring.Score`, Punkte per seat).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..game import Action, Game, IllegalAction, Phase
from ..rules import RuleSet
from .base import Player

EventHandler = Callable[[str, dict[str, Any]], None]


class IllegalPlayerAction(IllegalAction):
    """A player returned an action that is not legal now; the message names the player, seat,
    action and the legal actions."""


def _describe(action: object) -> str:
    if isinstance(action, int):
        try:
            return Action.key(action)
        except IllegalAction:
            return repr(action)
    return repr(action)


def _check(game: Game, player: Player, seat: int, action: object, what: str) -> int:
    legal = game.legal_actions(seat)
    if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
        options = " ".join(Action.key(a) for a in legal) or "none"
        raise IllegalPlayerAction(
            f"player {player.name!r} (seat {seat}) {what} {_describe(action)}, which is not legal now "
            f"(phase {game.phase.name}); legal: {options}"
        )
    return int(action)


def _overrides_observe(player: Player) -> bool:
    return type(player).observe is not Player.observe


def play_game(game: Game, players: Sequence[Player], on_event: EventHandler | None = None) -> Game:
    """Play ``game`` to the end with ``players`` (one per seat 0..3) and return it.

    Each player is reset with its seat, the rule set and the game's seed, then asked through
    :meth:`Player.choose` whenever its seat is to move (again after an announcement). Before every
    card play the other seats that may announce get :meth:`Player.react` in seat order after the
    player to move; the rounds repeat while someone announces, so an announcement can be answered
    (Erwiderung, TSR 6.4.4). Players that override :meth:`Player.observe` see every step.

    Raises :class:`IllegalPlayerAction` naming the player, seat and action when a player returns
    an action that ``game.legal_actions(seat)`` does not list, and :class:`ValueError` unless
    there are four players.
    """
    if len(players) != 4:
        raise ValueError(f"players: a game needs 4 players, got {len(players)}")
    for seat, player in enumerate(players):
        player.reset(seat, game.rules, game.seed)
    watchers = [seat for seat, p in enumerate(players) if _overrides_observe(p)]

    def emit(kind: str, **data: Any) -> None:
        if on_event is not None:
            on_event(kind, data)

    def step(seat: int, action: int, in_turn: bool) -> None:
        phase, tricks = game.phase, len(game.tricks)
        text = game.describe(action, seat)
        game.apply(action, seat)
        kind = "announce" if Action.is_announcement(action) else "vorbehalt" if phase is Phase.VORBEHALT else "play"
        emit(kind, seat=seat, action=action, key=Action.key(action), text=text, in_turn=in_turn)
        if phase is Phase.VORBEHALT and game.phase is not Phase.VORBEHALT:
            emit("game_type", game_type=game.game_type, declarer=game.declarer)
        if len(game.tricks) > tricks:
            emit("trick", trick=game.tricks[-1], index=len(game.tricks) - 1)
        for s in watchers:
            players[s].observe(game.information_state(s))

    emit("start", dealer=game.dealer, seed=game.seed)
    while not game.is_terminal:
        seat = game.current_player
        if game.phase is Phase.PLAY:
            announced = True
            while announced:
                announced = False
                for k in range(1, 4):
                    other = (seat + k) % 4
                    if not game.legal_actions(other):
                        continue
                    answer = players[other].react(game.information_state(other))
                    if answer is None:
                        continue
                    step(other, _check(game, players[other], other, answer, "announced out of turn"), False)
                    announced = True
        action = players[seat].choose(game.information_state(seat))
        step(seat, _check(game, players[seat], seat, action, "chose"), True)
    emit("end", score=game.score())
    return game


def session_seeds(seed: int, games: int) -> list[int]:
    """The game seeds of a session: drawn from a generator seeded with ``seed`` (same session
    seed, same deals)."""
    rng = random.Random(f"session:{seed}")
    return [rng.getrandbits(48) for _ in range(games)]


def play_session(
    rules: RuleSet,
    players: Sequence[Player],
    games: int,
    seed: int,
    on_event: EventHandler | None = None,
) -> Iterator[Game]:
    """Play ``games`` games and yield each finished :class:`~doppelkopf.game.Game`.

    Game ``i`` (0-based) is dealt by seat ``i % 4`` (the deal moves clockwise, TSR 3.3.1) with the
    seed ``session_seeds(seed, games)[i]``. The Pflichtsolo of each seat is tracked: a declared
    solo that the game counts as Pflichtsolo (``game.pflichtsolo``) marks its soloist as done, so
    later soli of that seat are Lustsoli (TSR 4.2, 4.3). The rule that the same dealer deals again
    after a Pflichtsolo (TSR 3.3.1) is not applied here.

    Raises :class:`ValueError` (at the call, not at the first game) for a negative number of
    games or not four players.
    """
    if games < 0:
        raise ValueError(f"games: must be 0 or more, got {games}")
    if len(players) != 4:
        raise ValueError(f"players: a session needs 4 players, got {len(players)}")
    return _session(rules, players, games, seed, on_event)


def _session(
    rules: RuleSet, players: Sequence[Player], games: int, seed: int, on_event: EventHandler | None
) -> Iterator[Game]:
    done = [False] * 4
    for i, game_seed in enumerate(session_seeds(seed, games)):
        game = Game.new(rules, seed=game_seed, dealer=i % 4, pflichtsolo_done=done)
        play_game(game, players, on_event)
        if game.pflichtsolo and game.declarer is not None:
            done[game.declarer] = True
        yield game
