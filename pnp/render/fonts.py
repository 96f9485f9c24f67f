"""The kit font: Bitstream Vera, the TrueType font shipped inside reportlab, embedded in every PDF.

Text is measured with the same font metrics in both backends, so layout does not depend on the
output format. SVG files name the font with fallbacks, since SVG viewers use installed fonts.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR, BOLD = "Vera", "VeraBd"
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
# mm em size of the smallest text a kit prints: a cap height of 2 mm (Vera's capitals are 0.729
# em), about 8 pt, the floor for reading at arm's length (tests/render/test_text_size.py)
SMALLEST = 2.75


def font_file(bold: bool) -> Path:
    """The TrueType file of the kit font, as reportlab ships it."""
    return Path(reportlab.__file__).parent / "fonts" / ("VeraBd.ttf" if bold else "Vera.ttf")


@cache
def register_fonts() -> None:
    for name, bold in ((REGULAR, False), (BOLD, True)):
        pdfmetrics.registerFont(TTFont(name, str(font_file(bold))))


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of `text` at em size `size`, in the same unit as `size` (mm in kits)."""
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font_name(bold), size))


def fit_size(text: str, size: float, width: float, bold: bool = False) -> float:
    """The largest em size up to `size` at which `text` fits in `width`."""
    measured = text_width(text, size, bold)
    return size if measured <= width else size * width / measured
