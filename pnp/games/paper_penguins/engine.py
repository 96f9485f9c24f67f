"""The compiled Paper Pen-guins engine (the contract of pnp/games/compiled.py), on a sheet of
any size.

Rules: ../shared/RULES.md, "Paper Pen-guins", as `PaperPenguinsState` plays them. A square's
neighbour in each queen direction (`QUEEN_STEPS`' order) is one table read (mechanics.sliding's
`neighbour_table`), past the edge `cells`, a sentinel that is never free. One position is one
int64 array: `TURN`, `OVER`, then every square's free flag (unmarked; the sentinel's always 0),
every square's mark (`FREE`, the seat whose piece stands there, or `CROSSED`), each seat's pieces
in the order of the `State`'s lists, how many each has placed, each seat's score, and the
number on every square (the sheet's, and the sentinel's 0): a position holds its whole game, so
the tables (`context`) are the sheet size's alone and games on different sheets are played side
by side on them.

Moves are listed in the `State`'s order: placements by square; then piece by piece,
destinations direction by direction, nearest first; a seat with no move passes. `moves` lists
them all in one walk (the greedy agent's). A move's code
is (source + 1) * (cells + 1) + target + 1, so a placement's source and a pass's -1 are 0.

rules.py turns a `PaperPenguinsState` into a position and back (`position_of`, `restorer`) and
lays out many start positions at once (`starts`); the engine reads only marks.py of this package.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numba import njit

from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.engine_parts import listing
from pnp.games.mechanics.grid import SquareGrid
from pnp.games.mechanics.position_head import HEAD, OVER, TURN
from pnp.games.mechanics.seat_scores import lead, seat_scores, share_by_lead
from pnp.games.mechanics.slide_engine import (
    can_slide,
    cell_values,
    list_slides,
    or_pass,
    slide_at,
)
from pnp.games.mechanics.sliding import IntArray, neighbour_table
from pnp.games.paper_penguins.marks import CROSSED, PIECES_EACH, Move

FREE = HEAD  # FREE: where the free flags start
CELLS, DIRECTIONS, MARK, PIECES, COUNTS, SCORE, VALUES = range(7)  # entries of `dims`
EACH = PIECES_EACH

Context = tuple[IntArray, IntArray]  # following, dims


@njit(inline="always")
def _can_move(context, position, seat):  # type: ignore[no-untyped-def]
    following, dims = context
    first = dims[PIECES] + seat * EACH
    return can_slide(following, position, FREE, first, position[dims[COUNTS] + seat])


@njit(inline="always")
def _placing(dims, position):  # type: ignore[no-untyped-def]
    return position[dims[COUNTS] + position[TURN]] < EACH


@njit(inline="always")
def _walk(context, position, index):  # type: ignore[no-untyped-def]
    """The code of move `index` of the seat to play, or -1 and the count of its moves (none
    counted as the pass) when it has no more than `index`."""
    following, dims = context
    base = dims[CELLS] + 1
    total = 0
    if _placing(dims, position):
        for cell in range(dims[CELLS]):
            if position[FREE + cell]:
                if total == index:
                    return cell + 1, total
                total += 1
        return -1, total
    first = dims[PIECES] + position[TURN] * EACH
    source, target, total = slide_at(following, position, FREE, first, EACH, index)
    if source >= 0:
        return (source + 1) * base + target + 1, total
    if total == 0:
        return (0, 1) if index == 0 else (-1, 1)  # the pass
    return -1, total


count, move_at = listing(_walk)


@njit(inline="always")
def moves(context, position, codes):  # type: ignore[no-untyped-def]
    """The codes of every move of the seat to play, in `move_at`'s order, into `codes` (as many
    as fit), and their count: one walk, where `move_at` walks up to the move asked for."""
    following, dims = context
    total, room = 0, codes.shape[0]
    if _placing(dims, position):
        for cell in range(dims[CELLS]):
            if position[FREE + cell]:
                if total < room:
                    codes[total] = cell + 1
                total += 1
        return total
    first = dims[PIECES] + position[TURN] * EACH
    total = list_slides(following, position, FREE, first, EACH, dims[CELLS] + 1, codes)
    return or_pass(codes, total)


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[1]
    values = cell_values(position, dims[VALUES], dims[CELLS])
    base = dims[CELLS] + 1
    source, target = code // base - 1, code % base - 1
    seat = position[TURN]
    first = dims[PIECES] + seat * EACH
    if target >= 0:
        if source < 0:
            position[first + position[dims[COUNTS] + seat]] = target
            position[dims[COUNTS] + seat] += 1
        else:
            position[dims[MARK] + source] = CROSSED
            for p in range(EACH):
                if position[first + p] == source:
                    position[first + p] = target
                    break
        position[FREE + target] = 0
        position[dims[MARK] + target] = seat
        position[dims[SCORE] + seat] += values[target]
    position[TURN] = 1 - seat
    stuck = not (_can_move(context, position, 0) or _can_move(context, position, 1))
    position[OVER] = not _placing(dims, position) and stuck


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    seat_scores(position, context[1][SCORE], 2, out)


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores: the higher score wins, equal scores draw."""
    share_by_lead(lead(position, context[1][SCORE], 0), out)


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """`State.evaluate`: one's score minus the other's."""
    return float(lead(position, context[1][SCORE], seat))


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`PaperPenguinsState.move_value`: the number marked (nothing for a pass)."""
    dims = context[1]
    values = cell_values(position, dims[VALUES], dims[CELLS])
    target = code % (dims[CELLS] + 1) - 1
    return float(values[target]) if target >= 0 else 0.0


ENGINE = Engine(__name__)


@cache
def tables(grid: SquareGrid) -> Context:
    """A sheet size's constant tables: each square's neighbours and where the parts of a
    position sit."""
    following = neighbour_table(grid)
    cells = grid.cells
    mark = FREE + cells + 1
    pieces = mark + cells
    score = pieces + 2 * EACH + 2
    dims = [cells, following.shape[1], mark, pieces, pieces + 2 * EACH, score, score + 2]
    return following, np.array(dims, dtype=np.int64)


def decoder(grid: SquareGrid) -> Callable[[int], Move]:
    def decode(code: int) -> Move:
        source, target = divmod(int(code), grid.cells + 1)
        return (source - 1, target - 1)

    return decode
