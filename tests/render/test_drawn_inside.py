"""Every shape of a placed drawing (a component, a figure, a board part) lies inside the
drawing's box (issue 16, whole-kit print review): a component's box is its cut line, so a shape
past it is cut through; before, the Platypus score track's lap boxes ran 1 mm past its foot.

Measured on the shapes' geometry (stroke centre lines; curves by their control points), with
placed drawings clipped to a window (board parts) left out: a clip keeps them inside.
"""

from __future__ import annotations

import pytest

from pnp.games import GAMES
from pnp.kits import build_kit
from pnp.render import fill
from pnp.render.drawing import Circle, Dots, Drawing, Line, Op, Path, Place, Rect, shape_bounds
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.textbox import Bounds
from tests.support.kits import Config, config_id, default_configs, setup_of

SLACK = 0.05  # mm


def bounds(op: Op) -> Bounds | None:
    """Where a shape reaches in its drawing; None for text and placed drawings."""
    if isinstance(op, Rect):
        return op.x, op.y, op.x + op.w, op.y + op.h
    if isinstance(op, Line):
        return min(op.x1, op.x2), min(op.y1, op.y2), max(op.x1, op.x2), max(op.y1, op.y2)
    if isinstance(op, Circle):
        return op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r
    if isinstance(op, Dots):
        box = fill.op_box(op)
        assert box is not None
        return box.x, box.y, box.right, box.bottom
    if isinstance(op, Path):
        x, y, w, h = shape_bounds(op.commands)
        return x, y, x + w, y + h
    return None


def outside(drawing: Drawing) -> list[str]:
    """How far each shape of each placed drawing (at any depth) reaches past that box."""
    found = []
    for op in drawing.ops:
        if not isinstance(op, Place):
            continue
        child = op.drawing
        for shape in child.ops:
            reach = bounds(shape)
            if reach is None or op.clip is not None:
                continue
            left, top, right, bottom = reach
            over = max(-left, -top, right - child.width, bottom - child.height)
            if over > SLACK:
                found.append(
                    f"a {type(shape).__name__} {over:.2f} mm past its "
                    f"{child.width:g} x {child.height:g} mm drawing"
                )
        found += outside(child)
    return found


def test_a_shape_past_its_drawings_box_is_found() -> None:
    page, part = Drawing(100, 100), Drawing(20, 10)
    part.rect(0, 0, 20, 10)
    page.place(part, 5, 5)
    assert outside(page) == []
    part.rect(2, 8, 5, 3)
    assert outside(page) == ["a Rect 1.00 mm past its 20 x 10 mm drawing"]


@pytest.mark.parametrize("config", default_configs(), ids=config_id)
def test_every_shape_lies_inside_the_drawing_it_is_placed_in(config: Config) -> None:
    document = build_kit(GAMES[config[0]], setup_of(config, 1), PrintSettings(get_paper("a4")))
    for number, page in enumerate(document.finished(), 1):
        assert outside(page.drawing) == [], f"page {number} ({page.title})"
