"""Agents that choose moves: by name, one per seat, each with its own seeded generator.

An agent sees the state and its seat and returns one of `state.legal_moves(seat)`. It draws any
randomness only from the generator it is given, so a game's seed fixes every choice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from pnp.errors import InputError, PnpError, one_of
from pnp.games.base import GameInfo, Move, Seat, State
from simulate.scoring.metrics import LOOKAHEAD_FINISHED, seat_scores

#: The look-ahead agent's moves looked at and rounds of greedy play after each by default.
LOOKAHEAD_WIDTH, LOOKAHEAD_ROUNDS = 8, 1


class Agent(Protocol):
    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move: ...


class RandomAgent:
    """Uniform over complete legal moves."""

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        moves: Sequence[Move] = state.legal_moves(seat)
        return moves[int(rng.integers(len(moves)))]


class GreedyAgent:
    """The move with the best immediate value (`State.move_value`); ties broken at random.
    Games with a compiled engine (`State.compiled()`) value their moves in
    simulate/agents/compiled_play.py: the same move from the same generator."""

    def __init__(self, *, compiled: bool = True) -> None:
        self.compiled = compiled  # False: always the `State`'s values (the reference)

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        compiled = state.compiled() if self.compiled else None
        if compiled is not None and not compiled.engine.joint:  # one seat's choice: the State's
            from simulate.agents.compiled_play import greedy_move

            chosen: Move = greedy_move(compiled, seat, rng)
            return chosen
        moves: Sequence[Move] = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        values = [state.move_value(seat, move) for move in moves]
        best = max(values)
        ties: list[Move] = [
            move for move, value in zip(moves, values, strict=True) if value == best
        ]
        return ties[int(rng.integers(len(ties)))]


class LookaheadAgent:
    """Rounds ahead: greedy's `width` best moves (by `State.move_value`; equal values in list
    order), each answered by the other seats in turn with their greedy moves (ties drawn at
    random, as greedy draws them) until the seat is to play again, then for each further round
    (`rounds` in all) the seat's own greedy move and the others' answers, and the move whose
    position after them is best for the seat: `State.evaluate`, or a finished game's reward
    scaled beyond any evaluation; ties drawn at random. Drawing where greedy draws keeps its
    games apart: without it two look-ahead seats play one game over and over on a fixed start
    (Amazons).
    Games with a compiled engine look ahead in simulate/agents/compiled_lookahead.py: the same move
    from the same generator. Sequential games only (one seat to play)."""

    def __init__(
        self, width: int = LOOKAHEAD_WIDTH, rounds: int = LOOKAHEAD_ROUNDS, *,
        compiled: bool = True,
    ) -> None:  # fmt: skip
        self.width, self.rounds = width, rounds
        self.compiled = compiled  # False: always through the `State` (the reference)

    def choose(self, state: State[Any], seat: Seat, rng: np.random.Generator) -> Move:
        if len(state.to_act()) > 1:
            raise PnpError("agent lookahead plays games with one seat to move at a time")
        compiled = state.compiled() if self.compiled else None
        if compiled is not None and not compiled.engine.joint:
            from simulate.agents.compiled_lookahead import lookahead_move

            chosen: Move = lookahead_move(compiled, seat, rng, self.width, self.rounds)
            return chosen
        moves: Sequence[Move] = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        values = [state.move_value(seat, move) for move in moves]
        order = sorted(range(len(moves)), key=lambda i: -values[i])  # stable
        best, ties = -math.inf, list[Move]()
        for i in order[: self.width]:
            after = state.clone()
            after.apply(moves[i])
            score = _answered(after, seat, rng, self.rounds)
            if score > best:
                best, ties = score, []
            if score == best:
                ties.append(moves[i])
        return ties[int(rng.integers(len(ties)))]


def _answered(state: State[Any], seat: Seat, rng: np.random.Generator, rounds: int) -> float:
    """How good `state` (a move just played) is for `seat` after `rounds` rounds of greedy
    moves: the other seats answer in turn until `seat` is to play again, and in each further
    round `seat` plays its greedy move and they answer again; at most `rounds` times the number
    of seats, less one, moves in all (`LookaheadAgent`)."""
    returned = 0
    for _ in range(rounds * state.players - 1):
        if state.is_over():
            break
        (mover,) = state.to_act()
        if mover == seat:
            returned += 1
            if returned == rounds:
                break
        state.apply(GreedyAgent(compiled=False).choose(state, mover, rng))
    if state.is_over():
        rewards = seat_scores(state.result().ranks)
        return LOOKAHEAD_FINISHED * (float(rewards[seat]) - 1.0 / len(rewards))
    return state.evaluate(seat)


Factory = Callable[[str | None], Agent]


def _plain(cls: type[RandomAgent] | type[GreedyAgent], name: str) -> Factory:
    def make(parameter: str | None) -> Agent:
        if parameter is not None:
            raise PnpError(f"agent {name!r} takes no parameter (got {name}:{parameter})")
        return cls()

    return make


def _mcts(parameter: str | None) -> Agent:
    from simulate.agents.mcts import ROLLOUT_LIMIT, MCTSAgent

    if parameter is None:
        return MCTSAgent()
    form = re.fullmatch(r"(\d+)(x?)(?::(\d+))?", parameter)
    numbers = [int(n) for n in form.group(1, 3) if n is not None] if form else []
    if not form or not all(1 <= n <= 1_000_000 for n in numbers[:1]) or numbers[1:2] > [1_000_000]:
        raise PnpError(
            f"agent mcts:{parameter}: expected mcts:ITERATIONS or mcts:Nx (N iterations per "
            "legal move), then optionally :ROLLOUT, whole numbers from 1 to 1000000"
        )
    rollout = numbers[1] if len(numbers) == 2 else ROLLOUT_LIMIT
    return MCTSAgent(numbers[0], rollout, per_move=form.group(2) == "x")


def _lookahead(parameter: str | None) -> Agent:
    if parameter is None:
        return LookaheadAgent()
    form = re.fullmatch(r"(\d+)(?::(\d+))?", parameter)
    width, rounds = (int(form.group(1)), int(form.group(2) or LOOKAHEAD_ROUNDS)) if form else (0, 0)
    if not (1 <= width <= 1_000_000 and 1 <= rounds <= 100):
        raise PnpError(
            f"agent lookahead:{parameter}: expected lookahead:WIDTH (the moves looked at, a "
            "whole number from 1 to 1000000), then optionally :ROUNDS (rounds of greedy play "
            "after each, from 1 to 100)"
        )
    return LookaheadAgent(width, rounds)


AGENTS: dict[str, Factory] = {
    "random": _plain(RandomAgent, "random"),
    "greedy": _plain(GreedyAgent, "greedy"),
    "lookahead": _lookahead,
    "mcts": _mcts,
}


def make_agent(spec: str) -> Agent:
    """The agent named by `spec` (`name` or `name:parameter`)."""
    name, _, parameter = spec.partition(":")
    if name not in AGENTS:
        raise PnpError(f"unknown agent {spec!r}; expected {one_of(AGENTS)}")
    return AGENTS[name](parameter or None)


# The settings an agent's budget is recorded by in summary.json (`agent_settings`); an agent
# records those it has.
SETTINGS_FIELDS = ("iterations", "per_legal_move", "rollout_limit", "iterations_floor",
                   "iterations_cap", "width", "rounds")  # fmt: skip


def agent_settings(spec: str) -> dict[str, Any]:
    """What the agent `spec` is and spends, as summary.json records it: its kind and, for MCTS,
    its iterations (per decision, or per legal move within a floor and a cap) and rollout limit."""
    agent = make_agent(spec)
    kind = spec.partition(":")[0]
    from simulate.agents.budget import PER_MOVE_CAP, PER_MOVE_FLOOR
    from simulate.agents.mcts import MCTSAgent

    if isinstance(agent, LookaheadAgent):
        return {"kind": kind, "width": agent.width, "rounds": agent.rounds}
    if not isinstance(agent, MCTSAgent):
        return {"kind": kind}
    settings: dict[str, Any] = {"kind": kind, "iterations": agent.iterations}
    settings |= {"per_legal_move": agent.per_move, "rollout_limit": agent.rollout}
    if agent.per_move:
        settings |= {"iterations_floor": PER_MOVE_FLOOR, "iterations_cap": PER_MOVE_CAP}
    return settings


def check_agent(spec: str, info: GameInfo) -> None:
    """PnpError unless `spec` names an agent that can play the game `info`."""
    agent = make_agent(spec)
    if isinstance(agent, LookaheadAgent) and info.simultaneous:
        raise PnpError(
            f"agent {spec}: {info.name}'s seats order at once, and lookahead looks ahead one "
            "seat's move at a time; expected random, greedy or mcts"
        )


def parse_agents(text: str, players: int, info: GameInfo) -> tuple[str, ...]:
    """Agent names per seat from `A` (every seat) or `A,B,...` (exactly one per seat), checked
    against the game `info`."""
    if not text.strip():
        raise InputError("agents", repr(text), f"{one_of(AGENTS)}, or one per seat: A,B,...")
    names = tuple(part.strip() for part in text.split(","))
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise InputError(
            "agents", text,
            f"one agent for every seat or exactly {players} (one per seat), from {one_of(AGENTS)}",
            template="{field} {value}: give {accepted}",
        )  # fmt: skip
    for name in names:
        check_agent(name, info)
    return names


def agent_budget(spec: str) -> str:
    """How the agent `spec` chooses, with its budget, in words (for the verdict)."""
    from simulate.agents.budget import PER_MOVE_CAP, PER_MOVE_FLOOR
    from simulate.agents.mcts import MCTSAgent

    agent = make_agent(spec)
    if isinstance(agent, RandomAgent):
        return "a uniformly random legal move"
    if isinstance(agent, LookaheadAgent):
        after = (
            "the other seats' greedy answers" if agent.rounds == 1
            else f"{agent.rounds} rounds of greedy moves, the other seats answering first"
        )  # fmt: skip
        return f"of the {agent.width:,} moves of best immediate value, the one best after {after}"
    if not isinstance(agent, MCTSAgent):
        return "the move of best immediate value"
    iterations = f"{agent.iterations:,} iteration{'s' if agent.iterations != 1 else ''}"
    budget = (
        f"{iterations} per legal move ({PER_MOVE_FLOOR:,} to {PER_MOVE_CAP:,} a decision)"
        if agent.per_move else f"{iterations} a decision"
    )  # fmt: skip
    leaves = (
        "leaves scored by the game's evaluation" if agent.rollout == 0
        else f"rollouts of at most {agent.rollout:,} random moves"
    )  # fmt: skip
    return f"tree search, {budget}, {leaves}"
