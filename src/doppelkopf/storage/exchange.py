"""Import and export of the store: the JSON file of everything, and game records as a sitting.

**JSON** (:meth:`Store.export_json <doppelkopf.storage.Store.export_json>`): a lossless copy of
groups, players, sittings (with the rule set's TOML) and every version of every game::

    {"format": "doppelkopf-liste", "version": 1,
     "groups": [{"name": "Donnerstag", "created_at": "2026-01-08T19:02:11.123456+00:00",
                 "players": ["Anna", "Ben", "Carla", "Dirk"],
                 "sittings": [{"date": "2026-01-08", "place": "", "players": ["Anna", "Ben", "Carla", "Dirk"],
                               "rules_name": "ddv", "rules_toml": "...", "cents_per_point": 10,
                               "sit_out": "dealer", "version": 3, "created_at": "...",
                               "games": [{"number": 1, "version": 1, "revision": 1, "deleted": false,
                                          "entry": {...}, "author": "Ben", "created_at": "...", "changed_at": "...",
                                          "versions": [{"number": 1, "revision": 1, "version": 1, "action": "add",
                                                        "deleted": false, "entry": {...}, "author": "Ben",
                                                        "changed_at": "..."}]}]}]}]}

A deleted game has ``"number": null`` and ``"deleted": true``. Times are ISO 8601 in UTC. The
computed rows are not in the file: the import computes every game again with the sitting's rules.
The import checks the file with a pydantic schema and then what the schema cannot say (names,
numbering, the audit trail, every entry through the Liste), naming the path of the first field at
fault (``groups[0].sittings[1].games[4].entry: game 5: augen_re: 250 is outside 0..240``).

**Records** (:func:`read_records`): a file of ``doko play``/``doko simulate`` records becomes the
entries of one sitting; every finished game is replayed by the core (:func:`doppelkopf.record.verify`)
and its :meth:`Game.summary <doppelkopf.game.Game.summary>` written as a full entry.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session, defer

from .. import liste as liste_mod
from .. import record as record_mod
from ..game import Game
from ..liste import ListeBuilder, ListeError
from ..names import PlayerNameError, clean_names, name_key
from ..rules import RuleError, RuleSet
from ..scoring import GameSummary
from .fields import MAX_INT, check_text, entry_json, group_name
from .infos import StoreError
from .models import GameRow, GameVersion, Group, Player, Sitting, SittingPlayer
from .queries import group_named
from .stats import tally_of

#: The ``format`` of the JSON export.
FORMAT_NAME = "doppelkopf-liste"
#: The version of the JSON export this module writes and reads.
FORMAT_VERSION = 1

_ACTIONS = ("add", "edit", "delete")


# -- export ------------------------------------------------------------------------------------------


def _time(value: datetime.datetime) -> str:
    return value.replace(tzinfo=datetime.UTC).isoformat()


def export_data(session: Session, groups: Sequence[Group]) -> dict[str, Any]:
    """The JSON data of ``groups`` (see the module docstring)."""
    return {"format": FORMAT_NAME, "version": FORMAT_VERSION, "groups": [_export_group(session, g) for g in groups]}


def _export_group(session: Session, group: Group) -> dict[str, Any]:
    players = session.scalars(select(Player.name).where(Player.group_id == group.id).order_by(Player.id))
    sittings = session.scalars(select(Sitting).where(Sitting.group_id == group.id).order_by(Sitting.id))
    return {
        "name": group.name,
        "created_at": _time(group.created_at),
        "players": list(players),
        "sittings": [_export_sitting(session, s) for s in sittings],
    }


def _export_sitting(session: Session, sitting: Sitting) -> dict[str, Any]:
    players = session.scalars(
        select(Player.name)
        .join(SittingPlayer, SittingPlayer.player_id == Player.id)
        .where(SittingPlayer.sitting_id == sitting.id)
        .order_by(SittingPlayer.position)
    )
    versions: dict[int, list[dict[str, Any]]] = {}
    query = select(GameVersion).where(GameVersion.sitting_id == sitting.id).order_by(GameVersion.id)
    for v in session.scalars(query):
        versions.setdefault(v.game_id, []).append(
            {
                "number": v.number,
                "revision": v.revision,
                "version": v.version,
                "action": v.action,
                "deleted": v.deleted,
                "entry": v.entry,
                "author": v.author,
                "changed_at": _time(v.changed_at),
            }
        )
    games = session.scalars(
        select(GameRow)
        .where(GameRow.sitting_id == sitting.id)
        .options(defer(GameRow.row))  # the computed rows are not in the file
        .order_by(GameRow.id)
    )
    return {
        "date": sitting.date.isoformat(),
        "place": sitting.place,
        "players": list(players),
        "rules_name": sitting.rules_name,
        "rules_toml": sitting.rules_toml,
        "cents_per_point": sitting.cents_per_point,
        "sit_out": sitting.sit_out,
        "version": sitting.version,
        "created_at": _time(sitting.created_at),
        "games": [
            {
                "number": g.number,
                "version": g.version,
                "revision": g.revision,
                "deleted": g.deleted,
                "entry": g.entry,
                "author": g.author,
                "created_at": _time(g.created_at),
                "changed_at": _time(g.changed_at),
                "versions": versions.get(g.id, []),
            }
            for g in games
        ],
    }


# -- import: the schema ---------------------------------------------------------------------------


#: Every integer of the file: 0..MAX_INT (the databases' 32-bit INTEGER; a larger one would overflow the driver).
_Int = Annotated[StrictInt, Field(ge=0, le=MAX_INT)]
_Positive = Annotated[StrictInt, Field(ge=1, le=MAX_INT)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _VersionData(_Model):
    number: _Positive
    revision: _Positive
    version: _Positive
    action: Literal["add", "edit", "delete"]
    deleted: StrictBool
    entry: dict[str, Any]
    author: StrictStr = Field(max_length=100)
    changed_at: datetime.datetime


class _GameData(_Model):
    number: _Positive | None
    version: _Positive
    revision: _Positive
    deleted: StrictBool
    entry: dict[str, Any]
    author: StrictStr = Field(max_length=100)
    created_at: datetime.datetime
    changed_at: datetime.datetime
    versions: list[_VersionData] = Field(min_length=1)


class _SittingData(_Model):
    date: datetime.date
    place: StrictStr = Field(max_length=100)
    players: list[StrictStr]
    rules_name: StrictStr
    rules_toml: StrictStr = Field(max_length=256 * 1024)
    cents_per_point: _Positive
    sit_out: StrictStr
    version: _Int
    created_at: datetime.datetime
    games: list[_GameData]


class _GroupData(_Model):
    name: StrictStr
    created_at: datetime.datetime
    players: list[StrictStr]
    sittings: list[_SittingData]


class _ExportData(_Model):
    format: Literal["doppelkopf-liste"]
    version: Literal[1]
    groups: list[_GroupData]


def _path(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "data"


def _stored_time(value: datetime.datetime) -> datetime.datetime:
    """A time of the file as stored: UTC without a zone (a time without a zone is taken as UTC)."""
    if value.tzinfo is not None:
        value = value.astimezone(datetime.UTC).replace(tzinfo=None)
    return value


def parse_export(data: object) -> _ExportData:
    """The export data checked against the schema.

    Raises:
        StoreError: naming the path of the first field at fault (``groups[0].sittings[1].cents_per_point: ...``).
    """
    if not isinstance(data, Mapping):
        raise StoreError("data: expected a JSON object (an export of the Liste), got {name}", name=type(data).__name__)
    if data.get("format") != FORMAT_NAME:
        raise StoreError(
            "format: expected {format_name!r}, got {get!r}: not an export of the Liste",
            format_name=FORMAT_NAME,
            get=data.get("format"),
        )
    if data.get("version") != FORMAT_VERSION:
        raise StoreError(
            "version: this program reads version {format_version}, got {get!r} (written by a newer doppelkopf?)",
            format_version=FORMAT_VERSION,
            get=data.get("version"),
        )
    try:
        return _ExportData.model_validate(dict(data))
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise StoreError("{path}: {first}{more}", path=_path(first["loc"]), first=first["msg"], more=more) from None


# -- import: checks and writing ------------------------------------------------------------------------


def import_data(session: Session, data: object) -> list[Group]:
    """Check the export ``data`` and add its groups in ``session`` (the caller commits); the new groups.

    Raises:
        StoreError: naming the path of the first field at fault; nothing is added then (the caller's
            transaction is rolled back).
    """
    parsed = parse_export(data)
    names: dict[str, int] = {}
    groups: list[Group] = []
    for gi, group_data in enumerate(parsed.groups):
        where = f"groups[{gi}]"
        name = group_name(group_data.name, f"{where}.name")
        try:
            players = clean_names(group_data.players, f"{where}.players")
        except PlayerNameError as exc:
            raise StoreError(exc) from None
        if name_key(name) in names:
            raise StoreError(
                "{where}.name: {name!r} is the name of groups[{names}] too",
                where=where,
                name=name,
                names=names[name_key(name)],
            )
        names[name_key(name)] = gi
        found = group_named(session, name)
        if found is not None:
            raise StoreError("{where}.name: a group {found_name!r} exists already", where=where, found_name=found.name)
        group = Group(name=name, created_at=_stored_time(group_data.created_at))
        session.add(group)
        session.flush()
        by_key: dict[str, Player] = {}
        for player_name in players:
            player = Player(group_id=group.id, name=player_name, key=name_key(player_name))
            session.add(player)
            by_key[player.key] = player
        session.flush()
        for si, sitting_data in enumerate(group_data.sittings):
            _import_sitting(session, group, by_key, sitting_data, f"{where}.sittings[{si}]")
        groups.append(group)
    return groups


def _import_sitting(
    session: Session,
    group: Group,
    by_key: Mapping[str, Player],
    data: _SittingData,
    where: str,
) -> None:
    try:
        seat_names = clean_names(data.players, f"{where}.players")
    except PlayerNameError as exc:
        raise StoreError(exc) from None
    if not liste_mod.MIN_PLAYERS <= len(seat_names) <= liste_mod.MAX_PLAYERS:
        raise StoreError(
            "{where}.players: a sitting has {min_players} to {max_players} players, got {count}",
            where=where,
            min_players=liste_mod.MIN_PLAYERS,
            max_players=liste_mod.MAX_PLAYERS,
            count=len(seat_names),
        )
    seated: list[Player] = []
    for k, name in enumerate(seat_names):
        player = by_key.get(name_key(name))
        if player is None:
            raise StoreError("{where}.players[{k}]: {name!r} is not a player of the group", where=where, k=k, name=name)
        seated.append(player)
    try:
        rules = RuleSet.from_toml(data.rules_toml)
    except RuleError as exc:
        raise StoreError("{where}.rules_toml: {exc}", where=where, exc=exc) from None
    if rules.name != data.rules_name:
        raise StoreError(
            "{where}.rules_name: {rules_name!r}, but rules_toml names {rules_name2!r}",
            where=where,
            rules_name=data.rules_name,
            rules_name2=rules.name,
        )
    if data.sit_out not in liste_mod.SIT_OUT:
        raise StoreError(
            "{where}.sit_out: unknown choice {sit_out!r}; expected one of: {sit_out2}",
            where=where,
            sit_out=data.sit_out,
            sit_out2=", ".join(liste_mod.SIT_OUT),
        )
    place = check_text(data.place, f"{where}.place")
    # the games: current ones numbered 1..n, their audit trails consistent
    entries: dict[int, dict[str, Any]] = {}
    current: dict[int, int] = {}  # number -> index in data.games
    for k, game in enumerate(data.games):
        at = f"{where}.games[{k}]"
        entries[k] = entry_json(game.entry, f"{at}.entry")
        if game.deleted != (game.number is None):
            raise StoreError("{at}.number: a deleted game has none, a game on the list has one", at=at)
        if game.number is not None:
            if game.number in current:
                raise StoreError(
                    "{at}.number: {number} is the number of games[{current}] too",
                    at=at,
                    number=game.number,
                    current=current[game.number],
                )
            current[game.number] = k
        _check_versions(game, entries[k], data.version, at)
    for n in range(1, len(current) + 1):
        if n not in current:
            raise StoreError(
                "{where}.games: no game has number {n}, but {count} games are on the list",
                where=where,
                n=n,
                count=len(current),
            )
    builder = ListeBuilder(rules, [p.name for p in seated], data.sit_out)
    computed: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
    for n in range(1, len(current) + 1):
        k = current[n]
        try:
            row = builder.add(entries[k])
        except ListeError as exc:
            raise StoreError("{where}.games[{k}].entry: {exc}", where=where, k=k, exc=exc) from None
        computed[k] = (row.to_dict(), builder.snapshot())
    sitting = Sitting(
        group_id=group.id,
        date=data.date,
        place=place,
        rules_toml=data.rules_toml,
        rules_name=rules.name,
        cents_per_point=data.cents_per_point,
        sit_out=data.sit_out,
        version=data.version,
        state=builder.snapshot(),
        tally=tally_of([p.name for p in seated], [computed[current[n]][0] for n in range(1, len(current) + 1)]),
        created_at=_stored_time(data.created_at),
    )
    session.add(sitting)
    session.flush()
    for position, player in enumerate(seated):
        session.add(SittingPlayer(sitting_id=sitting.id, position=position, player_id=player.id))
    rows: list[GameRow] = []
    for k, game in enumerate(data.games):
        stored_row, stored_state = computed.get(k, (None, None))
        rows.append(
            GameRow(
                sitting_id=sitting.id,
                number=game.number,
                version=game.version,
                revision=game.revision,
                deleted=game.deleted,
                entry=entries[k],
                row=stored_row,
                state=stored_state,
                author=check_text(game.author, f"{where}.games[{k}].author"),
                created_at=_stored_time(game.created_at),
                changed_at=_stored_time(game.changed_at),
            )
        )
    session.add_all(rows)
    session.flush()
    for k, (game, game_row) in enumerate(zip(data.games, rows, strict=True)):
        for vi, version in enumerate(game.versions):
            session.add(
                GameVersion(
                    game_id=game_row.id,
                    sitting_id=sitting.id,
                    number=version.number,
                    revision=version.revision,
                    version=version.version,
                    action=version.action,
                    deleted=version.deleted,
                    entry=entry_json(version.entry, f"{where}.games[{k}].versions[{vi}].entry"),
                    author=check_text(version.author, f"{where}.games[{k}].versions[{vi}].author"),
                    changed_at=_stored_time(version.changed_at),
                )
            )
    session.flush()


def _check_versions(game: _GameData, entry: dict[str, Any], sitting_version: int, at: str) -> None:
    """The audit trail of a game: revisions 1, 2, ... in order, "add" first, "edit" after it, "delete" last
    and only for a deleted game, versions rising and at most the sitting's, the last one the game's state."""
    if game.version > sitting_version:
        raise StoreError(
            "{at}.version: {version} is above the sitting's version {sitting_version}",
            at=at,
            version=game.version,
            sitting_version=sitting_version,
        )
    previous = 0
    last = len(game.versions) - 1
    for vi, version in enumerate(game.versions):
        vat = f"{at}.versions[{vi}]"
        if version.revision != vi + 1:
            raise StoreError(
                "{vat}.revision: expected {vi}, got {revision}", vat=vat, vi=vi + 1, revision=version.revision
            )
        expected = "add" if vi == 0 else "delete" if (vi == last and game.deleted) else "edit"
        if version.action != expected:
            raise StoreError(
                "{vat}.action: expected {expected!r}, got {action!r}", vat=vat, expected=expected, action=version.action
            )
        if version.deleted != (version.action == "delete"):
            raise StoreError(
                "{vat}.deleted: {deleted} does not fit the action {action!r}",
                vat=vat,
                deleted=version.deleted,
                action=version.action,
            )
        if version.version <= previous:
            raise StoreError(
                "{vat}.version: {version} is not above the version before it ({previous})",
                vat=vat,
                version=version.version,
                previous=previous,
            )
        previous = version.version
    final = game.versions[-1]
    if game.version < final.version:
        raise StoreError(
            "{at}.version: {version} is below its last version's ({version2})",
            at=at,
            version=game.version,
            version2=final.version,
        )
    if game.revision != final.revision:
        raise StoreError(
            "{at}.revision: {revision}, but its last version is revision {revision2}",
            at=at,
            revision=game.revision,
            revision2=final.revision,
        )
    if entry_json(final.entry, f"{at}.versions[{last}].entry") != entry:
        raise StoreError("{at}.entry: differs from the entry of its last version (versions[{last}])", at=at, last=last)


# -- records ------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RecordsRead:
    """The games of a file of records as a sitting's entries.

    Attributes:
        players: the seating order (the records' players, turned so that the first game's dealer deals
            first).
        rules: the records' rule set.
        date: the day of the first record's ``meta.created`` (``None`` when it has none).
        entries: one full entry per finished game (deals thrown in and unfinished games left out).
        where: each entry's source (``FILE: line N``), for messages.
        bocks: each game's Bock multiplier as the record has it (1 without).
    """

    players: tuple[str, ...]
    rules: RuleSet
    date: datetime.date | None
    entries: list[dict[str, Any]]
    where: list[str]
    bocks: list[int]


def summary_entry(summary: GameSummary, players: Sequence[str], pflichtsolo: bool = False) -> dict[str, Any]:
    """The full Liste entry of a game's ``summary`` (``players``: the names of seats 0..3); see
    :func:`doppelkopf.liste.game_entry`, which builds it."""
    return liste_mod.game_entry(summary, players, pflichtsolo)


def _nonblank_lines(path: Path) -> list[int]:
    """Numbers of the lines with text (lines end at ``\\n``, as the record readers split them)."""
    lines = []
    with path.open("rb") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                lines.append(number)
    return lines


def _load(path: Path) -> list[tuple[record_mod.GameRecord, str]]:
    """Every record of ``path`` (a JSON Lines file of records or a single pretty record) with where it stands."""
    try:
        first, count, source = record_mod.load_game(path, 1)
        if count == 1 and source == str(path):  # a single pretty record
            return [(first, source)]
        records = record_mod.load_many(path)
    except record_mod.RecordError as exc:
        raise StoreError(exc) from None
    except OSError as exc:
        raise StoreError("{path}: {value}", path=path, value=exc.strerror or exc) from None
    lines = _nonblank_lines(path)
    if len(lines) != len(records):  # blank-looking lines counted differently: name the record
        return [(r, f"{path}: record {i + 1}") for i, r in enumerate(records)]
    return [(r, f"{path}: line {n}") for r, n in zip(records, lines, strict=True)]


def _rules_differ(a: RuleSet, b: RuleSet) -> str:
    da, db = a.to_dict(), b.to_dict()
    changed = [key for key in da if da[key] != db.get(key)]
    return ", ".join(changed[:3]) + (" ..." if len(changed) > 3 else "")


def read_records(path: str | os.PathLike[str]) -> RecordsRead:
    """The finished games of the record file ``path`` as one sitting's entries (see :class:`RecordsRead`).

    Raises:
        StoreError: the file cannot be read as records; a record whose rules or players differ from the
            first record's, or whose actions do not give its stored result, naming its line; no finished game.
    """
    target = Path(path)
    loaded = _load(target)
    if not loaded:
        raise StoreError("{target}: holds no game records", target=target)
    first, first_where = loaded[0]
    first_keys = [name_key(p) for p in first.players]
    games: list[tuple[record_mod.GameRecord, Game, str]] = []
    for rec, where in loaded:
        if rec.rules != first.rules:
            raise StoreError(
                "{where}: the rules {rules_name!r} differ from those of {first_where} ({rules_name2!r}: "
                "{rules_differ}); a sitting has one rule set",
                where=where,
                rules_name=rec.rules.name,
                first_where=first_where,
                rules_name2=first.rules.name,
                rules_differ=_rules_differ(first.rules, rec.rules),
            )
        if [name_key(p) for p in rec.players] != first_keys:
            raise StoreError(
                "{where}: the players {players} differ from those of {first_where} ({players2}); a sitting "
                "has one table",
                where=where,
                players=", ".join(rec.players),
                first_where=first_where,
                players2=", ".join(first.players),
            )
        if rec.thrown_in is not None or rec.result is None:
            continue  # a deal thrown in (dealt again) or a game not finished: not on the Liste
        try:
            game = record_mod.verify(rec, where)
        except record_mod.RecordError as exc:
            raise StoreError(exc) from None
        games.append((rec, game, where))
    if not games:
        raise StoreError(
            "{target}: holds no finished game (only deals thrown in or games not played to the end)", target=target
        )
    dealer = games[0][0].dealer
    seats = list(first.players)
    players = tuple(seats[dealer:] + seats[:dealer])
    entries = [summary_entry(game.summary(), rec.players, game.pflichtsolo) for rec, game, _ in games]
    created = first.meta.get("created")
    date = None
    if isinstance(created, str):
        try:
            date = datetime.datetime.fromisoformat(created).date()
        except ValueError:
            date = None
    return RecordsRead(
        players=players,
        rules=first.rules,
        date=date,
        entries=entries,
        where=[where for _, _, where in games],
        bocks=[rec.bock for rec, _, _ in games],
    )
