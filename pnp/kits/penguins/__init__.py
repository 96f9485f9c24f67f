"""Penguins (Hey That's My Fish): what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.penguins.kit import KIT

__all__ = ["KIT"]
