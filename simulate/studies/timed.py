"""A ladder on a time budget: `pnp balance GAME` without counts, or with `--time`.

A ladder with counts (simulate/studies/ladder.py) plays a number of games fixed beforehand, then
reads once. Here the number is not fixed: every rung and every head-to-head plays the same random
setups, one seat rotation on each (every seat order once), a round of setups at a time, and
after each round the setups are read one by one, in order, each rung's and head-to-head's result
on a setup being one observation. The run stops at the first setup after which the reading is
decided, or when the time is spent:

- **settled**: for every seat the difference of mean s between the two strongest rungs lies
  inside +-tolerance, the strongest beats the next head to head (interval above 1/2), and the
  strongest rung reads every seat (even, favoured or handicapped; none undetermined);
- **decided, not settled**: the two strongest rungs are shown to differ by more than the
  tolerance on some seat, or a rung is shown weaker than the one below (no more games change
  either);
- **time**: the budget ran out first; the reading is what the setups so far show, and the
  verdict says about how many more setups (and minutes) each open question needs.

Reading after every setup and stopping on what was seen is valid only with intervals made for
it: each interval here is a 95% confidence sequence (simulate/measure/sequential.py), which holds
its mean at whatever setup the run stops. The setup is the unit (setups are drawn independently;
a setup's games are not), and each observation is a mean over one rotation's finished games.
The stop is decided setup by setup, so a run that stops on its reading stops at the same setup on
any machine and with any number of workers, and its numbers are the same; only where the budget
cuts a run depends on the machine. The games a round played beyond the stopping setup stay in the
run folders (a resumed run reads them again) and are not counted.

`--resume` continues a timed ladder from its folder with a new budget: its setups are read again
from the stored games, in order, and the run goes on from the first setup not yet played.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import Progress

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.measure.sequential import GRID, Sequences95
from simulate.measure.setups import UNDETERMINED
from simulate.report.advantage import FirstSeat, seat_verdict
from simulate.report.summary import RunFolds
from simulate.run.compiling import ready_engines
from simulate.run.executors import Execution
from simulate.run.records import record_from
from simulate.run.request import RandomSetups, RunRequest
from simulate.run.runfolder import locked
from simulate.run.runner import GameRecord, RunPlan
from simulate.run.store import RESULTS, ResultStore
from simulate.scoring.metrics import seat_scores
from simulate.studies.ladder import (
    Duel,
    Estimate,
    Ladder,
    Reading,
    Rung,
    duel_game,
    duel_request,
    rung_request,
    seat_reading,
)
from simulate.studies.session import games_progress, ready, run

MAX_SETUPS = 1_000_000  # a timed run's plan: it plays a prefix of these setups
TARGET = 500  # the setups the sequences' bets are sized for (narrowest there)
FIRST_ROUND = 2  # setups in the first round (and the least in a later one): it times the agents
ESTIMATE_FROM = 30  # setups from which the spread of their results says what more would need
SETTLED, DECIDED, OPEN = "settled", "decided", "open"


def duration_text(seconds: float) -> str:
    """`4m`, `1m30s`, `45s`, `1h5m`: a budget or a time as `--time` takes it."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{hours}h" if hours else "", f"{minutes}m" if minutes else "",
             f"{secs}s" if secs or not whole else ""]  # fmt: skip
    return "".join(parts)


