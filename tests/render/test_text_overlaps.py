"""No text box overlaps another, leaves its panel or its frame, is crossed by a circle's line, is
split by a join between board parts or touches the cut line of the component it is printed on, on
every page of every kit (issue 16).

Text boxes come from the Drawing display list (tests/support/textboxes.py): the advance width by
reportlab's stringWidth from the anchor, the glyphs' ink up and down, turned by angle and
placements. What is
checked: text against text on one page; text inside its panel (the innermost placed drawing: a
component, a board, a figure; the paper for page text) and inside the smallest stroked rectangle
around its anchor; stroked circles of the same drawing never run through a text; text on a tiled
board never crosses a part's left or top edge, where the part is trimmed and laid over its
neighbour: on the joined board no word straddles a join (a word cut by a part's right or bottom
edge lies in the strip the neighbour covers, and the neighbour shows it whole); text inside a
component's cut outline (`Page.cuts`) keeps CLEARANCE from it, so scissors or a laser cut along it
leave every letter whole. Not checked: text against lines, arrows and filled shapes (pieces,
hatching), which would need the shapes' outlines.
"""

from __future__ import annotations

import itertools

import pytest

from pnp.games import GAMES
from pnp.kits import build_kit
from pnp.render.document import Page
from pnp.render.drawing import Drawing, Place, Rect, Style, Text, rect_shape, shape_bounds
from pnp.render.fonts import text_width
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.textbox import Bounds
from tests.support.textboxes import TextBox, text_boxes

SLACK = 0.05  # mm
# mm from a text's ink to the cut line around it: closer, the letters sit on the line and any cut
# nicks them (the kits' closest texts otherwise, board labels and small tokens, keep 0.5-0.9 mm)
CLEARANCE = 0.4

CONFIGS = [
    (name, players, variant)
    for name, game in GAMES.items()
    for players in game.info.players
    for variant in game.info.variants
]


def inside(box: Bounds, outer: Bounds) -> bool:
    return (
        box[0] >= outer[0] - SLACK
        and box[1] >= outer[1] - SLACK
        and box[2] <= outer[2] + SLACK
        and box[3] <= outer[3] + SLACK
    )


def meet(a: Bounds, b: Bounds) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def across_join(box: Bounds, window: Bounds) -> bool:
    """Whether the text crosses the window's left or top edge (a join, where a part is trimmed
    and laid over its neighbour; on the board's own edge the panel check applies)."""
    left, top, right, bottom = box
    x, y = window[0], window[1]
    return (left < x - SLACK and right > x + SLACK) or (top < y - SLACK and bottom > y + SLACK)


def problems(boxes: list[TextBox]) -> list[str]:
    seen = [t for t in boxes if all(meet(t.box, clip) for clip in t.clips)]
    found = [f"{t.text!r} leaves its panel" for t in seen if not inside(t.box, t.panel)]
    found += [
        f"{t.text!r} leaves its frame" for t in seen if t.frame and not inside(t.box, t.frame)
    ]
    found += [f"{t.text!r} is crossed by a circle" for t in seen if t.crosses_circle]
    found += [f"{t.text!r} is split by a join" for t in seen
              if any(across_join(t.box, clip) for clip in t.clips)]  # fmt: skip
    found += [f"{a.text!r} overlaps {b.text!r}" for a, b in itertools.combinations(seen, 2)
              if meet(a.box, b.box)]  # fmt: skip
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c)))
def test_no_text_overlaps_or_leaves_its_panel(config: tuple[str, int, str], paper: str) -> None:
    name, players, variant = config
    game = GAMES[name]
    setup = game.random_setup(1, game.info.resolve(players, variant, {}))
    document = build_kit(game, setup, PrintSettings(get_paper(paper)))
    for number, page in enumerate(document.finished(), 1):
        found = problems(text_boxes(page)) + too_near_a_cut(page)
        assert found == [], f"page {number}: {page.title}"


