"""Fairness per setup and over setups: which random setups favour a seat.

Each setup's games (paired mode plays every seat order equally often) give its seats' mean s,
its balance and a p-value for "every seat wins equally often" (simulate/metrics.py). The
p-values of all setups go through Benjamini-Hochberg at a 5% false-discovery rate once, after
every game is played, so no setup is judged by repeated peeking. Setups are ranked from the
fairest (highest balance) to the least fair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from pnp.games.base import Outcome
from simulate.metrics import balance, benjamini_hochberg, seat_fairness_p, seat_scores
from simulate.runner import GameRecord
from simulate.stats import standing

FDR = 0.05


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
        round(balance(means), 6), round(seat_fairness_p(wins), 8),
    )  # fmt: skip


def setup_fairness(records: Sequence[GameRecord], players: int) -> list[SetupFairness]:
    """Every setup's fairness, BH-flagged, fairest first (ties by setup index)."""
    groups: dict[int, list[GameRecord]] = {}
    for record in records:
        groups.setdefault(record.setup_index, []).append(record)
    found = [_one_setup(index, games, players) for index, games in sorted(groups.items())]
    flags = benjamini_hochberg([f.p_value for f in found], FDR)
    flagged = [
        SetupFairness(**{**asdict(f), "unfair": flag}) for f, flag in zip(found, flags, strict=True)
    ]
    return sorted(flagged, key=lambda f: (-f.balance, -f.p_value, f.setup_index))


def spread(fairness: Sequence[SetupFairness]) -> dict[str, Any]:
    """How much setups differ: the spread of first-seat advantage and balance over setups."""
    if not fairness:
        return {"setups": 0}
    advantage = np.array([f.advantage for f in fairness])
    balances = np.array([f.balance for f in fairness])
    return {
        "setups": len(fairness),
        "advantage_mean": round(float(advantage.mean()), 6),
        "advantage_sd": round(float(advantage.std(ddof=1)), 6) if len(fairness) > 1 else 0.0,
        "balance_mean": round(float(balances.mean()), 6),
        "balance_min": round(float(balances.min()), 6),
        "unfair_at_fdr_5pct": sum(1 for f in fairness if f.unfair),
    }
