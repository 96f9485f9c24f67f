"""Every page that has cut lines has a TrimBox holding them all (issue 16's notes: the Penguins
"Floe and penguins" page and the Billabong "Turn order and jumps" page had cuts and no TrimBox),
so a print shop or an imposition tool trims where the kit's cutter would, on every kit."""

from __future__ import annotations

import itertools

import pytest

from pnp.games import GAMES
from pnp.kits import build_kit
from pnp.render.drawing import shape_bounds
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

SLACK = 0.01  # mm


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_page_with_cut_lines_has_a_trim_box_around_them(name: str, paper: str) -> None:
    game = GAMES[name]
    for players, variant in itertools.product(game.info.players, game.info.variants):
        setup = game.random_setup(1, game.info.resolve(players, variant, {}))
        document = build_kit(game, setup, PrintSettings(get_paper(paper)))
        for number, page in enumerate(document.finished(), 1):
            if not page.cuts:
                continue
            where = f"{players} players, {variant}, page {number}: {page.title}"
            assert page.trim is not None, f"{where}: cuts but no TrimBox"
            for shape in page.cuts:
                x, y, w, h = shape_bounds(shape)
                assert page.trim.x - SLACK <= x and x + w <= page.trim.right + SLACK, where
                assert page.trim.y - SLACK <= y and y + h <= page.trim.bottom + SLACK, where
