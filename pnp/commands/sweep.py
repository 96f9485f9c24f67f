"""`pnp sweep`: one balance run per configuration (`--over NAME=V1,V2,...`, the cartesian product
of the lists), a table and a chart of the first seat's advantage per configuration
(simulate/studies/sweep.py, sweep_report.py).

Everything is checked before a game is played: each `--over` name (players, variant, an option
of the game, agents), each value, each name once and never also given as its own option, and
every configuration's options together (a configuration the game refuses is named).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from pnp.commands.choices import complete_agents
from pnp.commands.common import (
    GameArg,
    Players,
    Seed,
    Variant,
    console,
    marked_seed,
    seed_or_draw,
    worded_flags,
)
from pnp.commands.runs import (
    DEFAULT_PLACE,
    Place,
    RunOptions,
    balance_counts,
    default_agents,
    run_request,
)
from pnp.commands.simulate import (
    GamesPerSetup,
    Paired,
    Tolerance,
    TotalGames,
    refuse_total_games,
)
from pnp.errors import InputError, PnpError, one_of
from pnp.games import get_game
from pnp.games.base import GameInfo

if TYPE_CHECKING:
    from simulate.run.request import RunRequest
    from simulate.studies.sweep import Configuration, SweepPlan

Over = Annotated[
    list[str] | None,
    typer.Option(
        "--over",
        metavar="NAME=V1,V2,...",
        help="A name to sweep and its values: players, variant, an option of the game (e.g. "
        "size) or agents (the agent of every seat). Repeat for more names: every combination "
        "is played.",
        show_default=False,
    ),
]


def over_names(info: GameInfo) -> tuple[str, ...]:
    """The names `--over` accepts for the game."""
    from simulate.studies.sweep import AGENTS

    return ("players", "variant", *info.options_type.names(), AGENTS)


def _value(info: GameInfo, name: str, text: str) -> str:
    """One swept value, checked, in the form the command line takes it (`Standard` -> `standard`);
    PnpError naming the accepted values."""
    from simulate.agents.base import check_agent
    from simulate.studies.sweep import AGENTS

    try:
        if name == "players":
            if not text.isdigit():
                raise InputError("players", text, one_of(info.players))
            return str(info.check_players(int(text)))
        if name == "variant":
            return info.check_variant(text)
        if name == AGENTS:
            check_agent(text, info)
            return text
        spec = dict((spec.name, spec) for _, spec in info.options_type.specs())[name]
        return str(spec.to_json(spec.parse(text)))
    except InputError as error:
        raise PnpError(f"--over {name}={text}: {error.worded(lambda n: n)}") from None
    except PnpError as error:
        raise PnpError(f"--over {name}={text}: {error}") from None


def parse_over(
    texts: list[str], info: GameInfo, given: Mapping[str, object]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The swept names with their checked values, in the order given. `given` holds the options
    given once (as --name) that a swept name must not repeat."""
    names = over_names(info)
    accepted = f"NAME=V1,V2,... with NAME one of {one_of(names)}"
    if not texts:
        raise PnpError(f"--over: give at least one {accepted}")
    over: dict[str, tuple[str, ...]] = {}
    for text in texts:
        name, equals, values = (part.strip() for part in text.partition("="))
        if not equals:
            raise PnpError(f"--over {text}: expected {accepted}")
        if name not in names:
            raise PnpError(f"--over {text}: {name} is not swept in {info.name}; expected "
                           f"{one_of(names)}")  # fmt: skip
        if name in over:
            raise PnpError(f"--over {name} is given twice: give each name once, with all its "
                           f"values (--over {name}=V1,V2,...)")  # fmt: skip
        if given.get(name) is not None:
            raise PnpError(f"--{name} and --over {name}: give one")
        parts = [part.strip() for part in values.split(",")]
        if not values or "" in parts:
            raise PnpError(f"--over {text}: expected one or more values, separated by commas")
        checked = tuple(_value(info, name, part) for part in parts)
        twice = sorted({value for value in checked if checked.count(value) > 1})
        if twice:
            raise PnpError(f"--over {text}: {one_of(twice)} given twice")
        over[name] = checked
    return tuple(over.items())


def configuration_request(
    configuration: Configuration,
    plan: SweepPlan,
    players: int | None,
    variant: str | None,
    options: dict[str, str],
    place: Place,
) -> RunRequest:
    """The balance run of one configuration, in its folder under the sweep's; PnpError naming
    the configuration when the game refuses its options together."""
    from simulate.studies.sweep import AGENTS, SWEEP

    swept = dict(configuration.values)
    own = {name: value for name, value in swept.items() if name not in ("players", "variant",
                                                                       AGENTS)}  # fmt: skip
    try:
        with worded_flags():
            request = run_request(RunOptions(
                plan.game, "balance", swept.get(AGENTS, plan.agents), place,
                games=plan.setups * plan.games_per_setup, setups=plan.setups,
                players=int(swept["players"]) if "players" in swept else players,
                variant=swept.get("variant", variant), options={**options, **own},
                paired=plan.paired, seed=plan.seed, tolerance=plan.tolerance,
            ))  # fmt: skip
    except PnpError as error:
        raise PnpError(f"--over: the configuration {configuration.label} is refused: {error}"
                       ) from None  # fmt: skip
    command = configuration_command(request.command, swept)
    return replace(request, within=SWEEP, subfolder=configuration.name, command=command)


