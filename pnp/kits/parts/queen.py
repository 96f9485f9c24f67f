"""Printed parts the queen-move kits share: fish, tiles and chips, tokens, markers, boards.

Sizes are millimetres. Tokens are 18 mm across and board squares 22 mm (hex cells 21.5 mm across
the flats), so a token or a pawn sits inside a cell with room to pick it up. Every colour comes
from the Painter, and every colour that tells pieces apart is doubled by a letter or a symbol,
so the parts work from a black-and-white printer.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.games.mechanics.grid import FILES, Cell, SquareGrid
from pnp.games.mechanics.hexgrid import HexGrid
from pnp.render.document import Page
from pnp.render.drawing import (
    WHITE,
    Drawing,
    Style,
    circle_shape,
    ellipse_shape,
    polygon_shape,
    translated,
)
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.hexsheet import hex_height, hexagon
from pnp.render.paper import component_sizes
from pnp.render.sheet import SheetSpec, draw_bleed
from pnp.render.theme import Painter

SIZES = component_sizes("queen-games")
TOKEN = SIZES["token"]  # token diameter
SQUARE = SIZES["square"]  # board square side
HEX_CELL = SIZES["hex_board_cell"]  # printed hex board cell, across the flats: one landscape page
LABEL = 6.0  # band of coordinates around a board
INK = Style(fill="#000000", stroke=None)
LINE = Style(stroke="#000000", width=0.3)
THIN = Style(stroke="#777777", width=0.2)
GREY = "#555555"
PATCH = Style(fill=WHITE, stroke=None)  # under a word on a hatched area

CellPainter = Callable[[Drawing, Cell, float, float], None]  # draws cell content at its centre


def draw_fish(drawing: Drawing, cx: float, cy: float, length: float) -> None:
    """A fish facing left, `length` from nose to tail, centred on (cx, cy), in black ink."""
    body = length * 0.7
    drawing.path(ellipse_shape(cx - length * 0.15, cy, body / 2, length * 0.2), INK)
    tail_x = cx - length * 0.15 + body / 2 - length * 0.04
    drawing.polygon(
        [
            (tail_x, cy),
            (cx + length / 2, cy - length * 0.18),
            (cx + length / 2, cy + length * 0.18),
        ],
        INK,
    )
    drawing.circle(
        cx - length * 0.36, cy - length * 0.04, length * 0.035, Style(fill=WHITE, stroke=None)
    )


def draw_fishes(drawing: Drawing, cx: float, cy: float, count: int, length: float) -> None:
    """`count` (1 to 3) fish stacked around (cx, cy)."""
    gap = length * 0.5
    offsets = {1: [(0.0, 0.0)], 2: [(0.0, -gap / 2), (0.0, gap / 2)]}.get(
        count, [(0.0, -gap), (0.0, 0.0), (0.0, gap)]
    )
    for k, (dx, dy) in enumerate(offsets):
        shift = length * 0.12 * (1 if k % 2 else -1) if count > 1 else 0.0
        draw_fish(drawing, cx + dx + shift, cy + dy, length)


def fish_tile(value: int, width: float, painter: Painter, swatch: str) -> Drawing:
    """A hexagonal tile with `value` fish, its outline the hexagon it is cut along."""
    height = hex_height(width)
    corners = hexagon(width / 2, height / 2, width)
    tile = Drawing(width, height, background=painter.fill(swatch), outline=polygon_shape(corners))
    painter.area(tile, polygon_shape(corners), swatch, outline=0.0)
    draw_fishes(tile, width / 2, height / 2 - width * 0.04, value, width * 0.4)
    tile.centred_text(width / 2, height * 0.82, str(value), width * 0.12, bold=True)
    return tile


def fish_chip(value: int, diameter: float, painter: Painter, swatch: str) -> Drawing:
    """A round chip with `value` fish and the swatch's letter, cut along its circle."""
    r = diameter / 2
    chip = Drawing(diameter, diameter, painter.fill(swatch), circle_shape(r, r, r))
    painter.area(chip, circle_shape(r, r, r), swatch, outline=0.0)
    chip.circle(r, r, r * 0.78, Style(fill=WHITE, stroke=painter.line(swatch), width=0.3))
    draw_fishes(chip, r, r - r * 0.08, value, diameter * 0.3)
    # inside the white disc with room to spare: at 0.6 r down, its corners touched the ring
    chip.centred_text(r, r + r * 0.52, f"{value} {painter.letter(swatch)}", r * 0.28, bold=True)
    chip.circle(r, r, r, Style(stroke="#000000", width=0.25))  # the cut line, white chips too
    return chip


