"""The registry of kits: every registered game (pnp.games.ORDER) has the package
`pnp/kits/<name>/` whose `KIT` (a `pnp.kits.builder.Kit`) declares what its kit draws and its
print options, if it has its own (a `KitOptions` record); the shared builder (pnp.kits.builder)
makes the document, painter and rules pages around it.

A kit package that is missing, or whose `KIT` is missing or not a `Kit`, fails at import with the
package's name in the message, never by leaving the kit out.

Kits draw through pnp.render only (never to one backend), and `write_kit` turns a document into
`kit.pdf`, `kit-pNN.svg` and `setup.json` in one folder, all or nothing. A laser kit writes
`kit-laser-pNN.svg` for each page with something to cut, and for the backs page engraved on the
other side of such a sheet (its cut layer empty), and the plain print page `kit-pNN.svg` for each
other page (cover, rules, diagrams, the calibration page and its back, and sheets written on in
pencil), which are printed, not lasered: `kit-paper.pdf` holds them all, to print at once. NN is
always the kit page number the footer prints.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from pnp.games import ORDER, package_name
from pnp.games.base import Game, Setup
from pnp.games.setupfile import setup_json
from pnp.kits.builder import Kit, build, seed_label
from pnp.kits.options import KitOptions
from pnp.output import staged_folder
from pnp.render.document import BLANK_TITLE, Document, Page, blank_page, lasered
from pnp.render.pdf import pdf_bytes
from pnp.render.settings import PrintSettings
from pnp.render.svg import laser_svg_text, svg_text


def load_kit(name: str) -> Kit:
    """The `KIT` of the game `name`'s kit package; ImportError naming the package otherwise."""
    package = f"{__name__}.{package_name(name)}"
    kit = getattr(importlib.import_module(package), "KIT", None)
    if not isinstance(kit, Kit):
        found = "missing" if kit is None else f"a {type(kit).__name__}"
        raise ImportError(f"{package}.KIT is {found}, not a pnp.kits.builder.Kit")
    return kit


KITS: dict[str, Kit] = {name: load_kit(name) for name in ORDER}


# The print options each kit declares, for the command line and setup files.
KIT_OPTIONS: dict[str, type[KitOptions]] = {name: kit.options for name, kit in KITS.items()}

FORMATS = ("pdf", "svg", "both", "laser")
PAPER_PDF = "kit-paper.pdf"  # a laser kit's pages to print on paper


def build_kit(
    game: Game[Any],
    setup: Setup,
    settings: PrintSettings,
    test_page: bool = False,
    box: bool = False,
) -> Document:
    return build(KITS[game.info.name], game.info, setup, settings, test_page, box)


def paper_pages(pages: list[Page]) -> list[Page]:
    """A laser kit's pages to print on paper, in order, as one file printed double-sided: a
    page with a backs page starts a sheet (an intentionally blank page before it where it
    would not); the laser pages and their blank backs are left out."""
    kept = [page for page in pages if not lasered(page) and page.title != BLANK_TITLE]
    out: list[Page] = []
    for index, page in enumerate(kept):
        has_back = index + 1 < len(kept) and kept[index + 1].back_of is not None
        if has_back and page.back_of is None and len(out) % 2:
            out.append(blank_page(page.paper, "the next page starts a sheet"))
        out.append(page)
    return out


def kit_folder_name(game: Game[Any], setup: Setup) -> str:
    return f"{game.info.name}-{seed_label(setup)}"


def write_kit(
    game: Game[Any], setup: Setup, document: Document, out: Path, kit_format: str
) -> list[Path]:
    """Write the kit's files into `out/<game>-<seed>/` and return their final paths."""
    final = out / kit_folder_name(game, setup)
    pages = document.finished()
    title = f"{game.info.title} kit, seed {document.seed_label}"
    names: list[str] = []
    with staged_folder(final) as staging:
        settings = document.settings
        if kit_format in ("pdf", "both"):
            (staging / "kit.pdf").write_bytes(pdf_bytes(pages, title, settings.bleed))
            names.append("kit.pdf")
        if kit_format == "laser":  # the pages printed on paper, as one file to print
            paper = paper_pages(pages)
            if paper:
                (staging / PAPER_PDF).write_bytes(pdf_bytes(paper, title, settings.bleed))
                names.append(PAPER_PDF)
        backed = {id(page.back_of) for page in document.pages if page.back_of is not None}
        originals = document.printed_order()
        for number, (page, original) in enumerate(zip(pages, originals, strict=True), 1):
            caption = f"{title}, page {number}"
            if kit_format == "laser" and lasered(page):
                name = f"kit-laser-p{number:02d}.svg"
                two_sided = page.back_of is not None or id(original) in backed
                text = laser_svg_text(page, caption, settings.cut_colour, settings.engrave_colour,
                                      settings.score_colour, two_sided)  # fmt: skip
                (staging / name).write_text(text, "utf-8")
                names.append(name)
            elif kit_format != "pdf":  # a laser kit's pages with nothing to cut print on paper
                name = f"kit-p{number:02d}.svg"
                (staging / name).write_text(svg_text(page.drawing, caption), "utf-8")
                names.append(name)
        (staging / "setup.json").write_text(setup_json(game, setup), "utf-8")
        names.append("setup.json")
    return [final / name for name in names]
