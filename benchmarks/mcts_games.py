"""MCTS iterations per second of every game with choices: the compiled search against the same
search through the `State` (simulate/agents/mcts.py with `compiled=False`, the per-state figure).

    python benchmarks/mcts_games.py [--iterations N] [--reference N] [--rounds R] [GAME ...]

For each game (default options, the setup of seed 1) the positions at the start and after 20
and 40 uniformly random turns (fewer where the game ends sooner); at each, one decision of
`mcts:N` for the seat to play (default 2,000 iterations compiled and 200 through the `State`,
rollouts of at most 200 random moves), timed `--rounds` times (default 3), best rate kept; the
ratio is compiled / per-state. Amazons also has OpenSpiel's C++ MCTSBot as a peer:
benchmarks/mcts_vs_openspiel.py. Colour Diplomacy's search is the decoupled one for
simultaneous orders (simulate/agents/compiled_duct.py), for the first seat ordering.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from game_options import parse_game_options

from pnp.games import get_game
from pnp.games.base import State
from simulate.agents.mcts import MCTSAgent

PLIES = (0, 20, 40)


def position(name: str, turns: int) -> State[Any] | None:
    """The game's state after `turns` uniformly random turns from the setup of seed 1, or None
    when the game ends before."""
    game = get_game(name)
    state = game.new_state(game.random_setup(1, game.info.resolve(None, None, {})))
    rng = np.random.default_rng(turns)
    for _ in range(turns):
        if state.is_over():
            return None
        joint = []
        for seat in state.to_act():
            moves = state.legal_moves(seat)
            joint.append(moves[int(rng.integers(len(moves)))])
        state.apply_joint(joint)
    return None if state.is_over() else state


def rate(state: State[Any], iterations: int, compiled: bool, rounds: int) -> float:
    """The best of `rounds` rates (iterations per second) of one decision of `iterations`."""
    seat = state.to_act()[0]
    best = 0.0
    for round_ in range(rounds):
        agent = MCTSAgent(iterations, compiled=compiled)
        rng = np.random.default_rng(round_)
        start = time.perf_counter()
        agent.choose(state.clone(), seat, rng)
        best = max(best, iterations / (time.perf_counter() - start))
    return best


def main() -> None:
    args, names = parse_game_options(__doc__, iterations=2000, reference=200, rounds=3)
    print(f"{'game':<18} {'turns':>5} {'moves':>6} {'compiled it/s':>14} {'State it/s':>11} "
          f"{'ratio':>8}")  # fmt: skip
    for name in names:
        for turns in PLIES:
            state = position(name, turns)
            if state is None:
                continue
            moves = len(state.legal_moves(state.to_act()[0]))
            if moves == 1:
                continue
            rate(state, 50, True, 1)  # compiles or loads the search
            fast = rate(state, args.iterations, True, args.rounds)
            slow = rate(state, args.reference, False, args.rounds)
            print(f"{name:<18} {turns:>5} {moves:>6} {fast:>14,.0f} {slow:>11,.0f} "
                  f"{fast / slow:>7.1f}x", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
