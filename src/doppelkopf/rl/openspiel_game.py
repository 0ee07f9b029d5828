"""Doppelkopf as an OpenSpiel game: ``pyspiel.load_game("python_doppelkopf")``.

Importing this module registers the game with ``pyspiel.register_game`` (short name
``python_doppelkopf``), so OpenSpiel's Python algorithms (MCTS, policy gradient through
``rl_environment``, ``evaluate_bots``) and its C++ test tools (``pyspiel.random_sim_test``) run on
it. Needs the ``rl`` extra (``pip install 'doppelkopf[rl]'``).

Game parameters:

* ``rules``: the name of a preset of :data:`doppelkopf.rules.PRESETS` (default ``"ddv"``);
* ``dealer``: the dealer's seat 0..3 (default 0); the seat to its left answers first in the
  Vorbehaltsabfrage and leads the first trick (TSR 4.1, 5.1).

The game:

* **Chance nodes deal the cards one by one** (as OpenSpiel's ``hearts`` does): the outcomes are the
  card kinds still in the deck (:class:`~doppelkopf.cards.Card` values 0..23), each with the
  probability of its copies left (two copies of each kind; 48 cards with the nines, 40 without).
  The k-th card dealt (k = 0, 1, ...) goes to seat ``(dealer + 1 + k) % 4``. Every deal of the deck
  into four hands is then equally likely, as in a shuffled deal (TSR 3.3).
* **Player nodes** are the engine's :class:`~doppelkopf.game.Game` under the RL turn protocol
  :class:`~doppelkopf.rl.turns.Turns`; an action id *is* the engine's action int
  (:class:`~doppelkopf.moves.Action`; ``num_distinct_actions`` 120). With deadlines counted in
  cards in hand the player is ``Game.current_player`` with ``Game.legal_actions()``: a seat announces
  on its own turn, before its card, which reaches every announcement. Under the ``doppelbock`` preset
  (deadlines counted in tricks, :func:`doppelkopf.rl.encoding.own_turn_announcements_complete` false)
  the protocol also opens announcement windows: before each decision in play while some party may
  still announce (:func:`doppelkopf.rl.turns.window_round_opens`, a public test) all three other
  seats are the player in turn, each with its out-of-turn actions and 53 ("nothing out of turn";
  only 53 for a seat with none), so the player to act reveals no private fact;
  :attr:`DoppelkopfState.in_window` tells. An illegal action raises
  :class:`~doppelkopf.game.IllegalAction` naming the rule and the legal actions of the seat to act.
* **Returns** are the Punkte of :meth:`Game.score` (``Score.points``) at the end, 0 before; a deal
  thrown in (Schmeissen, an Armut nobody took) ends with 0 for every seat. The game is zero-sum.
* **Observations** (``make_py_observer``): the observation tensor is
  :func:`doppelkopf.rl.encoding.observation` of the seat's
  :class:`~doppelkopf.game.InformationState` (``OBS_SIZE`` floats, every slot in ``docs/rl.md``);
  the information state tensor adds when each announcement was made; it is *not* a perfect-recall
  encoding (different information states can share a tensor: the bidding keeps raised/passed per
  seat, the order of the Vorbehalt answers and the moment of the Schweine are lost). The observation
  string shows the seat's information state (and its open window); the information state string is
  the sequence of everything the seat saw change, step by step (perfect recall). During the deal a seat sees only
  its own cards.
* **IS-MCTS**: :func:`resample_from_infostate` draws a world a seat cannot tell from the real one
  (the sampler OpenSpiel's ``ISMCTSBot.set_resampler`` takes).

>>> game = load_game("ddv")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)
>>> while state.is_chance_node():
...     state.apply_action(min(a for a, _ in state.chance_outcomes()))
>>> state.current_player()  # the dealer's left answers the Vorbehaltsabfrage first
1
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

import numpy as np
import pyspiel

from ..cards import Card, deck
from ..game import Game, IllegalAction, InformationState, Phase
from ..moves import Action, Announcement, Trick
from ..order import card_order
from ..players.sampling import HandSampler, armut_exchange, armut_seats, played_cards
from ..rules import SCHWARZ, GameType, Party, RuleError, RuleSet, get_preset
from ..scoring import GameSummary, ScoreError, Sonderpunkt, score
from . import encoding
from .turns import WINDOW_PASS, Turns

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "DoppelkopfGame",
    "DoppelkopfObserver",
    "DoppelkopfState",
    "ResampleError",
    "game_info",
    "load_game",
    "max_game_length",
    "max_punkte",
    "resample_from_infostate",
]

#: The name to load the game by: ``pyspiel.load_game("python_doppelkopf")``.
SHORT_NAME: Final = "python_doppelkopf"
_NUM_PLAYERS: Final = 4
_CARD_KINDS: Final = 24

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Doppelkopf",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_NUM_PLAYERS,
    min_num_players=_NUM_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification={"rules": "ddv", "dealer": 0},
)


def _deck_size(rules: RuleSet) -> int:
    return 4 * rules.hand_size


#: The Augen of the Re party and whether it took every trick (1), none (0) or some (-1), for
#: :func:`max_punkte`: schwarz either way and the Augen at the goals (TSR 7.1).
_AUGEN_TRICKS: Final = ((240, 1), (0, 0), (90, -1), (120, -1), (121, -1), (150, -1))


@functools.cache
def max_punkte(rules: RuleSet) -> int:
    """A bound on the Punkte one seat can win or lose in one game under ``rules`` (OpenSpiel's
    ``max_utility``; ``min_utility`` is its negative), from the scoring module itself
    (:func:`doppelkopf.scoring.score`, no line of the scheme copied here): the largest ``|points|``
    of one seat over extreme games of every game type (a solo or a lone Re player, or two against
    two), each party's announcements at every level 0..5, either party taking all 240 Augen and
    every trick or a split of the Augen around the goals, and either party taking two of each counted
    kind of Sonderpunkt in every trick (more than a game can hold, so the bound is not tight). Bock is
    not applied (one game)."""
    hand = rules.hand_size
    best = 1
    sonder = {
        party: tuple(Sonderpunkt(kind, party) for kind in rules.sonderpunkte for _ in range(2 * hand))
        for party in Party
    }
    for game_type in GameType:
        for re_seats in (frozenset({0}), frozenset({0, 1})):
            for augen_re, tricks_re in _AUGEN_TRICKS:
                tricks = (hand, 0) if tricks_re == 1 else (0, hand) if tricks_re == 0 else (None, None)
                for levels in ((re, kontra) for re in range(SCHWARZ + 1) for kontra in range(SCHWARZ + 1)):
                    for extra in ((), sonder[Party.RE], sonder[Party.KONTRA]):
                        summary = GameSummary(game_type, re_seats, augen_re, tricks[0], tricks[1], levels, extra)
                        try:
                            points = score(summary, rules).points
                        except ScoreError:
                            continue  # e.g. a solo with two Re players
                        best = max(best, *(abs(p) for p in points))
    return best


def max_game_length(rules: RuleSet) -> int:
    """A bound on the player decisions of one game under ``rules`` (OpenSpiel's
    ``max_game_length``; the chance nodes of the deal are not counted). Not tight: every card
    (4 x ``hand_size``), four rounds of Vorbehalt answers, an Armut offer per seat (three answers,
    laying and returning a whole hand), a bidding to schwarz (5 raises, 3 passes), ten
    announcements, and for each seat the Schweine, a claim, giving up the rest and the answers to
    it. Where the turn protocol opens announcement windows (:class:`~doppelkopf.rl.turns.Turns`)
    each decision and each action in a window may be followed by a round of at most three windows:
    the bound is 7 times the one without."""
    hand = rules.hand_size
    decisions = 4 * hand + 4 * 4 + 4 * (3 + 2 * hand) + 8 + 10 + 4 * 4
    return decisions if encoding.own_turn_announcements_complete(rules) else 7 * decisions


def game_info(rules: RuleSet) -> pyspiel.GameInfo:
    """OpenSpiel's ``GameInfo`` for ``rules``: 120 actions, 24 chance outcomes (card kinds), four
    players, utilities within :func:`max_punkte`, zero sum, :func:`max_game_length`."""
    bound = float(max_punkte(rules))
    return pyspiel.GameInfo(
        num_distinct_actions=encoding.NUM_ACTIONS,
        max_chance_outcomes=_CARD_KINDS,
        num_players=_NUM_PLAYERS,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=max_game_length(rules),
    )


class DoppelkopfGame(pyspiel.Game):
    """The OpenSpiel game (see the module docstring). ``params``: ``rules`` (a preset name) and
    ``dealer`` (0..3); raises ValueError naming the parameter for an unknown preset, a dealer
    outside 0..3 or a parameter the game does not have."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        unknown = sorted(set(params) - set(GAME_TYPE.parameter_specification))
        if unknown:
            raise ValueError(f"{SHORT_NAME}: no parameter {unknown[0]!r}; parameters: rules, dealer")
        name = str(params.get("rules", "ddv"))
        try:
            rules = get_preset(name)
        except RuleError as exc:
            raise ValueError(f"{SHORT_NAME}: parameter rules: {exc}") from None
        dealer = params.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in range(4):
            raise ValueError(f"{SHORT_NAME}: parameter dealer: {dealer!r} is no seat; seats are 0..3")
        super().__init__(GAME_TYPE, game_info(rules), {"rules": name, "dealer": dealer})
        self.rules: RuleSet = rules
        self.rules_name: str = name
        self.dealer: int = dealer
        deck = [0] * _CARD_KINDS
        for card in _deck_cards(rules):
            deck[card] += 1
        self.deck_counts: tuple[int, ...] = tuple(deck)

    def new_initial_state(self) -> DoppelkopfState:
        """A state before the deal (a chance node)."""
        return DoppelkopfState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The chance nodes of one game: one per card of the deck."""
        return _deck_size(self.rules)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> DoppelkopfObserver:
        """The observer of ``iig_obs_type`` (default: the observation, no perfect recall); see
        :class:`DoppelkopfObserver`."""
        return DoppelkopfObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def _deck_cards(rules: RuleSet) -> list[int]:
    """The cards of the rule set's deck (:func:`doppelkopf.cards.deck`), as ints."""
    return [int(c) for c in deck(rules.with_nines)]


