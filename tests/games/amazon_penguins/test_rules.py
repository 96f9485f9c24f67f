"""Amazon Penguins rules against hand-traced positions (../shared/RULES.md, Amazon Penguins).

Positions are text, rows top first: a digit is a fish chip, `.` a gap (a chip speared or never
laid), `L2` a light penguin on a two-fish chip, `D1` a dark one on a one-fish chip. Square boards
have files a.. and ranks 1..; hex boards are the Penguins floe's offset rows.
"""

from __future__ import annotations

from textwrap import dedent

import pytest

from pnp.games import get_game
from pnp.games.amazon_penguins.game import AmazonPenguinsSetup, AmazonPenguinsState
from pnp.games.mechanics.shooting import PASS
from pnp.games.perft import perft
from tests.support.moves import legal_texts, play
from tests.support.positions import read_position

GAME = get_game("amazon-penguins")


def position(text: str) -> AmazonPenguinsState:
    """A position as text; it carries the board, so any setup reads it."""
    return read_position(GAME, text)


def targets(state: AmazonPenguinsState, source: str) -> set[str]:
    return {t.split("-")[1].split("/")[0] for t in legal_texts(state) if t.startswith(source + "-")}


@pytest.mark.parametrize(
    ("variant", "chips", "mix"), [("square", 64, (32, 21, 11)), ("hex", 60, (30, 20, 10))]
)
def test_boards_and_placement_anywhere_on_a_chip(
    variant: str, chips: int, mix: tuple[int, int, int]
) -> None:
    setup = GAME.random_setup(3, GAME.info.resolve(None, variant, {}))
    digits = "".join(AmazonPenguinsSetup.of(setup.data).rows)
    assert (digits.count("1"), digits.count("2"), digits.count("3")) == mix
    state = GAME.new_state(setup)
    assert [perft(state, d) for d in (1, 2)] == [chips, chips * (chips - 1)]
    for _ in range(8):
        state.apply(state.legal_moves(state.turn)[0])
    assert state.fish == [0, 0] and state.chips == [0, 0]  # placing claims nothing
    assert not state.placing() and state.turn == 0


SQUARE = """
         a  b  c  d
     4|   1  2  .  3
     3|  L1  .  2  1
     2|   2  3 D1  .
     1|   1  1  2  3
    fish 0 0; chips 0 0; light to play
"""


def test_slides_stop_at_gaps_penguins_and_the_edge() -> None:
    state = position(SQUARE)
    # north and north-east to the edge; east stopped by the gap on b3; south-east b2, c1
    assert targets(state, "a3") == {"a4", "b4", "b2", "c1", "a2", "a1"}


def test_the_chip_left_can_be_speared_and_the_spear_claims_it() -> None:
    state = position(SQUARE)
    assert {"a3-a4/a3", "a3-a4/a2", "a3-a4/a1"} <= legal_texts(state)
    assert "a3-b2/c2" not in legal_texts(state)  # a penguin blocks the spear too
    play(state, "a3-a4/a3")
    assert state.to_text() == dedent("""\
              a  b  c  d
         4|  L1  2  .  3
         3|   .  .  2  1
         2|   2  3 D1  .
         1|   1  1  2  3
        fish 1 0; chips 1 0; dark to play""")


WALLED = """
         a  b  c  d
     4|  L3  .  1  .
     3|   .  .  .  2
     2|   1  .  .  .
     1|   2  .  3 D1
    fish 20 18; chips 9 8; light to play
"""


def test_a_player_with_no_move_passes_and_the_end_claims_the_chips_under_penguins() -> None:
    state = position(WALLED)
    assert state.legal_moves(0) == [PASS] and not state.is_over()
    play(state, "pass")
    assert legal_texts(state) == {"d1-c1/d1"}  # c1 is dark's only way out, d1 its only chip
    play(state, "d1-c1/d1")  # dark claims d1 (1); now neither can move
    assert state.is_over()
    # light keeps a4's 3, dark c1's 3
    assert (state.fish, state.chips) == ([23, 22], [10, 10])
    assert state.result().ranks == (1, 2)


def test_equal_fish_go_to_most_chips_then_share_the_rank() -> None:
    state = position(WALLED.replace("fish 20 18; chips 9 8", "fish 19 18; chips 8 8"))
    play(state, "pass d1-c1/d1")
    assert (state.fish, state.chips) == ([22, 22], [9, 10])
    assert state.result().ranks == (2, 1)
    state = position(WALLED.replace("fish 20 18; chips 9 8", "fish 19 18; chips 9 8"))
    play(state, "pass d1-c1/d1")
    assert (state.fish, state.chips) == ([22, 22], [10, 10])
    assert state.result().ranks == (1, 1)


HEX = """
     4|    .   2   3
     3| L1   .   1   3
     2|    2   1  D1
     1|  3   1   2   1
    fish 0 0; chips 0 0; light to play
"""


def test_hex_slides_and_spears_follow_the_six_directions() -> None:
    state = position(HEX)
    # from a3, a long row's first tile: nothing west; east and north-east are gaps;
    # south-east runs a2, b1
    assert targets(state, "a3") == {"a2", "b1"}
    assert legal_texts(state) >= {"a3-a2/a3", "a3-b1/a3", "a3-b1/c1", "a3-b1/d1"}
    play(state, "a3-b1/a3")
    assert state.fish == [1, 0] and state.pieces[0] == [state.board.parse("b1")]


def test_greedy_counts_the_speared_fish() -> None:
    state = position(SQUARE)
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    assert values["a3-a4/b4"] == 2.0 and values["a3-b2/d4"] == 3.0
    assert max(values.values()) == 3.0
