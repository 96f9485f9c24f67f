"""Fairness per setup and over setups: whether random setups differ, and which favour a seat.

Every statistic here is a pure function of per-setup counts (`SetupCounts`: games, finished,
and per seat sole wins, shared wins, sum of s and of s^2), columns of a `SetupTable`
(simulate/measure/setuptable.py) read from the run's `SetupFold` (simulate/measure/setupfold.py,
folded as games finish, kept in a file). Each statistic reads the table a chunk at a time or one
column, so a million setups hold a few numbers each in memory. README, "Which setups are fair":

1. Do setups differ at all? A chi-square test of homogeneity over setups x winning seat (the
   decisive games). Only when it rejects at 5% are setups ranked, fairest first: by verdict
   (fair, undetermined, unfair: a setup flagged unfair is never ranked above one that is not),
   then by balance of the shrunk estimates; otherwise they are "indistinguishable at this
   sample size".
2. Per setup, each seat's mean s, raw with its Wilson 95% interval and shrunk toward the pooled
   mean by empirical Bayes (simulate/measure/shrinkage.py, beta-binomial).
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

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from simulate.measure.inference import (
    LEVEL,
    Means,
    contingency,
    detectable_share,
    equal_shares_p,
    fdr_rejected,
    games_to_separate,
    setup_level_interval,
    setup_level_p,
)
from simulate.measure.setupfold import SetupFold, mapped, release
from simulate.measure.setuptable import (
    FAIR,
    NO_FINISHED_GAME,
    UNDETERMINED,
    UNFAIR,
    VERDICTS,
    SeatCounts,
    SetupCounts,
    SetupFairness,
    SetupMeasures,
    SetupRows,
    SetupTable,
    fairness_numbers,
    setup_measures,
    table_of,
    table_of_fold,
)
from simulate.measure.shrinkage import BetaPrior, fit_beta_of
from simulate.scoring.metrics import TOLERANCE, balance, shown_balanced

__all__ = ["FAIR", "NO_FINISHED_GAME", "UNDETERMINED", "UNFAIR", "VERDICTS", "SeatCounts",
           "SetupCounts", "SetupFairness", "SetupMeasures", "setup_measures"]  # fmt: skip


@dataclass(frozen=True)
class SetupsVerdict:
    """What a balance run can say about its setups (README, "Which setups are fair")."""

    setups: SetupRows  # fairest first when `ranked`, else in setup order
    tolerance: float  # fair: every seat's interval inside 1/2 +- tolerance
    homogeneity: tuple[float, int, float]  # chi-square, df, p over setups x winning seat
    ranked: bool  # the setups differ (homogeneity rejected at 5%): only then ranked
    priors: tuple[BetaPrior, ...]  # per seat, the fitted spread of mean s over setups
    decisive_per_setup: float  # mean decisive games (one sole winner) per setup
    detectable_share: float  # the first-seat share of decisive games above fair, 80% power
    games_needed: int | None  # games per setup to tell setups apart at the measured spread
    games_needed_exact: bool  # False: a lower bound (no spread beyond chance was measured)
    # per seat, the mean over setups of its mean s with the t 95% interval (None: cannot be
    # estimated, simulate/measure/inference.py setup_level_interval) and the p-value of the t test
    by_setup: tuple[OverSetups, ...]

    @property
    def first_seat(self) -> OverSetups:
        return self.by_setup[0] if self.by_setup else over_setups([])

    @property
    def counts(self) -> dict[str, int]:
        """Setups per verdict, in the order of VERDICTS."""
        found = np.bincount(self.setups.table.rows["verdict"], minlength=len(VERDICTS))
        return {name: int(count) for name, count in zip(VERDICTS, found, strict=True)}

    @property
    def ranked_rows(self) -> int:
        """How many setups are ranked: the first ones shown."""
        return int(np.count_nonzero(self.setups.table.rows["rank"]))


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


def over_setups(means: Means) -> OverSetups:
    """A seat's mean s over setups from the setups' means (see `OverSetups`)."""
    mean, interval = setup_level_interval(means)
    return OverSetups(mean, interval, setup_level_p(means), len(means))


def _verdict(fair: bool, unfair: bool, finished: int) -> str:
    if finished == 0:
        return NO_FINISHED_GAME
    return FAIR if fair else UNFAIR if unfair else UNDETERMINED


def judge_setups(
    tallies: Sequence[SetupCounts],
    measures: Sequence[SetupMeasures],
    tolerance: float = TOLERANCE,
) -> SetupsVerdict:
    """`judge_table` of setups given as records (in setup order)."""
    return judge_table(table_of(tallies, measures), tolerance)


def setup_fairness(setups: SetupFold | None, tolerance: float = TOLERANCE) -> SetupsVerdict:
    """The verdicts of `judge_table` over a run's folded setups (none: no setup judged)."""
    return judge_table(table_of_fold(setups) if setups is not None else table_of([], []),
                       tolerance)  # fmt: skip


def _sums(table: SetupTable, seat: int) -> Iterator[tuple[float, int]]:
    """(sum of s, finished games) of one seat, setup by setup, a chunk at a time."""
    for _, rows in table.chunks():
        yield from zip(rows["sum_s"][:, seat].tolist(), rows["finished"].tolist(), strict=True)


