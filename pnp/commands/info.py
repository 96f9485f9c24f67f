"""`pnp games` (what is built) and `pnp perft` (move counts that test the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer
from rich.table import Table

from pnp.commands.common import (
    GameArg,
    Players,
    Seed,
    SetupFile,
    Variant,
    checked_seed,
    console,
    setup_from,
)
from pnp.errors import PnpError
from pnp.games import GAMES, get_game
from pnp.games.perft import perft as count_perft
from pnp.games.setupfile import listed_setups


def player_counts(players: Sequence[int]) -> str:
    """`2`, `2, 4` or, for a run of three or more, `4-10`."""
    run = list(range(players[0], players[-1] + 1))
    if len(players) > 2 and list(players) == run:
        return f"{players[0]}-{players[-1]}"
    return ", ".join(str(n) for n in players)


def own_options(game: str) -> tuple[str, ...]:
    """The names of a game's own options, then of its kit's print options."""
    from pnp.kits import KIT_OPTIONS

    return GAMES[game].info.options_type.names() + KIT_OPTIONS[game].names()


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
            player_counts(info.players),
            ", ".join(info.variants),
            ", ".join(f"--{name}" for name in own_options(info.name)) or "-",
        )
    console.print(table)


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
    drawn = setup_from(chosen, setup, checked_seed(seed), players, variant, game_options or {})
    listed = listed_setups(chosen, drawn)
    for one in listed:
        count = count_perft(chosen.new_state(one), depth)
        label = f"{chosen.setup_label(one)} " if len(listed) > 1 else ""
        console.print(f"{label}{count}")
