"""Wallaby's turn, drawn: small boards with arrows for jump, bounce, harvest and ground check.

Rules: ../shared/RULES.md, "Wallaby". The rules summary is flowed text, so the turn is shown on a
page of its own: panels of a few squares each, written in the tests' text notation (a digit is a
tile, . no tile, o a spot off the board in the Valley; R and B are wallabies, S the scarecrow).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.wallaby.field import Field
from pnp.kits.wallaby.art import arrow, cross, plants, scarecrow
from pnp.render.document import Document
from pnp.render.drawing import Anchor, Drawing, Point, Style, rect_shape
from pnp.render.fonts import SMALLEST
from pnp.render.text import paragraph
from pnp.render.theme import Painter

CELL = 10.5
PANEL_W, PANEL_H = 92.0, 78.0  # three rows of panels fit A4 and US Letter
SUMMARY_H = 62.0
CAPTION = 2.9
MOVE = Style(stroke="#333333", width=0.5, dash=(1.6, 1.0))
EDGE = Style(stroke="#000000", width=0.6)
GAP_LINE = Style(stroke="#999999", width=0.3, dash=(1.2, 1.0))
WALLABY_SWATCH = {"R": "player1", "B": "player2"}


def pen(painter: Painter, swatch: str, width: float = 0.7) -> Style:
    """Arrows in a swatch's line colour: red jumps, blue bounces, black in black-and-white."""
    return Style(stroke=painter.line(swatch), width=width)


@dataclass(frozen=True)
class MiniBoard:
    """A few squares of a board at (x, y), rows top first, in the text notation."""

    rows: tuple[str, ...]
    x: float
    y: float

    @property
    def bottom(self) -> float:
        return self.y + len(self.rows) * CELL

    def centre(self, col: int, row: int) -> Point:
        return self.x + (col + 0.5) * CELL, self.y + (row + 0.5) * CELL

    def draw(self, drawing: Drawing, painter: Painter) -> None:
        for r, line in enumerate(self.rows):
            for c, token in enumerate(line.split()):
                self._square(drawing, painter, c, r, token)

    def _square(self, drawing: Drawing, painter: Painter, c: int, r: int, token: str) -> None:
        x, y = self.x + c * CELL, self.y + r * CELL
        kind, pieces = token[0], token[1:]
        if kind == "o":
            painter.area(drawing, rect_shape(x, y, CELL, CELL), "outside", outline=0.2)
        elif kind == ".":
            drawing.rect(x + 0.6, y + 0.6, CELL - 1.2, CELL - 1.2, GAP_LINE)
        else:
            drawing.rect(
                x, y, CELL, CELL, Style(fill=painter.fill("field"), stroke="#555555", width=0.3)
            )
            plants(drawing, x + 3.5, y + 1.0, CELL - 4.5, int(kind), painter)
            drawing.text(x + 1.0, y + 3.6, kind, 3.0, bold=True)
        # a piece sits right of centre and low, clear of the tile's number in the top-left corner
        for k, piece in enumerate(pieces):
            px, py = x + CELL / 2 + 0.6 + (k - (len(pieces) - 1) / 2) * 4.5, y + CELL / 2 + 1.3
            if piece == "S":
                scarecrow(drawing, px - 2.2, py - 5.9, 6.2, 8.9, painter)
            else:
                _pawn(drawing, painter, px, py, WALLABY_SWATCH[piece])


def _pawn(drawing: Drawing, painter: Painter, cx: float, cy: float, swatch: str) -> None:
    shape = (
        ("M", cx + 3.2, cy),
        ("C", cx + 3.2, cy + 1.8, cx + 1.8, cy + 3.2, cx, cy + 3.2),
        ("C", cx - 1.8, cy + 3.2, cx - 3.2, cy + 1.8, cx - 3.2, cy),
        ("C", cx - 3.2, cy - 1.8, cx - 1.8, cy - 3.2, cx, cy - 3.2),
        ("C", cx + 1.8, cy - 3.2, cx + 3.2, cy - 1.8, cx + 3.2, cy),
        ("Z",),
    )
    painter.area(drawing, shape, swatch, outline=0.4)
    painter.label(drawing, cx, cy, painter.letter(swatch), 3.6, swatch)


def _panel(title: str, height: float = PANEL_H) -> Drawing:
    """A blank panel with its title."""
    panel = Drawing(PANEL_W, height)
    panel.rect(0, 0, PANEL_W, height, Style(stroke="#bbbbbb", width=0.3), radius=2)
    panel.text(3, 6.5, title, 4.0, bold=True)
    return panel


def _caption(panel: Drawing, y: float, lines: list[str]) -> None:
    paragraph(panel, 3, y, PANEL_W - 6, lines, CAPTION)


