"""Sheets of repeated components (cards, tiles, tokens, score sheets) laid in a grid on pages.

The geometry is validated data in millimetres: a SheetSpec says how big one item is and how far
apart items sit; `lay_out` paginates any number of items and draws cut marks. With no gap,
neighbours share a cut line (one cut separates two tiles); with a gap, each item is cut alone.
Cut marks start just outside the grid and run into the page margin, so they survive the first cut
and never cross artwork.

Small groups share a page: a group starts below the previous group when that saves a page (see
`lay_out`). Components with backs get a backs page after each fronts page, every back mirrored
behind its front for the document's duplex mode (see PrintSettings); printed double-sided, the
document keeps each backs page behind its own fronts page (Document.printed_order). With bleed,
each component's flat background extends past its cut lines (outer edges only where neighbours
share a cut line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.render.document import Document, Page, Room, shapes_box
from pnp.render.drawing import Drawing, Shape, Style, circle_shape, shape_bounds, translated
from pnp.render.fonts import fit_size
from pnp.render.paper import Box

CUT = Style(stroke="#000000", width=0.2)
HEADING_SIZE = 4.2
PAPER_EDGE = 1.0  # mm, cut marks end at least this far inside the sheet
HEADING_SPACE = 13.0  # the heading line plus room for the cut marks above the grid
SHARE_GAP = 5.0  # mm between a group's cut marks and the heading of a group below it


@dataclass(frozen=True)
class SheetSpec:
    item_width: float
    item_height: float
    gap: float = 0.0
    mark_offset: float = 1.5  # from the grid's edge to the start of a cut mark
    mark_length: float = 5.0

    def __post_init__(self) -> None:
        if self.item_width <= 0 or self.item_height <= 0 or self.gap < 0:
            raise ValueError("item sizes must be positive and the gap not negative")

    def grid(self, area: Box) -> tuple[int, int]:
        """(columns, rows) of items that fit in `area`; PnpError if not even one fits."""
        cols, rows = self.count(area.w, self.item_width), self.count(area.h, self.item_height)
        if cols < 1 or rows < 1:
            raise PnpError(
                f"a {self.item_width:g} x {self.item_height:g} mm component does not fit the "
                f"{area.w:g} x {area.h:g} mm printable area of this paper"
            )
        return cols, rows

    def count(self, length: float, size: float) -> int:
        """How many items of `size` fit along `length`, `gap` apart."""
        return int((length + self.gap + 1e-9) // (size + self.gap))

    def mark_start(self, bleed: float) -> float:
        """From the grid's edge to where cut marks start: past the bleed, so they never touch it."""
        return max(self.mark_offset, bleed + 1.0)

    def mark_room(self, area: Box, bleed: float) -> Box:
        """The part of `area` the grid uses so that its cut marks, pushed out by the bleed, end no
        further out than without bleed: clear of the heading and the footer (unless not even one
        row would fit then), and inside the side margins unless that costs a column."""
        extra = self.mark_start(bleed) - self.mark_offset
        dy = extra if self.count(area.h - 2 * extra, self.item_height) >= 1 else 0.0
        same = self.count(area.w - 2 * extra, self.item_width) == self.count(
            area.w, self.item_width
        )
        dx = extra if same else 0.0
        return Box(area.x + dx, area.y + dy, area.w - 2 * dx, area.h - 2 * dy)


@dataclass(frozen=True)
class Placed:
    """Where `lay_out` put an item: its page and top-left corner."""

    page: Page
    x: float
    y: float


def headed_page(
    document: Document, title: str, landscape: bool, heading: str | None
) -> tuple[Page, Box]:
    """A new page with `heading` (fitted to the width) on top; returns it and the area below."""
    page = document.new_page(title, landscape)
    return page, _headed(page, page.paper.content, heading)


def _headed(page: Page, area: Box, heading: str | None) -> Box:
    """`heading` drawn at the top of `area`; the part of `area` below it."""
    if not heading:
        return area
    size = fit_size(heading, HEADING_SIZE, area.w, bold=True)
    page.drawing.text(area.x, area.y + HEADING_SIZE, heading, size, bold=True)
    return area.below(HEADING_SPACE)


