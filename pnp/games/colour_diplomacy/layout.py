"""Where the parts of a Colour Diplomacy position sit, and the board's tables, for the compiled
engine (engine.py) and for rules.py, which turns a `ColourDiplomacyState` into a position and
back; plain numbers and numpy, without numba, so the rules read them at import.

Fields are numbered (circle - 1) * n + (field - 1); the center is n * n and off the board
n * n + 1 (rings.py's `field_numbers`). One position is one int64 array: `TURN` (the seat
ordering), `OVER`, the turns played, the turns in which someone reached the center, how many
reached it alone; then per seat its field, the turn it fell off, whether it must hold, its order
this turn, the colour of each circle (outermost first), the start colours and the seats that
reached the center alone, first first.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from pnp.games.colour_diplomacy.rings import HOLD, IN, OUT, SUPPORT, board, field_numbers
from pnp.games.mechanics.position_head import HEAD
from pnp.games.mechanics.sliding import IntArray

TURNS, CENTER_TURNS, REACHED_COUNT = range(HEAD, HEAD + 3)
SPOT, FELL, HOLDS, ORDER, COLOURS, START, REACHED = (HEAD + 3 + k for k in range(7))  # * n
KINDS = (HOLD, IN, OUT, SUPPORT)
WIDEST = 4  # fields a move into a field can start from: two inside it, two outside

Context = tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray]


@cache
def context_of(n: int) -> Context:
    """An n-player board's tables, by field number: the step targets and their order kinds,
    the two side fields, the fields a move into it starts from, the field one circle out."""
    rings, number = board(n), field_numbers(n)
    steps = np.full((n * n, 4), -1, dtype=np.int64)
    kinds = np.zeros((n * n, 4), dtype=np.int64)
    sides = np.zeros((n * n, 2), dtype=np.int64)
    entries = np.full((n * n + 2, WIDEST), -1, dtype=np.int64)
    outward = np.zeros(n * n + 2, dtype=np.int64)
    outward[n * n :] = n * n + 1  # from the center (not asked) and from off the board
    for spot in rings.fields():
        i = number[spot]
        outward[i] = number[rings.step_out(spot)]
        sources = [number[source] for source in rings.entries[spot]]
        entries[i, : len(sources)] = sources
        for s, order in enumerate(rings.steps[spot]):
            steps[i, s], kinds[i, s] = number[order.target], KINDS.index(order.kind)
        sides[i] = [number[side] for side in rings.sides[spot]]
    return steps, kinds, sides, entries, outward, np.array([n], dtype=np.int64)
