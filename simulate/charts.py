"""The balance report: `report.pdf` (a summary page and the charts) and each chart as PNG and SVG.

Charts are drawn with matplotlib, the field's standard for statistical charts: histograms,
error bars and funnel plots in a few lines, with PDF, SVG and PNG output from one figure. Output
is reproducible: no dates in the files, fixed SVG ids.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from pnp.games.base import Outcome
from pnp.output import output_folder, write_file
from simulate.measures import Fact, Measures, SeatFact
from simulate.metrics import Z95
from simulate.report import fact_line
from simulate.setups import SetupFairness
from simulate.stats import Distribution, Rate
from simulate.summary import RunSummary

plt.rcParams.update({"svg.hashsalt": "pnp", "font.size": 9, "figure.dpi": 100})
FUNNEL_Z = (Z95, 3.090232306167813)  # 95% and 99.8% control limits


def write_report(
    folder: Path,
    summary: RunSummary,
    fairness: Sequence[SetupFairness],
    seat_names: Sequence[str],
) -> list[Path]:
    """Write report.pdf and charts/<name>.png|svg into `folder`; returns the paths written."""
    measures = summary.result.measures
    charts = {
        "seats": _seat_chart(measures, seat_names),
        "duration": _histogram(measures.turns, "Game length", "turns"),
        "margin": _histogram(measures.margin, "Score margin (best - second)", "points"),
    }
    if sum(1 for f in fairness if f.games > 1) >= 2:
        charts["funnel"] = _funnel(fairness)
    output_folder(folder / "charts")
    paths = []
    for name, figure in charts.items():
        for kind in ("png", "svg"):
            buffer = io.BytesIO()
            metadata = {"Date": None} if kind == "svg" else {"Software": None}
            figure.savefig(buffer, format=kind, metadata=metadata)
            paths.append(write_file(folder / "charts" / f"{name}.{kind}", buffer.getvalue()))
    buffer = io.BytesIO()
    with PdfPages(
        buffer, metadata={"Creator": "pnp", "Producer": None, "CreationDate": None}
    ) as pdf:
        pdf.savefig(_summary_page(summary, seat_names, fairness))
        for figure in charts.values():
            pdf.savefig(figure)
    paths.insert(0, write_file(folder / "report.pdf", buffer.getvalue()))
    plt.close("all")
    return paths


def _6(value: float) -> float:
    """A measure as summary.json rounds it, so the report shows what the file holds."""
    return round(float(value), 6)


def _seat_chart(measures: Measures, seat_names: Sequence[str]) -> Figure:
    seats = measures.tally.seats
    figure, (wins, scores) = plt.subplots(1, 2, figsize=(8, 3.4))
    x = np.arange(len(seats))
    rates = np.array([_6(s.standings.win_rate.rate) for s in seats])
    low = rates - np.array([_6(s.standings.win_rate.ci95[0]) for s in seats])
    high = np.array([_6(s.standings.win_rate.ci95[1]) for s in seats]) - rates
    wins.bar(x, rates, yerr=[low, high], capsize=4, color="#4c72b0")
    wins.axhline(1 / len(seats), color="#888888", linestyle="dashed", linewidth=1, label="1/N")
    wins.set(xticks=x, xticklabels=seat_names, ylabel="win rate", title="Win rate per seat (95%)")
    wins.set_ylim(0, min(1.0, max(1 / len(seats), float(max(rates + high))) * 1.3 + 0.02))
    wins.legend(loc="upper left", fontsize=7, framealpha=0.9)
    intervals = [tuple(_6(v) for v in s.mean_s) for s in seats]
    means = np.array([mean for mean, _, _ in intervals])
    errors = np.array([[mean - low, high - mean] for mean, low, high in intervals]).T
    scores.errorbar(x, means, yerr=errors, fmt="o", capsize=4, color="#dd8452")
    scores.axhline(0.5, color="#888888", linestyle="dashed", linewidth=1)
    scores.set(
        xticks=x,
        xticklabels=seat_names,
        ylim=(0, 1),
        ylabel="mean s",
        title="Seat advantage: mean s (95%)",
    )
    figure.tight_layout()
    return figure


def _histogram(distribution: Distribution, title: str, unit: str) -> Figure:
    figure, axes = plt.subplots(figsize=(8, 3.2))
    if distribution.n:
        values = [value for value, _ in distribution.counts]
        games = [count for _, count in distribution.counts]
        axes.hist(values, bins=_bins(values), weights=games, color="#55a868", edgecolor="white")
        if all(float(v).is_integer() for v in values):
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.axvline(
            distribution.mean,
            color="#333333",
            linestyle="dashed",
            linewidth=1,
            label=f"mean {distribution.mean:.1f}",
        )
        axes.legend(loc="upper right")
    else:
        axes.text(0.5, 0.5, "no finished games with this measure", ha="center", va="center")
    axes.set(title=title, xlabel=unit, ylabel="games")
    figure.tight_layout()
    return figure


def _bins(values: Sequence[float]) -> Any:
    """Whole-number data: bins of a whole width with edges halfway between values, so no bin
    holds more possible values than another; other data: up to 40 equal bins. `values` are
    the distinct values, in order."""
    low, high = values[0], values[-1]
    if not all(float(v).is_integer() for v in values):
        return min(40, max(5, len(values)))
    width = max(1, math.ceil((high - low + 1) / 40))
    return np.arange(low - 0.5, high + width + 0.5, width)


def _funnel(fairness: Sequence[SetupFairness]) -> Figure:
    """First seat's mean s per setup against its games, inside 95% and 99.8% limits around 1/2."""
    figure, axes = plt.subplots(figsize=(8, 4))
    games = np.array([f.games for f in fairness], dtype=float)
    advantage = np.array([f.advantage + 0.5 for f in fairness])
    colours = ["#c44e52" if f.unfair else "#4c72b0" for f in fairness]
    axes.scatter(games, advantage, c=colours, s=18, zorder=3)
    n = np.linspace(max(1.0, games.min() * 0.8), games.max() * 1.1, 200)
    for z, style, label in zip(FUNNEL_Z, ("dashed", "dotted"), ("95% limits", "99.8% limits"),
                               strict=True):  # fmt: skip
        half = z * 0.5 / np.sqrt(n)  # s of one seat has sd at most 1/2 per game
        axes.plot(n, 0.5 + half, color="#888888", linestyle=style, linewidth=1, label=label)
        axes.plot(n, 0.5 - half, color="#888888", linestyle=style, linewidth=1)
    axes.axhline(0.5, color="#333333", linewidth=0.8, label="fair (1/2)")
    axes.legend(loc="upper right", fontsize=7, framealpha=0.9)
    axes.set(
        title="Funnel plot: first seat's mean s per setup (red: unfair at FDR 5%)",
        xlabel="finished games of the setup",
        ylabel="first seat mean s",
        ylim=(0, 1),
    )
    figure.tight_layout()
    return figure


