"""`games.csv` (one row per game) and `seats.csv` (one row per game and seat, the long form), in
game order, written from results.jsonl in bounded memory, both in one reading of it.

results.jsonl holds the games in game order (simulate/executors.py), but for the gaps that a
resumed run filled at the end of a file an older pnp wrote. The table is written by reading the
file once, row by row: a row is written as soon as every game before it is written, and held
until then. The games to expect are the run's set of games played (`IndexSet`, a few ranges), so
an interrupted run's gaps are skipped. The rows held at once are the games out of place: none in
a file this pnp wrote, a few chunks' worth in an older one.

`seats.csv` is the tidy form a data frame wants: one observation per game and seat, the same
columns for every game, so `pandas.read_csv(path, dtype=SEATS_DTYPES)` gives the same dtypes
for every game and run (README, "seats.csv"). A number that a game may lack is empty: s and
points for a game that did not finish, the score of a game without scores, lead changes of a game
without running scores. Game facts stay in games.csv, whose columns depend on the game.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from pnp.games.base import FactValue, Outcome
from pnp.output import staged
from simulate.metrics import seat_scores
from simulate.runner import IndexSet
from simulate.stats import standing

FactKinds = Mapping[str, str]  # fact name -> "seat" (a value per seat) or "game"

# seats.csv's columns and the pandas dtype each reads as, for every game (issue 17).
SEATS_DTYPES: dict[str, str] = {
    "game": "int64", "setup_index": "int64", "setup": "string", "rotation": "int64",
    "seat": "int64", "agent": "string", "outcome": "string", "turns": "int64",
    "lead_changes": "Int64", "rank": "int64", "s": "float64", "points": "float64",
    "score": "float64",
}  # fmt: skip


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
        + ["turns", "outcome", "lead_changes"]
        + facts
    )


def row(data: Mapping[str, Any], kinds: FactKinds, players: int) -> list[Any]:
    """One game of results.jsonl (a parsed line) as a row of `header`; fact cells are empty
    where the game lacks the fact."""
    scores = data["scores"]
    cells: list[Any] = [data["index"], data["setup_index"], data["setup"], data["game_seed"],
                        data["rotation"], *data["agents"]]  # fmt: skip
    cells += [f"{v:g}" for v in scores] if scores is not None else [""] * players
    lead = data.get("lead_changes")
    cells += [*data["ranks"], data["turns"], data["outcome"], "" if lead is None else lead]
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


def seat_rows(data: Mapping[str, Any]) -> Iterator[list[Any]]:
    """One game of results.jsonl (a parsed line) as its rows of seats.csv, seat by seat. Numbers
    that may be missing are written as floats (`repr`), so they read as floats either way."""
    ranks, scores = data["ranks"], data["scores"]
    finished = data["outcome"] == Outcome.FINISHED.value
    s = seat_scores(ranks) if finished else None
    lead = data.get("lead_changes")
    for seat, rank in enumerate(ranks):
        yield [
            data["index"], data["setup_index"], data["setup"], data["rotation"], seat + 1,
            data["agents"][seat], data["outcome"], data["turns"], "" if lead is None else lead,
            rank, repr(float(s[seat])) if s is not None else "",
            repr(standing(ranks, seat)[1]) if finished else "",
            repr(float(scores[seat])) if scores is not None else "",
        ]  # fmt: skip


def write_game_tables(
    folder: Path, results: Path, played: IndexSet, kinds: FactKinds, players: int
) -> list[Path]:
    """Write games.csv and seats.csv into `folder` from `results` in one reading (each under a
    temporary name renamed into place); their paths."""
    paths = [folder / "games.csv", folder / "seats.csv"]
    with ExitStack() as stack:
        games, seats = (
            stack.enter_context(io.TextIOWrapper(stack.enter_context(staged(path)),
                                                 encoding="utf-8", newline=""))
            for path in paths
        )  # fmt: skip
        _write(games, seats, results, played, kinds, players)
    return paths


def _write(games: IO[str], seats: IO[str], results: Path, played: IndexSet, kinds: FactKinds,
           players: int) -> None:  # fmt: skip
    by_game = csv.writer(games, lineterminator="\n")
    by_seat = csv.writer(seats, lineterminator="\n")
    by_game.writerow(header(kinds, players))
    by_seat.writerow(SEATS_DTYPES)
    with results.open("rb") as lines:
        next(lines, None)  # the plan
        for data in in_game_order(lines, played):
            by_game.writerow(row(data, kinds, players))
            by_seat.writerows(seat_rows(data))
