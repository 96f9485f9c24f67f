"""A small real disk for tests of a full disk: a tmpfs mounted on a folder, or a skip saying why
the machine does not allow one (mounting needs root and mount(8))."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def tmpfs(mount: Path, size: int, room: int | None = None) -> Iterator[Path]:
    """`mount` (made if missing) as a tmpfs of `size` bytes, with a file `filler` leaving
    `room` bytes free when given; unmounted after the block."""
    mount.mkdir(parents=True, exist_ok=True)
    if not shutil.which("mount") or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root and mount(8)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)],
                          capture_output=True)  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow a tmpfs mount: {done.stderr.decode().strip()}")
    try:
        if room is not None:
            with contextlib.suppress(OSError):
                (mount / "filler").write_bytes(b"\0" * (size - room))
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
