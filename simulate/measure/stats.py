"""The building blocks of every measure: rates with intervals, exact distributions, standings.

Definitions (README, "What the numbers mean"):
- A seat wins a finished game when it alone has rank 1, draws when it shares rank 1, and loses
  otherwise (`standing`). Endless and undecided games are counted apart and never as draws.
- A rate is a count of trials with its Wilson 95% score interval (`Rate`).
- A distribution (`Distribution`) is kept as a count per value, so its mean, sd, percentiles
  (numpy's default, linear interpolation between order statistics) and extremes are exact
  whatever the number of games, in memory that grows with the number of distinct values only.
- Standings (`Standings`): wins, draws and losses of finished games, the win rate with its
  Wilson interval and the points share = (wins + draws / number sharing rank 1) / finished,
  with a Wilson interval on the points as a count (`points_ci95`, simulate/measure/inference.py).

Every record here is frozen and built from counts, never from a list of games, and
`*_json` gives the form summary.json has always had (numbers rounded to 6 decimals).
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.games.base import FactValue
from simulate.measure.inference import wilson

PERCENTILES = (5, 25, 50, 75, 95)

Exact = int | Fraction  # a sum of game values kept exactly, so no order of games changes it


def exact(value: float) -> Exact:
    """`value` as an exact number: an int when it is whole (scores, turns), else a Fraction."""
    if isinstance(value, int):
        return value
    return int(value) if value.is_integer() else Fraction(value)


def _r(value: float) -> float:
    return round(float(value), 6)


@dataclass(frozen=True)
class Rate:
    """`count` of `trials`, with its Wilson 95% interval."""

    count: int
    trials: int

    @property
    def rate(self) -> float:
        return self.count / self.trials if self.trials else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.count, self.trials)

    def to_json(self) -> dict[str, Any]:
        low, high = self.ci95
        return {"count": self.count, "rate": _r(self.rate), "ci95": [_r(low), _r(high)]}


def _lerp(low: float, high: float, t: float) -> float:
    """numpy's interpolation between two order statistics (`numpy.lib._function_base_impl`),
    term for term, so percentiles equal numpy.percentile's to the last bit."""
    difference = high - low
    return high - difference * (1 - t) if t >= 0.5 else low + difference * t


@dataclass(frozen=True)
class Distribution:
    """A measure over games as a count per value (`counts`, by value) and what it gives."""

    counts: tuple[tuple[float, int], ...]
    n: int
    mean: float
    sd: float  # sample sd (n - 1), 0 for one value
    percentiles: tuple[float, ...]  # at PERCENTILES
    minimum: float
    maximum: float

    @classmethod
    def of(cls, counts: Mapping[float, int]) -> Distribution:
        """The distribution of a count per value (values of any order; zero counts ignored)."""
        items = tuple(sorted((value, count) for value, count in counts.items() if count))
        n = sum(count for _, count in items)
        if not n:
            return cls((), 0, 0.0, 0.0, (), 0.0, 0.0)
        total = sum(exact(value) * count for value, count in items)
        squares = sum(exact(value) ** 2 * count for value, count in items)
        mean = Fraction(total) / n
        sd = math.sqrt(float((squares - total * mean) / (n - 1))) if n > 1 else 0.0
        ends = list(_cumulative(items))
        values = [float(value) for value, _ in items]

        def order(k: int) -> float:  # the k-th smallest value (from 0)
            return values[bisect.bisect_right(ends, k)]

        percentiles = []
        for q in PERCENTILES:
            virtual = (n - 1) * (q / 100)
            below = math.floor(virtual)
            percentiles.append(_lerp(order(below), order(min(below + 1, n - 1)), virtual - below))
        return cls(items, n, float(mean), sd, tuple(percentiles), values[0], values[-1])

    def to_json(self) -> dict[str, Any]:
        if not self.n:
            return {"n": 0}
        shown: dict[str, Any] = {"n": self.n, "mean": _r(self.mean), "sd": _r(self.sd),
                                 "min": _r(self.minimum)}  # fmt: skip
        for q, value in zip(PERCENTILES, self.percentiles, strict=True):
            shown[f"p{q}"] = _r(value)
        shown["max"] = _r(self.maximum)
        return shown


def _cumulative(items: Sequence[tuple[float, int]]) -> list[int]:
    ends, running = [], 0
    for _, count in items:
        running += count
        ends.append(running)
    return ends


def standing(ranks: Sequence[int], seat: int) -> tuple[str, float]:
    """('win' | 'draw' | 'loss', points) of `seat` in one finished game."""
    sharing = sum(1 for r in ranks if r == 1)
    if ranks[seat] != 1:
        return "loss", 0.0
    return ("win", 1.0) if sharing == 1 else ("draw", 1.0 / sharing)


@dataclass(frozen=True)
class Standings:
    """Wins, draws and losses over finished games, and the points they give (a draw shared by
    k seats gives 1/k)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: Fraction = Fraction(0)

    @property
    def finished(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> Rate:
        return Rate(self.wins, self.finished)

    @property
    def points_share(self) -> float:
        return float(self.points / self.finished) if self.finished else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.win_rate.ci95
        return {
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": _r(self.win_rate.rate),
            "ci95": [_r(low), _r(high)],
            "points_share": _r(self.points_share),
            "points_ci95": [_r(bound) for bound in self.points_ci95],
        }

    @property
    def points_ci95(self) -> tuple[float, float]:
        """Wilson's interval on the points as a count of the finished games (a fair seat's
        share, 1/N, lies inside it unless the seat is favoured or handicapped)."""
        return wilson(float(self.points), self.finished)


def fact_key(value: FactValue) -> str:
    """A fact value as a JSON key: `true`/`false`, numbers as written, text as it is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


def value_order(value: FactValue) -> tuple[int, float, tuple[tuple[int, str], ...]]:
    """Numbers by value, then text in natural order (`none`, `2`, `10`, `ring 2`, `ring 10`)."""
    if isinstance(value, int | float):
        return (0, float(value), ())
    parts = re.split(r"(\d+)", str(value))
    return (1, 0.0, tuple((int(p), "") if p.isdigit() else (-1, p) for p in parts if p))
