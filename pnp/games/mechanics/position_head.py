"""Where every compiled engine's position starts (pnp/games/compiled.py): the seat to play, then
whether the game is over, then the engine's own entries.

Plain numbers, without numba, so a game's rules read them at import as its engine does; the
two functions of the contract that read only them are in engine_header.py.
"""

from __future__ import annotations

TURN, OVER = 0, 1
HEAD = 2  # where an engine's own entries start
