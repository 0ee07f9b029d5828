"""Record files: one pretty record (:func:`save`, :func:`load`) or JSON Lines of records (:func:`save_many`,
:func:`load_many`, :func:`append`, :func:`append_many`, :func:`load_game`), written atomically
(:func:`write_atomic`) and read within bounds.

How the files are written (a hidden temporary file beside the target, locked while it is written, moved over it;
through symbolic links; only regular files) and what the readers take (:data:`MAX_LINE_BYTES`,
:data:`~doppelkopf.record.format.MAX_RECORD_BYTES`, :data:`MAX_FILE_BYTES`, a byte order mark, UTF-8 by line) is
described in :mod:`doppelkopf.record`. The records themselves are made and checked by
:mod:`doppelkopf.record.format`.
"""

from __future__ import annotations

import os
import re
import stat
import time
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from ..fileutil import BOM, NotUTF8Error, bom_length, decode_text, file_kind, read_limited
from ..game import Game
from ..textutil import plural
from .format import (
    MAX_LINE_BYTES,
    MAX_RECORD_BYTES,
    GameRecord,
    RecordError,
    from_dict,
    from_dict_verified,
    from_json,
    parse_json,
    size_text,
    to_json,
    to_json_line,
)

try:  # a writer locks its temporary file, so a cleaner can tell it from a killed writer's leftover
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

#: Most bytes of a JSON Lines file of records that the readers go through (some 300,000 games).
MAX_FILE_BYTES = 1 << 30


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
    write_atomic(Path(path), to_json(record) + "\n")


