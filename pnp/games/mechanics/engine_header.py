"""The two functions of the compiled-engine contract (pnp/games/compiled.py) that read only the
head of a position (position_head.py): the seat to play and whether the game is over.

Nothing in an engine calls these: the compiled search and agents call them through the engine's
module, whose copies numba caches by the sources of every function of the engine
(`compiled.specialised`), so an edit here reaches them.
"""

from __future__ import annotations

from numba import njit

from pnp.games.mechanics.position_head import OVER, TURN


@njit(cache=True, inline="always")
def over(context, position):  # type: ignore[no-untyped-def]
    return position[OVER] != 0


@njit(cache=True, inline="always")
def to_act(context, position):  # type: ignore[no-untyped-def]
    return position[TURN]
