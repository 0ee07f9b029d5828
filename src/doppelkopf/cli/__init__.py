"""The ``doko`` command line: play, simulate, score, replay, show rule sets, keep the Liste and serve it.

The group :func:`main` (the console script ``doko = "doppelkopf.cli:main"``) and its commands, one module
per concern over the shared helpers of :mod:`doppelkopf.cli.common`:

* :mod:`~doppelkopf.cli.games`: ``doko play``, ``doko score``, ``doko replay``;
* :mod:`~doppelkopf.cli.simulate`: ``doko simulate``, ``doko arena``;
* :mod:`~doppelkopf.cli.rules`: ``doko rules show|list``;
* :mod:`~doppelkopf.cli.liste`: ``doko liste ...`` (the score sheet), :mod:`~doppelkopf.cli.serve`:
  ``doko serve`` (the same in the browser); both read only when a command is looked up or listed.

Every command turns bad input into a one-line error (exit status 1 or 2), never a traceback. Heavy imports
(rich, the players, the storage, the web app) happen inside the commands so that ``doko --help`` starts fast.
"""

from __future__ import annotations

import click

from ..i18n import LANGUAGES
from ..messages import N_
from ..rulefile import RULE_FILE_LIMIT
from .common import load_rules
from .games import play, replay, score
from .lang import ENV_LANG, DokoGroup, DokoOption, install_click_messages, option, set_language
from .rules import rules
from .simulate import arena, simulate

__all__ = ["RULE_FILE_LIMIT", "load_rules", "main", "run"]


class _Doko(DokoGroup):
    """The ``doko`` group. The score sheet's commands (``doko liste``, ``doko serve``) come from
    :mod:`doppelkopf.cli.liste` and :mod:`doppelkopf.cli.serve`, read when a command is looked up or listed."""

    def _add_liste_commands(self) -> None:
        if "liste" not in self.commands:
            from .liste import liste
            from .serve import serve

            self.add_command(liste)
            self.add_command(serve)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_liste_commands()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self._add_liste_commands()
        return super().get_command(ctx, cmd_name)


def _language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        set_language(value)
    return value


@click.group(
    cls=_Doko,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_(
        """doko: play, score and keep the list of Doppelkopf.

    \b
    doko play                 you against three computer players
    doko simulate --games 24  computer players only; list, totals, settlement
    doko score ENTRY.json     score a game from a real table
    doko replay RECORDS       show a saved game trick by trick
    doko rules show [NAME]    every option of a rule set
    doko arena                two computer players in rotated duplicate matches
    doko liste ...            keep a group's score sheet: sittings, games, settlement, statistics
    doko serve                the score sheet in the browser"""
    ),
)
@option(
    "--lang",
    type=click.Choice(LANGUAGES, case_sensitive=False),
    envvar=ENV_LANG,
    is_eager=True,
    expose_value=False,
    callback=_language,
    help=N_("Language of the output: de or en [default: $DOKO_LANG, else the terminal's locale]."),
)
@click.version_option(package_name="doppelkopf", cls=DokoOption, help=N_("Show the version and exit."))
def main() -> None:
    """The ``doko`` group (its help: the text above, translated when shown)."""


for _command in (play, score, replay, simulate, arena, rules):
    main.add_command(_command)


install_click_messages()


def run() -> None:  # pragma: no cover - console entry for python -m
    """``doko`` with its program name, whatever started it."""
    main(prog_name="doko")
