"""SVG pages drawn to pixels with rsvg-convert, as a viewer shows them or as a laser engraves
them: the laser tests of tests/render/test_laser.py and of the kits' own tests share them.

An engraver given an image burns what is darker than mid-grey (`engraved`); a piece drawn alone
at the origin gives the same pixels wherever it lay on its page.
"""

from __future__ import annotations

import io
import shutil
import subprocess

import numpy as np
import pytest
from numpy.typing import NDArray
from PIL import Image

RSVG = shutil.which("rsvg-convert")
needs_rsvg = pytest.mark.skipif(RSVG is None, reason="rsvg-convert renders the SVG")


def rendered(svg: str, px: float) -> Image.Image:
    """The SVG drawn on white at `px` pixels per mm, in colour."""
    dpi = str(px * 25.4)
    png = subprocess.run(
        [str(RSVG), "-d", dpi, "-p", dpi, "-b", "white"],
        input=svg.encode(),
        capture_output=True,
        check=True,
    ).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def engraved(svg: str, px: float) -> NDArray[np.bool_]:
    """True where the laser burns: pixels darker than mid-grey."""
    return np.asarray(rendered(svg, px).convert("L")) < 128
