"""Scoring a finished game: winner, game value item by item, Sonderpunkte, Punkte per seat.

The scheme is the one of seed 004 ("Das Schema in vier Schritten") and TSR 7:

1. Who won (TSR 7.1): without Absagen Re needs 121 Augen and Kontra 120; if only Kontra
   announced, Re wins with 120 and Kontra needs 121. A party that made an Absage must fulfil it
   (151, 181, 211 Augen, all tricks); a party without Absage against an Absage of the other side
   wins with 90, 60, 30 Augen or one trick. If both parties made Absagen, neither may reach its goal:
   then nobody wins. TSR 7.1.3 still scores for each party what it played (the other side under
   90/60/30/schwarz, Augen reached against an Absage), netted; seed 004 ("Sonderfälle") nets only
   the Sonderpunkte (option ``nobody_wins``).
2. Game points of the winner (TSR 7.2.2): 1 gewonnen; 1 each for the loser under 90, 60, 30 and
   schwarz; 2 each for Re and Kontra angesagt; 1 for each Absage of either party; 1 each for 120,
   90, 60, 30 Augen reached against the loser's keine 90, 60, 30, schwarz; 1 gegen die Alten when
   Kontra wins a game that is not a solo.
3. Sonderpunkte (TSR 7.2.3) count for the party that made them and are netted against each other
   and the game points; none in a solo (unless the rule set says so).
4. Each winner gets the value, each loser loses it; the soloist gets or pays ``solo_factor`` times
   the value and each opponent a third of that (TSR 7.2; seed 004: "Im Solo zählt der Solist
   dreifach").

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
from dataclasses import dataclass, field

from .cards import AUGEN, Card
from .rules import (
    ANSAGE,
    KEINE_30,
    KEINE_60,
    KEINE_90,
    LEVEL_KEYS,
    LEVEL_LABELS,
    SCHWARZ,
    GameType,
    Party,
    RuleSet,
)

SONDERPUNKT_LABELS = {
    "doppelkopf": "Doppelkopf",
    "fuchs_gefangen": "Fuchs gefangen",
    "karlchen": "Karlchen",
}


class ScoreError(ValueError):
    """A game summary cannot be scored; the message names the field at fault."""


@dataclass(frozen=True)
class Sonderpunkt:
    """One Sonderpunkt: ``kind`` (``doppelkopf``, ``fuchs_gefangen``, ``karlchen``) won by ``party``.

    ``trick`` is the 0-based trick it was made in, when known.
    """

    kind: str
    party: Party
    trick: int | None = None


@dataclass(frozen=True)
class GameSummary:
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
    """

    game_type: GameType
    re_seats: frozenset[int]
    augen_re: int
    tricks_re: int | None = None
    tricks_kontra: int | None = None
    announcements: tuple[int, int] = (0, 0)
    sonderpunkte: tuple[Sonderpunkt, ...] = field(default=())

    @property
    def augen_kontra(self) -> int:
        return 240 - self.augen_re

    def augen(self, party: Party) -> int:
        return self.augen_re if party is Party.RE else 240 - self.augen_re

    def has_trick(self, party: Party) -> bool:
        tricks = self.tricks_re if party is Party.RE else self.tricks_kontra
        if tricks is None:
            return self.augen(party) > 0
        return tricks > 0

    def party_of(self, seat: int) -> Party:
        return Party.RE if seat in self.re_seats else Party.KONTRA


@dataclass(frozen=True)
class ScoreItem:
    """One line of the score table: ``punkte`` counted for the scoring party (the winner)."""

    key: str
    label: str
    punkte: int


@dataclass(frozen=True)
class Score:
    """The scored game.

    Attributes:
        winner: ``Party.RE``, ``Party.KONTRA`` or ``None`` (nobody reached its goal).
        items: the table lines, signed from the winner's side (from Re's side if nobody won).
        value: the game value in Punkte: sum of the items (may be negative through Sonderpunkte).
        points: Punkte of each seat 0..3; they sum to zero.
        solo: True when scored as a solo (one player against three, with the solo factor).
        factor: the soloist's multiple of the value (1 in a game of two against two).
    """

    winner: Party | None
    items: tuple[ScoreItem, ...]
    value: int
    points: tuple[int, int, int, int]
    solo: bool
    factor: int

    def table(self) -> list[tuple[str, str]]:
        """Rows ``(Posten, Punkte)`` like the tables of seed 004, ending with the Summe."""
        rows = [(item.label, _signed(item.punkte)) for item in self.items]
        rows.append(("Summe", _signed(self.value)))
        return rows


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def scored_as_solo(summary: GameSummary, rules: RuleSet) -> bool:
    """Whether the game counts as a solo: a declared solo, or a lone Hochzeit/Stille Hochzeit
    when the rule set scores it so (TSR 4.4; seed 004, "Sonderfälle")."""
    if summary.game_type.is_declared_solo:
        return True
    if len(summary.re_seats) != 1:
        return False
    if summary.game_type is GameType.STILLE_HOCHZEIT:
        return rules.stille_hochzeit_as == "solo"
    if summary.game_type is GameType.HOCHZEIT:
        return rules.hochzeit_alone_as == "solo"
    return False