def too_near_a_cut(page: Page) -> list[str]:
    """Texts inside a component's cut outline (its bounds) that come closer than CLEARANCE to it
    (board parts, seen through a window, are held to the join rule instead)."""
    cuts = []
    for shape in page.cuts:
        x, y, w, h = shape_bounds(shape)
        cuts.append((x, y, x + w, y + h))
    return [
        f"{t.text!r} is {clearance(t.box, cut):.2f} mm from its cut line"
        for t in text_boxes(page)
        if not t.clips  # a board part's words and joins: the join rule above
        for cut in cuts
        if inside(t.box, cut) and clearance(t.box, cut) < CLEARANCE
    ]


def clearance(box: Bounds, cut: Bounds) -> float:
    return min(box[0] - cut[0], box[1] - cut[1], cut[2] - box[2], cut[3] - box[3])


def test_the_checker_sees_overlaps_panels_and_splits() -> None:
    page = Drawing(100, 120)
    card = Drawing(20, 10)
    card.text(1, 6, "far too long for the card", 3)
    page.place(card, 5, 5)
    page.text(10, 50, "one", 4)
    page.text(12, 50, "two", 4)
    board = Drawing(100, 20)
    board.text(50, 10, "SPLIT", 4, anchor="middle")
    # the part joined on the left crosses the word; the part it lies over only hides its end
    page.place(board, 0, 70, clip=rect_shape(51, 0, 49, 20))
    hidden = Drawing(100, 20)
    hidden.text(50, 10, "HIDDEN", 4, anchor="middle")
    page.place(hidden, 0, 95, clip=rect_shape(0, 0, 51, 20))
    page.rect(60, 20, 10, 10, Style())
    page.text(61, 25, "framed box", 3)
    page.circle(30, 30, 5, Style())
    page.text(30, 36, "ring", 2, anchor="middle")
    found = problems(text_boxes(Page(get_paper("a4"), page, "t")))
    assert found == [
        "'far too long for the card' leaves its panel",
        "'framed box' leaves its frame",
        "'ring' is crossed by a circle",
        "'SPLIT' is split by a join",
        "'one' overlaps 'two'",
    ]


def test_the_checker_sees_text_on_a_cut_line() -> None:
    page = Page(get_paper("a4"), Drawing(210, 297), "t")
    page.drawing.text(20, 30, "on the line", 3)
    page.drawing.text(60, 30, "well inside", 3)
    page.cuts.append(rect_shape(20, 20, 80, 20))
    assert too_near_a_cut(page) == ["'on the line' is 0.00 mm from its cut line"]


@pytest.mark.parametrize("size", ["6", "8", "10"])
def test_amazons_start_labels_clear_the_circles_at_every_size(size: str) -> None:
    game = GAMES["amazons"]
    setup = game.random_setup(1, game.info.resolve(None, None, {"size": size}))
    document = build_kit(game, setup, PrintSettings(get_paper("a4")))
    boxes = [t for page in document.finished() for t in text_boxes(page)]
    assert {t.text for t in boxes} >= {"light", "dark"}
    assert [t.text for t in boxes if t.crosses_circle] == []


def test_the_valley_caption_has_a_patch_over_the_hatching() -> None:
    """In saver and bw ink the outside area is hatched; its caption sits on a white patch."""
    game = GAMES["wallaby"]
    setup = game.random_setup(1, game.info.resolve(2, "valley", {}))
    document = build_kit(game, setup, PrintSettings(get_paper("a4"), ink="saver"))
    pages = [page.drawing for page in document.pages]  # the board page follows the cover
    drawings = pages + [op.drawing for page in pages for op in page.ops if isinstance(op, Place)]
    ((board, note),) = [
        (d, op)
        for d in drawings
        for op in d.ops
        if isinstance(op, Text) and op.text.startswith("outside the board")
    ]
    before = board.ops[: board.ops.index(note)]
    hatch = max(i for i, op in enumerate(before) if isinstance(op, Place))
    width = text_width(note.text, note.size)
    patches = [
        op
        for op in before[hatch:]
        if isinstance(op, Rect)
        and op.style.fill == "#ffffff"
        and op.x <= note.x - width / 2
        and op.x + op.w >= note.x + width / 2
        and op.y <= note.y - note.size * 0.75
        and op.y + op.h >= note.y
    ]
    assert patches, "the caption sits on the hatching"
