"""Wallaby's print options: a back behind every tile, or none."""

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
