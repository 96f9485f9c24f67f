"""Platypus rules against hand-traced games (../shared/RULES.md, Platypus).

Tables are written short: the 7 columns in the fixed order (kangaroo-yellow, kangaroo-green,
emu-yellow, emu-green, wombat-yellow, wombat-green, platypus-yellow), each as the COLOUR (y/g),
the ANIMAL (K/E/W/P) and the TREE as a direction: `<` the Wattle (lower cell numbers, left), `>`
the Ghost Gum. Positions are written as `PlatypusState.to_text` writes them: the cells from 1 (at
the Wattle) to 21, y or g; each token's row with its animal letter under its cell.
"""

from __future__ import annotations

from textwrap import dedent
from typing import Any

import pytest

from pnp.errors import SetupError
from pnp.games import get_game
from pnp.games.base import Outcome, Setup
from pnp.games.platypus.engine import play_games
from pnp.games.platypus.game import PlatypusState
from pnp.games.platypus.tables import (
    COLUMN_NAMES,
    Table,
    parse_short_table,
    parse_table,
    short_table,
    table_json,
)
from pnp.games.setupfile import parse_setup
from tests.support.moves import play

GAME: Any = get_game("platypus")

# Traced by hand below (turn by turn, in the test of the first 10 turns).
RED = parse_short_table("gE< yK> gW> yP< yE< yP> gK<")
BLUE = parse_short_table("gW> gE< yK< yP> gK> yW< gP<")


def start(red: Table, blue: Table, first: str = "red") -> PlatypusState:
    return GAME.new_state(setup_of(red, blue, first))


def setup_of(red: Table, blue: Table, first: str = "red", deal: str = "uniform") -> Setup:
    return read({"first": first, "tables": {"red": table_json(red), "blue": table_json(blue)}},
                deal)  # fmt: skip


def read(data: dict[str, Any], deal: str = "uniform") -> Setup:
    """The setup of a setup.json with these data keys, read and checked as `pnp kit` reads it."""
    options = {"players": 2, "variant": "standard", "deal": deal}
    document = {"game": "platypus", "format_version": 1, "seed": None, "options": options, **data}
    return parse_setup(document, {"platypus": GAME}, "platypus", "setup.json")


def position(text: str, red: Table, blue: Table, first: str = "red") -> PlatypusState:
    state: PlatypusState = GAME.state_from_text(setup_of(red, blue, first), dedent(text))
    return state


def run_out(state: PlatypusState) -> list[str]:
    moves = []
    while not state.is_over():
        (move,) = state.legal_moves(state.turn)
        moves.append(state.move_text(move))
        state.apply(move)
    return moves


def test_the_first_ten_turns_of_a_fixed_deal() -> None:
    state = start(RED, BLUE)
    assert state.to_text() == dedent("""\
        cells yyyyyyyyyyyyyyyyyyyyy
        red   ..........K..........
        blue  ..........K..........
        red 0, blue 0; red to play; turn 0""")
    play(
        state,
        # 1 red: kangaroo on yellow 11 -> green (+1), emu, to the Wattle: 10
        # 2 blue: kangaroo on 11, now green (red's change): green, no point, emu, to 10
        "kangaroo-yellow:11-10 kangaroo-green:11-10 "
        # 3 red: emu on yellow 10 -> green (+1), wombat, to 11
        # 4 blue: emu on 10, now green -> yellow (+1), platypus, to 11
        "emu-yellow:10-11 emu-green:10-11 "
        # 5 red: wombat on green 11 -> yellow (+1), platypus, to 12
        # 6 blue: platypus on 11, now yellow: no end; -> green (+1), platypus, to 10
        "wombat-green:11-12 platypus-yellow:11-10 "
        # 7 red: platypus on yellow 12 -> green (+1), kangaroo, to 11
        # 8 blue: platypus on yellow 10 -> green (+1), platypus, to 9
        "platypus-yellow:12-11 platypus-yellow:10-9 "
        # 9 red: kangaroo on green 11 -> yellow (+1), kangaroo, to 12
        # 10 blue: platypus on yellow 9 -> green (+1), platypus, to 8
        "kangaroo-green:11-12 platypus-yellow:9-8",
    )
    assert state.to_text() == dedent("""\
        cells yyyyyyyyggygyyyyyyyyy
        red   ...........K.........
        blue  .......P.............
        red 5, blue 4; red to play; turn 10""")
    assert state.scores() == (5.0, 4.0) and not state.is_over()


