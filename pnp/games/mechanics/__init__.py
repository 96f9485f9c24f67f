"""Mechanisms several games share: square and hex grids, sliding and shooting moves, the compiled
engines' shared parts, boards as text. Nothing here names a game."""
