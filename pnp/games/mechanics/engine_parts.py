"""What the compiled engines (pnp/games/compiled.py) build the same way from their own parts:
`count` and `move_at` from the engine's walk over the moves of the seat to play.

An engine's walk is `walk(context, position, index) -> (code, count)`: the code of move `index`
of the seat to play, or -1 and the count of its moves when it has no more than `index`. The
functions made here are numba functions to be inlined, like the engines' own: they are compiled
into the copies `compiled.specialised` makes, named by the sources they reach (this file among
them), so an edit here is never read back stale.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from numba import njit

walk: Any = None  # in the functions `listing` makes, the engine's walk


def _count(context, position):  # type: ignore[no-untyped-def]
    return walk(context, position, -1)[1]


def _move_at(context, position, index):  # type: ignore[no-untyped-def]
    return walk(context, position, index)[0]


def listing(walk: Any) -> tuple[Any, Any]:
    """`count(context, position)` and `move_at(context, position, index)` of an engine that
    walks its moves afresh for each one read."""
    return _bound(_count, walk=walk), _bound(_move_at, walk=walk)


def _bound(function: Callable[..., Any], **names: Any) -> Any:
    """`function` compiled to be inlined, with `names` among its globals (numba reads a
    function's globals as constants, as in `compiled.specialised`'s copies)."""
    bound = types.FunctionType(function.__code__, {**function.__globals__, **names})
    return njit(inline="always")(bound)
