"""Amazons kit: the board with coordinates and start squares, 4 + 4 amazon tokens, an arrow
marker for every square that can take one, and the rules summary.

Squares are 22 mm, so chess pawns or the 18 mm tokens fit; the 10 x 10 board is wider than a
page and is printed in overlapping parts (pnp.render.tiling). Rules: ../shared/RULES.md, "Amazons".
"""

from __future__ import annotations

from pnp.games.amazons.game import SEATS, AmazonsOptions, start_squares
from pnp.games.mechanics.grid import Cell, SquareGrid
from pnp.kits.builder import Kit, KitContext
from pnp.kits.parts.queen import SQUARE, TOKEN, marker, square_board, token
from pnp.render.drawing import WHITE, Drawing, Style
from pnp.render.fonts import SMALLEST
from pnp.render.sheet import SheetSpec, lay_out
from pnp.render.theme import Painter
from pnp.render.tiling import tile_drawing


def draw_board(size: int, painter: Painter) -> Drawing:
    grid = SquareGrid(size, size)
    light, dark = start_squares(size)
    starts = {cell: "L" for cell in light} | {cell: "D" for cell in dark}

    def swatch(cell: Cell) -> str:
        row, col = grid.row_col(cell)
        return "square-dark" if (row + col) % 2 == 0 else "square-light"

    def content(board: Drawing, cell: Cell, cx: float, cy: float) -> None:
        if cell in starts:
            seat = "light" if starts[cell] == "L" else "dark"
            # without colour the square is hatched: the disc is white, so no dot crosses the words
            fill = None if painter.ink == "color" else WHITE
            ring = Style(fill=fill, stroke="#000000", width=0.3, dash=(1.2, 0.8))
            board.circle(cx, cy, SQUARE * 0.4, ring)
            board.centred_text(cx, cy, starts[cell], SQUARE * 0.3, fill="#777777", bold=True)
            # inside the circle, under the letter: below it the word would cross the circle
            size = max(SQUARE * 0.1, SMALLEST)
            board.text(cx, cy + SQUARE * 0.3, seat, size, fill="#555555", anchor="middle")

    return square_board(grid, painter, swatch, content)


def draw(kit: KitContext) -> None:
    setup, painter, document = kit.setup, kit.painter, kit.document
    size = AmazonsOptions.of(setup.options).size
    tile_drawing(document, draw_board(size, painter), f"Board {size} x {size}")
    amazons = [
        token(seat, seat[0].upper(), painter, "crown", square=True)
        for seat in SEATS
        for _ in range(4)
    ]
    arrows = [marker(TOKEN, painter, "arrow", "arrow") for _ in range(size * size - 8)]
    lay_out(
        document,
        amazons + arrows,
        SheetSpec(TOKEN, TOKEN, 0.0),
        "Pieces",
        f"4 light amazons (L), 4 dark (D) and {len(arrows)} arrows: cut along the lines",
    )


KIT = Kit(
    draw,
    needs=("scissors", "optional: 8 chess pawns (4 light, 4 dark) instead of the printed amazons"),
    assembly=(
        "Cut out the amazons and the arrow markers along the lines.",
        "Set each amazon on a start square of its letter: L light, D dark.",
    ),
)
