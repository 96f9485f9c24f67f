"""The skill ladder: each rung of a game's ladder against the rung below, head to head.

For every registered game with choices (or the ones named), takes the game's default ladder
(`GameInfo.ladder`, weakest first; `--ladder A,B,...` to name one) and plays each agent against
the one below it in paired games: the stronger agent in one seat, the weaker in the others, every
seat order equally often, on the same setups and seeds for every pair. Prints the stronger
agent's mean s (1 a sole win, 0 a sole last; 1/2 if it is no better) with its Wilson 95%
interval, and whether it beats the rung below (interval above 1/2). Against random everything
scores near 1, which is why the ladder compares neighbours.

    python -m benchmarks.skill_ladder [--games 8] [--ladder A,B,...] [GAME ...]
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import time
from pathlib import Path

from pnp.games import GAMES
from simulate.run.executors import Execution, default_workers
from simulate.run.runner import RunPlan
from simulate.run.store import ResultStore
from simulate.studies.ladder import head_to_head, results_in
from simulate.studies.session import run

# Boards small enough for searches of a few seconds a move; the output names them.
OPTIONS = {"amazons": {"size": "6"}}


def duel(game: str, stronger: str, weaker: str, games: int, workers: int) -> str:
    info = GAMES[game].info
    options = info.resolve(None, None, OPTIONS.get(game, {}))
    players = options.players
    agents = (stronger,) + (weaker,) * (players - 1)
    setups = -(-games // players)
    plan = RunPlan(game, options, agents, 7, games, random_setups=setups, paired=True)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:  # runs keep no records: read them back
        run(plan, Execution(workers), ResultStore(Path(folder), plan, False), show_progress=False)
        skill, (wins, draws, losses) = head_to_head(results_in(Path(folder)), stronger)
    seconds = time.perf_counter() - start
    verdict = "beats" if skill.low > 0.5 else "not shown to beat"
    shown = game + "".join(f" --{key} {value}" for key, value in OPTIONS.get(game, {}).items())
    return (
        f"{shown:<22} {stronger:>12} {verdict} {weaker:<12} mean s {skill.text()} "
        f"({wins}-{draws}-{losses} over {skill.games} finished games, {seconds:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per pair of rungs")
    parser.add_argument("--ladder", help="agents, weakest first (default: each game's ladder)")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("games_named", nargs="*", metavar="GAME")
    arguments = parser.parse_args()
    for game in arguments.games_named or list(GAMES):
        info = GAMES[game].info
        if not info.has_choices:
            print(f"{game:<22} no choices: every agent plays the same game")
            continue
        ladder = arguments.ladder.split(",") if arguments.ladder else info.ladder
        for weaker, stronger in itertools.pairwise(ladder):
            print(duel(game, stronger, weaker, arguments.games, arguments.workers), flush=True)


if __name__ == "__main__":
    main()
