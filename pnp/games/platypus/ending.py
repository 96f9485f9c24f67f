"""Platypus deals that end: a kit prints a deal only once a game of it ends whoever starts.

Rules: ../shared/RULES.md, "Platypus" (some deals never end; a match is two games, each player
starting once). A deal is played in both seat orders by the engine; a deal with an endless (or
undecided) game is redrawn. Draws come one after another from the seed's generator, so the first
draw is the deal `pnp simulate` plays for that seed and the same seed always gives the same deal.
The setup records the check as `deal_check` ({"ends": bool, "draws": n}) in setup.json.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pnp.errors import PnpError
from pnp.games.base import Setup
from pnp.games.options import Options
from pnp.games.platypus.game import GAME, INFO

DEAL_CHECK = "deal_check"  # the setup.json key of the record
MAX_DRAWS = 1_000  # about half the deals end both ways: a thousand misses do not happen


@dataclass(frozen=True)
class DealCheck:
    """How a kit's deal was checked: whether a game of it ends in both seat orders, and how many
    deals were drawn from the seed to find it (1: the seed's first deal)."""

    ends: bool
    draws: int

    def record(self) -> dict[str, bool | int]:
        return {"ends": self.ends, "draws": self.draws}


def ends_both_ways(setup: Setup) -> bool:
    """Whether the game of this deal ends by the rules with red starting and with blue starting."""
    from pnp.games.platypus.engine import FINISHED, play_games  # numba: only when playing

    first = GAME.rotated(setup, 0)
    second = GAME.rotated(setup, 1)
    tables = np.array([GAME.seat_bytes(first), GAME.seat_bytes(second)], dtype=np.uint8)
    ended = play_games(tables, INFO.max_turns)
    return bool(np.all(ended.outcome == FINISHED))


def checked(setup: Setup, check: DealCheck) -> Setup:
    """`setup` with the record of its check."""
    return Setup(
        setup.game,
        setup.seed,
        setup.options,
        {**setup.data, DEAL_CHECK: check.record()},
        setup.fairness,
    )


def ending_setup(seed: int, options: Options) -> Setup:
    """The first deal drawn from `seed` whose game ends in both seat orders, with its record."""
    rng = np.random.default_rng(seed)
    stored = INFO.stored_options(options)
    for draw in range(1, MAX_DRAWS + 1):
        setup = Setup(INFO.name, seed, stored, GAME.random_data(rng, options))
        if ends_both_ways(setup):
            return checked(setup, DealCheck(True, draw))
    raise PnpError(f"no deal of seed {seed} ended both ways in {MAX_DRAWS} draws")


def previous_draws(setup: Setup) -> int:
    """The draws a setup file records (1 when it records none)."""
    record = setup.data.get(DEAL_CHECK)
    return int(record["draws"]) if record else 1


def deal_sentence(setup: Setup) -> str:
    """What a kit's cover says of its deal; it never says who wins."""
    record = setup.data.get(DEAL_CHECK)
    if not record:
        return "This deal was not checked: a game of it may never end."
    if record["ends"]:
        return "This deal ends: a game of it comes to an end whether red or blue starts."
    return "This deal was printed as asked, though a game of it may never end."
