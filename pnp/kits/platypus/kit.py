"""Platypus kit: the board strip, cell cards, tokens, both dealt tables, a match score sheet, a
score track and the rules summary; for the `pack` deal also blank tables and the three card packs.
The deal printed ends whoever starts, unless the kit option `allow-endless` says otherwise
(pnp/kits/platypus/options.py).

Sizes: board cells are 32 x 46 mm (two 14 mm tokens side by side on a 30 x 42 mm cell card), the
strip is split across pages with overlaps and registration marks. Colours that carry meaning
(red/blue, green/yellow) come from the Painter, and every one of them is also written as a word
or a letter, so the kit plays the same in black and white. Rules: ../shared/RULES.md, "Platypus".
"""

from __future__ import annotations

from pnp.games.platypus.ending import deal_sentence
from pnp.games.platypus.game import GAME, PlatypusOptions
from pnp.games.platypus.tables import (
    ANIMALS,
    BILLABONG,
    CELLS,
    PLAYERS,
)
from pnp.kits.builder import Kit, KitContext
from pnp.kits.parts.fold import fold_over
from pnp.kits.platypus.art import arrow_shape, draw_animal, draw_ghost_gum, draw_wattle
from pnp.kits.platypus.options import PlatypusKitOptions
from pnp.kits.platypus.tables import (
    HOLLOW,
    LINE,
    PACK_H,
    PACK_W,
    PLAYER_SWATCH,
    SIZES,
    SLOT,
    SWATCH,
    colour_word,
    draw_table,
    pack_cards,
)
from pnp.render.document import Document
from pnp.render.drawing import Drawing, Style, rect_shape
from pnp.render.fonts import SMALLEST, fit_size
from pnp.render.sheet import SheetSpec, lay_out
from pnp.render.theme import Painter
from pnp.render.tiling import tile_drawing

CELL_W, CELL_H = SIZES["cell_width"], SIZES["cell_height"]
CARD_W, CARD_H = SIZES["card_width"], SIZES["card_height"]
TOKEN_W, TOKEN_H = SIZES["token_width"], SIZES["token_height"]
END_W = 40.0  # the tree at each end of the strip
BAND = 12.0  # cell numbers above the cells, directions below


# -- the board strip -----------------------------------------------------------------------------


def draw_board(painter: Painter) -> Drawing:
    width = 2 * END_W + CELLS * CELL_W
    board = Drawing(width, CELL_H + 2 * BAND, background=painter.fill("ground"))
    board.rect(0, 0, width, board.height, Style(fill=painter.fill("ground"), stroke=None))
    _board_end(board, painter, 0.0, "Wattle", wattle=True)
    _board_end(board, painter, END_W + CELLS * CELL_W, "Ghost Gum", wattle=False)
    for cell in range(CELLS):
        x = END_W + cell * CELL_W
        if cell == BILLABONG:
            painter.area(board, rect_shape(x, BAND, CELL_W, CELL_H), "billabong", outline=0)
            board.centred_text(x + CELL_W / 2, BAND + CELL_H + 4.0, "Billabong", 3.4, bold=True)
        board.rect(x, BAND, CELL_W, CELL_H, LINE)
        board.rect(x + (CELL_W - CARD_W) / 2, BAND + 2, CARD_W, CARD_H, SLOT)
        board.centred_text(x + CELL_W / 2, BAND / 2, str(cell + 1), 6.0, bold=True)
    middle = BAND + CELL_H + BAND / 2
    # every fourth pair of cells from the Wattle end: clear of where the strip's parts join
    for cell in range(0, CELLS - 1, 4):
        if abs(cell - BILLABONG) < 2:
            continue
        x = END_W + cell * CELL_W
        board.path(
            arrow_shape(x + 4, middle - 2.2, 9, 4.4, left=True), Style(fill="#555555", stroke=None)
        )
        board.text(x + 14.5, middle + 1.2, "Wattle", 3.0)
        board.text(x + 2 * CELL_W - 14.5, middle + 1.2, "Ghost Gum", 3.0, anchor="end")
        board.path(
            arrow_shape(x + 2 * CELL_W - 13, middle - 2.2, 9, 4.4, left=False),
            Style(fill="#555555", stroke=None),
        )
    return board


