"""The render layer: exact physical size in PDF and SVG, fonts, sheets, tiling and duplex backs.

Sizes are checked by reading the drawing back (PDF content stream, SVG attributes), not by eye.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import PnpError
from pnp.games import get_game
from pnp.kits import build_kit, write_kit
from pnp.render.document import Document
from pnp.render.drawing import Drawing, Line, Place, Style, placement_matrix
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.sheet import SheetSpec, back_position, lay_out
from pnp.render.tiling import plan_tiling, tile_drawing
from tests.support.pdfgeom import Box, Segment, pdf_fonts, read_geometry

TOLERANCE = 0.1  # mm
SVG = "{http://www.w3.org/2000/svg}"


def paper_penguins_kit(tmp_path: Path, paper: str) -> Path:
    game = get_game("paper-penguins")
    setup = game.random_setup(7, game.info.resolve(None, None, {}))
    document = build_kit(game, setup, PrintSettings(get_paper(paper)))
    paths = write_kit(game, setup, document, tmp_path, "both")
    return paths[0].parent


@pytest.mark.parametrize(("paper", "size"), [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_pages_have_the_paper_size_and_the_scale_bar_measures_50_mm(
    tmp_path: Path, paper: str, size: tuple[float, float]
) -> None:
    folder = paper_penguins_kit(tmp_path, paper)
    pages = read_geometry(folder / "kit.pdf")
    for page in pages:
        assert page.width == pytest.approx(size[0], abs=TOLERANCE)
        assert page.height == pytest.approx(size[1], abs=TOLERANCE)
        bars = [b for b in page.boxes if abs(b.w - 50) < TOLERANCE and abs(b.h - 2) < TOLERANCE]
        assert bars, "every page carries the 50 mm scale bar"


def inner_columns(segments: list[Segment], frame: Box, side: float) -> list[float]:
    """The x of each vertical line `side` long that rises from the frame's lower edge inside it."""
    return [
        s.x1
        for s in segments
        if abs(s.x1 - s.x2) < 1e-6
        and frame.x < s.x1 < frame.x + frame.w
        and abs(min(s.y1, s.y2) - frame.y) < TOLERANCE
        and abs(s.length - side) < TOLERANCE
    ]


@pytest.mark.parametrize(("paper", "cell"), [("a4", 10.0), ("letter", 9.0)])
def test_a_printed_grid_cell_measures_what_it_claims(
    tmp_path: Path, paper: str, cell: float
) -> None:
    # the cell is the largest that keeps four sheets (with their tally strips) on a page
    folder = paper_penguins_kit(tmp_path, paper)
    sheet_page = read_geometry(folder / "kit.pdf")[1]  # after the cover
    side = 8 * cell
    frames = [
        b for b in sheet_page.boxes if abs(b.w - side) < TOLERANCE and abs(b.h - side) < TOLERANCE
    ]
    assert frames, f"an 8 x 8 sheet of {cell:g} mm cells has a {side:g} mm frame"
    frame = frames[0]
    columns = inner_columns(sheet_page.segments, frame, side)
    # the rows are the columns of the page mirrored across its diagonal (x and y swapped)
    rows = inner_columns(
        [Segment(s.y1, s.x1, s.y2, s.x2) for s in sheet_page.segments],
        Box(frame.y, frame.x, frame.h, frame.w),
        side,
    )
    for lines, start, size in ((columns, frame.x, frame.w), (rows, frame.y, frame.h)):
        assert len(lines) == 7, "7 inner lines split the frame into 8 cells"
        edges = [start, *sorted(lines), start + size]
        gaps = [b - a for a, b in pairwise(edges)]
        assert all(abs(gap - cell) < TOLERANCE for gap in gaps), gaps


def test_svg_pages_are_in_millimetres_with_a_millimetre_viewbox(tmp_path: Path) -> None:
    folder = paper_penguins_kit(tmp_path, "letter")
    for svg in sorted(folder.glob("kit-p*.svg")):
        root = ET.parse(svg).getroot()
        assert root.get("width") == "215.9mm" and root.get("height") == "279.4mm"
        assert root.get("viewBox") == "0 0 215.9 279.4"
        widths = [r.get("width") for r in root.iter(f"{SVG}rect")]
        assert "50" in widths, "the scale bar is 50 user units = 50 mm wide"


def test_every_font_in_the_pdf_is_embedded(tmp_path: Path) -> None:
    folder = paper_penguins_kit(tmp_path, "a4")
    fonts = pdf_fonts(folder / "kit.pdf")
    assert set(fonts) == {"/AAAAAA+BitstreamVeraSans-Roman", "/AAAAAA+BitstreamVeraSans-Bold"}
    assert all(fonts.values()), fonts


