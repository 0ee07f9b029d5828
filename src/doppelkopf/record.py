"""Game records: save a played game, load it back, replay and check it, show it trick by trick.

A :class:`GameRecord` holds everything needed to play a game again move by move: the rule set
(its name plus every option, so a record keeps its meaning when a preset changes later), the
player names, the seed, the dealer, the four dealt hands, the Pflichtsolo state of the seats (and
the seat forced to play its Pflichtsolo, when the engine forces one) and every action in order as
``(seat, action)``, the actions of the house rules included (Schmeissen, a Hochzeit naming its
trick, the bidding, the Schweine, the Armut exchange, the claim of the rest). It also stores the
result as it was scored (winner, game value in Punkte, Punkte per seat, the items of the score
table), so :func:`verify` can check that replaying the actions still gives the same result. A
deal thrown in (Schmeissen, or an Armut nobody took) has no result but ``thrown_in``: why it was
thrown in, as the engine says (``"schmeissen"`` or ``"armut"``).

The file format is JSON (version 3), with cards and actions written as the ASCII keys of
:meth:`doppelkopf.game.Action.key` (``KrD``, ``announce:keine_90``, ``vorbehalt:kreuz``)::

    {
      "format": "doppelkopf-record",
      "version": 3,
      "rules": {"preset": "ddv", "options": {...every RuleSet option...}},
      "players": ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"],
      "seed": 7,
      "dealer": 0,
      "pflichtsolo_done": [false, false, false, false],
      "forced_solo_seat": 2,                      (only when a seat was forced)
      "hands": [["KrA", ...], [...], [...], [...]],
      "actions": [[1, "vorbehalt:normal"], ..., [2, "announce:ansage"], [2, "He10"], ...],
      "thrown_in": "schmeissen",                  (only for a deal thrown in; result is null)
      "result": {"game_type": "normal", "re_seats": [0, 2], "augen_re": 131, "winner": "re",
                 "value": 1, "points": [1, -1, 1, -1], "solo": false, "factor": 1,
                 "items": [["gewonnen", 1]]},
      "meta": {"created": "...", "game_number": 3, "bock": 2}
    }

``result`` is ``null`` for a game that is not finished and for a deal thrown in. The hands are
authoritative: the seed is kept for information (a deal may have been cut by hand), it is not
used to deal again.

**Bock.** ``meta`` is free JSON data except for ``bock``: the Bock multiplier of the game as the
Liste of its session has it (2 for Bock, 4 for Doppelbock ...; left out for no Bock), so the Liste
can be rebuilt from the records (seed 002: "Böcke verdoppeln die so gezählten Punkte.
Doppelböcke vervierfachen diese Punkte"; seed 004, Sonderfälle). It must be an int power of two
from 2 to the rule ``bock_max_multiplier``, and a finished declared solo under ``bock_skips_soli``
takes none (seed 002); :attr:`GameRecord.bock` reads it. The stored ``result`` stays the game's
own Punkte; :func:`trick_lines` shows the multiplied Punkte after them.

**Rules.** A record stores every option of its rule set, so it keeps its meaning when a preset
changes later; the stored options alone decide, no preset fills in. ``preset`` is the rule set's
name and must agree with the option ``name``; it need not name a known preset (a custom rule set,
e.g. from a TOML file, is stored with all its options just the same). An option missing from
``options`` is an error naming it, with one exception: a version-1 record (written before the
options of :data:`OPTIONS_ADDED` existed) may lack the options added after version 1, and each
takes the value that is the engine's behaviour before the option existed (all five are the DDV
defaults: ``schweine_optional`` false, ``hochzeit_early_ansage`` false, ``re_120_after_kontra``
true, ``absage_punkte`` "all", ``reached_against_absage`` true); a record before version 3 may lack
``own_augen_visible`` (false: the tricks lie face down, TSR). This module writes version 3 and reads versions 1
to 3; an option added to :class:`~doppelkopf.rules.RuleSet` later needs the next
version and its old value in :data:`OPTIONS_ADDED`.

**Players.** Names go through :func:`doppelkopf.names.clean_names` when a record is made and when
it is loaded: stored in Unicode NFC without surrounding blanks, at most 40 characters, no control
character or line separator, no two names that are one player (compared case-folded). A record
this program writes always loads again.

Several records go in one JSON Lines file (:func:`save_many`, :func:`load_many`, :func:`append`,
:func:`append_many`): one record per line. The writers escape U+0085, U+2028, U+2029 (and lone
surrogates) in strings, so a record is one line for any line splitter. Files are written
atomically through a hidden temporary file ``.<name>.<32 hex digits>.tmp`` beside the target;
one left by a writer that was killed is removed at the next write of the same target. A target
reached through symbolic links is written through them: the real file gets the new text and the
links stay. Only a regular file (or a name not yet taken) is ever written, never a device, a FIFO
or a folder. An atomic replace gives the target a new file: another hard link to the old one
keeps the old text.

**Reading is bounded.** The readers take a line of at most :data:`MAX_LINE_BYTES` (1 MiB; a record
line has a few KB), a single record of at most :data:`MAX_RECORD_BYTES` (4 MiB) and a JSON Lines
file of at most :data:`MAX_FILE_BYTES` (1 GiB): ``/dev/zero`` or a huge file is refused, naming the
line, instead of filling the memory. A JSON Lines file is read line by line, each line decoded as
it comes, so bytes that are no UTF-8 are named by line and offset as soon as they are met. A UTF-8
byte order mark at the start of a file is skipped. The writers refuse a record (a large ``meta``)
that the readers would not take back.

Every problem with a record raises :class:`RecordError` with a one-line message naming the source,
then the JSON line and column, the field (``hands[2][5]``, ``result.points``) or the action
(``actions[17]``) at fault. JSON nested deeper than :data:`doppelkopf.jsonutil.MAX_DEPTH`
levels, a key given twice and ``NaN`` are refused as invalid JSON.

>>> from doppelkopf.game import random_game
>>> from doppelkopf.rules import DDV
>>> game = random_game(DDV, seed=5)
>>> record = record_game(game, ["Anna", "Ben", "Carla", "Dirk"], game_number=1)
>>> again = from_json(to_json(record))
>>> again == record, replay(again).score() == game.score()
(True, True)
>>> verify(again).score() == game.score()
True
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import stat
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .cards import AUGEN, Card, CardError
from .fileutil import BOM, NotUTF8Error, bom_length, decode_text, file_kind, read_limited
from .game import Action, Game, IllegalAction, Phase
from .jsonutil import (
    MAX_DEPTH,
    JSONNestingError,
    check_depth,
    dumps_lines_safe,
    escape_unsafe,
    loads_strict,
    short_repr,
    type_name,
)
from .names import PlayerNameError, clean_names
from .rules import GameType, Party, RuleError, RuleSet
from .scoring import SONDERPUNKT_LABELS, Score, Sonderpunkt, counted_sonderpunkte
from .session import bock_points, bock_problem

try:  # a writer locks its temporary file, so a cleaner can tell it from a killed writer's leftover
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

#: Value of the ``format`` field; tells a record file from other JSON files.
FORMAT_NAME = "doppelkopf-record"
#: The record format version this module writes.
FORMAT_VERSION = 3
#: The record format versions this module reads.
READ_VERSIONS = (1, 2, 3)
#: Rule options added to :class:`~doppelkopf.rules.RuleSet` in a format version, each with the value
#: that is the engine's behaviour before it existed: a record of an earlier version that lacks the
#: option takes that value. (Every other missing option is an error.)
OPTIONS_ADDED: dict[int, dict[str, Any]] = {
    2: {
        "schweine_optional": False,
        "hochzeit_early_ansage": False,
        "re_120_after_kontra": True,
        "absage_punkte": "all",
        "reached_against_absage": True,
    },
    3: {"own_augen_visible": False},
}
#: Player names used when a record names none.
DEFAULT_PLAYERS: tuple[str, str, str, str] = ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4")
#: Most bytes of one line of a JSON Lines file of records, without its line end (a record line has
#: a few KB; a longer line is refused by number). The writers refuse a record whose line is longer.
MAX_LINE_BYTES = 1 << 20
#: Most bytes of a file read as a single record (:func:`load`; a pretty record in :func:`load_game`).
MAX_RECORD_BYTES = 4 << 20
#: Most bytes of a JSON Lines file of records that the readers go through (some 300,000 games).
MAX_FILE_BYTES = 1 << 30
#: The key of ``meta`` that holds the Bock multiplier of the game (see the module docstring).
BOCK_KEY = "bock"

_FIELDS = (
    "format",
    "version",
    "rules",
    "players",
    "seed",
    "dealer",
    "pflichtsolo_done",
    "forced_solo_seat",
    "hands",
    "actions",
    "thrown_in",
    "result",
    "meta",
)
_REQUIRED = ("format", "version", "rules", "seed", "dealer", "hands", "actions", "result")
_Fail = Callable[[str, str], "RecordError"]
#: Most levels a ``meta`` value nests: the record and ``meta`` are two levels above it in the file.
_META_DEPTH = MAX_DEPTH - 2
_RESULT_FIELDS = ("game_type", "re_seats", "augen_re", "winner", "value", "points", "solo", "factor", "items")


class RecordError(ValueError):
    """A record cannot be read, written, replayed or verified.

    The one-line message names the source (file or ``<record>``), then the JSON line and column,
    the field or the action index at fault, and the rule the game engine reports.
    """


@dataclass(frozen=True)
class RecordResult:
    """The stored result of a finished game, as scored when it was recorded.

    Attributes:
        game_type: the game played (a Stille Hochzeit as such).
        re_seats: seats 0..3 of the Re party at the end, ascending.
        augen_re: Augen won by Re, 0..240.
        winner: ``Party.RE``, ``Party.KONTRA`` or ``None`` (nobody reached its goal, TSR 7.1.3).
        value: game value in Punkte.
        points: Punkte of each seat 0..3 (they sum to zero).
        solo: scored as a solo; ``factor``: the lone player's multiple of the value.
        items: ``(key, Punkte)`` of each line of the score table (keys of
            :class:`doppelkopf.scoring.ScoreItem`, e.g. ``("gewonnen", 1)``).
    """

    game_type: GameType
    re_seats: tuple[int, ...]
    augen_re: int
    winner: Party | None
    value: int
    points: tuple[int, int, int, int]
    solo: bool
    factor: int
    items: tuple[tuple[str, int], ...]

    @classmethod
    def of_game(cls, game: Game) -> RecordResult:
        """The result of the finished ``game`` (its summary and :meth:`Game.score`)."""
        summary = game.summary()
        return cls.of_score(summary.game_type, summary.re_seats, summary.augen_re, game.score())

    @classmethod
    def of_score(cls, game_type: GameType, re_seats: Iterable[int], augen_re: int, score: Score) -> RecordResult:
        return cls(
            game_type=game_type,
            re_seats=tuple(sorted(re_seats)),
            augen_re=augen_re,
            winner=score.winner,
            value=score.value,
            points=score.points,
            solo=score.solo,
            factor=score.factor,
            items=tuple((item.key, item.punkte) for item in score.items),
        )


@dataclass(frozen=True)
class GameRecord:
    """One game as stored: enough to replay it action by action, plus its result.

    Attributes:
        rules: the full rule set the game was played under.
        players: names of seats 0..3 (clockwise).
        seed: the seed the deal was shuffled with, or ``None`` (information only; ``hands`` decide).
        dealer: the dealer's seat 0..3.
        hands: the four hands as dealt, each a sorted tuple of :class:`~doppelkopf.cards.Card`.
        actions: every action in order as ``(seat, action int)`` (see :class:`~doppelkopf.game.Action`);
            announcements carry the seat that made them, also out of turn.
        pflichtsolo_done: per seat whether it had played its Pflichtsolo before this game (TSR 4.2).
        result: the stored result, or ``None`` when the game was not finished or thrown in.
        meta: free JSON data such as ``created`` (timestamp) or ``game_number``, and ``bock``, the
            game's Bock multiplier (see :attr:`bock`); not compared for hashing.
        version: the format version the record was read in (:data:`FORMAT_VERSION` for a new
            record); the writers always write :data:`FORMAT_VERSION`.
        thrown_in: why the deal was thrown in (the engine's ``thrown_reason``: ``"schmeissen"``,
            ``"armut"``), or ``None``; the same dealer deals again and nothing is scored.
        forced_solo_seat: the seat the game forced to play its Pflichtsolo (Vorführung, TSR
            4.2.3), when the engine has that option, else ``None``.
    """

    rules: RuleSet
    players: tuple[str, str, str, str]
    seed: int | None
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    actions: tuple[tuple[int, int], ...]
    pflichtsolo_done: tuple[bool, bool, bool, bool] = (False, False, False, False)
    result: RecordResult | None = None
    meta: Mapping[str, Any] = field(default_factory=dict, hash=False)
    version: int = FORMAT_VERSION
    thrown_in: str | None = None
    forced_solo_seat: int | None = None

    @property
    def finished(self) -> bool:
        """Whether the game is over: it holds a result (played to the end) or was thrown in."""
        return self.result is not None or self.thrown_in is not None

    @property
    def bock(self) -> int:
        """The Bock multiplier of the game as the Liste had it: ``meta["bock"]`` (2 Bock, 4 Doppelbock
        ...), 1 when the record has none. Checked when a record is made, read or written (module
        docstring, "Bock")."""
        value = self.meta.get(BOCK_KEY, 1)
        return value if _is_int(value) and value >= 1 else 1


# -- building records ---------------------------------------------------------------------------


def record_game(game: Game, players: Sequence[str] | None = None, **meta: Any) -> GameRecord:
    """The record of ``game`` (finished or not) with seat names ``players`` and metadata ``meta``.

    ``players`` defaults to :data:`DEFAULT_PLAYERS`; the names are stored as
    :func:`doppelkopf.names.clean_names` gives them (NFC, no surrounding blanks). ``meta`` values
    must be JSON data (str, int, float, bool, None, lists and dicts of them, nested at most
    :data:`doppelkopf.jsonutil.MAX_DEPTH` levels in the file, so 62 in a value); they are stored as
    JSON gives them back (tuples become lists). ``bock=2`` (4, ...) stores the game's Bock multiplier
    (module docstring, "Bock"). Raises :class:`RecordError` naming ``players`` (``players[2]: ...``) or
    ``meta.<key>`` otherwise (``meta.bock: 3 is not a Bock multiplier; ...``).
    """
    names = _check_players(DEFAULT_PLAYERS if players is None else players, "players")
    clean: dict[str, Any] = {}
    for key in sorted(meta):
        try:
            text = dumps_lines_safe(meta[key], _META_DEPTH)
        except JSONNestingError as exc:
            raise RecordError(f"meta.{key}: {exc}") from None
        except (TypeError, ValueError, RecursionError) as exc:
            raise RecordError(f"meta.{key}: not JSON data ({_clip(str(exc))})") from None
        clean[key] = json.loads(text)
    thrown_in = (game.thrown_reason or "thrown_in") if game.thrown_in else None
    result = RecordResult.of_game(game) if game.is_terminal and not thrown_in else None
    _check_bock(clean, game.rules, result, lambda where, message: RecordError(f"{where}: {message}"))
    return GameRecord(
        rules=game.rules,
        players=names,
        seed=game.seed,
        dealer=game.dealer,
        hands=tuple(tuple(Card(c) for c in hand) for hand in game.initial_hands),
        actions=tuple((int(seat), int(action)) for seat, action in game.history),
        pflichtsolo_done=(
            game.pflichtsolo_done[0],
            game.pflichtsolo_done[1],
            game.pflichtsolo_done[2],
            game.pflichtsolo_done[3],
        ),
        result=result,
        meta=clean,
        thrown_in=thrown_in,
        forced_solo_seat=game.forced_solo_seat,
    )


def _check_players(players: Any, where: str) -> tuple[str, str, str, str]:
    """The four names as :func:`doppelkopf.names.clean_names` stores them; :class:`RecordError`
    naming ``where`` or ``where[i]`` otherwise."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RecordError(f"{where}: expected a list of 4 names, got {short_repr(players)}")
    if len(players) != 4:
        raise RecordError(f"{where}: expected 4 names, got {len(players)}")
    try:
        a, b, c, d = clean_names(players, where)
    except PlayerNameError as exc:
        raise RecordError(str(exc)) from None
    return (a, b, c, d)


