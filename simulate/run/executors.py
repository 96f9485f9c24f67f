"""Where games are played: in this process, a pool of local worker processes, or a Dask cluster.

Every executor takes a plan and chunks of game numbers and yields each chunk's records (`run`),
or what a `finish` made of them where they were played (`play`: a run's results.jsonl lines and
folds, simulate/report/chunkfold.py), in the order the chunks were given (`in_order`): a window of
chunks plays at once, and a chunk that finishes ahead of an earlier one waits in it. So
results.jsonl is written in plan order, the same bytes for any number of workers and for Dask,
and a run killed at any point leaves a prefix of the plan that a resume completes to those bytes.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import multiprocessing
import multiprocessing.context
import os
import re
import signal
import socket
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import BrokenExecutor, CancelledError, ProcessPoolExecutor
from concurrent.futures import process as futures_process
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol, TypeVar

from pnp.errors import InputError, PnpError, one_of
from pnp.stopping import deferred_stop, restore, stop_handlers
from simulate.run.runner import GameRecord, RunPlan, Worker
from simulate.run.scratch import quiet_cluster_logs, scratch_folder, stderr_into

T = TypeVar("T")
#: What a worker makes of a chunk's records before handing them back (it must pickle).
Finish = Callable[[RunPlan, list[GameRecord]], T]


def keep_records(plan: RunPlan, records: list[GameRecord]) -> list[GameRecord]:
    """The `Finish` that hands a chunk's records back as they are."""
    return records


class Executor(Protocol):
    def run(self, plan: RunPlan, chunks: Iterable[list[int]]) -> Iterator[list[GameRecord]]: ...

    def play(
        self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]
    ) -> Iterator[T]: ...


class BaseExecutor:
    """What every executor shares: `run` is `play` keeping the records."""

    def run(self, plan: RunPlan, chunks: Iterable[list[int]]) -> Iterator[list[GameRecord]]:
        return self.play(plan, chunks, keep_records)

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        raise NotImplementedError


class InlineExecutor(BaseExecutor):
    """Plays every chunk in this process (one worker)."""

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        worker = Worker(plan)
        for chunk in chunks:
            yield finish(plan, worker.play_chunk(chunk))


_WORKER: Worker | None = None


#: Held by a pool's worker while it sends a result back: the worker ends only between messages.
_SENDING = threading.Lock()
#: How long a worker told to end waits for a result it is sending to go through: only a pipe no
#: one reads any more holds it that long (the main process gone; a broken pool, which stops
#: reading, kills its workers instead: `_Pool.close`), and then no one waits on the rest.
_SEND_PATIENCE = 60.0


