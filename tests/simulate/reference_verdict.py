"""An independent recomputation of the numbers of summary.json's `verdict` from games.csv (issue
17; README, "The verdict"): each seat's mean s with its 95% interval, the setup as the unit (a t
interval over the setups' means, scipy) widened to hold the games' Wilson interval
(statsmodels), or the game as the unit when the setups give no interval (fewer than two, or
all at the same mean); every seat with three or more players; the setups' verdict counts.
Like the other reference scripts it imports nothing of pnp.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as sps

from tests.simulate.reference_stats import setup_rows, wilson


def _seat(games: pd.DataFrame, players: int, seat: int, by_setup: bool) -> dict[str, Any]:
    done = games[games["finished"]]
    total, n = float(done[f"s_{seat + 1}"].sum()), len(done)
    low, high = wilson(total, n)
    judged = [r for r in setup_rows(games, players) if r["games"]] if by_setup else []
    means = np.array([r["sums"][seat] / r["games"] for r in judged])
    if len(means) > 1 and means.std() > 0:
        t_low, t_high = sps.t.interval(0.95, len(means) - 1, loc=means.mean(),
                                       scale=sps.sem(means))  # fmt: skip
        mean = float(means.mean())
        ci95 = [min(low, max(0.0, t_low)), max(high, min(1.0, t_high))]
        return {"mean_s": mean, "ci95": ci95, "advantage": mean - 0.5, "units": len(means),
                "unit": "setups"}  # fmt: skip
    mean = total / n if n else 0.0
    return {"mean_s": mean, "ci95": [low, high], "advantage": mean - 0.5, "units": n,
            "unit": "games"}  # fmt: skip


def recompute_verdict(
    games: pd.DataFrame,
    players: int,
    setup_fairness: dict[str, Any] | None,
    by_deal: bool,
    tolerance: float,
) -> dict[str, Any]:
    """The numbers of `verdict` for one run (not a ladder): `setup_fairness` is the recomputed
    spread of a run that judged its setups (None otherwise), `by_deal` a game without choices
    read by deal (no agent level), `tolerance` the run's (given, not measured)."""
    setups = None
    if setup_fairness is not None and setup_fairness["setups"] >= 2:
        setups = {"judged": setup_fairness["setups"], **setup_fairness["verdicts"],
                  "setups_differ": setup_fairness["homogeneity"]["setups_differ"]}  # fmt: skip
    levels = []
    if not by_deal:
        seats = [_seat(games, players, seat, setup_fairness is not None)
                 for seat in range(players)]  # fmt: skip
        levels = [{"first_seat": seats[0], "against_below": None,
                   "seats": seats if players >= 3 else []}]  # fmt: skip
    return {"levels": levels, "settled": None, "setups": setups, "tolerance": tolerance}
