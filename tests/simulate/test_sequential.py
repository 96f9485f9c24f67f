"""The confidence sequence (simulate/measure/sequential.py) holds its mean at a stopping time
chosen by looking at it, where a t interval read the same way does not."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from simulate.measure.sequential import Sequences95

STREAMS = 600  # streams per case: a miss rate of 5% is known to +-0.9% (one standard error)
LENGTH = 200  # observations per stream, each a setup, the interval read after every one
# a miss rate above 5% by three standard errors fails
BOUND = 0.05 + 3 * math.sqrt(0.05 * 0.95 / STREAMS)
GRID = 401  # candidate means 0.0025 apart (the intervals' ends move out by one step)


def setup_means(rng: np.random.Generator, p: float, games: int) -> np.ndarray:
    """LENGTH x STREAMS setup means: each setup's first-seat win rate drawn around `p` (a Beta
    of mean p), then `games` games of it, as a balance run's setups come."""
    rates = rng.beta(20 * p, 20 * (1 - p), size=(LENGTH, STREAMS))
    return rng.binomial(games, rates) / games


def ever_missed(means: np.ndarray, mean: float, low: float = 0.0, high: float = 1.0) -> float:
    """The share of streams whose confidence sequence leaves out `mean` at some time: each
    stream stopped at its worst moment (the most any stopping rule can miss)."""
    sequences = Sequences95(means.shape[1], low, high, grid=GRID)
    missed = np.zeros(means.shape[1], dtype=bool)
    for row in means:
        sequences.add(row)
        bounds = sequences.intervals()
        missed |= (bounds[:, 0] > mean) | (bounds[:, 1] < mean)
    return float(missed.mean())


@pytest.mark.parametrize(("p", "games"), [(0.5, 8), (0.7, 8), (0.95, 4), (0.5, 1)])
def test_the_sequence_holds_the_mean_at_the_worst_stopping_time(p: float, games: int) -> None:
    means = setup_means(np.random.default_rng([7, int(100 * p), games]), p, games)
    assert abs(float(means.mean()) - p) < 0.01
    assert ever_missed(means, p) <= BOUND


def test_a_difference_of_two_setup_means_is_held_on_its_own_range() -> None:
    """A rung's mean s minus the rung below's on the same setups, in [-1, 1]."""
    rng = np.random.default_rng(5)
    differences = setup_means(rng, 0.6, 8) - setup_means(rng, 0.5, 8)
    assert ever_missed(differences, 0.1, -1.0, 1.0) <= BOUND


def test_a_t_interval_read_after_every_setup_misses_far_more_than_5_percent() -> None:
    """What the sequence is for: the fixed-sample interval, stopped on the first look that
    leaves the mean out, misses it in over a fifth of the streams (so the tests above can
    fail)."""
    means = setup_means(np.random.default_rng(11), 0.5, 8).T
    n = np.arange(1, LENGTH + 1)
    running = np.cumsum(means, axis=1) / n
    squares = np.cumsum(means**2, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        sd = np.sqrt(np.maximum(squares - n * running**2, 0) / (n - 1))
        half = stats.t.ppf(0.975, np.maximum(n - 1, 1)) * sd / np.sqrt(n)
    looked = (n >= 5)[None, :]
    missed = ((np.abs(running - 0.5) > half) & looked).any(axis=1).mean()
    assert missed > 0.2


@pytest.mark.parametrize("setups", [200, 1600])
def test_aimed_at_its_sample_size_the_interval_is_a_fifth_wider_than_the_t_interval(
    setups: int,
) -> None:
    """The price of reading at will, at 1/2 with setups of s in {0, 1}: aimed at the number of
    setups a run expects (its bets sized for it), the half-width there is under 1.3 times the t
    interval read once (0.069 at 200 setups, 0.0245 at 1,600); aimed four times off, under 1.8
    times; not aimed, over 1.6 times and growing. The intervals nest."""
    values = np.random.default_rng(3).integers(0, 2, size=setups).astype(float)
    t_half = stats.t.ppf(0.975, setups - 1) * values.std(ddof=1) / math.sqrt(setups)
    ratios = {}
    for target in (setups, setups // 4, setups * 4, None):
        sequences = Sequences95(target=target)
        previous = (0.0, 1.0)
        for value in values:
            sequences.add(value)
            low, high = sequences.intervals()[0]
            assert previous[0] <= low <= high <= previous[1]
            previous = (low, high)
        assert previous[0] < values.mean() < previous[1]
        ratios[target] = (previous[1] - previous[0]) / 2 / t_half
    assert 1 < ratios[setups] < 1.3
    assert max(ratios[setups // 4], ratios[setups * 4]) < 1.8
    assert ratios[None] > 1.6


def test_a_hand_traced_start() -> None:
    """One observation x = 1: the plug-in rate is sqrt(2 log 40 / (1/4 log 2)) = 6.52, each
    bet that rate or the cap (1/(2m) for K+, 1/(2(1 - m)) for K-), so K+(m) = 1 + bet (1 - m)
    (at most 7.52, at m = 0) and K-(m) = 1 - bet (1 - m): no wealth reaches 2 x 20, nothing is
    ruled out, and the interval is the whole range."""
    sequences = Sequences95()
    sequences.add(1.0)
    m = sequences.candidates
    rate = math.sqrt(2 * math.log(40) / (0.25 * math.log(2)))
    assert rate == pytest.approx(6.52, abs=0.01)
    with np.errstate(divide="ignore"):
        up, down = np.minimum(rate, 1 / (2 * m)), np.minimum(rate, 1 / (2 * (1 - m)))
    assert np.exp(sequences.up[0]) == pytest.approx(1 + up * (1 - m))
    assert np.exp(sequences.down[0]) == pytest.approx(1 - down * (1 - m))
    assert tuple(sequences.intervals()[0]) == (0.0, 1.0)
    # twelve wins in a row rule out a fair seat: K+(1/2) = 1.5^12 / 2 = 64.9 > 20
    for _ in range(11):
        sequences.add(1.0)
    low, high = sequences.intervals()[0]
    assert low > 0.5 and high == 1.0


def test_an_observation_outside_the_range_is_refused() -> None:
    with pytest.raises(ValueError, match="outside"):
        Sequences95(1, -1.0, 1.0).add(1.5)
