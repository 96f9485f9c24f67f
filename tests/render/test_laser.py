"""Laser SVG (issue 16): light details knocked out of dark pieces, text as glyph outlines, and
only pages with something to cut written as laser pages.

Pieces are rendered one by one with rsvg-convert (each at the origin, so equal pieces give equal
pixels) and compared as the engraver would see them.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.games import GAMES
from pnp.games.penguins.game import LETTERS
from pnp.kits import build_kit, write_kit
from pnp.kits.parts.queen import TOKEN
from pnp.render.document import BLANK_TITLE, Page
from pnp.render.drawing import CAP_HEIGHT, Drawing, Place, Style, Text, circle_shape
from pnp.render.fonts import text_width
from pnp.render.outlines import outline_path
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.svg import laser_svg_text, svg_text
from pnp.render.theme import Painter
from tests.support.engraving import engraved, needs_rsvg, rendered

SVG = "{http://www.w3.org/2000/svg}"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


PX = 12  # pixels per mm


def raster(svg: str, burnt: bool = True) -> Image.Image:
    """The SVG drawn at PX pixels per mm: as engraved (255) or not (0) pixels, or in colour."""
    if not burnt:
        return rendered(svg, PX)
    return Image.fromarray(engraved(svg, PX).astype(np.uint8) * 255)


def pieces(game: str) -> list[Drawing]:
    """The small components (at most 40 mm) laid on the kit's pages that are cut."""
    chosen = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(None, None, {}))
    document = build_kit(chosen, setup, PrintSettings(get_paper("a4"), cut_marks=False))
    found = []
    for page in document.pages:
        for op in page.drawing.ops if page.cuts else []:
            if isinstance(op, Place) and max(op.drawing.width, op.drawing.height) <= 40:
                found.append(op.drawing)
    return found


def alone(piece: Drawing) -> Page:
    return Page(get_paper("a4"), piece, "piece", cuts=[piece.cut_outline()])


def differing(a: Image.Image, b: Image.Image) -> int:
    """Pixels that differ (in any channel)."""
    changed = np.asarray(a) != np.asarray(b)
    return int(np.count_nonzero(changed.reshape(a.height, a.width, -1).any(axis=2)))


@needs_rsvg
@pytest.mark.parametrize("game", ["penguins", "billabong", "amazons"])
def test_pieces_that_print_differently_engrave_differently(game: str) -> None:
    """Red and blue Penguins, the kangaroos and the referee, light and dark Amazons: before the
    knock-outs every dark piece engraved as the same solid disc or square."""
    seen: dict[str, tuple[Image.Image, Image.Image]] = {}
    for piece in pieces(game):
        colour = svg_text(piece, "piece")
        if colour not in seen:
            laser = laser_svg_text(alone(piece), "p", "#ff0000", "#000000")
            seen[colour] = (raster(colour, burnt=False), raster(laser))
    assert len(seen) >= 3
    renders = list(seen.values())
    for _, laser in renders:  # the art, the white inner disc and the letters survive
        assert np.count_nonzero(np.asarray(laser)) < 0.8 * laser.width * laser.height, "a blob"
    for i, (print_a, laser_a) in enumerate(renders):
        for print_b, laser_b in renders[i + 1 :]:
            if print_a.size == print_b.size and differing(
                print_a, print_b
            ):  # equal pieces give equal pixels: each is at 0, 0
                assert differing(laser_a, laser_b) > 20, "two different pieces engrave alike"


