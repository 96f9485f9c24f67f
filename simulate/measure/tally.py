"""Folding game records, one at a time and in any order, into the measures of
simulate/measure/measures.py.

A run never keeps its records: each finished game is folded into a `RunFold` (the whole run's
`Measures`) and, when the run analyses setups, into its setup's row of a `SetupFold` (kept in
a file: simulate/measure/setupfold.py), then dropped. Memory is O(seats) per tally, plus a count per
distinct value of each distribution (turns, margins, scores, numeric facts), which a turn cap
bounds, whatever the number of games or setups.

A fold counts the finished games per pattern of ranks (a two-player game has three: a win
either way or a draw), from which the standings and the sums of s follow exactly at the end;
the other sums are whole numbers (or Fractions for scores that are not), so the result is the
same in whatever order the games arrive: any number of workers, any executor, a resumed run.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from pnp.games.base import FactValue, Outcome
from simulate.measure.measures import (
    Fact,
    GameFact,
    LongestGame,
    Measures,
    SeatFact,
    SeatTally,
    Tally,
)
from simulate.measure.setupfold import SetupFold, SetupRows, s_units
from simulate.measure.stats import (
    Distribution,
    Exact,
    Rate,
    Standings,
    exact,
    fact_key,
    value_order,
)
from simulate.run.runner import GameRecord

Ranks = tuple[int, ...]


def standings(counts: Iterable[tuple[int, int, int]], unit: int) -> Standings:
    """The standings of (games, rank, seats sharing rank 1) counts; points in 1 / `unit`."""
    wins = draws = losses = points = 0
    for games, rank, sharing in counts:
        if rank != 1:
            losses += games
        elif sharing == 1:
            wins += games
            points += games * unit
        else:
            draws += games
            points += games * (unit // sharing)
    return Standings(wins, draws, losses, Fraction(points, unit))


def _unit(players: int) -> int:
    return math.lcm(*range(1, players + 1))


def margin(scores: Sequence[float]) -> float:
    """Best score - second best."""
    best, second = sorted(scores, reverse=True)[:2]
    return best - second


class TallyFold:
    """A group of games folded into a `Tally` (the whole run, or one setup)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = self.turns = self.margins = self.lead_changes = self.lead_moves = 0
        self.margin_sum: Exact = 0
        self.outcomes = dict.fromkeys(Outcome, 0)
        self.ranks: Counter[Ranks] = Counter()  # finished games per pattern of ranks
        self.scored = 0
        self.score_sum: list[Exact] = [0] * players
        self.score_squares: list[Exact] = [0] * players

    def add(self, record: GameRecord, gap: float | None) -> None:
        """Fold `record`, whose score margin is `gap` (None unless finished with scores)."""
        self.games += 1
        self.outcomes[record.outcome] += 1
        if record.outcome != Outcome.FINISHED:
            return
        self.ranks[record.ranks] += 1
        self.turns += record.turns
        if record.scores is not None:
            self.scored += 1
            sums, squares = self.score_sum, self.score_squares
            for seat, score in enumerate(record.scores):
                value = exact(score)
                sums[seat] += value
                squares[seat] += value * value
        if gap is not None:
            self.margins += 1
            self.margin_sum += exact(gap)
        if record.lead_changes is not None:
            self.lead_changes += record.lead_changes
            self.lead_moves += record.turns

    def merge(self, other: TallyFold) -> None:
        """Add the games of `other` (of the same players), folded elsewhere."""
        self.games += other.games
        self.turns += other.turns
        self.margins += other.margins
        self.lead_changes += other.lead_changes
        self.lead_moves += other.lead_moves
        self.margin_sum += other.margin_sum
        for kind, count in other.outcomes.items():
            self.outcomes[kind] += count
        self.ranks.update(other.ranks)
        self.scored += other.scored
        for seat in range(self.players):
            self.score_sum[seat] += other.score_sum[seat]
            self.score_squares[seat] += other.score_squares[seat]

    def tally(self) -> Tally:
        scale = 2 * (self.players - 1) if self.players > 1 else 2
        unit = _unit(self.players)
        patterns = [(games, ranks, ranks.count(1), s_units(ranks))
                    for ranks, games in sorted(self.ranks.items())]  # fmt: skip
        seats = tuple(
            SeatTally(
                standings(((games, ranks[seat], sharing) for games, ranks, sharing, _ in patterns),
                          unit),
                Fraction(sum(games * units[seat] for games, _, _, units in patterns), scale),
                Fraction(sum(games * units[seat] ** 2 for games, _, _, units in patterns),
                         scale * scale),
                self.scored, self.score_sum[seat], self.score_squares[seat],
            )
            for seat in range(self.players)
        )  # fmt: skip
        shared = sum(games for games, _, sharing, _ in patterns if sharing > 1)
        return Tally(
            self.games, dict(self.outcomes), shared, seats, self.turns, self.margins,
            self.margin_sum, self.lead_changes, self.lead_moves,
        )  # fmt: skip


