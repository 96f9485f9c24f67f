"""Many games' searches in lockstep: every MCTS iteration selects a leaf in every game, then one
batch call rolls all the leaves out (the approach of DeepMind's mctx and of pgx's batch-first
engines, here in numba on a game's compiled engine, pnp/games/compiled.py).

A batch of independent games (one engine, one set of tables) is played ply by ply inside one
compiled call: each game's seat to play decides; the games that search run their iterations side
by side (selection and expansion in every game, `_rollouts` over all the leaves, then every
game's backup, all through simulate/agents/compiled_mcts.py's `descend` and `backup`); every game
plays its move. Each game's tree (`compiled_mcts.new_trees`) and positions are rows of their own.

Each seat of each game draws only from its own generator (`SeedSequence(game seed).spawn`, as
`play.play` hands them out), in the order the one-game search draws: a game's search is
simulate/agents/compiled_mcts.py's, step for step, whatever else the batch holds. So a batch plays
the very games `play.play` plays with the same `MCTSAgent` and `RandomAgent` seats, whatever the
batch size, the chunking and the number of workers (tests check it game for game); the runner
then replays each game's moves on its `State` for the result, facts and lead changes.

Seats may be `mcts` (compiled) or `random`; another agent, a simultaneous game or a game without
a compiled engine plays one game at a time (`lockstep_games` returns None).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import typed

from pnp.games.base import Move, Seat, State
from pnp.games.compiled import Engine, specialised
from simulate.agents import compiled_mcts as uct
from simulate.agents.base import Agent, RandomAgent
from simulate.agents.compiled_mcts import (
    CODE,
    backup,
    descend,
    most_visited,
    new_trees,
    plant,
    rollout,
)
from simulate.agents.mcts import EXPLORATION, PER_MOVE_CAP, PER_MOVE_FLOOR, MCTSAgent
from simulate.run.play import Played, play

BATCH = 16  # games searched side by side at most
#: Iterations of the trees held at once (about 250 bytes each, whatever the moves): mcts:1000
#: searches 16 games side by side, mcts:4000 four, `mcts:Nx` one.
ITERATIONS_AT_ONCE = 16_000
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


def seat_row(agent: Agent) -> tuple[int, int, int, int] | None:
    """A seat's (kind, iterations, per move, rollout limit) for `_play`; None for an agent it
    cannot play."""
    if type(agent) is RandomAgent:
        return (RANDOM, 0, 0, 0)
    if type(agent) is MCTSAgent and agent.compiled:
        return (SEARCH, agent.iterations, int(agent.per_move), agent.rollout)
    return None


class _Script:
    """Plays a game's moves as they were chosen (the replay of a batch's game on its State)."""

    def __init__(self, moves: list[Move]) -> None:
        self.moves = iter(moves)

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        return next(self.moves)


def lockstep_games(
    states: Sequence[State[Any]],
    agents: Sequence[Sequence[Agent]],
    seeds: Sequence[int],
    max_turns: int,
    batch: int | None = None,
) -> list[Played] | None:
    """Play each state to its end (or `max_turns`) with its seats' agents and its game's seed,
    `batch` games at a time in lockstep (by default as many as `ITERATIONS_AT_ONCE` allows):
    `play.play`'s games, move for move; None when these games or agents have no lockstep play
    (see the module docstring)."""
    rows = [[seat_row(agent) for agent in seats] for seats in agents]
    if not states or any(row is None for seats in rows for row in seats):
        return None
    if not any(row[0] == SEARCH for seats in rows for row in seats if row is not None):
        return None
    compiled = [state.compiled() for state in states]
    first = compiled[0]
    if first is None or any(
        c is None or c.engine.joint or c.engine is not first.engine
        or c.context is not first.context
        or c.position.shape != first.position.shape
        for c in compiled
    ):  # fmt: skip
        return None
    compiled_play_ = compiled_play(first.engine)
    if batch is None:
        most = max(PER_MOVE_CAP if row[2] else row[1] for seats in rows for row in seats if row)
        batch = max(1, min(BATCH, ITERATIONS_AT_ONCE // max(most, 1)))
    played: list[Played] = []
    for low in range(0, len(states), batch):
        high = min(low + batch, len(states))
        positions = np.stack([c.position for c in compiled[low:high] if c is not None])
        rngs = typed.List(
            [np.random.default_rng(s) for seed in seeds[low:high]
             for s in np.random.SeedSequence(seed).spawn(first.players)]
        )  # fmt: skip
        codes = np.zeros((high - low, max(max_turns, 1)), dtype=np.int64)
        seats = np.array(rows[low:high], dtype=np.int64)
        turns = compiled_play_(first.context, positions, rngs, seats, max_turns, EXPLORATION, codes)
        for g in range(high - low):
            moves = [first.decode(int(c)) for c in codes[g, : turns[g]]]
            script = _Script(moves)
            played.append(play(states[low + g], [script] * len(agents[low + g]), seeds[low + g],
                               max_turns))  # fmt: skip
    return played
