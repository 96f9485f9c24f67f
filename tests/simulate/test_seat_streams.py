"""The seats' generators made inside numba (simulate/agents/seat_streams.py) draw numpy's
numbers."""

from __future__ import annotations

import numpy as np
import pytest

from pnp.games.compiled import cached
from simulate.agents.seat_streams import STREAM, draw, seed_streams


def _drawn(seed, players, bounds, out):  # type: ignore[no-untyped-def]
    """Number i drawn below bounds[i] by seat i % players, from the game seed `seed`."""
    streams = np.zeros((players, STREAM), dtype=np.uint64)
    seed_streams(seed, streams)
    for i in range(bounds.shape[0]):
        out[i] = draw(streams[i % players], bounds[i])


drawn = cached(_drawn)  # compiled once, and again only after seat_streams.py (or this) changes


def numpy_draws(seed: int, players: int, bounds: list[int]) -> list[int]:
    """What simulate/run/runner.py's generators draw: seat s's is the s-th child of the seed."""
    rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(players)]
    return [int(rngs[i % players].integers(0, bound)) for i, bound in enumerate(bounds)]


def streams_draws(seed: int, players: int, bounds: list[int]) -> list[int]:
    out = np.zeros(len(bounds), dtype=np.int64)
    drawn(np.uint64(seed), players, np.array(bounds, dtype=np.int64), out)
    return [int(x) for x in out]


EDGES = [1, 2, 3, 7, 100, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 3, 2**62, 2**63 - 1]


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1, 123456789012345])
@pytest.mark.parametrize("players", [1, 2, 4, 10])
def test_the_seats_draw_numpys_numbers_at_every_kind_of_bound(seed: int, players: int) -> None:
    bounds = EDGES * 3  # each seat meets every bound; small ones use halves of 64-bit outputs
    assert streams_draws(seed, players, bounds) == numpy_draws(seed, players, bounds)


def test_many_seeds_draw_as_numpy() -> None:
    rng = np.random.default_rng(7)
    for _ in range(300):
        seed = int(rng.integers(0, 2**64, dtype=np.uint64))
        players = int(rng.integers(1, 11))
        bounds = [int(b) for b in rng.integers(1, 60, size=40)]
        assert streams_draws(seed, players, bounds) == numpy_draws(seed, players, bounds)


def test_a_different_seed_or_seat_draws_differently() -> None:
    bounds = [2**40] * 4
    assert streams_draws(5, 2, bounds) != streams_draws(6, 2, bounds)
    first, second = streams_draws(5, 2, bounds)[0::2], streams_draws(5, 2, bounds)[1::2]
    assert first != second


def test_draw_in_python_is_the_generators_own() -> None:
    rng, again = np.random.default_rng(3), np.random.default_rng(3)
    assert [draw(rng, 10) for _ in range(20)] == [int(again.integers(0, 10)) for _ in range(20)]
