"""Colour Diplomacy kit: the round board (plain, and with the setup's colours), the circle colour
track with one colour card per player, tokens, a two-sided order pad per player with numbered
turns, a refill page of pads for long games and the rules summary.

Rules: ../shared/RULES.md, "Colour Diplomacy". The board is in ring_board.py (beside this); boards
larger than a page are split with pnp/render/tiling.py. Every colour comes from the Painter, and
every field, token and card in a player's colour also carries the colour's letter and pattern
(`Painter.patterned_area`), so the kit plays in black and white and for colour-blind players.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.games.colour_diplomacy.game import ColourDiplomacySetup
from pnp.kits.builder import Kit, KitContext
from pnp.kits.colour_diplomacy.options import ColourDiplomacyKitOptions
from pnp.kits.colour_diplomacy.ring_board import RingGeometry, draw_board, token
from pnp.render.document import Document, Room
from pnp.render.drawing import BLACK, WHITE, Drawing, Style, circle_shape, rect_shape
from pnp.render.fonts import SMALLEST, fit_size
from pnp.render.paper import Box, component_sizes
from pnp.render.sheet import HEADING_SIZE, SHARE_GAP, SheetSpec, lay_out, shares_room
from pnp.render.text import wrap
from pnp.render.theme import Painter
from pnp.render.tiling import tile_drawing

SIZES = component_sizes("colour-diplomacy")
CARD_W, CARD_H = SIZES["card_width"], SIZES["card_height"]  # the track's slots are a little larger
SLOT_W, SLOT_H = SIZES["slot_width"], SIZES["slot_height"]
TOKEN = SIZES["token"]
TOKENS_EACH = 2  # one to play, one spare
PAD_W, PAD_H = SIZES["pad_width"], SIZES["pad_height"]
GREY = "#555555"
FRAME = Style(stroke=BLACK, width=0.35)
RULE = Style(stroke="#888888", width=0.2)
DASHED = Style(stroke=BLACK, width=0.25, dash=(1.5, 1.2))
BOX = Style(fill=WHITE, stroke=BLACK, width=0.3)
NOTES_X = 112.0  # mm from the left margin to the track's notes column


def swatch(player: int) -> str:
    return f"player{player}"


def colour_words(painter: Painter, player: int) -> str:
    """`green (G)`: the colour's name and the letter printed where colour alone would not do."""
    name = swatch(player)
    return f"{painter.swatch(name).name} ({painter.letter(name)})"


def draw(kit: KitContext) -> None:
    setup, painter, document = kit.setup, kit.painter, kit.document
    n = setup.players
    circle_colours: list[int] = list(ColourDiplomacySetup.of(setup.data).circle_colours)
    geometry = RingGeometry(n)
    seed = "custom setup" if setup.seed is None else f"seed {setup.seed}"
    notes = [
        kit.title,
        f"{n} players",
        "circle 1 is the outermost",
        "C3: field 1 of circle 3 begins",
    ]
    boards = ColourDiplomacyKitOptions.of(setup)
    if boards.plain_board():
        tile_drawing(document, draw_board(geometry, painter, None, notes), "Board")
    if boards.start_board():  # a circle's colour changes at a center reach: it says so
        starts = [swatch(p) for p in circle_colours]
        corners = [kit.title, f"{n} players, {seed}", "circle colours at the start only:",
                   "after a center reach, see the track"]  # fmt: skip
        coloured = draw_board(geometry, painter, starts, corners)
        tile_drawing(document, coloured, "Board with the start colours")
    below_board = document.room
    beside_track = colour_track(document, painter, circle_colours)
    players = range(1, n + 1)
    small = [
        Group([colour_card(painter, p) for p in players], SheetSpec(CARD_W, CARD_H, 0),
              "Colour cards", "Colour cards: one per player, for the track"),
        Group([token(painter, p) for p in players for _ in range(TOKENS_EACH)],
              SheetSpec(TOKEN, TOKEN, 3.0), "Tokens",
              f"Tokens: one per player and a spare ({n} players)"),
    ]  # fmt: skip
    # The cards and tokens go with the track: below it, else in the column beside it (below
    # its notes); what finds no room there goes below the last board part, else on the last
    # pads page, which with an odd count has half a page free (the pads have backs, so they
    # start a page of their own either way), else on a page of its own.
    later = share_room(document, small)
    if len(later) == len(small):  # nothing below the track: the column runs to the foot
        beside_track = replace(beside_track, bottom=None)
    for room in (beside_track, below_board):
        document.room = room
        later = share_room(document, later)
    document.room = None
    if n % 2 == 1:
        add_order_pads(document, painter, n, kit.title)
        later = share_room(document, later)
    for group in later:
        group.lay_out(document)
    if n % 2 == 0:
        add_order_pads(document, painter, n, kit.title)
    add_refill_pads(document, painter, kit.title)


