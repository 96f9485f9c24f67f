"""The setups chart of a balance with many setups must stay a chart, not a file of a mark per
setup (issue 18: a balance of 10^6 setups must finish).

It did not: each setup's interval, cap and diamond was a vector path in charts/setups.svg and
report.pdf, so 2 x 10^5 setups wrote an SVG of 125 MB in some 50 s. Above `RASTER` setups the
marks are drawn as one image (the axes, legend and words stay vector); below it the chart is as
before, every mark a vector path.
"""

from __future__ import annotations

import io

from matplotlib.figure import Figure

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.measure.setups import setup_fairness
from simulate.report.charts import RASTER, _setups_chart
from simulate.report.summary import RunFolds
from simulate.run.runner import GameRecord, RunPlan

RANKS = ((1, 2), (2, 1), (1, 2), (1, 1))


def chart(setups: int) -> Figure:
    """The setups chart of a made-up Amazons balance of `setups` setups, 4 games each."""
    info = get_game("amazons").info
    plan = RunPlan("amazons", info.resolve(None, None, {"size": "6"}), ("random", "random"), 1,
                   4 * setups, random_setups=setups)  # fmt: skip
    folds = RunFolds(plan, per_setup=True)
    for index in range(plan.games):
        setup = index % setups
        folds.add(GameRecord(index, setup, str(setup), index, 0, plan.agents, None,
                             RANKS[(7 * index + setup) % 4], 30, Outcome.FINISHED))  # fmt: skip
    verdict = setup_fairness(folds.result(True).setups)
    assert verdict is not None
    return _setups_chart(verdict)


def marks(drawn: bytes) -> int:
    """Vector marks in an SVG (matplotlib defines a marker once and places it by `use`)."""
    return drawn.count(b'<use xlink:href="#m')


def svg(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def test_a_chart_of_many_setups_draws_their_marks_as_one_image() -> None:
    drawn = svg(chart(3 * RASTER))
    assert 0 < drawn.count(b"<image") <= 2  # the intervals and the diamonds
    assert marks(drawn) < 40, "a vector mark per setup"  # the legend's
    assert len(drawn) < 300_000, f"{len(drawn):,} bytes"


def test_a_chart_of_few_setups_keeps_every_mark_vector() -> None:
    drawn = svg(chart(40))
    assert b"<image" not in drawn
    assert marks(drawn) >= 3 * 40  # a dot, caps and a diamond per setup
