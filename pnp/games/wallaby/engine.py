"""The compiled Wallaby engine (the contract of pnp/games/compiled.py), any board and variant.

Rules: ../shared/RULES.md, "Wallaby", as `WallabyState` plays them (rules.py): the setup steps,
then jump, bounce, harvest (the scarecrow moved after a one-plant harvest), ground check,
leaving the game, passes and the endless game. Jumps and bounces are table reads, as `Field`
keeps them: `hops[cell, n, d]` the extended spot a jump of n from `cell` in direction d lands on
(-1: none), `landed[cell, n, d]` its board cell (-1 off the board), `ends[spot, n, d, k]` the
board cell a bounce from an extended spot ends on (n the plants there, 0 for none; k the length
less one when n is 0), -1 off the board.

One position is one int64 array, laid out as layout.py says.

Moves are listed in `WallabyState.legal_moves`' order: setup steps by cell, or turns route by
route (jump direction, then bounce direction and length), each route's puts without a harvest,
then per scarecrow choice (stays, then the tiles left in cell order) its puts with a harvest. A
move's code: 0 the pass; a setup step 1 + kind * (cells + 1) + cell + 1; a turn from
3 * (cells + 1) + 1 on, packing scarecrow + 1 above `ROUTES` codes of jump, bounce, length,
harvest and put + 1 (`_turn`), so what a move's value reads comes out without dividing by the
board's size.

rules.py turns a `WallabyState` into a position and back (`position_of`, `restorer`); the engine
reads only field.py, moves.py and layout.py of this package.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.position_head import OVER, TURN
from pnp.games.mechanics.seat_scores import seat_scores, share_by_rank
from pnp.games.wallaby.field import Field
from pnp.games.wallaby.layout import (
    ALIVE,
    CELLS,
    COLS,
    ENDLESS,
    GOAL,
    HELD,
    IN_ROW,
    KINDS,
    LEFT,
    OUTS,
    PASSES,
    PLAYERS,
    PLAYS,
    POS,
    SCARECROW,
    SCORE,
    STEP,
    TILE,
    TURNS,
    WINNER,
)
from pnp.games.wallaby.moves import LOSS, PASS, STEPS, WIN, Move, Step, Turn

STEP_ROWS = np.array([dr for dr, _ in STEPS], dtype=np.int64)  # per direction
STEP_COLS = np.array([dc for _, dc in STEPS], dtype=np.int64)
LISTING = -2  # the move index a walk is asked for to list every move
ROUTES = 4 * 4 * 4 * 2 * 5  # turn codes per scarecrow target: jump, bounce, length, harvest, put
KEY = 1 << 20  # rank keys: the winner, then those in by score, then those out by when they left


@njit(inline="always")
def _rival(dims, position, seat, cell):  # type: ignore[no-untyped-def]
    """Whether a wallaby other than `seat`'s (any, for -1) stands on `cell`."""
    for other in range(dims[PLAYERS]):
        if other != seat and position[dims[POS] + other] == cell:
            return True
    return False


@njit(inline="always")
def _puts(dims, position, seat, value, end, harvest):  # type: ignore[no-untyped-def]
    """How many ground-check choices a route has (without or with the harvest of a tile of
    `value`), and its `which`-th is `_put(..., which)`."""
    if position[TILE + end]:
        return 1
    held = dims[HELD] + 4 * seat
    count = 0
    for v in range(1, 4):
        count += position[held + v] > 0 or (harvest and v == value)
    return max(count, 1)  # none: the player leaves


@njit(inline="always")
def _put(dims, position, seat, value, end, harvest, which):  # type: ignore[no-untyped-def]
    if position[TILE + end]:
        return 0  # landed: no ground check
    held = dims[HELD] + 4 * seat
    for v in range(1, 4):
        if position[held + v] > 0 or (harvest and v == value):
            if which == 0:
                return v
            which -= 1
    return -1  # out


