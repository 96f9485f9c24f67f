"""A ladder's results out: `ladder.json` in the run folder and the terminal table.

Both name every agent: each rung's, each head-to-head's, and the agent the reading is about.
Nothing written depends on the number of workers or on timing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from pnp.output import write_file
from simulate.report.terminal import whole_words
from simulate.run.request import RunRequest
from simulate.studies.ladder import Estimate, Ladder, seat_at

LADDER = "ladder.json"


def _rounded(estimate: Estimate) -> tuple[float, float, float]:
    """The mean s and its interval as ladder.json records them (6 decimals)."""
    return round(estimate.mean, 6), round(estimate.low, 6), round(estimate.high, 6)


def _estimate(estimate: Estimate) -> dict[str, Any]:
    mean, low, high = _rounded(estimate)
    return {"mean_s": mean, "ci95": [low, high], "games": estimate.games}


def plan_json(request: RunRequest, agents: Sequence[str], note: str) -> dict[str, Any]:
    """What a ladder is: the run every rung plays, and its rungs (weakest first)."""
    return {
        "game": request.game,
        "options": request.options.to_json(),
        "players": request.players,
        "games_per_rung": request.games,
        "seed": request.seed,
        "paired": request.paired,
        "ladder": list(agents),
        "ladder_note": note,
    }


def ladder_json(
    request: RunRequest, ladder: Ladder, seat_names: Sequence[str], note: str
) -> dict[str, Any]:
    """The ladder's document: its plan, each rung's seat advantage, each head-to-head and the
    reading, with the folder of every run it played."""
    top = ladder.rungs[-1]
    return {
        **plan_json(request, [rung.agent for rung in ladder.rungs], note),
        "complete": True,
        "rungs": [
            {
                "agent": rung.agent,
                "folder": rung.folder.name,
                "games": rung.played,
                "seats": [
                    {"seat": name, **_estimate(s)}
                    for name, s in zip(seat_names, rung.seats, strict=True)
                ],
                # the verdict's estimate of the rung (summary.json's verdict levels)
                "first_seat": seat_at(rung, 0).to_json(),
            }
            for rung in ladder.rungs
        ],
        "head_to_head": [
            {
                "stronger": duel.stronger,
                "weaker": duel.weaker,
                "folder": duel.folder.name,
                "games": duel.played,
                "wins": duel.wins,
                "draws": duel.draws,
                "losses": duel.losses,
                **_estimate(duel.skill),
            }
            for duel in ladder.duels
        ],
        "reading": {
            "settled": ladder.reading.settled,
            "agents": top.agent,
            "verdict": ladder.reading.verdict,
            "reasons": list(ladder.reading.reasons),
        },
    }


def write_ladder(folder: Path, document: dict[str, Any]) -> Path:
    return write_file(folder / LADDER, json.dumps(document, indent=2) + "\n")


def print_ladder(
    request: RunRequest,
    ladder: Ladder,
    note: str,
    seat_names: Sequence[str],
    console: Console,
    title: str,
    played: str | None = None,
    intervals: str = "95% intervals",
) -> None:
    """The rungs with each seat's mean s, the head-to-head of each rung against the one below,
    and the plain reading with the agents it holds for (every number as ladder.json has it)."""
    console.print(
        f"[bold]{title}[/]: strength ladder {', '.join(rung.agent for rung in ladder.rungs)}; "
        + (played or f"{request.games} games per rung and per head-to-head, seed {request.seed}")
    )
    if note:
        console.print(f"ladder: {note}")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("rung", justify="left")
    for name in seat_names:
        table.add_column(f"{name} mean s", justify="right")
    table.add_column("against the rung below (mean s)", justify="right")
    for index, rung in enumerate(ladder.rungs):
        duel = ladder.duels[index - 1] if index else None
        against = (
            f"{_shown(duel.skill)} vs {duel.weaker} ({duel.wins}-{duel.draws}-{duel.losses})"
            if duel
            else "-"
        )
        table.add_row(rung.agent, *(_shown(seat) for seat in rung.seats), against)
    console.print(whole_words(table))
    console.print(f"reading: {ladder.reading.verdict}")
    for reason in ladder.reading.reasons:
        console.print(f"  - {reason}")
    console.print(
        "mean s: 1 a sole win, 0 a sole last, 1/2 fair (or, head to head, no better); "
        f"{intervals}; wins-draws-losses of the stronger agent"
    )


def _shown(estimate: Estimate) -> str:
    mean, low, high = _rounded(estimate)
    return f"{mean:.3f} [{low:.3f}, {high:.3f}]"
