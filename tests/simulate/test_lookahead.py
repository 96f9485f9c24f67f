"""The look-ahead agent (simulate/agents/base.py `LookaheadAgent`, compiled in
simulate/agents/compiled_lookahead.py): two plies traced by hand on a toy game, ties drawn as greedy
draws them, the compiled agent choosing the reference's moves from the same generators over
whole games of every sequential game, two look-ahead seats playing different games from
different seeds, and its name checked against the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from pnp.errors import PnpError
from pnp.games import get_game
from pnp.games.base import Move, Outcome, Result, Seat, State
from simulate.agents.base import (
    GreedyAgent,
    LookaheadAgent,
    agent_budget,
    agent_settings,
    make_agent,
)
from simulate.run.play import play
from tests.support.cli import invoke

# A toy game traced by hand. Seat 0 moves, then seat 1 answers (or the game is over at once), and
# the agent evaluates the position. Each line: seat 0's move, its immediate value for seat 0
# (`move_value`), then seat 1's answers with their value for seat 1 and seat 0's evaluation
# after the answer (or, for a move that ends the game, who wins).
#
#   move  value  answers (value for seat 1 -> seat 0's evaluation after it)
#   a       5    a1 (9 -> -10), a2 (1 -> +8)     seat 1 answers a1: a is worth -10
#   b       3    b1 (2 -> +1),  b2 (1 -> +6)     seat 1 answers b1: b is worth +1
#   c       4    c1 (0 -> +2)                    c is worth +2: the best of a, b, c
#   d       1    ends the game, seat 1 wins      worth a loss
#   e       0    ends the game, seat 0 wins      worth a win, beyond any evaluation
#
# Greedy (seat 0) plays a (value 5). Looking at 2 to 4 moves (a, c, b, d by value) it plays c (+2
# beats -10, +1 and a loss; b would be worth +6 if seat 1's answer were not its greedy one).
# Looking at all 5 it plays e, the win, which greedy's order puts last. Looking at 1 it plays a,
# greedy's move.
TREE: dict[str, tuple[float, dict[str, tuple[float, float]] | int]] = {
    "a": (5, {"a1": (9, -10), "a2": (1, 8)}),
    "b": (3, {"b1": (2, 1), "b2": (1, 6)}),
    "c": (4, {"c1": (0, 2)}),
    "d": (1, 1),  # the winner
    "e": (0, 0),
}


class Toy(State[str]):
    """The toy game of `TREE` (only what the agents use)."""

    players = 2

    def __init__(self, played: tuple[str, ...] = ()) -> None:
        self.played = played

    def scores(self) -> None:
        return None

    def move_text(self, move: str) -> str:
        return move

    def to_text(self) -> str:
        return " ".join(self.played)

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (len(self.played) % 2,)

    def legal_moves(self, seat: Seat) -> Sequence[str]:
        if not self.played:
            return list(TREE)
        answers = TREE[self.played[0]][1]
        assert isinstance(answers, dict)
        return list(answers)

    def move_value(self, seat: Seat, move: str) -> float:
        if not self.played:
            return TREE[move][0]
        answers = TREE[self.played[0]][1]
        assert isinstance(answers, dict)
        return answers[move][0]

    def apply(self, move: str) -> None:
        self.played = (*self.played, move)

    def clone(self) -> Toy:
        return type(self)(self.played)

    def is_over(self) -> bool:
        return bool(self.played) and self.played[0] in "de"  # after an answer: evaluated

    def result(self) -> Result:
        winner = TREE[self.played[0]][1]
        assert isinstance(winner, int)
        return Result(None, (1, 2) if winner == 0 else (2, 1), Outcome.FINISHED)

    def evaluate(self, seat: Seat) -> float:
        answers = TREE[self.played[0]][1]
        assert isinstance(answers, dict)
        return answers[self.played[1]][1]

    def compiled(self) -> None:
        return None


@pytest.mark.parametrize(("width", "move"), [(1, "a"), (2, "c"), (3, "c"), (4, "c"), (5, "e")])
def test_two_plies_traced_by_hand(width: int, move: str) -> None:
    rng = np.random.default_rng(0)
    assert GreedyAgent().choose(Toy(), 0, rng) == "a"
    assert LookaheadAgent(width).choose(Toy(), 0, rng) == move


def test_a_move_that_loses_at_once_is_worth_less_than_any_evaluation() -> None:
    class Losing(Toy):
        def legal_moves(self, seat: Seat) -> Sequence[str]:
            return ["d", "a"] if not self.played else super().legal_moves(seat)

    assert LookaheadAgent(2).choose(Losing(), 0, np.random.default_rng(0)) == "a"  # -10 > loss


def test_equal_answers_and_equal_bests_are_drawn_as_greedy_draws_them() -> None:
    """Seat 1's answers to f are of equal value, so f is worth +2 or +9 by the draw; g is worth
    +2. Both moves are chosen over seeds; from the same seed, the same move every time."""
    tree = {"f": (1, {"f1": (3, 2), "f2": (3, 9)}), "g": (1, {"g1": (0, 2)})}

    class Ties(Toy):
        def legal_moves(self, seat: Seat) -> Sequence[str]:
            return list(tree) if not self.played else list(tree[self.played[0]][1])

        def move_value(self, seat: Seat, move: str) -> float:
            return tree[move][0] if not self.played else tree[self.played[0]][1][move][0]

        def evaluate(self, seat: Seat) -> float:
            return tree[self.played[0]][1][self.played[1]][1]

        def is_over(self) -> bool:
            return False

    def chosen(seed: int) -> str:
        return str(LookaheadAgent(2).choose(Ties(), 0, np.random.default_rng(seed)))

    assert {chosen(seed) for seed in range(40)} == {"f", "g"}
    assert all(chosen(seed) == chosen(seed) for seed in range(10))


# A second toy, traced by hand for rounds. Seat 0 moves, seat 1 answers, seat 0 plays its greedy
# move, seat 1 answers again; each position has an evaluation for seat 0 (`eval`) and each move
# its immediate value for its mover.
#
#   a (value 2) -> a1 (eval +5) -> a1p -> a1pq (eval -3)
#   b (value 1) -> b1 (eval +1) -> b1p (value 4) -> b1pq (eval +4)
#                               -> b1r (value 2) -> b1rq (eval +9)
#
# One round (the answer) values a at +5 and b at +1: a. Two rounds value a at -3 and b at +4, as
# seat 0's own greedy move b1p (not b1r, worth +9, which greedy does not choose) leads: b.
# Looking at one move, a (greedy's) either way.
Node = dict[str, Any]


def _line(*names_and_eval: Any) -> Node:
    """A chain of single moves (value 0) ending in a position of the given evaluation."""
    *names, evaluation = names_and_eval
    node: Node = {"eval": evaluation, "moves": {}}
    for name in reversed(names):
        node = {"eval": 0, "moves": {name: (0, node)}}
    return node


ROUNDS_TREE: Node = {"eval": 0, "moves": {
    "a": (2, {"eval": 5, "moves": {"a1": (0, {"eval": 5, "moves": {
        "a1p": (0, _line("a1pq", -3))}})}}),
    "b": (1, {"eval": 1, "moves": {"b1": (0, {"eval": 1, "moves": {
        "b1p": (4, _line("b1pq", 4)), "b1r": (2, _line("b1rq", 9))}})}}),
}}  # fmt: skip


class Rounds(Toy):
    """The toy game of `ROUNDS_TREE`."""

    def node(self) -> Node:
        node = ROUNDS_TREE
        for move in self.played:
            node = node["moves"][move][1]
        return node

    def legal_moves(self, seat: Seat) -> Sequence[str]:
        return list(self.node()["moves"])

    def move_value(self, seat: Seat, move: str) -> float:
        return float(self.node()["moves"][move][0])

    def is_over(self) -> bool:
        return False

    def evaluate(self, seat: Seat) -> float:
        return float(self.node()["eval"])


@pytest.mark.parametrize(("width", "rounds", "move"),
                         [(1, 1, "a"), (1, 2, "a"), (2, 1, "a"), (2, 2, "b")])  # fmt: skip
def test_rounds_traced_by_hand(width: int, rounds: int, move: str) -> None:
    assert LookaheadAgent(width, rounds).choose(Rounds(), 0, np.random.default_rng(0)) == move


class Recorded:
    """An agent wrapper that keeps the moves chosen."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.log: list[Move] = []

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        move: Move = self.agent.choose(state, seat, rng)
        self.log.append(move)
        return move


