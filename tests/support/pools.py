"""What a worker pool's tests run in a worker process (importable by a spawned process)."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import process as futures_process
from multiprocessing.connection import Connection
from pathlib import Path

from simulate.run import executors

BIG = 16 << 20  # bytes: a result hundreds of times what a pipe holds


class PipeQueue:
    """The one method of a pool's result queue a worker uses, on a plain pipe."""

    def __init__(self, writer: Connection) -> None:
        self.writer = writer

    def put(self, item: object) -> None:
        self.writer.send(item)


def send_a_big_result(results: PipeQueue, lifeline: Connection, flag: str) -> None:
    """A pool's worker (started as the pool starts one) sending a result of BIG bytes, after a
    file named `flag` says it is about to."""
    executors._start_worker(lifeline)
    Path(flag).touch()
    futures_process._sendback_result(results, 0, result=b"x" * BIG)  # type: ignore[attr-defined]


def big_after(started: str, go: str) -> bytes:
    """A pool task: say it has started (a file named `started`), wait for a file named `go`,
    then return BIG bytes (a result the pool's pipe cannot hold until someone reads it)."""
    Path(started).touch()
    while not Path(go).exists():
        time.sleep(0.01)
    return b"x" * BIG


def die() -> None:
    """A pool task that kills its worker, as `kill -9` or the out-of-memory killer would."""
    os.kill(os.getpid(), signal.SIGKILL)
