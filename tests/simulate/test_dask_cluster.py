"""A real Dask cluster, not only a LocalCluster (issue 18): `dask scheduler` and two `dask worker`
processes on loopback (127.0.0.1, a free port), a balance run through `--executor dask
--scheduler tcp://127.0.0.1:PORT`, one worker killed while the run plays. The files equal a
local run's; Ctrl-C on a Dask run prints one line; nothing is left in pnp's temporary folder; the
workers' folders live in the test's folder, and every process is killed in `finally`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.waiting import PATIENCE, wait_for, wait_until

pytest.importorskip("dask.distributed")
DASK = Path(sys.executable).with_name("dask")
BALANCE = ["balance", "amazons", "--size", "6", "--setups", "6", "--games-per-setup", "30",
           "--seed", "9", "--agents", "random"]  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
        return True
    return False


def records(path: Path) -> int:
    return path.read_bytes().count(b"\n") - 1 if path.exists() else 0


@contextlib.contextmanager
def cluster(folder: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A scheduler and two one-thread workers on loopback; their processes, killed at the end."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = (folder / "cluster.log").open("ab")
    start = {"stdout": logs, "stderr": logs, "cwd": folder}
    # the Active Memory Manager every 50 ms (default 2 s): data the scheduler keeps one replica
    # of (ReduceReplicas) is down to one at once, so a run that relies on more fails every time
    amm = {"DASK_DISTRIBUTED__SCHEDULER__ACTIVE_MEMORY_MANAGER__INTERVAL": "50ms"}
    processes = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port",
                                   str(port), "--no-dashboard"], **start,
                                  env={**os.environ, **amm})]  # type: ignore[call-overload]  # fmt: skip
    try:
        wait_for(lambda: listening(port), "the scheduler to listen")
        for n in range(2):
            processes.append(subprocess.Popen(  # type: ignore[call-overload]
                [str(DASK), "worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                 "--no-nanny", "--no-dashboard", "--local-directory", str(folder / f"w{n}")],
                **start))  # fmt: skip
        yield address, processes
    finally:
        for process in processes:
            process.kill()
        for process in processes:
            process.wait(PATIENCE)
        logs.close()


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """pnp's TMPDIR, short (a worker pool's socket must fit AF_UNIX's 108 bytes), to look in."""
    folder = Path(tempfile.mkdtemp(prefix="pnp-t-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def pnp(tmp: Path, *args: str, **settings: str) -> subprocess.Popen[bytes]:
    """`python -m pnp ARGS` as its own process, with `tmp` as its TMPDIR and `settings` added
    to its environment."""
    env = {**os.environ, "TMPDIR": str(tmp), **settings}
    return subprocess.Popen([sys.executable, "-m", "pnp", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


def test_a_balance_on_a_real_cluster_losing_a_worker_gives_the_local_numbers(
    tmp_path: Path, short_tmp: Path
) -> None:
    local = pnp(short_tmp, *BALANCE, "--workers", "1", "--out", str(tmp_path / "local"))
    from distributed import Client

    with cluster(tmp_path) as (address, processes), Client(address, timeout=PATIENCE) as watching:
        watching.wait_for_workers(2, timeout=PATIENCE)
        run = pnp(short_tmp, *BALANCE, "--executor", "dask", "--scheduler", address,
                  "--out", str(tmp_path / "dask"))  # fmt: skip
        results = tmp_path / "dask" / "amazons-balance-9" / "results.jsonl"
        wait_until(lambda: records(results) > 0 or run.poll() is not None)
        # one worker lost mid-run, its chunks going to the other: the one holding data that no
        # task computes (data scattered by the run), if any, else the second
        pids = {pid: worker for worker, pid in watching.run(os.getpid).items()}
        held = [worker for key, workers in watching.who_has().items()
                if not str(key).startswith("play_plan_chunk") for worker in workers]  # fmt: skip
        victim = next((p for p in processes[1:] if pids.get(p.pid) in held), processes[2])
        victim.kill()
        lost_at = records(results)
        _, err = run.communicate(timeout=PATIENCE)
        assert run.returncode == 0, err
        assert b"Traceback" not in err
        stopped = pnp(short_tmp, "simulate", "amazons", "--size", "6", "--games", "200000",
                      "--seed", "9", "--agents", "random", "--executor", "dask",
                      "--scheduler", address,
                      "--out", str(tmp_path / "stopped"))  # fmt: skip
        kept = tmp_path / "stopped" / "amazons-sim-9" / "results.jsonl"
        wait_for(lambda: records(kept) > 0, "the stopped run to play")
        stopped.send_signal(signal.SIGINT)
        _, err = stopped.communicate(timeout=PATIENCE)
        assert (stopped.returncode, err) == (130, b"pnp: interrupted\n"), "Ctrl-C: one line"
    assert local.wait(PATIENCE) == 0, local.stderr.read()  # type: ignore[union-attr]
    assert lost_at < 180, "the worker was lost before the run ended"
    for name in ("summary.json", "games.csv", "setups.csv", "results.jsonl"):
        expected = (tmp_path / "local" / "amazons-balance-9" / name).read_bytes()
        assert (tmp_path / "dask" / "amazons-balance-9" / name).read_bytes() == expected
    assert os.listdir(short_tmp) == [], "pnp left nothing in its temporary folder"


def test_ctrl_c_on_a_local_dask_cluster_is_one_line_and_leaves_no_scratch(
    tmp_path: Path, short_tmp: Path
) -> None:
    stopped = pnp(short_tmp, "simulate", "amazons", "--size", "6", "--games", "200000",
                  "--seed", "9", "--agents", "random", "--executor", "dask", "--workers", "2",
                  "--out", str(tmp_path))  # fmt: skip
    kept = tmp_path / "amazons-sim-9" / "results.jsonl"
    wait_for(lambda: records(kept) > 0, "the run to play")
    stopped.send_signal(signal.SIGINT)
    _, err = stopped.communicate(timeout=PATIENCE)
    assert (stopped.returncode, err) == (130, b"pnp: interrupted\n"), "Ctrl-C: one line"
    assert os.listdir(short_tmp) == [], "the cluster's scratch folder was removed"


QUIETED = """
import logging

import dask.distributed

from simulate.run.scratch import quiet_cluster_logs

quiet_cluster_logs()
for name in ("distributed", "distributed.client", "distributed.worker", "tornado.general"):
    logging.getLogger(name).warning("a cluster's message")
"""


def test_a_dask_run_puts_none_of_the_clusters_messages_on_the_terminal() -> None:
    """Dask's own logging configuration gives `distributed.client` its own level and handler, so
    quieting `distributed` alone let "Couldn't gather 1 keys, rescheduling" through before
    "pnp: interrupted" (the intermittent failure of the Ctrl-C test above)."""
    run = subprocess.run([sys.executable, "-c", QUIETED], capture_output=True, timeout=PATIENCE)
    assert (run.returncode, run.stderr.decode()) == (0, "")


def test_a_scheduler_lost_mid_run_or_never_reached_is_one_line_and_keeps_the_games(
    tmp_path: Path, short_tmp: Path
) -> None:
    """Executor errors: the scheduler killed while the run plays, then a run pointed at its dead
    address, each end in one line naming the scheduler (exit code 2); the finished games stay
    in results.jsonl, which the second run reads back and checks before it tries to connect."""
    with cluster(tmp_path) as (address, processes):
        run = pnp(short_tmp, "simulate", "amazons", "--size", "6", "--games", "200000",
                  "--seed", "9", "--agents", "random", "--executor", "dask",
                  "--scheduler", address, "--out", str(tmp_path / "lost"))  # fmt: skip
        kept = tmp_path / "lost" / "amazons-sim-9" / "results.jsonl"
        wait_for(lambda: records(kept) > 0, "the run to play")
        processes[0].kill()  # the scheduler
        _, err = run.communicate(timeout=PATIENCE)
    assert run.returncode == 2, err
    assert err.startswith(f"pnp: error: --scheduler {address}: the cluster failed (".encode()), err
    assert err.count(b"\n") == 1, err
    played = records(kept)
    assert played > 0 and kept.read_bytes().endswith(b"\n")
    # dask's own connect timeout, which pnp waits for a scheduler (30 s unless set)
    again = pnp(short_tmp, "simulate", "amazons", "--size", "6", "--games", "200000",
                "--seed", "9", "--agents", "random", "--executor", "dask",
                "--scheduler", address, "--resume", "--out", str(tmp_path / "lost"),
                DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="3s")  # fmt: skip
    _, err = again.communicate(timeout=PATIENCE)
    assert again.returncode == 2, err
    assert err.startswith(f"pnp: error: --scheduler {address}: cannot connect (".encode())
    assert err.count(b"\n") == 1 and records(kept) == played
    assert os.listdir(short_tmp) == [], "pnp left nothing in its temporary folder"
