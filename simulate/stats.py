"""Balance statistics over game records: seat results with Wilson intervals, margins, lengths.

Definitions (README, "What the numbers mean"):
- A seat wins a finished game when it alone has rank 1, draws when it shares rank 1, and loses
  otherwise. Endless and undecided games are counted apart and never as draws.
- win_rate = wins / finished games, with a Wilson 95% score interval.
- points share = (wins + draws / number sharing rank 1) / finished games; a fair seat gets
  1 / players. first_seat_advantage = the first seat's points share - 1 / players.
- margin = best score - second best score, over finished games of games with scores.
- turns: moves made (placements included; one turn per round of simultaneous orders), over
  finished games; turns_endless: moves made until an endless game's repetition was found;
  longest_finished: the finished game with the most turns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from pnp.games.base import Outcome
from simulate.runner import GameRecord

Z95 = 1.959963984540054
PERCENTILES = (5, 25, 50, 75, 95)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial rate; (0, 1) when there are no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _r(value: float) -> float:
    return round(float(value), 6)


def rate(successes: int, trials: int) -> dict[str, Any]:
    lo, hi = wilson(successes, trials)
    return {
        "count": successes,
        "rate": _r(successes / trials) if trials else 0.0,
        "ci95": [_r(lo), _r(hi)],
    }


def distribution(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    array = np.asarray(values, dtype=float)
    summary: dict[str, Any] = {
        "n": len(values),
        "mean": _r(array.mean()),
        "sd": _r(array.std(ddof=1)) if len(values) > 1 else 0.0,
        "min": _r(array.min()),
    }
    for q, value in zip(PERCENTILES, np.percentile(array, PERCENTILES), strict=True):
        summary[f"p{q}"] = _r(value)
    summary["max"] = _r(array.max())
    return summary


def standing(ranks: Sequence[int], seat: int) -> tuple[str, float]:
    """('win' | 'draw' | 'loss', points) of `seat` in one finished game."""
    sharing = sum(1 for r in ranks if r == 1)
    if ranks[seat] != 1:
        return "loss", 0.0
    return ("win", 1.0) if sharing == 1 else ("draw", 1.0 / sharing)


def tally(results: Sequence[tuple[str, float]], finished: int) -> dict[str, Any]:
    wins = sum(1 for kind, _ in results if kind == "win")
    draws = sum(1 for kind, _ in results if kind == "draw")
    lo, hi = wilson(wins, finished)
    return {
        "wins": wins,
        "draws": draws,
        "losses": len(results) - wins - draws,
        "win_rate": _r(wins / finished) if finished else 0.0,
        "ci95": [_r(lo), _r(hi)],
        "points_share": _r(sum(points for _, points in results) / finished) if finished else 0.0,
    }


def summarize(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """The balance summary of `records` (in game order): seats, agents, outcomes, lengths."""
    finished = [r for r in records if r.outcome == Outcome.FINISHED]
    n = len(finished)
    seats = []
    for seat in range(players):
        entry = {"seat": seat + 1, **tally([standing(r.ranks, seat) for r in finished], n)}
        scored = [r.scores[seat] for r in finished if r.scores is not None]
        if scored:
            entry["mean_score"] = _r(float(np.mean(scored)))
            entry["score"] = distribution(scored)
        seats.append(entry)
    agents = {}
    for name in sorted({a for r in records for a in r.agents}):
        results = [
            standing(r.ranks, s) for r in finished for s, a in enumerate(r.agents) if a == name
        ]
        agents[name] = tally(results, len(results))
    shared = sum(1 for r in finished if sum(1 for k in r.ranks if k == 1) > 1)
    margins = [
        sorted(r.scores, reverse=True)[0] - sorted(r.scores, reverse=True)[1]
        for r in finished
        if r.scores is not None and len(r.scores) > 1
    ]
    return {
        "seats": seats,
        "agent_results": agents,
        "first_seat_advantage": _r(seats[0]["points_share"] - 1 / players) if n else 0.0,
        "draws": rate(shared, n),
        "outcomes": {kind.value: sum(1 for r in records if r.outcome == kind) for kind in Outcome},
        "outcome_rates": {
            kind.value: rate(sum(1 for r in records if r.outcome == kind), len(records))
            for kind in Outcome
        },
        "margin": distribution(margins),
        "turns": distribution([r.turns for r in finished]),
        "turns_endless": distribution([r.turns for r in records if r.outcome == Outcome.ENDLESS]),
        "longest_finished": longest(finished),
    }


def longest(finished: Sequence[GameRecord]) -> dict[str, Any] | None:
    """The finished game with the most turns (the first such game), to find it again."""
    if not finished:
        return None
    record = max(finished, key=lambda r: (r.turns, -r.index))
    return {
        "game": record.index,
        "setup": record.setup,
        "rotation": record.rotation,
        "turns": record.turns,
    }