def _summary_page(
    summary: RunSummary, seat_names: Sequence[str], fairness: Sequence[SetupFairness]
) -> Figure:
    figure = plt.figure(figsize=(8.27, 11.69))
    result, plan = summary.result, summary.result.plan
    measures = result.measures
    lines = [
        f"{summary.title}: balance report",
        "",
        f"games {result.played} on {plan.setup_count} setup(s), players {measures.players}, "
        f"variant {plan.options.variant}",
        f"agents {', '.join(plan.agents)}; paired {plan.paired}; seed {plan.seed}",
        "",
        "seat        wins   draws  losses  win rate (95%)          mean s (95%)",
    ]
    for seat, name in zip(measures.tally.seats, seat_names, strict=True):
        standings = seat.standings
        rate, (lo, hi) = _6(standings.win_rate.rate), (_6(v) for v in standings.win_rate.ci95)
        mean, slo, shi = (_6(v) for v in seat.mean_s)
        lines.append(
            f"{name:<10} {standings.wins:>6} {standings.draws:>6} {standings.losses:>7}  "
            f"{rate:.3f} ({lo:.3f}-{hi:.3f})   "
            f"{mean:.3f} ({slo:.3f}-{shi:.3f})"
        )
    lines += ["", *_measure_lines(measures)]
    if len(fairness) > 1:
        lines += ["", *_setup_lines(summary.setup_fairness or {}, fairness)]
    lines += fact_lines(measures.facts)
    figure.text(0.07, 0.95, "\n".join(lines), va="top", family="monospace", fontsize=8)
    return figure


