"""`pnp simulate` and `pnp balance`: play many games and report how fair the setups are."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.commands.common import (
    Agents,
    ExecutorName,
    GameArg,
    Out,
    Players,
    Scheduler,
    Seed,
    SetupFile,
    Variant,
    Workers,
    worded_flags,
)
from pnp.commands.runs import play_and_report, run_request
from pnp.errors import PnpError

Resume = Annotated[
    bool, typer.Option("--resume", help="Continue an interrupted run in the same --out.")
]


def simulate(
    game: GameArg,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help="Games to play in all (default 1000; with --setup of a game without choices, "
            "one per seat order).",
            show_default=False,
        ),
    ] = None,
    setups: Annotated[
        int | None,
        typer.Option(help="Random setups to spread the games over (default: one per game)."),
    ] = None,
    setup: SetupFile = None,
    players: Players = None,
    variant: Variant = None,
    agents: Agents = "random",
    paired: Annotated[
        bool,
        typer.Option(
            "--paired",
            "--match",
            help="Rotate the seats over each setup's games and report the matches they make.",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON instead of the table.")
    ] = False,
    seed: Seed = None,
    workers: Workers = None,
    executor: ExecutorName = "local",
    scheduler: Scheduler = None,
    resume: Resume = False,
    out: Out = Path("output"),
    game_options: dict[str, str] | None = None,
) -> None:
    """Play many games and report balance: seat win rates, draws, margins, game length."""
    with worded_flags():
        play_and_report(
            run_request(
                game, kind="sim", games=games, setups=setups, setup_file=setup, players=players,
                variant=variant, agents=agents, paired=paired, seed=seed, workers=workers,
                executor=executor, scheduler=scheduler, out=out, resume=resume,
                options=game_options or {}, as_json=as_json,
            )
        )  # fmt: skip


def balance(
    game: GameArg,
    setups: Annotated[int, typer.Option(help="Random setups to test.")] = 20,
    games: Annotated[int, typer.Option("--games", help="Games per setup.")] = 200,
    players: Players = None,
    variant: Variant = None,
    agents: Agents = "greedy",
    paired: Annotated[bool, typer.Option(help="Rotate the seats over each setup's games.")] = True,
    seed: Seed = None,
    workers: Workers = None,
    executor: ExecutorName = "local",
    scheduler: Scheduler = None,
    resume: Resume = False,
    out: Out = Path("output"),
    game_options: dict[str, str] | None = None,
) -> None:
    """Play every one of --setups random setups --games times and judge each one's fairness
    (ranked only when the setups are shown to differ)."""
    if setups < 1 or games < 1:
        raise PnpError(f"--setups {setups} --games {games}: expected whole numbers >= 1")
    with worded_flags():
        play_and_report(
            run_request(
                game, kind="balance", games=setups * games, setups=setups, setup_file=None,
                players=players, variant=variant, agents=agents, paired=paired, seed=seed,
                workers=workers, executor=executor, scheduler=scheduler, out=out, resume=resume,
                options=game_options or {},
            )
        )  # fmt: skip
