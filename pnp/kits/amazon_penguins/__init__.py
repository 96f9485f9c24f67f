"""Amazon Penguins: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.amazon_penguins.kit import KIT

__all__ = ["KIT"]
