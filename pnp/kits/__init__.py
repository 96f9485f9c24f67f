"""The registry of kits: every registered game (pnp.games.ORDER) has the package
`pnp/kits/<name>/` whose `build(setup, settings) -> Document` draws its kit, and whose
`OPTIONS`, if it has print options of its own, is their record (a `KitOptions`).

A kit package that is missing or has no `build` fails loudly when the kit is asked for.

Kits draw through pnp.render only (never to one backend), and `write_kit` turns a document into
`kit.pdf`, `kit-pNN.svg` and `setup.json` in one folder, all or nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.games import ORDER, package_name
from pnp.games.base import Game, Setup
from pnp.games.setupfile import setup_json
from pnp.kits.options import KitOptions
from pnp.kits.rules import seed_label
from pnp.output import staged_folder
from pnp.render.document import Document
from pnp.render.pdf import pdf_bytes
from pnp.render.settings import PrintSettings
from pnp.render.svg import laser_svg_text, svg_text

Builder = Callable[[Setup, PrintSettings], Document]


def _load(name: str) -> Builder:
    module = importlib.import_module(f"{__name__}.{package_name(name)}")
    build: Builder | None = getattr(module, "build", None)
    if build is None:
        raise ImportError(f"pnp.kits.{package_name(name)} has no build(setup, settings)")
    return build


KITS: dict[str, Builder] = {name: _load(name) for name in ORDER}


def _options(name: str) -> type[KitOptions]:
    declared = getattr(importlib.import_module(f"{__name__}.{package_name(name)}"), "OPTIONS", None)
    if declared is None:
        return KitOptions
    if not (isinstance(declared, type) and issubclass(declared, KitOptions)):
        raise ImportError(f"pnp.kits.{package_name(name)}.OPTIONS is not a KitOptions record")
    return declared


KIT_OPTIONS: dict[str, type[KitOptions]] = {name: _options(name) for name in ORDER}

FORMATS = ("pdf", "svg", "both", "laser")


def build_kit(game: Game[Any], setup: Setup, settings: PrintSettings) -> Document:
    return KITS[game.info.name](setup, settings)


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
        for number, page in enumerate(pages, 1):
            caption = f"{title}, page {number}"
            if kit_format in ("svg", "both"):
                name = f"kit-p{number:02d}.svg"
                (staging / name).write_text(svg_text(page.drawing, caption), "utf-8")
                names.append(name)
            elif kit_format == "laser":
                name = f"kit-laser-p{number:02d}.svg"
                text = laser_svg_text(page, caption, settings.cut_colour, settings.engrave_colour)
                (staging / name).write_text(text, "utf-8")
                names.append(name)
        (staging / "setup.json").write_text(setup_json(game, setup), "utf-8")
        names.append("setup.json")
    return [final / name for name in names]