def configuration_command(command: str | None, swept: Mapping[str, str]) -> str | None:
    """The `pnp balance` command of one configuration of a sweep, from the sweep's command as
    summary.json records it (pnp/commands/common.py `recorded_command`): `sweep` becomes
    `balance` and each `--over NAME=...` the configuration's `--NAME VALUE`, in place. The
    configuration's summary.json is then that balance run's, byte for byte, and replays it."""
    if command is None:
        return None
    words = shlex.split(command)
    words[words.index("sweep")] = "balance"
    kept: list[str] = []
    rest = iter(words)
    for word in rest:
        if word == "--over" or word.startswith("--over="):
            text = word.removeprefix("--over=") if "=" in word else next(rest, "")
            name = text.partition("=")[0].strip()
            kept += [f"--{name}", swept[name]]
        else:
            kept.append(word)
    return shlex.join(kept)


def sweep(
    game: GameArg,
    over: Over = None,
    setups: Annotated[
        int | None,
        typer.Option(help="Random setups per configuration (default 20).", show_default=False),
    ] = None,
    games_per_setup: GamesPerSetup = None,
    games: TotalGames = None,
    players: Players = None,
    variant: Variant = None,
    agents: Annotated[
        str | None,
        typer.Option(
            help="Agent for every seat, or one per seat: A,B,... (default: the game's own, as "
            "simulate and balance); sweep agents with --over agents=A,B.",
            autocompletion=complete_agents,
            show_default=False,
        ),
    ] = None,
    paired: Paired = True,
    tolerance: Tolerance = None,
    seed: Seed = None,
    place: Place = DEFAULT_PLACE,
    game_options: dict[str, str] | None = None,
) -> None:
    """Play one balance per configuration (every combination of the --over values) and compare
    the first seat's advantage across them: sweep.csv, sweep.json and a chart."""
    from simulate.scoring.metrics import fair_tolerance
    from simulate.studies.sweep import AGENTS, SWEEP, SweepPlan

    refuse_total_games(games)
    info = get_game(game).info
    if not info.has_choices:
        raise PnpError(f"pnp sweep: {info.name} has no choices; `pnp balance {info.name}` judges "
                       "its deals, each played once per seat order")  # fmt: skip
    options = game_options or {}
    given = {"players": players, "variant": variant, AGENTS: agents, **options}
    swept = parse_over(over or [], info, given)
    setups, per_setup, paired = balance_counts(game, setups, games_per_setup, paired, players)
    with worded_flags():
        margin = fair_tolerance(True, tolerance)
    fixed = tuple((name, str(value)) for name, value in given.items()
                  if value is not None and name != AGENTS)  # fmt: skip
    agents = default_agents(info.name) if agents is None else agents
    plan = SweepPlan(info.name, swept, fixed, agents, setups, per_setup, paired,
                     seed_or_draw(marked_seed(seed, place.out, info.name, SWEEP, place.resume,
                                              "sweep.json", "sweep")), margin)  # fmt: skip
    requests = [
        (c, configuration_request(c, plan, players, variant, options, place))
        for c in plan.configurations
    ]
    play_sweep(plan, requests, info.title)


def play_sweep(
    plan: SweepPlan, requests: list[tuple[Configuration, RunRequest]], title: str
) -> None:
    """Play the sweep into its folder (resuming what it holds when asked), write its table,
    JSON and chart, and print the table."""
    from simulate.run.runfolder import locked
    from simulate.studies.sweep import SWEEP, remove_other_configurations, run_sweep
    from simulate.studies.sweep_report import (
        SWEEP_FILES,
        SWEEP_JSON,
        counted,
        finished_configurations,
        print_sweep,
        resumed_plan,
        write_progress,
        write_sweep,
    )

    folder = requests[0][1].folder.parent
    with locked(folder, own=SWEEP_FILES):
        finished: list[str] = []
        if requests[0][1].resume:
            before = resumed_plan(folder)
            if before is not None and before != plan.to_json():
                raise PnpError(f"--resume: {folder / SWEEP_JSON} is another sweep "
                               f"({different(before, plan.to_json())}); run without --resume to "
                               "start again")  # fmt: skip
            finished = finished_configurations(folder) if before is not None else []
        if not finished:
            write_progress(folder, plan, ())
        console.print(f"sweep of {counted(len(requests), 'configuration')} -> {folder}")
        if finished:
            console.print(f"resuming: {len(finished)} of {len(requests)} configurations finished")
        rows, complete = run_sweep(requests, console, plan.tolerance, finished,
                                   lambda rows: write_progress(folder, plan, rows))  # fmt: skip
        paths = write_sweep(folder, plan, rows, complete, title)
        if not complete:
            console.print("interrupted: kept the finished configurations and the games of the "
                          f"one in progress (--resume continues the {SWEEP})")  # fmt: skip
            raise KeyboardInterrupt
        remove_other_configurations(folder, [c.name for c, _ in requests])
    print_sweep(plan, rows, console, title)
    for path in paths[:3]:
        console.print(str(path))


def different(before: dict[str, object], now: dict[str, object]) -> str:
    """The first entry of the plan that differs, in words."""
    for name, value in now.items():
        if before.get(name) != value:
            return f"{name} {before.get(name)} there, {value} here"
    return "its plan differs"
