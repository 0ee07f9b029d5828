"""The game entry form of the pages: form fields <-> a Liste entry (see ``doppelkopf.liste``).

The form only carries what the table typed; it is turned into the entry the Store takes as is, and
every check (names, Augen, announcements, Sonderpunkte, Bock, Pflichtsolo) is the Liste's. This module
reads numbers and lists out of form fields and says which field an error message names, nothing more.

Form fields (``mode`` ``full`` or ``quick``):

* full: ``game``, ``re`` (repeated: the Re players, the soloist alone), ``augen_re``, optional
  ``tricks_re``, ``ann_re``/``ann_kontra`` (the highest announcement of each party: ``re``/``kontra``,
  ``keine_90`` .. ``schwarz``, empty for none), ``extra.<type>.<party>`` (how many Sonderpunkte of that
  type the party made; the form offers 0 up to the most one game holds, ``entry_form(rules)["limits"]``);
* quick: ``winners`` (repeated), ``punkte``, optional ``game``, ``events`` (repeated Bock triggers the
  table saw);
* both: ``author`` (who entered it: at most :data:`MAX_AUTHOR` characters, no control characters), and
  ``number`` (a new game: the number the page showed, the guard against entering it twice) or ``version``
  (a correction or deletion: the game's version the page showed).

There is no Pflichtsolo field: the Liste derives it (a solo is the Pflichtsolo while its player has none in
the round). Any other field, a ``mode`` other than ``full``/``quick`` or a Sonderpunkte field of a kind or
party the rules do not have is refused with the field named (:class:`FormError`).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..entry import PARTY_KEYS
from ..i18n import Translator
from ..jsonutil import short_repr
from ..messages import N_, Text
from ..rules import LEVEL_KEYS

#: The parties of the entry format (``re``, ``kontra``: :data:`doppelkopf.entry.PARTY_KEYS`).
PARTIES = tuple(PARTY_KEYS)
#: The Absagen in order (:data:`doppelkopf.rules.LEVEL_KEYS`, keine_90 .. schwarz); each implies the Ansage.
LEVELS = tuple(LEVEL_KEYS[level] for level in sorted(LEVEL_KEYS))
#: The longest number typed into a field that is read at all (a bound on the input, not a rule).
MAX_NUMBER_CHARS = 6
#: The longest name of who entered a game (``author``), in characters.
MAX_AUTHOR = 40
#: The most players a group may have (a bound on the input: a table has 4 to 7 of them).
MAX_GROUP_PLAYERS = 100
#: The fields of the entry form besides ``extra.<type>.<party>``.
FORM_FIELDS = frozenset(
    {"mode", "game", "re", "augen_re", "tricks_re", "ann_re", "ann_kontra", "winners", "punkte", "events"}
    | {"number", "version", "author", "client_id"}
)


class FormError(ValueError):
    """A form field that is no entry at all (a number field holding text); the message names the field
    (``str()``: ``"augen_re: 'x' is not a whole number"``). ``reason`` is the message without the field and
    ``message`` the whole one, :class:`doppelkopf.messages.Text` a front end translates (:func:`shown`);
    ``problems`` maps every field at fault to its reason (one entry, or all of them where
    :func:`form_to_entry` found several)."""

    def __init__(self, field: str, reason: Text | str, problems: Mapping[str, Text | str] | None = None) -> None:
        self.message = Text("{field}: {reason}", field=field, reason=reason)
        super().__init__(str(self.message))
        self.field = field
        self.reason = reason
        self.problems: dict[str, Text | str] = dict(problems or {field: reason})


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
    winners: list[str] = field(default_factory=list)
    punkte: str = ""
    events: list[str] = field(default_factory=list)
    problems: dict[str, Text] = field(default_factory=dict)  # fields that are no entry at all (form_to_entry)
    extra_fields: list[str] = field(default_factory=list)  # the extra.<type>.<party> fields submitted

    def extra_count(self, kind: str, party: str) -> int:
        """How many Sonderpunkte of ``kind`` the form holds for ``party`` (0 when none)."""
        return self.extras.get(f"{kind}.{party}", 0)


def _shown(name: str) -> str:
    """A submitted field's name for a message: as is when it is a plain name, else quoted and cut."""
    return name if re.fullmatch(r"[\w.\[\]-]{1,60}", name, re.ASCII) else short_repr(name)


def shown(error: BaseException) -> object:
    """What a page shows of ``error``: a :class:`FormError`'s :class:`~doppelkopf.messages.Text` (translated by
    ``tr.text``), any other error as it is (a :class:`~doppelkopf.messages.TextError` translated too)."""
    return error.message if isinstance(error, FormError) else error