def share_room(document: Document, groups: list[Group]) -> list[Group]:
    """Lay out each group that fits in the document's room, as it is or else turned a quarter
    (10 cards in a narrow column); returns the others."""
    left = []
    for group in groups:
        fitting = [way for way in (group, group.turned()) if shares_room(document, *way.size())]
        if fitting:
            fitting[0].lay_out(document)
        else:
            left.append(group)
    return left


@dataclass(frozen=True)
class Group:
    """Components laid out together, with the page title and heading they print under."""

    items: list[Drawing]
    spec: SheetSpec
    title: str
    heading: str

    def size(self) -> tuple[int, SheetSpec, str]:
        return len(self.items), self.spec, self.heading

    def lay_out(self, document: Document) -> None:
        lay_out(document, self.items, self.spec, self.title, self.heading)

    def turned(self) -> Group:
        """The same group with every item turned a quarter (a card's text then runs up); a group
        of items cut along their own outline (round tokens) stays as it is."""
        if any(item.outline for item in self.items):
            return self
        spec = replace(self.spec, item_width=self.spec.item_height,
                       item_height=self.spec.item_width)  # fmt: skip
        items = []
        for item in self.items:
            turned = Drawing(item.height, item.width, background=item.background)
            turned.place(item, 0, 0, rotate=270)
            items.append(turned)
        return replace(self, items=items, spec=spec)


def colour_card(painter: Painter, player: int) -> Drawing:
    """A card in the player's colour, with the colour's letter, name and the player number."""
    card = Drawing(CARD_W, CARD_H, background=painter.fill(swatch(player)))
    painter.patterned_area(card, rect_shape(0, 0, CARD_W, CARD_H), swatch(player), 0)
    r = CARD_H / 2 - 2.5
    card.circle(CARD_H / 2, CARD_H / 2, r, BOX)
    letter = painter.letter(swatch(player))
    card.centred_text(
        CARD_H / 2, CARD_H / 2, letter, fit_size(letter, 8.0, 1.5 * r, True), bold=True
    )
    panel = Box(CARD_H, 2.5, CARD_W - CARD_H - 2.5, CARD_H - 5)
    card.rect(panel.x, panel.y, panel.w, panel.h, BOX, radius=1.2)
    words = painter.swatch(swatch(player)).name
    card.text(panel.x + 2, panel.y + 5.6, f"player {player}", 4.0, bold=True)
    card.text(panel.x + 2, panel.y + 10.6, words, fit_size(words, 3.4, panel.w - 4))
    return card


def colour_track(document: Document, painter: Painter, circle_colours: list[int]) -> Room:
    """A page with a slot per circle for the colour cards, each showing the colour at the start,
    and how the colours turn when someone reaches the center; the room below is left for the
    cards and tokens. Returns the other free paper: the column beside the slots, below the
    notes."""
    n = len(circle_colours)
    page = document.new_page("Circle colour track")
    area = page.paper.content
    drawing = page.drawing
    drawing.text(area.x, area.y + HEADING_SIZE, "Circle colour track", HEADING_SIZE, bold=True)
    top = area.y + 13
    pitch = min(SLOT_H + 3, (area.bottom - top) / n)
    for circle in range(1, n + 1):
        y = top + (circle - 1) * pitch
        _ring_icon(drawing, area.x + 9, y + SLOT_H / 2, n, circle)
        where = " (outermost)" if circle == 1 else " (innermost)" if circle == n else ""
        drawing.text(area.x + 21, y + SLOT_H / 2 - 0.5, f"circle {circle}", 4.0, bold=True)
        drawing.text(area.x + 21, y + SLOT_H / 2 + 4.5, where.strip(" ()"), 2.8, fill=GREY)
        slot = Box(area.x + 48, y, SLOT_W, SLOT_H)
        drawing.rect(slot.x, slot.y, slot.w, slot.h, DASHED, radius=1.5)
        player = circle_colours[circle - 1]
        start = f"start: {colour_words(painter, player)}, player {player}"
        drawing.centred_text(slot.x + slot.w / 2, slot.y + slot.h / 2, start, 3.0, fill=GREY)
    notes = Box(area.x + NOTES_X, top, area.right - area.x - NOTES_X, area.h - 13)
    notes_end = _track_notes(drawing, notes)
    slots_end = top + (n - 1) * pitch + SLOT_H
    if document.settings.cut_marks:
        document.record("Circle colour track", 0, [page])  # a page to lay cards on, not cut
    else:  # a laser cuts the track out, and its notes as a card: nothing is left on the offcut
        page.cut(rect_shape(area.x - 1.5, top - 2, 48 + SLOT_W + 3, slots_end - top + 4))
        page.cut(rect_shape(notes.x - 1.5, top - 2, notes.w + 3, notes_end - top + 4))
        document.record("Circle colour track and its notes", 2, [page])
    document.room = Room(page, max(slots_end, notes_end))
    return Room(page, notes_end, notes.x - SHARE_GAP, slots_end + SHARE_GAP)


