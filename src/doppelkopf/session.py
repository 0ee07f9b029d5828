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
from .messages import N_, Text, TextError
from .rules import GameType, Party, RuleError, RuleSet
from .scoring import GameSummary, Score, score, scored_as_solo
from .sheet import Row, Sheet
from .vorbehalte import of_owed_kind

#: What each Bock trigger of ``RuleSet.bock_triggers`` means (documentation and display): English messages
#: of the catalogue, shown translated with ``tr.gettext(BOCK_TRIGGERS[key])``.
BOCK_TRIGGERS = {
    "lost_solo": N_("a game scored as a solo that the soloist lost (seed 002: 'ein verlorenes Solo')"),
    "spaltarsch": N_("both parties have 120 Augen (seed 002: 'Spaltarsch (beide Parteien haben 120 Punkte)')"),
    "lost_kontra": N_("Kontra was announced and Kontra did not win (seed 002: 'ein verlorenes Contra')"),
    "lost_re": N_("Re was announced and Re did not win"),
    "nullspiel": N_("the game is worth 0 Punkte, Sonderpunkte included (seed 002: 'Nullspiel')"),
    "schwarz": N_("one party won no trick"),
    "herzstich": N_(
        "a trick of four Herz cards that are not trumps, in a game not scored as a solo (FreeDoko: 'bock heart trick')"
    ),
}


class SessionError(TextError):
    """A result that does not fit the session (a Pflichtsolo without solo, twice in a round, ...);
    the message names the field."""


#: Players in a game, and the most players a sitting may have: with five, six or seven at the table
#: the dealer (and, with six or seven, the players opposite) sit out each game (see :data:`SIT_OUT`).
PLAYERS_AT_TABLE = 4
MAX_PLAYERS_AT_TABLE = 7

#: Who sits out a game when more than four sit at the table (a sitting's option ``sit_out``).
#: Positions count clockwise from the dealer (0 = the dealer). The texts are messages of the catalogue
#: (``tr.gettext(SIT_OUT[key])``).
SIT_OUT = {
    "dealer": N_(
        "the dealer sits out; with six also the player opposite (dealer + 3), with seven the two opposite "
        "(dealer + 3 and + 4): the usual rule, everybody plays with everybody"
    ),
    "next_dealers": N_(
        "the dealer and the next to deal after him sit out (six: dealer, dealer + 1; seven: dealer .. "
        "dealer + 2): the players who play sit side by side"
    ),
}
_SIT_OUT_OFFSETS = {
    "dealer": {4: (), 5: (0,), 6: (0, 3), 7: (0, 3, 4)},
    "next_dealers": {4: (), 5: (0,), 6: (0, 1), 7: (0, 1, 2)},
}


def sitting_out(players: int, dealer: int, sit_out: str = "dealer") -> tuple[int, ...]:
    """Table positions (0..players-1, sorted) of the players who sit out the game dealt by ``dealer``.

    >>> sitting_out(4, 2), sitting_out(5, 4), sitting_out(6, 1), sitting_out(7, 5), sitting_out(7, 5, "next_dealers")
    ((), (4,), (1, 4), (1, 2, 5), (0, 5, 6))

    Raises:
        SessionError: ``sit_out`` not a key of :data:`SIT_OUT`, ``players`` outside 4..7 or ``dealer`` outside
            the table.
    """
    if sit_out not in SIT_OUT:
        raise SessionError(
            "sit_out: unknown choice {sit_out!r}; expected one of: {sit_out2}",
            sit_out=sit_out,
            sit_out2=", ".join(SIT_OUT),
        )
    offsets = _SIT_OUT_OFFSETS[sit_out].get(players)
    if offsets is None:
        raise SessionError(
            "players: a sitting has {players_at_table} to {max_players_at_table} players, got {players}",
            players_at_table=PLAYERS_AT_TABLE,
            max_players_at_table=MAX_PLAYERS_AT_TABLE,
            players=players,
        )
    if not 0 <= dealer < players:
        raise SessionError("dealer: {dealer} is outside 0..{players}", dealer=dealer, players=players - 1)
    return tuple(sorted((dealer + k) % players for k in offsets))


