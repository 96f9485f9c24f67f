"""simulate/agents/mcts.py's UCT, compiled: the whole search of one decision inside numba.

The same algorithm, step for step, on a game's compiled engine (pnp/games/compiled.py) instead
of a `State`: a node counts its moves when the search first leaves it, expands an untried one
drawn uniformly (`rng.integers`, the last untried one taking its place), otherwise picks the
child with the best UCB1 (the first such in the order the children were made), rolls out
uniformly random moves (`rng.integers`) up to the rollout limit, scores a rollout cut at the
limit by the logistic of each seat's evaluation, and plays the most visited move at the root
(ties: best total reward, then the first made). numba's `np.random.Generator` draws the very
numbers numpy's does from the same generator and advances it the same way, so both searches
choose the same move from the same seed (a test checks it move for move over whole games).

The trees live in arrays made once (a tree per game: simulate/run/lockstep.py searches several side
by side with these same functions): per node (one per iteration) a row of `tree` (its visits,
seat to play, moves counted, moves expanded, whether the game is over there, where its block of
edges starts and how many it holds), per edge a row of `edges` (the child and the code of the
move into it) and of `stats` (the visits of that move, its total reward and their quotient). A
node's edges sit side by side in the order they were made, so UCB1 scans a contiguous range and
keeps the reference's tie-breaking: a node's block grows by doubling (up to its number of
moves), copied to the end of the used edges when full, so a node holds under 4 edges per child
and a tree under 4 per node. Its untried moves are move indices 0..n-1 with the draws' swaps
written over them: only the swapped entries are stored (`untried`, a hash table of (node,
place) -> move index), so a node costs the same whatever its number of moves (Amazons 10 x 10
opens with 2,176 and most nodes expand one). A move index is decoded (`move_at`) only when it
is expanded. Sequential games only (one seat to play); simultaneous games are searched by
simulate/agents/compiled_duct.py, whose rollouts play here (`joint_rollout`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit
from numba.np.random.random_methods import buffered_bounded_lemire_uint32

from pnp.games.compiled import Compiled, Engine, specialised

#: A node's row in `tree`; an edge's in `edges`; what `used` counts per game.
VISITS, SEAT, MOVES, MADE, TERMINAL, START, ROOM = range(7)
FIELDS = 7
CHILD, CODE = 0, 1
SEEN, TOTAL, MEAN = 0, 1, 2  # an edge's row in `stats`: visits, total reward, their quotient
NODES, EDGES = 0, 1
#: A node with at least `MANY` children has UCB1's exploration term worked out once for each
#: visit count under `FEW` (most of its children share one), not once per child.
MANY, FEW = 64, 16
KEY, INDEX = 0, 1  # an entry of `untried`: node * 2**32 + place (-1: empty), its move index


def _search(  # type: ignore[no-untyped-def]
    context, root, players, iterations, limit, exploration, rng,
):  # fmt: skip
    """The code of the move UCT chooses at `root` after `iterations` iterations."""
    trees = new_trees(1, iterations + 1)
    tree, edges, stats, _, _, _ = trees
    path = np.zeros((1, iterations + 1), dtype=np.int64)  # the edges from the root
    out = np.zeros(players, dtype=np.float64)
    position = root.copy()
    plant(trees, 0, engine.to_act(context, root))
    for _ in range(iterations):
        position[:] = root
        depth = descend(  # type: ignore[no-untyped-call]
            context, position, rng, trees, 0, path, exploration
        )
        rollout(context, position, rng, limit, out)  # type: ignore[no-untyped-call]
        backup(trees, path, 0, depth, out)
    return edges[0, most_visited(tree, stats, 0), CODE]


def descend(context, position, rng, trees, g, path, exploration):  # type: ignore[no-untyped-def]
    """One selection from game `g`'s root (`position` is the root's, played on to the leaf):
    down by UCB1 to a node with an untried move, which it expands; the edges taken into
    `path[g]`, and their number."""
    tree, edges, _, untried, used, _ = trees
    node, depth = 0, 0
    while not tree[g, node, TERMINAL]:
        if tree[g, node, MOVES] < 0:  # first left: count its moves (as indices 0..n-1)
            tree[g, node, MOVES] = engine.count(context, position)
        left = tree[g, node, MOVES] - tree[g, node, MADE]
        if left > 0:  # expand an untried move, uniformly; the last takes its place
            index = drawn(untried[g], node, below(rng, left), left - 1)
            code = engine.move_at(context, position, index)
            engine.apply(context, position, code)
            new = used[g, NODES]
            used[g, NODES] = new + 1
            edge = grow(trees, g, node, new, code)
            tree[g, new, TERMINAL] = engine.over(context, position)
            tree[g, new, SEAT] = engine.to_act(context, position)
            path[g, depth] = edge
            return depth + 1
        edge = ucb_best(trees, g, node, exploration)
        engine.apply(context, position, edges[g, edge, CODE])
        path[g, depth] = edge
        node = edges[g, edge, CHILD]
        depth += 1
    return depth


def rollout(context, position, rng, limit, out):  # type: ignore[no-untyped-def]
    """Play `position` on by uniformly random moves, at most `limit`, and score it into `out`:
    a game cut at the limit by the logistic of each seat's evaluation."""
    for _ in range(limit):
        if engine.over(context, position):
            break
        index = below(rng, engine.count(context, position))
        engine.apply(context, position, engine.move_at(context, position, index))
    if engine.over(context, position):
        engine.rewards(context, position, out)
    else:
        for player in range(out.shape[0]):
            value = max(-50.0, min(50.0, engine.evaluate(context, position, player)))
            out[player] = 1.0 / (1.0 + math.exp(-value))


