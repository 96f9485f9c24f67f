"""Where the parts of a Wallaby position sit, for the compiled engine (engine.py) and for rules.py,
which turns a `WallabyState` into a position and back; plain numbers and numpy, without numba,
so the rules read them at import.

One position is one int64 array: `TURN` (the seat to act, in the setup too), `OVER`, the setup
step, the seat whose play turn it is, the winner (-1 none), endless, passes in a row, turns,
passes, the scarecrow's cell, how many have left; then every cell's plants, each seat's cell,
whether it is in, its harvest by value (4 entries, the first unused), its score and each
seat's place in the order of leaving. Where the parts after the plants start depends on the
board and the players: `tables` gives them in `dims`.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from pnp.games.mechanics.position_head import HEAD
from pnp.games.mechanics.sliding import IntArray
from pnp.games.wallaby.field import Field

STEP, PLAYS, WINNER, ENDLESS, IN_ROW, TURNS, PASSES, SCARECROW, OUTS = range(HEAD, HEAD + 9)
TILE = HEAD + 9  # where the cells' plants start
CELLS, COLS, PLAYERS, GOAL, POS, ALIVE, HELD, SCORE, LEFT = range(9)  # entries of `dims`
KINDS = ("place", "harvest", "scarecrow")

Context = tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray]


@cache
def tables(field: Field) -> Context:
    """A field's constant tables: jumps, bounces, the perimeter, the setup steps, `dims`."""
    cells, players = field.rows * field.cols, field.players
    hops = np.full((cells, 4, 4), -1, dtype=np.int64)
    landed = np.full((cells, 4, 4), -1, dtype=np.int64)
    for cell, by_length in enumerate(field.jumps):
        for n, jumps in enumerate(by_length):
            for d, inside, spot in jumps:
                hops[cell, n, d], landed[cell, n, d] = spot, inside
    ends = np.full((len(field.bounces), 4, 4, 3), -1, dtype=np.int64)
    for spot, by_value in enumerate(field.bounces):
        for n, bounces in enumerate(by_value):
            for d, length, end in bounces:
                ends[spot, n, d, length - 1 if n == 0 else 0] = end
    steps = np.array([(KINDS.index(kind), seat) for kind, seat in field.steps], dtype=np.int64)
    pos = TILE + cells
    alive = pos + players
    held = alive + players
    score = held + 4 * players
    dims = [cells, field.cols, players, field.goal, pos, alive, held, score, score + players]
    perimeter = np.array(field.perimeter, dtype=np.int64)
    return hops, landed, ends, perimeter, steps.reshape(-1, 2), np.array(dims, dtype=np.int64)
