"""An independent recomputation of a balance run's numbers from its games.csv (issue 17).

Written apart from simulate/ (it imports nothing of pnp): pandas reads the table, scipy and
statsmodels compute every interval and test, and the definitions are taken from the README
("What the numbers mean", "Metrics", "Which setups are fair", "Games without choices").
`recompute_summary` gives what summary.json must hold (seats, agents, rates, distributions, lead
changes, the game's facts, the matches of a paired run, the setups' spread, the deals of a game
without choices, the compensation), `recompute_setups` the rows setups.csv must hold and
`recompute_deals` those of deals.csv. What the run was (its seed, counts, options, agents,
version, command line) is given, not measured, so it is not recomputed.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from scipy import optimize
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import GofChisquarePower, NormalIndPower
from statsmodels.stats.proportion import proportion_confint, proportion_effectsize

TOLERANCE, LEVEL, POWER = 0.05, 0.05, 0.8


def load(path: str) -> tuple[pd.DataFrame, int]:
    games = pd.read_csv(path, dtype={"setup": str, "lead_changes": "Int64"})
    players = sum(1 for column in games.columns if column.startswith("rank_"))
    ranks = games[[f"rank_{s}" for s in range(1, players + 1)]].to_numpy()
    average = np.array([sps.rankdata(row, method="average") for row in ranks])
    for seat in range(players):
        games[f"s_{seat + 1}"] = 1 - (average[:, seat] - 1) / (players - 1)
        sharing = (ranks == 1).sum(axis=1)
        first = ranks[:, seat] == 1
        games[f"win_{seat + 1}"] = first & (sharing == 1)
        games[f"draw_{seat + 1}"] = first & (sharing > 1)
        games[f"points_{seat + 1}"] = np.where(first, 1 / sharing, 0.0)
    games["finished"] = games["outcome"] == "finished"
    return games, players


def wilson(count: float, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    low, high = proportion_confint(count, n, alpha=LEVEL, method="wilson")
    return [max(0.0, float(low)), min(1.0, float(high))]


def rate(count: int, n: int) -> dict[str, Any]:
    return {"count": count, "rate": count / n if n else 0.0, "ci95": wilson(count, n)}


def distribution(values: Any) -> dict[str, Any]:
    values = np.asarray(values, dtype=float)
    if values.size == 0:
        return {"n": 0}
    sd = values.std(ddof=1) if values.size > 1 else 0.0
    result = {"n": values.size, "mean": values.mean(), "sd": sd, "min": values.min()}
    for q in (5, 25, 50, 75, 95):
        result[f"p{q}"] = float(np.percentile(values, q))
    result["max"] = values.max()
    return result


def results(wins: int, draws: int, points: float, n: int, total: int) -> dict[str, Any]:
    return {
        "wins": wins,
        "draws": draws,
        "losses": total - wins - draws,
        "win_rate": wins / n if n else 0.0,
        "ci95": wilson(wins, n),
        "points_share": points / n if n else 0.0,
        "points_ci95": wilson(points, n),
    }


def recompute_summary(path: str, tolerance: float = TOLERANCE) -> dict[str, Any]:
    """Every number of summary.json that games.csv determines, by the README's definitions."""
    games, players = load(path)
    done = games[games["finished"]]
    n = len(done)
    seats = []
    for seat in range(1, players + 1):
        entry = {
            "seat": seat,
            **results(
                int(done[f"win_{seat}"].sum()),
                int(done[f"draw_{seat}"].sum()),
                float(done[f"points_{seat}"].sum()),
                n,
                n,
            ),
        }
        entry["vs_fair"] = entry["points_share"] - 1 / players
        low, high = entry["points_ci95"]
        entry["fair_in_ci95"] = bool(low <= 1 / players <= high)
        entry["mean_s"] = float(done[f"s_{seat}"].mean())
        entry["s_ci95"] = wilson(float(done[f"s_{seat}"].sum()), n)
        if done[f"score_{seat}"].notna().any():
            entry["mean_score"] = float(done[f"score_{seat}"].mean())
            entry["score"] = distribution(done[f"score_{seat}"])
        seats.append(entry)
    agents = {}
    for name in sorted({a for s in range(1, players + 1) for a in games[f"agent_{s}"]}):
        picked = [done[done[f"agent_{s}"] == name] for s in range(1, players + 1)]
        wins = sum(int(p[f"win_{s}"].sum()) for s, p in enumerate(picked, 1))
        draws = sum(int(p[f"draw_{s}"].sum()) for s, p in enumerate(picked, 1))
        points = sum(float(p[f"points_{s}"].sum()) for s, p in enumerate(picked, 1))
        seated = sum(len(p) for p in picked)
        agents[name] = results(wins, draws, points, seated, seated)
    scores = done[[f"score_{s}" for s in range(1, players + 1)]].dropna().to_numpy()
    top = -np.sort(-scores, axis=1)
    means = [seat["mean_s"] for seat in seats]
    outcomes = {
        kind: int((games["outcome"] == kind).sum()) for kind in ("finished", "endless", "undecided")
    }
    longest = done.sort_values(["turns", "game"], ascending=[False, True]).iloc[0]
    return {
        "games": len(games),
        "seats": seats,
        "agent_results": agents,
        "first_seat_points_advantage": seats[0]["points_share"] - 1 / players,
        "balance": 1 - (max(means) - min(means)),
        "completion": rate(n, len(games)),
        "draws": rate(
            int((done[[f"draw_{s}" for s in range(1, players + 1)]].any(axis=1)).sum()), n
        ),
        "outcomes": outcomes,
        "outcome_rates": {kind: rate(count, len(games)) for kind, count in outcomes.items()},
        "margin": distribution(top[:, 0] - top[:, 1]),
        "turns": distribution(done["turns"]),
        "lead_changes_per_move": lead_changes_per_move(done),
        "turns_endless": distribution(games.loc[games["outcome"] == "endless", "turns"]),
        "longest_finished": {
            "game": int(longest["game"]),
            "setup": longest["setup"],
            "rotation": int(longest["rotation"]),
            "turns": int(longest["turns"]),
        },
        "setup_fairness": setup_fairness(games, players, tolerance),
    }


