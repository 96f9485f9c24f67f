"""The compiled Amazon Penguins engine (the contract of pnp/games/compiled.py), square or hex.

Rules: ../shared/RULES.md, "Amazon Penguins", as `AmazonPenguinsState` plays them (placements,
slide then spear, passes, the chips under the penguins claimed at the end). A cell's neighbour
in each direction (`steps_of`' order) is one table read (mechanics.sliding's `neighbour_table`),
past the edge `cells`, a sentinel that is never free. One position is one int64 array, laid out
as layout.py says; it holds its whole game, so the tables (`context`, layout.py's `tables`) are
the board's alone and games of different setups are played side by side on them.

Moves are listed in the `State`'s order: placements by cell; then penguin by penguin,
destinations direction by direction, nearest first, and from each the spears the same way, the
cell left counting as free; a seat with no move passes. A move's code packs (source, target,
spear), each plus one (so placements' and passes' -1 are 0), in base cells + 1.

game.py turns an `AmazonPenguinsState` into a position and back (`position_of`, `restorer`); the
engine imports nothing from it: of this package it reads layout.py alone.
"""

from __future__ import annotations

from collections.abc import Callable

from numba import njit

from pnp.games.amazon_penguins.layout import (
    CELLS,
    CHIP,
    CHIPS,
    COUNTS,
    DIRECTIONS,
    EACH,
    FISH,
    FREE,
    LISTED,
    PASSES,
    PIECES,
    PLIES,
    SEGMENTS,
    VALUES,
)
from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.grid import Shot
from pnp.games.mechanics.position_head import OVER, TURN
from pnp.games.mechanics.seat_scores import lead, seat_scores, share_by_lead
from pnp.games.mechanics.slide_engine import can_slide, cell_values, claim, or_pass
from pnp.games.mechanics.sliding import Grid


@njit(inline="always")
def _can_move(context, position, seat):  # type: ignore[no-untyped-def]
    """A penguin that can slide can always spear: the chip it left."""
    following, dims = context
    first = dims[PIECES] + seat * dims[EACH]
    return can_slide(following, position, FREE, first, position[dims[COUNTS] + seat])


@njit(inline="always")
def _claim(context, position, seat, cell):  # type: ignore[no-untyped-def]
    dims = context[1]
    values = cell_values(position, dims[VALUES], dims[CELLS])
    claim(position, values, cell, dims[CHIP], dims[FISH] + seat, dims[CHIPS] + seat)


@njit(inline="always")
def _placing(dims, position):  # type: ignore[no-untyped-def]
    return position[dims[COUNTS] + position[TURN]] < dims[EACH]


@njit(inline="always")
def _run(following, position, cell, d):  # type: ignore[no-untyped-def]
    """How many free cells a slide from `cell` in direction `d` passes."""
    run = 0
    cell = following[cell, d]
    while position[FREE + cell]:
        run += 1
        cell = following[cell, d]
    return run


@njit(inline="always")
def _spears(context, position, target):  # type: ignore[no-untyped-def]
    following, dims = context
    total = 0
    for d in range(dims[DIRECTIONS]):
        total += _run(following, position, target, d)
    return total


@njit(inline="always")
def _segment(context, position, source, d, limit, total):  # type: ignore[no-untyped-def]
    """Walk the destinations from `source` (freed) in direction `d`, `total` moves counted
    before them: (the total after them, -1, -1) if it stays within `limit`, else (limit, target,
    rank) for the destination holding move `limit` and that move's rank among its spears."""
    following = context[0]
    target = following[source, d]
    while position[FREE + target]:
        spears = _spears(context, position, target)
        if total + spears > limit:
            return limit, target, limit - total
        total += spears
        target = following[target, d]
    return total, -1, -1


@njit(inline="always")
def count(context, position):  # type: ignore[no-untyped-def]
    """The moves of the seat to play; keeps the count before each penguin and direction."""
    dims = context[1]
    if _placing(dims, position):
        total = 0
        for cell in range(dims[CELLS]):
            total += position[FREE + cell]
        return total
    each, directions, segments = dims[EACH], dims[DIRECTIONS], dims[SEGMENTS]
    seat = position[TURN]
    total = 0
    for p in range(each):
        source = position[dims[PIECES] + seat * each + p]
        position[FREE + source] = 1  # the cell left is free for the spear
        for d in range(directions):
            position[segments + p * directions + d] = total
            total = _segment(context, position, source, d, 1 << 62, total)[0]
        position[FREE + source] = 0
    position[segments + each * directions] = total
    position[LISTED] = 1
    return max(total, 1)  # no move: the pass


