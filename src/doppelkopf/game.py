"""One game of Doppelkopf as a state machine: Vorbehalte, tricks, announcements, result.

The model follows OpenSpiel's game API: a :class:`Game` knows whose turn it is
(:attr:`Game.current_player`), lists the legal actions of any seat (:meth:`Game.legal_actions`),
applies an action (:meth:`Game.apply`) and tells each seat what it may see
(:meth:`Game.information_state`). Every decision of a player is an action (an int, see
:class:`~doppelkopf.moves.Action`); what the rules decide by themselves (Schweine that must be
announced at once, the Superschweine, the Hochzeit partner) happens inside :meth:`Game.apply`, so
:meth:`Game.replay` of the actions rebuilds the same game.

This module holds the play of the cards (Bedienpflicht, tricks, the Hochzeit's Klärungsstich), the
result and what each seat may see. The fields of a game are those of its
:class:`~doppelkopf.state.GameState` (a Game is one). Each other phase has its own module, which takes
the state, changes it and returns what should happen next (a :data:`~doppelkopf.state.Transition`:
start the play, throw the game in, ask the Vorbehalte again); :meth:`Game.apply` dispatches the action
to its phase and carries the transition out, the way OpenSpiel's hearts applies an action per phase:
:mod:`~doppelkopf.vorbehalte` (the Vorbehaltsabfrage and the bidding for a solo),
:mod:`~doppelkopf.armut` (the Armut exchange), :mod:`~doppelkopf.schweine` (the Schweine and
Superschweine), :mod:`~doppelkopf.announcements` (Re, Kontra, the Absagen and their deadlines) and
:mod:`~doppelkopf.claims` (claiming or giving up the rest). Actions, tricks and announcements are in
:mod:`~doppelkopf.moves` (also importable from here).

>>> from doppelkopf.rules import DDV
>>> game = Game.new(DDV, seed=1, dealer=3)
>>> game.phase.name, game.current_player
('VORBEHALT', 0)
>>> for _ in range(4):
...     game.apply(Action.GESUND)
>>> game.phase.name, game.game_type.name in ("NORMAL", "STILLE_HOCHZEIT")
('PLAY', True)
>>> while not game.is_terminal:
...     game.apply(min(a for a in game.legal_actions() if a < 24))
>>> s = game.score()
>>> sum(s.points)
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Final, cast

from .announcements import announce, do_announce, legal_levels, level_range, obliged, owes_pflichtansage
from .armut import armut_action, armut_shown, legal_armut
from .cards import AUGEN, DECK_VALUES, HERZ, KREUZ, PIK, Card, cut, deal_sorted, shuffle_values
from .claims import (
    alone,
    claim,
    claim_holds,
    claim_legal,
    concede,
    concede_legal,
    concession_pass,
    search_order,
)
from .genscher import action_legal as genscher_action_legal
from .genscher import choose_partner, legal_partners
from .messages import N_
from .moves import (
    HOCHZEIT_KINDS,
    HOCHZEIT_LABELS,
    Action,
    Announcement,
    IllegalAction,
    Phase,
    Trick,
    follow_options,
    follow_sorted,
)
from .order import TRUMP, CardOrder, card_order, dulle_rule_says_second, winner_index
from .rules import SCHWARZ, GameType, Party, RuleSet, get_preset, level_label
from .schweine import action_legal as schweine_action_legal
from .schweine import announce as announce_schweine
from .schweine import eligible as schweine_eligible
from .schweine import find_superschweine, first_fuchs_home, update_order
from .scoring import GameSummary, Score, ScoreItem, score, sonderpunkte_of_typed_tricks
from .state import (
    AskAgain,
    GameOptions,
    GameState,
    StartPlay,
    ThrowIn,
    Transition,
    copy_fields,
    game_options,
    state_fields,
)
from .values import reduce_dataclass
from .vorbehalte import (
    FORCED_KINDS,
    bid,
    declare,
    do_declare,
    forced_soli,
    legal_bids,
    legal_vorbehalte,
    normal_trumps,
    resolve_vorbehalte,
    schmeissen_reasons,
)

__all__ = [
    "FORCED_KINDS",
    "HOCHZEIT_KINDS",
    "Action",
    "Announcement",
    "Game",
    "IllegalAction",
    "InformationState",
    "Phase",
    "Trick",
    "follow_options",
    "random_game",
]


# Enum members read on every move, as module constants: a global is much faster to read than a member of an
# enum class, and a Party or GameType compared by identity or used as an index needs no lookup.
_VORBEHALT: Final = Phase.VORBEHALT
_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_CONCESSION: Final = Phase.CONCESSION
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_HOCHZEIT: Final = GameType.HOCHZEIT
_NORMAL: Final = GameType.NORMAL
_ARMUT_GAME: Final = GameType.ARMUT
_STILLE_HOCHZEIT: Final = GameType.STILLE_HOCHZEIT
_ARMUT: Final = Phase.ARMUT
_BIDDING: Final = Phase.BIDDING
#: The game types by number (an enum call is slow); a Vorbehalt answer's number is its game type's plus VORBEHALT_BASE.
_GAME_TYPES: Final[tuple[GameType, ...]] = tuple(sorted(GameType))
_KARO_ASS: Final = int(Card.KARO_ASS)
#: The Fehl suit (order group) led in the trick that finds a Hochzeit partner of FreeDoko's suit kinds.
_HOCHZEIT_SUIT: Final[dict[str, int]] = {"first_kreuz": KREUZ, "first_pik": PIK, "first_herz": HERZ}
_KARO_NEUN: Final = int(Card.KARO_NEUN)
_KARO_KOENIG: Final = int(Card.KARO_KOENIG)


#: The first action after the announcements.
_AFTER_ANNOUNCE: Final = Action.ANNOUNCE_BASE + SCHWARZ


#: Whether a game type is a declared solo, by its number (``GameType.is_declared_solo`` is a Python property).
_DECLARED_SOLO: Final[tuple[bool, ...]] = tuple([g.is_declared_solo for g in _GAME_TYPES])


@dataclass(frozen=True)
class InformationState:
    """What one seat may know at a moment of the game; never another seat's hand.

    Attributes:
        seat: the observer.
        hand: the observer's cards, sorted by rank in the game as the observer knows it.
        phase, current_player, dealer, rules: as in the game.
        vorbehalte: per seat ``None`` (not asked yet), ``"gesund"`` or ``"vorbehalt"``.
        own_vorbehalt: the observer's own Vorbehalt answer as a game type, if given (``None`` for
            Schmeissen).
        game_type: the game as this seat knows it (a Stille Hochzeit looks normal to the others).
        declarer: the soloist, Hochzeit player or poor player of an Armut, when public.
        own_party: the observer's party, or ``None`` while it is still open (Hochzeit).
        known_parties: per seat the party that play and announcements have made public, or ``None``.
        tricks: finished tricks; ``trick``: the cards of the trick in progress as (seat, card).
        leader: the seat that leads the current trick.
        announcements: all announcements in order.
        hand_sizes: cards in each hand.
        legal_actions: the observer's legal actions now.
        hochzeit_rule: the trick kind that finds the Hochzeit partner, once the Hochzeit is public.
        schweine: the seat that announced the Schweine, or ``None``.
        superschweine: the seat holding the Superschweine, once public (the holder knows at once).
        armut_answers: per seat ``"take"``, ``"refuse"`` or ``None``.
        armut_count: how many cards the poor player has laid face down (public).
        armut_laid, armut_returned: the exchanged cards, shown only to the poor player and (after
            taking) to the taker; for everyone else empty, but the laid Füchse under
            ``armut_fuchs_open`` (FreeDoko POVERTY_FOX_SHIFT_OPEN) in ``armut_laid``.
        bids: the bidding for a solo so far as ``(seat, "raise" | "pass")``; ``bid_level`` the bid.
        must_announce: the seat that must announce before leading (Pflichtansage), or ``None``.
        thrown_in: the game was thrown in (Schmeissen, or an Armut nobody took): no play, no score.
        claim: ``(seat, held)`` after a claim of the rest (Spielabkürzung), else ``None``.
        pflichtsolo_done: per seat whether it has played its Pflichtsolo of this round (TSR 4.2.3;
            public at the table: everybody sees who played one); all False outside a session.
        games_left_in_round: counted games still to play in this round, this game included (TSR 4.2.3:
            a seat is vorgeführt when the missing Pflichtsoli are at least the games left), or
            ``None`` when unknown (a game outside a session, a replayed record).
        genscher: ``(seat, partner)`` once a Genscher was taken (rule ``genscher``; public at once), else
            ``None``.
    """

    seat: int
    hand: tuple[int, ...]
    phase: Phase
    current_player: int
    dealer: int
    rules: RuleSet
    vorbehalte: tuple[str | None, ...]
    own_vorbehalt: GameType | None
    game_type: GameType | None
    declarer: int | None
    own_party: Party | None
    known_parties: tuple[Party | None, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, int], ...]
    leader: int
    announcements: tuple[Announcement, ...]
    hand_sizes: tuple[int, ...]
    legal_actions: tuple[int, ...]
    hochzeit_rule: str | None = None
    schweine: int | None = None
    superschweine: int | None = None
    armut_answers: tuple[str | None, ...] = (None, None, None, None)
    armut_count: int = 0
    armut_laid: tuple[int, ...] = ()
    armut_returned: tuple[int, ...] = ()
    bids: tuple[tuple[int, str], ...] = ()
    bid_level: int = 0
    must_announce: int | None = None
    thrown_in: bool = False
    claim: tuple[int, bool] | None = None
    pflichtsolo_done: tuple[bool, ...] = (False, False, False, False)
    games_left_in_round: int | None = None
    genscher: tuple[int, int] | None = None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)

    @property
    def order(self) -> CardOrder:
        """The card order as this seat knows it: the public game type, with the Schweine and
        Superschweine once they are known to the observer."""
        game_type = self.game_type if self.game_type is not None else _NORMAL
        return card_order(game_type, self.schweine is not None, self.superschweine is not None, self.rules.dullen)


class Game(GameState):
    """The state of one game; mutate it with :meth:`apply`.

    Create with :meth:`new` (seeded deal) or directly from ``hands`` (four lists of cards,
    seat 0..3 clockwise). ``dealer`` is the dealer's seat; the seat to its left answers first in
    the Vorbehaltsabfrage and leads the first trick (TSR 4.1, 5.1). ``pflichtsolo_done`` says per
    seat whether it has played its Pflichtsolo of the round (TSR 4.2); ``forced_solo_seat`` is a seat
    that must play its Pflichtsolo now (Vorführung, TSR 4.2.3): it alone names the kind of solo, one of
    ``forced_kind`` where the session says which kind it owes (:data:`FORCED_KINDS`; ``None``: any allowed solo;
    FreeDoko NUMBER_OF_DUTY_COLOR_SOLI, NUMBER_OF_DUTY_PICTURE_SOLI, options ``farb_pflichtsoli``,
    ``bilder_pflichtsoli``).
    ``games_left_in_round`` is the session's count of counted games still to play in the round,
    this one included (:attr:`doppelkopf.session.Session.games_left_in_round`), or ``None`` outside
    a session; the game only hands it to the seats (:class:`InformationState`), the rules do not use it.
    Raises IllegalAction for a bad deal, a forced seat outside 0..3, one that has played its
    Pflichtsolo, a forced seat under rules that allow no solo, a ``forced_kind`` that is unknown, has no forced
    seat or no allowed solo of its kind, or a negative ``games_left_in_round``.

    After a thrown-in game (Schmeissen, or an Armut nobody took with ``armut_none = "redeal"``)
    :attr:`thrown_in` and :attr:`redeal_same_dealer` are true: the game is over without play, the
    same dealer deals again, and :meth:`score` gives every seat 0 Punkte.
    """

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[Iterable[int]],
        dealer: int = 0,
        seed: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
        forced_solo_seat: int | None = None,
        games_left_in_round: int | None = None,
        *,
        forced_kind: str | None = None,
        _fields: dict[str, object] | None = None,
        _whole_deck: bool = False,
    ) -> None:
        if _fields is not None:  # a copy or an unpickled game: its fields as they were
            copy_fields(self, _fields)
            self._legal: list[int] | None = None
            return
        done = tuple([bool(x) for x in pflichtsolo_done])
        if len(done) != 4:
            raise IllegalAction("pflichtsolo_done: needs one entry per seat (4)")
        if games_left_in_round is not None and games_left_in_round < 0:
            raise IllegalAction(
                "games_left_in_round: must be 0 or more, got {games_left_in_round}",
                games_left_in_round=games_left_in_round,
            )
        # Game.new deals plain ints, each hand a sorted list of its own; other callers may pass
        # Card members or any ints
        dealt: list[list[int]] = cast(list[list[int]], hands) if _whole_deck else [sorted(map(int, h)) for h in hands]
        if not _whole_deck:  # Game.new deals the whole deck evenly: nothing to check
            _check_deal(rules, dealt)
        # Vorführung (TSR 4.2.3, 4.1.9): no Vorbehaltsabfrage, this seat must play its Pflichtsolo
        if forced_solo_seat is not None:
            if forced_solo_seat not in range(4):
                raise IllegalAction(
                    "forced_solo_seat: no seat {forced_solo_seat}: seats are 0..3", forced_solo_seat=forced_solo_seat
                )
            if done[forced_solo_seat]:
                raise IllegalAction(
                    "forced_solo_seat: seat {forced_solo_seat} has played its Pflichtsolo (TSR 4.2.3)",
                    forced_solo_seat=forced_solo_seat,
                )
            if not rules.solo_types:
                raise IllegalAction(
                    "forced_solo_seat: rules {rules_name!r} allow no solo (solo_types is empty), so no seat "
                    "can be forced to play one (TSR 4.2.3)",
                    rules_name=rules.name,
                )
        options = game_options(rules)
        if forced_kind is not None:
            if forced_kind not in FORCED_KINDS:
                raise IllegalAction(
                    "forced_kind: {forced_kind!r} is none of {kinds}",
                    forced_kind=forced_kind,
                    kinds=", ".join(FORCED_KINDS),
                )
            if forced_solo_seat is None:
                raise IllegalAction("forced_kind: {forced_kind!r} needs a forced_solo_seat", forced_kind=forced_kind)
            if not forced_soli(options.solo_actions, forced_kind):
                raise IllegalAction(
                    "forced_kind: rules {rules_name!r} allow no solo of the kind {forced_kind!r} (solo_types)",
                    rules_name=rules.name,
                    forced_kind=forced_kind,
                )
        super().__init__(options, dealt, dealer % 4, seed, done, games_left_in_round, forced_solo_seat)
        self.forced_kind = forced_kind
        # the current player's legal actions, computed at the first ask after each change (never
        # changed in place: legal_actions hands out copies, so clones may share it)
        self._legal = None

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: RuleSet | str,
        seed: int | None = None,
        dealer: int = 0,
        cut_at: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
        forced_solo_seat: int | None = None,
        games_left_in_round: int | None = None,
        forced_kind: str | None = None,
    ) -> Game:
        """Shuffle with ``seed`` (same seed, same hands), cut (at ``cut_at``, or where the seeded
        generator says, at least ``rules.cut_minimum`` from either end) and deal in the rule set's
        packets clockwise from the dealer's left (TSR 3.3.3-3.3.7).

        ``rules`` is a :class:`RuleSet` or the name of a preset (``"ddv"``, ``"doppelbock"``, ...;
        :class:`~doppelkopf.rules.RuleError` for an unknown name). Raises :class:`IllegalAction` for
        a ``forced_solo_seat`` that cannot be forced (see :class:`Game`).

        >>> Game.new("ohne-neunen", seed=3).rules.hand_size
        10
        """
        if isinstance(rules, str):
            rules = get_preset(rules)
        options = game_options(rules)
        cards = list(DECK_VALUES[options.with_nines])  # deck(), as ints
        minimum = options.cut_minimum
        # rng.shuffle(cards), then rng.randint(minimum, len(cards) - minimum) unless cut_at is given
        drawn = shuffle_values(cards, seed, minimum if cut_at is None else -1, len(cards) - minimum)
        cards = cut(cards, drawn if cut_at is None else cut_at, minimum)
        hands = deal_sorted(cards, dealer % 4, options.deal_packets)
        left, done, forced, kind = games_left_in_round, pflichtsolo_done, forced_solo_seat, forced_kind
        if cls is Game:  # a direct call where compiled (cls(...) is a generic one)
            return Game(rules, hands, dealer, seed, done, forced, left, forced_kind=kind, _whole_deck=True)
        return cls(rules, hands, dealer, seed, done, forced, left, forced_kind=kind, _whole_deck=True)

    def as_dealt(self) -> Game:
        """A new game of the same deal and setup (rules, hands, dealer, seed, Pflichtsolo state, forced seat and
        kind, games left in the round) before its first action: what a replay of :attr:`history` starts from."""
        left, done, forced, kind = (
            self.games_left_in_round,
            self.pflichtsolo_done,
            self.forced_solo_seat,
            self.forced_kind,
        )
        return Game(
            self.options.rules, self.initial_hands, self.dealer, self.seed, done, forced, left, forced_kind=kind
        )

    def clone(self) -> Game:
        """An independent copy (for search): every field of the :class:`~doppelkopf.state.GameState`,
        each list copied (:func:`~doppelkopf.state.copy_fields`)."""
        other = Game(self.options.rules, (), _fields=state_fields(self))
        other._legal = self._legal
        return other

    def __reduce__(self) -> tuple[Callable[[dict[str, object]], Game], tuple[dict[str, object]]]:
        """Pickle (and ``copy.deepcopy``) by the fields of the state: the compiled class has no ``__dict__``."""
        return (_unpickle_game, (state_fields(self),))

    @property
    def rules(self) -> RuleSet:
        """The :class:`RuleSet` of the game. Setting another one takes its options anew (the
        engine reads the options of a rule set once, see :class:`~doppelkopf.state.GameOptions`)."""
        return self.options.rules

    @rules.setter
    def rules(self, rules: RuleSet) -> None:
        self.options = game_options(rules)
        self._legal = None  # the legal actions under the new rules are computed at the next ask

    # -- queries -------------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase is _FINISHED

    @property
    def cards_played(self) -> int:
        """How many cards were really played (not collected after a claim or a concession): of a
        trick claimed in progress, the cards on the table before the claim count, the rest do not."""
        return sum(1 for _, action in self.history if Action.is_card(action))

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Legal actions of ``seat`` (default: the current player), ascending.

        For the current player in play: the cards that may be played (Bedienpflicht, TSR 5.2),
        the announcements the deadlines allow and, where the rule set has them, the Schweine
        announcement, the claim of the rest and giving up the rest; any other seat has the same
        actions but the cards (they may be taken out of turn, TSR 6.4.1, 5.4.4, 5.4.6). In the
        Vorbehaltsabfrage, the Armut exchange, the bidding and a concession only the seat to move
        has actions, but under ``armut_taker = "anyone"`` any seat that has not refused the offered
        Armut may take it out of turn (``ARMUT_TAKE``, applied with ``apply(action, seat)``).
        A seat under the Pflichtansage (seed 002) has only its announcements until it made one.
        Raises IllegalAction for a seat outside 0..3.
        """
        if seat is None or seat == self.current_player:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            return legal[:]
        if self.phase is _FINISHED:
            return []
        if seat not in range(4):
            raise IllegalAction("no seat {seat}: seats are 0..3", seat=seat)
        return self._actions_of(seat)

    def _legal_now(self) -> list[int]:
        """The legal actions of the current player (kept in ``_legal`` until the next change)."""
        return [] if self.phase is _FINISHED else self._actions_of(self.current_player)

    def _actions_of(self, seat: int) -> list[int]:
        """:meth:`legal_actions` of a seat 0..3 while the game is not over."""
        if self.phase is _CONCESSION:
            if seat != self.current_player:
                return []
            return [Action.ANNOUNCE_BASE - 1 + lv for lv in legal_levels(self, seat)] + [Action.PASS]
        if self.phase is not _PLAY:
            if seat != self.current_player:
                # armut_taker = "anyone": the offered Armut may be taken out of turn
                return legal_armut(self, seat) if self.phase is _ARMUT else []
            if self.phase is _VORBEHALT:
                return legal_vorbehalte(self, seat)
            if self.phase is _ARMUT:
                return legal_armut(self)
            return legal_bids(self)
        low, high = level_range(self, seat)
        if self.must_announce is not None and obliged(self, seat):
            return [Action.ANNOUNCE_BASE - 1 + level for level in range(low, high)]
        schweine = schweine_action_legal(self, seat)
        lone = alone(self, seat)
        may_claim = claim_legal(self, seat, lone)
        may_concede = concede_legal(self, seat, lone)
        # the cards first (a fresh list), then the other actions: ascending
        actions = self._legal_cards(seat, schweine) if seat == self.current_player else []
        for level in range(low, high):
            actions.append(Action.ANNOUNCE_BASE - 1 + level)
        if schweine:
            actions.append(Action.SCHWEINE)
        if may_claim:
            actions.append(Action.CLAIM)
        if may_concede:
            actions.append(Action.CONCEDE)
        if self.options.genscher:  # rules.genscher: the partner seats it may name
            actions.extend(legal_partners(self, seat))
        return actions

    # -- Vorbehalte and the bidding (vorbehalte.py), the Armut (armut.py) -------------------------------
    # (the phases' own rules live in their modules; these are the Game's public names for them)
    def normal_trumps(self, seat: int) -> int:
        """Trumps in ``seat``'s hand counted as in the normal game (for the Armut, seed 002)."""
        return normal_trumps(self, seat)

    def schmeissen_reasons(self, seat: int) -> tuple[str, ...]:
        """The reasons of ``rules.schmeissen`` that ``seat``'s hand fulfils (see
        :func:`doppelkopf.vorbehalte.schmeissen_reasons`)."""
        return schmeissen_reasons(self, seat)

    def _carry_out(self, step: Transition) -> None:
        """Carry out what a phase function returned: start the play, throw the game in, or resolve the
        Vorbehalte again (an Armut nobody took, withdrawn) and carry out what that returns; ``None``:
        the game goes on in the phase the function left it in."""
        while step is not None:
            if isinstance(step, StartPlay):
                self._start_play(step.game_type, step.declarer)
                return
            if isinstance(step, ThrowIn):
                self._throw_in(step.reason)
                return
            assert isinstance(step, AskAgain)
            step = resolve_vorbehalte(self)

    def _start_play(self, game_type: GameType, declarer: int | None) -> None:
        """Settle the game type, the parties and the first leader; the Schweine that must be
        announced at the start are announced now."""
        self.game_type, self.declarer = game_type, declarer
        if game_type is _ARMUT_GAME:
            self.party = [_RE if s in (self.armut_poor, self.armut_taker) else _KONTRA for s in range(4)]
        elif declarer is None:
            self.party = [_RE if Card.KREUZ_DAME in h else _KONTRA for h in self.hands]
        else:
            self.party = [_RE if s == declarer else _KONTRA for s in range(4)]
        self.partner_open = game_type is _HOCHZEIT
        self.phase = _PLAY
        lead = (self.dealer + 1) % 4
        if _DECLARED_SOLO[game_type] and declarer is not None:
            how = self.options.solo_lead
            if how == "soloist" or (how == "pflichtsolo" and self.pflichtsolo):
                lead = declarer
        self.leader = self.current_player = lead
        if self.options.schweine_at_vorbehalt:  # rules.schweine_announce
            holder = next((s for s in range(4) if schweine_eligible(self, s)), None)
            if holder is not None:
                announce_schweine(self, holder)
        if self.superschweine_after_exchange:
            find_superschweine(self)
        update_order(self)

    def _throw_in(self, reason: str) -> None:
        """The game ends without play; the same dealer deals again."""
        self.thrown_in = True
        self.redeal_same_dealer = True
        self.thrown_reason = reason
        self.phase = _FINISHED

    # -- cards -----------------------------------------------------------------------------------
    def _legal_cards(self, seat: int, schweine_to_announce: bool | None = None) -> list[int]:
        """The cards ``seat`` may play now; ``schweine_to_announce`` is
        :func:`doppelkopf.schweine.action_legal` when the caller knows it."""
        if self.schwein_to_play:
            return [_KARO_ASS]  # the Schweine were announced with the first of them (seed 002)
        if self.genscher_to_play:
            return [_KARO_KOENIG]  # the Genscher comes with the first Karo-König (rule genscher)
        trick_cards = self.trick_cards
        group = self.order.group
        cards = follow_sorted(self.hands[seat], group, group[trick_cards[0]] if trick_cards else -1)
        if not self.options.schweine_first:
            return cards
        if schweine_to_announce is None:
            schweine_to_announce = schweine_action_legal(self, seat)
        if schweine_to_announce:
            # seed 000: the Schweine must be announced before the first Karo-Ass is played
            cards = [c for c in cards if c != _KARO_ASS]
        return cards

    # -- announcements ---------------------------------------------------------------------------

    def announcement_label(self, action: int, seat: int) -> str:
        """Spoken name of an announcement action for ``seat``: Re, Kontra, keine 90, ..."""
        return level_label(Action.level(action), self.party[seat])

    def describe(self, action: int, seat: int | None = None) -> str:
        """Human-readable name of ``action`` (German terms)."""
        if Action.is_card(action):
            return Card(action).symbol
        if Action.is_announcement(action):
            return self.announcement_label(action, self.current_player if seat is None else seat)
        kind = Action.hochzeit_kind(action)
        if kind is not None:
            return f"Hochzeit ({HOCHZEIT_LABELS[kind]})"
        if Action.is_vorbehalt(action):
            gt = Action.game_type(action)
            return "gesund" if gt is _NORMAL else gt.german
        if Action.is_armut_lay(action):
            return f"Armut: legt {Action.card_of(action).symbol}"
        if Action.is_armut_return(action):
            return f"Armut: gibt {Action.card_of(action).symbol} zurück"
        if Action.is_genscher(action):
            return f"Genscher mit Sitz {Action.genscher_partner(action)}"
        names = {
            Action.SCHMEISSEN: "Schmeißen",
            Action.BID: "reizt höher",
            Action.PASS: "passt",
            Action.SCHWEINE: "Schweine",
            Action.CLAIM: "Rest beansprucht (Spielabkürzung)",
            Action.CONCEDE: "gibt den Rest ab (Spielabkürzung)",
            Action.ARMUT_TAKE: "Armut: nimmt",
            Action.ARMUT_REFUSE: "Armut: nimmt nicht",
        }
        return names.get(action, Action.key(action))

    # -- transitions ---------------------------------------------------------------------------
    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the current player).

        Raises :class:`IllegalAction` naming the rule when the action is not legal now; the state
        is unchanged then.
        """
        current = self.current_player
        if seat is None or seat == current:
            # the seat to move: an action among its legal actions (kept from legal_actions) needs
            # no further check
            seat = current
            action = int(action)
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            if _holds(legal, action):
                phase = self.phase
                if phase is _PLAY:
                    if action < Action.ANNOUNCE_BASE:
                        self._do_play(seat, action)
                    elif action < _AFTER_ANNOUNCE:
                        do_announce(self, seat, action)
                    else:
                        self._do_call(seat, action)
                elif phase is _VORBEHALT:
                    self._carry_out(do_declare(self, seat, action))
                else:
                    self._dispatch(seat, action)
                self._legal = None
                self.history.append((seat, action))
                return
        if seat not in range(4):
            raise IllegalAction("no seat {seat}: seats are 0..3", seat=seat)
        action = int(action)
        self._dispatch(seat, action)
        self._legal = None
        self.history.append((seat, action))

    def _dispatch(self, seat: int, action: int) -> None:
        """Check ``action`` of ``seat`` 0..3 against the rules (IllegalAction naming the rule, the
        state unchanged) and apply it."""
        if self.phase is _FINISHED:
            raise IllegalAction("the game is over")
        if Action.is_announcement(action):
            announce(self, seat, action)
        elif self.phase is _PLAY and action in (Action.SCHWEINE, Action.CLAIM, Action.CONCEDE):
            self._call(seat, action)
        elif self.phase is _PLAY and Action.is_genscher(action):
            self._genscher(seat, action)
        elif self.phase is _ARMUT and action == Action.ARMUT_TAKE:
            self._carry_out(armut_action(self, seat, action))  # in turn, or out of turn (rule armut_taker)
        elif seat != self.current_player:
            raise IllegalAction(
                "it is seat {current_player}'s turn, not seat {seat}'s", current_player=self.current_player, seat=seat
            )
        elif self.phase is _VORBEHALT:
            self._carry_out(declare(self, seat, action))
        elif self.phase is _ARMUT:
            self._carry_out(armut_action(self, seat, action))
        elif self.phase is _BIDDING:
            self._carry_out(bid(self, seat, action))
        elif self.phase is _CONCESSION:
            concession_pass(self, seat, action)
        else:
            self._play(seat, action)

    def _call(self, seat: int, action: int) -> None:
        """The Schweine, a claim or a concession, in turn or out of turn."""
        if obliged(self, seat):
            raise _pflichtansage_error(self.rules)
        if action == Action.SCHWEINE:
            if not schweine_action_legal(self, seat):
                if self.options.schweine_with_card:
                    raise IllegalAction(
                        "no Schweine to announce now: both Karo-Asse in hand, in a game where they count, "
                        "in your turn when you may play a Karo-Ass (rules schweine, schweine_optional)"
                    )
                raise IllegalAction(
                    "no Schweine to announce now: both Karo-Asse in hand, in a game where they count, "
                    "announced before the first of them is played (rules schweine, schweine_announce)"
                )
            announce_schweine(self, seat)
        elif action == Action.CLAIM:
            if not claim_legal(self, seat, alone(self, seat)):
                raise IllegalAction(
                    "claiming the rest is not allowed now (rule claim = {claim!r}; TSR 5.4.3, seed 000 Spielabkürzung)",
                    claim=self.rules.claim,
                )
            claim(self, seat)
        else:
            if not concede_legal(self, seat, alone(self, seat)):
                raise IllegalAction(
                    "giving up the rest is not allowed now (rule concede = {concede!r}; only the soloist, TSR 5.4.6)",
                    concede=self.rules.concede,
                )
            concede(self, seat)

    def _genscher(self, seat: int, action: int) -> None:
        """The Genscher naming a partner, checked (rule ``genscher``; FreeDoko, rule 'Genscher')."""
        if obliged(self, seat):
            raise _pflichtansage_error(self.rules)
        if action not in legal_partners(self, seat):
            if genscher_action_legal(self, seat):
                raise IllegalAction("Genscher: name another seat as your partner, not your own (rule genscher)")
            raise IllegalAction(
                "no Genscher now: it is taken in your turn in a normal game, holding both Karo-Könige, when you "
                "may play the first of them (rule genscher; FreeDoko, rule 'Genscher')"
            )
        choose_partner(self, seat, Action.genscher_partner(action))

    def _do_call(self, seat: int, action: int) -> None:
        """Apply the Schweine, a claim, a concession or a Genscher known to be legal."""
        if action >= Action.GENSCHER_BASE:
            choose_partner(self, seat, Action.genscher_partner(action))
        elif action == Action.SCHWEINE:
            announce_schweine(self, seat)
        elif action == Action.CLAIM:
            claim(self, seat)
        else:
            concede(self, seat)

    def _play(self, seat: int, card: int) -> None:
        if not Action.is_card(card):
            raise IllegalAction("{key} is not a card play; play a card now", key=Action.key(card))
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction("{symbol} is not in your hand", symbol=Card(card).symbol)
        if obliged(self, seat):
            raise _pflichtansage_error(self.rules)
        if card not in self._legal_cards(seat):
            if self.schwein_to_play:
                raise IllegalAction("you announced the Schweine: play the first of them now (seed 002, Sonderkarten)")
            if self.genscher_to_play:
                raise IllegalAction("you took the Genscher: play your first Karo-König now (rule genscher)")
            if card == Card.KARO_ASS and schweine_action_legal(self, seat):
                raise IllegalAction("announce the Schweine before playing a Karo-Ass (seed 000, Schweinchen)")
            if self.trick_cards and self.order.group[self.trick_cards[0]] == TRUMP:
                raise IllegalAction(
                    "{card}: you must play trump, trump was led (Bedienpflicht, TSR 5.2)", card=Card(card).symbol
                )
            raise IllegalAction("{card}: you must follow the suit led (Bedienpflicht, TSR 5.2)", card=Card(card).symbol)
        self._do_play(seat, card)

    def _do_play(self, seat: int, card: int) -> None:
        """Play a card known to be legal."""
        if card == _KARO_ASS:
            if self.schwein_to_play:
                self.schwein_to_play = False
            elif schweine_eligible(self, seat):
                if self.options.schweine_optional:
                    # played as a plain Karo-Ass: no Schweine for this hand (rule schweine_optional)
                    self.schweine_blocked = self.schweine_blocked | {seat}
                else:
                    announce_schweine(self, seat)  # seed 002: announced when the first Schwein is played
        elif card == _KARO_NEUN and seat == self.superschweine:
            self.superschweine_public = True
        elif card == _KARO_KOENIG and self.genscher_to_play:
            self.genscher_to_play = False
        self.must_announce = None
        hand = self.hands[seat]
        for i in range(len(hand)):  # hand.remove(card), as machine ints where compiled
            if hand[i] == card:
                hand.pop(i)
                break
        trick_cards = self.trick_cards
        trick_cards.append(card)
        self.trick_seats.append(seat)
        if len(trick_cards) < 4:
            self.current_player = (seat + 1) % 4
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        opts = self.options
        cards, seats = self.trick_cards, self.trick_seats
        last = not self.hands[self.current_player]
        # rules.dulle; rules.dulle_first_with_schweine: once the Schweine are announced the first Dulle wins
        second = dulle_rule_says_second(opts.dulle, last) and not (
            opts.dulle_first_with_schweine and self.schweine is not None
        )
        winner = seats[winner_index(self.order, cards, second)]
        trick = Trick(tuple(cards), tuple(seats), winner)
        self.tricks.append(trick)
        cards.clear()  # the lists of the next trick (a clone has its own)
        seats.clear()
        if self.partner_open:
            self._hochzeit_check(trick)
        if self.schweine_pending is not None:  # rules.schweine_only_second
            first_fuchs_home(self, trick.cards, trick.seats, winner)
        self.leader = self.current_player = winner
        if opts.pflichtansage and len(self.tricks) == 1 and trick.augen >= opts.pflichtansage_augen:
            if owes_pflichtansage(self, winner):  # the variants of the Pflichtansage (issue 26)
                self.must_announce = winner
        if last:
            self.phase = _FINISHED

    def _hochzeit_check(self, trick: Trick) -> None:
        """The first trick within ``hochzeit_tricks`` of the kind ``hochzeit_rule`` that another
        player wins finds the partner (TSR 4.4.3: any trick; seed 000/002: the first Fehl or trump
        trick "in fremder Hand", a trick the Hochzeiter wins himself does not count; FreeDoko's
        first Kreuz/Pik/Herz trick: the first trick in which that Fehl suit is led); after that
        many tricks without one, the Hochzeit plays alone. Under ``hochzeit_first_trick_decides``
        (FreeDoko "marriage: first one decides") the first trick of the kind decides even when the
        Hochzeiter wins it: he plays alone."""
        index = len(self.tricks) - 1
        led = self.order.group[trick.cards[0]]  # TRUMP or the Fehl suit 0..3 (Kreuz, Pik, Herz, Karo)
        kind = self.hochzeit_rule or "first_foreign"
        if kind == "first_foreign":
            counts = True
        elif kind == "first_trump":
            counts = led == TRUMP
        elif kind == "first_fehl":
            counts = led != TRUMP
        else:
            counts = led == _HOCHZEIT_SUIT[kind]
        if counts and trick.winner != self.declarer:
            self.party[trick.winner] = _RE
            self.partner_open = False
            self.clarified_at = index
        elif (counts and self.options.hochzeit_first_trick_decides) or index + 1 >= self.options.hochzeit_tricks:
            self.partner_open = False
            self.clarified_at = index

    # -- claiming the rest (claims.py) -------------------------------------------------------------
    def claim_holds(self, seat: int) -> bool:
        """Whether ``seat``'s party wins every remaining trick, however the other party plays (the
        claim check; see :func:`doppelkopf.claims.claim_holds`: bounded, an unproven claim fails)."""
        return claim_holds(self, seat)

    def search_order(self) -> CardOrder:
        """The card order the rest would be played in: Schweine not yet announced count as announced,
        with the Superschweine of whoever holds both Karo-Neunen now (see
        :func:`doppelkopf.claims.search_order`; the solvers read it)."""
        return search_order(self)

    # -- results -------------------------------------------------------------------------------
    def summary(self) -> GameSummary:
        """The finished game as a :class:`GameSummary` for scoring; raises IllegalAction if it
        is not over or was thrown in (nothing to score). Claimed tricks count with their Augen
        for the party that got them, but hold no Sonderpunkte (seed 000, Spielabkürzung)."""
        if not self.is_terminal:
            raise IllegalAction("the game is not finished")
        if self.thrown_in:
            raise IllegalAction(
                "the game was thrown in (Schmeissen or an Armut nobody took): nothing to score, "
                "the same dealer deals again"
            )
        party = self.party
        re_seats = frozenset([s for s in range(4) if party[s] is _RE])
        re_tricks = [t for t in self.tricks if party[t.winner] is _RE]
        augen_re = sum([AUGEN[c] for t in re_tricks for c in t.cards])
        tricks_re = len(re_tricks)
        # (cards, seats, index of the winner): the seats of a played trick go clockwise from its leader
        played = [(t.cards, t.seats, (t.winner - t.seats[0]) % 4) for t in self.tricks if not t.claimed]
        count = len(played)
        claimed = count < len(self.tricks)
        if claimed:
            # a claimed rest: no real last trick; a placeholder without Augen, Fuchs or Karlchen
            # keeps "last trick" Sonderpunkte off the last trick played
            played.append(((int(Card.KREUZ_NEUN),) * 4, (0, 1, 2, 3), 0))
        extras = sonderpunkte_of_typed_tricks(played, party, self.rules, self.order)  # sonderpunkte_of_tricks
        if claimed:
            extras = tuple(e for e in extras if e.trick is None or e.trick < count)
        return GameSummary(
            self.game_type,
            re_seats,
            augen_re,
            tricks_re,
            len(self.tricks) - tricks_re,
            (self.levels[0], self.levels[1]),
            extras,
        )

    def score(self) -> Score:
        """Score the finished game (see :func:`doppelkopf.scoring.score`). A thrown-in game scores
        0 Punkte for every seat, with one item saying so. Raises IllegalAction if not finished."""
        if self.thrown_in:
            # German "Geschmissen: neu geben", "Armut nicht genommen: neu geben"
            label = (
                N_("Schmeissen: deal again")
                if self.thrown_reason == "schmeissen"
                else N_("Armut: deal again")
                if self.thrown_reason == "armut_declared"
                else N_("Armut not taken: deal again")
            )
            return Score(None, (ScoreItem("thrown_in", label, 0),), 0, (0, 0, 0, 0), False, 1, shares=(0, 0, 0, 0))
        return score(self.summary(), self.rules)

    # -- information ---------------------------------------------------------------------------
    def public_game_type(self, seat: int) -> GameType | None:
        """The game type as ``seat`` knows it: ``None`` before it is settled or in a thrown-in game; a
        Stille Hochzeit looks normal to the others until its player has played both Kreuz-Damen."""
        if self.phase in (_VORBEHALT, _BIDDING) or self.thrown_in:
            return None
        if self.game_type is _STILLE_HOCHZEIT and seat != self.declarer:
            if self._played_count(Card.KREUZ_DAME, self.declarer) < 2:  # type: ignore[arg-type]
                return _NORMAL
        return self.game_type

    def _played_count(self, card: int, seat: int) -> int:
        n = 0
        for t in self.tricks:
            if not t.claimed:
                n += sum(1 for c, s in zip(t.cards, t.seats, strict=True) if c == card and s == seat)
        n += sum(1 for c, s in zip(self.trick_cards, self.trick_seats, strict=True) if c == card and s == seat)
        return n

    def known_parties(self) -> tuple[Party | None, ...]:
        """Parties made public by the game type, announcements and played Kreuz-Damen."""
        if self.phase in (_VORBEHALT, _BIDDING) or self.thrown_in:
            return (None,) * 4
        if self.claim is not None or self.genscher is not None:  # a Genscher tells the new parties
            return tuple(self.party)
        known: list[Party | None] = [None] * 4
        if self.game_type is _ARMUT_GAME:
            if self.armut_taker is None:
                known[self.armut_poor] = _RE  # type: ignore[index]
                return tuple(known)
            return tuple(self.party)
        public = self.public_game_type((self.declarer + 1) % 4 if self.declarer is not None else 0)
        if public is not None and (public.is_declared_solo or public is _STILLE_HOCHZEIT):
            return tuple(self.party)
        if self.game_type is _HOCHZEIT:
            if self.partner_open:
                known[self.declarer] = _RE  # type: ignore[index]
                return tuple(known)
            return tuple(self.party)
        for a in self.announcements:
            known[a.seat] = a.party
        for s in range(4):
            if self._played_count(Card.KREUZ_DAME, s):
                known[s] = _RE
        # Two known Re players settle the rest as Kontra. Two known Kontra players do not settle
        # the rest as Re: the game may be a Stille Hochzeit that looks normal (TSR 5.5.1).
        if known.count(_RE) == 2:
            known = [k if k is not None else _KONTRA for k in known]
        return tuple(known)

    def information_state(self, seat: int) -> InformationState:
        """What ``seat`` may see now (own hand, public play and announcements; no other hand; of
        an Armut exchange only the number of cards, unless the seat gave or took them). Raises
        IllegalAction for a seat outside 0..3."""
        if seat not in range(4):
            raise IllegalAction("no seat {seat}: seats are 0..3", seat=seat)
        game_type = self.public_game_type(seat)
        known = self.known_parties()
        own_party: Party | None = None
        if self.phase in (_PLAY, _CONCESSION, _FINISHED) and not self.thrown_in:
            own_party = None if (self.partner_open and seat != self.declarer) else self.party[seat]
        elif self.phase is _ARMUT:
            own_party = known[seat]
        elif Card.KREUZ_DAME in self.hands[seat]:
            own_party = _RE
        vorbehalte = tuple(
            None if a is None else ("gesund" if a == Action.GESUND else "vorbehalt") for a in self.answers
        )
        declarer = self.declarer if game_type is not None and game_type is not _NORMAL else None
        superschweine = self.superschweine if (self.superschweine_public or seat == self.superschweine) else None
        insider = seat == self.armut_poor or (seat == self.armut_taker and self.armut_taker is not None)
        # the others see no laid card, but the open Füchse (rule armut_fuchs_open)
        laid = tuple(self.armut_laid) if insider else armut_shown(self)
        schweine = self.schweine if self.phase is not _VORBEHALT else None
        order = card_order(
            game_type if game_type is not None else _NORMAL,
            schweine is not None,
            superschweine is not None,
            self.options.dullen,
        )
        return InformationState(
            seat=seat,
            hand=tuple(order.sorted_hand(self.hands[seat])),
            phase=self.phase,
            current_player=self.current_player,
            dealer=self.dealer,
            rules=self.rules,
            vorbehalte=vorbehalte,
            own_vorbehalt=self.declarations[seat],
            game_type=game_type,
            declarer=declarer,
            own_party=own_party,
            known_parties=known,
            tricks=tuple(self.tricks),
            trick=tuple(zip(self.trick_seats, self.trick_cards, strict=True)),
            leader=self.leader,
            announcements=tuple(self.announcements),
            hand_sizes=tuple(len(h) for h in self.hands),
            legal_actions=tuple(self.legal_actions(seat)),
            hochzeit_rule=self.hochzeit_rule if game_type is _HOCHZEIT else None,
            schweine=schweine,
            superschweine=superschweine,
            armut_answers=tuple(self.armut_answers),
            armut_count=len(self.armut_laid),
            armut_laid=laid,
            armut_returned=tuple(self.armut_returned) if insider else (),
            bids=tuple(self.bids),
            bid_level=self.bid_level,
            must_announce=self.must_announce
            if self.must_announce is not None and self.phase is _PLAY and obliged(self, self.must_announce)
            else None,
            thrown_in=self.thrown_in,
            claim=self.claim,
            pflichtsolo_done=self.pflichtsolo_done,
            games_left_in_round=self.games_left_in_round,
            genscher=None if self.genscher is None else (self.genscher, self.genscher_partner),  # type: ignore[arg-type]
        )

    def public_information_state(self) -> InformationState:
        """What every seat knows (for a spectator): seat 0's :meth:`information_state` without its own
        parts (``hand``, ``legal_actions``, ``own_vorbehalt``, ``own_party``, the Armut cards but the open
        Füchse of ``armut_fuchs_open``), with the
        game type and the Superschweine as a seat sees them that is not the one who knows more: a
        Stille Hochzeit that seat 0 plays shows as the normal game seat 1 sees (TSR 5.5.1), and the
        Superschweine only once they are public (their holder knows at once). ``seat`` is 0."""
        base = self.information_state(0)
        other = self.information_state(1)
        game_type, declarer, rule = base.game_type, base.declarer, base.hochzeit_rule
        if game_type is _STILLE_HOCHZEIT and other.game_type is not _STILLE_HOCHZEIT:
            game_type, declarer, rule = other.game_type, other.declarer, other.hochzeit_rule  # seat 0 plays it
        return replace(
            base,
            hand=(),
            own_vorbehalt=None,
            own_party=None,
            legal_actions=(),
            armut_laid=armut_shown(self),
            armut_returned=(),
            game_type=game_type,
            declarer=declarer,
            hochzeit_rule=rule,
            superschweine=base.superschweine if base.superschweine == other.superschweine else None,
        )

    # -- replay --------------------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        hands: Sequence[Iterable[int]],
        dealer: int,
        actions: Iterable[tuple[int, int]],
        seed: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
        forced_solo_seat: int | None = None,
        forced_kind: str | None = None,
    ) -> Game:
        """Rebuild a game from its deal and ``(seat, action)`` history; ``pflichtsolo_done`` must be
        the one of the original game (it decides Pflicht- or Lustsolo and who leads), ``forced_solo_seat`` and
        ``forced_kind`` too (see :class:`Game`). Raises IllegalAction naming the position of the first illegal
        step."""
        game = cls(rules, hands, dealer, seed, pflichtsolo_done, forced_solo_seat, forced_kind=forced_kind)
        for index, (seat, action) in enumerate(actions):
            try:
                game.apply(action, seat)
            except IllegalAction as exc:
                try:
                    name = Action.key(action)
                except IllegalAction:  # no action at all: its number and seat only
                    raise IllegalAction(
                        "action {number} (seat {seat}): {reason}", number=index + 1, seat=seat, reason=exc
                    ) from None
                raise IllegalAction(
                    "action {number} (seat {seat}, {name}): {reason}",
                    number=index + 1,
                    seat=seat,
                    name=name,
                    reason=exc,
                ) from None
        return game


def _check_deal(rules: RuleSet, hands: list[list[int]]) -> None:
    """Raise IllegalAction unless ``hands`` are four hands of ``rules.hand_size`` cards of one whole deck."""
    size = rules.hand_size
    whole_deck = DECK_VALUES[bool(rules.with_nines)]
    if [len(h) for h in hands] == [size] * 4 and tuple(sorted(chain(*hands))) == whole_deck:
        return  # the whole deck, dealt evenly: nothing to report
    if len(hands) != 4 or any(len(h) != size for h in hands):
        raise IllegalAction("deal: each of the 4 hands needs {size} cards", size=size)
    counts = [0] * 24
    for hand in hands:
        for c in hand:
            if not 0 <= c < 24:
                raise IllegalAction("deal: {c} is no card", c=c)
            counts[c] += 1
    for c in range(24):
        expected = 0 if (not rules.with_nines and c % 6 == 5) else 2
        if counts[c] != expected:
            raise IllegalAction(
                "deal: {symbol} appears {counts} times, expected {expected}",
                symbol=Card(c).symbol,
                counts=counts[c],
                expected=expected,
            )


def _pflichtansage_error(rules: RuleSet) -> IllegalAction:
    """The error for a seat under the Pflichtansage that does anything but announce (seed 002)."""
    return IllegalAction(
        "Pflichtansage: you won the first trick with {pflichtansage_augen} or more Augen and must announce "
        "first (seed 002)",
        pflichtansage_augen=rules.pflichtansage_augen,
    )


def _holds(actions: list[int], action: int) -> bool:
    """``action in actions``, compared as machine ints where the core runs compiled (``in`` on a list
    compares Python objects one by one)."""
    for candidate in actions:
        if candidate == action:
            return True
    return False


def _unpickle_game(fields: dict[str, object]) -> Game:
    """A game from the fields :meth:`Game.__reduce__` saved."""
    options = fields["options"]
    assert isinstance(options, GameOptions)
    return Game(options.rules, (), _fields=fields)


def random_game(rules: RuleSet, seed: int, dealer: int = 0) -> Game:
    """Play one game with uniformly random legal actions of the player to move (for tests and
    benchmarks). Announcements come only in turn."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=dealer)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game
