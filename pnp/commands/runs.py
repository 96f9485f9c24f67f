"""From the options of `pnp simulate` and `pnp balance` to the simulator's RunRequest, and back.

Every command-line check and default of a run lives here, in the order the user meets them:
the game, the seed, the workers, the output folder, the counts, a setup file against the options
it fixes, the agents. The simulator takes the finished request and never words an option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.commands.common import (
    ExecutorName,
    Out,
    Resume,
    Scheduler,
    Workers,
    checked_seed,
    console,
    recorded_command,
    refuse_with_setup,
    run_seed,
)
from pnp.errors import PnpError
from pnp.games import GAMES, get_game
from pnp.games.setupfile import listed_setups, read_setup
from pnp.output import check_folder

if TYPE_CHECKING:
    from simulate.run.request import RunKind, RunRequest

DEFAULT_GAMES = 1000
BALANCE_SETUPS, BALANCE_GAMES = 20, 200  # `pnp balance`: setups, and games on each
BALANCE_DEALS = 1000  # `pnp balance` of a game without choices: deals, each its one match


@dataclass(frozen=True)
class Place:
    """Where a run plays and writes, as the command line gave it: `--workers`, `--executor`,
    `--scheduler`, `--out`, `--resume` (checked by `run_request`)."""

    out: Path = Path("output")
    workers: int | None = None
    executor: str = "local"
    scheduler: str | None = None
    resume: bool = False


DEFAULT_PLACE = Place()
# The options that give a Place, in the order --help lists them: a command's parameter
# `place: Place = DEFAULT_PLACE` stands for all of them (pnp/cli_support.py `game_command`).
PLACE_OPTIONS = {"workers": Workers, "executor": ExecutorName, "scheduler": Scheduler,
                 "resume": Resume, "out": Out}  # fmt: skip


@dataclass(frozen=True)
class RunOptions:
    """The options of one run of `game` as the command line gave them, before any check or
    default: `run_request` makes the simulator's `RunRequest` of them. `setups` counts random
    setups; `setup_file` is `--setup`'s file instead; `options` are the game's own options."""

    game: str
    kind: RunKind
    agents: str | None  # None: the game's own (`default_agents`)
    place: Place
    games: int | None = None
    setups: int | None = None
    setup_file: Path | None = None
    players: int | None = None
    variant: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    paired: bool = False
    seed: int | None = None
    as_json: bool = False
    tolerance: float | None = None


def default_agents(game: str) -> str:
    """The agent of a run of `game` not told its agents, the same in `simulate`, `balance`,
    `sweep`, the demo and `kit --fair`: the game's own (`GameInfo.agent`, why in
    `GameInfo.agent_note`), the strongest rung of its ladder whose default balance fits in
    about six minutes on two cores. Never random where random play misleads
    (`GameInfo.random_misleads`), and a verdict is about players who try to win. `--ladder`
    measures how the verdict moves with stronger agents."""
    return get_game(game).info.agent


def counts_range() -> str:
    """The accepted range of a count of games or setups, worded as the simulator's limit."""
    from simulate.run.runner import MAX_GAMES  # simulate loads only for a run

    return f"from 1 to {MAX_GAMES:,}"


def check_count(name: str, value: int | None) -> None:
    """PnpError for a count option given below 1 (the simulator refuses one above its limit,
    in the same words)."""
    if value is not None and value < 1:
        raise PnpError(f"--{name} {value} is not valid: expected a whole number {counts_range()}")


