"""Starting a run's worker processes: the command goes on while their forkserver starts."""

from __future__ import annotations

import array
import fcntl
import multiprocessing
import os
import subprocess
import sys
import termios
import time
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from tests.support.pools import BIG, PipeQueue, send_a_big_result
from tests.support.waiting import PATIENCE, finished, wait_for

SCRIPT = """
import sys, threading
from pathlib import Path
from simulate.run import executors
from simulate.run.executors import Execution, ProcessExecutor, start_workers
from tests.simulate.test_simulate import plan

executors.PRELOAD = [*executors.PRELOAD, "tests.support.gated_import"]
if __name__ == "__main__":
    starting = threading.Thread(target=start_workers, args=(Execution(2),), daemon=True)
    starting.start()
    starting.join(600)  # the forkserver waits for the gate, which opens only after this
    print("blocked" if starting.is_alive() else "went on", flush=True)
    Path(sys.argv[1]).touch()
    chunks = list(ProcessExecutor(2).run(plan(8), [[i] for i in range(8)]))
    print(sum(len(chunk) for chunk in chunks), "games", flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork from a forkserver")
def test_starting_the_workers_does_not_wait_for_their_forkserver(tmp_path: Path) -> None:
    """`start_workers` only starts the forkserver, which imports the workers' modules and starts
    numba in its own process: the command meanwhile imports what it reports with, instead of
    waiting for it (about a second of a run's fixed cost)."""
    script = tmp_path / "start.py"
    script.write_text(SCRIPT)
    gate = tmp_path / "gate"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(script), str(gate)], cwd=root, capture_output=True, text=True,
        env={**os.environ, "PNP_TEST_GATE": str(gate), "PYTHONPATH": str(root)}, timeout=PATIENCE,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["went on", "8 games"]


def _loaded(modules: tuple[str, ...]) -> tuple[int, list[str]]:
    """This worker's pid and which of `modules` it has imported."""
    time.sleep(0.05)  # long enough that a second call goes to the other worker
    return os.getpid(), [module for module in modules if module in sys.modules]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork from a forkserver")
def test_a_worker_starts_with_its_folds_imported_and_never_loads_the_statistics() -> None:
    """A run hands each chunk to a worker with `FoldChunk` (simulate/report/chunkfold.py): the
    forkserver imports its module once, so every worker starts with it. The statistics the
    measures call (scipy.stats, statsmodels: about a second of imports) and the charts (matplotlib)
    load where they are called, in the process that reports: never in a worker, whatever it
    folds, so a run's forkserver does not pay that second beside the command."""
    from simulate.report.chunkfold import FoldChunk
    from simulate.run.executors import ProcessExecutor, drop_pool, worker_pool
    from tests.simulate.test_simulate import plan

    drop_pool()  # a pool of an earlier test may have folded chunks already
    try:
        pool = worker_pool(2)
        finish = FoldChunk(per_setup=True, lines=True, tables=True)
        chunks = list(ProcessExecutor(2).play(plan(8), [[i] for i in range(8)], finish))
        assert sum(len(chunk.games) for chunk in chunks) == 8
        wanted = (
            "simulate.report.chunkfold",
            "scipy.stats",
            "scipy.special",
            "statsmodels",
            "matplotlib",
        )  # numba imports scipy's BLAS, so scipy itself is no sign
        seen: dict[int, list[str]] = {}
        while len(seen) < 2:
            calls = [pool.submit(_loaded, wanted) for _ in range(2)]
            seen.update(call.result(timeout=PATIENCE) for call in calls)
        assert list(seen.values()) == [["simulate.report.chunkfold"]] * 2, seen
    finally:
        drop_pool()


