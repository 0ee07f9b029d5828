"""What the ``doko`` commands share: the one-line errors (:func:`friendly_errors`), the ``--rules`` parameter
(:func:`load_rules`, :data:`RULES`, :data:`rules_option`), the terminal (:func:`make_console`), the checks of
an output file before anything is played (:func:`check_output`, :func:`records_mode`), the writing of game
records (:func:`save_records`) and the Liste printed under a session (:func:`print_sheet`).

Imports only click and the light core modules at import time (``doko --help`` stays fast); rich and the
formats are imported by the functions that need them.
"""

from __future__ import annotations

import functools
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..messages import N_
from ..rulefile import read_rule_file
from ..rules import PRESETS, RuleError, RuleSet, get_preset
from .lang import gettext as _
from .lang import ngettext, number, option, tr

if TYPE_CHECKING:
    from rich.console import Console

    from ..record import GameRecord
    from ..session import Session
    from ..sheet import Sheet

F = TypeVar("F", bound=Callable[..., Any])

#: The names of the four seats of ``doko simulate`` (and of the computer players of ``doko play``).
SEAT_NAMES = ("Anna", "Ben", "Carla", "Dirk")


def friendly_errors(
    func: F,
    *,
    error: type[click.ClickException] = click.ClickException,
    other: Callable[[Exception], str | None] | None = None,
) -> F:
    """Turn the package's ValueErrors and OSErrors into one-line click errors (of the class ``error``).

    ``other`` (used by :mod:`doppelkopf.cli.liste`) gives the message of any other exception it knows
    (a database driver's error, a missing optional library), or ``None`` to let it through."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except click.ClickException:
            raise
        except (ValueError, OSError) as exc:
            raise error(tr().text(exc)) from None
        except Exception as exc:
            message = other(exc) if other is not None else None
            if message is None:
                raise
            raise error(message) from None

    return wrapper  # type: ignore[return-value]


def load_rules(spec: str) -> RuleSet:
    """A preset name, or the path of a TOML rule file: a name ending in ``.toml``, or any other that
    is no preset and exists or looks like a path (has a suffix or a folder).

    The file is read by :func:`doppelkopf.rulefile.read_rule_file`: UTF-8 with an optional byte order
    mark, at most :data:`~doppelkopf.rulefile.RULE_FILE_LIMIT` bytes, and a rule file whose rules carry a
    preset's name but differ from that preset (an edited ``doko rules show ddv --toml``) is named after
    the file, so no changed rule set is called "ddv".

    Raises RuleError in one line: for a file, as :func:`~doppelkopf.rulefile.read_rule_file` (the file
    named first); for no file, the unknown preset with the presets there are.
    """
    path = Path(spec)
    try:
        exists = path.exists()
    except (OSError, ValueError):  # a name too long for the system, a NUL byte: read it and say why below
        exists = True
    is_file = spec.lower().endswith(".toml") or (
        spec.strip().lower() not in PRESETS and (exists or bool(path.suffix) or path.name != spec)
    )
    if not is_file or not spec.strip():  # "" is the current folder as a path: ask for a preset
        return get_preset(spec)
    return read_rule_file(spec)


class RulesParam(click.ParamType):
    """The click type of ``--rules``: a preset's name or a rule file's path, read by :func:`load_rules`
    (a :class:`RuleError` becomes click's usage error naming the option, exit status 2)."""

    name = "RULES"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> RuleSet:
        if isinstance(value, RuleSet):
            return value
        try:
            return load_rules(str(value))
        except RuleError as exc:
            self.fail(tr().text(exc), param, ctx)


#: The one :class:`RulesParam`.
RULES = RulesParam()
#: The ``--rules`` option of ``doko play``, ``simulate`` and ``arena`` (default: the DDV's rules).
rules_option = option(
    "--rules",
    "rules",
    type=RULES,
    default="ddv",
    show_default=True,
    help=N_("Preset ({presets}) or a TOML rule file."),
    help_fields={"presets": ", ".join(sorted(PRESETS))},
)


#: The width of the output when it goes to no terminal (a pipe, a file) and ``$COLUMNS`` sets none: lines
#: are not wrapped (rich would wrap at 80 columns).
PIPE_WIDTH = 10_000


def make_console(stderr: bool = False) -> Console:
    """The terminal output of a command (``stderr``: on standard error); to no terminal, lines as long as
    they are (:data:`PIPE_WIDTH`) unless ``$COLUMNS`` says the width."""
    import os
    import sys

    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    # not a terminal (a pipe, a file): no wrapping at 80 columns, every line as long as it is
    width = None if stream.isatty() or os.environ.get("COLUMNS") else PIPE_WIDTH
    return Console(highlight=False, markup=False, stderr=stderr, width=width)


# -- output files ---------------------------------------------------------------------------------


def check_output(path: str, option: str) -> bool:
    """Refuse, before anything is played, an output path that cannot take a file written anew: an
    empty name, a folder, anything else that is no regular file (a device, a pipe, a socket; also
    with ``--force``), or a file whose folder is missing or read-only (files are written by moving
    a temporary file of the same folder over them). A link counts as what it points to. Return
    whether ``path`` exists (a regular file); raises click.BadParameter naming ``option``."""
    import os

    from ..fileutil import file_kind

    if not path:
        raise click.BadParameter(_("the file name is empty"), param_hint=option)
    target = Path(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise click.BadParameter(
            _("cannot write {path}: {why}").format(path=path, why=exc.strerror or exc), param_hint=option
        ) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise click.BadParameter(_("{path} is a folder, not a file").format(path=path), param_hint=option)
    if mode is not None and not stat.S_ISREG(mode):
        raise click.BadParameter(
            _("{path} is {kind}, not a regular file: it is never replaced (--force neither); choose a file").format(
                path=path, kind=file_kind(mode)
            ),
            param_hint=option,
        )
    folder = target.absolute().parent
    if not folder.is_dir():
        raise click.BadParameter(
            _("cannot write {path}: its folder {folder} does not exist").format(path=path, folder=folder),
            param_hint=option,
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.BadParameter(
            _("cannot write {path}: its folder {folder} is read-only").format(path=path, folder=folder),
            param_hint=option,
        )
    return mode is not None


#: The largest file :func:`is_single_record` reads to tell whether it is one pretty game record.
SINGLE_RECORD_MAX_BYTES = 4 << 20


def is_single_record(path: str) -> bool:
    """Whether ``path`` holds one game record as :func:`doppelkopf.record.save` writes it (pretty
    JSON over many lines, read by :func:`doppelkopf.record.load`); files over
    :data:`SINGLE_RECORD_MAX_BYTES` are not read and count as no record."""
    from ..record import load

    try:
        if Path(path).stat().st_size > SINGLE_RECORD_MAX_BYTES:
            return False
        load(path)
    except (OSError, ValueError):
        return False
    return True


def records_mode(path: str, force: bool, option: str = "--records") -> str:
    """How game records will go to ``path``, decided before anything is played: ``"new"`` (no such
    file), ``"append"`` (an existing file of records, see :func:`doppelkopf.record.is_records_file`)
    or ``"replace"`` (another existing regular file, only with ``--force``). Raises
    click.BadParameter naming ``option`` for a path that cannot be written (see
    :func:`check_output`; a device or pipe also with ``--force``) or another file without
    ``--force``; a single game record (as :func:`doppelkopf.record.save` writes it) is named as
    such, with no hint to replace it."""
    from ..record import is_records_file

    if not check_output(path, option):
        return "new"
    if is_records_file(path):
        return "append"
    if force:
        return "replace"
    if is_single_record(path):
        raise click.BadParameter(
            _(
                "{path} is a single game record (as doko replay reads it), not a file of game records (one JSON "
                "record a line): no game can be added to it; choose another file"
            ).format(path=path),
            param_hint=option,
        )
    raise click.BadParameter(
        _(
            "{path} exists and is not a file of game records (one JSON record a line); choose another file, "
            "or add --force to replace it"
        ).format(path=path),
        param_hint=option,
    )


def save_records(records: list[GameRecord], path: str, mode: str) -> str:
    """Write ``records`` to ``path`` as :func:`records_mode` decided (appended atomically, or the
    file written anew) and say what was done: ``3 game records appended to games.jsonl``."""
    from ..record import append_many, save_many

    n = len(records)
    if mode == "append":
        append_many(records, path)
        return ngettext("{n} game record appended to {path}", "{n} game records appended to {path}", n).format(
            n=n, path=path
        )
    save_many(records, path)
    if mode == "replace":
        return ngettext(
            "{n} game record saved in {path} (the file was replaced)",
            "{n} game records saved in {path} (the file was replaced)",
            n,
        ).format(n=n, path=path)
    return ngettext("{n} game record saved in {path}", "{n} game records saved in {path}", n).format(n=n, path=path)


# -- sheet display ------------------------------------------------------------------------------


def print_sheet(
    console: Console, sheet: Sheet, cents: int, session: Session | None = None, games: int | None = None
) -> None:
    """The Liste of ``sheet`` (a row per game, its Bock multiplier), with ``session`` the Bock games played
    and owed and the Pflichtsolo round (``games``: the games the session plays, for how many are left),
    then the settlement at ``cents`` per Punkt and who pays whom ("Ben zahlt Anna 0,40 €" in German)."""
    from rich import box
    from rich.table import Table

    t = tr()
    # lines under the head only, no columns of borders: a row fits on one line in as few columns as
    # it can; the Punkte never wrap, only a label too long for the terminal does
    table = Table(title=_("Liste"), box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(_("Game"), overflow="fold")
    for name in sheet.players:
        table.add_column(name, justify="right", no_wrap=True)
    # the running totals as the Liste writes them (liste_counting plus, minus or plus_minus); the money below
    # settles the balanced totals, the same under every counting
    for row, (_points, written) in zip(sheet.rows, sheet.written_rows, strict=True):
        label = list_label(row.label) + (f" (×{row.multiplier})" if row.multiplier != 1 else "")
        table.add_row(label, *(number(total) for total in written))
    print_plain(console, table)
    if session is not None:
        from ..session import sitting_over

        _print_session_state(console, session, games)
        over = sitting_over_line(sitting_over(session.rules, session.round, sheet.written_totals))
        if over:
            console.print(over)
    totals = sheet.totals
    money = Table(title=_("Settlement ({cents} ct/Punkt)").format(cents=cents))
    money.add_column(_("Player"))
    money.add_column(_("Total"), justify="right")
    money.add_column(_("Amount"), justify="right")
    for name in sheet.players:
        money.add_row(name, number(totals[name]), t.money(totals[name] * cents))
    print_plain(console, money)
    for line in settlement_lines(sheet.settlement(cents)):
        console.print(line)


def sitting_over_line(reason: str | None) -> str | None:
    """The notice that a sitting is over (:func:`doppelkopf.session.sitting_over`: ``"sitting_rounds"`` or
    ``"sitting_points"``) in the reader's language, ``None`` while it goes on."""
    if reason == "sitting_rounds":
        return _("The sitting is over: its rounds are played (sitting_rounds). A further game is still written.")
    if reason == "sitting_points":
        return _(
            "The sitting is over: a player's total reached its Punkte (sitting_points). "
            "A further game is still written."
        )
    return None


def list_label(label: object) -> str:
    """A row label of the Liste (:func:`doppelkopf.session.game_label`) in the reader's language, without the
    ``+0`` of a game nobody won (``Re Ben & Carla: nobody wins``)."""
    text = tr().text(label)
    for zero in (", +0", ", 0"):
        if text.endswith(zero):
            return text[: -len(zero)]
    return text


def print_plain(console: Console, renderable: Any) -> None:
    """Print ``renderable`` (a table) on ``console`` without the blanks rich leaves at the end of its lines."""
    with console.capture() as captured:
        console.print(renderable)
    for line in captured.get().splitlines():
        console.out(line.rstrip(), highlight=False)


def settlement_lines(transfers: Sequence[Any]) -> list[str]:
    """Who pays whom, a line each (``Ben zahlt Anna 0,40 €`` / ``Ben pays Anna €0.40``), or that nobody
    pays; ``transfers`` have ``payer``, ``payee`` and ``cents`` (:meth:`doppelkopf.sheet.Sheet.settlement`)."""
    if not transfers:
        return [_("Nobody pays.")]
    return [
        _("{payer} pays {payee} {amount}").format(payer=t.payer, payee=t.payee, amount=tr().money(t.cents))
        for t in transfers
    ]


def _print_session_state(console: Console, session: Session, games: int | None = None) -> None:
    """Under the list: the Bock games played and still owed and, with Pflichtsolo, the state of the
    round; with ``games`` (the games the session plays) how many of them are left, when the session ends
    before the round does."""
    bock = [row.multiplier for row in session.sheet.rows if row.multiplier != 1]
    if bock:
        kinds = ", ".join(f"×{m}: {bock.count(m)}" for m in sorted(set(bock)))
        console.print(_("Bock games played: {n} ({kinds})").format(n=len(bock), kinds=kinds))
    owed = session.bock_queue
    if owed:
        console.print(_("Bock games owed: {owed}").format(owed=" ".join(f"×{m}" for m in owed)))
    if session.rules.pflichtsolo:
        missing = ", ".join(session.players[s] for s in session.missing_pflichtsoli) or _("none")
        left, total = session.games_left_in_round, session.rules.round_games
        if games is not None and games - len(session.sheet.rows) < left:
            left, total = games - len(session.sheet.rows), games
            if left <= 0:
                console.print(_("Pflichtsolo missing: {missing}").format(missing=missing))
                return
            line = ngettext(
                "{left} of {total} game left; Pflichtsolo missing: {missing}",
                "{left} of {total} games left; Pflichtsolo missing: {missing}",
                total,
            )
            console.print(line.format(left=left, total=total, missing=missing))
            return
        line = ngettext(
            "Round {round}: {left} of {total} game left; Pflichtsolo missing: {missing}",
            "Round {round}: {left} of {total} games left; Pflichtsolo missing: {missing}",
            total,
        )
        console.print(line.format(round=session.round, left=left, total=total, missing=missing))


def row_meta(sheet: Sheet) -> dict[str, int]:
    """The record meta of the game just written on ``sheet``: its number on the Liste and, for a
    Bock game, its Bock multiplier (:data:`doppelkopf.record.BOCK_KEY`: 2, 4, ...; seeds 002 and 004, Bock)."""
    from ..record import BOCK_KEY

    row = sheet.rows[-1]
    meta = {"game_number": len(sheet.rows)}
    if row.multiplier != 1:
        meta[BOCK_KEY] = row.multiplier
    return meta
