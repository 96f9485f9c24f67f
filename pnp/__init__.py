"""pnp: print-and-play kits and balance simulations for eight small abstract board games."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pnp")  # one source: pyproject.toml, through the installed metadata
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
