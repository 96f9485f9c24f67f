"""The one-page verdict of a run: what the games show about the game's balance, and no more.

One function builds the typed `Verdict` of a run (`run_verdict`, from the run's `RunSummary`,
its `SetupsVerdict` and the deal statistics of a game without choices) or of a strength ladder
(`ladder_verdict`); the same record gives the first page of report.pdf (simulate/report/charts.py),
the last lines of the terminal output and the `verdict` of summary.json (and of ladder.json).

What it claims (README, "The verdict"; each seat's estimate and reading:
simulate/report/advantage.py):
- The first seat's advantage is its mean s - 1/2 (s: 1 a sole win, 0 a sole last), with a 95%
  interval. When the run judges its setups one by one, the interval takes the setup as the unit
  (a Student's t interval over the setups' first-seat means, simulate/measure/inference.py) and is
  widened to hold Wilson's interval over the games too, so that setups that happen to agree never
  give an interval narrower than their games could; otherwise each game is the unit (Wilson).
- *favoured* / *handicapped* when the interval leaves 1/2 out; *even* only by the equivalence
  test of `pnp kit --fair` (the interval inside 1/2 +- tolerance); otherwise *undetermined*.
- *settled* only from a ladder's reading (simulate/studies/ladder.py); with one agent level the
  verdict says that it is not known whether stronger play changes it.
- A game without choices (Platypus) is read by deal: the deal is the unit of every interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from pnp.games import get_game
from pnp.games.base import GameInfo
from simulate.agents.base import agent_budget
from simulate.measure.compensation import Compensation
from simulate.measure.deals import DealStats, MeanInterval
from simulate.measure.setups import VERDICTS, SetupsVerdict
from simulate.measure.stats import Rate
from simulate.report.advantage import (
    FirstSeat,
    SeatLine,
    first_seat_of,
    first_seat_reading,
    seat_lines,
    seat_of,
)
from simulate.report.summary import RunResult, RunSummary
from simulate.report.wording import legend, on_setups, options_text, power_line
from simulate.scoring.metrics import TOLERANCE


@dataclass(frozen=True)
class Level:
    """One agent level: who played every seat, the first seat's advantage, and how the level
    did against the one below it (a ladder's head-to-head)."""

    agents: str
    first_seat: FirstSeat
    reading: str
    against_below: str | None = None
    seats: tuple[SeatLine, ...] = ()  # every seat, first first, with three or more players

    def to_json(self) -> dict[str, Any]:
        return {"agents": self.agents, "first_seat": self.first_seat.to_json(),
                "reading": self.reading, "against_below": self.against_below,
                "seats": [seat.to_json() for seat in self.seats]}  # fmt: skip


@dataclass(frozen=True)
class SetupFindings:
    """The setups' verdicts (simulate/measure/setups.py) as the verdict counts them."""

    judged: int
    counts: tuple[tuple[str, int], ...]  # (verdict, setups) in VERDICTS order
    differ: bool
    power: str

    def text(self) -> str:
        shown = ", ".join(f"{name} {n}" for name, n in self.counts if n or name != VERDICTS[3])
        differ = "they differ" if self.differ else "indistinguishable, none ranked"
        return f"{self.judged} setups: {shown} ({differ})"


@dataclass(frozen=True)
class Verdict:
    """What a run (or a ladder) shows about the game's balance; `lines` is its page."""

    title: str
    options: str
    agents: tuple[str, ...]  # each agent with its budget
    played: str
    levels: tuple[Level, ...]
    settled: bool | None  # None: no ladder (one agent level), or a game without choices
    settled_text: str
    # beyond the levels: a game without choices' match results over deals, or how the agents of
    # a run of several did against each other
    findings: tuple[str, ...]
    compensation: str
    setups: SetupFindings | None
    caveat: str
    tolerance: float = TOLERANCE
    interval: str = "95% interval"  # a timed ladder's: "95% confidence sequence"

    def lines(self) -> list[str]:
        """The verdict's page: the title, then paragraphs apart by empty lines."""
        lines = [f"Verdict: {self.title}", "", f"options: {self.options}"]
        lines.append(f"agents: {'; '.join(self.agents)}")
        lines += [f"played: {self.played}", ""]
        if self.levels:
            unit = self.levels[0].first_seat.unit[:-1]
            if any(level.seats for level in self.levels):
                lines.append(f"seat advantage (each seat's mean s - 1/2, fair at 0 for every "
                             f"seat; {self.interval}, the {unit} as the unit):")  # fmt: skip
            else:
                lines.append(f"first-seat advantage (its mean s - 1/2; {self.interval}, the "
                             f"{unit} as the unit):")  # fmt: skip
            for level in self.levels:
                if level.seats:
                    lines.append(f"  {level.agents}:")
                    lines += [f"    {seat.name}: {seat.seat.text()}, {seat.reading}"
                              for seat in level.seats]  # fmt: skip
                else:
                    lines.append(f"  {level.agents}: {level.first_seat.text()}, {level.reading}")
                if level.against_below:
                    lines.append(f"    against the level below: {level.against_below}")
        lines += [*self.findings, self.settled_text, "", f"compensation: {self.compensation}"]
        if self.setups is not None:
            lines += ["", f"setups: {self.setups.text()}", f"  {self.setups.power}"]
        lines += ["", f"caveat: {self.caveat}"]
        words = legend(lines)
        return [*lines, "", "the words:", *words] if words else lines

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "options": self.options,
            "agents": list(self.agents),
            "played": self.played,
            "levels": [level.to_json() for level in self.levels],
            "settled": self.settled,
            "settled_text": self.settled_text,
            "findings": list(self.findings),
            "compensation": self.compensation,
            "setups": None if self.setups is None else {
                "judged": self.setups.judged, **dict(self.setups.counts),
                "setups_differ": self.setups.differ, "power": self.setups.power,
            },
            "caveat": self.caveat,
            "tolerance": self.tolerance,
        }  # fmt: skip


