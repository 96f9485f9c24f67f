"""`pnp kit GAME --fair`: draw random setups until one is shown to play balanced.

Each candidate setup is played a fixed number of paired games (every seat order equally often)
by the chosen agents. It is accepted when every seat's mean s has its 95% interval (Wilson's on
the sum of s) inside 1/2 +- tolerance (`shown_balanced`, the test that also calls a setup of
`pnp balance` fair). The number of games is fixed before a candidate is played: no stopping when
the interval happens to look good (no repeated peeking). The one early look, at half time, can
only reject a candidate that is already clearly unbalanced. Candidates are drawn from the seed
in order, so the same command finds the same setup. The evidence is recorded in setup.json.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.console import Console

from pnp.errors import InputError
from pnp.games.base import Game, Setup
from pnp.games.options import GameOptions
from simulate.report.summary import RunFolds, RunResult
from simulate.run.executors import Execution
from simulate.run.runner import MAX_GAMES, RunPlan, setup_seed
from simulate.scoring.metrics import fair_tolerance, shown_balanced
from simulate.studies.session import run

ATTEMPTS = 50


def _mean_s(result: RunResult) -> list[tuple[float, float, float]]:
    """Each seat's mean s with its 95% interval, as recorded (6 decimals)."""
    found = []
    for seat in result.measures.tally.seats:
        mean, low, high = seat.mean_s
        found.append((round(mean, 6), round(low, 6), round(high, 6)))
    return found


def _hopeless(seats: list[tuple[float, float, float]], tolerance: float) -> bool:
    """Whether some seat's interval already lies wholly outside 1/2 +- tolerance at half time.

    Stopping early only ever rejects a candidate; acceptance always takes the full number of
    games, so the early look cannot make an unbalanced setup pass.
    """
    return any(low > 0.5 + tolerance or high < 0.5 - tolerance for _, low, high in seats)


def paired_counts(games: int, players: int) -> tuple[int, int]:
    """(games, half-time look): games rounded up to whole rotations of the seats, so every seat
    order is played equally often in all and at the half-time look."""
    rotations = -(-games // players)
    return rotations * players, (rotations // 2) * players


def check_search(tolerance: float, games: int) -> None:
    """InputError for a tolerance or a number of games the search cannot use."""
    fair_tolerance(True, tolerance)
    if not 2 <= games <= MAX_GAMES:
        raise InputError("games", games, f"a whole number from 2 to {MAX_GAMES:,}")


def find_fair_setup(
    game: Game[Any],
    options: GameOptions,
    seed: int,
    *,
    tolerance: float,
    games: int,
    agents: tuple[str, ...],
    execution: Execution,
    console: Console,
) -> Setup:
    check_search(tolerance, games)
    players = options.players
    games, half = paired_counts(games, players)
    for attempt in range(ATTEMPTS):
        candidate = setup_seed(seed, attempt)
        drawn = game.random_setup(candidate, options)
        plan = RunPlan(game.info.name, options, agents, candidate, games, setups=(drawn,),
                       paired=True)  # fmt: skip
        folds = RunFolds(plan)
        early = run(plan, execution, folds=folds, upto=half)
        if not early.complete:
            raise KeyboardInterrupt
        if _hopeless(_mean_s(early), tolerance):
            console.print(f"setup {candidate}: clearly unbalanced after {half} games")
            continue
        result = run(plan, execution, folds=folds)
        if not result.complete:
            raise KeyboardInterrupt
        seats = _mean_s(result)
        inside = shown_balanced([(low, high) for _, low, high in seats], tolerance)
        shown = ", ".join(f"{mean:.3f} [{low:.3f}, {high:.3f}]"
                          for mean, low, high in seats)  # fmt: skip
        verdict = "balanced" if inside else "not shown balanced"
        console.print(f"setup {candidate}: mean s per seat {shown}: {verdict}")
        if inside:
            evidence = {
                "method": "a number of paired games fixed in advance (every seat order "
                          "equally often); accepted when every seat's mean s has its 95% "
                          "interval inside 0.5 +- tolerance; a candidate may be dropped, never "
                          "accepted, at half time",
                "tolerance": tolerance,
                "agents": list(agents),
                "games": games,
                "finished": result.measures.tally.finished,
                "seats": [{"seat": seat, "mean_s": mean, "ci95": [low, high]}
                          for seat, (mean, low, high) in enumerate(seats, 1)],
                "setups_tried": attempt + 1,
                "search_seed": seed,
            }  # fmt: skip
            return replace(drawn, fairness=evidence)
    raise InputError(
        "tolerance", tolerance, tries=ATTEMPTS,
        template="no setup shown balanced within {value} in {tries} tries: raise {field}, "
        "or {games} for narrower intervals",
    )  # fmt: skip
