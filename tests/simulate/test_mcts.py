"""MCTS on every game: legal, reproducible from its own generator, decoupled for simultaneous
orders, and stronger than random where it must be (the full ladder: benchmarks/skill_ladder.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from pnp.games import GAMES, get_game
from pnp.games.base import Move, Seat, State
from simulate.agents.base import Agent, make_agent
from simulate.agents.mcts import MCTSAgent, _Node
from simulate.run.play import Played, play

SEQUENTIAL = [n for n, g in GAMES.items() if g.info.has_choices and not g.info.simultaneous]
SIMULTANEOUS = [n for n, g in GAMES.items() if g.info.has_choices and g.info.simultaneous]
SMALL = {"amazons": {"size": "6"}}


class Checked:
    """An agent wrapper that fails the test when the agent returns an illegal move."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.moves = 0

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        move = self.agent.choose(state, seat, rng)
        assert move in list(state.legal_moves(seat))
        self.moves += 1
        return move


def _play(name: str, seed: int, agents: Sequence[Agent], turns: int = 60) -> Played:
    game = get_game(name)
    options = game.info.resolve(None, None, SMALL.get(name, {}))
    setup = game.random_setup(seed, options)
    return play(game.new_state(setup), agents, seed, turns)


@pytest.mark.parametrize("name", SEQUENTIAL + SIMULTANEOUS)
def test_mcts_plays_legal_moves_and_the_same_seed_gives_the_same_game(name: str) -> None:
    players = get_game(name).info.resolve(None, None, SMALL.get(name, {})).players
    checked = Checked(make_agent("mcts:12:8"))
    first = _play(name, 3, [checked] + [make_agent("random")] * (players - 1))
    again = _play(name, 3, [make_agent("mcts:12:8")] + [make_agent("random")] * (players - 1))
    assert checked.moves > 0
    assert first == again


def test_sequential_and_simultaneous_games_are_both_present() -> None:
    assert len(SEQUENTIAL) >= 6 and SIMULTANEOUS == ["colour-diplomacy"]


def test_decoupled_uct_keeps_statistics_for_every_seat_ordering_at_once() -> None:
    game = get_game("colour-diplomacy")
    state = game.new_state(game.random_setup(4, game.info.resolve(4, None, {})))
    seats = state.to_act()
    assert len(seats) == 4  # every player orders at once
    rng = np.random.default_rng(1)
    root = _Node(state)
    agent = MCTSAgent(60, 10)
    for _ in range(60):
        agent._iterate(state.clone(), root, rng)
    assert root.visits == 60
    for k, seat in enumerate(seats):
        stats = root.stats[k]
        # each seat's own moves share the 60 visits; their values are that seat's rewards
        assert sum(visits for visits, _ in stats.values()) == 60
        assert set(stats) <= set(state.legal_moves(seat))
        assert all(0.0 <= total <= visits for visits, total in stats.values())
    # the joint orders tried lead to children, one per distinct joint order
    assert all(len(joint) == 4 for joint in root.children)


def test_mcts_beats_random_at_colour_diplomacy() -> None:
    game = get_game("colour-diplomacy")
    options = game.info.resolve(4, None, {})
    wins = 0
    for seed in range(8):  # mcts in every seat twice, random in the other three
        agents: list[Agent] = [make_agent("random") for _ in range(4)]
        agents[seed % 4] = make_agent("mcts:40:20")
        played = play(game.new_state(game.random_setup(seed, options)), agents, seed, 500)
        ranks = played.result.ranks
        wins += ranks[seed % 4] == 1 and ranks.count(1) == 1
    assert wins >= 6  # random would win about 2 of 8


def test_different_seeds_give_different_searches() -> None:
    game = get_game("paper-penguins")
    state = game.new_state(game.random_setup(2, game.info.resolve(None, None, {})))
    agent = make_agent("mcts:3")  # 3 iterations among many moves: the draw decides
    chosen = {agent.choose(state, state.turn, np.random.default_rng(seed)) for seed in range(12)}
    assert len(chosen) > 1
