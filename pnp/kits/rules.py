"""What every kit shares: the rules summary pages (templates/rules/<game>.md), the seed label."""

from __future__ import annotations

from pnp.games.base import Setup
from pnp.render.document import Document, Page
from pnp.render.text import flow
from pnp.templates import load_text


def add_rules(document: Document, game: str) -> list[Page]:
    return flow(document, load_text(f"rules/{game}.md"), "Rules")


def seed_label(setup: Setup) -> str:
    """The seed as kit pages print it; `custom` for a setup that was not drawn from a seed."""
    return "custom" if setup.seed is None else str(setup.seed)
