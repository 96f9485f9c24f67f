"""Colour Diplomacy rules against hand-traced positions (../shared/RULES.md, Colour Diplomacy).

Positions are written as text, one line per circle from circle 1 (outermost) inwards: the player
whose colour the circle has, then its fields 1..N: `.` empty, a player number, `2+5` for two
players on one field, `*` after a player who must hold. `off:` lists the players off the board.
Adjacency: field k of circle c borders fields k and k+1 of circle c+1, so a player on c1f4 of a
4-player board moves `in 4` or `in 1`, and on c2f1 `out 4` or `out 1`.
"""

from __future__ import annotations

from textwrap import dedent

import numpy as np
import pytest

from pnp.errors import PnpError, SetupError
from pnp.games import get_game
from pnp.games.adjudicator import rotated
from pnp.games.base import Outcome, Setup
from pnp.games.colour_diplomacy import ColourDiplomacyState
from pnp.games.perft import perft
from pnp.games.rings import OFF, Field, Order, board
from simulate.agents import RandomAgent

GAME = get_game("colour-diplomacy")


def position(text: str) -> ColourDiplomacyState:
    return ColourDiplomacyState.from_text(dedent(text))


def lines(text: str) -> list[list[str]]:
    """A position's text, whitespace aside."""
    return [line.split() for line in dedent(text).strip().splitlines()]


def assert_position(state: ColourDiplomacyState, expected: str) -> None:
    assert lines(state.to_text()) == lines(expected), "\n" + state.to_text()


def orders(state: ColourDiplomacyState, player: int) -> set[str]:
    return {state.move_text(order) for order in state.legal_moves(player - 1)}


def resolve(state: ColourDiplomacyState, written: dict[int, str]) -> None:
    """Resolve one order per player on the board, written as players write them; each must be
    legal, so a test can never resolve an illegal order by accident."""
    seats = state.to_act()
    assert sorted(written) == [seat + 1 for seat in seats], "one order per player on the board"
    joint = []
    for seat in seats:
        legal = {state.move_text(order): order for order in state.legal_moves(seat)}
        text = written[seat + 1]
        assert text in legal, f"player {seat + 1}: {text!r} is not legal; legal: {sorted(legal)}"
        joint.append(legal[text])
    state.apply_joint(joint)


START = """
    circle 1 colour 3:  1  2  3  4
    circle 2 colour 1:  .  .  .  .
    circle 3 colour 4:  .  .  .  .
    circle 4 colour 2:  .  .  .  .
    off: -
"""


# -- the board and the setup ---------------------------------------------------------------------


def test_field_k_borders_fields_k_and_k_plus_1_of_the_next_circle_in() -> None:
    rings = board(4)
    assert rings.inward[(1, 1)] == ((2, 1), (2, 2))
    assert rings.inward[(1, 4)] == ((2, 4), (2, 1))
    assert rings.outward[(2, 1)] == ((1, 4), (1, 1))
    assert rings.outward[(1, 3)] == (OFF,)
    assert rings.inward[(4, 2)] == (rings.center,)
    assert rings.sides[(3, 1)] == ((3, 4), (3, 2))
    for field in rings.fields():  # every field borders exactly two of each neighbouring circle
        for target in rings.inward[field]:
            if target != rings.center:
                assert field in rings.outward[target]
                assert field in rings.entries[target]


def test_a_setup_gives_each_circle_a_different_player_colour() -> None:
    for players in (4, 7, 10):
        setup = GAME.random_setup(11, GAME.info.resolve(players, None, {}))
        assert sorted(setup.data["circle_colours"]) == list(range(1, players + 1))
    state = GAME.new_state(Setup(GAME.info.name, None, {"players": 4, "variant": "standard"},
                                 {"circle_colours": [3, 1, 4, 2]}))  # fmt: skip
    assert_position(state, START)


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        ([1, 2, 3], "must hold each player number 1 to 4 once"),
        ([1, 2, 2, 4], "must hold each player number 1 to 4 once"),
        ("1234", "must be a list of player numbers"),
        ([1, 2, True, 4], "must be a list of player numbers"),
    ],
)
def test_a_bad_setup_file_is_refused(colours: object, message: str) -> None:
    options = {"players": 4, "variant": "standard"}
    with pytest.raises(SetupError, match=message):
        GAME.check_setup(Setup(GAME.info.name, 1, options, {"circle_colours": colours}))


