"""Flowing text (the rules summaries) onto pages: headings, paragraphs, bullets, **bold** runs.

The summaries in templates/rules/ are a small subset of Markdown: `# ` title, `## ` heading,
`- ` bullet, blank line between paragraphs, `**bold**` inside a line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.render.document import Document, Page
from pnp.render.drawing import Drawing, Style
from pnp.render.fonts import text_width
from pnp.render.paper import Box

BODY = 3.3  # mm em size, about 9.4 pt
LEADING = 1.32
# em size, space before, space after (mm)
STYLES = {
    "title": (6.0, 0.0, 3.0),
    "heading": (4.3, 2.0, 1.6),
    "paragraph": (BODY, 0.0, 1.4),
    "bullet": (BODY, 0.0, 0.7),
}
BULLET_INDENT = 4.0
MIN_SCALE = 0.85  # a rules summary is never set below 85 % (body 2.8 mm, about 8 pt)
SCALES = (0.95, 0.9, MIN_SCALE)
DOT = Style(fill="#000000", stroke=None)


@dataclass(frozen=True)
class Block:
    kind: str  # title, heading, paragraph, bullet
    text: str


def parse_blocks(source: str) -> list[Block]:
    blocks: list[Block] = []
    lines: list[str] = []

    def flush() -> None:
        if lines:
            blocks.append(Block("paragraph", " ".join(lines)))
            lines.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if raw.startswith("  ") and blocks and blocks[-1].kind == "bullet" and line and not lines:
            blocks[-1] = Block("bullet", blocks[-1].text + " " + line)  # continued bullet
        elif not line:
            flush()
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", line[2:]))
        elif line.startswith("## "):
            flush()
            blocks.append(Block("heading", line[3:]))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", line[2:]))
        else:
            lines.append(line)
    flush()
    return blocks


Word = list[tuple[str, bool]]  # pieces of one word: **bold** may start or end inside a word


def _words(text: str, bold: bool) -> list[Word]:
    words: list[Word] = []
    current: Word = []
    for k, part in enumerate(text.split("**")):
        strong = bold or k % 2 == 1
        for i, chunk in enumerate(part.split(" ")):
            if i > 0 and current:
                words.append(current)
                current = []
            if chunk:
                current.append((chunk, strong))
    if current:
        words.append(current)
    return words


def _width(word: Word, size: float) -> float:
    return sum(text_width(piece, size, strong) for piece, strong in word)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[list[tuple[str, bool]]]:
    """Lines that fit `width` mm at em size `size`, each as runs of (text, bold)."""
    lines: list[list[Word]] = [[]]
    used, space = 0.0, text_width(" ", size)
    for word in _words(text, bold):
        w = _width(word, size)
        if lines[-1] and used + space + w > width:
            lines.append([])
            used = 0.0
        used += (space if lines[-1] else 0.0) + w
        lines[-1].append(word)
    return [_runs(line) for line in lines]


def _runs(line: list[Word]) -> list[tuple[str, bool]]:
    """The line's pieces with neighbours of the same weight joined, so each run is one text."""
    runs: list[tuple[str, bool]] = []
    for n, word in enumerate(line):
        for k, (piece, bold) in enumerate(word):
            text = (" " if n > 0 and k == 0 else "") + piece
            if runs and runs[-1][1] == bold:
                runs[-1] = (runs[-1][0] + text, bold)
            else:
                runs.append((text, bold))
    return runs


def paragraph(
    drawing: Drawing, x: float, y: float, width: float, lines: list[str], size: float
) -> float:
    """Paragraphs (with **bold** runs) wrapped to `width` from top `y`; returns the y below."""
    for text in lines:
        for line in wrap(text, size, width):
            cursor = x
            for run, bold in line:
                drawing.text(cursor, y + size, run, size, bold=bold)
                cursor += text_width(run, size, bold)
            y += size * LEADING
        y += size * 0.5
    return y


def flow(document: Document, source: str, title: str) -> list[Page]:
    """Pages of `source` (rules summary Markdown) flowed down the content area, set at full size
    or, when that would leave a last page under a third full, at the largest of SCALES that
    sets it on one page fewer (`fitted_scale`)."""
    blocks = parse_blocks(source)
    area = document.paper.content
    pages: list[Page] = []

    def new_page() -> Drawing:
        pages.append(document.new_page(title))
        return pages[-1].drawing

    typeset(blocks, area, fitted_scale(blocks, area), new_page)
    return pages


def fitted_scale(blocks: list[Block], area: Box) -> float:
    """1, or the largest of SCALES (down to MIN_SCALE) at which the blocks take fewer pages,
    when at full size their last page would be filled less than a third of its height."""
    drawings: list[Drawing] = []

    def trial() -> Drawing:
        drawings.append(Drawing(area.right, area.bottom))
        return drawings[-1]

    bottom = typeset(blocks, area, 1.0, trial)
    full = len(drawings)
    if full == 1 or bottom - area.y >= area.h / 3:
        return 1.0
    for scale in SCALES:
        drawings.clear()
        typeset(blocks, area, scale, trial)
        if len(drawings) < full:
            return scale
    return 1.0


def typeset(blocks: list[Block], area: Box, scale: float, new_page: Callable[[], Drawing]) -> float:
    """The blocks drawn down `area` at `scale` of their STYLES, on a `new_page()` whenever the
    one before is full; returns the y below the last line."""
    drawing = new_page()
    y = area.y
    for block in blocks:
        size, before, after = (scale * value for value in STYLES[block.kind])
        y += before if y > area.y else 0.0
        strong = block.kind in ("title", "heading")
        indent = BULLET_INDENT if block.kind == "bullet" else 0.0
        lines = wrap(block.text, size, area.w - indent, strong)
        height = len(lines) * size * LEADING
        if y + min(height, 3 * size * LEADING) > area.bottom:
            drawing = new_page()
            y = area.y
        if block.kind == "bullet":
            drawing.circle(area.x + 1.3, y + size * 0.72, 0.55 * scale, DOT)
        for line in lines:
            if y + size * LEADING > area.bottom:
                drawing = new_page()
                y = area.y
            x = area.x + indent
            for run, bold in line:
                drawing.text(x, y + size, run, size, bold=bold)
                x += text_width(run, size, bold)
            y += size * LEADING
        y += after
    return y
