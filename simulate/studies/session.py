"""One simulation run end to end: plan, play (with progress), summarise, report.

Every finished chunk of games is streamed to results.jsonl and folded into the run's measures
(simulate/report/summary.py), then dropped: a run's memory does not grow with its games. Ctrl-C
stops the run between chunks: the games already played are summarised with `"complete": false`, and
resuming the same request plays only the missing games, ending with the numbers of an
uninterrupted run.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from pnp.games import get_game
from pnp.progress import WorkProgress
from pnp.stopping import deferred_stop
from simulate.measure.compensation import Compensation, compensation
from simulate.measure.deals import DealStats, deals_of, write_deals
from simulate.measure.measures import Measures, SeatFact
from simulate.measure.setups import setup_fairness
from simulate.report.charts import write_report
from simulate.report.chunkfold import FoldChunk
from simulate.report.deal_report import print_deals
from simulate.report.gamestable import TableSpool, in_game_order, write_game_tables
from simulate.report.summary import RunFolds, RunResult, RunSummary
from simulate.report.terminal import print_setups, print_summary, write_results
from simulate.report.verdict import RunReport, print_verdict, run_verdict
from simulate.run.compiling import ready_engines
from simulate.run.executors import Execution, make_executor
from simulate.run.records import record_from
from simulate.run.request import RunRequest
from simulate.run.runfolder import locked, remove_outputs
from simulate.run.runner import GameRecord, IndexSet, RunPlan, missing_chunks
from simulate.run.store import ResultStore
from simulate.scoring.metrics import TOLERANCE, fair_tolerance


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: enough chunks (32 a worker) that no worker idles long at the end, and
    big chunks for big runs so batch engines fill their arrays."""
    return max(1, min(1000, games // (workers * 32)))


def run(
    plan: RunPlan,
    execution: Execution,
    store: ResultStore | None = None,
    show_progress: bool | None = None,
    *,
    folds: RunFolds | None = None,
    upto: int | None = None,
    progress: Progress | None = None,
    tables: TableSpool | None = None,
    label: str | None = None,
) -> RunResult:
    """Play the games of `plan` (those numbered below `upto`, if given) that are not already in
    `folds` (a run's folds so far, as a resumed store or an earlier call filled them), folding
    each finished chunk into them and streaming it to the store (and its rows of games.csv and
    seats.csv to `tables`, which the workers write); no record is kept. The games
    are counted on a progress bar of their own, or as a task of `progress` (a sweep's, showing
    its configurations too), removed when the run ends, named `label` (default: the game).

    On Ctrl-C, return what finished (complete=False); the store keeps it for a resumed run.
    """
    folds = folds if folds is not None else RunFolds(plan)
    done = folds.done
    wanted = plan.games if upto is None else min(upto, plan.games)
    executor = make_executor(execution.workers, execution.executor, execution.scheduler)
    shown = progress if progress is not None else games_progress(show_progress)
    complete = True
    with contextlib.nullcontext() if progress is not None else shown:
        task = shown.add_task(f"[bold]{label or plan.game}[/]", total=max(wanted, done.count),
                              completed=done.count)  # fmt: skip
        size = chunk_size(wanted - done.count, execution.workers)
        try:
            if not shown.disable and done.count < wanted:  # a person watches: say what waits
                ready(plan, shown.console)
            # the chunks to play are those missing at the start (`done` grows as they finish)
            finish = FoldChunk(folds.per_setup, lines=store is not None, tables=tables is not None)
            for finished in executor.play(plan, missing_chunks(done.copy(), wanted, size), finish):
                with deferred_stop():
                    if store:
                        store.append_lines(finished.lines, finished.games)
                    if tables and finished.tables:
                        tables.add(finished.tables, finished.games)
                    folds.merge(finished.games, finished.folds)
                shown.advance(task, len(finished.games))
                del finished  # the chunk's records go now, not when the next chunk comes
        except KeyboardInterrupt:
            complete = False
        finally:
            shown.remove_task(task)
            if store:
                store.close()
    return folds.result(complete and done.count >= wanted)


def ready(plan: RunPlan, console: Console) -> None:
    """The run's compiled engine made ready before the workers start (simulate/run/compiling.py),
    saying so when numba has to compile it: the first run of a game with these agents on this
    machine."""
    title = get_game(plan.game).info.title
    agents = ", ".join(dict.fromkeys(plan.agents))

    def starting() -> None:
        console.print(f"compiling the {title} engine for {agents}: the first run of it on this "
                      "machine (numba keeps it for the next runs) ...")  # fmt: skip

    seconds = ready_engines(plan, starting)
    if seconds:
        console.print(f"compiled in {seconds:.0f} s")


def games_progress(show: bool | None = None) -> Progress:
    """A transient progress bar on stderr, each task a run's games; shown only when `show`
    (by default: when stderr is a terminal, with a line now and then elsewhere)."""
    return WorkProgress(show=show)


def analyses_setups(plan: RunPlan) -> bool:
    """Whether the run judges its setups one by one: more than one setup, and at least two
    games each (one game per setup says nothing about a setup)."""
    return plan.setup_count > 1 and plan.games >= 2 * plan.setup_count and not by_deal(plan)


def by_deal(plan: RunPlan) -> bool:
    """A game without choices played in every seat order of random deals: reported by deal
    (simulate/measure/deals.py), each deal's match being its one result, and no setup ranking."""
    return plan.paired and not plan.setups and not get_game(plan.game).info.has_choices


def stored_records(results: Path, played: IndexSet) -> Iterator[GameRecord]:
    """The games of results.jsonl read back in game order, one at a time."""
    with results.open("rb") as lines:
        next(lines, None)  # the plan
        for data in in_game_order(lines, played):
            yield record_from(data)


def read_back(
    request: RunRequest, plan: RunPlan, store: ResultStore
) -> tuple[DealStats | None, Compensation | None]:
    """What is measured from the stored games after the run: the deals of a game without
    choices (and deals.csv), and a balance run's compensation."""
    info = get_game(plan.game).info
    players = request.players
    stats = evened = None
    if by_deal(plan):
        found = deals_of(stored_records(store.path, store.done), players)
        tolerance = fair_tolerance(False, request.tolerance)
        stats = write_deals(request.folder / "deals.csv", found, players, tolerance).stats()
    if request.kind == "balance":
        evened = compensation(stored_records(store.path, store.done), info, players, plan.seed)
    return stats, evened


def run_and_report(
    request: RunRequest, console: Console, *, table: bool = True, progress: Progress | None = None
) -> RunResult:
    """Play the request (streaming to results.jsonl), print the balance table (or, `as_json`,
    the summary JSON alone), and write summary.json, games.csv, setups.csv, report.pdf and the
    charts into its folder. The result says whether every game was played (not on Ctrl-C).
    Without `table` nothing but a resume notice is printed (a ladder or a sweep prints its own
    table); `progress` is the caller's progress display to count the games on (see `run`)."""
    plan = request.plan()
    with locked(request.folder):
        return _play_and_write(request, plan, console, table, progress)


#: The outputs every run writes (others depend on the run: setups.csv, deals.csv, charts).
REPORTED = ("summary.json", "games.csv", "seats.csv", "report.pdf")


def reported(folder: Path) -> bool:
    """Whether the run folder holds the outputs every run writes: a finished run whose report
    was not lost since (a resume writes a lost one again)."""
    return all((folder / name).is_file() for name in REPORTED)


def read_result(request: RunRequest) -> RunResult:
    """The result of the run in the request's folder, folded from its results.jsonl (each line
    checked against the request's plan, as a resume checks it) without playing a game or
    writing a file: for a run whose outputs were written when it finished (a sweep's finished
    configurations). Complete only when every game of the plan is there."""
    plan = request.plan()
    folds = RunFolds(plan, per_setup=analyses_setups(plan))
    with locked(request.folder):
        ResultStore(request.folder, plan, True, folds.add)
    return folds.result(folds.done.count >= plan.games)


def _play_and_write(
    request: RunRequest, plan: RunPlan, console: Console, table: bool, progress: Progress | None
) -> RunResult:
    """The run of `run_and_report` once its folder is locked: every output written, and any
    output of an earlier run that this one does not write removed."""
    folds = RunFolds(plan, per_setup=analyses_setups(plan))
    store = ResultStore(request.folder, plan, request.resume, folds.add)
    if store.done.count:
        console.print(f"resuming: {store.done.count} of {plan.games} games already played")
    # the workers write the rows of games.csv and seats.csv, unless earlier games are stored
    tables = TableSpool(request.folder, request.players) if not store.done.count else None
    try:
        result = run(plan, request.execution, store, folds=folds, progress=progress,
                     tables=tables)  # fmt: skip
        store.claim()  # even with no game played, the outputs written next are this run's
        return _write_outputs(request, plan, store, result, tables, console, table)
    finally:
        if tables:
            tables.discard()


def _write_outputs(
    request: RunRequest, plan: RunPlan, store: ResultStore, result: RunResult,
    tables: TableSpool | None, console: Console, table: bool,
) -> RunResult:  # fmt: skip
    """Write the outputs of the run `_play_and_write` played, and print its tables."""
    game = get_game(request.game)
    players = request.players
    seat_names = [game.info.seat_name(s) for s in range(players)]
    # the margin of an even seat or a fair setup (a game without choices: read_back's, points)
    tolerance = fair_tolerance(True, request.tolerance) if game.info.has_choices else TOLERANCE
    verdict = setup_fairness(result.setups, tolerance) if analyses_setups(plan) else None
    with whole_report(request.folder):
        deals, evened = read_back(request, plan, store) if store.done.count else (None, None)
        summary = RunSummary(result, verdict, deals, evened, command=request.command)
        report = RunReport(summary, run_verdict(summary, seat_names, tolerance))
        paths = write_results(request.folder, report, verdict)
        if deals is not None:
            paths.append(request.folder / "deals.csv")
        kinds = fact_kinds(result.measures)
        spooled = tables.write(kinds, store.done) if tables else None
        paths[1:1] = spooled or write_game_tables(request.folder, store.path, store.done, kinds,
                                                  players)  # fmt: skip
        charts = write_report(request.folder, report, seat_names)
    remove_outputs(request.folder, keep=paths + charts)
    paths += charts[:1]
    if not table:
        return result
    if request.as_json:
        print(json.dumps(report.to_json(), indent=2))
        return result
    if deals is not None:
        print_deals(summary, console)
    else:
        print_summary(summary, console, seat_names)
        if not game.info.has_choices and not plan.paired and not plan.setups:
            console.print(
                "No choices: a deal fixes its game, so every game is a different deal, played "
                "once in its own seat order (--match plays each deal in every seat order)."
            )
    if request.kind == "balance":
        print_setups(verdict, console)
    if evened is not None:
        console.print(evened.text(seat_names))
    for path in paths:
        console.print(str(path))
    print_verdict(report.verdict, console)
    return result


@contextlib.contextmanager
def whole_report(folder: Path) -> Iterator[None]:
    """The block writes a run's outputs into `folder`. On any error (a full disk, Ctrl-C) the
    outputs in it are removed, those written so far with an earlier run's: no half report is
    left, and results.jsonl keeps the games for `--resume` to write the whole report."""
    try:
        yield
    except BaseException:
        remove_outputs(folder, keep=())
        raise


def fact_kinds(measures: Measures) -> dict[str, str]:
    """games.csv's fact columns: each fact by name, "seat" (a column per seat) or "game"."""
    return {fact.name: "seat" if isinstance(fact, SeatFact) else "game" for fact in measures.facts}