def _start_worker(lifeline: Connection) -> None:
    stop_handlers(signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the main process stops
    _send_whole_results()
    threading.Thread(target=_exit_with_main, args=(lifeline,), daemon=True).start()


def _send_whole_results() -> None:
    """Send each result of this worker under `_SENDING`. A worker that ended halfway through a
    result left half a message in the pool's pipe, and the pool's thread in the main process
    waited for the rest for ever, and with it the command's exit (the pool dropped because a
    run failed: CPython's ProcessPoolExecutor cannot tell a half message from a slow one)."""
    send = futures_process._sendback_result

    def send_whole(*args: Any, **kwargs: Any) -> None:
        with _SENDING:
            send(*args, **kwargs)

    futures_process._sendback_result = send_whole


def _exit_with_main(lifeline: Connection) -> None:
    """End this worker once the pool is closed or the main process is gone, between messages.

    The main process holds the only write end of `lifeline` and never writes to it, so the read
    returns only when the pool closes it or that process ends, however it ends. Without this,
    `kill -9` of a run would leave its pool's workers (and the forkserver they keep alive)
    waiting for work for ever.
    """
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()
    _SENDING.acquire(timeout=_SEND_PATIENCE)
    os._exit(1)


def _play_chunk(plan: RunPlan, chunk: list[int], finish: Finish[T]) -> T:
    """One chunk in a pool's worker, which keeps the `Worker` of the plan it last played (and
    with it whatever the game's engines loaded) for the next chunk."""
    global _WORKER
    if _WORKER is None or _WORKER.plan != plan:
        _WORKER = Worker(plan)
    return finish(plan, _WORKER.play_chunk(chunk))


def _ready() -> None:
    """A pool's first task for each worker: it returns once the worker process is running."""


@dataclass
class _Pool:
    """A pool of worker processes and the pipe whose write end (`keeper`) ends them closed."""

    workers: int
    executor: ProcessPoolExecutor
    keeper: Connection
    lifeline: Connection  # the read end each worker gets when it starts

    def close(self, wait: bool) -> None:
        """Shut the pool down; without `wait`, its workers end at once (between two of their
        messages) and so does the pool's thread, even one waiting for the rest of a message
        from a worker killed from outside while it sent a result: once the workers are gone,
        this process closes its own copy of the results pipe's write end, the last one, so
        that wait ends (in the pool's 'broken' state) instead of holding this process's exit
        for ever.

        A pool broken by a worker killed from outside has stopped reading results, and its
        thread waits for the other workers to end: CPython ends them with SIGTERM, which they
        ignore (a Ctrl-C is the command's to handle), and one sending a result nobody reads
        cannot end between messages. Those are killed: their results are lost with the run
        anyway. `_processes`, `_broken` and `_result_queue` are CPython's own (3.9 to 3.13)."""
        executor: Any = self.executor
        workers = [] if wait else list((executor._processes or {}).values())
        results = executor._result_queue
        self.executor.shutdown(wait=wait, cancel_futures=True)
        self.keeper.close()
        self.lifeline.close()
        if workers and getattr(executor, "_broken", False):
            for worker in workers:
                worker.kill()
        if workers and results is not None:
            for worker in workers:
                worker.join()
            results._writer.close()


_POOL: _Pool | None = None
#: The modules a forkserver imports once, so that every worker it forks starts with them
#: (simulate/agents/compiled_start.py: numba's compiler started, for the games with compiled
#: engines; simulate/report/chunkfold.py: what folds a run's chunks, and the measures it imports,
#: which every worker would otherwise import at its first chunk; the statistics libraries those
#: call in the report load only there, simulate/measure/inference.py).
PRELOAD = [
    "simulate.run.orphan",  # first: the forkserver ends with this process, whatever it imports
    "pnp.games",
    "simulate.run.runner",
    "simulate.agents.compiled_start",
    "simulate.report.chunkfold",
]


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """This process's pool of `workers` local worker processes, started on first use and kept
    for the next run (a ladder's rungs, a fair search's rounds): a run then pays no process
    start-up, and a worker keeps the engines it compiled or loaded. Workers are forked from a
    forkserver that has imported `PRELOAD` (on Linux), else spawned."""
    global _POOL
    if _POOL is not None and _POOL.workers == workers:
        return _POOL.executor
    drop_pool()
    context = _start_context()
    # a Ctrl-C while a worker is forked would leave it unknown to the pool, unpickling what
    # this process removes as it exits (a traceback after pnp's last line): it waits
    with deferred_stop():
        lifeline, keeper = context.Pipe(duplex=False)  # workers exit when `keeper` closes
        pool = ProcessPoolExecutor(
            workers, mp_context=context, initializer=_start_worker, initargs=(lifeline,)
        )
        _POOL = _Pool(workers, pool, keeper, lifeline)
        try:
            for _ in range(workers):  # workers start one per task waiting: start them all now
                pool.submit(_ready)
        except (EOFError, OSError, BrokenExecutor) as exc:  # the forkserver died starting
            drop_pool(wait=False)
            raise pool_failure(workers, exc) from None
    return pool


def _start_context() -> multiprocessing.context.BaseContext:
    """The context worker processes start in: forked from a forkserver on Linux, started here
    (if it is not running) and importing `PRELOAD` in its own process, so this process goes on
    meanwhile; a worker started before the forkserver has imported them waits for it."""
    scratch = scratch_folder()  # multiprocessing's socket folder goes there, removed at exit
    if not sys.platform.startswith("linux"):
        return multiprocessing.get_context("spawn")
    from multiprocessing import forkserver  # POSIX only

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    # Started with the stop signals ignored, the forkserver (and every worker it forks) keeps
    # them ignored: a Ctrl-C at the terminal, which reaches the whole process group, stops this
    # process alone, which ends the workers (a worker or a forkserver importing PRELOAD would
    # print its traceback). A Ctrl-C in the few milliseconds the server takes to start is lost.
    # Its messages (and its workers') go to a log: a worker that cannot start says why there,
    # and pnp says it in one line (`pool_failure`).
    handlers = stop_handlers(signal.SIG_IGN)
    try:
        with stderr_into(scratch / WORKERS_LOG):
            forkserver.ensure_running()
    finally:
        restore(handlers)
    return context


WORKERS_LOG = "workers.log"


def pool_failure(workers: int, error: BaseException) -> PnpError:
    """The one line of a worker pool that broke: its workers could not start (a forkserver that
    failed to import what they need, for lack of memory) or one ended while it played (killed,
    or out of memory); the log's last line says why, where it says anything."""
    with contextlib.suppress(OSError):
        said = (scratch_folder() / WORKERS_LOG).read_text(errors="replace").strip().splitlines()
        if said:
            error = RuntimeError(said[-1])
    why = str(error).splitlines()[0] if str(error) else type(error).__name__
    return PnpError(
        f"--workers {workers}: a worker process could not start or ended abruptly ({why}); the "
        "finished games are kept (--resume), and --workers 1 plays without worker processes"
    )


def drop_pool(wait: bool = True) -> None:
    """Shut this process's pool down (at exit, or after a run that left work in it)."""
    global _POOL
    if _POOL is not None:
        pool, _POOL = _POOL, None
        pool.close(wait)


atexit.register(drop_pool)


def start_workers(execution: Execution) -> None:
    """Start what the local worker processes of `execution` start from (a Dask cluster starts
    with its run) without waiting for it: the forkserver imports the workers' modules and starts
    numba while this process imports the reports' and prepares the run. The workers themselves
    start when the run gives out its first games: forking one waits until the forkserver is
    ready, and so would this process if it started them now."""
    if execution.executor == "local" and execution.workers > 1:
        _start_context()


T_co = TypeVar("T_co", covariant=True)


class Pending(Protocol[T_co]):
    """A chunk given to a worker (a concurrent.futures or a Dask future)."""

    def result(self) -> T_co: ...


def in_order(
    submit: Callable[[list[int]], Pending[T]], chunks: Iterable[list[int]], window: int
) -> Iterator[T]:
    """The records of `chunks`, each chunk given to `submit` and handed back in the order given.

    At most `window` chunks are out at once (playing, or finished and waiting for an earlier
    one), so the records held do not grow with the run, and the next chunk is given out before
    one is handed back, so workers keep busy while the caller stores it. A window of twice the
    workers keeps them busy unless one chunk takes twice as long as the others.
    """
    queue = iter(chunks)
    out: deque[Pending[T]] = deque(
        submit(chunk) for _, chunk in zip(range(window), queue, strict=False)
    )
    while out:
        records = out.popleft().result()
        following = next(queue, None)
        if following is not None:
            out.append(submit(following))
        yield records


class ProcessExecutor(BaseExecutor):
    """Plays chunks in `workers` local processes (this process's `worker_pool`), at most two
    chunks out per worker."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        pool = worker_pool(self.workers)
        finished = False
        try:
            yield from in_order(
                lambda chunk: pool.submit(_play_chunk, plan, chunk, finish), chunks,
                2 * self.workers,
            )  # fmt: skip
            finished = True
        except BrokenExecutor as exc:
            raise pool_failure(self.workers, exc) from None
        finally:
            if not finished:  # interrupted, or a chunk failed: the pool's work is not this run's
                drop_pool(wait=False)


def play_plan_chunk(plan: RunPlan, chunk: list[int], finish: Finish[T]) -> T:
    """One chunk of a plan, in whatever process runs it (a Dask worker)."""
    return finish(plan, Worker(plan).play_chunk(chunk))


class DaskExecutor(BaseExecutor):
    """Plays chunks on a Dask cluster: the scheduler at `address`, or a LocalCluster of
    `workers` processes on loopback started for the run (the optional extra `pnp[cluster]`).
    Workers of a remote cluster need pnp installed at the same version."""

    def __init__(self, address: str | None, workers: int) -> None:
        self.address = address
        self.workers = workers

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        try:
            distributed: Any = importlib.import_module("dask.distributed")
        except ImportError:
            raise InputError(
                "executor", "dask",
                template="{field} {value} needs dask.distributed: pip install 'pnp[cluster]'",
            ) from None  # fmt: skip
        quiet_cluster_logs()
        yield from self._run(distributed, plan, chunks, finish)

    def _run(
        self, distributed: Any, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]
    ) -> Iterator[T]:
        cluster = client = None
        try:
            if self.address is None:
                cluster = self._local_cluster(distributed)
            client = self._connect(distributed, cluster)
            # every task carries the plan and the finish (a few kB): scattered data has one
            # replica once the scheduler's Active Memory Manager has reduced it (ReduceReplicas,
            # broadcast or not), and a cluster losing that worker loses it for good, failing the
            # run ("already forgotten"; tests/simulate/test_dask_cluster.py failed 2 runs in 3)
            # a few chunks out at a time: 10^9 games are never all queued
            workers = max(self.workers, len(client.scheduler_info().get("workers", {})))
            yield from in_order(
                lambda chunk: client.submit(play_plan_chunk, plan, chunk, finish, pure=False),
                chunks, 4 * workers,
            )  # fmt: skip
        # no scheduler, or the cluster lost: a worker killed again and again, or the scheduler
        # gone (its futures cancelled for the reason "scheduler-connection-lost")
        except (OSError, CancelledError, distributed.KilledWorker) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(
                "scheduler", self.address or "(a local cluster)",
                template="{field} {value}: the cluster failed ({why})",
                why=getattr(exc, "reason", None) or first,
            ) from None  # fmt: skip
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()

    def _connect(self, distributed: Any, cluster: Any) -> Any:
        """A client of the cluster, waiting for its scheduler as long as dask's own setting
        says (`distributed.comm.timeouts.connect`, 30 s unless set, for example by the
        environment's DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT)."""
        if cluster is None and self.address is not None:
            probe_scheduler(distributed, self.address)
        try:
            return distributed.Client(cluster if cluster is not None else self.address)
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


def probe_scheduler(distributed: Any, address: str) -> None:
    """InputError when what listens at the TCP `address` is no Dask scheduler, saying what it
    is. A scheduler speaks first (its handshake, a binary frame); another server says some text
    (SSH, SMTP) or waits for its client (an HTTP server: asked, it names itself). Dask's own
    client would wait for a handshake without end. Other protocols are left to Dask."""
    scheme, location = distributed.comm.parse_address(address)
    if scheme != "tcp":
        return
    host, port = distributed.comm.parse_host_port(location)
    dask = importlib.import_module("dask")
    wait = dask.utils.parse_timedelta(
        dask.config.get("distributed.comm.timeouts.connect"), default="seconds"
    )
    try:
        with socket.create_connection((host, port), timeout=wait) as connection:
            first = _first_words(connection)
            if first is None:
                connection.sendall(b"HEAD / HTTP/1.0\r\n\r\n")
                first = _first_words(connection) or b""
    except OSError as exc:
        raise InputError(
            "scheduler", address, template="{field} {value}: cannot connect ({why})", why=exc,
        ) from None  # fmt: skip
    if first and not all(32 <= byte < 127 or byte in b"\r\n\t" for byte in first[:16]):
        return  # binary: a scheduler's handshake
    line = first.split(b"\n", 1)[0].strip().decode("ascii")
    what = (
        "an HTTP server" if line.startswith("HTTP/")
        else f"a server saying '{line[:40]}'" if line
        else "a server that says nothing"
    )  # fmt: skip
    raise InputError(
        "scheduler", address, what=what,
        template="{field} {value}: {what} answered there, not a Dask scheduler",
    )  # fmt: skip


def _first_words(connection: socket.socket) -> bytes | None:
    """What the server at the other end of `connection` says first; None if it says nothing
    within the connection's timeout."""
    try:
        return connection.recv(256)
    except TimeoutError:
        return None


EXECUTORS = ("local", "dask")
#: The protocols a Dask scheduler listens with (distributed's comm backends but `inproc`, which
#: lives inside one process).
SCHEDULER_PROTOCOLS = ("tcp", "tls", "ws", "wss", "ucx")
#: A Dask scheduler's address: [PROTOCOL://]HOST:PORT, the host a name, an IPv4 or [IPv6].
_HOST_PORT = r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}"
SCHEDULER_ADDRESS = re.compile(rf"\A(?:(?:{'|'.join(SCHEDULER_PROTOCOLS)})://)?{_HOST_PORT}\Z")
SCHEDULER_FORM = (
    f"[{'|'.join(p + '://' for p in SCHEDULER_PROTOCOLS)}]HOST:PORT, e.g. tcp://10.0.0.1:8786"
)
MAX_WORKERS = 256  # processes of one machine, or Dask workers asked of a cluster


def make_executor(workers: int, kind: str = "local", scheduler: str | None = None) -> Executor:
    if kind not in EXECUTORS:
        raise InputError("executor", kind, one_of(EXECUTORS))
    if kind == "dask":
        if scheduler is not None and not SCHEDULER_ADDRESS.match(scheduler):
            raise InputError("scheduler", scheduler, SCHEDULER_FORM)
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
