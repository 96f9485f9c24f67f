"""The cover page every kit starts with: what the kit is, how to print it, what is in it, what
else to get and how to put it together.

The builder draws it last (when every page exists) and places it first. Everything on it that
depends on the print is read from the Document: the paper, the page count, which pages carry
backs (pages whose `back_of` is set) and the components the layouts recorded with their counts
and pages, every page by the number it prints with (`Document.printed_number`: a kit printed
double-sided as one file counts its blank backs). What only the kit knows (what else you need,
the assembly steps) comes from its `Kit` declaration and the steps its `draw` added to
`document.assembly`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.games.base import GameInfo, Setup
from pnp.kits.thumbnails import thumbnails
from pnp.render.document import Document, Page, lasered
from pnp.render.drawing import BLACK, WHITE, Anchor, Drawing, Style
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.paper import Box
from pnp.render.text import wrap
from pnp.render.tiling import JOINED

COVER_TITLE = "Cover"
BAR = 50.0  # mm, the same length as the footer's scale bar
GREY = "#555555"
PANEL = Style(stroke=BLACK, width=0.5)
RULE = Style(stroke="#999999", width=0.2)
FLIP = {
    "long": "on a duplex printer flipping on the long edge",
    "short": "on a duplex printer flipping on the short edge",
}
INK = {
    "color": "colour",
    "saver": "ink saver (white areas, coloured outlines)",
    "bw": "black and white",
}


@dataclass(frozen=True)
class Entry:
    """One line of the cover's contents: what, how many (0: not counted) and on which pages."""

    name: str
    count: int
    pages: str
    size: str = ""  # "30 x 42" (mm), for a component the layout measured


def add_cover(
    document: Document,
    info: GameInfo,
    setup: Setup,
    needs: Sequence[str],
    steps: Sequence[str],
    note: str | None = None,
) -> Page:
    """The cover, drawn from the finished document and moved to the front of it; `note` is the
    kit's sentence about its setup, under the title."""
    page = document.new_page(COVER_TITLE)
    document.pages.remove(page)
    document.pages.insert(0, page)
    area = page.paper.content
    size = 3.3
    while True:  # a long kit shrinks the cover's text until it fits the page
        drawing = Drawing(area.w, area.h)
        used = _draw(drawing, document, info, setup, needs, steps, note, size)
        if used <= area.h or size < 2.2:
            break
        size *= 0.92
    thumbnails(drawing, document, page, used + 4.0)
    page.drawing.place(drawing, area.x, area.y)
    document.room = None
    return page


def all_needs(document: Document, needs: Sequence[str]) -> list[str]:
    """The kit's declared needs, and tape when a board comes in parts."""
    joined = [c for c in document.components if c.name.endswith(JOINED)]
    return list(needs) + (["tape or a glue stick, to join the board parts"] if joined else [])


def all_steps(document: Document, steps: Sequence[str]) -> list[str]:
    """Joining each board printed in parts first, then the kit's steps, then the steps its
    drawing added for this setup."""
    trim = "trim each part along its dashed edges, " if document.settings.cut_marks else ""
    joins = [
        f"Join the {c.name.removesuffix(JOINED)[:1].lower()}{c.name.removesuffix(JOINED)[1:]}: "
        f"{trim}lay {'it' if trim else 'each part'} over its neighbour so the circled crosses "
        "match, and tape the back."
        for c in document.components
        if c.name.endswith(JOINED)
    ]
    return joins + list(steps) + document.assembly


def contents(document: Document) -> list[Entry]:
    """Every component the layouts recorded, then every other page (but the cover and backs
    pages) by its title, in page order."""
    entries: list[tuple[int, Entry]] = []
    listed: set[int] = set()
    for component in document.components:
        numbers = [document.printed_number(page) for page in component.pages]
        backs = [document.printed_number(page) for page in component.backs]
        where = page_list(numbers) + (f", backs {page_list(backs)}" if backs else "")
        size = component.size
        measured = f"{size[0]:g} x {size[1]:g}" if size and component.count else ""
        entries.append((min(numbers), Entry(component.name, component.count, where, measured)))
        listed.update(id(page) for page in component.pages)
    runs: list[tuple[str, list[Page]]] = []  # pages of one title in a row, as drawn
    for index, page in enumerate(document.pages):
        if id(page) in listed or page.back_of is not None or page.title == COVER_TITLE:
            continue
        if runs and runs[-1][0] == page.title and runs[-1][1][-1] is document.pages[index - 1]:
            runs[-1][1].append(page)
        else:
            runs.append((page.title, [page]))
    for title, pages in runs:
        numbers = [document.printed_number(page) for page in pages]
        entries.append((numbers[0], Entry(title, 0, page_list(numbers))))
    return [entry for _, entry in sorted(entries, key=lambda pair: pair[0])]


