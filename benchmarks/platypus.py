"""Platypus: pnp's engine against the C peer (../shared/peers/platypus_ref.c), on one core.

Finds the peer in $PNP_SHARED/peers/, else in the shared/ folder beside the project (or beside
its git checkout), and builds it with `gcc -O2` into benchmarks/.build/; then, `--repeats` times
in turn, runs the peer and pnp's engine on N uniform deals (seat 0 starts, turn cap 10,000,000,
as the peer does) and keeps each side's best time, since other work on the machine only ever
slows a run.
Prints steps per second for each and the ratio (goal: pnp >= 0.5x), then both sides' rates of
first-player wins, draws, losses, endless and undecided games with Wilson 95% intervals and a
two-proportion z score (|z| < 1.96: consistent at the 5% level). The two sides draw their deals
from different generators, so rates are compared, not games.

A step is one turn of the rules computed (the peer's count, the final end-of-game check
included). pnp also counts the replays that place the first repetition exactly and the search
past the cap, which the peer does not do, so its steps are more work per game, not less.

    python benchmarks/platypus.py [--games 100000] [--repeats 3] [--numpy 20000]
    python benchmarks/platypus.py --simulate 100000   # also time `pnp simulate` end to end
    python benchmarks/platypus.py --same-deals 100000 # also play the peer's own deals in pnp

`--numpy N` also times benchmarks/platypus_numpy.py, the array-at-a-time numpy engine that pnp
would use without numba, on N deals with a cap of 100,000 turns: why the engine is compiled.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.platypus.engine import FINISHED, play_games  # noqa: E402
from simulate.measure.inference import wilson  # noqa: E402

CAP = 10_000_000  # the peer's cap, and pnp's max_turns
NUMPY_CAP = 100_000  # at 10,000,000 the numpy engine's few longest games would take minutes
Z95 = 1.959963984540054


def git(checkout: Path, *args: str) -> str:
    """A git query in `checkout` ("" where there is no git or no answer)."""
    try:
        done = subprocess.run(["git", "-C", str(checkout), *args], capture_output=True, text=True)
    except OSError:
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def shared_folders() -> list[Path]:
    """Where ../shared may be, in order: $PNP_SHARED; beside the project; beside the checkout
    it is a worktree of; and the same for the local checkout it was cloned from (a clean clone
    made elsewhere); last, two levels up."""
    found = [Path(os.environ["PNP_SHARED"])] if os.environ.get("PNP_SHARED") else []
    origin = Path(git(ROOT, "config", "--get", "remote.origin.url") or ROOT)
    for checkout in dict.fromkeys([ROOT, origin]):
        if not checkout.is_dir():
            continue  # a remote URL, not a folder
        found.append(checkout.resolve().parent / "shared")
        common = git(checkout, "rev-parse", "--path-format=absolute", "--git-common-dir")
        if common:
            found.append(Path(common).parent.parent / "shared")
    found.append(ROOT.parent.parent / "shared")
    return list(dict.fromkeys(path.resolve() for path in found))


def peer_paths() -> list[Path]:
    return [folder / "peers" / "platypus_ref.c" for folder in shared_folders()]


def find_peer() -> Path:
    tried = peer_paths()
    for candidate in tried:
        if candidate.is_file():
            return candidate
    sys.exit(
        "the C peer platypus_ref.c was not found; tried "
        + ", ".join(map(str, tried))
        + " (set PNP_SHARED to the shared folder)"
    )


def build_peer(build: Path = ROOT / "benchmarks" / ".build") -> Path:
    build.mkdir(parents=True, exist_ok=True)
    binary = build / "platypus_ref"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(find_peer())], check=True)
    return binary


def one_core() -> list[str]:
    return ["taskset", "-c", "0"] if sys.platform.startswith("linux") else []


def run_peer(binary: Path, games: int, seed: int) -> dict[str, float]:
    out = subprocess.run(
        [*one_core(), str(binary), str(games), str(seed)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    numbers = {k: float(v) for k, v in re.findall(r"([a-z_]+) ([0-9.e+]+)", out)}
    return numbers


def run_pnp(games: int, seed: int) -> tuple[dict[str, float], float]:
    tables = np.random.default_rng(seed).integers(0, 16, size=(games, 2, 7)).astype(np.uint8)
    counts = pnp_counts(tables)
    return counts, counts["sec"]


def pnp_counts(tables: np.ndarray) -> dict[str, float]:
    """The peer's counts for pnp's engine on `tables` (seat 0 starts, the peer's cap)."""
    start = time.perf_counter()
    ended = play_games(tables, CAP)
    seconds = time.perf_counter() - start
    finished = ended.outcome == FINISHED
    first, second = ended.scores[:, 0], ended.scores[:, 1]
    return {
        "games": len(tables),
        "ended": int(finished.sum()),
        "first_wins": int((finished & (first > second)).sum()),
        "draws": int((finished & (first == second)).sum()),
        "first_losses": int((finished & (first < second)).sum()),
        "endless": int((ended.outcome == 1).sum()),
        "undecided": int((ended.outcome == 2).sum()),
        "mean_turns_ended": float(ended.turns[finished].mean()) if finished.any() else 0.0,
        "steps": float(ended.steps.sum()),
        "sec": seconds,
        "longest_ended": float(ended.turns[finished].max()) if finished.any() else 0.0,
    }


MASK = (1 << 64) - 1


def peer_tables(games: int, seed: int) -> np.ndarray:
    """The tables the peer deals for `games` and `seed`: its generator (xoroshiro128+, seeded and
    warmed up as platypus_ref.c does) replayed here. The peer's column is colour r & 1, animal
    (r >> 1) & 3 and direction +1 (the Ghost Gum) when (r >> 3) & 1: pnp's byte is r & 15."""
    s0, s1 = (seed * 0x9E3779B97F4A7C15 + 1) & MASK, seed ^ 0xD1B54A32D192ED03
    out = np.empty(games * 14 + 10, dtype=np.uint8)
    for k in range(games * 14 + 10):
        result = (s0 + s1) & MASK
        s1 ^= s0
        s0 = ((s0 << 55 | s0 >> 9) & MASK) ^ s1 ^ (s1 << 14 & MASK)
        s1 = (s1 << 36 | s1 >> 28) & MASK
        out[k] = result & 15
    return out[10:].reshape(games, 2, 7)


def print_same_deals(peer: dict[str, float], games: int, seed: int) -> None:
    """pnp on the peer's own deals: finished games and their outcomes must match exactly. The
    peer calls a game endless only when Brent's search meets the repetition before the cap, so
    a game whose first repetition comes just before the cap may be undecided there, endless in
    pnp; endless + undecided match."""
    ours = pnp_counts(peer_tables(games, seed))
    print(f"\nthe same {games} deals (the peer's generator replayed), seed {seed}")
    for side in (peer, ours):
        side["not_ended"] = side["endless"] + side["undecided"]
    print(f"{'':18}{'C peer':>14}{'pnp':>14}")
    keys = ("ended", "first_wins", "draws", "first_losses", "mean_turns_ended", "not_ended")
    for key in (*keys, "endless", "undecided"):
        same = "same" if abs(peer[key] - ours[key]) < 5e-4 else "differs"
        print(f"{key:18}{peer[key]:>14,.3f}{ours[key]:>14,.3f}  {same}")


def z_score(a: float, n: float, b: float, m: float) -> float:
    pooled = (a + b) / (n + m)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m)) if 0 < pooled < 1 else 0.0
    return (a / n - b / m) / spread if spread else 0.0


