"""Bleed on hexagonal tile sheets (Penguins tiles, Amazon Penguins' hex floe): each tile's
background runs past the outer cut lines of the tessellation, and the PDF says where to trim."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games import GAMES
from pnp.kits import build_kit, write_kit
from pnp.render.document import Document
from pnp.render.drawing import Drawing, Place, polygon_shape
from pnp.render.drawing import Path as PathOp
from pnp.render.hexsheet import hex_height, hexagon, lay_out_hexes
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.kits import Config, config_id, setup_of

PT = 25.4 / 72
WIDTH = 30.0


def tile(colour: str) -> Drawing:
    height = hex_height(WIDTH)
    outline = polygon_shape(hexagon(WIDTH / 2, height / 2, WIDTH))
    return Drawing(WIDTH, height, background=colour, outline=outline)


def distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Signed distance of `point` from the line a-b (positive to the right of a->b, y down)."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    return ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / math.hypot(bx - ax, by - ay)


def test_hex_tiles_bleed_past_outer_edges_only() -> None:
    document = Document("Test", "1", PrintSettings(get_paper("a4"), bleed=3.0))
    placed = lay_out_hexes(document, [tile("#336699") for _ in range(9)], "Tiles", "Tiles")
    page = document.pages[0]
    layers = [op for op in page.drawing.ops if isinstance(op, Place) and op.clip is not None]
    first_tile = next(k for k, op in enumerate(page.drawing.ops) if isinstance(op, Place))
    assert len(layers) == 1 and page.drawing.ops.index(layers[0]) == first_tile, "under the tiles"
    grown = [op for op in layers[0].drawing.ops if isinstance(op, PathOp)]
    assert len(grown) == 9 and {op.style.fill for op in grown} == {"#336699"}
    corners = [
        [(p.x + x, p.y + y) for x, y in hexagon(WIDTH / 2, hex_height(WIDTH) / 2, WIDTH)]
        for p in placed
    ]

    def key(a: tuple[float, float], b: tuple[float, float]) -> frozenset[tuple[float, float]]:
        return frozenset((round(p[0], 3), round(p[1], 3)) for p in (a, b))

    shared = [{key(a, b) for a, b in zip(c, c[1:] + c[:1], strict=True)} for c in corners]
    outer_edges = 0
    for k, (hexagon_corners, op) in enumerate(zip(corners, grown, strict=True)):
        points = [(float(c[1]), float(c[2])) for c in op.commands if c[0] in ("M", "L")]
        for a, b, ga, gb in zip(
            hexagon_corners,
            hexagon_corners[1:] + hexagon_corners[:1],
            points,
            points[1:] + points[:1],
            strict=True,
        ):
            others = sum(key(a, b) in s for j, s in enumerate(shared) if j != k)
            want = 0.0 if others else 3.0
            outer_edges += not others
            # the hexagon runs clockwise on the y-down page: outside is to the left of a->b
            assert -distance(ga, a, b) == pytest.approx(want, abs=1e-6)
            assert -distance(gb, a, b) == pytest.approx(want, abs=1e-6)
    assert outer_edges == 9 * 6 - 2 * 15  # rows of 5 and 4 share 4 + 3 + 8 edges
    trim = page.trim
    assert trim is not None
    assert trim.x == pytest.approx(min(x for c in corners for x, _ in c))
    assert trim.bottom == pytest.approx(max(y for c in corners for _, y in c))


@pytest.mark.parametrize(
    "config",
    [("penguins", None, "standard", {}), ("amazon-penguins", None, "hex", {})],
    ids=config_id,
)
def test_hex_tile_pages_carry_trim_and_bleed_boxes(tmp_path: Path, config: Config) -> None:
    game = GAMES[config[0]]
    setup = setup_of(config, 4)
    document = build_kit(game, setup, PrintSettings(get_paper("a4"), bleed=2.5))
    pdf = write_kit(game, setup, document, tmp_path, "pdf")[0]
    pages = document.finished()
    tile_pages = [k for k, page in enumerate(pages) if page.title.startswith("Tiles")]
    assert tile_pages
    for k in tile_pages:
        tiles = PdfReader(str(pdf)).pages[k]
        trim = [float(v) * PT for v in tiles.trimbox]
        bleed = [float(v) * PT for v in tiles.bleedbox]
        assert trim != [float(v) * PT for v in tiles.mediabox]
        assert [b - t for b, t in zip(bleed, trim, strict=True)] == pytest.approx(
            [-2.5, -2.5, 2.5, 2.5], abs=0.01
        )
        layers = [op for op in pages[k].drawing.ops if isinstance(op, Place)]
        grown = [op for op in layers[0].drawing.ops if isinstance(op, Place) and op.clip]
        assert grown and grown[0].drawing.ops, "the tiles' backgrounds bleed"