class SetupValues:
    """One run's results setup by setup, read from its results.jsonl as the games come: each
    seat's s summed over the setup's finished games (or, for a head-to-head, the stronger
    agent's s in whichever seat it held), the finished games, and the games."""

    def __init__(self, folder: Path, players: int, stronger: str | None = None) -> None:
        self.path = folder / RESULTS
        self.players, self.stronger = players, stronger
        self.offset = 0
        self.sums: dict[int, np.ndarray] = {}
        self.finished: dict[int, int] = {}
        self.games: dict[int, int] = {}
        self.results: dict[int, list[int]] = {}  # a head-to-head's wins, draws, losses

    def read(self) -> None:
        """Fold the records appended since the last read (whole lines only)."""
        if not self.path.exists():
            return
        with self.path.open("rb") as stream:
            stream.seek(self.offset)
            for raw in stream:
                if not raw.endswith(b"\n"):
                    break
                if self.offset:  # the first line is the plan
                    self._fold(record_from(json.loads(raw)))
                self.offset += len(raw)

    def _fold(self, record: GameRecord) -> None:
        index = record.setup_index
        self.games[index] = self.games.get(index, 0) + 1
        if record.outcome != Outcome.FINISHED:
            return
        self.finished[index] = self.finished.get(index, 0) + 1
        if self.stronger is None:
            scores = np.array(seat_scores(record.ranks))
            self.sums[index] = self.sums.get(index, np.zeros(self.players)) + scores
            return
        s, result = duel_game(record, self.stronger)
        self.sums[index] = self.sums.get(index, np.zeros(1)) + s
        self.results.setdefault(index, [0, 0, 0])[result] += 1

    def whole(self, index: int) -> bool:
        """Whether every game of setup `index` is read (one rotation)."""
        return self.games.get(index, 0) >= self.players

    def forget(self, index: int) -> None:
        """Drop what is kept of setup `index` (read into the sequences): the memory of a run
        holds only the setups played and not yet read."""
        for kept in (self.sums, self.finished, self.games, self.results):
            kept.pop(index, None)

    def mean(self, index: int) -> np.ndarray | None:
        """The setup's mean s per seat (a head-to-head: the stronger agent's), None if no
        game of it finished."""
        finished = self.finished.get(index, 0)
        return self.sums[index] / finished if finished else None


