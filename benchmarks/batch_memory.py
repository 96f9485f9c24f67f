"""The batch engines' page faults and time with glibc's default malloc and with freed memory
kept (simulate/run/heap.py, what every `Worker` sets).

    python benchmarks/batch_memory.py [GAMES] [CHUNK ...] [--game GAME]

Each configuration runs in a fresh process: GAMES random games of GAME (default platypus, the
game with a batch engine, 5000 games) played by its batch engine (`play_random_batch`) CHUNK
games at a time (default 156, as `pnp simulate --games 5000 --workers 1` gives out its chunks,
and 1000, the largest chunk), after an untimed chunk (numba's cache, the engine's tables). It
prints the CPU seconds and the minor page faults of the play alone, and checks that both
settings give the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from pnp.games import ORDER, get_game
from simulate.run.heap import keep_freed_memory
from simulate.run.runner import RunPlan, Worker

ROOT = Path(__file__).resolve().parents[1]


def measure(game: str, games: int, chunk: int, keep: bool) -> dict[str, float | str]:
    """Play in this process; CPU seconds, page faults and a digest of the results."""
    if keep:
        keep_freed_memory()
    options = get_game(game).info.resolve(None, None, {})
    plan = RunPlan(game, options, ("random",) * options.players, 1, games, random_setups=games)
    worker = Worker.__new__(Worker)  # a Worker without its __post_init__ (which keeps memory)
    worker.plan, worker._cache = plan, {}
    engine = get_game(game)
    cap = engine.info.max_turns
    specs = [worker.spec(i) for i in range(games)]
    engine.play_random_batch([(s.setup, s.seed) for s in specs[:2]], cap)  # untimed
    digest = hashlib.sha256()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    start = time.process_time()
    for first in range(0, games, chunk):
        batch = engine.play_random_batch([(s.setup, s.seed) for s in specs[first:first + chunk]],
                                         cap)  # fmt: skip
        if batch is None:
            raise SystemExit(f"{game} has no batch engine")
        digest.update(repr(batch).encode())
    seconds = time.process_time() - start
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
    return {"cpu": seconds, "faults": faults, "digest": digest.hexdigest()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=5000)
    parser.add_argument("chunks", nargs="*", type=int, default=[156, 1000])
    parser.add_argument("--game", default="platypus", choices=ORDER)
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        game, games, chunk, keep = args.child
        print(json.dumps(measure(game, int(games), int(chunk), keep == "keep")))
        return
    print(f"{args.game}, {args.games} random games; CPU s and minor page faults of the play")
    for chunk in args.chunks:
        found = {}
        for keep in ("default", "keep"):
            command = [sys.executable, "-m", "benchmarks.batch_memory", "--child", args.game,
                       str(args.games), str(chunk), keep]  # fmt: skip
            found[keep] = json.loads(subprocess.run(command, check=True, capture_output=True,
                                                    text=True, cwd=ROOT).stdout)  # fmt: skip
        if found["default"]["digest"] != found["keep"]["digest"]:
            raise SystemExit("the two settings played different games")
        before, after = found["default"], found["keep"]
        print(f"chunk {chunk:>5}: default malloc {before['cpu']:.2f} s, {before['faults']:,} "
              f"faults; memory kept {after['cpu']:.2f} s, {after['faults']:,} faults "
              f"({before['cpu'] / after['cpu']:.2f}x)", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
