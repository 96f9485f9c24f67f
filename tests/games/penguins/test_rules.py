"""Penguins rules against hand-traced positions (../shared/RULES.md, Penguins / Hey That's My
Fish), and the hex board they are played on.

Positions are text, rows top first, the short rows set in by half a tile: a digit is a tile with
that many fish, `.` a gap, `R2` a red penguin on a two-fish tile (B blue, G green, Y yellow).
Tiles are named by their place in the row (a, b, ... from the left) and the row (1 = bottom).
"""

from __future__ import annotations

import json
from textwrap import dedent

import pytest

from pnp.errors import SetupError
from pnp.games import get_game
from pnp.games.mechanics.hexgrid import HexGrid
from pnp.games.penguins.floe import FLOE
from pnp.games.penguins.game import PenguinsSetup, PenguinsState
from pnp.games.perft import perft
from pnp.games.setupfile import parse_setup, setup_json
from tests.support.moves import legal_texts, play
from tests.support.positions import default_setup, read_position

GAME = get_game("penguins")


def position(text: str) -> PenguinsState:
    """A position as text; it carries the floe and the players, so any setup reads it."""
    return read_position(GAME, text)


def names(grid: HexGrid, cells: tuple[int, ...]) -> set[str]:
    return {grid.name(c) for c in cells}


def test_the_floe_has_rows_of_7_and_8_with_the_top_row_of_7() -> None:
    assert FLOE.cells == 60
    assert [len(row) for row in FLOE.rows_top_first()] == [7, 8] * 4
    assert FLOE.name(0) == "a1" and FLOE.name(59) == "g8"


def test_hex_directions_at_row_ends() -> None:
    grid = HexGrid(4, 4)  # rows of 3 and 4 tiles, the bottom row long
    # a long row's first tile has nothing to the west, north-west or south-west
    assert names(grid, grid.neighbours[grid.parse("a3")]) == {"b3", "a4", "a2"}
    # a short row's first tile is set in: it touches both long rows' first tiles
    assert names(grid, grid.neighbours[grid.parse("a2")]) == {"b2", "b3", "a3", "b1", "a1"}
    assert names(grid, grid.neighbours[grid.parse("d3")]) == {"c3", "c4", "c2"}
    assert names(grid, grid.neighbours[grid.parse("c2")]) == {"b2", "c3", "d3", "c1", "d1"}
    assert [grid.name(c) for c in grid.ray(grid.parse("a1"), (1, 1))] == ["a2", "b3", "b4"]


def test_hex_directions_at_the_ends_of_the_floes_rows() -> None:
    # h1 ends a long row: only west and north-west; the short row above ends at g2
    assert names(FLOE, FLOE.neighbours[FLOE.parse("h1")]) == {"g1", "g2"}
    assert names(FLOE, FLOE.neighbours[FLOE.parse("g2")]) == {"f2", "g3", "h3", "g1", "h1"}
    # g8 ends the top row (short, set in): west and the two below it
    assert names(FLOE, FLOE.neighbours[FLOE.parse("g8")]) == {"f8", "g7", "h7"}
    # a8 starts it: east and the two long-row tiles below
    assert names(FLOE, FLOE.neighbours[FLOE.parse("a8")]) == {"b8", "a7", "b7"}
    # a slide zigzags along a diagonal and stops at the board's edge
    north_west = [FLOE.name(c) for c in FLOE.ray(FLOE.parse("h1"), (1, -1))]
    assert north_west == ["g2", "g3", "f4", "f5", "e6", "e7", "d8"]


def test_the_random_floe_holds_30_20_10_and_setups_are_checked() -> None:
    setup = GAME.random_setup(4, GAME.info.resolve(3, None, {}))
    rows = list(PenguinsSetup.of(setup.data).rows)
    digits = "".join(rows)
    assert (digits.count("1"), digits.count("2"), digits.count("3")) == (30, 20, 10)

    def check(new_rows: list[str]) -> None:
        document = {**json.loads(setup_json(GAME, setup)), "rows": new_rows}
        parse_setup(document, {"penguins": GAME}, "penguins", "setup.json")

    with pytest.raises(SetupError, match=r"rows\[0\]: '4\d+' is not valid: expected 7 digits 1-3"):
        check(["4" + rows[0][1:], *rows[1:]])
    swapped = ("2" if rows[0][0] == "1" else "1") + rows[0][1:]
    with pytest.raises(SetupError, match="expected \\(30, 20, 10\\)"):
        check([swapped, *rows[1:]])
    with pytest.raises(SetupError, match="rows: 7 items; expected 8"):
        check(rows[:7])


