"""Billabong's explanations on paper: the turn-order card and the jump diagrams page.

Each diagram is a cut-out of the real board (same square names, the lake and the creek where
they are) with kangaroos and numbered arrows. The examples are data (EXAMPLES) so that the tests
can play every drawn jump through the rules engine: the kit draws, it never decides a rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.games.base import Setup
from pnp.games.billabong.board import GRID, LAKE, LINE_FILE, LINE_TOP
from pnp.games.billabong.game import BillabongSetup
from pnp.games.billabong.rules import SEATS
from pnp.games.mechanics.grid import FILES
from pnp.kits.billabong.art import arrow, jump_arc, kangaroo_shape
from pnp.render.document import Document, Page
from pnp.render.drawing import Drawing, Point, Style, circle_shape, rect_shape
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.paper import component_sizes
from pnp.render.text import wrap
from pnp.render.theme import Painter

CELL = 10.0  # mm, a square in the diagrams
CUT = Style(stroke="#000000", width=0.25)
ARROW = Style(stroke="#000000", width=0.5)
BLOCKED = "#b00000"  # the dashed, crossed-out arrow of a jump that is not allowed
CARD_W = component_sizes("billabong")["turn_card_width"]
RADIUS = 3.3  # mm, a kangaroo in the diagrams
CAPTION_GAP = 7.0  # mm from the cut-out to the caption's baseline: clear of the g and j below it


@dataclass(frozen=True)
class Example:
    """A cut-out of the board: files `files[0]`-`files[1]`, ranks `ranks[0]`-`ranks[1]`."""

    title: str
    caption: str
    files: str  # two letters, e.g. "ai"
    ranks: tuple[int, int]
    pieces: dict[str, str]  # square -> swatch (player1..4; the mover is at the chain's end)
    chain: tuple[str, ...] = ()  # squares of one chain, its start first (the referee's square)
    steps: tuple[tuple[str, str, str], ...] = ()  # (from, to, label) single jumps or steps
    blocked: tuple[tuple[str, str], ...] = ()  # jumps drawn crossed out: not allowed
    marks: tuple[tuple[str, str], ...] = ()  # small grey labels on squares


EXAMPLES = (
    Example(
        "A chain of four jumps",
        "Red leaves e3 and the referee (REF) takes its place. Jump 3 goes over the referee: "
        "allowed. Red ends on g5; it could also have stopped after any jump.",
        "ai",
        (1, 7),
        {"e5": "player2", "d6": "player3", "g3": "player2", "g5": "player1"},
        chain=("e3", "e7", "c5", "g1", "g5"),
    ),
    Example(
        "As many free squares after as before",
        "a10 over d10: 2 free squares before Blue, so 2 after it, landing on g10.",
        "ah",
        (9, 11),
        {"d10": "player2", "g10": "player1"},
        steps=(("a10", "g10", ""),),
        marks=(("b10", "1"), ("c10", "2"), ("e10", "1"), ("f10", "2")),
    ),
    Example(
        "The lake",
        "e8 over f7 to g6 passes the lake's corner: allowed. e10 over f9 would land in the lake, "
        "and no jump may pass over it.",
        "dk",
        (4, 10),
        {"f7": "player2", "g6": "player1", "e10": "player1", "f9": "player2"},
        steps=(("e8", "g6", ""),),
        blocked=(("e10", "g8"),),
    ),
    Example(
        "Laps",
        "j2 over i2 to h2 crosses the creek clockwise: +1, flip the token. h4 over i4 to j4 "
        "crosses back: -1. A kangaroo at +1 that crosses clockwise again is finished.",
        "fk",
        (1, 5),
        {"i2": "player2", "h2": "player1", "i4": "player2", "j4": "player1"},
        steps=(("j2", "h2", "+1"), ("h4", "j4", "-1")),
    ),
)


def diagrams_page(document: Document, painter: Painter, setup: Setup) -> Page:
    """The turn-order card (to cut out) beside the chain example, then the other examples."""
    page = document.new_page("Turn order and jumps")
    area = page.paper.content
    card = turn_order_card(painter, setup.players, BillabongSetup.of(setup.data).placement)
    page.drawing.place(card, area.x, area.y)
    page.cut(rect_shape(area.x, area.y, card.width, card.height))
    document.record("Turn-order card (beside the jump diagrams)", 1, [page])
    page.drawing.rect(area.x, area.y, card.width, card.height, CUT)
    right = area.x + CARD_W + 6
    y = area.y
    placed: list[tuple[Drawing, float, float]] = []
    for example in EXAMPLES[:2]:
        drawing = example_drawing(example, painter, area.right - right)
        placed.append((drawing, right, y))
        y += drawing.height + 6
    y = max(y, area.y + card.height) + 8
    x = area.x
    for example in EXAMPLES[2:]:
        drawing = example_drawing(example, painter, (area.w - 8) / 2)
        placed.append((drawing, x, y))
        x += (area.w + 8) / 2
    for drawing, x, y in placed:
        page.drawing.place(drawing, x, y)
        if not document.settings.cut_marks:  # a laser cuts each out, as a card to keep
            page.cut(rect_shape(x - 1.5, y - 1.5, drawing.width + 3, drawing.height + 3))
    if not document.settings.cut_marks:
        document.record("Jump diagram cards", len(placed), [page])
    return page


def example_drawing(example: Example, painter: Painter, width: float) -> Drawing:
    first, last = FILES.index(example.files[0]), FILES.index(example.files[1])
    low, high = example.ranks
    cols, rows = last - first + 1, high - low + 1
    text_w = max(width, cols * CELL + 6)
    lines = wrap(example.caption, 2.9, text_w)
    height = 7 + rows * CELL + CAPTION_GAP + len(lines) * 3.9
    drawing = Drawing(text_w, height)
    drawing.text(0, 4.2, example.title, 3.6, bold=True)

    def centre(square: str) -> tuple[float, float]:
        row, col = GRID.row_col(GRID.parse(square))
        return 5 + (col - first + 0.5) * CELL, 7 + (high - 1 - row + 0.5) * CELL

    _cut_out(drawing, painter, first, cols, low, high)
    shorten = RADIUS + 0.6  # the arrows end just outside the kangaroo tokens
    for source, target in example.blocked:
        _blocked(drawing, centre(source), centre(target), shorten, painter.art(BLOCKED))
    for square, swatch in example.pieces.items():
        _piece(drawing, painter, centre(square), swatch)
    if example.chain:
        _piece(drawing, painter, centre(example.chain[0]), "referee", "REF")
    for source in [s for s, _, _ in example.steps] + list(example.chain[1:-1]):
        if source not in example.pieces:
            _ghost(drawing, centre(source))
    for square, text in example.marks:
        drawing.centred_text(*centre(square), text, 3.0, fill=painter.art("#6a5a40"), bold=True)
    arrows = [
        (a, b, str(k))
        for k, (a, b) in enumerate(zip(example.chain, example.chain[1:], strict=False), 1)
    ]
    for source, target, label in arrows + list(example.steps):
        jump_arc(drawing, centre(source), centre(target), label, ARROW, shorten)
    y = 7 + rows * CELL + CAPTION_GAP
    for line in lines:
        drawing.text(0, y, "".join(run for run, _ in line), 2.9)
        y += 3.9
    return drawing


def _blocked(drawing: Drawing, start: Point, end: Point, shorten: float, colour: str) -> None:
    """A jump that is not allowed: a dashed red arrow, crossed out near its end."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    arrow(
        drawing,
        (x1 + ux * shorten, y1 + uy * shorten),
        end,
        Style(stroke=colour, width=0.5, dash=(1.2, 0.8)),
    )
    mx, my = x1 + (x2 - x1) * 0.75, y1 + (y2 - y1) * 0.75
    cross = Style(stroke=colour, width=0.8)
    drawing.line(mx - 2, my - 2, mx + 2, my + 2, cross)
    drawing.line(mx - 2, my + 2, mx + 2, my - 2, cross)


