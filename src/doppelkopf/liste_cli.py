"""``doko liste``: the score sheet of a group in the terminal, and ``doko serve``: the same in the browser.

A group (the people who play together) has sittings (evenings); a sitting has its players in seating
order, its rule set, its rate in cents per Punkt and its games. Each game is entered as the table saw it
(game type, Re, Augen of Re, announcements, Sonderpunkte) or in quick mode (winners and Punkte); the
Liste (running totals, Bock, Pflichtsolo, who deals and who sits out), the settlement and the
statistics are computed by the core (:mod:`doppelkopf.liste`) and kept by the storage
(:mod:`doppelkopf.storage`); these commands only read and show them.

    \b
    doko liste new-group Donnerstag Anna Ben Carla Dirk
    doko liste new-sitting --group Donnerstag --rules ddv --cents 10 Anna Ben Carla Dirk
    doko liste add 1 --game kreuz --re Anna --augen 190
    doko liste add 1 --game normal --re Ben --re Carla --augen 151 --ansage re:re \\
        --extra fuchs_gefangen:re --extra doppelkopf:kontra
    doko liste add 1 --quick --winner Anna --winner Dirk --punkte 5
    doko liste show 1
    doko liste settle 1

The database is ``--db PATH|URL`` (a file name is an SQLite file), else ``$DOKO_DATABASE_URL``, else an
SQLite file in the user's data folder (:func:`doppelkopf.storage.default_url`). Every error (a bad
entry, an unknown player, a game changed by someone else meanwhile) is one line ``error: ...`` with
exit status 2, and nothing is written.

This module imports only click at import time: the storage (SQLAlchemy), rich, matplotlib and the web
app are imported by the commands that need them, so ``doko --help`` stays fast.
"""

from __future__ import annotations

import datetime
import functools
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from rich.console import Console

    from .liste import Liste, ListeRow
    from .storage import ListePage, Stats, Store

F = TypeVar("F", bound=Callable[..., Any])

#: Largest JSON file ``doko liste import`` reads (an export of 10,000 games with all versions is ~10 MiB).
IMPORT_LIMIT = 512 << 20


class CommandError(click.ClickException):
    """A one-line error of a ``doko liste`` command: printed as ``error: ...``, exit status 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True, file=file)


def _one_line(text: str) -> str:
    return " ".join(str(text).split()) or "unknown error"


def _is_database_error(exc: BaseException) -> bool:
    return type(exc).__module__.split(".")[0] in ("sqlalchemy", "psycopg", "sqlite3", "alembic")


def friendly(func: F) -> F:
    """Turn the errors of the Liste, the entries, the storage and the files (all ValueErrors or OSErrors)
    and those of the database driver into one line ``error: ...`` with exit status 2, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except click.ClickException:
            raise
        except (ValueError, OSError) as exc:
            raise CommandError(_one_line(str(exc))) from None
        except Exception as exc:
            if _is_database_error(exc):
                first = str(getattr(exc, "orig", None) or exc).strip().splitlines()
                raise CommandError(f"database: {_one_line(first[0] if first else type(exc).__name__)}") from None
            raise

    return wrapper  # type: ignore[return-value]


# -- the database ---------------------------------------------------------------------------------


def database_url(db: str | None) -> str | None:
    """The database URL of ``--db``: a URL (``sqlite:///...``, ``postgresql+psycopg://...``) as given, a
    file name as the URL of that SQLite file (``~`` expanded, made absolute); ``None`` (no ``--db``): the
    storage's default (``$DOKO_DATABASE_URL`` or the user's data folder)."""
    if db is None:
        return None
    text = db.strip()
    if not text:
        raise click.BadParameter("the database is empty; give a file name or a URL", param_hint="--db")
    if "://" in text:
        return text
    return "sqlite:///" + str(Path(text).expanduser().absolute())


