"""The worker processes' forkserver ends with the process that started it.

The forkserver imports the workers' modules (simulate/run/executors.py `PRELOAD`) before it
watches for its parent's end; if that process dies meanwhile (a memory limit it ran into), a
forkserver still importing, or stuck doing so under the same limit, would live on as an
orphan, one seen spinning at full CPU for good. Imported first, this module asks Linux to kill
the forkserver when its parent ends (PR_SET_PDEATHSIG), and ends it at once if the parent has
already gone. Elsewhere it does nothing.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def die_with_parent() -> None:
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent or parent == 1:  # the parent ended before the request
        os._exit(1)


die_with_parent()
