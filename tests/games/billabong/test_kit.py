"""The Billabong kit: the board at exact scale and split into parts, the tokens, and diagrams whose
every jump is checked against the rules engine (../shared/RULES.md, Billabong)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from pnp.games import get_game
from pnp.games.billabong.board import GRID, STEPS, jumps_from
from pnp.games.billabong.rules import BillabongState
from pnp.kits import build_kit, write_kit
from pnp.kits.billabong.art import CHIP, TOKEN
from pnp.kits.billabong.diagrams import EXAMPLES, Example
from pnp.kits.billabong.kit import SQUARE, token_sheet
from pnp.render.drawing import shape_bounds
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.theme import Painter
from tests.support.pdfgeom import read_geometry

GAME = get_game("billabong")
TOLERANCE = 0.1  # mm


def kit(tmp_path: Path, paper: str = "a4", players: int = 2, ink: str = "color") -> Path:
    setup = GAME.random_setup(1, GAME.info.resolve(players, None, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper), ink=ink))
    return write_kit(GAME, setup, document, tmp_path, "pdf")[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_is_four_parts_of_22_mm_squares(tmp_path: Path, paper: str) -> None:
    pages = read_geometry(kit(tmp_path, paper))
    # The tokens have backs, so the kit prints double-sided: the cover, its blank back, then the
    # parts on rectos.
    for part in pages[2:10:2]:
        squares = [
            b for b in part.boxes if abs(b.w - SQUARE) < TOLERANCE and abs(b.h - SQUARE) < TOLERANCE
        ]
        xs = sorted({round(b.x, 2) for b in squares})
        ys = sorted({round(b.y, 2) for b in squares})
        assert (len(xs), len(ys)) == (16, 14), "the whole board is drawn, clipped to the part"
        assert all(abs(b - a - SQUARE) < TOLERANCE for a, b in itertools.pairwise(xs))
        assert all(abs(b - a - SQUARE) < TOLERANCE for a, b in itertools.pairwise(ys))
    titles = [
        p.title
        for p in build_kit(
            GAME,
            GAME.random_setup(1, GAME.info.resolve(2, None, {})),
            PrintSettings(get_paper(paper)),
        ).pages
    ]
    assert [t.rsplit(" ", 1)[-1] for t in titles[1:5]] == ["A1", "B1", "A2", "B2"]
    assert "part" not in titles[5]


def test_tokens_are_18_mm_and_there_are_5_of_each_colour_a_referee_and_chips() -> None:
    fronts, backs = token_sheet(Painter("billabong", "color"))
    assert len(fronts) == len(backs) == 4 * 5 + 1 + 8
    sizes = [shape_bounds(item.cut_outline())[2] for item in fronts]
    assert sizes.count(pytest.approx(TOKEN, abs=1e-6)) == 21
    assert sizes.count(pytest.approx(CHIP, abs=1e-6)) == 8
    assert TOKEN < SQUARE - 3, "a token sits inside a square with room to pick it up"


@pytest.mark.parametrize(("players", "ink"), [(2, "color"), (3, "saver"), (4, "bw")])
def test_the_kit_builds_for_every_player_count_and_ink(
    tmp_path: Path, players: int, ink: str
) -> None:
    pdf = kit(tmp_path, players=players, ink=ink)
    assert pdf.stat().st_size > 10_000


def test_the_same_seed_gives_the_same_pdf(tmp_path: Path) -> None:
    assert kit(tmp_path / "a").read_bytes() == kit(tmp_path / "b").read_bytes()


def example_state(example: Example) -> BillabongState:
    """The position before the drawn moves: each mover back on its start square."""
    state = BillabongState(4)
    starts = set(example.chain[:1]) | {source for source, _, _ in example.steps}
    ends = set(example.chain[-1:]) | {target for _, target, _ in example.steps}
    for square, swatch in example.pieces.items():
        if square not in ends:
            state.put(int(swatch[-1]) - 1, GRID.parse(square), 0)
    for square in starts:
        state.put(0, GRID.parse(square), 0)
    return state


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.title)
def test_every_drawn_jump_is_legal_and_every_crossed_out_one_is_not(example: Example) -> None:
    state = example_state(example)
    occupied = state.bits  # the referee holds the start square all through a chain
    for source, target in zip(example.chain, example.chain[1:], strict=False):
        landings = {GRID.name(t) for t, _ in jumps_from(GRID.parse(source), occupied)}
        assert target in landings, f"{source}-{target}"
    for source, target, label in example.steps:
        found = dict(jumps_from(GRID.parse(source), state.bits) + list(STEPS[GRID.parse(source)]))
        change = found[GRID.parse(target)]
        assert (f"{change:+d}" if change else "") == label, f"{source}-{target}"
    for source, target in example.blocked:
        (r1, c1), (r2, c2) = GRID.row_col(GRID.parse(source)), GRID.row_col(GRID.parse(target))
        direction = ((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1))
        landings = [GRID.row_col(t) for t, _ in jumps_from(GRID.parse(source), state.bits)]
        assert not [
            (r, c) for r, c in landings if ((r > r1) - (r < r1), (c > c1) - (c < c1)) == direction
        ]


def test_the_printed_rules_have_no_move_notation_or_simulator_talk() -> None:
    """The rules summary is printed for players, who never write moves down: no section on
    writing moves, no from-to notation (i3-e5, j2-h2+1, i3-out), no word of the simulator."""
    import re

    from pnp.templates import load_text

    text = load_text("rules/billabong.md")
    assert "Writing moves" not in text and "simulator" not in text
    assert not re.search(r"\b[a-p]\d{1,2}-([a-p]\d{1,2}|out)\b", text)


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_the_lake_words_sit_whole_on_white_over_the_hatching(ink: str) -> None:
    """Printed without colour the lake is hatched: each of its words (BILLABONG and the note on
    the referee) lies wholly inside a white panel drawn over the hatching, crossing no line."""
    from pnp.kits.billabong.kit import draw_board
    from pnp.render.drawing import Rect, Text
    from pnp.render.fill import op_box

    board = draw_board(Painter("billabong", ink))
    panels = [op_box(op) for op in board.ops if isinstance(op, Rect) and op.style.fill == "#ffffff"]
    words = ("BILLABONG", "the referee", "waits here;", "finished", "kangaroos", "rest here")
    for op in board.ops:
        if isinstance(op, Text) and op.text in words:
            box = op_box(op)
            assert box is not None
            inside = [
                p
                for p in panels
                if p is not None and p.x <= box.x and p.y <= box.y
                and box.right <= p.right and box.bottom <= p.bottom
            ]  # fmt: skip
            assert inside, f"{op.text!r} is not inside a white panel"


def test_the_lake_ripples_run_clear_of_the_lake_words() -> None:
    """Issue 16 review: a laser kit engraves the ripples (lines) and knocks the water out, so a
    ripple drawn across BILLABONG or the note on the referee struck the words through."""
    from pnp.kits.billabong.kit import draw_board
    from pnp.render.drawing import Path, Text
    from pnp.render.fill import op_box

    painter = Painter("billabong", "color")
    board = draw_board(painter)
    water = painter.line("water")
    ripples = [
        op_box(op)
        for op in board.ops
        if isinstance(op, Path) and op.style.fill is None and op.style.stroke == water
    ]
    words = ("BILLABONG", "the referee", "waits here;", "finished", "kangaroos", "rest here")
    boxes = [op_box(op) for op in board.ops if isinstance(op, Text) and op.text in words]
    assert len(ripples) >= 2 and len(boxes) == len(words)
    for ripple, word in itertools.product(ripples, boxes):
        assert ripple is not None and word is not None
        apart = (
            ripple.right <= word.x or word.right <= ripple.x
            or ripple.bottom <= word.y or word.bottom <= ripple.y
        )  # fmt: skip
        assert apart, f"a ripple at {ripple} runs through a word at {word}"


def test_the_diagrams_show_the_referee_as_its_token_reads() -> None:
    """Issue 16 review: the referee token reads REF, but the jump diagram and its caption
    called it S, which no printed piece shows."""
    from pnp.kits.billabong.diagrams import example_drawing
    from pnp.render.drawing import Text

    (chain,) = [example for example in EXAMPLES if example.chain]
    drawing = example_drawing(chain, Painter("billabong", "color"), 120.0)
    labels = {op.text for op in drawing.ops if isinstance(op, Text) and op.bold}
    assert "REF" in labels and "S" not in labels
    assert "(REF)" in chain.caption and "(S)" not in chain.caption
