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
    doko liste edit 1 2 --version 2 --game normal --re Ben --re Carla --augen 160

``show`` prints each game's version (column ``v``); ``edit`` and ``delete`` take the version the user saw
(``--version``), so a game someone else changed meanwhile is not overwritten (a Conflict, nothing written).

The database is ``--db PATH|URL`` (a file name is an SQLite file), else ``$DOKO_DATABASE_URL``, else an
SQLite file in the user's data folder (:func:`doppelkopf.storage.default_url`). Every error (a bad
entry, an unknown player, a game changed by someone else meanwhile) is one line ``error: ...`` with
exit status 2, and nothing is written.

This module imports only click and :mod:`doppelkopf.cli.common` at import time: the storage (SQLAlchemy), rich,
matplotlib and the web app are imported by the commands that need them, and the lists of game types,
announcements and Sonderpunkte in the help are read from the core when the help is shown, so ``doko
--help`` stays fast.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from ..extras import missing_library
from ..messages import N_, one_line
from .common import check_output, friendly_errors, load_rules, print_plain, settlement_lines, sitting_over_line
from .lang import DokoGroup, DokoOption, and_list, ngettext, number, option, tr
from .lang import gettext as _

if TYPE_CHECKING:
    from rich.console import Console

    from ..liste import Liste, ListeRow, NextGame
    from ..storage import ListePage, Stats, Store

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

#: Largest JSON file ``doko liste import`` reads (an export of 10,000 games with all versions is ~10 MiB).
IMPORT_LIMIT = 512 << 20


class CommandError(click.ClickException):
    """A one-line error of a ``doko liste`` command: printed as ``error: ...``, exit status 2."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message) or _("unknown error"))

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(_("error: {message}").format(message=self.format_message()), err=True, file=file)


def _other_error(exc: Exception) -> str | None:
    """The message of an error that is no ValueError or OSError: a missing library, the database's."""
    if isinstance(exc, ImportError):
        return missing_library(exc)
    if type(exc).__module__.split(".")[0] in ("sqlalchemy", "psycopg", "sqlite3", "alembic"):
        first = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return _("database: {message}").format(message=first[0] if first else type(exc).__name__)
    return None


def friendly(func: F) -> F:
    """Turn the errors of the Liste, the entries, the storage and the files (all ValueErrors or OSErrors),
    those of the database driver and a missing optional library (named with its extra) into one line
    ``error: ...`` with exit status 2, never a traceback (:func:`doppelkopf.cli.friendly_errors`)."""
    return friendly_errors(func, error=CommandError, other=_other_error)


# -- the database ---------------------------------------------------------------------------------


def database_url(db: str | None) -> str | None:
    """The database URL of ``--db``: a URL (``sqlite:///...``, ``postgresql+psycopg://...``) as given, a
    file name as the URL of that SQLite file (``~`` expanded, made absolute); ``None`` (no ``--db``): the
    storage's default (``$DOKO_DATABASE_URL`` or the user's data folder)."""
    if db is None:
        return None
    text = db.strip()
    if not text:
        raise click.BadParameter(_("the database is empty; give a file name or a URL"), param_hint="--db")
    from ..storage.service import in_memory

    if in_memory(text):
        raise click.BadParameter(_("an in-memory database keeps nothing; give a file"), param_hint="--db")
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
    url: str | None = None
    store: Store | None = None


def store() -> Store:
    """The store of the running command (opened on first use, at the Alembic head; closed after it)."""
    ctx = click.get_current_context()
    options = ctx.find_object(_Options)
    if options is None:  # a command run outside the group (tests): the default database
        options = ctx.ensure_object(_Options)
    if options.store is None:
        from ..storage import open_store
        from ..storage.service import ENV_URL, in_memory

        if options.url is None and in_memory(os.environ.get(ENV_URL, "")):
            raise CommandError(f"${ENV_URL}: " + _("an in-memory database keeps nothing; give a file"))
        options.store = open_store(options.url)
        close = getattr(options.store, "close", None)
        if callable(close):
            ctx.find_root().call_on_close(close)
    return options.store


def _console() -> Console:
    from rich.console import Console

    from .common import PIPE_WIDTH

    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else PIPE_WIDTH
    return Console(highlight=False, markup=False, soft_wrap=False, width=width)


# -- finding groups, sittings and games -------------------------------------------------------------


def group_id(spec: str) -> int:
    """The id of the group ``spec``: its number, or its name (any case). Raises CommandError naming
    ``--group`` with the groups there are."""
    from ..names import name_key

    groups = store().groups()
    text = spec.strip()
    if text.isdigit():
        for group in groups:
            if group.id == int(text):
                return int(group.id)
    for group in groups:
        if name_key(group.name) == name_key(text):
            return int(group.id)
    known = ", ".join(f"{g.id} {g.name}" for g in groups) or _("none yet (doko liste new-group NAME PLAYER...)")
    raise CommandError(_("--group: no group {spec}; groups: {known}").format(spec=repr(spec), known=known))


# -- entries from the command line --------------------------------------------------------------------