@needs_rsvg
def test_a_light_disc_and_letter_on_a_dark_piece_stay_holes() -> None:
    piece = Drawing(20, 20, outline=circle_shape(10, 10, 9))
    piece.circle(10, 10, 9, Style(fill="#c0392b", stroke=None))  # red: darker than mid-grey
    piece.circle(10, 10, 5, Style(fill="#ffffff", stroke=None))
    piece.centred_text(10, 10, "R", 5, bold=True)
    piece.text(10, 18, "W", 1.6, fill="#ffffff", anchor="middle")
    image = raster(laser_svg_text(alone(piece), "p", "#ff0000", "#000000"))
    ink = image.load()
    assert ink is not None
    px = PX
    assert ink[10 * px - 20, 10 * px] == 0, "the white inner disc is not engraved"
    assert ink[2 * px, 10 * px] == 255, "the red ring is engraved"
    letter = sum(1 for x in range(9 * px, 11 * px) for y in range(9 * px, 11 * px) if ink[x, y])
    assert letter > 20, "the dark letter on the white disc is engraved"
    white_letter = [
        ink[x, y] for x in range(9 * px, 11 * px) for y in range(int(16.8 * px), 18 * px)
    ]
    assert 0 in white_letter, "the white letter on the red ring is knocked out"


