"""Scoring a finished game: winner, game value item by item, Sonderpunkte, Punkte per seat.

The scheme is the one of seed 004 ("Das Schema in vier Schritten") and TSR 7:

1. Who won (TSR 7.1): without Absagen Re needs 121 Augen and Kontra 120; if only Kontra
   announced, Re wins with 120 and Kontra needs 121 (option ``re_120_after_kontra``; seeds 002 and
   004 keep 121 for Re: "Ohne Absagen Re mit 121, Kontra mit 120"). A party that made an Absage must fulfil it
   (151, 181, 211 Augen, all tricks); a party without Absage against an Absage of the other side
   wins with 90, 60, 30 Augen or one trick. If both parties made Absagen, neither may reach its goal:
   then nobody wins. TSR 7.1.3 still scores for each party what it played (the other side under
   90/60/30/schwarz, Augen reached against an Absage), netted; seed 004 ("Sonderfälle") nets only
   the Sonderpunkte (option ``nobody_wins``).
2. Game points of the winner (TSR 7.2.2): 1 gewonnen; 1 each for the loser under 90, 60, 30 and
   schwarz; 2 each for Re and Kontra angesagt; 1 for each Absage of either party (seed 000: only the
   winner's own, option ``absage_punkte``); 1 each for 120, 90, 60, 30 Augen reached against the
   loser's keine 90, 60, 30, schwarz (seed 002 has no such item: ``reached_against_absage``); 1 gegen
   die Alten when Kontra wins a game that is not a solo.
3. Sonderpunkte (TSR 7.2.3) count for the party that made them and are netted against each other
   and the game points; none in a solo (unless the rule set says so).
4. Each winner gets the value, each loser loses it; the soloist gets or pays ``solo_factor`` times
   the value and each opponent a third of that (TSR 7.2; seed 004: "Im Solo zählt der Solist
   dreifach").

House rules of the seeds, each an option of :class:`doppelkopf.rules.RuleSet` (the defaults are
the TSR): a factor per solo (``solo_factors``, seed 000), the Sonderpunkte Karlchen gefangen and
Fuchs am End and the games they count in (``sonderpunkte``, ``sonderpunkte_soli``,
``solo_sonderpunkte``; seeds 000 and 002), Feigheit and Superfeigheit (seed 002), a "Solo" line
(``solo_bonus``, seed 002) and where gegen die Alten belongs (``gegen_die_alten_as``). A Bock is
applied to a finished :class:`Score` with :meth:`Score.with_multiplier`, which multiplies the game
points and, if wanted, the Sonderpunkte (``Score.game_value`` + ``Score.sonderpunkte_value``).

Example 1 of seed 004 (Re wins with 151 Augen after announcing Re; Ben catches a Fuchs, Kontra
makes a Doppelkopf):

>>> from doppelkopf.rules import DDV, GameType, Party, ANSAGE
>>> s = GameSummary(GameType.NORMAL, frozenset({1, 2}), augen_re=151, announcements=(ANSAGE, 0),
...     sonderpunkte=(Sonderpunkt("fuchs_gefangen", Party.RE), Sonderpunkt("doppelkopf", Party.KONTRA)))
>>> result = score(s, DDV)
>>> result.winner, result.value, result.points
(<Party.RE: 0>, 4, (-4, 4, 4, -4))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import ClassVar, Final

from .cards import AUGEN, HERZ, Card
from .messages import N_, TextError
from .order import CardOrder, card_order
from .rules import (
    ANSAGE,
    KEINE_30,
    KEINE_60,
    KEINE_90,
    LEVEL_KEYS,
    SCHWARZ,
    GameType,
    Party,
    RuleSet,
)
from .values import PerRuleSet, Record

SONDERPUNKT_LABELS = {
    "doppelkopf": N_("Doppelkopf"),
    "fuchs_gefangen": N_("Fuchs gefangen"),
    "karlchen": N_("Karlchen"),
    "karlchen_gefangen": N_("Karlchen gefangen"),
    "fuchs_am_end": N_("Fuchs am End"),
    "fuchs_gefangen_am_end": N_("Fuchs gefangen am End"),
    "doppelfuchs_am_end": N_("Doppelfuchs am End"),
    "doppelkarlchen": N_("Doppelkarlchen"),
    "doppelkarlchen_gefangen": N_("Doppelkarlchen gefangen"),
    "dulle_gefangen": N_("Dulle gefangen"),
    "herzstich": N_("Herzstich"),
}

# Enum facts as plain tuples and constants: reading an enum member or property costs far more than a
# global or a tuple index, and scoring runs once per game.
# (Final: read as constants where compiled, not looked up in the module's namespace on each use)
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_PARTIES: Final = (Party.RE, Party.KONTRA)
_OTHER: Final = (Party.KONTRA, Party.RE)  # indexed by a Party: the other one
_PARTY_KEY: Final[tuple[str, ...]] = tuple([p.name.lower() for p in _PARTIES])  # "re", "kontra"
_PARTY_LABEL: Final[tuple[str, ...]] = tuple([p.label for p in _PARTIES])  # "Re", "Kontra"
_NORMAL: Final = GameType.NORMAL
_HOCHZEIT: Final = GameType.HOCHZEIT
_ARMUT: Final = GameType.ARMUT
_STILLE_HOCHZEIT: Final = GameType.STILLE_HOCHZEIT
_GAME_TYPES: Final[tuple[GameType, ...]] = tuple(sorted(GameType))  # indexed by a GameType
_IS_SOLO: Final[tuple[bool, ...]] = tuple([g.is_declared_solo for g in _GAME_TYPES])
_GAME_KEY: Final[tuple[str, ...]] = tuple([g.key for g in _GAME_TYPES])
_SEATS: Final = frozenset(range(4))
_KARO_ASS: Final = int(Card.KARO_ASS)
_KREUZ_BUBE: Final = int(Card.KREUZ_BUBE)
_KARO_DAME: Final = int(Card.KARO_DAME)
_HERZ: Final = HERZ

#: The Farbsoli: the game keys the word ``trumpf`` stands for in ``solo_factors`` and ``sonderpunkte_soli``
#: (seed 000 "Trumpfsolo": the normal trumps; seed 002 "Trumpfsolo": Karo swapped for any suit).
TRUMPF_SOLI = ("kreuz", "pik", "herz", "karo")


class ScoreError(TextError):
    """A game summary cannot be scored; the message names the field at fault."""


class Sonderpunkt(Record):
    """One Sonderpunkt: ``kind`` (``doppelkopf``, ``fuchs_gefangen``, ``karlchen``) won by ``party``.

    ``trick`` is the 0-based trick it was made in, when known. Immutable and compared by value
    (a :class:`~doppelkopf.values.Record`).
    """

    _fields: ClassVar[tuple[str, ...]] = ("kind", "party", "trick")

    def __init__(self, kind: str, party: Party, trick: int | None = None) -> None:
        self.kind: Final = kind
        self.party: Final = party
        self.trick: Final = trick


class GameSummary(Record):
    """What scoring needs to know of a finished game (from play, or typed in from a real table).

    Attributes:
        game_type: the game played.
        re_seats: seats 0..3 of the Re party (one seat in a solo or a Hochzeit without partner).
        augen_re: Augen in the Re party's tricks, 0..240 (Kontra has the rest).
        tricks_re, tricks_kontra: tricks won; ``None`` means unknown (then a party with 0 Augen is
            taken to have no trick and any other party at least one).
        announcements: highest announcement level of (Re, Kontra): 0 none, 1 Re/Kontra,
            2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz. A level implies all levels below it.
        sonderpunkte: the Sonderpunkte made, each with its party.

    Immutable and compared by value (a :class:`~doppelkopf.values.Record`); :meth:`replace` gives
    a changed copy.
    """

    _fields: ClassVar[tuple[str, ...]] = (
        "game_type",
        "re_seats",
        "augen_re",
        "tricks_re",
        "tricks_kontra",
        "announcements",
        "sonderpunkte",
    )

    def __init__(
        self,
        game_type: GameType,
        re_seats: frozenset[int],
        augen_re: int,
        tricks_re: int | None = None,
        tricks_kontra: int | None = None,
        announcements: tuple[int, int] = (0, 0),
        sonderpunkte: tuple[Sonderpunkt, ...] = (),
    ) -> None:
        self.game_type: Final = game_type
        self.re_seats: Final = re_seats
        self.augen_re: Final = augen_re
        self.tricks_re: Final = tricks_re
        self.tricks_kontra: Final = tricks_kontra
        self.announcements: Final = announcements
        self.sonderpunkte: Final = sonderpunkte

    @property
    def augen_kontra(self) -> int:
        return 240 - self.augen_re

    def augen(self, party: Party) -> int:
        return self.augen_re if party is _RE else 240 - self.augen_re

    def has_trick(self, party: Party) -> bool:
        tricks = self.tricks_re if party is _RE else self.tricks_kontra
        if tricks is None:
            return self.augen(party) > 0
        return tricks > 0

    def party_of(self, seat: int) -> Party:
        return _RE if seat in self.re_seats else _KONTRA


class ScoreItem(Record):
    """One line of the score table: ``punkte`` counted for the scoring party (the winner).
    Immutable and compared by value (a :class:`~doppelkopf.values.Record`).

    ``key`` is the line's stable name (``gewonnen``, ``unter_90``, ``re_angesagt``, ``sonderpunkte_re``
    ...); ``label`` is what people read, in English, a plain ``str``: a message of the catalogue
    (``"Won"``, ``"Opponents under 90"``), which a front end shows with ``tr.text(item.label)`` (German
    ``Gewonnen``, ``Gegner unter 90``, as on the seed 004 tables). The Sonderpunkte line
    (``"Sonderpunkte Re (2× Fuchs gefangen, Karlchen)"``) is made of the glossary's terms, the same in
    both languages."""

    _fields: ClassVar[tuple[str, ...]] = ("key", "label", "punkte")

    def __init__(self, key: str, label: str, punkte: int) -> None:
        self.key: Final = key
        self.label: Final = label
        self.punkte: Final = punkte


class Score(Record):
    """The scored game.

    Attributes:
        winner: ``Party.RE``, ``Party.KONTRA`` or ``None`` (nobody reached its goal).
        items: the table lines, signed from the winner's side (from Re's side if nobody won).
        value: the game value in Punkte: sum of the items (may be negative through Sonderpunkte).
        points: Punkte of each seat 0..3, the Bock ``multiplier`` applied; they sum to zero.
        solo: True when scored as a solo (one player against three, with the solo factor).
        factor: the lone player's multiple of the value (1 in a game of two against two; 3 in a TSR
            solo and in a one-against-three game scored as normal; 3 x N with a ``solo_factors`` entry N).
        sonderpunkte_value: the part of ``value`` that is Sonderpunkte (netted, signed like ``value``;
            with ``gegen_die_alten_as = "sonderpunkt"`` the Punkt gegen die Alten is part of it).
            ``game_value`` is the rest.
        shares: each seat's multiple of the value before any Bock (``points == value * shares`` when
            ``multiplier`` is 1), e.g. ``(-1, 1, 1, -1)`` or ``(3, -1, -1, -1)``; they sum to zero.
            ``None`` only in a Score built by hand (then derived from ``points`` when possible).
        multiplier: the Bock multiplier already applied to ``points`` (1: no Bock).
        sonderpunkte_multiplied: whether that multiplier also multiplied the Sonderpunkte.

    Immutable and compared by value (a :class:`~doppelkopf.values.Record`); :meth:`replace` gives
    a changed copy.
    """

    _fields: ClassVar[tuple[str, ...]] = (
        "winner",
        "items",
        "value",
        "points",
        "solo",
        "factor",
        "sonderpunkte_value",
        "shares",
        "multiplier",
        "sonderpunkte_multiplied",
    )

    def __init__(
        self,
        winner: Party | None,
        items: tuple[ScoreItem, ...],
        value: int,
        points: tuple[int, int, int, int],
        solo: bool,
        factor: int,
        sonderpunkte_value: int = 0,
        shares: tuple[int, int, int, int] | None = None,
        multiplier: int = 1,
        sonderpunkte_multiplied: bool = True,
    ) -> None:
        self.winner: Final = winner
        self.items: Final = items
        self.value: Final = value
        self.points: Final = points
        self.solo: Final = solo
        self.factor: Final = factor
        self.sonderpunkte_value: Final = sonderpunkte_value
        self.shares: Final = shares
        self.multiplier: Final = multiplier
        self.sonderpunkte_multiplied: Final = sonderpunkte_multiplied

    @property
    def game_value(self) -> int:
        """The value without the Sonderpunkte, in Punkte (``value - sonderpunkte_value``)."""
        return self.value - self.sonderpunkte_value

    def _shares(self) -> tuple[int, ...]:
        if self.shares is not None:
            return self.shares
        if self.multiplier == 1 and self.value != 0 and all(p % self.value == 0 for p in self.points):
            return tuple(p // self.value for p in self.points)
        if self.points == (0, 0, 0, 0) and self.sonderpunkte_value == 0:
            return (0, 0, 0, 0)
        raise ScoreError("shares: unknown for this hand-built Score; cannot apply a multiplier")

    def points_with_multiplier(self, multiplier: int, sonderpunkte_too: bool = True) -> tuple[int, int, int, int]:
        """Punkte of each seat when a Bock ``multiplier`` (1, 2, 4 ...) multiplies the game.

        The game points (``game_value``) are multiplied, the Sonderpunkte too if ``sonderpunkte_too``
        (seed 004, Sonderfälle: "Alle Punkte des Spiels werden verdoppelt, auch die Sonderpunkte";
        seed 002: "Böcke verdoppeln die so gezählten Punkte"), else they count once. Computed from
        the unmultiplied score, so it does not matter whether ``multiplier`` was applied before.
        The Punkte sum to zero. Raises ScoreError for a multiplier below 1.
        """
        if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
            raise ScoreError("multiplier: must be an integer >= 1, got {multiplier!r}", multiplier=multiplier)
        total = self.game_value * multiplier + self.sonderpunkte_value * (multiplier if sonderpunkte_too else 1)
        return tuple(total * share for share in self._shares())  # type: ignore[return-value]

    def with_multiplier(self, multiplier: int, sonderpunkte_too: bool = True) -> Score:
        """This score as a Bock game: ``points`` from :meth:`points_with_multiplier`, the rest unchanged
        (``items`` and ``value`` stay those of the game itself)."""
        points = self.points_with_multiplier(multiplier, sonderpunkte_too)
        return self.replace(
            points=points,
            shares=tuple(self._shares()),
            multiplier=multiplier,
            sonderpunkte_multiplied=sonderpunkte_too,
        )

    def table(self) -> list[tuple[str, int]]:
        """Rows ``(Posten, Punkte)`` like the tables of seed 004, ending with the Summe; the Punkte are
        ints, signed from the winner's side (from Re's side if nobody won). :func:`signed` writes them as
        the seed does (``+4``, ``−1``, ``0``).

        >>> from doppelkopf.rules import DDV, GameType
        >>> score(GameSummary(GameType.NORMAL, frozenset({0, 1}), augen_re=100), DDV).table()
        [('Won', 1), ('Gegen die Alten', 1), ('Summe', 2)]
        """
        rows = [(item.label, item.punkte) for item in self.items]
        rows.append((_SUMME_LABEL, self.value))
        return rows


def signed(punkte: int) -> str:
    """Punkte with their sign as on a score sheet: ``+4``, ``−1`` (a true minus sign), ``0``."""
    return f"+{punkte}" if punkte > 0 else f"−{-punkte}" if punkte < 0 else "0"


def scored_as_solo(summary: GameSummary, rules: RuleSet) -> bool:
    """Whether the game counts as a solo: a declared solo, or a lone Hochzeit/Stille Hochzeit
    when the rule set scores it so (TSR 4.4; seed 004, "Sonderfälle")."""
    game_type = summary.game_type
    if _IS_SOLO[game_type]:
        return True
    if len(summary.re_seats) != 1:
        return False
    if game_type is _STILLE_HOCHZEIT:
        return rules.stille_hochzeit_as == "solo"
    if game_type is _HOCHZEIT:
        return rules.hochzeit_alone_as == "solo"
    return False


# -- house rules of scoring: solo factors, Sonderpunkte per game, Feigheit -----------------------


def _solo_key_matches(key: str, keys: Sequence[str]) -> bool:
    return key in keys or (key in TRUMPF_SOLI and "trumpf" in keys)


def solo_multiplier(rules: RuleSet, game_type: GameType) -> int:
    """How many times the game value each of the three opponents wins or loses when ``game_type``
    is scored as a solo: its ``solo_factors`` entry N (``trumpf`` for a Farbsolo), else
    ``solo_factor / 3`` (TSR 7.2.4: 1).

    Seed 000, Solo: "Die dann erzielten Punkte werden im Gegensatz zum normalen Spiel dann
    multipliziert ... Bubensolo x2, Damensolo x3, stiller Solo x4 und Trumpfsolo x5": the Punkte a
    player writes are multiplied, so each opponent pays N x value and the soloist, who plays
    against three, gets 3 x N x value (the only reading that keeps the seed's own checks: the sum
    is zero and all four Punkte are even or all odd).
    """
    factors = rules.solo_factor_table
    key = _GAME_KEY[game_type]
    if key in factors:
        return factors[key]
    if key in TRUMPF_SOLI and "trumpf" in factors:
        return factors["trumpf"]
    return rules.solo_factor // 3


def solo_factor(rules: RuleSet, game_type: GameType) -> int:
    """The soloist's multiple of the game value when ``game_type`` is scored as a solo: 3 x
    :func:`solo_multiplier` (TSR 7.2.4: 3; seed 000: Bubensolo 6, Damensolo 9, stilles Solo 12,
    Trumpfsolo 15). Ranks soli by their worth (seed 000: "darf der, der den höheren spielen
    möchte"). ``game_type`` is a solo, a Stille Hochzeit or a Hochzeit (as if scored as a solo);
    raises ValueError for a game of two against two (normal game, Armut).
    """
    if game_type is _NORMAL or game_type is _ARMUT:
        raise ValueError(f"solo_factor: the {game_type.german} is not played alone")
    return 3 * solo_multiplier(rules, game_type)


def counting_sonderpunkte(rules: RuleSet, game_type: GameType, solo: bool) -> frozenset[str]:
    """The kinds of Sonderpunkte that count in a game of ``game_type`` (``solo``: scored as a solo).

    Not a solo: every kind of ``rules.sonderpunkte`` (TSR 7.2.3). A solo (TSR 7.2.4: none): all of
    them if ``sonderpunkte_in_solo`` or the game is listed in ``sonderpunkte_soli`` (seed 000:
    stilles Solo and Trumpfsolo), else those also in ``solo_sonderpunkte`` (seed 002: only the
    Doppelkopf).
    """
    kinds = frozenset(rules.sonderpunkte)
    if not solo or rules.sonderpunkte_in_solo or _solo_key_matches(_GAME_KEY[game_type], rules.sonderpunkte_soli):
        return kinds
    return kinds & frozenset(rules.solo_sonderpunkte)


def counted_sonderpunkte(summary: GameSummary, rules: RuleSet) -> tuple[Sonderpunkt, ...]:
    """The Sonderpunkte of ``summary`` that count in its score (see :func:`counting_sonderpunkte`)."""
    kinds = counting_sonderpunkte(rules, summary.game_type, scored_as_solo(summary, rules))
    return tuple(s for s in summary.sonderpunkte if s.kind in kinds)


def feigheit_winner(summary: GameSummary, rules: RuleSet) -> tuple[Party, str] | None:
    """The party that wins by Feigheit or Superfeigheit, with ``"feigheit"`` or ``"superfeigheit"``;
    ``None`` if neither applies (seed 002, Feigheit).

    Reading of the seed (its "Punkte" are Augen here, as in "mindestens 121 Punkte"):

    - Feigheit (``rules.feigheit``): "Bleibt eine Partei unter 30 Punkten, ohne dass die
      Gegenpartei 'Keine 90' gesagt hat, so hat sie trotz der wenigen Punkte gewonnen": a party
      with fewer than 30 Augen wins when the other party's announcements stop below keine 90.
    - Superfeigheit (``rules.superfeigheit``): "Gewinnt eine Partei gar keine Punkte, ohne das die
      Gegenpartei 'Keine 60' gesagt hat, so hat sie das Spiel trotzdem gewonnen": a party with
      0 Augen (a trick of four Neunen is still 0 Augen) wins when the other party did not say
      keine 60 (keine 90 alone does not stop it).
    - Not for a party that made any announcement ("Wer eine Ansage gemacht hat kann nicht selbst
      auf Feigheit spielen"), not for the player of a Stille Hochzeit (its three opponents may),
      and never in a game scored as a solo ("Im Solo gibt es keine Feigheit").
    """
    if not (rules.feigheit or rules.superfeigheit) or scored_as_solo(summary, rules):
        return None
    for party in _PARTIES:
        if summary.announcements[party] >= ANSAGE:
            continue
        if party is _RE and summary.game_type is _STILLE_HOCHZEIT:
            continue
        other_level = summary.announcements[_OTHER[party]]
        augen = summary.augen(party)
        if rules.superfeigheit and augen == 0 and other_level < KEINE_60:
            return party, "superfeigheit"
        if rules.feigheit and augen < 30 and other_level < KEINE_90:
            return party, "feigheit"
    return None


def _gegen_die_alten_counts(summary: GameSummary, rules: RuleSet, solo: bool) -> bool:
    """Whether Kontra's win earns the Punkt gegen die Alten (TSR 7.2.3; none in a solo, 7.2.4, unless
    ``gegen_die_alten_in_solo``: then also the three opponents who win a game scored as a solo).

    With ``gegen_die_alten_as = "sonderpunkt"`` it also counts against a Stille Hochzeit or lone
    Hochzeit scored as a solo in which all Sonderpunkte count (seed 000: Sonderpunkte count "bei
    stillen Soli", and the stille Solist holds both Kreuz-Damen, "die Alten").
    """
    if not rules.gegen_die_alten:
        return False
    if not solo or rules.gegen_die_alten_in_solo:
        return True
    if rules.gegen_die_alten_as != "sonderpunkt":
        return False
    if summary.game_type not in (GameType.STILLE_HOCHZEIT, GameType.HOCHZEIT):
        return False
    return rules.sonderpunkte_in_solo or _solo_key_matches(summary.game_type.key, rules.sonderpunkte_soli)


_REACH: Final = {KEINE_90: 90, KEINE_60: 60, KEINE_30: 30}


def reaches_goal(summary: GameSummary, party: Party, rules: RuleSet) -> bool:
    """Whether ``party`` reached its goal (TSR 7.1; seed 004, step 1).

    Its own Absage must be fulfilled (keine 90 means the other side ends under 90, schwarz that it
    has no trick); against an Absage of the other side it needs 90, 60, 30 Augen or one trick;
    without Absagen Re needs 121 Augen and Kontra 120, the other way round if only Kontra made an
    Ansage and the rule ``re_120_after_kontra`` holds (TSR 7.1, seed 000; not in seeds 002 and 004).
    """
    return _reaches(summary, party, rules.re_120_after_kontra)


def _reaches(summary: GameSummary, party: Party, re_120_after_kontra: bool) -> bool:
    """:func:`reaches_goal` with the rule ``re_120_after_kontra`` read."""
    other_party = _OTHER[party]
    own, other = summary.announcements[party], summary.announcements[other_party]
    mine, theirs = summary.augen(party), summary.augen(other_party)
    if own >= KEINE_90:
        if own == SCHWARZ:
            return not summary.has_trick(other_party)
        return theirs < _REACH[own]
    if other >= KEINE_90:
        if other == SCHWARZ:
            return summary.has_trick(party)
        return mine >= _REACH[other]
    only_kontra = (
        re_120_after_kontra and summary.announcements[_KONTRA] >= ANSAGE and summary.announcements[_RE] < ANSAGE
    )
    if party is _RE:
        return mine >= (120 if only_kontra else 121)
    return mine >= (121 if only_kontra else 120)


def winner(summary: GameSummary, rules: RuleSet) -> Party | None:
    """The winning party by Augen and announcements, or ``None`` when neither reached its goal
    (TSR 7.1; see :func:`reaches_goal`). Feigheit (seed 002) is decided by :func:`score`."""
    return _winner(summary, rules.re_120_after_kontra)


def _winner(summary: GameSummary, re_120_after_kontra: bool) -> Party | None:
    for party in _PARTIES:
        if _reaches(summary, party, re_120_after_kontra):
            return party
    return None


def _validate(summary: GameSummary, hand: int) -> None:
    """Raise ScoreError for a summary no game can end with (``hand``: cards per hand)."""
    if not 0 <= summary.augen_re <= 240:
        raise ScoreError("augen_re: {augen_re} is outside 0..240", augen_re=summary.augen_re)
    if not 1 <= len(summary.re_seats) <= 2 or not summary.re_seats <= _SEATS:
        raise ScoreError(
            "re: the Re party must be 1 or 2 of the seats 0..3, got {re_seats}", re_seats=sorted(summary.re_seats)
        )
    game_type, re_count = summary.game_type, len(summary.re_seats)
    if _IS_SOLO[game_type] and re_count != 1:
        raise ScoreError("re: in a solo the Re party is the soloist alone")
    if game_type is _STILLE_HOCHZEIT and re_count != 1:
        raise ScoreError("re: in a Stille Hochzeit the Re party is the player with both Kreuz-Damen alone")
    if game_type is _NORMAL and re_count != 2:
        raise ScoreError("re: in a normal game the Re party is the two players with the Kreuz-Damen")
    if game_type is _ARMUT and re_count != 2:
        raise ScoreError("re: in an Armut the Re party is the poor player and the player who took the cards")
    for level in summary.announcements:
        if not 0 <= level <= SCHWARZ:
            raise ScoreError("announcements: level {level} is outside 0..5", level=level)
    for name, tricks in (("tricks_re", summary.tricks_re), ("tricks_kontra", summary.tricks_kontra)):
        if tricks is not None and not 0 <= tricks <= hand:
            raise ScoreError("{name}: {tricks} is outside 0..{hand}", name=name, tricks=tricks, hand=hand)
    if summary.tricks_re is not None and summary.tricks_kontra is not None:
        if summary.tricks_re + summary.tricks_kontra != hand:
            raise ScoreError("tricks_re + tricks_kontra must be {hand}", hand=hand)
    for party in _PARTIES:
        if summary.augen(party) > 0 and summary.tricks_re is not None and summary.tricks_kontra is not None:
            if not summary.has_trick(party):
                raise ScoreError("tricks: {label} has Augen but no trick", label=party.label)


def score(summary: GameSummary, rules: RuleSet) -> Score:
    """Score a finished game under ``rules`` (seed 004 "Das Schema in vier Schritten"; TSR 7).

    House rules read here: ``re_120_after_kontra`` (who wins, :func:`winner`),
    ``feigheit``/``superfeigheit`` (who wins, :func:`feigheit_winner`), ``absage_punkte`` and
    ``reached_against_absage`` (which Absage lines count),
    ``solo_bonus`` (a "Solo" line for the winner of a solo), ``gegen_die_alten_as``, the Sonderpunkte
    that count in the game (:func:`counting_sonderpunkte`) and the solo factor per game
    (:func:`solo_factor`).

    Returns a :class:`Score` whose ``points`` sum to zero. Raises :class:`ScoreError` naming the
    field when the summary is impossible (Augen outside 0..240, a solo with two Re players, ...).
    """
    opts = _SCORE_OPTIONS.get(rules)
    _validate(summary, opts.hand_size)
    game_type = summary.game_type
    solo = scored_as_solo(summary, rules)
    won = _winner(summary, opts.re_120_after_kontra)  # winner(summary, rules)
    feige = feigheit_winner(summary, rules) if opts.feigheit else None  # rules.feigheit, superfeigheit
    if feige is not None:
        won = feige[0]
    items: list[ScoreItem] = []
    sonder_value = 0
    side = won if won is not None else _RE
    announcements = summary.announcements
    if won is not None:
        items.append(_GEWONNEN if feige is None else _line("gewonnen", _FEIGE_LABELS[feige[1]], 1))
        _against_items(items, summary, won, 0)
        doubles = opts.ansage_doubles  # rules.ansage_doubles
        if not doubles:
            for party in _PARTIES:
                if announcements[party] >= ANSAGE:
                    items.append(_ANGESAGT[party])
        for party in _PARTIES:
            if party is won or opts.every_absage:  # rules.absage_punkte
                for level in range(KEINE_90, announcements[party] + 1):
                    items.append(_ABGESAGT[party][level - KEINE_90])
        if opts.reached_against_absage:  # rules.reached_against_absage
            _reached_items(items, summary, won, 0)
        if solo and opts.solo_bonus:  # rules.solo_bonus
            items.append(_item("solo", _SOLO_LABEL, opts.solo_bonus))
        gegen_die_alten = won is _KONTRA and _gegen_die_alten_counts(summary, rules, solo)
        if gegen_die_alten and opts.gegen_die_alten_doubled:  # rules.kontra_doubles_gegen_die_alten
            items.append(_GEGEN_DIE_ALTEN)
            gegen_die_alten = False
            if opts.gegen_die_alten_sonderpunkt:  # rules.gegen_die_alten_as
                sonder_value += 1
        if doubles:
            _doubling_items(items, announcements)
        if gegen_die_alten:
            items.append(_GEGEN_DIE_ALTEN)
            if opts.gegen_die_alten_sonderpunkt:  # rules.gegen_die_alten_as
                sonder_value += 1
    elif opts.nobody_wins_tsr:  # rules.nobody_wins
        # TSR 7.1.3: no Gewonnen, no points for An- and Absagen; each party keeps what it played
        # (the other side under 90, 60, 30, schwarz) and the Augen it reached against an Absage.
        for party in _PARTIES:
            sign = 1 if party is _RE else -1
            own: list[ScoreItem] = []
            _against_items(own, summary, party, 1 + party)
            if opts.reached_against_absage:
                _reached_items(own, summary, party, 1 + party)
            for item in own:
                items.append(_item(f"{item.key}_{_PARTY_KEY[party]}", item.label, sign * item.punkte))
    if summary.sonderpunkte:
        counting = opts.counting[2 * game_type + solo]  # counting_sonderpunkte(rules, game_type, solo)
        for party in (side, _OTHER[side]):
            kinds = [s.kind for s in summary.sonderpunkte if s.party is party and s.kind in counting]
            if kinds:
                sign = 1 if party is side else -1
                items.append(
                    _item(
                        f"sonderpunkte_{_PARTY_KEY[party]}",
                        f"Sonderpunkte {_PARTY_LABEL[party]} ({_detail(kinds)})",
                        sign * len(kinds),
                    )
                )
                sonder_value += sign * len(kinds)
    value = 0
    for item in items:
        value += item.punkte
    if solo:
        factor = opts.solo_factors[game_type]  # solo_factor(rules, game_type)
    else:
        factor = 3 if len(summary.re_seats) == 1 else 1
    shares = _shares(summary, side, factor)
    points = (value * shares[0], value * shares[1], value * shares[2], value * shares[3])
    return Score(won, tuple(items), value, points, solo, factor, sonder_value, shares, 1, True)


def _detail(kinds: list[str]) -> str:
    """The Sonderpunkte of one party: ``2× Fuchs gefangen, Karlchen`` (each kind once, in the order first
    made, with its count when more than one; the glossary's names, the same in German and English)."""
    return ", ".join(
        f"{kinds.count(k)}× {SONDERPUNKT_LABELS[k]}" if kinds.count(k) > 1 else SONDERPUNKT_LABELS[k]
        for k in dict.fromkeys(kinds)
    )


def _doubling_items(items: list[ScoreItem], announcements: tuple[int, int]) -> None:
    """Append a line for each of Re and Kontra angesagt that doubles the game points so far (rule
    ``ansage_doubles``; FreeDoko, ANNOUNCEMENT_RE_DOUBLES): the line holds the Punkte the doubling adds,
    so that the items still sum to the value (Gewonnen 1 + unter 90 1, Re angesagt: +2; Kontra angesagt
    too: +4 more, 8 in all)."""
    for party in _PARTIES:
        if announcements[party] >= ANSAGE:
            so_far = 0
            for item in items:
                so_far += item.punkte
            items.append(_item(f"{_PARTY_KEY[party]}_angesagt", _DOUBLES_LABELS[party], so_far))


def _item(key: str, label: str, punkte: int) -> ScoreItem:
    return ScoreItem(key, label, punkte)


@cache
def _line(key: str, label: str, punkte: int) -> ScoreItem:
    """The :class:`ScoreItem` of a fixed table line (the same object each time: items are immutable)."""
    return ScoreItem(key, label, punkte)


# The fixed lines of the table, made once (TSR 7.2.2); a suffix index 0 is none, 1 " (Re)", 2 " (Kontra)".
# The labels are English messages of the catalogue, written out so that the catalogue finds them; the
# German ones are the seed 004 tables' ("Gewonnen", "Gegner unter 90", "Re angesagt", "keine 90 abgesagt").
_GEWONNEN: Final = ScoreItem("gewonnen", N_("Won"), 1)
#: "Gewonnen (Feigheit)": the game won because the winner did not announce what it had (rules.feigheit).
_FEIGE_LABELS: Final = {"feigheit": N_("Won (Feigheit)"), "superfeigheit": N_("Won (Superfeigheit)")}
_SOLO_LABEL: Final = N_("Solo")
_SUMME_LABEL: Final = N_("Summe")
_GEGEN_DIE_ALTEN: Final = ScoreItem("gegen_die_alten", N_("Gegen die Alten"), 1)
_ANGESAGT_LABELS: Final = (N_("Re announced"), N_("Kontra announced"))
#: The Ansage lines under ``ansage_doubles`` (German "Re angesagt (verdoppelt)").
_DOUBLES_LABELS: Final = (N_("Re announced (doubles)"), N_("Kontra announced (doubles)"))
_ANGESAGT: Final[tuple[ScoreItem, ...]] = tuple(
    [ScoreItem(f"{_PARTY_KEY[p]}_angesagt", _ANGESAGT_LABELS[p], 2) for p in _PARTIES]
)
#: The Absage labels by party, then level - KEINE_90 (keine 90 .. schwarz).
_ABGESAGT_LABELS: Final = (
    (N_("keine 90 announced (Re)"), N_("keine 60 announced (Re)"), N_("keine 30 announced (Re)")),
    (N_("keine 90 announced (Kontra)"), N_("keine 60 announced (Kontra)"), N_("keine 30 announced (Kontra)")),
)
_SCHWARZ_ABGESAGT_LABELS: Final = (N_("schwarz announced (Re)"), N_("schwarz announced (Kontra)"))
#: The Absage lines by party and level - KEINE_90 (keine 90 .. schwarz).
_ABGESAGT: Final[tuple[tuple[ScoreItem, ...], ...]] = tuple(
    [
        tuple(
            [
                ScoreItem(
                    f"{LEVEL_KEYS[level]}_{_PARTY_KEY[p]}",
                    _ABGESAGT_LABELS[p][level - KEINE_90] if level < SCHWARZ else _SCHWARZ_ABGESAGT_LABELS[p],
                    1,
                )
                for level in range(KEINE_90, SCHWARZ + 1)
            ]
        )
        for p in _PARTIES
    ]
)
#: "Gegner unter 90/60/30" and "Gegner schwarz", by suffix index.
_UNTER_LABELS: Final = (
    (N_("Opponents under 90"), N_("Opponents under 60"), N_("Opponents under 30"), N_("Opponents schwarz")),
    (
        N_("Opponents under 90 (Re)"),
        N_("Opponents under 60 (Re)"),
        N_("Opponents under 30 (Re)"),
        N_("Opponents schwarz (Re)"),
    ),
    (
        N_("Opponents under 90 (Kontra)"),
        N_("Opponents under 60 (Kontra)"),
        N_("Opponents under 30 (Kontra)"),
        N_("Opponents schwarz (Kontra)"),
    ),
)
_UNTER: Final[tuple[tuple[ScoreItem, ScoreItem, ScoreItem, ScoreItem], ...]] = tuple(
    [
        (
            ScoreItem("unter_90", labels[0], 1),
            ScoreItem("unter_60", labels[1], 1),
            ScoreItem("unter_30", labels[2], 1),
            ScoreItem("schwarz", labels[3], 1),
        )
        for labels in _UNTER_LABELS
    ]
)
#: The Augen reached against an Absage: (Absage, Augen needed), and the lines by suffix index.
# (a tuple made at run time: mypyc would build a literal Final tuple anew at each use)
_REACHED: Final[tuple[tuple[int, int], ...]] = tuple([(KEINE_90, 120), (KEINE_60, 90), (KEINE_30, 60), (SCHWARZ, 30)])
_REACHED_LABELS: Final = (
    (
        N_("120 Augen against keine 90"),
        N_("90 Augen against keine 60"),
        N_("60 Augen against keine 30"),
        N_("30 Augen against schwarz"),
    ),
    (
        N_("120 Augen against keine 90 (Re)"),
        N_("90 Augen against keine 60 (Re)"),
        N_("60 Augen against keine 30 (Re)"),
        N_("30 Augen against schwarz (Re)"),
    ),
    (
        N_("120 Augen against keine 90 (Kontra)"),
        N_("90 Augen against keine 60 (Kontra)"),
        N_("60 Augen against keine 30 (Kontra)"),
        N_("30 Augen against schwarz (Kontra)"),
    ),
)
_REACHED_LINES: Final[tuple[tuple[ScoreItem, ...], ...]] = tuple(
    [
        tuple(
            [
                ScoreItem(f"{reached}_gegen_{LEVEL_KEYS[absage]}", labels[index], 1)
                for index, (absage, reached) in enumerate(_REACHED)
            ]
        )
        for labels in _REACHED_LABELS
    ]
)


def _against_items(out: list[ScoreItem], summary: GameSummary, party: Party, suffix: int) -> None:
    """Append "unter 90/60/30" and "schwarz" played by ``party`` against the other side (TSR
    7.2.2 a) to ``out``; ``suffix`` indexes ``_SUFFIXES``."""
    other_party = _OTHER[party]
    other = summary.augen(other_party)
    lines = _UNTER[suffix]
    if other < 90:
        out.append(lines[0])
        if other < 60:
            out.append(lines[1])
            if other < 30:
                out.append(lines[2])
    if not summary.has_trick(other_party):
        out.append(lines[3])


def _reached_items(out: list[ScoreItem], summary: GameSummary, party: Party, suffix: int) -> None:
    """Append the Augen ``party`` reached against the other side's Absagen to ``out``: 120 against
    keine 90, 90 against keine 60, 60 against keine 30, 30 against schwarz (TSR 7.2.2 e, f; taken
    literally: Augen); ``suffix`` indexes ``_SUFFIXES``."""
    level = summary.announcements[_OTHER[party]]
    if level < KEINE_90:
        return
    mine = summary.augen(party)
    lines = _REACHED_LINES[suffix]
    for i in range(len(_REACHED)):
        absage, reached = _REACHED[i]
        if level >= absage and mine >= reached:
            out.append(lines[i])


def _shares(summary: GameSummary, side: Party, factor: int) -> tuple[int, int, int, int]:
    """Each seat's multiple of the value, signed from ``side``: +1/-1 in two against two; one
    against three: the lone player ``factor`` (a multiple of 3), each of the three a third of it.

    A lone player scored as a normal game (Hochzeit without partner under seed 000, Stille
    Hochzeit under seed 002) gets 3 x value: each opponent pays the value as in a normal game."""
    re_seats = summary.re_seats
    re_sign = 1 if side is _RE else -1
    signs = [re_sign if seat in re_seats else -re_sign for seat in range(4)]
    if len(re_seats) == 2:
        return tuple(signs)  # type: ignore[return-value]
    each = factor // 3
    shares = [sign * (each * 3 if seat in re_seats else each) for seat, sign in enumerate(signs)]
    return tuple(shares)  # type: ignore[return-value]


# -- Sonderpunkte of played tricks ---------------------------------------------------------------


def sonderpunkte_of_tricks(
    tricks: Sequence[tuple[Sequence[int], Sequence[int], int]],
    party_of: Sequence[Party],
    rules: RuleSet,
    order: CardOrder | None = None,
) -> tuple[Sonderpunkt, ...]:
    """Find the Sonderpunkte in played tricks (TSR 7.2.3; seeds 000 and 002; FreeDoko's extra points).

    ``tricks`` holds for each trick ``(cards, seats, winner_index)`` in play order; ``party_of``
    gives the final party of each seat; ``order`` is the game's card order (default: the normal game's;
    only ``dulle_gefangen`` and ``herzstich`` read it). Kinds found, each one Punkt for the party named:

    - ``doppelkopf``: a trick of at least ``doppelkopf_augen`` Augen, for its winner;
    - ``fuchs_gefangen``: a Fuchs (Karo-Ass) of one party in a trick won by the other, one each;
    - ``karlchen``: the last trick won with the Kreuz-Bube, for the party that played it;
    - ``karlchen_gefangen``: a Kreuz-Bube played in the last trick by the party that does not win
      it, one for the winning party per such Kreuz-Bube (seed 002, Sonderkarten: "Wer den
      gegnerischen Charlie im letzten Stich fängt erhält einen Sonderpunkt"; seed 000, Karlchen
      Müller: "Ein gefangenes Karlchen gibt einen Sonderpunkt für die gegnerische Partei"); with
      ``karlchen_gefangen_karo_dame`` only when a Karo-Dame wins the last trick (FreeDoko,
      EXTRAPOINT_CATCH_CHARLIE_ONLY_WITH_DIAMOND_QUEEN; for ``doppelkarlchen_gefangen`` too);
    - ``fuchs_am_end``: the last trick won with a Karo-Ass, for the party that played it (seed 000,
      Fuchs fangen: "Es wird auch ein Sonderpunkt vergeben, wenn der Fuchs den letzten Stich macht");
    - ``fuchs_gefangen_am_end``: a Fuchs of one party in the last trick won by the other, one each, on
      top of its ``fuchs_gefangen`` (FreeDoko, EXTRAPOINT_CATCH_FOX_LAST_TRICK);
    - ``doppelfuchs_am_end``: the last trick won with a Karo-Ass and the other Karo-Ass in it from the
      same party: one more on top of ``fuchs_am_end`` (FreeDoko, EXTRAPOINT_DOUBLE_FOX_LAST_TRICK);
    - ``doppelkarlchen``: the last trick won with a Kreuz-Bube and the other Kreuz-Bube in it from the
      same party: one more on top of ``karlchen``, 2 with it (FreeDoko, EXTRAPOINT_DOUBLE_CHARLIE);
    - ``doppelkarlchen_gefangen``: both Kreuz-Buben in the last trick from the party that does not win
      it: one more for the winners on top of the ``karlchen_gefangen`` of each (FreeDoko,
      EXTRAPOINT_CATCH_DOUBLE_CHARLIE, which there gives the second caught Karlchen its point);
    - ``dulle_gefangen``: a trick won with a Dulle (the Herz-10 where it trumps) holding the other
      Herz-10 from the other party, for the winners (FreeDoko, EXTRAPOINT_DOLLE_JABS_DOLLE: counted
      whenever a Dulle wins over the other party's Dulle, so it needs a ``dulle`` rule under which
      the second can win, or a first Dulle from the winners);
    - ``herzstich``: a trick of four Herz cards that are not trumps (Herz-Ass, -König, -Neun; with
      ``dullen`` off the Herz-10 too), for its winner (FreeDoko, EXTRAPOINT_HEART_TRICK).

    Each kind is counted on its own; a rule set lists the base kind with its "doppel" or "am End"
    kind for FreeDoko's values. Only kinds listed in ``rules.sonderpunkte`` are returned, and
    ``herzstich`` also where ``rules.bock_triggers`` lists it (the Bock trigger reads it). Whether
    they count in the game type is decided by :func:`score` (see :func:`counting_sonderpunkte`).
    """
    typed = [(tuple(cards), tuple(seats), win) for cards, seats, win in tricks]
    return sonderpunkte_of_typed_tricks(typed, list(party_of), rules, order)


def sonderpunkte_of_typed_tricks(
    tricks: list[tuple[tuple[int, ...], tuple[int, ...], int]],
    party_of: list[Party],
    rules: RuleSet,
    order: CardOrder | None = None,
) -> tuple[Sonderpunkt, ...]:
    """:func:`sonderpunkte_of_tricks` of typed tricks (read as machine ints where compiled): each trick
    is ``(cards, seats, index of the winner in them)`` in play order, ``party_of`` the party of each
    seat 0..3, ``order`` the game's card order (default: the normal game's). Returns the Sonderpunkte
    that ``rules.sonderpunkte`` lists, trick by trick."""
    opts = _SCORE_OPTIONS.get(rules)
    if order is None:
        order = card_order(_NORMAL, dullen=rules.dullen)
    group = order.group
    dulle = order.dulle if opts.dulle_gefangen else -1
    herzstich = opts.herzstich
    found: list[Sonderpunkt] = []
    doppelkopf = opts.doppelkopf_augen
    fuchs = opts.fuchs_gefangen
    last = len(tricks) - 1
    for index in range(len(tricks)):
        cards, seats, win = tricks[index]
        party = party_of[seats[win]]
        total = 0
        for c in cards:
            total += AUGEN[c]
        if total >= doppelkopf:
            found.append(Sonderpunkt("doppelkopf", party, index))
        if fuchs:
            for k in range(len(cards)):
                if cards[k] == _KARO_ASS and party_of[seats[k]] is not party:
                    found.append(Sonderpunkt("fuchs_gefangen", party, index))
        if dulle >= 0 and cards[win] == dulle:
            for k in range(len(cards)):
                if k != win and cards[k] == dulle and party_of[seats[k]] is not party:
                    found.append(Sonderpunkt("dulle_gefangen", party, index))
        if herzstich:
            hearts = 0
            for c in cards:
                if group[c] == _HERZ:
                    hearts += 1
            if hearts == 4:
                found.append(Sonderpunkt("herzstich", party, index))
        if index != last:
            continue
        win_card = cards[win]
        if win_card == _KREUZ_BUBE:
            if opts.karlchen:
                found.append(Sonderpunkt("karlchen", party, index))
            if opts.doppelkarlchen and _partner_card(cards, seats, win, party_of, _KREUZ_BUBE):
                found.append(Sonderpunkt("doppelkarlchen", party, index))
        catcher = opts.karlchen_catcher  # rules.karlchen_gefangen_karo_dame
        if catcher < 0 or win_card == catcher:
            caught = 0
            for k in range(len(cards)):
                if cards[k] == _KREUZ_BUBE and party_of[seats[k]] is not party:
                    caught += 1
                    if opts.karlchen_gefangen:
                        found.append(Sonderpunkt("karlchen_gefangen", party, index))
            if caught == 2 and opts.doppelkarlchen_gefangen:
                found.append(Sonderpunkt("doppelkarlchen_gefangen", party, index))
        if win_card == _KARO_ASS:
            if opts.fuchs_am_end:
                found.append(Sonderpunkt("fuchs_am_end", party, index))
            if opts.doppelfuchs_am_end and _partner_card(cards, seats, win, party_of, _KARO_ASS):
                found.append(Sonderpunkt("doppelfuchs_am_end", party, index))
        if opts.fuchs_gefangen_am_end:
            for k in range(len(cards)):
                if cards[k] == _KARO_ASS and party_of[seats[k]] is not party:
                    found.append(Sonderpunkt("fuchs_gefangen_am_end", party, index))
    return tuple(found)


def _partner_card(cards: tuple[int, ...], seats: tuple[int, ...], win: int, party_of: list[Party], card: int) -> bool:
    """Whether a second ``card`` besides the winning one lies in the trick, from the winner's party."""
    party = party_of[seats[win]]
    for k in range(len(cards)):
        if k != win and cards[k] == card and party_of[seats[k]] is party:
            return True
    return False


class _ScoreOptions:
    """The options of one rule set that :func:`score` and :func:`sonderpunkte_of_tricks` read in
    every game, taken from it once (see :class:`~doppelkopf.values.PerRuleSet`). The tables by
    game type are made by the functions that decide those rules (:func:`solo_factor`,
    :func:`counting_sonderpunkte`)."""

    def __init__(self, rules: RuleSet) -> None:
        self.hand_size: Final[int] = rules.hand_size
        self.solo_bonus: Final[int] = rules.solo_bonus
        self.gegen_die_alten_sonderpunkt: Final[bool] = rules.gegen_die_alten_as == "sonderpunkt"
        self.nobody_wins_tsr: Final[bool] = rules.nobody_wins == "tsr"
        self.feigheit: Final[bool] = rules.feigheit or rules.superfeigheit
        self.re_120_after_kontra: Final[bool] = rules.re_120_after_kontra
        self.every_absage: Final[bool] = rules.absage_punkte == "all"
        self.reached_against_absage: Final[bool] = rules.reached_against_absage
        self.ansage_doubles: Final[bool] = rules.ansage_doubles
        #: the Punkt gegen die Alten is counted before the doubling lines (doubled with them)
        self.gegen_die_alten_doubled: Final[bool] = rules.ansage_doubles and rules.kontra_doubles_gegen_die_alten
        #: solo_factor by game type; 0 for the games not played alone (normal game, Armut)
        self.solo_factors: Final[tuple[int, ...]] = tuple(
            [0 if g is _NORMAL or g is _ARMUT else solo_factor(rules, g) for g in _GAME_TYPES]
        )
        #: counting_sonderpunkte by 2 x game type + scored as solo
        self.counting: Final[tuple[frozenset[str], ...]] = tuple(
            [counting_sonderpunkte(rules, g, solo) for g in _GAME_TYPES for solo in (False, True)]
        )
        wanted = rules.sonderpunkte
        self.doppelkopf_augen: Final[int] = rules.doppelkopf_augen if "doppelkopf" in wanted else 241
        self.fuchs_gefangen: Final[bool] = "fuchs_gefangen" in wanted
        self.karlchen: Final[bool] = "karlchen" in wanted
        self.karlchen_gefangen: Final[bool] = "karlchen_gefangen" in wanted
        self.fuchs_am_end: Final[bool] = "fuchs_am_end" in wanted
        # FreeDoko's kinds (issue 26); karlchen_gefangen_karo_dame: only a Karo-Dame catches a Karlchen
        self.karlchen_catcher: Final[int] = _KARO_DAME if rules.karlchen_gefangen_karo_dame else -1
        self.fuchs_gefangen_am_end: Final[bool] = "fuchs_gefangen_am_end" in wanted
        self.doppelfuchs_am_end: Final[bool] = "doppelfuchs_am_end" in wanted
        self.doppelkarlchen: Final[bool] = "doppelkarlchen" in wanted
        self.doppelkarlchen_gefangen: Final[bool] = "doppelkarlchen_gefangen" in wanted
        self.dulle_gefangen: Final[bool] = "dulle_gefangen" in wanted
        #: also found for the Bock trigger herzstich (session.bock_triggers_fired); counted only if listed
        self.herzstich: Final[bool] = "herzstich" in wanted or "herzstich" in rules.bock_triggers


_SCORE_OPTIONS: Final = PerRuleSet(_ScoreOptions)
