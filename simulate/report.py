"""Balance results out: the terminal table, `summary.json` and `games.csv`.

Files are written to a temporary name and renamed, so a reader never sees half a file. Nothing
written depends on the number of workers or on timing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from pnp.games.base import FactValue
from pnp.output import output_folder, write_file
from simulate.runner import GameRecord
from simulate.setups import SetupFairness
from simulate.stats import fact_kinds


def _cell(value: FactValue) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _fact_cells(record: GameRecord, kinds: dict[str, str], players: int) -> list[str]:
    """A record's facts in the columns of `kinds`: one per game fact, one per seat of a seat
    fact; empty where the record lacks the fact."""
    cells: list[str] = []
    for name, kind in kinds.items():
        value = record.facts.get(name)
        if kind == "seat":
            values = value if isinstance(value, tuple) else ("",) * players
            cells += ["" if v == "" else _cell(v) for v in values]
        else:
            cells.append("" if value is None or isinstance(value, tuple) else _cell(value))
    return cells


def games_csv(records: Sequence[GameRecord], players: int) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    seats = range(1, players + 1)
    kinds = fact_kinds(records)
    fact_columns = [
        column
        for name, kind in kinds.items()
        for column in ([f"{name}_{s}" for s in seats] if kind == "seat" else [name])
    ]
    writer.writerow(
        ["game", "setup_index", "setup", "game_seed", "rotation"]
        + [f"agent_{s}" for s in seats]
        + [f"score_{s}" for s in seats]
        + [f"rank_{s}" for s in seats]
        + ["turns", "outcome"]
        + fact_columns
    )
    for r in records:
        scores = [f"{v:g}" for v in r.scores] if r.scores is not None else [""] * players
        writer.writerow(
            [
                r.index,
                r.setup_index,
                r.setup,
                r.game_seed,
                r.rotation,
                *r.agents,
                *scores,
                *r.ranks,
                r.turns,
                r.outcome.value,
                *_fact_cells(r, kinds, players),
            ]
        )
    return buffer.getvalue()


def setups_csv(fairness: Sequence[SetupFairness]) -> str:
    """One row per setup, fairest first: `pnp kit GAME --seed <setup>` prints any of them."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    players = len(fairness[0].wins) if fairness else 0
    seats = range(1, players + 1)
    writer.writerow(
        ["rank", "setup_index", "setup", "games", *(f"wins_{s}" for s in seats),
         *(f"mean_s_{s}" for s in seats), "first_seat_advantage", "balance", "p_value",
         "unfair_fdr_5pct"]
    )  # fmt: skip
    for rank, f in enumerate(fairness, 1):
        writer.writerow(
            [rank, f.setup_index, f.setup, f.games, *f.wins, *(f"{m:g}" for m in f.mean_s),
             f"{f.advantage:g}", f"{f.balance:g}", f"{f.p_value:.6g}", int(f.unfair)]
        )  # fmt: skip
    return buffer.getvalue()


def write_results(
    folder: Path,
    summary: dict[str, Any],
    records: Sequence[GameRecord],
    players: int,
    fairness: Sequence[SetupFairness] = (),
) -> list[Path]:
    output_folder(folder)
    paths = [
        write_file(folder / "summary.json", json.dumps(summary, indent=2) + "\n"),
        write_file(folder / "games.csv", games_csv(records, players)),
    ]
    if len(fairness) > 1:
        paths.append(write_file(folder / "setups.csv", setups_csv(fairness)))
    return paths


