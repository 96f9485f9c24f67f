"""How a kit is printed, apart from what it shows: paper, ink, duplex backs and bleed.

A setting out of range raises InputError naming it (`ink`, `bleed`, ...); `pnp kit` words it as
its flag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.errors import InputError, one_of
from pnp.render.paper import Paper

HEX_COLOUR = re.compile(r"\A#[0-9a-fA-F]{6}\Z")  # \Z: no newline after it
INKS = ("color", "saver", "bw")
DUPLEX = ("long", "short", "none")


@dataclass(frozen=True)
class PrintSettings:
    """`ink`: color; saver (white areas with outlines and hatching); bw (black only).

    `duplex`: how backs (card and tile backs) line up behind fronts: `long` and `short` mirror
    them for a duplex printer flipping on that edge, `none` prints each backs page mirrored for
    gluing or folding behind its fronts page. `back_offset` (x, y) in mm moves backs to correct a
    printer's drift. `bleed` (mm) extends component backgrounds past their cut lines.
    `cut_marks`: printed marks for scissors (off for laser cutting, which follows the outlines).
    `cut_colour` / `engrave_colour` / `score_colour`: the three layers of laser SVG (outlines,
    the drawing, fold lines).
    """

    paper: Paper
    ink: str = "color"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0
    cut_marks: bool = True
    cut_colour: str = "#ff0000"
    engrave_colour: str = "#000000"
    score_colour: str = "#0000ff"

    def __post_init__(self) -> None:
        if self.ink not in INKS:
            raise InputError("ink", self.ink, one_of(INKS))
        if self.duplex not in DUPLEX:
            raise InputError("duplex", self.duplex, one_of(DUPLEX))
        if not 0 <= self.bleed <= 5:
            raise InputError("bleed", self.bleed, "0 to 5 (mm)")
        if not all(-20 <= v <= 20 for v in self.back_offset):
            raise InputError(
                "back-offset", self.back_offset, "X,Y in mm, each from -20 to 20",
                template="{field} is not valid: expected {accepted}",
            )  # fmt: skip
        for name, colour in (
            ("cut-colour", self.cut_colour),
            ("engrave-colour", self.engrave_colour),
            ("score-colour", self.score_colour),
        ):
            if not HEX_COLOUR.match(colour):
                raise InputError(name, colour, "a colour like #ff0000")