#: Deals thrown in one after the other that a session takes before it stops (:meth:`Session.record_redeal`):
#: a guard against a rule set under which (nearly) every deal can be thrown in, e.g. Schmeissen thresholds
#: that most hands meet with players who always throw in. ``RuleSet`` refuses thresholds that every deal meets.
MAX_REDEALS_IN_A_ROW = 1000


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
        games_left_in_round: counted games still to play in the round, this one included
            (:attr:`Session.games_left_in_round`; it decides the Vorführung, TSR 4.2.3), or ``None``
            when the caller does not know it; pass it to :class:`~doppelkopf.game.Game`, which hands
            it to the seats.
        forced_kind: the kind of solo the forced seat owes (:meth:`Session.owed_kind`: ``"solo"``, ``"farbsolo"``,
            ``"bildersolo"``, ``"farbsolo_or_bildersolo"``; options ``farb_pflichtsoli``, ``bilder_pflichtsoli``),
            ``None`` without a Vorführung.
    """

    dealer: int
    pflichtsolo_done: tuple[bool, bool, bool, bool]
    forced_solo_seat: int | None
    bock_multiplier: int
    games_left_in_round: int | None = None
    forced_kind: str | None = None


def vorfuehrung_due(missing: int, games_left: int) -> bool:
    """Whether the next game forces a Pflichtsolo (Vorführung, TSR 4.2.3): ``missing`` Pflichtsoli
    are still owed in the round and they are at least the ``games_left`` in it."""
    return missing > 0 and missing >= games_left


def sitting_over(rules: RuleSet, round_number: int, written_totals: Sequence[int]) -> str | None:
    """Why a sitting is over, or ``None`` while it goes on: ``"sitting_rounds"`` once that many rounds are
    complete (``round_number`` is the current round, 1-based: it is past them; FreeDoko
    NUMBER_OF_ROUNDS_LIMITED, NUMBER_OF_ROUNDS), ``"sitting_points"`` once a player's total as the Liste writes
    it (``written_totals``, option ``liste_counting``) reaches that many Punkte, plus or minus (FreeDoko
    POINTS_LIMITED, POINTS). A game after the end is still written (the table may agree to play on, and a game
    played is never lost): the Liste, the CLI and the web show that the sitting is over.

    >>> sitting_over(RuleSet(sitting_rounds=2), 3, (0, 0, 0, 0)), sitting_over(RuleSet(sitting_points=10), 1, (4, -10))
    ('sitting_rounds', 'sitting_points')
    """
    if rules.sitting_rounds and round_number > rules.sitting_rounds:
        return "sitting_rounds"
    if rules.sitting_points and any(abs(t) >= rules.sitting_points for t in written_totals):
        return "sitting_points"
    return None


def bock_triggers_fired(summary: GameSummary, result: Score, rules: RuleSet) -> tuple[str, ...]:
    """The triggers of ``rules.bock_triggers`` that the game fires, in the order of the rule set.

    ``result`` is ``score(summary, rules)``. Readings (see :data:`BOCK_TRIGGERS`): a lost solo is a
    game scored as a solo (``result.solo``, e.g. a Stille Hochzeit where it counts as a solo) that
    the soloist (Re) did not win; "verlorenes Contra" is a Kontra announcement and a game Kontra did
    not win (nobody winning included); "Nullspiel" is a game value of 0 Punkte after netting the
    Sonderpunkte; "Spaltarsch" is 120 Augen each, in any game type; "herzstich" is a Sonderpunkt
    ``herzstich`` in the summary (found in play whenever the trigger is on, counted only where
    ``sonderpunkte`` lists it) in a game not scored as a solo (FreeDoko, BOCK_HEART_TRICK).
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
        elif trigger == "herzstich":  # FreeDoko BOCK_HEART_TRICK; found by scoring.sonderpunkte_of_tricks
            hit = not result.solo and any(s.kind == "herzstich" for s in summary.sonderpunkte)
        else:  # pragma: no cover - the rule set only admits the choices above
            raise RuleError("bock_triggers: unknown trigger {trigger!r}", trigger=trigger)
        if hit:
            fired.append(trigger)
    return tuple(fired)


def bock_skips(rules: RuleSet, game_type: GameType) -> bool:
    """Whether a game of ``game_type`` is scored without its Bock (seed 002: "Mit Ausnahme einer
    Stillen Hochzeit kommen Soli nicht in die Bockwertung"; option ``bock_skips_soli``)."""
    return rules.bock_skips_soli and game_type.is_declared_solo


def bock_problem(multiplier: object, rules: RuleSet, game_type: GameType | None) -> Text | None:
    """What is wrong with ``multiplier`` as the Bock of a game of ``game_type`` (``None``: unknown) under
    ``rules``, or ``None`` when it fits: an int power of two (1 no Bock, 2 Bock, 4 Doppelbock ...), at
    most ``rules.bock_max_multiplier`` (seed 002: "Es gibt maximal Doppelböcke"), and 1 for a solo that
    ``bock_skips_soli`` keeps out of the Bock (seed 002). The message (a :class:`~doppelkopf.messages.Text`)
    has no field name: the caller's format adds it (``bock: ...``, ``meta.bock: ...``).

    >>> from doppelkopf.rules import DOPPELBOCK
    >>> bock_problem(4, DOPPELBOCK, GameType.NORMAL) is None, str(bock_problem(8, DOPPELBOCK, GameType.NORMAL))
    (True, "8 is more than rules 'doppelbock' allow (bock_max_multiplier = 4)")
    """
    if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1 or multiplier & multiplier - 1:
        shown = repr(multiplier) if len(repr(multiplier)) <= 40 else repr(multiplier)[:37] + "..."
        return Text("{shown} is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ...", shown=shown)
    cap = rules.bock_max_multiplier
    if multiplier > cap:
        return Text(
            "{multiplier} is more than rules {rules!r} allow (bock_max_multiplier = {cap})",
            multiplier=multiplier,
            rules=rules.name,
            cap=cap,
        )
    if multiplier > 1 and game_type is not None and bock_skips(rules, game_type):
        return Text(
            "the {game} takes no Bock under rules {rules!r} (bock_skips_soli)", game=game_type.german, rules=rules.name
        )
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
        prefix = {GameType.HOCHZEIT: "Hochzeit ", GameType.ARMUT: "Armut "}.get(summary.game_type, "")
        kind = f"{prefix}Re {names}"
    re_points = result.points[min(summary.re_seats)]
    text = f"{re_points:+d}".replace("-", "−")
    if result.winner is None:
        return f"{kind}: nobody wins, {text}"
    return f"{kind} {text}" if result.winner is Party.RE else f"{kind} verliert {text}"


