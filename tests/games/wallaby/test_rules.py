"""Wallaby rules against hand-traced positions (../shared/RULES.md, Wallaby).

Positions are written as text (pnp/games/wallaby/text.py): a digit is a tile with that many
plants, `.` a spot with no tile, R B G Y the wallabies of seats 1-4 and S the scarecrow; ranks
top to bottom, files a.. left to right; the last line lists the harvests and who plays. Moves
are written as `move_text` writes them: `N2/E3/harvest/scarecrow:d4/put:1` (pnp/games/
wallaby_moves.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import numpy as np
import pytest

from pnp.errors import InputError, SetupError
from pnp.games import get_game
from pnp.games.base import Outcome
from pnp.games.perft import perft
from pnp.games.setupfile import parse_setup, setup_json
from pnp.games.wallaby.game import WallabyOptions, WallabySetup
from pnp.games.wallaby.moves import PASS
from pnp.games.wallaby.rules import WallabyState
from simulate.agents.base import GreedyAgent, RandomAgent
from tests.games.wallaby import reference
from tests.support.cli import run
from tests.support.moves import play

GAME = get_game("wallaby")


def position(text: str, variant: str = "standard") -> WallabyState:
    """A position as text (small boards no setup has) in the variant of a setup."""
    setup = GAME.random_setup(0, GAME.info.resolve(None, variant, {}))
    state: WallabyState = GAME.state_from_text(setup, dedent(text))
    return state


def board(state: WallabyState) -> str:
    """The position as text without the file letters."""
    return "\n".join(state.to_text().splitlines()[1:])


def moves(state: WallabyState) -> list[str]:
    (seat,) = state.to_act()
    return [state.move_text(m) for m in state.legal_moves(seat)]


def plain(state: WallabyState) -> set[str]:
    """The moves that do not move the scarecrow."""
    return {m for m in moves(state) if "scarecrow" not in m}


# Red stands on a 2 at a3 beside missing tiles at b3, c3, b5, c5 and c2; red holds a 3.
ACROSS_GAPS = """
    a  b  c  d  e  f
 6  1  2  3  1  2  3S
 5  2  .  .  1  2  1
 4  1  1  2  3  2  2
 3  2R .  .  2  1  3
 2  2  3  .  1  2  1
 1  1  2  3  1  2B 3
