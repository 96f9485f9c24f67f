"""The round Colour Diplomacy board: N concentric circles of N fields around the center.

Geometry follows ../shared/RULES.md, "Colour Diplomacy": field k of circle c borders fields k and
k+1 of circle c+1. Every circle is split into N equal fields and each circle's split is turned
half a field back from the one outside it (staggered rings), so the boundary between fields k and
k+1 of circle c+1 meets the middle of field k of circle c. Field 1 of circle 1 is at the top,
numbers run clockwise. Every ring is RING mm wide and the innermost ring's fields are at least
MIN_ARC mm long at mid-ring, so each field holds a TOKEN mm token.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.render.drawing import (
    BLACK,
    WHITE,
    Anchor,
    Command,
    Drawing,
    Shape,
    Style,
    circle_shape,
)
from pnp.render.fonts import fit_size, text_width
from pnp.render.paper import component_sizes
from pnp.render.theme import Painter

TOKEN = component_sizes("colour-diplomacy")["token"]  # mm, the player tokens' diameter
RING = component_sizes("colour-diplomacy")["ring"]  # mm, radial width of every circle
MIN_ARC = 17.0  # mm, field length at mid-ring on the innermost circle
MIN_CENTER = 10.0  # mm, the center's radius at least (holds a token)
CENTER_SHIFT = 2.5  # mm right of the middle for the word CENTER
MARGIN = 4.0  # mm around the outermost circle (10 players: 366 mm, four A4 or Letter parts)
LINE = Style(stroke=BLACK, width=0.35)
THIN = Style(stroke=BLACK, width=0.25)
BADGE = Style(fill="#222222", stroke=None)
LABEL_BACK = Style(fill=WHITE, stroke=None)
FIELD_TEXT = 3.0  # mm em size of field numbers


@dataclass(frozen=True)
class RingGeometry:
    """Radii and angles of an n-circle board, in mm and degrees clockwise from the top."""

    n: int

    @property
    def center_radius(self) -> float:
        return max(MIN_CENTER, self.n * MIN_ARC / (2 * math.pi) - RING / 2)

    @property
    def radius(self) -> float:
        """Of the outermost circle's outer edge."""
        return self.center_radius + self.n * RING

    @property
    def size(self) -> float:
        """Width and height of the board drawing."""
        return 2 * (self.radius + MARGIN)

    def outer(self, circle: int) -> float:
        return self.radius - (circle - 1) * RING

    def inner(self, circle: int) -> float:
        return self.outer(circle) - RING

    def start(self, circle: int) -> float:
        """The angle where field 1 of `circle` begins: field 1 of circle 1 is centred at the top
        and each circle's fields are turned half a field back from the circle outside it."""
        return -circle * self.width / 2

    @property
    def width(self) -> float:
        """Of one field, in degrees."""
        return 360 / self.n

    def span(self, circle: int, field: int) -> tuple[float, float]:
        first = self.start(circle) + (field - 1) * self.width
        return first, first + self.width

    def point(self, radius: float, angle: float) -> tuple[float, float]:
        """Board coordinates (y down) of polar (radius, angle clockwise from the top)."""
        c = self.size / 2
        a = math.radians(angle)
        return c + radius * math.sin(a), c - radius * math.cos(a)

    def arc_length(self, circle: int) -> float:
        """Of a field of `circle` at mid-ring."""
        return 2 * math.pi * (self.outer(circle) - RING / 2) / self.n


def _arc(g: RingGeometry, radius: float, a1: float, a2: float) -> list[Command]:
    """Bezier curves along the circle of `radius` from angle a1 to a2 (no move to the start)."""
    steps = max(1, math.ceil(abs(a2 - a1) / 30))
    commands: list[Command] = []
    for i in range(steps):
        s, e = a1 + (a2 - a1) * i / steps, a1 + (a2 - a1) * (i + 1) / steps
        k = 4 / 3 * math.tan(math.radians(e - s) / 4) * radius
        (x0, y0), (x3, y3) = g.point(radius, s), g.point(radius, e)
        ts, te = math.radians(s), math.radians(e)
        commands.append(
            (
                "C",
                x0 + k * math.cos(ts),
                y0 + k * math.sin(ts),
                x3 - k * math.cos(te),
                y3 - k * math.sin(te),
                x3,
                y3,
            )
        )
    return commands


def field_shape(g: RingGeometry, circle: int, field: int) -> Shape:
    """The outline of a field: a ring sector."""
    a1, a2 = g.span(circle, field)
    r_out, r_in = g.outer(circle), g.inner(circle)
    return (
        ("M", *g.point(r_out, a1)),
        *_arc(g, r_out, a1, a2),
        ("L", *g.point(r_in, a2)),
        *_arc(g, r_in, a2, a1),
        ("Z",),
    )


