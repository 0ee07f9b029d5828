"""``doko rules``: show the presets and rule files, and write them as TOML."""

from __future__ import annotations

import click

from ..messages import N_
from ..rules import PRESETS
from .common import PIPE_WIDTH, friendly_errors, load_rules, make_console, print_plain
from .lang import DokoGroup, option, tr
from .lang import gettext as _


@click.group(cls=DokoGroup, help=N_("Show rule sets and write them as TOML."))
def rules() -> None:
    """``doko rules`` (the help above)."""


#: The fewest terminal columns for ``doko rules show`` as a table; narrower, one block per option.
RULES_TABLE_WIDTH = 120


@rules.command("show", help=N_("Print every option of the preset or TOML file NAME (default: ddv)."))
@click.argument("name", default="ddv")
@option("--toml", "as_toml", is_flag=True, help=N_("Print as a TOML file that --rules can load."))
@friendly_errors
def rules_show(name: str, as_toml: bool) -> None:
    """``doko rules show`` (the help above)."""
    ruleset = load_rules(name)
    if as_toml:
        click.echo(ruleset.to_toml(), nl=False)
        return
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    console = make_console()
    t = tr()
    rows = ruleset.describe(t.gettext)  # the option's name, value and source as the rule file writes them
    if RULES_TABLE_WIDTH <= console.width < PIPE_WIDTH:  # a wide terminal (or $COLUMNS), not a pipe
        # every cell wraps, and a word too long for its cell is folded: nothing is cut off
        table = Table(title=_("Rule set {name}").format(name=ruleset.name), expand=True)
        table.add_column(_("Option"), style="bold", overflow="fold")
        table.add_column(_("Value"), ratio=1, overflow="fold")
        table.add_column(_("Meaning"), ratio=3, overflow="fold")
        table.add_column(_("Source"), ratio=1, overflow="fold")
        for row in rows:
            table.add_row(*row)
        print_plain(console, table)
        return
    # a narrow terminal, or no terminal (a pipe, a file): one block per option, its lines wrapped to the width
    print_plain(console, Text(_("Rule set {name}").format(name=ruleset.name), style="bold"))
    empty = _("(none)")
    for key, value, meaning, source in rows:
        print_plain(console, "")
        print_plain(console, Text(f"{key} = {value or empty}", style="bold", overflow="fold"))
        print_plain(console, Padding(Text(meaning, overflow="fold"), (0, 0, 0, 2), expand=False))
        print_plain(
            console,
            Padding(Text(_("Source: {source}").format(source=source), overflow="fold"), (0, 0, 0, 2), expand=False),
        )


@rules.command(
    "diff",
    help=N_(
        "List the options in which the rule sets A and B (presets or TOML files) differ: each with both values and "
        "what it means."
    ),
)
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@friendly_errors
def rules_diff(first: str, second: str) -> None:
    """``doko rules diff`` (the help above): the options of :meth:`RuleSet.differences
    <doppelkopf.rules.RuleSet.differences>`, their values under A and B, their meaning and source."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    a, b = load_rules(first), load_rules(second)
    console = make_console()
    t = tr()
    names = a.differences(b)
    title = _("Rule sets {a} and {b}").format(a=a.name, b=b.name)
    if not names:
        print_plain(console, Text(title, style="bold"))
        print_plain(console, _("No option differs."))
        return
    meaning = {row[0]: (row[2], row[3]) for row in a.describe(t.gettext)}
    shown = {row[0]: row[1] for row in b.describe()}
    own = {row[0]: row[1] for row in a.describe()}
    empty = _("(none)")
    heading = _("{count} options differ").format(count=len(names))
    if RULES_TABLE_WIDTH <= console.width < PIPE_WIDTH:
        table = Table(title=f"{title}: {heading}", expand=True)
        table.add_column(_("Option"), style="bold", overflow="fold")
        table.add_column(a.name, ratio=1, overflow="fold")
        table.add_column(b.name, ratio=1, overflow="fold")
        table.add_column(_("Meaning"), ratio=3, overflow="fold")
        for key in names:
            table.add_row(key, own[key] or empty, shown[key] or empty, meaning[key][0])
        print_plain(console, table)
        return
    print_plain(console, Text(f"{title}: {heading}", style="bold"))
    for key in names:
        print_plain(console, "")
        print_plain(console, Text(key, style="bold", overflow="fold"))
        for label, value in ((a.name, own[key]), (b.name, shown[key])):
            print_plain(
                console, Padding(Text(f"{label}: {value or empty}", overflow="fold"), (0, 0, 0, 2), expand=False)
            )
        print_plain(console, Padding(Text(meaning[key][0], overflow="fold"), (0, 0, 0, 2), expand=False))
        print_plain(
            console,
            Padding(
                Text(_("Source: {source}").format(source=meaning[key][1]), overflow="fold"), (0, 0, 0, 2), expand=False
            ),
        )


@rules.command("list", help=N_("List the presets."))
def rules_list() -> None:
    """``doko rules list`` (the help above)."""
    for name in sorted(PRESETS):
        click.echo(name)
