"""The first run of a game on a machine says that it compiles, and for how long; a run that
finds numba's cache says nothing (simulate/run/compiling.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.waiting import PATIENCE

READY = """
from pnp.games import get_game
from simulate.run.compiling import ready_engines
from simulate.run.runner import RunPlan

options = get_game("platypus").info.resolve(None, None, {})
plan = RunPlan("platypus", options, ("greedy", "greedy"), 5, 4, random_setups=2)
told = []
seconds = ready_engines(plan, lambda: told.append("compiling"))
print(len(told), seconds > 0)
"""


def ready(cache: Path) -> str:
    """`ready_engines` of a Platypus run in a fresh process whose numba cache is `cache`."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    run = subprocess.run([sys.executable, "-c", READY], env=env, capture_output=True, text=True,
                         timeout=PATIENCE)  # fmt: skip
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_the_first_run_is_told_once_that_it_compiles_and_the_next_is_not(tmp_path: Path) -> None:
    assert ready(tmp_path) == "1 True"  # an empty cache: told once, however many copies
    assert any(tmp_path.rglob("*.nbi"))
    assert ready(tmp_path) == "0 False"  # loaded from the cache: nothing to wait for