@njit(inline="always")
def _tile_after(dims, position, cell, spot):  # type: ignore[no-untyped-def]
    """The first tile after `cell` the scarecrow can move to (not its own, not `spot`), or
    the number of cells when there is none."""
    cell += 1
    while cell < dims[CELLS] and not (
        position[TILE + cell] and cell != position[SCARECROW] and cell != spot
    ):
        cell += 1
    return cell


@njit(inline="always")
def _target(dims, position, choice, spot):  # type: ignore[no-untyped-def]
    """Scarecrow choice `choice`: -1 it stays, else the choice-th tile but its own and `spot`."""
    cell = -1
    for _ in range(choice):
        cell = _tile_after(dims, position, cell, spot)
    return cell if cell < dims[CELLS] else -1


@njit(inline="always")
def _setup_walk(context, position, index, codes):  # type: ignore[no-untyped-def]
    perimeter, steps, dims = context[3], context[4], context[5]
    cells = dims[CELLS]
    kind, seat = steps[position[STEP], 0], steps[position[STEP], 1]
    total = 0
    for i in range(perimeter.shape[0] if kind == 0 else cells):
        cell = perimeter[i] if kind == 0 else i
        plants = position[TILE + cell]
        if kind == 0:
            legal = plants > 0 and not _rival(dims, position, -1, cell)
        elif kind == 1:
            legal = plants == seat and not _rival(dims, position, -1, cell)
            legal = legal and cell != position[SCARECROW]
        else:
            legal = plants > 0
        if legal:
            code = 1 + kind * (cells + 1) + cell + 1
            if total == index:
                return code, total
            _keep(codes, index, total, code)
            total += 1
    if kind == 1 and total == 0:  # nothing to harvest
        _keep(codes, index, 0, 1 + cells + 1)
        return (1 + cells + 1, 1) if index == 0 else (-1, 1)
    return -1, total


@njit(inline="always")
def _keep(codes, index, total, code):  # type: ignore[no-untyped-def]
    """In a walk asked for every move (`index` is `LISTING`): `code` is move `total`."""
    if index == LISTING and total < codes.shape[0]:
        codes[total] = code


@njit(inline="always")
def _turn(cells, d, b, length, harvest, target, put):  # type: ignore[no-untyped-def]
    """The code of a turn (`_unpack` reads it back)."""
    route = (((d * 4 + b) * 4 + length) * 2 + harvest) * 5 + put + 1
    return 1 + 3 * (cells + 1) + (target + 1) * ROUTES + route


@njit(inline="always")
def _walk(context, position, index, codes):  # type: ignore[no-untyped-def]
    """The code of move `index` of the seat to play, or -1 and the count of its moves when it
    has no more than `index`; asked for move `LISTING`, the codes of all its moves into `codes`
    (as many as fit) and their count."""
    hops, landed, ends, _, _, dims = context
    if position[STEP] < context[4].shape[0]:
        return _setup_walk(context, position, index, codes)
    cells = dims[CELLS]
    seat = position[TURN]
    start = position[dims[POS] + seat]
    jump = position[TILE + start]
    scarecrow = position[SCARECROW]
    tiles_left = -1
    total = 0
    for d in range(4):
        spot = hops[start, jump, d]
        if spot < 0:
            continue
        cell = landed[start, jump, d]
        value = position[TILE + cell] if cell >= 0 else 0
        targets = 0
        if value and not _rival(dims, position, seat, cell) and cell != scarecrow:
            targets = 1
            if value == 1 and scarecrow >= 0:
                if tiles_left < 0:
                    tiles_left = 0
                    for c in range(cells):
                        tiles_left += position[TILE + c] > 0
                targets = tiles_left - 1
        for b in range(4):
            for k in range(3 if value == 0 else 1):
                end = ends[spot, value, b, k]
                if end < 0 or end == start:
                    continue
                kept = _puts(dims, position, seat, value, end, False)
                taken = _puts(dims, position, seat, value, end, True)
                n = kept + targets * taken
                length = k + 1 if value == 0 else value
                if index == LISTING:
                    for at in range(kept):
                        put = _put(dims, position, seat, value, end, False, at)
                        _keep(codes, index, total + at, _turn(cells, d, b, length, 0, -1, put))
                    tile = -1  # choice 0: the scarecrow stays, then the tiles in cell order
                    for choice in range(targets):
                        if choice:
                            tile = _tile_after(dims, position, tile, cell)
                        target = tile if tile < cells else -1
                        for which in range(taken):
                            put = _put(dims, position, seat, value, end, True, which)
                            at = total + kept + choice * taken + which
                            _keep(codes, index, at, _turn(cells, d, b, length, 1, target, put))
                elif total <= index < total + n:
                    at = index - total
                    harvest, target = 0, -1
                    if at < kept:
                        put = _put(dims, position, seat, value, end, False, at)
                    else:
                        choice, which = divmod(at - kept, taken)
                        put = _put(dims, position, seat, value, end, True, which)
                        harvest, target = 1, _target(dims, position, choice, cell)
                    return _turn(cells, d, b, length, harvest, target, put), total
                total += n
    if total == 0:
        _keep(codes, index, 0, 0)
        return (0, 1) if index == 0 else (-1, 1)  # the pass
    return -1, total