def token(
    swatch: str,
    label: str,
    painter: Painter,
    symbol: str,
    square: bool = False,
    patterned: bool = False,
) -> Drawing:
    """A token: a ring in the swatch (round, or a square piece cut on shared lines), a white face
    with a symbol and `label`. A `patterned` ring shows the swatch's hatching in colour too, so
    pieces of more than two seats tell apart by pattern as well as by letter, engraved too (where
    a dark ring burns solid and a light one not at all)."""
    r = TOKEN / 2
    if square:
        face = Drawing(TOKEN, TOKEN, background=painter.fill(swatch))
        edge = polygon_shape([(0, 0), (TOKEN, 0), (TOKEN, TOKEN), (0, TOKEN)])
        painter.area(face, edge, swatch, outline=0.0)
    else:
        face = Drawing(TOKEN, TOKEN, painter.fill(swatch), circle_shape(r, r, r))
        paint = painter.patterned_area if patterned else painter.area
        paint(face, circle_shape(r, r, r), swatch, 0.3)
    face.circle(r, r, r * 0.68, Style(fill=WHITE, stroke="#000000", width=0.3))
    if symbol == "crown":
        _crown(face, r, r - 1.2, r * 0.95)
    else:
        _penguin(face, r, r - 1.0, r * 0.95, painter)
    face.centred_text(r, r + r * 0.48, label, r * 0.32, bold=True)
    return face


def _crown(drawing: Drawing, cx: float, cy: float, size: float) -> None:
    w, h = size * 0.5, size * 0.36
    top, base = cy - h / 2, cy + h / 2
    drawing.polygon(
        [
            (cx - w, base),
            (cx - w, top),
            (cx - w / 2, cy),
            (cx, top - h * 0.2),
            (cx + w / 2, cy),
            (cx + w, top),
            (cx + w, base),
        ],
        INK,
    )


def _penguin(drawing: Drawing, cx: float, cy: float, size: float, painter: Painter) -> None:
    drawing.path(ellipse_shape(cx, cy + size * 0.05, size * 0.26, size * 0.36), INK)
    drawing.path(
        ellipse_shape(cx, cy + size * 0.12, size * 0.16, size * 0.26),
        Style(fill=WHITE, stroke=None),
    )
    drawing.circle(cx, cy - size * 0.25, size * 0.15, INK)
    for side in (-1, 1):
        drawing.circle(cx + side * size * 0.06, cy - size * 0.27, size * 0.035, Style(fill=WHITE))
    drawing.polygon(
        [
            (cx - size * 0.05, cy - size * 0.2),
            (cx + size * 0.05, cy - size * 0.2),
            (cx, cy - size * 0.13),
        ],
        Style(fill=painter.art("#f0a020"), stroke="#000000", width=0.15),
    )