def shown_url(url: str) -> str:
    """``url`` for people: the password hidden (``postgresql+psycopg://doko:***@host/db``)."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL sqlalchemy reads: say it as given, without anything after an @
        return url.split("@")[-1]


@dataclass
class _Options:
    url: str | None
    store: Store | None = None


def store() -> Store:
    """The store of the running command (opened on first use, at the Alembic head; closed after it)."""
    ctx = click.get_current_context()
    options = ctx.find_object(_Options)
    if options is None:  # a command run outside the group (tests): the default database
        options = ctx.ensure_object(_Options)
    if options.store is None:
        from .storage import open_store

        options.store = open_store(options.url)
        close = getattr(options.store, "close", None)
        if callable(close):
            ctx.find_root().call_on_close(close)
    return options.store


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False, markup=False, soft_wrap=False)


# -- finding groups, sittings and games -------------------------------------------------------------


def group_id(spec: str) -> int:
    """The id of the group ``spec``: its number, or its name (any case). Raises CommandError naming
    ``--group`` with the groups there are."""
    from .names import name_key

    groups = store().groups()
    text = spec.strip()
    if text.isdigit():
        for group in groups:
            if group.id == int(text):
                return int(group.id)
    for group in groups:
        if name_key(group.name) == name_key(text):
            return int(group.id)
    known = ", ".join(f"{g.id} {g.name}" for g in groups) or "none yet (doko liste new-group NAME PLAYER...)"
    raise CommandError(f"--group: no group {spec!r}; groups: {known}")


# -- entries from the command line --------------------------------------------------------------------

#: The parties of ``--ansage`` and ``--extra``.
PARTIES = ("re", "kontra")


def _pair(text: str, option: str, example: str) -> tuple[str, str]:
    left, sep, right = text.partition(":")
    if not sep or not left.strip() or not right.strip():
        raise click.BadParameter(f"expected {example}, got {text!r}", param_hint=option)
    return left.strip().lower(), right.strip().lower().replace(" ", "_")


def entry_from_options(
    entry_file: IO[bytes] | None,
    game: str | None,
    re_names: Sequence[str],
    augen: int | None,
    tricks_re: int | None,
    ansage: Sequence[str],
    extra: Sequence[str],
    pflichtsolo: bool,
    quick: bool,
    winners: Sequence[str],
    punkte: int | None,
    events: Sequence[str],
) -> dict[str, Any]:
    """The table entry (:mod:`doppelkopf.liste`'s format) the options give: ``--entry FILE`` (JSON, ``-``
    for stdin), a full entry (``--game --re --augen --ansage --extra``) or a quick one (``--quick --winner
    --punkte --event``). Only the shape is checked here (the options that belong together); the entry
    itself is checked by the Liste when it is stored. Raises click.UsageError / BadParameter naming the
    option."""
    full_given = bool(game or re_names or augen is not None or tricks_re is not None or ansage or extra)
    quick = quick or bool(winners) or punkte is not None or bool(events)
    if entry_file is not None:
        if full_given or quick or pflichtsolo:
            raise click.UsageError("--entry: give the game as a file or with options, not both")
        from .entry import read_entry_file

        name = getattr(entry_file, "name", "-")
        source = "<stdin>" if name in ("<stdin>", "-") or not isinstance(name, str) else name
        return read_entry_file(entry_file, source)
    if quick:
        if re_names or augen is not None or tricks_re is not None or ansage or extra:
            used = [o for o, v in (("--re", re_names), ("--augen", augen), ("--tricks-re", tricks_re)) if v]
            used += [o for o, v in (("--ansage", ansage), ("--extra", extra)) if v]
            raise click.UsageError(
                f"{', '.join(used)}: not in quick mode (--quick, --winner, --punkte): a quick entry has only "
                "the winners and their Punkte"
            )
        if punkte is None:
            raise click.BadParameter("missing: the Punkte each winner gets (0 if nobody won)", param_hint="--punkte")
        entry: dict[str, Any] = {"winners": list(winners), "punkte": punkte}
        if game:
            entry["game"] = game
        if events:
            entry["events"] = list(events)
    else:
        if not full_given and not pflichtsolo:
            raise click.UsageError(
                "no game given: --game TYPE --re NAME --augen N (the table's entry), --quick --winner NAME "
                "--punkte N, or --entry FILE"
            )
        if not re_names:
            raise click.BadParameter("missing: the Re party (the soloist alone in a solo)", param_hint="--re")
        if augen is None:
            raise click.BadParameter("missing: the Augen of Re (0..240)", param_hint="--augen")
        announcements: dict[str, list[str]] = {"re": [], "kontra": []}
        for item in ansage:
            party, what = _pair(item, "--ansage", "PARTY:WHAT like re:re, kontra:kontra or re:keine_90")
            if party not in PARTIES:
                raise click.BadParameter(f"{item!r}: the party is re or kontra, not {party!r}", param_hint="--ansage")
            announcements[party].append(what)
        extras = []
        for item in extra:
            kind, party = _pair(item, "--extra", "TYPE:PARTY like fuchs_gefangen:re or doppelkopf:kontra")
            extras.append({"type": kind, "party": party})
        entry = {"game": game or "normal", "re": list(re_names), "augen_re": augen}
        if tricks_re is not None:
            entry["tricks_re"] = tricks_re
        if announcements["re"] or announcements["kontra"]:
            entry["announcements"] = announcements
        if extras:
            entry["extras"] = extras
    if pflichtsolo:
        entry["pflichtsolo"] = True
    return entry


def entry_options(func: F) -> F:
    """The options of ``add`` and ``edit`` that describe a game."""
    options = [
        click.option(
            "--entry",
            "entry_file",
            type=click.File("rb"),
            help="The game as a JSON entry (- for stdin): the fields of doko score's entry without players, "
            'rules and bock, or a quick entry {"winners": [...], "punkte": N}.',
        ),
        click.option("--game", help="Game type: normal, hochzeit, stille_hochzeit, armut, kreuz, pik, ... "),
        click.option("--re", "re_names", multiple=True, metavar="NAME", help="A player of Re (repeat; the soloist)."),
        click.option("--augen", type=int, help="Augen of Re, 0..240 (Kontra has the rest)."),
        click.option("--tricks-re", type=int, help="Tricks of Re (only to tell schwarz from a trick without Augen)."),
        click.option(
            "--ansage",
            multiple=True,
            metavar="PARTY:WHAT",
            help="An announcement (repeat): re:re, kontra:kontra, re:keine_90, kontra:keine_60, ..., re:schwarz.",
        ),
        click.option(
            "--extra",
            multiple=True,
            metavar="TYPE:PARTY",
            help="Sonderpunkte (repeat): fuchs_gefangen:re, doppelkopf:kontra, karlchen:re, ...",
        ),
        click.option("--pflichtsolo", is_flag=True, help="This solo is the player's Pflichtsolo."),
        click.option("--quick", is_flag=True, help="Quick mode: only the winners and the Punkte each gets."),
        click.option("--winner", "winners", multiple=True, metavar="NAME", help="Quick mode: a winner (repeat)."),
        click.option("--punkte", type=int, help="Quick mode: the Punkte each winner gets (a lone winner 3x)."),
        click.option(
            "--event",
            "events",
            multiple=True,
            metavar="TRIGGER",
            help="Quick mode: a Bock trigger the table saw (repeat), e.g. spaltarsch.",
        ),
        click.option("--author", default="", help="Who enters it (kept in the history)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


# -- showing a Liste ------------------------------------------------------------------------------------


def _multiplier(multiplier: int) -> str:
    return f"×{multiplier}" if multiplier != 1 else ""


def liste_table(players: Sequence[str], rows: Sequence[ListeRow]) -> Any:
    """The rich table of ``rows`` as seed 004 writes the list: the game, one column per player with the
    running totals, the Bock multiplier, who dealt and who sat out."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Spiel", overflow="fold")
    for name in players:
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("Bock", no_wrap=True)
    table.add_column("Geber", overflow="fold")
    seats_out = any(row.sitting_out for row in rows) or len(players) > 4
    if seats_out:
        table.add_column("Aus", overflow="fold")
    for row in rows:
        cells = [str(row.number), row.label, *(str(total) for total in row.totals), _multiplier(row.multiplier)]
        cells.append(row.dealer)
        if seats_out:
            cells.append(", ".join(row.sitting_out))
        table.add_row(*cells)
    return table


