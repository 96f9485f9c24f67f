"""Square boards: cells, algebraic names and the precomputed rays that sliding moves walk.

Cells are numbered row-major from the bottom-left: cell = row * cols + col, row 0 is rank 1 and
col 0 is file a, as chess and the Paper Pen-guins rules name squares.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache, cached_property

Cell = int
Ray = tuple[Cell, ...]  # cells in one direction from a start cell, nearest first
# A shooting game's move (Amazons, Amazon Penguins): (source, destination, shot); a placement is
# (PLACE, cell, PLACE) (pnp/games/mechanics/shooting.py)
Shot = tuple[Cell, Cell, Cell]

QUEEN_STEPS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)  # (d_row, d_col), clockwise from north
ROOK_STEPS: tuple[tuple[int, int], ...] = QUEEN_STEPS[0::2]
FILES = string.ascii_lowercase


def cell_name(row: int, place: int) -> str:
    """A cell's name: its place in its row as a letter from a, then its row from 1."""
    return f"{FILES[place]}{row + 1}"


def name_parts(name: str, what: str) -> tuple[int, int]:
    """The row and place of a cell name like `d4` (stripped, lower case); ValueError, naming
    it a `what` name, when it is not one."""
    if len(name) < 2 or name[0] not in FILES or not name[1:].isdigit():
        raise ValueError(f"{name!r} is not a {what} name like a1")
    return int(name[1:]) - 1, FILES.index(name[0])


@dataclass(frozen=True)
class SquareGrid:
    rows: int
    cols: int

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def cell(self, row: int, col: int) -> Cell:
        return row * self.cols + col

    def row_col(self, cell: Cell) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def name(self, cell: Cell) -> str:
        return cell_name(*self.row_col(cell))

    def parse(self, name: str) -> Cell:
        """The cell of an algebraic name like `d4`; ValueError if it is not on this board."""
        name = name.strip().lower()
        row, col = name_parts(name, "square")
        if not self.inside(row, col):
            raise ValueError(f"{name} is off the {self.rows} x {self.cols} board")
        return self.cell(row, col)

    def ray(self, cell: Cell, step: tuple[int, int]) -> Ray:
        row, col = self.row_col(cell)
        cells = []
        row, col = row + step[0], col + step[1]
        while self.inside(row, col):
            cells.append(self.cell(row, col))
            row, col = row + step[0], col + step[1]
        return tuple(cells)

    @property
    def queen_rays(self) -> tuple[tuple[Ray, ...], ...]:
        """For every cell, its non-empty rays in the 8 queen directions (computed once per
        board size: every game builds its own grid)."""
        return _queen_rays(self)

    @cached_property
    def neighbours(self) -> tuple[tuple[Cell, ...], ...]:
        """For every cell, the cells a king step away."""
        return tuple(tuple(ray[0] for ray in rays) for rays in self.queen_rays)


@cache
def _queen_rays(grid: SquareGrid) -> tuple[tuple[Ray, ...], ...]:
    return tuple(
        tuple(ray for step in QUEEN_STEPS if (ray := grid.ray(cell, step)))
        for cell in range(grid.cells)
    )