def _board_end(board: Drawing, painter: Painter, x: float, name: str, wattle: bool) -> None:
    size = END_W - 8  # the crowns carry no meaning: grey in bw ink, not black blobs
    if wattle:
        draw_wattle(
            board,
            x + 4,
            BAND + 2,
            size,
            painter.fill("wattle") if painter.ink == "color" else "#ffffff",
            painter.art(painter.swatch("leaf").colour),
            painter,
        )
    else:
        draw_ghost_gum(
            board, x + 4, BAND + 2, size, painter.art(painter.swatch("gum").colour), painter
        )
    board.centred_text(x + END_W / 2, BAND / 2, name.upper(), 4.4, bold=True)
    note = "past cell 1: on to cell 21" if wattle else "past cell 21: on to cell 1"
    board.centred_text(
        x + END_W / 2, BAND + CELL_H + BAND / 2, note, fit_size(note, 2.8, END_W - 3)
    )


# -- cards and tokens ----------------------------------------------------------------------------


def draw_cell_card(painter: Painter, colour: int) -> Drawing:
    name = SWATCH[colour]
    card = Drawing(CARD_W, CARD_H, background=painter.fill(name))
    painter.area(card, rect_shape(0, 0, CARD_W, CARD_H), name, outline=0)
    _letter_disc(card, painter, CARD_W / 2, CARD_H * 0.42, 8.0, painter.letter(name), name)
    word = colour_word(colour)
    card.rect(
        3,
        CARD_H - 10.5,
        CARD_W - 6,
        7,
        Style(fill="#ffffff", stroke=painter.line(name), width=0.3),
        radius=1,
    )
    card.centred_text(
        CARD_W / 2, CARD_H - 7, word, fit_size(word, 4.2, CARD_W - 9, True), bold=True
    )
    return card


def _letter_disc(
    d: Drawing, painter: Painter, x: float, y: float, r: float, letter: str, swatch: str
) -> None:
    d.circle(x, y, r, Style(fill="#ffffff", stroke=painter.line(swatch), width=0.5))
    d.centred_text(x, y, letter, max(r * 1.2, SMALLEST), bold=True)


def draw_token(painter: Painter, player: str, animal: int | None) -> Drawing:
    """A token (animal) or, with animal None, the player's score marker."""
    swatch = PLAYER_SWATCH[player]
    token = Drawing(TOKEN_W, TOKEN_H)
    token.rect(0, 0, TOKEN_W, TOKEN_H, Style(fill="#ffffff", stroke=None))
    painter.area(token, rect_shape(0, 0, TOKEN_W, 5.2), swatch, outline=0)
    _letter_disc(token, painter, TOKEN_W / 2, 2.6, 2.3, painter.letter(swatch), swatch)
    # the name as a word, not in capitals: "KANGAROO" fits a token only under 2 mm tall
    label = ANIMALS[animal].capitalize() if animal is not None else "Score"
    ink = painter.line(swatch)
    if animal is not None:
        draw_animal(token, animal, 2.0, 5.5, 10.0, ink, hollow=HOLLOW[player])
    elif HOLLOW[player]:
        token.circle(TOKEN_W / 2, 10.6, 3.8, Style(fill="#ffffff", stroke=ink, width=0.8))
        token.centred_text(TOKEN_W / 2, 10.6, player.upper()[:1], 5.0, fill=ink, bold=True)
    else:
        token.circle(TOKEN_W / 2, 10.6, 4.2, Style(fill=ink, stroke=None))
        token.centred_text(TOKEN_W / 2, 10.6, player.upper()[:1], 5.0, fill="#ffffff", bold=True)
    size = fit_size(label, 3.0, TOKEN_W - 1.6)
    token.text(TOKEN_W / 2, TOKEN_H - 1.6, label, size, anchor="middle")
    token.rect(0, 0, TOKEN_W, TOKEN_H, Style(stroke=painter.line(swatch), width=0.6), radius=1.0)
    return token


