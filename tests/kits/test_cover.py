"""The cover page every kit starts with, and paper economy.

The cover is checked against the kit's own pages: every component the layouts placed (counted
from the cut outlines on the pages) is listed with its count and page numbers, every other page
by its title, and every backs page in the double-sided instructions. Paper economy is held to
the rules in tests/kits/test_paper_economy.py.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from pnp.games import GAMES, ORDER
from pnp.kits import KIT_OPTIONS, build_kit
from pnp.kits.cover import COVER_TITLE, contents, page_list
from pnp.kits.options import kit_setup
from pnp.kits.paper_penguins.kit import choose_geometry
from pnp.kits.thumbnails import HEADING_ROOM, THUMB_LEAST
from pnp.render.document import BLANK_TITLE, Document, Page
from pnp.render.drawing import Drawing, Place, Rect, Text
from pnp.render.fill import op_box, page_fill
from pnp.render.fonts import SMALLEST
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.sheet import capacity
from tests.support.cli import invoke

OPTIONS: list[tuple[str, int | None, str | None, dict[str, str]]] = [
    *((name, None, None, {}) for name in ORDER),
    ("platypus", None, None, {"deal": "pack"}),
    ("paper-penguins", None, None, {"sheets": "5"}),
    ("paper-penguins", None, None, {"size": "10x10"}),
    ("colour-diplomacy", 7, None, {}),
    ("colour-diplomacy", 10, None, {}),
    ("wallaby", 3, "valley", {"tile-backs": "field"}),
    ("amazon-penguins", None, "hex", {}),
    ("amazons", None, None, {"size": "6"}),
    ("penguins", 4, None, {}),
]
IDS = [f"{g}-{p}-{v}-{'-'.join(o.values())}" for g, p, v, o in OPTIONS]


def document_of(
    case: tuple[str, int | None, str | None, dict[str, str]], paper: str, **settings: Any
) -> Document:
    name, players, variant, options = case
    game = GAMES[name]
    setup = kit_setup(game, 5, players, variant, options, KIT_OPTIONS[name])
    test_page = bool(settings.pop("test_page", False))
    return build_kit(game, setup, PrintSettings(get_paper(paper), **settings), test_page)


def cover_rows(page: Page) -> list[list[str]]:
    """The cover's text runs grouped by baseline, top to bottom."""
    rows: dict[float, list[str]] = {}

    def walk(drawing: Drawing, dy: float) -> None:
        for op in drawing.ops:
            if isinstance(op, Text):
                rows.setdefault(round(op.y + dy, 2), []).append(op.text)
            elif isinstance(op, Place):
                walk(op.drawing, dy + op.y)

    walk(page.drawing, 0.0)
    return [rows[y] for y in sorted(rows)]


def judged(page: Page) -> bool:
    """Pages held to paper economy: not the cover, rules, printer check or a backs page."""
    return page.back_of is None and page.title not in (COVER_TITLE, "Rules", "Calibration")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("case", OPTIONS, ids=IDS)
def test_the_cover_lists_every_component_with_its_count_and_pages(
    case: tuple[str, int | None, str | None, dict[str, str]], paper: str
) -> None:
    document = document_of(case, paper)
    cover = document.pages[0]
    assert cover.title == COVER_TITLE and not any(
        p.title == COVER_TITLE for p in document.pages[1:]
    )
    rows = cover_rows(cover)
    text = " ".join(run for row in rows for run in row)  # a wrapped list of pages joins up
    fronts = [p for p in document.pages[1:] if p.back_of is None]
    # every cut outline on a fronts page is a component the cover counts
    assert sum(c.count for c in document.components) == sum(len(p.cuts) for p in fronts)
    for page in fronts:
        if page.cuts:
            assert any(page in c.pages for c in document.components), page.title
    for component in document.components:
        numbers = page_list([document.printed_number(p) for p in component.pages])
        backs = page_list([document.printed_number(p) for p in component.backs])
        where = numbers + (f", backs {backs}" if backs else "")
        count = [str(component.count)] if component.count else []  # 0: a page, not counted
        size = component.size  # as cut, in mm: a piece's, for sleeves and spares
        measured = [f"{size[0]:g} x {size[1]:g}"] if size and component.count else []
        assert " ".join([component.name, *measured, *count, where]) in text, component.name
    if case[0] == "platypus":  # the cards' size, for sleeves (issue 38)
        assert "30 x 42" in text
    printed = document.printed_order()
    listed = {n for entry in contents(document) for n in _numbers(entry.pages)}
    drawn = {n for n, p in enumerate(printed, 1) if p.title != BLANK_TITLE}
    assert listed == drawn - {1}, "every page but the cover and the blank backs is listed"
    assert document.game_title in text and f"seed {document.seed_label}" in text
    assert f"{len(printed)} pages" in text and "100 %" in text and "50 mm" in text


