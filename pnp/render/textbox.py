"""Where a drawing's texts sit: the box of each text, read from the Drawing display list.

A text's box runs across its advance width (reportlab's stringWidth, as the PDF sets it) from its
anchor, and up and down as far as its glyphs' ink reaches (the font's glyph bounds, read with
fontTools), turned by its angle and by every placement around it. Board splitting uses the boxes
to keep the seams between board parts clear of words (pnp.render.tiling); the overlap tests use
them to find texts that meet or leave their panels.
"""

from __future__ import annotations

from functools import cache

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from pnp.render.drawing import Drawing, Place, Text, placement_matrix
from pnp.render.fonts import font_file, text_width

Matrix = tuple[float, float, float, float, float, float]
Bounds = tuple[float, float, float, float]  # left, top, right, bottom
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@cache
def _ink(bold: bool, character: str) -> tuple[float, float]:
    """How far the glyph's ink reaches above and below the baseline, in ems (up positive)."""
    font = TTFont(str(font_file(bold)))
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap().get(ord(character), ".notdef")].draw(pen)
    units = font["head"].unitsPerEm
    if pen.bounds is None:  # a space
        return 0.0, 0.0
    return pen.bounds[3] / units, pen.bounds[1] / units


def local_box(op: Text) -> list[tuple[float, float]]:
    """The four corners of the text's box in its own drawing."""
    width = text_width(op.text, op.size, op.bold)
    ink = [_ink(op.bold, c) for c in op.text]
    up = max((a for a, _ in ink), default=0.0) * op.size
    down = min((b for _, b in ink), default=0.0) * op.size
    left = -{"start": 0.0, "middle": 0.5, "end": 1.0}[op.anchor] * width
    corners = [(left, -up), (left + width, -up), (left + width, -down), (left, -down)]
    if op.angle % 360 == 0:
        return [(op.x + dx, op.y + dy) for dx, dy in corners]
    turns = round(op.angle / 90) % 4  # kits turn text by right angles, counter-clockwise
    turned = []
    for dx, dy in corners:
        for _ in range(turns):
            dx, dy = dy, -dx
        turned.append((op.x + dx, op.y + dy))
    return turned


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def then(inner: Matrix, outer: Matrix) -> Matrix:
    """`inner` (child to parent) followed by `outer` (parent to page)."""
    a, b, c, d, e, f = inner
    ex, fy = apply(outer, e, f)
    oa, ob, oc, od, _, _ = outer
    return (oa * a + oc * b, ob * a + od * b, oa * c + oc * d, ob * c + od * d, ex, fy)


def bounds(points: list[tuple[float, float]], m: Matrix) -> Bounds:
    moved = [apply(m, x, y) for x, y in points]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    return min(xs), min(ys), max(xs), max(ys)


def rect_points(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def text_bounds(drawing: Drawing, m: Matrix = IDENTITY) -> list[Bounds]:
    """The box of every visible text of `drawing` and the drawings placed in it, in the
    coordinates `m` maps the drawing to (its own by default)."""
    found: list[Bounds] = []
    for op in drawing.ops:
        if isinstance(op, Place):
            found += text_bounds(op.drawing, then(placement_matrix(op), m))
        elif isinstance(op, Text) and op.text.strip():
            found.append(bounds(local_box(op), m))
    return found
