"""Amazons: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.amazons.kit import KIT

__all__ = ["KIT"]