def test_positions_and_orders_read_back_as_they_are_written() -> None:
    state = position(START)
    assert ColourDiplomacyState.from_text(state.to_text()).to_text() == state.to_text()
    for seat in state.to_act():
        for order in state.legal_moves(seat):
            assert state.parse_order(seat, state.move_text(order)) == order
    with pytest.raises(ValueError, match="is not an order"):
        state.parse_order(0, "sideways 2")
    with pytest.raises(ValueError, match="circle 2 has 3 fields"):
        position(START.replace("circle 2 colour 1:  .  .  .  .", "circle 2 colour 1:  .  .  ."))


# -- orders: forced moves, forced holds, free players ---------------------------------------------


def test_a_player_off_their_colour_must_move_in_or_out() -> None:
    state = position(START)
    assert orders(state, 1) == {"in 1", "in 2", "off"}
    assert orders(state, 4) == {"in 4", "in 1", "off"}
    # player 3 stands on circle 1 of their colour without having moved there: free to hold
    assert orders(state, 3) == {"hold", "in 3", "in 4", "off"}
    assert perft(state, 1) == 3 * 3 * 4 * 3


def test_arriving_by_a_move_forces_a_hold_and_a_push_out_does_not() -> None:
    state = position("""
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 2:  1  .  .  .
        circle 3 colour 1:  .  2  .  .
        circle 4 colour 3:  .  3  .  .
        off: -
    """)
    resolve(state, {1: "in 1", 2: "in 2", 3: "hold", 4: "hold"})
    assert_position(state, """
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 2:  .  2  .  .
        circle 3 colour 1:  1* .  .  .
        circle 4 colour 3:  .  3  .  .
        off: -
    """)  # fmt: skip
    assert orders(state, 1) == {"hold"}
    assert orders(state, 2) == {
        "hold", "in 2", "in 3", "out 1", "out 2",
        "support 1 into c2f1", "support 4 into c2f1",
    }  # fmt: skip
    resolve(state, {1: "hold", 2: "hold", 3: "hold", 4: "hold"})
    assert orders(state, 1) == {
        "hold", "in 1", "in 2", "out 4", "out 1",
        "support 2 into c3f2", "support 3 into c3f2",
    }  # fmt: skip


# -- resolution ----------------------------------------------------------------------------------


def test_moves_into_the_same_field_bounce_to_the_start_fields() -> None:
    state = position(START)
    resolve(state, {1: "in 2", 2: "in 2", 3: "in 3", 4: "in 1"})
    assert_position(state, """
        circle 1 colour 3:  1  2  .  .
        circle 2 colour 1:  4  .  3  .
        circle 3 colour 4:  .  .  .  .
        circle 4 colour 2:  .  .  .  .
        off: -
    """)  # fmt: skip


def test_the_one_supported_move_enters_and_the_others_bounce() -> None:
    state = position("""
        circle 1 colour 4:  .  2  .  .
        circle 2 colour 1:  1  .  .  .
        circle 3 colour 2:  .  3  4  .
        circle 4 colour 3:  .  .  .  .
        off: -
    """)
    resolve(state, {1: "support 3 into c2f2", 2: "in 2", 3: "out 2", 4: "out 2"})
    assert_position(state, """
        circle 1 colour 4:  .  2  .  4
        circle 2 colour 1:  1  3  .  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 3:  .  .  .  .
        off: -
    """)  # fmt: skip


def test_a_support_counts_only_for_the_named_move_into_the_named_field() -> None:
    state = position("""
        circle 1 colour 4:  .  2  .  .
        circle 2 colour 1:  1  .  .  .
        circle 3 colour 2:  .  3  4  .
        circle 4 colour 3:  .  .  .  .
        off: -
    """)
    resolve(state, {1: "support 2 into c2f2", 2: "in 3", 3: "out 2", 4: "out 2"})
    assert_position(state, """
        circle 1 colour 4:  .  .  3  4
        circle 2 colour 1:  1  .  2  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 3:  .  .  .  .
        off: -
    """)  # fmt: skip


def test_a_move_into_a_held_field_is_pushed_one_circle_out_from_where_it_came() -> None:
    state = position("""
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 1:  .  .  2  .
        circle 3 colour 3:  .  .  3  .
        circle 4 colour 2:  .  .  .  .
        off: 1
    """)
    # 3 supports (and so holds); 2 moves in from c2f3 into 3's field and lands on c1f3
    resolve(state, {2: "in 3", 3: "support 2 into c3f4", 4: "hold"})
    assert_position(state, """
        circle 1 colour 4:  .  .  2  4
        circle 2 colour 1:  .  .  .  .
        circle 3 colour 3:  .  .  3  .
        circle 4 colour 2:  .  .  .  .
        off: 1
    """)  # fmt: skip


