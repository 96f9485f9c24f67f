"""An independent recomputation of a run's matches, deals and compensation from its games.csv
(issue 17), the part of tests/simulate/reference_stats.py about games taken together.

Written apart from simulate/ (it imports nothing of pnp): pandas reads the table, scipy computes
the intervals, numpy draws the bootstrap's resamples, and the definitions are the README's
("--paired", "Games without choices", "Compensation"). A paired run's game g is played on setup
g mod M and belongs to match (g div M) div N of that setup, its seat order (`rotation`) r
seating the setup's player (s + r) mod N at seat s. A participant's points in a game are its
score, or for a game without scores 1 for a sole win and 1/k for a win shared by k.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as sps

from tests.simulate.reference_stats import distribution, rate, results

KOMI_STREAM = (
    0x6B6F6D69  # the bootstrap's own stream of the run's seed (simulate/measure/bootstrap.py)
)
RESAMPLES = 999


def _points(game: pd.Series, seat: int) -> float:
    """The points of the seat (1-based) in one game: its score, else its share of the win."""
    score = game[f"score_{seat}"]
    return float(score) if pd.notna(score) else float(game[f"points_{seat}"])


def _competition_ranks(values: list[float]) -> list[int]:
    return [int(r) for r in sps.rankdata([-v for v in values], method="min")]


def matches_of(games: pd.DataFrame, players: int) -> list[dict[str, Any]]:
    """Every complete match (all N seat orders played), in setup order, then match order."""
    setups = int(games["setup_index"].max()) + 1
    keyed = games.assign(match=games["game"] // setups // players)
    found = []
    for (setup_index, _), group in keyed.groupby(["setup_index", "match"], sort=True):
        if len(group) != players:
            continue
        ordered = group.sort_values("rotation")
        points = [0.0] * players
        winners_seat, winners_player = set(), set()
        sole = True
        for _, game in ordered.iterrows():
            for seat in range(1, players + 1):
                points[(seat - 1 + int(game["rotation"])) % players] += _points(game, seat)
            first = [s for s in range(players) if game[f"rank_{s + 1}"] == 1]
            if game["outcome"] != "finished" or len(first) != 1:
                sole = False
                continue
            winners_seat.add(first[0])
            winners_player.add((first[0] + int(game["rotation"])) % players)
        kinds = set(ordered["outcome"])
        outcome = (
            "finished"
            if kinds == {"finished"}
            else "endless"
            if "endless" in kinds
            else "undecided"
        )
        top = sorted(points, reverse=True)
        found.append(
            {
                "setup_index": int(setup_index),
                "setup": ordered["setup"].iloc[0],
                "outcome": outcome,
                "points": points,
                "ranks": _competition_ranks(points) if outcome == "finished" else [1] * players,
                "margin": top[0] - top[1],
                "one_player": sole and len(winners_player) == 1,
                "one_seat": sole and len(winners_seat) == 1,
                "first_seat_effect": float(
                    np.mean(
                        [
                            _points(g, 1)
                            - sum(_points(g, s) for s in range(2, players + 1)) / (players - 1)
                            for _, g in ordered.iterrows()
                        ]
                    )
                ),
                "orders": list(ordered["outcome"]),
                "turns": [int(t) for t in ordered["turns"]],
                "endless_orders": int((ordered["outcome"] == "endless").sum()),
            }
        )
    return found


def recompute_matches(games: pd.DataFrame, players: int) -> dict[str, Any]:
    """summary.json's `matches` of a paired run."""
    found = matches_of(games, players)
    done = [m for m in found if m["outcome"] == "finished"]
    n = len(done)
    participants = []
    for p in range(players):
        sharing = [m["ranks"].count(1) for m in done]
        wins = sum(1 for m, k in zip(done, sharing, strict=True) if m["ranks"][p] == 1 and k == 1)
        draws = sum(1 for m, k in zip(done, sharing, strict=True) if m["ranks"][p] == 1 and k > 1)
        points = sum(1 / k for m, k in zip(done, sharing, strict=True) if m["ranks"][p] == 1)
        participants.append({"participant": p + 1, **results(wins, draws, points, n, n)})
    return {
        "matches": len(found),
        "outcomes": {
            kind: sum(1 for m in found if m["outcome"] == kind)
            for kind in ("finished", "endless", "undecided")
        },
        "participants": participants,
        "drawn": rate(sum(1 for m in done if m["ranks"].count(1) > 1), n),
        "one_player_won_every_game": rate(sum(1 for m in done if m["one_player"]), n),
        "one_seat_won_every_game": rate(sum(1 for m in done if m["one_seat"]), n),
    }


