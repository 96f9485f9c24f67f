"""Platypus' print options: whether the kit may print a deal whose game never ends.

By default (`allow-endless: no`) the kit prints only a deal whose game ends with either player
starting: from a seed it draws deals until one does and records how many it drew
(pnp/games/platypus/ending.py); a setup file or a balanced setup whose deal never ends is
refused. `yes` prints the seed's first deal, or the given one, as it is, and the cover says it
may never end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.errors import InputError
from pnp.games.base import Game, Setup
from pnp.games.options import GameOptions, YesNoOption, option
from pnp.games.platypus.ending import ending_setup, ends_both_ways, with_check
from pnp.games.platypus.game import DealCheck, PlatypusSetup
from pnp.kits.options import KitOptions


@dataclass(frozen=True)
class PlatypusKitOptions(KitOptions):
    allow_endless: bool = option(
        YesNoOption(
            "allow-endless",
            "kit: yes prints the deal even if a game of it never ends; no (the default) deals "
            "again until it ends whoever starts",
        )
    )

    def drawn(self, game: Game[Any], seed: int, options: GameOptions) -> Setup:
        if self.allow_endless:
            return game.random_setup(seed, options)
        return ending_setup(seed, options)

    def checked(self, game: Game[Any], setup: Setup) -> Setup:
        """The deal with the record of its check; InputError if it never ends and that is not
        allowed. The draws a setup records are kept (1 when it records none)."""
        ends = ends_both_ways(setup)
        if not ends and not self.allow_endless:
            raise InputError(
                "allow-endless", "no", template="a game of this deal never ends (with red or with "
                "blue starting); {field} yes prints it anyway",
            )  # fmt: skip
        recorded = PlatypusSetup.of(setup.data).deal_check
        draws = recorded.draws if recorded is not None else 1
        return self.recorded(with_check(setup, DealCheck(ends=ends, draws=draws)))
