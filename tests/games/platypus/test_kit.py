"""The Platypus kit: what each page holds, printed sizes read back from the PDF, every ink mode,
and the tables of a hand-written setup printed as given."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pnp.cli_support import worded
from pnp.errors import InputError
from pnp.games import get_game
from pnp.games.setupfile import setup_json
from pnp.kits import build_kit, write_kit
from pnp.kits.platypus.kit import CARD_H, CARD_W, CELL_H, CELL_W, TOKEN_H, TOKEN_W
from pnp.render.drawing import Drawing, Place, Text
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.cli import invoke, refused, run
from tests.support.pdfgeom import read_geometry
from tests.support.textboxes import text_boxes

GAME: Any = get_game("platypus")
TOLERANCE = 0.1
DEALS = ("uniform", "pack")


def texts(drawing: Drawing) -> list[str]:
    found: list[str] = []
    for op in drawing.ops:
        if isinstance(op, Text):
            found.append(op.text)
        elif isinstance(op, Place):
            found += texts(op.drawing)
    return found


def kit(seed: int = 1, ink: str = "color", paper: str = "a4", deal: str = "uniform") -> Any:
    setup = GAME.random_setup(seed, GAME.info.resolve(None, None, {"deal": deal}))
    return setup, build_kit(GAME, setup, PrintSettings(get_paper(paper), ink=ink))


def titles(document: Any) -> list[str]:
    return [page.title for page in document.pages]


@pytest.mark.parametrize("ink", ["color", "saver", "bw"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_has_every_component_in_every_ink_and_paper(ink: str, paper: str) -> None:
    _, document = kit(ink=ink, paper=paper)
    pages = titles(document)
    assert [t for t in pages if t.startswith("Board strip")] == [
        "Board strip, parts A1-B1",  # two short parts stack on one page
        "Board strip, part C1, tokens",  # the tokens fill the room below the last part
    ]
    for title in ("Cell cards", "Cell cards (backs)", "Tables", "Score track", "Rules"):
        assert title in pages
    words = texts(document.pages[pages.index("Cell cards (backs)")].drawing)
    assert words.count("YELLOW") == 21 and words.count("Y") == 21
    words = texts(document.pages[pages.index("Cell cards")].drawing)
    assert words.count("GREEN") == 21 and words.count("G") == 21


def test_the_pack_deals_cover_says_to_cut_out_the_blank_tables_and_the_packs() -> None:
    """Every component is in the cover's steps: the pack deal's blank tables and 48 pack cards
    too (they were listed on the cover, but no step said to cut them out)."""
    cover = {deal: " ".join(texts(kit(deal=deal)[1].pages[0].drawing)) for deal in DEALS}
    step = "Cut out the two blank tables and the 48 pack cards"
    assert step in cover["pack"] and step not in cover["uniform"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_pages_print_only_for_the_pack_deal(paper: str) -> None:
    """Blank tables and card packs serve only the pack deal: a uniform kit leaves them out."""
    pack_pages = {"Blank tables", "Card packs", "Card packs (backs)"}
    _, uniform = kit(paper=paper)
    _, pack = kit(paper=paper, deal="pack")
    assert not pack_pages & set(titles(uniform))
    assert pack_pages <= set(titles(pack))
    assert len(titles(pack)) > len(titles(uniform))


@pytest.mark.parametrize("deal", ["uniform", "pack"])
def test_the_rules_and_the_tables_agree_on_who_starts(deal: str) -> None:
    """The setup drew who starts the first game: the tables, the match sheet and the rules page
    all say so. (The rules page told players to decide at random while the tables named the
    starter.)"""
    for seed in range(1, 9):  # both starters come up
        setup, document = kit(seed=seed, deal=deal)
        first = GAME.player_names(setup)[0]
        pages = zip(titles(document), document.pages, strict=True)
        printed = {title: " ".join(" ".join(texts(page.drawing)).split()) for title, page in pages}
        assert f"The dealt tables: {first} plays first" in printed["Tables"]
        assert f"game 1: {first} starts" in printed["Match score sheet"]
        rules = " ".join(text for title, text in printed.items() if title.startswith("Rules"))
        assert "Decide at random who plays first." not in rules
        assert "The tables of this kit name who starts the first game" in rules, rules


def test_the_dealt_tables_print_the_setup_and_who_starts() -> None:
    setup, document = kit(seed=3)
    page = document.pages[titles(document).index("Tables")]
    words = texts(page.drawing)
    first = GAME.player_names(setup)[0]
    assert f"The dealt tables: {first} plays first" in words
    red, blue = GAME.tables(setup)
    animals = [w for w in words if w in ("kangaroo", "emu", "wombat", "platypus")]
    tokens = ["kangaroo", "kangaroo", "emu", "emu", "wombat", "wombat", "platypus"]
    names = ("kangaroo", "emu", "wombat", "platypus")
    over = ["platypus"]  # the band under the columns: a platypus on green ends the game
    assert (
        animals
        == tokens
        + [names[c.animal] for c in red]
        + over
        + tokens
        + [names[c.animal] for c in blue]
        + over
    )
    trees = [w for w in words if w in ("Wattle", "Ghost Gum")]
    assert trees == [("Wattle", "Ghost Gum")[c.tree] for c in (*red, *blue)]


def test_printed_sizes_are_exact(tmp_path: Path) -> None:
    setup, document = kit()
    folder = write_kit(GAME, setup, document, tmp_path, "pdf")[0].parent
    pages = read_geometry(folder / "kit.pdf")
    # printed double-sided: the cover, its blank back, then the board parts on rectos
    board = [b for page in pages[2:6:2] for b in page.boxes]

    def sized(boxes: list[Any], w: float, h: float) -> list[Any]:
        return [b for b in boxes if abs(b.w - w) < TOLERANCE and abs(b.h - h) < TOLERANCE]

    assert CELL_W >= 30 and len(sized(board, CELL_W, CELL_H)) >= 21
    assert 2 * TOKEN_W <= CARD_W <= CELL_W  # two tokens side by side on a card in a cell
    assert len(sized(board, CARD_W, CARD_H)) >= 21  # the card slots
    for page in pages:
        assert sized(page.boxes, 50, 2), "every page carries the 50 mm scale bar"
    token_page = pages[[p.title for p in document.finished()].index("Board strip, part C1, tokens")]
    assert len(sized(token_page.boxes, TOKEN_W, TOKEN_H)) >= 10


def test_the_same_seed_gives_the_same_files_and_a_setup_file_prints_its_tables(
    tmp_path: Path,
) -> None:
    tables = {
        "red": {
            "kangaroo-yellow": "green emu wattle",
            "kangaroo-green": "yellow kangaroo ghost gum",
            "emu-yellow": "green wombat ghost gum",
            "emu-green": "yellow platypus wattle",
            "wombat-yellow": "yellow emu wattle",
            "wombat-green": "yellow platypus ghost gum",
            "platypus-yellow": "green kangaroo wattle",
        },
    }
    tables["blue"] = dict(tables["red"], **{"emu-yellow": "green wombat wattle"})
    written = {"game": "platypus", "format_version": 1, "seed": None, "options": {}}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({**written, "first": "blue", "tables": tables}))
    for out in ("a", "b"):
        result = run("kit", "platypus", "--setup", str(path), "--out", str(tmp_path / out))
        assert result.exit_code == 0, result.stderr
    first, second = (tmp_path / out / "platypus-custom" for out in ("a", "b"))
    assert (first / "kit.pdf").read_bytes() == (second / "kit.pdf").read_bytes()
    saved = json.loads((first / "setup.json").read_text())
    assert saved["first"] == "blue" and saved["tables"] == tables
    assert saved["options"] == {
        "players": 2, "variant": "standard", "deal": "uniform", "allow-endless": "no"
    }  # fmt: skip
    assert saved["deal_check"] == {"ends": True, "draws": 1}  # a hand-dealt deal that ends


@pytest.mark.parametrize("ink", ["color", "saver", "bw"])
def test_the_table_header_note_is_readable_in_every_ink(ink: str) -> None:
    # Without colour the header band is hatched: its note (who starts, the deal) must sit on a
    # white box, as the title does, or the hatching runs through the letters.
    from pnp.games.platypus.tables import parse_short_table
    from pnp.kits.platypus.tables import draw_table
    from pnp.render.drawing import Rect
    from pnp.render.fonts import text_width
    from pnp.render.theme import Painter

    table = parse_short_table("gE< yK> gW> yP< yE< yP> gK<")
    for player in ("red", "blue"):
        sheet = draw_table(Painter("platypus", ink), player, table, "red starts  ·  pack deal")
        (note,) = [op for op in sheet.ops if isinstance(op, Text) and "starts" in op.text]
        left = note.x - text_width(note.text, note.size)
        boxes = [
            op
            for op in sheet.ops
            if isinstance(op, Rect)
            and op.style.fill == "#ffffff"
            and op.x <= left
            and note.x <= op.x + op.w
            and op.y <= note.y - note.size / 2 <= op.y + op.h
        ]
        if ink == "color":
            assert note.fill == "#ffffff" and not boxes  # white on the player's colour
        else:
            assert boxes and note.fill == "#000000"


# -- issue 16: a table a child can follow, deals that end, a match score sheet ----------------


def _kit_setup(tmp_path: Path, *args: str) -> dict[str, Any]:
    code, _, err = invoke("kit", "platypus", "--format", "pdf", "--out", str(tmp_path), *args)
    assert code == 0, err
    folder = next(tmp_path.glob("platypus-*"))
    return dict(json.loads((folder / "setup.json").read_text()))


def _first_deal(seed: int) -> Any:
    return GAME.random_setup(seed, GAME.info.resolve(None, None, {}))


def _file(setup: Any) -> dict[str, Any]:
    return json.loads(setup_json(GAME, setup))  # type: ignore[no-any-return]


def _outcomes(document: dict[str, Any]) -> list[int]:
    """The engine's outcome of the deal with each player starting (0: the game ends)."""
    from pnp.games import GAMES
    from pnp.games.platypus.engine import play_games
    from pnp.games.setupfile import parse_setup

    setup = parse_setup(document, GAMES, "platypus", "test")
    orders = [GAME.seat_bytes(GAME.rotated(setup, k)) for k in (0, 1)]
    return [int(o) for o in play_games(np.array(orders, dtype=np.uint8), 10_000_000).outcome]


