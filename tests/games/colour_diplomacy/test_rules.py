"""Colour Diplomacy rules against hand-traced positions (../shared/RULES.md, Colour Diplomacy):
the board, the setup, the orders and the resolution away from the center.

Positions are written as text, one line per circle from circle 1 (outermost) inwards: the player
whose colour the circle has, then its fields 1..N: `.` empty, a player number, `2+5` for two
players on one field, `*` after a player who must hold. `off:` lists the players off the board.
Adjacency: field k of circle c borders fields k and k+1 of circle c+1, so a player on c1f4 of a
4-player board moves `in 4` or `in 1`, and on c2f1 `out 4` or `out 1`.
"""

from __future__ import annotations

import pytest

from pnp.errors import SetupError
from pnp.games import get_game
from pnp.games.base import Setup
from pnp.games.colour_diplomacy.game import ColourDiplomacySetup
from pnp.games.colour_diplomacy.rings import OFF, board
from pnp.games.options import GameOptions
from pnp.games.perft import perft
from pnp.games.setupfile import parse_setup
from tests.games.colour_diplomacy.positions import START, assert_position, orders, position, resolve

GAME = get_game("colour-diplomacy")


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
        colours = ColourDiplomacySetup.of(setup.data).circle_colours
        assert sorted(colours) == list(range(1, players + 1))
    state = GAME.new_state(Setup(GAME.info.name, None, GameOptions(4, "standard"),
                                 ColourDiplomacySetup((3, 1, 4, 2))))  # fmt: skip
    assert_position(state, START)


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        ([1, 2, 3], "circle_colours: 3 items; expected 4"),
        ([1, 2, 2, 4], "circle_colours: 2 appears more than once"),
        ([1, 2, 5, 4], "circle_colours.2.: 5 is out of range: expected 1 to 4"),
        ("1234", "circle_colours: '1234' is not a list"),
        ([1, 2, True, 4], "circle_colours.2.: true is not a whole number"),
    ],
)
def test_a_bad_setup_file_is_refused(colours: object, message: str) -> None:
    """The schema says it all: 1 to N, each once, is N numbers from 1 to N, none repeated."""
    document = {
        "game": GAME.info.name, "format_version": 1, "seed": 1,
        "options": {"players": 4, "variant": "standard"}, "circle_colours": colours,
    }  # fmt: skip
    with pytest.raises(SetupError, match=message):
        parse_setup(document, {GAME.info.name: GAME}, GAME.info.name, "setup.json")


def test_positions_and_orders_read_back_as_they_are_written() -> None:
    state = position(START)
    assert position(state.to_text()).to_text() == state.to_text()
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


def test_arriving_on_ones_colour_by_a_move_forces_a_hold_even_when_pushed_there() -> None:
    """RULES.md: a player on their colour is free only if their last order was a hold or a
    support, or their circle took their colour without them moving: whoever ends a move order
    on their own colour, by entering or by a push-out, must hold next turn."""
    state = position("""
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 2:  1  .  .  .
        circle 3 colour 1:  .  2  .  .
        circle 4 colour 3:  .  3  .  .
        off: -
    """)
    # 1 enters circle 3 (its colour); 2 moves into 3's held field and is pushed out to c2f2,
    # on its own colour too
    resolve(state, {1: "in 1", 2: "in 2", 3: "hold", 4: "hold"})
    assert_position(state, """
        circle 1 colour 4:  .  .  .  4
        circle 2 colour 2:  .  2* .  .
        circle 3 colour 1:  1* .  .  .
        circle 4 colour 3:  .  3  .  .
        off: -
    """)  # fmt: skip
    assert orders(state, 1) == orders(state, 2) == {"hold"}
    # 4 stood on circle 1 of its colour from the start and held: free
    assert orders(state, 4) == {"hold", "in 4", "in 1", "off", "support 2 into c1f1"}
    resolve(state, {1: "hold", 2: "hold", 3: "hold", 4: "hold"})
    assert orders(state, 1) == {
        "hold", "in 1", "in 2", "out 4", "out 1",
        "support 2 into c3f2", "support 3 into c3f2",
    }  # fmt: skip
    assert orders(state, 2) == {
        "hold", "in 2", "in 3", "out 1", "out 2",
        "support 1 into c2f1", "support 4 into c2f1",
    }  # fmt: skip


