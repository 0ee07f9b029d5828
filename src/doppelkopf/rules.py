"""Rule sets: every option of the game as one immutable value, presets, and TOML files.

A :class:`RuleSet` is plain data. Each option is one dataclass field whose metadata carries its
description, its allowed values and the source of its default; the engine reads the field where the
rule acts. Adding an option is one field here plus the hook that reads it.

The default values are the DDV Turnierspielregeln (TSR). ``PRESETS`` maps preset names to rule sets.

>>> rules = get_preset("ddv")
>>> rules.with_nines, rules.deal_packets, rules.solo_factor
(True, (3, 3, 3, 3), 3)
>>> rules.replace(solo_factor=6).solo_factor
6
>>> RuleSet.from_toml(rules.to_toml()) == rules
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import reprlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from .cards import AUGEN, KOENIG, NEUN, deck
from .messages import N_, Text, TextError


class RuleError(TextError):
    """A rule set, rule file or option value is invalid; the message names the field or line."""


class Party(enum.IntEnum):
    """The two parties of a game (TSR 2.4)."""

    RE = 0
    KONTRA = 1

    @property
    def other(self) -> Party:
        return Party(1 - self.value)

    @property
    def label(self) -> str:
        return "Re" if self is Party.RE else "Kontra"

    def __str__(self) -> str:
        return self.label


class GameType(enum.IntEnum):
    """What is played after the Vorbehalte (TSR 4).

    ``NORMAL`` is the Normalspiel (everyone "gesund"); the Farbsoli ``KREUZ`` .. ``KARO`` keep
    the normal trumps with the named suit in place of Karo (seed 002's "Trumpfsolo" in any suit);
    ``DAMEN``, ``BUBEN`` and ``FLEISCHLOS`` are the Damen-, Buben- and Fleischlos-Soli;
    ``BUBEN_DAMEN`` has the Damen above the Buben as its only trumps (seed 002, "Solospiele");
    ``ARMUT`` is the game after an Armut exchange, the poor player and the taker are Re and
    the cards rank as in the normal game (seed 002, "Gibt es Vorbehalte?");
    ``KOENIGE``, ``KOENIG_BUBEN``, ``KOENIG_DAMEN`` and ``KOEHLER`` are FreeDoko's picture soli: only the
    Könige trump, the Könige above the Buben or the Damen, and the Köhler with Könige, Damen and Buben.
    Members are never compared by their number: ask :attr:`is_declared_solo`.
    """

    NORMAL = 0
    HOCHZEIT = 1
    STILLE_HOCHZEIT = 2
    KREUZ = 3
    PIK = 4
    HERZ = 5
    KARO = 6
    DAMEN = 7
    BUBEN = 8
    FLEISCHLOS = 9
    ARMUT = 10
    BUBEN_DAMEN = 11
    KOENIGE = 12
    KOENIG_BUBEN = 13
    KOENIG_DAMEN = 14
    KOEHLER = 15

    @property
    def key(self) -> str:
        """Lower-case name used in files and on the command line, e.g. ``stille_hochzeit``."""
        return self.name.lower()

    @property
    def german(self) -> str:
        return _GAME_GERMAN[self]

    @property
    def is_declared_solo(self) -> bool:
        """True for the Soli declared as a Vorbehalt (Farb-, Damen-, Buben-, Buben-Damen-,
        Fleischlos-Solo and FreeDoko's picture soli: König-, König-Buben-, König-Damen-Solo, Köhler)."""
        return self in _DECLARED_SOLI

    @property
    def is_farbsolo(self) -> bool:
        """True for the Farbsoli Kreuz, Pik, Herz, Karo (FreeDoko's color soli)."""
        return self in (GameType.KREUZ, GameType.PIK, GameType.HERZ, GameType.KARO)

    @property
    def is_bildersolo(self) -> bool:
        """True for the picture soli: Damen, Buben, Buben-Damen, Könige, König-Buben, König-Damen, Köhler
        (FreeDoko's picture soli)."""
        return self in (
            GameType.DAMEN,
            GameType.BUBEN,
            GameType.BUBEN_DAMEN,
            GameType.KOENIGE,
            GameType.KOENIG_BUBEN,
            GameType.KOENIG_DAMEN,
            GameType.KOEHLER,
        )

    @classmethod
    def parse(cls, text: str) -> GameType:
        """Parse a game type key (``normal``, ``hochzeit``, ``kreuz``, ...); raises RuleError."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        key = _GAME_ALIASES.get(key, key)
        try:
            return cls[key.upper()]
        except KeyError:
            names = ", ".join(g.key for g in cls)
            raise RuleError("unknown game type {text!r}; expected one of: {names}", text=text, names=names) from None


_GAME_GERMAN = {
    GameType.NORMAL: N_("Normalspiel"),
    GameType.HOCHZEIT: N_("Hochzeit"),
    GameType.STILLE_HOCHZEIT: N_("Stille Hochzeit"),
    GameType.KREUZ: N_("Kreuzsolo"),
    GameType.PIK: N_("Piksolo"),
    GameType.HERZ: N_("Herzsolo"),
    GameType.KARO: N_("Karosolo"),
    GameType.DAMEN: N_("Damensolo"),
    GameType.BUBEN: N_("Bubensolo"),
    GameType.FLEISCHLOS: N_("Fleischloser"),
    GameType.ARMUT: N_("Armut"),
    GameType.BUBEN_DAMEN: N_("Buben-Damen-Solo"),
    GameType.KOENIGE: N_("Königsolo"),
    GameType.KOENIG_BUBEN: N_("König-Buben-Solo"),
    GameType.KOENIG_DAMEN: N_("König-Damen-Solo"),
    GameType.KOEHLER: N_("Köhler"),
}
_DECLARED_SOLI = frozenset(
    {
        GameType.KREUZ,
        GameType.PIK,
        GameType.HERZ,
        GameType.KARO,
        GameType.DAMEN,
        GameType.BUBEN,
        GameType.FLEISCHLOS,
        GameType.BUBEN_DAMEN,
        GameType.KOENIGE,
        GameType.KOENIG_BUBEN,
        GameType.KOENIG_DAMEN,
        GameType.KOEHLER,
    }
)
_GAME_ALIASES = {
    "kreuzsolo": "kreuz",
    "piksolo": "pik",
    "herzsolo": "herz",
    "karosolo": "karo",
    "trumpfsolo": "karo",
    "damensolo": "damen",
    "bubensolo": "buben",
    "fleischloser": "fleischlos",
    "stille": "stille_hochzeit",
    "bubendamen": "buben_damen",
    "bubendamensolo": "buben_damen",
    "buben_damen_solo": "buben_damen",
    "damen_buben": "buben_damen",
    "koenigsolo": "koenige",
    "koenig": "koenige",
    "koenigssolo": "koenige",
    "koenig_buben_solo": "koenig_buben",
    "koenig_damen_solo": "koenig_damen",
    "koehlersolo": "koehler",
}

#: Announcement levels: 1 is the Ansage (Re or Kontra), 2..5 the Absagen.
ANSAGE: Final = 1
KEINE_90: Final = 2
KEINE_60: Final = 3
KEINE_30: Final = 4
SCHWARZ: Final = 5
LEVEL_KEYS = {KEINE_90: "keine_90", KEINE_60: "keine_60", KEINE_30: "keine_30", SCHWARZ: "schwarz"}
LEVEL_LABELS = {KEINE_90: N_("keine 90"), KEINE_60: N_("keine 60"), KEINE_30: N_("keine 30"), SCHWARZ: N_("schwarz")}


def level_label(level: int, party: Party) -> str:
    """Spoken name of an announcement: ``Re``/``Kontra`` for level 1, else ``keine 90`` etc."""
    return party.label if level == ANSAGE else LEVEL_LABELS[level]


@functools.cache
def deck_limits(with_nines: bool) -> dict[str, int]:
    """Numbers of the deck (48 cards with nines, 40 without) that bound the ranges of options, by the
    name a :class:`Range` uses:

    * ``hand``: cards in a hand, also the tricks of a game (12; 10); ``last_trick``: one less;
      ``half_deck``: half the deck (24; 20), the most a cut may lift or leave;
    * ``trick_augen``: the most Augen one trick can hold (four Asse: 44);
    * ``hand_augen_low`` / ``hand_augen_high``: one more than the fewest Augen a hand can hold
      (8; 22) and one less than the most (128; 108): a Schmeissen threshold beyond them fits no
      hand; ``hand_augen_mean``: 60, the mean of the four hands (240 / 4): an ``augen_low`` above it
      or an ``augen_high`` below it fits one hand of every deal (they sum to 240);
    * ``<kind>_low`` / ``<kind>_high`` for the Schmeissen counts (``nines`` of the 48-card deck,
      ``kings``, ``nines_kings``): one more than the count that one hand of every deal reaches
      (the kind's cards shared by four hands: some hand holds at least a quarter, rounded up),
      and the most a hand can hold. Below the low bound every deal could be thrown in.
    """
    cards = [int(c) for c in deck(with_nines)]
    hand = len(cards) // 4
    augen = sorted(AUGEN[c] for c in cards)
    limits = {
        "hand": hand,
        "last_trick": hand - 1,
        "half_deck": len(cards) // 2,
        "trick_augen": sum(augen[-4:]),
        "hand_augen_low": sum(augen[:hand]) + 1,
        "hand_augen_high": sum(augen[-hand:]) - 1,
        "hand_augen_mean": sum(augen) // 4,
    }
    counts: dict[str, int] = {
        "nines": sum(1 for c in deck(True) if c % 6 == NEUN),  # five_nines needs the nines: always the 48 cards
        "kings": sum(1 for c in cards if c % 6 == KOENIG),
        "nines_kings": sum(1 for c in cards if c % 6 in (NEUN, KOENIG)),
    }
    for kind, count in counts.items():
        limits[f"{kind}_low"] = -(-count // 4) + 1
        limits[f"{kind}_high"] = min(count, hand)
    return limits


@dataclass(frozen=True)
class Range:
    """The allowed whole numbers of an int option, of every entry of a list option, or of the length
    of a list option: ``low`` to ``high`` in steps of ``step`` (from ``low``). A bound given as a name
    is a number of the deck of the rule set (:func:`deck_limits`). ``text`` words the rule in an
    error message (``{low}`` and ``{high}`` are filled in); default ``between LOW and HIGH``."""

    low: int | str
    high: int | str
    step: int = 1
    text: str = ""

    def bounds(self, with_nines: bool) -> tuple[int, int]:
        """``(low, high)`` as numbers for a deck with or without the nines."""
        limits = deck_limits(with_nines)
        low = self.low if isinstance(self.low, int) else limits[self.low]
        high = self.high if isinstance(self.high, int) else limits[self.high]
        return low, high

    def holds(self, value: int, with_nines: bool) -> bool:
        low, high = self.bounds(with_nines)
        return low <= value <= high and (value - low) % self.step == 0

    def wording(self, with_nines: bool, value: int | None = None) -> Text:
        """The rule as a message says it, e.g. ``between 1 and 12`` (a :class:`~doppelkopf.messages.Text`, so that
        it is read in the reader's language); a ``text`` without ``{high}`` gets ``and at most HIGH`` for a
        ``value`` above the range."""
        low, high = self.bounds(with_nines)
        if not self.text:
            return Text(N_("between {low} and {high}"), low=low, high=high)
        words = Text(self.text, low=low, high=high)
        if "{high}" not in self.text and value is not None and value > high:
            return Text(N_("{words} and at most {high}"), words=words, high=high)
        return words

    def shown(self, with_nines: bool) -> str:
        """The range as ``doko rules show`` prints it, e.g. ``1..12`` or ``3, 6, ..., 300``."""
        low, high = self.bounds(with_nines)
        if self.step == 1:
            return f"{low}..{high}"
        return f"{low}, {low + self.step}, ..., {high}"


def _short(value: Any) -> str:
    """``repr(value)`` cut short for a one-line message (safe for deeply nested values)."""
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlevel = 3


def _opt(
    default: Any,
    doc: str,
    source: str,
    choices: tuple[Any, ...] | None = None,
    *,
    bounds: Range | None = None,
    length: Range | None = None,
) -> Any:
    """A RuleSet field: its default, description, source, and what values it allows: ``choices``
    (of the value, or of every entry of a list), ``bounds`` (of an int, or of every entry of a list
    of ints) and ``length`` (of a list). :meth:`RuleSet.__post_init__` checks them and
    :meth:`RuleSet.describe` shows them."""
    meta = {"doc": doc, "source": source, "choices": choices, "bounds": bounds, "length": length}
    if isinstance(default, (list, tuple)):
        return field(default=tuple(default), metadata=meta)
    return field(default=default, metadata=meta)


#: The words of the ranges in an error message (``Range.text``; module constants, so that Babel finds them).
_PACKETS: Final = N_("{low} to {high} packets")
_FIVE_LEVELS: Final = N_("5 numbers (Re/Kontra, keine 90, 60, 30, schwarz)")
_THIRDS: Final = N_("3, 6, 9, ... up to {high} (a positive multiple of 3: the three opponents share it)")
_TRICK_AUGEN: Final = N_("between {low} and {high} (the most Augen one trick can hold)")
_LOW_AUGEN: Final = N_(
    "between {low} and {high} (above {high}, the mean of a hand, one hand of every deal holds fewer "
    "Augen: every deal could be thrown in; below {low} no hand can)"
)
_HIGH_AUGEN: Final = N_(
    "between {low} and {high} (below {low}, the mean of a hand, one hand of every deal holds more "
    "Augen: every deal could be thrown in; above {high} no hand can)"
)
_FEW_TRUMPS: Final = N_("between {low} and {high} (with more, one hand of every deal has so few trumps)")
_WHOLE_PUNKTE: Final = N_("a whole number of Punkte >= {low}")
_PFLICHTSOLO_ROUND: Final = N_("between {low} and {high} (at least one Pflichtsolo per player fits)")
#: The Schmeissen counts: below the range one hand of every deal qualifies, above it none can.
_EVERY_DEAL: Final = N_(
    "between {low} and {high} (with fewer, one hand of every deal has them: every deal could be thrown in; "
    "more fit no hand)"
)

# --- the choice sets of the options --------------------------------------------------------------
# One Literal type per set of choices: a RuleSet field holds one of its values (or a tuple of them),
# so that mypy refuses a misspelt choice (``rules.claim == "anyon"``: strict_equality is on). The
# runtime check of RuleSet.__post_init__, doko rules show and the rule files read the same values,
# in this order, with typing.get_args: each set is written here once.

#: ``dulle``: which of two Herz-10 in one trick wins (TSR 5.3.3).
Dulle = Literal["first", "second", "second_except_last", "first_except_last"]
#: The Soli of the TSR (TSR 2.3.3), the default of ``solo_types``.
TsrSolo = Literal["kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos"]
#: The picture soli beyond the TSR and seed 002 that FreeDoko offers: König-Solo (only the Könige trump),
#: König-Buben, König-Damen (Könige above the other kind) and Köhler (Könige, Damen, Buben trump).
BilderSolo = Literal["koenige", "koenig_buben", "koenig_damen", "koehler"]
#: ``solo_types``: every solo a rule set may allow, the TSR's, seed 002's Buben-Damen-Solo and FreeDoko's
#: picture soli (the :attr:`GameType.key` of a declared solo).
Solo = Literal[TsrSolo, "buben_damen", BilderSolo]
#: ``solo_lead``: who leads the first trick of a solo (TSR 5.1.1, 4.2.2, 4.3.1).
SoloLead = Literal["pflichtsolo", "soloist", "dealer_left"]
#: ``hochzeit_choices``: the kinds of trick that find the Hochzeit partner (TSR 4.4.3; seed 000, seed 002).
HochzeitTrick = Literal["first_foreign", "first_fehl", "first_trump", "first_kreuz", "first_pik", "first_herz"]
#: ``hochzeit_partner``: a kind of trick, or ``choice``: the Hochzeiter names one of ``hochzeit_choices``.
HochzeitPartner = Literal[HochzeitTrick, "choice"]
#: ``hochzeit_alone_as``, ``stille_hochzeit_as``: a game scored as a solo or as a normal game (TSR 4.4.3 b, 4.4.5).
ScoredAs = Literal["solo", "normal"]
#: ``nobody_wins``: the score when both parties miss their Absagen (TSR 7.1.3; seed 004).
NobodyWins = Literal["tsr", "sonderpunkte"]
#: ``sonderpunkte``, ``solo_sonderpunkte``: the Sonderpunkte a rule set can count (TSR 7.2.3; seed 000, seed 002).
Sonderpunkt = Literal[
    "doppelkopf",
    "fuchs_gefangen",
    "karlchen",
    "karlchen_gefangen",
    "fuchs_am_end",
    "fuchs_gefangen_am_end",
    "doppelfuchs_am_end",
    "doppelkarlchen",
    "doppelkarlchen_gefangen",
    "dulle_gefangen",
    "herzstich",
]
#: ``schweine``: no Schweine, or both Karo-Asse in one hand rank above the Dulle (seed 000, seed 002).
Schweine = Literal["none", "on"]
#: ``schweine_announce``: when the Schweine become public.
SchweineAnnounce = Literal["vorbehalt", "before_first_play", "first_play"]
#: ``schweine_games``: the game types with Karo trumps, in which Schweine can count (a :attr:`GameType.key`).
SchweineGame = Literal["normal", "hochzeit", "stille_hochzeit", "armut", "karo"]
#: ``schweine_armut``: who has the Schweine in an Armut (seed 002, Sonderkarten).
SchweineArmut = Literal["after_exchange", "at_exchange"]
#: ``armut_none``: what follows when nobody takes the Armut.
ArmutNone = Literal["redeal", "normal"]
#: ``schmeissen``: the hands that may be thrown in at the Vorbehalt (seed 002; house rules).
SchmeissenReason = Literal[
    "five_nines", "no_trump_above_fuchs", "kings", "nines_and_kings", "augen_low", "augen_high", "few_trumps"
]
#: ``vorbehalt_priority``: the kinds of Vorbehalt, ranked by a rule set (TSR 4.1.5; seed 002).
VorbehaltKind = Literal["pflichtsolo", "lustsolo", "solo", "schmeissen", "armut", "hochzeit"]
#: ``solo_conflict``: who plays when several players want a solo of the same rank (TSR 4.1.7; seed 000, seed 002).
SoloConflict = Literal["seat_order", "higher_solo", "bidding"]
#: ``announcement_timing``: what the announcement deadlines count (TSR 6.2.2; seed 002).
AnnouncementTiming = Literal["cards_in_hand", "tricks"]
#: ``claim``: who may claim the rest of the tricks (TSR 5.4.3; seed 000, Spielabkürzung).
Claim = Literal["none", "soloist", "anyone"]
#: ``concede``: who may give up the rest of the tricks (TSR 5.4.6).
Concede = Literal["none", "soloist"]
#: ``sonderpunkte_soli``: the games scored as a solo (the :attr:`GameType.key` of each game type but the
#: normal game and the Armut, in their order) and ``trumpf`` for the four Farbsoli.
SoloGame = Literal["hochzeit", "stille_hochzeit", Solo, "trumpf"]
#: ``gegen_die_alten_as``: where the Punkt gegen die Alten belongs (TSR 7.2.3; seed 004).
GegenDieAltenAs = Literal["sonderpunkt", "spielpunkt"]
#: ``absage_punkte``: which Absagen earn the winner a Punkt each (TSR 7.2.2; seed 000).
AbsagePunkte = Literal["all", "winner"]
#: ``bock_triggers``: the results that start a Bock (seed 002).
BockTrigger = Literal["lost_solo", "spaltarsch", "lost_kontra", "lost_re", "nullspiel", "schwarz", "herzstich"]
#: ``bock_length``: the games one Bock lasts (seed 004, seed 002).
BockLength = Literal["round", "game"]
#: ``bock_stacking``: what a Bock does while Bock games are owed (seed 002).
BockStacking = Literal["add", "queue", "none"]
#: ``superschweine_announce``: when the Superschweine become public.
SuperschweineAnnounce = Literal["vorbehalt", "first_play"]
#: ``armut_taker``: who may take an Armut: the first in turn who wants it, or any player who says so.
ArmutTaker = Literal["in_turn", "anyone"]
#: ``liste_counting``: how the Liste writes the Punkte of a game (FreeDoko's Counting).
ListeCounting = Literal["plus_minus", "plus", "minus"]
#: ``bock_max_multiplier``: a power of two from Bock (2) to ten Bocks on one game (seed 002).
BockMultiplier = Literal[2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
#: ``bock_multiplies``: all Punkte of a Bock game or its value without the Sonderpunkte (seed 004).
BockMultiplies = Literal["all", "value"]

#: ``bock_max_multiplier``: a power of two from Bock (2) to ten Bocks on one game.
BOCK_MULTIPLIERS: Final[tuple[BockMultiplier, ...]] = get_args(BockMultiplier)

#: The Soli of the TSR (``TsrSolo``), the default of ``solo_types``.
ALL_SOLI: tuple[TsrSolo, ...] = get_args(TsrSolo)
#: Every solo a rule set may allow: the TSR's (``ALL_SOLI``) and seed 002's Buben-Damen-Solo.
SOLO_CHOICES: tuple[Solo, ...] = get_args(Solo)
#: FreeDoko's picture soli beyond the TSR (``BilderSolo``).
BILDER_SOLI: tuple[BilderSolo, ...] = get_args(BilderSolo)


@dataclass(frozen=True)
class RuleSet:
    """Every option of one way to play Doppelkopf; defaults are the DDV Turnierspielregeln.

    Build variations with :meth:`replace`; read and write files with :meth:`from_toml` and
    :meth:`to_toml`. Invalid values raise :class:`RuleError` naming the field.
    """

    name: str = _opt("ddv", "Name of the rule set: 1 to 100 printable characters, not all blank", "-")
    with_nines: bool = _opt(True, "Play with the nines (48 cards) or without (40 cards)", "TSR 2.2.1")
    deal_packets: tuple[int, ...] = _opt(
        (3, 3, 3, 3),
        "Cards per packet in each dealing round, clockwise from left of the dealer; together a hand",
        "TSR 3.3.7",
        bounds=Range(1, "hand"),
        length=Range(1, "hand", text=_PACKETS),
    )
    cut_minimum: int = _opt(
        3, "Cards that must be lifted and left when cutting", "TSR 3.3.4", bounds=Range(0, "half_deck")
    )
    dulle: Dulle = _opt(
        "first",
        "Two Herz-10 in one trick: the first played wins (first), the second wins (second), the second wins except "
        "in the last trick (second_except_last), or the first wins except in the last trick (first_except_last)",
        "TSR 5.3.3 (equal cards: the first played wins, Herz-10 included)",
        get_args(Dulle),
    )
    solo_types: tuple[Solo, ...] = _opt(
        ALL_SOLI, "Soli that may be declared as a Vorbehalt", "TSR 2.3.3; seed 002, Solospiele", SOLO_CHOICES
    )
    solo_lead: SoloLead = _opt(
        "pflichtsolo",
        "Who leads the first trick of a solo: the soloist in a Pflichtsolo only (left of the dealer in a "
        "Lustsolo), the soloist always, or always the player left of the dealer",
        "TSR 5.1.1, 4.2.2, 4.3.1",
        get_args(SoloLead),
    )
    hochzeit_tricks: int = _opt(
        3, "Tricks within which the Hochzeit must find its partner", "TSR 4.4.3", bounds=Range(1, "hand")
    )
    hochzeit_partner: HochzeitPartner = _opt(
        "first_foreign",
        "Which trick finds the Hochzeit partner: the first trick won by another player (first_foreign), the first "
        "Fehl trick won by another (first_fehl), the first trump trick won by another (first_trump), or the "
        "Hochzeiter names one of hochzeit_choices when announcing the Hochzeit (choice)",
        "TSR 4.4.3; seed 000, Hochzeit; seed 002, Gibt es Vorbehalte?",
        get_args(HochzeitPartner),
    )
    hochzeit_alone_as: ScoredAs = _opt(
        "solo",
        "A Hochzeit without partner is scored as a solo or as a normal game",
        "TSR 4.4.3 b",
        get_args(ScoredAs),
    )
    stille_hochzeit_as: ScoredAs = _opt(
        "solo",
        "A Stille Hochzeit (both Kreuz-Damen, no Vorbehalt) is scored as a solo or as a normal game",
        "TSR 4.4.5; seed 004, Sonderfälle",
        get_args(ScoredAs),
    )
    announcement_deadlines: tuple[int, ...] = _opt(
        (11, 10, 9, 8, 7),
        "Least cards in the announcer's hand for Re/Kontra, keine 90, keine 60, keine 30, schwarz (not rising; "
        "Re/Kontra at least 1)",
        "TSR 6.2.2, 6.3.4",
        bounds=Range(0, "hand"),
        length=Range(5, 5, text=_FIVE_LEVELS),
    )
    reply_extra_cards: int = _opt(
        1,
        "Erwiderung: Re/Kontra in reply to the other party's An- or Absage is allowed with this many cards "
        "fewer than that announcement needed; a late reply opens no Absagen",
        "TSR 6.4.4",
        bounds=Range(0, "hand"),
    )
    hochzeit_shift: bool = _opt(
        True,
        "In a Hochzeit the deadlines move back by one card per trick before the Klärungsstich",
        "TSR 6.4.2",
    )
    solo_factor: int = _opt(
        3,
        "The soloist wins or loses this many times the game value, each opponent a third of it (at most 300: each "
        "opponent 100 times, as solo_factors)",
        "TSR 7.2.4",
        bounds=Range(
            3,
            300,
            step=3,
            text=_THIRDS,
        ),
    )
    nobody_wins: NobodyWins = _opt(
        "tsr",
        "When both parties miss their Absagen: score unter 90/60/30/schwarz and Augen reached against an Absage "
        "for the party that made them, netted with the Sonderpunkte (tsr), or only the Sonderpunkte (sonderpunkte)",
        "TSR 7.1.3; seed 004, Sonderfälle",
        get_args(NobodyWins),
    )
    gegen_die_alten: bool = _opt(
        True, "Kontra gets one Punkt for winning against the Kreuz-Damen (not in a solo)", "TSR 7.2.3"
    )
    sonderpunkte: tuple[Sonderpunkt, ...] = _opt(
        ("doppelkopf", "fuchs_gefangen", "karlchen"),
        "Sonderpunkte that count in a normal game or Hochzeit: doppelkopf, fuchs_gefangen, karlchen (the Kreuz-Bube "
        "wins the last trick), karlchen_gefangen (a Kreuz-Bube of the other party falls in the last trick), "
        "fuchs_am_end (a Karo-Ass wins the last trick); FreeDoko's: fuchs_gefangen_am_end (a Fuchs caught in the "
        "last trick, one more), doppelfuchs_am_end (both Karo-Asse of one party in the last trick, won with one of "
        "them), doppelkarlchen (both Kreuz-Buben of one party in the last trick, won with one of them), "
        "doppelkarlchen_gefangen (both Kreuz-Buben of one party caught in the last trick), dulle_gefangen (a Dulle "
        "wins the other party's Dulle), herzstich (a trick of four Herz cards that are not trumps)",
        "TSR 7.2.3; karlchen_gefangen: seed 002, Sonderkarten ('Wer den gegnerischen Charlie im letzten Stich fängt "
        "erhält einen Sonderpunkt'), seed 000, Karlchen Müller; fuchs_am_end: seed 000, Fuchs fangen",
        get_args(Sonderpunkt),
    )
    sonderpunkte_in_solo: bool = _opt(False, "Sonderpunkte count in a solo too", "TSR 7.2.4")
    doppelkopf_augen: int = _opt(
        40,
        "Least Augen in one trick for a Doppelkopf",
        "TSR 7.2.3",
        bounds=Range(1, "trick_augen", text=_TRICK_AUGEN),
    )

    # --- house-rule options of play (deck, Vorbehalte, card order, announcements, claiming) ---
    # (game.py reads these; add new play options in this block)
    schweine: Schweine = _opt(
        "none",
        "Schweine: both Karo-Asse in one hand rank above the Dulle (none: no Schweine)",
        "seed 000, Schweinchen; seed 002, Sonderkarten",
        get_args(Schweine),
    )
    schweine_announce: SchweineAnnounce = _opt(
        "first_play",
        "When the Schweine become public: at the Vorbehalt (at once when the game starts), before the holder "
        "plays the first Karo-Ass (an action the holder must take in turn), or when the first Karo-Ass is played",
        "vorbehalt: common house rule; before_first_play: seed 000, Schweinchen; first_play: seed 002, Sonderkarten",
        get_args(SchweineAnnounce),
    )
    schweine_games: tuple[SchweineGame, ...] = _opt(
        ("normal", "hochzeit", "stille_hochzeit", "armut", "karo"),
        "Game types in which the Schweine count (only games with Karo trumps can have them)",
        "seed 000, Schweinchen (normal game, Trumpfsolo, stilles Solo); seed 002, Solospiele (no Schweine in a solo)",
        get_args(SchweineGame),
    )
    schweine_optional: bool = _opt(
        False,
        "The holder of both Karo-Asse may choose not to make them Schweine: he announces them in turn before he "
        "plays the first of them (the Schweine action), or plays a Karo-Ass without it and has no Schweine "
        "(not with schweine_announce = vorbehalt; an Armut's Schweine announced at the exchange stay mandatory)",
        "seed 002, Sonderkarten: 'Hat jemand beide Karo Asse auf der Hand so können diese Karten die beiden "
        "Schweine bilden'; seed 000, Schweinchen: 'muss dies ... ansagen' (false)",
    )
    superschweine: bool = _opt(
        False,
        "Superschweine: the player holding both Karo-Neunen when the Schweine are announced ranks them above the "
        "Schweine (only with nines); they become public when the first of them is played",
        "seed 002, Sonderkarten",
    )
    schweine_armut: SchweineArmut = _opt(
        "after_exchange",
        "Schweine in an Armut: whoever holds both Karo-Asse after the exchange has them (after_exchange), or "
        "seed 002's rule: the poor player's Schweine are announced when a taker is found, the taker shows his own "
        "before taking, Schweine cannot be built by the exchange nor split (Superschweine can be built)",
        "seed 002, Sonderkarten (Wichtige Ausnahme ist hierbei die Armut)",
        get_args(SchweineArmut),
    )
    armut: bool = _opt(
        False, "Armut may be declared as a Vorbehalt by a player with few trumps", "seed 002, Gibt es Vorbehalte?"
    )
    armut_max_trumps: int = _opt(
        3,
        "Most trumps (counted as in the normal game) a hand may hold for Armut (at most armut_cards)",
        "seed 002, Gibt es Vorbehalte?",
        bounds=Range(0, "hand"),
    )
    armut_cards: int = _opt(
        3,
        "Cards the poor player lays face down, all its trumps among them (always this many, even with fewer "
        "trumps); the taker returns as many cards of its choice",
        "seed 002, Gibt es Vorbehalte? (es müssen immer 3 Karten sein)",
        bounds=Range(1, "hand"),
    )
    armut_none: ArmutNone = _opt(
        "redeal",
        "Nobody takes the Armut: the same dealer deals again (redeal), or the Armut is withdrawn and the game is "
        "played as if the poor player had said gesund (normal)",
        "our choice; seed 002 does not say",
        get_args(ArmutNone),
    )
    schmeissen: tuple[SchmeissenReason, ...] = _opt(
        (),
        "Hands that may be thrown in at the Vorbehalt (the same dealer deals again): five_nines (at least "
        "schmeissen_nines nines), no_trump_above_fuchs (no trump ranks above the Karo-Ass), kings (at least "
        "schmeissen_kings kings), nines_and_kings (at least schmeissen_nines_kings of both), augen_low (fewer than "
        "schmeissen_augen_low Augen), augen_high (more than schmeissen_augen_high Augen), few_trumps (at most "
        "schmeissen_max_trumps trumps)",
        "seed 002, Gibt es Vorbehalte? (five_nines, no_trump_above_fuchs); the others are common house rules; "
        "FreeDoko, rules 'throw with nines/kings/nines and kings/richness', 'throw when fox highest trump', "
        "'throw with one trump'",
        get_args(SchmeissenReason),
    )
    schmeissen_nines: int = _opt(
        5,
        "Schmeissen five_nines: least nines in the hand",
        "seed 002, Gibt es Vorbehalte?",
        bounds=Range("nines_low", "nines_high", text=_EVERY_DEAL),
    )
    schmeissen_kings: int = _opt(
        5,
        "Schmeissen kings: least kings in the hand",
        "our reading of a house rule",
        bounds=Range("kings_low", "kings_high", text=_EVERY_DEAL),
    )
    schmeissen_nines_kings: int = _opt(
        7,
        "Schmeissen nines_and_kings: least nines and kings together",
        "our reading of a house rule",
        bounds=Range("nines_kings_low", "nines_kings_high", text=_EVERY_DEAL),
    )
    schmeissen_augen_low: int = _opt(
        30,
        "Schmeissen augen_low: the hand holds fewer Augen than this",
        "our reading of a house rule",
        bounds=Range(
            "hand_augen_low",
            "hand_augen_mean",
            text=_LOW_AUGEN,
        ),
    )
    schmeissen_augen_high: int = _opt(
        80,
        "Schmeissen augen_high: the hand holds more Augen than this",
        "our reading of a house rule",
        bounds=Range(
            "hand_augen_mean",
            "hand_augen_high",
            text=_HIGH_AUGEN,
        ),
    )
    vorbehalt_priority: tuple[VorbehaltKind, ...] = _opt(
        ("pflichtsolo", "lustsolo", "hochzeit"),
        "Vorbehalte from the highest: pflichtsolo and lustsolo, or solo for both alike; kinds not listed rank "
        "after the listed ones in the order solo, schmeissen, armut, hochzeit",
        "TSR 4.1.5; seed 002, Gibt es Vorbehalte? (solo, schmeissen, armut, hochzeit)",
        get_args(VorbehaltKind),
    )
    solo_conflict: SoloConflict = _opt(
        "seat_order",
        "Several players want a solo of the same rank: the first asked plays (seat_order), the higher solo by its "
        "factor, then the first asked (higher_solo), or the candidates bid (bidding): in turn each raises the "
        "bid by one announcement level (Re, keine 90, ..., schwarz, made at once by the soloist) or passes",
        "TSR 4.1.7; seed 000, Solo (der den höheren spielen möchte); seed 002, Solospiele (wird abgereizt)",
        get_args(SoloConflict),
    )
    hochzeit_choices: tuple[HochzeitTrick, ...] = _opt(
        ("first_fehl", "first_trump"),
        "With hochzeit_partner = choice: the kinds of trick the Hochzeiter may name when announcing the Hochzeit; "
        "the first is the house's default when he names none (doko play takes it for a plain 'hochzeit')",
        "seed 000, Hochzeit; seed 002, Gibt es Vorbehalte? (wenn nichts anderes gesagt ist)",
        get_args(HochzeitTrick),
    )
    hochzeit_early_ansage: bool = _opt(
        False,
        "In a Hochzeit the Hochzeiter (Re from the start) may announce before the Klärungsstich, with the deadlines "
        "of a normal game; the others, and he after it, wait for the Klärungsstich and its shifted deadlines",
        "seed 002, Es geht los - Ansagen: 'Bei einer Hochzeit darf ... der so genannte Findungsstich abgewartet "
        "werden' (waiting is allowed, not required); TSR 6.5 and seed 000: 'Eine Ansage ist hier immer erst nach "
        "dem Klärungsstich erlaubt' (false)",
    )
    announcement_timing: AnnouncementTiming = _opt(
        "cards_in_hand",
        "Announcement deadlines count the cards in the announcer's hand (announcement_deadlines), or the tricks "
        "played (announcement_tricks: in time after that many tricks and one more card, never while a trick holds "
        "two or more cards; no extra time for an Erwiderung)",
        "TSR 6.2.2, 6.3.4; seed 002, Es geht los - Ansagen",
        get_args(AnnouncementTiming),
    )
    announcement_tricks: tuple[int, ...] = _opt(
        (1, 3, 6, 9, 9),
        "With announcement_timing = tricks: Re/Kontra, keine 90, keine 60, keine 30, schwarz are in time until "
        "this many tricks and one more card are played (not falling; before the last trick)",
        "seed 002, Es geht los - Ansagen",
        bounds=Range(0, "last_trick"),
        length=Range(5, 5, text=_FIVE_LEVELS),
    )
    announcement_skipping: bool = _opt(
        True,
        "An Absage may skip levels still in time (counting them all); if false, only the next level may be said",
        "TSR 6.4.3; seed 002, Es geht los - Ansagen (Sprungansagen sind verboten)",
    )
    pflichtansage: bool = _opt(
        False,
        "Whoever wins the first trick with at least pflichtansage_augen Augen must announce before leading the "
        "second trick, if his party has made no Ansage and one is in time",
        "seed 002, Es geht los - Ansagen",
    )
    pflichtansage_augen: int = _opt(
        30,
        "Least Augen in the first trick for the Pflichtansage",
        "seed 002",
        bounds=Range(0, "trick_augen", text=_TRICK_AUGEN),
    )
    claim: Claim = _opt(
        "soloist",
        "Who may claim the rest (Spielabkürzung) at any moment of the play, in turn or not: nobody, the soloist "
        "(one player against three), or anyone; the claim includes the trick in progress; if the claimer's party "
        "could lose a trick, the other party gets all remaining cards",
        "TSR 5.4.3 (soloist), 5.4.4 (not on lead: he takes the trick over); seed 000, Spielabkürzung (anyone)",
        get_args(Claim),
    )
    concede: Concede = _opt(
        "soloist",
        "Who may give up the rest: the soloist hands his cards to the other party, which gets all remaining "
        "tricks; before that, the other party may still make the announcements in time for it",
        "TSR 5.4.6, 5.4.7",
        get_args(Concede),
    )
    own_augen_visible: bool = _opt(
        False,
        "A player may look at the Augen of the tricks his own party has won so far during the play (the online "
        "table shows them to each seat whose party it knows); false: only the last trick may be looked at again",
        "TSR: a trick won lies face down, only the last one may be shown again (false); no seed allows more",
    )

    # --- options added for every house (issue 26): FreeDoko's rules and other programs' variants ---
    dullen: bool = _opt(
        True,
        "The Herz-10 (Dullen) are the highest trumps wherever the Damen and Buben trump with a suit (normal "
        "game, Hochzeit, Armut, Farbsoli); false: the Herz-10 is a Herz card, ranked below the Herz-Ass",
        "TSR 2.3.1 (true); FreeDoko, rule 'Dollen' (false: a game without Dullen)",
    )
    dulle_first_with_schweine: bool = _opt(
        False,
        "Once Schweine are announced, the first of two Herz-10 in a trick always wins, whatever dulle says",
        "FreeDoko, rule 'Dollen: first over second with swines'; TSR: no Schweine (false)",
    )
    erwiderung: bool = _opt(
        True,
        "Erwiderung: a party whose Ansage is past its deadline may still say Re or Kontra in reply to the other "
        "party's An- or Absage (with reply_extra_cards); false: never after its own deadline",
        "TSR 6.4.4 (true); FreeDoko, rule 'announcement reply' (false)",
    )
    hochzeit_first_trick_decides: bool = _opt(
        False,
        "The first trick of the Hochzeit's finding kind decides even when the Hochzeiter wins it himself: he "
        "then plays alone (false: a trick he wins does not count, and the next one of the kind decides)",
        "FreeDoko, rule 'marriage: first one decides'; TSR 4.4.3 (false)",
    )
    genscher: bool = _opt(
        False,
        "Genscher: in a normal game (a Stille Hochzeit too, for the others, to whom it looks normal; it "
        "becomes a normal game), a player holding both Karo-Könige may name any other player (his partner "
        "too, or nobody) as his partner when he plays the first of them: the two are Re, the others Kontra, "
        "public at once; the announcements made so far are cut back to one Re or Kontra of each announcer's new "
        "party; scored as a normal game of the new parties",
        "FreeDoko, rule 'Genscher' (Game::check_for_genscher: not in a solo nor an Armut; the hand check asks "
        "for the normal game); TSR: none (false)",
    )
    announcement_till_full_trick: bool = _opt(
        False,
        "An announcement counts the card its announcer has just played in the trick in progress as still in "
        "hand, until the trick is full (with announcement_timing = cards_in_hand)",
        "FreeDoko, rule 'announcement till full trick'; TSR 6.2.2 (false: the cards in hand count)",
    )
    absage_skips_passed: bool = _opt(
        False,
        "An Absage whose own deadline has not passed may be made even when the lower levels it implies are past "
        "theirs (with announcement_skipping; without it only the next level may be said and this waits unused)",
        "FreeDoko, rule 'announcement: limit only for current'; TSR 6.4.3 (false: each skipped level must be in time)",
    )
    pflichtansage_only_first: bool = _opt(
        False,
        "The Pflichtansage is owed only when nobody has announced anything yet",
        "FreeDoko, rule 'first trick thirty points: only first'; seed 002 (false)",
    )
    pflichtansage_raises: bool = _opt(
        False,
        "If the party of the winner of the first trick has already made its Ansage, the Pflichtansage is its next "
        "Absage in time (false: only Re or Kontra is owed)",
        "FreeDoko, rule 'first trick thirty points: only re/contra' (false there); seed 002: 'muss ... eine "
        "Ansage machen' (false)",
    )
    pflichtansage_hochzeit: bool = _opt(
        True,
        "The Pflichtansage is owed in a Hochzeit too",
        "FreeDoko, rule 'first trick thirty points: in marriage'; seed 002 names no exception (true)",
    )
    armut_fuchs_counts: bool = _opt(
        True,
        "The Karo-Asse count among the trumps of an Armut hand (false: a Fuchs is not counted for armut_max_trumps; "
        "it is still passed: the poor player lays all his trumps, armut_cards or more)",
        "seed 002, Gibt es Vorbehalte? (counts: true); FreeDoko, rule 'poverty: fox do not count' (false)",
    )
    armut_only_trumps: bool = _opt(
        False,
        "The poor player passes only his trumps (as many cards as he holds trumps, at least one) instead of "
        "armut_cards cards; the taker returns as many",
        "FreeDoko, rule 'poverty: shift only trump'; seed 002: 'es müssen immer 3 Karten sein' (false)",
    )
    armut_fuchs_extra: bool = _opt(
        False,
        "The Füchse of the poor player are passed in addition to armut_cards cards, all his trumps at least (the "
        "taker returns as many cards as he got)",
        "FreeDoko, rule 'poverty: fox shift extra'; seed 002 (false)",
    )
    armut_fuchs_open: bool = _opt(
        False,
        "The Füchse among the passed cards are shown to every player as they are laid (no other card of the "
        "exchange: the others see only how many cards go each way)",
        "FreeDoko, rule 'poverty: fox shift open'; seed 002: 'verdeckt' (false)",
    )
    armut_taker: ArmutTaker = _opt(
        "in_turn",
        "Who takes an Armut: the first player in turn who wants it (in_turn), or any player who says so while "
        "the Armut is offered, in turn or not (anyone): the players are still asked in turn (take or refuse), "
        "and any other who has not refused may take it out of turn, like an announcement out of turn "
        "(apply(ARMUT_TAKE, seat)); the first to take it has it",
        "seed 002, Gibt es Vorbehalte? (in_turn); a house rule asked for by a table app's users (anyone)",
        get_args(ArmutTaker),
    )
    armut_return_trumps: bool = _opt(
        True,
        "The taker of an Armut may return trumps (false: he returns Fehl cards while he has them, then trumps)",
        "seed 002: 'die Karten ... seiner Wahl' (true); a common house rule (false)",
    )
    armut_exchange: bool = _opt(
        True,
        "An Armut is offered and its cards passed; false: a declared Armut throws the deal in (the same dealer "
        "deals again)",
        "seed 002 (true); FreeDoko, rule 'poverty: shift' (false: 'give the cards again')",
    )
    schmeissen_max_trumps: int = _opt(
        1,
        "Schmeissen few_trumps: most trumps (counted as in the normal game) in the hand",
        "FreeDoko, rule 'throw with one trump' (1)",
        bounds=Range(0, 5, text=_FEW_TRUMPS),
    )
    schweine_only_second: bool = _opt(
        False,
        "Schweine: the first Karo-Ass of the holder ranks as an ordinary Fuchs; once his party has won it home "
        "(the Hochzeit partner only once found), his second becomes a Schwein and the Superschweine are found; "
        "a first Fuchs caught by the other party leaves no Schwein",
        "FreeDoko, rule 'swine only second'; seed 000, seed 002 (false: both Karo-Asse)",
    )
    superschweine_games: tuple[SchweineGame, ...] = _opt(
        ("normal", "hochzeit", "stille_hochzeit", "armut", "karo"),
        "Game types in which the Superschweine count (where the Schweine count too; a game type left out has "
        "Schweine without Superschweine)",
        "FreeDoko, rules 'hyperswines in solo', 'hyperswines in poverty'; seed 002 (wherever the Schweine count)",
        get_args(SchweineGame),
    )
    superschweine_announce: SuperschweineAnnounce = _opt(
        "first_play",
        "When the Superschweine become public: as soon as they are found (vorbehalt: with the Schweine), or when "
        "their holder plays the first Karo-Neun (first_play; their holder knows at once)",
        "seed 002, Sonderkarten (first_play); FreeDoko, rule 'hyperswines announcement begin' (vorbehalt)",
        get_args(SuperschweineAnnounce),
    )
    schweine_with_superschweine: bool = _opt(
        True,
        "One player may hold both the Schweine and the Superschweine (false: the Karo-Neunen of the Schweine's "
        "holder are no Superschweine)",
        "seed 002 names no exception (true); FreeDoko, rule 'swines and hyperswines joint' (false)",
    )
    tricks_visible: int = _opt(
        1,
        "Tricks that may be looked at again during the play: the last this many (0: none); no trick before "
        "them is shown again (the online table and the CLI)",
        "TSR 8, Turnier-Doppelkopf: on any player's request the previous trick is laid open again until the next "
        "one is complete (1); FreeDoko, rule 'show tricks number' (default 1)",
        bounds=Range(0, "hand"),
    )
    pflichtsolo_offered: bool = _opt(
        False,
        "A Pflichtsolo forced at the end of the round (Vorführung) is first offered to the other players still "
        "owing one, in turn from the dealer's left: the first who takes it plays his own Pflichtsolo in this deal "
        "(it counts as the vorgeführtes one: the deal moves on); nobody takes it: the forced player plays it",
        "FreeDoko, rule 'offer duty solo'; TSR 4.2.3 (false)",
    )

    def check_play_options(self) -> None:
        """Cross-field checks of the play options (called by ``__post_init__`` after the ranges);
        raises :class:`RuleError` whose message starts with the field at fault.

        Refused: an Armut whose trumps do not fit among the cards laid; solo both as one kind and as
        Pflicht-/Lustsolo in ``vorbehalt_priority``; ``hochzeit_partner = "choice"`` without kinds;
        ``announcement_tricks`` falling; ``superschweine`` without the nines (the two Karo-Neunen it
        ranks above the Schweine); ``schweine_optional`` with Schweine announced at the Vorbehalt
        (they are announced for the holder, there is no choice). Options of a house rule that is off
        (``schweine = "none"``, ``armut = false``, an empty ``schmeissen``) are not refused: they wait
        unused; so is the Schmeissen reason ``five_nines`` in a deck without nines (no hand meets it).
        """
        if self.armut_max_trumps > self.armut_cards:
            raise RuleError(
                "armut_cards: {armut_cards} must be at least 1 and armut_max_trumps ({armut_max_trumps}, all "
                "trumps are laid) and at most the hand ({hand_size})",
                armut_cards=self.armut_cards,
                armut_max_trumps=self.armut_max_trumps,
                hand_size=self.hand_size,
            )
        if "solo" in self.vorbehalt_priority and {"pflichtsolo", "lustsolo"} & set(self.vorbehalt_priority):
            raise RuleError("vorbehalt_priority: name either solo or pflichtsolo/lustsolo, not both")
        if self.hochzeit_partner == "choice" and not self.hochzeit_choices:
            raise RuleError("hochzeit_choices: needs at least one kind when hochzeit_partner is choice")
        t = self.announcement_tricks
        if any(b < a for a, b in zip(t, t[1:], strict=False)):
            raise RuleError(
                "announcement_tricks: {t} needs 5 rising numbers of tricks below {hand_size} (Re/Kontra, "
                "keine 90, 60, 30, schwarz)",
                t=list(t),
                hand_size=self.hand_size,
            )
        if self.superschweine and not self.with_nines:
            raise RuleError("superschweine: needs the nines (the two Karo-Neunen); with_nines is false")
        if self.schweine_optional and self.schweine_announce == "vorbehalt":
            raise RuleError(
                "schweine_optional: not with schweine_announce = vorbehalt (the Schweine are announced for their "
                "holder when the game starts: there is no moment to decline them)"
            )

    # --- house-rule options of scoring (scoring.py reads these; add new scoring options in this block) ---
    # (check_scoring_options below validates them; "trumpf" in a list of games stands for the four Farbsoli)
    solo_factors: tuple[str, ...] = _opt(
        (),
        "Multiplier of the game value per solo, as 'game=N' (game: a solo key, stille_hochzeit, hochzeit for a "
        "Hochzeit without partner scored as a solo, or trumpf for the Farbsoli): each opponent wins or loses N times "
        "the value, the soloist 3N times; a solo not listed uses solo_factor",
        "seed 000, Solo: 'Die dann erzielten Punkte werden ... multipliziert ... Bubensolo x2, Damensolo x3, stiller "
        "Solo x4 und Trumpfsolo x5' (buben=2, damen=3, stille_hochzeit=4, trumpf=5); TSR 7.2.4: none",
    )
    sonderpunkte_soli: tuple[SoloGame, ...] = _opt(
        (),
        "Games scored as a solo in which all Sonderpunkte count as in a normal game",
        "seed 000, Spielwerte: 'Sonderpunkte können von beiden Parteien nur beim Normalspiel (inkl. Hochzeit), "
        "stillen Soli und Trumpfsolo, nicht aber bei einem Damen- oder Bauern-Solo gewonnen werden' "
        "(stille_hochzeit, trumpf); TSR 7.2.4: none",
        get_args(SoloGame),
    )
    solo_sonderpunkte: tuple[Sonderpunkt, ...] = _opt(
        (),
        "Sonderpunkte that count in every game scored as a solo (with those of sonderpunkte)",
        "seed 002, Solospiele: 'keine folglich keine Sonderpunkte mit Ausnahme dem eines Dokos' (doppelkopf); "
        "TSR 7.2.4: none",
        get_args(Sonderpunkt),
    )
    gegen_die_alten_as: GegenDieAltenAs = _opt(
        "sonderpunkt",
        "Where the Punkt gegen die Alten belongs: with the Sonderpunkte (a Bock that spares the Sonderpunkte "
        "spares it; it also counts against a Stille Hochzeit or lone Hochzeit scored as a solo in which all "
        "Sonderpunkte count), or with the game points (never in a solo)",
        "TSR 7.2.3 and seed 000, Spielwerte (sonderpunkt); seed 004, Das Schema, step 2 (spielpunkt)",
        get_args(GegenDieAltenAs),
    )
    feigheit: bool = _opt(
        False,
        "Feigheit: a party under 30 Augen wins if the other party did not announce keine 90; not for a party that "
        "announced, not for the player of a Stille Hochzeit, not in a solo",
        "seed 002, Feigheit: 'Bleibt eine Partei unter 30 Punkten, ohne dass die Gegenpartei Keine 90 gesagt hat, "
        "so hat sie trotz der wenigen Punkte gewonnen'; TSR: none",
    )
    superfeigheit: bool = _opt(
        False,
        "Superfeigheit: a party with 0 Augen wins if the other party did not announce keine 60 (same exceptions as "
        "feigheit)",
        "seed 002, Feigheit: 'Gewinnt eine Partei gar keine Punkte, ohne das die Gegenpartei Keine 60 gesagt hat, "
        "so hat sie das Spiel trotzdem gewonnen'; TSR: none",
    )
    solo_bonus: int = _opt(
        0,
        "Punkte added to the value of a game scored as a solo, for the winning party",
        "seed 002, Abgerechnet wird am Schluss: the line 'Solo' (1); TSR 7.2.2: none (0)",
        bounds=Range(0, 100, text=_WHOLE_PUNKTE),
    )

    re_120_after_kontra: bool = _opt(
        True,
        "When only Kontra made an Ansage (and no party an Absage), Re wins with 120 Augen and Kontra needs 121; "
        "false: without Absagen Re always needs 121 and Kontra 120",
        "TSR 7.1 and seed 000, Gewinnkriterien: 'Sie gewinnt das Spiel auch mit 120 Augen, wenn sie selbst keine "
        "Ansage gemacht hat und die Kontra-Partei Kontra angesagt hat'; seed 004, step 1: 'Ohne Absagen Re mit "
        "121, Kontra mit 120', seed 002: 'Die RE-Partei muss zum Gewinn des Spiels mindestens 121 Punkte machen' "
        "(false)",
    )
    absage_punkte: AbsagePunkte = _opt(
        "all",
        "Which Absagen earn the winner a Punkt each: every Absage of either party (all), or only the winner's "
        "own Absagen against the loser (winner); Re and Kontra angesagt count 2 for the winner either way",
        "TSR 7.2.2 and seed 004, step 2: 'je 1 für jede Absage' (all); seed 000, Spielwerte: 'Hat die "
        "Gewinnerpartei der Verliererpartei keine 90 ... abgesagt, so erhält sie jeweils einen Punkt zusätzlich' "
        "(winner)",
        get_args(AbsagePunkte),
    )
    reached_against_absage: bool = _opt(
        True,
        "One Punkt each for 120, 90, 60, 30 Augen reached against the other party's keine 90, keine 60, "
        "keine 30, schwarz",
        "TSR 7.2.2; seed 000, Spielwerte; seed 004, step 2 (true); seed 002, 'Abgerechnet wird am Schluss' lists "
        "no such item (false)",
    )

    ansage_doubles: bool = _opt(
        False,
        "Re angesagt and Kontra angesagt each double the game points (Gewonnen, unter 90/60/30, schwarz, the "
        "Absagen, the Augen reached against an Absage, the Solo line) instead of adding 2 Punkte each; both: four "
        "times. The Sonderpunkte and the Punkt gegen die Alten are added after the doubling (see "
        "kontra_doubles_gegen_die_alten); nothing doubles when nobody wins",
        "FreeDoko, rule 'announcement re doubles' (its Sum_of_Specialpoints: (won + announcements) x 2 per Re/"
        "Kontra said, then the trick extra points); TSR 7.2.2 (false: 2 Punkte each)",
    )
    kontra_doubles_gegen_die_alten: bool = _opt(
        False,
        "With ansage_doubles: the Punkt gegen die Alten is a game point, doubled by Re and Kontra angesagt like "
        "the others (false: added after the doubling, once, like a Sonderpunkt); no effect without ansage_doubles",
        "FreeDoko, rule 'announcement contra doubles against re' (its CONTRA_WON counted among the won points); "
        "TSR (false)",
    )
    gegen_die_alten_in_solo: bool = _opt(
        False,
        "The Punkt gegen die Alten also counts for the three opponents when they win a game scored as a solo "
        "(part of the value, so the soloist pays it three times)",
        "a Doppelkopf program's tests (Doko.Domain GameScorerTests, Score_GegenDieAlten_AddedWhenKontraWins: a "
        "lone Re player loses); TSR 7.2.3 (false: not in a solo)",
    )
    karlchen_gefangen_karo_dame: bool = _opt(
        False,
        "A Karlchen is caught (Sonderpunkte karlchen_gefangen, doppelkarlchen_gefangen) only when a Karo-Dame "
        "wins the last trick",
        "FreeDoko, rule 'catch charlie only with diamond queen'; seed 002 (false: any card)",
    )

    def check_scoring_options(self) -> None:
        """Checks of the scoring options beyond their type, choices and range (called by
        ``__post_init__``): every ``solo_factors`` entry is ``game=N`` (see :attr:`solo_factor_table`).
        Raises :class:`RuleError` naming the field, e.g. ``solo_factors[1]: unknown game 'bube'``."""
        _ = self.solo_factor_table

    @functools.cached_property
    def solo_factor_table(self) -> dict[str, int]:
        """``solo_factors`` as a mapping game key -> factor N (1..100; keys: any game type but normal
        and armut, or ``trumpf``); raises :class:`RuleError` naming the entry at fault."""
        keys = {g.key for g in GameType if g not in (GameType.NORMAL, GameType.ARMUT)} | {"trumpf"}
        table: dict[str, int] = {}
        for i, entry in enumerate(self.solo_factors):
            if not isinstance(entry, str):
                raise RuleError("solo_factors[{i}]: expected a text 'game=N', got {short}", i=i, short=_short(entry))
            key, sep, number = (part.strip() for part in entry.partition("="))
            key = key.lower()
            if not sep or not (number.isascii() and number.isdigit()):
                raise RuleError(
                    "solo_factors[{i}]: {short} is not 'game=N' with a whole number N, e.g. 'buben=2'",
                    i=i,
                    short=_short(entry),
                )
            if key not in keys:
                raise RuleError(
                    "solo_factors[{i}]: unknown game {short}; expected one of: {keys}",
                    i=i,
                    short=_short(key),
                    keys=", ".join(sorted(keys)),
                )
            if key in table:
                raise RuleError("solo_factors[{i}]: {key!r} is listed twice", i=i, key=key)
            if not 1 <= int(number) <= 100:
                raise RuleError(
                    "solo_factors[{i}]: the factor of {key!r} must be between 1 and 100, got {short}",
                    i=i,
                    key=key,
                    short=_short(number),
                )
            table[key] = int(number)
        return table

    # --- house-rule options of the session and the Liste (Bock, Pflichtsolo rounds; add them in this block) ---
    # (session.py reads these; their ranges are in the metadata, check_session_options checks the rest)
    pflichtsolo: bool = _opt(
        True,
        "Every player must play one Pflichtsolo per round: a solo is the Pflichtsolo while its player has none in "
        "this round (a Lustsolo after it), the same dealer deals again after it, and near the end of the round a "
        "player still missing it is forced to play it (Vorführung, no redeal after that one)",
        "TSR 4.2.3, 4.2.5, 3.3.1, 4.3.1; seed 000: 'Es gibt keine Pflichtsolis' (false)",
    )
    round_games: int = _opt(
        24,
        "Games in a round (at least 4: one Pflichtsolo per player fits); the Pflichtsoli count among them, "
        "thrown-in deals do not",
        "TSR 8.5.1; Pflichtsoli counted: reading of TSR 4.2.3 (missing Pflichtsoli against games left)",
        bounds=Range(4, 1000, text=_PFLICHTSOLO_ROUND),
    )
    bock_triggers: tuple[BockTrigger, ...] = _opt(
        (),
        "Results that start a Bock (one Bock per trigger that fires): lost_solo (a game scored as a solo that the "
        "soloist lost), spaltarsch (120:120 Augen), lost_kontra / lost_re (Kontra / Re announced and that party "
        "did not win), nullspiel (game value 0 Punkte, Sonderpunkte included), schwarz (a party without a trick), "
        "herzstich (a trick of four Herz cards that are not trumps, not in a solo)",
        "seed 002, 'Abgerechnet wird am Schluss': 'Böcke entstehen durch ein verlorenes Solo, Nullspiel, "
        "Spaltarsch (beide Parteien haben 120 Punkte) oder durch ein verlorenes Contra'; TSR: no Bock (empty)",
        get_args(BockTrigger),
    )
    bock_length: BockLength = _opt(
        "round",
        "Games one Bock lasts: a round (as many games as players at the table, 4) or the next game only",
        "seed 004, Sonderfälle: 'Bockrunden'; seed 002: 'Böcke'",
        get_args(BockLength),
    )
    bock_stacking: BockStacking = _opt(
        "add",
        "A Bock while Bock games are owed: add (it overlaps the owed games, two Bocks on a game make a Doppelbock "
        "x4), queue (it starts after the owed games), none (it is dropped)",
        "seed 002: 'Böcke verdoppeln die so gezählten Punkte. Doppelböcke vervierfachen diese Punkte.'",
        get_args(BockStacking),
    )
    bock_max_multiplier: BockMultiplier = _opt(
        4,
        "Largest Bock multiplier of a game (a power of two, at least 2); a Bock beyond it is lost",
        "seed 002: 'Es gibt maximal Doppelböcke'",
        BOCK_MULTIPLIERS,
    )
    bock_multiplies: BockMultiplies = _opt(
        "all",
        "What a Bock multiplies: all Punkte of the game, Sonderpunkte included (all), or the game value without the "
        "Sonderpunkte (value)",
        "seed 004, Sonderfälle: 'Alle Punkte des Spiels werden verdoppelt, auch die Sonderpunkte'",
        get_args(BockMultiplies),
    )
    bock_skips_soli: bool = _opt(
        False,
        "A declared solo during Bock is scored without the Bock multiplier (a Stille Hochzeit is not skipped)",
        "seed 002: 'Mit Ausnahme einer Stillen Hochzeit kommen Soli nicht in die Bockwertung'",
    )
    bock_skipped_solo_counts: bool = _opt(
        True,
        "A solo skipped by bock_skips_soli still uses up its Bock game (false: the Bock waits for the next game)",
        "reading of seed 002: the solo stays out of the Bockwertung, the Bockrunde goes on",
    )

    pflichtsoli: int = _opt(
        1,
        "Pflichtsoli each player owes per round (with pflichtsolo)",
        "TSR 4.2.3 (1); FreeDoko, rule 'number of duty soli'",
        bounds=Range(1, 4),
    )
    farb_pflichtsoli: int = _opt(
        0,
        "Of a player's Pflichtsoli, at least this many must be Farbsoli",
        "FreeDoko, rule 'number of duty color soli'; TSR 4.2 (0: any solo)",
        bounds=Range(0, 4),
    )
    bilder_pflichtsoli: int = _opt(
        0,
        "Of a player's Pflichtsoli, at least this many must be picture soli (Damen, Buben, Könige and their "
        "pairs, Köhler)",
        "FreeDoko, rule 'number of duty picture soli'; TSR 4.2 (0: any solo)",
        bounds=Range(0, 4),
    )
    liste_counting: ListeCounting = _opt(
        "plus_minus",
        "How the Liste writes a game: the winners gain and the losers lose (plus_minus), only the winners gain "
        "(plus), or only the losers lose (minus); the differences between players, and so the money, stay in "
        "proportion",
        "TSR 7.2.4, seed 004 (plus_minus); FreeDoko, rule 'counting' (plus, minus)",
        get_args(ListeCounting),
    )
    sitting_rounds: int = _opt(
        0,
        "Rounds in a sitting: it ends after this many (0: no limit)",
        "FreeDoko, rules 'number of rounds limited', 'number of rounds'; TSR 8.5 (a tournament's rounds)",
        bounds=Range(0, 1000),
    )
    sitting_points: int = _opt(
        0,
        "The sitting ends after the game in which a player's total reaches this many Punkte, plus or minus "
        "(0: no limit)",
        "FreeDoko, rules 'points limited', 'points'",
        bounds=Range(0, 100000),
    )

    def check_session_options(self) -> None:
        """Cross-field checks of the session options (called by ``__post_init__``; ``round_games`` and
        ``bock_max_multiplier`` have their range and choices in the metadata): a Pflichtsolo needs a
        solo to declare (TSR 4.2; a player forced to play it, 4.2.3, would have no answer). Raises
        :class:`RuleError` naming the field."""
        if self.pflichtsolo and not self.solo_types:
            raise RuleError(
                "solo_types: empty, but pflichtsolo is true: a Pflichtsolo needs a solo to declare (TSR 4.2)"
            )
        if self.pflichtsoli * 4 > self.round_games:
            raise RuleError(
                "pflichtsoli: {pflichtsoli} Pflichtsoli for each of four players do not fit in a round of "
                "round_games = {round_games} games",
                pflichtsoli=self.pflichtsoli,
                round_games=self.round_games,
            )
        if self.farb_pflichtsoli + self.bilder_pflichtsoli > self.pflichtsoli:
            raise RuleError(
                "farb_pflichtsoli: {farb} Farbsoli and bilder_pflichtsoli = {bilder} picture soli are more than "
                "the pflichtsoli = {pflichtsoli} each player owes",
                farb=self.farb_pflichtsoli,
                bilder=self.bilder_pflichtsoli,
                pflichtsoli=self.pflichtsoli,
            )
        if self.pflichtsolo and self.farb_pflichtsoli and not any(g.is_farbsolo for g in self.allowed_soli):
            raise RuleError("farb_pflichtsoli: owed, but solo_types has no Farbsolo to declare")
        if self.pflichtsolo and self.bilder_pflichtsoli and not any(g.is_bildersolo for g in self.allowed_soli):
            raise RuleError("bilder_pflichtsoli: owed, but solo_types has no picture solo to declare")

    # -- validation -------------------------------------------------------------------------
    def __post_init__(self) -> None:
        """Check every option; raises :class:`RuleError` whose message starts with the field at fault.

        First each value's type and choices (a list: every entry, none twice), then its range from the
        field metadata (the ranges ``doko rules show`` prints, :class:`Range`), then the combinations
        no table can play: :meth:`check_play_options`, :meth:`check_scoring_options`,
        :meth:`check_session_options`.
        """
        fields = dataclasses.fields(self)
        for f in fields:
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            default: Any = f.default
            if isinstance(default, tuple):
                if not isinstance(value, (list, tuple)):
                    raise RuleError("{f_name}: expected a list, got {short}", f_name=f.name, short=_short(value))
                if not isinstance(value, tuple):
                    object.__setattr__(self, f.name, tuple(value))
                    value = getattr(self, f.name)
                for i, v in enumerate(value):
                    if choices and v not in choices:
                        raise RuleError(
                            "{f_name}: {short} is not one of {map}",
                            f_name=f.name,
                            short=_short(v),
                            map=", ".join(map(str, choices)),
                        )
                    if default and type(v) is not type(default[0]):
                        raise RuleError(
                            "{f_name}: every entry must be {name}, got {short}",
                            f_name=f.name,
                            name=type(default[0]).__name__,
                            short=_short(v),
                        )
                    if choices and v in value[:i]:
                        raise RuleError("{f_name}: a kind is listed twice ({v!r})", f_name=f.name, v=v)
            else:
                if choices and value not in choices:
                    raise RuleError(
                        "{f_name}: {short} is not one of {map}",
                        f_name=f.name,
                        short=_short(value),
                        map=", ".join(map(str, choices)),
                    )
                if type(value) is not type(default):
                    raise RuleError(
                        "{f_name}: expected {name}, got {short}",
                        f_name=f.name,
                        name=type(default).__name__,
                        short=_short(value),
                    )
        if not self.name.strip() or len(self.name) > 100 or not self.name.isprintable():
            raise RuleError(
                "name: must be 1 to 100 printable characters, not all blank, got {short}", short=_short(self.name)
            )
        nines = self.with_nines
        cards = len(deck(nines))
        if sum(self.deal_packets) * 4 != cards:
            raise RuleError(
                "deal_packets: {deal_packets} deal {sum} cards, deck has {cards}",
                deal_packets=self.deal_packets,
                sum=sum(self.deal_packets) * 4,
                cards=cards,
            )
        for f in fields:
            value = getattr(self, f.name)
            length: Range | None = f.metadata.get("length")
            if length is not None and not length.holds(len(value), nines):
                raise RuleError(
                    "{f_name}: needs {wording}, got {count}",
                    f_name=f.name,
                    wording=length.wording(nines),
                    count=len(value),
                )
            bounds: Range | None = f.metadata.get("bounds")
            if bounds is None:
                continue
            for v in value if isinstance(value, tuple) else (value,):
                if not bounds.holds(v, nines):
                    raise RuleError(
                        N_("{f_name}: every entry must be {wording}, got {v}")
                        if isinstance(value, tuple)
                        else N_("{f_name}: must be {wording}, got {v}"),
                        f_name=f.name,
                        wording=bounds.wording(nines, v),
                        v=v,
                    )
        d = self.announcement_deadlines
        if any(later > earlier for earlier, later in zip(d, d[1:], strict=False)):
            raise RuleError(
                "announcement_deadlines: {d} must not rise from Re/Kontra to schwarz (a higher announcement "
                "cannot be allowed earlier than a lower one)",
                d=list(d),
            )
        if d[0] < 1:
            raise RuleError("announcement_deadlines: Re/Kontra needs at least 1 card in hand, got 0")
        self.check_play_options()
        self.check_scoring_options()
        self.check_session_options()

    @property
    def hand_size(self) -> int:
        """Cards per hand: 12 with nines, 10 without."""
        return sum(self.deal_packets)

    @functools.cached_property
    def allowed_soli(self) -> tuple[GameType, ...]:
        """The soli that may be declared (``solo_types`` as game types)."""
        return tuple(GameType.parse(s) for s in self.solo_types)

    def plays(self, game_type: GameType) -> str | None:
        """Why a game of ``game_type`` cannot occur under these rules, or ``None`` when it can: a declared
        solo must be among ``solo_types`` (TSR 2.3.3), an Armut needs the rule ``armut`` (seed 002, a house
        rule the TSR has not); the normal game, the Hochzeit and the Stille Hochzeit are always played.

        >>> DDV.plays(GameType.ARMUT)
        "the Armut is not played under rules 'ddv' (rule armut is off)"
        """
        if game_type.is_declared_solo and game_type not in self.allowed_soli:
            allowed = ", ".join(self.solo_types) or "none"
            return f"the {game_type.german} is not played under rules {self.name!r} (soli: {allowed})"
        if game_type is GameType.ARMUT and not self.armut:
            return f"the Armut is not played under rules {self.name!r} (rule armut is off)"
        return None

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with the named options changed; raises RuleError for an unknown or bad option."""
        names = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in names:
                raise RuleError("unknown rule option {key!r}", key=key)
        return dataclasses.replace(self, **changes)

    def differences(self, other: RuleSet) -> tuple[str, ...]:
        """The names of the options in which ``other`` differs from this rule set, in the order of the
        fields (``name`` left out: two houses compare their rules, not their names); ``doko rules diff``
        prints them.

        >>> get_preset("ddv").differences(get_preset("vier-schritte"))
        ('nobody_wins', 'gegen_die_alten_as', 're_120_after_kontra')
        """
        return tuple(
            f.name
            for f in dataclasses.fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(other, f.name)
        )

    # -- files ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """All options as a plain dict (tuples become lists)."""
        return {
            f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in dataclasses.fields(self)
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Build a rule set from ``data``; options not named keep the value of ``base``.

        A key ``preset`` names the base preset. Raises :class:`RuleError` naming the field (see
        :meth:`__post_init__`), ``preset`` or the unknown option.
        """
        if not isinstance(data, dict):
            raise RuleError("rule options: expected a table of options, got {short}", short=_short(data))
        data = dict(data)
        if "preset" in data:
            preset = data.pop("preset")
            if not isinstance(preset, str):
                raise RuleError("preset: expected the name of a preset, got {short}", short=_short(preset))
            base = get_preset(preset)
        base = base or RuleSet()
        names = {f.name: f for f in dataclasses.fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                raise RuleError("unknown rule option {short}", short=_short(key))
            if isinstance(names[key].default, tuple):
                if not isinstance(value, (list, tuple)):
                    raise RuleError("{key}: expected a list, got {short}", key=key, short=_short(value))
                value = tuple(value)
            changes[key] = value
        return dataclasses.replace(base, **changes)

    def to_toml(self) -> str:
        """The rule set as TOML text, one commented option per line with its allowed values
        (loadable by from_toml)."""
        lines = [f"# Doppelkopf rule set {self.name!r}"]
        for f in dataclasses.fields(self):
            allowed = self.allowed_values(f.name)
            lines.append(f"# {f.metadata['doc']}{f' ({allowed})' if allowed else ''} [{f.metadata['source']}]")
            lines.append(f"{f.name} = {_toml_value(getattr(self, f.name))}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Parse TOML text (options at the top or in a ``[rules]`` table, see :meth:`from_dict`);
        raises :class:`RuleError` naming the line or field at fault, also for a file nested too deeply
        to parse."""
        import tomllib  # only needed when reading files (keeps ``import doppelkopf`` fast)

        try:
            data = tomllib.loads(text)
            if isinstance(data.get("rules"), dict):
                data = data["rules"]
            return cls.from_dict(data)
        except tomllib.TOMLDecodeError as exc:
            raise RuleError("rule file is not valid TOML: {exc}", exc=exc) from None
        except RecursionError:
            raise RuleError("rule file is nested too deeply (tables or lists within each other)") from None

    def describe(self, translate: Callable[[str], str] = str) -> list[tuple[str, str, str, str]]:
        """Rows of (option, value, description, source) for display; the description ends with the
        allowed values (:meth:`allowed_values`) where the option has a fixed set or a range. The
        descriptions are English messages of the catalogue, given to ``translate`` (default: as they
        are; ``translator("de").gettext`` of :mod:`doppelkopf.i18n` gives them in German)."""
        rows = []
        for f in dataclasses.fields(self):
            doc = translate(f.metadata["doc"])
            allowed = self.allowed_values(f.name, translate)
            if allowed:
                doc += f" ({allowed})"
            rows.append((f.name, _display(getattr(self, f.name)), doc, f.metadata["source"]))
        return rows

    def allowed_values(self, option: str, translate: Callable[[str], str] = str) -> str:
        """The values option ``option`` allows under this rule set, from its field metadata (the
        check of :meth:`__post_init__` reads the same), e.g. ``choices: first, second``,
        ``range: 1..12``, ``5 entries, each 0..12``; empty for a bool or the name. Raises
        :class:`RuleError` for an unknown option. ``translate`` gives the words in the reader's language (the
        values are the rule file's own and stay as they are)."""
        meta = {f.name: f.metadata for f in dataclasses.fields(self)}.get(option)
        if meta is None:
            raise RuleError("unknown rule option {short}", short=_short(option))
        nines = self.with_nines
        parts = []
        if meta.get("choices"):
            parts.append(translate(N_("choices: {values}")).format(values=", ".join(map(str, meta["choices"]))))
        length: Range | None = meta.get("length")
        bounds: Range | None = meta.get("bounds")
        if length is not None:
            low, high = length.bounds(nines)
            count = (
                translate(N_("{count} entries")).format(count=low)
                if low == high
                else translate(N_("{low} to {high} entries")).format(low=low, high=high)
            )
            each = translate(N_(", each {range}")).format(range=bounds.shown(nines)) if bounds is not None else ""
            parts.append(count + each)
        elif bounds is not None:
            parts.append(translate(N_("range: {range}")).format(range=bounds.shown(nines)))
        return "; ".join(parts)


def _display(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _toml_value(value: Any) -> str:
    import tomli_w  # only needed when writing files

    return tomli_w.dumps({"v": list(value) if isinstance(value, tuple) else value})[4:].strip()


DDV = RuleSet()

#: Seed 000 ("die Regeln etwas ausführlicher"): 40 cards dealt 3-4-3, Schweinchen, Hochzeit with a choice of
#: Fehl or trump trick, Buben-, Damen-, Trumpf- and stilles Solo with factors 2, 3, 5, 4, deadlines 9/8/7/6/5,
#: Fuchs am End, no Pflichtsolo. Every value and the sentence behind it: docs/rules.md.
OHNE_NEUNEN = DDV.replace(
    name="ohne-neunen",
    with_nines=False,
    deal_packets=(3, 4, 3),
    solo_types=("damen", "buben", "karo"),
    solo_lead="dealer_left",
    solo_conflict="higher_solo",
    vorbehalt_priority=("solo", "hochzeit"),
    hochzeit_partner="choice",
    hochzeit_choices=("first_fehl", "first_trump"),
    hochzeit_alone_as="normal",
    stille_hochzeit_as="solo",
    announcement_deadlines=(9, 8, 7, 6, 5),
    schweine="on",
    schweine_announce="before_first_play",
    schweine_games=("normal", "hochzeit", "stille_hochzeit", "karo"),
    sonderpunkte=("doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end"),
    sonderpunkte_soli=("stille_hochzeit", "trumpf"),
    solo_factors=("buben=2", "damen=3", "stille_hochzeit=4", "trumpf=5"),
    claim="anyone",
    absage_punkte="winner",
    pflichtsolo=False,
)

#: Seed 002 ("ein festes Regelwerk"): 48 cards, the second Herz-10 beats the first, Schmeissen, Armut,
#: Schweine and Superschweine, Charlie, Feigheit, announcements by tricks without skipping, Pflichtansage,
#: Bock and Doppelbock. Every value and the sentence behind it: docs/rules.md.
DOPPELBOCK = DDV.replace(
    name="doppelbock",
    dulle="second",
    solo_types=("kreuz", "pik", "herz", "karo", "damen", "buben", "buben_damen", "fleischlos"),
    solo_lead="soloist",
    solo_conflict="bidding",
    vorbehalt_priority=("solo", "schmeissen", "armut", "hochzeit"),
    schmeissen=("five_nines", "no_trump_above_fuchs"),
    armut=True,
    hochzeit_partner="choice",
    hochzeit_choices=("first_fehl", "first_foreign", "first_trump"),
    hochzeit_early_ansage=True,
    hochzeit_alone_as="normal",
    stille_hochzeit_as="normal",
    announcement_timing="tricks",
    announcement_skipping=False,
    pflichtansage=True,
    schweine="on",
    schweine_announce="first_play",
    schweine_games=("normal", "hochzeit", "stille_hochzeit", "armut"),
    schweine_optional=True,
    superschweine=True,
    schweine_armut="at_exchange",
    sonderpunkte=("doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen"),
    solo_sonderpunkte=("doppelkopf",),
    feigheit=True,
    superfeigheit=True,
    solo_bonus=1,
    re_120_after_kontra=False,
    reached_against_absage=False,
    pflichtsolo=False,
    bock_triggers=("lost_solo", "nullspiel", "spaltarsch", "lost_kontra"),
    bock_multiplies="all",
    bock_max_multiplier=4,
    bock_skips_soli=True,
)

#: Seed 004 ("Das Schema in vier Schritten"): the DDV game scored by the seed's scheme: gegen die Alten as a
#: game point, only Sonderpunkte when nobody wins, Bock doubles the Sonderpunkte too.
VIER_SCHRITTE = DDV.replace(
    name="vier-schritte",
    re_120_after_kontra=False,
    gegen_die_alten_as="spielpunkt",
    nobody_wins="sonderpunkte",
    hochzeit_alone_as="solo",
    stille_hochzeit_as="solo",
    bock_multiplies="all",
)

PRESETS: dict[str, RuleSet] = {
    "ddv": DDV,
    "ohne-neunen": OHNE_NEUNEN,
    "doppelbock": DOPPELBOCK,
    "vier-schritte": VIER_SCHRITTE,
}


def get_preset(name: str) -> RuleSet:
    """The preset called ``name``; raises RuleError listing the known presets."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise RuleError(
            "unknown rule set {name!r}; presets: {presets}", name=name, presets=", ".join(sorted(PRESETS))
        ) from None
