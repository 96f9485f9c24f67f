"""Compensation: the points that would even the seats, for the balance verdict.

Two methods, by how a game could give points at the table (`GameInfo.compensation`):

- **Komi** ("end": the highest score wins, two players). The margin of a finished game is the
  first seat's score minus the second's. With a komi of k points given to the second seat, the
  first seat's points share is F(k) = P(margin > k) + P(margin = k) / 2 (a tie after the komi
  counts half a win each; a game's own tie-break, such as Penguins' tiles, is left out). The
  komi is the k among the margins and the half points beside them that brings F(k) nearest 1/2
  (the smallest such k: a whole range of k can be equally fair). Its 95% interval is a
  percentile bootstrap (999 resamples, drawn from the run's seed): over games when
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

Games are folded as they are read back, one at a time, never kept: the games per distinct
margin (or score vector) pooled, and the bootstrap's 999 resamples folded as the games come
(simulate/measure/bootstrap.py): over games, a multinomial draw of games per margin; over setups, a
Poisson bootstrap, each setup weighted in each resample by a Poisson(1) draw from the run's
seed and the setup's number. Its memory is 999 counts per distinct margin (999 sums per seat
for the seat gaps) and a bit per setup, so a verdict over 10^9 games takes about the memory of
one over 10^3 (tests/simulate/test_compensation_memory.py).

`second_share_with` replays the verdict on fresh games: the second seat's points share with a
komi applied, with its bootstrap interval, which should hold 1/2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from pnp.games.base import Outcome
from simulate.measure.bootstrap import Units, widened
from simulate.run.runner import GameRecord

ROWS = 64  # bootstrap resamples whose komi is searched at a time


@dataclass(frozen=True)
class Komi:
    """Points to give the second seat; `unit` says what the bootstrap resampled."""

    points: float
    ci95: tuple[float, float]
    first_share_before: float  # the first seat's points share with no komi
    first_share_after: float  # with the komi, on the same games (the fresh-seed check is apart)
    games: int
    unit: str  # "games" or "setups" ("deals" in a Compensation, simulate/measure/compensation.py)
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
    size among equally near ones (the more negative of two of one size). Rows are searched
    ROWS at a time: the shares of every row at every candidate at once took some 12 times the
    memory of the resamples' counts (999 x 3 candidates per distinct margin, and its
    temporaries), which grew as a long run met rarer margins."""
    order = np.lexsort((candidates, np.abs(candidates)))
    ordered = candidates[order]
    found = np.empty(len(counts))
    for start in range(0, len(counts), ROWS):
        part = counts[start : start + ROWS]
        distance = np.round(np.abs(_shares(values, part, ordered) - 0.5), 12)
        found[start : start + ROWS] = ordered[np.argmin(distance, axis=1)]
    return found


class MarginFold:
    """Two-player finished games folded into their margins; `seed` (the run's) draws the
    bootstrap's weights of each setup (simulate/measure/bootstrap.py)."""

    def __init__(self, seed: int) -> None:
        self.units = Units(seed)

    @property
    def games(self) -> int:
        return self.units.games

    def add(self, record: GameRecord) -> None:
        if (
            record.outcome == Outcome.FINISHED
            and record.scores is not None
            and len(record.ranks) == 2
        ):
            self.units.add(record.setup_index, record.scores[0] - record.scores[1])

    def margins(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct margins, sorted, and the games of each."""
        pooled = self.units.pooled
        values = np.array(sorted(pooled), dtype=float)
        return values, np.array([pooled[v] for v in sorted(pooled)], dtype=float)

    def statistic(self, seed: int, of: Callable[[np.ndarray, np.ndarray], np.ndarray],
                  point: float) -> tuple[float, float]:  # fmt: skip
        """The bootstrap interval of `of(values, counts per row)`."""
        if self.units.units() < 2:
            return point, point
        values, _ = self.margins()
        return widened(self.units, values.tolist(), seed, lambda c: of(values, c), point)


def _fold(records: Iterable[GameRecord], seed: int) -> MarginFold:
    fold = MarginFold(seed)
    for record in records:
        fold.add(record)
    return fold


def komi_of(records: Iterable[GameRecord] | MarginFold, seed: int) -> Komi | None:
    """The komi of two-player scored games (see the module docstring); None without any."""
    fold = records if isinstance(records, MarginFold) else _fold(records, seed)
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
    fold = records if isinstance(records, MarginFold) else _fold(records, seed)
    values, counts = fold.margins()
    share = 1.0 - float(_shares(values, counts[None, :], np.array([komi]))[0, 0])

    def shares(v: np.ndarray, c: np.ndarray) -> np.ndarray:
        return np.asarray(1.0 - _shares(v, c, np.array([komi]))[:, 0])

    return share, fold.statistic(seed, shares, share)


def _games_and_scores(scores: tuple[float, ...]) -> tuple[float, ...]:
    return (1.0, *scores)


class ScoreFold:
    """Finished games of every seat folded into their score vectors; the resamples over setups
    keep their games and score sums per seat (a seat's mean is all the gaps need), so their
    memory does not grow with the distinct score vectors either."""

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.units = Units(seed, sums=_games_and_scores)

    @property
    def games(self) -> int:
        return self.units.games

    def add(self, record: GameRecord) -> None:
        finished = record.outcome == Outcome.FINISHED and record.scores is not None
        if finished and len(record.ranks) == self.players:
            self.units.add(record.setup_index, tuple(record.scores or ()))


def seat_gaps(records: Iterable[GameRecord] | ScoreFold, players: int, seed: int) -> list[SeatGap]:
    """Per seat, the points it trails the best seat's mean score (see the module docstring)."""
    if isinstance(records, ScoreFold):
        fold = records
    else:
        fold = ScoreFold(players, seed)
        for record in records:
            fold.add(record)
    if not fold.games:
        return []
    pooled = fold.units.pooled
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
                seat_means = drawn[:, 1:] / drawn[:, :1]  # games, then score sums per seat
                return np.asarray(seat_means[:, best] - seat_means[:, seat])

            low, high = widened(fold.units, values, seed + seat, gap, point)
        gaps.append(SeatGap(seat + 1, float(means[seat]), point, (low, high)))
    return gaps
