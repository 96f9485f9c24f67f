"""`--ink bw` prints black only: every colour a bw kit uses, in the PDF's content streams and in
the SVG's fill and stroke attributes, is black, white or a grey (red = green = blue)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games import GAMES
from pnp.kits import build_kit, write_kit
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.kits import Config, config_id, default_configs, option_configs, setup_of
from tests.support.pdfgeom import operations

HEX = re.compile(r"^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$")


def pdf_colours(pdf: Path) -> set[tuple[str, tuple[float, ...]]]:
    """Every colour operator with its operands, on every page."""
    found = set()
    for page in PdfReader(str(pdf)).pages:
        contents = page.get_contents()
        assert contents is not None
        ops = operations(contents.get_data())
        assert ops is not None, "no kit draws an inline image"
        for operands, op in ops:
            if op in ("rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN"):
                found.add((op, tuple(round(float(v), 4) for v in operands)))
    return found


def is_grey_operator(op: str, values: tuple[float, ...]) -> bool:
    if op in ("g", "G"):
        return True
    if op in ("k", "K"):
        return values[:3] == (0.0, 0.0, 0.0)
    return len(values) == 3 and values[0] == values[1] == values[2]


def svg_colours(path: Path) -> set[str]:
    found = set()
    for element in ET.parse(path).getroot().iter():
        for name in ("fill", "stroke"):
            value = element.get(name)
            if value is not None and value != "none":
                found.add(value.lower())
    return found


def is_grey(colour: str) -> bool:
    match = HEX.match(colour)
    return match is not None and match[1] == match[2] == match[3]


@pytest.mark.parametrize("config", default_configs() + option_configs(), ids=config_id)
def test_a_bw_kit_uses_only_black_white_and_greys(tmp_path: Path, config: Config) -> None:
    game = GAMES[config[0]]
    setup = setup_of(config, 6)
    settings = PrintSettings(get_paper("a4"), ink="bw", bleed=2.0)
    document = build_kit(game, setup, settings, test_page=True)
    paths = write_kit(game, setup, document, tmp_path, "both")
    coloured = {c for c in pdf_colours(paths[0]) if not is_grey_operator(*c)}
    assert not coloured, f"kit.pdf paints in colour: {sorted(coloured)}"
    for svg in (p for p in paths if p.suffix == ".svg"):
        colours = {c for c in svg_colours(svg) if not is_grey(c)}
        assert not colours, f"{svg.name} paints in colour: {sorted(colours)}"
