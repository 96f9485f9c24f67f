"""Compensation: the points that would even the seats, for the balance verdict.

Two methods, by how a game could give points at the table (`GameInfo.compensation`):

- **Komi** ("end": the highest score wins, two players). The margin of a finished game is the
  first seat's score minus the second's. With a komi of k points given to the second seat, the
  first seat's points share is F(k) = P(margin > k) + P(margin = k) / 2 (a tie after the komi
  counts half a win each; a game's own tie-break, such as Penguins' tiles, is left out). The
  komi is the k among the margins and the half points beside them that brings F(k) nearest 1/2
  (the smallest such k: a whole range of k can be equally fair). Its 95% interval is a
  percentile bootstrap (999 resamples, a generator seeded from the run's seed): over games when
  each setup has one finished game or there is one setup (a sheet given as a board file), else
  over setups (the setup is the unit: its games share a board). A game without choices
  (Platypus) takes the deal as the unit: the games of the deals that end in every seat order
  (a deal ending in one order alone would give its table's advantage to one seat), resampled by
  deal.
- **Seat gaps** ("start": a race to a goal, any number of players, Wallaby). Per seat, the mean
  score over finished games and how many points it trails the best seat (the seat with the
  highest mean score over all the games), with the same bootstrap of that difference: the
  points each seat would need as a head start (Wallaby: in its setup harvest, or
  as a goal that much lower) to reach the best seat's mean. The simple reading assumes a head
  start adds its points to the seat's final score.

Games are folded as they are read back, one at a time: per setup, a count per margin (or per
score vector), never a list of games, so a verdict over 10^9 games takes the memory of one over
10^3. The bootstrap works on those counts: a resample of games is a multinomial draw of games
per margin, a resample of setups pools the counts of the setups drawn (a sparse table, scipy).
scipy.stats.bootstrap is not used because it resamples an array holding every game (and draws
999 x n indices at once): the same percentile method, in memory that grows with the run.

`second_share_with` replays the verdict on fresh games: the second seat's points share with a
komi applied, with its bootstrap interval, which should hold 1/2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import sparse

from pnp.games.base import Outcome
from simulate.runner import GameRecord

RESAMPLES = 999
STREAM = 0x6B6F6D69  # "komi": the bootstrap's generator is its own stream of the run's seed


@dataclass(frozen=True)
class Komi:
    """Points to give the second seat; `unit` says what the bootstrap resampled."""

    points: float
    ci95: tuple[float, float]
    first_share_before: float  # the first seat's points share with no komi
    first_share_after: float  # with the komi, on the same games (the fresh-seed check is apart)
    games: int
    unit: str  # "games" or "setups" ("deals" in a Compensation, simulate/compensation.py)
    units: int


@dataclass(frozen=True)
class SeatGap:
    seat: int  # 1-based
    mean_score: float
    behind_best: float
    ci95: tuple[float, float]


def first_share(margins: np.ndarray, komi: float) -> float:
    """F(komi): the first seat's points share when the second seat gets `komi` points."""
    values, counts = np.unique(margins, return_counts=True)
    return float(_shares(values, counts[None, :], np.array([komi]))[0, 0])


def _shares(values: np.ndarray, counts: np.ndarray, komis: np.ndarray) -> np.ndarray:
    """F at each of `komis` (columns) for each row of `counts` (games per sorted margin
    `values`): a search and cumulative counts, never a pass per game."""
    ends = np.concatenate([np.zeros((len(counts), 1)), np.cumsum(counts, axis=1)], axis=1)
    left = np.searchsorted(values, komis, side="left")
    right = np.searchsorted(values, komis, side="right")
    n = ends[:, -1:]
    return np.asarray((n - ends[:, right] + 0.5 * (ends[:, right] - ends[:, left])) / n)


def _candidates(values: np.ndarray) -> np.ndarray:
    return np.unique(np.concatenate([values - 0.5, values, values + 0.5]))


