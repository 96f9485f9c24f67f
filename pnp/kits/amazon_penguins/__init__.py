"""Amazon Penguins: what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.amazon_penguins.kit import build

__all__ = ["build"]
