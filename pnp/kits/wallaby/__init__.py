"""Wallaby: what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.wallaby.kit import build

__all__ = ["build"]