def liste_footer(liste: Liste | ListePage, pflichtsolo_rule: bool) -> list[str]:
    """The lines under the list (of a Liste or a page of it): the zero-sum check of its rows, Bock games
    owed, Pflichtsoli owed (``pflichtsolo_rule``: the sitting's rules have Pflichtsoli), the next game."""
    lines = []
    bad = [row.number for row in liste.rows if sum(row.totals) != 0]
    if bad:  # the Liste guarantees it; the check a table makes by hand, shown if it ever failed
        lines.append(f"Zero-sum check FAILED after game(s) {', '.join(map(str, bad))}")
    owed = liste.bock_queue
    lines.append("Bock games owed: " + (" ".join(f"×{m}" for m in owed) if owed else "none"))
    if pflichtsolo_rule:
        lines.append("Pflichtsolo owed: " + (", ".join(liste.pflichtsolo_owed) or "none"))
    nxt = liste.next
    text = f"Next: game {nxt.number}, {nxt.dealer} deals"
    if nxt.sitting_out:
        text += f", sitting out: {', '.join(nxt.sitting_out)}"
    if nxt.bock_multiplier != 1:
        text += f", Bock ×{nxt.bock_multiplier}"
    if nxt.forced_solo:
        text += f"; {nxt.forced_solo} must play the Pflichtsolo now (Vorführung)"
    lines.append(text)
    return lines