@pytest.mark.parametrize(("players", "each"), [(2, 4), (3, 3), (4, 2)])
def test_placement_on_free_one_fish_tiles_in_turn(players: int, each: int) -> None:
    state = GAME.new_state(GAME.random_setup(2, GAME.info.resolve(players, None, {})))
    assert perft(state, 1) == 30 and perft(state, 2) == 30 * 29
    seen = []
    while state.placing():
        seen.append(state.turn)
        state.apply(state.legal_moves(state.turn)[0])
    assert seen == list(range(players)) * each
    assert state.turn == 0 and all(len(p) == each for p in state.pieces)
    assert sum(state.fish) == 0


SMALL = """
     4|    1   2   3
     3|  1  R1   .   3
     2|    2  B2   1
     1|  3   1   2   1
    fish 2 0; tiles 1 0; red to play
"""


def test_slides_stop_at_gaps_penguins_and_the_edge() -> None:
    state = position(SMALL)
    # east: the gap on c3; south-east: the blue penguin on b2
    assert legal_texts(state) == {"b3-a3", "b3-b4", "b3-a4", "b3-a2", "b3-a1"}
    play(state, "b3-a1")
    assert legal_texts(state) == {"b2-c2", "b2-a2", "b2-c1", "b2-b1"}  # b3 is a gap now
    assert state.to_text() == dedent("""\
         4|      1   2   3
         3|    1   .   .   3
         2|      2  B2   1
         1|   R3   1   2   1
        fish 3 0; tiles 2 0; blue to play""")


def test_a_stuck_player_removes_their_penguins_and_keeps_the_tiles_under_them() -> None:
    state = position("""
         4|    .   2   3
         3| B3   .   1   3
         2|    .   1  R1
         1|  3   1   2   1
        fish 4 5; tiles 3 3; red to play
    """)
    play(state, "c2-d3")  # blue's only penguin, on a3, has no tile to slide to
    assert state.turn == 0 and state.pieces[1] == []
    assert (state.fish, state.tiles) == ([5, 8], [4, 4])
    assert state.to_text().splitlines()[1] == " 3|    .   .   1  R3"
    play(state, "d3-c4")  # blue is out: red plays again
    assert state.turn == 0 and not state.is_over()


def test_the_game_ends_when_no_penguin_is_left() -> None:
    state = position("""
         4|    .   .   .
         3|  .   .   .   .
         2|    .   3  R1
         1|  .   .  B2   .
        fish 10 11; tiles 5 4; red to play
    """)
    # red takes its 1; blue on c1 is walled in: out, keeping its 2; then red on b2 is too,
    # keeping its 3; no penguin is left
    play(state, "c2-b2")
    assert state.is_over() and state.to_act() == ()
    assert (state.fish, state.tiles) == ([14, 13], [7, 5])
    assert state.result().ranks == (1, 2)


TIE = """
     2|    .  R1   .
     1|  .   2  B2   .
    fish 10 11; tiles {tiles}; red to play
"""


def test_equal_fish_go_to_most_tiles_then_share_the_rank() -> None:
    state = position(TIE.format(tiles="4 3"))
    play(state, "b2-b1")  # both are walled in after it: 13 fish each
    assert state.is_over() and state.scores() == (13.0, 13.0)
    assert state.tiles == [6, 4] and state.result().ranks == (1, 2)
    state = position(TIE.format(tiles="4 5"))
    play(state, "b2-b1")
    assert state.tiles == [6, 6] and state.result().ranks == (1, 1)


def test_positions_read_back_and_moves_parse() -> None:
    state = GAME.new_state(GAME.random_setup(9, GAME.info.resolve(4, None, {})))
    while state.placing():
        state.apply(state.legal_moves(state.turn)[-1])
    again = GAME.state_from_text(default_setup("penguins"), state.to_text())
    assert again.to_text() == state.to_text()
    assert legal_texts(again) == legal_texts(state)


def test_greedy_values_the_tile_reached_as_banked() -> None:
    state = position(SMALL)
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    # red leaves b3 (1 fish) whatever it does; blue banks the 2 under its penguin
    assert values["b3-a1"] == 2 + 1 + 3 - 2  # a1 holds 3
    assert values["b3-b4"] == 2 + 1 + 2 - 2
    assert max(values, key=values.__getitem__) == "b3-a1"
