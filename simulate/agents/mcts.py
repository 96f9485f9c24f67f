"""Monte Carlo tree search agents: UCT with random rollouts, decoupled for simultaneous orders.

`mcts:ITERATIONS` (default 200) builds a fresh tree for every decision from a copy of the state;
`mcts:Nx` spends N iterations per legal move of the seat deciding, at least PER_MOVE_FLOOR and at
most PER_MOVE_CAP (a fixed budget never tries most moves where there are hundreds: Amazon Penguins
has 600-1,531 after placement); `mcts:ITERATIONS:ROLLOUT` or `mcts:Nx:ROLLOUT` also sets how many
random moves a rollout plays at most (default 200; 0 scores a new leaf by the game's evaluation
at once, which is far stronger where random continuations say little: `mcts:1x:0` won 30 of 48
against greedy at Amazon Penguins where `mcts:1x` won 1 of 4). Budgets count iterations, never
time, so the same seed gives the same games on any machine.

A node tries each of its moves once, in a random order, before it tries any twice (UCB1 needs one
visit of every move), so a budget of at least one iteration per legal move tries every move at
the root. The move played is the most visited; among equally visited ones, the one whose rollouts
scored best. A compiled version must keep these three choices to play the same moves.
Every node keeps, for each seat that acts there, the visits and reward totals of that seat's own
moves (decoupled UCT, Lanctot et al. 2013). When one seat acts this is plain UCT (Kocsis and
Szepesvari 2006): a move's statistics are those of the child it leads to. When several seats
order at once (Colour Diplomacy) each picks its own order by UCB1 on its own statistics and the
joint order leads to the child; the seat's move is chosen by its visit counts at the root.
A node lists its moves when the search first leaves it and expands them in a random order: each
untried move drawn uniformly when expanded (the last untried one takes its place), so a leaf
never visited again costs no move list and no draws.

Games with a compiled engine (`State.compiled()`) run the same search, draw for draw, in
simulate/agents/compiled_mcts.py (simultaneous orders: simulate/agents/compiled_duct.py): the same
moves from the same generator, at compiled speed.

Rewards are the per-game scores s = (u + 1) / 2 with u = 1 - 2 (rank - 1) / (N - 1) and tied
players sharing the average of their ranks: 1 for a sole winner, 0 for a sole last, 0.5 each in
a two-player draw. A rollout that reaches its move limit is scored by a logistic of each seat's
own evaluation (`State.evaluate`: its lead in score by default, in progress or mobility where a
game defines it), 1/2 for level. Every random choice comes from the generator the agent
is handed, so the same seed gives the same games.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from pnp.games.base import Move, Result, Seat, State
from pnp.games.compiled import Compiled
from simulate.agents.budget import EXPLORATION, iterations_for
from simulate.scoring.metrics import seat_scores

ROLLOUT_LIMIT = 200


def rewards_of(result: Result) -> list[float]:
    return seat_scores(result.ranks)


class _Node:
    __slots__ = ("children", "seats", "stats", "untried", "visits")

    def __init__(self, state: State[Any]) -> None:
        self.visits = 0
        self.seats: tuple[Seat, ...] = () if state.is_over() else state.to_act()
        self.stats: list[dict[Hashable, list[float]]] = [{} for _ in self.seats]
        self.untried: list[list[Move]] | None = None  # listed when the search first leaves it
        self.children: dict[tuple[Hashable, ...], _Node] = {}

    def expanding(self, state: State[Any]) -> bool:
        """Whether a seat acting here has a move not tried yet (`state` is this node's)."""
        if self.untried is None:
            self.untried = [list(state.legal_moves(seat)) for seat in self.seats]
        return any(self.untried)

    def select(self, rng: np.random.Generator) -> tuple[Hashable, ...]:
        """One move per acting seat: an untried one if any is left (uniformly, the last one
        taking its place), else the best by UCB1."""
        assert self.untried is not None, "expanding() lists the moves first"
        joint = []
        log_visits = math.log(max(self.visits, 1))
        for k, stats in enumerate(self.stats):
            untried = self.untried[k]
            if untried:
                pick = int(rng.integers(len(untried)))
                move = untried[pick]
                untried[pick] = untried[-1]
                untried.pop()
                stats[move] = [0.0, 0.0]
                joint.append(move)
                continue
            best, best_value = None, -math.inf
            for move, (visits, total) in stats.items():
                value = total / visits + EXPLORATION * math.sqrt(log_visits / visits)
                if value > best_value:
                    best, best_value = move, value
            joint.append(best)
        return tuple(joint)

    def update(self, joint: tuple[Hashable, ...], rewards: Sequence[float]) -> None:
        self.visits += 1
        for k, move in enumerate(joint):
            entry = self.stats[k][move]
            entry[0] += 1
            entry[1] += rewards[self.seats[k]]


class MCTSAgent:
    """UCT (decoupled for simultaneous orders) with uniformly random rollouts."""

    def __init__(
        self,
        iterations: int = 200,
        rollout: int = ROLLOUT_LIMIT,
        *,
        per_move: bool = False,
        compiled: bool = True,
    ) -> None:
        self.iterations = iterations
        self.rollout = rollout
        self.per_move = per_move
        self.compiled = compiled  # False: always this module's search (the reference)

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        compiled = state.compiled() if self.compiled else None
        if compiled is not None and compiled.engine.joint:  # simulate/agents/compiled_duct.py
            return self._choose_joint(compiled, state, seat, rng)
        if compiled is not None:  # the same search, compiled (simulate/agents/compiled_mcts.py)
            from simulate.agents.compiled_mcts import choose

            iterations, per_move = self.iterations, self.per_move

            def budget(moves: int) -> int:
                return iterations_for(iterations, per_move, moves)

            chosen: Move = choose(compiled, budget, self.rollout, EXPLORATION, rng)
            return chosen
        moves: Sequence[Move] = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        root = self.search(state, len(moves), rng)
        stats = root.stats[root.seats.index(seat)]
        # the most visited move; among equally visited ones (many moves, few iterations), the
        # one whose rollouts scored best
        best: Move = max(stats, key=lambda move: (stats[move][0], stats[move][1]))
        return best

    def _choose_joint(
        self, compiled: Compiled, state: State[Any], seat: Seat, rng: np.random.Generator
    ) -> Move:
        """The decoupled search below, compiled, for a game of simultaneous orders."""
        from simulate.agents.compiled_duct import choose

        moves: Sequence[Move] = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        iterations = iterations_for(self.iterations, self.per_move, len(moves))
        chosen: Move = choose(compiled, seat, iterations, self.rollout, EXPLORATION, rng)
        return chosen

    def search(self, state: State[Any], moves: int, rng: np.random.Generator) -> _Node:
        """The tree grown from `state` by the budget of a decision among `moves` moves."""
        root = _Node(state)
        for _ in range(iterations_for(self.iterations, self.per_move, moves)):
            self._iterate(state.clone(), root, rng)
        return root

    def _iterate(self, state: State[Any], root: _Node, rng: np.random.Generator) -> None:
        path: list[tuple[_Node, tuple[Hashable, ...]]] = []
        node = root
        while node.seats:
            expanding = node.expanding(state)
            joint = node.select(rng)
            path.append((node, joint))
            state.apply_joint(list(joint))
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = _Node(state)
                break
            node = child
            if expanding:
                break
        rewards = _rollout(state, rng, self.rollout)
        for visited, joint in path:
            visited.update(joint, rewards)


def _rollout(state: State[Any], rng: np.random.Generator, limit: int) -> list[float]:
    for _ in range(limit):
        if state.is_over():
            return rewards_of(state.result())
        joint = []
        for seat in state.to_act():
            moves = state.legal_moves(seat)
            joint.append(moves[int(rng.integers(len(moves)))])
        state.apply_joint(joint)
    if state.is_over():
        return rewards_of(state.result())
    # A logistic of each seat's evaluation (its lead over the best other seat): a bigger lead is
    # worth more, so the search keeps pushing ahead instead of treating "ahead" as won.
    return [1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, state.evaluate(seat)))))
            for seat in range(state.players)]  # fmt: skip
