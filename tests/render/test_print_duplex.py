"""A kit printed double-sided as one file: every backs page behind its own fronts page, nothing
behind a page whose back must stay blank, and a cover that names the pages as printed (issue 16).

Read from the PDF as printed: each page's title comes from its footer (`... · title · seed s ·
page n of m`), so the page order is checked as a duplex printer stacks the sheets: odd pages
are the fronts of the sheets, even pages their backs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games import GAMES
from pnp.kits import build_kit, write_kit
from pnp.kits.cover import COVER_TITLE
from pnp.render.document import BLANK_TITLE, Document, Page, shapes_box
from pnp.render.drawing import CAP_HEIGHT, Text, rect_shape
from pnp.render.fonts import text_width
from pnp.render.paper import Box, get_paper
from pnp.render.settings import PrintSettings
from tests.support.kits import Config, config_id, option_configs, setup_of
from tests.support.pdfgeom import operations, read_geometry

CONFIGS: list[Config] = [(name, None, None, {}) for name in GAMES] + option_configs()


def page_texts(pdf: Path) -> list[str]:
    """Each page's text, in page order: read by poppler's pdftotext where it is installed (a C
    program, many times as fast as pypdf on pages of hatching; CI installs it), else by pypdf."""
    if shutil.which("pdftotext"):
        done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True)
        return done.stdout.decode().split("\f")[:-1]  # each page ends with a form feed
    return [page.extract_text() for page in PdfReader(str(pdf)).pages]


def printed_titles(pdf: Path) -> list[str]:
    """The title in each page's footer, in page order."""
    titles = []
    for number, text in enumerate(page_texts(pdf), 1):
        footer = next(line for line in text.splitlines() if f"page {number} of" in line)
        parts = [part.strip() for part in footer.split("·")]
        titles.append(parts[next(k for k, p in enumerate(parts) if p.startswith("seed ")) - 1])
    return titles


def fronts_title(title: str) -> str | None:
    """The title of the page a backs page belongs behind; None for any other page."""
    for suffix in (" (backs)", " (back)"):
        if title.endswith(suffix):
            return title.removesuffix(suffix)
    return None


def kit_pdf(
    tmp_path: Path, config: Config, duplex: str, test_page: bool = False, seed: int = 5
) -> tuple[Path, list[bool]]:
    """The kit's PDF, and for each printed page whether it has something to cut."""
    game = GAMES[config[0]]
    setup = setup_of(config, seed)
    settings = PrintSettings(get_paper("a4"), duplex=duplex)
    document = build_kit(game, setup, settings, test_page)
    pdf = write_kit(game, setup, document, tmp_path / duplex, "pdf")[0]
    return pdf, [bool(page.cuts) for page in document.finished()]


def check_duplex_order(titles: list[str], to_cut: list[bool]) -> None:
    """Odd pages are the fronts of sheets. Each even page is the backs page of the page before
    it, or blank, or a page with nothing to cut behind another such page: nothing is ever
    printed behind a page to cut out but its own backs."""
    for number, title in enumerate(titles, 1):
        where = f"page {number} ({title}) of {titles}"
        if number % 2 == 1:
            assert fronts_title(title) is None and title != BLANK_TITLE, f"{where} is not a front"
            continue
        read = not to_cut[number - 1] and not to_cut[number - 2] and fronts_title(title) is None
        assert title == BLANK_TITLE or behind(title, titles[number - 2]) or read, (
            f"{where} is neither blank nor the backs of page {number - 1}"
        )
        if read:
            assert titles[number - 2] != BLANK_TITLE and fronts_title(titles[number - 2]) is None


def behind(backs: str, fronts: str) -> bool:
    """Whether `backs` is the title of the backs page of the page titled `fronts` (a page that
    other groups share is titled with theirs too: `Cell cards (backs)` is behind `Cell cards,
    tokens`)."""
    title = fronts_title(backs)
    return title is not None and (fronts == title or fronts.startswith(f"{title}, "))


SingleSided = Callable[[Config], list[str]]


@pytest.fixture(scope="module")
def single_sided(tmp_path_factory: pytest.TempPathFactory) -> SingleSided:
    """The page titles of a configuration's kit printed single-sided (`--duplex none`), printed
    once for both the long- and the short-edge cases that compare against it."""
    printed: dict[str, list[str]] = {}

    def titles(config: Config) -> list[str]:
        key = config_id(config)
        if key not in printed:
            folder = tmp_path_factory.mktemp("single")
            printed[key] = printed_titles(kit_pdf(folder, config, "none")[0])
        return printed[key]

    return titles


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_kit_with_backs_prints_double_sided_as_one_file(
    tmp_path: Path, config: Config, duplex: str, single_sided: SingleSided
) -> None:
    pdf, to_cut = kit_pdf(tmp_path, config, duplex)
    titles = printed_titles(pdf)
    single = single_sided(config)
    if not any(fronts_title(title) for title in single):
        assert titles == single, "a kit without backs prints single-sided, unchanged"
        return
    check_duplex_order(titles, to_cut)
    drawn = [t for t in titles if t != BLANK_TITLE]
    assert sorted(drawn) == sorted(single), "only blank pages added"
    to_read = {title for title, cut in zip(titles, to_cut, strict=True) if not cut}
    assert [t for t in drawn if t not in to_read] == [t for t in single if t not in to_read], (
        "only pages to read move (onto a blank back)"
    )


