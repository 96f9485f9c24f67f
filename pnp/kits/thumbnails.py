"""The cover's miniatures of the kit's pages: each page as printed, its number under it, the
outlines of its pieces as they are cut and grey blocks for everything else, drawn where the
cover's text leaves room (pnp.kits.cover), to check a printout is whole and to find a page.
"""

from __future__ import annotations

from pnp.render.document import BLANK_TITLE, GREY, Document, Page
from pnp.render.drawing import BLACK, WHITE, Drawing, Style, transformed
from pnp.render.fill import used_boxes
from pnp.render.fonts import SMALLEST

THUMB_GAP = 3.0  # mm between two page thumbnails
THUMB_LEAST = 24.0  # mm: a thumbnail less tall shows too little to be worth the room
THUMB_MOST = 42.0  # mm: taller shows no more
HEADING_ROOM = 7.0  # mm from the top of the thumbnails' heading to the thumbnails


def thumbnails(drawing: Drawing, document: Document, cover: Page, top: float) -> None:
    """Below the cover's text, where there is room, every other page in miniature as the
    printer gives it: its paper, its number, the outlines of what is cut out and grey blocks
    for everything else, to check a printout is whole and find a page."""
    numbered = [(n, p) for n, p in enumerate(document.printed_order(), 1)
                if p is not cover and p.title != BLANK_TITLE]  # fmt: skip
    pages = [p for _, p in numbered]
    label = SMALLEST * 1.6  # a number under each thumbnail
    room = drawing.height - top - HEADING_ROOM
    widest = max(p.paper.width for p in pages)
    tallest = max(p.paper.height for p in pages)
    best, per_row = 0.0, len(pages)
    for rows in range(1, 4):
        across = -(-len(pages) // rows)
        scale = min(
            (drawing.width - (across - 1) * THUMB_GAP) / (across * widest),
            (room - rows * (label + THUMB_GAP)) / (rows * tallest),
            THUMB_MOST / tallest,
        )
        if scale > best:
            best, per_row = scale, across
    if best * tallest < THUMB_LEAST:
        return
    drawing.text(0, top + SMALLEST * 1.6, "The pages, as printed", SMALLEST * 1.3, bold=True)
    y0 = top + HEADING_ROOM
    for k, (number, page) in enumerate(numbered):
        row, col = divmod(k, per_row)
        x = col * (best * widest + THUMB_GAP)
        y = y0 + row * (best * tallest + label + THUMB_GAP)
        _thumbnail(drawing, page, x, y, best)
        drawing.text(x + best * page.paper.width / 2, y + best * page.paper.height + label * 0.8,
                     str(number), SMALLEST, anchor="middle", fill=GREY)  # fmt: skip


def _thumbnail(drawing: Drawing, page: Page, x: float, y: float, scale: float) -> None:
    """`page` in miniature at (x, y): its paper's edge, grey blocks of its content (text,
    pictures, boards) and the outlines of its pieces as they are cut."""
    w, h = page.paper.width * scale, page.paper.height * scale
    drawing.rect(x, y, w, h, Style(fill=WHITE, stroke=GREY, width=0.25))
    block = Style(fill="#d9d9d9", stroke=None)
    for box in used_boxes(page):
        drawing.rect(x + box.x * scale, y + box.y * scale, box.w * scale, box.h * scale, block)
    for cut in page.cuts:
        drawing.path(
            transformed(cut, (scale, 0.0, 0.0, scale, x, y)), Style(stroke=BLACK, width=0.15)
        )
