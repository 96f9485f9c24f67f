"""Random games for the conformance tests: a configuration of a game, played move by move.

A configuration is a game, a player count, a variant and the game's own options (every one of
them is listed by tests/conformance/cases.py, from each game's option sets). A game
is played from a random setup; its first moves are the choices hypothesis draws (so a failure
shrinks to a short line), the rest come from a seeded generator, each move random or, with
probability `greed`, the greedy agent's, so games also reach the positions good play reaches.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import HealthCheck, settings

from pnp.games import GAMES
from pnp.games.base import Game, Outcome, Result, Setup, State
from simulate.agents.base import GreedyAgent

# Hypothesis runs the same examples every time (CI stays stable); PNP_HYPOTHESIS_SEARCH=N runs
# N times as many new ones, different every run, to search for failures.
SEARCH = int(os.environ.get("PNP_HYPOTHESIS_SEARCH", "0") or 0)
PROFILE = settings(
    deadline=None,
    derandomize=not SEARCH,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def examples(count: int) -> settings:
    """The shared profile with `count` examples (times N when searching)."""
    return settings(PROFILE, max_examples=count * max(1, SEARCH))


@dataclass(frozen=True)
class Config:
    name: str
    players: int
    variant: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def game(self) -> Game[Any]:
        return GAMES[self.name]

    def setup(self, seed: int) -> Setup:
        game = self.game
        resolved = game.info.resolve(self.players, self.variant, dict(self.options))
        return game.random_setup(seed, resolved)

    def start(self, seed: int) -> State[Any]:
        return self.game.new_state(self.setup(seed))

    def __str__(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options)
        return f"{self.name}-{self.players}-{self.variant}{extra}"


Check = Callable[[State[Any], int], None]  # called before each turn with the turn's number
Moved = Callable[[State[Any], list[Any], State[Any]], None]  # (before, joint order, after)


@dataclass
class Chooser:
    """Picks each seat's move: hypothesis's choices first, then the generator's."""

    choices: Sequence[int]
    rng: np.random.Generator
    greed: float = 0.0
    made: int = field(default=0)
    _greedy: GreedyAgent = field(default_factory=GreedyAgent)

    def joint(self, state: State[Any]) -> list[Any]:
        moves = []
        for seat in state.to_act():
            legal = state.legal_moves(seat)
            if self.made < len(self.choices):
                moves.append(legal[self.choices[self.made] % len(legal)])
            elif self.greed and self.rng.random() < self.greed:
                moves.append(self._greedy.choose(state, seat, self.rng))
            else:
                moves.append(legal[int(self.rng.integers(len(legal)))])
            self.made += 1
        return moves


def play(
    state: State[Any],
    chooser: Chooser,
    limit: int,
    check: Check | None = None,
    moved: Moved | None = None,
) -> int:
    """Play up to `limit` turns (joint orders), checking the invariants after every one; `check`
    sees the position before each turn, `moved` each turn's change. The turns played."""
    state.check_invariants()
    turns = 0
    while turns < limit and not state.is_over():
        if check is not None:
            check(state, turns)
        joint = chooser.joint(state)
        before = state.clone() if moved is not None else state
        state.apply_joint(joint)
        state.check_invariants()
        if moved is not None:
            moved(before, joint, state)
        turns += 1
    return turns


def check_result(result: Result, players: int, has_scores: bool) -> None:
    """A known outcome; ranks are competition ranks from 1; scores (if the game has them) one
    finite per seat, else none."""
    assert result.outcome in tuple(Outcome)
    ranks = result.ranks
    assert len(ranks) == players and min(ranks) == 1
    assert all(rank == 1 + sum(1 for other in ranks if other < rank) for rank in ranks), ranks
    assert (result.scores is not None) == has_scores
    if result.scores is not None:
        assert len(result.scores) == players and all(map(math.isfinite, result.scores))