def print_rates(peer: dict[str, float], pnp: dict[str, float]) -> None:
    print(f"\nrates over all games (C peer: {peer['games']:.0f} games, pnp: {pnp['games']:.0f})")
    print(f"{'':14}{'C peer':>26}{'pnp':>26}{'z':>8}")
    for key in ("first_wins", "draws", "first_losses", "endless", "undecided"):
        cells = []
        for side in (peer, pnp):
            lo, hi = wilson(int(side[key]), int(side["games"]))
            cells.append(f"{side[key] / side['games']:8.4f} [{lo:.4f}, {hi:.4f}]")
        z = z_score(peer[key], peer["games"], pnp[key], pnp["games"])
        verdict = "" if abs(z) < Z95 else "  <- differs"
        print(f"{key:14}{cells[0]:>26}{cells[1]:>26}{z:8.2f}{verdict}")


def time_simulate(games: int) -> None:
    """`pnp simulate platypus --games N --workers 1` in this process, end to end."""
    from pnp.games import get_game
    from simulate.agents.base import parse_agents
    from simulate.run.executors import Execution
    from simulate.run.runner import RunPlan
    from simulate.studies.session import run

    info = get_game("platypus").info
    agents = parse_agents("random", info.default_players, info)
    plan = RunPlan(info.name, info.resolve(None, None, {}), agents, 1, games, random_setups=games)
    start, cpu = time.perf_counter(), time.process_time()
    result = run(plan, Execution(1), show_progress=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    rate = result.played / seconds
    label = f"pnp simulate platypus --games {games} --workers 1 (games played, no report)"
    print(f"\n{label}: {seconds:.1f} s wall, {cpu:.1f} s CPU ({rate:,.0f} games/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--numpy", type=int, default=0, help="also time the numpy engine")
    parser.add_argument("--simulate", type=int, default=0, help="also time pnp simulate")
    parser.add_argument(
        "--same-deals", type=int, default=0, help="also play the peer's own N deals in pnp"
    )
    args = parser.parse_args()
    if one_core():
        os.sched_setaffinity(0, {0})
    binary = build_peer()
    play_games(np.zeros((1, 2, 7), np.uint8), 10)  # compile (or load the cache) first
    best_peer: dict[str, float] | None = None
    best_pnp: dict[str, float] | None = None
    for _ in range(args.repeats):
        peer = run_peer(binary, args.games, args.seed)
        if best_peer is None or peer["sec"] < best_peer["sec"]:
            best_peer = peer
        pnp, _ = run_pnp(args.games, args.seed)
        if best_pnp is None or pnp["sec"] < best_pnp["sec"]:
            best_pnp = pnp
    assert best_peer is not None and best_pnp is not None
    peer_rate = best_peer["steps"] / best_peer["sec"]
    pnp_rate = best_pnp["steps"] / best_pnp["sec"]
    print(
        f"Platypus, {args.games} uniform deals, turn cap {CAP:,}, one core, best of {args.repeats}"
    )
    print(f"C peer (gcc -O2): {best_peer['sec']:7.2f} s  {peer_rate:.3e} steps/s  "
          f"{best_peer['steps']:.4g} steps")  # fmt: skip
    print(f"pnp (numba):      {best_pnp['sec']:7.2f} s  {pnp_rate:.3e} steps/s  "
          f"{best_pnp['steps']:.4g} steps")  # fmt: skip
    print(f"ratio pnp / C steps per second: {pnp_rate / peer_rate:.2f} (goal >= 0.5)")
    print(f"ratio pnp / C games per second: {best_peer['sec'] / best_pnp['sec']:.2f}")
    print(f"longest finished game seen by pnp: {best_pnp['longest_ended']:,.0f} turns")
    print_rates(best_peer, best_pnp)
    if args.same_deals:
        peer = run_peer(binary, args.same_deals, args.seed)
        print_same_deals(peer, args.same_deals, args.seed)
    if args.numpy:
        from platypus_numpy import run_numpy

        steps, seconds = run_numpy(args.numpy, args.seed, NUMPY_CAP)
        rate = steps / seconds
        print(f"\nnumpy lane engine, {args.numpy} deals, cap {NUMPY_CAP:,}: {seconds:.2f} s, "
              f"{rate:.3e} steps/s = {rate / peer_rate:.2f}x the C peer")  # fmt: skip
    if args.simulate:
        time_simulate(args.simulate)


if __name__ == "__main__":
    main()