SEQUENTIAL = [("amazons", 2, {"size": "6"}), ("penguins", 2, {}), ("penguins", 4, {}),
              ("amazon-penguins", 2, {}), ("paper-penguins", 2, {}), ("billabong", 2, {}),
              ("billabong", 3, {}), ("wallaby", 2, {}), ("wallaby", 4, {})]  # fmt: skip


@pytest.mark.parametrize("rounds", [1, 2])
@pytest.mark.parametrize(("name", "players", "options"), SEQUENTIAL)
def test_the_compiled_agent_plays_the_reference_s_games(
    name: str, players: int, options: dict[str, str], rounds: int
) -> None:
    """Look-ahead seats beside greedy ones, over whole games: the same moves either way."""
    game = get_game(name)
    resolved = game.info.resolve(players, None, options)
    logs = []
    for compiled in (True, False):
        agents = [
            Recorded(LookaheadAgent(3, rounds, compiled=compiled) if seat % 2 == 0
                     else GreedyAgent(compiled=compiled))
            for seat in range(players)
        ]  # fmt: skip
        state = game.new_state(game.random_setup(4, resolved))
        played = play(state, agents, 9, 200)
        logs.append(([agent.log for agent in agents], played))
    assert logs[0] == logs[1]
    assert len(logs[0][0][0]) >= 5


