"""The Penguins kit: its pages, and the Amazon Penguins hex tiles that are laid the same way
(pnp.render.hexsheet)."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.games import get_game
from pnp.kits import build_kit
from pnp.render.document import Document
from pnp.render.fill import page_fill
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings


def kit(game: str, paper: str, players: int | None = None, variant: str | None = None) -> Any:
    chosen: Any = get_game(game)
    setup = chosen.random_setup(1, chosen.info.resolve(players, variant, {}))
    return build_kit(chosen, setup, PrintSettings(get_paper(paper)))


def tile_pages(document: Document) -> list[Any]:
    (tiles,) = [c for c in document.components if c.name == "Tiles"]
    return list(tiles.pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_60_tiles_print_on_one_page(paper: str, players: int) -> None:
    """Issue 16, paper economy: on Letter 54 tiles filled a portrait page and the last 6 printed
    alone on a page 11 % full; a landscape Letter page holds all 60."""
    document = kit("penguins", paper, players)
    (page,) = tile_pages(document)
    assert len(page.cuts) == 60
    kit_pages = [page for page in document.pages if page.title not in ("Cover", "Rules")]
    assert all(page_fill(page) >= 1 / 3 for page in kit_pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_amazon_penguins_hex_tiles_take_one_page_of_their_own_at_most(paper: str) -> None:
    document = kit("amazon-penguins", paper, variant="hex")
    pages = tile_pages(document)
    assert sum(1 for page in pages if page.title.startswith("Tiles")) == 1
    assert sum(len(page.cuts) for page in pages) >= 60


def test_the_printed_rules_speak_to_players_not_of_the_simulator() -> None:
    from pnp.templates import load_text

    assert "simulator" not in load_text("rules/penguins.md")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_row_of_penguin_tokens_holds_whole_colours(paper: str) -> None:
    """The 16 penguins, 4 in each colour, are laid in rows of whole colours: on Letter 9 fitted
    a row, so the first row ended with one green penguin and the second began with three."""
    from pnp.render.drawing import shape_bounds

    document = kit("penguins", paper, 2)
    (component,) = [c for c in document.components if c.name.startswith("Penguins")]
    (page,) = component.pages
    rows: dict[float, int] = {}
    for shape in page.cuts:
        top = round(shape_bounds(shape)[1], 3)
        rows[top] = rows.get(top, 0) + 1
    assert sum(rows.values()) == 16
    assert all(count % 4 == 0 for count in rows.values()), rows
