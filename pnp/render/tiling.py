"""Boards larger than a page, split across pages that overlap and join into one board.

Parts are named like spreadsheet cells: columns A, B, ... left to right, rows 1, 2, ... top to
bottom. Neighbouring parts print the same `overlap` strip of the board, with registration marks
(a circle and cross) at the same board positions on both pages. To join: trim each part along its
dashed edges (left and top, where it has a neighbour there), lay it over its neighbour's strip and
match the marks. Each page's header carries a small assembly map with the part highlighted.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from pnp.render.document import Document, Page
from pnp.render.drawing import Drawing, Style, rect_shape
from pnp.render.paper import Box, Paper

HEADER = 14.0  # mm above the board window for the part label and the assembly map
MARK = Style(stroke="#000000", width=0.25)
TRIM = Style(stroke="#000000", width=0.25, dash=(2.0, 1.5))
MAP_CELL = 4.0


@dataclass(frozen=True)
class Tiling:
    """How a width x height board splits into cols x rows windows on one orientation of paper."""

    width: float
    height: float
    cols: int
    rows: int
    window: Box  # the board window on every page, in page coordinates
    overlap: float
    landscape: bool

    def part_size(self, col: int, row: int) -> tuple[float, float]:
        """Every part is the same size: the board shared out evenly, overlaps included."""
        return (
            (self.width + (self.cols - 1) * self.overlap) / self.cols,
            (self.height + (self.rows - 1) * self.overlap) / self.rows,
        )

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """The board coordinates of the top-left corner of part (col, row)."""
        w, h = self.part_size(col, row)
        return col * (w - self.overlap), row * (h - self.overlap)

    @staticmethod
    def name(col: int, row: int) -> str:
        return f"{string.ascii_uppercase[col]}{row + 1}"


def _spans(length: float, window: float, overlap: float) -> int:
    if length <= window + 1e-9:
        return 1
    return 1 + math.ceil((length - window) / (window - overlap) - 1e-9)


def plan_tiling(width: float, height: float, paper: Paper, overlap: float) -> Tiling:
    """The split with the fewest pages; portrait wins a tie."""
    options = []
    for landscape in (False, True):
        content = paper.oriented(landscape).content
        window = Box(content.x, content.y + HEADER, content.w, content.h - HEADER)
        cols, rows = _spans(width, window.w, overlap), _spans(height, window.h, overlap)
        options.append(Tiling(width, height, cols, rows, window, overlap, landscape))
    return min(options, key=lambda t: (t.cols * t.rows, t.landscape))


def tile_drawing(
    document: Document, board: Drawing, title: str, overlap: float = 12.0
) -> list[Page]:
    """Pages showing `board` at full size, split into overlapping parts when it needs to be."""
    plan = plan_tiling(board.width, board.height, document.paper, overlap)
    pages = []
    for row in range(plan.rows):
        for col in range(plan.cols):
            pages.append(_part_page(document, board, title, plan, col, row))
    return pages


def _part_page(
    document: Document, board: Drawing, title: str, plan: Tiling, col: int, row: int
) -> Page:
    single = plan.cols * plan.rows == 1
    label = title if single else f"{title}, part {plan.name(col, row)}"
    page = document.new_page(label, plan.landscape)
    drawing, window = page.drawing, plan.window
    x0, y0 = plan.origin(col, row)
    w, h = plan.part_size(col, row)
    left = window.x + (window.w - w) / 2
    drawing.place(board, left - x0, window.y - y0, clip=rect_shape(x0, y0, w, h))
    page.trim = Box(left, window.y, w, h)
    page.cuts.append(rect_shape(left, window.y, w, h))
    header_y = window.y - HEADER
    drawing.text(window.x, header_y + 5, label, 4.2, bold=True)
    if single:
        return page
    drawing.text(
        window.x,
        header_y + 10,
        "Trim the dashed edges, lay this part over its neighbours and match the circled crosses.",
        2.8,
    )
    _assembly_map(drawing, plan, col, row, window.right, header_y + 1)
    to_page = (left - x0, window.y - y0)
    for bx, by in _registration_points(plan, col, row):
        _registration_mark(drawing, bx + to_page[0], by + to_page[1])
    if col > 0 and document.settings.cut_marks:
        drawing.line(left, window.y - 2, left, window.y + h + 2, TRIM)
    if row > 0 and document.settings.cut_marks:
        drawing.line(left - 2, window.y, left + w + 2, window.y, TRIM)
    return page


def _registration_points(plan: Tiling, col: int, row: int) -> list[tuple[float, float]]:
    """Board points of the marks in every overlap strip this part shares with a neighbour."""
    x0, y0 = plan.origin(col, row)
    w, h = plan.part_size(col, row)
    points = []
    strips_x = [x0 + plan.overlap / 2] if col > 0 else []
    if col < plan.cols - 1:
        strips_x.append(plan.origin(col + 1, row)[0] + plan.overlap / 2)
    for bx in strips_x:
        points += [(bx, y0 + h * 0.25), (bx, y0 + h * 0.75)]
    strips_y = [y0 + plan.overlap / 2] if row > 0 else []
    if row < plan.rows - 1:
        strips_y.append(plan.origin(col, row + 1)[1] + plan.overlap / 2)
    for by in strips_y:
        points += [(x0 + w * 0.25, by), (x0 + w * 0.75, by)]
    return points


def _registration_mark(drawing: Drawing, x: float, y: float) -> None:
    drawing.circle(x, y, 2.0, Style(fill="#ffffff", stroke="#000000", width=0.25))
    drawing.line(x - 3.5, y, x + 3.5, y, MARK)
    drawing.line(x, y - 3.5, x, y + 3.5, MARK)


def _assembly_map(
    drawing: Drawing, plan: Tiling, col: int, row: int, right: float, top: float
) -> None:
    scale = min(MAP_CELL / max(plan.window.w, plan.window.h), 11 / (plan.rows * plan.window.h))
    cell_w, cell_h = plan.window.w * scale, plan.window.h * scale
    x_start = right - plan.cols * cell_w
    for r in range(plan.rows):
        for c in range(plan.cols):
            fill = "#333333" if (c, r) == (col, row) else "#ffffff"
            drawing.rect(
                x_start + c * cell_w,
                top + r * cell_h,
                cell_w,
                cell_h,
                Style(fill=fill, stroke="#000000", width=0.15),
            )
    drawing.text(x_start - 1.5, top + 3, "assembly:", 2.4, anchor="end")