def test_both_tokens_on_one_cell_see_each_others_colour_changes() -> None:
    red = parse_short_table("gE< yK> gW> yP< yE< yP> gK<")
    blue = parse_short_table("yK< gE> yK< yP> gK> yW< gP<")
    state = start(red, blue)
    play(state, "kangaroo-yellow:11-10")  # red turns the shared cell 11 green
    assert [state.move_text(m) for m in state.legal_moves(1)] == ["kangaroo-green:11-12"]
    play(state, "kangaroo-green:11-12")  # blue reads the green column, paints it green again
    assert state.to_text().splitlines()[0] == "cells yyyyyyyyyyg" + "y" * 10
    assert state.scores() == (1.0, 0.0)


WRAP = """
    cells gyyyyyyyyyyyyyyyyyyyy
    red   K....................
    blue  ....................E
    red 0, blue 0; red to play
"""


def test_moving_past_either_end_wraps_to_the_other_end() -> None:
    red = parse_short_table("yK< gK< yE< yE< yW< yW< yP<")
    blue = parse_short_table("yE> yE> yE> yE> yW> yW> yP>")
    state = position(WRAP, red, blue)
    play(state, "kangaroo-green:1-21 emu-yellow:21-1")  # past the Wattle, past the Ghost Gum
    assert state.to_text() == dedent("""\
        cells gyyyyyyyyyyyyyyyyyyyy
        red   ....................K
        blue  E....................
        red 0, blue 0; red to play; turn 2""")


def test_a_deal_that_ends_when_a_platypus_stands_on_green() -> None:
    red = parse_short_table("gP> yK> yK> yK> yK> yK> gP<")
    blue = parse_short_table("yK> gK< yK> yK> yK> yK> yK>")
    state = start(red, blue)
    # red paints 11 green and becomes a platypus on 12; blue's kangaroo reads green 11 and goes
    # to 10; red's platypus on yellow 12 paints it green, stays a platypus, back to 11; blue goes
    # back to 11; red's platypus is now on green 11: the game ends before red's 3rd move.
    assert run_out(state) == [
        "kangaroo-yellow:11-12",
        "kangaroo-green:11-10",
        "platypus-yellow:12-11",
        "kangaroo-yellow:10-11",
    ]
    assert state.is_over() and state.to_act() == ()
    result = state.result()
    assert result.outcome == Outcome.FINISHED
    assert result.scores == (2.0, 0.0) and result.ranks == (1, 2)


def test_a_deal_that_cycles_is_endless_at_its_first_repeated_state() -> None:
    # Red paints the Billabong green and becomes an emu walking to the Ghost Gum on yellow
    # cells; blue's kangaroo repaints the Billabong yellow and walks to the Wattle. From turn 2
    # (red emu on 12, blue kangaroo on 10, all yellow, red to move) nothing changes colour: each
    # token laps the ring of 21 cells, so that state returns after 42 more turns.
    red = parse_short_table("gE> yK> yE> gE> yW> yW> yP>")
    blue = parse_short_table("yK< yK< yE> yE> yW> yW> yP>")
    state = start(red, blue)
    moves = run_out(state)
    assert moves[:3] == ["kangaroo-yellow:11-12", "kangaroo-green:11-10", "emu-yellow:12-13"]
    assert len(moves) == 44 and state.turns == 44
    assert state.to_text() == dedent("""\
        cells yyyyyyyyyyyyyyyyyyyyy
        red   ...........E.........
        blue  .........K...........
        red 1, blue 1; game over; turn 44""")
    result = state.result()
    assert result.outcome == Outcome.ENDLESS and result.scores == (1.0, 1.0)
    again = position(state.to_text(), red, blue)  # a text that says so ends the game there
    assert again.is_over() and again.result() == result and again.turns == 44
    ended = play_games(state.table_bytes()[None], 1000)
    assert (ended.mu[0], ended.lam[0], ended.turns[0]) == (2, 42, 44)