_REACH = {KEINE_90: 90, KEINE_60: 60, KEINE_30: 30}


def reaches_goal(summary: GameSummary, party: Party) -> bool:
    """Whether ``party`` reached its goal (TSR 7.1).

    Its own Absage must be fulfilled (keine 90 means the other side ends under 90, schwarz that it
    has no trick); without an own Absage it needs 121 Augen (Re) or 120 (Kontra), 120/121 the
    other way round if only Kontra made an Ansage, and against an Absage of the other side 90, 60,
    30 Augen or one trick.
    """
    own, other = summary.announcements[party], summary.announcements[party.other]
    mine, theirs = summary.augen(party), summary.augen(party.other)
    if own >= KEINE_90:
        if own == SCHWARZ:
            return not summary.has_trick(party.other)
        return theirs < _REACH[own]
    if other >= KEINE_90:
        if other == SCHWARZ:
            return summary.has_trick(party)
        return mine >= _REACH[other]
    re_ansage = summary.announcements[Party.RE] >= ANSAGE
    kontra_ansage = summary.announcements[Party.KONTRA] >= ANSAGE
    only_kontra = kontra_ansage and not re_ansage
    if party is Party.RE:
        return mine >= (120 if only_kontra else 121)
    return mine >= (121 if only_kontra else 120)


def winner(summary: GameSummary) -> Party | None:
    """The winning party, or ``None`` when neither reached its goal (TSR 7.1)."""
    for party in (Party.RE, Party.KONTRA):
        if reaches_goal(summary, party):
            return party
    return None


def _validate(summary: GameSummary, rules: RuleSet) -> None:
    if not 0 <= summary.augen_re <= 240:
        raise ScoreError(f"augen_re: {summary.augen_re} is outside 0..240")
    if not 1 <= len(summary.re_seats) <= 2 or not summary.re_seats <= {0, 1, 2, 3}:
        raise ScoreError(f"re: the Re party must be 1 or 2 of the seats 0..3, got {sorted(summary.re_seats)}")
    if summary.game_type.is_declared_solo and len(summary.re_seats) != 1:
        raise ScoreError("re: in a solo the Re party is the soloist alone")
    if summary.game_type is GameType.STILLE_HOCHZEIT and len(summary.re_seats) != 1:
        raise ScoreError("re: in a Stille Hochzeit the Re party is the player with both Kreuz-Damen alone")
    if summary.game_type is GameType.NORMAL and len(summary.re_seats) != 2:
        raise ScoreError("re: in a normal game the Re party is the two players with the Kreuz-Damen")
    for level in summary.announcements:
        if not 0 <= level <= SCHWARZ:
            raise ScoreError(f"announcements: level {level} is outside 0..5")
    hand = rules.hand_size
    for name, tricks in (("tricks_re", summary.tricks_re), ("tricks_kontra", summary.tricks_kontra)):
        if tricks is not None and not 0 <= tricks <= hand:
            raise ScoreError(f"{name}: {tricks} is outside 0..{hand}")
    if summary.tricks_re is not None and summary.tricks_kontra is not None:
        if summary.tricks_re + summary.tricks_kontra != hand:
            raise ScoreError(f"tricks_re + tricks_kontra must be {hand}")
    for party in Party:
        if summary.augen(party) > 0 and summary.tricks_re is not None and summary.tricks_kontra is not None:
            if not summary.has_trick(party):
                raise ScoreError(f"tricks: {party.label} has Augen but no trick")


def score(summary: GameSummary, rules: RuleSet) -> Score:
    """Score a finished game under ``rules`` (seed 004 "Das Schema in vier Schritten"; TSR 7).

    Returns a :class:`Score` whose ``points`` sum to zero. Raises :class:`ScoreError` naming the
    field when the summary is impossible (Augen outside 0..240, a solo with two Re players, ...).
    """
    _validate(summary, rules)
    solo = scored_as_solo(summary, rules)
    won = winner(summary)
    items: list[ScoreItem] = []
    side = won if won is not None else Party.RE
    if won is not None:
        items.append(ScoreItem("gewonnen", "Gewonnen", 1))
        items.extend(_against_items(summary, won, ""))
        for party in Party:
            if summary.announcements[party] >= ANSAGE:
                items.append(ScoreItem(f"{party.name.lower()}_angesagt", f"{party.label} angesagt", 2))
        for party in Party:
            for level in range(KEINE_90, summary.announcements[party] + 1):
                items.append(
                    ScoreItem(
                        f"{LEVEL_KEYS[level]}_{party.name.lower()}",
                        f"{LEVEL_LABELS[level]} abgesagt ({party.label})",
                        1,
                    )
                )
        items.extend(_reached_items(summary, won, ""))
        if won is Party.KONTRA and not solo and rules.gegen_die_alten:
            items.append(ScoreItem("gegen_die_alten", "Gegen die Alten", 1))
    elif rules.nobody_wins == "tsr":
        # TSR 7.1.3: no Gewonnen, no points for An- and Absagen; each party keeps what it played
        # (the other side under 90, 60, 30, schwarz) and the Augen it reached against an Absage.
        for party in Party:
            sign = 1 if party is Party.RE else -1
            suffix = f" ({party.label})"
            for item in _against_items(summary, party, suffix) + _reached_items(summary, party, suffix):
                items.append(ScoreItem(f"{item.key}_{party.name.lower()}", item.label, sign * item.punkte))
    if not solo or rules.sonderpunkte_in_solo:
        for party in (side, side.other):
            kinds = [s.kind for s in summary.sonderpunkte if s.party is party and s.kind in rules.sonderpunkte]
            if kinds:
                detail = ", ".join(
                    f"{kinds.count(k)}× {SONDERPUNKT_LABELS[k]}" if kinds.count(k) > 1 else SONDERPUNKT_LABELS[k]
                    for k in dict.fromkeys(kinds)
                )
                sign = 1 if party is side else -1
                items.append(
                    ScoreItem(
                        f"sonderpunkte_{party.name.lower()}",
                        f"Sonderpunkte {party.label} ({detail})",
                        sign * len(kinds),
                    )
                )
    value = sum(item.punkte for item in items)
    factor = rules.solo_factor if solo else (3 if len(summary.re_seats) == 1 else 1)
    points = _distribute(summary, side, value, factor)
    return Score(won, tuple(items), value, points, solo, factor)


