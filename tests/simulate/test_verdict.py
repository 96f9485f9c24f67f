"""The verdict's claims (simulate/report/verdict.py): never more than the interval shows."""

from __future__ import annotations

from pathlib import Path

from simulate.measure.inference import setup_level_interval, setup_level_p
from simulate.measure.setups import SeatCounts, SetupCounts, SetupMeasures, judge_setups, spread
from simulate.report.advantage import FirstSeat, first_seat_reading, seat_verdict
from simulate.report.terminal import setup_lines
from tests.support.cli import balance_run


def _seat(mean: float, low: float, high: float) -> FirstSeat:
    return FirstSeat(mean, low, high, 100, "games", 1.0)


def test_fair_only_when_the_interval_lies_inside_the_band() -> None:
    assert first_seat_reading(_seat(0.5, 0.46, 0.54), 0.05).startswith("even")
    assert first_seat_reading(_seat(0.5, 0.44, 0.54), 0.05).startswith("undetermined")
    assert first_seat_reading(_seat(0.6, 0.52, 0.68), 0.05).startswith("favoured")
    assert first_seat_reading(_seat(0.4, 0.32, 0.48), 0.05).startswith("handicapped")


def test_an_advantage_inside_the_band_is_even_and_said_to_be_shown() -> None:
    """One reading for the verdict and the sweep (`seat_verdict`): an interval inside the band
    is fair (even) even when it leaves 1/2 out, as a setup's verdict is."""
    assert seat_verdict(0.51, 0.54, 0.05) == "fair"
    reading = first_seat_reading(_seat(0.525, 0.51, 0.54), 0.05)
    assert reading.startswith("even") and "smaller than that is shown" in reading
    assert seat_verdict(0.52, 0.58, 0.05) == "unfair"
    assert seat_verdict(0.52, 0.58, 0.05, shown=False) == "undetermined"  # a sweep's FDR
    assert seat_verdict(0.44, 0.54, 0.05) == "undetermined"


def test_a_setup_interval_with_no_spread_or_one_setup_cannot_be_estimated() -> None:
    assert setup_level_interval([0.7, 0.7]) == (0.7, None)
    assert setup_level_interval([0.6]) == (0.6, None)
    assert setup_level_p([0.7, 0.7]) is None and setup_level_p([0.6]) is None
    mean, interval = setup_level_interval([0.6, 0.7, 0.8])
    assert interval is not None and interval[0] < mean < interval[1]


def _setup(index: int, first_wins: int, games: int) -> SetupCounts:
    s = float(first_wins)
    seats = (SeatCounts(first_wins, 0, s, s), SeatCounts(games - first_wins, 0, games - s,
                                                          games - s))  # fmt: skip
    return SetupCounts(index, str(index), games, games, seats)


def test_setups_all_at_one_mean_say_their_interval_cannot_be_estimated() -> None:
    tallies = [_setup(0, 4, 4), _setup(1, 4, 4)]  # the first seat won every game of both
    measures = SetupMeasures(4, (1.0, 0.5, 1.0), (0.0, 0.0, 0.5), (0.0, 0.0, 0.5), 10.0, None, None)
    verdict = judge_setups(tallies, [measures] * 2)
    assert verdict.first_seat.ci95 is None
    assert spread(verdict)["first_seat_mean_s_by_setup"] == {"mean": 1.0, "ci95": None}
    line = next(line for line in setup_lines(verdict) if line.startswith("all setups"))
    assert "[" not in line and "cannot be estimated from 2 setups" in line, line


def test_the_verdict_of_three_players_reads_every_seat(tmp_path: Path) -> None:
    summary, out = balance_run(tmp_path, "penguins", 2, "--players", "3", "--setups", "2",
                               "--games-per-setup", "3")  # fmt: skip
    (level,) = summary["verdict"]["levels"]
    seats = level["seats"]
    assert [seat["seat"] for seat in seats] == ["red", "blue", "green"]
    assert seats[0]["mean_s"] == level["first_seat"]["mean_s"]
    assert abs(sum(seat["advantage"] for seat in seats)) < 1e-5  # mean s sums to N/2
    verdict = out[out.index("Verdict: Penguins") :]
    assert "seat advantage (each seat's mean s - 1/2" in verdict
    for seat in seats:
        assert f"    {seat['seat']}: {seat['advantage']:+.3f}" in verdict
