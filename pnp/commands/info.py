"""`pnp games` (what is built) and `pnp perft` (move counts that test the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.cells import cell_len
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from pnp.commands.common import (
    GameArg,
    Players,
    Seed,
    SetupFile,
    Variant,
    console,
    setup_from,
)
from pnp.errors import PnpError
from pnp.games import GAMES, get_game
from pnp.games.base import State
from pnp.games.perft import MAX_DEPTH
from pnp.games.perft import perft as count_perft
from pnp.games.setupfile import listed_setups
from pnp.progress import WorkProgress


def player_counts(players: Sequence[int]) -> str:
    """`2`, `2, 4` or, for a run of three or more, `4-10`."""
    run = list(range(players[0], players[-1] + 1))
    if len(players) > 2 and list(players) == run:
        return f"{players[0]}-{players[-1]}"
    return ", ".join(str(n) for n in players)


GAMES_HEADER = ("game", "title", "players", "variants", "options")
COLUMN_GAP = 3  # " │ " between two columns of a table without edges


def fitted_widths(rows: Sequence[Sequence[str]], width: int) -> list[int] | None:
    """Column widths for `rows` within `width`, or None if they cannot fit.

    The widest column narrows first, one character at a time, but the first column (the names
    users type) never narrows and no column narrows below its longest word, so no word is cut.
    """
    columns = list(zip(*rows, strict=True))
    widths = [max(cell_len(cell) for cell in column) for column in columns]
    least = [widths[0]] + [
        max(cell_len(word) for cell in column for word in cell.split()) for column in columns[1:]
    ]
    room = width - COLUMN_GAP * (len(columns) - 1)
    while sum(widths) > room:
        narrowable = [
            i for i, (w, floor) in enumerate(zip(widths, least, strict=True)) if w > floor
        ]
        if not narrowable:
            return None
        widths[max(narrowable, key=widths.__getitem__)] -= 1
    return widths


def own_options(game: str) -> tuple[str, ...]:
    """The names of a game's own options, then of its kit's print options."""
    from pnp.kits import KIT_OPTIONS

    return GAMES[game].info.options_type.names() + KIT_OPTIONS[game].names()


def games() -> None:
    """List the games with their player counts, variants and own options."""
    rows = [
        (
            game.info.name,
            game.info.title,
            player_counts(game.info.players),
            ", ".join(game.info.variants),
            ", ".join(f"--{name}" for name in own_options(game.info.name)) or "-",
        )
        for game in GAMES.values()
    ]
    widths = fitted_widths([GAMES_HEADER, *rows], console.width)
    if widths is None:  # too narrow for a table: one block per game, wrapped between words
        for name, title, players, variants, options in rows:
            console.print(name, style="bold")
            for line in (
                title,
                f"players: {players}",
                f"variants: {variants}",
                f"options: {options}",
            ):
                console.print(Padding(Text(line), (0, 0, 0, 2), expand=False), soft_wrap=False)
        return
    table = Table(show_edge=False, pad_edge=False)
    for header, width in zip(GAMES_HEADER, widths, strict=True):
        table.add_column(header, width=width, no_wrap=header == "game", overflow="fold")
    for row in rows:
        table.add_row(*row)
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
    if not 0 <= depth <= MAX_DEPTH:
        raise PnpError(
            f"--depth {depth} is not valid: expected a whole number from 0 to {MAX_DEPTH}"
        )
    drawn = setup_from(chosen, setup, seed, players, variant, game_options or {})
    listed = listed_setups(chosen, drawn)
    for one in listed:
        label = f"{chosen.setup_label(one)} " if len(listed) > 1 else ""
        count = shown_perft(chosen.new_state(one), depth, label)
        console.print(f"{label}{count}")


def shown_perft(state: State[Any], depth: int, label: str) -> int:
    """perft of `state`, its first moves counted on a progress display: a deep count takes
    hours, and its time left is estimated from the first moves counted."""
    with WorkProgress() as progress:
        task = progress.add_task(f"{label}first moves counted", total=None)

        def counted(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return count_perft(state, depth, counted)