def _against_items(summary: GameSummary, party: Party, suffix: str) -> list[ScoreItem]:
    """ "unter 90/60/30" and "schwarz" played by ``party`` against the other side (TSR 7.2.2 a)."""
    out = []
    other = summary.augen(party.other)
    for limit in (90, 60, 30):
        if other < limit:
            out.append(ScoreItem(f"unter_{limit}", f"Gegner unter {limit}{suffix}", 1))
    if not summary.has_trick(party.other):
        out.append(ScoreItem("schwarz", f"Gegner schwarz{suffix}", 1))
    return out


def _reached_items(summary: GameSummary, party: Party, suffix: str) -> list[ScoreItem]:
    """Augen ``party`` reached against the other side's Absagen: 120 against keine 90, 90 against
    keine 60, 60 against keine 30, 30 against schwarz (TSR 7.2.2 e, f; taken literally: Augen)."""
    out = []
    mine, level = summary.augen(party), summary.announcements[party.other]
    for absage, reached in ((KEINE_90, 120), (KEINE_60, 90), (KEINE_30, 60), (SCHWARZ, 30)):
        if level >= absage and mine >= reached:
            label = f"{reached} Augen gegen {LEVEL_LABELS[absage]}{suffix}"
            out.append(ScoreItem(f"{reached}_gegen_{LEVEL_KEYS[absage]}", label, 1))
    return out


def _distribute(summary: GameSummary, side: Party, value: int, factor: int) -> tuple[int, int, int, int]:
    """Punkte per seat: ``value`` for each player of ``side`` in two against two; one against
    three: the lone player ``factor`` × value, each of the three a third of that."""
    signs = [1 if summary.party_of(seat) is side else -1 for seat in range(4)]
    if len(summary.re_seats) == 2:
        return tuple(s * value for s in signs)  # type: ignore[return-value]
    each = value * factor // 3
    out = []
    for seat in range(4):
        alone = seat in summary.re_seats
        out.append(signs[seat] * (each * 3 if alone else each))
    return tuple(out)  # type: ignore[return-value]


# -- Sonderpunkte of played tricks ---------------------------------------------------------------


def sonderpunkte_of_tricks(
    tricks: Sequence[tuple[Sequence[int], Sequence[int], int]],
    party_of: Sequence[Party],
    rules: RuleSet,
) -> tuple[Sonderpunkt, ...]:
    """Find the Sonderpunkte in played tricks (TSR 7.2.3).

    ``tricks`` holds for each trick ``(cards, seats, winner_index)`` in play order; ``party_of``
    gives the final party of each seat. A Doppelkopf is a trick of at least ``doppelkopf_augen``
    Augen; a Fuchs (Karo-Ass) of one party won by the other is "Fuchs gefangen"; the last trick
    won with the Kreuz-Bube is a Karlchen. Only kinds listed in ``rules.sonderpunkte`` are
    returned. Whether they count in the game type is decided by :func:`score`.
    """
    found: list[Sonderpunkt] = []
    wanted = rules.sonderpunkte
    last = len(tricks) - 1
    for index, (cards, seats, win) in enumerate(tricks):
        party = party_of[seats[win]]
        if "doppelkopf" in wanted and sum(AUGEN[c] for c in cards) >= rules.doppelkopf_augen:
            found.append(Sonderpunkt("doppelkopf", party, index))
        if "fuchs_gefangen" in wanted:
            for card, seat in zip(cards, seats, strict=True):
                if card == Card.KARO_ASS and party_of[seat] is not party:
                    found.append(Sonderpunkt("fuchs_gefangen", party, index))
        if "karlchen" in wanted and index == last and cards[win] == Card.KREUZ_BUBE:
            found.append(Sonderpunkt("karlchen", party, index))
    return tuple(found)
