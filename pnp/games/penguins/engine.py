"""The compiled Penguins engine (the contract of pnp/games/compiled.py), on the hex floe.

Rules: ../shared/RULES.md, "Penguins / Hey That's My Fish", as `PenguinsState` plays them. A
cell's neighbour in each of the six directions (`HEX_STEPS`' order) is one table read
(`following[cell, d]`), the cell past the edge being `cells`, a sentinel that is never free, so a
slide stops at the edge without a bounds test. One position is one int64 array: `TURN`, `OVER`,
`PLACED`, then every cell's free flag (and the sentinel's, always 0), every cell's tile flag,
each seat's penguins in the order of `PenguinsState.pieces` (a moved penguin keeps its place),
how many each seat has, each seat's fish and tiles taken, and the fish on every cell (the
setup's, and the sentinel's 0): a position holds its whole game, so the tables (`context`) are
the floe's alone and games on different floes are played side by side on them.

Moves are listed in `PenguinsState.legal_moves`' order: placements on free one-fish tiles by
cell; then penguin by penguin, destinations direction by direction, nearest first. A move's code
is (source + 1) * (cells + 1) + target, a placement's source being -1; `decoder` turns it back.

game.py turns a `PenguinsState` into a position and back (`position_of`, `restorer`) and lays
out many start positions at once (`starts`); the engine reads only floe.py of this package.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numba import njit

from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.engine_parts import listing
from pnp.games.mechanics.hexgrid import HexGrid
from pnp.games.mechanics.position_head import HEAD, OVER, TURN
from pnp.games.mechanics.seat_scores import seat_scores, share_by_rank
from pnp.games.mechanics.slide_engine import can_slide, cell_values, claim, slide_at
from pnp.games.mechanics.sliding import IntArray, neighbour_table
from pnp.games.penguins.floe import PENGUINS_EACH, Move

PLACED, FREE = range(HEAD, HEAD + 2)  # FREE: where the free flags start
CELLS, PLAYERS, EACH, TILE, PIECES, COUNTS, FISH, TILES, VALUES = range(9)  # entries of `dims`

Context = tuple[IntArray, IntArray]  # following, dims


@njit(inline="always")
def _placing(dims, position):  # type: ignore[no-untyped-def]
    return position[PLACED] < dims[PLAYERS] * dims[EACH]


@njit(inline="always")
def _piece(dims, position, seat, p):  # type: ignore[no-untyped-def]
    return position[dims[PIECES] + seat * dims[EACH] + p]


@njit(inline="always")
def _take(context, position, seat, cell):  # type: ignore[no-untyped-def]
    dims = context[1]
    values = cell_values(position, dims[VALUES], dims[CELLS])
    claim(position, values, cell, dims[TILE], dims[FISH] + seat, dims[TILES] + seat)


@njit(inline="always")
def _pass_turn(context, position, seat):  # type: ignore[no-untyped-def]
    """`PenguinsState.pass_turn`: the next seat with penguins that can move plays; one that
    cannot keeps the tiles under its penguins and is out; none left: the game is over."""
    dims = context[1]
    players = dims[PLAYERS]
    for k in range(1, players + 1):
        following = (seat + k) % players
        if _placing(dims, position):
            position[TURN] = following
            return
        pieces = position[dims[COUNTS] + following]
        if pieces == 0:
            continue
        first = dims[PIECES] + following * dims[EACH]
        if can_slide(context[0], position, FREE, first, pieces):
            position[TURN] = following
            return
        for p in range(pieces):
            _take(context, position, following, position[first + p])
            position[first + p] = 0  # as a position built afresh holds it
        position[dims[COUNTS] + following] = 0
    position[OVER] = 1


@njit(inline="always")
def _walk(context, position, index):  # type: ignore[no-untyped-def]
    """The code of move `index` of the seat to play, or -1 and the count of its moves when it
    has no more than `index`."""
    following, dims = context
    values, cells = cell_values(position, dims[VALUES], dims[CELLS]), dims[CELLS]
    total = 0
    if _placing(dims, position):
        for cell in range(cells):
            if values[cell] == 1 and position[FREE + cell]:
                if total == index:
                    return cell, total
                total += 1
        return -1, total
    seat = position[TURN]
    first, pieces = dims[PIECES] + seat * dims[EACH], position[dims[COUNTS] + seat]
    source, target, total = slide_at(following, position, FREE, first, pieces, index)
    return ((source + 1) * (cells + 1) + target if source >= 0 else -1), total


count, move_at = listing(_walk)


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[1]
    source, target = code // (dims[CELLS] + 1) - 1, code % (dims[CELLS] + 1)
    seat = position[TURN]
    first = dims[PIECES] + seat * dims[EACH]
    if source < 0:
        position[first + position[dims[COUNTS] + seat]] = target
        position[dims[COUNTS] + seat] += 1
        position[PLACED] += 1
    else:
        for p in range(position[dims[COUNTS] + seat]):
            if position[first + p] == source:
                position[first + p] = target
                break
        _take(context, position, seat, source)
    position[FREE + target] = 0
    _pass_turn(context, position, seat)


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    seat_scores(position, context[1][FISH], context[1][PLAYERS], out)


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of the ranks by fish, then tiles (ties share the average
    of their ranks)."""
    dims = context[1]
    keys = np.empty(dims[PLAYERS], dtype=np.int64)
    for seat in range(dims[PLAYERS]):  # fish, then tiles: a seat takes at most every tile
        keys[seat] = position[dims[FISH] + seat] * (dims[CELLS] + 1) + position[dims[TILES] + seat]
    share_by_rank(keys, out)


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """`PenguinsState.evaluate`: fish taken plus the fish under one's penguins, minus the best
    other player's."""
    dims = context[1]
    values = cell_values(position, dims[VALUES], dims[CELLS])
    own, best = 0, -(1 << 62)
    for player in range(dims[PLAYERS]):
        banked = position[dims[FISH] + player]
        for p in range(position[dims[COUNTS] + player]):
            banked += values[_piece(dims, position, player, p)]
        if player == seat:
            own = banked
        elif banked > best:
            best = banked
    return float(own - best)


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`State.move_value`: the evaluation right after the move."""
    after = position.copy()
    apply(context, after, code)
    return evaluate(context, after, seat)


ENGINE = Engine(__name__)


@cache
def tables(grid: HexGrid, players: int) -> tuple[IntArray, IntArray]:
    """A floe's constant tables: each cell's neighbours and where the parts of a position sit."""
    cells, each = grid.cells, PENGUINS_EACH[players]
    tile = FREE + cells + 1
    pieces = tile + cells
    counts = pieces + players * each
    fish = counts + players
    dims = [cells, players, each, tile, pieces, counts, fish, fish + players, fish + 2 * players]
    return neighbour_table(grid), np.array(dims, dtype=np.int64)


def decoder(grid: HexGrid) -> Callable[[int], Move]:
    def decode(code: int) -> Move:
        source, target = divmod(int(code), grid.cells + 1)
        return (source - 1, target)

    return decode