def test_wallaby_tile_backs_print_behind_the_tiles_and_nothing_behind_the_standees(
    tmp_path: Path,
) -> None:
    config: Config = ("wallaby", 2, "standard", {"tile-backs": "field"})
    titles = printed_titles(kit_pdf(tmp_path, config, "long")[0])
    tiles = next(k for k, title in enumerate(titles) if title.startswith("Tiles"))
    assert behind(titles[tiles + 1], titles[tiles])
    standees = titles.index("Pawns and tokens")  # the page of the standees and discs
    assert standees % 2 == 0 and titles[standees + 1] == BLANK_TITLE, titles


@pytest.mark.parametrize("name", ["amazons", "wallaby"])
def test_the_calibration_back_makes_the_kit_double_sided(tmp_path: Path, name: str) -> None:
    config: Config = (name, None, None, {})
    pdf, to_cut = kit_pdf(tmp_path, config, "long", test_page=True)
    titles = printed_titles(pdf)
    assert titles[0] == COVER_TITLE and titles[2:4] == ["Calibration", "Calibration (back)"]
    assert titles[1] in ("Rules", "Board layout"), "a page to read on the cover's back"
    check_duplex_order(titles, to_cut)


@pytest.mark.parametrize(
    "config",
    [("billabong", None, None, {}), ("wallaby", 3, "valley", {"tile-backs": "field"})],
    ids=config_id,
)
def test_the_cover_names_the_pages_as_printed(tmp_path: Path, config: Config) -> None:
    """The cover's page count and each `page b on the back of page f` match the printed file."""
    pdf = kit_pdf(tmp_path, config, "long")[0]
    titles = printed_titles(pdf)
    cover = " ".join(PdfReader(str(pdf)).pages[0].extract_text().split())
    assert f"{len(titles)} pages on {(len(titles) + 1) // 2} sheets" in cover
    pairs = re.findall(r"page (\d+) on the back of page (\d+)", cover)
    assert pairs
    for back, front in pairs:
        assert int(back) == int(front) + 1
        assert behind(titles[int(back) - 1], titles[int(front) - 1])
    assert len(pairs) == sum(1 for title in titles if fronts_title(title))


def test_duplex_none_keeps_the_pages_as_drawn() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4"), duplex="none"))
    front = document.new_page("Cards")
    document.new_backs_page(front)
    document.new_page("Rules")
    document.new_page("More rules")
    assert not document.double_sided
    titles = [p.title for p in document.finished()]
    assert titles == ["Cards", "Cards (backs)", "Rules", "More rules"]


def test_laser_pages_are_cut_one_by_one_never_printed_double_sided() -> None:
    settings = PrintSettings(get_paper("a4"), duplex="long", cut_marks=False)
    document = Document("Test", "1", settings)
    front = document.new_page("Tiles")
    document.new_backs_page(front)
    document.new_page("Rules")
    document.new_page("More rules")
    assert not document.double_sided
    assert len(document.finished()) == 4


def test_pages_to_cut_get_a_blank_verso_and_pages_to_read_share_sheets() -> None:
    """A page to read (cover, rules) needs no blank back: the rules, a run of an odd number of
    pages to read, print on the back of the cover rather than after a blank page there (issue
    16: the cover and the rules each took a blank back), in their own order."""
    document = Document("Test", "1", PrintSettings(get_paper("a4"), duplex="short"))
    document.new_page("Cover")
    board = document.new_page("Board")
    board.cuts.append(rect_shape(10, 10, 100, 100))
    front = document.new_page("Cards", landscape=True)
    document.new_page("Rules")
    document.new_backs_page(front)  # drawn later, still printed behind its fronts
    document.new_page("More rules")
    document.new_page("Last rules")
    assert document.double_sided
    pages = document.finished()
    titles = [p.title for p in pages]
    assert titles == ["Cover", "Rules", "More rules", "Last rules", "Board", BLANK_TITLE,
                      "Cards", "Cards (backs)"]  # fmt: skip
    assert pages[7].paper.landscape and not pages[5].paper.landscape
    assert [document.printed_number(p) for p in document.pages] == [1, 5, 7, 2, 8, 3, 4]


