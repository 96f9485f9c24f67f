"""MCTS iterations per second on Amazons: pnp's compiled search against OpenSpiel's C++ MCTSBot.

Both searches are UCT with one uniformly random rollout per iteration, exploration constant
sqrt(2), from the same positions: the start and positions after 20 and 40 random moves on
10 x 10 (after 10 and 20 on 6 x 6, whose games last at most 28 moves), reached by the same moves
on both sides. What differs is what each calls a move: pnp's rollouts draw uniformly among
complete moves (amazon, destination and arrow; `simulate/agents/mcts.py`), OpenSpiel splits a move
into three actions and its `RandomRolloutEvaluator` draws each uniformly, so its tree is three
levels per move. OpenSpiel's `MCTSBot.step` runs `max_simulations` iterations in C++; pnp's
`simulate.agents.compiled_mcts.choose` runs `iterations` in numba. One process, one core: each side
is timed `--rounds` times, alternating, and keeps its best rate (other work on the machine slows
both alike); the ratio is pnp / OpenSpiel.

OpenSpiel (PyPI `open-spiel`) is needed only here: install it beside pnp in a separate
environment (`python -m venv /tmp/osvenv; /tmp/osvenv/bin/pip install open-spiel -e .`) and run
`/tmp/osvenv/bin/python benchmarks/mcts_vs_openspiel.py [--iterations 2000] [--rounds 3]`.
Without it the script prints pnp's figures alone.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np

from pnp.games.amazons.game import AmazonsState, start_squares
from pnp.games.mechanics.grid import SquareGrid
from pnp.games.mechanics.shooting import Move
from simulate.agents.compiled_mcts import choose

PLIES = {10: (0, 20, 40), 6: (0, 10, 20)}


def position(size: int, plies: int, seed: int) -> tuple[AmazonsState, list[Move]]:
    """The position after `plies` uniformly random moves, and those moves."""
    state = AmazonsState(SquareGrid(size, size), start_squares(size))
    rng = np.random.default_rng(seed)
    moves: list[Move] = []
    for _ in range(plies):
        legal = state.legal_moves(state.turn)
        move = legal[int(rng.integers(len(legal)))]
        state.apply(move)
        moves.append(move)
    assert not state.is_over()
    return state, moves


def pnp_rate(state: AmazonsState, iterations: int, seed: int) -> float:
    compiled = state.compiled()
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    choose(compiled, lambda _: iterations, 200, math.sqrt(2.0), rng)
    return iterations / (time.perf_counter() - start)


def openspiel_state(size: int, moves: list[Move]) -> Any:
    """OpenSpiel's position after the same moves: its cells run row by row from the top."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(f"amazons(board_size={size})")
    state = game.new_initial_state()
    for move in moves:
        for cell in move:
            state.apply_action((size - 1 - cell // size) * size + cell % size)
    return game, state


def openspiel_rate(game: Any, state: Any, iterations: int, seed: int) -> float:
    import pyspiel

    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, math.sqrt(2.0), iterations, 1000, False, seed, False)
    start = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="10,6")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False
        print("OpenSpiel is not installed here (pip install open-spiel): pnp's figures alone")
    warm = AmazonsState(SquareGrid(6, 6), start_squares(6))
    pnp_rate(warm, 10, 0)  # compile (or load numba's cache) before timing
    print(f"{'board':>6} {'plies':>5} {'moves':>6} {'pnp it/s':>10} {'OpenSpiel C++ it/s':>19} "
          f"{'ratio':>6}")  # fmt: skip
    for size in (int(s) for s in args.sizes.split(",")):
        for plies in PLIES[size]:
            state, moves = position(size, plies, seed=plies)
            ours, theirs = 0.0, 0.0
            for round_ in range(args.rounds):
                ours = max(ours, pnp_rate(state, args.iterations, round_))
                if have_openspiel:
                    game, os_state = openspiel_state(size, moves)
                    theirs = max(theirs, openspiel_rate(game, os_state, args.iterations, round_))
            legal = state.move_count(state.turn)
            ratio = f"{ours / theirs:6.2f}" if theirs else "     -"
            print(f"{size:>4}x{size:<1} {plies:>5} {legal:>6} {ours:>10,.0f} {theirs:>19,.0f} "
                  f"{ratio}")  # fmt: skip


if __name__ == "__main__":
    main()