def test_the_default_kit_deal_ends_in_both_seat_orders(tmp_path: Path) -> None:
    # Seed 5's first deal never ends with one of the players starting: the kit draws again
    # (the 4th deal of the seed ends both ways) and records the draws in setup.json.
    assert 1 in _outcomes(_file(_first_deal(5)))
    saved = _kit_setup(tmp_path, "--seed", "5")
    assert _outcomes(saved) == [0, 0]  # FINISHED both ways
    assert saved["deal_check"] == {"ends": True, "draws": 4}
    assert saved["seed"] == 5 and saved["options"]["allow-endless"] == "no"
    path = next(tmp_path.glob("platypus-*")) / "setup.json"
    code, _, err = invoke(
        "kit", "platypus", "--setup", str(path), "--format", "pdf", "--out", str(tmp_path / "b")
    )
    assert code == 0, err  # the schema reads the record back, and the draws are kept
    again = json.loads((tmp_path / "b" / "platypus-5" / "setup.json").read_text())
    assert again == saved


def test_allow_endless_keeps_the_seeds_first_deal(tmp_path: Path) -> None:
    first = _first_deal(5)
    saved = _kit_setup(tmp_path, "--seed", "5", "--allow-endless", "yes")
    assert saved["tables"] == _file(first)["tables"] and saved["first"] == _file(first)["first"]
    assert saved["deal_check"] == {"ends": False, "draws": 1}
    assert saved["options"]["allow-endless"] == "yes"


