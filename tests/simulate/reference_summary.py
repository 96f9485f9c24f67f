"""The list-based computation of a run's measures that pnp used before it folded records (kept as
the reference the folds of simulate/measure/tally.py must agree with): every record in a list, numpy
over lists, each measure computed on its own.

Copied from simulate/measure/stats.py, simulate/measure/setups.py and simulate/measure/matches.py as
they were at a385b7c, with the imports changed and the definitions of issue 17 (setup-stats): Wilson
intervals on the sum of s and on the points, fair_in_ci95 on the points share,
first_seat_points_advantage, and per setup the counts the setup statistics read. A fact value's
JSON key and the order of the values (`fact_key`, `value_order`) are stats.py's own, as the
interval is inference.py's: they word and sort what is measured, not measure it. One change
since: a seat's points are summed exactly (`standing`), as the folds sum them. A float sum of
shared draws (1/3 three times) can land just below a rounding tie that the exact share sits on
(23/128 = 0.1796875, the 6th decimal 0.179688), and the reference, not the fold, was wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pnp.games.base import FactValue, Outcome, ranks_by
from simulate.measure.inference import wilson
from simulate.measure.setups import SeatCounts, SetupCounts, SetupMeasures
from simulate.measure.stats import fact_key, value_order
from simulate.run.runner import GameRecord
from simulate.scoring.metrics import balance, seat_scores

PERCENTILES = (5, 25, 50, 75, 95)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    if not values:
        return 0.0, 0.0, 1.0
    low, high = wilson(float(sum(values)), len(values))
    return float(np.mean(values)), low, high


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


def standing(ranks: Sequence[int], seat: int) -> tuple[str, Fraction]:
    """('win' | 'draw' | 'loss', points) of `seat` in one finished game; the points exact (a
    draw shared by 3 gives 1/3, which no float holds)."""
    sharing = sum(1 for r in ranks if r == 1)
    if ranks[seat] != 1:
        return "loss", Fraction(0)
    return ("win", Fraction(1)) if sharing == 1 else ("draw", Fraction(1, sharing))


def tally(results: Sequence[tuple[str, Fraction]], finished: int) -> dict[str, Any]:
    wins = sum(1 for kind, _ in results if kind == "win")
    draws = sum(1 for kind, _ in results if kind == "draw")
    points = sum((points for _, points in results), Fraction(0))
    lo, hi = wilson(wins, finished)
    return {
        "wins": wins,
        "draws": draws,
        "losses": len(results) - wins - draws,
        "win_rate": _r(wins / finished) if finished else 0.0,
        "ci95": [_r(lo), _r(hi)],
        "points_share": _r(points / finished) if finished else 0.0,
        "points_ci95": [_r(v) for v in wilson(float(points), finished)],
    }


def fact_kinds(records: Sequence[GameRecord]) -> dict[str, str]:
    """Every fact name the records report, sorted: "seat" for per-seat facts, else "game"."""
    kinds: dict[str, str] = {}
    for record in records:
        for name, value in record.facts.items():
            kinds.setdefault(name, "seat" if isinstance(value, tuple) else "game")
    return dict(sorted(kinds.items()))


def _game_fact(values: Sequence[FactValue]) -> dict[str, Any]:
    if all(isinstance(v, bool) for v in values):
        return {"kind": "game", **rate(sum(1 for v in values if v), len(values))}
    if all(isinstance(v, int | float) for v in values):
        return {"kind": "game", **distribution([float(v) for v in values])}
    counts = Counter(values)
    ordered = sorted(counts, key=value_order)
    return {"kind": "game", "n": len(values), "counts": {fact_key(v): counts[v] for v in ordered}}


def _seat_fact(finished: Sequence[GameRecord], name: str) -> dict[str, Any]:
    pairs: list[tuple[FactValue, tuple[str, float]]] = []
    for record in finished:
        values = record.facts.get(name)
        if isinstance(values, tuple):
            pairs += [(value, standing(record.ranks, seat)) for seat, value in enumerate(values)]
    by_value = {}
    for value in sorted({v for v, _ in pairs}, key=value_order):
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
    for seat in range(players):
        entry = {"seat": seat + 1, **tally([standing(r.ranks, seat) for r in finished], n)}
        entry["vs_fair"] = _r(entry["points_share"] - 1 / players) if n else 0.0
        low, high = entry["points_ci95"]
        entry["fair_in_ci95"] = bool(low <= 1 / players <= high)
        mean, low, high = mean_interval([values[seat] for values in s_values])
        entry["mean_s"], entry["s_ci95"] = _r(mean), [_r(low), _r(high)]
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
        "first_seat_points_advantage": _r(seats[0]["points_share"] - 1 / players) if n else 0.0,
        "balance": _r(balance([seat["mean_s"] for seat in seats])) if n else 0.0,
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


def setup_counts(index: int, records: Sequence[GameRecord], players: int) -> SetupCounts:
    finished = [r for r in records if r.outcome == Outcome.FINISHED]
    s = [seat_scores(r.ranks) for r in finished]
    seats = tuple(
        SeatCounts(
            sum(1 for r in finished if standing(r.ranks, seat)[0] == "win"),
            sum(1 for r in finished if standing(r.ranks, seat)[0] == "draw"),
            float(sum(values[seat] for values in s)),
            float(sum(values[seat] ** 2 for values in s)),
        )
        for seat in range(players)
    )
    return SetupCounts(index, records[0].setup, len(records), len(finished), seats)


@dataclass(frozen=True)
class Match:
    setup_index: int
    setup: str
    games: tuple[GameRecord, ...]  # by rotation
    scores: tuple[float, ...]  # per participant
    ranks: tuple[int, ...]  # per participant
    outcome: Outcome

    def winner_of_every_game(self, by_seat: bool) -> bool:
        """Whether one participant (or one seat) won every game of the match alone."""
        players = len(self.ranks)
        winners = set()
        for record in self.games:
            alone = [s for s, rank in enumerate(record.ranks) if rank == 1]
            if len(alone) != 1:
                return False
            winners.add(alone[0] if by_seat else (alone[0] + record.rotation) % players)
        return len(winners) == 1


def _outcome(games: Sequence[GameRecord]) -> Outcome:
    kinds = {record.outcome for record in games}
    if kinds == {Outcome.FINISHED}:
        return Outcome.FINISHED
    return Outcome.ENDLESS if Outcome.ENDLESS in kinds else Outcome.UNDECIDED


def participant_score(record: GameRecord, participant: int, players: int) -> float:
    seat = (participant - record.rotation) % players
    if record.scores is not None:
        return record.scores[seat]
    return float(standing(record.ranks, seat)[1])


def matches(records: Sequence[GameRecord], players: int) -> list[Match]:
    """The complete matches among `records` of a paired run, in setup order."""
    groups: dict[tuple[int, int], dict[int, GameRecord]] = {}
    for record in records:  # a match: the games k*N .. k*N + N-1 of the run (RunPlan)
        key = (record.setup_index, record.index // players)
        groups.setdefault(key, {})[record.rotation] = record
    found = []
    for (setup_index, _), by_rotation in sorted(groups.items()):
        if len(by_rotation) != players:
            continue
        games = tuple(by_rotation[r] for r in range(players))
        scores = tuple(sum(participant_score(g, p, players) for g in games) for p in range(players))
        outcome = _outcome(games)
        ranks = ranks_by(scores) if outcome == Outcome.FINISHED else (1,) * players
        found.append(Match(setup_index, games[0].setup, games, scores, ranks, outcome))
    return found


def match_summary(found: Sequence[Match], players: int) -> dict[str, Any]:
    """Match results per participant (Wilson intervals), drawn matches and sweeps."""
    finished = [m for m in found if m.outcome == Outcome.FINISHED]
    n = len(finished)
    participants = [
        {"participant": p + 1, **tally([standing(m.ranks, p) for m in finished], n)}
        for p in range(players)
    ]
    drawn = sum(1 for m in finished if m.ranks.count(1) > 1)
    return {
        "matches": len(found),
        "outcomes": {kind.value: sum(1 for m in found if m.outcome == kind) for kind in Outcome},
        "participants": participants,
        "drawn": rate(drawn, n),
        "one_player_won_every_game": rate(
            sum(1 for m in finished if m.winner_of_every_game(by_seat=False)), n
        ),
        "one_seat_won_every_game": rate(
            sum(1 for m in finished if m.winner_of_every_game(by_seat=True)), n
        ),
    }
