"""Games per second through the `State` (the reference) and through each game's compiled engine.

For the games with a compiled engine (pnp/games/compiled.py): N random and N/4 greedy games per
game, every seat the same agent, played by simulate/runner.py's `play` with `compiled=False`
(agents on the `State`, one move at a time) and with `compiled=True` (the whole game inside
numba, simulate/compiled_play.py), on the same setups and seeds. Setups are drawn before the
clock starts and the engines compiled (or loaded from numba's cache) by a warm-up game, so the
figures are play only; the two runs must give the same records, or the script stops. One
process, one core. Then the start-up of a fresh process that plays one compiled game (what a
worker of `pnp simulate` pays once): imports, numba's cache loads, the game.

    python benchmarks/engines.py [RANDOM_GAMES] [GAME ...]
"""

from __future__ import annotations

import subprocess
import sys
import time

from pnp.games import get_game
from simulate.agents import make_agent
from simulate.runner import Played, play

GAMES = ("penguins", "amazon-penguins", "paper-penguins")
START_UP = """
import time; start = time.perf_counter()
from pnp.games import get_game
from simulate.agents import make_agent
from simulate.runner import play
game = get_game({name!r})
state = game.new_state(game.random_setup(1, game.info.resolve(None, None, {{}})))
play(state, [make_agent({agent!r}) for _ in range(2)], 1, game.info.max_turns)
print(time.perf_counter() - start)
"""


def played(name: str, agent: str, games: int, compiled: bool) -> tuple[float, list[Played]]:
    """Games per second and the games' records."""
    game = get_game(name)
    options = game.info.resolve(None, None, {})
    states = [game.new_state(game.random_setup(seed, options)) for seed in range(games + 1)]
    agents = [make_agent(agent) for _ in range(options.players)]
    play(states.pop(), agents, games, game.info.max_turns, compiled=compiled)  # warm-up
    start = time.perf_counter()
    records = [
        play(state, agents, seed, game.info.max_turns, compiled=compiled)
        for seed, state in enumerate(states)
    ]
    return games / (time.perf_counter() - start), records


def start_up(name: str, agent: str) -> float:
    """Seconds for a fresh process to import pnp and play one compiled game."""
    code = START_UP.format(name=name, agent=agent)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    names = sys.argv[2:] or GAMES
    print(f"{'game':<16} {'agent':<7} {'games':>6} {'State g/s':>10} {'compiled g/s':>13} "
          f"{'ratio':>7} {'start-up s':>11}")  # fmt: skip
    for name in names:
        for agent, games in (("random", count), ("greedy", max(1, count // 4))):
            before, reference = played(name, agent, games, compiled=False)
            after, records = played(name, agent, games, compiled=True)
            if records != reference:
                raise SystemExit(f"{name} {agent}: the compiled games differ from the State's")
            ratio, start = after / before, start_up(name, agent)
            print(f"{name:<16} {agent:<7} {games:>6} {before:>10.1f} {after:>13.1f} "
                  f"{ratio:>6.1f}x {start:>11.2f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
