"""`games.csv`: one row per game, in game order, written from results.jsonl in bounded memory.

results.jsonl holds the games in game order (simulate/executors.py), but for the gaps that a
resumed run filled at the end of a file an older pnp wrote. The table is written by reading the
file once, row by row: a row is written as soon as every game before it is written, and held
until then. The games to expect are the run's set of games played (`IndexSet`, a few ranges), so
an interrupted run's gaps are skipped. The rows held at once are the games out of place: none in
a file this pnp wrote, a few chunks' worth in an older one.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from pnp.games.base import FactValue
from pnp.output import staged
from simulate.runner import IndexSet

FactKinds = Mapping[str, str]  # fact name -> "seat" (a value per seat) or "game"


def _cell(value: FactValue) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def header(kinds: FactKinds, players: int) -> list[str]:
    seats = range(1, players + 1)
    facts = [
        column
        for name, kind in kinds.items()
        for column in ([f"{name}_{s}" for s in seats] if kind == "seat" else [name])
    ]
    return (
        ["game", "setup_index", "setup", "game_seed", "rotation"]
        + [f"agent_{s}" for s in seats]
        + [f"score_{s}" for s in seats]
        + [f"rank_{s}" for s in seats]
        + ["turns", "outcome"]
        + facts
    )


def row(data: Mapping[str, Any], kinds: FactKinds, players: int) -> list[Any]:
    """One game of results.jsonl (a parsed line) as a row of `header`; fact cells are empty
    where the game lacks the fact."""
    scores = data["scores"]
    cells: list[Any] = [data["index"], data["setup_index"], data["setup"], data["game_seed"],
                        data["rotation"], *data["agents"]]  # fmt: skip
    cells += [f"{v:g}" for v in scores] if scores is not None else [""] * players
    cells += [*data["ranks"], data["turns"], data["outcome"]]
    facts = data.get("facts", {})
    for name, kind in kinds.items():
        value = facts.get(name)
        if kind == "seat":
            cells += [_cell(v) for v in value] if isinstance(value, list) else [""] * players
        else:
            cells.append("" if value is None or isinstance(value, list) else _cell(value))
    return cells


def in_game_order(lines: Iterator[bytes], played: IndexSet) -> Iterator[dict[str, Any]]:
    """The records of `lines` (results.jsonl after its plan line) in game order, holding only
    those that come before a game still to come."""
    expected = (index for gap in played.ranges() for index in gap)
    held: dict[int, dict[str, Any]] = {}
    wanted = next(expected, None)
    for line in lines:
        data = json.loads(line)
        held[data["index"]] = data
        while wanted is not None and wanted in held:
            yield held.pop(wanted)
            wanted = next(expected, None)
    if held or wanted is not None:
        raise ValueError("results.jsonl does not hold the games played")


def write_games_csv(path: Path, results: Path, played: IndexSet, kinds: FactKinds,
                    players: int) -> Path:  # fmt: skip
    """Write games.csv at `path` from `results` (a temporary name renamed into place)."""
    with staged(path) as raw, io.TextIOWrapper(raw, encoding="utf-8", newline="") as stream:
        _write(stream, results, played, kinds, players)
    return path


def _write(stream: IO[str], results: Path, played: IndexSet, kinds: FactKinds,
           players: int) -> None:  # fmt: skip
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header(kinds, players))
    with results.open("rb") as lines:
        next(lines, None)  # the plan
        for data in in_game_order(lines, played):
            writer.writerow(row(data, kinds, players))
