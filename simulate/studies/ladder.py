"""A strength ladder: one run played at rising agent strength, each rung against the one below.

A verdict on seat balance holds only for the agents that played it (random Amazons 6 x 6 looks
even, greedy Amazons does not). A ladder plays the run once per rung, every seat the rung's
agent, on the same setups with the same game seeds, and reports each seat's mean s at every
rung; between neighbouring rungs it plays head-to-head games (the stronger agent in one seat,
the weaker in the others, over every seat order) and reports the stronger agent's mean s, 1/2
when it is no better. Each rung and each head-to-head is an ordinary run folder under the run's
folder (`rung-2-greedy/`, `duel-3-mcts-200-vs-greedy/`), so a ladder resumes as every run does.

The plain reading: **settled** when the two strongest rungs are shown to agree (for every seat,
the 95% interval of the difference of mean s between them lies inside +-tolerance, the band of
the verdict's "even": intervals that merely overlap because few games were played do not count)
and the strongest beats the next clearly (its head-to-head interval lies above 1/2); otherwise
**not settled**, with each reason and, where more games would do, about how many. Settled means
more skill stopped changing the answer, not that no stronger play could.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt
from rich.console import Console

from pnp.games.base import Outcome
from simulate.measure.inference import (
    difference,
    setup_level_interval,
    units_for_half_width,
    wilson,
)
from simulate.measure.setups import FAIR, UNFAIR, SetupsVerdict, setup_fairness
from simulate.report.advantage import FirstSeat, seat_of, seat_verdict, widened
from simulate.report.summary import RunResult
from simulate.run.records import record_from
from simulate.run.request import RandomSetups, RunRequest
from simulate.run.runfolder import remove_other_runs
from simulate.run.runner import GameRecord
from simulate.run.store import RESULTS
from simulate.scoring.metrics import TOLERANCE, fair_tolerance, seat_scores
from simulate.studies.session import run_and_report


@dataclass(frozen=True)
class Estimate:
    """A mean s with its 95% interval over `games` finished games (1/2 is fair, or no better)."""

    mean: float
    low: float
    high: float
    games: int

    def text(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def minus(self, other: Estimate) -> tuple[float, float, float]:
        """This mean s minus `other`'s, with the 95% interval of the difference."""
        low, high = difference(self.mean * self.games, self.games, other.mean * other.games,
                               other.games)  # fmt: skip
        return self.mean - other.mean, low, high


@dataclass(frozen=True)
class Rung:
    """One rung: every seat played by `agent`; each seat's mean s over the games; its judged
    setups; and for the verdict each seat's advantage with the unit its run judged by
    (simulate/report/advantage.py `seat_of`; `seat_at` reads it)."""

    agent: str
    seats: tuple[Estimate, ...]
    played: int
    complete: bool
    folder: Path
    setups: SetupsVerdict | None = None
    every_seat: tuple[FirstSeat, ...] = ()  # empty: the games are the unit


@dataclass(frozen=True)
class Duel:
    """Head-to-head games of `stronger` (one seat, over every seat order) against `weaker`
    (the other seats): the stronger agent's mean s, and its sole wins, shared firsts and losses."""

    stronger: str
    weaker: str
    skill: Estimate
    wins: int
    draws: int
    losses: int
    played: int
    complete: bool
    folder: Path


@dataclass(frozen=True)
class Reading:
    """The plain reading of a ladder: settled or not, and why."""

    settled: bool
    reasons: tuple[str, ...]
    verdict: str


@dataclass(frozen=True)
class Ladder:
    rungs: tuple[Rung, ...]
    duels: tuple[Duel, ...]  # duels[i]: rung i + 1 against rung i
    reading: Reading


def folder_name(kind: str, index: int, agents: Sequence[str]) -> str:
    """`rung-2-greedy`, `duel-3-mcts-200-vs-greedy`: a folder name safe on every system."""
    named = "-vs-".join(re.sub(r"[^A-Za-z0-9]+", "-", agent).strip("-") for agent in agents)
    return f"{kind}-{index}-{named}"


def rung_request(request: RunRequest, index: int, agent: str) -> RunRequest:
    """The run of rung `index` (from 1): the request with `agent` in every seat."""
    return replace(
        request,
        agents=(agent,) * request.players,
        subfolder=folder_name("rung", index, [agent]),
        as_json=False,
    )


