"""The Platypus kit: what each page holds, printed sizes read back from the PDF, every ink mode,
and the tables of a hand-written setup printed as given."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pnp.games import get_game
from pnp.kits import build_kit, write_kit
from pnp.kits.platypus.kit import CARD_H, CARD_W, CELL_H, CELL_W, TOKEN_H, TOKEN_W
from pnp.render.drawing import Drawing, Place, Text
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.cli import run
from tests.support.pdfgeom import read_geometry

GAME: Any = get_game("platypus")
TOLERANCE = 0.1


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
        "Board strip, part C1",
    ]
    for title in ("Cell cards, tokens", "Cell cards (backs)", "Tables", "Score track", "Rules"):
        assert title in pages
    words = texts(document.pages[pages.index("Cell cards (backs)")].drawing)
    assert words.count("YELLOW") == 21 and words.count("Y") == 21
    words = texts(document.pages[pages.index("Cell cards, tokens")].drawing)
    assert words.count("GREEN") == 21 and words.count("G") == 21


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_pages_print_only_for_the_pack_deal(paper: str) -> None:
    """Blank tables and card packs serve only the pack deal: a uniform kit leaves them out."""
    pack_pages = {"Blank tables", "Card packs", "Card packs (backs)"}
    _, uniform = kit(paper=paper)
    _, pack = kit(paper=paper, deal="pack")
    assert not pack_pages & set(titles(uniform))
    assert pack_pages <= set(titles(pack))
    assert len(titles(pack)) > len(titles(uniform))


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
    assert animals == tokens + [names[c.animal] for c in red] + tokens + [
        names[c.animal] for c in blue
    ]
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
    token_page = pages[[p.title for p in document.finished()].index("Cell cards, tokens")]
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
    assert saved["options"] == {"players": 2, "variant": "standard", "deal": "uniform"}


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
