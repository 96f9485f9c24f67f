"""Penguins (Hey That's My Fish): what its kit draws (`build` is what the kit registry reads)."""

from pnp.kits.penguins.kit import build

__all__ = ["build"]
