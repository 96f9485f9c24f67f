"""The shared kit builder: a kit package declares only what it draws (`KIT = Kit(draw)`), and
`build` does what every kit shares.

`build` makes the document (titled with the game's `GameInfo.title`, labelled with the setup's
seed, printed with the settings), the Painter of the game's theme, hands them to the kit's
`draw` in a `KitContext`, then adds the rules summary pages (templates/rules/<game>.md). The
footer every page carries (game, page title, seed, page n of m, scale bar) is the document's
(pnp.render.document), from the title and seed label given here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.base import GameInfo, Setup
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
    diagrams); the rules summary comes after them from the builder. `cover_note`, where a kit
    has one, is a short sentence about the setup for the cover page (e.g. that a Platypus deal
    ends)."""

    draw: Callable[[KitContext], None]
    cover_note: Callable[[Setup], str] | None = None


def build(kit: Kit, info: GameInfo, setup: Setup, settings: PrintSettings) -> Document:
    """The kit of `setup`: the pages `kit` draws, then the rules summary."""
    document = Document(info.title, seed_label(setup), settings)
    painter = Painter(info.name, settings.ink)
    kit.draw(KitContext(info, setup, settings, painter, document))
    add_rules(document, info.name)
    return document


def add_rules(document: Document, game: str) -> list[Page]:
    return flow(document, load_text(f"rules/{game}.md"), "Rules")


def seed_label(setup: Setup) -> str:
    """The seed as kit pages print it; `custom` for a setup that was not drawn from a seed."""
    return "custom" if setup.seed is None else str(setup.seed)
