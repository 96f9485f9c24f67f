"""Searching a run for its longest finished games, without keeping every record.

For games whose length is the question (how long can a game last and still end?): plays a plan
chunk by chunk through an executor, as `session.run` does, and keeps only the `top` longest
finished games and the count of each outcome. Ties in length go to the earlier game, so the
answer does not depend on the number of workers.
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass

from pnp.games.base import Outcome
from simulate.run.executors import make_executor
from simulate.run.runner import GameRecord, RunPlan, chunks
from simulate.studies.session import chunk_size


@dataclass(frozen=True)
class Longest:
    games: list[GameRecord]  # longest first
    outcomes: dict[str, int]
    played: int


def longest_finished(plan: RunPlan, workers: int, top: int = 5) -> Longest:
    """The `top` finished games of `plan` with the most turns, longest first."""
    indices = plan.tasks()
    kept: list[tuple[int, int, GameRecord]] = []  # (turns, -index, record), a min-heap
    outcomes: Counter[str] = Counter()
    played = 0
    executor = make_executor(workers)
    for done in executor.run(plan, chunks(indices, chunk_size(len(indices), workers))):
        for record in done:
            played += 1
            outcomes[record.outcome.value] += 1
            if record.outcome != Outcome.FINISHED:
                continue
            entry = (record.turns, -record.index, record)
            if len(kept) < top:
                heapq.heappush(kept, entry)
            elif entry[:2] > kept[0][:2]:
                heapq.heapreplace(kept, entry)
    ranked = [record for _, _, record in sorted(kept, key=lambda e: e[:2], reverse=True)]
    return Longest(ranked, {kind.value: outcomes[kind.value] for kind in Outcome}, played)