@dataclass
class Streams:
    """The confidence sequences of a timed ladder, fed setup by setup: every rung's seats, the
    two strongest rungs' difference per seat, every head-to-head."""

    rungs: int
    players: int
    grid: int = GRID
    seats: Sequences95 = field(init=False)
    shift: Sequences95 = field(init=False)
    duels: Sequences95 = field(init=False)
    setups: int = 0
    games: list[int] = field(default_factory=list)  # per run (rungs, then duels): games counted
    finished: list[int] = field(default_factory=list)
    results: list[list[int]] = field(default_factory=list)  # per duel: wins, draws, losses
    active: list[bool] = field(default_factory=list)  # per run: still read and played

    def __post_init__(self) -> None:
        grid = self.grid
        self.seats = Sequences95(self.rungs * self.players, target=TARGET, grid=grid)
        self.shift = Sequences95(self.players, -1.0, 1.0, target=TARGET, grid=grid)
        self.duels = Sequences95(self.rungs - 1, target=TARGET, grid=grid)
        runs = 2 * self.rungs - 1
        self.games, self.finished = [0] * runs, [0] * runs
        self.active = [True] * runs
        self.results = [[0, 0, 0] for _ in range(self.rungs - 1)]

    def feed(self, index: int, values: Sequence[SetupValues]) -> None:
        """Setup `index` of every run still read (rungs first, then head-to-heads, as `runs`
        orders them; `active`)."""
        players, rungs = self.players, self.rungs
        means = [run.mean(index) if on else None
                 for run, on in zip(values, self.active, strict=True)]  # fmt: skip
        for number, run_values in enumerate(values):
            if self.active[number]:
                self.games[number] += run_values.games.get(index, 0)
                self.finished[number] += run_values.finished.get(index, 0)
        seats = np.concatenate([m if m is not None else np.full(players, 0.5)
                                for m in means[:rungs]])  # fmt: skip
        present = np.repeat([m is not None for m in means[:rungs]], players)
        self.seats.add(seats, present)
        top, below = means[rungs - 1], means[rungs - 2]  # a ladder has two rungs or more
        if top is not None and below is not None:
            self.shift.add(top - below)
        duels = [m[0] if m is not None else 0.5 for m in means[rungs:]]
        self.duels.add(duels, [m is not None for m in means[rungs:]])
        for number, run_values in enumerate(values[rungs:]):
            if self.active[rungs + number]:
                kept = run_values.results.get(index, [0, 0, 0])
                self.results[number] = [a + b for a, b in zip(self.results[number], kept,
                                                              strict=True)]  # fmt: skip
        self.setups += 1

    def retire(self, tolerance: float) -> None:
        """Stop reading (and playing) the runs whose answer is in and that the reading does
        not compare: a rung below the two strongest once it reads every seat (even, favoured or
        handicapped), a head-to-head below the top one once it shows its stronger agent
        stronger. Their intervals only narrow from then on, so nothing they show can change;
        the time goes to the two strongest rungs and their head-to-head."""
        rungs, players = self.rungs, self.players
        seats, duels = self.seats.intervals(), self.duels.intervals()
        for rung in range(rungs - 2):
            rows = seats[rung * players : (rung + 1) * players]
            if all(seat_verdict(low, high, tolerance) != UNDETERMINED for low, high in rows):
                self.active[rung] = False
        for duel in range(rungs - 2):
            if duels[duel, 0] > 0.5:
                self.active[rungs + duel] = False

    def seat(self, rung: int, seat: int) -> FirstSeat:
        """The seat's mean s under `rung` with its confidence sequence, the setup as the unit."""
        row = rung * self.players + seat
        low, high = self.seats.intervals()[row]
        units = int(self.seats.counts[row])
        return FirstSeat(float(self.seats.means()[row]), float(low), float(high), units,
                         "setups", float(self.seats.p_values(0.5)[row]))  # fmt: skip

    def duel(self, number: int) -> Estimate:
        low, high = self.duels.intervals()[number]
        return Estimate(float(self.duels.means()[number]), float(low), float(high),
                        self.finished[self.rungs + number])  # fmt: skip

    def state(self, tolerance: float) -> str:
        """SETTLED, DECIDED (not settled, and more setups cannot change that) or OPEN, after the
        setups so far (see the module docstring)."""
        rungs, players = self.rungs, self.players
        shifts = self.shift.intervals()
        duels = self.duels.intervals()
        if (shifts[:, 0] > tolerance).any() or (shifts[:, 1] < -tolerance).any():
            return DECIDED  # the two strongest rungs differ beyond the tolerance
        if (duels[:, 1] < 0.5).any():
            return DECIDED  # a rung is weaker than the one below
        agree = bool((shifts[:, 0] >= -tolerance).all() and (shifts[:, 1] <= tolerance).all())
        stronger = bool(duels[rungs - 2, 0] > 0.5)
        top = self.seats.intervals()[(rungs - 1) * players :]
        read = all(seat_verdict(low, high, tolerance) != UNDETERMINED for low, high in top)
        return SETTLED if agree and stronger and read else OPEN


def shift_text(streams: Streams, seat: int) -> str:
    mean = float(streams.shift.means()[seat])
    low, high = streams.shift.intervals()[seat]
    return f"difference {mean:+.3f} [{low:+.3f}, {high:+.3f}], the setup as the unit"


