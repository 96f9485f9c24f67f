"""The typed result of a run, folded game by game, and `summary.json` written from it.

`RunFolds` takes a run's records one at a time, in any order, and keeps no record: the run's
measures and each setup's counts (simulate/measure/tally.py; kept in a file:
simulate/measure/setupfold.py), the matches of a paired run (simulate/measure/matches.py) and the
set of games played (ranges). Only an exact report (a setup file of a game without choices, whose
report lists every game) keeps a line per game. `RunResult` is what it gives; `RunSummary` adds what
the run was and what its stored games gave when read back (deals, compensation), and the verdict:
summary.json, written from these records alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pnp
from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.agents.base import agent_settings
from simulate.measure.compensation import Compensation
from simulate.measure.deals import DealStats
from simulate.measure.matches import Match, MatchFold, MatchSummary, match_json
from simulate.measure.measures import Measures
from simulate.measure.setupfold import SetupFold
from simulate.measure.setups import SetupsVerdict, spread
from simulate.measure.tally import RunFold
from simulate.run.runner import GameRecord, IndexSet, RunPlan


def exact_report(plan: RunPlan) -> bool:
    """A game without choices on setups from a file: each seat order is played once, and the
    report lists every game and match rather than rates."""
    return bool(plan.setups) and not get_game(plan.game).info.has_choices


@dataclass(frozen=True)
class ListedGame:
    """One game of an exact report, its players named as the game names them."""

    game: int
    setup: str
    players: tuple[str, ...]
    scores: tuple[float, ...] | None
    ranks: tuple[int, ...]
    turns: int
    outcome: Outcome

    @property
    def winners(self) -> tuple[str, ...]:
        if self.outcome != Outcome.FINISHED:
            return ()
        return tuple(n for n, rank in zip(self.players, self.ranks, strict=True) if rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "setup": self.setup, "players": list(self.players),
            "scores": list(self.scores) if self.scores is not None else None,
            "ranks": list(self.ranks), "turns": self.turns, "outcome": self.outcome.value,
            "winners": list(self.winners),
        }  # fmt: skip


@dataclass(frozen=True)
class RunResult:
    """What a run's games gave: its measures, each setup's tally (when the run analyses
    setups), the matches of a paired run, and for an exact report every game and match."""

    plan: RunPlan
    complete: bool  # every game asked for was played
    measures: Measures
    setups: SetupFold | None  # each setup's counts (simulate/measure/setupfold.py), when analysed
    matches: MatchSummary | None
    listed: tuple[ListedGame, ...] | None
    listed_matches: tuple[tuple[Match, tuple[str, ...]], ...]  # with the participants' names

    @property
    def played(self) -> int:
        return self.measures.tally.games


class GameFolds:
    """Some games of a plan folded in any order (see the module docstring), without the plan or
    the set of games: what a worker folds a chunk into (`chunk`, its setups' rows in memory) and
    sends back for the run's `RunFolds.merge`."""

    def __init__(self, plan: RunPlan, per_setup: bool = False, *, chunk: bool = False) -> None:
        players = plan.options.players
        self.exact = exact_report(plan)
        self.run = RunFold(players, per_setup, plan.setup_count if per_setup else 0, chunk=chunk)
        self.matches = MatchFold(players, self.exact) if plan.paired else None
        self.listed: list[ListedGame] | None = [] if self.exact else None

    def fold(self, record: GameRecord, plan: RunPlan) -> None:
        """Fold `record`, a game of `plan`."""
        self.run.add(record)
        if self.matches is not None:
            self.matches.add(record)
        if self.listed is not None:
            self.listed.append(self._listed(record, plan))

    def _listed(self, record: GameRecord, plan: RunPlan) -> ListedGame:
        game = get_game(plan.game)
        setup = plan.setups[record.setup_index]
        names = game.player_names(game.rotated(setup, record.rotation) if plan.paired else setup)
        return ListedGame(record.index, record.setup, tuple(names), record.scores, record.ranks,
                          record.turns, record.outcome)  # fmt: skip


class RunFolds(GameFolds):
    """Every fold of one run (see the module docstring), and the set of games folded."""

    def __init__(self, plan: RunPlan, per_setup: bool = False) -> None:
        super().__init__(plan, per_setup)
        self.plan = plan
        self.per_setup = per_setup
        self.done = IndexSet()  # the games folded

    def add(self, record: GameRecord) -> None:
        self.done.add(record.index)
        self.fold(record, self.plan)

    def merge(self, games: Sequence[int], other: GameFolds) -> None:
        """Add `games`, folded elsewhere into `other` (a chunk's, by a worker)."""
        self.done.update(games)
        self.run.merge(other.run)
        if self.matches is not None and other.matches is not None:
            self.matches.merge(other.matches)
        if self.listed is not None:
            self.listed.extend(other.listed or ())

    def result(self, complete: bool) -> RunResult:
        game, setups = get_game(self.plan.game), self.plan.setups
        found = self.matches.matches() if self.matches is not None else []
        return RunResult(
            self.plan, complete, self.run.measures(), self.run.setups,
            self.matches.summary() if self.matches is not None else None,
            tuple(sorted(self.listed, key=lambda g: g.game)) if self.listed is not None else None,
            tuple((m, tuple(game.player_names(setups[m.setup_index]))) for m in found)
            if self.exact else (),
        )  # fmt: skip


@dataclass(frozen=True)
class RunSummary:
    """A run's result with what the run was and what was read back from its stored games:
    summary.json (`to_json`), every part a typed record written from here."""

    result: RunResult
    setups: SetupsVerdict | None = None  # the setups judged one by one (simulate/measure/setups.py)
    deals: DealStats | None = None  # a game without choices by deal (simulate/measure/deals.py)
    compensation: Compensation | None = None  # a balance run's (simulate/measure/compensation.py)
    command: str | None = None  # the command line that asked for the run, shell-quoted

    @property
    def title(self) -> str:
        return get_game(self.result.plan.game).info.title

    def to_json(self) -> dict[str, Any]:
        result, plan = self.result, self.result.plan
        summary: dict[str, Any] = {
            "game": plan.game,
            "title": self.title,
            "pnp_version": pnp.__version__,
            "command": self.command,
            "games": result.played,
            "games_planned": plan.games,
            "complete": result.complete,
            "setups": plan.setup_count,
            "setup_source": "file" if plan.setups else "random",
            "players": plan.options.players,
            "variant": plan.options.variant,
            "options": plan.options.to_json(),
            "agents": list(plan.agents),
            "agent_settings": {spec: agent_settings(spec) for spec in dict.fromkeys(plan.agents)},
            "paired": plan.paired,
            "seed": plan.seed,
            **result.measures.to_json(),
        }
        if result.matches is not None:
            summary["matches"] = result.matches.to_json()
        if result.listed is not None:
            summary["results"] = [game.to_json() for game in result.listed]
            summary["match_results"] = [match_json(m, names) for m, names in result.listed_matches]
        if self.setups is not None:
            summary["setup_fairness"] = spread(self.setups)
        if self.deals is not None:
            summary["deals"] = self.deals.to_json()
        if self.compensation is not None:
            summary["compensation"] = self.compensation.to_json()
        return summary
