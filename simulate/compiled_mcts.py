"""simulate/mcts.py's UCT, compiled: the whole search of one decision inside numba.

The same algorithm, step for step, on a game's compiled engine (pnp/games/compiled.py) instead
of a `State`: a node lists its moves when the search first leaves it, expands an untried one
drawn uniformly (`rng.integers`, the last untried one taking its place), otherwise picks the
child with the best UCB1 (the first such in the order the children were made), rolls out
uniformly random moves (`rng.integers`) up to the rollout limit, scores a rollout cut at the
limit by the logistic of each seat's evaluation, and plays the most visited move at the root
(ties: best total reward, then the first made). numba's `np.random.Generator` draws the very
numbers numpy's does from the same generator and advances it the same way, so both searches
choose the same move from the same seed (a test checks it move for move over whole games).

The tree lives in arrays made once per decision: per node (one per iteration) its visits, seat
to play, and a block of edges made when the search first leaves it, one per legal move (the
blocks in arrays grown by doubling); per edge its untried move index, then once expanded its
move code, child, visits and total reward. Expanded edges sit first in their block, in the
order they were made, so UCB1 runs over contiguous arrays (vectorised) and keeps the
reference's tie-breaking. A move index is decoded (`move_at`) only when it is expanded.
Sequential games only (one seat to play); simultaneous games use simulate/mcts.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from pnp.games.compiled import Compiled, Engine, specialised


def _search(  # type: ignore[no-untyped-def]
    context, root, players, iterations, limit, exploration, rng,
):  # fmt: skip
    """The code of the move UCT chooses at `root` after `iterations` iterations."""
    size = iterations + 1
    visits = np.zeros(size, dtype=np.int64)  # per node
    seat = np.zeros(size, dtype=np.int64)
    start = np.zeros(size, dtype=np.int64)  # its block of edges
    moves = np.full(size, -1, dtype=np.int64)  # -1: not listed yet
    expanded = np.zeros(size, dtype=np.int64)
    terminal = np.zeros(size, dtype=np.bool_)
    path = np.zeros(size + 1, dtype=np.int64)  # edges from the root
    out = np.zeros(players, dtype=np.float64)
    position = root.copy()
    # per edge, in blocks of a node's moves: untried move indices, then the expanded moves in
    # the order they were made
    untried, code, child, edge_visits, edge_total = new_edges(1024)
    used = 0
    seat[0] = engine.to_act(context, root)
    nodes = 1
    for _ in range(iterations):
        position[:] = root
        node, depth = 0, 0
        while not terminal[node]:
            if moves[node] < 0:  # first left: list its moves (as indices 0..n-1)
                listed = engine.count(context, position)
                untried, code, child, edge_visits, edge_total = room(
                    untried, code, child, edge_visits, edge_total, used, listed
                )
                start[node], moves[node] = used, listed
                used += listed
            first, made = start[node], expanded[node]
            left = moves[node] - made
            if left > 0:  # expand an untried move, uniformly; the last takes its place
                at = first + rng.integers(0, left)
                edge = first + made
                code[edge] = engine.move_at(context, position, untried[at])
                untried[at] = untried[first + left - 1]
                expanded[node] = made + 1
                engine.apply(context, position, code[edge])
                child[edge] = nodes
                terminal[nodes] = engine.over(context, position)
                seat[nodes] = engine.to_act(context, position)
                nodes += 1
                path[depth] = edge
                depth += 1
                break
            log_visits = math.log(max(visits[node], 1))
            best = ucb_best(edge_visits, edge_total, first, made, log_visits, exploration)
            engine.apply(context, position, code[best])
            path[depth] = best
            depth += 1
            node = child[best]
        rollout(context, position, rng, limit, out)  # type: ignore[no-untyped-call]
        node = 0
        for i in range(depth):
            edge = path[i]
            visits[node] += 1
            edge_visits[edge] += 1.0
            edge_total[edge] += out[seat[node]]
            node = child[edge]
    return code[most_visited(edge_visits, edge_total, start[0], expanded[0])]


def rollout(context, position, rng, limit, out):  # type: ignore[no-untyped-def]
    """Play `position` on by uniformly random moves, at most `limit`, and score it into `out`:
    a game cut at the limit by the logistic of each seat's evaluation."""
    for _ in range(limit):
        if engine.over(context, position):
            break
        index = rng.integers(0, engine.count(context, position))
        engine.apply(context, position, engine.move_at(context, position, index))
    if engine.over(context, position):
        engine.rewards(context, position, out)
    else:
        for player in range(out.shape[0]):
            value = max(-50.0, min(50.0, engine.evaluate(context, position, player)))
            out[player] = 1.0 / (1.0 + math.exp(-value))


