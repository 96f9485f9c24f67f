"""Paper Pen-guins: what its kit draws (`KIT` is what the kit registry reads)."""

from pnp.kits.paper_penguins.kit import KIT

__all__ = ["KIT"]
