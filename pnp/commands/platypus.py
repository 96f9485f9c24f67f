"""`pnp platypus ...`: commands of Platypus alone. `longest` asks the busy-beaver question of the
game: over many random deals, which game lasts longest and still ends?

Deals are drawn as `pnp simulate platypus` draws them (deal i from the spawn key (i,) of the
seed), so the deal found is a setup seed: `pnp kit platypus --seed X` prints it again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pnp.cli_support import PnpGroup
from pnp.commands.common import checked_seed, worded_flags
from pnp.errors import PnpError
from pnp.games.base import Setup
from pnp.games.platypus.ending import ends_both_ways
from pnp.games.platypus.game import GAME, PlatypusSetup
from pnp.games.platypus.tables import COLUMN_NAMES, PLAYERS
from pnp.kits import build_kit, write_kit
from pnp.kits.platypus.options import PlatypusKitOptions
from pnp.output import check_folder
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

app = typer.Typer(cls=PnpGroup, no_args_is_help=True, help="Commands for Platypus alone.")
console = Console(highlight=False, soft_wrap=True)


def table_view(setup: Setup, player: str) -> RichTable:
    """A player's table, one row per column of the table (token on cell colour)."""
    view = RichTable(show_edge=False, pad_edge=False)
    for header in (f"{player}'s table", "COLOUR", "ANIMAL", "TREE"):
        view.add_column(header, no_wrap=True)
    table = PlatypusSetup.of(setup.data).tables[player]
    for name in COLUMN_NAMES:
        view.add_row(name.replace("-", " on "), *table[name].split(" ", 2))
    return view


@app.command()
def longest(
    deals: Annotated[int, typer.Option(help="Random deals to search.")] = 10_000,
    seed: Annotated[int, typer.Option(help="Seed of the deals.")] = 1,
    deal: Annotated[str, typer.Option(help="uniform or pack.")] = "uniform",
    top: Annotated[int, typer.Option(help="How many of the longest games to list.")] = 5,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: all cores).")
    ] = None,
    kit: Annotated[
        bool, typer.Option("--kit", help="Also write the kit of the longest game.")
    ] = False,
    out: Annotated[Path, typer.Option(help="Output folder for --kit.")] = Path("output"),
    paper: Annotated[str, typer.Option(help="Paper for --kit: a4 or letter.")] = "a4",
) -> None:
    """Search random deals for the longest game that still ends; print its tables."""
    from simulate.run.executors import default_workers
    from simulate.run.runner import RunPlan, setup_seed
    from simulate.studies.search import longest_finished

    for name, value, least in (("deals", deals, 1), ("top", top, 1), ("workers", workers, 1)):
        if value is not None and value < least:
            raise PnpError(f"--{name} {value} is not valid: expected a whole number >= {least}")
    checked_seed(seed)
    sheet = get_paper(paper)
    if kit:
        check_folder(out)
    options = GAME.info.resolve(None, None, {"deal": deal})
    with worded_flags(games="--deals", setups="--deals"):
        plan = RunPlan(GAME.info.name, options, ("random", "random"), seed, deals,
                       random_setups=deals)  # fmt: skip
    found = longest_finished(plan, workers or default_workers(), top)
    outcomes = found.outcomes
    console.print(
        f"[bold]Platypus[/]: {found.played} {deal} deals from seed {seed}: finished "
        f"{outcomes['finished']}, endless {outcomes['endless']}, undecided {outcomes['undecided']} "
        f"(turn cap {GAME.info.max_turns:,})"
    )
    if not found.games:
        console.print("no game finished")
        return
    for rank, record in enumerate(found.games, 1):
        setup = GAME.random_setup(setup_seed(seed, record.setup_index), options)
        names = GAME.player_names(setup)
        scores = ", ".join(f"{n} {s:g}" for n, s in zip(names, record.scores or (), strict=True))
        console.print(
            f"{rank}. {record.turns:,} turns: deal {record.setup_index}, setup seed {setup.seed} "
            f"({names[0]} first; {scores})"
        )
    best = GAME.random_setup(setup_seed(seed, found.games[0].setup_index), options)
    ends = ends_both_ways(best)  # else `pnp kit` would deal again: it must be allowed
    best = PlatypusKitOptions(allow_endless=not ends).checked(GAME, best)
    endless = "" if ends else " --allow-endless yes"
    console.print(
        f"\nThe longest: `pnp kit platypus --seed {best.seed} --deal {deal}{endless}` prints it."
    )
    for player in PLAYERS:
        console.print(table_view(best, player))
    if kit:
        document = build_kit(GAME, best, PrintSettings(sheet))
        for path in write_kit(GAME, best, document, out, "both"):
            console.print(str(path))
