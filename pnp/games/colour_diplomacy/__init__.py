"""Colour Diplomacy: options, setups and the rules engine (`GAME` is what the registry reads)."""

from pnp.games.colour_diplomacy.game import GAME

__all__ = ["GAME"]