def _numbers(pages: str) -> list[int]:
    found: list[int] = []
    for part in pages.replace("backs ", "").split(", "):
        first, _, last = part.partition("-")
        found += range(int(first), int(last or first) + 1)
    return found


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_cover_says_which_pages_print_double_sided(duplex: str) -> None:
    document = document_of(("billabong", None, None, {}), "a4", duplex=duplex, test_page=True)
    titles = [page.title for page in document.pages]
    assert titles[:3] == [COVER_TITLE, "Calibration", "Calibration (back)"]
    text = " ".join(run for row in cover_rows(document.pages[0]) for run in row)
    number = document.printed_number
    pairs = [(number(p.back_of), number(p)) for p in document.pages if p.back_of is not None]
    assert len(pairs) == 2  # the printer check and the tokens
    for front, back in pairs:
        said = (
            f"page {back} behind page {front}"
            if duplex == "none"
            else (f"page {back} on the back of page {front}")
        )
        assert said in text
    if duplex != "none":
        assert f"flipping on the {duplex} edge" in text and "double-sided" in text
        assert "manual two-sided" in text and "keep them in the file" in text


@pytest.mark.parametrize("case", OPTIONS, ids=IDS)
def test_one_double_sided_file_takes_no_more_sheets_than_two_files(
    case: tuple[str, int | None, str | None, dict[str, str]],
) -> None:
    """Why a kit with backs is one double-sided file rather than a single-sided file plus a
    duplex file: printed as the cover says, it never takes more sheets (pages with nothing to
    cut share a sheet; a page to cut takes a sheet either way), and one print setting serves
    the whole kit."""
    document = document_of(case, "a4", test_page=True)
    assert document.double_sided
    printed = document.printed_order()
    pairs = sum(1 for page in document.pages if page.back_of is not None)
    two_files = len(document.pages) - 2 * pairs + pairs
    assert -(-len(printed) // 2) <= two_files
    blanks = [page for page in printed if page.title == BLANK_TITLE]
    assert len(printed) == len(document.pages) + len(blanks)


def test_the_cover_shows_the_50_mm_scale_check() -> None:
    document = document_of(("wallaby", None, None, {}), "letter")
    (inner,) = [op.drawing for op in document.pages[0].drawing.ops if isinstance(op, Place)]
    bars = [op for op in inner.ops if isinstance(op, Rect) and op.w == 50 and op.h == 6]
    assert bars and all(op.style.stroke for op in bars)


def test_a_kit_without_backs_says_single_sided() -> None:
    document = document_of(("amazons", None, None, {}), "a4")
    text = " ".join(run for row in cover_rows(document.pages[0]) for run in row)
    assert "no page has a back" in text and "Double-sided" not in text


@pytest.mark.parametrize("name", ORDER)
def test_every_footer_counts_the_cover(name: str) -> None:
    document = document_of((name, None, None, {}), "a4", test_page=True)
    pages = document.finished()
    total = len(pages)
    for number, page in enumerate(pages, 1):
        footer = [op for op in page.drawing.ops if isinstance(op, Text) and op.anchor == "end"]
        assert footer and footer[-1].text.endswith(f"page {number} of {total}")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["8x8", "6x8", "10x10", "5x5", "4x6", "12x12"])
