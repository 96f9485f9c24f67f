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

from pnp.output import output_folder, write_file
from simulate.runner import GameRecord


def games_csv(records: Sequence[GameRecord], players: int) -> str:
    """One row per game; a game that reports facts (Result.facts) gets a column for each."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    seats = range(1, players + 1)
    fact_names = list(dict.fromkeys(name for r in records for name, _ in r.facts))
    writer.writerow(
        ["game", "setup_index", "setup", "game_seed", "rotation"]
        + [f"agent_{s}" for s in seats]
        + [f"score_{s}" for s in seats]
        + [f"rank_{s}" for s in seats]
        + ["turns", "outcome"]
        + fact_names
    )
    for r in records:
        scores = [f"{v:g}" for v in r.scores] if r.scores is not None else [""] * players
        facts = dict(r.facts)
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
                *(f"{facts[name]:g}" if name in facts else "" for name in fact_names),
            ]
        )
    return buffer.getvalue()


def write_results(
    folder: Path, summary: dict[str, Any], records: Sequence[GameRecord], players: int
) -> list[Path]:
    output_folder(folder)
    return [
        write_file(folder / "summary.json", json.dumps(summary, indent=2) + "\n"),
        write_file(folder / "games.csv", games_csv(records, players)),
    ]


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
    for name, fact in summary.get("facts", {}).items():
        if "rate" in fact:
            lo, hi = fact["rate"]["ci95"]
            console.print(
                f"{name.replace('_', ' ')}: {_pct(fact['rate']['rate'])} of finished games "
                f"(95% interval {_pct(lo)} - {_pct(hi)})"
            )
        elif fact["n"]:
            console.print(
                f"{name.replace('_', ' ')}: mean {fact['mean']:.2f} per game, "
                f"median {fact['p50']:g}, 5-95% {fact['p5']:g}-{fact['p95']:g}"
            )
