"""The kit registry and the shared kit builder: a kit package declares `KIT`, the registry
refuses one that does not, and every registered kit is built through the builder (document
titled from the game's GameInfo, the kit's own pages, then the rules summary)."""

from __future__ import annotations

import types
from dataclasses import replace
from typing import Any

import pytest

import pnp.kits
from pnp.games import GAMES, ORDER
from pnp.games.base import Game, GameInfo, Setup
from pnp.kits import KITS, build_kit, load_kit
from pnp.kits.builder import Kit, KitContext, build
from pnp.render.document import Document
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.text import flow
from pnp.render.theme import swatches
from pnp.templates import load_text

SETTINGS = PrintSettings(get_paper("a4"))


def default_setup(game: Game[Any], seed: int = 3) -> Setup:
    info = game.info
    return game.random_setup(seed, info.resolve(info.default_players, info.default_variant, {}))


def rules_pages(name: str) -> int:
    """How many pages the rules summary of `name` takes on SETTINGS' paper."""
    return len(flow(Document("", "", SETTINGS), load_text(f"rules/{name}.md"), "Rules"))


@pytest.mark.parametrize(
    ("module", "found"),
    [
        (types.ModuleType("pnp.kits.amazons"), "missing"),
        (types.SimpleNamespace(KIT=lambda kit: None), "a function"),
        (types.SimpleNamespace(KIT=KITS["amazons"].draw), "a function"),
        (types.SimpleNamespace(KIT="amazons"), "a str"),
    ],
    ids=["no-KIT", "a-lambda", "the-draw-function", "a-string"],
)
def test_the_registry_refuses_a_kit_package_without_a_kit(
    monkeypatch: pytest.MonkeyPatch, module: object, found: str
) -> None:
    asked: list[str] = []

    def import_module(name: str) -> object:
        asked.append(name)
        return module

    monkeypatch.setattr(pnp.kits.importlib, "import_module", import_module)
    with pytest.raises(ImportError, match=f"pnp.kits.amazon_penguins.KIT is {found}, not a "):
        load_kit("amazon-penguins")
    assert asked == ["pnp.kits.amazon_penguins"]


def test_every_registered_game_has_a_declared_kit() -> None:
    assert list(KITS) == list(ORDER)
    assert all(isinstance(kit, Kit) for kit in KITS.values())


@pytest.mark.parametrize("name", ORDER)
def test_every_kit_is_built_by_the_builder(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    game = GAMES[name]
    setup = default_setup(game)
    drawn: list[KitContext] = []
    calls: list[tuple[Kit, GameInfo]] = []

    def spy(kit: Kit, info: GameInfo, *rest: Any, **named: Any) -> Document:
        """`build`, noting each call and each context drawn; the rest passed on as given."""
        calls.append((kit, info))

        def draw(context: KitContext) -> None:
            drawn.append(context)
            kit.draw(context)

        again = Kit(draw, kit.options, kit.needs, kit.assembly)
        return build(again, info, *rest, **named)

    monkeypatch.setattr(pnp.kits, "build", spy)
    document = build_kit(game, setup, SETTINGS)
    assert calls == [(KITS[name], game.info)]
    (context,) = drawn
    assert context.document is document and context.setup is setup
    assert document.game_title == context.title == game.info.title
    assert document.seed_label == context.seed_label == "3"
    rules = rules_pages(name)
    titles = [page.title for page in document.pages]
    assert titles[-rules:] == ["Rules"] * rules
    assert "Rules" not in titles[:-rules] and len(titles) > rules  # the kit's own pages first
    assert titles[0] == "Cover" and "Cover" not in titles[1:]


def test_the_builder_wraps_what_a_kit_draws() -> None:
    """A kit that draws one page gets the document, painter and rules around it."""
    game = GAMES["amazons"]
    setup = default_setup(game, seed=7)
    seen: list[KitContext] = []

    def draw(kit: KitContext) -> None:
        seen.append(kit)
        kit.document.new_page("Only page")

    document = build(Kit(draw), game.info, setup, SETTINGS)
    (context,) = seen
    assert context.info is game.info and context.settings is SETTINGS
    assert context.painter.swatches is swatches("amazons")  # the theme named by the game
    assert context.painter.ink == SETTINGS.ink
    rules = ["Rules"] * rules_pages("amazons")
    assert [page.title for page in document.pages] == ["Cover", "Only page", *rules]
    assert (document.game_title, document.seed_label) == ("Amazons", "7")
    custom = build(Kit(draw), game.info, replace(setup, seed=None), SETTINGS)
    assert custom.seed_label == "custom"
