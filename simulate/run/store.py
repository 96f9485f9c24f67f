"""`results.jsonl`: every finished game streamed to an append-only file, so a run can resume.

The first line describes the plan; each further line is one game record. Records are appended
(and flushed to disk) chunk by chunk in plan order (the executors hand chunks back in the order
given), so the file is the same bytes for any workers. A resumed run reads the file back line by
line (keeping only the set of games it holds), checks it belongs to the same plan, drops a last
line cut short by a killed process, and plays only the missing games: those after the prefix a
killed run left, so it ends with exactly the bytes, and the numbers, of an uninterrupted run
(since every game's seed depends only on its number). The plan names the pnp version that began
the run, and only that version resumes it: another could play other games from the same seeds.

The file is opened without following a symbolic link or waiting on a named pipe
(pnp/output.py `open_own`), and a file removed while the run writes it (its folder deleted)
stops the run: nothing is made again in its place.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pnp
from pnp.errors import InputError, PnpError
from pnp.games import get_game
from pnp.games.setupfile import setup_json
from pnp.output import naming, open_own
from simulate.run.records import record_from, record_json, record_problem
from simulate.run.runfolder import RESULTS, remove_outputs
from simulate.run.runner import GameRecord, IndexSet, RunPlan

__all__ = ["RESULTS", "ResultStore", "plan_header", "record_json", "run_folder", "saved_runs"]


def run_folder(out: Path, game: str, kind: str, seed: int) -> Path:
    """Where a run writes: out/<game>-<kind>-<seed>."""
    return out / f"{game}-{kind}-{seed}"


@dataclass(frozen=True)
class SavedRun:
    """A run folder holding results: where it is and the seed it was run with."""

    folder: Path
    seed: int


def saved_runs(out: Path, game: str, kind: str, marker: str = RESULTS) -> list[SavedRun]:
    """The run folders in `out` holding `marker` (results.jsonl) of `kind` runs of `game`, by
    name; a folder whose name does not end in a seed is not pnp's and is left out."""
    found = []
    for path in sorted(out.glob(f"{game}-{kind}-*/{marker}")):
        seed = path.parent.name.removeprefix(f"{game}-{kind}-")
        if seed.isdigit() and seed.isascii():
            found.append(SavedRun(path.parent, int(seed)))
    return found


def plan_header(plan: RunPlan) -> dict[str, Any]:
    """What makes two runs the same run: the pnp version, every input that decides the games,
    and their fingerprint (a hash of them all)."""
    game = get_game(plan.game)
    options = hashlib.sha256(
        json.dumps(plan.options.to_json(), sort_keys=True, default=str).encode()
    )
    setups = hashlib.sha256()
    for setup in plan.setups:
        setups.update(setup_json(game, setup).encode())
    header: dict[str, Any] = {
        "pnp_version": pnp.__version__,  # first: the difference a resume names first
        "game": plan.game,
        "options": options.hexdigest()[:16],
        "setup_source": "file" if plan.setups else "random",
        "setups": plan.setup_count,
        "setup_data": setups.hexdigest()[:16] if plan.setups else None,
        "games": plan.games,
        "agents": list(plan.agents),
        "paired": plan.paired,
        "seed": plan.seed,
        "max_turns": plan.max_turns,
    }
    text = json.dumps(header, sort_keys=True, separators=(",", ":"))
    return {**header, "fingerprint": hashlib.sha256(text.encode()).hexdigest()[:16]}


def header_difference(found: object, expected: dict[str, Any]) -> str:
    """How the header line `found` differs from this run's, in a few words."""
    if not isinstance(found, dict) or "fingerprint" not in found:
        return "its first line is not the plan of a run"
    for name, value in expected.items():
        if name != "fingerprint" and found.get(name) != value:
            if name == "pnp_version":
                began = found.get(name)
                by = f"pnp {began}" if began else "an earlier pnp, which records no version"
                return f"begun by {by}; this is pnp {value}"
            if name in ("options", "setup_data"):
                return f"the {name.replace('_', ' ')} differ"
            return f"{name} {_shown(found.get(name))} there, {_shown(value)} here"
    return "its fingerprint differs"


def _shown(value: object) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def _skip(record: GameRecord) -> None:
    """What a store does with a record read back by default: nothing."""


