"""The Penguins floe: its moves, the penguins each player places, the tile mix and its layouts.

Rules: ../shared/RULES.md, "Penguins / Hey That's My Fish": 60 hex tiles (30 one-fish, 20
two-fish, 10 three-fish) at random in 8 rows that alternate 7 and 8 tiles, top row of 7; 2, 3 or 4
players with 4, 3 or 2 penguins. A layout is rows of digits 1-3 (fish per tile), top row first.

The rules (game.py) and the compiled engine (engine.py) both read moves and the penguins each
here; Amazon Penguins lays its chips with the same helpers (`random_rows`, `rows_shape`,
`check_mix`, `values_of`, `check_fish_conserved`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import itemgetter

import numpy as np

from pnp.errors import SetupError
from pnp.games.mechanics.boardtext import rows_top_first
from pnp.games.mechanics.grid import Cell
from pnp.games.mechanics.hexgrid import HexGrid
from pnp.games.mechanics.sliding import Grid
from pnp.games.setupdata import JsonObject

Move = tuple[Cell, Cell]  # (from, to); a placement is (PLACE, tile)
PLACE: Cell = -1
PENGUINS_EACH = {2: 4, 3: 3, 4: 2}
FLOE = HexGrid(8, 8)
MIX = (30, 20, 10)  # one-, two- and three-fish tiles
ZERO = ord("0")  # a digit's number is its character code less this


def random_rows(rng: np.random.Generator, grid: Grid, mix: Sequence[int]) -> list[str]:
    """A random layout of tiles with `mix` (ones, twos, threes), rows top first as digits."""
    deck = np.repeat(np.array([1, 2, 3]), mix)
    values = rng.permutation(deck)
    rows, k = [], 0
    for cells in rows_top_first(grid):
        rows.append("".join(str(v) for v in values[k : k + len(cells)]))
        k += len(cells)
    return rows


def rows_shape(grid: Grid, piece: str, where: str = "") -> JsonObject:
    """The JSON Schema keywords of a layout's rows on `grid`: one digit 1-3 per cell, top first."""
    lengths = [len(cells) for cells in rows_top_first(grid)]
    return {
        "description": f"{len(lengths)} rows of fish {piece}s{where}, top row first",
        "minItems": len(lengths),
        "maxItems": len(lengths),
        "prefixItems": [
            {
                "type": "string",
                "pattern": f"^[1-3]{{{n}}}$",
                "description": f"{n} digits 1-3, the fish on each {piece}",
            }
            for n in lengths
        ],
    }


def check_mix(rows: Sequence[str], mix: Sequence[int]) -> None:
    """SetupError unless the layout holds `mix` one-, two- and three-fish pieces (its shape is
    the schema's)."""
    counts = tuple("".join(rows).count(d) for d in "123")
    if counts != tuple(mix):
        raise SetupError(f"the layout has {counts} one/two/three-fish tiles; expected {tuple(mix)}")


def values_of(grid: Grid, rows: Sequence[str]) -> list[int]:
    """Fish per cell from layout rows (top first; a setup's rows have the board's lengths)."""
    digits = "".join(rows).encode()
    at = layout_index(grid)
    if len(digits) != len(at):
        raise ValueError(f"the layout has {len(digits)} tiles, the board {len(at)} cells")
    return [digit - ZERO for digit in itemgetter(*at)(digits)]


@cache
def layout_index(grid: Grid) -> tuple[int, ...]:
    """For every cell, where layout rows list it (once per board: every game reads its layout)."""
    listed = [cell for cells in rows_top_first(grid) for cell in cells]
    assert sorted(listed) == list(range(grid.cells)), "layout rows list every cell once"
    at = [0] * grid.cells
    for index, cell in enumerate(listed):
        at[cell] = index
    return tuple(at)


def check_fish_conserved(
    values: Sequence[int],
    present: Sequence[int],
    taken: Sequence[int],
    fish: Sequence[int],
    piece: str,
) -> None:
    """Pieces (tiles or chips) and their fish conserved between the board and the players.

    `values` holds the fish laid per cell (0: none), `present` whether a piece is still there,
    `taken` and `fish` the pieces and fish each player holds.
    """
    cells = range(len(values))
    assert all(values[c] > 0 for c in cells if present[c]), f"a {piece} where none was laid"
    left = [c for c in cells if present[c]]
    laid = sum(1 for v in values if v > 0)
    assert len(left) + sum(taken) == laid, f"{piece}s conserved between board and players"
    on_board = sum(values[c] for c in left)
    assert on_board + sum(fish) == sum(values), "fish conserved between board and players"
    for pieces, fish_taken in zip(taken, fish, strict=True):
        assert pieces <= fish_taken <= 3 * pieces, f"fish are 1 to 3 per {piece} taken"