def _check_bock(meta: Mapping[str, Any], rules: RuleSet, result: RecordResult | None, fail: _Fail) -> None:
    """Check ``meta["bock"]``, when present: an int power of two from 2 (Bock) to
    ``rules.bock_max_multiplier`` (seed 002: "Es gibt maximal Doppelböcke"), and none on a finished
    declared solo where ``rules.bock_skips_soli`` keeps soli out of the Bock (seed 002). Raises
    ``fail("meta.bock", message)``."""
    if BOCK_KEY not in meta:
        return
    bock = meta[BOCK_KEY]
    if bock == 1 and _is_int(bock):
        raise fail(f"meta.{BOCK_KEY}", "1 is no Bock: leave it out")
    problem = bock_problem(bock, rules, None if result is None else result.game_type)
    if problem is not None:
        raise fail(f"meta.{BOCK_KEY}", problem)


def _clip(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters (a message stays short whatever a file holds)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- replay and verification --------------------------------------------------------------------


def replay(record: GameRecord, source: str = "<record>") -> Game:
    """Play the record's actions again from its deal and return the game (finished or not).

    The game is built with the record's rules, hands, dealer, seed, ``pflichtsolo_done`` and
    ``forced_solo_seat`` and every action is applied for its seat, step for step what
    :meth:`Game.replay` does; the loop is here so that an error names the action by its 0-based
    index in the file.

    Raises :class:`RecordError` naming ``hands`` when the hands are no legal deal, or
    ``actions[i]`` (0-based) with the rule the engine reports for the first illegal action.
    """
    try:
        game = Game(
            record.rules, record.hands, record.dealer, record.seed, record.pflichtsolo_done, record.forced_solo_seat
        )
    except IllegalAction as exc:
        raise RecordError(f"{source}: hands: {_strip_prefix(str(exc), 'deal: ')} (not a legal deal)") from None
    for index, (seat, action) in enumerate(record.actions):
        try:
            game.apply(action, seat)
        except IllegalAction as exc:
            raise RecordError(f"{source}: actions[{index}] (seat {seat}, {_action_text(action)}): {exc}") from None
    return game


def verify(record: GameRecord, source: str = "<record>") -> Game:
    """Replay ``record``, check its stored result against the game's score and return the replayed
    game (finished or not), so that a caller who shows the game need not replay it again.

    Raises :class:`RecordError` when replaying fails (see :func:`replay`), when the actions finish
    the game but no result is stored or the other way round, when the stored ``thrown_in`` is not
    what the actions do, or naming each ``result.<field>`` whose stored value differs from the
    replayed one.
    """
    game = replay(record, source)
    _check_result(record, game, source)
    return game


def _check_result(record: GameRecord, game: Game, source: str) -> None:
    """Check the stored ``thrown_in`` and ``result`` of ``record`` against ``game``, the game its
    actions give (see :func:`verify`)."""
    reason = (game.thrown_reason or "thrown_in") if game.thrown_in else None
    if record.thrown_in != reason:
        if reason is None:
            raise RecordError(
                f"{source}: thrown_in: stored {short_repr(record.thrown_in)}, but the actions throw nothing in"
            )
        raise RecordError(
            f"{source}: thrown_in: the actions throw the deal in ({reason}), the record says "
            f"{short_repr(record.thrown_in)}"
        )
    if not game.is_terminal or reason is not None:
        if record.result is not None:
            what = "the deal was thrown in" if reason is not None else "the actions do not finish the game"
            raise RecordError(f"{source}: result: stored, but {what}")
        return
    if record.result is None:
        raise RecordError(f"{source}: result: missing, but the actions finish the game")
    actual = RecordResult.of_game(game)
    diffs = []
    for name in _RESULT_FIELDS:
        stored, replayed = getattr(record.result, name), getattr(actual, name)
        if stored != replayed:
            diffs.append(
                f"result.{name}: stored {_json_compact(_result_field(name, stored))}, "
                f"replayed {_json_compact(_result_field(name, replayed))}"
            )
    if diffs:
        raise RecordError(f"{source}: the stored result differs from the replayed game: " + "; ".join(diffs))


def _strip_prefix(text: str, prefix: str) -> str:
    return text[len(prefix) :] if text.startswith(prefix) else text


def _action_text(action: int) -> str:
    try:
        return Action.key(action)
    except IllegalAction:
        return str(action)


# -- JSON ---------------------------------------------------------------------------------------


def to_dict(record: GameRecord) -> dict[str, Any]:
    """The record as plain JSON data in format version :data:`FORMAT_VERSION`, keys in the fixed
    order of the file format.

    Raises :class:`RecordError` for what would not load again: player names that
    :func:`doppelkopf.names.clean_names` refuses (``players[1]: ...``), ``meta`` nested too deeply.
    """
    result: dict[str, Any] | None = None
    if record.result is not None:
        result = {name: _result_field(name, getattr(record.result, name)) for name in _RESULT_FIELDS}
    try:
        for key in record.meta:
            check_depth(record.meta[key], _META_DEPTH)
    except JSONNestingError as exc:
        raise RecordError(f"meta: {exc}") from None
    _check_bock(record.meta, record.rules, record.result, lambda where, message: RecordError(f"{where}: {message}"))
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "rules": {"preset": record.rules.name, "options": record.rules.to_dict()},
        "players": list(_check_players(record.players, "players")),
        "seed": record.seed,
        "dealer": record.dealer,
        "pflichtsolo_done": list(record.pflichtsolo_done),
    }
    if record.forced_solo_seat is not None:
        data["forced_solo_seat"] = record.forced_solo_seat
    data["hands"] = [[Card(c).short for c in hand] for hand in record.hands]
    data["actions"] = [[seat, Action.key(action)] for seat, action in record.actions]
    if record.thrown_in is not None:
        data["thrown_in"] = record.thrown_in
    data["result"] = result
    data["meta"] = {key: record.meta[key] for key in sorted(record.meta)}
    return data


