"""simulate/agents/mcts.py's decoupled UCT for simultaneous orders, compiled: one decision's whole
search inside numba, on a joint game's compiled engine (`Engine.joint`: Colour Diplomacy).

The same search, draw for draw, as `MCTSAgent._iterate` plays it on a `State`: a node lists the
orders of every seat acting there when the search first leaves it; each seat picks an untried
order while it has one (drawn uniformly, the last untried one taking its place), else its best
by UCB1 on its own statistics, the first best in the order its orders were first tried; the
joint order leads to the child (made on first visit, which ends the descent, as does a node
that still had untried orders); a rollout plays random turns (`compiled_mcts.joint_rollout`);
every node passed counts the visit and adds each acting seat's reward to its order. The seat
deciding plays its most visited order at the root (ties: the best total, then the first tried).

A seat's orders are listed as the engine gives them to the seat to play: the seats order one
after another within a turn, and each lists its orders on the board as the turn found it, so
listing seat k after the earlier seats' orders gives what `State.legal_moves(k)` gives.

Per node (one per iteration at most) the tree keeps its visits, whether the game is over
there, and a block of rows, one per acting seat (its seat, orders, untried and tried counts and
the start of its orders in the pools); per tried order its move index, code, visits and reward
total, in the order tried. Children are found by a hash of (node, joint order), checked
against the child's own joint order.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from pnp.games.compiled import Compiled, Engine, specialised
from simulate.agents.compiled_mcts import below, joint_rollout_for

#: A node's row in `nodes`.
VISITS, OVER, ROWS, ACTING, PARENT = range(5)
#: An acting seat's row in `seats`.
SEAT, ORDERS, LEFT, TRIED, START = range(5)
EMPTY = -1


@njit(cache=True)
def _grown(array, need):  # type: ignore[no-untyped-def]
    """`array`, or a copy twice as long (or more) when `need` entries do not fit."""
    if need <= array.shape[0]:
        return array
    size = array.shape[0] * 2
    while size < need:
        size *= 2
    out = np.empty(size, dtype=array.dtype)
    out[: array.shape[0]] = array
    return out


@njit(cache=True, inline="always")
def _key(node, joint, acting):  # type: ignore[no-untyped-def]
    key = np.uint64(node + 1)
    for k in range(acting):
        key = (key * np.uint64(0x100000001B3)) ^ np.uint64(joint[k] + 1)
    return key


def _search(  # type: ignore[no-untyped-def]
    context, root, seat, players, iterations, limit, exploration, rng,
):  # fmt: skip
    """The code of the order the decoupled UCT chooses for `seat` at `root` (a turn's start)
    after `iterations` iterations."""
    size = iterations + 1
    nodes = np.zeros((size, 5), dtype=np.int64)
    seats = np.zeros((size * players, 5), dtype=np.int64)
    joints = np.full((size, players), EMPTY, dtype=np.int64)  # the joint order into each node
    capacity = 64
    while capacity < 2 * size:
        capacity *= 2
    keys = np.zeros(capacity, dtype=np.uint64)
    children = np.full(capacity, EMPTY, dtype=np.int64)
    untried = np.empty(64, dtype=np.int64)  # per acting seat: its untried move indices
    moves = np.empty(64, dtype=np.int64)  # per tried order: its move index ...
    codes = np.empty(64, dtype=np.int64)  # ... its code ...
    seen = np.empty(64, dtype=np.float64)  # ... its visits ...
    totals = np.empty(64, dtype=np.float64)  # ... and its reward total
    used = 0  # entries of the pools taken
    path_nodes = np.empty(size, dtype=np.int64)
    path_slots = np.empty((size, players), dtype=np.int64)  # per node passed: each seat's order
    joint = np.empty(players, dtype=np.int64)
    out = np.zeros(players, dtype=np.float64)
    position = root.copy()
    scratch = root.copy()
    made = 1
    nodes[0, ROWS] = EMPTY
    nodes[0, OVER] = engine.over(context, root)
    for _ in range(iterations):
        position[:] = root
        node, depth = 0, 0
        while not nodes[node, OVER]:
            if nodes[node, ROWS] == EMPTY:  # first left: list every acting seat's orders
                scratch[:] = position
                rows, acting = node * players, 0
                while True:
                    turn = engine.to_act(context, scratch)
                    orders = engine.count(context, scratch)
                    need = used + orders
                    untried = _grown(untried, need)
                    moves, codes = _grown(moves, need), _grown(codes, need)
                    seen, totals = _grown(seen, need), _grown(totals, need)
                    for i in range(orders):
                        untried[used + i] = i
                    row = seats[rows + acting]
                    row[SEAT], row[ORDERS], row[LEFT], row[TRIED], row[START] = (
                        turn, orders, orders, 0, used
                    )  # fmt: skip
                    used = need
                    acting += 1
                    engine.apply(context, scratch, engine.move_at(context, scratch, 0))
                    if engine.over(context, scratch) or engine.to_act(context, scratch) <= turn:
                        break
                nodes[node, ROWS], nodes[node, ACTING] = rows, acting
            rows, acting = nodes[node, ROWS], nodes[node, ACTING]
            expanding = False
            for k in range(acting):
                expanding = expanding or seats[rows + k, LEFT] > 0
            log_visits = math.log(max(nodes[node, VISITS], 1))
            for k in range(acting):
                row = seats[rows + k]
                start = row[START]
                if row[LEFT] > 0:  # an untried order, uniformly; the last takes its place
                    pick = below(rng, row[LEFT])
                    index = untried[start + pick]
                    untried[start + pick] = untried[start + row[LEFT] - 1]
                    row[LEFT] -= 1
                    slot = start + row[TRIED]
                    row[TRIED] += 1
                    moves[slot], codes[slot] = index, EMPTY
                    seen[slot], totals[slot] = 0.0, 0.0
                else:  # the first best by UCB1, in the order tried
                    slot, best = start, -np.inf
                    for s in range(start, start + row[TRIED]):
                        visits = seen[s]
                        value = totals[s] / visits + exploration * math.sqrt(log_visits / visits)
                        if value > best:
                            slot, best = s, value
                path_slots[depth, k] = slot
                joint[k] = moves[slot]
            for k in range(acting):  # the joint order, seat by seat
                slot = path_slots[depth, k]
                if codes[slot] == EMPTY:
                    codes[slot] = engine.move_at(context, position, moves[slot])
                engine.apply(context, position, codes[slot])
            path_nodes[depth] = node
            depth += 1
            key = _key(node, joint, acting)
            at = np.int64(key & np.uint64(capacity - 1))
            child = EMPTY
            while children[at] != EMPTY:
                found = children[at]
                if keys[at] == key and nodes[found, PARENT] == node:
                    same = True
                    for k in range(acting):
                        same = same and joints[found, k] == joint[k]
                    if same:
                        child = found
                        break
                at = (at + 1) & (capacity - 1)
            if child == EMPTY:  # a new node: the descent ends here
                child = made
                made += 1
                nodes[child, ROWS], nodes[child, PARENT] = EMPTY, node
                nodes[child, OVER] = engine.over(context, position)
                joints[child, :acting] = joint[:acting]
                keys[at], children[at] = key, child
                break
            node = child
            if expanding:
                break
        joint_rollout(context, position, rng, limit, out)
        for d in range(depth):
            passed = path_nodes[d]
            nodes[passed, VISITS] += 1
            rows = nodes[passed, ROWS]
            for k in range(nodes[passed, ACTING]):
                slot = path_slots[d, k]
                seen[slot] += 1.0
                totals[slot] += out[seats[rows + k, SEAT]]
    best = EMPTY
    for k in range(nodes[0, ACTING]):
        row = seats[k]
        if row[SEAT] != seat:
            continue
        for s in range(row[START], row[START] + row[TRIED]):
            if (
                best == EMPTY
                or seen[s] > seen[best]
                or (seen[s] == seen[best] and totals[s] > totals[best])
            ):
                best = s
    return codes[best]


engine: Any = None  # in each engine's copy of `_search`, that engine's module (`search_for`)
joint_rollout: Any = None  # in those copies, the engine's copy of compiled_mcts.joint_rollout


def search_for(engine_: Engine) -> Any:
    """`_search` compiled against the functions of `engine_` (as compiled_mcts.search_for)."""
    return specialised(_search, engine_, joint_rollout=joint_rollout_for(engine_))


def choose(
    compiled: Compiled, seat: int, iterations: int, limit: int, exploration: float,
    rng: np.random.Generator,
) -> Any:  # fmt: skip
    """The order the decoupled UCT chooses for `seat` at a turn's start, as the `State` writes
    it, after `iterations` iterations."""
    search = search_for(compiled.engine)
    code = search(compiled.context, compiled.position, seat, compiled.players, iterations,
                  limit, exploration, rng)  # fmt: skip
    return compiled.decode(int(code))
