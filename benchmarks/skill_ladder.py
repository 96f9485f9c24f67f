"""The skill ladder: stronger agents must beat weaker ones, per game.

For every registered game (or the ones named), plays `mcts:200` against `random` and `greedy`
against `random` in paired games (each agent in every seat equally often; with more than two
players the stronger agent takes one seat and `random` the others) and prints the stronger
agent's win rate with its Wilson 95% interval, against the 1/N it would get if it were no better.

    python benchmarks/skill_ladder.py [--games 40] [GAME ...]
"""

from __future__ import annotations

import argparse
import time

from pnp.games import GAMES
from simulate.executors import Execution, default_workers
from simulate.runner import RunPlan
from simulate.session import run

LADDER = (("mcts:200", "random"), ("greedy", "random"))
# Where a game's default is too slow for 200-iteration searches, the ladder plays a smaller
# board or shorter rollouts (judged by the game's evaluation), and says so in its output.
OPTIONS = {"amazons": {"size": "6"}}
MCTS = {"billabong": "mcts:200:10", "wallaby": "mcts:200:20"}
FEWER = {"billabong": 8, "wallaby": 12}  # games per rung where one MCTS game takes minutes


def rung(game: str, strong: str, weak: str, games: int) -> str:
    info = GAMES[game].info
    options = info.resolve(None, None, OPTIONS.get(game, {}))
    if strong == "mcts:200":
        strong = MCTS.get(game, strong)
        games = min(games, FEWER.get(game, games))
    players = options.players
    agents = (strong,) + (weak,) * (players - 1)
    plan = RunPlan(game, options, agents, 7, games, random_setups=games // players, paired=True)
    start = time.perf_counter()
    result = run(plan, Execution(default_workers()), show_progress=False)
    seconds = time.perf_counter() - start
    tally = result.measures.agent(strong).win_rate
    lo, hi = tally.ci95
    verdict = "beats" if lo > 1 / players else "not shown to beat"
    shown = game + "".join(f" --{key} {value}" for key, value in OPTIONS.get(game, {}).items())
    return (
        f"{shown:<22} {strong:>12} vs {weak:<7} win rate {tally.rate:.2f} "
        f"[{lo:.2f}, {hi:.2f}] vs 1/N = {1 / players:.2f}: {verdict} ({seconds:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("games_named", nargs="*", metavar="GAME")
    arguments = parser.parse_args()
    for game in arguments.games_named or list(GAMES):
        if not GAMES[game].info.has_choices:
            print(f"{game:<22} no choices: every agent plays the same game")
            continue
        for strong, weak in LADDER:
            print(rung(game, strong, weak, arguments.games), flush=True)


if __name__ == "__main__":
    main()