def _sitting_title(info: Any) -> str:
    place = f" at {info.place}" if getattr(info, "place", "") else ""
    return f"Liste of sitting {info.id}: {info.date}{place}, rules {info.rules_name}, {info.cents_per_point} ct/Punkt"


def _row_line(players: Sequence[str], row: ListeRow) -> str:
    points = ", ".join(f"{name} {total}" for name, total in zip(players, row.totals, strict=True))
    bock = f" (Bock ×{row.multiplier})" if row.multiplier != 1 else ""
    out = f"; sat out: {', '.join(row.sitting_out)}" if row.sitting_out else ""
    return f"game {row.number}: {row.label}{bock}{out}. Stand: {points}"


# -- the commands -----------------------------------------------------------------------------------------


@click.group("liste", context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    metavar="PATH|URL",
    default=None,
    help="The database: an SQLite file, or a URL (sqlite:///..., postgresql+psycopg://user:pw@host/db). "
    "Default: $DOKO_DATABASE_URL, else liste.sqlite in your data folder.",
)
@click.pass_context
def liste(ctx: click.Context, db: str | None) -> None:
    """Keep the score sheet (the Liste) of a group: sittings, games, corrections, settlement, statistics.

    \b
    doko liste new-group Donnerstag Anna Ben Carla Dirk
    doko liste new-sitting --group Donnerstag Anna Ben Carla Dirk
    doko liste add 1 --game kreuz --re Anna --augen 190
    doko liste add 1 --quick --winner Ben --winner Carla --punkte 4
    doko liste show 1            the list, Bock and Pflichtsolo owed, who deals next
    doko liste settle 1          who pays whom
    doko liste edit 1 2 ...      correct game 2 (everything after it is recomputed)
    doko liste stats --group Donnerstag --chart punkte.svg
    """
    ctx.obj = _Options(database_url(db))


@liste.command("new-group")
@click.argument("name")
@click.argument("players", nargs=-1)
@friendly
def new_group(name: str, players: tuple[str, ...]) -> None:
    """Create the group NAME with its PLAYERS (more can join with a sitting)."""
    info = store().create_group(name, players)
    click.echo(f"group {info.id} {info.name}: {', '.join(info.players) or 'no players yet'}")


@liste.command("groups")
@friendly
def groups() -> None:
    """List the groups and their players."""
    found = store().groups()
    if not found:
        click.echo("No groups yet: doko liste new-group NAME PLAYER...")
        return
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for head in ("#", "Group", "Players"):
        table.add_column(head, overflow="fold")
    for info in found:
        table.add_row(str(info.id), info.name, ", ".join(info.players))
    _console().print(table)


class LazyChoice(click.Choice):
    """A choice whose values are read when first needed (from a module not imported at start)."""

    def __init__(self, load: Callable[[], Sequence[str]]) -> None:
        super().__init__(())
        self._load = load

    @property
    def choices(self) -> Sequence[str]:
        return tuple(self._load())

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:  # set by click.Choice.__init__; the loader decides
        pass


def _sit_out_choices() -> Sequence[str]:
    from .liste import SIT_OUT

    return tuple(SIT_OUT)


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> datetime.date | None:
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value.strip())
    except ValueError:
        raise click.BadParameter(f"{value!r} is no date; write it as 2026-05-07", ctx, param) from None


@liste.command("new-sitting")
@click.option("--group", "group", required=True, help="The group: its name or number.")
@click.option("--rules", "rules_spec", default="ddv", show_default=True, help="A preset or a TOML rule file.")
@click.option("--cents", type=int, default=10, show_default=True, help="Cents per Punkt for the settlement.")
@click.option("--place", default="", help="Where the sitting is.")
@click.option("--date", "date", callback=_date, metavar="YYYY-MM-DD", help="The date [default: today].")
@click.option(
    "--sit-out",
    type=LazyChoice(_sit_out_choices),
    default="dealer",
    show_default=True,
    help="Who sits out at a table of five to seven (see doppelkopf.liste.SIT_OUT).",
)
@click.argument("players", nargs=-1, required=True)
@friendly
def new_sitting(
    group: str,
    rules_spec: str,
    cents: int,
    place: str,
    date: datetime.date | None,
    sit_out: str,
    players: tuple[str, ...],
) -> None:
    """Start a sitting of the group with 4 to 7 PLAYERS in seating order (the first deals first)."""
    from .cli import load_rules

    rules = load_rules(rules_spec)
    info = store().create_sitting(
        group_id(group), players, rules, cents_per_point=cents, date=date, place=place, sit_out=sit_out
    )
    click.echo(f"sitting {info.id}: {info.date}, {', '.join(info.players)}, rules {info.rules_name}")
    _announce_game(info.id, None)


