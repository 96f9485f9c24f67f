"""Hexagonal tiles laid as a tessellation on pages, neighbours sharing their cut lines.

Like `sheet.lay_out` for rectangles: every item is the same width x height Drawing whose `outline`
is its hexagon (a point at the top: width across the flats, height = 2 / sqrt(3) x width). Rows
sit three quarters of a tile apart and every other row is set in by half a tile, so each edge
between two tiles is one cut. Each page prints every edge once as a thin cut line and records
each tile's outline in `page.cuts`, as `lay_out` does, for cutting machines, and the tiles on the
document for the cover.

With bleed, each tile's flat background extends `bleed` mm past its outer edges (those no
neighbour shares; a shared edge is one cut, so nothing spills over it), and the page's TrimBox
encloses the tessellation, the BleedBox that grown by the bleed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from pnp.errors import PnpError
from pnp.render.document import Document, Page, Room, shapes_box
from pnp.render.drawing import Drawing, Point, Shape, Style, rect_shape, translated
from pnp.render.fonts import fit_size
from pnp.render.paper import Box
from pnp.render.sheet import (
    CUT,
    HEADING_SIZE,
    HEADING_SPACE,
    SHARE_GAP,
    Placed,
    cut_size,
    headed_page,
)

Edge = tuple[tuple[float, float], tuple[float, float]]


def hexagon(cx: float, cy: float, width: float) -> list[Point]:
    """The corners of a hexagon with a point at the top, `width` across the flats."""
    r = width / math.sqrt(3)
    half = width / 2
    return [
        (cx, cy - r),
        (cx + half, cy - r / 2),
        (cx + half, cy + r / 2),
        (cx, cy + r),
        (cx - half, cy + r / 2),
        (cx - half, cy - r / 2),
    ]


def hex_height(width: float) -> float:
    return 2 * width / math.sqrt(3)


def hex_grid(area_w: float, area_h: float, width: float) -> tuple[int, int]:
    """(tiles per row, rows) of a tessellation that fits the area; PnpError if none fits."""
    height = hex_height(width)
    per_row = int((area_w - width / 2 + 1e-9) // width)
    rows = int((area_h - height + 1e-9) // (0.75 * height)) + 1 if area_h >= height else 0
    if per_row < 1 or rows < 1:
        raise PnpError(
            f"a hexagonal tile {width:g} mm across does not fit the {area_w:g} x {area_h:g} mm "
            "printable area of this paper"
        )
    return per_row, rows


def lay_out_hexes(
    document: Document,
    items: Sequence[Drawing],
    title: str,
    heading: str = "",
    landscape: bool | None = None,
) -> list[Placed]:
    """Place the hexagonal `items` (all the same size) on as many new pages as they need,
    starting in the room below the newest page's content when that saves a page (as `lay_out`
    does). Pages are portrait or landscape as `landscape` says; None: whichever takes fewer new
    pages (60 Penguins tiles fill a portrait A4 page but a landscape US Letter one), portrait on
    a tie."""
    if not items:
        return []
    width = items[0].width
    height = hex_height(width)
    if landscape is None:
        landscape = min(
            (False, True),
            key=lambda wide: (_new_pages(document, len(items), width, heading, wide), wide),
        )
    placed: list[Placed] = []
    index = 0
    shared = _shared_area(document, len(items), width, title, heading, landscape)
    while index < len(items):
        if shared is not None and index == 0:
            page, area = shared
        else:
            page, area = headed_page(document, title, landscape, heading)
        per_row, rows = hex_grid(area.w, area.h, width)
        chunk = items[index : index + per_row * rows]
        left = area.x + (area.w - (per_row + 0.5) * width) / 2
        spots = []
        for k in range(len(chunk)):
            row, col = divmod(k, per_row)
            spots.append(
                (left + col * width + (width / 2 if row % 2 else 0), area.y + row * 0.75 * height)
            )
        outlines = [
            translated(item.cut_outline(), x, y) for item, (x, y) in zip(chunk, spots, strict=True)
        ]
        edges = Counter(edge for outline in outlines for edge in _edges(outline))
        trim = shapes_box(outlines)
        page.trim = trim if page.trim is None else page.trim.union(trim)
        bleed = document.settings.bleed
        if bleed:
            _bleed(page.drawing, chunk, outlines, edges, bleed, trim)
        for item, (x, y), outline in zip(chunk, spots, outlines, strict=True):
            page.drawing.place(item, x, y)
            page.cuts.append(outline)
            placed.append(Placed(page, x, y))
        for (x1, y1), (x2, y2) in edges:
            page.drawing.line(x1, y1, x2, y2, CUT)
        used_rows = -(-len(chunk) // per_row)
        document.room = Room(page, area.y + ((used_rows - 1) * 0.75 + 1) * height + bleed)
        index += len(chunk)
    size = cut_size(items[0]) if items else None
    document.record(title, len(items), [spot.page for spot in placed], size=size)
    return placed


def _fits(area: Box, width: float) -> int:
    """How many tiles `width` across fit in `area` (0 if none)."""
    height = hex_height(width)
    if area.w < 1.5 * width or area.h < height:
        return 0
    return hex_grid(area.w, area.h, width)[0] * hex_grid(area.w, area.h, width)[1]


def _new_pages(document: Document, count: int, width: float, heading: str, landscape: bool) -> int:
    """The pages of their own that `count` tiles `width` across take on paper of this
    orientation, after those that go in the document's room (a large number if none fits)."""
    per_page = _per_page(document, width, heading, landscape)
    if per_page < 1:
        return count + 1
    found = _room(document, count, width, heading, landscape)
    here = 0 if found is None else _fits(found[1], width)
    return -(-(count - here) // per_page)


def _per_page(document: Document, width: float, heading: str, landscape: bool) -> int:
    full = document.paper.oriented(landscape).content
    return _fits(full.below(HEADING_SPACE) if heading else full, width)


def _room(
    document: Document, count: int, width: float, heading: str, landscape: bool
) -> tuple[Box, Box] | None:
    """The free paper in the document's room and the tiles' area in it, when starting there
    saves a page; None otherwise."""
    room = document.room
    if room is None or room.page.paper.landscape != landscape or room.page.back_of is not None:
        return None
    free = room.free(SHARE_GAP)
    area = free.below(HEADING_SPACE) if heading else free
    here = _fits(area, width)
    per_page = _per_page(document, width, heading, landscape)
    if here < 1 or per_page < 1 or -(-(count - here) // per_page) >= -(-count // per_page):
        return None
    return free, area


def _shared_area(
    document: Document, count: int, width: float, title: str, heading: str, landscape: bool
) -> tuple[Page, Box] | None:
    """The page and area in the document's room for the first tiles, when that saves a page."""
    found = _room(document, count, width, heading, landscape)
    if found is None or document.room is None:
        return None
    free, area = found
    page = document.room.page
    page.title = f"{page.title}, {title[:1].lower()}{title[1:]}"
    if heading:
        size = fit_size(heading, HEADING_SIZE, free.w, bold=True)
        page.drawing.text(free.x, free.y + HEADING_SIZE, heading, size, bold=True)
    return page, area


def _bleed(
    drawing: Drawing,
    items: Sequence[Drawing],
    outlines: Sequence[Shape],
    edges: Counter[Edge],
    bleed: float,
    trim: Box,
) -> None:
    """Each tile's background grown by `bleed` past its outer edges (an edge only one tile has),
    drawn under every tile and clipped to the BleedBox so no corner pokes past it."""
    layer = Drawing(drawing.width, drawing.height)
    for item, outline in zip(items, outlines, strict=True):
        if not item.background:
            continue
        points = _points(outline)
        pushes = [bleed if edges[edge] == 1 else 0.0 for edge in _edges(outline)]
        layer.polygon(_grown(points, pushes), Style(fill=item.background, stroke=None))
    box = Box(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)
    drawing.place(layer, 0, 0, clip=rect_shape(box.x, box.y, box.w, box.h))


def _grown(points: Sequence[Point], pushes: Sequence[float]) -> list[Point]:
    """The convex polygon `points` with edge k (points[k] to points[k + 1]) moved out by
    `pushes[k]`: each corner where the two moved edges' lines meet."""
    n = len(points)
    cx, cy = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    normals = []
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
        nx, ny = y2 - y1, x1 - x2
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        if nx * ((x1 + x2) / 2 - cx) + ny * ((y1 + y2) / 2 - cy) < 0:
            nx, ny = -nx, -ny
        normals.append((nx, ny))
    grown = []
    for k, (px, py) in enumerate(points):
        (ax, ay), (bx, by) = normals[k - 1], normals[k]  # the edges before and after corner k
        da, db = pushes[k - 1], pushes[k]
        det = ax * by - ay * bx
        grown.append((px + (da * by - db * ay) / det, py + (db * ax - da * bx) / det))
    return grown


def _points(shape: Shape) -> list[Point]:
    """The corners of a closed polygon."""
    return [(float(c[1]), float(c[2])) for c in shape if c[0] in ("M", "L")]


def _edges(shape: Shape) -> list[Edge]:
    """The straight edges of a closed polygon, each with its ends in a fixed order (rounded to
    a micrometre) so the edge two neighbours share is found once."""
    points = [(round(x, 3), round(y, 3)) for x, y in _points(shape)]
    edges = []
    for a, b in zip(points, points[1:] + points[:1], strict=True):
        edges.append((a, b) if a <= b else (b, a))
    return edges
