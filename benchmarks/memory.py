"""Peak memory of a run by number of games: does a run stay flat?

Three runs (`--run`): `platypus` is `pnp simulate platypus` (every game its own deal);
`deals` is `pnp balance platypus --setups N/2` (random deals, each played in both seat orders
and read back as deals, with deals.csv and the komi); `komi` is `pnp balance paper-penguins
--setups 100` with random agents (games per setup N/100, the komi read back over setups).

Each case runs the command in its own child process (one worker, so the run is that one
process) and reads the child's peak resident set size from `resource.getrusage`, and beside it
the peak of its anonymous part (`RssAnon` in /proc/PID/status, sampled every 20 ms): what the
process allocated, without the pages of files it maps (its libraries, and the setup fold's
file, simulate/measure/setupfold.py, whose clean pages the system can drop at any time). A case with
a time limit is stopped by SIGINT (Ctrl-C) that many seconds after its first games are on disk,
as a user would stop a run far too long to finish, and keeps what it played: the case checks
that its summary.json counts exactly the games results.jsonl kept and games.csv has a row for
each. The last column is the peak against the first case's.

    python -m benchmarks.memory [--run platypus|deals|komi] [--games 10000 1000000]
        [--limited 100000000 --seconds 60]
"""

from __future__ import annotations

import argparse
import json
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Peak:
    games: int  # scheduled
    played: int  # kept in results.jsonl, counted in summary.json and listed in games.csv
    seconds: float
    peak_mb: float
    anon_mb: float  # the peak of RssAnon, sampled
    stopped: bool  # by the time limit


KOMI_SETUPS = 100


def pnp_command(run: str, games: int, out: str) -> tuple[list[str], Path]:
    """The pnp command of a case and the run folder it writes."""
    common = ["--seed", "1", "--workers", "1", "--out", out]
    if run == "deals":
        args = ["balance", "platypus", "--setups", str(games // 2)]
        folder = "platypus-balance-1"
    elif run == "komi":
        args = ["balance", "paper-penguins", "--setups", str(KOMI_SETUPS), "--games-per-setup",
                str(games // KOMI_SETUPS), "--agents", "random"]  # fmt: skip
        folder = "paper-penguins-balance-1"
    else:
        args, folder = ["simulate", "platypus", "--games", str(games)], "platypus-sim-1"
    return [sys.executable, "-m", "pnp", *args, *common], Path(out, folder)


def measure(run: str, games: int, limit: float | None) -> Peak:
    """Run one case in a child process; its peak RSS comes from RUSAGE_CHILDREN, which is
    reset only per process, so each case is measured by a fresh interpreter (`--one`)."""
    command = [sys.executable, "-m", "benchmarks.memory", "--run", run, "--one", str(games)]
    if limit is not None:
        command += ["--seconds", str(limit)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    played, seconds, peak_kb, anon, stopped = done.stdout.split()
    return Peak(games, int(played), float(seconds), int(peak_kb) / 1024, int(anon) / 1024,
                stopped == "1")  # fmt: skip


def anon_kb(pid: int) -> int:
    """The process's resident anonymous memory (kB), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def waited(child: subprocess.Popen[bytes], limit: float | None) -> tuple[int, bool]:
    """Wait for `child`, stopped by SIGINT after `limit` seconds if given, sampling its
    RssAnon every 20 ms: the peak sampled, and whether it was stopped."""
    peak, stopped = 0, False
    deadline = None if limit is None else time.perf_counter() + limit
    while child.poll() is None:
        peak = max(peak, anon_kb(child.pid))
        if deadline is not None and not stopped and time.perf_counter() > deadline:
            child.send_signal(signal.SIGINT)
            stopped = True
        time.sleep(0.02)
    return peak, stopped


def one(run: str, games: int, limit: float | None) -> None:
    """The `--one` case: run pnp, stop it after `limit` seconds if given, print the figures."""
    with tempfile.TemporaryDirectory() as out:
        command, folder = pnp_command(run, games, out)
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while (
            limit is not None and child.poll() is None and not (folder / "results.jsonl").exists()
        ):
            time.sleep(0.05)  # the limit counts from the first game played, not from start-up
        anon, stopped = waited(child, limit)
        seconds = time.perf_counter() - started
        played = sum(1 for _ in (folder / "results.jsonl").open()) - 1
        summary = json.loads((folder / "summary.json").read_text())
        rows = sum(1 for _ in (folder / "games.csv").open()) - 1
        if not summary["games"] == rows == played or summary["complete"] == stopped:
            raise SystemExit(f"summary of {summary['games']} games, {rows} rows, {played} kept")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # kB on Linux
    print(played, f"{seconds:.1f}", peak, anon, int(stopped))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", choices=["platypus", "deals", "komi"], default="platypus")
    parser.add_argument("--games", type=int, nargs="*", default=[10**4, 10**6])
    parser.add_argument("--limited", type=int, nargs="*", default=[10**8])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        one(args.run, args.one, args.seconds if "--seconds" in sys.argv else None)
        return
    cases = [(games, None) for games in args.games]
    cases += [(games, args.seconds) for games in args.limited]
    print(f"{'games scheduled':>16} {'games played':>13} {'seconds':>8} {'peak RSS MB':>12} "
          f"{'vs first':>9} {'peak RssAnon MB':>16} {'vs first':>9}")  # fmt: skip
    first = None
    for games, limit in cases:
        peak = measure(args.run, games, limit)
        first = first or peak
        note = "  (stopped by Ctrl-C)" if peak.stopped else ""
        figures = f"{peak.games:>16,} {peak.played:>13,} {peak.seconds:>8.1f} {peak.peak_mb:>12.0f}"
        anon = f"{peak.anon_mb:>16.0f} {peak.anon_mb / first.anon_mb:>8.2f}x"
        print(f"{figures} {peak.peak_mb / first.peak_mb:>8.2f}x {anon}{note}", flush=True)


if __name__ == "__main__":
    main()
