"""The calibration page (`pnp kit GAME --test-page`): check the printer before printing a kit.

Rulers in millimetres and inches and a 100 mm square show whether the printer scales the page;
a duplex alignment target on the front and its twin on the back (placed where the duplex mode
puts backs) shows how far the back side drifts. The drift is read from the back side, with the
front's target showing through: seen from there, a back printed X mm right needs its backs moved
X mm left, whichever edge the sheet turns over (read from the front, a sideways drift of a sheet
turned over its long edge shows mirrored). The page says it in a printer's words; the
option that moves the backs (`pnp kit --back-offset`) is in the README, never on a page.
"""

from __future__ import annotations

from pnp.render.document import Document, Page
from pnp.render.drawing import Drawing, Style
from pnp.render.sheet import back_position

INK = Style(stroke="#000000", width=0.2)
BOLD = Style(stroke="#000000", width=0.35)
TARGET = 30.0  # mm, the side of the duplex target's box
MM_PER_INCH = 25.4


def add_calibration(document: Document) -> list[Page]:
    """The calibration front page and its back, moved to the start of the document."""
    front = document.new_page("Calibration")
    area = front.paper.content
    drawing = front.drawing
    drawing.text(
        area.x, area.y + 6, "Printer check: print this page at 100 % (actual size)", 5.0, bold=True
    )
    y = area.y + 16
    mm_length = min(180.0, area.w - 10)
    _mm_ruler(drawing, area.x + 5, y, mm_length)
    inches = int((area.w - 10) / MM_PER_INCH)
    _inch_ruler(drawing, area.x + 5, y + 22, inches)
    square_y = y + 44
    drawing.rect(area.x + 5, square_y, 100, 100, BOLD)
    drawing.centred_text(area.x + 55, square_y + 46, "100 mm x 100 mm", 4.0, bold=True)
    drawing.centred_text(area.x + 55, square_y + 54, "measure both sides", 3.2)
    notes_x = area.x + 115
    for k, line in enumerate(
        (
            "If a side is not 100 mm, the printer",
            "scales the page: choose 'actual size'",
            "or '100 %' and turn off 'fit to page'.",
            "",
            "Duplex check: print this page and the",
            "next one on both sides of one sheet",
            f"('{document.settings.duplex}' flip). The back side",
            "says how to read the duplex target.",
        )
    ):
        drawing.text(notes_x, square_y + 4 + 5 * k, line, 3.2)
    tx, ty = area.x + 5, square_y + 112
    _target(drawing, tx, ty, "front")
    back = document.new_backs_page(front, "Calibration (back)")
    bx, by = back_position(document, back, tx, ty, TARGET, TARGET)
    _target(back.drawing, bx, by, "back")
    area = back.paper.content
    back.drawing.text(area.x, area.y + 6, "Back of the printer check", 5.0, bold=True)
    for k, line in enumerate(
        (
            "Read this side: hold the sheet to a light with this side towards you. The front's",
            "target shows through. If this side's target sits X mm right and Y mm down of it",
            "(X or Y below 0 for left or up), write X and Y down: the kit can be made again",
            "with its backs moved X mm left and Y mm up to match.",
        )
    ):
        back.drawing.text(area.x, area.y + 16 + 5 * k, line, 3.2)
    document.pages.remove(front)
    document.pages.remove(back)
    document.pages[:0] = [front, back]
    return [front, back]


def _mm_ruler(drawing: Drawing, x: float, y: float, length: float) -> None:
    drawing.line(x, y, x + length, y, BOLD)
    for k in range(int(length) + 1):
        tick = 6.0 if k % 10 == 0 else 4.0 if k % 5 == 0 else 2.5
        drawing.line(x + k, y, x + k, y + tick, INK)
        if k % 10 == 0:
            drawing.text(x + k, y + 10, str(k // 10), 3.0, anchor="middle")
    drawing.text(x + length + 2, y + 5, "cm", 3.0)


def _inch_ruler(drawing: Drawing, x: float, y: float, inches: int) -> None:
    length = inches * MM_PER_INCH
    drawing.line(x, y, x + length, y, BOLD)
    for k in range(inches * 8 + 1):
        tick = 6.0 if k % 8 == 0 else 4.0 if k % 4 == 0 else 3.0 if k % 2 == 0 else 2.0
        drawing.line(x + k * MM_PER_INCH / 8, y, x + k * MM_PER_INCH / 8, y + tick, INK)
        if k % 8 == 0:
            drawing.text(x + k * MM_PER_INCH / 8, y + 10, str(k // 8), 3.0, anchor="middle")
    drawing.text(x + length + 2, y + 5, "inches", 3.0)


def _target(drawing: Drawing, x: float, y: float, label: str) -> None:
    """A box with a cross and rings of 2, 4 and 6 mm radius around its centre."""
    cx, cy = x + TARGET / 2, y + TARGET / 2
    drawing.rect(x, y, TARGET, TARGET, INK)
    drawing.line(x, cy, x + TARGET, cy, INK)
    drawing.line(cx, y, cx, y + TARGET, INK)
    for radius in (2.0, 4.0, 6.0):
        drawing.circle(cx, cy, radius, INK)
    drawing.text(cx, y + TARGET + 4.5, f"duplex target ({label})", 3.0, anchor="middle")
