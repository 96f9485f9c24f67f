"""pnp's Platypus engine against the C peer (../shared/peers/platypus_ref.c) on the very same
deals: benchmarks/platypus.py replays the peer's random generator, so every finished game, its
winner and its length must agree exactly, not just the rates.

Skipped without gcc, or when PNP_SHARED=none says there is no shared folder; otherwise a peer
that cannot be found fails the test, naming the paths tried (every clone has ../shared)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]


def benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "platypus_bench", ROOT / "benchmarks" / "platypus.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BENCH = benchmark()


def test_the_peer_generator_gives_pnp_bytes() -> None:
    tables = BENCH.peer_tables(50, 3)
    assert tables.shape == (50, 2, 7) and tables.dtype == np.uint8
    assert int(tables.max()) <= 15 and len(np.unique(tables)) == 16
    assert (BENCH.peer_tables(50, 3) == tables).all()
    assert not (BENCH.peer_tables(50, 4) == tables).all()


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the C peer")
@pytest.mark.skipif(os.environ.get("PNP_SHARED") == "none", reason="PNP_SHARED=none: no peer")
def test_the_engine_agrees_with_the_c_peer_game_for_game(tmp_path: Path) -> None:
    try:
        BENCH.find_peer()
    except SystemExit as missing:
        pytest.fail(str(missing.code))
    binary = BENCH.build_peer(tmp_path)
    games, seed = 4000, 11
    peer = BENCH.run_peer(binary, games, seed)
    ours = BENCH.pnp_counts(BENCH.peer_tables(games, seed))
    for key in ("games", "ended", "first_wins", "draws", "first_losses", "endless", "undecided"):
        assert ours[key] == peer[key], key
    assert abs(ours["mean_turns_ended"] - peer["mean_turns_ended"]) < 5e-4
    assert 0 < peer["endless"] < peer["ended"]  # both kinds of game occur


def test_the_benchmark_times_pnp_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    BENCH.time_simulate(200)
    assert "pnp simulate platypus --games 200 --workers 1" in capsys.readouterr().out
