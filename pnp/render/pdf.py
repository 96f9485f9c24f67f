"""PDF backend: replays Drawings onto a reportlab canvas at exact physical size.

Each page is set up so that one user unit is one millimetre with y pointing down (a single `cm`
matrix at the top of the page), so the kit's numbers reach the PDF unchanged. The canvas runs in
invariant mode (no dates or random ids) so the same kit gives the same bytes, and the Vera
TrueType font is embedded (subset) wherever text appears. Streams are Flate-compressed binary,
without reportlab's default ASCII85 layer over them (a 7-bit file for old mail gateways), which
makes a kit about a fifth larger and slower to write and to read.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.render import drawing as ops
from pnp.render.document import Page
from pnp.render.fonts import REGULAR, font_name, register_fonts
from pnp.render.paper import Box


def pdf_bytes(pages: Sequence[Page], title: str, bleed: float = 0.0) -> bytes:
    register_fonts()
    with binary_streams():
        return _pdf_bytes(pages, title, bleed)


@contextlib.contextmanager
def binary_streams() -> Iterator[None]:
    """reportlab's streams written without ASCII85 inside the block (its `rl_config.useA85`,
    read as each stream is made, is a process-wide setting: restored after)."""
    previous = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = previous


def _pdf_bytes(pages: Sequence[Page], title: str, bleed: float) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer, invariant=True, pageCompression=True, initialFontName=REGULAR, initialFontSize=3
    )
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setCreator("pnp")
    canvas.setSubject("print-and-play kit")
    for page in pages:
        width, height = page.paper.width, page.paper.height
        canvas.setPageSize((width * mm, height * mm))
        trim = page.trim
        canvas.setTrimBox(_box(trim, width, height, 0.0) if trim else None)
        canvas.setBleedBox(_box(trim, width, height, bleed) if trim and bleed else None)
        canvas.saveState()
        canvas.transform(mm, 0, 0, -mm, 0, height * mm)
        _replay(canvas, page.drawing)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _box(box: Box, width: float, height: float, grow: float) -> list[float]:
    """A PDF box [x0 y0 x1 y1] in points (y up) for a box in mm (y down), grown by `grow` mm
    on every side but never past the page."""
    x0, x1 = max(0.0, box.x - grow), min(width, box.right + grow)
    y0, y1 = max(0.0, height - box.bottom - grow), min(height, height - box.y + grow)
    return [round(v * mm, 3) for v in (x0, y0, x1, y1)]


def _replay(canvas: Canvas, drawing: ops.Drawing) -> None:
    painter = _CanvasPainter(canvas)
    for op in drawing.ops:
        ops.visit(op, painter)


def _paint(canvas: Canvas, style: ops.Style) -> tuple[int, int]:
    """Set the canvas colours for `style`; returns the (stroke, fill) flags reportlab takes."""
    if style.fill is not None:
        canvas.setFillColor(HexColor(style.fill))
    if style.stroke is not None:
        canvas.setStrokeColor(HexColor(style.stroke))
        canvas.setLineWidth(style.width)
        canvas.setDash(list(style.dash) if style.dash else [])
    return int(style.stroke is not None), int(style.fill is not None)


@dataclass(frozen=True)
class _CanvasPainter:
    """Draws each operation onto a reportlab canvas (an OpVisitor)."""

    canvas: Canvas

    def line(self, op: ops.Line) -> None:
        if op.style.stroke is not None:
            _paint(self.canvas, op.style)
            self.canvas.line(op.x1, op.y1, op.x2, op.y2)

    def rect(self, op: ops.Rect) -> None:
        stroke, fill = _paint(self.canvas, op.style)
        if op.radius > 0:
            self.canvas.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=stroke, fill=fill)
        else:
            self.canvas.rect(op.x, op.y, op.w, op.h, stroke=stroke, fill=fill)

    def circle(self, op: ops.Circle) -> None:
        stroke, fill = _paint(self.canvas, op.style)
        self.canvas.circle(op.cx, op.cy, op.r, stroke=stroke, fill=fill)

    def dots(self, op: ops.Dots) -> None:
        stroke, fill = _paint(self.canvas, op.style)
        (_, sx, sy), *quarters, _ = ops.circle_shape(0.0, 0.0, op.r)
        curves = [[float(v) for v in quarter[1:]] for quarter in quarters]
        path = self.canvas.beginPath()
        for x, y in op.centres:
            path.moveTo(x + float(sx), y + float(sy))
            for x1, y1, x2, y2, x3, y3 in curves:
                path.curveTo(x + x1, y + y1, x + x2, y + y2, x + x3, y + y3)
            path.close()
        self.canvas.drawPath(path, stroke=stroke, fill=fill)

    def path(self, op: ops.Path) -> None:
        canvas = self.canvas
        round_join = op.style.join == "round" and op.style.stroke is not None
        if round_join:  # for this path only: every other path keeps the page's mitred joins
            canvas.saveState()
            canvas.setLineJoin(1)
        stroke, fill = _paint(canvas, op.style)
        canvas.drawPath(_path(canvas, op.commands), stroke=stroke, fill=fill)
        if round_join:
            canvas.restoreState()

    def text(self, op: ops.Text) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.translate(op.x, op.y)
        canvas.scale(1, -1)  # text upright again inside the y-down page
        if op.angle:
            canvas.rotate(op.angle)
        canvas.setFillColor(HexColor(op.fill))
        canvas.setFont(font_name(op.bold), op.size)
        if op.anchor == "middle":
            canvas.drawCentredString(0, 0, op.text)
        elif op.anchor == "end":
            canvas.drawRightString(0, 0, op.text)
        else:
            canvas.drawString(0, 0, op.text)
        canvas.restoreState()

    def place(self, op: ops.Place) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.transform(*ops.placement_matrix(op))
        if op.clip is not None:
            canvas.clipPath(_path(canvas, op.clip), stroke=0, fill=0)
        _replay(canvas, op.drawing)
        canvas.restoreState()


def _path(canvas: Canvas, shape: ops.Shape) -> Any:
    path = canvas.beginPath()
    for command in shape:
        kind, numbers = command[0], [float(v) for v in command[1:]]
        if kind == "M":
            path.moveTo(*numbers)
        elif kind == "L":
            path.lineTo(*numbers)
        elif kind == "C":
            path.curveTo(*numbers)
        else:
            path.close()
    return path
