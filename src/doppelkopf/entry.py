"""Scoring a table entry without playing: a finished game typed in as JSON-like data.

A real table plays with real cards and wants the score of a game: who was Re, how many Augen Re
took, what was announced and which Sonderpunkte fell. An *entry* is that description as a mapping
(usually read from a JSON file); :func:`score_entry` checks it and scores it with
:func:`doppelkopf.scoring.score` under the entry's rule set. The CLI command ``doko score FILE``
reads the file with :func:`read_entry_file` and scores it with :func:`score_entry`.

Fields of an entry (only ``players``, ``game``, ``re`` and ``augen_re`` are required):

``rules``
    a preset name (default ``"ddv"``) or a mapping of rule options, with an optional ``"preset"``
    key naming the base preset (see :meth:`doppelkopf.rules.RuleSet.from_dict`).
``players``
    the four player names in seat order, as :func:`doppelkopf.names.clean_names` takes them: stored
    in Unicode NFC without surrounding blanks, at most 40 characters, no control character or line
    separator, no two names that are one player (compared case-folded: "anna" is Anna).
``game``
    ``normal``, ``hochzeit``, ``stille_hochzeit``, ``armut`` or a solo ``kreuz``, ``pik``, ``herz``,
    ``karo``, ``damen``, ``buben``, ``buben_damen``, ``fleischlos`` (any key of
    :class:`doppelkopf.rules.GameType`, parsed by :meth:`doppelkopf.rules.GameType.parse`).
``re``
    names of the Re party: the two Kreuz-Damen players; the poor player and the taker in an Armut;
    the soloist alone in a solo or a Stille Hochzeit; the Hochzeiter alone in a Hochzeit without
    partner (TSR 4.4.3 b). A name matches a player in any Unicode normal form and case.
``augen_re``
    Augen in the Re party's tricks, an integer 0..240 (Kontra has the rest). Augen that no cards
    of the deck add up to are refused (1 or 239: the cards have 11, 10, 4, 3, 2 and 0 Augen; 1..7
    without nines, where a trick holds at least 8).
``tricks_re``, ``tricks_kontra``
    optional trick counts; when only one is given the other is the rest of ``rules.hand_size``.
    Without them a party with 0 Augen is taken to have no trick (schwarz). Counts whose cards
    cannot hold the Augen are refused (Re with 0 Augen in 11 tricks: 44 cards, only 8 nines).
``announcements``
    ``{"re": [...], "kontra": [...]}`` with items ``re``/``kontra`` (the Ansage of that party),
    ``keine_90``, ``keine_60``, ``keine_30``, ``schwarz``. The highest level of each party counts;
    an Absage listed without its Ansage implies it (TSR 6.4.3).
``extras``
    Sonderpunkte, a list of ``{"type": "doppelkopf" | "fuchs_gefangen" | "karlchen" |
    "karlchen_gefangen" | "fuchs_am_end", "party": "re" | "kontra"}`` (TSR 7.2.3; Karlchen
    gefangen: seed 002; Fuchs am End: seed 000). Whether they count in the game is decided by the
    scoring and the rule set (option ``sonderpunkte`` and, in a solo, ``sonderpunkte_soli`` and
    ``solo_sonderpunkte``; none in a solo under the TSR). Sonderpunkte that no tricks of their
    party can hold are refused, each checked against the cards that make it: a Doppelkopf is a
    trick of at least ``rules.doppelkopf_augen`` Augen, a caught Fuchs a Karo-Ass (11 Augen) in a
    trick of the party, Karlchen and Karlchen gefangen a Kreuz-Bube in the party's last trick, Fuchs
    am End a Karo-Ass winning it; so none for a party without a trick, and never more than the
    deck's two Karo-Asse and two Kreuz-Buben. The check is exact for the cards (no split of the
    deck into the two parties' tricks holds the entry), not for the order of play.
``bock``
    optional Bock multiplier of this game as the Liste has it: 1 (no Bock, the default), 2 (Bock),
    4 (Doppelbock) ..., at most ``rules.bock_max_multiplier``. It multiplies the game points, and the
    Sonderpunkte too when ``rules.bock_multiplies`` is ``"all"`` (seed 004, Sonderfälle: "Alle
    Punkte des Spiels werden verdoppelt, auch die Sonderpunkte"). Under ``bock_skips_soli`` a
    declared solo takes no Bock (seed 002), so ``bock`` above 1 is an error there.

Every problem raises :class:`EntryError` with one line naming the field as a JSON path. The
readers :func:`read_entry_file`, :func:`load_entry_text` and :func:`load_entry_bytes` refuse
invalid JSON, a key given twice, ``NaN``, JSON nested deeper than
:data:`doppelkopf.jsonutil.MAX_DEPTH` levels and an entry larger than :data:`MAX_ENTRY_BYTES`
(1 MiB) with one line naming the source; :func:`read_entry_file` reads no more than that from a
file, so an endless input (``/dev/zero``) is refused, not read until the memory runs out.

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
import functools
import itertools
import json
import re as _re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, NamedTuple, get_args

from .cards import AUGEN, Card, deck
from .fileutil import NotUTF8Error, decode_text, read_limited
from .jsonutil import loads_strict, short_repr, type_name
from .messages import TextError
from .names import PlayerNameError, clean_name, clean_names, name_key
from .rules import ANSAGE, LEVEL_KEYS, GameType, Party, RuleError, RuleSet, get_preset
from .rules import Sonderpunkt as SonderpunktKind
from .scoring import SONDERPUNKT_LABELS, GameSummary, Score, ScoreError, Sonderpunkt, score
from .session import bock_covers_sonderpunkte, bock_problem

__all__ = [
    "Entry",
    "EntryError",
    "EntryResult",
    "MAX_ENTRY_BYTES",
    "load_entry_bytes",
    "load_entry_text",
    "parse_entry",
    "extra_limits",
    "parse_game",
    "parse_names",
    "read_entry_file",
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
#: The fields that describe the game itself (without the table: rules, players, Bock); see :func:`parse_game`.
GAME_FIELDS = ("game", "re", "augen_re", "tricks_re", "tricks_kontra", "announcements", "extras")
GAME_REQUIRED = ("game", "re", "augen_re")
#: The Sonderpunkte an entry may name: every kind a rule set can count (``rules.Sonderpunkt``: the seeds' five,
#: then FreeDoko's kinds of issue 26, :func:`doppelkopf.scoring.sonderpunkte_of_tricks`).
EXTRA_TYPES: tuple[str, ...] = get_args(SonderpunktKind)
PARTY_KEYS = {"re": Party.RE, "kontra": Party.KONTRA}

#: Announcement item -> level (1 the Ansage, 2..5 the Absagen; see doppelkopf.rules).
_ABSAGE_LEVELS = {key: level for level, key in LEVEL_KEYS.items()}

#: Sonderpunkte at most this often in one game: there are two Karo-Asse and two Kreuz-Buben, and
#: Karlchen and Fuchs am End are the one card that wins the last trick (TSR 7.2.3; seeds 000, 002).
#: FreeDoko's kinds: a Fuchs caught in the last trick per Karo-Ass, the pairs once in the last trick, one
#: trick holding both Herz-10, a Herzstich of four of the six (eight without Dullen) Herz Fehl cards.
_MAX_EXTRAS = {
    "fuchs_gefangen": 2,
    "karlchen": 1,
    "karlchen_gefangen": 2,
    "fuchs_am_end": 1,
    "fuchs_gefangen_am_end": 2,
    "doppelfuchs_am_end": 1,
    "doppelkarlchen": 1,
    "doppelkarlchen_gefangen": 1,
    "dulle_gefangen": 1,
    "herzstich": 2,
}

#: Sonderpunkte of the last trick: all of them go to the party that won it.
_LAST_TRICK = (
    "karlchen",
    "karlchen_gefangen",
    "fuchs_am_end",
    "fuchs_gefangen_am_end",
    "doppelfuchs_am_end",
    "doppelkarlchen",
    "doppelkarlchen_gefangen",
)


class EntryError(TextError):
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


def _show(value: Any) -> str:
    """A value in a message: one short line however long or deep it is."""
    return short_repr(value)


def _key_text(key: Any) -> str:
    """A key for an error message: plain if it is a simple name, else quoted (keeps one line)."""
    if isinstance(key, str) and _re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return key
    return _show(key)


def _int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(
            "{path}: expected an integer, got {type_name} ({show})",
            path=path,
            type_name=type_name(value),
            show=_show(value),
        )
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise EntryError(
            "{path}: expected a string, got {type_name} ({show})",
            path=path,
            type_name=type_name(value),
            show=_show(value),
        )
    return value


def _list(value: Any, path: str, what: str) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise EntryError(
            "{path}: expected a list of {what}, got {type_name} ({show})",
            path=path,
            what=what,
            type_name=type_name(value),
            show=_show(value),
        )
    return value


def _mapping(value: Any, path: str, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EntryError(
            "{path}: expected an object with {what}, got {type_name} ({show})",
            path=path,
            what=what,
            type_name=type_name(value),
            show=_show(value),
        )
    return value


def _check_keys(data: Mapping[str, Any], known: tuple[str, ...], prefix: str) -> None:
    for key in data:
        if key not in known:
            path = f"{prefix}.{_key_text(key)}" if prefix else _key_text(key)
            raise EntryError("{path}: unknown field; expected one of: {known}", path=path, known=", ".join(known))


# -- fields -----------------------------------------------------------------------------------------


def _parse_rules(value: Any) -> RuleSet:
    if isinstance(value, str):
        try:
            return get_preset(value)
        except RuleError as exc:
            raise EntryError("rules: {exc}", exc=exc) from None
    if isinstance(value, Mapping):
        try:
            return RuleSet.from_dict(dict(value))
        except RuleError as exc:
            raise _rule_error(exc) from None
    raise EntryError(
        "rules: expected a preset name or an object of rule options, got {type_name}", type_name=type_name(value)
    )


def _rule_error(exc: RuleError) -> EntryError:
    message = str(exc)
    option = message.split(":", 1)[0].split("[", 1)[0]
    if option in {f.name for f in dataclasses.fields(RuleSet)}:
        return EntryError("rules.{message}", message=message)
    return EntryError("rules: {message}", message=message)


def _parse_players(value: Any) -> tuple[str, ...]:
    """The four names (see :func:`doppelkopf.names.clean_names`: NFC, no control characters, at most
    40 characters, none twice when compared case-folded)."""
    names = _list(value, "players", "4 player names")
    if len(names) != 4:
        raise EntryError("players: expected 4 player names in seat order, got {count}", count=len(names))
    try:
        return clean_names(names, "players")
    except PlayerNameError as exc:
        raise EntryError(exc) from None


def _parse_game(value: Any, rules: RuleSet) -> GameType:
    try:
        game = GameType.parse(_str(value, "game"))
    except RuleError as exc:
        raise EntryError("game: {exc}", exc=exc) from None
    problem = rules.plays(game)
    if problem is not None:
        raise EntryError("game: {problem}", problem=problem)
    return game


def parse_names(
    value: Any, players: Sequence[str], field: str, table: Sequence[str] = (), what: str = "player names"
) -> list[int]:
    """Seats (indices into ``players``) of the names in the list ``value``, in its order, each matched as
    names are compared (:func:`doppelkopf.names.name_key`: any Unicode normal form, any case).

    ``table`` are all the players at the table when some of them sit out this game (a sitting of five to
    seven); a name of ``table`` that is not in ``players`` is refused as sitting out.

    Raises:
        EntryError: ``field[i]: ...`` for a name that is not a clean name, not a player, sits out, or is
            listed twice; ``field: ...`` for a value that is not a list.
    """
    names = _list(value, field, what)
    keys = [name_key(player) for player in players]
    sitting_out = {name_key(player): player for player in table} if table else {}
    seats: list[int] = []
    for i, raw in enumerate(names):
        try:
            name = clean_name(raw, f"{field}[{i}]")
        except PlayerNameError as exc:
            raise EntryError(exc) from None
        key = name_key(name)
        if key not in keys:
            if key in sitting_out:
                raise EntryError(
                    "{field}[{i}]: {sitting_out!r} sits out this game", field=field, i=i, sitting_out=sitting_out[key]
                )
            raise EntryError(
                "{field}[{i}]: {name!r} is not one of the players ({values})",
                field=field,
                i=i,
                name=name,
                values=", ".join(table or players),
            )
        seat = keys.index(key)
        if seat in seats:
            raise EntryError("{field}[{i}]: {name!r} is listed twice", field=field, i=i, name=name)
        seats.append(seat)
    return seats


def _parse_re(value: Any, players: Sequence[str], table: Sequence[str] = ()) -> frozenset[int]:
    """Seats of the names in ``re`` (:func:`parse_names`); at least one."""
    seats = parse_names(value, players, "re", table)
    if not seats:
        raise EntryError("re: names no player; the Re party has at least one player")
    return frozenset(seats)


def _require(data: Mapping[str, Any], known: tuple[str, ...], required: tuple[str, ...]) -> None:
    """Unknown fields and missing required ones, each named."""
    _check_keys(data, known, "")
    for name in required:
        if name not in data:
            raise EntryError("{name}: missing (required fields: {required})", name=name, required=", ".join(required))


def _parse_tricks(data: Mapping[str, Any], rules: RuleSet) -> tuple[int | None, int | None]:
    hand = rules.hand_size
    given: dict[str, int] = {}
    for name in ("tricks_re", "tricks_kontra"):
        if data.get(name) is not None:
            tricks = _int(data[name], name)
            if not 0 <= tricks <= hand:
                raise EntryError(
                    "{name}: {tricks} is outside 0..{hand} (tricks in a game of {hand} cards each)",
                    name=name,
                    tricks=tricks,
                    hand=hand,
                )
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
                raise EntryError(
                    "{path}: the {label} party cannot announce {other!r}; it says {own!r}",
                    path=path,
                    label=party.label,
                    other=other,
                    own=own,
                )
            if item == own:
                level = ANSAGE
            elif item in _ABSAGE_LEVELS:
                level = _ABSAGE_LEVELS[item]
            else:
                known = ", ".join([own, *_ABSAGE_LEVELS])
                raise EntryError(
                    "{path}: unknown announcement {show}; expected one of: {known}",
                    path=path,
                    show=_show(raw),
                    known=known,
                )
            if item in seen:
                raise EntryError(
                    "{path}: {item!r} is listed twice (an announcement is made once, TSR 6.4.7)", path=path, item=item
                )
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
                raise EntryError("{path}.{name}: missing", path=path, name=name)
        kind = _str(extra["type"], f"{path}.type").strip().lower()
        if kind not in EXTRA_TYPES:
            raise EntryError(
                "{path}.type: unknown Sonderpunkt {show}; expected one of: {extra_types}",
                path=path,
                show=_show(extra["type"]),
                extra_types=", ".join(EXTRA_TYPES),
            )
        party_text = _str(extra["party"], f"{path}.party").strip().lower()
        if party_text not in PARTY_KEYS:
            raise EntryError(
                "{path}.party: expected 're' or 'kontra', got {show}", path=path, show=_show(extra["party"])
            )
        out.append(Sonderpunkt(kind, PARTY_KEYS[party_text]))
    return tuple(out)


# -- what the cards allow ---------------------------------------------------------------------------
#
# A party's tricks are a set of 4 cards per trick; the other party's tricks are the rest of the deck.
# Only card values matter here, not who played what: the Augen come from doppelkopf.cards.AUGEN, and
# a Sonderpunkt asks for the cards that make it (TSR 7.2.3; seeds 000 and 002; see
# doppelkopf.scoring.sonderpunkte_of_tricks): a Doppelkopf is a trick of at least doppelkopf_augen
# Augen; a caught Fuchs is a Karo-Ass in a trick of the party; Karlchen and Karlchen gefangen are a
# Kreuz-Bube in the party's last trick, Fuchs am End a Karo-Ass there. An entry is refused only when
# no split of the deck into the two parties' tricks can hold its Augen, tricks and Sonderpunkte.


class _Deck(NamedTuple):
    """The cards of a deck by value: ``augen`` of each value (highest first) and how many ``cards``
    of it the deck holds; the value of the Fuchs (Karo-Ass) and of the Karlchen (Kreuz-Bube) and how
    many of each there are; ``reach[i]``: every ``(cards, Augen)`` that a set of the cards of values
    ``i`` and after can hold (``reach[0]``: the whole deck)."""

    augen: tuple[int, ...]
    cards: tuple[int, ...]
    fuchs: int
    fuchse: int
    karlchen: int
    karlchens: int
    reach: tuple[frozenset[tuple[int, int]], ...]


@functools.cache
def _deck(with_nines: bool) -> _Deck:
    """The deck of a rule set (48 cards with nines, 40 without), made once per deck."""
    cards = deck(with_nines)
    by_value = sorted(Counter(AUGEN[c] for c in cards).items(), reverse=True)
    augen = tuple(value for value, _ in by_value)
    counts = tuple(count for _, count in by_value)
    reach = [frozenset({(0, 0)})]
    for value, count in reversed(by_value):
        reach.append(frozenset((n + k, a + k * value) for n, a in reach[-1] for k in range(count + 1)))
    return _Deck(
        augen,
        counts,
        augen.index(AUGEN[Card.KARO_ASS]),
        cards.count(Card.KARO_ASS),
        augen.index(AUGEN[Card.KREUZ_BUBE]),
        cards.count(Card.KREUZ_BUBE),
        tuple(reversed(reach)),
    )


def _tricks_can_hold(rules: RuleSet, tricks: int, augen: int) -> bool:
    """Whether ``tricks`` tricks (4 cards each) of the deck of ``rules`` can hold exactly ``augen``
    Augen. The other party's tricks are the rest of the deck, so they hold the rest of the Augen."""
    return (4 * tricks, augen) in _deck(rules.with_nines).reach[0]


