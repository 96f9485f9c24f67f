"""Fairness per setup and over setups: which random setups favour a seat.

Each setup's games (paired mode plays every seat order equally often) give its seats' mean s,
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
from simulate.metrics import balance, benjamini_hochberg, seat_fairness_p, seat_scores
from simulate.runner import GameRecord
from simulate.stats import standing, wilson

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


def _rate(count: int, trials: int) -> tuple[float, float, float]:
    low, high = wilson(count, trials)
    return (round(count / trials, 6) if trials else 0.0, round(low, 6), round(high, 6))


def _mean(values: Sequence[float]) -> float | None:
    return round(float(np.mean(values)), 6) if values else None


def setup_measures(records: Sequence[GameRecord]) -> SetupMeasures:
    finished = [r for r in records if r.outcome == Outcome.FINISHED]
    shared = sum(1 for r in finished if r.ranks.count(1) > 1)
    capped = sum(1 for r in records if r.outcome == Outcome.UNDECIDED)
    margins = [float(a - b) for a, b, *_ in (sorted(r.scores, reverse=True) for r in finished
               if r.scores is not None and len(r.scores) > 1)]  # fmt: skip
    tracked = [r for r in finished if r.lead_changes is not None]
    moves = sum(r.turns for r in tracked)
    return SetupMeasures(
        len(records), _rate(len(finished), len(records)), _rate(shared, len(finished)),
        _rate(capped, len(records)), _mean([r.turns for r in finished]), _mean(margins),
        round(sum(r.lead_changes or 0 for r in tracked) / moves, 6) if moves else None,
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


def _one_setup(index: int, records: Sequence[GameRecord], players: int) -> SetupFairness:
    finished = [r for r in records if r.outcome == Outcome.FINISHED]
    wins = tuple(
        sum(1 for r in finished if standing(r.ranks, seat)[0] == "win") for seat in range(players)
    )
    if finished:
        s = np.array([seat_scores(r.ranks) for r in finished])
        means = tuple(round(float(v), 6) for v in s.mean(axis=0))
    else:
        means = (0.5,) * players
    return SetupFairness(
        index, records[0].setup, len(finished), wins, means, round(means[0] - 0.5, 6),
        round(balance(means), 6), round(seat_fairness_p(wins), 8), setup_measures(records),
    )  # fmt: skip


def setup_fairness(records: Sequence[GameRecord], players: int) -> list[SetupFairness]:
    """Every setup's fairness, BH-flagged, fairest first (ties by setup index)."""
    groups: dict[int, list[GameRecord]] = {}
    for record in records:
        groups.setdefault(record.setup_index, []).append(record)
    found = [_one_setup(index, games, players) for index, games in sorted(groups.items())]
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