@njit(cache=True)
def new_edges(capacity):  # type: ignore[no-untyped-def]
    """Arrays for `capacity` edges: untried move index, code, child, visits, total reward."""
    return (
        np.empty(capacity, dtype=np.int32), np.empty(capacity, dtype=np.int64),
        np.empty(capacity, dtype=np.int64), np.zeros(capacity, dtype=np.float64),
        np.zeros(capacity, dtype=np.float64),
    )  # fmt: skip


@njit(cache=True, inline="always")
def room(untried, code, child, edge_visits, edge_total, used, listed):  # type: ignore[no-untyped-def]
    """The edge arrays with room for `listed` edges after the first `used` (grown by doubling),
    those edges holding the untried move indices 0..listed-1 and no visits."""
    if used + listed > untried.shape[0]:
        capacity = 2 * (used + listed)
        untried = grown(untried, used, capacity)
        code = grown(code, used, capacity)
        child = grown(child, used, capacity)
        edge_visits = grown(edge_visits, used, capacity)
        edge_total = grown(edge_total, used, capacity)
    for i in range(listed):
        untried[used + i] = i
        edge_visits[used + i] = 0.0
        edge_total[used + i] = 0.0
    return untried, code, child, edge_visits, edge_total


@njit(cache=True, inline="always")
def ucb_best(edge_visits, edge_total, first, made, log_visits, exploration):  # type: ignore[no-untyped-def]
    """The edge among a node's `made` expanded ones with the best UCB1; the first such."""
    best, best_value = first, -np.inf
    for edge in range(first, first + made):
        value = edge_total[edge] / edge_visits[edge] + exploration * np.sqrt(
            log_visits / edge_visits[edge]
        )
        if value > best_value:
            best, best_value = edge, value
    return best


@njit(cache=True, inline="always")
def most_visited(edge_visits, edge_total, first, made):  # type: ignore[no-untyped-def]
    """The move played: the most visited edge; ties: the best total, then the first made."""
    best = first
    for edge in range(first + 1, first + made):
        if edge_visits[edge] > edge_visits[best] or (
            edge_visits[edge] == edge_visits[best] and edge_total[edge] > edge_total[best]
        ):
            best = edge
    return best


@njit(cache=True)
def grown(array, used, capacity):  # type: ignore[no-untyped-def]
    bigger = np.empty(capacity, dtype=array.dtype)
    bigger[:used] = array[:used]
    return bigger


engine: Any = None  # in each engine's copy of `_search`, that engine's module (`search_for`)


def search_for(engine_: Engine) -> Any:
    """`_search` compiled against the functions of `engine_` (pnp/games/compiled.py's
    `specialised`: one copy per engine, cached by numba beside the engine's module)."""
    return specialised(_search, engine_, rollout=specialised(rollout, engine_))


def choose(
    compiled: Compiled,
    budget: Callable[[int], int],
    limit: int,
    exploration: float,
    rng: np.random.Generator,
) -> Any:
    """The move UCT chooses for the seat to play, as the `State` writes it, with
    `budget(legal moves)` iterations."""
    engine, context, position = compiled.engine, compiled.context, compiled.position
    moves = engine.count(context, position)
    if moves == 1:
        return compiled.decode(engine.move_at(context, position.copy(), 0))
    search = search_for(engine)
    code = search(context, position, compiled.players, budget(moves), limit, exploration, rng)
    return compiled.decode(int(code))
