"""Billabong rules against hand-traced positions (../shared/RULES.md, Billabong).

Positions are written as text: rank 14 at the top, files a-p left to right; `.` a free square,
`~` the lake (g7-j8), a kangaroo as its colour letter (R, B, G, Y) followed by its lap count
when that is not 0; `|` marks the start/finish line between files h and i. Kangaroos already
finished are given in the status line. Most positions write only the ranks that hold kangaroos
(`on_empty_board`): a rank left out is free squares, the lake and the line, as on EMPTY. A move
is written `from-to`, with the lap change when a move changes the count (`a1-o1-1`), `from-out`
when it finishes the kangaroo.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from textwrap import dedent

import numpy as np
import pytest

from pnp.errors import SetupError
from pnp.games import get_game
from pnp.games.billabong.board import GRID, OUT, PASS, crossing, progress, steps_to_finish
from pnp.games.billabong.rules import BillabongState
from pnp.games.perft import perft
from pnp.games.setupfile import parse_setup, setup_json
from simulate.agents.base import make_agent
from tests.games.billabong.reference import kangaroo_moves
from tests.support.cli import run
from tests.support.moves import play
from tests.support.positions import default_setup, read_position

GAME = get_game("billabong")


def position(text: str) -> BillabongState:
    """A position as text; it carries the board and the players, so any setup reads it."""
    return read_position(GAME, text)


def moves_from(state: BillabongState, square: str) -> set[str]:
    texts = {state.move_text(m) for m in state.legal_moves(state.turn)}
    return {t for t in texts if t.startswith(f"{square}-")}


def board(state: BillabongState) -> str:
    """The position as text without the file letters."""
    return "\n".join(state.to_text().splitlines()[1:])


EMPTY = """
    14  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    13  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    12  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    11  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    10  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
     9  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
     8  .  .  .  .  .  .  ~  ~  ~  ~  .  .  .  .  .  .
     7  .  .  .  .  .  .  ~  ~  ~  ~  .  .  .  .  .  .
     6  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     5  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     4  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     3  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     2  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     1  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
"""


def on_empty_board(text: str) -> str:
    """The whole position of a text that writes only the ranks holding kangaroos, then the
    status line: every rank it leaves out is the rank of the EMPTY board."""
    *ranks, status = dedent(text).strip("\n").splitlines()
    written = {line.split()[0]: line for line in ranks}
    whole = [written.pop(line.split()[0], line) for line in dedent(EMPTY).strip("\n").splitlines()]
    assert not written, f"no such ranks: {sorted(written)}"
    return "\n".join([*whole, status])


def rank(state: BillabongState, line: str) -> str:
    """The line of the board for the rank `line` starts with (" 4  ." is rank 4)."""
    return board(state).splitlines()[14 - int(line.split()[0])]


LONG_JUMP = on_empty_board("""
     1  R  .  .  .  .  .  .  B |.  .  .  .  .  .  .  .
    finished 4 4; red to play
""")
CORNERS = on_empty_board("""
    10  .  .  .  .  .  .  .  .  .  .  .  R  .  .  .  .
     9  .  .  .  .  .  .  .  .  .  .  B  .  .  .  .  .
     8  .  .  .  .  R  .  ~  ~  ~  ~  .  .  .  .  .  .
     7  .  .  .  .  .  B  ~  ~  ~  ~  .  .  .  .  .  .
    finished 3 3; red to play
""")
LAKE = on_empty_board("""
     8  .  .  .  .  .  R  ~  ~  ~  ~  B  .  .  .  .  .
     3  .  .  .  .  R  .  .  . |B  .  .  .  .  .  .  .
    finished 3 3; red to play
""")
REFEREE = on_empty_board("""
     5  .  B  B  .  .  .  .  . |.  .  .  .  .  .  .  .
     4  .  .  .  R  .  .  .  . |.  .  .  .  .  .  .  .
    finished 4 3; red to play
""")
CROSSING = on_empty_board("""
     3  .  .  .  .  .  .  .  . |B  .  .  .  .  .  .  .
     2  .  .  .  .  .  .  .  R |B  .  .  .  .  .  .  .
    finished 4 3; red to play
""")
CROSSING_BACK = on_empty_board("""
     3  .  .  .  .  .  .  .  . |B  .  .  .  .  .  .  .
     2  .  .  .  .  .  .  .  . |B  R  .  .  .  .  .  .
    finished 4 3; red to play
