"""Billabong move generation speed: the richest chain position found, and whole games.

# Seat k % 4 holds the k-th square: red has a8, j13, l6, h14 and e4.
CROWDED = "a8 b7 p10 i13 j13 p11 e9 j2 l6 d7 b2 l1 h14 n13 l12 k4 e4 g12 n11 m7"
lap changes it can be reached with), found by a seeded random search over 4,000 placements. The
engine searches (square, lap change) states with a visited set, so the cost grows with the ends,
not with the number of chains (which revisits make unbounded). Prints microseconds per move list
(the `State`'s and the compiled engine's) and games per second with greedy and random agents
(one process; `runner.play` plays them inside the compiled engine).

Run from the repository root: python -m benchmarks.billabong_moves
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pnp.games import get_game
from pnp.games.billabong import engine
from pnp.games.billabong.board import GRID, Jumps, chain_ends
from pnp.games.billabong.rules import BillabongState, position_of
from simulate.agents.base import make_agent
from simulate.run.play import play

# Seat k % 4 holds the k-th square: red has a8, j13, l6, h14 and e4.
CROWDED = "a8 b7 p10 i13 j13 p11 e9 j2 l6 d7 b2 l1 h14 n13 l12 k4 e4 g12 n11 m7"


def crowded() -> BillabongState:
    state = BillabongState(4)
    for k, name in enumerate(CROWDED.split()):
        state.put(k % 4, GRID.parse(name), 0)
    state.placed = [5, 5, 5, 5]
    return state


def per_call(function: Callable[[], object], repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        function()
    return (time.perf_counter() - start) / repeats * 1e6


def games_per_second(players: int, agent: str, games: int, cap: int) -> tuple[float, float]:
    game = get_game("billabong")
    options = game.info.resolve(players, None, {})
    start = time.perf_counter()
    turns = 0
    for seed in range(games):
        agents = [make_agent(agent)] * players
        played = play(game.new_state(game.random_setup(seed, options)), agents, seed, cap)
        turns += played.turns
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / elapsed


def main() -> None:
    state = crowded()
    a8 = GRID.parse("a8")
    ends, _ = chain_ends(a8, 0, Jumps(state.bits))
    print(f"crowded position: the kangaroo on a8 has {len(ends)} chain ends")
    chains = per_call(lambda: chain_ends(a8, 0, Jumps(state.bits)), 300)
    print(f"  its chains: {chains:.0f} us")

    def red_moves() -> list[object]:
        jumps = Jumps(state.bits)  # a new position's table, as legal_moves builds it
        return [m for cell in state.kangaroos[0] for m in state.moves_of(cell, jumps)]

    micro = per_call(red_moves, 300)
    print(f"  all {len(red_moves())} moves of red: {micro:.0f} us")
    context, position = position_of(state)

    def compiled_moves() -> int:
        position[engine.CACHED] = 0  # a new position's list, as `count` builds it
        return int(engine.count(context, position))

    compiled_moves()  # numba compiles or loads the engine
    micro = per_call(compiled_moves, 3000)
    print(f"  the same, compiled engine (pnp/games/billabong/engine.py): {micro:.1f} us")
    for players in (2, 3, 4):
        games, turns = games_per_second(players, "greedy", 40, 1000)
        print(f"greedy, {players} players: {games:5.1f} games/s, {turns:6.0f} turns/s")
    games, turns = games_per_second(2, "random", 3, 1000)
    print(f"random, 2 players (to the 1000-turn cap): {turns:6.0f} turns/s")


if __name__ == "__main__":
    main()