def read_timed(
    streams: Streams,
    agents: Sequence[str],
    seat_names: Sequence[str],
    tolerance: float,
    more: str,
) -> Reading:
    """The plain reading of a timed ladder from its sequences (as `read_ladder` reads one with
    counts: settled when the two strongest rungs agree within +-tolerance on every seat and the
    strongest beats the next), `more` saying what more setups would settle."""
    top, below = agents[-1], agents[-2]
    reasons = []
    for seat, name in enumerate(seat_names):
        low, high = streams.shift.intervals()[seat]
        if low >= -tolerance and high <= tolerance:
            continue
        told = (f"{name}: mean s {_text(streams.seat(len(agents) - 1, seat))} under {top} against "
                f"{_text(streams.seat(len(agents) - 2, seat))} under {below}")  # fmt: skip
        if low > tolerance or high < -tolerance:
            shown = shift_text(streams, seat)
            reasons.append(f"{told}: the two strongest rungs disagree ({shown})")
        else:
            reasons.append(f"{told}: not shown to agree within +-{tolerance:g} "
                           f"({shift_text(streams, seat)})")  # fmt: skip
    for number in range(len(agents) - 1):
        skill = streams.duel(number)
        if skill.high < 0.5:
            reasons.append(f"{agents[number + 1]} is shown weaker than {agents[number]} below it "
                           f"(head-to-head mean s {skill.text()}): the rungs are not in order "
                           "of strength")  # fmt: skip
    skill = streams.duel(len(agents) - 2)
    if skill.low <= 0.5 and skill.high >= 0.5:
        reasons.append(f"{top} is not shown stronger than {below}: head-to-head mean s "
                       f"{skill.text()}, interval not above 1/2")  # fmt: skip
    if reasons:
        return Reading(False, (*reasons, *([more] if more else [])), f"not settled under {top}")
    strongest = rung_of(streams, len(agents) - 1, top, Path(), len(seat_names))
    return Reading(True, (), f"settled under {top}: "
                   f"{seat_reading(strongest, seat_names, tolerance)}")  # fmt: skip


def _text(seat: FirstSeat) -> str:
    """A mean s and its interval as the ladder's table shows them (rounded as ladder.json)."""
    mean, low, high = (round(value, 6) for value in (seat.mean, seat.low, seat.high))
    return f"{mean:.3f} [{low:.3f}, {high:.3f}]"


def rung_of(streams: Streams, number: int, agent: str, folder: Path, players: int) -> Rung:
    """Rung `number` as the ladder's reports take it: each seat's mean s with its sequence."""
    every = tuple(streams.seat(number, seat) for seat in range(players))
    seats = tuple(Estimate(s.mean, s.low, s.high, streams.finished[number]) for s in every)
    return Rung(agent, seats, streams.games[number], True, folder, None, every)


STOPS = {
    SETTLED: "on its reading, settled",
    DECIDED: "on its reading, which more setups cannot settle",
    "time": "when its time was spent",
}


@dataclass(frozen=True)
class Timed:
    """How a timed ladder played and stopped: STOPS' key, the setups its reading counted, the
    budget. Nothing here depends on the machine but where the budget cut a run ("time")."""

    stopped: str
    setups: int
    players: int
    budget: float
    fixed_start: bool = False  # every setup the game's one start (`GameInfo.fixed_start`)
    rungs: int = 2

    def played(self, request: RunRequest) -> str:
        rotation = f"one seat rotation ({self.players} games)"
        where = (f"{self.setups:,} times {rotation} from the fixed start" if self.fixed_start
                 else f"{rotation} on each of {self.setups:,} random setups")  # fmt: skip
        levels = "at every level and in every head-to-head"
        if self.rungs > 2:
            levels = ("at the two strongest levels and their head-to-head (those below until "
                      "their own reading was in)")  # fmt: skip
        return (f"{where}, {levels}, seed {request.seed}; "
                f"stopped {STOPS[self.stopped]} (--time {duration_text(self.budget)})")  # fmt: skip

    def caveat(self, agents: str, top: str) -> str:
        each = ("the rotations from the fixed start, each counted as a setup" if self.fixed_start
                else "the setups, one rotation on each")  # fmt: skip
        return (
            f"It holds for these agents ({agents}) only; stronger play than {top} may still "
            f"change it. Every interval is a 95% confidence sequence over {each}, read after "
            "every setup: it holds at whatever setup the run stopped, and is wider than an "
            "interval read once."
        )

    def stopped_words(self) -> str:
        return STOPS[self.stopped]

    def to_json(self) -> dict[str, object]:
        return {"budget": duration_text(self.budget), "stopped": self.stopped,
                "setups": self.setups, "bets_sized_for_setups": TARGET}  # fmt: skip