class FactFold:
    """One fact's values: counts per value over all games (a game fact), and finished games per
    value and rank pattern (a seat fact)."""

    def __init__(self) -> None:
        self.values: Counter[FactValue] = Counter()
        self.seen_per_seat = False  # some game gave a value per seat: a seat fact
        self.per_seat: Counter[tuple[tuple[FactValue, ...], Ranks]] = Counter()

    def add(self, value: FactValue | tuple[FactValue, ...], record: GameRecord) -> None:
        if not isinstance(value, tuple):
            self.values[value] += 1
            return
        self.seen_per_seat = True
        if record.outcome == Outcome.FINISHED:
            self.per_seat[value, record.ranks] += 1

    def merge(self, other: FactFold) -> None:
        self.values.update(other.values)
        self.seen_per_seat |= other.seen_per_seat
        self.per_seat.update(other.per_seat)

    def fact(self, name: str, unit: int) -> Fact:
        if self.seen_per_seat:
            found: dict[FactValue, list[tuple[int, int, int]]] = {}
            for (per_seat, ranks), games in self.per_seat.items():
                for value, rank in zip(per_seat, ranks, strict=False):
                    found.setdefault(value, []).append((games, rank, ranks.count(1)))
            ordered = sorted(found, key=value_order)
            return SeatFact(name, tuple((fact_key(v), standings(found[v], unit))
                                        for v in ordered))  # fmt: skip
        values = self.values
        n = sum(values.values())
        if all(isinstance(v, bool) for v in values):
            return GameFact(name, Rate(sum(count for v, count in values.items() if v), n))
        if all(isinstance(v, int | float) for v in values):
            return GameFact(name, Distribution.of({float(v): c for v, c in values.items()}))
        ordered = sorted(values, key=value_order)
        return GameFact(name, tuple((fact_key(v), values[v]) for v in ordered))


class RunFold:
    """A whole run's games folded into its `Measures`, and each setup's into a row of the
    `SetupFold` when `per_setup` (simulate/measure/setupfold.py: in a file, whatever the setups;
    `setups` of them expected). A chunk's games folded in a worker (`chunk`) keep their setups' rows
    in memory (`SetupRows`), and the run's fold adds them (`merge`): every count is exact, so the
    merged fold is the one the games would have given folded one by one."""

    def __init__(
        self, players: int, per_setup: bool = False, setups: int = 0, *, chunk: bool = False
    ) -> None:
        self.players = players
        self.tally = TallyFold(players)
        self.setups = SetupFold(players, setups) if per_setup and not chunk else None
        self.rows = SetupRows(players) if per_setup and chunk else None
        self.turns: Counter[float] = Counter()
        self.turns_endless: Counter[float] = Counter()
        self.margins: Counter[float] = Counter()
        self.scores: Counter[tuple[int, float]] = Counter()  # (seat, score) of finished games
        self.agents: Counter[tuple[tuple[str, ...], Ranks]] = Counter()  # finished: by ranks
        self.names: set[str] = set()
        self.facts: dict[str, FactFold] = {}
        self.longest: tuple[int, int, LongestGame] | None = None  # (turns, -index, game)

    def add(self, record: GameRecord) -> None:
        finished = record.outcome == Outcome.FINISHED
        scores = record.scores
        gap = margin(scores) if finished and scores is not None and len(scores) > 1 else None
        self.tally.add(record, gap)
        if self.setups is not None:
            self.setups.add(record, gap)
        if self.rows is not None:
            self.rows.add(record, gap)
        self.names.update(record.agents)
        for name, value in record.facts.items():
            fold_fact = self.facts.get(name)
            if fold_fact is None:
                fold_fact = self.facts[name] = FactFold()
            fold_fact.add(value, record)
        if not finished:
            if record.outcome == Outcome.ENDLESS:
                self.turns_endless[record.turns] += 1
            return
        self.turns[record.turns] += 1
        if gap is not None:
            self.margins[gap] += 1
        if scores is not None:
            for seat_score in enumerate(scores):
                self.scores[seat_score] += 1
        self.agents[record.agents, record.ranks] += 1
        if self.longest is None or (record.turns, -record.index) > self.longest[:2]:
            found = LongestGame(record.index, record.setup, record.rotation, record.turns)
            self.longest = (record.turns, -record.index, found)

    def merge(self, other: RunFold) -> None:
        """Add the games of `other` (a chunk's, folded elsewhere with `chunk`)."""
        self.tally.merge(other.tally)
        if self.setups is not None and other.rows is not None:
            self.setups.merge(other.rows)
        self.names.update(other.names)
        for name, fact in other.facts.items():
            self.facts.setdefault(name, FactFold()).merge(fact)
        self.turns.update(other.turns)
        self.turns_endless.update(other.turns_endless)
        self.margins.update(other.margins)
        self.scores.update(other.scores)
        self.agents.update(other.agents)
        longest = other.longest
        if longest is not None and (self.longest is None or longest[:2] > self.longest[:2]):
            self.longest = longest

    def measures(self) -> Measures:
        unit = _unit(self.players)
        return Measures(
            self.tally.tally(),
            tuple(self._scores(seat) for seat in range(self.players)),
            tuple((name, self._agent(name, unit)) for name in sorted(self.names)),
            Distribution.of(self.margins),
            Distribution.of(self.turns),
            Distribution.of(self.turns_endless),
            tuple(self.facts[name].fact(name, unit) for name in sorted(self.facts)),
            self.longest[2] if self.longest is not None else None,
        )

    def _scores(self, seat: int) -> Distribution | None:
        counts = {score: n for (one, score), n in self.scores.items() if one == seat}
        return Distribution.of(counts) if counts else None

    def _agent(self, name: str, unit: int) -> Standings:
        return standings(((games, rank, ranks.count(1))
                          for (agents, ranks), games in self.agents.items()
                          for agent, rank in zip(agents, ranks, strict=True) if agent == name),
                         unit)  # fmt: skip


def measures_of(records: Iterable[GameRecord], players: int) -> Measures:
    """The measures of `records` (in any order), folded one at a time."""
    fold = RunFold(players)
    for record in records:
        fold.add(record)
    return fold.measures()
