"""Wallaby's pictures, drawn as shapes in millimetres: plants, wallabies, the scarecrow, arrows.

Only the kit draws with these (pnp/kits/wallaby/kit.py and wallaby_diagram.py). Every colour is a
named swatch painted by the Painter (templates/themes/wallaby.json), so the pictures follow the
kit's ink: solid in colour, outlined and hatched in ink-saver and black-and-white.
"""

from __future__ import annotations

import math

from pnp.render.drawing import Drawing, Point, Shape, Style, ellipse_shape, polygon_shape
from pnp.render.fonts import SMALLEST
from pnp.render.theme import Painter

Ellipse = tuple[float, float, float, float, float]  # centre x, y, radii x, y, tilt (degrees)

# A wallaby facing right, in a unit box (x right, y down): tail, haunch, foot, body, chest,
# head, two ears and a forearm. Drawn as one silhouette with a single outline.
WALLABY: tuple[Ellipse, ...] = (
    (0.47, 0.80, 0.21, 0.13, -10.0),  # haunch
    (0.60, 0.95, 0.24, 0.045, 0.0),  # foot
    (0.47, 0.60, 0.20, 0.27, -18.0),  # body
    (0.60, 0.38, 0.10, 0.16, 28.0),  # chest and neck
    (0.71, 0.23, 0.16, 0.07, 24.0),  # head, a long snout to the right
    (0.60, 0.12, 0.03, 0.075, -20.0),  # ear
    (0.655, 0.115, 0.03, 0.07, 0.0),  # ear
    (0.71, 0.50, 0.085, 0.03, 40.0),  # forearm
)
TAIL: tuple[Point, ...] = (
    (0.36, 0.74), (0.20, 0.82), (0.09, 0.90), (0.00, 0.985),
    (0.06, 0.99), (0.18, 0.93), (0.30, 0.88), (0.44, 0.84),
)  # fmt: skip
WALLABY_EYE = (0.72, 0.2)
WALLABY_BELLY = (0.47, 0.63)  # where the seat letter goes


def silhouette(
    drawing: Drawing, shapes: list[Shape], painter: Painter, swatch: str, width: float
) -> None:
    """Overlapping shapes painted as one figure with a single outline: every outline first at
    twice the width, then every fill over them, so only the outer half of the outline shows.
    The figure carries its swatch's hatching in every ink: a pawn shows its team by pattern as
    well as by colour and letter (colour-blind players, engraving)."""
    for shape in shapes:
        drawing.path(shape, Style(stroke=_outline(painter, swatch), width=2 * width))
    painter.patterned_figure(drawing, shapes, swatch)


def _outline(painter: Painter, swatch: str) -> str:
    return "#222222" if painter.ink == "color" else painter.line(swatch)


def wallaby(
    drawing: Drawing, x: float, y: float, w: float, h: float, painter: Painter, swatch: str
) -> None:
    """A wallaby in the w x h box at (x, y), painted in `swatch`, with the swatch's letter."""

    def unit(ex: float, ey: float, rx: float, ry: float, tilt: float) -> Shape:
        return ellipse_shape(x + ex * w, y + ey * h, rx * w, ry * h, tilt)

    tail = polygon_shape([(x + px * w, y + py * h) for px, py in TAIL])
    shapes = [tail, *(unit(*e) for e in WALLABY)]
    silhouette(drawing, shapes, painter, swatch, max(0.25, w * 0.012))
    ex, ey = WALLABY_EYE
    drawing.circle(x + ex * w, y + ey * h, max(0.3, w * 0.022), Style(fill="#111111", stroke=None))
    letter = painter.letter(swatch)
    if letter:
        bx, by = WALLABY_BELLY
        size = max(h * 0.2, SMALLEST)
        painter.label(drawing, x + bx * w, y + by * h, letter, size, swatch, patterned=True)


def scarecrow(drawing: Drawing, x: float, y: float, w: float, h: float, painter: Painter) -> None:
    """The scarecrow in the w x h box at (x, y): pole, sleeves, shirt, head and straw hat."""

    def box(x0: float, y0: float, x1: float, y1: float) -> Shape:
        return polygon_shape(
            [(x + x0 * w, y + y0 * h), (x + x1 * w, y + y0 * h),
             (x + x1 * w, y + y1 * h), (x + x0 * w, y + y1 * h)]
        )  # fmt: skip

    def poly(*points: Point) -> Shape:
        return polygon_shape([(x + px * w, y + py * h) for px, py in points])

    pole = box(0.46, 0.30, 0.54, 1.0)
    sleeves = box(0.06, 0.37, 0.94, 0.45)
    shirt = poly((0.30, 0.34), (0.70, 0.34), (0.76, 0.72), (0.24, 0.72))
    head = ellipse_shape(x + 0.5 * w, y + 0.25 * h, 0.12 * w, 0.09 * h)
    brim = box(0.26, 0.15, 0.74, 0.18)
    crown = poly((0.38, 0.155), (0.62, 0.155), (0.57, 0.03), (0.43, 0.03))
    width = max(0.25, w * 0.012)
    silhouette(drawing, [pole, sleeves, shirt, head, brim, crown], painter, "straw", width)
    ink = Style(stroke="#222222" if painter.ink == "color" else painter.line("straw"), width=0.3)
    for side in (0.06, 0.94):  # straw sticking out of the sleeves
        for dy in (-0.03, 0.0, 0.03):
            sx = x + side * w
            drawing.line(
                sx,
                y + (0.41 + dy) * h,
                sx + (side - 0.5) * 0.12 * w,
                y + (0.41 + 1.6 * dy) * h,
                ink,
            )
    eye = Style(fill="#222222", stroke=None)
    for ex in (0.46, 0.54):
        drawing.circle(x + ex * w, y + 0.24 * h, max(0.25, w * 0.02), eye)
    # readable on the turn diagram's small scarecrow too
    letter = max(h * 0.16, SMALLEST)
    painter.label(
        drawing, x + 0.5 * w, y + 0.55 * h, painter.letter("straw"), letter, "straw", patterned=True
    )