def printing(document: Document) -> list[str]:
    """How to print the kit, from the document: paper, scale, ink and which pages have backs,
    numbered as printed (a double-sided kit counts its blank backs)."""
    settings = document.settings
    total = len(document.printed_order())
    sheets = f" on {-(-total // 2)} sheets" if document.double_sided else ""
    lines = [
        f"**Paper:** {settings.paper.title}, {total} pages{sheets}. Print at **100 %** (Actual "
        "size), with 'fit to page' and 'shrink' turned off.",
    ]
    number = document.printed_number
    if settings.cut_marks:
        lines.append(f"**Ink:** printed for {INK[settings.ink]}.")
        card = card_pages(document)
        if card:
            where = f"page {card[0]}" if len(card) == 1 else f"pages {page_list(card)}"
            lines.append(
                f"**Card stock:** {where} (what you cut out and play with) last longer on card, "
                "160-220 g/m² (60-80 lb cover), if your printer feeds it; the rest on ordinary "
                "paper."
            )
    elif not any(lasered(page) for page in document.pages):  # all of it is written on
        lines.append(
            "**Laser:** nothing in this kit is for a laser: its sheets are written on. Print "
            "kit-paper.pdf on paper and cut it with scissors."
        )
    else:  # nothing of a laser kit's pieces is printed: they are engraved in two tones
        lines.append(
            "**Laser:** each page with something to cut is a laser file (kit-laser-pNN.svg, NN "
            "its page number): cut along the outlines of its cut layer, score its score layer "
            "(fold lines) at low power and engrave its engrave layer as an image, dark areas "
            "burnt and light ones left; no cut marks are drawn. Print the other pages on paper: "
            "kit-paper.pdf holds them all (sheets to write on are cut with scissors)."
        )
    pairs = [(number(page.back_of), number(page)) for page in document.pages
             if page.back_of is not None]  # fmt: skip
    if pairs and settings.duplex == "none":
        listed = ", ".join(f"page {back} behind page {front}" for front, back in pairs)
        lines.append(f"**Backs:** print every page single-sided, then glue {listed}.")
    elif pairs and document.double_sided:
        listed = ", ".join(f"page {back} on the back of page {front}" for front, back in pairs)
        lines.append(
            f"**Double-sided:** print the whole file double-sided, {FLIP[settings.duplex]}: "
            f"{listed}. Pages marked 'intentionally blank' keep the back of every other page "
            "you cut out empty: keep them in the file. No two-sided printer: choose the print "
            "dialog's manual two-sided printing (odd pages first, then the stack turned over)."
        )
    elif pairs:  # laser: a sheet with backs is lasered on both sides, or printed on paper
        backed = [(page.back_of, page) for page in document.pages if page.back_of is not None]
        lasers = [(number(f), number(b)) for f, b in backed if lasered(b)]
        papers = [(number(f), number(b)) for f, b in backed if not lasered(b)]
        if lasers:
            listed = ", ".join(f"page {b} on the other side of page {f}" for f, b in lasers)
            lines.append(
                f"**Two-sided laser sheets:** {listed}, the sheet turned over its "
                f"{settings.duplex} edge. Cut the jig layer (green: the sheet's outline) in a "
                "scrap board and leave it on the bed, then turn that layer off; in the jig, "
                "engrave the front, turn the sheet over and engrave the back, turn it back and "
                "cut."
            )
        if papers:
            listed = ", ".join(f"page {b} on the back of page {f}" for f, b in papers)
            lines.append(
                f"**kit-paper.pdf:** print it double-sided, {FLIP[settings.duplex]}: {listed} "
                "(the numbers in the footers; its blank pages keep each such sheet together)."
            )
    else:
        lines.append("**Single-sided:** no page has a back.")
    return lines


def card_pages(document: Document) -> list[int]:
    """The printed numbers of the pages of pieces (cut out and played with, not written on) and
    of their backs pages: the sheets worth printing on card stock."""
    pieces = [page for page in document.pages if page.cuts and page.laser]
    backs = [page for page in document.pages
             if page.back_of is not None and any(page.back_of is p for p in pieces)]  # fmt: skip
    return sorted(document.printed_number(page) for page in pieces + backs)


