"""Colour Diplomacy engine speed: games, turns and orders per second, in one process.

Plays the same seeded games as `pnp simulate colour-diplomacy --workers 1` would (runner.play
with the registry's agents) and prints one line per player count and agent. Greedy games mostly
run to the turn cap (the leader re-enters the center for ever), so they measure long games.

    python -m benchmarks.colour_diplomacy [--games 200]   (from the repository root)
"""

from __future__ import annotations

import argparse
import time

from pnp.games import get_game
from simulate.agents.base import make_agent
from simulate.run.play import play
from simulate.run.runner import game_seed, setup_seed


def measure(players: int, agent: str, games: int) -> tuple[float, int]:
    """Seconds and turns to play `games` games of `players` with `agent` in every seat."""
    game = get_game("colour-diplomacy")
    options = game.info.resolve(players, None, {})
    cap = game.info.max_turns
    turns = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_state(game.random_setup(setup_seed(1, index), options))
        agents = [make_agent(agent)] * players
        turns += play(state, agents, game_seed(1, index, 0), cap).turns
    return time.perf_counter() - start, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for agent in ("random", "greedy"):
        for players in (4, 7, 10):
            games = args.games if agent == "random" else max(1, args.games // 10)
            seconds, turns = measure(players, agent, games)
            print(
                f"colour-diplomacy {agent:>6} N={players:<2}: {games / seconds:8.1f} games/s, "
                f"{turns / seconds:9.0f} turns/s ({games} games, {turns / games:.1f} turns each)"
            )


if __name__ == "__main__":
    main()
