"""Amazons: what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.amazons.kit import build

__all__ = ["build"]
