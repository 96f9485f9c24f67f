"""The Colour Diplomacy kit: page plan per player count, printed sizes read back from the PDF,
the board's stagger, and byte-identical output for the same seed."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.games import get_game
from pnp.kits import build_kit, write_kit
from pnp.kits.colour_diplomacy.ring_board import RING, TOKEN, RingGeometry
from pnp.render.drawing import Drawing, Place, Text
from pnp.render.fonts import text_width
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.pdfgeom import read_geometry

GAME = get_game("colour-diplomacy")
TOLERANCE = 0.1  # mm


def kit(tmp_path: Path, players: int, seed: int = 3) -> Path:
    setup = GAME.random_setup(seed, GAME.info.resolve(players, None, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    return write_kit(GAME, setup, document, tmp_path, "pdf")[0]


@pytest.mark.parametrize(("players", "parts"), [(4, 1), (7, 2), (10, 4)])
def test_the_board_spans_the_fewest_a4_pages(tmp_path: Path, players: int, parts: int) -> None:
    from pnp.kits import KIT_OPTIONS

    setup = GAME.random_setup(1, GAME.info.resolve(players, None, {}))
    setup = KIT_OPTIONS["colour-diplomacy"].from_json({"start-colours": "yes"}).recorded(setup)
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    titles = [page.title for page in document.pages]
    assert sum(1 for t in titles if t.startswith("Board,") or t == "Board") == parts
    assert sum(1 for t in titles if t.startswith("Board with the start colours")) == parts
    assert sum(t.startswith("Circle colour track") for t in titles) == 1
    assert sum("colour cards" in t.lower() for t in titles) == 1
    # two pads a page, two-sided; then one refill page (two-sided) for long games; with an odd
    # count the tokens go below the last pad when no page before has room for them
    fronts = [t for t in titles if t.startswith("Order pads") and not t.endswith("(backs)")]
    assert len(fronts) == titles.count("Order pads (backs)") == math.ceil(players / 2)
    assert titles.count("Refill order pads") == titles.count("Refill order pads (backs)") == 1
    assert sum("tokens" in t.lower() for t in titles) == 1
    assert titles[-1] == "Rules" and titles.count("Rules") == 1


def test_every_field_holds_a_token() -> None:
    for players in range(4, 11):
        g = RingGeometry(players)
        assert g.arc_length(players) >= TOKEN + 4  # the innermost, shortest fields
        assert RING >= TOKEN + 4
        assert g.center_radius * 2 >= TOKEN + 4


def test_field_k_meets_fields_k_and_k_plus_1_of_the_next_circle_in() -> None:
    g = RingGeometry(6)
    for circle in range(1, 6):
        for field in range(1, 7):
            first, last = g.span(circle, field)
            inside = g.span(circle + 1, field)
            # field k of the next circle in starts half a field before field k and ends in its
            # middle, where field k+1 begins: so field k borders exactly fields k and k+1
            assert inside[0] == pytest.approx(first - g.width / 2)
            assert inside[1] == pytest.approx((first + last) / 2)


def test_printed_field_borders_are_one_ring_long_on_the_ring_radii(tmp_path: Path) -> None:
    """The N x N radial borders of a 4-player board measure RING mm and lie on the circles."""
    setup = GAME.random_setup(3, GAME.info.resolve(4, None, {}))
    finished = build_kit(GAME, setup, PrintSettings(get_paper("a4"))).finished()
    board = [p.title for p in finished].index("Board")  # blank backs come with the pads' backs
    page = read_geometry(kit(tmp_path, 4))[board]
    borders = [s for s in page.segments if abs(s.length - RING) < TOLERANCE]
    assert len(borders) == 4 * 4
    ends = [(s.x1, s.y1) for s in borders] + [(s.x2, s.y2) for s in borders]
    cx = sum(x for x, _ in ends) / len(ends)
    cy = sum(y for _, y in ends) / len(ends)
    g = RingGeometry(4)
    radii = {round(g.center_radius + k * RING, 1) for k in range(5)}
    for x, y in ends:
        distance = math.hypot(x - cx, y - cy)
        assert min(abs(distance - r) for r in radii) < TOLERANCE


def test_order_pads_are_printed_at_their_size(tmp_path: Path) -> None:
    pages = read_geometry(kit(tmp_path, 4))
    from pnp.kits.colour_diplomacy.kit import PAD_TABLE_W

    frames = [b for p in pages for b in p.boxes if abs(b.w - PAD_TABLE_W) < TOLERANCE and b.h > 80]
    # two tables side by side on each side of a pad: 4 players' pads, then 2 refill pads
    assert len(frames) == 2 * 2 * (4 + 2) and 2 * PAD_TABLE_W <= 190


def test_the_same_seed_gives_the_same_kit_bytes(tmp_path: Path) -> None:
    first = kit(tmp_path / "a", 5, seed=8).read_bytes()
    assert kit(tmp_path / "b", 5, seed=8).read_bytes() == first
    assert kit(tmp_path / "c", 5, seed=9).read_bytes() != first


@pytest.mark.parametrize(("players", "paper"), [(4, "a4"), (7, "a4"), (10, "letter")])
def test_footer_text_clears_the_scale_bar_label(players: int, paper: str) -> None:
    """Long page titles ("Board with the start colours, part A1") once ran the footer into the
    scale bar's label; the two footer texts must leave a gap on every page."""
    setup = GAME.random_setup(123456789, GAME.info.resolve(players, None, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper)))
    finished = document.finished()  # with the blank backs a duplex print needs
    for page in finished:
        texts = [op for op in page.drawing.ops if isinstance(op, Text)]
        bar = next(t for t in texts if t.text.endswith("check with a ruler"))
        footer = texts[-1]
        assert footer.anchor == "end" and f"of {len(finished)}" in footer.text
        bar_end = bar.x + text_width(bar.text, bar.size)
        assert footer.x - text_width(footer.text, footer.size) >= bar_end + 3.9, page.title


