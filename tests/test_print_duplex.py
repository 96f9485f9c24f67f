"""A kit printed double-sided as one file: every backs page behind its own fronts page, nothing
behind a page whose back must stay blank.

Read from the PDF as printed: each page's title comes from its footer (`... · title · seed s ·
page n of m`), so the page order is checked as a duplex printer would print it.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.kits import KITS, build_kit, write_kit
from pnp.render.calibration import add_calibration
from pnp.render.document import Document
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

BLANK = "Blank back"
Config = tuple[str, int | None, str | None, dict[str, str]]


def configs() -> list[Config]:
    """Every game with its defaults, and every other value of each game option with a list of
    values (deals, tile backs, board sizes, ...) on the first players and variant that take it."""
    found: list[Config] = []
    for name, game in GAMES.items():
        if name not in KITS:
            continue
        found.append((name, None, None, {}))
        info = game.info
        for option in info.options:
            for value in (str(v) for v in getattr(option, "choices", ())):
                if value == str(option.default_value()):
                    continue
                for players, variant in itertools.product(info.players, info.variants):
                    try:
                        game.random_setup(1, info.resolve(players, variant, {option.name: value}))
                    except PnpError:
                        continue
                    found.append((name, players, variant, {option.name: value}))
                    break
    return found


def printed_titles(pdf: Path) -> list[str]:
    """The title in each page's footer, in page order."""
    titles = []
    for number, page in enumerate(PdfReader(str(pdf)).pages, 1):
        footer = next(
            line for line in page.extract_text().splitlines() if f"page {number} of" in line
        )
        parts = [part.strip() for part in footer.split("·")]
        titles.append(parts[next(k for k, p in enumerate(parts) if p.startswith("seed ")) - 1])
    return titles


def fronts_title(title: str) -> str | None:
    """The title of the page a backs page belongs behind; None for any other page."""
    for suffix in (" (backs)", " (back)"):
        if title.endswith(suffix):
            return title.removesuffix(suffix)
    return None


def kit_pdf(tmp_path: Path, config: Config, duplex: str, test_page: bool = False) -> Path:
    name, players, variant, options = config
    game = GAMES[name]
    setup = game.random_setup(5, game.info.resolve(players, variant, options))
    document = build_kit(game, setup, PrintSettings(get_paper("a4"), duplex=duplex))
    if test_page:
        add_calibration(document)
    return write_kit(game, setup, document, tmp_path / duplex, "pdf")[0]


def check_duplex_order(titles: list[str]) -> None:
    """Odd pages are rectos; each even page is the backs page of the page before it or blank;
    a page without backs is followed by a blank page or is the last page."""
    for number, title in enumerate(titles, 1):
        where = f"page {number} ({title}) of {titles}"
        if number % 2 == 1:
            assert fronts_title(title) is None and title != BLANK, f"{where} is not a recto"
            continue
        assert title == BLANK or fronts_title(title) == titles[number - 2], (
            f"{where} is neither blank nor the backs of page {number - 1}"
        )


@pytest.mark.parametrize("config", configs(), ids=lambda c: f"{c[0]}-{c[3]}")
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_kit_with_backs_prints_double_sided_as_one_file(
    tmp_path: Path, config: Config, duplex: str
) -> None:
    titles = printed_titles(kit_pdf(tmp_path, config, duplex))
    single = printed_titles(kit_pdf(tmp_path, config, "none"))
    if not any(fronts_title(title) for title in single):
        assert titles == single, "a kit without backs prints single-sided, unchanged"
        return
    check_duplex_order(titles)
    assert [t for t in titles if t != BLANK] == single, "only blank pages added"


@pytest.mark.parametrize("name", ["amazons", "wallaby"])
def test_the_calibration_back_makes_the_kit_double_sided(tmp_path: Path, name: str) -> None:
    titles = printed_titles(kit_pdf(tmp_path, (name, None, None, {}), "long", test_page=True))
    assert titles[:2] == ["Calibration", "Calibration (back)"]
    check_duplex_order(titles)


def test_duplex_none_keeps_the_pages_as_drawn() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4"), duplex="none"))
    front = document.new_page("Cards")
    document.new_backs_page(front)
    document.new_page("Rules")
    document.new_page("More rules")
    assert not document.double_sided
    assert [p.title for p in document.finished()] == [
        "Cards",
        "Cards (backs)",
        "Rules",
        "More rules",
    ]


def test_laser_pages_are_cut_one_by_one_never_printed_double_sided() -> None:
    settings = PrintSettings(get_paper("a4"), duplex="long", cut_marks=False)
    document = Document("Test", "1", settings)
    front = document.new_page("Tiles")
    document.new_backs_page(front)
    document.new_page("Rules")
    document.new_page("More rules")
    assert not document.double_sided
    assert len(document.finished()) == 4


def test_pages_without_backs_get_a_blank_verso_except_the_last() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4"), duplex="short"))
    document.new_page("Board")
    front = document.new_page("Cards", landscape=True)
    document.new_page("Rules")
    document.new_backs_page(front)  # drawn later, still printed behind its fronts
    document.new_page("Last")
    assert document.double_sided
    pages = document.finished()
    assert [p.title for p in pages] == ["Board", BLANK, "Cards", "Cards (backs)", "Rules", BLANK,
                                        "Last"]  # fmt: skip
    assert pages[3].paper.landscape and not pages[5].paper.landscape
    assert [document.printed_number(p) for p in document.pages] == [1, 3, 5, 4, 7]


def test_blank_pages_carry_only_the_note_and_the_footer(tmp_path: Path) -> None:
    pdf = kit_pdf(tmp_path, ("billabong", None, None, {}), "long")
    reader = PdfReader(str(pdf))
    titles = printed_titles(pdf)
    blanks = [k for k, title in enumerate(titles) if title == BLANK]
    assert blanks
    for k in blanks:
        page = reader.pages[k]
        operators = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        assert operators.count(b"re") == 6, "the scale bar's five blocks and outline only"
        assert not {b"m", b"l", b"c", b"Do", b"BI"} & set(operators), "no lines, paths or images"
        lines = page.extract_text().splitlines()
        assert len(lines) == 3, lines  # the note, the scale bar's label and the footer
        assert f"intentionally blank: it is the back of page {k}" in lines[0]
        assert page.get("/TrimBox") is None