def lay_out(
    document: Document,
    items: Sequence[Drawing],
    spec: SheetSpec,
    title: str,
    heading: str = "",
    landscape: bool = False,
    backs: Sequence[Drawing] | None = None,
    names: Sequence[str] | None = None,
    share: bool = True,
    laser: bool = True,
) -> list[Placed]:
    """Place `items` (all spec-sized) on as many new pages as they need, with cut marks, and
    `backs[k]` behind `items[k]` on a backs page after each fronts page.

    A group without backs starts in the room left at the foot of the document's newest page
    (same orientation) when that saves a page: all of it when it fits there, else as many items as
    spare the group one page of its own (`share` False: always a new page).
    Each item is recorded on the document for the cover as a component called `names[k]`
    (`title` when no names are given), with its count and pages. Items written on in pencil
    (`laser` False) print on paper in a laser kit too: their pages are not laser pages, and in a
    laser kit (no cut marks) they share no laser page's room, nor laser items theirs.
    """
    if backs is not None and len(backs) != len(items):
        raise ValueError("one back per item")
    if names is not None and len(names) != len(items):
        raise ValueError("one name per item")
    placed: list[Placed] = []
    backs_pages: list[Page] = []
    index = 0
    shared = None
    room = document.room
    apart = not document.settings.cut_marks and room is not None and room.page.laser != laser
    if share and backs is None and not apart:  # a laser kit keeps paper and laser pages apart
        shared = _shared_area(document, len(items), spec, title, heading, landscape)
    column = document.room if shared is not None and document.room is not None else None
    while index < len(items):
        if shared is not None and index == 0:
            page, area = shared
        else:
            column = None
            page = document.new_page(title, landscape)
            page.laser = laser
            area = _grid_area(document, page.paper.content, spec, heading)
            _headed(page, page.paper.content, heading)
        chunk, spots, bottom = _fill_page(document, page, area, items[index:], spec)
        placed += [Placed(page, x, y) for x, y in spots]
        if backs is not None:
            backs_pages.append(
                _backs_page(document, page, backs[index : index + len(chunk)], spots, spec)
            )
            backs_pages[-1].laser = laser
        document.room = (  # a group in a column leaves the rest of the column
            Room(page, bottom, column.left, column.bottom) if column else Room(page, bottom)
        )
        index += len(chunk)
    sizes = [cut_size(item) for item in items]
    _record(document, placed, names or [title] * len(items), backs_pages, sizes)
    return placed


def cut_size(item: Drawing) -> tuple[float, float]:
    """The width and height of an item as cut, in mm (a round token's diameter both ways)."""
    _, _, w, h = shape_bounds(item.cut_outline())
    return round(w, 1), round(h, 1)


def _shared_area(
    document: Document, count: int, spec: SheetSpec, title: str, heading: str, landscape: bool
) -> tuple[Page, Box] | None:
    """The page and area in the document's room where the group's first items go: all `count`
    of them, or as many as save the group a page of its own; None if sharing saves nothing."""
    found = _room_area(document, count, spec, heading, landscape)
    if found is None:
        return None
    page, area, free = found
    page.title = f"{page.title}, {title[:1].lower()}{title[1:]}"
    _headed(page, free, heading)
    return page, area


def shares_room(
    document: Document, count: int, spec: SheetSpec, heading: str, landscape: bool = False
) -> bool:
    """Whether `lay_out` would start a group of `count` items in the document's room (at the
    foot of its newest page) rather than on a page of its own."""
    return _room_area(document, count, spec, heading, landscape) is not None


