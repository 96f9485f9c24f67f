"""Colours by meaning, and how they print in each ink mode.

Kits never write a colour that carries meaning as a literal: they ask the Painter for a named
swatch (`player1`, `water`, ...) from templates/themes/. In `color` ink a swatch is a solid fill.
In `saver` ink an area prints white with a coloured outline and the swatch's hatching; in `bw` the
hatching and outlines are black. Text on any area stays dark outside `color` ink. Where colour
alone tells pieces apart, kits also print the swatch's letter (`Painter.letter`), so every kit
stays playable on any printer. The player colours are chosen to stay apart for colour-blind
players (templates/themes/default.json); where more players play than such colours go round
(Colour Diplomacy's 5-10), `Painter.patterned_area` shows the swatch's pattern in colour ink too.
Details of the art that carry no meaning (a trunk, a frame line, a caption) keep their own
colour, through `Painter.art`, which turns it grey in `bw` ink: a `bw` kit prints black, white
and greys only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp.render.drawing import (
    BLACK,
    WHITE,
    Command,
    Drawing,
    Point,
    Shape,
    Style,
    circle_shape,
    shape_bounds,
)
from pnp.render.fonts import text_width
from pnp.templates import load_json, templates_dir

HATCH_SPACING = 1.6  # mm
HATCH_WIDTH = 0.22
RING_SPACING, RING_RADIUS = 2.6, 0.6  # mm: the `rings` pattern, open circles
WAVE_SPACING, WAVE_LENGTH, WAVE_HEIGHT = 2.2, 3.2, 0.45  # mm: the `waves` patterns


@dataclass(frozen=True)
class Swatch:
    colour: str
    pattern: str  # none, diagonal, back, cross, horizontal, vertical, grid, dots, rings, waves,
    # upright-waves, wide-... (the lines or dots of the same pattern, further apart)
    letter: str
    name: str


@cache
def swatches(game: str) -> dict[str, Swatch]:
    data = dict(load_json("themes/default.json")["swatches"])
    own = templates_dir() / "themes" / f"{game}.json"
    if own.is_file():
        data.update(load_json(f"themes/{game}.json")["swatches"])
    return {
        name: Swatch(s["colour"], s["pattern"], s.get("letter", ""), s.get("name", name))
        for name, s in data.items()
    }


def luminance(colour: str) -> float:
    """Relative luminance of a #rrggbb colour, 0 (black) to 1 (white)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def grey(colour: str) -> str:
    """The grey as light as `colour` (same relative luminance)."""
    level = round(255 * luminance(colour))
    return f"#{level:02x}{level:02x}{level:02x}"


def darker(colour: str, factor: float = 0.6) -> str:
    r, g, b = (int(int(colour[i : i + 2], 16) * factor) for i in (1, 3, 5))
    return f"#{r:02x}{g:02x}{b:02x}"


