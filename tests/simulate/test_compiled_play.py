"""The compiled random and greedy agents (simulate/agents/compiled_play.py) are
simulate/agents/base.py's, draw for draw: whole games played inside numba give the records the
`State` gives (result, turns, lead changes, a game cut by the turn cap included), a run's chunk of
games on different setups played in one call gives each game's own, and the greedy agent choosing
one move from the engine picks the reference's move and leaves its generator in the same state."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pnp.games import get_game
from pnp.games.base import State
from simulate.agents.base import Agent, GreedyAgent, RandomAgent
from simulate.run.play import play
from simulate.run.runner import play_games

WHOLE_GAMES = [
    ("amazons", 2),
    ("penguins", 2),
    ("penguins", 3),
    ("penguins", 4),
    ("amazon-penguins", 2),
    ("paper-penguins", 2),
    ("wallaby", 2),
    ("wallaby", 3),
    ("wallaby", 4),
    ("billabong", 2),
    ("billabong", 4),
]
ONE_MOVE = WHOLE_GAMES
JOINT = [("colour-diplomacy", 4), ("colour-diplomacy", 7)]  # orders given one seat at a time


def start(name: str, players: int, seed: int) -> State[Any]:
    game = get_game(name)
    size = {"size": "6"} if name == "amazons" else {}
    return game.new_state(game.random_setup(seed, game.info.resolve(players, None, size)))


def seats(kinds: str, compiled: bool) -> list[Agent]:
    return [RandomAgent() if k == "r" else GreedyAgent(compiled=compiled) for k in kinds]


@pytest.mark.parametrize(("name", "players"), [*WHOLE_GAMES, *JOINT])
@pytest.mark.parametrize("kinds", ["r", "g", "rg"])
def test_whole_compiled_games_are_the_states_games(name: str, players: int, kinds: str) -> None:
    kinds = (kinds * players)[:players]
    # random Billabong kangaroos rarely finish; greedy Colour Diplomacy players camp at the center
    endless = {"billabong": "r", "colour-diplomacy": "g"}.get(name)
    ends = endless is None or endless not in kinds
    cap = get_game(name).info.max_turns if ends else 200
    finished = 0
    for seed in range(6):
        turns = cap if seed else 12  # the first game cut by the turn cap
        reference = play(start(name, players, seed), seats(kinds, False), seed, turns,
                         compiled=False)  # fmt: skip
        compiled = play(start(name, players, seed), seats(kinds, True), seed, turns)
        assert compiled == reference
        undecided = reference.result.outcome.value == "undecided"
        assert undecided or seed > 0
        finished += not undecided
    assert finished or not ends, "games that end within the cap"


@pytest.mark.parametrize(("name", "players"), [*WHOLE_GAMES, *JOINT])
def test_a_chunk_in_one_call_gives_each_games_own_record(name: str, players: int) -> None:
    game = get_game(name)
    options = game.info.resolve(players, None, {"size": "6"} if name == "amazons" else {})
    setups = [game.random_setup(seed, options) for seed in range(5)]
    seeds = [0, 1, 2**32 + 5, 2**63 + 11, 2**64 - 1]  # seeds of every width a run deals
    kinds = {"billabong": "g", "colour-diplomacy": "r"}.get(name, "rg")  # games that end
    kinds = (kinds * players)[:players]
    cap = get_game(name).info.max_turns
    together = play_games(game, setups, [seats(kinds, True)] * 5, seeds, cap)
    alone = [
        play(game.new_state(setup), seats(kinds, False), seed, cap, compiled=False)
        for setup, seed in zip(setups, seeds, strict=True)
    ]
    assert together == alone
    assert len({(record.result.ranks, record.turns) for record in alone}) > 1, "games differ"


@pytest.mark.parametrize(("name", "players"), ONE_MOVE)
def test_the_greedy_agent_chooses_from_the_engine_as_from_the_state(
    name: str, players: int
) -> None:
    state = start(name, players, 3)
    rngs = [np.random.default_rng(7), np.random.default_rng(7)]
    agents = [GreedyAgent(compiled=True), GreedyAgent(compiled=False)]
    moves = 0
    while not state.is_over() and moves < 40:
        (seat,) = state.to_act()
        chosen = [agent.choose(state, seat, rng) for agent, rng in zip(agents, rngs, strict=True)]
        assert chosen[0] == chosen[1]
        assert rngs[0].bit_generator.state == rngs[1].bit_generator.state
        state.apply(chosen[0])
        moves += 1
    assert moves >= 20
