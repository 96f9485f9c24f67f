"""Each game's invariants (State.check_invariants) catch corruption.

A real position of every game (its cases' mid_game) is corrupted in one field (a tile vanishes,
a score grows, two pieces share a square...) and check_invariants must name the invariant that
broke, so no game's invariants can silently be a no-op. Long games, where invariants must hold
for thousands of turns, are the games' own: tests/games/platypus/test_long_games.py and
tests/games/billabong/test_races.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pnp.games import GAMES
from tests.conformance.cases import cases_of, every_game


def position(name: str) -> Any:
    return cases_of(name).mid_game.position()


CORRUPTIONS = [
    pytest.param(name, k, corruption.message, id=f"{name}: {corruption.message}")
    for name, cases in every_game()
    for k, corruption in enumerate(cases.corruptions(cases.mid_game.position()))
]


def test_every_game_has_corruptions_to_catch() -> None:
    assert sorted(name for name, _ in every_game()) == sorted(GAMES)
    assert all(sum(1 for c in CORRUPTIONS if c.values[0] == name) >= 2 for name in GAMES)


@pytest.mark.parametrize(("name", "k", "message"), CORRUPTIONS)
def test_a_corrupted_position_breaks_the_named_invariant(name: str, k: int, message: str) -> None:
    state = position(name)
    state.check_invariants()
    tamper = cases_of(name).corruptions(state)[k].tamper
    tamper(state)
    with pytest.raises(AssertionError, match=re.escape(message)):
        state.check_invariants()


def test_wallabies_may_share_a_tile_but_penguins_may_not() -> None:
    wallaby = position("wallaby")
    wallaby.pos[1] = wallaby.pos[0]
    wallaby.check_invariants()
    penguins = position("penguins")
    penguins.pieces[1][0] = penguins.pieces[0][0]
    with pytest.raises(AssertionError, match="two penguins on one tile"):
        penguins.check_invariants()