def marker(size: float, painter: Painter, swatch: str, symbol: str) -> Drawing:
    """A square marker cut on shared lines: `arrow` (a cross of two arrows) or `gap` (a hole)."""
    piece = Drawing(size, size, background=painter.fill(swatch))
    painter.area(piece, polygon_shape([(0, 0), (size, 0), (size, size), (0, size)]), swatch, 0.0)
    c, arm = size / 2, size * 0.3
    ink = Style(stroke=painter.text_on(swatch), width=size * 0.06)
    if symbol == "arrow":
        piece.line(c - arm, c - arm, c + arm, c + arm, ink)
        piece.line(c - arm, c + arm, c + arm, c - arm, ink)
    else:
        piece.path(
            ellipse_shape(c, c, arm, arm * 0.6), Style(fill=WHITE, stroke=ink.stroke, width=0.5)
        )
        piece.path(
            ellipse_shape(c, c + arm * 0.1, arm * 0.6, arm * 0.3),
            Style(fill=painter.fill("water"), stroke=None),
        )
    return piece


def square_board(
    grid: SquareGrid, painter: Painter, swatch_of: Callable[[Cell], str], content: CellPainter
) -> Drawing:
    """A board of SQUARE squares with files a.. and ranks 1.. on all four sides."""
    width, height = grid.cols * SQUARE + 2 * LABEL, grid.rows * SQUARE + 2 * LABEL
    board = Drawing(width, height)
    for row in range(grid.rows):
        for col in range(grid.cols):
            x, y = LABEL + col * SQUARE, LABEL + (grid.rows - 1 - row) * SQUARE
            cell = grid.cell(row, col)
            square = polygon_shape(
                [(x, y), (x + SQUARE, y), (x + SQUARE, y + SQUARE), (x, y + SQUARE)]
            )
            painter.area(board, square, swatch_of(cell), outline=0.0)
            content(board, cell, x + SQUARE / 2, y + SQUARE / 2)
    for k in range(grid.cols + 1):
        board.line(LABEL + k * SQUARE, LABEL, LABEL + k * SQUARE, height - LABEL, THIN)
    for k in range(grid.rows + 1):
        board.line(LABEL, LABEL + k * SQUARE, width - LABEL, LABEL + k * SQUARE, THIN)
    board.rect(
        LABEL, LABEL, grid.cols * SQUARE, grid.rows * SQUARE, Style(stroke="#000000", width=0.5)
    )
    for col in range(grid.cols):
        x = LABEL + (col + 0.5) * SQUARE
        for y in (LABEL / 2, height - LABEL / 2):
            board.centred_text(x, y, FILES[col], 3.6, bold=True)
    for row in range(grid.rows):
        y = LABEL + (grid.rows - 1 - row + 0.5) * SQUARE
        for x in (LABEL / 2, width - LABEL / 2):
            board.centred_text(x, y, str(row + 1), 3.6, bold=True)
    return board


def hex_centre(grid: HexGrid, cell: Cell, width: float) -> tuple[float, float]:
    """Where a cell's centre sits on a drawing of the board, without margins."""
    row, x = grid.doubled(cell)
    height = hex_height(width)
    return (x + 1) * width / 2, height / 2 + (grid.rows - 1 - row) * 0.75 * height


def hex_board(
    grid: HexGrid,
    width: float,
    painter: Painter,
    swatch_of: Callable[[Cell], str],
    content: CellPainter,
) -> Drawing:
    """The board of offset rows, each cell `width` across, named (a1 ...) in its top corner,
    rows numbered at the left."""
    height = hex_height(width)
    board_w = (grid.cols + 0.5) * width
    board_h = height + (grid.rows - 1) * 0.75 * height
    board = Drawing(board_w + 2 * LABEL, board_h + 2 * LABEL)
    for cell in range(grid.cells):
        cx, cy = hex_centre(grid, cell, width)
        cx, cy = cx + LABEL, cy + LABEL
        shape = polygon_shape(hexagon(cx, cy, width))
        painter.area(board, shape, swatch_of(cell), outline=0.0)
        board.path(shape, Style(stroke="#000000", width=0.35))
        content(board, cell, cx, cy)
        name, size = grid.name(cell), max(width * 0.1, SMALLEST)
        if painter.ink != "color":  # the ice is hatched: the name gets a white patch
            w = text_width(name, size) + 1.6  # the hatching's lines clear of every letter
            board.rect(cx - w / 2, cy - height * 0.36 - size * 0.75, w, size * 1.5, PATCH)
        board.centred_text(cx, cy - height * 0.36, name, size, fill=GREY)
    for row in range(grid.rows):
        cy = LABEL + height / 2 + (grid.rows - 1 - row) * 0.75 * height
        board.centred_text(LABEL / 2, cy, str(row + 1), 3.6, bold=True)
    return board


