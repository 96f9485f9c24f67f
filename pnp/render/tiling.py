"""Boards larger than a page, split across pages that overlap and join into one board.

Parts are named like spreadsheet cells: columns A, B, ... left to right, rows 1, 2, ... top to
bottom. Neighbouring parts print the same `overlap` strip of the board, with registration marks
(a circle and cross) at the same board positions on both pages. To join: trim each part along its
dashed edges (left and top, where it has a neighbour there), lay it over its neighbour's strip and
match the marks (a laser kit cuts each part along its outline: it draws no dashed edges and
does not ask for them to be trimmed). Each page's header carries a small assembly map with the
part highlighted. The board is recorded on the document (for the cover) as its parts, and the
room below the last part is left for a small group of components.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from pnp.render.document import Document, Page, Room
from pnp.render.drawing import Drawing, Style, rect_shape
from pnp.render.paper import Box, Paper

HEADER = 14.0  # mm above the board window for the part label and the assembly map
MARK = Style(stroke="#000000", width=0.25)
TRIM = Style(stroke="#000000", width=0.25, dash=(2.0, 1.5))
MAP_CELL = 4.0
STACK_GAP = 8.0  # mm between parts stacked on one page
OVERLAP = 12.0  # mm of board that neighbouring parts both print (a board split in two halves:
# the strip centred on its middle)
JOINED = " (parts to join)"  # after the title of a board recorded in parts


@dataclass(frozen=True)
class Tiling:
    """How a width x height board splits into cols x rows windows on one orientation of paper."""

    width: float
    height: float
    cols: int
    rows: int
    window: Box  # the largest board window a page offers, in page coordinates
    overlap: float
    landscape: bool
    per_page: int = 1  # parts stacked on one page when they are short enough

    @property
    def parts(self) -> int:
        return self.cols * self.rows

    @property
    def pages(self) -> int:
        return -(-self.parts // self.per_page)

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
    """The split with the fewest pages (short parts stack on one page), then the fewest parts
    (fewer joins); portrait wins a tie."""
    options = []
    for landscape in (False, True):
        content = paper.oriented(landscape).content
        window = Box(content.x, content.y + HEADER, content.w, content.h - HEADER)
        cols, rows = _spans(width, window.w, overlap), _spans(height, window.h, overlap)
        part_h = (height + (rows - 1) * overlap) / rows
        per_page = max(1, int((content.h + STACK_GAP) // (HEADER + part_h + STACK_GAP)))
        per_page = min(per_page, cols * rows)
        options.append(Tiling(width, height, cols, rows, window, overlap, landscape, per_page))
    return min(options, key=lambda t: (t.pages, t.parts, t.landscape))


def tile_drawing(
    document: Document, board: Drawing, title: str, overlap: float = OVERLAP
) -> list[Page]:
    """Pages showing `board` at full size, split into overlapping parts when it needs to be."""
    plan = plan_tiling(board.width, board.height, document.paper, overlap)
    parts = [(col, row) for row in range(plan.rows) for col in range(plan.cols)]
    pages = []
    for first in range(0, len(parts), plan.per_page):
        group = parts[first : first + plan.per_page]
        names = [plan.name(col, row) for col, row in group]
        label = (
            title
            if plan.parts == 1
            else f"{title}, part{'s' if len(group) > 1 else ''} "
            + (names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}")
        )
        page = document.new_page(label, plan.landscape)
        _, part_h = plan.part_size(0, 0)
        for k, (col, row) in enumerate(group):
            top = plan.window.y + k * (HEADER + part_h + STACK_GAP)
            _draw_part(document, page, board, title, plan, col, row, top)
        pages.append(page)
        document.room = Room(page, top + part_h + 2)  # below the dashed trim lines
    name = title if plan.parts == 1 else f"{title}{JOINED}"
    document.record(name, plan.parts, pages)
    return pages


def _draw_part(
    document: Document,
    page: Page,
    board: Drawing,
    title: str,
    plan: Tiling,
    col: int,
    row: int,
    top: float,
) -> None:
    """Part (col, row) of the board with its top edge at `top`, its header above it."""
    single = plan.parts == 1
    label = title if single else f"{title}, part {plan.name(col, row)}"
    drawing, window = page.drawing, plan.window
    x0, y0 = plan.origin(col, row)
    w, h = plan.part_size(col, row)
    left = window.x + (window.w - w) / 2
    drawing.place(board, left - x0, top - y0, clip=rect_shape(x0, y0, w, h))
    part = Box(left, top, w, h)
    page.trim = part if page.trim is None else _union(page.trim, part)
    page.cuts.append(rect_shape(left, top, w, h))
    header_y = top - HEADER
    drawing.text(window.x, header_y + 5, label, 4.2, bold=True)
    if single:
        return
    drawing.text(window.x, header_y + 10, _join_hint(document.settings.cut_marks), 2.8)
    _assembly_map(drawing, plan, col, row, window.right, header_y + 1)
    for bx, by in _registration_points(plan, col, row):
        _registration_mark(drawing, bx + left - x0, by + top - y0)
    if col > 0 and document.settings.cut_marks:
        drawing.line(left, top - 2, left, top + h + 2, TRIM)
    if row > 0 and document.settings.cut_marks:
        drawing.line(left - 2, top, left + w + 2, top, TRIM)


def _join_hint(cut_marks: bool) -> str:
    """How to join the parts: trim the dashed edges printed for scissors; a laser kit has none
    (the laser cuts each part along its outline)."""
    lay = "lay this part over its neighbours and match the circled crosses."
    return f"Trim the dashed edges, {lay}" if cut_marks else f"{lay[:1].upper()}{lay[1:]}"


def _union(a: Box, b: Box) -> Box:
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Box(x, y, max(a.right, b.right) - x, max(a.bottom, b.bottom) - y)


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
