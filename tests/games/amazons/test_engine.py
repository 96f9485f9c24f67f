"""The compiled Amazons engine (pnp/games/mechanics/shooting_engine.py) against the `State`,
move for move: along random games on every board size, the same legal moves in the same order,
the same position after each move (as the engine would build it afresh), the same end and the
same mobility evaluation."""

from __future__ import annotations

from textwrap import dedent

import numpy as np
import pytest

from pnp.games import get_game
from pnp.games.amazons.game import AmazonsState
from pnp.games.mechanics import shooting_engine as engine

GAME = get_game("amazons")


def start(size: int) -> AmazonsState:
    setup = GAME.random_setup(1, GAME.info.resolve(None, None, {"size": str(size)}))
    state: AmazonsState = GAME.new_state(setup)
    return state


def board(position: np.ndarray, context: engine.Context) -> list[int]:  # type: ignore[type-arg]
    """The position without `count`'s working figures."""
    kept = np.r_[engine.TURN, engine.OVER, engine.PLIES, engine.FREE : context[1][engine.SEGMENTS]]
    return position[kept].tolist()  # type: ignore[no-any-return]


def check_same(state: AmazonsState, position: np.ndarray) -> None:  # type: ignore[type-arg]
    compiled = state.compiled()
    context = compiled.context
    assert board(position, context) == board(compiled.position, context), "position drifted"
    assert engine.over(context, position) == state.is_over()
    for seat in (0, 1):
        assert engine.evaluate(context, position, seat) == state.evaluate(seat)
    if state.is_over():
        return
    moves = state.legal_moves(state.turn)
    assert engine.count(context, position) == len(moves)
    listed = [compiled.decode(engine.move_at(context, position, i)) for i in range(len(moves))]
    assert listed == moves
    assert board(position, context) == board(compiled.position, context), "listing changed it"


@pytest.mark.parametrize(("size", "seed"), [(6, 0), (6, 1), (8, 2), (10, 3)])
def test_the_engine_plays_random_games_move_for_move_like_the_state(size: int, seed: int) -> None:
    state = start(size)
    compiled = state.compiled()
    position = compiled.position.copy()
    rng = np.random.default_rng(seed)
    plies = 0
    while True:
        check_same(state, position)
        if state.is_over():
            break
        moves = state.legal_moves(state.turn)
        index = int(rng.integers(len(moves)))
        state.apply(moves[index])
        engine.apply(compiled.context, position, engine.move_at(compiled.context, position, index))
        plies += 1
    assert plies >= 10
    rewards = np.zeros(2)
    engine.rewards(compiled.context, position, rewards)
    assert rewards.tolist() == [1.0 if rank == 1 else 0.0 for rank in state.result().ranks]


def test_shooting_back_at_the_cell_left_and_a_position_from_text() -> None:
    state: AmazonsState = GAME.state_from_text(
        GAME.random_setup(1, GAME.info.resolve(None, None, {"size": "6"})),
        dedent(
            """\
            6 x x . . . D
            5 L x . D . .
            4 . . x . . .
            3 . . . . D .
            2 . x L . . L
            1 D . . L x .
              a b c d e f
            dark to play
            """
        ),
    )
    compiled = state.compiled()
    position = compiled.position.copy()
    check_same(state, position)
    moves = state.legal_moves(state.turn)
    back = next(m for m in moves if m[2] == m[0])  # the arrow lands where the amazon stood
    index = moves.index(back)
    state.apply(back)
    engine.apply(compiled.context, position, engine.move_at(compiled.context, position, index))
    check_same(state, position)
