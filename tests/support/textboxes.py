"""Where every text of a page sits, read from the Drawing display list, to check overlaps.

A text's box is pnp.render.textbox's (advance width by ink height, turned by its angle and by
every placement around it). Each text also knows its panel (the innermost placed
drawing it is drawn in: a component, a board, a figure; the page's paper for page text), the
smallest stroked rectangle of its own drawing around its anchor (a framed box on a page) and the
clip windows it is seen through (a board part).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.render.document import Page
from pnp.render.drawing import Circle, Drawing, Place, Rect, Text, placement_matrix, shape_bounds
from pnp.render.textbox import (
    IDENTITY,
    Bounds,
    Matrix,
    bounds,
    local_box,
    rect_points,
    then,
)


@dataclass(frozen=True)
class TextBox:
    text: str
    box: Bounds
    panel: Bounds
    frame: Bounds | None  # the stroked rectangle around the anchor, if any
    clips: tuple[Bounds, ...]  # windows the text is seen through, outermost first
    crosses_circle: bool  # a stroked circle of its own drawing runs through the text


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
            inner = then(placement_matrix(op), m)
            child = op.drawing
            own = bounds(rect_points(0, 0, child.width, child.height), inner)
            window = clips
            if op.clip is not None:
                x, y, w, h = shape_bounds(op.clip)
                window = (*clips, bounds(rect_points(x, y, w, h), inner))
            same = (child.width, child.height) == (drawing.width, drawing.height)  # a layer
            _walk(child, inner, panel if same else own, window, found)
        elif isinstance(op, Text) and op.text.strip():
            around = [f for f in frames if f.x <= op.x <= f.x + f.w and f.y <= op.y <= f.y + f.h]
            frame = min(around, key=lambda f: f.w * f.h, default=None)
            framed = (
                None
                if frame is None
                else bounds(rect_points(frame.x, frame.y, frame.w, frame.h), m)
            )
            own_box = bounds(local_box(op), IDENTITY)
            crossed = any(_crosses(own_box, c) for c in circles)
            found.append(TextBox(op.text, bounds(local_box(op), m), panel, framed, clips, crossed))


def _crosses(box: Bounds, circle: Circle) -> bool:
    """Whether the circle's line runs through the box (neither holds the other whole)."""
    left, top, right, bottom = box
    nearest_x = min(max(circle.cx, left), right)
    nearest_y = min(max(circle.cy, top), bottom)
    near = math.hypot(nearest_x - circle.cx, nearest_y - circle.cy)
    corners = [(x, y) for x in (left, right) for y in (top, bottom)]
    far = max(math.hypot(x - circle.cx, y - circle.cy) for x, y in corners)
    return near < circle.r < far
