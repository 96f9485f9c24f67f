"""Wallaby kit: the board layout map, the tiles, pawns and tokens, harvest mats, turn diagrams
and the rules summary.

Rules: ../shared/RULES.md, "Wallaby". Tiles are 30 mm squares cut along shared lines, one per
tile of the setup, or all 49 with the print option `tiles: all` (those set aside for 2 players
marked); the layout map says which tile goes where, so the printed game starts from exactly the
setup that was simulated. Player colours come
from the Painter with their letters (R, B, G, Y), so a black-and-white print stays playable.
"""

from __future__ import annotations

from collections import Counter

from pnp.games.base import Setup
from pnp.games.mechanics.grid import FILES
from pnp.games.wallaby.game import (
    TILES,
    TWO_PLAYER_REMOVAL,
    WallabySetup,
    board_size,
    field_of,
    tile_set,
)
from pnp.kits.builder import Kit, KitContext
from pnp.kits.wallaby.art import plants, scarecrow, wallaby
from pnp.kits.wallaby.diagram import add_turn_diagrams
from pnp.kits.wallaby.mat import MARKER, MAT_H, MAT_W, harvest_mat, seat_swatch
from pnp.kits.wallaby.options import WallabyKitOptions
from pnp.render.document import Document
from pnp.render.drawing import Drawing, Style, circle_shape, rect_shape
from pnp.render.fonts import SMALLEST, text_width
from pnp.render.paper import Box, component_sizes
from pnp.render.sheet import HEADING_SPACE, SheetSpec, lay_out
from pnp.render.text import paragraph
from pnp.render.theme import Painter

TILE = component_sizes("wallaby")["tile"]  # mm, the side of a tile
STANDEE_W = component_sizes("wallaby")["standee_width"]
FIGURE_H = component_sizes("wallaby")["standee_figure_height"]
TAB_H = component_sizes("wallaby")["standee_tab_height"]
TOKEN = component_sizes("wallaby")["token"]  # diameter of the flat tokens, three to a strip
PIECE_GAP = 4.0
THIN = Style(stroke="#444444", width=0.25)
EDGE = Style(stroke="#c8c8c8", width=0.1)
INNER_EDGE = "#b9a77a"  # the frame inside a tile's edge
SETUP_TEXT = 80.0  # mm kept below the layout map for the setup steps
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
MIN_NAME = SMALLEST  # mm, the layout map's square names on a small cell (7 x 7, the Valley)
SET_ASIDE_MARK = "not 2P"  # the heading and layout map say: set aside with 2 players
SET_ASIDE_LINES = (SET_ASIDE_MARK,)  # the mark on a tile, in its top right corner


def seat_title(painter: Painter, seat: int) -> str:
    swatch = painter.swatch(seat_swatch(seat))
    return f"{swatch.name.capitalize()} ({swatch.letter})"


# -- tiles -------------------------------------------------------------------------------------


def tile_front(value: int, painter: Painter) -> Drawing:
    """A tile: `value` plants and the number small in two opposite corners."""
    field = painter.fill("field")
    tile = Drawing(TILE, TILE, background=field)
    tile.rect(0, 0, TILE, TILE, Style(fill=field, stroke=None))
    tile.rect(0, 0, TILE, TILE, EDGE)  # a hairline on the cut, for scissors
    inner = Style(stroke=painter.art(INNER_EDGE), width=0.2)
    tile.rect(1.3, 1.3, TILE - 2.6, TILE - 2.6, inner, radius=1.5)
    plants(tile, 0, 0, TILE, value, painter)
    tile.text(2.6, 5.4, str(value), 3.6, bold=True)
    tile.text(TILE - 2.6, TILE - 5.4, str(value), 3.6, bold=True, angle=180)
    return tile


def tile_back(painter: Painter, title: str) -> Drawing:
    field = painter.fill("field")
    back = Drawing(TILE, TILE, background=field)
    back.rect(0, 0, TILE, TILE, Style(fill=field, stroke=None))
    back.rect(2, 2, TILE - 4, TILE - 4, Style(stroke=painter.art(INNER_EDGE), width=0.3), radius=2)
    back.centred_text(TILE / 2, TILE / 2, title, 4.2, bold=True, fill=painter.art("#7a6a3a"))
    return back


def set_aside_mark(tile: Drawing) -> Drawing:
    """A tile marked as one of those set aside with 2 players (printed with `--tiles all`)."""
    marked = Drawing(TILE, TILE, background=tile.background)
    marked.place(tile, 0, 0)
    # clear of the plants and the numbers
    size, pitch = SMALLEST, 2.8
    width = max(text_width(line, size, True) for line in SET_ASIDE_LINES) + 1.4
    right, top = TILE - 1.6, 1.6
    marked.rect(right - width, top, width, 0.8 + pitch * len(SET_ASIDE_LINES),
                Style(fill="#ffffff", stroke="#000000", width=0.3), radius=1.0)  # fmt: skip
    for k, line in enumerate(SET_ASIDE_LINES):
        marked.centred_text(right - width / 2, top + 2.05 + pitch * k, line, size, bold=True)
    return marked