def check_author(text: str) -> str:
    """``text`` (who entered a game) stripped; raises :class:`FormError` naming ``author`` when it is longer
    than :data:`MAX_AUTHOR` characters or holds a control character."""
    text = text.strip()
    if len(text) > MAX_AUTHOR:
        raise FormError("author", Text("at most {most} characters, not {count}", most=MAX_AUTHOR, count=len(text)))
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
        raise FormError("author", Text("no control characters"))
    return text


#: How the pages write a date (``24.12.2026``); :func:`parse_date` also reads ``2026-12-24``.
DATE_FORMAT = "dd.mm.yyyy"
_GERMAN_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", re.ASCII)


def parse_date(text: str, name: str) -> datetime.date | None:
    """The date typed into the field ``name``: ``24.12.2026`` (as the pages show it) or ``2026-12-24``; None
    when empty. Raises :class:`FormError` naming ``name`` for anything else.

    >>> parse_date("1.12.2026", "date"), parse_date("2026-12-01", "date")
    (datetime.date(2026, 12, 1), datetime.date(2026, 12, 1))
    """
    text = text.strip()
    if not text:
        return None
    try:
        match = _GERMAN_DATE.fullmatch(text)
        if match:
            day, month, year = (int(part) for part in match.groups())
            return datetime.date(year, month, day)
        if len(text) == 10:
            return datetime.date.fromisoformat(text)
    except ValueError:
        pass
    raise FormError(name, Text("{text} is no date (dd.mm.yyyy or yyyy-mm-dd)", text=short_repr(text)))


def check_group_size(count: int) -> None:
    """Raises :class:`FormError` naming ``players`` when a group would have more than
    :data:`MAX_GROUP_PLAYERS` players."""
    if count > MAX_GROUP_PLAYERS:
        raise FormError("players", Text("at most {most}", most=MAX_GROUP_PLAYERS))


def _number(value: str, name: str, *, required: bool, most: int | None = None) -> int | None:
    """The whole number typed into field ``name`` (``None`` when empty and not ``required``); with ``most``
    it must lie in ``0..most`` (the rules' bound of the field). Raises FormError naming ``name``."""
    text = value.strip()
    if not text:
        if required:
            raise FormError(name, Text("missing, type a whole number"))
        return None
    if len(text) > MAX_NUMBER_CHARS or not re.fullmatch(r"[+-]?\d+", text.replace("\u2212", "-")):
        raise FormError(name, Text("{text} is not a whole number", text=short_repr(text)))
    number = int(text.replace("\u2212", "-"))
    if most is not None and not 0 <= number <= most:
        raise FormError(name, Text("{number} is not between 0 and {most}", number=number, most=most))
    return number


def read_form(data: Mapping[str, Sequence[str]]) -> GameForm:
    """The values of a submitted entry form; ``data`` maps each field to its values (repeated fields)."""

    def one(name: str) -> str:
        values = data.get(name) or [""]
        return str(values[0])

    def many(name: str) -> list[str]:
        return [str(v) for v in data.get(name, ()) if str(v).strip()]

    mode = one("mode").strip()
    form = GameForm(mode="quick" if mode == "quick" else "full")
    if mode not in ("", "full", "quick"):
        form.problems["mode"] = Text("{mode} is neither full nor quick", mode=short_repr(mode))
    form.game = one("game").strip()
    form.re = many("re")
    form.augen_re = one("augen_re")
    form.tricks_re = one("tricks_re")
    form.announcements = {party: one(f"ann_{party}").strip() for party in PARTIES}
    for name, values in data.items():
        parts = name.split(".")
        if len(parts) == 3 and parts[0] == "extra" and parts[2] in PARTIES and values:
            text = str(values[0]).strip()
            form.extra_fields.append(name)
            if text.isdigit() and len(text) <= MAX_NUMBER_CHARS:
                if int(text) > 0:
                    form.extras[f"{parts[1]}.{parts[2]}"] = int(text)
            elif text:
                form.problems.setdefault(name, Text("{text} is not a count", text=short_repr(text)))
        elif name not in FORM_FIELDS:
            form.problems.setdefault(_shown(name), Text("no field of the entry form"))
    form.winners = many("winners")
    form.punkte = one("punkte")
    form.events = many("events")
    return form


