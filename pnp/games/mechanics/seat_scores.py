"""numba helpers of the compiled engines' (pnp/games/compiled.py) `scores` and `rewards`: a
seat's count read from the position, and simulate.metrics' seat scores of ranks (1 a sole
winner, 0 a sole last, ties sharing the average of their ranks).

They are compiled into the copies `compiled.specialised` makes, which are named by the sources
they reach (this file among them), so an edit here is never read back stale.
"""

from __future__ import annotations

from numba import njit


@njit(inline="always")
def seat_scores(position, at, players, out):  # type: ignore[no-untyped-def]
    """The `players` seats' scores, the counts from `position[at]` on, into `out`."""
    for seat in range(players):
        out[seat] = float(position[at + seat])


@njit(inline="always")
def share_by_rank(keys, out):  # type: ignore[no-untyped-def]
    """simulate.metrics' seat scores of the seats ranked by `keys` (higher ranks higher), into
    `out`: those level share the average of their ranks."""
    players = keys.shape[0]
    for seat in range(players):
        above, level = 0, 0
        for other in range(players):
            if other != seat:
                above += keys[other] > keys[seat]
                level += keys[other] == keys[seat]
        out[seat] = 1.0 - (above + level / 2) / (players - 1)


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
