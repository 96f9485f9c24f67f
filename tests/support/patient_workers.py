"""Imported by a test's forkserver (`executors.PRELOAD`): its workers, told to end while they
send a result, wait for it to go through as long as a test waits for anything (an hour), not a
minute, so a pool left waiting on them shows as a hang."""

from __future__ import annotations

from simulate.run import executors
from tests.support.waiting import PATIENCE

executors._SEND_PATIENCE = PATIENCE
