"""The one drawing interface kits use: a display list in millimetres, replayed by each backend.

Coordinates are millimetres from the top-left corner, y growing downwards (as on the printed
page and in SVG). Font sizes are millimetres too (the em size); points appear only inside the
PDF backend. A Drawing is a list of operations; `place` puts another Drawing inside this one,
optionally clipped, rotated or mirrored, which is how components are laid on sheets and how a
large board is split across pages without drawing it twice.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

Anchor = Literal["start", "middle", "end"]
Point = tuple[float, float]
Command = tuple[str | float, ...]  # ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
Shape = tuple[Command, ...]  # a closed outline, for filling, hatching and clipping

KAPPA = 0.5522847498  # control point distance of a quarter circle drawn as a Bezier curve

Join = Literal["miter", "round"]
BLACK = "#000000"
WHITE = "#ffffff"


@dataclass(frozen=True)
class Style:
    """Fill and stroke of a shape; `width` and `dash` lengths are in mm. `join` is how the
    stroke turns a corner: mitred (PDF and SVG cut a miter off at different lengths, 10 and 4
    line widths: a corner sharper than about 29 degrees needs "round") or round."""

    fill: str | None = None
    stroke: str | None = BLACK
    width: float = 0.25
    dash: tuple[float, ...] = ()
    join: Join = "miter"


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class Dots:
    """Discs of radius `r` at `centres`, all in one style: a dotted hatching, written as one
    path rather than a circle apiece (the discs of a pattern never overlap)."""

    centres: tuple[Point, ...]
    r: float
    style: Style


@dataclass(frozen=True)
class Path:
    """A path of absolute commands (see Command)."""

    commands: Shape
    style: Style


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float  # em size in mm
    fill: str = BLACK
    bold: bool = False
    anchor: Anchor = "start"
    angle: float = 0.0  # degrees, counter-clockwise as seen on the page


@dataclass(frozen=True)
class Place:
    """`drawing` with its top-left corner at (x, y) of the parent, rotated by `rotate` degrees
    (0, 90, 180 or 270, clockwise, turning within the box it occupies) and mirrored left-right
    if `mirror`; `clip` (a shape in the child's own coordinates) limits what shows."""

    drawing: Drawing
    x: float
    y: float
    rotate: int = 0
    mirror: bool = False
    clip: Shape | None = None


Op = Line | Rect | Circle | Dots | Path | Text | Place
Result = TypeVar("Result", covariant=True)


class OpVisitor(Protocol[Result]):
    """What a backend (PDF, SVG, the page-fill measure) does with each kind of operation: a
    method per kind, named as the kind in lower case (`visit` finds it by that name)."""

    def line(self, op: Line) -> Result: ...
    def rect(self, op: Rect) -> Result: ...
    def circle(self, op: Circle) -> Result: ...
    def dots(self, op: Dots) -> Result: ...
    def path(self, op: Path) -> Result: ...
    def text(self, op: Text) -> Result: ...
    def place(self, op: Place) -> Result: ...


def visit(op: Op, visitor: OpVisitor[Result]) -> Result:
    """`op` handed to the method of `visitor` for its kind: the kind's name in lower case."""
    method: Callable[[Op], Result] = getattr(visitor, type(op).__name__.lower())
    return method(op)


class Drawing:
    """A width x height mm area and what is drawn on it, in drawing order.

    Components laid on sheets may say two more things about themselves:
    - `background`: their flat background colour; layouts extend it past the cut line when the kit
      is printed with bleed;
    - `outline`: the line they are cut along, in their own coordinates, when it is not their
      width x height rectangle (a hexagonal tile, a round token); layouts record it as the cut.

    `folds` are the lines it is folded on (`fold`), own coordinates, those of the drawings placed
    on it included: layouts record them on the page, where a laser scores them.
    """

    def __init__(
        self,
        width: float,
        height: float,
        background: str | None = None,
        outline: Shape | None = None,
    ) -> None:
        self.width = width
        self.height = height
        self.background = background
        self.outline = outline
        self.ops: list[Op] = []
        self.folds: list[Shape] = []

    def cut_outline(self) -> Shape:
        """The shape a cutter follows: `outline`, or the drawing's own rectangle."""
        return self.outline or rect_shape(0, 0, self.width, self.height)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style = Style()) -> None:
        self.ops.append(Line(x1, y1, x2, y2, style))

    def fold(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """A fold line: dashed in print (FOLD), scored by a laser (never engraved)."""
        self.line(x1, y1, x2, y2, FOLD)
        self.folds.append((("M", x1, y1), ("L", x2, y2)))

    def rect(
        self, x: float, y: float, w: float, h: float, style: Style = Style(), radius: float = 0.0
    ) -> None:
        self.ops.append(Rect(x, y, w, h, style, radius))

    def circle(self, cx: float, cy: float, r: float, style: Style = Style()) -> None:
        self.ops.append(Circle(cx, cy, r, style))

    def dots(self, centres: Sequence[Point], r: float, style: Style) -> None:
        self.ops.append(Dots(tuple(centres), r, style))

    def polygon(self, points: Sequence[Point], style: Style = Style(), closed: bool = True) -> None:
        shape = polygon_shape(points)
        self.ops.append(Path(shape if closed else shape[:-1], style))

    def path(self, commands: Sequence[Command], style: Style = Style()) -> None:
        self.ops.append(Path(tuple(commands), style))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        fill: str = BLACK,
        bold: bool = False,
        anchor: Anchor = "start",
        angle: float = 0.0,
    ) -> None:
        self.ops.append(Text(x, y, text, size, fill, bold, anchor, angle))

    def centred_text(
        self, x: float, y: float, text: str, size: float, *, fill: str = BLACK, bold: bool = False
    ) -> None:
        """Text centred on (x, y) both ways: the baseline sits half a cap height below y."""
        self.text(x, y + CAP_HEIGHT * size / 2, text, size, fill=fill, bold=bold, anchor="middle")

    def place(
        self,
        drawing: Drawing,
        x: float,
        y: float,
        *,
        rotate: int = 0,
        mirror: bool = False,
        clip: Shape | None = None,
    ) -> None:
        if rotate not in (0, 90, 180, 270):
            raise ValueError("rotate must be 0, 90, 180 or 270")
        place = Place(drawing, x, y, rotate, mirror, clip)
        self.ops.append(place)
        matrix = placement_matrix(place)
        self.folds += [transformed(fold, matrix) for fold in drawing.folds]


