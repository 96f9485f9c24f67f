"""Fairness per setup and over setups: which random setups favour a seat.

Each setup's tally (`SetupTally`, simulate/measures.py: its games folded as they were played,
never kept) gives its seats' mean s,
its balance and a p-value for "every seat wins equally often" (simulate/metrics.py). The
p-values of all setups go through Benjamini-Hochberg at a 5% false-discovery rate once, after
every game is played, so no setup is judged by repeated peeking. Setups are ranked from the
fairest (highest balance) to the least fair.

Each setup also gets the other measures of the run (`SetupMeasures`): completion, drawishness and
cap-reached rate with Wilson 95% intervals, mean duration, mean score margin and lead changes per
move; `spread` gives their mean, sd, minimum and maximum over the setups.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pnp.games.base import Outcome
from simulate.measures import SetupTally, Tally
from simulate.metrics import balance, benjamini_hochberg, seat_fairness_p
from simulate.stats import Rate

FDR = 0.05


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


def setup_measures(tally: Tally) -> SetupMeasures:
    """The other measures of one setup's games, from its tally."""
    return SetupMeasures(
        tally.games, _rate(tally.completion), _rate(tally.draws),
        _rate(tally.outcome_rate(Outcome.UNDECIDED)), _round(tally.turns_mean),
        _round(tally.margin_mean), _round(tally.lead_changes_per_move),
    )  # fmt: skip


@dataclass(frozen=True)
class SetupFairness:
    setup_index: int
    setup: str  # the setup's label (its seed: `pnp kit GAME --seed` prints it)
    games: int  # finished games
    wins: tuple[int, ...]  # sole wins per seat
    mean_s: tuple[float, ...]
    advantage: float  # first seat's mean s - 1/2
    balance: float
    p_value: float
    measures: SetupMeasures
    unfair: bool = False  # flagged by Benjamini-Hochberg


def _one_setup(setup: SetupTally) -> SetupFairness:
    tally = setup.tally
    wins = tuple(seat.standings.wins for seat in tally.seats)
    if tally.finished:
        means = tuple(round(seat.mean_s[0], 6) for seat in tally.seats)
    else:
        means = (0.5,) * tally.players
    return SetupFairness(
        setup.setup_index, setup.setup, tally.finished, wins, means, round(means[0] - 0.5, 6),
        round(balance(means), 6), round(seat_fairness_p(wins), 8), setup_measures(tally),
    )  # fmt: skip


def setup_fairness(setups: Sequence[SetupTally]) -> list[SetupFairness]:
    """Every setup's fairness, BH-flagged, fairest first (ties by setup index)."""
    found = [_one_setup(setup) for setup in sorted(setups, key=lambda s: s.setup_index)]
    flags = benjamini_hochberg([f.p_value for f in found], FDR)
    flagged = [replace(f, unfair=flag) for f, flag in zip(found, flags, strict=True)]
    return sorted(flagged, key=lambda f: (-f.balance, -f.p_value, f.setup_index))


def spread(fairness: Sequence[SetupFairness]) -> dict[str, Any]:
    """How much setups differ: the spread of first-seat advantage and balance over setups."""
    if not fairness:
        return {"setups": 0}
    advantage = _over([f.advantage for f in fairness])
    balance = _over([f.balance for f in fairness])
    return {
        "setups": len(fairness),
        "advantage_mean": advantage["mean"],
        "advantage_sd": advantage["sd"],
        "balance_mean": balance["mean"],
        "balance_min": balance["min"],
        "unfair_at_fdr_5pct": sum(1 for f in fairness if f.unfair),
        "over_setups": {
            name: _over([value for f in fairness if (value := pick(f.measures)) is not None])
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


def _over(values: Sequence[float]) -> dict[str, Any]:
    """Mean, sd, minimum and maximum of one measure over the setups that have it."""
    if not values:
        return {"setups": 0}
    array = np.asarray(values, dtype=float)
    return {
        "setups": len(values),
        "mean": round(float(array.mean()), 6),
        "sd": round(float(array.std(ddof=1)), 6) if len(values) > 1 else 0.0,
        "min": round(float(array.min()), 6),
        "max": round(float(array.max()), 6),
    }
