"""Wallaby's print options: a back behind every tile, or none; the setup's tiles, or all 49 with
those set aside for 2 players marked, so one printed kit serves 2, 3 and 4 players."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.options import ChoiceOption, option
from pnp.kits.options import KitOptions


@dataclass(frozen=True)
class WallabyKitOptions(KitOptions):
    tile_backs: str = option(
        ChoiceOption(
            "tile-backs",
            "kit: print a back behind every tile (none or field)",
            "none",
            ("none", "field"),
        )
    )
    tiles: str = option(
        ChoiceOption(
            "tiles",
            "kit: print the setup's tiles, or all 49 with those set aside for 2 players marked "
            "(setup or all)",
            "setup",
            ("setup", "all"),
        )
    )