def mean_t(values: list[float]) -> dict[str, Any]:
    """The mean with Student's t 95% interval (None below two values; a point without spread)."""
    if len(values) < 2:
        return {"n": len(values), "mean": float(np.mean(values)) if values else 0.0, "ci95": None}
    mean, sem = float(np.mean(values)), float(sps.sem(values))
    if sem == 0:
        return {"n": len(values), "mean": mean, "ci95": [mean, mean]}
    low, high = sps.t.interval(0.95, len(values) - 1, loc=mean, scale=sem)
    return {"n": len(values), "mean": mean, "ci95": [float(low), float(high)]}


def recompute_deals(games: pd.DataFrame, players: int, tolerance: float) -> dict[str, Any]:
    """summary.json's `deals` of a game without choices, and deals.csv's rows (`rows`)."""
    found = matches_of(games, players)
    ended = [d for d in found if d["outcome"] == "finished"]
    margins = [d["margin"] for d in ended]
    rows = []
    for d in found:
        row: dict[str, Any] = {"setup_index": d["setup_index"], "setup": d["setup"],
                               "outcome": d["outcome"], "margin": d["margin"],
                               "first_seat_effect": d["first_seat_effect"]}  # fmt: skip
        for p, value in enumerate(d["points"], 1):
            row[f"points_{p}"] = value
        for r, (kind, turns) in enumerate(zip(d["orders"], d["turns"], strict=True), 1):
            row[f"outcome_order_{r}"], row[f"turns_order_{r}"] = kind, turns
        row["within_tolerance"] = int(d["outcome"] == "finished" and d["margin"] <= tolerance)
        rows.append(row)
    return {
        "summary": {
            "unit": "deal",
            "deals": len(found),
            "games_per_deal": players if found else 0,
            "outcomes": {
                kind: sum(1 for d in found if d["outcome"] == kind)
                for kind in ("finished", "endless", "undecided")
            },
            "both_end": rate(len(ended), len(found)),
            "endless_in_some_order": sum(1 for d in found if d["endless_orders"]),
            "endless_in_every_order": sum(1 for d in found if d["endless_orders"] == players),
            "margin": {**distribution(margins), "mean_ci95": mean_t(margins)["ci95"]},
            "drawn": rate(sum(1 for m in margins if m == 0), len(ended)),
            "one_player_won_every_game": rate(sum(1 for d in ended if d["one_player"]), len(ended)),
            "one_seat_won_every_game": rate(sum(1 for d in ended if d["one_seat"]), len(ended)),
            "first_seat_effect": mean_t([d["first_seat_effect"] for d in ended]),
            "within_tolerance": {
                "tolerance": tolerance,
                **rate(sum(r["within_tolerance"] for r in rows), len(found)),
            },
        },
        "rows": rows,
    }


def _setups_interval(groups: dict[int, np.ndarray], statistic: Any, seed: int) -> list[float]:
    """The percentile 95% interval (its ends resampled values, taken outward) of `statistic`
    over Poisson bootstrap resamples of the setups (simulate/measure/bootstrap.py): in resample b,
    setup i's games are each taken w times, w the Poisson(1) quantile (scipy.stats.poisson.ppf)
    of uniform b of the Philox generator keyed by the run's seed with its counter's second word
    at i; a resample holding no setup is left out."""
    key = np.random.SeedSequence([seed, KOMI_STREAM]).generate_state(2, np.uint64)
    weights = {}
    for index in groups:
        counter = np.array([0, index, 0, 0], dtype=np.uint64)
        uniforms = np.random.Generator(np.random.Philox(key=key, counter=counter)).random(RESAMPLES)
        weights[index] = sps.poisson.ppf(uniforms, 1.0).astype(int)
    values = []
    for b in range(RESAMPLES):
        taken = [np.repeat(rows, weights[i][b], axis=0) for i, rows in groups.items()]
        if sum(len(t) for t in taken):
            values.append(statistic(np.concatenate(taken)))
    low = np.percentile(values, 2.5, method="lower")
    high = np.percentile(values, 97.5, method="higher")
    return [float(low), float(high)]


