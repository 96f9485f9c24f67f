"""A balance's compensation must be read back in memory that does not grow with its setups
(issue 18: flat from 10^3 to 10^9 games).

It did: `komi.Units` kept a count per margin (or score vector) of every setup, and the bootstrap
over setups built a table of all of them and drew 999 setup numbers per setup, so a Platypus
balance of 10^6 deals peaked at 517 MB against 349 MB for 10^4 (benchmarks/memory.py). The test
folds made-up games as the read-back does (in game order: a deal's two games together, or a
balance's setups in turn) and measures the growth per setup of the memory Python allocates (the
slope between two setup counts, not an absolute size).
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable, Iterator

import pytest

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.measure.compensation import compensation
from simulate.run.runner import GameRecord


def deals(count: int) -> Iterator[GameRecord]:
    """`count` Platypus deals read back in game order: deal k is games 2k (rotation 0) and
    2k + 1 (rotation 1), scored 0 to 30 (some 300 distinct margins in all)."""
    for deal in range(count):
        for rotation in range(2):
            index = 2 * deal + rotation
            scores = (float((7 * deal + 3 * rotation) % 31), float((5 * deal + rotation) % 29))
            ranks = (1, 2) if scores[0] > scores[1] else (2, 1) if scores[1] > scores[0] else (1, 1)
            yield GameRecord(index, deal, str(deal), index, rotation, ("random", "random"),
                             scores, ranks, 40, Outcome.FINISHED)  # fmt: skip


def races(count: int) -> Iterator[GameRecord]:
    """A three-player race's balance over `count` setups, four games each, read back in game
    order (setup g mod count), scores 0 to 9 per seat."""
    for index in range(4 * count):
        setup = index % count
        scores = tuple(float((index * (seat + 3) + setup) % 10) for seat in range(3))
        yield GameRecord(index, setup, str(setup), index, 0, ("greedy",) * 3, scores,
                         (1, 2, 3), 30, Outcome.FINISHED)  # fmt: skip


def peak_bytes(read_back: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        assert read_back() is not None
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    ("game", "players", "games"), [("platypus", 2, deals), ("wallaby", 3, races)]
)
def test_the_compensation_s_memory_does_not_grow_with_the_setups(
    game: str, players: int, games: Callable[[int], Iterator[GameRecord]]
) -> None:
    info = get_game(game).info

    def peak(setups: int) -> int:
        return peak_bytes(lambda: compensation(games(setups), info, players, seed=5))

    small, large = peak(1_000), peak(10_000)
    per_setup = (large - small) / 9_000
    assert per_setup < 16, f"{per_setup:.0f} bytes more per setup"


def margins(distinct: int) -> Iterator[GameRecord]:
    """A balance of 400 setups, four games each, read back in game order, over `distinct`
    margins."""
    for index in range(1_600):
        margin = float(index * 7 % distinct - distinct // 2)
        ranks = (1, 2) if margin > 0 else (2, 1) if margin < 0 else (1, 1)
        yield GameRecord(index, index % 400, str(index % 400), index, 0, ("greedy", "greedy"),
                         (100.0 + margin, 100.0), ranks, 30, Outcome.FINISHED)  # fmt: skip


def test_the_komi_s_memory_is_a_few_rows_of_resamples_per_distinct_margin() -> None:
    # The bootstrap keeps 999 counts per distinct margin; the komi's search of each resample
    # took the shares at every candidate (three per margin) of all 999 resamples at once, with
    # their temporaries: some 94 KB per margin, 12 times the counts. A long run meets rarer
    # margins, so it grew with the games (a Platypus balance of 10^5 games held 31 MB after it,
    # 15 MB after 10^4). Now the resamples are searched a few at a time.
    info = get_game("paper-penguins").info

    def peak(distinct: int) -> int:
        return peak_bytes(lambda: compensation(margins(distinct), info, 2, seed=5))

    per_margin = (peak(600) - peak(100)) / 500
    row = 999 * 8  # one distinct margin's counts, as floats
    assert per_margin < 5 * row, f"{per_margin / row:.1f} rows of resamples per distinct margin"
