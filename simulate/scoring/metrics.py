"""Balance metrics of one game and over seats, light enough for the workers to import.

Definitions (README, "What the numbers mean"):
- Per game and seat, s = (u + 1) / 2 with u = 1 - 2 (rank - 1) / (N - 1), tied seats sharing the
  average of their ranks: 1 for a sole winner, 0 for a sole last, 1/2 each in a two-player draw.
- Seat advantage: the mean of s per seat (over finished games); a fair seat has 1/2. Its 95%
  interval is Wilson's on the sum of s (simulate/measure/inference.py). Balance = 1 - the largest
  difference between two seats' mean s.
- Shown balanced (`pnp kit --fair`, and a setup's *fair* verdict in `pnp balance`): every seat's
  interval lies inside 1/2 +- tolerance, an equivalence test.
The tests over setups (binomial, chi-square, Benjamini-Hochberg) are in
simulate/measure/inference.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.errors import InputError

TOLERANCE = 0.05  # the default band 1/2 +- tolerance of `pnp kit --fair` and of setup verdicts
#: What a finished game is worth to the look-ahead agent per unit of reward above an even share:
#: beyond any evaluation of an unfinished one (simulate/agents/base.py and compiled_lookahead.py).
LOOKAHEAD_FINISHED = 1e9
DEAL_TOLERANCE = 2.0  # points: the largest match margin of a deal `kit --fair` accepts by default


def fair_tolerance(has_choices: bool, tolerance: float | None) -> float:
    """The margin of a *fair* verdict (`pnp kit --fair` and `pnp balance`, `--tolerance`), with
    its default, checked (InputError): for a game with choices the largest distance of a seat's
    mean s from 1/2 (TOLERANCE, between 0 and 0.5); for a game without choices the largest match
    margin of a deal in points (DEAL_TOLERANCE, at least 0)."""
    if not has_choices:
        tolerance = DEAL_TOLERANCE if tolerance is None else tolerance
        check_tolerance(tolerance)
        return tolerance
    tolerance = TOLERANCE if tolerance is None else tolerance
    if not 0 < tolerance < 0.5:
        raise InputError("tolerance", tolerance, "a number between 0 and 0.5")
    return tolerance


def check_tolerance(tolerance: float) -> None:
    """InputError for a deal's tolerance no deal can meet (points are never negative)."""
    if not tolerance >= 0:
        raise InputError("tolerance", tolerance, "points >= 0")


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


def balance(means: Sequence[float]) -> float:
    """1 - the largest difference between two seats' mean s."""
    return 1.0 - (max(means) - min(means)) if means else 1.0


def shown_balanced(intervals: Sequence[Sequence[float]], tolerance: float) -> bool:
    """Whether every seat's 95% interval of mean s lies inside 1/2 +- tolerance."""
    return bool(intervals) and all(
        0.5 - tolerance <= low and high <= 0.5 + tolerance for low, high in intervals
    )


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