def duel_request(request: RunRequest, index: int, stronger: str, weaker: str) -> RunRequest:
    """The head-to-head of rung `index` against the rung below: `stronger` in one seat and
    `weaker` in the others, paired so the stronger agent plays every seat equally often (random
    setups are then one per seat rotation, as `--paired` makes them)."""
    players = request.players
    setups = request.setups
    if isinstance(setups, RandomSetups) and not request.paired:
        setups = RandomSetups(-(-request.games // players))
    return replace(
        request,
        agents=(stronger,) + (weaker,) * (players - 1),
        paired=True,
        setups=setups,
        subfolder=folder_name("duel", index, [stronger, weaker]),
        as_json=False,
    )


def results_in(folder: Path) -> Iterator[GameRecord]:
    """The game records of the run in `folder`, one at a time, from its results.jsonl (checked
    as the run wrote or resumed it; nothing is kept)."""
    with (folder / RESULTS).open(encoding="utf-8") as stream:
        next(stream, None)  # the plan
        for line in stream:
            yield record_from(json.loads(line))


def estimate(total: float, games: int) -> Estimate:
    """The mean of `games` scores in [0, 1] summing to `total`, with a Wilson 95% interval at
    that rate: exact in form for two players without draws (s is then a win), wider than the
    normal interval otherwise (a score's variance is at most p(1 - p)), and never a point at 0
    or 1 as the normal interval is when every game goes one way."""
    low, high = wilson(total, games)
    return Estimate(total / games if games else 0.5, low, high, games)


def seat_estimates(records: Iterable[GameRecord], players: int) -> tuple[Estimate, ...]:
    """Each seat's mean s over the finished games."""
    totals, games = [0.0] * players, 0
    for record in records:
        if record.outcome == Outcome.FINISHED:
            games += 1
            totals = [t + s for t, s in zip(totals, seat_scores(record.ranks), strict=True)]
    return tuple(estimate(total, games) for total in totals)


def head_to_head(
    records: Iterable[GameRecord], stronger: str
) -> tuple[Estimate, tuple[int, int, int]]:
    """The mean s of `stronger` (its one seat in each finished game) and its sole wins, shared
    firsts and other results. The interval is Wilson's over the games, widened to hold the t
    interval over the setups when the games come on two or more setups that spread (the setup
    as the unit, as the verdict takes it: a search may beat the rung below on some setups and
    not on others, which the games alone would read as clearly stronger)."""
    total, games = 0.0, 0
    results = [0, 0, 0]
    by_setup: dict[int, list[float]] = {}
    for record in records:
        if record.outcome != Outcome.FINISHED:
            continue
        s, result = duel_game(record, stronger)
        games += 1
        total += s
        results[result] += 1
        kept = by_setup.setdefault(record.setup_index, [0.0, 0])
        kept[0], kept[1] = kept[0] + s, kept[1] + 1
    wins, draws = results[0], results[1]
    skill = estimate(total, games)
    over = setup_level_interval([s / n for s, n in by_setup.values()])[1]
    if over is not None:
        skill = replace(skill, low=min(skill.low, over[0]), high=max(skill.high, over[1]))
    return skill, (wins, draws, games - wins - draws)


def duel_game(record: GameRecord, stronger: str) -> tuple[float, int]:
    """In a finished head-to-head game: the s of `stronger` (its one seat) and its result, 0 a
    sole win, 1 a first place shared, 2 anything else."""
    seat = record.agents.index(stronger)
    if record.ranks[seat] != 1:
        return seat_scores(record.ranks)[seat], 2
    return seat_scores(record.ranks)[seat], 1 if record.ranks.count(1) > 1 else 0


def duel_of(result: RunResult, stronger: str, weaker: str, folder: Path) -> Duel:
    """The stronger agent's results in the head-to-head run written to `folder`."""
    skill, (wins, draws, losses) = head_to_head(results_in(folder), stronger)
    return Duel(stronger, weaker, skill, wins, draws, losses, result.played, result.complete,
                folder)  # fmt: skip


def read_ladder(
    rungs: Sequence[Rung],
    duels: Sequence[Duel],
    seat_names: Sequence[str],
    tolerance: float = TOLERANCE,
) -> Reading:
    """Settled when the two strongest rungs agree on every seat within their intervals and the
    strongest beats the next with its head-to-head interval above 1/2. The top rungs are the
    strongest only if the ladder climbs: a rung shown weaker than the one below it (interval
    below 1/2) leaves it unsettled, as a lower rung may then be stronger than the top."""
    if len(rungs) < 2:
        return Reading(False, ("a ladder needs two rungs to compare",), "not settled")
    top, below, duel = rungs[-1], rungs[-2], duels[-1]
    reasons = [f"rung {rung.agent} is not complete (resume the run)"
               for rung in rungs if not rung.complete]  # fmt: skip
    reasons += [f"head-to-head {d.stronger} against {d.weaker} is not complete (resume the run)"
                for d in duels if not d.complete]  # fmt: skip
    reasons += [
        reason
        for seat, name in enumerate(seat_names)
        if (reason := _disagreement(name, seat, top, below, tolerance))
    ]
    reasons += [
        f"{d.stronger} is shown weaker than {d.weaker} below it (head-to-head mean s "
        f"{d.skill.text()}): the rungs are not in order of strength"
        for d in duels
        if d.skill.high < 0.5
    ]
    if duel.skill.low <= 0.5:
        reasons.append(
            f"{top.agent} is not shown stronger than {below.agent}: head-to-head mean s "
            f"{duel.skill.text()}, interval not above 1/2"
        )
    if reasons:
        return Reading(False, tuple(reasons), f"not settled under {top.agent}")
    reading = seat_reading(top, seat_names, tolerance)
    return Reading(True, (), f"settled under {top.agent}: {reading}")


def _disagreement(name: str, seat: int, top: Rung, below: Rung, tolerance: float) -> str:
    """Why one seat's mean s under the two strongest rungs is not shown to agree, or "" when the
    95% interval of their difference lies inside +-tolerance.

    Over the games the interval is Newcombe's. When both rungs judged their setups (the same
    setups, with the same game seeds), the difference is also taken setup by setup, a t interval
    over the setups, and the interval is the union of the two, as a seat's advantage is
    (simulate/report/advantage.py): games of one setup are not independent draws of the game, and a
    stronger agent may turn some setups one way and others the other."""
    high, low = top.seats[seat], below.seats[seat]
    shift, games_low, games_high = high.minus(low)
    shift_low, shift_high = games_low, games_high
    differences = _setup_differences(top, below, seat)
    by_setup = setup_level_interval(differences, (-1.0, 1.0))[1]
    if by_setup is not None:
        shift = float(np.mean(differences))
        shift_low, shift_high = min(shift_low, by_setup[0]), max(shift_high, by_setup[1])
    if shift_low >= -tolerance and shift_high <= tolerance:
        return ""
    told = (f"{name}: mean s {high.text()} under {top.agent} against {low.text()} under "
            f"{below.agent}")  # fmt: skip
    unit = ", the setup as the unit" if by_setup is not None else ""
    change = f"difference {shift:+.3f} [{shift_low:+.3f}, {shift_high:+.3f}]{unit}"
    if shift_low > 0 or shift_high < 0:
        return f"{told}: the two strongest rungs disagree ({change})"
    if by_setup is not None and by_setup[1] - by_setup[0] > games_high - games_low:
        more = _setups_to_agree(differences, shift, tolerance)
    else:
        more = _games_to_agree(high, low, shift, tolerance)
    return f"{told}: not shown to agree within +-{tolerance:g} ({change}); {more}"


def _setup_differences(top: Rung, below: Rung, seat: int) -> npt.NDArray[np.float64]:
    """Setup by setup, the seat's mean s under `top` minus under `below`, over the setups with a
    finished game under both; none unless both rungs judged their setups."""
    if top.setups is None or below.setups is None:
        return np.zeros(0)
    means = []
    for judged in (top.setups, below.setups):
        rows = judged.setups.table.rows
        played = rows["finished"] > 0
        means.append(dict(zip(rows["index"][played].tolist(),
                              (rows["sum_s"][played, seat] / rows["finished"][played]).tolist(),
                              strict=True)))  # fmt: skip
    shared = sorted(means[0].keys() & means[1].keys())
    return np.array([means[0][index] - means[1][index] for index in shared], dtype=float)


def _about(needed: float, unit: str) -> str:
    """`about 1,200 games per rung`: a planning figure rounded to two figures."""
    step = 10 ** max(0, math.floor(math.log10(max(needed, 1))) - 1)
    return f"about {math.ceil(needed / step) * step:,} {unit} would show it"


def _games_to_agree(high: Estimate, low: Estimate, shift: float, tolerance: float) -> str:
    """About how many games per rung would put the difference's interval inside +-tolerance, if
    the two means stayed where they are (normal approximation)."""
    room = tolerance - abs(shift)
    if room <= 0.01:
        return "more games per rung may settle it"
    spread = high.mean * (1 - high.mean) + low.mean * (1 - low.mean)
    return _about(units_for_half_width(max(spread, 0.01), room), "games per rung")


def _setups_to_agree(differences: npt.NDArray[np.float64], shift: float, tolerance: float) -> str:
    """About how many setups would put the setup-by-setup interval inside +-tolerance, if the
    differences kept their spread, which is partly the setups' own (a stronger agent turning
    some setups one way and others the other): more games per setup do not narrow that part."""
    room = tolerance - abs(shift)
    if room <= 0.01:
        return "more setups may settle it"
    variance = float(np.var(differences, ddof=1))
    needed = units_for_half_width(variance, room, t=True)
    return _about(needed, f"setups per rung (now {len(differences)})")


def seat_reading(rung: Rung, seat_names: Sequence[str], tolerance: float = TOLERANCE) -> str:
    """Each seat the rung reads as the verdict reads a seat (simulate/report/advantage.py), from the
    same interval (`every_seat`: over the setups, widened to hold the games', when the rung judged
    its setups; else over the games): favoured or handicapped when it leaves the band 1/2 +-
    tolerance, even when it lies inside it (naming a smaller advantage that the interval shows),
    undetermined seats left out."""
    read = []
    for seat, name in enumerate(seat_names):
        s = seat_at(rung, seat)
        told = f"mean s {s.mean:.3f} [{s.low:.3f}, {s.high:.3f}]"
        if s.unit == "setups":
            told += ", the setup as the unit"
        verdict = seat_verdict(s.low, s.high, tolerance)
        if verdict == FAIR:
            side = (
                ", a little ahead" if s.low > 0.5 else ", a little behind" if s.high < 0.5 else ""
            )
            read.append(f"{name} even within +-{tolerance:g}{side} ({told})")
        elif verdict == UNFAIR:
            read.append(f"{name} {'favoured' if s.low > 0.5 else 'handicapped'} ({told})")
    return "; ".join(read) if read else "no seat shown favoured (every interval holds 1/2)"


def seat_at(rung: Rung, seat: int) -> FirstSeat:
    """The seat's advantage as the verdict takes it (`Rung.every_seat`), or over the games."""
    if rung.every_seat:
        return rung.every_seat[seat]
    s = rung.seats[seat]
    return widened((s.mean, s.low, s.high), s.mean * s.games, s.games, None)


def remove_other_rungs(folder: Path, ladder: Ladder) -> None:
    """Remove the rung and head-to-head run folders in `folder` that this ladder did not play
    (an earlier ladder's, with other agents), so the folder holds one ladder's runs."""
    kept = [rung.folder.name for rung in ladder.rungs] + [d.folder.name for d in ladder.duels]
    remove_other_runs(folder, kept, r"(rung|duel)-\d+-.+")


def run_ladder(
    request: RunRequest, agents: Sequence[str], seat_names: Sequence[str], console: Console
) -> Ladder | None:
    """Play every rung, then every head-to-head, each into its own folder; None on Ctrl-C (the
    games played are kept for `--resume`)."""
    rungs: list[Rung] = []
    for index, agent in enumerate(agents, 1):
        sub = rung_request(request, index, agent)
        console.print(f"rung {index} of {len(agents)}: {agent} in every seat -> {sub.folder}")
        result = run_and_report(sub, console, table=False)
        if not result.complete:
            return None
        seats = seat_estimates(results_in(sub.folder), request.players)
        judged = (setup_fairness(result.setups, fair_tolerance(True, request.tolerance))
                  if result.setups else None)  # fmt: skip
        every = tuple(seat_of(result, judged, seat) for seat in range(request.players))
        rungs.append(Rung(agent, seats, result.played, result.complete, sub.folder, judged,
                          every))  # fmt: skip
    duels: list[Duel] = []
    for index in range(2, len(agents) + 1):
        stronger, weaker = agents[index - 1], agents[index - 2]
        sub = duel_request(request, index, stronger, weaker)
        console.print(f"head-to-head: {stronger} against {weaker} -> {sub.folder}")
        result = run_and_report(sub, console, table=False)
        if not result.complete:
            return None
        duels.append(duel_of(result, stronger, weaker, sub.folder))
    tolerance = fair_tolerance(
        True, request.tolerance
    )  # the verdict's band (simulate/report/verdict.py)
    return Ladder(tuple(rungs), tuple(duels), read_ladder(rungs, duels, seat_names, tolerance))
