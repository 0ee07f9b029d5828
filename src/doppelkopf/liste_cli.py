"""Kept for old imports: ``doko liste`` lives in :mod:`doppelkopf.cli.liste`, ``doko serve`` in
:mod:`doppelkopf.cli.serve`, the optional-library messages in :mod:`doppelkopf.extras`."""

from __future__ import annotations

from collections.abc import Iterator

import click

from .cli.liste import CommandError, database_url, entry_from_options, friendly, liste, shown_url
from .cli.serve import serve
from .extras import LIBRARIES, missing_library

__all__ = [
    "LIBRARIES",
    "CommandError",
    "commands",
    "database_url",
    "entry_from_options",
    "friendly",
    "liste",
    "missing_library",
    "serve",
    "shown_url",
]


def commands() -> Iterator[click.Command]:
    """The score sheet's commands of ``doko``: ``liste`` and ``serve``."""
    yield liste
    yield serve