def page_list(numbers: Sequence[int]) -> str:
    """`3`, `3-5`, `3, 5-6`: page numbers with runs joined."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _draw(
    drawing: Drawing,
    document: Document,
    info: GameInfo,
    setup: Setup,
    needs: Sequence[str],
    steps: Sequence[str],
    note: str | None,
    size: float,
) -> float:
    """The cover at body text size `size` on `drawing` (the printable area); returns its height."""
    width = drawing.width
    drawing.text(0, 11, info.title, fit_size(info.title, 12.0, width, True), bold=True)
    about = ["print-and-play kit", f"seed {document.seed_label}", f"{setup.players} players"]
    if len(info.variants) > 1:
        about.append(f"{setup.variant} variant")
    drawing.text(0, 19, "  ·  ".join(about), 4.4, fill=GREY)
    y = 25.0
    if note:
        y = _paragraphs(drawing, y - 1, width, [note], 3.8, bullet=False) - 1
    y = _scale_check(drawing, y, width)
    y = _heading(drawing, y, "How to print", size)
    y = _paragraphs(drawing, y, width, printing(document), size, bullet=True)
    y = _heading(drawing, y, "In this kit", size)
    y = _contents_table(drawing, y, width, contents(document), size)
    needed = all_needs(document, needs)
    if needed:
        y = _heading(drawing, y, "You also need", size)
        y = _paragraphs(drawing, y, width, needed, size, bullet=True)
    y = _heading(drawing, y, "Putting it together", size)
    numbered = [f"**{k}.** {step}" for k, step in enumerate(all_steps(document, steps), 1)]
    return _paragraphs(drawing, y, width, numbered, size, bullet=False)


def _scale_check(drawing: Drawing, y: float, width: float) -> float:
    """The calibration check, framed: a 50 mm bar in centimetre blocks and what to do."""
    box = Box(0, y, width, 30.0)
    drawing.rect(box.x, box.y, box.w, box.h, PANEL, radius=2.0)
    drawing.text(5, y + 8, "First: check the scale", 5.0, bold=True)
    bar_y = y + 13
    for k in range(int(BAR // 10)):
        fill = BLACK if k % 2 == 0 else WHITE
        drawing.rect(5 + 10 * k, bar_y, 10, 6, Style(fill=fill, stroke=None))
        drawing.text(5 + 10 * k, bar_y + 10.5, str(k), 3.0, anchor="middle")
    drawing.rect(5, bar_y, BAR, 6, Style(stroke=BLACK, width=0.25))
    drawing.text(5 + BAR, bar_y + 10.5, "5 cm", 3.0, anchor="middle")
    notes = [
        f"This bar must measure exactly **{BAR:g} mm** with a ruler, like the bar at the foot "
        "of every page. If it does not, the printer scaled the page: print again at 100 % "
        "(Actual size) before cutting anything.",
    ]
    left = 5 + BAR + 8
    _paragraphs(drawing, y + 12, width - left - 4, notes, 3.3, bullet=False, x=left)
    return box.bottom + 7


def _heading(drawing: Drawing, y: float, text: str, size: float) -> float:
    drawing.text(0, y + size * 1.4, text, size * 1.4, bold=True)
    return y + size * 2.1


def _paragraphs(
    drawing: Drawing,
    y: float,
    width: float,
    texts: list[str],
    size: float,
    *,
    bullet: bool,
    x: float = 0.0,
) -> float:
    """Wrapped paragraphs (with **bold** runs) from `y`; returns the y below the last."""
    indent = 4.0 if bullet else 0.0
    for text in texts:
        if bullet:
            drawing.circle(x + 1.3, y + size * 0.62, 0.6, Style(fill=BLACK, stroke=None))
        for line in wrap(text, size, width - indent):
            cursor = x + indent
            for run, bold in line:
                drawing.text(cursor, y + size, run, size, bold=bold)
                cursor += text_width(run, size, bold)
            y += size * 1.3
        y += size * 0.45
    return y + size * 0.6


def _contents_table(
    drawing: Drawing, y: float, width: float, entries: list[Entry], size: float
) -> float:
    """Four columns: what, its size as cut (mm: for sleeves and spare pieces), how many, pages
    (with their backs); a long list of pages wraps in its column rather than shrink."""
    pages_w, count_w, size_w = 42.0, 20.0, 22.0
    name_w = width - pages_w - count_w - size_w
    heads: tuple[tuple[str, float, Anchor], ...] = (
        ("what", 0.0, "start"),
        ("size, mm", name_w + size_w - 2, "end"),
        ("how many", name_w + size_w + count_w - 2, "end"),
        ("pages", name_w + size_w + count_w, "start"),
    )
    for label, x, anchor in heads:
        drawing.text(x, y + size, label, max(size * 0.9, SMALLEST), bold=True, fill=GREY,
                     anchor=anchor)  # fmt: skip
    y += size * 1.5
    for entry in entries:
        drawing.line(0, y, width, y, RULE)
        drawing.text(0, y + size * 1.15, entry.name, fit_size(entry.name, size, name_w - 2))
        if entry.size:
            drawing.text(name_w + size_w - 2, y + size * 1.15, entry.size, size, anchor="end")
        if entry.count:
            drawing.text(name_w + size_w + count_w - 2, y + size * 1.15, str(entry.count), size,
                         anchor="end", bold=True)  # fmt: skip
        lines = ["".join(run for run, _ in line) for line in wrap(entry.pages, size, pages_w)]
        for k, line in enumerate(lines):
            x = name_w + size_w + count_w
            drawing.text(x, y + size * (1.15 + 1.3 * k), line.strip(), size)
        y += size * (1.55 + 1.3 * (len(lines) - 1))
    drawing.line(0, y, width, y, RULE)
    return y + size * 1.2