def _result_field(name: str, value: Any) -> Any:
    if name == "game_type":
        return value.key
    if name == "winner":
        return None if value is None else value.name.lower()
    if name == "items":
        return [[key, punkte] for key, punkte in value]
    if isinstance(value, tuple):
        return list(value)
    return value


def to_json(record: GameRecord) -> str:
    """The record as pretty JSON text (2-space indent, fixed key order, one hand and one action
    per line, ASCII card keys; player names and metadata may hold any Unicode). No trailing
    newline. Raises :class:`RecordError` if ``meta`` holds something that is not JSON data, or makes
    the text longer than :data:`MAX_RECORD_BYTES` (the readers would not take it back)."""
    text = _pretty(to_dict(record), "")
    _check_size(text, MAX_RECORD_BYTES, "")
    return text


def to_json_line(record: GameRecord) -> str:
    """The record as one line of JSON (for JSON Lines files), without the newline. U+0085, U+2028,
    U+2029 and lone surrogates in strings are written as ``\\uXXXX`` escapes: the line is one line
    for :meth:`str.splitlines` too, and always UTF-8. Raises :class:`RecordError` as :func:`to_json`,
    for a line longer than :data:`MAX_LINE_BYTES`."""
    line = _json_compact(to_dict(record))
    _check_size(line, MAX_LINE_BYTES, " as a line")
    return line


def _check_size(text: str, limit: int, what: str) -> None:
    """Refuse ``text`` longer than ``limit`` bytes in UTF-8: only ``meta`` (free data) can make a record
    that long."""
    if len(text) > limit // 4:
        size = len(text.encode("utf-8"))
        if size > limit:
            raise RecordError(
                f"meta: the record is {size} bytes{what}, more than the {_size_text(limit)} a reader takes back"
            )


def _size_text(size: int) -> str:
    """``size`` bytes for a message: ``1 MiB``, ``4 MiB``, ``1 GiB``."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift} {unit}"
    return f"{size} bytes"


def _json_compact(value: Any) -> str:
    try:
        return escape_unsafe(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise RecordError(f"meta: not JSON data ({_clip(str(exc))})") from None


def _pretty(value: Any, indent: str) -> str:
    """JSON with dicts and nested lists broken into lines and flat lists kept on one line."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        body = ",\n".join(f"{inner}{_json_compact(str(k))}: {_pretty(v, inner)}" for k, v in value.items())
        return "{\n" + body + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (list, dict)) for v in value):
        body = ",\n".join(inner + _pretty(v, inner) for v in value)
        return "[\n" + body + "\n" + indent + "]"
    return _json_compact(value)


