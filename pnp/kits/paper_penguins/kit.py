"""Paper Pen-guins kit: play sheets (as many per page as stay writable, the last page filled with
copies), a half-page rules handout with the example sheet of the rules' seed, and the rules
summary.

Each sheet shows its numbers in a grid of cells at least 9 mm wide, files a.. and ranks 1.. on all
four sides, the sheet id and seed, per player a name line and a running-total tally strip
(teachers hand sheets out to classes), and the legend. Rules: ../shared/RULES.md, "Paper
Pen-guins".
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.mechanics.grid import FILES
from pnp.games.paper_penguins.sheets import PaperPenguinsSetup
from pnp.kits.builder import Kit, KitContext
from pnp.kits.paper_penguins.options import PaperPenguinsKitOptions
from pnp.render.drawing import Drawing, Style
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.paper import Paper, component_sizes
from pnp.render.sheet import HEADING_SPACE, SheetSpec, capacity, lay_out
from pnp.render.text import paragraph

MIN_CELL = component_sizes("paper-penguins")["min_cell"]
MAX_CELL = component_sizes("paper-penguins")["max_cell"]
LABEL = 5.0  # the band of file letters / rank numbers around the grid
HEAD = 9.0  # title line above the grid
FOOT = 25.0  # per player a name line and a running-total tally strip, then the legend
TALLY_W, TALLY_H = 5.0, 4.6  # mm, a tally box: five strokes, five points
TALLY_ROWS = 2
TALLY_ROW = TALLY_H + 2.8  # a row of boxes and the totals printed under them
# the legend under the tally strips, the longest that fits the sheet at the smallest text size
LEGENDS = (
    "Place 4 each, move like a queen, X where you leave.",
    "4 each; queen moves; X where you leave.",
)
PLAYER_BLOCKS = (("1st", "square"), ("2nd", "circle"))
GAP = 6.0
MARGIN = 1.5  # mm from the cut line to the title, the tally strips and the legend
GRID = Style(stroke="#777777", width=0.2)
FRAME = Style(stroke="#000000", width=0.4)
INK = Style(stroke="#000000", width=0.35)


@dataclass(frozen=True)
class SheetGeometry:
    rows: int
    cols: int
    cell: float

    @property
    def width(self) -> float:
        return self.cols * self.cell + 2 * LABEL

    @property
    def height(self) -> float:
        return HEAD + self.rows * self.cell + 2 * LABEL + FOOT

    def spec(self) -> SheetSpec:
        return SheetSpec(self.width, self.height, GAP)


def choose_geometry(rows: int, cols: int, paper: Paper) -> tuple[SheetGeometry, bool]:
    """The cell size and orientation that put the most sheets on a page, then the largest cells;
    a sheet taller than wide goes on a portrait page, a wider one on a landscape page."""
    best: tuple[int, float, bool] | None = None
    for landscape in (False, True):
        content = paper.oriented(landscape).content.below(HEADING_SPACE)
        cell = MAX_CELL
        while cell >= MIN_CELL:
            geometry = SheetGeometry(rows, cols, cell)
            spec = geometry.spec()
            count = spec.count(content.w, spec.item_width) * spec.count(content.h, spec.item_height)
            candidate = (count, cell, not landscape)
            upright = (geometry.width > geometry.height) == landscape
            if count and upright and (best is None or candidate > best):
                best = candidate
            cell -= 0.5
    if best is None:  # not even at the smallest cell: let lay_out explain with the sizes
        return SheetGeometry(rows, cols, MIN_CELL), False
    return SheetGeometry(rows, cols, best[1]), not best[2]


def draw_sheet(title: str, rows: list[str], geometry: SheetGeometry, caption: str) -> Drawing:
    g = geometry
    sheet = Drawing(g.width, g.height)
    # the title takes what the caption leaves, so neither shrinks unreadably on a narrow sheet;
    # both keep MARGIN from the cut lines, so scissors leave every letter whole
    inner = g.width - 2 * MARGIN
    size = fit_size(caption, 3.0, inner * 0.48)
    title_w = inner - text_width(caption, size) - 3.0
    sheet.text(MARGIN, 6, title, fit_size(title, 4.6, title_w, bold=True), bold=True)
    sheet.text(g.width - MARGIN, 6, caption, size, anchor="end")
    top, left = HEAD + LABEL, LABEL
    for c in range(g.cols):
        x = left + (c + 0.5) * g.cell
        sheet.centred_text(x, HEAD + LABEL / 2, FILES[c], 3.2)
        sheet.centred_text(x, top + g.rows * g.cell + LABEL / 2, FILES[c], 3.2)
    for i, row in enumerate(rows):
        y = top + (i + 0.5) * g.cell
        rank = str(g.rows - i)
        sheet.centred_text(LABEL / 2, y, rank, 3.2)
        sheet.centred_text(left + g.cols * g.cell + LABEL / 2, y, rank, 3.2)
        for c, digit in enumerate(row):
            sheet.centred_text(left + (c + 0.5) * g.cell, y, digit, g.cell * 0.42)
    for k in range(1, g.cols):
        x = left + k * g.cell
        sheet.line(x, top, x, top + g.rows * g.cell, GRID)
    for k in range(1, g.rows):
        y = top + k * g.cell
        sheet.line(left, y, left + g.cols * g.cell, y, GRID)
    sheet.rect(left, top, g.cols * g.cell, g.rows * g.cell, FRAME)
    _score_boxes(sheet, g, top + g.rows * g.cell + LABEL + 0.5)
    return sheet


def tally_columns(width: float) -> int:
    """Tally boxes per row in a player's half of a sheet `width` mm wide (inside its margins)."""
    return int(((width - 2 * MARGIN - 3) / 2) // TALLY_W)


def _score_boxes(sheet: Drawing, g: SheetGeometry, y: float) -> None:
    """Per player: the shape, a name line and a running-total tally strip (a stroke per point,
    five to a box, the total under each box), so a sheet handed out to a class says who played
    it and how the score went."""
    half = (g.width - 2 * MARGIN - 3) / 2
    cols = tally_columns(g.width)
    for k, (seat, shape) in enumerate(PLAYER_BLOCKS):
        x = MARGIN + k * (half + 3)
        if shape == "square":
            sheet.rect(x + 0.3, y + 0.3, 3.6, 3.6, INK)
        else:
            sheet.circle(x + 2.1, y + 2.1, 1.9, INK)
        sheet.text(x + 5.2, y + 3.4, seat, 2.8, bold=True)
        name_x = x + 5.2 + text_width(seat, 2.8, True) + 1.5
        sheet.text(name_x, y + 3.4, "name", SMALLEST, fill="#555555")
        sheet.line(name_x + 6.5, y + 3.8, x + half - 0.5, y + 3.8, INK)
        top = y + 6.5
        for n in range(TALLY_ROWS * cols):
            row, col = divmod(n, cols)
            bx, by = x + col * TALLY_W, top + row * TALLY_ROW
            sheet.rect(bx, by, TALLY_W, TALLY_H, GRID)
            sheet.text(bx + TALLY_W - 1.6, by + TALLY_H + 2.4, str(5 * (n + 1)), SMALLEST,
                       fill="#555555", anchor="middle")  # fmt: skip
    # the totals under the boxes say five to a box, the rules handout says the rest
    inner = g.width - 2 * MARGIN
    legend = next((t for t in LEGENDS if text_width(t, SMALLEST) <= inner), LEGENDS[-1])
    sheet.text(MARGIN, y + 6.5 + TALLY_ROWS * TALLY_ROW + 2.0, legend, SMALLEST)


def draw(kit: KitContext) -> None:
    """The setup's sheets, then copies of them (in order) until the last page is full: a sheet is
    used up by one game, so a teacher's class or a rematch needs more than one of each."""
    setup, settings, document = kit.setup, kit.settings, kit.document
    sheets = PaperPenguinsSetup.of(setup.data).sheets
    rows, cols = len(sheets[0].rows), len(sheets[0].rows[0])
    geometry, landscape = choose_geometry(rows, cols, settings.paper)
    seed = "board file" if setup.seed is None else f"seed {setup.seed}"
    distinct = f"{len(sheets)} sheet{'s' if len(sheets) > 1 else ''}"
    heading = f"{kit.title}: {distinct}  ·  two players and two pens a sheet"
    slots = max(1, capacity(document, geometry.spec(), heading, landscape))
    printed = -(-len(sheets) // slots) * slots
    if printed > len(sheets):
        heading = f"{kit.title}: {distinct}, {printed} printed  ·  two players and two pens a sheet"
    order = [sheets[k % len(sheets)] for k in range(printed)]
    drawings = [
        draw_sheet(
            kit.title, list(sheet.rows), geometry, f"sheet {sheet.id}  ·  {seed}  ·  {rows}x{cols}"
        )
        for sheet in order
    ]
    names = ["play sheet"] * len(sheets) + ["copy of a play sheet"] * (printed - len(sheets))
    # written on with pens, handed out: paper, in a laser kit too
    lay_out(document, drawings, geometry.spec(), "Sheets", heading, landscape, names=names,
            laser=False)  # fmt: skip
    handout = draw_handout(kit.title)
    lay_out(
        document,
        [handout, handout],
        SheetSpec(handout.width, handout.height, 4.0),
        "Rules handout",
        "Rules handout: two half pages, cut and hand out with the sheets",
        names=["rules handout (half a page)"] * 2,
        laser=False,
    )


# -- the rules handout: half a page, with the example sheet of the rules' seed ---------------------

HANDOUT_W, HANDOUT_H = 190.0, 102.0
EXAMPLE_ROWS = (  # the seed's example sheet (RULES.md, "Paper Pen-guins": 32/21/11, 107 points)
    "23232231",
    "11321312",
    "21111222",
    "11111213",
    "11111211",
    "12323132",
    "22212111",
    "32211113",
)
EXAMPLE_SQUARES = ("b8", "c3", "e3", "h8")  # after the move c7 -> c3
EXAMPLE_CIRCLES = ("d8", "f6", "d4", "a7")
EXAMPLE_MOVE = ("c7", "c3")
HANDOUT_RULES = [
    "**Two players, one sheet, two pens.** The 1st player draws **squares**, the 2nd **circles**.",
    "**Place:** take turns drawing your shape around any number not yet marked, 4 each. "
    "You score that number.",
    "**Move:** then take turns moving one of your pieces like a chess queen: straight across, "
    "up and down or diagonally, as far as you like, to a number not marked. Put an **X** on the "
    "number you leave, draw your shape around the one you reach and score it.",
    "Pieces and X-ed numbers block: you may not move onto or past them.",
    "**Can't move?** You pass. When neither player can move, the game ends: the higher score "
    "wins, equal scores draw.",
    "**Keep score** on the tally strip under your name: a stroke per point, five to a box.",
]


def _cell_centre(name: str, left: float, top: float, cell: float, rows: int) -> tuple[float, float]:
    col, rank = FILES.index(name[0]), int(name[1:])
    return left + (col + 0.5) * cell, top + (rows - rank + 0.5) * cell


def draw_handout(title: str) -> Drawing:
    """Half a page of rules with the seed's example sheet: four squares and four circles placed,
    then the squares' move c7 -> c3 (an X on c7)."""
    handout = Drawing(HANDOUT_W, HANDOUT_H)
    handout.rect(0, 0, HANDOUT_W, HANDOUT_H, FRAME)
    handout.text(4, 9, f"{title}: how to play", 5.2, bold=True)
    cell, left, top = 8.0, 9.0, 18.0
    sheet = SheetGeometry(8, 8, cell)
    for c in range(8):
        handout.centred_text(left + (c + 0.5) * cell, top - 2.5, FILES[c], 2.8)
    for i, row in enumerate(EXAMPLE_ROWS):
        y = top + (i + 0.5) * cell
        handout.centred_text(left - 2.8, y, str(8 - i), 2.8)
        for c, digit in enumerate(row):
            handout.centred_text(left + (c + 0.5) * cell, y, digit, cell * 0.42)
    for k in range(1, 8):
        handout.line(left + k * cell, top, left + k * cell, top + 8 * cell, GRID)
        handout.line(left, top + k * cell, left + 8 * cell, top + k * cell, GRID)
    handout.rect(left, top, sheet.cols * cell, sheet.rows * cell, FRAME)
    mark = Style(stroke="#000000", width=0.5)
    for name in EXAMPLE_SQUARES:
        x, y = _cell_centre(name, left, top, cell, 8)
        handout.rect(x - 2.6, y - 2.6, 5.2, 5.2, mark)
    for name in EXAMPLE_CIRCLES:
        x, y = _cell_centre(name, left, top, cell, 8)
        handout.circle(x, y, 2.9, mark)
    (x0, y0), (x1, y1) = (_cell_centre(n, left, top, cell, 8) for n in EXAMPLE_MOVE)
    handout.line(x0 - 3, y0 - 3, x0 + 3, y0 + 3, mark)
    handout.line(x0 - 3, y0 + 3, x0 + 3, y0 - 3, mark)
    handout.line(x0 + 3.2, y0 + 3.4, x1 + 3.2, y1 - 3.4, Style(stroke="#555555", width=0.35,
                 dash=(1.2, 0.9)))  # fmt: skip
    example = (
        "The example sheet of the rules: squares placed b8, c7, e3, h8 (3+3+3+1 = 10), circles "
        "d8, f6, d4, a7 (3+2+1+1 = 7). Then squares moved c7 to c3: X on c7, +3, 13 in all."
    )
    paragraph(handout, left - 5, top + 8 * cell + 3, 8 * cell + 8, [example], SMALLEST)
    x = left + 8 * cell + 8
    paragraph(handout, x, 13, HANDOUT_W - x - 4, HANDOUT_RULES, 3.1)
    return handout


KIT = Kit(
    draw,
    PaperPenguinsKitOptions,
    needs=("two pens of different colours for each pair of players", "scissors"),
    assembly=(
        "Cut the pages apart along the cut marks: one sheet for each game.",
        "Each pair of players takes a sheet and a pen each; the square and the circle by the "
        "name lines say who draws which.",
        "Cut the rules handout in half: each half explains the game with the rules' example.",
    ),
)
