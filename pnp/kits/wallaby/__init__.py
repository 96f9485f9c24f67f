"""Wallaby: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.wallaby.kit import KIT

__all__ = ["KIT"]
