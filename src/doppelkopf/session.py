"""The state of a sitting: who deals, rounds and Pflichtsoli, Bock games owed, and the Liste.

Pure core logic without I/O. A :class:`Session` answers what the next game is
(:meth:`Session.next_game_setup`: dealer, the seats that already played their Pflichtsolo, the
seat forced to play one, the Bock multiplier) and takes each finished game
(:meth:`Session.record_result`), writing its row on the :class:`~doppelkopf.sheet.Sheet` with the
Bock multiplier and moving the deal on.

The rules it follows are options of the :class:`~doppelkopf.rules.RuleSet` (block "session and
the Liste"):

* **Deal** (TSR 3.3.1): the deal moves clockwise; after a Pflichtsolo the same dealer deals again,
  but not after a vorgeführtes (forced) one (TSR 4.2.5). A thrown-in deal (Schmeissen, or an Armut
  nobody takes, when the game sets ``redeal_same_dealer``) is dealt again by the same dealer and
  does not count as a game.
* **Pflichtsolo** (option ``pflichtsolo``, TSR 4.2): every player plays one per round of
  ``round_games`` games (TSR 8.5.1). Reading: a Pflichtsolo is one of those games, because TSR 4.2.3
  compares the missing Pflichtsoli with the games still to play, which only adds up if each
  Pflichtsolo uses one of them. When the missing Pflichtsoli are as many as the games left, the
  first player left of the dealer still missing one is forced (Vorführung, TSR 4.2.3); the dealer
  is the one whose turn it is. Pflichtsoli still missing at the end of the round are played
  before the round ends (TSR 8.6): the round goes on with forced games.
* **Bock** (options ``bock_*``; the DDV has none): results named in ``bock_triggers`` start a Bock
  for the next ``bock_length`` games; one Bock doubles a game, overlapping Bocks stack (Doppelbock
  x4, seed 002) up to ``bock_max_multiplier``. Games thrown in neither use up nor start a Bock.

Seed 002, "Abgerechnet wird am Schluss": a lost solo starts a Bockrunde of four games; the next
game, won by Re with a value of 4, is written doubled:

>>> from doppelkopf.rules import DDV, GameType
>>> from doppelkopf.scoring import GameSummary
>>> rules = DDV.replace(pflichtsolo=False, bock_triggers=("lost_solo",))
>>> session = Session(rules, ["Anna", "Ben", "Carla", "Dirk"])
>>> session.record_summary(GameSummary(GameType.KREUZ, frozenset({0}), augen_re=100)).points
(-3, 1, 1, 1)
>>> session.bock_queue
(2, 2, 2, 2)
>>> session.record_summary(GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=190)).points
(-6, 6, 6, -6)
>>> session.bock_queue
(2, 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .game import Game
from .rules import GameType, Party, RuleError, RuleSet
from .scoring import GameSummary, Score, score, scored_as_solo
from .sheet import Row, Sheet

#: What each Bock trigger of ``RuleSet.bock_triggers`` means (documentation and display).
BOCK_TRIGGERS = {
    "lost_solo": "a game scored as a solo that the soloist lost (seed 002: 'ein verlorenes Solo')",
    "spaltarsch": "both parties have 120 Augen (seed 002: 'Spaltarsch (beide Parteien haben 120 Punkte)')",
    "lost_kontra": "Kontra was announced and Kontra did not win (seed 002: 'ein verlorenes Contra')",
    "lost_re": "Re was announced and Re did not win",
    "nullspiel": "the game is worth 0 Punkte, Sonderpunkte included (seed 002: 'Nullspiel')",
    "schwarz": "one party won no trick",
}

#: Games in a Bock of ``bock_length = "round"``: one per player at the table.
PLAYERS_AT_TABLE = 4

#: Deals thrown in one after the other that a session takes before it stops (:meth:`Session.record_redeal`):
#: a guard against a rule set under which (nearly) every deal can be thrown in, e.g. Schmeissen thresholds
#: that most hands meet with players who always throw in. ``RuleSet`` refuses thresholds that every deal meets.
MAX_REDEALS_IN_A_ROW = 1000


class SessionError(ValueError):
    """A result that does not fit the session (a Pflichtsolo without solo, twice in a round, ...);
    the message names the field."""


class GameSetup(NamedTuple):
    """What the next game is, from :meth:`Session.next_game_setup`.

    Attributes:
        dealer: the dealer's seat 0..3.
        pflichtsolo_done: per seat, whether its Pflichtsolo of this round is played (all True when
            the rule set has no Pflichtsolo: every solo is then a Lustsolo); pass it to
            :class:`~doppelkopf.game.Game`.
        forced_solo_seat: the seat that must play its Pflichtsolo now (Vorführung, TSR 4.2.3), or
            ``None``.
        bock_multiplier: the Bock multiplier of the game: 1 without Bock, 2 Bock, 4 Doppelbock.
    """

    dealer: int
    pflichtsolo_done: tuple[bool, bool, bool, bool]
    forced_solo_seat: int | None
    bock_multiplier: int


def bock_triggers_fired(summary: GameSummary, result: Score, rules: RuleSet) -> tuple[str, ...]:
    """The triggers of ``rules.bock_triggers`` that the game fires, in the order of the rule set.

    ``result`` is ``score(summary, rules)``. Readings (see :data:`BOCK_TRIGGERS`): a lost solo is a
    game scored as a solo (``result.solo``, e.g. a Stille Hochzeit where it counts as a solo) that
    the soloist (Re) did not win; "verlorenes Contra" is a Kontra announcement and a game Kontra did
    not win (nobody winning included); "Nullspiel" is a game value of 0 Punkte after netting the
    Sonderpunkte; "Spaltarsch" is 120 Augen each, in any game type.
    """
    fired = []
    for trigger in rules.bock_triggers:
        if trigger == "lost_solo":
            hit = result.solo and result.winner is not Party.RE
        elif trigger == "spaltarsch":
            hit = summary.augen_re == 120
        elif trigger == "lost_kontra":
            hit = summary.announcements[Party.KONTRA] >= 1 and result.winner is not Party.KONTRA
        elif trigger == "lost_re":
            hit = summary.announcements[Party.RE] >= 1 and result.winner is not Party.RE
        elif trigger == "nullspiel":
            hit = result.value == 0
        elif trigger == "schwarz":
            hit = not summary.has_trick(Party.RE) or not summary.has_trick(Party.KONTRA)
        else:  # pragma: no cover - the rule set only admits the choices above
            raise RuleError(f"bock_triggers: unknown trigger {trigger!r}")
        if hit:
            fired.append(trigger)
    return tuple(fired)


def bock_skips(rules: RuleSet, game_type: GameType) -> bool:
    """Whether a game of ``game_type`` is scored without its Bock (seed 002: "Mit Ausnahme einer
    Stillen Hochzeit kommen Soli nicht in die Bockwertung"; option ``bock_skips_soli``)."""
    return rules.bock_skips_soli and game_type.is_declared_solo


def bock_problem(multiplier: object, rules: RuleSet, game_type: GameType | None) -> str | None:
    """What is wrong with ``multiplier`` as the Bock of a game of ``game_type`` (``None``: unknown) under
    ``rules``, or ``None`` when it fits: an int power of two (1 no Bock, 2 Bock, 4 Doppelbock ...), at
    most ``rules.bock_max_multiplier`` (seed 002: "Es gibt maximal Doppelböcke"), and 1 for a solo that
    ``bock_skips_soli`` keeps out of the Bock (seed 002). The message has no field name: the caller's
    format adds it (``bock: ...``, ``meta.bock: ...``).

    >>> from doppelkopf.rules import DOPPELBOCK
    >>> bock_problem(4, DOPPELBOCK, GameType.NORMAL) is None, bock_problem(8, DOPPELBOCK, GameType.NORMAL)
    (True, "8 is more than rules 'doppelbock' allow (bock_max_multiplier = 4)")
    """
    if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1 or multiplier & multiplier - 1:
        shown = repr(multiplier) if len(repr(multiplier)) <= 40 else repr(multiplier)[:37] + "..."
        return f"{shown} is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ..."
    cap = rules.bock_max_multiplier
    if multiplier > cap:
        return f"{multiplier} is more than rules {rules.name!r} allow (bock_max_multiplier = {cap})"
    if multiplier > 1 and game_type is not None and bock_skips(rules, game_type):
        return f"the {game_type.german} takes no Bock under rules {rules.name!r} (bock_skips_soli)"
    return None


def bock_points(result: Score, rules: RuleSet, multiplier: int) -> tuple[int, ...]:
    """Punkte per seat 0..3 of a game under a Bock ``multiplier``; they sum to zero.

    ``bock_multiplies = "all"`` multiplies every Punkt (seed 004, "Bockrunden": "Alle Punkte des
    Spiels werden verdoppelt, auch die Sonderpunkte"; seed 002: "Böcke verdoppeln die so gezählten
    Punkte", a list that holds Doko and Charlie). ``"value"`` multiplies the game value and adds the
    Sonderpunkte once. The split is the scoring core's (:meth:`Score.points_with_multiplier
    <doppelkopf.scoring.Score.points_with_multiplier>`).
    """
    return result.points_with_multiplier(multiplier, bock_covers_sonderpunkte(rules))


def bock_covers_sonderpunkte(rules: RuleSet) -> bool:
    """Whether a Bock multiplies the Sonderpunkte too (``bock_multiplies = "all"``, seed 004)."""
    return rules.bock_multiplies == "all"


def game_label(summary: GameSummary, result: Score, players: Sequence[str], rules: RuleSet) -> str:
    """A list row label in the style of seed 004: "Re Ben & Carla +4", "Kreuzsolo Anna verliert −3".

    The number is the Punkte of a Re player before any Bock, with its real sign (the value may be
    negative through Sonderpunkte); "verliert" when Kontra won, "nobody wins" when nobody did.
    """
    names = " & ".join(players[s] for s in sorted(summary.re_seats))
    if scored_as_solo(summary, rules) or len(summary.re_seats) == 1:
        kind = f"{summary.game_type.german} {names}"
    else:
        kind = ("Hochzeit " if summary.game_type is GameType.HOCHZEIT else "") + f"Re {names}"
    re_points = result.points[min(summary.re_seats)]
    text = f"{re_points:+d}".replace("-", "−")
    if result.winner is None:
        return f"{kind}: nobody wins, {text}"
    return f"{kind} {text}" if result.winner is Party.RE else f"{kind} verliert {text}"


class Session:
    """A sitting of four players: dealer, rounds and Pflichtsoli, Bock games owed, the Liste.

    ``players`` are the names of seats 0..3 (the columns of :attr:`sheet`). Seat 0 deals first
    (TSR 3.3.1: position 1 deals the first game).

    The session options of ``rules`` (``round_games``, ``bock_*``) are checked by the RuleSet itself.

    Raises:
        SessionError: not four players; :class:`~doppelkopf.sheet.SheetError` for bad names.
    """

    def __init__(self, rules: RuleSet, players: Sequence[str]) -> None:
        if isinstance(players, str) or len(players) != PLAYERS_AT_TABLE:
            got = "one string" if isinstance(players, str) else len(players)
            raise SessionError(f"players: a session needs {PLAYERS_AT_TABLE} players, got {got}")
        self.rules = rules
        self.sheet = Sheet(players)  # the names as doppelkopf.names.clean_names stores them
        #: Seat of the next dealer.
        self.dealer = 0
        #: Number of the current round (1-based) and counted games played in it.
        self.round = 1
        self.games_in_round = 0
        #: Counted games of the session, and all deals (thrown-in deals included).
        self.games = 0
        self.deals = 0
        #: Deals thrown in since the last counted game (see :meth:`record_redeal`).
        self.redeals_in_a_row = 0
        #: The Bock triggers the last counted game fired.
        self.last_triggers: tuple[str, ...] = ()
        self._done = [False] * PLAYERS_AT_TABLE
        self._bocks: list[int] = []  # number of Bocks on each of the next games

    def __repr__(self) -> str:
        return (
            f"Session(rules={self.rules.name!r}, players={list(self.sheet.players)!r}, games={self.games}, "
            f"dealer={self.dealer}, round={self.round}, bock_queue={list(self.bock_queue)})"
        )

    # -- state -----------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.sheet.players

    @property
    def bock_queue(self) -> tuple[int, ...]:
        """The Bock multipliers of the next games still owed, next game first (2 = Bock,
        4 = Doppelbock, capped at ``bock_max_multiplier``); empty without Bock."""
        cap = self.rules.bock_max_multiplier
        return tuple(min(2**count, cap) for count in self._bocks)

    @property
    def pflichtsolo_done(self) -> tuple[bool, bool, bool, bool]:
        """Per seat, whether its Pflichtsolo of this round is played (all True without Pflichtsolo)."""
        if not self.rules.pflichtsolo:
            return (True, True, True, True)
        a, b, c, d = self._done
        return (a, b, c, d)

    @property
    def missing_pflichtsoli(self) -> tuple[int, ...]:
        """Seats still owing their Pflichtsolo this round, in seat order."""
        return tuple(s for s, done in enumerate(self.pflichtsolo_done) if not done)

    @property
    def games_left_in_round(self) -> int:
        """Counted games still to play in this round (0 once ``round_games`` are played and the
        round only waits for missing Pflichtsoli)."""
        return max(self.rules.round_games - self.games_in_round, 0)

    def next_game_setup(self) -> GameSetup:
        """Dealer, Pflichtsolo state, forced soloist and Bock multiplier of the next game.

        The forced seat (Vorführung, TSR 4.2.3) is set when the seats owing a Pflichtsolo are at
        least as many as the games left in the round: the first of them from the dealer's left.
        Does not change the session.
        """
        missing = set(self.missing_pflichtsoli)
        forced = None
        if missing and len(missing) >= self.games_left_in_round:
            forced = next(s for s in ((self.dealer + k) % 4 for k in range(1, 5)) if s in missing)
        queue = self.bock_queue
        return GameSetup(self.dealer, self.pflichtsolo_done, forced, queue[0] if queue else 1)

    def new_game(self, seed: int | None) -> Game:
        """Deal the next game with ``seed`` as :meth:`next_game_setup` says (a forced Pflichtsolo,
        TSR 4.2.3, goes to the game as ``forced_solo_seat``)."""
        setup = self.next_game_setup()
        return Game.new(
            self.rules,
            seed=seed,
            dealer=setup.dealer,
            pflichtsolo_done=setup.pflichtsolo_done,
            forced_solo_seat=setup.forced_solo_seat,
        )

    # -- results ---------------------------------------------------------------------------------
    def record_result(self, game: Game, label: str | None = None) -> Row | None:
        """Take the finished ``game`` (dealt as :meth:`next_game_setup` said) and return its row.

        A game thrown in (``game.redeal_same_dealer``: Schmeissen, an Armut nobody takes) is not
        written and returns ``None``; see :meth:`record_redeal`. Otherwise as
        :meth:`record_summary`, with the game's own Pflichtsolo decision (``game.pflichtsolo``).

        Raises:
            SessionError: the game was dealt by another dealer than the session's; the
                :data:`MAX_REDEALS_IN_A_ROW`-th deal thrown in in a row (see :meth:`record_redeal`).
            doppelkopf.game.IllegalAction: the game is not finished.
        """
        if game.redeal_same_dealer:
            self.record_redeal()
            return None
        if game.dealer != self.dealer:
            raise SessionError(
                f"dealer: the game was dealt by seat {game.dealer}, the session's dealer is {self.dealer}"
            )
        return self.record_summary(game.summary(), label=label, pflichtsolo=game.pflichtsolo)

    def record_redeal(self) -> None:
        """A deal thrown in: the same dealer deals again, the game does not count, no Bock is used
        up or started (seed 002, "Schmeissen": "wird dann geschmissen und neu ausgeteilt").

        Raises:
            SessionError: this would be the :data:`MAX_REDEALS_IN_A_ROW`-th deal thrown in since the
                last counted game: the rule set throws in (nearly) every deal, the session could
                never end. The message names the rules to check; the session is unchanged.
        """
        if self.redeals_in_a_row + 1 >= MAX_REDEALS_IN_A_ROW:
            rules = self.rules
            raise SessionError(
                f"redeal: {MAX_REDEALS_IN_A_ROW} deals in a row thrown in; rule set {rules.name!r} throws in "
                f"nearly every deal: check schmeissen ({', '.join(rules.schmeissen) or 'none'}) and its thresholds "
                f"(schmeissen_nines, schmeissen_kings, schmeissen_nines_kings, schmeissen_augen_low, "
                f"schmeissen_augen_high), and armut_max_trumps with armut_none = {rules.armut_none}"
            )
        self.redeals_in_a_row += 1
        self.deals += 1

    def record_summary(self, summary: GameSummary, label: str | None = None, pflichtsolo: bool = False) -> Row:
        """Score ``summary`` under the session's rules, write its row and move the session on.

        ``pflichtsolo`` says the game was the soloist's Pflichtsolo. The row gets the Bock
        multiplier of :meth:`next_game_setup`, except for a declared solo when ``bock_skips_soli``
        (multiplier 1; it still uses up its Bock game unless ``bock_skipped_solo_counts`` is off).
        Then the Bocks the game fires are added (:func:`bock_triggers_fired`), the deal moves on
        (the same dealer after a Pflichtsolo that was not forced) and a round ends after
        ``round_games`` games once every Pflichtsolo is played. ``label`` defaults to
        :func:`game_label` with " (Pflichtsolo)" or " (Pflichtsolo, vorgeführt)" added.

        Raises:
            SessionError: a game the rules do not play (:meth:`RuleSet.plays
                <doppelkopf.rules.RuleSet.plays>`: a solo not in ``solo_types``, an Armut without the
                rule); ``pflichtsolo`` for a game that is not a declared solo, without the
                option ``pflichtsolo``, or by a seat that already played its Pflichtsolo this round.
            doppelkopf.scoring.ScoreError: an impossible summary. The session is unchanged then.
        """
        rules = self.rules
        problem = rules.plays(summary.game_type)
        if problem is not None:
            raise SessionError(f"game_type: {problem}")
        setup = self.next_game_setup()
        soloist = min(summary.re_seats) if summary.re_seats else None
        if pflichtsolo:
            if not summary.game_type.is_declared_solo or len(summary.re_seats) != 1 or soloist is None:
                raise SessionError(f"pflichtsolo: a {summary.game_type.german} is no declared solo")
            if not rules.pflichtsolo:
                raise SessionError("pflichtsolo: the rule set has no Pflichtsolo (option pflichtsolo is false)")
            if self._done[soloist]:
                raise SessionError(f"pflichtsolo: seat {soloist} already played its Pflichtsolo in round {self.round}")
        result = score(summary, rules)
        forced = pflichtsolo and soloist == setup.forced_solo_seat
        skipped = setup.bock_multiplier > 1 and bock_skips(rules, summary.game_type)
        multiplier = 1 if skipped else setup.bock_multiplier
        counted = bock_points(result, rules, multiplier)
        if label is None:
            label = game_label(summary, result, self.players, rules)
            if pflichtsolo:
                label += " (Pflichtsolo, vorgeführt)" if forced else " (Pflichtsolo)"
            if skipped:
                label += " (Solo: no Bock)"
        plain = tuple(p * multiplier for p in result.points)
        row = self.sheet.add_score(
            label, result, self.players, multiplier, counted=None if counted == plain else counted
        )
        # Bock: this game uses up its Bock game, then the Bocks it fires start with the next game.
        if self._bocks and not (skipped and not rules.bock_skipped_solo_counts):
            self._bocks.pop(0)
        self.last_triggers = bock_triggers_fired(summary, result, rules)
        for _ in self.last_triggers:
            self._start_bock()
        # Deal and round.
        self.games += 1
        self.deals += 1
        self.redeals_in_a_row = 0
        self.games_in_round += 1
        if pflichtsolo and soloist is not None:
            self._done[soloist] = True
        if not pflichtsolo or forced:
            self.dealer = (self.dealer + 1) % 4
        if self.games_in_round >= rules.round_games and not self.missing_pflichtsoli:
            self.round += 1
            self.games_in_round = 0
            self._done = [False] * PLAYERS_AT_TABLE
        return row

    def _start_bock(self) -> None:
        length = PLAYERS_AT_TABLE if self.rules.bock_length == "round" else 1
        how = self.rules.bock_stacking
        if how == "add":
            for i in range(length):
                if i < len(self._bocks):
                    self._bocks[i] += 1
                else:
                    self._bocks.append(1)
        elif how == "queue" or not self._bocks:
            self._bocks.extend([1] * length)
        # "none" while Bock games are owed: the new Bock is dropped.
