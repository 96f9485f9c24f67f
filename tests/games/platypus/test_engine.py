"""The compiled Platypus engine against a plain reference that remembers every state it saw.

The reference is the rules written out once more in plain Python over packed states, with a set
of seen states: the first state that is already in the set is the first repetition, by definition.
Small turn caps put many games right at the cap, where the engine must still tell exactly whether
the first repetition came before it (Brent's search alone would find some of them later).
"""

from __future__ import annotations

import numpy as np
import pytest

from pnp.games.platypus.engine import ENDLESS, FINISHED, UNDECIDED, play_games
from pnp.games.platypus.tables import START


def reference_turn(x: int, table: np.ndarray) -> tuple[int, int] | None:
    seat = x >> 35 & 1
    pos_shift, animal_shift = 21 + 5 * seat, 31 + 2 * seat
    pos = x >> pos_shift & 31
    colour = x >> pos & 1
    column = (x >> animal_shift & 3) * 2 + colour
    if column == 7:
        return None
    entry = int(table[seat][column])
    new_colour, new_pos = entry & 1, (pos + (1 if entry & 8 else -1)) % 21
    x ^= (colour ^ new_colour) << pos
    x = x & ~(31 << pos_shift) | new_pos << pos_shift
    x = x & ~(3 << animal_shift) | (entry >> 1 & 3) << animal_shift
    return x ^ 1 << 35, colour ^ new_colour


def reference(table: np.ndarray, cap: int) -> tuple[int, int, list[int]]:
    x, seen, scores, turns = START, {START}, [0, 0], 0
    while True:
        seat = x >> 35 & 1
        step = reference_turn(x, table)
        if step is None:
            return FINISHED, turns, scores
        if turns == cap:
            return UNDECIDED, cap, scores
        x, points = step
        turns += 1
        scores[seat] += points
        if x in seen:
            return ENDLESS, turns, scores
        seen.add(x)


TABLES = np.random.default_rng(5).integers(0, 16, size=(600, 2, 7)).astype(np.uint8)


@pytest.mark.parametrize("cap", [0, 1, 30, 64, 100, 150, 500, 4000])
def test_the_engine_ends_every_game_as_the_reference_does(cap: int) -> None:
    ended = play_games(TABLES, cap)
    for game, table in enumerate(TABLES):
        got = (int(ended.outcome[game]), int(ended.turns[game]), ended.scores[game].tolist())
        assert got == reference(table, cap), game
        if got[0] == ENDLESS:
            assert ended.mu[game] + ended.lam[game] == ended.turns[game]


def test_the_kinds_of_ending_all_occur() -> None:
    ended = play_games(TABLES, 4000)
    counts = np.bincount(ended.outcome, minlength=3)
    assert counts[FINISHED] > 300 and counts[ENDLESS] > 100
    assert (ended.mu[ended.outcome == ENDLESS] > 0).any()


def test_bad_batches_are_refused() -> None:
    with pytest.raises(ValueError, match="shape"):
        play_games(np.zeros((3, 7), np.uint8), 10)
    with pytest.raises(ValueError, match="negative"):
        play_games(TABLES, -1)