def _ring_icon(drawing: Drawing, x: float, y: float, n: int, circle: int) -> None:
    """The board's circles in miniature, `circle` filled dark: which circle a slot stands for."""
    step = 7.0 / n
    outer = 8.5 - (circle - 1) * step
    drawing.circle(x, y, outer - step / 2, Style(stroke=BLACK, width=step))
    for c in range(1, n + 2):
        drawing.circle(x, y, 8.5 - (c - 1) * step, Style(stroke=GREY, width=0.15))


TRACK_NOTES = [
    "Set up: lay each colour card on the slot that shows its colour at the start.",
    "A player reaches the center alone: take their card out, move every card inside its slot "
    "one slot out to close the gap, and lay their card on the innermost slot.",
    "Two or more reach the center together: the card of circle 1 moves to the innermost slot, "
    "all others slide one slot out.",
    "Then every player on the board steps one circle out (circle 1 falls off).",
]


def _track_notes(drawing: Drawing, box: Box) -> float:
    """The notes down `box`; returns the y below the last one."""
    y = box.y + 4
    for note in TRACK_NOTES:
        drawing.circle(box.x + 1.2, y - 1.1, 0.6, Style(fill=BLACK, stroke=None))
        for line in wrap(note, 3.2, box.w - 4):
            drawing.text(box.x + 4, y, "".join(run for run, _ in line), 3.2)
            y += 4.3
        y += 2.5
    return y - 4.3