def _trick_options(summary: GameSummary, hand: int) -> range:
    """The numbers of tricks Re may have: the one given, else (scoring's reading) none with 0 Augen,
    all with 240, otherwise at least one each."""
    if summary.tricks_re is not None:
        return range(summary.tricks_re, summary.tricks_re + 1)
    if summary.augen_re == 0:
        return range(0, 1)
    if summary.augen_re == 240:
        return range(hand, hand + 1)
    return range(1, hand)


def _check_augen(summary: GameSummary, rules: RuleSet, tricks_field: str) -> None:
    """Refuse Augen that no tricks of the deck hold, naming ``augen_re`` (e.g. 1 Augen: no card set
    adds up to it), or that the given trick counts cannot hold, naming ``tricks_field`` (e.g. Re
    with 0 Augen in 11 tricks: 44 cards, but only the 8 nines have 0 Augen)."""
    hand = rules.hand_size
    augen = summary.augen_re
    if any(_tricks_can_hold(rules, t, augen) for t in _trick_options(summary, hand)):
        return
    if summary.tricks_re is None or not any(_tricks_can_hold(rules, t, augen) for t in range(hand + 1)):
        values = ", ".join(map(str, _deck(rules.with_nines).augen))
        raise EntryError(
            "augen_re: no cards of the {count}-card deck hold {augen} Augen for Re and {value} for Kontra "
            "(its cards have {values} Augen)",
            count=len(deck(rules.with_nines)),
            augen=augen,
            value=240 - augen,
            values=values,
        )
    tricks = summary.tricks_re
    raise EntryError(
        "{tricks_field}: no {value} cards of the deck hold {augen} Augen, so Re cannot have {augen} Augen in "
        "{tricks_text} (and Kontra {value2} in {tricks_text2})",
        tricks_field=tricks_field,
        value=4 * tricks,
        augen=augen,
        tricks_text=_tricks_text(tricks),
        value2=240 - augen,
        tricks_text2=_tricks_text(hand - tricks),
    )


