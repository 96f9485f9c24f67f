"""Balance metrics over games and over setups, and the tests that flag unfair setups.

Definitions (README, "What the numbers mean"):
- Per game and seat, s = (u + 1) / 2 with u = 1 - 2 (rank - 1) / (N - 1), tied seats sharing the
  average of their ranks: 1 for a sole winner, 0 for a sole last, 1/2 each in a two-player draw.
- Seat advantage: the mean of s per seat (over finished games), with a normal 95% interval.
  A fair seat has 1/2. Balance = 1 - the largest difference between two seats' mean s.
- Per setup, unfairness is tested on the decisive games: two players, an exact two-sided
  binomial test of first-seat wins against second-seat wins; more players, a chi-square test of
  the sole wins per seat against equal shares. Over many setups the p-values go through
  Benjamini-Hochberg at a false-discovery rate of 5%, once, after all games are played.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

Z95 = 1.959963984540054


def seat_scores(ranks: Sequence[int]) -> list[float]:
    """s in [0, 1] per seat from competition ranks, tied seats sharing their average rank."""
    players = len(ranks)
    if players == 1:
        return [1.0]
    scores = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        average = rank + (tied - 1) / 2
        scores.append(1.0 - (average - 1) / (players - 1))
    return scores


def mean_interval(n: int, total: Fraction, squares: Fraction) -> tuple[float, float, float]:
    """(mean, low, high): the mean of `n` values from their exact sum and sum of squares, with
    a normal 95% interval ((0, 1) for n = 0; 0 to 1 wide open for n = 1)."""
    if not n:
        return 0.0, 0.0, 1.0
    mean = total / n
    if n < 2:
        return float(mean), 0.0, 1.0
    half = Z95 * math.sqrt(float((squares - total * mean) / (n - 1))) / math.sqrt(n)
    return float(mean), float(mean) - half, float(mean) + half


def balance(means: Sequence[float]) -> float:
    """1 - the largest difference between two seats' mean s."""
    return 1.0 - (max(means) - min(means)) if means else 1.0


class LeadTracker:
    """Counts how often the sole leader changes along a game's running scores (a tie for the
    lead leaves the last sole leader in place)."""

    def __init__(self) -> None:
        self.changes = 0
        self.leader: int | None = None

    def see(self, scores: Sequence[float]) -> None:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) == 1:
            if self.leader is not None and leaders[0] != self.leader:
                self.changes += 1
            self.leader = leaders[0]


def binomial_two_sided(successes: int, trials: int) -> float:
    """Exact two-sided p-value of `successes` in `trials` under p = 1/2."""
    if trials == 0:
        return 1.0
    k = min(successes, trials - successes)
    log_half = trials * math.log(0.5)
    tail = sum(
        math.exp(
            math.lgamma(trials + 1) - math.lgamma(i + 1) - math.lgamma(trials - i + 1) + log_half
        )
        for i in range(k + 1)
    )
    return min(1.0, 2 * tail)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with `df` degrees of freedom."""
    if statistic <= 0:
        return 1.0
    return _upper_gamma_regularized(df / 2, statistic / 2)


def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) by its series (x < a + 1) or continued fraction (Numerical Recipes 6.2)."""
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    b, c, d = x + 1 - a, 1e300, 1.0 / (x + 1 - a)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_prefix) * h)


def seat_fairness_p(wins: Sequence[int]) -> float:
    """p-value of 'every seat wins equally often', from sole wins per seat."""
    decisive = sum(wins)
    if decisive == 0:
        return 1.0
    if len(wins) == 2:
        return binomial_two_sided(wins[0], decisive)
    expected = decisive / len(wins)
    statistic = sum((w - expected) ** 2 / expected for w in wins)
    return chi_square_sf(statistic, len(wins) - 1)


def benjamini_hochberg(p_values: Sequence[float], rate: float = 0.05) -> list[bool]:
    """Which hypotheses are rejected at false-discovery rate `rate` (step-up procedure)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    cutoff = -1
    for rank, i in enumerate(order, 1):
        if p_values[i] <= rate * rank / m:
            cutoff = rank
    rejected = [False] * m
    for rank, i in enumerate(order, 1):
        rejected[i] = rank <= cutoff
    return rejected