def _cut_out(
    drawing: Drawing, painter: Painter, first: int, cols: int, low: int, high: int
) -> None:
    edge = painter.art("#7a6a50")
    for row in range(low - 1, high):
        for col in range(first, first + cols):
            x, y = 5 + (col - first) * CELL, 7 + (high - 1 - row) * CELL
            cell = GRID.cell(row, col)
            if cell in LAKE:
                painter.area(drawing, rect_shape(x, y, CELL, CELL), "water", outline=0)
            else:
                swatch = "land" if (row + col) % 2 else "land-dark"
                drawing.rect(
                    x, y, CELL, CELL, Style(fill=painter.fill(swatch), stroke=edge, width=0.2)
                )
    for row in range(low - 1, high):
        x = 5 + (LINE_FILE - first) * CELL
        if first < LINE_FILE < first + cols and row < LINE_TOP:
            y = 7 + (high - 1 - row) * CELL
            drawing.line(x, y, x, y + CELL, Style(stroke=painter.line("water"), width=1.4))
    for k in range(cols):
        drawing.centred_text(
            5 + (k + 0.5) * CELL, 7 + (high - low + 1) * CELL + 2.6, FILES[first + k], SMALLEST
        )
    for k in range(high - low + 1):
        drawing.centred_text(2.2, 7 + (k + 0.5) * CELL, str(high - k), SMALLEST)


