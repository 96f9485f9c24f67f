"""The Paper Pen-guins kit for a class: a name line and a running-total tally strip per player on
every sheet, and a half-page rules handout with the example sheet of the rules' seed."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.games import get_game
from pnp.games.paper_penguins.sheets import PaperPenguinsSetup, parse_sheet
from pnp.kits import build_kit
from pnp.kits.paper_penguins.kit import (
    EXAMPLE_CIRCLES,
    EXAMPLE_MOVE,
    EXAMPLE_ROWS,
    EXAMPLE_SQUARES,
    HANDOUT_W,
    TALLY_H,
    TALLY_W,
    draw_handout,
)
from pnp.kits.paper_penguins.options import PaperPenguinsKitOptions
from pnp.render.drawing import Drawing, Place, Rect, Text
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.conftest import EXAMPLE_SHEET

GAME: Any = get_game("paper-penguins")


def _placed(drawing: Drawing) -> list[Drawing]:
    return [op.drawing for op in drawing.ops if isinstance(op, Place)]


def _texts(drawing: Drawing) -> list[str]:
    return [op.text for op in drawing.ops if isinstance(op, Text)]


@pytest.mark.parametrize("size", ["8x8", "4x6", "12x12"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_has_name_lines_and_a_tally_strip_per_player(size: str, paper: str) -> None:
    options = GAME.info.resolve(None, None, {"size": size})
    setup = PaperPenguinsKitOptions(sheets=5).draw(GAME, 3, options)
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper)))
    sheets = [d for p in document.pages if p.title == "Sheets" for d in _placed(p.drawing)]
    assert len(sheets) >= 5  # the last page filled with copies
    for sheet in sheets:
        assert _texts(sheet).count("name") == 2  # one per player
        boxes = [
            op for op in sheet.ops
            if isinstance(op, Rect) and (op.w, op.h) == (TALLY_W, TALLY_H)
        ]  # fmt: skip
        left = [b for b in boxes if b.x < sheet.width / 2]
        assert len(left) == len(boxes) - len(left) >= 12, "a strip per player"
        rows = "".join(PaperPenguinsSetup.of(setup.data).sheets[0].rows)
        if size == "8x8":  # 5 points a box: 70 of the sheet's 107 leave the other player 37
            assert 5 * len(left) >= 70 and len(rows) == 64


def test_the_rules_handout_shows_the_seeds_example_sheet() -> None:
    assert parse_sheet(EXAMPLE_SHEET) == list(EXAMPLE_ROWS)
    setup = GAME.random_setup(3, GAME.info.resolve(None, None, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    (component,) = [c for c in document.components if c.name.startswith("rules handout")]
    assert component.count == 2 and len(component.pages) == 1
    handouts = [d for d in _placed(component.pages[0].drawing) if d.width == HANDOUT_W]
    assert len(handouts) == 2
    handout = handouts[0]
    assert handout.height <= (297 - 26) / 2, "half a page"
    numbers = [
        op.text
        for op in handout.ops
        if isinstance(op, Text) and op.size > 3.0 and op.text in ("1", "2", "3")
    ]  # fmt: skip (the sheet's numbers, not its labels)
    assert "".join(numbers) == "".join(EXAMPLE_ROWS)
    # the marks of the example: 4 squares, 4 circles, one move from c7
    assert len(set(EXAMPLE_SQUARES)) == len(set(EXAMPLE_CIRCLES)) == 4
    assert EXAMPLE_MOVE[1] in EXAMPLE_SQUARES and EXAMPLE_MOVE[0] not in EXAMPLE_SQUARES
    words = " ".join(_texts(draw_handout("Paper Pen-guins")))
    assert "Place:" in words and "Move:" in words and "X" in words


MIN_TEXT = 1.95  # mm em size (about 5.5 pt): the smallest print a player can read on a sheet


@pytest.mark.parametrize("size", ["8x8", "6x8", "10x10", "5x5", "4x6", "12x12"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_word_on_a_sheet_is_readable_at_print_size(size: str, paper: str) -> None:
    """Text fitted to a narrow sheet (the legend, the tally's totals) never shrinks below
    MIN_TEXT: a 5 x 5 sheet on A4 is 57.5 mm wide."""
    options = GAME.info.resolve(None, None, {"size": size})
    setup = PaperPenguinsKitOptions().draw(GAME, 3, options)
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper)))
    sheets = [d for p in document.pages if p.title == "Sheets" for d in _placed(p.drawing)]
    small = {
        (op.text, round(op.size, 2))
        for sheet in sheets
        for op in sheet.ops
        if isinstance(op, Text) and op.size < MIN_TEXT
    }
    assert not small
