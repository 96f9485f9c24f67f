"""simulate: plays pnp games with agents and measures balance.

Role packages, each importing only those below it (tests/test_layout.py; docs, "Layout"):
studies -> report -> measure -> run -> agents -> scoring.
"""
