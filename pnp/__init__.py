"""pnp: print-and-play kits and balance simulations for eight small abstract board games."""

from __future__ import annotations

__version__ = "0.1.0"
