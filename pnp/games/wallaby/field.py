"""The Wallaby field: the board's shape, the variant's rules, the setup steps and the lookup
tables of every jump and bounce.

Rules: ../shared/RULES.md, "Wallaby". Boards are rows x cols of tiles; a jump is orthogonal and
as long as the number on the tile the wallaby stands on, a bounce as long as the number on the
tile it bounces from, or 1-3 where that spot has no tile; in the Valley a jump may land up to 3
cells outside the board, but the bounce must come back inside. The goal is 25 plants with 2
players, 20 with 3, 15 with 4. Squares are numbered row * cols + col, row 0 at the bottom, as
pnp.games.mechanics.grid numbers them.

The rules (rules.py), positions as text (text.py) and the compiled engine (engine.py) all read
the field here, so none of them imports another for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from pnp.games.mechanics.grid import SquareGrid
from pnp.games.seat import Seat
from pnp.games.wallaby.moves import FREE_LENGTHS, NO_CELL, STEPS, VALUES, Cell

Hop = tuple[int, Cell, int]  # (direction, board cell or NO_CELL, extended spot)
Bounce = tuple[int, int, Cell]  # (direction, length, board cell)

SEATS = ("red", "blue", "green", "yellow")
REACH = 3  # how far off the board a Valley jump may land
GOALS = {2: 25, 3: 20, 4: 15}


@dataclass(frozen=True)
class Field:
    """What does not change during a game: the board's shape and the variant's rules."""

    rows: int
    cols: int
    players: int
    valley: bool = False  # jumps may land up to 3 cells outside the board
    scarecrow: bool = True  # False in the children's variant

    @property
    def goal(self) -> int:
        return GOALS[self.players]

    @cached_property
    def grid(self) -> SquareGrid:
        return SquareGrid(self.rows, self.cols)

    @cached_property
    def perimeter(self) -> tuple[Cell, ...]:
        return tuple(
            cell
            for cell in range(self.rows * self.cols)
            if cell // self.cols in (0, self.rows - 1) or cell % self.cols in (0, self.cols - 1)
        )

    @cached_property
    def steps(self) -> tuple[tuple[str, Seat], ...]:
        """The setup steps in order: (kind, seat)."""
        steps: list[tuple[str, Seat]] = []
        for seat in range(self.players):
            steps.append(("place", seat))
            if seat > 0:
                steps.append(("harvest", seat))
        if self.scarecrow:
            steps.append(("scarecrow", self.players - 1))
        return tuple(steps)

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    # Jumps and bounces are looked up, not computed: spots are numbered on the board extended
    # by REACH cells on every side, where a Valley jump may land.

    @cached_property
    def jumps(self) -> tuple[tuple[tuple[Hop, ...], ...], ...]:
        """jumps[cell][n]: the jumps of n steps from `cell` as (direction, board cell or NO_CELL
        outside, extended spot); off the board only in the Valley."""
        table = []
        for cell in range(self.rows * self.cols):
            row, col = divmod(cell, self.cols)
            by_length: list[tuple[Hop, ...]] = [()]
            for n in VALUES:
                hops = []
                for d, (dr, dc) in enumerate(STEPS):
                    r, c = row + dr * n, col + dc * n
                    if self.inside(r, c) or self.valley:
                        inside = r * self.cols + c if self.inside(r, c) else NO_CELL
                        hops.append((d, inside, self.spot(r, c)))
                by_length.append(tuple(hops))
            table.append(tuple(by_length))
        return tuple(table)

    @cached_property
    def bounces(self) -> tuple[tuple[tuple[Bounce, ...], ...], ...]:
        """bounces[spot][n]: the bounces from an extended spot that end on the board, as
        (direction, length, cell); n = 0 lists the free bounces of 1, 2 or 3 steps."""
        wide = self.cols + 2 * REACH
        table = []
        for spot in range(wide * (self.rows + 2 * REACH)):
            row, col = spot // wide - REACH, spot % wide - REACH
            by_length = []
            for lengths in (FREE_LENGTHS, *((n,) for n in VALUES)):
                ends = []
                for d, (dr, dc) in enumerate(STEPS):
                    for n in lengths:
                        r, c = row + dr * n, col + dc * n
                        if self.inside(r, c):
                            ends.append((d, n, r * self.cols + c))
                by_length.append(tuple(ends))
            table.append(tuple(by_length))
        return tuple(table)

    def spot(self, row: int, col: int) -> int:
        """The extended spot of (row, col), which may be up to REACH cells off the board."""
        return (row + REACH) * (self.cols + 2 * REACH) + col + REACH


@cache
def make_field(rows: int, cols: int, players: int, valley: bool, scarecrow: bool) -> Field:
    """The one Field of this shape, so its lookup tables are built once per process."""
    return Field(rows, cols, players, valley, scarecrow)
