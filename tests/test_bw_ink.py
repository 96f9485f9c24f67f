"""`--ink bw` prints black only: every colour a bw kit uses, in the PDF's content streams and in
the SVG's fill and stroke attributes, is black, white or a grey (red = green = blue)."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.kits import KITS, build_kit, write_kit
from pnp.render.calibration import add_calibration
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

Config = tuple[str, int | None, str | None, dict[str, str]]
HEX = re.compile(r"^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$")


def art_configs() -> list[Config]:
    """Every game at every player count and variant with its default options, and every other
    value of each option with a list of values on the first players and variant taking it."""
    found: list[Config] = []
    for name, game in GAMES.items():
        if name not in KITS:
            continue
        info = game.info
        for players, variant in itertools.product(info.players, info.variants):
            found.append((name, players, variant, {}))
        for option in info.options:
            for value in (str(v) for v in getattr(option, "choices", ())):
                if value == str(option.default_value()):
                    continue
                for players, variant in itertools.product(info.players, info.variants):
                    try:
                        game.random_setup(1, info.resolve(players, variant, {option.name: value}))
                    except PnpError:
                        continue
                    found.append((name, players, variant, {option.name: value}))
                    break
    return found


def pdf_colours(pdf: Path) -> set[tuple[str, tuple[float, ...]]]:
    """Every colour operator with its operands, on every page."""
    reader = PdfReader(str(pdf))
    found = set()
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            op = operator.decode()
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


@pytest.mark.parametrize("config", art_configs(), ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}-{c[3]}")
def test_a_bw_kit_uses_only_black_white_and_greys(tmp_path: Path, config: Config) -> None:
    name, players, variant, options = config
    game = GAMES[name]
    setup = game.random_setup(6, game.info.resolve(players, variant, options))
    document = build_kit(game, setup, PrintSettings(get_paper("a4"), ink="bw", bleed=2.0))
    add_calibration(document)
    paths = write_kit(game, setup, document, tmp_path, "both")
    coloured = {c for c in pdf_colours(paths[0]) if not is_grey_operator(*c)}
    assert not coloured, f"kit.pdf paints in colour: {sorted(coloured)}"
    for svg in (p for p in paths if p.suffix == ".svg"):
        colours = {c for c in svg_colours(svg) if not is_grey(c)}
        assert not colours, f"{svg.name} paints in colour: {sorted(colours)}"
