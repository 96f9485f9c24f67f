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
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pnp.render.document import Document, Page, Room
from pnp.render.drawing import Drawing, Style, rect_shape
from pnp.render.fonts import SMALLEST
from pnp.render.paper import Box, Paper
from pnp.render.textbox import Bounds, text_bounds

HEADER = 14.0  # mm above the board window for the part label and the assembly map
MARK = Style(stroke="#000000", width=0.25)
TRIM = Style(stroke="#000000", width=0.25, dash=(2.0, 1.5))
MAP_CELL = 4.0
STACK_GAP = 8.0  # mm between parts stacked on one page
JOINED = " (parts to join)"  # after the title of a board recorded in parts


@dataclass(frozen=True)
class Tiling:
    """How a width x height board splits into cols x rows windows on one orientation of paper.

    `xs` and `ys` are where each column and row of parts starts on the board; each part runs to
    `overlap` past the start of the next. Parts are the same size (the board shared out evenly)
    unless a seam of equal parts would cut through words (see `clear_of`)."""

    width: float
    height: float
    cols: int
    rows: int
    window: Box  # the largest board window a page offers, in page coordinates
    overlap: float
    landscape: bool
    per_page: int = 1  # parts stacked on one page when they are short enough
    xs: tuple[float, ...] = ()
    ys: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if not self.xs:
            object.__setattr__(self, "xs", even_starts(self.width, self.cols, self.overlap))
        if not self.ys:
            object.__setattr__(self, "ys", even_starts(self.height, self.rows, self.overlap))

    @property
    def parts(self) -> int:
        return self.cols * self.rows

    @property
    def pages(self) -> int:
        return -(-self.parts // self.per_page)

    def part_size(self, col: int, row: int) -> tuple[float, float]:
        """The board width and height part (col, row) shows, overlaps included."""
        return (
            _span(self.xs, col, self.width, self.overlap),
            _span(self.ys, row, self.height, self.overlap),
        )

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """The board coordinates of the top-left corner of part (col, row)."""
        return self.xs[col], self.ys[row]

    @property
    def tallest(self) -> float:
        return max(self.part_size(0, row)[1] for row in range(self.rows))

    def clear_of(self, words: Sequence[Bounds]) -> Tiling:
        """The same split with each join moved, as little as the window allows, off the words
        (boxes on the board) that a join of equal parts would cut through, so that on the joined
        board no word straddles a join. (A part's page may still show a word cut by its right or
        bottom edge: that strip lies under the neighbour, which shows the word whole.)"""
        xs = _clear_starts(self.width, self.cols, self.overlap, self.window.w,
                           [(w[0], w[2]) for w in words])  # fmt: skip
        # parts stacked on a page keep their even height (the page was planned with it)
        tall = self.window.h if self.per_page == 1 else self.part_size(0, 0)[1]
        ys = _clear_starts(self.height, self.rows, self.overlap, tall,
                           [(w[1], w[3]) for w in words])  # fmt: skip
        return replace(self, xs=xs, ys=ys)

    @staticmethod
    def name(col: int, row: int) -> str:
        return f"{string.ascii_uppercase[col]}{row + 1}"


SEAM_STEP = 0.1  # mm between the join positions tried
WORD_MARGIN = 0.3  # mm a join keeps from a word


def even_starts(length: float, parts: int, overlap: float) -> tuple[float, ...]:
    """Where each of `parts` equal parts starts along one side of the board."""
    size = (length + (parts - 1) * overlap) / parts
    return tuple(k * (size - overlap) for k in range(parts))


def _span(starts: tuple[float, ...], k: int, length: float, overlap: float) -> float:
    return (starts[k + 1] + overlap if k + 1 < len(starts) else length) - starts[k]


def _clear_starts(
    length: float, parts: int, overlap: float, window: float, words: list[tuple[float, float]]
) -> tuple[float, ...]:
    """Part starts along one side: each join (where a part starts, trimmed and laid over the
    part before it) at the even position if it cuts no word, else at the nearest position that
    cuts none and keeps every part within the window (else the even one, or the nearest the
    window allows)."""

    def clear(x: float) -> bool:
        return all(not (a - WORD_MARGIN < x < b + WORD_MARGIN) for a, b in words)

    starts = list(even_starts(length, parts, overlap))
    for k in range(1, parts):
        even = starts[k]
        low = max(starts[k - 1] + overlap, length - (parts - k) * (window - overlap) - overlap)
        high = starts[k - 1] + window - overlap
        steps = int((max(even - low, high - even)) / SEAM_STEP) + 1
        tried = (even + sign * j * SEAM_STEP for j in range(steps + 1) for sign in (1, -1))
        fits = [x for x in tried if low - 1e-9 <= x <= high + 1e-9]
        starts[k] = next((x for x in fits if clear(x)), min(max(even, low), high))
    return tuple(starts)


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
    document: Document, board: Drawing, title: str, overlap: float = 12.0
) -> list[Page]:
    """Pages showing `board` at full size, split into overlapping parts when it needs to be."""
    plan = plan_tiling(board.width, board.height, document.paper, overlap)
    plan = plan.clear_of(text_bounds(board)) if plan.parts > 1 else plan
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
        part_h = plan.tallest
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
    page.trim = part if page.trim is None else page.trim.union(part)
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
    drawing.text(x_start - 1.5, top + 3, "assembly:", SMALLEST, anchor="end")
