"""Colour Diplomacy: the center (colour rotation, outward shift, two reachers), the end of the
game, the symmetry of the resolution, greedy values and the facts reported to the simulator.
Positions as text as in test_rules.py (see positions.py)."""

from __future__ import annotations

import numpy as np
import pytest

from pnp.errors import PnpError
from pnp.games import get_game
from pnp.games.base import Outcome
from pnp.games.colour_diplomacy.adjudicator import rotated
from pnp.games.colour_diplomacy.rings import Field, Order, board
from pnp.games.colour_diplomacy.rules import ColourDiplomacyState
from simulate.agents.base import RandomAgent
from tests.games.colour_diplomacy.positions import START, assert_position, orders, position, resolve

GAME = get_game("colour-diplomacy")


# -- the center ----------------------------------------------------------------------------------


# 3 is one move from the center: 3's colour goes innermost, 1's and 2's move one circle out;
# 2 enters circle 3, 4 steps out to c3f4 and 1 in to c2f1, then everyone steps one circle out
# and 3 lands on c4f3
REACHING = """
    circle 1 colour 4:  1  .  .  .
    circle 2 colour 3:  .  .  2  .
    circle 3 colour 2:  .  .  .  .
    circle 4 colour 1:  .  .  3  4
    off: -
"""
REACHING_ORDERS = {1: "in 1", 2: "in 3", 3: "in center", 4: "out 4"}


def test_reaching_the_center_turns_the_colours_and_shifts_everyone_out() -> None:
    state = position(REACHING)
    resolve(state, REACHING_ORDERS)
    assert_position(state, """
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 2:  .  .  2* 4
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 3:  .  .  3* .
        off: -
    """)  # fmt: skip
    # their last order was a move and they stand on their colour: both must hold (RULES.md:
    # free only after a hold or a support, or when the circle took the colour without moving)
    assert orders(state, 2) == orders(state, 3) == {"hold"}
    assert orders(state, 1) == {"in 1", "in 2", "off"}
    resolve(state, {1: "in 2", 2: "hold", 3: "hold", 4: "in 1"})
    assert {"hold", "in center", "out 2", "out 3"} <= orders(state, 3)
    assert state.facts()["center_reached"] is True


def test_a_player_who_held_stays_free_when_the_shift_and_its_colour_move_out_together() -> None:
    state = position("""
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 3:  .  .  .  .
        circle 3 colour 2:  .  2  .  .
        circle 4 colour 1:  .  .  3  4
        off: -
    """)
    # 2 holds on its colour; 3's colour (circle 2) goes innermost, so 2's colour moves out to
    # circle 2 just as the shift takes 2 there: its last order was a hold, so it is free
    resolve(state, {1: "in 1", 2: "hold", 3: "in center", 4: "out 4"})
    assert_position(state, """
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 2:  .  2  .  4
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 3:  .  .  3* .
        off: -
    """)  # fmt: skip
    assert {"hold", "in 2", "in 3", "out 1", "out 2", "support 1 into c2f1"} <= orders(state, 2)


def test_a_lone_reacher_lands_on_field_p_of_circle_n_not_on_its_own_field_number() -> None:
    state = position("""
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 3:  .  2  .  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 1:  .  3  .  4
        off: -
    """)
    # 3 reaches the center from c4f2: circle 2's colour (3) goes innermost, circles 3 and 4's
    # colours (2, 1) move one out; 1, 2 and 4 move, then step out to the same field number;
    # 3 lands on field 3 of circle 4, its start number, not on field 2 where it came from
    resolve(state, {1: "in 1", 2: "in 2", 3: "in center", 4: "out 3"})
    assert_position(state, """
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 2:  .  2* 4  .
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 3:  .  .  3* .
        off: -
    """)  # fmt: skip


def test_the_center_comes_last_so_players_left_on_circle_1_fall_off() -> None:
    state = position("""
        circle 1 colour 4:  1  2  .  4
        circle 2 colour 3:  .  .  .  .
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 2:  .  .  3  .
        off: -
    """)
    # 1 and 2 bounce back to circle 1 and 4 holds there: the shift takes all three off
    resolve(state, {1: "in 2", 2: "in 2", 3: "in center", 4: "hold"})
    assert_position(state, """
        circle 1 colour 4:  .  .  .  .
        circle 2 colour 1:  .  .  .  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 3:  .  .  3* .
        off: 1 2 4
    """)  # fmt: skip
    assert state.is_over() and state.to_act() == ()
    assert state.result().ranks == (2, 2, 1, 2)
    assert state.result().winners() == (2,)


def test_two_at_the_center_bounce_and_the_outermost_colour_moves_in() -> None:
    state = position("""
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 3:  .  2  .  .
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 2:  .  .  3  4
        off: -
    """)
    resolve(state, {1: "in 1", 2: "in 2", 3: "in center", 4: "in center"})
    assert_position(state, """
        circle 1 colour 3:  1  .  3* 4
        circle 2 colour 1:  .  2  .  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 4:  .  .  .  .
        off: -
    """)  # fmt: skip


