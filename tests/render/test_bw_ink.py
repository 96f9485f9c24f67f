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
from tests.support.pdfgeom import STRINGS, operations

HEX = re.compile(r"^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$")
# Colour operators read without tokenizing the whole stream (a bw kit's hatching is megabytes of
# path numbers): an operator is a token of its own, not part of a name or a longer operator.
TOKEN_START = rb"(?<![^\s\]])"
OPERATOR = rb"(rg|RG|g|G|k|K|scn|SCN|sc|SC)(?![^\s\[/(<])"
COLOUR = re.compile(TOKEN_START + rb"((?:[-+]?[0-9.]+\s+){1,4})" + OPERATOR)
ANY_COLOUR = re.compile(TOKEN_START + OPERATOR)
INLINE_IMAGE = re.compile(TOKEN_START + rb"BI(?![^\s\[/(<])")


def stream_colours(data: bytes) -> set[tuple[str, tuple[float, ...]]]:
    """Every colour operator of a decoded content stream, with its operands; every one of them
    must take numbers (a pattern or a named colour would need the full tokenizer)."""
    text = STRINGS.sub(b"()", data)
    assert not INLINE_IMAGE.search(text), "no kit draws an inline image"
    found = COLOUR.findall(text)
    assert len(found) == len(ANY_COLOUR.findall(text)), "a colour operator without numbers"
    return {
        (op.decode(), tuple(round(float(v), 4) for v in numbers.split())) for numbers, op in found
    }


def pdf_colours(pdf: Path) -> set[tuple[str, tuple[float, ...]]]:
    """Every colour operator with its operands, on every page."""
    found = set()
    for page in PdfReader(str(pdf)).pages:
        contents = page.get_contents()
        assert contents is not None
        found |= stream_colours(contents.get_data())
    return found


def test_the_colour_scan_reads_what_the_tokenizer_reads() -> None:
    """The regular-expression scan above against the full tokenizer, on a stream with every
    trap: colour letters inside strings and names, operators that end in a colour letter."""
    stream = (
        b"q 1 0 0 1 10 20 cm 0 0 0 rg 0.5 G BT /F1 12 Tf (0 0 1 rg \\) g) Tj ET "
        b"/GS1 gs /rg gs 0.2 0.3 0.4 RG [1 2] 0 d 0 0 0 1 k 1 0 0 0 K 0.1 0.2 0.3 sc 1 1 1 SC Q"
    )
    tokenized = {
        (op, tuple(round(float(v), 4) for v in operands))
        for operands, op in operations(stream) or []
        if op in ("rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN")
    }
    assert stream_colours(stream) == tokenized
    assert len(tokenized) == 7


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
