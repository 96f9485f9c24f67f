"""Wallaby speed: milliseconds per game with random and with greedy agents, per player count.

Plays the same games the simulator would (random setups, simulate/run/play.py's `play`) in this
process and prints ms per game, microseconds per move and moves per game, best of `--repeat` runs.

    python -m benchmarks.wallaby_speed [--games 60] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time

from pnp.games import get_game
from simulate.agents.base import make_agent
from simulate.run.play import play


def measure(players: int, variant: str, agent: str, games: int) -> tuple[float, int]:
    """Seconds and moves for `games` games."""
    game = get_game("wallaby")
    options = game.info.resolve(players, variant, {})
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_state(game.random_setup(seed, options))
        played = play(state, [make_agent(agent)] * players, seed, game.info.max_turns)
        moves += played.turns
    return time.perf_counter() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'agents':8} {'players':>7} {'variant':>9} {'ms/game':>9} {'us/move':>8} {'moves':>6}")
    for agent in ("random", "greedy"):
        for players in (2, 3, 4):
            for variant in ("standard", "valley"):
                runs = [measure(players, variant, agent, args.games) for _ in range(args.repeat)]
                seconds, moves = min(runs)
                print(
                    f"{agent:8} {players:>7} {variant:>9} {1000 * seconds / args.games:9.1f} "
                    f"{1e6 * seconds / moves:8.0f} {moves / args.games:6.0f}"
                )


if __name__ == "__main__":
    main()