def lead_changes_per_move(done: pd.DataFrame) -> float | None:
    """Lead changes / moves over the finished games that track them (running scores)."""
    tracked = done[done["lead_changes"].notna()]
    moves = int(tracked["turns"].sum())
    return float(tracked["lead_changes"].sum()) / moves if moves else None


def _moments_rho(points: np.ndarray, n: np.ndarray) -> float:
    """The beta-binomial correlation by Kleinman's (1973) moment equation, written afresh."""
    mean = points.sum() / n.sum()
    if len(n) < 2 or mean in (0.0, 1.0):
        return 0.0
    observed = float((n * (points / n - mean) ** 2).sum()) / (mean * (1 - mean))
    k, total = len(n), n.sum()
    rho = (observed - (k - 1)) / (total - (n**2).sum() / total - (k - 1))
    return float(min(max(rho, 0.0), 1 - 1e-9))


def _detectable(games: float, players: int) -> float:
    if players == 2:
        h = NormalIndPower().solve_power(None, nobs1=games, alpha=LEVEL, power=POWER, ratio=0)
        return (
            float(optimize.brentq(lambda d: proportion_effectsize(0.5 + d, 0.5) - h, 0, 0.5))
            if h < math.pi / 2
            else 0.5
        )
    w = GofChisquarePower().solve_power(None, nobs=games, alpha=LEVEL, power=POWER, n_bins=players)
    return min(1 - 1 / players, float(w) * math.sqrt(players - 1) / players)


def _needed(statistic: float, df: int, games: float) -> tuple[float | None, bool]:
    if df == 0:
        return None, False
    if statistic > df:
        nc = statistic - df
    elif sps.chi2.cdf(statistic, df) <= 1 - POWER:
        return None, False
    else:
        nc = optimize.brentq(lambda v: sps.ncx2.cdf(statistic, df, v) - (1 - POWER), 1e-9, 1e4)
    critical = sps.chi2.isf(LEVEL, df)
    found = optimize.brentq(
        lambda m: sps.ncx2.sf(critical, df, nc / games * m) - POWER, 1e-9, 1e9, xtol=0.5
    )
    return float(found), statistic > df


def setup_rows(games: pd.DataFrame, players: int) -> list[dict[str, Any]]:
    """Each setup's raw numbers and tests, in setup order (verdicts and shrinkage apart)."""
    rows = []
    for index, group in games.groupby("setup_index", sort=True):
        done = group[group["finished"]]
        n = len(done)
        wins = [int(done[f"win_{s}"].sum()) for s in range(1, players + 1)]
        sums = [float(done[f"s_{s}"].sum()) for s in range(1, players + 1)]
        if sum(wins) == 0:
            p_value = 1.0
        elif players == 2:
            p_value = float(sps.binomtest(wins[0], sum(wins), 0.5).pvalue)
        else:
            p_value = float(sps.chisquare(wins).pvalue)
        rows.append(
            {
                "setup_index": int(index),
                "setup": group["setup"].iloc[0],
                "games": n,
                "played": len(group),
                "wins": wins,
                "sums": sums,
                "p_value": p_value,
                "group": group,
                "done": done,
            }
        )
    return rows


