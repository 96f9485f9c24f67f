"""SVG backend: one file per page, width and height in mm and a viewBox in mm (1 unit = 1 mm).

Ids are numbered per file, so equal input gives equal text. Text names the Vera font with
fallbacks, as SVG viewers draw with installed fonts.

For laser cutters (`laser_svg_text`) a page becomes three Inkscape layers: `engrave` (the
drawing in two tones), `cut` (the components' outlines as hairlines, every edge shared by two
components cut once) and `score` (the fold lines as hairlines, for a cut at low power; never
engraved). The engrave layer follows one rule (`engraved`): an area or text darker than mid-grey
engraves solid in the engrave colour, a lighter one is knocked out (painted white over whatever
lies beneath, as a light detail on a dark piece prints), and every line engraves unless it is near
white. Mid-grey is the line Painter.text_on draws between white and black text, so text and art a
kit sets on a dark piece stay as holes in the engraving. It is meant to be engraved as an image
(white is not burnt). Text is set as glyph outlines (pnp.render.outlines): laser software rejects
live text.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.render import drawing as ops
from pnp.render.document import Page
from pnp.render.fonts import SVG_FAMILY
from pnp.render.outlines import outline_path, path_number
from pnp.render.theme import luminance

if TYPE_CHECKING:
    import svgwrite

INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
MID_GREY = 0.5  # areas and text at most this light engrave; lighter ones are knocked out
NEAR_WHITE = 0.9  # lines lighter than this are knocked out; every other line engraves
HAIRLINE = 0.01  # mm: lasers read strokes this thin as cuts
JIG_COLOUR = "#00a000"  # the jig layer: a colour of its own, so software keeps it apart


def svg_text(page: ops.Drawing, title: str) -> str:
    document = _new_document(page, title)
    _Emitter(document).emit(document, page)
    return str(document.tostring()) + "\n"


def laser_svg_text(page: Page, title: str, cut_colour: str, engrave_colour: str,
                   score_colour: str = "#0000ff", two_sided: bool = False) -> str:  # fmt: skip
    """The page as a laser file; a `two_sided` sheet (a page with backs, or the backs) also has
    a `jig` layer: the sheet's outline, cut in a scrap board left on the bed, so the sheet lies
    in the same place for both sides."""
    document = _new_document(page.drawing, title)
    document.attribs["xmlns:inkscape"] = INKSCAPE
    engrave = document.add(_layer(document, "engrave"))
    _Emitter(document, engrave_colour).emit(engrave, page.drawing)
    layers = [("cut", page.cuts, cut_colour), ("score", page.folds, score_colour)]
    if two_sided:
        sheet = ops.rect_shape(0, 0, page.paper.width, page.paper.height)
        layers.append(("jig", [sheet], JIG_COLOUR))
    for name, shapes, colour in layers:
        layer = document.add(_layer(document, name))
        for d in unique_edges(shapes):
            layer.add(document.path(d=d, fill="none", stroke=colour, stroke_width=HAIRLINE))
    return str(document.tostring()) + "\n"


def _new_document(page: ops.Drawing, title: str) -> svgwrite.Drawing:
    import svgwrite  # loaded for SVG output only: about a tenth of a second (its validator)

    w, h = _n(page.width), _n(page.height)
    document = svgwrite.Drawing(
        size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full", debug=False
    )
    document.set_desc(title=title)
    return document


def _layer(document: svgwrite.Drawing, name: str) -> Any:
    group = document.g(id=name)
    group.attribs["inkscape:groupmode"] = "layer"
    group.attribs["inkscape:label"] = name
    return group


def _n(value: float) -> float | int:
    """A coordinate rounded to 1/1000 mm, written without a trailing .0."""
    rounded = round(float(value), 3)
    return int(rounded) if rounded == int(rounded) else rounded


def _d(shape: ops.Shape) -> str:
    return " ".join(
        str(command[0]) + " ".join(path_number(float(v)) for v in command[1:]) for command in shape
    )


def unique_edges(shapes: list[ops.Shape]) -> list[str]:
    """Path data of every edge of `shapes` once: an edge two components share is cut once."""
    seen: set[tuple[float, ...]] = set()
    edges: list[str] = []
    for shape in shapes:
        start = current = (0.0, 0.0)
        for command in shape:
            kind, values = command[0], [_n(float(v)) for v in command[1:]]
            if kind == "M":
                start = current = (values[0], values[1])
                continue
            end = start if kind == "Z" else (values[-2], values[-1])
            points = [current, *zip(values[0:-2:2], values[1:-2:2], strict=True), end]
            if kind == "Z" and current == start:
                continue
            flat = tuple(v for point in points for v in point)
            backwards = tuple(v for point in reversed(points) for v in point)
            key = min(flat, backwards)
            if key not in seen:
                seen.add(key)
                curve = "C" if kind == "C" else "L"
                rest = " ".join(f"{x} {y}" for x, y in points[1:])
                edges.append(f"M{points[0][0]} {points[0][1]} {curve}{rest}")
            current = end
    return edges


def engraved(colour: str, lightest: float, engrave: str) -> str:
    """The engrave layer's paint for `colour`: the engrave colour up to `lightest` luminance,
    white (not engraved, knocking out what lies beneath) above it."""
    return engrave if luminance(colour) <= lightest else ops.WHITE


@dataclass
class _Emitter:
    """Writes Drawings as SVG elements; with `engrave` set, everything in that one colour."""

    document: svgwrite.Drawing
    engrave: str | None = None

    def __post_init__(self) -> None:
        self.ids: Iterator[int] = itertools.count(1)

    def emit(self, parent: Any, drawing: ops.Drawing) -> None:
        for op in drawing.ops:
            if self.engrave is not None and isinstance(op, ops.Line) and op.style == ops.FOLD:
                continue  # a fold is scored (the score layer), not engraved
            parent.add(ops.visit(op, self))

    def style(self, style: ops.Style) -> dict[str, Any]:
        fill, stroke = style.fill, style.stroke
        if self.engrave is not None:
            fill = None if fill is None else engraved(fill, MID_GREY, self.engrave)
            stroke = None if stroke is None else engraved(stroke, NEAR_WHITE, self.engrave)
        attributes: dict[str, Any] = {"fill": fill or "none", "stroke": stroke or "none"}
        if stroke is not None:
            attributes["stroke_width"] = _n(style.width)
            if style.dash:
                attributes["stroke_dasharray"] = ",".join(str(_n(d)) for d in style.dash)
            if style.join != "miter":
                attributes["stroke_linejoin"] = style.join
        return attributes

    def line(self, op: ops.Line) -> Any:
        start, end = (_n(op.x1), _n(op.y1)), (_n(op.x2), _n(op.y2))
        return self.document.line(start, end, **self.style(op.style))

    def rect(self, op: ops.Rect) -> Any:
        extra = {"rx": _n(op.radius)} if op.radius > 0 else {}
        return self.document.rect(
            (_n(op.x), _n(op.y)), (_n(op.w), _n(op.h)), **extra, **self.style(op.style)
        )

    def circle(self, op: ops.Circle) -> Any:
        return self.document.circle((_n(op.cx), _n(op.cy)), _n(op.r), **self.style(op.style))

    def dots(self, op: ops.Dots) -> Any:
        """One path of discs, each two half-circle arcs from its leftmost point."""
        r, d = _n(op.r), _n(2 * op.r)
        disc = f"a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0"
        data = "".join(f"M{path_number(x - op.r)} {path_number(y)}{disc}" for x, y in op.centres)
        return self.document.path(d=data, **self.style(op.style))

    def path(self, op: ops.Path) -> Any:
        return self.document.path(d=_d(op.commands), **self.style(op.style))

    def text(self, op: ops.Text) -> Any:
        if self.engrave is not None:
            return self.outlined_text(op)
        attributes: dict[str, Any] = {
            "insert": (_n(op.x), _n(op.y)),
            "font_size": _n(op.size),
            "font_family": SVG_FAMILY,
            "fill": op.fill,
        }
        if op.bold:
            attributes["font_weight"] = "bold"
        if op.anchor != "start":
            attributes["text_anchor"] = op.anchor
        if op.angle:
            attributes["transform"] = f"rotate({_n(-op.angle)} {_n(op.x)} {_n(op.y)})"
        element = self.document.text(op.text, **attributes)
        if op.text != op.text.strip() or "  " in op.text:
            # SVG viewers collapse leading, trailing and repeated spaces unless told not to; a
            # rules line drawn as runs (" the Billabong") would lose the space between runs.
            element.attribs["xml:space"] = "preserve"
        return element

    def outlined_text(self, op: ops.Text) -> Any:
        attributes: dict[str, Any] = {"fill": engraved(op.fill, MID_GREY, self.engrave or "")}
        if op.angle:
            attributes["transform"] = f"rotate({_n(-op.angle)} {_n(op.x)} {_n(op.y)})"
        return self.document.path(d=outline_path(op), **attributes)

    def place(self, op: ops.Place) -> Any:
        document = self.document
        matrix = " ".join(str(_n(v)) for v in ops.placement_matrix(op))
        outer = document.g(transform=f"matrix({matrix})")
        inner = outer
        if op.clip is not None:
            clip_id = f"clip{next(self.ids)}"
            clip = document.defs.add(document.clipPath(id=clip_id))
            clip.add(document.path(d=_d(op.clip)))
            inner = outer.add(document.g(clip_path=f"url(#{clip_id})"))
        self.emit(inner, op.drawing)
        return outer
