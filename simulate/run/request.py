"""A run request: everything one simulation run needs, checked and resolved by its caller.

The command line (pnp/commands/) builds one from its options; a script or a test can build one
directly. Nothing here is left to default or to draw: the seed is a number, the agents are one
per seat, the setups are either a count of random ones or the setups themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pnp.games.base import Setup
from pnp.games.options import GameOptions
from simulate.run.executors import Execution
from simulate.run.runner import RunPlan
from simulate.run.store import run_folder

RunKind = Literal["sim", "balance"]


@dataclass(frozen=True)
class RandomSetups:
    """`count` setups drawn from the run's seed with the request's options."""

    count: int


@dataclass(frozen=True)
class FixedSetups:
    """Setups given as they are (read from a setup file), each ready to play."""

    setups: tuple[Setup, ...]


SetupSource = RandomSetups | FixedSetups


@dataclass(frozen=True)
class RunRequest:
    """One run: `games` games of `game` over `setups`, one agent per seat, one master seed.

    `kind` names the run folder (out/<game>-<kind>-<seed>) and, for "balance", adds the setup
    ranking to the printed report. `resume` continues a run already in that folder;
    `as_json` prints the summary as JSON instead of the table. `subfolder` puts the run in a
    folder of its own under that one (a rung of a ladder, simulate/studies/ladder.py), and `within`
    names that one instead of `kind` (the configurations of a sweep are balance runs in
    out/<game>-sweep-<seed>/<configuration>, simulate/studies/sweep.py). `tolerance` is the margin
    of a fair verdict (None: the default, simulate/scoring/metrics.py `fair_tolerance`); `command`
    the command line that asked for the run, recorded in summary.json.
    """

    game: str
    options: GameOptions
    players: int
    setups: SetupSource
    games: int
    agents: tuple[str, ...]
    paired: bool
    seed: int
    execution: Execution
    out: Path
    kind: RunKind = "sim"
    resume: bool = False
    as_json: bool = False
    subfolder: str = ""
    within: str = ""
    tolerance: float | None = None
    command: str | None = None

    @property
    def folder(self) -> Path:
        folder = run_folder(self.out, self.game, self.within or self.kind, self.seed)
        return folder / self.subfolder if self.subfolder else folder

    def plan(self) -> RunPlan:
        """What the runner plays."""
        source = self.setups
        fixed = source.setups if isinstance(source, FixedSetups) else ()
        count = source.count if isinstance(source, RandomSetups) else 0
        return RunPlan(self.game, self.options, self.agents, self.seed, self.games, setups=fixed,
                       random_setups=count, paired=self.paired)  # fmt: skip