def test_a_worker_told_to_end_while_it_sends_a_result_ends_after_the_whole_message(
    tmp_path: Path,
) -> None:
    """A run that fails (its folder removed, a full disk) closes its pool without waiting, and
    each worker ends as its lifeline closes. A worker that ended halfway through sending a
    result left half a message in the pool's pipe, which the pool's thread in the main process
    then waited on for ever, and with it the command's exit (seen once in a suite: `pnp
    simulate` hung for good after its one line, deaf to SIGTERM). Here nothing reads the
    result until the worker is told to end: it is stuck halfway, and must still send it whole."""
    context = multiprocessing.get_context("spawn")
    reader, writer = context.Pipe(duplex=False)
    lifeline, keeper = context.Pipe(duplex=False)
    flag = tmp_path / "sending"
    worker = context.Process(
        target=send_a_big_result, args=(PipeQueue(writer), lifeline, str(flag))
    )
    worker.start()
    writer.close()  # the worker holds the only write end: its end is the pipe's end
    lifeline.close()
    wait_for(lambda: flag.exists() and _waiting_bytes(reader) > 0, "the worker to send")
    keeper.close()  # the pool closes while the pipe is full and the worker halfway through
    result = reader.recv()  # half a message: OSError "got end of file during message"
    assert len(result.result) == BIG
    worker.join()


def _waiting_bytes(reader: Connection) -> int:
    waiting = array.array("i", [0])
    fcntl.ioctl(reader.fileno(), termios.FIONREAD, waiting)
    return waiting[0]


HALF_A_MESSAGE = """
import os, struct
from simulate.run import executors

if __name__ == "__main__":
    pool = executors.worker_pool(1)
    pool.submit(int).result()  # the worker is running
    # what a worker killed from outside while it sends a result leaves in the pool's pipe: a
    # message's length, and less than that of the message
    os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 1000) + bytes(10))
    executors.drop_pool(wait=False)  # as a failed or interrupted run drops it
    print("dropped", flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork from a forkserver")
def test_a_pool_whose_thread_waits_on_half_a_message_still_lets_the_command_exit(
    tmp_path: Path,
) -> None:
    """A worker killed from outside (`kill -9`, the out-of-memory killer) while it sent a result
    left half a message, and the pool's thread waited for the rest for ever: the run, and a
    Ctrl-C of it, could not end (the exit joins that thread). Dropping the pool now ends the
    wait once its workers are gone; the command exits, with no traceback."""
    script = tmp_path / "half.py"
    script.write_text(HALF_A_MESSAGE)
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, str(script)], cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    code, err = finished(process, "the command whose pool waited on half a message")
    assert (code, err) == (0, "")


BROKEN_WHILE_SENDING = """
import sys
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from simulate.run import executors
from tests.simulate.test_pool_start import _waiting_bytes
from tests.support.pools import big_after, die
from tests.support.waiting import wait_for

executors.PRELOAD = [*executors.PRELOAD, "tests.support.patient_workers"]
if __name__ == "__main__":
    started, go = Path(sys.argv[1]) / "started", Path(sys.argv[1]) / "go"
    pool = executors.worker_pool(2)
    big = pool.submit(big_after, str(started), str(go))
    wait_for(started.exists, "one worker to take the big result's task")
    try:
        pool.submit(die).result()  # the other worker is killed: the pool breaks
    except BrokenProcessPool:
        pass
    go.touch()  # the first worker now sends its result into a pipe no one reads any more
    results = pool._result_queue._reader
    wait_for(lambda: _waiting_bytes(results) > 0, "the worker to start sending")
    executors.drop_pool(wait=False)  # as the failed run drops it
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork from a forkserver")
def test_a_pool_broken_by_a_killed_worker_lets_the_command_exit_at_once(tmp_path: Path) -> None:
    """`kill -9` of one worker breaks the pool, whose thread then stops reading results and
    waits for the other worker to end. That worker ignores SIGTERM (Ctrl-C is the command's to
    handle) and, sending a result nobody reads, cannot end: the command waited the workers'
    patience for sending (a minute) before its one line (seen twice in nine suites). Dropping a
    broken pool now kills its workers; here their patience is an hour, so waiting on them would
    hang the test."""
    script = tmp_path / "broken.py"
    script.write_text(BROKEN_WHILE_SENDING)
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path)], cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    code, err = finished(process, "the command whose broken pool has a worker sending")
    assert (code, err) == (0, ""), err
