"""Progress of long work on stderr: a live bar on a terminal, and elsewhere (a log file, CI, a
job under nohup) a line now and then, so that work of hours is never silent.

Off a terminal a task that will take longer than `PNP_PROGRESS_EVERY` seconds (60 by default;
0: never a line) says so as soon as its pace is known (a run's first chunk): what is done and an
estimate of what is left; then a line each time that long has passed. Work shorter than that
prints nothing, so a short command's output is only its result.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

EVERY = "PNP_PROGRESS_EVERY"  # seconds between two lines off a terminal
DEFAULT_EVERY = 60.0


def line_interval() -> float:
    """The seconds between two progress lines off a terminal (0: no lines), from the
    environment's `PNP_PROGRESS_EVERY`; a value that is no number of seconds: the default."""
    try:
        seconds = float(os.environ.get(EVERY, DEFAULT_EVERY))
    except ValueError:
        return DEFAULT_EVERY
    return seconds if seconds >= 0 and seconds == seconds else DEFAULT_EVERY


def span(seconds: float) -> str:
    """A duration in the largest units that say it: `40 s`, `12 min`, `5.2 h`, `3.1 days`,
    `2,300 years`."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    if seconds < 365 * 86400:
        return f"{seconds / 86400:.1f} days"
    return f"{seconds / (365.25 * 86400):,.0f} years"


class WorkProgress(Progress):
    """A transient progress bar on stderr while `show` (by default: when stderr is a terminal);
    with `show` left to its default and stderr no terminal, lines now and then instead."""

    def __init__(self, show: bool | None = None) -> None:
        terminal = sys.stderr.isatty()
        super().__init__(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=Console(stderr=True),
            disable=not (terminal if show is None else show), transient=True,
        )  # fmt: skip
        self.every = line_interval() if show is None and not terminal else 0.0
        self.last = time.monotonic()
        self.begun: dict[TaskID, float] = {}
        self.said: set[TaskID] = set()  # the tasks that have said how long they take

    def add_task(
        self,
        description: str,
        start: bool = True,
        total: float | None = 100.0,
        completed: int = 0,
        visible: bool = True,
        **fields: Any,
    ) -> TaskID:
        task = super().add_task(description, start, total, completed, visible, **fields)
        self.begun[task] = completed  # a resumed run's games are not this run's pace
        return task

    def update(self, task_id: TaskID, **changes: Any) -> None:
        super().update(task_id, **changes)
        self._line()

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._line()

    def _line(self) -> None:
        """A line for each unfinished task whose time left is longer than `every`: at once for
        one that has not said so yet (unless added with `early=False`: a clock, whose time left
        is known), and for all when `every` has passed since the last lines."""
        if not self.every:
            return
        now = time.monotonic()
        due = now - self.last >= self.every
        for task in self.tasks:
            begun = self.begun[task.id]
            if not task.total or task.finished or task.completed <= begun:
                continue
            if time_left(task, begun) < self.every:
                continue  # done before the next line would come: nothing worth a line
            if due or (task.fields.get("early", True) and task.id not in self.said):
                self.said.add(task.id)
                print(f"pnp: {task_line(task, begun)}", file=sys.stderr, flush=True)
        if due:
            self.last = now


def time_left(task: Task, begun: float) -> float:
    """The seconds `task` still needs at its pace since it began (from `begun` done)."""
    done, total = task.completed, task.total or 0.0
    return (task.elapsed or 0.0) / (done - begun) * (total - done)


def task_line(task: Task, begun: float) -> str:
    """`games: 12,000 of 10,000,000 after 61 s, about 14.2 h left`: the time left at the
    task's pace since it began (from `begun` done)."""
    name = Text.from_markup(task.description).plain
    spent, done, total = task.elapsed or 0.0, task.completed, task.total or 0.0
    left = time_left(task, begun)
    return f"{name}: {done:,.0f} of {total:,.0f} after {span(spent)}, about {span(left)} left"
