"""The tuck box (`pnp kit --box`, issue 38): sized to the pieces, a net that folds into it.

The net is checked as a sheet folded by hand: the body's four panels are front, side, back,
side (width, depth, width, depth) of the box's height; the lid and the bottom are width x depth
and hinge on the back's and the front's edges; each dust flap hinges on a side's full width; the
outline is one simple polygon and every fold runs between two points of it or of other folds.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from pnp.errors import PnpError
from pnp.games import GAMES, ORDER
from pnp.kits import build_kit, write_kit
from pnp.kits.parts.box import CARD, CLEARANCE, BoxSize, Net, box_size, draw_net, pieces
from pnp.render.drawing import CAP_HEIGHT, Place, Text
from pnp.render.fonts import text_width
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.cli import invoke

BOXED = [name for name in ORDER if name != "paper-penguins"]


def segments_cross(a: tuple[float, float], b: tuple[float, float],
                   c: tuple[float, float], d: tuple[float, float]) -> bool:  # fmt: skip
    """Whether segments ab and cd cross at a point inside both (touching ends do not count)."""

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    return d1 * d2 < -1e-9 and d3 * d4 < -1e-9


def test_a_box_holds_its_largest_piece_and_the_stack() -> None:
    found = [(18.0, 18.0, 1)] * 100 + [(20.0, 40.0, 2)]
    size = box_size(found)
    assert size.height >= 40 + CLEARANCE and size.width >= 20 + CLEARANCE
    volume = sum(a * b * n * CARD for a, b, n in found)
    assert size.width * size.height * size.depth >= volume
    assert size.depth <= size.width, "a deep pile goes in stacks side by side"
    with pytest.raises(PnpError, match="no pieces to box"):
        box_size([])


@pytest.mark.parametrize("size", [BoxSize(32, 11, 52), BoxSize(38, 18, 20), BoxSize(20, 10, 20)])
def test_the_net_folds_into_the_box(size: BoxSize) -> None:
    net = Net(size)
    front, side1, back, side2, glue, end = net.columns()
    top, bottom = net.rows()
    w, d, h = size.width, size.depth, size.height
    assert [side1 - front, back - side1, side2 - back, glue - side2] == [w, d, w, d]
    assert bottom - top == h and end > glue
    folds = {tuple(sorted(f)) for f in net.folds()}
    for x in (side1, back, side2, glue):  # the body's four upright edges
        assert ((x, top), (x, bottom)) in folds
    assert ((back, top), (side2, top)) in folds and ((back, top - d), (side2, top - d)) in folds
    assert ((front, bottom), (side1, bottom)) in folds
    assert ((front, bottom + d), (side1, bottom + d)) in folds
    for left, right in ((side1, back), (side2, glue)):  # a dust flap on each side, both ends
        assert ((left, top), (right, top)) in folds and ((left, bottom), (right, bottom)) in folds
    outline = net.outline()
    edges = list(itertools.pairwise([*outline, outline[0]]))
    for (a, b), (c, e) in itertools.combinations(edges, 2):
        assert not segments_cross(a, b, c, e), "the outline crosses itself"
    points = set(outline) | {p for f in folds for p in f}
    for a, b in folds:  # every fold ends on the outline or on another fold
        assert a in points and b in points
    drawing = draw_net(size, "Amazon Penguins", "seed 1")
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    assert (min(xs), min(ys), max(xs), max(ys)) == (0, 0, drawing.width, drawing.height)
    assert len(drawing.folds) == len(net.folds())


@pytest.mark.parametrize("name", BOXED)
def test_every_kit_with_pieces_prints_a_box_for_them(tmp_path: Path, name: str) -> None:
    """The box page is listed on the cover, its words are 2 mm tall or more, and a laser kit
    scores its folds and cuts its outline."""
    game = GAMES[name]
    setup = game.random_setup(1, game.info.resolve(None, None, {}))
    settings = PrintSettings(get_paper("a4"), ink="bw", cut_marks=False)
    document = build_kit(game, setup, settings, box=True)
    (box,) = [c for c in document.components if c.name.startswith("tuck box")]
    assert box.count == 1
    assert any("tuck box" in step for step in document.assembly)
    size = box_size(pieces(document))
    largest = max(long for _, long, _ in pieces(document))
    assert size.height >= largest
    (page,) = box.pages
    nets = [op.drawing for op in page.drawing.ops if isinstance(op, Place)
            and len(op.drawing.folds) == len(Net(size).folds())]  # fmt: skip
    assert len(nets) == 1
    small = [op.text for op in nets[0].ops if isinstance(op, Text)
             and op.size * CAP_HEIGHT < 2.0 - 1e-9]  # fmt: skip
    assert not small
    paths = write_kit(game, setup, document, tmp_path, "laser")
    number = document.printed_number(page)
    laser = [p for p in paths if p.name == f"kit-laser-p{number:02d}.svg"]
    assert laser and laser[0].read_text().count('stroke="#0000ff"') >= len(Net(size).folds())


def test_a_kit_with_nothing_to_box_says_so_in_one_line(tmp_path: Path) -> None:
    code, _out, err = invoke("kit", "paper-penguins", "--box", "--out", str(tmp_path))
    assert code == 2
    assert err.strip().count("\n") == 0 and "--box" in err and "no pieces" in err
    assert not list(tmp_path.iterdir())


def test_each_round_token_of_a_strip_is_a_piece() -> None:
    """Wallaby cuts its round tokens from strips, a strip one outline of several circles: the box
    took a strip (22 x 50 mm, or 22 x 72 and left out) for a piece. Each circle counts."""
    game = GAMES["wallaby"]
    setup = game.random_setup(1, game.info.resolve(2, None, {}))
    document = build_kit(game, setup, PrintSettings(get_paper("a4")))
    discs = [(a, b) for a, b, _ in pieces(document) if abs(a - b) < 0.01 and a < 25]  # not tiles
    assert len(discs) == 5  # two score markers, two flat pawns, the scarecrow


@pytest.mark.parametrize("name", BOXED)
def test_the_words_on_a_box_stay_on_their_panel(name: str) -> None:
    """Amazon Penguins' front (22 mm tall) printed "seed 1" on the bottom flap, and Colour
    Diplomacy's "Diplomacy" filled its 20 mm front from fold to fold. Every word on the front and
    the back keeps 0.5 mm from the panel's folds and ends above its foot."""
    game = GAMES[name]
    setup = game.random_setup(1, game.info.resolve(None, None, {}))
    size = box_size(pieces(build_kit(game, setup, PrintSettings(get_paper("a4")))))
    net = Net(size)
    front, _, back, _, _, _ = net.columns()
    top, bottom = net.rows()
    drawing = draw_net(size, game.info.title, "seed 1")
    for op in (o for o in drawing.ops if isinstance(o, Text) and not o.angle):
        left = front if op.x < back else back
        half = text_width(op.text, op.size, op.bold) / 2
        assert left + 0.5 <= op.x - half and op.x + half <= left + size.width - 0.5, op.text
        assert top < op.y <= bottom - 0.5, op.text