def _pair(text: str, option: str, example: str) -> tuple[str, str]:
    left, sep, right = text.partition(":")
    if not sep or not left.strip() or not right.strip():
        raise click.BadParameter(
            _("expected {example}, got {given}").format(example=example, given=repr(text)), param_hint=option
        )
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
    if game is not None and not game.strip():
        raise click.BadParameter(_("empty; give a game type (see --help)"), param_hint="--game")
    full_given = bool(game or re_names or augen is not None or tricks_re is not None or ansage or extra)
    quick = quick or bool(winners) or punkte is not None or bool(events)
    if entry_file is not None:
        if full_given or quick or pflichtsolo:
            raise click.UsageError(_("--entry: give the game as a file or with options, not both"))
        from ..entry import read_entry_file

        name = getattr(entry_file, "name", "-")
        source = "<stdin>" if name in ("<stdin>", "-") or not isinstance(name, str) else name
        return read_entry_file(entry_file, source)
    if quick:
        if re_names or augen is not None or tricks_re is not None or ansage or extra:
            used = [o for o, v in (("--re", re_names), ("--augen", augen), ("--tricks-re", tricks_re)) if v]
            used += [o for o, v in (("--ansage", ansage), ("--extra", extra)) if v]
            raise click.UsageError(
                _(
                    "{options}: not in quick mode (--quick, --winner, --punkte): a quick entry has only "
                    "the winners and their Punkte"
                ).format(options=", ".join(used))
            )
        if punkte is None:
            raise click.BadParameter(_("missing: the Punkte each winner gets (0 if nobody won)"), param_hint="--punkte")
        entry: dict[str, Any] = {"winners": list(winners), "punkte": punkte}
        if game:
            entry["game"] = game
        if events:
            entry["events"] = list(events)
    else:
        if not full_given and not pflichtsolo:
            raise click.UsageError(
                _(
                    "no game given: --game TYPE --re NAME --augen N (the table's entry), --quick --winner NAME "
                    "--punkte N, or --entry FILE"
                )
            )
        if not re_names:
            raise click.BadParameter(_("missing: the Re party (the soloist alone in a solo)"), param_hint="--re")
        if augen is None:
            raise click.BadParameter(_("missing: the Augen of Re (0..240)"), param_hint="--augen")
        from ..entry import PARTY_KEYS

        announcements: dict[str, list[str]] = {party: [] for party in PARTY_KEYS}
        for item in ansage:
            party, what = _pair(item, "--ansage", _("PARTY:WHAT like re:re, kontra:kontra or re:keine_90"))
            if party not in announcements:
                parties = " or ".join(PARTY_KEYS)
                raise click.BadParameter(
                    _("{item}: the party is {parties}, not {party}").format(
                        item=repr(item), parties=parties, party=repr(party)
                    ),
                    param_hint="--ansage",
                )
            announcements[party].append(what)
        extras = []
        for item in extra:
            kind, party = _pair(item, "--extra", _("TYPE:PARTY like fuchs_gefangen:re or doppelkopf:kontra"))
            extras.append({"type": kind, "party": party})
        entry = {"game": game or "normal", "re": list(re_names), "augen_re": augen}
        if tricks_re is not None:
            entry["tricks_re"] = tricks_re
        if any(announcements.values()):
            entry["announcements"] = announcements
        if extras:
            entry["extras"] = extras
    if pflichtsolo:
        entry["pflichtsolo"] = True
    return entry


