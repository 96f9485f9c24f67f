"""Penguins kit: the setup's floe as a layout map, 16 penguin tokens (4 in each of 4 colours),
60 hexagonal fish tiles laid on shared cut lines, and the rules summary.

Tiles are 27 mm across the flats, so an 18 mm token stands on one; all 60 fit one A4 page. The
layout map shows the setup's random floe (rows of 7 and 8, top row of 7) for players who want
to lay exactly the board the simulator studied. Rules: ../shared/RULES.md, "Penguins".
"""

from __future__ import annotations

from pnp.games.mechanics.grid import Cell
from pnp.games.penguins.floe import FLOE, MIX, PENGUINS_EACH, values_of
from pnp.games.penguins.game import LETTERS, SEATS, PenguinsSetup
from pnp.kits.builder import Kit, KitContext
from pnp.kits.parts.queen import draw_fishes, fish_tile, hex_board, place_items, token
from pnp.render.drawing import Drawing
from pnp.render.hexsheet import lay_out_hexes
from pnp.render.paper import component_sizes
from pnp.render.sheet import HEADING_SIZE, cut_size
from pnp.render.theme import Painter

TILE = component_sizes("penguins")["tile"]  # tile width across the flats
MAP_CELL = 20.0


def floe_map(rows: list[str], painter: Painter) -> Drawing:
    values = values_of(FLOE, rows)

    def content(board: Drawing, cell: Cell, cx: float, cy: float) -> None:
        draw_fishes(board, cx, cy + 0.6, values[cell], MAP_CELL * 0.32)

    return hex_board(FLOE, MAP_CELL, painter, lambda c: f"ice{values[c]}", content)


def draw(kit: KitContext) -> None:
    setup, painter, document = kit.setup, kit.painter, kit.document
    page = document.new_page("Floe and penguins")
    area = page.paper.content
    heading = f"The floe of seed {kit.seed_label}: lay the tiles like this (optional)"
    page.drawing.text(area.x, area.y + HEADING_SIZE, heading, HEADING_SIZE, bold=True)
    hint = "8 rows of 7 and 8 tiles, the top row of 7 set in by half a tile; names as in moves."
    page.drawing.text(area.x, area.y + 10, hint, 3.0)
    floe = floe_map(list(PenguinsSetup.of(setup.data).rows), painter)
    page.drawing.place(floe, area.x + (area.w - floe.width) / 2, area.y + 14)
    y = area.y + 14 + floe.height + 6
    players = setup.players
    heading = "Penguins: 4 in each colour; cut along the circles"
    page.drawing.text(area.x, y + HEADING_SIZE, heading, HEADING_SIZE, bold=True)
    each = PENGUINS_EACH[players]
    note = f"This setup: {players} players with {each} penguins each; first player red."
    page.drawing.text(area.x, y + 10, note, 3.0)
    tokens = [
        token(f"player{seat + 1}", LETTERS[seat], painter, "penguin", patterned=True)
        for seat in range(len(SEATS))
        for _ in range(4)
    ]
    bleed = document.settings.bleed
    place_items(page, tokens, area.x, y + 14, area.w, 4.0, group=4, bleed=bleed)  # a colour a row
    size = cut_size(tokens[0])
    document.record("Penguins (below the floe map)", len(tokens), [page], size=size)
    tiles = [
        fish_tile(value, TILE, painter, f"ice{value}")
        for value, count in zip((1, 2, 3), MIX, strict=True)
        for _ in range(count)
    ]
    lay_out_hexes(document, tiles, "Tiles", "60 ice tiles: 30 one-fish, 20 two-fish, 10 three-fish")


KIT = Kit(
    draw,
    needs=("scissors",),
    assembly=(
        "Cut out the penguins along their circles.",
        "Cut the ice tiles apart along the shared lines (one cut separates two tiles).",
        "Lay the floe in rows of 7 and 8 tiles, mixed at random or as the floe map shows.",
    ),
)