class Turn(NamedTuple):
    """The next game at a table of four to seven, from :meth:`Session.turn`; positions are table positions
    0..n-1 (the columns of the Liste).

    Attributes:
        number: the game's number on the list (1-based; thrown-in deals do not count).
        dealer: the dealer's position.
        active: the four positions that play, in table order: seat ``i`` of the game's summary is ``active[i]``.
        sitting_out: the positions that sit out (:func:`sitting_out`), empty with four players.
        forced_solo: the position that must play its Pflichtsolo now (Vorführung, TSR 4.2.3), or ``None``.
        bock_multiplier: 1 without Bock, 2 Bock, 4 Doppelbock.
        offered_to: with ``pflichtsolo_offered`` (FreeDoko OFFER_DUTY_SOLO) and a Vorführung due, the other
            playing positions still owing a Pflichtsolo, in turn from the dealer's left, to whom the forced
            Pflichtsolo is offered first; empty otherwise.
        forced_kind: what the forced player must play (:meth:`Session.owed_kind`): ``"solo"``, ``"farbsolo"``
            or ``"bildersolo"``; ``None`` without a Vorführung.
    """

    number: int
    dealer: int
    active: tuple[int, int, int, int]
    sitting_out: tuple[int, ...]
    forced_solo: int | None
    bock_multiplier: int
    offered_to: tuple[int, ...] = ()
    forced_kind: str | None = None


#: The largest game value a quick entry takes: far above any game (a schwarz solo with every Absage under the
#: largest solo factor is a few hundred Punkte), low enough that a typing slip of many digits is refused.
MAX_QUICK_PUNKTE = 1000

#: The solo a quick entry's unnamed Pflichtsolo is counted as (neither Farbsolo nor picture solo: it fills a
#: Pflichtsolo of any kind) and a Pflichtsolo of an old snapshot that kept only "done".
_ANY_SOLO = GameType.FLEISCHLOS

#: Bock triggers a quick entry derives itself (from the sides and the Punkte); the others it is told.
QUICK_DERIVED_TRIGGERS = ("lost_solo", "nullspiel")


