"""The Platypus Game: what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.platypus.kit import build

__all__ = ["build"]