class _Core:
    """The whole state of a :class:`DoppelkopfState`, kept in one attribute: OpenSpiel clones a
    Python state by deep-copying each attribute (:meth:`__deepcopy__` clones the engine's game) and
    serializes it by pickling them (:meth:`__getstate__` keeps the deal and the actions, and
    :meth:`__setstate__` replays them)."""

    def __init__(self, rules: RuleSet, rules_name: str, dealer: int, counts: tuple[int, ...]) -> None:
        self.rules = rules
        self.rules_name = rules_name
        self.dealer = dealer
        self.deck_size = _deck_size(rules)
        self.counts = list(counts)  # copies of each card kind still to deal
        self.deal: list[int] = []  # the chance outcomes so far, in order
        self.game: Game | None = None  # made when the last card is dealt
        self.turns: Turns | None = None  # the turn protocol over the game (announcement windows)
        self.returns: list[float] | None = None  # the Punkte, once the game is over
        # the information state strings, kept once asked for (see _Trace)
        self.trace: _Trace | None = None

    def hands(self) -> list[list[int]]:
        """The cards dealt to each seat so far (card k to seat dealer + 1 + k)."""
        hands: list[list[int]] = [[], [], [], []]
        first = self.dealer + 1
        for k, card in enumerate(self.deal):
            hands[(first + k) % 4].append(card)
        return hands

    def __deepcopy__(self, memo: dict[int, object]) -> _Core:
        other = _Core.__new__(_Core)
        other.rules = self.rules
        other.rules_name = self.rules_name
        other.dealer = self.dealer
        other.deck_size = self.deck_size
        other.counts = self.counts[:]
        other.deal = self.deal[:]
        other.turns = self.turns.clone() if self.turns is not None else None
        other.game = other.turns.game if other.turns is not None else None
        other.returns = self.returns
        other.trace = None  # rebuilt when asked for (see _Trace)
        return other

    def __getstate__(self) -> dict[str, object]:
        actions = list(self.turns.history) if self.turns is not None else []
        return {"rules": self.rules_name, "dealer": self.dealer, "deal": self.deal[:], "actions": actions}

    def __setstate__(self, data: dict[str, Any]) -> None:
        rules_name = str(data["rules"])
        rules = get_preset(rules_name)
        counts = [0] * _CARD_KINDS
        for card in _deck_cards(rules):
            counts[card] += 1
        self.__init__(rules, rules_name, int(data["dealer"]), tuple(counts))  # type: ignore[misc]
        for card in data["deal"]:
            self.deal_card(int(card))
        for seat, action in data["actions"]:
            self.play(int(action), int(seat))

    def deal_card(self, card: int) -> None:
        if not 0 <= card < _CARD_KINDS or self.counts[card] == 0:
            left = [Card(c).symbol for c in range(_CARD_KINDS) if self.counts[c]]
            name = Card(card).symbol if 0 <= card < _CARD_KINDS else str(card)
            raise ValueError(f"deal: no {name} left in the deck; left: {' '.join(left)}")
        self.counts[card] -= 1
        self.deal.append(card)
        if len(self.deal) == self.deck_size:
            self.game = Game(self.rules, self.hands(), self.dealer)
            self.turns = Turns(self.game)

    def play(self, action: int, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act by the turn protocol (``seat``, when given, must be
        that seat: IllegalAction otherwise)."""
        turns = self.turns
        assert turns is not None
        if seat is not None and seat != turns.seat:
            raise IllegalAction(f"seat {seat} took {Action.key(action)}, but seat {turns.seat} is to act")
        turns.apply(action)
        game = turns.game
        if game.is_terminal:
            self.returns = [float(p) for p in game.score().points]
        if self.trace is not None:
            self.trace.extend(self)


class DoppelkopfState(pyspiel.State):
    """A state of :class:`DoppelkopfGame`: first the deal (chance nodes), then the engine's game.

    :attr:`game` is the engine's :class:`~doppelkopf.game.Game` once the deal is complete (``None``
    before): read it, never change it (apply actions through :meth:`apply_action`)."""

    def __init__(self, game: DoppelkopfGame) -> None:
        super().__init__(game)
        self._core = _Core(game.rules, game.rules_name, game.dealer, game.deck_counts)

    @property
    def game(self) -> Game | None:
        """The engine's game (``None`` while dealing)."""
        return self._core.game

    @property
    def hands_dealt(self) -> list[list[int]]:
        """The cards dealt to each seat (all of them once the deal is complete), in the order dealt."""
        return self._core.hands()

    def current_player(self) -> int:
        """The seat to act by the turn protocol (:class:`~doppelkopf.rl.turns.Turns`: the engine's
        player to move, or a seat in its announcement window), else chance or terminal."""
        turns = self._core.turns
        if turns is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = turns.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    @property
    def in_window(self) -> bool:
        """Whether the seat to act is in an announcement window (its out-of-turn actions and 53)."""
        turns = self._core.turns
        return turns is not None and turns.in_window

    def _legal_actions(self, player: int) -> list[int]:
        turns = self._core.turns
        assert turns is not None and player == turns.seat
        return turns.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The card kinds left in the deck, each with its copies left / cards left."""
        core = self._core
        share = 1.0 / (core.deck_size - len(core.deal))
        return [(card, n * share) for card, n in enumerate(core.counts) if n]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.game is None:
            core.deal_card(int(action))
            return
        turns = core.turns
        assert turns is not None
        try:
            core.play(int(action))
        except IllegalAction as exc:
            where = " in its announcement window" if turns.in_window else ""
            legal = " ".join(Action.key(a) for a in turns.legal_actions())
            raise IllegalAction(f"{exc} (seat {turns.seat}{where}; legal: {legal})") from None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {Card(action).symbol}" if 0 <= action < _CARD_KINDS else f"Deal {action}"
        game = self._core.game
        try:
            if game is not None:
                return f"{game.describe(action, player)} ({Action.key(action)})"
            return Action.key(action)
        except (IllegalAction, ValueError):
            return str(action)

    def is_terminal(self) -> bool:
        game = self._core.game
        return game is not None and game.is_terminal

    def returns(self) -> list[float]:
        """The Punkte of each seat (``Score.points``) once the game is over, else zeros."""
        returns = self._core.returns
        return returns[:] if returns is not None else [0.0] * _NUM_PLAYERS

    def __str__(self) -> str:
        core = self._core
        head = f"rules={core.rules_name} dealer={core.dealer}"
        hands = core.hands()
        if core.game is None:
            dealt = " | ".join(" ".join(Card(c).symbol for c in h) for h in hands)
            return f"{head} dealing {len(core.deal)}/{_deck_size(core.rules)}: {dealt}"
        game = core.game
        lines = [head]
        for seat in range(4):
            lines.append(f"seat {seat}: {' '.join(Card(c).symbol for c in game.initial_hands[seat])}")
        turns = core.turns
        assert turns is not None
        lines.append("actions: " + " ".join(f"{seat}:{Action.key(a)}" for seat, a in turns.history))
        if game.is_terminal:
            lines.append(f"returns: {' '.join(str(int(p)) for p in self.returns())}")
        return "\n".join(lines)


# -- what a seat sees ------------------------------------------------------------------------------


#: The card symbols by card value (``Card(c).symbol``, read once: an enum call is slow).
_SYMBOLS: Final = tuple(str(Card(c).symbol) for c in range(_CARD_KINDS))


def _card(card: int) -> str:
    return _SYMBOLS[card]


@functools.lru_cache(maxsize=4096)
def _render_trick(trick: Trick) -> str:
    cards = " ".join(f"{s}:{_SYMBOLS[c]}" for c, s in zip(trick.cards, trick.seats, strict=True))
    return f"[{cards} >{trick.winner}{' claimed' if trick.claimed else ''}]"


def _render(name: str, value: object) -> str:
    """One field of an :class:`InformationState` as text (cards as symbols, enums by name)."""
    if value is None:
        return "-"
    if name in ("hand", "armut_laid", "armut_returned"):
        return " ".join(_card(c) for c in value)  # type: ignore[attr-defined]
    if name == "trick":
        return " ".join(f"{seat}:{_card(c)}" for seat, c in value)  # type: ignore[attr-defined]
    if name == "legal_actions":
        return " ".join(Action.key(a) for a in value)  # type: ignore[attr-defined]
    if name == "window":  # the actions of an open announcement window; 53 is "nothing out of turn"
        return " ".join("pass" if a == WINDOW_PASS else Action.key(a) for a in value)  # type: ignore[attr-defined]
    if isinstance(value, Trick):
        return _render_trick(value)
    if isinstance(value, Announcement):
        return f"{value.seat}:{value.label}@{value.cards_in_hand}"
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, tuple):
        return "(" + ",".join(_render("", v) for v in value) + ")"
    return str(value)


#: The fields of an InformationState that the strings show (the rule set is the game's parameter).
_FIELDS: Final = tuple(f.name for f in dataclasses.fields(InformationState) if f.name != "rules")


class _Seen(NamedTuple):
    """What one seat sees at one step: its information state and, while its announcement window
    is open, the actions it has there (``None`` otherwise: another seat's window is not shown)."""

    info: InformationState
    window: tuple[int, ...] | None


def _seen(turns: Turns, seat: int) -> _Seen:
    window = tuple(turns.legal_actions()) if turns.in_window and turns.seat == seat else None
    return _Seen(turns.game.information_state(seat), window)


def _shown(seen: _Seen, name: str) -> object:
    """The field ``name`` of the view as the strings show it: the legal actions only for the
    engine's seat to move (the protocol offers nothing else in its own turn); ``window`` the actions
    of the seat's open announcement window."""
    if name == "window":
        return seen.window
    info = seen.info
    if name == "legal_actions" and (info.current_player != info.seat or info.phase is Phase.FINISHED):
        return None
    return getattr(info, name)


def _names(windows: bool) -> tuple[str, ...]:
    """The fields the strings show: with announcement windows also ``window``."""
    return (*_FIELDS, "window") if windows else _FIELDS


def _view(seen: _Seen, windows: bool) -> str:
    """Every shown field of ``seen`` as ``name=value`` text."""
    return " ".join(f"{name}={_render(name, _shown(seen, name))}" for name in _names(windows))


def _delta(old: _Seen | None, new: _Seen, windows: bool) -> str:
    """The fields of ``new`` that differ from ``old`` (all of them without ``old``), as text."""
    if old is None:
        return _view(new, windows)
    changed = []
    for name in _names(windows):
        value = _shown(new, name)
        if value != _shown(old, name):
            changed.append(f"{name}={_render(name, value)}")
    return " ".join(changed)


def _views_after_each_step(core: _Core, seat: int) -> list[_Seen]:
    """``seat``'s view after the deal (entry 0) and after each step of the turn protocol since
    (entry i, window passes included): a replay of the state's game from its deal."""
    turns = core.turns
    assert turns is not None
    replay = Turns(Game(core.rules, core.hands(), core.dealer), turns.windows)
    views = [_seen(replay, seat)]
    for _, action in turns.history:
        replay.apply(action)
        views.append(_seen(replay, seat))
    return views


def _infos_after_each_action(core: _Core, seat: int) -> list[InformationState]:
    """``seat``'s information state after the deal (entry 0) and after each engine action since
    (entry i; no window passes): a replay of the state's game from its deal."""
    game = core.game
    assert game is not None
    replay = Game(core.rules, core.hands(), core.dealer)
    infos = [replay.information_state(seat)]
    for actor, action in game.history:
        replay.apply(action, actor)
        infos.append(replay.information_state(seat))
    return infos


class _Trace:
    """The information state strings of the seats asked for so far: each seat's view after the
    deal and after every step of the turn protocol since (:attr:`views`), and its string as lines
    (:attr:`lines`): the whole view after the deal, then for each step the fields that changed (a
    step that changed nothing the seat sees adds no line). A seat's entry is built by a replay when
    first asked for and extended by every later step of the same state; a clone starts without
    (most clones, such as the rollouts of a search, never ask)."""

    def __init__(self, views: dict[int, list[_Seen]], lines: dict[int, list[str]]) -> None:
        self.views = views
        self.lines = lines

    def seat(self, core: _Core, seat: int) -> list[str]:
        """``seat``'s lines, built by a replay if not yet kept."""
        if seat not in self.lines:
            assert core.turns is not None
            windows = core.turns.windows
            views = _views_after_each_step(core, seat)
            lines: list[str] = []
            previous: _Seen | None = None
            for view in views:
                changed = _delta(previous, view, windows)
                if changed:
                    lines.append(changed)
                previous = view
            self.views[seat] = views
            self.lines[seat] = lines
        return self.lines[seat]

    def extend(self, core: _Core) -> None:
        turns = core.turns
        assert turns is not None
        for seat, views in self.views.items():
            view = _seen(turns, seat)
            changed = _delta(views[-1], view, turns.windows)
            if changed:
                self.lines[seat].append(changed)
            views.append(view)


def _dealing_string(core: _Core, player: int) -> str:
    own = " ".join(_card(c) for c in core.hands()[player])
    return f"seat={player} dealer={core.dealer} dealt={len(core.deal)}/{_deck_size(core.rules)} hand={own}"


class DoppelkopfObserver:
    """OpenSpiel's Python observer (see ``open_spiel/python/observation.py``) for one seat.

    Supports the two standard kinds: ``perfect_recall=False`` (the observation) and
    ``perfect_recall=True`` (the information state), both with public information and the
    observer's private information (``PrivateInfoType.SINGLE_PLAYER``). Raises ValueError for any
    other kind or for observation parameters.

    Tensor pieces (:attr:`dict`): ``observation`` (shape ``(OBS_SIZE,)``):
    :func:`doppelkopf.rl.encoding.observation` of the seat's information state (during the deal
    only the slots ``hand``, ``dealer`` and ``with_nines``); with perfect recall also
    ``announcement_timing`` (shape ``(4, 5)``): per relative seat (0 = the observer, then
    clockwise) and announcement level 1..5 the cards in that seat's hand when it reached the
    level, divided by 12.
    """

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"{SHORT_NAME}: observation parameters not supported; passed {dict(params)}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                f"{SHORT_NAME}: only observations with public information and the observer's private "
                "information are supported (PrivateInfoType.SINGLE_PLAYER)"
            )
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        pieces: list[tuple[str, tuple[int, ...]]] = [("observation", (encoding.OBS_SIZE,))]
        if self.perfect_recall:
            pieces.append(("announcement_timing", (_NUM_PLAYERS, 5)))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor: np.ndarray = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        index = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + n].reshape(shape)
            index += n

    def set_from(self, state: DoppelkopfState, player: int) -> None:
        """Write what ``player`` sees of ``state`` into :attr:`tensor` (and its views in :attr:`dict`)."""
        core = state._core
        game = core.game
        obs = self.dict["observation"]
        if game is None:
            obs.fill(0.0)
            hand = encoding.slot("hand").start
            for card in core.hands()[player]:
                obs[hand + card] += 0.5
            obs[encoding.slot("dealer").start + (core.dealer - player) % 4] = 1.0
            obs[encoding.slot("with_nines").start] = 1.0 if core.rules.with_nines else 0.0
            if self.perfect_recall:
                self.dict["announcement_timing"].fill(0.0)
            return
        info = game.information_state(player)
        turns = core.turns
        assert turns is not None
        obs[:] = encoding.observation(info, turns.in_window and turns.seat == player)
        if self.perfect_recall:
            timing = self.dict["announcement_timing"]
            timing.fill(0.0)
            reached = [0, 0, 0, 0]
            for a in info.announcements:
                rel = (a.seat - player) % 4
                for level in range(reached[a.seat] + 1, a.level + 1):
                    timing[rel, level - 1] = min(a.cards_in_hand, encoding.MAX_TRICKS) / encoding.MAX_TRICKS
                reached[a.seat] = max(reached[a.seat], a.level)

    def string_from(self, state: DoppelkopfState, player: int) -> str:
        """What ``player`` sees of ``state`` as text: the information state now (observation) or
        everything it saw change since the deal, one line per step (perfect recall)."""
        core = state._core
        if core.game is None:
            return _dealing_string(core, player)
        turns = core.turns
        assert turns is not None
        if not self.perfect_recall:
            return _view(_seen(turns, player), turns.windows)
        if core.trace is None:
            core.trace = _Trace({}, {})
        return "\n".join(core.trace.seat(core, player))


