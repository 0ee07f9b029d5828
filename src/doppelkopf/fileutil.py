"""Reading input files one way everywhere, and naming what a path is (one place for every format).

Table entries, game records and rule files are read through :func:`read_limited` (never more than
a limit, however large or endless the input) and decoded by :func:`decode_text`: UTF-8, a byte
order mark at the start of the file skipped, a byte that is no UTF-8 named by its offset in the
file (:class:`NotUTF8Error`: ``not UTF-8 text (byte 17)``). :func:`file_kind` names what a path
that is no regular file is, for the messages of the writers. Pure Python, no click: the formats
and the command line share it.

>>> decode_text(b"\\xef\\xbb\\xbfRe")
'Re'
>>> decode_text(b"Re \\xff")
Traceback (most recent call last):
...
doppelkopf.fileutil.NotUTF8Error: not UTF-8 text (byte 3)
"""

from __future__ import annotations

import stat
from typing import IO

from .messages import N_, TextError

#: The UTF-8 byte order mark; the readers skip it at the start of a file.
BOM = b"\xef\xbb\xbf"


class NotUTF8Error(TextError):
    """Bytes that are no UTF-8 text. ``offset`` is the 0-based offset of the first bad byte in the
    file (a byte order mark counted); the message is ``not UTF-8 text (byte N)``, and each reader
    puts the file (and the line) in front of it."""

    def __init__(self, offset: int) -> None:
        super().__init__(N_("not UTF-8 text (byte {offset})"), offset=offset)
        self.offset = offset

    def __reduce__(self) -> tuple[object, ...]:
        return (NotUTF8Error, (self.offset,))


def read_limited(handle: IO[bytes], limit: int) -> bytes:
    """Up to ``limit`` bytes from ``handle``, read in as many pieces as the file gives them (a pipe
    or a terminal gives one piece at a time); fewer only at the end of the file. Reading ``limit + 1``
    bytes tells a file larger than ``limit`` without reading any more of it. The :class:`OSError` of
    a failing read is raised as it is (each reader names its file)."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = handle.read(left)
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def bom_length(data: bytes, offset: int = 0) -> int:
    """How many bytes at the start of ``data`` (the bytes of a file from byte ``offset`` on) are a
    byte order mark: 3 where ``data`` starts the file (``offset`` 0) with the UTF-8 mark, else 0."""
    return len(BOM) if offset == 0 and data.startswith(BOM) else 0


def decode_text(data: bytes, offset: int = 0) -> str:
    """``data``, the bytes of a file from byte ``offset`` on, as text: UTF-8, with a byte order mark
    skipped where it starts the file (see :func:`bom_length`).

    Raises :class:`NotUTF8Error` naming the first bad byte by its offset in the file.
    """
    skip = bom_length(data, offset)
    try:
        return str(memoryview(data)[skip:], "utf-8") if skip else data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotUTF8Error(offset + skip + exc.start) from None


#: What a path that is no regular file is, by :func:`stat.S_IFMT` of its mode.
_FILE_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFSOCK: "a socket",
    stat.S_IFLNK: "a symbolic link",
}


def file_kind(mode: int) -> str:
    """What a file of ``mode`` (:attr:`os.stat_result.st_mode`) is, for a message: ``a folder``,
    ``a character device``, ``a block device``, ``a named pipe``, ``a socket``, ``a symbolic link``,
    ``a regular file`` or ``a special file`` (any other kind).

    >>> import os
    >>> file_kind(os.stat("/").st_mode)
    'a folder'
    """
    if stat.S_ISREG(mode):
        return "a regular file"
    return _FILE_KINDS.get(stat.S_IFMT(mode), "a special file")