def from_json(text: str, source: str = "<record>") -> GameRecord:
    """Read one record from JSON text and check it.

    Checks every field (types, the format name and version, the rule options, card and action
    keys, that the hands are a legal deal) and replays the actions, so every action must be
    legal when it was made. The stored result is checked for form only; :func:`verify` compares
    it with the replayed game.

    Raises :class:`RecordError` naming ``source`` and the JSON line and column for text that is no
    JSON (for example a truncated file), ``source`` for a key given twice, ``NaN`` or nesting
    deeper than :data:`doppelkopf.jsonutil.MAX_DEPTH` levels (``game.json: invalid JSON: the JSON
    is nested too deeply (more than 64 levels)``), or the field or ``actions[i]`` at fault.
    """
    return from_dict(_parse_json(text, source), source)


def _parse_json(text: str, source: str, line: int | None = None) -> Any:
    try:
        return loads_strict(text)
    except json.JSONDecodeError as exc:
        lineno = exc.lineno if line is None else line
        raise RecordError(f"{source}: line {lineno}, column {exc.colno}: invalid JSON: {exc.msg}") from None
    except ValueError as exc:
        where = f"line {line}: " if line is not None else ""
        raise RecordError(f"{source}: {where}invalid JSON: {exc}") from None


def from_dict(data: Any, source: str = "<record>") -> GameRecord:
    """Build and check a record from JSON data (as :func:`to_dict` gives); see :func:`from_json`.
    Data nested deeper than the JSON readers take is refused in the same words."""
    return _checked(data, source)[0]


def _checked(data: Any, source: str) -> tuple[GameRecord, Game]:
    """The record :func:`from_dict` builds from ``data`` and the game its check replayed."""
    try:
        check_depth(data)
    except JSONNestingError as exc:
        raise RecordError(f"{source}: invalid JSON: {exc}") from None
    record = _build(data, source)
    return record, replay(record, source)  # every action must be legal where it stands


def _is_int(value: Any) -> bool:
    return type(value) is int


def _build(data: Any, source: str) -> GameRecord:
    def fail(where: str, message: str) -> RecordError:
        return RecordError(f"{source}: {where}: {_clip(message)}")

    if not isinstance(data, dict):
        raise RecordError(f"{source}: expected a JSON object (a game record), got {type_name(data)}")
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        raise RecordError(f"{source}: unknown field {short_repr(unknown[0])} (fields: {', '.join(_FIELDS)})")
    for key in _REQUIRED:
        if key not in data:
            raise fail(key, "missing")
    if data["format"] != FORMAT_NAME:
        raise fail("format", f"expected {FORMAT_NAME!r}, got {short_repr(data['format'])} (not a game record)")
    version = data["version"]
    if not _is_int(version) or version not in READ_VERSIONS:
        versions = ", ".join(map(str, READ_VERSIONS[:-1])) + f" and {READ_VERSIONS[-1]}"
        raise fail("version", f"{short_repr(version)} is not supported (this program reads versions {versions})")

    rules = _build_rules(data["rules"], version, fail)

    if "players" in data:
        players_data = data["players"]
        if not isinstance(players_data, list):
            raise fail("players", f"expected a list of 4 names, got {type_name(players_data)}")
        try:
            players = _check_players(players_data, "players")
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}") from None
    else:
        players = DEFAULT_PLAYERS

    seed = data["seed"]
    if seed is not None and not _is_int(seed):
        raise fail("seed", f"expected an integer or null, got {short_repr(seed)}")
    dealer = data["dealer"]
    if not _is_int(dealer) or not 0 <= dealer <= 3:
        raise fail("dealer", f"expected a seat 0..3, got {short_repr(dealer)}")

    done_data = data.get("pflichtsolo_done", [False] * 4)
    if not isinstance(done_data, list) or len(done_data) != 4 or not all(type(d) is bool for d in done_data):
        raise fail("pflichtsolo_done", f"expected 4 booleans (true/false), got {short_repr(done_data)}")
    pflichtsolo_done = (done_data[0], done_data[1], done_data[2], done_data[3])

    forced = data.get("forced_solo_seat")
    if forced is not None and (not _is_int(forced) or not 0 <= forced <= 3):
        raise fail("forced_solo_seat", f"expected a seat 0..3 or null, got {short_repr(forced)}")

    hands = _build_hands(data["hands"], fail)
    actions = _build_actions(data["actions"], fail)
    thrown_in = data.get("thrown_in")
    if thrown_in is not None and (not isinstance(thrown_in, str) or not thrown_in.strip()):
        raise fail(
            "thrown_in", f'expected why the deal was thrown in (e.g. "schmeissen") or null, got {short_repr(thrown_in)}'
        )
    result = None if data["result"] is None else _build_result(data["result"], fail)
    if thrown_in is not None and result is not None:
        raise fail("result", "a deal thrown in has no result (expected null)")

    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise fail("meta", f"expected an object, got {type_name(meta)}")
    _check_bock(meta, rules, result, fail)

    return GameRecord(
        rules=rules,
        players=players,
        seed=seed,
        dealer=dealer,
        hands=hands,
        actions=actions,
        pflichtsolo_done=pflichtsolo_done,
        result=result,
        meta=meta,
        version=version,
        thrown_in=thrown_in,
        forced_solo_seat=forced,
    )


def _build_rules(data: Any, version: int, fail: _Fail) -> RuleSet:
    """The rule set of a record: every option stored (see the module docstring), ``preset`` the
    rule set's name."""
    if not isinstance(data, dict):
        raise fail("rules", f"expected an object with 'preset' and 'options', got {type_name(data)}")
    unknown = [key for key in data if key not in ("preset", "options")]
    if unknown:
        raise fail("rules", f"unknown field {short_repr(unknown[0])} (fields: preset, options)")
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise fail("rules.preset", f"expected the rule set's name, got {short_repr(preset)}")
    options = data.get("options")
    if not isinstance(options, dict):
        raise fail("rules.options", f"expected an object with every rule option, got {type_name(options)}")
    if "preset" in options:
        raise fail("rules.options", "'preset' is no rule option (the options are stored in full)")
    complete = dict(options)
    for added in range(version + 1, FORMAT_VERSION + 1):
        for key, old in OPTIONS_ADDED.get(added, {}).items():
            complete.setdefault(key, old)
    for option in dataclasses.fields(RuleSet):
        if option.name not in complete:
            raise fail("rules.options", f"missing option {option.name!r} (a record stores every rule option)")
    try:
        rules = RuleSet.from_dict(complete)
    except (RuleError, TypeError, ValueError) as exc:
        raise fail("rules.options", str(exc)) from None
    if rules.name != preset:
        raise fail(
            "rules.preset", f"{short_repr(preset)} but the options are of {short_repr(rules.name)} (option name)"
        )
    return rules


def _build_hands(data: Any, fail: _Fail) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise fail("hands", f"expected 4 lists of card keys, got {short_repr(data)}")
    hands = []
    for seat, hand in enumerate(data):
        if not isinstance(hand, list):
            raise fail(f"hands[{seat}]", f"expected a list of card keys, got {type_name(hand)}")
        cards = []
        for index, key in enumerate(hand):
            if not isinstance(key, str):
                raise fail(f"hands[{seat}][{index}]", f"expected a card key like 'KrD', got {short_repr(key)}")
            try:
                cards.append(Card.parse(key))
            except CardError as exc:
                raise fail(f"hands[{seat}][{index}]", str(exc)) from None
        hands.append(tuple(sorted(cards)))
    return tuple(hands)


def _build_actions(data: Any, fail: _Fail) -> tuple[tuple[int, int], ...]:
    if not isinstance(data, list):
        raise fail("actions", f"expected a list of [seat, action] pairs, got {type_name(data)}")
    actions = []
    for index, item in enumerate(data):
        where = f"actions[{index}]"
        if not isinstance(item, list) or len(item) != 2:
            raise fail(where, f"expected [seat, action], got {short_repr(item)}")
        seat, key = item
        if not _is_int(seat) or not 0 <= seat <= 3:
            raise fail(where, f"seat must be 0..3, got {short_repr(seat)}")
        if not isinstance(key, str):
            raise fail(where, f"expected an action key like 'KrD' or 'announce:ansage', got {short_repr(key)}")
        try:
            action = Action.from_key(key)
        except IllegalAction as exc:
            raise fail(where, str(exc)) from None
        actions.append((seat, action))
    return tuple(actions)


