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
from pnp.errors import PnpError
from pnp.games.base import Setup
from pnp.games.platypus.game import GAME
from pnp.games.platypus.tables import COLUMN_NAMES, PLAYERS
from pnp.kits import build_kit, write_kit
from pnp.output import check_folder
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

app = typer.Typer(cls=PnpGroup, no_args_is_help=True, help="Commands for Platypus alone.")
console = Console(highlight=False, soft_wrap=True)


def deal_that_ends(setup: Setup, given: bool, allow_endless: bool) -> Setup:
    """The deal `pnp kit platypus` prints, with the record of its check: drawn from the seed
    until a game of it ends in both seat orders, or, for a deal `given` (a setup file, `--fair`)
    or with `--allow-endless`, the deal as it is (refused if it never ends, unless allowed)."""
    from pnp.games.platypus.ending import (
        DealCheck,
        checked,
        ending_setup,
        ends_both_ways,
        previous_draws,
    )

    if not given and not allow_endless and setup.seed is not None:
        return ending_setup(setup.seed, setup.options)
    ends = ends_both_ways(setup)
    if not ends and not allow_endless:
        raise PnpError(
            "a game of this deal never ends (with red or blue starting); "
            "pass --allow-endless to print it anyway"
        )
    return checked(setup, DealCheck(ends, previous_draws(setup)))


def table_view(setup: Setup, player: str) -> RichTable:
    """A player's table, one row per column of the table (token on cell colour)."""
    view = RichTable(show_edge=False, pad_edge=False)
    for header in (f"{player}'s table", "COLOUR", "ANIMAL", "TREE"):
        view.add_column(header, no_wrap=True)
    for name in COLUMN_NAMES:
        view.add_row(name.replace("-", " on "), *setup.data["tables"][player][name].split(" ", 2))
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
    from simulate.executors import default_workers
    from simulate.runner import RunPlan, setup_seed
    from simulate.search import longest_finished

    for name, value, least in (("deals", deals, 1), ("top", top, 1), ("workers", workers, 1)):
        if value is not None and value < least:
            raise PnpError(f"--{name} {value} is not valid: expected a whole number >= {least}")
    if seed < 0:
        raise PnpError(f"--seed {seed} is not valid: expected a whole number >= 0")
    sheet = get_paper(paper)
    if kit:
        check_folder(out)
    options = GAME.info.resolve(None, None, {"deal": deal})
    plan = RunPlan(GAME.info.name, options, ("random", "random"), seed, deals, random_setups=deals)
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
    best = deal_that_ends(best, given=True, allow_endless=True)
    endless = "" if best.data["deal_check"]["ends"] else " --allow-endless"
    console.print(
        f"\nThe longest: `pnp kit platypus --seed {best.seed} --deal {deal}{endless}` prints it."
    )
    for player in PLAYERS:
        console.print(table_view(best, player))
    if kit:
        document = build_kit(GAME, best, PrintSettings(sheet))
        for path in write_kit(GAME, best, document, out, "both"):
            console.print(str(path))
