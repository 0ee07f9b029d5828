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
import tomllib
from dataclasses import dataclass, field
from typing import Any


class RuleError(ValueError):
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
    the normal trumps with the named suit in place of Karo; ``DAMEN``, ``BUBEN`` and
    ``FLEISCHLOS`` are the Damen-, Buben- and Fleischlos-Soli.
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

    @property
    def key(self) -> str:
        """Lower-case name used in files and on the command line, e.g. ``stille_hochzeit``."""
        return self.name.lower()

    @property
    def german(self) -> str:
        return _GAME_GERMAN[self]

    @property
    def is_declared_solo(self) -> bool:
        """True for the Soli declared as a Vorbehalt (Farb-, Damen-, Buben-, Fleischlos-Solo)."""
        return self >= GameType.KREUZ

    @classmethod
    def parse(cls, text: str) -> GameType:
        """Parse a game type key (``normal``, ``hochzeit``, ``kreuz``, ...); raises RuleError."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        key = _GAME_ALIASES.get(key, key)
        try:
            return cls[key.upper()]
        except KeyError:
            names = ", ".join(g.key for g in cls)
            raise RuleError(f"unknown game type {text!r}; expected one of: {names}") from None


_GAME_GERMAN = {
    GameType.NORMAL: "Normalspiel",
    GameType.HOCHZEIT: "Hochzeit",
    GameType.STILLE_HOCHZEIT: "Stille Hochzeit",
    GameType.KREUZ: "Kreuzsolo",
    GameType.PIK: "Piksolo",
    GameType.HERZ: "Herzsolo",
    GameType.KARO: "Karosolo",
    GameType.DAMEN: "Damensolo",
    GameType.BUBEN: "Bubensolo",
    GameType.FLEISCHLOS: "Fleischloser",
}
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
}

#: Announcement levels: 1 is the Ansage (Re or Kontra), 2..5 the Absagen.
ANSAGE, KEINE_90, KEINE_60, KEINE_30, SCHWARZ = 1, 2, 3, 4, 5
LEVEL_KEYS = {KEINE_90: "keine_90", KEINE_60: "keine_60", KEINE_30: "keine_30", SCHWARZ: "schwarz"}
LEVEL_LABELS = {KEINE_90: "keine 90", KEINE_60: "keine 60", KEINE_30: "keine 30", SCHWARZ: "schwarz"}


def level_label(level: int, party: Party) -> str:
    """Spoken name of an announcement: ``Re``/``Kontra`` for level 1, else ``keine 90`` etc."""
    return party.label if level == ANSAGE else LEVEL_LABELS[level]


def _opt(default: Any, doc: str, source: str, choices: tuple[Any, ...] | None = None) -> Any:
    meta = {"doc": doc, "source": source, "choices": choices}
    if isinstance(default, (list, tuple)):
        return field(default=tuple(default), metadata=meta)
    return field(default=default, metadata=meta)


ALL_SOLI = ("kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos")


@dataclass(frozen=True)
class RuleSet:
    """Every option of one way to play Doppelkopf; defaults are the DDV Turnierspielregeln.

    Build variations with :meth:`replace`; read and write files with :meth:`from_toml` and
    :meth:`to_toml`. Invalid values raise :class:`RuleError` naming the field.
    """

    name: str = _opt("ddv", "Name of the rule set", "-")
    with_nines: bool = _opt(True, "Play with the nines (48 cards) or without (40 cards)", "TSR 2.2.1")
    deal_packets: tuple[int, ...] = _opt(
        (3, 3, 3, 3), "Cards per packet in each dealing round, clockwise from left of the dealer", "TSR 3.3.7"
    )
    cut_minimum: int = _opt(3, "Cards that must be lifted and left when cutting", "TSR 3.3.4")
    dulle: str = _opt(
        "first",
        "Two Herz-10 in one trick: the first played wins, the second wins, or the second wins except in the last trick",
        "TSR 5.3.3 (equal cards: the first played wins, Herz-10 included)",
        ("first", "second", "second_except_last"),
    )
    solo_types: tuple[str, ...] = _opt(ALL_SOLI, "Soli that may be declared as a Vorbehalt", "TSR 2.3.3", ALL_SOLI)
    solo_lead: str = _opt(
        "pflichtsolo",
        "Who leads the first trick of a solo: the soloist in a Pflichtsolo only (left of the dealer in a "
        "Lustsolo), the soloist always, or always the player left of the dealer",
        "TSR 5.1.1, 4.2.2, 4.3.1",
        ("pflichtsolo", "soloist", "dealer_left"),
    )
    hochzeit_tricks: int = _opt(3, "Tricks within which the Hochzeit must find its partner", "TSR 4.4.3")
    hochzeit_partner: str = _opt(
        "first_foreign",
        "Which trick finds the Hochzeit partner: the first trick won by another player",
        "TSR 4.4.3",
        ("first_foreign",),
    )
    hochzeit_alone_as: str = _opt(
        "solo",
        "A Hochzeit without partner is scored as a solo or as a normal game",
        "TSR 4.4.3 b",
        ("solo", "normal"),
    )
    stille_hochzeit_as: str = _opt(
        "solo",
        "A Stille Hochzeit (both Kreuz-Damen, no Vorbehalt) is scored as a solo or as a normal game",
        "TSR 4.4.5; seed 004, Sonderfälle",
        ("solo", "normal"),
    )
    announcement_deadlines: tuple[int, ...] = _opt(
        (11, 10, 9, 8, 7),
        "Least cards in the announcer's hand for Re/Kontra, keine 90, keine 60, keine 30, schwarz",
        "TSR 6.2.2, 6.3.4",
    )
    reply_extra_cards: int = _opt(
        1,
        "Erwiderung: Re/Kontra in reply to the other party's An- or Absage is allowed with this many cards "
        "fewer than that announcement needed; a late reply opens no Absagen",
        "TSR 6.4.4",
    )
    hochzeit_shift: bool = _opt(
        True,
        "In a Hochzeit the deadlines move back by one card per trick before the Klärungsstich",
        "TSR 6.4.2",
    )
    solo_factor: int = _opt(
        3, "The soloist wins or loses this many times the game value, each opponent a third of it", "TSR 7.2.4"
    )
    nobody_wins: str = _opt(
        "tsr",
        "When both parties miss their Absagen: score unter 90/60/30/schwarz and Augen reached against an Absage "
        "for the party that made them, netted with the Sonderpunkte (tsr), or only the Sonderpunkte (sonderpunkte)",
        "TSR 7.1.3; seed 004, Sonderfälle",
        ("tsr", "sonderpunkte"),
    )
    gegen_die_alten: bool = _opt(
        True, "Kontra gets one Punkt for winning against the Kreuz-Damen (not in a solo)", "TSR 7.2.3"
    )
    sonderpunkte: tuple[str, ...] = _opt(
        ("doppelkopf", "fuchs_gefangen", "karlchen"),
        "Sonderpunkte that count in a normal game or Hochzeit",
        "TSR 7.2.3",
        ("doppelkopf", "fuchs_gefangen", "karlchen"),
    )
    sonderpunkte_in_solo: bool = _opt(False, "Sonderpunkte count in a solo too", "TSR 7.2.4")
    doppelkopf_augen: int = _opt(40, "Least Augen in one trick for a Doppelkopf", "TSR 7.2.3")

    # --- house-rule options of play (deck, Vorbehalte, card order, announcements, claiming) ---
    # (game.py reads these; add new play options in this block)

    # --- house-rule options of scoring (scoring.py reads these; add new scoring options in this block) ---

    # --- house-rule options of the session and the Liste (Bock, Pflichtsolo rounds; add them in this block) ---

    # -- validation -------------------------------------------------------------------------
    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if isinstance(f.default, tuple):
                if not isinstance(value, tuple):
                    object.__setattr__(self, f.name, tuple(value))
                    value = getattr(self, f.name)
                if choices:
                    for v in value:
                        if v not in choices:
                            raise RuleError(f"{f.name}: {v!r} is not one of {', '.join(map(str, choices))}")
            elif choices and value not in choices:
                raise RuleError(f"{f.name}: {value!r} is not one of {', '.join(map(str, choices))}")
            default: Any = f.default
            expected = type(default)
            if expected is tuple:
                if any(type(v) is not type(default[0]) for v in value) if default else False:
                    raise RuleError(f"{f.name}: every entry must be {type(default[0]).__name__}")
            elif type(value) is not expected:
                raise RuleError(f"{f.name}: expected {expected.__name__}, got {value!r}")
        cards = 48 if self.with_nines else 40
        if sum(self.deal_packets) * 4 != cards:
            raise RuleError(
                f"deal_packets: {self.deal_packets} deal {sum(self.deal_packets) * 4} cards, deck has {cards}"
            )
        if len(self.announcement_deadlines) != 5:
            raise RuleError("announcement_deadlines: needs 5 numbers (Re/Kontra, keine 90, 60, 30, schwarz)")
        d = self.announcement_deadlines
        if any(later > earlier for earlier, later in zip(d, d[1:], strict=False)) or d[-1] < 0:
            raise RuleError(
                f"announcement_deadlines: {list(d)} must not rise from Re/Kontra to schwarz "
                "(a higher announcement cannot be allowed earlier than a lower one)"
            )
        if not 1 <= self.doppelkopf_augen <= 44:
            raise RuleError("doppelkopf_augen: must be between 1 and 44 (the most Augen one trick can hold)")
        if not self.hand_size >= self.announcement_deadlines[0] >= 1:
            raise RuleError(
                f"announcement_deadlines: Re/Kontra needs {self.announcement_deadlines[0]} cards in hand, "
                f"but a hand holds {self.hand_size}"
            )
        if not 0 <= self.cut_minimum <= cards // 2:
            raise RuleError(f"cut_minimum: must be between 0 and {cards // 2}")
        if not 1 <= self.hochzeit_tricks <= cards // 4:
            raise RuleError(f"hochzeit_tricks: must be between 1 and {cards // 4}")
        if self.solo_factor < 3 or self.solo_factor % 3:
            raise RuleError(
                "solo_factor: must be 3, 6, 9, ... (a positive multiple of 3: the three opponents share it)"
            )

    @property
    def hand_size(self) -> int:
        """Cards per hand: 12 with nines, 10 without."""
        return sum(self.deal_packets)

    @functools.cached_property
    def allowed_soli(self) -> tuple[GameType, ...]:
        return tuple(GameType.parse(s) for s in self.solo_types)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with the named options changed; raises RuleError for an unknown or bad option."""
        names = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in names:
                raise RuleError(f"unknown rule option {key!r}")
        return dataclasses.replace(self, **changes)

    # -- files ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """All options as a plain dict (tuples become lists)."""
        return {
            f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in dataclasses.fields(self)
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Build a rule set from ``data``; options not named keep the value of ``base``.

        A key ``preset`` names the base preset. Raises :class:`RuleError` naming the field.
        """
        data = dict(data)
        if "preset" in data:
            base = get_preset(str(data.pop("preset")))
        base = base or RuleSet()
        names = {f.name: f for f in dataclasses.fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                raise RuleError(f"unknown rule option {key!r}")
            if isinstance(names[key].default, tuple):
                if not isinstance(value, (list, tuple)):
                    raise RuleError(f"{key}: expected a list, got {value!r}")
                value = tuple(value)
            changes[key] = value
        return dataclasses.replace(base, **changes)

    def to_toml(self) -> str:
        """The rule set as TOML text, one commented option per line (loadable by from_toml)."""
        lines = [f"# Doppelkopf rule set {self.name!r}"]
        for f in dataclasses.fields(self):
            lines.append(f"# {f.metadata['doc']} [{f.metadata['source']}]")
            lines.append(f"{f.name} = {_toml_value(getattr(self, f.name))}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Parse TOML text; raises :class:`RuleError` naming the line or field at fault."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RuleError(f"rule file is not valid TOML: {exc}") from None
        if isinstance(data.get("rules"), dict):
            data = data["rules"]
        return cls.from_dict(data)

    def describe(self) -> list[tuple[str, str, str, str]]:
        """Rows of (option, value, description, source) for display; the description ends with the
        allowed values where the option has a fixed set."""
        rows = []
        for f in dataclasses.fields(self):
            doc = f.metadata["doc"]
            if f.metadata.get("choices"):
                doc += f" (choices: {', '.join(map(str, f.metadata['choices']))})"
            rows.append((f.name, _display(getattr(self, f.name)), doc, f.metadata["source"]))
        return rows


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

PRESETS: dict[str, RuleSet] = {"ddv": DDV}


def get_preset(name: str) -> RuleSet:
    """The preset called ``name``; raises RuleError listing the known presets."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise RuleError(f"unknown rule set {name!r}; presets: {', '.join(sorted(PRESETS))}") from None