# -- worlds consistent with what a seat knows (for IS-MCTS) ---------------------------------------


class ResampleError(ValueError):
    """No world consistent with the seat's information state was found within the tries."""


def _counts(cards: list[int] | tuple[int, ...]) -> list[int]:
    counts = [0] * _CARD_KINDS
    for card in cards:
        counts[card] += 1
    return counts


def _dealt_hands(core: _Core, player: int, sampler: HandSampler, rng: random.Random) -> list[list[int]] | None:
    """Dealt hands for a world ``player`` cannot tell from the real one: the hands now drawn by the
    core's :class:`~doppelkopf.players.sampling.HandSampler` (every constraint it derives: voids,
    parties, Schweine, Armut), plus each seat's played cards, and in an Armut game in play the
    exchange undone (the cards ``player`` saw, else one made up by the core). ``player``'s own hand
    is the one dealt. ``None`` when no draw fits (the caller tries again)."""
    info = sampler.info
    try:
        current = sampler.sample(rng)
    except ValueError:
        return None
    hands = [list(h) for h in current]
    for seat, card in played_cards(info):
        hands[seat].append(card)
    armut = armut_seats(info)
    if armut is not None:
        poor, taker = armut
        laid, returned = armut_exchange(info, hands, poor, taker)
        for seat, gained, given in ((poor, returned, laid), (taker, laid, returned)):
            counts = _counts(hands[seat])
            for card in gained:
                counts[card] -= 1
            for card in given:
                counts[card] += 1
            if min(counts) < 0:
                return None
            hands[seat] = [card for card, n in enumerate(counts) for _ in range(n)]
    hands[player] = core.hands()[player]
    return hands


