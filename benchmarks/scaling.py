"""Games per second with 1 and 2 worker processes, and the speed-up (goal: >= 1.8x on 2 cores).

Plays random Wallaby games (each about 7 ms: a random board, the setup steps and some 400
moves) through the same runner and process pool `pnp simulate` uses, so pool start-up is part of
the figure.

    python benchmarks/scaling.py [GAMES] [GAME] [AGENT]
"""

from __future__ import annotations

import sys
import time

from pnp.games import get_game
from simulate.executors import Execution
from simulate.runner import RunPlan
from simulate.session import run

GOAL_GAME_MS = 5.0  # the speed-up goal is for games at least this long


def games_per_second(game: str, agent: str, games: int, workers: int) -> float:
    info = get_game(game).info
    options = info.resolve(None, None, {})
    plan = RunPlan(game, options, (agent,) * options.players, 1, games, random_setups=games)
    start = time.perf_counter()
    result = run(plan, Execution(workers), show_progress=False)
    elapsed = time.perf_counter() - start
    assert result.complete
    return games / elapsed


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    game = sys.argv[2] if len(sys.argv) > 2 else "wallaby"
    agent = sys.argv[3] if len(sys.argv) > 3 else "random"
    one = games_per_second(game, agent, games, 1)
    two = games_per_second(game, agent, games, 2)
    per_game = 1000 / one
    print(f"{game} ({agent}), {games} games: {per_game:.2f} ms per game on one worker")
    if per_game < GOAL_GAME_MS:
        print(f"note: the goal is for games of >= {GOAL_GAME_MS:g} ms; at {per_game:.2f} ms pool "
              "overhead weighs more: pick a slower game or agent")  # fmt: skip
    print(f"1 worker:  {one:8.1f} games/s")
    print(f"2 workers: {two:8.1f} games/s")
    print(f"speed-up:  {two / one:8.2f}x (goal >= 1.8x on 2 cores)")


if __name__ == "__main__":
    main()
