"""SVG backend: one file per page, width and height in mm and a viewBox in mm (1 unit = 1 mm).

Ids are numbered per file, so equal input gives equal text. Text names the Vera font with
fallbacks, as SVG viewers draw with installed fonts.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import svgwrite

from pnp.render.drawing import (
    Circle,
    Drawing,
    Line,
    Op,
    Path,
    Place,
    Rect,
    Shape,
    Style,
    Text,
    placement_matrix,
)
from pnp.render.fonts import SVG_FAMILY


def svg_text(page: Drawing, title: str) -> str:
    w, h = _n(page.width), _n(page.height)
    document = svgwrite.Drawing(
        size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full", debug=False
    )
    document.set_desc(title=title)
    _emit(document, document, page, itertools.count(1))
    return str(document.tostring()) + "\n"


def _n(value: float) -> float | int:
    """A coordinate rounded to 1/1000 mm, written without a trailing .0."""
    rounded = round(float(value), 3)
    return int(rounded) if rounded == int(rounded) else rounded


def _d(shape: Shape) -> str:
    return " ".join(
        str(command[0]) + " ".join(str(_n(float(v))) for v in command[1:]) for command in shape
    )


def _style(style: Style) -> dict[str, Any]:
    attributes: dict[str, Any] = {
        "fill": style.fill or "none",
        "stroke": style.stroke or "none",
    }
    if style.stroke is not None:
        attributes["stroke_width"] = _n(style.width)
        if style.dash:
            attributes["stroke_dasharray"] = ",".join(str(_n(d)) for d in style.dash)
    return attributes


def _emit(document: svgwrite.Drawing, parent: Any, drawing: Drawing, ids: Iterator[int]) -> None:
    for op in drawing.ops:
        parent.add(_element(document, op, ids))


def _element(document: svgwrite.Drawing, op: Op, ids: Iterator[int]) -> Any:
    if isinstance(op, Line):
        return document.line((_n(op.x1), _n(op.y1)), (_n(op.x2), _n(op.y2)), **_style(op.style))
    if isinstance(op, Rect):
        extra = {"rx": _n(op.radius)} if op.radius > 0 else {}
        return document.rect(
            (_n(op.x), _n(op.y)), (_n(op.w), _n(op.h)), **extra, **_style(op.style)
        )
    if isinstance(op, Circle):
        return document.circle((_n(op.cx), _n(op.cy)), _n(op.r), **_style(op.style))
    if isinstance(op, Path):
        return document.path(d=_d(op.commands), **_style(op.style))
    if isinstance(op, Text):
        return _text(document, op)
    return _group(document, op, ids)


def _text(document: svgwrite.Drawing, op: Text) -> Any:
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
    return document.text(op.text, **attributes)


def _group(document: svgwrite.Drawing, op: Place, ids: Iterator[int]) -> Any:
    matrix = " ".join(str(_n(v)) for v in placement_matrix(op))
    outer = document.g(transform=f"matrix({matrix})")
    inner = outer
    if op.clip is not None:
        clip_id = f"clip{next(ids)}"
        clip = document.defs.add(document.clipPath(id=clip_id))
        clip.add(document.path(d=_d(op.clip)))
        inner = outer.add(document.g(clip_path=f"url(#{clip_id})"))
    _emit(document, inner, op.drawing, ids)
    return outer