def test_the_font_check_sees_a_font_that_is_not_embedded(tmp_path: Path) -> None:
    path = tmp_path / "helvetica.pdf"
    canvas = Canvas(str(path))
    canvas.setFont("Helvetica", 12)  # one of the 14 standard fonts: named, never embedded
    canvas.drawString(72, 72, "not embedded")
    canvas.save()
    assert pdf_fonts(path) == {"/Helvetica": False}


def test_a_component_that_cannot_fit_the_paper_is_refused_with_its_size() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4")))
    with pytest.raises(PnpError, match="300 x 20 mm component does not fit"):
        lay_out(document, [Drawing(300, 20)], SheetSpec(300, 20), "Cards")


@pytest.mark.parametrize("gap", [0.0, 4.0])
def test_sheets_paginate_with_cut_marks_that_never_cross_a_component(gap: float) -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4")))
    spec = SheetSpec(60, 40, gap)
    placed = lay_out(document, [Drawing(60, 40) for _ in range(30)], spec, "T")
    cols, rows = spec.grid(document.paper.content)
    assert (cols, rows) == (3, 6)
    assert len(placed) == 30 and len(document.pages) == 2
    for page in document.pages:
        items = [(p.x, p.y) for p in placed if p.page is page]
        marks = [op for op in page.drawing.ops if isinstance(op, Line)]
        assert len(marks) >= 2 * (3 + 1) + 2 * 2
        for mark in marks:
            for x, y in items:  # the mark's midpoint is never strictly inside a component
                mx, my = (mark.x1 + mark.x2) / 2, (mark.y1 + mark.y2) / 2
                assert not (x < mx < x + 60 and y < my < y + 40)
        content = page.paper.content
        outside = [m for m in marks if min(m.y1, m.y2) < min(y for _, y in items)]
        assert outside and all(min(m.y1, m.y2) >= content.y - page.paper.top for m in outside)


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_a_duplex_back_lands_behind_its_front(duplex: str) -> None:
    settings = PrintSettings(get_paper("a4"), duplex=duplex, back_offset=(0.5, -0.3))
    document = Document("Test", "1", settings)
    fronts = [Drawing(63, 88) for _ in range(4)]
    backs = [Drawing(63, 88) for _ in range(4)]
    placed = lay_out(document, fronts, SheetSpec(63, 88, gap=4), "Cards", backs=backs)
    assert [p.title for p in document.pages] == ["Cards", "Cards (backs)"]
    back_page = document.pages[1]
    spots = {id(op.drawing): (op.x, op.y) for op in back_page.drawing.ops if isinstance(op, Place)}
    width, height = back_page.paper.width, back_page.paper.height
    for spot, back in zip(placed, backs, strict=True):
        x, y = spots[id(back)]
        # Turn the backs page over its flip edge: the back must cover the front exactly.
        if duplex == "short":
            seen = (x - 0.5, height - (y + 0.3) - 88)
        else:
            seen = (width - (x - 0.5) - 63, y + 0.3)
        assert seen == pytest.approx((spot.x, spot.y), abs=1e-9)
        assert (x, y) == back_position(document, back_page, spot.x, spot.y, 63, 88)


def test_a_board_larger_than_a_page_splits_into_overlapping_parts() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4")))
    board = Drawing(360, 330)
    board.rect(0, 0, 360, 330, Style(fill="#eeeeee"))
    plan = plan_tiling(board.width, board.height, document.paper, overlap=12)
    pages = tile_drawing(document, board, "Board", overlap=12)
    assert len(pages) == plan.cols * plan.rows >= 4
    for row in range(plan.rows):
        for col in range(plan.cols):
            x0, _y0 = plan.origin(col, row)
            w, h = plan.part_size(col, row)
            assert w <= plan.window.w + 1e-9 and h <= plan.window.h + 1e-9
            if col + 1 < plan.cols:  # neighbours share exactly `overlap` mm of board
                assert x0 + w - plan.origin(col + 1, row)[0] == pytest.approx(12)
    last_x, last_y = plan.origin(plan.cols - 1, plan.rows - 1)
    last_w, last_h = plan.part_size(plan.cols - 1, plan.rows - 1)
    assert (last_x + last_w, last_y + last_h) == pytest.approx((360, 330))
    titles = [page.title for page in pages]
    assert titles[0] == "Board, part A1" and len(set(titles)) == len(titles)


def test_rotation_turns_a_component_within_its_box() -> None:
    child = Drawing(20, 10)
    corners = {
        0: (0.0, 0.0),
        90: (10.0, 0.0),
        180: (20.0, 10.0),
        270: (0.0, 20.0),
    }
    for rotate, expected in corners.items():
        a, b, c, d, e, f = placement_matrix(Place(child, 0, 0, rotate))
        assert (a * 0 + c * 0 + e, b * 0 + d * 0 + f) == expected
