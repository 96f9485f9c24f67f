"""Empirical Bayes shrinkage of per-setup rates toward the pooled rate (beta-binomial).

Each setup's seat scores a share of the points of its finished games (the sum of s over its n
games). Across setups the true shares are taken to follow a Beta(alpha, beta) distribution
whose mean is the pooled share; a setup's shrunk estimate is its posterior mean
(sum + alpha) / (n + alpha + beta): a setup with few games, or setups that differ little, are
pulled toward the pooled share, so a ranking is not led by the luckiest small samples.

alpha and beta are fitted by the method of moments for the beta-binomial with unequal n
(Kleinman 1973): with pooled share m, S = sum n_i (p_i - m)^2 and N = sum n_i,
E[S] = m (1 - m) [(K - 1) + rho (N - sum n_i^2 / N - (K - 1))], rho = 1 / (alpha + beta + 1)
the correlation of two games of one setup. rho at or below 0 (the setups differ no more than
chance) means no spread between setups: every setup's estimate is the pooled share.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class BetaPrior:
    """The distribution of true shares over setups: its mean and the within-setup correlation
    rho in [0, 1); rho = 0 is no spread between setups at all."""

    mean: float
    rho: float

    @property
    def strength(self) -> float:
        """alpha + beta (the prior's weight in games); infinite when rho = 0."""
        return math.inf if self.rho <= 0 else (1 - self.rho) / self.rho

    @property
    def sd(self) -> float:
        """The sd of true shares between setups: sqrt(m (1 - m) rho)."""
        return math.sqrt(self.mean * (1 - self.mean) * self.rho)


def fit_beta(points: Sequence[float], games: Sequence[int]) -> BetaPrior:
    """The method-of-moments beta prior of the shares points[i] / games[i] (setups with games)."""
    return fit_beta_of(lambda: zip(points, games, strict=True))


def fit_beta_of(pairs: Callable[[], Iterable[tuple[float, int]]]) -> BetaPrior:
    """`fit_beta` of the (points, games) pairs each call of `pairs` streams (read twice, in the
    same order): the sums are taken one pair at a time, as `sum` takes them, so a million
    setups need no list of them."""
    k = total = squares = 0
    points: float = 0
    for y, n in pairs():
        if n > 0:
            k, total, squares, points = k + 1, total + n, squares + n * n, points + y
    if k < 2 or total == 0:
        return BetaPrior(points / total if total else 0.5, 0.0)
    mean = points / total
    if mean <= 0 or mean >= 1:
        return BetaPrior(mean, 0.0)
    spread: float = 0
    for y, n in pairs():
        if n > 0:
            spread += n * (y / n - mean) ** 2
    scale = total - squares / total - (k - 1)
    if scale <= 0:
        return BetaPrior(mean, 0.0)
    rho = (spread / (mean * (1 - mean)) - (k - 1)) / scale
    return BetaPrior(mean, min(max(rho, 0.0), 1.0 - 1e-9))


def shrink(prior: BetaPrior, points: float, games: int) -> float:
    """The posterior mean share of a setup with `points` in `games`."""
    strength = prior.strength
    if math.isinf(strength) or games == 0:
        return prior.mean
    return (points + prior.mean * strength) / (games + strength)
