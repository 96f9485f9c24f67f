"""The Wallaby kit: every player count and variant builds, tiles print at exactly 30 mm, the
standees and mats at their sizes, the kit is reproducible, and tile backs are optional."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.games import get_game
from pnp.kits import build_kit, write_kit
from pnp.kits.wallaby.diagram import CELL, MiniBoard
from pnp.kits.wallaby.kit import STANDEE_W, TILE
from pnp.kits.wallaby.mat import MAT_H, MAT_W
from pnp.kits.wallaby.options import WallabyKitOptions
from pnp.render.drawing import Circle, Drawing, Line, Place, Text, shape_bounds
from pnp.render.drawing import Path as Outline
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.textbox import IDENTITY, bounds, local_box
from pnp.render.theme import Painter
from tests.support.pdfgeom import read_geometry

GAME = get_game("wallaby")
TOLERANCE = 0.1  # mm
CLEARANCE = 0.4  # mm between a piece and a printed number (as tests/render/test_text_overlaps.py)


def kit(
    tmp_path: Path, players: int, variant: str, paper: str = "a4", form: str = "pdf", **given: str
) -> Path:
    """The kit's PDF (with the SVG pages beside it for form="both")."""
    printed = WallabyKitOptions.given(
        {k: v for k, v in given.items() if k in WallabyKitOptions.names()}
    )
    options = GAME.info.resolve(players, variant, given, others=printed.names())
    setup = printed.draw(GAME, 11, options)
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper)))
    return write_kit(GAME, setup, document, tmp_path, form)[0]


def boxes(pdf: Path, w: float, h: float) -> list[int]:
    """Per page, how many rectangles measure w x h mm."""
    return [
        sum(1 for b in page.boxes if abs(b.w - w) < TOLERANCE and abs(b.h - h) < TOLERANCE)
        for page in read_geometry(pdf)
    ]


@pytest.mark.parametrize(
    ("players", "variant", "paper", "tiles"),
    [(2, "standard", "a4", 36), (3, "children", "letter", 49), (4, "valley", "a4", 48)],
)
def test_every_tile_of_the_setup_prints_at_30_mm(
    tmp_path: Path, players: int, variant: str, paper: str, tiles: int
) -> None:
    pdf = kit(tmp_path, players, variant, paper)
    # Each tile draws its face and a hairline on its cut line, both exactly 30 x 30 mm.
    assert sum(boxes(pdf, TILE, TILE)) == 2 * tiles
    standee_height = 84.0
    scarecrow = variant != "children"
    assert sum(boxes(pdf, STANDEE_W, standee_height)) == players + scarecrow
    assert sum(boxes(pdf, MAT_W, MAT_H)) == 2 * players  # the mat's paper and its border


