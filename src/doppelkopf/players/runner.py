"""Drive games with four players: each sees only its information state.

:func:`play_game` plays one game to the end; :func:`play_session` plays a series kept by a
:class:`~doppelkopf.session.Session`: the deal, the Pflichtsoli of each round and the Bock games.

Events for a user interface go to ``on_event(kind, data)``; ``data`` is a dict:

* ``"setup"`` (sessions only, before each deal): ``setup`` (the
  :class:`~doppelkopf.session.GameSetup`: dealer, Pflichtsolo state, forced soloist, Bock
  multiplier), ``round``, ``games_left_in_round``, ``bock_queue``;
* ``"start"``: ``dealer``, ``seed``;
* an action: ``seat``, ``action``, ``key`` (see :meth:`Action.key <doppelkopf.game.Action.key>`),
  ``text`` (German name, e.g. ``Re``, ``keine 90``, ``♣D``, ``gesund``), ``in_turn`` (False for an
  announcement out of turn). The kind says what the action was: ``"vorbehalt"`` (an answer in the
  Vorbehaltsabfrage, Schmeissen included), ``"armut"`` (laying, taking or refusing, giving back in
  an Armut), ``"bid"`` (raising or passing in the bidding for a solo), ``"announce"``,
  ``"schweine"``, ``"claim"`` (the rest claimed), ``"genscher"`` (a partner named, rule ``genscher``) or
  ``"play"`` (a card played);
* ``"game_type"``: when the play begins (after the Vorbehaltsabfrage, and an Armut exchange or a
  bidding if there was one), ``game_type`` and ``declarer`` **as the game has them**, a Stille
  Hochzeit included (a UI shows each human only their information state);
* ``"trick"``: ``trick`` (a finished :class:`~doppelkopf.game.Trick`) and ``index`` (0-based); one
  event per trick, also for the tricks of a claimed rest, which end the game at once;
* ``"end"``: ``score`` (the :class:`~doppelkopf.scoring.Score`, Punkte per seat);
* ``"redeal"`` instead of ``"end"`` for a deal thrown in (``game.redeal_same_dealer``): ``dealer``;
* ``"row"`` (sessions only, after each counted game): ``row`` (the
  :class:`~doppelkopf.sheet.Row` written, with its Bock ``multiplier``), ``bock_queue`` (the Bock
  multipliers still owed), ``triggers`` (the Bock triggers the game fired).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..game import Action, Game, IllegalAction, Phase
from ..rules import RuleSet
from ..session import Session
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


def checked_action(game: Game, player: Player, seat: int, action: object, what: str, show_legal: bool = True) -> int:
    """``action`` (what ``player`` at ``seat`` returned) as an int if ``game.legal_actions(seat)``
    lists it (a bool or another type never counts). Raises :class:`IllegalPlayerAction` otherwise:
    the message names the player, seat, what it did (``what``, e.g. ``"chose"``), the action, the
    phase and, with ``show_legal``, the legal actions (leave them out where they would show the
    seat's cards to whoever reads the error)."""
    legal = game.legal_actions(seat)
    if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
        options = " ".join(Action.key(a) for a in legal) or "none"
        listed = f"; legal: {options}" if show_legal else ""
        raise IllegalPlayerAction(
            "player {player_name!r} (seat {seat}) {what} {describe}, which is not legal now (phase "
            "{phase_name}){listed}",
            player_name=player.name,
            seat=seat,
            what=what,
            describe=_describe(action),
            phase_name=game.phase.name,
            listed=listed,
        )
    return int(action)


StepHandler = Callable[[int, int, bool], None]


def drive(game: Game, players: Sequence[Player | None], step: StepHandler, show_legal: bool = True) -> int | None:
    """Let ``players`` (one per seat; ``None`` for a seat driven from outside, e.g. a learner)
    act on ``game`` as :func:`play_game` does, until the game is over (returns ``None``) or a seat
    without a player is to choose (returns that seat).

    Before every decision in play the other seats with a player that may announce get
    :meth:`Player.react` in seat order after the seat to move, the rounds repeating while someone
    announces (Erwiderung, TSR 6.4.4); then the seat to move chooses. Each action is checked and
    handed to ``step(seat, action, in_turn)``, which must apply it to ``game``. Raises
    :class:`IllegalPlayerAction` naming the player, seat and action when a player returns an
    action that ``game.legal_actions(seat)`` does not list; with ``show_legal`` false the message
    leaves out the legal actions (they are that seat's cards, not for whoever reads the error).
    """
    while not game.is_terminal:
        seat = game.current_player
        if game.phase is Phase.PLAY:
            announced = True
            while announced and not game.is_terminal:
                announced = False
                for k in range(1, 4):
                    other = (seat + k) % 4
                    reactor = players[other]
                    if reactor is None or not game.legal_actions(other):
                        continue
                    answer = reactor.react(game.information_state(other))
                    if answer is None:
                        continue
                    step(
                        other, checked_action(game, reactor, other, answer, "announced out of turn", show_legal), False
                    )
                    announced = True
            if game.is_terminal:
                return None
            # a claim or a concession out of turn (TSR 5.4) may have changed who is to move
            seat = game.current_player
        player = players[seat]
        if player is None:
            return seat
        action = player.choose(game.information_state(seat))
        step(seat, checked_action(game, player, seat, action, "chose", show_legal), True)
    return None


_PHASE_KINDS = {Phase.VORBEHALT: "vorbehalt", Phase.ARMUT: "armut", Phase.BIDDING: "bid"}


def _event_kind(phase: Phase, action: int) -> str:
    """The event kind of ``action`` taken in ``phase`` (see the module docstring)."""
    if Action.is_announcement(action):
        return "announce"
    if phase in _PHASE_KINDS:
        return _PHASE_KINDS[phase]
    if action == Action.SCHWEINE:
        return "schweine"
    if action == Action.CLAIM:
        return "claim"
    if Action.is_genscher(action):
        return "genscher"
    return "play"


def _overrides_observe(player: Player) -> bool:
    return type(player).observe is not Player.observe


def play_game(game: Game, players: Sequence[Player], on_event: EventHandler | None = None) -> Game:
    """Play ``game`` to the end with ``players`` (one per seat 0..3) and return it.

    Each player is reset with its seat, the rule set and the game's seed, then asked through
    :meth:`Player.choose` whenever its seat is to move (again after an announcement): in the
    Vorbehaltsabfrage, an Armut exchange, a bidding and in play. Before every decision in play
    the other seats that may announce get :meth:`Player.react` in seat order after the
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
        emit(_event_kind(phase, action), seat=seat, action=action, key=Action.key(action), text=text, in_turn=in_turn)
        if phase is not Phase.PLAY and game.phase is Phase.PLAY:
            emit("game_type", game_type=game.game_type, declarer=game.declarer)
        for index in range(tricks, len(game.tricks)):
            emit("trick", trick=game.tricks[index], index=index)
        for s in watchers:
            players[s].observe(game.information_state(s))

    emit("start", dealer=game.dealer, seed=game.seed)
    drive(game, players, step)
    if getattr(game, "redeal_same_dealer", False):
        emit("redeal", dealer=game.dealer)
    else:
        emit("end", score=game.score())
    return game


def _seed_stream(seed: int) -> Iterator[int]:
    rng = random.Random(f"session:{seed}")
    while True:
        yield rng.getrandbits(48)


def session_seeds(seed: int, games: int) -> list[int]:
    """The first ``games`` deal seeds of a session: drawn from a generator seeded with ``seed``
    (same session seed, same deals). A session uses them in order, one per deal, so a deal thrown
    in uses one too."""
    stream = _seed_stream(seed)
    return [next(stream) for _ in range(games)]


def session_for(rules: RuleSet, session: Session | None = None) -> Session:
    """The session a series of games under ``rules`` is kept in: ``session`` itself, or (``None``)
    a new :class:`~doppelkopf.session.Session` with the players "Seat 1" .. "Seat 4". Raises
    :class:`ValueError` naming ``session`` when it keeps other rules."""
    if session is None:
        return Session(rules, [f"Seat {i}" for i in range(1, 5)])
    if session.rules != rules:
        raise ValueError(f"session: it keeps rule set {session.rules.name!r}, not the {rules.name!r} given")
    return session


def play_session(
    rules: RuleSet,
    players: Sequence[Player],
    games: int,
    seed: int,
    on_event: EventHandler | None = None,
    session: Session | None = None,
) -> Iterator[Game]:
    """Play until ``games`` games have counted and yield every finished
    :class:`~doppelkopf.game.Game`, deals thrown in included.

    ``session`` keeps the sitting (default: a new :class:`~doppelkopf.session.Session` with the
    players "Seat 1" .. "Seat 4"); pass your own to read its Liste (``session.sheet``) and the Bock
    games owed (``session.bock_queue``) between games. Each game is dealt by
    :meth:`Session.new_game <doppelkopf.session.Session.new_game>` with the next of
    ``session_seeds(seed, ...)`` and recorded with :meth:`Session.record_result
    <doppelkopf.session.Session.record_result>` before it is yielded: the deal moves clockwise,
    the same dealer deals again after a Pflichtsolo (not after a forced one) and after a deal
    thrown in (TSR 3.3.1, 4.2.5), a solo is a Pflichtsolo while its player has none in the round,
    and the Bock multiplier of each game goes on the list.

    Raises :class:`ValueError` (at the call, not at the first game) for a negative number of
    games, not four players, or a session with other rules.
    """
    if games < 0:
        raise ValueError(f"games: must be 0 or more, got {games}")
    if len(players) != 4:
        raise ValueError(f"players: a session needs 4 players, got {len(players)}")
    return _session(session_for(rules, session), players, games, seed, on_event)


def _session(
    session: Session, players: Sequence[Player], games: int, seed: int, on_event: EventHandler | None
) -> Iterator[Game]:
    seeds = _seed_stream(seed)
    counted = 0
    while counted < games:
        if on_event is not None:
            on_event(
                "setup",
                {
                    "setup": session.next_game_setup(),
                    "round": session.round,
                    "games_left_in_round": session.games_left_in_round,
                    "bock_queue": session.bock_queue,
                },
            )
        game = session.new_game(next(seeds))
        play_game(game, players, on_event)
        row = session.record_result(game)
        if row is not None:
            counted += 1
            if on_event is not None:
                on_event("row", {"row": row, "bock_queue": session.bock_queue, "triggers": session.last_triggers})
        yield game
