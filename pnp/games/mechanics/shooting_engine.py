"""The compiled move-then-shoot engine on square boards (the contract of pnp/games/compiled.py).

A mailbox board, as chess engines keep one: the R x C board inside a frame one cell wide that is
never free, cells numbered row by row over (R + 2) x (C + 2), so a step in a direction is one
addition (`steps`) and a slide stops at the frame without a bounds test. One position is one
int64 array: `TURN`, `OVER`, `PLIES`, `LISTED`, then every framed cell's free flag, every framed
cell's reach (how many free cells one slide from it reaches, kept up to date move by move), each
seat's pieces in the order of `ShootingState.pieces` (a moved piece keeps its place in the list)
and, when `LISTED`, the count of moves before each piece and direction (`count` writes them).
Moves are listed in `ShootingState.shots`' order: piece by piece, destinations along the queen
directions (`grid.QUEEN_STEPS`' order, nearest first), then shots the same way from the
destination, the cell left counting as free. A move's code is (source * F + target) * F + shot
in framed cells (F of them); `decoder` turns it back into board cells.

Counting the moves lists none: a destination's shots are its reach (the cell left still
blocked), plus the cell left and the free run beyond it: one read per destination. A move
changes the reach of the cells in line with the three cells it changes, up to the first blocked
one in each direction, and nothing else. `move_at(i)` walks the same counts to the destination
holding move i (from the counts `count` left, one direction's walk), then the destination's
rays to its shot. Rules: Amazons' (no placements, no
passing; the seat to play with no move loses).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
from numba import njit

from pnp.games.compiled import Compiled, Engine, Position
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.grid import QUEEN_STEPS, Cell, Shot, SquareGrid
from pnp.games.mechanics.position_head import HEAD, OVER, TURN
from pnp.games.mechanics.sliding import IntArray, line_patterns, ray_table, reach_counts

PLIES, LISTED, FREE = range(HEAD, HEAD + 3)  # FREE: where the free flags start
FRAMED, EACH, REACH, PIECES, SEGMENTS = range(5)  # entries of the `dims` table
DIRECTIONS = len(QUEEN_STEPS)
HALF = DIRECTIONS // 2  # direction d + HALF is opposite to d


@njit(inline="always")
def _run(position, cell, step):  # type: ignore[no-untyped-def]
    """How many free cells a slide from `cell` by `step` passes (the cell need not be free)."""
    run = 0
    cell += step
    while position[FREE + cell]:
        run += 1
        cell += step
    return run


@njit(inline="always")
def _flip(context, position, cell):  # type: ignore[no-untyped-def]
    """Toggle `cell` between free and not, and correct the reach of every cell it changes: a
    cell k steps away in direction d, with the k - 1 cells between free, sees `cell` and the free
    run beyond it (direction d's opposite) appear or go. Cells of the frame keep reach 0."""
    steps, dims, inside = context
    reach = dims[REACH]
    sign = 1 if position[FREE + cell] == 0 else -1
    for d in range(HALF):
        forward, backward = steps[d], steps[d + HALF]
        ahead = _run(position, cell, forward)
        change = sign * (1 + ahead)  # for the cells behind
        other = cell + backward
        behind = 0
        while position[FREE + other]:
            position[reach + other] += change
            behind += 1
            other += backward
        position[reach + other] += change * inside[other]
        change = sign * (1 + behind)  # for the cells ahead
        other = cell + forward
        for _ in range(ahead):
            position[reach + other] += change
            other += forward
        position[reach + other] += change * inside[other]
    position[FREE + cell] ^= 1


@njit(inline="always")
def _can_move(context, position, seat):  # type: ignore[no-untyped-def]
    """A piece with a free neighbour can slide there and shoot back at the cell it left."""
    steps, dims, _ = context
    each = dims[EACH]
    for p in range(each):
        source = position[dims[PIECES] + seat * each + p]
        for d in range(DIRECTIONS):
            if position[FREE + source + steps[d]]:
                return True
    return False


@njit(inline="always")
def _shots(context, position, source, d, limit, total):  # type: ignore[no-untyped-def]
    """Walk the destinations from `source` in direction `d`, `total` moves counted before them:
    (the total after them, -1, -1) if it stays within `limit`, else (limit, target, rank) for
    the destination holding move `limit` and that move's rank among its shots.

    The shots from a destination: the cells a slide from it reaches now (its reach), plus the
    cell left and the `back` free cells beyond it; along the move's own line the reach already
    holds the other cells of the run."""
    steps, dims, _ = context
    reach, step = dims[REACH], steps[d]
    target = source + step
    if not position[FREE + target]:
        return total, -1, -1
    back = 1 + _run(position, source, steps[(d + HALF) % DIRECTIONS])
    while position[FREE + target]:
        shots = back + position[reach + target]
        if total + shots > limit:
            return limit, target, limit - total
        total += shots
        target += step
    return total, -1, -1


@njit(inline="always")
def _walk(context, position, source, step):  # type: ignore[no-untyped-def]
    """The destinations from `source` by `step`, and the sum of their reach."""
    reach = context[1][REACH]
    run, reached = 0, 0
    cell = source + step
    while position[FREE + cell]:
        run += 1
        reached += position[reach + cell]
        cell += step
    return run, reached


@njit(inline="always")
def count(context, position):  # type: ignore[no-untyped-def]
    """The moves of the seat to play; keeps the count before each piece and direction, so a
    `move_at` before the next move walks one direction only."""
    steps, dims, _ = context
    each, segments = dims[EACH], dims[SEGMENTS]
    seat = position[TURN]
    total = 0
    for p in range(each):
        source = position[dims[PIECES] + seat * each + p]
        first = segments + p * DIRECTIONS
        for d in range(HALF):  # both ways along a line: each way's run is the other's back
            ahead, ahead_reach = _walk(context, position, source, steps[d])
            behind, behind_reach = _walk(context, position, source, steps[d + HALF])
            position[first + d] = ahead_reach + ahead * (1 + behind)
            position[first + d + HALF] = behind_reach + behind * (1 + ahead)
        for d in range(DIRECTIONS):  # each direction's moves -> the moves before it
            moves = position[first + d]
            position[first + d] = total
            total += moves
    position[segments + each * DIRECTIONS] = total
    position[LISTED] = 1
    return total


@njit(inline="always")
def move_at(context, position, index):  # type: ignore[no-untyped-def]
    steps, dims, _ = context
    framed, each, segments = dims[FRAMED], dims[EACH], dims[SEGMENTS]
    if not position[LISTED]:
        count(context, position)
    segment = 0
    while position[segments + segment + DIRECTIONS] <= index:  # its piece, then direction
        segment += DIRECTIONS
    while position[segments + segment + 1] <= index:
        segment += 1
    p, d = segment // DIRECTIONS, segment % DIRECTIONS
    source = position[dims[PIECES] + position[TURN] * each + p]
    _, target, rank = _shots(context, position, source, d, index, position[segments + segment])
    position[FREE + source] = 1  # the cell left is free for the shot
    shot = -1
    for d in range(DIRECTIONS):
        run = _run(position, target, steps[d])
        if rank < run:
            shot = target + (rank + 1) * steps[d]
            break
        rank -= run
    position[FREE + source] = 0
    return (source * framed + target) * framed + shot


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[1]
    framed, each = dims[FRAMED], dims[EACH]
    shot = code % framed
    rest = code // framed
    target = rest % framed
    source = rest // framed
    seat = position[TURN]
    for p in range(each):
        at = dims[PIECES] + seat * each + p
        if position[at] == source:
            position[at] = target
            break
    if shot == source:  # the arrow lands where the amazon stood: only the target changes
        _flip(context, position, target)
    else:
        _flip(context, position, source)
        _flip(context, position, target)
        _flip(context, position, shot)
    position[PLIES] += 1
    position[LISTED] = 0
    position[TURN] = 1 - seat
    position[OVER] = 0 if _can_move(context, position, 1 - seat) else 1


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """The seat to play cannot move: it loses."""
    loser = position[TURN]
    out[loser] = 0.0
    out[1 - loser] = 1.0


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """Mobility: the cells one's pieces reach with one slide (each once), minus the other's."""
    steps, dims, _ = context
    each, framed = dims[EACH], dims[FRAMED]
    seen = np.zeros(framed, dtype=np.int64)
    counts = np.zeros(2, dtype=np.int64)
    for owner in range(2):
        for p in range(each):
            source = position[dims[PIECES] + owner * each + p]
            for d in range(DIRECTIONS):
                cell = source + steps[d]
                while position[FREE + cell]:
                    if not seen[cell] & (owner + 1):
                        seen[cell] |= owner + 1
                        counts[owner] += 1
                    cell += steps[d]
    return float(counts[seat] - counts[1 - seat])


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`State.move_value`: the evaluation right after the move."""
    after = position.copy()
    apply(context, after, code)
    return evaluate(context, after, seat)


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    """Amazons keeps no score."""
    out[:] = 0.0


ENGINE = Engine(__name__)

Context = tuple[IntArray, IntArray, IntArray]  # steps, dims, inside (1 on the board, 0 frame)


@cache
def context_of(board: SquareGrid, each: int) -> Context:
    """The engine's tables for `board` with `each` pieces per seat: the step of every direction
    on the framed board, where the parts of a position sit, and which framed cells are inside."""
    width = board.cols + 2
    framed = (board.rows + 2) * width
    steps = np.array([dr * width + dc for dr, dc in QUEEN_STEPS], dtype=np.int64)
    pieces = FREE + 2 * framed
    dims = np.array([framed, each, FREE + framed, pieces, pieces + 2 * each], dtype=np.int64)
    inside = np.zeros(framed, dtype=np.int64)
    inside[_framed(board)] = 1
    return steps, dims, inside


def _framed(board: SquareGrid) -> IntArray:
    """The framed cell of every board cell."""
    cells = np.arange(board.cells)
    return (cells // board.cols + 1) * (board.cols + 2) + cells % board.cols + 1


Parts = tuple[bytearray, tuple[list[Cell], list[Cell]], int, bool, int]
"""A `ShootingState`'s parts: the free flags, each seat's pieces (in the `State`'s order), the
seat to play, whether it is over, the plies played."""


def position_of(board: SquareGrid, parts: Parts) -> tuple[Context, Position]:
    """A `ShootingState`'s position for the engine (every seat's pieces all on the board)."""
    free, pieces, turn, over_, plies = parts
    each = len(pieces[0])
    context = context_of(board, each)
    dims, framed = context[1], _framed(board)
    table = ray_table(board)
    position = np.zeros(int(dims[SEGMENTS]) + each * DIRECTIONS + 1, dtype=np.int64)
    position[TURN], position[OVER], position[PLIES] = turn, int(over_), plies
    free_cells = np.zeros((1, table.cells + 1), dtype=np.bool_)
    free_cells[0, : table.cells] = np.frombuffer(bytes(free), dtype=np.uint8) != 0
    position[FREE + framed] = free_cells[0, : table.cells]
    reach = reach_counts(table, line_patterns(table, free_cells))[0, : table.cells]
    position[dims[REACH] + framed] = reach
    position[dims[PIECES] : dims[SEGMENTS]] = framed[pieces[0] + pieces[1]]
    return context, position


def decoder(board: SquareGrid) -> Callable[[int], Shot]:
    """A move code back to the `State`'s move in board cells."""
    framed = (board.rows + 2) * (board.cols + 2)
    cell_of = np.full(framed, -1, dtype=np.int64)
    cell_of[_framed(board)] = np.arange(board.cells)

    def decode(code: int) -> Shot:
        rest, shot = divmod(int(code), framed)
        source, target = divmod(rest, framed)
        return (int(cell_of[source]), int(cell_of[target]), int(cell_of[shot]))

    return decode


def unpacker(board: SquareGrid, each: int) -> Callable[[Position], Parts]:
    """A position back to its `ShootingState`'s parts."""
    framed, dims = _framed(board), context_of(board, each)[1]
    cell_of = np.full(int(dims[FRAMED]), -1, dtype=np.int64)
    cell_of[framed] = np.arange(board.cells)

    def unpack(position: Position) -> Parts:
        free = bytearray(position[FREE + framed].astype(np.uint8).tobytes())
        cells = cell_of[position[dims[PIECES] : dims[PIECES] + 2 * each]].tolist()
        return (free, (cells[:each], cells[each:]), int(position[TURN]), bool(position[OVER]),
                int(position[PLIES]))  # fmt: skip

    return unpack


def compiled(
    board: SquareGrid, parts: Parts, restore: Callable[[Position], Any] | None = None
) -> Compiled:
    context, position = position_of(board, parts)
    return Compiled(ENGINE, context, position, 2, decoder(board), restore)