PAD_COLUMNS = [  # (heading in two lines, width in mm) of one of the pad's two tables
    (("turn", ""), 8.4),
    (("MOVE", "in / out"), 20.0),
    (("to", "field"), 11.0),
    (("HOLD", ""), 10.4),
    (("SUPPORT", "player"), 18.0),
    (("into", "circle / field"), 23.2),
]
PAD_TABLE_W = sum(w for _, w in PAD_COLUMNS)
PAD_TABLES = 2  # side by side: the turns run down the left table, then down the right one
PAD_ROW = 6.0
PAD_MARGIN = 1.5  # mm from the cut line to every table and word, so cutting leaves them whole
PAD_HEAD = 12.0
PAD_TABLE_HEAD = 7.0
PAD_REMINDER_LINE = 3.4  # mm from one line of the reminders under the tables to the next
PAD_FOOT = 4 * PAD_REMINDER_LINE + 2.4  # room for the reminders: two texts of two lines each
PAD_ROWS = int((PAD_H - PAD_HEAD - PAD_TABLE_HEAD - PAD_FOOT) // PAD_ROW)
PAD_TURNS = PAD_TABLES * PAD_ROWS  # turns on one side of a pad
REFILL_FROM = 2 * PAD_TURNS + 1  # the first turn of the refill pads (after both sides)


def add_order_pads(document: Document, painter: Painter, players: int, title: str) -> None:
    """A two-sided pad per player: turns 1 to PAD_TURNS on the front, then to 2 * PAD_TURNS."""
    lay_out(
        document,
        [order_pad(painter, p, title, 1) for p in range(1, players + 1)],
        SheetSpec(PAD_W, PAD_H, 6.0),
        "Order pads",
        "Order pads: write your order secretly, then all reveal at once; turns go on overleaf",
        backs=[order_pad(painter, p, title, PAD_TURNS + 1) for p in range(1, players + 1)],
        laser=False,  # written on in pencil: paper, in a laser kit too
    )


def add_refill_pads(document: Document, painter: Painter, title: str) -> None:
    """One two-sided page of two pads for whoever writes, the next 2 * PAD_TURNS turns,
    printed again for a longer game."""
    last = REFILL_FROM + 2 * PAD_TURNS - 1
    lay_out(
        document,
        [order_pad(painter, None, title, REFILL_FROM)] * 2,
        SheetSpec(PAD_W, PAD_H, 6.0),
        "Refill order pads",
        f"Refill pads, turns {REFILL_FROM}-{last}: for a long game print one per two players "
        f"(again for turns past {last}: add {2 * PAD_TURNS} to each number)",
        backs=[order_pad(painter, None, title, REFILL_FROM + PAD_TURNS)] * 2,
        laser=False,
    )


def order_pad(painter: Painter, player: int | None, title: str, first_turn: int) -> Drawing:
    """One numbered row per turn, from `first_turn` down the left table and then the right:
    MOVE in or out to a field, HOLD, or SUPPORT a player into a field. A refill pad (player
    None) leaves the player to be written in."""
    pad = Drawing(PAD_W, PAD_H)
    left, right = PAD_MARGIN, PAD_W - PAD_MARGIN
    if player is None:
        pad.text(left, 6.5, "Orders of player ____", 4.4, bold=True)
        pad.text(right, 6.5, f"{title}  ·  refill", 3.0, anchor="end")
    else:
        chip = circle_shape(left + 5.0, 5.5, 4.5)
        painter.patterned_area(pad, chip, swatch(player), 0.3)
        pad.circle(left + 5.0, 5.5, 2.9, BOX)
        letter = painter.letter(swatch(player))
        pad.centred_text(left + 5.0, 5.5, letter, fit_size(letter, 3.0, 4.4, True), bold=True)
        pad.text(left + 12, 6.5, f"Orders of player {player}", 4.4, bold=True)
        pad.text(right, 6.5, f"{title}  ·  colour {colour_words(painter, player)}", 3.0,
                 anchor="end")  # fmt: skip
    gap = (right - left - PAD_TABLES * PAD_TABLE_W) / (PAD_TABLES - 1)
    for table in range(PAD_TABLES):
        _pad_table(pad, left + table * (PAD_TABLE_W + gap), first_turn + table * PAD_ROWS)
    bottom = PAD_HEAD + PAD_TABLE_HEAD + PAD_ROWS * PAD_ROW
    reminders = (
        "Off your colour: MOVE.   Just moved onto your colour: HOLD.   Otherwise on your "
        "colour: HOLD, MOVE, or SUPPORT a player into a field beside you on your circle.",
        "MOVE in to field k or k+1 of the next circle in, out to field k-1 or k of the next "
        "circle out (k: your field), in to the center from the innermost circle, or off.",
    )
    lines = [line for reminder in reminders for line in wrap(reminder, SMALLEST, right - left)]
    assert len(lines) <= 4, "the reminders outgrew the pad's foot (PAD_FOOT)"
    for k, line in enumerate(lines):
        text = "".join(run for run, _ in line)
        pad.text(left, bottom + 3.6 + PAD_REMINDER_LINE * k, text, SMALLEST)
    return pad


def _pad_table(pad: Drawing, left: float, first_turn: int) -> None:
    top = PAD_HEAD
    x = left
    for heading, width in PAD_COLUMNS:
        for k, line in enumerate(heading):
            size = fit_size(line, SMALLEST, width - 1.6, k == 0)
            pad.text(x + 0.9, top + 3.1 + 2.9 * k, line, size, bold=k == 0)
        x += width
    table_top = top + PAD_TABLE_HEAD
    for row in range(PAD_ROWS):
        _pad_row(pad, left, table_top + row * PAD_ROW, first_turn + row)
    bottom = table_top + PAD_ROWS * PAD_ROW
    pad.rect(left, top, PAD_TABLE_W, bottom - top, FRAME)
    x = left
    for _, width in PAD_COLUMNS[:-1]:
        x += width
        pad.line(x, top, x, bottom, RULE)


def _pad_row(pad: Drawing, left: float, y: float, turn: int) -> None:
    pad.line(left, y, left + PAD_TABLE_W, y, RULE)
    mid = y + PAD_ROW / 2
    pad.centred_text(left + PAD_COLUMNS[0][1] / 2, mid, str(turn), 3.0, bold=True)
    x = left + PAD_COLUMNS[0][1]
    for label, dx in (("in", 1.5), ("out", 10.0)):
        pad.rect(x + dx, mid - 1.8, 3.6, 3.6, BOX)
        pad.text(x + dx + 4.6, mid + 1.0, label, 2.8)
    x += PAD_COLUMNS[1][1] + PAD_COLUMNS[2][1]
    pad.rect(x + (PAD_COLUMNS[3][1] - 3.6) / 2, mid - 1.8, 3.6, 3.6, BOX)
    x += PAD_COLUMNS[3][1] + PAD_COLUMNS[4][1]
    pad.text(x + 1.5, mid + 1.0, "c", 2.8, fill=GREY)
    pad.text(x + 12.5, mid + 1.0, "f", 2.8, fill=GREY)


KIT = Kit(
    draw,
    ColourDiplomacyKitOptions,
    needs=("scissors", "a pencil for each player, for the order pads"),
    assembly=(
        "Cut out the colour cards and lay each on the colour track's slot that shows its colour: "
        "the track says each circle's colour all game (a board printed with the start colours "
        "shows them only until a player first reaches the center).",
        "Cut out the tokens: each player puts one on the board as the rules say.",
        "Cut the order pads apart: each player takes their own.",
    ),
)