# -- score track ---------------------------------------------------------------------------------

TRACK_COLS, TRACK_ROWS, BOX = 10, 6, 24.0
TEXT_INSET = 1.5  # mm from a cut line to the words and boxes beside it
LAP = 6.0  # a lap box's side


def draw_score_track() -> Drawing:
    """The 60 boxes, and under them each player's lap boxes, all inside the cut line with a
    margin (TEXT_INSET) so that a cut a little off never clips a word or a box."""
    box_h = BOX * 0.75
    laps = TRACK_ROWS * box_h + 11  # the top of the lap boxes
    track = Drawing(TRACK_COLS * BOX, laps + LAP + TEXT_INSET)
    width = track.width
    for n in range(TRACK_COLS * TRACK_ROWS):
        row, col = divmod(n, TRACK_COLS)
        x, y = col * BOX, row * box_h
        track.rect(x, y, BOX, box_h, LINE)
        track.text(x + TEXT_INSET, y + 5, str(n), 4.2, bold=n % 10 == 0)
    y = TRACK_ROWS * box_h + 4
    past = "Past 59: go on from 0 and tick a lap (each lap is 60 points)."
    track.text(TEXT_INSET, y + 4, past, 3.4)
    for k, player in enumerate(PLAYERS):
        x = k * width / 2 + TEXT_INSET
        track.text(x, y + 11, f"{player} laps:", 3.4, bold=True)
        for lap in range(6):
            track.rect(x + 25 + lap * 8, laps, LAP, LAP, LINE)
    return track


# -- match score sheet ---------------------------------------------------------------------------

MATCH_ROWS, MATCH_ROW_H, MATCH_HEAD = 16, 11.0, 17.0
MATCH_COLUMNS = (("match", 16.0), *((p, 24.0) for p in PLAYERS * 3), ("winner", 30.0))


def draw_match_sheet(first: str) -> Drawing:
    """A match is two games, each player starting once: the points of each game, the totals
    and the winner, one row per match."""
    second = PLAYERS[1 - PLAYERS.index(first)]
    width = sum(w for _, w in MATCH_COLUMNS)
    bottom = MATCH_HEAD + MATCH_ROWS * MATCH_ROW_H
    sheet = Drawing(width, bottom + 12)
    groups = (f"game 1: {first} starts", f"game 2: {second} starts", "match total")
    x = MATCH_COLUMNS[0][1]
    for group in groups:
        sheet.centred_text(x + 24, 5.0, group, fit_size(group, 3.6, 46, True), bold=True)
        sheet.line(x, 8.5, x + 48, 8.5, SLOT)
        x += 48
    x = 0.0
    for name, w in MATCH_COLUMNS:
        sheet.centred_text(x + w / 2, 13.0, name, 3.4, bold=name not in PLAYERS)
        x += w
    for row in range(MATCH_ROWS + 1):
        y = MATCH_HEAD + row * MATCH_ROW_H
        sheet.line(0, y, width, y, LINE if row == 0 else SLOT)
        if row < MATCH_ROWS:
            sheet.centred_text(8.0, y + MATCH_ROW_H / 2, str(row + 1), 3.4)
    x = 0.0
    for k, (_, w) in enumerate(MATCH_COLUMNS[:-1]):
        x += w
        top = 8.5 if k % 2 == 0 else MATCH_HEAD
        sheet.line(x, 0 if k % 2 == 0 else top, x, bottom, LINE if k % 2 == 0 else SLOT)
    sheet.rect(0, 0, width, bottom, LINE)
    note = (
        "Add up each player's points of the two games: the larger total wins the match; "
        "equal totals are a draw."
    )
    sheet.text(TEXT_INSET, bottom + 6, note, fit_size(note, 3.4, width - 2 * TEXT_INSET))
    return sheet