def setup_fairness(
    games: pd.DataFrame, players: int, tolerance: float = TOLERANCE
) -> dict[str, Any]:
    rows = setup_rows(games, players)
    judged = [r for r in rows if r["games"]]
    table = np.array([r["wins"] for r in judged], dtype=float)
    table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
    statistic, p_value, df, _ = sps.chi2_contingency(table, correction=False)
    flags = multipletests([r["p_value"] for r in judged], alpha=LEVEL, method="fdr_bh")[0]
    verdicts = {"fair": 0, "unfair": 0, "undetermined": 0, "no finished game": 0}
    for row, flag in zip(judged, flags, strict=True):
        inside = all(
            abs(b - 0.5) <= tolerance for s in row["sums"] for b in wilson(s, row["games"])
        )
        verdicts["fair" if inside else "unfair" if flag else "undetermined"] += 1
    verdicts["no finished game"] = len(rows) - len(judged)
    decisive = sum(sum(r["wins"]) for r in judged) / len(judged)
    needed, exact = _needed(float(statistic), int(df), decisive)
    per_game = sum(sum(r["wins"]) for r in judged) / sum(r["played"] for r in judged)
    first = np.array([r["sums"][0] / r["games"] for r in judged])
    interval = None  # no spread between the setups: no t interval can be estimated
    if len(first) > 1 and first.std() > 0:
        low, high = sps.t.interval(0.95, len(first) - 1, loc=first.mean(), scale=sps.sem(first))
        interval = [max(0.0, low), min(1.0, high)]
    n = np.array([r["games"] for r in judged], dtype=float)
    sds = []
    for seat in range(players):
        points = np.array([r["sums"][seat] for r in judged])
        mean = points.sum() / n.sum()
        sds.append(math.sqrt(mean * (1 - mean) * _moments_rho(points, n)))
    advantage = first - 0.5
    balances = [1 - (max(r["sums"]) - min(r["sums"])) / r["games"] for r in judged]
    return {
        "setups": len(rows),
        "homogeneity": {
            "chi_square": float(statistic),
            "df": int(df),
            "p_value": float(p_value),
            "setups_differ": bool(p_value < LEVEL),
        },
        "tolerance": tolerance,
        "verdicts": verdicts,
        "unfair_at_fdr_5pct": int(sum(flags)),
        "decisive_games_per_setup": decisive,
        "detectable_first_seat_share": _detectable(decisive, players),
        "games_per_setup_to_separate": None if needed is None else math.ceil(needed / per_game),
        "games_per_setup_to_separate_is_lower_bound": not exact,
        "first_seat_mean_s_by_setup": {
            "mean": float(first.mean()),
            "ci95": interval,
        },
        "between_setup_sd": sds,
        "first_seat_s_advantage_mean": float(advantage.mean()),
        "first_seat_s_advantage_sd": float(advantage.std(ddof=1)),
        "balance_mean": float(np.mean(balances)),
        "balance_min": float(np.min(balances)),
        "over_setups": over_setups(rows),
    }


def over_setups(rows: list[dict[str, Any]]) -> dict[str, Any]:
    measures: dict[str, list[float]] = {
        name: []
        for name in ("completion", "draws", "cap_reached", "turns_mean", "margin_mean",
                     "lead_changes_per_move")
    }  # fmt: skip
    for row in rows:
        group, done = row["group"], row["done"]
        measures["completion"].append(len(done) / len(group))
        measures["cap_reached"].append(float((group["outcome"] == "undecided").mean()))
        if len(done):
            draws = done[[c for c in done.columns if c.startswith("draw_")]].any(axis=1)
            measures["draws"].append(float(draws.mean()))
            measures["turns_mean"].append(float(done["turns"].mean()))
        else:
            measures["draws"].append(0.0)
        scores = done[[c for c in done.columns if c.startswith("score_")]].dropna().to_numpy()
        if len(scores):
            top = -np.sort(-scores, axis=1)
            measures["margin_mean"].append(float((top[:, 0] - top[:, 1]).mean()))
        lead = lead_changes_per_move(done)
        if lead is not None:
            measures["lead_changes_per_move"].append(lead)
    return {
        name: {
            "setups": len(v),
            "mean": float(np.mean(v)),
            "sd": float(np.std(v, ddof=1)) if len(v) > 1 else 0.0,
            "min": float(np.min(v)),
            "max": float(np.max(v)),
        }
        if v
        else {"setups": 0}
        for name, v in measures.items()
    }