def judge_table(table: SetupTable, tolerance: float = TOLERANCE) -> SetupsVerdict:
    """Every setup's verdict, and the run's: whether setups differ at all (homogeneity), the
    power of the run, and the ranking (fairest first) only when the setups are shown to differ.
    Each pass reads the table a chunk at a time; the false-discovery correction, the
    homogeneity test and the ranking take one or two columns of the setups with a finished game."""
    players, rows = table.players, table.rows
    priors = tuple(fit_beta_of(functools.partial(_sums, table, seat)) for seat in range(players))
    for _, part in table.chunks():
        part["p_value"] = [equal_shares_p(tuple(wins)) for wins in part["wins"].tolist()]
    played = np.flatnonzero(rows["finished"])
    rows["unfair"][played] = fdr_rejected(rows["p_value"][played])
    for _, part in table.chunks():
        for offset, (sums, n, unfair) in enumerate(zip(part["sum_s"].tolist(),
                part["finished"].tolist(), part["unfair"].tolist(), strict=True)):  # fmt: skip
            means, intervals, shrunk = fairness_numbers(sums, n, priors)
            row = part[offset]
            row["verdict"] = VERDICTS.index(_verdict(shown_balanced(intervals, tolerance),
                                                     unfair, n))  # fmt: skip
            row["advantage"] = means[0] - 0.5 if means else np.nan
            row["balance"] = balance(means) if means else np.nan
            row["shrunk_balance"] = balance(shrunk) if shrunk else np.nan
    release(rows)
    homogeneity = contingency(rows["wins"][played])
    ranked = homogeneity[2] < LEVEL
    order = None
    if ranked:  # fairest first: (verdict, -shrunk balance, -p-value, setup index), as tuples
        standing = _STANDING[rows["verdict"][played]]
        fairest = played[np.lexsort((rows["index"][played], -rows["p_value"][played],
                                     -rows["shrunk_balance"][played], standing))]  # fmt: skip
        rows["rank"][fairest] = np.arange(1, len(fairest) + 1)
        order = mapped(np.int64, (len(rows),))
        order[: len(fairest)] = fairest
        order[len(fairest) :] = np.flatnonzero(rows["finished"] == 0)
    release(rows)
    by_setup = tuple(over_setups(rows["sum_s"][played, seat] / rows["finished"][played])
                     for seat in range(players))  # fmt: skip
    power = _power(table, played, homogeneity, players)
    return SetupsVerdict(SetupRows(table, priors, order), tolerance, homogeneity, ranked, priors,
                         *power, by_setup)  # fmt: skip


#: a verdict's place in the ranking, by its index in VERDICTS: a setup shown fair comes before
#: any that is not, and one flagged unfair after every other, whatever its balance (with three or
#: more seats the balance of mean s and the win test can disagree: a seat first or last by turns)
_STANDING = np.array([{FAIR: 0, UNDETERMINED: 1, UNFAIR: 2}.get(name, 3) for name in VERDICTS])


def _power(
    table: SetupTable, played: np.ndarray[Any, Any], homogeneity: tuple[float, int, float],
    players: int,
) -> tuple[float, float, int | None, bool]:  # fmt: skip
    """(decisive games per setup, the first-seat share of decisive games above fair a setup's
    test detects with 80% power, games per setup to tell setups apart at the measured spread,
    whether that is an estimate rather than a lower bound)."""
    if not len(played):
        return 0.0, 1.0, None, False
    decisive = int(table.rows["wins"][played].sum())
    per_setup = decisive / len(played)
    needed, exact = games_to_separate(homogeneity[0], homogeneity[1], per_setup)
    per_game = decisive / int(table.rows["played"][played].sum())
    games = math.ceil(needed / per_game) if needed is not None and per_game else None
    return per_setup, detectable_share(per_setup, players), games, exact


def spread(verdict: SetupsVerdict) -> dict[str, Any]:
    """How much setups differ, and what this run can tell: homogeneity, power, verdicts, and
    the spread of first-seat advantage, balance and every other measure over the setups
    (each a column, in the order the setups are shown)."""
    fairness = verdict.setups
    if not len(fairness):
        return {"setups": 0}
    judged = fairness.column("finished") > 0
    advantage = _over(fairness.column("advantage")[judged])
    balances = _over(fairness.column("balance")[judged])
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
        "verdicts": verdict.counts,
        "unfair_at_fdr_5pct": int(np.count_nonzero(verdict.setups.table.rows["unfair"])),
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
            name: _over(_measure(fairness, column, position)).to_json()
            for name, (column, position) in MEASURES.items()
        },
    }


#: each measure's column of the setup table and, for a rate, the rate's place in it
MEASURES: dict[str, tuple[str, int | None]] = {
    "completion": ("completion", 0),
    "draws": ("draws", 0),
    "cap_reached": ("cap_reached", 0),
    "turns_mean": ("turns_mean", None),
    "margin_mean": ("margin_mean", None),
    "lead_changes_per_move": ("lead_changes_per_move", None),
}


def _measure(fairness: SetupRows, column: str, position: int | None) -> np.ndarray[Any, Any]:
    """A measure's values over the setups that have it (NaN stands for none)."""
    values: np.ndarray[Any, Any] = fairness.column(column)
    if position is not None:
        values = values[:, position]
    kept: np.ndarray[Any, Any] = values[~np.isnan(values)]
    return kept


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


def _over(values: np.ndarray[Any, Any]) -> MeasureSpread:
    """Mean, sd, minimum and maximum of one measure over the setups that have it."""
    if not len(values):
        return MeasureSpread(0)
    array = np.asarray(values, dtype=float)
    return MeasureSpread(
        len(values), round(float(array.mean()), 6),
        round(float(array.std(ddof=1)), 6) if len(values) > 1 else 0.0,
        round(float(array.min()), 6), round(float(array.max()), 6),
    )  # fmt: skip
