"""The Platypus Game: options, setups and the rules engine (`GAME` is what the registry reads)."""

from pnp.games.platypus.game import GAME

__all__ = ["GAME"]
