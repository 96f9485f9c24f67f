"""Perft: the number of legal move sequences of a given length, as chess engines count them.

A sequence ends early only where the game ends; such a shorter line counts 0 at greater depths.
For simultaneous games one step is a joint order (one move per seat to act), so the count
multiplies the seats' move counts. Rules tests compare these numbers with published figures.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from pnp.games.base import State

MAX_DEPTH = 20  # no game's tree is counted that deep in a lifetime; a typo of 1000000 is refused


def perft(state: State[Any], depth: int, counted: Callable[[int, int], None] | None = None) -> int:
    """The number of move sequences of length `depth` from `state`; `counted(done, total)` is
    told after each first move's sequences are counted (for a progress display)."""
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    seats = state.to_act()
    if depth == 1:
        return math.prod(state.move_count(seat) for seat in seats)
    options = [state.legal_moves(seat) for seat in seats]
    joints = math.prod(len(moves) for moves in options)
    total = 0
    for done, joint in enumerate(itertools.product(*options), 1):
        child = state.clone()
        child.apply_joint(list(joint))
        total += perft(child, depth - 1)
        if counted is not None:
            counted(done, joints)
    return total
