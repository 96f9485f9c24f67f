"""Anytime-valid intervals: a mean's 95% confidence sequence, read as often as one likes.

A fixed-sample interval covers the mean 95% of the time only if it is read once, after a number
of games chosen beforehand. A run that stops when its reading looks settled, or when its time
is spent, reads its interval after every batch and stops on what it saw: read that way, a
Student's t interval misses the mean far more often than 5% (tests/simulate/test_sequential.py
shows it). A confidence sequence is an interval at every sample size at once, holding the mean
at all of them together with probability at least 95%, so it stays valid at any stopping time,
however the stop was chosen.

The method is the hedged-capital betting confidence sequence of Waudby-Smith and Ramdas,
"Estimating means of bounded random variables by betting", Journal of the Royal Statistical
Society B 86(1), 2024, Theorem 3, with the predictable plug-in bets of their eqs. (13)-(15) and
(26): for observations x_i in [0, 1] with a common conditional mean, and each candidate mean m,

    K+(m) = prod_i (1 + lam+_i(m) (x_i - m)),    K-(m) = prod_i (1 - lam-_i(m) (x_i - m)),
    lam_t = sqrt(2 log(2/alpha) / (var_{t-1} t log(1 + t))),
    lam+_t(m) = min(lam_t, c / m),    lam-_t(m) = min(lam_t, c / (1 - m)),   c = 1/2,

from the running regularised mean and variance (`mean_t = (1/2 + sum x) / (t + 1)`,
`var_t = (1/4 + sum (x_i - mean_i)^2) / (t + 1)`). The interval at t holds every m at which
neither bettor's wealth `max(K+(m), K-(m)) / 2` has reached 1/alpha at any time so far (so the
intervals never widen): by Ville's inequality the true mean is left out at some time with
probability at most alpha. Candidate means are a grid (`GRID` points by default), and an
interval's ends are moved out by one grid step so that the grid never makes it narrower than
the sequence.

Its width adapts to the observations' spread; at a few hundred setups it is within about 1.2
times the Student's t interval read once (the test shows it), the price of reading it at will.
An observation here is one setup's mean s of a seat (in [0, 1]: setups are the independent
units, their games are not) or a difference of two such means (in [-1, 1], rescaled). Several
sequences (a run's seats, or many simulated streams) advance together as one array. The authors'
own package (confseq) ships as C++ source needing a compiler and Boost at install, so these few
lines are written out here after the paper and checked by simulation in the tests.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from simulate.measure.inference import LEVEL

CAP = 0.5  # the largest bet against a candidate mean (the paper's c)
GRID = 2001  # candidate means, evenly from 0 to 1
Floats = npt.NDArray[np.float64]


class Sequences95:
    """`streams` 95% confidence sequences, one for the mean of each column of the observations
    `add` is given, each observation in [`low`, `high`]."""

    def __init__(self, streams: int = 1, low: float = 0.0, high: float = 1.0,
                 alpha: float = LEVEL, target: int | None = None,
                 grid: int = GRID) -> None:  # fmt: skip
        self.low, self.high, self.alpha, self.target = low, high, alpha, target
        self.counts = np.zeros(streams, dtype=np.int64)  # observations of each stream
        self.total = np.zeros(streams)  # sum of x, on [0, 1]
        self.squares = np.zeros(streams)  # sum of (x_i - mean_i)^2
        self.candidates = np.linspace(0.0, 1.0, grid)
        self.up = np.zeros((streams, grid))  # log K+ at each candidate mean
        self.down = np.zeros((streams, grid))  # log K-
        self.peak = np.full((streams, grid), -np.inf)  # the most log wealth reached so far
        with np.errstate(divide="ignore"):
            self.cap_up = CAP / self.candidates
            self.cap_down = CAP / (1.0 - self.candidates)

    @property
    def count(self) -> int:
        """The observations of the stream with the fewest."""
        return int(self.counts.min())

    def add(self, values: npt.ArrayLike, present: npt.ArrayLike | None = None) -> None:
        """One more observation of every stream (a value, or one per stream), or of those
        `present` marks (the others keep their sequences as they are)."""
        given = np.broadcast_to(np.asarray(values, dtype=np.float64), self.total.shape)
        rows: slice | npt.NDArray[np.bool_] = slice(None)
        if present is not None:
            marked = np.broadcast_to(np.asarray(present, dtype=bool), self.total.shape)
            if not marked.any():
                return
            if not marked.all():  # a mask copies every row it reads: only when it must
                rows, given = marked, given[marked]
        if ((given < self.low - 1e-12) | (given > self.high + 1e-12)).any():
            raise ValueError(f"an observation is outside [{self.low}, {self.high}]")
        x = np.clip((given - self.low) / (self.high - self.low), 0.0, 1.0)
        t = self.counts[rows] + 1
        variance_before = (0.25 + self.squares[rows]) / t
        spread = float(self.target) if self.target else t * np.log1p(t)
        rate = np.sqrt(2 * math.log(2 / self.alpha) / (variance_before * spread))
        gap = x[:, None] - self.candidates[None, :]
        up = self.up[rows] + np.log1p(np.minimum(rate[:, None], self.cap_up[None, :]) * gap)
        down = self.down[rows] + np.log1p(-np.minimum(rate[:, None], self.cap_down[None, :]) * gap)
        self.up[rows], self.down[rows] = up, down
        self.peak[rows] = np.maximum(self.peak[rows], np.maximum(up, down) + math.log(0.5))
        total = self.total[rows] + x
        self.total[rows] = total
        self.squares[rows] += (x - (0.5 + total) / (t + 1)) ** 2
        self.counts[rows] = t

    def means(self) -> Floats:
        """Each stream's mean so far, on the observations' scale (the middle of the range for a
        stream without an observation)."""
        shown = np.where(self.counts > 0, self.total / np.maximum(self.counts, 1), 0.5)
        return self.low + (self.high - self.low) * shown

    def p_values(self, mean: float) -> Floats:
        """Each stream's anytime-valid p-value of `mean` (on the observations' scale): 1 over
        the most wealth a bettor against it has held, at most 1; a p-value below 5% is what
        leaves `mean` out of the 95% interval. Taken at the nearest candidate."""
        at = int(np.abs(self.candidates - (mean - self.low) / (self.high - self.low)).argmin())
        return np.asarray(np.minimum(1.0, np.exp(-self.peak[:, at])), dtype=np.float64)

    def intervals(self) -> Floats:
        """Each stream's 95% interval now, on the observations' scale: a row (low, high) each.
        A stream whose every candidate is ruled out (which only a stream whose mean drifts
        gives) shows the point where it closed."""
        kept = self.peak < math.log(1 / self.alpha)
        grid = len(self.candidates)
        step = 1.0 / (grid - 1)
        first = np.argmax(kept, axis=1)
        last = grid - 1 - np.argmax(kept[:, ::-1], axis=1)
        none = ~kept.any(axis=1)
        if none.any():
            closed = np.argmin(np.maximum(self.up, self.down), axis=1)
            first, last = np.where(none, closed, first), np.where(none, closed, last)
        lower = np.maximum(self.candidates[first] - step, 0.0)
        upper = np.minimum(self.candidates[last] + step, 1.0)
        span = self.high - self.low
        return np.stack([self.low + span * lower, self.low + span * upper], axis=1)