""")
FINISHING_CHAIN = on_empty_board("""
     3  .  .  .  .  .  .  .  . |B  .  .  .  .  .  .  .
     2  .  .  .  .  .  .  .  . |B  R1 .  .  .  .  .  .
    finished 4 3; red to play
""")
FINISHING_STEP = on_empty_board("""
     1  .  .  .  .  .  .  .  B |R1 .  .  .  .  .  .  .
    finished 4 4; red to play
""")
STUCK = on_empty_board("""
     3  B  .  G  .  .  .  .  . |.  .  .  .  .  .  .  .
     2  B  B  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     1  R  B  B  .  .  .  .  . |.  .  .  .  .  .  .  .
    finished 4 0 4; red to play
""")


@pytest.mark.parametrize(
    ("text", "square", "moves"),
    [
        # a1 over h1 needs six free squares after h1 as before it (b1-g1): n1, after it, is taken.
        pytest.param(
            on_empty_board("""
                 1  R  .  .  .  .  .  .  B |.  .  .  .  .  B  .  .
                finished 4 3; red to play
            """),
            "a1",
            {"a1-a2", "a1-b1", "a1-b2"},
            id="a jump needs as many free squares after the kangaroo as before",
        ),
        # Now d1 comes first: over it to g1, and on over h1 to i1, crossing the line (-1).
        pytest.param(
            on_empty_board("""
                 1  R  .  .  B  .  .  .  B |.  .  .  .  .  .  .  .
                finished 4 3; red to play
            """),
            "a1",
            {"a1-a2", "a1-b1", "a1-b2", "a1-g1", "a1-i1-1"},
            id="a jump over the nearer kangaroo, then on over the far one",
        ),
        # e8 over f7 to g6 touches the lake only at its corner (between f7 and g6).
        pytest.param(
            CORNERS,
            "e8",
            {"e8-d7", "e8-d8", "e8-d9", "e8-e7", "e8-e9", "e8-f8", "e8-f9"} | {"e8-g6"},
            id="a diagonal jump over a lake corner is allowed",
        ),
        # l10 over k9 would land on j8, in the lake: only steps.
        pytest.param(
            CORNERS,
            "l10",
            {"l10-k10", "l10-k11", "l10-l11", "l10-m11", "l10-m10", "l10-m9", "l10-l9"},
            id="a diagonal jump into the lake is not",
        ),
        # f8 over k8 would land on p8 with four free squares each side, but they are lake (g8-j8).
        pytest.param(
            LAKE,
            "f8",
            {"f8-e7", "f8-e8", "f8-e9", "f8-f7", "f8-f9", "f8-g9"},
            id="a jump may not pass over the lake",
        ),
        # Below the lake the same shape of jump is allowed: e3 over i3 to m3, crossing the line
        # left to right.
        pytest.param(
            LAKE,
            "e3",
            {"e3-d2", "e3-e2", "e3-f2", "e3-d3", "e3-f3", "e3-d4", "e3-e4", "e3-f4"} | {"e3-m3-1"},
            id="the same jump below the lake crosses the line",
        ),
    ],
)
def test_the_moves_from_a_square(text: str, square: str, moves: set[str]) -> None:
    assert moves_from(position(text), square) == moves


@pytest.mark.parametrize(
    ("text", "square", "moves", "move", "after"),
    [
        # a1 over h1: six free squares before it (b1-g1), six after (i1-n1), landing on o1. It
        # passes the line left to right (anticlockwise): -1. From o1 the way back over h1 would
        # land on a1, where the referee stands.
        pytest.param(
            LONG_JUMP,
            "a1",
            {"a1-a2", "a1-b1", "a1-b2", "a1-o1-1"},
            "a1-o1-1",
            " 1  .  .  .  .  .  .  .  B |.  .  .  .  .  .  R-1 .",
            id="a long symmetric jump crosses the line anticlockwise",
        ),
        # h2 over i2 to j2 (-1), then over i3 to h4 (+1): h4 with no change. Over i3 to j4 is -1.
        pytest.param(
            CROSSING,
            "h2",
            {"h2-g1", "h2-h1", "h2-i1-1", "h2-g2", "h2-g3", "h2-h3"}
            | {"h2-j2-1", "h2-j4-1", "h2-h4"},
            "h2-h4",
            " 4  .  .  .  .  .  .  .  R |.  .  .  .  .  .  .  .",
            id="a chain that crosses the line and back counts both crossings",
        ),
        # d4 over c5 to b6, over b5 to b4, then over c5 to d6. The referee holds d4: from b4 the
        # chain jumps it to f4 (c4 and e4 free), from d6 to d2 (d5 and d3 free). Nothing may land
        # on d4 itself (b6 over c5 would).
        pytest.param(
            REFEREE,
            "d4",
            {"d4-c3", "d4-d3", "d4-e3", "d4-c4", "d4-e4", "d4-d5", "d4-e5"}
            | {"d4-b6", "d4-b4", "d4-d6", "d4-f4", "d4-d2"},
            "d4-f4",
            " 4  .  .  .  .  .  R  .  . |.  .  .  .  .  .  .  .",
            id="a chain may jump the referee on its start square",
        ),
        # j2 over i2 to h2 (+1), over i3 to h4 (+1); from h2 over i3 to j4 (+1 - 1 = 0).
        pytest.param(
            CROSSING_BACK,
            "j2",
            {"j2-i1", "j2-j1", "j2-k1", "j2-k2", "j2-k3", "j2-j3"}
            | {"j2-h2+1", "j2-h4+1", "j2-j4"},
            "j2-h4+1",
            " 4  .  .  .  .  .  .  .  R1|.  .  .  .  .  .  .  .",
            id="a chain that crosses clockwise and back also counts both",
        ),
    ],
)
def test_the_moves_from_a_square_and_the_rank_one_of_them_lands_on(
    text: str, square: str, moves: set[str], move: str, after: str
) -> None:
    state = position(text)
    assert moves_from(state, square) == moves
    play(state, move)
    assert rank(state, after) == after


def test_a_kangaroo_finishes_when_its_count_reaches_two_and_the_last_one_wins() -> None:
    # With count 1, each jump to the left finishes the kangaroo: one move, however it is done;
    # the chain stops there, so j4 (over h2) is no longer reached.
    state = position(FINISHING_CHAIN)
    steps = {"j2-i1", "j2-j1", "j2-k1", "j2-k2", "j2-k3", "j2-j3"}
    assert moves_from(state, "j2") == steps | {"j2-out"}
    play(state, "j2-out")
    assert state.is_over() and state.to_act() == ()
    assert state.result().scores == (5.0, 3.0) and state.result().ranks == (1, 2)


def test_a_step_across_the_line_finishes_a_kangaroo_on_its_second_crossing() -> None:
    # i1-h2 (a step) and i1 over h1 to g1 (a jump) both finish it.
    state = position(FINISHING_STEP)
    assert moves_from(state, "i1") == {"i1-i2", "i1-j1", "i1-j2", "i1-out"}
    assert (GRID.parse("i1"), OUT, 1) in state.legal_moves(0)


def test_a_player_who_cannot_move_passes() -> None:
    state = position(STUCK)
    assert state.legal_moves(0) == (PASS,)
    play(state, "pass")
    assert state.turn == 1 and not state.is_over()


def reference_moves(state: BillabongState, seat: int) -> set[tuple[str, str]]:
    occupied = {GRID.row_col(c)[::-1] for c in range(GRID.cells) if state.occupied[c]}
    found = set()
    for cell in state.kangaroos[seat]:
        row, col = GRID.row_col(cell)
        for end, change in kangaroo_moves((col, row), state.count[cell], occupied):
            target = "out" if end is None else GRID.name(GRID.cell(end[1], end[0]))
            found.add((GRID.name(cell), target + (f"{change:+d}" if change else "")))
    return found


def engine_moves(state: BillabongState, seat: int) -> set[tuple[str, str]]:
    texts = [state.move_text(m) for m in state.legal_moves(seat) if m != PASS]
    pairs = {tuple(t.split("-", 1)) for t in texts}
    assert len(pairs) == len(texts), "every end is listed once"
    return pairs  # type: ignore[return-value]


@pytest.mark.parametrize(("players", "agent"), [(2, "greedy"), (4, "greedy"), (3, "random")])
def test_moves_match_an_independent_generator_along_whole_games(players: int, agent: str) -> None:
    state = GAME.new_state(GAME.random_setup(0, GAME.info.resolve(players, None, {})))
    chooser, rng = make_agent(agent), np.random.default_rng(players)
    checked = 0
    while not state.is_over() and checked < 150:
        if all(p == 5 for p in state.placed):
            for seat in range(players):
                assert engine_moves(state, seat) == reference_moves(state, seat)
            checked += 1
        state.apply(chooser.choose(state, state.turn, rng))
    assert checked > 40


def test_placement_goes_round_the_seats_on_any_free_square_outside_the_lake() -> None:
    state = GAME.new_state(GAME.random_setup(4, GAME.info.resolve(3, None, {})))
    assert len(state.legal_moves(0)) == 14 * 16 - 8
    assert "g7" not in {state.move_text(m) for m in state.legal_moves(0)}
    play(state, "i6 j6 k6")
    assert state.turn == 0 and len(state.legal_moves(0)) == 14 * 16 - 8 - 3
    play(state, " ".join(["i5 j5 k5", "i4 j4 k4", "i3 j3 k3", "i2 j2 k2"]))
    assert state.placed == [5, 5, 5] and state.turn == 0  # who placed first moves first
    assert all(state.move_text(m).startswith("i") for m in state.legal_moves(0))


FIXED = {
    "game": "billabong",
    "format_version": 1,
    "seed": None,
    "options": {"players": 2, "variant": "standard"},
    "placement": [["i6", "j5", "i4", "j3", "i2"], ["j6", "i5", "j4", "i3", "j2"]],
}


def test_perft_from_a_fixed_placement_agrees_with_the_independent_generator() -> None:
    setup = parse_setup(json.loads(json.dumps(FIXED)), {"billabong": GAME}, None, "test")
    state = GAME.new_state(setup)
    assert board(state).splitlines()[8:13] == [
        " 6  .  .  .  .  .  .  .  . |R  B  .  .  .  .  .  .",
        " 5  .  .  .  .  .  .  .  . |B  R  .  .  .  .  .  .",
        " 4  .  .  .  .  .  .  .  . |R  B  .  .  .  .  .  .",
        " 3  .  .  .  .  .  .  .  . |B  R  .  .  .  .  .  .",
        " 2  .  .  .  .  .  .  .  . |R  B  .  .  .  .  .  .",
    ]
    assert [perft(state, depth) for depth in (1, 2, 3)] == [30, 1099, 42941]
    total = 0
    for move in state.legal_moves(0):
        child = state.clone()
        child.apply(move)
        total += len(reference_moves(child, 1))
    assert total == 1099
    assert json.loads(setup_json(GAME, setup))["placement"] == FIXED["placement"]


@pytest.mark.parametrize(
    ("placement", "message"),
    [
        ([["i6"] * 5], "placement: 1 item; expected 2"),
        ([["i6", "i5"], ["a1", "a2", "a3", "a4", "a5"]], "placement[0]: 2 items; expected 5"),
        (
            [["i6", "i5", "i4", "i3", "q2"], ["a1", "a2", "a3", "a4", "a5"]],
            "[4]: 'q2' is not valid: expected a square name",
        ),
        ([["i6", "i5", "i4", "i3", "h7"], ["a1", "a2", "a3", "a4", "a5"]], "h7 is in the lake"),
        ([["i6", "i5", "i4", "i3", "a1"], ["a1", "a2", "a3", "a4", "a5"]], "a1 holds two"),
    ],
)
def test_a_bad_placement_in_a_setup_file_is_refused(placement: object, message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
        parse_setup({**FIXED, "placement": placement}, {"billabong": GAME}, None, "test")


def test_the_line_is_crossed_only_below_the_lake_and_only_between_h_and_i() -> None:
    def cross(a: str, b: str) -> int:
        return crossing(GRID.parse(a), GRID.parse(b))

    assert (cross("i3", "h3"), cross("h3", "i3"), cross("i1", "h2"), cross("h6", "i5")) == (
        1,
        -1,
        1,
        -1,
    )
    assert (cross("h9", "i9"), cross("i10", "h10"), cross("i3", "i4"), cross("a1", "p1")) == (
        0,
        0,
        0,
        -1,
    )
    assert cross("p6", "b6") == 1 and cross("k2", "c10") == 1  # long jumps below / past the lake


def test_greedy_values_progress_clockwise_and_finishing_beats_everything() -> None:
    state = position(FINISHING_STEP)
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    assert values["i1-out"] == max(values.values()) > 2
    # Progress is the angle round the lake's centre: j1 is further from the line than i1.
    assert values["i1-j1"] < 0
    state = position(CROSSING_BACK)
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    assert values["j2-h4+1"] > values["j2-h2+1"] > 0 > values["j2-j4"]
    assert max(values, key=lambda m: values[m]) == "j2-h4+1"
    i2 = GRID.parse("i2")
    assert progress(i2, 1) - progress(i2, 0) == 1.0


def test_the_placement_heuristic_counts_the_steps_still_to_go() -> None:
    # i6: a step across the creek, then 12 steps round the lake (g6 f7 f8 g9 h9 i9 j9 k8 k7 j6
    # i6 h6), the last one crossing again. j6 needs one more step; h6 almost two laps.
    to_go = {name: steps_to_finish()[GRID.parse(name)] for name in ("i6", "j6", "h6", "i1")}
    assert to_go == {"i6": 13, "j6": 14, "h6": 24, "i1": 16}
    state = GAME.new_state(GAME.random_setup(0, GAME.info.resolve(2, None, {})))
    best = max(state.move_value(0, m) for m in state.legal_moves(0))
    assert {state.move_text(m) for m in state.legal_moves(0) if state.move_value(0, m) == best} == {
        "i4",
        "i5",
        "i6",
    }


def test_text_positions_round_trip_and_bad_ones_are_refused() -> None:
    state = position(CROSSING_BACK)
    again = GAME.state_from_text(default_setup("billabong"), state.to_text())
    assert again.to_text() == state.to_text()
    with pytest.raises(ValueError, match="blue has 6 kangaroos"):
        position(CROSSING_BACK.replace("finished 4 3", "finished 4 4"))
    with pytest.raises(ValueError, match="the lake is exactly g7-j8"):
        position(CROSSING_BACK.replace(" 8  .  .  .  .  .  .  ~", " 8  .  .  .  .  .  .  ."))


CROWDED = """
    14  .  .  .  .  .  .  .  R  .  .  .  .  .  .  .  .
    13  .  .  .  .  .  .  .  .  Y  R  .  .  .  B  .  .
    12  .  .  .  .  .  .  B  .  .  .  .  G  .  .  .  .
    11  .  .  .  .  .  .  .  .  .  .  .  .  .  G  .  B
    10  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  G
     9  .  .  .  .  G  .  .  .  .  .  .  .  .  .  .  .
     8  R  .  .  .  .  .  ~  ~  ~  ~  .  .  .  .  .  .
     7  .  B  .  B  .  .  ~  ~  ~  ~  .  .  Y  .  .  .
     6  .  .  .  .  .  .  .  . |.  .  .  R  .  .  .  .
     5  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     4  .  .  .  .  R  .  .  . |.  .  Y  .  .  .  .  .
     3  .  .  .  .  .  .  .  . |.  .  .  .  .  .  .  .
     2  .  G  .  .  .  .  .  . |.  Y  .  .  .  .  .  .
     1  .  .  .  .  .  .  .  . |.  .  .  Y  .  .  .  .
    finished 0 0 0 0; red to play
