"""The PDF and the SVG draw every stroked corner alike (issue 16, whole-kit print review).

A mitred corner runs out to a point whose length grows as the corner sharpens; past the miter
limit it is cut off square (bevelled). PDF's default limit is 10 and SVG's is 4, so a stroked
corner sharper than SVG's limit (a miter longer than 4 line widths: an angle under about 29
degrees) printed from the PDF runs out further than the SVG shows it, up to 5 line widths past
its vertex (the Platypus blue animals' ear tips reached the table's lines). Such corners must be
joined round, which both formats draw the same and which stays within half a line of the shape.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Iterator

import pytest
from pypdf import PdfReader

from pnp.games import GAMES
from pnp.kits import build_kit
from pnp.render.document import Page
from pnp.render.drawing import Drawing, Path, Place, Shape, Style
from pnp.render.paper import get_paper
from pnp.render.pdf import pdf_bytes
from pnp.render.settings import PrintSettings
from pnp.render.svg import svg_text
from tests.support.kits import Config, config_id, default_configs, setup_of
from tests.support.pdfgeom import operations

SVG_MITER_LIMIT = 4.0  # SVG's default stroke-miterlimit; PDF's is 10

Vector = tuple[float, float]


def _segments(shape: Shape) -> Iterator[list[tuple[Vector, Vector]]]:
    """Each subpath as its segments' (direction leaving the start, direction reaching the end);
    a closed subpath ends with its closing segment and its first segment again."""
    here: Vector = (0.0, 0.0)
    start: Vector = here
    run: list[tuple[Vector, Vector]] = []
    for command in shape:
        kind, values = command[0], [float(v) for v in command[1:]]
        if kind == "M":
            if run:
                yield run
            run, here = [], (values[0], values[1])
            start = here
            continue
        if kind == "Z":
            end = start
            if end != here:
                run.append(((end[0] - here[0], end[1] - here[1]),) * 2)
            if run:
                yield [*run, run[0]]
            run, here = [], start
            continue
        end = (values[-2], values[-1])
        if kind == "C":
            first = (values[0] - here[0], values[1] - here[1])
            last = (end[0] - values[2], end[1] - values[3])
        else:
            first = last = (end[0] - here[0], end[1] - here[1])
        if math.hypot(*first) > 1e-9 and math.hypot(*last) > 1e-9:
            run.append((first, last))
        here = end
    if run:
        yield run


def miter_ratios(shape: Shape) -> list[float]:
    """The miter length over the line width at every corner of the shape (1 / sin(angle / 2))."""
    ratios = []
    for run in _segments(shape):
        for (_, arriving), (leaving, _) in itertools.pairwise(run):
            back = (-arriving[0], -arriving[1])
            cos = (back[0] * leaving[0] + back[1] * leaving[1]) / (
                math.hypot(*back) * math.hypot(*leaving)
            )
            angle = math.acos(max(-1.0, min(1.0, cos)))
            if 1e-6 < angle < math.pi - 1e-6:
                ratios.append(1 / math.sin(angle / 2))
    return ratios


def mitred_spikes(drawing: Drawing) -> list[float]:
    """The miter ratios past SVG's limit of every stroked, mitred path, placed drawings too."""
    found: list[float] = []
    for op in drawing.ops:
        if isinstance(op, Place):
            found += mitred_spikes(op.drawing)
        elif isinstance(op, Path) and op.style.stroke is not None and op.style.join == "miter":
            found += [r for r in miter_ratios(op.commands) if r > SVG_MITER_LIMIT]
    return found


def test_the_ratio_is_the_miter_length_over_the_width() -> None:
    square = (("M", 0.0, 0.0), ("L", 1.0, 0.0), ("L", 1.0, 1.0), ("L", 0.0, 1.0), ("Z",))
    assert miter_ratios(square) == pytest.approx([math.sqrt(2)] * 4)
    spike = (("M", 0.0, 0.0), ("L", 10.0, 1.0), ("L", 0.0, 2.0), ("Z",))
    assert max(miter_ratios(spike)) == pytest.approx(1 / math.sin(math.atan(0.1)))


@pytest.mark.parametrize("config", default_configs(), ids=config_id)
def test_no_stroked_corner_is_mitred_past_svgs_limit(config: Config) -> None:
    document = build_kit(GAMES[config[0]], setup_of(config, 1), PrintSettings(get_paper("a4")))
    for number, page in enumerate(document.finished(), 1):
        spikes = mitred_spikes(page.drawing)
        assert spikes == [], f"page {number} ({page.title}): miters of {max(spikes):.1f} widths"


def test_a_round_join_is_written_to_both_formats_and_only_where_asked() -> None:
    drawing = Drawing(20, 20)
    drawing.polygon([(1, 1), (19, 2), (1, 3)], Style(width=1, join="round"))
    drawing.polygon([(1, 11), (19, 12), (1, 13)], Style(width=1))
    page = Page(get_paper("a4"), drawing, "joins")
    svg = svg_text(drawing, "joins")
    assert svg.count('stroke-linejoin="round"') == 1
    contents = PdfReader(io.BytesIO(pdf_bytes([page], "joins"))).pages[0].get_contents()
    assert contents is not None
    ops = operations(contents.get_data())
    assert ops is not None
    drawn = [(op, operands) for operands, op in ops if op in {"q", "Q", "j", "S"}][1:]
    # the round join is set inside a saved state around the first path only
    assert drawn == [("q", []), ("j", [b"1"]), ("S", []), ("Q", []), ("S", []), ("Q", [])]
