"""Billabong's board and move generation: the lake, the start/finish line, steps and jump chains.

Rules: ../shared/RULES.md, "Billabong". The board is 14 ranks x 16 files, named like a chess
board: files a-p left to right, ranks 1-14 bottom to top (RULES.md's row r, counted from the top,
is rank 14 - r). The lake covers g7-j8. The start/finish line (the creek) is the grid line
between files h and i, from the bottom edge up to the lake (beside ranks 1-6).

Everything here is a pure function of a cell and the board's occupancy (an int with one bit per
occupied cell: kangaroos and the referee), built on tables computed once at import: for every
cell and direction, the ray of cells up to the lake or the edge as bit masks, and the lap change
of a straight move to each landing square. The rules (rules.py) and the compiled engine
(engine.py) both read their moves' shape here (`Move`, `PLACE`, `OUT`, `PASS`), and `FREE` and
`FINISH_VALUE`.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

from pnp.games.mechanics.grid import QUEEN_STEPS, Cell, SquareGrid

GRID = SquareGrid(14, 16)
CELLS = GRID.cells
LAKE_RANKS = (6, 7)  # grid rows: ranks 7 and 8 (RULES.md rows 6-7)
LAKE_FILES = (6, 7, 8, 9)  # files g-j
LINE_FILE = 8  # the line runs along the left edge of file i ...
LINE_TOP = 6.0  # ... from the bottom edge up to the lake's bottom edge (grid y = 6)
LAKE_CENTRE = (8.0, 7.0)  # (x, y) in squares, x to the right, y up from the bottom edge

KANGAROOS = 5  # per player
FINISH = 2  # a kangaroo is finished the moment its count reaches +2
FLOOR = -2  # a chain is not followed once its lap change is below this (see `chain_ends`)

Move = tuple[Cell, Cell, int]  # (from, to, lap change); from is PLACE for a placement
PLACE: Cell = -1
OUT: Cell = -2  # the `to` of a move that finishes the kangaroo: it leaves the board
PASS: Move = (-3, -3, 0)
FREE = -1  # the owner of a square without a kangaroo
FINISH_VALUE = 100.0  # greedy: finishing beats any progress (a whole race is 2)

Jump = tuple[Cell, int]  # a landing square and the lap change of getting there
JumpTable = Callable[[Cell], Sequence[Jump]]


def in_lake(cell: Cell) -> bool:
    row, col = GRID.row_col(cell)
    return row in LAKE_RANKS and col in LAKE_FILES


LAKE: tuple[Cell, ...] = tuple(c for c in range(CELLS) if in_lake(c))
SQUARES: tuple[Cell, ...] = tuple(c for c in range(CELLS) if not in_lake(c))


def crossing(source: Cell, target: Cell) -> int:
    """The lap change of a straight move from `source` to `target`: +1 when it crosses the line
    right to left (clockwise), -1 left to right, 0 when it does not cross the line.

    The move runs from centre to centre. A diagonal meets the line's grid line at a square corner;
    the corner at the line's top end (the middle of the lake's bottom edge) can only be reached
    through a lake square, so no legal move touches the line's end.
    """
    r1, c1 = GRID.row_col(source)
    r2, c2 = GRID.row_col(target)
    if (c1 >= LINE_FILE) == (c2 >= LINE_FILE):
        return 0
    y = r1 + 0.5 + (r2 - r1) * (LINE_FILE - 0.5 - c1) / (c2 - c1)
    if y >= LINE_TOP:
        return 0
    return 1 if c1 >= LINE_FILE else -1


def lap_fraction(cell: Cell) -> float:
    """How far round the lake `cell` is, clockwise from the line: 0 just left of the line, near 1
    just right of it (the angle about the lake's centre, as a fraction of a full turn)."""
    row, col = GRID.row_col(cell)
    x, y = col + 0.5 - LAKE_CENTRE[0], row + 0.5 - LAKE_CENTRE[1]
    return ((-math.pi / 2 - math.atan2(y, x)) % (2 * math.pi)) / (2 * math.pi)


def progress(cell: Cell, count: int) -> float:
    """Clockwise progress of a kangaroo: its lap count plus its fraction of the way round.

    Continuous across the line (crossing it clockwise adds 1 to the count as the fraction drops
    from near 1 to near 0); a kangaroo is finished at 2.
    """
    return count + FRACTION[cell]


def lake_ray(cell: Cell, step: tuple[int, int]) -> tuple[Cell, ...]:
    """The cells from `cell` in direction `step`, up to the lake or the edge."""
    cells = []
    for target in GRID.ray(cell, step):
        if in_lake(target):
            break
        cells.append(target)
    return tuple(cells)


class BitRay(NamedTuple):
    """One direction from a cell, up to the lake or the edge, as bit masks of the occupancy.

    The kangaroo jumped over is the ray's first occupied cell, at index i; the jump needs the
    i + 1 cells after it free (`after[i]`) and lands on `landings[i]`, the cell at 2i + 1.
    """

    mask: int  # every cell of the ray
    step: int  # cell number difference between neighbours along the ray
    rising: bool  # cell numbers grow along the ray: the first cell is the lowest bit
    after: tuple[int, ...]  # per index i with 2i + 1 inside the ray
    landings: tuple[Jump, ...]


def _bit_ray(cell: Cell, ray: tuple[Cell, ...]) -> BitRay:
    reach = (len(ray) - 2) // 2 + 1  # indices i whose landing 2i + 1 is on the ray
    return BitRay(
        mask=sum(1 << c for c in ray),
        step=ray[0] - cell,
        rising=ray[0] > cell,
        after=tuple(sum(1 << c for c in ray[i + 1 : 2 * i + 2]) for i in range(reach)),
        landings=tuple((ray[2 * i + 1], crossing(cell, ray[2 * i + 1])) for i in range(reach)),
    )


def _tables() -> tuple[tuple[tuple[BitRay, ...], ...], tuple[tuple[Jump, ...], ...]]:
    rays, steps = [], []
    for cell in range(CELLS):
        own = [lake_ray(cell, step) for step in QUEEN_STEPS] if not in_lake(cell) else []
        rays.append(tuple(_bit_ray(cell, ray) for ray in own if len(ray) >= 2))
        steps.append(tuple((ray[0], crossing(cell, ray[0])) for ray in own if ray))
    return tuple(rays), tuple(steps)


RAYS, STEPS = _tables()  # per cell: rays long enough to jump along; (neighbour, lap change)
FRACTION: tuple[float, ...] = tuple(lap_fraction(cell) for cell in range(CELLS))


def jumps_from(cell: Cell, occupied: int) -> list[Jump]:
    """Single jumps from `cell` (`occupied`: one bit per occupied cell): over exactly one
    kangaroo at index i of a ray (i empty squares before it), with i empty squares after it and
    a free landing square, all before the lake."""
    found = []
    for mask, step, rising, after, landings in RAYS[cell]:
        hits = occupied & mask
        if not hits:
            continue
        first = (hits & -hits).bit_length() - 1 if rising else hits.bit_length() - 1
        i = (first - cell) // step - 1
        if i < len(after) and not occupied & after[i]:
            found.append(landings[i])
    return found


class Jumps:
    """The single jumps from each cell in one position, computed when first asked for.

    During a chain the referee stands on the start square, so the occupancy is the position's
    own for every kangaroo that moves: one table serves all of them.
    """

    def __init__(self, occupied: int) -> None:
        self.occupied = occupied
        self.cache: list[list[Jump] | None] = [None] * CELLS

    def __call__(self, cell: Cell) -> list[Jump]:
        found = self.cache[cell]
        if found is None:
            found = self.cache[cell] = jumps_from(cell, self.occupied)
        return found


def chain_ends(start: Cell, count: int, jumps: JumpTable) -> tuple[list[Jump], bool]:
    """Every end (landing square, lap change) of a chain of one or more jumps from `start` by a
    kangaroo whose lap count is `count`, each once; and whether some chain finishes it.

    A search over (square, lap change) states with a visited set, never over chains, so dozens
    of possible jumps cost a few hundred states at most. A chain stops where the count reaches
    +2 (the kangaroo is finished). pnp's reading: a chain is not followed once its lap change is
    below -2; only a chain circling the lake anticlockwise gets there, and such a chain could
    otherwise go round for ever.
    """
    seen = {(start, 0)}
    frontier = [(start, 0)]
    ends: list[Jump] = []
    finishes = False
    while frontier:
        cell, change = frontier.pop()
        for landing, delta in jumps(cell):
            total = change + delta
            if count + total >= FINISH:
                finishes = True
            elif total >= FLOOR and (landing, total) not in seen:
                seen.add((landing, total))
                frontier.append((landing, total))
                ends.append((landing, total))
    return ends, finishes


@cache
def steps_to_finish() -> tuple[int, ...]:
    """For every square, the fewest steps (no jumps, empty board) that finish a kangaroo placed
    there with count 0: the placement heuristic's measure of a good start square."""
    counts = range(FLOOR, FINISH)
    distance: dict[tuple[Cell, int], int] = {}
    queue: deque[tuple[Cell, int]] = deque()
    for cell in SQUARES:
        for count in counts:
            if any(count + change >= FINISH for _, change in STEPS[cell]):
                distance[(cell, count)] = 1
                queue.append((cell, count))
    while queue:
        cell, count = queue.popleft()
        for source, back in STEPS[cell]:  # the step source -> cell changes the count by -back
            before = count + back
            if before in counts and (source, before) not in distance:
                distance[(source, before)] = distance[(cell, count)] + 1
                queue.append((source, before))
    return tuple(distance.get((cell, 0), 0) for cell in range(CELLS))
