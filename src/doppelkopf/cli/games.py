"""``doko play``, ``doko score`` and ``doko replay``: one game at a time, in the terminal."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

import click

from ..messages import N_
from ..rules import RuleSet
from .common import (
    SEAT_NAMES,
    friendly_errors,
    make_console,
    print_plain,
    print_sheet,
    records_mode,
    row_meta,
    rules_option,
    save_records,
)
from .lang import command, ngettext, option, signed, tr
from .lang import gettext as _

if TYPE_CHECKING:
    from rich.console import Console

    from ..game import Game
    from ..record import GameRecord
    from ..scoring import GameSummary, Score


# -- score --------------------------------------------------------------------------------------


@command(
    help=N_(
        "Score one game from a real table, given as a JSON ENTRY file (- for stdin).\n\n"
        "\b\n"
        '{"rules": "ddv", "players": ["Anna", "Ben", "Carla", "Dirk"], "game": "normal",\n'
        ' "re": ["Ben", "Carla"], "augen_re": 151, "announcements": {"re": ["re"], "kontra": []},\n'
        ' "extras": [{"type": "fuchs_gefangen", "party": "re"}]}'
    )
)
@click.argument("entry", type=click.File("rb"))
@option("--json", "as_json", is_flag=True, help=N_("Print the result as JSON."))
@friendly_errors
def score(entry: Any, as_json: bool) -> None:
    """``doko score``: score one game from a real table (the help above)."""
    from ..entry import read_entry_file, result_to_json, score_entry

    name = getattr(entry, "name", "-")
    source = "<stdin>" if name in ("<stdin>", "-") or not isinstance(name, str) else name
    data = read_entry_file(entry, source)  # bounded: an endless stdin or a huge file is refused
    result = score_entry(data)
    if as_json:
        click.echo(json.dumps(result_to_json(result), ensure_ascii=False, indent=2))
        return
    console = make_console()
    summary = result.entry.summary
    _print_score(console, result.score, list(result.entry.players), tr().text(summary.game_type.german), summary)


def _print_score(
    console: Console, result: Score, players: list[str], title: str = "", summary: GameSummary | None = None
) -> None:
    """The score table of a game, then who wins (with each party's Augen from ``summary``, if given),
    the solo factor, the Bock and the Punkte of each player."""
    from rich.table import Table

    t = tr()
    table = Table(title=title or None)
    table.add_column(_("Posten"))
    table.add_column(_("Punkte"), justify="right")
    rows = result.table()
    for label, value in rows[:-1]:
        table.add_row(t.text(label), signed(value))
    table.add_row(_("Summe"), signed(rows[-1][1]), style="bold")
    print_plain(console, table)
    who = _("Nobody wins") if result.winner is None else _("{party} wins").format(party=result.winner.label)
    if summary is not None:
        who += " " + _("(Re {re} Augen, Kontra {kontra} Augen)").format(
            re=summary.augen_re, kontra=summary.augen_kontra
        )
    factor = ", " + _("soloist ×{factor}").format(factor=result.factor) if result.solo else ""
    bock = f", Bock ×{result.multiplier}" if result.multiplier != 1 else ""
    console.print(
        who + factor + bock + ": " + ", ".join(f"{n} {signed(p)}" for n, p in zip(players, result.points, strict=True))
    )


def _game_label(game: Game, players: list[str]) -> str:
    """A list row label in the style of seed 004: "Re Ben & Carla +4", "Kreuzsolo Anna verliert −3"."""
    from ..session import game_label

    return game_label(game.summary(), game.score(), players, game.rules)


def _finite(value: float) -> float:
    """``value`` if it is a finite number; click.BadParameter (click names the option) for ``nan``,
    which passes every range check."""
    if not math.isfinite(value):
        raise click.BadParameter(_("{value} is not a number of seconds").format(value=value))
    return value


# -- replay -------------------------------------------------------------------------------------


@command(
    help=N_(
        "Show a saved game trick by trick (a record file or a JSON Lines file of records); with --analyse, "
        "the Augen each card cost (docs/analysis.md)."
    )
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@option("--game", "number", type=click.IntRange(1), default=None, help=N_("Which game of the file (1 = first)."))
@option("--analyse", is_flag=True, help=N_("Review every card with the exact solver (all hands open)."))
@option(
    "--budget",
    type=click.FloatRange(0, 600),
    default=1.0,
    show_default=True,
    callback=lambda ctx, param, value: _finite(value),
    help=N_("With --analyse: seconds of bounded search per position of the early tricks."),
)
@option(
    "--exact-tricks",
    type=click.IntRange(1, 12),
    default=7,
    show_default=True,
    help=N_("With --analyse: cards with at most this many tricks left are solved exactly."),
)
@friendly_errors
def replay(file: str, number: int | None, analyse: bool, budget: float, exact_tricks: int) -> None:
    """``doko replay`` (the help above)."""
    if not analyse:
        context = click.get_current_context()
        for name, flag in (("budget", "--budget"), ("exact_tricks", "--exact-tricks")):
            if context.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT:
                raise click.UsageError(_("{flag} needs --analyse (it sets the solver's review)").format(flag=flag))
    record, game = _read_record(file, number)
    console = make_console()
    players = list(record.players)
    _print_replay(console, game, players, record.bock)
    if game.is_terminal and not game.redeal_same_dealer:
        _print_score(console, game.score(), players, _("Score"), game.summary())
    if analyse:
        _print_analysis(console, game, players, budget, exact_tricks)


def _read_record(file: str, number: int | None) -> tuple[GameRecord, Game]:
    """Game ``number`` (1-based) of a JSON Lines file of records, or the one record of a record file,
    checked and verified, with the game its actions give; see
    :func:`doppelkopf.record.load_verified_game` (lines end at ``\\n`` only, only the chosen line is
    checked; the game is replayed once). How many games the file holds is said only when every
    line is a record."""
    from ..record import GameNumberError, load_verified_game

    try:
        record, game, count, _lines = load_verified_game(file, number)
    except GameNumberError as exc:
        raise click.BadParameter(tr().text(exc), param_hint="--game") from None
    if number is None and count is not None and count > 1:
        click.echo(
            _("{file} holds {count} games; showing game 1 (choose with --game N).").format(file=file, count=count),
            err=True,
        )
    return record, game


def _print_replay(console: Console, game: Game, players: list[str], bock: int = 1) -> None:
    """The game trick by trick (:func:`doppelkopf.record.trick_lines`); ``bock``: its Bock multiplier
    on the Liste, shown after the Punkte."""
    from ..record import trick_lines

    for line in trick_lines(game, players, bock=bock, translate=tr().gettext):
        console.print(line)


def _print_analysis(console: Console, game: Game, players: list[str], budget: float, exact_tricks: int) -> None:
    """The review of every card (:func:`doppelkopf.analysis.analyse`), trick by trick, the mistakes marked."""
    from rich.progress import Progress

    from ..analysis import analyse

    # no refresh thread: the solver's child processes are forked from a process with one thread
    with Progress(console=make_console(stderr=True), transient=True, auto_refresh=False) as bar:
        task = bar.add_task(_("Analysing"), total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
            bar.refresh()

        review = analyse(game, exact_tricks=exact_tricks, budget_s=budget, progress=step)
    console.print()
    if game.thrown_in:
        reason = "Schmeissen" if game.thrown_reason == "schmeissen" else _("an Armut nobody took")
        console.print(_("Analysis: the deal was thrown in ({reason}): nothing to analyse.").format(reason=reason))
        return
    if not review.cards:
        console.print(_("Analysis: no card was played: nothing to analyse."))
        return
    console.print(_("Analysis (exact solver, all hands open). Each card: Augen of the mover's party"))
    console.print(_("with its best card → with the card played (Augen lost), then the mover's Punkte."))
    t = tr()
    width = max(len(name) for name in players)
    trick = 0
    for card in review.cards:
        if card.trick != trick:
            trick = card.trick
            exact = all(c.exact or c.parties_open for c in review.trick(trick))
            console.print((_("Trick {n}") if exact else _("Trick {n} (bounded)")).format(n=trick))
        head = f"  {players[card.seat]:<{width}} {card.card.symbol:<3} {card.party.label:<6} "
        if card.parties_open:
            console.print(head + _("partner open, not analysed"))
            continue
        punkte = ""
        if card.punkte_best is not None and card.punkte_after is not None:
            punkte = _("Punkte") + f" {card.punkte_best} → {card.punkte_after}"
        line = head + f"{card.augen_best} → {card.augen_after} ({card.augen_loss})  {punkte}"
        if card.mistake:
            best = " ".join(c.symbol for c in card.best_cards)
            line += "  " + (_("MISTAKE, best {cards}").format(cards=best) if best else _("MISTAKE"))
        console.print(line, style="bold red" if card.mistake else None)
    if review.rest is not None:
        console.print(t.text(review.rest_note(players)) + ".")
    mistakes = review.mistakes()
    if mistakes:
        per_seat = []
        for seat in range(4):
            own = [c for c in mistakes if c.seat == seat]
            if own:
                lost = sum(c.augen_loss.lo for c in own if c.augen_loss is not None)
                per_seat.append(
                    ngettext(
                        "{name} at least {lost} Augen in {n} mistake",
                        "{name} at least {lost} Augen in {n} mistakes",
                        len(own),
                    ).format(name=players[seat], lost=lost, n=len(own))
                )
        count = ngettext("{n} mistake ({seconds} s): ", "{n} mistakes ({seconds} s): ", len(mistakes))
        console.print(count.format(n=len(mistakes), seconds=f"{review.seconds:g}") + "; ".join(per_seat) + ".")
    else:
        console.print(_("No mistake found ({seconds} s).").format(seconds=f"{review.seconds:g}"))
    if review.open_note:
        console.print(t.text(review.open_note) + ".")
    if review.bound_note:
        note = t.text(review.bound_note)
        console.print(note[0].upper() + note[1:] + ".")
    for note in review.notes:
        console.print(_("Note: {note}.").format(note=t.text(note)))
    console.print(t.text(review.left_out) + ".")


# -- play ---------------------------------------------------------------------------------------


def _print_abkuerzung(console: Console, game: Game, names: list[str]) -> None:
    """Say who claimed or gave up the rest (TSR 5.4) and the announcements made after a concession."""
    from ..game import Action

    if game.claim is not None:
        seat, held = game.claim
        if held:
            console.print(_("{name} claims the rest (Spielabkürzung): it holds.").format(name=names[seat]))
        else:
            console.print(
                _("{name} claims the rest (Spielabkürzung): it fails, the rest goes to the other party.").format(
                    name=names[seat]
                )
            )
    if game.conceded_by is not None:
        console.print(
            _("{name} gives up the rest (TSR 5.4.6): it goes to the other party.").format(name=names[game.conceded_by])
        )
        conceded = [a for _seat, a in game.history].index(Action.CONCEDE)
        for seat, action in game.history[conceded + 1 :]:
            if Action.is_announcement(action):
                console.print(f"{names[seat]}: {tr().text(game.announcement_label(action, seat))}! (TSR 5.4.7)")


@command(
    help=N_(
        "Play against three computer players in the terminal (you sit in seat 1).\n\n"
        "Ctrl-C or Ctrl-D stops: the Liste of the finished games is shown (and saved with --records; "
        "the game in progress does not count). The game records are added to the --records file when "
        "it already holds records."
    )
)
@option("--games", "-n", type=click.IntRange(1, 1000), default=4, show_default=True, help=N_("Games to play."))
@rules_option
@option("--seed", type=int, default=None, help=N_("Seed of the session (default: random)."))
@option("--name", default=None, help=N_("Your name [default: Du in German, You in English]."))
@option("--cents", type=click.IntRange(1, 100_000), default=10, show_default=True, help=N_("Cents per Punkt."))
@option(
    "--records",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help=N_("Save the games played as records in this JSON Lines file."),
)
@option("--force", is_flag=True, help=N_("Replace a --records file that exists and holds no game records."))
@option(
    "--level",
    type=click.Choice(["easy", "normal", "strong"]),
    default="normal",
    show_default=True,
    help=N_("Strength of the three computer players (search players: easy is fast, strong thinks up to 1 s a card)."),
)
@option(
    "--pace",
    type=click.FloatRange(0, 10),
    default=0.4,
    show_default=True,
    callback=lambda ctx, param, value: _finite(value),
    metavar="SECONDS",
    help=N_("Pause between two cards or announcements of the computer players (0: none)."),
)
@friendly_errors
def play(
    games: int,
    rules: RuleSet,
    seed: int | None,
    name: str | None,
    cents: int,
    records: str | None,
    force: bool,
    level: str,
    pace: float,
) -> None:
    """``doko play`` (the help above)."""
    import random

    from ..interactive import HumanPlayer
    from ..names import PlayerNameError, clean_name, name_key
    from ..players import play_session, search_level
    from ..record import record_game
    from ..session import Session, SessionError

    # every argument is checked before the first card
    if name is None:
        name = _("You")
    try:
        name = clean_name(name, "--name")
    except PlayerNameError as exc:
        raise click.UsageError(tr().text(exc)) from None
    mode = "" if records is None else records_mode(records, force)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    console = make_console()
    names = [name, *[n for n in SEAT_NAMES if name_key(n) != name_key(name)][:3]]
    human = HumanPlayer(console, names, pace=pace)
    players = [human, *(search_level(level, seed=seed * 4 + i) for i in range(1, 4))]
    session = Session(rules, names)
    sheet = session.sheet
    saved = []
    hint = _(
        "Type a card (KrD, ♥10 or its number), re, kontra, keine 90 …; the prompt lists the other options; "
        "letzter shows the last trick; ? for help; Ctrl-D stops."
    )
    console.print(_("Rules: {rules}, session {seed}.").format(rules=rules.name, seed=seed) + " " + hint)
    try:
        for game in play_session(rules, players, games, seed, on_event=human.follow, session=session):
            if game.redeal_same_dealer:
                console.print(
                    _("Thrown in ({reason}): {dealer} deals again.").format(
                        reason=tr().text(game.score().items[0].label), dealer=names[game.dealer]
                    )
                )
                saved.append(record_game(game, names, deal_number=session.deals, session_seed=seed))
                continue
            _print_abkuerzung(console, game, names)
            human.show_tricks(game.tricks, game.cards_played)
            result = game.score()
            _print_score(
                console, result, names, _("Score: {game}").format(game=tr().text(game.game_type.german)), game.summary()
            )
            row = sheet.rows[-1]
            if row.multiplier != 1:
                counted = ", ".join(f"{n} {signed(p)}" for n, p in zip(names, row.points, strict=True))
                console.print(f"Bock ×{row.multiplier}: {counted}")
            if session.last_triggers:
                console.print(
                    _("Bock starts: {triggers}").format(triggers=", ".join(map(tr().text, session.last_triggers)))
                )
            saved.append(record_game(game, names, deal_number=session.deals, session_seed=seed, **row_meta(sheet)))
            print_sheet(console, sheet, cents, session, games)
    except (click.Abort, KeyboardInterrupt):
        # the way to stop (Ctrl-D, Ctrl-C): the finished games stand, the one in progress is dropped
        console.print()
        done = len(sheet.rows)
        console.print(
            ngettext("Stopped after {n} finished game.", "Stopped after {n} finished games.", done).format(n=done)
        )
        if sheet.rows:
            print_sheet(console, sheet, cents, session, games)
    except SessionError:
        # the session's rules stop it (e.g. a deal thrown in again and again): save the games played first
        if records is not None and saved:
            console.print(save_records(saved, records, mode))
        raise
    if records is not None and saved:
        console.print(save_records(saved, records, mode))
