"""Games per second of every game through the `State` (the reference) and as a run plays them.

For each game, N random and N/4 greedy games, every seat the same agent, on the same setups and
seeds, played two ways:

- **State**: simulate/run/play.py's `play` with `compiled=False` and the reference agents (the
  random agent, and the greedy agent valuing every move with `State.move_value`,
  `GreedyAgent(compiled=False)`): one game at a time, one move at a time, in Python. This is
  the per-state figure the speed goals are stated against.
- **run**: `runner.play_games`, what a worker does with a chunk of games: Platypus' deals in its
  batch engine (a game without choices), the other games all inside one compiled call
  (simulate/agents/compiled_play.py `play_many`).

Both must give the same records, or the script stops; Platypus' batch engine gives the same
results and turns but no lead changes ("same" says whether they agree). Platypus has no choices:
its one row is its deals. Both ways a game is timed from its setup (its `State` made) to its
record. Setups are drawn before the clock starts, the engines compiled (or loaded from numba's
cache) by a warm-up, and the objects alive then frozen out of the garbage collector's reach
(`gc.freeze`: else a full collection walks numba's compiler objects, a tenth of a second at
random moments), so the figures are play only. One process, one core. Games per second by the
wall clock and by this process's CPU time (what to read when other work shares the cores), each
the best of three plays of the same games. Then the start-up of a fresh process that plays one
compiled game: its imports, numba's start (paid once per run by the workers' forkserver,
simulate/agents/compiled_start.py) and the engine's cache loads with the game (what each worker
pays).

    python benchmarks/engines.py [RANDOM_GAMES] [GAME ...]
"""

from __future__ import annotations

import gc
import subprocess
import sys
import time

from pnp.games import ORDER, get_game
from simulate.agents.base import Agent, GreedyAgent, make_agent
from simulate.run.play import Played, play
from simulate.run.runner import play_games

REPEATS = 3  # plays of the same games, the fastest counted
BATCH_ENGINES = ("platypus",)  # its games play in a batch engine
START_UP = """
import time
start = time.perf_counter()
from pnp.games import get_game
from simulate.agents.base import make_agent
from simulate.run.runner import play_games
imported = time.perf_counter()
import simulate.agents.compiled_start  # what the forkserver does once per run
started = time.perf_counter()
game = get_game({name!r})
setup = game.random_setup(1, game.info.resolve(None, None, {{}}))
agents = [make_agent({agent!r}) for _ in range(game.info.resolve(None, None, {{}}).players)]
play_games(game, [setup], [agents], [1], game.info.max_turns)
print(imported - start, started - imported, time.perf_counter() - started)
"""


def reference_agent(agent: str) -> Agent:
    """The agent as the `State` alone plays it: greedy values each move with `move_value`."""
    return GreedyAgent(compiled=False) if agent == "greedy" else make_agent(agent)


def played(name: str, agent: str, games: int, run: bool) -> tuple[float, float, list[Played]]:
    """Games per second by the wall clock and by CPU time, each the best of `REPEATS` plays of
    the same games, and the games' records; `run`: as a run plays them, else the `State`."""
    game = get_game(name)
    options = game.info.resolve(None, None, {})
    setups = [game.random_setup(seed, options) for seed in range(games + 1)]
    make = make_agent if run else reference_agent
    agents = [make(agent) for _ in range(options.players)]
    cap = game.info.max_turns
    seeds = list(range(games))
    warm = setups.pop()
    play_games(game, [warm], [agents], [games], cap) if run else play(
        game.new_state(warm), agents, games, cap, compiled=False
    )
    gc.collect()
    gc.freeze()
    wall, cpu, records = [], [], []
    for _ in range(REPEATS):
        gc.collect()
        start, used = time.perf_counter(), time.process_time()
        if run:
            records = play_games(game, setups, [agents] * games, seeds, cap)
        else:
            records = [
                play(game.new_state(setup), agents, seed, cap, compiled=False)
                for seed, setup in zip(seeds, setups, strict=True)
            ]
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    return games / min(wall), games / min(cpu), records


def start_up(name: str, agent: str) -> tuple[float, ...]:
    """Seconds for a fresh process to import pnp, to start numba, and to load the engine and
    play one game (a worker pays only the last: the forkserver pays the others)."""
    code = START_UP.format(name=name, agent=agent)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return tuple(float(part) for part in out.stdout.split())


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    names = sys.argv[2:] or list(ORDER)
    print(
        f"{'game':<16} {'agent':<7} {'games':>6} {'State g/s':>10} {'run g/s':>10} "
        f"{'ratio':>7} {'CPU ratio':>9} {'same':>5}  start-up s: imports, numba, engine + 1 game"
    )
    for name in names:
        chooses = get_game(name).info.has_choices
        for agent, games in (("random", count), ("greedy", max(1, count // 4)))[: 1 + chooses]:
            before, cpu_before, reference = played(name, agent, games, run=False)
            after, cpu_after, records = played(name, agent, games, run=True)
            if agent == "random" and name in BATCH_ENGINES:
                same = [(r.result, r.turns) for r in records] == [
                    (r.result, r.turns) for r in reference
                ]
            elif records != reference:
                raise SystemExit(f"{name} {agent}: the run's games differ from the State's")
            else:
                same = True
            start = ", ".join(f"{seconds:.2f}" for seconds in start_up(name, agent))
            print(f"{name:<16} {agent:<7} {games:>6} {before:>10.1f} {after:>10.1f} "
                  f"{after / before:>6.1f}x {cpu_after / cpu_before:>8.1f}x "
                  f"{'yes' if same else 'no':>5}  {start}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
