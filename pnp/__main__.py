"""`python -m pnp`: the same command line as the `pnp` script."""

from __future__ import annotations

from pnp.cli import main

main()
