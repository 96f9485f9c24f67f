"""Penguins (Hey That's My Fish): options, setups and the rules engine.

`GAME` is what the registry reads.
"""

from pnp.games.penguins.game import GAME

__all__ = ["GAME"]