def test_paper_penguins_fills_its_pages_and_stands_portrait_sheets_upright(
    paper: str, size: str
) -> None:
    """The default kit of one sheet fills the page with copies of it (a sheet is used up by one
    game), and a sheet taller than wide prints on a portrait page."""
    document = document_of(("paper-penguins", None, None, {"size": size}), paper)
    sheets = [page for page in document.pages if page.title.startswith("Sheets")]
    rows, cols = (int(v) for v in size.split("x"))
    geometry, landscape = choose_geometry(rows, cols, get_paper(paper))
    full = capacity(document, geometry.spec(), "heading", landscape)
    assert full >= 1 and all(len(page.cuts) == full for page in sheets)
    if geometry.height > geometry.width:
        assert not any(page.paper.landscape for page in sheets)
    assert all(page_fill(page) >= 1 / 3 for page in sheets) or full == 1


def test_colour_diplomacy_track_cards_and_tokens_share_one_page() -> None:
    document = document_of(("colour-diplomacy", 6, None, {}), "a4")
    shared = [page for page in document.pages if page.title.startswith("Circle colour track")]
    assert [page.title for page in shared] == ["Circle colour track, colour cards, tokens"]
    names = {c.name for c in document.components if shared[0] in c.pages}
    assert names == {"Circle colour track", "Colour cards", "Tokens"}


def test_a_laser_cover_says_cut_and_engrave_not_which_ink() -> None:
    """A laser kit is cut and engraved in two tones: its cover said "Ink: printed for colour"."""
    document = document_of(("penguins", None, None, {}), "a4", cut_marks=False)
    text = " ".join(run for row in cover_rows(document.pages[0]) for run in row)
    assert "Ink:" not in text and "printed for" not in text
    assert "engrave" in text and "cut layer" in text


@pytest.mark.parametrize("name", ORDER)
def test_no_page_of_any_kit_names_a_command_line_option(tmp_path: Path, name: str) -> None:
    """Kits are for people at a printer: the printer check said `--back-offset -X,-Y`."""
    code, _, err = invoke(
        "kit", name, "--test-page", "--format", "svg", "--duplex", "short", "--out", str(tmp_path)
    )
    assert code == 0, err
    pages = sorted(tmp_path.glob("*/kit-p*.svg"))
    words = [
        "".join(element.itertext())
        for page in pages
        for element in ET.parse(page).iter("{http://www.w3.org/2000/svg}text")
    ]
    assert pages and words
    assert not [word for word in words if re.search(r"--[a-z]", word)]


MIN_COVER_TEXT = 2.5  # mm em size, about 7 pt


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "settings",
    [{}, {"duplex": "none"}, {"cut_marks": False}, {"test_page": True}],
    ids=["duplex", "glued", "laser", "test-page"],
)
@pytest.mark.parametrize("case", OPTIONS, ids=IDS)
def test_no_text_on_a_cover_is_squeezed_below_a_readable_size(
    case: tuple[str, int | None, str | None, dict[str, str]], settings: dict[str, Any], paper: str
) -> None:
    """A long list of pages wraps in its column: squeezed to fit, the order pads' pages of the
    10-player Colour Diplomacy cover were 1.94 mm text."""
    document = document_of(case, paper, **settings)
    small = [
        (round(op.size, 2), op.text)
        for op in texts_of(document.pages[0].drawing)
        if op.size < MIN_COVER_TEXT
    ]
    assert not small


def texts_of(drawing: Drawing) -> list[Text]:
    """Every text run of a drawing, placed drawings included."""
    found: list[Text] = []
    for op in drawing.ops:
        found += [op] if isinstance(op, Text) else []
        found += texts_of(op.drawing) if isinstance(op, Place) else []
    return found


