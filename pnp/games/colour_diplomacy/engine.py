"""The compiled Colour Diplomacy engine (pnp/games/compiled.py): joint orders, one seat at a time.

Rules: ../shared/RULES.md, "Colour Diplomacy", as `ColourDiplomacyState` (rules.py) plays them and
adjudicator.py resolves them. The orders of a turn are simultaneous, so the engine takes them one
seat at a time (`Engine.joint`): the seat to play is the next player on the board who has not
ordered yet; `apply` keeps the order, and the last one resolves the turn as `adjudicate` does.
Every seat lists and values its orders on the board as the turn found it, as the `State`'s agents
do, and each seat draws from its own generator, so the same draws give the same games.

Fields are numbered as rings.py's `field_numbers` numbers them; one position is one int64 array,
laid out as layout.py says, and the tables (`context`) are layout.py's `context_of`.

Orders are listed in `ColourDiplomacyState.orders`' order: off one's colour, the steps (in, then
out); on it after a move order, hold; else hold, the steps, and the supports (each side field,
each field a move into it starts from, each player there by seat). An order's code is
(kind * (n * n + 2) + target) * (n + 1) + player + 1; `decoder` turns it back.

rules.py turns a `ColourDiplomacyState` into a position and back (`position_of`, `restorer`) and
lays out many start positions at once (`starts`); the engine reads only rings.py (the board, the
orders, `field_numbers`), valuation.py and layout.py of this package.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numba import njit

from pnp.games.colour_diplomacy.layout import (
    CENTER_TURNS,
    COLOURS,
    FELL,
    HOLDS,
    KINDS,
    ORDER,
    REACHED,
    REACHED_COUNT,
    SPOT,
    TURNS,
    WIDEST,
)
from pnp.games.colour_diplomacy.rings import Order, field_numbers
from pnp.games.colour_diplomacy.valuation import (
    CENTER_REACHED,
    CIRCLE_VALUE,
    LOST,
    OWN_COLOUR_VALUE,
    SUPPORT_COST,
)
from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act  # noqa: F401
from pnp.games.mechanics.engine_parts import listing
from pnp.games.mechanics.position_head import HEAD, OVER, TURN
from pnp.games.mechanics.seat_scores import share_by_rank

HOLDING, MOVING_IN, MOVING_OUT, SUPPORTING = range(4)  # the kinds' codes, as in `KINDS`


@njit(inline="always")
def _at(n, part, seat):  # type: ignore[no-untyped-def]
    """Where entry `seat` of the per-seat part `part` (SPOT, FELL, ...) sits in a position."""
    return HEAD + 3 + (part - HEAD - 3) * n + seat


@njit(inline="always")
def _code(n, kind, target, player):  # type: ignore[no-untyped-def]
    return (kind * (n * n + 2) + target) * (n + 1) + player + 1


@njit(inline="always")
def _kind(n, code):  # type: ignore[no-untyped-def]
    return code // (n + 1) // (n * n + 2)


@njit(inline="always")
def _target(n, code):  # type: ignore[no-untyped-def]
    return code // (n + 1) % (n * n + 2)


@njit(inline="always")
def _colour(n, position, field):  # type: ignore[no-untyped-def]
    """The seat whose colour the circle of `field` (on the board) has."""
    return position[_at(n, COLOURS, field // n)]


@njit(inline="always")
def _walk(context, position, index):  # type: ignore[no-untyped-def]
    """The code of order `index` of the seat to play, or -1 and the count of its orders."""
    steps, kinds, sides, entries, _, dims = context
    n, seat = dims[0], position[TURN]
    spot = position[_at(n, SPOT, seat)]
    own = _colour(n, position, spot) == seat
    total = 0
    if own:
        if index == 0:
            return _code(n, HOLDING, n * n + 1, -1), 0
        total = 1
        if position[_at(n, HOLDS, seat)]:
            return -1, 1
    for s in range(steps.shape[1]):
        if steps[spot, s] >= 0:
            if total == index:
                return _code(n, kinds[spot, s], steps[spot, s], -1), total
            total += 1
    if own:
        for side in sides[spot]:
            for e in range(WIDEST):
                source = entries[side, e]
                if source < 0:
                    continue
                for other in range(n):
                    if other != seat and position[_at(n, SPOT, other)] == source:
                        if total == index:
                            return _code(n, SUPPORTING, side, other), total
                        total += 1
    return -1, total


count, move_at = listing(_walk)


@njit(inline="always")
def _supported(n, position, seat, target):  # type: ignore[no-untyped-def]
    """Whether some order this turn supports `seat`'s move into `target`."""
    for other in range(n):
        code = position[_at(n, ORDER, other)]
        on_board = position[_at(n, SPOT, other)] != n * n + 1
        named = _target(n, code) == target and code % (n + 1) - 1 == seat
        if on_board and _kind(n, code) == SUPPORTING and named:
            return True
    return False


