"""Paper Pen-guins kit: play sheets (as many per page as stay writable, the last page filled with
copies) and the rules summary.

Each sheet shows its numbers in a grid of cells at least 9 mm wide, files a.. and ranks 1.. on all
four sides, the sheet id and seed, a score box per player and the legend (square = first player,
circle = second). Rules: ../shared/RULES.md, "Paper Pen-guins".
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.mechanics.grid import FILES
from pnp.games.paper_penguins.sheets import PaperPenguinsSetup
from pnp.kits.builder import Kit, KitContext
from pnp.kits.paper_penguins.options import PaperPenguinsKitOptions
from pnp.render.drawing import Drawing, Style
from pnp.render.fonts import fit_size
from pnp.render.paper import Paper, component_sizes
from pnp.render.sheet import HEADING_SPACE, SheetSpec, capacity, lay_out

MIN_CELL = component_sizes("paper-penguins")["min_cell"]
MAX_CELL = component_sizes("paper-penguins")["max_cell"]
LABEL = 5.0  # the band of file letters / rank numbers around the grid
HEAD = 9.0  # title line above the grid
FOOT = 17.0  # score boxes and legend below the grid
GAP = 6.0
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
    sheet.text(0, 6, title, 4.6, bold=True)
    sheet.text(g.width, 6, caption, fit_size(caption, 3.0, g.width - 45), anchor="end")
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
    _score_boxes(sheet, g, top + g.rows * g.cell + LABEL + 1.5)
    return sheet


def _score_boxes(sheet: Drawing, g: SheetGeometry, y: float) -> None:
    half = (g.width - 3) / 2
    for k, (label, shape) in enumerate(
        (("1st player: squares", "square"), ("2nd player: circles", "circle"))
    ):
        x = k * (half + 3)
        sheet.rect(x, y, half, 9.5, FRAME, radius=1.0)
        if shape == "square":
            sheet.rect(x + 2, y + 2.5, 4.5, 4.5, INK)
        else:
            sheet.circle(x + 4.25, y + 4.75, 2.4, INK)
        sheet.text(x + 8.5, y + 3.6, label, fit_size(label, 2.6, half - 10))
        sheet.text(x + 8.5, y + 7.8, "score:", 2.4, fill="#555555")
    legend = "Place 4 each, then queen moves; put an X on the number you leave."
    sheet.text(0, y + 14, legend, fit_size(legend, 2.6, g.width))


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
    lay_out(document, drawings, geometry.spec(), "Sheets", heading, landscape, names=names)


KIT = Kit(
    draw,
    PaperPenguinsKitOptions,
    needs=("two pens of different colours for each pair of players", "scissors"),
    assembly=(
        "Cut the pages apart along the cut marks: one sheet for each game.",
        "Each pair of players takes a sheet and a pen each; the legend says who draws squares.",
    ),
)
