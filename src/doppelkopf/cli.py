"""The ``doko`` command line: play, simulate, score, replay and show rule sets.

Every command turns bad input into a one-line error (exit status 1 or 2), never a traceback.
Heavy imports (rich, the players) happen inside the commands so that ``doko --help`` starts fast.
"""

from __future__ import annotations

import functools
import json
import math
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .rulefile import RULE_FILE_LIMIT as RULE_FILE_LIMIT  # re-exported: where it was read before
from .rulefile import read_rule_file
from .rules import PRESETS, RuleError, RuleSet, get_preset

if TYPE_CHECKING:
    from rich.console import Console

    from .game import Game
    from .record import GameRecord
    from .scoring import GameSummary, Score
    from .session import Session
    from .sheet import Sheet

F = TypeVar("F", bound=Callable[..., Any])

SEAT_NAMES = ("Anna", "Ben", "Carla", "Dirk")


def _friendly_errors(
    func: F,
    *,
    error: type[click.ClickException] = click.ClickException,
    other: Callable[[Exception], str | None] | None = None,
) -> F:
    """Turn the package's ValueErrors and OSErrors into one-line click errors (of the class ``error``).

    ``other`` (used by :mod:`doppelkopf.liste_cli`) gives the message of any other exception it knows
    (a database driver's error, a missing optional library), or ``None`` to let it through."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except click.ClickException:
            raise
        except (ValueError, OSError) as exc:
            raise error(str(exc)) from None
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
    name = "RULES"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> RuleSet:
        if isinstance(value, RuleSet):
            return value
        try:
            return load_rules(str(value))
        except RuleError as exc:
            self.fail(str(exc), param, ctx)


RULES = RulesParam()
rules_option = click.option(
    "--rules",
    "rules",
    type=RULES,
    default="ddv",
    show_default=True,
    help=f"Preset ({', '.join(sorted(PRESETS))}) or a TOML rule file.",
)


def _console(stderr: bool = False) -> Console:
    """The terminal output of a command (``stderr``: on standard error)."""
    from rich.console import Console

    return Console(highlight=False, markup=False, stderr=stderr)


# -- output files ---------------------------------------------------------------------------------


def _check_output(path: str, option: str) -> bool:
    """Refuse, before anything is played, an output path that cannot take a file written anew: an
    empty name, a folder, anything else that is no regular file (a device, a pipe, a socket; also
    with ``--force``), or a file whose folder is missing or read-only (files are written by moving
    a temporary file of the same folder over them). A link counts as what it points to. Return
    whether ``path`` exists (a regular file); raises click.BadParameter naming ``option``."""
    import os

    from .fileutil import file_kind

    if not path:
        raise click.BadParameter("the file name is empty", param_hint=option)
    target = Path(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise click.BadParameter(f"cannot write {path}: {exc.strerror or exc}", param_hint=option) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise click.BadParameter(f"{path} is a folder, not a file", param_hint=option)
    if mode is not None and not stat.S_ISREG(mode):
        raise click.BadParameter(
            f"{path} is {file_kind(mode)}, not a regular file: it is never replaced (--force neither); choose a file",
            param_hint=option,
        )
    folder = target.absolute().parent
    if not folder.is_dir():
        raise click.BadParameter(f"cannot write {path}: its folder {folder} does not exist", param_hint=option)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.BadParameter(f"cannot write {path}: its folder {folder} is read-only", param_hint=option)
    return mode is not None


#: The largest file :func:`_is_single_record` reads to tell whether it is one pretty game record.
_SINGLE_RECORD_MAX_BYTES = 4 << 20


def _is_single_record(path: str) -> bool:
    """Whether ``path`` holds one game record as :func:`doppelkopf.record.save` writes it (pretty
    JSON over many lines, read by :func:`doppelkopf.record.load`); files over
    :data:`_SINGLE_RECORD_MAX_BYTES` are not read and count as no record."""
    from .record import load

    try:
        if Path(path).stat().st_size > _SINGLE_RECORD_MAX_BYTES:
            return False
        load(path)
    except (OSError, ValueError):
        return False
    return True


def _records_mode(path: str, force: bool, option: str = "--records") -> str:
    """How game records will go to ``path``, decided before anything is played: ``"new"`` (no such
    file), ``"append"`` (an existing file of records, see :func:`doppelkopf.record.is_records_file`)
    or ``"replace"`` (another existing regular file, only with ``--force``). Raises
    click.BadParameter naming ``option`` for a path that cannot be written (see
    :func:`_check_output`; a device or pipe also with ``--force``) or another file without
    ``--force``; a single game record (as :func:`doppelkopf.record.save` writes it) is named as
    such, with no hint to replace it."""
    from .record import is_records_file

    if not _check_output(path, option):
        return "new"
    if is_records_file(path):
        return "append"
    if force:
        return "replace"
    if _is_single_record(path):
        raise click.BadParameter(
            f"{path} is a single game record (as doko replay reads it), not a file of game records (one JSON "
            "record a line): no game can be added to it; choose another file",
            param_hint=option,
        )
    raise click.BadParameter(
        f"{path} exists and is not a file of game records (one JSON record a line); choose another file, "
        "or add --force to replace it",
        param_hint=option,
    )


def _check_json_output(path: str, force: bool, records: str | None) -> None:
    """Check the ``--json`` file of ``doko arena`` before the first deal, as ``--records`` is
    checked: ``-`` is standard output; a file must be writable (:func:`_check_output`), may exist
    only with ``--force`` and is never the ``records`` file (``None``: no records are written).
    Raises click.BadParameter naming ``--json``."""
    import os

    if path == "-":
        return
    exists = _check_output(path, "--json")
    if records:
        same = Path(path).resolve() == Path(records).resolve()
        if not same and exists and Path(records).exists():
            try:
                same = os.path.samefile(path, records)
            except OSError:
                same = False
        if same:
            raise click.BadParameter(
                f"{path} is also the --records file: the results would overwrite the game records; choose another file",
                param_hint="--json",
            )
    if exists and not force:
        from .record import is_records_file

        if Path(path).stat().st_size and (is_records_file(path) or _is_single_record(path)):
            raise click.BadParameter(
                f"{path} exists and holds game records; choose another file for the results", param_hint="--json"
            )
        raise click.BadParameter(
            f"{path} exists; choose another file, or add --force to replace it", param_hint="--json"
        )


def _records_target(records: str, no_records: bool) -> str | None:
    """The ``--records`` file of the command running now, or ``None`` with ``--no-records``; a
    ``--records`` given on the command line together with ``--no-records`` is refused
    (click.UsageError), since one of the two would be ignored."""
    from click.core import ParameterSource

    if not no_records:
        return records
    source = click.get_current_context().get_parameter_source("records")
    if source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT):
        raise click.UsageError(f"--records {records} and --no-records exclude each other: give only one of them")
    return None


def _save_records(records: list[GameRecord], path: str, mode: str) -> str:
    """Write ``records`` to ``path`` as :func:`_records_mode` decided (appended atomically, or the
    file written anew) and say what was done: ``3 game records appended to games.jsonl``."""
    from .interactive import plural
    from .record import append_many, save_many

    count = plural(len(records), "game record")
    if mode == "append":
        append_many(records, path)
        return f"{count} appended to {path}"
    save_many(records, path)
    return f"{count} saved in {path}" + (" (the file was replaced)" if mode == "replace" else "")


class _Doko(click.Group):
    """The ``doko`` group. The score sheet's commands (``doko liste``, ``doko serve``) come from
    :mod:`doppelkopf.liste_cli`, read when a command is looked up or listed (that module uses this one's
    helpers, so either can be imported first)."""

    def _add_liste_commands(self) -> None:
        if "liste" not in self.commands:
            from .liste_cli import commands

            for command in commands():
                self.add_command(command)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_liste_commands()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self._add_liste_commands()
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Doko, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="doppelkopf")
def main() -> None:
    """doko: play, score and keep the list of Doppelkopf.

    \b
    doko play                 you against three computer players
    doko simulate --games 24  computer players only; list, totals, settlement
    doko score ENTRY.json     score a game from a real table
    doko replay RECORDS       show a saved game trick by trick
    doko rules show [NAME]    every option of a rule set
    doko arena                two computer players in rotated duplicate matches
    doko liste ...            keep a group's score sheet: sittings, games, settlement, statistics
    doko serve                the score sheet in the browser
    """


# -- rules --------------------------------------------------------------------------------------


@main.group()
def rules() -> None:
    """Show rule sets and write them as TOML."""


#: The fewest terminal columns for ``doko rules show`` as a table; narrower, one block per option.
RULES_TABLE_WIDTH = 120


@rules.command("show")
@click.argument("name", default="ddv")
@click.option("--toml", "as_toml", is_flag=True, help="Print as a TOML file that --rules can load.")
@_friendly_errors
def rules_show(name: str, as_toml: bool) -> None:
    """Print every option of the preset or TOML file NAME (default: ddv)."""
    ruleset = load_rules(name)
    if as_toml:
        click.echo(ruleset.to_toml(), nl=False)
        return
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    console = _console()
    rows = ruleset.describe()
    if console.width >= RULES_TABLE_WIDTH:
        # every cell wraps, and a word too long for its cell is folded: nothing is cut off
        table = Table(title=f"Rule set {ruleset.name}", expand=True)
        table.add_column("Option", style="bold", overflow="fold")
        table.add_column("Value", ratio=1, overflow="fold")
        table.add_column("Meaning", ratio=3, overflow="fold")
        table.add_column("Source", ratio=1, overflow="fold")
        for row in rows:
            table.add_row(*row)
        console.print(table)
        return
    # a narrow terminal: one block per option, its lines wrapped to the full width
    console.print(Text(f"Rule set {ruleset.name}", style="bold"))
    for option, value, meaning, source in rows:
        console.print()
        console.print(Text(f"{option} = {value}", style="bold", overflow="fold"))
        console.print(Padding(Text(meaning, overflow="fold"), (0, 0, 0, 2), expand=False))
        console.print(Padding(Text(f"Source: {source}", overflow="fold"), (0, 0, 0, 2), expand=False))


@rules.command("list")
def rules_list() -> None:
    """List the presets."""
    for name in sorted(PRESETS):
        click.echo(name)


# -- score --------------------------------------------------------------------------------------


@main.command()
@click.argument("entry", type=click.File("rb"))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@_friendly_errors
def score(entry: Any, as_json: bool) -> None:
    """Score one game from a real table, given as a JSON ENTRY file (- for stdin).

    \b
    {"rules": "ddv", "players": ["Anna", "Ben", "Carla", "Dirk"], "game": "normal",
     "re": ["Ben", "Carla"], "augen_re": 151, "announcements": {"re": ["re"], "kontra": []},
     "extras": [{"type": "fuchs_gefangen", "party": "re"}]}
    """
    from .entry import read_entry_file, result_to_json, score_entry

    name = getattr(entry, "name", "-")
    source = "<stdin>" if name in ("<stdin>", "-") or not isinstance(name, str) else name
    data = read_entry_file(entry, source)  # bounded: an endless stdin or a huge file is refused
    result = score_entry(data)
    if as_json:
        click.echo(json.dumps(result_to_json(result), ensure_ascii=False, indent=2))
        return
    console = _console()
    summary = result.entry.summary
    _print_score(console, result.score, list(result.entry.players), summary.game_type.german, summary)


def _print_score(
    console: Console, result: Score, players: list[str], title: str = "", summary: GameSummary | None = None
) -> None:
    """The score table of a game, then who wins (with each party's Augen from ``summary``, if given),
    the solo factor, the Bock and the Punkte of each player."""
    from rich.table import Table

    from .scoring import signed

    table = Table(title=title or None)
    table.add_column("Posten")
    table.add_column("Punkte", justify="right")
    rows = result.table()
    for label, value in rows[:-1]:
        table.add_row(label, signed(value))
    table.add_row("Summe", signed(rows[-1][1]), style="bold")
    console.print(table)
    who = "Nobody wins" if result.winner is None else f"{result.winner.label} wins"
    if summary is not None:
        who += f" (Re {summary.augen_re} Augen, Kontra {summary.augen_kontra} Augen)"
    factor = f", soloist ×{result.factor}" if result.solo else ""
    bock = f", Bock ×{result.multiplier}" if result.multiplier != 1 else ""
    console.print(
        who + factor + bock + ": " + ", ".join(f"{n} {p:+d}" for n, p in zip(players, result.points, strict=True))
    )


# -- sheet display ------------------------------------------------------------------------------


def _print_sheet(console: Console, sheet: Sheet, cents: int, session: Session | None = None) -> None:
    from rich import box
    from rich.table import Table

    from .sheet import format_euro

    # lines under the head only, no columns of borders: a row fits on one line in as few columns as
    # it can; the Punkte never wrap, only a label too long for the terminal does
    table = Table(title="Liste", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("Game", overflow="fold")
    for name in sheet.players:
        table.add_column(name, justify="right", no_wrap=True)
    for row in sheet.rows:
        label = row.label + (f" (×{row.multiplier})" if row.multiplier != 1 else "")
        table.add_row(label, *(str(t) for t in row.totals))
    console.print(table)
    if session is not None:
        _print_session_state(console, session)
    totals = sheet.totals
    money = Table(title=f"Settlement ({cents} ct/Punkt)")
    money.add_column("Player")
    money.add_column("Total", justify="right")
    money.add_column("Amount", justify="right")
    for name in sheet.players:
        money.add_row(name, str(totals[name]), format_euro(totals[name] * cents))
    console.print(money)
    transfers = sheet.settlement(cents)
    if not transfers:
        console.print("Nobody pays.")
    for t in transfers:
        console.print(f"{t.payer} pays {t.payee} {format_euro(t.cents)}")


def _print_session_state(console: Console, session: Session) -> None:
    """Under the list: the Bock games played and still owed and, with Pflichtsolo, the state of the
    round."""
    bock = [row.multiplier for row in session.sheet.rows if row.multiplier != 1]
    if bock:
        kinds = ", ".join(f"×{m}: {bock.count(m)}" for m in sorted(set(bock)))
        console.print(f"Bock games played: {len(bock)} ({kinds})")
    owed = session.bock_queue
    if owed:
        console.print("Bock games owed: " + " ".join(f"×{m}" for m in owed))
    if session.rules.pflichtsolo:
        missing = ", ".join(session.players[s] for s in session.missing_pflichtsoli) or "none"
        console.print(
            f"Round {session.round}: {session.games_left_in_round} of {session.rules.round_games} games left; "
            f"Pflichtsolo missing: {missing}"
        )


def _game_label(game: Game, players: list[str]) -> str:
    """A list row label in the style of seed 004: "Re Ben & Carla +4", "Kreuzsolo Anna verliert −3"."""
    from .session import game_label

    return game_label(game.summary(), game.score(), players, game.rules)


# -- simulate -----------------------------------------------------------------------------------


def _player_kinds() -> tuple[str, ...]:
    """The registered player names (see :func:`doppelkopf.players.make_player`)."""
    from .players import player_names

    return player_names()


def _backend_options(func: F) -> F:
    """``--backend`` and ``--ray-address`` of ``doko arena`` and ``doko simulate`` (see
    :mod:`doppelkopf.cluster`)."""
    func = click.option(
        "--ray-address",
        metavar="ADDR",
        help="With --backend ray: the Ray cluster to join (auto, ray://HEAD:10001, HOST:6379) "
        "[default: a local Ray started with --jobs CPUs].",
    )(func)
    return click.option(
        "--backend",
        type=click.Choice(["process", "ray"]),
        default="process",
        show_default=True,
        help="Where the games are played: local worker processes, or Ray (extra 'cluster'). Same seed, "
        "same results (not for players with a time budget: search-strong, time_per_move).",
    )(func)


#: The flags of the parameters a :class:`doppelkopf.cluster.ClusterError` names.
_CLUSTER_FLAGS = {"backend": "--backend", "ray_address": "--ray-address", "jobs": "--jobs"}


def _cluster_error(exc: Exception, usage: bool = False) -> click.ClickException:
    """A :class:`doppelkopf.cluster.ClusterError` as a one-line click error naming the flag
    (``--ray-address: ...``) where the library names its parameter (``ray_address: ...``);
    a :class:`click.UsageError` (exit status 2) with ``usage``."""
    name, sep, rest = str(exc).partition(": ")
    message = str(exc)
    if sep and name in _CLUSTER_FLAGS:
        message = f"{_CLUSTER_FLAGS[name]}: " + rest.replace("the backend 'ray'", "--backend ray")
    return click.UsageError(message) if usage else click.ClickException(message)


@main.command()
@click.option("--games", "-n", type=click.IntRange(1, 1_000_000), default=24, show_default=True, help="Games to play.")
@rules_option
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the session: same seed, same games.")
@click.option(
    "--players",
    "kinds",
    default="rules,rules,rules,rules",
    show_default=True,
    help="Four computer players, comma-separated (registered names: random, rules, ...).",
)
@click.option("--names", default=",".join(SEAT_NAMES), show_default=True, help="Four names in seat order.")
@click.option("--cents", type=click.IntRange(1, 100_000), default=10, show_default=True, help="Cents per Punkt.")
@click.option(
    "--records",
    type=click.Path(dir_okay=False, writable=True),
    default="doko-records.jsonl",
    show_default=True,
    help="File for the game records (JSON Lines).",
)
@click.option("--no-records", is_flag=True, help="Do not save the records.")
@click.option("--force", is_flag=True, help="Replace a --records file that exists and holds no game records.")
@click.option("--json", "as_json", is_flag=True, help="Print totals and settlement as JSON.")
@click.option(
    "--jobs",
    type=click.IntRange(1, 1024),
    default=1,
    show_default=True,
    help="Workers playing the next games ahead (1: in order in this process), or CPUs of a local Ray; "
    "a cluster (--ray-address) uses all its CPUs. Same seed, same games.",
)
@_backend_options
@_friendly_errors
def simulate(
    games: int,
    rules: RuleSet,
    seed: int,
    kinds: str,
    names: str,
    cents: int,
    records: str,
    no_records: bool,
    force: bool,
    as_json: bool,
    jobs: int,
    backend: str,
    ray_address: str | None,
) -> None:
    """Let four computer players play GAMES games; print the Liste, totals and settlement.

    The game records are added to the --records file when it already holds records. Every game
    gets fresh players (the same seeds each game); with --jobs 2 or more, or --backend ray, workers
    play the next games ahead and the Liste is exactly the one of --jobs 1 (see doppelkopf.cluster).
    """
    from rich.progress import Progress

    from .cluster import ClusterError, check_backend, fresh_players, make_executor, play_session_parallel
    from .interactive import plural
    from .players import play_session
    from .record import record_game
    from .session import Session

    # every argument is checked before the first game
    kind_list = [k.strip() for k in kinds.split(",")]
    known = _player_kinds()
    if len(kind_list) != 4 or any(k not in known for k in kind_list):
        raise click.BadParameter(f"need four of {', '.join(known)}, got {kinds!r}", param_hint="--players")
    name_list = list(_clean_names(names))
    no_records = _records_target(records, no_records) is None
    mode = "" if no_records else _records_mode(records, force)
    try:
        check_backend(backend, ray_address)
    except ClusterError as exc:
        raise _cluster_error(exc, usage=True) from None
    session = Session(rules, name_list)
    sheet = session.sheet
    saved = []
    thrown_in = 0
    console = _console()
    executor = None
    try:
        # in order: play_session with a fresh player per game; ahead: the same games on the workers
        # (the pool's workers come from a fork server: none is forked from the progress bar's thread)
        if backend == "ray" or jobs > 1:
            try:
                executor = make_executor(backend, jobs, ray_address)
            except ClusterError as exc:
                raise _cluster_error(exc) from None
            stream = play_session_parallel(rules, kind_list, games, seed, executor, session=session)
        else:
            stream = play_session(rules, fresh_players(kind_list, seed), games, seed, session=session)
        with Progress(console=console, transient=True, disable=as_json) as progress:
            task = progress.add_task("Games", total=games)
            for game in stream:
                # a deal thrown in (Schmeissen, an Armut nobody takes) is saved with its reason (the
                # record's own thrown_in) and no row of the Liste; the same dealer deals again
                redeal = game.redeal_same_dealer
                if not no_records:
                    meta = {} if redeal else _row_meta(sheet)
                    saved.append(record_game(game, name_list, deal_number=session.deals, session_seed=seed, **meta))
                if redeal:
                    thrown_in += 1
                    continue
                progress.advance(task)
    except BaseException:
        # a session stopped by its rules (SessionError, e.g. endless redeals) or by Ctrl-C: the games
        # played so far are saved before the error is shown
        if saved:
            click.echo(_save_records(saved, records, mode), err=True)
        raise
    finally:
        if executor is not None:  # the games still played ahead are not needed: not waited for
            executor.shutdown(wait=False, cancel_futures=True)
    if not as_json:
        # the result first: a records file that cannot be written (disk full) loses no output
        _print_sheet(console, sheet, cents, session)
        if thrown_in:
            console.print(f"{plural(thrown_in, 'deal')} thrown in and dealt again by the same dealer.")
    done = "" if no_records else _save_records(saved, records, mode)
    if as_json:
        out = {
            "games": games,
            "rules": rules.name,
            "seed": seed,
            "totals": sheet.totals,
            "rows": [{"label": r.label, "points": list(r.points), "multiplier": r.multiplier} for r in sheet.rows],
            "bock_owed": list(session.bock_queue),
            "thrown_in": thrown_in,
            "settlement": [{"payer": t.payer, "payee": t.payee, "cents": t.cents} for t in sheet.settlement(cents)],
            "records": None if no_records else records,
            "records_written": None if no_records else mode,
        }
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    if done:
        extra = f" ({plural(games, 'game')} and {plural(thrown_in, 'deal')} thrown in)" if thrown_in else ""
        console.print(done + extra)


def _finite(value: float) -> float:
    """``value`` if it is a finite number; click.BadParameter (click names the option) for ``nan``,
    which passes every range check."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of seconds")
    return value