def _tricks_text(tricks: int) -> str:
    return f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"


class _Need(NamedTuple):
    """What one party's Sonderpunkte ask of its tricks: ``doppelkopf`` tricks of at least
    ``doppelkopf_augen`` Augen; ``fuchse`` Karo-Asse among its cards (caught ones and the one that
    won the last trick); whether it won the ``last`` trick, holding ``last_fuchs`` Karo-Asse and
    ``last_karlchen`` Kreuz-Buben."""

    doppelkopf: int = 0
    fuchse: int = 0
    last: bool = False
    last_fuchs: int = 0
    last_karlchen: int = 0


def _needs(extras: tuple[Sonderpunkt, ...]) -> dict[Party, _Need]:
    counts = {party: Counter(e.kind for e in extras if e.party is party) for party in (Party.RE, Party.KONTRA)}
    needs = {}
    for party, count in counts.items():
        last_karlchen = count["karlchen"] + count["karlchen_gefangen"]
        needs[party] = _Need(
            doppelkopf=count["doppelkopf"],
            fuchse=count["fuchs_gefangen"] + count["fuchs_am_end"],
            last=bool(last_karlchen or count["fuchs_am_end"]),
            last_fuchs=count["fuchs_am_end"],
            last_karlchen=last_karlchen,
        )
    return needs


