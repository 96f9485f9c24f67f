"""`results.jsonl`: every finished game streamed to an append-only file, so a run can resume.

The first line describes the plan; each further line is one game record. Records are appended
(and flushed to disk) as chunks finish, in whatever order they finish. A resumed run reads the file
back, checks it belongs to the same plan, drops a last line cut short by a killed process, and
plays only the missing games. Since every game's seed depends only on its number, a resumed run
ends with exactly the records, and so the numbers, of an uninterrupted one.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pnp.errors import InputError
from pnp.games import get_game
from pnp.games.base import Outcome
from pnp.games.setupfile import setup_json
from simulate.runner import GameRecord, RunPlan

RESULTS = "results.jsonl"


def run_folder(out: Path, game: str, kind: str, seed: int) -> Path:
    """Where a run writes: out/<game>-<kind>-<seed>."""
    return out / f"{game}-{kind}-{seed}"


@dataclass(frozen=True)
class SavedRun:
    """A run folder holding results: where it is and the seed it was run with."""

    folder: Path
    seed: int


def saved_runs(out: Path, game: str, kind: str) -> list[SavedRun]:
    """The run folders in `out` holding results of `kind` runs of `game`, by name."""
    found = sorted(out.glob(f"{game}-{kind}-*/{RESULTS}"))
    return [SavedRun(path.parent, int(path.parent.name.rsplit("-", 1)[1])) for path in found]


def plan_header(plan: RunPlan) -> dict[str, Any]:
    """What makes two runs the same run: every input that decides the games."""
    game = get_game(plan.game)
    digest = hashlib.sha256()
    digest.update(json.dumps(plan.options.to_json(), sort_keys=True, default=str).encode())
    for setup in plan.setups:
        digest.update(setup_json(game, setup).encode())
    return {
        "game": plan.game,
        "agents": list(plan.agents),
        "seed": plan.seed,
        "games": plan.games,
        "setups": plan.setup_count,
        "paired": plan.paired,
        "max_turns": plan.max_turns,
        "inputs": digest.hexdigest()[:16],
    }


def record_json(record: GameRecord) -> str:
    return json.dumps(
        {
            "index": record.index, "setup_index": record.setup_index, "setup": record.setup,
            "game_seed": record.game_seed, "rotation": record.rotation,
            "agents": list(record.agents),
            "scores": list(record.scores) if record.scores is not None else None,
            "ranks": list(record.ranks), "turns": record.turns,
            "outcome": record.outcome.value, "lead_changes": record.lead_changes,
            "facts": {k: list(v) if isinstance(v, tuple) else v for k, v in record.facts.items()},
        },
        separators=(",", ":"),
    )  # fmt: skip


def record_from(data: dict[str, Any]) -> GameRecord:
    scores = data["scores"]
    return GameRecord(
        data["index"], data["setup_index"], data["setup"], data["game_seed"], data["rotation"],
        tuple(data["agents"]), tuple(scores) if scores is not None else None,
        tuple(data["ranks"]), data["turns"], Outcome(data["outcome"]), data["lead_changes"],
        {k: tuple(v) if isinstance(v, list) else v for k, v in data.get("facts", {}).items()},
    )  # fmt: skip


class ResultStore:
    """The results file of one run folder, open for appending."""

    def __init__(self, folder: Path, plan: RunPlan, resume: bool) -> None:
        self.path = folder / RESULTS
        self.header = plan_header(plan)
        self.previous: list[GameRecord] = self._read() if resume and self.path.exists() else []
        # opened at the first append: a run that fails before any game finishes (a scheduler
        # that cannot be reached) leaves no folder behind
        self._stream: IO[str] | None = None

    def _open(self) -> IO[str]:
        if self._stream is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.previous:
                self.path.write_text(json.dumps({"plan": self.header}) + "\n", encoding="utf-8")
            self._stream = self.path.open("a", encoding="utf-8")
        return self._stream

    def _read(self) -> list[GameRecord]:
        text = self.path.read_text(encoding="utf-8")
        complete = text[: text.rfind("\n") + 1]  # a killed writer may leave half a line
        lines = complete.splitlines()
        try:
            header = json.loads(lines[0])["plan"] if lines else None
        except (json.JSONDecodeError, KeyError, TypeError):
            header = None
        if header != self.header:
            raise InputError(
                "resume", True, path=self.path,
                template="{field}: {path} belongs to another run (different game, options, "
                "agents, seed or counts); run without {field} to start again",
            )  # fmt: skip
        with self.path.open("r+", encoding="utf-8") as stream:
            stream.truncate(len(complete.encode("utf-8")))
        records = {}
        for line in lines[1:]:
            record = record_from(json.loads(line))
            records[record.index] = record
        return list(records.values())

    def append(self, records: Sequence[GameRecord]) -> None:
        stream = self._open()
        stream.write("".join(record_json(r) + "\n" for r in records))
        stream.flush()
        os.fsync(stream.fileno())

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
