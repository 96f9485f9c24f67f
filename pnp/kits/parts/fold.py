"""Pieces folded and glued: two faces from one strip, twice as stiff as one sheet of card."""

from __future__ import annotations

from pnp.render.drawing import Drawing


def fold_over(face: Drawing) -> Drawing:
    """The face twice, joined at a fold line (dashed, scored by a laser), so a folded token
    shows it both sides: the upper copy turned, to read the right way up from behind."""
    double = Drawing(face.width, 2 * face.height, background=face.background)
    double.place(face, 0, 0, rotate=180)
    double.place(face, 0, face.height)
    double.fold(0, face.height, face.width, face.height)
    return double
