"""results.jsonl holds the games in plan order whatever the workers (issue 18): the executors
hand chunks back in the order they were given, holding a bounded window of chunks at once, so
1 worker, 2 workers, Dask and a run resumed after Ctrl-C write the same bytes."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pnp.games import get_game
from simulate.measure.tally import RunFold
from simulate.report.summary import RunFolds
from simulate.run import executors
from simulate.run import store as store_module
from simulate.run.executors import Execution, Finish, ProcessExecutor, T
from simulate.run.runner import GameRecord, RunPlan, Worker, chunks
from simulate.run.store import ResultStore
from simulate.studies import session
from simulate.studies.session import run
from tests.support.waiting import PATIENCE


def make_plan(games: int = 60) -> RunPlan:
    info = get_game("paper-penguins").info
    return RunPlan("paper-penguins", info.resolve(None, None, {}), ("random", "greedy"), 5,
                   games, random_setups=7)  # fmt: skip


class CountingPool(ThreadPoolExecutor):
    """Threads in place of worker processes, counting the chunks given out and not yet handed
    back to the caller (`ahead`) at their most."""

    def __init__(self) -> None:
        super().__init__(2)
        self.ahead = self.most = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.ahead += 1
        self.most = max(self.most, self.ahead)
        return super().submit(fn, *args, **kwargs)


def test_the_pool_hands_chunks_back_in_plan_order_holding_a_bounded_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan = make_plan()
    pool = CountingPool()
    first_may_end = threading.Event()

    def play(plan: RunPlan, chunk: list[int], finish: Finish[T]) -> T:
        if chunk[0] == 0:  # the first chunk ends last of the window
            first_may_end.wait(PATIENCE)
        elif chunk[0] >= 9:  # a chunk the window holds
            first_may_end.set()
        return finish(plan, Worker(plan).play_chunk(chunk))

    monkeypatch.setattr(executors, "worker_pool", lambda _workers: pool)
    monkeypatch.setattr(executors, "_play_chunk", play)
    handed: list[int] = []
    with pool:
        for chunk in ProcessExecutor(2).run(plan, chunks(plan.tasks(), 3)):
            handed += [record.index for record in chunk]
            pool.ahead -= 1
    assert handed == list(range(60))
    assert pool.most <= 2 * 2 + 1, f"{pool.most} chunks out at once"


def results_of(out: Path, workers: int, *, interrupt_after: int = 0) -> bytes:
    """results.jsonl of the plan played with `workers` in chunks of one game; with
    `interrupt_after`, Ctrl-C just after that many chunks are on disk, then resumed."""
    plan = make_plan()
    out.mkdir()
    if interrupt_after:
        fsync, calls = os.fsync, []

        def fsync_then_ctrl_c(descriptor: int) -> None:
            fsync(descriptor)
            calls.append(descriptor)
            if len(calls) == interrupt_after:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.1)

        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(store_module.os, "fsync", fsync_then_ctrl_c)
            cut = run(plan, Execution(workers), ResultStore(out, plan, False), False)
        assert not cut.complete
    folds = RunFolds(plan)
    store = ResultStore(out, plan, bool(interrupt_after), folds.add)
    assert run(plan, Execution(workers), store, False, folds=folds).complete
    return (out / "results.jsonl").read_bytes()


def test_results_jsonl_is_the_same_bytes_for_one_and_two_workers_and_after_a_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session, "chunk_size", lambda *_: 1)  # many chunks, finishing unevenly
    one = results_of(tmp_path / "one", 1)
    assert one.count(b"\n") == 1 + 60
    assert results_of(tmp_path / "two", 2) == one
    assert results_of(tmp_path / "resumed", 2, interrupt_after=9) == one


def test_a_pooled_run_leaves_encoding_and_folding_its_games_to_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The main process of a run with worker processes writes each chunk's lines and adds its
    folds: it encodes and folds no game itself (issue 19), and the results are the same bytes
    and numbers as a run in one process."""
    plan = make_plan()
    one_folds = RunFolds(plan, per_setup=True)
    (tmp_path / "one").mkdir()
    one = run(plan, Execution(1), ResultStore(tmp_path / "one", plan, False), False,
              folds=one_folds)  # fmt: skip
    calls: list[str] = []
    encode, fold = store_module.record_json, RunFold.add

    def encoded(record: GameRecord) -> str:
        calls.append("record_json")
        return encode(record)

    def folded(self: RunFold, record: GameRecord) -> None:
        calls.append("RunFold.add")
        fold(self, record)

    monkeypatch.setattr(store_module, "record_json", encoded)
    monkeypatch.setattr(RunFold, "add", folded)
    (tmp_path / "two").mkdir()
    two_folds = RunFolds(plan, per_setup=True)
    two = run(plan, Execution(2), ResultStore(tmp_path / "two", plan, False), False,
              folds=two_folds)  # fmt: skip
    assert calls == [], f"the main process did {len(calls)} games' work"
    assert two == one and two_folds.run.setups == one_folds.run.setups
    results = [(tmp_path / name / "results.jsonl").read_bytes() for name in ("one", "two")]
    assert results[0] == results[1] and results[0].count(b"\n") == 1 + plan.games