def glyph_points(d: str) -> list[tuple[float, float]]:
    """Every point of absolute path data (M, L, H, V, Q, C, Z; the pen writes no others)."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for kind, numbers in re.findall(r"([MLHVQCZ])([^MLHVQCZ]*)", d):
        values = [float(v) for v in NUMBER.findall(numbers)]
        if kind == "H":
            points += [(v, y) for v in values]
        elif kind == "V":
            points += [(x, v) for v in values]
        else:
            points += list(zip(values[0::2], values[1::2], strict=True))
        if points:
            x, y = points[-1]
    return points


def test_text_outlines_keep_the_font_size_anchor_and_advance_width() -> None:
    text, size = "Hop the WALLABY 12", 4.2
    start = glyph_points(outline_path(Text(50, 30, text, size, bold=True)))
    end = glyph_points(outline_path(Text(50, 30, text, size, bold=True, anchor="end")))
    middle = glyph_points(outline_path(Text(50, 30, text, size, bold=True, anchor="middle")))
    width = text_width(text, size, bold=True)  # reportlab's stringWidth
    assert min(x for x, _ in start) - min(x for x, _ in end) == pytest.approx(width, abs=0.05)
    assert min(x for x, _ in start) - min(x for x, _ in middle) == pytest.approx(
        width / 2, abs=0.05
    )
    capital = glyph_points(outline_path(Text(50, 30, "HEX", size, bold=True)))
    assert min(y for _, y in capital) == pytest.approx(30 - CAP_HEIGHT * size, abs=0.05)
    assert max(y for _, y in capital) == pytest.approx(30, abs=0.01)  # on the baseline
    assert 50 < min(x for x, _ in capital) < 50.5  # the H's left side bearing


def test_an_accented_letter_is_outlined_with_its_accent() -> None:
    """Vera draws "é" as an "e" and an accent placed over it (a composite glyph): its outline is
    the e's two contours, at the very same points, and the accent's one. (Reading the parts
    failed with a TypeError before, so a laser kit with "Zoë" on a player table could not be
    written.)"""
    for bold in (False, True):
        plain = outline_path(Text(50, 30, "Zoe", 4.2, bold=bold))
        accented = outline_path(Text(50, 30, "Zoë", 4.2, bold=bold))
        assert accented.startswith(plain), "the e of the ë is drawn where the e is"
        dots = glyph_points(accented.removeprefix(plain))
        assert accented.count("M") == plain.count("M") + 2, "and the diaeresis as two dots"
        e = glyph_points(plain.removeprefix(outline_path(Text(50, 30, "Zo", 4.2, bold=bold))))
        assert min(y for _, y in e) > max(y for _, y in dots), "above it"


def test_rotated_text_turns_about_its_anchor() -> None:
    page = Drawing(60, 60)
    page.text(20, 30, "START", 4, angle=180)
    root = ET.fromstring(laser_svg_text(Page(get_paper("a4"), page, "t"), "t", "#f00", "#000"))
    (path,) = [p for p in root.iter(f"{SVG}path") if p.get("d")]
    assert path.get("transform") == "rotate(-180 20 30)"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_laser_pages_have_no_live_text_and_something_to_cut(tmp_path: Path, game: str) -> None:
    chosen = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(None, None, {}))
    document = build_kit(chosen, setup, PrintSettings(get_paper("a4"), cut_marks=False))
    paths = write_kit(chosen, setup, document, tmp_path, "laser")
    laser = [p for p in paths if p.name.startswith("kit-laser-")]
    printed = [p for p in paths if p.name.startswith("kit-p") and p.suffix == ".svg"]
    numbers = sorted(int(p.stem[-2:]) for p in laser + printed)
    assert numbers == list(range(1, len(document.pages) + 1))  # every page once, by its number
    pages = document.finished()
    for path in laser:
        root = ET.fromstring(path.read_text())
        assert not list(root.iter(f"{SVG}text")), path.name
        (cut,) = [g for g in root.iter(f"{SVG}g") if g.get("id") == "cut"]
        page = pages[int(path.stem[-2:]) - 1]
        if page.back_of is None:
            assert list(cut), f"{path.name} has nothing to cut"
            assert page.cuts
        else:  # engraved on the back of a cut sheet: nothing to cut there
            assert not list(cut) and page.back_of.cuts
    for path in printed:  # rules, diagrams, sheets written on: printed, not lasered
        page = pages[int(path.stem[-2:]) - 1]
        front = page.back_of or page
        assert not front.cuts or not front.laser


@needs_rsvg
def test_every_penguins_seat_engraves_its_own_ring() -> None:
    """Engraved, the red, blue and green rings burnt solid and the yellow one not at all: only
    the letters told three seats apart. Each seat's ring now shows its own pattern: the rings
    (the letters and the white face left out) differ between any two seats."""
    kit_tokens = [piece for piece in pieces("penguins") if piece.width == TOKEN]
    seats = list({svg_text(piece, "p"): piece for piece in kit_tokens}.values())
    assert len(seats) == len(LETTERS)
    r = TOKEN / 2
    rings = []
    for piece in seats:
        burnt = engraved(laser_svg_text(alone(piece), "p", "#ff0000", "#000000"), PX)
        ys, xs = np.mgrid[: burnt.shape[0], : burnt.shape[1]] / PX
        distance = np.hypot(xs - r, ys - r)
        rings.append(burnt[(distance > 0.72 * r) & (distance < 0.95 * r)])
    for i, a in enumerate(rings):
        for b in rings[i + 1 :]:
            assert np.count_nonzero(a != b) > 0.1 * a.size, "two seats' rings engrave alike"


def lettered(drawing: Drawing) -> Drawing:
    """`drawing` without its texts, at any depth: what tells pieces apart besides their letters."""
    bare = Drawing(drawing.width, drawing.height, drawing.background, drawing.outline)
    for op in drawing.ops:
        if isinstance(op, Place):
            bare.ops.append(dataclasses.replace(op, drawing=lettered(op.drawing)))
        elif not isinstance(op, Text):
            bare.ops.append(op)
    return bare


def team_pieces(game: str, players: int) -> dict[str, list[Drawing]]:
    """The cut pieces of a laser kit (at most 90 mm: pawns, tokens, standees; not mats) with one
    team's letter on them, by letter."""
    chosen = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(players, None, {}))
    document = build_kit(chosen, setup, PrintSettings(get_paper("a4"), cut_marks=False))
    painter = Painter(game, "color")
    teams = {s.letter for key, s in painter.swatches.items()
             if key.startswith("player") or key in ("referee", "straw")}  # fmt: skip
    found: dict[str, list[Drawing]] = {}
    for page in document.pages:
        for op in page.drawing.ops if page.cuts else []:
            if not isinstance(op, Place) or max(op.drawing.width, op.drawing.height) > 90:
                continue
            words = {w for d in _walk(op.drawing) for o in d.ops if isinstance(o, Text)
                     for w in re.findall(r"[A-Za-z]+", o.text)}  # fmt: skip
            own = words & teams
            if len(own) == 1:
                found.setdefault(own.pop(), []).append(op.drawing)
    return found