@njit(cache=True, inline="always")
def below(rng, n):  # type: ignore[no-untyped-def]
    """`rng.integers(0, n)`: the same number, the generator left the same, without the array of
    one that numba's `integers` makes (and frees) per call, 20 times the cost of the draw."""
    if n == 1:
        return 0
    if n > 0xFFFFFFFF:
        return rng.integers(0, n)
    return np.int64(buffered_bounded_lemire_uint32(rng.bit_generator, n - 1))  # type: ignore[no-untyped-call]


@njit(cache=True)
def new_trees(games, size):  # type: ignore[no-untyped-def]
    """`games` trees of at most `size` nodes: `tree`, `edges`, `stats`, `untried`, `used`
    (module docstring) and `terms` (`ucb_best`'s), the edges 4 per node (what blocks grown by
    doubling may take), the hash table at most half full (a node adds at most one entry)."""
    capacity = 1
    while capacity < 2 * size:
        capacity *= 2
    return (  # left unwritten: `plant` and `grow` write each row before it is read
        np.empty((games, size, FIELDS), dtype=np.int64),
        np.empty((games, 4 * size, 2), dtype=np.int64),
        np.empty((games, 4 * size, 3), dtype=np.float64),
        np.empty((games, capacity, 2), dtype=np.int64),
        np.zeros((games, 2), dtype=np.int64),
        np.zeros((games, FEW), dtype=np.float64),
    )


@njit(cache=True)
def plant(trees, g, seat):  # type: ignore[no-untyped-def]
    """Game `g`'s tree back to a root alone, `seat` to play."""
    tree, _, _, untried, used, _ = trees
    tree[g, 0, :] = 0
    tree[g, 0, SEAT], tree[g, 0, MOVES] = seat, -1
    untried[g, :, KEY] = -1
    used[g, NODES], used[g, EDGES] = 1, 0


@njit(cache=True, inline="always")
def grow(trees, g, node, new, code):  # type: ignore[no-untyped-def]
    """Node `new` made as the last child of `node`, by the move `code`, not yet visited; its
    edge. A full block (or none yet) moves to the end of the used edges, with twice the room
    (or one), never more than the node's moves."""
    tree, edges, stats, _, used, _ = trees
    tree[g, new, :] = 0
    tree[g, new, MOVES] = -1
    made, start = tree[g, node, MADE], tree[g, node, START]
    if made == tree[g, node, ROOM]:
        room = min(max(2 * made, 1), tree[g, node, MOVES])
        moved = used[g, EDGES]
        for i in range(made):  # loops, not slices: numba's slice copies cost more here
            edges[g, moved + i, CHILD] = edges[g, start + i, CHILD]
            edges[g, moved + i, CODE] = edges[g, start + i, CODE]
            for field in range(3):
                stats[g, moved + i, field] = stats[g, start + i, field]
        start = moved
        tree[g, node, START], tree[g, node, ROOM] = start, room
        used[g, EDGES] = moved + room
    edge = start + made
    edges[g, edge, CHILD], edges[g, edge, CODE] = new, code
    stats[g, edge, SEEN], stats[g, edge, TOTAL], stats[g, edge, MEAN] = 0.0, 0.0, 0.0
    tree[g, node, MADE] = made + 1
    return edge


@njit(cache=True, inline="always")
def _slot(table, key):  # type: ignore[no-untyped-def]
    """Where `key` is in the hash table `table`, or the empty entry where it would go."""
    mask = table.shape[0] - 1
    slot = ((key >> 32) * 0x9E3779B1 + key) & mask
    while table[slot, KEY] != key and table[slot, KEY] >= 0:
        slot = (slot + 1) & mask
    return slot


