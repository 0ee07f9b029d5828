"""Scoring a table entry without playing: a finished game typed in as JSON-like data.

A real table plays with real cards and wants the score of a game: who was Re, how many Augen Re
took, what was announced and which Sonderpunkte fell. An *entry* is that description as a mapping
(usually read from a JSON file); :func:`score_entry` checks it and scores it with
:func:`doppelkopf.scoring.score` under the entry's rule set. The CLI command ``doko score FILE``
calls :func:`load_entry_text` and :func:`score_entry`.

Fields of an entry (only ``players``, ``game``, ``re`` and ``augen_re`` are required):

``rules``
    a preset name (default ``"ddv"``) or a mapping of rule options, with an optional ``"preset"``
    key naming the base preset (see :meth:`doppelkopf.rules.RuleSet.from_dict`).
``players``
    the four player names in seat order; unique and non-empty.
``game``
    ``normal``, ``hochzeit``, ``stille_hochzeit``, ``armut`` or a solo ``kreuz``, ``pik``, ``herz``,
    ``karo``, ``damen``, ``buben``, ``buben_damen``, ``fleischlos`` (any key of
    :class:`doppelkopf.rules.GameType`, parsed by :meth:`doppelkopf.rules.GameType.parse`).
``re``
    names of the Re party: the two Kreuz-Damen players; the poor player and the taker in an Armut;
    the soloist alone in a solo or a Stille Hochzeit; the Hochzeiter alone in a Hochzeit without
    partner (TSR 4.4.3 b).
``augen_re``
    Augen in the Re party's tricks, an integer 0..240 (Kontra has the rest).
``tricks_re``, ``tricks_kontra``
    optional trick counts; when only one is given the other is the rest of ``rules.hand_size``.
    Without them a party with 0 Augen is taken to have no trick (schwarz).
``announcements``
    ``{"re": [...], "kontra": [...]}`` with items ``re``/``kontra`` (the Ansage of that party),
    ``keine_90``, ``keine_60``, ``keine_30``, ``schwarz``. The highest level of each party counts;
    an Absage listed without its Ansage implies it (TSR 6.4.3).
``extras``
    Sonderpunkte, a list of ``{"type": "doppelkopf" | "fuchs_gefangen" | "karlchen" |
    "karlchen_gefangen" | "fuchs_am_end", "party": "re" | "kontra"}`` (TSR 7.2.3; Karlchen
    gefangen: seed 002; Fuchs am End: seed 000). Whether they count in the game is decided by the
    scoring and the rule set (option ``sonderpunkte`` and, in a solo, ``sonderpunkte_soli`` and
    ``solo_sonderpunkte``; none in a solo under the TSR).
``bock``
    optional Bock multiplier of this game as the Liste has it: 1 (no Bock, the default), 2 (Bock),
    4 (Doppelbock) ..., at most ``rules.bock_max_multiplier``. It multiplies the game points, and the
    Sonderpunkte too when ``rules.bock_multiplies`` is ``"all"`` (seed 004, Sonderfälle: "Alle
    Punkte des Spiels werden verdoppelt, auch die Sonderpunkte"). Under ``bock_skips_soli`` a
    declared solo takes no Bock (seed 002), so ``bock`` above 1 is an error there.

Every problem raises :class:`EntryError` with one line naming the field as a JSON path.

Beispiel 1 of seed 004 ("Re gewinnt mit Ansage"):

>>> data = {
...     "players": ["Anna", "Ben", "Carla", "Dirk"], "game": "normal", "re": ["Ben", "Carla"],
...     "augen_re": 151, "announcements": {"re": ["re"]},
...     "extras": [{"type": "fuchs_gefangen", "party": "re"}, {"type": "doppelkopf", "party": "kontra"}],
... }
>>> result_to_json(score_entry(data))["points"]
{'Anna': -4, 'Ben': 4, 'Carla': 4, 'Dirk': -4}
>>> parse_entry({**data, "augen_re": 250})
Traceback (most recent call last):
...
doppelkopf.entry.EntryError: augen_re: 250 is outside 0..240
"""

from __future__ import annotations

import dataclasses
import json
import re as _re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .jsonutil import no_duplicate_keys
from .rules import ANSAGE, LEVEL_KEYS, GameType, Party, RuleError, RuleSet, get_preset
from .scoring import GameSummary, Score, ScoreError, Sonderpunkt, score
from .session import bock_covers_sonderpunkte, bock_skips

__all__ = [
    "Entry",
    "EntryError",
    "EntryResult",
    "load_entry_text",
    "parse_entry",
    "result_to_json",
    "score_entry",
]

