"""SVG text keeps its spaces: a run that starts or ends with a space, or holds two in a row, is
marked `xml:space="preserve"`, since every SVG viewer otherwise collapses them ("is theBillabong").
The PDF keeps them by construction; this is the SVG side (issue 16)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pnp.games import GAMES
from pnp.kits import build_kit, write_kit
from pnp.render.drawing import Drawing
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.svg import svg_text

SVG = "{http://www.w3.org/2000/svg}"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def needs_preserve(text: str) -> bool:
    return text != text.strip() or "  " in text


def collapsed_texts(svg: str) -> list[str]:
    """The text runs whose spaces an SVG viewer would collapse."""
    root = ET.fromstring(svg)
    parents = {child: parent for parent in root.iter() for child in parent}
    lost = []
    for element in root.iter(f"{SVG}text"):
        text = "".join(element.itertext())
        if not needs_preserve(text):
            continue
        node: ET.Element | None = element
        while node is not None and node.get(XML_SPACE) != "preserve":
            node = parents.get(node)
        if node is None:
            lost.append(text)
    return lost


def test_a_run_starting_with_a_space_keeps_it() -> None:
    page = Drawing(100, 50)
    page.text(10, 10, " the Billabong", 4)
    page.text(10, 20, "Jump", 4)
    page.text(10, 30, "two  spaces", 4)
    svg = svg_text(page, "test")
    assert collapsed_texts(svg) == []
    assert svg.count('xml:space="preserve"') == 2  # only the runs that need it


@pytest.mark.parametrize("game", ["billabong", "wallaby", "colour-diplomacy"])
@pytest.mark.parametrize("kit_format", ["svg", "laser"])
def test_no_kit_page_loses_a_space(tmp_path: Path, game: str, kit_format: str) -> None:
    chosen = GAMES[game]
    setup = chosen.random_setup(1, chosen.info.resolve(None, None, {}))
    settings = PrintSettings(get_paper("a4"), cut_marks=kit_format != "laser")
    paths = write_kit(chosen, setup, build_kit(chosen, setup, settings), tmp_path, kit_format)
    pages = [p for p in paths if p.suffix == ".svg"]
    assert pages
    for page in pages:
        assert collapsed_texts(page.read_text()) == [], page.name
