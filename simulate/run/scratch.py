"""Scratch folders of a run's executors, and keeping a Dask cluster's own messages off the screen.

A local worker pool and a Dask LocalCluster keep files while they run (multiprocessing's socket
folder, Dask's `dask-scratch-space`). A process that runs games puts them in one folder of its
own under the system temp folder, `pnp-run-<pid>-<random>`, removed when it exits; a process
killed with `kill -9` cannot remove it, so the next one removes those of processes that are gone.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from multiprocessing.util import Finalize
from pathlib import Path

from pnp.output import process_gone

_PREFIX = "pnp-run-"
_NAME = re.compile(rf"\A{_PREFIX}(\d+)-[^/]+\Z")
#: Loggers of Dask and the event loop under it: their warnings on a closing cluster (a worker
#: lost, a stream closed) would bury the one line a stopped run prints.
_CLUSTER_LOGGERS = ("distributed", "asyncio", "tornado", "bokeh")


def remove_stale_scratch(root: Path | None = None) -> list[Path]:
    """Remove the scratch folders of runs whose process is gone; the folders removed."""
    root = Path(tempfile.gettempdir()) if root is None else root
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(root):
            found = _NAME.match(entry.name)
            if found and entry.is_dir(follow_symlinks=False) and process_gone(int(found[1])):
                shutil.rmtree(entry.path, ignore_errors=True)
                removed.append(Path(entry.path))
    return removed


@functools.cache
def scratch_folder() -> Path:
    """This process's scratch folder under the system temp folder, made at the first call.

    From then on the temporary files of the libraries the process uses (`tempfile`, and the
    processes it starts, through TMPDIR) go into it. It is removed when the process exits, after
    multiprocessing has removed its own folder in it (a finalizer of lower priority).
    """
    remove_stale_scratch()
    folder = Path(tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-"))
    tempfile.tempdir = str(folder)
    os.environ["TMPDIR"] = str(folder)
    Finalize(None, shutil.rmtree, args=(folder,), kwargs={"ignore_errors": True},
             exitpriority=-101)  # fmt: skip
    return folder


def quiet_cluster_logs() -> None:
    """Dask's and asyncio's log messages silenced from now on in this process: a cluster stopped
    by Ctrl-C reports its tasks' failures as late as the process's exit."""
    silent = logging.CRITICAL + 1
    # Dask's logging configuration gives some children (distributed.client) a level and a
    # handler of their own, so quieting the parents alone lets their messages through
    known = list(logging.root.manager.loggerDict)
    named = [name for name in known if name.split(".")[0] in _CLUSTER_LOGGERS]
    for name in {*_CLUSTER_LOGGERS, *named}:
        logging.getLogger(name).setLevel(silent)


@contextlib.contextmanager
def stderr_into(path: Path) -> Iterator[None]:
    """File descriptor 2 pointed at `path` while the block runs: processes started in the block
    (a cluster's nannies and workers) write their messages there, not on the terminal."""
    saved = os.dup(2)
    with path.open("ab") as log:
        os.dup2(log.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
