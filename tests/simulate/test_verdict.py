"""The verdict's claims (simulate/verdict.py): never more than the interval shows."""

from __future__ import annotations

from simulate.verdict import FirstSeat, first_seat_reading


def _seat(mean: float, low: float, high: float) -> FirstSeat:
    return FirstSeat(mean, low, high, 100, "games")


def test_fair_only_when_the_interval_lies_inside_the_band() -> None:
    assert first_seat_reading(_seat(0.5, 0.46, 0.54), 0.05).startswith("even")
    assert first_seat_reading(_seat(0.5, 0.44, 0.54), 0.05).startswith("undetermined")
    assert first_seat_reading(_seat(0.6, 0.52, 0.68), 0.05).startswith("favoured")
    assert first_seat_reading(_seat(0.4, 0.32, 0.48), 0.05).startswith("handicapped")
