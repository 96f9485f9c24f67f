"""Each setup's games folded into a row of whole numbers kept in a file, not in memory.

A balance run of a million setups plays them all at once (game g is played on setup g mod M),
so every setup's counts are open until the run ends. `SetupFold` keeps them as one row of int64
columns per setup in an unnamed temporary file mapped with numpy's `memmap` (in the run's scratch
folder during a run, removed by the system however the process ends): the operating system pages
the rows in and out, so the run's memory does not grow with its setups (a setup costs disk, about
`8 * (9 + 4 * seats) + 32` bytes). Every sum is a whole number (s in units of 1 / (2 (N - 1)),
as simulate/measure/tally.py counts it), so the rows are exact whatever the order the games arrive
in; a score margin that is not whole (rare: no game of pnp scores in fractions) is kept exactly
beside the rows. The rows are read in setup order, a chunk at a time, as `SetupCounts` and
`SetupMeasures` (simulate/measure/setups.py) by `chunks`.
"""

from __future__ import annotations

import itertools
import mmap
import tempfile
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pnp.games.base import Outcome
from pnp.output import naming
from simulate.measure.stats import Exact, exact
from simulate.run.runner import GameRecord

Ints = npt.NDArray[np.int64]
# the columns of a row: games, finished, stopped by the turn cap, finished with rank 1 shared,
# turns (finished), games with a margin, their margins' whole sum, lead changes and their turns
PLAYED, FINISHED, UNDECIDED, SHARED, TURNS, MARGINS, MARGIN_SUM, LEAD_CHANGES, LEAD_MOVES = range(9)
COMMON = 9  # then per seat: sole wins, shared wins, sum of s and of s^2 (in units)
LABEL = 32  # bytes of a label kept in the file; a longer one is kept beside it
CHUNK = 1 << 8  # rows read at a time: the memory of a pass over the setups


RELEASE = 1 << 14  # row writes between two releases of the pages a fold has touched


