"""Wallaby: what its kit draws (`build` is what the kit registry reads) and its print options."""

from pnp.kits.wallaby.kit import build
from pnp.kits.wallaby.options import WallabyKitOptions as OPTIONS

__all__ = ["OPTIONS", "build"]
