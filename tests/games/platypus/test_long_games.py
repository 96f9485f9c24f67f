"""Platypus deals that run for thousands of turns, each followed to its end against a record of
every state it passed: the invariants hold on every turn and the game stops at the first
repeat."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.random_play import Config

# Long games among the first 3,000 seeds, found by the engine, by how they end: (deal, seed,
# turns), shortest first.
ENDING = {
    "finished": [("uniform", 1099, 712), ("uniform", 1202, 736), ("pack", 284, 1318),
                 ("pack", 2802, 1651)],
    "endless": [("pack", 4, 2977), ("uniform", 187, 5219), ("pack", 332, 6927),
                ("uniform", 851, 8073), ("pack", 265, 9866), ("uniform", 409, 14079),
                ("uniform", 824, 18788), ("pack", 260, 27342)],
}  # fmt: skip
LONG_PLATYPUS = [
    (deal, seed, turns, outcome) for outcome, games in ENDING.items() for deal, seed, turns in games
]


@pytest.mark.parametrize(("deal", "seed", "turns", "outcome"), LONG_PLATYPUS)
def test_long_platypus_games_keep_their_bounds_and_stop_at_the_first_repeat(
    deal: str, seed: int, turns: int, outcome: str
) -> None:
    """Every turn keeps the invariants; the game goes on until the rules end it or, remembering
    every state (scores aside) it passed, exactly until one comes back."""
    state: Any = Config("platypus", 2, "standard", (("deal", deal),)).start(seed)
    seen: set[int] = set()
    while not state.is_over():
        seen.add(state.packed())
        (move,) = state.legal_moves(state.turn)
        state.apply(move)
        state.check_invariants()
        assert state.halted() or state.is_over() == (state.packed() in seen)
    assert (state.turns, state.result().outcome) == (turns, outcome)
