"""The game record format: :class:`GameRecord`, its JSON form (version 4) and its checks, replay and verify.

What the format holds and how each field is checked is described in :mod:`doppelkopf.record` (the package
docstring); this module builds records (:func:`record_game`), writes them as JSON text or data (:func:`to_json`,
:func:`to_json_line`, :func:`to_dict`), reads them back with every field checked (:func:`from_json`,
:func:`from_dict`) and replays and verifies them (:func:`replay`, :func:`verify`). It does no file I/O
(:mod:`doppelkopf.record.files`) and shows no game (:mod:`doppelkopf.record.view`); both build on it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, CardError
from ..game import FORCED_KINDS, Action, Game, IllegalAction
from ..jsonutil import (
    MAX_DEPTH,
    JSONNestingError,
    check_depth,
    dumps_lines_safe,
    escape_unsafe,
    loads_strict,
    short_repr,
    type_name,
)
from ..messages import Text, TextError
from ..names import PlayerNameError, clean_names
from ..rules import GameType, Party, RuleError, RuleSet
from ..scoring import Score
from ..session import bock_problem

FORMAT_NAME = "doppelkopf-record"
#: The record format version this module writes.
FORMAT_VERSION = 4
#: The record format versions this module reads.
READ_VERSIONS = (1, 2, 3, 4)
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
    4: {  # issue 26: FreeDoko's options and other programs' variants, each at today's behaviour
        "dullen": True,
        "dulle_first_with_schweine": False,
        "erwiderung": True,
        "hochzeit_first_trick_decides": False,
        "genscher": False,
        "announcement_till_full_trick": False,
        "absage_skips_passed": False,
        "pflichtansage_only_first": False,
        "pflichtansage_raises": False,
        "pflichtansage_hochzeit": True,
        "armut_fuchs_counts": True,
        "armut_only_trumps": False,
        "armut_fuchs_extra": False,
        "armut_fuchs_open": False,
        "armut_taker": "in_turn",
        "armut_return_trumps": True,
        "armut_exchange": True,
        "schmeissen_max_trumps": 1,
        "schweine_only_second": False,
        "superschweine_games": ("normal", "hochzeit", "stille_hochzeit", "armut", "karo"),
        "superschweine_announce": "first_play",
        "schweine_with_superschweine": True,
        "tricks_visible": 1,
        "pflichtsolo_offered": False,
        "ansage_doubles": False,
        "kontra_doubles_gegen_die_alten": False,
        "gegen_die_alten_in_solo": False,
        "karlchen_gefangen_karo_dame": False,
        "pflichtsoli": 1,
        "farb_pflichtsoli": 0,
        "bilder_pflichtsoli": 0,
        "liste_counting": "plus_minus",
        "sitting_rounds": 0,
        "sitting_points": 0,
    },
}
#: Player names used when a record names none.
DEFAULT_PLAYERS: tuple[str, str, str, str] = ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4")
#: Most bytes of one line of a JSON Lines file of records, without its line end (a record line has
#: a few KB; a longer line is refused by number). The writers refuse a record whose line is longer.
MAX_LINE_BYTES = 1 << 20
#: Most bytes of a file read as a single record (:func:`~doppelkopf.record.files.load`; a pretty record in
#: :func:`~doppelkopf.record.files.load_game`). The writers refuse a record whose pretty JSON is longer.
MAX_RECORD_BYTES = 4 << 20
#: The key of ``meta`` that holds the Bock multiplier of the game (see :mod:`doppelkopf.record`, "Bock").
BOCK_KEY = "bock"

#: The fields of a record in the order of the file format; any other field is refused.
FIELDS = (
    "format",
    "version",
    "rules",
    "players",
    "seed",
    "dealer",
    "pflichtsolo_done",
    "forced_solo_seat",
    "forced_kind",
    "hands",
    "actions",
    "thrown_in",
    "result",
    "meta",
)
#: The fields a record must have (the others have defaults: see :func:`from_dict`).
REQUIRED_FIELDS = ("format", "version", "rules", "seed", "dealer", "hands", "actions", "result")
_Fail = Callable[[str, object], "RecordError"]
#: Most levels a ``meta`` value nests: the record and ``meta`` are two levels above it in the file.
_META_DEPTH = MAX_DEPTH - 2
_RESULT_FIELDS = ("game_type", "re_seats", "augen_re", "winner", "value", "points", "solo", "factor", "items")


class RecordError(TextError):
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
        """The result of a game of ``game_type`` with the Re party ``re_seats`` (seats 0..3, any order),
        ``augen_re`` Augen won by Re and the score ``score``."""
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
        forced_kind: the kind of solo that seat owed (``Game.forced_kind``, :data:`~doppelkopf.game.FORCED_KINDS`:
            ``"farbsolo"`` ... under ``farb_pflichtsoli`` / ``bilder_pflichtsoli``), or ``None`` (any solo).
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
    forced_kind: str | None = None

    @property
    def finished(self) -> bool:
        """Whether the game is over: it holds a result (played to the end) or was thrown in."""
        return self.result is not None or self.thrown_in is not None

    @property
    def bock(self) -> int:
        """The Bock multiplier of the game as the Liste had it: ``meta["bock"]`` (2 Bock, 4 Doppelbock
        ...), 1 when the record has none. Checked when a record is made, read or written (package
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
    (package docstring, "Bock"). Raises :class:`RecordError` naming ``players`` (``players[2]: ...``) or
    ``meta.<key>`` otherwise (``meta.bock: 3 is not a Bock multiplier; ...``).
    """
    names = check_players(DEFAULT_PLAYERS if players is None else players, "players")
    clean: dict[str, Any] = {}
    for key in sorted(meta):
        try:
            text = dumps_lines_safe(meta[key], _META_DEPTH)
        except JSONNestingError as exc:
            raise RecordError("meta.{key}: {exc}", key=key, exc=exc) from None
        except (TypeError, ValueError, RecursionError) as exc:
            raise RecordError("meta.{key}: not JSON data ({clip})", key=key, clip=_clip(str(exc))) from None
        clean[key] = json.loads(text)
    thrown_in = (game.thrown_reason or "thrown_in") if game.thrown_in else None
    result = RecordResult.of_game(game) if game.is_terminal and not thrown_in else None
    _check_bock(
        clean,
        game.rules,
        result,
        lambda where, message: RecordError("{where}: {message}", where=where, message=message),
    )
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
        forced_kind=game.forced_kind,
    )


def check_players(players: Any, where: str) -> tuple[str, str, str, str]:
    """The four player names ``players`` (a sequence of 4 names, seats 0..3) as
    :func:`doppelkopf.names.clean_names` stores them (NFC, no surrounding blanks, package docstring of
    :mod:`doppelkopf.record`, "Players"). Raises :class:`RecordError` naming ``where`` (no sequence of 4:
    ``players: expected 4 names, got 3``) or ``where[i]`` (a name refused: ``players[1]: ...``)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RecordError(
            "{where}: expected a list of 4 names, got {short_repr}", where=where, short_repr=short_repr(players)
        )
    if len(players) != 4:
        raise RecordError("{where}: expected 4 names, got {count}", where=where, count=len(players))
    try:
        a, b, c, d = clean_names(players, where)
    except PlayerNameError as exc:
        raise RecordError(exc) from None
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
        raise fail(f"meta.{BOCK_KEY}", Text("1 is no Bock: leave it out"))
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
    ``forced_solo_seat`` (with ``forced_kind``) and every action is applied for its seat, step for step what
    :meth:`Game.replay` does; the loop is here so that an error names the action by its 0-based
    index in the file.

    Raises :class:`RecordError` naming ``hands`` when the hands are no legal deal, or
    ``actions[i]`` (0-based) with the rule the engine reports for the first illegal action.
    """
    try:
        game = Game(
            record.rules,
            record.hands,
            record.dealer,
            record.seed,
            record.pflichtsolo_done,
            record.forced_solo_seat,
            forced_kind=record.forced_kind,
        )
    except IllegalAction as exc:
        raise RecordError(
            "{source}: hands: {strip_prefix} (not a legal deal)",
            source=source,
            strip_prefix=_strip_prefix(str(exc), "deal: "),
        ) from None
    for index, (seat, action) in enumerate(record.actions):
        try:
            game.apply(action, seat)
        except IllegalAction as exc:
            raise RecordError(
                "{source}: actions[{index}] (seat {seat}, {action_text}): {exc}",
                source=source,
                index=index,
                seat=seat,
                action_text=_action_text(action),
                exc=exc,
            ) from None
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
                "{source}: thrown_in: stored {short_repr}, but the actions throw nothing in",
                source=source,
                short_repr=short_repr(record.thrown_in),
            )
        raise RecordError(
            "{source}: thrown_in: the actions throw the deal in ({reason}), the record says {short_repr}",
            source=source,
            reason=reason,
            short_repr=short_repr(record.thrown_in),
        )
    if not game.is_terminal or reason is not None:
        if record.result is not None:
            what = "the deal was thrown in" if reason is not None else "the actions do not finish the game"
            raise RecordError("{source}: result: stored, but {what}", source=source, what=what)
        return
    if record.result is None:
        raise RecordError("{source}: result: missing, but the actions finish the game", source=source)
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
        raise RecordError("meta: {exc}", exc=exc) from None
    _check_bock(
        record.meta,
        record.rules,
        record.result,
        lambda where, message: RecordError("{where}: {message}", where=where, message=message),
    )
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "rules": {"preset": record.rules.name, "options": record.rules.to_dict()},
        "players": list(check_players(record.players, "players")),
        "seed": record.seed,
        "dealer": record.dealer,
        "pflichtsolo_done": list(record.pflichtsolo_done),
    }
    if record.forced_solo_seat is not None:
        data["forced_solo_seat"] = record.forced_solo_seat
    if record.forced_kind is not None:
        data["forced_kind"] = record.forced_kind
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
                "meta: the record is {size} bytes{what}, more than the {size_text} a reader takes back",
                size=size,
                what=what,
                size_text=size_text(limit),
            )


def size_text(size: int) -> str:
    """``size`` bytes for a message: ``1 MiB``, ``4 MiB``, ``1 GiB`` for a whole number of a binary unit, else
    ``1500 bytes``.

    >>> size_text(MAX_LINE_BYTES), size_text(1500)
    ('1 MiB', '1500 bytes')
    """
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift} {unit}"
    return f"{size} bytes"


def _json_compact(value: Any) -> str:
    try:
        return escape_unsafe(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise RecordError("meta: not JSON data ({clip})", clip=_clip(str(exc))) from None


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
    return from_dict(parse_json(text, source), source)


def parse_json(text: str, source: str, line: int | None = None) -> Any:
    """The JSON data of ``text`` (not yet checked as a record), read strictly
    (:func:`doppelkopf.jsonutil.loads_strict`: no key given twice, no ``NaN``, nesting at most
    :data:`doppelkopf.jsonutil.MAX_DEPTH` levels). ``line`` is the line of a JSON Lines file ``text`` is.

    Raises :class:`RecordError` ``SOURCE: line L, column C: invalid JSON: ...`` for text that is no JSON (``L``
    is ``line`` when given, else the line within ``text``), and ``SOURCE: invalid JSON: ...`` (``SOURCE: line L:
    invalid JSON: ...`` with ``line``) for a key given twice, ``NaN`` or nesting too deep.
    """
    try:
        return loads_strict(text)
    except json.JSONDecodeError as exc:
        lineno = exc.lineno if line is None else line
        raise RecordError(
            "{source}: line {lineno}, column {colno}: invalid JSON: {msg}",
            source=source,
            lineno=lineno,
            colno=exc.colno,
            msg=exc.msg,
        ) from None
    except ValueError as exc:
        where = f"line {line}: " if line is not None else ""
        raise RecordError("{source}: {where}invalid JSON: {exc}", source=source, where=where, exc=exc) from None


def from_dict(data: Any, source: str = "<record>") -> GameRecord:
    """Build and check a record from JSON data (as :func:`to_dict` gives); see :func:`from_json`.
    Data nested deeper than the JSON readers take is refused in the same words."""
    return _checked(data, source)[0]


def from_dict_verified(data: Any, source: str = "<record>") -> tuple[GameRecord, Game]:
    """:func:`from_dict` and :func:`verify` from one replay of the actions: the record built from the JSON data
    ``data`` and the replayed game (finished or not). Raises what :func:`from_dict` and :func:`verify` raise."""
    record, game = _checked(data, source)
    _check_result(record, game, source)
    return record, game


def _checked(data: Any, source: str) -> tuple[GameRecord, Game]:
    """The record :func:`from_dict` builds from ``data`` and the game its check replayed."""
    record = build_record(data, source)
    return record, replay(record, source)  # every action must be legal where it stands


def build_record(data: Any, source: str = "<record>") -> GameRecord:
    """The record of the JSON data ``data`` with every field checked for form, its actions not replayed:
    :func:`from_dict` is this and a replay (so a record whose actions are illegal, or do not fit its
    ``forced_solo_seat``, is built here and refused there).

    Checks what the package docstring of :mod:`doppelkopf.record` describes: the fields (:data:`FIELDS`, the
    :data:`REQUIRED_FIELDS` present), the format name and version, every rule option (:data:`OPTIONS_ADDED`
    for an older version), the players, seed, dealer, card and action keys, the result's form and
    ``meta.bock``. Raises :class:`RecordError` naming ``source`` and the field at fault
    (``SOURCE: hands[2][5]: ...``), and ``SOURCE: invalid JSON: ...`` for data nested deeper than
    :data:`doppelkopf.jsonutil.MAX_DEPTH` levels.
    """
    try:
        check_depth(data)
    except JSONNestingError as exc:
        raise RecordError("{source}: invalid JSON: {exc}", source=source, exc=exc) from None
    return _build(data, source)


def _is_int(value: Any) -> bool:
    return type(value) is int


def _build(data: Any, source: str) -> GameRecord:
    def fail(where: str, message: object) -> RecordError:
        # a Text or an error keeps its template (translated where shown); a long text is cut
        reason = message if isinstance(message, (Text, TextError)) and len(str(message)) <= 200 else _clip(str(message))
        return RecordError("{source}: {where}: {reason}", source=source, where=where, reason=reason)

    if not isinstance(data, dict):
        raise RecordError(
            "{source}: expected a JSON object (a game record), got {type_name}",
            source=source,
            type_name=type_name(data),
        )
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise RecordError(
            "{source}: unknown field {short_repr} (fields: {fields})",
            source=source,
            short_repr=short_repr(unknown[0]),
            fields=", ".join(FIELDS),
        )
    for key in REQUIRED_FIELDS:
        if key not in data:
            raise fail(key, Text("missing"))
    if data["format"] != FORMAT_NAME:
        raise fail(
            "format",
            Text(
                "expected {format_name!r}, got {short_repr} (not a game record)",
                format_name=FORMAT_NAME,
                short_repr=short_repr(data["format"]),
            ),
        )
    version = data["version"]
    if not _is_int(version) or version not in READ_VERSIONS:
        versions = ", ".join(map(str, READ_VERSIONS[:-1])) + f" and {READ_VERSIONS[-1]}"
        raise fail(
            "version",
            Text(
                "{short_repr} is not supported (this program reads versions {versions})",
                short_repr=short_repr(version),
                versions=versions,
            ),
        )

    rules = _build_rules(data["rules"], version, fail)

    if "players" in data:
        players_data = data["players"]
        if not isinstance(players_data, list):
            raise fail(
                "players", Text("expected a list of 4 names, got {type_name}", type_name=type_name(players_data))
            )
        try:
            players = check_players(players_data, "players")
        except RecordError as exc:
            raise RecordError("{source}: {exc}", source=source, exc=exc) from None
    else:
        players = DEFAULT_PLAYERS

    seed = data["seed"]
    if seed is not None and not _is_int(seed):
        raise fail("seed", Text("expected an integer or null, got {short_repr}", short_repr=short_repr(seed)))
    dealer = data["dealer"]
    if not _is_int(dealer) or not 0 <= dealer <= 3:
        raise fail("dealer", Text("expected a seat 0..3, got {short_repr}", short_repr=short_repr(dealer)))

    done_data = data.get("pflichtsolo_done", [False] * 4)
    if not isinstance(done_data, list) or len(done_data) != 4 or not all(type(d) is bool for d in done_data):
        raise fail(
            "pflichtsolo_done",
            Text("expected 4 booleans (true/false), got {short_repr}", short_repr=short_repr(done_data)),
        )
    pflichtsolo_done = (done_data[0], done_data[1], done_data[2], done_data[3])

    forced = data.get("forced_solo_seat")
    if forced is not None and (not _is_int(forced) or not 0 <= forced <= 3):
        raise fail(
            "forced_solo_seat", Text("expected a seat 0..3 or null, got {short_repr}", short_repr=short_repr(forced))
        )
    forced_kind = data.get("forced_kind")
    if forced_kind is not None and (forced_kind not in FORCED_KINDS or forced is None):
        raise fail(
            "forced_kind",
            Text(
                "expected one of {kinds} with a forced_solo_seat, or null, got {short_repr}",
                kinds=", ".join(FORCED_KINDS),
                short_repr=short_repr(forced_kind),
            ),
        )

    hands = _build_hands(data["hands"], fail)
    actions = _build_actions(data["actions"], fail)
    thrown_in = data.get("thrown_in")
    if thrown_in is not None and (not isinstance(thrown_in, str) or not thrown_in.strip()):
        raise fail(
            "thrown_in",
            Text(
                'expected why the deal was thrown in (e.g. "schmeissen") or null, got {short_repr}',
                short_repr=short_repr(thrown_in),
            ),
        )
    result = None if data["result"] is None else _build_result(data["result"], fail)
    if thrown_in is not None and result is not None:
        raise fail("result", Text("a deal thrown in has no result (expected null)"))

    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise fail("meta", Text("expected an object, got {type_name}", type_name=type_name(meta)))
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
        forced_kind=forced_kind,
    )


def _build_rules(data: Any, version: int, fail: _Fail) -> RuleSet:
    """The rule set of a record: every option stored (see the package docstring), ``preset`` the
    rule set's name."""
    if not isinstance(data, dict):
        raise fail(
            "rules", Text("expected an object with 'preset' and 'options', got {type_name}", type_name=type_name(data))
        )
    unknown = [key for key in data if key not in ("preset", "options")]
    if unknown:
        raise fail(
            "rules", Text("unknown field {short_repr} (fields: preset, options)", short_repr=short_repr(unknown[0]))
        )
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise fail(
            "rules.preset", Text("expected the rule set's name, got {short_repr}", short_repr=short_repr(preset))
        )
    options = data.get("options")
    if not isinstance(options, dict):
        raise fail(
            "rules.options",
            Text("expected an object with every rule option, got {type_name}", type_name=type_name(options)),
        )
    if "preset" in options:
        raise fail("rules.options", Text("'preset' is no rule option (the options are stored in full)"))
    complete = dict(options)
    for added in range(version + 1, FORMAT_VERSION + 1):
        for key, old in OPTIONS_ADDED.get(added, {}).items():
            complete.setdefault(key, old)
    for option in dataclasses.fields(RuleSet):
        if option.name not in complete:
            raise fail(
                "rules.options",
                Text("missing option {option_name!r} (a record stores every rule option)", option_name=option.name),
            )
    try:
        rules = RuleSet.from_dict(complete)
    except (RuleError, TypeError, ValueError) as exc:
        raise fail("rules.options", exc) from None
    if rules.name != preset:
        raise fail(
            "rules.preset",
            Text(
                "{short_repr} but the options are of {short_repr2} (option name)",
                short_repr=short_repr(preset),
                short_repr2=short_repr(rules.name),
            ),
        )
    return rules


def _build_hands(data: Any, fail: _Fail) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise fail("hands", Text("expected 4 lists of card keys, got {short_repr}", short_repr=short_repr(data)))
    hands = []
    for seat, hand in enumerate(data):
        if not isinstance(hand, list):
            raise fail(
                f"hands[{seat}]", Text("expected a list of card keys, got {type_name}", type_name=type_name(hand))
            )
        cards = []
        for index, key in enumerate(hand):
            if not isinstance(key, str):
                raise fail(
                    f"hands[{seat}][{index}]",
                    Text("expected a card key like 'KrD', got {short_repr}", short_repr=short_repr(key)),
                )
            try:
                cards.append(Card.parse(key))
            except CardError as exc:
                raise fail(f"hands[{seat}][{index}]", exc) from None
        hands.append(tuple(sorted(cards)))
    return tuple(hands)


def _build_actions(data: Any, fail: _Fail) -> tuple[tuple[int, int], ...]:
    if not isinstance(data, list):
        raise fail(
            "actions", Text("expected a list of [seat, action] pairs, got {type_name}", type_name=type_name(data))
        )
    actions = []
    for index, item in enumerate(data):
        where = f"actions[{index}]"
        if not isinstance(item, list) or len(item) != 2:
            raise fail(where, Text("expected [seat, action], got {short_repr}", short_repr=short_repr(item)))
        seat, key = item
        if not _is_int(seat) or not 0 <= seat <= 3:
            raise fail(where, Text("seat must be 0..3, got {short_repr}", short_repr=short_repr(seat)))
        if not isinstance(key, str):
            raise fail(
                where,
                Text(
                    "expected an action key like 'KrD' or 'announce:ansage', got {short_repr}",
                    short_repr=short_repr(key),
                ),
            )
        try:
            action = Action.from_key(key)
        except IllegalAction as exc:
            raise fail(where, exc) from None
        actions.append((seat, action))
    return tuple(actions)


def _build_result(data: Any, fail: _Fail) -> RecordResult:
    if not isinstance(data, dict):
        raise fail("result", Text("expected an object or null, got {type_name}", type_name=type_name(data)))
    for key in data:
        if key not in _RESULT_FIELDS:
            raise fail(
                "result",
                Text(
                    "unknown field {short_repr} (fields: {result_fields})",
                    short_repr=short_repr(key),
                    result_fields=", ".join(_RESULT_FIELDS),
                ),
            )
    for key in _RESULT_FIELDS:
        if key not in data:
            raise fail(f"result.{key}", Text("missing"))
    try:
        game_type = GameType.parse(data["game_type"]) if isinstance(data["game_type"], str) else None
    except RuleError:
        game_type = None
    if game_type is None:
        raise fail(
            "result.game_type",
            Text(
                "expected a game type key like 'normal' or 'kreuz', got {short_repr}",
                short_repr=short_repr(data["game_type"]),
            ),
        )
    re_seats = data["re_seats"]
    if not isinstance(re_seats, list) or not all(_is_int(s) and 0 <= s <= 3 for s in re_seats):
        raise fail(
            "result.re_seats", Text("expected a list of seats 0..3, got {short_repr}", short_repr=short_repr(re_seats))
        )
    augen_re = data["augen_re"]
    if not _is_int(augen_re) or not 0 <= augen_re <= 240:
        raise fail("result.augen_re", Text("expected Augen 0..240, got {short_repr}", short_repr=short_repr(augen_re)))
    winners = {"re": Party.RE, "kontra": Party.KONTRA, None: None}
    if data["winner"] is not None and (not isinstance(data["winner"], str) or data["winner"] not in winners):
        raise fail(
            "result.winner",
            Text('expected "re", "kontra" or null, got {short_repr}', short_repr=short_repr(data["winner"])),
        )
    for key in ("value", "factor"):
        if not _is_int(data[key]):
            raise fail(
                f"result.{key}",
                Text("expected an integer (Punkte), got {short_repr}", short_repr=short_repr(data[key])),
            )
    points = data["points"]
    if not isinstance(points, list) or len(points) != 4 or not all(_is_int(p) for p in points):
        raise fail(
            "result.points",
            Text("expected 4 integers (Punkte per seat), got {short_repr}", short_repr=short_repr(points)),
        )
    if type(data["solo"]) is not bool:
        raise fail("result.solo", Text("expected true or false, got {short_repr}", short_repr=short_repr(data["solo"])))
    items_data = data["items"]
    if not isinstance(items_data, list):
        raise fail(
            "result.items",
            Text("expected a list of [key, Punkte] pairs, got {type_name}", type_name=type_name(items_data)),
        )
    items = []
    for index, item in enumerate(items_data):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and _is_int(item[1])):
            raise fail(
                f"result.items[{index}]", Text("expected [key, Punkte], got {short_repr}", short_repr=short_repr(item))
            )
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
