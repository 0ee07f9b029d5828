"""``doko simulate`` and ``doko arena``: computer players only, in order or on workers (:mod:`doppelkopf.cluster`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..messages import N_
from ..rules import RuleSet
from .common import (
    SEAT_NAMES,
    check_output,
    friendly_errors,
    is_single_record,
    make_console,
    print_plain,
    print_sheet,
    records_mode,
    row_meta,
    rules_option,
    save_records,
)
from .lang import command, ngettext, option, tr
from .lang import gettext as _

if TYPE_CHECKING:
    from rich.console import Console

F = TypeVar("F", bound=Callable[..., Any])


def _check_json_output(path: str, force: bool, records: str | None) -> None:
    """Check the ``--json`` file of ``doko arena`` before the first deal, as ``--records`` is
    checked: ``-`` is standard output; a file must be writable (:func:`check_output`), may exist
    only with ``--force`` and is never the ``records`` file (``None``: no records are written).
    Raises click.BadParameter naming ``--json``."""
    import os

    if path == "-":
        return
    exists = check_output(path, "--json")
    if records:
        same = Path(path).resolve() == Path(records).resolve()
        if not same and exists and Path(records).exists():
            try:
                same = os.path.samefile(path, records)
            except OSError:
                same = False
        if same:
            raise click.BadParameter(
                _(
                    "{path} is also the --records file: the results would overwrite the game records; "
                    "choose another file"
                ).format(path=path),
                param_hint="--json",
            )
    if exists and not force:
        from ..record import is_records_file

        if Path(path).stat().st_size and (is_records_file(path) or is_single_record(path)):
            raise click.BadParameter(
                _("{path} exists and holds game records; choose another file for the results").format(path=path),
                param_hint="--json",
            )
        raise click.BadParameter(
            _("{path} exists; choose another file, or add --force to replace it").format(path=path), param_hint="--json"
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
        raise click.UsageError(
            _("--records {records} and --no-records exclude each other: give only one of them").format(records=records)
        )
    return None


# -- simulate -----------------------------------------------------------------------------------


def _player_kinds() -> tuple[str, ...]:
    """The registered player names (see :func:`doppelkopf.players.make_player`)."""
    from ..players import player_names

    return player_names()


def _backend_options(func: F) -> F:
    """``--backend`` and ``--ray-address`` of ``doko arena`` and ``doko simulate`` (see
    :mod:`doppelkopf.cluster`)."""
    func = option(
        "--ray-address",
        metavar="ADDR",
        help=N_(
            "With --backend ray: the Ray cluster to join (auto, ray://HEAD:10001, HOST:6379) "
            "[default: a local Ray started with --jobs CPUs]."
        ),
    )(func)
    return option(
        "--backend",
        type=click.Choice(["process", "ray"]),
        default="process",
        show_default=True,
        help=N_(
            "Where the games are played: local worker processes, or Ray (extra 'cluster'). Same seed, "
            "same results (not for players with a time budget: search-strong, time_per_move)."
        ),
    )(func)


#: The flags of the parameters a :class:`doppelkopf.cluster.ClusterError` names.
_CLUSTER_FLAGS = {"backend": "--backend", "ray_address": "--ray-address", "jobs": "--jobs"}


def _cluster_error(exc: Exception, usage: bool = False) -> click.ClickException:
    """A :class:`doppelkopf.cluster.ClusterError` as a one-line click error naming the flag
    (``--ray-address: ...``) where the library names its parameter (``ray_address: ...``);
    a :class:`click.UsageError` (exit status 2) with ``usage``."""
    name, sep, rest = str(exc).partition(": ")
    message = tr().text(exc)
    if sep and name in _CLUSTER_FLAGS:
        message = f"{_CLUSTER_FLAGS[name]}: " + rest.replace("the backend 'ray'", "--backend ray")
    return click.UsageError(message) if usage else click.ClickException(message)


@command(
    help=N_(
        "Let four computer players play GAMES games; print the Liste, totals and settlement.\n\n"
        "The game records are added to the --records file when it already holds records. Every game "
        "gets fresh players (the same seeds each game); with --jobs 2 or more, or --backend ray, workers "
        "play the next games ahead and the Liste is exactly the one of --jobs 1 (see doppelkopf.cluster)."
    )
)
@option("--games", "-n", type=click.IntRange(1, 1_000_000), default=24, show_default=True, help=N_("Games to play."))
@rules_option
@option("--seed", type=int, default=1, show_default=True, help=N_("Seed of the session: same seed, same games."))
@option(
    "--players",
    "kinds",
    default="rules,rules,rules,rules",
    show_default=True,
    help=N_("Four computer players, comma-separated (registered names: random, rules, ...)."),
)
@option("--names", default=",".join(SEAT_NAMES), show_default=True, help=N_("Four names in seat order."))
@option("--cents", type=click.IntRange(1, 100_000), default=10, show_default=True, help=N_("Cents per Punkt."))
@option(
    "--records",
    type=click.Path(dir_okay=False, writable=True),
    default="doko-records.jsonl",
    show_default=True,
    help=N_("File for the game records (JSON Lines)."),
)
@option("--no-records", is_flag=True, help=N_("Do not save the records."))
@option("--force", is_flag=True, help=N_("Replace a --records file that exists and holds no game records."))
@option("--json", "as_json", is_flag=True, help=N_("Print totals and settlement as JSON."))
@option(
    "--jobs",
    type=click.IntRange(1, 1024),
    default=1,
    show_default=True,
    help=N_(
        "Workers playing the next games ahead (1: in order in this process), or CPUs of a local Ray; "
        "a cluster (--ray-address) uses all its CPUs. Same seed, same games."
    ),
)
@_backend_options
@friendly_errors
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
    """``doko simulate`` (the help above)."""
    from rich.progress import Progress

    from ..cluster import ClusterError, check_backend, fresh_players, make_executor, play_session_parallel
    from ..players import play_session
    from ..record import record_game
    from ..session import Session

    # every argument is checked before the first game
    kind_list = [k.strip() for k in kinds.split(",")]
    known = _player_kinds()
    if len(kind_list) != 4 or any(k not in known for k in kind_list):
        raise click.BadParameter(
            _("need four of {known}, got {given}").format(known=", ".join(known), given=repr(kinds)),
            param_hint="--players",
        )
    name_list = list(_clean_names(names))
    no_records = _records_target(records, no_records) is None
    mode = "" if no_records else records_mode(records, force)
    try:
        check_backend(backend, ray_address)
    except ClusterError as exc:
        raise _cluster_error(exc, usage=True) from None
    session = Session(rules, name_list)
    sheet = session.sheet
    saved = []
    thrown_in = 0
    console = make_console()
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
            task = progress.add_task(_("Games"), total=games)
            for game in stream:
                # a deal thrown in (Schmeissen, an Armut nobody takes) is saved with its reason (the
                # record's own thrown_in) and no row of the Liste; the same dealer deals again
                redeal = game.redeal_same_dealer
                if not no_records:
                    meta = {} if redeal else row_meta(sheet)
                    saved.append(record_game(game, name_list, deal_number=session.deals, session_seed=seed, **meta))
                if redeal:
                    thrown_in += 1
                    continue
                progress.advance(task)
    except BaseException:
        # a session stopped by its rules (SessionError, e.g. endless redeals) or by Ctrl-C: the games
        # played so far are saved before the error is shown
        if saved:
            click.echo(save_records(saved, records, mode), err=True)
        raise
    finally:
        if executor is not None:  # the games still played ahead are not needed: not waited for
            executor.shutdown(wait=False, cancel_futures=True)
    if not as_json:
        # the result first: a records file that cannot be written (disk full) loses no output
        print_sheet(console, sheet, cents, session, games)
        if thrown_in:
            console.print(
                ngettext(
                    "{n} deal thrown in and dealt again by the same dealer.",
                    "{n} deals thrown in and dealt again by the same dealer.",
                    thrown_in,
                ).format(n=thrown_in)
            )
    done = "" if no_records else save_records(saved, records, mode)
    if as_json:
        out = {
            "games": games,
            "rules": rules.name,
            "seed": seed,
            "totals": sheet.totals,
            "written_totals": dict(zip(sheet.players, sheet.written_totals, strict=True)),
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
        extra = (
            " ("
            + ngettext("{n} game", "{n} games", games).format(n=games)
            + " "
            + ngettext("and {n} deal thrown in", "and {n} deals thrown in", thrown_in).format(n=thrown_in)
            + ")"
            if thrown_in
            else ""
        )
        console.print(done + extra)


def _clean_names(text: str) -> tuple[str, ...]:
    """The four names of ``--names`` (comma-separated) in their stored form
    (:func:`doppelkopf.names.clean_names`); raises click.UsageError naming the entry."""
    from ..names import PlayerNameError, clean_names

    parts = text.split(",")
    if len(parts) != 4:
        raise click.BadParameter(
            _("need four names separated by commas, got {n}").format(n=len(parts)), param_hint="--names"
        )
    try:
        return clean_names(parts, "--names")
    except PlayerNameError as exc:
        raise click.UsageError(tr().text(exc)) from None


# -- arena --------------------------------------------------------------------------------------


def _player_name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """Check a registered player name; the error names the option."""
    known = _player_kinds()
    if value not in known:
        raise click.BadParameter(
            _("unknown player {name}; known: {known}").format(name=repr(value), known=", ".join(known))
        )
    return value


def _player_options(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; a value is read as strict JSON (number, true/false, string in quotes;
    :func:`doppelkopf.jsonutil.loads_strict`, as entries and records are), and as text where it is
    no JSON at all. Raises click.BadParameter (click names the option) for no ``KEY=VALUE`` and,
    naming the key, for JSON the readers refuse: ``NaN``, ``Infinity``, a key given twice, nesting
    deeper than :data:`doppelkopf.jsonutil.MAX_DEPTH` levels."""
    from ..jsonutil import loads_strict, short_repr

    out: dict[str, Any] = {}
    for item in values:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise click.BadParameter(_("expected KEY=VALUE, got {given}").format(given=short_repr(item)))
        try:
            out[key] = loads_strict(text)
        except json.JSONDecodeError:  # no JSON: the text itself
            out[key] = text
        except ValueError as exc:
            raise click.BadParameter(f"{key}: {tr().text(exc)}") from None
    return out