def _sub(cards: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c - t for c, t in zip(cards, taken, strict=True))


@functools.lru_cache(maxsize=1 << 16)
def _doppelkopf_tricks(cards: tuple[int, ...], augen: tuple[int, ...], wanted: int, least: int) -> bool:
    """Whether ``cards`` (counts per value of ``augen``, highest first) can make ``wanted`` separate
    tricks of at least ``least`` Augen each.

    Some such set of tricks uses the highest card (put it in place of the lowest card of any trick),
    so only the tricks with the highest card are tried. Of those, a trick whose other three cards
    could give one card for the next lower one still there and keep ``least`` Augen is skipped: that
    lower trick leaves higher cards for the rest, so it does at least as well.
    """
    if wanted == 0:
        return True
    if sum(cards) < 4 * wanted:
        return False
    top = [a for a, c in zip(augen, cards, strict=True) for _ in range(c)][: 4 * wanted]
    if sum(top) < wanted * least:
        return False
    high = next(i for i, c in enumerate(cards) if c)
    rest = list(cards)
    rest[high] -= 1
    short = least - augen[high]
    kinds = len(cards)
    for three in itertools.combinations_with_replacement(range(high, kinds), 3):
        if any(three.count(i) > rest[i] for i in set(three)):
            continue
        total = augen[three[0]] + augen[three[1]] + augen[three[2]]
        if total < short:
            continue
        if any(_lower_still_enough(three, p, rest, augen, total, short) for p in set(three)):
            continue
        left = tuple(r - three.count(i) for i, r in enumerate(rest))
        if _doppelkopf_tricks(left, augen, wanted - 1, least):
            return True
    return False


