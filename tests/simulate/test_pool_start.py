"""Starting a run's worker processes: the command goes on while their forkserver starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.waiting import PATIENCE, finished

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


def _imported(module: str) -> bool:
    return module in sys.modules


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork from a forkserver")
def test_a_worker_starts_with_what_folds_its_chunks_already_imported() -> None:
    """A run hands each chunk to a worker with `FoldChunk` (simulate/report/chunkfold.py), whose
    module imports the run's statistics (scipy.stats, statsmodels: about a second). Imported in
    every worker at its first chunk, that second is paid in parallel by both workers, after the
    command's own imports: the forkserver imports it once instead, while the command imports
    its reports."""
    from simulate.run.executors import drop_pool, worker_pool

    drop_pool()  # a pool of an earlier test may have folded chunks already
    try:
        pool = worker_pool(2)
        assert pool.submit(_imported, "simulate.report.chunkfold").result(timeout=PATIENCE)
        assert pool.submit(_imported, "scipy.stats").result(timeout=PATIENCE)
    finally:
        drop_pool()


DROPPED_WHILE_SENDING = """
import sys, time
from pathlib import Path
from simulate.run import executors
from tests.support.pools import big_result

if __name__ == "__main__":
    flag = Path(sys.argv[1])
    pool = executors.worker_pool(1)
    pool.submit(big_result, str(flag))
    while not flag.exists():
        time.sleep(0.005)
    # the main thread holds the interpreter a moment, so the pool's thread reading the result
    # reads slowly and the worker is still sending when the pool is dropped
    end = time.perf_counter() + 0.2
    while time.perf_counter() < end:
        pass
    executors.drop_pool(wait=False)
    print("dropped", flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork from a forkserver")
def test_a_pool_dropped_while_a_worker_sends_its_result_lets_the_command_exit(
    tmp_path: Path,
) -> None:
    """A run that fails (its folder removed, a full disk) drops its pool without waiting, and
    the workers end at once. A worker that ended halfway through sending a result left half a
    message in the pool's pipe, which the pool's own thread then waited on for ever, and with
    it the command's exit (seen once in a suite: `pnp simulate` hung for good after its one
    line). A worker now ends only between messages."""
    script = tmp_path / "drop.py"
    script.write_text(DROPPED_WHILE_SENDING)
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path / "sending")], cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    code, err = finished(process, "the command that dropped its pool while a worker sent")
    assert code == 0, err
