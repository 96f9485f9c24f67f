"""The setups of a balance run as columns: what the per-setup statistics read, and what they give.

`SetupTable` holds one row per setup with a game, in setup order, in a structured numpy array
kept in a temporary file (simulate/measure/setupfold.py `mapped`): the counts and sums
(`SetupCounts`) and the other measures (`SetupMeasures`) that simulate/measure/setups.py judges,
then the columns the judging writes (p-value, FDR flag, verdict, rank, balances). The statistics
stream over it a chunk at a time and sort only a column or two, so judging a million setups holds a
few numbers per setup in memory, never an object. `SetupCounts` and `SetupMeasures` are its rows as
records: a table is built from a run's `SetupFold` (`table_of_fold`) or from records (`table_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pnp.games.base import Outcome
from pnp.lazylist import LazySequence
from simulate.measure.inference import wilson
from simulate.measure.measures import Tally
from simulate.measure.setupfold import (
    CHUNK,
    COMMON,
    FINISHED,
    LEAD_CHANGES,
    LEAD_MOVES,
    MARGIN_SUM,
    MARGINS,
    PLAYED,
    RELEASE,
    SHARED,
    TURNS,
    UNDECIDED,
    SetupFold,
    mapped,
    release,
)
from simulate.measure.shrinkage import BetaPrior, shrink
from simulate.measure.stats import Exact, Rate
from simulate.scoring.metrics import balance

RATES = ("completion", "draws", "cap_reached")
MEANS = ("turns_mean", "margin_mean", "lead_changes_per_move")


@dataclass(frozen=True)
class SetupMeasures:
    """One setup's other measures; rates as (rate, low, high) with Wilson 95% intervals."""

    played: int  # all games of the setup, finished or not
    completion: tuple[float, float, float]  # finished / played
    draws: tuple[float, float, float]  # shared first place / finished
    cap_reached: tuple[float, float, float]  # stopped by the turn cap / played
    turns_mean: float | None  # over finished games
    margin_mean: float | None  # best - second best score, over finished games with scores
    lead_changes_per_move: float | None  # games with running scores


def _rate(rate: Rate) -> tuple[float, float, float]:
    low, high = rate.ci95
    return (round(rate.rate, 6), round(low, 6), round(high, 6))


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def setup_measures(
    played: int, finished: int, shared: int, undecided: int, turns: int, margins: int,
    margin_sum: Exact, lead_changes: int, lead_moves: int,
) -> SetupMeasures:  # fmt: skip
    """The other measures of one setup's games, from its counts: a `Tally` of them measures
    them as it measures the whole run (simulate/measure/measures.py; the seats are judged apart)."""
    outcomes = {Outcome.FINISHED: finished, Outcome.UNDECIDED: undecided,
                Outcome.ENDLESS: played - finished - undecided}  # fmt: skip
    tally = Tally(played, outcomes, shared, (), turns, margins, margin_sum, lead_changes,
                  lead_moves)  # fmt: skip
    return SetupMeasures(
        played, _rate(tally.completion), _rate(tally.draws),
        _rate(tally.outcome_rate(Outcome.UNDECIDED)), _round(tally.turns_mean),
        _round(tally.margin_mean), _round(tally.lead_changes_per_move),
    )  # fmt: skip


@dataclass(frozen=True)
class SeatCounts:
    """One seat's results over a setup's finished games, as counts and sums."""

    wins: int  # sole first place
    draws: int  # shared first place
    sum_s: float
    sum_s2: float


@dataclass(frozen=True)
class SetupCounts:
    """A setup's games as counts and sums: all the per-setup statistics need."""

    setup_index: int
    setup: str  # the setup's label (its seed: `pnp kit GAME --seed` prints it)
    played: int
    finished: int
    seats: tuple[SeatCounts, ...]

    @property
    def wins(self) -> tuple[int, ...]:
        return tuple(seat.wins for seat in self.seats)