def _lower_still_enough(
    three: tuple[int, ...], position: int, rest: list[int], augen: tuple[int, ...], total: int, short: int
) -> bool:
    """Whether the card of value index ``position`` in ``three`` can give way to the next lower card
    left in ``rest`` with ``three`` still holding ``short`` Augen."""
    for lower in range(position + 1, len(rest)):
        if three.count(lower) + 1 <= rest[lower]:
            return total - augen[position] + augen[lower] >= short
    return False


@functools.lru_cache(maxsize=1 << 16)
def _party_holds(cards: tuple[int, ...], tricks: int, need: _Need, table: _Deck, least: int) -> bool:
    """Whether one party's ``tricks`` tricks, made of ``cards`` (counts per value), can hold its
    Sonderpunkte ``need`` (Doppelkopf: ``least`` Augen in a trick)."""
    if need == _Need():
        return True
    if tricks == 0 or cards[table.fuchs] < need.fuchse or need.doppelkopf > tricks:
        return False
    if not _doppelkopf_tricks(cards, table.augen, need.doppelkopf, least):
        return False
    if not need.last:
        return True
    # The last trick holds the Karo-Ass and Kreuz-Buben it needs and three (or fewer) other cards.
    special = tuple(
        need.last_fuchs * (i == table.fuchs) + need.last_karlchen * (i == table.karlchen) for i in range(len(cards))
    )
    if any(s > c for s, c in zip(special, cards, strict=True)):
        return False
    free = _sub(cards, special)
    more = 4 - sum(special)
    # Not one of the Doppelkopf: some solution fills it with the lowest other cards (a higher card
    # there could change places with a lower one anywhere else, no trick getting fewer Augen).
    lowest = [i for i in reversed(range(len(free))) for _ in range(free[i])][:more]
    last = tuple(s + lowest.count(i) for i, s in enumerate(special))
    if need.doppelkopf + 1 <= tricks and _doppelkopf_tricks(_sub(cards, last), table.augen, need.doppelkopf, least):
        return True
    if not need.doppelkopf:
        return False
    # One of the Doppelkopf: try every way to fill it up to ``least`` Augen.
    base = sum(a * n for a, n in zip(table.augen, special, strict=True))
    for combo in itertools.combinations_with_replacement(range(len(free)), more):
        extra = tuple(combo.count(i) for i in range(len(free)))
        if any(e > f for e, f in zip(extra, free, strict=True)):
            continue
        if base + sum(a * n for a, n in zip(table.augen, extra, strict=True)) < least:
            continue
        rest = _sub(free, extra)
        if _doppelkopf_tricks(rest, table.augen, need.doppelkopf - 1, least):
            return True
    return False