class LazyHelpOption(DokoOption):
    """An option whose help text is made when the help is shown, by ``lazy_help``: the lists it names are
    read from the core module that holds them (imported only then, so ``doko`` starts fast)."""

    def __init__(self, *args: Any, lazy_help: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_help = lazy_help

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = self.lazy_help()
        return super().get_help_record(ctx)


def _game_help() -> str:
    from ..rules import GameType

    games = ", ".join(game.key for game in GameType)
    return _("Game type: {games} [default: normal]; the sitting's rules decide which (doko rules show RULES).").format(
        games=games
    )


def _ansage_help() -> str:
    from ..entry import PARTY_KEYS
    from ..rules import LEVEL_KEYS

    ansagen = ", ".join(f"{party}:{party}" for party in PARTY_KEYS)
    absagen = ", ".join(LEVEL_KEYS.values())
    return _("An announcement PARTY:WHAT (repeat): the Ansage {ansagen}; an Absage PARTY:{absagen}.").format(
        ansagen=ansagen, absagen="{" + absagen + "}"
    )


def _extra_help() -> str:
    from ..entry import EXTRA_TYPES, PARTY_KEYS

    return _(
        "Sonderpunkte TYPE:PARTY (repeat), TYPE one of {types}, PARTY {parties} (who scored it); the sitting's "
        "rules decide which count."
    ).format(types=", ".join(EXTRA_TYPES), parties=" / ".join(PARTY_KEYS))


def _event_help() -> str:
    from ..session import BOCK_TRIGGERS, QUICK_DERIVED_TRIGGERS

    events = ", ".join(key for key in BOCK_TRIGGERS if key not in QUICK_DERIVED_TRIGGERS)
    derived = and_list(QUICK_DERIVED_TRIGGERS)
    return _(
        "Quick mode: a Bock trigger the table saw (repeat): {events}, where the sitting's rules have it "
        "({derived} are derived)."
    ).format(events=events, derived=derived)


def entry_options(func: F) -> F:
    """The options of ``add`` and ``edit`` that describe a game."""
    options = [
        option(
            "--entry",
            "entry_file",
            type=click.File("rb"),
            help=N_(
                "The game as a JSON entry (- for stdin): the fields of doko score's entry without players, "
                'rules and bock, or a quick entry {"winners": [...], "punkte": N}.'
            ),
        ),
        option("--game", cls=LazyHelpOption, lazy_help=_game_help),
        option("--re", "re_names", multiple=True, metavar="NAME", help=N_("A player of Re (repeat; the soloist).")),
        option("--augen", type=int, help=N_("Augen of Re, 0..240 (Kontra has the rest).")),
        option("--tricks-re", type=int, help=N_("Tricks of Re (only to tell schwarz from a trick without Augen).")),
        option("--ansage", multiple=True, metavar="PARTY:WHAT", cls=LazyHelpOption, lazy_help=_ansage_help),
        option("--extra", multiple=True, metavar="TYPE:PARTY", cls=LazyHelpOption, lazy_help=_extra_help),
        option("--pflichtsolo", is_flag=True, help=N_("This solo is the player's Pflichtsolo.")),
        option("--quick", is_flag=True, help=N_("Quick mode: only the winners and the Punkte each gets.")),
        option("--winner", "winners", multiple=True, metavar="NAME", help=N_("Quick mode: a winner (repeat).")),
        option("--punkte", type=int, help=N_("Quick mode: the Punkte each winner gets (a lone winner 3x).")),
        option("--event", "events", multiple=True, metavar="TRIGGER", cls=LazyHelpOption, lazy_help=_event_help),
        option("--author", default="", help=N_("Who enters it (kept in the history).")),
    ]
    for decorator in reversed(options):
        func = decorator(func)
    return func


# -- showing a Liste ------------------------------------------------------------------------------------


def _multiplier(multiplier: int) -> str:
    return f"×{multiplier}" if multiplier != 1 else ""


def short_names(players: Sequence[str]) -> dict[str, str]:
    """Each name's shortest beginning that no other name starts with (compared in any case): ``Anna, Ben,
    Carla, Christine`` -> ``A, B, Ca, Ch``; a name that begins another one stays whole. For the headers
    of a narrow list.

    >>> short_names(["Anna", "Ben", "Carla", "Christine"])
    {'Anna': 'A', 'Ben': 'B', 'Carla': 'Ca', 'Christine': 'Ch'}
    """
    out = {}
    for name in players:
        others = [o.casefold() for o in players if o != name]
        for k in range(1, len(name) + 1):
            if not any(o.startswith(name[:k].casefold()) for o in others):
                out[name] = name[:k]
                break
        else:
            out[name] = name
    return out


def row_label(row: ListeRow) -> str:
    """The game as the list shows it: seed 004's label, `` · Pflichtsolo`` for a player's Pflichtsolo and
    ``→ Bock`` for a game that started Bock games (``Kreuzsolo Anna −9 · Pflichtsolo → Bock``)."""
    from .common import list_label

    label = list_label(row.label)
    if row.pflichtsolo:
        label += " · Pflichtsolo"
    if row.triggers:
        label += " → Bock"
    return label


def liste_table(
    players: Sequence[str],
    rows: Sequence[ListeRow],
    versions: Sequence[int] = (),
    short: Mapping[str, str] | None = None,
) -> Any:
    """The rich table of ``rows`` as seed 004 writes the list: the game, one column per player with the
    running totals, the Bock multiplier, who dealt and who sat out; with ``versions`` (one per row) the
    column ``v``, each game's version, which ``edit`` and ``delete`` take as ``--version``. With ``short``
    (name -> short name, :func:`short_names`) the players' columns, the dealer and who sat out are written
    short (for a narrow console; the caller prints the legend). The numbers are never cut."""
    from rich import box
    from rich.table import Table

    def shown(name: str) -> str:
        return short.get(name, name) if short else name

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right", no_wrap=True)
    if versions:
        table.add_column("v", justify="right", no_wrap=True)
    table.add_column(
        _("Game"), overflow="fold", min_width=min(LABEL_MIN_WIDTH, max([4, *map(len, map(row_label, rows))]))
    )
    for k, name in enumerate(players):
        widest = max([len(shown(name)), *(len(str(row.written_totals[k])) for row in rows)])
        table.add_column(shown(name), justify="right", no_wrap=True, min_width=widest)
    table.add_column("Bock", no_wrap=True)
    table.add_column(_("Dealer"), no_wrap=True, min_width=max([6, *(len(shown(row.dealer)) for row in rows)]))
    seats_out = any(row.sitting_out for row in rows) or len(players) > 4
    if seats_out:  # one name a line at the least
        table.add_column(_("Out"), overflow="fold", min_width=max(len(shown(name)) + 1 for name in players))
    for i, row in enumerate(rows):
        cells = [str(row.number), *([str(versions[i])] if versions else []), row_label(row)]
        cells += [*(number(total) for total in row.written_totals), _multiplier(row.multiplier), shown(row.dealer)]
        if seats_out:
            cells.append(", ".join(shown(name) for name in row.sitting_out))
        table.add_row(*cells)
    return table


#: The narrowest the column of the games' labels gets (they fold onto more lines below it).
LABEL_MIN_WIDTH = 16


def _table_width(
    players: Sequence[str], rows: Sequence[ListeRow], versions: Sequence[int], shown: Mapping[str, str]
) -> int:
    """The columns of :func:`liste_table` need at least this many characters: each number whole, each
    name (as ``shown``) on one line, the label folded at :data:`LABEL_MIN_WIDTH`, two spaces between columns."""
    names = [shown.get(name, name) for name in players]
    widths = [max([1, *(len(str(row.number)) for row in rows)])]
    if versions:
        widths.append(max([1, *(len(str(v)) for v in versions)]))
    widths.append(min(LABEL_MIN_WIDTH, max([4, *(len(row_label(row)) for row in rows)])))
    widths += [max([len(n), *(len(str(row.written_totals[k])) for row in rows)]) for k, n in enumerate(names)]
    widths += [4, max([6, *(len(shown.get(row.dealer, row.dealer)) for row in rows)])]
    if any(row.sitting_out for row in rows) or len(players) > 4:
        widths.append(max([3, *(len(n) + 1 for n in names)]))
    return sum(widths) + 2 * (len(widths) - 1)


def fitting_liste_table(
    console: Console, players: Sequence[str], rows: Sequence[ListeRow], versions: Sequence[int] = ()
) -> tuple[Any, str | None]:
    """The table of :func:`liste_table` that fits ``console``: with the whole names, or, when they do not fit
    even with the games' labels folded, with short names and their legend (``A=Anna, B=Ben, ...``)."""
    if _table_width(players, rows, versions, {}) <= console.width:
        return liste_table(players, rows, versions), None
    short = short_names(players)
    legend = ", ".join(f"{short[name]}={name}" for name in players)
    return liste_table(players, rows, versions, short), legend


def liste_footer(liste: Liste | ListePage, pflichtsolo_rule: bool) -> list[str]:
    """The lines under the list (of a Liste or a page of it): the zero-sum check of its rows, Bock games
    owed, Pflichtsoli owed (``pflichtsolo_rule``: the sitting's rules have Pflichtsoli), the next game."""
    lines = []
    bad = [row.number for row in liste.rows if sum(row.totals) != 0]
    if bad:  # the Liste guarantees it; the check a table makes by hand, shown if it ever failed
        lines.append(_("Zero-sum check FAILED after game(s) {games}").format(games=", ".join(map(str, bad))))
    owed = liste.bock_queue
    lines.append(_("Bock games owed: {owed}").format(owed=" ".join(f"×{m}" for m in owed) if owed else _("none")))
    if pflichtsolo_rule:
        lines.append(_("Pflichtsolo owed: {owed}").format(owed=", ".join(liste.pflichtsolo_owed) or _("none")))
    lines.append(next_line(liste.next))
    over = sitting_over_line(liste.over)
    if over:
        lines.append(over)
    return lines


def next_line(nxt: NextGame) -> str:
    """``Next: game 6, Anna deals, sitting out: Anna, Bock ×2``: the next game, as the table needs it."""
    text = _("Next: game {number}, {dealer} deals").format(number=nxt.number, dealer=nxt.dealer)
    if nxt.sitting_out:
        text += ", " + _("sitting out: {names}").format(names=", ".join(nxt.sitting_out))
    if nxt.bock_multiplier != 1:
        text += f", Bock ×{nxt.bock_multiplier}"
    if nxt.forced_solo:
        text += "; " + _("{name} must play the Pflichtsolo now (Vorführung)").format(name=nxt.forced_solo)
    return text


def _sitting_title(info: Any) -> str:
    date = tr().date(info.date) if isinstance(info.date, datetime.date) else str(info.date)
    if getattr(info, "place", ""):
        return _("Liste of sitting {id}: {date} at {place}, rules {rules}, {cents} ct/Punkt").format(
            id=info.id, date=date, place=info.place, rules=info.rules_name, cents=info.cents_per_point
        )
    return _("Liste of sitting {id}: {date}, rules {rules}, {cents} ct/Punkt").format(
        id=info.id, date=date, rules=info.rules_name, cents=info.cents_per_point
    )


def _row_text(players: Sequence[str], row: ListeRow) -> str:
    from .common import list_label

    points = ", ".join(f"{name} {number(total)}" for name, total in zip(players, row.written_totals, strict=True))
    bock = f" (Bock ×{row.multiplier})" if row.multiplier != 1 else ""
    out = "; " + _("sat out: {names}").format(names=", ".join(row.sitting_out)) if row.sitting_out else ""
    return f"{list_label(row.label)}{bock}{out}. " + _("Stand: {points}").format(points=points)


def _report(sitting_id: int, head: str | None = None, row: ListeRow | None = None, count: bool = False) -> None:
    """After a change: ``head`` (``game 3 entered (version 7)``) with the game's row and the Stand after
    it (or with ``count`` the games on the list), then who deals next; read as the last page of one row
    (fast also for a long list)."""
    page = store().liste_page(sitting_id, page=-1, per_page=1)
    if head is not None:
        if row is not None:
            head += f": {_row_text(page.players, row)}"
        if count:
            head += "; " + ngettext("{n} game on the list", "{n} games on the list", page.games).format(n=page.games)
        click.echo(head)
    click.echo(next_line(page.next))


# -- the commands -----------------------------------------------------------------------------------------


@click.group(
    "liste",
    cls=DokoGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_(
        "Keep the score sheet (the Liste) of a group: sittings, games, corrections, settlement, statistics.\n"
        "\n"
        "\b\n"
        "doko liste new-group Donnerstag Anna Ben Carla Dirk\n"
        "doko liste new-sitting --group Donnerstag Anna Ben Carla Dirk\n"
        "doko liste add 1 --game kreuz --re Anna --augen 190\n"
        "doko liste add 1 --quick --winner Ben --winner Carla --punkte 4\n"
        "doko liste show 1            the list (v: each game's version), Bock and Pflichtsolo owed, who deals next\n"
        "doko liste settle 1          who pays whom\n"
        "doko liste edit 1 2 --version V ...   correct game 2 (everything after it is recomputed)\n"
        "doko liste stats --group Donnerstag --chart punkte.svg"
    ),
)
@option(
    "--db",
    metavar="PATH|URL",
    default=None,
    help=N_(
        "The database: an SQLite file, or a URL (sqlite:///..., postgresql+psycopg://user:pw@host/db). "
        "Default: $DOKO_DATABASE_URL, else liste.sqlite in your data folder."
    ),
)
@click.pass_context
def liste(ctx: click.Context, db: str | None) -> None:
    """``doko liste`` (the help above)."""
    ctx.obj = _Options(database_url(db))


@liste.command(
    "new-group",
    help=N_("Create the group NAME with its PLAYERS (more can join with a sitting)."),
)
@click.argument("name")
@click.argument("players", nargs=-1)
@friendly
def new_group(name: str, players: tuple[str, ...]) -> None:
    """``doko liste new-group`` (the help above)."""
    info = store().create_group(name, players)
    players_text = ", ".join(info.players) or _("no players yet")
    click.echo(_("group {id} {name}: {players}").format(id=info.id, name=info.name, players=players_text))


@liste.command(
    "groups",
    help=N_("List the groups and their players."),
)
@friendly
def groups() -> None:
    """``doko liste groups`` (the help above)."""
    found = store().groups()
    if not found:
        click.echo(_("No groups yet: doko liste new-group NAME PLAYER..."))
        return
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for head in ("#", _("Group"), _("Players")):
        table.add_column(head, overflow="fold")
    for info in found:
        table.add_row(str(info.id), info.name, ", ".join(info.players))
    print_plain(_console(), table)


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
    from ..liste import SIT_OUT

    return tuple(SIT_OUT)


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> datetime.date | None:
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value.strip())
    except ValueError:
        raise click.BadParameter(
            _("{value} is no date; write it as 2026-05-07").format(value=repr(value)), ctx, param
        ) from None