@liste.command("sittings")
@click.option("--group", "group", required=True, help="The group: its name or number.")
@friendly
def sittings(group: str) -> None:
    """List the sittings of a group."""
    found = store().sittings(group_id(group))
    if not found:
        click.echo("No sittings yet: doko liste new-sitting --group G PLAYER...")
        return
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for head in ("#", "Date", "Place", "Players", "Rules", "ct/Punkt", "Games"):
        table.add_column(head, overflow="fold")
    for info in found:
        games = getattr(info, "games", "")
        table.add_row(
            str(info.id),
            str(info.date),
            info.place,
            ", ".join(info.players),
            info.rules_name,
            str(info.cents_per_point),
            str(games),
        )
    _console().print(table)


def _announce_game(sitting_id: int, number: int | None) -> None:
    """After a change: the row of game ``number`` (``None``: none) and who deals next, read as a page of
    one row (fast also for a long list)."""
    s = store()
    games = s.sitting(sitting_id).games
    shown = number if number is not None and 1 <= number <= games else None
    page = s.liste_page(sitting_id, page=shown or -1, per_page=1)
    if shown is not None:
        click.echo(_row_line(page.players, page.rows[0]))
    elif number is not None:
        click.echo(f"{games} game{'s' if games != 1 else ''} on the list.")
    click.echo(liste_footer(page, False)[-1])


@liste.command("add")
@click.argument("sitting", type=int)
@entry_options
@friendly
def add(sitting: int, author: str, **options: Any) -> None:
    """Add the next game to SITTING, as the table saw it (or --quick: winners and Punkte).

    \b
    doko liste add 1 --game normal --re Ben --re Carla --augen 151 --ansage re:re \\
        --extra fuchs_gefangen:re --extra doppelkopf:kontra
    doko liste add 1 --game kreuz --re Anna --augen 190
    doko liste add 1 --quick --winner Anna --punkte 3        (a lone winner gets 3x: a solo)
    doko liste add 1 --entry game.json
    """
    entry = entry_from_options(**options)
    info = store().add_game(sitting, entry, author=author)
    _announce_game(sitting, info.number)


def _current_version(sitting_id: int, number: int, version: int | None) -> int:
    """The version of game ``number`` the change is made against: ``--version`` if given (what the user
    saw, e.g. in ``doko liste history``), else the game's version now."""
    if version is not None:
        return version
    return int(store().game(sitting_id, number).version)


@liste.command("edit")
@click.argument("sitting", type=int)
@click.argument("number", type=int)
@entry_options
@click.option("--version", "version", type=int, help="The game's version you saw (doko liste history) [default: now].")
@friendly
def edit(sitting: int, number: int, author: str, version: int | None, **options: Any) -> None:
    """Replace game NUMBER of SITTING with the entry given (same options as add); every game after it is
    recomputed (Bock, Pflichtsolo, totals). The old entry stays in the history."""
    entry = entry_from_options(**options)
    info = store().edit_game(sitting, number, entry, version=_current_version(sitting, number, version), author=author)
    click.echo(f"game {info.number} changed (version {info.version})")
    _announce_game(sitting, number)


@liste.command("delete")
@click.argument("sitting", type=int)
@click.argument("number", type=int)
@click.option("--version", "version", type=int, help="The game's version you saw (doko liste history) [default: now].")
@click.option("--author", default="", help="Who deletes it (kept in the history).")
@friendly
def delete(sitting: int, number: int, version: int | None, author: str) -> None:
    """Delete game NUMBER of SITTING: the games after it move up and are recomputed (a Bock the game
    started is gone). The deleted game stays in the history."""
    store().delete_game(sitting, number, version=_current_version(sitting, number, version), author=author)
    click.echo(f"game {number} deleted")
    _announce_game(sitting, 0)


#: Games up to which ``doko liste show`` prints the whole list; a longer one shows its last page (--all: whole).
SHOW_WHOLE_LIMIT = 200


