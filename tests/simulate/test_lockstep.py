"""Games searched side by side (simulate/run/lockstep.py) are the games `play.play` plays one at a
time with the same agents and seeds, move for move, whatever the batch size: each game's search
draws only from its own seats' generators."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.games import get_game
from pnp.games.base import State
from simulate.agents.base import Agent, make_agent
from simulate.run.executors import InlineExecutor, ProcessExecutor
from simulate.run.lockstep import lockstep_games
from simulate.run.play import play
from simulate.run.runner import RunPlan

GAME = get_game("amazons")
SIX = GAME.info.resolve(None, None, {"size": "6"})


def states(count: int) -> list[State[Any]]:
    return [GAME.new_state(GAME.random_setup(1, SIX)) for _ in range(count)]


def seats(names: tuple[str, str], count: int) -> list[list[Agent]]:
    return [[make_agent(name) for name in names] for _ in range(count)]


@pytest.mark.parametrize(
    ("names", "cap"),
    [(("mcts:30", "mcts:30:3"), 200), (("mcts:2x:0", "random"), 200), (("mcts:20", "mcts:20"), 5)],
)
def test_lockstep_plays_the_games_of_one_at_a_time_whatever_the_batch(
    names: tuple[str, str], cap: int
) -> None:
    seeds = [11, 12, 13, 14, 15]
    alone = states(5)
    one_by_one = [
        play(state, agents, seed, cap)
        for state, agents, seed in zip(alone, seats(names, 5), seeds, strict=True)
    ]
    finals = [state.to_text() for state in alone]
    assert len(set(finals)) == 5, "different seeds, different games"
    for batch in (1, 2, 5):
        together = states(5)
        assert lockstep_games(together, seats(names, 5), seeds, cap, batch) == one_by_one
        assert [state.to_text() for state in together] == finals


def test_lockstep_leaves_other_agents_and_games_to_the_one_game_loop() -> None:
    assert lockstep_games(states(2), seats(("greedy", "mcts:5"), 2), [1, 2], 200) is None
    assert lockstep_games(states(2), seats(("random", "random"), 2), [1, 2], 200) is None
    platypus = get_game("platypus")  # no compiled engine of the contract
    options = platypus.info.resolve(None, None, {})
    start = [platypus.new_state(platypus.random_setup(1, options))]
    assert lockstep_games(start, seats(("mcts:5", "mcts:5"), 1), [1], 200) is None


def test_wallaby_games_are_searched_in_lockstep_as_one_at_a_time() -> None:
    wallaby = get_game("wallaby")
    options = wallaby.info.resolve(3, None, {})
    names, seeds = ("mcts:6:0", "random", "mcts:4:3"), [21, 22, 23]

    def starts() -> list[State[Any]]:
        return [wallaby.new_state(wallaby.random_setup(seed, options)) for seed in seeds]

    agents = [[make_agent(name) for name in names] for _ in seeds]
    alone = [play(state, agents[0], seed, 300) for state, seed in zip(starts(), seeds, strict=True)]
    assert lockstep_games(starts(), agents, seeds, 300, 2) == alone


def test_a_run_searched_in_lockstep_gives_the_records_of_one_game_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan = RunPlan("amazons", SIX, ("mcts:12", "mcts:12:2"), 3, 6, random_setups=2, paired=True)
    chunks = [[0, 1, 2], [3, 4, 5]]
    together = [r for chunk in InlineExecutor().run(plan, chunks) for r in chunk]
    pooled = [r for chunk in ProcessExecutor(2).run(plan, [[0, 1], [2, 3, 4, 5]]) for r in chunk]
    monkeypatch.setattr("simulate.run.lockstep.lockstep_games", lambda *_: None)
    alone = [r for chunk in InlineExecutor().run(plan, [[i] for i in range(6)]) for r in chunk]
    assert together == alone
    assert sorted(pooled, key=lambda r: r.index) == alone
