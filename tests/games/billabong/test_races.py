"""Billabong races run to the finish: random play almost never finishes one, so greedy
kangaroos race, their invariants hold on every move, and every move carries its kangaroo's lap
count to the finish at exactly +2 (the conformance effect check, tests/games/billabong/cases.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tests.games.billabong.cases import effect
from tests.support.random_play import Chooser, Config, examples, play


def test_greedy_billabong_races_end_with_five_kangaroos_finished() -> None:
    for players in (2, 3, 4):
        state: Any = Config("billabong", players, "standard").start(0)
        play(state, Chooser([], np.random.default_rng(players), greed=1.0), 1_000)
        assert state.is_over() and state.finished.count(5) == 1


@examples(24)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=30),
    greed=st.sampled_from([0.8, 1.0]),
)
def test_billabong_races_carry_each_kangaroos_lap_count_to_the_finish(
    players: int, seed: int, choices: list[int], greed: float
) -> None:
    state = Config("billabong", players, "standard").start(seed)
    play(state, Chooser(choices, np.random.default_rng(seed), greed), 1_000, moved=effect)