class Session:
    """A sitting: dealer, rounds and Pflichtsoli, Bock games owed, the Liste.

    ``players`` are the names at the table in seating order (the columns of :attr:`sheet`), four to
    seven; with more than four, ``sit_out`` (a key of :data:`SIT_OUT`) says who sits out each game, and
    those players get 0 Punkte for it. Position 0 deals first (TSR 3.3.1: position 1 deals the first game).

    The session options of ``rules`` (``round_games``, ``bock_*``) are checked by the RuleSet itself. A
    Bockrunde of ``bock_length = "round"`` is one game per player at the table (everybody deals once).

    Raises:
        SessionError: fewer than four or more than seven players, an unknown ``sit_out``;
            :class:`~doppelkopf.sheet.SheetError` for bad names.
    """

    def __init__(
        self, rules: RuleSet, players: Sequence[str], sit_out: str = "dealer", absent: Sequence[int] = ()
    ) -> None:
        count = "one string" if isinstance(players, str) else len(players)
        if isinstance(players, str) or not PLAYERS_AT_TABLE <= len(players) <= MAX_PLAYERS_AT_TABLE:
            raise SessionError(
                "players: a session needs {players_at_table} to {max_players_at_table} players, got {count}",
                players_at_table=PLAYERS_AT_TABLE,
                max_players_at_table=MAX_PLAYERS_AT_TABLE,
                count=count,
            )
        sitting_out(len(players), 0, sit_out)  # checks sit_out
        self.rules = rules
        self.sit_out = sit_out
        self.sheet = Sheet(players, rules.liste_counting)  # the names as doppelkopf.names.clean_names stores them
        #: Position of the next dealer.
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
        #: Whether labels say "(Pflichtsolo)": off where the Pflichtsolo has a column of its own (the Liste).
        self.pflichtsolo_in_labels = True
        #: Whether the last counted game was its soloist's Pflichtsolo.
        self.last_pflichtsolo = False
        #: The score of the last game written by :meth:`record_summary` (``None`` after a quick entry).
        self.last_score: Score | None = None
        self._n = len(players)
        #: The columns at the table now, in seating order (clockwise); :meth:`join` and :meth:`leave` change it.
        self._seated = [p for p in range(self._n) if p not in set(absent)]
        if len(self._seated) < PLAYERS_AT_TABLE or self.dealer not in self._seated:
            raise SessionError(
                "absent: {players_at_table} players must sit at the table from the first game, the first of them "
                "dealing (players[0])",
                players_at_table=PLAYERS_AT_TABLE,
            )
        self._soli: list[list[GameType]] = [[] for _ in range(self._n)]  # Pflichtsoli played this round
        self._bocks: list[int] = []  # number of Bocks on each of the next games

    def __repr__(self) -> str:
        return (
            f"Session(rules={self.rules.name!r}, players={list(self.sheet.players)!r}, games={self.games}, "
            f"dealer={self.dealer}, round={self.round}, bock_queue={list(self.bock_queue)})"
        )

    # -- state -----------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, object]:
        """The state that decides the next games (deal, round, Pflichtsoli, Bocks owed), as plain JSON data.

        :meth:`restore` takes it back; the Liste's rows are not part of it (a caller that stores them, like
        :mod:`doppelkopf.liste`, keeps the totals itself).
        """
        return {
            "dealer": self.dealer,
            "round": self.round,
            "games_in_round": self.games_in_round,
            "games": self.games,
            "deals": self.deals,
            "done": [len(played) >= self.rules.pflichtsoli for played in self._soli],
            "bocks": list(self._bocks),
            # which Pflichtsoli were played: only where "done" does not say it all (pflichtsoli, farb_/bilder_)
            **({"soli": [[g.key for g in played] for played in self._soli]} if self._counts_kinds() else {}),
            # who sits at the table, in seating order: only after a player joined late or left early
            **({"seated": list(self._seated)} if self._seated != list(range(self._n)) else {}),
        }

    def _counts_kinds(self) -> bool:
        rules = self.rules
        return rules.pflichtsoli > 1 or rules.farb_pflichtsoli > 0 or rules.bilder_pflichtsoli > 0

    def restore(self, snapshot: dict[str, object]) -> None:
        """Continue from a :meth:`snapshot` of a session with the same rules and players.

        Raises:
            SessionError: a snapshot that does not fit (naming the key).
        """
        n = self._n

        def count(key: str, low: int, high: int | None = None) -> int:
            value = snapshot.get(key)
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or value < low
                or (high is not None and value > high)
            ):
                raise SessionError(
                    "snapshot.{key}: expected an integer >= {low}, got {value!r}", key=key, low=low, value=value
                )
            return value

        done, bocks = snapshot.get("done"), snapshot.get("bocks")
        if not isinstance(done, list) or len(done) != n or not all(isinstance(d, bool) for d in done):
            raise SessionError("snapshot.done: expected {n} booleans, got {done!r}", n=n, done=done)
        if not isinstance(bocks, list) or not all(
            isinstance(b, int) and not isinstance(b, bool) and b >= 1 for b in bocks
        ):
            raise SessionError("snapshot.bocks: expected a list of integers >= 1, got {bocks!r}", bocks=bocks)
        self.dealer = count("dealer", 0, n - 1)
        self.round = count("round", 1)
        self.games_in_round = count("games_in_round", 0)
        self.games = count("games", 0)
        self.deals = count("deals", 0)
        self.redeals_in_a_row = 0
        soli = snapshot.get("soli")
        if soli is None:  # a snapshot from before pflichtsoli (one Pflichtsolo each): "done" says it all
            self._soli = [[_ANY_SOLO] * self.rules.pflichtsoli if d else [] for d in done]
        else:
            if not isinstance(soli, list) or len(soli) != n or not all(isinstance(x, list) for x in soli):
                raise SessionError("snapshot.soli: expected {n} lists of game types, got {soli!r}", n=n, soli=soli)
            try:
                self._soli = [[GameType.parse(str(k)) for k in played] for played in soli]
            except RuleError:
                raise SessionError("snapshot.soli: unknown game type in {soli!r}", soli=soli) from None
        self._bocks = list(bocks)
        seated = snapshot.get("seated", list(range(n)))
        if (
            not isinstance(seated, list)
            or not all(type(p) is int and 0 <= p < n for p in seated)
            or len(set(seated)) != len(seated)
            or not PLAYERS_AT_TABLE <= len(seated) <= MAX_PLAYERS_AT_TABLE
            or self.dealer not in seated
        ):
            raise SessionError(
                "snapshot.seated: expected {low} to {high} distinct positions 0..{n} with the dealer, got {seated!r}",
                low=PLAYERS_AT_TABLE,
                high=MAX_PLAYERS_AT_TABLE,
                n=n - 1,
                seated=seated,
            )
        self._seated = list(seated)

    @property
    def seated(self) -> tuple[int, ...]:
        """The positions (columns of the Liste) at the table now, in seating order (clockwise): all of them unless
        a player joined late (:meth:`join`) or left early (:meth:`leave`)."""
        return tuple(self._seated)

    def join(self, name: str, after: int | None = None) -> int:
        """A player joins the sitting late and sits down left of position ``after`` (default: left of the last in
        the seating order, so he deals last in the rotation); returns his position (column). A new name gets a
        new column on the Liste (0 Punkte for the games before); a player who left comes back to his column and
        total.

        What follows (issue 26, late joining): the rotation takes him in from the next game (he deals when the
        deal reaches his seat; with five to seven the sit-out rule counts him); he owes the Pflichtsoli of the
        current round (TSR 4.2.3: he must play them in the rest of it, forced when they are as many as the games
        left); the Bock games owed stay as they are (a Bockrunde is counted at its start).

        Raises:
            SessionError: the table is full (:data:`MAX_PLAYERS_AT_TABLE`), he sits at the table already,
                ``after`` is not at the table; :class:`~doppelkopf.sheet.SheetError` for a bad name.
        """
        if len(self._seated) >= MAX_PLAYERS_AT_TABLE:
            raise SessionError(
                "join: the table is full ({max_players_at_table} players)", max_players_at_table=MAX_PLAYERS_AT_TABLE
            )
        anchor = self._seated[-1] if after is None else after
        if anchor not in self._seated:
            raise SessionError("after: position {after!r} is not at the table", after=after)
        position = self.sheet.position_of(name)
        if position is None:
            position = self.sheet.add_player(name)
            self._n += 1
            self._soli.append([])
        elif position in self._seated:
            raise SessionError("join: {players} sits at the table already", players=self.players[position])
        else:
            self._soli[position] = []  # back after leaving: owes the Pflichtsoli of this round again
        self._seated.insert(self._seated.index(anchor) + 1, position)
        return position

    def leave(self, position: int) -> None:
        """The player at ``position`` leaves the sitting early: his column and total stay on the Liste (the
        settlement counts them), the rotation goes on without him from the next game.

        What follows (issue 26, early leaving): when he was to deal next, the next player at the table deals;
        his Pflichtsoli still owed are dropped (the Vorführung counts the others only); a Bockrunde owed
        (``bock_length = "round"``: everybody deals once) loses the game he would have dealt in it: the Bock
        games owed drop the one at his turn to deal (and every round of seats after it, for Bocks queued
        one after the other), so a Bockrunde started with five ends after the deals of the four left.

        Raises:
            SessionError: he does not sit at the table, or fewer than four would be left.
        """
        if position not in self._seated:
            raise SessionError("leave: position {position!r} is not at the table", position=position)
        if len(self._seated) <= PLAYERS_AT_TABLE:
            raise SessionError(
                "leave: {players_at_table} players must stay at the table", players_at_table=PLAYERS_AT_TABLE
            )
        ring = self._ring_from_dealer()  # the next deals: the dealer first, then clockwise
        if self.rules.bock_length == "round" and self._bocks:
            turn_of = ring.index(position)
            seats = len(ring)
            for i in sorted(range(turn_of, len(self._bocks), seats), reverse=True):
                del self._bocks[i]
        if self.dealer == position:
            self.dealer = ring[1]
        self._seated.remove(position)
        self._soli[position] = []

    def _ring_from_dealer(self) -> list[int]:
        """The seated positions from the dealer on, clockwise (the order of the next deals)."""
        start = self._seated.index(self.dealer)
        return self._seated[start:] + self._seated[:start]

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
    def pflichtsolo_done(self) -> tuple[bool, ...]:
        """Per table position, whether all its Pflichtsoli of this round are played (all True without
        Pflichtsolo)."""
        return tuple(self.pflichtsoli_owed(p) == 0 for p in range(self._n))

    @property
    def missing_pflichtsoli(self) -> tuple[int, ...]:
        """Table positions still owing a Pflichtsolo this round, in seating order."""
        return tuple(s for s, done in enumerate(self.pflichtsolo_done) if not done)

    def pflichtsoli_owed(self, position: int) -> int:
        """Pflichtsoli ``position`` still owes in this round: ``rules.pflichtsoli`` (FreeDoko NUMBER_OF_DUTY_SOLI)
        less those played; 0 without the option ``pflichtsolo``."""
        if not self.rules.pflichtsolo or position not in self._seated:
            return 0  # a player who left owes nothing
        return max(self.rules.pflichtsoli - len(self._soli[position]), 0)

    def owed_kind(self, position: int) -> str | None:
        """What kind of solo still counts as a Pflichtsolo of ``position``: ``None`` (none owed), ``"solo"`` (any
        declared solo), ``"farbsolo"`` or ``"bildersolo"`` (only that kind: the Farbsoli, FreeDoko
        NUMBER_OF_DUTY_COLOR_SOLI, or the picture soli, NUMBER_OF_DUTY_PICTURE_SOLI, still owed fill every
        Pflichtsolo left), or ``"farbsolo_or_bildersolo"`` (both are owed and fill them)."""
        owed = self.pflichtsoli_owed(position)
        if not owed:
            return None
        farb, bilder = self._kinds_owed(position)
        if farb + bilder < owed:
            return "solo"
        if farb and bilder:
            return "farbsolo_or_bildersolo"
        return "farbsolo" if farb else "bildersolo"

    def _kinds_owed(self, position: int) -> tuple[int, int]:
        played = self._soli[position]
        farb = max(self.rules.farb_pflichtsoli - sum(g.is_farbsolo for g in played), 0)
        bilder = max(self.rules.bilder_pflichtsoli - sum(g.is_bildersolo for g in played), 0)
        return farb, bilder

    def counts_as_pflichtsolo(self, position: int, game_type: GameType) -> bool:
        """Whether a declared solo of ``game_type`` by ``position`` is one of its Pflichtsoli: it still owes one
        and the solo is of the kind :meth:`owed_kind` names (a Bubensolo while only a Farbsolo is owed is a
        Lustsolo). Options ``pflichtsoli``, ``farb_pflichtsoli``, ``bilder_pflichtsoli``."""
        kind = self.owed_kind(position)
        return kind is not None and of_owed_kind(kind, game_type)

    @property
    def games_left_in_round(self) -> int:
        """Counted games still to play in this round (0 once ``round_games`` are played and the
        round only waits for missing Pflichtsoli)."""
        return max(self.rules.round_games - self.games_in_round, 0)

    def set_dealer(self, position: int) -> None:
        """Let ``position`` deal the next game: the table's own record of who dealt, where it differs from the
        rotation (a game entered late or deleted); the rotation goes on from there.

        Raises:
            SessionError: a position outside the table.
        """
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < self._n:
            raise SessionError("dealer: {position!r} is outside 0..{n}", position=position, n=self._n - 1)
        if position not in self._seated:
            raise SessionError("dealer: {players} does not sit at the table", players=self.players[position])
        self.dealer = position

    def turn(self) -> Turn:
        """The next game at the table: dealer, who plays and who sits out, forced soloist, Bock.

        The forced position (Vorführung, TSR 4.2.3) is set when the players owing a Pflichtsolo are at
        least as many as the games left in the round: the first of them from the dealer's left who plays
        this game (one who sits out is forced in a later game). Does not change the session.
        """
        seated = self._seated
        out = tuple(sorted(seated[i] for i in sitting_out(len(seated), seated.index(self.dealer), self.sit_out)))
        a, b, c, d = (p for p in seated if p not in out)
        missing = set(self.missing_pflichtsoli)
        forced = None
        offered: tuple[int, ...] = ()
        owed = sum(self.pflichtsoli_owed(p) for p in range(self._n))
        if vorfuehrung_due(owed, self.games_left_in_round):
            ring = self._ring_from_dealer()
            ring = ring[1:] + ring[:1]  # from the dealer's left, the dealer last
            forced = next((p for p in ring if p in missing and p not in out), None)
            if forced is not None and self.rules.pflichtsolo_offered:
                offered = tuple(p for p in ring if p in missing and p not in out and p != forced)
        queue = self.bock_queue
        kind = None if forced is None else self.owed_kind(forced)
        return Turn(self.games + 1, self.dealer, (a, b, c, d), out, forced, queue[0] if queue else 1, offered, kind)

    @property
    def over(self) -> str | None:
        """Why the sitting is over (:func:`sitting_over` of this session's round and Liste), or ``None``."""
        return sitting_over(self.rules, self.round, self.sheet.written_totals)

    def next_game_setup(self) -> GameSetup:
        """Dealer, Pflichtsolo state, forced soloist and Bock multiplier of the next game to deal and play
        (four players: table positions are the game's seats); see :meth:`turn`. Does not change the session.

        Raises:
            SessionError: the sitting has more than four players (enter its games with :meth:`record_summary`).
        """
        if self._n != PLAYERS_AT_TABLE or len(self._seated) != PLAYERS_AT_TABLE:
            raise SessionError(
                "players: a game is dealt to {players_at_table} players, the sitting has {n}",
                players_at_table=PLAYERS_AT_TABLE,
                n=self._n,
            )
        turn = self.turn()
        a, b, c, d = self.pflichtsolo_done
        return GameSetup(
            turn.dealer,
            (a, b, c, d),
            turn.forced_solo,
            turn.bock_multiplier,
            self.games_left_in_round,
            turn.forced_kind,
        )

    def new_game(self, seed: int | None) -> Game:
        """Deal the next game with ``seed`` as :meth:`next_game_setup` says (a forced Pflichtsolo,
        TSR 4.2.3, goes to the game as ``forced_solo_seat`` with the kind owed as ``forced_kind``; the
        Pflichtsoli played and the games left in the round go to the seats' information states)."""
        setup = self.next_game_setup()
        return Game.new(
            self.rules,
            seed=seed,
            dealer=setup.dealer,
            pflichtsolo_done=setup.pflichtsolo_done,
            forced_solo_seat=setup.forced_solo_seat,
            games_left_in_round=setup.games_left_in_round,
            forced_kind=setup.forced_kind,
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
                "dealer: the game was dealt by seat {dealer}, the session's dealer is {dealer2}",
                dealer=game.dealer,
                dealer2=self.dealer,
            )
        # The game knows whether its soloist had played all his Pflichtsoli, not which kinds are still owed
        # (farb_pflichtsoli, bilder_pflichtsoli): then the session decides.
        said = None if self._counts_kinds() else game.pflichtsolo
        return self.record_summary(game.summary(), label=label, pflichtsolo=said)

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
                "redeal: {max_redeals_in_a_row} deals in a row thrown in; rule set {rules_name!r} throws in "
                "nearly every deal: check schmeissen ({value}) and its thresholds (schmeissen_nines, "
                "schmeissen_kings, schmeissen_nines_kings, schmeissen_augen_low, schmeissen_augen_high), and "
                "armut_max_trumps with armut_none = {armut_none}",
                max_redeals_in_a_row=MAX_REDEALS_IN_A_ROW,
                rules_name=rules.name,
                value=", ".join(rules.schmeissen) or "none",
                armut_none=rules.armut_none,
            )
        self.redeals_in_a_row += 1
        self.deals += 1

    def record_summary(self, summary: GameSummary, label: str | None = None, pflichtsolo: bool | None = None) -> Row:
        """Score ``summary`` under the session's rules, write its row and move the session on.

        The summary's seats 0..3 are the players of :meth:`turn` (``active``, in table order; with four
        players the table positions). ``pflichtsolo`` says the game was the soloist's Pflichtsolo; ``None``
        (the default) derives it: a declared solo is the Pflichtsolo while its player has none in this round
        (option ``pflichtsolo``; TSR 4.2.3), a Lustsolo after it. The
        row gets the Bock multiplier of :meth:`turn`, except for a declared solo when ``bock_skips_soli``
        (multiplier 1; it still uses up its Bock game unless ``bock_skipped_solo_counts`` is off).
        Then the Bocks the game fires are added (:func:`bock_triggers_fired`), the deal moves on
        (the same dealer after a Pflichtsolo that was not forced) and a round ends after
        ``round_games`` games once every Pflichtsolo is played. ``label`` defaults to
        :func:`game_label` with " (Pflichtsolo)" or " (Pflichtsolo, vorgeführt)" added.

        Raises:
            SessionError: a game the rules do not play (:meth:`RuleSet.plays
                <doppelkopf.rules.RuleSet.plays>`: a solo not in ``solo_types``, an Armut without the
                rule); ``pflichtsolo`` for a game that is not a declared solo, without the
                option ``pflichtsolo``, or by a player who already played its Pflichtsolo this round.
            doppelkopf.scoring.ScoreError: an impossible summary. The session is unchanged then.
        """
        rules = self.rules
        problem = rules.plays(summary.game_type)
        if problem is not None:
            raise SessionError("game_type: {problem}", problem=problem)
        turn = self.turn()
        soloist = min(summary.re_seats) if summary.re_seats else None
        declared = summary.game_type.is_declared_solo and len(summary.re_seats) == 1
        if pflichtsolo and not declared:
            raise SessionError("pflichtsolo: a {german} is no declared solo", german=summary.game_type.german)
        position = None if soloist is None else turn.active[soloist]
        pflichtsolo = self._pflichtsolo(
            pflichtsolo, position if declared else None, summary.game_type.german, summary.game_type
        )
        self._check_forced(turn, position if declared else None, pflichtsolo)
        result = score(summary, rules)
        skipped = turn.bock_multiplier > 1 and bock_skips(rules, summary.game_type)
        multiplier = 1 if skipped else turn.bock_multiplier
        counted = bock_points(result, rules, multiplier)
        names = [self.players[p] for p in turn.active]
        forced = pflichtsolo and (position == turn.forced_solo or position in turn.offered_to)
        if label is None:
            label = game_label(summary, result, names, rules) + _label_notes(
                pflichtsolo and self.pflichtsolo_in_labels, forced, skipped
            )
        plain = tuple(p * multiplier for p in result.points)
        row = self.sheet.add_score(label, result, names, multiplier, counted=None if counted == plain else counted)
        self.last_score = result
        self._advance(
            skipped,
            bock_triggers_fired(summary, result, rules),
            position if pflichtsolo else None,
            forced,
            summary.game_type,
        )
        return row

    def record_quick(
        self,
        winners: frozenset[int],
        punkte: int,
        game_type: GameType | None = None,
        events: Sequence[str] = (),
        pflichtsolo: bool | None = None,
        label: str | None = None,
    ) -> Row:
        """Write a game that the table scored itself: only the winners and the Punkte (quick mode).

        ``winners`` are seats 0..3 of :meth:`turn` (``active``); the other seats lost. Each winner gets
        ``punkte`` against each loser: two against two ±punkte; a lone winner (a won solo) +3×punkte and
        each loser −punkte; a lone loser (a lost solo) −3×punkte (seed 004, "Sonderfälle": the soloist
        "erhält oder zahlt dreifach"). ``punkte`` 0 writes a game worth nothing (no winners needed).
        ``game_type`` is optional (a solo's name for the label and the statistics). One against three
        counts as a solo for the Bock (``bock_skips_soli``) unless ``game_type`` says otherwise.
        The Bock multiplies every Punkt. Of the Bock triggers, a lost solo (a lone loser) and a Nullspiel
        (0 Punkte) are derived; the others the table names in ``events`` (keys of ``rules.bock_triggers``).

        Raises:
            SessionError: naming the field (``winners``, ``punkte``, ``game``, ``events[i]``,
                ``pflichtsolo``); the session is unchanged then.
        """
        rules = self.rules
        turn = self.turn()
        if any(not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < PLAYERS_AT_TABLE for w in winners):
            raise SessionError("winners: seats are 0..3, got {winners}", winners=sorted(winners))
        if isinstance(punkte, bool) or not isinstance(punkte, int) or not 0 <= punkte <= MAX_QUICK_PUNKTE:
            shown = repr(punkte) if len(repr(punkte)) <= 40 else repr(punkte)[:37] + "..."
            raise SessionError(
                "punkte: expected an integer 0..{max_quick_punkte} (the game's value), got {shown}",
                max_quick_punkte=MAX_QUICK_PUNKTE,
                shown=shown,
            )
        if len(winners) == PLAYERS_AT_TABLE:
            raise SessionError("winners: all four players cannot win; name the winning side")
        if not winners and punkte:
            raise SessionError("winners: a game worth {punkte} Punkte has winners; name them", punkte=punkte)
        if game_type is not None:
            problem = rules.plays(game_type)
            if problem is not None:
                raise SessionError("game: {problem}", problem=problem)
        lone = len(winners) in (1, 3)
        if game_type is not None and game_type.is_declared_solo and not lone and winners:
            raise SessionError(
                "winners: a {german} is one against three; got {count} winners",
                german=game_type.german,
                count=len(winners),
            )
        soloist = None
        if lone:
            soloist = min(winners) if len(winners) == 1 else min(set(range(4)) - winners)
        declared = soloist is not None and (game_type is None or game_type.is_declared_solo)
        if pflichtsolo and not declared:
            raise SessionError("pflichtsolo: a Pflichtsolo is a declared solo, one against three")
        position = None if soloist is None else turn.active[soloist]
        if game_type is None and pflichtsolo is False:
            declared = False  # the table says this one against three was no declared solo (a Hochzeit alone)
        kind = game_type.german if game_type is not None else "solo"
        pflichtsolo = self._pflichtsolo(pflichtsolo, position if declared else None, kind, game_type)
        self._check_forced(turn, position if declared else None, pflichtsolo)
        for i, event in enumerate(events):
            if event in QUICK_DERIVED_TRIGGERS:
                raise SessionError(
                    "events[{i}]: {event!r} is derived from the winners and the Punkte, not named", i=i, event=event
                )
            if event not in rules.bock_triggers:
                allowed = [t for t in rules.bock_triggers if t not in QUICK_DERIVED_TRIGGERS]
                choices = f"expected one of: {', '.join(allowed)}" if allowed else "they have no Bock (bock_triggers)"
                raise SessionError(
                    "events[{i}]: {event!r} starts no Bock under rules {rules_name!r}; {choices}",
                    i=i,
                    event=event,
                    rules_name=rules.name,
                    choices=choices,
                )
        base = [0] * PLAYERS_AT_TABLE
        if winners:
            for seat in range(PLAYERS_AT_TABLE):  # the lone player of a solo gets or pays three times
                base[seat] = (
                    punkte * (3 if len(winners) == 1 else 1)
                    if seat in winners
                    else -punkte * (3 if len(winners) == 3 else 1)
                )
        # Without a game type, one against three is taken for a declared solo (see the docstring).
        skips = bock_skips(rules, game_type) if game_type is not None else rules.bock_skips_soli and declared
        skipped = turn.bock_multiplier > 1 and skips
        multiplier = 1 if skipped else turn.bock_multiplier
        names = [self.players[p] for p in turn.active]
        forced = pflichtsolo and (position == turn.forced_solo or position in turn.offered_to)
        if label is None:
            label = _quick_label(names, winners, soloist, base, game_type) + _label_notes(
                pflichtsolo and self.pflichtsolo_in_labels, forced, skipped
            )
        row = self.sheet.add(label, dict(zip(names, base, strict=True)), multiplier)
        self.last_score = None
        fired = []
        for trigger in rules.bock_triggers:
            if trigger == "lost_solo":
                hit = len(winners) == 3  # the lone player lost: scored as a solo
            elif trigger == "nullspiel":
                hit = punkte == 0
            else:
                hit = trigger in events
            if hit:
                fired.append(trigger)
        self._advance(skipped, tuple(fired), position if pflichtsolo else None, forced, game_type)
        return row

    def _pflichtsolo(self, said: bool | None, position: int | None, kind: str, game_type: GameType | None) -> bool:
        """Whether the game is its soloist's Pflichtsolo: ``position`` is the declarer of a declared solo (else
        ``None``); ``said`` what the caller says (``None``: derive). Option ``pflichtsolo``: "a solo is the
        Pflichtsolo while its player has none in this round (a Lustsolo after it)" (TSR 4.2.3, 4.3.1); with
        ``pflichtsoli`` > 1 while he owes one, of the kind :meth:`owed_kind` names (``game_type`` ``None``: a
        quick entry's unnamed solo counts while any is owed)."""
        if position is None:
            owes = False
        elif game_type is None:
            owes = self.pflichtsoli_owed(position) > 0
        else:
            owes = self.counts_as_pflichtsolo(position, game_type)
        if said and not owes and position is not None and self.pflichtsoli_owed(position):
            raise SessionError(
                "pflichtsolo: a {kind} is none of the Pflichtsoli {players} still owes ({owed}; "
                "farb_pflichtsoli, bilder_pflichtsoli)",
                kind=kind,
                players=self.players[position],
                owed=self.owed_kind(position),
            )
        if said is None:
            return owes
        if said and not self.rules.pflichtsolo:
            raise SessionError("pflichtsolo: the rule set has no Pflichtsolo (option pflichtsolo is false)")
        if said and not owes and position is not None:
            raise SessionError(
                "pflichtsolo: {players} already played the Pflichtsolo in round {round}",
                players=self.players[position],
                round=self.round,
            )
        if not said and owes and position is not None:
            raise SessionError(
                "pflichtsolo: {players} has not played the Pflichtsolo of round {round}, so this {kind} is "
                "it (TSR 4.2.3: a solo is the Pflichtsolo while its player has none)",
                players=self.players[position],
                round=self.round,
                kind=kind,
            )
        return said

    def _check_forced(self, turn: Turn, position: int | None, pflichtsolo: bool) -> None:
        """A vorgeführter player (Vorführung, TSR 4.2.3) who declares a solo must play one of the kind he owes
        (``farb_pflichtsoli``, ``bilder_pflichtsoli``): another solo is refused, as the game would refuse it."""
        if turn.forced_solo is not None and position == turn.forced_solo and not pflichtsolo:
            raise SessionError(
                "pflichtsolo: {players} is vorgeführt and must play a Pflichtsolo ({kind}; farb_pflichtsoli, "
                "bilder_pflichtsoli)",
                players=self.players[position],
                kind=turn.forced_kind,
            )

    def _advance(
        self,
        skipped: bool,
        triggers: tuple[str, ...],
        pflichtsolo_by: int | None,
        forced: bool,
        game_type: GameType | None = None,
    ) -> None:
        """After a written game: use up its Bock game, start the Bocks it fired, move the deal and the round."""
        rules = self.rules
        # Bock: this game uses up its Bock game, then the Bocks it fires start with the next game.
        if self._bocks and not (skipped and not rules.bock_skipped_solo_counts):
            self._bocks.pop(0)
        self.last_triggers = triggers
        self.last_pflichtsolo = pflichtsolo_by is not None
        for _ in triggers:
            self._start_bock()
        self.games += 1
        self.deals += 1
        self.redeals_in_a_row = 0
        self.games_in_round += 1
        if pflichtsolo_by is not None:
            self._soli[pflichtsolo_by].append(game_type if game_type is not None else _ANY_SOLO)
        if pflichtsolo_by is None or forced:
            self.dealer = self._ring_from_dealer()[1]
        if self.games_in_round >= rules.round_games and not self.missing_pflichtsoli:
            self.round += 1
            self.games_in_round = 0
            self._soli = [[] for _ in range(self._n)]

    def _start_bock(self) -> None:
        length = len(self._seated) if self.rules.bock_length == "round" else 1
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


def _label_notes(pflichtsolo: bool, forced: bool, skipped: bool) -> str:
    notes = ""
    if pflichtsolo:
        notes += " (Pflichtsolo, vorgeführt)" if forced else " (Pflichtsolo)"
    if skipped:
        notes += " (Solo: no Bock)"
    return notes


def _quick_label(
    names: Sequence[str], winners: frozenset[int], soloist: int | None, base: Sequence[int], game: GameType | None
) -> str:
    """A quick game's label: "Kreuzsolo Anna +9", "Solo Anna verliert −9", "Ben & Carla +4", "0 Punkte"."""
    if not winners:
        return "0 Punkte"
    if soloist is not None:
        kind = game.german if game is not None and game.is_declared_solo else "Solo"
        text = f"{base[soloist]:+d}".replace("-", "\u2212")
        return f"{kind} {names[soloist]} {text}" if soloist in winners else f"{kind} {names[soloist]} verliert {text}"
    side = " & ".join(names[s] for s in sorted(winners))
    return f"{side} +{base[min(winners)]}"