def _walk(drawing: Drawing) -> list[Drawing]:
    return [drawing] + [d for op in drawing.ops if isinstance(op, Place) for d in _walk(op.drawing)]


@needs_rsvg
@pytest.mark.parametrize(("game", "players"), [("billabong", 4), ("wallaby", 2), ("penguins", 4)])
def test_team_pieces_engrave_apart_without_their_letters(game: str, players: int) -> None:
    """Engraved, Billabong's red, blue and green kangaroos and the referee were the same black
    disc, and Wallaby's red and blue standees the same silhouette: only a small letter told them
    apart. With every text left out, two pieces of the same size and different teams differ in
    at least a tenth of what either burns."""
    burnt: dict[str, dict[tuple[float, float], np.ndarray]] = {}
    for letter, drawings in team_pieces(game, players).items():
        for piece in drawings:
            size = (piece.width, piece.height)
            if size not in burnt.setdefault(letter, {}):
                laser = laser_svg_text(alone(lettered(piece)), "p", "#ff0000", "#000000")
                burnt[letter][size] = engraved(laser, PX)
    assert len(burnt) >= players
    compared = 0
    alike: list[str] = []
    for (a, sizes_a), (b, sizes_b) in itertools.combinations(sorted(burnt.items()), 2):
        for size in sizes_a.keys() & sizes_b.keys():
            compared += 1
            x, y = sizes_a[size], sizes_b[size]
            if np.count_nonzero(x != y) < 0.1 * np.count_nonzero(x | y):
                alike.append(f"{a} / {b} pieces of {size[0]:g} x {size[1]:g} mm")
    assert compared
    assert not alike, "\n".join(alike)


def laser_kit(tmp_path: Path, game: str, players: int | None = None) -> tuple[Any, list[Path]]:
    chosen = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(players, None, {}))
    settings = PrintSettings(get_paper("a4"), ink="bw", cut_marks=False)
    document = build_kit(chosen, setup, settings)
    return document, write_kit(chosen, setup, document, tmp_path, "laser")


@pytest.mark.parametrize("game", ["colour-diplomacy", "paper-penguins", "wallaby"])
def test_a_laser_kit_prints_its_paper_pages_as_one_pdf(tmp_path: Path, game: str) -> None:
    """A laser kit had its cover and rules only as SVG pages, and engraved Colour Diplomacy's
    order pads (written on in pencil). The pages to print on paper (cover, rules, diagrams,
    and sheets written on: order pads, Paper Pen-guins sheets) come as kit-paper.pdf, in kit
    order, each with the page number of the kit; nothing written on is a laser page."""
    document, paths = laser_kit(tmp_path, game)
    pages = document.finished()
    pdf = [p for p in paths if p.name == "kit-paper.pdf"]
    assert len(pdf) == 1
    laser = {int(p.stem[-2:]) for p in paths if p.name.startswith("kit-laser-")}
    paper = [n for n, page in enumerate(pages, 1)
             if n not in laser and page.title != BLANK_TITLE]  # fmt: skip
    reader = PdfReader(pdf[0])
    texts = [page.extract_text() for page in reader.pages]
    footers = [t.rsplit("page ", 1)[-1].split(" of ")[0] for t in texts if " of " in t]
    assert footers == [str(n) for n in paper]
    # printed double-sided, a pad and its back share a sheet: the pad is an odd page there
    backs = [k for k, t in enumerate(texts, 1) if "(backs)" in t.rsplit("page ", 1)[0][-80:]]
    for k in backs:
        assert k % 2 == 0, f"page {k} of kit-paper.pdf is a back on the front of a sheet"
    written = [n for n, page in enumerate(pages, 1) if page.title.startswith(("Order pads",
               "Refill", "Sheets"))]  # fmt: skip
    assert written if game != "wallaby" else not written
    assert not set(written) & laser


