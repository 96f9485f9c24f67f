"""The Wallaby, Billabong, engines, MCTS, memory, batch memory and skill-ladder benchmarks run
end to end on a few games (they call the simulator's own `run` and `play`, whose signatures have
changed before without anything noticing)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("module", "args", "expected"),
    [
        ("benchmarks.wallaby_balance", ["--games", "2", "--workers", "1"], "4 children"),
        ("benchmarks.wallaby_speed", ["--games", "2", "--repeat", "1"], "greedy"),
        ("benchmarks.billabong_moves", [], "162 chain ends"),
        ("benchmarks.engines", ["8", "paper-penguins"], "start-up s"),
        (
            "benchmarks.mcts_vs_openspiel",
            ["--iterations", "40", "--rounds", "1", "--sizes", "6"],
            "6x6",
        ),
        (
            "benchmarks.skill_ladder",
            ["--games", "6", "--workers", "1", "--ladder", "random,greedy", "amazons"],
            "greedy beats random",
        ),
        # a run stopped by Ctrl-C: its summary counts the games it kept (checked by the case)
        (
            "benchmarks.memory",
            ["--games", "300", "--limited", str(10**8), "--seconds", "1"],
            "(stopped by Ctrl-C)",
        ),
        # a balance read back as deals (and deals.csv), and a komi balance over setups
        ("benchmarks.memory", ["--run", "deals", "--games", "400", "--limited"], "peak RSS"),
        ("benchmarks.memory", ["--run", "komi", "--games", "400", "--limited"], "peak RSS"),
        ("benchmarks.batch_memory", ["40", "16", "--game", "platypus"], "memory kept"),
    ],
)
def test_a_benchmark_runs_and_prints_its_table(module: str, args: list[str], expected: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout
    assert "Traceback" not in done.stderr
