"""One simulation run end to end: play the plan (with progress), summarise, keep what finished.

Ctrl-C stops the run between chunks; the games already played are kept and summarised with
`"complete": false`, so an interrupted run loses nothing it finished.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pnp.errors import PnpError, one_of
from pnp.games import GAMES, get_game
from pnp.games.base import Game, Outcome
from pnp.games.setupfile import read_setup
from pnp.output import check_folder
from simulate.agents import parse_agents
from simulate.executors import default_workers, make_executor
from simulate.matches import Match, match_json, match_summary, matches
from simulate.report import print_summary, write_results
from simulate.runner import GameRecord, RunPlan, chunks
from simulate.stats import summarize


@dataclass(frozen=True)
class RunResult:
    plan: RunPlan
    records: list[GameRecord]  # in game order
    complete: bool


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(200, games // (workers * 16) or 1))


def run(plan: RunPlan, workers: int, show_progress: bool | None = None) -> RunResult:
    """Play every game of `plan`; on Ctrl-C, return what finished with complete=False."""
    indices = plan.tasks()
    executor = make_executor(workers)
    if show_progress is None:
        show_progress = sys.stderr.isatty()
    progress = Progress(
        TextColumn(f"[bold]{plan.game}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not show_progress,
        transient=True,
    )
    records: list[GameRecord] = []
    complete = True
    with progress:
        task = progress.add_task("games", total=len(indices))
        try:
            for done in executor.run(
                plan, list(chunks(indices, chunk_size(len(indices), workers)))
            ):
                records.extend(done)
                progress.advance(task, len(done))
        except KeyboardInterrupt:
            complete = False
    records.sort(key=lambda r: r.index)
    return RunResult(plan, records, complete and len(records) == len(indices))


DEFAULT_GAMES = 1000


def exact_report(plan: RunPlan) -> bool:
    """A game without choices on setups from a file: each seat order is played once, and the
    report lists every game and match rather than rates."""
    return bool(plan.setups) and not get_game(plan.game).info.has_choices


def summary_document(result: RunResult) -> dict[str, Any]:
    plan = result.plan
    info = get_game(plan.game).info
    players = int(plan.options["players"])
    options = info.stored_options(plan.options)
    summary = {
        "game": plan.game,
        "title": info.title,
        "games": len(result.records),
        "games_planned": plan.games,
        "complete": result.complete,
        "setups": plan.setup_count,
        "setup_source": "file" if plan.setups else "random",
        "players": players,
        "variant": plan.options["variant"],
        "options": options,
        "agents": list(plan.agents),
        "paired": plan.paired,
        "seed": plan.seed,
        **summarize(result.records, players),
    }
    found = matches(result.records, players, plan.setup_count) if plan.paired else []
    if plan.paired:
        summary["matches"] = match_summary(found, players)
    if exact_report(plan):
        summary.update(listed_results(plan, result.records, found))
    return summary


def listed_results(plan: RunPlan, records: list[GameRecord], found: list[Match]) -> dict[str, Any]:
    """Every game and match of an exact report, players named as the game names them."""
    game = get_game(plan.game)
    results = []
    for record in records:
        setup = plan.setups[record.setup_index]
        names = game.player_names(game.rotated(setup, record.rotation) if plan.paired else setup)
        results.append(
            {
                "game": record.index,
                "setup": record.setup,
                "players": list(names),
                "scores": list(record.scores) if record.scores is not None else None,
                "ranks": list(record.ranks),
                "turns": record.turns,
                "outcome": record.outcome.value,
                "winners": [n for n, rank in zip(names, record.ranks, strict=True) if rank == 1]
                if record.outcome == Outcome.FINISHED
                else [],
            }
        )
    listed = [match_json(m, game.player_names(plan.setups[m.setup_index])) for m in found]
    return {"results": results, "match_results": listed}


def make_plan(
    game: Game[Any],
    *,
    games: int | None,
    setups: int | None,
    setup_file: Path | None,
    players: int | None,
    variant: str | None,
    agents: str,
    paired: bool,
    seed: int,
    options: dict[str, str],
) -> RunPlan:
    """The plan the command line asks for, with every value checked."""
    if games is not None and games < 1:
        raise PnpError(f"--games {games} is not valid: expected a whole number >= 1")
    if setups is not None and setups < 1:
        raise PnpError(f"--setups {setups} is not valid: expected a whole number >= 1")
    info = game.info
    if setup_file is not None:
        given = [
            f"--{name}"
            for name, value in [
                ("setups", setups),
                ("players", players),
                ("variant", variant),
                *options.items(),
            ]
            if value is not None
        ]
        if given:
            raise PnpError(f"--setup fixes the setup; leave out {one_of(given)}")
        fixed = tuple(game.playable(read_setup(setup_file, GAMES, expected=info.name)))
        resolved = {**fixed[0].options, **{o.name: None for o in info.options if not o.stored}}
        count = fixed[0].players
        if not info.has_choices:  # a setup fixes its games: play each seat order once
            games, paired = games or count * len(fixed), True
        return RunPlan(
            info.name,
            resolved,
            parse_agents(agents, count),
            seed,
            games or DEFAULT_GAMES,
            setups=fixed,
            paired=paired,
        )
    games = games or DEFAULT_GAMES
    resolved = info.resolve(players, variant, options)
    count = resolved["players"]
    default = -(-games // count) if paired else games
    return RunPlan(
        info.name,
        resolved,
        parse_agents(agents, count),
        seed,
        games,
        random_setups=setups or default,
        paired=paired,
    )


def run_and_report(
    game: Game[Any],
    *,
    workers: int | None,
    out: Path,
    console: Console,
    as_json: bool = False,
    **request: Any,
) -> dict[str, Any]:
    """Plan, play, print the balance table (or, `as_json`, the summary JSON alone) and write
    summary.json and games.csv."""
    plan = make_plan(game, **request)
    if workers is not None and workers < 1:
        raise PnpError(f"--workers {workers} is not valid: expected a whole number >= 1")
    folder = check_folder(out) / f"{game.info.name}-sim-{plan.seed}"
    result = run(plan, workers or default_workers())
    summary = summary_document(result)
    paths = write_results(folder, summary, result.records, int(plan.options["players"]))
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        print_summary(
            summary, console, [game.info.seat_name(s) for s in range(plan.options["players"])]
        )
        for path in paths:
            console.print(str(path))
    if not result.complete:
        console.print(f"interrupted: kept the {len(result.records)} finished games")
        raise KeyboardInterrupt
    return summary
