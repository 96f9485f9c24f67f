"""A run's compiled code made ready before its workers start, and said on screen when that means
compiling.

The first run of a game with given agents on a machine compiles the engine's copies it plays
(pnp/games/compiled.py `specialised`; half a minute to a minute and a half each), which numba
then keeps in its cache for every later run. Without a word that first run seemed to hang. So
before the workers start, `ready_engines` plays the plan's first game for one turn in this
process, through the very path a worker takes (`play_games`): that compiles exactly the copies
the run calls, or loads them from the cache (under a second), and the workers then load them.
numba reports each real compilation (its "numba:compile" event, never sent for a cache load),
so the notice appears only when there is something to wait for, with how long it took.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pnp.games import get_game
from simulate.agents.base import make_agent
from simulate.run.runner import RunPlan, Worker, play_games


def ready_engines(plan: RunPlan, starting: Callable[[], None]) -> float:
    """Compile (or load from numba's cache) what the workers of `plan` will call, by playing
    its first game for one turn here; `starting()` is called once when numba starts compiling.
    The seconds spent compiling (0.0 when the cache had everything)."""
    from numba.core import event  # numba loads only when a run plays

    class Compiles(event.Listener):
        def __init__(self) -> None:
            self.depth, self.began, self.seconds, self.told = 0, 0.0, 0.0, False

        def on_start(self, _: Any) -> None:
            if self.depth == 0:
                if not self.told:
                    starting()
                    self.told = True
                self.began = time.perf_counter()
            self.depth += 1

        def on_end(self, _: Any) -> None:
            self.depth -= 1
            if self.depth == 0:
                self.seconds += time.perf_counter() - self.began

    game = get_game(plan.game)
    spec = Worker(plan).spec(0)
    with event.install_listener("numba:compile", Compiles()) as compiles:
        play_games(game, [spec.setup], [[make_agent(name) for name in spec.agents]], [spec.seed], 1)
    return float(compiles.seconds)
