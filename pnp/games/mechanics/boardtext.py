"""Positions of the queen-move games written as text, for tests and for reading a position back.

One token per cell, rows top first; a row may start with its rank and a bar (`8|`) and the board
may start with a line of file letters. Rows of equal length make a square board; rows of 7 and 8
(or n - 1 and n) alternating make a hex board of offset rows, the short rows printed set in by
half a token. The last line is the status (who plays, scores), read by each game.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.games.mechanics.grid import FILES, Cell, SquareGrid
from pnp.games.mechanics.hexgrid import HexGrid
from pnp.games.mechanics.sliding import Grid


def parse_board(text: str) -> tuple[Grid, dict[Cell, str], str]:
    """The board of a text position, its token per cell and the status line."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        raise ValueError("a position needs board rows and a status line")
    status = " ".join(lines.pop())
    rows = [
        tokens[1:] if tokens[0].endswith("|") else tokens
        for tokens in lines
        if tokens != list(FILES[: len(tokens)])
    ]
    grid = _grid(rows)
    tokens: dict[Cell, str] = {}
    for cells, row in zip(rows_top_first(grid), rows, strict=True):
        tokens.update(zip(cells, row, strict=True))
    return grid, tokens, status


def _grid(rows: list[list[str]]) -> Grid:
    lengths = [len(row) for row in rows]
    if len(set(lengths)) == 1:
        return SquareGrid(len(rows), lengths[0])
    longest = max(lengths)
    grid = HexGrid(len(rows), longest)
    expected = [grid.row_length(r) for r in reversed(range(grid.rows))]
    if lengths != expected:
        raise ValueError(
            f"rows of {lengths} tiles: a hex board alternates {longest - 1} and {longest}, "
            f"with {longest} in the bottom row"
        )
    return grid


def rows_top_first(grid: Grid) -> list[list[Cell]]:
    if isinstance(grid, HexGrid):
        return grid.rows_top_first()
    return [[grid.cell(r, c) for c in range(grid.cols)] for r in reversed(range(grid.rows))]


def render_board(grid: Grid, token: Callable[[Cell], str], status: str, width: int = 3) -> str:
    """The board as `parse_board` reads it: ranks with bars, hex short rows set in."""
    lines = []
    if isinstance(grid, SquareGrid):
        lines.append(" " * 4 + "".join(f"{FILES[c]:>{width}}" for c in range(grid.cols)))
    for cells in rows_top_first(grid):
        rank = grid.name(cells[0])[1:]
        short = isinstance(grid, HexGrid) and len(cells) < grid.cols
        inset = " " * ((width + 1) // 2) if short else ""
        lines.append(f"{rank:>2}| {inset}" + "".join(f"{token(c):>{width}}" for c in cells))
    lines.append(status)
    return "\n".join(lines)