# -- the kit -------------------------------------------------------------------------------------


def draw(kit: KitContext) -> None:
    setup, painter, document = kit.setup, kit.painter, kit.document
    board = tile_drawing(document, draw_board(painter), "Board strip")
    # The tokens go below the last board part, which leaves most of its page free: they are on
    # a page of their own orientation, not after the cell cards, whose page has backs.
    faces = [draw_token(painter, p, a) for p in PLAYERS for a in range(4)]
    faces += [draw_token(painter, p, None) for p in PLAYERS]
    lay_out(
        document,
        [fold_over(face) for face in faces],
        SheetSpec(TOKEN_W, 2 * TOKEN_H, 4),
        "Tokens",
        "Tokens: each player's 4 animals and a score marker. Fold on the dashed line and glue",
        landscape=board[-1].paper.landscape,
    )
    greens = [draw_cell_card(painter, 1) for _ in range(CELLS)]
    yellows = [draw_cell_card(painter, 0) for _ in range(CELLS)]
    lay_out(
        document,
        greens,
        SheetSpec(CARD_W, CARD_H, 0),
        "Cell cards",
        "21 cell cards: green on one side, yellow on the other (backs on the next page)",
        backs=yellows,
    )
    red, blue = GAME.tables(setup)
    first = GAME.player_names(setup)[0]
    deal = PlatypusOptions.of(setup.options).deal
    dealt = [
        draw_table(painter, p, t, f"{first} starts  ·  {deal} deal")
        for p, t in zip(PLAYERS, (red, blue), strict=True)
    ]
    _lay_out_tables(document, dealt, "Tables", f"The dealt tables: {first} plays first")
    if deal == "pack":
        _pack_deal(document, painter)
    sheet = draw_match_sheet(first)
    lay_out(
        document,
        [sheet],
        SheetSpec(sheet.width, sheet.height),
        "Match score sheet",
        "Match score sheet: a match is two games, each player starting once",
        laser=False,  # filled in with a pencil: paper, in a laser kit too
    )
    track = draw_score_track()
    lay_out(
        document,
        [track],
        SheetSpec(track.width, track.height),
        "Score track",
        "Score track for both players' markers",
        landscape=True,
    )


def _lay_out_tables(document: Document, tables: list[Drawing], title: str, heading: str) -> None:
    """Both players' tables (of one size), on landscape pages."""
    spec = SheetSpec(tables[0].width, tables[0].height, 8)
    lay_out(document, tables, spec, title, heading, landscape=True)


def _pack_deal(document: Document, painter: Painter) -> None:
    """What only the pack deal needs: blank tables and the three card packs to deal onto them."""
    blank = [draw_table(painter, p, None, "deal the packs onto the slots") for p in PLAYERS]
    _lay_out_tables(document, blank, "Blank tables", "Blank tables, for dealing the card packs")
    fronts, backs = pack_cards(painter)
    lay_out(
        document,
        fronts,
        SheetSpec(PACK_W, PACK_H, 0),
        "Card packs",
        "Packs for the pack deal: 16 Animal, 16 Colour, 16 Tree cards",
        backs=backs,
    )
    document.assembly.append(
        "Cut out the two blank tables and the 48 pack cards, to deal new tables as the rules say."
    )


KIT = Kit(
    draw,
    options=PlatypusKitOptions,
    needs=(
        "scissors",
        "a glue stick, for the tokens",
        "a pencil, to tick laps on the score track and fill in the match score sheet",
    ),
    assembly=(
        "Cut out the cell cards (green front, yellow back) and lay one, yellow side up, on every "
        "cell of the strip: every cell starts yellow.",
        "Cut out the tokens, fold each on its dashed line and glue it shut.",
        "Cut out the two dealt tables: each player takes their own.",
        "Cut out the score track; both score markers start on 0.",
    ),
    cover_note=deal_sentence,
)
