"""Paper economy: no page under a third full where its components could share another page.

Issue 16: "no page under a third used where the components could share a page". A page's fill is
pnp.render.fill.page_fill. Two rules, each over the kits of tests/kits/test_cover.py plus every
Colour Diplomacy player count, on A4 and Letter:

- below: the thin page's content fits, as laid out, below everything on another page;
- anywhere: the thin page's components (one size of cut-out item), laid out again as a group
  (heading, grid, cut marks), fit in free paper anywhere on another page, such as the column
  beside the Colour Diplomacy circle colour track.

Judged pages are not the cover, rules, printer check or backs pages; pages with backs neither
give nor take room (what shares them must keep its back blank), and a page that holds a part not
cut out (the colour track) is not judged by the second rule: moving its items saves no sheet.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pnp.games import ORDER
from pnp.render.document import Document, Page
from pnp.render.drawing import Text, shape_bounds
from pnp.render.fill import content_box, page_fill, used_boxes
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.sheet import HEADING_SPACE, SHARE_GAP
from pnp.render.text import MIN_SCALE, STYLES, flow
from pnp.templates import load_text
from tests.kits.test_cover import IDS, OPTIONS, document_of, judged

Case = tuple[str, int | None, str | None, dict[str, str]]
EVERY_COLOUR_DIPLOMACY: list[Case] = [
    ("colour-diplomacy", n, None, {})
    for n in range(4, 11)
    if ("colour-diplomacy", n, None, {}) not in OPTIONS
]
CASES = OPTIONS + EVERY_COLOUR_DIPLOMACY
CASE_IDS = IDS + [f"colour-diplomacy-{n}" for _, n, _, _ in EVERY_COLOUR_DIPLOMACY]
MARKS = 6.5  # mm below a grid for its cut marks (pnp.render.sheet: offset 1.5, length 5)
GRID = 0.5  # mm per cell of the free-paper map


def thin_pages(pages: list[Page]) -> list[Page]:
    with_backs = {id(page.back_of) for page in pages if page.back_of is not None}
    return [
        page
        for page in pages
        if judged(page) and id(page) not in with_backs and page_fill(page) < 1 / 3
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_no_page_under_a_third_where_its_components_could_share_a_page(
    case: Case, paper: str
) -> None:
    """A thin page is a defect when another judged page of the same orientation has free paper
    below everything on it at least as tall as all of the thin page's content plus the gap
    between groups: the thin page's components could have gone there, saving a sheet."""
    document = document_of(case, paper)
    pages = [page for page in document.pages if judged(page)]
    for thin in pages:
        if page_fill(thin) >= 1 / 3:
            continue
        box = content_box(thin)
        assert box is not None
        for other in pages:
            if other is thin or other.paper.landscape != thin.paper.landscape:
                continue
            used = content_box(other)
            room = other.paper.content.bottom - (used.bottom if used else other.paper.content.y)
            assert room < box.h + SHARE_GAP, (
                f"{thin.title} ({page_fill(thin):.0%}) fits below {other.title}"
            )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_no_page_under_a_third_whose_items_fit_in_free_paper_elsewhere(
    case: Case, paper: str
) -> None:
    document = document_of(case, paper)
    everything = document.pages
    with_backs = {id(page.back_of) for page in everything if page.back_of is not None}
    hosts = [p for p in everything if judged(p) and id(p) not in with_backs]
    # a page that holds something not cut out (the colour track) stays whatever else moves
    anchored = {id(page) for c in document.components if c.count == 0 for page in c.pages}
    for thin in (page for page in thin_pages(everything) if id(page) not in anchored):
        group = item_group(thin)
        if group is None:
            continue
        for other in hosts:
            if other is thin or other.paper.landscape != thin.paper.landscape:
                continue
            assert not group_fits(group, free_map(other)), (
                f"{thin.title} ({page_fill(thin):.0%}): its {group[0]} items fit in the free "
                f"paper of {other.title}"
            )


def test_the_free_paper_rule_catches_a_group_that_fits_beside_others() -> None:
    """The map finds a 20 x 60 mm hole beside content, and only a group that fits in it."""
    free = np.ones((120, 100), dtype=bool)  # 60 mm tall, 50 mm wide at GRID 0.5
    free[:, :60] = False  # 30 mm used on the left, 20 mm free on the right
    assert group_fits((4, 10.0, 10.0, 0.0), free)  # 2 x 2: 20 wide, 5 + 13 + 20 + 6.5 tall
    assert not group_fits((4, 12.0, 12.0, 0.0), free)  # 24 wide, or 1 x 4: 72.5 tall