# -- resolution ----------------------------------------------------------------------------------


# 2, 3 and 4 can each move into c2f2, beside 1, who can support one of them
SUPPORTS = """
    circle 1 colour 4:  .  2  .  .
    circle 2 colour 1:  1  .  .  .
    circle 3 colour 2:  .  3  4  .
    circle 4 colour 3:  .  .  .  .
    off: -
"""


@pytest.mark.parametrize(
    ("before", "written", "after"),
    [
        pytest.param(
            START,
            {1: "in 2", 2: "in 2", 3: "in 3", 4: "in 1"},
            """
            circle 1 colour 3:  1  2  .  .
            circle 2 colour 1:  4  .  3  .
            circle 3 colour 4:  .  .  .  .
            circle 4 colour 2:  .  .  .  .
            off: -
            """,
            id="moves into the same field bounce to the start fields",
        ),
        pytest.param(
            SUPPORTS,
            {1: "support 3 into c2f2", 2: "in 2", 3: "out 2", 4: "out 2"},
            """
            circle 1 colour 4:  .  2  .  4*
            circle 2 colour 1:  1  3  .  .
            circle 3 colour 2:  .  .  .  .
            circle 4 colour 3:  .  .  .  .
            off: -
            """,
            id="the one supported move enters and the others bounce",
        ),
        pytest.param(
            SUPPORTS,
            {1: "support 2 into c2f2", 2: "in 3", 3: "out 2", 4: "out 2"},
            """
            circle 1 colour 4:  .  .  3  4*
            circle 2 colour 1:  1  .  2  .
            circle 3 colour 2:  .  .  .  .
            circle 4 colour 3:  .  .  .  .
            off: -
            """,
            id="a support counts only for the named move into the named field",
        ),
        # 3 supports (and so holds); 2 moves in from c2f3 into 3's field and lands on c1f3
        pytest.param(
            """
            circle 1 colour 4:  .  .  .  4
            circle 2 colour 1:  .  .  2  .
            circle 3 colour 3:  .  .  3  .
            circle 4 colour 2:  .  .  .  .
            off: 1
            """,
            {2: "in 3", 3: "support 2 into c3f4", 4: "hold"},
            """
            circle 1 colour 4:  .  .  2  4
            circle 2 colour 1:  .  .  .  .
            circle 3 colour 3:  .  .  3  .
            circle 4 colour 2:  .  .  .  .
            off: 1
            """,
            id="a move into a held field is pushed one circle out from where it came",
        ),
        # two moves into 1's held field: no bounce, each is pushed out (pnp's reading)
        pytest.param(
            """
            circle 1 colour 4:  2  .  .  4
            circle 2 colour 1:  1  .  .  .
            circle 3 colour 2:  .  3  .  .
            circle 4 colour 3:  .  .  .  .
            off: -
            """,
            {1: "hold", 2: "in 1", 3: "out 1", 4: "hold"},
            """
            circle 1 colour 4:  .  .  .  4
            circle 2 colour 1:  1  3  .  .
            circle 3 colour 2:  .  .  .  .
            circle 4 colour 3:  .  .  .  .
            off: 2
            """,
            id="every move into a held field is pushed out and from circle 1 falls off",
        ),
        # 1 and 2 swap; 4 follows 3 into the field 3 leaves
        pytest.param(
            """
            circle 1 colour 4:  .  .  2  4
            circle 2 colour 3:  .  .  1  3
            circle 3 colour 1:  .  .  .  .
            circle 4 colour 2:  .  .  .  .
            off: -
            """,
            {1: "out 3", 2: "in 3", 3: "in 4", 4: "in 4"},
            """
            circle 1 colour 4:  .  .  1  .
            circle 2 colour 3:  .  .  2  4
            circle 3 colour 1:  .  .  .  3
            circle 4 colour 2:  .  .  .  .
            off: -
            """,
            id="a field left in the same turn is free and players may swap",
        ),
    ],
)
def test_one_turn_of_orders_resolves_to(before: str, written: dict[int, str], after: str) -> None:
    state = position(before)
    resolve(state, written)
    assert_position(state, after)


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