def test_a_setup_file_whose_deal_never_ends_is_refused_unless_it_allows_it(
    tmp_path: Path,
) -> None:
    document = _file(_first_deal(5))
    message = refused(tmp_path, "platypus", document)
    assert "never ends" in message and "its option allow-endless: yes prints it anyway" in message
    path = tmp_path / "endless.json"
    path.write_text(json.dumps({**document, "options": {"allow-endless": "yes"}}))
    code, _, err = invoke("kit", "platypus", "--setup", str(path), "--out", str(tmp_path / "o"))
    assert code == 0, err


def test_an_endless_seed_is_refused_with_the_flag_that_allows_it(tmp_path: Path) -> None:
    from pnp.games.platypus.ending import ends_both_ways
    from pnp.kits.platypus.options import PlatypusKitOptions

    with pytest.raises(InputError) as raised:
        PlatypusKitOptions().checked(GAME, _first_deal(5))
    assert "--allow-endless yes prints it anyway" in worded(raised.value)
    assert not ends_both_ways(_first_deal(5))


def test_both_seat_orders_are_played_and_returned() -> None:
    from pnp.games.base import Outcome
    from pnp.games.platypus.ending import play_both_orders

    setup = _first_deal(5)
    first, second = play_both_orders(setup)
    assert (first.starter, second.starter) == GAME.player_names(setup)
    assert Outcome.ENDLESS in (first.result.outcome, second.result.outcome)
    for game, rotation in ((first, 0), (second, 1)):
        state = GAME.new_state(GAME.rotated(setup, rotation))
        while not state.is_over() and state.turns < 2_000:
            state.apply(state.legal_moves(state.turn)[0])
        if game.result.outcome is Outcome.FINISHED:  # the State contract plays the same game
            assert state.halted() and state.turns == game.turns
            assert tuple(float(s) for s in state.score) == game.result.scores


