"""A module whose import waits until the file named by PNP_TEST_GATE exists (at most a minute):
put in a forkserver's preload, it holds the forkserver's start for as long as a test wants."""

from __future__ import annotations

import os
import time
from pathlib import Path

_deadline = time.monotonic() + 60
while not Path(os.environ["PNP_TEST_GATE"]).exists() and time.monotonic() < _deadline:
    time.sleep(0.02)
