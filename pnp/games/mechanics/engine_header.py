"""The head every compiled engine's position starts with (pnp/games/compiled.py): the seat to
play, then whether the game is over; and the two functions of the contract that read only it.

Nothing in an engine calls these: the compiled search and agents call them through the engine's
module, whose copies numba caches by the sources of every function of the engine
(`compiled.specialised`), so an edit here reaches them.
"""

from __future__ import annotations

from numba import njit

TURN, OVER = 0, 1
HEAD = 2  # where an engine's own entries start


@njit(cache=True, inline="always")
def over(context, position):  # type: ignore[no-untyped-def]
    return position[OVER] != 0


@njit(cache=True, inline="always")
def to_act(context, position):  # type: ignore[no-untyped-def]
    return position[TURN]
