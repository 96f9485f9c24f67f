"""Games per second with 1 and 2 worker processes, and the speed-up (goal: >= 1.8x on 2 cores).

Plays random Wallaby games (each about 7 ms: a random board, the setup steps and some 400
moves) through the same runner and process pool `pnp simulate` uses, so pool start-up is part of
the figure.

    python benchmarks/scaling.py [GAMES] [GAME] [AGENT]
    python benchmarks/scaling.py all [RANDOM_GAMES] [GREEDY_GAMES]
    python benchmarks/scaling.py cli [RANDOM_GAMES] [GREEDY_GAMES] [GAME ...]

`all`: random and greedy games per second for every game (default options, one random setup
per game, the batch engine where a game has one), 1 and 2 workers, and the speed-up.
`cli`: the same end to end, as a user runs it: the wall time of `pnp simulate GAME --games N
--agents A --workers W` in a fresh process (Python's start, imports, pool, play, summary,
games.csv and report.pdf), for the games named (default: every game).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time

from pnp.games import ORDER, get_game
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


def every_game(random_games: int, greedy_games: int) -> None:
    print(f"{'game':<18} {'agent':<7} {'1 worker':>10} {'2 workers':>10} {'speed-up':>9}")
    for name in ORDER:
        for agent, games in (("random", random_games), ("greedy", greedy_games)):
            one = games_per_second(name, agent, games, 1)
            two = games_per_second(name, agent, games, 2)
            print(f"{name:<18} {agent:<7} {one:>10.1f} {two:>10.1f} {two / one:>8.2f}x",
                  flush=True)  # fmt: skip


def command_seconds(game: str, agent: str, games: int, workers: int) -> float:
    """The wall time of one `pnp simulate` run in a fresh process."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "pnp", "simulate", game, "--games", str(games),
                   "--agents", agent, "--workers", str(workers), "--out", out]  # fmt: skip
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


def every_command(random_games: int, greedy_games: int, games: list[str]) -> None:
    print(f"{'game':<18} {'agent':<7} {'games':>6} {'1 worker s':>11} {'2 workers s':>12} "
          f"{'speed-up':>9}")  # fmt: skip
    for name in games or ORDER:
        for agent, count in (("random", random_games), ("greedy", greedy_games)):
            one = command_seconds(name, agent, count, 1)
            two = command_seconds(name, agent, count, 2)
            print(f"{name:<18} {agent:<7} {count:>6} {one:>11.2f} {two:>12.2f} "
                  f"{one / two:>8.2f}x", flush=True)  # fmt: skip


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "cli":
        counts = [int(n) for n in sys.argv[2:4]] + [4000, 400][len(sys.argv[2:4]) :]
        every_command(counts[0], counts[1], sys.argv[4:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "all":
        counts = [int(n) for n in sys.argv[2:4]]
        every_game(*(counts + [400, 40][len(counts) :]))
        return
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