def _rate_text(name: str, rate: Rate) -> str:
    low, high = rate.ci95
    return f"{name} {_6(rate.rate):.3f} ({_6(low):.3f}-{_6(high):.3f})"


def _measure_lines(measures: Measures) -> list[str]:
    """Balance, the rates with their Wilson 95% intervals, duration, margin, lead changes."""
    tally = measures.tally
    lines = [
        f"balance {_6(measures.balance):.3f}   "
        f"first-seat advantage {_6(measures.first_seat_advantage):+.3f} (points share - 1/N)",
        f"{_rate_text('completion', tally.completion)}   {_rate_text('draws', tally.draws)}",
        f"{_rate_text('cap reached', tally.outcome_rate(Outcome.UNDECIDED))}   "
        f"{_rate_text('endless', tally.outcome_rate(Outcome.ENDLESS))}",
    ]
    for name, entry in (("turns", measures.turns), ("margin", measures.margin)):
        if entry.n:
            lines.append(
                f"{name} mean {_6(entry.mean):.2f} sd {_6(entry.sd):.2f}  percentiles "
                "5/25/50/75/95 "
                + "/".join(f"{_6(p):g}" for p in entry.percentiles)
                + f"  max {_6(entry.maximum):g}"
            )
    if tally.lead_changes_per_move is not None:
        lines.append(f"lead changes per move {_6(tally.lead_changes_per_move):.4f}")
    return lines


def _setup_lines(spread: dict[str, Any], fairness: Sequence[SetupFairness]) -> list[str]:
    """The spread between setups, the flagged ones, and the fairest and least fair setups."""
    unfair = [f for f in fairness if f.unfair]
    lines = [
        f"setups: first-seat mean s - 1/2 over setups: mean {spread.get('advantage_mean', 0):+.3f}"
        f" sd {spread.get('advantage_sd', 0):.3f}; balance {spread.get('balance_min', 0):.3f}"
        f" to {max(f.balance for f in fairness):.3f}",
        f"setups unfair at a 5% false-discovery rate (Benjamini-Hochberg, once, after all "
        f"games): {len(unfair)} of {len(fairness)}",
        "",
        "rank  setup        games  first mean s  balance   p-value  unfair  completion  turns",
    ]
    shown: list[tuple[int, SetupFairness | None]] = list(enumerate(fairness, 1))
    if len(shown) > 25:  # the 15 fairest and the 10 least fair
        shown = [*shown[:15], (0, None), *shown[-10:]]
    for rank, f in shown:
        if f is None:
            lines.append("  ...")
            continue
        turns = f.measures.turns_mean
        lines.append(
            f"{rank:>4}  {f.setup:<11} {f.games:>6}  {f.advantage + 0.5:>12.3f}  {f.balance:>7.3f}"
            f"  {f.p_value:>8.2g}  {'yes' if f.unfair else 'no':>6}  "
            f"{f.measures.completion[0]:>10.3f}  {'-' if turns is None else f'{turns:.1f}':>5}"
        )
    return lines


def fact_lines(facts: Sequence[Fact]) -> list[str]:
    """The game's own facts as the console prints them: a line per game fact, a table of
    results (finished games) per value of each seat fact."""
    lines = [""] if facts else []
    for fact in facts:
        if isinstance(fact, SeatFact):
            name = fact.name
            lines += ["", f"results by {name} (finished games)"]
            lines.append(f"{name:>16} {'seats':>7} {'wins':>6} {'draws':>6}  win rate (95%)")
            for value, row in fact.by_value:
                lo, hi = (_6(v) for v in row.win_rate.ci95)
                lines.append(
                    f"{value:>16} {row.finished:>7} {row.wins:>6} {row.draws:>6}  "
                    f"{_6(row.win_rate.rate):.3f} ({lo:.3f}-{hi:.3f})"
                )
        else:
            line = fact_line(fact, lambda rate: f"{rate:.3f}")
            lines += textwrap.wrap(line, 92, subsequent_indent="  ")
    return lines
