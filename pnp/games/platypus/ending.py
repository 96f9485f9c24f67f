"""Platypus deals that end: a deal played in both seat orders, and a kit's deal drawn until its
game ends whoever starts.

Rules: ../shared/RULES.md, "Platypus" (some deals never end; a match is two games, each player
starting once). The API is small on purpose:

- `play_both_orders(setup)`: the deal's two games, the setup's starter first, then the other
  player starting (each a `SeatOrderGame`: who started, the Result, the turns);
- `ends_both_ways(setup)`: whether both of those games end by the rules;
- `ending_setup(seed, options)`: the first deal drawn from the seed whose games end both ways,
  recording the check (`DealCheck`: ends, draws) in its setup data.

Draws come one after another from the seed's generator, so the first draw is the setup
`Game.random_setup` gives for that seed, and the same seed always gives the same deal.
`deal_sentence` is what a kit's cover says of its deal: that it ends, never who wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from pnp.errors import PnpError
from pnp.games.base import Outcome, Result, Setup
from pnp.games.options import GameOptions
from pnp.games.platypus.game import GAME, INFO, DealCheck, PlatypusSetup

MAX_DRAWS = 1_000  # most deals end both ways: a thousand misses in a row do not happen


@dataclass(frozen=True)
class SeatOrderGame:
    """One game of a deal: the colour of the player who started, its result (scores and ranks
    by seat, the starter first; outcome FINISHED, ENDLESS or UNDECIDED) and its turns."""

    starter: str
    result: Result
    turns: int


def play_both_orders(setup: Setup) -> tuple[SeatOrderGame, SeatOrderGame]:
    """The deal's game with the setup's starter first, then with the other player starting,
    played to the end by the rules (or to the first repeated state, ENDLESS)."""
    orders = [GAME.rotated(setup, rotation) for rotation in (0, 1)]
    played = GAME.play_random_batch([(order, 0) for order in orders], INFO.max_turns)
    first, second = (
        SeatOrderGame(GAME.player_names(order)[0], result, turns)
        for order, (result, turns) in zip(orders, played, strict=True)
    )
    return first, second


def ends_both_ways(setup: Setup) -> bool:
    """Whether the game of this deal ends by the rules with red starting and with blue starting."""
    return all(game.result.outcome is Outcome.FINISHED for game in play_both_orders(setup))


def with_check(setup: Setup, check: DealCheck) -> Setup:
    """`setup` recording `check` in its data (setup.json's `deal_check`)."""
    return replace(setup, data=replace(PlatypusSetup.of(setup.data), deal_check=check))


def ending_setup(seed: int, options: GameOptions) -> Setup:
    """The first deal drawn from `seed` whose game ends in both seat orders, with its record."""
    rng = np.random.default_rng(seed)
    for draw in range(1, MAX_DRAWS + 1):
        setup = Setup(INFO.name, seed, options, GAME.random_data(rng, options))
        if ends_both_ways(setup):
            return with_check(setup, DealCheck(ends=True, draws=draw))
    raise PnpError(f"no deal of seed {seed} ended both ways in {MAX_DRAWS} draws")


def deal_sentence(setup: Setup) -> str:
    """What a kit's cover says of its deal; it never says who wins."""
    check = PlatypusSetup.of(setup.data).deal_check
    if check is None:
        return "This deal was not checked: a game of it may never end."
    if check.ends:
        return "This deal ends: a game of it comes to an end whether red or blue starts."
    return "This deal was printed as asked, though a game of it may never end."
