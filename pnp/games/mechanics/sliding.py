"""Sliding moves over boards with blockers, built once for square and hex boards.

A slide ("queen move") goes any distance in a straight line through free cells and stops before
the first cell that is not free or before the edge. Amazons, Penguins and Amazon Penguins only
differ in what is free (empty squares, tiles without a penguin, chips without a penguin).

Two forms of the same rays: tuples per cell (`Board.queen_rays`) for the rule states, and numpy
tables (`RayTable`) for the array-at-a-time engines, where every cell has a ray in every direction,
padded to one length with `sentinel`, a cell number one past the board that is never free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from pnp.games.mechanics.grid import QUEEN_STEPS, Cell, Ray, SquareGrid
from pnp.games.mechanics.hexgrid import HEX_STEPS, HexGrid

IntArray = npt.NDArray[np.intp]
Step = tuple[int, int]


Grid = SquareGrid | HexGrid


def steps_of(board: Grid) -> tuple[Step, ...]:
    """The slide directions of a board, in an order where direction i + D/2 is opposite to i."""
    return HEX_STEPS if isinstance(board, HexGrid) else QUEEN_STEPS


def reach(rays: Sequence[Ray], free: Sequence[int]) -> list[Cell]:
    """Every cell a slide along `rays` reaches over free cells."""
    out = []
    for ray in rays:
        for cell in ray:
            if not free[cell]:
                break
            out.append(cell)
    return out


def reach_count(rays: Sequence[Ray], free: Sequence[int]) -> int:
    """How many cells a slide along `rays` reaches (`len(reach(...))` without the list)."""
    count = 0
    for ray in rays:
        for cell in ray:
            if not free[cell]:
                break
            count += 1
    return count


def can_slide(neighbours: Sequence[Cell], free: Sequence[int]) -> bool:
    return any(free[cell] for cell in neighbours)


@dataclass(frozen=True)
class RayTable:
    """A board's rays and lines as arrays, for engines that play many games at once.

    `rays[c, d, k]` is the (k+1)-th cell from c in direction d, or `sentinel` past the edge (every
    ray ends with at least one sentinel), and
    `opposite[d]` the direction back. Each pair of opposite directions makes a family of parallel
    lines (rows, columns, diagonals...). A board is held as one bit pattern per line (bit i set:
    the i-th cell of the line is free); `line_of[c, f]` and `place[c, f]` say where cell c sits
    in family f, and `ahead[p, i]` / `behind[p, i]` how many free cells follow / precede place i
    on a line of pattern p. Direction d < F runs forward along family d, d >= F backward along
    family d - F (F families). The sentinel sits on an extra line that is never free.
    """

    cells: int
    rays: IntArray  # (cells, directions, longest ray)
    opposite: IntArray  # (directions,)
    line_of: IntArray  # (cells + 1, families)
    place: IntArray  # (cells + 1, families)
    lines: int  # lines of all families, plus the sentinel's
    width: int  # the longest line
    ahead: IntArray  # (2**width, width)
    behind: IntArray  # (2**width, width)
    around: IntArray  # ahead + behind
    bit: IntArray  # (cells + 1, families): 1 << place

    @property
    def sentinel(self) -> int:
        return self.cells

    @property
    def directions(self) -> int:
        return int(self.rays.shape[1])


def _families(board: Grid, steps: Sequence[Step]) -> list[list[list[Cell]]]:
    """Lines of cells, one family per pair of opposite directions, each line in step order."""
    half = len(steps) // 2
    families = []
    for step in steps[:half]:
        back = (-step[0], -step[1])
        lines = []
        for cell in range(board.cells):
            if not board.ray(cell, back):  # the first cell of its line
                lines.append([cell, *board.ray(cell, step)])
        families.append(lines)
    return families


def _runs(width: int) -> tuple[IntArray, IntArray]:
    """For every line pattern, the free cells right after and right before each place."""
    patterns = np.arange(2**width)[:, None]
    bits = (patterns >> np.arange(width)) & 1  # (patterns, width)
    ahead = np.zeros((2**width, width), dtype=np.intp)
    behind = np.zeros((2**width, width), dtype=np.intp)
    for i in range(width - 2, -1, -1):
        ahead[:, i] = np.where(bits[:, i + 1] == 1, ahead[:, i + 1] + 1, 0)
    for i in range(1, width):
        behind[:, i] = np.where(bits[:, i - 1] == 1, behind[:, i - 1] + 1, 0)
    return ahead, behind


@cache
def ray_table(board: Grid) -> RayTable:
    steps = steps_of(board)
    cells, sentinel = board.cells, board.cells
    longest = 1 + max(len(board.ray(c, s)) for c in range(cells) for s in steps)
    rays = np.full((cells, len(steps), longest), sentinel, dtype=np.intp)
    for cell in range(cells):
        for d, step in enumerate(steps):
            ray = board.ray(cell, step)
            rays[cell, d, : len(ray)] = ray
    opposite = (np.arange(len(steps)) + len(steps) // 2) % len(steps)
    families = _families(board, steps)
    line_of = np.zeros((cells + 1, len(families)), dtype=np.intp)
    place = np.zeros((cells + 1, len(families)), dtype=np.intp)
    count = 0
    for f, family in enumerate(families):
        for line in family:
            line_of[line, f] = count
            place[line, f] = np.arange(len(line))
            count += 1
    line_of[sentinel, :] = count
    width = max(len(line) for family in families for line in family)
    ahead, behind = _runs(width)
    return RayTable(
        cells,
        rays,
        opposite,
        line_of,
        place,
        count + 1,
        width,
        ahead,
        behind,
        ahead + behind,
        np.where(line_of == count, 0, 1 << place),
    )


@cache
def neighbour_table(board: Grid) -> npt.NDArray[np.int64]:
    """For the compiled engines: every cell's neighbour in each direction (`steps_of`' order),
    `cells` (the sentinel, never free) past the edge, and a row of sentinels for the sentinel, so
    a slide is one table read per step and stops at the edge without a bounds test."""
    rays = ray_table(board).rays
    table = np.full((board.cells + 1, rays.shape[1]), board.cells, dtype=np.int64)
    table[:-1] = rays[:, :, 0]
    return table


def line_patterns(table: RayTable, free: npt.NDArray[np.bool_]) -> IntArray:
    """The line patterns of many boards, (games, cells + 1) free: (games, lines)."""
    weights = np.zeros((table.cells, table.lines), dtype=np.intp)
    cells = np.arange(table.cells)
    for f in range(table.line_of.shape[1]):
        weights[cells, table.line_of[: table.cells, f]] = 1 << table.place[: table.cells, f]
    return free[:, : table.cells].astype(np.intp) @ weights


def reach_counts(table: RayTable, patterns: IntArray) -> IntArray:
    """For every cell of many boards, how many free cells a slide from it reaches:
    (games, cells + 1), 0 for the sentinel. A few table look-ups per cell and family."""
    base = (np.arange(patterns.shape[0]) * table.lines)[:, None]
    total: IntArray | None = None
    for f in range(table.line_of.shape[1]):  # one family at a time: sums over whole slabs
        pattern = np.take(patterns, base + table.line_of[:, f])
        counts = np.take(table.around, pattern * table.width + table.place[:, f])
        total = counts if total is None else total + counts
    assert total is not None
    return total


def reached_cells(table: RayTable, free: npt.NDArray[np.bool_], pieces: IntArray) -> IntArray:
    """For many boards, (games, cells + 1) free, and the cells of each board's pieces,
    (games, pieces): how many distinct cells those pieces reach with one slide, (games,)."""
    games = free.shape[0]
    rays = table.rays[pieces]  # (games, pieces, directions, longest)
    rows = np.arange(games)[:, None, None, None]
    run = np.argmin(free[rows, rays], axis=-1)  # a ray always ends on the never-free sentinel
    open_ = np.arange(rays.shape[-1]) < run[..., None]
    seen = np.zeros((games, table.cells + 1), dtype=np.bool_)
    seen[np.broadcast_to(rows, rays.shape), np.where(open_, rays, table.sentinel)] = True
    return seen[:, : table.cells].sum(axis=1)  # type: ignore[no-any-return]
