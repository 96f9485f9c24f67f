"""Where games are played: in this process, a pool of local worker processes, or a Dask cluster.

Every executor takes a plan and chunks of game numbers and yields each chunk's records as the
chunk finishes, in any order; the caller puts records back in game order, so the executor never
changes the numbers.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import re
import sys
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol

from pnp.errors import InputError, one_of
from pnp.games import get_game
from pnp.games.base import State
from simulate.runner import GameRecord, RunPlan, Worker
from simulate.scratch import quiet_cluster_logs, scratch_folder, stderr_into


class Executor(Protocol):
    def run(self, plan: RunPlan, chunks: Iterable[list[int]]) -> Iterator[list[GameRecord]]: ...


class InlineExecutor:
    """Plays every chunk in this process (one worker)."""

    def run(self, plan: RunPlan, chunks: Iterable[list[int]]) -> Iterator[list[GameRecord]]:
        worker = Worker(plan)
        for chunk in chunks:
            yield worker.play_chunk(chunk)


_WORKER: Worker | None = None


def _start_worker(plan: RunPlan, lifeline: Connection | None = None) -> None:
    global _WORKER
    _WORKER = Worker(plan)
    if lifeline is not None:
        threading.Thread(target=_exit_with_main, args=(lifeline,), daemon=True).start()


def _exit_with_main(lifeline: Connection) -> None:
    """End this worker once the main process is gone.

    The main process holds the only write end of `lifeline` and never writes to it, so the read
    returns only when that process ends, however it ends. Without this, `kill -9` of a run would
    leave its pool's workers (and the forkserver they keep alive) waiting for work for ever.
    """
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()
    os._exit(1)


def _play_chunk(chunk: list[int]) -> list[GameRecord]:
    assert _WORKER is not None, "worker process not initialised"
    return _WORKER.play_chunk(chunk)


class ProcessExecutor:
    """Plays chunks in `workers` local processes, keeping at most two chunks queued per worker."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, plan: RunPlan, chunks: Iterable[list[int]]) -> Iterator[list[GameRecord]]:
        scratch_folder()  # multiprocessing's socket folder goes there, removed at exit
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            started = ["simulate.compiled_start"] if _has_engine(plan) else []
            context.set_forkserver_preload(["pnp.games", "simulate.runner", *started])
        lifeline, keeper = context.Pipe(duplex=False)  # workers exit when `keeper` closes
        pool = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_start_worker,
            initargs=(plan, lifeline),
        )  # fmt: skip
        pending: set[Future[list[GameRecord]]] = set()
        queue = iter(chunks)
        try:
            for chunk in queue:
                pending.add(pool.submit(_play_chunk, chunk))
                if len(pending) >= 2 * self.workers:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                    following = next(queue, None)
                    if following is not None:
                        pending.add(pool.submit(_play_chunk, following))
        finally:
            pool.shutdown(wait=not pending, cancel_futures=True)
            keeper.close()
            lifeline.close()


def _has_engine(plan: RunPlan) -> bool:
    """Whether the plan's game offers a compiled engine (`State.compiled`), told without
    starting numba."""
    state = get_game(plan.game).new_state(Worker(plan).setup(0))
    return type(state).compiled is not State.compiled


def play_plan_chunk(plan: RunPlan, chunk: list[int]) -> list[GameRecord]:
    """One chunk of a plan, in whatever process runs it (a Dask worker)."""
    return Worker(plan).play_chunk(chunk)


class DaskExecutor:
    """Plays chunks on a Dask cluster: the scheduler at `address`, or a LocalCluster of
    `workers` processes on loopback started for the run (the optional extra `pnp[cluster]`).
    Workers of a remote cluster need pnp installed at the same version."""

    def __init__(self, address: str | None, workers: int) -> None:
        self.address = address
        self.workers = workers

    def run(self, plan: RunPlan, chunks: Iterable[list[int]]) -> Iterator[list[GameRecord]]:
        try:
            distributed: Any = importlib.import_module("dask.distributed")
        except ImportError:
            raise InputError(
                "executor", "dask",
                template="{field} {value} needs dask.distributed: pip install 'pnp[cluster]'",
            ) from None  # fmt: skip
        quiet_cluster_logs()
        yield from self._run(distributed, plan, chunks)

    def _run(
        self, distributed: Any, plan: RunPlan, chunks: Iterable[list[int]]
    ) -> Iterator[list[GameRecord]]:
        cluster = client = None
        try:
            if self.address is None:
                cluster = self._local_cluster(distributed)
            client = self._connect(distributed, cluster)
            shared = client.scatter(plan, broadcast=True)
            queue = iter(chunks)  # submitted a few at a time: 10^9 games are never all queued
            workers = max(self.workers, len(client.scheduler_info().get("workers", {})))
            first = [chunk for _, chunk in zip(range(4 * workers), queue, strict=False)]
            running = distributed.as_completed(
                [client.submit(play_plan_chunk, shared, chunk, pure=False) for chunk in first]
            )
            for future in running:
                yield future.result()
                following = next(queue, None)
                if following is not None:
                    running.add(client.submit(play_plan_chunk, shared, following, pure=False))
        except (OSError, distributed.KilledWorker) as exc:  # no scheduler, or lost the cluster
            raise InputError(
                "scheduler", self.address or "(a local cluster)",
                template="{field} {value}: the cluster failed ({why})",
                why=str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
            ) from None  # fmt: skip
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()

    def _connect(self, distributed: Any, cluster: Any) -> Any:
        try:
            return distributed.Client(
                cluster if cluster is not None else self.address, timeout="20s"
            )
        except OSError as exc:
            raise InputError(
                "scheduler", self.address, template="{field} {value}: cannot connect ({why})",
                why=exc,
            ) from None  # fmt: skip

    def _local_cluster(self, distributed: Any) -> Any:
        """A LocalCluster of `workers` processes on loopback, its files in the scratch folder
        and its processes' messages in a log there (a Ctrl-C reaches them too, and their
        tracebacks would fill the terminal)."""
        scratch = scratch_folder()
        with stderr_into(scratch / "dask-workers.log"):
            return distributed.LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None, local_directory=str(scratch / "dask"),
            )  # fmt: skip


EXECUTORS = ("local", "dask")
#: A Dask scheduler's address: [PROTOCOL://]HOST:PORT, the host a name, an IPv4 or [IPv6].
SCHEDULER_ADDRESS = re.compile(r"\A(?:[a-z]+://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}\Z")
MAX_WORKERS = 256  # processes of one machine, or Dask workers asked of a cluster


def make_executor(workers: int, kind: str = "local", scheduler: str | None = None) -> Executor:
    if kind not in EXECUTORS:
        raise InputError("executor", kind, one_of(EXECUTORS))
    if kind == "dask":
        if scheduler is not None and not SCHEDULER_ADDRESS.match(scheduler):
            raise InputError("scheduler", scheduler, "HOST:PORT, e.g. tcp://10.0.0.1:8786")
        return DaskExecutor(scheduler, workers)
    if scheduler is not None:
        raise InputError("scheduler", scheduler, template="{field} needs {executor} dask")
    return InlineExecutor() if workers == 1 else ProcessExecutor(workers)


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(frozen=True)
class Execution:
    """How a run's games are spread: local worker processes, or a Dask cluster."""

    workers: int
    executor: str = "local"
    scheduler: str | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.workers <= MAX_WORKERS:
            raise InputError("workers", self.workers, f"a whole number from 1 to {MAX_WORKERS}")
        make_executor(self.workers, self.executor, self.scheduler)  # checks the names