@liste.command("show")
@click.argument("sitting", type=int)
@click.option("--page", type=click.IntRange(1), default=None, help="Only this page of the list (--per-page rows).")
@click.option("--last", "last", is_flag=True, help="Only the last page of the list.")
@click.option("--all", "whole", is_flag=True, help=f"The whole list, also when it has over {SHOW_WHOLE_LIMIT} games.")
@click.option("--per-page", type=click.IntRange(1, 1000), default=50, show_default=True, help="Rows per page.")
@friendly
def show(sitting: int, page: int | None, last: bool, whole: bool, per_page: int) -> None:
    """Show the Liste of SITTING: one column per player with the running totals, each game's Bock
    multiplier, who dealt and sat out; then Bock games and Pflichtsoli owed and who deals next.

    The whole list up to 200 games; a longer one shows its last page unless --all is given."""
    if sum((page is not None, last, whole)) > 1:
        raise click.UsageError("give only one of --page N, --last and --all")
    s = store()
    info = s.sitting(sitting)
    console = _console()
    paged = page is not None or last or (not whole and info.games > SHOW_WHOLE_LIMIT)
    current: Liste | ListePage
    if paged:
        result = s.liste_page(sitting, page=page or -1, per_page=per_page)
        games = f"{result.games} game{'s' if result.games != 1 else ''}"
        console.print(f"{_sitting_title(info)} (page {result.page} of {result.pages}, {games})")
        console.print(liste_table(result.players, result.rows))
        if page is None and not last:
            console.print(f"The last {len(result.rows)} of {games}: --all shows them all, --page N one page.")
        current = result
    else:
        current = s.liste(sitting)
        console.print(_sitting_title(info))
        console.print(liste_table(current.players, current.rows))
    if not current.rows:
        console.print("No games yet: doko liste add SITTING ...")
    for line in liste_footer(current, s.rules(sitting).pflichtsolo):
        console.print(line)


@liste.command("settle")
@click.argument("sitting", type=int)
@friendly
def settle(sitting: int) -> None:
    """The settlement of SITTING at its rate: each player's Stand and amount, then the fewest transfers
    ("Ben zahlt Anna 0,40 €")."""
    from rich.table import Table

    from .sheet import format_euro

    s = store()
    info = s.sitting(sitting)
    current = s.liste(sitting)
    cents = int(info.cents_per_point)
    table = Table(box=None, pad_edge=False)
    for head, justify in (("Spieler", "left"), ("Stand", "right"), ("Betrag", "right")):
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    for name in current.players:
        total = current.totals[name]
        table.add_row(name, str(total), format_euro(total * cents))
    console = _console()
    console.print(f"Abrechnung von Sitzung {info.id} ({cents} ct/Punkt)")
    console.print(table)
    transfers = current.settlement(cents)
    if not transfers:
        console.print("Niemand zahlt.")
    for t in transfers:
        console.print(f"{t.payer} zahlt {t.payee} {format_euro(t.cents)}")


@liste.command("history")
@click.argument("sitting", type=int)
@click.argument("number", type=int)
@friendly
def history(sitting: int, number: int) -> None:
    """Every version of game NUMBER of SITTING: when, by whom, what was entered (deleted ones too)."""
    from rich.table import Table

    versions = store().history(sitting, number)
    if not versions:
        raise CommandError(f"game {number}: sitting {sitting} has no game {number}")
    table = Table(box=None, pad_edge=False)
    for head in ("Version", "When", "Who", "What", "Entry"):
        table.add_column(head, overflow="fold")
    for v in versions:
        when = v.changed_at.strftime("%Y-%m-%d %H:%M") if hasattr(v.changed_at, "strftime") else str(v.changed_at)
        what = {"add": "entered", "edit": "changed", "delete": "deleted"}.get(v.action, v.action)
        entry = json.dumps(v.entry, ensure_ascii=False, separators=(", ", ": "))
        table.add_row(str(v.version), when, v.author or "-", what, entry)
    console = _console()
    console.print(f"Game {number} of sitting {sitting}")
    console.print(table)


# -- statistics ------------------------------------------------------------------------------------------


def _stats_rows(stats: Stats) -> list[tuple[str, list[str]]]:
    """The rows (label, one cell per player) of the statistics table."""
    from .sheet import format_euro

    players = stats.players

    def of(won: Callable[[Any], int], played: Callable[[Any], int]) -> list[str]:
        return [f"{won(p)}/{played(p)}" for p in players]

    return [
        ("Sittings", [str(p.sittings) for p in players]),
        ("Games", [str(p.games) for p in players]),
        ("Punkte", [str(p.punkte) for p in players]),
        ("Won as Re", of(lambda p: p.won_re, lambda p: p.games_re)),
        ("Won as Kontra", of(lambda p: p.won_kontra, lambda p: p.games_kontra)),
        ("Soli won", of(lambda p: p.soli_won, lambda p: p.soli)),
        ("Announced and won", of(lambda p: p.announcements_won, lambda p: p.announcements)),
        ("Bock games", [str(p.bock_games) for p in players]),
        ("Punkte in Bock games", [str(p.punkte_bock) for p in players]),
        ("Money", [format_euro(p.cents) for p in players]),
    ]


