"""`pnp simulate` and `pnp balance`: play many games and report how fair the setups are."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

import typer

from pnp.commands.choices import complete_agents, complete_ladder, default_agents_help
from pnp.commands.common import (
    GameArg,
    Players,
    Seed,
    SetupFile,
    Variant,
    duration_seconds,
    worded_flags,
)
from pnp.commands.ladder import (
    DEFAULT,
    ladder_agents,
    ladder_note,
    ladder_seed,
    play_ladder,
)
from pnp.commands.runs import (
    DEFAULT_PLACE,
    Place,
    RunOptions,
    balance_counts,
    play_and_report,
    run_request,
)
from pnp.errors import PnpError
from pnp.games import get_game

Paired = Annotated[bool, typer.Option(help="Rotate the seats over each setup's games.")]
RunAgents = Annotated[
    str | None,
    typer.Option(
        help="Agent for every seat, or one per seat: A,B,... (random, greedy, lookahead, mcts). "
        f"Default: the game's own, in simulate and balance alike: {default_agents_help()}.",
        autocompletion=complete_agents,
        show_default=False,
    ),
]
Ladder = Annotated[
    str | None,
    typer.Option(
        "--ladder",
        help="Play the run once per agent, weakest first (A,B,...), every seat that agent, and "
        "head to head between neighbours; `default`: the game's ladder. Reads settled or not.",
        autocompletion=complete_ladder,
        show_default=False,
    ),
]


GamesPerSetup = Annotated[
    int | None,
    typer.Option(
        "--games-per-setup",
        help="Games on each setup (default 200; a game without choices: one per seat order). "
        "The run plays --setups times as many in all (simulate's --games).",
        show_default=False,
    ),
]
TotalGames = Annotated[int | None, typer.Option("--games", hidden=True)]  # refused: see below
DEFAULT_TIME = "4m"
Time = Annotated[
    str | None,
    typer.Option(
        "--time",
        help="Without --setups and --games-per-setup: how long to play (90s, 4m, 1h30m; default "
        f"{DEFAULT_TIME}), climbing the ladder (the game's own, or --ladder's) on fresh setups "
        "until its reading is settled or the time is spent; --resume --time gives it more.",
        show_default=False,
    ),
]
Tolerance = Annotated[
    float | None,
    typer.Option(
        help="A setup is fair when every seat's mean s has its 95% interval inside 1/2 +- this "
        "(default 0.05); for a game without choices, a deal is within it when its match margin "
        "is at most this many points (default 2). As `pnp kit --fair --tolerance`.",
        show_default=False,
    ),
]


def refuse_total_games(games: int | None) -> None:
    """PnpError for `--games` in balance or sweep: it once meant the games on each setup, and
    means the games in all in simulate, so it is refused with the name to use."""
    if games is not None:
        raise PnpError(
            f"--games {games}: balance and sweep count the games on each setup, --games-per-setup "
            "N (--games is the total, as in simulate); give --setups M --games-per-setup N"
        )


def run_or_ladder(given: RunOptions, ladder: str | None, seconds: float | None = None) -> None:
    """Play the run, or with `ladder` its ladder: one run per rung, every seat that rung's agent
    (a ladder refuses `--agents` given too), with counts or, given `seconds`, on that time
    budget (simulate/studies/timed.py)."""
    if ladder is None:
        play_and_report(run_request(given))
        return
    if given.agents is not None:
        raise PnpError("--agents and --ladder: give one (a ladder sets every seat's agent)")
    info = get_game(given.game).info
    rungs = ladder_agents(ladder, info)
    place = given.place
    seed = ladder_seed(given.seed, place.out, info.name, given.kind, place.resume)
    paired = given.paired or given.kind == "sim"  # head-to-head games need every seat order
    built = run_request(replace(given, agents=rungs[0], seed=seed, paired=paired))
    play_ladder(built, rungs, ladder_note(ladder, info), seconds)


def time_budget(
    game: str, time: str | None, counted: bool, agents: str | None, paired: bool
) -> float | None:
    """The seconds a balance run plays on its time budget, or None when it plays counts:
    `--time`, or by default when no count is given, for a game with choices played by its
    ladder (`--agents` plays one level, by counts). PnpError for `--time` where it cannot
    apply."""
    info = get_game(game).info
    if counted or agents is not None or not info.has_choices:
        if time is not None:
            why = f"a {info.name} deal has no choices, so its deals are counted (--setups)"
            if agents is not None:
                why = "--agents plays one level, by counts; leave it out to climb the ladder"
            if counted:
                why = "--setups and --games-per-setup count the games; give one or the other"
            raise PnpError(f"--time {time}: {why}")
        return None
    if not paired:
        raise PnpError("--no-paired: a balance on a time budget plays every seat order of each "
                       "setup; give --setups and --games-per-setup to play unpaired")  # fmt: skip
    return duration_seconds(time if time is not None else DEFAULT_TIME)


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
    agents: RunAgents = None,
    ladder: Ladder = None,
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
    place: Place = DEFAULT_PLACE,
    game_options: dict[str, str] | None = None,
) -> None:
    """Play many games and report balance: seat win rates, draws, margins, game length."""
    with worded_flags():
        run_or_ladder(
            RunOptions(
                game, "sim", agents, place, games=games, setups=setups, setup_file=setup,
                players=players, variant=variant, options=game_options or {}, paired=paired,
                seed=seed, as_json=as_json,
            ),
            ladder,
        )  # fmt: skip


def balance(
    game: GameArg,
    setups: Annotated[
        int | None,
        typer.Option(
            help="Random setups to test, each --games-per-setup times, instead of the time budget "
            "(20 when only --games-per-setup is given; deals of a game without choices: 1000).",
            show_default=False,
        ),
    ] = None,
    games_per_setup: GamesPerSetup = None,
    games: TotalGames = None,
    players: Players = None,
    variant: Variant = None,
    agents: RunAgents = None,
    ladder: Ladder = None,
    paired: Paired = True,
    time: Time = None,
    tolerance: Tolerance = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON instead of the tables.")
    ] = False,
    seed: Seed = None,
    place: Place = DEFAULT_PLACE,
    game_options: dict[str, str] | None = None,
) -> None:
    """Is the game fair to every seat, and does stronger play change the answer? By default the
    game's ladder climbs on fresh setups for --time (settled or not); with --setups and
    --games-per-setup, every setup is played that many times and judged one by one (ranked only
    when the setups are shown to differ)."""
    from simulate.scoring.metrics import fair_tolerance

    refuse_total_games(games)
    info = get_game(game).info
    counted = setups is not None or games_per_setup is not None
    seconds = time_budget(game, time, counted, agents, paired)
    if seconds is not None:
        ladder = ladder or DEFAULT
    setups, per_setup, paired = balance_counts(game, setups, games_per_setup, paired, players)
    with worded_flags():
        margin = fair_tolerance(info.has_choices, tolerance)
        run_or_ladder(
            RunOptions(
                game, "balance", agents, place, games=setups * per_setup, setups=setups,
                players=players, variant=variant, options=game_options or {}, paired=paired,
                seed=seed, as_json=as_json, tolerance=margin,
            ),
            ladder,
            seconds,
        )  # fmt: skip