class ResultStore:
    """The results file of one run folder, open for appending.

    On resume every line is checked (`simulate/run/records.py`). A bad line refuses the resume
    rather than being dropped and replayed: this run writes only records it checked, under the
    folder's lock, so a bad line means the file was mixed with another run or edited, and then
    none of its lines can be trusted. The one exception is a last line cut short, which is what
    a killed run leaves; it is dropped.
    """

    def __init__(
        self, folder: Path, plan: RunPlan, resume: bool, seen: Callable[[GameRecord], None] = _skip
    ) -> None:
        """Open the results of `plan` in `folder`; on `resume`, read the file back line by line,
        checking each record and handing it to `seen` (nothing is kept but the set of games)."""
        self.path = folder / RESULTS
        self.plan = plan
        self.header = plan_header(plan)
        self.done = IndexSet()  # the games in the file
        if resume and self.path.exists():
            for record in self._read():
                seen(record)
        # opened at the first append: a run that fails before any game finishes (a scheduler
        # that cannot be reached) leaves the folder as it was
        self._stream: IO[str] | None = None

    def _open(self) -> IO[str]:
        """The file open for appending; a fresh run's started with its plan. Its folder is the
        locked run folder (simulate/run/runfolder.py): never made here, so a folder removed
        while the run plays is not made again."""
        if self._stream is None:
            flags = os.O_WRONLY | os.O_APPEND
            if not self.done.count:
                remove_outputs(self.path.parent, keep=())  # the folder is this run's from now
                flags |= os.O_CREAT | os.O_TRUNC
            try:
                handle = open_own(self.path, flags)
            except FileNotFoundError:
                raise self._removed() from None
            self._stream = open(handle, "a", encoding="utf-8")  # noqa: SIM115 (kept open)
            if not self.done.count:
                self._stream.write(json.dumps({"plan": self.header}) + "\n")
        return self._stream

    def _removed(self) -> PnpError:
        return PnpError(f"{self.path} was removed while the run wrote it; the run stops and "
                        "makes nothing again in its place")  # fmt: skip

    def _refuse(self, why: str, line: int | None = None) -> InputError:
        where = f"{self.path} line {line}: {why}"
        if line is None:
            where = f"{self.path} belongs to another run ({why})"
        return InputError(
            "resume", True, path=self.path, line=line, why=why, where=where,
            template="{field}: {where}; run without {field} to start again",
        )  # fmt: skip

    def _read(self) -> Iterator[GameRecord]:
        """The records of the file, each checked against the plan; InputError naming the first
        bad line. A last line cut short by a killed writer is cut off the file."""
        players = self.plan.options.players
        with open(open_own(self.path, os.O_RDONLY), "rb") as stream:
            size, kept = os.fstat(stream.fileno()).st_size, 0
            for number, raw in enumerate(stream, 1):
                if not raw.endswith(b"\n"):
                    break  # a killed writer may leave half a line
                try:
                    data = json.loads(raw)
                except (UnicodeDecodeError, json.JSONDecodeError):
                    raise self._refuse("not JSON text", number) from None
                if number == 1:
                    plan = data.get("plan") if isinstance(data, dict) else None
                    if plan != self.header:
                        raise self._refuse(header_difference(plan, self.header))
                else:
                    problem = record_problem(data, self.plan, players, self.done)
                    if problem is not None:
                        raise self._refuse(problem, number)
                    yield record_from(data)
                kept += len(raw)
        if kept == 0:
            raise self._refuse(header_difference(None, self.header))
        if kept < size:  # a whole file is left untouched
            handle = open_own(self.path, os.O_WRONLY)
            try:
                os.ftruncate(handle, kept)
            finally:
                os.close(handle)

    def append(self, records: Sequence[GameRecord]) -> None:
        self.append_lines("".join(record_json(r) + "\n" for r in records),
                          [record.index for record in records])  # fmt: skip

    def append_lines(self, lines: str, games: Sequence[int]) -> None:
        """Append `lines`, the records of `games` as `record_json` encodes them (a worker's)."""
        with naming(self.path):
            stream = self._open()
            stream.write(lines)
            stream.flush()
            os.fsync(stream.fileno())
            if os.fstat(stream.fileno()).st_nlink == 0:
                raise self._removed()
        self.done.update(games)

    def claim(self) -> None:
        """Make the folder this run's (its results file started) without adding a record."""
        with naming(self.path):
            self._open()
        self.close()

    def close(self) -> None:
        """Close the file; what a full disk refused of it is named (the write already failed
        once, and the close writes what is left)."""
        if self._stream is not None:
            stream, self._stream = self._stream, None
            with naming(self.path):
                stream.close()
