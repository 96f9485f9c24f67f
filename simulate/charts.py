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
from simulate.metrics import Z95
from simulate.report import fact_line
from simulate.runner import GameRecord
from simulate.setups import SetupFairness

plt.rcParams.update({"svg.hashsalt": "pnp", "font.size": 9, "figure.dpi": 100})
FUNNEL_Z = (Z95, 3.090232306167813)  # 95% and 99.8% control limits


def write_report(
    folder: Path,
    summary: dict[str, Any],
    records: Sequence[GameRecord],
    fairness: Sequence[SetupFairness],
    seat_names: Sequence[str],
) -> list[Path]:
    """Write report.pdf and charts/<name>.png|svg into `folder`; returns the paths written."""
    charts = {
        "seats": _seat_chart(summary, seat_names),
        "duration": _histogram(
            [r.turns for r in records if r.outcome == Outcome.FINISHED], "Game length", "turns"
        ),
        "margin": _histogram(_margins(records), "Score margin (best - second)", "points"),
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


def _margins(records: Sequence[GameRecord]) -> list[float]:
    return [
        sorted(r.scores, reverse=True)[0] - sorted(r.scores, reverse=True)[1]
        for r in records
        if r.outcome == Outcome.FINISHED and r.scores is not None and len(r.scores) > 1
    ]


def _seat_chart(summary: dict[str, Any], seat_names: Sequence[str]) -> Figure:
    seats = summary["seats"]
    figure, (wins, scores) = plt.subplots(1, 2, figsize=(8, 3.4))
    x = np.arange(len(seats))
    rates = np.array([s["win_rate"] for s in seats])
    low = rates - np.array([s["ci95"][0] for s in seats])
    high = np.array([s["ci95"][1] for s in seats]) - rates
    wins.bar(x, rates, yerr=[low, high], capsize=4, color="#4c72b0")
    wins.axhline(1 / len(seats), color="#888888", linestyle="dashed", linewidth=1, label="1/N")
    wins.set(xticks=x, xticklabels=seat_names, ylabel="win rate", title="Win rate per seat (95%)")
    wins.set_ylim(0, min(1.0, max(1 / len(seats), float(max(rates + high))) * 1.3 + 0.02))
    wins.legend(loc="upper left", fontsize=7, framealpha=0.9)
    means = np.array([s["mean_s"] for s in seats])
    errors = np.array(
        [[m - s["s_ci95"][0], s["s_ci95"][1] - m] for m, s in zip(means, seats, strict=True)]
    ).T
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


def _histogram(values: Sequence[float], title: str, unit: str) -> Figure:
    figure, axes = plt.subplots(figsize=(8, 3.2))
    if values:
        axes.hist(values, bins=_bins(values), color="#55a868", edgecolor="white")
        if all(float(v).is_integer() for v in values):
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.axvline(
            float(np.mean(values)),
            color="#333333",
            linestyle="dashed",
            linewidth=1,
            label=f"mean {np.mean(values):.1f}",
        )
        axes.legend(loc="upper right")
    else:
        axes.text(0.5, 0.5, "no finished games with this measure", ha="center", va="center")
    axes.set(title=title, xlabel=unit, ylabel="games")
    figure.tight_layout()
    return figure


def _bins(values: Sequence[float]) -> Any:
    """Whole-number data: bins of a whole width with edges halfway between values, so no bin
    holds more possible values than another; other data: up to 40 equal bins."""
    low, high = min(values), max(values)
    if not all(float(v).is_integer() for v in values):
        return min(40, max(5, len(set(values))))
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
    summary: dict[str, Any], seat_names: Sequence[str], fairness: Sequence[SetupFairness]
) -> Figure:
    figure = plt.figure(figsize=(8.27, 11.69))
    lines = [
        f"{summary['title']}: balance report",
        "",
        f"games {summary['games']} on {summary['setups']} setup(s), players {summary['players']}, "
        f"variant {summary['variant']}",
        f"agents {', '.join(summary['agents'])}; paired {summary['paired']}; "
        f"seed {summary['seed']}",
        "",
        "seat        wins   draws  losses  win rate (95%)          mean s (95%)",
    ]
    for seat, name in zip(summary["seats"], seat_names, strict=True):
        lo, hi = seat["ci95"]
        slo, shi = seat["s_ci95"]
        lines.append(
            f"{name:<10} {seat['wins']:>6} {seat['draws']:>6} {seat['losses']:>7}  "
            f"{seat['win_rate']:.3f} ({lo:.3f}-{hi:.3f})   "
            f"{seat['mean_s']:.3f} ({slo:.3f}-{shi:.3f})"
        )
    lines += ["", *_measure_lines(summary)]
    if len(fairness) > 1:
        lines += ["", *_setup_lines(summary, fairness)]
    lines += fact_lines(summary.get("facts", {}))
    figure.text(0.07, 0.95, "\n".join(lines), va="top", family="monospace", fontsize=8)
    return figure


def _rate_text(name: str, entry: dict[str, Any]) -> str:
    return f"{name} {entry['rate']:.3f} ({entry['ci95'][0]:.3f}-{entry['ci95'][1]:.3f})"


def _measure_lines(summary: dict[str, Any]) -> list[str]:
    """Balance, the rates with their Wilson 95% intervals, duration, margin, lead changes."""
    lines = [
        f"balance {summary['balance']:.3f}   "
        f"first-seat advantage {summary['first_seat_advantage']:+.3f} (points share - 1/N)",
        f"{_rate_text('completion', summary['completion'])}   "
        f"{_rate_text('draws', summary['draws'])}",
        f"{_rate_text('cap reached', summary['outcome_rates']['undecided'])}   "
        f"{_rate_text('endless', summary['outcome_rates']['endless'])}",
    ]
    for name, entry in (("turns", summary["turns"]), ("margin", summary["margin"])):
        if entry.get("n"):
            lines.append(
                f"{name} mean {entry['mean']:.2f} sd {entry['sd']:.2f}  percentiles 5/25/50/75/95 "
                + "/".join(f"{entry[f'p{q}']:g}" for q in (5, 25, 50, 75, 95))
                + f"  max {entry['max']:g}"
            )
    if summary.get("lead_changes_per_move") is not None:
        lines.append(f"lead changes per move {summary['lead_changes_per_move']:.4f}")
    return lines


def _setup_lines(summary: dict[str, Any], fairness: Sequence[SetupFairness]) -> list[str]:
    """The spread between setups, the flagged ones, and the fairest and least fair setups."""
    spread = summary.get("setup_fairness", {})
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


def fact_lines(facts: dict[str, Any]) -> list[str]:
    """The game's own facts as the console prints them: a line per game fact, a table of
    results (finished games) per value of each seat fact."""
    lines = [""] if facts else []
    for name, fact in facts.items():
        if fact["kind"] == "seat":
            lines += ["", f"results by {name} (finished games)"]
            lines.append(f"{name:>16} {'seats':>7} {'wins':>6} {'draws':>6}  win rate (95%)")
            for value, row in fact["by_value"].items():
                lo, hi = row["ci95"]
                lines.append(
                    f"{value:>16} {row['seats']:>7} {row['wins']:>6} {row['draws']:>6}  "
                    f"{row['win_rate']:.3f} ({lo:.3f}-{hi:.3f})"
                )
        else:
            line = fact_line(name, fact, lambda rate: f"{rate:.3f}")
            lines += textwrap.wrap(line, 92, subsequent_indent="  ")
    return lines