def test_two_look_ahead_seats_play_different_games_on_a_fixed_start() -> None:
    """Amazons starts the same every time: drawing where greedy draws keeps the games apart
    (without it, every game of a run was one game)."""
    game = get_game("amazons")
    setup = game.random_setup(1, game.info.resolve(None, None, {"size": "6"}))
    logs = set()
    for seed in range(4):
        agents = [Recorded(LookaheadAgent(4)) for _ in range(2)]
        play(game.new_state(setup), agents, seed, 200)
        logs.add(tuple(agents[0].log))
    assert len(logs) == 4


def test_the_agent_is_named_with_its_width_and_in_words() -> None:
    agent = make_agent("lookahead:16")
    assert isinstance(agent, LookaheadAgent) and agent.width == 16
    assert agent_settings("lookahead") == {"kind": "lookahead", "width": 8, "rounds": 1}
    assert agent_settings("lookahead:4:3") == {"kind": "lookahead", "width": 4, "rounds": 3}
    assert agent_budget("lookahead:16").startswith("of the 16 moves of best immediate value")
    assert agent_budget("lookahead:16").endswith("after the other seats' greedy answers")
    assert agent_budget("lookahead:4:3").endswith("after 3 rounds of greedy moves, the other "
                                                  "seats answering first")  # fmt: skip
    for bad in ("lookahead:0", "lookahead:x", "lookahead:1:0", "lookahead:1:101",
                "lookahead:1:2:3", "lookahead::2"):  # fmt: skip
        with pytest.raises(PnpError, match="expected lookahead:WIDTH"):
            make_agent(bad)


def test_a_game_whose_seats_order_at_once_refuses_the_agent(tmp_path: Any) -> None:
    code, _, err = invoke("simulate", "colour-diplomacy", "--agents", "lookahead", "--games",
                          "4", "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 2 and err.count("\n") == 1, err
    assert "colour-diplomacy's seats order at once" in err and "random, greedy or mcts" in err
    assert not (tmp_path / "out").exists()
