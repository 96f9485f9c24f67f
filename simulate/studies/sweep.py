"""A sweep: one balance run per configuration of a game, and the first seat's advantage in each.

A configuration gives one value to each swept name (`players`, `variant`, an option of the game,
or `agents`: the agent of every seat); the configurations are every combination of the swept
values (their cartesian product, in the order given). Each is an ordinary balance run, played
with the sweep's seed in a folder of its own under the sweep's
(out/<game>-sweep-<seed>/<configuration>/, `RunRequest.within`), so it is a run folder like any
other and resumes as every run does: a finished configuration is read back, not replayed, and the
interrupted one plays only its missing games.

Each configuration's reading is the one `balance` gives its setups (simulate/measure/setups.py),
with the configuration as the unit:

- each seat's advantage: its mean s - 1/2 with its 95% interval, the very estimate of the
  balance run's verdict (simulate/report/advantage.py `seat_of`): the setup as the unit, widened to
  hold Wilson's interval over the games; a configuration whose setups give no interval (a
  single setup, or setups all at the same mean s) has the Wilson interval over its games; the
  first seat's is the row's headline;
- every seat read as the verdict reads it (`seat_verdict`; with two players the first seat
  alone, the second mirroring it): *fair* when its interval lies inside +- tolerance (the
  equivalence test of `--fair`); *unfair* when Benjamini-Hochberg at a 5% false-discovery rate
  over every seat tested in the sweep rejects "its mean s is 1/2" (the tests the interval
  inverts: the larger p-value of the t test and the score test); otherwise *undetermined*; the
  configuration is fair when every seat is, unfair when any seat is (`SweepRow.shown` names
  them), else undetermined; *no finished game* when none finished;
- beside it, the balance's own counts of fair, unfair and undetermined setups, and whether the
  setups were shown to differ.

Nothing here knows a game by name or words an option: the command (pnp/commands/sweep.py)
checks the sweep and builds each configuration's request.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

from pnp.games import get_game
from simulate.measure.inference import fdr_reject
from simulate.measure.setups import FAIR, NO_FINISHED_GAME, UNDETERMINED, UNFAIR, setup_fairness
from simulate.report.advantage import seat_of, seat_verdict
from simulate.report.summary import RunResult
from simulate.run.request import RunRequest
from simulate.run.runfolder import remove_other_runs
from simulate.studies.ladder import Estimate
from simulate.studies.session import games_progress, read_result, reported, run_and_report

SWEEP = "sweep"  # the kind of the sweep's folder: out/<game>-sweep-<seed>
AGENTS = "agents"  # the swept name of the agent in every seat


@dataclass(frozen=True)
class Configuration:
    """One point of a sweep: each swept name with its value, as the command line gives it."""

    values: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        """The configuration's folder: `players-3_size-8`, safe on every system."""
        return "_".join(f"{key}-{_safe(value)}" for key, value in self.values)

    @property
    def label(self) -> str:
        """The configuration in words: `players 3, size 8`."""
        return ", ".join(f"{key} {value}" for key, value in self.values)

    def value(self, key: str) -> str | None:
        return dict(self.values).get(key)


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-") or "-"


def configurations(over: Sequence[tuple[str, Sequence[str]]]) -> tuple[Configuration, ...]:
    """Every combination of the swept values, the first name varying slowest."""
    names = [name for name, _ in over]
    return tuple(
        Configuration(tuple(zip(names, values, strict=True)))
        for values in itertools.product(*(values for _, values in over))
    )


@dataclass(frozen=True)
class SweepPlan:
    """What a sweep is: the game, what every configuration shares (the options given once, the
    agents unless swept, the counts, the seed) and the swept names with their values."""

    game: str
    over: tuple[tuple[str, tuple[str, ...]], ...]
    fixed: tuple[tuple[str, str], ...]  # options given once, as text
    agents: str
    setups: int
    games_per_setup: int
    paired: bool
    seed: int
    tolerance: float

    @property
    def configurations(self) -> tuple[Configuration, ...]:
        return configurations(self.over)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "over": {name: list(values) for name, values in self.over},
            "fixed": dict(self.fixed),
            "agents": self.agents,
            "setups": self.setups,
            "games_per_setup": self.games_per_setup,
            "paired": self.paired,
            "seed": self.seed,
            "tolerance": self.tolerance,
            "configurations": [c.name for c in self.configurations],
        }


@dataclass(frozen=True)
class SeatRow:
    """One seat of a configuration: its mean s with its 95% interval (as `SweepRow.first_seat`)
    and the p-value of "its mean s is 1/2"."""

    name: str
    seat: Estimate
    p_value: float


