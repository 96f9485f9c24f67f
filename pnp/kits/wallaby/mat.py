"""Wallaby harvest mats: one per player, with the harvest zone, a score track to the goal and the
turn in one line.

Rules: ../shared/RULES.md, "Wallaby". The harvest zone has a tile-sized place for each value so
harvested tiles stack by value (count stacks x value to check the score track); the track runs
from 0 to the goal of the player count (25, 20 or 15).
"""

from __future__ import annotations

from pnp.games.wallaby.field import Field
from pnp.kits.wallaby.art import plants, wallaby
from pnp.render.drawing import Drawing, Style, rect_shape
from pnp.render.fonts import fit_size
from pnp.render.paper import component_sizes
from pnp.render.text import paragraph
from pnp.render.theme import Painter

SIZES = component_sizes("wallaby")
MAT_W, MAT_H = SIZES["mat_width"], SIZES["mat_height"]
SLOT = SIZES["tile"] + 2.0  # a tile with room around it
MARGIN = 6.0
BAND = 9.0
SLOT_LINE = "#8a7a50"
TRACK_ROWS = 3  # the score track snakes under the harvest zone, row by row
TRACK_W = 3 * (SLOT + 4) - 4  # as wide as the harvest zone; the notes are beside it
TRACK_TOP = BAND + 19 + SLOT + 12  # below the harvest zone's labels and the track's title
MARKER = SIZES["marker"]  # the score marker's diameter: it stands inside one track cell


def track_cell(goal: int) -> float:
    """The side of a score track cell for this goal (0 to the goal in TRACK_ROWS rows)."""
    per_row = -(-(goal + 1) // TRACK_ROWS)
    return min(TRACK_W / per_row, (MAT_H - MARGIN - TRACK_TOP) / TRACK_ROWS)


def seat_swatch(seat: int) -> str:
    return f"player{seat + 1}"


def harvest_mat(painter: Painter, field: Field, seat: int) -> Drawing:
    swatch = seat_swatch(seat)
    mat = Drawing(MAT_W, MAT_H, background=painter.fill("mat"))
    mat.rect(0, 0, MAT_W, MAT_H, Style(fill=painter.fill("mat"), stroke=None))
    painter.area(mat, rect_shape(0, 0, MAT_W, BAND), swatch, outline=0)
    mat.rect(0, 0, MAT_W, MAT_H, Style(stroke=painter.line(swatch), width=0.8))
    name = painter.swatch(swatch)
    _badge(mat, painter, swatch, MARGIN + 7, BAND + 9)
    mat.text(MARGIN + 16, BAND + 7.5, f"{name.name.capitalize()} ({name.letter})", 5.2, bold=True)
    mat.text(MARGIN + 16, BAND + 12.5, f"seat {seat + 1} of {field.players}", 3.2, fill="#444444")
    mat.text(MAT_W - MARGIN, BAND + 7.5, "Harvest zone", 5.2, bold=True, anchor="end")
    mat.text(MAT_W - MARGIN, BAND + 12.5, f"first to {field.goal} plants wins", 3.2, anchor="end")
    top = BAND + 19
    slot = Style(stroke=painter.art(SLOT_LINE), width=0.3, dash=(2.0, 1.5))
    for k, value in enumerate((1, 2, 3)):
        x = MARGIN + k * (SLOT + 4)
        mat.rect(x, top, SLOT, SLOT, slot, radius=1.5)
        plants(mat, x + 6, top + 4, SLOT - 12, value, painter)
        label = f"{value} plant{'s' if value > 1 else ''}"
        mat.text(x + SLOT / 2, top + SLOT + 4, label, 3.0, anchor="middle", fill="#444444")
    notes_x = MARGIN + 3 * (SLOT + 4) + 2
    paragraph(mat, notes_x, top - 1, MAT_W - notes_x - MARGIN, _notes(field, seat), 2.75)
    _score_track(mat, painter, swatch, field.goal)
    return mat


def _badge(mat: Drawing, painter: Painter, swatch: str, cx: float, cy: float) -> None:
    """The seat's wallaby in a small box: the colour, and its letter for black-and-white."""
    mat.rect(cx - 6.5, cy - 7.5, 13, 15, Style(fill="#ffffff", stroke="#888888", width=0.25))
    wallaby(mat, cx - 5.5, cy - 6.5, 11, 13, painter, swatch)


def _notes(field: Field, seat: int) -> list[str]:
    setup = "**Setup:** place your wallaby on a free perimeter tile"
    if seat > 0:
        setup += f", then harvest a free {seat}-plant tile from anywhere"
    if field.scarecrow and seat == field.players - 1:
        setup += "; then place the scarecrow on any tile"
    notes = [
        setup + ".",
        "**Turn:** jump as many squares as the number you stand on; bounce as many as the number "
        "you land on (1, 2 or 3 of your choice where no tile is), not back to where you started.",
        "**Harvest** the tile you bounced from if no rival or scarecrow is on it; a 1 lets you "
        "move the scarecrow."
        if field.scarecrow
        else "**Harvest** the tile you bounced from if no rival is on it.",
        "**Ground check:** no tile where you end? Put one of yours there. None? You are out.",
    ]
    if field.valley:
        notes.insert(2, "**Valley:** a jump may land up to 3 squares off the board.")
    return notes


def _score_track(mat: Drawing, painter: Painter, swatch: str, goal: int) -> None:
    """0 to the goal in rows that snake (the second runs back right to left), so each number
    sits beside the one before; every cell holds the score marker (MARKER <= the cell)."""
    cell = track_cell(goal)
    per_row = -(-(goal + 1) // TRACK_ROWS)
    left, top = MARGIN, TRACK_TOP
    note = "Score track: move your marker as your harvest changes"
    mat.text(left, top - 2, note, fit_size(note, 3.0, TRACK_W), fill="#444444")
    for n in range(goal + 1):
        row, k = divmod(n, per_row)
        x = left + (k if row % 2 == 0 else per_row - 1 - k) * cell
        y = top + row * cell
        if n == goal:
            painter.area(mat, rect_shape(x, y, cell, cell), swatch, outline=0.4)
            painter.label(mat, x + cell / 2, y + cell / 2, str(n), cell * 0.42, swatch)
            continue
        fill = painter.art("#ece3c8") if n % 5 == 0 else "#ffffff"
        mat.rect(x, y, cell, cell, Style(fill=fill, stroke="#555555", width=0.25))
        mat.centred_text(x + cell / 2, y + cell / 2, str(n), cell * 0.42, bold=n % 5 == 0)