def _komis(values: np.ndarray, counts: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """The komi of each row of `counts`: the candidate nearest a share of 1/2, the smallest in
    size among equally near ones (the more negative of two of one size)."""
    order = np.lexsort((candidates, np.abs(candidates)))
    ordered = candidates[order]
    distance = np.round(np.abs(_shares(values, counts, ordered) - 0.5), 12)
    return np.asarray(ordered[np.argmin(distance, axis=1)], dtype=float)


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, STREAM]))


class Units:
    """The bootstrap's units, folded game by game: per setup, the finished games per value (a
    margin, or a score vector). The units are the setups, or single games when every setup has
    one game or there is one setup (the verdict is then about that setup). Memory: a count per
    distinct value of each setup, never a game."""

    def __init__(self) -> None:
        self.per_setup: dict[int, Counter[Any]] = {}

    def add(self, setup_index: int, value: Any) -> None:
        found = self.per_setup.get(setup_index)
        if found is None:
            found = self.per_setup[setup_index] = Counter()
        found[value] += 1

    @property
    def unit(self) -> str:
        groups = self.per_setup.values()
        one_each = all(sum(games.values()) == 1 for games in groups)
        return "games" if len(groups) == 1 or one_each else "setups"

    def pooled(self) -> Counter[Any]:
        total: Counter[Any] = Counter()
        for games in self.per_setup.values():
            total.update(games)
        return total

    def units(self) -> int:
        if self.unit == "games":
            return sum(sum(games.values()) for games in self.per_setup.values())
        return len(self.per_setup)

    def resampled(self, values: list[Any], seed: int, by_games: bool = False) -> np.ndarray:
        """RESAMPLES bootstrap resamples as games per value (columns in the order of `values`):
        games drawn with replacement (a multinomial over the values; always with `by_games`),
        or setups drawn with replacement and their games pooled."""
        rng, column = _rng(seed), {value: k for k, value in enumerate(values)}
        if by_games or self.unit == "games":
            counts = self.pooled()
            n = sum(counts.values())
            shares = np.array([counts[v] for v in values], dtype=float) / n
            return np.asarray(rng.multinomial(n, shares, size=RESAMPLES), dtype=float)
        groups = [self.per_setup[k] for k in sorted(self.per_setup)]
        rows = [i for i, games in enumerate(groups) for _ in games]
        columns = [column[v] for games in groups for v in games]
        data = [float(c) for games in groups for c in games.values()]
        table = sparse.csr_matrix((data, (rows, columns)), shape=(len(groups), len(values)))
        batch = max(1, 10**6 // len(groups))  # weights of a batch of resamples at once
        found = []
        for start in range(0, RESAMPLES, batch):
            picks = rng.integers(0, len(groups), size=(min(batch, RESAMPLES - start), len(groups)))
            weights = np.stack([np.bincount(p, minlength=len(groups)) for p in picks])
            found.append(np.asarray((table.T @ weights.T).T))
        return np.concatenate(found)


def widened(
    units: Units, values: list[Any], seed: int, of: Callable[[np.ndarray], np.ndarray], point: float
) -> tuple[float, float]:
    """The bootstrap interval of `of(resampled counts)` over the units; with setups as the
    units, widened to hold the interval over their games, so that a few setups that happen to
    agree never give a narrower interval than their games could (as the verdict's first-seat
    interval: two setups have only three distinct resamples)."""
    low, high = interval(of(units.resampled(values, seed)), point)
    if units.unit == "setups":
        games = interval(of(units.resampled(values, seed, by_games=True)), point)
        low, high = min(low, games[0]), max(high, games[1])
    return low, high


def interval(statistics: np.ndarray, point: float) -> tuple[float, float]:
    """The percentile 95% interval of the resampled `statistics` (the point estimate when
    there is a single unit, or no spread to speak of)."""
    if not len(statistics) or not np.all(np.isfinite(statistics)):
        return point, point
    low, high = np.percentile(statistics, [2.5, 97.5])
    return float(low), float(high)


@dataclass
class MarginFold:
    """Two-player finished games folded into their margins, per setup."""

    units: Units = field(default_factory=Units)
    games: int = 0

    def add(self, record: GameRecord) -> None:
        if (
            record.outcome == Outcome.FINISHED
            and record.scores is not None
            and len(record.ranks) == 2
        ):
            self.units.add(record.setup_index, record.scores[0] - record.scores[1])
            self.games += 1

    def margins(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct margins, sorted, and the games of each."""
        pooled = self.units.pooled()
        values = np.array(sorted(pooled), dtype=float)
        return values, np.array([pooled[v] for v in sorted(pooled)], dtype=float)

    def statistic(self, seed: int, of: Callable[[np.ndarray, np.ndarray], np.ndarray],
                  point: float) -> tuple[float, float]:  # fmt: skip
        """The bootstrap interval of `of(values, counts per row)`."""
        if self.units.units() < 2:
            return point, point
        values, _ = self.margins()
        return widened(self.units, values.tolist(), seed, lambda c: of(values, c), point)


def _fold(records: Iterable[GameRecord]) -> MarginFold:
    fold = MarginFold()
    for record in records:
        fold.add(record)
    return fold


def komi_of(records: Iterable[GameRecord] | MarginFold, seed: int) -> Komi | None:
    """The komi of two-player scored games (see the module docstring); None without any."""
    fold = records if isinstance(records, MarginFold) else _fold(records)
    if not fold.games:
        return None
    values, counts = fold.margins()
    candidates = _candidates(values)
    points = float(_komis(values, counts[None, :], candidates)[0])
    low, high = fold.statistic(seed, lambda v, c: _komis(v, c, candidates), points)
    before, after = _shares(values, counts[None, :], np.array([0.0, points]))[0]
    return Komi(points, (low, high), float(before), float(after), fold.games, fold.units.unit,
                fold.units.units())  # fmt: skip


def second_share_with(
    records: Iterable[GameRecord] | MarginFold, komi: float, seed: int
) -> tuple[float, tuple[float, float]]:
    """The second seat's points share over finished games with `komi` given to it, and its
    bootstrap interval (the fresh-seed check of a komi)."""
    fold = records if isinstance(records, MarginFold) else _fold(records)
    values, counts = fold.margins()
    share = 1.0 - float(_shares(values, counts[None, :], np.array([komi]))[0, 0])

    def shares(v: np.ndarray, c: np.ndarray) -> np.ndarray:
        return np.asarray(1.0 - _shares(v, c, np.array([komi]))[:, 0])

    return share, fold.statistic(seed, shares, share)


@dataclass
class ScoreFold:
    """Finished games of every seat folded into their score vectors, per setup."""

    players: int
    units: Units = field(default_factory=Units)
    games: int = 0

    def add(self, record: GameRecord) -> None:
        finished = record.outcome == Outcome.FINISHED and record.scores is not None
        if finished and len(record.ranks) == self.players:
            self.units.add(record.setup_index, tuple(record.scores or ()))
            self.games += 1


def seat_gaps(records: Iterable[GameRecord] | ScoreFold, players: int, seed: int) -> list[SeatGap]:
    """Per seat, the points it trails the best seat's mean score (see the module docstring)."""
    if isinstance(records, ScoreFold):
        fold = records
    else:
        fold = ScoreFold(players)
        for record in records:
            fold.add(record)
    if not fold.games:
        return []
    pooled = fold.units.pooled()
    values = sorted(pooled)
    scores = np.array(values, dtype=float)  # a row per distinct score vector
    counts = np.array([pooled[v] for v in values], dtype=float)
    means = counts @ scores / counts.sum()
    best = int(np.argmax(means))
    gaps = []
    for seat in range(players):
        point = float(means[best] - means[seat])
        if fold.units.units() < 2:
            low, high = point, point
        else:

            def gap(drawn: np.ndarray, seat: int = seat) -> np.ndarray:
                seat_means = drawn @ scores / drawn.sum(axis=1, keepdims=True)
                return np.asarray(seat_means[:, best] - seat_means[:, seat])

            low, high = widened(fold.units, values, seed + seat, gap, point)
        gaps.append(SeatGap(seat + 1, float(means[seat]), point, (low, high)))
    return gaps