CAP_HEIGHT = 0.729  # of the em, for the Vera font the kits use
FOLD = Style(stroke="#666666", width=0.25, dash=(1.5, 1.2))  # a fold line, as printed


def placement_matrix(place: Place) -> tuple[float, float, float, float, float, float]:
    """The affine map (a, b, c, d, e, f) from child to parent coordinates, x' = a x + c y + e,
    y' = b x + d y + f, with y downwards: the rotation turns the child within its box."""
    w, h = place.drawing.width, place.drawing.height
    a, b, c, d, e, f = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
    if place.mirror:
        a, e = -1.0, w
    rotations = {
        0: (1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
        90: (0.0, 1.0, -1.0, 0.0, h, 0.0),
        180: (-1.0, 0.0, 0.0, -1.0, w, h),
        270: (0.0, -1.0, 1.0, 0.0, 0.0, w),
    }
    ra, rb, rc, rd, re, rf = rotations[place.rotate]
    # rotation after mirroring: R(M(p)) then translate by (x, y)
    return (
        ra * a + rc * b,
        rb * a + rd * b,
        ra * c + rc * d,
        rb * c + rd * d,
        ra * e + rc * f + re + place.x,
        rb * e + rd * f + rf + place.y,
    )


def polygon_shape(points: Sequence[Point]) -> Shape:
    return (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))


def rect_shape(x: float, y: float, w: float, h: float) -> Shape:
    return polygon_shape([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def circle_shape(cx: float, cy: float, r: float) -> Shape:
    return ellipse_shape(cx, cy, r, r)


def ellipse_shape(cx: float, cy: float, rx: float, ry: float, tilt: float = 0.0) -> Shape:
    """An ellipse as four Bezier quarters, turned `tilt` degrees clockwise on the page."""
    cos, sin = math.cos(math.radians(tilt)), math.sin(math.radians(tilt))

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * rx * cos - y * ry * sin, cy + x * rx * sin + y * ry * cos

    k = KAPPA
    quarters = (
        ((1, k), (k, 1), (0, 1)),
        ((-k, 1), (-1, k), (-1, 0)),
        ((-1, -k), (-k, -1), (0, -1)),
        ((k, -1), (1, -k), (1, 0)),
    )
    commands: list[tuple[str | float, ...]] = [("M", *at(1, 0))]
    for c1, c2, end in quarters:
        commands.append(("C", *at(*c1), *at(*c2), *at(*end)))
    commands.append(("Z",))
    return tuple(commands)


def shape_bounds(shape: Shape) -> tuple[float, float, float, float]:
    """(x, y, w, h) enclosing every point of the shape (control points included)."""
    xs = [float(v) for command in shape for v in command[1::2]]
    ys = [float(v) for command in shape for v in command[2::2]]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def transformed(shape: Shape, matrix: tuple[float, float, float, float, float, float]) -> Shape:
    """`shape` mapped by the affine `matrix` (a, b, c, d, e, f): x' = a x + c y + e,
    y' = b x + d y + f (as placement_matrix gives one)."""
    a, b, c, d, e, f = matrix

    def point(x: float, y: float) -> tuple[float, float]:
        return a * x + c * y + e, b * x + d * y + f

    return tuple(
        (command[0], *(v for xy in zip(command[1::2], command[2::2], strict=True)
                       for v in point(float(xy[0]), float(xy[1]))))
        for command in shape
    )  # fmt: skip


def translated(shape: Shape, dx: float, dy: float) -> Shape:
    return tuple(
        (command[0], *(float(v) + (dx if i % 2 == 0 else dy) for i, v in enumerate(command[1:])))
        for command in shape
    )