@dataclass(frozen=True)
class TimedLadder:
    """A timed ladder's outcome: the ladder as the verdict reads it, how it stopped and the
    seconds it played (not recorded: they depend on the machine)."""

    ladder: Ladder
    timed: Timed
    seconds: float


def runs_of(request: RunRequest, agents: Sequence[str]) -> list[RunRequest]:
    """Every run of the timed ladder: each rung, then each head-to-head, all on the same
    random setups, one rotation each."""
    base = replace(request, setups=RandomSetups(MAX_SETUPS), games=MAX_SETUPS * request.players,
                   paired=True)  # fmt: skip
    rungs = [rung_request(base, index, agent) for index, agent in enumerate(agents, 1)]
    duels = [duel_request(base, index, agents[index - 1], agents[index - 2])
             for index in range(2, len(agents) + 1)]  # fmt: skip
    return rungs + duels


def run_timed(
    request: RunRequest,
    agents: Sequence[str],
    seat_names: Sequence[str],
    seconds: float,
    tolerance: float,
    console: Console,
) -> TimedLadder | None:
    """Play the timed ladder of `request` for at most `seconds` (see the module docstring);
    None on Ctrl-C (every game played is kept for `--resume`)."""
    runs = runs_of(request, agents)
    players, rungs = request.players, len(agents)
    with contextlib.ExitStack() as held:
        for sub in runs:
            held.enter_context(locked(sub.folder))
        plans = [sub.plan() for sub in runs]
        folds = [RunFolds(plan) for plan in plans]
        stores = [ResultStore(sub.folder, plan, request.resume, fold.add)
                  for sub, plan, fold in zip(runs, plans, folds, strict=True)]  # fmt: skip
        if not request.resume:  # a new ladder replaces what the folders held
            for store in stores:
                store.claim()
        values = [SetupValues(sub.folder, players, agents[index - rungs + 1]
                              if index >= rungs else None)
                  for index, sub in enumerate(runs)]  # fmt: skip
        streams = Streams(rungs, players)
        progress = games_progress()
        with progress:
            _ready_all(plans, progress.console, progress.disable)
            outcome = _play(request.execution, plans, folds, stores, values, streams, seconds,
                            tolerance, progress)  # fmt: skip
        if outcome is None:
            return None
        stopped, spent = outcome
    more = "" if stopped != "time" else _more(streams, tolerance, spent, seconds)
    reading = read_timed(streams, agents, seat_names, tolerance, more)  # two rungs or more
    ladder = Ladder(
        tuple(rung_of(streams, n, agent, runs[n].folder, players)
              for n, agent in enumerate(agents)),
        tuple(Duel(agents[n + 1], agents[n], streams.duel(n), streams.results[n][0],
                   streams.results[n][1], streams.results[n][2], streams.games[rungs + n], True,
                   runs[rungs + n].folder)
              for n in range(rungs - 1)),
        reading,
    )  # fmt: skip
    fixed = get_game(request.game).info.fixed_start
    timed = Timed(stopped, streams.setups, players, seconds, fixed, rungs)
    return TimedLadder(ladder, timed, spent)


def _ready_all(plans: Sequence[RunPlan], console: Console, quiet: bool) -> None:
    """Every run's engine compiled (or loaded from numba's cache, where the workers find it)
    before the clock starts: compiling is not play. Said on screen when a person watches, as a
    run says it."""
    for plan in plans:
        if quiet:
            ready_engines(plan, lambda: None)
        else:
            ready(plan, console)


