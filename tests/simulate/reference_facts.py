"""An independent recomputation of the game's own facts in summary.json (`facts`) from games.csv
(issue 17), beside tests/simulate/reference_stats.py: pandas reads the table, the definitions are
the README's ("Metrics", simulate/measure/measures.py's docstring): a game fact is a rate when true
or false, a distribution when a number, else counts per value; a seat fact gives the seats'
standings by value over finished games.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from tests.simulate.reference_stats import distribution, load, rate, results


def fact_columns(games: pd.DataFrame, players: int) -> dict[str, list[str]]:
    """games.csv's fact columns by fact: one column for a game fact, one per seat otherwise."""
    known = {"game", "setup_index", "setup", "game_seed", "rotation", "turns", "outcome",
             "lead_changes"}  # fmt: skip
    own = [c for c in games.columns if c not in known
           and not c.startswith(("agent_", "score_", "rank_", "s_", "win_", "draw_", "points_"))
           and c != "finished"]  # fmt: skip
    facts: dict[str, list[str]] = {}
    for column in own:
        base, _, seat = column.rpartition("_")
        if base and seat.isdigit() and f"{base}_{players}" in games.columns:
            facts.setdefault(base, []).append(column)
        else:
            facts[column] = [column]
    return facts


def _key(text: str, kind: str) -> str:
    """A fact's value as summary.json keys it: true/false, a number as %g, text as it is."""
    if kind == "bool":
        return "true" if text == "1" else "false"
    try:
        return f"{float(text):g}"
    except ValueError:
        return text


def recompute_facts(path: str, forms: dict[str, str]) -> dict[str, Any]:
    """summary.json's `facts`. `forms` says each fact's form as summary.json gives it ("rate",
    "distribution", "counts", "seat"): a true/false fact and a 0/1 number read alike in CSV."""
    games, players = load(path)
    raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    done = games["finished"]
    found: dict[str, Any] = {}
    for name, columns in fact_columns(games, players).items():
        form = forms[name]
        if form == "seat":
            pairs = [(raw.loc[i, f"{name}_{s}"], s) for i in games.index[done]
                     for s in range(1, players + 1) if raw.loc[i, f"{name}_{s}"] != ""]  # fmt: skip
            kind = "bool" if all(v in ("0", "1") for v, _ in pairs) else "other"
            by_value: dict[str, Any] = {}
            for value in {v for v, _ in pairs}:
                picked = [(i, s) for i in games.index[done] for s in range(1, players + 1)
                          if raw.loc[i, f"{name}_{s}"] == value]  # fmt: skip
                wins = sum(bool(games.loc[i, f"win_{s}"]) for i, s in picked)
                draws = sum(bool(games.loc[i, f"draw_{s}"]) for i, s in picked)
                points = sum(float(games.loc[i, f"points_{s}"]) for i, s in picked)
                n = len(picked)
                by_value[_key(value, kind)] = {"seats": n, **results(wins, draws, points, n, n)}
            found[name] = {"kind": "seat", "by_value": by_value}
            continue
        values = [v for v in raw[columns[0]] if v != ""]
        if form == "rate":
            found[name] = {"kind": "game", **rate(sum(v == "1" for v in values), len(values))}
        elif form == "distribution":
            found[name] = {"kind": "game", **distribution([float(v) for v in values])}
        else:
            counts: dict[str, int] = {}
            for v in values:
                counts[_key(v, "other")] = counts.get(_key(v, "other"), 0) + 1
            found[name] = {"kind": "game", "n": len(values), "counts": counts}
    return found
