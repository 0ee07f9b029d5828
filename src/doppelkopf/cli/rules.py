"""``doko rules``: show the presets and rule files, and write them as TOML."""

from __future__ import annotations

import click

from ..rules import PRESETS
from .common import friendly_errors, load_rules, make_console


@click.group()
def rules() -> None:
    """Show rule sets and write them as TOML."""


#: The fewest terminal columns for ``doko rules show`` as a table; narrower, one block per option.
RULES_TABLE_WIDTH = 120


@rules.command("show")
@click.argument("name", default="ddv")
@click.option("--toml", "as_toml", is_flag=True, help="Print as a TOML file that --rules can load.")
@friendly_errors
def rules_show(name: str, as_toml: bool) -> None:
    """Print every option of the preset or TOML file NAME (default: ddv)."""
    ruleset = load_rules(name)
    if as_toml:
        click.echo(ruleset.to_toml(), nl=False)
        return
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    console = make_console()
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
