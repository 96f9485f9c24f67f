"""Platypus pictures: the four animals as silhouettes, the two trees, arrows.

Each silhouette is a handful of overlapping ellipses and polygons in a unit box (facing right,
y down), filled with one colour, so it reads as one shape at any size and in any ink. Drawing
code only: the rules are in pnp/games/platypus/game.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.render.drawing import Drawing, Point, Shape, Style, ellipse_shape, polygon_shape
from pnp.render.theme import Painter

Part = tuple[str, tuple[float, ...]]  # ("ellipse", cx, cy, rx, ry, degrees) or ("poly", x, y, ...)

ANIMAL_PARTS: dict[int, tuple[Part, ...]] = {
    0: (  # kangaroo: upright leaning body, big haunch and hind foot, long tail, tall ears
        ("ellipse", (0.5, 0.5, 0.14, 0.25, 30)),
        ("ellipse", (0.73, 0.17, 0.1, 0.06, 15)),
        ("poly", (0.56, 0.3, 0.67, 0.13, 0.75, 0.2, 0.63, 0.38)),
        ("poly", (0.65, 0.14, 0.61, 0.0, 0.69, 0.12)),
        ("poly", (0.69, 0.13, 0.69, 0.0, 0.74, 0.12)),
        ("poly", (0.6, 0.4, 0.75, 0.5, 0.73, 0.54, 0.58, 0.46)),
        ("ellipse", (0.42, 0.72, 0.15, 0.13, 0)),
        ("poly", (0.36, 0.8, 0.5, 0.8, 0.82, 0.95, 0.82, 1.0, 0.36, 1.0)),
        ("poly", (0.32, 0.7, 0.0, 0.95, 0.03, 0.99, 0.38, 0.84)),
    ),
    1: (  # emu: round shaggy body, long neck, small head, long legs
        ("ellipse", (0.42, 0.42, 0.3, 0.2, -8)),
        ("poly", (0.6, 0.36, 0.72, 0.06, 0.8, 0.08, 0.72, 0.42)),
        ("ellipse", (0.77, 0.07, 0.07, 0.055, 0)),
        ("poly", (0.82, 0.05, 0.95, 0.09, 0.82, 0.11)),
        ("poly", (0.36, 0.55, 0.42, 0.55, 0.34, 0.97, 0.3, 0.97)),
        ("poly", (0.5, 0.55, 0.56, 0.55, 0.62, 0.97, 0.57, 0.97)),
        ("poly", (0.22, 0.95, 0.36, 0.95, 0.36, 1.0, 0.22, 1.0)),
        ("poly", (0.55, 0.95, 0.7, 0.95, 0.7, 1.0, 0.55, 1.0)),
    ),
    2: (  # wombat: a low loaf of a body, blunt head, short legs
        ("ellipse", (0.45, 0.6, 0.37, 0.24, 0)),
        ("ellipse", (0.8, 0.62, 0.16, 0.15, 0)),
        ("ellipse", (0.93, 0.66, 0.06, 0.06, 0)),
        ("poly", (0.7, 0.52, 0.72, 0.4, 0.79, 0.49)),
        ("poly", (0.16, 0.7, 0.28, 0.7, 0.28, 0.93, 0.16, 0.93)),
        ("poly", (0.58, 0.7, 0.7, 0.7, 0.7, 0.93, 0.58, 0.93)),
    ),
    3: (  # platypus: flat body, broad tail, duck bill, webbed feet
        ("ellipse", (0.46, 0.55, 0.28, 0.14, 0)),
        ("ellipse", (0.12, 0.57, 0.13, 0.08, 0)),
        ("ellipse", (0.72, 0.52, 0.1, 0.1, 0)),
        ("ellipse", (0.88, 0.55, 0.12, 0.055, 0)),
        ("poly", (0.3, 0.64, 0.38, 0.64, 0.42, 0.76, 0.26, 0.76)),
        ("poly", (0.56, 0.64, 0.64, 0.64, 0.68, 0.76, 0.52, 0.76)),
    ),
}
EYES = {0: (0.72, 0.15), 1: (0.775, 0.06), 2: (0.85, 0.58), 3: (0.75, 0.49)}
HOLLOW_LINE = 0.08  # a hollow animal's outline (half of it outside the silhouette), per size


def _place(part: Part, x: float, y: float, size: float, flip: bool) -> Shape:
    kind, values = part

    def fx(u: float) -> float:
        return x + (1 - u if flip else u) * size

    if kind == "ellipse":
        cx, cy, rx, ry, degrees = values
        return ellipse_shape(
            fx(cx), y + cy * size, rx * size, ry * size, -degrees if flip else degrees
        )
    points: list[Point] = [
        (fx(values[i]), y + values[i + 1] * size) for i in range(0, len(values), 2)
    ]
    return polygon_shape(points)


def draw_animal(
    drawing: Drawing,
    animal: int,
    x: float,
    y: float,
    size: float,
    fill: str,
    eye: str = "#ffffff",
    flip: bool = False,
    hollow: bool = False,
) -> None:
    """The animal's silhouette in a size x size box at (x, y); `flip` faces it left. `hollow`
    draws only its outline, in `fill`, around a white inside: the parts stroked first, then
    filled white over the strokes, so the lines where parts overlap do not show; the animal
    shrinks by the outline's outer half, so the outline stays inside the box (its corners are
    joined round: a mitred ear tip would run out past the box, and further in PDF than in SVG)."""
    line = size * HOLLOW_LINE
    if hollow:
        x, y, size = x + line / 2, y + line / 2, size - line
    parts = [_place(part, x, y, size, flip) for part in ANIMAL_PARTS[animal]]
    if hollow:
        for shape in parts:
            drawing.path(shape, Style(fill=fill, stroke=fill, width=line, join="round"))
        fill, eye = "#ffffff", fill
    for shape in parts:
        drawing.path(shape, Style(fill=fill, stroke=None))
    ex, ey = EYES[animal]
    drawing.circle(
        x + (1 - ex if flip else ex) * size,
        y + ey * size,
        size * (0.035 if hollow else 0.022),
        Style(fill=eye, stroke=None),
    )


def draw_wattle(
    drawing: Drawing, x: float, y: float, size: float, bloom: str, leaf: str, painter: Painter
) -> None:
    """A wattle: a short trunk under a round crown of fluffy golden blossom balls."""
    trunk = Style(fill=painter.art("#6b4a2b"), stroke=None)
    drawing.polygon(
        [(x + 0.46 * size, y + size), (x + 0.5 * size, y + 0.45 * size),
         (x + 0.56 * size, y + 0.45 * size), (x + 0.58 * size, y + size)],
        trunk,
    )  # fmt: skip
    drawing.path(
        ellipse_shape(x + 0.5 * size, y + 0.38 * size, 0.42 * size, 0.32 * size),
        Style(fill=leaf, stroke=None),
    )
    balls = [(0.22, 0.3), (0.38, 0.16), (0.58, 0.14), (0.76, 0.28), (0.3, 0.48), (0.5, 0.36),
             (0.7, 0.5), (0.5, 0.56), (0.86, 0.42), (0.14, 0.44)]  # fmt: skip
    for bx, by in balls:
        drawing.circle(
            x + bx * size,
            y + by * size,
            0.075 * size,
            Style(fill=bloom, stroke=painter.art("#8a6d00"), width=0.15),
        )


def draw_ghost_gum(
    drawing: Drawing, x: float, y: float, size: float, leaf: str, painter: Painter
) -> None:
    """A ghost gum: a tall pale trunk that forks, under loose clumps of grey-green leaves."""
    for cx, cy, rx, ry in (
        (0.3, 0.22, 0.22, 0.14),
        (0.68, 0.16, 0.25, 0.14),
        (0.5, 0.34, 0.2, 0.12),
    ):
        drawing.path(
            ellipse_shape(x + cx * size, y + cy * size, rx * size, ry * size),
            Style(fill=leaf, stroke=None),
        )
    bark = Style(fill=painter.art("#fbfbf6"), stroke="#555555", width=0.35)
    trunk = [(0.44, 1.0), (0.47, 0.55), (0.3, 0.28), (0.35, 0.26), (0.5, 0.47),
             (0.62, 0.2), (0.67, 0.22), (0.55, 0.55), (0.58, 1.0)]  # fmt: skip
    drawing.polygon([(x + u * size, y + v * size) for u, v in trunk], bark)


def arrow_shape(x: float, y: float, length: float, height: float, left: bool) -> Shape:
    """A block arrow in the box (x, y, length, height), pointing left or right."""
    head = min(length * 0.45, height)
    shaft = height * 0.36
    mid = y + height / 2
    points: Sequence[Point] = [
        (0, mid - shaft / 2), (length - head, mid - shaft / 2), (length - head, y),
        (length, mid), (length - head, y + height), (length - head, mid + shaft / 2),
        (0, mid + shaft / 2),
    ]  # fmt: skip
    return polygon_shape([(x + (length - px if left else px), py) for px, py in points])
