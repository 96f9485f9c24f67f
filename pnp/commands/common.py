"""What the commands share: option types, the output console, seeds, setups from options and
the wording of the library's input errors as options."""

from __future__ import annotations

import re
import secrets
import shlex
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from pnp.commands.choices import (
    GAME_HELP,
    complete_agents,
    complete_game,
    complete_variant,
    default_agents_help,
)
from pnp.errors import InputError, PnpError, SetupError, one_of
from pnp.games import GAMES
from pnp.games.base import Game, Setup, check_seed
from pnp.games.setupfile import read_setup
from pnp.kits.options import KitOptions, kit_setup

console = Console(highlight=False, soft_wrap=True)

# The words of the command line being run (`pnp` first), set by PnpGroup.main for summary.json.
COMMAND_LINE: ContextVar[tuple[str, ...] | None] = ContextVar("command_line", default=None)


# The options of a run that change how it is carried out or shown, never a number it writes, with
# whether each takes a value: summary.json's command leaves them out.
NOT_RECORDED = {"--workers": True, "--executor": True, "--scheduler": True, "--out": True,
                "--resume": False, "--json": False}  # fmt: skip


def recorded_command(seed: int) -> str | None:
    """The command line being run as summary.json records it, shell-quoted (`shlex.join`:
    `shlex.split` gives its words back): without NOT_RECORDED's options, so that the same run
    on any workers, executor or folder, resumed or not, records the same command; with
    `--seed seed` added when the seed was not given, so that the command replays the run. None
    outside a command line (a script calling a command's function)."""
    words = COMMAND_LINE.get()
    if words is None:
        return None
    kept: list[str] = []
    rest = iter(words)
    for word in rest:
        name, equals, _ = word.partition("=")
        if name not in NOT_RECORDED:
            kept.append(word)
        elif NOT_RECORDED[name] and not equals:
            next(rest, None)  # its value
    if not any(word.partition("=")[0] == "--seed" for word in kept):
        kept += ["--seed", str(seed)]
    return shlex.join(kept)


GameArg = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help=GAME_HELP,
        show_default=False,
        autocompletion=complete_game,
    ),
]
Seed = Annotated[int | None, typer.Option(help="Seed of every random choice (drawn if omitted).")]
Players = Annotated[int | None, typer.Option(help="Number of players.")]
Variant = Annotated[
    str | None,
    typer.Option(help="Game variant (see `pnp games`).", autocompletion=complete_variant),
]
SetupFile = Annotated[
    Path | None, typer.Option("--setup", help="A setup.json to use instead of a random setup.")
]
Out = Annotated[Path, typer.Option(help="Output folder.")]
Agents = Annotated[
    str | None,
    typer.Option(
        help="--fair: agent for every seat, or one per seat: A,B,... (random, greedy, "
        f"lookahead, mcts). Default: the game's own, as in simulate and balance: "
        f"{default_agents_help()}.",
        autocompletion=complete_agents,
        show_default=False,
    ),
]
Workers = Annotated[int | None, typer.Option(help="Worker processes (default: all cores).")]
ExecutorName = Annotated[
    str, typer.Option("--executor", help="local, or dask (the extra pnp\\[cluster]).")
]
Scheduler = Annotated[
    str | None, typer.Option(help="Dask scheduler address (default: a local cluster).")
]
Resume = Annotated[
    bool, typer.Option("--resume", help="Continue an interrupted run in the same --out.")
]


def checked_seed(seed: int | None) -> int | None:
    """`seed` if it is one (pnp/games/base.py MAX_SEED), else the one line saying the range."""
    if seed is not None:
        with worded_flags():
            check_seed(seed)
    return seed


def seed_or_draw(seed: int | None) -> int:
    """The given seed, or a fresh one (printed by the command, so the run can be repeated)."""
    checked = checked_seed(seed)
    return secrets.randbelow(2**32) if checked is None else checked


def run_seed(seed: int | None, out: Path, game: str, kind: str, resume: bool) -> int:
    """The seed of a simulate or balance run: the given one; with --resume alone, the seed of the
    one run of `game` in `out` to continue; else a fresh one."""
    from simulate.run.store import RESULTS

    return seed_or_draw(marked_seed(seed, out, game, kind, resume, RESULTS, f"{kind} run"))


def marked_seed(
    seed: int | None, out: Path, game: str, kind: str, resume: bool, marker: str, what: str
) -> int | None:
    """With --resume alone, the seed of the one `what` of `game` in `out`: the run folder
    out/<game>-<kind>-<seed> holding the file `marker` (a ladder's ladder.json, a sweep's
    sweep.json); else `seed`."""
    if seed is not None or not resume:
        return seed
    from simulate.run.store import saved_runs

    found = saved_runs(out, game, kind, marker)
    if len(found) != 1:
        names = one_of(run.folder.name for run in found) if found else "none"
        raise PnpError(
            f"--resume without --seed needs exactly one {what} of {game} in {out}; "
            f"found {names}: give --seed"
        )
    return found[0].seed


@contextmanager
def worded_flags(**flags: str) -> Iterator[None]:
    """The library's InputErrors raised in the block, worded for the command line: each input
    as its option `--name`, or as `flags[name]` where the option is called otherwise."""
    try:
        yield
    except InputError as error:
        raise PnpError(error.worded(lambda name: flags.get(name, f"--{name}"))) from None


def refuse_with_setup(given: Mapping[str, object]) -> None:
    """PnpError if options that a setup file fixes were also given."""
    named = [f"--{name}" for name, value in given.items() if value is not None]
    if named:
        raise PnpError(f"--setup fixes the setup; leave out {one_of(named)}")


def setup_from(
    game: Game[Any],
    setup_file: Path | None,
    seed: int | None,
    players: int | None,
    variant: str | None,
    options: dict[str, str],
    kit: type[KitOptions] = KitOptions,
) -> Setup:
    """The setup a command works on: read from `setup_file`, or drawn from the seed as the kit
    with print options `kit` prints it (`options` holds the game's and the kit's). A seed out of
    range is refused first, with a setup file too."""
    checked_seed(seed)
    if setup_file is not None:
        refuse_with_setup({"seed": seed, "players": players, "variant": variant, **options})
        setup = read_setup(setup_file, GAMES, expected=game.info.name)
        try:
            kit.of(setup).check_setup(setup)
        except SetupError as exc:
            raise SetupError(f"setup file {setup_file}: {exc}") from None
        return setup
    return kit_setup(game, seed_or_draw(seed), players, variant, options, kit)


DURATION = re.compile(r"(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s?)?")


def duration_seconds(text: str, option: str = "--time") -> float:
    """The seconds of a duration as `--time` takes it (`90s`, `4m`, `1h30m`, `2m30s`, or a
    number of seconds); PnpError naming the forms for anything else or for no time at all."""
    found = DURATION.fullmatch(text.strip().lower())
    seconds = 0.0
    if found and text.strip():
        hours, minutes, secs = (float(part) if part else 0.0 for part in found.groups())
        seconds = hours * 3600 + minutes * 60 + secs
    if not 1 <= seconds <= 7 * 24 * 3600:
        raise PnpError(f"{option} {text}: expected a duration from 1s to 7 days, such as 90s, "
                       "4m, 1h30m or a number of seconds")  # fmt: skip
    return seconds
