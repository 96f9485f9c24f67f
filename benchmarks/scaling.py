"""Games per second with 1 and 2 worker processes, and the speed-up (goal: >= 1.8x on 2 cores).

    python benchmarks/scaling.py all [--seconds S] [--repeats R] [GAME ...]
    python benchmarks/scaling.py cli [--random N] [--greedy N] [--repeats R] [GAME ...]
    python benchmarks/scaling.py long [--seconds S] [--agent A] [--repeats R] [GAME ...]
    python benchmarks/scaling.py one [--games N] [--game GAME] [--agent AGENT]

`all`: random and greedy games per second of every game named (default: every game; default
options, one random setup per game, compiled engines where a game has them) through the runner
and process pool `pnp simulate` uses, with 1 and 2 workers. The work is compared, not the
start: each configuration first plays one untimed run (numba's compile or cache load, the pool's
start; its wall time is printed as "first s"), then the game count is raised until one worker
takes at least S seconds (default 4, so 2 workers at 1.8x take over 2), and the figure is the
median of R timed runs (default 3) of that many games.

`cli`: end to end, as a user runs it: the wall time of `pnp simulate GAME --games N --agents A
--workers W` in a fresh process (Python's start, imports, pool, play, summary, games.csv and
report.pdf), the median of R runs (default 1), beside the wall time of the same command for one
game (the fixed cost a run pays whatever its games), so that both the end-to-end speed-up and
the speed-up of the rest (the games) are shown.

`long`: end to end like `cli`, for a run worth a second worker: for each game, the game count
is raised until `pnp simulate GAME --agents A --workers 1` takes about S seconds in all
(default 60, agent default greedy, simulate's default), then that command runs with 1 and 2
workers, alternating, R times each (default 2); printed: the count, each run's wall time and the
ratio of the medians, beside the same command for one game (the fixed cost of a run).

`one`: one game and agent, 1 and 2 workers, N games each, after an untimed run of each.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

from pnp.games import ORDER, get_game
from simulate.run.executors import Execution
from simulate.run.runner import RunPlan
from simulate.studies.session import run


def seconds_for(game: str, agent: str, games: int, workers: int) -> float:
    """The wall time of one run of `games` games (each its own random setup) in this process."""
    options = get_game(game).info.resolve(None, None, {})
    plan = RunPlan(game, options, (agent,) * options.players, 1, games, random_setups=games)
    start = time.perf_counter()
    result = run(plan, Execution(workers), show_progress=False)
    elapsed = time.perf_counter() - start
    assert result.complete
    return elapsed


def calibrated(game: str, agent: str, seconds: float) -> int:
    """A game count one worker plays in at least `seconds` (after a warm run)."""
    games = 20
    while True:
        took = seconds_for(game, agent, games, 1)
        if took >= seconds:
            return games
        games = int(games * min(10.0, 1.2 * seconds / max(took, 1e-3))) + 1


def every_game(names: list[str], seconds: float, repeats: int) -> None:
    print(f"{'game':<18} {'agent':<7} {'games':>7} {'first s':>8} {'1 worker g/s':>13} "
          f"{'first s':>8} {'2 workers g/s':>14} {'speed-up':>9}")  # fmt: skip
    for name in names:
        for agent in ("random", "greedy"):
            first_one = seconds_for(name, agent, 20, 1)  # compiles or loads the engines
            games = calibrated(name, agent, seconds)
            one = games / statistics.median(
                seconds_for(name, agent, games, 1) for _ in range(repeats)
            )
            first_two = seconds_for(name, agent, 40, 2)  # starts the pool, loads in workers
            two = games / statistics.median(
                seconds_for(name, agent, games, 2) for _ in range(repeats)
            )
            print(f"{name:<18} {agent:<7} {games:>7} {first_one:>8.2f} {one:>13.1f} "
                  f"{first_two:>8.2f} {two:>14.1f} {two / one:>8.2f}x", flush=True)  # fmt: skip


def command_seconds(game: str, agent: str, games: int, workers: int) -> float:
    """The wall time of one `pnp simulate` run in a fresh process."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "pnp", "simulate", game, "--games", str(games),
                   "--agents", agent, "--workers", str(workers), "--out", out]  # fmt: skip
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