def test_order_pads_number_their_turns_on_both_sides_with_a_refill_page() -> None:
    # issue 16: the demo's 6-player games average 20 turns, the longest 138.
    from pnp.games import get_game as game_named
    from pnp.kits import build_kit as build
    from pnp.render.drawing import Place, Text
    from pnp.render.paper import get_paper as paper_named
    from pnp.render.settings import PrintSettings as Settings

    cd = game_named("colour-diplomacy")
    setup = cd.random_setup(11, cd.info.resolve(6, None, {}))
    document = build(cd, setup, Settings(paper_named("a4")))

    def turns(title: str) -> list[list[int]]:
        pads = [
            op.drawing
            for page in document.pages
            if page.title == title
            for op in page.drawing.ops
            if isinstance(op, Place)
        ]
        return [
            [int(op.text) for op in pad.ops if isinstance(op, Text) and op.bold
             and op.text.isdigit() and op.size == 3.0 and op.y > 12]
            for pad in pads
        ]  # fmt: skip

    fronts, backs = turns("Order pads"), turns("Order pads (backs)")
    assert len(fronts) == len(backs) == 6
    for front, back in zip(fronts, backs, strict=True):
        assert front + back == list(range(1, len(front) + len(back) + 1))
        assert len(front) + len(back) >= 2.5 * 20, "a two-sided pad outlasts most games"
    refill = turns("Refill order pads") + turns("Refill order pads (backs)")
    last = max(fronts[0] + backs[0])
    assert refill and all(r[0] == last + 1 or r[0] > last for r in refill)
    assert max(max(r) for r in refill) >= 2 * last and 2 * last + 2 * last >= 138


def text(drawing: Drawing) -> list[str]:
    """Every text on `drawing` and the drawings placed on it."""
    found: list[str] = []
    for op in drawing.ops:
        if isinstance(op, Place):
            found += text(op.drawing)
        elif isinstance(op, Text):
            found.append(op.text)
    return found


def test_no_board_shows_circle_colours_that_go_stale() -> None:
    """The cover offered the board printed with the start colours as an alternative to the
    colour track, but a circle's colour changes when a player reaches the center: from then on
    that board was wrong. The default kit prints the plain board, read with the track (and so
    one board's sheets, not two: 8 of 16 sheets with 10 players); the start-colours board is
    printed on request (`--start-colours yes` or `only`) and says on its face that its colours hold
    only until then, and the cover never offers it instead of the track."""
    from pnp.kits import KIT_OPTIONS

    setup = GAME.random_setup(1, GAME.info.resolve(10, None, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    titles = [page.title for page in document.pages]
    assert not any(t.startswith("Board with the start colours") for t in titles)
    assert sum(t.startswith("Board, part") for t in titles) == 4
    cover = " ".join(text(document.pages[0].drawing))
    assert "start colours, or on the plain board" not in cover
    assert "colour track" in cover
    options = KIT_OPTIONS["colour-diplomacy"]
    for start_colours in ("yes", "only"):
        asked = options.from_json({"start-colours": start_colours}).recorded(setup)
        printed = build_kit(GAME, asked, PrintSettings(get_paper("a4")))
        boards = [p for p in printed.pages if p.title.startswith("Board with the start colours")]
        assert len(boards) == 4
        words = " ".join(w for page in boards for w in text(page.drawing))
        assert "center" in words and "track" in words, "the board says when its colours stop"