def tally_sheet(
    title: str, seats: tuple[str, str], entries: int, width: float, height: float
) -> Drawing:
    """A score pad: for each player `entries` numbered boxes (the most chips one player can
    spear: every chip but those under the 8 penguins, when the other player is walled in at
    once), in as many columns as the page needs; then the end claims, the totals and the chip
    count that breaks a tie."""
    sheet = Drawing(width, height)
    sheet.text(0, 6, title, fit_size(title, 5.0, width), bold=True)
    line_h, top, labels_w = 7.0, 14.0, 32.0
    block_w = (width - labels_w) / 2
    room = int((height - top - 6 * line_h) // line_h)  # rows that fit above the totals
    columns = -(-entries // room)
    rows = -(-entries // columns)
    box_w = block_w / columns
    for k, seat in enumerate(seats):
        x = labels_w + k * block_w
        sheet.rect(x, top, block_w, line_h, Style(fill="#eeeeee", stroke="#000000", width=0.3))
        sheet.centred_text(x + block_w / 2, top + line_h / 2, seat, 3.6, bold=True)
        for n in range(entries):
            column, row = divmod(n, rows)
            bx, by = x + column * box_w, top + (row + 1) * line_h
            sheet.rect(bx, by, box_w, line_h, Style(stroke="#000000", width=0.25))
            sheet.text(bx + 0.8, by + 2.8, str(n + 1), SMALLEST, fill=GREY)
    sheet.text(labels_w - 2, top + line_h * 1.68, "fish of each", 3.0, anchor="end")
    sheet.text(labels_w - 2, top + line_h * 2.68, "chip speared", 3.0, anchor="end")
    for i, label in enumerate(["under penguins", "total fish", "chips"]):
        y = top + (rows + 1 + i) * line_h
        size = fit_size(label, 3.2, labels_w - 3, True)
        sheet.text(labels_w - 2, y + line_h * 0.68, label, size, anchor="end", bold=True)
        for k in range(2):
            box = Style(stroke="#000000", width=0.5)
            sheet.rect(labels_w + k * block_w, y, block_w, line_h, box)
    note = "Write the fish of every chip you spear; at the end add the chips under your penguins."
    sheet.text(0, top + (rows + 4) * line_h + 5, note, fit_size(note, 3.0, width))
    return sheet


def place_items(page: Page, items: list[Drawing], x: float, y: float, width: float, gap: float,
                group: int = 1, bleed: float = 0.0) -> float:  # fmt: skip
    """Lay `items` in rows from (x, y) across `width` on `page`, recording each one's cut
    outline, with `bleed` under them as a sheet has it (`draw_bleed`); returns the y below the
    last row. Where a row holds at least one `group` (items that belong together, such as one
    colour's tokens), it holds whole groups only."""
    item_w, item_h = items[0].width, items[0].height
    per_row = max(1, int((width + gap) // (item_w + gap)))
    if per_row >= group:
        per_row -= per_row % group
    spots = [(x + k % per_row * (item_w + gap), y + k // per_row * (item_h + gap))
             for k in range(len(items))]  # fmt: skip
    if bleed:
        draw_bleed(page.drawing, SheetSpec(item_w, item_h, gap), items, spots, bleed)
    for item, (px, py) in zip(items, spots, strict=True):
        page.drawing.place(item, px, py)
        page.cut(translated(item.cut_outline(), px, py))
    rows = -(-len(items) // per_row)
    return y + rows * (item_h + gap)
