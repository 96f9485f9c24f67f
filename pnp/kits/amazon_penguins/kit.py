"""Amazon Penguins kit: the board printed with the setup's fish layout (so it needs no chips),
cut-out chips or tiles for players who lay their own, 4 + 4 penguin tokens, gap markers for
speared chips on the printed board, a tally sheet and the rules summary.

Variant `square`: 8 x 8 squares of 22 mm, fish chips 32 white (1), 21 red (2), 11 green (3).
Variant `hex`: the Penguins floe (cells 21.5 mm across) and its 60 hexagonal tiles.
Rules: ../shared/RULES.md, "Amazon Penguins".
"""

from __future__ import annotations

from pnp.games.amazon_penguins.game import BOARDS, PENGUINS_EACH, SEATS, AmazonPenguinsSetup
from pnp.games.base import Setup
from pnp.games.mechanics.grid import Cell, SquareGrid
from pnp.games.penguins.floe import values_of
from pnp.kits.builder import Kit, KitContext
from pnp.kits.parts.fold import fold_over
from pnp.kits.parts.queen import (
    HEX_CELL,
    SQUARE,
    TOKEN,
    draw_fishes,
    fish_chip,
    fish_tile,
    hex_board,
    marker,
    square_board,
    tally_sheet,
    token,
)
from pnp.render.drawing import WHITE, Drawing, Style
from pnp.render.hexsheet import lay_out_hexes
from pnp.render.paper import component_sizes
from pnp.render.sheet import SheetSpec, lay_out
from pnp.render.theme import Painter
from pnp.render.tiling import tile_drawing

CHIP = component_sizes("amazon-penguins")["chip"]
CHIP_FACE = 0.4  # radius of a printed square's white chip face, per square side
TILE = component_sizes("amazon-penguins")["tile"]


def printed_board(setup: Setup, painter: Painter) -> Drawing:
    grid, _ = BOARDS[setup.variant]
    values = values_of(grid, AmazonPenguinsSetup.of(setup.data).rows)
    prefix = "chip" if isinstance(grid, SquareGrid) else "ice"
    size = SQUARE if isinstance(grid, SquareGrid) else HEX_CELL

    def content(board: Drawing, cell: Cell, cx: float, cy: float) -> None:
        value, chip = values[cell], prefix == "chip"
        if chip:  # the white face of a cut-out chip, the fish and label higher up on it: black
            # on white in every ink, and engraved the face is left, not burnt with its square
            face = Style(fill=WHITE, stroke=painter.line(swatch(cell)), width=0.3)
            board.circle(cx, cy, size * CHIP_FACE, face)
        draw_fishes(board, cx, cy - size * (0.08 if chip else 0.05), value, size * 0.3)
        label = f"{value}{painter.letter(swatch(cell)) if chip else ''}"
        board.centred_text(cx, cy + size * (0.28 if chip else 0.36), label, size * 0.13, bold=True)

    def swatch(cell: Cell) -> str:
        return f"{prefix}{values[cell]}"

    if isinstance(grid, SquareGrid):
        return square_board(grid, painter, swatch, content)
    return hex_board(grid, HEX_CELL, painter, swatch, content)


def draw(kit: KitContext) -> None:
    setup, painter, document = kit.setup, kit.painter, kit.document
    grid, mix = BOARDS[setup.variant]
    tile_drawing(document, printed_board(setup, painter), f"Board of seed {kit.seed_label}")
    # the penguins folded and glued: two faces, stiff enough to pick up; the markers lie flat
    penguins = [
        fold_over(token(seat, seat[0].upper(), painter, "penguin", square=True))
        for seat in SEATS
        for _ in range(4)
    ]
    heading = "4 light (L) and 4 dark (D) penguins: cut along the lines, fold in the middle, glue"
    lay_out(document, penguins, SheetSpec(TOKEN, 2 * TOKEN, 0.0), "Pieces", heading,
            names=["Penguins (fold and glue)"] * len(penguins))  # fmt: skip
    gaps = [marker(TOKEN, painter, "gap", "gap") for _ in range(grid.cells - 8)]
    heading = f"{len(gaps)} gap markers for speared chips"
    lay_out(document, gaps, SheetSpec(TOKEN, TOKEN, 0.0), "Pieces", heading,
            names=["Gap markers"] * len(gaps))  # fmt: skip
    if isinstance(grid, SquareGrid):
        chips = [
            fish_chip(value, CHIP, painter, f"chip{value}")
            for value, count in zip((1, 2, 3), mix, strict=True)
            for _ in range(count)
        ]
        heading = "Chips to lay your own board: 32 white (1), 21 red (2), 11 green (3)"
        lay_out(document, chips, SheetSpec(CHIP, CHIP, 3.0), "Chips", heading)
    else:
        tiles = [
            fish_tile(value, TILE, painter, f"ice{value}")
            for value, count in zip((1, 2, 3), mix, strict=True)
            for _ in range(count)
        ]
        heading = "Tiles to lay your own floe: 30 one-fish, 20 two-fish, 10 three-fish"
        lay_out_hexes(document, tiles, "Tiles", heading)
    page = document.new_page("Tally")
    area = page.paper.content
    names = (f"{SEATS[0]} (L)", f"{SEATS[1]} (D)")
    entries = grid.cells - 2 * PENGUINS_EACH  # one player may spear every chip left
    sheet = tally_sheet(f"{kit.title}: tally", names, entries, area.w, area.h)
    page.drawing.place(sheet, area.x, area.y)


KIT = Kit(
    draw,
    needs=("scissors", "a pencil, for the tally"),
    assembly=(
        "Cut out the penguins and the gap markers along the lines; fold each penguin in the "
        "middle, printed sides out, and glue it shut.",
        "Play on the printed board as it is; the chips or tiles are for laying a board of your "
        "own instead.",
        "Keep the tally sheet and a pencil at hand.",
    ),
)