def _setup_rate(name: str, group: pd.DataFrame, done: pd.DataFrame) -> tuple[int, int]:
    """(count, trials) of a setup's completion, draws or cap-reached rate."""
    if name == "completion":
        return len(done), len(group)
    if name == "cap_reached":
        return int((group["outcome"] == "undecided").sum()), len(group)
    draws = done[[c for c in done.columns if c.startswith("draw_")]].any(axis=1)
    return int(draws.sum()), len(done)


def recompute_setups(path: str, tolerance: float = TOLERANCE) -> list[dict[str, Any]]:
    """What each row of setups.csv must say, keyed by setup index (columns as written there)."""
    games, players = load(path)
    rows = setup_rows(games, players)
    judged = [r for r in rows if r["games"]]
    n = np.array([r["games"] for r in judged], dtype=float)
    shrunk: dict[int, list[float]] = {r["setup_index"]: [] for r in judged}
    for seat in range(players):
        points = np.array([r["sums"][seat] for r in judged])
        mean, rho = points.sum() / n.sum(), _moments_rho(points, n)
        for row, y, games_n in zip(judged, points, n, strict=True):
            strength = (1 - rho) / rho if rho > 0 else math.inf
            value = mean if math.isinf(strength) else (y + mean * strength) / (games_n + strength)
            shrunk[row["setup_index"]].append(float(value))
    flags = dict(
        zip(
            [r["setup_index"] for r in judged],
            multipletests([r["p_value"] for r in judged], alpha=LEVEL, method="fdr_bh")[0],
            strict=True,
        )
    )
    expected = []
    for row in rows:
        out: dict[str, Any] = {
            "setup_index": row["setup_index"],
            "setup": row["setup"],
            "games": row["games"],
            "played": row["played"],
            "p_value": row["p_value"],
        }
        for seat, wins in enumerate(row["wins"], 1):
            out[f"wins_{seat}"] = wins
        if row["games"]:
            means = [s / row["games"] for s in row["sums"]]
            for seat in range(1, players + 1):
                out[f"mean_s_{seat}"] = means[seat - 1]
                out[f"mean_s_{seat}_shrunk"] = shrunk[row["setup_index"]][seat - 1]
                out[f"s_ci_low_{seat}"], out[f"s_ci_high_{seat}"] = wilson(
                    row["sums"][seat - 1], row["games"]
                )
            out["first_seat_s_advantage"] = means[0] - 0.5
            out["balance"] = 1 - (max(means) - min(means))
            shrunk_means = shrunk[row["setup_index"]]
            out["balance_shrunk"] = 1 - (max(shrunk_means) - min(shrunk_means))
            inside = all(
                abs(out[f"s_ci_{end}_{s}"] - 0.5) <= tolerance
                for s in range(1, players + 1)
                for end in ("low", "high")
            )
            flag = bool(flags[row["setup_index"]])
            out["unfair_fdr_5pct"] = int(flag)
            out["verdict"] = "fair" if inside else "unfair" if flag else "undetermined"
        else:
            out["unfair_fdr_5pct"], out["verdict"] = 0, "no finished game"
        group, done = row["group"], row["done"]
        out["completion"] = len(done) / len(group)
        out["cap_reached"] = float((group["outcome"] == "undecided").mean())
        out["draws"] = out["turns_mean"] = out["margin_mean"] = None  # empty: nothing to measure
        if len(done):
            draws = done[[c for c in done.columns if c.startswith("draw_")]].any(axis=1)
            out["draws"] = float(draws.mean())
            out["turns_mean"] = float(done["turns"].mean())
        scores = done[[f"score_{s}" for s in range(1, players + 1)]].dropna().to_numpy()
        if len(scores):
            top = -np.sort(-scores, axis=1)
            out["margin_mean"] = float((top[:, 0] - top[:, 1]).mean())
        out["lead_changes_per_move"] = lead_changes_per_move(done)
        for name in ("completion", "draws", "cap_reached"):
            count, n = _setup_rate(name, group, done)
            out[f"{name}_ci_low"], out[f"{name}_ci_high"] = wilson(count, n)
        expected.append(out)
    return expected