def table_dtype(players: int) -> np.dtype[Any]:
    seats = (players,)
    return np.dtype([
        ("index", "i8"), ("played", "i8"), ("finished", "i8"), ("wins", "i8", seats),
        ("shared_wins", "i8", seats), ("sum_s", "f8", seats), ("sum_s2", "f8", seats),
        *((name, "f8", (3,)) for name in RATES), *((name, "f8") for name in MEANS),
        # written by the judging (simulate/measure/setups.py); NaN stands for None
        ("p_value", "f8"), ("unfair", "?"), ("verdict", "u1"), ("rank", "i8"),
        ("advantage", "f8"), ("balance", "f8"), ("shrunk_balance", "f8"),
    ])  # fmt: skip


def _none(value: float | None) -> float:
    return np.nan if value is None else value


def _value(value: float) -> float | None:
    return None if value != value else float(value)  # NaN is None


class SetupTable:
    """The setups' rows (see the module docstring) and their labels."""

    def __init__(self, players: int, count: int, label: Callable[[int], str]) -> None:
        self.players = players
        self.rows: np.ndarray[Any, Any] = mapped(table_dtype(players), (count,))
        self.label = label
        self.reads = 0

    def __len__(self) -> int:
        return len(self.rows)

    def chunks(self) -> Iterator[tuple[int, np.ndarray[Any, Any]]]:
        """(start, rows) a chunk at a time, in setup order; writing to the rows writes the table."""
        for start in range(0, len(self.rows), CHUNK):
            yield start, self.rows[start : start + CHUNK]
            if (start + CHUNK) % RELEASE == 0:
                release(self.rows)
        release(self.rows)

    def touched(self) -> None:
        """Count a row read out of order; release the table's pages every so many."""
        self.reads += 1
        if self.reads % RELEASE == 0:
            release(self.rows)

    def counts(self, position: int) -> SetupCounts:
        row = self.rows[position]
        columns = (row["wins"], row["shared_wins"], row["sum_s"], row["sum_s2"])
        seats = tuple(SeatCounts(int(w), int(d), float(s), float(s2))
                      for w, d, s, s2 in zip(*columns, strict=True))  # fmt: skip
        index = int(row["index"])
        return SetupCounts(index, self.label(index), int(row["played"]), int(row["finished"]),
                           seats)  # fmt: skip

    def measures(self, position: int) -> SetupMeasures:
        row = self.rows[position]
        rates = (tuple(float(v) for v in row[name]) for name in RATES)
        return SetupMeasures(int(row["played"]), *rates, *(_value(row[name]) for name in MEANS))  # type: ignore[arg-type]


def _set_measures(row: np.ndarray[Any, Any], measures: SetupMeasures) -> None:
    for name in RATES:
        row[name] = getattr(measures, name)
    for name in MEANS:
        row[name] = _none(getattr(measures, name))


def table_of(counts: Sequence[SetupCounts], measures: Sequence[SetupMeasures]) -> SetupTable:
    """The table of setups given as records (in setup order)."""
    labels = {c.setup_index: c.setup for c in counts}
    players = len(counts[0].seats) if counts else 0
    table = SetupTable(players, len(counts), labels.__getitem__)
    for position, (count, measure) in enumerate(zip(counts, measures, strict=True)):
        row = table.rows[position]
        row["index"], row["played"] = count.setup_index, count.played
        row["finished"] = count.finished
        for field, values in (("wins", [s.wins for s in count.seats]),
                              ("shared_wins", [s.draws for s in count.seats]),
                              ("sum_s", [s.sum_s for s in count.seats]),
                              ("sum_s2", [s.sum_s2 for s in count.seats])):  # fmt: skip
            row[field] = values
        _set_measures(row, measure)
    return table


def table_of_fold(fold: SetupFold) -> SetupTable:
    """The table of a run's folded setups, read a chunk at a time. s = units / (2 (N - 1)),
    the correctly rounded quotient, as float(Fraction) gives it."""
    players, scale = fold.players, fold.scale
    table = SetupTable(players, len(fold), fold.label)
    position = 0
    for indexes, rows in fold.chunks():
        part = table.rows[position : position + len(indexes)]
        part["index"], part["played"] = indexes, rows[:, PLAYED]
        part["finished"] = rows[:, FINISHED]
        seat = COMMON
        for field in ("wins", "shared_wins"):
            part[field] = rows[:, seat : seat + players]
            seat += players
        part["sum_s"] = rows[:, seat : seat + players] / scale
        part["sum_s2"] = rows[:, seat + players : seat + 2 * players] / (scale * scale)
        for offset, (index, row) in enumerate(zip(indexes.tolist(), rows.tolist(), strict=True)):
            _set_measures(part[offset], setup_measures(
                row[PLAYED], row[FINISHED], row[SHARED], row[UNDECIDED], row[TURNS],
                row[MARGINS], fold.margin_sum(index, row[MARGIN_SUM]), row[LEAD_CHANGES],
                row[LEAD_MOVES],
            ))  # fmt: skip
        position += len(indexes)
    release(table.rows)
    return table


