"""Each game's default verdict: `pnp balance GAME --seed S` with no other option, timed.

    python benchmarks/default_verdicts.py [--seed S] [--time 4m] [GAME ...]

The default `pnp balance` climbs the game's ladder on a time budget and stops when its reading
is settled or decided (docs/balance/time.md). Played once per game (every game with choices, or
those named), each run is timed from start to exit (wall seconds, compiling included: run it
twice for a warm figure). Printed: a Markdown table of the game, its ladder, how the run stopped,
the setups it read, its reading, and the seconds; the docs' table of default verdicts
(docs/balance/time.md) is this script's output.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnp.games import GAMES


def default_verdict(
    game: str, seed: int, budget: str | None, keep: str | None
) -> tuple[dict[str, object], float]:
    """The ladder.json of `pnp balance GAME --seed SEED [--time BUDGET]` and its wall seconds
    (its folders kept in `keep`, if given)."""
    with contextlib.ExitStack() as stack:
        out = tempfile.mkdtemp(dir=keep) if keep else stack.enter_context(
            tempfile.TemporaryDirectory())  # fmt: skip
        command = [sys.executable, "-m", "pnp", "balance", game, "--seed", str(seed), "--out", out]
        if budget:
            command += ["--time", budget]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        folder = Path(out) / f"{game}-balance-{seed}"
        document: dict[str, object] = json.loads((folder / "ladder.json").read_text())
    return document, seconds


def row(game: str, document: dict[str, object], seconds: float) -> str:
    timed = document["timed"]
    reading = document["reading"]
    assert isinstance(timed, dict) and isinstance(reading, dict)
    ladder = ", ".join(str(agent) for agent in document["ladder"])  # type: ignore[attr-defined]
    verdict = str(reading["verdict"]).replace("|", "/")
    return (f"| `{game}` | {ladder} | {timed['stopped']} | {timed['setups']:,} | {verdict} | "
            f"{seconds:.0f} s |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time", default=None, help="--time of every run (default: pnp's)")
    parser.add_argument("--keep", default=None, help="a folder to keep the runs in")
    parser.add_argument("games", nargs="*", help="games (default: every game with choices)")
    args = parser.parse_args()
    names = args.games or [name for name, game in GAMES.items() if game.info.has_choices]
    print(f"default `pnp balance GAME --seed {args.seed}`"
          + (f" --time {args.time}" if args.time else ""))  # fmt: skip
    print("| game | ladder | stopped | setups | reading | wall |")
    print("|---|---|---|---|---|---|")
    for name in names:
        document, seconds = default_verdict(name, args.seed, args.time, args.keep)
        print(row(name, document, seconds), flush=True)


if __name__ == "__main__":
    main()