@command(
    help=N_(
        "Rotated duplicate matches: every deal is played four times, the CANDIDATE in each seat in "
        "turn against three copies of the REFERENCE; mean Punkte per game with a 95% interval (one "
        "sample per deal), win rates, solos, announcements, time per move and memory per player. "
        "The game records are added to the --records file when it already holds records. Every output "
        "path is checked before the first deal: an existing --json file is replaced only with --force, "
        "and never is the --records file.\n\n"
        "\b\n"
        "doko arena --candidate rules --reference random --deals 500 --rules ddv --seed 1"
    )
)
@option("--candidate", default="rules", show_default=True, callback=_player_name, help=N_("Player measured."))
@option("--reference", default="random", show_default=True, callback=_player_name, help=N_("Player to beat."))
@option("--deals", type=click.IntRange(1, 10_000_000), default=100, show_default=True, help=N_("Deals (x4 games)."))
@rules_option
@option("--seed", type=int, default=1, show_default=True, help=N_("Seed of the match: same seed, same games."))
@option(
    "--jobs",
    type=click.IntRange(1, 1024),
    default=None,
    help=N_(
        "Worker processes, or CPUs of a local Ray [default: all cores]; a cluster (--ray-address) uses all its CPUs."
    ),
)
@option(
    "--records",
    type=click.Path(dir_okay=False, writable=True),
    default="doko-arena.jsonl",
    show_default=True,
    help=N_("File for the game records (JSON Lines)."),
)
@option("--no-records", is_flag=True, help=N_("Do not save the records."))
@option(
    "--force",
    is_flag=True,
    help=N_("Replace a --records file that exists and holds no game records, and a --json file that exists."),
)
@option(
    "--json",
    "json_file",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True),
    help=N_("Write the results as JSON to this file (- for standard output; the table then goes to standard error)."),
)
@option(
    "--candidate-option",
    "candidate_options",
    multiple=True,
    callback=_player_options,
    metavar="KEY=VALUE",
    help=N_(
        "Option for the candidate's factory (repeatable), e.g. samples=32 (search), p_announce=0.2 (random); "
        "the value is read as JSON: true, false, null, numbers (other text as a string)."
    ),
)
@option(
    "--reference-option",
    "reference_options",
    multiple=True,
    callback=_player_options,
    metavar="KEY=VALUE",
    help=N_("Option for the reference's factory (repeatable)."),
)
@_backend_options
@friendly_errors
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
    """``doko arena`` (the help above)."""
    import os

    from rich.progress import Progress

    from ..arena import ArenaConfig, run_arena, save_json
    from ..cluster import ClusterError, check_backend

    config = ArenaConfig(candidate, reference, rules, deals, seed, candidate_options, reference_options)
    try:
        config.check()
    except ValueError as exc:
        role = str(exc).split(":", 1)[0]
        raise click.BadParameter(str(exc).split(": ", 1)[1], param_hint=f"--{role}-option") from None
    target = _records_target(records, no_records)
    mode = "" if target is None else records_mode(target, force)
    if json_file is not None:
        _check_json_output(json_file, force, target)
    try:
        check_backend(backend, ray_address)
    except ClusterError as exc:
        raise _cluster_error(exc, usage=True) from None
    # a Ray cluster joined at --ray-address plays on all its CPUs (run_arena asks Ray how many)
    workers = jobs if jobs is not None or ray_address is not None else (os.cpu_count() or 1)
    to_stdout = json_file == "-"
    console = make_console(stderr=to_stdout)  # with --json -, standard output holds the JSON alone
    # the pool's workers come from a fork server: none is forked from the progress bar's thread
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(_("Deals"), total=deals)
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
    console.print(tr().text(data["verdict"]))
    if to_stdout:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    if target is not None:
        console.print(save_records(result.records, target, mode))
    if json_file is not None and not to_stdout:
        save_json(data, json_file)
        console.print(_("Results saved in {path}").format(path=json_file))


