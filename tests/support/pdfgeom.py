"""Reading a PDF's drawing back as geometry in millimetres, to check printed sizes in tests.

Follows the content stream's graphics state (q, Q, cm) and reports rectangles (re) and straight
line segments (m, l) in page coordinates, millimetres from the bottom-left corner (a rectangle as
pnp.render.paper's `Box`, its x and y the corner nearest that one). pypdf reads the file and
decodes each page's stream; the stream's tokens are read here with one regular expression, which
reads a whole kit 3 to 4 times as fast as pypdf's object parser (the ink-saver pages draw
thousands of dots); a stream with an inline image, which no kit draws, goes to pypdf.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.render.paper import Box

# The tokens of a content stream: comments, literal strings (reportlab escapes the parentheses
# inside them), dictionary brackets, hex strings, array brackets, names, then numbers and
# operators; nothing but whitespace lies between them.
STRINGS = re.compile(rb"\((?:[^()\\]|\\.)*\)", re.DOTALL)
TOKENS = re.compile(
    rb"%[^\r\n]*|" + STRINGS.pattern + rb"|<<|>>|<[^>]*>|[\[\]{}]|/[^\s/\[\]()<>{}%]*"
    rb"|[^\s/\[\]()<>{}%]+",
    re.DOTALL,
)
NUMBER_START = frozenset(b"0123456789+-.")
OPERAND_START = frozenset(b"%(<[]{}/") | NUMBER_START

PT = 25.4 / 72  # mm per PDF point
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n: the matrix a `cm m` sets inside a state whose matrix is n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return ((a * x + c * y + e) * PT, (b * x + d * y + f) * PT)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return float(((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5)


@dataclass
class PageGeometry:
    width: float
    height: float
    boxes: list[Box]
    segments: list[Segment]


def operations(data: bytes) -> list[tuple[list[bytes], str]] | None:
    """The operators of a decoded content stream with their operands as written (the operators
    read here take numbers only); None for a stream with an inline image."""
    tokens = TOKENS.findall(data)
    assert not TOKENS.sub(b"", data).strip(), "a content stream token not read"
    found: list[tuple[list[bytes], str]] = []
    operands: list[bytes] = []
    for token in tokens:
        if token[0] in OPERAND_START:
            operands.append(token)
        elif token == b"BI":
            return None
        else:
            found.append((operands, token.decode()))
            operands = []
    return found


def read_geometry(path: Path) -> list[PageGeometry]:
    reader = PdfReader(str(path))
    pages = []
    for page in reader.pages:
        box = page.mediabox
        geometry = PageGeometry(float(box.width) * PT, float(box.height) * PT, [], [])
        stack: list[Matrix] = []
        ctm = IDENTITY
        current: tuple[float, float] | None = None
        contents = page.get_contents()
        assert contents is not None
        found: Iterable[tuple[Sequence[object], str]] | None = operations(contents.get_data())
        if found is None:
            found = (
                (operands, operator.decode())
                for operands, operator in ContentStream(contents, reader).operations
            )
        for operands, op in found:
            numbers = op in ("cm", "re", "m", "l")
            values = [float(v) for v in operands] if numbers else []  # type: ignore[arg-type]
            if op == "q":
                stack.append(ctm)
            elif op == "Q":
                ctm = stack.pop()
            elif op == "cm":
                ctm = multiply(tuple(values), ctm)  # type: ignore[arg-type]
            elif op == "re":
                x, y, w, h = values
                (x1, y1), (x2, y2) = apply(ctm, x, y), apply(ctm, x + w, y + h)
                geometry.boxes.append(Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)))
            elif op == "m":
                current = apply(ctm, *values)
            elif op == "l" and current is not None:
                end = apply(ctm, *values)
                geometry.segments.append(Segment(*current, *end))
                current = end
        pages.append(geometry)
    return pages


def pdf_fonts(path: Path) -> dict[str, bool]:
    """Every font any page of the PDF uses, by base name: whether its program is embedded."""
    reader = PdfReader(str(path))
    fonts: dict[str, bool] = {}
    for page in reader.pages:
        resources = page.get("/Resources")
        font_dict = resources.get_object().get("/Font") if resources is not None else None
        if font_dict is None:
            continue
        for font in font_dict.get_object().values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            fonts[str(font["/BaseFont"])] = embedded
    return fonts
