"""pnp: print-and-play kits and balance simulations for eight small abstract board games."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """`pnp.__version__`, read when asked for: importing pnp loads nothing (pnp/__main__.py
    catches a Ctrl-C only once it runs)."""
    if name != "__version__":
        raise AttributeError(f"module 'pnp' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pnp")  # one source: pyproject.toml, through the installed metadata
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"
