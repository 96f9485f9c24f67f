"""Where the parts of an Amazon Penguins position sit, for the compiled engine (engine.py) and for
game.py, which turns an `AmazonPenguinsState` into a position and back; plain numbers and numpy,
without numba, so the game reads them at import.

One position is one int64 array: `TURN`, `OVER`, `PLIES`, `PASSES`, `LISTED`, then every cell's
free flag (and the sentinel's, always 0), every cell's chip flag, each seat's penguins in the
order of the `State`'s lists, how many each seat has placed, each seat's fish and chips claimed,
the fish on every cell (the setup's, and the sentinel's 0) and, when `LISTED`, the count of
moves before each penguin and direction (the engine's `count` writes them, so `move_at` walks
one direction). Where the parts after the free flags start depends on the board: `tables` gives
them in `dims`.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from pnp.games.mechanics.position_head import HEAD
from pnp.games.mechanics.sliding import Grid, IntArray, neighbour_table

PLIES, PASSES, LISTED, FREE = range(HEAD, HEAD + 4)  # FREE: where the free flags start
CELLS, EACH, DIRECTIONS, CHIP, PIECES, COUNTS, FISH, CHIPS, SEGMENTS, VALUES = range(10)  # dims

Context = tuple[IntArray, IntArray]  # following, dims


@cache
def tables(board: Grid, each: int) -> Context:
    """A board's constant tables: each cell's neighbours and where the parts of a position
    sit."""
    following = neighbour_table(board)
    cells, directions = board.cells, following.shape[1]
    chip = FREE + cells + 1
    pieces = chip + cells
    counts = pieces + 2 * each
    fish = counts + 2
    values = fish + 4
    segments = values + cells + 1
    dims = [cells, each, directions, chip, pieces, counts, fish, fish + 2, segments, values]
    return following, np.array(dims, dtype=np.int64)
