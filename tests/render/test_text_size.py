"""Every text a kit prints is at least 2 mm tall (cap height) on every page (issue 38).

Two millimetres of cap height (about 8 pt) is the floor for reading at arm's length on a table;
the kits printed token names, pack-card labels, order-pad reminders, tally numbers and board
labels at 1.45-1.7 mm. Every text of every kit (every player count, variant and printed option,
A4 and Letter, with the calibration page) is measured from the Drawing display list: its em
size times the Vera font's cap height.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pnp.kits import build_kit
from pnp.render.drawing import CAP_HEIGHT, Drawing, Place, Text
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.kits import Config, default_configs, option_configs, setup_of

MIN_CAP = 2.0  # mm


def texts(drawing: Drawing) -> Iterator[Text]:
    for op in drawing.ops:
        if isinstance(op, Place):
            yield from texts(op.drawing)
        elif isinstance(op, Text) and op.text.strip():
            yield op


def test_the_measure_finds_a_small_text() -> None:
    drawing = Drawing(20, 20)
    inner = Drawing(10, 10)
    inner.text(1, 5, "tiny", 2.6)
    drawing.place(inner, 2, 2)
    assert [round(t.size * CAP_HEIGHT, 2) for t in texts(drawing)] == [1.9]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "config", default_configs() + option_configs(), ids=lambda c: "-".join(map(str, c[:3]))
)
def test_every_text_is_at_least_2_mm_tall(config: Config, paper: str) -> None:
    from pnp.games import GAMES

    game = GAMES[config[0]]
    document = build_kit(game, setup_of(config, 1), PrintSettings(get_paper(paper)), True)
    small = {
        f"page {number} {page.title}: {text.text[:40]!r} {text.size * CAP_HEIGHT:.2f} mm"
        for number, page in enumerate(document.finished(), 1)
        for text in texts(page.drawing)
        if text.size * CAP_HEIGHT < MIN_CAP - 1e-9
    }
    assert not small, f"{len(small)} texts under {MIN_CAP} mm:\n" + "\n".join(sorted(small))
