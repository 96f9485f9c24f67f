"""The chart of a game without choices (Platypus): its match results over deals, the deal as the
unit of every interval (simulate/measure/deals.py), never per-game intervals that would count a
deal's fixed games as samples.

Left: the rates over deals with Wilson 95% intervals (both seat orders end, endless in some
order, one player won every game: the table decides, one seat won every game: who starts
decides, drawn matches, and the deals `pnp kit --fair` accepts). Right: who starts, the first
seat's points minus the other's per game, with its Student's t 95% interval over the deals
that end, against no effect (0).
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from simulate.measure.deals import DealStats
from simulate.measure.stats import Rate


def deals_chart(stats: DealStats, seat_names: Sequence[str]) -> Figure:
    """The deal chart (see the module docstring)."""
    figure, (rates, starts) = plt.subplots(
        1, 2, figsize=(8, 3.6), gridspec_kw={"width_ratios": [3, 1]}
    )
    ended = stats.both_end.count
    rows: list[tuple[str, Rate]] = [
        (f"both seat orders end (of {stats.deals})", stats.both_end),
        (f"endless in some order (of {stats.deals})", stats.endless_in_some_order),
        (f"one player won every game (of {ended})", stats.one_player_won_every_game),
        (f"one seat won every game (of {ended})", stats.one_seat_won_every_game),
        (f"drawn match (of {ended})", stats.drawn),
        (f"kit --fair accepts (of {stats.deals})", stats.within_tolerance),
    ]
    y = np.arange(len(rows))[::-1]
    values = np.array([rate.rate for _, rate in rows])
    low = values - np.array([rate.ci95[0] for _, rate in rows])
    high = np.array([rate.ci95[1] for _, rate in rows]) - values
    rates.barh(y, values, xerr=[low, high], capsize=3, color="#4c72b0")
    rates.set(
        yticks=y, yticklabels=[label for label, _ in rows], xlim=(0, 1), xlabel="share of deals",
        title=f"Per deal ({stats.deals} deals, Wilson 95%)",
    )  # fmt: skip
    rates.tick_params(axis="y", labelsize=7)
    effect = stats.first_seat_effect
    if effect.ci95 is not None:
        starts.errorbar([0], [effect.mean], yerr=[[effect.mean - effect.ci95[0]],
                        [effect.ci95[1] - effect.mean]], fmt="o", capsize=4,
                        color="#dd8452")  # fmt: skip
    else:
        starts.plot([0], [effect.mean], "o", color="#dd8452")
    starts.axhline(0, color="#888888", linestyle="dashed", linewidth=1)
    starts.set(
        xticks=[0], xticklabels=[f"{seat_names[0]} - {seat_names[1]}"], xlim=(-1, 1),
        ylabel="points per game", xlabel=f"t 95%, {effect.n} deals that end", title="Who starts",
    )  # fmt: skip
    figure.tight_layout()
    return figure
