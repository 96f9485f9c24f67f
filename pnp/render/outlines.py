"""Text as glyph outlines: a Text op drawn as one SVG path in the Vera font the PDF embeds.

Laser software of the Glowforge class rejects live text (it would need the font installed), so
laser pages carry their text as outlines read with fontTools from the same TrueType files
reportlab ships (pnp.render.fonts). Glyphs are set by their advance widths without kerning,
exactly as reportlab sets them in the PDF and measures them in `text_width`, so an outlined
string has the width, anchor and baseline of the printed one.
"""

from __future__ import annotations

from functools import cache

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from pnp.render.drawing import Text
from pnp.render.fonts import font_file

NOTDEF = ".notdef"  # the glyph reportlab also sets for a character the font lacks
Point = tuple[float, float] | None  # None: a TrueType contour's missing on-curve end
Outline = tuple[tuple[str, tuple[Point, ...]], ...]  # pen calls: ("qCurveTo", points), ...


@cache
def _font(bold: bool) -> TTFont:
    return TTFont(str(font_file(bold)))


@cache
def _glyph(bold: bool, character: str) -> tuple[Outline, float]:
    """The outline of `character` as pen calls in font units (a composite glyph, such as an
    accented letter, drawn as its parts), and its advance width in ems."""
    font = _font(bold)
    name = font.getBestCmap().get(ord(character), NOTDEF)
    glyphs = font.getGlyphSet()
    pen = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(pen)
    advance, _ = font["hmtx"][name]
    calls = tuple((method, tuple(points)) for method, points in pen.value)
    return calls, advance / font["head"].unitsPerEm


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
    out = SVGPathPen(None, ntos=path_number)
    for character in op.text:
        calls, advance = _glyph(op.bold, character)
        # font units have y up from the baseline, the page y down: the points are placed as
        # fontTools' TransformPen places them (the same floating-point steps), and the pen
        # splits TrueType curves at their implied points after that, as it does there
        for method, points in calls:
            placed = [None if p is None else (scale * p[0] + x, op.y - scale * p[1])
                      for p in points]  # fmt: skip
            getattr(out, method)(*placed)
        x += advance * op.size
    return str(out.getCommands())


def path_number(value: float) -> str:
    """A number of SVG path data: rounded to 1/1000 (mm), without trailing zeros or a point
    ("12", "-0.5", "3.142"; never "-0"). The text of `str(round(value, 3))` with an integer's
    ".0" dropped, three times as fast: a laser page writes a million of them."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