def test_every_move_into_a_held_field_is_pushed_out_and_from_circle_1_falls_off() -> None:
    state = position("""
        circle 1 colour 4:  2  .  .  4
        circle 2 colour 1:  1  .  .  .
        circle 3 colour 2:  .  3  .  .
        circle 4 colour 3:  .  .  .  .
        off: -
    """)
    # two moves into 1's held field: no bounce, each is pushed out (pnp's reading)
    resolve(state, {1: "hold", 2: "in 1", 3: "out 1", 4: "hold"})
    assert_position(state, """
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 1:  1  3  .  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 3:  .  .  .  .
        off: 2
    """)  # fmt: skip


def test_a_field_left_in_the_same_turn_is_free_and_players_may_swap() -> None:
    state = position("""
        circle 1 colour 4:  .  .  2  4
        circle 2 colour 3:  .  .  1  3
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 2:  .  .  .  .
        off: -
    """)
    # 1 and 2 swap; 4 follows 3 into the field 3 leaves
    resolve(state, {1: "out 3", 2: "in 3", 3: "in 4", 4: "in 4"})
    assert_position(state, """
        circle 1 colour 4:  .  .  1  .
        circle 2 colour 3:  .  .  2  4
        circle 3 colour 1:  .  .  .  3
        circle 4 colour 2:  .  .  .  .
        off: -
    """)  # fmt: skip


def test_a_bounce_may_share_a_field_which_has_no_further_effect() -> None:
    state = position("""
        circle 1 colour 4:  1  2  .  .
        circle 2 colour 3:  3  .  .  .
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 2:  .  .  .  4
        off: -
    """)
    # 1 and 2 bounce; 3 steps out onto field 1 of circle 1, where 1 lands again
    resolve(state, {1: "in 2", 2: "in 2", 3: "out 1", 4: "out 4"})
    assert_position(state, """
        circle 1 colour 4:  1+3  2  .  .
        circle 2 colour 3:  .  .  .  .
        circle 3 colour 1:  .  .  .  4
        circle 4 colour 2:  .  .  .  .
        off: -
    """)  # fmt: skip
    resolve(state, {1: "in 1", 2: "in 3", 3: "in 2", 4: "in 4"})
    assert_position(state, """
        circle 1 colour 4:  .  .  .  .
        circle 2 colour 3:  1  3*  2  .
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 2:  .  .  .  4
        off: -
    """)  # fmt: skip


def test_moving_out_of_circle_1_falls_off_the_board() -> None:
    state = position(START)
    resolve(state, {1: "off", 2: "in 2", 3: "hold", 4: "in 4"})
    assert_position(state, """
        circle 1 colour 3:  .  .  3  .
        circle 2 colour 1:  .  2  .  4
        circle 3 colour 4:  .  .  .  .
        circle 4 colour 2:  .  .  .  .
        off: 1
    """)  # fmt: skip
    assert not state.is_over() and state.to_act() == (1, 2, 3)


# -- the center ----------------------------------------------------------------------------------


def test_reaching_the_center_turns_the_colours_and_shifts_everyone_out() -> None:
    state = position("""
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 3:  .  .  2  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 1:  .  .  3  4
        off: -
    """)
    # 2 enters circle 3 of its colour, but the shift takes it out again: no forced hold
    resolve(state, {1: "in 1", 2: "in 3", 3: "in center", 4: "out 4"})
    assert_position(state, """
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 2:  .  .  2  4
        circle 3 colour 1:  .  .  .  .
        circle 4 colour 3:  .  .  3  .
        off: -
    """)  # fmt: skip
    assert "hold" in orders(state, 2)
    # the reacher stands on its colour, free: it may enter the center again
    assert {"hold", "in center", "out 2", "out 3"} <= orders(state, 3)
    assert state.facts()["center_reached"] is True


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
        circle 4 colour 3:  .  .  3  .
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
        circle 1 colour 3:  1  .  3  4
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
    state = position("""
        circle 1 colour 4:  1  .  .  .
        circle 2 colour 3:  .  .  2  .
        circle 3 colour 2:  .  .  .  .
        circle 4 colour 1:  .  .  3  4
        off: -
    """)
    resolve(state, {1: "in 1", 2: "in 3", 3: "in center", 4: "out 4"})
    facts = state.facts()
    assert facts["reached_center"] == (False, False, True, False)
    assert (facts["first_at_center"], facts["first_at_center_ring"]) == ("3", "2")