@njit(inline="always")
def count(context, position):  # type: ignore[no-untyped-def]
    return _walk(context, position, -1, position[:0])[1]


@njit(inline="always")
def move_at(context, position, index):  # type: ignore[no-untyped-def]
    return _walk(context, position, index, position[:0])[0]


@njit(inline="always")
def moves(context, position, codes):  # type: ignore[no-untyped-def]
    return _walk(context, position, LISTING, codes)[1]


@njit(inline="always")
def _take(dims, position, seat, cell):  # type: ignore[no-untyped-def]
    value = position[TILE + cell]
    position[TILE + cell] = 0
    position[dims[HELD] + 4 * seat + value] += 1
    position[dims[SCORE] + seat] += value


@njit(inline="always")
def _next(dims, position, seat):  # type: ignore[no-untyped-def]
    players = dims[PLAYERS]
    for _ in range(players):
        seat = (seat + 1) % players
        if position[dims[ALIVE] + seat]:
            break
    position[PLAYS] = seat
    position[TURN] = seat


@njit(inline="always")
def _setup_step(context, position, code):  # type: ignore[no-untyped-def]
    steps, dims = context[4], context[5]
    kind, cell = (code - 1) // (dims[CELLS] + 1), (code - 1) % (dims[CELLS] + 1) - 1
    seat = steps[position[STEP], 1]
    if kind == 0:
        position[dims[POS] + seat] = cell
    elif kind == 1 and cell >= 0:
        _take(dims, position, seat, cell)
    elif kind == 2:
        position[SCARECROW] = cell
    position[STEP] += 1
    setting_up = position[STEP] < steps.shape[0]
    position[TURN] = steps[position[STEP], 1] if setting_up else position[PLAYS]


@njit(inline="always")
def _pass(context, position):  # type: ignore[no-untyped-def]
    dims = context[5]
    position[TURNS] += 1
    position[PASSES] += 1
    position[IN_ROW] += 1
    alive = 0
    for seat in range(dims[PLAYERS]):
        alive += position[dims[ALIVE] + seat]
    if position[IN_ROW] >= alive:
        position[ENDLESS] = 1  # no one can move and nothing changes: it repeats for ever
        position[OVER] = 1
    else:
        _next(dims, position, position[PLAYS])


def _unpack(cells: int, code: int) -> tuple[int, int, int, int, int, int]:
    """A turn's code as (jump, bounce, length, harvest, scarecrow, put)."""
    target, move = divmod(code - 1 - 3 * (cells + 1), ROUTES)
    move, put = divmod(move, 5)
    move, harvest = divmod(move, 2)
    move, length = divmod(move, 4)
    jump, bounce = divmod(move, 4)
    return jump, bounce, length, harvest, target - 1, put - 1