def _build_result(data: Any, fail: _Fail) -> RecordResult:
    if not isinstance(data, dict):
        raise fail("result", f"expected an object or null, got {type_name(data)}")
    for key in data:
        if key not in _RESULT_FIELDS:
            raise fail("result", f"unknown field {short_repr(key)} (fields: {', '.join(_RESULT_FIELDS)})")
    for key in _RESULT_FIELDS:
        if key not in data:
            raise fail(f"result.{key}", "missing")
    try:
        game_type = GameType.parse(data["game_type"]) if isinstance(data["game_type"], str) else None
    except RuleError:
        game_type = None
    if game_type is None:
        raise fail(
            "result.game_type",
            f"expected a game type key like 'normal' or 'kreuz', got {short_repr(data['game_type'])}",
        )
    re_seats = data["re_seats"]
    if not isinstance(re_seats, list) or not all(_is_int(s) and 0 <= s <= 3 for s in re_seats):
        raise fail("result.re_seats", f"expected a list of seats 0..3, got {short_repr(re_seats)}")
    augen_re = data["augen_re"]
    if not _is_int(augen_re) or not 0 <= augen_re <= 240:
        raise fail("result.augen_re", f"expected Augen 0..240, got {short_repr(augen_re)}")
    winners = {"re": Party.RE, "kontra": Party.KONTRA, None: None}
    if data["winner"] is not None and (not isinstance(data["winner"], str) or data["winner"] not in winners):
        raise fail("result.winner", f'expected "re", "kontra" or null, got {short_repr(data["winner"])}')
    for key in ("value", "factor"):
        if not _is_int(data[key]):
            raise fail(f"result.{key}", f"expected an integer (Punkte), got {short_repr(data[key])}")
    points = data["points"]
    if not isinstance(points, list) or len(points) != 4 or not all(_is_int(p) for p in points):
        raise fail("result.points", f"expected 4 integers (Punkte per seat), got {short_repr(points)}")
    if type(data["solo"]) is not bool:
        raise fail("result.solo", f"expected true or false, got {short_repr(data['solo'])}")
    items_data = data["items"]
    if not isinstance(items_data, list):
        raise fail("result.items", f"expected a list of [key, Punkte] pairs, got {type_name(items_data)}")
    items = []
    for index, item in enumerate(items_data):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and _is_int(item[1])):
            raise fail(f"result.items[{index}]", f"expected [key, Punkte], got {short_repr(item)}")
        items.append((item[0], item[1]))
    return RecordResult(
        game_type=game_type,
        re_seats=tuple(re_seats),
        augen_re=augen_re,
        winner=winners[data["winner"]],
        value=data["value"],
        points=(points[0], points[1], points[2], points[3]),
        solo=data["solo"],
        factor=data["factor"],
        items=tuple(items),
    )


# -- files --------------------------------------------------------------------------------------


