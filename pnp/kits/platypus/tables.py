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
from pnp.render.drawing import Drawing, Style, rect_shape
from pnp.render.fonts import fit_size, text_width
from pnp.render.paper import component_sizes
from pnp.render.theme import Painter

SIZES = component_sizes("platypus")
PACK_W, PACK_H = SIZES["pack_card_width"], SIZES["pack_card_height"]
LABEL_W, COL_W = 27.0, 32.0
LINE = Style(stroke="#000000", width=0.3)
THIN = Style(stroke="#777777", width=0.2)
SLOT = Style(stroke="#888888", width=0.25, dash=(1.5, 1.2))
SWATCH = {0: "yellow", 1: "green"}
PLAYER_SWATCH = {"red": "player1", "blue": "player2"}


def colour_word(colour: int) -> str:
    return COLOURS[colour].upper()


# -- tables --------------------------------------------------------------------------------------

ROWS_DEALT = (
    ("TOKEN", 16.0),
    ("ON CELL", 10.0),
    ("COLOUR", 13.0),
    ("ANIMAL", 16.0),
    ("TREE", 14.0),
)
ROWS_BLANK = (
    ("TOKEN", 16.0),
    ("ON CELL", 10.0),
    ("COLOUR", 23.0),
    ("ANIMAL", 23.0),
    ("TREE", 23.0),
)
HEAD_H = 9.0
WHITE_BOX = Style(fill="#ffffff", stroke=None)


def table_size(rows: tuple[tuple[str, float], ...]) -> tuple[float, float]:
    return LABEL_W + len(COLUMNS) * COL_W, HEAD_H + sum(h for _, h in rows)


def draw_table(painter: Painter, player: str, table: Table | None, note: str) -> Drawing:
    """A player's table: the fixed rows (token, cell colour), then COLOUR, ANIMAL and TREE,
    filled in from `table`, or empty slots the size of a pack card when `table` is None."""
    rows = ROWS_DEALT if table is not None else ROWS_BLANK
    width, height = table_size(rows)
    sheet = Drawing(width, height)
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
    y = HEAD_H
    for name, h in rows:
        sheet.centred_text(
            LABEL_W / 2, y + h / 2, name, fit_size(name, 3.4, LABEL_W - 3, True), bold=True
        )
        for k, (animal, colour) in enumerate(COLUMNS):
            x = LABEL_W + k * COL_W
            if name == "TOKEN":
                draw_animal(sheet, animal, x + 2, y + 1.5, 12.5, painter.line(swatch))
                sheet.text(
                    x + 15,
                    y + h / 2 + 1.2,
                    ANIMALS[animal],
                    fit_size(ANIMALS[animal], 3.2, COL_W - 16),
                )
            elif name == "ON CELL":
                _colour_chip(sheet, painter, x + 2, y + 2, COL_W - 4, h - 4, colour)
            elif table is None:
                sheet.rect(x + 1, y + 1.5, PACK_W, PACK_H, SLOT)
            else:
                _dealt_cell(sheet, painter, name, table[k], x, y, h)
        sheet.line(0, y, width, y, THIN)
        y += h
    for k in range(len(COLUMNS) + 1):
        x = LABEL_W + k * COL_W
        sheet.line(x, HEAD_H, x, height, THIN)
    sheet.rect(0, 0, width, height, LINE)
    sheet.line(0, HEAD_H + rows[0][1] + rows[1][1], width, HEAD_H + rows[0][1] + rows[1][1], LINE)
    return sheet


def _colour_chip(
    sheet: Drawing, painter: Painter, x: float, y: float, w: float, h: float, colour: int
) -> None:
    name = SWATCH[colour]
    painter.area(sheet, rect_shape(x, y, h, h), name, outline=0.25)
    word = COLOURS[colour]
    sheet.text(x + h + 1.5, y + h / 2 + 1.2, word, fit_size(word, 3.4, w - h - 2), bold=True)


def _dealt_cell(
    sheet: Drawing, painter: Painter, row: str, column: Column, x: float, y: float, h: float
) -> None:
    if row == "COLOUR":
        _colour_chip(sheet, painter, x + 2, y + 2.5, COL_W - 4, h - 5, column.colour)
    elif row == "ANIMAL":
        draw_animal(sheet, column.animal, x + 2, y + 1.5, 12.5, "#222222")
        name = ANIMALS[column.animal]
        sheet.text(
            x + 15, y + h / 2 + 1.2, name, fit_size(name, 3.2, COL_W - 16.5, True), bold=True
        )
    else:
        _tree_label(sheet, painter, column.tree, x + 2, y + 2, COL_W - 4, h - 4)


def _tree_label(
    sheet: Drawing, painter: Painter, tree: int, x: float, y: float, w: float, h: float
) -> None:
    left = tree != GHOST_GUM
    sheet.path(
        arrow_shape(x, y + h * 0.18, 8, h * 0.36, left=left), Style(fill="#333333", stroke=None)
    )
    name = "Wattle" if left else "Ghost Gum"
    sheet.text(x + 9.5, y + h * 0.36 + 1.2, name, fit_size(name, 3.2, w - 10), bold=True)
    sheet.text(
        x + 9.5, y + h * 0.9, "1 cell" + (" left" if left else " right"), 2.4, fill="#555555"
    )


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
    elif kind == "ANIMAL":
        draw_animal(card, value, 1.5, 2.5, 15.0, "#222222")
        name = ANIMALS[value].upper()
        card.text(
            PACK_W - 1.5, PACK_H - 3, name, fit_size(name, 3.0, 13, True), bold=True, anchor="end"
        )
    else:
        _tree_label(card, painter, value, 2, 3, PACK_W - 4, PACK_H - 6)
    card.text(1.2, 3.0, kind, 2.0, fill="#555555")
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
    back.centred_text(PACK_W / 2, PACK_H / 2 + 4, "Platypus", 2.6)
    return back


def pack_cards(painter: Painter) -> tuple[list[Drawing], list[Drawing]]:
    fronts, backs = [], []
    for kind, pack in (("ANIMAL", ANIMAL_PACK), ("COLOUR", COLOUR_PACK), ("TREE", TREE_PACK)):
        for value in pack:
            fronts.append(draw_pack_card(painter, kind, value))
            backs.append(draw_pack_back(kind))
    return fronts, backs