@liste.command(
    "new-sitting",
    help=N_(
        "Start a sitting of the group with 4 to 7 PLAYERS in seating order (the first deals first).\n"
        "A name that is not in the group is refused unless --new-players adds it."
    ),
)
@option("--group", "group", required=True, help=N_("The group: its name or number."))
@option("--rules", "rules_spec", default="ddv", show_default=True, help=N_("A preset or a TOML rule file."))
@option(
    "--cents", type=click.IntRange(1), default=10, show_default=True, help=N_("Cents per Punkt for the settlement.")
)
@option("--place", default="", help=N_("Where the sitting is."))
@option("--date", "date", callback=_date, metavar="YYYY-MM-DD", help=N_("The date [default: today]."))
@option(
    "--sit-out",
    type=LazyChoice(_sit_out_choices),
    default="dealer",
    show_default=True,
    help=N_("Who sits out at a table of five to seven (see doppelkopf.liste.SIT_OUT)."),
)
@option(
    "--new-players",
    is_flag=True,
    help=N_("Add the PLAYERS who are not in the group yet (else such a name is refused)."),
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
    new_players: bool,
    players: tuple[str, ...],
) -> None:
    """``doko liste new-sitting`` (the help above)."""
    from ..storage import UnknownPlayer

    rules = load_rules(rules_spec)
    try:
        info = store().create_sitting(
            group_id(group),
            players,
            rules,
            cents_per_point=cents,
            date=date,
            place=place,
            sit_out=sit_out,
            new_players=new_players,
        )
    except UnknownPlayer as exc:
        raise CommandError(tr().text(exc) + "; " + _("check the spelling or add --new-players")) from None
    click.echo(
        _("sitting {id}: {date}, {players}, rules {rules}").format(
            id=info.id, date=tr().date(info.date), players=", ".join(info.players), rules=info.rules_name
        )
    )
    _report(info.id)