def test_the_second_player_starts_when_the_setup_says_so() -> None:
    state = start(RED, BLUE, first="blue")
    assert state.names == ("blue", "red")
    play(state, "kangaroo-yellow:11-12")  # blue's kangaroo-yellow column: green wombat, >
    assert state.to_text().splitlines()[1:] == [
        "red   ..........K..........",
        "blue  ...........W.........",
        "red 0, blue 1; red to play; turn 1",
    ]


def test_a_hand_written_setup_loads_and_bad_ones_are_refused() -> None:
    setup = setup_of(RED, BLUE, first="blue")
    assert GAME.player_names(setup) == ("blue", "red")
    assert GAME.player_names(GAME.rotated(setup, 1)) == ("red", "blue")
    assert list(setup.data.tables["red"]) == list(COLUMN_NAMES)
    assert setup.data.tables["red"]["kangaroo-yellow"] == "green emu wattle"
    checked = read({"tables": {"red": table_json(RED), "blue": table_json(BLUE)}})
    assert checked.data.first == "red"  # the default
    assert short_table(GAME.tables(checked)[1]) == short_table(BLUE)
    loose = {"Kangaroo_Yellow": "GREEN Emu ghost-gum", **table_json(RED)}
    del loose["kangaroo-yellow"]
    assert table_json(parse_table(loose, "red"))["kangaroo-yellow"] == "green emu ghost gum"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"first": "green"}, "first: 'green' is not valid: expected 'red' or 'blue'"),
        ({"tables": {"red": {}}}, "tables: missing key 'blue'"),
        ({"extra": 1}, "unknown key 'extra'"),
        ({"red": {"emu-yellow": "purple emu wattle"}},
         "tables.red.emu-yellow: 'purple emu wattle' is not valid: expected COLOUR ANIMAL TREE"),
        ({"red": {"emu-yellow": "green dingo wattle"}}, "tables.red.emu-yellow: 'green dingo"),
        ({"red": {"emu-yellow": "green emu oak"}}, "'green emu oak' is not valid"),
        ({"red": {"emu-yellow": "green emu"}}, "expected COLOUR ANIMAL TREE"),
        ({"red": {"platypus-green": "green emu wattle"}}, "unknown key 'platypus-green'"),
        ({"drop": "wombat-green"}, "tables.red: missing key 'wombat-green'"),
    ],
)  # fmt: skip
def test_setup_errors_name_the_problem(change: dict[str, Any], message: str) -> None:
    red = table_json(RED)
    red.update(change.get("red", {}))
    if "drop" in change:
        del red[change["drop"]]
    data: dict[str, Any] = {"first": "red", "tables": {"red": red, "blue": table_json(BLUE)}}
    data.update({k: v for k, v in change.items() if k not in ("red", "drop")})
    with pytest.raises(SetupError, match=message):
        read(data)


def test_the_pack_deal_draws_from_the_packs_and_checks_them() -> None:
    options = GAME.info.resolve(None, None, {"deal": "pack"})
    for seed in range(20):
        tables = GAME.tables(GAME.random_setup(seed, options))
        animals = [c.animal for t in tables for c in t]
        assert all(animals.count(a) <= 4 for a in range(4))
        assert sum(c.colour for t in tables for c in t) in range(6, 9)
    too_many = parse_short_table("yE< gE> yE< gE> yE< gK> yK<")
    with pytest.raises(SetupError, match="6 emu cards but the Animal pack"):
        setup_of(too_many, BLUE, deal="pack")


def test_the_batch_engine_plays_every_game_as_the_state_does() -> None:
    options = GAME.info.resolve(None, None, {})
    setups = [GAME.random_setup(seed, options) for seed in range(300)]
    batch = GAME.play_random_batch([(s, 0) for s in setups], 3000)
    for setup, (result, turns) in zip(setups, batch, strict=True):
        if result.outcome == Outcome.UNDECIDED:
            continue
        state = GAME.new_state(setup)
        run_out(state)
        assert state.turns == turns
        assert state.result() == result, setup.seed
