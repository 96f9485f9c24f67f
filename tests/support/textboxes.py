"""Where every text of a page sits, read from the Drawing display list, to check overlaps.

A text's box runs across its advance width (reportlab's stringWidth, as the PDF sets it) from its
anchor, and up and down as far as its glyphs' ink reaches (the font's glyph bounds), turned by its
angle and by every placement around it. Each text also knows its panel (the innermost placed
drawing it is drawn in: a component, a board, a figure; the page's paper for page text), the
smallest stroked rectangle of its own drawing around its anchor (a framed box on a page) and the
clip windows it is seen through (a board part).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from pnp.render.document import Page
from pnp.render.drawing import (
    Circle,
    Drawing,
    Place,
    Rect,
    Text,
    placement_matrix,
    shape_bounds,
)
from pnp.render.fonts import font_file, text_width

Matrix = tuple[float, float, float, float, float, float]
Bounds = tuple[float, float, float, float]  # left, top, right, bottom in page mm
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class TextBox:
    text: str
    box: Bounds
    panel: Bounds
    frame: Bounds | None  # the stroked rectangle around the anchor, if any
    clips: tuple[Bounds, ...]  # windows the text is seen through, outermost first
    crosses_circle: bool  # a stroked circle of its own drawing runs through the text


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


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _then(inner: Matrix, outer: Matrix) -> Matrix:
    """`inner` (child to parent) followed by `outer` (parent to page)."""
    a, b, c, d, e, f = inner
    ex, fy = _apply(outer, e, f)
    oa, ob, oc, od, _, _ = outer
    return (oa * a + oc * b, ob * a + od * b, oa * c + oc * d, ob * c + od * d, ex, fy)


def _bounds(points: list[tuple[float, float]], m: Matrix) -> Bounds:
    moved = [_apply(m, x, y) for x, y in points]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    return min(xs), min(ys), max(xs), max(ys)


def _rect_points(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def text_boxes(page: Page) -> list[TextBox]:
    paper = (0.0, 0.0, page.paper.width, page.paper.height)
    found: list[TextBox] = []
    _walk(page.drawing, IDENTITY, paper, (), found)
    return found


def _walk(
    drawing: Drawing,
    m: Matrix,
    panel: Bounds,
    clips: tuple[Bounds, ...],
    found: list[TextBox],
) -> None:
    circles = [op for op in drawing.ops if isinstance(op, Circle) and op.style.stroke]
    frames = [
        op for op in drawing.ops if isinstance(op, Rect) and op.style.stroke and op.w * op.h > 0
    ]
    for op in drawing.ops:
        if isinstance(op, Place):
            inner = _then(placement_matrix(op), m)
            child = op.drawing
            own = _bounds(_rect_points(0, 0, child.width, child.height), inner)
            window = clips
            if op.clip is not None:
                x, y, w, h = shape_bounds(op.clip)
                window = (*clips, _bounds(_rect_points(x, y, w, h), inner))
            same = (child.width, child.height) == (drawing.width, drawing.height)  # a layer
            _walk(child, inner, panel if same else own, window, found)
        elif isinstance(op, Text) and op.text.strip():
            around = [f for f in frames if f.x <= op.x <= f.x + f.w and f.y <= op.y <= f.y + f.h]
            frame = min(around, key=lambda f: f.w * f.h, default=None)
            framed = (
                None
                if frame is None
                else _bounds(_rect_points(frame.x, frame.y, frame.w, frame.h), m)
            )
            own_box = _bounds(local_box(op), IDENTITY)
            crossed = any(_crosses(own_box, c) for c in circles)
            found.append(TextBox(op.text, _bounds(local_box(op), m), panel, framed, clips, crossed))


def _crosses(box: Bounds, circle: Circle) -> bool:
    """Whether the circle's line runs through the box (neither holds the other whole)."""
    left, top, right, bottom = box
    nearest_x = min(max(circle.cx, left), right)
    nearest_y = min(max(circle.cy, top), bottom)
    near = ((nearest_x - circle.cx) ** 2 + (nearest_y - circle.cy) ** 2) ** 0.5
    far = max(
        ((x - circle.cx) ** 2 + (y - circle.cy) ** 2) ** 0.5
        for x in (left, right)
        for y in (top, bottom)
    )
    return near < circle.r < far
