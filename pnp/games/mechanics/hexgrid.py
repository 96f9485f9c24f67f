"""Hex boards of offset rows, as the Penguins floe is laid: cells, names and precomputed rays.

The board has `rows` rows of hexagons with a point at the top. Counting from the bottom, even
rows hold `cols` tiles and odd rows `cols - 1`, set in by half a hex; with 8 rows of 8 the top
row holds 7, as ../shared/RULES.md lays the Penguins board (rows of 7 and 8, top row of 7).

Cells are numbered row by row from the bottom-left, like SquareGrid. A cell is named by its place
in its row, a letter from the left, and its row, a number from the bottom: `a1` is the bottom-left
tile, `g8` the last tile of the top row. Inside, a tile sits at (row, x) in doubled coordinates:
x = 2 * place on even rows, 2 * place + 1 on odd rows, so the six neighbours are x +- 2 on the
same row and x +- 1 on the rows above and below.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.games.mechanics.grid import Cell, Ray, cell_name, name_parts

HEX_STEPS: tuple[tuple[int, int], ...] = (
    (0, 2),
    (1, 1),
    (1, -1),
    (0, -2),
    (-1, -1),
    (-1, 1),
)  # (d_row, d_x): east, north-east, north-west, west, south-west, south-east
HEX_STEP_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


@dataclass(frozen=True)
class HexGrid:
    rows: int
    cols: int  # tiles in the long rows (even rows from the bottom)

    def row_length(self, row: int) -> int:
        return self.cols if row % 2 == 0 else self.cols - 1

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """The first cell of every row."""
        firsts, total = [], 0
        for row in range(self.rows):
            firsts.append(total)
            total += self.row_length(row)
        return tuple(firsts)

    @property
    def cells(self) -> int:
        return self.starts[-1] + self.row_length(self.rows - 1)

    def cell(self, row: int, place: int) -> Cell:
        return self.starts[row] + place

    def row_place(self, cell: Cell) -> tuple[int, int]:
        for row in reversed(range(self.rows)):
            if cell >= self.starts[row]:
                return row, cell - self.starts[row]
        raise ValueError(f"cell {cell} is off the board")

    def doubled(self, cell: Cell) -> tuple[int, int]:
        """(row, x) in doubled coordinates: x counts half tiles from the left edge."""
        row, place = self.row_place(cell)
        return row, 2 * place + row % 2

    def at(self, row: int, x: int) -> Cell | None:
        """The cell at doubled coordinates (row, x), or None off the board."""
        if not 0 <= row < self.rows or (x - row % 2) % 2:
            return None
        place = (x - row % 2) // 2
        return self.cell(row, place) if 0 <= place < self.row_length(row) else None

    def name(self, cell: Cell) -> str:
        return cell_name(*self.row_place(cell))

    def parse(self, name: str) -> Cell:
        """The cell of a name like `d4`; ValueError if it is not on this board."""
        name = name.strip().lower()
        row, place = name_parts(name, "tile")
        if not (0 <= row < self.rows and 0 <= place < self.row_length(row)):
            raise ValueError(f"{name} is off the board")
        return self.cell(row, place)

    def ray(self, cell: Cell, step: tuple[int, int]) -> Ray:
        row, x = self.doubled(cell)
        cells = []
        while (following := self.at(row + step[0], x + step[1])) is not None:
            cells.append(following)
            row, x = row + step[0], x + step[1]
        return tuple(cells)

    @cached_property
    def queen_rays(self) -> tuple[tuple[Ray, ...], ...]:
        """For every cell, its non-empty rays along the 6 hex directions (a hex 'queen move')."""
        return tuple(
            tuple(ray for step in HEX_STEPS if (ray := self.ray(cell, step)))
            for cell in range(self.cells)
        )

    @cached_property
    def neighbours(self) -> tuple[tuple[Cell, ...], ...]:
        return tuple(tuple(ray[0] for ray in rays) for rays in self.queen_rays)

    def rows_top_first(self) -> list[list[Cell]]:
        """The cells row by row as a layout is read: top row first, left to right."""
        return [
            [self.cell(row, place) for place in range(self.row_length(row))]
            for row in reversed(range(self.rows))
        ]