def plant(drawing: Drawing, x: float, y: float, h: float, painter: Painter) -> None:
    """A sprout `h` mm tall standing on (x, y): a stem, two leaves and a bud."""
    stem = Style(stroke=painter.line("stem"), width=max(0.25, 0.07 * h))
    drawing.path(
        (
            ("M", x, y),
            ("C", x - 0.08 * h, y - 0.3 * h, x + 0.08 * h, y - 0.55 * h, x, y - 0.78 * h),
        ),
        stem,
    )
    painter.area(drawing, _leaf(x, y - 0.38 * h, x - 0.46 * h, y - 0.62 * h, 0.13 * h), "plant")
    painter.area(drawing, _leaf(x, y - 0.5 * h, x + 0.44 * h, y - 0.78 * h, 0.12 * h), "plant")
    bud = ellipse_shape(x, y - 0.86 * h, 0.11 * h, 0.13 * h)
    painter.area(drawing, bud, "bud", outline=max(0.2, 0.03 * h))
    drawing.line(x - 0.3 * h, y, x + 0.3 * h, y, Style(stroke=painter.line("stem"), width=0.3))


def _leaf(x0: float, y0: float, x1: float, y1: float, width: float) -> Shape:
    """An almond-shaped leaf from its stalk (x0, y0) to its tip (x1, y1)."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * width, dx / length * width
    return (
        ("M", x0, y0),
        (
            "C",
            x0 + 0.25 * dx + nx,
            y0 + 0.25 * dy + ny,
            x0 + 0.7 * dx + nx,
            y0 + 0.7 * dy + ny,
            x1,
            y1,
        ),
        (
            "C",
            x0 + 0.7 * dx - nx,
            y0 + 0.7 * dy - ny,
            x0 + 0.25 * dx - nx,
            y0 + 0.25 * dy - ny,
            x0,
            y0,
        ),
        ("Z",),
    )


PLANT_SPOTS = {
    1: ((0.5, 0.5),),
    2: ((0.31, 0.36), (0.69, 0.68)),
    3: ((0.5, 0.3), (0.27, 0.7), (0.73, 0.7)),
}  # centres of the plants on a tile, as fractions of its side


def plants(drawing: Drawing, x: float, y: float, side: float, count: int, painter: Painter) -> None:
    """`count` plants spread over the side x side square at (x, y)."""
    h = side * (0.42 if count == 1 else 0.34)
    for fx, fy in PLANT_SPOTS[count]:
        plant(drawing, x + fx * side, y + fy * side + h / 2, h, painter)


def arrow(
    drawing: Drawing,
    start: Point,
    end: Point,
    style: Style,
    lift: float = 0.0,
    head: float = 2.2,
    trim: float = 0.0,
) -> None:
    """An arrow from `start` to `end`, bowed sideways by `lift` mm (a hop), with a filled head;
    `trim` mm are left free at both ends (to start and stop beside a pawn)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    if trim:
        x0, y0 = x0 + dx / length * trim, y0 + dy / length * trim
        x1, y1 = x1 - dx / length * trim, y1 - dy / length * trim
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
    nx, ny = dy / length * lift, -dx / length * lift
    c1 = (x0 + dx / 3 + nx, y0 + dy / 3 + ny)
    c2 = (x0 + 2 * dx / 3 + nx, y0 + 2 * dy / 3 + ny)
    tx, ty = x1 - c2[0], y1 - c2[1]
    norm = math.hypot(tx, ty) or 1.0
    ux, uy = tx / norm, ty / norm
    base = (x1 - ux * head, y1 - uy * head)
    drawing.path((("M", x0, y0), ("C", *c1, *c2, *base)), style)
    wing = head * 0.45
    drawing.polygon(
        [
            (x1, y1),
            (base[0] - uy * wing, base[1] + ux * wing),
            (base[0] + uy * wing, base[1] - ux * wing),
        ],
        Style(fill=style.stroke, stroke=None),
    )


def cross(drawing: Drawing, cx: float, cy: float, size: float, style: Style) -> None:
    """An X, for what is not allowed."""
    half = size / 2
    drawing.line(cx - half, cy - half, cx + half, cy + half, style)
    drawing.line(cx - half, cy + half, cx + half, cy - half, style)