def test_the_kit_is_byte_identical_for_the_same_seed(tmp_path: Path) -> None:
    one = kit(tmp_path / "1", 3, "valley", form="both").parent
    two = kit(tmp_path / "2", 3, "valley", form="both").parent
    for name in ("kit.pdf", "kit-p01.svg", "kit-p03.svg", "setup.json"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_tile_backs_are_optional_and_sit_behind_their_fronts(tmp_path: Path) -> None:
    plain = boxes(kit(tmp_path / "plain", 2, "standard"), TILE, TILE)
    backed = boxes(kit(tmp_path / "backed", 2, "standard", **{"tile-backs": "field"}), TILE, TILE)
    # 36 tiles: one fronts page, then its backs page right behind it; printed double-sided, the
    # layout map goes on the back of the cover (nothing to cut on either)
    assert [n for n in backed if n] == [72, 36] and [n for n in plain if n] == [72]
    assert backed[2:4] == [72, 36] and plain[2] == 72  # the cover, then the layout map


# -- issue 16: markers that fit the track, one kit for 2-4 players, children's mats, rules --------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_marker_fits_one_track_cell(players: int) -> None:
    from pnp.games.wallaby.game import field_of
    from pnp.kits.wallaby.kit import token_strip
    from pnp.kits.wallaby.mat import MARKER, harvest_mat, track_cell
    from pnp.render.drawing import Rect
    from pnp.render.theme import Painter

    field = field_of(GAME.info.resolve(players, "standard", {}))
    cell = track_cell(field.goal)
    assert cell - 1.0 >= MARKER, "a marker stands inside one cell, with room to pick it up"
    mat = harvest_mat(Painter("wallaby", "color"), field, 0)
    cells = [op for op in mat.ops if isinstance(op, Rect) and op.w == op.h == cell]
    assert len(cells) == field.goal, "every score but the goal (a coloured square) is a cell"
    strip = token_strip(Painter("wallaby", "color"), [("marker", "player1", "score")])
    xs = [v for command in strip.outline for v in command[1::2] if isinstance(v, float)]
    assert max(xs) - min(xs) == pytest.approx(MARKER, abs=0.01)


def test_all_49_tiles_print_with_the_two_player_ones_marked(tmp_path: Path) -> None:
    from pnp.kits.wallaby.kit import SET_ASIDE_LINES, printed_tiles
    from pnp.render.drawing import Place, Text

    for players in (2, 3, 4):
        pdf = kit(tmp_path / str(players), players, "standard", tiles="all")
        assert sum(boxes(pdf, TILE, TILE)) == 2 * 49
    setup = WallabyKitOptions(tiles="all").draw(GAME, 11, GAME.info.resolve(2, "standard", {}))
    marked = [v for v, aside in printed_tiles(setup) if aside]
    assert sorted(marked) == [1] * 5 + [2] * 4 + [3] * 4

    def count(drawing: Drawing) -> int:
        found = 0
        for op in drawing.ops:
            found += isinstance(op, Text) and op.text == SET_ASIDE_LINES[0]
            found += count(op.drawing) if isinstance(op, Place) else 0
        return found

    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    assert sum(count(p.drawing) for p in document.pages if p.title.startswith("Tiles")) == 13
    default = WallabyKitOptions().draw(GAME, 11, GAME.info.resolve(2, "standard", {}))
    assert len(printed_tiles(default)) == 36 and not any(a for _, a in printed_tiles(default))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_childrens_mats_never_name_the_scarecrow(players: int) -> None:
    from pnp.games.wallaby.game import field_of
    from pnp.kits.wallaby.mat import harvest_mat
    from pnp.render.drawing import Text
    from pnp.render.theme import Painter

    field = field_of(GAME.info.resolve(players, "children", {}))
    for seat in range(players):
        mat = harvest_mat(Painter("wallaby", "color"), field, seat)
        words = " ".join(op.text for op in mat.ops if isinstance(op, Text)).lower()
        assert "scarecrow" not in words and "harvest" in words


def test_the_rules_have_no_move_notation_or_command_line_options() -> None:
    import re

    from pnp.templates import load_text

    text = load_text("rules/wallaby.md")
    assert "--" not in text
    assert not re.search(r"\b[NESW][1-3]/|place:|harvest:|scarecrow:|put:", text)
    assert "simulator" not in text


@pytest.mark.parametrize("variant", ["standard", "valley", "children"])
def test_no_page_of_the_kit_names_a_command_line_option(variant: str) -> None:
    import re

    from pnp.render.drawing import Place, Text

    def words(drawing: Drawing) -> list[str]:
        found: list[str] = []
        for op in drawing.ops:
            found += [op.text] if isinstance(op, Text) else []
            found += words(op.drawing) if isinstance(op, Place) else []
        return found

    setup = WallabyKitOptions().draw(GAME, 5, GAME.info.resolve(2, variant, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    printed = [w for page in document.pages for w in words(page.drawing)]
    assert printed and not [w for w in printed if re.search(r"--[a-z]", w)]


@pytest.mark.parametrize("variant", ["standard", "valley", "children"])
def test_the_turn_diagrams_name_the_scarecrow_only_where_it_is_played(variant: str) -> None:
    """The children's variant has no scarecrow (RULES.md, Wallaby: "children's variant: no
    scarecrow"), so no page of its kit but the shared rules summary may mention one (not the
    turn diagrams, the setup notes or the mats); the other variants' diagrams explain it."""
    from pnp.render.drawing import Place, Text

    def words(drawing: Drawing) -> str:
        return " ".join(
            words(op.drawing) if isinstance(op, Place) else op.text
            for op in drawing.ops
            if isinstance(op, Place | Text)
        )

    setup = WallabyKitOptions().draw(GAME, 11, GAME.info.resolve(2, variant, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    (page,) = [page for page in document.pages if page.title == "A turn, drawn"]
    text = words(page.drawing).lower()
    assert ("scarecrow" in text) == (variant != "children")
    assert "harvest" in text
    if variant == "children":
        kit_text = " ".join(words(p.drawing) for p in document.pages if p.title != "Rules")
        assert "scarecrow" not in kit_text.lower()


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_seat_letters_sit_on_white_where_the_pieces_are_hatched(ink: str) -> None:
    """Without colour a piece is hatched, and hatching through a 3 mm letter hides it: every
    seat letter on a wallaby, the scarecrow and a score marker lies inside a white disc drawn
    over the hatching."""
    from pnp.kits.wallaby.art import scarecrow, wallaby
    from pnp.kits.wallaby.kit import token_strip
    from pnp.render.drawing import Circle, Drawing, Text
    from pnp.render.fill import op_box
    from pnp.render.theme import Painter

    painter = Painter("wallaby", ink)
    drawings = []
    for swatch in ("player1", "player2", "player3", "player4"):
        figure = Drawing(30, 30)
        wallaby(figure, 0, 0, 30, 30, painter, swatch)
        drawings.append(figure)
    figure = Drawing(30, 30)
    scarecrow(figure, 0, 0, 30, 30, painter)
    drawings.append(figure)
    drawings.append(token_strip(painter, [("marker", "player1", "score"), ("pawn", "player2", "")]))
    for drawing in drawings:
        letters = [op for op in drawing.ops if isinstance(op, Text) and op.text in "RBGYS"]
        assert letters
        for letter in letters:
            box = op_box(letter)
            assert box is not None
            behind = [
                op
                for op in drawing.ops[: drawing.ops.index(letter)]
                if isinstance(op, Circle) and op.style.fill == "#ffffff"
                and (box.x + box.w / 2 - op.cx) ** 2 + (box.y + box.h / 2 - op.cy) ** 2 < 0.5
                and op.r >= max(box.w, box.h) / 2
            ]  # fmt: skip
            assert behind, f"the letter {letter.text} sits on hatching"


@pytest.mark.parametrize("ink", ["saver", "bw"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_goal_of_the_score_track_sits_on_white_over_the_hatching(
    ink: str, players: int
) -> None:
    """Issue 16 review: without colour the goal's square is hatched, and the hatching ran through
    its number (25, 20 or 15): the number lies inside a white patch drawn over the hatching."""
    from pnp.games.wallaby.game import field_of
    from pnp.kits.wallaby.mat import harvest_mat
    from pnp.render.drawing import Place, Rect, Text
    from pnp.render.fill import op_box
    from pnp.render.theme import Painter

    field = field_of(GAME.info.resolve(players, "standard", {}))
    mat = harvest_mat(Painter("wallaby", ink), field, 0)
    (goal,) = [op for op in mat.ops if isinstance(op, Text) and op.text == str(field.goal)]
    box = op_box(goal)
    assert box is not None
    before = mat.ops[: mat.ops.index(goal)]
    hatching = max(i for i, op in enumerate(before) if isinstance(op, Place))
    behind = [
        op
        for op in before[hatching:]
        if isinstance(op, Rect) and op.style.fill == "#ffffff"
        and op.x <= box.x and op.y <= box.y
        and box.right <= op.x + op.w and box.bottom <= op.y + op.h
    ]  # fmt: skip
    assert behind, f"the goal {goal.text} sits on hatching"


MIN_TEXT = 2.0  # mm em size: smaller print is hard to read (issue 16's review threshold)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant", ["standard", "valley", "children"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_of_the_kit_is_at_least_2_mm(players: int, variant: str, paper: str) -> None:
    """Issue 16 review: the layout map's square names were 1.81 mm on a 7 x 7 board and the
    scarecrow's letter in the turn diagram 1.44 mm."""
    from pnp.render.drawing import Place, Text

    def texts(drawing: Drawing) -> list[Text]:
        found: list[Text] = []
        for op in drawing.ops:
            if isinstance(op, Place):
                found += texts(op.drawing)
            elif isinstance(op, Text) and op.text.strip():
                found.append(op)
        return found

    setup = GAME.random_setup(1, GAME.info.resolve(players, variant, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper)))
    small = {
        (page.title, op.text, round(op.size, 2))
        for page in document.finished()
        for op in texts(page.drawing)
        if op.size < MIN_TEXT
    }
    assert not small


@pytest.mark.parametrize("value", [1, 2, 3])
def test_the_set_aside_mark_hides_no_plant_or_number(value: int) -> None:
    """Issue 16 review: the "2P: aside" badge of `--tiles all` covered the top plant's flower
    on a 3-plant tile; it keeps clear of every plant and of the tile's numbers."""
    from pnp.kits.wallaby.kit import set_aside_mark, tile_front
    from pnp.render.drawing import Place, Rect
    from pnp.render.fill import op_box
    from pnp.render.theme import Painter

    face = tile_front(value, Painter("wallaby", "color"))
    marked = set_aside_mark(face)
    (badge,) = [op for op in marked.ops if isinstance(op, Rect) and op.style.fill == "#ffffff"]
    assert any(isinstance(op, Place) and op.drawing is face for op in marked.ops)
    for op in face.ops:
        box = op_box(op)
        if box is None or box.w > TILE * 0.8:  # the tile's own fill and edges
            continue
        apart = (
            box.right <= badge.x or badge.x + badge.w <= box.x
            or box.bottom <= badge.y or badge.y + badge.h <= box.y
        )  # fmt: skip
        assert apart, f"the mark covers {op}"


@pytest.mark.parametrize("piece", ["S", "R", "B"])
def test_a_piece_in_the_turn_diagram_keeps_clear_of_its_tiles_number(piece: str) -> None:
    """A scarecrow or wallaby drawn on a tile of the turn page (pnp/kits/wallaby/diagram.py)
    keeps CLEARANCE from the tile's number in its top-left corner: the scarecrow's sleeves and
    hat ran into the 3 of panel 4, a wallaby's disc touched the 2 beside it. A disc is measured
    as the circle it is, every other shape by its box."""
    drawing = Drawing(CELL, CELL)
    MiniBoard((f"3{piece}",), 0.0, 0.0).draw(drawing, Painter("wallaby", "color"))
    numeral = next(op for op in drawing.ops if isinstance(op, Text))
    left, top, right, bottom = bounds(local_box(numeral), IDENTITY)
    drawn = drawing.ops[drawing.ops.index(numeral) + 1 :]
    assert any(isinstance(op, Outline) for op in drawn), "no piece drawn"
    for op in drawn:
        if isinstance(op, Text):
            continue
        if isinstance(op, Line):
            xs, ys = (op.x1, op.x2), (op.y1, op.y2)
            box = (min(xs), min(ys), max(xs), max(ys))
        elif isinstance(op, Circle):
            box = (op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r)
        elif isinstance(op, Place):  # a hatching, clipped to one of the piece's shapes
            assert op.clip is not None and (op.x, op.y) == (0, 0)
            x, y, w, h = shape_bounds(op.clip)
            box = (x, y, x + w, y + h)
        else:
            assert isinstance(op, Outline)
            x, y, w, h = shape_bounds(op.commands)
            box = (x, y, x + w, y + h)
        ink = op.style.width / 2 if not isinstance(op, Place) and op.style.stroke else 0.0
        dx = max(left - box[2], box[0] - right, 0.0)
        dy = max(top - box[3], box[1] - bottom, 0.0)
        gap = math.hypot(dx, dy) - ink
        if isinstance(op, Outline) and any(command[0] == "C" for command in op.commands):
            cx, cy, r = x + w / 2, y + h / 2, w / 2  # a disc: its distance, not its box's
            nearest = (min(max(cx, left), right), min(max(cy, top), bottom))
            gap = math.dist((cx, cy), nearest) - r - ink
        assert gap >= CLEARANCE, f"{piece}: {op} comes within {gap:.2f} mm of the number"
