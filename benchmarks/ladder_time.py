"""The time of each game's default verdict ladder (`pnp balance GAME --ladder default`).

    python benchmarks/ladder_time.py [--setups S] [--games-per-setup G] [--workers W] [GAME ...]

The default ladder plays 20 setups of 200 games (4,000 games) at every rung and in every
head-to-head between neighbouring rungs, which takes hours for the searching rungs; this plays
the same ladder at S x G games a stage (default 4 x 10) and scales it up. Each stage (a rung or
a head-to-head, one run folder of the ladder) is timed from the moment the previous stage's
summary.json appeared to the moment its own did. The same ladder is first played at one game a
stage, twice (the first run compiles or loads the engines): a stage of N games is taken to cost
that stage at one game plus (N - 1) games at the rate between the two runs, so its fixed cost
(start-up, report) is not scaled up. Printed per game: each stage's seconds at S x G games and
at one, and the estimate of the default ladder, stage by stage and in all.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game_options import parse_game_options

from pnp.games import get_game

DEFAULT_GAMES = 20 * 200  # balance's default setups x games per setup


def stage_seconds(game: str, setups: int, per_setup: int, workers: int) -> dict[str, float]:
    """The wall time of each stage of the game's default ladder at `setups` x `per_setup`
    games a stage, in the order the stages finished."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "pnp", "balance", game, "--ladder", "default",
                   "--setups", str(setups), "--games-per-setup", str(per_setup), "--seed", "1",
                   "--workers", str(workers), "--out", out]  # fmt: skip
        start = last = time.perf_counter()
        seen: dict[str, float] = {}
        running = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        while True:
            ended = running.poll() is not None
            for summary in sorted(Path(out).rglob("summary.json")):
                if summary.parent.name not in seen:
                    now = time.perf_counter()
                    seen[summary.parent.name], last = now - last, now
            if ended:
                break
            time.sleep(0.2)
        if running.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed with exit code {running.returncode}")
        seen["(report)"] = time.perf_counter() - last
        seen["(all)"] = time.perf_counter() - start
        return seen


def main() -> None:
    args, names = parse_game_options(__doc__, setups=4, games_per_setup=10, workers=2)
    played = args.setups * args.games_per_setup
    for name in names:
        stage_seconds(name, 1, 1, args.workers)  # compiles or loads the engines
        fixed = stage_seconds(name, 1, 1, args.workers)
        timed = stage_seconds(name, args.setups, args.games_per_setup, args.workers)
        print(f"{name}: ladder {', '.join(get_game(name).info.ladder)}; {played} games a stage "
              f"in {timed['(all)']:.0f} s (one game a stage: {fixed['(all)']:.0f} s)")  # fmt: skip
        total = 0.0
        for stage, seconds in timed.items():
            if stage == "(all)":
                continue
            base = fixed.get(stage, 0.0)
            rate = max(seconds - base, 0.0) / max(played - 1, 1)
            estimate = base + rate * (DEFAULT_GAMES - 1) if stage != "(report)" else seconds
            total += estimate
            print(f"  {stage:<40} {seconds:8.1f} s (one game: {base:6.1f} s)   default "
                  f"({DEFAULT_GAMES} games): {estimate / 60:8.1f} min")  # fmt: skip
        print(f"  default ladder, estimate: {total / 3600:.1f} h", flush=True)


if __name__ == "__main__":
    main()
