"""The compiled Penguins engine (pnp/games/penguins/engine.py) on the hand-traced positions of
test_rules.py: a player walled in leaves with the tiles under them, the game ends when no
penguin is left, ties in fish go to tiles and then share the rank (the rewards split), on the
small floes the texts give. tests/conformance/test_compiled.py plays random games move for move.
"""

from __future__ import annotations

import numpy as np
import pytest

from pnp.games.penguins import engine
from simulate.scoring.metrics import seat_scores
from tests.games.penguins.test_rules import SMALL, TIE, position

STUCK = """
     4|    .   2   3
     3| B3   .   1   3
     2|    .   1  R1
     1|  3   1   2   1
    fish 4 5; tiles 3 3; red to play
"""
ENDING = """
     4|    .   .   .
     3|  .   .   .   .
     2|    .   3  R1
     1|  .   .  B2   .
    fish 10 11; tiles 5 4; red to play
"""


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        (SMALL, ["b3-a1", "b2-c2"]),
        (STUCK, ["c2-d3", "d3-c4"]),
        (ENDING, ["c2-b2"]),
        (TIE.format(tiles="4 3"), ["b2-b1"]),
        (TIE.format(tiles="4 5"), ["b2-b1"]),
    ],
)
def test_hand_traced_positions_play_alike(text: str, moves: list[str]) -> None:
    state = position(text)
    compiled = state.compiled()
    context, at = compiled.context, compiled.position.copy()
    for text_move in moves:
        legal = state.legal_moves(state.turn)
        assert [compiled.decode(engine.move_at(context, at, i)) for i in range(len(legal))] == legal
        move = next(m for m in legal if state.move_text(m) == text_move)
        state.apply(move)
        engine.apply(context, at, engine.move_at(context, at, legal.index(move)))
        assert compiled.restore is not None and compiled.restore(at).to_text() == state.to_text()
    assert engine.over(context, at) == state.is_over()
    if state.is_over():
        rewards = np.zeros(state.players)
        engine.rewards(context, at, rewards)
        assert rewards.tolist() == seat_scores(state.result().ranks)


def test_a_shared_rank_splits_the_reward() -> None:
    state = position(TIE.format(tiles="4 5"))
    compiled = state.compiled()
    at = compiled.position.copy()
    engine.apply(compiled.context, at, engine.move_at(compiled.context, at, 0))
    rewards = np.zeros(2)
    engine.rewards(compiled.context, at, rewards)
    assert rewards.tolist() == [0.5, 0.5]