@liste.command(
    "sittings",
    help=N_("List the sittings of a group."),
)
@option("--group", "group", required=True, help=N_("The group: its name or number."))
@friendly
def sittings(group: str) -> None:
    """``doko liste sittings`` (the help above)."""
    found = store().sittings(group_id(group))
    if not found:
        click.echo(_("No sittings yet: doko liste new-sitting --group G PLAYER..."))
        return
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for head in ("#", _("Date"), _("Place"), _("Players"), _("Rules"), "ct/Punkt", _("Games")):
        table.add_column(head, overflow="fold")
    for info in found:
        games = getattr(info, "games", "")
        table.add_row(
            str(info.id),
            tr().date(info.date),
            info.place,
            ", ".join(info.players),
            info.rules_name,
            str(info.cents_per_point),
            str(games),
        )
    print_plain(_console(), table)


@liste.command(
    "add",
    help=N_(
        "Add the next game to SITTING, as the table saw it (or --quick: winners and Punkte).\n"
        "\n"
        "\b\n"
        "doko liste add 1 --game normal --re Ben --re Carla --augen 151 --ansage re:re \\\\\n"
        "    --extra fuchs_gefangen:re --extra doppelkopf:kontra\n"
        "doko liste add 1 --game kreuz --re Anna --augen 190\n"
        "doko liste add 1 --quick --winner Anna --punkte 3        (a lone winner gets 3x: a solo)\n"
        "doko liste add 1 --number 4 --entry game.json            (refused if game 4 is on the list already)"
    ),
)
@click.argument("sitting", type=int)
@entry_options
@option(
    "--number",
    type=click.IntRange(1),
    help=N_(
        "The number of the game you enter (Next: game N, as show printed it); if someone else entered that "
        "game meanwhile, nothing is written."
    ),
)
@friendly
def add(sitting: int, author: str, number: int | None, **options: Any) -> None:
    """``doko liste add`` (the help above)."""
    entry = entry_from_options(**options)
    info = store().add_game(sitting, entry, number=number, author=author)
    _report(
        sitting,
        _("game {number} entered (version {version})").format(number=info.number, version=info.version),
        info.row,
    )


def _seen_version(sitting: int, number: int, version: int | None) -> int:
    """``--version``: the version of the game the user saw; without it a usage error that says where it is."""
    if version is None:
        raise click.UsageError(
            _(
                "--version: which version of game {number} did you see? It is in column v of doko liste show {sitting}"
            ).format(number=number, sitting=sitting)
        )
    return version


#: The end of the storage's message for a game changed meanwhile (words of the web page: "reload").
_RELOAD = "; reload the list and try again"


def _changing(sitting: int, number: int, change: Callable[[], T]) -> T:
    """``change()`` (an edit or a delete of game ``number``); a game someone changed meanwhile (the storage's
    Conflict) is said in the command's words, with the game's version now and what to run."""
    from ..storage import Conflict

    try:
        return change()
    except Conflict as exc:
        message = tr().text(exc)
        for end in (_RELOAD, tr().gettext(_RELOAD)):
            message = message.removesuffix(end)
        try:
            page = store().liste_page(sitting, page=number, per_page=1)
            now = page.versions[0] if page.rows and page.rows[0].number == number else None
        except Exception:  # the game is gone, or the page cannot be read: no version to name
            now = None
        if now is None:
            hint = _("run doko liste show {sitting} and try again").format(sitting=sitting)
        else:
            hint = _(
                "the game is now at version {version}: run doko liste show {sitting} and edit again "
                "with --version {version}"
            ).format(version=now, sitting=sitting)
        raise CommandError(f"{message}; {hint}") from None


#: ``--version`` of ``edit`` and ``delete``.
version_option = click.option(
    "--version",
    "version",
    type=click.IntRange(0),
    metavar="V",
    help=N_(
        "Required: the game's version you saw (column v of doko liste show SITTING); if the game was changed "
        "since, nothing is written."
    ),
)


