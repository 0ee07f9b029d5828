"""The game entry form of the pages: form fields <-> a Liste entry (see ``doppelkopf.liste``).

The form only carries what the table typed; it is turned into the entry the Store takes as is, and
every check (names, Augen, announcements, Sonderpunkte, Bock, Pflichtsolo) is the Liste's. This module
reads numbers and lists out of form fields and says which field an error message names, nothing more.

Form fields (``mode`` ``full`` or ``quick``):

* full: ``game``, ``re`` (repeated: the Re players, the soloist alone), ``augen_re``, optional
  ``tricks_re``, ``ann_re``/``ann_kontra`` (the highest announcement of each party: ``re``/``kontra``,
  ``keine_90`` .. ``schwarz``, empty for none), ``extra.<type>.<party>`` (how many Sonderpunkte of that
  type the party made), ``pflichtsolo``;
* quick: ``winners`` (repeated), ``punkte``, optional ``game``, ``events`` (repeated Bock triggers the
  table saw), ``pflichtsolo``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..jsonutil import short_repr

#: Announcement levels in order; an Absage implies the Ansage of its party.
LEVELS = ("keine_90", "keine_60", "keine_30", "schwarz")
PARTIES = ("re", "kontra")
#: The largest count of one Sonderpunkt type per party the form offers (two Karo-Asse, two Kreuz-Buben, ...).
MAX_EXTRA_COUNT = 4
#: The longest number typed into a field that is read at all.
MAX_NUMBER_CHARS = 6


class FormError(ValueError):
    """A form field that is no entry at all (a number field holding text); the message names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass
class GameForm:
    """What the entry form shows: the mode and the values typed (kept after an error)."""

    mode: str = "full"
    game: str = ""
    re: list[str] = field(default_factory=list)
    augen_re: str = ""
    tricks_re: str = ""
    announcements: dict[str, str] = field(default_factory=lambda: {"re": "", "kontra": ""})
    extras: dict[str, int] = field(default_factory=dict)  # "<type>.<party>" -> count
    pflichtsolo: bool = False
    winners: list[str] = field(default_factory=list)
    punkte: str = ""
    events: list[str] = field(default_factory=list)
    problem: str = ""  # a field that is no entry at all, raised by form_to_entry

    def extra_count(self, kind: str, party: str) -> int:
        return self.extras.get(f"{kind}.{party}", 0)


def _number(value: str, name: str, *, required: bool) -> int | None:
    text = value.strip()
    if not text:
        if required:
            raise FormError(name, "missing, type a whole number")
        return None
    if len(text) > MAX_NUMBER_CHARS or not re.fullmatch(r"[+-]?\d+", text.replace("\u2212", "-")):
        raise FormError(name, f"{short_repr(text)} is not a whole number")
    return int(text.replace("\u2212", "-"))


def read_form(data: Mapping[str, Sequence[str]]) -> GameForm:
    """The values of a submitted entry form; ``data`` maps each field to its values (repeated fields)."""

    def one(name: str) -> str:
        values = data.get(name) or [""]
        return str(values[0])

    def many(name: str) -> list[str]:
        return [str(v) for v in data.get(name, ()) if str(v).strip()]

    form = GameForm(mode="quick" if one("mode") == "quick" else "full")
    form.game = one("game").strip()
    form.re = many("re")
    form.augen_re = one("augen_re")
    form.tricks_re = one("tricks_re")
    form.announcements = {party: one(f"ann_{party}").strip() for party in PARTIES}
    for name, values in data.items():
        parts = name.split(".")
        if len(parts) == 3 and parts[0] == "extra" and parts[2] in PARTIES and values:
            text = str(values[0]).strip()
            if text.isdigit() and 0 < int(text) <= MAX_EXTRA_COUNT:
                form.extras[f"{parts[1]}.{parts[2]}"] = int(text)
            elif text not in ("", "0") and not form.problem:
                form.problem = (
                    f"extras: {short_repr(text)} is not a count 0..{MAX_EXTRA_COUNT} ({parts[1]}, {parts[2]})"
                )
    form.pflichtsolo = one("pflichtsolo") in ("on", "true", "1")
    form.winners = many("winners")
    form.punkte = one("punkte")
    form.events = many("events")
    return form


