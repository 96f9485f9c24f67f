"""A verdict a designer reads without the manual: a komi whose interval holds 0 says no
compensation is needed, the terms are said in words under the verdict, the power line says how
many games a fair call needs, and tables wrap words rather than cut them."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.table import Table

from simulate.measure.compensation import Compensation
from simulate.measure.inference import wilson
from simulate.measure.komi import Komi, SeatGap
from simulate.report.terminal import whole_words
from simulate.report.wording import TERMS, games_for_fair, legend

SEATS = ["red", "blue"]


def komi_line(points: float, low: float, high: float, unit: str = "fish") -> str:
    komi = Komi(points, (low, high), 0.42, 0.5, 800, "setups", 20)
    return Compensation("end", unit, "", komi).text(SEATS)


@pytest.mark.parametrize(("points", "low", "high"), [(0.0, -0.5, 1.0), (-3.5, -15.0, 0.5)])
def test_a_komi_whose_interval_holds_0_is_no_compensation(
    points: float, low: float, high: float
) -> None:
    """The designer read "give blue 0 fish [-0.5, 1]" and "give blue -3.5 fish [-15, 0.5]"."""
    line = komi_line(points, low, high)
    assert line.startswith(f"komi: none needed, 0 is inside its interval [{low:g}, {high:g}] "
                           "fish for blue (95%, bootstrap over 20 setups); red's points share "
                           "42.0% without one")  # fmt: skip
    assert "give" not in line and "with it" not in line


def test_a_negative_komi_is_given_to_the_first_seat() -> None:
    assert komi_line(-2.5, -4.0, -1.0).startswith("komi: give red 2.5 fish [1, 4] (95%")
    assert komi_line(1.0, 0.5, 2.0, "points").startswith("komi: give blue 1 point [0.5, 2] (95%")


def test_seat_gaps_that_all_hold_0_are_no_compensation() -> None:
    gaps = (SeatGap(1, 10.0, 0.0, (0.0, 0.0)), SeatGap(2, 9.5, 0.5, (-0.4, 1.2)))
    line = Compensation("start", "plants", "a head start", seat_gaps=gaps).text(SEATS)
    assert line.startswith("to even the seats: none needed, no seat is shown to trail the best")
    shown = (gaps[0], SeatGap(2, 8.0, 2.0, (1.0, 3.0)))
    line = Compensation("start", "plants", "a head start", seat_gaps=shown).text(SEATS)
    assert line.startswith("to even the seats") and line.endswith("; a head start")


def test_a_fair_call_needs_the_games_whose_interval_at_one_half_fits_the_tolerance() -> None:
    """The default 200 games per setup can never call a setup fair at +-0.05: 381 can."""
    needed = games_for_fair(0.05)
    assert needed == 381
    inside = wilson(needed / 2, needed)
    assert inside[0] >= 0.45 and inside[1] <= 0.55
    outside = wilson((needed - 1) / 2, needed - 1)
    assert outside[0] < 0.45 or outside[1] > 0.55
    assert games_for_fair(0.1) < needed < games_for_fair(0.02)


def test_the_legend_says_each_term_the_lines_use_once() -> None:
    lines = ["first-seat advantage (its mean s - 1/2; 95% interval, the setup as the unit):",
             "  greedy: +0.010 [-0.030, +0.050], undetermined",
             "not settled: one agent level; mean s again"]  # fmt: skip
    words = legend(lines)
    named = [line.split(":")[0].strip() for line in words]
    assert named == ["mean s", "95% interval", "the setup as the unit", "undetermined",
                     "settled"]  # fmt: skip
    assert all(len(line) > 30 for line in words)
    assert [line.split(":")[0].strip() for line in legend(["95% interval, the game as the unit"])
            ] == ["95% interval", "the game as the unit"]  # fmt: skip
    assert {term for term, _ in TERMS} >= set(named)


def test_a_narrow_terminal_wraps_a_table_between_words_and_cuts_none() -> None:
    """The sweep table cut "handicapped" at 80 columns ("handicap…")."""
    table = Table(show_edge=False, pad_edge=False)
    for header in ("configuration", "games", "advantage [95%]", "reading", "seats shown",
                   "setups"):  # fmt: skip
        table.add_column(header)
    cells = ("players 3, variant standard, full-board no", "4000", "+0.123 [+0.100, +0.150]",
             "undetermined", "seat 1 handicapped, seat 2 favoured", "1/2/17")  # fmt: skip
    table.add_row(*cells)
    console = Console(width=80, record=True, file=None)
    with console.capture() as captured:
        console.print(whole_words(table))
    text = captured.get()
    assert "…" not in text
    words = {word.strip(",") for cell in cells for word in cell.split()}
    printed = {word.strip(",│┃") for word in text.split()}
    assert words <= printed, words - printed