@dataclass(frozen=True)
class RunReport:
    """A run's summary and its verdict: summary.json (`to_json`), report.pdf's first page."""

    summary: RunSummary
    verdict: Verdict

    def to_json(self) -> dict[str, Any]:
        return {**self.summary.to_json(), "verdict": self.verdict.to_json()}


def agents_text(agents: Sequence[str], seat_names: Sequence[str], rotated: bool = False) -> str:
    """`greedy in every seat`, the agents `rotated` over the seats (a paired run: each plays
    every seat equally often), or each seat's agent."""
    if len(set(agents)) == 1:
        return f"{agents[0]} in every seat"
    if rotated:
        return f"{_listed(list(dict.fromkeys(agents)))}, rotated over the seats"
    return ", ".join(f"{name} {agent}" for name, agent in zip(seat_names, agents, strict=True))


def agent_lines(result: RunResult) -> tuple[str, ...]:
    """How each agent of a run of several did against the others: its points share with
    Wilson's 95% interval and its wins, draws and losses (none when one agent played)."""
    agents = result.measures.agents
    if len(agents) < 2:
        return ()
    told = []
    for name, standings in agents:
        low, high = standings.points_ci95
        told.append(f"{name} {standings.points_share:.3f} [{low:.3f}, {high:.3f}] "
                    f"({standings.wins}-{standings.draws}-{standings.losses})")  # fmt: skip
    return ("agents against each other (points share, 95% interval): " + "; ".join(told),)


def budgets(agents: Sequence[str]) -> tuple[str, ...]:
    """Each agent once, with how it chooses and its budget."""
    return tuple(f"{agent} ({agent_budget(agent)})" for agent in dict.fromkeys(agents))


def _pct(rate: Rate) -> str:
    low, high = rate.ci95
    return f"{100 * rate.rate:.1f}% [{100 * low:.1f}%-{100 * high:.1f}%]"


def _mean(found: MeanInterval) -> str:
    if found.ci95 is None:
        return f"{found.mean:+.2f} (no interval: fewer than two deals)"
    return f"{found.mean:+.2f} [{found.ci95[0]:+.2f}, {found.ci95[1]:+.2f}]"


