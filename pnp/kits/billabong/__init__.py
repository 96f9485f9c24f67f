"""Billabong: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.billabong.kit import KIT

__all__ = ["KIT"]