@njit(inline="always")
def move_at(context, position, index):  # type: ignore[no-untyped-def]
    following, dims = context
    base = dims[CELLS] + 1
    if _placing(dims, position):
        for cell in range(dims[CELLS]):
            if position[FREE + cell]:
                if index == 0:
                    return (cell + 1) * base
                index -= 1
        return -1
    each, directions, segments = dims[EACH], dims[DIRECTIONS], dims[SEGMENTS]
    if not position[LISTED]:
        count(context, position)
    if position[segments + each * directions] == 0:
        return 0  # the pass
    segment = 0
    while position[segments + segment + 1] <= index:
        segment += 1
    p, d = segment // directions, segment % directions
    source = position[dims[PIECES] + position[TURN] * each + p]
    position[FREE + source] = 1
    _, target, rank = _segment(context, position, source, d, index, position[segments + segment])
    spear = -1
    for d in range(directions):
        run = _run(following, position, target, d)
        if rank < run:
            spear = target
            for _ in range(rank + 1):
                spear = following[spear, d]
            break
        rank -= run
    position[FREE + source] = 0
    return ((source + 1) * base + target + 1) * base + spear + 1


@njit(inline="always")
def moves(context, position, codes):  # type: ignore[no-untyped-def]
    """The codes of every move of the seat to play, in `move_at`'s order, into `codes` (as many
    as fit), and their count: one walk, where `move_at` walks up to the move asked for."""
    following, dims = context
    base, room, total = dims[CELLS] + 1, codes.shape[0], 0
    if _placing(dims, position):
        for cell in range(dims[CELLS]):
            if position[FREE + cell]:
                if total < room:
                    codes[total] = (cell + 1) * base
                total += 1
        return total
    each, directions = dims[EACH], dims[DIRECTIONS]
    for p in range(each):
        source = position[dims[PIECES] + position[TURN] * each + p]
        position[FREE + source] = 1  # the cell left is free for the spear
        for d in range(directions):
            target = following[source, d]
            while position[FREE + target]:
                move = ((source + 1) * base + target + 1) * base + 1
                for e in range(directions):
                    spear = following[target, e]
                    while position[FREE + spear]:
                        if total < room:
                            codes[total] = move + spear
                        total += 1
                        spear = following[spear, e]
                target = following[target, d]
        position[FREE + source] = 0
    return or_pass(codes, total)


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[1]
    base = dims[CELLS] + 1
    spear, target, source = code % base - 1, code // base % base - 1, code // base // base - 1
    seat = position[TURN]
    first = dims[PIECES] + seat * dims[EACH]
    position[PLIES] += 1
    position[LISTED] = 0
    if target < 0:
        position[PASSES] += 1
    elif source < 0:
        position[first + position[dims[COUNTS] + seat]] = target
        position[dims[COUNTS] + seat] += 1
        position[FREE + target] = 0
    else:
        for p in range(dims[EACH]):
            if position[first + p] == source:
                position[first + p] = target
                break
        position[FREE + source] = 1
        position[FREE + target] = 0
        position[FREE + spear] = 0
        _claim(context, position, seat, spear)
    position[TURN] = 1 - seat
    if _placing(dims, position) or _can_move(context, position, 0):
        return
    if _can_move(context, position, 1):
        return
    for player in range(2):  # neither can move: each claims the chips under their penguins
        for p in range(dims[EACH]):
            _claim(context, position, player, position[dims[PIECES] + player * dims[EACH] + p])
    position[OVER] = 1


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    seat_scores(position, context[1][FISH], 2, out)


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of the ranks by fish, then chips."""
    dims = context[1]
    ahead = lead(position, dims[FISH], 0)
    share_by_lead(ahead if ahead != 0 else lead(position, dims[CHIPS], 0), out)


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """`State.evaluate`: one's fish minus the other's."""
    return float(lead(position, context[1][FISH], seat))


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`AmazonPenguinsState.move_value`: the fish lead after the move, counting the chip it
    spears."""
    dims = context[1]
    values = cell_values(position, dims[VALUES], dims[CELLS])
    base = dims[CELLS] + 1
    spear, source = code % base - 1, code // base // base - 1
    lead = evaluate(context, position, seat)
    return lead + values[spear] if source >= 0 else lead


ENGINE = Engine(__name__)


def decoder(board: Grid) -> Callable[[int], Shot]:
    base = board.cells + 1

    def decode(code: int) -> Shot:
        rest, spear = divmod(int(code), base)
        source, target = divmod(rest, base)
        return (source - 1, target - 1, spear - 1)

    return decode