def item_group(page: Page) -> tuple[int, float, float, float] | None:
    """(count, width, height, gap) of the page's cut-out items when they are all one size."""
    sizes = {tuple(round(v, 1) for v in shape_bounds(cut)[2:]) for cut in page.cuts}
    if len(sizes) != 1:
        return None
    ((w, h),) = sizes
    xs = sorted({round(shape_bounds(cut)[0], 2) for cut in page.cuts})
    steps = [b - a for a, b in itertools.pairwise(xs)]
    gap = max(0.0, min(steps) - w) if steps else 0.0
    return len(page.cuts), w, h, gap


def free_map(page: Page) -> np.ndarray:
    """True where the page's printable area is free of content, in GRID-mm cells."""
    area = page.paper.content
    free = np.ones((int(area.h / GRID), int(area.w / GRID)), dtype=bool)
    for box in used_boxes(page):
        top, left = int((box.y - area.y) / GRID), int((box.x - area.x) / GRID)
        free[top : int(np.ceil((box.bottom - area.y) / GRID)),
             left : int(np.ceil((box.right - area.x) / GRID))] = False  # fmt: skip
    return free


def group_fits(group: tuple[int, float, float, float], free: np.ndarray) -> bool:
    """Whether the items, in some number of columns, with a heading above, cut marks below and
    the gap between groups around, fit in an all-free window of `free`."""
    count, w, h, gap = group
    used = np.pad(np.cumsum(np.cumsum(~free, axis=0), axis=1), ((1, 0), (1, 0)))
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        width = cols * w + (cols - 1) * gap
        height = SHARE_GAP + HEADING_SPACE + rows * h + (rows - 1) * gap + MARKS
        ch, cw = int(np.ceil(height / GRID)), int(np.ceil(width / GRID))
        if ch > free.shape[0] or cw > free.shape[1]:
            continue
        window = used[ch:, cw:] - used[:-ch, cw:] - used[ch:, :-cw] + used[:-ch, :-cw]
        if (window == 0).any():
            return True
    return False


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_groups_sharing_a_page_never_overlap(case: Case, paper: str) -> None:
    """Components of different kinds on one page (a group laid in the room another left) never
    lie on each other: their cut outlines' boxes do not intersect."""
    for page in document_of(case, paper).pages:
        boxes = [shape_bounds(cut) for cut in page.cuts]
        for (x1, y1, w1, h1), (x2, y2, w2, h2) in itertools.combinations(boxes, 2):
            if (round(w1, 1), round(h1, 1)) == (round(w2, 1), round(h2, 1)):
                continue  # one group's grid
            overlap_w = min(x1 + w1, x2 + w2) - max(x1, x2)
            overlap_h = min(y1 + h1, y2 + h2) - max(y1, y2)
            assert overlap_w <= 0.01 or overlap_h <= 0.01, f"{page.title}: items overlap"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ORDER)
def test_the_rules_run_on_to_a_page_only_to_fill_a_third_of_it(name: str, paper: str) -> None:
    """A rules summary a few lines too long for a page is set a little smaller rather than
    spilling onto a page of its own (the Billabong rules took a second page 17% tall), never
    below MIN_SCALE of its size."""
    document = Document("", "", PrintSettings(get_paper(paper)))
    pages = flow(document, load_text(f"rules/{name}.md"), "Rules")
    area = pages[0].paper.content
    for page in pages[1:]:
        box = content_box(page)
        assert box is not None and box.bottom - area.y >= area.h / 3, f"{len(pages)} pages"
    sizes = [op.size for page in pages for op in page.drawing.ops if isinstance(op, Text)]
    assert min(sizes) >= MIN_SCALE * STYLES["paragraph"][0] - 1e-9


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", range(4, 11))
def test_colour_diplomacy_cards_and_tokens_never_take_a_page_of_their_own(
    players: int, paper: str
) -> None:
    """The colour cards and tokens go beside or below the track, below the last board part or
    on the last pads page, turned a quarter where only that fits (10 players on Letter: the
    cards, on a page 19% full of their own before)."""
    document = document_of(("colour-diplomacy", players, None, {}), paper)
    small = {"Colour cards", "Tokens"}
    for component in document.components:
        if component.name in small:
            for page in component.pages:
                others = {c.name for c in document.components if page in c.pages}
                assert others - small, f"{page.title}: only {', '.join(sorted(others))}"
