"""What one MCTS decision may spend: the iterations of `mcts:Nx`, kept between a floor and a
cap, and UCB1's exploration constant (simulate/agents/mcts.py says why).

Numba-free and importing nothing of pnp, so that compiled code reading these numbers (the
lockstep search, simulate/agents/compiled_lockstep.py) is not compiled afresh when a module of
the game side changes (pnp/games/compiled.py `_reach`).
"""

from __future__ import annotations

import math

EXPLORATION = math.sqrt(2.0)
PER_MOVE_FLOOR = 100  # a decision among 3 moves still gets a real search
PER_MOVE_CAP = 20_000  # bounds one decision (Amazons 10 x 10 opens with 2,176 moves)


def iterations_for(iterations: int, per_move: bool, moves: int) -> int:
    """The iterations of one decision among `moves` legal moves: `iterations`, or with `per_move`
    that many per move, kept within PER_MOVE_FLOOR..PER_MOVE_CAP."""
    if not per_move:
        return iterations
    return max(PER_MOVE_FLOOR, min(PER_MOVE_CAP, iterations * moves))