def _splits(table: _Deck, cards: int, augen: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every set of ``cards`` cards holding ``augen`` Augen, as counts per value from ``start`` on."""
    if start == len(table.augen):
        yield ()
        return
    value = table.augen[start]
    for k in range(min(table.cards[start], cards) + 1):
        if (cards - k, augen - k * value) in table.reach[start + 1]:
            for rest in _splits(table, cards - k, augen - k * value, start + 1):
                yield (k, *rest)


def _deal_holds(summary: GameSummary, extras: tuple[Sonderpunkt, ...], rules: RuleSet) -> bool:
    """Whether some split of the deck into Re's and Kontra's tricks holds Re's Augen (and tricks, when
    given) and every Sonderpunkt of ``extras`` in the tricks of its party."""
    table = _deck(rules.with_nines)
    needs = _needs(extras)
    re_need, kontra_need = needs[Party.RE], needs[Party.KONTRA]
    if re_need.fuchse + kontra_need.fuchse > table.fuchse:
        return False
    if re_need.last_karlchen + kontra_need.last_karlchen > table.karlchens or (re_need.last and kontra_need.last):
        return False
    hand = rules.hand_size
    least = rules.doppelkopf_augen
    for tricks in _trick_options(summary, hand):
        for re_cards in _splits(table, 4 * tricks, summary.augen_re):
            if _party_holds(re_cards, tricks, re_need, table, least) and _party_holds(
                _sub(table.cards, re_cards), hand - tricks, kontra_need, table, least
            ):
                return True
    return False


def _asks(kind: str, rules: RuleSet) -> str:
    """What a Sonderpunkt of ``kind`` asks of the tricks of its party (for messages)."""
    fuchs, karlchen = AUGEN[Card.KARO_ASS], AUGEN[Card.KREUZ_BUBE]
    return {
        "doppelkopf": f"a trick of at least {rules.doppelkopf_augen} Augen",
        "fuchs_gefangen": f"the other party's Karo-Ass ({fuchs} Augen) in one of its tricks",
        "karlchen": f"the last trick, won with the Kreuz-Bube ({karlchen} Augen)",
        "karlchen_gefangen": f"the other party's Kreuz-Bube ({karlchen} Augen) in its last trick",
        "fuchs_am_end": f"the last trick, won with a Karo-Ass ({fuchs} Augen)",
        "fuchs_gefangen_am_end": f"the other party's Karo-Ass ({fuchs} Augen) in its last trick",
        "doppelfuchs_am_end": f"the last trick, won with a Karo-Ass, holding both ({2 * fuchs} Augen)",
        "doppelkarlchen": f"the last trick, won with a Kreuz-Bube, holding both ({2 * karlchen} Augen)",
        "doppelkarlchen_gefangen": f"both of the other party's Kreuz-Buben ({2 * karlchen} Augen) in its last trick",
        "dulle_gefangen": f"a trick holding both Herz-10 ({2 * AUGEN[Card.HERZ_ZEHN]} Augen)",
        "herzstich": "a trick of four Herz cards",
    }[kind]


def _check_extras(extras: tuple[Sonderpunkt, ...], summary: GameSummary, rules: RuleSet) -> None:
    """Refuse Sonderpunkte that no tricks of their party can hold, naming the first ``extras[i]``
    that makes the entry impossible: two Karo-Asse and two Kreuz-Buben in the deck, one last trick
    won by one party with one card, a Sonderpunkt of a party that won no trick, Doppelkopf tricks and
    Augen (checked exactly by :func:`_deal_holds`)."""
    counts: Counter[str] = Counter()
    doppelkopf = {Party.RE: 0, Party.KONTRA: 0}
    last_trick: Party | None = None
    for i, extra in enumerate(extras):
        name = f"{SONDERPUNKT_LABELS.get(extra.kind, extra.kind)} for {extra.party.label}"
        if not summary.has_trick(extra.party):
            raise EntryError(
                "extras[{i}]: {name} needs {asks}, but {label} won no trick",
                i=i,
                name=name,
                asks=_asks(extra.kind, rules),
                label=extra.party.label,
            )
        counts[extra.kind] += 1
        limit = _MAX_EXTRAS.get(extra.kind)
        if limit is not None and counts[extra.kind] > limit:
            why = {
                "fuchs_gefangen": "there are two Füchse (Karo-Asse)",
                "karlchen_gefangen": "there are two Kreuz-Buben",
                "fuchs_gefangen_am_end": "there are two Füchse (Karo-Asse)",
                "dulle_gefangen": "there are two Herz-10",
                "herzstich": "there are at most eight Herz cards",
            }.get(extra.kind, "there is one last trick")
            raise EntryError(
                "extras[{i}]: more than {limit} {kind} in one game; {why}", i=i, limit=limit, kind=extra.kind, why=why
            )
        if counts["fuchs_gefangen"] + counts["fuchs_am_end"] > 2:
            raise EntryError("extras[{i}]: fuchs_gefangen and fuchs_am_end need more than the two Karo-Asse", i=i)
        if extra.kind in _LAST_TRICK:
            if last_trick is not None and extra.party is not last_trick:
                raise EntryError(
                    "extras[{i}]: {kind} for {label}, but an earlier Sonderpunkt of the last trick went to "
                    "{label2}; the last trick has one winner",
                    i=i,
                    kind=extra.kind,
                    label=extra.party.label,
                    label2=last_trick.label,
                )
            last_trick = extra.party
            if counts.get("karlchen", 0) and counts.get("fuchs_am_end", 0):
                raise EntryError(
                    "extras[{i}]: karlchen and fuchs_am_end in one game; one card (Kreuz-Bube or Karo-Ass) "
                    "wins the last trick",
                    i=i,
                )
            if counts.get("karlchen", 0) + counts.get("karlchen_gefangen", 0) > 2:
                raise EntryError("extras[{i}]: karlchen and karlchen_gefangen need more than the two Kreuz-Buben", i=i)
        if extra.kind != "doppelkopf":
            continue
        doppelkopf[extra.party] += 1
        total = doppelkopf[Party.RE] + doppelkopf[Party.KONTRA]
        if total > rules.hand_size:
            raise EntryError(
                "extras[{i}]: {total} Doppelkopf but only {hand_size} tricks",
                i=i,
                total=total,
                hand_size=rules.hand_size,
            )
        tricks = summary.tricks_re if extra.party is Party.RE else summary.tricks_kontra
        if tricks is not None and doppelkopf[extra.party] > tricks:
            raise EntryError(
                "extras[{i}]: {doppelkopf} Doppelkopf for {label} but it won {tricks} tricks",
                i=i,
                doppelkopf=doppelkopf[extra.party],
                label=extra.party.label,
                tricks=tricks,
            )
        augen = summary.augen(extra.party)
        if augen < doppelkopf[extra.party] * rules.doppelkopf_augen:
            raise EntryError(
                "extras[{i}]: {doppelkopf} Doppelkopf for {label} need at least {doppelkopf2} Augen, it has {augen}",
                i=i,
                doppelkopf=doppelkopf[extra.party],
                label=extra.party.label,
                doppelkopf2=doppelkopf[extra.party] * rules.doppelkopf_augen,
                augen=augen,
            )
    if not extras or _deal_holds(summary, extras, rules):
        return
    last = len(extras) - 1
    first = next((i for i in range(last) if not _deal_holds(summary, extras[: i + 1], rules)), last)
    extra = extras[first]
    party = extra.party
    tricks = summary.tricks_re if party is Party.RE else summary.tricks_kontra
    held = f"{summary.augen(party)} Augen" + ("" if tricks is None else f" in {_tricks_text(tricks)}")
    before = " together with the Sonderpunkte before it" if first else ""
    raise EntryError(
        "extras[{first}]: {get} for {label} needs {asks}; no cards of the deck give {label} that with {held}{before}",
        first=first,
        get=SONDERPUNKT_LABELS.get(extra.kind, extra.kind),
        label=party.label,
        asks=_asks(extra.kind, rules),
        held=held,
        before=before,
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
        if _SCORE_FIELDS[head] == head:
            return EntryError(exc)  # the same field: the score's own message, translatable as it is
        return EntryError("{score_fields}:{rest}", score_fields=_SCORE_FIELDS[head], rest=rest)
    first = _re.split(r"[^A-Za-z0-9_]", message, maxsplit=1)[0]
    if first in _SCORE_FIELDS:
        # e.g. "tricks_re + tricks_kontra must be 12" already starts with the field's name
        if _SCORE_FIELDS[first] == first:
            return EntryError(exc)
        return EntryError("{field}: {message}", field=_SCORE_FIELDS[first], message=exc)
    return EntryError("entry: {message}", message=exc)


# -- public API -------------------------------------------------------------------------------------


def parse_entry(data: Mapping[str, Any]) -> Entry:
    """Check a table entry (see the module docstring for its fields) and build an :class:`Entry`.

    The game summary is also checked by :func:`doppelkopf.scoring.score`, so an entry that parses
    can be scored. Raises :class:`EntryError` naming the field (``augen_re``, ``re[1]``,
    ``announcements.kontra[0]``, ``extras[2].party`` ...) for unknown or missing fields, wrong
    types, bad or unknown player names, game types or announcements, Augen and tricks that no
    cards hold, and Sonderpunkte that the tricks of their party cannot hold (the first
    ``extras[i]`` that makes the entry impossible).
    """
    if not isinstance(data, Mapping):
        raise EntryError("entry: expected an object, got {type_name}", type_name=type_name(data))
    _require(data, FIELDS, REQUIRED)
    rules = _parse_rules(data.get("rules", "ddv"))
    players = _parse_players(data["players"])
    summary = parse_game({k: v for k, v in data.items() if k in GAME_FIELDS}, rules, players)
    game = summary.game_type
    bock = _parse_bock(data["bock"], game, rules) if data.get("bock") is not None else 1
    return Entry(rules, players, summary, bock)


def parse_game(
    data: Mapping[str, Any], rules: RuleSet, players: Sequence[str], table: Sequence[str] = ()
) -> GameSummary:
    """Check the game fields of an entry (:data:`GAME_FIELDS`: ``game``, ``re``, ``augen_re``,
    ``tricks_re``, ``tricks_kontra``, ``announcements``, ``extras``; see the module docstring) for a game
    of ``players`` (four names, seats 0..3) under ``rules``, and return its summary. ``table`` are all the
    players of a sitting of five to seven (those not in ``players`` sit out: naming one is refused as such).

    The Liste of a sitting (:mod:`doppelkopf.liste`) stores its games in this form; the table and its
    rules come from the sitting. Raises :class:`EntryError` naming the field as :func:`parse_entry` does.
    """
    if not isinstance(data, Mapping):
        raise EntryError("entry: expected an object, got {type_name}", type_name=type_name(data))
    _require(data, GAME_FIELDS, GAME_REQUIRED)
    game = _parse_game(data["game"], rules)
    re_seats = _parse_re(data["re"], players, table)
    if len(re_seats) > 2:
        raise EntryError(
            "re: names {count} players; Re is one player (a solo, a Hochzeit without partner) or two",
            count=len(re_seats),
        )
    augen_re = _int(data["augen_re"], "augen_re")
    tricks_re, tricks_kontra = _parse_tricks(data, rules)
    announcements = _parse_announcements(data["announcements"]) if data.get("announcements") is not None else (0, 0)
    extras = _parse_extras(data["extras"]) if data.get("extras") is not None else ()
    summary = GameSummary(game, re_seats, augen_re, tricks_re, tricks_kontra, announcements, extras)
    try:
        score(summary, rules)  # the core's checks: Augen range, party sizes, tricks against Augen
    except ScoreError as exc:
        raise _entry_error(exc) from None
    _check_augen(summary, rules, "tricks_re" if data.get("tricks_re") is not None else "tricks_kontra")
    _check_extras(extras, summary, rules)
    return summary


def extra_limits(rules: RuleSet) -> dict[str, int]:
    """The most Sonderpunkte of each kind one game can hold under ``rules`` (both parties together): a
    Doppelkopf is a trick of at least ``doppelkopf_augen`` Augen, so 240 // that many (6 at 40 Augen); two
    Füchse (Karo-Asse) and two Kreuz-Buben; Karlchen and Fuchs am End are the one card of the last trick.
    Entry forms read it; :func:`parse_entry` checks the cards themselves.

    >>> from doppelkopf.rules import get_preset
    >>> extra_limits(get_preset("ddv"))["doppelkopf"], extra_limits(get_preset("ddv"))["fuchs_gefangen"]
    (6, 2)
    """
    return {"doppelkopf": 240 // rules.doppelkopf_augen, **_MAX_EXTRAS}


def _parse_bock(value: Any, game: GameType, rules: RuleSet) -> int:
    bock = _int(value, "bock")
    problem = bock_problem(bock, rules, game)
    if problem is not None:
        raise EntryError("bock: {problem}", problem=problem)
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


def result_to_json(result: EntryResult, translate: Callable[[object], str] = str) -> dict[str, Any]:
    """The scored entry as plain JSON data; the labels are the item labels given to ``translate``
    (default ``str``: English; ``translator("de").text`` of :mod:`doppelkopf.i18n` gives the German
    ``Gewonnen``, ``Gegner unter 90`` of the seed 004 tables).

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
        "items": [{"key": item.key, "label": translate(item.label), "punkte": item.punkte} for item in s.items],
        "value": s.value,
        "bock": s.multiplier,
        "points": result.points_by_name,
    }


