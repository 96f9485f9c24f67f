"""Paper Pen-guins rules against hand-traced positions (../shared/RULES.md, Paper Pen-guins).

Positions are written as text: a number alone is unmarked, [n] a square (first player), (n) a
circle (second player), xn a number crossed out; ranks top to bottom, files a.. left to right.
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import numpy as np
import pytest

from pnp.errors import InputError, PnpError
from pnp.games import get_game
from pnp.games.base import Setup
from pnp.games.options import GridSize
from pnp.games.paper_penguins.game import PaperPenguinsOptions
from pnp.games.paper_penguins.marks import PASS
from pnp.games.paper_penguins.rules import PaperPenguinsState
from pnp.games.paper_penguins.sheets import PaperPenguinsSetup, Sheet, mix, parse_sheet
from pnp.games.perft import perft
from pnp.games.setupfile import listed_setups
from pnp.kits.paper_penguins.options import PaperPenguinsKitOptions
from tests.support.moves import legal_texts, play
from tests.support.positions import read_position

GAME = get_game("paper-penguins")


def position(text: str) -> PaperPenguinsState:
    """A position as text; it carries the sheet, so any setup reads it."""
    return read_position(GAME, text)


def sheet(state: PaperPenguinsState) -> str:
    """The position as text without the file letters."""
    return "\n".join(state.to_text().splitlines()[1:])


def test_the_rules_example_sheet_loads_with_its_mix_and_total(example_sheet: Path) -> None:
    rows = parse_sheet(example_sheet.read_text())
    digits = "".join(rows)
    assert rows[0] == "23232231" and rows[-1] == "32211113"
    assert (digits.count("1"), digits.count("2"), digits.count("3")) == (32, 21, 11)
    assert sum(int(d) for d in digits) == 107


def test_plain_digit_rows_load_and_bad_sheets_are_refused() -> None:
    assert parse_sheet("1231\n3211\n1111\n2222\n") == ["1231", "3211", "1111", "2222"]
    with pytest.raises(ValueError, match="row 2 has '4'"):
        parse_sheet("1231\n3241\n1111\n2222\n")
    with pytest.raises(ValueError, match="row 3 has 3 numbers"):
        parse_sheet("1231\n3211\n111\n2222\n")
    with pytest.raises(ValueError, match="sides must be 4 to 20"):
        parse_sheet("123\n321\n111\n")


@pytest.mark.parametrize(
    ("cells", "expected"),
    [(64, (32, 21, 11)), (16, (8, 5, 3)), (36, (18, 12, 6)), (100, (50, 33, 17))],
)
def test_the_3_2_1_mix_for_other_sizes(cells: int, expected: tuple[int, int, int]) -> None:
    assert mix(cells) == expected


def test_placements_alternate_and_score_the_number() -> None:
    state = position("""
        4  1  2  3  1
        3  1  2  1  3
        2  2  1  3  1
        1  3  1  2  2
        score 0 0; square to play
    """)
    assert len(state.legal_moves(0)) == 16
    play(state, "b4 a1 c4 d3")
    assert sheet(state) == dedent("""\
         4   1 [2] [3]   1
         3   1   2   1 (3)
         2   2   1   3   1
         1 (3)   1   2   2
        score 5 6; square to play""")
    assert "b4" not in legal_texts(state) and "b3" in legal_texts(state)


QUEEN_POSITION = """
    4 [1]   2  x3 (1)
    3   1 (2)   1   3
    2   2   1 [3] (1)
    1 (3) [1]   2 [2]
    score 9 7; square to play
"""


def test_queen_moves_stop_at_crosses_and_pieces() -> None:
    state = position(QUEEN_POSITION)
    assert legal_texts(state) == {
        "a4-b4",
        "a4-a3",
        "a4-a2",  # b4 then the X on c4 stops it; a1 holds a circle
        "c2-c3",
        "c2-d3",
        "c2-c1",
        "c2-b2",
        "c2-a2",  # c4 is X, d2 and d1 are occupied
        "d1-c1",  # b1 is its own square piece: no jumping over it
        "b1-b2",
        "b1-c1",
        "b1-a2",
    }


def test_a_move_crosses_the_square_left_and_scores_the_square_reached() -> None:
    state = position(QUEEN_POSITION)
    play(state, "c2-d3")
    assert sheet(state) == dedent("""\
         4 [1]   2  x3 (1)
         3   1 (2)   1 [3]
         2   2   1  x3 (1)
         1 (3) [1]   2 [2]
        score 12 7; circle to play""")


STUCK_CIRCLES = """
    4 (1)  x2 [1] [1]
    3  x1  x2  x1   2
    2 (2) (1)  x3 [1]
    1 (1)  x1  x2 [2]
    score 20 18; circle to play