def test_the_rules_at_the_end_of_an_even_run_of_pages_to_read_fill_the_cover_back() -> None:
    """Moved before a page to cut, two pages to read would leave the blank back behind the
    second of them, so the run stays; but its odd tail, the rules, moves up on its own: the
    same three sheets, and the cover's back carries the rules instead of "intentionally blank"
    (issue 38: Amazon Penguins with --test-page, its tally and rules after its pieces). A tail
    never splits the pages of one title."""
    document = Document("Test", "1", PrintSettings(get_paper("a4"), duplex="long"))
    document.new_page("Cover")
    tiles = document.new_page("Tiles")
    tiles.cuts.append(rect_shape(10, 10, 100, 100))
    document.new_backs_page(tiles)
    document.new_page("Diagrams")
    document.new_page("Rules")
    titles = [p.title for p in document.finished()]
    assert titles == ["Cover", "Rules", "Tiles", "Tiles (backs)", "Diagrams"]
    document.pages[-1].title = "Diagrams"  # two pages of one title: kept together, in place
    titles = [p.title for p in document.finished()]
    assert titles == ["Cover", BLANK_TITLE, "Tiles", "Tiles (backs)", "Diagrams", "Diagrams"]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_double_sided_kit_takes_no_sheet_more_than_its_pages_to_cut_need(
    config: Config,
) -> None:
    """Printed double-sided, every page to cut (or with backs) takes a sheet of its own and the
    pages to read pair up: the cover and the rules no longer each take a blank back."""
    document = build_kit(
        GAMES[config[0]], setup_of(config, 5), PrintSettings(get_paper("a4")), test_page=True
    )
    assert document.double_sided
    fronts = [page for page in document.pages if page.back_of is None]
    backed = {id(page.back_of) for page in document.pages if page.back_of is not None}
    to_cut = sum(1 for page in fronts if page.cuts or id(page) in backed)
    to_read = len(fronts) - to_cut
    printed = document.printed_order()
    assert -(-len(printed) // 2) == to_cut + -(-to_read // 2), [p.title for p in printed]


def seen_from_the_front(back: Page, box: Box, duplex: str) -> Box:
    """Where `box` of a sheet's back lies on its front once the sheet is turned over as a
    `duplex` printer turns it (over the paper's long or short edge)."""
    paper = back.paper
    portrait = paper.height >= paper.width
    if (duplex == "long") == portrait:  # turned over a vertical edge: left and right swap
        return Box(paper.width - box.x - box.w, box.y, box.w, box.h)
    return Box(box.x, paper.height - box.y - box.h, box.w, box.h)


def overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_blank_back_says_so_where_no_piece_is_behind_it(paper: str, duplex: str) -> None:
    """A blank back's note sits where no piece of the page it backs is: printed in the middle of
    the back of a page of pieces, it showed through a piece or landed on its back (Billabong's
    tokens, Colour Diplomacy's, Wallaby's and Amazon Penguins' on Letter)."""
    behind_pieces = 0
    for name, game in GAMES.items():
        setup = setup_of((name, None, None, {}), 5)
        document = build_kit(game, setup, PrintSettings(get_paper(paper), duplex=duplex))
        printed = document.printed_order()
        for number, page in enumerate(printed):
            if page.title != BLANK_TITLE:
                continue
            front = printed[number - 1]
            behind_pieces += bool(front.cuts)
            (note,) = [op for op in page.drawing.ops if isinstance(op, Text)]
            width = text_width(note.text, note.size)
            box = Box(note.x - width / 2, note.y - CAP_HEIGHT * note.size, width,
                      1.0 * note.size)  # fmt: skip
            seen = seen_from_the_front(page, box, duplex)
            for cut in front.cuts:
                assert not overlaps(seen, shapes_box([cut])), (name, number + 1, front.title)
    assert behind_pieces, "some blank back is behind a page of pieces"


def test_blank_pages_carry_only_the_note_and_the_footer(tmp_path: Path) -> None:
    pdf = kit_pdf(tmp_path, ("billabong", None, None, {}), "long")[0]
    reader = PdfReader(str(pdf))
    titles = printed_titles(pdf)
    geometry = read_geometry(pdf)
    blanks = [k for k, title in enumerate(titles) if title == BLANK_TITLE]
    assert blanks
    for k in blanks:
        page = reader.pages[k]
        assert len(geometry[k].boxes) == 6, "the scale bar's five blocks and outline only"
        assert not geometry[k].segments, "no lines"
        contents = page.get_contents()
        assert contents is not None
        found = operations(contents.get_data())
        assert found is not None and not {"c", "Do"} & {op for _, op in found}, "no curves"
        lines = page.extract_text().splitlines()
        assert len(lines) == 3, lines  # the note, the scale bar's label and the footer
        assert f"intentionally blank: it is the back of page {k}" in lines[0]
        assert page.get("/TrimBox") is None