def draw_board(
    g: RingGeometry, painter: Painter, colours: Sequence[str] | None, corners: Sequence[str]
) -> Drawing:
    """The board; `colours` (a swatch per circle, circle 1 first) fills the circles, None leaves
    them plain. `corners`: up to four notes for the corners, top-left, top-right, bottom-left,
    bottom-right."""
    board = Drawing(g.size, g.size)
    c = g.size / 2
    for circle in range(1, g.n + 1):
        if colours is None:
            shade = painter.fill("board" if circle % 2 else "paper")
            board.circle(c, c, g.outer(circle), Style(fill=shade, stroke=None))
        else:
            for field in range(1, g.n + 1):
                shape = field_shape(g, circle, field)
                painter.patterned_area(board, shape, colours[circle - 1], 0)
    board.circle(c, c, g.center_radius, Style(fill=WHITE, stroke=None))
    _lines(board, g)
    for circle in range(1, g.n + 1):
        letter = "" if colours is None else painter.letter(colours[circle - 1])
        for field in range(1, g.n + 1):
            _field_number(board, g, circle, field, backed=colours is not None)
            if letter:
                _field_letter(board, g, circle, field, letter)
        _circle_badge(board, g, circle, letter)
    _center(board, g)
    _corner_notes(board, g, corners)
    return board


def _lines(board: Drawing, g: RingGeometry) -> None:
    c = g.size / 2
    for circle in range(1, g.n + 1):
        board.circle(c, c, g.outer(circle), LINE)
        for field in range(1, g.n + 1):
            angle = g.span(circle, field)[0]
            board.line(*g.point(g.inner(circle), angle), *g.point(g.outer(circle), angle), LINE)
    board.circle(c, c, g.center_radius, LINE)


def _field_number(board: Drawing, g: RingGeometry, circle: int, field: int, backed: bool) -> None:
    """The field's number near its outer edge, where a token in the field leaves it visible."""
    a1, a2 = g.span(circle, field)
    x, y = g.point(g.outer(circle) - 3.3, (a1 + a2) / 2)
    if backed:
        half = text_width(str(field), FIELD_TEXT, True) / 2 + 0.9
        board.rect(x - half, y - 2.0, 2 * half, 4.0, LABEL_BACK, radius=1.0)
    board.centred_text(x, y, str(field), FIELD_TEXT, bold=True)


def _field_letter(board: Drawing, g: RingGeometry, circle: int, field: int, letter: str) -> None:
    """The letter of the field's colour near its inner edge, so no field tells its colour by
    colour alone."""
    a1, a2 = g.span(circle, field)
    x, y = g.point(g.inner(circle) + 3.3, (a1 + a2) / 2)
    half = text_width(letter, FIELD_TEXT, True) / 2 + 0.9
    board.rect(x - half, y - 2.0, 2 * half, 4.0, LABEL_BACK, radius=1.0)
    board.centred_text(x, y, letter, FIELD_TEXT, bold=True)


def _circle_badge(board: Drawing, g: RingGeometry, circle: int, letter: str) -> None:
    """`C3` on the line where field 1 of circle 3 begins (a spiral from the top, inwards), with
    the letter of the circle's colour when the board is printed in colour."""
    label = f"C{circle} {letter}" if letter else f"C{circle}"
    x, y = g.point(g.outer(circle) - RING / 2, g.start(circle))
    w = text_width(label, 2.8, True) + 1.6
    board.rect(x - w / 2, y - 2.2, w, 4.4, BADGE, radius=1.2)
    board.centred_text(x, y, label, 2.8, fill=WHITE, bold=True)


def _center(board: Drawing, g: RingGeometry) -> None:
    c = g.size / 2
    r = g.center_radius
    board.circle(c, c, r - 1.2, Style(stroke=BLACK, width=0.2, dash=(1.0, 1.0)))
    # right of the middle as far as the dashed circle leaves room (up to CENTER_SHIFT): a board
    # split in two columns joins just left of its middle (pnp.render.tiling), and the word must
    # not straddle the join
    size = fit_size("CENTER", 3.2, 2 * r - 5, True)
    half = text_width("CENTER", size, True) / 2
    room = math.sqrt((r - 1.2) ** 2 - size**2) - half - 0.3
    board.centred_text(c + min(CENTER_SHIFT, max(0.0, room)), c, "CENTER", size, bold=True)


def _corner_notes(board: Drawing, g: RingGeometry, corners: Sequence[str]) -> None:
    """Notes along the top and bottom edges, in the margin above and below the circles."""
    room = g.size / 2 - 6
    places: list[tuple[float, float, Anchor]] = [
        (2.0, 4.6, "start"),
        (g.size - 2, 4.6, "end"),
        (2.0, g.size - 2.2, "start"),
        (g.size - 2, g.size - 2.2, "end"),
    ]
    for k, (text, (x, y, anchor)) in enumerate(zip(corners, places, strict=False)):
        board.text(x, y, text, fit_size(text, 3.2, room, k == 0), anchor=anchor, bold=k == 0)


def token(painter: Painter, player: int) -> Drawing:
    """A round token in the player's colour and pattern with their number and the colour's
    letter on a white disc."""
    r = TOKEN / 2
    swatch = f"player{player}"
    drawing = Drawing(TOKEN, TOKEN, painter.fill(swatch), circle_shape(r, r, r))
    painter.patterned_area(drawing, circle_shape(r, r, r), swatch, 0.3)
    drawing.circle(r, r, r * 0.68, Style(fill=WHITE, stroke=BLACK, width=0.2))
    # the number over the colour's letters, each at least 2 mm tall (cap height)
    drawing.text(r, r - 0.35, str(player), 3.4, bold=True, anchor="middle")
    drawing.text(r, r + 2.55, painter.letter(swatch), 2.8, bold=True, anchor="middle")
    return drawing
