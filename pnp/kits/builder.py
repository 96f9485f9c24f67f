"""The shared kit builder: a kit package declares only what it draws (`KIT = Kit(draw)`), and
`build` does what every kit shares.

`build` makes the document (titled with the game's `GameInfo.title`, labelled with the setup's
seed, printed with the settings), the Painter of the game's theme, hands them to the kit's
`draw` in a `KitContext`, then adds the rules summary pages (templates/rules/<game>.md), the
printer check when asked, and last the cover page, placed first (pnp.kits.cover: contents,
how to print, what else you need, assembly steps and the scale check). The footer every page
carries (game, page title, seed, page n of m, scale bar) is the document's
(pnp.render.document), from the title and seed label given here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.base import GameInfo, Setup
from pnp.kits.cover import add_cover
from pnp.kits.options import KitOptions
from pnp.kits.parts.box import add_box
from pnp.render.calibration import add_calibration
from pnp.render.document import Document, Page
from pnp.render.settings import PrintSettings
from pnp.render.text import flow
from pnp.render.theme import Painter
from pnp.templates import load_text


@dataclass(frozen=True)
class KitContext:
    """What a kit draws with: its game's metadata, the setup, the print settings, the Painter of
    the game's theme and the document to add pages to."""

    info: GameInfo
    setup: Setup
    settings: PrintSettings
    painter: Painter
    document: Document

    @property
    def title(self) -> str:
        """The game's printed name, e.g. `Paper Pen-guins`."""
        return self.info.title

    @property
    def seed_label(self) -> str:
        return self.document.seed_label


@dataclass(frozen=True)
class Kit:
    """What a kit package declares: `draw` adds the kit's own pages (boards, components,
    diagrams); the rules summary comes after them from the builder. `options` is the record of
    the kit's own print options (`pnp kit` flags recorded in setup.json), if it has any. `needs`
    (what to get besides the printout) and `assembly` (steps in order) go on the cover; `draw`
    may add steps that depend on the setup to `document.assembly`. `cover_note`, where a kit has
    one, is a short sentence about the setup for the cover (that a Platypus deal ends)."""

    draw: Callable[[KitContext], None]
    options: type[KitOptions] = KitOptions
    needs: tuple[str, ...] = ()
    assembly: tuple[str, ...] = ()
    cover_note: Callable[[Setup], str] | None = None


def build(kit: Kit, info: GameInfo, setup: Setup, settings: PrintSettings,
          test_page: bool = False, box: bool = False) -> Document:  # fmt: skip
    """The kit of `setup`: the cover, the printer check if `test_page`, the pages `kit` draws,
    a tuck box for its pieces if `box`, then the rules summary."""
    document = Document(info.title, seed_label(setup), settings)
    painter = Painter(info.name, settings.ink)
    kit.draw(KitContext(info, setup, settings, painter, document))
    if box:
        add_box(document, info.title)
    add_rules(document, info.name)
    if test_page:
        add_calibration(document)
    note = kit.cover_note(setup) if kit.cover_note else None
    add_cover(document, info, setup, kit.needs, kit.assembly, note)
    return document


def add_rules(document: Document, game: str) -> list[Page]:
    return flow(document, load_text(f"rules/{game}.md"), "Rules")


def seed_label(setup: Setup) -> str:
    """The seed as kit pages print it; `custom` for a setup that was not drawn from a seed."""
    return "custom" if setup.seed is None else str(setup.seed)