#: Most bytes of a table entry (UTF-8): an entry is a JSON object of a few hundred bytes, so anything
#: larger is no entry; the readers refuse it, and :func:`read_entry_file` reads no further.
MAX_ENTRY_BYTES = 1 << 20


def _too_large(source: str) -> EntryError:
    return EntryError(
        "{source}: the entry is larger than 1 MiB (a table entry is a JSON object of a few hundred bytes)",
        source=source,
    )


def read_entry_file(handle: IO[bytes], source: str) -> dict[str, Any]:
    """Read an entry from the open binary file ``handle`` (a file, or stdin as ``doko score -``
    gives it) named ``source`` in messages, then parse it as :func:`load_entry_bytes`.

    At most :data:`MAX_ENTRY_BYTES` + 1 bytes are read (:func:`doppelkopf.fileutil.read_limited`), so an
    endless or huge input is refused at once. Raises :class:`EntryError` ``entry.json: the entry is
    larger than 1 MiB (...)``, ``<stdin>: cannot read: Input/output error`` for a failing read, or
    what :func:`load_entry_bytes` raises.
    """
    try:
        data = read_limited(handle, MAX_ENTRY_BYTES + 1)
    except OSError as exc:
        raise EntryError("{source}: cannot read: {value}", source=source, value=exc.strerror or exc) from None
    return load_entry_bytes(data, source)