class Painter:
    """Paints named swatches for one game in one ink mode."""

    def __init__(self, game: str, ink: str) -> None:
        self.ink = ink
        self.swatches = swatches(game)

    def swatch(self, name: str) -> Swatch:
        return self.swatches[name]

    def fill(self, name: str) -> str:
        """The flat colour of an area: the swatch in colour ink, white otherwise."""
        return self.swatches[name].colour if self.ink == "color" else WHITE

    def line(self, name: str) -> str:
        """The colour for lines and marks in this swatch's colour (outlines, hatching)."""
        colour = self.swatches[name].colour
        if self.ink == "bw":
            return BLACK
        if self.ink == "saver" and luminance(colour) > 0.6:
            return darker(colour, 0.55)
        return colour

    def art(self, colour: str) -> str:
        """The colour of a detail that carries no meaning (a trunk, a frame line, a caption): as
        drawn, but in bw ink its grey."""
        return grey(colour) if self.ink == "bw" else colour

    def text_on(self, name: str) -> str:
        """A readable text colour on an area painted with this swatch."""
        if self.ink != "color":
            return BLACK
        return BLACK if luminance(self.swatches[name].colour) > 0.5 else WHITE

    def letter(self, name: str) -> str:
        return self.swatches[name].letter

    def hatch_colour(self, name: str) -> str:
        """The colour of the swatch's hatching: its line colour, or in colour ink (a patterned
        area) the text colour, which shows on the swatch and stays a hole in an engraving."""
        return self.text_on(name) if self.ink == "color" else self.line(name)

    def label(
        self,
        drawing: Drawing,
        x: float,
        y: float,
        text: str,
        size: float,
        name: str,
        patterned: bool = False,
    ) -> None:
        """`text` (bold) centred on (x, y) over an area painted with swatch `name`: in colour in
        `text_on`'s colour; otherwise on white, so the hatching never runs through it (a disc
        behind a letter, a rounded box behind a longer text). Over a `patterned` area in colour
        ink the patch is the swatch's own colour, hiding the hatching behind the text."""
        patch = WHITE if self.ink != "color" else self.fill(name) if patterned else None
        if patch is not None:
            backing = Style(fill=patch, stroke=None)
            if len(text) == 1:
                drawing.circle(x, y, 0.62 * size, backing)
            else:
                width = text_width(text, size, bold=True) + 0.6 * size
                drawing.rect(x - width / 2, y - 0.65 * size, width, 1.3 * size, backing, 0.3 * size)
        drawing.centred_text(x, y, text, size, fill=self.text_on(name), bold=True)

    def area(self, drawing: Drawing, shape: Shape, name: str, outline: float = 0.3) -> None:
        """Fill `shape` with the swatch: solid in colour ink, outline and hatching otherwise."""
        swatch = self.swatches[name]
        if self.ink == "color":
            stroke = darker(swatch.colour) if outline else None
            drawing.path(shape, Style(fill=swatch.colour, stroke=stroke, width=outline))
            return
        drawing.path(shape, Style(fill=WHITE, stroke=None))
        hatch(drawing, shape, swatch.pattern, self.line(name))
        if outline:
            drawing.path(shape, Style(stroke=self.line(name), width=outline))

    def patterned_figure(self, drawing: Drawing, shapes: list[Shape], name: str) -> None:
        """Overlapping shapes filled as one figure in the swatch, with its hatching in any ink:
        the lines run on one grid over the whole figure, unbroken where the shapes meet."""
        fill = Style(fill=self.fill(name), stroke=None)
        for shape in shapes:
            drawing.path(shape, fill)
        boxes = [shape_bounds(shape) for shape in shapes]
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
        grid = (left, top, right - left, bottom - top)
        for shape in shapes:
            hatch(drawing, shape, self.swatches[name].pattern, self.hatch_colour(name), grid)

    def patterned_area(
        self, drawing: Drawing, shape: Shape, name: str, outline: float = 0.3
    ) -> None:
        """`area`, with the swatch's hatching over the fill in colour ink too: for colours that
        colour-blind players cannot all tell apart, the pattern tells them."""
        swatch = self.swatches[name]
        if self.ink != "color":
            self.area(drawing, shape, name, outline)
            return
        drawing.path(shape, Style(fill=swatch.colour, stroke=None))
        hatch(drawing, shape, swatch.pattern, self.hatch_colour(name))
        if outline:
            drawing.path(shape, Style(stroke=darker(swatch.colour), width=outline))


