"""A sweep's results out: `sweep.csv` (a row per configuration), `sweep.json` (the plan and the
rows), `charts/sweep.png|svg` (the first seat's advantage per configuration, the other seats
of three or more players beside it) and the terminal table. Every number is the sweep's rows
(simulate/studies/sweep.py), so nothing written depends on the workers or on timing, and a resumed
sweep writes the bytes of an uninterrupted one.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from rich.console import Console
from rich.table import Table

from pnp.output import write_file
from simulate.measure.setups import NO_FINISHED_GAME, VERDICTS
from simulate.report.charts import VERDICT_COLOURS, VERDICT_MARKERS, save_chart
from simulate.report.terminal import whole_words
from simulate.studies.sweep import SweepPlan, SweepRow

SWEEP_JSON, SWEEP_CSV, CHART = "sweep.json", "sweep.csv", "sweep"
#: the files of a sweep's folder: a link or pipe at one refuses the sweep (runfolder `locked`)
SWEEP_FILES = (SWEEP_JSON, SWEEP_CSV, f"charts/{CHART}.png", f"charts/{CHART}.svg")
COLOURS = {**VERDICT_COLOURS, NO_FINISHED_GAME: "#999999"}


def _6(value: float) -> float:
    return round(float(value), 6)


def row_json(row: SweepRow) -> dict[str, Any]:
    """One configuration's row, as sweep.csv and sweep.json hold it (flat, CSV-ready)."""
    seat = row.first_seat
    advantage, low, high = row.advantage
    finished = seat.games > 0
    document: dict[str, Any] = {
        "configuration": row.configuration.name,
        **dict(row.configuration.values),
        "agents": ",".join(row.agents),
        "setups": row.setups,
        "games_planned": row.games_planned,
        "games": row.played,
        "finished": seat.games,
        "complete": row.complete,
        "first_seat_mean_s": _6(seat.mean) if finished else None,
        "first_seat_s_advantage": _6(advantage) if finished else None,
        "advantage_ci95_low": _6(low) if finished else None,
        "advantage_ci95_high": _6(high) if finished else None,
        "interval_unit": row.unit,
        "p_value": row.p_value,
        "reading": row.reading,
        "seats_shown": "; ".join(row.shown),  # the seats read unfair: `yellow favoured`
        "tolerance": row.tolerance,
        "setups_differ": row.setups_differ,
    }
    for name, count in zip(VERDICTS, row.setup_verdicts or (None,) * len(VERDICTS), strict=True):
        document[f"setups_{name.replace(' ', '_')}"] = count
    document["folder"] = row.folder.name
    return document


def sweep_json(plan: SweepPlan, rows: Sequence[SweepRow], complete: bool) -> dict[str, Any]:
    return {**plan.to_json(), "complete": complete, "rows": [row_json(row) for row in rows]}


def sweep_csv(rows: Sequence[SweepRow]) -> str:
    """One row per configuration; an empty cell where a measure has no value."""
    documents = [row_json(row) for row in rows]
    buffer = io.StringIO()
    if not documents:
        return ""
    writer = csv.DictWriter(buffer, fieldnames=list(documents[0]), lineterminator="\n")
    writer.writeheader()
    for document in documents:
        writer.writerow({k: _cell(v) for k, v in document.items()})
    return buffer.getvalue()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value