@njit(cache=True, inline="always")
def drawn(table, node, at, last):  # type: ignore[no-untyped-def]
    """The move index at place `at` of `node`'s untried ones (`table`: one game's `untried`),
    the one at place `last` taking its place: a place never written holds its own index."""
    slot = _slot(table, node * 2**32 + at)
    index = table[slot, INDEX] if table[slot, KEY] >= 0 else at
    if at != last:
        end = _slot(table, node * 2**32 + last)  # may be `slot` when neither is written
        moved = table[end, INDEX] if table[end, KEY] >= 0 else last
        table[slot, KEY], table[slot, INDEX] = node * 2**32 + at, moved
    return index


@njit(cache=True, inline="always")
def ucb_best(trees, g, node, exploration):  # type: ignore[no-untyped-def]
    """The edge of `node` with the best UCB1, the first made such. The very sums the reference
    makes (its mean kept since the last backup, its exploration term shared by the children
    with the same visits): the same bits, so the same ties."""
    tree, _, stats, _, _, terms = trees
    log_visits = math.log(max(tree[g, node, VISITS], 1))
    start, made = tree[g, node, START], tree[g, node, MADE]
    few = FEW if made >= MANY else 1
    for visits in range(1, few):
        terms[g, visits] = exploration * np.sqrt(log_visits / visits)
    best, best_value = -1, -np.inf
    for edge in range(start, start + made):
        visits = stats[g, edge, SEEN]
        if visits < few:
            value = stats[g, edge, MEAN] + terms[g, int(visits)]
        else:
            value = stats[g, edge, MEAN] + exploration * np.sqrt(log_visits / visits)
        if value > best_value:
            best, best_value = edge, value
    return best


@njit(cache=True, inline="always")
def backup(trees, path, g, depth, out):  # type: ignore[no-untyped-def]
    """A rollout's rewards `out` added along game `g`'s path, each move credited with the
    reward of the seat that chose it."""
    tree, edges, stats, _, _, _ = trees
    node = 0
    for i in range(depth):
        edge = path[g, i]
        tree[g, node, VISITS] += 1
        stats[g, edge, SEEN] += 1.0
        stats[g, edge, TOTAL] += out[tree[g, node, SEAT]]
        stats[g, edge, MEAN] = stats[g, edge, TOTAL] / stats[g, edge, SEEN]
        node = edges[g, edge, CHILD]


@njit(cache=True, inline="always")
def most_visited(tree, stats, g):  # type: ignore[no-untyped-def]
    """The root's edge played: the most visited; ties: the best total, then the first made."""
    start = tree[g, 0, START]
    best = start
    for edge in range(start + 1, start + tree[g, 0, MADE]):
        if stats[g, edge, SEEN] > stats[g, best, SEEN] or (
            stats[g, edge, SEEN] == stats[g, best, SEEN]
            and stats[g, edge, TOTAL] > stats[g, best, TOTAL]
        ):
            best = edge
    return best


def joint_rollout(context, position, rng, limit, out):  # type: ignore[no-untyped-def]
    """`rollout` for a simultaneous game (`Engine.joint`), as simulate/agents/mcts.py's `_rollout`
    plays one: at most `limit` turns, each one of every seat's orders drawn uniformly (seat by
    seat in the order the seats give them), scored as `rollout` scores its end."""
    for _ in range(limit):
        if engine.over(context, position):
            break
        seat = engine.to_act(context, position)
        while True:
            index = below(rng, engine.count(context, position))
            engine.apply(context, position, engine.move_at(context, position, index))
            if engine.over(context, position) or engine.to_act(context, position) <= seat:
                break  # every seat has ordered: the turn is resolved
            seat = engine.to_act(context, position)
    rollout(context, position, rng, 0, out)  # type: ignore[no-untyped-call]


engine: Any = None  # in each engine's copy of `_search`, that engine's module (`search_for`)


def search_for(engine_: Engine) -> Any:
    """`_search` compiled against the functions of `engine_` (pnp/games/compiled.py's
    `specialised`: one copy per engine, cached by numba beside the engine's module)."""
    descend_, rollout_ = specialised(descend, engine_), specialised(rollout, engine_)
    return specialised(_search, engine_, descend=descend_, rollout=rollout_)


def joint_rollout_for(engine_: Engine) -> Any:
    """`joint_rollout` compiled against the functions of `engine_` (as `search_for`)."""
    return specialised(joint_rollout, engine_, rollout=specialised(rollout, engine_))


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