_decode = njit(inline="always")(_unpack)


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    dims = context[5]
    cells, cols = dims[CELLS], dims[COLS]
    if code == 0:
        _pass(context, position)
        return
    if code <= 3 * (cells + 1):
        _setup_step(context, position, code)
        return
    jump, bounce, length, harvest, target, put = _decode(cells, code)
    seat = position[PLAYS]
    start = position[dims[POS] + seat]
    spot = start + (STEP_ROWS[jump] * cols + STEP_COLS[jump]) * position[TILE + start]
    end = spot + (STEP_ROWS[bounce] * cols + STEP_COLS[bounce]) * length
    position[dims[POS] + seat] = end
    if harvest:
        _take(dims, position, seat, spot)
        if target >= 0:
            position[SCARECROW] = target
    if put == -1:  # no tile to put down: the player leaves
        position[dims[ALIVE] + seat] = 0
        position[dims[POS] + seat] = -1
        position[dims[LEFT] + seat] = position[OUTS]
        position[OUTS] += 1
        if position[OUTS] == dims[PLAYERS] - 1:
            for other in range(dims[PLAYERS]):
                if position[dims[ALIVE] + other]:
                    position[WINNER] = other
    elif put > 0:
        position[dims[HELD] + 4 * seat + put] -= 1
        position[dims[SCORE] + seat] -= put
        position[TILE + end] = put
    position[TURNS] += 1
    position[IN_ROW] = 0
    if position[dims[SCORE] + seat] >= dims[GOAL]:
        position[WINNER] = seat
    if position[WINNER] >= 0:
        position[OVER] = 1
    else:
        _next(dims, position, seat)


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    seat_scores(position, context[5][SCORE], context[5][PLAYERS], out)


@njit(inline="always")
def _key(dims, position, seat):  # type: ignore[no-untyped-def]
    """`WallabyState.result`'s rank key: the winner, then those in by score, then those out by
    when they left (all equal in an endless game)."""
    if position[ENDLESS]:
        return 0
    if seat == position[WINNER]:
        return 3 * KEY
    if position[dims[ALIVE] + seat]:
        return 2 * KEY + position[dims[SCORE] + seat]
    return KEY + position[dims[LEFT] + seat]


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of the ranks (ties share the average of their ranks)."""
    dims = context[5]
    keys = np.empty(dims[PLAYERS], dtype=np.int64)
    for seat in range(dims[PLAYERS]):
        keys[seat] = _key(dims, position, seat)
    share_by_rank(keys, out)


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    """`State.evaluate`: one's plants minus the best other player's."""
    dims = context[5]
    best = -(1 << 62)
    for other in range(dims[PLAYERS]):
        if other != seat:
            best = max(best, position[dims[SCORE] + other])
    return float(position[dims[SCORE] + seat] - best)


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`WallabyState.move_value`: plants gained now; leaving the worst, the goal the best."""
    dims = context[5]
    cells, cols = dims[CELLS], dims[COLS]
    if code <= 3 * (cells + 1):
        return 0.0
    jump, _, _, harvest, _, put = _decode(cells, code)
    if put == -1:
        return LOSS
    gain = -max(put, 0)
    if harvest:
        start = position[dims[POS] + seat]
        spot = start + (STEP_ROWS[jump] * cols + STEP_COLS[jump]) * position[TILE + start]
        gain += position[TILE + spot]
    if position[dims[SCORE] + seat] + gain >= dims[GOAL]:
        return WIN + gain
    return float(gain)


ENGINE = Engine(__name__)


def decoder(field: Field) -> Callable[[int], Move]:
    cells = field.rows * field.cols

    def decode(code: int) -> Move:
        code = int(code)
        if code == 0:
            return PASS
        if code <= 3 * (cells + 1):
            kind, cell = divmod(code - 1, cells + 1)
            return Step(KINDS[kind], cell - 1)
        jump, bounce, length, harvest, target, put = _unpack(cells, code)
        return Turn(jump, bounce, length, bool(harvest), target, put)  # -1: STAYS, OUT

    return decode
