"""The komi checked on fresh seeds: estimated from one run, replayed on games of another seed.

For a two-player scored game, plays `--setups` random setups (or the sheet of `--board`) with
`--games` paired games each from `--seed`, estimates the komi with its 95% interval
(simulate/measure/komi.py), then plays as many fresh games from `--seed + 1` and prints the second
seat's points share on them without komi, with the komi, and at both ends of its interval (each
with its bootstrap 95% interval): with the komi the share should hold 1/2 within its interval.

    python -m benchmarks.komi paper-penguins --setups 40 --games 50 [--board FILE] [--size 8x8]
        [--agents A] (default: the game's own agent, as the runs play)
"""

from __future__ import annotations

import argparse

from pnp.games import GAMES
from simulate.measure.komi import komi_of, second_share_with
from simulate.run.executors import default_workers, make_executor
from simulate.run.runner import GameRecord, RunPlan, chunks


def games(args: argparse.Namespace, seed: int) -> list[GameRecord]:
    info = GAMES[args.game].info
    given = {name: value for name, value in (("board", args.board), ("size", args.size)) if value}
    options = info.resolve(None, None, given)
    setups = 1 if args.board else args.setups
    plan = RunPlan(args.game, options, (args.agents,) * 2, seed, setups * args.games,
                   random_setups=setups, paired=True)  # fmt: skip
    executor = make_executor(args.workers or default_workers(), "local", None)
    return [r for chunk in executor.run(plan, chunks(plan.tasks(), 50)) for r in chunk]


def share(records: list[GameRecord], komi: float, seed: int) -> str:
    value, (low, high) = second_share_with(records, komi, seed)
    return f"{100 * value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--setups", type=int, default=40)
    parser.add_argument("--games", type=int, default=50, help="paired games per setup")
    parser.add_argument("--board", default="")
    parser.add_argument("--size", default="")
    parser.add_argument("--agents", default="", help="default: the game's own (GameInfo.agent)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0)
    args = parser.parse_args()
    args.agents = args.agents or GAMES[args.game].info.agent
    estimated = komi_of(games(args, args.seed), args.seed)
    if estimated is None:
        raise SystemExit(f"{args.game}: no finished scored two-player games")
    low, high = estimated.ci95
    print(
        f"{args.game} {args.board or args.size or ''} agents {args.agents}, seed {args.seed}: "
        f"komi {estimated.points:g} [{low:g}, {high:g}] from {estimated.games} games "
        f"(bootstrap over {estimated.units} {estimated.unit}); first seat's share "
        f"{100 * estimated.first_share_before:.1f}% without"
    )
    fresh = games(args, args.seed + 1)
    tried = dict.fromkeys((0.0, estimated.points, low, high))  # each komi once, in this order
    shares = [f"{'without komi' if k == 0 else f'with {k:g}:'} {share(fresh, k, args.seed)}"
              for k in tried]  # fmt: skip
    print(f"fresh seed {args.seed + 1}, second seat's points share: {'; '.join(shares)}")


if __name__ == "__main__":
    main()