def deal_lines(stats: DealStats, seat_names: Sequence[str]) -> tuple[str, ...]:
    """A game without choices: the match results over deals, the deal as the unit."""
    n = stats.deals
    effect = stats.first_seat_effect
    who = "not shown to favour either seat"
    if effect.ci95 is not None and (effect.ci95[0] > 0 or effect.ci95[1] < 0):
        who = f"{seat_names[0] if effect.ci95[0] > 0 else seat_names[1]} seat favoured"
    return (
        f"deals: {n} random deals, each played once per seat order (the deal as the unit)",
        f"both seat orders end: {stats.both_end.count} of {n}, {_pct(stats.both_end)}; "
        f"endless in some order {_pct(stats.endless_in_some_order)}",
        f"table advantage (match margin over both orders, of the {stats.both_end.count} deals "
        f"that end): mean {_mean(stats.margin)} points; one player won every game "
        f"{_pct(stats.one_player_won_every_game)}",
        f"who starts (first seat's points - the other's, per game): {_mean(effect)}, {who}; "
        f"one seat won every game {_pct(stats.one_seat_won_every_game)}",
        f"deals `pnp kit --fair` accepts (every order ends, margin <= {stats.tolerance:g} "
        f"points): {stats.within_tolerance.count} of {n}, {_pct(stats.within_tolerance)}",
    )


def compensation_line(
    found: Compensation | None, info: GameInfo, seat_names: Sequence[str], finished: int
) -> str:
    """The compensation a balance run computed (simulate/measure/compensation.py), or why there is
    none."""
    if found is not None:
        return found.text(seat_names)
    if not info.has_scores:
        return f"none: {info.title} has no score to give points in"
    if info.compensation is None:
        return f"none: {info.title}'s scores are not points one could give"
    if finished == 0:
        return "not computed: no finished game"
    return "not computed in this run (`pnp balance` computes it)"


def setup_findings(setups: SetupsVerdict | None) -> SetupFindings | None:
    if setups is None or len(setups.setups) < 2:
        return None
    counts = tuple(setups.counts.items())
    return SetupFindings(len(setups.setups), counts, setups.ranked, power_line(setups))


