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

from pnp.games import get_game
from pnp.games.base import Outcome
from pnp.output import own_folder, write_file
from simulate.measure.measures import Fact, Measures, SeatFact
from simulate.measure.setups import VERDICTS, SetupFairness, SetupsVerdict
from simulate.measure.stats import Distribution, Rate
from simulate.report.deal_chart import deals_chart as _deals_chart
from simulate.report.deal_report import deal_report
from simulate.report.summary import RunSummary
from simulate.report.terminal import fact_line, result_lines, setup_lines
from simulate.report.verdict import RunReport, Verdict, agents_text
from simulate.report.verdict_page import verdict_pages
from simulate.report.wording import options_text

plt.rcParams.update({"svg.hashsalt": "pnp", "font.size": 9, "figure.dpi": 100})
WIDTH = 100  # characters of a text page's line (8 pt monospace on A4)


def write_report(folder: Path, report: RunReport, seat_names: Sequence[str]) -> list[Path]:
    """Write report.pdf (the verdict, the summary, the charts) and charts/<name>.png|svg into
    `folder`; returns the paths written. A chart is drawn only for a measure the run has: no
    score margin for a game without scores, no seat chart of per-game intervals for a game
    without choices (its deals are the unit, `deals` chart) or with no finished game."""
    summary, verdict = report.summary, report.verdict
    result, setups, deals = summary.result, summary.setups, summary.deals
    measures = result.measures
    charts: dict[str, Figure] = {}
    if deals is not None:
        charts["deals"] = _deals_chart(deals, seat_names)
    elif result.listed is None and measures.tally.finished:
        charts["seats"] = _seat_chart(measures, seat_names)
    if measures.turns.n:
        charts["duration"] = _histogram(measures.turns, "Game length", "turns", "games")
    if deals is not None and deals.margins:
        counts = Distribution.of(dict(deals.margins))
        charts["margin"] = _histogram(
            counts, "Table advantage: match margin per deal (both seat orders)", "points", "deals"
        )
    elif deals is None and measures.margin.n:
        charts["margin"] = _histogram(
            measures.margin, "Score margin (best - second)", "points", "games"
        )
    if setups is not None and sum(1 for f in setups.setups if f.games) >= 2:
        charts["setups"] = _setups_chart(setups)
    paths = [path for name, figure in charts.items() for path in save_chart(folder, name, figure)]
    pages = [_summary_page(summary, seat_names), *charts.values()]
    return [write_report_pdf(folder, verdict, pages), *paths]


def write_report_pdf(folder: Path, verdict: Verdict, figures: Sequence[Figure]) -> Path:
    """report.pdf in `folder`: the verdict's pages, then `figures`, with no date or software
    version in the file (the same run gives the same bytes)."""
    buffer = io.BytesIO()
    with PdfPages(
        buffer, metadata={"Creator": "pnp", "Producer": None, "CreationDate": None}
    ) as pdf:
        for figure in [*verdict_pages(verdict.lines()), *figures]:
            pdf.savefig(figure)
    plt.close("all")
    return write_file(folder / "report.pdf", buffer.getvalue())


def save_chart(folder: Path, name: str, figure: Figure) -> list[Path]:
    """Write `figure` as charts/<name>.png and .svg in `folder`, with no date or software
    version in the files (the same run gives the same bytes); returns the paths written."""
    own_folder(folder / "charts")
    paths = []
    for kind in ("png", "svg"):
        buffer = io.BytesIO()
        metadata = {"Date": None} if kind == "svg" else {"Software": None}
        figure.savefig(buffer, format=kind, metadata=metadata)
        paths.append(write_file(folder / "charts" / f"{name}.{kind}", buffer.getvalue()))
    return paths


def text_page(lines: Sequence[str]) -> Figure:
    """An A4 page of the summary's text in 8-point monospace (its columns line up), each line
    wrapped to the page's width."""
    figure = plt.figure(figsize=(8.27, 11.69))
    wrapped = [
        part
        for line in lines
        for part in textwrap.wrap(line, WIDTH, subsequent_indent="    ") or [""]
    ]
    figure.text(0.07, 0.95, "\n".join(wrapped), va="top", family="monospace", fontsize=8)
    return figure


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
    for axes in (wins, scores):  # many seats: slanted names, so that none overlaps the next
        axes.tick_params(axis="x", labelrotation=30 if len(seats) > 4 else 0)
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


def _histogram(distribution: Distribution, title: str, unit: str, counted: str) -> Figure:
    figure, axes = plt.subplots(figsize=(8, 3.2))
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
    axes.set(title=f"{title} (n = {distribution.n:,} {counted})", xlabel=unit, ylabel=counted)
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


RASTER = 1_000  # setups above which the setups chart draws their marks as one image
VERDICT_COLOURS = {"fair": "#55a868", "unfair": "#c44e52", "undetermined": "#4c72b0"}
#: a reading's marker, so that readings differ in shape too (colour-blind readers, a
#: black-and-white print): fair a circle, unfair a square, undetermined a triangle
VERDICT_MARKERS = {"fair": "o", "unfair": "s", "undetermined": "^", "no finished game": "x"}


