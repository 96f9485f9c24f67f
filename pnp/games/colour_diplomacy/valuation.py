"""What greedy Colour Diplomacy players count an order and a standing worth.

Rules: ../shared/RULES.md, "Colour Diplomacy": the last player on the board wins, and a player
may hold only on a circle of their own colour. The rules (rules.py: `evaluate`, `move_value`) and
the compiled engine (engine.py) both value orders with these numbers, so neither imports the
other.
"""

from __future__ import annotations

# Greedy values: a step inward is worth 10, standing on a circle of one's own colour 3 (a place
# where one may hold); falling off and reaching the center outweigh everything.
LOST, CENTER_REACHED = -1000.0, 1000.0
CIRCLE_VALUE, OWN_COLOUR_VALUE, SUPPORT_COST = 10.0, 3.0, 0.5
