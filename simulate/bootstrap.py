"""The compensation's bootstrap (simulate/komi.py), folded game by game in memory that does not
grow with the run: 999 percentile resamples over games or over setups.

- **Over games** (each setup has one finished game, or there is one setup): a resample is a
  multinomial draw of the games per distinct value (a margin, or a score vector) from their
  pooled counts, from the generator of the run's seed (`numpy.random.Generator.multinomial`).
- **Over setups** (the setup is the unit: its games share a board; a deal for a game without
  choices): a **Poisson bootstrap** (Hanley & MacGibbon 2006, "Creating non-parametric
  bootstrap samples using Poisson frequencies", Computer Methods and Programs in Biomedicine
  83; Chamandy, Muralidharan, Najmi & Naidu 2012, "Estimating uncertainty for massive data
  streams", Google). Each setup gets, for each resample, a weight drawn from Poisson(1): how
  many times that resample holds it (`numpy.random.Generator.poisson`). Each game adds its
  setup's weights to the resamples' count of its value (or, for the seat gaps, to their games
  and score sums). The usual bootstrap draws n setups with replacement: its weights are
  multinomial, known only once n is, and need every setup at hand (a table of them, or
  999 x n draws). Poisson(1) weights are independent from setup to setup, and n multinomial
  draws tend to them as n grows, so the intervals agree for many setups. With few, a
  resample's size varies and may hold no setup at all (probability e^-n): such a resample
  says nothing and is left out, and `widened` keeps the interval over setups no narrower than
  the one over their games.

A setup's weights depend on the run's seed and the setup's number alone: the setups come in
blocks of 256, each block's weights drawn by its own generator (`SeedSequence` spawn key: the
block) and the last few blocks kept. The same seed gives the same intervals whatever the order
the games come in, the workers, the executor or the resumes. Memory: 999 counts per distinct
value (a margin: bounded by the game's scores) or 999 sums per seat, a few blocks of weights
and a bit per setup number (to count the setups and tell whether each has one game), never a
count per setup. scipy.stats.bootstrap is not used: it resamples an array holding every unit
(and draws 999 x n indices at once), memory that grows with the run; it has no Poisson
bootstrap.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

RESAMPLES = 999
STREAM = 0x6B6F6D69  # "komi": the bootstrap's generators are their own streams of the run's seed
BLOCK = 256  # setups whose weights one generator draws
BLOCKS_KEPT = 4  # a balance of up to 1,024 setups draws each setup's weights once


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, STREAM]))


class PoissonWeights:
    """Each setup's RESAMPLES Poisson(1) weights, a function of the seed and the setup's number."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._blocks: OrderedDict[int, np.ndarray] = OrderedDict()

    def of(self, setup_index: int) -> np.ndarray:
        block, row = divmod(setup_index, BLOCK)
        found = self._blocks.get(block)
        if found is None:
            if len(self._blocks) == BLOCKS_KEPT:  # the least recently used one goes first
                self._blocks.popitem(last=False)
            sequence = np.random.SeedSequence([self.seed, STREAM], spawn_key=(block,))
            found = np.random.default_rng(sequence).poisson(1.0, size=(BLOCK, RESAMPLES))
            self._blocks[block] = found
        else:
            self._blocks.move_to_end(block)
        return np.asarray(found[row])


class SetupNumbers:
    """The setup numbers seen, a bit each: how many setups there are, without a set of them."""

    def __init__(self) -> None:
        self._bits = bytearray()
        self.count = 0

    def add(self, setup_index: int) -> None:
        byte, mask = setup_index >> 3, 1 << (setup_index & 7)
        if byte >= len(self._bits):  # grown by doubling, as a list is
            self._bits.extend(bytes(max(byte + 1, 2 * len(self._bits)) - len(self._bits)))
        if not self._bits[byte] & mask:
            self._bits[byte] |= mask
            self.count += 1


class Units:
    """The bootstrap's units, folded game by game (see the module docstring): the pooled games
    per value, and the Poisson resamples over setups. `sums` turns a value into numbers whose
    resampled sums are all the statistic needs (the seat gaps: 1 and the seat scores, a mean
    being a sum over a count), kept as one row of RESAMPLES per number; without it the
    resamples keep a count per distinct value (the komi)."""

    def __init__(self, seed: int, sums: Callable[[Any], Sequence[float]] | None = None) -> None:
        self.pooled: Counter[Any] = Counter()
        self.games = 0
        self._setups = SetupNumbers()
        self._weights = PoissonWeights(seed)
        self._sums = sums
        self._rows: dict[Any, int] = {}
        self._drawn = np.zeros((0, RESAMPLES), dtype=np.int64 if sums is None else float)

    def add(self, setup_index: int, value: Any) -> None:
        self.pooled[value] += 1
        self.games += 1
        self._setups.add(setup_index)
        weights = self._weights.of(setup_index)
        if self._sums is not None:
            numbers = np.asarray(self._sums(value), dtype=float)
            if not len(self._drawn):
                self._drawn = np.zeros((len(numbers), RESAMPLES))
            self._drawn += numbers[:, None] * weights
            return
        row = self._rows.get(value)
        if row is None:
            row = self._rows[value] = len(self._rows)
            if row == len(self._drawn):  # grown by doubling
                grown = np.zeros((max(8, 2 * row), RESAMPLES), dtype=np.int64)
                grown[:row] = self._drawn
                self._drawn = grown
        self._drawn[row] += weights

    @property
    def unit(self) -> str:
        setups = self._setups.count
        return "games" if setups == 1 or setups == self.games else "setups"

    def units(self) -> int:
        return self.games if self.unit == "games" else self._setups.count

    def resampled(self, values: list[Any], seed: int, by_games: bool = False) -> np.ndarray:
        """RESAMPLES bootstrap resamples, a row each: the games per value (columns in the order
        of `values`), or with `sums` the sums of its numbers. Over games (a multinomial over
        the values from `seed`; always with `by_games`), else the Poisson resamples over the
        setups, those that hold no setup left out."""
        if by_games or self.unit == "games":
            n = sum(self.pooled.values())
            shares = np.array([self.pooled[v] for v in values], dtype=float) / n
            drawn = np.asarray(_rng(seed).multinomial(n, shares, size=RESAMPLES), dtype=float)
            if self._sums is None:
                return drawn
            return np.asarray(drawn @ np.array([self._sums(v) for v in values], dtype=float))
        if self._sums is None:
            drawn = self._drawn[[self._rows[v] for v in values]].T.astype(float)
            return np.asarray(drawn[drawn.sum(axis=1) > 0])
        return np.asarray(self._drawn.T[self._drawn[0] > 0])


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
