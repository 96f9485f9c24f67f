"""Paper presets (A4, US Letter; portrait or landscape) and boxes, in millimetres.

The presets and margins are data in templates/paper.json. The bottom margin holds each page's
footer (game, seed, page number and the 50 mm scale bar).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from pnp.errors import InputError, one_of
from pnp.templates import load_json


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Box:
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def below(self, dy: float) -> Box:
        """The part of the box from `dy` below its top."""
        return Box(self.x, self.y + dy, self.w, self.h - dy)

    def union(self, other: Box) -> Box:
        """The smallest box holding both."""
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Box(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)


@dataclass(frozen=True)
class Paper:
    key: str
    title: str
    width: float
    height: float
    top: float
    right: float
    bottom: float
    left: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    @property
    def content(self) -> Box:
        """The printable area inside the margins, above the footer."""
        return Box(
            self.left,
            self.top,
            self.width - self.left - self.right,
            self.height - self.top - self.bottom,
        )

    def turned(self) -> Paper:
        """The same sheet the other way round; the footer stays at the bottom."""
        return replace(self, width=self.height, height=self.width)

    def oriented(self, landscape: bool) -> Paper:
        return self.turned() if self.landscape != landscape else self


@cache
def paper_presets() -> dict[str, Paper]:
    data = load_json("paper.json")
    margins = data["margins_mm"]
    return {
        key: Paper(
            key,
            spec["title"],
            spec["width"],
            spec["height"],
            margins["top"],
            margins["right"],
            margins["bottom"],
            margins["left"],
        )
        for key, spec in data["papers"].items()
    }


def footer_spec() -> dict[str, float]:
    return dict(load_json("paper.json")["footer"])


def get_paper(key: str) -> Paper:
    presets = paper_presets()
    try:
        return presets[key.lower()]
    except KeyError:
        raise InputError("paper", key, one_of(presets)) from None


def component_sizes(kit: str) -> dict[str, float]:
    """The sizes (mm) of a kit's components, from templates/components.json."""
    return {name: float(value) for name, value in load_json("components.json")[kit].items()}
