"""`pnp kit`: a setup drawn as a print-ready kit (PDF, SVG or laser SVG, and setup.json)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pnp.commands.common import (
    Agents,
    GameArg,
    Out,
    Players,
    Seed,
    SetupFile,
    Variant,
    console,
    seed_or_draw,
    setup_from,
    worded_flags,
)
from pnp.commands.runs import default_agents
from pnp.errors import PnpError, one_of
from pnp.games import get_game
from pnp.games.base import Game, Setup
from pnp.games.options import GameOptions
from pnp.kits import FORMATS, KIT_OPTIONS, build_kit, write_kit
from pnp.kits.options import KitOptions
from pnp.output import check_folder
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings


def _back_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise PnpError(
            f"--back-offset {text} is not valid: expected X,Y in mm, e.g. 0.5,-1"
        ) from None
    return x, y


FAIR_GAMES = 600


def fair_deal(
    game: Game[Any], options: GameOptions, seed: int | None, tolerance: float | None,
    fair_games: int | None,
) -> Setup:  # fmt: skip
    """`--fair` for a game without choices: a deal whose match ends within --tolerance points."""
    from simulate.measure.deals import find_fair_deal
    from simulate.scoring.metrics import fair_tolerance

    if fair_games is not None:
        raise PnpError(
            f"--fair-games: a {game.info.name} deal has no choices, so it is played once per "
            "seat order; leave out --fair-games"
        )
    with worded_flags():
        tolerance = fair_tolerance(False, tolerance)
        search = seed_or_draw(seed)
        console.print(f"searching for a deal within {tolerance:g} points from seed {search}")
        return find_fair_deal(game, options, search, tolerance=tolerance, console=console)


def _checked(printed: KitOptions, game: Game[Any], drawn: Setup, path: Path | None) -> Setup:
    """The setup as its kit prints it (KitOptions.checked); a refusal of a setup file names
    the file and the option in it, which `--setup` takes from the file, not the command line."""
    if path is None:
        return printed.checked(game, drawn)
    try:
        with worded_flags(**{name: f"its option {name}:" for name in printed.names()}):
            return printed.checked(game, drawn)
    except PnpError as error:
        raise PnpError(f"setup file {path}: {error}") from None


def _given(ctx: typer.Context, option: str) -> bool:
    """Whether `--option` was on the command line (not left to its default)."""
    source = ctx.get_parameter_source(option.replace("-", "_"))
    return source is not None and source.name == "COMMANDLINE"


def kit(
    ctx: typer.Context,
    game: GameArg,
    seed: Seed = None,
    players: Players = None,
    variant: Variant = None,
    paper: Annotated[str, typer.Option(help="Paper: a4 or letter.")] = "a4",
    format: Annotated[str, typer.Option("--format", help="pdf, svg, both or laser.")] = "both",
    out: Out = Path("output"),
    setup: SetupFile = None,
    ink: Annotated[
        str | None,
        typer.Option(
            help="color, saver (outlines, hatching) or bw (the default with --format laser).",
            show_default="color",
        ),
    ] = None,
    duplex: Annotated[
        str, typer.Option(help="Backs for a printer flipping on the long or short edge, or none.")
    ] = "long",
    back_offset: Annotated[
        str, typer.Option("--back-offset", help="X,Y mm to move backs (printer drift).")
    ] = "0,0",
    bleed: Annotated[float, typer.Option(help="Background past the cut lines, in mm.")] = 0.0,
    test_page: Annotated[
        bool, typer.Option("--test-page", help="Add the printer calibration page.")
    ] = False,
    box: Annotated[
        bool, typer.Option("--box", help="Add a tuck box sized to the pieces, to print on card.")
    ] = False,
    cut_colour: Annotated[str, typer.Option(help="Laser cut layer colour.")] = "#ff0000",
    engrave_colour: Annotated[str, typer.Option(help="Laser engrave layer colour.")] = "#000000",
    score_colour: Annotated[
        str, typer.Option(help="Laser score layer colour (fold lines).")
    ] = "#0000ff",
    fair: Annotated[
        bool, typer.Option("--fair", help="Print a setup shown balanced by paired games.")
    ] = False,
    tolerance: Annotated[
        float | None,
        typer.Option(
            help="--fair: largest seat advantage (default 0.05); for a game without choices, "
            "the largest match margin in points (default 2).",
            show_default=False,
        ),
    ] = None,
    fair_games: Annotated[
        int | None,
        typer.Option(help="--fair: paired games per candidate (default 600).", show_default=False),
    ] = None,
    agents: Agents = None,
    game_options: dict[str, str] | None = None,
) -> None:
    """Draw a random setup (or --setup) as a print-ready kit: kit.pdf, kit-pNN.svg, setup.json."""
    chosen = get_game(game)
    printed = KIT_OPTIONS[chosen.info.name]
    if format not in FORMATS:
        raise PnpError(f"--format {format} is not valid: expected {one_of(FORMATS)}")
    if ink is None:  # an engraver burns dark areas solid: outlines and hatching engrave best
        ink = "bw" if format == "laser" else "color"
    settings = PrintSettings(
        get_paper(paper), ink, duplex, _back_offset(back_offset), bleed,
        cut_marks=format != "laser", cut_colour=cut_colour, engrave_colour=engrave_colour,
        score_colour=score_colour,
    )  # fmt: skip
    check_folder(out)
    asked = [f"--{name}" for name in ("tolerance", "fair-games", "agents") if _given(ctx, name)]
    if asked and not fair:
        needs = "needs" if len(asked) == 1 else "need"
        named = " and ".join([", ".join(asked[:-1]), asked[-1]] if len(asked) > 1 else asked)
        raise PnpError(f"{named} {needs} --fair; add --fair or leave them out")
    if fair:
        from simulate.agents.base import parse_agents
        from simulate.run.executors import Execution, default_workers
        from simulate.scoring.metrics import fair_tolerance
        from simulate.studies.fair import check_search, find_fair_setup

        if setup is not None:
            raise PnpError("--fair draws its own setups; leave out --setup")
        given = game_options or {}
        options = chosen.info.resolve(players, variant, given, others=printed.names())
        own = {name: text for name, text in given.items() if name in printed.names()}
        if printed.given(own).sheet_count() > 1:
            raise PnpError("--fair tests one board at a time: leave out options that print several")
        if not chosen.info.has_choices:
            drawn = fair_deal(chosen, options, seed, tolerance, fair_games)
        else:
            with worded_flags(games="--fair-games"):
                tolerance = fair_tolerance(True, tolerance)
                fair_games = FAIR_GAMES if fair_games is None else fair_games
                check_search(tolerance, fair_games)
                search = seed_or_draw(seed)
                console.print(f"searching for a balanced setup from seed {search}")
                drawn = find_fair_setup(
                    chosen, options, search, tolerance=tolerance, games=fair_games,
                    agents=parse_agents(
                        default_agents(chosen.info.name) if agents is None else agents,
                        options.players, chosen.info,
                    ),
                    execution=Execution(default_workers()), console=console,
                )  # fmt: skip
        drawn = _checked(printed.given(own), chosen, drawn, None)  # the options given with it
    else:  # a setup drawn from a seed comes checked (KitOptions.draw); a file's is checked here
        drawn = setup_from(chosen, setup, seed, players, variant, game_options or {}, printed)
        if setup is not None:
            drawn = _checked(printed.of(drawn), chosen, drawn, setup)
    document = build_kit(chosen, drawn, settings, test_page, box)
    for path in write_kit(chosen, drawn, document, out, format):
        console.print(str(path))
