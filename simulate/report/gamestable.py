"""`games.csv` (one row per game) and `seats.csv` (one row per game and seat, the long form), in
game order: from the rows the workers write as they play, or from results.jsonl read back once.

A fresh run does not read results.jsonl back: each worker writes its chunk's rows of both tables
beside its results.jsonl lines (`chunk_rows`), and the main process appends them to two
temporary files as the chunks come (`TableSpool`), which become the tables when the run ends
(issue 19: reading back cost the main process about 12 us a game after play). A chunk's game
rows have the fact columns of its own games, so they are the table only when every chunk's are
the run's (a fact that some chunk's games all lack makes them differ); the chunks come in game
order (simulate/run/executors.py), which the spool checks all the same. Otherwise, and for a resumed
run (whose earlier games no worker wrote rows for), the tables are read back. Both ways give the
same bytes (tests/simulate/test_table_spool.py).

results.jsonl holds the games in game order, but for the gaps that a resumed run filled at the
end of a file an older pnp wrote. The read-back reads the file once, row by row: a row is
written as soon as every game before it is written, and held until then. The games to expect are
the run's set of games played (`IndexSet`, a few ranges), so an interrupted run's gaps are
skipped. The rows held at once are the games out of place: none in a file this pnp wrote, a few
chunks' worth in an older one.

`seats.csv` is the tidy form a data frame wants: one observation per game and seat, the same
columns for every game, so `pandas.read_csv(path, dtype=SEATS_DTYPES)` gives the same dtypes
for every game and run (README, "seats.csv"). A number that a game may lack is empty: s and
points for a game that did not finish, the score of a game without scores, lead changes of a game
without running scores. Game facts stay in games.csv, whose columns depend on the game.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pnp.games.base import FactValue, Outcome
from pnp.output import naming, staged, temporary_prefix
from simulate.measure.stats import standing
from simulate.run.runner import IndexSet
from simulate.scoring.metrics import seat_scores

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


def record_kinds(records: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """The fact columns of `records` (parsed lines of results.jsonl) as a run of only these games
    has them (`fact_kinds` of its measures): each fact by name, "seat" when some game gives it a
    value per seat, else "game"."""
    kinds: dict[str, str] = {}
    for data in records:
        for name, value in data.get("facts", {}).items():
            if isinstance(value, list):
                kinds[name] = "seat"
            else:
                kinds.setdefault(name, "game")
    return dict(sorted(kinds.items()))


@dataclass(frozen=True)
class ChunkRows:
    """A chunk's rows of games.csv (with the fact columns `kinds`) and of seats.csv, as text."""

    kinds: tuple[tuple[str, str], ...]
    games: str
    seats: str


def chunk_rows(records: Sequence[Mapping[str, Any]], players: int) -> ChunkRows:
    """The rows of `records` (a chunk's games, as `record_data` gives them, in game order)."""
    kinds = record_kinds(records)
    games, seats = io.StringIO(), io.StringIO()
    _write_rows(csv.writer(games, lineterminator="\n"), csv.writer(seats, lineterminator="\n"),
                records, kinds, players)  # fmt: skip
    return ChunkRows(tuple(kinds.items()), games.getvalue(), seats.getvalue())


class TableSpool:
    """The rows of a fresh run's chunks (`ChunkRows`), held in two temporary files in the run's
    folder until `write` makes them games.csv and seats.csv; `discard` removes what is left.
    The files carry this process's id, so what a killed run leaves is removed by the next write
    in the folder (pnp/output.py)."""

    def __init__(self, folder: Path, players: int) -> None:
        self.folder = folder
        self.players = players
        self.games = IndexSet()  # the games whose rows are held, added in game order
        self.last = -1  # the last of them
        self.kinds: set[tuple[tuple[str, str], ...]] = set()
        self.usable = True  # no chunk came before a game already held
        self._files: list[tuple[Path, IO[str]]] = []

    def add(self, rows: ChunkRows, games: Sequence[int]) -> None:
        """Hold the rows of `games` (a chunk's, in game order)."""
        if not self.usable or not games:
            return
        if games[0] <= self.last:
            self.usable = False  # out of game order: read results.jsonl back instead
            self.discard()
            return
        if not self._files:
            for name in TABLES:
                handle, temporary = tempfile.mkstemp(
                    prefix=temporary_prefix(f"{name}.rows"), suffix=".tmp", dir=self.folder
                )
                os.close(handle)
                path = Path(temporary)
                self._files.append((path, path.open("w", encoding="utf-8")))
        for name, (_, stream), text in zip(TABLES, self._files, (rows.games, rows.seats),
                                           strict=True):  # fmt: skip
            with naming(self.folder / name):
                stream.write(text)
        self.games.update(games)
        self.last = games[-1]
        self.kinds.add(rows.kinds)

    def write(self, kinds: FactKinds, played: IndexSet) -> list[Path] | None:
        """games.csv and seats.csv in the folder (each under a temporary name renamed into
        place), from the rows held: their paths, or None (nothing written) when the rows are
        not the tables of `played` with the fact columns `kinds`."""
        wanted = tuple(kinds.items())
        if not self.usable or list(self.games.ranges()) != list(played.ranges()):
            return None
        if self.kinds - {wanted}:
            return None
        headers = [header(kinds, self.players), list(SEATS_DTYPES)]
        for name, (_, stream) in zip(TABLES, self._files, strict=False):  # none: no game played
            with naming(self.folder / name):
                stream.flush()
        bodies = [path for path, _ in self._files]
        return write_tables([self.folder / name for name in TABLES], headers, bodies)

    def discard(self) -> None:
        """Remove the files of the rows (what is left unwritten of them is of no use: a full
        disk that stopped the run is not a second error)."""
        for path, stream in self._files:
            with contextlib.suppress(OSError):
                stream.close()
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        self._files = []


TABLES = ("games.csv", "seats.csv")


def write_tables(
    paths: Sequence[Path], headers: Sequence[list[str]], bodies: Sequence[Path]
) -> list[Path]:
    """Write each of `paths` (under a temporary name renamed into place) as its header and then
    the rows in the file of `bodies` (none: no rows); the paths."""
    for index, (path, head) in enumerate(zip(paths, headers, strict=True)):
        with staged(path) as stream:
            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerow(head)
            stream.write(text.getvalue().encode("utf-8"))
            if bodies:
                with bodies[index].open("rb") as body:
                    shutil.copyfileobj(body, stream, 1 << 20)
    return list(paths)


def write_game_tables(
    folder: Path, results: Path, played: IndexSet, kinds: FactKinds, players: int
) -> list[Path]:
    """Write games.csv and seats.csv into `folder` from `results` in one reading (each under a
    temporary name renamed into place); their paths."""
    paths = [folder / name for name in TABLES]
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
        _write_rows(by_game, by_seat, in_game_order(lines, played), kinds, players)


def _write_rows(by_game: Any, by_seat: Any, records: Iterable[Mapping[str, Any]],
                kinds: FactKinds, players: int) -> None:  # fmt: skip
    for data in records:
        by_game.writerow(row(data, kinds, players))
        by_seat.writerows(seat_rows(data))