@liste.command(
    "edit",
    help=N_(
        "Replace game NUMBER of SITTING with the entry given (same options as add) if it is still at --version\n"
        "V; every game after it is recomputed (Bock, Pflichtsolo, totals). The old entry stays in the history."
    ),
)
@click.argument("sitting", type=int)
@click.argument("number", type=int)
@version_option
@entry_options
@friendly
def edit(sitting: int, number: int, author: str, version: int | None, **options: Any) -> None:
    """``doko liste edit`` (the help above)."""
    seen = _seen_version(sitting, number, version)
    entry = entry_from_options(**options)
    info = _changing(sitting, number, lambda: store().edit_game(sitting, number, entry, version=seen, author=author))
    _report(
        sitting,
        _("game {number} changed (version {version})").format(number=info.number, version=info.version),
        info.row,
    )


@liste.command(
    "delete",
    help=N_(
        "Delete game NUMBER of SITTING if it is still at --version V: the games after it move up and are\n"
        "recomputed (a Bock the game started is gone). The deleted game stays in the history."
    ),
)
@click.argument("sitting", type=int)
@click.argument("number", type=int)
@version_option
@option("--author", default="", help=N_("Who deletes it (kept in the history)."))
@friendly
def delete(sitting: int, number: int, version: int | None, author: str) -> None:
    """``doko liste delete`` (the help above)."""
    seen = _seen_version(sitting, number, version)
    _changing(sitting, number, lambda: store().delete_game(sitting, number, version=seen, author=author))
    _report(sitting, _("game {number} deleted").format(number=number), count=True)


#: Games up to which ``doko liste show`` prints the whole list; a longer one shows its last page (--all: whole).
SHOW_WHOLE_LIMIT = 200


@liste.command(
    "show",
    help=N_(
        "Show the Liste of SITTING: each game's number and version (v: what edit and delete take as\n"
        "--version), one column per player with the running totals, each game's Bock multiplier, who dealt and\n"
        "sat out; then Bock games and Pflichtsoli owed and who deals next.\n"
        "\n"
        "The whole list up to 200 games; a longer one shows its last page unless --all is given."
    ),
)
@click.argument("sitting", type=int)
@option("--page", type=click.IntRange(1), default=None, help=N_("Only this page of the list (--per-page rows)."))
@option("--last", "last", is_flag=True, help=N_("Only the last page of the list."))
@option(
    "--all",
    "whole",
    is_flag=True,
    help=N_("The whole list, also when it has over {limit} games."),
    help_fields={"limit": str(SHOW_WHOLE_LIMIT)},
)
@option("--per-page", type=click.IntRange(1, 1000), default=50, show_default=True, help=N_("Rows per page."))
@friendly
def show(sitting: int, page: int | None, last: bool, whole: bool, per_page: int) -> None:
    """``doko liste show`` (the help above)."""
    if sum((page is not None, last, whole)) > 1:
        raise click.UsageError(_("give only one of --page N, --last and --all"))
    from ..storage.service import MAX_PER_PAGE

    s = store()
    info = s.sitting(sitting)
    console = _console()
    hint = None
    if page is not None or last or (not whole and info.games > SHOW_WHOLE_LIMIT):
        pages = [s.liste_page(sitting, page=page or -1, per_page=per_page)]
        shown = pages[0]
        games = ngettext("{n} game", "{n} games", shown.games).format(n=shown.games)
        console.print(
            _sitting_title(info)
            + " "
            + _("(page {page} of {pages}, {games})").format(page=shown.page, pages=shown.pages, games=games)
        )
        if page is None and not last:
            hint = _("The last {n} of {games}: --all shows them all, --page N one page.").format(
                n=len(shown.rows), games=games
            )
    else:  # the whole list, read in the largest pages the store gives
        pages = [s.liste_page(sitting, page=1, per_page=MAX_PER_PAGE)]
        pages += [s.liste_page(sitting, page=n, per_page=MAX_PER_PAGE) for n in range(2, pages[0].pages + 1)]
        console.print(_sitting_title(info))
    last_page = pages[-1]
    rows = [row for p in pages for row in p.rows]
    table, legend = fitting_liste_table(console, last_page.players, rows, [v for p in pages for v in p.versions])
    if legend:
        console.print(legend, overflow="fold")
    print_plain(console, table)
    if not rows:
        console.print(_("No games yet: doko liste add SITTING ..."))
    if hint:
        console.print(hint)
    for line in liste_footer(last_page, s.rules(sitting).pflichtsolo):
        console.print(line)


@liste.command(
    "settle",
    help=N_(
        "The settlement of SITTING at its rate: each player's Stand and amount, then the fewest transfers\n"
        '("Ben zahlt Anna 0,40 €"). Read from the stored totals, however long the list.'
    ),
)
@click.argument("sitting", type=int)
@friendly
def settle(sitting: int) -> None:
    """``doko liste settle`` (the help above)."""
    from rich.table import Table

    from .. import sheet

    page = store().liste_page(sitting, page=-1, per_page=1)
    cents = int(page.sitting.cents_per_point)
    amounts = sheet.money(page.totals, cents)
    table = Table(box=None, pad_edge=False)
    for head, justify in ((_("Player"), "left"), (_("Stand"), "right"), (_("Money"), "right")):
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    for name in page.players:
        table.add_row(name, number(page.totals[name]), tr().money(amounts[name]))
    console = _console()
    console.print(_("Settlement of sitting {id} ({cents} ct per Punkt)").format(id=page.sitting.id, cents=cents))
    print_plain(console, table)
    for line in settlement_lines(sheet.settle(page.totals, cents)):
        console.print(line)


