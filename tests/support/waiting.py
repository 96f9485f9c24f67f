"""Waiting in tests for another process to reach a state: on what it does (a file, a line, an
exit), never on a limit sized for a quiet machine.

`PATIENCE` is the one wall-clock limit, so long that only a hung process reaches it however
loaded the machine; when it expires, the failure names what was being waited for.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable

PATIENCE = 3600.0  # seconds


def wait_until(done: Callable[[], bool], seconds: float = PATIENCE) -> bool:
    """Whether `done()` became true within `seconds`, asking every 50 ms."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        time.sleep(0.05)
    return False


def wait_for(done: Callable[[], bool], what: str) -> None:
    """Wait until `done()`; AssertionError naming `what` if PATIENCE runs out first."""
    assert wait_until(done), f"waited {PATIENCE:.0f} s for {what}"


def finished(process: subprocess.Popen[bytes], what: str = "the command") -> tuple[int, str]:
    """The exit code and standard error of `process` once it ends; killed, and an AssertionError
    naming `what`, if it is still running after PATIENCE."""
    try:
        _, err = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError(f"waited {PATIENCE:.0f} s for {what} to end") from None
    return process.returncode, err.decode()