def every_command(names: list[str], counts: dict[str, int], repeats: int) -> None:
    print(f"{'game':<18} {'agent':<7} {'games':>6} {'W':>2} {'1 game s':>9} {'N games s':>10} "
          f"{'games only s':>13}")  # fmt: skip
    for name in names:
        for agent, count in counts.items():
            totals = {}
            for workers in (1, 2):
                fixed = command_seconds(name, agent, 1, workers)
                total = statistics.median(
                    command_seconds(name, agent, count, workers) for _ in range(repeats)
                )
                totals[workers] = (total, total - fixed)
                print(f"{name:<18} {agent:<7} {count:>6} {workers:>2} {fixed:>9.2f} "
                      f"{total:>10.2f} {total - fixed:>13.2f}", flush=True)  # fmt: skip
            (one, one_games), (two, two_games) = totals[1], totals[2]
            games_only = (
                f"{one_games / two_games:.2f}x"
                if min(one_games, two_games) > 0.1 * max(one, two)
                else "not measured: the games take under a tenth of the run, raise N"
            )
            print(f"{'':<18} {'':<7} {'':>6} speed-up end to end {one / two:.2f}x, games only "
                  f"{games_only}", flush=True)  # fmt: skip


def long_runs(names: list[str], seconds: float, agent: str, repeats: int) -> None:
    print(f"{'game':<18} {'agent':<7} {'games':>7} {'1 game s':>9} {'1 worker s':>18} "
          f"{'2 workers s':>18} {'end to end':>11}")  # fmt: skip
    for name in names:
        command_seconds(name, agent, 1, 1)  # loads or compiles the engines
        fixed = command_seconds(name, agent, 1, 1)
        games, took = 200, command_seconds(name, agent, 200, 1)
        while took < 0.9 * seconds:
            per_game = max(took - fixed, 0.05) / games
            games = max(games + 1, int(min(10 * games, (seconds - fixed) / per_game)))
            took = command_seconds(name, agent, games, 1)
        runs: dict[int, list[float]] = {1: [took], 2: []}
        for _ in range(repeats):
            runs[2].append(command_seconds(name, agent, games, 2))
            if len(runs[1]) < repeats:
                runs[1].append(command_seconds(name, agent, games, 1))
        one, two = (statistics.median(runs[w]) for w in (1, 2))
        shown = {w: " ".join(f"{t:.1f}" for t in runs[w]) for w in (1, 2)}
        print(f"{name:<18} {agent:<7} {games:>7} {fixed:>9.2f} {shown[1]:>18} {shown[2]:>18} "
              f"{one / two:>10.2f}x", flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    every = modes.add_parser("all", help="games/s of every game, 1 and 2 workers")
    every.add_argument("--seconds", type=float, default=4.0)
    every.add_argument("--repeats", type=int, default=3)
    every.add_argument("names", nargs="*", metavar="GAME")
    cli = modes.add_parser("cli", help="end to end, `pnp simulate` in a fresh process")
    cli.add_argument("--random", type=int, default=4000)
    cli.add_argument("--greedy", type=int, default=400)
    cli.add_argument("--repeats", type=int, default=1)
    cli.add_argument("names", nargs="*", metavar="GAME")
    long = modes.add_parser("long", help="end to end, a run of about S s with 1 worker")
    long.add_argument("--seconds", type=float, default=60.0)
    long.add_argument("--agent", default="greedy")
    long.add_argument("--repeats", type=int, default=2)
    long.add_argument("names", nargs="*", metavar="GAME")
    one = modes.add_parser("one", help="one game and agent")
    one.add_argument("--games", type=int, default=2000)
    one.add_argument("--game", default="wallaby", choices=ORDER)
    one.add_argument("--agent", default="random")
    args = parser.parse_args()
    unknown = set(getattr(args, "names", None) or []) - set(ORDER)
    if unknown:
        parser.error(f"unknown games {sorted(unknown)}; games: {', '.join(ORDER)}")
    if args.mode == "all":
        every_game(args.names or list(ORDER), args.seconds, args.repeats)
    elif args.mode == "cli":
        every_command(args.names or list(ORDER), {"random": args.random, "greedy": args.greedy},
                      args.repeats)  # fmt: skip
    elif args.mode == "long":
        long_runs(args.names or list(ORDER), args.seconds, args.agent, args.repeats)
    else:
        for workers in (1, 2):
            seconds_for(args.game, args.agent, 40, workers)  # untimed: engines, pool
        rates = [args.games / seconds_for(args.game, args.agent, args.games, w) for w in (1, 2)]
        print(f"{args.game} ({args.agent}), {args.games} games: 1 worker {rates[0]:.1f} games/s, "
              f"2 workers {rates[1]:.1f}: {rates[1] / rates[0]:.2f}x (goal >= 1.8x)")  # fmt: skip


if __name__ == "__main__":
    main()
