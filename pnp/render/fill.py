"""How much of a page's printable area its content covers: the paper-economy measure.

A page's fill is the area of the union of the bounding boxes of everything drawn on it (each
placed component, board part, text line, box and shape; lines such as cut marks cover nothing),
clipped to the printable area (paper.content), divided by that area. The kit benchmark
(benchmarks/kit_pages.py) prints it per page and tests hold kits to it.
"""

from __future__ import annotations

import itertools

from pnp.render.document import Page
from pnp.render.drawing import Circle, Dots, Line, Op, Path, Place, Rect, Text, shape_bounds, visit
from pnp.render.fonts import text_width
from pnp.render.paper import Box


def op_box(op: Op) -> Box | None:
    """The page box an operation of a page's drawing covers; None for lines (no area)."""
    return visit(op, _BOXES)


class _Boxes:
    """The page box of each kind of operation (an OpVisitor)."""

    def line(self, op: Line) -> Box | None:
        return None

    def rect(self, op: Rect) -> Box | None:
        return Box(op.x, op.y, op.w, op.h)

    def circle(self, op: Circle) -> Box | None:
        return Box(op.cx - op.r, op.cy - op.r, 2 * op.r, 2 * op.r)

    def dots(self, op: Dots) -> Box | None:
        xs, ys = [x for x, _ in op.centres], [y for _, y in op.centres]
        x, y = min(xs) - op.r, min(ys) - op.r
        return Box(x, y, max(xs) + op.r - x, max(ys) + op.r - y)

    def path(self, op: Path) -> Box | None:
        return Box(*shape_bounds(op.commands))

    def text(self, op: Text) -> Box | None:
        width = text_width(op.text, op.size, op.bold)
        start = {"start": 0.0, "middle": width / 2, "end": width}[op.anchor]
        if op.angle % 180:  # vertical text: its box turned a quarter
            return Box(op.x - op.size, op.y - start, op.size, width)
        return Box(op.x - start, op.y - op.size * 0.76, width, op.size)

    def place(self, op: Place) -> Box | None:
        w, h = op.drawing.width, op.drawing.height
        if op.rotate in (90, 270):
            w, h = h, w
        if op.clip is None or op.rotate or op.mirror:
            return Box(op.x, op.y, w, h)
        x, y, cw, ch = shape_bounds(op.clip)
        return Box(op.x + x, op.y + y, cw, ch)


_BOXES = _Boxes()


def used_boxes(page: Page) -> list[Box]:
    """The boxes of the page's content, clipped to the printable area (empty ones left out)."""
    area = page.paper.content
    boxes = []
    for op in page.drawing.ops:
        box = op_box(op)
        if box is None:
            continue
        clipped = _intersection(box, area)
        if clipped is not None:
            boxes.append(clipped)
    return boxes


def page_fill(page: Page) -> float:
    """The fraction of the printable area the page's content covers (0 to 1)."""
    area = page.paper.content
    return union_area(used_boxes(page)) / (area.w * area.h)


def content_box(page: Page) -> Box | None:
    """One box around all the page's content; None for an empty page."""
    boxes = used_boxes(page)
    if not boxes:
        return None
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x, y, max(b.right for b in boxes) - x, max(b.bottom for b in boxes) - y)


def union_area(boxes: list[Box]) -> float:
    """The area covered by at least one box (overlaps counted once), by coordinate compression."""
    xs = sorted({v for b in boxes for v in (b.x, b.right)})
    total = 0.0
    for left, right in itertools.pairwise(xs):
        spans = sorted((b.y, b.bottom) for b in boxes if b.x <= left and b.right >= right)
        covered, reach = 0.0, float("-inf")
        for top, bottom in spans:
            if bottom > reach:
                covered += bottom - max(top, reach)
                reach = bottom
        total += covered * (right - left)
    return total


def _intersection(a: Box, b: Box) -> Box | None:
    x, y = max(a.x, b.x), max(a.y, b.y)
    right, bottom = min(a.right, b.right), min(a.bottom, b.bottom)
    if right <= x or bottom <= y:
        return None
    return Box(x, y, right - x, bottom - y)
