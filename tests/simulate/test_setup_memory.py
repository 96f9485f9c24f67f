"""A balance run's memory must not grow with its setups (issue 18: flat from 10^3 to 10^9 games).

It did: each setup kept a `TallyFold` in the main process while the run played (about 0.9 KB),
and judging the setups at the end built a `SetupTally`, `SetupCounts`, `SetupMeasures` and
`SetupFairness` per setup (about 3 KB more at the peak), so `balance --setups 1000000` needed
about 4 GB. Now each setup is a row of numbers in a file (simulate/measure/setupfold.py,
simulate/measure/setuptable.py) and the judging reads it a chunk at a time, holding a column or two
of numbers at most. The test measures the growth per setup in the memory Python allocates (the
slope between two setup counts, not an absolute size).
"""

from __future__ import annotations

import gc
import tracemalloc

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.measure.setups import setup_fairness, spread
from simulate.report.summary import RunFolds
from simulate.run.runner import GameRecord, RunPlan

GAMES_PER_SETUP = 4
RANKS = ((1, 2), (2, 1), (1, 2), (1, 1))


def peak_bytes(setups: int) -> int:
    """Peak bytes allocated while `setups` setups' games (made up, 4 each) are folded and the
    setups judged, as a balance run does."""
    info = get_game("amazons").info
    plan = RunPlan("amazons", info.resolve(None, None, {"size": "6"}), ("random", "random"), 1,
                   GAMES_PER_SETUP * setups, random_setups=setups)  # fmt: skip
    gc.collect()
    tracemalloc.start()
    try:
        folds = RunFolds(plan, per_setup=True)
        for index in range(plan.games):
            setup = index % setups
            folds.add(GameRecord(index, setup, str(setup), index, 0, plan.agents, None,
                                 RANKS[(7 * index + setup) % 4], 30, Outcome.FINISHED))  # fmt: skip
        spread(setup_fairness(folds.result(True).setups))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_balance_run_s_memory_does_not_grow_with_its_setups() -> None:
    small, large = peak_bytes(500), peak_bytes(2500)
    per_setup = (large - small) / 2000
    assert per_setup < 100, f"{per_setup:.0f} bytes more per setup"