def hatch(
    drawing: Drawing,
    shape: Shape,
    pattern: str,
    colour: str,
    grid: tuple[float, float, float, float] | None = None,
) -> None:
    """Lines (or dots) of `pattern` over `shape`, clipped to it. The dots are one operation,
    and the lines of each direction one path: they never overlap, so they print as separate
    marks would, and a page hatched all over stays a few operations rather than thousands.
    `grid` (x, y, w, h), a box around the shape, lays the lines out over that box, so shapes
    hatched on one grid continue each other's lines."""
    if pattern == "none":
        return
    x, y, w, h = shape_bounds(shape) if grid is None else grid
    wide = pattern.startswith("wide-")
    kind = pattern.removeprefix("wide-")
    step = HATCH_SPACING * (2.2 if wide else 1.0)
    layer = Drawing(drawing.width, drawing.height)
    if kind == "dots":
        dots = [
            (x + i * step + (step / 2 if j % 2 else 0), y + j * step)
            for i in range(int(w / step) + 2)
            for j in range(int(h / step) + 2)
        ]
        layer.dots(dots, 0.28 * (1.6 if wide else 1.0), Style(fill=colour, stroke=None))
    directions = {
        "diagonal": [(1, 1)],
        "back": [(1, -1)],
        "cross": [(1, 1), (1, -1)],
        "horizontal": [(1, 0)],
        "vertical": [(0, 1)],
        "grid": [(1, 0), (0, 1)],
    }.get(kind, [])
    style = Style(stroke=colour, width=HATCH_WIDTH * (1.6 if wide else 1.0))
    for dx, dy in directions:
        lines = _parallel_lines(x, y, w, h, dx, dy, step)
        layer.path(
            [command for start, end in lines for command in (("M", *start), ("L", *end))], style
        )
    if kind == "rings":  # open circles on a staggered grid: one path of them
        gap = RING_SPACING
        centres = [
            (x + i * gap + (gap / 2 if j % 2 else 0), y + j * gap)
            for i in range(int(w / gap) + 2)
            for j in range(int(h / gap) + 2)
        ]
        layer.path([c for cx, cy in centres for c in circle_shape(cx, cy, RING_RADIUS)], style)
    if kind in ("waves", "upright-waves"):  # wavy lines across, or up and down
        layer.path(_waves(x, y, w, h, upright=kind == "upright-waves"), style)
    drawing.place(layer, 0, 0, clip=shape)


def _waves(x: float, y: float, w: float, h: float, upright: bool) -> list[Command]:
    """Wavy lines WAVE_SPACING apart across the box (x, y, w, h), each a run of half waves
    (cubic curves) WAVE_LENGTH / 2 long and WAVE_HEIGHT high; `upright`: running down it."""
    along, across = (h, w) if upright else (w, h)
    half = WAVE_LENGTH / 2
    commands: list[Command] = []
    for k in range(int(across / WAVE_SPACING) + 2):
        base = k * WAVE_SPACING
        points = [(0.0, base)]
        for n in range(int(along / half) + 2):
            start = n * half
            bulge = WAVE_HEIGHT * (1 if n % 2 else -1)
            points += [(start + half / 3, base + bulge), (start + 2 * half / 3, base + bulge),
                       (start + half, base)]  # fmt: skip
        placed = [(x + b, y + a) if upright else (x + a, y + b) for a, b in points]
        commands.append(("M", *placed[0]))
        commands += [("C", *placed[i], *placed[i + 1], *placed[i + 2])
                     for i in range(1, len(placed), 3)]  # fmt: skip
    return commands


def _parallel_lines(
    x: float, y: float, w: float, h: float, dx: int, dy: int, step: float
) -> list[tuple[Point, Point]]:
    """The lines, `step` apart, running in direction (dx, dy) across the box (x, y, w, h)."""
    if dy == 0:
        return [((x, y + k * step), (x + w, y + k * step)) for k in range(int(h / step) + 1)]
    if dx == 0:
        return [((x + k * step, y), (x + k * step, y + h)) for k in range(int(w / step) + 1)]
    # 45 degree lines: x - dy*y = c, sweep c across the box
    gap = step * 1.41421356
    offsets = [k * gap for k in range(int((w + h) / gap) + 2)]
    if dy > 0:
        return [((x + offset - h, y), (x + offset, y + h)) for offset in offsets]
    return [((x + offset - h, y + h), (x + offset, y)) for offset in offsets]