def _listed(names: Sequence[str]) -> str:
    """`random, greedy and mcts:200`."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _played(result: RunResult, deals: DealStats | None) -> str:
    plan = result.plan
    count = plan.setup_count
    if deals is not None:
        return f"{deals.deals:,} deals ({result.played:,} games), seed {plan.seed}"
    fixed = get_game(plan.game).info.fixed_start and not plan.setups
    rotated = ("" if not plan.paired else ", seats rotated" if fixed
               else ", seats rotated over each setup's games")  # fmt: skip
    state = "" if result.complete else f" (interrupted: {result.played:,} of {plan.games:,})"
    setups = on_setups(plan.game, count, bool(plan.setups))
    return f"{result.played:,} games {setups}{rotated}, seed {plan.seed}{state}"


def _unit_words(result: RunResult, seat: FirstSeat | None, deals: DealStats | None) -> str:
    plan = result.plan
    if deals is not None:
        return f"{deals.deals:,} random deals, each deal taken as an independent unit"
    finished = result.measures.tally.finished
    if get_game(plan.game).info.fixed_start and not plan.setups:
        return (f"{finished:,} finished games from the fixed start (the same start every game, "
                "only the seeds differ)")  # fmt: skip
    if seat is not None and seat.unit == "setups":
        return (f"{finished:,} finished games on {seat.units} random setups, taking the setup "
                "as the independent unit (games of one setup are not independent)")  # fmt: skip
    if plan.setups:
        return (f"{finished:,} finished games on the {plan.setup_count} setup(s) of the file, "
                "each game taken as independent: it is about those setups only")  # fmt: skip
    if plan.setup_count < plan.games:
        return (f"{finished:,} finished games on {plan.setup_count} random setup(s), each game "
                "taken as independent: it is about those setups only")  # fmt: skip
    return f"{finished:,} finished games, each on its own random setup, taken as independent"


def _caveat(result: RunResult, info: GameInfo, seat: FirstSeat | None,
            deals: DealStats | None, levels: int) -> str:  # fmt: skip
    plan, tally = result.plan, result.measures.tally
    if result.listed is not None:
        parts = ["It is exact for the deal(s) of the setup file, each game the only one its "
                 "seat order has; it says nothing of other deals."]  # fmt: skip
    elif not info.has_choices:
        parts = [f"It rests on {_unit_words(result, seat, deals)}; a deal's games are fixed by "
                 "its cards, so each is counted once, never as a sample."]  # fmt: skip
    else:
        names = ", ".join(dict.fromkeys(plan.agents))
        parts = [f"It holds for these agents ({names}) only: other agents, stronger ones above "
                 "all, may play to another balance.",
                 f"It rests on {_unit_words(result, seat, deals)}."]  # fmt: skip
        if levels == 1:
            parts.append("One agent level was played: it is not known whether stronger play "
                         "changes it (`--ladder default` plays stronger agents).")  # fmt: skip
            if set(plan.agents) == {info.agent}:
                parts.append(f"{info.agent} is the default agent of {info.title}: the strongest "
                             "rung of its ladder that a default run affords.")  # fmt: skip
        if "random" in plan.agents and info.random_misleads:
            parts.append(f"Random play misleads here: {info.random_misleads}.")
    unfinished = tally.games - tally.finished
    if unfinished:
        parts.append(f"{unfinished:,} of {tally.games:,} games did not end and count for no seat.")
    if not result.complete:
        parts.append(f"The run was interrupted after {result.played:,} of {plan.games:,} games.")
    return " ".join(parts)


def run_verdict(
    summary: RunSummary, seat_names: Sequence[str], tolerance: float = TOLERANCE
) -> Verdict:
    """The verdict of one run (see the module docstring) from its summary: its result, its
    setups judged one by one, its deals (a game without choices) and its compensation;
    `tolerance` is the run's margin of an *even* first seat (`--tolerance`)."""
    result, plan = summary.result, summary.result.plan
    setups, deals = summary.setups, summary.deals
    info = get_game(plan.game).info
    levels: tuple[Level, ...] = ()
    seat = None
    found: tuple[str, ...] = ()
    if deals is not None:
        found = deal_lines(deals, seat_names)
    elif result.listed is not None:
        found = ("exact: each seat order of the file's deal(s) played once, every game and match "
                 "listed in the report; no interval applies",)  # fmt: skip
    else:
        seat = first_seat_of(result, setups)
        who = (agents_text(plan.agents, seat_names, plan.paired) if info.has_choices
               else "every game")  # fmt: skip
        found = agent_lines(result)
        every = tuple(seat_of(result, setups, index) for index in range(len(plan.agents)))
        levels = (Level(who, seat, first_seat_reading(seat, tolerance), None,
                        seat_lines(every, seat_names, tolerance)),)  # fmt: skip
    if info.has_choices:
        agents = budgets(plan.agents)
        settled_text = ("not settled: one agent level, so it is not known whether stronger play "
                        f"changes it; `pnp balance {info.name}` with these options and no counts "
                        "climbs its ladder, "
                        f"{_listed(info.ladder)}, each against the one below, on a time budget "
                        "and reads whether it does")  # fmt: skip
    else:
        agents = ("none: a deal leaves no choices, every agent plays it alike",)
        settled_text = "settled: agent strength does not apply (a deal leaves no choices)"
    return Verdict(
        info.title, options_text(plan.options), agents, _played(result, deals), levels, None,
        settled_text, found,
        compensation_line(summary.compensation, info, seat_names,
                      result.measures.tally.finished),
        setup_findings(setups),
        _caveat(result, info, seat, deals, len(levels) if info.has_choices else 0),
        tolerance if info.has_choices else TOLERANCE,
    )  # fmt: skip


def print_verdict(verdict: Verdict, console: Console) -> None:
    """The verdict as the terminal's last lines."""
    for index, line in enumerate(["", *verdict.lines()]):
        console.print(
            f"[bold]{line}[/]" if index == 1 else line, highlight=False, markup=index == 1
        )