def print_setups(fairness: Sequence[SetupFairness], console: Console, shown: int = 5) -> None:
    """The fairest and the least fair setups, with the ones flagged at FDR 5%."""
    if len(fairness) < 2:
        return
    unfair = sum(1 for f in fairness if f.unfair)
    console.print(f"setups unfair at a 5% false-discovery rate: {unfair} of {len(fairness)}")
    for label, group in (("fairest", fairness[:shown]), ("least fair", fairness[-shown:][::-1])):
        listed = ", ".join(
            f"{f.setup} (balance {f.balance:.2f}{', unfair' if f.unfair else ''})" for f in group
        )
        console.print(f"{label}: {listed}")


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def print_summary(summary: dict[str, Any], console: Console, seat_names: Sequence[str]) -> None:
    played, planned = summary["games"], summary["games_planned"]
    state = "" if summary["complete"] else f" (interrupted: {played} of {planned})"
    console.print(
        f"[bold]{summary['title']}[/]: {played} games on {summary['setups']} setup(s), "
        f"{summary['players']} players, agents {', '.join(summary['agents'])}, "
        f"seed {summary['seed']}{state}"
    )
    table = Table(show_edge=False, pad_edge=False)
    for column in ("seat", "wins", "draws", "losses", "win rate", "95% interval", "mean score"):
        table.add_column(column, justify="left" if column == "seat" else "right")
    for seat, name in zip(summary["seats"], seat_names, strict=True):
        lo, hi = seat["ci95"]
        table.add_row(
            name,
            str(seat["wins"]),
            str(seat["draws"]),
            str(seat["losses"]),
            _pct(seat["win_rate"]),
            f"{_pct(lo)} - {_pct(hi)}",
            f"{seat['mean_score']:.2f}" if "mean_score" in seat else "-",
        )
    console.print(table)
    outcomes = summary["outcomes"]
    draws = summary["draws"]
    console.print(
        f"finished {outcomes['finished']}, endless {outcomes['endless']}, "
        f"undecided (turn cap) {outcomes['undecided']}; draws {_pct(draws['rate'])}; "
        f"first-seat advantage {summary['first_seat_advantage']:+.3f} (points share - 1/N)"
    )
    unfair = [
        f"{name} {_pct(seat['win_rate'])}"
        for seat, name in zip(summary["seats"], seat_names, strict=True)
        if not seat.get("fair_in_ci95", True)
    ]
    if outcomes["finished"]:
        console.print(
            f"fair share 1/{summary['players']} = {_pct(1 / summary['players'])}; seats whose "
            f"95% interval leaves it out: {', '.join(unfair) if unfair else 'none'}"
        )
    turns, margin = summary["turns"], summary["margin"]
    if turns["n"]:
        console.print(
            f"turns: mean {turns['mean']:.1f} (sd {turns['sd']:.1f}), median {turns['p50']:g}, "
            f"5-95% {turns['p5']:g}-{turns['p95']:g}, longest {turns['max']:g}"
        )
    if margin["n"]:
        console.print(
            f"score margin (best - second): mean {margin['mean']:.2f}, sd {margin['sd']:.2f}"
        )
    print_facts(summary.get("facts", {}), console)


def print_facts(facts: dict[str, Any], console: Console) -> None:
    """The game's own facts: a line per game fact, a table of results per seat fact's value."""
    for name, fact in facts.items():
        if fact["kind"] == "seat":
            table = Table(title=f"results by {name}", show_edge=False, pad_edge=False)
            for column in (name, "seats", "wins", "draws", "win rate", "95% interval"):
                table.add_column(column, justify="right")
            for value, row in fact["by_value"].items():
                lo, hi = row["ci95"]
                table.add_row(
                    value,
                    str(row["seats"]),
                    str(row["wins"]),
                    str(row["draws"]),
                    _pct(row["win_rate"]),
                    f"{_pct(lo)} - {_pct(hi)}",
                )
            console.print(table)
        elif "ci95" in fact:
            lo, hi = fact["ci95"]
            console.print(f"{name}: {_pct(fact['rate'])} of games ({_pct(lo)} - {_pct(hi)})")
        elif "mean" in fact:
            console.print(
                f"{name}: mean {fact['mean']:.2f}, median {fact['p50']:g}, max {fact['max']:g}"
            )
        elif "counts" in fact:
            counts = ", ".join(f"{value} {count}" for value, count in fact["counts"].items())
            console.print(f"{name}: {counts}")