def jump_and_bounce(painter: Painter) -> Drawing:
    jump, bounce = pen(painter, "jump"), pen(painter, "bounce")
    panel = _panel("1  Jump, then bounce")
    board = MiniBoard(("2 1 3 1 2", "1 3 . 2 .", "3 2 1 . 3", "1 2R 2 3 1"), 18, 13)
    board.draw(panel, painter)
    arrow(panel, board.centre(1, 3), board.centre(1, 1), jump, lift=7, trim=3.5)
    arrow(panel, board.centre(1, 1), board.centre(4, 1), bounce, lift=-7, trim=1.5)
    _label(panel, board.x - 1.5, board.y + 2.4 * CELL, "jump 2", jump, "end")
    _label(panel, board.x + 3 * CELL, board.y - 1.5, "bounce 3", bounce, "middle")
    _caption(panel, board.bottom + 4, [
        "Red stands on a 2: it **jumps** 2 squares in a straight line (here north). It lands on "
        "a 3, so it **bounces** 3 squares in any direction (here east), but never back to the "
        "square where its turn began.",
    ])  # fmt: skip
    return panel


def harvest_and_ground_check(painter: Painter, with_scarecrow: bool = True) -> Drawing:
    """Panel 2; without the scarecrow (children's variant) a free tile is one without a rival."""
    panel = _panel("2  Harvest, then ground check")
    board = MiniBoard(("2 1 3 1 2", "1 . . 2 .R", "3 2 1 . 3", "1 2 2 3 1"), 4, 13)
    board.draw(panel, painter)
    zone_x, zone_y = 70.0, 15.0
    panel.rect(
        zone_x - 2,
        zone_y - 2,
        CELL + 4,
        36,
        Style(stroke="#888888", width=0.3, dash=(1.5, 1)),
        radius=1.5,
    )
    zone = "harvest zone"
    panel.text(zone_x + CELL / 2, zone_y + 38, zone, SMALLEST, anchor="middle", fill="#444444")
    MiniBoard(("3",), zone_x, zone_y).draw(panel, painter)
    MiniBoard(("1",), zone_x, zone_y + 19).draw(panel, painter)
    arrow(panel, board.centre(1, 1), (zone_x - 1, zone_y + CELL / 2), MOVE, lift=9)
    arrow(panel, (zone_x - 1, zone_y + 19 + CELL / 2), board.centre(4, 1), MOVE, lift=-3, trim=1)
    _label(panel, board.x + 1.5 * CELL, board.y - 1.5, "take the 3", MOVE, "middle")
    _label(panel, board.x + 4.5 * CELL, board.y - 1.5, "put a 1", MOVE, "middle")
    free = "no rival, no scarecrow on it" if with_scarecrow else "no rival on it"
    _caption(panel, board.bottom + 4, [
        f"Red may **harvest** the tile it bounced from ({free}). It ended "
        "where no tile is: **ground check**, it puts one of its harvested tiles there (here a 1). "
        "With none, it is out of the game.",
    ])  # fmt: skip
    return panel


def free_bounce(painter: Painter) -> Drawing:
    jump, bounce, no = pen(painter, "jump"), pen(painter, "bounce"), pen(painter, "jump", 0.8)
    panel = _panel("3  No tile to bounce from")
    board = MiniBoard(("1 2 3 1 2", "3 1 2 2 3", "2 1 .R 3 1", "1 3 2 . 2", "3 1 2 1 3"), 18, 10)
    board.draw(panel, painter)
    arrow(panel, board.centre(2, 4), board.centre(2, 2), jump, lift=-6, trim=3.5)
    dot = Style(fill=bounce.stroke, stroke="#ffffff", width=0.4)
    for col, row in ((2, 1), (2, 0), (3, 2), (4, 2), (1, 2), (0, 2), (2, 3)):
        cx, cy = board.centre(col, row)
        panel.circle(cx, cy + 2.2, 2.0, dot)
    cross(panel, *board.centre(2, 4), 7, no)
    _label(panel, board.x - 1.5, board.bottom - CELL / 2 + 1, "start", no, "end")
    _caption(panel, board.bottom + 4, [
        "Red jumped onto a square without a tile: it bounces 1, 2 or 3 squares, its choice "
        "(dots), but not back to its start (X).",
    ])  # fmt: skip
    return panel


