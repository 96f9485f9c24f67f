"""The one test every registered game passes (the contract in pnp/games/base.py).

For every game, player count and variant: setups are reproducible from their seed and survive a
round trip through setup.json; random games end (finished, or reported endless / undecided);
ranks are valid competition ranks; perft at depth 1 equals the number of legal moves (joint
orders for simultaneous games) all along a game; clones are independent of the original; every
position written as text reads back (`Game.state_from_text`) to the same position.
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from pnp.games import GAMES
from pnp.games.base import Game, State
from pnp.games.perft import perft
from pnp.games.setupfile import parse_setup, setup_json
from simulate.agents.base import RandomAgent
from tests.conformance.cases import every_config
from tests.support.random_play import Chooser, Config, check_result

PLAYED = every_config()

CONFIGS = [
    (name, players, variant)
    for name, game in GAMES.items()
    for players in game.info.players
    for variant in game.info.variants
]


def ids(config: tuple[str, int, str]) -> str:
    return "-".join(str(part) for part in config)


def snapshot(state: State[Any]) -> tuple[Any, ...]:
    seats = state.to_act()
    return (
        seats,
        [list(map(state.move_text, state.legal_moves(s))) for s in seats],
        state.scores(),
        state.is_over(),
    )


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_setups_are_reproducible_and_round_trip(config: tuple[str, int, str]) -> None:
    name, players, variant = config
    game: Game[Any] = GAMES[name]
    options = game.info.resolve(players, variant, {})
    setup = game.random_setup(5, options)
    assert game.random_setup(5, options) == setup
    text = setup_json(game, setup)
    again = parse_setup(json.loads(text), GAMES, name, "test")
    assert setup_json(game, again) == text


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_random_games_end_with_valid_results(config: tuple[str, int, str]) -> None:
    name, players, variant = config
    game: Game[Any] = GAMES[name]
    options = game.info.resolve(players, variant, {})
    agent = RandomAgent()
    for seed in range(3):
        setup = game.random_setup(seed, options)
        state = game.new_state(setup)
        rng = np.random.default_rng(seed)
        turns = 0
        while not state.is_over() and turns < game.info.max_turns:
            seats = state.to_act()
            assert seats and len(set(seats)) == len(seats)
            if turns % 7 == 0:
                expected = math.prod(len(state.legal_moves(s)) for s in seats)
                assert perft(state, 1) == expected > 0
                before = snapshot(state)
                twin = state.clone()
                twin.apply_joint([agent.choose(twin, s, rng) for s in twin.to_act()])
                assert snapshot(state) == before, "a clone shares state with its original"
            state.apply_joint([agent.choose(state, s, rng) for s in seats])
            turns += 1
        result = state.result() if state.is_over() else state.undecided_result()
        check_result(result, players, game.info.has_scores)
        if state.is_over():
            assert state.to_act() == ()


def position(state: State[Any]) -> tuple[Any, ...]:
    """What a position read back from its text must share with the original: the text, the
    seats to act, their legal moves (by name; their order may follow the history), the scores."""
    seats = state.to_act()
    moves = [sorted(map(state.move_text, state.legal_moves(s))) for s in seats]
    return (state.to_text(), seats, moves, state.scores(), state.is_over())


@pytest.mark.parametrize("config", PLAYED, ids=str)
def test_positions_read_back_from_their_text(config: Config) -> None:
    """Along games of a few seeds: the start, the first moves, the middle and the end. The moves
    are random, half of them greedy in the second game and all in the third (random kangaroos
    almost never finish a Billabong race)."""
    game = config.game
    for seed in range(3):
        setup = config.setup(seed)
        state = game.new_state(setup)
        chooser = Chooser([], np.random.default_rng(seed), greed=seed / 2)
        played: list[list[Any]] = []
        while not state.is_over() and len(played) < min(game.info.max_turns, 3_000):
            played.append(chooser.joint(state))
            state.apply_joint(played[-1])
        marks = {0, 1, 3, len(played) // 2, len(played)}
        state = game.new_state(setup)
        for turn in range(len(played) + 1):
            if turn in marks:
                again = game.state_from_text(setup, state.to_text())
                assert position(again) == position(state), f"seed {seed}, turn {turn}"
            if turn < len(played):
                state.apply_joint(played[turn])