def _play(
    execution: Execution,
    plans: Sequence[RunPlan],
    folds: Sequence[RunFolds],
    stores: Sequence[ResultStore],
    values: Sequence[SetupValues],
    streams: Streams,
    seconds: float,
    tolerance: float,
    progress: Progress,
) -> tuple[str, float] | None:
    """Rounds of setups until the reading is decided or the budget is spent: (how it stopped,
    seconds spent), None on Ctrl-C."""
    players = streams.players

    def feed_ready() -> str:
        for run_values in values:
            run_values.read()
        state = OPEN
        while state == OPEN:
            index = streams.setups
            read = [v for v, on in zip(values, streams.active, strict=True) if on]
            if not all(run_values.whole(index) for run_values in read):
                break
            streams.feed(index, values)
            for run_values in values:
                run_values.forget(index)
            state = streams.state(tolerance)
            streams.retire(tolerance)
        return state

    state = feed_ready()  # a resumed ladder's setups first
    began = time.perf_counter()
    clock = progress.add_task("[bold]time[/] of --time", total=seconds, early=False)
    pace = 0.0  # seconds a setup takes across every run
    played = streams.setups
    while state == OPEN:
        spent = time.perf_counter() - began
        left = seconds - spent
        if left <= 0 or (pace and left < pace):
            return "time", spent
        size = FIRST_ROUND if not pace else max(1, min(max(FIRST_ROUND, played // 2),
                                                       int(left / pace)))  # fmt: skip
        start, target = time.perf_counter(), max(played, streams.setups) + size
        for plan, fold, store, on in zip(plans, folds, stores, streams.active, strict=True):
            if not on:
                continue
            agents = dict.fromkeys(plan.agents)  # a rung's one agent, a duel's two
            result = run(plan, execution, store, folds=fold, upto=target * players,
                         progress=progress, label=" vs ".join(agents))  # fmt: skip
            if not result.complete:
                return None
            progress.update(clock, completed=min(seconds, time.perf_counter() - began))
        pace = (time.perf_counter() - start) / size
        played = target
        state = feed_ready()
    return state, time.perf_counter() - began


def _more(streams: Streams, tolerance: float, spent: float, budget: float) -> str:
    """What more time would buy, when the budget ran out: about how many more setups would
    narrow the open intervals enough, if the means stayed where they are, and the time."""
    needed = []
    rungs, players = streams.rungs, streams.players
    widths = []
    if rungs > 1:
        for seat in range(players):
            low, high = streams.shift.intervals()[seat]
            mean = float(streams.shift.means()[seat])
            if not (low >= -tolerance and high <= tolerance):
                widths.append(((high - low) / 2, tolerance - abs(mean)))
        low, high = streams.duels.intervals()[rungs - 2]
        mean = float(streams.duels.means()[rungs - 2])
        if low <= 0.5:
            widths.append(((high - low) / 2, abs(mean - 0.5)))
    for seat in range(players):
        low, high = streams.seats.intervals()[(rungs - 1) * players + seat]
        if seat_verdict(low, high, tolerance) == UNDETERMINED:
            mean = float(streams.seats.means()[(rungs - 1) * players + seat])
            widths.append(((high - low) / 2, max(abs(mean - 0.5), tolerance - abs(mean - 0.5))))
    n = max(streams.setups, 1)
    if widths and n < ESTIMATE_FROM:
        return (f"{n} setups are too few to say how many more would settle it: give it more "
                "time (--resume --time)")  # fmt: skip
    for half, room in widths:
        if room <= 0.01:
            return "more setups may not settle it: a mean lies at the edge of its question"
        needed.append(n * (half / room) ** 2)
    if not needed:
        return ""
    total = max(needed)
    per_setup = spent / n
    step = 10 ** max(0, math.floor(math.log10(max(total, 1))) - 1)
    setups = math.ceil(total / step) * step
    minutes = max(1, math.ceil(max(0.0, setups - n) * per_setup / 60))
    return (
        f"about {setups:,} setups in all would settle it if the means stayed where they "
        f"are (now {n:,}): about {minutes} more minute(s) at this run's pace "
        f"(--resume --time {minutes}m)"
    )
