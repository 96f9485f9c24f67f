"""A seat: a place in turn order, 0 the seat that acts first.

Its own module, importing nothing, so that the code of a compiled engine can name it without
reaching pnp/games/base.py (pnp/games/compiled.py `_reach`: an engine's cached copies are
compiled afresh when a module they reach changes).
"""

from __future__ import annotations

Seat = int  # position in turn order, 0 = the seat that acts first
