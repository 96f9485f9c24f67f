"""Compensation: the points that would even the seats, for the balance verdict.

Two methods, by how a game could give points at the table (`GameInfo.compensation`):

- **Komi** ("end": the highest score wins, two players). The margin of a finished game is the
  first seat's score minus the second's. With a komi of k points given to the second seat, the
  first seat's points share is F(k) = P(margin > k) + P(margin = k) / 2 (a tie after the komi
  counts half a win each; a game's own tie-break, such as Penguins' tiles, is left out). The
  komi is the k among the margins and the half points beside them that brings F(k) nearest 1/2
  (the smallest such k: a whole range of k can be equally fair). Its 95% interval is a
  percentile bootstrap (scipy.stats.bootstrap, 999 resamples, a generator seeded from the run's
  seed): over games when each setup has one finished game or there is one setup (a sheet given
  as a board file), else over setups (the setup is the unit: its games share a board).
- **Seat gaps** ("start": a race to a goal, any number of players, Wallaby). Per seat, the mean
  score over finished games and how many points it trails the best seat (the seat with the
  highest mean score over all the games), with the same bootstrap of that difference: the
  points each seat would need as a head start (Wallaby: in its setup harvest, or
  as a goal that much lower) to reach the best seat's mean. The simple reading assumes a head
  start adds its points to the seat's final score.

`second_share_with` replays the verdict on fresh games: the second seat's points share with a
komi applied, with its bootstrap interval, which should hold 1/2.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from rich.console import Console
from scipy import stats

from pnp.games.base import GameInfo, Outcome
from simulate.runner import GameRecord

RESAMPLES = 999
STREAM = 0x6B6F6D69  # "komi": the bootstrap's generator is its own stream of the run's seed


@dataclass(frozen=True)
class Komi:
    """Points to give the second seat; `unit` says what the bootstrap resampled."""

    points: float
    ci95: tuple[float, float]
    first_share_before: float  # the first seat's points share with no komi
    first_share_after: float  # with the komi, on the same games (the fresh-seed check is apart)
    games: int
    unit: str  # "games" or "setups"
    units: int


@dataclass(frozen=True)
class SeatGap:
    seat: int  # 1-based
    mean_score: float
    behind_best: float
    ci95: tuple[float, float]


def first_share(margins: np.ndarray, komi: float) -> float:
    """F(komi): the first seat's points share when the second seat gets `komi` points."""
    return float(_shares(np.sort(margins), np.array([komi]))[0])


def _shares(ordered: np.ndarray, komis: np.ndarray) -> np.ndarray:
    """F at each of `komis`, from the sorted margins (a search, not a pass per komi)."""
    left = np.searchsorted(ordered, komis, side="left")
    right = np.searchsorted(ordered, komis, side="right")
    return np.asarray((len(ordered) - right + 0.5 * (right - left)) / len(ordered))


def _candidates(margins: np.ndarray) -> np.ndarray:
    values = np.unique(margins)
    return np.unique(np.concatenate([values - 0.5, values, values + 0.5]))


def _komi(margins: np.ndarray, candidates: np.ndarray) -> float:
    distance = np.round(np.abs(_shares(np.sort(margins), candidates) - 0.5), 12)
    best = np.flatnonzero(distance == distance.min())
    return float(candidates[best[np.argmin(np.abs(candidates[best]))]])


def _finished(records: Iterable[GameRecord]) -> list[GameRecord]:
    return [r for r in records if r.outcome == Outcome.FINISHED and r.scores is not None]


def _groups(records: Iterable[GameRecord]) -> tuple[list[list[GameRecord]], str]:
    """The bootstrap's units: the games of each setup, or single games when every setup has one
    game, or when there is one setup (the verdict is then about that setup)."""
    by_setup: dict[int, list[GameRecord]] = {}
    for r in records:
        by_setup.setdefault(r.setup_index, []).append(r)
    if len(by_setup) == 1 or all(len(games) == 1 for games in by_setup.values()):
        return [[r] for r in records], "games"
    return [by_setup[k] for k in sorted(by_setup)], "setups"


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, STREAM]))


def bootstrap_interval(
    groups: Sequence[np.ndarray], statistic: Callable[[np.ndarray], float], seed: int
) -> tuple[float, float]:
    """Percentile 95% interval of `statistic` (of the pooled rows) over resampled groups."""
    if len(groups) < 2:
        value = statistic(np.concatenate(groups))
        return value, value

    def pooled(indices: np.ndarray) -> float:
        return statistic(np.concatenate([groups[i] for i in indices]))

    with warnings.catch_warnings():  # a statistic with no spread has a point interval
        warnings.simplefilter("ignore")
        found = stats.bootstrap(
            (np.arange(len(groups)),), pooled, vectorized=False, n_resamples=RESAMPLES,
            method="percentile", rng=_rng(seed),
        )  # fmt: skip
    low, high = found.confidence_interval
    if not np.isfinite(low):
        value = statistic(np.concatenate(groups))
        return value, value
    return float(low), float(high)


