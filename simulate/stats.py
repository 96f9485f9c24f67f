"""Balance statistics over game records: seat results with Wilson intervals, margins, lengths.

Definitions (README, "What the numbers mean"):
- A seat wins a finished game when it alone has rank 1, draws when it shares rank 1, and loses
  otherwise. Endless and undecided games are counted apart and never as draws.
- win_rate = wins / finished games, with a Wilson 95% score interval.
- points share = (wins + draws / number sharing rank 1) / finished games, with a Wilson 95%
  interval on the points as a count (`points_ci95`, simulate/inference.py); a fair seat gets
  1 / players. first_seat_points_advantage = the first seat's points share - 1 / players; per
  seat, vs_fair = its points share - 1 / players and fair_in_ci95 = whether 1 / players lies in
  its points share's 95% interval (a draw is half a point: a fair game with draws is fair).
- margin = best score - second best score, over finished games of games with scores.
- turns: moves made (placements included; one turn per round of simultaneous orders), over
  finished games; turns_endless: moves made until an endless game's repetition was found;
  longest_finished: the finished game with the most turns.
- mean_s per seat with a Wilson 95% interval on the sum of s (`s_ci95`), balance, completion and
  lead changes per move: see simulate/metrics.py.
- facts (games that report them, State.facts): a game fact is summarised over all games, as a
  rate when it is true/false and as a distribution when it is a number; a seat fact (one value
  per seat) gives the seat results grouped by value, over finished games, like the seats above.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from pnp.games.base import FactValue, Outcome
from simulate.inference import wilson
from simulate.metrics import balance, seat_scores
from simulate.runner import GameRecord

PERCENTILES = (5, 25, 50, 75, 95)


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
    points = sum(points for _, points in results)
    points_lo, points_hi = wilson(points, finished)
    return {
        "wins": wins,
        "draws": draws,
        "losses": len(results) - wins - draws,
        "win_rate": _r(wins / finished) if finished else 0.0,
        "ci95": [_r(lo), _r(hi)],
        "points_share": _r(points / finished) if finished else 0.0,
        "points_ci95": [_r(points_lo), _r(points_hi)],
    }


def fact_kinds(records: Sequence[GameRecord]) -> dict[str, str]:
    """Every fact name the records report, sorted: "seat" for per-seat facts, else "game"."""
    kinds: dict[str, str] = {}
    for record in records:
        for name, value in record.facts.items():
            kinds.setdefault(name, "seat" if isinstance(value, tuple) else "game")
    return dict(sorted(kinds.items()))


def fact_key(value: FactValue) -> str:
    """A fact value as a JSON key: `true`/`false`, numbers as written, text as it is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _value_order(value: FactValue) -> tuple[int, float, tuple[tuple[int, str], ...]]:
    """Numbers by value, then text in natural order (`none`, `2`, `10`, `ring 2`, `ring 10`)."""
    if isinstance(value, int | float):
        return (0, float(value), ())
    parts = re.split(r"(\d+)", str(value))
    return (1, 0.0, tuple((int(p), "") if p.isdigit() else (-1, p) for p in parts if p))


def _game_fact(values: Sequence[FactValue]) -> dict[str, Any]:
    if all(isinstance(v, bool) for v in values):
        return {"kind": "game", **rate(sum(1 for v in values if v), len(values))}
    if all(isinstance(v, int | float) for v in values):
        return {"kind": "game", **distribution([float(v) for v in values])}
    counts = Counter(values)
    ordered = sorted(counts, key=_value_order)
    return {"kind": "game", "n": len(values), "counts": {fact_key(v): counts[v] for v in ordered}}


def _seat_fact(finished: Sequence[GameRecord], name: str) -> dict[str, Any]:
    pairs: list[tuple[FactValue, tuple[str, float]]] = []
    for record in finished:
        values = record.facts.get(name)
        if isinstance(values, tuple):
            pairs += [(value, standing(record.ranks, seat)) for seat, value in enumerate(values)]
    by_value = {}
    for value in sorted({v for v, _ in pairs}, key=_value_order):
        results = [result for v, result in pairs if v == value]
        by_value[fact_key(value)] = {"seats": len(results), **tally(results, len(results))}
    return {"kind": "seat", "by_value": by_value}


def summarize_facts(records: Sequence[GameRecord]) -> dict[str, Any]:
    """The facts games report (see the module docstring), by name."""
    finished = [r for r in records if r.outcome == Outcome.FINISHED]
    summary = {}
    for name, kind in fact_kinds(records).items():
        if kind == "seat":
            summary[name] = _seat_fact(finished, name)
        else:
            values = [r.facts[name] for r in records if name in r.facts]
            summary[name] = _game_fact([v for v in values if not isinstance(v, tuple)])
    return summary


def summarize(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """The balance summary of `records` (in game order): seats, agents, outcomes, lengths."""
    finished = [r for r in records if r.outcome == Outcome.FINISHED]
    n = len(finished)
    s_values = [seat_scores(r.ranks) for r in finished]
    seats = []
    means: list[float] = []  # unrounded mean s per seat
    for seat in range(players):
        entry = {"seat": seat + 1, **tally([standing(r.ranks, seat) for r in finished], n)}
        points = sum(standing(r.ranks, seat)[1] for r in finished)
        entry["vs_fair"] = _r(points / n - 1 / players) if n else 0.0
        low, high = entry["points_ci95"]
        entry["fair_in_ci95"] = bool(low <= 1 / players <= high)
        total = sum(values[seat] for values in s_values)
        low, high = wilson(total, n)
        entry["mean_s"], entry["s_ci95"] = _r(total / n) if n else 0.0, [_r(low), _r(high)]
        means.append(total / n if n else 0.0)
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
        "first_seat_points_advantage": seats[0]["vs_fair"],
        "balance": _r(balance(means)) if n else 0.0,
        "completion": rate(n, len(records)),
        "draws": rate(shared, n),
        "outcomes": {kind.value: sum(1 for r in records if r.outcome == kind) for kind in Outcome},
        "outcome_rates": {
            kind.value: rate(sum(1 for r in records if r.outcome == kind), len(records))
            for kind in Outcome
        },
        "margin": distribution(margins),
        "turns": distribution([r.turns for r in finished]),
        "lead_changes_per_move": _lead_changes_per_move(finished),
        **({"facts": facts} if (facts := summarize_facts(records)) else {}),
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


def _lead_changes_per_move(finished: Sequence[GameRecord]) -> float | None:
    tracked = [r for r in finished if r.lead_changes is not None]
    moves = sum(r.turns for r in tracked)
    return _r(sum(r.lead_changes or 0 for r in tracked) / moves) if moves else None