def scarecrow_panel(painter: Painter) -> Drawing:
    no = pen(painter, "jump", 0.8)
    panel = _panel("4  The scarecrow")
    board = MiniBoard(("2 1 3 1", "1 3S 2 2B", "3 2 1 2"), 24, 13)
    board.draw(panel, painter)
    arrow(panel, board.centre(1, 1), board.centre(3, 2), MOVE, lift=-6, trim=3)
    _label(panel, board.x + 1.5 * CELL, board.y - 1.5, "no harvest", no, "middle")
    _label(panel, board.x + 3.5 * CELL, board.y - 1.5, "no harvest", no, "middle")
    _caption(panel, board.bottom + 5, [
        "Nobody may harvest a tile with the scarecrow or a rival wallaby on it; landing and "
        "bouncing there is fine. Harvest a **1** and you may move the scarecrow to any tile "
        "(dashed arrow), for example onto a tile a rival wants.",
    ])  # fmt: skip
    return panel


def children_panel(painter: Painter) -> Drawing:
    panel = _panel("4  Children's variant")
    _caption(panel, 14, [
        "Any tile you bounced from may be harvested unless a rival stands on it; a 1-plant "
        "tile is harvested like any other.",
        "With 2 players you may also play on the full 7 x 7 board of all 49 tiles, set out as "
        "for 3 or 4 players.",
    ])  # fmt: skip
    return panel


def valley_panel(painter: Painter) -> Drawing:
    jump, bounce = pen(painter, "jump"), pen(painter, "bounce")
    panel = _panel("5  The Valley")
    board = MiniBoard(("o o o 1 2 3", "o o o 2R 1 3", "o o o 3 2 1"), 10, 15)
    board.draw(panel, painter)
    panel.line(board.x + 3 * CELL, board.y - 2, board.x + 3 * CELL, board.bottom + 2, EDGE)
    arrow(panel, board.centre(3, 1), board.centre(1, 1), jump, lift=7, trim=3.5)
    arrow(panel, board.centre(1, 1), board.centre(4, 1), bounce, lift=7, trim=1.5)
    _label(panel, board.x + 1.5 * CELL, board.y - 1.5, "off the board", MOVE, "middle")
    _label(panel, board.x + 0.4 * CELL, board.bottom + 4, "jump 2 west", jump, "start")
    _label(panel, board.x + 6 * CELL, board.bottom + 4, "bounce 3 east", bounce, "end")
    _caption(panel, board.bottom + 8, [
        "A jump may land up to 3 squares **off the board** (shaded: no tiles there). The bounce, "
        "1, 2 or 3 squares, must bring the wallaby back onto the board, and not to its start.",
    ])  # fmt: skip
    return panel


def summary_panel(field: Field, painter: Painter) -> Drawing:
    panel = _panel("Your turn in short", SUMMARY_H)
    fill = painter.fill("field")
    steps = ("Jump", "Bounce", "Harvest?", "Ground check")
    x = 3.0
    for k, step in enumerate(steps):
        width = 17.5 if k < 3 else 24.0  # four boxes and three arrows inside the panel
        panel.rect(x, 11, width, 9, Style(fill=fill, stroke="#555555", width=0.3), radius=1.5)
        panel.centred_text(x + width / 2, 15.5, step, 2.9, bold=True)
        if k < 3:
            arrow(panel, (x + width + 0.3, 15.5), (x + width + 2.7, 15.5), MOVE, head=1.2)
        x += width + 3
    _caption(panel, 25, [
        "**Jump** the number you stand on. **Bounce** the number you land on (1-3 by choice "
        "where no tile is). **Harvest** the tile you bounced from, if free. **Ground check:** "
        "no tile where you end? Put one of yours there, or leave the game.",
        f"**Win:** hold {field.goal} plants at the end of your turn (2 / 3 / 4 players: "
        "25 / 20 / 15). With 3-4 players the others play on after someone is out; the last "
        "one left wins.",
    ])  # fmt: skip
    return panel


def _label(panel: Drawing, x: float, y: float, text: str, style: Style, anchor: Anchor) -> None:
    panel.text(x, y, text, 2.9, bold=True, fill=style.stroke or "#000000", anchor=anchor)


def add_turn_diagrams(document: Document, field: Field, painter: Painter) -> None:
    """One page of panels: the turn step by step, the scarecrow (or the children's rules), the
    Valley when it is played, and the turn in short."""
    panels = [
        jump_and_bounce(painter),
        harvest_and_ground_check(painter, field.scarecrow),
        free_bounce(painter),
    ]
    panels.append(scarecrow_panel(painter) if field.scarecrow else children_panel(painter))
    if field.valley:
        panels.append(valley_panel(painter))
    panels.append(summary_panel(field, painter))
    page = document.new_page("A turn, drawn")
    area = page.paper.content
    page.drawing.text(area.x, area.y + 5, "Wallaby: a turn, drawn", 5.5, bold=True)
    gap_x = area.w - 2 * PANEL_W
    for k, panel in enumerate(panels):
        row, col = divmod(k, 2)
        page.drawing.place(
            panel, area.x + col * (PANEL_W + gap_x), area.y + 10 + row * (PANEL_H + 4)
        )