FIELDS = (
    "rules",
    "players",
    "game",
    "re",
    "augen_re",
    "tricks_re",
    "tricks_kontra",
    "announcements",
    "extras",
    "bock",
)
REQUIRED = ("players", "game", "re", "augen_re")
EXTRA_TYPES = ("doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end")
PARTY_KEYS = {"re": Party.RE, "kontra": Party.KONTRA}

#: Announcement item -> level (1 the Ansage, 2..5 the Absagen; see doppelkopf.rules).
_ABSAGE_LEVELS = {key: level for level, key in LEVEL_KEYS.items()}

#: Sonderpunkte at most this often in one game: there are two Karo-Asse and two Kreuz-Buben, and
#: Karlchen and Fuchs am End are the one card that wins the last trick (TSR 7.2.3; seeds 000, 002).
_MAX_EXTRAS = {"fuchs_gefangen": 2, "karlchen": 1, "karlchen_gefangen": 2, "fuchs_am_end": 1}

#: Sonderpunkte of the last trick: all of them go to the party that won it.
_LAST_TRICK = ("karlchen", "karlchen_gefangen", "fuchs_am_end")


class EntryError(ValueError):
    """A table entry is invalid; the one-line message starts with the field's JSON path,
    e.g. ``announcements.re[1]: ...`` or ``extras[0].party: ...``."""


@dataclass(frozen=True)
class Entry:
    """A checked table entry.

    Attributes:
        rules: the rule set the game is scored under.
        players: the four player names in seat order (seat 0..3).
        summary: the game as scoring sees it (Re seats, Augen, tricks, announcements, Sonderpunkte).
        bock: the Bock multiplier of the game (1: no Bock).
    """

    rules: RuleSet
    players: tuple[str, ...]
    summary: GameSummary
    bock: int = 1


@dataclass(frozen=True)
class EntryResult:
    """A scored entry: the entry and its :class:`doppelkopf.scoring.Score` (with the entry's Bock
    multiplier applied to ``score.points``, see :meth:`doppelkopf.scoring.Score.with_multiplier`)."""

    entry: Entry
    score: Score

    @property
    def points_by_name(self) -> dict[str, int]:
        """Punkte of each player by name, in seat order; they sum to zero."""
        return dict(zip(self.entry.players, self.score.points, strict=True))


# -- helpers ----------------------------------------------------------------------------------------


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def _key_text(key: Any) -> str:
    """A key for an error message: plain if it is a simple name, else quoted (keeps one line)."""
    if isinstance(key, str) and _re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return key
    return repr(key)


def _int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(f"{path}: expected an integer, got {_type_name(value)} ({value!r})")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise EntryError(f"{path}: expected a string, got {_type_name(value)} ({value!r})")
    return value


def _list(value: Any, path: str, what: str) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise EntryError(f"{path}: expected a list of {what}, got {_type_name(value)} ({value!r})")
    return value