@pytest.mark.parametrize("case", OPTIONS, ids=lambda c: "-".join(str(v) for v in c[:3] if v))
def test_a_double_sided_kit_prints_a_page_to_read_on_the_back_of_the_cover(
    case: tuple[str, int | None, str | None, dict[str, str]],
) -> None:
    """docs/kits/printing.md: the rules (in most kits) print on the back of the cover. Amazon
    Penguins with --test-page gave the cover a blank back: its tally and rules made an even run
    of pages to read, so no run moved up. Where such a run ends with the rules, the rules move
    up on their own: no kit's cover has a blank back, with the printer check or without, and
    the rules' pages stay together."""
    for test_page in (False, True):
        document = document_of(case, "a4", test_page=test_page)
        if not document.double_sided:
            continue
        printed = document.printed_order()
        assert printed[1].title in ("Rules", "Board layout"), f"test page {test_page}"
        rules = [n for n, page in enumerate(printed) if page.title == "Rules"]
        assert rules == list(range(rules[0], rules[0] + len(rules))), "the rules stay together"


@pytest.mark.parametrize("case", OPTIONS, ids=lambda c: "-".join(str(v) for v in c[:3] if v))
def test_the_cover_says_which_pages_to_print_on_card_stock(
    case: tuple[str, int | None, str | None, dict[str, str]],
) -> None:
    """The best print-and-play kits say which sheets want card stock (pieces that are handled
    and stood up) and what weight; these covers said nothing about paper. The cover names the
    pages of what is cut out and played with (and their backs), not the sheets written on in
    pencil, with a weight in g/m² and in lb."""
    document = document_of(case, "a4")
    text = " ".join(" ".join(" ".join(row) for row in cover_rows(document.pages[0])).split())
    number = document.printed_number
    pieces = [page for page in document.pages if page.cuts and page.laser]
    numbers = [number(p) for p in pieces] + [
        number(p) for p in document.pages if p.back_of is not None and p.back_of in pieces
    ]
    if not numbers:
        assert "card stock" not in text
        return
    assert f"Card stock: pages {page_list(numbers)}" in text or (
        len(numbers) == 1 and f"Card stock: page {numbers[0]}" in text
    ), text
    assert "g/m²" in text and "lb" in text


@pytest.mark.parametrize("case", OPTIONS, ids=lambda c: "-".join(str(v) for v in c[:3] if v))
def test_the_cover_shows_every_page_in_miniature_where_it_has_room(
    case: tuple[str, int | None, str | None, dict[str, str]],
) -> None:
    """The best kits open with a contents sheet of page thumbnails. Where the cover's text
    leaves room, it shows every other page as printed (blank backs left out) in miniature,
    numbered in order, inside the printable area and under the text."""
    document = document_of(case, "a4")
    cover = document.pages[0]
    rows = cover_rows(cover)
    heading = [k for k, row in enumerate(rows) if "The pages, as printed" in row]
    printed = [n for n, p in enumerate(document.printed_order(), 1)
               if n > 1 and p.title != BLANK_TITLE]  # fmt: skip
    (placed,) = [op for op in cover.drawing.ops if isinstance(op, Place)]
    area = cover.paper.content
    if not heading:  # the text leaves less than the least thumbnail and its number
        boxes = [op_box(op) for op in placed.drawing.ops]
        text_bottom = max(b.bottom for b in boxes if b is not None) + placed.y
        free = area.bottom - text_bottom
        assert free < THUMB_LEAST + HEADING_ROOM + 2 * SMALLEST * 1.6, f"{free:.0f} mm free"
        return
    numbers = [run for row in rows[heading[0] + 1 :] for run in row if run.isdigit()]
    assert numbers == [str(n) for n in printed]
    assert all(op.y + placed.y <= area.bottom for op in placed.drawing.ops
               if isinstance(op, Rect | Text))  # fmt: skip
