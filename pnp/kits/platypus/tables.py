"""Platypus kit: the players' tables (dealt and blank) and the three card packs of the `pack`
deal, whose cards fit the blank tables' slots. Rules: ../shared/RULES.md, "Platypus".

Every colour that carries meaning is painted through the Painter and also written as a word,
so the tables read the same in colour, ink-saver and black-and-white printing.
"""

from __future__ import annotations

from pnp.games.platypus.tables import (
    ANIMAL_PACK,
    ANIMALS,
    COLOUR_PACK,
    COLOURS,
    COLUMNS,
    GHOST_GUM,
    TREE_PACK,
    Column,
    Table,
)
from pnp.kits.platypus.art import arrow_shape, draw_animal
from pnp.render.drawing import CAP_HEIGHT, Drawing, Style, rect_shape
from pnp.render.fonts import SMALLEST, fit_size, text_width
from pnp.render.paper import component_sizes
from pnp.render.theme import Painter

SIZES = component_sizes("platypus")  # the kit's component sizes, kit.py's too
PACK_W, PACK_H = SIZES["pack_card_width"], SIZES["pack_card_height"]
LABEL_W, COL_W = 31.0, 32.0
LINE = Style(stroke="#000000", width=0.3)
THIN = Style(stroke="#777777", width=0.2)
SLOT = Style(stroke="#888888", width=0.25, dash=(1.5, 1.2))
SWATCH = {0: "yellow", 1: "green"}
PLAYER_SWATCH = {"red": "player1", "blue": "player2"}
# Red's animals are solid and blue's outlined, in every ink: two tokens are told apart by shape
# as well as by colour, in black-and-white printing, engraved, and by colour-blind players.
HOLLOW = {"red": False, "blue": True}


def colour_word(colour: int) -> str:
    return COLOURS[colour].upper()


# -- tables --------------------------------------------------------------------------------------

# Rows read as a sentence, top to bottom: "your token is a kangaroo, on a yellow card: turn the
# card to green (+1 point), become an emu, hop towards the Wattle". (key, label lines)
ROW_LABELS = (
    ("TOKEN", ("YOUR TOKEN", "IS A")),
    ("ON CELL", ("ON A", "... CARD")),
    ("COLOUR", ("TURN THE", "CARD TO")),
    ("ANIMAL", ("BECOME", "A")),
    ("TREE", ("HOP", "TOWARDS")),
)
Rows = tuple[tuple[str, tuple[str, str], float], ...]


def _rows(*heights: float) -> Rows:
    """The rows with these heights (mm), as (key, label lines, height)."""
    return tuple((key, label, h) for (key, label), h in zip(ROW_LABELS, heights, strict=True))


ROWS_DEALT = _rows(13.0, 9.0, 13.0, 13.0, 12.0)
ROWS_BLANK = _rows(16.0, 10.0, 23.0, 23.0, 23.0)  # the action rows hold a pack card's slot
HEAD_H = 9.0
END_H = 11.0  # the band under the columns: the platypus on green ends the game
POINT_RULE = "+1 if it changes"
GAME_OVER = "GAME OVER: the player with more points wins (equal points: a draw)"
WHITE_BOX = Style(fill="#ffffff", stroke=None)


def table_size(rows: Rows) -> tuple[float, float]:
    return LABEL_W + len(COLUMNS) * COL_W, HEAD_H + sum(h for _, _, h in rows) + END_H


def draw_table(painter: Painter, player: str, table: Table | None, note: str) -> Drawing:
    """A player's table: the fixed rows (your token, on a card), then what to do: turn the card
    to a COLOUR, become an ANIMAL, hop towards a TREE, filled in from `table`, or empty slots the
    size of a pack card when `table` is None; under them, the end of the game."""
    rows = ROWS_DEALT if table is not None else ROWS_BLANK
    width, height = table_size(rows)
    sheet = Drawing(width, height)
    swatch = PLAYER_SWATCH[player]
    _head(sheet, painter, player, note, width)
    y = HEAD_H
    for name, label, h in rows:
        _row_label(sheet, name, label, y, h)
        for k, (animal, colour) in enumerate(COLUMNS):
            x = LABEL_W + k * COL_W
            if name == "TOKEN":
                ink = painter.line(swatch)
                _animal_cell(sheet, animal, x, y, h, ink, bold=False, hollow=HOLLOW[player])
            elif name == "ON CELL":
                _colour_chip(sheet, painter, x + 2, y + 1.5, COL_W - 4, h - 3, colour)
            elif table is None:
                sheet.rect(x + 1, y + 1.5, PACK_W, PACK_H, SLOT)
            else:
                _dealt_cell(sheet, painter, name, table[k], colour, x, y, h)
        sheet.line(0, y, width, y, THIN)
        y += h
    for k in range(len(COLUMNS) + 1):
        x = LABEL_W + k * COL_W
        sheet.line(x, HEAD_H, x, y, THIN)
    fixed = HEAD_H + rows[0][2] + rows[1][2]
    sheet.line(0, fixed, width, fixed, LINE)
    _game_over(sheet, painter, y, width)
    sheet.rect(0, 0, width, height, LINE)
    return sheet