@pytest.mark.parametrize(
    ("game", "folds"), [("wallaby", 3), ("platypus", 1), ("amazon-penguins", 1)]
)
def test_fold_lines_are_scored_not_engraved(tmp_path: Path, game: str, folds: int) -> None:
    """Fold lines (Wallaby's standees: the middle and both tabs; the two-faced tokens of
    Platypus and Amazon Penguins)
    engraved as dashes. A laser page now has a `score` layer (hairlines in --score-colour, for a
    low-power cut) with each fold once, and the engrave layer draws no dashed line."""
    document, paths = laser_kit(tmp_path, game)
    scored = 0
    for path in (p for p in paths if p.name.startswith("kit-laser-")):
        root = ET.fromstring(path.read_text())
        layers = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
        assert {"engrave", "cut", "score"} <= set(layers), path.name
        page = document.finished()[int(path.stem[-2:]) - 1]
        lines = list(layers["score"])
        assert all(e.get("stroke") == "#0000ff" for e in lines)
        assert len(lines) == len(page.folds)
        dashes = [e for e in layers["engrave"].iter(f"{SVG}line") if e.get("stroke-dasharray")]
        if page.folds:  # no other dashed line is drawn on the pages of folded pieces
            assert not dashes, f"{path.name}: a fold is engraved"
        scored += len(lines)
    # 2 players' standees and scarecrow; Platypus' tokens; Amazon Penguins' penguins
    pieces = {"wallaby": 3, "platypus": 10, "amazon-penguins": 8}[game]
    assert scored == folds * pieces


@needs_rsvg
def test_a_laser_kit_engraves_in_black_and_white_unless_told(tmp_path: Path) -> None:
    """Colour Diplomacy's coloured board engraved mostly black: in colour ink every field darker
    than mid-grey burns solid. `--format laser` prints with `--ink bw` unless `--ink` is given:
    fields engrave as their outlines and hatching: 5 % of the page burns, not 30 %."""
    from tests.support.cli import invoke

    burnt: dict[str, float] = {}
    for ink in ([], ["--ink", "color"]):
        out = tmp_path / (ink[-1] if ink else "default")
        code, _, err = invoke("kit", "colour-diplomacy", "--players", "10", "--seed", "1",
                              "--start-colours", "only", "--format", "laser", "--out", str(out),
                              *ink)  # fmt: skip
        assert code == 0, err
        (board,) = out.glob("*/kit-laser-p03.svg")
        burnt[ink[-1] if ink else "default"] = float(engraved(board.read_text(), 2).mean())
    assert burnt["default"] < 0.15 < burnt["color"], burnt  # of the page: 5 % and 30 %


def test_a_two_sided_laser_sheet_has_a_jig_for_both_sides(tmp_path: Path) -> None:
    """Platypus' cell cards have yellow backs engraved on the sheet's other side, but nothing
    held the turned sheet where the front was cut. Both sides' laser files carry a `jig` layer:
    the sheet's outline, cut in a scrap board left on the bed; one-sided sheets have none."""
    document, paths = laser_kit(tmp_path, "platypus")
    pages = document.finished()
    order = document.printed_order()
    backed = {id(p.back_of) for p in document.pages if p.back_of is not None}
    jigs = 0
    for path in (p for p in paths if p.name.startswith("kit-laser-")):
        number = int(path.stem[-2:])
        page, original = pages[number - 1], order[number - 1]
        root = ET.fromstring(path.read_text())
        layers = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
        two_sided = page.back_of is not None or id(original) in backed
        assert ("jig" in layers) == two_sided, path.name
        if two_sided:  # the sheet's four edges
            edges = list(layers["jig"])
            numbers = {float(v) for e in edges for v in NUMBER.findall(e.get("d", ""))}
            assert len(edges) == 4 and numbers == {0.0, page.paper.width, page.paper.height}
            jigs += 1
    assert jigs >= 2  # the cell cards and their backs at least