def _games_interval(rows: np.ndarray, statistic: Any, seed: int) -> list[float]:
    """The percentile 95% interval (ends taken outward) of `statistic` over the games resampled
    with replacement, drawn as the run draws them: a multinomial over the distinct rows, sorted,
    from the run's own generator stream."""
    distinct, counts = np.unique(rows, axis=0, return_counts=True)
    rng = np.random.default_rng(np.random.SeedSequence([seed, KOMI_STREAM]))
    drawn = rng.multinomial(int(counts.sum()), counts / counts.sum(), size=RESAMPLES)
    values = [statistic(np.repeat(distinct, k, axis=0)) for k in drawn]
    low = np.percentile(values, 2.5, method="lower")
    high = np.percentile(values, 97.5, method="higher")
    return [float(low), float(high)]


def _widened(groups: dict[int, np.ndarray], unit: str, statistic: Any, seed: int,
             games_seed: int) -> list[float]:  # fmt: skip
    """The interval over the games (each setup has one, or there is one setup; drawn from
    `games_seed`), or over the setups (or deals) widened to hold the interval over their games,
    so that a few units that agree never give a narrower interval than their games
    (simulate/measure/bootstrap.py `widened`); a point for fewer than 2 units."""
    games = np.concatenate(list(groups.values()))
    if len(groups if unit != "games" else games) < 2:
        value = statistic(games)
        return [value, value]
    low, high = _games_interval(games, statistic, games_seed)
    if unit != "games":
        setups = _setups_interval(groups, statistic, seed)
        low, high = min(low, setups[0]), max(high, setups[1])
    return [low, high]


def _units(done: pd.DataFrame) -> tuple[dict[int, pd.DataFrame], int, str]:
    """The games of each setup, by setup number, how many units the bootstrap has and what they
    are: single games when every setup has one or there is one setup, else setups."""
    by_setup = {int(index): group for index, group in done.groupby("setup_index", sort=True)}
    if len(by_setup) == 1 or all(len(g) == 1 for g in by_setup.values()):
        return by_setup, len(done), "games"
    return by_setup, len(by_setup), "setups"


def recompute_compensation(games: pd.DataFrame, players: int, seed: int, method: str,
                           by_deal: bool = False) -> dict[str, Any]:  # fmt: skip
    """summary.json's `compensation`: the komi of two players ("end") or the seat gaps
    ("start", or "end" with three or more players), from finished games with scores; `by_deal`
    (a game without choices), from the deals whose every seat order finished, resampled by
    deal."""
    done = games[(games["outcome"] == "finished") & games["score_1"].notna()]
    if by_deal:
        ended = games.groupby("setup_index")["outcome"].agg(
            lambda outcomes: len(outcomes) == players and (outcomes == "finished").all()
        )
        done = done[done["setup_index"].map(ended)]
    units, count, unit = _units(done)
    unit = "deals" if by_deal and unit == "setups" else unit
    if method == "end" and players == 2:
        margins = (done["score_1"] - done["score_2"]).to_numpy(dtype=float)

        def share(m: np.ndarray, komi: float) -> float:
            return float(np.mean(m > komi) + 0.5 * np.mean(m == komi))

        values = np.unique(margins)
        candidates = np.unique(np.concatenate([values - 0.5, values, values + 0.5]))

        def komi_of(m: np.ndarray) -> float:
            distance = np.round([abs(share(m, k) - 0.5) for k in candidates], 12)
            best = candidates[distance == distance.min()]
            return float(best[np.argmin(np.abs(best))])

        komi = komi_of(margins)
        groups = {i: (g["score_1"] - g["score_2"]).to_numpy(dtype=float) for i, g in units.items()}
        return {"komi": {
            "points": komi, "ci95": _widened(groups, unit, komi_of, seed, seed),
            "first_share_before": share(margins, 0.0), "first_share_after": share(margins, komi),
            "games": len(done), "resampled": unit, "units": count,
        }}  # fmt: skip
    columns = [f"score_{s}" for s in range(1, players + 1)]
    means = done[columns].to_numpy(dtype=float).mean(axis=0)
    best = int(np.argmax(means))
    gaps = []
    for seat in range(players):

        def behind(rows: np.ndarray, seat: int = seat) -> float:
            seat_means = rows.mean(axis=0)
            return float(seat_means[best] - seat_means[seat])

        groups = {i: g[columns].to_numpy(dtype=float) for i, g in units.items()}
        gaps.append({"seat": seat + 1, "mean_score": float(means[seat]),
                     "behind_best": float(means[best] - means[seat]),
                     "ci95": _widened(groups, unit, behind, seed, seed + seat)})  # fmt: skip
    return {"seat_gaps": gaps}
