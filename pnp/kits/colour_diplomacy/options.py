"""Colour Diplomacy's print option: whether the kit also prints a board with the start colours.

A circle's colour changes when a player reaches the center, so the colour track (a card per
player on a slot per circle) says the colours all game, and the plain board is read with it. A
board printed with the start colours shows them only until a player first reaches the center:
it is printed on request, beside the plain board (`yes`) or instead of it (`only`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.options import ChoiceOption, option
from pnp.kits.options import KitOptions

START_COLOURS = ChoiceOption(
    "start-colours",
    "kit: also print the board coloured with the start colours, right until a player first "
    "reaches the center (no, yes, or only: instead of the plain board)",
    "no",
    ("no", "yes", "only"),
)


@dataclass(frozen=True)
class ColourDiplomacyKitOptions(KitOptions):
    start_colours: str = option(START_COLOURS)

    def plain_board(self) -> bool:
        return self.start_colours != "only"

    def start_board(self) -> bool:
        return self.start_colours != "no"
