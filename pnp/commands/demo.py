"""`pnp demo`: the README's main job: every kit into --out, then a short balance run of each."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.commands.common import Out, checked_seed, console
from pnp.games import GAMES
from pnp.kits import KIT_OPTIONS, KITS, build_kit, write_kit
from pnp.output import check_folder
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings


def demo(
    out: Out = Path("output"),
    seed: Annotated[int, typer.Option(help="Seed of the kits and the balance runs.")] = 1,
    games: Annotated[int, typer.Option("--games", help="Games per balance run.")] = 400,
) -> None:
    """The main job on defaults: every kit into --out, then a short balance run of each game."""
    from simulate.executors import default_workers
    from simulate.session import Execution, run_and_report

    check_folder(out)
    checked_seed(seed)
    for chosen in GAMES.values():
        if chosen.info.name not in KITS:
            continue
        options = chosen.info.resolve(None, None, {})
        drawn = KIT_OPTIONS[chosen.info.name]().draw(chosen, seed, options)
        document = build_kit(chosen, drawn, PrintSettings(get_paper("a4")))
        paths = write_kit(chosen, drawn, document, out, "both")
        console.print(f"[bold]{chosen.info.title}[/] kit: {paths[0].parent}")
    execution = Execution(default_workers())
    for chosen in GAMES.values():
        run_and_report(
            chosen,
            games=games,
            setups=None,
            setup_file=None,
            players=None,
            variant=None,
            agents=chosen.info.demo_agent,
            paired=False,
            seed=seed,
            execution=execution,
            out=out,
            options={},
            console=console,
        )