def _piece(
    drawing: Drawing, painter: Painter, at: tuple[float, float], swatch: str, label: str = ""
) -> None:
    x, y = at
    painter.area(drawing, circle_shape(x, y, RADIUS), swatch, outline=0.3)
    ink = painter.text_on(swatch)
    text = label or painter.letter(swatch)
    drawing.centred_text(x, y, text, fit_size(text, 3.2, 6.0, bold=True), fill=ink, bold=True)


def _ghost(drawing: Drawing, at: tuple[float, float]) -> None:
    """Where the moving kangaroo stood: a dashed ring."""
    drawing.circle(at[0], at[1], RADIUS, Style(stroke="#000000", width=0.3, dash=(0.8, 0.6)))


def turn_order_card(
    painter: Painter, players: int, placement: Sequence[Sequence[str]] | None
) -> Drawing:
    """The seats in turn order with their colours, and the rules in brief."""
    rules = _card_rules()
    if placement:
        fixed = "; ".join(
            f"{painter.letter(f'player{seat + 1}')} {' '.join(squares)}"
            for seat, squares in enumerate(placement)
        )
        rules[0] = f"**Start** (this setup fixes it): {fixed}. Then **move** in turn order."
    paragraphs = [wrap(text, 2.75, CARD_W - 10) for text in rules]
    height = 21 + 8 * players + sum(3.6 * len(lines) + 1.4 for lines in paragraphs) + 4
    card = Drawing(CARD_W, height)
    card.path(kangaroo_shape(CARD_W - 22, 3, 18), Style(fill=painter.art("#d9cba8"), stroke=None))
    card.text(5, 10, "BILLABONG", 6.0, bold=True)
    card.text(5, 15.5, f"Turn order, {players} players", 3.4)
    y = 21.0
    for seat in range(players):
        swatch = f"player{seat + 1}"
        # the seat's pattern as on its kangaroos: the card is the key to them
        painter.patterned_area(card, circle_shape(9, y + 3, 3.4), swatch, outline=0.3)
        painter.label(card, 9, y + 3, painter.letter(swatch), 3.0, swatch, patterned=True)
        first = "moves first" if placement else "places first and moves first"
        role = first if seat == 0 else "next"
        card.text(15, y + 4.2, f"{seat + 1}. {SEATS[seat].capitalize()}: {role}", 3.2)
        y += 8.0
    for lines in paragraphs:
        for line in lines:
            x = 5.0
            for run, bold in line:
                card.text(x, y + 3, run, 2.75, bold=bold)
                x += text_width(run, 2.75, bold)
            y += 3.6
        y += 1.4
    return card


def _card_rules() -> list[str]:
    return [
        "**Place** in turn order, one kangaroo at a time, 5 each, on any free square outside "
        "the lake. Then **move** in the same order.",
        "**A turn:** one kangaroo makes one **step** to a free square next to it (8 "
        "directions), **or** a **chain of jumps**.",
        "**Jump** in a straight line over exactly one kangaroo, with as many free squares after "
        "it as before it, onto a free square; never into or over the lake (past a corner is "
        "fine). A chain may turn and come back; the referee holds the start square and may be "
        "jumped.",
        "**Laps:** crossing the creek right to left (clockwise) is +1: flip the token to 1. Left "
        "to right is -1. At +2 the kangaroo is finished: put it in the lake.",
        "**No move?** Pass. **Win:** be first to finish all 5.",
    ]