def test_the_cover_sentence_says_the_deal_ends_and_not_who_wins() -> None:
    from pnp.games.platypus.ending import ending_setup
    from pnp.kits import KITS

    note = KITS["platypus"].cover_note
    assert note is not None
    sentence = note(ending_setup(5, GAME.info.resolve(None, None, {})))
    assert "ends" in sentence and "never" not in sentence
    assert not any(word in sentence for word in ("wins", "winner", "draw", "points"))
    setup = ending_setup(5, GAME.info.resolve(None, None, {}))
    document = build_kit(GAME, setup, PrintSettings(get_paper("a4")))
    assert sentence in " ".join(texts(document.pages[0].drawing))  # on the cover


def _page_with(document: Any, component: str) -> Any:
    (found,) = [c for c in document.components if c.name == component]
    return found.pages[0]


def test_the_tables_read_as_actions_with_the_point_and_the_end_on_them() -> None:
    setup, document = kit(seed=3, deal="pack")
    for component in ("Tables", "Blank tables"):
        words = texts(_page_with(document, component).drawing)
        for row in ("YOUR TOKEN", "TURN THE", "CARD TO", "BECOME", "HOP", "TOWARDS"):
            assert row in words, (component, row)
        tables = sum("'S TABLE" in w for w in words)
        assert tables >= 1 and words.count("+1 if it changes") == tables
        assert sum("GAME OVER" in w for w in words) == tables
        assert not [w for w in words if "left" in w or "right" in w], "directions by tree"
    red, blue = GAME.tables(setup)
    words = texts(_page_with(document, "Tables").drawing)
    on = [0, 1, 0, 1, 0, 1, 0]  # the cell colour of each column
    changes = sum(c.colour != o for t in (red, blue) for c, o in zip(t, on, strict=True))
    assert words.count("+1") == changes
    packs = texts(_page_with(document, "Card packs").drawing)
    assert not [w for w in packs if "left" in w or "right" in w]


def test_the_kit_has_a_match_score_sheet() -> None:
    setup, document = kit(seed=3)
    from pnp.kits.platypus.kit import draw_match_sheet

    page = _page_with(document, "Match score sheet")
    first, second = GAME.player_names(setup)
    sheet = texts(draw_match_sheet(first))
    assert f"game 1: {first} starts" in sheet and f"game 2: {second} starts" in sheet
    assert "match total" in sheet and "winner" in sheet
    assert [str(n) for n in range(1, 17)] == [w for w in sheet if w.isdigit()]
    assert f"game 1: {first} starts" in texts(page.drawing)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("deal", ["uniform", "pack"])
def test_the_last_board_part_shares_its_page_with_the_tokens(paper: str, deal: str) -> None:
    """Issue 16, paper economy: part C1 printed alone on a page about a third full while the
    tokens, which fit below it, went elsewhere."""
    from pnp.render.fill import page_fill

    _, document = kit(paper=paper, deal=deal)
    board = [page for page in document.pages if page.title.startswith("Board strip")]
    assert _page_with(document, "Tokens") is board[-1]
    for page in board:
        assert page_fill(page) >= 0.45, (page.title, round(page_fill(page), 2))  # C1 was 0.37


