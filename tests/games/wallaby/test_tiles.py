"""Wallaby's tiles add up: a board dealt full from the set (17, 16, 16 plants of 1, 2, 3, the
rest set aside), then kept between the board and the harvests on every turn of random games,
each turn scoring the tile harvested less the tile put down (the conformance effect check,
tests/games/wallaby/cases.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.wallaby.game import TILES, WallabySetup, board_size
from tests.conformance.cases import configs_of
from tests.games.wallaby.cases import effect
from tests.support.random_play import Chooser, Config, examples, play


@examples(24)
@given(config=st.sampled_from(configs_of("wallaby")), seed=st.integers(0, 2**32 - 1))
def test_wallaby_tiles_add_up_to_the_set_and_games_keep_them(config: Config, seed: int) -> None:
    """The board starts full; board and set-aside tiles are the 17, 16, 16 of the set; then
    every turn keeps the tiles between the board and the harvests (the invariants)."""
    setup = config.setup(seed)
    state: Any = config.game.new_state(setup)
    aside = [int(d) for d in WallabySetup.of(setup.data).set_aside]
    rows, cols = board_size(setup.options)
    assert sum(state.dealt) == rows * cols, "the board starts full"
    assert [state.dealt[v] + aside.count(v) for v in TILES] == list(TILES.values())
    play(state, Chooser([], np.random.default_rng(seed), 0.5), 2_000, moved=effect)
