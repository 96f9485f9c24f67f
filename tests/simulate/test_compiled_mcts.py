"""The compiled UCT (simulate/compiled_mcts.py) is simulate/mcts.py's search, draw for draw: the
same moves from the same seeds over whole games, rollouts cut at the limit included, and the
agent's generator left in the same state."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pnp.games import get_game
from pnp.games.base import Move, Seat, State
from pnp.games.mechanics.shooting_engine import ENGINE
from simulate.compiled_mcts import drawn, new_trees, search_for
from simulate.mcts import MCTSAgent
from simulate.runner import play

GAME = get_game("amazons")


def start(size: int) -> State[Any]:
    return GAME.new_state(GAME.random_setup(1, GAME.info.resolve(None, None, {"size": str(size)})))


def start_of(name: str, players: int) -> State[Any]:
    game = get_game(name)
    return game.new_state(game.random_setup(2, game.info.resolve(players, None, {})))


class Recorded:
    """An agent wrapper that keeps the moves chosen and the generator's state after each."""

    def __init__(self, agent: MCTSAgent) -> None:
        self.agent = agent
        self.log: list[tuple[Move, int]] = []

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        move = self.agent.choose(state, seat, rng)
        self.log.append((move, int(rng.bit_generator.state["state"]["state"])))
        return move


@pytest.mark.parametrize(("iterations", "rollout", "seed"), [(30, 200, 5), (20, 3, 6)])
def test_compiled_and_reference_searches_play_the_same_games(
    iterations: int, rollout: int, seed: int
) -> None:
    logs = []
    for compiled in (True, False):
        agents = [Recorded(MCTSAgent(iterations, rollout, compiled=compiled)) for _ in range(2)]
        played = play(start(6), agents, seed, 100)
        logs.append(([a.log for a in agents], played))
    assert logs[0] == logs[1]
    assert len(logs[0][0][0]) >= 5


@pytest.mark.parametrize(("name", "players", "iterations", "rollout", "seed"), [
    ("penguins", 2, 30, 200, 5), ("penguins", 3, 20, 4, 6), ("penguins", 4, 15, 0, 7),
    ("amazon-penguins", 2, 12, 0, 8), ("amazon-penguins", 2, 8, 30, 9),
    ("paper-penguins", 2, 20, 2, 10), ("paper-penguins", 2, 15, 200, 11),
    ("wallaby", 2, 20, 0, 12), ("wallaby", 3, 10, 20, 13), ("wallaby", 4, 8, 0, 14),
    ("billabong", 2, 12, 10, 12), ("billabong", 3, 8, 0, 13),
])  # fmt: skip
def test_the_same_games_through_every_engine(
    name: str, players: int, iterations: int, rollout: int, seed: int
) -> None:
    logs = []
    for compiled in (True, False):
        agents = [
            Recorded(MCTSAgent(iterations, rollout, compiled=compiled)) for _ in range(players)
        ]
        played = play(start_of(name, players), agents, seed, 400, compiled=compiled)
        logs.append(([a.log for a in agents], played))
    assert logs[0] == logs[1]
    assert logs[0][1].result.outcome.value == "finished"


def test_the_same_first_move_on_the_full_board() -> None:
    state = start(10)
    chosen = []
    for compiled in (True, False):
        rng = np.random.default_rng(11)
        move = MCTSAgent(150, compiled=compiled).choose(state, 0, rng)
        chosen.append((move, int(rng.integers(2**62))))
    assert chosen[0] == chosen[1]


def test_one_compiled_search_per_engine() -> None:
    assert search_for(ENGINE) is search_for(ENGINE)


def test_a_budget_per_legal_move_and_leaves_scored_at_once_agree_too() -> None:
    state = start(6)  # mcts:1x:0: 544 iterations, each new leaf scored by mobility
    chosen = []
    for compiled in (True, False):
        rng = np.random.default_rng(12)
        move = MCTSAgent(1, 0, per_move=True, compiled=compiled).choose(state, 0, rng)
        chosen.append((move, int(rng.integers(2**62))))
    assert chosen[0] == chosen[1]


def test_untried_moves_kept_as_swaps_draw_what_a_list_draws() -> None:
    """The search keeps only the swapped places of a node's untried moves (a hash table as
    small as the tree allows): interleaved draws at several nodes, colliding in the table, give
    the moves a list per node gives, the last taking the drawn one's place."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        moves, nodes = int(rng.integers(1, 40)), int(rng.integers(1, 5))
        untried = new_trees(1, moves * nodes)[3][0]
        lists = [list(range(moves)) for _ in range(nodes)]
        while any(lists):
            node = int(rng.choice([n for n in range(nodes) if lists[n]]))
            at = int(rng.integers(len(lists[node])))
            expected = lists[node][at]
            lists[node][at] = lists[node][-1]
            lists[node].pop()
            assert drawn(untried, node, at, len(lists[node])) == expected