def _head(sheet: Drawing, painter: Painter, player: str, note: str, width: float) -> None:
    swatch = PLAYER_SWATCH[player]
    painter.area(sheet, rect_shape(0, 0, width, HEAD_H), swatch, outline=0)
    title = f"{player.upper()}'S TABLE ({painter.letter(swatch)})"
    sheet.rect(1.2, 1.2, 70, HEAD_H - 2.4, WHITE_BOX, radius=1)
    sheet.text(3, HEAD_H - 2.6, title, 4.4, bold=True)
    size = fit_size(note, 3.0, width - 80)
    fill = painter.text_on(swatch)
    if painter.ink != "color":  # the band is hatched: the note gets a white box, as the title
        box_w = text_width(note, size) + 3
        sheet.rect(width - 1.2 - box_w, 1.2, box_w, HEAD_H - 2.4, WHITE_BOX, radius=1)
        fill = "#000000"
    sheet.text(width - 2.7 if painter.ink != "color" else width - 2, HEAD_H - 2.6, note, size,
               anchor="end", fill=fill)  # fmt: skip


def _row_label(sheet: Drawing, name: str, label: tuple[str, str], y: float, h: float) -> None:
    """The row's words, in two lines of capitals centred in the row; the COLOUR row also says,
    in a third line, when a point is scored."""
    size = min(fit_size(line, 3.4, LABEL_W - 3, True) for line in label)
    pitch = size + 0.4
    rule = fit_size(POINT_RULE, 3.0, LABEL_W - 2.5, True) if name == "COLOUR" else 0.0
    # the block's ink: the capitals, a pitch per further line, the point rule's descenders
    ink = CAP_HEIGHT * size + (len(label) - 1) * pitch + (pitch + 0.24 * rule if rule else 0.0)
    top = y + (h - ink) / 2 + CAP_HEIGHT * size
    for k, line in enumerate(label):
        sheet.text(1.5, top + k * pitch, line, size, bold=True)
    if rule:
        sheet.text(1.5, top + len(label) * pitch, POINT_RULE, rule, bold=True)


def _animal_cell(
    sheet: Drawing,
    animal: int,
    x: float,
    y: float,
    h: float,
    ink: str,
    bold: bool,
    hollow: bool = False,
) -> None:
    draw_animal(sheet, animal, x + 2, y + 1.0, h - 2.0, ink, hollow=hollow)
    name = ANIMALS[animal]
    size = fit_size(name, 3.2, COL_W - h - 2, bold)
    sheet.text(x + h + 0.5, y + h / 2 + 1.2, name, size, bold=bold)


def _colour_chip(
    sheet: Drawing, painter: Painter, x: float, y: float, w: float, h: float, colour: int
) -> None:
    """A square of the colour and its word, in one size for both words (that fits `w`)."""
    name = SWATCH[colour]
    painter.area(sheet, rect_shape(x, y, h, h), name, outline=0.25)
    size = min(fit_size(word, 3.4, w - h - 2, True) for word in COLOURS)
    sheet.text(x + h + 1.5, y + h / 2 + 1.2, COLOURS[colour], size, bold=True)


def _dealt_cell(
    sheet: Drawing,
    painter: Painter,
    row: str,
    column: Column,
    on: int,
    x: float,
    y: float,
    h: float,
) -> None:
    if row == "COLOUR":
        _colour_chip(sheet, painter, x + 2, y + 4.0, COL_W - 13.5, h - 8, column.colour)
        if column.colour != on:  # the card changes colour: a point
            sheet.rect(x + COL_W - 9.5, y + 2.5, 8.0, h - 5, Style(fill="#ffffff",
                       stroke="#000000", width=0.4), radius=1.2)  # fmt: skip
            sheet.centred_text(x + COL_W - 5.5, y + h / 2, "+1", 4.0, bold=True)
    elif row == "ANIMAL":
        _animal_cell(sheet, column.animal, x, y, h, "#222222", bold=True)
    else:
        _tree_label(sheet, painter, column.tree, x + 2, y + 1.5, COL_W - 4, h - 3)