@liste.command(
    "history",
    help=N_("Every version of game NUMBER of SITTING: when, by whom, what was entered (deleted ones too)."),
)
@click.argument("sitting", type=int)
@click.argument("number", type=int)
@friendly
def history(sitting: int, number: int) -> None:
    """``doko liste history`` (the help above)."""
    from rich.table import Table

    versions = store().history(sitting, number)
    if not versions:
        raise CommandError(
            _("game {number}: sitting {sitting} has no game {number}").format(number=number, sitting=sitting)
        )
    table = Table(box=None, pad_edge=False)
    for head in (_("Version"), _("When"), _("Who"), _("What"), _("Entry")):
        table.add_column(head, overflow="fold")
    for v in versions:
        when = tr().date(v.changed_at, time=True) if hasattr(v.changed_at, "strftime") else str(v.changed_at)
        what = {"add": _("entered"), "edit": _("changed"), "delete": _("deleted")}.get(v.action, v.action)
        entry = json.dumps(v.entry, ensure_ascii=False, separators=(", ", ": "))
        table.add_row(str(v.version), when, v.author or "-", what, entry)
    console = _console()
    console.print(_("Game {number} of sitting {sitting}").format(number=number, sitting=sitting))
    print_plain(console, table)


# -- statistics ------------------------------------------------------------------------------------------


def _stats_rows(stats: Stats) -> list[tuple[str, list[str]]]:
    """The rows (label, one cell per player) of the statistics table."""
    players = stats.players
    money = tr().money

    def of(won: Callable[[Any], int], played: Callable[[Any], int]) -> list[str]:
        return [f"{won(p)}/{played(p)}" for p in players]

    return [
        (_("Sittings"), [str(p.sittings) for p in players]),
        (_("Games"), [str(p.games) for p in players]),
        (_("Punkte"), [number(p.punkte) for p in players]),
        # a won solo counts once, under "Soli won" (storage.infos.PlayerStats: soli_re, soli_won_re)
        (_("Won as Re (no solo)"), of(lambda p: p.won_re - p.soli_won_re, lambda p: p.games_re - p.soli_re)),
        (_("Won as Kontra"), of(lambda p: p.won_kontra, lambda p: p.games_kontra)),
        (_("Soli won"), of(lambda p: p.soli_won, lambda p: p.soli)),
        (_("Announced and won"), of(lambda p: p.announcements_won, lambda p: p.announcements)),
        (_("Bock games"), [str(p.bock_games) for p in players]),
        (_("Punkte in Bock games"), [number(p.punkte_bock) for p in players]),
        (_("Money"), [money(p.cents) for p in players]),
    ]


def punkte_series(stats: Stats) -> dict[str, list[int]]:
    """Each player's Punkte summed over the sittings, after each game in order of play (the chart's lines)."""
    return {p.name: [point.overall.get(p.name, 0) for point in stats.chart] for p in stats.players}


def won_counts(stats: Stats) -> dict[str, dict[str, int]]:
    """Each player's games won as Re (no solo), as Kontra and as the soloist (the bar chart's bars): a won solo
    counts once, as a solo."""
    return {p.name: {"Re": p.won_re - p.soli_won_re, "Kontra": p.won_kontra, "Solo": p.soli_won} for p in stats.players}


@liste.command(
    "stats",
    help=N_(
        "Statistics per player over the sittings chosen (all by default): Punkte, games won as Re and as\n"
        "Kontra, soli, announcements, Bock, money; --chart and --won-chart draw them as SVG or PNG."
    ),
)
@option("--group", "group", required=True, help=N_("The group: its name or number."))
@option("--sitting", "sitting_ids", type=int, multiple=True, help=N_("Only these sittings (repeat)."))
@option("--since", callback=_date, metavar="YYYY-MM-DD", help=N_("Only sittings on or after this date."))
@option("--until", callback=_date, metavar="YYYY-MM-DD", help=N_("Only sittings on or before this date."))
@option("--chart", metavar="FILE.svg|FILE.png", help=N_("Draw each player's Punkte over the games into this file."))
@option("--won-chart", metavar="FILE.svg|FILE.png", help=N_("Draw the games won as Re, Kontra, soloist."))
@option("--force", is_flag=True, help=N_("Replace existing chart files."))
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
    """``doko liste stats`` (the help above)."""
    from rich.table import Table

    from ..charts import chart_format

    charts = [(path, option) for path, option in ((chart, "--chart"), (won_chart, "--won-chart")) if path]
    if chart and won_chart and (chart == won_chart or Path(chart).resolve() == Path(won_chart).resolve()):
        raise click.UsageError(
            _("--won-chart: {path} is the file of --chart too; give each chart its own file").format(path=won_chart)
        )
    for path, flag in charts:  # every output checked before anything is computed
        try:
            chart_format(path)
        except ValueError as exc:
            raise click.BadParameter(tr().text(exc), param_hint=flag) from None
        _check_output(path, flag, force)
    gid = group_id(group)
    group_name = store().group(gid).name
    result = store().stats(gid, sitting_ids or None, since=since, until=until)
    n = len(result.sittings)
    sittings_text = ngettext("{n} sitting", "{n} sittings", n).format(n=n)
    title = ngettext("{n} game in {sittings}", "{n} games in {sittings}", result.games).format(
        n=result.games, sittings=sittings_text
    )
    table = Table(box=None, pad_edge=False)
    table.add_column("")
    for p in result.players:
        table.add_column(p.name, justify="right", no_wrap=True)
    for label, cells in _stats_rows(result):
        table.add_row(label, *cells)
    console = _console()
    console.print(_("Statistics of {group}: {title}").format(group=group_name, title=title))
    print_plain(console, table)
    if chart:
        from ..charts import punkte_chart

        write_atomic(
            chart,
            punkte_chart(
                punkte_series(result), title=_("Punkte: {title}").format(title=title), fmt=chart_format(chart)
            ),
        )
        click.echo(_("chart saved in {path}").format(path=chart))
    if won_chart:
        from ..charts import bar_chart

        data = bar_chart(
            won_counts(result),
            title=_("Won: {title}").format(title=title),
            ylabel=_("games"),
            fmt=chart_format(won_chart),
        )
        write_atomic(won_chart, data)
        click.echo(_("chart saved in {path}").format(path=won_chart))


# -- import and export ----------------------------------------------------------------------------------


