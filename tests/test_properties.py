"""Property tests (hypothesis) over every registered engine: random positions keep the rules.

From random setups and random move choices: every legal move applies, the game's own
invariants hold after every move (State.check_invariants), the contract stays consistent (who
acts, legal moves, scores, over), and the game ends with a valid result or is reported as
endless or undecided.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.games import GAMES
from pnp.games.base import Outcome
from pnp.games.perft import perft

CONFIGS = [
    (name, players, variant)
    for name, game in GAMES.items()
    for players in game.info.players
    for variant in game.info.variants
]
STEPS = 400  # moves followed per example; longer games are checked by the conformance test


@settings(max_examples=20 * len(CONFIGS), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=STEPS),
)
def test_random_play_keeps_every_invariant(
    config: tuple[str, int, str], seed: int, choices: list[int]
) -> None:
    name, players, variant = config
    game = GAMES[name]
    setup = game.playable(game.random_setup(seed, game.info.resolve(players, variant, {})))[0]
    state = game.new_state(setup)
    state.check_invariants()
    for step, choice in enumerate(choices):
        if state.is_over():
            break
        seats = state.to_act()
        assert seats and all(0 <= s < players for s in seats)
        options: list[list[Any]] = [list(state.legal_moves(s)) for s in seats]
        assert all(options), "a seat to act always has a move (passing is a move)"
        if step % 50 == 0:
            assert perft(state, 1) == math.prod(len(o) for o in options)
        joint = [moves[(choice + k) % len(moves)] for k, moves in enumerate(options)]
        state.apply_joint(joint)
        state.check_invariants()
        scores = state.scores()
        assert scores is None or (len(scores) == players and all(map(math.isfinite, scores)))
    if state.is_over():
        assert state.to_act() == ()
        result = state.result()
        assert len(result.ranks) == players and min(result.ranks) == 1
        assert result.outcome in (Outcome.FINISHED, Outcome.ENDLESS)