def printed_tiles(setup: Setup) -> list[tuple[int, bool]]:
    """(value, set aside with 2 players) of every tile the kit prints: the setup's, or with
    `tiles: all` all 49, the 13 that 2 players set aside marked, so one kit serves 2-4 players."""
    if WallabyKitOptions.of(setup).tiles != "all":
        return [
            (v, False) for v in sorted(int(d) for d in "".join(WallabySetup.of(setup.data).board))
        ]
    return [
        (v, k >= TILES[v] - TWO_PLAYER_REMOVAL[v]) for v in sorted(TILES) for k in range(TILES[v])
    ]


def add_tiles(document: Document, setup: Setup, painter: Painter) -> None:
    tiles = printed_tiles(setup)
    counts = Counter(v for v, _ in tiles)
    faces = {v: tile_front(v, painter) for v in counts}
    marked = {v: set_aside_mark(faces[v]) for v in counts}
    spec = SheetSpec(TILE, TILE, 0.0)
    content = document.paper.content

    def pages(area: Box) -> int:
        cols, rows = spec.grid(area)
        return -(-len(tiles) // (cols * rows))

    with_heading = pages(content.below(HEADING_SPACE))
    heading = (
        f"{len(tiles)} tiles: {counts[1]} with 1 plant, {counts[2]} with 2, {counts[3]} with 3"
        "  ·  cut along the lines"
    )
    if any(aside for _, aside in tiles):
        heading += f"  ·  '{SET_ASIDE_MARK}': set aside with 2 players"
    if with_heading > pages(content):
        heading = ""  # the heading would cost a page: the footer names the page anyway
    backs = None
    if WallabyKitOptions.of(setup).tile_backs == "field":
        backs = [tile_back(painter, document.game_title)] * len(tiles)
    items = [marked[v] if aside else faces[v] for v, aside in tiles]
    lay_out(document, items, spec, "Tiles", heading, backs=backs)


# -- the layout map ----------------------------------------------------------------------------


def add_layout_map(document: Document, setup: Setup, painter: Painter) -> None:
    """The page that says which tile goes where, with the setup steps of this player count."""
    page = document.new_page("Board layout")
    area = page.paper.content
    drawing = page.drawing
    field = field_of(setup.options)
    rows, cols = board_size(setup.options)
    drawing.text(
        area.x,
        area.y + 6,
        f"{document.game_title}: board layout for seed {document.seed_label}",
        6,
        bold=True,
    )
    variant = setup.variant
    label = {"standard": "standard rules", "valley": "the Valley", "children": "children's variant"}
    summary = (
        f"{field.players} players  ·  {label[variant]}  ·  {rows} x {cols} board  ·  "
        f"goal {field.goal} plants"
    )
    drawing.text(area.x, area.y + 12.5, summary, 3.6)
    band = 3 if field.valley else 0
    label_space = 6.0
    map_height = area.h - 26 - 2 * label_space - SETUP_TEXT  # the setup steps go below the map
    cell = min(20.0, (area.w - 2 * label_space) / (cols + 2 * band), map_height / (rows + 2 * band))
    width = (cols + 2 * band) * cell + 2 * label_space
    left = area.x + (area.w - width) / 2 + label_space + band * cell
    top = area.y + 20 + label_space + band * cell
    if band:
        _outside_band(drawing, left, top, rows, cols, cell, painter)
    board = list(WallabySetup.of(setup.data).board)
    _board_map(drawing, board, left, top, cell, painter, label_space)
    y = top + (rows + band) * cell + label_space + 6
    paragraph(drawing, area.x, y, area.w, _setup_text(setup, painter), 3.3)


def _board_map(
    drawing: Drawing,
    board: list[str],
    left: float,
    top: float,
    cell: float,
    painter: Painter,
    label_space: float,
) -> None:
    rows, cols = len(board), len(board[0])
    field = painter.fill("field")
    for i, row in enumerate(board):
        for c, digit in enumerate(row):
            x, y = left + c * cell, top + i * cell
            drawing.rect(x, y, cell, cell, Style(fill=field, stroke="#000000", width=0.3))
            drawing.centred_text(x + cell * 0.3, y + cell * 0.42, digit, cell * 0.42, bold=True)
            for k in range(int(digit)):
                drawing.circle(
                    x + cell * 0.72, y + cell * (0.22 + 0.25 * k), cell * 0.07,
                    Style(fill=painter.fill("plant"), stroke=painter.line("plant"), width=0.2),
                )  # fmt: skip
            name = f"{FILES[c]}{rows - i}"
            size = max(cell * 0.16, MIN_NAME)
            drawing.text(x + cell * 0.08, y + cell * 0.9, name, size, fill="#666666")
    size = min(4.0, cell * 0.3)
    for c in range(cols):
        x = left + (c + 0.5) * cell
        drawing.centred_text(x, top - label_space / 2, FILES[c], size, bold=True)
        drawing.centred_text(x, top + rows * cell + label_space / 2, FILES[c], size, bold=True)
    for i in range(rows):
        y = top + (i + 0.5) * cell
        drawing.centred_text(left - label_space / 2, y, str(rows - i), size, bold=True)
        drawing.centred_text(
            left + cols * cell + label_space / 2, y, str(rows - i), size, bold=True
        )
    drawing.rect(left, top, cols * cell, rows * cell, Style(stroke="#000000", width=0.7))


def _outside_band(
    drawing: Drawing, left: float, top: float, rows: int, cols: int, cell: float, painter: Painter
) -> None:
    """The Valley's three cells outside the board, where jumps may land but turns never end."""
    outer = rect_shape(left - 3 * cell, top - 3 * cell, (cols + 6) * cell, (rows + 6) * cell)
    painter.area(drawing, outer, "outside", outline=0.3)
    drawing.rect(left, top, cols * cell, rows * cell, Style(fill="#ffffff", stroke=None))
    note = "outside the board: a jump may land here; the bounce must come back onto the board"
    size, x, y = min(3.2, cell * 0.3), left + cols * cell / 2, top - 2.4 * cell
    if painter.ink != "color":  # a white patch keeps the caption clear of the hatching
        width = text_width(note, size) + 2.0
        patch = Style(fill="#ffffff", stroke=None)
        drawing.rect(x - width / 2, y - size * 0.75, width, size * 1.5, patch, radius=0.8)
    drawing.centred_text(x, y, note, size)


def _count(tiles: Counter[int]) -> str:
    return ", ".join(
        f"{WORDS.get(n, str(n))} {v}{'s' if n > 1 else ''}" for v, n in sorted(tiles.items())
    )


def _setup_text(setup: Setup, painter: Painter) -> list[str]:
    field = field_of(setup.options)
    aside = Counter(int(d) for d in WallabySetup.of(setup.data).set_aside)
    rows = len(WallabySetup.of(setup.data).board)
    lines = [
        f"**Lay out the tiles** face up exactly as shown: rank {rows} on the far side, file a on "
        "the left. Squares are named by file and rank (a1 is the near left corner).",
    ]
    removal = Counter(TILES) - Counter(tile_set(setup.options))
    every_tile = WallabyKitOptions.of(setup).tiles == "all"
    if not removal and every_tile:
        lines.append(
            f"**Tiles marked '{SET_ASIDE_MARK}'** are used too: only 2 players set them aside."
        )
    if removal:
        printed = f"printed, marked '{SET_ASIDE_MARK}', not used" if every_tile else "not printed"
        lines.append(f"**Set aside** for 2 players ({printed}): {_count(removal)}.")
    if aside - removal:
        printed = "printed, not used" if every_tile else "not printed"
        lines.append(
            f"**The Valley** set aside one tile drawn at random: {_count(aside - removal)} "
            f"({printed})."
        )
    seats = [seat_title(painter, s) for s in range(field.players)]
    lines.append(
        f"**Seats** in turn order: {', '.join(seats)}. {seats[0]} places its wallaby on a free "
        "perimeter tile (edge row or column)."
    )
    free = "no wallaby or scarecrow on it" if field.scarecrow else "no wallaby on it"
    for seat in range(1, field.players):
        lines.append(
            f"{seats[seat]} places its wallaby on a free perimeter tile, then harvests a free "
            f"{seat}-plant tile ({free}) from anywhere on the board."
        )
    if field.scarecrow:
        lines.append(f"{seats[-1]} then places the **scarecrow** on any tile. {seats[0]} starts.")
    else:
        lines.append(f"{seats[0]} starts.")
    lines.append(f"**Goal:** the first to hold {field.goal} plants at the end of a turn wins.")
    return lines


# -- pawns, tokens and mats --------------------------------------------------------------------


def _figure(painter: Painter, swatch: str | None) -> Drawing:
    panel = Drawing(STANDEE_W, FIGURE_H)
    panel.rect(0, 0, STANDEE_W, FIGURE_H, Style(fill=painter.fill("mat"), stroke=None))
    if swatch is None:
        scarecrow(panel, 2.0, 1.5, STANDEE_W - 4, FIGURE_H - 2.5, painter)
    else:
        wallaby(panel, 1.5, 1.5, STANDEE_W - 4, FIGURE_H - 2.5, painter, swatch)
    return panel


def standee(painter: Painter, swatch: str | None, name: str) -> Drawing:
    """A fold-over standee: a tab, the figure upside down, the fold, the figure, a tab.

    Fold on the middle line with the figures outwards and glue; fold the tabs out to stand."""
    height = 2 * FIGURE_H + 2 * TAB_H
    piece = Drawing(STANDEE_W, height)
    piece.place(_figure(painter, swatch), 0, TAB_H, rotate=180)
    piece.place(_figure(painter, swatch), 0, TAB_H + FIGURE_H)
    for y in (TAB_H, TAB_H + FIGURE_H, TAB_H + 2 * FIGURE_H):
        piece.fold(0, y, STANDEE_W, y)
    piece.text(STANDEE_W / 2, height - 3.5, name, 3.0, bold=True, anchor="middle")
    piece.text(STANDEE_W / 2, 3.5, name, 3.0, bold=True, anchor="middle", angle=180)
    piece.rect(0, 0, STANDEE_W, height, THIN)
    return piece


Token = tuple[str, str | None, str]  # (kind: marker | pawn | scarecrow, swatch, label)


def token_strip(painter: Painter, tokens: list[Token]) -> Drawing:
    """Up to three round tokens in a standee-sized strip, each cut along its circle."""
    height = 2 * FIGURE_H + 2 * TAB_H
    strip = Drawing(STANDEE_W, height)
    outline: list[tuple[str | float, ...]] = []
    for k, (kind, swatch, label) in enumerate(tokens):
        cx, cy = STANDEE_W / 2, height / 6 * (2 * k + 1)
        radius = (MARKER if kind == "marker" else TOKEN) / 2  # a marker fits one track cell
        disc = circle_shape(cx, cy, radius)
        outline.extend(disc)
        if kind == "marker" and swatch is not None:
            painter.patterned_area(strip, disc, swatch, outline=0.4)
            painter.label(strip, cx, cy, painter.letter(swatch), 6, swatch, patterned=True)
            strip.centred_text(cx, cy + MARKER / 2 + 3.0, label, SMALLEST)
        else:
            strip.path(disc, Style(fill=painter.fill("mat"), stroke="#222222", width=0.4))
            box = TOKEN * 0.66  # the tail tip, in the box corner, stays inside the disc
            if kind == "pawn":
                wallaby(strip, cx - box / 2, cy - box / 2, box, box, painter, str(swatch))
            else:
                scarecrow(strip, cx - box / 2, cy - box / 2, box, box, painter)
    strip.outline = tuple(outline)
    return strip


def add_pieces(document: Document, setup: Setup, painter: Painter) -> None:
    field = field_of(setup.options)
    seats = [seat_swatch(s) for s in range(field.players)]
    items = [standee(painter, s, painter.swatch(s).name.capitalize()) for s in seats]
    tokens: list[Token] = [("marker", s, "score") for s in seats]
    tokens += [("pawn", s, "") for s in seats]
    if field.scarecrow:
        items.append(standee(painter, None, "Scarecrow"))
        tokens.append(("scarecrow", None, ""))
    items += [token_strip(painter, tokens[k : k + 3]) for k in range(0, len(tokens), 3)]
    heading = "Standees: fold at the middle, glue, tabs out  ·  discs: markers, flat pawns"
    spec = SheetSpec(STANDEE_W, 2 * FIGURE_H + 2 * TAB_H, PIECE_GAP)
    lay_out(document, items, spec, "Pawns and tokens", heading)


def add_mats(document: Document, setup: Setup, painter: Painter) -> None:
    field = field_of(setup.options)
    mats = [harvest_mat(painter, field, seat) for seat in range(field.players)]
    spec = SheetSpec(MAT_W, MAT_H, PIECE_GAP)
    lay_out(document, mats, spec, "Harvest mats", "Harvest mats: one per player")


def draw(kit: KitContext) -> None:
    document, setup, painter = kit.document, kit.setup, kit.painter
    add_layout_map(document, setup, painter)
    add_tiles(document, setup, painter)
    add_pieces(document, setup, painter)
    add_mats(document, setup, painter)
    add_turn_diagrams(document, field_of(setup.options), painter)


KIT = Kit(
    draw,
    WallabyKitOptions,
    needs=("scissors", "a glue stick, for the standees"),
    assembly=(
        "Cut the tiles apart along the shared lines and lay them out as the board layout shows.",
        "Cut out the standees, fold each at the middle with the figures outwards, glue, and fold "
        "the tabs out to stand.",
        "Cut out the discs: score markers and flat pawns (the pawns replace the standees if you "
        "prefer).",
        "Cut out the harvest mats: each player takes the mat of their colour.",
    ),
)
