"""Waiting in tests for another process to reach a state, with a time limit."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(done: Callable[[], bool], seconds: float) -> bool:
    """Whether `done()` became true within `seconds`, asking every 50 ms."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        time.sleep(0.05)
    return False
