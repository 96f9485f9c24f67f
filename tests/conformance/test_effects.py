"""What one move changes, checked on every move of random and greedy games (hypothesis).

Where the invariants say the totals add up (tiles, fish, plants), these say each move did what
it says and nothing else: the arrow lands where it was shot, the mover takes the tile it left,
a kangaroo carries its lap count plus the move's change and finishes at exactly +2, a Wallaby
turn scores the tile harvested less the tile put down, the fallen stay off the board. Each
game's check is the `effect` of its cases (tests/games/<game>/cases.py).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games import ORDER
from tests.conformance.cases import cases_of, configs_of
from tests.support.random_play import Chooser, examples, play


@pytest.mark.parametrize("name", sorted(ORDER))
@examples(8)
@given(data=st.data())
def test_a_move_changes_what_it_says_and_nothing_else(name: str, data: st.DataObject) -> None:
    config = data.draw(st.sampled_from(configs_of(name)), label="config")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    greed = data.draw(st.sampled_from([0.0, 0.9]), label="greed")
    state = config.start(seed)
    play(state, Chooser([], np.random.default_rng(seed), greed), 400, moved=cases_of(name).effect)
