"""One game played to its end with an agent per seat: stepped through its `State` (the
reference), or inside the game's compiled engine when every seat is random or greedy.

Illegal moves and the turn cap are handled here once, not in every game. simulate/run/runner.py
plays a run's games through these; simulate/run/lockstep.py plays searched games side by side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pnp.games.base import Result, State
from pnp.games.compiled import Starts
from simulate.agents.base import Agent, GreedyAgent, RandomAgent
from simulate.scoring.metrics import LeadTracker


@dataclass(frozen=True)
class Played:
    """How one game went: its result (with the game's facts, `State.facts`), the turns made
    and how often the lead changed."""

    result: Result
    turns: int
    lead_changes: int | None = None


def play(
    state: State[Any], agents: Sequence[Agent], seed: int, max_turns: int, *, compiled: bool = True
) -> Played:
    """Play `state` to the end with one agent per seat (each with its own generator). When
    every seat is the random or the greedy agent and the game has a compiled engine that can
    restore a `State`, the engine plays the same game inside numba
    (simulate/agents/compiled_play.py) and `state` stays where it was; `compiled=False` always steps
    the `State` (the reference)."""
    if compiled and (batch := play_compiled([state], [agents], [seed], max_turns)) is not None:
        return batch[0]
    rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(len(agents))]
    lead = LeadTracker() if state.scores() is not None else None
    turns = 0
    while not state.is_over() and turns < max_turns:
        seats = state.to_act()
        moves = [agents[seat].choose(state, seat, rngs[seat]) for seat in seats]
        state.apply_joint(moves)
        turns += 1
        if lead is not None:
            lead.see(state.scores() or ())
    return _played(state, turns, lead.changes if lead else None)


def play_compiled(
    states: Sequence[State[Any]],
    agents: Sequence[Sequence[Agent]],
    seeds: Sequence[int],
    max_turns: int,
) -> list[Played] | None:
    """`play` of every state with its seats' agents and seed, all inside one compiled call
    (simulate/agents/compiled_play.py `play_many`: the same games; one call for the games on the
    same tables), when every seat of every game is the random or the greedy agent and the game has a
    compiled engine that can restore a `State`; else None. The states stay where they were."""
    policies = compiled_policies(agents)
    if not states or policies is None:
        return None
    compiled = [state.compiled() for state in states]
    if any(c is None or c.restore is None for c in compiled):
        return None
    groups: dict[tuple[int, int], list[int]] = {}  # the games on the same tables, in order
    for g, c in enumerate(compiled):
        assert c is not None
        groups.setdefault((id(c.context), len(c.position)), []).append(g)
    played: list[Played | None] = [None] * len(states)
    for members in groups.values():
        first = compiled[members[0]]
        assert first is not None
        starts = Starts(
            first.engine, first.context,
            np.stack([compiled[g].position for g in members]),  # type: ignore[union-attr]
            [compiled[g].restore for g in members],  # type: ignore[misc, union-attr]
        )  # fmt: skip
        records = play_starts(
            starts, [policies[g] for g in members], [seeds[g] for g in members], max_turns
        )
        for g, record in zip(members, records, strict=True):
            played[g] = record
    return played  # type: ignore[return-value]


def play_starts(
    starts: Starts, policies: Sequence[Sequence[int]], seeds: Sequence[int], max_turns: int
) -> list[Played]:
    """The games of `starts` played in one compiled call (simulate/agents/compiled_play.py)."""
    from simulate.agents.compiled_play import play_many

    scored = starts.restores[0](starts.positions[0]).scores() is not None
    return [
        _played(state, turns, changes if scored else None)
        for state, turns, changes in play_many(starts, policies, seeds, max_turns, scored)
    ]


def compiled_policies(agents: Sequence[Sequence[Agent]]) -> list[list[int]] | None:
    """The compiled policy of every seat of every game, or None if one is neither."""
    policies = [_policies(seats) for seats in agents]
    return None if any(row is None for row in policies) else policies  # type: ignore[return-value]


def _policies(agents: Sequence[Agent]) -> list[int] | None:
    """The compiled policy of every seat (simulate/agents/compiled_play.py), or None if a seat's
    agent is neither the random nor the (compiled) greedy agent."""
    from simulate.agents.compiled_play import GREEDY, RANDOM

    policies = []
    for agent in agents:
        if type(agent) is RandomAgent:
            policies.append(RANDOM)
        elif type(agent) is GreedyAgent and agent.compiled:
            policies.append(GREEDY)
        else:
            return None
    return policies


def _played(state: State[Any], turns: int, lead_changes: int | None) -> Played:
    result = state.result() if state.is_over() else state.undecided_result()
    facts = state.facts()
    return Played(replace(result, facts=facts) if facts else result, turns, lead_changes)
