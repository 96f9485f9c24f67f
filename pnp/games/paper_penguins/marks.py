"""Paper Pen-guins moves and square marks: what the rules and the compiled engine both read.

Rules: ../shared/RULES.md, "Paper Pen-guins": four pieces each, placed alternately on any unmarked
number, then queen moves to an unmarked number, the square left crossed out; a player with no
legal move passes. A square's mark is `FREE` (unmarked), the seat (0 square, 1 circle) whose
piece stands on it, or `CROSSED`. The rules (rules.py) and the compiled engine (engine.py) both
read moves and marks here, so neither imports the other.
"""

from __future__ import annotations

from pnp.games.mechanics.grid import Cell

Move = tuple[Cell, Cell]  # (from, to); from is PLACE for a placement
PLACE: Cell = -1
PASS: Move = (-1, -1)
PIECES_EACH = 4

FREE, CROSSED = -1, 2  # cell marks besides the seat (0 or 1) whose piece stands there
