"""Colour Diplomacy: what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.colour_diplomacy.kit import build

__all__ = ["build"]
