"""numba helpers of the compiled engines (pnp/games/compiled.py) whose pieces slide over a
neighbour table (mechanics.sliding's `neighbour_table`: `following[cell, d]` is the next cell in
direction d, past the edge a sentinel that is never free). Their scores and rewards are in
seat_scores.py.

Every helper takes where the parts of the engine's position sit (`free`: where the free flags
start; `first`: a seat's first piece), so the engines of Penguins, Amazon Penguins and Paper
Pen-guins, whose positions are laid out differently, share them. They are compiled into the
copies `compiled.specialised` makes, which are named by the sources they reach (this file
among them), so an edit here is never read back stale.
"""

from __future__ import annotations

from numba import njit


@njit(inline="always")
def can_slide(following, position, free, first, pieces):  # type: ignore[no-untyped-def]
    """Whether one of the `pieces` pieces from `position[first]` on has a free neighbour."""
    for p in range(pieces):
        source = position[first + p]
        for d in range(following.shape[1]):
            if position[free + following[source, d]]:
                return True
    return False


@njit(inline="always")
def slide_at(following, position, free, first, pieces, index):  # type: ignore[no-untyped-def]
    """Slide number `index` of the pieces from `position[first]` on, listed piece by piece,
    direction by direction, nearest first: (source, target, index), or (-1, -1, the slides
    counted) when there are no more than `index`."""
    total = 0
    for p in range(pieces):
        source = position[first + p]
        for d in range(following.shape[1]):
            cell = following[source, d]
            while position[free + cell]:
                if total == index:
                    return source, cell, total
                total += 1
                cell = following[cell, d]
    return -1, -1, total


@njit(inline="always")
def list_slides(following, position, free, first, pieces, base, codes):  # type: ignore[no-untyped-def]
    """Every slide of the pieces from `position[first]` on, in `slide_at`'s order, into `codes`
    as (source + 1) * base + target + 1 (as many as fit), and their count."""
    total, room = 0, codes.shape[0]
    for p in range(pieces):
        source = position[first + p]
        for d in range(following.shape[1]):
            cell = following[source, d]
            while position[free + cell]:
                if total < room:
                    codes[total] = (source + 1) * base + cell + 1
                total += 1
                cell = following[cell, d]
    return total


@njit(inline="always")
def or_pass(codes, total):  # type: ignore[no-untyped-def]
    """The count of `total` moves listed into `codes`, or, with none, of the pass (code 0) as
    the one move."""
    if total == 0:
        if codes.shape[0] > 0:
            codes[0] = 0
        return 1
    return total


@njit(inline="always")
def cell_values(position, at, cells):  # type: ignore[no-untyped-def]
    """The value on every cell, from `position[at]` on, and the sentinel's 0 (a view of the
    position: a position holds the values of its own board)."""
    return position[at : at + cells + 1]


@njit(inline="always")
def claim(position, values, cell, flag, score, taken):  # type: ignore[no-untyped-def]
    """Take the tile or chip on `cell` (its flag at `position[flag + cell]`): its value to
    `position[score]`, one more to `position[taken]`."""
    position[flag + cell] = 0
    position[score] += values[cell]
    position[taken] += 1