def test_colour_rotation() -> None:
    # seats 0..4 (players 1..5); a reacher's colour goes innermost, the gap closes outward
    assert rotated((2, 0, 3, 1, 4), (0,)) == (2, 3, 1, 4, 0)
    assert rotated((2, 0, 3, 1, 4), (4,)) == (2, 0, 3, 1, 4)
    assert rotated((2, 0, 3, 1, 4), (2,)) == (0, 3, 1, 4, 2)
    # two or more reachers: the outermost colour goes innermost
    assert rotated((2, 0, 3, 1, 4), (1, 3)) == (0, 3, 1, 4, 2)


def turned(state: ColourDiplomacyState, shift: int) -> ColourDiplomacyState:
    """The position turned `shift` fields clockwise, player p renamed p + shift (mod N): the
    board, the start fields and the reachers' landing fields all turn with it."""
    n = state.players

    def field(spot: Field) -> Field:
        return spot if spot[0] in (0, n + 1) else (spot[0], (spot[1] - 1 + shift) % n + 1)

    other = ColourDiplomacyState(board(n), [(seat + shift) % n for seat in state.colours])
    moved = {(seat + shift) % n: field(spot) for seat, spot in enumerate(state.positions)}
    other.positions = tuple(moved[seat] for seat in range(n))
    other.must_hold = frozenset((seat + shift) % n for seat in state.must_hold)
    other.forget()
    return other


@pytest.mark.parametrize("players", [4, 5, 7])
def test_resolution_does_not_depend_on_where_the_board_is_turned(players: int) -> None:
    """Turning the board (and renaming the players along) commutes with resolving orders: no
    field, seat or wrap-around is special. Checked along random games."""
    agent, rng = RandomAgent(), np.random.default_rng(players)
    n = players
    for seed in range(6):
        state = GAME.new_state(GAME.random_setup(seed, GAME.info.resolve(n, None, {})))
        while not state.is_over():
            shift = int(rng.integers(1, n))
            twin = turned(state, shift)
            seats = state.to_act()
            joint = [agent.choose(state, seat, rng) for seat in seats]
            renamed = {
                (seat + shift) % n: Order(
                    o.kind,
                    o.target if o.target[0] in (0, n + 1)
                    else (o.target[0], (o.target[1] - 1 + shift) % n + 1),
                    -1 if o.player < 0 else (o.player + shift) % n,
                )
                for seat, o in zip(seats, joint, strict=True)
            }  # fmt: skip
            twin.apply_joint([renamed[seat] for seat in twin.to_act()])
            state.apply_joint(joint)
            assert twin.to_text() == turned(state, shift).to_text()


# -- the end -------------------------------------------------------------------------------------


def test_the_last_players_falling_off_together_share_the_win() -> None:
    state = position("""
        circle 1 colour 1:  1  2  .  .
        circle 2 colour 2:  .  .  .  .
        circle 3 colour 3:  .  .  .  .
        circle 4 colour 4:  .  .  .  .
        off: 3 4
    """)
    resolve(state, {1: "off", 2: "off"})
    result = state.result()
    assert state.is_over() and result.ranks == (1, 1, 3, 3) and result.winners() == (0, 1)
    assert result.outcome == Outcome.FINISHED and result.scores is None


def test_the_turn_cap_leaves_the_players_on_the_board_sharing_a_draw() -> None:
    state = position(START.replace("4\n", ".\n", 1).replace("off: -", "off: 4"))
    result = state.undecided_result()
    assert result.outcome == Outcome.UNDECIDED and result.ranks == (1, 1, 1, 4)


def test_illegal_orders_are_refused() -> None:
    state = position(START)
    hold = state.legal_moves(2)[0]
    with pytest.raises(ValueError, match="player 1 cannot order 'hold'"):
        state.apply_joint([hold, *[state.legal_moves(s)[0] for s in (1, 2, 3)]])
    with pytest.raises(ValueError, match="one order for each of 4"):
        state.apply_joint([hold])
    with pytest.raises(PnpError, match="simultaneous"):
        state.apply(hold)


# -- agents and facts ----------------------------------------------------------------------------


def test_greedy_values_head_inward_avoid_held_fields_and_falling_off() -> None:
    state = position("""
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 1:  1  .  .  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 3:  .  .  3  .
        off: 2
    """)
    value = {text: state.move_value(3, state.parse_order(3, text)) for text in orders(state, 4)}
    # in 1 lands on player 1's field, held (circle 2 is player 1's colour): pushed off
    assert value["in 4"] > value["hold"] > value["in 1"] == value["off"]
    value3 = {text: state.move_value(2, state.parse_order(2, text)) for text in orders(state, 3)}
    assert max(value3, key=value3.__getitem__) == "in center"


def test_facts_name_each_players_starting_ring_and_who_reached_the_center() -> None:
    state = position(START)
    assert state.facts() == {
        "start_ring": (2, 4, 1, 3),
        "reached_center": (False, False, False, False),
        "center_reached": False,
        "center_turns": 0,
        "first_at_center": "none",
        "first_at_center_ring": "none",
    }
    state = position(REACHING)
    resolve(state, REACHING_ORDERS)
    facts = state.facts()
    assert facts["reached_center"] == (False, False, True, False)
    assert (facts["first_at_center"], facts["first_at_center_ring"]) == ("3", "2")