def _first_seats(verdict: SetupsVerdict) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Of the setups with a finished game, as shown: the first seat's (mean s, interval low,
    interval high, shrunk mean s) as rows of a column array, their verdicts (VERDICTS codes),
    and their labels when there are at most 30 (the chart names them). Taken a setup at a
    time: a chart of a million setups holds numbers, not a record per setup."""
    count = int(np.count_nonzero(verdict.setups.table.rows["finished"]))
    values, codes, labels = np.empty((4, count)), np.empty(count, dtype=np.uint8), []
    at = 0
    for f in verdict.setups:
        if f.games:
            values[:, at] = (f.mean_s[0], *f.s_ci95[0], f.shrunk_s[0])
            codes[at] = VERDICTS.index(f.verdict)
            labels += [f.setup] if count <= 30 else []
            at += 1
    return values, codes, labels


def _setups_chart(verdict: SetupsVerdict) -> Figure:
    """The first seat's mean s per setup: raw with its 95% interval, shrunk (open diamond),
    against the pooled mean and the band 1/2 +- tolerance; fairest first only when ranked.
    Above RASTER setups the setups' marks are one image in the SVG and PDF (matplotlib's
    `set_rasterized`), the axes and words staying vector: a mark per setup made an SVG of
    2 x 10^5 setups 125 MB, far more points than a page shows."""
    (mean, low, high, shrunk), codes, labels = _first_seats(verdict)
    many = len(mean) > RASTER
    figure, axes = plt.subplots(figsize=(8, 4))
    x = np.arange(len(mean))
    axes.axhspan(
        0.5 - verdict.tolerance,
        0.5 + verdict.tolerance,
        color="#dddddd",
        label=f"1/2 ± {verdict.tolerance:g}",
    )
    pooled = verdict.priors[0].mean
    axes.axhline(pooled, color="#333333", linewidth=0.8, label=f"pooled mean {pooled:.3f}")
    for name, colour in VERDICT_COLOURS.items():
        picked = np.flatnonzero(codes == VERDICTS.index(name))
        if not len(picked):
            continue
        means = mean[picked]
        errors = np.array([means - low[picked], high[picked] - means])
        bars = axes.errorbar(x[picked], means, yerr=errors, fmt=VERDICT_MARKERS[name], ms=4,
                             capsize=2, color=colour, label=name)  # fmt: skip
        for artist in bars.get_children():
            artist.set_rasterized(many)
    axes.scatter(x, shrunk, marker="D", facecolors="none", edgecolors="#333333", s=22, zorder=3,
                 label="shrunk", rasterized=many)  # fmt: skip
    lowest = min(float(low.min()), 0.5 - verdict.tolerance, pooled)
    highest = max(float(high.max()), 0.5 + verdict.tolerance, pooled)
    if labels:
        axes.set_xticks(x, labels, rotation=60, fontsize=6)
    order = "fairest first" if verdict.ranked else "in setup order: indistinguishable, not ranked"
    axes.set(
        title="First seat's mean s per setup (95% interval; diamond: shrunk)",
        xlabel=f"setups, {order}",
        ylabel="first seat mean s",
        ylim=(max(0.0, lowest - 0.05), min(1.0, highest + 0.08)),
    )
    axes.legend(loc="upper right", fontsize=7, framealpha=0.9, ncols=3)
    figure.tight_layout()
    return figure


def _summary_page(summary: RunSummary, seat_names: Sequence[str]) -> Figure:
    result, plan, setups = summary.result, summary.result.plan, summary.setups
    measures = result.measures
    lines = [f"{summary.title}: balance report", "", f"options: {options_text(plan.options)}"]
    if summary.deals is not None:  # the deal is the unit: no per-game intervals
        report = deal_report(summary)
        return text_page([*lines, "", report[0].lstrip(": "), *report[1:]])
    if result.listed is not None:  # exact: every game and match, no interval
        return text_page([*lines, "", "each seat order of the setup played once", "",
                          *result_lines(summary)])  # fmt: skip
    count, has_choices = plan.setup_count, get_game(plan.game).info.has_choices
    rotated = "; seats rotated over each setup's games" if plan.paired else ""
    lines += [
        f"games {result.played} on {count} {'setup' if count == 1 else 'setups'}{rotated}; "
        f"seed {plan.seed}",
        f"agents: {agents_text(plan.agents, seat_names) if has_choices else 'none (no choices)'}",
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
    if setups is not None and len(setups.setups) > 1:
        lines += ["", *_setup_lines(setups)]
    lines += fact_lines(measures.facts)
    return text_page(lines)


def _rate_text(name: str, rate: Rate) -> str:
    low, high = rate.ci95
    return f"{name} {_6(rate.rate):.3f} ({_6(low):.3f}-{_6(high):.3f})"


def _measure_lines(measures: Measures) -> list[str]:
    """Balance, the rates with their Wilson 95% intervals, duration, margin, lead changes."""
    tally = measures.tally
    lines = [
        f"balance {_6(measures.balance):.3f}   "
        f"first-seat points advantage {_6(measures.first_seat_points_advantage):+.3f} "
        "(points share - 1/N)",
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


def _setup_lines(verdict: SetupsVerdict) -> list[str]:
    """What the run says about its setups, then the setups: ranked when they differ."""
    header = "rank  setup        games  first mean s  shrunk  balance   p-value  verdict"
    lines = [*setup_lines(verdict, shown=0), "", header]
    setups = verdict.setups
    # the first 15 and the last 10 of many
    many = len(setups) > 25
    shown: list[SetupFairness | None] = [*setups[:15], None, *setups[-10:]] if many else [*setups]
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
