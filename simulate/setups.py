"""Fairness per setup and over setups: whether random setups differ, and which favour a seat.

Every statistic here is a pure function of per-setup counts (`SetupCounts`: games, finished,
and per seat sole wins, shared wins, sum of s and of s^2), read from each setup's `SetupTally`
(simulate/measures.py, folded as games finish) by `counts_of`. README, "Which setups are fair":

1. Do setups differ at all? A chi-square test of homogeneity over setups x winning seat (the
   decisive games). Only when it rejects at 5% are setups ranked (by balance of the shrunk
   estimates, fairest first); otherwise they are "indistinguishable at this sample size".
2. Per setup, each seat's mean s, raw with its Wilson 95% interval and shrunk toward the pooled
   mean by empirical Bayes (simulate/shrinkage.py, beta-binomial).
3. Verdicts: *fair* when every seat's interval lies inside 1/2 +- tolerance (the equivalence
   test of `pnp kit --fair`); *unfair* when Benjamini-Hochberg at a 5% false-discovery rate,
   once after every game is played, rejects "every seat wins equally often" (exact binomial
   test for two seats, chi-square for more); otherwise *undetermined*; a setup with no finished
   game gets "no finished game" and is never ranked.
4. Power: the first-seat share of decisive games a setup's test detects with 80% power, and the
   games per setup the homogeneity test needs to reject with 80% power at the spread measured.

Each setup also gets the other measures of the run (`SetupMeasures`): completion, drawishness and
cap-reached rate with Wilson 95% intervals, mean duration, mean score margin and lead changes per
move; `spread` gives their mean, sd, minimum and maximum over the setups.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pnp.games.base import Outcome
from simulate.inference import (
    LEVEL,
    contingency,
    detectable_share,
    equal_shares_p,
    fdr_reject,
    games_to_separate,
    setup_level_interval,
    setup_level_p,
    wilson,
)
from simulate.measures import SetupTally, Tally
from simulate.metrics import TOLERANCE, balance, shown_balanced
from simulate.shrinkage import BetaPrior, fit_beta, shrink
from simulate.stats import Rate

FAIR, UNFAIR, UNDETERMINED, NO_FINISHED_GAME = "fair", "unfair", "undetermined", "no finished game"
VERDICTS = (FAIR, UNFAIR, UNDETERMINED, NO_FINISHED_GAME)


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


@dataclass(frozen=True)
class SetupsVerdict:
    """What a balance run can say about its setups (README, "Which setups are fair")."""

    setups: tuple[SetupFairness, ...]  # fairest first when `ranked`, else in setup order
    tolerance: float  # fair: every seat's interval inside 1/2 +- tolerance
    homogeneity: tuple[float, int, float]  # chi-square, df, p over setups x winning seat
    ranked: bool  # the setups differ (homogeneity rejected at 5%): only then ranked
    priors: tuple[BetaPrior, ...]  # per seat, the fitted spread of mean s over setups
    decisive_per_setup: float  # mean decisive games (one sole winner) per setup
    detectable_share: float  # the first-seat share of decisive games above fair, 80% power
    games_needed: int | None  # games per setup to tell setups apart at the measured spread
    games_needed_exact: bool  # False: a lower bound (no spread beyond chance was measured)
    # per seat, the mean over setups of its mean s with the t 95% interval (None: cannot be
    # estimated, simulate/inference.py setup_level_interval) and the p-value of the t test
    by_setup: tuple[OverSetups, ...]

    @property
    def first_seat(self) -> OverSetups:
        return self.by_setup[0] if self.by_setup else over_setups([])


@dataclass(frozen=True)
class OverSetups:
    """One seat's mean s taken with the setup as the unit: the mean of the setups' mean s, its
    t 95% interval and the p-value of the t test of 1/2, both None when they cannot be estimated
    from the `setups` (fewer than two, or all at the same mean)."""

    mean: float
    ci95: tuple[float, float] | None
    p_value: float | None
    setups: int

    def text(self) -> str:
        """`0.612 [0.540, 0.684]`, or why there is no interval."""
        if self.ci95 is not None:
            return f"{self.mean:.3f} [{self.ci95[0]:.3f}, {self.ci95[1]:.3f}]"
        why = "fewer than two" if self.setups < 2 else "all with the same mean s, no spread"
        return (f"{self.mean:.3f}, no interval: it cannot be estimated from {self.setups} "
                f"setup{'s' if self.setups != 1 else ''} ({why})")  # fmt: skip


def over_setups(means: Sequence[float]) -> OverSetups:
    """A seat's mean s over setups from the setups' means (see `OverSetups`)."""
    mean, interval = setup_level_interval(means)
    return OverSetups(mean, interval, setup_level_p(means), len(means))


def setup_measures(tally: Tally) -> SetupMeasures:
    """The other measures of one setup's games, from its tally."""
    return SetupMeasures(
        tally.games, _rate(tally.completion), _rate(tally.draws),
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


def counts_of(setup: SetupTally) -> SetupCounts:
    """The counts and sums of one setup's tally."""
    tally = setup.tally
    seats = tuple(SeatCounts(seat.standings.wins, seat.standings.draws, float(seat.s_sum),
                             float(seat.s_squares)) for seat in tally.seats)  # fmt: skip
    return SetupCounts(setup.setup_index, setup.setup, tally.games, tally.finished, seats)


@dataclass(frozen=True)
class SetupFairness:
    """One setup's verdict: raw and shrunk mean s per seat, the intervals, the tests."""

    setup_index: int
    setup: str
    games: int  # finished games
    wins: tuple[int, ...]  # sole wins per seat
    mean_s: tuple[float, ...]  # raw, over finished games (empty when none finished)
    s_ci95: tuple[tuple[float, float], ...]  # Wilson on the sum of s, per seat
    shrunk_s: tuple[float, ...]  # empirical Bayes toward the pooled mean (simulate/shrinkage.py)
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


def _verdict(fair: bool, unfair: bool, finished: int) -> str:
    if finished == 0:
        return NO_FINISHED_GAME
    return FAIR if fair else UNFAIR if unfair else UNDETERMINED


def judge_setups(
    tallies: Sequence[SetupCounts],
    measures: Sequence[SetupMeasures],
    tolerance: float = TOLERANCE,
) -> SetupsVerdict:
    """Every setup's verdict, and the run's: whether setups differ at all (homogeneity), the
    power of the run, and the ranking (fairest first) only when the setups are shown to differ."""
    players = len(tallies[0].seats) if tallies else 0
    played = [t for t in tallies if t.finished]
    priors = tuple(
        fit_beta([t.seats[seat].sum_s for t in played], [t.finished for t in played])
        for seat in range(players)
    )
    p_values = [equal_shares_p(t.wins) for t in tallies]
    flags = fdr_reject([p for p, t in zip(p_values, tallies, strict=True) if t.finished])
    flagged = iter(flags)
    found = []
    for tally, p_value, measure in zip(tallies, p_values, measures, strict=True):
        n = tally.finished
        means = tuple(seat.sum_s / n for seat in tally.seats) if n else ()
        intervals = tuple(wilson(seat.sum_s, n) for seat in tally.seats) if n else ()
        shrunk = tuple(shrink(prior, seat.sum_s, n) for prior, seat in
                       zip(priors, tally.seats, strict=True)) if n else ()  # fmt: skip
        unfair = next(flagged) if n else False
        verdict = _verdict(shown_balanced(intervals, tolerance), unfair, n)
        found.append(SetupFairness(tally.setup_index, tally.setup, n, tally.wins, means, intervals,
                                   shrunk, p_value, measure, unfair, verdict))  # fmt: skip
    homogeneity = contingency([t.wins for t in played])
    ranked = homogeneity[2] < LEVEL
    if ranked:
        order = sorted((f for f in found if f.games), key=_fairest_first)
        found = [*(replace(f, rank=i) for i, f in enumerate(order, 1)),
                 *(f for f in found if not f.games)]  # fmt: skip
    by_setup = tuple(over_setups([t.seats[seat].sum_s / t.finished for t in played])
                     for seat in range(players))  # fmt: skip
    return SetupsVerdict(tuple(found), tolerance, homogeneity, ranked, priors,
                         *_power(played, homogeneity, players), by_setup)  # fmt: skip


def _fairest_first(f: SetupFairness) -> tuple[float, float, int]:
    return (-(f.shrunk_balance or 0.0), -f.p_value, f.setup_index)


def _power(
    played: Sequence[SetupCounts], homogeneity: tuple[float, int, float], players: int
) -> tuple[float, float, int | None, bool]:
    """(decisive games per setup, the first-seat share of decisive games above fair a setup's
    test detects with 80% power, games per setup to tell setups apart at the measured spread,
    whether that is an estimate rather than a lower bound)."""
    if not played:
        return 0.0, 1.0, None, False
    decisive = sum(sum(t.wins) for t in played)
    per_setup = decisive / len(played)
    needed, exact = games_to_separate(homogeneity[0], homogeneity[1], per_setup)
    per_game = decisive / sum(t.played for t in played)
    games = math.ceil(needed / per_game) if needed is not None and per_game else None
    return per_setup, detectable_share(per_setup, players), games, exact


def setup_fairness(setups: Sequence[SetupTally], tolerance: float = TOLERANCE) -> SetupsVerdict:
    """The verdicts of `judge_setups` over the setups' tallies (in setup order)."""
    ordered = sorted(setups, key=lambda setup: setup.setup_index)
    return judge_setups([counts_of(setup) for setup in ordered],
                        [setup_measures(setup.tally) for setup in ordered], tolerance)  # fmt: skip


def spread(verdict: SetupsVerdict) -> dict[str, Any]:
    """How much setups differ, and what this run can tell: homogeneity, power, verdicts, and
    the spread of first-seat advantage, balance and every other measure over the setups."""
    fairness = verdict.setups
    if not fairness:
        return {"setups": 0}
    judged = [f for f in fairness if f.games]
    advantage = _over([f.advantage for f in judged if f.advantage is not None])
    balances = _over([f.balance for f in judged if f.balance is not None])
    statistic, df, p_value = verdict.homogeneity
    first = verdict.first_seat
    interval = None if first.ci95 is None else [round(value, 6) for value in first.ci95]
    return {
        "setups": len(fairness),
        "homogeneity": {
            "chi_square": round(statistic, 6),
            "df": df,
            "p_value": p_value,
            "setups_differ": verdict.ranked,
        },
        "tolerance": verdict.tolerance,
        "verdicts": {name: sum(1 for f in fairness if f.verdict == name) for name in VERDICTS},
        "unfair_at_fdr_5pct": sum(1 for f in fairness if f.unfair),
        "decisive_games_per_setup": round(verdict.decisive_per_setup, 6),
        "detectable_first_seat_share": round(verdict.detectable_share, 6),
        "games_per_setup_to_separate": verdict.games_needed,
        "games_per_setup_to_separate_is_lower_bound": not verdict.games_needed_exact,
        "first_seat_mean_s_by_setup": {"mean": round(first.mean, 6), "ci95": interval},
        "between_setup_sd": [round(prior.sd, 6) for prior in verdict.priors],
        "first_seat_s_advantage_mean": advantage.mean,
        "first_seat_s_advantage_sd": advantage.sd,
        "balance_mean": balances.mean,
        "balance_min": balances.minimum,
        "over_setups": {
            name: _over(
                [value for f in fairness if (value := pick(f.measures)) is not None]
            ).to_json()
            for name, pick in MEASURES.items()
        },
    }


MEASURES: dict[str, Callable[[SetupMeasures], float | None]] = {
    "completion": lambda m: m.completion[0],
    "draws": lambda m: m.draws[0],
    "cap_reached": lambda m: m.cap_reached[0],
    "turns_mean": lambda m: m.turns_mean,
    "margin_mean": lambda m: m.margin_mean,
    "lead_changes_per_move": lambda m: m.lead_changes_per_move,
}


@dataclass(frozen=True)
class MeasureSpread:
    """One measure over the setups that have it: mean, sd (n - 1; 0 for one setup), minimum
    and maximum, as summary.json records them (6 decimals); `setups` 0 when none has it."""

    setups: int
    mean: float | None = None
    sd: float | None = None
    minimum: float | None = None
    maximum: float | None = None

    def to_json(self) -> dict[str, Any]:
        if not self.setups:
            return {"setups": 0}
        return {"setups": self.setups, "mean": self.mean, "sd": self.sd, "min": self.minimum,
                "max": self.maximum}  # fmt: skip


def _over(values: Sequence[float]) -> MeasureSpread:
    """Mean, sd, minimum and maximum of one measure over the setups that have it."""
    if not values:
        return MeasureSpread(0)
    array = np.asarray(values, dtype=float)
    return MeasureSpread(
        len(values), round(float(array.mean()), 6),
        round(float(array.std(ddof=1)), 6) if len(values) > 1 else 0.0,
        round(float(array.min()), 6), round(float(array.max()), 6),
    )  # fmt: skip
