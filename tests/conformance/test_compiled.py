"""Every compiled engine (pnp/games/compiled.py) against its game's `State`, move for move.

For every configuration of a game whose `State.compiled()` gives an engine: random (and greedy)
games from random setups, placements and endgames included, with an engine position played
beside the `State` by the engine's own `apply`. Before every turn: the same end, seat to play,
legal moves in the same order (decoded; and listed at once by `moves` where the engine has it),
running scores, evaluation for every seat, greedy values of sampled moves; the engine's position
reads back (`Compiled.restore`) to the `State`'s text, as does a position built afresh from the
`State`; at the end, the same rewards. A simultaneous game's engine (`Engine.joint`) takes the
orders of a turn one seat at a time, each seat's moves checked on the board as the turn found
it.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.base import Game, State
from pnp.games.compiled import Compiled
from simulate.scoring.metrics import seat_scores
from tests.conformance.cases import every_config
from tests.support.random_play import Chooser, Config, examples

SAMPLED = 24  # moves whose greedy values are compared each turn
ENGINES = [c for c in every_config() if type(c.start(0)).compiled is not State.compiled]


def check_same(state: State[Any], compiled: Compiled, position: Any, rng: Any) -> None:
    engine, context = compiled.engine, compiled.context
    assert engine.over(context, position) == state.is_over()
    scores = np.zeros(state.players)
    engine.scores(context, position, scores)
    assert tuple(scores) == (state.scores() or (0.0,) * state.players)
    for seat in range(state.players):
        assert engine.evaluate(context, position, seat) == state.evaluate(seat)
    if compiled.restore is not None:
        restored = compiled.restore(position)
        assert restored.to_text() == state.to_text(), "position drifted"
        assert restored.facts() == state.facts(), "the facts a game's record keeps"
        assert outcome(restored) == outcome(state), "the result a game's record keeps"
        fresh = state.compiled()
        assert fresh.restore is not None and fresh.restore(fresh.position).to_text() == (
            state.to_text()
        ), "a position built afresh reads back to another"
    if state.is_over():
        rewards = np.zeros(state.players)
        engine.rewards(context, position, rewards)
        assert rewards.tolist() == seat_scores(state.result().ranks)


def outcome(state: State[Any]) -> Any:
    return state.result() if state.is_over() else state.undecided_result()


def check_seat(state: State[Any], compiled: Compiled, position: Any, seat: int, rng: Any) -> None:
    """`seat` orders next: the same legal moves in the same order, and greedy values."""
    engine, context = compiled.engine, compiled.context
    assert engine.to_act(context, position) == seat
    moves = list(state.legal_moves(seat))
    assert engine.count(context, position) == len(moves)
    codes = [engine.move_at(context, position, i) for i in range(len(moves))]
    assert [compiled.decode(code) for code in codes] == moves
    if hasattr(sys.modules[engine.module], "moves"):  # all in one walk, as many as fit
        for room in {0, len(moves) // 2, len(moves), len(moves) + 1}:
            listed = np.full(room, -7, dtype=np.int64)
            assert engine.moves(context, position, listed) == len(moves)
            assert listed.tolist() == [*codes, -7][:room]
    for i in rng.choice(len(moves), size=min(len(moves), SAMPLED), replace=False):
        value = engine.value(context, position, seat, codes[i])
        assert value == state.move_value(seat, moves[i]), f"value of {moves[i]}"


@pytest.mark.parametrize("config", ENGINES, ids=str)
@examples(6)
@given(seed=st.integers(0, 2**32 - 1), greed=st.sampled_from([0.0, 0.5]))
def test_the_engine_plays_move_for_move_like_the_state(
    config: Config, seed: int, greed: float
) -> None:
    rng = np.random.default_rng(seed)
    state = config.start(seed)
    compiled = state.compiled()
    assert compiled is not None
    position = compiled.position.copy()
    chooser = Chooser([], rng, greed)
    engine, context = compiled.engine, compiled.context
    turns = 0
    while True:
        check_same(state, compiled, position, rng)
        if state.is_over() or turns == config.game.info.max_turns:
            break
        joint = chooser.joint(state)
        seats = state.to_act()
        assert len(seats) == 1 or engine.joint, "simultaneous orders need a joint engine"
        for seat, move in zip(seats, joint, strict=True):  # a joint engine: one seat at a time
            check_seat(state, compiled, position, seat, rng)
            index = list(state.legal_moves(seat)).index(move)
            engine.apply(context, position, engine.move_at(context, position, index))
        state.apply_joint(joint)
        turns += 1
    if config.game.info.random_play_ends:  # Billabong's random kangaroos rarely finish
        assert state.is_over(), "random games of these games end within the turn cap"


STARTS = [c for c in every_config() if type(c.game).compiled_starts is not Game.compiled_starts]


@pytest.mark.parametrize("config", STARTS, ids=str)
def test_start_positions_made_at_once_are_those_of_each_state(config: Config) -> None:
    """`Game.compiled_starts`: row g is the position of `new_state(setups[g])`, on the same
    tables, and reads back to that `State`."""
    setups = [config.setup(seed) for seed in range(5)]
    starts = config.game.compiled_starts(setups)
    assert starts is not None
    for setup, row, restore in zip(setups, starts.positions, starts.restores, strict=True):
        state = config.game.new_state(setup)
        compiled = state.compiled()
        assert compiled is not None and compiled.context is starts.context
        assert row.tolist() == compiled.position.tolist()
        assert restore(row).to_text() == state.to_text()
        assert outcome(restore(row)) == outcome(state)
