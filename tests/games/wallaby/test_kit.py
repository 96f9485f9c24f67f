"""The Wallaby kit: every player count and variant builds, tiles print at exactly 30 mm, the
standees and mats at their sizes, the kit is reproducible, and tile backs are optional."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games import get_game
from pnp.kits import build_kit, write_kit
from pnp.kits.wallaby.kit import STANDEE_W, TILE
from pnp.kits.wallaby.mat import MAT_H, MAT_W
from pnp.kits.wallaby.options import WallabyKitOptions
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.pdfgeom import read_geometry

GAME = get_game("wallaby")
TOLERANCE = 0.1  # mm


def kit(
    tmp_path: Path, players: int, variant: str, paper: str = "a4", form: str = "pdf", **given: str
) -> Path:
    """The kit's PDF (with the SVG pages beside it for form="both")."""
    printed = WallabyKitOptions.given({k: v for k, v in given.items() if k == "tile-backs"})
    options = GAME.info.resolve(players, variant, given, others=printed.names())
    setup = printed.draw(GAME, 11, options)
    document = build_kit(GAME, setup, PrintSettings(get_paper(paper)))
    return write_kit(GAME, setup, document, tmp_path, form)[0]


def boxes(pdf: Path, w: float, h: float) -> list[int]:
    """Per page, how many rectangles measure w x h mm."""
    return [
        sum(1 for b in page.boxes if abs(b.w - w) < TOLERANCE and abs(b.h - h) < TOLERANCE)
        for page in read_geometry(pdf)
    ]


@pytest.mark.parametrize(
    ("players", "variant", "paper", "tiles"),
    [(2, "standard", "a4", 36), (3, "children", "letter", 49), (4, "valley", "a4", 48)],
)
def test_every_tile_of_the_setup_prints_at_30_mm(
    tmp_path: Path, players: int, variant: str, paper: str, tiles: int
) -> None:
    pdf = kit(tmp_path, players, variant, paper)
    # Each tile draws its face and a hairline on its cut line, both exactly 30 x 30 mm.
    assert sum(boxes(pdf, TILE, TILE)) == 2 * tiles
    standee_height = 84.0
    scarecrow = variant != "children"
    assert sum(boxes(pdf, STANDEE_W, standee_height)) == players + scarecrow
    assert sum(boxes(pdf, MAT_W, MAT_H)) == 2 * players  # the mat's paper and its border


def test_the_kit_is_byte_identical_for_the_same_seed(tmp_path: Path) -> None:
    one = kit(tmp_path / "1", 3, "valley", form="both").parent
    two = kit(tmp_path / "2", 3, "valley", form="both").parent
    for name in ("kit.pdf", "kit-p01.svg", "kit-p03.svg", "setup.json"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_tile_backs_are_optional_and_sit_behind_their_fronts(tmp_path: Path) -> None:
    plain = boxes(kit(tmp_path / "plain", 2, "standard"), TILE, TILE)
    backed = boxes(kit(tmp_path / "backed", 2, "standard", **{"tile-backs": "field"}), TILE, TILE)
    # 36 tiles: one fronts page, then its backs page right behind it; printed double-sided, the
    # layout map goes on the back of the cover (nothing to cut on either)
    assert [n for n in backed if n] == [72, 36] and [n for n in plain if n] == [72]
    assert backed[2:4] == [72, 36] and plain[2] == 72  # the cover, then the layout map
