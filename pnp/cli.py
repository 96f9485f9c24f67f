"""The `pnp` command line: composes the commands of pnp/commands/, one small module each.

Commands parse options, call library code and print; no rules or drawing here. Every command
takes the same game options: `--players`, `--variant` and each registered game's own options
(added from the registry). Bad input ends with one line naming the problem and the accepted
values, and exit code 2. The conventions of a command line hold: `--version`, `-h` as well as
`--help`, the help when called with nothing, and shell completion of games, variants and agents
(`pnp --install-completion`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from pnp import __version__
from pnp.cli_support import PnpGroup, game_command, kit_command
from pnp.commands import demo, info, kit, simulate, sweep
from pnp.commands.platypus import app as platypus_app

app = typer.Typer(
    cls=PnpGroup,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    help="Print-and-play kits and balance simulations for small abstract board games.",
)


def _print_version(given: bool) -> None:
    if given:
        print(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Options of pnp itself; each command has its own (`pnp COMMAND -h`)."""


app.command()(info.games)
app.command()(kit_command(kit.kit))
app.command()(game_command(simulate.simulate))
app.command()(game_command(simulate.balance))
app.command()(game_command(sweep.sweep))
app.command()(game_command(info.perft))
app.command()(demo.demo)
app.add_typer(platypus_app, name="platypus")


def main(argv: Sequence[str] | None = None) -> None:
    """The console script: `pnp ...` and `python -m pnp ...`."""
    app(args=list(sys.argv[1:] if argv is None else argv), prog_name="pnp")
