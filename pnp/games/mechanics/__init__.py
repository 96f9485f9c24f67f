"""Mechanisms several games share: square and hex grids, sliding and shooting moves, the batch
engine of the shooting games, boards as text. Nothing here names a game."""
