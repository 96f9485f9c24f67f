"""The Platypus Game: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.platypus.kit import KIT

__all__ = ["KIT"]
