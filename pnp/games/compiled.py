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
- `value(context, position, seat, code) -> float`: `State.move_value(seat, move)` (greedy).
- `scores(context, position, out)`: `State.scores()` into `out` (zeros for a game without
  scores).

`Compiled.decode(code)` turns a move code back into the `State`'s move, and `Compiled.restore`
(where a game gives it) a position back into a `State`, for its result and its text.

Code that plays any engine (simulate's compiled search, greedy and random games) is written once
with a global `engine` and compiled per engine by `specialised`.
"""

from __future__ import annotations

import hashlib
import inspect
import sys
import types
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
    value: Any
    scores: Any
    #: A simultaneous game's engine takes a turn's orders one seat at a time: `to_act` is the
    #: next seat on the board yet to order, `count`, `move_at` and `value` read the board as
    #: the turn found it, and the last order's `apply` resolves the turn. Only whole random and
    #: greedy games (simulate/compiled_play.py) play such an engine; searches and single
    #: choices use the `State`.
    joint: bool = False


ENGINE_FUNCTIONS = ("over", "to_act", "count", "move_at", "apply", "rewards", "evaluate", "value",
                    "scores")  # fmt: skip


@dataclass(frozen=True)
class Compiled:
    """One position for the compiled engine: its functions, tables, array and move decoder."""

    engine: Engine
    context: tuple[Any, ...]
    position: Position
    players: int
    decode: Callable[[int], Any]
    restore: Callable[[Position], Any] | None = None


_SPECIALISED: dict[tuple[Callable[..., Any], Engine], Any] = {}


def specialised(function: Callable[..., Any], engine: Engine, **calls: Any) -> Any:
    """`function` compiled against the functions of `engine`, cached by numba beside the
    engine's module (`Engine.module`); `calls` are the other specialised functions it calls, by
    the global names it calls them by.

    numba caches a compiled function by its own file's stamp and bytecode only: a function that
    took the engine's functions as arguments is compiled again in every process (their types
    differ per process), and one that imported them would keep a stale copy after the engine
    changed. So each engine gets its own copy of `function` whose global `engine` is the
    engine's module (numba reads `engine.count` and the like in a module as fixed functions),
    filed under the engine's source (its edits invalidate the cache) and named with a hash of
    the sources of `function`, `calls` and the engine's functions wherever they are defined
    (their edits give a new cache file)."""
    key = (function, engine)
    if key not in _SPECIALISED:
        from numba import njit  # numba loads only when a compiled engine plays

        module = sys.modules[engine.module]
        parts = [getattr(engine, name) for name in ENGINE_FUNCTIONS]
        sources = [inspect.getsource(function)]
        sources += [inspect.getsource(call.py_func) for call in [*calls.values(), *parts]]
        digest = hashlib.sha256("".join(sources).encode()).hexdigest()[:16]
        name = f"{function.__name__.lstrip('_')}_{digest}"
        code = function.__code__.replace(co_filename=inspect.getfile(module), co_name=name)
        copy = types.FunctionType(code, {**function.__globals__, "engine": module, **calls}, name)
        copy.__qualname__ = name
        _SPECIALISED[key] = njit(cache=True)(copy)
    return _SPECIALISED[key]