def load_entry_text(text: str, source: str) -> dict[str, Any]:
    """Parse the JSON text of an entry read from ``source`` (a file name, for messages).

    Returns the top-level object as a dict (check it with :func:`parse_entry`). Raises
    :class:`EntryError` with the source and position, e.g. ``entry.json line 3 column 5: Expecting
    ',' delimiter``, for invalid JSON; with the source for a duplicate key in one object, ``NaN`` or
    ``Infinity``, nesting deeper than :data:`doppelkopf.jsonutil.MAX_DEPTH` levels (``entry.json:
    the JSON is nested too deeply (more than 64 levels)``), a text of more than
    :data:`MAX_ENTRY_BYTES` in UTF-8, or a top level that is not an object.
    """
    if len(text) > MAX_ENTRY_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_ENTRY_BYTES:
        raise _too_large(source)
    if not text.strip():
        raise EntryError("{source}: the entry is empty; expected a JSON object {{...}}", source=source)
    try:
        data = loads_strict(text)
    except json.JSONDecodeError as exc:
        raise EntryError(
            "{source} line {lineno} column {colno}: {msg}",
            source=source,
            lineno=exc.lineno,
            colno=exc.colno,
            msg=exc.msg,
        ) from None
    except ValueError as exc:
        raise EntryError("{source}: {exc}", source=source, exc=exc) from None
    if not isinstance(data, dict):
        raise EntryError(
            "{source}: an entry must be a JSON object {{...}}, got {type_name}",
            source=source,
            type_name=type_name(data),
        )
    return data


def load_entry_bytes(data: bytes, source: str) -> dict[str, Any]:
    """Parse the bytes of an entry file read from ``source`` (a file name or ``<stdin>``, for
    messages): UTF-8 text, a byte order mark allowed (read as every input file is,
    :func:`doppelkopf.fileutil.decode_text`), then as :func:`load_entry_text`.

    Raises :class:`EntryError` ``entry.json: the entry is larger than 1 MiB (...)`` for more than
    :data:`MAX_ENTRY_BYTES` (the byte order mark included), ``entry.json: not UTF-8 text (byte 17)``
    (the 0-based offset of the first bad byte in the file) or what :func:`load_entry_text` raises.
    """
    if len(data) > MAX_ENTRY_BYTES:
        raise _too_large(source)
    try:
        text = decode_text(data)
    except NotUTF8Error as exc:
        raise EntryError("{source}: {exc}", source=source, exc=exc) from None
    return load_entry_text(text, source)
