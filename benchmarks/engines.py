"""Games per second through the `State` (the reference) and through each game's compiled engine.

For the games with a compiled engine (pnp/games/compiled.py): N random and N/4 greedy games per
game, every seat the same agent, played by simulate/runner.py's `play` with `compiled=False`
(agents on the `State`, one move at a time) and with `compiled=True` (the whole game inside
numba, simulate/compiled_play.py), on the same setups and seeds; the two runs must give the same
records, or the script stops. Setups are drawn before the clock starts, the engines compiled (or
loaded from numba's cache) by a warm-up game, and the objects alive then frozen out of the
garbage collector's reach (`gc.freeze`: else a full collection walks numba's compiler objects,
a tenth of a second at random moments), so the figures are play only. One process, one core.
Games per second by the wall clock and by this process's CPU time (what to read when other work
shares the cores), each the best of three plays of the same games. Then the start-up of a fresh
process that plays one compiled game: its imports, numba's start (paid once per run by the
workers' forkserver, simulate/compiled_start.py) and the engine's cache loads with the game
(what each worker pays).

    python benchmarks/engines.py [RANDOM_GAMES] [GAME ...]
"""

from __future__ import annotations

import gc
import subprocess
import sys
import time

from pnp.games import get_game
from simulate.agents import make_agent
from simulate.runner import Played, play

GAMES = (
    "penguins",
    "amazon-penguins",
    "paper-penguins",
    "wallaby",
    "billabong",
    "colour-diplomacy",
)
REPEATS = 3  # plays of the same games, the fastest counted
START_UP = """
import time
start = time.perf_counter()
from pnp.games import get_game
from simulate.agents import make_agent
from simulate.runner import play
imported = time.perf_counter()
import simulate.compiled_start  # what the forkserver does once per run
started = time.perf_counter()
game = get_game({name!r})
state = game.new_state(game.random_setup(1, game.info.resolve(None, None, {{}})))
play(state, [make_agent({agent!r}) for _ in range(state.players)], 1, game.info.max_turns)
print(imported - start, started - imported, time.perf_counter() - started)
"""


def played(name: str, agent: str, games: int, compiled: bool) -> tuple[float, float, list[Played]]:
    """Games per second by the wall clock and by CPU time, each the best of `REPEATS` plays of
    the same games, and the games' records."""
    game = get_game(name)
    options = game.info.resolve(None, None, {})
    setups = [game.random_setup(seed, options) for seed in range(games + 1)]
    agents = [make_agent(agent) for _ in range(options.players)]
    play(game.new_state(setups.pop()), agents, games, game.info.max_turns, compiled=compiled)
    gc.collect()
    gc.freeze()
    wall, cpu, records = [], [], []
    for _ in range(REPEATS):
        states = [game.new_state(setup) for setup in setups]  # the State's play changes them
        gc.collect()
        start, used = time.perf_counter(), time.process_time()
        records = [
            play(state, agents, seed, game.info.max_turns, compiled=compiled)
            for seed, state in enumerate(states)
        ]
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    return games / min(wall), games / min(cpu), records


def start_up(name: str, agent: str) -> tuple[float, ...]:
    """Seconds for a fresh process to import pnp, to start numba, and to load the engine and
    play one compiled game (a worker pays only the last: the forkserver pays the others)."""
    code = START_UP.format(name=name, agent=agent)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return tuple(float(part) for part in out.stdout.split())


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    names = sys.argv[2:] or GAMES
    print(
        f"{'game':<16} {'agent':<7} {'games':>6} {'State g/s':>10} {'compiled g/s':>13} "
        f"{'ratio':>7} {'CPU ratio':>9}  start-up s: imports, numba, engine + 1 game"
    )
    for name in names:
        for agent, games in (("random", count), ("greedy", max(1, count // 4))):
            before, cpu_before, reference = played(name, agent, games, compiled=False)
            after, cpu_after, records = played(name, agent, games, compiled=True)
            if records != reference:
                raise SystemExit(f"{name} {agent}: the compiled games differ from the State's")
            start = ", ".join(f"{seconds:.2f}" for seconds in start_up(name, agent))
            print(f"{name:<16} {agent:<7} {games:>6} {before:>10.1f} {after:>13.1f} "
                  f"{after / before:>6.1f}x {cpu_after / cpu_before:>8.1f}x  {start}",
                  flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