def resumed_plan(folder: Path) -> dict[str, Any] | None:
    """The plan of the sweep in `folder` (its sweep.json without the rows), None without one;
    an unreadable sweep.json is another sweep's as far as a resume can tell."""
    try:
        document = json.loads((folder / SWEEP_JSON).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return {"sweep.json": "unreadable"}
    if not isinstance(document, dict):
        return {"sweep.json": "not a sweep"}
    return {k: v for k, v in document.items() if k not in ("complete", "rows")}


def write_progress(folder: Path, plan: SweepPlan, rows: Sequence[SweepRow]) -> Path:
    """sweep.json while the sweep plays: the plan and the rows of the configurations finished
    so far (each with its outputs written), the sweep not complete."""
    return _write_json(folder, sweep_json(plan, rows, False))


def finished_configurations(folder: Path) -> list[str]:
    """The configurations the sweep.json in `folder` records as complete."""
    try:
        document = json.loads((folder / SWEEP_JSON).read_text(encoding="utf-8"))
        return [row["configuration"] for row in document["rows"] if row["complete"] is True]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def _write_json(folder: Path, document: dict[str, Any]) -> Path:
    return write_file(folder / SWEEP_JSON, json.dumps(document, indent=2) + "\n")


def write_sweep(
    folder: Path, plan: SweepPlan, rows: Sequence[SweepRow], complete: bool, title: str
) -> list[Path]:
    """sweep.json, sweep.csv and the chart (PNG and SVG) of the configurations played so far."""
    paths = [_write_json(folder, sweep_json(plan, rows, complete))]
    paths.append(write_file(folder / SWEEP_CSV, sweep_csv(rows)))
    paths += save_chart(folder, CHART, sweep_chart(plan, rows, title))
    plt.close("all")
    return paths


def sweep_chart(plan: SweepPlan, rows: Sequence[SweepRow], title: str) -> Figure:
    """The first seat's advantage per configuration with its 95% interval, coloured by reading,
    against the fairness line (no advantage) and the tolerance band."""
    shown = [row for row in rows if row.first_seat.games]
    figure, axes = plt.subplots(figsize=(max(6.5, 1.1 * len(rows) + 4.0), 4.2))
    axes.axhspan(-plan.tolerance, plan.tolerance, color="#dddddd",
                 label=f"fair band ± {plan.tolerance:g}")  # fmt: skip
    axes.axhline(0.0, color="#333333", linewidth=0.8, label="no advantage")
    x = {row.configuration.name: index for index, row in enumerate(rows)}
    seat_readings = {reading for row in shown for reading in row.seat_readings[1:]}
    for reading, colour in COLOURS.items():
        picked = [row for row in shown if row.reading == reading]
        if not picked:
            if reading in seat_readings:  # a reading of other seats only: in the legend too
                axes.errorbar([], [], fmt=VERDICT_MARKERS[reading], ms=5, color=colour,
                              label=reading)  # fmt: skip
            continue
        means = np.array([row.advantage[0] for row in picked])
        errors = np.array([[row.advantage[0] - row.advantage[1], row.advantage[2] -
                            row.advantage[0]] for row in picked]).T  # fmt: skip
        axes.errorbar([x[row.configuration.name] for row in picked], means, yerr=errors,
                      fmt=VERDICT_MARKERS[reading], ms=5, capsize=3, color=colour,
                      label=reading)  # fmt: skip
    _other_seats(axes, [row for row in shown if len(row.seats) > 2], x)
    labels = [f"{row.configuration.label}\n{_games(row)}" for row in rows]
    axes.set_xticks(range(len(rows)), labels, fontsize=7)
    axes.set_xlim(-0.6, len(rows) - 0.4)
    beside = "; other seats beside it" if any(len(row.seats) > 2 for row in shown) else ""
    swept = {name for name, _ in plan.over}
    agents = "" if "agents" in swept else f", agents {plan.agents}"
    axes.set(
        title=f"{title}: the first seat's advantage per configuration\n"
        f"(its mean s - 1/2, with the 95% interval{beside})",
        xlabel=f"configuration ({counted(plan.setups, 'setup')} x {plan.games_per_setup} "
        f"games{agents}, seed {plan.seed})",
        ylabel="mean s - 1/2"
        + (" (first seat; others beside it)" if beside else " of the first seat"),
    )
    seats = [seat.seat for row in shown for seat in row.seats] or [row.first_seat for row in shown]
    lows = [seat.low - 0.5 for seat in seats] + [-plan.tolerance]
    highs = [seat.high - 0.5 for seat in seats] + [plan.tolerance]
    axes.set_ylim(max(-0.52, min(lows) - 0.05), min(0.52, max(highs) + 0.05))
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)
    figure.tight_layout()
    return figure


def _other_seats(axes: Any, rows: Sequence[SweepRow], x: dict[str, int]) -> None:
    """Beside each configuration of three or more players, its other seats' advantages, each
    with its interval and the seat's name, coloured and shaped by the seat's own reading."""
    for row in rows:
        others = list(zip(row.seats[1:], row.seat_readings[1:], strict=True))
        for place, (seat, reading) in enumerate(others, 1):
            where = x[row.configuration.name] + 0.12 * place
            mean = seat.seat.mean - 0.5
            axes.errorbar([where], [mean], yerr=[[mean - seat.seat.low + 0.5],
                          [seat.seat.high - 0.5 - mean]], fmt=VERDICT_MARKERS[reading], ms=3,
                          capsize=2, color=COLOURS[reading], alpha=0.8)  # fmt: skip
            axes.annotate(seat.name, (where, seat.seat.high - 0.5), fontsize=5, ha="center",
                          va="bottom", rotation=90)  # fmt: skip


def counted(count: int, noun: str) -> str:
    """`1 setup`, `2 setups`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _games(row: SweepRow) -> str:
    finished = row.first_seat.games
    return f"{row.played} games" + (f", {finished} finished" if finished < row.played else "")


def print_sweep(plan: SweepPlan, rows: Sequence[SweepRow], console: Console, title: str) -> None:
    """The table of configurations: games, the first seat's advantage, the reading and the
    setups' verdicts; then what the readings mean."""
    agents = "" if any(name == "agents" for name, _ in plan.over) else f", agents {plan.agents}"
    console.print(
        f"[bold]{title}[/]: sweep of {counted(len(rows), 'configuration')}, "
        f"{counted(plan.setups, 'setup')} x "
        f"{plan.games_per_setup} games each{agents}, seed {plan.seed}"
    )
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("configuration")
    table.add_column("games", justify="right")
    table.add_column("advantage [95%]", justify="right")
    table.add_column("reading")
    table.add_column("seats shown")
    table.add_column("setups", justify="right")
    for row in rows:
        mean, low, high = row.advantage
        finished = row.first_seat.games > 0
        verdicts = "/".join(str(n) for n in row.setup_verdicts[:3]) if row.setup_verdicts else "-"
        table.add_row(row.configuration.label, str(row.played),
                      f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]" if finished else "-",
                      row.reading, ", ".join(row.shown) or "-", verdicts)  # fmt: skip
    console.print(whole_words(table))
    console.print(
        f"advantage: the first seat's mean s - 1/2 (0 is fair), its 95% interval taking the "
        f"setup as the unit (the game, on a single setup); reading, of every seat: fair when "
        f"every seat's interval lies inside ± {plan.tolerance:g}, unfair when a seat is shown "
        "off 1/2 at a 5% false-discovery rate over every seat of the configurations (seats "
        "shown names them), else undetermined; setups: fair/unfair/undetermined setups of each "
        "balance (sweep.csv says whether they differ); each configuration's balance run is in "
        "its folder"
    )
