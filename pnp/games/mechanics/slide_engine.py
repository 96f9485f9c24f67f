"""numba helpers of the compiled engines (pnp/games/compiled.py) whose pieces slide over a
neighbour table (mechanics.sliding's `neighbour_table`: `following[cell, d]` is the next cell in
direction d, past the edge a sentinel that is never free), and of two-seat games scored by a lead.

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
def claim(position, values, cell, flag, score, taken):  # type: ignore[no-untyped-def]
    """Take the tile or chip on `cell` (its flag at `position[flag + cell]`): its value to
    `position[score]`, one more to `position[taken]`."""
    position[flag + cell] = 0
    position[score] += values[cell]
    position[taken] += 1


@njit(inline="always")
def lead(position, at, seat):  # type: ignore[no-untyped-def]
    """`seat`'s lead over the other seat in the two counts at `position[at]`."""
    return position[at + seat] - position[at + 1 - seat]


@njit(inline="always")
def share_by_lead(lead, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of two seats from the first seat's lead: 1 and 0 to the
    leader, a half each when level."""
    out[0] = 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    out[1] = 1.0 - out[0]


@njit(inline="always")
def two_scores(position, at, out):  # type: ignore[no-untyped-def]
    """The two seats' scores, the counts at `position[at]`, into `out`."""
    out[0], out[1] = float(position[at]), float(position[at + 1])