def run_request(given: RunOptions) -> RunRequest:
    """The run the options ask for, every value checked and every default filled in; the
    simulator's InputErrors pass through for the command to word."""
    from simulate.agents.base import parse_agents
    from simulate.run.executors import Execution, default_workers
    from simulate.run.request import FixedSetups, RandomSetups, RunRequest, SetupSource

    chosen = get_game(given.game)
    info, place, options = chosen.info, given.place, dict(given.options)
    games, setups, paired = given.games, given.setups, given.paired
    players, variant = given.players, given.variant
    checked_seed(given.seed)
    workers = default_workers() if place.workers is None else place.workers
    execution = Execution(workers, place.executor, place.scheduler)
    check_folder(place.out)
    seed = run_seed(given.seed, place.out, info.name, given.kind, place.resume)
    check_count("games", games)
    check_count("setups", setups)
    source: SetupSource
    if given.setup_file is not None:
        refuse_with_setup({"setups": setups, "players": players, "variant": variant, **options})
        fixed = listed_setups(chosen, read_setup(given.setup_file, GAMES, expected=info.name))
        resolved = fixed[0].options
        count = fixed[0].players
        if not info.has_choices:  # a setup fixes its games: play each seat order once
            paired = True
            games = games or count * len(fixed)
            no_replays(info.name, games, f"the {len(fixed)} deal(s) of --setup", count * len(fixed))
        games, source = games or DEFAULT_GAMES, FixedSetups(fixed)
    else:
        resolved = info.resolve(players, variant, options)
        count = resolved.players
        if not info.has_choices and setups is not None:
            distinct = setups * count if paired else setups
            games = games or distinct
            no_replays(info.name, games, f"--setups {setups}", distinct, paired)
        games = games or DEFAULT_GAMES
        source = RandomSetups(setups or (-(-games // count) if paired else games))
    agents = parse_agents(
        default_agents(info.name) if given.agents is None else given.agents, count, info
    )
    return RunRequest(info.name, resolved, count, source, games, agents, paired, seed, execution,
                      place.out, given.kind, place.resume, given.as_json,
                      tolerance=given.tolerance, command=recorded_command(seed))  # fmt: skip


def balance_counts(
    game: str, setups: int | None, games: int | None, paired: bool, players: int | None = None
) -> tuple[int, int, bool]:
    """(setups, games on each, paired) of `pnp balance`. A game without choices plays each
    deal once per seat order, as its match: more games of a deal would be the same games again."""
    info = get_game(game).info
    players = players or info.default_players
    if not info.has_choices:
        if games is not None and games != players:
            raise PnpError(
                f"--games-per-setup {games}: a {info.name} deal has no choices, so it is played "
                f"once per seat order ({players} games); leave out --games-per-setup and give "
                "--setups for more deals"
            )
        if not paired:
            raise PnpError(f"--no-paired: a {info.name} deal is reported as its match, played "
                           "once per seat order")  # fmt: skip
        setups, games = BALANCE_DEALS if setups is None else setups, players
    setups = BALANCE_SETUPS if setups is None else setups
    games = BALANCE_GAMES if games is None else games
    if setups < 1 or games < 1:
        raise PnpError(f"--setups {setups} --games-per-setup {games}: expected whole numbers "
                       f"{counts_range()}")  # fmt: skip
    from simulate.run.runner import MAX_GAMES  # simulate loads only for a run

    if setups * games > MAX_GAMES:  # named by the user's two counts, not the product alone
        raise PnpError(f"--setups {setups} x --games-per-setup {games} is {setups * games:,} "
                       f"games: at most {MAX_GAMES:,}")  # fmt: skip
    return setups, games, paired


def no_replays(game: str, games: int, deals: str, distinct: int, paired: bool = True) -> None:
    """PnpError when a game without choices would replay a deal in the same seat order: such a
    game is the same game again, not another sample."""
    if games > distinct:
        orders = "one per seat order" if paired else "one each without --match"
        raise PnpError(
            f"--games {games}: a {game} deal has no choices, so {deals} make {distinct} different "
            f"games ({orders}); ask for at most {distinct} games or more deals"
        )


def play_and_report(request: RunRequest) -> None:
    """Play the request and report it; on Ctrl-C, say what was kept and how to go on."""
    from simulate.run.executors import start_workers

    start_workers(request.execution)  # they start while this process imports the reports'
    from simulate.studies.session import run_and_report

    result = run_and_report(request, console)
    if not result.complete:
        console.print(f"interrupted: kept the {result.played} finished games (--resume)")
        raise KeyboardInterrupt