"""


def test_a_player_without_a_move_passes_and_the_other_plays_on() -> None:
    state = position(STUCK_CIRCLES)
    assert state.legal_moves(1) == [PASS] and not state.is_over()
    play(state, "pass")
    assert legal_texts(state) == {"c4-d3", "d4-d3", "d2-d3"}
    play(state, "d4-d3")
    assert state.is_over() and state.to_act() == ()
    assert state.result().scores == (22.0, 18.0) and state.result().ranks == (1, 2)


def test_the_game_ends_when_neither_can_move_and_equal_scores_draw() -> None:
    state = position(STUCK_CIRCLES.replace("score 20 18", "score 16 18"))
    play(state, "pass d2-d3")
    assert state.is_over()
    assert state.result().scores == (18.0, 18.0) and state.result().ranks == (1, 1)


def test_perft_counts_placements_from_an_empty_sheet() -> None:
    setup = GAME.random_setup(3, GAME.info.resolve(None, None, {}))
    state = GAME.new_state(setup)
    assert [perft(state, d) for d in (1, 2, 3)] == [64, 64 * 63, 64 * 63 * 62]


def test_setups_keep_the_mix_and_sheets_of_a_kit_differ() -> None:
    options = GAME.info.resolve(None, None, {"size": "6x9"})
    setup = PaperPenguinsKitOptions(sheets=3).draw(GAME, 11, options)
    sheets = [sheet.rows for sheet in PaperPenguinsSetup.of(setup.data).sheets]
    assert len({tuple(rows) for rows in sheets}) == 3
    for rows in sheets:
        digits = "".join(rows)
        assert (len(rows), len(rows[0])) == (6, 9)
        assert (digits.count("1"), digits.count("2"), digits.count("3")) == mix(54)


def sheets_of(setup: Setup) -> tuple[Sheet, ...]:
    return PaperPenguinsSetup.of(setup.data).sheets


def test_a_kit_of_sheets_draws_them_from_seeds_spawned_from_its_own() -> None:
    options = GAME.info.resolve(None, None, {})
    plain = GAME.random_setup(5, options)
    one = PaperPenguinsKitOptions(sheets=1).draw(GAME, 5, options)
    assert one.data == plain.data and one.seed == 5 and one.kit_options == {"sheets": 1}
    three = PaperPenguinsKitOptions(sheets=3).draw(GAME, 5, options)
    children = np.random.SeedSequence(5).spawn(2)
    spawned = [GAME.random_setup(int(c.generate_state(1)[0]), options) for c in children]
    expected = [sheets_of(plain)[0].rows] + [sheets_of(s)[0].rows for s in spawned]
    assert [sheet.rows for sheet in sheets_of(three)] == expected
    assert [sheet.id for sheet in sheets_of(three)] == ["s1", "s2", "s3"]
    assert three.seed == 5 and three.kit_options == {"sheets": 3}
    assert [s.data for s in listed_setups(GAME, three)] == [
        PaperPenguinsSetup((sheet,)) for sheet in sheets_of(three)
    ]


def test_a_repeated_sheet_is_drawn_again_from_the_next_seed() -> None:
    options = GAME.info.resolve(None, None, {"size": "4x4"})
    drawn = PaperPenguinsKitOptions(sheets=40).draw(GAME, 2, options)
    rows = [sheet.rows for sheet in sheets_of(drawn)]
    assert len(set(rows)) == 40


def test_a_board_file_sets_the_size_and_is_refused_with_its_path_when_wrong(
    example_sheet: Path, tmp_path: Path
) -> None:
    options = GAME.info.resolve(None, None, {"board": str(example_sheet)})
    setup = GAME.random_setup(1, options)
    assert PaperPenguinsOptions.of(setup.options) == PaperPenguinsOptions(2, "standard")
    assert PaperPenguinsSetup.of(setup.data).sheets[0].rows[0] == "23232231"
    bad = tmp_path / "bad.txt"
    bad.write_text("1234\n1111\n1111\n1111\n")
    with pytest.raises(InputError, match=r"^board .*bad.txt: row 1 has '4'") as caught:
        GAME.info.resolve(None, None, {"board": str(bad)})
    assert (caught.value.field, caught.value.value) == ("board", str(bad))
    bad.write_text("1231\n3211\n1111\n2222\n")  # 8 ones, 6 twos, 2 threes
    with pytest.raises(PnpError, match=r"8 ones, 6 twos and 2 threes; expected 8, 5 and 3"):
        GAME.info.resolve(None, None, {"board": str(bad)})
    bad.write_text("1231\n3211\n1113\n2122\n")  # 8 ones, 5 twos, 3 threes: a sheet
    board = PaperPenguinsOptions.of(GAME.info.resolve(None, None, {"board": str(bad)})).board
    assert board is not None and board.rows[2] == "1113" and board.size == GridSize(4, 4)
    with pytest.raises(InputError, match=r"^size 6x6 does not match board .*bad.txt \(4x4\)"):
        GAME.info.resolve(None, None, {"board": str(bad), "size": "6x6"})


def test_greedy_value_is_the_number_reached() -> None:
    state = position(QUEEN_POSITION)
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    assert values["c2-d3"] == 3.0 and values["a4-b4"] == 2.0
