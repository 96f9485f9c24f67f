"""What a worker makes of a chunk of games before handing it back to the run: the chunk's lines
of results.jsonl and its games folded (`GameFolds`), so the main process writes bytes and adds a
few small folds a chunk (`RunFolds.merge`) rather than encoding and folding every game.

With fast games the main process was the limit of a run's speed-up (issue 19): encoding a record
and folding it cost it about 20 us a game, a tenth or more of a game's play, and unpickling the
records more. The folds are exact (whole numbers, Fractions, counts per value), so a run folded
chunk by chunk in the workers gives the numbers of the games folded one by one; the lines are the
ones `ResultStore.append` would write, in the same order, so results.jsonl is the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from simulate.report.gamestable import ChunkRows, chunk_rows
from simulate.report.summary import GameFolds
from simulate.run.records import data_json, record_data
from simulate.run.runner import GameRecord, RunPlan


@dataclass(frozen=True)
class FinishedChunk:
    """A chunk played: its game numbers (in order), its results.jsonl lines ("" when the run
    stores nothing), its games folded and its rows of games.csv and seats.csv (when the run
    writes them as it goes: simulate/report/gamestable.py)."""

    games: tuple[int, ...]
    lines: str
    folds: GameFolds
    tables: ChunkRows | None = None


@dataclass(frozen=True)
class FoldChunk:
    """The `Finish` of a run (simulate/run/executors.py): each setup's rows folded when the run
    analyses setups (`per_setup`), the lines encoded when it stores its games (`lines`), the
    rows of games.csv and seats.csv written when it spools them (`tables`)."""

    per_setup: bool
    lines: bool
    tables: bool = False

    def __call__(self, plan: RunPlan, records: list[GameRecord]) -> FinishedChunk:
        folds = GameFolds(plan, self.per_setup, chunk=True)
        for record in records:
            folds.fold(record, plan)
        data = [record_data(record) for record in records] if self.lines or self.tables else []
        text = "".join(data_json(one) + "\n" for one in data) if self.lines else ""
        rows = chunk_rows(data, plan.options.players) if self.tables else None
        return FinishedChunk(tuple(record.index for record in records), text, folds, rows)