def save(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write one record as pretty JSON to ``path`` atomically.

    The text is written to a temporary file in the same folder and moved over ``path`` with
    :func:`os.replace`, so ``path`` holds either its old content or the whole new record, never a
    half-written file. A ``path`` that is a symbolic link (or a chain of them) is written through:
    the temporary file goes beside the real file, which gets the record, and the links stay (a
    dangling link creates its target). Another hard link to the old file keeps the old text: an
    atomic replace makes a new file, which no other name shares.

    Raises :class:`RecordError` naming the path when writing fails, and when ``path`` is (or links
    to) no regular file: a device such as ``/dev/null``, a FIFO or a folder is never replaced,
    whatever the caller asks (``/dev/null: cannot write: a character device, not a regular file``).
    """
    _write_atomic(Path(path), to_json(record) + "\n")


def save_many(records: Iterable[GameRecord], path: str | os.PathLike[str]) -> None:
    """Write ``records`` to ``path`` as JSON Lines (one record per line), atomically like :func:`save`."""
    _write_atomic(Path(path), "".join(to_json_line(record) + "\n" for record in records))


def append(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Add ``record`` as the last line of the JSON Lines file ``path`` (created if missing); see
    :func:`append_many`."""
    append_many([record], path)


def append_many(records: Iterable[GameRecord], path: str | os.PathLike[str]) -> None:
    """Add ``records`` as the last lines of the JSON Lines file ``path`` (created if missing).

    The earlier bytes are kept as they are (not checked: ask :func:`is_records_file` first), a line
    end added after a last line that lacks one; they are copied in pieces, never held in memory
    whole. The file is rewritten once, atomically like :func:`save` (through symbolic links, only a
    regular file), so a failure leaves it as it was and a reader sees all of the new records or
    none. Without records the file is left as it is (not created). Two processes appending to one
    file at the same time may lose the records of one (the last rewrite wins). Raises
    :class:`RecordError` naming the path when reading or writing fails.
    """
    lines = "".join(to_json_line(record) + "\n" for record in records)
    if not lines:
        return
    _write_atomic(Path(path), lines, keep_old=True)


#: How a line of a JSON Lines file of records starts when this module wrote it (the format name first).
_RECORD_LINE_START = '{"format": "doppelkopf-record"'


def _is_record_line(line: str) -> bool:
    """Whether ``line`` looks like a whole record line as this module writes it: it starts with the
    format name and ends with ``}`` (blanks around it aside). A cheap check: the JSON is not parsed."""
    text = line.strip()
    return text.startswith(_RECORD_LINE_START) and text.endswith("}")


def is_records_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a file of game records that :func:`append_many` may extend.

    True for an existing regular file (or a link to one) that is empty (or blank) or whose every
    non-blank line looks like a whole record line as :func:`save_many` and :func:`append` write it
    (starts with ``{"format": "doppelkopf-record"`` and ends with ``}``; the JSON is not parsed, so
    the check is cheap); a byte order mark at the start, blank lines and CRLF line ends are fine.
    False for anything else: a single pretty record written by :func:`save` (a line appended would
    break it), a garbage line anywhere, a half-written last line, other JSON or text, bytes that are
    no UTF-8, a line or a file over the readers' limits, a device, a FIFO, a folder, a missing or
    unreadable file. Never raises for a bad file. (Being cheap, the check passes a line cut just
    after an inner ``}``; :func:`load_game` and :func:`load_many` still refuse that line.)
    """
    target = Path(path)
    try:
        if not target.is_file():
            return False
        with target.open("rb") as handle:
            return all(_is_record_line(line) for _, line, _ in _read_lines(handle, target) if line.strip())
    except (OSError, RecordError):
        return False


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read and check the single record in ``path`` (see :func:`from_json`); a byte order mark at
    the start is skipped.

    Raises :class:`RecordError` naming the path and the line/column, field or action at fault, and
    for a file larger than :data:`MAX_RECORD_BYTES` (``game.json: larger than 4 MiB ...``; it is not
    read further).
    """
    target = Path(path)
    with _open_read(target) as handle:
        data = _read_some(handle, target, MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise _too_large(target)
    return from_json(_decode(data, target, 0), str(target))


def load_many(path: str | os.PathLike[str]) -> list[GameRecord]:
    """Read and check every record of the JSON Lines file ``path``, line by line; blank lines are
    skipped, a byte order mark at the start too.

    Raises :class:`RecordError` naming the path and the line number (and column for broken
    JSON) of the first bad record, or a line or file over the readers' limits (module docstring).
    """
    target = Path(path)
    records = []
    with _open_read(target) as handle:
        for number, line, _ in _read_lines(handle, target):
            if not line.strip():
                continue
            data = _parse_json(line, str(target), line=number)
            records.append(from_dict(data, f"{target}: line {number}"))
    return records


class GameNumberError(RecordError):
    """The game number asked for is not in the file (:func:`load_game`)."""


def load_game(path: str | os.PathLike[str], number: int | None = None) -> tuple[GameRecord, int | None, str]:
    """Game ``number`` (1-based, default 1) of a record file, how many games the file holds, and
    where the game stands (``FILE: line 3``, or ``FILE`` for a single record) for messages.

    The file is a single pretty record as :func:`save` writes it when its first non-blank line is
    exactly ``{`` (it is then read whole, up to :data:`MAX_RECORD_BYTES`); else a JSON Lines file of
    records, a game a non-blank line (lines end at ``\\n`` only, so U+2028 or U+0085 inside a JSON
    string is text). The lines are read one at a time, counted and dropped, keeping only the chosen
    one, which alone is parsed and checked: a damaged line elsewhere does not hide an intact game,
    and a large file is never held in memory. The count is ``None`` unless every line looks like a
    record line (see :func:`is_records_file`): a file with other lines is not said to hold games.
    A byte order mark at the start is skipped.

    Raises :class:`RecordError` naming the path: empty, a line or a file over the readers' limits,
    bytes that are no UTF-8 (at the first bad line), or what :func:`from_json` raises for the chosen
    game (naming ``FILE: line N`` as :func:`load_many` does); :class:`GameNumberError` for a
    ``number`` outside the file (``game 5: the file holds 3 games``, ``game 3: the file has 2 lines,
    and not every line is a game``).
    """
    data, count, source = _game_data(path, number)
    return from_dict(data, source), count, source


def load_verified_game(
    path: str | os.PathLike[str], number: int | None = None
) -> tuple[GameRecord, Game, int | None, str]:
    """:func:`load_game` and :func:`verify` from one replay of the game's actions: the record, the
    replayed game (finished or not; to show it), how many games the file holds and where the game
    stands. Raises what :func:`load_game` and :func:`verify` raise.
    """
    data, count, source = _game_data(path, number)
    record, game = _checked(data, source)
    _check_result(record, game, source)
    return record, game, count, source


def _game_data(path: str | os.PathLike[str], number: int | None) -> tuple[Any, int | None, str]:
    """The JSON data of game ``number`` of a record file (parsed, not yet checked as a record), the
    count and the source of :func:`load_game`."""
    target = Path(path)
    chosen = 1 if number is None else number
    games = 0  # non-blank lines
    records = 0  # lines that look like record lines
    found: tuple[int, str] | None = None
    with _open_read(target) as handle:
        head: list[str] = []  # the blank lines before the first non-blank one
        for lineno, line, end in _read_lines(handle, target):
            if not line.strip():
                if not games:
                    head.append(line)
                continue
            if not games and line.strip() == "{":
                return _load_pretty(handle, target, "\n".join([*head, line]) + "\n", end, chosen)
            games += 1
            if _is_record_line(line):
                records += 1
            if games == chosen:
                found = (lineno, line)
    if not games:
        raise RecordError(f"{target}: the file is empty, it holds no game")
    count = records if records == games else None
    if found is None:
        if count is None:
            holds = f"has {_plural(games, 'line')}, and not every line is a game"
        else:
            holds = "holds a single game" if count == 1 else f"holds {count} games"
        raise GameNumberError(f"{target}: game {chosen}: the file {holds}")
    lineno, line = found
    return _parse_json(line, str(target), line=lineno), count, f"{target}: line {lineno}"


def _load_pretty(handle: IO[bytes], target: Path, head: str, consumed: int, chosen: int) -> tuple[Any, int, str]:
    """The JSON data of the single pretty record of :func:`load_game`: ``head`` is its text up to the
    ``{`` line (the first ``consumed`` bytes of the file), the rest is read from ``handle`` up to the
    limit."""
    if chosen != 1:
        raise GameNumberError(f"{target}: game {chosen}: the file holds a single game")
    rest = _read_some(handle, target, MAX_RECORD_BYTES + 1 - consumed)
    if consumed + len(rest) > MAX_RECORD_BYTES:
        raise _too_large(target)
    return _parse_json(head + _decode(rest, target, consumed), str(target)), 1, str(target)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _open_read(path: Path) -> IO[bytes]:
    """``path`` opened for reading bytes; :class:`RecordError` ``FILE: cannot read: ...`` otherwise."""
    try:
        return open(path, "rb")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _read_some(handle: IO[bytes], path: Path, size: int) -> bytes:
    """Up to ``size`` bytes from ``handle`` (:func:`doppelkopf.fileutil.read_limited`);
    :class:`RecordError` ``FILE: cannot read: ...`` for a failing read."""
    try:
        return read_limited(handle, size)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _decode(data: bytes, path: Path, offset: int) -> str:
    """``data`` (found at byte ``offset`` of the file) as text (:func:`doppelkopf.fileutil.decode_text`:
    UTF-8, a byte order mark skipped at the start of the file); :class:`RecordError` ``FILE: not UTF-8
    text (byte N)`` (N counted from the start of the file) otherwise."""
    try:
        return decode_text(data, offset)
    except NotUTF8Error as exc:
        raise RecordError(f"{path}: {exc}") from None


def _too_large(path: Path) -> RecordError:
    return RecordError(
        f"{path}: larger than {_size_text(MAX_RECORD_BYTES)} (a game record has a few KB): no file of a game record"
    )


def _read_lines(handle: IO[bytes], path: Path) -> Iterator[tuple[int, str, int]]:
    """The lines of ``handle``, read one at a time, as ``(number, text, end)``: the 1-based line
    number, the text without its ``\\n`` (a ``\\r`` before it stays) and how many bytes of the file
    are read up to the end of the line. A byte order mark at the start is skipped.

    Raises :class:`RecordError` naming ``path``: a line longer than :data:`MAX_LINE_BYTES` (by its
    number; no more of it is read), bytes that are no UTF-8 (by line and the offset of the first bad
    byte in the file, as soon as the line is read), a file larger than :data:`MAX_FILE_BYTES`, a read
    error.
    """
    limit = len(BOM) + MAX_LINE_BYTES + 1  # the longest line 1 that is taken, with its line end
    end = 0
    number = 0
    while True:
        try:
            raw = handle.readline(limit)
        except OSError as exc:
            raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
        if not raw:
            return
        number += 1
        body = raw[:-1] if raw.endswith(b"\n") else raw
        if len(body) - bom_length(body, end) > MAX_LINE_BYTES:
            raise RecordError(
                f"{path}: line {number} is longer than {_size_text(MAX_LINE_BYTES)} (a record line has a few KB): "
                "no file of game records"
            )
        if end + len(raw) > MAX_FILE_BYTES:
            raise RecordError(
                f"{path}: larger than {_size_text(MAX_FILE_BYTES)}, more than this program reads of a file of records"
            )
        try:
            text = decode_text(body, end)
        except NotUTF8Error as exc:
            raise RecordError(f"{path}: line {number}: {exc}") from None
        end += len(raw)
        yield number, text, end


#: A hidden temporary file of a write to the same target (``.<name>.<32 hex digits>.tmp``) is taken
#: for a killed writer's leftover once its last change is this many seconds old and, where the
#: system has file locks, no writer holds its lock; without file locks only after an hour.
_LEFTOVER_SECONDS = 10.0
_LEFTOVER_SECONDS_UNLOCKED = 3600.0


def _write_atomic(path: Path, text: str, keep_old: bool = False) -> None:
    """Write ``text`` to ``path`` through a temporary file moved over it (see :func:`save`).

    Symbolic links are followed to the real file (:func:`_write_target`), which must be a regular
    file or missing: the temporary file goes beside it and replaces it. With ``keep_old`` the real
    file's present bytes come first (copied in pieces; a line end added after a last line that lacks
    one). The writer holds a lock on its temporary file until it has been moved, and afterwards
    removes the leftovers of killed writers of the same target (:func:`_remove_leftovers`). Raises
    :class:`RecordError` naming ``path``.
    """
    real = _write_target(path)
    data = text.encode("utf-8")
    temp = real.with_name(f".{real.name}.{uuid.uuid4().hex}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise RecordError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            locked = _lock(handle.fileno())
            if keep_old:
                _copy_old(real, handle, path)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            try:
                os.chmod(temp, stat.S_IMODE(os.stat(real).st_mode))
            except FileNotFoundError:
                pass
            if locked:
                os.replace(temp, real)  # still locked: no cleaner takes it for a leftover
        if not locked:  # pragma: no cover - systems without fcntl cannot rename an open file
            os.replace(temp, real)
    except OSError as exc:
        _remove(temp)
        raise RecordError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _remove(temp)
        raise
    _remove_leftovers(real)


def _write_target(path: Path) -> Path:
    """The file that writing ``path`` replaces: ``path`` with every symbolic link resolved (a
    dangling link gives the missing file it names). Raises :class:`RecordError` naming ``path`` when
    that is no regular file (``cannot write: a named pipe, not a regular file``) or the links loop; a
    missing file is fine (its folder is checked when the temporary file is made)."""
    real = Path(os.path.realpath(path))
    try:
        mode = os.lstat(real).st_mode
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise RecordError(f"{path}: cannot write: {exc.strerror or exc}") from None
    if stat.S_ISLNK(mode):
        raise RecordError(f"{path}: cannot write: a loop of symbolic links")
    if not stat.S_ISREG(mode):
        raise RecordError(f"{path}: cannot write: {file_kind(mode)}, not a regular file")
    return real


def _copy_old(real: Path, out: IO[bytes], path: Path) -> None:
    """Copy the bytes of ``real`` (if it exists) to ``out`` in pieces, a line end added after a last
    line without one. The file is opened without following a link and without waiting (it was a
    regular file a moment ago; anything else now is refused)."""
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    last = b""
    with os.fdopen(fd, "rb") as source:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RecordError(f"{path}: cannot write: no longer a regular file")
        while True:
            try:
                chunk = source.read(1 << 20)
            except OSError as exc:
                raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
            if not chunk:
                break
            out.write(chunk)  # a failure here is one of writing (the caller names it)
            last = chunk[-1:]
    if last not in (b"", b"\n"):
        out.write(b"\n")


def _lock(fd: int) -> bool:
    """Lock the open file ``fd`` for this writer; False where the system has no file locks."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # pragma: no cover - a file system without locks
        return False
    return True


def _remove_leftovers(path: Path) -> None:
    """Remove the temporary files that writers of ``path`` killed mid-write (SIGKILL, power loss)
    left beside it: only names ``.<name>.<32 hex digits>.tmp`` of this target, only regular files,
    only when :data:`_LEFTOVER_SECONDS` old and not locked by a writer at work. Failures are ignored
    (the write itself has succeeded)."""
    pattern = re.compile(re.escape(f".{path.name}.") + "[0-9a-f]{32}" + re.escape(".tmp"))
    folder = path.parent
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for entry in entries if pattern.fullmatch(entry.name)]
    except OSError:
        return
    age = _LEFTOVER_SECONDS if fcntl is not None else _LEFTOVER_SECONDS_UNLOCKED
    now = time.time()
    for name in names:
        leftover = folder / name
        try:
            info = os.lstat(leftover)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= age:
            _remove_unless_locked(leftover)


def _remove_unless_locked(path: Path) -> None:
    """Remove ``path`` unless a writer holds its lock (it is writing it right now)."""
    if fcntl is None:  # pragma: no cover
        _remove(path)
        return
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return  # gone meanwhile (moved over its target) or not ours to open
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return  # a writer at work holds it
        _remove(path)
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# -- trick by trick -----------------------------------------------------------------------------


@dataclass(frozen=True)
class AnnouncementView:
    """An announcement as it happened: ``seat``, its ``party``, the ``level`` reached (1..5), the
    spoken ``label`` (Re, Kontra, keine 90, ...) and ``before_card``: how many cards of its trick
    were down when it was made (0 = before the trick's first card)."""

    seat: int
    party: Party
    level: int
    label: str
    before_card: int


@dataclass(frozen=True)
class CallView:
    """Something said in play that is no announcement, with ``before_card`` as in
    :class:`AnnouncementView`:

    * ``kind = "schweine"``: ``seat`` has the Schweine (announced by the player, or by the game
      itself at the start, at the Armut exchange or with the first Karo-Ass, as the rule set says);
    * ``"superschweine"``: ``seat`` holds the Superschweine (found when the Schweine are announced);
    * ``"claim"``: ``seat`` claimed the rest (Spielabkürzung); ``held`` says whether its party
      won every remaining trick (otherwise the other party got them);
    * ``"concede"``: the soloist ``seat`` gave up the rest (TSR 5.4.6): the other party got it.

    ``label`` is the German name (``Schweine``, ``Superschweine``, ``Rest beansprucht``,
    ``Rest abgegeben``).
    """

    seat: int
    kind: str
    label: str
    before_card: int
    held: bool | None = None


@dataclass(frozen=True)
class TrickView:
    """One trick for showing a game trick by trick.

    Attributes:
        number: 1-based trick number.
        leader: the seat that led.
        plays: ``(seat, card)`` in play order.
        winner: seat that won the trick, ``None`` while it is not complete.
        winning_index: index in ``plays`` of the card that won, or ``None`` (also for a claimed
            trick, whose cards were not played).
        augen: Augen in the trick (so far).
        winner_party: the winner's party as it stood at the end of the game, or ``None``.
        announcements: announcements made since the previous trick was complete, up to this
            trick's last card (levels a soloist took on in the bidding are not among them: they
            were made before the first card, see :func:`trick_lines`).
        sonderpunkte: Sonderpunkte made in this trick that count in the score (finished games
            only, as :func:`doppelkopf.scoring.counted_sonderpunkte` says: e.g. none in a TSR solo).
        calls: Schweine, Superschweine and the claim of the rest made in this trick (or, for the
            first trick, before it), see :class:`CallView`.
        claimed: the trick holds cards of a claimed rest: not played, collected by ``winner``.
        played: how many of ``plays`` were really played: all of them in a played trick; in a
            claimed one the cards already on the table when the rest was claimed (else 0).
    """

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None
    winning_index: int | None
    augen: int
    winner_party: Party | None
    announcements: tuple[AnnouncementView, ...]
    sonderpunkte: tuple[Sonderpunkt, ...]
    calls: tuple[CallView, ...] = ()
    claimed: bool = False
    played: int = 0

    @property
    def complete(self) -> bool:
        return self.winner is not None


def _fresh(game: Game) -> Game:
    """``game`` as dealt, before its first action (for stepping through its history)."""
    return Game(game.rules, game.initial_hands, game.dealer, game.seed, game.pflichtsolo_done, game.forced_solo_seat)


def _said_in_tricks(game: Game) -> tuple[dict[int, list[AnnouncementView]], dict[int, list[CallView]]]:
    """Announcements and calls of ``game`` by the index of the trick they were made in. The
    history is stepped through on a fresh copy of the game, so the engine says when the Schweine
    and Superschweine came (also when the rules announce them by themselves)."""
    step = _fresh(game)
    announced: dict[int, list[AnnouncementView]] = {}
    calls: dict[int, list[CallView]] = {}
    for seat, action in game.history:
        trick, down = len(step.tricks), len(step.trick_cards)
        made, schweine, superschweine = len(step.announcements), step.schweine, step.superschweine
        step.apply(action, seat)
        for a in step.announcements[made:]:
            if not a.by_bid:
                announced.setdefault(trick, []).append(AnnouncementView(a.seat, a.party, a.level, a.label, down))
        said = calls.setdefault(trick, [])
        if schweine is None and step.schweine is not None:
            said.append(CallView(step.schweine, "schweine", step.describe(Action.SCHWEINE), down))
        if superschweine is None and step.superschweine is not None:
            said.append(CallView(step.superschweine, "superschweine", "Superschweine", down))
        if action == Action.CLAIM and step.claim is not None:
            said.append(CallView(seat, "claim", "Rest beansprucht", down, held=step.claim[1]))
        if action == Action.CONCEDE:
            said.append(CallView(seat, "concede", "Rest abgegeben", down))
    return announced, calls


def trick_views(game: Game) -> list[TrickView]:
    """The tricks of ``game`` (replayed from a record, or in progress) with the announcements and
    calls made before and within each, in order. A trick in progress (or an empty one that already
    has an announcement or a call) comes last with ``winner`` ``None``. A deal thrown in has no
    tricks."""
    announced, calls = _said_in_tricks(game)
    sonder: dict[int, list[Sonderpunkt]] = {}
    if game.is_terminal and not game.thrown_in:
        for s in counted_sonderpunkte(game.summary(), game.rules):
            if s.trick is not None:
                sonder.setdefault(s.trick, []).append(s)
    views = []
    cards_played = game.cards_played
    for index, trick in enumerate(game.tricks):
        views.append(
            TrickView(
                number=index + 1,
                leader=trick.seats[0],
                plays=tuple(zip(trick.seats, (Card(c) for c in trick.cards), strict=True)),
                winner=trick.winner,
                winning_index=None if trick.claimed else trick.seats.index(trick.winner),
                augen=trick.augen,
                winner_party=game.party[trick.winner],
                announcements=tuple(announced.get(index, ())),
                sonderpunkte=tuple(sonder.get(index, ())),
                calls=tuple(calls.get(index, ())),
                claimed=trick.claimed,
                played=min(4, max(0, cards_played - 4 * index)) if trick.claimed else len(trick.cards),
            )
        )
    current = len(game.tricks)
    pending, said = announced.get(current, []), calls.get(current, [])
    if not game.is_terminal and game.phase is Phase.PLAY and (game.trick_cards or pending or said):
        views.append(
            TrickView(
                number=current + 1,
                leader=game.leader,
                plays=tuple(zip(game.trick_seats, (Card(c) for c in game.trick_cards), strict=True)),
                winner=None,
                winning_index=None,
                augen=sum(AUGEN[c] for c in game.trick_cards),
                winner_party=None,
                announcements=tuple(pending),
                sonderpunkte=(),
                calls=tuple(said),
            )
        )
    return views


def trick_lines(
    game: Game,
    players: Sequence[str] | None = None,
    ascii_only: bool = False,
    show_armut_cards: bool = True,
    bock: int = 1,
) -> list[str]:
    """Plain-text lines showing ``game`` trick by trick: the Vorbehalte (Schmeissen included), the
    bidding for a solo, the Armut exchange, the game played, one line per trick (cards with their
    players, announcements, Schweine and Superschweine where they were made, the winner with the
    card that won, the trick's Augen, the Sonderpunkte that counted), the claim of the rest, and
    the result in Punkte; for a deal thrown in, why.

    ``players`` names seats 0..3 (default :data:`DEFAULT_PLAYERS`); ``ascii_only`` writes cards
    as ``KrD`` instead of ``♣D``; ``show_armut_cards=False`` shows only how many cards went face
    down in an Armut exchange (what the other players saw), not which. ``bock`` is the game's Bock
    multiplier on the Liste (:attr:`GameRecord.bock`): above 1, a finished game's line of Punkte is
    followed by the Punkte the Liste counts (``Bock ×2: Anna +20, ...``; ``x`` with ``ascii_only``),
    multiplied as the rule ``bock_multiplies`` says (:func:`doppelkopf.session.bock_points`).
    Raises :class:`RecordError` for ``bock`` below 1.
    """
    names = _check_players(DEFAULT_PLAYERS if players is None else players, "players")
    if not _is_int(bock) or bock < 1:
        raise RecordError(f"bock: expected a Bock multiplier 1, 2, 4 ..., got {short_repr(bock)}")

    def card_text(card: int) -> str:
        return Card(card).short if ascii_only else Card(card).symbol

    lines = []
    history = game.history
    forced = game.forced_solo_seat
    answers = [
        f"{names[seat]} {game.describe(action, seat)}" + (" (Pflichtsolo, vorgeführt)" if seat == forced else "")
        for seat, action in history
        if Action.is_vorbehalt(action) or action == Action.SCHMEISSEN
    ]
    if answers:
        lines.append("Vorbehalte: " + ", ".join(answers))
    bids = [
        f"{names[seat]} {game.describe(action, seat)}"
        for seat, action in history
        if action in (Action.BID, Action.PASS)
    ]
    if bids:
        by_bid = [a for a in game.announcements if a.by_bid]
        text = "Bidding: " + ", ".join(bids)
        if by_bid:
            text += f"; {names[by_bid[-1].seat]} plays with {', '.join(a.label for a in by_bid)}"
        lines.append(text)
    lines.extend(_armut_lines(game, names, card_text, show_armut_cards))
    if game.thrown_in:
        lines.append(f"Thrown in: {game.score().items[0].label}")
    elif game.phase not in (Phase.VORBEHALT, Phase.BIDDING, Phase.ARMUT):
        lines.append("Game: " + _game_text(game, names))
    for view in trick_views(game):
        parts: list[str] = []
        on_table: list[str] | None = None  # a trick claimed in progress: what was played before the claim
        for position in range(len(view.plays) + 1):
            if view.claimed and view.played and position == view.played:
                on_table, parts = parts, []
            for a in view.announcements:
                if a.before_card == position:
                    parts.append(f"{names[a.seat]}: {a.label}!")
            for call in view.calls:
                if call.before_card == position and call.kind not in ("claim", "concede"):
                    parts.append(f"{names[call.seat]}: {call.label}!")
            if position < len(view.plays):
                seat, card = view.plays[position]
                parts.append(f"{names[seat]} {card_text(card)}")
        for call in view.calls:
            if call.kind == "claim":
                who = names[view.winner] if view.winner is not None else "?"
                outcome = "it holds" if call.held else f"it fails, the rest goes to {who}"
                lines.append(f"{names[call.seat]} claims the rest (Spielabkürzung): {outcome}")
            if call.kind == "concede":
                who = names[view.winner] if view.winner is not None else "?"
                lines.append(f"{names[call.seat]} gives up the rest (TSR 5.4.6); it goes to {who}")
        if on_table is not None:
            text = f"Trick {view.number} (claimed): " + ", ".join(on_table) + "; not played: " + ", ".join(parts)
        elif view.claimed:
            text = f"Trick {view.number} (claimed): " + ", ".join(parts)
        else:
            text = f"Trick {view.number}: " + ", ".join(parts)
        if view.winner is not None and view.winning_index is not None:
            text += f" -> {names[view.winner]} with {card_text(view.plays[view.winning_index][1])}, {view.augen} Augen"
        elif view.winner is not None:
            text += f" -> {names[view.winner]}, {view.augen} Augen"
        if view.sonderpunkte:
            text += (
                " ("
                + ", ".join(f"{SONDERPUNKT_LABELS.get(s.kind, s.kind)} {s.party.label}" for s in view.sonderpunkte)
                + ")"
            )
        lines.append(text)
    if game.is_terminal and game.thrown_in:
        result = game.score()
        lines.append(f"Result: no game, {result.items[0].label}")
        lines.append("Punkte: " + ", ".join(f"{names[s]} {result.points[s]:+d}" for s in range(4)))
    elif game.is_terminal:
        result = game.score()
        summary = game.summary()
        who = "nobody wins" if result.winner is None else f"{result.winner.label} wins"
        lines.append(
            f"Result: {who}, Re {summary.augen_re} Augen, Kontra {summary.augen_kontra} Augen, "
            f"game value {result.value} Punkte"
        )
        lines.append("Punkte: " + ", ".join(f"{names[s]} {result.points[s]:+d}" for s in range(4)))
        if bock > 1:
            counted = bock_points(result, game.rules, bock)
            times = "x" if ascii_only else "×"
            lines.append(f"Bock {times}{bock}: " + ", ".join(f"{names[s]} {counted[s]:+d}" for s in range(4)))
    else:
        lines.append("(game not finished)")
    return lines


def _game_text(game: Game, names: Sequence[str]) -> str:
    """The game played, its declarer and, for a Hochzeit or an Armut, the partner."""
    played = game.game_type.german
    declarer = game.declarer
    if declarer is None:
        return played
    if game.game_type is GameType.ARMUT and game.armut_taker is not None:
        return f"{played} ({names[declarer]} with {names[game.armut_taker]})"
    played += f" ({names[declarer]})"
    if game.game_type is GameType.HOCHZEIT and not game.partner_open:
        partners = [s for s in range(4) if s != declarer and game.party[s] is game.party[declarer]]
        found = game.clarified_at
        if partners and found is not None:
            played += f", partner {names[partners[0]]} found in trick {found + 1}"
        elif found is not None:
            played += f", no partner found in {found + 1} tricks: alone"
    return played


def _armut_lines(game: Game, names: Sequence[str], card_text: Callable[[int], str], show_cards: bool) -> list[str]:
    """The Armut exchange in words: the cards laid, the answers, the cards given back."""
    laid = [int(Action.card_of(a)) for _, a in game.history if Action.is_armut_lay(a)]
    if not laid:
        return []
    poor = next(seat for seat, a in game.history if Action.is_armut_lay(a))

    def cards(items: list[int]) -> str:
        return f" ({' '.join(card_text(c) for c in items)})" if show_cards else ""

    parts = [f"{names[poor]} lays {len(laid)} cards face down{cards(laid)}"]
    answers = [
        f"{names[seat]} {'takes' if a == Action.ARMUT_TAKE else 'refuses'}"
        for seat, a in game.history
        if a in (Action.ARMUT_TAKE, Action.ARMUT_REFUSE)
    ]
    if answers:
        parts.append(", ".join(answers))
    returned = [(seat, int(Action.card_of(a))) for seat, a in game.history if Action.is_armut_return(a)]
    if returned:
        back = [c for _, c in returned]
        parts.append(f"{names[returned[0][0]]} gives back {len(back)} cards{cards(back)}")
    return ["Armut: " + "; ".join(parts)]
