"""Colour Diplomacy: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.colour_diplomacy.kit import KIT

__all__ = ["KIT"]
