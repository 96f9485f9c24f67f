"""The Amazon Penguins kit: its printed board reads the same printed, in black and white and
engraved."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.games import get_game
from pnp.games.amazon_penguins.game import BOARDS, AmazonPenguinsSetup
from pnp.games.penguins.floe import values_of
from pnp.kits.amazon_penguins.kit import printed_board
from pnp.kits.parts.queen import LABEL, SQUARE
from pnp.render.document import Page
from pnp.render.paper import get_paper
from pnp.render.svg import laser_svg_text
from pnp.render.theme import Painter
from tests.support.engraving import engraved, needs_rsvg

PX = 8  # pixels per mm


@needs_rsvg
@pytest.mark.parametrize("seed", [1, 3])
def test_every_square_of_the_engraved_board_shows_its_fish(seed: int) -> None:
    """Issue 16 review: engraved, a red (2-fish) square of the printed board became a solid
    black square: its fish and its '2R' label, drawn black on it, vanished with it."""
    game: Any = get_game("amazon-penguins")
    setup = game.random_setup(seed, game.info.resolve(None, None, {}))
    board = printed_board(setup, Painter("amazon-penguins", "color"))
    page = Page(get_paper("a4"), board, "board", cuts=[board.cut_outline()])
    burnt = engraved(laser_svg_text(page, "board", "#ff0000", "#000000"), PX)
    grid, _ = BOARDS[setup.variant]
    values = values_of(grid, AmazonPenguinsSetup.of(setup.data).rows)
    counts: dict[int, list[float]] = {1: [], 2: [], 3: []}
    for cell, value in enumerate(values):
        row, col = grid.row_col(cell)
        x = LABEL + (col + 0.5) * SQUARE
        y = LABEL + (grid.rows - 1 - row + 0.5) * SQUARE
        top, left = int((y - 0.3 * SQUARE) * PX), int((x - 0.3 * SQUARE) * PX)
        side = int(0.6 * SQUARE * PX)
        counts[value].append(float(burnt[top : top + side, left : left + side].mean()))
    for value, shares in counts.items():
        assert all(0.03 < share < 0.6 for share in shares), (value, min(shares), max(shares))
