"""The compiled move-then-shoot engine (the contract of pnp/games/compiled.py), numba.

One position is one int64 array: `TURN`, `OVER`, `PLIES`, then the board's free cells (the
sentinel of mechanics.sliding last, never free), every cell's reach (how many free cells one
slide from it reaches, kept up to date move by move) and each seat's pieces, in the order of
`ShootingState.pieces` (a moved piece keeps its place in the list). Moves are listed in
`ShootingState.shots`' order: piece by piece, destinations along the rays (direction by
direction, nearest first), then shots the same way from the destination, the cell left counting
as free. A move's code is ((source + 1) * (C + 1) + target + 1) * (C + 1) + shot + 1 on C cells.

Counting the moves lists none: a destination's shots are its reach (the cell left still
blocked), plus the cell left and the free run beyond it: one read per destination. A move
changes the reach of the cells in line with the three cells it changes, up to the first blocked
one in each direction, and nothing else. `move_at(i)` walks the same counts to the destination
holding move i, then the destination's rays to its shot. Rules: Amazons' (no placements, no
passing; the seat to play with no move loses).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numba import njit

from pnp.games.compiled import Compiled, Engine, Position
from pnp.games.mechanics.grid import Cell
from pnp.games.mechanics.shooting import Move
from pnp.games.mechanics.sliding import Grid, IntArray, line_patterns, ray_table, reach_counts

TURN, OVER, PLIES, FREE = 0, 1, 2, 3  # FREE: where the free cells start
CELLS, EACH, REACH, PIECES, DIRECTIONS = range(5)  # entries of the `dims` table


@njit(cache=True, inline="always")
def _run(context, position, cell, direction):  # type: ignore[no-untyped-def]
    """How many free cells a slide from `cell` in `direction` passes (the cell need not be free)."""
    rays = context[0]
    step = 0
    while position[FREE + rays[cell, direction, step]]:
        step += 1
    return step


@njit(cache=True, inline="always")
def _flip(context, position, cell):  # type: ignore[no-untyped-def]
    """Toggle `cell` between free and not, and correct the reach of every cell it changes: a
    cell k steps away in direction d, with the k - 1 cells between free, sees `cell` and the free
    run beyond it (direction d's opposite) appear or go."""
    rays, dims = context[0], context[1]
    directions, reach = dims[DIRECTIONS], dims[REACH]
    half = directions // 2
    sign = 1 if position[FREE + cell] == 0 else -1
    for direction in range(directions):
        change = sign * (1 + _run(context, position, cell, (direction + half) % directions))
        step = 0
        while True:
            other = rays[cell, direction, step]
            position[reach + other] += change
            if not position[FREE + other]:
                break
            step += 1
    position[FREE + cell] ^= 1
    position[reach + dims[CELLS]] = 0  # the sentinel's, changed above, is never read


@njit(cache=True, inline="always")
def _can_move(context, position, seat):  # type: ignore[no-untyped-def]
    """A piece with a free neighbour can slide there and shoot back at the cell it left."""
    rays, dims = context[0], context[1]
    each = dims[EACH]
    for p in range(each):
        source = position[dims[PIECES] + seat * each + p]
        for direction in range(dims[DIRECTIONS]):
            if position[FREE + rays[source, direction, 0]]:
                return True
    return False


@njit(cache=True, inline="always")
def over(context, position):  # type: ignore[no-untyped-def]
    return position[OVER] != 0


@njit(cache=True, inline="always")
def to_act(context, position):  # type: ignore[no-untyped-def]
    return position[TURN]


@njit(cache=True, inline="always")
def _walk(context, position, limit):  # type: ignore[no-untyped-def]
    """Walk the moves of the seat to play in order: (count, -1, -1, -1) when fewer than `limit`
    + 1, else (limit, source, target, shot index) of move `limit` (its shot's rank among the
    destination's shots).

    The shots from a destination: the cells a slide from it reaches now (its reach), plus the
    cell left and the `back` free cells beyond it; along the move's own line the reach already
    holds the other cells of the run."""
    rays, dims = context[0], context[1]
    each, directions, reach = dims[EACH], dims[DIRECTIONS], dims[REACH]
    half = directions // 2
    seat = position[TURN]
    total = 0
    for p in range(each):
        source = position[dims[PIECES] + seat * each + p]
        for direction in range(directions):
            target = rays[source, direction, 0]
            if not position[FREE + target]:
                continue
            back = 1 + _run(context, position, source, (direction + half) % directions)
            step = 0
            while position[FREE + target]:
                shots = back + position[reach + target]
                if total + shots > limit:
                    return limit, source, target, limit - total
                total += shots
                step += 1
                target = rays[source, direction, step]
    return total, -1, -1, -1


@njit(cache=True)
def count(context, position):  # type: ignore[no-untyped-def]
    return _walk(context, position, 1 << 62)[0]


@njit(cache=True)
def move_at(context, position, index):  # type: ignore[no-untyped-def]
    rays, dims = context[0], context[1]
    cells = dims[CELLS]
    _, source, target, rank = _walk(context, position, index)
    position[FREE + source] = 1  # the cell left is free for the shot
    shot = -1
    for direction in range(dims[DIRECTIONS]):
        step = 0
        while True:
            cell = rays[target, direction, step]
            if not position[FREE + cell]:
                break
            if rank == 0:
                shot = cell
                break
            rank -= 1
            step += 1
        if shot >= 0:
            break
    position[FREE + source] = 0
    return ((source + 1) * (cells + 1) + target + 1) * (cells + 1) + shot + 1


@njit(cache=True)
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[1]
    cells, each = dims[CELLS], dims[EACH]
    shot = code % (cells + 1) - 1
    rest = code // (cells + 1)
    target = rest % (cells + 1) - 1
    source = rest // (cells + 1) - 1
    seat = position[TURN]
    for p in range(each):
        at = dims[PIECES] + seat * each + p
        if position[at] == source:
            position[at] = target
            break
    _flip(context, position, source)
    _flip(context, position, target)
    _flip(context, position, shot)
    position[PLIES] += 1
    position[TURN] = 1 - seat
    position[OVER] = 0 if _can_move(context, position, 1 - seat) else 1


@njit(cache=True)
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """The seat to play cannot move: it loses."""
    loser = position[TURN]
    out[loser] = 0.0
    out[1 - loser] = 1.0


@njit(cache=True)
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """Mobility: the cells one's pieces reach with one slide (each once), minus the other's."""
    rays, dims = context[0], context[1]
    each, cells = dims[EACH], dims[CELLS]
    seen = np.zeros(cells + 1, dtype=np.int64)
    counts = np.zeros(2, dtype=np.int64)
    for owner in range(2):
        for p in range(each):
            source = position[dims[PIECES] + owner * each + p]
            for direction in range(dims[DIRECTIONS]):
                step = 0
                while True:
                    cell = rays[source, direction, step]
                    if not position[FREE + cell]:
                        break
                    if not seen[cell] & (owner + 1):
                        seen[cell] |= owner + 1
                        counts[owner] += 1
                    step += 1
    return float(counts[seat] - counts[1 - seat])


ENGINE = Engine(__name__, over, to_act, count, move_at, apply, rewards, evaluate)


Context = tuple[IntArray, IntArray]  # rays (cells, directions, longest), dims


@cache
def context_of(board: Grid, each: int) -> Context:
    """The engine's tables for `board` with `each` pieces per seat: its rays (mechanics.sliding,
    every ray ending on the never-free sentinel) and where the parts of a position sit."""
    table = ray_table(board)
    reach = FREE + table.cells + 1
    dims = np.array([table.cells, each, reach, reach + table.cells + 1, table.directions])
    return np.ascontiguousarray(table.rays, dtype=np.int64), dims.astype(np.int64)


def position_of(
    board: Grid,
    free: bytearray,
    pieces: tuple[list[Cell], list[Cell]],
    turn: int,
    over_: bool,
    plies: int,
) -> tuple[Context, Position]:
    """A `ShootingState`'s position for the engine (every seat's pieces all on the board)."""
    each = len(pieces[0])
    context = context_of(board, each)
    dims = context[1]
    table = ray_table(board)
    position = np.zeros(int(dims[PIECES]) + 2 * each, dtype=np.int64)
    position[TURN], position[OVER], position[PLIES] = turn, int(over_), plies
    free_cells = np.zeros((1, table.cells + 1), dtype=np.bool_)
    free_cells[0, : table.cells] = np.frombuffer(bytes(free), dtype=np.uint8) != 0
    position[FREE : dims[REACH]] = free_cells[0]
    position[dims[REACH] : dims[PIECES]] = reach_counts(table, line_patterns(table, free_cells))[0]
    position[dims[PIECES] :] = pieces[0] + pieces[1]
    return context, position


def decoder(cells: int) -> Callable[[int], Move]:
    def decode(code: int) -> Move:
        rest, shot = divmod(int(code), cells + 1)
        source, target = divmod(rest, cells + 1)
        return (source - 1, target - 1, shot - 1)

    return decode


def compiled(
    board: Grid,
    free: bytearray,
    pieces: tuple[list[Cell], list[Cell]],
    turn: int,
    over_: bool,
    plies: int,
) -> Compiled:
    context, position = position_of(board, free, pieces, turn, over_, plies)
    return Compiled(ENGINE, context, position, 2, decoder(board.cells))
