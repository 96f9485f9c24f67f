"""`pnp simulate` and `pnp balance`: play many games and report how fair the setups are."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

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
    checked_seed,
    console,
)
from pnp.errors import PnpError
from pnp.games import get_game

Resume = Annotated[
    bool, typer.Option("--resume", help="Continue an interrupted run in the same --out.")
]


def _execution(workers: int | None, executor: str, scheduler: str | None) -> Any:
    from simulate.executors import default_workers
    from simulate.session import Execution

    return Execution(default_workers() if workers is None else workers, executor, scheduler)


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
    from simulate.session import run_and_report

    run_and_report(
        get_game(game), games=games, setups=setups, setup_file=setup, players=players,
        variant=variant, agents=agents, paired=paired, seed=checked_seed(seed),
        execution=_execution(workers, executor, scheduler), resume=resume, out=out,
        options=game_options or {}, console=console, as_json=as_json,
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
    """Play every one of --setups random setups --games times and rank them by fairness."""
    from simulate.session import run_and_report

    if setups < 1 or games < 1:
        raise PnpError(f"--setups {setups} --games {games}: expected whole numbers >= 1")
    run_and_report(
        get_game(game), games=setups * games, setups=setups, setup_file=None, players=players,
        variant=variant, agents=agents, paired=paired, seed=checked_seed(seed),
        execution=_execution(workers, executor, scheduler), resume=resume, out=out,
        options=game_options or {}, console=console, kind="balance",
    )  # fmt: skip
