"""The `pnp` command line: parses options, calls library code, prints. No rules or drawing here.

Every command takes the same game options: `--players`, `--variant` and each registered game's
own options (added to the commands from the registry). Bad input ends with one line naming the
problem and the accepted values, and exit code 2.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from pnp.cli_platypus import app as platypus_app
from pnp.cli_support import PnpGroup, game_command
from pnp.errors import PnpError, one_of
from pnp.games import GAMES, get_game
from pnp.games.base import Game, Setup
from pnp.games.perft import perft as count_perft
from pnp.games.setupfile import read_setup
from pnp.kits import FORMATS, build_kit, write_kit
from pnp.output import check_folder
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

app = typer.Typer(
    cls=PnpGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Print-and-play kits and balance simulations for small abstract board games.",
)
out_console = Console(highlight=False, soft_wrap=True)
app.add_typer(platypus_app, name="platypus")

GameArg = Annotated[str, typer.Argument(help="Game name (see `pnp games`).", show_default=False)]
Seed = Annotated[int | None, typer.Option(help="Seed of every random choice (drawn if omitted).")]
Players = Annotated[int | None, typer.Option(help="Number of players.")]
Variant = Annotated[str | None, typer.Option(help="Game variant (see `pnp games`).")]
SetupFile = Annotated[
    Path | None, typer.Option("--setup", help="A setup.json to use instead of a random setup.")
]
Out = Annotated[Path, typer.Option(help="Output folder.")]


def _seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(2**32)
    if seed < 0:
        raise PnpError(f"--seed {seed} is not valid: expected a whole number >= 0")
    return seed


def _setup(
    game: Game[Any],
    setup_file: Path | None,
    seed: int | None,
    players: int | None,
    variant: str | None,
    options: dict[str, str],
) -> Setup:
    """The setup a command works on: read from `setup_file`, or drawn from the seed."""
    if setup_file is not None:
        given = [
            f"--{name}"
            for name, value in [
                ("seed", seed),
                ("players", players),
                ("variant", variant),
                *options.items(),
            ]
            if value is not None
        ]
        if given:
            raise PnpError(f"--setup fixes the setup; leave out {one_of(given)}")
        return read_setup(setup_file, GAMES, expected=game.info.name)
    resolved = game.info.resolve(players, variant, options)
    return game.random_setup(_seed(seed), resolved)


@app.command()
def games() -> None:
    """List the games with their player counts, variants and own options."""
    table = Table(show_edge=False, pad_edge=False)
    for column in ("game", "title", "players", "variants", "options"):
        table.add_column(column)
    for game in GAMES.values():
        info = game.info
        table.add_row(
            info.name,
            info.title,
            ", ".join(str(n) for n in info.players),
            ", ".join(info.variants),
            ", ".join(f"--{o.name}" for o in info.options) or "-",
        )
    out_console.print(table)


@app.command()
@game_command
def kit(
    game: GameArg,
    seed: Seed = None,
    players: Players = None,
    variant: Variant = None,
    paper: Annotated[str, typer.Option(help="Paper: a4 or letter.")] = "a4",
    format: Annotated[str, typer.Option("--format", help="pdf, svg or both.")] = "both",
    out: Out = Path("output"),
    setup: SetupFile = None,
    game_options: dict[str, str] | None = None,
) -> None:
    """Draw a random setup (or --setup) as a print-ready kit: kit.pdf, kit-pNN.svg, setup.json."""
    chosen = get_game(game)
    sheet = get_paper(paper)
    if format not in FORMATS:
        raise PnpError(f"--format {format} is not valid: expected {one_of(FORMATS)}")
    check_folder(out)
    drawn = _setup(chosen, setup, seed, players, variant, game_options or {})
    document = build_kit(chosen, drawn, PrintSettings(sheet))
    for path in write_kit(chosen, drawn, document, out, format):
        out_console.print(str(path))


@app.command()
@game_command
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
    agents: Annotated[
        str, typer.Option(help="Agent for every seat, or one per seat: A,B,... (random, greedy).")
    ] = "random",
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
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: all cores).")
    ] = None,
    out: Out = Path("output"),
    game_options: dict[str, str] | None = None,
) -> None:
    """Play many games and report balance: seat win rates, draws, margins, game length."""
    from simulate.session import run_and_report

    chosen = get_game(game)
    run_and_report(
        chosen,
        games=games,
        setups=setups,
        setup_file=setup,
        players=players,
        variant=variant,
        agents=agents,
        paired=paired,
        seed=_seed(seed),
        workers=workers,
        out=out,
        options=game_options or {},
        console=out_console,
        as_json=as_json,
    )


@app.command()
@game_command
def perft(
    game: GameArg,
    depth: Annotated[int, typer.Option(help="Length of the move sequences to count.")] = 1,
    setup: SetupFile = None,
    seed: Seed = None,
    players: Players = None,
    variant: Variant = None,
    game_options: dict[str, str] | None = None,
) -> None:
    """Count the legal move sequences of length --depth from the start (tests the rules)."""
    chosen = get_game(game)
    if depth < 0:
        raise PnpError(f"--depth {depth} is not valid: expected a whole number >= 0")
    drawn = _setup(chosen, setup, seed, players, variant, game_options or {})
    playable = chosen.playable(drawn)
    for one in playable:
        count = count_perft(chosen.new_state(one), depth)
        label = f"{chosen.setup_label(one)} " if len(playable) > 1 else ""
        out_console.print(f"{label}{count}")


@app.command()
def demo(
    out: Out = Path("output"),
    seed: Annotated[int, typer.Option(help="Seed of the kits and the balance runs.")] = 1,
    games: Annotated[int, typer.Option("--games", help="Games per balance run.")] = 400,
) -> None:
    """The main job on defaults: every kit into --out, then a short balance run of each game."""
    from simulate.session import run_and_report

    check_folder(out)
    for chosen in GAMES.values():
        drawn = chosen.random_setup(_seed(seed), chosen.info.resolve(None, None, {}))
        document = build_kit(chosen, drawn, PrintSettings(get_paper("a4")))
        paths = write_kit(chosen, drawn, document, out, "both")
        out_console.print(f"[bold]{chosen.info.title}[/] kit: {paths[0].parent}")
    for chosen in GAMES.values():
        run_and_report(
            chosen,
            games=games,
            setups=None,
            setup_file=None,
            players=None,
            variant=None,
            agents="random",
            paired=False,
            seed=_seed(seed),
            workers=None,
            out=out,
            options={},
            console=out_console,
        )


def main(argv: Sequence[str] | None = None) -> None:
    """The console script: `pnp ...` and `python -m pnp ...`."""
    app(args=list(sys.argv[1:] if argv is None else argv), prog_name="pnp")