harvest red=3 blue=1; red to play
"""


def test_jump_and_bounce_across_missing_tiles() -> None:
    state = position(ACROSS_GAPS)
    assert plain(state) == {
        # N2 lands on the 2 at a5: the bounce is 2 long; only east stays inside and leaves a3,
        # and it ends on c5 where no tile is: the ground check puts a harvested tile there.
        "N2/E2/put:3",
        "N2/E2/harvest/put:2",
        "N2/E2/harvest/put:3",
        # E2 flies over b3 to c3, a spot with no tile: the bounce is 1, 2 or 3 by choice.
        "E2/N1", "E2/N2/put:3", "E2/N3",
        "E2/E1", "E2/E2", "E2/E3",
        "E2/S1/put:3", "E2/S2",
        "E2/W1/put:3",  # W2 would be a3 again, W3 is off the board
        # S2 lands on the 1 at a1: bounce 1 north or east, harvest optional.
        "S2/N1", "S2/N1/harvest", "S2/E1", "S2/E1/harvest",
    }  # fmt: skip
    # A one-plant harvest at a1 may also move the scarecrow to any of the 31 - 2 other tiles.
    assert len(moves(state)) == 16 + 2 * 29
    assert len(set(moves(state))) == len(moves(state)), "every move has its own text"


def test_a_bounce_back_to_the_start_square_is_not_a_move() -> None:
    state = position(ACROSS_GAPS)
    assert not any(m.startswith(("N2/S2", "E2/W2")) for m in moves(state))
    # From the tile-less c3 the free bounce may be 1 or 3 west, never the 2 that returns.
    assert {m for m in plain(state) if m.startswith("E2/W")} == {"E2/W1/put:3"}


def test_the_scarecrow_and_rival_wallabies_block_the_harvest_not_the_landing() -> None:
    state = position("""
         6  1  2  3  1  2  3
         5  2  1  3  1  2  1
         4  1  1  2  3  2  2
         3  2  3S 1  2R 1B 3
         2  2  3  1  1  2  1
         1  1  2  3  1  2  3
        harvest red=3 blue=1; red to play
    """)
    # Red on the 2 at d3: W2 lands on b3 under the scarecrow: landing is allowed, harvesting
    # it is not. E2 lands on the free 3 at f3, which may be taken.
    west = {m for m in moves(state) if m.startswith("W2/")}
    assert west == {"W2/N3", "W2/E3"}
    east = {m for m in moves(state) if m.startswith("E2/")}
    assert "E2/W3/harvest" in east  # f3 is free: a 3 may be taken
    state = position("""
         4  1  1  1  1
         3  2R 1  1B 1
         2  1  1  1  1
         1  1  1  1  1S
        harvest red=- blue=-; red to play
    """)
    # E2 lands on blue's c3: red bounces on from it but may not take it.
    assert {m for m in moves(state) if m.startswith("E2/")} == {"E2/N1", "E2/E1", "E2/S1", "E2/W1"}


def test_a_one_plant_harvest_lets_the_player_move_the_scarecrow() -> None:
    state = position(ACROSS_GAPS)
    play(state, "S2/E1/harvest/scarecrow:d4")
    assert board(state) == dedent("""\
         6 1  2  3  1  2  3
         5 2  .  .  1  2  1
         4 1  1  2  3S 2  2
         3 2  .  .  2  1  3
         2 2  3  .  1  2  1
         1 .  2R 3  1  2B 3
        harvest red=13 blue=1; blue to play""")
    # The children's variant has no scarecrow: a one-plant harvest is just a harvest.
    children = position(ACROSS_GAPS.replace("3S", "3 "), "children")
    assert len(moves(children)) == 16 and "S2/E1/harvest" in moves(children)


def test_the_ground_check_spends_a_harvested_tile_of_the_players_choice() -> None:
    state = position(ACROSS_GAPS)
    play(state, "N2/E2/harvest/put:3")
    assert board(state) == dedent("""\
         6 1  2  3  1  2  3S
         5 .  .  3R 1  2  1
         4 1  1  2  3  2  2
         3 2  .  .  2  1  3
         2 2  3  .  1  2  1
         1 1  2  3  1  2B 3
        harvest red=2 blue=1; blue to play""")
    assert state.scores() == (2.0, 1.0)


NO_TILES = """
    a  b  c  d  e  f
 6  1  2  3  1  2  3
 5  2  1  3  1  2  1
 4  .  2  2  3  2  2
 3  .  3  1  2  1S 3
 2  .  1  2  1  2  1
 1  1R .  .  2  2B 3
