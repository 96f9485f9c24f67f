"""A run folder belongs to one run: its lock, and the files a run leaves in it.

While a run writes, it holds an exclusive `flock` on `.lock` in its folder, a file naming the
holder (process id, host, command). A second run into the folder is refused with that name. The
kernel drops the lock when the holder ends, however it ends, so the `.lock` left by a killed run
is taken over by the next one. The lock file is removed when the run ends.

A run's outputs are a fixed set of names (`OUTPUTS`); a run removes those it did not write this
time (a `setups.csv` or setups chart of an earlier run with other counts), so a folder never
mixes two runs' files. Files of other names are the user's and left alone. A symbolic link or a
named pipe where a run keeps its own files (the folder itself, its lock, results, outputs and
`charts`) refuses the run before it writes anything (pnp/output.py `check_own`).
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
from pnp.output import check_own, open_own
from simulate.run.scratch import remove_stale_scratch

LOCK = ".lock"
RESULTS = "results.jsonl"  # the one file every run folder holds (simulate/run/store.py)
CHARTS = ("seats", "deals", "duration", "margin", "setups", "funnel")  # funnel: earlier pnps
OUTPUTS = (
    "summary.json",
    "games.csv",
    "seats.csv",
    "setups.csv",
    "deals.csv",
    "report.pdf",
    *(f"charts/{name}.{kind}" for name in CHARTS for kind in ("png", "svg")),
)


def remove_outputs(folder: Path, keep: Iterable[Path]) -> None:
    """Remove the run outputs in `folder` that are not in `keep`, and `charts` if left empty."""
    kept = {path.resolve() for path in keep}
    for name in OUTPUTS:
        path = folder / name
        if path.resolve() not in kept:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
    with contextlib.suppress(OSError):
        (folder / "charts").rmdir()  # only if empty


def remove_other_runs(folder: Path, kept: Iterable[str], pattern: str = ".+") -> None:
    """Remove the run folders in `folder` (subfolders holding a results.jsonl) named by
    `pattern` and not in `kept`: an earlier ladder's rungs or sweep's configurations, so the
    folder holds one ladder's or one sweep's runs."""
    names = set(kept)
    for path in sorted(folder.iterdir()):
        if (
            path.is_dir()
            and not path.is_symlink()  # a link is not a run of this folder
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


def check_own_names(folder: Path, own: Iterable[str] = ()) -> None:
    """PnpError naming the first symbolic link, named pipe or device in `folder` (or the folder
    itself, or its `charts`) where a run keeps its files: the lock and results (or a hard link
    there), `OUTPUTS` and the names in `own` (a ladder's or a sweep's files)."""
    check_own(folder, folder=True)
    check_own(folder / "charts", folder=True)
    for name in (LOCK, RESULTS):  # written in place: a hard link is refused too
        check_own(folder / name, in_place=True)
    for name in (*OUTPUTS, *own):  # renamed into place
        check_own(folder / name)


@contextlib.contextmanager
def locked(folder: Path, own: Iterable[str] = ()) -> Iterator[None]:
    """Hold `folder` for this run: InputError naming the holder if another run holds it, and
    PnpError naming a link or pipe where the run keeps its files (`check_own_names`, with the
    names in `own` besides a run's).

    Creates the folder (and its parents) if missing, and removes what it created if the run
    leaves nothing in it. What killed runs left in the temp folder (`remove_stale_scratch`) is
    removed by every run, whether or not it starts worker processes.
    """
    check_own_names(folder, own)
    remove_stale_scratch()
    if folder.exists() and not folder.is_dir():
        raise InputError(
            "out", folder, template="{value} is a file; move it away or choose another {field}"
        )
    created = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK
    while True:
        handle = open_own(path, os.O_RDWR | os.O_CREAT)
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
        if os.path.lexists(path) and os.lstat(path).st_ino == os.fstat(handle).st_ino:
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