def _row_meta(sheet: Sheet) -> dict[str, int]:
    """The record meta of the game just written on ``sheet``: its number on the Liste and, for a
    Bock game, its Bock multiplier (:data:`doppelkopf.record.BOCK_KEY`: 2, 4, ...; seeds 002 and 004, Bock)."""
    from .record import BOCK_KEY

    row = sheet.rows[-1]
    meta = {"game_number": len(sheet.rows)}
    if row.multiplier != 1:
        meta[BOCK_KEY] = row.multiplier
    return meta


def _clean_names(text: str) -> tuple[str, ...]:
    """The four names of ``--names`` (comma-separated) in their stored form
    (:func:`doppelkopf.names.clean_names`); raises click.UsageError naming the entry."""
    from .names import PlayerNameError, clean_names

    parts = text.split(",")
    if len(parts) != 4:
        raise click.BadParameter(f"need four names separated by commas, got {len(parts)}", param_hint="--names")
    try:
        return clean_names(parts, "--names")
    except PlayerNameError as exc:
        raise click.UsageError(str(exc)) from None


# -- arena --------------------------------------------------------------------------------------


def _player_name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """Check a registered player name; the error names the option."""
    known = _player_kinds()
    if value not in known:
        raise click.BadParameter(f"unknown player {value!r}; known: {', '.join(known)}")
    return value


