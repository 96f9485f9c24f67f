"""One simulation run end to end: plan, play (with progress), summarise, report.

Every finished chunk of games is streamed to results.jsonl. Ctrl-C stops the run between chunks:
the games already played are summarised with `"complete": false`, and resuming the same request
plays only the missing games, ending with the numbers of an uninterrupted run.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.charts import write_report
from simulate.executors import Execution, make_executor
from simulate.matches import Match, match_json, match_summary, matches
from simulate.report import print_setups, print_summary, write_results
from simulate.request import RunRequest
from simulate.runfolder import locked, remove_outputs
from simulate.runner import GameRecord, IndexSet, RunPlan, missing_chunks
from simulate.setups import setup_fairness, spread
from simulate.stats import summarize
from simulate.store import ResultStore


@dataclass(frozen=True)
class RunResult:
    plan: RunPlan
    records: list[GameRecord]  # in game order
    complete: bool


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: enough chunks (32 a worker) that no worker idles long at the end, and
    big chunks for big runs so batch engines fill their arrays."""
    return max(1, min(1000, games // (workers * 32)))


@contextlib.contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Ctrl-C inside the block takes effect at its end, so a chunk is either stored and counted
    or neither (in the main thread; elsewhere Python delivers no signals anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def run(
    plan: RunPlan,
    execution: Execution,
    store: ResultStore | None = None,
    show_progress: bool | None = None,
    *,
    previous: Sequence[GameRecord] = (),
    upto: int | None = None,
) -> RunResult:
    """Play the games of `plan` (those numbered below `upto`, if given) that are not already in
    `store` or `previous`, streaming each finished chunk to the store.

    On Ctrl-C, return what finished (complete=False); the store keeps it for a resumed run.
    """
    records: list[GameRecord] = [*previous, *(store.previous if store else ())]
    done = IndexSet()
    for record in records:
        done.add(record.index)
    wanted = plan.games if upto is None else min(upto, plan.games)
    executor = make_executor(execution.workers, execution.executor, execution.scheduler)
    if show_progress is None:
        show_progress = sys.stderr.isatty()
    progress = Progress(
        TextColumn(f"[bold]{plan.game}[/]"), BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=Console(stderr=True), disable=not show_progress,
        transient=True,
    )  # fmt: skip
    complete = True
    with progress:
        task = progress.add_task("games", total=plan.games, completed=len(records))
        size = chunk_size(wanted - done.count, execution.workers)
        try:
            for finished in executor.run(plan, missing_chunks(done, wanted, size)):
                with deferred_interrupt():
                    if store:
                        store.append(finished)
                    records.extend(finished)
                progress.advance(task, len(finished))
        except KeyboardInterrupt:
            complete = False
        finally:
            if store:
                store.close()
    records.sort(key=lambda r: r.index)
    return RunResult(plan, records, complete and len(records) == wanted)


def exact_report(plan: RunPlan) -> bool:
    """A game without choices on setups from a file: each seat order is played once, and the
    report lists every game and match rather than rates."""
    return bool(plan.setups) and not get_game(plan.game).info.has_choices


def summary_document(result: RunResult) -> dict[str, Any]:
    plan = result.plan
    info = get_game(plan.game).info
    players = plan.options.players
    options = plan.options.to_json()
    summary = {
        "game": plan.game,
        "title": info.title,
        "games": len(result.records),
        "games_planned": plan.games,
        "complete": result.complete,
        "setups": plan.setup_count,
        "setup_source": "file" if plan.setups else "random",
        "players": players,
        "variant": plan.options.variant,
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


def run_and_report(request: RunRequest, console: Console) -> RunResult:
    """Play the request (streaming to results.jsonl), print the balance table (or, `as_json`,
    the summary JSON alone), and write summary.json, games.csv, setups.csv, report.pdf and the
    charts into its folder. The result says whether every game was played (not on Ctrl-C)."""
    plan = request.plan()
    with locked(request.folder):
        return _play_and_write(request, plan, console)


def _play_and_write(request: RunRequest, plan: RunPlan, console: Console) -> RunResult:
    """The run of `run_and_report` once its folder is locked: every output written, and any
    output of an earlier run that this one does not write removed."""
    game = get_game(request.game)
    store = ResultStore(request.folder, plan, request.resume)
    if store.previous:
        console.print(f"resuming: {len(store.previous)} of {plan.games} games already played")
    result = run(plan, request.execution, store)
    store.claim()  # even with no game played, the outputs written next are this run's
    players = request.players
    seat_names = [game.info.seat_name(s) for s in range(players)]
    summary = summary_document(result)
    verdict = None  # one game per setup says nothing about a setup
    if plan.setup_count > 1 and plan.games >= 2 * plan.setup_count:
        verdict = setup_fairness(result.records, players)
        summary["setup_fairness"] = spread(verdict)
    paths = write_results(request.folder, summary, result.records, players, verdict)
    charts = write_report(request.folder, summary, result.records, verdict, seat_names)
    remove_outputs(request.folder, keep=paths + charts)
    paths += charts[:1]
    if request.as_json:
        print(json.dumps(summary, indent=2))
    else:
        print_summary(summary, console, seat_names)
        if request.kind == "balance":
            print_setups(verdict, console)
        for path in paths:
            console.print(str(path))
    return result
