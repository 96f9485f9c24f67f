"""The compiled Billabong engine (the contract of pnp/games/compiled.py): steps and jump chains.

Rules: ../shared/RULES.md, "Billabong", as `BillabongState` plays them (board.py's `chain_ends`
and `BillabongState.moves_of`). Each square's eight rays up to the lake or the edge are tables
built once (`tables`: the cells along each ray and the lap change of a straight move to each), so
a jump is a walk along a ray to its first kangaroo and a check that as many squares after it are
free; a chain is a depth-first search over (square, lap change) with a visited array, as
`chain_ends` does, the referee standing on the start square.

One position is one int64 array: `TURN`, `OVER`, `CACHED`, then every square's owner (-1 free)
and lap count, each seat's kangaroos in the order of `BillabongState.kangaroos` (a kangaroo that
moves goes to the end), how many each seat has on the board, has placed and has finished; then a
cache of the legal moves of the seat to play. `count` fills the cache and `move_at` reads it, so
a random move searches the chains once, not once per move read (`CACHED` is the number of cached
moves plus one, 0 when the cache is empty or the moves did not fit; `apply` empties it); `moves`
(a greedy turn) lists them into the caller's room in one search.

Moves are listed in `BillabongState.legal_moves`' order: placements on free squares by cell;
then kangaroo by kangaroo its steps (direction by direction), the ends of its chains that no step
reaches (in the order the search finds them), and one move finishing it if any step or chain
does; a player without moves passes. A move (source, target, lap change) has the code
((change + BIAS) * SIDE + source + 3) * SIDE + target + 3; `decode` turns it back.

rules.py turns a `BillabongState` into a position and back (`position_of`, `restorer`); the
engine reads only board.py of this package.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
from numba import njit

from pnp.games.billabong.board import (
    CELLS,
    FINISH,
    FINISH_VALUE,
    FLOOR,
    FRACTION,
    FREE,
    KANGAROOS,
    OUT,
    PLACE,
    SQUARES,
    Move,
    crossing,
    lake_ray,
    steps_to_finish,
)
from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.grid import QUEEN_STEPS
from pnp.games.mechanics.position_head import HEAD, OVER, TURN
from pnp.games.mechanics.sliding import IntArray

CACHED = HEAD
OWNER = CACHED + 1  # CELLS owners, then CELLS lap counts
LAPS = OWNER + CELLS
PLAYERS, ROOS, ON, PLACED, FINISHED, CODES, CAPACITY = range(7)  # entries of `dims`
MOVES_KEPT = 512  # the cache's size: more moves than this are walked again for each one read
DIRECTIONS = len(QUEEN_STEPS)
LONGEST = 15  # cells on the longest ray (a whole rank)
SIDE = CELLS + 3  # a cell, PLACE (-1), OUT (-2) or PASSING (-3), plus 3
BIAS = 1 << 20  # added to a lap change in a move's code
PASSING = -3  # the source and target of the pass, `game.PASS`

Context = tuple[IntArray, IntArray, IntArray, IntArray, npt.NDArray[np.float64], IntArray, IntArray]


@njit(inline="always")
def _code(source, target, change):  # type: ignore[no-untyped-def]
    return ((change + BIAS) * SIDE + source + 3) * SIDE + target + 3


@njit(inline="always")
def _parts(code):  # type: ignore[no-untyped-def]
    rest = code // SIDE
    return rest % SIDE - 3, code % SIDE - 3, rest // SIDE - BIAS


@njit(inline="always")
def _listed(codes, keep, total, code):  # type: ignore[no-untyped-def]
    """The count of moves after one more, `code`, kept at `codes[total]` when the walk keeps
    them (as far as they fit)."""
    if keep and total < codes.shape[0]:
        codes[total] = code
    return total + 1


@njit(inline="always")
def _jump(rays, lengths, position, cell, d):  # type: ignore[no-untyped-def]
    """The index along ray `d` of `cell` of the landing of its jump, or -1: over the ray's first
    kangaroo, at index i, with the i + 1 squares after it free (the last one the landing)."""
    n = lengths[cell, d]
    i = 0
    while i < n and position[OWNER + rays[cell, d, i]] == FREE:
        i += 1
    if 2 * i + 1 >= n:
        return -1
    for j in range(i + 1, 2 * i + 2):
        if position[OWNER + rays[cell, d, j]] != FREE:
            return -1
    return 2 * i + 1


@njit(inline="always")
def _walk(context, position, index, codes):  # type: ignore[no-untyped-def]
    """The code of move `index` of the seat to play, or -1 and the count of its moves when it
    has no more than `index`; with `index` -1 the moves are kept in `codes` as far as they
    fit (the cache, or `moves`' room)."""
    rays, lengths, changes, squares, _, _, dims = context
    seat, keep, total = position[TURN], index < 0, 0
    if position[dims[PLACED] + seat] < KANGAROOS:
        for cell in squares:
            if position[OWNER + cell] == FREE:
                code = _code(PLACE, cell, 0)
                if total == index:
                    return code, total
                total = _listed(codes, keep, total, code)
        return -1, total
    first, on = dims[ROOS] + seat * KANGAROOS, position[dims[ON] + seat]
    lowest = 0
    for k in range(on):
        lowest = min(lowest, position[LAPS + position[first + k]])
    span = FINISH - FLOOR - lowest  # lap changes FLOOR .. FINISH - 1 - count, for every count
    seen = np.zeros(CELLS * span, dtype=np.int64)  # the kangaroo (k + 1) that reached it
    stack = np.empty(CELLS * span + 1, dtype=np.int64)
    stepped = np.empty(DIRECTIONS, dtype=np.int64)
    for k in range(on):
        source = position[first + k]
        count = position[LAPS + source]
        finishes, steps = False, 0
        for d in range(DIRECTIONS):
            if lengths[source, d] == 0 or position[OWNER + rays[source, d, 0]] != FREE:
                continue
            target, change = rays[source, d, 0], changes[source, d, 0]
            if count + change >= FINISH:
                finishes = True
                continue
            stepped[steps] = (change - FLOOR) * CELLS + target
            steps += 1
            code = _code(source, target, change)
            if total == index:
                return code, total
            total = _listed(codes, keep, total, code)
        seen[-FLOOR * CELLS + source] = k + 1
        stack[0], depth = -FLOOR * CELLS + source, 1
        while depth > 0:
            depth -= 1
            cell, change = stack[depth] % CELLS, stack[depth] // CELLS + FLOOR
            for d in range(DIRECTIONS):
                at = _jump(rays, lengths, position, cell, d)
                if at < 0:
                    continue
                landing, reached = rays[cell, d, at], change + changes[cell, d, at]
                if count + reached >= FINISH:
                    finishes = True
                    continue
                key = (reached - FLOOR) * CELLS + landing
                if reached < FLOOR or seen[key] == k + 1:
                    continue
                seen[key] = k + 1
                stack[depth] = key
                depth += 1
                if key in stepped[:steps]:
                    continue
                code = _code(source, landing, reached)
                if total == index:
                    return code, total
                total = _listed(codes, keep, total, code)
        if finishes:
            code = _code(source, OUT, FINISH - count)
            if total == index:
                return code, total
            total = _listed(codes, keep, total, code)
    if total == 0:
        code = _code(PASSING, PASSING, 0)
        if index == 0:
            return code, 0
        total = _listed(codes, keep, 0, code)
    return -1, total


@njit(inline="always")
def count(context, position):  # type: ignore[no-untyped-def]
    if position[CACHED]:
        return position[CACHED] - 1
    total = _walk(context, position, -1, _cache(context[6], position))[1]
    if total <= context[6][CAPACITY]:
        position[CACHED] = total + 1
    return total


@njit(inline="always")
def move_at(context, position, index):  # type: ignore[no-untyped-def]
    if position[CACHED]:
        return position[context[6][CODES] + index]
    return _walk(context, position, index, position[:0])[0]


@njit(inline="always")
def moves(context, position, codes):  # type: ignore[no-untyped-def]
    """All the moves into `codes` (as many as fit), in one walk or from the cache."""
    if position[CACHED]:
        total = position[CACHED] - 1
        cached = _cache(context[6], position)
        for i in range(min(total, codes.shape[0])):
            codes[i] = cached[i]
        return total
    return _walk(context, position, -1, codes)[1]


@njit(inline="always")
def _cache(dims, position):  # type: ignore[no-untyped-def]
    return position[dims[CODES] : dims[CODES] + dims[CAPACITY]]


@njit(inline="always")
def _put(dims, position, seat, cell, laps):  # type: ignore[no-untyped-def]
    on = dims[ON] + seat
    position[dims[ROOS] + seat * KANGAROOS + position[on]] = cell
    position[on] += 1
    position[OWNER + cell], position[LAPS + cell] = seat, laps


@njit(inline="always")
def _lift(dims, position, seat, cell):  # type: ignore[no-untyped-def]
    first, on = dims[ROOS] + seat * KANGAROOS, dims[ON] + seat
    k = 0
    while position[first + k] != cell:
        k += 1
    for j in range(k, position[on] - 1):
        position[first + j] = position[first + j + 1]
    position[on] -= 1
    position[OWNER + cell], position[LAPS + cell] = FREE, 0


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[6]
    source, target, change = _parts(code)
    seat = position[TURN]
    if source == PLACE:
        position[dims[PLACED] + seat] += 1
        _put(dims, position, seat, target, 0)
    elif source != PASSING:
        laps = position[LAPS + source] + change
        _lift(dims, position, seat, source)
        if target == OUT:
            position[dims[FINISHED] + seat] += 1
            position[OVER] = position[dims[FINISHED] + seat] == KANGAROOS
        else:
            _put(dims, position, seat, target, laps)
    position[TURN] = (seat + 1) % dims[PLAYERS]
    position[CACHED] = 0


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    dims = context[6]
    for seat in range(dims[PLAYERS]):
        out[seat] = float(position[dims[FINISHED] + seat])


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of the ranks by kangaroos finished (ties share the average
    of their ranks)."""
    dims = context[6]
    players, finished = dims[PLAYERS], dims[FINISHED]
    for seat in range(players):
        above, level = 0, 0
        for other in range(players):
            if other != seat:
                above += position[finished + other] > position[finished + seat]
                level += position[finished + other] == position[finished + seat]
        out[seat] = 1.0 - (above + level / 2) / (players - 1)


@njit(inline="always")
def _total_progress(context, position, seat):  # type: ignore[no-untyped-def]
    fraction, dims = context[4], context[6]
    first, total = dims[ROOS] + seat * KANGAROOS, 0.0
    for k in range(position[dims[ON] + seat]):
        cell = position[first + k]
        total += position[LAPS + cell] + fraction[cell]
    return total + FINISH * position[dims[FINISHED] + seat]


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """`BillabongState.evaluate`: own total progress minus the best other player's."""
    own, best = 0.0, -np.inf
    for player in range(context[6][PLAYERS]):
        total = _total_progress(context, position, player)
        if player == seat:
            own = total
        elif total > best:
            best = total
    return own - best


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`BillabongState.move_value`: the clockwise progress the move makes; finishing beats any;
    a placement is worth minus the steps it leaves to go."""
    fraction, to_go = context[4], context[5]
    source, target, change = _parts(code)
    if source == PASSING:
        return 0.0
    if source == PLACE:
        return -float(to_go[target])
    if target == OUT:
        return FINISH_VALUE
    laps = position[LAPS + source]
    return laps + change + fraction[target] - (laps + fraction[source])


ENGINE = Engine(__name__)


@cache
def tables() -> tuple[IntArray, IntArray, IntArray]:
    """Per square and direction (`QUEEN_STEPS`' order): the cells of its ray up to the lake or
    the edge, the ray's length, and the lap change of a straight move to each cell."""
    rays = np.full((CELLS, DIRECTIONS, LONGEST), -1, dtype=np.int64)
    lengths = np.zeros((CELLS, DIRECTIONS), dtype=np.int64)
    changes = np.zeros((CELLS, DIRECTIONS, LONGEST), dtype=np.int64)
    for cell in SQUARES:
        for d, step in enumerate(QUEEN_STEPS):
            ray = lake_ray(cell, step)
            lengths[cell, d] = len(ray)
            rays[cell, d, : len(ray)] = ray
            changes[cell, d, : len(ray)] = [crossing(cell, target) for target in ray]
    return rays, lengths, changes


@cache
def context_of(players: int, capacity: int = MOVES_KEPT) -> Context:
    """The engine's tables for `players` players, the same object for every position (the
    lockstep search plays positions of one context side by side), keeping up to `capacity`
    moves in the cache."""
    roos = LAPS + CELLS
    on = roos + players * KANGAROOS
    placed = on + players
    finished = placed + players
    codes = finished + players
    dims = np.array([players, roos, on, placed, finished, codes, capacity], dtype=np.int64)
    return (
        *tables(),
        np.array(SQUARES, dtype=np.int64),
        np.array(FRACTION, dtype=np.float64),
        np.array(steps_to_finish(), dtype=np.int64),
        dims,
    )


def decode(code: int) -> Move:
    rest, target = divmod(int(code), SIDE)
    change, source = divmod(rest, SIDE)
    return (source - 3, target - 3, change - BIAS)
