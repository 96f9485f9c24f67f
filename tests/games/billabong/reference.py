"""A slow, independent Billabong move generator that the engine's moves are checked against.

Written from ../shared/RULES.md, "Billabong", without the engine's tables: squares are walked one
by one as (file, rank) pairs, the lake is tested by coordinates, and a move's lap change comes
from the angle it sweeps about the lake's centre rather than from where it meets the line (the
angle measured clockwise from straight down jumps by a full turn exactly on the line, since the
part of that ray between the line's top and the centre lies in the lake). Chains are followed by
depth-first search over (square, lap change), the referee standing on the start square.
"""

from __future__ import annotations

import math

Square = tuple[int, int]  # (file 0-15, rank 0-13 from the bottom)
DIRECTIONS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
CENTRE = (8.0, 7.0)


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 16 and 0 <= square[1] < 14


def in_lake(square: Square) -> bool:
    return 6 <= square[0] <= 9 and 6 <= square[1] <= 7


def angle(square: Square) -> float:
    """Clockwise angle from straight down about the lake's centre, in [0, 2 pi)."""
    x, y = square[0] + 0.5 - CENTRE[0], square[1] + 0.5 - CENTRE[1]
    return (-math.pi / 2 - math.atan2(y, x)) % (2 * math.pi)


def lap_change(a: Square, b: Square) -> int:
    """+1 for a straight move that passes the line clockwise, -1 anticlockwise, else 0."""
    ax, ay = a[0] + 0.5 - CENTRE[0], a[1] + 0.5 - CENTRE[1]
    bx, by = b[0] + 0.5 - CENTRE[0], b[1] + 0.5 - CENTRE[1]
    swept = -math.atan2(ax * by - ay * bx, ax * bx + ay * by)  # clockwise is negative in y-up
    return round((angle(a) + swept - angle(b)) / (2 * math.pi))


def jumps(start: Square, occupied: set[Square]) -> list[tuple[Square, int]]:
    found = []
    for dx, dy in DIRECTIONS:
        distance = 1
        while True:
            square = (start[0] + dx * distance, start[1] + dy * distance)
            if not on_board(square) or in_lake(square) or square in occupied:
                break
            distance += 1
        over = (start[0] + dx * distance, start[1] + dy * distance)
        if not on_board(over) or over not in occupied:
            continue
        path = [
            (start[0] + dx * k, start[1] + dy * k) for k in range(distance + 1, 2 * distance + 1)
        ]
        if all(on_board(s) and not in_lake(s) and s not in occupied for s in path):
            found.append((path[-1], lap_change(start, path[-1])))
    return found


def kangaroo_moves(
    start: Square, count: int, occupied: set[Square]
) -> set[tuple[Square | None, int]]:
    """Every end (square, lap change) of a step or a chain; (None, 0) for finishing."""
    ends: set[tuple[Square | None, int]] = set()
    for dx, dy in DIRECTIONS:
        square = (start[0] + dx, start[1] + dy)
        if on_board(square) and not in_lake(square) and square not in occupied:
            change = lap_change(start, square)
            ends.add((None, 0) if count + change >= 2 else (square, change))
    seen = {(start, 0)}
    stack = [(start, 0)]
    while stack:
        square, total = stack.pop()
        for landing, change in jumps(square, occupied):  # the referee keeps `start` occupied
            state = (landing, total + change)
            if count + state[1] >= 2:
                ends.add((None, 0))
            elif state[1] >= -2 and state not in seen:
                seen.add(state)
                stack.append(state)
                ends.add(state)
    return ends
