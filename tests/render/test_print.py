"""Print quality: calibration page, bleed and PDF boxes, laser layers, ink modes, every kit builds.

Sizes are read back from the PDF drawing (tests/support/pdfgeom.py) and checked within 0.1 mm.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from pnp.games import GAMES
from pnp.kits import KITS, build_kit, write_kit
from pnp.render.calibration import add_calibration
from pnp.render.document import Document, Page, shapes_box
from pnp.render.drawing import (
    Circle,
    Dots,
    Drawing,
    Line,
    Place,
    Rect,
    Style,
    Text,
    rect_shape,
    shape_bounds,
)
from pnp.render.drawing import Path as PathOp
from pnp.render.fonts import text_width
from pnp.render.paper import get_paper
from pnp.render.pdf import pdf_bytes
from pnp.render.settings import PrintSettings
from pnp.render.sheet import HEADING_SIZE, SheetSpec, lay_out
from pnp.render.svg import laser_svg_text, unique_edges
from pnp.render.theme import Painter, hatch
from tests.support.kits import Config, option_configs, setup_of
from tests.support.pdfgeom import pdf_fonts, read_geometry

TOLERANCE = 0.1
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def write_pdf(document: Document, path: Path) -> Path:
    path.write_bytes(pdf_bytes(document.finished(), "test", document.settings.bleed))
    return path


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_page_measures_true(tmp_path: Path, paper: str) -> None:
    document = Document("Test", "1", PrintSettings(get_paper(paper)))
    document.new_page("Kit page")
    add_calibration(document)
    assert [p.title for p in document.pages] == ["Calibration", "Calibration (back)", "Kit page"]
    front = read_geometry(write_pdf(document, tmp_path / "cal.pdf"))[0]
    squares = [b for b in front.boxes if abs(b.w - 100) < TOLERANCE and abs(b.h - 100) < TOLERANCE]
    assert len(squares) == 1
    rulers: dict[float, list[float]] = {}  # the long ticks of each ruler, by the ruler's height
    for s in front.segments:
        if abs(s.x1 - s.x2) < 1e-6 and abs(s.length - 6.0) < 1e-3:
            rulers.setdefault(round(max(s.y1, s.y2), 2), []).append(s.x1)
    spacings = []
    for xs in rulers.values():
        xs.sort()
        gaps = {round(b - a, 3) for a, b in itertools.pairwise(xs)}
        assert len(gaps) == 1
        spacings.append(gaps.pop())
    assert sorted(spacings) == [pytest.approx(10.0, abs=1e-3), pytest.approx(25.4, abs=1e-3)]


def test_bleed_extends_backgrounds_and_sets_trim_and_bleed_boxes(tmp_path: Path) -> None:
    settings = PrintSettings(get_paper("a4"), bleed=3.0)
    document = Document("Test", "1", settings)
    tiles = [Drawing(40, 40, background="#336699") for _ in range(4)]
    lay_out(document, tiles, SheetSpec(40, 40, gap=0), "Tiles")
    page = document.pages[0]
    extended = [
        op for op in page.drawing.ops if isinstance(op, Rect) and op.style.fill == "#336699"
    ]
    assert len(extended) == 4
    outer = min(op.x for op in extended), min(op.y for op in extended)
    assert page.trim is not None
    assert outer == pytest.approx((page.trim.x - 3, page.trim.y - 3))
    # one row of 4 tiles: bleed on the outer sides only, where no neighbour abuts
    assert [op.w for op in extended] == pytest.approx([43, 40, 40, 43])
    assert all(op.h == pytest.approx(46) for op in extended)
    reader = PdfReader(str(write_pdf(document, tmp_path / "bleed.pdf")))
    trim = [float(v) * 25.4 / 72 for v in reader.pages[0].trimbox]
    bleed = [float(v) * 25.4 / 72 for v in reader.pages[0].bleedbox]
    assert trim[2] - trim[0] == pytest.approx(160, abs=TOLERANCE)
    assert bleed[2] - bleed[0] == pytest.approx(166, abs=TOLERANCE)


ROUND = ["M", "C", "C", "C", "C", "Z"]  # a circle's commands (circle_shape)


@pytest.mark.parametrize("name", ["penguins", "amazon-penguins", "billabong", "colour-diplomacy"])
def test_bleed_rings_every_round_piece_in_its_colour_short_of_its_neighbours(name: str) -> None:
    """`--bleed` carries a round piece's colour past its cut circle, as it carries a square's
    past its cut lines, by at most half the way to the next piece (a cut a little outside the
    circle shows colour, not paper). Round pieces had no bleed at all."""
    game = GAMES[name]
    setup = setup_of((name, None, None, {}), 5)
    document = build_kit(game, setup, PrintSettings(get_paper("a4"), bleed=2.0))
    ringed = 0
    for page in document.pages:
        discs = []
        for cut in page.cuts:
            if [command[0] for command in cut] == ROUND:
                box = shapes_box([cut])
                discs.append((box.x + box.w / 2, box.y + box.h / 2, box.w / 2))
        circles = [op for op in page.drawing.ops if isinstance(op, Circle) and op.style.fill]
        for cx, cy, r in discs:
            rings = [op for op in circles
                     if abs(op.cx - cx) < 1e-6 and abs(op.cy - cy) < 1e-6 and op.r > r]  # fmt: skip
            assert len(rings) == 1, (page.title, cx, cy)
            (ring,) = rings
            assert r + 1.0 <= ring.r <= r + 2.0, (page.title, ring.r - r)
            for ox, oy, other in discs:
                if (ox, oy) != (cx, cy):
                    assert math.dist((cx, cy), (ox, oy)) >= ring.r + other - 1e-9, page.title
            ringed += 1
    assert ringed


def test_laser_svg_has_cut_engrave_and_score_layers_and_cuts_shared_edges_once() -> None:
    settings = PrintSettings(get_paper("a4"), cut_marks=False)
    document = Document("Test", "1", settings)
    tiles = []
    for k in range(6):
        tile = Drawing(50, 50)
        tile.rect(0, 0, 50, 50, Style(fill="#ffcc00"))
        tile.centred_text(25, 25, str(k), 8)
        tiles.append(tile)
    lay_out(document, tiles, SheetSpec(50, 50, gap=0), "Tiles")
    page = document.finished()[0]
    assert len(unique_edges(page.cuts)) == 4 * 2 + 3 * 3  # a 3 x 2 grid: 17 edges, not 24
    root = ET.fromstring(laser_svg_text(page, "t", "#ff0000", "#000000"))
    layers = {
        g.get(f"{INKSCAPE}label"): g
        for g in root.iter(f"{SVG}g")
        if g.get(f"{INKSCAPE}groupmode") == "layer"
    }
    assert set(layers) == {"cut", "engrave", "score"}
    assert not list(layers["score"])  # nothing here is folded
    cuts = list(layers["cut"].iter(f"{SVG}path"))
    assert len(cuts) == 17 and all(p.get("stroke") == "#ff0000" for p in cuts)
    assert all(float(p.get("stroke-width", "1")) <= 0.01 for p in cuts)
    painted = [e for e in layers["engrave"].iter() if e.get("fill") not in (None, "none")]
    # two tones: the engrave colour (text, dark areas) and white (light areas, knocked out)
    assert {e.get("fill") for e in painted} == {"#000000", "#ffffff"}
    engraved = [e for e in painted if e.get("fill") == "#000000"]
    assert not [e for e in engraved if e.tag == f"{SVG}rect" and e.get("width") == "50"]
    assert not [op for op in document.pages[0].drawing.ops if not isinstance(op, Place)], (
        "no printed cut marks when a laser cuts"
    )


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_ink_saving_modes_paint_areas_white_with_hatching(ink: str) -> None:
    painter = Painter("test", ink)
    drawing = Drawing(50, 50)
    painter.area(drawing, rect_shape(5, 5, 20, 20), "player1")
    fills = [op.style.fill for op in drawing.ops if isinstance(op, PathOp) and op.style.fill]
    assert fills == ["#ffffff"]
    hatching = [op for op in drawing.ops if isinstance(op, Place)]
    assert len(hatching) == 1 and hatching[0].clip is not None and hatching[0].drawing.ops
    strokes = {op.style.stroke for op in hatching[0].drawing.ops}  # type: ignore[union-attr]
    assert strokes == ({"#000000"} if ink == "bw" else {painter.line("player1")})
    assert painter.text_on("player2") == "#000000"


@pytest.mark.parametrize(
    ("pattern", "marks"),
    [
        ("dots", [("dots", 27 * 20)]),
        ("diagonal", [("lines", 32)]),
        ("back", [("lines", 32)]),
        ("cross", [("lines", 32), ("lines", 32)]),
        ("horizontal", [("lines", 19)]),
        ("vertical", [("lines", 26)]),
        ("grid", [("lines", 19), ("lines", 26)]),
        ("wide-diagonal", [("lines", 16)]),
    ],
)
def test_a_hatching_is_one_operation_per_kind_of_mark(
    pattern: str, marks: list[tuple[str, int]]
) -> None:
    """A bw page hatched all over stays a handful of operations (its dots one, its lines one
    path per direction), each holding every mark the pattern spaces over the area: as many as
    when each was drawn on its own (27 x 20 dots 1.6 mm apart over a 40 x 30 mm box)."""
    drawing = Drawing(60, 60)
    hatch(drawing, rect_shape(5, 5, 40, 30), pattern, "#000000")
    (layer,) = drawing.ops
    assert isinstance(layer, Place) and layer.clip == rect_shape(5, 5, 40, 30)
    found = [
        ("dots", len(op.centres)) if isinstance(op, Dots)
        else ("lines", sum(c[0] == "M" for c in op.commands)) if isinstance(op, PathOp)
        else (type(op).__name__, 1)
        for op in layer.drawing.ops
    ]  # fmt: skip
    assert found == marks


def test_colour_ink_fills_with_the_swatch() -> None:
    painter = Painter("test", "color")
    drawing = Drawing(50, 50)
    painter.area(drawing, rect_shape(5, 5, 20, 20), "player2")
    assert [op.style.fill for op in drawing.ops if isinstance(op, PathOp)] == ["#004488"]
    assert painter.text_on("player2") == "#ffffff" and painter.text_on("player4") == "#000000"


KIT_CONFIGS = [
    (name, players, variant)
    for name, game in GAMES.items() if name in KITS
    for players in game.info.players
    for variant in game.info.variants
]  # fmt: skip


@pytest.mark.parametrize("config", KIT_CONFIGS, ids=lambda c: "-".join(map(str, c)))
@pytest.mark.parametrize(
    "settings",
    [
        {"paper": "a4"},
        {"paper": "letter", "ink": "saver", "duplex": "long"},
        {"paper": "a4", "ink": "bw", "duplex": "short", "bleed": 2.0, "cut_marks": False},
    ],
    ids=["a4", "letter-saver", "a4-bw-laser"],
)
def test_every_variant_of_every_kit_builds(
    tmp_path: Path, config: tuple[str, int, str], settings: dict[str, Any]
) -> None:
    name, players, variant = config
    game = GAMES[name]
    setup = game.random_setup(3, game.info.resolve(players, variant, {}))
    options = dict(settings)  # parametrize shares the dict between cases
    paper = get_paper(options.pop("paper"))
    document = build_kit(game, setup, PrintSettings(paper, **options))
    assert document.pages
    kit_format = "both" if document.settings.cut_marks else "laser"
    paths = write_kit(game, setup, document, tmp_path, kit_format)
    assert paths[-1].name == "setup.json" and len(paths) >= 2
    if paths[0].name == "kit.pdf":
        fonts = pdf_fonts(paths[0])
        assert fonts and all(fonts.values()), f"fonts not embedded: {fonts}"


def turned_over(page: Page, x: float, y: float, w: float, h: float, edge: str) -> tuple[float, ...]:
    """Where a w x h box at (x, y) of a sheet's back shows when the sheet is turned over its
    `edge` ("vertical": left and right swap; "horizontal": top and bottom swap)."""
    if edge == "vertical":
        return (page.paper.width - x - w, y)
    return (x, page.paper.height - y - h)


@pytest.mark.parametrize("landscape", [False, True], ids=["portrait", "landscape"])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_duplex_backs_land_behind_their_fronts_when_the_sheet_is_turned(
    duplex: str, landscape: bool
) -> None:
    offset = (0.7, -0.4)
    document = Document("Test", "1", PrintSettings(get_paper("letter"), duplex=duplex,
                                                   back_offset=offset))  # fmt: skip
    fronts = [Drawing(40, 25) for _ in range(7)]
    backs = [Drawing(40, 25) for _ in range(7)]
    placed = lay_out(document, fronts, SheetSpec(40, 25, 3), "Cards", "Cards", landscape, backs)
    front_page, back_page = document.pages
    assert back_page.paper == front_page.paper and back_page.paper.landscape == landscape
    paper = back_page.paper
    long_edge = "horizontal" if paper.width > paper.height else "vertical"
    short_edge = "vertical" if long_edge == "horizontal" else "horizontal"
    edge = {"long": long_edge, "short": short_edge, "none": "vertical"}[duplex]
    spots = {id(op.drawing): (op.x, op.y) for op in back_page.drawing.ops if isinstance(op, Place)}
    for front, back in zip(placed, backs, strict=True):
        x, y = spots[id(back)]
        seen = turned_over(back_page, x - offset[0], y - offset[1], 40, 25, edge)
        assert seen == pytest.approx((front.x, front.y), abs=1e-9)
    assert front_page.trim is not None and back_page.trim is not None
    trim = back_page.trim
    seen = turned_over(back_page, trim.x - offset[0], trim.y - offset[1], trim.w, trim.h, edge)
    assert seen == pytest.approx((front_page.trim.x, front_page.trim.y), abs=1e-9)


def test_back_bleed_is_drawn_under_every_back_and_stops_halfway_into_gaps() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4"), bleed=3.0))
    fronts = [Drawing(40, 40, background="#aa0000") for _ in range(3)]
    backs = [Drawing(40, 40, background=colour) for colour in ("#00aa00", "#0000aa", "#aaaa00")]
    lay_out(document, fronts, SheetSpec(40, 40, gap=4), "Tiles", backs=backs)
    ops = document.pages[1].drawing.ops
    kinds = [type(op).__name__ for op in ops]
    assert kinds == ["Rect"] * 3 + ["Place"] * 3, "every bleed before any back"
    widths = sorted(op.w for op in ops if isinstance(op, Rect))
    assert widths == pytest.approx([40 + 2 + 2, 40 + 3 + 2, 40 + 3 + 2])


@pytest.mark.parametrize("width", [30.0, 95.0], ids=["tiles", "page-wide"])
@pytest.mark.parametrize("bleed", [0.0, 3.0, 5.0])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_clear_the_heading_and_the_footer_with_any_bleed(
    paper: str, bleed: float, width: float
) -> None:
    document = Document("Test", "1", PrintSettings(get_paper(paper), bleed=bleed))
    tiles = [Drawing(width, 30, background="#336699") for _ in range(60)]
    heading = "A heading with descenders: jqpgy"
    lay_out(document, tiles, SheetSpec(width, 30, 0), "Tiles", heading)
    if width == 95.0:
        assert max(op.x for op in document.pages[0].drawing.ops if isinstance(op, Place)) > 100
    page = document.finished()[0]
    paper_spec = page.paper
    heading_bottom = paper_spec.top + HEADING_SIZE * 1.25  # baseline plus the deepest descender
    footer_top = paper_spec.height - 7.0 - 2.2  # the scale bar's top edge
    marks = [op for op in document.pages[0].drawing.ops if isinstance(op, Line)]
    assert marks
    for mark in marks:
        assert min(mark.y1, mark.y2) > heading_bottom, mark
        assert max(mark.y1, mark.y2) < footer_top, mark
        assert min(mark.x1, mark.x2) >= 1.0 - 1e-9, mark  # never off the sheet
        assert max(mark.x1, mark.x2) <= paper_spec.width - 1.0 + 1e-9, mark
    assert page.trim is not None  # bleed never reaches the heading either
    assert page.trim.y - bleed > heading_bottom


def test_a_long_page_label_never_runs_into_the_scale_bar_label() -> None:
    document = Document("Colour Diplomacy", "123456789", PrintSettings(get_paper("a4")))
    document.new_page("Board with the start colours, part A1 of a very long title indeed")
    page = document.finished()[0]
    texts = [op for op in page.drawing.ops if isinstance(op, Text)]
    bar_label = next(t for t in texts if t.text.startswith("50 mm"))
    label = next(t for t in texts if "page 1 of 1" in t.text)
    bar_end = bar_label.x + text_width(bar_label.text, bar_label.size)
    assert label.x - text_width(label.text, label.size) >= bar_end + 2.0
    assert label.x == pytest.approx(page.paper.width - page.paper.right)


@pytest.mark.parametrize("config", option_configs(), ids=lambda c: f"{c[0]}-{c[3]}")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_game_option_value_of_every_kit_builds(
    tmp_path: Path, config: Config, paper: str
) -> None:
    game = GAMES[config[0]]
    setup = setup_of(config, 4)
    settings = PrintSettings(get_paper(paper), ink="saver", duplex="short", bleed=1.0)
    document = build_kit(game, setup, settings)
    assert document.pages
    paths = write_kit(game, setup, document, tmp_path, "pdf")
    assert [p.name for p in paths] == ["kit.pdf", "setup.json"]
    assert all(pdf_fonts(paths[0]).values())


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_calibration_back_target_lies_behind_the_front_target(duplex: str) -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4"), duplex=duplex))
    front, back = add_calibration(document)

    def target(page: Page) -> Rect:
        return next(op for op in page.drawing.ops if isinstance(op, Rect) and op.w == 30.0)

    edge = "horizontal" if duplex == "short" else "vertical"  # a portrait page
    seen = turned_over(back, target(back).x, target(back).y, 30.0, 30.0, edge)
    assert seen == pytest.approx((target(front).x, target(front).y))


@pytest.mark.parametrize("name", sorted(KITS))
def test_every_page_of_every_kit_keeps_its_50_mm_scale_bar(tmp_path: Path, name: str) -> None:
    game = GAMES[name]
    setup = game.random_setup(2, game.info.resolve(None, None, {}))
    paper = get_paper("letter")
    document = build_kit(game, setup, PrintSettings(paper, ink="saver", bleed=2.0))
    add_calibration(document)
    pdf = write_kit(game, setup, document, tmp_path, "pdf")[0]
    for number, page in enumerate(read_geometry(pdf), 1):
        bars = [b for b in page.boxes if abs(b.w - 50) < TOLERANCE and abs(b.h - 2) < TOLERANCE]
        assert bars, f"page {number} has no 50 mm scale bar"
        assert bars[0].x == pytest.approx(paper.left, abs=TOLERANCE)


def page_words(page: Page) -> str:
    return " ".join(op.text for op in page.drawing.ops if isinstance(op, Text))


@pytest.mark.parametrize("drift", [(1.5, 0.0), (0.0, -1.0), (-2.0, 0.8)])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_duplex_check_read_as_the_page_says_cancels_the_drift(
    duplex: str, drift: tuple[float, float]
) -> None:
    """A printer prints the back side `drift` mm off (right and down, as the back side is seen).
    The page is read as it says: from the side it names (today it named none, and read from the
    printed front a sideways drift came out with the wrong sign), giving X mm right and Y mm
    down, and the kit is made again with the backs moved X mm left and Y mm up
    (--back-offset -X,-Y, as docs/kits/printing.md says). The targets then coincide."""

    def printed(offset: tuple[float, float]) -> tuple[Page, Rect, Rect]:
        settings = PrintSettings(get_paper("a4"), duplex=duplex, back_offset=offset)
        front, back = add_calibration(Document("Test", "1", settings))
        found = [next(op for op in page.drawing.ops if isinstance(op, Rect) and op.w == 30.0)
                 for page in (front, back)]  # fmt: skip
        return back, found[0], replace(found[1], x=found[1].x + drift[0], y=found[1].y + drift[1])

    back, front_target, back_target = printed((0.0, 0.0))
    from_back = "read this side" in page_words(back).lower()
    edge = "horizontal" if duplex == "short" else "vertical"

    def seen_offset(front_target: Rect, back_target: Rect) -> tuple[float, float]:
        """How far the back target sits right and down of the front one, from the side read."""
        if from_back:  # the front target shows through, turned over
            fx, fy = turned_over(back, front_target.x, front_target.y, 30.0, 30.0, edge)
            return back_target.x - fx, back_target.y - fy
        bx, by = turned_over(back, back_target.x, back_target.y, 30.0, 30.0, edge)
        return bx - front_target.x, by - front_target.y

    x, y = seen_offset(front_target, back_target)
    assert (x, y) != pytest.approx((0.0, 0.0))
    _, front_again, back_again = printed((-x, -y))
    assert seen_offset(front_again, back_again) == pytest.approx((0.0, 0.0), abs=1e-9)


def test_no_cut_mark_under_a_column_the_last_row_leaves_empty() -> None:
    """Wallaby with 4 players: 49 tiles in rows of 6 left one tile in the last row, and the cut
    marks under the grid went on across the five empty columns (the render review of issue 38):
    they are cut no further than the row above. Marks below the grid stand only under the
    last row's items."""
    document = Document("Test", "1", PrintSettings(get_paper("a4")))
    lay_out(document, [Drawing(50, 40) for _ in range(7)], SheetSpec(50, 40, 0.0), "Tiles")
    page = document.pages[0]
    lines = [op for op in page.drawing.ops if isinstance(op, Line) and op.x1 == op.x2]
    grid_bottom = max(shape_bounds(cut)[1] + shape_bounds(cut)[3] for cut in page.cuts)
    below = sorted({round(op.x1, 2) for op in lines if min(op.y1, op.y2) > grid_bottom})
    last = max(page.cuts, key=lambda cut: (shape_bounds(cut)[1], shape_bounds(cut)[0]))
    x, _, w, _ = shape_bounds(last)
    assert below == [round(x, 2), round(x + w, 2)]
