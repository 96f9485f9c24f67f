"""The compiled UCT (simulate/agents/compiled_mcts.py) is simulate/agents/mcts.py's search, draw for
draw: the same moves from the same seeds over whole games, rollouts cut at the limit included, and
the agent's generator left in the same state."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pnp.games import get_game
from pnp.games.base import Move, Seat, State
from pnp.games.mechanics.shooting_engine import ENGINE
from simulate.agents import compiled_mcts as uct
from simulate.agents.compiled_mcts import MANY, below, drawn, grow, new_trees, plant, search_for
from simulate.agents.mcts import MCTSAgent
from simulate.run.play import play

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
    ("colour-diplomacy", 4, 6, 20, 15), ("colour-diplomacy", 4, 4, 200, 16),
    ("colour-diplomacy", 5, 5, 0, 18), ("colour-diplomacy", 7, 6, 10, 19),
    ("colour-diplomacy", 8, 3, 5, 24),
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


def test_a_simultaneous_game_is_searched_in_its_compiled_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Colour Diplomacy's decoupled search runs whole in its compiled engine
    (simulate/agents/compiled_duct.py); the Python search and rollout are the reference only."""
    import simulate.agents.mcts

    calls = []
    reference = simulate.agents.mcts._rollout
    monkeypatch.setattr(
        simulate.agents.mcts, "_rollout", lambda *a: calls.append(1) or reference(*a)
    )
    agents = [MCTSAgent(4, 30) for _ in range(4)]
    play(start_of("colour-diplomacy", 4), agents, 3, 3)
    assert calls == []


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


def test_the_same_move_where_a_node_has_many_children_to_choose_among() -> None:
    """92 moves after 10 plies on 6 x 6, all expanded by 300 iterations: UCB1 then chooses among
    more than `MANY` children, with the exploration terms shared by equal visit counts."""
    state = start(6)
    rng = np.random.default_rng(13)
    for _ in range(10):
        legal = state.legal_moves(state.turn)
        state.apply(legal[int(rng.integers(len(legal)))])
    assert len(state.legal_moves(state.turn)) > MANY
    chosen = []
    for compiled in (True, False):
        rng = np.random.default_rng(14)
        move = MCTSAgent(300, compiled=compiled).choose(state, state.turn, rng)
        chosen.append((move, int(rng.integers(2**62))))
    assert chosen[0] == chosen[1]


def test_untried_moves_kept_as_swaps_draw_what_a_list_draws() -> None:
    """The search keeps only the swapped places of a node's untried moves (a hash table as
    small as the tree allows): interleaved draws at several nodes, colliding in the table, give
    the moves a list per node gives, the last taking the drawn one's place."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        moves, nodes = int(rng.integers(1, 40)), int(rng.integers(1, 5))
        trees = new_trees(1, moves * nodes)
        plant(trees, 0, 0)
        untried = trees[3][0]
        lists = [list(range(moves)) for _ in range(nodes)]
        while any(lists):
            node = int(rng.choice([n for n in range(nodes) if lists[n]]))
            at = int(rng.integers(len(lists[node])))
            expected = lists[node][at]
            lists[node][at] = lists[node][-1]
            lists[node].pop()
            assert drawn(untried, node, at, len(lists[node])) == expected


def test_children_kept_in_blocks_that_move_as_they_grow_read_as_lists() -> None:
    """A node's edges sit side by side in a block that moves to the end of the used edges,
    twice as big, when full: children made at several nodes in turn, visits written between,
    read back per node as a list of them reads, in the order made, within the 4 edges per node
    that `new_trees` holds."""
    rng = np.random.default_rng(4)
    for _ in range(60):
        moves = [int(m) for m in rng.integers(1, 70, size=int(rng.integers(1, 6)))]
        size = len(moves) + sum(moves)
        trees = new_trees(1, size)
        tree, edges, stats, _, used, _ = trees
        plant(trees, 0, 0)
        for node, count in enumerate(moves):
            tree[0, node, :] = 0
            tree[0, node, uct.MOVES] = count
        used[0, uct.NODES] = len(moves)
        lists: list[list[tuple[int, int, float]]] = [[] for _ in moves]
        while open_ := [n for n, count in enumerate(moves) if len(lists[n]) < count]:
            node = int(rng.choice(open_))
            new, code, seen = int(used[0, uct.NODES]), int(rng.integers(10**6)), float(rng.random())
            used[0, uct.NODES] = new + 1
            edge = grow(trees, 0, node, new, code)
            stats[0, edge, uct.SEEN] = seen
            lists[node].append((new, code, seen))
            for n in range(len(moves)):
                start = int(tree[0, n, uct.START])
                block = range(start, start + int(tree[0, n, uct.MADE]))
                read = [(*edges[0, e].tolist(), float(stats[0, e, uct.SEEN])) for e in block]
                assert read == lists[n]  # an edge's row: child, code
        assert used[0, uct.EDGES] <= 4 * size


def test_below_draws_what_integers_draws() -> None:
    """The search's draw is `rng.integers(0, n)`'s: the same numbers, the generator left the
    same, for one choice, for many, and past 32 bits."""
    ours, numpy_s = np.random.default_rng(21), np.random.default_rng(21)
    for n in [1, 2, 3, 7, 544, 2176, 2**31 + 5, 2**32 - 1, 2**32, 2**40 + 3] * 50:
        assert below(ours, n) == numpy_s.integers(0, n)
    assert ours.bit_generator.state == numpy_s.bit_generator.state
