"""Many games' searches in lockstep: every MCTS iteration selects a leaf in every game, then one
batch call rolls all the leaves out (the approach of DeepMind's mctx and of pgx's batch-first
engines, here in numba on a game's compiled engine, pnp/games/compiled.py).

A batch of independent games (one engine, one set of tables) is played ply by ply inside one
compiled call (simulate/agents/compiled_lockstep.py): each game's seat to play decides; the games
that search run their iterations side by side (selection and expansion in every game, `_rollouts`
over all the leaves, then every game's backup, all through simulate/agents/compiled_mcts.py's
`descend` and `backup`); every game plays its move. Each game's tree (`compiled_mcts.new_trees`)
and positions are rows of their own.

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
from simulate.agents.base import Agent, RandomAgent
from simulate.agents.budget import EXPLORATION, PER_MOVE_CAP
from simulate.agents.compiled_lockstep import RANDOM, SEARCH, compiled_play
from simulate.agents.mcts import MCTSAgent
from simulate.run.play import Played, play

BATCH = 16  # games searched side by side at most
#: Iterations of the trees held at once (about 250 bytes each, whatever the moves): mcts:1000
#: searches 16 games side by side, mcts:4000 four, `mcts:Nx` one.
ITERATIONS_AT_ONCE = 16_000


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
