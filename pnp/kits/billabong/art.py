"""Billabong's artwork: the kangaroo silhouette, the tokens, arrows and the creek's wavy outline.

Shapes are data (points in a 100 x 100 box) scaled to millimetres when drawn; colours come from
the Painter (templates/themes/billabong.json adds the referee's black and the land squares), so
every token also carries its colour letter for black-and-white printing.
"""

from __future__ import annotations

import math

from pnp.render.drawing import Drawing, Point, Shape, Style, circle_shape, polygon_shape
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.paper import component_sizes
from pnp.render.theme import Painter

# A kangaroo standing on its hind legs, facing right (100 x 100 box, y down).
KANGAROO: tuple[Point, ...] = (
    (58, 3), (62, 15), (68, 4), (69, 16), (77, 19), (88, 25), (85, 30), (75, 31), (71, 36),
    (74, 42), (82, 46), (83, 50), (77, 50), (71, 51), (70, 59), (68, 68), (73, 76), (71, 85),
    (92, 90), (92, 95), (57, 95), (51, 89), (45, 85), (27, 91), (3, 96), (22, 84), (38, 74),
    (39, 58), (44, 40), (51, 26), (56, 16),
)  # fmt: skip
TOKEN = component_sizes("billabong")["token"]  # mm, a kangaroo token (a square is 22 mm)
TOKEN_CELL = component_sizes("billabong")["token_cell"]  # mm, the square each token is laid in
CHIP = component_sizes("billabong")["chip"]  # mm, a -1 chip, small enough to hide under a token


def kangaroo_shape(x: float, y: float, size: float, facing_left: bool = False) -> Shape:
    """The silhouette in a size x size box with its top-left corner at (x, y)."""
    scale = size / 100
    return polygon_shape(
        [(x + (100 - px if facing_left else px) * scale, y + py * scale) for px, py in KANGAROO]
    )


def arrow(drawing: Drawing, start: Point, end: Point, style: Style, head: float = 2.5) -> None:
    """A straight arrow from `start` to `end` with a filled head `head` mm long."""
    base = _towards(end, start, head)
    drawing.line(start[0], start[1], base[0], base[1], style)
    _head(drawing, base, end, style)


def wavy_band(x: float, top: float, bottom: float, width: float, waves: float) -> Shape:
    """A vertical band centred on x from `top` to `bottom` whose edges wave `waves` times."""
    steps = max(8, int((bottom - top) / 1.5))
    amplitude = width * 0.28
    left, right = [], []
    for k in range(steps + 1):
        y = top + (bottom - top) * k / steps
        dx = amplitude * math.sin(2 * math.pi * waves * k / steps)
        left.append((x - width / 2 + dx, y))
        right.append((x + width / 2 + dx, y))
    return polygon_shape(left + right[::-1])


def token(painter: Painter, swatch: str, label: str, mark: str = "") -> Drawing:
    """A round token: the swatch's colour and hatching (a team shows by pattern too, for
    colour-blind players and engraved), a kangaroo, the label (its colour letter) and, on a
    flipped token, `mark` (the lap it has made) in a ring."""
    cell = TOKEN_CELL
    outline = circle_shape(cell / 2, cell / 2, TOKEN / 2)
    drawing = Drawing(cell, cell, painter.fill(swatch), outline)
    painter.patterned_area(drawing, outline, swatch, outline=0.35)
    ink = painter.text_on(swatch)
    figure = kangaroo_shape(cell / 2 - 7.2, 2.2, 11.5)
    if painter.ink == "color":  # edged in the token's colour: clear of the hatching's lines
        edge = Style(fill=ink, stroke=painter.fill(swatch), width=0.6, join="round")
        drawing.path(figure, edge)
    else:
        drawing.path(figure, Style(fill="#ffffff", stroke="#000000", width=0.3))
    size = fit_size(label, 3.6, 8.0, bold=True)
    # a patch keeps the letter readable over the hatching: white, or the token's own colour
    width = text_width(label, size, bold=True) + 1.6
    patch = Style(fill=painter.fill(swatch), stroke=None)
    drawing.rect(cell / 2 - width / 2, cell - 3.4 - size * 0.55, width, size * 1.1, patch, 0.8)
    drawing.centred_text(cell / 2, cell - 3.4, label, size, fill=ink, bold=True)
    if mark:
        ring = Style(fill="#ffffff", stroke="#000000", width=0.3)
        drawing.circle(cell / 2 - 5.0, 5.4, 2.9, ring)
        drawing.centred_text(cell / 2 - 5.0, 5.4, mark, 3.4, bold=True)
    return drawing


def chip(mark: str) -> Drawing:
    """A small plain chip printed with `mark`, to slide under a token (a count below 0)."""
    size = CHIP + 1.0
    outline = circle_shape(size / 2, size / 2, CHIP / 2)
    drawing = Drawing(size, size, "#ffffff", outline)  # white: its bleed keeps the cut white
    drawing.path(outline, Style(fill="#ffffff", stroke="#000000", width=0.35))
    drawing.circle(size / 2, size / 2, CHIP / 2 - 1.0, Style(stroke="#000000", width=0.2))
    drawing.centred_text(size / 2, size / 2, mark, 4.2, bold=True)
    return drawing


def jump_arc(
    drawing: Drawing, start: Point, end: Point, label: str, style: Style, shorten: float
) -> None:
    """A jump drawn as an arc from one square centre to another, bowing to the right of its
    direction (over the kangaroo it jumps), stopped `shorten` mm from each centre; its label (the
    jump's number or a lap change) sits in a small white box at the top of the arc."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux  # to the right of the direction of travel, y down
    lift = max(5.5, 0.16 * length) * 1.33
    c1 = (x1 + (x2 - x1) / 3 + nx * lift, y1 + (y2 - y1) / 3 + ny * lift)
    c2 = (x1 + 2 * (x2 - x1) / 3 + nx * lift, y1 + 2 * (y2 - y1) / 3 + ny * lift)
    a = _towards(start, c1, shorten)
    b = _towards(end, c2, shorten)
    head = 2.4
    tip_dir = _towards(b, c2, head)  # where the head's base sits, back along the curve
    drawing.path([("M", *a), ("C", *c1, *c2, *tip_dir)], style)
    _head(drawing, tip_dir, b, style)
    if label:
        top = (x1 + x2) / 2 + nx * lift * 0.75, (y1 + y2) / 2 + ny * lift * 0.75
        width = max(3.6, text_width(label, SMALLEST, bold=True) + 1.2)
        box = Style(fill="#ffffff", stroke=style.stroke, width=0.25)
        drawing.rect(top[0] - width / 2, top[1] - 1.9, width, 3.8, box, radius=1.2)
        ink = style.stroke or "#000000"
        drawing.centred_text(top[0], top[1], label, SMALLEST, fill=ink, bold=True)


def _towards(point: Point, target: Point, distance: float) -> Point:
    dx, dy = target[0] - point[0], target[1] - point[1]
    length = math.hypot(dx, dy) or 1.0
    return point[0] + dx / length * distance, point[1] + dy / length * distance


def _head(drawing: Drawing, base: Point, tip: Point, style: Style) -> None:
    ux, uy = tip[0] - base[0], tip[1] - base[1]
    length = math.hypot(ux, uy) or 1.0
    wing = 0.45 * length
    ux, uy = ux / length, uy / length
    drawing.polygon(
        [
            tip,
            (base[0] - uy * wing, base[1] + ux * wing),
            (base[0] + uy * wing, base[1] - ux * wing),
        ],
        Style(fill=style.stroke, stroke=None),
    )