def _player_options(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; a value is read as strict JSON (number, true/false, string in quotes;
    :func:`doppelkopf.jsonutil.loads_strict`, as entries and records are), and as text where it is
    no JSON at all. Raises click.BadParameter (click names the option) for no ``KEY=VALUE`` and,
    naming the key, for JSON the readers refuse: ``NaN``, ``Infinity``, a key given twice, nesting
    deeper than :data:`doppelkopf.jsonutil.MAX_DEPTH` levels."""
    from .jsonutil import loads_strict, short_repr

    out: dict[str, Any] = {}
    for item in values:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise click.BadParameter(f"expected KEY=VALUE, got {short_repr(item)}")
        try:
            out[key] = loads_strict(text)
        except json.JSONDecodeError:  # no JSON: the text itself
            out[key] = text
        except ValueError as exc:
            raise click.BadParameter(f"{key}: {exc}") from None
    return out


@main.command()
@click.option("--candidate", default="rules", show_default=True, callback=_player_name, help="Player measured.")
@click.option("--reference", default="random", show_default=True, callback=_player_name, help="Player to beat.")
@click.option("--deals", type=click.IntRange(1, 10_000_000), default=100, show_default=True, help="Deals (x4 games).")
@rules_option
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the match: same seed, same games.")
@click.option(
    "--jobs",
    type=click.IntRange(1, 1024),
    default=None,
    help="Worker processes, or CPUs of a local Ray [default: all cores]; a cluster (--ray-address) uses all its CPUs.",
)
@click.option(
    "--records",
    type=click.Path(dir_okay=False, writable=True),
    default="doko-arena.jsonl",
    show_default=True,
    help="File for the game records (JSON Lines).",
)
@click.option("--no-records", is_flag=True, help="Do not save the records.")
@click.option(
    "--force",
    is_flag=True,
    help="Replace a --records file that exists and holds no game records, and a --json file that exists.",
)
@click.option(
    "--json",
    "json_file",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True),
    help="Write the results as JSON to this file (- for standard output; the table then goes to standard error).",
)
@click.option(
    "--candidate-option",
    "candidate_options",
    multiple=True,
    callback=_player_options,
    metavar="KEY=VALUE",
    help=(
        "Option for the candidate's factory (repeatable), e.g. samples=32 (search), p_announce=0.2 (random); "
        "the value is read as JSON: true, false, null, numbers (other text as a string)."
    ),
)
@click.option(
    "--reference-option",
    "reference_options",
    multiple=True,
    callback=_player_options,
    metavar="KEY=VALUE",
    help="Option for the reference's factory (repeatable).",
)
@_backend_options
@_friendly_errors
def arena(
    candidate: str,
    reference: str,
    deals: int,
    rules: RuleSet,
    seed: int,
    jobs: int | None,
    records: str,
    no_records: bool,
    force: bool,
    json_file: str | None,
    candidate_options: dict[str, Any],
    reference_options: dict[str, Any],
    backend: str,
    ray_address: str | None,
) -> None:
    """Rotated duplicate matches: every deal is played four times, the CANDIDATE in each seat in
    turn against three copies of the REFERENCE; mean Punkte per game with a 95% interval (one
    sample per deal), win rates, solos, announcements, time per move and memory per player.
    The game records are added to the --records file when it already holds records. Every output
    path is checked before the first deal: an existing --json file is replaced only with --force,
    and never is the --records file.

    \b
    doko arena --candidate rules --reference random --deals 500 --rules ddv --seed 1
    """
    import os

    from rich.progress import Progress

    from .arena import ArenaConfig, run_arena, save_json
    from .cluster import ClusterError, check_backend

    config = ArenaConfig(candidate, reference, rules, deals, seed, candidate_options, reference_options)
    try:
        config.check()
    except ValueError as exc:
        role = str(exc).split(":", 1)[0]
        raise click.BadParameter(str(exc).split(": ", 1)[1], param_hint=f"--{role}-option") from None
    target = _records_target(records, no_records)
    mode = "" if target is None else _records_mode(target, force)
    if json_file is not None:
        _check_json_output(json_file, force, target)
    try:
        check_backend(backend, ray_address)
    except ClusterError as exc:
        raise _cluster_error(exc, usage=True) from None
    # a Ray cluster joined at --ray-address plays on all its CPUs (run_arena asks Ray how many)
    workers = jobs if jobs is not None or ray_address is not None else (os.cpu_count() or 1)
    to_stdout = json_file == "-"
    console = _console(stderr=to_stdout)  # with --json -, standard output holds the JSON alone
    # the pool's workers come from a fork server: none is forked from the progress bar's thread
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("Deals", total=deals)
        try:
            result = run_arena(
                config,
                workers,
                lambda n: progress.advance(task, n),
                keep_records=target is not None,
                backend=backend,
                ray_address=ray_address,
            )
        except ClusterError as exc:
            raise _cluster_error(exc) from None
    data = result.to_json()
    # the results first: a file that cannot be written (disk full) loses no output
    _print_arena(console, data)
    console.print(data["verdict"])
    if to_stdout:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    if target is not None:
        console.print(_save_records(result.records, target, mode))
    if json_file is not None and not to_stdout:
        save_json(data, json_file)
        console.print(f"Results saved in {json_file}")


def _print_arena(console: Console, data: dict[str, Any]) -> None:
    from rich.table import Table

    from .interactive import plural

    table = Table(
        title=f"{data['candidate']['name']} vs {data['reference']['name']}: {plural(data['deals'], 'deal')}, "
        f"{plural(data['games'], 'game')}, rules {data['rules']}, seed {data['seed']}"
    )
    table.add_column("")
    for role in ("candidate", "reference"):
        table.add_column(
            f"{data['players'][role]['player']} ({'cand.' if role == 'candidate' else 'ref.'})", justify="right"
        )
    stats = [data["players"]["candidate"], data["players"]["reference"]]

    def ci(s: dict[str, Any]) -> str:
        p = s["punkte_per_game"]
        if p["ci95"] is None:
            return f"{p['mean']:+.2f}"
        return f"{p['mean']:+.2f} ({p['ci95'][0]:+.2f} .. {p['ci95'][1]:+.2f})"

    def rate(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.1f}%"

    def ms(d: dict[str, Any]) -> str:
        return "-" if d["mean"] is None else f"{d['mean']:.3f} / {d['max']:.3f}"  # one precision: max >= mean

    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("Punkte/game (95% CI)", ci),
        ("Party win rate", lambda s: rate(s["win_rate"])),
        ("Solos played/won", lambda s: f"{s['solos']['played']} / {s['solos']['won']}"),
        (
            "Announced/successful",
            lambda s: f"{s['announcements']['made']} / {s['announcements']['successful']}",
        ),
        ("Move ms (mean/max)", lambda s: ms(s["time_per_move_ms"])),
        ("React ms (mean/max)", lambda s: ms(s["time_per_react_ms"])),
        ("Decision KiB (peak)", lambda s: str(s["memory_per_decision_kib"]["peak_max"])),
    ]
    for label, cell in rows:
        table.add_row(label, *(cell(s) for s in stats))
    console.print(table)
    if data["games_thrown_in"]:
        thrown = plural(data["games_thrown_in"], "game")
        console.print(f"{thrown} thrown in (0 Punkte each, left out of the win rates).")


# -- replay -------------------------------------------------------------------------------------


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--game", "number", type=click.IntRange(1), default=None, help="Which game of the file (1 = first).")
@click.option("--analyse", is_flag=True, help="Review every card with the exact solver (all hands open).")
@click.option(
    "--budget",
    type=click.FloatRange(0, 600),
    default=1.0,
    show_default=True,
    callback=lambda ctx, param, value: _finite(value),
    help="With --analyse: seconds of bounded search per position of the early tricks.",
)
@click.option(
    "--exact-tricks",
    type=click.IntRange(1, 12),
    default=7,
    show_default=True,
    help="With --analyse: cards with at most this many tricks left are solved exactly.",
)
@_friendly_errors
def replay(file: str, number: int | None, analyse: bool, budget: float, exact_tricks: int) -> None:
    """Show a saved game trick by trick (a record file or a JSON Lines file of records); with --analyse,
    the Augen each card cost (docs/analysis.md)."""
    if not analyse:
        context = click.get_current_context()
        for name, flag in (("budget", "--budget"), ("exact_tricks", "--exact-tricks")):
            if context.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT:
                raise click.UsageError(f"{flag} needs --analyse (it sets the solver's review)")
    record, game = _read_record(file, number)
    console = _console()
    players = list(record.players)
    _print_replay(console, game, players, record.bock)
    if game.is_terminal and not game.redeal_same_dealer:
        _print_score(console, game.score(), players, "Score", game.summary())
    if analyse:
        _print_analysis(console, game, players, budget, exact_tricks)


def _read_record(file: str, number: int | None) -> tuple[GameRecord, Game]:
    """Game ``number`` (1-based) of a JSON Lines file of records, or the one record of a record file,
    checked and verified, with the game its actions give; see
    :func:`doppelkopf.record.load_verified_game` (lines end at ``\\n`` only, only the chosen line is
    checked; the game is replayed once). How many games the file holds is said only when every
    line is a record."""
    from .record import GameNumberError, load_verified_game

    try:
        record, game, count, _ = load_verified_game(file, number)
    except GameNumberError as exc:
        raise click.BadParameter(str(exc), param_hint="--game") from None
    if number is None and count is not None and count > 1:
        click.echo(f"{file} holds {count} games; showing game 1 (choose with --game N).", err=True)
    return record, game


def _print_replay(console: Console, game: Game, players: list[str], bock: int = 1) -> None:
    """The game trick by trick (:func:`doppelkopf.record.trick_lines`); ``bock``: its Bock multiplier
    on the Liste, shown after the Punkte."""
    from .record import trick_lines

    for line in trick_lines(game, players, bock=bock):
        console.print(line)


def _print_analysis(console: Console, game: Game, players: list[str], budget: float, exact_tricks: int) -> None:
    """The review of every card (:func:`doppelkopf.analysis.analyse`), trick by trick, the mistakes marked."""
    from rich.progress import Progress

    from .analysis import analyse
    from .interactive import plural

    # no refresh thread: the solver's child processes are forked from a process with one thread
    with Progress(console=_console(stderr=True), transient=True, auto_refresh=False) as bar:
        task = bar.add_task("Analysing", total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
            bar.refresh()

        review = analyse(game, exact_tricks=exact_tricks, budget_s=budget, progress=step)
    console.print()
    if game.thrown_in:
        reason = "Schmeissen" if game.thrown_reason == "schmeissen" else "an Armut nobody took"
        console.print(f"Analysis: the deal was thrown in ({reason}): nothing to analyse.")
        return
    if not review.cards:
        console.print("Analysis: no card was played: nothing to analyse.")
        return
    console.print("Analysis (exact solver, all hands open). Each card: Augen of the mover's party")
    console.print("with its best card → with the card played (Augen lost), then the mover's Punkte.")
    width = max(len(name) for name in players)
    trick = 0
    for card in review.cards:
        if card.trick != trick:
            trick = card.trick
            bounded = "" if all(c.exact or c.parties_open for c in review.trick(trick)) else " (bounded)"
            console.print(f"Trick {trick}{bounded}")
        head = f"  {players[card.seat]:<{width}} {card.card.symbol:<3} {card.party.label:<6} "
        if card.parties_open:
            console.print(head + "partner open, not analysed")
            continue
        punkte = ""
        if card.punkte_best is not None and card.punkte_after is not None:
            punkte = f"Punkte {card.punkte_best} → {card.punkte_after}"
        line = head + f"{card.augen_best} → {card.augen_after} ({card.augen_loss})  {punkte}"
        if card.mistake:
            best = " ".join(c.symbol for c in card.best_cards)
            line += "  MISTAKE" + (f", best {best}" if best else "")
        console.print(line, style="bold red" if card.mistake else None)
    if review.rest is not None:
        console.print(review.rest_note(players) + ".")
    mistakes = review.mistakes()
    if mistakes:
        per_seat = []
        for seat in range(4):
            own = [c for c in mistakes if c.seat == seat]
            if own:
                lost = sum(c.augen_loss.lo for c in own if c.augen_loss is not None)
                per_seat.append(f"{players[seat]} at least {lost} Augen in {plural(len(own), 'mistake')}")
        console.print(f"{plural(len(mistakes), 'mistake')} ({review.seconds:g} s): " + "; ".join(per_seat) + ".")
    else:
        console.print(f"No mistake found ({review.seconds:g} s).")
    if review.open_note:
        console.print(review.open_note + ".")
    if review.bound_note:
        console.print(review.bound_note[0].upper() + review.bound_note[1:] + ".")
    for note in review.notes:
        console.print("Note: " + note + ".")
    console.print(review.left_out + ".")


# -- play ---------------------------------------------------------------------------------------


def _print_abkuerzung(console: Console, game: Game, names: list[str]) -> None:
    """Say who claimed or gave up the rest (TSR 5.4) and the announcements made after a concession."""
    from .game import Action

    if game.claim is not None:
        seat, held = game.claim
        outcome = "it holds" if held else "it fails, the rest goes to the other party"
        console.print(f"{names[seat]} claims the rest (Spielabkürzung): {outcome}.")
    if game.conceded_by is not None:
        console.print(f"{names[game.conceded_by]} gives up the rest (TSR 5.4.6): it goes to the other party.")
        conceded = [a for _, a in game.history].index(Action.CONCEDE)
        for seat, action in game.history[conceded + 1 :]:
            if Action.is_announcement(action):
                console.print(f"{names[seat]}: {game.announcement_label(action, seat)}! (TSR 5.4.7)")


@main.command()
@click.option("--games", "-n", type=click.IntRange(1, 1000), default=4, show_default=True, help="Games to play.")
@rules_option
@click.option("--seed", type=int, default=None, help="Seed of the session (default: random).")
@click.option("--name", default="Du", show_default=True, help="Your name.")
@click.option("--cents", type=click.IntRange(1, 100_000), default=10, show_default=True, help="Cents per Punkt.")
@click.option(
    "--records",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Save the games played as records in this JSON Lines file.",
)
@click.option("--force", is_flag=True, help="Replace a --records file that exists and holds no game records.")
@click.option(
    "--level",
    type=click.Choice(["easy", "normal", "strong"]),
    default="normal",
    show_default=True,
    help="Strength of the three computer players (search players: easy is fast, strong thinks up to 1 s a card).",
)
@click.option(
    "--pace",
    type=click.FloatRange(0, 10),
    default=0.4,
    show_default=True,
    callback=lambda ctx, param, value: _finite(value),
    metavar="SECONDS",
    help="Pause between two cards or announcements of the computer players (0: none).",
)
@_friendly_errors
def play(
    games: int,
    rules: RuleSet,
    seed: int | None,
    name: str,
    cents: int,
    records: str | None,
    force: bool,
    level: str,
    pace: float,
) -> None:
    """Play against three computer players in the terminal (you sit in seat 1).

    Ctrl-C or Ctrl-D stops: the Liste of the finished games is shown (and saved with --records;
    the game in progress does not count). The game records are added to the --records file when
    it already holds records.
    """
    import random

    from .interactive import HumanPlayer, plural
    from .names import PlayerNameError, clean_name, name_key
    from .players import play_session, search_level
    from .record import record_game
    from .session import Session, SessionError

    # every argument is checked before the first card
    try:
        name = clean_name(name, "--name")
    except PlayerNameError as exc:
        raise click.UsageError(str(exc)) from None
    mode = "" if records is None else _records_mode(records, force)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    console = _console()
    names = [name, *[n for n in SEAT_NAMES if name_key(n) != name_key(name)][:3]]
    human = HumanPlayer(console, names, pace=pace)
    players = [human, *(search_level(level, seed=seed * 4 + i) for i in range(1, 4))]
    session = Session(rules, names)
    sheet = session.sheet
    saved = []
    hint = (
        "Type a card (KrD, ♥10 or its number), re, kontra, keine 90 …; the prompt lists the other options; "
        "letzter shows the last trick; ? for help; Ctrl-D stops."
    )
    console.print(f"Rules: {rules.name}, session {seed}. {hint}")
    try:
        for game in play_session(rules, players, games, seed, on_event=human.follow, session=session):
            if game.redeal_same_dealer:
                console.print(f"Thrown in ({game.score().items[0].label}): {names[game.dealer]} deals again.")
                saved.append(record_game(game, names, deal_number=session.deals, session_seed=seed))
                continue
            _print_abkuerzung(console, game, names)
            human.show_tricks(game.tricks, game.cards_played)
            result = game.score()
            _print_score(console, result, names, f"Score: {game.game_type.german}", game.summary())
            row = sheet.rows[-1]
            if row.multiplier != 1:
                counted = ", ".join(f"{n} {p:+d}" for n, p in zip(names, row.points, strict=True))
                console.print(f"Bock ×{row.multiplier}: {counted}")
            if session.last_triggers:
                console.print("Bock starts: " + ", ".join(session.last_triggers))
            saved.append(record_game(game, names, deal_number=session.deals, session_seed=seed, **_row_meta(sheet)))
            _print_sheet(console, sheet, cents, session)
    except (click.Abort, KeyboardInterrupt):
        # the way to stop (Ctrl-D, Ctrl-C): the finished games stand, the one in progress is dropped
        console.print()
        console.print(f"Stopped after {plural(len(sheet.rows), 'finished game')}.")
        if sheet.rows:
            _print_sheet(console, sheet, cents, session)
    except SessionError:
        # the session's rules stop it (e.g. a deal thrown in again and again): save the games played first
        if records is not None and saved:
            console.print(_save_records(saved, records, mode))
        raise
    if records is not None and saved:
        console.print(_save_records(saved, records, mode))


def run() -> None:  # pragma: no cover - console entry for python -m
    main(prog_name="doko")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