def mapped(dtype: npt.DTypeLike, shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
    """A zeroed array of `shape` in an unnamed temporary file (sparse until written). What the
    system refuses (a full disk, a file size limit) is named by the folder the file is in and
    what it holds, the file having no name."""
    with naming(Path(tempfile.gettempdir(), "(the setups' table, a temporary file)")):
        if not all(shape):
            return np.memmap(tempfile.TemporaryFile(), dtype, "w+", shape=(1, *shape[1:]))[:0]
        return np.memmap(tempfile.TemporaryFile(), dtype, "w+", shape=shape)


def release(array: np.ndarray[Any, Any]) -> None:
    """Unmap the pages of a `mapped` array from this process (MADV_DONTNEED): what was written
    stays in the file (the system's page cache, written back to disk as it needs room) and is
    read again when next touched, so the process holds no more of a file than it touches
    between two releases."""
    base: object = array
    while base is not None and not isinstance(base, mmap.mmap):
        base = getattr(base, "base", None)
    if isinstance(base, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED"):
        base.madvise(mmap.MADV_DONTNEED)


class SetupFold:
    """Every setup's games as a row of whole numbers (see the module docstring)."""

    def __init__(self, players: int, setups: int = 0) -> None:
        self.players = players
        self.width = COMMON + 4 * players
        self.scale = 2 * (players - 1) if players > 1 else 2
        self.capacity = 0
        self.rows = mapped(np.int64, (0, self.width))
        self.labels = mapped(f"S{LABEL}", (0,))
        self.long_labels: dict[int, str] = {}
        self.fractions: dict[int, Fraction] = {}  # margin sums that are not whole
        self.count = 0  # setups with a game
        self.writes = 0
        self._grow(min(setups, 1 << 24))  # more as setups come

    def _grow(self, needed: int) -> None:
        if needed <= self.capacity:
            return
        capacity = max(needed, 2 * self.capacity, 1024)
        rows, labels = mapped(np.int64, (capacity, self.width)), mapped(f"S{LABEL}", (capacity,))
        for start in range(0, self.capacity, CHUNK):
            stop = min(start + CHUNK, self.capacity)
            rows[start:stop], labels[start:stop] = self.rows[start:stop], self.labels[start:stop]
        self.rows, self.labels, self.capacity = rows, labels, capacity

    def add(self, record: GameRecord, gap: float | None) -> None:
        """Fold `record`, whose score margin is `gap` (None unless finished with scores)."""
        index = record.setup_index
        self._grow(index + 1)
        row = self.rows[index]
        if row[PLAYED] == 0:
            self._first(index, record.setup)
        add, fraction = setup_row(record, gap, self.players)
        if fraction is not None:
            self.fractions[index] = self.fractions.get(index, Fraction(0)) + fraction
        row += add
        self._written(1)

    def merge(self, chunk: SetupRows) -> None:
        """Add the rows of a chunk's setups (folded in a worker), setup by setup."""
        if not chunk.rows:
            return
        indexes = np.fromiter(chunk.rows, np.int64, len(chunk.rows))
        self._grow(int(indexes.max()) + 1)
        for index in indexes[self.rows[indexes, PLAYED] == 0].tolist():
            self._first(index, chunk.labels[index])
        self.rows[indexes] += np.array(list(chunk.rows.values()), np.int64)
        for index, fraction in chunk.fractions.items():
            self.fractions[index] = self.fractions.get(index, Fraction(0)) + fraction
        self._written(len(indexes))

    def _first(self, index: int, label: str) -> None:
        """Count setup `index`, its first game folded, and keep its label."""
        self.count += 1
        encoded = label.encode()
        if len(encoded) > LABEL or encoded.endswith(b"\0"):
            self.long_labels[index] = label
        else:
            self.labels[index] = encoded

    def _written(self, rows: int) -> None:
        """Count `rows` row writes; release the pages touched every `RELEASE` writes."""
        before, self.writes = self.writes, self.writes + rows
        if before // RELEASE != self.writes // RELEASE:
            self.release()

    def release(self) -> None:
        release(self.rows)
        release(self.labels)

    def label(self, index: int) -> str:
        found = self.long_labels.get(index)
        return found if found is not None else bytes(self.labels[index]).decode()

    def margin_sum(self, index: int, whole: int) -> Exact:
        extra = self.fractions.get(index)
        return whole if extra is None else whole + extra

    def chunks(self) -> Iterator[tuple[Ints, Ints]]:
        """The setups with a game, in setup order, a chunk at a time: (indexes, rows)."""
        for start in range(0, self.capacity, CHUNK):
            rows = np.asarray(self.rows[start : start + CHUNK])
            played = np.flatnonzero(rows[:, PLAYED])
            if len(played):
                yield played + start, rows[played]
            if (start + CHUNK) % RELEASE == 0:
                self.release()
        self.release()

    def __len__(self) -> int:
        return self.count

    def __eq__(self, other: object) -> bool:
        """The same setups with the same counts and labels (compared a chunk at a time)."""
        if not isinstance(other, SetupFold):
            return NotImplemented
        if (self.players, self.count, self.fractions) != (other.players, other.count,
                                                          other.fractions):  # fmt: skip
            return False
        for mine, theirs in itertools.zip_longest(self.chunks(), other.chunks()):
            if mine is None or theirs is None:
                return False
            (indexes, rows), (other_indexes, other_rows) = mine, theirs
            same = np.array_equal(indexes, other_indexes) and np.array_equal(rows, other_rows)
            if not (same and all(self.label(i) == other.label(i) for i in indexes.tolist())):
                return False
        return True

    __hash__ = None  # type: ignore[assignment]


def setup_row(
    record: GameRecord, gap: float | None, players: int
) -> tuple[list[int], Fraction | None]:
    """What `record`, whose score margin is `gap`, adds to its setup's row; and its margin when
    that is not whole (kept beside the rows)."""
    add = [0] * (COMMON + 4 * players)
    add[PLAYED] = 1
    if record.outcome == Outcome.UNDECIDED:
        add[UNDECIDED] = 1
    if record.outcome != Outcome.FINISHED:
        return add, None
    ranks = record.ranks
    sharing = ranks.count(1)
    add[FINISHED], add[SHARED], add[TURNS] = 1, int(sharing > 1), record.turns
    fraction = None
    if gap is not None:
        add[MARGINS] = 1
        margin: Exact = exact(gap)
        if isinstance(margin, int):
            add[MARGIN_SUM] = margin
        else:
            fraction = margin
    if record.lead_changes is not None:
        add[LEAD_CHANGES], add[LEAD_MOVES] = record.lead_changes, record.turns
    units = s_units(ranks)
    for seat, rank in enumerate(ranks):
        if rank == 1:
            add[COMMON + seat + (players if sharing > 1 else 0)] = 1
        add[COMMON + 2 * players + seat] = units[seat]
        add[COMMON + 3 * players + seat] = units[seat] ** 2
    return add, fraction


class SetupRows:
    """The rows of the setups a chunk's games were played on, in memory: what a worker folds
    and sends back for `SetupFold.merge` (a chunk holds at most its games' setups)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.rows: dict[int, list[int]] = {}
        self.labels: dict[int, str] = {}
        self.fractions: dict[int, Fraction] = {}

    def add(self, record: GameRecord, gap: float | None) -> None:
        index = record.setup_index
        add, fraction = setup_row(record, gap, self.players)
        row = self.rows.get(index)
        if row is None:
            self.rows[index] = add
            self.labels[index] = record.setup
        else:
            self.rows[index] = [a + b for a, b in zip(row, add, strict=True)]
        if fraction is not None:
            self.fractions[index] = self.fractions.get(index, Fraction(0)) + fraction


def s_units(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's s in units of 1 / (2 (N - 1)): a seat tied with k others at rank r has the
    average rank r + k/2, so s = 1 - (r + k/2 - 1) / (N - 1) (simulate/scoring/metrics.py)."""
    players = len(ranks)
    if players == 1:
        return (2,)  # s = 1, in the units of two players
    return tuple(2 * players - 2 * rank - ranks.count(rank) + 1 for rank in ranks)
