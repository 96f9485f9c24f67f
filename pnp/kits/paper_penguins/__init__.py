"""Paper Pen-guins: what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.paper_penguins.kit import build

__all__ = ["build"]
