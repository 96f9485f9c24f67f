"""Amazons rules against hand-traced positions and published move counts (../shared/RULES.md,
Amazons). Positions are text: `L` light amazon, `D` dark amazon, `x` arrow, `.` empty, ranks top
to bottom. Perft figures: RULES.md (10 x 10: 2,176 and 4,307,152); the 6 x 6 and 8 x 8 counts
were checked against OpenSpiel's `amazons(board_size=N)` (open-spiel 2.0.2), whose start squares
are the same, by counting its three-action move sequences.
"""

from __future__ import annotations

import json
from textwrap import dedent

import pytest

from pnp.errors import InputError, SetupError
from pnp.games import GAMES, get_game
from pnp.games.amazons.game import AmazonsOptions, AmazonsState
from pnp.games.base import Outcome, Setup
from pnp.games.perft import perft
from pnp.games.setupfile import parse_setup, setup_json
from tests.support.moves import play

GAME = get_game("amazons")


def start_setup(size: int) -> Setup:
    return GAME.random_setup(1, GAME.info.resolve(None, None, {"size": str(size)}))


def start(size: int) -> AmazonsState:
    state: AmazonsState = GAME.new_state(start_setup(size))
    return state


def position(text: str) -> AmazonsState:
    """A position as text; it carries the board, so any setup reads it (tests use small ones)."""
    state: AmazonsState = GAME.state_from_text(start_setup(10), dedent(text))
    return state


def targets(state: AmazonsState, source: str) -> set[str]:
    moves = state.legal_moves(state.turn)
    texts = [state.move_text(m) for m in moves]
    return {t.split("-")[1].split("/")[0] for t in texts if t.startswith(source + "-")}


@pytest.mark.parametrize(
    ("size", "counts"),
    [(10, [2176, 4307152]), (8, [1232, 1331198]), (6, [544, 238532])],
)
def test_perft_from_the_start(size: int, counts: list[int]) -> None:
    state = start(size)
    assert [perft(state, depth) for depth in (1, 2)] == counts
    assert len(state.legal_moves(0)) == counts[0]


def test_the_start_squares_of_each_size() -> None:
    assert start(10).to_text().splitlines()[1:] == [
        "10|  . . . D . . D . . .",
        " 9|  . . . . . . . . . .",
        " 8|  . . . . . . . . . .",
        " 7|  D . . . . . . . . D",
        " 6|  . . . . . . . . . .",
        " 5|  . . . . . . . . . .",
        " 4|  L . . . . . . . . L",
        " 3|  . . . . . . . . . .",
        " 2|  . . . . . . . . . .",
        " 1|  . . . L . . L . . .",
        "light to play",
    ]
    assert start(6).to_text() == dedent("""\
             a b c d e f
         6|  . D . . D .
         5|  D . . . . D
         4|  . . . . . .
         3|  . . . . . .
         2|  L . . . . L
         1|  . L . . L .
        light to play""")


BLOCKED = """
         a b c d e f
     6|  . . . . . .
     5|  . . x . . .
     4|  . . . . . .
     3|  L . . D . .
     2|  . x . . . .
     1|  . . . . . .
    light to play
"""


def test_slides_stop_before_arrows_amazons_and_the_edge() -> None:
    state = position(BLOCKED)
    # north to the edge; north-east stopped by the arrow on c5; east by the amazon on d3;
    # south-east by the arrow on b2; south to the edge
    assert targets(state, "a3") == {"a4", "a5", "a6", "b4", "b3", "c3", "a2", "a1"}


def test_the_square_left_is_free_for_the_arrow() -> None:
    state = position(BLOCKED)
    moves = {state.move_text(m) for m in state.legal_moves(0)}
    assert "a3-a4/a3" in moves  # back at the square it left
    assert "a3-a4/a1" in moves  # and through it
    assert "a3-a4/a4" not in moves  # never at its own square
    play(state, "a3-a4/a2")
    assert state.to_text().splitlines()[3:7] == [
        " 4|  L . . . . .",
        " 3|  . . . D . .",
        " 2|  x x . . . .",
        " 1|  . . . . . .",
    ]
    assert state.turn == 1


@pytest.mark.parametrize(
    ("text", "line", "ranks"),
    [
        pytest.param(
            """
             6|  . . . . x D
             5|  . . . . x .
             4|  . . . . . .
             3|  . . . . . .
             2|  x x . . . .
             1|  L x . . . .
            light to play
            """,
            "",
            (2, 1),
            id="light, walled in, loses",
        ),
        # dark's one way out is f5, which light's arrow takes
        pytest.param(
            """
             6|  . . . . x D
             5|  . . . . x .
             4|  . . . . . .
             3|  . . . . . .
             2|  . . . . . .
             1|  L . . . . .
            light to play
            """,
            "a1-f1/f5",
            (1, 2),
            id="a move that walls in the last amazon wins",
        ),
    ],
)
def test_the_player_to_move_with_no_move_loses(
    text: str, line: str, ranks: tuple[int, int]
) -> None:
    state = position(text)
    assert state.is_over() != bool(line)  # over as it stands, or only after the line
    play(state, line)
    assert state.is_over() and state.to_act() == ()
    assert state.result().ranks == ranks and state.result().scores is None


def test_greedy_values_mobility_own_squares_minus_the_opponents() -> None:
    state = position("""
         4|  . . x D
         3|  . . x x
         2|  . . . .
         1|  L . . .
        light to play
    """)
    # dark is walled in (0); light reaches a2 a3 a4, b2, b1 c1 d1 (7)
    assert state.evaluate(0) == 7 and state.evaluate(1) == -7
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    assert values["a1-a2/a1"] == 7  # from a2: a3 a4, b3, b2 c2 d2, b1
    assert values["a1-d1/a1"] == 6  # from d1: d2, c2 b3 a4, c1 b1
    assert values["a1-a2/a3"] == 6  # the arrow on a3 blocks a3 and a4; a1 is free again
    assert state.move_value(1, state.parse_move("a1-a2/a1")) == -7


def test_the_turn_cap_leaves_games_undecided() -> None:
    from simulate.agents.base import make_agent
    from simulate.run.runner import play_games

    setup = GAME.random_setup(1, GAME.info.resolve(None, None, {"size": "6"}))
    (played,) = play_games(GAME, [setup], [[make_agent("random")] * 2], [5], 10)
    assert played.result.outcome == Outcome.UNDECIDED and played.turns == 10


def test_bad_sizes_and_setup_data_are_refused() -> None:
    with pytest.raises(InputError) as caught:
        GAME.info.resolve(None, None, {"size": "7"})
    error = caught.value
    assert (error.field, error.value, error.accepted) == ("size", "7", "6, 8 or 10")
    assert str(error) == "size 7 is not valid: expected 6, 8 or 10"  # no flag: the CLI words it
    document = json.loads(setup_json(GAME, GAME.random_setup(1, GAME.info.resolve(None, None, {}))))
    with pytest.raises(SetupError, match="unknown key 'board'"):
        parse_setup({**document, "board": []}, {"amazons": GAME}, "amazons", "setup.json")


def test_options_are_typed_and_round_trip_through_setup_json() -> None:
    setup = GAME.random_setup(1, GAME.info.resolve(None, None, {"size": "8"}))
    assert AmazonsOptions.of(setup.options).size == 8
    text = setup_json(GAME, setup)
    assert '"options": {\n    "players": 2,\n    "variant": "standard",\n    "size": 8\n  }' in text
    assert parse_setup(json.loads(text), GAMES, "amazons", "here") == setup
