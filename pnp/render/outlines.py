"""Text as glyph outlines: a Text op drawn as one SVG path in the Vera font the PDF embeds.

Laser software of the Glowforge class rejects live text (it would need the font installed), so
laser pages carry their text as outlines read with fontTools from the same TrueType files
reportlab ships (pnp.render.fonts). Glyphs are set by their advance widths without kerning,
exactly as reportlab sets them in the PDF and measures them in `text_width`, so an outlined
string has the width, anchor and baseline of the printed one.
"""

from __future__ import annotations

from functools import cache

from fontTools.pens.recordingPen import RecordingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from pnp.render.drawing import Text
from pnp.render.fonts import font_file

NOTDEF = ".notdef"  # the glyph reportlab also sets for a character the font lacks


@cache
def _font(bold: bool) -> TTFont:
    return TTFont(str(font_file(bold)))


@cache
def _glyph(bold: bool, character: str) -> tuple[RecordingPen, float]:
    """The outline of `character` in font units and its advance width in ems."""
    font = _font(bold)
    name = font.getBestCmap().get(ord(character), NOTDEF)
    pen = RecordingPen()
    font.getGlyphSet()[name].draw(pen)
    advance, _ = font["hmtx"][name]
    return pen, advance / font["head"].unitsPerEm


def advance_width(text: str, size: float, bold: bool = False) -> float:
    """The width the outlines of `text` take at em size `size` (the sum of the advances)."""
    return sum(_glyph(bold, c)[1] for c in text) * size


def outline_path(op: Text) -> str:
    """SVG path data of `op`'s glyphs in page coordinates (mm), anchored as `op` says; an empty
    string for text with no ink (spaces). Rotation is left to the caller, about (op.x, op.y)."""
    font = _font(op.bold)
    scale = op.size / font["head"].unitsPerEm
    shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[op.anchor]
    x = op.x - shift * advance_width(op.text, op.size, op.bold)
    out = SVGPathPen(None, ntos=_number)
    for character in op.text:
        pen, advance = _glyph(op.bold, character)
        # font units have y up from the baseline; the page has y down
        pen.replay(TransformPen(out, (scale, 0, 0, -scale, x, op.y)))
        x += advance * op.size
    return str(out.getCommands())


def _number(value: float) -> str:
    rounded = round(value, 3)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)
