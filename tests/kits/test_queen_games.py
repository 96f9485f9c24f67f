"""Kits of Amazons, Penguins and Amazon Penguins: they build for every option, print at scale
(read back from the PDF) and cut where they say; the hex sheet shares its cut lines."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import pytest

from pnp.games import get_game
from pnp.kits import build_kit, write_kit
from pnp.render.document import Document
from pnp.render.drawing import Line, Place, Rect, Text, shape_bounds
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.pdfgeom import read_geometry

TOLERANCE = 0.1
PAPERS = ("a4", "letter")


def kit(name: str, players: int | None, variant: str | None, **options: str) -> tuple[Any, Any]:
    game = get_game(name)
    setup = game.random_setup(1, game.info.resolve(players, variant, options))
    return game, setup


def written(tmp_path: Path, name: str, variant: str | None = None, **options: str) -> Path:
    game, setup = kit(name, None, variant, **options)
    document = build_kit(game, setup, PrintSettings(get_paper("a4")))
    return write_kit(game, setup, document, tmp_path, "pdf")[0]


@pytest.mark.parametrize(
    ("name", "players", "variant", "options", "pages"),
    [
        ("amazons", None, None, {"size": "10"}, 4),  # board in 2 parts, pieces, rules
        ("amazons", None, None, {"size": "8"}, 3),
        ("amazons", None, None, {"size": "6"}, 3),
        ("penguins", 2, None, {}, 3),  # floe map and penguins, tiles, rules
        ("penguins", 4, None, {}, 3),
        ("amazon-penguins", None, "square", {}, 5),  # board, pieces, chips, tally, rules
        ("amazon-penguins", None, "hex", {}, 5),
    ],
)
def test_every_kit_builds_on_both_papers(
    name: str, players: int | None, variant: str | None, options: dict[str, str], pages: int
) -> None:
    game, setup = kit(name, players, variant, **options)
    for paper in ("a4", "letter"):
        document = build_kit(game, setup, PrintSettings(get_paper(paper)))
        assert len(document.pages) >= pages
        for ink in ("saver", "bw"):
            assert build_kit(game, setup, PrintSettings(get_paper(paper), ink=ink)).pages


def test_amazons_squares_measure_22_mm(tmp_path: Path) -> None:
    board = read_geometry(written(tmp_path, "amazons", size="8"))[1]  # after the cover
    frames = [b for b in board.boxes if abs(b.w - 176) < TOLERANCE and abs(b.h - 176) < TOLERANCE]
    assert frames, "an 8 x 8 board of 22 mm squares has a 176 mm frame"
    frame = frames[0]
    columns = sorted(
        {
            round(s.x1, 2)
            for s in board.segments
            if abs(s.x1 - s.x2) < 1e-6 and abs(s.length - 176) < TOLERANCE
        }
    )
    assert len(columns) == 9
    assert all(abs(b - a - 22) < TOLERANCE for a, b in itertools.pairwise(columns))
    assert abs(columns[0] - frame.x) < TOLERANCE


def test_amazon_penguins_printed_board_is_8_by_22_mm(tmp_path: Path) -> None:
    board = read_geometry(written(tmp_path, "amazon-penguins", "square"))[1]
    assert [b for b in board.boxes if abs(b.w - 176) < TOLERANCE and abs(b.h - 176) < TOLERANCE]


def tiles_page(document: Document, title: str) -> Any:
    return next(page for page in document.pages if page.title == title)


def test_penguin_tiles_are_60_hexagons_27_mm_across_on_one_a4_page() -> None:
    game, setup = kit("penguins", 3, None)
    document = build_kit(game, setup, PrintSettings(get_paper("a4")))
    page = tiles_page(document, "Tiles")
    assert len(page.cuts) == 60
    for outline in page.cuts:
        _, _, w, h = shape_bounds(outline)
        assert abs(w - 27) < 1e-6 and abs(h - 54 / math.sqrt(3)) < 1e-6


def test_the_hex_sheet_prints_each_shared_edge_once() -> None:
    game, setup = kit("penguins", 2, None)
    page = tiles_page(build_kit(game, setup, PrintSettings(get_paper("a4"))), "Tiles")
    side = 27 / math.sqrt(3)
    cuts = [
        op
        for op in page.drawing.ops
        if isinstance(op, Line) and abs(math.hypot(op.x2 - op.x1, op.y2 - op.y1) - side) < 0.01
    ]
    # 10 rows of 6: 360 tile edges, less 5 shared in each row and 11 between each pair of rows
    assert len(cuts) == 60 * 6 - 10 * 5 - 9 * 11


def test_kits_are_byte_identical_for_the_same_seed(tmp_path: Path) -> None:
    first = written(tmp_path / "a", "amazon-penguins", "hex").read_bytes()
    second = written(tmp_path / "b", "amazon-penguins", "hex").read_bytes()
    assert first == second


def page_texts(document: Document) -> list[str]:
    return [op.text for page in document.pages for op in page.drawing.ops if isinstance(op, Text)]


@pytest.mark.parametrize(("players", "each"), [(2, 4), (3, 3), (4, 2)])
def test_the_penguins_kit_says_how_many_penguins_each_player_has(players: int, each: int) -> None:
    game, setup = kit("penguins", players, None)
    texts = page_texts(build_kit(game, setup, PrintSettings(get_paper("a4"))))
    assert f"This setup: {players} players with {each} penguins each; first player red." in texts


@pytest.mark.parametrize(("variant", "paper"), list(itertools.product(("square", "hex"), PAPERS)))
def test_the_tally_has_a_box_for_every_chip_one_player_can_spear(variant: str, paper: str) -> None:
    """A player whose opponent is walled in at once spears every chip but the 8 under penguins
    (56 on the square board, 52 on the floe): random games already pass 31 on one side."""
    game, setup = kit("amazon-penguins", None, variant)
    page = tiles_page(build_kit(game, setup, PrintSettings(get_paper(paper))), "Tally")
    (sheet,) = [op.drawing for op in page.drawing.ops if isinstance(op, Place)]
    numbers = [op.text for op in sheet.ops if isinstance(op, Text) and op.text.isdigit()]
    speared = {"square": 56, "hex": 52}[variant]
    assert sorted(numbers, key=int) == sorted([str(n) for n in range(1, speared + 1)] * 2, key=int)
    assert max(op.y + op.h for op in sheet.ops if isinstance(op, Rect)) < sheet.height


@pytest.mark.parametrize("ink", ["saver", "bw"])
@pytest.mark.parametrize("size", [6, 8, 10])
def test_the_amazons_start_letters_sit_on_white_where_the_squares_are_hatched(
    ink: str, size: int
) -> None:
    """Without colour the squares are hatched, and the dots ran through a start square's
    letter and its 2.2 mm word ("dark"): each lies inside a white disc drawn over them."""
    from pnp.kits.amazons.kit import draw_board
    from pnp.render.drawing import Circle
    from pnp.render.fill import op_box
    from pnp.render.theme import Painter

    board = draw_board(size, Painter("amazons", ink))
    discs = [op for op in board.ops if isinstance(op, Circle) and op.style.fill == "#ffffff"]
    words = [
        op for op in board.ops if isinstance(op, Text) and op.text in ("L", "D", "light", "dark")
    ]
    assert len(words) == 16
    for word in words:
        box = op_box(word)
        assert box is not None
        corners = [(x, y) for x in (box.x, box.right) for y in (box.y, box.bottom)]
        assert any(
            all(math.dist(corner, (d.cx, d.cy)) <= d.r for corner in corners)
            and board.ops.index(d) < board.ops.index(word)
            for d in discs
        ), f"{word.text!r} is not on a white disc"


READABLE = 1.95  # mm, the smallest em size a printed word keeps (as Paper Pen-guins' sheets)


def _texts(drawing: Any) -> list[Text]:
    found: list[Text] = []
    for op in drawing.ops:
        if isinstance(op, Text):
            found.append(op)
        elif isinstance(op, Place):
            found += _texts(op.drawing)
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    ("name", "players", "variant"),
    [("amazons", None, None), ("penguins", 4, None)]
    + [("amazon-penguins", None, v) for v in ("square", "hex")],
)
def test_every_word_of_a_queen_game_kit_is_readable(
    name: str, players: int | None, variant: str | None, paper: str
) -> None:
    """No text under READABLE (the Amazon Penguins tally's box numbers were 1.8 mm)."""
    game, setup = kit(name, players, variant)
    document = build_kit(game, setup, PrintSettings(get_paper(paper)))
    for page in document.finished():
        small = {t.text for t in _texts(page.drawing) if t.size < READABLE}
        assert not small, f"{page.title}: {sorted(small)[:5]}"


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_the_floe_maps_cell_names_sit_on_white_where_the_ice_is_hatched(ink: str) -> None:
    """Without colour the floe map's ice is hatched, and the dots and lines ran through its
    2 mm grey cell names (a1 ...): each lies inside a white patch drawn over the hatching."""
    from pnp.games.penguins.game import PenguinsSetup
    from pnp.kits.penguins.kit import floe_map
    from pnp.render.fill import op_box
    from pnp.render.theme import Painter

    _, setup = kit("penguins", 2, None)
    board = floe_map(list(PenguinsSetup.of(setup.data).rows), Painter("penguins", ink))
    patches = [op for op in board.ops if isinstance(op, Rect) and op.style.fill == "#ffffff"]
    names = [op for op in board.ops if isinstance(op, Text) and op.fill != "#000000"]
    assert len(names) == 60
    for name in names:
        box = op_box(name)
        assert box is not None
        assert any(
            p.x <= box.x
            and p.y <= box.y
            and box.right <= p.x + p.w
            and box.bottom <= p.y + p.h
            and board.ops.index(p) < board.ops.index(name)
            for p in patches
        ), f"{name.text!r} is not on white"
