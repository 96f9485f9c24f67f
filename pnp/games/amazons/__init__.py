"""Amazons: options, setups and the rules engine (`GAME` is what the registry reads)."""

from pnp.games.amazons.game import GAME

__all__ = ["GAME"]
