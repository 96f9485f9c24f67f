"""Property tests (hypothesis) over every registered engine: random positions keep the rules.

For every game, over its player counts, variants and the options that change play (its cases'
option sets): from random
setups and random (or greedy) move choices, games are played to their end, the runner's turn
cap or FOLLOW turns. After every move the game's own invariants hold (State.check_invariants);
before every move the contract holds (who acts, legal moves, scores); every few moves sampled
legal moves apply on copies and keep the invariants, perft at depth 1 counts the legal moves and
legal moves are written apart; a game ends with a valid result, or the cap leaves it undecided.
With each game's cases (tests/games/<game>/cases.py): test_corruption.py (corrupted positions
are caught) and test_effects.py (what one move changes).

Examples are derandomized (the same examples every run, so CI is stable); the environment
variable PNP_HYPOTHESIS_SEARCH=N runs N times as many new ones (tests/support/random_play.py).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.base import Outcome, State
from pnp.games.perft import perft
from tests.conformance.cases import every_config
from tests.support.random_play import Chooser, Config, check_result, examples, play

EXAMPLES = 12  # per configuration
FOLLOW = 1_500  # turns followed per game at most (the runner's cap where it is lower)
PREFIX = 40  # moves chosen by hypothesis, the rest by a seeded generator
EVERY = 16  # turns between the costlier checks (perft, every sampled legal move)
SAMPLED = 12  # legal moves (joint orders) applied on copies at those turns


def check_contract(state: State[Any], config: Config, turn: int, rng: np.random.Generator) -> None:
    info, players = config.game.info, config.players
    seats = state.to_act()
    assert seats and len(set(seats)) == len(seats) and all(0 <= s < players for s in seats)
    assert info.simultaneous or len(seats) == 1, "a sequential game has one seat to act"
    options = [state.legal_moves(seat) for seat in seats]
    assert all(options), "a seat to act always has a move (passing is a move)"
    assert info.has_choices or all(len(moves) == 1 for moves in options)
    scores = state.scores()
    assert (scores is not None) == info.has_scores
    assert scores is None or (len(scores) == players and all(map(math.isfinite, scores)))
    if turn % EVERY == 0:
        check_moves(state, options, rng)


def check_moves(state: State[Any], options: list[Any], rng: np.random.Generator) -> None:
    """Perft and move counts agree, moves are named apart, and sampled legal moves apply."""
    assert perft(state, 1) == math.prod(len(moves) for moves in options)
    for seat, moves in zip(state.to_act(), options, strict=True):
        assert state.move_count(seat) == len(moves)
        picked = rng.choice(len(moves), size=min(len(moves), 200), replace=False)
        texts = [state.move_text(moves[int(k)]) for k in picked]
        assert len(set(texts)) == len(texts), "two legal moves written alike"
    for _ in range(SAMPLED):
        child = state.clone()
        child.apply_joint([moves[int(rng.integers(len(moves)))] for moves in options])
        child.check_invariants()


@pytest.mark.parametrize("config", every_config(), ids=str)
@examples(EXAMPLES)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=PREFIX),
    play_seed=st.integers(0, 2**32 - 1),
    greed=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_random_play_keeps_every_invariant(
    config: Config, seed: int, choices: list[int], play_seed: int, greed: float
) -> None:
    rng = np.random.default_rng(play_seed)
    state = config.start(seed)
    info = config.game.info
    limit = min(info.max_turns, FOLLOW)
    turns = play(
        state,
        Chooser(choices, rng, greed),
        limit,
        lambda s, turn: check_contract(s, config, turn, rng),
    )
    if state.is_over():
        assert state.to_act() == ()
        result = state.result()
        assert result.outcome in (Outcome.FINISHED, Outcome.ENDLESS)
        check_result(result, config.players, info.has_scores)
    elif turns == info.max_turns:
        result = state.undecided_result()
        assert result.outcome == Outcome.UNDECIDED
        check_result(result, config.players, info.has_scores)
