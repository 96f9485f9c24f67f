"""How a kit is printed, apart from what it shows: paper, ink, duplex backs and bleed."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import PnpError, one_of
from pnp.render.paper import Paper

INKS = ("color", "saver", "bw")
DUPLEX = ("long", "short", "none")


@dataclass(frozen=True)
class PrintSettings:
    """`ink`: color; saver (white areas with outlines and hatching); bw (black only).

    `duplex`: how backs (card and tile backs) line up behind fronts: `long` and `short` mirror
    them for a duplex printer flipping on that edge, `none` prints each backs page mirrored for
    gluing or folding behind its fronts page. `back_offset` (x, y) in mm moves backs to correct a
    printer's drift. `bleed` (mm) extends component backgrounds past their cut lines.
    """

    paper: Paper
    ink: str = "color"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0

    def __post_init__(self) -> None:
        if self.ink not in INKS:
            raise PnpError(f"--ink {self.ink} is not valid: expected {one_of(INKS)}")
        if self.duplex not in DUPLEX:
            raise PnpError(f"--duplex {self.duplex} is not valid: expected {one_of(DUPLEX)}")
        if not 0 <= self.bleed <= 5:
            raise PnpError(f"--bleed {self.bleed:g} is not valid: expected 0 to 5 (mm)")