def punkte_series(stats: Stats) -> dict[str, list[int]]:
    """Each player's Punkte summed over the sittings, after each game in order of play (the chart's lines)."""
    return {p.name: [point.overall.get(p.name, 0) for point in stats.chart] for p in stats.players}


def won_counts(stats: Stats) -> dict[str, dict[str, int]]:
    """Each player's games won as Re, as Kontra and as the soloist (the bar chart's bars)."""
    return {p.name: {"Re": p.won_re, "Kontra": p.won_kontra, "Solo": p.soli_won} for p in stats.players}


@liste.command("stats")
@click.option("--group", "group", required=True, help="The group: its name or number.")
@click.option("--sitting", "sitting_ids", type=int, multiple=True, help="Only these sittings (repeat).")
@click.option("--since", callback=_date, metavar="YYYY-MM-DD", help="Only sittings on or after this date.")
@click.option("--until", callback=_date, metavar="YYYY-MM-DD", help="Only sittings on or before this date.")
@click.option("--chart", metavar="FILE.svg|FILE.png", help="Draw each player's Punkte over the games into this file.")
@click.option("--won-chart", metavar="FILE.svg|FILE.png", help="Draw the games won as Re, Kontra, soloist.")
@click.option("--force", is_flag=True, help="Replace existing chart files.")
@friendly
def stats(
    group: str,
    sitting_ids: tuple[int, ...],
    since: datetime.date | None,
    until: datetime.date | None,
    chart: str | None,
    won_chart: str | None,
    force: bool,
) -> None:
    """Statistics per player over the sittings chosen (all by default): Punkte, games won as Re and as
    Kontra, soli, announcements, Bock, money; --chart and --won-chart draw them as SVG or PNG."""
    from rich.table import Table

    from .charts import chart_format

    charts = [(path, option) for path, option in ((chart, "--chart"), (won_chart, "--won-chart")) if path]
    for path, option in charts:  # every output checked before anything is computed
        try:
            chart_format(path)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint=option) from None
        _check_output(path, option, force)
    gid = group_id(group)
    group_name = store().group(gid).name
    result = store().stats(gid, sitting_ids or None, since=since, until=until)
    sittings_text = f"{len(result.sittings)} sitting{'s' if len(result.sittings) != 1 else ''}"
    title = f"{result.games} game{'s' if result.games != 1 else ''} in {sittings_text}"
    table = Table(box=None, pad_edge=False)
    table.add_column("")
    for p in result.players:
        table.add_column(p.name, justify="right", no_wrap=True)
    for label, cells in _stats_rows(result):
        table.add_row(label, *cells)
    console = _console()
    console.print(f"Statistics of {group_name}: {title}")
    console.print(table)
    if chart:
        from .charts import punkte_chart

        write_atomic(chart, punkte_chart(punkte_series(result), title=f"Punkte: {title}", fmt=chart_format(chart)))
        click.echo(f"chart saved in {chart}")
    if won_chart:
        from .charts import bar_chart

        data = bar_chart(won_counts(result), title=f"Won: {title}", ylabel="Spiele", fmt=chart_format(won_chart))
        write_atomic(won_chart, data)
        click.echo(f"chart saved in {won_chart}")


# -- import and export ----------------------------------------------------------------------------------


def _check_output(path: str, option: str, force: bool) -> None:
    """Refuse an output file that exists (without --force) or cannot be written; ``-`` is stdout."""
    if path == "-":
        return
    from .cli import _check_output as check

    if check(path, option) and not force:
        raise click.BadParameter(f"{path} exists; choose another file, or add --force to replace it", param_hint=option)


