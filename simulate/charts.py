"""The balance report: `report.pdf` (a summary page and the charts) and each chart as PNG and SVG.

Charts are drawn with matplotlib, the field's standard for statistical charts: histograms
and error bars in a few lines, with PDF, SVG and PNG output from one figure. Output
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
from simulate.report import fact_line, setup_lines
from simulate.runner import GameRecord
from simulate.setups import SetupFairness, SetupsVerdict

plt.rcParams.update({"svg.hashsalt": "pnp", "font.size": 9, "figure.dpi": 100})


def write_report(
    folder: Path,
    summary: dict[str, Any],
    records: Sequence[GameRecord],
    verdict: SetupsVerdict | None,
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
    if verdict is not None and sum(1 for f in verdict.setups if f.games) >= 2:
        charts["setups"] = _setups_chart(verdict)
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
        pdf.savefig(_summary_page(summary, seat_names, verdict))
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


VERDICT_COLOURS = {"fair": "#55a868", "unfair": "#c44e52", "undetermined": "#4c72b0"}


def _setups_chart(verdict: SetupsVerdict) -> Figure:
    """The first seat's mean s per setup: raw with its 95% interval, shrunk (open diamond),
    against the pooled mean and the band 1/2 +- tolerance; fairest first only when ranked."""
    shown = [f for f in verdict.setups if f.games]
    figure, axes = plt.subplots(figsize=(8, 4))
    x = np.arange(len(shown))
    axes.axhspan(
        0.5 - verdict.tolerance,
        0.5 + verdict.tolerance,
        color="#dddddd",
        label=f"1/2 ± {verdict.tolerance:g}",
    )
    pooled = verdict.priors[0].mean
    axes.axhline(pooled, color="#333333", linewidth=0.8, label=f"pooled mean {pooled:.3f}")
    for name, colour in VERDICT_COLOURS.items():
        picked = [i for i, f in enumerate(shown) if f.verdict == name]
        if not picked:
            continue
        means = np.array([shown[i].mean_s[0] for i in picked])
        errors = np.array([[m - shown[i].s_ci95[0][0], shown[i].s_ci95[0][1] - m]
                           for m, i in zip(means, picked, strict=True)]).T  # fmt: skip
        axes.errorbar(x[picked], means, yerr=errors, fmt="o", ms=4, capsize=2, color=colour,
                      label=name)  # fmt: skip
    axes.scatter(x, [f.shrunk_s[0] for f in shown], marker="D", facecolors="none",
                 edgecolors="#333333", s=22, zorder=3, label="shrunk")  # fmt: skip
    lows = [f.s_ci95[0][0] for f in shown] + [0.5 - verdict.tolerance, pooled]
    highs = [f.s_ci95[0][1] for f in shown] + [0.5 + verdict.tolerance, pooled]
    if len(shown) <= 30:
        axes.set_xticks(x, [f.setup for f in shown], rotation=60, fontsize=6)
    order = "fairest first" if verdict.ranked else "in setup order: indistinguishable, not ranked"
    axes.set(
        title="First seat's mean s per setup (95% interval; diamond: shrunk)",
        xlabel=f"setups, {order}",
        ylabel="first seat mean s",
        ylim=(max(0.0, min(lows) - 0.05), min(1.0, max(highs) + 0.08)),
    )
    axes.legend(loc="upper right", fontsize=7, framealpha=0.9, ncols=3)
    figure.tight_layout()
    return figure


def _summary_page(
    summary: dict[str, Any], seat_names: Sequence[str], verdict: SetupsVerdict | None
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
    if verdict is not None and len(verdict.setups) > 1:
        lines += ["", *_setup_lines(verdict)]
    lines += fact_lines(summary.get("facts", {}))
    figure.text(0.07, 0.95, "\n".join(lines), va="top", family="monospace", fontsize=8)
    return figure


def _rate_text(name: str, entry: dict[str, Any]) -> str:
    return f"{name} {entry['rate']:.3f} ({entry['ci95'][0]:.3f}-{entry['ci95'][1]:.3f})"


def _measure_lines(summary: dict[str, Any]) -> list[str]:
    """Balance, the rates with their Wilson 95% intervals, duration, margin, lead changes."""
    lines = [
        f"balance {summary['balance']:.3f}   "
        f"first-seat points advantage {summary['first_seat_points_advantage']:+.3f} "
        "(points share - 1/N)",
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


def _setup_lines(verdict: SetupsVerdict) -> list[str]:
    """What the run says about its setups, then the setups: ranked when they differ."""
    header = "rank  setup        games  first mean s  shrunk  balance   p-value  verdict"
    lines = [*setup_lines(verdict, shown=0), "", header]
    shown: list[SetupFairness | None] = list(verdict.setups)
    if len(shown) > 25:  # the first 15 and the last 10
        shown = [*shown[:15], None, *shown[-10:]]
    for f in shown:
        if f is None:
            lines.append("  ...")
        elif not f.games:
            lines.append(f"{'':>4}  {f.setup:<11} {0:>6}  {f.verdict}")
        else:
            lines.append(
                f"{'' if f.rank is None else f.rank:>4}  {f.setup:<11} {f.games:>6}  "
                f"{f.mean_s[0]:>12.3f}  {f.shrunk_s[0]:>6.3f}  {f.balance or 0:>7.3f}"
                f"  {f.p_value:>8.2g}  {f.verdict}"
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
