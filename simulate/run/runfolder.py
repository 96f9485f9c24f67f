"""A run folder belongs to one run: its lock, and the files a run leaves in it.

While a run writes, it holds an exclusive `flock` on `.lock` in its folder, a file naming the
holder (process id, host, command). A second run into the folder is refused with that name. The
kernel drops the lock when the holder ends, however it ends, so the `.lock` left by a killed run
is taken over by the next one. The lock file is removed when the run ends.

A run's outputs are a fixed set of names (`OUTPUTS`); a run removes those it did not write this
time (a `setups.csv` or setups chart of an earlier run with other counts), so a folder never
mixes two runs' files. Files of other names are the user's and left alone.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import socket
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from pnp.errors import InputError

LOCK = ".lock"
RESULTS = "results.jsonl"  # the one file every run folder holds (simulate/run/store.py)
CHARTS = ("seats", "duration", "margin", "setups", "funnel")  # funnel: earlier pnp versions
OUTPUTS = (
    "summary.json",
    "games.csv",
    "setups.csv",
    "report.pdf",
    *(f"charts/{name}.{kind}" for name in CHARTS for kind in ("png", "svg")),
)


def remove_outputs(folder: Path, keep: Iterable[Path]) -> None:
    """Remove the run outputs in `folder` that are not in `keep`."""
    kept = {path.resolve() for path in keep}
    for name in OUTPUTS:
        path = folder / name
        if path.resolve() not in kept:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def remove_other_runs(folder: Path, kept: Iterable[str], pattern: str = ".+") -> None:
    """Remove the run folders in `folder` (subfolders holding a results.jsonl) named by
    `pattern` and not in `kept`: an earlier ladder's rungs or sweep's configurations, so the
    folder holds one ladder's or one sweep's runs."""
    names = set(kept)
    for path in sorted(folder.iterdir()):
        if (
            path.is_dir()
            and re.fullmatch(pattern, path.name)
            and path.name not in names
            and (path / RESULTS).exists()
        ):
            shutil.rmtree(path)


def _holder(path: Path) -> str:
    """Who holds the lock at `path`, as its lock file says."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return f"process {data['pid']} on {data['host']}: {data['command']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "a process that has not yet said which"


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold `folder` for this run: InputError naming the holder if another run holds it.

    Creates the folder (and its parents) if missing, and removes what it created if the run
    leaves nothing in it.
    """
    if folder.exists() and not folder.is_dir():
        raise InputError(
            "out", folder, template="{value} is a file; move it away or choose another {field}"
        )
    created = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            raise InputError(
                "out", folder, holder=_holder(path),
                template="{field} {value} is in use by another run ({holder}); wait for it to "
                "end or choose another {field}",
            ) from None  # fmt: skip
        # the holder before us may have removed the file between our open and our lock
        if os.path.exists(path) and os.stat(path).st_ino == os.fstat(handle).st_ino:
            break
        os.close(handle)
    try:
        holder = {"pid": os.getpid(), "host": socket.gethostname(), "command": " ".join(sys.argv)}
        os.ftruncate(handle, 0)
        os.pwrite(handle, json.dumps(holder).encode() + b"\n", 0)
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        os.close(handle)
        for parent in created:  # innermost first
            with contextlib.suppress(OSError):
                parent.rmdir()  # only if empty
