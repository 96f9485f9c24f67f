"""Billabong kit: the 14 x 16 board at 22 mm a square (split across pages), tokens, a turn-order
card, jump diagrams and the rules summary.

Rules: ../shared/RULES.md, "Billabong". The board shows the lake (g7-j8) as water, the
start/finish line as a creek along the grid line between files h and i below the lake, with
arrows for the clockwise direction, and file letters and rank numbers on all four edges (the
names the simulator and the rules use). It is wider than any page, so pnp.render.tiling splits it
into equal overlapping parts with registration marks and an assembly map.
"""

from __future__ import annotations

from pnp.games.billabong.board import GRID, LAKE_FILES, LAKE_RANKS, LINE_FILE, LINE_TOP
from pnp.games.mechanics.grid import FILES
from pnp.kits.billabong.art import (
    CHIP,
    TOKEN,
    TOKEN_CELL,
    arrow,
    chip,
    token,
    wavy_band,
)
from pnp.kits.billabong.diagrams import diagrams_page
from pnp.kits.builder import Kit, KitContext
from pnp.render.drawing import CAP_HEIGHT, Drawing, Point, Style, rect_shape
from pnp.render.fonts import fit_size
from pnp.render.paper import component_sizes
from pnp.render.sheet import SheetSpec, lay_out
from pnp.render.theme import Painter
from pnp.render.tiling import tile_drawing

SQUARE = component_sizes("billabong")["square"]  # mm
BAND = 8.0  # the band of file letters / rank numbers around the board
LEGEND = 16.0  # below the bottom band: the creek's name
ROWS, COLS = GRID.rows, GRID.cols
WIDTH = COLS * SQUARE + 2 * BAND
HEIGHT = ROWS * SQUARE + 2 * BAND + LEGEND
GRID_LINE = "#5a4a30"
FRAME = "#3a2e1c"
INK = Style(stroke="#000000", width=0.6)
COLOURS = ("player1", "player2", "player3", "player4")
TOKEN_GAP = 3.0
# the strip where the board's two halves overlap (pnp.render.tiling, 12 mm), with 3 mm to spare
SEAM_LEFT, SEAM_RIGHT, SEAM_TOP = WIDTH / 2 - 9.0, WIDTH / 2 + 9.0, HEIGHT / 2 - 9.0


def square_box(row: int, col: int) -> tuple[float, float]:
    """Top-left corner of the square on grid row `row` (rank row + 1), file `col`."""
    return BAND + col * SQUARE, BAND + (ROWS - 1 - row) * SQUARE


def draw_board(painter: Painter) -> Drawing:
    board = Drawing(WIDTH, HEIGHT)
    for row in range(ROWS):
        for col in range(COLS):
            x, y = square_box(row, col)
            swatch = "land" if (row + col) % 2 else "land-dark"
            board.rect(x, y, SQUARE, SQUARE, Style(fill=painter.fill(swatch), stroke=None))
    grid = Style(stroke=painter.art(GRID_LINE), width=0.3)
    for k in range(1, COLS):
        board.line(BAND + k * SQUARE, BAND, BAND + k * SQUARE, BAND + ROWS * SQUARE, grid)
    for k in range(1, ROWS):
        board.line(BAND, BAND + k * SQUARE, BAND + COLS * SQUARE, BAND + k * SQUARE, grid)
    _creek(board, painter)
    _lake(board, painter)
    board.rect(
        BAND, BAND, COLS * SQUARE, ROWS * SQUARE, Style(stroke=painter.art(FRAME), width=0.7)
    )
    _labels(board)
    _direction_arrows(board)
    return board


def _lake(board: Drawing, painter: Painter) -> None:
    x, y = square_box(LAKE_RANKS[-1], LAKE_FILES[0])
    w, h = len(LAKE_FILES) * SQUARE, len(LAKE_RANKS) * SQUARE
    painter.area(board, rect_shape(x, y, w, h), "water", outline=0.8)
    colour = painter.ink == "color"
    dark = "#14406b" if colour else "#000000"
    if colour:  # below the words: a laser engraves the ripples, which would strike them through
        for fx, fy, length in ((0.12, 0.74, 14), (0.4, 0.6, 16), (0.7, 0.76, 16)):
            _ripple(board, x + fx * w, y + fy * h, length, painter.line("water"))
    # the board is split across its middle both ways on A4 and Letter: each text stays whole
    # on one quarter, above the middle, the title left of it and the note right of it
    left, right, middle = x + 9, x + w - 9, (y + 6 + SEAM_TOP) / 2
    title = fit_size("BILLABONG", 7.5, SEAM_LEFT - left, bold=True)
    note = ("the referee", "waits here;", "finished", "kangaroos", "rest here")
    size = min(fit_size(line, 3.0, right - SEAM_RIGHT) for line in note)
    cap, pitch = CAP_HEIGHT * size, CAP_HEIGHT * size + 0.9
    # from just under the loop's top arrow (y + 5) down, each line's middle
    centres = [y + 6.3 + cap / 2 + k * pitch for k in range(len(note))]
    if not colour:  # white panels keep the words whole and readable over the hatching
        panel = Style(fill="#ffffff", stroke=None)
        board.rect(left - 0.8, middle - 0.4 * title - 1.0, SEAM_LEFT - left + 1.6, title + 2.0,
                   panel, 1.5)  # fmt: skip
        top, bottom = centres[0] - cap / 2 - 1.0, centres[-1] + cap / 2 + 0.24 * size + 1.0
        board.rect(SEAM_RIGHT - 0.8, top, right - SEAM_RIGHT + 1.6, bottom - top, panel, 1.5)
    board.centred_text((left + SEAM_LEFT) / 2, middle, "BILLABONG", title, fill=dark, bold=True)
    for line, centre in zip(note, centres, strict=True):
        board.centred_text((SEAM_RIGHT + right) / 2, centre, line, size, fill=dark)
    _loop_arrows(board, x + 6, y + 5, w - 12, h - 10, dark, halo=not colour)


