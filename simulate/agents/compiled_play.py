"""simulate/agents/base.py's random and greedy agents, compiled: their moves from a game's compiled
engine (pnp/games/compiled.py), draw for draw.

The random agent draws `rng.integers(moves)` and plays that move of the `State`'s list; greedy
values every move (`State.move_value`), keeps the best (compared as the same floats) and, among
several, draws `rng.integers(ties)` over them in list order; with one move it draws nothing.
numba's `np.random.Generator` draws the very numbers numpy's does and advances it the same way,
so the compiled agents choose the same moves from the same generators as the reference ones.

`greedy_move` chooses one move (the greedy agent, in any game with a compiled engine);
`play_many` plays whole games inside numba when every seat is random or greedy, a batch of them
in one call, each seat drawing from the generator simulate/run/play.py's `play` hands it (made
inside numba from the game's seed, simulate/agents/seat_streams.py: the same numbers), and counts
the changes of the sole leader along the running scores as `LeadTracker` does: the same games, turn
for turn, as the agents give through the `State`. One call for many games, because making numpy
Generators and calling numba cost more than a whole random game of Penguins.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from pnp.games.compiled import Compiled, Engine, Starts, specialised
from simulate.agents.seat_streams import STREAM, draw, seed_streams

RANDOM, GREEDY = 0, 1  # a seat's policy in `play_many`

engine: Any = None  # in each engine's copy of the functions below, that engine's module
greedy: Any = None  # in `_play`'s copies, the engine's copy of `_greedy`
listed: Any = None  # in `_all_moves`'s copies, the engine's `moves` or `_each_move`
all_moves: Any = None  # in `_greedy`'s copies, the engine's copy of `_all_moves`
play_one: Any = None  # in `_play_many`'s copies, the engine's copy of `_play`
ROOM = 256  # the codes a turn has room for before it takes more


def _all_moves(context, position, codes):  # type: ignore[no-untyped-def]
    """The codes of the moves of the seat to play (in `codes` if they fit, else in a larger
    array) and their count."""
    moves = listed(context, position, codes)
    if moves > codes.shape[0]:
        codes = np.empty(moves, dtype=np.int64)
        listed(context, position, codes)
    return codes, moves


def _greedy(context, position, seat, rng, codes):  # type: ignore[no-untyped-def]
    """The code of the greedy agent's move for `seat`, the seat to play; `codes` is room for
    the moves' codes (more is taken when they do not fit)."""
    codes, moves = all_moves(context, position, codes)
    if moves == 1:
        return codes[0]
    best, ties = -np.inf, 0
    for i in range(moves):  # the best moves so far, in list order, kept at the front of `codes`
        value = engine.value(context, position, seat, codes[i])
        if value > best:
            best, ties = value, 0
        if value == best:
            codes[ties] = codes[i]
            ties += 1
    return codes[draw(rng, ties)]


def _each_move(context, position, codes):  # type: ignore[no-untyped-def]
    """The codes of all moves of the seat to play into `codes` (as many as fit) and their
    count, read move by move (`listed` of an engine without `moves`)."""
    total = engine.count(context, position)
    for i in range(min(total, codes.shape[0])):
        codes[i] = engine.move_at(context, position, i)
    return total


def _play(context, position, policies, rngs, max_turns, scored, joint):  # type: ignore[no-untyped-def]
    """Play `position` on to its end or `max_turns` turns, seat s by `policies[s]` with
    `rngs[s]`: (turns, changes of the sole leader), the latter counted when `scored`. With
    `joint` (`Engine.joint`) a turn is every seat's order: it ends when the seat to play is no
    longer after the one that ordered."""
    out = np.zeros(len(policies), dtype=np.float64)
    codes = np.empty(ROOM, dtype=np.int64)
    turns, changes, leader = 0, 0, -1
    while not engine.over(context, position) and turns < max_turns:
        seat = engine.to_act(context, position)
        rng = rngs[seat]
        if policies[seat] == GREEDY:
            code = greedy(context, position, seat, rng, codes)
        else:
            index = draw(rng, engine.count(context, position))
            code = engine.move_at(context, position, index)
        engine.apply(context, position, code)
        if joint and not engine.over(context, position) and engine.to_act(context, position) > seat:
            continue
        turns += 1
        if scored:
            engine.scores(context, position, out)
            best = out.max()
            leaders, first = 0, -1
            for player in range(len(out)):
                if out[player] == best:
                    leaders += 1
                    first = player if first < 0 else first
            if leaders == 1:
                changes += leader >= 0 and first != leader
                leader = first
    return turns, changes


def _play_many(context, positions, policies, seeds, max_turns, scored, joint, turns, changes):  # type: ignore[no-untyped-def]
    """`_play` for every row of `positions` (a game each, played in place): game g's seat s by
    `policies[g, s]`, drawing from the generator `play.play` gives it for the seed `seeds[g]`;
    each game's turns and changes of the sole leader into `turns[g]` and `changes[g]`."""
    streams = np.empty((policies.shape[1], STREAM), dtype=np.uint64)
    for g in range(positions.shape[0]):
        seed_streams(seeds[g], streams)
        turns[g], changes[g] = play_one(
            context, positions[g], policies[g], streams, max_turns, scored, joint
        )


def all_moves_of(engine_: Engine) -> Any:
    """`_all_moves` compiled against `engine_`, listing its moves by the engine's `moves` when
    it has them (one walk for all), else move by move."""
    has_moves = hasattr(sys.modules[engine_.module], "moves")
    listed_ = engine_.moves if has_moves else specialised(_each_move, engine_)
    return specialised(_all_moves, engine_, listed=listed_)


def greedy_of(engine_: Engine) -> Any:
    """`_greedy` compiled against `engine_`."""
    return specialised(_greedy, engine_, all_moves=all_moves_of(engine_))


def _play_of(engine_: Engine) -> Any:
    return specialised(_play, engine_, greedy=greedy_of(engine_))


def greedy_move(compiled: Compiled, seat: int, rng: np.random.Generator) -> Any:
    """The greedy agent's move for `seat` (the seat to play), as the `State` writes it."""
    choose = greedy_of(compiled.engine)
    position, codes = compiled.position.copy(), np.empty(ROOM, dtype=np.int64)
    return compiled.decode(int(choose(compiled.context, position, seat, rng, codes)))


def play_many(
    starts: Starts,
    policies: Sequence[Sequence[int]],
    seeds: Sequence[int],
    max_turns: int,
    scored: bool,
) -> list[tuple[Any, int, int]]:
    """Each row of `starts` played on to its end or `max_turns` turns, game g's seats by
    `policies[g]` with the generators of the seed `seeds[g]`, in one compiled call: the
    position after it (as its `State`, `starts.restores[g]`), the turns played and the changes
    of the sole leader (when `scored`)."""
    play = specialised(_play_many, starts.engine, play_one=_play_of(starts.engine))
    positions = starts.positions
    turns = np.zeros(len(positions), dtype=np.int64)
    changes = np.zeros(len(positions), dtype=np.int64)
    play(
        starts.context, positions, np.array(policies, dtype=np.int64),
        np.array(seeds, dtype=np.uint64), max_turns, scored, starts.engine.joint, turns, changes,
    )  # fmt: skip
    return [
        (restore(position), played, changed)
        for restore, position, played, changed in zip(
            starts.restores, positions, turns.tolist(), changes.tolist(), strict=True
        )
    ]
