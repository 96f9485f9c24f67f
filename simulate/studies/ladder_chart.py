"""A ladder's report.pdf in its folder: the verdict (simulate/report/verdict.py), then one chart.

The chart shows, per level (weakest first), the first seat's advantage (its mean s - 1/2) with its
95% interval against the band of an even seat (0 +- tolerance), and beside it each level's
head-to-head mean s against the level below, against 1/2 (no better). Each rung's own folder
holds its full balance report.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from simulate.report.charts import write_report_pdf
from simulate.report.verdict import Verdict
from simulate.studies.ladder import Ladder


def write_ladder_report(folder: Path, verdict: Verdict, ladder: Ladder) -> Path:
    """report.pdf of a ladder: its verdict page and its chart."""
    return write_report_pdf(folder, verdict, [ladder_chart(verdict, ladder)])


def ladder_chart(verdict: Verdict, ladder: Ladder) -> Figure:
    """The first seat's advantage per level, and each level against the one below."""
    figure, (seats, duels) = plt.subplots(1, 2, figsize=(8, 3.6))
    names = [rung.agent for rung in ladder.rungs]
    x = np.arange(len(names))
    means = np.array([level.first_seat.mean - 0.5 for level in verdict.levels])
    lows = np.maximum(0, means - [level.first_seat.low - 0.5 for level in verdict.levels])
    highs = np.maximum(0, [level.first_seat.high - 0.5 for level in verdict.levels] - means)
    band = verdict.tolerance
    seats.axhspan(-band, band, color="#dddddd", label=f"even: 0 ± {band:g}")
    seats.axhline(0, color="#888888", linestyle="dashed", linewidth=1)
    seats.errorbar(x, means, yerr=[lows, highs], fmt="o", capsize=4, color="#dd8452")
    unit = verdict.levels[0].first_seat.unit[:-1]
    seats.set(xticks=x, xticklabels=names, ylabel="first seat's mean s - 1/2",
              title=f"First-seat advantage per level (95%, the {unit} as unit)")  # fmt: skip
    seats.legend(loc="best", fontsize=7, framealpha=0.9)
    skill = [duel.skill for duel in ladder.duels]
    at = np.arange(1, len(names))
    # an interval's end may miss its mean by a rounding error where every game went one way
    below = [max(0.0, s.mean - s.low) for s in skill]
    above = [max(0.0, s.high - s.mean) for s in skill]
    duels.errorbar(at, [s.mean for s in skill], yerr=[below, above], fmt="o", capsize=4,
                   color="#4c72b0")  # fmt: skip
    duels.axhline(0.5, color="#888888", linestyle="dashed", linewidth=1, label="no better")
    duels.set(xticks=at, xticklabels=[f"{d.stronger}\nvs {d.weaker}" for d in ladder.duels],
              xlim=(0.5, len(names) - 0.5), ylim=(-0.04, 1.04), ylabel="mean s of the stronger",
              title="Each level against the one below (95%)")  # fmt: skip
    duels.legend(loc="best", fontsize=7, framealpha=0.9)
    for axes in (seats, duels):
        axes.tick_params(axis="x", labelsize=7)
    figure.tight_layout()
    return figure