@njit(inline="always")
def _resolve(context, position):  # type: ignore[no-untyped-def]
    """`adjudicate` the turn's orders (every seat on the board has ordered), then what
    `ColourDiplomacyState.apply_joint` keeps: falls, who must hold, visits to the center."""
    outward, dims = context[4], context[5]
    n = dims[0]
    off, center = n * n + 1, n * n
    ordering = np.zeros(n, dtype=np.bool_)
    held = np.zeros(n * n + 2, dtype=np.bool_)
    for seat in range(n):
        ordering[seat] = position[_at(n, SPOT, seat)] != off
        kind = _kind(n, position[_at(n, ORDER, seat)])
        if ordering[seat] and kind in (HOLDING, SUPPORTING):
            held[position[_at(n, SPOT, seat)]] = True
    after = position[_at(n, SPOT, 0) : _at(n, SPOT, n)].copy()
    reachers, reacher = 0, -1
    for seat in range(n):
        code = position[_at(n, ORDER, seat)]
        kind, target = _kind(n, code), _target(n, code)
        if not ordering[seat] or kind in (HOLDING, SUPPORTING):
            continue
        if target == center:
            reachers += 1
            reacher = seat if reachers == 1 else reacher
        elif target == off:
            after[seat] = off
        elif held[target]:
            after[seat] = outward[position[_at(n, SPOT, seat)]]
        else:
            movers, backed, backed_seat = 0, 0, -1
            for other in range(n):
                code = position[_at(n, ORDER, other)]
                moves = _kind(n, code) in (MOVING_IN, MOVING_OUT)
                if ordering[other] and moves and _target(n, code) == target:
                    movers += 1
                    if _supported(n, position, other, target):
                        backed += 1
                        backed_seat = other
            wins = movers == 1 or (backed == 1 and backed_seat == seat)
            after[seat] = target if wins else seat  # field `seat` of circle 1: its start
    if reachers:
        circle = 0
        if reachers == 1:
            while position[_at(n, COLOURS, circle)] != reacher:
                circle += 1
        moving = position[_at(n, COLOURS, circle)]
        for c in range(circle, n - 1):
            position[_at(n, COLOURS, c)] = position[_at(n, COLOURS, c + 1)]
        position[_at(n, COLOURS, n - 1)] = moving
        for seat in range(n):
            if not ordering[seat]:
                continue
            if _target(n, position[_at(n, ORDER, seat)]) == center:
                after[seat] = (n - 1) * n + seat if reachers == 1 else seat
            elif after[seat] != off:
                after[seat] = outward[after[seat]]
    position[TURNS] += 1
    left, first = 0, -1
    for seat in range(n):
        position[_at(n, SPOT, seat)] = after[seat]
        if ordering[seat] and after[seat] == off:
            position[_at(n, FELL, seat)] = position[TURNS]
        kind = _kind(n, position[_at(n, ORDER, seat)])
        moved = ordering[seat] and kind in (MOVING_IN, MOVING_OUT)
        position[_at(n, HOLDS, seat)] = moved and after[seat] != off and (
            _colour(n, position, after[seat]) == seat
        )  # fmt: skip
        if after[seat] != off:
            left += 1
            first = seat if first < 0 else first
    if reachers:
        position[CENTER_TURNS] += 1
    if reachers == 1:
        known = False
        for k in range(position[REACHED_COUNT]):
            known = known or position[_at(n, REACHED, k)] == reacher
        if not known:
            position[_at(n, REACHED, position[REACHED_COUNT])] = reacher
            position[REACHED_COUNT] += 1
    position[OVER] = left <= 1
    position[TURN] = first if left > 1 else 0


@njit(inline="always")
def apply(context, position, code):  # type: ignore[no-untyped-def]
    """Keep the order of the seat to play; the last seat's order resolves the turn."""
    n = context[5][0]
    seat = position[TURN]
    position[_at(n, ORDER, seat)] = code
    for other in range(seat + 1, n):
        if position[_at(n, SPOT, other)] != n * n + 1:
            position[TURN] = other
            return
    _resolve(context, position)


@njit(inline="always")
def scores(context, position, out):  # type: ignore[no-untyped-def]
    out[:] = 0.0  # the game has no scores


@njit(inline="always")
def rewards(context, position, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of `ColourDiplomacyState.ranks`: later falls rank higher,
    players still on the board share the best place."""
    n = context[5][0]
    keys = np.empty(n, dtype=np.int64)
    for seat in range(n):
        fallen = position[_at(n, SPOT, seat)] == n * n + 1
        keys[seat] = position[_at(n, FELL, seat)] if fallen else position[TURNS] + 1
    share_by_rank(keys, out)


@njit(inline="always")
def _standing(n, position, seat, field):  # type: ignore[no-untyped-def]
    own = OWN_COLOUR_VALUE if _colour(n, position, field) == seat else 0.0
    return CIRCLE_VALUE * (field // n + 1) + own


@njit(inline="always")
def evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    n = context[5][0]
    spot = position[_at(n, SPOT, seat)]
    return LOST if spot == n * n + 1 else _standing(n, position, seat, spot)


@njit(inline="always")
def value(context, position, seat, code):  # type: ignore[no-untyped-def]
    """`ColourDiplomacyState.move_value`: the others stay where they are if they may hold."""
    outward, n = context[4], context[5][0]
    spot = position[_at(n, SPOT, seat)]
    kind, target = _kind(n, code), _target(n, code)
    if kind in (HOLDING, SUPPORTING):
        return _standing(n, position, seat, spot) - (SUPPORT_COST if kind == SUPPORTING else 0.0)
    if target == n * n:
        return CENTER_REACHED
    if target == n * n + 1:
        return LOST
    stays = position[_at(n, SPOT, _colour(n, position, target))] == target
    landing = outward[spot] if stays else target
    return LOST if landing == n * n + 1 else _standing(n, position, seat, landing)


ENGINE = Engine(__name__, joint=True)


@cache
def decoder(n: int) -> Callable[[int], Order]:
    fields = {i: spot for spot, i in field_numbers(n).items()}

    def decode(code: int) -> Order:
        rest, player = divmod(int(code), n + 1)
        kind, target = divmod(rest, n * n + 2)
        return Order(KINDS[kind], fields[target], player - 1)

    return decode