def test_the_cell_cards_are_laid_yellow_side_up_as_the_game_starts() -> None:
    """Every cell starts yellow (RULES.md, "Platypus"); the cover's assembly step said to lay
    the cards green side up, against the rules page of the same kit."""
    setup, document = kit()
    state = GAME.new_state(setup)
    start = {state.colour(cell) for cell in range(21)}
    assert start == {0}  # yellow, the colour of every cell at the start
    cover = " ".join(" ".join(texts(document.pages[0].drawing)).split())
    assert "yellow side up" in cover and "green side up" not in cover


RSVG = shutil.which("rsvg-convert")


def _inked(drawing: Drawing, px: int = 12) -> Any:
    """The drawing rendered at `px` pixels per mm, as a boolean array of dark pixels."""
    import io
    import subprocess

    from PIL import Image

    from pnp.render.svg import svg_text

    dpi = str(px * 25.4)
    png = subprocess.run(
        [str(RSVG), "-d", dpi, "-p", dpi, "-b", "white"],
        input=svg_text(drawing, "token").encode(),
        capture_output=True,
        check=True,
    ).stdout
    return np.asarray(Image.open(io.BytesIO(png)).convert("L")) < 128


@pytest.mark.skipif(RSVG is None, reason="rsvg-convert renders the tokens")
@pytest.mark.parametrize("ink", ["color", "saver", "bw"])
def test_red_and_blue_animals_differ_in_shape_not_only_in_colour(ink: str) -> None:
    """Issue 16 review: in black and white (and engraved) the red and blue tokens were the same
    black animal, told apart only by a 2 mm letter and the band's hatching. Blue's animals are
    outlined, red's solid, so two tokens on one cell are told apart at a glance in every ink."""
    from pnp.kits.platypus.kit import draw_token
    from pnp.render.theme import Painter

    painter = Painter("platypus", ink)
    px = 12
    # the animal: between the band and the name, inside the token's border
    art = (slice(int(5.0 * px), int(15.5 * px)), slice(int(1.0 * px), int(13.0 * px)))
    for animal in range(4):
        red = _inked(draw_token(painter, "red", animal), px)[art]
        blue = _inked(draw_token(painter, "blue", animal), px)[art]
        assert np.count_nonzero(red != blue) > 0.4 * np.count_nonzero(red), animal


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_track_and_match_sheet_keep_their_words_off_the_cut_line(paper: str) -> None:
    """Words flush with a cut line lose their first letters to a cut a little off: they keep
    1 mm inside it (the score track's and match sheet's notes began on the cut line)."""
    _, document = kit(paper=paper)
    for title in ("Score track", "Match score sheet"):
        (page,) = [p for p in document.pages if p.title == title]
        for text in text_boxes(page):
            left, _, right, bottom = text.box
            margins = (left - text.panel[0], text.panel[2] - right, text.panel[3] - bottom)
            assert min(margins) >= 1.0, f"{title}: {text.text!r}"


@pytest.mark.parametrize("dealt", [True, False])
def test_a_row_label_of_the_tables_keeps_clear_of_its_row_lines(dealt: bool) -> None:
    """Each row's words (YOUR TOKEN IS A, ON A ... CARD, ...) lie inside their row with 0.8 mm
    to spare above and below: "ON A" sat 0.6 mm under the line above it and the COLOUR row's
    point rule 0.6 mm over the line below (issue 16's notes)."""
    from pnp.games.platypus.tables import parse_short_table
    from pnp.kits.platypus.tables import HEAD_H, LABEL_W, ROWS_BLANK, ROWS_DEALT, draw_table
    from pnp.render.textbox import IDENTITY, bounds, local_box
    from pnp.render.theme import Painter

    table = parse_short_table("gE< yK> gW> yP< yE< yP> gK<") if dealt else None
    sheet = draw_table(Painter("platypus", "color"), "red", table, "red starts")
    labels = [op for op in sheet.ops if isinstance(op, Text) and op.x < LABEL_W / 2]
    top = HEAD_H
    for name, words, h in ROWS_DEALT if dealt else ROWS_BLANK:
        mine = [op for op in labels if top < op.y < top + h]
        assert {op.text for op in mine} >= set(words), name
        for op in mine:
            box = bounds(local_box(op), IDENTITY)
            assert box[1] >= top + 0.8 and box[3] <= top + h - 0.8, (name, op.text, box, top)
        top += h
