"""The words every report of a run shares: its options, its percentages, the power of its
per-setup test (the terminal, the verdict and report.pdf say them alike)."""

from __future__ import annotations

from pnp.games.options import GameOptions
from simulate.measure.setups import SetupsVerdict


def options_text(options: GameOptions) -> str:
    """Every option as the user gives it: `players 2, variant standard, size 6`."""
    return ", ".join(f"{name} {value}" for name, value in options.to_json().items())


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def power_line(verdict: SetupsVerdict) -> str:
    """The power of a run's per-setup test: the smallest first-seat share it detects."""
    detectable = pct(1 / len(verdict.setups[0].wins) + verdict.detectable_share)
    return (f"power: with {verdict.decisive_per_setup:.0f} decisive games per setup, a setup's "
            f"test detects (80%) a first seat winning {detectable} of them or more")  # fmt: skip
