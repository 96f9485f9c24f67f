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
from simulate.executors import Execution
from simulate.metrics import shown_balanced
from simulate.runner import RunPlan, setup_seed
from simulate.session import run
from simulate.stats import summarize

ATTEMPTS = 50


def _hopeless(seats: list[dict[str, Any]], tolerance: float) -> bool:
    """Whether some seat's interval already lies wholly outside 1/2 +- tolerance at half time.

    Stopping early only ever rejects a candidate; acceptance always takes the full number of
    games, so the early look cannot make an unbalanced setup pass.
    """
    return any(s["s_ci95"][0] > 0.5 + tolerance or s["s_ci95"][1] < 0.5 - tolerance for s in seats)


def paired_counts(games: int, players: int) -> tuple[int, int]:
    """(games, half-time look): games rounded up to whole rotations of the seats, so every seat
    order is played equally often in all and at the half-time look."""
    rotations = -(-games // players)
    return rotations * players, (rotations // 2) * players


def check_search(tolerance: float, games: int) -> None:
    """InputError for a tolerance or a number of games the search cannot use."""
    if not 0 < tolerance < 0.5:
        raise InputError("tolerance", tolerance, "a number between 0 and 0.5")
    if games < 2:
        raise InputError("games", games, "a whole number >= 2")


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
        early = run(plan, execution, upto=half)
        if not early.complete:
            raise KeyboardInterrupt
        if _hopeless(summarize(early.records, players)["seats"], tolerance):
            console.print(f"setup {candidate}: clearly unbalanced after {half} games")
            continue
        result = run(plan, execution, previous=early.records)
        if not result.complete:
            raise KeyboardInterrupt
        seats = summarize(result.records, players)["seats"]
        inside = shown_balanced([s["s_ci95"] for s in seats], tolerance)
        shown = ", ".join(f"{s['mean_s']:.3f} [{s['s_ci95'][0]:.3f}, {s['s_ci95'][1]:.3f}]"
                          for s in seats)  # fmt: skip
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
                "finished": sum(1 for r in result.records if r.outcome.value == "finished"),
                "seats": [{"seat": s["seat"], "mean_s": s["mean_s"], "ci95": s["s_ci95"]}
                          for s in seats],
                "setups_tried": attempt + 1,
                "search_seed": seed,
            }  # fmt: skip
            return replace(drawn, fairness=evidence)
    raise InputError(
        "tolerance", tolerance, tries=ATTEMPTS,
        template="no setup shown balanced within {value} in {tries} tries: raise {field}, "
        "or {games} for narrower intervals",
    )  # fmt: skip