@dataclass(frozen=True)
class SweepRow:
    """One configuration's balance, as the sweep reports it."""

    configuration: Configuration
    agents: tuple[str, ...]
    setups: int
    games_planned: int
    played: int
    complete: bool
    first_seat: Estimate  # mean s with its 95% interval; games: finished games
    unit: str  # what the interval takes as the unit: "setup", or "game" (a single setup)
    p_value: float  # "the first seat's mean s is 1/2", by the test the interval inverts
    reading: str  # fair | unfair | undetermined | no finished game
    setup_verdicts: tuple[int, ...]  # per VERDICTS; empty when the run judged no setups
    setups_differ: bool | None  # homogeneity rejected; None when no setups were judged
    tolerance: float
    folder: Path
    seats: tuple[SeatRow, ...] = ()  # every seat, the first included (none: the first alone)
    seat_readings: tuple[str, ...] = ()  # each seat's reading, as `seats`

    @property
    def tested(self) -> tuple[SeatRow, ...]:
        """The seats a sweep tests: every seat, but with two players the first alone (the
        second's mean s is 1 minus the first's: the same test)."""
        if len(self.seats) > 2:
            return self.seats
        return (SeatRow(self.seats[0].name if self.seats else "first seat", self.first_seat,
                        self.p_value),)  # fmt: skip

    @property
    def shown(self) -> tuple[str, ...]:
        """The seats read unfair, in words: `yellow favoured`, `red handicapped` (with two
        players the first seat alone, as it is tested)."""
        return tuple(
            f"{seat.name} {'favoured' if seat.seat.mean > 0.5 else 'handicapped'}"
            for seat, reading in zip(self.tested, self.seat_readings, strict=False)
            if reading == UNFAIR
        )

    @property
    def advantage(self) -> tuple[float, float, float]:
        """The first seat's mean s - 1/2, with its interval."""
        seat = self.first_seat
        return seat.mean - 0.5, seat.low - 0.5, seat.high - 0.5


def row_of(configuration: Configuration, request: RunRequest, result: RunResult,
           tolerance: float) -> SweepRow:  # fmt: skip
    """The configuration's row, from its run's result (reading still to be decided across the
    sweep: `undetermined` until `with_readings`)."""
    verdict = setup_fairness(result.setups, tolerance) if result.setups else None
    counts: tuple[int, ...] = ()
    differ: bool | None = None
    if verdict is not None:
        counts = tuple(verdict.counts.values())
        differ = verdict.ranked
    finished = result.measures.tally.finished
    info = get_game(request.game).info
    found = [seat_of(result, verdict, index) for index in range(request.players)]
    seats = [SeatRow(info.seat_name(index), Estimate(f.mean, f.low, f.high, finished), f.p_value)
             for index, f in enumerate(found)]  # fmt: skip
    first = found[0]  # the first seat's, as simulate/report/advantage.py first_seat_of gives it
    plan = result.plan
    return SweepRow(configuration, request.agents, plan.setup_count, plan.games, result.played,
                    result.complete, seats[0].seat, first.unit[:-1], first.p_value, UNDETERMINED,
                    counts, differ, tolerance, request.folder, tuple(seats))  # fmt: skip


def with_readings(rows: Sequence[SweepRow]) -> tuple[SweepRow, ...]:
    """Each row read on every seat it tests (`SweepRow.tested`): Benjamini-Hochberg over every
    tested seat of every row with finished games rejects a mean s of 1/2 or not; a seat is fair
    inside the band, unfair when rejected, else undetermined; a row is fair when every seat is,
    unfair when any seat is, else undetermined."""
    tests = [(index, seat.p_value) for index, row in enumerate(rows) if row.first_seat.games
             for seat in row.tested]  # fmt: skip
    flags = iter(fdr_reject([p for _, p in tests]))
    flagged: dict[int, list[bool]] = {}
    for index, _ in tests:
        flagged.setdefault(index, []).append(next(flags))
    read = []
    for index, row in enumerate(rows):
        if not row.first_seat.games:
            read.append(replace(row, reading=NO_FINISHED_GAME, seat_readings=()))
            continue
        readings = tuple(
            seat_verdict(seat.seat.low, seat.seat.high, row.tolerance, flag)
            for seat, flag in zip(row.tested, flagged[index], strict=True)
        )
        if len(row.seats) == 2:  # the second seat mirrors the first
            readings = (readings[0], readings[0])
        reading = (FAIR if all(r == FAIR for r in readings)
                   else UNFAIR if UNFAIR in readings else UNDETERMINED)  # fmt: skip
        read.append(replace(row, reading=reading, seat_readings=readings))
    return tuple(read)


def run_sweep(
    requests: Sequence[tuple[Configuration, RunRequest]],
    console: Console,
    tolerance: float,
    finished: Collection[str] = (),
    on_row: Callable[[tuple[SweepRow, ...]], object] = lambda rows: None,
) -> tuple[tuple[SweepRow, ...], bool]:
    """Play every configuration's balance in turn, each resuming what its folder holds when the
    request says so, with one progress display over the configurations and the games. The
    configurations named in `finished` (complete, their outputs written, as an earlier run of
    the sweep recorded) are read back from their results instead: no game played, no file
    written (unless their report was lost since: then it is written again). `on_row` gets the
    rows so far after each configuration. Returns the rows of the configurations played, read,
    and whether every one was completed (not on Ctrl-C)."""
    rows: list[SweepRow] = []
    progress: Progress = games_progress()
    with progress:
        task = progress.add_task("configurations", total=len(requests))
        for configuration, request in requests:
            progress.update(task, description=f"configuration {configuration.label}")
            read = configuration.name in finished and reported(request.folder)
            result = read_result(request) if read else None
            if result is None or not result.complete:
                result = run_and_report(request, console, table=False, progress=progress)
            if not result.complete:
                return with_readings(rows), False
            rows.append(row_of(configuration, request, result, tolerance))
            on_row(with_readings(rows))
            progress.advance(task)
    return with_readings(rows), True


def remove_other_configurations(folder: Path, names: Sequence[str]) -> None:
    """Remove the run folders of configurations the sweep in `folder` no longer has (an
    earlier sweep's), so the folder holds one sweep's runs."""
    remove_other_runs(folder, names)