def form_to_entry(
    form: GameForm, extra_limits: Mapping[str, int], limits: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The Liste entry of a submitted form (full or quick), unchecked: the Liste checks it.

    ``extra_limits`` (Sonderpunkte kind -> the most one game holds, for every kind the rules have: see
    ``entry_form(rules)["extras"]`` and ``["limits"]["extras"]``)
    bounds the counts typed, so that no count makes a list longer than a game can be. ``limits`` (the
    rules' ``entry_form(rules)["limits"]``: ``augen_re``, ``tricks``, ``punkte``) bounds the number fields,
    so that every field out of its range is named at once, before the Liste checks the game.

    Raises:
        FormError: a field the form does not have or a ``mode`` other than full/quick (the field named), a
            number field that holds no whole number or one out of its range (``augen_re``, ``tricks_re``,
            ``punkte``), a Sonderpunkte field of a kind the rules do not have (``extra.<type>.<party>``) or a
            count that is none or more than one game holds (``extras``). Its ``problems`` name every field at
            fault, not only the first.
    """
    problems: dict[str, Text | str] = dict(form.problems)
    bounds = limits or {}

    def number(value: str, name: str, required: bool, most: Any = None) -> int | None:
        try:
            return _number(value, name, required=required, most=most if isinstance(most, int) else None)
        except FormError as exc:
            problems.setdefault(name, exc.reason)
            return None

    for name in form.extra_fields:
        kind = name.split(".")[1]
        if kind not in extra_limits:
            problems.setdefault(_shown(name), Text("no Sonderpunkte kind of these rules"))
    entry: dict[str, Any]
    if form.mode == "quick":
        entry = {"winners": list(form.winners), "punkte": number(form.punkte, "punkte", True, bounds.get("punkte"))}
        if form.game:
            entry["game"] = form.game
        if form.events:
            entry["events"] = list(form.events)
    else:
        augen = number(form.augen_re, "augen_re", True, bounds.get("augen_re"))
        entry = {"game": form.game, "re": list(form.re), "augen_re": augen}
        tricks = number(form.tricks_re, "tricks_re", False, bounds.get("tricks"))
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
            most = extra_limits.get(kind)
            if most is None:
                continue  # named above
            if count > most:
                problems.setdefault(
                    "extras",
                    Text(
                        "{count} {kind} for {party}: one game holds at most {most}",
                        count=count,
                        kind=kind,
                        party=party,
                        most=most,
                    ),
                )
                continue
            extras.extend({"type": kind, "party": party} for _ in range(count))
        entry["extras"] = extras
    if problems:
        first = next(iter(problems))
        raise FormError(first, problems[first], problems)
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
    return form


#: What the form calls each field an error can name (English; ``tr.gettext`` gives the reader's words).
FIELD_LABELS = {
    "game": N_("Game"),
    "re": "Re",
    "augen_re": N_("Augen of Re"),
    "tricks_re": N_("Tricks of Re"),
    "ann_re": N_("Announced by Re"),
    "ann_kontra": N_("Announced by Kontra"),
    "extras": "Sonderpunkte",
    "author": N_("Entered by"),
    "winners": N_("Who won"),
    "punkte": "Punkte",
    "events": N_("Bock events"),
    "mode": N_("How to enter"),
    "number": N_("Game number"),
    "version": N_("Version"),
}

_GAME_PREFIX = re.compile(r"^game \d+:\s*")
_FIELD = re.compile(r"^([A-Za-z_]+)((?:\.[A-Za-z_]+|\[\d+\])*)\s*:")
_KNOWN = frozenset({"game", "re", "augen_re", "tricks_re", "winners", "punkte", "events", "author"})


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
    if name in ("extras", "extra"):
        return "extras"
    if name == "tricks_kontra":
        return "tricks_re"
    return name if name in _KNOWN else ""


def field_errors(exc: BaseException, tr: Translator) -> tuple[dict[str, str], str]:
    """What the entry form shows of a refused entry ``exc``, in ``tr``'s language: each form field at fault
    (:func:`error_field`) -> the reason without the field's name (the form writes its label next to it), and
    the message of what names no field of the form (``""`` when every problem has its field).

    A :class:`FormError` names every field it found at once; an error of the Liste (the first problem of the
    entry, ``"game 3: augen_re: 250 is outside 0..240"``) names one."""
    fields: dict[str, str] = {}
    rest: list[str] = []
    if isinstance(exc, FormError):
        for name, reason in exc.problems.items():
            where = name if name in _KNOWN or name == "extras" else ""  # a forged field: said by its name
            if where and where not in fields:
                fields[where] = _without_path(reason, tr) if isinstance(reason, BaseException) else tr.text(reason)
            else:
                rest.append(f"{name}: {tr.text(reason)}")
        return fields, "; ".join(rest)
    where = error_field(str(exc))
    if not where:
        return fields, tr.text(exc).strip()
    fields[where] = _without_path(exc, tr)
    return fields, ""


def _without_path(exc: BaseException, tr: Translator) -> str:
    """An error of the Liste in ``tr``'s language without its ``game N: field.path:`` start (the form shows the
    field's label instead)."""
    english = str(exc).strip()
    translated = tr.text(exc).strip()
    match = _FIELD.match(_GAME_PREFIX.sub("", english))
    path = match.group(0) if match else ""
    at = translated.find(path) if path else -1
    return translated[at + len(path) :].strip() if at >= 0 else translated