def _ripple(board: Drawing, x: float, y: float, length: float, colour: str) -> None:
    style = Style(stroke=colour, width=0.45)
    for k in range(3):
        x0 = x + k * length / 3
        board.path(
            [
                ("M", x0, y),
                ("C", x0 + length / 12, y - 1.4, x0 + length / 6, y - 1.4, x0 + length / 4, y),
            ],
            style,
        )


def _loop_arrows(
    board: Drawing, x: float, y: float, w: float, h: float, colour: str, halo: bool
) -> None:
    """Four arrows running clockwise round the inside of the lake's frame; with `halo`, each on
    a white band, so an arrow along the hatching's lines does not vanish into them."""
    inset = 6.0
    ends = [
        ((x + inset, y), (x + w - inset, y)),
        ((x + w, y + 2), (x + w, y + h - 2)),
        ((x + w - inset, y + h), (x + inset, y + h)),
        ((x, y + h - 2), (x, y + 2)),
    ]
    styles = [Style(stroke="#ffffff", width=3.4)] if halo else []  # two hatch lines either side
    for style in [*styles, Style(stroke=colour, width=0.6)]:
        for start, end in ends:
            arrow(board, start, end, style)


def _creek(board: Drawing, painter: Painter) -> None:
    line_x = BAND + LINE_FILE * SQUARE
    top = BAND + (ROWS - LINE_TOP) * SQUARE
    bottom = BAND + ROWS * SQUARE + BAND + 4.0
    painter.area(board, wavy_band(line_x, top, bottom, 4.2, 9.0), "water", outline=0.25)
    line = Style(stroke="#14406b" if painter.ink == "color" else "#000000", width=0.7)
    board.line(line_x, top, line_x, BAND + ROWS * SQUARE, line)
    legend_y = BAND + ROWS * SQUARE + BAND
    board.text(SEAM_LEFT, legend_y + 7.5 + 1.5, "START / FINISH", 4.2, bold=True, anchor="end")
    board.text(
        SEAM_LEFT,
        legend_y + 12.5 + 1.1,
        "cross right to left (clockwise): +1 lap; at +2 a kangaroo is finished",
        3.0,
        anchor="end",
    )


def _labels(board: Drawing) -> None:
    bottom = BAND + ROWS * SQUARE
    for col in range(COLS):
        x = BAND + (col + 0.5) * SQUARE
        board.centred_text(x, BAND / 2, FILES[col], 4.0, bold=True)
        board.centred_text(x, bottom + BAND / 2, FILES[col], 4.0, bold=True)
    for row in range(ROWS):
        y = square_box(row, 0)[1] + SQUARE / 2
        board.centred_text(BAND / 2, y, str(row + 1), 3.6, bold=True)
        board.centred_text(WIDTH - BAND / 2, y, str(row + 1), 3.6, bold=True)


def _direction_arrows(board: Drawing) -> None:
    """Clockwise arrows in the edge bands, between the labels beside the lake's middle."""
    mid_x = BAND + LINE_FILE * SQUARE
    mid_y = BAND + (ROWS - 7) * SQUARE  # between ranks 7 and 8, level with the lake's middle
    bottom = BAND + ROWS * SQUARE + BAND / 2
    pairs: list[tuple[Point, Point]] = [
        ((mid_x - 7, BAND / 2), (mid_x + 7, BAND / 2)),
        ((WIDTH - BAND / 2, mid_y - 7), (WIDTH - BAND / 2, mid_y + 7)),
        ((mid_x + 7.5, bottom), (mid_x - 7.5, bottom)),
        ((BAND / 2, mid_y + 7), (BAND / 2, mid_y - 7)),
    ]
    for start, end in pairs:
        arrow(board, start, end, INK, head=3.0)


def token_sheet(painter: Painter) -> tuple[list[Drawing], list[Drawing]]:
    """Fronts and backs: 5 kangaroos of each colour (back: the token after its first lap, `1`),
    the referee, and -1 chips (back: -2) to slide under a kangaroo whose count is below 0."""
    fronts, backs = [], []
    for swatch in COLOURS:
        letter = painter.letter(swatch)
        for _ in range(5):
            fronts.append(token(painter, swatch, letter))
            backs.append(token(painter, swatch, letter, mark="1"))
    fronts.append(token(painter, "referee", "REF"))
    backs.append(token(painter, "referee", "REF"))
    for _ in range(8):
        fronts.append(chip("-1"))
        backs.append(chip("-2"))
    return fronts, backs


def draw(kit: KitContext) -> None:
    setup, painter, document = kit.setup, kit.painter, kit.document
    tile_drawing(document, draw_board(painter), f"{kit.title} board, {SQUARE:g} mm squares")
    fronts, backs = token_sheet(painter)
    heading = f"Kangaroos ({TOKEN:g} mm), the referee and -1 chips ({CHIP:g} mm)"
    spec = SheetSpec(TOKEN_CELL, TOKEN_CELL, TOKEN_GAP)
    lay_out(document, fronts, spec, "Tokens", heading, backs=backs)
    diagrams_page(document, painter, setup)


KIT = Kit(
    draw,
    needs=("scissors", "a glue stick, if you print the token backs single-sided"),
    assembly=(
        "Cut out the kangaroos, the referee and the -1 chips.",
        "Cut out the turn-order card.",
        "Place the pieces as the rules summary says.",
    ),
)