def _room_area(
    document: Document, count: int, spec: SheetSpec, heading: str, landscape: bool
) -> tuple[Page, Box, Box] | None:
    """The room's page, the grid area there and the free paper it is in, if sharing the room
    saves the group a page; None otherwise."""
    room = document.room
    if room is None or room.page.paper.landscape != landscape or room.page.back_of is not None:
        return None
    free = room.free(SHARE_GAP)
    area = _grid_area(document, free, spec, heading)
    here = spec.count(area.w, spec.item_width) * spec.count(area.h, spec.item_height)
    per_page = capacity(document, spec, heading, landscape)
    if here < 1 or per_page < 1 or -(-(count - here) // per_page) >= -(-count // per_page):
        return None
    return room.page, area, free


def capacity(document: Document, spec: SheetSpec, heading: str, landscape: bool) -> int:
    """How many items `lay_out` puts on a page of their own (0 if none fits)."""
    paper = document.paper.oriented(landscape)
    area = _grid_area(document, paper.content, spec, heading)
    return spec.count(area.w, spec.item_width) * spec.count(area.h, spec.item_height)


def _grid_area(document: Document, area: Box, spec: SheetSpec, heading: str) -> Box:
    """The part of `area` a grid may use below `heading` and within its cut marks' room."""
    area = area.below(HEADING_SPACE) if heading else area
    return spec.mark_room(area, document.settings.bleed) if document.settings.cut_marks else area


def _fill_page(
    document: Document, page: Page, area: Box, items: Sequence[Drawing], spec: SheetSpec
) -> tuple[Sequence[Drawing], list[tuple[float, float]], float]:
    """As many of `items` as fit in `area`, centred across it, with cut marks: the items
    placed, their spots and the y below everything drawn."""
    bleed = document.settings.bleed
    cols, rows = spec.grid(area)
    chunk = items[: cols * rows]
    used_cols = min(cols, len(chunk))
    used_rows = -(-len(chunk) // cols)
    width = used_cols * spec.item_width + (used_cols - 1) * spec.gap
    left = area.x + (area.w - width) / 2
    spots = []
    for k in range(len(chunk)):
        row, col = divmod(k, cols)
        spots.append(
            (
                left + col * (spec.item_width + spec.gap),
                area.y + row * (spec.item_height + spec.gap),
            )
        )
    if bleed:
        draw_bleed(page.drawing, spec, chunk, spots, bleed)
    for item, (x, y) in zip(chunk, spots, strict=True):
        page.drawing.place(item, x, y)
        page.cuts.append(translated(item.cut_outline(), x, y))
        page.folds.extend(translated(fold, x, y) for fold in item.folds)
    height = used_rows * spec.item_height + (used_rows - 1) * spec.gap
    trim = Box(left, area.y, width, height)
    page.trim = trim if page.trim is None else page.trim.union(trim)
    bottom = area.y + height
    if document.settings.cut_marks:
        _cut_marks(page.drawing, spec, left, area.y, used_cols, used_rows, len(chunk), bleed)
        bottom += spec.mark_start(bleed) + spec.mark_length
    return chunk, spots, bottom


def _record(
    document: Document,
    placed: list[Placed],
    names: Sequence[str],
    backs: list[Page],
    sizes: Sequence[tuple[float, float]],
) -> None:
    """One component per distinct name, in order of first appearance, with its backs pages and
    its size where all of that name have one."""
    for name in dict.fromkeys(names):
        pages = [spot.page for spot, named in zip(placed, names, strict=True) if named == name]
        behind = tuple(back for back in backs if any(back.back_of is page for page in pages))
        alike = {size for size, named in zip(sizes, names, strict=True) if named == name}
        document.record(name, len(pages), pages, behind, alike.pop() if len(alike) == 1 else None)


def back_position(
    document: Document, page: Page, x: float, y: float, w: float, h: float
) -> tuple[float, float]:
    """Where the back of a w x h item at (x, y) goes on the following backs page.

    Turning a sheet over an edge mirrors it across that edge's direction: over a vertical edge
    left and right swap, over a horizontal edge top and bottom. A portrait page's long edges are
    vertical, a landscape page's horizontal. Glued or folded sheets (`none`) swap left and right.
    """
    dx, dy = document.settings.back_offset
    duplex = document.settings.duplex
    landscape = page.paper.landscape
    if (duplex == "short" and not landscape) or (duplex == "long" and landscape):
        return x + dx, page.paper.height - y - h + dy
    return page.paper.width - x - w + dx, y + dy


def _backs_page(
    document: Document,
    fronts: Page,
    backs: Sequence[Drawing],
    spots: Sequence[tuple[float, float]],
    spec: SheetSpec,
) -> Page:
    """The page behind `fronts`: each back where its front's mirror image lies, every bleed
    drawn before any back so that no back's bleed covers a neighbour; the TrimBox mirrored too."""
    page = document.new_backs_page(fronts)
    w, h = spec.item_width, spec.item_height
    back_spots = [back_position(document, page, x, y, w, h) for x, y in spots]
    if document.settings.bleed:
        draw_bleed(page.drawing, spec, backs, back_spots, document.settings.bleed)
    for back, (x, y) in zip(backs, back_spots, strict=True):
        page.drawing.place(back, x, y)
    if fronts.trim is not None:
        trim = fronts.trim
        x, y = back_position(document, page, trim.x, trim.y, trim.w, trim.h)
        page.trim = Box(x, y, trim.w, trim.h)
    return page


def draw_bleed(
    drawing: Drawing,
    spec: SheetSpec,
    items: Sequence[Drawing],
    spots: Sequence[tuple[float, float]],
    bleed: float,
) -> None:
    """Each item's background extended by `bleed`: by at most half the gap on a side where a
    neighbour lies, the full bleed on the outer sides of the grid. A round item (cut along a
    circle) gets a ring of its background instead, as wide as its narrowest side allows (the
    circle's own margin in its cell counted), so that it never reaches a neighbour's circle."""
    inner = min(bleed, spec.gap / 2)
    step_x, step_y = spec.item_width + spec.gap, spec.item_height + spec.gap
    taken = {(round(x, 6), round(y, 6)) for x, y in spots}

    def side(x: float, y: float) -> float:
        return inner if (round(x, 6), round(y, 6)) in taken else bleed

    for item, (x, y) in zip(items, spots, strict=True):
        if not item.background:
            continue
        left, right = side(x - step_x, y), side(x + step_x, y)
        top, bottom = side(x, y - step_y), side(x, y + step_y)
        disc = _disc(item.outline)
        if disc is not None:
            cx, cy, r = disc
            room = (cx - r + left, cy - r + top, spec.item_width - cx - r + right,
                    spec.item_height - cy - r + bottom)  # fmt: skip
            ring = Style(fill=item.background, stroke=None)
            drawing.circle(x + cx, y + cy, r + min(bleed, *room), ring)
            continue
        drawing.rect(
            x - left,
            y - top,
            spec.item_width + left + right,
            spec.item_height + top + bottom,
            Style(fill=item.background, stroke=None),
        )


def _disc(outline: Shape | None) -> tuple[float, float, float] | None:
    """(cx, cy, r) of an outline that is a circle (`circle_shape`), else None."""
    if outline is None or [command[0] for command in outline] != ["M", "C", "C", "C", "C", "Z"]:
        return None
    box = shapes_box([outline])
    cx, cy, r = box.x + box.w / 2, box.y + box.h / 2, box.w / 2
    for given, drawn in zip(outline, circle_shape(cx, cy, r), strict=True):
        if len(given) != len(drawn):
            return None
        if any(abs(float(u) - float(v)) > 1e-9 for u, v in zip(given[1:], drawn[1:], strict=True)):
            return None
    return cx, cy, r


def _cut_lines(start: float, count: int, size: float, gap: float) -> list[float]:
    """Positions of every cut along one axis: both edges of each item, shared when gap is 0."""
    lines: list[float] = []
    for i in range(count):
        for edge in (start + i * (size + gap), start + i * (size + gap) + size):
            if not lines or abs(lines[-1] - edge) > 1e-9:
                lines.append(edge)
    return lines


def _cut_marks(
    drawing: Drawing,
    spec: SheetSpec,
    left: float,
    top: float,
    cols: int,
    rows: int,
    count: int,
    bleed: float,
) -> None:
    right = left + cols * spec.item_width + (cols - 1) * spec.gap
    bottom = top + rows * spec.item_height + (rows - 1) * spec.gap
    near = spec.mark_start(bleed)
    far = near + spec.mark_length
    # below the grid, marks only under the last row's items: a column the last row leaves
    # empty is cut no further down than the row above it
    last = count - (rows - 1) * cols
    last_right = left + last * spec.item_width + (last - 1) * spec.gap
    for x in _cut_lines(left, cols, spec.item_width, spec.gap):
        drawing.line(x, top - near, x, top - far, CUT)
        if x <= last_right + 1e-6:
            drawing.line(x, bottom + near, x, bottom + far, CUT)
    # Side marks stop short of the paper's edge (they reach it only with a wide bleed and a
    # grid as wide as the printable area).
    outer_left = max(left - far, PAPER_EDGE)
    outer_right = min(right + far, drawing.width - PAPER_EDGE)
    for y in _cut_lines(top, rows, spec.item_height, spec.gap):
        drawing.line(left - near, y, outer_left, y, CUT)
        drawing.line(right + near, y, outer_right, y, CUT)
    if spec.gap == 0 or bleed:
        return
    # Inside the grid, short ticks in the gaps at every item corner that touches another gap.
    tick = min(spec.gap / 2, 2.0)
    for k in range(count):
        row, col = divmod(k, cols)
        x0 = left + col * (spec.item_width + spec.gap)
        y0 = top + row * (spec.item_height + spec.gap)
        for x, y, sx, sy in (
            (x0, y0, -1, -1),
            (x0 + spec.item_width, y0, 1, -1),
            (x0, y0 + spec.item_height, -1, 1),
            (x0 + spec.item_width, y0 + spec.item_height, 1, 1),
        ):
            if left < x < right:
                drawing.line(x + sx * 0.3, y, x + sx * (0.3 + tick), y, CUT)
            if top < y < bottom:
                drawing.line(x, y + sy * 0.3, x, y + sy * (0.3 + tick), CUT)
