"""The compiled half of the lockstep search (simulate/run/lockstep.py): a batch of games played
ply by ply inside one compiled call, the games that search running their UCT iterations side by
side, every leaf rolled out in one batch call.

Each seat of each game draws only from its own generator, in the order the one-game search
draws (simulate/agents/compiled_mcts.py, whose `descend`, `rollout` and `backup` it calls), so a
game's search is the one-game search's, step for step, whatever else the batch holds.

It imports only compiled code and the numba-free search budget (simulate/agents/budget.py): what
a copy compiled against an engine can reach (pnp/games/compiled.py `_reach`), so that editing a
module of the game side or of the run does not compile it afresh.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pnp.games.compiled import Engine, specialised
from simulate.agents import compiled_mcts as uct
from simulate.agents.budget import PER_MOVE_CAP, PER_MOVE_FLOOR
from simulate.agents.compiled_mcts import (
    CODE,
    backup,
    descend,
    most_visited,
    new_trees,
    plant,
    rollout,
)

RANDOM, SEARCH = 0, 1  # a seat's kind
engine: Any = None  # in each engine's copies of these functions, that engine's module


def _play(  # type: ignore[no-untyped-def]
    context, positions, rngs, seats, max_turns, exploration, codes,
):  # fmt: skip
    """Play every game of `positions` (a row each) to its end or `max_turns` moves, writing the
    code of each move made into its row of `codes`; the moves each game made.

    `seats[g, s]`: seat s of game g as (kind, iterations, per move, rollout limit); its
    generator is `rngs[g * players + s]`."""
    games, players = seats.shape[0], seats.shape[1]
    size = 2
    for g in range(games):
        for s in range(players):
            if seats[g, s, 0] == SEARCH:
                size = max(size, (PER_MOVE_CAP if seats[g, s, 2] else seats[g, s, 1]) + 1)
    trees = new_trees(games, size)  # per game: see compiled_mcts
    path = np.zeros((games, size), dtype=np.int64)
    leaves = np.zeros(positions.shape, dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    live = np.zeros(games, dtype=np.bool_)
    searching = np.zeros(games, dtype=np.bool_)
    budgets = np.zeros(games, dtype=np.int64)
    owners = np.zeros(games, dtype=np.int64)
    chosen = np.zeros(games, dtype=np.int64)
    for g in range(games):
        live[g] = max_turns > 0 and not engine.over(context, positions[g])
    while live.any():
        for g in range(games):
            searching[g] = False
            if not live[g]:
                continue
            seat = engine.to_act(context, positions[g])
            owners[g] = g * players + seat
            moves = engine.count(context, positions[g])
            kind, iterations, per_move = seats[g, seat, 0], seats[g, seat, 1], seats[g, seat, 2]
            if kind == RANDOM:
                index = uct.below(rngs[owners[g]], moves)
                chosen[g] = engine.move_at(context, positions[g], index)
            elif moves == 1:
                chosen[g] = engine.move_at(context, positions[g].copy(), 0)
            else:
                searching[g] = True
                budgets[g] = iterations  # simulate.agents.mcts.iterations_for
                if per_move:
                    budgets[g] = max(PER_MOVE_FLOOR, min(PER_MOVE_CAP, iterations * moves))
        if searching.any():
            _search(  # type: ignore[no-untyped-call]
                context, positions, rngs, seats, exploration, searching, budgets, owners, trees,
                path, leaves, chosen,
            )  # fmt: skip
        for g in range(games):
            if live[g]:
                codes[g, turns[g]] = chosen[g]
                engine.apply(context, positions[g], chosen[g])
                turns[g] += 1
                live[g] = turns[g] < max_turns and not engine.over(context, positions[g])
    return turns


def _search(  # type: ignore[no-untyped-def]
    context, roots, rngs, seats, exploration, searching, budgets, owners, trees, path, leaves,
    chosen,
):  # fmt: skip
    """UCT in every game with `searching`: `budgets[g]` iterations from `roots[g]` with the
    generator `rngs[owners[g]]`, run side by side; the code of each game's move into `chosen`.
    `trees` (`compiled_mcts.new_trees`) holds a tree per game."""
    games, players = seats.shape[0], seats.shape[1]
    tree, edges, stats, _, _, _ = trees
    depth = np.zeros(games, dtype=np.int64)
    active = np.zeros(games, dtype=np.bool_)
    rewards = np.zeros((games, players), dtype=np.float64)
    rounds = 0
    for g in range(games):
        if searching[g]:
            plant(trees, g, engine.to_act(context, roots[g]))
            rounds = max(rounds, budgets[g])
    for iteration in range(rounds):
        for g in range(games):  # selection and expansion, in every game
            active[g] = searching[g] and iteration < budgets[g]
            if active[g]:
                leaves[g, :] = roots[g]
                depth[g] = descend(  # type: ignore[no-untyped-call]
                    context, leaves[g], rngs[owners[g]], trees, g, path, exploration
                )
        _rollouts(  # type: ignore[no-untyped-call]
            context, leaves, rngs, seats, owners, active, rewards
        )
        for g in range(games):  # backup, in every game
            if active[g]:
                backup(trees, path, g, depth[g], rewards[g])
    for g in range(games):
        if searching[g]:
            chosen[g] = edges[g, most_visited(tree, stats, g), CODE]


def _rollouts(context, leaves, rngs, seats, owners, active, rewards):  # type: ignore[no-untyped-def]
    """The batch call: every active game's leaf played on by uniformly random moves up to its
    searching seat's rollout limit, and scored (a game cut at the limit by the logistic of each
    seat's evaluation) into its row of `rewards`."""
    games, players = seats.shape[0], seats.shape[1]
    for g in range(games):
        if not active[g]:
            continue
        limit = seats[g, owners[g] % players, 3]
        rollout(context, leaves[g], rngs[owners[g]], limit, rewards[g])  # type: ignore[no-untyped-call]


def compiled_play(engine_: Engine) -> Any:
    """`_play` compiled against the functions of `engine_`, with the copies it calls."""
    rollout_ = specialised(rollout, engine_)
    rollouts = specialised(_rollouts, engine_, rollout=rollout_)
    descend_ = specialised(descend, engine_)
    search = specialised(_search, engine_, _rollouts=rollouts, descend=descend_)
    return specialised(_play, engine_, _search=search)
