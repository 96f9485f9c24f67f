"""A seat's advantage in a run, and its one reading (issue 17; README, "The verdict").

The estimate (`seat_of`): a seat's mean s with its 95% interval. When the run judged its setups
and they give an interval (two or more setups that do not all share one mean), the setup is the
unit: a t interval over the setups' means (simulate/measure/setups.py `OverSetups`), widened to hold
Wilson's interval over the games, so that setups that happen to agree never give an interval
narrower than their games could; otherwise each game is the unit (Wilson). The reading
(`seat_verdict`), shared by the verdict (simulate/report/verdict.py) and the sweep
(simulate/studies/sweep.py): fair (even) inside 1/2 +- tolerance, unfair (favoured or handicapped)
when an advantage is shown, else undetermined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simulate.measure.inference import score_p
from simulate.measure.setups import FAIR, UNDETERMINED, UNFAIR, OverSetups, SetupsVerdict
from simulate.report.summary import RunResult
from simulate.scoring.metrics import shown_balanced


@dataclass(frozen=True)
class FirstSeat:
    """A seat's mean s (the first seat's, unless said) with its 95% interval, the independent
    units it rests on, and the p-value of the test of 1/2 the interval inverts."""

    mean: float
    low: float
    high: float
    units: int
    unit: str  # "setups" or "games"
    p_value: float

    def text(self) -> str:
        """`+0.083 [+0.081, +0.086]`, or that nothing was measured (no finished game)."""
        if not self.units:
            return "no finished game, so no advantage measured"
        return f"{self.mean - 0.5:+.3f} [{self.low - 0.5:+.3f}, {self.high - 0.5:+.3f}]"

    def to_json(self) -> dict[str, Any]:
        measured = self.units > 0
        return {
            "mean_s": round(self.mean, 6) if measured else None,
            "ci95": [round(self.low, 6), round(self.high, 6)] if measured else None,
            "advantage": round(self.mean - 0.5, 6) if measured else None,
            "units": self.units,
            "unit": self.unit,
        }


def seat_of(result: RunResult, setups: SetupsVerdict | None, seat: int = 0) -> FirstSeat:
    """A seat's mean s in a run (`widened`, from the run's tally and its judged setups)."""
    tally = result.measures.tally
    over = setups.by_setup[seat] if setups is not None and setups.by_setup else None
    return widened(tally.seats[seat].mean_s, float(tally.seats[seat].s_sum), tally.finished, over)


def widened(
    by_games: tuple[float, float, float], s_sum: float, finished: int, over: OverSetups | None
) -> FirstSeat:
    """A seat's mean s over its setups (`over`) when they give an interval, widened to hold its
    games' Wilson interval `by_games` (mean, low, high; see the module docstring), with the
    larger of the two tests' p-values, as the interval is the union of the two; else over its
    `finished` games (Wilson, the score test of `s_sum`)."""
    mean, low, high = by_games
    by_games_p = score_p(s_sum, finished)
    if over is not None and over.ci95 is not None and over.p_value is not None:
        setup_low, setup_high = over.ci95
        return FirstSeat(over.mean, min(low, setup_low), max(high, setup_high), over.setups,
                         "setups", max(over.p_value, by_games_p))  # fmt: skip
    return FirstSeat(mean, low, high, finished, "games", by_games_p)


def first_seat_of(result: RunResult, setups: SetupsVerdict | None) -> FirstSeat:
    """The first seat's mean s of a run (`seat_of`)."""
    return seat_of(result, setups, 0)


def seat_verdict(low: float, high: float, tolerance: float, shown: bool | None = None) -> str:
    """The one reading of a seat's advantage from its 95% interval of mean s, for the verdict and
    the sweep alike, in the words of the setups' verdicts (simulate/measure/setups.py): fair when
    the interval lies inside 1/2 +- tolerance (the equivalence test of `--fair`), else unfair when
    an advantage is shown (`shown`: by default, the interval leaves 1/2 out; a sweep passes its test
    at a 5% false-discovery rate over its configurations), else undetermined."""
    if shown_balanced([(low, high)], tolerance):
        return FAIR
    if shown is None:
        shown = low > 0.5 or high < 0.5
    return UNFAIR if shown else UNDETERMINED


def first_seat_reading(seat: FirstSeat, tolerance: float) -> str:
    """A seat's reading (`seat_verdict`) in words: even / favoured / handicapped / undetermined."""
    if not seat.units:
        return "undetermined"
    verdict = seat_verdict(seat.low, seat.high, tolerance)
    if verdict == FAIR:
        shown = seat.low > 0.5 or seat.high < 0.5
        smaller = "; an advantage smaller than that is shown" if shown else ""
        return f"even: the interval lies inside 1/2 +- {tolerance:g}{smaller}"
    if verdict == UNFAIR:
        side = "favoured" if seat.low > 0.5 else "handicapped"
        return f"{side}: the interval leaves no advantage out"
    return f"undetermined: the interval holds both no advantage and one beyond +-{tolerance:g}"


@dataclass(frozen=True)
class SeatLine:
    """One seat of a level of a game of three or more players: its name, advantage, reading."""

    name: str
    seat: FirstSeat
    reading: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.name, **self.seat.to_json(), "reading": self.reading}


def seat_lines(seats: Sequence[FirstSeat], seat_names: Sequence[str],
               tolerance: float) -> tuple[SeatLine, ...]:  # fmt: skip
    """Every seat of a level, read, when there are three or more: with two, the second seat's
    mean s is 1 minus the first's, so the first seat says it all."""
    if len(seats) < 3:
        return ()
    return tuple(SeatLine(name, seat, first_seat_reading(seat, tolerance))
                 for name, seat in zip(seat_names, seats, strict=True))  # fmt: skip