def save_many(records: Iterable[GameRecord], path: str | os.PathLike[str]) -> None:
    """Write ``records`` to ``path`` as JSON Lines (one record per line), atomically like :func:`save`."""
    write_atomic(Path(path), "".join(to_json_line(record) + "\n" for record in records))


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
    write_atomic(Path(path), lines, keep_old=True)


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
    JSON) of the first bad record, or a line or file over the readers' limits (package docstring).
    """
    target = Path(path)
    records = []
    with _open_read(target) as handle:
        for number, line, _ in _read_lines(handle, target):
            if not line.strip():
                continue
            data = parse_json(line, str(target), line=number)
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
    """:func:`load_game` and :func:`~doppelkopf.record.format.verify` from one replay of the game's actions
    (:func:`~doppelkopf.record.format.from_dict_verified`): the record, the replayed game (finished or not; to
    show it), how many games the file holds and where the game stands. Raises what :func:`load_game` and
    :func:`~doppelkopf.record.format.verify` raise.
    """
    data, count, source = _game_data(path, number)
    record, game = from_dict_verified(data, source)
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
        raise RecordError("{target}: the file is empty, it holds no game", target=target)
    count = records if records == games else None
    if found is None:
        if count is None:
            holds = f"has {plural(games, 'line')}, and not every line is a game"
        else:
            holds = "holds a single game" if count == 1 else f"holds {count} games"
        raise GameNumberError("{target}: game {chosen}: the file {holds}", target=target, chosen=chosen, holds=holds)
    lineno, line = found
    return parse_json(line, str(target), line=lineno), count, f"{target}: line {lineno}"


def _load_pretty(handle: IO[bytes], target: Path, head: str, consumed: int, chosen: int) -> tuple[Any, int, str]:
    """The JSON data of the single pretty record of :func:`load_game`: ``head`` is its text up to the
    ``{`` line (the first ``consumed`` bytes of the file), the rest is read from ``handle`` up to the
    limit."""
    if chosen != 1:
        raise GameNumberError("{target}: game {chosen}: the file holds a single game", target=target, chosen=chosen)
    rest = _read_some(handle, target, MAX_RECORD_BYTES + 1 - consumed)
    if consumed + len(rest) > MAX_RECORD_BYTES:
        raise _too_large(target)
    return parse_json(head + _decode(rest, target, consumed), str(target)), 1, str(target)


def _open_read(path: Path) -> IO[bytes]:
    """``path`` opened for reading bytes; :class:`RecordError` ``FILE: cannot read: ...`` otherwise."""
    try:
        return open(path, "rb")
    except OSError as exc:
        raise RecordError("{path}: cannot read: {value}", path=path, value=exc.strerror or exc) from None


def _read_some(handle: IO[bytes], path: Path, size: int) -> bytes:
    """Up to ``size`` bytes from ``handle`` (:func:`doppelkopf.fileutil.read_limited`);
    :class:`RecordError` ``FILE: cannot read: ...`` for a failing read."""
    try:
        return read_limited(handle, size)
    except OSError as exc:
        raise RecordError("{path}: cannot read: {value}", path=path, value=exc.strerror or exc) from None


def _decode(data: bytes, path: Path, offset: int) -> str:
    """``data`` (found at byte ``offset`` of the file) as text (:func:`doppelkopf.fileutil.decode_text`:
    UTF-8, a byte order mark skipped at the start of the file); :class:`RecordError` ``FILE: not UTF-8
    text (byte N)`` (N counted from the start of the file) otherwise."""
    try:
        return decode_text(data, offset)
    except NotUTF8Error as exc:
        raise RecordError("{path}: {exc}", path=path, exc=exc) from None


def _too_large(path: Path) -> RecordError:
    return RecordError(
        "{path}: larger than {size_text} (a game record has a few KB): no file of a game record",
        path=path,
        size_text=size_text(MAX_RECORD_BYTES),
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
            raise RecordError("{path}: cannot read: {value}", path=path, value=exc.strerror or exc) from None
        if not raw:
            return
        number += 1
        body = raw[:-1] if raw.endswith(b"\n") else raw
        if len(body) - bom_length(body, end) > MAX_LINE_BYTES:
            raise RecordError(
                "{path}: line {number} is longer than {size_text} (a record line has a few KB): no file of "
                "game records",
                path=path,
                number=number,
                size_text=size_text(MAX_LINE_BYTES),
            )
        if end + len(raw) > MAX_FILE_BYTES:
            raise RecordError(
                "{path}: larger than {size_text}, more than this program reads of a file of records",
                path=path,
                size_text=size_text(MAX_FILE_BYTES),
            )
        try:
            text = decode_text(body, end)
        except NotUTF8Error as exc:
            raise RecordError("{path}: line {number}: {exc}", path=path, number=number, exc=exc) from None
        end += len(raw)
        yield number, text, end


#: A hidden temporary file of a write to the same target (``.<name>.<32 hex digits>.tmp``) is taken
#: for a killed writer's leftover once its last change is this many seconds old and, where the
#: system has file locks, no writer holds its lock; without file locks only after an hour.
_LEFTOVER_SECONDS = 10.0
_LEFTOVER_SECONDS_UNLOCKED = 3600.0


def write_atomic(path: str | os.PathLike[str], text: str, keep_old: bool = False) -> None:
    """Write ``text`` (encoded as UTF-8, written as it is: no line end added) to the file ``path`` atomically.

    What it guarantees: ``path`` holds either its old bytes or the whole new text, never a half-written
    file, also when the writer fails or is killed (the text goes to a hidden temporary file
    ``.<name>.<32 hex digits>.tmp`` beside the real file, flushed to the disk with :func:`os.fsync` and
    moved over it with :func:`os.replace`; a failure removes it). Symbolic links are followed to the
    real file (:func:`_write_target`), which gets the text while the links stay; a dangling link creates
    its target. Only a regular file (or a name not yet taken) is ever written, never a device, a FIFO or
    a folder. The new file keeps the mode of the old one (a new one gets the default mode within the
    umask); another hard link to the old file keeps the old text. With ``keep_old`` the real file's
    present bytes come first (copied in pieces, never held whole; a line end added after a last line that
    lacks one): an append in one atomic rewrite. The writer holds a lock on its temporary file until it
    has been moved, and afterwards removes the leftovers of killed writers of the same target
    (:func:`_remove_leftovers`). Two writers of one file at the same time: the last rewrite wins.

    Raises :class:`~doppelkopf.record.format.RecordError` naming ``path`` when writing (or, with
    ``keep_old``, reading the old bytes) fails: ``PATH: cannot write: Permission denied``, ``PATH: cannot
    write: a character device, not a regular file``, ``PATH: cannot write: a loop of symbolic links``,
    ``PATH: cannot read: ...``.
    """
    path = Path(path)
    real = _write_target(path)
    data = text.encode("utf-8")
    temp = real.with_name(f".{real.name}.{uuid.uuid4().hex}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise RecordError("{path}: cannot write: {value}", path=path, value=exc.strerror or exc) from None
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
        raise RecordError("{path}: cannot write: {value}", path=path, value=exc.strerror or exc) from None
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
        raise RecordError("{path}: cannot write: {value}", path=path, value=exc.strerror or exc) from None
    if stat.S_ISLNK(mode):
        raise RecordError("{path}: cannot write: a loop of symbolic links", path=path)
    if not stat.S_ISREG(mode):
        raise RecordError("{path}: cannot write: {file_kind}, not a regular file", path=path, file_kind=file_kind(mode))
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
        raise RecordError("{path}: cannot read: {value}", path=path, value=exc.strerror or exc) from None
    last = b""
    with os.fdopen(fd, "rb") as source:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RecordError("{path}: cannot write: no longer a regular file", path=path)
        while True:
            try:
                chunk = source.read(1 << 20)
            except OSError as exc:
                raise RecordError("{path}: cannot read: {value}", path=path, value=exc.strerror or exc) from None
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
