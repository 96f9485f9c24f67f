"""A tuck box for a kit's pieces (`pnp kit --box`): one net to cut, fold and glue.

The box is sized to what the kit cuts out and plays with: every piece on the kit's pages of
pieces whose sides, folded as played, are at most PIECE_LIMIT mm (tokens, tiles, cards,
standees; not board parts, mats, a turn-order card or sheets written on). Its inside holds the
largest piece lying flat, folded pieces folded (a fold halves the piece and doubles its
thickness), with CLEARANCE to spare each way, and is as deep as the pieces stacked, at CARD mm
a sheet of card stock, with SLACK for loose filling; where that is deeper than wide, it holds
two stacks side by side (or three, or four).

The net, left to right: front, side, back, side and the glue tab; the lid and its tuck flap
hang from the back's top edge, the bottom and its tuck flap from the front's bottom edge, a dust
flap from each side at top and bottom. Its outline is the cut; the panels' joins are folds
(`Drawing.fold`: dashed in print, scored by a laser).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from pnp.errors import PnpError
from pnp.render.document import Document
from pnp.render.drawing import (
    Command,
    Drawing,
    Point,
    Shape,
    Style,
    polygon_shape,
    shape_bounds,
)
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.sheet import SheetSpec, lay_out
from pnp.render.text import wrap

PIECE_LIMIT = 70.0  # mm, folded: a longer side is a board, a mat, a card to read or a sheet
CLEARANCE = 2.0  # mm of play around the largest piece
CARD = 0.3  # mm, a sheet of card stock
SLACK = 1.4  # loose pieces take more room than a tidy stack
MIN_DEPTH = 10.0  # mm: a shallower box is too fiddly to fold
GLUE = 8.0  # mm, the glue tab
OUTLINE = Style(stroke="#000000", width=0.3)


class BoxSize(NamedTuple):
    """The inside of the box in mm: `width` and `height` of its front, `depth` front to back."""

    width: float
    depth: float
    height: float

    def describe(self) -> str:  # as the heading and an error name it: "32 x 11 x 52 mm"
        return " x ".join(f"{v:g}" for v in self) + " mm"


def pieces(document: Document) -> list[tuple[float, float, int]]:
    """(short side, long side, sheets thick) of every piece the box holds, folded as played."""
    found: list[tuple[float, float, int]] = []
    for page in document.pages:
        if page.back_of is not None or not page.laser:
            continue
        for cut in (piece for outline in page.cuts for piece in _subpaths(outline)):
            x, y, w, h = shape_bounds(cut)
            short, long = sorted((w, h))
            folded = any(
                x <= float(fold[0][1]) <= x + w and y <= float(fold[0][2]) <= y + h
                for fold in page.folds
            )
            if folded:  # across its long side, into two layers
                long, sheets = max(short, long / 2), 2
            else:
                sheets = 1
            if long <= PIECE_LIMIT:
                found.append((short, long, sheets))
    return found


def _subpaths(shape: Shape) -> list[Shape]:
    """Each closed outline of `shape` on its own: a strip of round tokens is cut as one shape
    of several circles, each a piece."""
    parts: list[list[Command]] = []
    for command in shape:
        if command[0] == "M" or not parts:
            parts.append([])
        parts[-1].append(command)
    return [tuple(part) for part in parts]


def box_size(found: list[tuple[float, float, int]]) -> BoxSize:
    """The inside of a box holding `found` (pieces as `pieces` gives them)."""
    if not found:
        raise PnpError("--box: this kit has no pieces to box (its sheets are written on)")
    short = max(short for short, _, _ in found)
    height = math.ceil(max(long for _, long, _ in found) + CLEARANCE)
    volume = sum(short * long * sheets * CARD for short, long, sheets in found) * SLACK
    for stacks in range(1, 5):  # side by side, until the box is no deeper than wide
        width = math.ceil(stacks * short + CLEARANCE)
        depth = max(MIN_DEPTH, math.ceil(volume / (width * height)))
        if depth <= width:
            break
    return BoxSize(width, depth, height)


def add_box(document: Document, title: str) -> None:
    """The tuck box for the document's pieces, on a page of its own or in the room left on the
    last one, recorded for the cover as "tuck box"."""
    size = box_size(pieces(document))
    net = draw_net(size, title, f"seed {document.seed_label}")
    area = document.paper.content
    if net.width > area.w or net.height > area.h - 12:
        raise PnpError(
            f"--box: the pieces need a box of {size.describe()} inside; its net "
            f"({net.width:g} x {net.height:g} mm) does not fit on {document.paper.title} paper"
        )
    heading = f"Tuck box, {size.describe()} inside: cut the outline, fold on the dashed lines"
    lay_out(document, [net], SheetSpec(net.width, net.height, 0.0), "Tuck box", heading,
            names=["tuck box (for the pieces)"])  # fmt: skip
    document.assembly.append(
        "Cut out the tuck box, fold it on its dashed lines and glue the tab inside the front: "
        "the pieces go in it, the board and the sheets beside it."
    )


@dataclass(frozen=True)
class Net:
    """Where the panels of the net of a box of `size` lie: columns (x) and rows (y), in mm."""

    size: BoxSize

    @property
    def tuck(self) -> float:
        """How far a tuck flap reaches into the box."""
        return round(min(self.size.depth * 0.75 + 4.0, self.size.height * 0.4), 2)

    @property
    def dust(self) -> float:
        """How far a dust flap reaches across the opening."""
        return round(min(self.size.depth, self.size.width) * 0.8, 2)

    def columns(self) -> tuple[float, float, float, float, float, float]:
        """x of the front's left edge, then of each join, then of the glue tab's end."""
        w, d = self.size.width, self.size.depth
        return (0.0, w, w + d, 2 * w + d, 2 * w + 2 * d, 2 * w + 2 * d + GLUE)

    def rows(self) -> tuple[float, float]:
        """y of the body's top (the opening) and bottom edges."""
        top = self.size.depth + self.tuck
        return top, top + self.size.height

    def outline(self) -> list[Point]:
        """The cut, clockwise (y down) from the front's top left corner."""
        front, side1, back, side2, glue, end = self.columns()
        top, bottom = self.rows()
        d, tuck, dust = self.size.depth, self.tuck, self.dust
        c = min(3.0, dust / 3)  # the taper of a flap's free corners
        g = min(4.0, GLUE / 2)
        return [
            (front, top), (side1, top),  # the front's top edge: the opening
            (side1 + c, top - dust), (back - c, top - dust), (back, top),  # dust flap
            (back, top - d), (back + c, top - d - tuck),  # the lid, then its tuck flap
            (side2 - c, top - d - tuck), (side2, top - d), (side2, top),
            (side2 + c, top - dust), (glue - c, top - dust), (glue, top),  # dust flap
            (end, top + g), (end, bottom - g), (glue, bottom),  # the glue tab
            (glue - c, bottom + dust), (side2 + c, bottom + dust), (side2, bottom),  # dust flap
            (back, bottom),  # the back's bottom edge
            (back - c, bottom + dust), (side1 + c, bottom + dust), (side1, bottom),  # dust flap
            (side1, bottom + d), (side1 - c, bottom + d + tuck),  # the bottom, its tuck flap
            (front + c, bottom + d + tuck), (front, bottom + d),
        ]  # fmt: skip

    def folds(self) -> list[tuple[Point, Point]]:
        """Every join: the four upright edges of the body, the flaps' hinges."""
        front, side1, back, side2, glue, _ = self.columns()
        top, bottom = self.rows()
        d = self.size.depth
        upright = [((x, top), (x, bottom)) for x in (side1, back, side2, glue)]
        hinges = [
            ((side1, top), (back, top)), ((back, top), (side2, top)), ((side2, top), (glue, top)),
            ((back, top - d), (side2, top - d)),  # the lid's tuck flap
            ((front, bottom), (side1, bottom)), ((side1, bottom), (back, bottom)),
            ((side2, bottom), (glue, bottom)),
            ((front, bottom + d), (side1, bottom + d)),  # the bottom's tuck flap
        ]  # fmt: skip
        return upright + hinges