def form_to_entry(form: GameForm) -> dict[str, Any]:
    """The Liste entry of a submitted form (full or quick), unchecked: the Liste checks it.

    Raises:
        FormError: a number field that holds no whole number (``augen_re``, ``tricks_re``, ``punkte``), a
            Sonderpunkte count that is none (``extras``).
    """
    if form.problem:
        field_name, message = form.problem.split(": ", 1)
        raise FormError(field_name, message)
    entry: dict[str, Any]
    if form.mode == "quick":
        entry = {"winners": list(form.winners), "punkte": _number(form.punkte, "punkte", required=True)}
        if form.game:
            entry["game"] = form.game
        if form.events:
            entry["events"] = list(form.events)
    else:
        entry = {"game": form.game, "re": list(form.re), "augen_re": _number(form.augen_re, "augen_re", required=True)}
        tricks = _number(form.tricks_re, "tricks_re", required=False)
        if tricks is not None:
            entry["tricks_re"] = tricks
        announcements: dict[str, list[str]] = {}
        for party in PARTIES:
            level = form.announcements.get(party, "")
            announcements[party] = [level] if level else []
        entry["announcements"] = announcements
        extras: list[dict[str, str]] = []
        for key, count in form.extras.items():
            kind, party = key.rsplit(".", 1)
            extras.extend({"type": kind, "party": party} for _ in range(count))
        entry["extras"] = extras
    if form.pflichtsolo:
        entry["pflichtsolo"] = True
    return entry


def entry_to_form(entry: Mapping[str, Any]) -> GameForm:
    """The form showing a stored entry (to correct it)."""
    form = GameForm()
    if "winners" in entry:
        form.mode = "quick"
        form.winners = [str(name) for name in entry.get("winners", ())]
        form.punkte = str(entry.get("punkte", ""))
        form.events = [str(e) for e in entry.get("events", ())]
    else:
        form.re = [str(name) for name in entry.get("re", ())]
        form.augen_re = str(entry.get("augen_re", ""))
        if entry.get("tricks_re") is not None:
            form.tricks_re = str(entry["tricks_re"])
        announced = entry.get("announcements") or {}
        for party in PARTIES:
            items = [str(item) for item in announced.get(party, ())]
            highest = ""
            if party in items:
                highest = party
            for level in LEVELS:
                if level in items:
                    highest = level
            form.announcements[party] = highest
        for extra in entry.get("extras", ()):
            key = f"{extra.get('type')}.{extra.get('party')}"
            form.extras[key] = form.extras.get(key, 0) + 1
    form.game = str(entry.get("game") or "")
    form.pflichtsolo = bool(entry.get("pflichtsolo", False))
    return form


#: What the form calls each field an error can name.
FIELD_LABELS = {
    "game": "Game",
    "re": "Re",
    "augen_re": "Augen of Re",
    "tricks_re": "Tricks of Re",
    "ann_re": "Announced by Re",
    "ann_kontra": "Announced by Kontra",
    "extras": "Sonderpunkte",
    "pflichtsolo": "Pflichtsolo",
    "winners": "Who won",
    "punkte": "Punkte",
    "events": "Bock events",
}

_GAME_PREFIX = re.compile(r"^game \d+:\s*")
_FIELD = re.compile(r"^([A-Za-z_]+)((?:\.[A-Za-z_]+|\[\d+\])*)\s*:")
_KNOWN = frozenset({"game", "re", "augen_re", "tricks_re", "winners", "punkte", "events", "pflichtsolo"})


def error_field(message: str) -> str:
    """The form field an error message names (``"game 3: re[0]: 'Eva' sits out"`` -> ``"re"``,
    ``"announcements.kontra[0]: ..."`` -> ``"ann_kontra"``, ``"extras[1].party: ..."`` -> ``"extras"``),
    or ``""`` when it names none the form has."""
    match = _FIELD.match(_GAME_PREFIX.sub("", message.strip()))
    if not match:
        return ""
    name, rest = match.group(1), match.group(2)
    if name == "announcements":
        sub = rest.split(".")[1].split("[")[0] if rest.startswith(".") else ""
        return f"ann_{sub}" if sub in PARTIES else "ann_re"
    if name == "extras":
        return "extras"
    if name == "tricks_kontra":
        return "tricks_re"
    return name if name in _KNOWN else ""
