"""A sweep's configurations and readings (simulate/studies/sweep.py), checked against scipy."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from scipy import stats

from simulate.measure.inference import score_p, setup_level_p, wilson
from simulate.studies.ladder import Estimate
from simulate.studies.sweep import Configuration, SeatRow, SweepRow, configurations, with_readings


def test_configurations_are_the_product_first_name_slowest() -> None:
    found = configurations((("players", ("2", "3")), ("agents", ("random", "mcts:2x:0"))))
    assert [c.name for c in found] == [
        "players-2_agents-random", "players-2_agents-mcts-2x-0",
        "players-3_agents-random", "players-3_agents-mcts-2x-0",
    ]  # fmt: skip
    assert found[1].label == "players 2, agents mcts:2x:0"
    assert found[3].value("players") == "3" and found[3].value("size") is None


def test_the_tests_are_those_the_intervals_invert() -> None:
    means = [0.55, 0.61, 0.58, 0.66, 0.52]
    assert setup_level_p(means) == pytest.approx(stats.ttest_1samp(means, 0.5).pvalue)
    # no test from one setup, or from setups with no spread (test_verdict.py says what is shown)
    assert setup_level_p([0.6]) is None
    assert setup_level_p([0.5, 0.5]) is None and setup_level_p([0.7, 0.7]) is None
    z = (60 - 50) / math.sqrt(100 * 0.25)  # the score test: the variance at p = 1/2
    assert score_p(60, 100) == pytest.approx(2 * stats.norm.sf(z))
    low, _ = wilson(60, 100)  # 60 of 100: Wilson just excludes 1/2, the score test just rejects
    assert low > 0.5 and score_p(60, 100) < 0.05
    assert score_p(0, 0) == 1.0


def _row(mean: float, low: float, high: float, p_value: float, games: int = 100) -> SweepRow:
    return SweepRow(Configuration((("size", str(mean)),)), ("greedy", "greedy"), 10, 100, 100,
                    True, Estimate(mean, low, high, games), "setup", p_value, "undetermined",
                    (), None, 0.05, Path("x"))  # fmt: skip


def test_readings_fair_in_the_band_unfair_by_false_discovery_rate() -> None:
    rows = [
        _row(0.50, 0.47, 0.53, 0.9),  # inside 1/2 +- 0.05: fair
        _row(0.70, 0.62, 0.78, 0.001),  # rejected by Benjamini-Hochberg: unfair
        _row(0.56, 0.501, 0.62, 0.045),  # excludes 1/2 alone, not after BH over 3: undetermined
        _row(0.5, 0.0, 1.0, 1.0, games=0),
    ]
    read = with_readings(rows)
    assert [row.reading for row in read] == ["fair", "unfair", "undetermined", "no finished game"]
    alone = with_readings([rows[2]])  # the same row alone is unfair: the test is over the sweep
    assert alone[0].reading == "unfair"
    assert with_readings([replace(rows[1], tolerance=0.3)])[0].reading == "fair"


def _seats(*seats: tuple[str, float, float, float, float]) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(name, Estimate(mean, low, high, 100), p)
                 for name, mean, low, high, p in seats)  # fmt: skip


def test_a_configuration_of_more_players_is_read_on_every_seat() -> None:
    """Wallaby with 4 players favours yellow, the last seat (README, the default ladders), where
    the first seat, red, is handicapped or even. A sweep read the first seat alone (helper audit,
    2026-11-28), so a configuration whose red looked even read "fair" while yellow was clearly
    ahead. Every seat is tested now (Benjamini-Hochberg over every seat of every configuration;
    with two players the second seat mirrors the first, one test); a configuration is fair only
    when every seat is inside the band, unfair when any seat is shown off 1/2."""
    four = replace(_row(0.51, 0.48, 0.54, 0.5), seats=_seats(
        ("red", 0.51, 0.48, 0.54, 0.5), ("blue", 0.49, 0.46, 0.52, 0.5),
        ("green", 0.45, 0.42, 0.48, 0.001), ("yellow", 0.56, 0.53, 0.59, 0.0001)))  # fmt: skip
    two = replace(_row(0.50, 0.47, 0.53, 0.9), seats=_seats(
        ("red", 0.50, 0.47, 0.53, 0.9), ("blue", 0.50, 0.47, 0.53, 0.9)))  # fmt: skip
    read = with_readings([four, two])
    assert [row.reading for row in read] == ["unfair", "fair"]
    assert read[0].seat_readings == ("fair", "fair", "unfair", "unfair")
    assert read[0].shown == ("green handicapped", "yellow favoured")
    assert read[1].shown == ()


def test_two_players_name_the_first_seat_alone() -> None:
    two = replace(_row(0.70, 0.62, 0.78, 0.001), seats=_seats(
        ("light", 0.70, 0.62, 0.78, 0.001), ("dark", 0.30, 0.22, 0.38, 0.001)))  # fmt: skip
    (read,) = with_readings([two])
    assert read.reading == "unfair" and read.shown == ("light favoured",)