def _check_output(path: str, option: str, force: bool) -> None:
    """Refuse an output file that exists (without --force) or cannot be written; ``-`` is stdout."""
    if path == "-":
        return
    if check_output(path, option) and not force:
        raise click.BadParameter(
            _("{path} exists; choose another file, or add --force to replace it").format(path=path), param_hint=option
        )


def _file_mode(target: Path) -> int:
    """The permission bits a new output file gets: those of the file it replaces, else the usual
    ``0o666`` less the umask (as ``open()`` would create it; the temporary file's own 0600 is not kept)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file beside it, moved over it), with
    the mode of :func:`_file_mode`; ``-`` writes to standard output."""
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
            os.fchmod(handle.fileno(), _file_mode(target))
            os.fsync(handle.fileno())
        os.replace(handle.name, target)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise


@liste.command(
    "export",
    help=N_(
        "Export the Liste of SITTING as CSV (--csv FILE), or every group, sitting and game version as JSON\n"
        "(--json FILE), which doko liste import reads back."
    ),
)
@click.argument("sitting", type=int, required=False)
@option("--csv", "csv_file", metavar="FILE", help=N_("The Liste of SITTING as CSV (- for standard output)."))
@option("--json", "json_file", metavar="FILE", help=N_("Everything (or --group) as JSON, lossless (- for stdout)."))
@option("--group", "group", help=N_("With --json: only this group."))
@option("--force", is_flag=True, help=N_("Replace an existing file."))
@friendly
def export(sitting: int | None, csv_file: str | None, json_file: str | None, group: str | None, force: bool) -> None:
    """``doko liste export`` (the help above)."""
    if (csv_file is None) == (json_file is None):
        raise click.UsageError(_("give one of --csv FILE (with SITTING) or --json FILE"))
    if csv_file is not None:
        if sitting is None:
            raise click.UsageError(_("--csv: which SITTING? doko liste export SITTING --csv FILE"))
        _check_output(csv_file, "--csv", force)
        write_atomic(csv_file, store().export_csv(sitting).encode("utf-8"))
        if csv_file != "-":
            click.echo(_("sitting {id} saved in {path}").format(id=sitting, path=csv_file))
        return
    assert json_file is not None
    if sitting is not None and group is not None:
        raise click.UsageError(_("--json: give SITTING (its group is exported) or --group, not both"))
    _check_output(json_file, "--json", force)
    if sitting is not None:  # the group of the sitting, all its sittings: what an import needs
        chosen: int | None = int(store().sitting(sitting).group_id)
    else:
        chosen = group_id(group) if group is not None else None
    data = store().export_json(chosen)
    write_atomic(json_file, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    if json_file != "-":
        click.echo(_("saved in {path}").format(path=json_file))


@liste.command(
    "import",
    help=N_("Import groups, sittings and games from a JSON FILE that doko liste export --json wrote."),
)
@click.argument("file", type=click.File("rb"))
@friendly
def import_(file: IO[bytes]) -> None:
    """``doko liste import`` (the help above)."""
    from ..fileutil import decode_text, read_limited
    from ..jsonutil import loads_strict

    name = getattr(file, "name", "-")
    data = read_limited(file, IMPORT_LIMIT + 1)
    if len(data) > IMPORT_LIMIT:
        raise CommandError(
            _("{name}: larger than {mib} MiB, not an export of doko liste").format(name=name, mib=IMPORT_LIMIT >> 20)
        )
    try:  # a JSONDecodeError says where: "Expecting ',' delimiter: line 3 column 5 (char 20)"
        parsed = loads_strict(decode_text(data))
        if not isinstance(parsed, dict):
            raise ValueError(_("expected a JSON object, as doko liste export --json writes"))
    except ValueError as exc:
        raise CommandError(f"{name}: {tr().text(exc)}") from None
    from ..storage import StoreError

    try:
        imported = store().import_json(parsed)
    except StoreError as exc:
        if "exists already" not in str(exc):  # str(): the English message
            raise
        hint = _("to copy a Liste into another database: doko liste import FILE --db OTHER.sqlite")
        raise CommandError(tr().text(exc) + "; " + hint) from None
    for info in imported:
        click.echo(
            _("group {id} {name}: {players}").format(id=info.id, name=info.name, players=", ".join(info.players))
        )


@liste.command(
    "import-records",
    help=N_(
        "Import the game records of doko play / doko simulate (JSON Lines) as a new sitting of the group:\n"
        "the records' rules and players, each finished game as the table would have entered it."
    ),
)
@option("--group", "group", required=True, help=N_("The group: its name or number."))
@option(
    "--cents", type=click.IntRange(1), default=10, show_default=True, help=N_("Cents per Punkt for the settlement.")
)
@option("--place", default="", help=N_("Where the games were played."))
@option("--date", "date", callback=_date, metavar="YYYY-MM-DD", help=N_("The date [default: the records']."))
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@friendly
def import_records(group: str, cents: int, place: str, date: datetime.date | None, file: str) -> None:
    """``doko liste import-records`` (the help above)."""
    info = store().import_records(group_id(group), file, cents_per_point=cents, date=date, place=place)
    click.echo(
        ngettext(
            "sitting {id}: {n} game from {file}, {players}",
            "sitting {id}: {n} games from {file}, {players}",
            info.games,
        ).format(id=info.id, n=info.games, file=file, players=", ".join(info.players))
    )


def _db_after(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--db`` given after a command (``doko liste show 1 --db x.sqlite``): the same as before it."""
    if value is not None:
        ctx.ensure_object(_Options).url = database_url(value)
    return value


for _command in liste.commands.values():  # every command of doko liste takes --db too
    _command.params.append(
        DokoOption(
            ["--db"],
            metavar="PATH|URL",
            expose_value=False,
            is_eager=True,
            callback=_db_after,
            help=N_("The database, as doko liste --db PATH|URL (before or after the command)."),
        )
    )