def _print_arena(console: Console, data: dict[str, Any]) -> None:
    from rich.table import Table

    deals = ngettext("{n} deal", "{n} deals", data["deals"]).format(n=data["deals"])
    games = ngettext("{n} game", "{n} games", data["games"]).format(n=data["games"])
    table = Table(
        title=_("{candidate} vs {reference}: {deals}, {games}, rules {rules}, seed {seed}").format(
            candidate=data["candidate"]["name"],
            reference=data["reference"]["name"],
            deals=deals,
            games=games,
            rules=data["rules"],
            seed=data["seed"],
        )
    )
    table.add_column("")
    short = {"candidate": _("cand."), "reference": _("ref.")}
    for role in ("candidate", "reference"):
        table.add_column(f"{data['players'][role]['player']} ({short[role]})", justify="right")
    stats = [data["players"]["candidate"], data["players"]["reference"]]

    t = tr()

    def plus(x: float) -> str:
        """A mean with its sign, two decimals in the reader's form: ``+2,75``, ``−0,43``."""
        return ("+" if x > 0 else "") + t.number(x, 2)

    def ci(s: dict[str, Any]) -> str:
        p = s["punkte_per_game"]
        if p["ci95"] is None:
            return plus(p["mean"])
        return f"{plus(p['mean'])} ({plus(p['ci95'][0])} .. {plus(p['ci95'][1])})"

    def rate(x: float | None) -> str:
        return "-" if x is None else f"{t.number(100 * x, 1)}%"

    def ms(d: dict[str, Any]) -> str:  # one precision: max >= mean
        return "-" if d["mean"] is None else f"{t.number(d['mean'], 3)} / {t.number(d['max'], 3)}"

    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        (_("Punkte/game (95% CI)"), ci),
        (_("Party win rate"), lambda s: rate(s["win_rate"])),
        (_("Solos played/won"), lambda s: f"{s['solos']['played']} / {s['solos']['won']}"),
        (
            _("Announced/successful"),
            lambda s: f"{s['announcements']['made']} / {s['announcements']['successful']}",
        ),
        (_("Move ms (mean/max)"), lambda s: ms(s["time_per_move_ms"])),
        (_("React ms (mean/max)"), lambda s: ms(s["time_per_react_ms"])),
        (_("Decision KiB (peak)"), lambda s: str(s["memory_per_decision_kib"]["peak_max"])),
    ]
    for label, cell in rows:
        table.add_row(label, *(cell(s) for s in stats))
    print_plain(console, table)
    if data["games_thrown_in"]:
        n = data["games_thrown_in"]
        console.print(
            ngettext(
                "{n} game thrown in (0 Punkte each, left out of the win rates).",
                "{n} games thrown in (0 Punkte each, left out of the win rates).",
                n,
            ).format(n=n)
        )
