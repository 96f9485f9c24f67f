"""The memory a worker frees, kept for its next chunk (glibc's malloc, on Linux).

A batch engine (`Game.play_random_batch`: Platypus's deals) builds arrays the size of its chunk
of games and frees them when it is done. glibc's malloc gives a freed block over its thresholds
(128 KB at first) back to the system, by unmapping it or by trimming the top of the heap, so the
next step faults the same pages in again: 5,000 Amazons games in chunks of 1,000 made 700,000
page faults in the array-at-a-time Amazons engine that runs used before the compiled ones, and
took 1.7x the time they take with the memory kept (`python benchmarks/batch_memory.py`). With
the thresholds raised, a freed block is reused: a worker holds at most what its largest step
needed, however many chunks it plays.
"""

from __future__ import annotations

import ctypes
import functools
import sys

M_TRIM_THRESHOLD = -1  # mallopt's parameters (malloc.h)
M_MMAP_THRESHOLD = -3
KEEP_AT_TOP = 1 << 30  # free memory at the top of the heap kept rather than given back
OWN_MAPPING = 32 << 20  # blocks from this size have a mapping of their own (glibc's largest)


@functools.cache
def keep_freed_memory() -> bool:
    """Tell this process's malloc to keep the memory it frees for reuse (once per process);
    whether it took the setting (glibc only: elsewhere nothing changes)."""
    if not sys.platform.startswith("linux"):
        return False
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    if mallopt is None:
        return False
    return bool(mallopt(M_TRIM_THRESHOLD, KEEP_AT_TOP)) and bool(
        mallopt(M_MMAP_THRESHOLD, OWN_MAPPING)
    )