def draw_net(size: BoxSize, title: str, label: str) -> Drawing:
    """The net of a tuck box of `size`: outline, folds, the title on the front and the back."""
    net = Net(size)
    front, side1, back, side2, _, end = net.columns()
    top, bottom = net.rows()
    outline = polygon_shape(net.outline())
    drawing = Drawing(end, bottom + size.depth + net.tuck, outline=outline)
    drawing.path(outline, Style(fill="#ffffff", stroke=None))
    for (x1, y1), (x2, y2) in net.folds():
        drawing.fold(x1, y1, x2, y2)
    for left in (front, back):
        _panel_text(drawing, left, top, size, title, label)
    for left in (side1, side2):  # the title along each side, reading upwards
        text = fit_size(title, 4.0, size.height - 4, bold=True)
        if text >= SMALLEST and size.depth >= SMALLEST + 1.5:
            baseline = left + size.depth / 2 + 0.36 * text
            drawing.text(baseline, top + size.height / 2, title, text, bold=True,
                         anchor="middle", angle=90)  # fmt: skip
    drawing.path(outline, OUTLINE)
    return drawing


def _panel_text(
    drawing: Drawing, left: float, top: float, size: BoxSize, title: str, label: str
) -> None:
    """The title in words that fit the panel's width, under it `label` where the panel is tall
    enough: each word at most the panel's width (a long one set smaller, never under SMALLEST),
    nothing past the panel's foot (the label, then the title, left out rather than cut)."""
    room = size.width - 3.0
    em = max(SMALLEST, min(6.0, size.width / 6))
    em = max(SMALLEST, min([em] + [fit_size(word, em, room, True) for word in title.split()]))
    lines = ["".join(run for run, _ in line) for line in wrap(title, em, room, bold=True)]
    label_size = max(SMALLEST, fit_size(label, 3.0, room))
    title_height = 3.0 + em + (len(lines) - 1) * em * 1.2
    foot = size.height - 2.0
    if title_height > foot or any(text_width(line, em, True) > room for line in lines):
        return  # the front would not hold the title whole: the sides and the lid carry it
    y = top + 3.0 + em
    for line in lines:
        drawing.text(left + size.width / 2, y, line, em, bold=True, anchor="middle")
        y += em * 1.2
    if title_height + 1.0 + label_size * 1.1 <= foot and text_width(label, label_size) <= room:
        drawing.text(left + size.width / 2, y + 1.0, label, label_size, anchor="middle")