def write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file beside it, moved over it);
    ``-`` writes to standard output."""
    if path == "-":
        stream = click.get_binary_stream("stdout")
        stream.write(data)
        stream.flush()
        return
    import tempfile

    target = Path(path).resolve()
    handle = tempfile.NamedTemporaryFile("wb", dir=target.parent, prefix=f".{target.name}.", delete=False)
    try:
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(handle.name, target)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise


@liste.command("export")
@click.argument("sitting", type=int, required=False)
@click.option("--csv", "csv_file", metavar="FILE", help="The Liste of SITTING as CSV (- for standard output).")
@click.option("--json", "json_file", metavar="FILE", help="Everything (or --group) as JSON, lossless (- for stdout).")
@click.option("--group", "group", help="With --json: only this group.")
@click.option("--force", is_flag=True, help="Replace an existing file.")
@friendly
def export(sitting: int | None, csv_file: str | None, json_file: str | None, group: str | None, force: bool) -> None:
    """Export the Liste of SITTING as CSV (--csv FILE), or every group, sitting and game version as JSON
    (--json FILE), which doko liste import reads back."""
    if (csv_file is None) == (json_file is None):
        raise click.UsageError("give one of --csv FILE (with SITTING) or --json FILE")
    if csv_file is not None:
        if sitting is None:
            raise click.UsageError("--csv: which SITTING? doko liste export SITTING --csv FILE")
        _check_output(csv_file, "--csv", force)
        write_atomic(csv_file, store().export_csv(sitting).encode("utf-8"))
        if csv_file != "-":
            click.echo(f"sitting {sitting} saved in {csv_file}")
        return
    assert json_file is not None
    if sitting is not None:
        raise click.UsageError("--json exports everything or a --group, not one sitting")
    _check_output(json_file, "--json", force)
    data = store().export_json(group_id(group) if group is not None else None)
    write_atomic(json_file, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    if json_file != "-":
        click.echo(f"saved in {json_file}")


@liste.command("import")
@click.argument("file", type=click.File("rb"))
@friendly
def import_(file: IO[bytes]) -> None:
    """Import groups, sittings and games from a JSON FILE that doko liste export --json wrote."""
    from .fileutil import decode_text, read_limited
    from .jsonutil import loads_strict

    name = getattr(file, "name", "-")
    data = read_limited(file, IMPORT_LIMIT + 1)
    if len(data) > IMPORT_LIMIT:
        raise CommandError(f"{name}: larger than {IMPORT_LIMIT >> 20} MiB, not an export of doko liste")
    try:
        parsed = loads_strict(decode_text(data))
    except json.JSONDecodeError as exc:
        raise CommandError(f"{name} line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:
        raise CommandError(f"{name}: {exc}") from None
    if not isinstance(parsed, dict):
        raise CommandError(f"{name}: expected a JSON object, as doko liste export --json writes")
    imported = store().import_json(parsed)
    for info in imported:
        click.echo(f"group {info.id} {info.name}: {', '.join(info.players)}")


@liste.command("import-records")
@click.option("--group", "group", required=True, help="The group: its name or number.")
@click.option("--cents", type=int, default=10, show_default=True, help="Cents per Punkt for the settlement.")
@click.option("--place", default="", help="Where the games were played.")
@click.option("--date", "date", callback=_date, metavar="YYYY-MM-DD", help="The date [default: the records'].")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@friendly
def import_records(group: str, cents: int, place: str, date: datetime.date | None, file: str) -> None:
    """Import the game records of doko play / doko simulate (JSON Lines) as a new sitting of the group:
    the records' rules and players, each finished game as the table would have entered it."""
    info = store().import_records(group_id(group), file, cents_per_point=cents, date=date, place=place)
    click.echo(f"sitting {info.id}: {info.games} games from {file}, {', '.join(info.players)}")


# -- doko serve ----------------------------------------------------------------------------------------

#: The libraries of the web app (the extra ``web``): a missing one is named with the install command.
WEB_LIBRARIES = ("uvicorn", "fastapi", "starlette", "jinja2", "multipart", "python_multipart", "matplotlib")


@click.command("serve")
@click.option("--db", metavar="PATH|URL", default=None, help="The database, as for doko liste --db.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every phone).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@friendly
def serve(db: str | None, host: str, port: int) -> None:
    """Start the score sheet in the browser (FastAPI + uvicorn): groups, sittings, entering games on a
    phone, the live list, corrections, settlement and statistics. Ctrl-C stops it."""
    try:
        import uvicorn

        from .web.app import create_app
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in WEB_LIBRARIES:
            raise
        raise CommandError(
            f"doko serve needs the web extra ({exc.name} is missing): pip install 'doppelkopf[web]'"
        ) from None
    from .storage import default_url

    url = database_url(db) or default_url()
    app = create_app(url)
    shown_host = f"[{host}]" if ":" in host else host
    click.echo(f"Liste at http://{shown_host}:{port}/ (database {shown_url(url)}); Ctrl-C stops.")
    # Ctrl-C: open live-list streams (server-sent events) are closed after 2 s instead of waiting for them.
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def commands() -> Iterator[click.Command]:
    """The commands :mod:`doppelkopf.cli` adds to ``doko``."""
    yield liste
    yield serve


if __name__ == "__main__":  # pragma: no cover
    sys.exit(liste())


__all__ = ["CommandError", "commands", "database_url", "entry_from_options", "liste", "serve"]
