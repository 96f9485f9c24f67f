"""Boards printed in parts (pnp.render.tiling): what the part headers and the cover tell the
player to do matches what is printed, on paper and in laser kits."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.games import GAMES
from pnp.kits import build_kit
from pnp.render.drawing import Drawing, Place, Text
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.tiling import TRIM


def words(drawing: Drawing) -> str:
    found: list[str] = []
    for op in drawing.ops:
        if isinstance(op, Text):
            found.append(op.text)
        elif isinstance(op, Place):
            found.append(words(op.drawing))
    return " ".join(" ".join(found).split())


def dashed_lines(drawing: Drawing) -> int:
    count = 0
    for op in drawing.ops:
        if isinstance(op, Place):
            count += dashed_lines(op.drawing)
        elif getattr(op, "style", None) == TRIM:
            count += 1
    return count


@pytest.mark.parametrize("game", ["platypus", "amazons"])
@pytest.mark.parametrize("laser", [False, True])
def test_only_a_kit_with_dashed_trim_lines_asks_to_trim_them(game: str, laser: bool) -> None:
    """Issue 16 review: a laser kit draws no dashed trim lines (the laser cuts each part's
    outline) but its board parts and cover still said "Trim the dashed edges"."""
    chosen: Any = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(None, None, {}))
    settings = PrintSettings(get_paper("a4"), cut_marks=not laser)
    document = build_kit(chosen, setup, settings)
    parts = [page for page in document.pages if ", part" in page.title]
    assert len(parts) >= 2
    dashes = sum(dashed_lines(page.drawing) for page in parts)
    told = [page for page in [document.pages[0], *parts] if "dashed edges" in words(page.drawing)]
    assert (dashes > 0) == (not laser)
    assert len(told) == (0 if laser else 1 + len(parts))
    for page in parts:
        assert "match the circled crosses" in words(page.drawing)


@pytest.mark.parametrize("game", ["platypus", "amazons", "billabong", "colour-diplomacy"])
def test_no_page_of_a_laser_kit_asks_to_trim_dashed_edges(game: str) -> None:
    """Issue 16 review: the Billabong rules summary, printed in every kit, said "trim the dashed
    edges", which a laser kit does not draw."""
    chosen: Any = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(None, None, {}))
    document = build_kit(chosen, setup, PrintSettings(get_paper("a4"), cut_marks=False))
    told = [page.title for page in document.finished() if "dashed edge" in words(page.drawing)]
    assert told == []