FAIR, UNFAIR, UNDETERMINED, NO_FINISHED_GAME = "fair", "unfair", "undetermined", "no finished game"
VERDICTS = (FAIR, UNFAIR, UNDETERMINED, NO_FINISHED_GAME)


@dataclass(frozen=True)
class SetupFairness:
    """One setup's verdict: raw and shrunk mean s per seat, the intervals, the tests."""

    setup_index: int
    setup: str
    games: int  # finished games
    wins: tuple[int, ...]  # sole wins per seat
    mean_s: tuple[float, ...]  # raw, over finished games (empty when none finished)
    s_ci95: tuple[tuple[float, float], ...]  # Wilson on the sum of s, per seat
    shrunk_s: tuple[
        float, ...
    ]  # empirical Bayes toward the pooled mean (simulate/measure/shrinkage.py)
    p_value: float  # every seat wins equally often (decisive games), as computed
    measures: SetupMeasures
    unfair: bool = False  # flagged by Benjamini-Hochberg at FDR 5%
    verdict: str = UNDETERMINED  # fair | unfair | undetermined | no finished game
    rank: int | None = None  # 1 = fairest, only when the setups are shown to differ

    @property
    def advantage(self) -> float | None:
        """first_seat_s_advantage: the first seat's mean s - 1/2."""
        return self.mean_s[0] - 0.5 if self.mean_s else None

    @property
    def balance(self) -> float | None:
        return balance(self.mean_s) if self.mean_s else None

    @property
    def shrunk_balance(self) -> float | None:
        return balance(self.shrunk_s) if self.shrunk_s else None


def fairness_numbers(
    sums: Sequence[float], finished: int, priors: Sequence[BetaPrior]
) -> tuple[tuple[float, ...], tuple[tuple[float, float], ...], tuple[float, ...]]:
    """A setup's raw mean s, Wilson intervals and shrunk mean s per seat (empty without a
    finished game)."""
    n = finished
    if not n:
        return (), (), ()
    return (tuple(s / n for s in sums), tuple(wilson(s, n) for s in sums),
            tuple(shrink(prior, s, n) for prior, s in zip(priors, sums, strict=True)))  # fmt: skip


class SetupRows(LazySequence[SetupFairness]):
    """The judged setups as a sequence of `SetupFairness`, each made when asked for from its
    row: fairest first when `order` (row positions) is given, else in setup order."""

    def __init__(self, table: SetupTable, priors: Sequence[BetaPrior],
                 order: np.ndarray[Any, Any] | None) -> None:  # fmt: skip
        self.table, self.priors, self.order = table, tuple(priors), order

    def __len__(self) -> int:
        return len(self.table)

    def position(self, item: int) -> int:
        """The table row of the `item`th setup shown."""
        return int(self.order[item]) if self.order is not None else item

    def column(self, name: str) -> np.ndarray[Any, Any]:
        """A column in the order shown (a copy: a number per setup)."""
        values = self.table.rows[name]
        return values[self.order] if self.order is not None else np.array(values)

    def item(self, index: int) -> SetupFairness:
        position = self.position(index)
        row, table = self.table.rows[position], self.table
        table.touched()
        counts = table.counts(position)
        means, intervals, shrunk = fairness_numbers([s.sum_s for s in counts.seats],
                                                    counts.finished, self.priors)  # fmt: skip
        rank = int(row["rank"])
        return SetupFairness(
            counts.setup_index, counts.setup, counts.finished, counts.wins, means, intervals,
            shrunk, float(row["p_value"]), table.measures(position), bool(row["unfair"]),
            VERDICTS[int(row["verdict"])], rank or None,
        )  # fmt: skip
