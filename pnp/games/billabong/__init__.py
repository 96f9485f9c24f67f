"""Billabong: options, setups and the rules engine (`GAME` is what the registry reads)."""

from pnp.games.billabong.game import GAME

__all__ = ["GAME"]
