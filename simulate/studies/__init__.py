"""Studies a command asks for: one balance session end to end, a strength ladder, a sweep over
configurations, `pnp kit --fair`'s search for a fair setup, the longest games.

The top floor of simulate/: it may import every role below it, and none imports it.
"""