harvest red=- blue=1; red to play
"""


def test_a_player_with_no_tile_for_the_ground_check_leaves_and_two_player_games_end() -> None:
    state = position(NO_TILES)
    # From a1 (a 1) red reaches a2 or b1, both without tiles, and bounces freely from there.
    assert set(moves(state)) == {
        "N1/N1/out", "N1/N2/out", "N1/N3", "N1/E1", "N1/E2", "N1/E3",
        "E1/N1", "E1/N2", "E1/N3", "E1/E1/out", "E1/E2", "E1/E3",
    }  # fmt: skip
    play(state, "E1/E1/out")
    assert state.is_over() and state.to_act() == ()
    result = state.result()
    assert result.ranks == (2, 1) and result.outcome is Outcome.FINISHED
    assert result.facts["ended_by_elimination"] is True


def test_with_three_players_the_others_play_on_and_the_last_one_left_wins() -> None:
    state = position("""
         6  1G .  3  1  2  3
         5  .  1  3  1  2  1
         4  .  2  2  3  2  2
         3  .  3  1  2  1S 3
         2  .  1  2  1  2  1
         1  1R .  .  2  2B 3
        harvest red=- blue=1 green=-; red to play
    """)
    play(state, "N1/N1/out")
    assert not state.is_over() and state.to_act() == (1,)
    assert "R" not in board(state) and "red=out" in board(state)
    play(state, "N2/N1")  # blue: e1 to e3 (the scarecrow's: no harvest) and on to e4
    play(state, "S1/S1/out")  # green: a6 to a5 and a4, no tile anywhere
    assert state.is_over() and state.result().ranks == (3, 1, 2)
    assert state.result().facts["eliminations"] == 2


def test_reaching_the_goal_at_the_end_of_a_turn_wins() -> None:
    state = position(ACROSS_GAPS.replace("red=3 ", "red=33333333 "))  # 24 plants
    play(state, "S2/N1/harvest")
    assert state.is_over() and state.scores() == (25.0, 1.0)
    assert state.result().ranks == (1, 2)
    assert board(state).endswith("; red wins") and position(state.to_text()).is_over()


def test_in_the_valley_a_jump_may_land_outside_but_the_bounce_comes_back() -> None:
    valley = """
         5  1  2  3  1  2  3  1
         4  2  1  3  1  2  1  2
         3  1  2  2  3  2  2  3
         2  3  3  1  2  1S 3  1
         1  2R 1  2  1  2  2B 3
        harvest red=- blue=1; red to play
    """
    state = position(valley, "valley")
    # Red on a 2 at a1: W2 lands two columns outside; only a 3 east comes back (to b1), as
    # 2 east is a1 itself. S2 lands two rows below: 3 north reaches a2.
    assert {m for m in moves(state) if m[:2] in ("W2", "S2")} == {"W2/E3", "S2/N3"}
    assert {m[:2] for m in moves(position(valley))} == {"N2", "E2"}  # standard: inside only
    play(state, "W2/E3")
    assert "1R" in board(state).splitlines()[4]


def test_a_player_with_no_jump_and_bounce_passes_and_all_passing_is_endless() -> None:
    state = position("""
         3  1  1  1
         2  1  3R 1
         1  1B 1  1
        harvest red=- blue=-; red to play
    """)
    assert state.legal_moves(0) == [PASS] and moves(state) == ["pass"]
    play(state, "pass")
    assert state.to_act() == (1,) and "N1/E1" in moves(state)
    state = position("""
         3  1  1  1
         2  1  3RB 1
         1  1  1  1
        harvest red=- blue=-; blue to play
    """)
    play(state, "pass pass")
    assert state.is_over() and state.result().outcome is Outcome.ENDLESS
    assert board(state).endswith("; endless") and position(state.to_text()).is_over()


def test_greedy_takes_the_most_plants_and_never_an_avoidable_elimination() -> None:
    state = position(NO_TILES)
    agent, rng = GreedyAgent(), np.random.default_rng(0)
    chosen = {state.move_text(agent.choose(state, 0, rng)) for _ in range(30)}
    assert not any(m.endswith("out") for m in chosen)
    state = position(ACROSS_GAPS)
    values = {state.move_text(m): state.move_value(0, m) for m in state.legal_moves(0)}
    assert values["N2/E2/harvest/put:2"] == 0.0 and values["S2/N1/harvest"] == 1.0
    assert values["N2/E2/put:3"] == -3.0
    best = max(values.values())
    assert all(m.startswith("S2/") and "/harvest" in m for m, v in values.items() if v == best)


# -- setup and perft ---------------------------------------------------------------------------

SEED_7 = ["131123", "132222", "133322", "333111", "212223", "131321"]  # 2 players, seed 7


def seed_7() -> WallabyState:
    setup = GAME.random_setup(7, GAME.info.resolve(2, None, {}))
    assert setup.data == WallabySetup(tuple(SEED_7), "1111122223333")
    return GAME.new_state(setup)


def test_the_setup_places_on_free_perimeter_tiles_harvests_a_free_1_then_the_scarecrow() -> None:
    state = seed_7()
    assert len(moves(state)) == 20  # the perimeter of 6 x 6
    play(state, "place:a1")
    assert "place:a1" not in moves(state) and "place:b2" not in moves(state)
    play(state, "place:f6")
    # Blue harvests any free 1 on the board: twelve 1s, less the one under red at a1.
    assert len(moves(state)) == 11 and "harvest:a1" not in moves(state)
    play(state, "harvest:d3")
    assert state.to_act() == (1,) and len(moves(state)) == 35  # any tile left
    play(state, "scarecrow:c4")
    assert board(state) == dedent("""\
         6 1  3  1  1  2  3B
         5 1  3  2  2  2  2
         4 1  3  3S 3  2  2
         3 3  3  3  .  1  1
         2 2  1  2  2  2  3
         1 1R 3  1  3  2  1
        harvest red=- blue=1; red to play""")
    # Red's first turn: N1 to the 2 at a2, then 2 north or east; E1 to the 3 at b1, then 3.
    assert sorted(moves(state)) == [
        "E1/E3", "E1/E3/harvest", "E1/N3", "E1/N3/harvest",
        "N1/E2", "N1/E2/harvest", "N1/N2", "N1/N2/harvest",
    ]  # fmt: skip
    assert [perft(state, d) for d in (1, 2)] == [8, 1656]


def test_setup_steps_are_written_as_the_step_to_make_and_read_back() -> None:
    state, statuses = seed_7(), []
    setup = GAME.random_setup(7, GAME.info.resolve(2, None, {}))
    for step in ("place:a1", "place:f6", "harvest:d3", "scarecrow:c4", "N1/N2"):
        statuses.append(state.to_text().splitlines()[-1].split("; ")[1])
        again = GAME.state_from_text(setup, state.to_text())
        assert again.to_act() == state.to_act() and moves(again) == moves(state)
        play(state, step)
    assert statuses == [
        "red to place", "blue to place", "blue to harvest", "blue to place the scarecrow",
        "red to play",
    ]  # fmt: skip


def test_perft_of_the_setup_phase_matches_the_count_by_hand() -> None:
    state = seed_7()
    perimeter_ones = 9  # a1 a4 a5 a6 c1 c6 d6 f1 f3
    placements = 20 * 19
    harvests = placements * 12 - 2 * 19 * perimeter_ones  # a wallaby on a 1 keeps it
    assert [perft(state, d) for d in (1, 2, 3, 4)] == [20, placements, harvests, harvests * 35]
    assert harvests == 4218


def test_three_and_four_players_harvest_a_2_and_a_3_and_the_last_seat_places_the_scarecrow() -> (
    None
):
    setup = GAME.random_setup(3, GAME.info.resolve(4, None, {}))
    state = GAME.new_state(setup)
    kinds = []
    while state.setting_up():
        (seat,) = state.to_act()
        move = state.legal_moves(seat)[0]
        kinds.append((seat, state.move_text(move).split(":")[0]))
        state.apply(move)
    assert kinds == [
        (0, "place"), (1, "place"), (1, "harvest"), (2, "place"), (2, "harvest"),
        (3, "place"), (3, "harvest"), (3, "scarecrow"),
    ]  # fmt: skip
    assert state.scores() == (0.0, 1.0, 2.0, 3.0) and state.to_act() == (0,)


@pytest.mark.parametrize(
    ("players", "variant", "given", "shape", "counts"),
    [
        (2, "standard", {}, (6, 6), (12, 12, 12)),
        (3, "standard", {}, (7, 7), (17, 16, 16)),
        (4, "children", {}, (7, 7), (17, 16, 16)),
        (2, "children", {}, (6, 6), (12, 12, 12)),
        (2, "children", {"full-board": "yes"}, (7, 7), (17, 16, 16)),
        (2, "valley", {}, (5, 7), None),
        (4, "valley", {}, (6, 8), None),
    ],
)
def test_boards_hold_the_rules_tiles(
    players: int,
    variant: str,
    given: dict[str, str],
    shape: tuple[int, int],
    counts: tuple[int, int, int] | None,
) -> None:
    for seed in range(5):
        setup = GAME.random_setup(seed, GAME.info.resolve(players, variant, given))
        rows = WallabySetup.of(setup.data).board
        assert (len(rows), len(rows[0])) == shape
        digits = "".join(rows)
        found = tuple(digits.count(d) for d in "123")
        if counts is not None:
            assert found == counts
        else:  # the Valley sets one random tile more aside
            base = (12, 12, 12) if players == 2 else (17, 16, 16)
            assert sum(base) - sum(found) == 1
            assert all(f <= b for f, b in zip(found, base, strict=True))
        assert len(digits) + len(WallabySetup.of(setup.data).set_aside) == 49
    state = GAME.new_state(setup)
    assert (state.field.scarecrow, state.field.valley) == (
        variant != "children",
        variant == "valley",
    )


def test_the_full_board_is_only_for_the_childrens_variant_with_two_players() -> None:
    with pytest.raises(InputError) as caught:
        GAME.info.resolve(3, "children", {"full-board": "yes"})
    assert (caught.value.field, caught.value.value) == ("full-board", "yes")
    assert str(caught.value) == (
        "full-board yes applies only to variant children with players 2 "
        "(3-4 players always use all 49 tiles)"
    )
    assert caught.value.worded(lambda name: f"--{name}").startswith(
        "--full-board yes applies only to --variant children with --players 2"
    )
    with pytest.raises(InputError) as caught:
        WallabyOptions(2, "valley", full_board=True)  # the rule lives in the options record
    with pytest.raises(InputError, match=r"^full-board maybe is not valid: expected no or yes"):
        GAME.info.resolve(2, "children", {"full-board": "maybe"})
    full = WallabyOptions.of(GAME.info.resolve(2, "children", {"full-board": "yes"}))
    assert full.full_board is True and full.to_json()["full-board"] == "yes"


def test_setup_files_are_checked_with_one_line_errors() -> None:
    options = GAME.info.resolve(2, None, {})
    good = GAME.random_setup(7, options)

    def check(**data: object) -> None:
        document = {**json.loads(setup_json(GAME, good)), **data}
        parse_setup(document, {"wallaby": GAME}, "wallaby", "setup.json")

    check()
    with pytest.raises(SetupError, match=r"board\[1\]: '13222' is not valid: expected 6 digits"):
        check(board=[SEED_7[0], "13222", *SEED_7[2:]])
    with pytest.raises(SetupError, match="board: 5 items; expected 6"):
        check(board=SEED_7[:5])
    with pytest.raises(SetupError, match="hold 16 of 1, 17 of 2, 16 of 3; Wallaby has 17 ones"):
        check(board=["231123", *SEED_7[1:]])
    with pytest.raises(SetupError, match="holds at least 1111122223333"):
        check(board=["131113", *SEED_7[1:]], set_aside="1111222223333")


def test_the_lazy_move_list_indexes_as_it_iterates() -> None:
    state = position(ACROSS_GAPS)
    turns = state.legal_moves(0)
    listed = list(turns)
    assert len(listed) == len(turns) == 74
    assert [turns[k] for k in range(len(turns))] == listed
    assert turns[-1] == listed[-1] and list(turns[2:5]) == listed[2:5]
    with pytest.raises(IndexError):
        turns[74]


def test_a_wallaby_simulation_reports_eliminations_and_play_turns(tmp_path: Path) -> None:
    args = ["simulate", "wallaby", "--players", "3", "--games", "12", "--seed", "4"]
    result = run(*args, "--workers", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "wallaby-sim-4" / "summary.json").read_text())
    assert set(summary["facts"]) == {"eliminations", "ended_by_elimination", "play_turns", "passes"}
    assert "rate" in summary["facts"]["ended_by_elimination"]
    assert all("vs_fair" in seat and "fair_in_ci95" in seat for seat in summary["seats"])
    header = (tmp_path / "wallaby-sim-4" / "games.csv").read_text().splitlines()[0]
    assert header.endswith(
        "outcome,lead_changes,eliminations,ended_by_elimination,passes,play_turns"
    )


@pytest.mark.parametrize("variant", ["standard", "valley", "children"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_and_their_effects_match_an_independent_generator(players: int, variant: str) -> None:
    options = GAME.info.resolve(players, variant, {})
    for seed, agent in ((1, GreedyAgent()), (2, RandomAgent())):
        state = GAME.new_state(GAME.random_setup(seed, options))
        rng = np.random.default_rng(seed)
        checked = 0
        while not state.is_over() and checked < 150:
            (seat,) = state.to_act()
            moves = state.legal_moves(seat)
            if state.setting_up():
                state.apply(agent.choose(state, seat, rng))
                continue
            expected = reference.turns(state)
            if not expected:
                assert list(moves) == [PASS]
            else:
                assert len(moves) == len(set(moves)) == len(expected)
                assert set(moves) == set(expected)
            move = agent.choose(state, seat, rng)
            state.apply(move)
            if expected:
                assert reference.snapshot(state, seat) == expected[move], state.move_text(move)
            checked += 1
