"""A task for a worker pool's tests, importable by the workers a forkserver forks."""

from __future__ import annotations

from pathlib import Path

BIG = 256 << 20  # bytes: a result the pool's pipe carries in a few thousand reads


def big_result(flag: str) -> bytes:
    """A result of BIG bytes, after a file named `flag` says the worker is about to send it."""
    result = b"x" * BIG
    Path(flag).touch()
    return result