def _required(game: Game, player: int) -> list[list[int]]:
    """During an Armut exchange: per seat the copies of each card its dealt hand must have held, as
    far as ``player`` knows: around the exchange that ``player`` takes part in, the cards laid
    (``L``, by the poor player ``P``) and returned (``R``, by the taker ``T``): ``P`` was dealt
    ``L`` beyond ``R``; ``T`` was dealt what it returned beyond ``L``. (No card is played before
    the exchange ends.)"""
    info = game.information_state(player)
    laid, returned = _counts(info.armut_laid), _counts(info.armut_returned)
    required = [[0] * _CARD_KINDS for _ in range(4)]
    poor, taker = game.armut_poor, game.armut_taker
    if poor is not None and player == taker:
        required[poor] = [laid[c] + max(0, -returned[c]) for c in range(_CARD_KINDS)]
    if taker is not None and player == poor:
        required[taker] = [max(0, returned[c] - laid[c]) for c in range(_CARD_KINDS)]
    return required


def _dealt_hands_in_exchange(core: _Core, player: int, rng: random.Random) -> list[list[int]] | None:
    """Dealt hands while an Armut exchange is going on, where the core's
    :class:`~doppelkopf.players.sampling.HandSampler` does not apply (it draws the hands of a settled
    state: the cards laid lie between the hands, so its hand sizes and unseen cards disagree).
    No card has been played yet, so no void is known: ``player``'s own hand as dealt, the cards the
    others must have held (:func:`_required`), the poor player's hand filled first with at most
    ``armut_max_trumps`` trumps (it asked for an Armut, seed 002), the rest at random; the replay
    then keeps only worlds the engine and ``player``'s views accept."""
    game = core.game
    assert game is not None
    own = core.hands()[player]
    pool = _counts(_deck_cards(core.rules))
    for card in own:
        pool[card] -= 1
    hands: list[list[int]] = [[], [], [], []]
    hands[player] = own[:]
    for seat, counts in enumerate(_required(game, player)):
        if seat == player:
            continue
        for card, n in enumerate(counts):
            hands[seat] += [card] * n
            pool[card] -= n
    if min(pool) < 0:
        return None
    rest = [card for card, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(rest)
    size = core.rules.hand_size
    poor = game.armut_poor
    if poor is not None and poor != player:
        # the poor player may hold at most armut_max_trumps trumps (as the normal game counts them):
        # its hand is filled first, Fehl cards taking the place of trumps beyond that
        normal = card_order(GameType.NORMAL, dullen=core.rules.dullen)
        trumps = sum(
            1
            for card in hands[poor]
            if normal.is_trump(card) and (core.rules.armut_fuchs_counts or card != Card.KARO_ASS)
        )
        kept = []
        for card in rest:
            # (a Karo-Ass does not count under armut_fuchs_counts = false)
            counted = normal.is_trump(card) and (core.rules.armut_fuchs_counts or card != Card.KARO_ASS)
            if len(hands[poor]) < size and (not counted or trumps < core.rules.armut_max_trumps):
                trumps += counted
                hands[poor].append(card)
            else:
                kept.append(card)
        if len(hands[poor]) < size:
            return None
        rest = kept
    for card in rest:
        seats = [s for s in range(4) if s != player and len(hands[s]) < size]
        weights = [size - len(hands[s]) for s in seats]
        hands[rng.choices(seats, weights)[0]].append(card)
    return hands


def resample_from_infostate(
    state: DoppelkopfState, player: int, rng: random.Random, tries: int = 1000
) -> DoppelkopfState:
    """A state that ``player`` cannot tell from ``state``: the same own hand and the same
    information state after every action (so the same information state string), the other hands
    drawn at random. For OpenSpiel's IS-MCTS: ``bot.set_resampler(lambda s, p: resample_from_infostate(s, p, rng))``.

    The other seats' hands now are drawn by the core's sampler
    (:class:`doppelkopf.players.sampling.HandSampler`: voids, parties, Schweine, Armut), the cards they
    played are added back and an Armut exchange undone; while an exchange is going on (where that
    sampler does not apply) the cards ``player`` has not seen are divided at random. The actions of
    the other seats are then replayed: an action ``player`` saw is kept when it is legal and shows
    ``player`` the same; one hidden from it (the kind of a Vorbehalt, the cards laid or returned in
    an Armut it is outside of) is drawn at random among the legal ones that show the same, the real
    one no likelier than the others. The engine judges every step, so the world is always
    consistent; its probability is not exactly the posterior of the deal. Raises ValueError during
    the deal or for a seat outside 0..3, :class:`ResampleError` when ``tries`` draws found no
    consistent world."""
    core = state._core
    if core.game is None:
        raise ValueError("resample_from_infostate: the cards are still being dealt")
    if player not in range(4):
        raise ValueError(f"resample_from_infostate: no seat {player}: seats are 0..3")
    info = core.game.information_state(player)
    sampler: HandSampler | None = None
    if info.phase is not Phase.ARMUT:
        try:
            sampler = HandSampler(info)
        except ValueError as exc:
            raise ResampleError(f"resample_from_infostate: no deal fits seat {player}'s view: {exc}") from None
    if core.trace is None:
        core.trace = _Trace({}, {})
    lines = core.trace.seat(core, player)
    turns = core.turns
    assert turns is not None
    target = _infos_after_each_action(core, player) if turns.windows else [v.info for v in core.trace.views[player]]
    history = core.game.history
    game = state.get_game()
    first = core.dealer + 1
    for _ in range(tries):
        if sampler is not None:
            hands = _dealt_hands(core, player, sampler, rng)
        else:
            hands = _dealt_hands_in_exchange(core, player, rng)
        if hands is None:
            continue
        world = game.new_initial_state()
        for k in range(core.deck_size):
            world.apply_action(hands[(first + k) % 4][k // 4])
        sim = world._core.game
        sim_turns = world._core.turns
        assert sim is not None and sim_turns is not None
        if sim.information_state(player) != target[0]:
            continue
        for step, (seat, action) in enumerate(history, start=1):
            _pass_windows(world, seat)
            if sim_turns.seat != seat:
                break
            chosen = _consistent_action(sim, seat, action, player, target[step], rng, sim_turns.in_window)
            if chosen is None:
                break
            world.apply_action(chosen)
        else:
            if not turns.windows:
                # the world showed the seat the same views: its string is the original's
                world._core.trace = _Trace({player: core.trace.views[player][:]}, {player: lines[:]})
                return world
            # with announcement windows: the passes since the last action, up to the same point of
            # the protocol; the seat's string (its own windows included) must be the original's
            point = (turns.seat, turns.in_window)
            _pass_windows(world, turns.seat)
            if (sim_turns.seat, sim_turns.in_window) == point and world.information_state_string(player) == "\n".join(
                lines
            ):
                return world
    raise ResampleError(f"resample_from_infostate: no world consistent with seat {player}'s view in {tries} draws")


def _pass_windows(world: DoppelkopfState, seat: int | None) -> None:
    """Pass the announcement windows of ``world`` (53 for each seat asked) until ``seat`` is to act
    or no window is open."""
    turns = world._core.turns
    assert turns is not None
    while turns.in_window and turns.seat != seat:
        world.apply_action(WINDOW_PASS)


def _consistent_action(
    sim: Game,
    seat: int,
    action: int,
    player: int,
    seen: InformationState,
    rng: random.Random,
    out_of_turn: bool = False,
) -> int | None:
    """An action of ``seat`` (the seat to act in ``sim``: to move, or in its announcement window
    when ``out_of_turn``) that is legal and leaves ``player`` the information state ``seen``, or
    ``None`` if there is none. ``player``'s own action is kept as it was, and so is an action out of
    turn (every one is public). For another seat, an action of a kind ``player`` may not see
    (:func:`_hidden_kind`) is drawn at random among all legal ones, the real one not preferred (the
    sampler must not read what is hidden); for any other kind the real action is tried first, then
    the others in random order."""
    if not out_of_turn and seat != sim.current_player:
        return None
    legal = sim.legal_actions(seat)
    if seat == player or out_of_turn:
        candidates = [action] if action in legal else []
    elif _hidden_kind(action):
        candidates = list(legal)
        rng.shuffle(candidates)
    else:
        candidates = [action] if action in legal else []
        others = [a for a in legal if a != action]
        rng.shuffle(others)
        candidates += others
    for candidate in candidates:
        trial = sim.clone()
        trial.apply(candidate, seat)
        if trial.information_state(player) == seen:
            return candidate
    return None


def _hidden_kind(action: int) -> bool:
    """Whether ``action`` may be hidden from the other seats: a Vorbehalt answer (its kind is
    public only when it wins the Vorbehaltsabfrage, TSR 4.1) or a card laid or returned in an
    Armut (seen only by the poor player and the taker). Cards, announcements, bids, answers to an
    Armut, Schweine, claims, concessions and a Genscher (88..91) are seen by all."""
    return Action.VORBEHALT_BASE <= action < Action.BID or action >= Action.ARMUT_LAY_BASE


def load_game(rules: str = "ddv", dealer: int = 0) -> pyspiel.Game:
    """``pyspiel.load_game("python_doppelkopf", {"rules": rules, "dealer": dealer})``; ValueError
    (through OpenSpiel) for an unknown preset or seat."""
    return pyspiel.load_game(SHORT_NAME, {"rules": rules, "dealer": dealer})


_register: Callable[[pyspiel.GameType, type], None] = pyspiel.register_game
if SHORT_NAME not in pyspiel.registered_names():
    _register(GAME_TYPE, DoppelkopfGame)