def _game_over(sheet: Drawing, painter: Painter, y: float, width: float) -> None:
    """The cell the table has no column for: a platypus on a green card ends the game."""
    sheet.line(0, y, width, y, LINE)
    sheet.rect(0, y, width, END_H, Style(fill="#ffffff", stroke=None))
    draw_animal(sheet, 3, 2.0, y + 1.0, END_H - 2.0, "#222222")
    size = fit_size("platypus", 3.2, LABEL_W - END_H - 3.5, True)
    sheet.text(END_H + 1.5, y + END_H / 2 + 1.2, "platypus", size, bold=True)
    _colour_chip(sheet, painter, LABEL_W + 2, y + 2.0, COL_W - 4, END_H - 4, 1)
    x = LABEL_W + COL_W + 2
    sheet.text(x, y + END_H / 2 + 1.4, GAME_OVER, fit_size(GAME_OVER, 4.2, width - x - 2, True),
               bold=True)  # fmt: skip


def _tree_label(
    sheet: Drawing, painter: Painter, tree: int, x: float, y: float, w: float, h: float
) -> None:
    left = tree != GHOST_GUM
    sheet.path(
        arrow_shape(x, y + h * 0.18, 6, h * 0.36, left=left), Style(fill="#333333", stroke=None)
    )
    name = "Wattle" if left else "Ghost Gum"
    size = fit_size("Ghost Gum", 3.2, w - 8, True)  # the longer name: both trees in one size
    sheet.text(x + 7.5, y + h * 0.36 + 1.2, name, size, bold=True)
    sheet.text(x + 7.5, y + h * 0.9, "1 cell", SMALLEST, fill="#555555")


# -- pack cards ----------------------------------------------------------------------------------


def draw_pack_card(painter: Painter, kind: str, value: int) -> Drawing:
    card = Drawing(PACK_W, PACK_H)
    card.rect(0, 0, PACK_W, PACK_H, Style(fill="#ffffff", stroke=None))
    if kind == "COLOUR":
        name = SWATCH[value]
        painter.area(card, rect_shape(0, 0, PACK_W, PACK_H), name, outline=0)
        word = colour_word(value)
        card.rect(
            3,
            5.5,
            PACK_W - 6,
            9,
            Style(fill="#ffffff", stroke=painter.line(name), width=0.3),
            radius=1,
        )
        card.centred_text(
            PACK_W / 2, PACK_H / 2, word, fit_size(word, 4.6, PACK_W - 9, True), bold=True
        )
    elif kind == "ANIMAL":  # the animal left, its name under it along the bottom edge
        draw_animal(card, value, 1.5, 1.5, 12.5, "#222222")
        name = ANIMALS[value].upper()
        size = fit_size(name, 3.2, PACK_W - 3, True)
        card.text(PACK_W - 1.5, PACK_H - 1.8, name, size, bold=True, anchor="end")
    else:
        _tree_label(card, painter, value, 2, 3, PACK_W - 4, PACK_H - 6)
    tag = painter.text_on(SWATCH[value]) if kind == "COLOUR" else "#555555"  # on the colour
    card.text(PACK_W - 1.2, 3.4, kind, SMALLEST, fill=tag, anchor="end")
    card.rect(0, 0, PACK_W, PACK_H, THIN, radius=0.8)
    return card


def draw_pack_back(kind: str) -> Drawing:
    back = Drawing(PACK_W, PACK_H)
    back.rect(
        1.5,
        1.5,
        PACK_W - 3,
        PACK_H - 3,
        Style(fill="#ffffff", stroke="#333333", width=0.5),
        radius=1,
    )
    back.centred_text(
        PACK_W / 2, PACK_H / 2 - 1.5, kind, fit_size(kind, 4.6, PACK_W - 6, True), bold=True
    )
    back.centred_text(PACK_W / 2, PACK_H / 2 + 4, "Platypus", SMALLEST)
    return back


def pack_cards(painter: Painter) -> tuple[list[Drawing], list[Drawing]]:
    fronts, backs = [], []
    for kind, pack in (("ANIMAL", ANIMAL_PACK), ("COLOUR", COLOUR_PACK), ("TREE", TREE_PACK)):
        for value in pack:
            fronts.append(draw_pack_card(painter, kind, value))
            backs.append(draw_pack_back(kind))
    return fronts, backs
