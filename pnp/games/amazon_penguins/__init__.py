"""Amazon Penguins: options, setups and the rules engine (`GAME` is what the registry reads)."""

from pnp.games.amazon_penguins.game import GAME

__all__ = ["GAME"]