def _margins(games: Sequence[GameRecord]) -> np.ndarray:
    return np.array([r.scores[0] - r.scores[1] for r in games if r.scores is not None])


def komi_of(records: Iterable[GameRecord], seed: int) -> Komi | None:
    """The komi of two-player scored games (see the module docstring); None without any."""
    finished = [r for r in _finished(records) if len(r.ranks) == 2]
    if not finished:
        return None
    groups, unit = _groups(finished)
    margins = _margins(finished)
    candidates = _candidates(margins)
    points = _komi(margins, candidates)
    low, high = bootstrap_interval([_margins(g) for g in groups],
                                   lambda m: _komi(m, candidates), seed)  # fmt: skip
    return Komi(points, (low, high), first_share(margins, 0.0), first_share(margins, points),
                len(finished), unit, len(groups))  # fmt: skip


def second_share_with(
    records: Iterable[GameRecord], komi: float, seed: int
) -> tuple[float, tuple[float, float]]:
    """The second seat's points share over finished games with `komi` given to it, and its
    bootstrap interval (the fresh-seed check of a komi)."""
    finished = [r for r in _finished(records) if len(r.ranks) == 2]
    groups, _ = _groups(finished)

    def share(margins: np.ndarray) -> float:
        return 1.0 - first_share(margins, komi)

    interval = bootstrap_interval([_margins(g) for g in groups], share, seed)
    return share(_margins(finished)), interval


def seat_gaps(records: Iterable[GameRecord], players: int, seed: int) -> list[SeatGap]:
    """Per seat, the points it trails the best seat's mean score (see the module docstring)."""
    finished = [r for r in _finished(records) if len(r.ranks) == players]
    if not finished:
        return []
    groups, _ = _groups(finished)
    rows = [np.array([r.scores for r in g if r.scores is not None]) for g in groups]
    pooled = np.concatenate(rows)
    means = pooled.mean(axis=0)
    best = int(np.argmax(means))
    gaps = []
    for seat in range(players):

        def behind(scores: np.ndarray, seat: int = seat) -> float:
            seat_means = scores.mean(axis=0)
            return float(seat_means[best] - seat_means[seat])

        low, high = bootstrap_interval(rows, behind, seed + seat)
        gaps.append(SeatGap(seat + 1, float(means[seat]), behind(pooled), (low, high)))
    return gaps


def compensation(
    records: Iterable[GameRecord], info: GameInfo, players: int, seed: int
) -> dict[str, Any] | None:
    """The verdict's compensation as JSON: the komi (two players, points added at the end) or
    the seat gaps (a race); None for games whose scores cannot be given (or with no scores)."""
    kind = info.compensation
    if kind is None or not info.has_scores:
        return None
    entry: dict[str, Any] = {"method": kind.method, "unit": kind.unit, "hint": kind.hint}
    if kind.method == "end" and players == 2:
        found = komi_of(records, seed)
        if found is None:
            return None
        entry["komi"] = {
            "points": found.points,
            "ci95": [round(v, 6) for v in found.ci95],
            "first_share_before": round(found.first_share_before, 6),
            "first_share_after": round(found.first_share_after, 6),
            "games": found.games,
            "resampled": found.unit,
            "units": found.units,
        }
    elif kind.method == "start":
        gaps = seat_gaps(records, players, seed)
        if not gaps:
            return None
        entry["seat_gaps"] = [
            {"seat": g.seat, "mean_score": round(g.mean_score, 6),
             "behind_best": round(g.behind_best, 6), "ci95": [round(v, 6) for v in g.ci95]}
            for g in gaps
        ]  # fmt: skip
    else:
        return None
    return entry


def compensation_text(entry: dict[str, Any], seat_names: Sequence[str]) -> str:
    """The compensation of the verdict, in a line."""
    unit = entry["unit"]
    hint = "; " + entry["hint"] if entry["hint"] else ""
    if "komi" in entry:
        k = entry["komi"]
        low, high = k["ci95"]
        return (
            f"komi: give {seat_names[1]} {k['points']:g} {unit} [{low:g}, {high:g}] (95%, "
            f"bootstrap over {k['units']} {k['resampled']}): {seat_names[0]}'s points share "
            f"{100 * k['first_share_before']:.1f}% without, {100 * k['first_share_after']:.1f}% "
            f"with it{hint}"
        )
    parts = [
        f"{seat_names[g['seat'] - 1]} {g['behind_best']:.1f} [{g['ci95'][0]:.1f}, "
        f"{g['ci95'][1]:.1f}]"
        for g in entry["seat_gaps"]
    ]
    return (
        f"to even the seats ({unit} each seat trails the best seat's mean score, 95% "
        f"bootstrap): {', '.join(parts)}{hint}"
    )


def print_compensation(entry: dict[str, Any], console: Console, seat_names: Sequence[str]) -> None:
    """The compensation lines of the verdict."""
    console.print(compensation_text(entry, seat_names))
