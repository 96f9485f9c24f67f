"""Plays many games with agents per seat and returns one record per game, in a fixed order.

Seeds: every random choice derives from one master seed through numpy's SeedSequence. Setup i
is drawn from the spawn key (i,) and game j on setup i from (i, j); each seat's agent gets one
child of the game's own seed. Nothing depends on which worker plays a game or in what order
games finish, so 1 worker and 8 workers give the same records and the same summary.

Illegal moves and the turn cap are handled here once, not in every game.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pnp.errors import InputError
from pnp.games import get_game
from pnp.games.base import Facts, Game, Outcome, Setup, check_seed
from pnp.games.options import GameOptions
from simulate.agents.base import Agent, make_agent
from simulate.agents.mcts import MCTSAgent
from simulate.run.heap import keep_freed_memory
from simulate.run.play import Played, compiled_policies, play, play_compiled, play_starts


@dataclass(frozen=True)
class GameRecord:
    index: int  # game number in the run
    setup_index: int
    setup: str  # the setup's label (its seed, or its own id)
    game_seed: int
    rotation: int  # seat s holds the setup's player (s + rotation) % players, with its agent
    agents: tuple[str, ...]  # agent per seat, after rotation
    scores: tuple[float, ...] | None
    ranks: tuple[int, ...]
    turns: int
    outcome: Outcome
    lead_changes: int | None = None  # changes of the sole leader, for games with running scores
    facts: Facts = field(default_factory=dict)  # the game's own facts (State.facts)


MAX_GAMES = 10**12  # a run of this many games takes years; beyond it, nothing can finish


@dataclass(frozen=True)
class Place:
    """Where a game of a plan is played: its setup, its number among that setup's games, its
    seat rotation, and the match it belongs to (its own number when the run is not paired)."""

    setup_index: int
    game_in_setup: int
    rotation: int
    match: int


@dataclass(frozen=True)
class RunPlan:
    """What to play: `games` games over the setups, agents per seat, one master seed.

    `setups` holds fixed setups (from a file); otherwise `random_setups` setups are drawn from
    the master seed with `options`. Game g is played on setup g mod M (its game g div M there).
    In paired mode the games come in matches of `players` neighbouring numbers: match
    b = g div players is played on setup b mod M, and its game of rotation g mod players is that
    setup's game (b div M) * players + rotation, so every setup sees every seat order equally
    often and a match's games are played and stored together (a run folds its matches holding
    a few at a time, whatever its count). Seat s then holds the setup's player
    (s + rotation) mod players, with that player's agent and whatever the setup binds to the
    player (`Game.rotated`).
    """

    game: str
    options: GameOptions
    agents: tuple[str, ...]
    seed: int
    games: int
    setups: tuple[Setup, ...] = ()
    random_setups: int = 0
    paired: bool = False
    max_turns: int | None = None

    def __post_init__(self) -> None:
        """InputError for counts no run can finish (MAX_GAMES) or seeds beyond 64 bits."""
        for name, count in (("games", self.games), ("setups", self.setup_count)):
            if not 1 <= count <= MAX_GAMES:
                raise InputError(name, count, f"a whole number from 1 to {MAX_GAMES:,}")
        check_seed(self.seed)

    @property
    def setup_count(self) -> int:
        return len(self.setups) or self.random_setups

    def place(self, index: int) -> Place:
        """Where game `index` is played (see the class docstring)."""
        count = self.setup_count
        if not self.paired:
            return Place(index % count, index // count, 0, index)
        players = self.options.players
        match, rotation = divmod(index, players)
        return Place(match % count, match // count * players + rotation, rotation, match)

    def tasks(self, start: int = 0, stop: int | None = None) -> range:
        """The game numbers from `start` to `stop` (all games by default), without building a
        list: a plan of 10^12 games costs nothing until its games are played."""
        return range(start, self.games if stop is None else min(stop, self.games))


def setup_seed(master: int, setup_index: int) -> int:
    return int(np.random.SeedSequence(master, spawn_key=(setup_index,)).generate_state(1)[0])


def game_seed(master: int, setup_index: int, game_in_setup: int) -> int:
    words = np.random.SeedSequence(master, spawn_key=(setup_index, game_in_setup)).generate_state(2)
    return int(words[0]) << 32 | int(words[1])


@dataclass(frozen=True)
class GameSpec:
    """One game of a plan before it is played."""

    index: int
    setup_index: int
    setup: Setup
    seed: int
    rotation: int
    agents: tuple[str, ...]


@dataclass
class Worker:
    """Plays games of one plan; built once per process, keeps the last setup it drew."""

    plan: RunPlan
    _cache: dict[int, Setup] = field(default_factory=dict)

    def __post_init__(self) -> None:
        keep_freed_memory()  # chunk after chunk, a batch engine reuses its arrays' memory

    def setup(self, setup_index: int) -> Setup:
        if self.plan.setups:
            return self.plan.setups[setup_index]
        if setup_index not in self._cache:
            self._cache.clear()
            game = get_game(self.plan.game)
            seed = setup_seed(self.plan.seed, setup_index)
            self._cache[setup_index] = game.random_setup(seed, self.plan.options)
        return self._cache[setup_index]

    def spec(self, index: int) -> GameSpec:
        """Game `index` of the plan: its setup, seed and the agent in each seat."""
        plan = self.plan
        players = plan.options.players
        place = plan.place(index)
        setup_index, rotation = place.setup_index, place.rotation
        names = tuple(plan.agents[(s + rotation) % players] for s in range(players))
        seed = game_seed(plan.seed, setup_index, place.game_in_setup)
        setup = self.setup(setup_index)
        if rotation:
            setup = get_game(plan.game).rotated(setup, rotation)
        return GameSpec(index, setup_index, setup, seed, rotation, names)

    def play_chunk(self, indices: Sequence[int]) -> list[GameRecord]:
        """Play games `indices` (`play_games`)."""
        game = get_game(self.plan.game)
        cap = self.plan.max_turns or game.info.max_turns
        specs = [self.spec(i) for i in indices]
        seats = [[make_agent(name) for name in s.agents] for s in specs]
        played = play_games(game, [s.setup for s in specs], seats, [s.seed for s in specs], cap)
        return [
            GameRecord(
                s.index,
                s.setup_index,
                game.setup_label(s.setup),
                s.seed,
                s.rotation,
                s.agents,
                p.result.scores,
                p.result.ranks,
                p.turns,
                p.result.outcome,
                p.lead_changes,
                p.result.facts,
            )
            for s, p in zip(specs, played, strict=True)
        ]


def play_games(
    game: Game[Any],
    setups: Sequence[Setup],
    agents: Sequence[Sequence[Agent]],
    seeds: Sequence[int],
    max_turns: int,
) -> list[Played]:
    """Games (a setup, its seats' agents and a seed each) as a run plays them: a game without
    choices (Platypus) all at once by its batch engine; inside one compiled call if every seat is
    the random or the greedy agent and the game has a compiled engine (`play_compiled`; from
    start positions made at once where the game makes them, `Game.compiled_starts`);
    searched in lockstep if a seat searches (simulate/run/lockstep.py); else one by one. All but the
    batch engine play the very games `play` plays through the `State`."""
    if not game.info.has_choices:
        batch = game.play_random_batch(list(zip(setups, seeds, strict=True)), max_turns)
        if batch is not None:
            return [Played(result, turns) for result, turns in batch]
    policies = compiled_policies(agents)
    if policies is not None and setups and (starts := game.compiled_starts(setups)) is not None:
        return play_starts(starts, policies, seeds, max_turns)
    states = [game.new_state(setup) for setup in setups]
    compiled = play_compiled(states, agents, seeds, max_turns)
    if compiled is not None:
        return compiled
    if any(isinstance(agent, MCTSAgent) for seats in agents for agent in seats):
        from simulate.run.lockstep import lockstep_games  # numba loads only for a search

        searched = lockstep_games(states, agents, seeds, max_turns)
        if searched is not None:
            return searched
    return [
        play(state, seats, seed, max_turns)
        for state, seats, seed in zip(states, agents, seeds, strict=True)
    ]


def chunks(indices: Sequence[int], size: int) -> Iterator[list[int]]:
    """`indices` in lists of `size`, one list at a time (a range is never built whole)."""
    for start in range(0, len(indices), size):
        yield list(indices[start : start + size])


Progress = Callable[[int], None]


class IndexSet:
    """Game numbers as sorted disjoint ranges: chunks finish whole, so a run's finished games are
    a few ranges however many games they hold, and a set of 10^9 numbers stays small."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._stops: list[int] = []
        self.count = 0

    def __contains__(self, index: object) -> bool:
        if not isinstance(index, int):
            return False
        at = bisect.bisect_right(self._starts, index) - 1
        return at >= 0 and index < self._stops[at]

    def add(self, index: int) -> bool:
        """Add `index`; False if it was already in."""
        if index in self:
            return False
        self._join(index, index + 1)
        return True

    def update(self, indices: Sequence[int]) -> None:
        """Add every number of `indices` (a finished chunk's games): a run of consecutive numbers
        not yet in is joined in one step, so a run's bookkeeping costs a few steps a chunk, not
        a search a game (issue 19); anything else number by number."""
        if not indices:
            return
        start, stop = indices[0], indices[0] + len(indices)
        at = bisect.bisect_right(self._starts, start) - 1
        free = (at < 0 or self._stops[at] <= start) and (
            at + 1 >= len(self._starts) or stop <= self._starts[at + 1]
        )
        if free and tuple(indices) == tuple(range(start, stop)):
            self._join(start, stop)
            return
        for index in indices:
            self.add(index)

    def _join(self, start: int, stop: int) -> None:
        """Add the numbers start..stop - 1, none of them in the set yet."""
        at = bisect.bisect_right(self._starts, start) - 1
        joins_left = at >= 0 and self._stops[at] == start
        joins_right = at + 1 < len(self._starts) and self._starts[at + 1] == stop
        if joins_left and joins_right:
            self._stops[at] = self._stops[at + 1]
            del self._starts[at + 1], self._stops[at + 1]
        elif joins_left:
            self._stops[at] = stop
        elif joins_right:
            self._starts[at + 1] = start
        else:
            self._starts.insert(at + 1, start)
            self._stops.insert(at + 1, stop)
        self.count += stop - start

    def copy(self) -> IndexSet:
        copied = IndexSet()
        copied._starts, copied._stops, copied.count = [*self._starts], [*self._stops], self.count
        return copied

    def ranges(self) -> Iterator[range]:
        """The numbers in the set as ranges, in order."""
        for low, high in zip(self._starts, self._stops, strict=True):
            yield range(low, high)

    def missing(self, stop: int) -> Iterator[range]:
        """The ranges of numbers below `stop` not in the set, in order."""
        start = 0
        for low, high in zip(self._starts, self._stops, strict=True):
            if low >= stop:
                break
            if start < low:
                yield range(start, low)
            start = max(start, high)
        if start < stop:
            yield range(start, stop)


def missing_chunks(done: IndexSet, stop: int, size: int) -> Iterator[list[int]]:
    """The games below `stop` not in `done`, `size` at a time, each chunk a run of consecutive
    numbers; lazily, so the chunks of 10^12 games are never held at once."""
    for gap in done.missing(stop):
        yield from chunks(gap, size)