def _mapping(value: Any, path: str, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EntryError(f"{path}: expected an object with {what}, got {_type_name(value)} ({value!r})")
    return value


def _check_keys(data: Mapping[str, Any], known: tuple[str, ...], prefix: str) -> None:
    for key in data:
        if key not in known:
            path = f"{prefix}.{_key_text(key)}" if prefix else _key_text(key)
            raise EntryError(f"{path}: unknown field; expected one of: {', '.join(known)}")


# -- fields -----------------------------------------------------------------------------------------


def _parse_rules(value: Any) -> RuleSet:
    if isinstance(value, str):
        try:
            return get_preset(value)
        except RuleError as exc:
            raise EntryError(f"rules: {exc}") from None
    if isinstance(value, Mapping):
        try:
            return RuleSet.from_dict(dict(value))
        except RuleError as exc:
            raise _rule_error(exc) from None
    raise EntryError(f"rules: expected a preset name or an object of rule options, got {_type_name(value)}")


def _rule_error(exc: RuleError) -> EntryError:
    message = str(exc)
    option = message.split(":", 1)[0].split("[", 1)[0]
    if option in {f.name for f in dataclasses.fields(RuleSet)}:
        return EntryError(f"rules.{message}")
    return EntryError(f"rules: {message}")


def _parse_players(value: Any) -> tuple[str, ...]:
    names = _list(value, "players", "4 player names")
    if len(names) != 4:
        raise EntryError(f"players: expected 4 player names in seat order, got {len(names)}")
    out: list[str] = []
    for i, raw in enumerate(names):
        name = _str(raw, f"players[{i}]").strip()
        if not name:
            raise EntryError(f"players[{i}]: the name is empty")
        for j, earlier in enumerate(out):
            if earlier.casefold() == name.casefold():
                raise EntryError(f"players[{i}]: {name!r} is the same player as players[{j}]")
        out.append(name)
    return tuple(out)


def _parse_game(value: Any, rules: RuleSet) -> GameType:
    try:
        game = GameType.parse(_str(value, "game"))
    except RuleError as exc:
        raise EntryError(f"game: {exc}") from None
    if game.is_declared_solo and game not in rules.allowed_soli:
        allowed = ", ".join(rules.solo_types) or "none"
        raise EntryError(f"game: the {game.german} is not played under rules {rules.name!r} (soli: {allowed})")
    return game


def _parse_re(value: Any, players: tuple[str, ...]) -> frozenset[int]:
    names = _list(value, "re", "player names")
    seats: list[int] = []
    for i, raw in enumerate(names):
        name = _str(raw, f"re[{i}]").strip()
        if name not in players:
            raise EntryError(f"re[{i}]: {name!r} is not one of the players ({', '.join(players)})")
        seat = players.index(name)
        if seat in seats:
            raise EntryError(f"re[{i}]: {name!r} is listed twice")
        seats.append(seat)
    if not seats:
        raise EntryError("re: names no player; the Re party has at least one player")
    return frozenset(seats)


def _parse_tricks(data: Mapping[str, Any], rules: RuleSet) -> tuple[int | None, int | None]:
    hand = rules.hand_size
    given: dict[str, int] = {}
    for name in ("tricks_re", "tricks_kontra"):
        if data.get(name) is not None:
            tricks = _int(data[name], name)
            if not 0 <= tricks <= hand:
                raise EntryError(f"{name}: {tricks} is outside 0..{hand} (tricks in a game of {hand} cards each)")
            given[name] = tricks
    if not given:
        return None, None
    tricks_re = given.get("tricks_re", hand - given.get("tricks_kontra", 0))
    tricks_kontra = given.get("tricks_kontra", hand - tricks_re)
    return tricks_re, tricks_kontra


def _parse_announcements(value: Any) -> tuple[int, int]:
    data = _mapping(value, "announcements", 'the lists "re" and "kontra"')
    _check_keys(data, tuple(PARTY_KEYS), "announcements")
    levels = [0, 0]
    for key, party in PARTY_KEYS.items():
        if data.get(key) is None:
            continue
        items = _list(data[key], f"announcements.{key}", "announcements")
        own, other = party.name.lower(), party.other.name.lower()
        seen: set[str] = set()
        for i, raw in enumerate(items):
            path = f"announcements.{key}[{i}]"
            item = _str(raw, path).strip().lower().replace(" ", "_").replace("-", "_")
            if item == other:
                raise EntryError(f"{path}: the {party.label} party cannot announce {other!r}; it says {own!r}")
            if item == own:
                level = ANSAGE
            elif item in _ABSAGE_LEVELS:
                level = _ABSAGE_LEVELS[item]
            else:
                known = ", ".join([own, *_ABSAGE_LEVELS])
                raise EntryError(f"{path}: unknown announcement {raw!r}; expected one of: {known}")
            if item in seen:
                raise EntryError(f"{path}: {item!r} is listed twice (an announcement is made once, TSR 6.4.7)")
            seen.add(item)
            levels[party] = max(levels[party], level)
    return levels[0], levels[1]


def _parse_extras(value: Any) -> tuple[Sonderpunkt, ...]:
    items = _list(value, "extras", 'Sonderpunkte {"type": ..., "party": ...}')
    out: list[Sonderpunkt] = []
    for i, raw in enumerate(items):
        path = f"extras[{i}]"
        extra = _mapping(raw, path, 'the fields "type" and "party"')
        _check_keys(extra, ("type", "party"), path)
        for name in ("type", "party"):
            if name not in extra:
                raise EntryError(f"{path}.{name}: missing")
        kind = _str(extra["type"], f"{path}.type").strip().lower()
        if kind not in EXTRA_TYPES:
            raise EntryError(
                f"{path}.type: unknown Sonderpunkt {extra['type']!r}; expected one of: {', '.join(EXTRA_TYPES)}"
            )
        party_text = _str(extra["party"], f"{path}.party").strip().lower()
        if party_text not in PARTY_KEYS:
            raise EntryError(f"{path}.party: expected 're' or 'kontra', got {extra['party']!r}")
        out.append(Sonderpunkt(kind, PARTY_KEYS[party_text]))
    return tuple(out)


def _check_extras(extras: tuple[Sonderpunkt, ...], summary: GameSummary, rules: RuleSet) -> None:
    """Plausibility of the Sonderpunkte: two Füchse, two Kreuz-Buben, one last trick won by one
    party with one card, one Doppelkopf per trick."""
    counts: dict[str, int] = {}
    doppelkopf = {Party.RE: 0, Party.KONTRA: 0}
    last_trick: Party | None = None
    for i, extra in enumerate(extras):
        counts[extra.kind] = counts.get(extra.kind, 0) + 1
        limit = _MAX_EXTRAS.get(extra.kind)
        if limit is not None and counts[extra.kind] > limit:
            why = {
                "fuchs_gefangen": "there are two Füchse (Karo-Asse)",
                "karlchen_gefangen": "there are two Kreuz-Buben",
            }.get(extra.kind, "there is one last trick")
            raise EntryError(f"extras[{i}]: more than {limit} {extra.kind} in one game; {why}")
        if extra.kind in _LAST_TRICK:
            if last_trick is not None and extra.party is not last_trick:
                raise EntryError(
                    f"extras[{i}]: {extra.kind} for {extra.party.label}, but an earlier Sonderpunkt of the last trick "
                    f"went to {last_trick.label}; the last trick has one winner"
                )
            last_trick = extra.party
            if counts.get("karlchen", 0) and counts.get("fuchs_am_end", 0):
                raise EntryError(
                    f"extras[{i}]: karlchen and fuchs_am_end in one game; one card (Kreuz-Bube or Karo-Ass) wins the "
                    "last trick"
                )
            if counts.get("karlchen", 0) + counts.get("karlchen_gefangen", 0) > 2:
                raise EntryError(f"extras[{i}]: karlchen and karlchen_gefangen need more than the two Kreuz-Buben")
        if extra.kind != "doppelkopf":
            continue
        doppelkopf[extra.party] += 1
        total = doppelkopf[Party.RE] + doppelkopf[Party.KONTRA]
        if total > rules.hand_size:
            raise EntryError(f"extras[{i}]: {total} Doppelkopf but only {rules.hand_size} tricks")
        tricks = summary.tricks_re if extra.party is Party.RE else summary.tricks_kontra
        if tricks is not None and doppelkopf[extra.party] > tricks:
            raise EntryError(
                f"extras[{i}]: {doppelkopf[extra.party]} Doppelkopf for {extra.party.label} but it won {tricks} tricks"
            )
        augen = summary.augen(extra.party)
        if augen < doppelkopf[extra.party] * rules.doppelkopf_augen:
            raise EntryError(
                f"extras[{i}]: {doppelkopf[extra.party]} Doppelkopf for {extra.party.label} need at least "
                f"{doppelkopf[extra.party] * rules.doppelkopf_augen} Augen, it has {augen}"
            )


#: First word of a ScoreError message -> the entry field it is about.
_SCORE_FIELDS = {
    "augen_re": "augen_re",
    "re": "re",
    "announcements": "announcements",
    "tricks_re": "tricks_re",
    "tricks_kontra": "tricks_kontra",
    "tricks": "tricks_re",
}


def _entry_error(exc: ScoreError) -> EntryError:
    message = str(exc)
    head, sep, rest = message.partition(":")
    if sep and head in _SCORE_FIELDS:
        return EntryError(f"{_SCORE_FIELDS[head]}:{rest}")
    first = _re.split(r"[^A-Za-z0-9_]", message, maxsplit=1)[0]
    if first in _SCORE_FIELDS:
        # e.g. "tricks_re + tricks_kontra must be 12" already starts with the field's name
        return EntryError(message if _SCORE_FIELDS[first] == first else f"{_SCORE_FIELDS[first]}: {message}")
    return EntryError(f"entry: {message}")


# -- public API -------------------------------------------------------------------------------------


def parse_entry(data: Mapping[str, Any]) -> Entry:
    """Check a table entry (see the module docstring for its fields) and build an :class:`Entry`.

    The game summary is also checked by :func:`doppelkopf.scoring.score`, so an entry that parses
    can be scored. Raises :class:`EntryError` naming the field (``augen_re``, ``re[1]``,
    ``announcements.kontra[0]``, ``extras[2].party`` ...) for unknown or missing fields, wrong
    types, unknown players, game types or announcements, and implausible Sonderpunkte.
    """
    if not isinstance(data, Mapping):
        raise EntryError(f"entry: expected an object, got {_type_name(data)}")
    _check_keys(data, FIELDS, "")
    for name in REQUIRED:
        if name not in data:
            raise EntryError(f"{name}: missing (required fields: {', '.join(REQUIRED)})")
    rules = _parse_rules(data.get("rules", "ddv"))
    players = _parse_players(data["players"])
    game = _parse_game(data["game"], rules)
    re_seats = _parse_re(data["re"], players)
    augen_re = _int(data["augen_re"], "augen_re")
    tricks_re, tricks_kontra = _parse_tricks(data, rules)
    announcements = _parse_announcements(data["announcements"]) if data.get("announcements") is not None else (0, 0)
    extras = _parse_extras(data["extras"]) if data.get("extras") is not None else ()
    summary = GameSummary(game, re_seats, augen_re, tricks_re, tricks_kontra, announcements, extras)
    try:
        score(summary, rules)  # the core's checks: Augen range, party sizes, tricks against Augen
    except ScoreError as exc:
        raise _entry_error(exc) from None
    _check_extras(extras, summary, rules)
    bock = _parse_bock(data["bock"], game, rules) if data.get("bock") is not None else 1
    return Entry(rules, players, summary, bock)


def _parse_bock(value: Any, game: GameType, rules: RuleSet) -> int:
    bock = _int(value, "bock")
    if bock < 1 or bock & (bock - 1):
        raise EntryError(f"bock: {bock} is not a Bock multiplier; expected 1 (no Bock), 2 (Bock), 4 (Doppelbock) ...")
    if bock > rules.bock_max_multiplier:
        raise EntryError(
            f"bock: {bock} is more than rules {rules.name!r} allow (bock_max_multiplier = {rules.bock_max_multiplier})"
        )
    if bock > 1 and bock_skips(rules, game):
        raise EntryError(
            f"bock: the {game.german} takes no Bock under rules {rules.name!r} (bock_skips_soli); enter it without bock"
        )
    return bock


def score_entry(data: Mapping[str, Any]) -> EntryResult:
    """Parse and score a table entry (TSR 7; seed 004 "Das Schema in vier Schritten").

    Raises :class:`EntryError` naming the field at fault.
    """
    entry = parse_entry(data)
    try:
        result = score(entry.summary, entry.rules)
    except ScoreError as exc:  # pragma: no cover - parse_entry has already scored it once
        raise _entry_error(exc) from None
    if entry.bock != 1:
        result = result.with_multiplier(entry.bock, sonderpunkte_too=bock_covers_sonderpunkte(entry.rules))
    return EntryResult(entry, result)


def result_to_json(result: EntryResult) -> dict[str, Any]:
    """The scored entry as plain JSON data.

    Keys: ``game`` (game type key), ``players`` (names in seat order), ``rules`` (rule set name),
    ``solo`` (scored as a solo), ``winner`` (``"re"``, ``"kontra"`` or ``None`` when nobody reached
    its goal), ``items`` (list of ``{"key", "label", "punkte"}``, signed from the winner's side, from
    Re's side if nobody won), ``value`` (game value in Punkte, before any Bock), ``bock`` (the Bock
    multiplier, 1 without Bock) and ``points`` (player name -> Punkte, the Bock applied).
    """
    s = result.score
    return {
        "game": result.entry.summary.game_type.key,
        "players": list(result.entry.players),
        "rules": result.entry.rules.name,
        "solo": s.solo,
        "winner": None if s.winner is None else s.winner.name.lower(),
        "items": [{"key": item.key, "label": item.label, "punkte": item.punkte} for item in s.items],
        "value": s.value,
        "bock": s.multiplier,
        "points": result.points_by_name,
    }


def load_entry_text(text: str, source: str) -> dict[str, Any]:
    """Parse the JSON text of an entry read from ``source`` (a file name, for messages).

    Returns the top-level object as a dict (check it with :func:`parse_entry`). Raises
    :class:`EntryError` with the source and position, e.g. ``entry.json line 3 column 5: Expecting
    ',' delimiter``, for invalid JSON, a duplicate key in one object, or a top level that is not an
    object.
    """
    if not text.strip():
        raise EntryError(f"{source}: the entry is empty; expected a JSON object {{...}}")
    try:
        data = json.loads(text, object_pairs_hook=no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise EntryError(f"{source} line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:
        raise EntryError(f"{source}: {exc}") from None
    if not isinstance(data, dict):
        raise EntryError(f"{source}: an entry must be a JSON object {{...}}, got {_type_name(data)}")
    return data
