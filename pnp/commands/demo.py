"""`pnp demo`: the README's main job: every kit into --out, then a short balance run of each,
and a closing summary of what was made, where, what to print and how to read the tables."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.commands.common import Out, checked_seed, console, worded_flags
from pnp.commands.runs import Place, RunOptions, play_and_report, run_request
from pnp.games import GAMES
from pnp.kits import KIT_OPTIONS, KITS, build_kit, write_kit
from pnp.output import check_folder
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings


def demo(
    out: Out = Path("output"),
    seed: Annotated[int, typer.Option(help="Seed of the kits and the balance runs.")] = 1,
    games: Annotated[int, typer.Option("--games", help="Games per balance run.")] = 100,
) -> None:
    """The main job on defaults: every kit into --out, then a short balance run of each game."""
    check_folder(out)
    checked_seed(seed)
    with worded_flags():  # every run checked (its plan drawn up) before anything is written
        requests = [
            run_request(RunOptions(game, "sim", None, Place(out), games=games, seed=seed))
            for game in GAMES
        ]  # fmt: skip
        for request in requests:
            request.plan()
    for chosen in GAMES.values():
        if chosen.info.name not in KITS:
            continue
        options = chosen.info.resolve(None, None, {})
        drawn = KIT_OPTIONS[chosen.info.name]().draw(chosen, seed, options)
        document = build_kit(chosen, drawn, PrintSettings(get_paper("a4")))
        paths = write_kit(chosen, drawn, document, out, "both")
        console.print(f"[bold]{chosen.info.title}[/] kit: {paths[0].parent}")
    for request in requests:
        with worded_flags():
            play_and_report(request)
    kits = sum(name in KITS for name in GAMES)
    for line in closing_summary(out, seed, kits=kits, runs=len(GAMES), games=games):
        console.print(line)


def closing_summary(out: Path, seed: int, *, kits: int, runs: int, games: int) -> list[str]:
    """What the demo made, where, what to print and how to read the tables: a sentence each."""
    return [
        "",
        f"Made: {kits} print-and-play kits and {runs} balance runs of {games} games each "
        f"(seed {seed}).",
        f"Where: {out}/, a <game>-{seed} folder per kit (kit.pdf, SVG pages, setup.json) and a "
        f"<game>-sim-{seed} folder per run (summary.json, games.csv, report.pdf).",
        "Print: each kit.pdf at 100 % (actual size, not fit to page); the 50 mm bar in every "
        "footer checks the scale with a ruler.",
        "Balance tables: one row per seat with its wins and win rate; a seat whose points share "
        "(a draw shares the point) has a 95% interval leaving out the fair share (1/N) is "
        "favoured or handicapped by its place at the table, with these agents.",
    ]
