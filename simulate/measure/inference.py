"""The statistical tests and intervals of a balance run, from scipy and statsmodels.

The field's reference implementations, rather than hand-written numerical code (README,
"Dependencies"): Wilson score intervals (statsmodels `proportion_confint`), the exact binomial
test (scipy `binomtest`), the chi-square goodness-of-fit and contingency tests (scipy `chisquare`,
`chi2_contingency`), Benjamini-Hochberg (statsmodels `multipletests`), power (statsmodels
`NormalIndPower`, `GofChisquarePower`, scipy `ncx2`) and the setup-level t interval (statsmodels
`DescrStatsW`). Everything here takes counts and sums, never game records, so the same
functions serve a whole run, one setup, or tallies built while the games stream in.

scipy and statsmodels take about a second to import, so each function imports what it calls
when it is first called: the workers import this module with the folds of their chunks but
never call it, and a command that stops before its report never pays for them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypeAlias

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from statsmodels.stats.weightstats import DescrStatsW

LEVEL = 0.05  # two-sided test level, and 1 - the coverage of every interval
POWER = 0.8
#: per-setup means: a list, or a column of a setup table
Means: TypeAlias = Sequence[float] | npt.NDArray[np.float64]


def difference(
    successes: float, trials: int, other_successes: float, other_trials: int
) -> tuple[float, float]:
    """95% interval of the difference of two rates (`successes` / `trials` minus the other),
    Newcombe's hybrid score interval built from the two Wilson intervals (statsmodels
    `confint_proportions_2indep`, method "newcomb"); (-1, 1) when either side has no trials."""
    if trials == 0 or other_trials == 0:
        return -1.0, 1.0
    from statsmodels.stats.proportion import confint_proportions_2indep

    low, high = confint_proportions_2indep(
        successes,
        trials,
        other_successes,
        other_trials,
        method="newcomb",
        compare="diff",
        alpha=LEVEL,
    )
    return float(low), float(high)


@functools.lru_cache(maxsize=1 << 16)  # setups of few games repeat the same counts
def wilson(successes: float, trials: int) -> tuple[float, float]:
    """Wilson 95% score interval for `successes` of `trials`; (0, 1) when there are no trials.

    `successes` may be a sum of scores in [0, 1] (s, or points): the interval then treats the
    sum as a count of successes. For any score in [0, 1] with mean m the variance is at most
    m (1 - m), the variance the Wilson interval assumes, so it is exact in form for win/loss
    games and wider than needed (conservative) when draws or middle ranks make scores vary less.
    It always lies inside [0, 1] and is never of zero width.
    """
    if trials == 0:
        return 0.0, 1.0
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(successes, trials, alpha=LEVEL, method="wilson")
    return max(0.0, float(low)), min(1.0, float(high))


@functools.lru_cache(maxsize=1 << 16)
def binomial_p(successes: int, trials: int) -> float:
    """Exact two-sided p-value of `successes` in `trials` under p = 1/2."""
    if trials == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(successes, trials, 0.5).pvalue)


def equal_shares_p(counts: Sequence[int]) -> float:
    """p-value of 'every seat wins equally often' from sole wins per seat: the exact binomial
    test for two seats, the chi-square goodness-of-fit test against equal shares for more."""
    decisive = sum(counts)
    if decisive == 0:
        return 1.0
    if len(counts) == 2:
        return binomial_p(counts[0], decisive)
    return _chisquare_p(tuple(counts))


@functools.lru_cache(maxsize=1 << 16)
def _chisquare_p(counts: tuple[int, ...]) -> float:
    from scipy.stats import chisquare

    return float(chisquare(list(counts)).pvalue)


def fdr_reject(p_values: Sequence[float], rate: float = LEVEL) -> list[bool]:
    """Which hypotheses Benjamini-Hochberg rejects at false-discovery rate `rate` (p-values
    used as computed: rounding them first can move a setup across the cut)."""
    return [bool(flag) for flag in fdr_rejected(np.asarray(p_values, dtype=float), rate)]


def fdr_rejected(p_values: npt.NDArray[np.float64], rate: float = LEVEL) -> npt.NDArray[np.bool_]:
    """`fdr_reject` of a column of p-values, as a column."""
    if not len(p_values):
        return np.zeros(0, dtype=bool)
    from statsmodels.stats.multitest import multipletests

    return np.asarray(multipletests(p_values, alpha=rate, method="fdr_bh")[0], dtype=bool)


def contingency(table: Sequence[Sequence[int]] | npt.NDArray[np.int64]) -> tuple[float, int, float]:
    """(chi-square, degrees of freedom, p-value) of the test that every row has the same
    distribution over the columns; columns and rows without a count are left out, and a table
    with fewer than two of either gives (0, 0, 1)."""
    array = np.asarray(table, dtype=float)
    if array.size == 0:
        return 0.0, 0, 1.0
    array = array[array.sum(axis=1) > 0][:, array.sum(axis=0) > 0]
    if array.shape[0] < 2 or array.shape[1] < 2:
        return 0.0, 0, 1.0
    from scipy.stats import chi2_contingency

    statistic, p_value, df, _ = chi2_contingency(array, correction=False)
    return float(statistic), int(df), float(p_value)


def detectable_share(games: float, seats: int) -> float:
    """The smallest first-seat share of decisive games above the fair 1/seats that a setup's own
    test (`equal_shares_p`, 5% level) detects with 80% power in `games` decisive games.

    Two seats: Cohen's h of the one-sample test (NormalIndPower with ratio 0), turned back into
    a share. More seats: Cohen's w of the chi-square test with `seats` cells, for the first
    seat ahead by d and the others behind by d / (seats - 1): w^2 = seats^2 d^2 / (seats - 1).
    """
    if games < 2:
        return 1.0 - 1.0 / seats
    from statsmodels.stats.power import GofChisquarePower, NormalIndPower

    if seats == 2:
        h = float(
            NormalIndPower().solve_power(None, nobs1=games, alpha=LEVEL, power=POWER, ratio=0)
        )
        angle = min(math.pi, 2 * math.asin(math.sqrt(0.5)) + h)  # 2 asin(sqrt p), p <= 1
        return math.sin(angle / 2) ** 2 - 0.5
    w = float(GofChisquarePower().solve_power(None, nobs=games, alpha=LEVEL, power=POWER,
                                              n_bins=seats))  # fmt: skip
    return min(1.0 - 1.0 / seats, w * math.sqrt(seats - 1) / seats)


def games_to_separate(statistic: float, df: int, games: float) -> tuple[float | None, bool]:
    """(decisive games per setup, exact) at which the homogeneity test rejects with 80% power,
    when the setups differ as much as this run measured.

    The chi-square statistic estimates its noncentrality as statistic - df (unbiased), and the
    noncentrality grows in proportion to the games per setup. When the run measured no spread
    beyond chance (statistic <= df), the upper 80% confidence bound of the noncentrality gives a
    lower bound instead (exact False): setups that differ at all need at least that many games.
    (None, False) when even that bound is 0, so no number of games can be named.
    """
    if df == 0 or games <= 0:
        return None, False
    from scipy import optimize
    from scipy import stats as sps

    exact = statistic > df
    if exact:
        noncentrality = statistic - df
    elif sps.chi2.cdf(statistic, df) <= 1 - POWER:
        return None, False
    else:
        noncentrality = float(optimize.brentq(
            lambda nc: float(sps.ncx2.cdf(statistic, df, nc)) - (1 - POWER), 1e-9, 10 * df + 100
        ))  # fmt: skip
    per_game = noncentrality / games
    critical = float(sps.chi2.isf(LEVEL, df))

    def shortfall(n: float) -> float:
        return float(sps.ncx2.sf(critical, df, per_game * n)) - POWER

    high = games
    while shortfall(high) < 0:
        high *= 2
    return float(optimize.brentq(shortfall, 1e-9, high, xtol=0.5)), exact


def _described(means: Means) -> DescrStatsW | None:
    """The setups' means described, or None when the spread between setups cannot be estimated
    from them: fewer than two setups, or every setup at the same mean (a standard deviation of
    0 is no estimate of how setups differ: it would give a t interval of zero width)."""
    if len(means) < 2:
        return None
    from statsmodels.stats.weightstats import DescrStatsW

    described = DescrStatsW(np.asarray(means, dtype=float))
    return described if described.std > 0 else None


def setup_level_interval(
    means: Means, bounds: tuple[float, float] = (0.0, 1.0)
) -> tuple[float, tuple[float, float] | None]:
    """(mean, interval): the mean over setups of a per-setup mean, with a t 95% interval that
    takes the setup as the unit (games of one setup are not independent draws of the game),
    clipped to `bounds` ([0, 1] for a mean s, [-1, 1] for a difference of two). The interval is
    None when it cannot be estimated from these setups (`_described`): never the whole range or
    a point, as if it had been measured. The mean of no setup is 0."""
    mean = float(np.mean(means)) if len(means) else 0.0
    described = _described(means)
    if described is None:
        return mean, None
    low, high = described.tconfint_mean(alpha=LEVEL)
    return mean, (max(bounds[0], float(low)), min(bounds[1], float(high)))


def counted_t_interval(counts: Mapping[float, int]) -> tuple[float, float]:
    """The t 95% interval of the mean of values given as a count per value (frequency weights,
    statsmodels `DescrStatsW`); a point when every value is equal. Needs two values or more."""
    values = np.fromiter(counts.keys(), dtype=float, count=len(counts))
    weights = np.fromiter(counts.values(), dtype=float, count=len(counts))
    from statsmodels.stats.weightstats import DescrStatsW

    low, high = DescrStatsW(values, weights=weights).tconfint_mean(alpha=LEVEL)
    return float(low), float(high)


def units_for_half_width(variance: float, half_width: float, t: bool = False) -> float:
    """About how many independent units of this `variance` put a 95% interval of their mean
    within +-`half_width` (the planning figure, not a guarantee): the normal interval's, or
    with `t` the t interval's (few units, such as setups: its quantile grows as they shrink)."""
    from scipy import stats as sps

    normal = float(sps.norm.isf(LEVEL / 2)) ** 2 * variance / half_width**2
    if not t:
        return normal
    units = max(2, math.ceil(normal))
    while float(sps.t.isf(LEVEL / 2, units - 1)) ** 2 * variance / half_width**2 > units:
        units += 1
    return float(units)


def setup_level_p(means: Means) -> float | None:
    """Two-sided p-value of the t test that the mean over setups of a per-setup mean in [0, 1]
    is 1/2: the test `setup_level_interval` inverts; None when that interval cannot be
    estimated (fewer than two setups, or no spread between them)."""
    described = _described(means)
    return None if described is None else float(described.ttest_mean(0.5)[1])


def score_p(successes: float, trials: int) -> float:
    """Two-sided p-value of the score test of a rate of 1/2 for `successes` (a count, or a sum
    of scores in [0, 1]) of `trials`: the test the Wilson interval inverts; 1 without trials."""
    if trials == 0:
        return 1.0
    from statsmodels.stats.proportion import proportions_ztest

    return float(proportions_ztest(successes, trials, value=0.5, prop_var=0.5)[1])
