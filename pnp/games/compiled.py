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
- `moves(context, position, codes) -> int` (optional): the codes of every move of the seat to
  play, in `move_at`'s order, into `codes` (as many as fit), and their count: one walk for an
  engine whose `move_at` walks the moves up to the one asked for (the greedy agent lists them
  all, simulate/compiled_play.py).

`Compiled.decode(code)` turns a move code back into the `State`'s move, and `Compiled.restore`
(where a game gives it) a position back into a `State`, for its result and its text. `Starts`
holds the start positions of many games at once (`Game.compiled_starts`).

Code that plays any engine (simulate's compiled search, greedy and random games) is written once
with a global `engine` and compiled per engine by `specialised`; Python calls an engine's
functions through its `Engine`, whose attributes are such compiled copies too.

Only these copies are cached by numba (an engine's own functions and the helpers they share are
`njit(inline="always")`, compiled into each copy). numba keys its cache by the source of the
function's own file only: a copy that inlined a helper or read a constant from another module
would be read back stale after that module changed. So each copy is named by a hash of the source
of every module its code can reach (`_reach`: those of the function, of the copies it calls and
of the engine, and every module of this project they import, transitively), and an edit anywhere
among them compiles it afresh under a new name. `cached` does the same for a function that plays
no engine (a test's harness around the seats' generators, say).
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import re
import sys
import sysconfig
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Position = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Engine:
    """A game's compiled engine: the module defining its functions (numba dispatchers, see the
    module docstring) at its top level, where the code `specialised` for it calls them.

    `engine.count(context, position)` and the like call them from Python, each through its own
    cached copy (`specialised`, so never stale)."""

    module: str

    #: A simultaneous game's engine takes a turn's orders one seat at a time: `to_act` is the
    #: next seat on the board yet to order, `count`, `move_at` and `value` read the board as
    #: the turn found it, and the last order's `apply` resolves the turn. Only whole random and
    #: greedy games (simulate/compiled_play.py) play such an engine; searches and single
    #: choices use the `State`.
    joint: bool = False

    def __getattr__(self, name: str) -> Any:
        if name not in _ENTRIES:
            raise AttributeError(name)
        return specialised(_ENTRIES[name], self)


@dataclass(frozen=True)
class Compiled:
    """One position for the compiled engine: its functions, tables, array and move decoder."""

    engine: Engine
    context: tuple[Any, ...]
    position: Position
    players: int
    decode: Callable[[int], Any]
    restore: Callable[[Position], Any] | None = None


@dataclass(frozen=True)
class Starts:
    """Many positions of one engine on the same tables, a row of `positions` each, and how each
    row reads back to its `State` (`restores[g]`, as `Compiled.restore`): what whole compiled
    games (simulate/compiled_play.py `play_many`) start from. `Game.compiled_starts` makes them
    from setups at once, without a `State` each."""

    engine: Engine
    context: tuple[Any, ...]
    positions: npt.NDArray[np.int64]
    restores: Sequence[Callable[[Position], Any]]


_SPECIALISED: dict[tuple[Callable[..., Any], Engine], Any] = {}
_REACH: dict[Any, frozenset[str]] = {}  # a specialised copy: the modules its code reaches


def specialised(function: Callable[..., Any], engine: Engine, **calls: Any) -> Any:
    """`function` compiled against the functions of `engine`, cached by numba beside the
    engine's module (`Engine.module`); `calls` are the other specialised functions it calls, by
    the global names it calls them by.

    numba caches a compiled function by its own file's source and bytecode only: a function that
    took the engine's functions as arguments is compiled again in every process (their types
    differ per process), and one that imported them would keep a stale copy after the engine
    changed. So each engine gets its own copy of `function` whose global `engine` is the
    engine's module (numba reads `engine.count` and the like in a module as fixed functions),
    filed under the engine's source and named with a hash of the source of every module the
    copy reaches (`_reach`), so that an edit of any of them gives a new cache file."""
    key = (function, engine)
    if key not in _SPECIALISED:
        module = sys.modules[engine.module]
        reach = _reach(function.__module__, engine.module).union(
            *(_REACH[call] for call in calls.values())
        )
        _SPECIALISED[key] = _hashed(function, module, reach, {"engine": module, **calls})
    return _SPECIALISED[key]


def cached(function: Callable[..., Any]) -> Any:
    """`function` compiled by numba and cached beside its own file, named with a hash of the
    source of every module of this project it can reach (`_reach`): for a function that inlines
    helpers from other modules, which `njit(cache=True)` alone would read back stale once they
    changed (see `specialised`)."""
    module = sys.modules[function.__module__]
    return _hashed(function, module, _reach(function.__module__), {})


def _hashed(function: Callable[..., Any], module: types.ModuleType, reach: frozenset[str],
            names: dict[str, Any]) -> Any:  # fmt: skip
    """A copy of `function`, its globals updated with `names`, filed under `module`'s source
    and named with a hash of the sources in `reach`, compiled with numba's cache."""
    from numba import njit  # numba loads only when compiled code runs

    digest = hashlib.sha256(f"{function.__module__}.{function.__qualname__}".encode())
    for path in sorted(reach):
        digest.update(_source_digest(path))
    name = f"{function.__name__.lstrip('_')}_{digest.hexdigest()[:16]}"
    code = function.__code__.replace(co_filename=inspect.getfile(module), co_name=name)
    copy = types.FunctionType(code, {**function.__globals__, **names}, name)
    copy.__qualname__ = name
    compiled = njit(cache=True)(copy)
    _REACH[compiled] = reach
    return compiled


def _reach(*modules: str) -> frozenset[str]:
    """The source files of `modules` and of every module of this project they import, directly
    or not (read from their source, imports inside functions included): all a numba function
    defined in them can inline or read as a constant. Installed libraries (numpy, numba, the
    standard library) are left out: numba's cache is its own version's."""
    seen, waiting = set(modules), list(modules)
    files: set[str] = set()
    while waiting:
        module = waiting.pop()
        path = _project_file(module)
        if path is None:
            continue
        files.add(path)
        fresh = [name for name in _imports(module, path) if name not in seen]
        seen.update(fresh)
        waiting += fresh
    return frozenset(files)


_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(?P<base>\.*[\w.]*)[ \t]+import[ \t]+(?P<names>\([^)]*\)|[^#\n]*)"
    r"|import[ \t]+(?P<modules>[^#\n]*))",
    re.MULTILINE,
)


@cache
def _imports(module: str, path: str) -> tuple[str, ...]:
    """The modules `module`'s source imports (at its top or inside functions), and the names it
    imports from them that may be modules themselves."""
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    names: list[str] = []
    for found in _IMPORT.finditer(Path(path).read_text()):
        if found["modules"] is not None:
            names += [part.split()[0] for part in found["modules"].split(",") if part.strip()]
            continue
        base = found["base"]
        if base.startswith("."):
            base = importlib.util.resolve_name(base, package)
        names.append(base)
        imported = found["names"].strip("()").replace("\n", " ").split(",")
        names += [f"{base}.{part.split()[0]}" for part in imported if part.strip()]
    return tuple(name for name in names if _project_file(name) is not None)


@cache
def _project_file(module: str) -> str | None:
    """`module`'s source file when it is a module of this project (not an installed library,
    whose submodules are not looked for: that would import the library)."""
    top = module.partition(".")[0]
    if top != module and _project_file(top) is None:
        return None
    loaded = sys.modules.get(module)
    path = getattr(loaded, "__file__", None)
    if loaded is None:
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            return None
        path = spec.origin if spec is not None else None
    if path is None or not path.endswith(".py"):
        return None
    return None if path.startswith(_LIBRARIES) else path


_LIBRARIES = tuple(
    f"{folder}/"
    for key in ("stdlib", "purelib", "platlib")
    for folder in {sysconfig.get_path(key), str(Path(sysconfig.get_path(key)).resolve())}
)


@cache
def _source_digest(path: str) -> bytes:
    return hashlib.sha256(Path(path).read_bytes()).digest()


engine: Any = None  # in each engine's copy of the functions below, that engine's module


def _over(context, position):  # type: ignore[no-untyped-def]
    return engine.over(context, position)


def _to_act(context, position):  # type: ignore[no-untyped-def]
    return engine.to_act(context, position)


def _count(context, position):  # type: ignore[no-untyped-def]
    return engine.count(context, position)


def _move_at(context, position, index):  # type: ignore[no-untyped-def]
    return engine.move_at(context, position, index)


def _apply(context, position, code):  # type: ignore[no-untyped-def]
    engine.apply(context, position, code)


def _rewards(context, position, out):  # type: ignore[no-untyped-def]
    engine.rewards(context, position, out)


def _evaluate(context, position, seat):  # type: ignore[no-untyped-def]
    return engine.evaluate(context, position, seat)


def _value(context, position, seat, code):  # type: ignore[no-untyped-def]
    return engine.value(context, position, seat, code)


def _scores(context, position, out):  # type: ignore[no-untyped-def]
    engine.scores(context, position, out)


def _moves(context, position, codes):  # type: ignore[no-untyped-def]
    return engine.moves(context, position, codes)


_ENTRIES: dict[str, Callable[..., Any]] = {
    "over": _over, "to_act": _to_act, "count": _count, "move_at": _move_at, "apply": _apply,
    "rewards": _rewards, "evaluate": _evaluate, "value": _value, "scores": _scores, "moves": _moves,
}  # fmt: skip
