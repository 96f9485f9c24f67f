"""The compiled Billabong engine (pnp/games/billabong/engine.py) against `BillabongState`.

On the hand-traced positions of test_rules.py (../shared/RULES.md, "Billabong": long jumps, lake
corners, the referee on the start square, chains across the line and back, finishing steps and
chains, a player who must pass, a kangaroo with 167 chain ends) and on random crowded boards with
lap counts down to -4: for every seat, the same moves in the same order, greedy values and
evaluations, and every move played to the same position, with the move cache used, too small
to hold the moves, or off. tests/conformance/test_compiled.py plays whole games move for move.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnp.games.billabong import engine
from pnp.games.billabong.board import GRID, KANGAROOS, SQUARES
from pnp.games.billabong.rules import BillabongState, position_of, restorer
from tests.games.billabong.test_rules import (
    CORNERS,
    CROSSING,
    CROSSING_BACK,
    CROWDED,
    FINISHING_CHAIN,
    FINISHING_STEP,
    LAKE,
    LONG_JUMP,
    REFEREE,
    STUCK,
    position,
)

TEXTS = {
    "long jump": LONG_JUMP,
    "corners": CORNERS,
    "lake": LAKE,
    "referee": REFEREE,
    "crossing": CROSSING,
    "crossing back": CROSSING_BACK,
    "finishing chain": FINISHING_CHAIN,
    "finishing step": FINISHING_STEP,
    "stuck": STUCK,
    "crowded": CROWDED,
}
CAPACITIES = [engine.MOVES_KEPT, 3, 0]  # the cache holds the moves, overflows, is off


def check_seat(state: BillabongState, seat: int, capacity: int, played: int | None = None) -> int:
    """`seat` to play in `state`: the engine's moves, values and evaluations are the `State`'s,
    and each move (the first `played`, all by default) leaves the `State`'s position. The
    number of moves."""
    state.turn, state._moves = seat, None
    context, position = position_of(state, capacity)
    moves = list(state.legal_moves(seat))
    assert engine.count(context, position) == len(moves)
    assert bool(position[engine.CACHED]) == (len(moves) <= capacity)
    codes = [engine.move_at(context, position, i) for i in range(len(moves))]
    assert [engine.decode(code) for code in codes] == moves
    values = [engine.value(context, position, seat, code) for code in codes]
    assert values == [state.move_value(seat, move) for move in moves]
    for other in range(state.players):
        assert engine.evaluate(context, position, other) == state.evaluate(other)
    restore = restorer(state.players)
    for code, move in list(zip(codes, moves, strict=True))[:played]:
        after, expected = position.copy(), state.clone()
        engine.apply(context, after, code)
        expected.apply(move)
        restored = restore(after)
        assert restored.to_text() == expected.to_text(), state.move_text(move)
        assert restored.kangaroos == expected.kangaroos, "the order kangaroos are listed in"
        assert not after[engine.CACHED], "a move empties the cache"
    return len(moves)


@pytest.mark.parametrize("capacity", CAPACITIES)
@pytest.mark.parametrize("name", TEXTS)
def test_hand_traced_positions_give_the_states_moves(name: str, capacity: int) -> None:
    state = position(TEXTS[name])
    counts = [check_seat(state, seat, capacity) for seat in range(state.players)]
    if name == "stuck":
        assert counts[0] == 1  # the pass
    if name == "crowded":
        assert max(counts) > engine.MOVES_KEPT // 4  # a list that takes the cache's room


@st.composite
def crowded_boards(draw: st.DrawFn) -> BillabongState:
    """Every kangaroo placed, 1-5 of each seat's on the board (the others finished), on squares
    within `reach` squares of the lake (so they crowd), with lap counts from -4 to +1."""
    players = draw(st.integers(2, 4))
    reach = draw(st.integers(1, 5))
    near = [c for c in SQUARES if _distance_to_lake(c) <= reach]
    on = [draw(st.integers(1, KANGAROOS)) for _ in range(players)]
    assume(sum(on) <= len(near))  # every kangaroo counted on the board has a square
    cells = draw(st.permutations(near))[: sum(on)]
    state = BillabongState(players)
    for seat in range(players):
        for cell in cells[sum(on[:seat]) : sum(on[: seat + 1])]:
            state.put(seat, cell, draw(st.integers(-4, 1)))
        state.finished[seat] = KANGAROOS - on[seat]
    state.placed = [KANGAROOS] * players
    return state


def _distance_to_lake(cell: int) -> int:
    row, col = GRID.row_col(cell)
    return max(max(0, 6 - row, row - 7), max(0, 6 - col, col - 9))


@settings(max_examples=40, deadline=None)
@given(state=crowded_boards(), capacity=st.sampled_from(CAPACITIES))
def test_random_crowded_boards_give_the_states_moves(state: BillabongState, capacity: int) -> None:
    state.check_invariants()
    for seat in range(state.players):
        check_seat(state, seat, capacity, played=12)


def test_a_placement_is_listed_square_by_square_and_played_in_seat_order() -> None:
    state = BillabongState(3)
    for turn in range(3 * KANGAROOS):
        moves = check_seat(state, turn % 3, engine.MOVES_KEPT, played=3)
        assert moves == len(SQUARES) - turn
        state.apply(state.legal_moves(state.turn)[(7 * turn) % moves])
    restored = restorer(3)(position_of(state)[1])
    assert restored.placed == [KANGAROOS] * 3 and restored.to_text() == state.to_text()


def test_the_same_context_serves_every_position_of_a_player_count() -> None:
    # The lockstep search plays positions side by side only when they share one context.
    first = BillabongState(2).compiled()
    assert BillabongState(2).compiled().context is first.context
    assert BillabongState(3).compiled().context is not first.context
    assert np.array_equal(first.position, BillabongState(2).compiled().position)
