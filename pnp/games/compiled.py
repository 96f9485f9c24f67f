"""The compiled-engine contract: a position as one int64 array and numba functions over it.

A game that offers a compiled engine returns a `Compiled` from `State.compiled()`; the compiled
search (simulate/compiled_mcts.py) then plays whole searches inside numba without a `State`. The
engine's functions are numba dispatchers taking the engine's `context` (constant tables, built
once per board) and a `position` (one int64 array the functions read and change in place):

- `over(context, position) -> bool`: the game has ended.
- `to_act(context, position) -> int`: the seat to play (sequential games only).
- `count(context, position) -> int`: `len(state.legal_moves(seat))` for the seat to play.
- `move_at(context, position, i) -> int`: the code of `state.legal_moves(seat)[i]`, the same
  order as the `State`, so a uniform index draws the same move from the same generator.
- `apply(context, position, code)`: play the move with that code.
- `rewards(context, position, out)`: the per-seat scores of a finished game (simulate.metrics'
  seat scores: 1 a sole winner, 0 a sole last) into `out`.
- `evaluate(context, position, seat) -> float`: `State.evaluate(seat)`.

`Compiled.decode(code)` turns a move code back into the `State`'s move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

Position = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Engine:
    """A game's compiled functions (numba dispatchers, see the module docstring), all defined
    at the top level of `module` (the compiled search calls them through it)."""

    module: str

    over: Any
    to_act: Any
    count: Any
    move_at: Any
    apply: Any
    rewards: Any
    evaluate: Any


@dataclass(frozen=True)
class Compiled:
    """One position for the compiled engine: its functions, tables, array and move decoder."""

    engine: Engine
    context: tuple[Any, ...]
    position: Position
    players: int
    decode: Callable[[int], Any]