"""


def test_a_kangaroo_with_over_a_hundred_chain_ends_gets_each_end_once() -> None:
    # The richest position a seeded search found (benchmarks/billabong_moves.py): chains from
    # a8 go right round the lake both ways, so squares are reached with several lap changes, a
    # chain finishes the kangaroo from 0 (two clockwise laps in one turn), and the search stops
    # at -2 (one lap anticlockwise), where a chain could otherwise go round for ever.
    state = position(CROWDED)
    ends = [m.split("-", 1)[1] for m in moves_from(state, "a8")]
    changes = {"out" if e == "out" else e.lstrip("abcdefghijklmnop0123456789") for e in ends}
    assert changes == {"", "+1", "-1", "-2", "out"}
    assert len(moves_from(state, "a8")) == 167
    for seat in range(4):
        assert engine_moves(state, seat) == reference_moves(state, seat)


def test_the_cli_counts_perft_from_a_setup_file_and_prints_its_placement(tmp_path: Path) -> None:
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(FIXED))
    result = run("perft", "billabong", "--setup", str(path), "--depth", "2")
    assert result.exit_code == 0 and result.stdout.strip() == "1099"
    result = run("perft", "billabong", "--players", "3", "--depth", "2")
    assert result.stdout.strip() == str(216 * 215)  # placements: any free square but the lake
    result = run("kit", "billabong", "--setup", str(path), "--out", str(tmp_path))
    assert result.exit_code == 0
    saved = json.loads((tmp_path / "billabong-custom" / "setup.json").read_text())
    assert saved["placement"] == FIXED["placement"]
